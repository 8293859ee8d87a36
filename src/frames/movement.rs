//! Moving a formation (§13.1, §5.1): choose the origin, add leaders, add
//! units, choose the destination; what follows its arrival (interception,
//! battle, siege) is in `frames::battle`.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::frames::Frame;
use crate::frames::impulse::cost;
use crate::frames::responses::Moment;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{MinorUnits, NO_MINORS, free_minor_units, free_units, held_back, may_enter, minor_total};
use crate::rules::counters::CounterTally;
use crate::rules::movement::formation_limit;
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, MinorPower, Power, Space};

/// The CP a formation pays to move from `from` to the adjacent `to`: 1 in
/// clear, 2 across a pass (§11.2).
pub fn move_cost(from: Space, to: Space) -> u8 {
    if from.is_pass_to(to) { cost::MOVE_PASS } else { cost::MOVE_CLEAR }
}

/// What stays of `here` when `moving` splits off (saturating).
fn stay_behind(here: LandUnits, moving: LandUnits) -> LandUnits {
    LandUnits {
        regulars: here.regulars.saturating_sub(moving.regulars),
        mercenaries: here.mercenaries.saturating_sub(moving.mercenaries),
        cavalry: here.cavalry.saturating_sub(moving.cavalry),
    }
}

/// Adds the leader or unit an `AddLeader` / `AddUnit` action names to a
/// formation being formed (§5.1).
pub(crate) fn add_to_formation(units: &mut LandUnits, leaders: &mut EnumSet<Leader>, action: Action) {
    match action {
        Action::AddLeader(leader) => {
            leaders.insert(leader);
        }
        Action::AddUnit(kind) => *units = units.plus_one(kind),
        _ => {}
    }
}

/// Adds the minor regular an `AddMinorUnit` action names (§22.3).
pub(crate) fn add_minor(minors: &mut MinorUnits, action: Action) {
    if let Action::AddMinorUnit(m) = action {
        minors[m.index()] = minors[m.index()].saturating_add(1);
    }
}

impl Game {
    /// Units of `power` in `from` free to move: not besieged (§15), not
    /// held back this impulse (§13.1).
    fn movable_units(&self, power: Power, from: Space) -> LandUnits {
        free_units(self, power, from)
    }

    /// Spaces from which `power` can move some formation for at most `cp`.
    pub(crate) fn formation_origins(&self, power: Power, cp: u8) -> EnumSet<Space> {
        let own = Faction::from(power);
        let mut origins = EnumSet::EMPTY;
        // A set, so that a space with both units and leaders is checked once.
        let factions = self.own_factions(power);
        let candidates: EnumSet<Space> = self
            .land_stack_tuples()
            .filter(|&(_, f, units, besieged)| factions.contains(f) && !besieged && !units.is_empty())
            .map(|(s, ..)| s)
            .chain(self.army_leaders_of(power).filter_map(|l| match self.leader_location(l) {
                LeaderLocation::Space(s) => Some(s),
                _ => None,
            }))
            .collect();
        // The tally of every stack of the power, made once: each origin's
        // "every stack but this one" comes from it where it can (§5.2).
        let all = CounterTally::of(self, own, None);
        for from in candidates {
            let others = all.without(self.land_units(from, own));
            if self.is_formation_origin_beside(power, cp, from, others) {
                origins.insert(from);
            }
        }
        origins
    }

    /// Whether `power` can move some formation out of `from` for at most
    /// `cp`: its leaders there, or units that can split off within the
    /// counters, with an adjacent space they may enter (§13.1).
    pub(crate) fn is_formation_origin(&self, power: Power, cp: u8, from: Space) -> bool {
        self.is_formation_origin_beside(power, cp, from, None)
    }

    /// [`Game::is_formation_origin`] with `others`, the tally of the
    /// power's stacks but the one in `from`, if already known.
    fn is_formation_origin_beside(&self, power: Power, cp: u8, from: Space, others: Option<CounterTally>) -> bool {
        if crate::events::frozen_near_vienna(self, power, from) {
            return false;
        }
        let own = Faction::from(power);
        let all_leaders: EnumSet<Leader> = self.army_leaders_at(from, own).collect();
        let limit = formation_limit(all_leaders);
        // Leaders under siege may not move (§15).
        let leaders = || !all_leaders.is_empty() && !held_back(self, power, from) && !self.is_besieged(from, own);
        let reachable = |with_units: bool| {
            from.land_neighbours().any(|to| move_cost(from, to) <= cp && may_enter(self, power, to, with_units))
        };
        // The counter-mix search last: it is the dearest check.
        let units = || {
            self.movable_units(power, from).total() > 0
                && reachable(true)
                && match &others {
                    Some(others) => self.completion_exists_beside(others, power, from, LandUnits::NONE, limit),
                    None => self.completion_exists(power, from, LandUnits::NONE, limit),
                }
        };
        // §22.3: the allied minors' regulars move as the power's own (the
        // minors' counters split any number of regulars apart, checked when
        // they are added).
        let minors = || minor_total(&free_minor_units(self, power, from)) > 0 && reachable(true);
        units() || minors() || (leaders() && reachable(false))
    }

    /// Whether `moving`, split off from `power`'s units in `from`, leaves
    /// both parts showable with its counters (§5.2, making change).
    pub(crate) fn split_fits(&self, power: Power, from: Space, moving: LandUnits) -> bool {
        let own = Faction::from(power);
        let here = self.land_units(from, own);
        CounterTally::of(self, own, Some(from)).fits_with(stay_behind(here, moving), moving)
    }

    /// Whether some formation of at least `units` (and at least one unit),
    /// at most `limit` units, can split off from `from` within the counter
    /// mix, so that adding units never leads to a formation that cannot move.
    pub(crate) fn completion_exists(&self, power: Power, from: Space, units: LandUnits, limit: u8) -> bool {
        let others = CounterTally::of(self, Faction::from(power), Some(from));
        self.completion_exists_beside(&others, power, from, units, limit)
    }

    /// [`Game::completion_exists`] with `others`, the tally of `power`'s
    /// stacks but the one in `from`, made once for many checks (§5.2).
    fn completion_exists_beside(
        &self,
        others: &CounterTally,
        power: Power,
        from: Space,
        units: LandUnits,
        limit: u8,
    ) -> bool {
        let here = self.land_units(from, Faction::from(power));
        let fits = |moving: LandUnits| others.fits_with(stay_behind(here, moving), moving);
        if units.total() > 0 && fits(units) {
            return true;
        }
        let have = self.movable_units(power, from);
        for regulars in units.regulars..=have.regulars {
            for mercenaries in units.mercenaries..=have.mercenaries {
                for cavalry in units.cavalry..=have.cavalry {
                    let moving = LandUnits { regulars, mercenaries, cavalry };
                    let total = moving.total();
                    if total > 0 && total <= limit && fits(moving) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn army_leaders_of(&self, power: Power) -> impl Iterator<Item = Leader> + '_ {
        Leader::ALL.into_iter().filter(move |&l| {
            l.kind() == crate::types::LeaderKind::Army && self.leader_owner(l) == Some(Faction::from(power))
        })
    }

    pub(crate) fn formation_actions(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        minors: MinorUnits,
        list: &mut ActionList,
    ) {
        if self.leaders_may_join(power, from, units, minors) {
            for leader in self.army_leaders_at(from, Faction::from(power)) {
                if !leaders.contains(leader) && !self.war.gout.contains(leader) {
                    list.push(Action::AddLeader(leader));
                }
            }
        }
        let available = self.movable_units(power, from);
        let limit = formation_limit(leaders);
        self.offer_unit_additions(power, from, units, available, limit.saturating_sub(minor_total(&minors)), list);
        self.offer_minor_additions(power, from, units.total(), minors, limit, list);
        if self.formation_may_leave(power, from, units, leaders, minors) {
            let cp = self.spend_cp_below_top();
            let with_units = !units.is_empty() || minor_total(&minors) > 0;
            for to in from.land_neighbours() {
                if self.formation_step(power, from, to, with_units, cp) && self.spend_allows(Action::MoveTo(to)) {
                    list.push(Action::MoveTo(to));
                }
            }
        }
        // Nothing else left (e.g. leaders chosen that cannot go where the
        // units could): give the move up. The origin is not offered again
        // this impulse, so this cannot loop.
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    /// Whether `action` is among [`Game::formation_actions`], checked alone
    /// (§13.1, §5.1, §5.2). `Done` is offered only when nothing else is, so
    /// it takes the whole listing.
    pub(crate) fn formation_action_legal(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        minors: MinorUnits,
        action: Action,
    ) -> bool {
        match action {
            Action::AddLeader(leader) => {
                self.leaders_may_join(power, from, units, minors)
                    && !leaders.contains(leader)
                    && !self.war.gout.contains(leader)
                    && self.army_leaders_at(from, Faction::from(power)).any(|l| l == leader)
            }
            Action::AddUnit(_) => {
                let mut list = ActionList::new();
                let available = self.movable_units(power, from);
                let limit = formation_limit(leaders).saturating_sub(minor_total(&minors));
                self.offer_unit_additions(power, from, units, available, limit, &mut list);
                list.contains(&action)
            }
            Action::AddMinorUnit(_) => {
                let mut list = ActionList::new();
                self.offer_minor_additions(power, from, units.total(), minors, formation_limit(leaders), &mut list);
                list.contains(&action)
            }
            Action::MoveTo(to) => {
                let with_units = !units.is_empty() || minor_total(&minors) > 0;
                from.is_adjacent(to)
                    && self.formation_may_leave(power, from, units, leaders, minors)
                    && self.formation_step(power, from, to, with_units, self.spend_cp_below_top())
                    && self.spend_allows(action)
            }
            Action::Done => {
                let mut list = ActionList::new();
                self.formation_actions(power, from, units, leaders, minors, &mut list);
                list.contains(&Action::Done)
            }
            _ => false,
        }
    }

    /// Whether army leaders may still join a formation in `from`: before
    /// any unit, so that the formation limit is known (§5.1); not held back
    /// (§13.1); not besieged (§15).
    fn leaders_may_join(&self, power: Power, from: Space, units: LandUnits, minors: MinorUnits) -> bool {
        units.is_empty()
            && minor_total(&minors) == 0
            && !held_back(self, power, from)
            && !self.is_besieged(from, Faction::from(power))
    }

    /// Whether the formation may set off: it has a leader or a unit, and
    /// its units (its minors' too) split off from their stacks within the
    /// counters (§13.1, §5.2, §22.3). Spring deployment's too (§10).
    pub(crate) fn formation_may_leave(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        minors: MinorUnits,
    ) -> bool {
        (!units.is_empty() || !leaders.is_empty() || minor_total(&minors) > 0)
            && (units.is_empty() || self.split_fits(power, from, units))
            && self.minor_split_fits(from, minors)
    }

    /// Whether a formation (`with_units`: land units in it) may step from
    /// `from` into the adjacent `to` with `cp` left (§11.2, §13.1).
    fn formation_step(&self, power: Power, from: Space, to: Space, with_units: bool, cp: u8) -> bool {
        move_cost(from, to) <= cp && may_enter(self, power, to, with_units)
    }

    /// Whether each minor's `minors` regulars split off from its stack in
    /// `from` within its counters (§5.2).
    pub(crate) fn minor_split_fits(&self, from: Space, minors: MinorUnits) -> bool {
        MinorPower::ALL.into_iter().all(|m| {
            let n = minors[m.index()];
            let here = self.land_units(from, m.into()).regulars;
            n == 0
                || n == here
                || crate::rules::counters::fits_with(
                    self,
                    m.into(),
                    from,
                    LandUnits::regulars(here.saturating_sub(n)),
                    LandUnits::regulars(n),
                )
        })
    }

    /// Offers `AddMinorUnit` for each allied minor with more free regulars
    /// in `from` than the formation holds (§22.3), while the formation
    /// (`own` units of the power and `minors`) stays within `limit` (§5.1)
    /// and some split of that minor's regulars fits its counters (§5.2).
    pub(crate) fn offer_minor_additions(
        &self,
        power: Power,
        from: Space,
        own: u8,
        minors: MinorUnits,
        limit: u8,
        list: &mut ActionList,
    ) {
        self.offer_minor_additions_of(from, free_minor_units(self, power, from), own, minors, limit, list);
    }

    /// [`Game::offer_minor_additions`] with `free`, the minors' regulars
    /// in `from` that may join, worked out by the caller (spring deployment
    /// takes those in the capital, §10).
    pub(crate) fn offer_minor_additions_of(
        &self,
        from: Space,
        free: MinorUnits,
        own: u8,
        minors: MinorUnits,
        limit: u8,
        list: &mut ActionList,
    ) {
        let total = own + minor_total(&minors);
        if total >= limit {
            return;
        }
        for m in MinorPower::ALL {
            let (have, moving) = (free[m.index()], minors[m.index()]);
            let room = moving + (limit - total);
            let fits = (moving + 1..=have.min(room)).any(|n| {
                let mut probe = NO_MINORS;
                probe[m.index()] = n;
                self.minor_split_fits(from, probe)
            });
            if moving < have && fits {
                list.push(Action::AddMinorUnit(m));
            }
        }
    }

    /// Offers `AddUnit` for each kind `available` has more of than the
    /// formation `units`, while it stays within `limit` (§5.1) and can still
    /// split off from its stack within the counters (§5.2).
    pub(crate) fn offer_unit_additions(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        available: LandUnits,
        limit: u8,
        list: &mut ActionList,
    ) {
        if units.total() >= limit {
            return;
        }
        let others = CounterTally::of(self, Faction::from(power), Some(from));
        for kind in LandUnitKind::ALL {
            if units.count(kind) < available.count(kind)
                && self.completion_exists_beside(&others, power, from, units.plus_one(kind), limit)
            {
                list.push(Action::AddUnit(kind));
            }
        }
    }

    /// The CP left in the `Spend` frame under the formation.
    pub(crate) fn spend_cp_below_top(&self) -> u8 {
        match self.stack.below(1) {
            Some(&Frame::Spend { cp, .. }) => cp,
            _ => 0,
        }
    }

    pub(crate) fn apply_formation(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::Formation { from, units, leaders, minors, .. }) = self.stack.top_mut() else {
            return;
        };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => add_to_formation(units, leaders, action),
            Action::AddMinorUnit(_) => add_minor(minors, action),
            Action::Done => {
                let from = *from;
                self.stack.pop();
                if let Some(Frame::Spend { abandoned, .. }) = self.stack.top_mut() {
                    abandoned.insert(from);
                }
            }
            Action::MoveTo(to) => {
                let (from, units, leaders, minors) = (*from, *units, *leaders, *minors);
                self.stack.pop();
                // §13.1 step 4: the response window; then steps 5-8,
                // interception, avoid battle, withdrawal, battle.
                self.announce(power, Moment::Move { from, to, units, leaders, minors }, log);
            }
            _ => {}
        }
    }

    /// Moves `units` and `leaders` of `power` from `from` to `to`.
    pub(crate) fn move_formation(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
    ) {
        let own = Faction::from(power);
        let left = self.land_units(from, own);
        let stay = LandUnits {
            regulars: left.regulars - units.regulars.min(left.regulars),
            mercenaries: left.mercenaries - units.mercenaries.min(left.mercenaries),
            cavalry: left.cavalry - units.cavalry.min(left.cavalry),
        };
        let index = self.land_stacks_slice().iter().position(|s| s.space == from && s.faction == own);
        self.write_land_stack(index, from, own, stay, false);
        let there = self.land_units(to, own);
        let arrive = LandUnits {
            regulars: there.regulars + units.regulars,
            mercenaries: there.mercenaries + units.mercenaries,
            cavalry: there.cavalry + units.cavalry,
        };
        let index = self.land_stacks_slice().iter().position(|s| s.space == to && s.faction == own);
        self.write_land_stack(index, to, own, arrive, false);
        for leader in leaders {
            self.leaders[leader.index()] = LeaderLocation::Space(to);
        }
    }

    /// `minors` cut down to the minors' regulars still standing in `at`.
    pub(crate) fn minors_still_here(&self, at: Space, minors: MinorUnits) -> MinorUnits {
        let mut left = minors;
        for m in MinorPower::ALL {
            left[m.index()] = minors[m.index()].min(self.land_units(at, m.into()).regulars);
        }
        left
    }

    /// `minors` cut down to `power`'s allied minors' regulars still free
    /// to move in `from` ([`free_minor_units`]).
    pub(crate) fn minors_still_free(&self, power: Power, from: Space, minors: MinorUnits) -> MinorUnits {
        let free = free_minor_units(self, power, from);
        let mut left = minors;
        for m in MinorPower::ALL {
            left[m.index()] = minors[m.index()].min(free[m.index()]);
        }
        left
    }

    /// Reports the allied minors' regulars `minors` moved with `power`'s
    /// formation.
    pub(crate) fn log_minors_moved(&self, power: Power, from: Space, to: Space, minors: MinorUnits, log: &mut dyn Log) {
        for m in MinorPower::ALL {
            let regulars = minors[m.index()];
            if regulars > 0 {
                log.event(crate::event::Event::MinorUnitsMoved { minor: m, with: power, from, to, regulars });
            }
        }
    }

    /// Moves the allied minors' regulars `minors` from `from` to `to` with
    /// their ally's formation (§22.3).
    pub(crate) fn move_minors(&mut self, from: Space, to: Space, minors: MinorUnits) {
        for m in MinorPower::ALL {
            let f = Faction::from(m);
            let n = minors[m.index()].min(self.land_units(from, f).regulars);
            if n == 0 {
                continue;
            }
            let left = self.land_units(from, f);
            self.put_units(from, f, LandUnits { regulars: left.regulars - n, ..left }, false);
            let there = self.land_units(to, f);
            self.put_units(to, f, LandUnits { regulars: there.regulars + n, ..there }, false);
        }
    }
}
