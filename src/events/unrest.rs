//! Unrest events (§12.4): #64 Pilgrimage of Grace, #80 Gabelle Revolt,
//! #82 Janissaries Rebel, #88 Peasants' War, #94 Revolt of the
//! Communeros. The player places unrest markers, one at a time, on up to
//! the printed number of unoccupied spaces (no land units, naval units or
//! leaders) of the card's
//! region that are in play and not yet in unrest; it may stop early.

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LanguageZone, Power, Space};

/// The decisions of every unrest card: `left` markers still to place.
const UNREST_STEPS: Steps = Steps {
    prompt: |_| "a space to put in unrest, or done",
    actions: unrest_actions,
    apply: unrest_apply,
    fits: |step| {
        step.step == 0 && step.left >= 1 && usize::from(step.left) <= MAX_MARKERS && region(step.card).is_some()
    },
};

/// The most markers an unrest card places (#64, #88).
const MAX_MARKERS: usize = 5;

/// The entry of an unrest card.
macro_rules! unrest_card {
    ($card:expr) => {
        CardEvent::plain($card, always, |game, power, _| place_unrest(game, power, $card)).with_steps(UNREST_STEPS)
    };
}

pub(super) const EVENTS: &[CardEvent] = &[
    unrest_card!(Card::PilgrimageOfGrace),
    unrest_card!(Card::GabelleRevolt),
    unrest_card!(Card::JanissariesRebel),
    unrest_card!(Card::PeasantsWar),
    unrest_card!(Card::RevoltOfTheCommuneros),
];

/// Where a card's unrest goes.
#[derive(Clone, Copy)]
enum Region {
    /// A major power's home spaces.
    Home(Faction),
    /// A language zone's spaces.
    Zone(LanguageZone),
}

/// The region of each unrest card.
const fn region(card: Card) -> Option<Region> {
    match card {
        Card::PilgrimageOfGrace => Some(Region::Home(Faction::England)),
        Card::GabelleRevolt => Some(Region::Home(Faction::France)),
        Card::JanissariesRebel => Some(Region::Home(Faction::Ottoman)),
        Card::PeasantsWar => Some(Region::Zone(LanguageZone::German)),
        Card::RevoltOfTheCommuneros => Some(Region::Zone(LanguageZone::Spanish)),
        _ => None,
    }
}

/// The printed number of markers of each unrest card: #64 5, #80 2, #82 2
/// (4 if the Ottoman is at war with no major power), #88 5, #94 3.
pub fn unrest_markers(game: &Game, card: Card) -> u8 {
    match card {
        Card::PilgrimageOfGrace | Card::PeasantsWar => 5,
        Card::RevoltOfTheCommuneros => 3,
        Card::JanissariesRebel if !ottoman_at_war(game) => 4,
        _ => 2,
    }
}

/// Whether the Ottoman is at war with a major power (#82).
fn ottoman_at_war(game: &Game) -> bool {
    Power::ALL.into_iter().any(|p| p != Power::Ottoman && game.at_war(Power::Ottoman, p))
}

/// The spaces `card` may put in unrest now: in its region, in play,
/// unoccupied (no land units, naval units or leaders, §12.4), not in unrest.
pub(crate) fn unrest_spaces(game: &Game, card: Card) -> EnumSet<Space> {
    let Some(region) = region(card) else { return EnumSet::EMPTY };
    Space::ALL
        .into_iter()
        .filter(|&s| match region {
            Region::Home(faction) => game.home_of(s) == faction,
            Region::Zone(zone) => s.language() == Some(zone),
        })
        .filter(|&s| game.in_play(s) && !game.in_unrest(s))
        .filter(|&s| crate::rules::events::free_for_unrest(game, s))
        .collect()
}

/// Resolves an unrest card for its player.
fn place_unrest(game: &mut Game, power: Power, card: Card) {
    next_marker(game, EventStep { left: unrest_markers(game, card), ..EventStep::new(card, power) });
}

fn next_marker(game: &mut Game, step: EventStep) {
    if step.left > 0 && !unrest_spaces(game, step.card).is_empty() {
        game.stack.push(Frame::Event(step));
    }
}

fn unrest_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    list.push(Action::Done);
    list.extend(unrest_spaces(game, step.card).iter().map(Action::PlaceUnrest));
}

fn unrest_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::PlaceUnrest(space) = action {
        game.put_unrest(space, true);
        log.event(Event::UnrestPlaced(space));
        next_marker(game, EventStep { left: step.left.saturating_sub(1), ..step });
    }
}
