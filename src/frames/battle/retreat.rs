//! Retreats (§14.1, §15.2, §15.3).

use super::{Garrison, RetreatKind, War};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{self as rules, GARRISON_LIMIT, less, min_units, plus};
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, MinorPower, Power, Space};

impl Game {
    /// `power`'s units outside in `space` retreat: a decision frame, or by
    /// fixed rules (a power that takes no impulse: inside if it may, else
    /// the first legal space), or elimination with no legal space.
    pub(crate) fn start_retreat(
        &mut self,
        power: Power,
        space: Space,
        kind: RetreatKind,
        captor: Option<Power>,
        log: &mut dyn Log,
    ) {
        let (units, minors) = self.group_outside(power, space);
        let leaders = self.leaders_outside(power, space);
        if units.is_empty() && minors.iter().all(|&n| n == 0) && leaders.is_empty() {
            return;
        }
        let frame = War::Retreat { power, space, kind, garrison: Garrison::default(), captor };
        self.stack.push(Frame::War(frame));
        let mut list = ActionList::new();
        self.retreat_actions(power, space, kind, Garrison::default(), &mut list);
        let auto = if !self.decides(power) {
            list.iter().copied().find(|a| matches!(a, Action::WithdrawInto(_))).or(list.last().copied())
        } else if list.len() == 1 {
            list.first().copied()
        } else {
            None
        };
        if let Some(action) = auto {
            self.do_retreat(power, action, log);
        }
    }

    pub(super) fn retreat_options(&self, power: Power, space: Space, kind: RetreatKind) -> EnumSet<Space> {
        match kind {
            RetreatKind::Defeated { barred, .. } => rules::retreat_spaces(self, power, space, barred),
            RetreatKind::BreakSiege => rules::retreat_spaces(self, power, space, None),
            RetreatKind::ReliefBack { .. } => EnumSet::EMPTY,
        }
    }

    pub(crate) fn retreat_actions(
        &self,
        power: Power,
        space: Space,
        kind: RetreatKind,
        garrison: Garrison,
        list: &mut ActionList,
    ) {
        let (units, minors) = self.group_outside(power, space);
        match kind {
            RetreatKind::ReliefBack { into, room, pool, leaders } => {
                list.push(Action::Decline);
                if garrison.total() < room {
                    for k in LandUnitKind::ALL {
                        if garrison.units.count(k) < min_units(pool, units).count(k) {
                            list.push(Action::AddUnit(k));
                        }
                    }
                }
                for l in leaders.difference(garrison.leaders) {
                    if self.leader_location(l) == LeaderLocation::Space(space) {
                        list.push(Action::AddLeader(l));
                    }
                }
                if garrison.total() > 0 || !garrison.leaders.is_empty() {
                    list.push(Action::WithdrawInto(into));
                }
            }
            RetreatKind::Defeated { .. } | RetreatKind::BreakSiege => {
                let may_garrison = matches!(kind, RetreatKind::Defeated { may_garrison: true, .. });
                let total = units.total() + minors.iter().sum::<u8>();
                if may_garrison {
                    if total <= GARRISON_LIMIT {
                        list.push(Action::WithdrawInto(space));
                    }
                    if garrison.total() < GARRISON_LIMIT {
                        for k in LandUnitKind::ALL {
                            if garrison.units.count(k) < units.count(k) {
                                list.push(Action::AddUnit(k));
                            }
                        }
                        for m in MinorPower::ALL {
                            if garrison.minors[m.index()] < minors[m.index()] {
                                list.push(Action::AddMinorUnit(m));
                            }
                        }
                    }
                    for l in self.leaders_outside(power, space).difference(garrison.leaders) {
                        list.push(Action::AddLeader(l));
                    }
                }
                let options = self.retreat_options(power, space, kind);
                list.extend(options.iter().map(Action::RetreatTo));
                if options.is_empty() {
                    // No legal space: the rest are eliminated (§14.1).
                    list.push(Action::Done);
                }
            }
        }
    }

    pub(crate) fn apply_retreat(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.do_retreat(power, action, log);
        self.drive_war(log);
    }

    pub(super) fn do_retreat(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(&Frame::War(War::Retreat { space, kind, garrison, captor, .. })) = self.stack.top() else { return };
        let mut g = garrison;
        match action {
            Action::AddUnit(k) => g.units = g.units.plus_one(k),
            Action::AddMinorUnit(m) => g.minors[m.index()] += 1,
            Action::AddLeader(l) => {
                g.leaders.insert(l);
            }
            Action::WithdrawInto(into) if matches!(kind, RetreatKind::ReliefBack { .. }) => {
                self.stack.pop();
                self.relief_back(power, space, into, g, log);
                return;
            }
            Action::Decline => {
                self.stack.pop();
                return;
            }
            Action::WithdrawInto(_) => {
                self.stack.pop();
                self.all_inside(power, space, log);
                self.war.lost_battle[power.index()].insert(space);
                return;
            }
            Action::RetreatTo(to) => {
                self.stack.pop();
                self.retreat_group(
                    power,
                    space,
                    Some(to),
                    g,
                    matches!(kind, RetreatKind::Defeated { .. }),
                    captor,
                    log,
                );
                return;
            }
            Action::Done => {
                self.stack.pop();
                self.retreat_group(power, space, None, g, false, captor, log);
                return;
            }
            _ => return,
        }
        if let Some(Frame::War(War::Retreat { garrison, .. })) = self.stack.top_mut() {
            *garrison = g;
        }
    }

    /// Every unit of `power`'s group outside in `space` goes inside (the
    /// besieged flag set; the siege check decides later whether it holds).
    pub(super) fn all_inside(&mut self, power: Power, space: Space, log: &mut dyn Log) {
        let mut factions: smallvec::SmallVec<[Faction; 5]> = smallvec::SmallVec::new();
        factions.push(Faction::from(power));
        factions.extend(rules::allied_minors(self, power).map(Faction::from));
        for faction in factions {
            let units = self.land_units(space, faction);
            if !units.is_empty() && !self.is_besieged(space, faction) {
                self.put_units(space, faction, units, true);
                log.event(Event::WithdrewIntoFortifications { faction, space, units });
            }
        }
    }

    /// Moves the group's units outside in `space`, less the garrison, to
    /// `to` (or eliminates them with no space, capturing the leaders not
    /// kept inside); the garrison stays inside.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn retreat_group(
        &mut self,
        power: Power,
        space: Space,
        to: Option<Space>,
        g: Garrison,
        defeated: bool,
        captor: Option<Power>,
        log: &mut dyn Log,
    ) {
        let own = Faction::from(power);
        let (units, minors) = self.group_outside(power, space);
        let leaders = self.leaders_outside(power, space).difference(g.leaders);
        let mut parts: smallvec::SmallVec<[(Faction, LandUnits, LandUnits); 5]> = smallvec::SmallVec::new();
        parts.push((own, units, min_units(units, g.units)));
        for m in MinorPower::ALL {
            let n = minors[m.index()];
            if n > 0 {
                parts.push((m.into(), LandUnits::regulars(n), LandUnits::regulars(g.minors[m.index()].min(n))));
            }
        }
        for (faction, all, keep) in parts {
            let leave = less(all, keep);
            match to {
                Some(to) => {
                    self.put_units(space, faction, keep, !keep.is_empty());
                    let there = self.land_units(to, faction);
                    let besieged_there = self.is_besieged(to, faction);
                    self.put_units(to, faction, plus(there, leave), besieged_there);
                    if !leave.is_empty() {
                        log.event(Event::Retreated { faction, from: space, to, units: leave });
                    }
                    self.settle(faction, to, log);
                }
                None => {
                    self.put_units(space, faction, keep, !keep.is_empty());
                    if !leave.is_empty() {
                        log.event(Event::UnitsEliminated { faction, space, units: leave });
                    }
                }
            }
            if !keep.is_empty() {
                log.event(Event::WithdrewIntoFortifications { faction, space, units: keep });
            }
            self.settle(faction, space, log);
        }
        match to {
            Some(to) => {
                for leader in leaders {
                    self.leaders[leader.index()] = LeaderLocation::Space(to);
                }
                if defeated {
                    self.war.lost_battle[power.index()].insert(to);
                }
                self.capture_lone_leaders(to, power, log);
            }
            None => self.capture_or_displace(leaders, space, captor, log),
        }
        if defeated && g.total() > 0 {
            self.war.lost_battle[power.index()].insert(space);
        }
    }

    /// §15.2: the relief force's chosen survivors go inside `into`.
    pub(super) fn relief_back(&mut self, power: Power, from: Space, into: Space, g: Garrison, log: &mut dyn Log) {
        let own = Faction::from(power);
        let here = self.land_units(from, own);
        let moving = min_units(here, g.units);
        let besieged = self.is_besieged(from, own);
        self.put_units(from, own, less(here, moving), besieged);
        let there = self.land_units(into, own);
        self.put_units(into, own, plus(there, moving), true);
        if !moving.is_empty() {
            log.event(Event::WithdrewIntoFortifications { faction: own, space: into, units: moving });
        }
        for leader in g.leaders {
            self.leaders[leader.index()] = LeaderLocation::Space(into);
        }
        self.settle(own, from, log);
        self.settle(own, into, log);
    }
}
