//! The two-player diplomatic cards (#201-#219, §24.3), played in the
//! diplomacy phase (`frames::dip_deck`): each side must play one even when
//! it helps the opponent. Built: #208 Knights of St. John and #217 Secret
//! Protestant Circle. The others are not built and never enter the
//! diplomatic deck (ruling DD3).

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::dice::Dice;
use crate::engine::Log;
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::sets::EnumSet;
use crate::types::{Card, LanguageZone, Power, Religion, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::DipKnightsOfStJohn, always, knights_of_st_john),
    CardEvent::plain(Card::DipSecretProtestantCircle, always, secret_protestant_circle).with_steps(Steps {
        prompt: |_| "a space of the zone to flip to Protestant",
        actions: |game, step, list| list.extend(circle_spaces(game, circle_zone(step)).iter().map(Action::Flip)),
        apply: circle_apply,
        fits: |step| step.power == Power::Protestant && step.step <= SPANISH,
    }),
];

// --- #208 Knights of St. John ------------------------------------------------------

/// #208 Knights of St. John: the top card of the main deck (a random one)
/// is drawn and its CP go to St. Peter's (§18.1's track); the card then
/// goes to the discard pile (ruling DD4). Whoever plays it, the Papacy
/// gains.
fn knights_of_st_john(game: &mut Game, power: Power, log: &mut dyn Log) {
    if game.deck.is_empty() {
        return;
    }
    let pick = game.random_below(game.deck.len());
    if let Some(card) = game.deck.nth(pick) {
        game.deck.remove(card);
        game.discard.insert(card);
        log.event(Event::CardDiscarded { power, card });
        game.add_st_peters_cp(card.cp(), log);
    }
}

// --- #217 Secret Protestant Circle -------------------------------------------------

/// #217's steps: the Italian space, then (on 4-6) the Spanish one.
const ITALIAN: u8 = 0;
const SPANISH: u8 = 1;

/// The zone of #217's step.
fn circle_zone(step: EventStep) -> LanguageZone {
    if step.step == SPANISH { LanguageZone::Spanish } else { LanguageZone::Italian }
}

/// The Catholic spaces of `zone` in play: any may flip (no adjacency).
fn circle_spaces(game: &Game, zone: LanguageZone) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && s.language() == Some(zone) && game.religion(s) == Religion::Catholic)
        .collect()
}

/// #217 Secret Protestant Circle: a die; on 1-3 one space of the Italian
/// zone flips to Protestant, on 4-6 one of the Italian zone and one of the
/// Spanish. The Protestant chooses the spaces, whoever played the card
/// (ruling DD5); a zone with no Catholic space flips nothing.
fn secret_protestant_circle(game: &mut Game, power: Power, log: &mut dyn Log) {
    let roll = game.roll_die();
    let mut dice = Dice::NONE;
    dice.add(roll);
    log.event(Event::EventDice { power, card: Card::DipSecretProtestantCircle, dice });
    let step = EventStep { flag: roll >= 4, ..EventStep::new(Card::DipSecretProtestantCircle, Power::Protestant) };
    next_circle_flip(game, step, ITALIAN);
}

/// The flip of #217 at `from` or later whose zone has a Catholic space.
fn next_circle_flip(game: &mut Game, step: EventStep, from: u8) {
    let last = if step.flag { SPANISH } else { ITALIAN };
    for at in from..=last {
        let next = EventStep { step: at, ..step };
        if !circle_spaces(game, circle_zone(next)).is_empty() {
            game.stack.push(Frame::Event(next));
            return;
        }
    }
}

fn circle_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::Flip(space) = action {
        game.change_religion(space, Religion::Protestant, log);
    }
    next_circle_flip(game, step, step.step + 1);
}
