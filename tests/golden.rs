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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_cp mercenaries_bribed,raise_regular edirne,move_from edirne,add_unit regular,move_to salonika,play_event barbary_pirates,build_squadron antwerp,play_cp sebastian_cabot,buy_mercenary wales,play_cp siege_artillery,buy_mercenary tours,play_cp foreign_recruits,move_from ravenna,add_unit regular,move_to modena,decline,call_debate german,flip munster,play_event master_of_italy,publish_treatise english,commit_debater carlstadt,target mainz,target brunswick,target breslau,play_cp janissaries,build_squadron istanbul,build_corsair coron,done,play_cp foul_weather,buy_mercenary bilbao,buy_mercenary brussels,play_cp peasants_war,buy_mercenary calais,buy_mercenary shrewsbury,move_from york,add_unit regular,move_to carlisle,play_cp patron_of_the_arts,buy_mercenary paris,build_squadron boulogne,naval_move,done,move_from lyon,add_unit regular,move_to orleans,play_cp leipzig_debate,build_squadron ancona,control modena,play_cp diplomatic_marriage,call_debate german,defender_from committed,flip bremen,publish_treatise french,target mainz,target amsterdam,play_cp siege_mining,raise_cavalry edirne,play_cp holy_roman_emperor,buy_mercenary cagliari,buy_mercenary graz,buy_mercenary innsbruck,build_squadron taranto,play_event six_wives_of_henry_viii,declare_war hapsburg,buy_mercenary york,buy_mercenary carlisle,buy_mercenary wales,build_squadron plymouth,play_cp venetian_alliance,done,play_cp printing_press,burn_books german,target magdeburg,target bremen,call_debate german,defender_from uncommitted,flip munster,flip leipzig,pass,play_event defender_of_the_faith,target breslau,target kassel,target brunswick,raise_cavalry algiers,build_corsair salonika,play_cp knights_of_st_john,build_squadron antwerp,pass,play_cp andrea_doria,buy_mercenary paris,build_squadron boulogne,naval_move,naval_from_port boulogne,add_ship squadron,naval_to_sea english_channel,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,naval_from_port rouen,add_ship squadron,naval_to_sea english_channel,done,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,buy_mercenary st_quentin,play_cp arquebusiers,buy_mercenary ancona,pass,pass,play_cp spring_preparations,move_from graz,add_unit mercenary,move_to vienna,move_from barcelona,add_unit regular,move_to toulouse,decline,play_cp landsknechts,buy_mercenary portsmouth,play_cp mercenaries_grow_restless,buy_mercenary st_dizier,move_from marseille,add_unit regular,move_to nice,pass,pass,pass,pass,pass,pass,winter_to rouen,done,done,add_unit cavalry,add_unit regular,winter_to istanbul,done,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,done,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit mercenary,winter_to navarre,add_unit mercenary,winter_to vienna,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to barcelona,add_unit regular,winter_to london,done,done,add_unit mercenary,add_unit regular,winter_to york,add_unit mercenary,winter_to london,add_unit mercenary,winter_to york,add_unit mercenary,winter_to bristol,add_unit mercenary,winter_to london,done,add_unit regular,add_unit regular,winter_to paris,done,add_unit regular,winter_to marseille";
const STATE_HASH: u64 = 0x22f4cf341c36f1e8;

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
