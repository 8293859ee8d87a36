//! The scenarios' starting positions (§24).

use crate::game::{Game, Scenario};

/// Lays out the starting position of `game.setup().scenario`.
pub(crate) fn apply_scenario(game: &mut Game) {
    match game.scenario() {
        Scenario::Y1517 | Scenario::Y1532 | Scenario::TwoPlayer => {}
    }
}
