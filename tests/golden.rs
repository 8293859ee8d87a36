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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,decline,decline,decline,decline,play_event spring_preparations,deploy_from valladolid,add_leader duke_of_alva,deploy_to cordoba,deploy_from london,add_leader charles_brandon,deploy_to berwick,decline,deploy_from rome,add_unit regular,deploy_to ravenna,play_cp mercenaries_bribed,move_from edirne,add_unit regular,move_to varna,raise_cavalry edirne,raise_cavalry durazzo,play_event holy_roman_emperor,place_at zaragoza,buy_mercenary palma,buy_mercenary vienna,build_squadron corunna,naval_move,done,play_cp sebastian_cabot,buy_mercenary wales,play_event patron_of_the_arts,play_cp leipzig_debate,build_st_peters,buy_mercenary ravenna,move_from ravenna,add_unit regular,add_unit mercenary,add_unit regular,move_to modena,decline,play_cp revolt_in_ireland,translate_scripture german,commit_debater melanchthon,translate_scripture english,translate_scripture english,play_cp janissaries,raise_cavalry istanbul,raise_cavalry sofia,raise_cavalry nicopolis,raise_cavalry larissa,naval_move,naval_from_port istanbul,add_ship squadron,naval_to_sea aegean_sea,naval_from_port salonika,add_ship squadron,naval_to_sea aegean_sea,done,play_cp foul_weather,raise_regular madrid,play_cp landsknechts,buy_mercenary portsmouth,play_cp siege_artillery,buy_mercenary st_quentin,play_cp foreign_recruits,burn_books german,target magdeburg,target brandenburg,buy_mercenary ancona,control modena,play_cp diplomatic_marriage,translate_scripture german,done,play_cp siege_mining,raise_cavalry nezh,play_cp knights_of_st_john,move_from barcelona,add_unit regular,move_to zaragoza,move_from navarre,add_unit regular,move_to bilbao,play_cp six_wives_of_henry_viii,raise_regular york,buy_mercenary norwich,raise_regular plymouth,play_cp venetian_alliance,raise_regular bordeaux,raise_regular marseille,play_cp arquebusiers,move_from ancona,add_unit mercenary,move_to rome,play_cp sack_of_rome,call_debate german,flip lubeck,translate_scripture german,done,play_event defender_of_the_faith,target leipzig,target kassel,target magdeburg,transport_from salonika,add_unit regular,naval_to_sea aegean_sea,naval_to_port coron,play_event barbary_pirates,raise_regular besancon,play_cp peasants_war,move_from bristol,add_unit regular,move_to shrewsbury,buy_mercenary calais,buy_mercenary calais,play_event john_zapolya,play_cp printing_press,buy_mercenary rome,burn_books german,commit_debater cajetan,target magdeburg,target erfurt,target brandenburg,burn_books english,target wittenberg,target lubeck,play_event master_of_italy,publish_treatise french,target hamburg,target bremen,pass,pass,pass,play_cp andrea_doria,buy_mercenary limoges,raise_regular nantes,move_from milan,add_unit regular,add_unit regular,move_to turin,naval_move,naval_from_port marseille,add_ship squadron,naval_to_sea gulf_of_lyon,done,naval_from_port barcelona,add_ship squadron,naval_to_sea gulf_of_lyon,pass,pass,pass,pass,pass,play_cp mercenaries_grow_restless,move_from nantes,add_unit regular,move_to rouen,buy_mercenary lyon,pass,pass,pass,pass,pass,pass,winter_to istanbul,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit cavalry,winter_to istanbul,add_unit regular,winter_to athens,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to athens,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to edirne,add_unit regular,winter_to edirne,add_unit regular,winter_to valladolid";
const STATE_HASH: u64 = 0x28c4cd8b36252214;

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
