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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,decline,play_event landsknechts,place_at bristol,place_at york,decline,decline,decline,decline,play_cp siege_mining,raise_cavalry durazzo,decline,decline,decline,decline,decline,play_event knights_of_st_john,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_event six_wives_of_henry_viii,decline,decline,decline,decline,decline,declare_war france,buy_mercenary berwick,buy_mercenary plymouth,buy_mercenary calais,buy_mercenary shrewsbury,done,decline,decline,decline,decline,decline,play_cp andrea_doria,move_from marseille,add_unit regular,move_to avignon,decline,decline,decline,decline,decline,raise_regular rouen,buy_mercenary boulogne,buy_mercenary toulouse,decline,decline,decline,decline,decline,play_cp printing_press,raise_regular rome,buy_mercenary rome,raise_regular rome,decline,decline,decline,decline,decline,play_cp revolt_in_ireland,translate_scripture english,publish_treatise english,target prague,target mainz,decline,decline,decline,decline,decline,decline,play_event janissaries,decline,decline,decline,decline,decline,place_at salonika,place_at durazzo,place_at salonika,place_at durazzo,decline,decline,decline,decline,decline,play_event barbary_pirates,raise_regular barcelona,decline,decline,decline,decline,decline,play_event peasants_war,decline,decline,decline,decline,decline,place_unrest linz,place_unrest innsbruck,place_unrest leipzig,place_unrest regensburg,place_unrest bremen,decline,decline,decline,decline,decline,play_cp siege_artillery,buy_mercenary st_quentin,decline,decline,decline,decline,decline,play_cp arquebusiers,control siena,decline,decline,decline,decline,decline,play_event master_of_italy,translate_scripture english,remove_unrest regensburg,decline,decline,decline,decline,decline,play_event defender_of_the_faith,target wittenberg,target brandenburg,target stettin,raise_regular scutari,decline,decline,decline,decline,decline,play_event holy_roman_emperor,decline,decline,decline,decline,decline,place_at cartagena,decline,decline,decline,decline,decline,raise_regular gibraltar,raise_regular besancon,buy_mercenary trieste,decline,decline,decline,decline,decline,pass";
const STATE_HASH: u64 = 0x7168b74f99b3731d;

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
