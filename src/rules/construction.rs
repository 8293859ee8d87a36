//! Unit construction (§17): where a power may raise, buy and build.

use smallvec::SmallVec;

use crate::data::powers;
use crate::game::{Game, LandUnits, NavalLocation};
use crate::types::{Faction, LandUnitKind, Power, Space};

/// Whether `power` may put a new land unit of `kind` for `faction` (itself or
/// an allied minor) in `space` (§17): a home space of that faction, in play,
/// controlled by the power or the faction, not in unrest, free of enemy
/// units; the Protestant only after the Schmalkaldic League; within the
/// faction's counter mix.
pub fn can_raise(game: &Game, power: Power, faction: Faction, kind: LandUnitKind, space: Space) -> bool {
    let own = faction == Faction::from(power);
    let ally = faction.minor().is_some() && game.allied(power, faction);
    if !(own || ally) || !powers::fields(faction, kind) {
        return false;
    }
    if power == Power::Protestant && !game.schmalkaldic_league() {
        return false;
    }
    space.home() == faction
        && game.in_play(space)
        && (game.controller(space) == Faction::from(power) || game.controller(space) == faction)
        && !game.in_unrest(space)
        && !game.has_enemy_units(power, space)
        && !game.is_besieged(space, faction)
        && fits_one_more(game, faction, space, kind)
}

/// Whether `faction`'s counters can show one more unit of `kind` in `space` (§5.2).
pub fn fits_one_more(game: &Game, faction: Faction, space: Space, kind: LandUnitKind) -> bool {
    let mut units: SmallVec<[(LandUnitKind, u8); 64]> = SmallVec::new();
    for (s, f, stack, _) in game.land_stacks() {
        if f != faction {
            continue;
        }
        let mut stack = stack;
        if s == space {
            add(&mut stack, kind);
        }
        push(&mut units, stack);
    }
    if !game.land_units_at(space).any(|(f, _, _)| f == faction) {
        let mut stack = LandUnits::NONE;
        add(&mut stack, kind);
        push(&mut units, stack);
    }
    super::counters::can_show(powers::counter_mix(faction), &units)
}

fn add(units: &mut LandUnits, kind: LandUnitKind) {
    match kind {
        LandUnitKind::Regular => units.regulars += 1,
        LandUnitKind::Mercenary => units.mercenaries += 1,
        LandUnitKind::Cavalry => units.cavalry += 1,
    }
}

fn push(demands: &mut SmallVec<[(LandUnitKind, u8); 64]>, units: LandUnits) {
    for (kind, n) in [
        (LandUnitKind::Regular, units.regulars),
        (LandUnitKind::Mercenary, units.mercenaries),
        (LandUnitKind::Cavalry, units.cavalry),
    ] {
        if n > 0 {
            demands.push((kind, n));
        }
    }
}

/// Whether `power` may build a naval squadron for `faction` (itself or an
/// allied minor) in the port `space` (§17): a home port of that faction,
/// controlled by it or the power, not in unrest, free of enemy units; never
/// the Protestant; a free naval counter.
pub fn can_build_squadron(game: &Game, power: Power, faction: Faction, space: Space) -> bool {
    let own = faction == Faction::from(power);
    let ally = faction.minor().is_some() && game.allied(power, faction);
    (own || ally)
        && space.is_port()
        && space.home() == faction
        && game.in_play(space)
        && (game.controller(space) == Faction::from(power) || game.controller(space) == faction)
        && !game.in_unrest(space)
        && !game.has_enemy_units(power, space)
        && naval_counters_free(game, faction) > 0
}

/// `faction`'s naval counters neither on the map nor on the turn track (§5.3).
pub fn naval_counters_free(game: &Game, faction: Faction) -> u8 {
    let used: u8 = game.naval_stacks().filter(|&(_, f, _)| f == faction).map(|(_, _, units)| units.total()).sum::<u8>()
        + game.naval_on_turn_track(faction).total();
    powers::naval_counters(faction).saturating_sub(used)
}

/// Naval units of `faction` in the port `space`.
pub fn ships_in_port(game: &Game, faction: Faction, space: Space) -> u8 {
    game.naval_units(NavalLocation::Port(space), faction).total()
}
