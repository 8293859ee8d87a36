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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_cp mercenaries_bribed,raise_regular edirne,move_from edirne,add_unit regular,move_to salonika,play_event barbary_pirates,build_squadron antwerp,play_cp peasants_war,raise_regular berwick,buy_mercenary norwich,play_cp venetian_alliance,control pavia,raise_regular avignon,buy_mercenary lyon,play_cp printing_press,move_from ravenna,add_unit regular,move_to ancona,move_from ancona,add_unit regular,move_to rome,burn_books german,target magdeburg,target brandenburg,naval_move,done,play_event master_of_italy,publish_treatise german,target nuremberg,decline,target prague,play_cp siege_mining,build_corsair coron,play_cp holy_roman_emperor,build_squadron malta,build_squadron taranto,buy_mercenary corunna,play_cp landsknechts,buy_mercenary portsmouth,play_cp siege_artillery,buy_mercenary nantes,play_cp foreign_recruits,move_from rome,add_unit regular,move_to siena,move_from rome,add_unit regular,move_to ancona,raise_regular ancona,play_cp revolt_in_ireland,call_debate german,flip brandenburg,play_event defender_of_the_faith,target nuremberg,target prague,target wittenberg,build_corsair algiers,raise_cavalry scutari,play_cp knights_of_st_john,buy_mercenary vienna,buy_mercenary zaragoza,play_cp six_wives_of_henry_viii,raise_regular shrewsbury,raise_regular bristol,buy_mercenary bristol,play_cp andrea_doria,control modena,raise_regular dijon,move_from st_dizier,add_unit regular,move_to st_quentin,decline,buy_mercenary bordeaux,play_cp leipzig_debate,burn_books german,commit_debater tetzel,target leipzig,target stettin,done,play_cp diplomatic_marriage,call_debate german,defender_from uncommitted,flip lubeck,flip nuremberg,flip regensburg,flip linz,publish_treatise french,target mainz,commit_debater bucer,target brunswick,play_cp janissaries,build_corsair salonika,move_from edirne,add_unit regular,move_to varna,raise_cavalry bucharest,raise_regular nezh,play_cp foul_weather,raise_regular granada,pass,play_cp mercenaries_grow_restless,build_squadron nantes,play_cp arquebusiers,move_from siena,add_unit regular,move_to florence,retreat_to siena,pass,pass,pass,play_cp sebastian_cabot,move_from bristol,add_unit mercenary,move_to plymouth,play_cp patron_of_the_arts,move_from dijon,add_unit regular,move_to paris,naval_move,naval_from_port nantes,add_ship squadron,naval_to_sea bay_of_biscay,naval_from_port rouen,add_ship squadron,naval_to_sea english_channel,done,move_from bordeaux,add_unit regular,move_to nantes,move_from paris,add_leader francis_i,move_to st_dizier,add_unit regular,decline,buy_mercenary lyon,pass,play_cp sack_of_rome,translate_scripture german,translate_scripture english,publish_treatise italian,target hamburg,target mainz,translate_scripture german,pass,play_cp spring_preparations,raise_regular corunna,move_from valladolid,add_unit regular,add_unit regular,add_unit regular,add_unit regular,move_to corunna,pass,pass,pass,pass,pass,pass,winter_to nantes,winter_to boulogne,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit cavalry,winter_to edirne,add_unit regular,winter_to istanbul,add_unit regular,winter_to edirne,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0xcc05e1d54cad1231;

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
