//! After a field battle (§14 steps 10-12): captures, retreats of the
//! losers, the formation moving in or staying, eliminations and the
//! Hungary-Bohemia check (§22.5).

use super::{BattleResult, Entry, EntryStep, Garrison, RetreatKind, War, first};
use crate::engine::Log;
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{self as rules, GARRISON_LIMIT, commander, hostile_controlled, is_hostile, less, min_units};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, Power, Space};

impl Game {
    pub(super) fn battle_retreats(&mut self, mut e: Entry, result: BattleResult, log: &mut dyn Log) {
        let own = Faction::from(e.power);
        let defender_power = commander(self, self.main_defender(e.power, e.to)).filter(|&p| p != e.power);
        // §14 step 10: leaders of a side with no land units left are captured.
        if !e.has_units() && !e.leaders.is_empty() {
            self.capture_or_displace(e.leaders, e.from, defender_power, log);
            e.leaders = EnumSet::EMPTY;
        }
        e.step = EntryStep::Finish(result);
        self.set_entry(e);
        if rules::hostile_outside(self, e.power, e.to) == 0 {
            let leaders = self.defending_leaders(e.power, e.to);
            self.capture_or_displace(leaders, e.to, Some(e.power), log);
        }
        if result.attacker_won {
            // The defenders retreat, last in impulse order pushed first.
            let groups = self.defending_groups(e.power, e.to);
            let barred = if e.by_sea { None } else { Some(e.from) };
            for faction in Faction::ALL.into_iter().rev() {
                if groups[faction.index()] == 0 {
                    continue;
                }
                match faction.major() {
                    Some(p) => {
                        let controller = self.controller(e.to);
                        let may_garrison = self.is_fortified(e.to) && self.own_factions(p).contains(controller);
                        let kind = RetreatKind::Defeated { barred, may_garrison };
                        self.start_retreat(p, e.to, kind, Some(e.power), log);
                    }
                    None => self.inactive_defeat(faction, e.to, log),
                }
            }
            return;
        }
        // The attacker lost: the formation stays where it came from.
        self.war.lost_battle[e.power.index()].insert(e.from);
        if (e.continued || e.by_sea) && e.has_units() {
            self.eliminate_formation(e.power, e.from, e.units, e.leaders, defender_power, log);
            self.eliminate_minors(e.from, e.minors, log);
            return;
        }
        let relief = !self.land_units(e.to, own).is_empty() && self.is_besieged(e.to, own);
        let room = GARRISON_LIMIT.saturating_sub(rules::units_inside(self, e.to));
        if relief && result.equal_hits && !e.units.is_empty() && room > 0 && self.decides(e.power) {
            let kind = RetreatKind::ReliefBack { into: e.to, room, pool: e.units, leaders: e.leaders };
            self.stack.push(Frame::War(War::Retreat {
                power: e.power,
                space: e.from,
                kind,
                garrison: Garrison::default(),
                captor: None,
            }));
        }
    }

    /// §22.1: inactive units that lose do not retreat: up to 4 withdraw
    /// inside their own fortress, the rest are eliminated.
    pub(super) fn inactive_defeat(&mut self, faction: Faction, space: Space, log: &mut dyn Log) {
        let units = self.land_units(space, faction);
        let loss = crate::rules::minor::inactive_battle_loss(self, space, faction, units.total());
        let inside = LandUnits::regulars(loss.withdraw.min(units.regulars));
        let lost = less(units, inside);
        self.put_units(space, faction, inside, true);
        if !inside.is_empty() {
            log.event(Event::WithdrewIntoFortifications { faction, space, units: inside });
        }
        if !lost.is_empty() {
            log.event(Event::UnitsEliminated { faction, space, units: lost });
        }
    }

    pub(super) fn finish_battle(&mut self, e: Entry, result: BattleResult, log: &mut dyn Log) {
        self.stack.pop();
        if result.attacker_won {
            self.enter_destination(e, log);
        } else {
            self.check_siege(e.to, log);
            // The beaten formation took its losses where it stood: a siege it
            // was part of may be broken (§15.3).
            self.check_siege(e.from, log);
            self.check_hungary(log);
        }
    }

    /// The formation moves into its destination (no battle, or a battle
    /// won): lone enemy leaders there are captured (§13.1), a hostile
    /// fortress is besieged or must be left (§13.4, §14 step 12, §15.3), the
    /// siege it left is checked (§15.3), and after a battle the
    /// Hungary-Bohemia check runs (§22.5).
    pub(super) fn enter_destination(&mut self, e: Entry, log: &mut dyn Log) {
        let (power, to) = (e.power, e.to);
        let fought = matches!(e.step, EntryStep::Finish(_));
        let controller = self.controller(to);
        let was_besieged = self.land_units_in(to).any(|(f, u, b)| {
            !b && !u.is_empty() && commander(self, f).is_some_and(|p| is_hostile(self, p, controller))
        });
        // A relief force's friends inside are free once no besieger is left (§15.2).
        if self.land_units_in(to).any(|(f, u, b)| b && !u.is_empty() && rules::is_friendly_faction(self, power, f)) {
            self.check_siege(to, log);
        }
        if e.has_units() || !e.leaders.is_empty() {
            self.move_formation(power, e.from, to, e.units, e.leaders);
            self.move_minors(e.from, to, e.minors);
            log.event(Event::FormationMoved {
                power,
                from: e.from,
                to,
                units: e.units,
                leaders: e.leaders.len() as u8,
            });
            self.log_minors_moved(power, e.from, to, e.minors, log);
            // The formation's losses were taken beside the units it left
            // behind; if the two stacks cannot be shown with the counters,
            // the extra loss comes from those left behind first (seed 002,
            // ruling L6).
            self.settle(Faction::from(power), e.from, log);
            self.settle(Faction::from(power), to, log);
            for m in crate::types::MinorPower::ALL.into_iter().filter(|m| e.minors[m.index()] > 0) {
                self.settle(m.into(), e.from, log);
                self.settle(m.into(), to, log);
            }
        }
        self.capture_lone_leaders(to, power, log);
        let broken = self.check_siege(to, log);
        if !broken
            && self.is_fortified(to)
            && hostile_controlled(self, power, to)
            && !was_besieged
            && rules::is_besieging(self, power, to)
            && rules::siege_holds(self, to)
        {
            self.war.sieges_begun.insert(to);
            log.event(Event::SiegeBegun { space: to, besieger: power });
        }
        self.check_siege(e.from, log);
        if fought {
            self.check_hungary(log);
        }
    }

    /// Leaders alone in `space` (no land units of their side there) of
    /// powers hostile to `power`, whose land units entered it: captured in
    /// an unfortified space; in a fortified one they are inside (§13.1).
    pub(super) fn capture_lone_leaders(&mut self, space: Space, power: Power, log: &mut dyn Log) {
        if self.is_fortified(space) {
            return;
        }
        let lone: EnumSet<Leader> = self
            .leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Army
                    && self.leader_owner(l).is_some_and(|f| {
                        is_hostile(self, power, f)
                            && !self
                                .land_units_in(space)
                                .any(|(g, u, _)| !u.is_empty() && commander(self, g) == commander(self, f))
                    })
            })
            .collect();
        self.capture_or_displace(lone, space, Some(power), log);
    }

    /// `leaders` are captured by `captor` (§14 step 10); with no major power
    /// to hold them (beaten by independents or inactive minors), they are
    /// displaced instead (§12.5).
    pub(crate) fn capture_or_displace(
        &mut self,
        leaders: EnumSet<Leader>,
        from: Space,
        captor: Option<Power>,
        log: &mut dyn Log,
    ) {
        for leader in leaders {
            match captor {
                Some(by) => {
                    self.leaders[leader.index()] = LeaderLocation::Captured(by);
                    log.event(Event::LeaderCaptured { leader, by });
                }
                None => self.displace_leader(leader, from, log),
            }
        }
    }

    /// §12.5: the leader goes to the nearest fortified space its power
    /// controls, or its capital (the first in space order on a tie); with
    /// none, off the map.
    pub(crate) fn displace_leader(&mut self, leader: Leader, from: Space, log: &mut dyn Log) {
        let Some(power) = self.leader_owner(leader).and_then(Faction::major) else { return };
        match first(rules::displacement_spaces(self, power, from)) {
            Some(to) => {
                self.leaders[leader.index()] = LeaderLocation::Space(to);
                log.event(Event::LeaderDisplaced { leader, to });
            }
            None => self.leaders[leader.index()] = LeaderLocation::Unavailable,
        }
    }

    /// A formation is eliminated where it stands and its leaders captured
    /// (§13.4, §16.3, §14.1 with no retreat).
    pub(super) fn eliminate_formation(
        &mut self,
        power: Power,
        space: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        captor: Option<Power>,
        log: &mut dyn Log,
    ) {
        let own = Faction::from(power);
        let here = self.land_units(space, own);
        let lost = min_units(here, units);
        let besieged = self.is_besieged(space, own);
        self.put_units(space, own, less(here, lost), besieged);
        if !lost.is_empty() {
            log.event(Event::UnitsEliminated { faction: own, space, units: lost });
        }
        self.settle(own, space, log);
        self.capture_or_displace(leaders, space, captor, log);
    }

    /// Eliminates the allied minors' regulars `minors` of a formation in
    /// `space` (§22.3: they share its fate).
    pub(super) fn eliminate_minors(&mut self, space: Space, minors: rules::MinorUnits, log: &mut dyn Log) {
        for m in crate::types::MinorPower::ALL {
            let f = Faction::from(m);
            let here = self.land_units(space, f);
            let n = minors[m.index()].min(here.regulars);
            if n == 0 {
                continue;
            }
            let besieged = self.is_besieged(space, f);
            self.put_units(space, f, LandUnits { regulars: here.regulars - n, ..here }, besieged);
            log.event(Event::UnitsEliminated { faction: f, space, units: LandUnits::regulars(n) });
        }
    }

    /// §22.5: checked at the end of every field battle and assault.
    pub(crate) fn check_hungary(&mut self, log: &mut dyn Log) {
        if let Some(defeat) = crate::rules::minor::hungary_bohemia_defeat(self) {
            if crate::rules::minor::apply_hungary_bohemia_defeat(self, &defeat).is_ok() {
                log.event(Event::HungaryBohemiaDefeated);
                self.war.new_war_at_sea = true;
            }
        }
    }
}
