//! Card events (§6.1, §6.2, §21): one card, one place.
//!
//! Every built event is one [`CardEvent`] entry in the `EVENTS` list of its
//! theme's file (`home.rs`, `religion.rs`, `politics.rs`, `england.rs`,
//! `naval.rs`, `combat.rs`, `spring.rs`, `reformers.rs`, `papacy.rs`,
//! `unrest.rs`, `inquisition.rs`, `new_world.rs`, `foreign_wars.rs`,
//! `diplomatic.rs` for the two-player diplomatic cards, ...),
//! and everything the rules say of that card lives there: who may play it
//! and when, what it does, whether it leaves
//! the game, its forced resolution in winter, its use in a battle's
//! combat-card window, and the decisions it asks for. "Is the event built"
//! is "is it in the table" ([`card_event`]).
//!
//! An event that asks for decisions pushes the generic [`Frame::Event`]
//! frame, carrying an [`EventStep`]; the engine hands the listing and the
//! choice back to the card's own [`Steps`]. So a new card adds no frame
//! kind and no match arm anywhere else. Choices that several procedures
//! share keep their own generic frames: `Flips`, `Attempts`, `Discard`,
//! `PlaceLeader`, `Universities`.
//!
//! How to add a card: write its functions in its theme's file and add its
//! `CardEvent` to that file's `EVENTS`: `CardEvent::plain(card, playable,
//! resolve)` with what differs from a plain event added
//! (`.with_steps(..)`, `.with_leaves(..)`, `.with_forced(..)`,
//! `.with_combat(..)`, `.with_response(..)`). An event that asks for decisions
//! pushes its frames: they sit above the 2 CP of a mandatory event and are
//! decided first.

mod combat;
mod diplomatic;
mod england;
pub(crate) mod foreign_wars;
mod fortresses;
mod home;
pub(crate) use diplomatic::{frozen_near_vienna, vienna_frozen_fits};
pub(crate) use home::{papal_bull_peace, papal_bull_peace_rulers};
mod inquisition;
mod invasions;
mod minors;
pub(crate) use minors::{
    intervene_with_card, intervention_card_playable, intervention_card_waits, marriage_may_restore,
};
mod money;
mod naval;
mod new_world;
mod papacy;
mod politics;
mod raids;
mod reformers;
mod religion;
pub(crate) use religion::{finish_schmalkaldic_league, league_displacement};
mod responses;
mod spring;
mod unrest;
mod war;

use crate::action::Action;
use crate::data::cards::Removal;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::battle::CardBattle;
use crate::frames::responses::{Answer, Moment, Window};
use crate::game::{Game, LeaderLocation, Scenario};
use crate::rules::combat_cards::{BattleKind, Seat};
use crate::rules::foreign_war::ForeignWar;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Leader, Power, Ruler, Space};

/// What the rules say of one card's event.
pub(crate) struct CardEvent {
    /// The card.
    pub card: Card,
    /// Whether `power` may play it as its event in its impulse, as far as
    /// the card's own text goes (§6.1): the kind of card, the hand and the
    /// once-per-turn limit are checked by `Game::can_play_event`.
    pub playable: fn(&Game, Power) -> bool,
    /// What it does, played by (or forced for) the power.
    pub resolve: fn(&mut Game, Power, &mut dyn Log),
    /// Whether it leaves the game after this play (§6.2).
    pub leaves: Leaves,
    /// A mandatory event's forced resolution in winter (§19 step 8).
    pub forced: Option<Forced>,
    /// Its use in a battle's combat-card window (§6.1).
    pub combat: Option<Combat>,
    /// Its use as a response card in another step's response window
    /// (§6.1, `frames::responses`).
    pub response: Option<Response>,
    /// The decisions it asks for, through [`Frame::Event`].
    pub steps: Option<Steps>,
    /// What the CP its event gives may buy, if its text limits them.
    pub spend_limit: Option<SpendLimit>,
}

impl CardEvent {
    /// An event as printed: it leaves the game by its red dagger, is not
    /// forced in winter, has no combat or response use and asks for no
    /// decision. An entry adds what differs:
    /// `CardEvent::plain(card, playable, resolve).with_steps(..)`.
    pub(crate) const fn plain(
        card: Card,
        playable: fn(&Game, Power) -> bool,
        resolve: fn(&mut Game, Power, &mut dyn Log),
    ) -> CardEvent {
        CardEvent {
            card,
            playable,
            resolve,
            leaves: Leaves::Printed,
            forced: None,
            combat: None,
            response: None,
            steps: None,
            spend_limit: None,
        }
    }

    /// Leaves the game as `leaves` says.
    pub(crate) const fn with_leaves(self, leaves: Leaves) -> CardEvent {
        CardEvent { leaves, ..self }
    }

    /// Forced in winter as `forced` says.
    pub(crate) const fn with_forced(self, forced: Forced) -> CardEvent {
        CardEvent { forced: Some(forced), ..self }
    }

    /// With a combat-card use.
    pub(crate) const fn with_combat(self, combat: Combat) -> CardEvent {
        CardEvent { combat: Some(combat), ..self }
    }

    /// With a response use.
    pub(crate) const fn with_response(self, response: Response) -> CardEvent {
        CardEvent { response: Some(response), ..self }
    }

    /// With decisions.
    pub(crate) const fn with_steps(self, steps: Steps) -> CardEvent {
        CardEvent { steps: Some(steps), ..self }
    }

    /// Its event gives CP that buy only what `limit` allows.
    pub(crate) const fn with_spend_limit(self, limit: SpendLimit) -> CardEvent {
        CardEvent { spend_limit: Some(limit), ..self }
    }
}

/// Whether a card leaves the game after it is played as an event (§6.2).
#[derive(Clone, Copy)]
pub(crate) enum Leaves {
    /// As printed: the red dagger removes it, else it is discarded.
    Printed,
    /// As its text says, read before the event resolves.
    If(fn(&Game, Power) -> bool),
}

/// A mandatory event resolved by force in the winter of its deadline turn
/// if nobody played it (§19 step 8).
#[derive(Clone, Copy)]
pub(crate) struct Forced {
    /// The turn, by scenario, in whose winter it is forced.
    pub deadline: fn(Scenario) -> Option<u8>,
    /// The power its text concerns, for whom it resolves.
    pub power: Power,
}

/// A card's use in a battle's combat-card window (§6.1).
#[derive(Clone, Copy)]
pub(crate) struct Combat {
    /// Played after both rolls (Janissaries, #1), else before them.
    pub after_roll: bool,
    /// Whether the card's text lets `seat.power` play it in this battle.
    pub allowed: fn(Seat) -> bool,
    /// Its effect on the battle (`Game::war.cards`, or the units).
    pub play: fn(&mut Game, Seat, &mut dyn Log),
}

/// A response card's use in a response window (§6.1, `frames::responses`).
#[derive(Clone, Copy)]
pub(crate) struct Response {
    /// Whether the card's text lets `window.power` play it in `window`
    /// (public facts only: it must not read the hands).
    pub usable: fn(&Game, Window) -> bool,
    /// Its effect; it may push decisions above the window, or cancel the
    /// announced step.
    pub play: fn(&mut Game, Window, &mut dyn Log) -> Answer,
}

/// CP an event gives that buy only what its text allows (Scots Raid, #97):
/// they are spent through a `Frame::Spend` whose `limit` is the card, on
/// the actions of the impulse (§11.2) that `allows` lets through, and the
/// `extra` ones the text adds.
#[derive(Clone, Copy)]
pub(crate) struct SpendLimit {
    /// Whether these CP may pay for `action`: a spend action, or a
    /// formation's step (`MoveTo`).
    pub allows: fn(Action) -> bool,
    /// Actions the text opens beyond the impulse's own, for `power` with
    /// `cp` left, not already in the list.
    pub extra: fn(&Game, Power, u8, &mut ActionList),
}

impl Game {
    /// The limit on the CP being spent: that of the innermost `Spend`
    /// frame's card, if any.
    pub(crate) fn spend_limit(&self) -> Option<SpendLimit> {
        let spend =
            self.stack.frames().filter_map(|f| if let Frame::Spend { limit, .. } = f { Some(*limit) } else { None });
        spend.last().flatten().and_then(card_event).and_then(|e| e.spend_limit)
    }

    /// Whether the CP being spent may pay for `action`.
    pub(crate) fn spend_allows(&self, action: Action) -> bool {
        self.spend_limit().is_none_or(|limit| (limit.allows)(action))
    }

    /// Limits `list`, the impulse's spend actions for `power` with `cp`
    /// left, to what the CP being spent may buy.
    pub(crate) fn limit_spend_actions(&self, power: Power, cp: u8, list: &mut ActionList) {
        if let Some(limit) = self.spend_limit() {
            list.retain(|a| (limit.allows)(*a));
            (limit.extra)(self, power, cp, list);
        }
    }

    /// Whether `action` is legal for the CP being spent, `open` being
    /// whether the impulse's own rules allow it.
    pub(crate) fn limited_spend_legal(&self, power: Power, cp: u8, action: Action, open: bool) -> bool {
        match self.spend_limit() {
            None => open,
            Some(limit) if !(limit.allows)(action) => false,
            Some(_) if open => true,
            Some(limit) => {
                let mut extra = ActionList::new();
                (limit.extra)(self, power, cp, &mut extra);
                extra.contains(&action)
            }
        }
    }

    /// Whether a loaded `Spend` frame's `limit` is a card whose event gives
    /// limited CP.
    pub(crate) fn spend_limit_fits(limit: Option<Card>) -> bool {
        limit.is_none_or(|card| card_event(card).is_some_and(|e| e.spend_limit.is_some()))
    }
}

/// Whether `frame` is a decision of a diplomatic card's event (§24.3).
fn is_diplomatic_step(frame: &&Frame) -> bool {
    matches!(frame, Frame::Event(step) if step.card.kind() == CardKind::Diplomacy)
}

/// The decisions of a card's event, made through [`Frame::Event`].
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    /// What the decision at `step` is about, for error messages.
    pub prompt: fn(EventStep) -> &'static str,
    /// The legal actions at `step`.
    pub actions: fn(&Game, EventStep, &mut ActionList),
    /// Applies the (legal) action at `step`; the step's frame is on top and
    /// the card's code pops or replaces it.
    pub apply: fn(&mut Game, EventStep, Action, &mut dyn Log),
    /// Whether a loaded `step` is one the card's code can go on from
    /// (`Game::validate`).
    pub fits: fn(EventStep) -> bool,
}

/// A decision of a card's event in progress: the generic event frame's
/// data. What `step`, `left`, `target` and `flag` mean is the card's own
/// business (its `Steps` and their doc comments say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct EventStep {
    /// The card whose event asks.
    pub card: Card,
    /// The power that decides.
    pub power: Power,
    /// Which of the card's decisions this is.
    pub step: u8,
    /// A count left (markers to place, units to raise).
    pub left: u8,
    /// A power the decision concerns.
    pub target: Option<Power>,
    /// A yes/no the card keeps between decisions.
    pub flag: bool,
    /// A space the decision concerns (chosen at an earlier step).
    #[cfg_attr(feature = "serde", serde(default))]
    pub space: Option<Space>,
    /// Cards the decision concerns (drawn at an earlier step).
    #[cfg_attr(feature = "serde", serde(default))]
    pub cards: [Option<Card>; 2],
    /// Spaces already used at earlier steps (Plague, #209: at most one
    /// unit from each space).
    #[cfg_attr(feature = "serde", serde(default))]
    pub used: [Option<Space>; 2],
}

impl EventStep {
    /// The first decision of `card`'s event, made by `power`.
    pub(crate) fn new(card: Card, power: Power) -> EventStep {
        EventStep {
            card,
            power,
            step: 0,
            left: 0,
            target: None,
            flag: false,
            space: None,
            cards: [None; 2],
            used: [None; 2],
        }
    }
}

/// The `step` of an event decision whose choice was announced and its
/// response window closed: the card's code applies the choice this time
/// (`frames::responses::Moment::Choice`).
pub(crate) const ANNOUNCED: u8 = u8::MAX;

/// The built events, theme by theme.
const THEMES: [&[CardEvent]; 22] = [
    home::EVENTS,
    religion::EVENTS,
    politics::EVENTS,
    england::EVENTS,
    naval::EVENTS,
    combat::EVENTS,
    responses::EVENTS,
    spring::EVENTS,
    reformers::EVENTS,
    papacy::EVENTS,
    unrest::EVENTS,
    inquisition::EVENTS,
    war::EVENTS,
    money::EVENTS,
    fortresses::EVENTS,
    minors::EVENTS,
    minors::ALLIANCE_EVENTS,
    new_world::EVENTS,
    foreign_wars::EVENTS,
    raids::EVENTS,
    diplomatic::EVENTS,
    invasions::EVENTS,
];

/// The registry: the built event of each card, by card index.
static REGISTRY: [Option<&CardEvent>; Card::COUNT] = build(&THEMES);

const fn build(themes: &[&'static [CardEvent]]) -> [Option<&'static CardEvent>; Card::COUNT] {
    let mut table: [Option<&'static CardEvent>; Card::COUNT] = [None; Card::COUNT];
    let mut t = 0;
    while t < themes.len() {
        let theme = themes[t];
        let mut i = 0;
        while i < theme.len() {
            let entry = &theme[i];
            assert!(table[entry.card.index()].is_none(), "a card is registered twice");
            table[entry.card.index()] = Some(entry);
            i += 1;
        }
        t += 1;
    }
    table
}

/// The response cards (those with a [`Response`] use), in card order.
static RESPONSES: [Option<(Card, Response)>; MAX_RESPONSES] = responses(&REGISTRY);

/// Room for the response cards of the deck (#31-#38, #115) and a few more.
const MAX_RESPONSES: usize = 16;

const fn responses(registry: &[Option<&'static CardEvent>; Card::COUNT]) -> [Option<(Card, Response)>; MAX_RESPONSES] {
    let mut table = [None; MAX_RESPONSES];
    let (mut i, mut n) = (0, 0);
    while i < registry.len() {
        if let Some(entry) = registry[i] {
            if let Some(response) = entry.response {
                assert!(n < MAX_RESPONSES, "more response cards than MAX_RESPONSES");
                table[n] = Some((entry.card, response));
                n += 1;
            }
        }
        i += 1;
    }
    table
}

/// The response cards and their uses.
pub(crate) fn response_cards() -> impl Iterator<Item = (Card, Response)> {
    RESPONSES.iter().map_while(|r| *r)
}

/// `card`'s use as a response, if it has one.
pub(crate) fn response_use(card: Card) -> Option<Response> {
    card_event(card).and_then(|e| e.response)
}

/// The cards played after a battle's roll (Janissaries, Professional
/// Rowers, Siege Artillery), in card order.
static AFTER_ROLL: [Option<(Card, Combat)>; MAX_AFTER_ROLL] = after_roll(&REGISTRY);

/// Room for the cards played after a battle's roll.
const MAX_AFTER_ROLL: usize = 8;

const fn after_roll(registry: &[Option<&'static CardEvent>; Card::COUNT]) -> [Option<(Card, Combat)>; MAX_AFTER_ROLL] {
    let mut table = [None; MAX_AFTER_ROLL];
    let (mut i, mut n) = (0, 0);
    while i < registry.len() {
        if let Some(entry) = registry[i] {
            if let Some(combat) = entry.combat {
                if combat.after_roll {
                    assert!(n < MAX_AFTER_ROLL, "more after-roll cards than MAX_AFTER_ROLL");
                    table[n] = Some((entry.card, combat));
                    n += 1;
                }
            }
        }
        i += 1;
    }
    table
}

/// The cards played after the roll in a battle (§6.1), with their use.
pub(crate) fn after_roll_cards() -> impl Iterator<Item = (Card, Combat)> {
    AFTER_ROLL.iter().map_while(|r| *r)
}

/// The built event of `card`, if any.
pub(crate) fn card_event(card: Card) -> Option<&'static CardEvent> {
    REGISTRY[card.index()]
}

/// Whether the engine has built `card`'s event.
pub(crate) fn event_built(card: Card) -> bool {
    card_event(card).is_some()
}

/// A card's own condition for being played as an event (true where the
/// card's text sets none, or it is not built).
pub(crate) fn card_condition(game: &Game, power: Power, card: Card) -> bool {
    card_event(card).is_none_or(|e| (e.playable)(game, power))
}

/// Any power, any time: the card's text sets no condition of its own.
pub(crate) fn always(_: &Game, _: Power) -> bool {
    true
}

/// The card's combat-card use, if it has one.
pub(crate) fn combat_use(card: Card) -> Option<Combat> {
    card_event(card).and_then(|e| e.combat)
}

/// The turn in whose winter `card` is forced, if it is a built mandatory
/// event with a deadline in `scenario`.
pub(crate) fn forced_turn(card: Card, scenario: Scenario) -> Option<u8> {
    card_event(card).and_then(|e| e.forced).and_then(|f| (f.deadline)(scenario))
}

/// The steps of the card a generic event frame belongs to.
fn steps_of(step: EventStep) -> Option<Steps> {
    card_event(step.card).and_then(|e| e.steps)
}

// --- Battles fought for a card (`frames::battle::card`) ---

/// The kind of a card battle, for the combat cards' texts: #95 Sack of
/// Rome's, or a foreign war's (docs/rulings.md CB5, FW4).
pub(crate) fn card_battle_kind(battle: CardBattle) -> BattleKind {
    if battle.card == Card::SackOfRome { BattleKind::SackOfRome } else { BattleKind::ForeignWar }
}

/// The major powers defending in a card battle: the Papacy against the
/// sack (§21.5); nobody in a foreign war (the independents, §21.7).
pub(crate) fn card_battle_defenders(_: &Game, battle: CardBattle) -> EnumSet<Power> {
    match card_battle_kind(battle) {
        BattleKind::SackOfRome => [Power::Papacy].into_iter().collect(),
        _ => EnumSet::EMPTY,
    }
}

/// The land units on each side of a card battle (0 the attacker).
pub(crate) fn card_battle_units(game: &Game, battle: CardBattle) -> [u8; 2] {
    match ForeignWar::of_card(battle.card) {
        Some(war) => foreign_wars::battle_units(game, war),
        None => raids::sack_units(game, battle),
    }
}

/// A side's main dice in a card battle with `units` standing, before the
/// combat cards.
pub(crate) fn card_battle_dice(game: &Game, battle: CardBattle, side: usize, units: u8) -> u8 {
    match ForeignWar::of_card(battle.card) {
        Some(war) => foreign_wars::battle_dice(game, war, side, units),
        None => raids::sack_dice(game, battle, side, units),
    }
}

/// The card battle's result, after both rolls and their windows.
pub(crate) fn resolve_card_battle(game: &mut Game, battle: CardBattle, log: &mut dyn Log) {
    match ForeignWar::of_card(battle.card) {
        Some(war) => foreign_wars::resolve_fight(game, war, log),
        None => raids::resolve_sack(game, battle, log),
    }
}

impl Game {
    /// Whether a loaded card-event decision is one the engine can go on
    /// from: the card has built steps, and they accept the step's data.
    pub(crate) fn event_step_fits(&self, step: EventStep) -> bool {
        steps_of(step).is_some_and(|s| (s.fits)(step))
    }
}

impl EventStep {
    /// What the decision is about, for error messages.
    pub(crate) fn prompt(self) -> &'static str {
        steps_of(self).map_or("a choice of a card event", |s| (s.prompt)(self))
    }
}

/// The most extra dice an event gives a debate's Papal attacker (Thomas
/// More, #112, in the English zone).
pub(crate) const MAX_DEBATE_EXTRA_DICE: u8 = 3;

/// The CP a mandatory event gives after it resolves (§6.1), but Luther's 95
/// Theses (#8), which gives none.
pub(crate) const MANDATORY_CP: u8 = 2;

impl Game {
    /// The legal actions at a card event's decision: the card's own.
    pub(crate) fn event_step_actions(&self, step: EventStep, list: &mut ActionList) {
        if let Some(steps) = steps_of(step) {
            (steps.actions)(self, step, list);
        }
    }

    /// Applies a card event's decision: the card's own code.
    pub(crate) fn apply_event_step(&mut self, step: EventStep, action: Action, log: &mut dyn Log) {
        match steps_of(step) {
            Some(steps) => (steps.apply)(self, step, action, log),
            None => {
                self.stack.pop();
            }
        }
        self.check_sieges_after_event(log);
    }

    /// §15.3 after an event's code or one of its decisions: every siege is
    /// checked, unless the event still waits for a decision of its own
    /// (then at its end, so that a broken siege's retreat never sits on the
    /// event's decision: 1532 seed 1,039,661).
    pub(crate) fn check_sieges_after_event(&mut self, log: &mut dyn Log) {
        if !matches!(self.stack.top(), Some(Frame::Event(_))) {
            self.check_all_sieges(log);
        }
    }

    /// Whether `power` may play `card` from its hand as its event now: in
    /// its impulse (§6.1, §6.2, §11.1), the event is built, the card's kind
    /// and text allow it (`rules::events::event_condition`), and the card
    /// has not been played as an event this turn; in a battle's combat-card
    /// window, the combat cards (and after the roll Janissaries) the window
    /// allows it (`frames::combat_cards`); in a response window, the
    /// response cards usable there (`frames::responses`).
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.give_card(Power::France, Card::MasterOfItaly)?;
    /// assert!(game.can_play_event(Power::France, Card::MasterOfItaly));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn can_play_event(&self, power: Power, card: Card) -> bool {
        // In the two-player diplomacy phase: the diplomatic cards it may
        // play (§24.3, `frames::dip_deck`).
        if let Some(&Frame::DiplomaticPlay { power: player }) = self.stack.top() {
            return player == power && event_built(card) && self.dip_playable(power).contains(card);
        }
        // At a diplomatic card's own decision that plays another card
        // (Machiavelli, #215: an invasion card; ruling DC5): the cards it
        // offers. (Other cards' steps may ask this function themselves.)
        if let Some(&Frame::Event(step)) = self.stack.top().filter(is_diplomatic_step) {
            let mut list = ActionList::new();
            self.event_step_actions(step, &mut list);
            if list.iter().any(|a| matches!(a, Action::PlayEvent(_))) {
                return self.seated(step.power) == power && list.contains(&Action::PlayEvent(card));
            }
        }
        // In a battle's combat-card window: that window's cards (§6.1).
        if let Some(allowed) = self.combat_window_allows(power, card) {
            return allowed;
        }
        // In a response window: the response cards usable there (§6.1).
        if let Some(&Frame::Response(window)) = self.stack.top() {
            return window.power == power && self.response_usable(window, card);
        }
        // The diplomacy-phase uses (rulings DU1, DU3): #69 or #108 paying an
        // intervention; #73 while suing for peace.
        if let Some(allowed) = self.diplomacy_use_allows(power, card) {
            return allowed;
        }
        self.hand(power).contains(card)
            && event_built(card)
            && !self.event_played_this_turn(card)
            && crate::rules::events::event_condition(self, power, card)
    }

    /// Whether `power` may play `card` at the decision on top, if it is an
    /// intervention in the declarations of war (#69, #108) or a peace's
    /// step 5 (#73); `None` at any other decision.
    fn diplomacy_use_allows(&self, power: Power, card: Card) -> Option<bool> {
        match *self.stack.top()? {
            Frame::Intervention { power: p, minor, .. } => Some(
                p == power
                    && matches!(self.stack.below(1), Some(Frame::Declarations { .. }))
                    && minors::intervention_card_playable(self, power, minor) == Some(card),
            ),
            Frame::Peace { loser, winner, step: crate::frames::peace::PeaceStep::Keys, .. } => {
                Some(loser == power && card == Card::DiplomaticMarriage && marriage_may_restore(self, loser, winner))
            }
            _ => None,
        }
    }

    /// Plays `card` from `power`'s hand as its event (§6.1, §6.2): the card
    /// leaves the hand and goes to the power card (home cards), out of the
    /// game (red dagger, or a conditional removal whose condition holds) or
    /// to the discard pile; a mandatory event then gives 2 CP to spend,
    /// below any decision the event itself asks for.
    pub(crate) fn play_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        self.passes_in_row = 0;
        self.card_played_as_event(power, card, log);
        if card.kind() == CardKind::Mandatory && card != Card::Luthers95Theses {
            self.stack.push(Frame::spend(power, MANDATORY_CP, None));
        }
        if self.event_may_be_answered(power, card) {
            self.announce(power, Moment::Event { card }, log);
        } else {
            self.resolve_event(power, card, log);
        }
    }

    /// `power` takes `card` back from the discard pile into its hand (Here I
    /// Stand #65, Frederick the Wise #78, Papal Inquisition #56, Thomas
    /// Cromwell #112). The card is named as it is taken, so every other
    /// power knows it is in that hand (the view keeps it shown, ruling L4).
    pub(crate) fn retrieve_from_discard(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        self.discard.remove(card);
        self.hands[power.index()].insert(card);
        for viewer in Power::ALL.into_iter().filter(|&v| v != power) {
            self.seen.add(viewer, power, card);
        }
        log.event(Event::CardRetrieved { power, card });
    }

    /// The card side of an event play (§6.1, §6.2): `card` leaves `power`'s
    /// hand, counts as played this turn and goes to the power card (home
    /// cards), out of the game or to the discard pile. Also for the uses
    /// that resolve elsewhere: #69 and #108 paying an intervention (§9.6),
    /// #73 while suing for peace (§9.3 note 1).
    pub(crate) fn card_played_as_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        self.hands[power.index()].remove(card);
        self.events_played[power.index()].insert(card);
        log.event(Event::CardPlayedAsEvent { power, card });
        if card.kind() != CardKind::Home {
            if self.removed_after_event(power, card) {
                self.removed.insert(card);
            } else {
                self.discard.insert(card);
            }
        }
    }

    /// Resolves `card`'s event for `power` (after its response window).
    ///
    /// After an event's code and after each of its decisions (once it no
    /// longer waits for one of its own), every siege is checked: a siege
    /// is broken when an event leaves the
    /// besiegers no longer outnumbering the units inside (§15.3, "due to an
    /// Event card play"), say Unpaid Mercenaries removing them.
    pub(crate) fn resolve_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        if let Some(event) = card_event(card) {
            (event.resolve)(self, power, log);
        }
        self.check_sieges_after_event(log);
    }

    /// An event announced in a response window resolves when the window
    /// closes. If a response took away what its condition needs (say
    /// Landsknechts removed the last mercenaries Unpaid Mercenaries would
    /// remove), it has no effect (ruling E14).
    pub(crate) fn resolve_announced_event(&mut self, power: Power, card: Card, log: &mut dyn Log) {
        if card_event(card).is_some_and(|e| (e.playable)(self, power)) {
            self.resolve_event(power, card, log);
        } else {
            log.event(Event::EventNoEffect { power, card });
        }
    }

    /// Whether `card` played as `power`'s event opens a response window
    /// (§6.1): in its action-phase impulse, and not a mandatory event (no
    /// response answers one: The Wartburg may not cancel them, #37).
    fn event_may_be_answered(&self, power: Power, card: Card) -> bool {
        self.phase == crate::types::Phase::Action
            && card.kind() != CardKind::Mandatory
            && self.stack.is_empty()
            && impulse_powers(self.scenario()).contains(&power)
    }

    /// Whether `card` leaves the game after `power` plays it as an event
    /// now (§6.2): its red dagger, or its printed condition, read before
    /// the event resolves.
    fn removed_after_event(&self, power: Power, card: Card) -> bool {
        match card_event(card).map(|e| e.leaves) {
            Some(Leaves::If(removed)) => removed(self, power),
            Some(Leaves::Printed) | None => card.removal() == Removal::Removed,
        }
    }

    /// §19 step 8: each built mandatory event whose deadline is this turn
    /// and that has not been played (it is still in the deck, the discard
    /// pile or a hand) resolves as if played, with no CP, and leaves the
    /// game. Events asking for decisions push their frames.
    pub(crate) fn forced_mandatory_events(&mut self, log: &mut dyn Log) {
        let scenario = self.scenario();
        let mut in_game = self.deck.union(self.discard);
        for hand in self.hands {
            in_game = in_game.union(hand);
        }
        for card in Card::ALL {
            let Some(event) = card_event(card) else { continue };
            let Some(forced) = event.forced else { continue };
            if (forced.deadline)(scenario) == Some(self.turn) && in_game.contains(card) {
                self.take_card_out(card);
                self.removed.insert(card);
                log.event(Event::MandatoryEventForced(card));
                (event.resolve)(self, forced.power, log);
            }
        }
    }

    /// `power` draws the top card of the deck, a random one of it (none if
    /// the deck is empty).
    pub(crate) fn draw_from_deck(&mut self, power: Power, log: &mut dyn Log) {
        if self.deck.is_empty() {
            return;
        }
        let pick = self.random_below(self.deck.len());
        if let Some(card) = self.deck.nth(pick) {
            self.deck.remove(card);
            self.hands[power.index()].insert(card);
            log.event(Event::CardDrawnFromDeck(power));
        }
    }

    /// A ruler card takes its power's throne (§3.3; #10, #14, #16, #20, #22).
    pub(crate) fn new_ruler(&mut self, ruler: Ruler, log: &mut dyn Log) {
        let power = ruler.power();
        self.rulers[power.index()] = ruler;
        log.event(Event::RulerChanged { power, ruler });
    }

    /// Puts `leader` in `space`, or lets `power` choose among `spaces` (a
    /// non-player power of the two-player game takes the first).
    pub(crate) fn place_leader(&mut self, power: Power, leader: Leader, spaces: EnumSet<Space>, log: &mut dyn Log) {
        let chooses = impulse_powers(self.scenario()).contains(&power);
        match spaces.iter().next() {
            None => {}
            Some(space) if spaces.len() == 1 || !chooses => self.put_leader(leader, space, log),
            Some(_) => self.stack.push(Frame::PlaceLeader { power, leader, spaces }),
        }
    }

    pub(crate) fn put_leader(&mut self, leader: Leader, space: Space, log: &mut dyn Log) {
        let to = LeaderLocation::Space(space);
        self.leaders[leader.index()] = to;
        log.event(Event::LeaderPlaced { leader, to });
    }

    pub(crate) fn apply_place_leader(&mut self, leader: Leader, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::PlaceAt(space) = action {
            self.put_leader(leader, space, log);
        }
    }
}
