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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_event defender_of_the_faith,target stettin,target magdeburg,target leipzig,raise_cavalry scutari,raise_cavalry durazzo,play_cp foul_weather,build_squadron messina,play_cp landsknechts,buy_mercenary berwick,play_cp venetian_alliance,control pavia,raise_regular avignon,buy_mercenary lyon,play_cp printing_press,move_from ravenna,add_unit regular,move_to ancona,move_from ancona,add_unit regular,move_to rome,burn_books german,target magdeburg,target leipzig,naval_move,done,play_event master_of_italy,publish_treatise german,target brunswick,target munster,play_event janissaries,place_at salonika,place_at durazzo,place_at salonika,place_at durazzo,play_cp spring_preparations,naval_move,naval_from_port naples,add_ship squadron,naval_to_sea tyrrhenian_sea,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,naval_from_port messina,add_ship squadron,naval_to_sea ionian_sea,naval_from_port seville,add_ship squadron,naval_to_sea atlantic_ocean,done,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,move_from vienna,add_leader ferdinand,move_to graz,buy_mercenary besancon,play_cp six_wives_of_henry_viii,raise_regular york,buy_mercenary norwich,raise_regular wales,play_cp patron_of_the_arts,buy_mercenary limoges,buy_mercenary boulogne,raise_regular toulouse,buy_mercenary limoges,play_cp leipzig_debate,burn_books spanish,target magdeburg,target brandenburg,move_from rome,add_unit regular,add_unit regular,move_to ancona,play_cp sack_of_rome,publish_treatise italian,target munster,target mainz,commit_debater bucer,publish_treatise french,target stettin,target brunswick,translate_scripture german,play_cp siege_mining,move_from edirne,add_unit regular,move_to varna,play_cp holy_roman_emperor,buy_mercenary cerignola,buy_mercenary cartagena,raise_regular zaragoza,buy_mercenary madrid,play_cp sebastian_cabot,done,play_cp siege_artillery,move_from avignon,add_unit regular,move_to marseille,play_cp foreign_recruits,raise_regular ravenna,build_squadron ravenna,play_cp revolt_in_ireland,publish_treatise german,target munster,target nuremberg,done,play_cp mercenaries_bribed,raise_cavalry bucharest,raise_regular coron,play_cp knights_of_st_john,build_squadron corunna,pass,play_cp andrea_doria,move_from bordeaux,add_unit regular,move_to toulouse,raise_regular paris,buy_mercenary bordeaux,buy_mercenary st_dizier,play_cp arquebusiers,naval_move,naval_from_port ravenna,add_ship squadron,naval_to_sea adriatic_sea,naval_from_port rome,add_ship squadron,naval_to_sea tyrrhenian_sea,done,play_cp diplomatic_marriage,publish_treatise french,target lubeck,target breslau,publish_treatise german,target amsterdam,target cologne,translate_scripture french,pass,play_event barbary_pirates,buy_mercenary cartagena,move_from antwerp,add_unit regular,add_unit regular,move_to liege,pass,play_cp mercenaries_grow_restless,move_from st_dizier,add_unit mercenary,add_unit regular,move_to brussels,decline,add_unit regular,decline,add_unit regular,decline,withdraw_into brussels,buy_mercenary brest,pass,pass,pass,pass,play_cp peasants_war,raise_regular berwick,move_from bristol,add_unit regular,move_to portsmouth,pass,pass,pass,pass,pass,pass,winter_to corunna,winter_to cartagena,winter_to taranto,winter_to palermo,winter_to ancona,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit regular,add_unit regular";
const STATE_HASH: u64 = 0x2fafe6c165b40169;

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
