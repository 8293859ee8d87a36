//! The diplomacy segments before the declarations of war (§7, §9): suing for
//! peace (§9.3), ransom (§9.4) and removing excommunication (§9.5), each in
//! impulse order, then the declarations of war (`frames::diplomacy`).
//!
//! Negotiation (§9.1, `frames::negotiation`) comes before them. Suing for
//! peace is skipped on the final turn (§7); turn 1 (England's negotiation
//! only) skips every segment (`Game::diplomacy_phase`).
//!
//! The two-player variant (§24.3) keeps one segment, at the start of its
//! diplomacy phase: the Papacy may end a war with France or the Hapsburg by
//! suing for peace, the War Winner VP going to the Protestant, or by the
//! two-player use of #5 Papal Bull (in `events::home`), offered at the same
//! decision. No ransom, no removal of excommunication, no declarations.
//!
//! Decisions: which war to sue in (or done); where displaced units go when
//! destinations tie (§12.5, their owner); the 2 units to remove; each key,
//! leader and pair of home spaces to regain and its price (or decline, which
//! moves on to the next step); which leaders to ransom (or done); whether to
//! lift an excommunication; where a freed leader goes when several spaces
//! are open.

use smallvec::SmallVec;

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::events;
use crate::frames::Frame;
use crate::game::Scenario;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::minor::{self, LandMove, LandMoves, NavalMove, NavalMoves};
use crate::rules::peace::{self, UNITS_REMOVED};
use crate::rules::two_player;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Leader, NavalUnitKind, Power, Ruler, Space};

/// A bound on the automatic moves of one displacement or procedure (a stall
/// guard): far above the stacks a power can have in the spaces concerned.
const MAX_STEPS: usize = 256;

/// Where a peace stands (§9.3 steps 3-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum PeaceStep {
    /// Step 3: the loser's units leave the handed-back `spaces` (in space
    /// order; a space is dropped once nothing is left to move out of it).
    HandBack { spaces: EnumSet<Space> },
    /// Step 4: `left` of the loser's own units still to remove.
    RemoveUnits { left: u8 },
    /// Step 4: a unit in `space` is being removed: which kind.
    RemoveKind { left: u8, space: Space },
    /// Step 5: a home key to regain, or decline.
    Keys,
    /// Step 6: a captured leader to regain, or decline.
    Leaders,
    /// Step 7: a pair of home spaces to regain, or decline; `first`: the
    /// pair's first space, once chosen.
    Spaces { first: Option<Space> },
    /// Steps 5-7: the price of `item`.
    Price { item: Regained },
    /// Steps 5 and 7: the winner's units leave the regained `spaces`; then
    /// back to the keys (`keys`) or the other spaces.
    Vacate { spaces: EnumSet<Space>, keys: bool },
    /// Steps 5-7 by #73 Diplomatic Marriage (§9.3 note 1): the regained
    /// `spaces` changed hands; the `leaders` still to come back, one at a
    /// time; then the winner's units leave the spaces.
    Marriage { spaces: EnumSet<Space>, leaders: EnumSet<Leader> },
}

/// What the loser is regaining (§9.3 steps 5-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum Regained {
    /// A home key (step 5).
    Key { space: Space },
    /// A captured leader (step 6).
    Leader { leader: Leader },
    /// A pair of non-key home spaces, or a last single one (step 7).
    Spaces { first: Space, second: Option<Space> },
}

/// One unit to remove (§9.3 step 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UnitKind {
    Land(LandUnitKind),
    Naval(NavalUnitKind),
}

fn one(space: Space) -> EnumSet<Space> {
    let mut set = EnumSet::EMPTY;
    set.insert(space);
    set
}

fn land_slot(units: &mut LandUnits, kind: LandUnitKind) -> &mut u8 {
    match kind {
        LandUnitKind::Regular => &mut units.regulars,
        LandUnitKind::Mercenary => &mut units.mercenaries,
        LandUnitKind::Cavalry => &mut units.cavalry,
    }
}

fn naval_slot(units: &mut NavalUnits, kind: NavalUnitKind) -> &mut u8 {
    match kind {
        NavalUnitKind::Squadron => &mut units.squadrons,
        NavalUnitKind::Corsair => &mut units.corsairs,
    }
}

/// The first units of a displacement to move (land first): their faction
/// and the equally near destinations.
fn first_move(land: &LandMoves, naval: &NavalMoves) -> Option<(Faction, EnumSet<Space>)> {
    land.first().map(|m| (m.faction, m.to)).or_else(|| naval.first().map(|m| (m.faction, m.to)))
}

impl Game {
    // --- The segments in order --------------------------------------------------

    /// The segments before the declarations of war (§7): suing for peace
    /// (not on the final turn), ransom, removing excommunication.
    pub(crate) fn begin_peace_segments(&mut self, log: &mut dyn Log) {
        self.peace_made = Default::default();
        // No peace segment on the last turn (§9.3: 9, or 6 in the Tournament).
        if self.turn < self.scenario().last_turn() {
            self.next_suer(0, log);
        } else {
            self.next_ransomer(0, log);
        }
    }

    /// §9.3: the first power from impulse position `from` on that may sue
    /// is asked; after the last, ransom.
    pub(crate) fn next_suer(&mut self, from: usize, log: &mut dyn Log) {
        match Power::ALL.into_iter().skip(from).find(|&p| self.may_end_a_war(p)) {
            Some(power) => self.stack.push(Frame::SuePeace { power }),
            // The two-player segment ends with nothing pending: the phase
            // goes on to the diplomatic deck (`frames::dip_deck`).
            None if self.scenario() == Scenario::TwoPlayer => {}
            None => self.next_ransomer(0, log),
        }
    }

    /// The two-player diplomacy phase's first segment (§24.3): the Papacy
    /// may end its wars with France and the Hapsburg, by suing for peace
    /// (not on the final turn, §9.3) or by Papal Bull (#5).
    pub(crate) fn begin_two_player_peace(&mut self, log: &mut dyn Log) {
        self.peace_made = Default::default();
        self.next_suer(0, log);
    }

    /// Whether `power` has a war to end at the suing decision: one it may
    /// sue in now, or (two-player game) one Papal Bull's diplomacy use ends.
    fn may_end_a_war(&self, power: Power) -> bool {
        // In the two-player game only the sides sue (§24.3: the Papacy).
        let sides = crate::engine::impulse_powers(self.scenario());
        sides.contains(&power) && !self.sue_targets_now(power).is_empty()
            || (power == Power::Papacy && !events::papal_bull_peace_rulers(self).is_empty())
    }

    /// [`peace::sue_targets`], but none on the final turn (§9.3).
    fn sue_targets_now(&self, power: Power) -> EnumSet<Power> {
        if self.turn >= self.scenario().last_turn() { EnumSet::EMPTY } else { peace::sue_targets(self, power) }
    }

    /// §9.4: the first power from `from` on with a leader to ransom and a
    /// card to pay with is asked; after the last, excommunications.
    fn next_ransomer(&mut self, from: usize, log: &mut dyn Log) {
        match Power::ALL.into_iter().skip(from).find(|&p| self.may_ransom(p)) {
            Some(power) => self.stack.push(Frame::Ransom { power }),
            None => self.next_excommunicated(0, log),
        }
    }

    /// §9.5: the first power from `from` on with an excommunication to lift
    /// and a card to pay with is asked; after the last, the declarations of war.
    fn next_excommunicated(&mut self, from: usize, log: &mut dyn Log) {
        match Power::ALL.into_iter().skip(from).find(|&p| self.may_lift(p)) {
            Some(power) => self.stack.push(Frame::Excommunication { power }),
            None => self.begin_declarations(log),
        }
    }

    fn may_ransom(&self, power: Power) -> bool {
        !peace::ransomable_leaders(self, power).is_empty() && !peace::drawable_cards(self, power).is_empty()
    }

    fn may_lift(&self, power: Power) -> bool {
        !peace::liftable_excommunications(self, power).is_empty() && !peace::drawable_cards(self, power).is_empty()
    }

    /// A random card other than home cards taken out of `from`'s hand (§6.1).
    pub(crate) fn take_random_card(&mut self, from: Power) -> Option<Card> {
        let cards = peace::drawable_cards(self, from);
        if cards.is_empty() {
            return None;
        }
        let card = cards.nth(self.random_below(cards.len()))?;
        self.hands[from.index()].remove(card);
        Some(card)
    }

    /// `power` draws a random card from `from`'s hand into its own.
    fn draw_from(&mut self, power: Power, from: Power, log: &mut dyn Log) {
        if let Some(card) = self.take_random_card(from) {
            self.hands[power.index()].insert(card);
            log.event(Event::CardDrawn { power, from, card: Some(card) });
        }
    }

    // --- Suing for peace (§9.3) -------------------------------------------------

    pub(crate) fn sue_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Done);
        list.extend(self.sue_targets_now(power).iter().map(Action::SueForPeace));
        if power == Power::Papacy {
            list.extend(events::papal_bull_peace_rulers(self).iter().map(Action::ExcommunicateRuler));
        }
    }

    pub(crate) fn apply_sue(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        match action {
            Action::Done => {
                self.stack.pop();
                self.next_suer(power.index() + 1, log);
            }
            Action::SueForPeace(winner) => self.start_peace(power, winner, log),
            Action::ExcommunicateRuler(ruler) => {
                self.stack.pop();
                events::papal_bull_peace(self, ruler, log);
            }
            _ => {}
        }
    }

    /// Steps 1-3: the winner takes its War Winner VP and the winner's home
    /// spaces go back to it; then the displacement and the later steps.
    /// In the two-player game the VP a power no one plays would take go to
    /// the Protestant (§24.3, `two_player::war_winner_vp_taker`).
    fn start_peace(&mut self, loser: Power, winner: Power, log: &mut dyn Log) {
        let vp = peace::war_winner_vp(winner, loser);
        let taker = two_player::war_winner_vp_taker(self, winner);
        self.add_bonus_vp(taker, vp);
        if taker == winner {
            log.event(Event::SuedForPeace { power: loser, winner, vp });
        } else {
            log.event(Event::SuedForPeace { power: loser, winner, vp: 0 });
            for _ in 0..vp {
                log.event(Event::WarWinnerVpGiven { power: loser, to: taker });
            }
        }
        let spaces = peace::handed_back(self, loser, winner);
        for space in spaces {
            self.change_control(space, loser.into(), winner.into(), log);
        }
        self.stack.push(Frame::Peace { power: loser, loser, winner, step: PeaceStep::HandBack { spaces } });
        self.continue_peace(log);
    }

    fn add_bonus_vp(&mut self, power: Power, vp: u8) {
        let bonus = &mut self.bonus_vp[power.index()];
        *bonus = bonus.saturating_add(i8::try_from(vp).unwrap_or(i8::MAX));
    }

    pub(crate) fn change_control(&mut self, space: Space, from: Faction, to: Faction, log: &mut dyn Log) {
        if self.set_controller(space, to).is_ok() {
            log.event(Event::ControlChanged { space, from, to });
        }
    }

    /// Sets the decider and step of the `Peace` frame on top.
    fn set_peace(&mut self, decider: Power, next: PeaceStep) {
        if let Some(Frame::Peace { power, step, .. }) = self.stack.top_mut() {
            *power = decider;
            *step = next;
        }
    }

    /// Runs the automatic part of the peace on top until a decision is
    /// needed, or ends the war when every step is done.
    fn continue_peace(&mut self, log: &mut dyn Log) {
        for _ in 0..MAX_STEPS {
            let Some(&Frame::Peace { loser, winner, step, .. }) = self.stack.top() else {
                return;
            };
            let next = match step {
                PeaceStep::HandBack { spaces } => match self.displace_out(loser, spaces) {
                    Some((owner, spaces)) => return self.set_peace(owner, PeaceStep::HandBack { spaces }),
                    None => PeaceStep::RemoveUnits { left: UNITS_REMOVED },
                },
                PeaceStep::RemoveUnits { left } if left > 0 && self.removal_spaces(loser).next().is_some() => {
                    return self.set_peace(loser, step);
                }
                PeaceStep::RemoveUnits { .. } => PeaceStep::Keys,
                PeaceStep::Keys
                    if !peace::regainable_keys(self, loser, winner).is_empty()
                        || events::marriage_may_restore(self, loser, winner) =>
                {
                    return self.set_peace(loser, step);
                }
                PeaceStep::Keys => PeaceStep::Leaders,
                PeaceStep::Leaders if !peace::regainable_leaders(self, loser, winner).is_empty() => {
                    return self.set_peace(loser, step);
                }
                PeaceStep::Leaders => PeaceStep::Spaces { first: None },
                PeaceStep::Spaces { .. } if !peace::regainable_spaces(self, loser, winner).is_empty() => {
                    return self.set_peace(loser, step);
                }
                PeaceStep::Spaces { .. } => return self.end_war(loser, winner, log),
                PeaceStep::RemoveKind { .. } | PeaceStep::Price { .. } => return self.set_peace(loser, step),
                PeaceStep::Vacate { spaces, keys } => match self.displace_out(winner, spaces) {
                    Some((owner, spaces)) => return self.set_peace(owner, PeaceStep::Vacate { spaces, keys }),
                    None if keys => PeaceStep::Keys,
                    None => PeaceStep::Spaces { first: None },
                },
                PeaceStep::Marriage { spaces, mut leaders } => match leaders.iter().next() {
                    Some(leader) => {
                        leaders.remove(leader);
                        self.set_peace(loser, PeaceStep::Marriage { spaces, leaders });
                        // Only a leader the winner still holds (a loaded
                        // game's set is not trusted).
                        if peace::regainable_leaders(self, loser, winner).contains(leader)
                            && !self.free_leader(loser, leader, log)
                        {
                            return;
                        }
                        continue;
                    }
                    None => PeaceStep::Vacate { spaces, keys: false },
                },
            };
            self.set_peace(loser, next);
        }
    }

    /// Step 8: the At War marker goes; peace with the Papacy ends the other
    /// side's excommunication. Then the loser may sue in another war.
    fn end_war(&mut self, loser: Power, winner: Power, log: &mut dyn Log) {
        self.stack.pop();
        if self.set_war(loser, winner, false).is_ok() {
            self.peace_made.set(loser.into(), winner.into(), true);
            log.event(Event::PeaceMade { power: loser, winner });
            self.war_ended(loser, winner, log);
        }
        if let Some(&Frame::SuePeace { power }) = self.stack.top() {
            if !self.may_end_a_war(power) {
                self.stack.pop();
                self.next_suer(power.index() + 1, log);
            }
        }
    }

    /// Step 8 after the At War marker goes (also a white peace, §9.1): the
    /// Phony War marker may become permanent; peace with the Papacy ends
    /// the other side's excommunication.
    pub(crate) fn war_ended(&mut self, a: Power, b: Power, log: &mut dyn Log) {
        self.phony_war_peace(a, b, log);
        let other = match (a, b) {
            (Power::Papacy, other) | (other, Power::Papacy) => Some(other),
            _ => None,
        };
        if let Some(other) = other {
            for ruler in peace::liftable_excommunications(self, other) {
                self.lift(ruler, log);
            }
        }
    }

    // --- Displacement (§12.5) ---------------------------------------------------

    /// Moves `mover`'s units (and its allied minors') out of `spaces` one
    /// faction at a time, until their owner must choose among equally near
    /// destinations: then that owner and the spaces still to clear; `None`
    /// once every space is clear.
    pub(crate) fn displace_out(&mut self, mover: Power, mut spaces: EnumSet<Space>) -> Option<(Power, EnumSet<Space>)> {
        for _ in 0..MAX_STEPS {
            let space = spaces.iter().next()?;
            let (land, naval) = minor::displaced(self, mover, one(space));
            let Some((faction, to)) = first_move(&land, &naval) else {
                spaces.remove(space);
                continue;
            };
            if to.len() > 1 {
                let owner = faction.major().or_else(|| faction.minor().and_then(|m| self.minor_ally(m)));
                // A power no player plays (two-player game) follows the
                // fixed rule: the first in space order (ruling TP4).
                if let Some(owner) = owner.filter(|&o| two_player::played(self, o)) {
                    return Some((owner, spaces));
                }
            }
            if !self.move_first(&land, &naval, to.iter().next()) || to.contains(space) {
                spaces.remove(space);
            }
        }
        None
    }

    /// Moves the first units of a displacement (land first) to `to` (none:
    /// eliminated, as `rules::minor`'s appliers); applied to a copy and kept
    /// only if every edit succeeds.
    fn move_first(&mut self, land: &LandMoves, naval: &NavalMoves, to: Option<Space>) -> bool {
        let only: EnumSet<Space> = to.into_iter().collect();
        let mut next = self.clone();
        let moved = match (land.first(), naval.first()) {
            (Some(m), _) => minor::apply_land_move(&mut next, &LandMove { to: only, ..*m }),
            (None, Some(m)) => minor::apply_naval_move(&mut next, &NavalMove { to: only, ..*m }),
            (None, None) => return false,
        };
        if moved.is_ok() {
            *self = next;
        }
        moved.is_ok()
    }

    pub(crate) fn displacement_choices(&self, mover: Power, spaces: EnumSet<Space>, list: &mut ActionList) {
        if let Some(space) = spaces.iter().next() {
            let (land, naval) = minor::displaced(self, mover, one(space));
            if let Some((_, to)) = first_move(&land, &naval) {
                list.extend(to.iter().map(Action::DisplaceTo));
            }
        }
    }

    /// The owner's choice of destination; returns the spaces still to clear.
    pub(crate) fn displace_chosen(&mut self, mover: Power, mut spaces: EnumSet<Space>, to: Space) -> EnumSet<Space> {
        if let Some(space) = spaces.iter().next() {
            let (land, naval) = minor::displaced(self, mover, one(space));
            if !self.move_first(&land, &naval, Some(to)) || to == space {
                spaces.remove(space);
            }
        }
        spaces
    }

    // --- Removing units (§9.3 step 4) --------------------------------------------

    /// The game with one of `power`'s own units of `kind` in `space` removed,
    /// if there is one and the counters can show what is left (§5.2).
    fn without_unit(&self, power: Power, space: Space, kind: UnitKind) -> Option<Game> {
        let own = Faction::from(power);
        let mut next = self.clone();
        match kind {
            UnitKind::Land(kind) => {
                let mut units = self.land_units(space, own);
                let slot = land_slot(&mut units, kind);
                *slot = slot.checked_sub(1)?;
                let done = if self.is_besieged(space, own) {
                    next.set_besieged_units(space, own, units)
                } else {
                    next.set_land_units(space, own, units)
                };
                done.ok()?;
            }
            UnitKind::Naval(kind) => {
                let at = NavalLocation::Port(space);
                // Its own units only: a squadron on loan to it is the
                // lender's (§9.2).
                if kind == NavalUnitKind::Squadron && self.own_squadrons(at, own) == 0 {
                    return None;
                }
                let mut units = self.naval_units(at, own);
                let slot = naval_slot(&mut units, kind);
                *slot = slot.checked_sub(1)?;
                next.set_naval_units(at, own, units).ok()?;
            }
        }
        Some(next)
    }

    /// The kinds of `power`'s own units in `space` of which one can be removed.
    fn removable_kinds(&self, power: Power, space: Space) -> SmallVec<[UnitKind; 5]> {
        let land = LandUnitKind::ALL.into_iter().map(UnitKind::Land);
        let naval = NavalUnitKind::ALL.into_iter().map(UnitKind::Naval);
        land.chain(naval).filter(|&k| self.without_unit(power, space, k).is_some()).collect()
    }

    /// The spaces holding `power`'s own land units, or its naval units in
    /// port, of which one can be removed. Ships at sea are not offered: none
    /// are at sea between winter and the action phase (§19).
    fn removal_spaces(&self, power: Power) -> impl Iterator<Item = Space> + '_ {
        let own = Faction::from(power);
        let land: EnumSet<Space> = self.land_stack_tuples().filter(|s| s.1 == own).map(|s| s.0).collect();
        let ports: EnumSet<Space> = self
            .naval_stacks()
            .filter_map(|(at, f, _)| match at {
                NavalLocation::Port(space) if f == own => Some(space),
                _ => None,
            })
            .collect();
        land.union(ports).iter().filter(move |&s| !self.removable_kinds(power, s).is_empty())
    }

    /// Removes one unit and reports it (§9.3 step 4); a ship to the turn
    /// track (§17.2).
    fn remove_unit(&mut self, power: Power, space: Space, kind: UnitKind, log: &mut dyn Log) {
        if let Some(next) = self.without_unit(power, space, kind) {
            *self = next;
            let faction = Faction::from(power);
            match kind {
                UnitKind::Land(kind) => {
                    let mut units = LandUnits::NONE;
                    *land_slot(&mut units, kind) = 1;
                    log.event(Event::UnitsEliminated { faction, space, units });
                }
                UnitKind::Naval(kind) => {
                    // A naval unit lost goes to the next turn's box of the
                    // turn track (§17.2), not back to the pool.
                    let track = &mut self.naval_turn_track[faction.index()];
                    let slot = naval_slot(track, kind);
                    *slot = slot.saturating_add(1);
                    let mut units = NavalUnits::NONE;
                    *naval_slot(&mut units, kind) = 1;
                    log.event(Event::ShipsEliminated { faction, space, units });
                }
            }
        }
    }

    // --- Decisions of a peace ---------------------------------------------------

    pub(crate) fn peace_actions(&self, loser: Power, winner: Power, step: PeaceStep, list: &mut ActionList) {
        match step {
            PeaceStep::HandBack { spaces } => self.displacement_choices(loser, spaces, list),
            PeaceStep::Vacate { spaces, .. } => self.displacement_choices(winner, spaces, list),
            PeaceStep::RemoveUnits { .. } => list.extend(self.removal_spaces(loser).map(Action::RemoveUnitIn)),
            PeaceStep::RemoveKind { space, .. } => {
                list.extend(self.removable_kinds(loser, space).into_iter().map(|k| match k {
                    UnitKind::Land(k) => Action::LoseUnit(k),
                    UnitKind::Naval(k) => Action::LoseShip(k),
                }));
            }
            PeaceStep::Keys => {
                list.push(Action::Decline);
                list.extend(peace::regainable_keys(self, loser, winner).iter().map(Action::Regain));
                if events::marriage_may_restore(self, loser, winner) {
                    list.push(Action::PlayEvent(Card::DiplomaticMarriage));
                }
            }
            PeaceStep::Marriage { .. } => {}
            PeaceStep::Leaders => {
                list.push(Action::Decline);
                list.extend(peace::regainable_leaders(self, loser, winner).iter().map(Action::RegainLeader));
            }
            PeaceStep::Spaces { first: None } => {
                list.push(Action::Decline);
                list.extend(peace::regainable_spaces(self, loser, winner).iter().map(Action::Regain));
            }
            PeaceStep::Spaces { first: Some(first) } => {
                let others = peace::regainable_spaces(self, loser, winner).iter().filter(|&s| s != first);
                list.extend(others.map(Action::Regain));
            }
            PeaceStep::Price { .. } => {
                // A power no one plays holds no hand: only VP, to the
                // Protestant (two-player game, §24.3, ruling TP2).
                let options = peace::price_options(self, loser);
                if options.war_winner_vp {
                    list.push(Action::GiveVp(two_player::war_winner_vp_taker(self, winner)));
                }
                if options.random_card && two_player::played(self, winner) {
                    list.push(Action::GiveRandomCard(winner));
                }
            }
        }
    }

    pub(crate) fn apply_peace(
        &mut self,
        loser: Power,
        winner: Power,
        step: PeaceStep,
        action: Action,
        log: &mut dyn Log,
    ) {
        let next = match (step, action) {
            (PeaceStep::HandBack { spaces }, Action::DisplaceTo(to)) => {
                PeaceStep::HandBack { spaces: self.displace_chosen(loser, spaces, to) }
            }
            (PeaceStep::Vacate { spaces, keys }, Action::DisplaceTo(to)) => {
                PeaceStep::Vacate { spaces: self.displace_chosen(winner, spaces, to), keys }
            }
            (PeaceStep::RemoveUnits { left }, Action::RemoveUnitIn(space)) => {
                match self.removable_kinds(loser, space).as_slice() {
                    &[kind] => {
                        self.remove_unit(loser, space, kind, log);
                        PeaceStep::RemoveUnits { left: left.saturating_sub(1) }
                    }
                    _ => PeaceStep::RemoveKind { left, space },
                }
            }
            (PeaceStep::RemoveKind { left, space }, Action::LoseUnit(kind)) => {
                self.remove_unit(loser, space, UnitKind::Land(kind), log);
                PeaceStep::RemoveUnits { left: left.saturating_sub(1) }
            }
            (PeaceStep::RemoveKind { left, space }, Action::LoseShip(kind)) => {
                self.remove_unit(loser, space, UnitKind::Naval(kind), log);
                PeaceStep::RemoveUnits { left: left.saturating_sub(1) }
            }
            (PeaceStep::Keys, Action::Decline) => PeaceStep::Leaders,
            (PeaceStep::Leaders, Action::Decline) => PeaceStep::Spaces { first: None },
            (PeaceStep::Spaces { .. }, Action::Decline) => return self.end_war(loser, winner, log),
            (PeaceStep::Keys, Action::Regain(space)) => PeaceStep::Price { item: Regained::Key { space } },
            (PeaceStep::Keys, Action::PlayEvent(card)) => self.marriage_restores(loser, winner, card, log),
            (PeaceStep::Leaders, Action::RegainLeader(leader)) => {
                PeaceStep::Price { item: Regained::Leader { leader } }
            }
            (PeaceStep::Spaces { first: None }, Action::Regain(space)) => {
                if peace::regainable_spaces(self, loser, winner).len() >= peace::SPACES_PER_PRICE {
                    PeaceStep::Spaces { first: Some(space) }
                } else {
                    PeaceStep::Price { item: Regained::Spaces { first: space, second: None } }
                }
            }
            (PeaceStep::Spaces { first: Some(first) }, Action::Regain(second)) => {
                PeaceStep::Price { item: Regained::Spaces { first, second: Some(second) } }
            }
            (PeaceStep::Price { item }, Action::GiveVp(_) | Action::GiveRandomCard(_)) => {
                if let Action::GiveVp(taker) = action {
                    self.add_bonus_vp(taker, 1);
                    log.event(Event::WarWinnerVpGiven { power: loser, to: taker });
                } else {
                    self.draw_from(winner, loser, log);
                }
                match self.regain(loser, winner, item, log) {
                    Some(next) => next,
                    None => return,
                }
            }
            _ => return,
        };
        self.set_peace(loser, next);
        self.continue_peace(log);
    }

    /// Steps 5-7, once paid: the key or spaces change hands and the winner's
    /// units leave them; the leader comes back (asking where, if several
    /// spaces are open: then `None`, the `LeaderReturn` frame is on top).
    fn regain(&mut self, loser: Power, winner: Power, item: Regained, log: &mut dyn Log) -> Option<PeaceStep> {
        let (from, to) = (Faction::from(winner), Faction::from(loser));
        match item {
            Regained::Key { space } => {
                self.change_control(space, from, to, log);
                Some(PeaceStep::Vacate { spaces: one(space), keys: true })
            }
            Regained::Spaces { first, second } => {
                let mut spaces = one(first);
                if let Some(second) = second {
                    spaces.insert(second);
                }
                for space in spaces {
                    self.change_control(space, from, to, log);
                }
                Some(PeaceStep::Vacate { spaces, keys: false })
            }
            Regained::Leader { leader } => {
                self.set_peace(loser, PeaceStep::Leaders);
                if self.free_leader(loser, leader, log) { Some(PeaceStep::Leaders) } else { None }
            }
        }
    }

    /// #73 Diplomatic Marriage played while suing (§9.3 note 1, card #73;
    /// ruling DU3): every home space of the loser the winner holds (keys
    /// and others) goes back to it, and every leader the winner captured
    /// comes back, with no VP and no card given; the winner keeps the VP of
    /// step 2.
    fn marriage_restores(&mut self, loser: Power, winner: Power, card: Card, log: &mut dyn Log) -> PeaceStep {
        self.card_played_as_event(loser, card, log);
        let spaces = peace::home_spaces_held(self, loser, winner);
        for space in spaces {
            self.change_control(space, winner.into(), loser.into(), log);
        }
        let leaders = peace::regainable_leaders(self, loser, winner);
        PeaceStep::Marriage { spaces, leaders }
    }

    // --- Freed leaders (§9.3 step 6, §9.4) ---------------------------------------

    /// Sends a freed leader to its only open space and returns `true`, or
    /// asks its owner among several (pushing `LeaderReturn`) and returns `false`.
    fn free_leader(&mut self, power: Power, leader: Leader, log: &mut dyn Log) -> bool {
        let spaces = peace::return_spaces(self, power);
        if spaces.len() > 1 {
            self.stack.push(Frame::LeaderReturn { power, leader });
            return false;
        }
        if let Some(to) = spaces.iter().next() {
            self.return_leader(leader, to, log);
        }
        true
    }

    fn return_leader(&mut self, leader: Leader, to: Space, log: &mut dyn Log) {
        if self.set_leader(leader, LeaderLocation::Space(to)).is_ok() {
            log.event(Event::LeaderReturned { leader, to });
        }
    }

    pub(crate) fn leader_return_actions(&self, power: Power, list: &mut ActionList) {
        list.extend(peace::return_spaces(self, power).iter().map(Action::ReturnLeaderTo));
    }

    pub(crate) fn apply_leader_return(&mut self, leader: Leader, action: Action, log: &mut dyn Log) {
        let Action::ReturnLeaderTo(to) = action else {
            return;
        };
        self.stack.pop();
        self.return_leader(leader, to, log);
        match self.stack.top() {
            Some(&Frame::Ransom { power }) => self.settle_ransom(power, log),
            Some(&Frame::Peace { .. }) => self.continue_peace(log),
            Some(&Frame::Deal { .. }) => self.continue_deal(log),
            _ => {}
        }
    }

    // --- Ransom (§9.4) ----------------------------------------------------------

    pub(crate) fn ransom_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Done);
        if !peace::drawable_cards(self, power).is_empty() {
            list.extend(peace::ransomable_leaders(self, power).iter().map(Action::Ransom));
        }
    }

    pub(crate) fn apply_ransom(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        match action {
            Action::Done => {
                self.stack.pop();
                self.next_ransomer(power.index() + 1, log);
            }
            Action::Ransom(leader) => {
                if let LeaderLocation::Captured(captor) = self.leader_location(leader) {
                    self.draw_from(captor, power, log);
                }
                if self.free_leader(power, leader, log) {
                    self.settle_ransom(power, log);
                }
            }
            _ => {}
        }
    }

    /// A ransomer with nothing left to ransom, or no card to pay with, makes
    /// way for the next.
    fn settle_ransom(&mut self, power: Power, log: &mut dyn Log) {
        if !self.may_ransom(power) {
            self.stack.pop();
            self.next_ransomer(power.index() + 1, log);
        }
    }

    // --- Removing excommunication (§9.5) ------------------------------------------

    pub(crate) fn excommunication_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Decline);
        list.extend(peace::liftable_excommunications(self, power).iter().map(Action::LiftExcommunication));
    }

    /// The Papacy draws a random card from the power's hand; its CP go to
    /// St Peter's and the card is discarded; the excommunication ends.
    pub(crate) fn apply_excommunication(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::LiftExcommunication(ruler) = action {
            if let Some(card) = self.take_random_card(power) {
                log.event(Event::CardDrawn { power: Power::Papacy, from: power, card: Some(card) });
                self.discard.insert(card);
                self.add_st_peters_cp(card.cp(), log);
                self.lift(ruler, log);
            }
        }
        self.next_excommunicated(power.index() + 1, log);
    }

    pub(crate) fn lift(&mut self, ruler: Ruler, log: &mut dyn Log) {
        self.excommunicated.remove(ruler);
        log.event(Event::ExcommunicationLifted(ruler));
    }

    pub(crate) fn add_st_peters_cp(&mut self, cp: u8, log: &mut dyn Log) {
        (self.st_peters_cp, self.st_peters_vp) = peace::st_peters_after(self.st_peters_cp, self.st_peters_vp, cp);
        log.event(Event::StPetersCp { cp });
    }
}
