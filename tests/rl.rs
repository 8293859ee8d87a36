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
