//! A golden game: the same seed and the same actions give the same game on
//! every platform. The first 200 decisions of seed 2024 (1517), chosen by a
//! fixed rule from the legal actions, and the state they reach are pinned.
//! A change to the rules that changes this game must update the pins
//! consciously: run `GOLDEN_PRINT=1 cargo test --test suite golden:: -- --nocapture`.

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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,decline,play_event landsknechts,place_at bristol,place_at york,decline,decline,decline,decline,play_cp siege_mining,raise_cavalry durazzo,decline,decline,decline,decline,decline,play_event knights_of_st_john,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_event peasants_war,decline,decline,decline,decline,decline,place_unrest cologne,place_unrest erfurt,place_unrest innsbruck,place_unrest magdeburg,place_unrest strasburg,decline,decline,decline,decline,decline,play_cp andrea_doria,raise_regular orleans,buy_mercenary avignon,buy_mercenary lyon,buy_mercenary marseille,decline,decline,decline,decline,decline,play_cp printing_press,buy_mercenary ancona,move_from ravenna,add_unit regular,move_to ancona,decline,decline,decline,decline,decline,done,decline,decline,decline,decline,decline,play_cp sack_of_rome,remove_unrest magdeburg,publish_treatise italian,commit_debater carlstadt,target mainz,target prague,target linz,translate_scripture german,remove_unrest strasburg,decline,decline,decline,decline,decline,play_cp janissaries,raise_regular larissa,move_from athens,add_unit regular,move_to larissa,play_event foul_weather,move_from larissa,add_unit regular,move_to athens,decline,decline,decline,decline,decline,move_from salonika,add_unit regular,move_to edirne,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_cp holy_roman_emperor,raise_regular taranto,raise_regular oran,buy_mercenary gibraltar,decline,decline,decline,decline,decline,play_cp six_wives_of_henry_viii,build_squadron portsmouth,build_squadron berwick,buy_mercenary carlisle,decline,decline,decline,decline,decline,play_cp patron_of_the_arts,buy_mercenary marseille,buy_mercenary toulouse,build_squadron rouen,move_from orleans,add_unit regular,move_to lyon,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_event foreign_recruits,decline,decline,decline,decline,decline,buy_mercenary rome,raise_regular rome,buy_mercenary ravenna,decline,decline,decline,decline,decline,play_cp diplomatic_marriage,call_debate german,flip trier,remove_unrest erfurt,done,decline,decline,decline,decline,decline,play_event defender_of_the_faith,target magdeburg,target prague";
const STATE_HASH: u64 = 0x4486e7aea219451f;

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
