//! Refusals that say why (issue #34 item 7): `Game::why_illegal` names the
//! reason an action is not legal, `None` exactly when `is_legal` holds, and
//! `apply`'s `IllegalAction::NotLegal` carries the same reason.

use here_i_stand::*;

use crate::common;
use common::{action_phase, board, impulse, play, port, sea, to_impulse};

/// The prompt of a formation being formed.
const FORMATION_PROMPT: &str = "a leader or unit to add, a space to move to, or done";

fn ineligible(space: Space, reason: Ineligible) -> Option<Refusal> {
    Some(Refusal::Ineligible { space, reason })
}

/// A bare 1517 board, France at its impulse with `cp` CP to spend, its
/// regulars in Paris (2) and Grenoble (1), at war with the Hapsburg.
fn france_spends(cp: u8) -> Game {
    let mut game = board(3);
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Grenoble, Faction::France, LandUnits::regulars(1)).unwrap();
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    impulse(&mut game, Power::France, cp);
    assert_eq!(game.pending().kind, DecisionKind::SpendCp);
    game
}

/// Nobody decides in an edited position before its automatic steps, nor
/// in a finished game; `apply` keeps its own errors for both.
#[test]
fn nobody_decides_before_the_automatic_steps_or_after_the_end() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    assert_eq!(game.why_illegal(Action::Pass), Some(Refusal::NotReady));
    assert_eq!(game.apply(Action::Pass), Err(IllegalAction::NotReady));
    game.set_phase(Phase::VictoryDetermination).unwrap();
    game.set_turn(LAST_TURN).unwrap();
    game.run_automatic();
    assert!(game.outcome().is_some());
    assert_eq!(game.why_illegal(Action::Pass), Some(Refusal::GameOver));
    assert_eq!(game.why_illegal_by(Power::France, Action::Pass), Some(Refusal::GameOver));
    assert_eq!(game.apply(Action::Pass), Err(IllegalAction::GameOver));
}

/// The Ottoman opens the 1517 action phase (§11.1): France's claim is
/// refused; the Ottoman's own pass is legal.
#[test]
fn another_power_decides() {
    let game = action_phase(0);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(
        game.why_illegal_by(Power::France, Action::Pass),
        Some(Refusal::NotYourDecision { decider: Power::Ottoman })
    );
    assert_eq!(game.why_illegal_by(Power::Ottoman, Action::Pass), None);
    assert_eq!(game.why_illegal(Action::Pass), None);
}

/// An impulse takes a card or a pass: a move is of the wrong kind, and the
/// refusal names the decision wanted.
#[test]
fn an_action_of_the_wrong_kind() {
    let game = action_phase(0);
    let why = game.why_illegal(Action::MoveTo(Space::Paris));
    assert_eq!(why, Some(Refusal::WrongKind { wanted: DecisionKind::Impulse }));
    assert_eq!(why.unwrap().to_string(), "no action of that kind is open now (pending: impulse)");
    let spending = france_spends(2);
    assert_eq!(
        spending.why_illegal(Action::AddUnit(LandUnitKind::Regular)),
        Some(Refusal::WrongKind { wanted: DecisionKind::SpendCp })
    );
}

/// A card not in the hand is refused as such; `apply` says so in its error
/// and leaves the game unchanged.
#[test]
fn a_card_not_in_the_hand() {
    let mut game = action_phase(0);
    let why = Refusal::CardNotInHand { card: Card::Gout };
    assert_eq!(game.why_illegal(Action::PlayCp(Card::Gout)), Some(why));
    assert_eq!(game.why_illegal(Action::PlayEvent(Card::Gout)), Some(why));
    let before = game.clone();
    let err = game.apply(Action::PlayCp(Card::Gout)).unwrap_err();
    assert_eq!(
        err,
        IllegalAction::NotLegal { action: Action::PlayCp(Card::Gout), expected: "a card to play, or pass", why }
    );
    assert_eq!(game, before);
    let text = err.to_string();
    assert!(text.contains("is not legal now: the decision is a card to play, or pass: "), "{text}");
    assert!(text.ends_with("is not in the hand"), "{text}");
}

/// A mandatory event is never played for CP (§6.1), and a power holding
/// one may not pass (§11.1).
#[test]
fn a_mandatory_event_is_not_played_for_cp_nor_passed_over() {
    let mut game = action_phase(0);
    game.give_card(Power::Ottoman, Card::MasterOfItaly).unwrap();
    assert_eq!(
        game.why_illegal(Action::PlayCp(Card::MasterOfItaly)),
        Some(Refusal::NotForCp { card: Card::MasterOfItaly })
    );
    assert_eq!(game.why_illegal(Action::Pass), Some(Refusal::MayNotPass));
}

/// Lady Jane Grey (#19) needs a change of English ruler this turn: its
/// condition is not met; once played this turn it is refused for that.
#[test]
fn an_event_whose_condition_is_not_met_or_already_played() {
    let mut game = action_phase(1);
    game.give_card(Power::England, Card::Erasmus).unwrap();
    game.give_card(Power::France, Card::LadyJaneGrey).unwrap();
    to_impulse(&mut game, Power::France);
    let card = Card::LadyJaneGrey;
    assert_eq!(game.why_illegal(Action::PlayEvent(card)), Some(Refusal::EventConditionNotMet { card }));
    // Its CP remain open.
    assert_eq!(game.why_illegal(Action::PlayCp(card)), None);
    game.set_event_played(Power::England, card, true).unwrap();
    assert_eq!(game.why_illegal(Action::PlayEvent(card)), Some(Refusal::EventPlayedThisTurn { card }));
}

/// An action dearer than the CP left names its cost and the CP left
/// (§11.2): a regular costs 2, a debate 3.
#[test]
fn not_enough_cp() {
    let game = france_spends(1);
    assert_eq!(game.why_illegal(Action::RaiseRegular(Space::Paris)), Some(Refusal::NotEnoughCp { cost: 2, left: 1 }));
    assert_eq!(
        game.why_illegal(Action::CallDebate(LanguageZone::French)),
        Some(Refusal::NotEnoughCp { cost: 3, left: 1 })
    );
    // A regular for 2 CP is legal.
    assert_eq!(france_spends(2).why_illegal(Action::RaiseRegular(Space::Paris)), None);
}

/// A move across a pass costs 2 CP (§11.2): from Grenoble to Turin with 1 CP.
#[test]
fn a_move_across_a_pass_with_one_cp() {
    let mut game = france_spends(1);
    game.apply(Action::MoveFrom(Space::Grenoble)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert_eq!(game.why_illegal(Action::MoveTo(Space::Turin)), Some(Refusal::NotEnoughCp { cost: 2, left: 1 }));
    assert_eq!(game.why_illegal(Action::MoveTo(Space::Lyon)), None);
}

/// A formation steps to an adjacent space it may enter (§13.1): Lyon is
/// not next to Paris; Dijon, held by the Hapsburg, at peace with France,
/// may not be entered. A unit France does not field is not among the
/// choices.
#[test]
fn a_formation_step_not_adjacent_or_not_enterable() {
    let mut game = france_spends(2);
    game.set_war(Power::France, Power::Hapsburg, false).unwrap();
    game.set_controller(Space::Dijon, Faction::Hapsburg).unwrap();
    game.apply(Action::MoveFrom(Space::Paris)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert_eq!(
        game.why_illegal(Action::MoveTo(Space::Lyon)),
        Some(Refusal::NotAdjacent { from: Space::Paris, to: Space::Lyon })
    );
    assert_eq!(game.why_illegal(Action::MoveTo(Space::Dijon)), ineligible(Space::Dijon, Ineligible::MayNotEnter));
    assert_eq!(game.why_illegal(Action::MoveTo(Space::Orleans)), None);
    assert_eq!(
        game.why_illegal(Action::AddUnit(LandUnitKind::Cavalry)),
        Some(Refusal::NotListed { prompt: FORMATION_PROMPT })
    );
}

/// The origin of a move holds the power's units (§13.1).
#[test]
fn a_move_from_a_space_without_units() {
    let game = france_spends(2);
    assert_eq!(game.why_illegal(Action::MoveFrom(Space::Lyon)), ineligible(Space::Lyon, Ineligible::NoUnits));
    assert_eq!(game.why_illegal(Action::MoveFrom(Space::Paris)), None);
}

/// The control action (§12.2): not on a fortified space, not on one's
/// own, only where one's units occupy or dominate, and with a line of
/// communication.
#[test]
fn spaces_that_cannot_be_controlled() {
    let mut game = france_spends(1);
    assert_eq!(game.why_illegal(Action::Control(Space::Metz)), ineligible(Space::Metz, Ineligible::Fortified));
    assert_eq!(
        game.why_illegal(Action::Control(Space::Orleans)),
        ineligible(Space::Orleans, Ineligible::NotEnemyControlled)
    );
    assert_eq!(
        game.why_illegal(Action::Control(Space::Linz)),
        ineligible(Space::Linz, Ineligible::NotOccupiedOrAdjacent)
    );
    // French regulars deep in Hapsburg lands: no line of communication.
    game.set_land_units(Space::Linz, Faction::France, LandUnits::regulars(1)).unwrap();
    assert_eq!(
        game.why_illegal(Action::Control(Space::Linz)),
        Some(Refusal::NoLineOfCommunication { space: Space::Linz })
    );
    // Hapsburg regulars in it: unfriendly units.
    game.set_land_units(Space::Linz, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    assert_eq!(game.why_illegal(Action::Control(Space::Linz)), ineligible(Space::Linz, Ineligible::UnfriendlyUnits));
}

/// Raising and building (§17): only in a home space one controls, not in
/// unrest; squadrons only in ports. Unrest is removed only where it is (§12.4).
#[test]
fn spaces_that_cannot_raise_or_build() {
    let mut game = france_spends(2);
    game.set_controller(Space::Lyon, Faction::Hapsburg).unwrap();
    game.set_unrest(Space::Orleans, true).unwrap();
    assert_eq!(game.why_illegal(Action::RaiseRegular(Space::Linz)), ineligible(Space::Linz, Ineligible::NotHome));
    assert_eq!(game.why_illegal(Action::RaiseRegular(Space::Lyon)), ineligible(Space::Lyon, Ineligible::NotControlled));
    assert_eq!(
        game.why_illegal(Action::BuyMercenary(Space::Orleans)),
        ineligible(Space::Orleans, Ineligible::InUnrest)
    );
    assert_eq!(game.why_illegal(Action::BuildSquadron(Space::Paris)), ineligible(Space::Paris, Ineligible::NotAPort));
    assert_eq!(game.why_illegal(Action::RemoveUnrest(Space::Paris)), ineligible(Space::Paris, Ineligible::NoUnrest));
    assert_eq!(game.why_illegal(Action::BuyMercenary(Space::Paris)), None);
}

/// A naval move sails along a connection (§16.1): Marseille is a port on
/// the Gulf of Lyon only.
#[test]
fn ships_sail_only_along_connections() {
    let mut game = action_phase(11);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Gout);
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromPort(Space::Marseille)).unwrap();
    game.apply(Action::AddShip(NavalUnitKind::Squadron)).unwrap();
    assert_eq!(
        game.why_illegal(Action::NavalToSea(SeaZone::BayOfBiscay)),
        Some(Refusal::NoConnection { from: port(Space::Marseille), to: sea(SeaZone::BayOfBiscay) })
    );
    assert_eq!(
        game.why_illegal(Action::NavalToPort(Space::Genoa)),
        Some(Refusal::NoConnection { from: port(Space::Marseille), to: port(Space::Genoa) })
    );
    assert_eq!(game.why_illegal(Action::NavalToSea(SeaZone::GulfOfLyon)), None);
}

/// Checks one refusal against the position it was given in: each reason
/// is true of it.
fn check_refusal(game: &Game, action: Action, why: Refusal, legal: &[Action]) {
    let same_kind = |a: &Action| core::mem::discriminant(a) == core::mem::discriminant(&action);
    let Decider::Power(decider) = game.decider() else { panic!("a decision is pending") };
    match why {
        Refusal::NotEnoughCp { cost, left } => assert!(cost > left, "{action}: {why}"),
        Refusal::CardNotInHand { card } => assert!(!game.hand(decider).contains(card), "{action}: {why}"),
        Refusal::NotAdjacent { from, to } => assert!(!from.is_adjacent(to), "{action}: {why}"),
        Refusal::WrongKind { wanted } => {
            assert_eq!(wanted, game.pending().kind, "{action}");
            assert!(!legal.iter().any(same_kind), "{action}: {why}");
        }
        Refusal::NotListed { prompt } => assert_eq!(prompt, game.pending().prompt),
        Refusal::Ineligible { space, reason } => {
            let holds = match reason {
                Ineligible::NotInPlay => !game.in_play(space),
                Ineligible::Fortified => game.is_fortified(space),
                Ineligible::NotAPort => !space.is_port(),
                Ineligible::NoUnrest => !game.in_unrest(space),
                Ineligible::InUnrest => game.in_unrest(space),
                _ => true,
            };
            assert!(holds, "{action}: {why}");
        }
        Refusal::GameOver | Refusal::NotReady | Refusal::NotYourDecision { .. } => {
            panic!("{action}: {why} while {decider} decides")
        }
        _ => {}
    }
}

/// Along seeded random games of 1517 and the two-player game: at every
/// decision `why_illegal` is `None` for each legal action and `Some` for
/// each of a sample of the others (`is_legal` agrees both ways), each
/// reason holds of the position, and at every fifth decision `apply`
/// refuses a sample of the others with that reason, the game unchanged.
#[test]
fn why_illegal_agrees_with_is_legal_over_random_play() {
    let mut list = ActionList::new();
    let (mut legal_checked, mut illegal_checked, mut applied) = (0usize, 0usize, 0usize);
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    let games = [1, 2, 3]
        .map(|seed| (Scenario::Y1517, seed))
        .into_iter()
        .chain([4, 5, 6].map(|seed| (Scenario::TwoPlayer, seed)));
    for (scenario, seed) in games {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for step in 0..3000usize {
            game.legal_actions_into(&mut list);
            if list.is_empty() {
                break;
            }
            for &action in &list {
                assert!(game.is_legal(&action));
                assert_eq!(game.why_illegal(action), None, "{action} at {}", game.pending());
                legal_checked += 1;
            }
            // Random indexes, and the neighbours of a legal action's index
            // (mostly the same verb with another object).
            let near = list[step % list.len()].index();
            for j in 0..12u64 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let index = match j {
                    0 => near.saturating_sub(1),
                    1 => near + 1,
                    2 => near.saturating_sub(5),
                    3 => near + 5,
                    _ => state as ActionIndex,
                } % Action::COUNT as ActionIndex;
                let action = Action::from_index(index).expect("an index below COUNT");
                let why = game.why_illegal(action);
                assert_eq!(why.is_none(), game.is_legal(&action), "{action} at {}", game.pending());
                let Some(why) = why else { continue };
                illegal_checked += 1;
                check_refusal(&game, action, why, &list);
                *reasons
                    .entry(format!("{why:?}").split([' ', '{', '(']).next().unwrap_or_default().to_owned())
                    .or_default() += 1;
                if step % 5 == 0 && (j < 2 || j == 4) {
                    let mut copy = game.clone();
                    let expected = game.pending().prompt;
                    assert_eq!(copy.apply(action), Err(IllegalAction::NotLegal { action, expected, why }));
                    assert_eq!(copy, game, "{action}: the game is unchanged");
                    applied += 1;
                }
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = list[(state % list.len() as u64) as usize];
            game.apply(action).expect("a listed action applies");
        }
    }
    eprintln!("{legal_checked} legal, {illegal_checked} illegal checked, {applied} applied; reasons: {reasons:?}");
    assert!(
        legal_checked > 10_000 && illegal_checked > 20_000 && applied > 500,
        "{legal_checked} {illegal_checked} {applied}"
    );
    // The sample meets more than the catch-all.
    for reason in ["WrongKind", "NotListed", "NotEnoughCp", "CardNotInHand", "Ineligible", "NotAdjacent"] {
        assert!(reasons.contains_key(reason), "{reasons:?}");
    }
}

/// `Game::spend_cost` (issue #34 item 6): the printed cost of an action
/// at a CP spending, which is what the action takes off the CP left.
#[test]
fn spend_cost_is_what_the_action_takes() {
    let mut game = common::action_phase(2);
    game.set_controller(Space::Paris, Faction::France).unwrap();
    common::impulse(&mut game, Power::France, 4);
    assert_eq!(game.spend_cost(Action::RaiseRegular(Space::Paris)), Some(2));
    assert_eq!(game.spend_cost(Action::BuyMercenary(Space::Paris)), Some(1));
    assert_eq!(game.spend_cost(Action::MoveFrom(Space::Paris)), None);
    assert!(game.is_legal(&Action::RaiseRegular(Space::Paris)));
    let before = game.pending().cp.unwrap();
    game.apply(Action::RaiseRegular(Space::Paris)).unwrap();
    assert_eq!(game.pending().cp, Some(before - 2));
    assert_eq!(game.spend_cost(Action::BuyMercenary(Space::Paris)), Some(1));
}
