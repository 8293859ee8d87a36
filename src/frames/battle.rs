//! Land war procedures (§13.1 steps 5-8, §13.2-§13.4, §14, §14.1, §15.2):
//! a formation entering a space, interception, avoid battle, withdrawal into
//! fortifications, the field battle with its combat-card window, losses,
//! captures and retreats. Sieges and assaults are in `frames::siege`.
//!
//! All of it lives in one `Frame::War` variant holding a [`War`]. `Entry`
//! and `Assault` are drivers: they never wait for a decision themselves; the
//! driver ([`Game::drive_war`]) runs their steps until a decision frame is on
//! top or they end.
//!
//! The moving formation stays in its origin (`Entry::from`) until the
//! procedure decides where it goes: into the destination (no battle, or a
//! battle won), or nowhere (a battle lost: a losing attacker retreats to the
//! space it came from, §14.1). Its units and leaders are listed in the
//! `Entry` frame.

use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::movement::move_cost;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{
    self as rules, GARRISON_LIMIT, INTERCEPT_TARGET, best_battle_rating, commander, hostile_controlled, is_hostile,
    less, min_units, minus, plus,
};
use crate::rules::movement::formation_limit;
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, LeaderKind, MinorPower, Power, Space};

/// A land-war procedure in progress (one variant of `Frame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum War {
    /// Driver: a formation entering a space (§13.1 steps 5-8).
    Entry(Entry),
    /// Driver: an assault (§15.1), in `frames::siege`.
    Assault(crate::frames::siege::Assault),
    /// `power` may try to intercept the entry below from `from` (§13.2):
    /// the formation formed so far.
    Intercept { power: Power, from: Space, units: LandUnits, leaders: EnumSet<Leader> },
    /// `power` may avoid battle out of the entry's destination (§13.3): the
    /// units (its own, its allied minors' regulars) and leaders chosen so far.
    Avoid { power: Power, units: LandUnits, minors: [u8; MinorPower::COUNT], leaders: EnumSet<Leader> },
    /// `power`, controller of the entry's destination, may withdraw the
    /// defenders into the fortifications (§13.4).
    Withdraw { power: Power },
    /// The mover, not outnumbering the units that withdrew, continues for
    /// more CP or returns for free (§13.4).
    Onward { power: Power },
    /// The relief force's power chooses which of its besieged units join
    /// the battle (§15.2).
    Sortie { power: Power, units: LandUnits },
    /// A combat-card window (§14 steps 4-5, §15.1 steps 5-6): `power` may
    /// play a combat card; `remaining`: the powers still to be asked.
    CombatCards { power: Power, remaining: EnumSet<Power> },
    /// `power` takes `left` losses among its units in `space` (`inside`:
    /// the besieged ones, else those outside), at most `cap` of its own and,
    /// with `minors`, its allied minors' there (§14 step 9, §15.1 step 9).
    Losses { power: Power, space: Space, left: u8, cap: LandUnits, minors: bool, inside: bool },
    /// `power`'s units in `space` retreat (§14.1, §15.2, §15.3).
    Retreat { power: Power, space: Space, kind: RetreatKind, garrison: Garrison, captor: Option<Power> },
}

/// A formation of `power` entering `to` from `from` (§13.1 steps 5-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Entry {
    pub power: Power,
    pub from: Space,
    pub to: Space,
    /// The formation's land units (standing in `from` until it moves in).
    pub units: LandUnits,
    /// The formation's leaders.
    pub leaders: EnumSet<Leader>,
    /// Besieged units of the mover in `to` that join a relief battle (§15.2).
    pub joined: LandUnits,
    /// Landing from the sea (§16.3): no origin to return to.
    pub by_sea: bool,
    /// Moving on after a withdrawal it did not outnumber (§13.4): a retreat
    /// into `from` eliminates it.
    pub continued: bool,
    pub step: EntryStep,
}

/// Where an [`Entry`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum EntryStep {
    /// Interception windows (§13.2): powers in impulse order from `cursor`;
    /// `offered`: that power's stacks already asked; `interceptor`: the
    /// power that succeeded, if any.
    Intercept { cursor: u8, offered: EnumSet<Space>, interceptor: Option<Power> },
    /// Avoid battle (§13.3): defending powers in impulse order from `cursor`.
    Avoid { cursor: u8 },
    /// Withdrawal into fortifications (§13.4).
    Withdraw,
    /// The defenders withdrew: siege, or the mover's choice (§13.4).
    Withdrawn,
    /// A field battle if hostile units remain outside, else the move ends (§13.1 step 8).
    Engage,
    /// The combat-card window, then the roll.
    Cards,
    /// The roll (§14 steps 6-8); with Surprise Attack (#29), the first
    /// side's roll only.
    Roll,
    /// Surprise Attack (#29): the losses of the side that rolls second,
    /// taken before it rolls.
    SurpriseLosses(BattleResult),
    /// Surprise Attack (#29): the second side rolls with its survivors.
    Counter,
    /// After the rolls and the Janissaries window (§14 step 7): the winner
    /// and the losses (§14 steps 8-9).
    Resolve,
    /// Losses (§14 step 9), then captures and retreats.
    Losses(BattleResult),
    /// The losers retreat (§14.1).
    Retreats(BattleResult),
    /// The formation moves in or stays; sieges; Hungary (§14 steps 11-12, §22.5).
    Finish(BattleResult),
}

/// What a field battle decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct BattleResult {
    pub attacker_won: bool,
    /// Equal hits (§15.2: a relief force may then put units inside).
    pub equal_hits: bool,
    /// Losses the attacker still has to take.
    pub attacker_loss: u8,
    /// Losses each defending group still has to take, by its faction (a
    /// major power's group under its own faction).
    pub shares: [u8; Faction::COUNT],
}

/// Why units retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum RetreatKind {
    /// The loser of a field battle (§14.1): not into `barred`; up to 4 may
    /// withdraw inside if `may_garrison`.
    Defeated { barred: Option<Space>, may_garrison: bool },
    /// Besiegers that no longer outnumber the units inside (§15.3).
    BreakSiege,
    /// A relief force that lost on equal hits (§15.2): up to `room` of the
    /// survivors `pool` and `leaders` (standing in the retreat's space) may
    /// go inside `into`; the others stay where they came from.
    ReliefBack { into: Space, room: u8, pool: LandUnits, leaders: EnumSet<Leader> },
}

/// The units and leaders chosen to stay inside the fortifications.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Garrison {
    pub units: LandUnits,
    pub minors: [u8; MinorPower::COUNT],
    pub leaders: EnumSet<Leader>,
}

impl Garrison {
    fn total(&self) -> u8 {
        self.units.total() + self.minors.iter().sum::<u8>()
    }
}

impl War {
    /// The power that decides at this frame.
    pub(crate) fn decider(&self) -> Power {
        match *self {
            War::Entry(e) => e.power,
            War::Assault(a) => a.power,
            War::Intercept { power, .. }
            | War::Avoid { power, .. }
            | War::Withdraw { power }
            | War::Onward { power }
            | War::Sortie { power, .. }
            | War::CombatCards { power, .. }
            | War::Losses { power, .. }
            | War::Retreat { power, .. } => power,
        }
    }

    /// What the decision is about.
    pub(crate) fn prompt(&self) -> &'static str {
        match self {
            War::Entry(_) | War::Assault(_) => "nothing: automatic steps",
            War::Intercept { .. } => "units and leaders to intercept with, the move's destination, or decline",
            War::Avoid { .. } => "units and leaders to avoid battle with, where to, or decline",
            War::Withdraw { .. } => "withdraw into the fortifications, or decline",
            War::Onward { .. } => "a space to move on to, or return",
            War::Sortie { .. } => "besieged units to join the relief battle, or done",
            War::CombatCards { .. } => "a combat card, or decline",
            War::Losses { .. } => "a unit to lose",
            War::Retreat { .. } => "units to keep inside, and where the others retreat",
        }
    }
}

/// The first member of `set`, if any.
fn first<T: crate::types::Vocabulary>(set: EnumSet<T>) -> Option<T> {
    set.iter().next()
}

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
        units: LandUnits,
        leaders: EnumSet<Leader>,
        by_sea: bool,
        log: &mut dyn Log,
    ) {
        self.start_entry(power, from, to, units, leaders, by_sea, false, log);
    }

    #[allow(clippy::too_many_arguments)]
    fn start_entry(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        by_sea: bool,
        continued: bool,
        log: &mut dyn Log,
    ) {
        let step = EntryStep::Intercept { cursor: 0, offered: EnumSet::EMPTY, interceptor: None };
        let entry = Entry { power, from, to, units, leaders, joined: LandUnits::NONE, by_sea, continued, step };
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
                Some(&Frame::Spend { cp: 0, .. }) => {
                    self.stack.pop();
                }
                _ => return,
            }
        }
    }

    /// Replaces the entry on top of the stack.
    fn set_entry(&mut self, entry: Entry) {
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
    fn spend_cp(&self) -> u8 {
        (0..crate::frames::MAX_FRAMES)
            .find_map(|depth| match self.stack.below(depth) {
                Some(&Frame::Spend { cp, .. }) => Some(cp),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Pays `cp` from the nearest `Spend` frame (popped at 0 when on top again).
    fn pay_buried(&mut self, cp: u8) {
        for depth in 0..crate::frames::MAX_FRAMES {
            if let Some(Frame::Spend { .. }) = self.stack.below(depth) {
                if let Some(Frame::Spend { cp: left, .. }) = self.stack.below_mut(depth) {
                    *left = left.saturating_sub(cp);
                }
                return;
            }
        }
    }

    fn step_entry(&mut self, mut e: Entry, log: &mut dyn Log) {
        // Losses and retreats may have cut the formation down.
        e.units = min_units(e.units, self.land_units(e.from, Faction::from(e.power)));
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

    fn next_interception(&mut self, mut e: Entry, cursor: u8, offered: EnumSet<Space>, interceptor: Option<Power>) {
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
                let (units, leaders) = (LandUnits::NONE, EnumSet::EMPTY);
                self.stack.push(Frame::War(War::Intercept { power: q, from: space, units, leaders }));
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
        list: &mut ActionList,
    ) {
        list.push(Action::Decline);
        let Some(e) = self.current_entry() else { return };
        if units.is_empty() {
            for leader in self.army_leaders_at(from, Faction::from(power)) {
                if !leaders.contains(leader) {
                    list.push(Action::AddLeader(leader));
                }
            }
        }
        let available = rules::free_units(self, power, from);
        self.offer_unit_additions(power, from, units, available, formation_limit(leaders), list);
        if !units.is_empty() && self.split_fits(power, from, units) {
            list.push(Action::MoveTo(e.to));
        }
    }

    pub(crate) fn apply_intercept(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::War(War::Intercept { from, units, leaders, .. })) = self.stack.top_mut() else { return };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => {
                crate::frames::movement::add_to_formation(units, leaders, action)
            }
            Action::Decline => {
                self.stack.pop();
            }
            Action::MoveTo(to) => {
                let (from, units, leaders) = (*from, *units, *leaders);
                self.stack.pop();
                self.try_land_interception(power, from, to, units, leaders, log);
            }
            _ => {}
        }
        self.drive_war(log);
    }

    fn try_land_interception(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        units: LandUnits,
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
        log.event(Event::FormationMoved { power, from, to, units, leaders: leaders.len() as u8 });
        self.war.intercepted[power.index()].insert(to);
        if let EntryStep::Intercept { cursor, offered, .. } = e.step {
            e.step = EntryStep::Intercept { cursor, offered, interceptor: Some(power) };
        }
        self.set_entry(e);
        self.capture_lone_leaders(to, power, log);
        self.check_siege(from, log);
    }

    // --- Avoid battle (§13.3) --------------------------------------------------

    /// Defending major powers in `space` against `mover`, in impulse order:
    /// those whose units (or allied minors') stand outside, hostile to it.
    pub(crate) fn defending_powers(&self, mover: Power, space: Space) -> EnumSet<Power> {
        let mut set = EnumSet::EMPTY;
        for (faction, units, besieged) in self.land_units_at(space) {
            if !besieged && !units.is_empty() && rules::opposes(self, mover, space, faction) {
                if let Some(p) = commander(self, faction).filter(|&p| self.decides(p)) {
                    set.insert(p);
                }
            }
        }
        set
    }

    /// `power`'s group's units outside in `space`: its own and its allied minors'.
    fn group_outside(&self, power: Power, space: Space) -> (LandUnits, [u8; MinorPower::COUNT]) {
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
    fn leaders_outside(&self, power: Power, space: Space) -> EnumSet<Leader> {
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
            space.is_fortified()
                && self.land_units_at(space).any(|(f, u, b)| !b && !u.is_empty() && is_hostile(self, power, f))
        } else {
            self.is_besieged(space, own)
        }
    }

    fn next_avoidance(&mut self, mut e: Entry, cursor: u8) {
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

    fn try_avoidance(
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

    fn offer_withdrawal(&mut self, mut e: Entry, log: &mut dyn Log) {
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
    fn withdraw_defenders(&mut self, mover: Power, space: Space, log: &mut dyn Log) {
        let stacks: smallvec::SmallVec<[(Faction, LandUnits); 4]> = self
            .land_units_at(space)
            .filter(|&(f, u, b)| !b && !u.is_empty() && rules::opposes(self, mover, space, f))
            .map(|(f, u, _)| (f, u))
            .collect();
        for (faction, units) in stacks {
            self.put_units(space, faction, units, true);
            log.event(Event::WithdrewIntoFortifications { faction, space, units });
        }
    }

    fn after_withdrawal(&mut self, e: Entry, log: &mut dyn Log) {
        let inside = rules::units_inside(self, e.to);
        if e.units.total() > inside {
            // §13.4: the mover outnumbers them: a siege.
            self.stack.pop();
            self.enter_destination(e, log);
            return;
        }
        // Not outnumbered: they are simply inside their fortress.
        let inside: smallvec::SmallVec<[(Faction, LandUnits); 4]> =
            self.land_units_at(e.to).filter(|&(_, _, b)| b).map(|(f, u, _)| (f, u)).collect();
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
            if next != e.from && move_cost(e.to, next) <= cp && rules::may_enter(self, power, next, true) {
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
                log.event(Event::FormationMoved {
                    power,
                    from: e.from,
                    to: e.to,
                    units: e.units,
                    leaders: e.leaders.len() as u8,
                });
                self.check_siege(e.from, log);
                self.start_entry(power, e.to, next, e.units, e.leaders, false, true, log);
                return;
            }
            _ => {
                // §13.4: back to where it came from, for free; a formation
                // that moved on from a fortress it could not besiege is
                // eliminated there.
                if e.continued {
                    let captor = commander(self, self.controller(e.from)).filter(|&p| p != power);
                    self.eliminate_formation(power, e.from, e.units, e.leaders, captor, log);
                }
            }
        }
        self.drive_war(log);
    }

    // --- The field battle (§14) -------------------------------------------------

    fn engage(&mut self, mut e: Entry, log: &mut dyn Log) {
        if rules::hostile_outside(self, e.power, e.to) == 0 {
            self.stack.pop();
            self.enter_destination(e, log);
            return;
        }
        if e.units.is_empty() {
            // Leaders alone, intercepted: a side with no land units (§14 step 10).
            self.stack.pop();
            let captor = commander(self, self.main_defender(e.power, e.to)).filter(|&p| p != e.power);
            self.capture_or_displace(e.leaders, e.from, captor, log);
            return;
        }
        e.step = EntryStep::Cards;
        let own = Faction::from(e.power);
        let besieged_here = self.is_besieged(e.to, own) && !self.land_units(e.to, own).is_empty();
        self.set_entry(e);
        if besieged_here && self.decides(e.power) {
            // §15.2: the relief force's besieged units may join.
            self.stack.push(Frame::War(War::Sortie { power: e.power, units: LandUnits::NONE }));
        }
    }

    pub(crate) fn sortie_actions(&self, power: Power, units: LandUnits, list: &mut ActionList) {
        list.push(Action::Done);
        let Some(e) = self.current_entry() else { return };
        let inside = self.land_units(e.to, Faction::from(power));
        for kind in LandUnitKind::ALL {
            if units.count(kind) < inside.count(kind) {
                list.push(Action::AddUnit(kind));
            }
        }
    }

    pub(crate) fn apply_sortie(&mut self, action: Action, log: &mut dyn Log) {
        let Some(Frame::War(War::Sortie { units, .. })) = self.stack.top_mut() else { return };
        match action {
            Action::AddUnit(kind) => *units = units.plus_one(kind),
            _ => {
                let joined = *units;
                self.stack.pop();
                if let Some(Frame::War(War::Entry(e))) = self.stack.top_mut() {
                    e.joined = joined;
                }
            }
        }
        self.drive_war(log);
    }

    /// Opens the combat-card window: the attacker, then each defending power
    /// in impulse order (§14 steps 4-5, §15.1 steps 5-6), whatever their
    /// hands (`frames::combat_cards`).
    pub(crate) fn open_card_window(&mut self, attacker: Power, mut defenders: EnumSet<Power>) {
        defenders.remove(attacker);
        let first = if self.decides(attacker) { Some(attacker) } else { self.next_in_order(&mut defenders) };
        if let Some(power) = first {
            self.stack.push(Frame::War(War::CombatCards { power, remaining: defenders }));
        }
    }

    /// The first of `set` in impulse order, taken out of it.
    fn next_in_order(&self, set: &mut EnumSet<Power>) -> Option<Power> {
        let next = impulse_powers(self.scenario()).iter().copied().find(|&p| set.contains(p))?;
        set.remove(next);
        Some(next)
    }

    /// A power plays a combat card (the window stays open for more) or
    /// declines (the next power is asked, or the window closes).
    pub(crate) fn apply_land_combat_cards(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        if let Action::PlayEvent(card) = action {
            self.play_combat_card(power, card, log);
            self.drive_war(log);
            return;
        }
        let Some(Frame::War(War::CombatCards { remaining, .. })) = self.stack.top() else { return };
        let mut remaining = *remaining;
        match self.next_in_order(&mut remaining) {
            Some(power) => {
                if let Some(Frame::War(w)) = self.stack.top_mut() {
                    *w = War::CombatCards { power, remaining };
                }
            }
            None => {
                self.stack.pop();
            }
        }
        self.drive_war(log);
    }

    /// The defending factions' army leaders outside in `space`.
    fn defending_leaders(&self, mover: Power, space: Space) -> EnumSet<Leader> {
        self.leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Army
                    && self.leader_owner(l).is_some_and(|f| {
                        rules::opposes(self, mover, space, f)
                            && f.major().is_none_or(|p| !self.leaders_inside(p, space))
                    })
            })
            .collect()
    }

    /// A side's main dice in the field battle (§14 steps 2-3): side 0 the
    /// attacker (its formation and, for a relief force, the units that
    /// sortied), side 1 the defenders outside; with the combat cards' extra
    /// and fewer dice. A side with no units rolls nothing (Surprise Attack).
    fn field_dice(&self, e: &Entry, side: usize) -> u8 {
        let base = if side == 0 {
            let units = e.units.total() + e.joined.total();
            if units == 0 {
                return 0;
            }
            let mut leaders = e.leaders;
            if !e.joined.is_empty() {
                leaders = leaders.union(self.army_leaders_at(e.to, Faction::from(e.power)).collect());
            }
            rules::field_battle_dice(units, best_battle_rating(leaders), false)
        } else {
            let units = rules::hostile_outside(self, e.power, e.to);
            if units == 0 {
                return 0;
            }
            rules::field_battle_dice(units, best_battle_rating(self.defending_leaders(e.power, e.to)), true)
        };
        self.war.cards.main_dice(side, base)
    }

    /// §14 step 6: both sides roll; with Surprise Attack (#29) only the
    /// side that played it, and the other side's losses are taken first.
    fn roll_field_battle(&mut self, mut e: Entry, log: &mut dyn Log) {
        match self.war.cards.surprise.map(usize::from) {
            Some(first) => {
                self.roll_side(&e, first, log);
                let hits = self.war.cards.hits(first);
                self.war.cards.first_hits = hits;
                let mut result = BattleResult {
                    attacker_won: false,
                    equal_hits: false,
                    attacker_loss: 0,
                    shares: [0; Faction::COUNT],
                };
                if first == 0 {
                    let d_units = rules::hostile_outside(self, e.power, e.to);
                    result.shares = self.share_losses(e.power, e.to, hits.min(d_units));
                } else {
                    result.attacker_loss = hits.min(e.units.total() + e.joined.total());
                }
                e.step = EntryStep::SurpriseLosses(result);
                self.set_entry(e);
            }
            None => {
                self.roll_side(&e, 0, log);
                self.roll_side(&e, 1, log);
                self.after_rolls(e);
            }
        }
    }

    /// One side's roll, and its Tercios dice (#30).
    fn roll_side(&mut self, e: &Entry, side: usize, log: &mut dyn Log) {
        let n = self.field_dice(e, side);
        self.war.cards.rolled[side] = self.roll_dice(n);
        self.roll_tercios(side, e.power, log);
    }

    /// Surprise Attack (#29): the second side rolls with what survived.
    fn counter_roll(&mut self, e: Entry, log: &mut dyn Log) {
        let second = 1 - usize::from(self.war.cards.surprise.unwrap_or(0));
        self.roll_side(&e, second, log);
        self.after_rolls(e);
    }

    /// After both rolls: the Ottoman's Janissaries window (§14 step 7) if
    /// it fights with units here and holds the card, then the result.
    fn after_rolls(&mut self, mut e: Entry) {
        e.step = EntryStep::Resolve;
        self.set_entry(e);
        let ottoman_in = if e.power == Power::Ottoman {
            e.units.total() + e.joined.total() > 0
        } else {
            self.defending_powers(e.power, e.to).contains(Power::Ottoman)
        };
        if ottoman_in && self.janissaries_ready() {
            self.stack.push(Frame::War(War::CombatCards { power: Power::Ottoman, remaining: EnumSet::EMPTY }));
        }
    }

    /// §14 steps 8-9: more hits wins, ties to the defender; each side loses
    /// one unit per enemy hit (less what Surprise Attack took already).
    fn resolve_field_battle(&mut self, mut e: Entry, log: &mut dyn Log) {
        let c = self.war.cards;
        let a_units = e.units.total() + e.joined.total();
        let d_units = rules::hostile_outside(self, e.power, e.to);
        let (a_hits, d_hits) = (c.hits(0), c.hits(1));
        let (a_loss, d_loss) = match c.surprise {
            None => rules::battle_losses((a_units, c.dice(0)), (d_units, c.dice(1)), (a_hits, d_hits)),
            Some(0) => (d_hits.min(a_units), a_hits.saturating_sub(c.first_hits).min(d_units)),
            Some(_) => (d_hits.saturating_sub(c.first_hits).min(a_units), a_hits.min(d_units)),
        };
        let attacker_won = a_hits > d_hits;
        let defender = self.main_defender(e.power, e.to);
        let winner = if attacker_won { Faction::from(e.power) } else { defender };
        log.event(Event::FieldBattle {
            attacker: e.power,
            defender,
            space: e.to,
            attacker_dice: c.rolled[0],
            defender_dice: c.rolled[1],
            winner,
        });
        let shares = self.share_losses(e.power, e.to, d_loss);
        let result = BattleResult { attacker_won, equal_hits: a_hits == d_hits, attacker_loss: a_loss, shares };
        e.step = EntryStep::Losses(result);
        self.set_entry(e);
    }

    /// The defending faction named in reports: the controller if it defends,
    /// else the one with most units outside.
    fn main_defender(&self, mover: Power, space: Space) -> Faction {
        let mut best: Option<(Faction, u8)> = None;
        for (f, u, b) in self.land_units_at(space) {
            if !b && !u.is_empty() && rules::opposes(self, mover, space, f) {
                let key = commander(self, f).map_or(f, Faction::from);
                if key == self.controller(space) {
                    return key;
                }
                if best.is_none_or(|(_, n)| u.total() > n) {
                    best = Some((key, u.total()));
                }
            }
        }
        best.map_or(self.controller(space), |(f, _)| f)
    }

    /// The defending groups in `space` (a major power's under its faction,
    /// inactive factions alone) with their units outside.
    fn defending_groups(&self, mover: Power, space: Space) -> [u8; Faction::COUNT] {
        let mut groups = [0u8; Faction::COUNT];
        for (f, u, b) in self.land_units_at(space) {
            if !b && rules::opposes(self, mover, space, f) {
                let key = commander(self, f).map_or(f, Faction::from);
                groups[key.index()] += u.total();
            }
        }
        groups
    }

    /// §9.2: joint defenders share the losses evenly until one has no units
    /// left; an odd loss goes to one of them at random.
    fn share_losses(&mut self, mover: Power, space: Space, losses: u8) -> [u8; Faction::COUNT] {
        let mut groups = self.defending_groups(mover, space);
        self.share_among(&mut groups, losses)
    }

    /// Takes the losses `result` lists, the attacker's first, then each
    /// defending group's; then the retreats, or (`surprise`: the losses
    /// Surprise Attack inflicted before the second roll) that roll.
    fn battle_losses(&mut self, mut e: Entry, mut result: BattleResult, surprise: bool, log: &mut dyn Log) {
        let own = Faction::from(e.power);
        let step = |r| if surprise { EntryStep::SurpriseLosses(r) } else { EntryStep::Losses(r) };
        // The attacker: the moving formation first, then (relief) the units that sortied.
        if result.attacker_loss > 0 {
            let (space, cap, inside) = if !e.units.is_empty() {
                (e.from, e.units, false)
            } else {
                (e.to, min_units(e.joined, self.land_units(e.to, own)), true)
            };
            let left = result.attacker_loss.min(cap.total());
            result.attacker_loss -= left;
            if left == 0 {
                result.attacker_loss = 0;
            }
            e.step = step(result);
            self.set_entry(e);
            self.take_losses(e.power, space, left, cap, false, inside, log);
            return;
        }
        // The defenders, group by group.
        for i in 0..Faction::COUNT {
            let share = result.shares[i];
            if share == 0 {
                continue;
            }
            result.shares[i] = 0;
            e.step = step(result);
            self.set_entry(e);
            let faction = Faction::ALL[i];
            match faction.major() {
                Some(p) => {
                    let cap = self.land_units(e.to, faction);
                    self.take_losses(p, e.to, share, cap, true, false, log);
                }
                None => self.lose_inactive_regulars(faction, e.to, share, log),
            }
            return;
        }
        e.step = if surprise { EntryStep::Counter } else { EntryStep::Retreats(result) };
        self.set_entry(e);
    }

    /// `power` takes `left` losses in `space`: a decision frame, or by fixed
    /// rules for a power that takes no impulse.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn take_losses(
        &mut self,
        power: Power,
        space: Space,
        left: u8,
        cap: LandUnits,
        minors: bool,
        inside: bool,
        log: &mut dyn Log,
    ) {
        if left == 0 {
            return;
        }
        self.stack.push(Frame::War(War::Losses { power, space, left, cap, minors, inside }));
        if !self.decides(power) {
            for _ in 0..left {
                let mut list = ActionList::new();
                if let Some(&Frame::War(War::Losses { power, space, cap, minors, inside, .. })) = self.stack.top() {
                    self.loss_actions(power, space, cap, minors, inside, &mut list);
                } else {
                    return;
                }
                match list.first() {
                    Some(&action) => self.do_loss(power, action, log),
                    None => {
                        self.stack.pop();
                        return;
                    }
                }
            }
        }
    }

    pub(crate) fn loss_actions(
        &self,
        power: Power,
        space: Space,
        cap: LandUnits,
        minors: bool,
        inside: bool,
        list: &mut ActionList,
    ) {
        let own = Faction::from(power);
        let mut all = ActionList::new();
        let mut fitting = ActionList::new();
        if self.is_besieged(space, own) == inside {
            // Mercenaries, cavalry, regulars: the order of the fixed rule.
            for kind in [LandUnitKind::Mercenary, LandUnitKind::Cavalry, LandUnitKind::Regular] {
                if cap.count(kind) > 0 && self.land_units(space, own).count(kind) > 0 {
                    all.push(Action::LoseUnit(kind));
                    if rules::loss_fits(self, own, space, kind) {
                        fitting.push(Action::LoseUnit(kind));
                    }
                }
            }
        }
        if minors {
            for m in rules::allied_minors(self, power) {
                let f = Faction::from(m);
                if self.is_besieged(space, f) == inside && self.land_units(space, f).regulars > 0 {
                    all.push(Action::LoseMinorUnit(m));
                    if rules::loss_fits(self, f, space, LandUnitKind::Regular) {
                        fitting.push(Action::LoseMinorUnit(m));
                    }
                }
            }
        }
        list.extend(if fitting.is_empty() { all } else { fitting });
    }

    pub(crate) fn apply_loss(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.do_loss(power, action, log);
        self.drive_war(log);
    }

    fn do_loss(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(&Frame::War(War::Losses { space, left, cap, minors, inside, .. })) = self.stack.top() else { return };
        let (faction, kind) = match action {
            Action::LoseUnit(kind) => (Faction::from(power), kind),
            Action::LoseMinorUnit(m) => (Faction::from(m), LandUnitKind::Regular),
            _ => return,
        };
        let units = self.land_units(space, faction);
        let besieged = self.is_besieged(space, faction);
        self.put_units(space, faction, minus(units, kind, 1), besieged);
        log.event(Event::UnitsEliminated { faction, space, units: LandUnits::NONE.plus_one(kind) });
        self.settle(faction, space, log);
        let own = Faction::from(power);
        let mut cap = if faction == own { minus(cap, kind, 1) } else { cap };
        cap = min_units(
            cap,
            if self.is_besieged(space, own) == inside { self.land_units(space, own) } else { LandUnits::NONE },
        );
        let left = left - 1;
        let mut probe = ActionList::new();
        self.loss_actions(power, space, cap, minors, inside, &mut probe);
        // The formation (or the units that sortied) shrinks with each loss.
        if let Some(Frame::War(War::Entry(e))) = self.stack.below_mut(1) {
            if e.power == power && e.from == space && !inside {
                e.units = min_units(e.units, cap);
            }
            if e.power == power && e.to == space && inside {
                e.joined = min_units(e.joined, cap);
            }
        }
        if left == 0 || probe.is_empty() {
            self.stack.pop();
        } else if let Some(Frame::War(War::Losses { left: l, cap: c, .. })) = self.stack.top_mut() {
            *l = left;
            *c = cap;
        }
    }

    fn battle_retreats(&mut self, mut e: Entry, result: BattleResult, log: &mut dyn Log) {
        let own = Faction::from(e.power);
        let defender_power = commander(self, self.main_defender(e.power, e.to)).filter(|&p| p != e.power);
        // §14 step 10: leaders of a side with no land units left are captured.
        if e.units.is_empty() && !e.leaders.is_empty() {
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
                        let may_garrison = e.to.is_fortified() && self.own_factions(p).contains(controller);
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
        if (e.continued || e.by_sea) && !e.units.is_empty() {
            self.eliminate_formation(e.power, e.from, e.units, e.leaders, defender_power, log);
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
    fn inactive_defeat(&mut self, faction: Faction, space: Space, log: &mut dyn Log) {
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

    fn finish_battle(&mut self, e: Entry, result: BattleResult, log: &mut dyn Log) {
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
    fn enter_destination(&mut self, e: Entry, log: &mut dyn Log) {
        let (power, to) = (e.power, e.to);
        let fought = matches!(e.step, EntryStep::Finish(_));
        let controller = self.controller(to);
        let was_besieged = self.land_units_at(to).any(|(f, u, b)| {
            !b && !u.is_empty() && commander(self, f).is_some_and(|p| is_hostile(self, p, controller))
        });
        // A relief force's friends inside are free once no besieger is left (§15.2).
        if self.land_units_at(to).any(|(f, u, b)| b && !u.is_empty() && rules::is_friendly_faction(self, power, f)) {
            self.check_siege(to, log);
        }
        if !e.units.is_empty() || !e.leaders.is_empty() {
            self.move_formation(power, e.from, to, e.units, e.leaders);
            log.event(Event::FormationMoved {
                power,
                from: e.from,
                to,
                units: e.units,
                leaders: e.leaders.len() as u8,
            });
            // The formation's losses were taken beside the units it left
            // behind; if the two stacks cannot be shown with the counters,
            // the extra loss comes from those left behind first (seed 002,
            // ruling L6).
            self.settle(Faction::from(power), e.from, log);
            self.settle(Faction::from(power), to, log);
        }
        self.capture_lone_leaders(to, power, log);
        let broken = self.check_siege(to, log);
        if !broken
            && to.is_fortified()
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
    fn capture_lone_leaders(&mut self, space: Space, power: Power, log: &mut dyn Log) {
        if space.is_fortified() {
            return;
        }
        let lone: EnumSet<Leader> = self
            .leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Army
                    && self.leader_owner(l).is_some_and(|f| {
                        is_hostile(self, power, f)
                            && !self
                                .land_units_at(space)
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
    fn eliminate_formation(
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

    /// §22.5: checked at the end of every field battle and assault.
    pub(crate) fn check_hungary(&mut self, log: &mut dyn Log) {
        if let Some(defeat) = crate::rules::minor::hungary_bohemia_defeat(self) {
            if crate::rules::minor::apply_hungary_bohemia_defeat(self, &defeat).is_ok() {
                log.event(Event::HungaryBohemiaDefeated);
            }
        }
    }

    // --- Retreats (§14.1, §15.2, §15.3) ------------------------------------------

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

    fn retreat_options(&self, power: Power, space: Space, kind: RetreatKind) -> EnumSet<Space> {
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

    fn do_retreat(&mut self, power: Power, action: Action, log: &mut dyn Log) {
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
    fn all_inside(&mut self, power: Power, space: Space, log: &mut dyn Log) {
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
    fn retreat_group(
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
    fn relief_back(&mut self, power: Power, from: Space, into: Space, g: Garrison, log: &mut dyn Log) {
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

/// Dispatch of the `Frame::War` decisions.
impl Game {
    pub(crate) fn war_actions(&self, war: War, list: &mut ActionList) {
        match war {
            War::Entry(_) | War::Assault(_) => {}
            War::Intercept { power, from, units, leaders } => self.intercept_actions(power, from, units, leaders, list),
            War::Avoid { power, units, minors, leaders } => self.avoid_actions(power, units, minors, leaders, list),
            War::Withdraw { .. } => {
                list.push(Action::Decline);
                if let Some(e) = self.current_entry() {
                    list.push(Action::WithdrawInto(e.to));
                }
            }
            War::Onward { power } => self.onward_actions(power, list),
            War::Sortie { power, units } => self.sortie_actions(power, units, list),
            War::CombatCards { power, .. } => self.combat_window_actions(power, list),
            War::Losses { power, space, cap, minors, inside, .. } => {
                self.loss_actions(power, space, cap, minors, inside, list)
            }
            War::Retreat { power, space, kind, garrison, .. } => {
                self.retreat_actions(power, space, kind, garrison, list)
            }
        }
    }

    pub(crate) fn apply_war(&mut self, war: War, action: Action, log: &mut dyn Log) {
        match war {
            War::Entry(_) | War::Assault(_) => self.drive_war(log),
            War::Intercept { power, .. } => self.apply_intercept(power, action, log),
            War::Avoid { power, .. } => self.apply_avoid(power, action, log),
            War::Withdraw { .. } => self.apply_withdraw(action, log),
            War::Onward { power } => self.apply_onward(power, action, log),
            War::Sortie { .. } => self.apply_sortie(action, log),
            War::CombatCards { power, .. } => self.apply_land_combat_cards(power, action, log),
            War::Losses { power, .. } => self.apply_loss(power, action, log),
            War::Retreat { power, .. } => self.apply_retreat(power, action, log),
        }
    }

    /// The land-war frame fits the position: a formation is made of units
    /// and leaders that stand where it is.
    pub(crate) fn war_frame_fits(&self, war: War) -> bool {
        let formation_fits = |power: Power, at: Space, units: LandUnits, leaders: EnumSet<Leader>| {
            let here = self.land_units(at, Faction::from(power));
            min_units(here, units) == units
                && leaders.iter().all(|l| {
                    self.leader_location(l) == LeaderLocation::Space(at)
                        && self.leader_owner(l) == Some(Faction::from(power))
                })
        };
        match war {
            War::Entry(e) => e.step == EntryStep::Withdrawn || formation_fits(e.power, e.from, e.units, e.leaders),
            War::Assault(a) => a.leaders.iter().all(|l| self.leader_owner(l) == Some(Faction::from(a.power))),
            War::Intercept { power, from, units, leaders } => formation_fits(power, from, units, leaders),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoLog;
    use crate::game::{Scenario, Setup};
    use crate::types::Phase;

    /// §16.3: a formation landing from the sea that loses the field battle
    /// is eliminated and its leaders captured.
    #[test]
    fn a_landing_that_loses_is_eliminated() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
        game.set_war(Power::France, Power::England, true).unwrap();
        game.set_land_units(Space::Rouen, Faction::France, LandUnits::regulars(2)).unwrap();
        game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Rouen)).unwrap();
        game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(5)).unwrap();
        game.set_phase(Phase::Action).unwrap();
        game.run_automatic();
        game.force_dice(&[1, 1, 1]).unwrap(); // France: 2 units + 1
        game.force_dice(&[5, 1, 1, 1, 1, 1]).unwrap(); // England: 5 + 1, one hit
        let leaders = [Leader::Montmorency].into_iter().collect();
        let units = LandUnits::regulars(2);
        game.begin_land_entry(Power::France, Space::Rouen, Space::Calais, units, leaders, true, &mut NoLog);
        game.apply(Action::Decline).unwrap();
        game.apply(Action::Decline).unwrap();
        game.apply(Action::LoseUnit(LandUnitKind::Regular)).unwrap();
        assert_eq!(game.land_units(Space::Rouen, Faction::France), LandUnits::NONE);
        assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 5);
        assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Captured(Power::England));
        assert_eq!(game.stack.top(), Some(&Frame::Impulse { power: Power::Ottoman }));
    }
}
