//! Events of the Protestant reformers and their debaters (§18.3, §18.5):
//! #39 Augsburg Confession, #41 Marburg Colloquy, #43 Zwingli Dons Armor,
//! #44 Affair of the Placards, #45 Calvin Expelled, #46 Calvin's
//! Institutes, #51 Michael Servetus, #65 A Mighty Fortress, #85 Katherina
//! Bora, #78 Frederick the Wise, #90 Printing Press. An event that needs an uncommitted debater is offered only while
//! he is uncommitted, and commits him whoever plays it (§18.3).

use super::{CardEvent, EventStep, Steps};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::reformation::{Series, Source};
use crate::game::{DebaterState, Game, LandUnits, ReformerState};
use crate::rules::debate::debaters;
use crate::rules::paths::{Metric, distance};
use crate::rules::religion::{AttemptKind, unit_religion};
use crate::sets::EnumSet;
use crate::types::{Card, Debater, DebaterSide, Faction, LandUnitKind, LanguageZone, Power, Reformer, Religion, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::FrederickTheWise, super::always, |game, _, log| {
        let step = EventStep { left: FREDERICK_SPACES, ..EventStep::new(Card::FrederickTheWise, Power::Protestant) };
        next_frederick(game, step, log);
    })
    .with_steps(Steps {
        prompt: |step| match step.step {
            FREDERICK_WARTBURG => "take The Wartburg from the discard pile, or decline",
            _ => "a Catholic German space nearest to Wittenberg to convert",
        },
        actions: |game, step, list| match step.step {
            FREDERICK_WARTBURG => {
                list.push(Action::Decline);
                if crate::rules::home_cards::may_retrieve(game, Power::Protestant, Card::TheWartburg) {
                    list.push(Action::Retrieve(Card::TheWartburg));
                }
            }
            _ => list.extend(frederick_spaces(game).iter().map(Action::Flip)),
        },
        apply: frederick_apply,
        fits: |step| {
            step.power == Power::Protestant
                && (step.step == FREDERICK_WARTBURG || (1..=FREDERICK_SPACES).contains(&step.left))
        },
    }),
    // In effect for the rest of the turn: `Game::augsburg_confession_in_effect`.
    CardEvent::plain(
        Card::AugsburgConfession,
        |game, _| uncommitted(game, Debater::Melanchthon),
        |game, _, log| commit_by_event(game, Debater::Melanchthon, log),
    ),
    CardEvent::plain(Card::PrintingPress, super::always, printing_press),
    CardEvent::plain(Card::CalvinExpelled, super::always, calvin_expelled),
    CardEvent::plain(Card::MichaelServetus, super::always, michael_servetus),
    CardEvent::plain(
        Card::MarburgColloquy,
        |game, _| marburg_pairs(game).iter().all(|pair| !pair.is_empty()),
        |game, _, _| game.stack.push(Frame::Event(EventStep::new(Card::MarburgColloquy, Power::Protestant))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "Luther or Melanchthon to commit",
            _ => "Zwingli or Oekolampadius to commit",
        },
        actions: marburg_actions,
        apply: marburg_apply,
        fits: |step| step.power == Power::Protestant && step.step <= 1 && step.target.is_none(),
    }),
    CardEvent::plain(Card::ZwingliDonsArmor, super::always, zwingli_dons_armor).with_steps(Steps {
        prompt: |step| match step.step {
            0 => "a space within 3 of Zurich where a Catholic land unit is eliminated",
            _ => "the kind of Catholic land unit eliminated",
        },
        actions: zwingli_actions,
        apply: zwingli_apply,
        fits: |step| step.power == Power::Protestant && (step.step == 0 || (step.step == 1 && step.space.is_some())),
    }),
    CardEvent::plain(
        Card::AffairOfThePlacards,
        |game, _| uncommitted(game, Debater::Cop),
        |game, _, log| debater_attempts(game, &AFFAIR_OF_THE_PLACARDS, log),
    ),
    CardEvent::plain(
        Card::CalvinsInstitutes,
        |game, _| uncommitted(game, Debater::Calvin),
        |game, _, log| debater_attempts(game, &CALVINS_INSTITUTES, log),
    ),
    CardEvent::plain(
        Card::AMightyFortress,
        |game, _| uncommitted(game, Debater::Luther),
        |game, _, log| debater_attempts(game, &A_MIGHTY_FORTRESS, log),
    ),
    CardEvent::plain(
        Card::KatherinaBora,
        |game, _| uncommitted(game, Debater::Luther),
        |game, _, log| debater_attempts(game, &KATHERINA_BORA, log),
    ),
];

/// An event of reformation attempts that needs one uncommitted debater
/// and commits him (§18.3).
pub(super) struct DebaterAttempts {
    /// The debater committed.
    pub debater: Debater,
    /// The target language zone (`None`: all zones).
    pub zone: Option<LanguageZone>,
    /// The attempts made.
    pub attempts: u8,
    /// +1 on each Protestant die in the zone (Calvin's Institutes).
    pub plus_one: bool,
}

/// #44 Affair of the Placards: 4 attempts in the French zone, Cop
/// committed (the card's 4, not the rules' list's 3: docs/rulings.md RP1).
const AFFAIR_OF_THE_PLACARDS: DebaterAttempts =
    DebaterAttempts { debater: Debater::Cop, zone: Some(LanguageZone::French), attempts: 4, plus_one: false };
/// #46 Calvin's Institutes: 5 attempts in the French zone with +1 on each
/// Protestant die there, Calvin committed.
const CALVINS_INSTITUTES: DebaterAttempts =
    DebaterAttempts { debater: Debater::Calvin, zone: Some(LanguageZone::French), attempts: 5, plus_one: true };
/// #65 A Mighty Fortress: 6 attempts in the German zone, Luther committed.
const A_MIGHTY_FORTRESS: DebaterAttempts =
    DebaterAttempts { debater: Debater::Luther, zone: Some(LanguageZone::German), attempts: 6, plus_one: false };
/// #85 Katherina Bora: 5 attempts in all zones, Luther committed.
const KATHERINA_BORA: DebaterAttempts =
    DebaterAttempts { debater: Debater::Luther, zone: None, attempts: 5, plus_one: false };

/// Whether `debater` is in play and uncommitted (not away with his
/// reformer, #45).
pub(super) fn uncommitted(game: &Game, debater: Debater) -> bool {
    match debater.side() {
        DebaterSide::Protestant(zone) => {
            debaters(game, Power::Protestant, zone, DebaterState::Uncommitted).contains(debater)
        }
        DebaterSide::Papal => game.debater_state(debater) == DebaterState::Uncommitted,
    }
}

/// An event commits `debater` (§18.3: whoever played it).
pub(super) fn commit_by_event(game: &mut Game, debater: Debater, log: &mut dyn Log) {
    if game.debater_state(debater) == DebaterState::Uncommitted {
        game.debaters[debater.index()] = DebaterState::Committed;
        log.event(Event::DebaterCommitted(debater));
    }
}

/// The Protestant's reformation attempts of `event`; its debater is
/// committed first.
fn debater_attempts(game: &mut Game, event: &DebaterAttempts, log: &mut dyn Log) {
    commit_by_event(game, event.debater, log);
    let series = Series::new(Power::Protestant, AttemptKind::Reformation, Source::Event, event.zone, event.attempts);
    game.begin_attempts(if event.plus_one { series.with_plus_one() } else { series });
}

/// The two pairs of #41 Marburg Colloquy, each reduced to its uncommitted
/// debaters.
fn marburg_pairs(game: &Game) -> [EnumSet<Debater>; 2] {
    let pair = |a, b| [a, b].into_iter().filter(|&d| uncommitted(game, d)).collect();
    [pair(Debater::Luther, Debater::Melanchthon), pair(Debater::Zwingli, Debater::Oekolampadius)]
}

/// #41 Marburg Colloquy: step 0, the Protestant commits Luther or
/// Melanchthon; step 1 (`left`: the first one's value), Zwingli or
/// Oekolampadius; then as many reformation attempts in all zones as their
/// values add up to.
fn marburg_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let pairs = marburg_pairs(game);
    let pair = pairs[usize::from(step.step.min(1))];
    list.extend(pair.iter().map(Action::CommitDebater));
}

fn marburg_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::CommitDebater(debater) = action else { return };
    commit_by_event(game, debater, log);
    let total = step.left.saturating_add(debater.value());
    if step.step == 0 {
        let next = EventStep { step: 1, left: total, ..step };
        game.stack.push(Frame::Event(next));
    } else {
        let series = Series::new(Power::Protestant, AttemptKind::Reformation, Source::Event, None, total);
        game.begin_attempts(series);
    }
}

/// How far from Zurich #43 Zwingli Dons Armor reaches.
pub const ZWINGLI_REACH: u8 = 3;

/// The spaces within 3 land steps of Zurich (Zurich included) holding a
/// Catholic land unit (`rules::religion::unit_religion`).
fn zwingli_targets(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples()
        .filter(|&(space, faction, units, _)| {
            !units.is_empty()
                && unit_religion(game, faction) == Some(Religion::Catholic)
                && distance(Space::Zurich, space, Metric::Land).is_some_and(|d| d <= ZWINGLI_REACH)
        })
        .map(|(space, ..)| space)
        .collect()
}

/// The Catholic land units in `space`: the first Catholic faction there
/// holding a unit of each kind.
fn catholic_unit(game: &Game, space: Space, kind: LandUnitKind) -> Option<Faction> {
    game.land_units_in(space)
        .find(|&(faction, units, _)| units.count(kind) > 0 && unit_religion(game, faction) == Some(Religion::Catholic))
        .map(|(faction, ..)| faction)
}

/// #43 Zwingli Dons Armor: the Protestant eliminates one Catholic land
/// unit within 3 spaces of Zurich (step 0 the space, step 1 the kind;
/// docs/rulings.md RP2), then the Zwingli reformer and debater leave the
/// game, even with no unit to eliminate.
fn zwingli_dons_armor(game: &mut Game, _: Power, log: &mut dyn Log) {
    remove_zwingli(game, log);
    if !zwingli_targets(game).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::ZwingliDonsArmor, Power::Protestant)));
    }
}

/// Zwingli's reformer and debater leave the game (#43).
fn remove_zwingli(game: &mut Game, log: &mut dyn Log) {
    if game.reformer_state(Reformer::Zwingli) != ReformerState::Removed {
        game.reformers[Reformer::Zwingli.index()] = ReformerState::Removed;
        log.event(Event::ReformerRemoved(Reformer::Zwingli));
    }
    if matches!(
        game.debater_state(Debater::Zwingli),
        DebaterState::NotArrived | DebaterState::Uncommitted | DebaterState::Committed
    ) {
        game.debaters[Debater::Zwingli.index()] = DebaterState::Removed;
        log.event(Event::DebaterRemoved(Debater::Zwingli));
    }
}

fn zwingli_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.space {
        None => list.extend(zwingli_targets(game).iter().map(Action::RemoveUnitIn)),
        Some(space) => {
            let kinds = LandUnitKind::ALL.into_iter().filter(|&k| catholic_unit(game, space, k).is_some());
            list.extend(kinds.map(Action::LoseUnit));
        }
    }
}

fn zwingli_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::RemoveUnitIn(space) => {
            let kinds = LandUnitKind::ALL.into_iter().filter(|&k| catholic_unit(game, space, k).is_some());
            match (kinds.clone().count(), kinds.clone().next()) {
                (1, Some(kind)) => eliminate_catholic(game, space, kind, log),
                _ => game.stack.push(Frame::Event(EventStep { step: 1, space: Some(space), ..step })),
            }
        }
        Action::LoseUnit(kind) => {
            if let Some(space) = step.space {
                eliminate_catholic(game, space, kind, log);
            }
        }
        _ => {}
    }
}

fn eliminate_catholic(game: &mut Game, space: Space, kind: LandUnitKind, log: &mut dyn Log) {
    if let Some(faction) = catholic_unit(game, space, kind) {
        let one = LandUnits::NONE.plus_one(kind);
        game.remove_units(space, faction, one, log);
    }
}

/// The reformation attempts of #90 Printing Press.
pub const PRINTING_PRESS_ATTEMPTS: u8 = 3;

/// #90 Printing Press: for the rest of the turn every reformation attempt
/// rolls one extra die (`Game::printing_press_in_effect` reads the card
/// played this turn); the Protestant makes 3 reformation attempts in all
/// zones at once (with that die).
fn printing_press(game: &mut Game, _: Power, _: &mut dyn Log) {
    let kind = AttemptKind::Reformation;
    game.begin_attempts(Series::new(Power::Protestant, kind, Source::Event, None, PRINTING_PRESS_ATTEMPTS));
}

/// #45 Calvin Expelled: the Calvin reformer leaves the map for the rest of
/// the turn (away: he and his debater come back at the next card draw, his
/// space not converted again, `frames::impulse`); the Calvin debater is
/// committed. A Calvin not on the map stays where he is (docs/rulings.md
/// RP10).
fn calvin_expelled(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.reformer_state(Reformer::Calvin) == ReformerState::OnMap {
        game.reformers[Reformer::Calvin.index()] = ReformerState::Away;
    }
    commit_by_event(game, Debater::Calvin, log);
}

/// #51 Michael Servetus: the player gains 1 VP; the Protestant discards a
/// random card (never a home card, §6.1).
fn michael_servetus(game: &mut Game, power: Power, log: &mut dyn Log) {
    super::papacy::gain_vp(game, power, 1, log);
    if let Some(card) = game.take_random_card(Power::Protestant) {
        game.discard.insert(card);
        log.event(Event::CardDiscarded { power: Power::Protestant, card });
    }
}

/// The spaces #78 Frederick the Wise converts.
pub const FREDERICK_SPACES: u8 = 2;

/// The Catholic spaces of the German zone nearest to Wittenberg by land
/// (Wittenberg itself first if it is Catholic), in play: the Protestant
/// chooses among them.
fn frederick_spaces(game: &Game) -> EnumSet<Space> {
    let wanted = |s: Space| {
        game.in_play(s) && s.language() == Some(LanguageZone::German) && game.religion(s) == Religion::Catholic
    };
    crate::rules::paths::nearest(Space::Wittenberg, Metric::Land, wanted).0
}

/// #78 Frederick the Wise's last step: The Wartburg (#37) back from the
/// discard pile, or not.
const FREDERICK_WARTBURG: u8 = 1;

/// #78 Frederick the Wise: the two Catholic German spaces nearest to
/// Wittenberg turn Protestant, one at a time (`left`: how many are left),
/// the Protestant choosing between equidistant ones; then the Protestant
/// may take The Wartburg (#37) into its hand if it is in the discard pile
/// and it did not play it this turn (§6.2).
fn next_frederick(game: &mut Game, step: EventStep, log: &mut dyn Log) {
    let choices = frederick_spaces(game);
    match (step.left, choices.len(), choices.iter().next()) {
        (0, ..) | (_, 0, _) => {
            // §6.2: not if the Protestant played it this turn.
            if crate::rules::home_cards::may_retrieve(game, Power::Protestant, Card::TheWartburg) {
                game.stack.push(Frame::Event(EventStep { step: FREDERICK_WARTBURG, left: 0, ..step }));
            }
        }
        (_, 1, Some(space)) => {
            game.change_religion(space, Religion::Protestant, log);
            next_frederick(game, EventStep { left: step.left - 1, ..step }, log);
        }
        _ => game.stack.push(Frame::Event(step)),
    }
}

fn frederick_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Flip(space) => {
            game.change_religion(space, Religion::Protestant, log);
            next_frederick(game, EventStep { left: step.left.saturating_sub(1), ..step }, log);
        }
        Action::Retrieve(card) => {
            game.retrieve_from_discard(Power::Protestant, card, log);
        }
        _ => {}
    }
}
