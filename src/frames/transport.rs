//! Naval transport (§16.3) as decisions: from the `Spend` frame pick a port
//! (`TransportFrom`), form the formation (leaders, then at most 5 land
//! units), sail leg by leg through sea zones holding the power's ships
//! (`NavalToSea`, 1 CP each), and land in a port (`NavalToPort`, 1 CP).
//! A leg is offered only if a landing can still be reached with the CP
//! left, so the formation always lands in the same impulse.
//!
//! The units stay in their port until they land; the landing goes through
//! [`Game::land_transported_formation`], the one place the land war plugs in.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::movement::{add_minor, add_to_formation};
use crate::game::{Game, LandUnits};
use crate::rules::battle::{MinorUnits, free_minor_units, minor_total};
use crate::rules::movement::formation_limit;
use crate::rules::naval_war::{
    TRANSPORT_LEG_COST, TRANSPORT_MAX_UNITS, TRANSPORT_MIN_CP, finishing_zones, landing_ports,
};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, Power, SeaZone, Space};

impl Game {
    /// The most land units a transported formation with `leaders` carries:
    /// its formation limit (§5.1), at most 5 (§16.3).
    fn transport_limit(leaders: EnumSet<Leader>) -> u8 {
        formation_limit(leaders).min(TRANSPORT_MAX_UNITS)
    }

    /// `power`'s land units in `port` free to sail: not besieged (§16.3).
    fn transportable_units(&self, power: Power, port: Space) -> LandUnits {
        let own = Faction::from(power);
        if self.is_besieged(port, own) { LandUnits::NONE } else { self.land_units(port, own) }
    }

    /// The ports from which `power`, with `cp` CP left, can carry a
    /// formation by sea and land it this impulse (§16.3): at least 2 CP; a
    /// port with its units, not besieged, that can split off within the
    /// counters; a sea zone of the port holding its ships from which a
    /// landing is in reach.
    pub(crate) fn transport_origins(&self, power: Power, cp: u8) -> EnumSet<Space> {
        let mut origins = EnumSet::EMPTY;
        if cp < TRANSPORT_MIN_CP {
            return origins;
        }
        let zones = finishing_zones(self, power, cp - TRANSPORT_LEG_COST);
        if zones.is_empty() {
            return origins;
        }
        let own = Faction::from(power);
        let factions = self.own_factions(power);
        for (space, faction, units, besieged) in self.land_stack_tuples() {
            if !factions.contains(faction) || besieged || units.is_empty() || !space.is_port() {
                continue;
            }
            let leaders: EnumSet<Leader> = self.army_leaders_at(space, own).collect();
            // §22.3: the allied minors' regulars sail with the power's units.
            let movable = || {
                self.completion_exists(power, space, LandUnits::NONE, Self::transport_limit(leaders))
                    || minor_total(&free_minor_units(self, power, space)) > 0
            };
            if space.ports().iter().any(|&z| zones.contains(z)) && movable() {
                origins.insert(space);
            }
        }
        origins
    }

    /// The CP left in the `Spend` frame under the transport.
    fn transport_cp(&self) -> u8 {
        match self.stack.below(1) {
            Some(&Frame::Spend { cp, .. }) => cp,
            _ => 0,
        }
    }

    pub(crate) fn transport_actions(
        &self,
        power: Power,
        from: Space,
        at: Option<SeaZone>,
        (units, minors): (LandUnits, MinorUnits),
        leaders: EnumSet<Leader>,
        list: &mut ActionList,
    ) {
        let cp = self.transport_cp();
        let onward = finishing_zones(self, power, cp.saturating_sub(TRANSPORT_LEG_COST));
        match at {
            None => {
                let moving_minors = minor_total(&minors);
                if units.is_empty() && moving_minors == 0 {
                    for leader in self.army_leaders_at(from, Faction::from(power)) {
                        if !leaders.contains(leader) {
                            list.push(Action::AddLeader(leader));
                        }
                    }
                }
                let available = self.transportable_units(power, from);
                let limit = Self::transport_limit(leaders);
                self.offer_unit_additions(power, from, units, available, limit.saturating_sub(moving_minors), list);
                self.offer_minor_additions(power, from, units.total(), minors, limit, list);
                let own_fits = units.is_empty() || self.split_fits(power, from, units);
                if (!units.is_empty() || moving_minors > 0) && own_fits && self.minor_split_fits(from, minors) {
                    list.extend(from.ports().iter().filter(|&&z| onward.contains(z)).map(|&z| Action::NavalToSea(z)));
                }
            }
            Some(zone) => {
                list.extend(zone.adjacent().iter().filter(|&&z| onward.contains(z)).map(|&z| Action::NavalToSea(z)));
                if cp >= TRANSPORT_LEG_COST {
                    list.extend(landing_ports(self, power, zone).into_iter().map(Action::NavalToPort));
                }
            }
        }
        // Never reached by the checks above; a way out rather than a stall.
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    pub(crate) fn apply_transport(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(&Frame::Transport { from, units, leaders, legs, minors, .. }) = self.stack.top() else {
            return;
        };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => {
                if let Some(Frame::Transport { units, leaders, .. }) = self.stack.top_mut() {
                    add_to_formation(units, leaders, action);
                }
            }
            Action::AddMinorUnit(_) => {
                if let Some(Frame::Transport { minors, .. }) = self.stack.top_mut() {
                    add_minor(minors, action);
                }
            }
            Action::NavalToSea(zone) => {
                // The Spend frame keeps CP for the landing, so it stays.
                self.stack.pop();
                self.pay(TRANSPORT_LEG_COST);
                let legs = legs + 1;
                self.stack.push(Frame::Transport { power, from, at: Some(zone), units, leaders, legs, minors });
            }
            Action::NavalToPort(to) => {
                self.stack.pop();
                self.pay(TRANSPORT_LEG_COST);
                let cp = (legs + 1) * TRANSPORT_LEG_COST;
                log.event(Event::FormationTransported { power, from, to, units, leaders: leaders.len() as u8, cp });
                self.land_transported_formation(power, from, to, (units, minors), leaders, log);
            }
            _ => {
                self.stack.pop();
            }
        }
    }

    /// Lands a naval transport (§16.3 step 3): `power`'s `units` and
    /// `leaders` (and its allied minors' regulars, §22.3), still standing in
    /// the port `from`, enter the port `to` as
    /// in a land move (`begin_land_entry` with `by_sea`): the enemy may
    /// intercept, avoid battle or withdraw into its fortifications, and a
    /// transported force that loses the field battle is eliminated, its
    /// leaders captured (§16.3 step 4). The CP of the landing leg are
    /// already paid.
    pub(crate) fn land_transported_formation(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        (units, minors): (LandUnits, MinorUnits),
        leaders: EnumSet<Leader>,
        log: &mut dyn Log,
    ) {
        let minors = self.minors_still_here(from, minors);
        self.begin_land_entry(power, from, to, (units, minors), leaders, true, log);
    }
}
