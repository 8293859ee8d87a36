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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to dijon,decline,play_cp landsknechts,raise_cavalry nezh,play_cp threat_to_power,raise_regular barcelona,buy_mercenary innsbruck,play_cp pirate_haven,buy_mercenary lincoln,buy_mercenary plymouth,buy_mercenary carlisle,play_cp patron_of_the_arts,naval_move,naval_from_port rouen,add_ship squadron,naval_to_sea english_channel,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,done,move_from marseille,add_unit regular,move_to nice,buy_mercenary avignon,buy_mercenary boulogne,done,play_cp papal_bull,build_st_peters,buy_mercenary ravenna,burn_books french,target erfurt,target wittenberg,play_cp foreign_recruits,translate_scripture french,publish_treatise spanish,target stettin,target brunswick,done,play_cp janissaries,move_from athens,add_unit regular,move_to coron,raise_cavalry coron,raise_cavalry nicopolis,raise_cavalry lepanto,raise_cavalry scutari,play_cp holy_roman_emperor,raise_regular barcelona,raise_regular cordoba,buy_mercenary naples,play_cp six_wives_of_henry_viii,naval_move,naval_from_port portsmouth,add_ship squadron,naval_to_sea english_channel,done,build_squadron norwich,move_from lincoln,add_unit mercenary,move_to london,buy_mercenary york,play_cp tercios,raise_regular orleans,play_cp fuggers,naval_move,done,burn_books english,commit_debater tetzel,target magdeburg,target brunswick,play_cp sale_of_moluccas,publish_treatise german,target lubeck,target kassel,translate_scripture german,commit_debater luther,play_cp foul_weather,naval_move,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,naval_from_port athens,add_ship squadron,naval_to_sea aegean_sea,naval_from_port istanbul,add_ship squadron,naval_to_sea black_sea,done,raise_cavalry edirne,play_cp arquebusiers,buy_mercenary messina,play_cp the_wartburg,build_squadron calais,play_cp cloth_prices_fluctuate,raise_regular dijon,move_from avignon,add_unit mercenary,move_to toulouse,play_cp leipzig_debate,raise_regular ravenna,control siena,play_cp here_i_stand,publish_treatise italian,target leipzig,target magdeburg,translate_scripture french,publish_treatise spanish,target breslau,target prague,pass,play_cp swiss_mercenaries,buy_mercenary besancon,play_cp shipbuilding,buy_mercenary shrewsbury,buy_mercenary carlisle,play_cp akinji_raiders,move_from lyon,add_unit regular,move_to orleans,buy_mercenary st_quentin,buy_mercenary grenoble,play_cp surprise_attack,burn_books french,target wittenberg,target prague,pass,play_cp mercenaries_bribed,move_from coron,add_unit cavalry,add_unit regular,move_to athens,done,play_cp peasants_war,build_squadron seville,move_from barcelona,add_unit regular,move_to zaragoza,pass,play_cp venetian_alliance,buy_mercenary marseille,control nice,move_from bordeaux,add_unit regular,move_to tours,move_from paris,add_leader montmorency,move_to st_quentin,play_cp revolt_in_egypt,raise_regular rome,move_from rome,add_unit regular,move_to siena,pass,pass,play_cp smallpox,build_squadron cartagena,build_squadron palermo,pass,pass,pass,play_cp sack_of_rome,publish_treatise german,target magdeburg,target hamburg,translate_scripture english,publish_treatise italian,commit_debater carlstadt,target kassel,target brunswick,target prague,pass,pass,pass,pass,pass,pass,winter_to coron,winter_to istanbul,winter_to portsmouth,winter_to boulogne,winter_to nice,add_unit cavalry,winter_to istanbul,done,add_unit cavalry,add_unit regular,winter_to istanbul,done,add_unit cavalry,winter_to istanbul";
const STATE_HASH: u64 = 0xf9d95563fb4f24a5;

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
