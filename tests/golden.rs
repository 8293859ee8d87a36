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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp swiss_mercenaries,play_cp papal_bull,play_cp foreign_recruits,flip stettin,decline,deploy_from valladolid,add_leader duke_of_alva,deploy_to tunis,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_cp mercenaries_bribed,raise_regular edirne,move_from edirne,add_unit regular,move_to salonika,play_cp threat_to_power,build_squadron antwerp,control basel,play_cp the_wartburg,raise_regular plymouth,play_cp venetian_alliance,control pavia,raise_regular avignon,buy_mercenary lyon,play_cp revolt_in_egypt,move_from ravenna,add_unit regular,move_to ancona,burn_books english,target stettin,target erfurt,play_cp here_i_stand,publish_treatise german,target leipzig,target lubeck,publish_treatise italian,target hamburg,target calais,translate_scripture english,play_cp landsknechts,raise_cavalry varna,play_cp peasants_war,buy_mercenary valencia,buy_mercenary zaragoza,control liege,play_cp shipbuilding,raise_regular london,play_cp patron_of_the_arts,raise_regular st_quentin,raise_regular st_dizier,move_from milan,add_unit regular,move_to trent,play_cp surprise_attack,burn_books german,target magdeburg,target hamburg,play_cp sale_of_moluccas,publish_treatise spanish,target edinburgh,target nuremberg,decline,translate_scripture english,play_cp janissaries,raise_cavalry varna,build_squadron scutari,move_from salonika,add_unit regular,move_to sofia,play_cp smallpox,buy_mercenary valladolid,build_squadron cartagena,buy_mercenary corunna,play_cp six_wives_of_henry_viii,buy_mercenary lincoln,raise_regular plymouth,buy_mercenary calais,buy_mercenary calais,play_cp cloth_prices_fluctuate,move_from paris,add_leader francis_i,move_to boulogne,raise_regular dijon,play_cp leipzig_debate,burn_books german,target lubeck,target hamburg,build_st_peters,pass,pass,play_cp arquebusiers,move_from corunna,add_unit mercenary,move_to bilbao,play_cp pirate_haven,move_from bristol,add_unit regular,move_to shrewsbury,buy_mercenary lincoln,buy_mercenary lincoln,play_cp akinji_raiders,build_squadron bordeaux,control trent,play_cp fuggers,buy_mercenary rome,control siena,naval_move,done,play_cp sack_of_rome,publish_treatise french,target magdeburg,target erfurt,publish_treatise german,target breslau,target prague,done,play_cp foul_weather,build_squadron scutari,play_cp holy_roman_emperor,raise_regular innsbruck,control zurich,build_squadron amsterdam,pass,pass,pass,pass,pass,pass,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to salonika,add_unit cavalry,winter_to edirne,add_unit cavalry,winter_to edirne,add_unit regular,winter_to vienna,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,winter_to valladolid,add_unit mercenary,winter_to navarre,add_unit regular,winter_to vienna,add_unit mercenary,winter_to valladolid,add_unit mercenary,winter_to navarre,add_unit regular,winter_to london,done,add_unit regular,winter_to london,add_unit mercenary,winter_to london,add_unit mercenary,add_unit mercenary,winter_to york,add_unit regular,add_unit regular,winter_to bristol,add_unit regular,winter_to bristol,add_unit regular,add_unit regular,winter_to paris,add_unit regular,winter_to paris,done,add_unit regular,winter_to paris,add_unit regular,winter_to paris";
const STATE_HASH: u64 = 0x9d4b05e0a4b489b0;

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
