//! Random legal playouts: every game ends, and at every step the engine's
//! promises hold (the list is non-empty until the end, every listed action
//! applies, `is_legal` agrees, indexes and notation round-trip, an unlisted
//! action is refused and leaves the game unchanged).

use here_i_stand::*;
use proptest::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// More decisions than any game takes; reaching it means a stall.
const DECISION_BOUND: u32 = 200_000;

fn pick(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Plays one game with random legal actions; `check` runs before each step.
fn playout(scenario: Scenario, seed: u64, mut check: impl FnMut(&Game, &ActionList, &mut Pcg64Mcg)) -> (Game, u32) {
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut rng = Pcg64Mcg::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut actions = ActionList::new();
    let mut decisions = 0;
    while let Decider::Power(_) = game.decider() {
        game.legal_actions_into(&mut actions);
        assert!(!actions.is_empty(), "seed {seed}: no legal action at decision {decisions}");
        check(&game, &actions, &mut rng);
        let action = actions[pick(&mut rng, actions.len())];
        game.apply(action).unwrap_or_else(|e| panic!("seed {seed}: listed {action} refused: {e}"));
        decisions += 1;
        assert!(decisions < DECISION_BOUND, "seed {seed}: stalled");
    }
    assert!(matches!(game.decider(), Decider::Terminal(_)), "seed {seed}: ended without an outcome");
    assert!(game.legal_actions().is_empty());
    (game, decisions)
}

/// The promises checked at every step.
fn check_step(game: &Game, actions: &ActionList, rng: &mut Pcg64Mcg) {
    let mut sorted = actions.clone();
    sorted.sort_unstable_by_key(|a| a.index());
    sorted.dedup();
    assert_eq!(&sorted, actions, "legal actions not in index order or repeated");
    for &action in actions {
        assert!(game.is_legal(&action));
        assert_eq!(Action::from_index(action.index()), Some(action));
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    // A serde round trip gives the same game.
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(game).expect("serializes");
        let back: Game = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(&back, game);
    }
    // Nothing unbuilt is offered or held: only built events are offered, as
    // `can_play_event` says, and only built mandatory events are in hands
    // (README, "What is not built yet").
    let Decider::Power(decider) = game.decider() else { unreachable!("a decision") };
    for &action in actions {
        if let Action::PlayEvent(card) = action {
            assert!(rules::events::event_built(card) && game.can_play_event(decider, card), "{action}");
        }
    }
    for power in Power::ALL {
        assert!(game.hand(power).iter().all(|c| c.kind() != CardKind::Mandatory || rules::events::event_built(c)));
    }
    // Every action on a space agrees between `is_legal` and the list (some
    // decisions check one action without listing them all).
    for space in Space::ALL {
        for action in [
            Action::MoveFrom(space),
            Action::Control(space),
            Action::RemoveUnrest(space),
            Action::RaiseRegular(space),
            Action::BuyMercenary(space),
            Action::RaiseCavalry(space),
            Action::BuildSquadron(space),
            Action::BuildCorsair(space),
            Action::MoveTo(space),
        ] {
            assert_eq!(game.is_legal(&action), actions.contains(&action), "{action}");
        }
    }
    for action in [Action::Done, Action::Pass, Action::NavalMove, Action::Decline] {
        assert_eq!(game.is_legal(&action), actions.contains(&action), "{action}");
    }
    let units = LandUnitKind::ALL.into_iter().map(Action::AddUnit);
    for action in units.chain(Leader::ALL.into_iter().map(Action::AddLeader)) {
        assert_eq!(game.is_legal(&action), actions.contains(&action), "{action}");
    }
    // A card to play: `is_legal` checks the one card named without
    // listing, and agrees with the list on every card either way.
    if game.pending().kind == DecisionKind::Impulse {
        for card in Card::ALL {
            for action in [Action::PlayCp(card), Action::PlayEvent(card)] {
                assert_eq!(game.is_legal(&action), actions.contains(&action), "{action}");
            }
        }
    }
    // The decisions `is_legal` answers without listing (response windows,
    // deals, the negotiation segment) agree with the list on every action,
    // at one such position in 16.
    let unlisted =
        matches!(game.pending().kind, DecisionKind::Response | DecisionKind::Deal | DecisionKind::Negotiation);
    if unlisted && game.zobrist() % 16 == 0 {
        for index in 0..Action::COUNT as u32 {
            if let Some(action) = Action::from_index(index) {
                assert_eq!(game.is_legal(&action), actions.contains(&action), "{action}");
            }
        }
    }
    // A few random indexes that are not listed are refused, leaving the game as it was.
    for _ in 0..4 {
        let index = pick(rng, Action::COUNT) as u32;
        let Some(action) = Action::from_index(index) else {
            continue;
        };
        if actions.contains(&action) {
            continue;
        }
        assert!(!game.is_legal(&action));
        let mut copy = game.clone();
        assert!(copy.apply(action).is_err());
        assert_eq!(&copy, game);
    }
}

#[test]
fn two_hundred_random_games_end() {
    for (i, scenario) in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer].into_iter().enumerate() {
        let games = if scenario == Scenario::Y1517 { 120 } else { 40 };
        for seed in 0..games {
            playout(scenario, 1000 * i as u64 + seed, |_, _, _| {});
        }
    }
}

/// 10,000 games: `HIS_LONG_RUNS=1 cargo test --release --test suite playouts:: -- --ignored`.
#[test]
#[ignore = "long: run with HIS_LONG_RUNS=1 and --ignored"]
fn ten_thousand_random_games_end() {
    if std::env::var_os("HIS_LONG_RUNS").is_none() {
        return;
    }
    for seed in 0..10_000u64 {
        let scenario = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer][(seed % 3) as usize];
        playout(scenario, seed, |_, _, _| {});
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn every_step_keeps_the_promises(seed in any::<u64>(), scenario in 0usize..3) {
        let scenario = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer][scenario];
        playout(scenario, seed, check_step);
    }
}

/// Same setup, same actions: same game.
#[test]
fn determinism() {
    let (a, n) = playout(Scenario::Y1517, 77, |_, _, _| {});
    let (b, m) = playout(Scenario::Y1517, 77, |_, _, _| {});
    assert_eq!(n, m);
    assert_eq!(a, b);
}

/// Re-dealing what a viewer cannot see leaves its observation unchanged.
#[test]
fn determinize_keeps_the_observation() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut seen = 0;
    playout(Scenario::Y1517, 9, |game, _, _| {
        if seen < 50 {
            seen += 1;
            for viewer in Power::ALL {
                let other = game.determinize(viewer, &mut rng);
                assert_eq!(other.observation(viewer), game.observation(viewer));
            }
        }
    });
}

/// A determinized observation (or its board) is a full game whose
/// observation is that observation (issue #19 item 1).
#[test]
fn an_observation_determinizes_to_a_game_it_describes() {
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    let mut seen = 0;
    playout(Scenario::Y1517, 12, |game, _, _| {
        if seen < 40 {
            seen += 1;
            for viewer in Power::ALL {
                let observation = game.observation(viewer);
                let whole = observation.determinize(&mut rng);
                assert_eq!(whole.observation(viewer), observation);
                assert_eq!(whole.validate(), Ok(()));
                let from_board = observation.board().determinize(viewer, &mut rng);
                assert_eq!(from_board.observation(viewer), observation);
            }
        }
    });
}
