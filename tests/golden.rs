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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_event defender_of_the_faith,target stettin,target magdeburg,target leipzig,raise_cavalry scutari,raise_cavalry durazzo,play_cp spring_preparations,build_squadron messina,move_from brussels,add_unit regular,move_to st_quentin,add_leader francis_i,decline,decline,play_cp peasants_war,buy_mercenary bristol,buy_mercenary portsmouth,buy_mercenary portsmouth,play_cp andrea_doria,raise_regular brest,raise_regular dijon,move_from marseille,add_unit regular,move_to avignon,play_cp arquebusiers,buy_mercenary rome,play_event master_of_italy,publish_treatise german,target brunswick,target stettin,play_event janissaries,place_at salonika,place_at durazzo,place_at salonika,place_at durazzo,play_event barbary_pirates,control basel,buy_mercenary malta,play_event six_wives_of_henry_viii,declare_war hapsburg,buy_mercenary wales,buy_mercenary norwich,buy_mercenary calais,buy_mercenary shrewsbury,buy_mercenary shrewsbury,play_event patron_of_the_arts,discard venetian_alliance,play_cp printing_press,move_from ravenna,add_unit regular,move_to modena,decline,buy_mercenary ravenna,burn_books english,target leipzig,target stettin,move_from ravenna,add_unit mercenary,move_to modena,play_cp sack_of_rome,call_debate german,flip munster,publish_treatise spanish,target amsterdam,target breslau,play_cp siege_mining,raise_cavalry lepanto,play_cp knights_of_st_john,raise_regular seville,play_cp landsknechts,move_from calais,add_unit regular,add_unit mercenary,move_to antwerp,add_unit regular,move_to amsterdam,withdraw_into antwerp,retreat_to calais,play_cp mercenaries_grow_restless,build_squadron brest,play_cp foreign_recruits,control modena,buy_mercenary rome,buy_mercenary rome,buy_mercenary ravenna,play_cp diplomatic_marriage,publish_treatise english,target prague,target mainz,publish_treatise french,target cologne,target lubeck,translate_scripture english,pass,play_cp foul_weather,raise_regular palma,play_cp sebastian_cabot,buy_mercenary norwich,play_cp swiss_mercenaries,buy_mercenary bordeaux,play_cp leipzig_debate,done,play_cp revolt_in_ireland,done,play_cp mercenaries_bribed,build_squadron durazzo,raise_cavalry edirne,play_cp holy_roman_emperor,raise_regular naples,raise_regular trieste,buy_mercenary graz,pass,play_cp siege_artillery,move_from avignon,add_unit regular,move_to marseille,pass,pass,pass,pass,pass,pass,add_unit regular,add_unit regular,winter_to istanbul,done,done,done,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to scutari,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit cavalry,winter_to athens,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to vienna,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to vienna,add_unit regular,winter_to vienna,add_unit regular,winter_to valladolid,add_unit mercenary,add_unit regular,winter_to london,add_unit mercenary,winter_to london,done,add_unit regular,winter_to london,add_unit mercenary,add_unit mercenary,winter_to london,add_unit mercenary";
const STATE_HASH: u64 = 0xcf18e8007e2318fe;

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
