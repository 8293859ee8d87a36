//! Combat cards played in battle (§6.1; §14 steps 4-7, §15.1 steps 5-6,
//! §16.2 steps 3-6): the windows' choices and the cards' effects.
//!
//! A window is a `War::CombatCards` frame (land) or a `Frame::CombatCards`
//! frame (naval) sitting right on the battle it belongs to: the `Entry`,
//! `Assault` or `CardBattle` driver (Sack of Rome, a foreign war), or the
//! `NavalCombat` frame. Before the roll it is a
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
use crate::frames::naval_war::{BattleStep, CombatStage};
use crate::frames::siege::AssaultStep;
use crate::game::{Game, LandUnits};
use crate::rules::battle::{self as battle_rules, commander, min_units};
use crate::rules::combat_cards::{BattleKind, SIEGE_ARTILLERY_LOC, Seat, TERCIOS_DICE};
use crate::rules::loc;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, Power, Space};

/// The battle a window belongs to, read from the frame below it.
#[derive(Clone, Copy)]
pub(crate) struct Battle {
    pub kind: BattleKind,
    pub attacker: Power,
    /// After the roll: the Janissaries window.
    pub after_roll: bool,
}

impl Game {
    pub(crate) fn window_battle(&self) -> Option<Battle> {
        match self.stack.below(1)? {
            Frame::War(War::Entry(e)) => {
                Some(Battle { kind: BattleKind::Field, attacker: e.power, after_roll: e.step == EntryStep::Resolve })
            }
            Frame::War(War::Assault(a)) => Some(Battle {
                kind: BattleKind::Assault,
                attacker: a.power,
                after_roll: matches!(a.step, AssaultStep::Rolled { .. }),
            }),
            Frame::NavalCombat { power, stage: CombatStage::Battle { step, .. }, .. } => {
                Some(Battle { kind: BattleKind::Naval, attacker: *power, after_roll: *step == BattleStep::Resolve })
            }
            Frame::War(War::CardBattle(b)) => {
                Some(Battle { kind: crate::events::card_battle_kind(*b), attacker: b.power, after_roll: b.rolled })
            }
            _ => None,
        }
    }

    /// The major powers standing against `mover` outside in `space`.
    fn field_opponents(&self, mover: Power, space: Space) -> EnumSet<Power> {
        self.land_units_in(space)
            .filter(|&(f, u, b)| !b && !u.is_empty() && battle_rules::opposes(self, mover, space, f))
            .filter_map(|(f, _, _)| commander(self, f))
            .collect()
    }

    /// `power`'s seat in the battle of the window on top.
    fn window_seat(&self, power: Power) -> Option<Seat> {
        let battle = self.window_battle()?;
        let attacking = power == battle.attacker;
        let one = |p: Power| -> EnumSet<Power> { [p].into_iter().collect() };
        let mut siege_artillery_loc = false;
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
                let opponents = if attacking { self.assault_defenders(a.space) } else { one(a.power) };
                let holds = !attacking && self.own_factions(power).contains(self.controller(a.space));
                siege_artillery_loc = loc::land_loc_within(self, a.power, a.space, SIEGE_ARTILLERY_LOC);
                (opponents, 0, holds)
            }
            Frame::NavalCombat { power: active, stage: CombatStage::Battle { enemy, .. }, .. } => {
                let opponents = if attacking { commander(self, enemy).into_iter().collect() } else { one(active) };
                (opponents, 0, false)
            }
            Frame::War(War::CardBattle(b)) => {
                let opponents = if attacking { crate::events::card_battle_defenders(self, b) } else { one(b.power) };
                // The sacking stack's regulars (#95), for Tercios (#30).
                let regulars = match b.space {
                    Some(space) if !attacking && b.power == Power::Hapsburg => {
                        self.land_units(space, Faction::Hapsburg).regulars
                    }
                    _ => 0,
                };
                (opponents, regulars, false)
            }
            _ => return None,
        };
        let fighting = attacking || self.battle_sides(battle.attacker).contains(power);
        Some(Seat {
            power,
            kind: battle.kind,
            attacking,
            opponents,
            hapsburg_regulars_against,
            holds_space,
            fighting,
            siege_artillery_loc,
        })
    }

    /// The defending major powers of the battle below the window on top.
    fn battle_sides(&self, attacker: Power) -> EnumSet<Power> {
        match self.stack.below(1).copied() {
            Some(Frame::War(War::Entry(e))) => self.defending_powers(attacker, e.to),
            Some(Frame::War(War::Assault(a))) => self.assault_defenders(a.space),
            Some(Frame::NavalCombat { stage: CombatStage::Battle { enemy, .. }, .. }) => {
                commander(self, enemy).into_iter().collect()
            }
            Some(Frame::War(War::CardBattle(b))) => crate::events::card_battle_defenders(self, b),
            _ => EnumSet::EMPTY,
        }
    }

    /// The major powers defending an assaulted `space`: those with units
    /// besieged in it, and its controller's (§15.1 step 6).
    pub(crate) fn assault_defenders(&self, space: Space) -> EnumSet<Power> {
        let mut defenders: EnumSet<Power> = self
            .land_units_in(space)
            .filter(|&(_, u, b)| b && !u.is_empty())
            .filter_map(|(f, _, _)| commander(self, f))
            .collect();
        if let Some(p) = commander(self, self.controller(space)) {
            defenders.insert(p);
        }
        defenders
    }

    /// After both rolls (§14 step 7, §15.1 step 8, §16.2 step 6): the window
    /// for the cards played after seeing the dice (Janissaries, #1; Siege
    /// Artillery, #35; Professional Rowers, #34). `window` is the window
    /// frame for the battle on top of the stack; it is pushed, and asks in
    /// impulse order every power that could play such a card there (a card
    /// that could be in its hand as far as is public, or with fast play is
    /// in it), or is taken off again when nobody could.
    pub(crate) fn open_after_roll_window(&mut self, window: impl Fn(Power, EnumSet<Power>) -> Frame) {
        self.stack.push(window(Power::Ottoman, EnumSet::EMPTY));
        let mut asked = EnumSet::EMPTY;
        for power in Power::ALL {
            if self.decides(power) && self.may_play_after_roll(power) {
                asked.insert(power);
            }
        }
        self.stack.pop();
        if let Some(first) = self.next_in_order(&mut asked) {
            self.stack.push(window(first, asked));
        }
    }

    /// The power whose hand a window asking `power` plays from: its own,
    /// or for a two-player invader its commanding player's (§24.3, ruling
    /// TP7).
    pub(crate) fn card_holder(&self, power: Power) -> Power {
        crate::rules::two_player::seat(self, power).unwrap_or(power)
    }

    /// Whether the player holding the cards may play `card` for `power`:
    /// any card for itself; for an invader, not Landsknechts (#33) or Swiss
    /// Mercenaries (#36), which would raise units for it (§24.3).
    fn plays_for(&self, power: Power, card: Card) -> bool {
        self.card_holder(power) == power || !matches!(card, Card::Landsknechts | Card::SwissMercenaries)
    }

    /// Whether `power` could play a card after the roll in the battle whose
    /// window is on top (public facts only, but Janissaries' home card).
    fn may_play_after_roll(&self, power: Power) -> bool {
        let Some(seat) = self.window_seat(power) else { return false };
        let holder = self.card_holder(power);
        crate::events::after_roll_cards().any(|(card, combat)| {
            let held = match card {
                Card::Janissaries => power == Power::Ottoman && self.janissaries_ready(),
                _ => self.card_may_be_held(holder, card) && self.plays_for(power, card),
            };
            held && (combat.allowed)(seat)
        })
    }

    /// Whether the Ottoman may play Janissaries (#1) in a battle it is in:
    /// it holds the card (a home card: public), the event is built and it
    /// was not played as an event this turn.
    pub(crate) fn janissaries_ready(&self) -> bool {
        self.decides(Power::Ottoman)
            && self.hand(Power::Ottoman).contains(Card::Janissaries)
            && crate::events::event_built(Card::Janissaries)
            && !self.event_played_this_turn(Card::Janissaries)
    }

    /// The choices of a window: `Decline`, and `PlayEvent` for each card of
    /// the hand the power may play there.
    pub(crate) fn combat_window_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Decline);
        for card in self.hand(self.card_holder(power)) {
            if self.combat_window_allows(power, card) == Some(true) {
                list.push(Action::PlayEvent(card));
            }
        }
    }

    /// With a combat-card or Janissaries window on top: whether `power`
    /// (the power asked, or the two-player side playing for it) may play
    /// `card` there now (`None` with no window on top). Before
    /// the roll, a built combat card of its hand the card's text allows in
    /// this battle, not yet played as an event this turn; after the roll,
    /// Janissaries, for the Ottoman, in a field or naval battle.
    pub(crate) fn combat_window_allows(&self, power: Power, card: Card) -> Option<bool> {
        // `power` is the power asked, or the player who holds its cards.
        let power = match self.stack.top()? {
            Frame::War(War::CombatCards { power: p, .. }) | Frame::CombatCards { power: p, .. }
                if *p == power || self.card_holder(*p) == power =>
            {
                *p
            }
            Frame::War(War::CombatCards { .. }) | Frame::CombatCards { .. } => return Some(false),
            _ => return None,
        };
        let Some(battle) = self.window_battle() else { return Some(false) };
        if !self.hand(self.card_holder(power)).contains(card) || !self.plays_for(power, card) {
            return Some(false);
        }
        let Some(seat) = self.window_seat(power) else { return Some(false) };
        let Some(combat) = crate::events::combat_use(card) else { return Some(false) };
        // Janissaries (#1) needs its home card ready (`janissaries_ready`).
        let ready = card != Card::Janissaries || self.janissaries_ready();
        Some(
            combat.after_roll == battle.after_roll
                && ready
                && !self.event_played_this_turn(card)
                && (combat.allowed)(seat),
        )
    }

    /// `power` plays `card` outside its impulse (a combat or response card
    /// in a window, §6.1): it leaves the hand for the power card (home
    /// cards), out of the game (its red dagger) or the discard pile, and
    /// counts as played this turn.
    pub(crate) fn play_out_of_turn(&mut self, power: Power, card: Card) {
        self.hands[power.index()].remove(card);
        self.events_played[power.index()].insert(card);
        if card.kind() != CardKind::Home {
            if card.removal() == crate::data::cards::Removal::Removed {
                self.removed.insert(card);
            } else {
                self.discard.insert(card);
            }
        }
    }

    /// `power` plays `card` in the window on top: the card leaves the hand
    /// (to the discard pile, or the power card for Janissaries) and takes
    /// effect. The window stays open for more cards, but an assault that
    /// Mercenaries Grow Restless ends closes it. For a two-player invader
    /// the card comes from its commanding player's hand, and takes effect
    /// on the invader's side (§24.3).
    pub(crate) fn play_combat_card(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        let Some(seat) = self.window_seat(power) else { return };
        let holder = self.card_holder(power);
        self.play_out_of_turn(holder, card);
        // A response card played in a battle is played as a response (§6.1).
        if card.kind() == CardKind::Response {
            let to = self.window_battle().map_or(power, |b| b.attacker);
            log.event(Event::ResponsePlayed { power: holder, card, to });
        } else {
            log.event(Event::CardPlayedAsEvent { power: holder, card });
        }
        if let Some(combat) = crate::events::combat_use(card) {
            (combat.play)(self, seat, log);
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

    /// Removes `units` of `faction` in `space` from play, reported.
    pub(crate) fn remove_units(&mut self, space: Space, faction: Faction, units: LandUnits, log: &mut dyn Log) {
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
