//! Shared by the game fuzz targets: the game a 10-byte header describes.

use here_i_stand::{ActionList, Decider, Game, Scenario, Setup};

/// The game the header describes, and the bytes after it. Header: a
/// scenario byte, the seed (8 bytes, little-endian), and a byte `skip`:
/// `4 * skip` random legal actions (from a generator seeded by the seed) are
/// played first, so that short inputs reach late positions too.
pub fn start(data: &[u8]) -> (Game, &[u8]) {
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
