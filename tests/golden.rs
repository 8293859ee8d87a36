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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_event defender_of_the_faith,target stettin,target magdeburg,target leipzig,raise_cavalry scutari,raise_cavalry durazzo,play_cp spring_preparations,build_squadron messina,move_from brussels,add_unit regular,move_to st_quentin,add_leader francis_i,decline,decline,play_event landsknechts,place_at london,place_at calais,play_cp siege_artillery,move_from lyon,add_unit regular,move_to orleans,play_cp leipzig_debate,buy_mercenary rome,buy_mercenary rome,done,play_cp diplomatic_marriage,publish_treatise english,target mainz,commit_debater bucer,target munster,call_debate german,flip nuremberg,flip brunswick,play_cp janissaries,move_from scutari,add_unit cavalry,move_to durazzo,naval_move,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,naval_from_port istanbul,add_ship squadron,naval_to_sea aegean_sea,naval_from_port athens,add_ship squadron,naval_to_sea aegean_sea,done,move_from istanbul,add_unit regular,move_to varna,raise_regular nezh,play_event holy_roman_emperor,place_at besancon,raise_regular gibraltar,raise_regular granada,buy_mercenary messina,play_cp six_wives_of_henry_viii,build_squadron calais,move_from bristol,add_unit regular,move_to plymouth,buy_mercenary norwich,buy_mercenary norwich,play_cp andrea_doria,buy_mercenary nantes,buy_mercenary dijon,raise_regular tours,buy_mercenary dijon,play_cp arquebusiers,buy_mercenary rome,play_event master_of_italy,publish_treatise german,target lubeck,target regensburg,pass,play_cp knights_of_st_john,buy_mercenary palermo,move_from st_quentin,add_unit regular,move_to brussels,play_cp peasants_war,done,play_cp venetian_alliance,move_from bordeaux,add_unit regular,move_to tours,raise_regular paris,move_from rouen,add_unit regular,move_to tours,play_cp foreign_recruits,burn_books german,target regensburg,target leipzig,control siena,naval_move,done,play_cp sack_of_rome,publish_treatise french,target bremen,target prague,publish_treatise german,target hamburg,target brunn,done,play_cp mercenaries_bribed,raise_regular istanbul,raise_cavalry coron,play_cp foul_weather,control liege,buy_mercenary cordoba,play_cp sebastian_cabot,move_from london,add_leader charles_brandon,move_to portsmouth,play_event patron_of_the_arts,discard mercenaries_grow_restless,play_cp printing_press,build_st_peters,buy_mercenary ravenna,burn_books german,target kassel,target nuremberg,buy_mercenary ancona,pass,play_cp siege_mining,raise_cavalry athens,play_event barbary_pirates,control basel,control geneva,pass,play_event schmalkaldic_league,buy_mercenary limoges,move_from tours,add_unit regular,move_to bordeaux,pass,play_cp revolt_in_ireland,publish_treatise french,target linz,target munster,translate_scripture german,done,pass,pass,pass,pass,pass,pass,winter_to salonika,done,add_unit cavalry,add_unit regular,winter_to istanbul,done,add_unit regular,winter_to istanbul,add_unit cavalry,winter_to athens,add_unit cavalry,winter_to scutari,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to edirne,add_unit regular,winter_to valladolid,add_unit regular,add_unit regular,winter_to vienna,done,add_unit regular,winter_to valladolid,winter_to valladolid,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0x80a582fe1cdc2a87;

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
