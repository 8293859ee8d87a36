//! `Game` deserialization (serde JSON) never panics, and what it accepts is
//! a game the engine can play: it validates, it serializes back to an equal
//! game, and listing, applying and observing do not panic.
//!
//! Two kinds of input. Raw: the bytes as JSON (any input not starting with
//! the tag byte 0xff). Edited: 0xff, a scenario byte, 8 seed bytes and a
//! step count; the game is played that many random steps (a generator
//! seeded by the seed), serialized, and then each further 3 bytes overwrite
//! one byte of the text (2 bytes of position, 1 of value). Edits of a real
//! position reach the validation far better than raw bytes do.
#![no_main]

use here_i_stand::{ActionList, Decider, Game, Power, Scenario, Setup};
use libfuzzer_sys::fuzz_target;

const EDITED: u8 = 0xff;

/// The serialized position an edited input describes, with its edits made.
fn edited_text(data: &[u8]) -> Option<Vec<u8>> {
    let (header, edits) = data.split_first_chunk::<11>()?;
    let scenario = match header[1] % 3 {
        0 => Scenario::Y1517,
        1 => Scenario::Y1532,
        _ => Scenario::TwoPlayer,
    };
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&header[2..10]);
    let seed = u64::from_le_bytes(seed);
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut state = seed | 1;
    let mut actions = ActionList::new();
    for _ in 0..u32::from(header[10]) * 4 {
        if !matches!(game.decider(), Decider::Power(_)) {
            break;
        }
        game.legal_actions_into(&mut actions);
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let action = actions[((state >> 33) as usize) % actions.len()];
        game.apply(action).ok()?;
    }
    let mut text = serde_json::to_vec(&game).ok()?;
    for edit in edits.chunks_exact(3) {
        let at = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % text.len();
        text[at] = edit[2];
    }
    Some(text)
}

/// What the engine promises about any game it accepted.
fn exercise(mut game: Game) {
    if let Err(e) = game.validate() {
        panic!("an accepted game is invalid: {e}");
    }
    let text = serde_json::to_string(&game).expect("an accepted game serializes");
    let back: Game = serde_json::from_str(&text).expect("a serialized game reads back");
    assert!(back == game, "the round trip changed the game");
    for power in Power::ALL {
        let _ = game.observation(power);
    }
    if game.decider() == Decider::Nobody {
        game.run_automatic();
    }
    let actions = game.legal_actions();
    for &action in actions.first().into_iter().chain(actions.last()) {
        let mut copy = game.clone();
        if let Err(e) = copy.apply(action) {
            panic!("listed {action} refused: {e}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let parsed = if data.first() == Some(&EDITED) {
        let Some(text) = edited_text(data) else { return };
        serde_json::from_slice::<Game>(&text)
    } else {
        serde_json::from_slice::<Game>(data)
    };
    if let Ok(game) = parsed {
        exercise(game);
    }
});
