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

const FIRST_ACTIONS: &str = "deploy_from istanbul,add_leader suleiman,deploy_to athens,decline,deploy_from london,add_leader charles_brandon,deploy_to lincoln,decline,deploy_from rome,add_unit regular,deploy_to ravenna,play_cp janissaries,move_from edirne,add_unit regular,move_to salonika,raise_cavalry lepanto,raise_cavalry scutari,raise_cavalry varna,raise_cavalry larissa,play_cp printing_press,buy_mercenary brussels,buy_mercenary granada,buy_mercenary malta,buy_mercenary seville,buy_mercenary oran,play_cp erasmus,done,play_cp auld_alliance,build_squadron nantes,buy_mercenary boulogne,play_cp sale_of_moluccas,raise_regular ravenna,buy_mercenary rome,play_cp war_in_persia,done,play_cp trace_italienne,raise_cavalry coron,raise_cavalry durazzo,move_from scutari,add_unit cavalry,move_to ragusa,play_cp holy_roman_emperor,build_squadron tripoli,move_from barcelona,add_unit regular,move_to valencia,build_squadron antwerp,play_cp katherina_bora,raise_regular berwick,move_from lincoln,add_leader charles_brandon,move_to london,play_cp unsanitary_camp,raise_regular bordeaux,play_cp leipzig_debate,build_squadron ancona,move_from rome,add_unit mercenary,move_to siena,play_cp here_i_stand,done,play_cp field_artillery,raise_cavalry salonika,play_cp siege_artillery,buy_mercenary malta,play_cp six_wives_of_henry_viii,buy_mercenary carlisle,raise_regular shrewsbury,raise_regular carlisle,play_cp patron_of_the_arts,raise_regular tours,raise_regular st_dizier,buy_mercenary avignon,play_cp mercenaries_grow_restless,raise_regular ancona,play_cp diplomatic_overture,done,pass,play_cp janissaries_rebel,build_squadron amsterdam,play_cp siege_mining,buy_mercenary calais,play_cp knights_of_st_john,buy_mercenary grenoble,control nice,play_cp papal_bull,raise_regular ancona,done,play_cp julia_gonzaga,done,play_cp anabaptists,raise_regular istanbul,raise_cavalry sofia,pass,pass,pass,play_cp venetian_alliance,buy_mercenary rome,done,pass,pass,play_cp ransom,raise_regular besancon,buy_mercenary palermo,pass,pass,pass,pass,pass,pass,add_unit regular,winter_to istanbul,winter_to istanbul,add_unit cavalry,winter_to istanbul,done,add_unit cavalry,winter_to athens,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to athens,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to edirne,add_unit regular,winter_to vienna,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to vienna,add_unit mercenary,winter_to valladolid,add_unit mercenary,add_unit mercenary,winter_to vienna,done,add_unit regular,winter_to valladolid,add_unit mercenary,add_unit regular,winter_to vienna,done,add_unit mercenary,winter_to valladolid,add_unit mercenary,winter_to valladolid,add_unit mercenary,winter_to vienna,add_unit regular,winter_to valladolid,add_unit regular,winter_to london,add_unit regular,winter_to london,done,done,add_unit regular,winter_to london,add_unit mercenary,winter_to york,add_unit regular,winter_to london,add_unit regular,winter_to bristol,add_unit regular,add_unit regular,winter_to paris,done,add_unit regular,winter_to paris,add_unit regular,winter_to paris,add_unit regular,add_unit regular,winter_to paris,done,add_unit mercenary,winter_to paris,add_unit mercenary,winter_to paris,add_unit mercenary,winter_to lyon,add_unit regular,winter_to paris,add_unit regular,winter_to paris,add_unit regular,add_unit regular,winter_to rome,done,add_unit regular,winter_to ravenna";
const STATE_HASH: u64 = 0x2e01616640b91de0;

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
