//! The pending decision, public (issue #19 item 3): `Game::pending` names
//! the kind, the decider and the context read from the procedure in progress.

use here_i_stand::*;

use crate::common;
use common::{apply, impulse};

use LandUnitKind::{Cavalry, Regular};

/// A new 1517 game opens with Luther's 95 Theses (§18.1): the Protestant's
/// reformation attempts in the German zone.
#[test]
fn the_first_decision_is_the_95_theses() {
    let game = Game::new(Setup::new(Scenario::Y1517, 1));
    let decision = game.pending();
    assert_eq!(decision.kind, DecisionKind::ReformationAttempts);
    assert_eq!(decision.power, Some(Power::Protestant));
    assert_eq!(Decider::Power(Power::Protestant), game.decider());
    assert_eq!(decision.zone, Some(LanguageZone::German));
    let line = decision.to_string();
    assert!(line.starts_with("Protestant, religious attempts (German zone"), "{line}");
}

/// An impulse spending CP (§11.2) shows the CP left; a formation (§13.1)
/// its origin and the CP still to spend.
#[test]
fn spending_cp_shows_the_cp_left() {
    let mut game = common::board(3);
    common::vienna_armies(&mut game).unwrap();
    impulse(&mut game, Power::Ottoman, 3);
    let decision = game.pending();
    assert_eq!((decision.kind, decision.power, decision.cp), (DecisionKind::SpendCp, Some(Power::Ottoman), Some(3)));
    assert_eq!(decision.to_string(), "Ottoman, spend CP (3 CP left): an action to spend CP on, or done");
    game.apply(Action::MoveFrom(Space::Pressburg)).unwrap();
    let decision = game.pending();
    assert_eq!(decision.kind, DecisionKind::Formation);
    assert_eq!((decision.space, decision.cp), (Some(Space::Pressburg), Some(3)));
}

/// The Vienna battle (§13.2, §14): the Hapsburg's interception window, then
/// the combat-card window names the battle's space and the other side.
#[test]
fn a_battle_names_its_space_and_the_enemy() {
    let mut game = common::board(3);
    common::vienna_armies(&mut game).unwrap();
    impulse(&mut game, Power::Ottoman, 3);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Pressburg), &mut log);
    apply(&mut game, Action::AddLeader(Leader::Suleiman), &mut log);
    common::repeat(&mut game, Action::AddUnit(Regular), 7, &mut log);
    apply(&mut game, Action::AddUnit(Cavalry), &mut log);
    apply(&mut game, Action::MoveTo(Space::Vienna), &mut log);
    let decision = game.pending();
    assert_eq!(decision.kind, DecisionKind::Interception);
    assert_eq!(decision.power, Some(Power::Hapsburg));
    assert_eq!((decision.space, decision.opponent), (Some(Space::Vienna), Some(Faction::Ottoman)));
    apply(&mut game, Action::Decline, &mut log);
    // Ferdinand's 2 regulars may withdraw or avoid; decline whatever comes
    // until the combat-card window.
    while game.pending().kind != DecisionKind::CombatCards {
        apply(&mut game, Action::Decline, &mut log);
    }
    let decision = game.pending();
    assert_eq!(decision.space, Some(Space::Vienna));
    let enemy = if decision.power == Some(Power::Ottoman) { Faction::Hapsburg } else { Faction::Ottoman };
    assert_eq!(decision.opponent, Some(enemy));
    assert!(decision.to_string().contains("at Vienna"), "{decision}");
}

/// A position built with the editing API has nothing pending until the
/// automatic steps run: `pending` says so, and `apply` refuses with
/// `NotReady` (not `GameOver`) and leaves the game unchanged.
#[test]
fn an_edited_position_is_not_ready() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    assert_eq!(game.decider(), Decider::Nobody);
    assert_eq!(game.pending().kind, DecisionKind::NotReady);
    assert_eq!(game.pending().power, None);
    let before = game.clone();
    assert_eq!(game.apply(Action::Pass), Err(IllegalAction::NotReady));
    assert_eq!(IllegalAction::NotReady.to_string(), "not ready: run the automatic steps");
    assert_eq!(game, before);
    game.run_automatic();
    assert_ne!(game.pending().kind, DecisionKind::NotReady);
}

/// A finished game's pending decision is `GameOver`, and `apply` says the game is over.
#[test]
fn a_finished_game_has_nothing_pending() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    game.set_phase(Phase::VictoryDetermination).unwrap();
    game.set_turn(LAST_TURN).unwrap();
    game.run_automatic();
    assert!(game.outcome().is_some());
    assert_eq!(game.pending().kind, DecisionKind::GameOver);
    assert_eq!(game.apply(Action::Pass), Err(IllegalAction::GameOver));
}

/// Along random games every pending decision names the decider, agrees
/// with `decider()`, and has a one-line English text.
#[test]
fn every_decision_of_random_play_has_a_line() {
    let checked = common::on_random_positions(6, 7, |game| {
        let decision = game.pending();
        assert_eq!(decision.power.map(Decider::Power), Some(game.decider()));
        assert_ne!(decision.kind, DecisionKind::NotReady);
        let line = decision.to_string();
        assert!(!line.contains('\n') && line.starts_with(decision.power.unwrap().name()), "{line}");
    });
    assert!(checked > 100);
}

/// A card event's decision (#1 Janissaries as an impulse event, §21.1)
/// names its card; the Ottoman decides.
#[test]
fn a_card_event_names_its_card() {
    let mut game = common::board(5);
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
    game.apply(Action::PlayEvent(Card::Janissaries)).unwrap();
    let decision = game.pending();
    assert_eq!(decision.kind, DecisionKind::CardEvent);
    assert_eq!((decision.power, decision.card), (Some(Power::Ottoman), Some(Card::Janissaries)));
    assert!(decision.to_string().starts_with("Ottoman, card event (card Janissaries"), "{decision}");
}
