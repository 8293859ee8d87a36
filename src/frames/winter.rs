//! The winter phase (§19, seed 001): the renegade leaves, ships and then land
//! units return home by `rules::winter`, major-power alliances end, capitals
//! get their replacements, debaters are uncommitted.
//!
//! Decisions: where a fleet goes when its nearest ports tie, split between
//! them if its owner wishes (ruling W9); for each land stack with units that
//! must or may leave, which units go together (a group of one faction),
//! where, and, when a mixed group suffers attrition, which units are lost
//! (the stack's attrition is taken once, `rules::winter::Attrition`, W4);
//! which units over the limit a forced elimination takes (W10). In the
//! two-player game the four powers no one plays winter by fixed rules,
//! with no decision (§24.3, W11).

use crate::action::Action;
use crate::data::powers;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{DebaterState, Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::counters;
use crate::rules::winter::{self, Attrition, Obligation, ReturnOptions, WinterStack};
use crate::sets::EnumSet;
use crate::types::{Debater, Faction, LandUnitKind, Leader, LeaderKind, NavalUnitKind, Phase, Power, Space};

/// A group being formed to leave a stack in winter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct WinterGroup {
    /// Whose units: the power's or an allied minor's.
    pub faction: Faction,
    /// The units chosen so far.
    pub units: LandUnits,
    /// Units still to lose: to attrition before the group moves to `to`,
    /// or, with `to` empty and no units, to a forced elimination of the
    /// stack's units over the limit (§19.3 step 1; docs/rulings.md W10).
    pub losing: u8,
    /// The destination chosen, while losses are being chosen.
    pub to: Option<Space>,
}

impl WinterGroup {
    const NONE: WinterGroup =
        WinterGroup { faction: Faction::Independent, units: LandUnits::NONE, losing: 0, to: None };

    /// Whether the owner is choosing units over the limit to eliminate.
    pub(crate) fn eliminating(self) -> bool {
        self.losing > 0 && self.to.is_none()
    }
}

/// Ships split off a fleet in winter for one of its equally near ports
/// (§19.3; seed 001): of one faction, never the whole fleet (the rest, and
/// the naval leaders, go last, with `Action::WinterTo` on an empty group).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct WinterFleet {
    /// Whose ships: the power's or an allied minor's.
    pub faction: Faction,
    /// The ships chosen so far.
    pub ships: NavalUnits,
}

impl Default for WinterFleet {
    fn default() -> WinterFleet {
        WinterFleet::NONE
    }
}

impl WinterFleet {
    const NONE: WinterFleet = WinterFleet { faction: Faction::Independent, ships: NavalUnits::NONE };
}

fn ship_count(ships: NavalUnits, kind: NavalUnitKind) -> u8 {
    match kind {
        NavalUnitKind::Squadron => ships.squadrons,
        NavalUnitKind::Corsair => ships.corsairs,
    }
}

fn add_ship(ships: &mut NavalUnits, kind: NavalUnitKind) {
    let slot = match kind {
        NavalUnitKind::Squadron => &mut ships.squadrons,
        NavalUnitKind::Corsair => &mut ships.corsairs,
    };
    *slot = slot.saturating_add(1);
}

fn add_kind(units: &mut LandUnits, kind: LandUnitKind, n: i8) {
    let slot = match kind {
        LandUnitKind::Regular => &mut units.regulars,
        LandUnitKind::Mercenary => &mut units.mercenaries,
        LandUnitKind::Cavalry => &mut units.cavalry,
    };
    *slot = slot.saturating_add_signed(n);
}

fn kind_count(units: LandUnits, kind: LandUnitKind) -> u8 {
    match kind {
        LandUnitKind::Regular => units.regulars,
        LandUnitKind::Mercenary => units.mercenaries,
        LandUnitKind::Cavalry => units.cavalry,
    }
}

impl Game {
    /// The winter phase's automatic driver: naval returns for each power in
    /// impulse order, then land returns, then the closing steps (§19), the
    /// last of them the forced mandatory events (step 8).
    pub(crate) fn winter_step(&mut self, log: &mut dyn Log) {
        let powers = impulse_powers(self.scenario());
        let n = powers.len();
        loop {
            let cursor = usize::from(self.impulse_index);
            if cursor == 0 {
                // Step 1 (§19.1): the Loaned markers come off.
                self.end_loans(log);
                self.remove_renegade();
                self.non_player_winter(log);
            }
            if cursor < n {
                if self.naval_winter(powers[cursor], log) {
                    return;
                }
            } else if cursor < 2 * n {
                let power = powers[cursor - n];
                let first = self.next_winter_stack(power, EnumSet::EMPTY).or_else(|| self.lone_leaders_next(power));
                if let Some(space) = first {
                    self.impulse_index += 1;
                    self.stack.push(Frame::WinterLand {
                        power,
                        space,
                        done: EnumSet::EMPTY,
                        sent_to: EnumSet::EMPTY,
                        group: WinterGroup::NONE,
                        tally: Attrition::NONE,
                    });
                    return;
                }
            } else if cursor == 2 * n {
                self.close_winter(log);
                // Step 8 (§19): forced mandatory events; their decisions,
                // if any, come before the phase ends.
                self.impulse_index += 1;
                self.forced_mandatory_events(log);
                if !self.stack.is_empty() {
                    return;
                }
                continue;
            } else {
                self.enter_phase(Phase::NewWorld, log);
                return;
            }
            self.impulse_index += 1;
        }
    }

    /// Step 2 (§19): the renegade leader of Charles Bourbon leaves the map.
    fn remove_renegade(&mut self) {
        if matches!(self.leaders[Leader::Renegade.index()], LeaderLocation::Space(_)) {
            self.leaders[Leader::Renegade.index()] = LeaderLocation::Unavailable;
            self.renegade_owner = None;
        }
    }

    /// Step 3, ships (§19): each fleet away from its power's ports goes to
    /// the nearest one; with a tie the owner chooses (a decision, `true`).
    /// A fleet that can reach no port of its power is lost to the turn track.
    fn naval_winter(&mut self, power: Power, log: &mut dyn Log) -> bool {
        for fleet in winter::naval_return_options(self, power) {
            if fleet.stays() {
                continue;
            }
            match fleet.ports.len() {
                0 => self.fleet_lost(fleet.location, power),
                1 => {
                    if let Some(port) = fleet.ports.iter().next() {
                        self.fleet_home(fleet.location, power, port, log);
                    }
                }
                _ => {
                    self.stack.push(Frame::WinterNaval { power, from: fleet.location, group: WinterFleet::NONE });
                    return true;
                }
            }
        }
        false
    }

    /// Moves every ship of `power` and its allied minors, and their naval
    /// leaders, from `from` to the port `to`.
    fn fleet_home(&mut self, from: NavalLocation, power: Power, to: Space, log: &mut dyn Log) {
        let port = NavalLocation::Port(to);
        let factions = self.own_factions(power);
        for faction in factions {
            let ships = self.naval_units(from, faction);
            if ships.total() == 0 {
                continue;
            }
            let mut there = self.naval_units(port, faction);
            there.squadrons += ships.squadrons;
            there.corsairs += ships.corsairs;
            let _ = self.set_naval_units(from, faction, crate::game::NavalUnits::NONE);
            let _ = self.set_naval_units(port, faction, there);
            log.event(Event::WinterNavalReturn { faction, to });
        }
        for leader in Leader::ALL {
            let here = match from {
                NavalLocation::Port(s) => LeaderLocation::Space(s),
                NavalLocation::Sea(z) => LeaderLocation::Sea(z),
            };
            let ours = self.leader_owner(leader).is_some_and(|f| self.own_factions(power).contains(f));
            if leader.kind() == LeaderKind::Naval && self.leaders[leader.index()] == here && ours {
                self.leaders[leader.index()] = LeaderLocation::Space(to);
            }
        }
    }

    /// A fleet with no port to go to: its ships go to the turn track (§5.3),
    /// its naval leaders leave the map until a later turn.
    fn fleet_lost(&mut self, from: NavalLocation, power: Power) {
        let factions = self.own_factions(power);
        for faction in factions {
            let ships = self.naval_units(from, faction);
            if ships.total() == 0 {
                continue;
            }
            let _ = self.set_naval_units(from, faction, crate::game::NavalUnits::NONE);
            let mut track = self.naval_on_turn_track(faction);
            track.squadrons += ships.squadrons;
            track.corsairs += ships.corsairs;
            let _ = self.set_naval_on_turn_track(faction, track);
        }
        let here = match from {
            NavalLocation::Port(s) => LeaderLocation::Space(s),
            NavalLocation::Sea(z) => LeaderLocation::Sea(z),
        };
        for leader in Leader::ALL {
            let ours = self.leader_owner(leader).is_some_and(|f| self.own_factions(power).contains(f));
            if leader.kind() == LeaderKind::Naval && self.leaders[leader.index()] == here && ours {
                self.leaders[leader.index()] = LeaderLocation::TurnTrack;
            }
        }
    }

    /// A fleet whose nearest ports tie (§19.3; seed 001): the owner sends
    /// it, or the ships split off so far, to one of them, or splits off one
    /// more ship (docs/rulings.md W9).
    pub(crate) fn winter_naval_actions(
        &self,
        power: Power,
        from: NavalLocation,
        group: WinterFleet,
        list: &mut ActionList,
    ) {
        let Some(fleet) = winter::naval_return_options(self, power).into_iter().find(|f| f.location == from) else {
            return;
        };
        list.extend(fleet.ports.iter().map(Action::WinterTo));
        let total = fleet.fleets.iter().fold(0u8, |n, (_, ships)| n.saturating_add(ships.total()));
        if group.ships.total().saturating_add(1) >= total {
            return;
        }
        for &(faction, ships) in &fleet.fleets {
            if group.ships.total() != 0 && group.faction != faction {
                continue;
            }
            for kind in NavalUnitKind::ALL {
                if ship_count(ships, kind) > ship_count(group.ships, kind) {
                    list.push(match faction.minor() {
                        Some(minor) => Action::AddAlliedSquadron(minor),
                        None => Action::AddShip(kind),
                    });
                }
            }
        }
    }

    pub(crate) fn apply_winter_naval(
        &mut self,
        power: Power,
        from: NavalLocation,
        group: WinterFleet,
        action: Action,
        log: &mut dyn Log,
    ) {
        let mut group = group;
        match action {
            Action::AddShip(kind) => {
                group.faction = Faction::from(power);
                add_ship(&mut group.ships, kind);
            }
            Action::AddAlliedSquadron(minor) => {
                group.faction = Faction::from(minor);
                add_ship(&mut group.ships, NavalUnitKind::Squadron);
            }
            Action::WinterTo(port) if group.ships.total() > 0 => {
                self.ships_home(from, group, port, log);
                group = WinterFleet::NONE;
            }
            Action::WinterTo(port) => {
                self.stack.pop();
                self.fleet_home(from, power, port, log);
                return;
            }
            _ => return,
        }
        if let Some(Frame::WinterNaval { group: g, .. }) = self.stack.top_mut() {
            *g = group;
        }
    }

    /// Moves the ships of `group` from `from` to the port `to`.
    fn ships_home(&mut self, from: NavalLocation, group: WinterFleet, to: Space, log: &mut dyn Log) {
        let port = NavalLocation::Port(to);
        let mut here = self.naval_units(from, group.faction);
        let mut there = self.naval_units(port, group.faction);
        for kind in NavalUnitKind::ALL {
            let n = ship_count(group.ships, kind).min(ship_count(here, kind));
            for _ in 0..n {
                add_ship(&mut there, kind);
            }
            match kind {
                NavalUnitKind::Squadron => here.squadrons -= n,
                NavalUnitKind::Corsair => here.corsairs -= n,
            }
        }
        let _ = self.set_naval_units(from, group.faction, here);
        let _ = self.set_naval_units(port, group.faction, there);
        log.event(Event::WinterNavalReturn { faction: group.faction, to });
    }

    /// The next stack of `power` not yet handled with units that must or
    /// may leave (§19 step 3, in the order of `rules::winter`; seed 001).
    /// The destinations (a plain search, no attrition) are looked up only
    /// for a stack whose units may leave but need not.
    fn next_winter_stack(&self, power: Power, done: EnumSet<Space>) -> Option<Space> {
        winter::winter_obligations(self, power)
            .into_iter()
            .filter(|s| !done.contains(s.space))
            .find(|s| s.must_leave() > 0 || (may_leave(s) && winter::has_destination(self, power, s)))
            .map(|s| s.space)
    }

    /// The choices for `power`'s stack in `space`: `sent_to`, `group` and
    /// `tally` as in `Frame::WinterLand`.
    pub(crate) fn winter_land_actions(
        &self,
        power: Power,
        space: Space,
        (sent_to, group, tally): (EnumSet<Space>, WinterGroup, Attrition),
        list: &mut ActionList,
    ) {
        if group.eliminating() {
            self.forced_loss_actions(power, space, list);
            if list.is_empty() {
                // Nothing left to choose (a restored position): close.
                list.push(Action::Done);
            }
            return;
        }
        // Losses to attrition, chosen by kind from a mixed group.
        if group.losing > 0 {
            for kind in LandUnitKind::ALL {
                if kind_count(group.units, kind) > 0 {
                    list.push(Action::LoseUnit(kind));
                }
            }
            return;
        }
        // What is offered depends on attrition only where room is limited.
        let options = winter::return_options_where(self, power, space, |d| d.room.is_some());
        // The stack is empty but for leaders: each goes with a departing
        // group or to his capital (§19.3 step 3).
        if options.stack.total() == 0 {
            list.extend(self.leader_winter_spaces(power, sent_to).iter().map(Action::WinterTo));
            if list.is_empty() {
                list.push(Action::Done);
            }
            return;
        }
        self.winter_group_additions(&options, group, tally, list);
        // The group splits off the same way whatever its destination: the
        // counters are checked once, and only if some destination fits.
        if !group.units.is_empty() {
            let arriving = |d: &winter::Destination| group.units.total() - d.loss_after(tally, group.units.total());
            let targets: EnumSet<Space> = (options.destinations.iter())
                .filter(|d| d.users.contains(group.faction) && d.room.is_none_or(|room| arriving(d) <= room))
                .map(|d| d.space)
                .collect();
            if !targets.is_empty() && self.winter_split_fits(space, group) {
                list.extend(targets.iter().map(Action::WinterTo));
            }
        }
        if group.units.is_empty() && options.stack.must_leave() == 0 {
            list.push(Action::Done);
        }
        // Nothing can be done about units that must leave (no room, no way
        // to make change): closing the stack eliminates them.
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    /// Units that may still join the group: of its faction, from forces
    /// that must or may leave, while some destination could take them.
    fn winter_group_additions(
        &self,
        options: &ReturnOptions,
        group: WinterGroup,
        tally: Attrition,
        list: &mut ActionList,
    ) {
        for force in &options.stack.forces {
            let leaving = force.obligation != Obligation::MayNotMove;
            let same = group.units.is_empty() || group.faction == force.faction;
            let usable = options.destinations.iter().any(|d| d.users.contains(force.faction));
            if !leaving || !same || !usable {
                continue;
            }
            for kind in LandUnitKind::ALL {
                let taken = if group.faction == force.faction { kind_count(group.units, kind) } else { 0 };
                if taken >= kind_count(force.units, kind) {
                    continue;
                }
                let mut more = if group.faction == force.faction { group.units } else { LandUnits::NONE };
                add_kind(&mut more, kind, 1);
                let room_somewhere = options.destinations.iter().any(|d| {
                    d.users.contains(force.faction)
                        && d.room.is_none_or(|room| more.total() - d.loss_after(tally, more.total()) <= room)
                });
                if !room_somewhere {
                    continue;
                }
                let action = match force.faction.minor() {
                    Some(minor) => Action::AddMinorUnit(minor),
                    None => Action::AddUnit(kind),
                };
                if !list.contains(&action) {
                    list.push(action);
                }
            }
        }
    }

    /// Whether the group can split off from its stack within the counters (§5.2).
    fn winter_split_fits(&self, space: Space, group: WinterGroup) -> bool {
        let here = self.land_units(space, group.faction);
        let mut stay = here;
        for kind in LandUnitKind::ALL {
            add_kind(&mut stay, kind, -(kind_count(group.units, kind) as i8));
        }
        counters::fits_with(self, group.faction, space, stay, group.units)
    }

    pub(crate) fn apply_winter_land(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::WinterLand { space, done, sent_to, group, tally, .. }) = self.stack.top().copied() else {
            return;
        };
        if group.eliminating() {
            self.apply_forced_loss(power, space, (sent_to, done), action, log);
            return;
        }
        let mut group = group;
        match action {
            Action::AddUnit(kind) => {
                group.faction = Faction::from(power);
                add_kind(&mut group.units, kind, 1);
            }
            Action::AddMinorUnit(minor) => {
                group.faction = Faction::from(minor);
                add_kind(&mut group.units, LandUnitKind::Regular, 1);
            }
            Action::LoseUnit(kind) => {
                add_kind(&mut group.units, kind, -1);
                self.remove_land_units(space, group.faction, kind, 1);
                group.losing -= 1;
                if group.losing == 0 {
                    if let Some(to) = group.to {
                        self.send_winter_group(power, space, to, group, sent_to, done, log);
                        return;
                    }
                }
            }
            Action::WinterTo(to) if group.units.is_empty() => {
                // The first leader of an emptied stack goes with a departing
                // group or to his capital (§19.3 step 3); then the next.
                let first = self.army_leaders_at(space, Faction::from(power)).next();
                if let Some(leader) = first {
                    self.leaders[leader.index()] = LeaderLocation::Space(to);
                }
                if self.army_leaders_at(space, Faction::from(power)).next().is_none() {
                    self.finish_winter_stack(power, space, done.union(sent_to), log);
                }
                return;
            }
            Action::WinterTo(to) => {
                let options = winter::return_options_where(self, power, space, |d| d.space == to);
                let moving = group.units.total();
                let destination =
                    options.destinations.iter().find(|d| d.space == to && d.users.contains(group.faction));
                let loss = destination.map_or(0, |d| d.loss_after(tally, moving));
                // The stack's attrition is taken once, on every unit that
                // leaves it with attrition (§19.3; seed 001, docs/rulings.md W4).
                if destination.is_some_and(|d| d.attrition) {
                    if let Some(Frame::WinterLand { tally: t, .. }) = self.stack.top_mut() {
                        *t = tally.after(moving, loss);
                    }
                }
                let kinds = LandUnitKind::ALL.iter().filter(|&&k| kind_count(group.units, k) > 0).count();
                if loss > 0 && kinds > 1 {
                    group.losing = loss;
                    group.to = Some(to);
                } else {
                    if loss > 0 {
                        let kind = LandUnitKind::ALL.into_iter().find(|&k| kind_count(group.units, k) > 0);
                        if let Some(kind) = kind {
                            add_kind(&mut group.units, kind, -(loss as i8));
                            self.remove_land_units(space, group.faction, kind, loss);
                        }
                    }
                    self.send_winter_group(power, space, to, group, sent_to, done, log);
                    return;
                }
            }
            Action::Done => {
                self.close_winter_stack(power, space, sent_to, done, log);
                return;
            }
            _ => {}
        }
        if let Some(Frame::WinterLand { group: g, .. }) = self.stack.top_mut() {
            *g = group;
        }
    }

    /// Moves a group (after its losses) from `from` to `to`, then goes on
    /// with the same stack or the next.
    #[allow(clippy::too_many_arguments)]
    fn send_winter_group(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        group: WinterGroup,
        sent_to: EnumSet<Space>,
        done: EnumSet<Space>,
        log: &mut dyn Log,
    ) {
        self.move_winter_units(group.faction, from, to, group.units, log);
        let mut sent_to = sent_to;
        sent_to.insert(to);
        // Arrivals stay put this winter (§19: each stack moves once).
        let done = done.union(sent_to);
        if let Some(Frame::WinterLand { sent_to: s, group: g, done: d, .. }) = self.stack.top_mut() {
            *s = sent_to;
            *g = WinterGroup::NONE;
            *d = done;
        }
        if winter::stack_at(self, power, from).total() == 0
            && self.army_leaders_at(from, Faction::from(power)).next().is_none()
        {
            self.finish_winter_stack(power, from, done, log);
        }
    }

    /// Moves `units` of `faction` home from `from` to `to` in winter, with
    /// what follows at both ends: counters, sieges (§19.3, §15.3).
    fn move_winter_units(&mut self, faction: Faction, from: Space, to: Space, units: LandUnits, log: &mut dyn Log) {
        let left = self.land_units(from, faction);
        let mut stay = left;
        for kind in LandUnitKind::ALL {
            add_kind(&mut stay, kind, -(kind_count(units, kind) as i8));
        }
        let index = self.land_stacks_slice().iter().position(|s| s.space == from && s.faction == faction);
        // Those left behind stay where they were, inside a siege or not.
        let besieged = self.is_besieged(from, faction);
        self.write_land_stack(index, from, faction, stay, besieged);
        let mut there = self.land_units(to, faction);
        for kind in LandUnitKind::ALL {
            add_kind(&mut there, kind, kind_count(units, kind) as i8);
        }
        let index = self.land_stacks_slice().iter().position(|s| s.space == to && s.faction == faction);
        // Enemy units are ignored on the way (§19.3); arrivals in a fortress
        // with enemy units outside go inside, under siege while outnumbered.
        let enemies_outside =
            self.land_units_in(to).any(|(f, u, b)| !b && !u.is_empty() && f != faction && self.at_war(f, faction));
        let besieged = self.is_besieged(to, faction) || enemies_outside;
        self.write_land_stack(index, to, faction, there, besieged);
        log.event(Event::WinterReturn { faction, from, to, units });
        // Stacks the counters cannot show lose units (seed 002): those left
        // behind first, then the arrivals (ruling L6).
        self.settle(faction, from, log);
        self.settle(faction, to, log);
        self.end_winter_siege(from, log);
        self.end_winter_siege(to, log);
    }

    /// Closes a stack: units that had to leave and did not are eliminated
    /// (no room, §19 exceptions), leaders of an emptied stack follow the only
    /// departing group or stay for a decision.
    fn close_winter_stack(
        &mut self,
        power: Power,
        space: Space,
        sent_to: EnumSet<Space>,
        done: EnumSet<Space>,
        log: &mut dyn Log,
    ) {
        let stack = winter::stack_at(self, power, space);
        for force in &stack.forces {
            if force.obligation == Obligation::MustMove {
                self.eliminate_land(space, force.faction, force.units, log);
            }
        }
        self.eliminate_excess(power, space, (sent_to, done), log);
    }

    /// Units over the limit that could not leave are eliminated, the owner
    /// choosing which when there is a choice (§19.3 step 1; docs/rulings.md
    /// W10); then the stack closes.
    fn eliminate_excess(
        &mut self,
        power: Power,
        space: Space,
        spaces: (EnumSet<Space>, EnumSet<Space>),
        log: &mut dyn Log,
    ) {
        loop {
            let excess = winter::stack_at(self, power, space).excess;
            let mut choices = ActionList::new();
            if excess > 0 {
                self.forced_loss_actions(power, space, &mut choices);
            }
            match choices.as_slice() {
                [] => break,
                &[only] => self.eliminate_one(power, space, only, log),
                _ => {
                    if let Some(Frame::WinterLand { group, .. }) = self.stack.top_mut() {
                        *group = WinterGroup { losing: excess, ..WinterGroup::NONE };
                    }
                    return;
                }
            }
        }
        if let Some(Frame::WinterLand { group, .. }) = self.stack.top_mut() {
            *group = WinterGroup::NONE;
        }
        self.close_emptied_stack(power, space, spaces, log);
    }

    /// The units the owner may eliminate from a stack over the limit: by
    /// kind, its own, or an allied minor's, of those counted in the limit.
    fn forced_loss_actions(&self, power: Power, space: Space, list: &mut ActionList) {
        let stack = winter::stack_at(self, power, space);
        for force in stack.forces.iter().filter(|f| f.counted && f.obligation == Obligation::MayStay) {
            match force.faction.minor() {
                Some(minor) => list.push(Action::LoseMinorUnit(minor)),
                None => list.extend(
                    LandUnitKind::ALL.into_iter().filter(|&k| kind_count(force.units, k) > 0).map(Action::LoseUnit),
                ),
            }
        }
    }

    /// Eliminates the one unit `action` names from `power`'s stack in `space`.
    fn eliminate_one(&mut self, power: Power, space: Space, action: Action, log: &mut dyn Log) {
        let (faction, kind) = match action {
            Action::LoseUnit(kind) => (Faction::from(power), kind),
            Action::LoseMinorUnit(minor) => {
                let units = self.land_units(space, Faction::from(minor));
                let kind = LandUnitKind::ALL.into_iter().find(|&k| kind_count(units, k) > 0);
                (Faction::from(minor), kind.unwrap_or(LandUnitKind::Regular))
            }
            _ => return,
        };
        if kind_count(self.land_units(space, faction), kind) > 0 {
            let mut units = LandUnits::NONE;
            add_kind(&mut units, kind, 1);
            self.eliminate_land(space, faction, units, log);
        }
    }

    /// The owner's choice of a unit over the limit to eliminate (W10).
    fn apply_forced_loss(
        &mut self,
        power: Power,
        space: Space,
        spaces: (EnumSet<Space>, EnumSet<Space>),
        action: Action,
        log: &mut dyn Log,
    ) {
        self.eliminate_one(power, space, action, log);
        self.eliminate_excess(power, space, spaces, log);
    }

    /// The end of a closed stack: sieges, and the leaders of an emptied stack.
    fn close_emptied_stack(
        &mut self,
        power: Power,
        space: Space,
        (sent_to, done): (EnumSet<Space>, EnumSet<Space>),
        log: &mut dyn Log,
    ) {
        self.end_winter_siege(space, log);
        let emptied = winter::stack_at(self, power, space).total() == 0;
        let leaders_here = self.army_leaders_at(space, Faction::from(power)).next().is_some();
        if emptied && leaders_here && self.leader_winter_spaces(power, sent_to).len() > 1 {
            // The owner picks, leader by leader, which group each follows
            // or whether he goes to his capital (§19.3 step 3).
            if let Some(Frame::WinterLand { group, .. }) = self.stack.top_mut() {
                *group = WinterGroup::NONE;
            }
            return;
        }
        if emptied && leaders_here {
            match self.leader_winter_spaces(power, sent_to).iter().next() {
                Some(to) => self.move_leaders(power, space, to),
                None => self.leaders_to_capital(power, space),
            }
        }
        self.finish_winter_stack(power, space, done.union(sent_to), log);
    }

    /// Where an army leader of `power` whose space was vacated may go in
    /// winter (§19.3 step 3): with one of the groups that left it (their
    /// destinations, `sent_to`) or to the power's capital, if it controls
    /// it (§19.3 exception 2).
    fn leader_winter_spaces(&self, power: Power, sent_to: EnumSet<Space>) -> EnumSet<Space> {
        let own = Faction::from(power);
        let capitals = winter::capitals(power).iter().copied().filter(|&c| self.controller(c) == own);
        sent_to.union(capitals.collect())
    }

    /// The first space (in map order) where army leaders of `power` stand
    /// with none of its land units, outside a capital of the power it
    /// controls: they go home too (§19.3 step 3; ruling W8), once every
    /// stack is done.
    fn lone_leaders_space(&self, power: Power) -> Option<Space> {
        let own = Faction::from(power);
        let home = self.leader_winter_spaces(power, EnumSet::EMPTY);
        Leader::ALL.into_iter().find_map(|leader| match self.leaders[leader.index()] {
            LeaderLocation::Space(space)
                if leader.kind() == LeaderKind::Army
                    && self.leader_owner(leader) == Some(own)
                    && !home.contains(space)
                    && winter::stack_at(self, power, space).total() == 0 =>
            {
                Some(space)
            }
            _ => None,
        })
    }

    /// §15.3 in winter (§19.3): besiegers going home end the siege of
    /// `space` once they no longer outnumber the units inside, which are
    /// then free; the rest of the besiegers must go home too.
    fn end_winter_siege(&mut self, space: Space, log: &mut dyn Log) {
        if !crate::rules::battle::siege_holds(self, space) {
            self.lift_siege(space, log);
        }
    }

    /// Marks `space` done and moves to the next stack, or ends the power's return.
    fn finish_winter_stack(&mut self, power: Power, space: Space, done: EnumSet<Space>, _log: &mut dyn Log) {
        let mut done = done;
        done.insert(space);
        let next = self.next_winter_stack(power, done).or_else(|| self.lone_leaders_next(power));
        match next {
            Some(next) => {
                if let Some(Frame::WinterLand { space: s, done: d, sent_to, group, tally, .. }) = self.stack.top_mut() {
                    *s = next;
                    *d = done;
                    *sent_to = EnumSet::EMPTY;
                    *group = WinterGroup::NONE;
                    *tally = Attrition::NONE;
                }
            }
            None => {
                self.stack.pop();
            }
        }
    }

    /// Once every stack is done, army leaders standing without units go
    /// to their capital (§19.3 step 3; ruling W8): at once where only one
    /// is open, else the next space whose leaders the owner sends, one by
    /// one (`WinterTo` a capital).
    fn lone_leaders_next(&mut self, power: Power) -> Option<Space> {
        let home = self.leader_winter_spaces(power, EnumSet::EMPTY);
        // No capital held (the Protestant has none): they stay.
        if home.is_empty() {
            return None;
        }
        while let Some(space) = self.lone_leaders_space(power) {
            if home.len() > 1 && self.decides(power) {
                return Some(space);
            }
            self.leaders_to_capital(power, space);
        }
        None
    }

    fn move_leaders(&mut self, power: Power, from: Space, to: Space) {
        for leader in Leader::ALL {
            if leader.kind() == LeaderKind::Army
                && self.leaders[leader.index()] == LeaderLocation::Space(from)
                && self.leader_owner(leader) == Some(Faction::from(power))
            {
                self.leaders[leader.index()] = LeaderLocation::Space(to);
            }
        }
    }

    /// Leaders whose units were all lost go to a capital their power
    /// controls, else off the map until a later turn (docs/rulings.md W3).
    fn leaders_to_capital(&mut self, power: Power, from: Space) {
        let capital = winter::capitals(power).iter().copied().find(|&c| self.controller(c) == Faction::from(power));
        for leader in Leader::ALL {
            if leader.kind() == LeaderKind::Army
                && self.leaders[leader.index()] == LeaderLocation::Space(from)
                && self.leader_owner(leader) == Some(Faction::from(power))
            {
                self.leaders[leader.index()] = match capital {
                    Some(c) => LeaderLocation::Space(c),
                    None => LeaderLocation::Unavailable,
                };
            }
        }
    }

    /// Removes `n` units of `kind` of `faction` in `space`.
    fn remove_land_units(&mut self, space: Space, faction: Faction, kind: LandUnitKind, n: u8) {
        let mut units = self.land_units(space, faction);
        add_kind(&mut units, kind, -(n as i8));
        let index = self.land_stacks_slice().iter().position(|s| s.space == space && s.faction == faction);
        let besieged = self.is_besieged(space, faction);
        self.write_land_stack(index, space, faction, units, besieged);
        self.settle_counters(faction, space);
    }

    fn eliminate_land(&mut self, space: Space, faction: Faction, units: LandUnits, log: &mut dyn Log) {
        for kind in LandUnitKind::ALL {
            let n = kind_count(units, kind);
            if n > 0 {
                self.remove_land_units(space, faction, kind, n);
            }
        }
        log.event(Event::UnitsEliminated { faction, space, units });
    }

    /// §5.2: when the counters cannot show a stack exactly, further units
    /// there are removed until they can (mercenaries first, then cavalry,
    /// then regulars: docs/rulings.md W4).
    pub(crate) fn settle_counters(&mut self, faction: Faction, space: Space) {
        while !counters::fits_counter_mix(self, faction) {
            let units = self.land_units(space, faction);
            let Some(kind) = [LandUnitKind::Mercenary, LandUnitKind::Cavalry, LandUnitKind::Regular]
                .into_iter()
                .find(|&k| kind_count(units, k) > 0)
            else {
                return;
            };
            let mut less = units;
            add_kind(&mut less, kind, -1);
            let index = self.land_stacks_slice().iter().position(|s| s.space == space && s.faction == faction);
            let besieged = self.is_besieged(space, faction);
            self.write_land_stack(index, space, faction, less, besieged);
        }
    }

    /// Steps 4-7 (§19): alliances between major powers end; each
    /// power but the Protestant whose capital is its own and free of unrest
    /// adds a regular there (the Hapsburg for each capital); the Piracy
    /// markers come off; debaters are uncommitted. (Loans end in step 1,
    /// `Game::end_loans`; forced mandatory events, step 8, follow in `winter_step`.)
    fn close_winter(&mut self, log: &mut dyn Log) {
        // Besiegers went home: their sieges are over (§15.3, §19).
        self.check_all_sieges(log);
        self.piracy_markers = EnumSet::EMPTY;
        // §24.3: in the two-player game the League's Hapsburg-Papacy
        // alliance lasts for the rest of the game.
        let league_alliance = self.scenario() == crate::game::Scenario::TwoPlayer && self.schmalkaldic_league();
        let lasting = |a: Power, b: Power| {
            league_alliance && matches!((a, b), (Power::Hapsburg, Power::Papacy) | (Power::Papacy, Power::Hapsburg))
        };
        for a in Power::ALL {
            for b in Power::ALL {
                if a != b && !lasting(a, b) {
                    self.alliances.set(a.into(), b.into(), false);
                }
            }
        }
        for &power in impulse_powers(self.scenario()) {
            if power == Power::Protestant {
                continue;
            }
            let own = Faction::from(power);
            for &capital in winter::capitals(power) {
                if self.controller(capital) == own
                    && !self.in_unrest(capital)
                    && crate::rules::construction::fits_one_more(self, own, capital, LandUnitKind::Regular)
                    && powers::fields(own, LandUnitKind::Regular)
                {
                    let mut units = self.land_units(capital, own);
                    units.regulars += 1;
                    let index = self.land_stacks_slice().iter().position(|s| s.space == capital && s.faction == own);
                    let besieged = self.is_besieged(capital, own);
                    self.write_land_stack(index, capital, own, units, besieged);
                    log.event(Event::UnitRaised { faction: own, kind: LandUnitKind::Regular, space: capital });
                }
            }
        }
        for debater in Debater::ALL {
            if self.debaters[debater.index()] == DebaterState::Committed {
                self.debaters[debater.index()] = DebaterState::Uncommitted;
            }
        }
    }
}

/// The two-player variant's winter for the powers no one plays (§24.3, the
/// two-player sequence of play; docs/rulings.md W11): each power, and
/// whether it keeps its army leaders and may use its capital. The French,
/// Hapsburg and Ottoman army leaders are removed, and their units that
/// would have to go to a capital are eliminated instead; England winters
/// as usual.
const NON_PLAYER_WINTER: [(Power, bool); 4] =
    [(Power::Ottoman, false), (Power::Hapsburg, false), (Power::England, true), (Power::France, false)];

/// Units of a group, in the order a fixed rule sends them (regulars first)
/// and loses them (mercenaries first, as W4's counters rule).
const SEND_ORDER: [LandUnitKind; 3] = [LandUnitKind::Regular, LandUnitKind::Cavalry, LandUnitKind::Mercenary];
const LOSS_ORDER: [LandUnitKind; 3] = [LandUnitKind::Mercenary, LandUnitKind::Cavalry, LandUnitKind::Regular];

/// The first `n` of `units` in `order`.
fn take(units: LandUnits, n: u8, order: [LandUnitKind; 3]) -> LandUnits {
    let mut taken = LandUnits::NONE;
    let mut left = n;
    for kind in order {
        let k = left.min(kind_count(units, kind));
        add_kind(&mut taken, kind, k as i8);
        left -= k;
    }
    taken
}

/// The units of `stack` that must leave next: one faction's, all of a force
/// that must move, or the excess over the limit (§19.3 steps 1-2).
fn leaving(stack: &WinterStack) -> Option<(Faction, LandUnits)> {
    if let Some(force) = stack.forces.iter().find(|f| f.obligation == Obligation::MustMove) {
        return Some((force.faction, force.units));
    }
    let force = stack.forces.iter().find(|f| f.counted && f.obligation == Obligation::MayStay)?;
    (stack.excess > 0).then(|| (force.faction, take(force.units, stack.excess, SEND_ORDER)))
}

impl Game {
    /// §24.3: in the two-player game, the powers no one plays winter by
    /// fixed rules, with no decision ([`NON_PLAYER_WINTER`]).
    fn non_player_winter(&mut self, log: &mut dyn Log) {
        if self.scenario() != crate::game::Scenario::TwoPlayer {
            return;
        }
        for (power, keeps_capital) in NON_PLAYER_WINTER {
            if !keeps_capital {
                self.remove_army_leaders(power);
            }
            for fleet in winter::naval_return_options(self, power) {
                match fleet.ports.iter().next() {
                    _ if fleet.stays() => {}
                    Some(port) => self.fleet_home(fleet.location, power, port, log),
                    None => self.fleet_lost(fleet.location, power),
                }
            }
            let mut done = EnumSet::EMPTY;
            while let Some(space) = winter::winter_obligations(self, power)
                .iter()
                .find(|s| !done.contains(s.space) && s.must_leave() > 0)
                .map(|s| s.space)
            {
                done.insert(space);
                let arrived = self.non_player_stack(power, space, keeps_capital, log);
                done = done.union(arrived);
            }
        }
    }

    /// The army leaders of `power` on the map leave it (§24.3).
    fn remove_army_leaders(&mut self, power: Power) {
        for leader in Leader::ALL {
            let on_map = matches!(self.leaders[leader.index()], LeaderLocation::Space(_));
            if leader.kind() == LeaderKind::Army && on_map && self.leader_owner(leader) == Some(Faction::from(power)) {
                self.leaders[leader.index()] = LeaderLocation::Unavailable;
            }
        }
    }

    /// One stack of a power no one plays goes home (§19.3, §24.3): its
    /// units that must leave go to the destination with the least
    /// attrition, a nearest fortified space before a capital, in space
    /// order, as many at a time as there is room for; those with nowhere
    /// to go (a capital the power may not use) are eliminated. Returns the
    /// spaces reached.
    fn non_player_stack(
        &mut self,
        power: Power,
        space: Space,
        keeps_capital: bool,
        log: &mut dyn Log,
    ) -> EnumSet<Space> {
        let mut tally = Attrition::NONE;
        let mut reached = EnumSet::EMPTY;
        let mut last = None;
        while let Some((faction, units)) = leaving(&winter::stack_at(self, power, space)) {
            let options = winter::return_options(self, power, space);
            let usable = |d: &&winter::Destination| {
                d.users.contains(faction)
                    && d.room != Some(0)
                    && (keeps_capital || d.kind != winter::DestinationKind::Capital)
            };
            let best = options
                .destinations
                .iter()
                .filter(usable)
                .min_by_key(|d| (d.attrition, d.kind == winter::DestinationKind::Capital, d.space.index()));
            let n = units.total();
            let fits = |d: &winter::Destination, k: u8| d.room.is_none_or(|room| k - d.loss_after(tally, k) <= room);
            let Some((d, k)) = best.and_then(|d| (1..=n).rev().find(|&k| fits(d, k)).map(|k| (*d, k))) else {
                self.eliminate_land(space, faction, units, log);
                continue;
            };
            let group = take(units, k, SEND_ORDER);
            let loss = d.loss_after(tally, k);
            if d.attrition {
                tally = tally.after(k, loss);
            }
            let lost = take(group, loss, LOSS_ORDER);
            if loss > 0 {
                self.eliminate_land(space, faction, lost, log);
            }
            let mut arriving = group;
            for kind in LandUnitKind::ALL {
                add_kind(&mut arriving, kind, -(kind_count(lost, kind) as i8));
            }
            self.move_winter_units(faction, space, d.space, arriving, log);
            reached.insert(d.space);
            last = Some(d.space);
        }
        self.end_winter_siege(space, log);
        if winter::stack_at(self, power, space).total() == 0 {
            match last {
                Some(to) => self.move_leaders(power, space, to),
                None => self.leaders_to_capital(power, space),
            }
        }
        reached
    }
}

/// Whether some of the stack's units may leave by choice (a capital or home key).
fn may_leave(stack: &WinterStack) -> bool {
    stack.forces.iter().any(|f| f.obligation == Obligation::MayStay)
}
