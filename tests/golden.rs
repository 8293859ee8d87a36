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

const FIRST_ACTIONS: &str = "play_cp pirate_haven,play_cp papal_bull,play_cp julia_gonzaga,decline,deploy_from valladolid,add_leader duke_of_alva,deploy_to granada,decline,deploy_from paris,add_unit regular,deploy_to dijon,decline,play_cp trace_italienne,raise_regular edirne,naval_move,done,play_cp holy_roman_emperor,raise_regular innsbruck,raise_regular messina,buy_mercenary seville,play_cp katherina_bora,raise_regular bristol,move_from york,add_unit regular,move_to shrewsbury,play_cp knights_of_st_john,buy_mercenary brest,buy_mercenary boulogne,play_cp venetian_alliance,build_squadron ravenna,raise_regular ancona,play_cp here_i_stand,call_debate german,done,play_cp field_artillery,raise_cavalry coron,play_cp ransom,buy_mercenary messina,buy_mercenary taranto,move_from barcelona,add_unit regular,move_to valencia,play_cp six_wives_of_henry_viii,raise_regular york,raise_regular shrewsbury,buy_mercenary norwich,play_cp tercios,move_from milan,add_unit regular,move_to modena,buy_mercenary paris,play_cp leipzig_debate,move_from ravenna,add_unit regular,move_to ancona,move_from rome,add_unit regular,move_to ancona,naval_move,naval_from_port rome,add_ship squadron,naval_to_sea tyrrhenian_sea,naval_from_port ravenna,add_ship squadron,naval_to_sea adriatic_sea,done,play_cp diplomatic_overture,done,play_cp anabaptists,raise_regular larissa,raise_cavalry bucharest,play_cp printing_press,build_squadron palermo,control basel,raise_regular antwerp,play_cp siege_mining,move_from london,add_leader charles_brandon,move_to lincoln,play_cp auld_alliance,build_squadron marseille,done,play_cp sale_of_moluccas,raise_regular ravenna,move_from ravenna,add_unit regular,move_to ancona,pass,play_cp janissaries,build_squadron lepanto,move_from bucharest,add_unit cavalry,move_to varna,raise_cavalry bucharest,raise_cavalry durazzo,play_cp janissaries_rebel,build_squadron barcelona,pass,play_cp unsanitary_camp,move_from lyon,add_unit regular,move_to geneva,control nice,play_cp mercenaries_grow_restless,move_from ancona,add_unit regular,move_to ravenna,move_from ravenna,add_unit regular,move_to ancona,play_cp war_in_persia,done,pass,pass,play_cp erasmus,buy_mercenary portsmouth,raise_regular norwich,play_cp patron_of_the_arts,buy_mercenary brest,control geneva,raise_regular limoges,move_from brest,add_unit mercenary,add_unit mercenary,move_to nantes,pass,play_cp unpaid_mercenaries,done,pass,pass,pass,pass,pass,pass,winter_to ravenna,done,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit cavalry,winter_to edirne,add_unit cavalry,winter_to athens,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to athens,add_unit cavalry,winter_to edirne,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,done,done,add_unit regular,winter_to besancon,add_unit mercenary,add_unit regular,winter_to naples,add_unit mercenary,winter_to vienna,add_unit regular,winter_to valladolid,done,add_unit regular,add_unit regular,winter_to london,done,add_unit mercenary,add_unit regular,winter_to london,add_unit mercenary,winter_to london,add_unit regular,winter_to york,add_unit regular,winter_to bristol,done,add_unit regular,winter_to paris,add_unit regular,winter_to paris,add_unit regular,winter_to paris,add_unit mercenary,winter_to paris,add_unit regular,winter_to lyon,add_unit regular,winter_to lyon";
const STATE_HASH: u64 = 0x51d19bcbb68390d2;

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
