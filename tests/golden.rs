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

const FIRST_ACTIONS: &str = "deploy_from istanbul,add_leader suleiman,deploy_to athens,decline,deploy_from london,add_leader charles_brandon,deploy_to lincoln,decline,deploy_from rome,add_unit regular,deploy_to ravenna,play_cp janissaries,move_from edirne,add_unit regular,move_to salonika,raise_cavalry lepanto,raise_cavalry scutari,raise_cavalry varna,raise_cavalry larissa,play_cp pirate_haven,buy_mercenary brussels,buy_mercenary granada,buy_mercenary cartagena,play_cp six_wives_of_henry_viii,buy_mercenary london,build_squadron berwick,done,play_cp anabaptists,build_squadron nantes,buy_mercenary boulogne,play_cp sack_of_rome,raise_regular ravenna,build_squadron rome,done,play_cp city_state_rebels,done,play_cp the_wartburg,raise_cavalry nicopolis,raise_cavalry nicopolis,play_cp foul_weather,build_squadron palma,play_cp john_zapolya,naval_move,done,raise_regular shrewsbury,play_cp julia_gonzaga,move_from milan,add_unit regular,move_to turin,play_cp leipzig_debate,move_from ravenna,add_unit regular,move_to ancona,raise_regular ancona,play_cp janissaries_rebel,done,play_event clement_vii,raise_cavalry coron,raise_cavalry nezh,play_cp holy_roman_emperor,raise_regular palermo,raise_regular seville,move_from brussels,add_unit regular,move_to antwerp,play_cp field_artillery,buy_mercenary calais,play_cp mercenaries_grow_restless,move_from bordeaux,add_unit regular,move_to toulouse,move_from lyon,add_unit regular,move_to limoges,play_cp arquebusiers,move_from ravenna,add_unit regular,move_to modena,play_cp here_i_stand,done,play_cp trace_italienne,raise_cavalry istanbul,raise_cavalry sofia,raise_cavalry scutari,play_cp gabelle_revolt,move_from palermo,add_unit regular,move_to messina,play_cp cloth_prices_fluctuate,raise_regular york,move_from york,add_unit regular,move_to carlisle,play_cp patron_of_the_arts,buy_mercenary nantes,buy_mercenary brest,move_from boulogne,add_unit mercenary,move_to st_quentin,build_squadron marseille,play_cp venetian_alliance,move_from ancona,add_unit regular,move_to ravenna,control modena,naval_move,naval_from_port rome,add_ship squadron,naval_to_sea tyrrhenian_sea,done,buy_mercenary ancona,pass,pass,play_cp printing_press,move_from naples,add_unit regular,move_to taranto,raise_regular cartagena,raise_regular innsbruck,pass,play_cp unpaid_mercenaries,move_from st_quentin,add_unit mercenary,move_to boulogne,move_from boulogne,add_unit mercenary,move_to paris,buy_mercenary brest,play_event papal_bull,excommunicate_ruler francis_i,place_unrest dijon,place_unrest boulogne,pass,pass,play_cp peasants_war,raise_regular besancon,buy_mercenary besancon,pass,pass,pass,play_cp war_in_persia,done,pass,pass,pass,pass,pass,pass,add_unit regular,winter_to istanbul,winter_to istanbul,done,add_unit cavalry,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to salonika,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to scutari,add_unit cavalry,winter_to salonika,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,done,add_unit regular,winter_to valladolid,done,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to gibraltar,add_unit mercenary,winter_to vienna,add_unit regular,winter_to valladolid,add_unit regular,winter_to naples,add_unit regular,winter_to vienna,add_unit regular,winter_to london";
const STATE_HASH: u64 = 0xcdab321824363529;

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
