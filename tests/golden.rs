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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_event defender_of_the_faith,target stettin,target magdeburg,target leipzig,raise_cavalry scutari,raise_cavalry durazzo,play_cp spring_preparations,build_squadron messina,move_from brussels,add_unit regular,move_to st_quentin,add_leader francis_i,decline,decline,play_cp peasants_war,buy_mercenary bristol,buy_mercenary portsmouth,buy_mercenary portsmouth,play_cp andrea_doria,raise_regular brest,raise_regular dijon,move_from marseille,add_unit regular,move_to avignon,play_cp foreign_recruits,buy_mercenary rome,burn_books german,target magdeburg,target kassel,control siena,play_event master_of_italy,publish_treatise italian,target brunswick,target bremen,play_event janissaries,place_at salonika,place_at durazzo,place_at salonika,place_at durazzo,play_cp knights_of_st_john,raise_regular innsbruck,play_cp six_wives_of_henry_viii,raise_regular wales,raise_regular london,done,play_event patron_of_the_arts,discard gout,play_cp printing_press,raise_regular ancona,buy_mercenary ravenna,burn_books spanish,commit_debater tetzel,target brunswick,target brandenburg,play_cp diplomatic_marriage,publish_treatise italian,target brunswick,target breslau,publish_treatise spanish,target nuremberg,commit_debater bucer,target kassel,translate_scripture german,pass,play_cp foul_weather,control basel,buy_mercenary linz,play_cp landsknechts,buy_mercenary shrewsbury,play_cp mercenaries_grow_restless,move_from milan,add_unit regular,move_to trent,move_from st_dizier,add_unit regular,move_to st_quentin,add_unit regular,decline,decline,decline,lose_unit regular,play_cp leipzig_debate,buy_mercenary ravenna,buy_mercenary ravenna,buy_mercenary ancona,play_cp revolt_in_ireland,publish_treatise english,target kassel,target brunswick,done,pass,play_event holy_roman_emperor,place_at granada,build_squadron naples,build_squadron tripoli,move_from seville,add_unit regular,move_to cordoba,play_cp sebastian_cabot,move_from bristol,add_unit mercenary,move_to plymouth,play_cp siege_artillery,move_from rouen,add_unit regular,move_to boulogne,add_unit regular,decline,play_cp arquebusiers,naval_move,naval_from_port rome,add_ship squadron,naval_to_sea tyrrhenian_sea,done,play_cp sack_of_rome,publish_treatise italian,target prague,target linz,publish_treatise spanish,target lubeck,target stettin,done,play_cp siege_mining,naval_move,naval_from_port athens,add_ship squadron,naval_to_sea aegean_sea,naval_from_port istanbul,add_ship squadron,naval_to_sea aegean_sea,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,done,play_event barbary_pirates,raise_regular cartagena,pass,play_cp treachery,raise_regular st_dizier,move_from st_dizier,add_unit regular,move_to dijon,naval_move,naval_from_port rouen,add_ship squadron,naval_to_sea english_channel,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,done,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,decline,buy_mercenary lyon,pass,pass,pass,pass,pass,play_cp venetian_alliance,buy_mercenary orleans,raise_regular nantes,move_from trent,add_unit regular,move_to milan,pass,pass,play_cp mercenaries_bribed,naval_move,naval_from_sea aegean_sea,add_ship squadron,naval_to_port istanbul,naval_from_sea aegean_sea,add_ship squadron,naval_to_port istanbul,naval_from_sea aegean_sea,add_ship squadron,naval_to_port coron,done,build_squadron istanbul,pass";
const STATE_HASH: u64 = 0x982d3d140b04b571;

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
