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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,play_cp mercenaries_bribed,move_from edirne,add_unit regular,move_to varna,raise_cavalry edirne,raise_cavalry durazzo,play_event holy_roman_emperor,place_at zaragoza,buy_mercenary palma,buy_mercenary vienna,build_squadron corunna,naval_move,done,play_cp sebastian_cabot,buy_mercenary wales,play_cp andrea_doria,raise_regular dijon,raise_regular dijon,buy_mercenary dijon,play_cp printing_press,raise_regular ancona,build_squadron rome,done,play_event master_of_italy,publish_treatise spanish,target nuremberg,decline,target worms,decline,play_cp siege_mining,raise_cavalry sofia,play_cp foul_weather,raise_regular valladolid,play_cp peasants_war,buy_mercenary plymouth,buy_mercenary calais,buy_mercenary wales,play_cp patron_of_the_arts,move_from lyon,add_unit regular,move_to avignon,raise_regular tours,raise_regular st_dizier,play_cp foreign_recruits,move_from ravenna,add_unit regular,add_unit regular,move_to modena,decline,buy_mercenary ravenna,burn_books italian,target magdeburg,target nuremberg,play_cp revolt_in_ireland,publish_treatise italian,target breslau,target regensburg,translate_scripture english,play_cp janissaries,raise_cavalry scutari,raise_regular istanbul,raise_regular sofia,play_cp knights_of_st_john,buy_mercenary innsbruck,move_from besancon,add_unit regular,move_to metz,retreat_to besancon,play_event six_wives_of_henry_viii,declare_war scotland,decline,naval_move,naval_from_port portsmouth,add_ship squadron,naval_to_sea english_channel,naval_from_port london,add_ship squadron,naval_to_sea north_sea,done,move_from bristol,add_unit regular,move_to shrewsbury,buy_mercenary lincoln,raise_regular lincoln,play_cp venetian_alliance,raise_regular orleans,raise_regular bordeaux,play_event leipzig_debate,call_debate german,choose_debater cajetan,flip mainz,pass,play_event defender_of_the_faith,target leipzig,target brandenburg,target nuremberg,raise_cavalry nezh,naval_move,done,play_event barbary_pirates,move_from cordoba,add_leader duke_of_alva,move_to seville,control basel,play_cp landsknechts,buy_mercenary portsmouth,play_cp mercenaries_grow_restless,naval_move,naval_from_port rouen,add_ship squadron,naval_to_sea english_channel,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,done,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,buy_mercenary avignon,play_cp arquebusiers,buy_mercenary ancona,pass,pass,pass,pass,play_cp siege_artillery,move_from paris,add_unit regular,add_unit regular,add_unit regular,add_unit regular,move_to dijon,pass,pass,pass,pass,pass,pass,winter_to portsmouth,winter_to norwich,winter_to brest,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to istanbul,add_unit regular,winter_to edirne,add_unit regular,winter_to vienna,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0xf8b16a89628b9669;

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
