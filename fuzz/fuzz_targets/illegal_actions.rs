//! Arbitrary actions, legal or not, against positions from random play. A
//! 10-byte header chooses the scenario, the seed and a number of random
//! steps to skip (see `start`); then each step starts
//! with a tag byte: even, the next byte picks a legal action (to go deeper
//! into the game); odd, the next 4 bytes are a `u32` action index. Any index
//! decodes through `Action::from_index` without a panic (`None` exactly past
//! `Action::COUNT`); the index modulo `Action::COUNT` is applied: `apply`
//! must return `Ok` exactly when the action is legal, never panic, and on
//! `Err` leave the game equal to its clone from before.
#![no_main]

use here_i_stand::{Action, ActionList, Decider};
use libfuzzer_sys::fuzz_target;

#[path = "common/start.rs"]
mod common;
use common::start;

fuzz_target!(|data: &[u8]| {
    let (mut game, mut rest) = start(data);
    let mut actions = ActionList::new();
    while let Some((&tag, tail)) = rest.split_first() {
        let over = !matches!(game.decider(), Decider::Power(_));
        if tag % 2 == 0 {
            let Some((&byte, tail)) = tail.split_first() else { return };
            rest = tail;
            game.legal_actions_into(&mut actions);
            if over || actions.is_empty() {
                continue;
            }
            let action = actions[usize::from(byte) % actions.len()];
            assert!(game.apply(action).is_ok(), "listed {action} refused");
        } else {
            let Some((index, tail)) = tail.split_first_chunk::<4>() else { return };
            rest = tail;
            let index = u32::from_le_bytes(*index);
            let decoded = Action::from_index(index);
            assert_eq!(decoded.is_some(), (index as usize) < Action::COUNT, "from_index({index})");
            if let Some(action) = decoded {
                assert_eq!(action.index(), index);
            }
            let Some(action) = Action::from_index(index % Action::COUNT as u32) else {
                panic!("no action at index {} below COUNT", index % Action::COUNT as u32)
            };
            let legal = game.is_legal(&action);
            let before = game.clone();
            match game.apply(action) {
                Ok(()) => assert!(legal, "unlisted {action} applied"),
                Err(e) => {
                    assert!(!legal, "listed {action} refused: {e}");
                    assert!(game == before, "refused {action} changed the game");
                }
            }
        }
    }
});
