//! Card events (§6.1, §6.2, §19 step 8, §21): the conditions and counts the
//! event procedures read. Pure functions; the engine applies the events in
//! `events` (one entry per card).

use crate::game::{Game, LeaderLocation, Scenario};
use crate::rules::paths::{self, Metric};
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, LanguageZone, Leader, Power, Reformer, Religion, Ruler, Space};

/// The turn from which the Schmalkaldic League may form when played (#13).
pub const LEAGUE_FIRST_TURN: u8 = 2;
/// The Protestant spaces (unrest included) the League needs when played (#13).
pub const LEAGUE_SPACES: usize = 12;
/// The turn in whose winter the League forms whatever the count (#13, §19 step 8).
pub const LEAGUE_FORCED_TURN: u8 = 4;

/// Whether the Schmalkaldic League forms if its card resolves now (#13,
/// §21.6): from turn 2 with 12 or more Protestant spaces, spaces in unrest
/// included; or in the winter phase of turn 4, whatever the count.
///
/// ```
/// use here_i_stand::{Game, Phase, Religion, Scenario, Setup, Space};
/// use here_i_stand::rules::events::league_condition;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_turn(4)?;
/// assert!(!league_condition(&game));
/// game.set_phase(Phase::Winter)?;
/// assert!(league_condition(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn league_condition(game: &Game) -> bool {
    let spaces = game.turn() >= LEAGUE_FIRST_TURN && game.protestant_spaces().len() >= LEAGUE_SPACES;
    let forced = game.turn() == LEAGUE_FORCED_TURN && game.phase() == crate::types::Phase::Winter;
    spaces || forced
}

/// The five keys Master of Italy counts (#12).
pub const ITALIAN_KEYS: [Space; 5] = [Space::Genoa, Space::Milan, Space::Venice, Space::Florence, Space::Naples];

/// How many of the five Master of Italy keys `power` controls (#12).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::events::italian_keys_held;
///
/// // 1517: the Hapsburg holds Naples, France holds Milan.
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(italian_keys_held(&game, Power::Hapsburg), 1);
/// ```
pub fn italian_keys_held(game: &Game, power: Power) -> u8 {
    ITALIAN_KEYS.iter().filter(|&&s| game.controller(s) == Faction::from(power)).count() as u8
}

/// What Master of Italy (#12) gives a power holding `keys` of the five
/// Italian keys: `(bonus VP, draws a card)`. 3 keys: 1 VP; 4 or 5: 2 VP;
/// exactly 2: a card.
///
/// ```
/// use here_i_stand::rules::events::master_of_italy_award;
///
/// assert_eq!(master_of_italy_award(2), (0, true));
/// assert_eq!(master_of_italy_award(3), (1, false));
/// assert_eq!(master_of_italy_award(5), (2, false));
/// assert_eq!(master_of_italy_award(1), (0, false));
/// ```
pub fn master_of_italy_award(keys: u8) -> (i8, bool) {
    match keys {
        2 => (0, true),
        3 => (1, false),
        4.. => (2, false),
        _ => (0, false),
    }
}

/// The turn in whose winter a mandatory event not yet played resolves by
/// force (§19 step 8; the two-player sequence of play for #19 and #21).
///
/// ```
/// use here_i_stand::{Card, Scenario};
/// use here_i_stand::rules::events::forced_deadline;
///
/// assert_eq!(forced_deadline(Card::ClementVii, Scenario::Y1517), Some(2));
/// assert_eq!(forced_deadline(Card::MaryI, Scenario::Y1517), None);
/// assert_eq!(forced_deadline(Card::MaryI, Scenario::TwoPlayer), Some(8));
/// ```
pub fn forced_deadline(card: Card, scenario: Scenario) -> Option<u8> {
    crate::events::forced_turn(card, scenario)
}

/// Whether the engine has built `card`'s event: only those cards are
/// offered as events, and only those mandatory events are in the deck.
///
/// ```
/// use here_i_stand::Card;
/// use here_i_stand::rules::events::event_built;
///
/// assert!(event_built(Card::ClementVii));
/// assert!(event_built(Card::DipFrenchConstableInvades));
/// ```
pub fn event_built(card: Card) -> bool {
    crate::events::event_built(card)
}

/// Whether `card` is left out of `scenario`'s deck (§24.2, §24.3).
pub fn excluded_from(card: Card, scenario: Scenario) -> bool {
    match scenario {
        Scenario::Y1517 => false,
        Scenario::Y1532 | Scenario::Tournament => card.not_in_1532(),
        Scenario::TwoPlayer => card.not_in_two_player(),
    }
}

/// Whether `power` may play `card` as its event in its own impulse, as far
/// as the card's kind and text go (§6.1, §11.1): a mandatory event always
/// (its text may then do nothing); a home card only by its owner; never a
/// combat or diplomacy card; not an English event Mary I forbids (§21.3);
/// and the card's own condition, from its entry in the event registry
/// (e.g. Papal Bull, #5, needs someone to excommunicate). Whether the
/// engine has built the event and the once-per-turn limit are checked by
/// `Game::can_play_event`.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::events::event_condition;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(event_condition(&game, Power::France, Card::MasterOfItaly));
/// assert!(!event_condition(&game, Power::France, Card::Arquebusiers));
/// ```
pub fn event_condition(game: &Game, power: Power, card: Card) -> bool {
    let kind_allows = match card.kind() {
        CardKind::Mandatory => true,
        CardKind::Home => card.owner() == Some(power),
        CardKind::Combat | CardKind::Diplomacy => false,
        CardKind::Response | CardKind::Event => true,
    };
    kind_allows
        && !crate::rules::england::mary_forbids_event(game, power, card)
        && crate::events::card_condition(game, power, card)
}

/// Whether Charles V stands in a space of the Italian language zone
/// (Imperial Coronation, #113).
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::events::charles_v_in_italy;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Florence))?;
/// assert!(charles_v_in_italy(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn charles_v_in_italy(game: &Game) -> bool {
    matches!(game.leader_location(Leader::CharlesV), LeaderLocation::Space(s) if s.language() == Some(LanguageZone::Italian))
}

/// The powers that draw a card when `player` plays Imperial Coronation
/// (#113): the Hapsburg and the player, if Charles V is in the Italian
/// zone (a Hapsburg play draws one card); else none.
pub fn imperial_coronation_draws(game: &Game, player: Power) -> EnumSet<Power> {
    if !charles_v_in_italy(game) {
        return EnumSet::EMPTY;
    }
    [Power::Hapsburg, player].into_iter().collect()
}

/// The powers that draw a card by La Forêt's Embassy in Istanbul (#114):
/// France and the Ottoman if they are allied; else none.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::events::la_foret_draws;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(la_foret_draws(&game).is_empty());
/// game.set_alliance(Power::France, Power::Ottoman, true)?;
/// assert_eq!(la_foret_draws(&game).len(), 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn la_foret_draws(game: &Game) -> EnumSet<Power> {
    if game.allied(Power::France, Power::Ottoman) {
        [Power::France, Power::Ottoman].into_iter().collect()
    } else {
        EnumSet::EMPTY
    }
}

/// Whether the Papacy wins ties in counter-reformation attempts (§18.4):
/// under Paul III (#14) and Julius III (#22).
///
/// ```
/// use here_i_stand::{Game, Power, Ruler, Scenario, Setup};
/// use here_i_stand::rules::events::papacy_wins_ties;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!papacy_wins_ties(&game));
/// game.set_ruler(Power::Papacy, Ruler::PaulIii)?;
/// assert!(papacy_wins_ties(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn papacy_wins_ties(game: &Game) -> bool {
    matches!(game.ruler(Power::Papacy), Ruler::PaulIii | Ruler::JuliusIii)
}

/// The space each of the League's two leaders is placed near (§21.6): John
/// Frederick near Wittenberg, Philip of Hesse near Kassel.
pub fn league_leader_origin(leader: Leader) -> Option<Space> {
    match leader {
        Leader::JohnFrederick => Some(Space::Wittenberg),
        Leader::PhilipOfHesse => Some(Space::Kassel),
        _ => None,
    }
}

/// Where a League leader may be placed when the Schmalkaldic League forms
/// (§21.6): with the Protestant stack nearest his origin (ties: the
/// Protestant chooses). With no Protestant stack on the map, in the nearest
/// Protestant-controlled space (our ruling); empty if there is none, or for
/// another leader.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Leader, Scenario, Setup, Space};
/// use here_i_stand::rules::events::league_leader_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Mainz, Faction::Protestant, LandUnits::regulars(1))?;
/// assert_eq!(league_leader_spaces(&game, Leader::PhilipOfHesse).iter().collect::<Vec<_>>(), [Space::Mainz]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn league_leader_spaces(game: &Game, leader: Leader) -> EnumSet<Space> {
    let Some(origin) = league_leader_origin(leader) else {
        return EnumSet::EMPTY;
    };
    let stacks: EnumSet<Space> = game
        .land_stack_tuples()
        .filter(|&(_, f, units, _)| f == Faction::Protestant && !units.is_empty())
        .map(|(s, ..)| s)
        .collect();
    let (near, _) = if stacks.is_empty() {
        paths::nearest(origin, Metric::LandAndSea, |s| game.in_play(s) && game.controller(s) == Faction::Protestant)
    } else {
        paths::nearest(origin, Metric::LandAndSea, |s| stacks.contains(s))
    };
    near
}

/// Where Henry II may be placed when he takes the French throne (#20):
/// Paris, if France controls it, or Francis I's space, if he is on the map.
/// In the two-player game only Francis's space: French leaders enter there
/// with the invasion cards (§24.3, our ruling), so with Francis off the map
/// Henry waits off it too.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::events::henry_ii_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Lyon))?;
/// assert_eq!(henry_ii_spaces(&game).len(), 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn henry_ii_spaces(game: &Game) -> EnumSet<Space> {
    let mut spaces = EnumSet::EMPTY;
    if game.controller(Space::Paris) == Faction::France && game.scenario() != Scenario::TwoPlayer {
        spaces.insert(Space::Paris);
    }
    if let LeaderLocation::Space(s) = game.leader_location(Leader::FrancisI) {
        spaces.insert(s);
    }
    spaces
}

/// The rulers Papal Bull (#5) may excommunicate now (§21.5): Henry VIII,
/// Francis I or Henry II, and Charles V, each while ruling, with grounds,
/// and never excommunicated before in this game (Francis I and Henry II
/// share one box: only one of them, once). None in the two-player game,
/// whose card face replaces this use by one in the diplomacy phase (§24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Ruler, Scenario, Setup};
/// use here_i_stand::rules::events::excommunicable_rulers;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(excommunicable_rulers(&game).is_empty());
/// game.set_war(Power::France, Power::Papacy, true)?;
/// assert_eq!(excommunicable_rulers(&game).iter().collect::<Vec<_>>(), [Ruler::FrancisI]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn excommunicable_rulers(game: &Game) -> EnumSet<Ruler> {
    if game.scenario() == Scenario::TwoPlayer {
        return EnumSet::EMPTY;
    }
    let once = game.rulers_excommunicated();
    let french_box_used = once.contains(Ruler::FrancisI) || once.contains(Ruler::HenryIi);
    [Ruler::HenryViii, Ruler::FrancisI, Ruler::HenryIi, Ruler::CharlesV]
        .into_iter()
        .filter(|&r| game.ruler(r.power()) == r && !once.contains(r))
        .filter(|&r| !(matches!(r, Ruler::FrancisI | Ruler::HenryIi) && french_box_used))
        .filter(|&r| excommunication_grounds(game, r))
        .collect()
}

/// Whether the Papacy has grounds to excommunicate `ruler` (§21.5): his
/// power is at war with the Papacy, or allied with the Ottoman, or he is
/// Henry VIII and an English home space is Protestant. An alliance with an
/// enemy of the Papacy is no ground.
///
/// ```
/// use here_i_stand::{Game, Religion, Ruler, Scenario, Setup, Space};
/// use here_i_stand::rules::events::excommunication_grounds;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!excommunication_grounds(&game, Ruler::HenryViii));
/// game.set_religion(Space::Calais, Religion::Protestant)?;
/// assert!(excommunication_grounds(&game, Ruler::HenryViii));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn excommunication_grounds(game: &Game, ruler: Ruler) -> bool {
    let power = ruler.power();
    let protestant_england = ruler == Ruler::HenryViii
        && Space::ALL.into_iter().any(|s| s.home() == Faction::England && game.religion(s) == Religion::Protestant);
    power != Power::Papacy
        && (game.at_war(power, Power::Papacy) || game.allied(power, Power::Ottoman) || protestant_england)
}

/// The reformers Papal Bull (#5) may excommunicate now (§21.5): those on
/// the map, never excommunicated before in this game (the Papacy always
/// has grounds against a reformer).
///
/// ```
/// use here_i_stand::{Game, Reformer, ReformerState, Scenario, Setup};
/// use here_i_stand::rules::events::excommunicable_reformers;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_reformer(Reformer::Zwingli, ReformerState::OnMap)?;
/// assert_eq!(excommunicable_reformers(&game).iter().collect::<Vec<_>>(), [Reformer::Zwingli]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn excommunicable_reformers(game: &Game) -> EnumSet<Reformer> {
    Reformer::ALL
        .into_iter()
        .filter(|&r| game.reformer_state(r) == crate::game::ReformerState::OnMap)
        .filter(|&r| !game.reformers_excommunicated().contains(r))
        .collect()
}

/// Whether Papal Bull (#5) has anyone to excommunicate now.
pub fn papal_bull_has_target(game: &Game) -> bool {
    !excommunicable_reformers(game).is_empty() || !excommunicable_rulers(game).is_empty()
}

/// The most unrest markers Papal Bull places on the excommunicated ruler's
/// power (§21.5).
pub const BULL_UNREST: u8 = 2;

/// Where the Papacy may place unrest after excommunicating `power`'s ruler
/// (§21.5): `power`'s home spaces in play that are Catholic, hold no land
/// units, naval units or leaders and are not already in unrest.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::events::bull_unrest_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(bull_unrest_spaces(&game, Power::England).contains(Space::York));
/// game.set_land_units(Space::York, Faction::England, LandUnits::regulars(1))?;
/// assert!(!bull_unrest_spaces(&game, Power::England).contains(Space::York));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn bull_unrest_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.home_of(s) == Faction::from(power) && game.in_play(s))
        .filter(|&s| game.religion(s) == Religion::Catholic && !game.in_unrest(s))
        .filter(|&s| free_for_unrest(game, s))
        .collect()
}

/// Whether an unrest event may put `space` in unrest (§12.4): no land
/// units, no naval units in port and no leaders there.
pub fn free_for_unrest(game: &Game, space: Space) -> bool {
    use crate::game::NavalLocation;
    game.land_units_in(space).all(|(_, units, _)| units.is_empty())
        && game.naval_stacks().all(|(at, _, units)| at != NavalLocation::Port(space) || units.total() == 0)
        && game.leaders_at(space).next().is_none()
}

/// The debater of a reformer (§18.5): each reformer is also a debater.
pub fn reformer_debater(reformer: Reformer) -> crate::types::Debater {
    use crate::types::Debater;
    match reformer {
        Reformer::Luther => Debater::Luther,
        Reformer::Zwingli => Debater::Zwingli,
        Reformer::Calvin => Debater::Calvin,
        Reformer::Cranmer => Debater::Cranmer,
    }
}

/// The cards `power` may give up in a discard of its choice (§6.1): neither
/// a home card nor a mandatory event. Empty, the discard is skipped.
pub fn discard_choices(game: &Game, power: Power) -> EnumSet<Card> {
    game.hand(power).iter().filter(|c| !matches!(c.kind(), CardKind::Home | CardKind::Mandatory)).collect()
}
