//! Perft (issue #31, item 3): the number of distinct action sequences of
//! depth 1-4 from fixed positions, pinned. Any change in what the rules
//! offer, or in what an action leads to, changes one of these counts; a
//! count that changes must be explained by the change that moved it.

use here_i_stand::{ActionList, Decider, DecisionKind, Game, Phase, Scenario, Setup};

/// The first position of seeded random play (scenario, seed) that `stop`
/// accepts.
fn first(scenario: Scenario, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    reach(scenario, seed, &stop).expect("the game ended before the position")
}

/// The first position of seeded random play that `stop` accepts, if the
/// game reaches one.
fn reach(scenario: Scenario, seed: u64, stop: &impl Fn(&Game) -> bool) -> Option<Game> {
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut list = ActionList::new();
    while !stop(&game) {
        if !matches!(game.decider(), Decider::Power(_)) {
            return None;
        }
        game.legal_actions_into(&mut list);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.apply(list[(state % list.len() as u64) as usize]).expect("a listed action applies");
    }
    Some(game)
}

fn kind(game: &Game) -> DecisionKind {
    game.pending().kind
}

/// The first impulse of the 1517 action phase (turn 1).
fn action_phase_1517() -> Game {
    first(Scenario::Y1517, 1, |g| g.phase() == Phase::Action && kind(g) == DecisionKind::Impulse)
}

/// The first deal of the 1532 negotiation segment.
fn negotiation_1532() -> Game {
    first(Scenario::Y1532, 2, |g| kind(g) == DecisionKind::Deal)
}

/// The first combat-card window of a 1517 field battle in which the
/// decider has a card to play.
fn field_battle_1517() -> Game {
    let stop = |g: &Game| kind(g) == DecisionKind::CombatCards && g.legal_actions().len() > 1;
    (3..).find_map(|seed| reach(Scenario::Y1517, seed, &stop)).expect("some game reaches it")
}

/// The first winter return of a 1517 game.
fn winter_1517() -> Game {
    first(Scenario::Y1517, 4, |g| kind(g) == DecisionKind::WinterReturn)
}

/// The first spending of CP in the two-player game.
fn two_player_impulse() -> Game {
    first(Scenario::TwoPlayer, 5, |g| kind(g) == DecisionKind::SpendCp)
}

/// The counts of depth 1-4 from each position. A change here is a change
/// in move generation: explain it in the commit that re-pins it.
#[test]
fn perft_counts() {
    let expected: [(&str, Game, [u64; 4]); 5] = [
        ("1517 action phase", action_phase_1517(), [5, 173, 5071, 117_675]),
        ("1532 negotiation", negotiation_1532(), [53, 2762, 138_556, 6_808_973]),
        ("1517 field battle", field_battle_1517(), [2, 3, 4, 21]),
        ("1517 winter", winter_1517(), [2, 3, 4, 8]),
        ("2p spending", two_player_impulse(), [10, 67, 424, 3028]),
    ];
    let got: Vec<(&str, [u64; 4])> =
        expected.iter().map(|(name, game, _)| (*name, [1, 2, 3, 4].map(|d| game.perft(d)))).collect();
    let want: Vec<(&str, [u64; 4])> = expected.iter().map(|(name, _, counts)| (*name, *counts)).collect();
    assert_eq!(got, want);
}

/// Depth 1 is the listing's length, wherever the game stands.
#[test]
fn perft_one_is_the_listing() {
    for game in [action_phase_1517(), negotiation_1532(), winter_1517()] {
        assert_eq!(game.perft(1), game.legal_actions().len() as u64);
        assert_eq!(game.perft(0), 1);
    }
}
