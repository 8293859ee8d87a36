//! Events played in the spring deployment phase (§6.1, §10): #102 Spring
//! Preparations and #109 Venetian Informant. Their pure rules are in
//! `rules::spring`; the secret look is kept by `observe::SeenHands`.

use super::{CardEvent, EventStep, Steps};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::construction::fits_one_more;
use crate::rules::spring::{controlled_capitals, preparations_condition};
use crate::types::{Card, Faction, LandUnitKind, Phase, Power};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::SpringPreparations, preparations_condition, spring_preparations),
    CardEvent::plain(Card::VenetianInformant, |game, _| informant_condition(game), venetian_informant).with_steps(
        Steps {
            prompt: |step| match step.step {
                0 => "play Venetian Informant, or decline",
                1 => "the power whose hand is reviewed",
                _ => "the power that reviews it",
            },
            actions: informant_actions,
            apply: informant_apply,
            fits: informant_fits,
        },
    ),
];

/// #102 Spring Preparations (§10): 1 regular in each capital the power
/// controls (room in its counter mix allowing). The lifted deployment
/// limits follow from the card being played this phase
/// (`rules::spring::prepared`). Played in the power's own deployment
/// decision, before it deploys (`frames::spring`).
fn spring_preparations(game: &mut Game, power: Power, log: &mut dyn Log) {
    let own = Faction::from(power);
    for capital in controlled_capitals(game, power) {
        if fits_one_more(game, own, capital, LandUnitKind::Regular) {
            let units = game.land_units(capital, own).plus_one(LandUnitKind::Regular);
            let besieged = game.is_besieged(capital, own);
            game.put_units(capital, own, units, besieged);
            log.event(Event::UnitRaised { faction: own, kind: LandUnitKind::Regular, space: capital });
        }
    }
}

/// Whether #109 Venetian Informant may be played now: in the spring
/// deployment phase before any power has been asked to deploy.
fn informant_condition(game: &Game) -> bool {
    game.phase() == Phase::SpringDeployment && game.impulse_index == 0
}

/// Whether some power may hold #109 Venetian Informant, as every power
/// sees it: it is neither in the discard pile nor out of the game, nor
/// played this turn.
fn informant_may_be_held(game: &Game) -> bool {
    let card = Card::VenetianInformant;
    !game.discard_pile().contains(card) && !game.removed.contains(card) && !game.event_played_this_turn(card)
}

impl Game {
    /// The Venetian Informant window (#109) at the start of spring
    /// deployment: from the `from`th power in impulse order, each is asked
    /// to play it or decline, whatever its hand holds (the question leaks
    /// nothing), while some power may hold it.
    pub(crate) fn informant_window(&mut self, from: usize) {
        let powers = impulse_powers(self.scenario());
        if let Some(&power) = powers.get(from) {
            if informant_condition(self) && informant_may_be_held(self) {
                let step = EventStep { left: from as u8, ..EventStep::new(Card::VenetianInformant, power) };
                self.stack.push(Frame::Event(step));
            }
        }
    }
}

/// #109 Venetian Informant: step 1, the player names the power whose hand
/// is reviewed; step 2 (`target`: that power), the player or the power it
/// designates reviews it in secret (`observe::SeenHands`).
fn venetian_informant(game: &mut Game, power: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep { step: 1, ..EventStep::new(Card::VenetianInformant, power) }));
}

fn informant_fits(step: EventStep) -> bool {
    match step.step {
        0 => usize::from(step.left) < Power::COUNT,
        1 => true,
        _ => step.step == 2 && step.target.is_some(),
    }
}

fn informant_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let powers = impulse_powers(game.scenario());
    match (step.step, step.target) {
        (0, _) => {
            list.push(Action::Decline);
            if game.can_play_event(step.power, Card::VenetianInformant) {
                list.push(Action::PlayEvent(Card::VenetianInformant));
            }
        }
        (1, _) => list.extend(powers.iter().filter(|&&p| p != step.power).map(|&p| Action::ReviewHandOf(p))),
        (_, Some(target)) => list.extend(powers.iter().filter(|&&p| p != target).map(|&p| Action::ShowHandTo(p))),
        (_, None) => list.push(Action::Decline),
    }
}

fn informant_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::PlayEvent(card) => game.play_event(step.power, card, log),
        Action::Decline if step.step == 0 => game.informant_window(usize::from(step.left) + 1),
        Action::ReviewHandOf(target) => {
            let next =
                EventStep { step: 2, target: Some(target), ..EventStep::new(Card::VenetianInformant, step.power) };
            game.stack.push(Frame::Event(next));
        }
        Action::ShowHandTo(viewer) => {
            if let Some(target) = step.target {
                let hand = game.hand(target);
                game.seen.record(viewer, target, hand);
                log.event(Event::HandReviewed { viewer, power: target });
            }
        }
        _ => {}
    }
}
