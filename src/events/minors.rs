//! Minor powers switched by events (§22): the shared helper of #68 Andrea
//! Doria and #116 Rough Wooing, over `rules::minor`; #116 Rough Wooing.

use super::{CardEvent, Leaves};
use crate::engine::Log;
use crate::event::Event;
use crate::game::{Game, NavalLocation};
use crate::rules::minor;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, MinorPower, Power, Ruler, Space};

pub(super) const EVENTS: &[CardEvent] = &[CardEvent {
    card: Card::RoughWooing,
    playable: |game, _| rough_wooing_condition(game),
    resolve: rough_wooing,
    leaves: Leaves::Printed,
    forced: None,
    combat: None,
    steps: None,
}];

/// By how much England's total must pass France's in #116.
pub const ROUGH_WOOING_MARGIN: u8 = 2;

/// #116's condition: Edward VI born and alive (England ruled by Henry VIII
/// or Edward VI), Scotland allied with France.
pub fn rough_wooing_condition(game: &Game) -> bool {
    game.edward_born()
        && matches!(game.ruler(Power::England), Ruler::HenryViii | Ruler::EdwardVi)
        && game.minor_ally(MinorPower::Scotland) == Some(Power::France)
}

/// The Scottish home spaces.
fn scottish_spaces() -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|s| s.home() == Faction::Scotland).collect()
}

/// The land and naval units under `power`'s control in the Scottish home
/// spaces: its own and its allied minors' (Scotland's, for France).
fn units_in_scotland(game: &Game, power: Power) -> u8 {
    let ours = |f: Faction| f == Faction::from(power) || f.minor().is_some_and(|m| game.minor_ally(m) == Some(power));
    let mut total: u8 = 0;
    for space in scottish_spaces() {
        for (faction, units, _) in game.land_units_at(space) {
            if ours(faction) {
                total = total.saturating_add(units.total());
            }
        }
        for (at, faction, units) in game.naval_stacks() {
            if at == NavalLocation::Port(space) && ours(faction) {
                total = total.saturating_add(units.total());
            }
        }
    }
    total
}

/// #116 Rough Wooing: England and France each roll a die and add their
/// units in Scottish home spaces; if England's total is 2 or more above
/// France's, Scotland leaves France for England (`switch_minor`), every
/// Scottish home space comes under English control, and units neither
/// English nor Scottish leave them (`rules::minor` displacement: to the
/// nearest fortified space their power controls or a capital).
fn rough_wooing(game: &mut Game, _: Power, log: &mut dyn Log) {
    let mut totals = [0u8; 2];
    for (total, power) in totals.iter_mut().zip([Power::England, Power::France]) {
        let dice = game.roll_dice(1);
        log.event(Event::EventDice { power, card: Card::RoughWooing, dice });
        *total = dice.sum().saturating_add(units_in_scotland(game, power));
    }
    if totals[0] < totals[1].saturating_add(ROUGH_WOOING_MARGIN) {
        return;
    }
    switch_minor(game, MinorPower::Scotland, Power::England, log);
    let spaces = scottish_spaces();
    for space in spaces {
        let from = game.controller(space);
        if from != Faction::England {
            game.control[space as usize] = Faction::England;
            log.event(Event::ControlChanged { space, from, to: Faction::England });
        }
    }
    for power in Power::ALL.into_iter().filter(|&p| p != Power::England) {
        displace_from(game, power, spaces, log);
    }
}

/// `power`'s units (and its allied minors', but Scotland's) leave `spaces`.
fn displace_from(game: &mut Game, power: Power, spaces: EnumSet<Space>, log: &mut dyn Log) {
    let (land, naval) = minor::displaced(game, power, spaces);
    for m in land.iter().filter(|m| m.faction != Faction::Scotland) {
        if minor::apply_land_move(game, m).is_ok() {
            log.event(Event::LandUnitsDisplaced {
                faction: m.faction,
                from: m.from,
                to: m.to.iter().next(),
                units: m.units,
            });
        }
    }
    for m in naval.iter().filter(|m| m.faction != Faction::Scotland) {
        let _ = minor::apply_naval_move(game, m);
    }
}

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
