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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_event defender_of_the_faith,target stettin,target magdeburg,target leipzig,raise_cavalry scutari,raise_cavalry durazzo,play_cp spring_preparations,build_squadron messina,move_from brussels,add_unit regular,move_to st_quentin,add_leader francis_i,decline,decline,play_cp sebastian_cabot,buy_mercenary portsmouth,play_cp mercenaries_grow_restless,control pavia,buy_mercenary brest,play_cp foreign_recruits,burn_books german,target magdeburg,target wittenberg,buy_mercenary rome,done,play_cp diplomatic_marriage,publish_treatise english,target mainz,commit_debater bucer,target munster,call_debate german,flip munster,flip magdeburg,play_cp janissaries,move_from scutari,add_unit cavalry,move_to durazzo,naval_move,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,naval_from_port istanbul,add_ship squadron,naval_to_sea aegean_sea,naval_from_port athens,add_ship squadron,naval_to_sea aegean_sea,done,move_from istanbul,add_unit regular,move_to varna,raise_regular nezh,play_event holy_roman_emperor,place_at besancon,raise_regular madrid,raise_regular malta,move_from besancon,add_unit regular,move_to basel,play_cp peasants_war,build_squadron bristol,buy_mercenary wales,play_cp venetian_alliance,raise_regular orleans,raise_regular grenoble,play_cp printing_press,move_from ravenna,add_unit regular,move_to modena,decline,move_from modena,add_unit regular,move_to ravenna,buy_mercenary rome,raise_regular rome,play_cp revolt_in_ireland,publish_treatise english,target lubeck,target mainz,translate_scripture french,play_cp siege_mining,move_from nezh,add_unit regular,move_to belgrade,retreat_to nezh,play_cp knights_of_st_john,raise_regular taranto,play_cp six_wives_of_henry_viii,buy_mercenary lincoln,raise_regular carlisle,build_squadron portsmouth,play_cp andrea_doria,build_squadron boulogne,done,play_cp arquebusiers,build_st_peters,play_event master_of_italy,translate_scripture french,translate_scripture german,done,play_cp mercenaries_bribed,raise_regular scutari,raise_cavalry nezh,play_cp foul_weather,buy_mercenary gibraltar,control liege,play_cp landsknechts,buy_mercenary portsmouth,play_cp patron_of_the_arts,move_from orleans,add_unit regular,move_to paris,build_squadron marseille,move_from bordeaux,add_unit regular,move_to toulouse,move_from toulouse,add_unit regular,move_to bordeaux,play_cp leipzig_debate,move_from ravenna,add_unit regular,move_to modena,decline,buy_mercenary rome,move_from rome,add_unit mercenary,move_to ancona,play_cp sack_of_rome,publish_treatise french,target mainz,target prague,publish_treatise german,target nuremberg,target linz,translate_scripture french,pass,play_event barbary_pirates,build_squadron tripoli,pass,play_cp siege_artillery,buy_mercenary st_dizier,pass,pass,pass,pass,pass,pass,winter_to coron,done,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit cavalry,add_unit cavalry,winter_to scutari,add_unit regular,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to edirne,add_unit regular,winter_to vienna,add_unit regular,add_unit regular,winter_to vienna,done,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0x4338b615c580ab26;

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
