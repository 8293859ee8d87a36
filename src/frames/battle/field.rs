//! The field battle (§14): engagement, relief sorties (§15.2), the
//! combat-card window, the rolls, the winner and the losses.

use super::{BattleResult, Entry, EntryStep, War};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits};
use crate::rules::battle::{
    self as rules, ALL_MINORS, MinorUnits, NO_MINORS, best_battle_rating, commander, min_units, minor_total, minus,
};
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, LeaderKind, MinorPower, Power, Space};

impl Game {
    pub(super) fn engage(&mut self, mut e: Entry, log: &mut dyn Log) {
        if rules::hostile_outside(self, e.power, e.to) == 0 {
            self.stack.pop();
            self.enter_destination(e, log);
            return;
        }
        if !e.has_units() {
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

    /// The first of `set` in impulse order, taken out of it; after the
    /// powers taking impulses, the two-player invaders a player acts for
    /// (§24.3), in power order. Powers no one decides for are skipped.
    pub(crate) fn next_in_order(&self, set: &mut EnumSet<Power>) -> Option<Power> {
        let powers = impulse_powers(self.scenario());
        let invaders = Power::ALL.into_iter().filter(|p| !powers.contains(p) && self.decides(*p));
        let next = powers.iter().copied().chain(invaders).find(|&p| set.contains(p))?;
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
    pub(super) fn defending_leaders(&self, mover: Power, space: Space) -> EnumSet<Leader> {
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
    pub(super) fn field_dice(&self, e: &Entry, side: usize) -> u8 {
        let base = if side == 0 {
            let units = e.formation_units() + e.joined.total();
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
    pub(super) fn roll_field_battle(&mut self, mut e: Entry, log: &mut dyn Log) {
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
                    result.attacker_loss = hits.min(e.formation_units() + e.joined.total());
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
    pub(super) fn roll_side(&mut self, e: &Entry, side: usize, log: &mut dyn Log) {
        let n = self.field_dice(e, side);
        self.war.cards.rolled[side] = self.roll_dice(n);
        self.roll_tercios(side, e.power, log);
    }

    /// Surprise Attack (#29): the second side rolls with what survived.
    pub(super) fn counter_roll(&mut self, e: Entry, log: &mut dyn Log) {
        let second = 1 - usize::from(self.war.cards.surprise.unwrap_or(0));
        self.roll_side(&e, second, log);
        self.after_rolls(e);
    }

    /// After both rolls: the window for the cards played after seeing the
    /// dice (§14 step 7: Janissaries, if the Ottoman fights with units here
    /// and holds it), then the result.
    pub(super) fn after_rolls(&mut self, mut e: Entry) {
        e.step = EntryStep::Resolve;
        self.set_entry(e);
        self.open_after_roll_window(|power, remaining| Frame::War(War::CombatCards { power, remaining }));
    }

    /// §14 steps 8-9: more hits wins, ties to the defender; each side loses
    /// one unit per enemy hit (less what Surprise Attack took already).
    pub(super) fn resolve_field_battle(&mut self, mut e: Entry, log: &mut dyn Log) {
        let c = self.war.cards;
        let a_units = e.formation_units() + e.joined.total();
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
        self.phony_war_battle(e.power, e.to, log);
        let shares = self.share_losses(e.power, e.to, d_loss);
        let result = BattleResult { attacker_won, equal_hits: a_hits == d_hits, attacker_loss: a_loss, shares };
        e.step = EntryStep::Losses(result);
        self.set_entry(e);
    }

    /// The defending faction named in reports: the controller if it defends,
    /// else the one with most units outside.
    pub(super) fn main_defender(&self, mover: Power, space: Space) -> Faction {
        let mut best: Option<(Faction, u8)> = None;
        for (f, u, b) in self.land_units_in(space) {
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
    pub(super) fn defending_groups(&self, mover: Power, space: Space) -> [u8; Faction::COUNT] {
        let mut groups = [0u8; Faction::COUNT];
        for (f, u, b) in self.land_units_in(space) {
            if !b && rules::opposes(self, mover, space, f) {
                let key = commander(self, f).map_or(f, Faction::from);
                groups[key.index()] += u.total();
            }
        }
        groups
    }

    /// §9.2: joint defenders share the losses evenly until one has no units
    /// left; an odd loss goes to one of them at random.
    pub(super) fn share_losses(&mut self, mover: Power, space: Space, losses: u8) -> [u8; Faction::COUNT] {
        let mut groups = self.defending_groups(mover, space);
        self.share_among(&mut groups, losses)
    }

    /// Takes the losses `result` lists, the attacker's first, then each
    /// defending group's; then the retreats, or (`surprise`: the losses
    /// Surprise Attack inflicted before the second roll) that roll.
    pub(super) fn battle_losses(&mut self, mut e: Entry, mut result: BattleResult, surprise: bool, log: &mut dyn Log) {
        let own = Faction::from(e.power);
        let step = |r| if surprise { EntryStep::SurpriseLosses(r) } else { EntryStep::Losses(r) };
        // The attacker: the moving formation first, then (relief) the units that sortied.
        if result.attacker_loss > 0 {
            // §22.3: the formation's allied minor regulars share its losses.
            let (space, cap, minors, inside) = if e.has_units() {
                (e.from, e.units, e.minors, false)
            } else {
                (e.to, min_units(e.joined, self.land_units(e.to, own)), NO_MINORS, true)
            };
            let left = result.attacker_loss.min(cap.total() + minor_total(&minors));
            result.attacker_loss -= left;
            if left == 0 {
                result.attacker_loss = 0;
            }
            e.step = step(result);
            self.set_entry(e);
            self.take_losses(e.power, space, left, cap, minors, inside, log);
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
                    self.take_losses(p, e.to, share, cap, ALL_MINORS, false, log);
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
        minors: MinorUnits,
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
        minors: MinorUnits,
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
        {
            for m in rules::allied_minors(self, power) {
                let f = Faction::from(m);
                if minors[m.index()] > 0
                    && self.is_besieged(space, f) == inside
                    && self.land_units(space, f).regulars > 0
                {
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

    pub(super) fn do_loss(&mut self, power: Power, action: Action, log: &mut dyn Log) {
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
        let mut minors = minors;
        if let Action::LoseMinorUnit(m) = action {
            minors[m.index()] = minors[m.index()].saturating_sub(1);
        }
        // The counter mix may have taken more than the loss (seed 002):
        // never count more minor units than are left there.
        for m in MinorPower::ALL {
            minors[m.index()] = minors[m.index()].min(self.land_units(space, Faction::from(m)).regulars);
        }
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
                e.minors = minors;
            }
            if e.power == power && e.to == space && inside {
                e.joined = min_units(e.joined, cap);
            }
        }
        if left == 0 || probe.is_empty() {
            self.stack.pop();
        } else if let Some(Frame::War(War::Losses { left: l, cap: c, minors: m, .. })) = self.stack.top_mut() {
            *l = left;
            *c = cap;
            *m = minors;
        }
    }
}
