//! Minor powers switched by events (§22): the shared helper of #68 Andrea
//! Doria and #116 Rough Wooing, over `rules::minor`.

use crate::engine::Log;
use crate::event::Event;
use crate::game::Game;
use crate::rules::minor;
use crate::types::{MinorPower, Power, Space};

/// Deactivates `minor` from its present ally, if any (§22.4), then
/// activates it as `power`'s ally (§22.2), through `rules::minor`; each
/// change of control is reported. Our ruling: an event's activation makes
/// no free declaration of war on the new ally (the powers at war with the
/// minor are treated as declining). Returns whether the activation happened.
pub(super) fn switch_minor(game: &mut Game, minor: MinorPower, power: Power, log: &mut dyn Log) -> bool {
    let before = game.control;
    if let Some(former) = game.minor_ally(minor) {
        if former == power {
            return false;
        }
        let Some(d) = minor::deactivation(game, minor) else { return false };
        if minor::apply_deactivation(game, &d).is_err() {
            return false;
        }
        log.event(Event::MinorDeactivated { minor, former });
    }
    let activated = match minor::activation(game, power, minor) {
        Some(a) => minor::apply_activation(game, &a, Default::default()).is_ok(),
        None => false,
    };
    for space in Space::ALL {
        let (from, to) = (before[space as usize], game.controller(space));
        if from != to {
            log.event(Event::ControlChanged { space, from, to });
        }
    }
    if activated {
        log.event(Event::MinorActivated { minor, power });
    }
    activated
}
