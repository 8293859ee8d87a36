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

use here_i_stand::{Action, ActionList, Decider, Game, Scenario, Setup};
use libfuzzer_sys::fuzz_target;

/// The game the header describes, and the bytes after it. Header: a
/// scenario byte, the seed (8 bytes, little-endian), and a byte `skip`:
/// `4 * skip` random legal actions (from a generator seeded by the seed) are
/// played first, so that short inputs reach late positions too.
fn start(data: &[u8]) -> (Game, &[u8]) {
    let (header, rest) = data.split_at(data.len().min(10));
    let mut bytes = [0u8; 10];
    bytes[..header.len()].copy_from_slice(header);
    let scenario = match bytes[0] % 3 {
        0 => Scenario::Y1517,
        1 => Scenario::Y1532,
        _ => Scenario::TwoPlayer,
    };
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&bytes[1..9]);
    let seed = u64::from_le_bytes(seed);
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut state = seed | 1;
    let mut actions = ActionList::new();
    for _ in 0..u32::from(bytes[9]) * 4 {
        if !matches!(game.decider(), Decider::Power(_)) {
            break;
        }
        game.legal_actions_into(&mut actions);
        assert!(!actions.is_empty(), "{:?} has no legal action", game.decider());
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let action = actions[((state >> 33) as usize) % actions.len()];
        assert!(game.apply(action).is_ok(), "listed {action} refused while skipping");
    }
    (game, rest)
}

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
