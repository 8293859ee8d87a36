//! Avoid battle (§13.3) and withdrawal into fortifications (§13.4).

use super::{Entry, EntryStep, War};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::movement::move_cost;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{self as rules, INTERCEPT_TARGET, commander, is_hostile, less, min_units, plus};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, MinorPower, Power, Space};

impl Game {
    // --- Avoid battle (§13.3) --------------------------------------------------

    /// Defending major powers in `space` against `mover`, in impulse order:
    /// those whose units (or allied minors') stand outside, hostile to it.
    pub(crate) fn defending_powers(&self, mover: Power, space: Space) -> EnumSet<Power> {
        let mut set = EnumSet::EMPTY;
        for (faction, units, besieged) in self.land_units_in(space) {
            if !besieged && !units.is_empty() && rules::opposes(self, mover, space, faction) {
                if let Some(p) = commander(self, faction).filter(|&p| self.decides(p)) {
                    set.insert(p);
                }
            }
        }
        set
    }

    /// `power`'s group's units outside in `space`: its own and its allied minors'.
    pub(super) fn group_outside(&self, power: Power, space: Space) -> (LandUnits, [u8; MinorPower::COUNT]) {
        let own = Faction::from(power);
        let units = if self.is_besieged(space, own) { LandUnits::NONE } else { self.land_units(space, own) };
        let mut minors = [0; MinorPower::COUNT];
        for m in rules::allied_minors(self, power) {
            if !self.is_besieged(space, m.into()) {
                minors[m.index()] = self.land_units(space, m.into()).total();
            }
        }
        (units, minors)
    }

    /// `power`'s army leaders in `space` outside the fortifications.
    pub(super) fn leaders_outside(&self, power: Power, space: Space) -> EnumSet<Leader> {
        if self.leaders_inside(power, space) {
            EnumSet::EMPTY
        } else {
            self.army_leaders_at(space, Faction::from(power)).collect()
        }
    }

    /// Whether `power`'s leaders in `space` are inside the fortifications:
    /// its units there are besieged, or it has none there in a fortified
    /// space where hostile units stand.
    pub(crate) fn leaders_inside(&self, power: Power, space: Space) -> bool {
        let own = Faction::from(power);
        if self.land_units(space, own).is_empty() {
            self.is_fortified(space)
                && self.land_units_in(space).any(|(f, u, b)| !b && !u.is_empty() && is_hostile(self, power, f))
        } else {
            self.is_besieged(space, own)
        }
    }

    pub(super) fn next_avoidance(&mut self, mut e: Entry, cursor: u8) {
        let powers = impulse_powers(self.scenario());
        let barred = if e.by_sea { None } else { Some(e.from) };
        let defenders = self.defending_powers(e.power, e.to);
        for (i, &d) in powers.iter().enumerate().skip(usize::from(cursor)) {
            if !defenders.contains(d) || rules::retreat_spaces(self, d, e.to, barred).is_empty() {
                continue;
            }
            let (units, minors) = self.group_outside(d, e.to);
            if units.is_empty() && minors.iter().all(|&n| n == 0) {
                continue;
            }
            e.step = EntryStep::Avoid { cursor: i as u8 + 1 };
            self.set_entry(e);
            let (units, minors, leaders) = (LandUnits::NONE, [0; MinorPower::COUNT], EnumSet::EMPTY);
            self.stack.push(Frame::War(War::Avoid { power: d, units, minors, leaders }));
            return;
        }
        e.step = EntryStep::Withdraw;
        self.set_entry(e);
    }

    pub(crate) fn avoid_actions(
        &self,
        power: Power,
        units: LandUnits,
        minors: [u8; MinorPower::COUNT],
        leaders: EnumSet<Leader>,
        list: &mut ActionList,
    ) {
        list.push(Action::Decline);
        let Some(e) = self.current_entry() else { return };
        let space = e.to;
        for leader in self.leaders_outside(power, space).difference(leaders) {
            list.push(Action::AddLeader(leader));
        }
        let (have, have_minors) = self.group_outside(power, space);
        self.offer_unit_additions(power, space, units, have, u8::MAX, list);
        for m in MinorPower::ALL {
            if minors[m.index()] < have_minors[m.index()] {
                list.push(Action::AddMinorUnit(m));
            }
        }
        let chosen = !units.is_empty() || minors.iter().any(|&n| n > 0) || !leaders.is_empty();
        if chosen && (units.is_empty() || self.split_fits(power, space, units)) {
            let barred = if e.by_sea { None } else { Some(e.from) };
            for to in rules::retreat_spaces(self, power, space, barred) {
                list.push(Action::MoveTo(to));
            }
        }
    }

    pub(crate) fn apply_avoid(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::War(War::Avoid { units, minors, leaders, .. })) = self.stack.top_mut() else { return };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => {
                crate::frames::movement::add_to_formation(units, leaders, action)
            }
            Action::AddMinorUnit(m) => minors[m.index()] += 1,
            Action::Decline => {
                self.stack.pop();
            }
            Action::MoveTo(to) => {
                let (units, minors, leaders) = (*units, *minors, *leaders);
                self.stack.pop();
                self.try_avoidance(power, to, units, minors, leaders, log);
            }
            _ => {}
        }
        self.drive_war(log);
    }

    pub(super) fn try_avoidance(
        &mut self,
        power: Power,
        to: Space,
        units: LandUnits,
        minors: [u8; MinorPower::COUNT],
        leaders: EnumSet<Leader>,
        log: &mut dyn Log,
    ) {
        let Some(e) = self.current_entry() else { return };
        let from = e.to;
        let modifier = rules::roll_modifier(power, units, leaders, e.power, e.units);
        // §13.3: automatic if every unit trying lost a field battle this impulse.
        let automatic = self.war.lost_battle[power.index()].contains(from);
        let dice = if automatic { crate::Dice::NONE } else { self.roll_dice(2) };
        let success = automatic || dice.sum() as i8 + modifier >= INTERCEPT_TARGET;
        log.event(Event::AvoidBattleAttempt { power, from, to, dice, modifier, success });
        if !success {
            return;
        }
        self.shift_units(Faction::from(power), from, to, units, log);
        for m in MinorPower::ALL {
            let n = minors[m.index()];
            if n > 0 {
                self.shift_units(m.into(), from, to, LandUnits::regulars(n), log);
            }
        }
        for leader in leaders {
            self.leaders[leader.index()] = LeaderLocation::Space(to);
        }
        self.check_siege(from, log);
    }

    /// Moves `units` of `faction` from `from` to `to` (unbesieged there),
    /// reports it, and removes what the counters cannot show (§5.2).
    pub(crate) fn shift_units(
        &mut self,
        faction: Faction,
        from: Space,
        to: Space,
        units: LandUnits,
        log: &mut dyn Log,
    ) {
        let here = self.land_units(from, faction);
        let moving = min_units(here, units);
        if moving.is_empty() {
            return;
        }
        let besieged = self.is_besieged(from, faction);
        self.put_units(from, faction, less(here, moving), besieged);
        let there = self.land_units(to, faction);
        let besieged_there = self.is_besieged(to, faction);
        self.put_units(to, faction, plus(there, moving), besieged_there);
        log.event(Event::Retreated { faction, from, to, units: moving });
        self.settle(faction, from, log);
        self.settle(faction, to, log);
    }

    /// Writes `faction`'s stack in `space`.
    pub(crate) fn put_units(&mut self, space: Space, faction: Faction, units: LandUnits, besieged: bool) {
        let index = self.land_stacks_slice().iter().position(|s| s.space == space && s.faction == faction);
        self.write_land_stack(index, space, faction, units, besieged);
    }

    /// §5.2: removes units the counters cannot show, and reports them.
    pub(crate) fn settle(&mut self, faction: Faction, space: Space, log: &mut dyn Log) {
        let before = self.land_units(space, faction);
        self.settle_counters(faction, space);
        let lost = less(before, self.land_units(space, faction));
        if !lost.is_empty() {
            log.event(Event::UnitsEliminated { faction, space, units: lost });
        }
    }

    // --- Withdrawal into fortifications (§13.4) ----------------------------------

    pub(super) fn offer_withdrawal(&mut self, mut e: Entry, log: &mut dyn Log) {
        e.step = EntryStep::Engage;
        if !rules::may_withdraw(self, e.power, e.to) {
            self.set_entry(e);
            return;
        }
        match commander(self, self.controller(e.to)).filter(|&p| self.decides(p)) {
            Some(power) => {
                self.set_entry(e);
                self.stack.push(Frame::War(War::Withdraw { power }));
            }
            None => {
                // §22.1, §22.6: 4 or fewer inactive units always withdraw;
                // a power that takes no impulse withdraws too.
                self.withdraw_defenders(e.power, e.to, log);
                e.step = EntryStep::Withdrawn;
                self.set_entry(e);
            }
        }
    }

    pub(crate) fn apply_withdraw(&mut self, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let (Action::WithdrawInto(space), Some(mut e)) = (action, self.current_entry()) {
            self.withdraw_defenders(e.power, space, log);
            e.step = EntryStep::Withdrawn;
            self.set_entry(e);
        }
        self.drive_war(log);
    }

    /// Every hostile land unit outside in `space` goes inside (§13.4: all or nothing).
    pub(super) fn withdraw_defenders(&mut self, mover: Power, space: Space, log: &mut dyn Log) {
        let stacks: smallvec::SmallVec<[(Faction, LandUnits); 4]> = self
            .land_units_in(space)
            .filter(|&(f, u, b)| !b && !u.is_empty() && rules::opposes(self, mover, space, f))
            .map(|(f, u, _)| (f, u))
            .collect();
        for (faction, units) in stacks {
            self.put_units(space, faction, units, true);
            log.event(Event::WithdrewIntoFortifications { faction, space, units });
        }
    }

    pub(super) fn after_withdrawal(&mut self, e: Entry, log: &mut dyn Log) {
        let inside = rules::units_inside(self, e.to);
        if e.formation_units() > inside {
            // §13.4: the mover outnumbers them: a siege.
            self.stack.pop();
            self.enter_destination(e, log);
            return;
        }
        // Not outnumbered: they are simply inside their fortress.
        let inside: smallvec::SmallVec<[(Faction, LandUnits); 4]> =
            self.land_units_in(e.to).filter(|&(_, _, b)| b).map(|(f, u, _)| (f, u)).collect();
        for (faction, units) in inside {
            self.put_units(e.to, faction, units, false);
        }
        self.stack.push(Frame::War(War::Onward { power: e.power }));
    }

    pub(crate) fn onward_actions(&self, power: Power, list: &mut ActionList) {
        let Some(e) = self.current_entry() else { return };
        list.push(Action::RetreatTo(e.from));
        if e.by_sea {
            return;
        }
        let cp = self.spend_cp();
        for next in e.to.land_neighbours() {
            let allowed = self.spend_allows(Action::MoveTo(next));
            if next != e.from && move_cost(e.to, next) <= cp && rules::may_enter(self, power, next, true) && allowed {
                list.push(Action::MoveTo(next));
            }
        }
    }

    pub(crate) fn apply_onward(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        let Some(e) = self.current_entry() else { return };
        self.stack.pop();
        match action {
            Action::MoveTo(next) => {
                self.pay_buried(move_cost(e.to, next));
                self.move_formation(power, e.from, e.to, e.units, e.leaders);
                self.move_minors(e.from, e.to, e.minors);
                log.event(Event::FormationMoved {
                    power,
                    from: e.from,
                    to: e.to,
                    units: e.units,
                    leaders: e.leaders.len() as u8,
                });
                self.log_minors_moved(power, e.from, e.to, e.minors, log);
                self.check_siege(e.from, log);
                self.start_entry(power, e.to, next, (e.units, e.minors), e.leaders, false, true, log);
                return;
            }
            _ => {
                // §13.4: back to where it came from, for free; a formation
                // that moved on from a fortress it could not besiege is
                // eliminated there.
                if e.continued {
                    let captor = commander(self, self.controller(e.from)).filter(|&p| p != power);
                    self.eliminate_formation(power, e.from, e.units, e.leaders, captor, log);
                    self.eliminate_minors(e.from, e.minors, log);
                }
            }
        }
        self.drive_war(log);
    }
}
