//! A golden game: the same seed and the same actions give the same game on
//! every platform. The first 200 decisions of seed 2024 (1517), chosen by a
//! fixed rule from the legal actions, and the state they reach are pinned.
//! A change to the rules that changes this game must update the pins
//! consciously: run `GOLDEN_PRINT=1 cargo test --test suite golden:: -- --nocapture`.

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

const FIRST_ACTIONS: &str = "target magdeburg,target erfurt,target kassel,target brandenburg,target brunswick,propose_to france,cede limoges,cede orleans,cede turin,cede berwick,cede lyon,cede st_quentin,cede avignon,cede milan,cede york,cede carlisle,cede toulouse,cede calais,cede wales,cede marseille,cede bordeaux,card_draw_from england,cede rouen,cede plymouth,cede portsmouth,cede tours,cede boulogne,cede shrewsbury,cede lincoln,cede norwich,cede brest,cede dijon,cede bristol,cede grenoble,offer,decline,play_cp holy_roman_emperor,play_cp arquebusiers,play_cp diplomatic_marriage,flip kassel,flip mainz,flip leipzig,decline,decline,decline,decline,decline,decline,deploy_from istanbul,add_leader suleiman,deploy_to athens,decline,deploy_from london,add_leader charles_brandon,deploy_to calais,decline,deploy_from rome,add_unit regular,deploy_to ravenna,decline,play_event landsknechts,place_at london,place_at calais,decline,decline,decline,decline,play_cp siege_mining,raise_cavalry varna,decline,decline,decline,decline,decline,play_cp spring_preparations,buy_mercenary bilbao,buy_mercenary brussels,buy_mercenary seville,decline,decline,decline,decline,decline,play_cp sebastian_cabot,buy_mercenary portsmouth,decline,decline,decline,decline,decline,play_cp andrea_doria,build_squadron boulogne,raise_regular bordeaux,buy_mercenary boulogne,decline,decline,decline,decline,decline,play_cp papal_bull,done,decline,decline,decline,decline,decline,play_cp revolt_in_ireland,publish_treatise french,target breslau,target prague,translate_scripture english,decline,decline,decline,decline,decline,play_event defender_of_the_faith,target leipzig,target breslau,target kassel,raise_cavalry istanbul,raise_cavalry durazzo,decline,decline,decline,decline,decline,play_event knights_of_st_john,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_cp peasants_war,naval_move,decline,decline,decline,decline,decline,naval_from_port london,add_ship squadron,naval_to_sea north_sea,naval_from_port portsmouth,add_ship squadron,naval_to_sea english_channel,done,naval_move,decline,play_event foul_weather,done,decline,decline,decline,decline,decline,play_cp patron_of_the_arts,buy_mercenary marseille,buy_mercenary toulouse,build_squadron rouen,buy_mercenary marseille,decline,decline,decline,decline,decline,play_cp leipzig_debate,build_squadron ancona,move_from ravenna,add_unit regular,move_to ancona,decline,decline,decline,decline,decline,decline,decline,decline,decline,decline,play_cp sack_of_rome,publish_treatise french,commit_debater carlstadt,target nuremberg,target brunswick,target augsburg,publish_treatise english,target munster,target cologne,done,decline,decline,decline,decline";
const STATE_HASH: u64 = 0x06fdff9b3969ce92;

#[test]
fn golden_game() {
    let (played, game) = golden(200);
    let text = played.join(",");
    let hash = fnv(&format!("{game:?}"));
    if std::env::var_os("GOLDEN_PRINT").is_some() {
        println!("const FIRST_ACTIONS: &str = \"{text}\";\nconst STATE_HASH: u64 = {hash:#018x};");
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
