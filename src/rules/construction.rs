//! Unit construction (§17): where a power may raise, buy and build.

use crate::data::powers;
use crate::game::{Game, LandUnits};
use crate::rules::counters::CounterTally;
use crate::rules::two_player;
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Power, Space};

/// Whether `power` may put a new land unit of `kind` for `faction` (itself or
/// an allied minor) in `space` (§17): a home space of that faction, in play,
/// friendly-controlled (§17.1 "any friendly home space": held by the power
/// or any of its allies, major or minor, §1), not in unrest, free of enemy
/// units; the Protestant only after the Schmalkaldic League; within the
/// faction's counter mix. In the two-player game only what the variant lets
/// the power build (§24.3, `two_player::may_build_for`).
pub fn can_raise(game: &Game, power: Power, faction: Faction, kind: LandUnitKind, space: Space) -> bool {
    may_raise_at(game, power, faction, kind, space) && fits_one_more(game, faction, space, kind)
}

/// [`can_raise`] without the counter-mix check: every other condition of §17.
/// In Algiers only corsairs are built (§17, §21.1), so no land units.
pub fn may_raise_at(game: &Game, power: Power, faction: Faction, kind: LandUnitKind, space: Space) -> bool {
    powers::fields(faction, kind) && may_raise_any_at(game, power, faction, space)
}

/// The conditions of [`may_raise_at`] that do not depend on the kind of
/// unit, so that a listing checks them once per space.
pub(crate) fn may_raise_any_at(game: &Game, power: Power, faction: Faction, space: Space) -> bool {
    may_raise_any_among(game, power, faction, space, game.enemy_spaces(power))
}

/// [`may_raise_any_at`], given the spaces holding enemy units of `power`
/// ([`Game::enemy_spaces`]), so that a listing finds them once.
pub(crate) fn may_raise_any_among(
    game: &Game,
    power: Power,
    faction: Faction,
    space: Space,
    enemies: EnumSet<Space>,
) -> bool {
    let own = faction == Faction::from(power);
    let ally = faction.minor().is_some() && game.allied(power, faction);
    if !(own || ally) || !two_player::may_build_for(game, power, faction) {
        return false;
    }
    if power == Power::Protestant && !game.schmalkaldic_league() {
        return false;
    }
    space.home() == faction
        && space != Space::Algiers
        && game.in_play(space)
        && game.is_friendly_controlled(power, space)
        && !game.in_unrest(space)
        && !enemies.contains(space)
        && !game.is_besieged(space, faction)
}

/// Whether `faction`'s counters can show one more unit of `kind` in `space` (§5.2).
pub fn fits_one_more(game: &Game, faction: Faction, space: Space, kind: LandUnitKind) -> bool {
    let mut stack = game.land_units(space, faction);
    match kind {
        LandUnitKind::Regular => stack.regulars += 1,
        LandUnitKind::Mercenary => stack.mercenaries += 1,
        LandUnitKind::Cavalry => stack.cavalry += 1,
    }
    super::counters::fits_with(game, faction, space, stack, LandUnits::NONE)
}

/// "One more unit fits the counters" answers within one listing: the answer
/// depends only on the faction, the kind and how many of that kind already
/// stand in the space (the other stacks are the same), so each is computed
/// once, from one tally per faction of all its stacks (§5.2) where it can be.
#[derive(Default)]
pub(crate) struct FitsCache {
    known: smallvec::SmallVec<[(Faction, LandUnitKind, u8, bool); 16]>,
    tallies: smallvec::SmallVec<[(Faction, CounterTally<'static>); FitsCache::TALLIES]>,
}

impl FitsCache {
    /// Factions whose tallies are kept (more are checked without one).
    const TALLIES: usize = 4;

    /// Whether one more unit of `kind` fits beside `stack`, `faction`'s
    /// units in `space`.
    pub(crate) fn one_more(
        &mut self,
        game: &Game,
        faction: Faction,
        space: Space,
        stack: LandUnits,
        kind: LandUnitKind,
    ) -> bool {
        let here = stack.count(kind);
        if let Some(&(.., fits)) = self.known.iter().find(|k| k.0 == faction && k.1 == kind && k.2 == here) {
            return fits;
        }
        let fits = self
            .tally(game, faction)
            .and_then(|all| all.fits_replacing(kind, here, here.saturating_add(1)))
            .unwrap_or_else(|| fits_one_more(game, faction, space, kind));
        // Remembered while there is room inline (no allocation).
        if self.known.len() < self.known.inline_size() {
            self.known.push((faction, kind, here, fits));
        }
        fits
    }

    /// The tally of all of `faction`'s stacks, made on first need.
    fn tally(&mut self, game: &Game, faction: Faction) -> Option<&CounterTally<'static>> {
        let at = match self.tallies.iter().position(|t| t.0 == faction) {
            Some(at) => at,
            None if self.tallies.len() < Self::TALLIES => {
                self.tallies.push((faction, CounterTally::of(game, faction, None)));
                self.tallies.len() - 1
            }
            None => return None,
        };
        self.tallies.get(at).map(|t| &t.1)
    }
}

/// Whether `power` may build a naval squadron for `faction` (itself or an
/// allied minor) in the port `space` (§17): a home port of that faction,
/// friendly-controlled (§17.2, §1), not in unrest, free of enemy units; never
/// the Protestant; a free naval counter; in the two-player game only what
/// the variant lets the power build (§24.3).
pub fn can_build_squadron(game: &Game, power: Power, faction: Faction, space: Space) -> bool {
    can_build_squadron_among(game, power, faction, space, game.enemy_spaces(power))
}

/// [`can_build_squadron`], given the spaces holding enemy units of `power`
/// ([`Game::enemy_spaces`]).
pub(crate) fn can_build_squadron_among(
    game: &Game,
    power: Power,
    faction: Faction,
    space: Space,
    enemies: EnumSet<Space>,
) -> bool {
    let own = faction == Faction::from(power);
    let ally = faction.minor().is_some() && game.allied(power, faction);
    // In Algiers only corsairs are built (§17).
    (own || ally)
        && two_player::may_build_for(game, power, faction)
        && space.is_port()
        && space != Space::Algiers
        && space.home() == faction
        && game.in_play(space)
        && game.is_friendly_controlled(power, space)
        && !game.in_unrest(space)
        && !enemies.contains(space)
        && naval_counters_free(game, faction) > 0
}

/// The spaces Pirate Haven (#89) may target.
pub const PIRATE_HAVENS: [Space; 2] = [Space::Oran, Space::Tripoli];

/// Whether Barbary Pirates (#9) has been played: Algiers enters play only
/// through that event, so it is in play exactly when the event has happened
/// (in 1532 it has, §24.2).
pub fn barbary_pirates_played(game: &Game) -> bool {
    game.in_play(Space::Algiers)
}

/// Whether the Ottoman may build a corsair in the port `space` (§17): after
/// Barbary Pirates, in an Ottoman-controlled Ottoman home port (Algiers
/// included) not in unrest and free of enemy units, with a free naval
/// counter (squadrons and corsairs share them, §5.3); or in a pirate
/// haven (#89, §17) under Ottoman control. Never in the two-player game
/// (§24.3: no one builds for the Ottoman).
pub fn can_build_corsair(game: &Game, power: Power, space: Space) -> bool {
    can_build_corsair_among(game, power, space, game.enemy_spaces(power))
}

/// [`can_build_corsair`], given the spaces holding enemy units of `power`
/// ([`Game::enemy_spaces`]).
pub(crate) fn can_build_corsair_among(game: &Game, power: Power, space: Space, enemies: EnumSet<Space>) -> bool {
    power == Power::Ottoman
        && two_player::may_build_for(game, power, Faction::Ottoman)
        && barbary_pirates_played(game)
        && space.is_port()
        && (space.home() == Faction::Ottoman || game.pirate_havens().contains(space))
        && game.in_play(space)
        && game.controller(space) == Faction::Ottoman
        && !game.in_unrest(space)
        && !enemies.contains(space)
        && naval_counters_free(game, Faction::Ottoman) > 0
}

/// `faction`'s naval counters neither on the map nor on the turn track (§5.3);
/// its squadrons on loan to another power count as its own (§9.2).
pub fn naval_counters_free(game: &Game, faction: Faction) -> u8 {
    // Squadrons on loan count for their owner, not their receiver (§9.2).
    let used = game.naval_counters_on_map(faction, None) + u32::from(game.naval_on_turn_track(faction).total());
    u8::try_from(u32::from(powers::naval_counters(faction)).saturating_sub(used)).unwrap_or(0)
}
