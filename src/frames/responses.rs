//! Response windows (§6.1 "Response Cards"): announce, respond, resolve.
//!
//! A step that another power may answer with a response card does not
//! resolve at once: it is *announced* by opening a window, a
//! [`Frame::Response`] carrying the [`Moment`] and what the step needs to
//! resolve later. The window asks, one at a time in impulse order, every
//! power that could use a response card there (read from public
//! information only: the card is not in the discard pile, out of the game
//! or already played this turn, and the card's text allows that power at
//! that moment), whatever its hand holds, so that being asked reveals
//! nothing. Each answers `Decline` or plays a usable card of its hand; a
//! power that played a card is asked again. When every asked power has
//! declined, the window closes and the step resolves ([`Game::resume`]),
//! unless a card canceled it (Foul Weather, Gout, The Wartburg).
//!
//! The moments (rulings E6-E8, E13 for fast play): CP committed to a land move (§13.1 step 4),
//! an assault (§15.1 step 2), a naval move (§16.1 step 3), piracy (§16.4)
//! or a naval transport (§16.3); a card event announced in an impulse
//! (#37, #115); and the start of each impulse, for the cards usable at any
//! time (#33, #36, #38). Cards played before or after the dice of a battle
//! go through the battle's combat-card windows (`frames::combat_cards`).
//!
//! With [`Setup::fast_play`](crate::Setup) a window asks only the powers
//! whose hand holds a usable card: faster for trainers that see every
//! hand, but being asked then reveals a hand.

use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits};
use crate::sets::EnumSet;
use crate::types::{Card, Leader, Power, SeaZone, Space};

/// The step a response window was opened for, with what it needs to
/// resolve once the window closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum Moment {
    /// §13.1 step 4: a formation's move from `from` to `to` (its CP are
    /// paid when it resolves); `minors`: its allied minors' regulars (§22.3).
    Move {
        from: Space,
        to: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        #[cfg_attr(feature = "serde", serde(default))]
        minors: crate::rules::battle::MinorUnits,
    },
    /// §15.1 step 2: an assault on `space`.
    Assault { space: Space },
    /// §16.1 step 3: a naval move action.
    NavalMove,
    /// §16.4: piracy in `zone`.
    Piracy { zone: SeaZone },
    /// §16.3: a naval transport from `from`.
    Transport { from: Space },
    /// §6.1: `card` played as the actor's event, not yet resolved.
    Event { card: Card },
    /// The start of the actor's impulse, before it plays a card (ruling E7).
    Impulse,
    /// A card event's announced choice, `action` at `step`, not yet
    /// applied: Holy Roman Emperor moving Charles V (Gout, #32), Papal Bull
    /// excommunicating Cranmer (Thomas Cromwell, #115). The step carries
    /// `step: ANNOUNCED` so that the card's code applies it this time.
    Choice { step: crate::events::EventStep, action: Action },
    /// §16.1 steps 4-5: `power`'s naval interception roll (`avoid`: `None`)
    /// or avoid-battle roll from `avoid.0` to `avoid.1`, rolled and not yet
    /// counted (Professional Rowers, #34).
    NavalRoll { power: Power, dice: crate::dice::Dice, bonus: u8, avoid: Option<(SeaZone, crate::game::NavalLocation)> },
}

impl Moment {
    /// A number for each kind of moment, from 1 (the observation's
    /// `decision_stage` in a response window).
    pub(crate) fn code(self) -> u8 {
        match self {
            Moment::Move { .. } => 1,
            Moment::Assault { .. } => 2,
            Moment::NavalMove => 3,
            Moment::Piracy { .. } => 4,
            Moment::Transport { .. } => 5,
            Moment::Event { .. } => 6,
            Moment::Impulse => 7,
            Moment::Choice { .. } => 8,
            Moment::NavalRoll { .. } => 9,
        }
    }

    /// The CP the announced action costs (paid when it resolves; 1 of them
    /// is lost if Foul Weather or Gout cancels it).
    pub(crate) fn cost(self) -> u8 {
        match self {
            Moment::Move { from, to, .. } => crate::frames::movement::move_cost(from, to),
            Moment::Assault { .. } => crate::frames::siege::ASSAULT_CP,
            Moment::NavalMove => crate::rules::naval::NAVAL_MOVE_COST,
            Moment::Piracy { .. } => crate::rules::piracy::PIRACY_COST,
            Moment::Transport { .. } => crate::rules::naval_war::TRANSPORT_LEG_COST,
            Moment::Event { .. } | Moment::Impulse | Moment::Choice { .. } | Moment::NavalRoll { .. } => 0,
        }
    }

    /// Whether the moment is CP committed to a military action (the ones
    /// Foul Weather may disrupt).
    pub(crate) fn is_military(self) -> bool {
        !matches!(self, Moment::Event { .. } | Moment::Impulse | Moment::Choice { .. } | Moment::NavalRoll { .. })
    }
}

/// A response window in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Window {
    /// What was announced.
    pub moment: Moment,
    /// The power whose impulse it is.
    pub actor: Power,
    /// The power asked now.
    pub power: Power,
    /// The powers still to ask after it, in impulse order.
    pub remaining: EnumSet<Power>,
}

impl Game {
    /// Announces `moment` in `actor`'s impulse: opens its response window,
    /// or resolves it at once when nobody is to be asked.
    pub(crate) fn announce(&mut self, actor: Power, moment: Moment, log: &mut dyn Log) {
        let probe = Window { moment, actor, power: actor, remaining: EnumSet::EMPTY };
        let mut asked = EnumSet::EMPTY;
        for &power in impulse_powers(self.scenario()) {
            if self.may_respond(Window { power, ..probe }) {
                asked.insert(power);
            }
        }
        match self.next_in_order(&mut asked) {
            Some(power) => self.stack.push(Frame::Response(Window { power, remaining: asked, ..probe })),
            None => self.resume(probe, log),
        }
    }

    /// Whether the window asks `window.power`: some response card usable
    /// there could be in its hand (public: not discarded, out of the game
    /// or played this turn), or with fast play, is in its hand.
    fn may_respond(&self, window: Window) -> bool {
        crate::events::response_cards()
            .any(|(card, response)| self.card_may_be_held(window.power, card) && (response.usable)(self, window))
    }

    /// Whether `power` may hold `card` as far as it is public (or, with
    /// fast play, whether it does).
    pub(crate) fn card_may_be_held(&self, power: Power, card: Card) -> bool {
        if self.setup.fast_play {
            return self.hand(power).contains(card);
        }
        !self.discard.contains(card) && !self.removed.contains(card) && !self.event_played_this_turn(card)
    }

    /// The choices of the power asked: decline, or a usable card of its hand.
    pub(crate) fn response_actions(&self, window: Window, list: &mut ActionList) {
        list.push(Action::Decline);
        for card in self.hand(window.power) {
            if self.response_usable(window, card) {
                list.push(Action::PlayEvent(card));
            }
        }
    }

    /// Whether `action` is one of `response_actions`, without listing.
    pub(crate) fn response_action_legal(&self, window: Window, action: Action) -> bool {
        match action {
            Action::Decline => true,
            Action::PlayEvent(card) => self.response_usable(window, card),
            _ => false,
        }
    }

    /// Whether the power asked in `window` may play `card` of its hand there.
    pub(crate) fn response_usable(&self, window: Window, card: Card) -> bool {
        self.hand(window.power).contains(card)
            && !self.event_played_this_turn(card)
            && crate::events::response_use(card).is_some_and(|r| (r.usable)(self, window))
    }

    /// The power asked plays a card (it is asked again, unless the card
    /// canceled the announced step) or declines (the next power is asked;
    /// after the last, the step resolves).
    pub(crate) fn apply_response(&mut self, window: Window, action: Action, log: &mut dyn Log) {
        if let Action::PlayEvent(card) = action {
            self.play_response(window, card, log);
            return;
        }
        let mut remaining = window.remaining;
        match self.next_in_order(&mut remaining) {
            Some(power) => {
                if let Some(Frame::Response(w)) = self.stack.top_mut() {
                    *w = Window { power, remaining, ..window };
                }
            }
            None => {
                self.stack.pop();
                self.resume(window, log);
            }
        }
    }

    /// `window.power` plays `card` as a response: it leaves the hand (out of
    /// the game if its text says so, else to the discard pile), counts as
    /// played this turn, and takes effect. A card that cancels the
    /// announced step closes the window.
    fn play_response(&mut self, window: Window, card: Card, log: &mut dyn Log) {
        let Some(response) = crate::events::response_use(card) else { return };
        let power = window.power;
        self.play_out_of_turn(power, card);
        log.event(Event::ResponsePlayed { power, card, to: window.actor });
        if (response.play)(self, window, log) == Answer::Cancel {
            self.cancel_in_window(card, log);
        }
    }

    /// `by` cancels the step announced in the window (the top frame, or
    /// the one below a response card's decision): the window closes, the
    /// step does not resolve, and 1 of the CP committed to it is lost
    /// (Foul Weather and Gout, ruling E8; an event costs none).
    pub(crate) fn cancel_in_window(&mut self, by: Card, log: &mut dyn Log) {
        while let Some(frame) = self.stack.pop() {
            if let Frame::Response(window) = frame {
                self.pay(window.moment.cost().min(1));
                log.event(Event::AnnouncedCanceled { power: window.actor, by });
                return;
            }
        }
    }

    /// The announced step resolves (the window closed, nothing canceled it).
    pub(crate) fn resume(&mut self, window: Window, log: &mut dyn Log) {
        let power = window.actor;
        match window.moment {
            Moment::Move { from, to, units, leaders, minors } => {
                self.resume_move(power, from, to, (units, minors), leaders, log)
            }
            Moment::Assault { space } => self.begin_assault(power, space, log),
            Moment::NavalMove => self.begin_naval_move(power),
            Moment::Piracy { zone } => self.begin_piracy(zone),
            Moment::Transport { from } => self.begin_transport(power, from),
            Moment::Event { card } => self.resolve_announced_event(power, card, log),
            Moment::Impulse => self.stack.push(Frame::Impulse { power }),
            Moment::Choice { step, action } => {
                self.stack.push(Frame::Event(step));
                self.apply_event_step(step, action, log);
            }
            Moment::NavalRoll { power, dice, bonus, avoid } => {
                match avoid {
                    Some(avoid) => self.finish_naval_avoid(power, avoid, dice, bonus, log),
                    None => self.finish_naval_interception(power, dice, bonus, log),
                }
                self.run_naval_combat(log);
            }
        }
    }

    /// A land move resolves after its window (§13.1 steps 5-8): with the
    /// units still there (a response may have removed some) and the
    /// leaders still free to move (Gout, #32), it pays and enters.
    fn resume_move(
        &mut self,
        power: Power,
        from: Space,
        to: Space,
        (units, minors): (LandUnits, crate::rules::battle::MinorUnits),
        leaders: EnumSet<Leader>,
        log: &mut dyn Log,
    ) {
        let here = self.land_units(from, crate::types::Faction::from(power));
        let units = crate::rules::battle::min_units(units, here);
        let minors = self.minors_still_free(power, from, minors);
        let leaders = leaders.difference(self.war.gout);
        self.pay(crate::frames::movement::move_cost(from, to));
        self.war.entered.insert(to);
        if units.is_empty() && leaders.is_empty() && crate::rules::battle::minor_total(&minors) == 0 {
            return;
        }
        self.start_entry(power, from, to, (units, minors), leaders, false, false, log);
    }
}

/// What a response card does to the step it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The step still resolves once the window closes.
    Continue,
    /// The step is canceled; the window closes.
    Cancel,
}

impl Game {
    /// Whether a loaded window is one the engine can go on from: both
    /// powers take part, and the one asked is not asked again.
    pub(crate) fn window_fits(&self, window: Window) -> bool {
        let powers = impulse_powers(self.scenario());
        // The actor may be a two-player invader acted for (§24.3).
        self.decides(window.actor)
            && powers.contains(&window.power)
            && !window.remaining.contains(window.power)
            && window.remaining.iter().all(|p| powers.contains(&p))
            // An announced event is a card its actor played this turn.
            && match window.moment {
                Moment::Event { card } => self.events_played[window.actor.index()].contains(card),
                _ => true,
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NavalLocation, NavalUnits, Scenario, Setup};
    use crate::types::{NavalUnitKind, Phase};

    /// The deepest chain of procedures the grammar allows, built in play:
    /// spent CP, a naval move's combat, an interception, the window of its
    /// roll, and Professional Rowers' choice in it (`validate::may_sit_on`).
    #[test]
    fn the_deepest_chain_is_reached_and_valid() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 11).with_fast_play(true));
        game.set_phase(Phase::Action).unwrap();
        game.run_automatic();
        game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
        let one = NavalUnits::squadrons(1);
        game.set_naval_units(NavalLocation::Port(Space::Naples), crate::types::Faction::Hapsburg, one).unwrap();
        let at = NavalLocation::Sea(SeaZone::BarbaryCoast);
        game.set_naval_units(at, crate::types::Faction::Ottoman, one).unwrap();
        game.give_card(Power::England, Card::ProfessionalRowers).unwrap();
        game.give_card(Power::Hapsburg, Card::Gout).unwrap();
        while game.decider() != crate::Decider::Power(Power::Hapsburg) {
            game.apply(Action::Pass).unwrap();
        }
        game.apply(Action::PlayCp(Card::Gout)).unwrap();
        for action in [
            Action::NavalMove,
            Action::NavalFromPort(Space::Naples),
            Action::AddShip(NavalUnitKind::Squadron),
            Action::NavalToSea(SeaZone::TyrrhenianSea),
            Action::Done,
            Action::NavalFromSea(SeaZone::BarbaryCoast),
            Action::AddShip(NavalUnitKind::Squadron),
            Action::NavalToSea(SeaZone::TyrrhenianSea),
            Action::PlayEvent(Card::ProfessionalRowers),
        ] {
            game.apply(action).unwrap();
        }
        assert!(matches!(game.stack.below(4), Some(Frame::Spend { .. })));
        assert!(matches!(game.stack.below(3), Some(Frame::NavalCombat { .. })));
        assert!(matches!(game.stack.below(2), Some(Frame::Interception { .. })));
        assert!(matches!(game.stack.below(1), Some(Frame::Response(_))));
        assert!(matches!(game.stack.top(), Some(Frame::Event(_))));
        assert_eq!(game.validate(), Ok(()));
    }
}
