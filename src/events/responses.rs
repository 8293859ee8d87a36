//! Response cards (#31-#38, #115) played as events in the player's own
//! impulse, where their text allows it (§6.1): #33 Landsknechts, #36 Swiss
//! Mercenaries, #38 Halley's Comet. Their uses as responses in another
//! power's impulse need the response windows, which are not built yet: the
//! cards are offered only as these events (or for CP).

use super::{CardEvent, EventStep, Leaves, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits};
use crate::rules::construction::fits_one_more;
use crate::rules::peace::drawable_cards;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent {
        card: Card::Landsknechts,
        playable: landsknechts_playable,
        resolve: landsknechts,
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        steps: Some(MERCENARY_STEPS),
    },
    CardEvent {
        card: Card::SwissMercenaries,
        playable: swiss_playable,
        resolve: swiss_mercenaries,
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        steps: Some(MERCENARY_STEPS),
    },
    CardEvent {
        card: Card::HalleysComet,
        playable: always,
        resolve: |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::HalleysComet, power))),
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        steps: Some(Steps {
            prompt: |_| "a power to discard a random card, or a power to skip its next impulse",
            actions: halleys_comet_actions,
            apply: halleys_comet_apply,
            fits: |step| step.step == 0,
        }),
    },
];

/// The decisions of #33 and #36, one mercenary at a time.
const MERCENARY_STEPS: Steps = Steps {
    prompt: mercenaries_prompt,
    actions: mercenaries_actions,
    apply: mercenaries_apply,
    fits: mercenaries_fits,
};

/// The steps of the mercenary cards: 0, place `left` new mercenaries of
/// `target`; 1, the Ottoman eliminates `left` mercenaries anywhere.
const PLACE: u8 = 0;
const ELIMINATE: u8 = 1;

/// The new mercenaries #33 Landsknechts gives: the Hapsburg 4, others 2.
pub const LANDSKNECHTS_HAPSBURG: u8 = 4;
/// The mercenaries #33 Landsknechts lets the Ottoman eliminate.
pub const LANDSKNECHTS_OTTOMAN: u8 = 2;
/// The new mercenaries #33 and #36 give any other power.
pub const MERCENARIES_OTHERS: u8 = 2;
/// The new French mercenaries #36 Swiss Mercenaries gives when France or
/// the Ottoman plays it.
pub const SWISS_FRENCH: u8 = 4;

/// Where `power` may place a new mercenary by #33 or #36: a space in play
/// already holding friendly land units (its own or an ally's: "friendly",
/// §2 glossary), not a stack under siege, where its counters allow one
/// more mercenary (§5.2).
pub(crate) fn mercenary_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    let friendly =
        |f: Faction| game.own_factions(power).contains(f) || f.major().is_some_and(|p| game.allied(power, p));
    let mut spaces = EnumSet::EMPTY;
    for (space, faction, units, besieged) in game.land_stacks() {
        if friendly(faction) && !units.is_empty() && !besieged {
            spaces.insert(space);
        }
    }
    spaces
        .iter()
        .filter(|&s| {
            game.in_play(s) && !game.is_besieged(s, own) && fits_one_more(game, own, s, LandUnitKind::Mercenary)
        })
        .collect()
}

/// Spaces holding mercenaries of any power, for the Ottoman's #33.
fn mercenaries_anywhere(game: &Game) -> EnumSet<Space> {
    game.land_stacks().filter(|&(_, _, units, _)| units.mercenaries > 0).map(|(space, ..)| space).collect()
}

/// #33 Landsknechts as an event: only a power that could place or
/// eliminate a mercenary.
fn landsknechts_playable(game: &Game, power: Power) -> bool {
    match power {
        Power::Ottoman => !mercenaries_anywhere(game).is_empty(),
        _ => !mercenary_spaces(game, power).is_empty(),
    }
}

/// #33 Landsknechts (event in the player's own impulse): the Hapsburg
/// places 4 new Hapsburg mercenaries; the Ottoman eliminates 2 mercenaries
/// anywhere on the map; any other power places 2 new mercenaries, one at
/// a time, in spaces `mercenary_spaces` allows.
fn landsknechts(game: &mut Game, power: Power, _: &mut dyn Log) {
    let step = match power {
        Power::Hapsburg => place_step(Card::Landsknechts, power, LANDSKNECHTS_HAPSBURG),
        Power::Ottoman => {
            EventStep { step: ELIMINATE, left: LANDSKNECHTS_OTTOMAN, ..EventStep::new(Card::Landsknechts, power) }
        }
        _ => place_step(Card::Landsknechts, power, MERCENARIES_OTHERS),
    };
    next_mercenary(game, step);
}

/// The power whose mercenaries #36 Swiss Mercenaries places: France when
/// France or the Ottoman plays it, else the player.
fn swiss_placer(power: Power) -> (Power, u8) {
    match power {
        Power::France | Power::Ottoman => (Power::France, SWISS_FRENCH),
        _ => (power, MERCENARIES_OTHERS),
    }
}

/// #36 Swiss Mercenaries as an event: only if its mercenaries have somewhere to go.
fn swiss_playable(game: &Game, power: Power) -> bool {
    !mercenary_spaces(game, swiss_placer(power).0).is_empty()
}

/// #36 Swiss Mercenaries (event in the player's own impulse): played by
/// France or the Ottoman, France places 4 new French mercenaries; played
/// by another power, it places 2 new mercenaries of its own; in spaces
/// `mercenary_spaces` allows, one at a time.
fn swiss_mercenaries(game: &mut Game, power: Power, _: &mut dyn Log) {
    let (placer, count) = swiss_placer(power);
    next_mercenary(game, place_step(Card::SwissMercenaries, placer, count));
}

fn place_step(card: Card, power: Power, left: u8) -> EventStep {
    EventStep { step: PLACE, left, ..EventStep::new(card, power) }
}

/// Asks for the next mercenary of `step` if one is left and has a place
/// (beyond the counters or with no place left, the rest are not placed).
fn next_mercenary(game: &mut Game, step: EventStep) {
    let open = match step.step {
        ELIMINATE => !mercenaries_anywhere(game).is_empty(),
        _ => !mercenary_spaces(game, step.power).is_empty(),
    };
    if step.left > 0 && open {
        game.stack.push(Frame::Event(step));
    }
}

fn mercenaries_prompt(step: EventStep) -> &'static str {
    match step.step {
        ELIMINATE => "a space, then whose mercenary there is eliminated",
        _ => "where a new mercenary is placed",
    }
}

fn mercenaries_fits(step: EventStep) -> bool {
    match step.step {
        PLACE => (1..=SWISS_FRENCH).contains(&step.left),
        ELIMINATE => step.power == Power::Ottoman && (1..=LANDSKNECHTS_OTTOMAN).contains(&step.left),
        _ => false,
    }
}

fn mercenaries_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        ELIMINATE => {
            for space in mercenaries_anywhere(game) {
                list.push(Action::RemoveUnitIn(space));
            }
        }
        _ => list.extend(mercenary_spaces(game, step.power).iter().map(Action::PlaceAt)),
    }
}

fn mercenaries_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::PlaceAt(space) => {
            let own = Faction::from(step.power);
            let units = game.land_units(space, own).plus_one(LandUnitKind::Mercenary);
            game.put_units(space, own, units, false);
            log.event(Event::LandUnitsPlaced { faction: own, space, units: LandUnits::mercenaries(1) });
        }
        Action::RemoveUnitIn(space) => {
            // The Ottoman's choice is the space; there the mercenary lost is
            // of the first power in impulse order holding one (our ruling:
            // the card names no owner, and a stack of two powers' mercenaries
            // is rare; see docs/rulings.md).
            let Some(faction) = mercenary_owner(game, space) else { return };
            game.remove_units(space, faction, LandUnits::mercenaries(1), log);
        }
        _ => return,
    }
    next_mercenary(game, EventStep { left: step.left.saturating_sub(1), ..step });
}

/// The faction whose mercenary #33 eliminates in `space`.
fn mercenary_owner(game: &Game, space: Space) -> Option<Faction> {
    game.land_units_at(space).find(|&(_, units, _)| units.mercenaries > 0).map(|(faction, ..)| faction)
}

/// #38 Halley's Comet as an event in the player's own impulse (its
/// activity for the impulse): (a) a random card, never a home card (§6.1:
/// home cards are ignored in random draws), is discarded from another
/// power's hand, or (b) another power skips its next impulse, which is not
/// a pass (`Game::skip_impulse`). Our ruling: the target is another power,
/// one that takes impulses (and for (a), holds a card).
fn halleys_comet_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    for &power in impulse_powers(game.scenario()) {
        if power != step.power && !drawable_cards(game, power).is_empty() {
            list.push(Action::RandomDiscard(power));
        }
    }
    for &power in impulse_powers(game.scenario()) {
        if power != step.power {
            list.push(Action::SkipImpulse(power));
        }
    }
}

fn halleys_comet_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::RandomDiscard(power) => {
            if let Some(card) = game.take_random_card(power) {
                game.discard.insert(card);
                log.event(Event::CardDiscarded { power, card });
            }
        }
        Action::SkipImpulse(power) => {
            game.skip_impulse.insert(power);
            log.event(Event::ImpulseToSkip(power));
        }
        _ => {}
    }
}
