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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,play_cp mercenaries_bribed,move_from edirne,add_unit regular,move_to varna,raise_cavalry edirne,raise_cavalry durazzo,play_cp knights_of_st_john,buy_mercenary naples,buy_mercenary navarre,play_event landsknechts,place_at bristol,place_at york,play_cp andrea_doria,build_squadron bordeaux,control pavia,raise_regular brest,play_cp leipzig_debate,build_st_peters,buy_mercenary ravenna,move_from ravenna,add_unit regular,add_unit mercenary,add_unit regular,move_to modena,decline,play_cp revolt_in_ireland,translate_scripture german,commit_debater melanchthon,translate_scripture english,translate_scripture english,play_cp janissaries,raise_cavalry istanbul,raise_cavalry sofia,raise_cavalry nicopolis,raise_cavalry larissa,naval_move,naval_from_port istanbul,add_ship squadron,naval_to_sea aegean_sea,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,done,play_event barbary_pirates,raise_regular palermo,play_cp peasants_war,raise_regular lincoln,move_from bristol,add_unit regular,move_to portsmouth,play_cp mercenaries_grow_restless,raise_regular dijon,play_cp printing_press,burn_books italian,target brandenburg,target leipzig,burn_books spanish,commit_debater cajetan,target kassel,target wittenberg,target stettin,naval_move,done,play_event master_of_italy,translate_scripture english,translate_scripture english,play_cp siege_mining,build_corsair istanbul,play_cp foul_weather,build_squadron corunna,play_cp six_wives_of_henry_viii,naval_move,naval_from_port portsmouth,add_ship squadron,naval_to_sea english_channel,naval_from_port london,add_ship squadron,naval_to_sea north_sea,done,move_from bristol,add_unit mercenary,move_to shrewsbury,buy_mercenary lincoln,buy_mercenary york,buy_mercenary norwich,play_cp siege_artillery,buy_mercenary st_quentin,play_event foreign_recruits,raise_regular ravenna,build_squadron rome,play_cp sack_of_rome,publish_treatise german,target lubeck,target prague,publish_treatise italian,target brunswick,target kassel,translate_scripture english,play_event defender_of_the_faith,target wittenberg,target brunswick,target lubeck,raise_cavalry salonika,move_from sofia,add_unit cavalry,move_to nezh,play_cp holy_roman_emperor,build_squadron malta,build_squadron taranto,done,pass,play_event patron_of_the_arts,play_cp arquebusiers,buy_mercenary rome,pass,pass,pass,play_cp sebastian_cabot,move_from lincoln,add_unit mercenary,move_to york,play_cp trace_italienne,raise_regular nantes,buy_mercenary grenoble,pass,play_cp diplomatic_marriage,translate_scripture german,translate_scripture english,target nuremberg,commit_debater bucer,target brunswick,target prague,target breslau,target hamburg,target kassel,publish_treatise english,target brunn,target linz,done,pass,pass,pass,pass,pass,pass,winter_to coron,winter_to plymouth,winter_to norwich,done,add_unit regular,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,add_unit regular,winter_to istanbul,add_unit cavalry,winter_to scutari,add_unit cavalry,winter_to salonika,add_unit cavalry,winter_to scutari,add_unit cavalry,winter_to edirne,add_unit regular,winter_to istanbul,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0x4cf8aff0081c0252;

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
