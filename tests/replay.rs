//! Replays (`Replay`, `Game::replay`) and the versioned save format
//! (issue #19, item 7).

use here_i_stand::*;

/// Plays `steps` actions, picking by a simple rule, and records them.
fn recorded(setup: Setup, steps: usize) -> (Game, Replay) {
    let mut game = Game::new(setup);
    let mut replay = Replay::new(setup);
    for n in 0..steps {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = actions[n * 7 % actions.len()];
        game.apply(action).unwrap();
        replay.push(action);
    }
    (game, replay)
}

#[test]
fn a_replay_plays_back_to_the_same_game() {
    for scenario in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer] {
        let (game, replay) = recorded(Setup::new(scenario, 9), 400);
        assert!(!replay.actions.is_empty() && replay.actions.len() <= 400);
        assert_eq!(Game::replay(&replay).unwrap(), game);
    }
}

#[test]
fn a_replay_names_its_first_bad_action() {
    let (_, mut replay) = recorded(Setup::new(Scenario::Y1517, 3), 50);
    let mut unknown = replay.clone();
    unknown.actions[10] = u32::MAX;
    assert_eq!(Game::replay(&unknown), Err(ReplayError::UnknownIndex { at: 10, index: u32::MAX }));
    // An action that exists but is not legal there: passing at the very
    // first decision of 1517 (the Diet of Worms has no pass).
    replay.actions[0] = Action::Pass.index();
    match Game::replay(&replay) {
        Err(ReplayError::Illegal { at: 0, action: Action::Pass, .. }) => {}
        other => panic!("expected the first action refused, got {other:?}"),
    }
    let text = Game::replay(&replay).unwrap_err().to_string();
    assert!(text.starts_with("action 0 (pass) does not apply"), "{text}");
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn a_save_carries_its_format_version() {
        let game = Game::new(Setup::new(Scenario::Y1517, 1));
        let value = serde_json::to_value(&game).unwrap();
        assert_eq!(value["format_version"], json!(Game::SAVE_FORMAT_VERSION));
        assert_eq!(serde_json::from_value::<Game>(value).unwrap(), game);
    }

    #[test]
    fn saves_of_other_versions_are_refused_clearly() {
        let game = Game::new(Setup::new(Scenario::Y1517, 1));
        let mut old = serde_json::to_value(&game).unwrap();
        old.as_object_mut().unwrap().remove("format_version");
        let error = serde_json::from_value::<Game>(old).unwrap_err().to_string();
        assert!(error.contains("no `format_version`: an older save"), "{error}");
        let mut newer = serde_json::to_value(&game).unwrap();
        newer["format_version"] = json!(2);
        let error = serde_json::from_value::<Game>(newer).unwrap_err().to_string();
        assert!(error.contains("format version 2; this engine reads version 1"), "{error}");
    }

    #[test]
    fn a_replay_round_trips_through_json() {
        let (game, replay) = recorded(Setup::new(Scenario::TwoPlayer, 4), 120);
        let text = serde_json::to_string(&replay).unwrap();
        assert!(text.starts_with(&format!(r#"{{"format_version":1,"action_count":{},"#, Action::COUNT)), "{text}");
        let back: Replay = serde_json::from_str(&text).unwrap();
        assert_eq!(back, replay);
        assert_eq!(Game::replay(&back).unwrap(), game);
    }

    #[test]
    fn a_replay_of_another_vocabulary_or_version_is_refused() {
        let (_, replay) = recorded(Setup::new(Scenario::Y1517, 4), 10);
        let mut value: Value = serde_json::to_value(&replay).unwrap();
        value["action_count"] = json!(Action::COUNT + 1);
        let error = serde_json::from_value::<Replay>(value.clone()).unwrap_err().to_string();
        assert!(error.contains("so its indexes differ"), "{error}");
        value["action_count"] = json!(Action::COUNT);
        value["format_version"] = json!(0);
        let error = serde_json::from_value::<Replay>(value).unwrap_err().to_string();
        assert!(error.contains("format version 0"), "{error}");
    }
}
