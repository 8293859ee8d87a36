//! Combat cards played in battle (§6.1; §14 steps 4-7, §15.1 steps 5-6,
//! §16.2 steps 3-6): the windows' choices and the cards' effects.
//!
//! A window is a `War::CombatCards` frame (land) or a `Frame::CombatCards`
//! frame (naval) sitting right on the battle it belongs to: the `Entry` or
//! `Assault` driver, or the `NavalCombat` frame. Before the roll it is a
//! combat-card window, offered to every power that could play a combat card
//! there whatever its hand; after the roll (the battle at its `Resolve`
//! step) it is the Ottoman's Janissaries window, opened only while the
//! Ottoman holds its (public) home card. The cards played and the rolls
//! are kept in `Game::war.cards` until the battle is resolved.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::battle::{EntryStep, War};
use crate::frames::events::event_implemented;
use crate::frames::naval_war::{BattleStep, CombatStage};
use crate::game::{Game, LandUnits};
use crate::rules::battle::{self as battle_rules, commander, min_units};
use crate::rules::combat_cards::{self as rules, BattleKind, Seat, TERCIOS_DICE};
use crate::rules::construction::fits_one_more;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, LandUnitKind, Power, Space};

/// The battle a window belongs to, read from the frame below it.
#[derive(Clone, Copy)]
struct Battle {
    kind: BattleKind,
    attacker: Power,
    /// After the roll: the Janissaries window.
    after_roll: bool,
}

impl Game {
    fn window_battle(&self) -> Option<Battle> {
        match self.stack.below(1)? {
            Frame::War(War::Entry(e)) => {
                Some(Battle { kind: BattleKind::Field, attacker: e.power, after_roll: e.step == EntryStep::Resolve })
            }
            Frame::War(War::Assault(a)) => {
                Some(Battle { kind: BattleKind::Assault, attacker: a.power, after_roll: false })
            }
            Frame::NavalCombat { power, stage: CombatStage::Battle { step, .. }, .. } => {
                Some(Battle { kind: BattleKind::Naval, attacker: *power, after_roll: *step == BattleStep::Resolve })
            }
            _ => None,
        }
    }

    /// The major powers standing against `mover` outside in `space`.
    fn field_opponents(&self, mover: Power, space: Space) -> EnumSet<Power> {
        self.land_units_at(space)
            .filter(|&(f, u, b)| !b && !u.is_empty() && battle_rules::opposes(self, mover, space, f))
            .filter_map(|(f, _, _)| commander(self, f))
            .collect()
    }

    /// `power`'s seat in the battle of the window on top.
    fn window_seat(&self, power: Power) -> Option<Seat> {
        let battle = self.window_battle()?;
        let attacking = power == battle.attacker;
        let one = |p: Power| -> EnumSet<Power> { [p].into_iter().collect() };
        let (opponents, hapsburg_regulars_against, holds_space) = match *self.stack.below(1)? {
            Frame::War(War::Entry(e)) => {
                let opponents = if attacking { self.field_opponents(e.power, e.to) } else { one(e.power) };
                let regulars = match (attacking, e.power) {
                    (true, _) if !self.is_besieged(e.to, Faction::Hapsburg) => {
                        self.land_units(e.to, Faction::Hapsburg).regulars
                    }
                    (false, Power::Hapsburg) => e.units.regulars + e.joined.regulars,
                    _ => 0,
                };
                (opponents, regulars, false)
            }
            Frame::War(War::Assault(a)) => {
                let opponents = if attacking {
                    let mut set: EnumSet<Power> = self
                        .land_units_at(a.space)
                        .filter(|&(_, u, b)| b && !u.is_empty())
                        .filter_map(|(f, _, _)| commander(self, f))
                        .collect();
                    if let Some(p) = commander(self, self.controller(a.space)) {
                        set.insert(p);
                    }
                    set
                } else {
                    one(a.power)
                };
                let holds = !attacking && self.own_factions(power).contains(self.controller(a.space));
                (opponents, 0, holds)
            }
            Frame::NavalCombat { power: active, stage: CombatStage::Battle { enemy, .. }, .. } => {
                let opponents = if attacking { commander(self, enemy).into_iter().collect() } else { one(active) };
                (opponents, 0, false)
            }
            _ => return None,
        };
        Some(Seat { power, kind: battle.kind, attacking, opponents, hapsburg_regulars_against, holds_space })
    }

    /// Whether the Ottoman may play Janissaries (#1) in a battle it is in:
    /// it holds the card (a home card: public), the event is built and it
    /// was not played as an event this turn.
    pub(crate) fn janissaries_ready(&self) -> bool {
        self.decides(Power::Ottoman)
            && self.hand(Power::Ottoman).contains(Card::Janissaries)
            && event_implemented(Card::Janissaries)
            && !self.event_played_this_turn(Card::Janissaries)
    }

    /// The choices of a window: `Decline`, and `PlayEvent` for each card of
    /// the hand the power may play there.
    pub(crate) fn combat_window_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Decline);
        for card in self.hand(power) {
            if self.combat_window_allows(power, card) == Some(true) {
                list.push(Action::PlayEvent(card));
            }
        }
    }

    /// With a combat-card or Janissaries window on top: whether `power`
    /// may play `card` there now (`None` with no window on top). Before
    /// the roll, a built combat card of its hand the card's text allows in
    /// this battle, not yet played as an event this turn; after the roll,
    /// Janissaries, for the Ottoman, in a field or naval battle.
    pub(crate) fn combat_window_allows(&self, power: Power, card: Card) -> Option<bool> {
        match self.stack.top()? {
            Frame::War(War::CombatCards { power: p, .. }) | Frame::CombatCards { power: p, .. } if *p == power => {}
            Frame::War(War::CombatCards { .. }) | Frame::CombatCards { .. } => return Some(false),
            _ => return None,
        }
        let Some(battle) = self.window_battle() else { return Some(false) };
        if !self.hand(power).contains(card) {
            return Some(false);
        }
        if battle.after_roll {
            return Some(
                card == Card::Janissaries
                    && power == Power::Ottoman
                    && battle.kind != BattleKind::Assault
                    && self.janissaries_ready(),
            );
        }
        let Some(seat) = self.window_seat(power) else { return Some(false) };
        Some(
            card.kind() == CardKind::Combat
                && event_implemented(card)
                && !self.event_played_this_turn(card)
                && rules::combat_card_allowed(card, seat),
        )
    }

    /// `power` plays `card` in the window on top: the card leaves the hand
    /// (to the discard pile, or the power card for Janissaries) and takes
    /// effect. The window stays open for more cards, but Janissaries' closes,
    /// and so does an assault that Mercenaries Grow Restless ends.
    pub(crate) fn play_combat_card(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        let Some(seat) = self.window_seat(power) else { return };
        self.hands[power.index()].remove(card);
        self.events_played[power.index()].insert(card);
        if card.kind() != CardKind::Home {
            if card.removal() == crate::data::cards::Removal::Removed {
                self.removed.insert(card);
            } else {
                self.discard.insert(card);
            }
        }
        log.event(Event::CardPlayedAsEvent { power, card });
        let side = usize::from(!seat.attacking);
        match card {
            Card::Arquebusiers | Card::FieldArtillery | Card::SiegeMining => {
                self.war.cards.extra[side] += rules::extra_dice(card, power, seat.kind);
            }
            Card::Tercios if power == Power::Hapsburg => self.war.cards.tercios[side] = true,
            Card::Tercios => self.war.cards.fewer[1 - side] += TERCIOS_DICE,
            Card::SurpriseAttack => self.war.cards.surprise = Some(side as u8),
            Card::MercenariesBribed => self.bribe_mercenaries(power, seat, log),
            Card::MercenariesGrowRestless => self.mercenaries_grow_restless(log),
            Card::Janissaries => {
                let dice = self.roll_dice(rules::extra_dice(card, power, seat.kind));
                self.war.cards.janissaries_rolled[side] = dice;
                log.event(Event::CombatCardDice { power, card, dice });
                self.stack.pop();
            }
            _ => {}
        }
    }

    /// Tercios' 3 dice (#30) for `side` (0 the attacker `attacker`, 1 the
    /// defenders) if the Hapsburg played it there, reported.
    pub(crate) fn roll_tercios(&mut self, side: usize, attacker: Power, log: &mut dyn Log) {
        if self.war.cards.tercios[side] {
            let dice = self.roll_dice(TERCIOS_DICE);
            self.war.cards.tercios_rolled[side] = dice;
            let power = if side == 0 { attacker } else { Power::Hapsburg };
            log.event(Event::CombatCardDice { power, card: Card::Tercios, dice });
        }
    }

    /// Mercenaries Bribed (#26): half (rounded up) of each opposing power's
    /// mercenaries in the field battle leave its stack; as many new
    /// mercenaries of the player join its side, as far as its counters go.
    fn bribe_mercenaries(&mut self, power: Power, seat: Seat, log: &mut dyn Log) {
        let Some(Frame::War(War::Entry(mut e))) = self.stack.below(1).copied() else { return };
        let own = Faction::from(power);
        let mut switched = 0u8;
        if seat.attacking {
            for p in seat.opponents {
                let f = Faction::from(p);
                if self.is_besieged(e.to, f) {
                    continue;
                }
                let units = self.land_units(e.to, f);
                let n = rules::bribed(units.mercenaries);
                if n > 0 {
                    self.remove_units(e.to, f, LandUnits { regulars: 0, mercenaries: n, cavalry: 0 }, log);
                    switched += n;
                }
            }
        } else {
            let f = Faction::from(e.power);
            let n = rules::bribed(e.units.mercenaries + e.joined.mercenaries);
            let from_formation = n.min(e.units.mercenaries);
            let from_joined = n - from_formation;
            let lost = LandUnits { regulars: 0, mercenaries: from_formation, cavalry: 0 };
            self.remove_units(e.from, f, lost, log);
            // The counters may have taken an extra loss there (seed 002):
            // the formation keeps only what is left.
            e.units = min_units(battle_rules::less(e.units, lost), self.land_units(e.from, f));
            let lost = LandUnits { regulars: 0, mercenaries: from_joined, cavalry: 0 };
            self.remove_units(e.to, f, lost, log);
            e.joined = min_units(battle_rules::less(e.joined, lost), self.land_units(e.to, f));
            switched = n;
        }
        let at = if seat.attacking { e.from } else { e.to };
        let mut placed = 0u8;
        while placed < switched && fits_one_more(self, own, at, LandUnitKind::Mercenary) {
            let units = self.land_units(at, own).plus_one(LandUnitKind::Mercenary);
            let besieged = self.is_besieged(at, own);
            self.put_units(at, own, units, besieged);
            placed += 1;
        }
        if placed > 0 {
            let units = LandUnits { regulars: 0, mercenaries: placed, cavalry: 0 };
            log.event(Event::LandUnitsPlaced { faction: own, space: at, units });
            if seat.attacking {
                e.units = battle_rules::plus(e.units, units);
            }
        }
        if let Some(Frame::War(War::Entry(entry))) = self.stack.below_mut(1) {
            *entry = e;
        }
    }

    /// Mercenaries Grow Restless (#27): every mercenary of the assaulting
    /// formation is removed; if the besiegers no longer outnumber the
    /// defenders, the siege is broken, they retreat, and the assault ends.
    fn mercenaries_grow_restless(&mut self, log: &mut dyn Log) {
        let Some(Frame::War(War::Assault(mut a))) = self.stack.below(1).copied() else { return };
        let f = Faction::from(a.power);
        let lost = LandUnits { regulars: 0, mercenaries: a.units.mercenaries, cavalry: 0 };
        self.remove_units(a.space, f, min_units(lost, self.land_units(a.space, f)), log);
        a.units = battle_rules::less(a.units, lost);
        if let Some(Frame::War(War::Assault(assault))) = self.stack.below_mut(1) {
            *assault = a;
        }
        if !battle_rules::siege_holds(self, a.space) {
            self.stack.pop();
            self.stack.pop();
            self.check_siege(a.space, log);
        }
    }

    /// Removes `units` of `faction` in `space` from play, reported.
    fn remove_units(&mut self, space: Space, faction: Faction, units: LandUnits, log: &mut dyn Log) {
        let here = self.land_units(space, faction);
        let lost = min_units(units, here);
        if lost.is_empty() {
            return;
        }
        let besieged = self.is_besieged(space, faction);
        self.put_units(space, faction, battle_rules::less(here, lost), besieged);
        log.event(Event::UnitsEliminated { faction, space, units: lost });
        self.settle(faction, space, log);
    }
}

/// Janissaries (#1) as an impulse event (§21.1): 4 new regulars.
impl Game {
    /// Asks the Ottoman for the next of `left` regulars, if one can go anywhere.
    pub(crate) fn begin_janissaries(&mut self, left: u8) {
        if left > 0 && !rules::janissaries_spaces(self).is_empty() {
            self.stack.push(Frame::JanissariesRegulars { left });
        }
    }

    pub(crate) fn janissaries_actions(&self, list: &mut ActionList) {
        list.extend(rules::janissaries_spaces(self).iter().map(Action::PlaceAt));
    }

    pub(crate) fn apply_janissaries(&mut self, left: u8, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        let Action::PlaceAt(space) = action else { return };
        let own = Faction::Ottoman;
        let units = self.land_units(space, own).plus_one(LandUnitKind::Regular);
        let besieged = self.is_besieged(space, own);
        self.put_units(space, own, units, besieged);
        log.event(Event::LandUnitsPlaced { faction: own, space, units: LandUnits::regulars(1) });
        self.begin_janissaries(left - 1);
    }
}
