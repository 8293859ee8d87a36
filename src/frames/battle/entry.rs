//! A formation entering a space (§13.1 steps 5-8): the driver of the
//! `Entry` procedure, and interception (§13.2).

use super::{Entry, EntryStep, War, first};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{self as rules, INTERCEPT_TARGET, MinorUnits, NO_MINORS, min_units, minor_total};
use crate::rules::movement::formation_limit;
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, Power, Space};

impl Game {
    /// §13.1 steps 5-8 for a formation of `power` arriving in `to`: the
    /// interception windows, avoid battle, withdrawal into fortifications and
    /// the field battle, with everything after it (losses, captures,
    /// retreats, sieges, the Hungary-Bohemia check).
    ///
    /// For naval transport (§16.3), called when the formation lands: its CP
    /// are paid by the caller, and its `units` and `leaders` must still stand
    /// in `from` (the port it embarked from), which then plays the part of
    /// the origin: the formation stays there until it moves into `to`. With
    /// `by_sea` no space is barred to the defenders' avoid battle and
    /// retreat, the mover cannot return (after a withdrawal it does not
    /// outnumber, it stays in `from`), and a lost field battle eliminates its
    /// units and captures its leaders.
    ///
    /// Decisions are pushed on the stack above the caller's frames; when the
    /// procedure ends the frame below is on top again.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn begin_land_entry(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        (units, minors): (LandUnits, MinorUnits),
        leaders: EnumSet<Leader>,
        by_sea: bool,
        log: &mut dyn Log,
    ) {
        self.start_entry(power, from, to, (units, minors), leaders, by_sea, false, log);
    }

    /// [`Game::begin_land_entry`] for a formation that may hold its allied
    /// minors' regulars (§22.3).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start_entry(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        (units, minors): (LandUnits, MinorUnits),
        leaders: EnumSet<Leader>,
        by_sea: bool,
        continued: bool,
        log: &mut dyn Log,
    ) {
        let step = EntryStep::Intercept { cursor: 0, offered: EnumSet::EMPTY, interceptor: None };
        let joined = LandUnits::NONE;
        let entry = Entry { power, from, to, units, leaders, minors, joined, by_sea, continued, step };
        self.stack.push(Frame::War(War::Entry(entry)));
        self.drive_war(log);
    }

    /// Runs the automatic steps of the land-war drivers on top of the stack
    /// until a decision is needed or they end.
    pub(crate) fn drive_war(&mut self, log: &mut dyn Log) {
        for _ in 0..256 {
            match self.stack.top() {
                Some(&Frame::War(War::Entry(entry))) => self.step_entry(entry, log),
                Some(&Frame::War(War::Assault(assault))) => self.step_assault(assault, log),
                Some(&Frame::War(War::CardBattle(battle))) => self.step_card_battle(battle, log),
                Some(&Frame::Spend { cp: 0, .. }) => {
                    self.stack.pop();
                }
                _ => return,
            }
        }
    }

    /// Replaces the entry on top of the stack.
    pub(super) fn set_entry(&mut self, entry: Entry) {
        if let Some(Frame::War(War::Entry(e))) = self.stack.top_mut() {
            *e = entry;
        }
    }

    /// The nearest entry in the stack (the one the sub-frame on top serves).
    pub(crate) fn current_entry(&self) -> Option<Entry> {
        (0..crate::frames::MAX_FRAMES).find_map(|depth| match self.stack.below(depth) {
            Some(&Frame::War(War::Entry(e))) => Some(e),
            _ => None,
        })
    }

    /// The CP left in the nearest `Spend` frame.
    pub(super) fn spend_cp(&self) -> u8 {
        (0..crate::frames::MAX_FRAMES)
            .find_map(|depth| match self.stack.below(depth) {
                Some(&Frame::Spend { cp, .. }) => Some(cp),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Pays `cp` from the nearest `Spend` frame (popped at 0 when on top again).
    pub(super) fn pay_buried(&mut self, cp: u8) {
        for depth in 0..crate::frames::MAX_FRAMES {
            if let Some(Frame::Spend { .. }) = self.stack.below(depth) {
                if let Some(Frame::Spend { cp: left, .. }) = self.stack.below_mut(depth) {
                    *left = left.saturating_sub(cp);
                }
                return;
            }
        }
    }

    pub(super) fn step_entry(&mut self, mut e: Entry, log: &mut dyn Log) {
        // Losses and retreats may have cut the formation down.
        e.units = min_units(e.units, self.land_units(e.from, Faction::from(e.power)));
        e.minors = self.minors_still_here(e.from, e.minors);
        e.leaders = e.leaders.iter().filter(|&l| self.leader_location(l) == LeaderLocation::Space(e.from)).collect();
        match e.step {
            EntryStep::Intercept { cursor, offered, interceptor } => {
                self.next_interception(e, cursor, offered, interceptor)
            }
            EntryStep::Avoid { cursor } => self.next_avoidance(e, cursor),
            EntryStep::Withdraw => self.offer_withdrawal(e, log),
            EntryStep::Withdrawn => self.after_withdrawal(e, log),
            EntryStep::Engage => self.engage(e, log),
            EntryStep::Cards => {
                e.step = EntryStep::Roll;
                self.set_entry(e);
                self.war.cards = Default::default();
                let defenders = self.defending_powers(e.power, e.to);
                self.open_card_window(e.power, defenders);
            }
            EntryStep::Roll => self.roll_field_battle(e, log),
            EntryStep::SurpriseLosses(result) => self.battle_losses(e, result, true, log),
            EntryStep::Counter => self.counter_roll(e, log),
            EntryStep::Resolve => self.resolve_field_battle(e, log),
            EntryStep::Losses(result) => self.battle_losses(e, result, false, log),
            EntryStep::Retreats(result) => self.battle_retreats(e, result, log),
            EntryStep::Finish(result) => self.finish_battle(e, result, log),
        }
    }

    // --- Interception (§13.2) --------------------------------------------------

    pub(super) fn next_interception(
        &mut self,
        mut e: Entry,
        cursor: u8,
        offered: EnumSet<Space>,
        interceptor: Option<Power>,
    ) {
        let powers = impulse_powers(self.scenario());
        for (i, &q) in powers.iter().enumerate().skip(usize::from(cursor)) {
            if interceptor.is_some_and(|p| p != q) {
                continue;
            }
            let asked = if i == usize::from(cursor) { offered } else { EnumSet::EMPTY };
            let origins = rules::interception_origins(self, e.power, e.from, e.to, q).difference(asked);
            if let Some(space) = first(origins) {
                let mut asked = asked;
                asked.insert(space);
                e.step = EntryStep::Intercept { cursor: i as u8, offered: asked, interceptor };
                self.set_entry(e);
                let (units, leaders, minors) = (LandUnits::NONE, EnumSet::EMPTY, NO_MINORS);
                self.stack.push(Frame::War(War::Intercept { power: q, from: space, units, leaders, minors }));
                return;
            }
        }
        e.step = if interceptor.is_some() { EntryStep::Engage } else { EntryStep::Avoid { cursor: 0 } };
        self.set_entry(e);
    }

    pub(crate) fn intercept_actions(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        minors: MinorUnits,
        list: &mut ActionList,
    ) {
        list.push(Action::Decline);
        let Some(e) = self.current_entry() else { return };
        let moving_minors = minor_total(&minors);
        if units.is_empty() && moving_minors == 0 {
            for leader in self.army_leaders_at(from, Faction::from(power)) {
                if !leaders.contains(leader) {
                    list.push(Action::AddLeader(leader));
                }
            }
        }
        let available = rules::free_units(self, power, from);
        let limit = formation_limit(leaders);
        self.offer_unit_additions(power, from, units, available, limit.saturating_sub(moving_minors), list);
        // §22.3: the allied minors' regulars intercept with it.
        self.offer_minor_additions(power, from, units.total(), minors, limit, list);
        let own_fits = units.is_empty() || self.split_fits(power, from, units);
        if (!units.is_empty() || moving_minors > 0) && own_fits && self.minor_split_fits(from, minors) {
            list.push(Action::MoveTo(e.to));
        }
    }

    pub(crate) fn apply_intercept(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::War(War::Intercept { from, units, leaders, minors, .. })) = self.stack.top_mut() else {
            return;
        };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => {
                crate::frames::movement::add_to_formation(units, leaders, action)
            }
            Action::AddMinorUnit(_) => crate::frames::movement::add_minor(minors, action),
            Action::Decline => {
                self.stack.pop();
            }
            Action::MoveTo(to) => {
                let (from, units, leaders, minors) = (*from, *units, *leaders, *minors);
                self.stack.pop();
                self.try_land_interception(power, from, to, (units, minors), leaders, log);
            }
            _ => {}
        }
        self.drive_war(log);
    }

    pub(super) fn try_land_interception(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        (units, minors): (LandUnits, MinorUnits),
        leaders: EnumSet<Leader>,
        log: &mut dyn Log,
    ) {
        let Some(mut e) = self.current_entry() else { return };
        self.war.intercepted[power.index()].insert(from);
        let modifier = rules::roll_modifier(power, units, leaders, e.power, e.units);
        let dice = self.roll_dice(2);
        let success = dice.sum() as i8 + modifier >= INTERCEPT_TARGET;
        log.event(Event::InterceptionAttempt { power, from, to, dice, modifier, success });
        if !success {
            return;
        }
        self.move_formation(power, from, to, units, leaders);
        self.move_minors(from, to, minors);
        log.event(Event::FormationMoved { power, from, to, units, leaders: leaders.len() as u8 });
        self.log_minors_moved(power, from, to, minors, log);
        self.war.intercepted[power.index()].insert(to);
        if let EntryStep::Intercept { cursor, offered, .. } = e.step {
            e.step = EntryStep::Intercept { cursor, offered, interceptor: Some(power) };
        }
        self.set_entry(e);
        self.capture_lone_leaders(to, power, log);
        self.check_siege(from, log);
    }
}
