//! Structure-aware mutation of real mid-game saves: a position from random
//! play (the 10-byte header of `common::start`) is saved as JSON, mutated
//! leaf by leaf (numbers, ids, flags, frame fields, cards in hands: the
//! mutator of `tests/common/mutate.rs`, driven by the input's next bytes),
//! and loaded. Loading never panics; a save that loads plays on for 200
//! random steps (the input's last bytes seed them), each position passing
//! `Game::validate`, each decider offered an action, each listed action
//! applying.
#![no_main]

#[path = "common/start.rs"]
mod common;
#[path = "../../tests/common/mutate.rs"]
mod mutate;

use here_i_stand::{ActionList, Decider, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (game, rest) = common::start(data);
    let Some((&count, bytes)) = rest.split_first() else { return };
    let Ok(mut save) = serde_json::to_value(&game) else { return };
    let mut cursor = bytes.iter().copied().cycle();
    let mut next = || cursor.next().unwrap_or(0);
    mutate::mutate(&mut save, usize::from(count % 4) + 1, &mut next);
    let Ok(mut game) = serde_json::from_value::<Game>(save) else { return };
    let mut state = bytes.iter().fold(0x9e37_79b9_7f4a_7c15u64, |s, &b| s.rotate_left(5) ^ u64::from(b)) | 1;
    let mut list = ActionList::new();
    for step in 0..200 {
        if let Err(e) = game.validate() {
            panic!("step {step}: a loaded mutant fails validate: {e}");
        }
        if game.decider() == Decider::Nobody {
            game.run_automatic();
        }
        if matches!(game.decider(), Decider::Terminal(_)) {
            return;
        }
        game.legal_actions_into(&mut list);
        assert!(!list.is_empty(), "step {step}: {:?} has no legal action", game.decider());
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = list[(state % list.len() as u64) as usize];
        if let Err(e) = game.apply(action) {
            panic!("step {step}: listed {action} refused: {e}");
        }
    }
});
