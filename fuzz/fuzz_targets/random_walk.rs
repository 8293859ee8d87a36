//! A random walk through a game: a 10-byte header chooses the scenario, the
//! seed and a number of random steps to skip (see `start`), then each
//! further byte picks one of the legal actions. Every listed
//! action must apply, a game waiting for a power must offer it an action,
//! and every position reached must pass `Game::validate`.
#![no_main]

use here_i_stand::{ActionList, Decider};
use libfuzzer_sys::fuzz_target;

#[path = "common/start.rs"]
mod common;
use common::start;

fuzz_target!(|data: &[u8]| {
    let (mut game, steps) = start(data);
    let mut actions = ActionList::new();
    for (step, &byte) in steps.iter().enumerate() {
        match game.decider() {
            Decider::Power(_) => {}
            Decider::Terminal(_) => {
                assert!(game.legal_actions().is_empty(), "a finished game offers actions");
                return;
            }
            Decider::Nobody => panic!("step {step}: a started game waits for nobody"),
        }
        game.legal_actions_into(&mut actions);
        assert!(!actions.is_empty(), "step {step}: {:?} has no legal action", game.decider());
        let action = actions[usize::from(byte) % actions.len()];
        if let Err(e) = game.apply(action) {
            panic!("step {step}: listed {action} refused: {e}");
        }
        if let Err(e) = game.validate() {
            panic!("step {step}: after {action} the position is invalid: {e}");
        }
    }
});
