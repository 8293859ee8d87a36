//! Events of money and trade: #72 Cloth Prices Fluctuate, #74 Diplomatic
//! Overture, #79 Fuggers.

use super::war::under_siege;
use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits};
use crate::rules::construction::fits_one_more;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, LandUnitKind, LanguageZone, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::Fuggers, always, fuggers),
    CardEvent::plain(Card::ClothPricesFluctuate, always, cloth_prices).with_steps(Steps {
        prompt: |step| match step.step {
            CHOOSE => "Calais for the cloth trade, or Antwerp for the unrest",
            MERCENARIES => "the home space of the new units",
            _ => "a space to put in unrest, or done",
        },
        actions: cloth_actions,
        apply: cloth_apply,
        fits: |step| step.step <= MERCENARIES || (step.step == UNREST && (1..=CLOTH_UNREST).contains(&step.left)),
    }),
    CardEvent::plain(Card::DiplomaticOverture, always, diplomatic_overture).with_steps(Steps {
        prompt: |step| match step.target {
            None => "the power given a card",
            Some(_) => "the card given",
        },
        actions: overture_actions,
        apply: overture_apply,
        fits: |step| step.step == 0,
    }),
];

// --- #79 Fuggers --------------------------------------------------------------------

/// The cards Fuggers draws (#79).
pub const FUGGERS_CARDS: u8 = 2;

/// #79 Fuggers: the player draws 2 cards from the deck and puts a "-1
/// card" marker on its power card: it is dealt one card fewer at the next
/// card draw, which takes the marker off (`Game::card_penalties`).
fn fuggers(game: &mut Game, power: Power, log: &mut dyn Log) {
    for _ in 0..FUGGERS_CARDS {
        game.draw_from_deck(power, log);
    }
    let markers = &mut game.card_penalties[power.index()];
    *markers = markers.saturating_add(1);
}

// --- #72 Cloth Prices Fluctuate -----------------------------------------------------

/// The steps of #72: the choice of outcome (Calais: the first, Antwerp:
/// the second), the home space of the new units, the unrest markers
/// (`left` still to place).
const CHOOSE: u8 = 0;
const MERCENARIES: u8 = 1;
const UNREST: u8 = 2;

/// The units #72's first outcome adds, and the unrest its second places.
pub const CLOTH_UNITS: u8 = 2;
pub const CLOTH_UNREST: u8 = 2;

/// #72's first outcome is open: England controls Calais and the Hapsburg
/// Antwerp.
fn cloth_trade(game: &Game) -> bool {
    game.controller(Space::Calais) == Faction::England && game.controller(Space::Antwerp) == Faction::Hapsburg
}

/// The unit #72 adds: cavalry for the Ottoman, else mercenaries.
fn cloth_kind(power: Power) -> LandUnitKind {
    if power == Power::Ottoman { LandUnitKind::Cavalry } else { LandUnitKind::Mercenary }
}

/// Where #72's units go: a friendly-controlled home space of the player,
/// in play, not under siege, where one more fits the counters.
fn cloth_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    Space::ALL
        .into_iter()
        .filter(|&s| {
            game.home_of(s) == own
                && game.in_play(s)
                && game.is_friendly_controlled(power, s)
                && !under_siege(game, s)
                && !game.has_enemy_land_units(power, s)
                && fits_one_more(game, own, s, cloth_kind(power))
        })
        .collect()
}

/// The spaces #72's second outcome may put in unrest: Antwerp, Brussels,
/// Amsterdam and the German- and Italian-speaking Hapsburg home spaces,
/// unoccupied (no land units, naval units or leaders, §12.4), in play, not
/// already in unrest.
pub fn cloth_unrest_spaces(game: &Game) -> EnumSet<Space> {
    let listed = |s: Space| {
        matches!(s, Space::Antwerp | Space::Brussels | Space::Amsterdam)
            || (s.home() == Faction::Hapsburg
                && matches!(s.language(), Some(LanguageZone::German | LanguageZone::Italian)))
    };
    Space::ALL
        .into_iter()
        .filter(|&s| {
            listed(s) && game.in_play(s) && !game.in_unrest(s) && crate::rules::events::free_for_unrest(game, s)
        })
        .collect()
}

/// #72 Cloth Prices Fluctuate: with Calais English and Antwerp Hapsburg,
/// the player chooses the outcome; else the second comes at once.
fn cloth_prices(game: &mut Game, power: Power, log: &mut dyn Log) {
    if cloth_trade(game) {
        game.stack.push(Frame::Event(EventStep::new(Card::ClothPricesFluctuate, power)));
    } else {
        cloth_unrest(game, power, log);
    }
}

fn cloth_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        CHOOSE => list.extend([Action::Target(Space::Calais), Action::Target(Space::Antwerp)]),
        MERCENARIES => list.extend(cloth_spaces(game, step.power).iter().map(Action::PlaceAt)),
        _ => {
            list.push(Action::Done);
            list.extend(cloth_unrest_spaces(game).iter().map(Action::PlaceUnrest));
        }
    }
}

fn cloth_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Target(Space::Calais) => cloth_trade_outcome(game, step.power, log),
        Action::Target(_) => cloth_unrest(game, step.power, log),
        Action::PlaceAt(space) => {
            let own = Faction::from(step.power);
            let kind = cloth_kind(step.power);
            let mut placed = LandUnits::NONE;
            for _ in 0..CLOTH_UNITS {
                if fits_one_more(game, own, space, kind) {
                    let units = game.land_units(space, own).plus_one(kind);
                    game.put_units(space, own, units, false);
                    placed = placed.plus_one(kind);
                }
            }
            log.event(Event::LandUnitsPlaced { faction: own, space, units: placed });
        }
        Action::PlaceUnrest(space) => {
            game.put_unrest(space, true);
            log.event(Event::UnrestPlaced(space));
            let left = step.left.saturating_sub(1);
            if left > 0 && !cloth_unrest_spaces(game).is_empty() {
                game.stack.push(Frame::Event(EventStep { left, ..step }));
            }
        }
        _ => {}
    }
}

/// #72, first outcome: England and the Hapsburg each draw a card from the
/// deck; the player adds 2 mercenaries (2 cavalry, the Ottoman) in one of
/// its home spaces ([`cloth_spaces`]).
fn cloth_trade_outcome(game: &mut Game, power: Power, log: &mut dyn Log) {
    game.draw_from_deck(Power::England, log);
    game.draw_from_deck(Power::Hapsburg, log);
    if !cloth_spaces(game, power).is_empty() {
        let step = EventStep { step: MERCENARIES, ..EventStep::new(Card::ClothPricesFluctuate, power) };
        game.stack.push(Frame::Event(step));
    }
}

/// #72, second outcome: Antwerp's controller (a major power) discards a
/// random card; the player puts unrest on up to 2 of
/// [`cloth_unrest_spaces`].
fn cloth_unrest(game: &mut Game, power: Power, log: &mut dyn Log) {
    if let Some(holder) = game.controller(Space::Antwerp).major() {
        if let Some(card) = game.take_random_card(holder) {
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: holder, card });
        }
    }
    if !cloth_unrest_spaces(game).is_empty() {
        let step = EventStep { step: UNREST, left: CLOTH_UNREST, ..EventStep::new(Card::ClothPricesFluctuate, power) };
        game.stack.push(Frame::Event(step));
    }
}

// --- #74 Diplomatic Overture --------------------------------------------------------

/// The cards Diplomatic Overture draws (#74).
pub const OVERTURE_CARDS: u8 = 2;

/// The cards #74 lets `power` give: neither its home card nor a mandatory
/// event, unless it holds no other card than those, when a mandatory event
/// may go.
pub fn overture_gifts(game: &Game, power: Power) -> EnumSet<Card> {
    let hand = game.hand(power);
    let plain: EnumSet<Card> =
        hand.iter().filter(|c| !matches!(c.kind(), CardKind::Home | CardKind::Mandatory)).collect();
    if !plain.is_empty() {
        return plain;
    }
    hand.iter().filter(|c| c.kind() == CardKind::Mandatory).collect()
}

/// #74 Diplomatic Overture: the player draws 2 cards from the deck, then
/// names another power and gives it one card of [`overture_gifts`].
fn diplomatic_overture(game: &mut Game, power: Power, log: &mut dyn Log) {
    for _ in 0..OVERTURE_CARDS {
        game.draw_from_deck(power, log);
    }
    if !overture_gifts(game, power).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::DiplomaticOverture, power)));
    }
}

fn overture_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.target {
        None => {
            let others = impulse_powers(game.scenario()).iter().filter(|&&p| p != step.power);
            list.extend(others.map(|&p| Action::TargetPower(p)));
        }
        Some(_) => list.extend(overture_gifts(game, step.power).iter().map(Action::GiveCard)),
    }
}

fn overture_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match (action, step.target) {
        (Action::TargetPower(to), _) => game.stack.push(Frame::Event(EventStep { target: Some(to), ..step })),
        (Action::GiveCard(card), Some(to)) => {
            game.hands[step.power.index()].remove(card);
            game.hands[to.index()].insert(card);
            log.event(Event::CardDrawn { power: to, from: step.power, card: Some(card) });
        }
        _ => {}
    }
}
