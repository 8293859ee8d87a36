//! England's succession (§21.3): #3 Six Wives of Henry VIII, #19 Edward
//! VI, #21 Mary I, #23 Elizabeth I; and the English Reformation: #62 Book
//! of Common Prayer, #63 Dissolution of the Monasteries, #112 Thomas More. The marital status track, the
//! pregnancy chart and Henry's death are in `frames::england`; the pure
//! rules in `rules::england`.

use super::{CardEvent, EventStep, Forced, Leaves, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::reformation::{Series, Source};
use crate::game::{Game, Scenario};
use crate::players::Players;
use crate::rules::debate::{DEBATE_ZONES, can_call_debate};
use crate::rules::england as rules;
use crate::rules::religion::AttemptKind;
use crate::sets::EnumSet;
use crate::types::{Card, Power, Ruler};
use crate::types::{Debater, Faction, LanguageZone, Religion, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::SixWivesOfHenryViii, rules::six_wives_playable, |game, _, _| {
        game.stack.push(Frame::Event(EventStep::new(Card::SixWivesOfHenryViii, Power::England)))
    })
    .with_steps(Steps {
        prompt: |_| "a power to declare war on, or the marriage",
        actions: six_wives_actions,
        apply: six_wives_apply,
        fits: |step| step.power == Power::England && step.step == 0,
    }),
    CardEvent::plain(Card::EdwardVi, always, edward_vi)
        .with_forced(Forced { deadline: |s| (s == Scenario::TwoPlayer).then_some(7), power: Power::England }),
    CardEvent::plain(Card::MaryI, always, mary_i)
        // Played as a sickly Edward VI, Mary I recurs (§21.3).
        .with_leaves(Leaves::If(|game, _| !rules::mary_recurs(game)))
        .with_forced(Forced { deadline: |s| (s == Scenario::TwoPlayer).then_some(8), power: Power::England }),
    CardEvent::plain(Card::DissolutionOfTheMonasteries, always, dissolution_of_the_monasteries),
    CardEvent::plain(
        Card::BookOfCommonPrayer,
        |game, _| super::reformers::uncommitted(game, Debater::Cranmer),
        book_of_common_prayer,
    )
    .with_steps(Steps {
        prompt: |_| "a Catholic English home space to put in unrest",
        actions: |game, _, list| list.extend(prayer_unrest_spaces(game).iter().map(Action::PlaceUnrest)),
        apply: prayer_unrest_apply,
        fits: |step| step.step == PRAYER_UNREST && step.left >= 1,
    }),
    CardEvent::plain(Card::ThomasMore, thomas_more_playable, thomas_more)
        // Executed, removed; else removed once Henry has married Anne Boleyn.
        .with_leaves(Leaves::If(|game, power| executes_more(power) || rules::english_reformation(game)))
        .with_steps(Steps {
            prompt: |step| match step.step {
                MORE_DISCARD => "the card England discards",
                _ => "the zone of the Papacy's debate",
            },
            actions: thomas_more_actions,
            apply: thomas_more_apply,
            fits: |step| match step.step {
                MORE_DISCARD => step.power == Power::England,
                MORE_DEBATE => step.power == Power::Papacy,
                _ => false,
            },
        }),
    CardEvent::plain(Card::ElizabethI, always, elizabeth_i),
    CardEvent::plain(Card::LadyJaneGrey, lady_jane_grey_playable, lady_jane_grey).with_steps(Steps {
        prompt: |step| match step.step {
            JANE_AWARD => "the card awarded (the other is kept)",
            _ => "the power awarded the card: the Protestant or the Papacy",
        },
        actions: jane_actions,
        apply: jane_apply,
        fits: |step| match step.step {
            JANE_AWARD => step.cards[0].is_some(),
            JANE_TO => step.cards[0].is_some() && step.cards[1].is_none(),
            _ => false,
        },
    }),
];

/// The choice of #3 Six Wives of Henry VIII: a declaration of war on
/// France, the Hapsburg or Scotland, or the marriage.
fn six_wives_actions(game: &Game, _: EventStep, list: &mut ActionList) {
    list.extend(rules::six_wives_dow_targets(game).iter().map(Action::DeclareWar));
    if let Some(next) = rules::six_wives_marriage(game) {
        list.push(Action::Marry(next));
    }
}

fn six_wives_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::DeclareWar(target) => game.six_wives_war(target, log),
        Action::Marry(_) => game.advance_marriage(log),
        _ => {}
    }
}

/// #19 Edward VI: Henry VIII dies and Edward VI rules England (only while
/// Henry rules). Two-player game: forced in the winter of turn 7.
fn edward_vi(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.ruler(Power::England) == Ruler::HenryViii {
        game.henry_dies(log);
        succeed(game, Ruler::EdwardVi, log);
    }
}

/// #21 Mary I: the ruler (Henry VIII or Edward VI) dies and Mary I rules;
/// but while Henry rules and Edward was born, it acts as Edward VI (the
/// late heir, §21.3; its card then recurs after a sickly Edward,
/// `rules::england::mary_recurs`). Two-player game: forced in the winter
/// of turn 8.
fn mary_i(game: &mut Game, _: Power, log: &mut dyn Log) {
    let ruler = game.ruler(Power::England);
    if rules::mary_acts_as_edward(game) {
        game.henry_dies(log);
        succeed(game, Ruler::EdwardVi, log);
    } else if matches!(ruler, Ruler::HenryViii | Ruler::EdwardVi) {
        if ruler == Ruler::HenryViii {
            game.henry_dies(log);
        }
        succeed(game, Ruler::MaryI, log);
    }
}

/// #23 Elizabeth I: Mary I dies and Elizabeth I rules.
fn elizabeth_i(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.ruler(Power::England) == Ruler::MaryI {
        succeed(game, Ruler::ElizabethI, log);
    }
}

/// `ruler` takes England's throne (§21.3): England has changed rulers
/// this turn, the condition of #59 Lady Jane Grey.
fn succeed(game: &mut Game, ruler: Ruler, log: &mut dyn Log) {
    game.new_ruler(ruler, log);
    game.succession.ruler_changed = true;
}

// --- #59 Lady Jane Grey -------------------------------------------------------------

/// The steps of #59: the card awarded, then the power it goes to.
const JANE_AWARD: u8 = 0;
const JANE_TO: u8 = 1;

/// The powers #59 may award a card to.
const JANE_RECIPIENTS: [Power; 2] = [Power::Protestant, Power::Papacy];

/// England's non-home cards #59 may draw from when `power` plays it (the
/// Lady Jane Grey card itself aside: it leaves the hand as it is played).
fn jane_english_cards(game: &Game) -> EnumSet<Card> {
    let mut cards = crate::rules::peace::drawable_cards(game, Power::England);
    cards.remove(Card::LadyJaneGrey);
    cards
}

/// #59: only if England changed rulers this turn (`Succession::
/// ruler_changed`) and still holds a non-home card.
fn lady_jane_grey_playable(game: &Game, _: Power) -> bool {
    game.succession.ruler_changed && !jane_english_cards(game).is_empty()
}

/// #59 Lady Jane Grey: the player draws a random card from England's hand
/// (never a home card) and one from the deck, then keeps one of them and
/// awards the other to the Protestant or the Papacy (docs/rulings.md CA1,
/// CA2). With the deck empty it keeps the one card it drew.
fn lady_jane_grey(game: &mut Game, power: Power, log: &mut dyn Log) {
    let Some(english) = game.take_random_card(Power::England) else { return };
    game.hands[power.index()].insert(english);
    log.event(Event::CardDrawn { power, from: Power::England, card: Some(english) });
    let before = game.hand(power);
    game.draw_from_deck(power, log);
    let Some(drawn) = game.hand(power).difference(before).iter().next() else { return };
    if power != Power::England {
        // England saw which card left its hand (CA2).
        game.seen.add(Power::England, power, english);
    }
    let step = EventStep { cards: [Some(english), Some(drawn)], ..EventStep::new(Card::LadyJaneGrey, power) };
    game.stack.push(Frame::Event(step));
}

/// Which of #59's waiting cards `viewer` has seen (docs/rulings.md CA2):
/// the player both; England the card drawn from its hand (slot 0) while
/// the award is chosen; nobody else either (nor England the card chosen
/// for the award).
/// A player sees what each of its powers sees (§3.1).
fn jane_seen(step: EventStep, players: Players, viewer: Power) -> [bool; 2] {
    if players.same_player(viewer, step.power) {
        [true, true]
    } else {
        [players.same_player(viewer, Power::England) && step.step == JANE_AWARD, false]
    }
}

/// How many cards wait in #59's decision at `step`: both drawn while the
/// award is chosen, then the card awarded.
fn jane_slots(step: EventStep) -> usize {
    if step.step == JANE_AWARD { 2 } else { 1 }
}

impl Game {
    /// For `Game::observation`: the cards of a #59 decision that `viewer`
    /// has not seen are blanked (CA2).
    pub(crate) fn hide_jane_cards(&mut self, viewer: Power) {
        let players = self.players();
        for frame in self.stack.frames_mut() {
            let Frame::Event(step) = frame else { continue };
            if step.card != Card::LadyJaneGrey {
                continue;
            }
            let seen = jane_seen(*step, players, viewer);
            for (card, seen) in step.cards.iter_mut().zip(seen) {
                if !seen {
                    *card = None;
                }
            }
        }
    }

    /// For `Game::determinize`: the cards of a #59 decision that `viewer`
    /// has not seen are drawn again from the player's (re-dealt) hand, its
    /// home cards aside; `pick(n)` draws an index below `n` (CA2).
    pub(crate) fn redraw_jane_cards(&mut self, viewer: Power, pick: &mut dyn FnMut(usize) -> usize) {
        let hands = self.hands;
        let players = self.players();
        for frame in self.stack.frames_mut() {
            let Frame::Event(step) = frame else { continue };
            if step.card != Card::LadyJaneGrey {
                continue;
            }
            let mut pool: EnumSet<Card> =
                hands[step.power.index()].iter().filter(|c| c.kind() != crate::types::CardKind::Home).collect();
            let seen = jane_seen(*step, players, viewer);
            for (card, _) in step.cards.iter().zip(seen).filter(|(_, seen)| *seen) {
                if let Some(card) = *card {
                    pool.remove(card);
                }
            }
            let slots = jane_slots(*step);
            for (card, seen) in step.cards.iter_mut().zip(seen).take(slots) {
                if !seen {
                    *card = pool.nth(pick(pool.len()));
                    if let Some(drawn) = *card {
                        pool.remove(drawn);
                    }
                }
            }
        }
    }
}

fn jane_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        JANE_AWARD => {
            let held = step.cards.into_iter().flatten().filter(|&c| game.hand(step.power).contains(c));
            list.extend(held.map(Action::GiveCard));
        }
        _ => list.extend(JANE_RECIPIENTS.map(Action::TargetPower)),
    }
    if list.is_empty() {
        list.push(Action::Done);
    }
}

fn jane_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match (action, step.cards[0]) {
        (Action::GiveCard(card), _) => {
            let next = EventStep { step: JANE_TO, cards: [Some(card), None], ..step };
            game.stack.push(Frame::Event(next));
        }
        (Action::TargetPower(to), Some(card)) if game.hand(step.power).contains(card) => {
            game.hands[step.power.index()].remove(card);
            game.hands[to.index()].insert(card);
            if to != step.power {
                // The player knows where the card went (CA2).
                game.seen.add(step.power, to, card);
            }
            log.event(Event::CardDrawn { power: to, from: step.power, card: Some(card) });
        }
        _ => {}
    }
}

/// The cards England draws by #63 Dissolution of the Monasteries.
pub const DISSOLUTION_DRAWS: u8 = 2;
/// The reformation attempts of #63 Dissolution of the Monasteries.
pub const DISSOLUTION_ATTEMPTS: u8 = 3;

/// #63 Dissolution of the Monasteries: England draws 2 cards from the
/// deck, then the Protestant makes 3 reformation attempts in the English
/// zone. Two-player face (§24.3, ruling TZ9): instead of England drawing,
/// the Protestant takes a random card (never a home card) from the Papal
/// hand and discards it.
fn dissolution_of_the_monasteries(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.scenario() == Scenario::TwoPlayer {
        if let Some(card) = game.take_random_card(Power::Papacy) {
            log.event(Event::CardDrawn { power: Power::Protestant, from: Power::Papacy, card: Some(card) });
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: Power::Protestant, card });
        }
    } else if impulse_powers(game.scenario()).contains(&Power::England) {
        for _ in 0..DISSOLUTION_DRAWS {
            game.draw_from_deck(Power::England, log);
        }
    }
    let kind = AttemptKind::Reformation;
    let zone = Some(LanguageZone::English);
    game.begin_attempts(Series::new(Power::Protestant, kind, Source::Event, zone, DISSOLUTION_ATTEMPTS));
}

/// The reformation attempts of #62 Book of Common Prayer.
pub const PRAYER_ATTEMPTS: u8 = 4;
/// The step of #62 where the player puts spaces in unrest.
const PRAYER_UNREST: u8 = 1;

/// #62 Book of Common Prayer: Cranmer is committed; the Protestant makes 4
/// reformation attempts on English home spaces (Calais included; the
/// English zone is the target zone); after them, the unrest roll
/// (`Game::after_common_prayer`).
fn book_of_common_prayer(game: &mut Game, _: Power, log: &mut dyn Log) {
    super::reformers::commit_by_event(game, Debater::Cranmer, log);
    let zone = Some(LanguageZone::English);
    let kind = AttemptKind::Reformation;
    game.begin_attempts(Series::new(Power::Protestant, kind, Source::CommonPrayer, zone, PRAYER_ATTEMPTS));
}

/// The Catholic English home spaces in play not yet in unrest (occupied
/// or not), for #62.
fn prayer_unrest_spaces(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.home() == Faction::England && game.in_play(s))
        .filter(|&s| game.religion(s) == Religion::Catholic && !game.in_unrest(s))
        .collect()
}

/// How many spaces #62's roll puts in unrest: 1-2 none, 3-4 one, 5 two, 6
/// every one (`all`).
pub fn prayer_unrest_count(roll: u8, all: u8) -> u8 {
    match roll {
        0..=2 => 0,
        3 | 4 => 1,
        5 => 2,
        _ => all,
    }
}

impl Game {
    /// After #62's attempts: one die; the player of the card (the power
    /// that played it this turn) chooses the spaces put in unrest, one at
    /// a time.
    pub(crate) fn after_common_prayer(&mut self) {
        let card = Card::BookOfCommonPrayer;
        let player = Power::ALL.into_iter().find(|p| self.events_played[p.index()].contains(card));
        let spaces = prayer_unrest_spaces(self);
        let roll = self.roll_die();
        let count = prayer_unrest_count(roll, spaces.len() as u8).min(spaces.len() as u8);
        if count > 0 {
            let step = EventStep {
                step: PRAYER_UNREST,
                left: count,
                ..EventStep::new(card, player.unwrap_or(Power::Protestant))
            };
            self.stack.push(Frame::Event(step));
        }
    }
}

fn prayer_unrest_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::PlaceUnrest(space) = action {
        game.put_unrest(space, true);
        log.event(Event::UnrestPlaced(space));
        let left = step.left.saturating_sub(1);
        if left > 0 && !prayer_unrest_spaces(game).is_empty() {
            game.stack.push(Frame::Event(EventStep { left, ..step }));
        }
    }
}

/// The steps of #112 Thomas More: England's discard, the Papacy's debate.
const MORE_DISCARD: u8 = 0;
const MORE_DEBATE: u8 = 1;
/// The extra attacker dice of #112's debate, in each round: 1, 3 in the
/// English zone.
pub const MORE_DICE: u8 = 1;
pub const MORE_DICE_ENGLISH: u8 = 3;

/// Whether #112 Thomas More played by `power` executes More: England or
/// the Protestant.
fn executes_more(power: Power) -> bool {
    matches!(power, Power::England | Power::Protestant)
}

/// #112 played by another power: only if the Papacy may call a debate
/// somewhere (docs/rulings.md RP17).
fn thomas_more_playable(game: &Game, power: Power) -> bool {
    executes_more(power) || more_debate_zones(game).next().is_some()
}

fn more_debate_zones(game: &Game) -> impl Iterator<Item = LanguageZone> + '_ {
    DEBATE_ZONES.into_iter().filter(|&z| can_call_debate(game, Power::Papacy, z))
}

/// #112 Thomas More: played by England or the Protestant, More is
/// executed: no debates in England this turn (`rules::debate::
/// thomas_more_executed`), England draws a card from the deck, then
/// discards a card of its choice (not a home card). Played by another
/// power, the Papacy calls a debate in a zone of its choice, its attacker
/// rolling 1 extra die each round (3 in the English zone).
fn thomas_more(game: &mut Game, power: Power, log: &mut dyn Log) {
    if executes_more(power) {
        if impulse_powers(game.scenario()).contains(&Power::England) {
            game.draw_from_deck(Power::England, log);
        }
        if !more_discards(game).is_empty() {
            game.stack.push(Frame::Event(EventStep::new(Card::ThomasMore, Power::England)));
        }
    } else {
        let step = EventStep { step: MORE_DEBATE, ..EventStep::new(Card::ThomasMore, Power::Papacy) };
        game.stack.push(Frame::Event(step));
    }
}

/// The cards England may discard for #112: its hand but home cards.
/// The cards #112 may make England discard: neither a home card nor a
/// mandatory event (a discard of choice, §6.1).
fn more_discards(game: &Game) -> EnumSet<Card> {
    crate::rules::events::discard_choices(game, Power::England)
}

fn thomas_more_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        MORE_DISCARD => list.extend(more_discards(game).iter().map(Action::Discard)),
        _ => list.extend(more_debate_zones(game).map(Action::CallDebate)),
    }
}

fn thomas_more_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Discard(card) => {
            game.hands[Power::England.index()].remove(card);
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: Power::England, card });
        }
        Action::CallDebate(zone) => {
            game.debate_extra_dice = if zone == LanguageZone::English { MORE_DICE_ENGLISH } else { MORE_DICE };
            game.begin_debate(Power::Papacy, zone, log);
        }
        _ => {}
    }
}
