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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_cp mercenaries_bribed,raise_regular edirne,move_from edirne,add_unit regular,move_to salonika,play_event barbary_pirates,build_squadron antwerp,play_cp peasants_war,raise_regular berwick,buy_mercenary norwich,play_cp venetian_alliance,control pavia,raise_regular avignon,buy_mercenary lyon,play_cp printing_press,move_from ravenna,add_unit regular,move_to ancona,move_from ancona,add_unit regular,move_to rome,burn_books german,target magdeburg,target brandenburg,naval_move,done,play_event master_of_italy,publish_treatise german,target nuremberg,decline,target prague,play_cp siege_mining,move_from salonika,add_unit regular,move_to edirne,play_cp knights_of_st_john,naval_move,naval_from_port naples,add_ship squadron,naval_to_sea tyrrhenian_sea,naval_from_port antwerp,add_ship squadron,naval_to_sea north_sea,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,naval_from_port seville,add_ship squadron,naval_to_sea atlantic_ocean,done,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,move_from brussels,add_unit regular,move_to st_dizier,add_unit regular,decline,add_unit regular,move_to paris,decline,decline,lose_unit regular,play_cp six_wives_of_henry_viii,raise_regular berwick,raise_regular plymouth,buy_mercenary carlisle,play_cp siege_artillery,buy_mercenary marseille,play_cp leipzig_debate,call_debate german,flip magdeburg,flip nuremberg,play_cp revolt_in_ireland,translate_scripture french,translate_scripture english,translate_scripture english,play_cp janissaries,raise_regular larissa,move_from salonika,add_unit regular,move_to edirne,build_squadron scutari,play_cp spring_preparations,raise_regular cagliari,buy_mercenary palma,play_cp sebastian_cabot,move_from bristol,add_unit regular,move_to portsmouth,play_cp patron_of_the_arts,raise_regular lyon,raise_regular toulouse,control modena,play_cp foreign_recruits,burn_books english,target brandenburg,target stettin,burn_books italian,target prague,target kassel,play_cp sack_of_rome,publish_treatise german,target magdeburg,target prague,publish_treatise italian,target brunswick,target lubeck,translate_scripture english,play_event defender_of_the_faith,target wittenberg,target erfurt,target leipzig,move_from athens,add_unit regular,move_to larissa,raise_cavalry sofia,play_cp holy_roman_emperor,raise_regular trieste,raise_regular palma,buy_mercenary malta,pass,play_cp andrea_doria,buy_mercenary toulouse,build_squadron rouen,move_from lyon,add_unit mercenary,move_to geneva,add_unit regular,decline,buy_mercenary marseille,play_cp arquebusiers,buy_mercenary ravenna,pass,pass,pass,play_cp landsknechts,buy_mercenary portsmouth,play_cp mercenaries_grow_restless,move_from toulouse,add_unit mercenary,add_unit regular,move_to barcelona,decline,withdraw_into barcelona,pass,play_cp diplomatic_marriage,translate_scripture german,call_debate german,defender_from uncommitted,translate_scripture german,pass,play_cp foul_weather,raise_regular besancon,pass,pass,pass,pass,pass,pass,winter_to gibraltar,winter_to barcelona,winter_to hamburg,winter_to naples,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit regular,add_unit regular,winter_to salonika,add_unit cavalry,winter_to istanbul,done,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,add_unit regular";
const STATE_HASH: u64 = 0xdf0a24dd1a570d0d;

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
