//! The inquisitions, secret looks at hands (`observe::SeenHands`): #56
//! Papal Inquisition, #58 Spanish Inquisition. A card seen in secret is in
//! the viewer's observation, and `determinize` keeps it where it was seen.

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::debate::{DEBATE_ZONES, can_call_debate};
use crate::rules::home_cards::retrievable_cards;
use crate::rules::peace::drawable_cards;
use crate::sets::EnumSet;
use crate::types::{Card, Debater, LanguageZone, Power, Religion, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(
        Card::PapalInquisition,
        |game, _| super::reformers::uncommitted(game, Debater::Caraffa),
        papal_inquisition,
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            FLIP => "a Protestant space of the zone to convert back",
            REVIEW => "the hand reviewed in secret: England's or the Protestant's",
            REWARD => "a random card of that hand, a card from the discard pile, or a debate",
            _ => "the zone of the Papacy's debate",
        },
        actions: inquisition_actions,
        apply: inquisition_apply,
        fits: |step| match step.step {
            FLIP => (1..=INQUISITION_FLIPS).contains(&step.left),
            REVIEW | DEBATE => step.power == Power::Papacy,
            REWARD => step.power == Power::Papacy && step.target.is_some(),
            _ => false,
        },
    }),
    CardEvent::plain(Card::SpanishInquisition, always, spanish_inquisition).with_steps(Steps {
        prompt: |step| match step.step {
            FLIP => "a Protestant space of the zone to convert back",
            DISCARD => "the English or Protestant card discarded",
            _ => "the zone of the Papacy's debate",
        },
        actions: inquisition_actions,
        apply: inquisition_apply,
        fits: |step| match step.step {
            FLIP => (1..=INQUISITION_FLIPS).contains(&step.left),
            DISCARD => true,
            DEBATE => step.power == Power::Papacy,
            _ => false,
        },
    }),
];

/// The steps of the inquisitions.
const FLIP: u8 = 0;
const REVIEW: u8 = 1;
const REWARD: u8 = 2;
const DISCARD: u8 = 3;
const DEBATE: u8 = 4;

/// The spaces each inquisition converts back to Catholic.
pub const INQUISITION_FLIPS: u8 = 2;
/// The extra attacker dice of #56's debate, in each round.
pub const PAPAL_INQUISITION_DICE: u8 = 2;

/// The zone each inquisition converts in.
fn zone(card: Card) -> LanguageZone {
    if card == Card::PapalInquisition { LanguageZone::Italian } else { LanguageZone::Spanish }
}

/// The Protestant spaces of `card`'s zone in play (any: converting needs
/// no adjacency).
fn flip_spaces(game: &Game, card: Card) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && s.language() == Some(zone(card)) && game.religion(s) == Religion::Protestant)
        .collect()
}

/// Who decides for the Hapsburg: the Hapsburg, or the Papacy when the
/// Hapsburg takes no impulses (the two-player game).
fn hapsburg_decider(game: &Game) -> Power {
    if impulse_powers(game.scenario()).contains(&Power::Hapsburg) { Power::Hapsburg } else { Power::Papacy }
}

/// The powers whose hands an inquisition may review: England and the
/// Protestant, when they take impulses.
fn reviewed(game: &Game) -> impl Iterator<Item = Power> + '_ {
    [Power::England, Power::Protestant].into_iter().filter(|p| impulse_powers(game.scenario()).contains(p))
}

fn debate_zones(game: &Game) -> impl Iterator<Item = LanguageZone> + '_ {
    DEBATE_ZONES.into_iter().filter(|&z| can_call_debate(game, Power::Papacy, z))
}

/// #56 Papal Inquisition: Caraffa is committed; the Papacy converts 2
/// Protestant spaces of the Italian zone back to Catholic, then reviews
/// England's or the Protestant's hand in secret and takes one reward: a
/// random card of that hand (held for a later impulse: the event ends
/// this one), a card of the discard pile, or a debate in any zone with 2
/// extra attacker dice each round.
fn papal_inquisition(game: &mut Game, _: Power, log: &mut dyn Log) {
    super::reformers::commit_by_event(game, Debater::Caraffa, log);
    let step = EventStep { left: INQUISITION_FLIPS, ..EventStep::new(Card::PapalInquisition, Power::Papacy) };
    next_flip(game, step, log);
}

/// #58 Spanish Inquisition: 2 Protestant spaces of the Spanish zone back
/// to Catholic (the Hapsburg chooses); the Hapsburg reviews England's and
/// the Protestant's hands in secret and chooses one of their cards to
/// discard (not a home card); it draws a card from the deck; then the
/// Papacy calls a debate in any zone (if it can).
fn spanish_inquisition(game: &mut Game, _: Power, log: &mut dyn Log) {
    let decider = hapsburg_decider(game);
    let step = EventStep { left: INQUISITION_FLIPS, ..EventStep::new(Card::SpanishInquisition, decider) };
    next_flip(game, step, log);
}

/// The next conversion, or the step after the conversions.
fn next_flip(game: &mut Game, step: EventStep, log: &mut dyn Log) {
    if step.left > 0 && !flip_spaces(game, step.card).is_empty() {
        game.stack.push(Frame::Event(EventStep { step: FLIP, ..step }));
        return;
    }
    match step.card {
        Card::PapalInquisition => game.stack.push(Frame::Event(EventStep { step: REVIEW, left: 0, ..step })),
        _ => spanish_review(game, step, log),
    }
}

/// #58: the Hapsburg's look at both hands, then its choice of discard (if
/// there is a card to discard), or its draw.
fn spanish_review(game: &mut Game, step: EventStep, log: &mut dyn Log) {
    let viewer = hapsburg_decider(game);
    let powers: smallvec::SmallVec<[Power; 2]> = reviewed(game).collect();
    for holder in powers {
        let hand = game.hand(holder);
        game.seen.record(viewer, holder, hand);
        log.event(Event::HandReviewed { viewer, power: holder });
    }
    if spanish_discards(game).is_empty() {
        spanish_draw(game, log);
    } else {
        game.stack.push(Frame::Event(EventStep { step: DISCARD, left: 0, power: viewer, ..step }));
    }
}

/// The cards #58 may discard: England's and the Protestant's, not home cards.
fn spanish_discards(game: &Game) -> EnumSet<Card> {
    reviewed(game).fold(EnumSet::EMPTY, |all, p| all.union(crate::rules::events::discard_choices(game, p)))
}

/// #58: the Hapsburg draws (if it takes impulses), then the Papacy's debate.
fn spanish_draw(game: &mut Game, log: &mut dyn Log) {
    if impulse_powers(game.scenario()).contains(&Power::Hapsburg) {
        game.draw_from_deck(Power::Hapsburg, log);
    }
    if debate_zones(game).next().is_some() {
        let step = EventStep { step: DEBATE, ..EventStep::new(Card::SpanishInquisition, Power::Papacy) };
        game.stack.push(Frame::Event(step));
    }
}

fn inquisition_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match (step.step, step.target) {
        (FLIP, _) => list.extend(flip_spaces(game, step.card).iter().map(Action::Flip)),
        (REVIEW, _) => list.extend(reviewed(game).map(Action::ReviewHandOf)),
        (REWARD, Some(target)) => {
            if !drawable_cards(game, target).is_empty() {
                list.push(Action::DrawFrom(target));
            }
            // A card of the pile the Papacy could play (not a mandatory
            // card, nor one it played as an event this turn,
            // `rules::home_cards::retrievable_cards`), not the Inquisition.
            let pile = retrievable_cards(game, Power::Papacy).iter().filter(|&c| c != Card::PapalInquisition);
            list.extend(pile.map(Action::Retrieve));
            list.extend(debate_zones(game).map(Action::CallDebate));
            if list.is_empty() {
                list.push(Action::Done);
            }
        }
        (DISCARD, _) => list.extend(spanish_discards(game).iter().map(Action::Discard)),
        (DEBATE, _) => list.extend(debate_zones(game).map(Action::CallDebate)),
        _ => list.push(Action::Done),
    }
}

fn inquisition_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Flip(space) => {
            game.change_religion(space, Religion::Catholic, log);
            next_flip(game, EventStep { left: step.left.saturating_sub(1), ..step }, log);
        }
        Action::ReviewHandOf(target) => {
            let hand = game.hand(target);
            game.seen.record(Power::Papacy, target, hand);
            log.event(Event::HandReviewed { viewer: Power::Papacy, power: target });
            game.stack.push(Frame::Event(EventStep { step: REWARD, target: Some(target), ..step }));
        }
        Action::DrawFrom(from) => {
            if let Some(card) = game.take_random_card(from) {
                game.hands[Power::Papacy.index()].insert(card);
                log.event(Event::CardDrawn { power: Power::Papacy, from, card: Some(card) });
            }
        }
        Action::Retrieve(card) => {
            game.retrieve_from_discard(Power::Papacy, card, log);
        }
        Action::Discard(card) => {
            let holder = reviewed(game).find(|&p| game.hand(p).contains(card));
            if let Some(holder) = holder {
                game.hands[holder.index()].remove(card);
                game.discard.insert(card);
                log.event(Event::CardDiscarded { power: holder, card });
            }
            spanish_draw(game, log);
        }
        Action::CallDebate(zone) => {
            if step.card == Card::PapalInquisition {
                game.debate_extra_dice = PAPAL_INQUISITION_DICE;
            }
            game.begin_debate(Power::Papacy, zone, log);
        }
        _ => {}
    }
}
