//! A golden game: the same seed and the same actions give the same game on
//! every platform. The first 200 decisions of seed 2024 (1517), chosen by a
//! fixed rule from the legal actions, and the state they reach are pinned.
//! A change to the rules that changes this game must update the pins
//! consciously: run `GOLDEN_PRINT=1 cargo test --test golden -- --nocapture`.

use here_i_stand::*;

/// FNV-1a, 64 bits: a stable hash of the game's debug text.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// Plays `n` decisions, taking action `(step * 7 + 3) % len` each time.
fn golden(n: usize) -> (Vec<String>, Game) {
    let mut game = Game::new(Setup::new(Scenario::Y1517, 2024));
    let mut played = Vec::new();
    for step in 0..n {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = actions[(step * 7 + 3) % actions.len()];
        game.apply(action).expect("a listed action applies");
        played.push(action.to_string());
    }
    (played, game)
}

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,decline,play_event landsknechts,place_at bristol,place_at york,decline,decline,decline,decline,play_cp siege_mining,raise_cavalry durazzo,decline,decline,decline,decline,decline,play_cp foul_weather,raise_regular messina,decline,decline,decline,decline,decline,play_cp six_wives_of_henry_viii,build_squadron norwich,move_from london,add_leader henry_viii,move_to portsmouth,decline,decline,decline,decline,decline,raise_regular london,decline,decline,decline,decline,decline,play_cp venetian_alliance,raise_regular rouen,buy_mercenary boulogne,done,decline,decline,decline,decline,decline,play_cp leipzig_debate,build_squadron ancona,move_from ravenna,add_unit regular,move_to modena,decline,decline,decline,decline,decline,add_unit regular,decline,decline,decline,decline,decline,decline,play_cp sack_of_rome,publish_treatise english,target munster,target amsterdam,publish_treatise french,target mainz,decline,target cologne,translate_scripture french,decline,decline,decline,decline,decline,play_cp janissaries,raise_cavalry lepanto,raise_regular salonika,raise_cavalry durazzo,raise_cavalry coron,decline,decline,decline,decline,decline,play_event holy_roman_emperor,decline,decline,decline,decline,decline,decline,control basel,raise_regular antwerp,raise_regular cerignola,decline,decline,decline,decline,decline,play_cp sebastian_cabot,move_from bristol,add_unit mercenary,add_unit regular,move_to london,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_cp siege_artillery,buy_mercenary dijon,decline,decline,decline,decline,decline,play_cp foreign_recruits,buy_mercenary ancona,control modena,burn_books german,commit_debater cajetan,target magdeburg,target leipzig,target kassel,decline,decline,decline,decline,decline,play_event master_of_italy,done,decline,decline,decline,decline,decline,play_event defender_of_the_faith,target magdeburg,target leipzig,target brandenburg,raise_cavalry scutari,move_from istanbul,add_leader ibrahim,add_unit regular,add_unit cavalry,add_unit regular,move_to edirne,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_cp knights_of_st_john,raise_regular besancon,decline,decline,decline";
const STATE_HASH: u64 = 0xe69915b4d2e2c444;

#[test]
fn golden_game() {
    let (played, game) = golden(200);
    let text = played.join(",");
    let hash = fnv(&format!("{game:?}"));
    if std::env::var_os("GOLDEN_PRINT").is_some() {
        println!("const FIRST_ACTIONS: &str = \"{text}\";\nconst STATE_HASH: u64 = {hash:#x};");
    }
    assert_eq!(played.len(), 200);
    assert_eq!(text, FIRST_ACTIONS);
    assert_eq!(hash, STATE_HASH);
    // Replaying the same actions by text gives the same game.
    let mut replay = Game::new(Setup::new(Scenario::Y1517, 2024));
    for action in played {
        replay.apply(action.parse().expect("notation")).expect("applies");
    }
    assert_eq!(replay, game);
}
