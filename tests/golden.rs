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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,play_cp shipbuilding,play_cp papal_bull,play_cp here_i_stand,flip stettin,flip leipzig,flip kassel,decline,decline,decline,deploy_from paris,add_unit regular,deploy_to st_dizier,decline,play_cp mercenaries_bribed,raise_regular edirne,move_from edirne,add_unit regular,move_to salonika,play_event barbary_pirates,build_squadron antwerp,play_cp sebastian_cabot,buy_mercenary wales,play_cp siege_artillery,buy_mercenary tours,play_cp foreign_recruits,move_from ravenna,add_unit regular,move_to modena,decline,call_debate german,flip munster,play_event master_of_italy,publish_treatise english,commit_debater carlstadt,target mainz,target brunswick,target breslau,play_cp janissaries,build_corsair scutari,move_from salonika,add_unit regular,move_to edirne,raise_cavalry larissa,raise_cavalry larissa,raise_cavalry nicopolis,play_cp foul_weather,build_squadron amsterdam,play_event six_wives_of_henry_viii,declare_war scotland,intervene,raise_regular bristol,raise_regular portsmouth,move_from bristol,add_unit regular,move_to plymouth,play_cp venetian_alliance,build_squadron rouen,move_from milan,add_unit regular,move_to modena,decline,decline,decline,buy_mercenary paris,play_cp leipzig_debate,buy_mercenary ravenna,control siena,buy_mercenary ravenna,play_cp revolt_in_ireland,publish_treatise german,target mainz,target prague,translate_scripture english,play_event defender_of_the_faith,target stettin,target kassel,target leipzig,build_corsair durazzo,build_corsair istanbul,play_cp holy_roman_emperor,raise_regular malta,raise_regular seville,buy_mercenary madrid,play_cp peasants_war,buy_mercenary london,build_squadron berwick,play_cp mercenaries_grow_restless,control nice,move_from paris,add_unit mercenary,move_to orleans,play_cp printing_press,done,play_cp sack_of_rome,publish_treatise french,target cologne,target amsterdam,publish_treatise english,target liege,target leipzig,translate_scripture french,play_cp siege_mining,raise_cavalry athens,pass,pass,play_cp andrea_doria,raise_regular paris,buy_mercenary avignon,raise_regular orleans,play_cp arquebusiers,buy_mercenary rome,play_cp diplomatic_marriage,translate_scripture french,publish_treatise german,target lubeck,target mainz,done,pass,pass,play_cp landsknechts,buy_mercenary portsmouth,play_cp patron_of_the_arts,raise_regular avignon,raise_regular grenoble,move_from rouen,add_unit regular,move_to boulogne,add_unit regular,decline,pass,pass,pass,play_cp spring_preparations,move_from seville,add_unit regular,move_to gibraltar,raise_regular cartagena,pass,pass,pass,pass,pass,pass,add_unit regular,add_unit regular,winter_to istanbul,add_unit regular,winter_to istanbul,done,add_unit regular,add_unit regular,winter_to istanbul,done,add_unit cavalry,add_unit cavalry,winter_to istanbul,add_unit cavalry,winter_to edirne,done,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit regular,winter_to valladolid,add_unit mercenary,winter_to valladolid,add_unit regular,winter_to london,add_unit regular,add_unit regular,winter_to london,done,add_unit regular,winter_to bristol,add_unit mercenary,winter_to london,add_unit regular,winter_to bristol";
const STATE_HASH: u64 = 0x65ee075e4f34dd6f;

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
