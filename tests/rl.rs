//! The interface for search and reinforcement learning through the public
//! API: generators from `rand` 0.10, the action mask, the returns, the
//! observation tensor.

use here_i_stand::rand_core::{Rng, SeedableRng};
use here_i_stand::rand_pcg::Pcg64Mcg;
use here_i_stand::{Game, Power, Scenario, Setup};

/// A game some way in, by the first legal action each time.
fn advanced(scenario: Scenario, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(Setup::new(scenario, seed));
    for _ in 0..steps {
        let Some(&action) = game.legal_actions().first() else { break };
        game.apply(action).unwrap();
    }
    game
}

mod generators {
    use super::*;

    /// `determinize` takes a `rand` 0.10 generator as it is.
    #[test]
    fn determinize_takes_a_rand_generator() {
        let game = advanced(Scenario::Y1517, 3, 40);
        let mut small = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(7);
        let a = game.determinize(Power::Papacy, &mut small);
        assert_eq!(a.observation(Power::Papacy), game.observation(Power::Papacy));
        assert_eq!(a.hand(Power::Papacy), game.hand(Power::Papacy));
    }

    /// ... and a generator behind `dyn Rng`, and the re-exported `Pcg64Mcg`;
    /// the same generator state gives the same game.
    #[test]
    fn determinize_takes_a_dyn_generator_and_is_repeatable() {
        let game = advanced(Scenario::Y1517, 4, 40);
        let mut pcg = Pcg64Mcg::seed_from_u64(11);
        let dynamic: &mut dyn Rng = &mut pcg;
        let a = game.determinize(Power::France, dynamic);
        let b = game.determinize(Power::France, &mut Pcg64Mcg::seed_from_u64(11));
        assert_eq!(a, b);
        let others: Vec<_> = Power::ALL.into_iter().filter(|&p| p != Power::France).collect();
        let c = game.determinize(Power::France, &mut Pcg64Mcg::seed_from_u64(12));
        assert!(others.iter().any(|&p| a.hand(p) != c.hand(p)), "another seed, another deal");
    }
}

/// Plays a random game to its end (or `limit` decisions), calling `check`
/// before each decision.
fn playout(scenario: Scenario, seed: u64, limit: usize, mut check: impl FnMut(&Game)) -> Game {
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x2545_f491);
    for _ in 0..limit {
        check(&game);
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let pick = ((u128::from(rng.next_u64()) * actions.len() as u128) >> 64) as usize;
        game.apply(actions[pick]).unwrap();
    }
    game
}

mod mask {
    use super::*;
    use here_i_stand::{Action, ActionIndex, BufferLengthError};

    /// The mask is true exactly at the listed actions' indexes, and its
    /// count is theirs.
    #[test]
    fn the_mask_is_the_legal_actions() {
        let mut mask = vec![true; Action::COUNT];
        playout(Scenario::Y1517, 21, 3_000, |game| {
            let legal = game.legal_actions();
            assert_eq!(game.legal_action_mask(&mut mask), Ok(legal.len()));
            let set: Vec<ActionIndex> = (0..Action::COUNT as ActionIndex).filter(|&i| mask[i as usize]).collect();
            let listed: Vec<ActionIndex> = legal.iter().map(|a| a.index()).collect();
            assert_eq!(set, listed);
        });
    }

    /// A mask of the wrong length is an error and is left as it was.
    #[test]
    fn a_wrong_length_is_refused_untouched() {
        let game = Game::new(Setup::new(Scenario::Y1517, 1));
        for len in [0, Action::COUNT - 1, Action::COUNT + 1] {
            let mut mask = vec![true; len];
            assert_eq!(game.legal_action_mask(&mut mask), Err(BufferLengthError { expected: Action::COUNT, got: len }));
            assert!(mask.iter().all(|&m| m));
        }
    }

    /// At the end of the game nothing is legal: the mask is all false.
    #[test]
    fn the_mask_is_empty_at_the_end() {
        let game = playout(Scenario::TwoPlayer, 2, 100_000, |_| {});
        assert!(game.outcome().is_some());
        let mut mask = vec![true; Action::COUNT];
        assert_eq!(game.legal_action_mask(&mut mask), Ok(0));
        assert!(mask.iter().all(|&m| !m));
    }
}

mod returns {
    use super::*;

    /// Before the end every return is 0; at the end the winner's is 1 and
    /// the others' 0.
    #[test]
    fn winner_one_others_zero() {
        for seed in 1..4 {
            let game = playout(Scenario::TwoPlayer, seed, 100_000, |game| {
                if game.outcome().is_none() {
                    assert_eq!(game.returns(), [0.0; Power::COUNT]);
                }
            });
            let winner = game.outcome().expect("the game ended").winner;
            let returns = game.returns();
            for power in Power::ALL {
                assert_eq!(returns[power.index()], if power == winner { 1.0 } else { 0.0 });
            }
        }
    }
}

mod scenario {
    use super::*;

    /// §24.3: in the two-player variant only the Papacy and the Protestant
    /// decide; in the others, all six powers, in impulse order.
    #[test]
    fn only_the_scenario_powers_decide() {
        assert_eq!(Scenario::Y1517.powers(), &Power::ALL);
        assert_eq!(Scenario::Y1532.powers(), &Power::ALL);
        assert_eq!(Scenario::TwoPlayer.powers(), &[Power::Papacy, Power::Protestant]);
        for seed in 1..6 {
            playout(Scenario::TwoPlayer, seed, 100_000, |game| {
                if let here_i_stand::Decider::Power(p) = game.decider() {
                    assert!(Scenario::TwoPlayer.powers().contains(&p), "seed {seed}: {p} decides");
                }
            });
        }
    }
}

mod encode {
    use super::*;
    use here_i_stand::{BufferLengthError, Faction, Observation, Space};

    fn encoded(game: &Game, viewer: Power) -> Vec<f32> {
        let mut planes = vec![f32::NAN; Observation::LEN];
        game.observation(viewer).encode(&mut planes).unwrap();
        planes
    }

    /// Every one of the `LEN` entries is written, for every viewer and
    /// scenario, and only finite numbers.
    #[test]
    fn writes_exactly_len() {
        for scenario in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer] {
            let game = advanced(scenario, 5, 60);
            for viewer in Power::ALL {
                assert!(encoded(&game, viewer).iter().all(|x| x.is_finite()), "{scenario:?} {viewer}");
            }
        }
    }

    /// A buffer of the wrong length is an error and is left as it was.
    #[test]
    fn a_wrong_length_is_refused_untouched() {
        let observation = Game::new(Setup::new(Scenario::Y1517, 1)).observation(Power::England);
        for len in [0, Observation::LEN - 1, Observation::LEN + 1] {
            let mut planes = vec![7.0; len];
            assert_eq!(
                observation.encode(&mut planes),
                Err(BufferLengthError { expected: Observation::LEN, got: len })
            );
            assert!(planes.iter().all(|&x| x == 7.0));
        }
    }

    /// Other positions and other viewers give other vectors; the same
    /// observation gives the same vector; what the viewer cannot see does
    /// not change it. (Steps inside one procedure, such as adding units to
    /// a formation, change the decision blocks: `observation_context`.)
    #[test]
    fn differs_between_positions() {
        let mut seen: Vec<Vec<f32>> = Vec::new();
        let game = playout(Scenario::Y1517, 8, 200, |game| {
            let planes = encoded(game, Power::Hapsburg);
            assert_eq!(planes, encoded(game, Power::Hapsburg));
            seen.push(planes);
        });
        let changes = seen.windows(2).filter(|w| w[0] != w[1]).count();
        seen.sort_by(|a, b| a.partial_cmp(b).unwrap());
        seen.dedup();
        assert!(changes >= 100 && seen.len() >= 100, "{changes} changes, {} distinct in 200 steps", seen.len());
        assert_ne!(encoded(&game, Power::Hapsburg), encoded(&game, Power::France));
        let redealt = game.redeal_hidden(Power::Hapsburg, &mut Pcg64Mcg::seed_from_u64(1));
        assert_eq!(encoded(&redealt, Power::Hapsburg), encoded(&game, Power::Hapsburg));
    }

    /// The vector holds what the board shows: one more French regular in
    /// Paris changes exactly one entry, by one; the viewer's hand shows.
    #[test]
    fn units_and_hand_show() {
        let game = advanced(Scenario::Y1517, 9, 30);
        let before = encoded(&game, Power::France);
        let mut edited = game.clone();
        let mut units = game.land_units(Space::Paris, Faction::France);
        units.regulars += 1;
        edited.set_land_units(Space::Paris, Faction::France, units).unwrap();
        let after = encoded(&edited, Power::France);
        let changed: Vec<usize> = (0..Observation::LEN).filter(|&i| before[i] != after[i]).collect();
        assert_eq!(changed.len(), 1);
        assert_eq!(after[changed[0]] - before[changed[0]], 1.0);
        let ones = before.iter().filter(|&&x| x == 1.0).count();
        // Home cards stay (they cannot be discarded).
        let discardable: Vec<here_i_stand::Card> =
            game.hand(Power::France).iter().filter(|c| c.kind() != here_i_stand::CardKind::Home).collect();
        let hand = discardable.len();
        assert!(hand > 0);
        let mut empty = game.clone();
        for card in discardable {
            empty.discard_card(card).unwrap();
        }
        let without = encoded(&empty, Power::France);
        // A hand left with one card (a home card) shows its size as a new 1.0.
        let size_one = usize::from(empty.hand(Power::France).len() == 1);
        assert!(ones + size_one - without.iter().filter(|&&x| x == 1.0).count() >= hand);
    }
}

/// The layout's length, pinned: a change of it is a breaking change for
/// models trained on it (CHANGELOG).
#[test]
fn the_lengths_are_pinned() {
    assert_eq!(here_i_stand::Observation::LEN, 16_691);
    assert_eq!(here_i_stand::Action::COUNT, 5_715);
}

/// The 64-bit Zobrist position hash (`Game::zobrist`, `Game`'s `Hash`).
mod zobrist {
    use super::*;
    use here_i_stand::{Faction, LandUnits, Space};
    use std::collections::HashSet;

    /// The board's key, kept up to date by every change, equals its full
    /// recomputation after every action of random play in each scenario
    /// (`tests/invariants.rs` checks it too, at every step of its games).
    #[test]
    fn the_incremental_key_matches_a_recomputation() {
        for scenario in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer] {
            let mut distinct = HashSet::new();
            let mut steps = 0;
            playout(scenario, 21, 3000, |game| {
                assert_eq!(game.zobrist_board(), game.zobrist_board_recomputed());
                distinct.insert(game.zobrist());
                steps += 1;
            });
            // Positions repeat rarely in random play: a hash that ignored the
            // position would give one value.
            assert!(distinct.len() * 10 > steps * 9, "{} distinct hashes of {steps}", distinct.len());
        }
    }

    #[test]
    fn equal_games_hash_alike_and_edits_keep_the_key() {
        let game = advanced(Scenario::Y1517, 5, 200);
        let copy = game.clone();
        assert_eq!(copy.zobrist(), game.zobrist());
        let mut set = HashSet::new();
        set.insert(game.clone());
        assert!(set.contains(&copy));
        let mut edited = game.clone();
        edited.set_controller(Space::Dijon, Faction::Hapsburg).unwrap();
        edited.set_unrest(Space::Lyon, true).unwrap();
        edited.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(2)).unwrap();
        assert_eq!(edited.zobrist_board(), edited.zobrist_board_recomputed());
        assert_ne!(edited.zobrist(), game.zobrist());
        assert!(!set.contains(&edited));
        // Undoing the edits gives the same hash back.
        edited.set_controller(Space::Dijon, game.controller(Space::Dijon)).unwrap();
        edited.set_unrest(Space::Lyon, game.in_unrest(Space::Lyon)).unwrap();
        edited.set_land_units(Space::Lyon, Faction::France, game.land_units(Space::Lyon, Faction::France)).unwrap();
        assert_eq!(edited.zobrist(), game.zobrist());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_loaded_game_has_the_same_hash() {
        let game = advanced(Scenario::Y1532, 8, 300);
        let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(back.zobrist(), game.zobrist());
    }
}
