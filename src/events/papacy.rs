//! Events of the Papacy's building, purse and counter-reformation (§18.1,
//! §18.4): #47 Copernicus, #52 Michelangelo, #55 Jesuit Education, #61
//! Mary Defies Council, #67 Anabaptists, #75 Erasmus, #81 Indulgence
//! Vendor.

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::reformation::{Series, Source};
use crate::game::Game;
use crate::rules::religion::{AttemptKind, jesuits_founded};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LanguageZone, Power, Religion, Space, SpaceKind};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::Copernicus, always, copernicus).with_steps(Steps {
        prompt: |_| "draw a card, or make the Protestant discard one at random",
        actions: copernicus_actions,
        apply: copernicus_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::Michelangelo, always, michelangelo),
    CardEvent::plain(
        Card::JesuitEducation,
        |game, _| jesuits_founded(game),
        |game, _, _| game.begin_place_universities(JESUIT_EDUCATION_UNIVERSITIES),
    ),
    CardEvent::plain(Card::IndulgenceVendor, always, indulgence_vendor),
    CardEvent::plain(Card::MaryDefiesCouncil, always, |game, _, _| {
        counter_reformation(game, Some(LanguageZone::English), MARY_DEFIES_COUNCIL_ATTEMPTS)
    }),
    CardEvent::plain(Card::Anabaptists, always, anabaptists).with_steps(Steps {
        prompt: |_| "a Protestant space to convert back to Catholic",
        actions: |game, _, list| list.extend(anabaptist_spaces(game).iter().map(Action::Flip)),
        apply: anabaptists_apply,
        fits: |step| step.power == Power::Papacy && (1..=ANABAPTISTS_SPACES).contains(&step.left),
    }),
    CardEvent::plain(Card::Erasmus, always, erasmus),
];

/// The Jesuit universities #55 Jesuit Education places.
pub const JESUIT_EDUCATION_UNIVERSITIES: u8 = 2;
/// The counter-reformation attempts of #61 Mary Defies Council.
pub const MARY_DEFIES_COUNCIL_ATTEMPTS: u8 = 3;
/// The spaces #67 Anabaptists converts.
pub const ANABAPTISTS_SPACES: u8 = 2;
/// The attempts of #75 Erasmus.
pub const ERASMUS_ATTEMPTS: u8 = 4;
/// The last turn #75 Erasmus gives the Protestant its attempts.
pub const ERASMUS_LAST_PROTESTANT_TURN: u8 = 2;

/// Whether half or more of `power`'s home spaces in play are Protestant
/// (#47 Copernicus).
pub(crate) fn copernicus_protestant_half(game: &Game, power: Power) -> bool {
    let home: EnumSet<Space> =
        Space::ALL.into_iter().filter(|&s| game.home_of(s) == Faction::from(power) && game.in_play(s)).collect();
    let protestant = home.iter().filter(|&s| game.religion(s) == Religion::Protestant).count();
    !home.is_empty() && 2 * protestant >= home.len()
}

/// `power` gains `vp` bonus VP.
pub(super) fn gain_vp(game: &mut Game, power: Power, vp: i8, log: &mut dyn Log) {
    game.bonus_vp[power.index()] = game.bonus_vp[power.index()].saturating_add(vp);
    log.event(Event::BonusVp { power, vp });
}

/// #47 Copernicus: 2 VP if half or more of the player's home spaces are
/// Protestant; otherwise 1 VP and the player's choice of drawing a card
/// or the Protestant discarding one at random (a power with no impulses
/// draws none, and a Protestant with no card to lose leaves only the
/// draw; docs/rulings.md RP3).
fn copernicus(game: &mut Game, power: Power, log: &mut dyn Log) {
    if copernicus_protestant_half(game, power) {
        gain_vp(game, power, 2, log);
        return;
    }
    gain_vp(game, power, 1, log);
    let step = EventStep::new(Card::Copernicus, power);
    let mut list = ActionList::new();
    copernicus_actions(game, step, &mut list);
    match list.as_slice() {
        [] => {}
        [only] => copernicus_apply(game, step, *only, log),
        _ => game.stack.push(Frame::Event(step)),
    }
}

fn copernicus_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    if impulse_powers(game.scenario()).contains(&step.power) && game.deck_size() > 0 {
        list.push(Action::DrawFromDeck);
    }
    if !crate::rules::peace::drawable_cards(game, Power::Protestant).is_empty() {
        list.push(Action::RandomDiscard(Power::Protestant));
    }
}

fn copernicus_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    if matches!(game.stack.top(), Some(Frame::Event(s)) if *s == step) {
        game.stack.pop();
    }
    match action {
        Action::DrawFromDeck => game.draw_from_deck(step.power, log),
        Action::RandomDiscard(power) => {
            if let Some(card) = game.take_random_card(power) {
                game.discard.insert(card);
                log.event(Event::CardDiscarded { power, card });
            }
        }
        _ => {}
    }
}

/// #52 Michelangelo: the Papacy rolls 2 dice; their total goes to St
/// Peter's as CP.
fn michelangelo(game: &mut Game, _: Power, log: &mut dyn Log) {
    let total = game.roll_dice(2).sum();
    game.add_st_peters_cp(total, log);
}

/// #81 Indulgence Vendor: a random card (never a home card) of the
/// Protestant hand is drawn; its CP go to St Peter's; it is discarded.
fn indulgence_vendor(game: &mut Game, _: Power, log: &mut dyn Log) {
    if let Some(card) = game.take_random_card(Power::Protestant) {
        log.event(Event::CardDrawn { power: Power::Papacy, from: Power::Protestant, card: Some(card) });
        game.add_st_peters_cp(card.cp(), log);
        game.discard.insert(card);
        log.event(Event::CardDiscarded { power: Power::Papacy, card });
    }
}

/// The Papacy's counter-reformation attempts of an event (§18.4).
fn counter_reformation(game: &mut Game, zone: Option<LanguageZone>, attempts: u8) {
    game.begin_attempts(Series::new(Power::Papacy, AttemptKind::CounterReformation, Source::Event, zone, attempts));
}

/// #75 Erasmus: on turns 1-2 the Protestant makes 4 reformation attempts,
/// from turn 3 the Papacy makes 4 counter-reformation attempts, in all
/// zones.
fn erasmus(game: &mut Game, _: Power, _: &mut dyn Log) {
    if game.turn() <= ERASMUS_LAST_PROTESTANT_TURN {
        let kind = AttemptKind::Reformation;
        game.begin_attempts(Series::new(Power::Protestant, kind, Source::Event, None, ERASMUS_ATTEMPTS));
    } else {
        counter_reformation(game, None, ERASMUS_ATTEMPTS);
    }
}

/// The spaces #67 Anabaptists may convert: Protestant, in play, not
/// electorates, with no land units; not necessarily counter-reformation
/// targets.
pub(crate) fn anabaptist_spaces(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && game.religion(s) == Religion::Protestant)
        .filter(|&s| s.kind() != SpaceKind::Electorate)
        .filter(|&s| game.land_units_in(s).all(|(_, units, _)| units.is_empty()))
        .collect()
}

/// #67 Anabaptists: the Papacy converts two such spaces (`left`: how many
/// are left), one at a time.
fn anabaptists(game: &mut Game, _: Power, _: &mut dyn Log) {
    let step = EventStep { left: ANABAPTISTS_SPACES, ..EventStep::new(Card::Anabaptists, Power::Papacy) };
    next_anabaptist(game, step);
}

fn next_anabaptist(game: &mut Game, step: EventStep) {
    if step.left > 0 && !anabaptist_spaces(game).is_empty() {
        game.stack.push(Frame::Event(step));
    }
}

fn anabaptists_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::Flip(space) = action {
        game.change_religion(space, Religion::Catholic, log);
        next_anabaptist(game, EventStep { left: step.left.saturating_sub(1), ..step });
    }
}
