//! Home-card events (§6.1, §21): the conditions and tables their
//! procedures read. Pure functions; the engine plays them in
//! `frames::home_cards` (Janissaries, #1, is in `rules::combat_cards`).

use crate::game::{Game, LeaderLocation};
use crate::sets::EnumSet;
use crate::types::{
    Card, CardKind, Debater, DebaterSide, Faction, LanguageZone, Leader, Power, Reformer, Ruler, Space, SpaceKind,
};

/// The most chateau VP France can hold (the track runs 0-6, §21.4).
pub const CHATEAUX_MAX: u8 = 6;

/// Whether France may play Patron of the Arts (#4) as its event (§21.4):
/// Francis I rules and is neither captured nor besieged (in a space where
/// the French units are besieged, or with no French units in a fortified
/// space enemy land units hold), and the chateaux track is not full.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::home_cards::patron_condition;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris))?;
/// assert!(patron_condition(&game));
/// game.set_chateaux_vp(6)?;
/// assert!(!patron_condition(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn patron_condition(game: &Game) -> bool {
    if game.ruler(Power::France) != Ruler::FrancisI || game.chateaux_vp() >= CHATEAUX_MAX {
        return false;
    }
    leader_free(game, Leader::FrancisI, Faction::France)
}

/// Whether `leader` of `faction` is on the map and neither captured nor
/// besieged (in a space where its faction's units are besieged, or with
/// none of them in a fortified space enemy land units hold).
fn leader_free(game: &Game, leader: Leader, faction: Faction) -> bool {
    let Some(power) = faction.major() else { return false };
    match game.leader_location(leader) {
        LeaderLocation::Space(s) => {
            let own = game.land_units(s, faction);
            let besieged = if own.is_empty() {
                game.is_fortified(s) && game.has_enemy_land_units(power, s)
            } else {
                game.is_besieged(s, faction)
            };
            !besieged
        }
        _ => false,
    }
}

/// Whether the Hapsburg may play Holy Roman Emperor (#2) as its event
/// (§21.2): Charles V is on the map, neither captured nor besieged.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::home_cards::emperor_condition;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!emperor_condition(&game));
/// game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Valladolid))?;
/// assert!(emperor_condition(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn emperor_condition(game: &Game) -> bool {
    leader_free(game, Leader::CharlesV, Faction::Hapsburg)
}

/// Where Holy Roman Emperor (#2) may move Charles V (§21.2): Hapsburg home
/// spaces in play that the Hapsburg controls, not in unrest, holding no
/// enemy land units, other than the one he stands in.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, Scenario, Setup, Space};
/// use here_i_stand::rules::home_cards::emperor_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Valladolid))?;
/// assert!(emperor_spaces(&game).contains(Space::Vienna));
/// assert!(!emperor_spaces(&game).contains(Space::Valladolid));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn emperor_spaces(game: &Game) -> crate::sets::EnumSet<Space> {
    let here = match game.leader_location(Leader::CharlesV) {
        LeaderLocation::Space(s) => Some(s),
        _ => None,
    };
    Space::ALL
        .into_iter()
        .filter(|&s| {
            Some(s) != here
                && game.home_of(s) == Faction::Hapsburg
                && game.in_play(s)
                && game.controller(s) == Faction::Hapsburg
                && !game.in_unrest(s)
                && !game.has_enemy_land_units(Power::Hapsburg, s)
        })
        .collect()
}

/// The modifier to the chateaux roll (§21.4, the French power card): +2
/// if France controls Milan, +1 Florence, +2 if it controls 3 keys of the
/// Italian zone, +1 in the Tournament scenario; -1 if another power
/// controls a French home space, -2 if enemy land units stand in one.
///
/// ```
/// use here_i_stand::{Faction, Game, Scenario, Setup, Space};
/// use here_i_stand::rules::home_cards::chateaux_modifier;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(chateaux_modifier(&game), 2); // Milan is French in 1517
/// game.set_controller(Space::Lyon, Faction::Hapsburg)?;
/// assert_eq!(chateaux_modifier(&game), 1);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn chateaux_modifier(game: &Game) -> i8 {
    let french = |s: Space| game.controller(s) == Faction::France;
    let italian_keys = Space::ALL
        .into_iter()
        .filter(|&s| s.kind() == SpaceKind::Key && s.language() == Some(LanguageZone::Italian) && french(s))
        .count();
    let home: smallvec::SmallVec<[Space; 24]> =
        Space::ALL.into_iter().filter(|&s| s.home() == Faction::France && game.in_play(s)).collect();
    let mut m = 0;
    if french(Space::Milan) {
        m += 2;
    }
    if french(Space::Florence) {
        m += 1;
    }
    if italian_keys >= 3 {
        m += 2;
    }
    if game.scenario() == crate::game::Scenario::Tournament {
        m += 1;
    }
    if home.iter().any(|&s| !french(s)) {
        m -= 1;
    }
    if home.iter().any(|&s| game.has_enemy_land_units(Power::France, s)) {
        m -= 2;
    }
    m
}

/// What a modified chateaux roll gives (§21.4): `(chateau VP, cards drawn,
/// cards discarded)`. 8 or more: 1 VP, draw 2, discard 1; 5-7: 1 VP, draw
/// 1; 3-4: 1 VP, draw 1, discard 1; 2 or less: draw 2, discard 1.
///
/// ```
/// use here_i_stand::rules::home_cards::chateaux_result;
/// assert_eq!(chateaux_result(9), (1, 2, 1));
/// assert_eq!(chateaux_result(5), (1, 1, 0));
/// assert_eq!(chateaux_result(3), (1, 1, 1));
/// assert_eq!(chateaux_result(0), (0, 2, 1));
/// ```
pub fn chateaux_result(roll: i8) -> (u8, u8, u8) {
    match roll {
        8.. => (1, 2, 1),
        5..=7 => (1, 1, 0),
        3..=4 => (1, 1, 1),
        _ => (0, 2, 1),
    }
}

/// Whether Luther is alive (#7): his debater is in play, committed or not
/// (an excommunicated Luther, off the map for the turn, is alive; a burned
/// one is not).
///
/// ```
/// use here_i_stand::{Debater, DebaterState, Game, Scenario, Setup};
/// use here_i_stand::rules::home_cards::luther_alive;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_debater(Debater::Luther, DebaterState::Committed)?;
/// assert!(luther_alive(&game));
/// game.set_debater(Debater::Luther, DebaterState::Burned)?;
/// assert!(!luther_alive(&game));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn luther_alive(game: &Game) -> bool {
    crate::rules::debate::in_play(game.debater_state(Debater::Luther))
}

/// The cards `power` may retrieve from the discard pile (§6.2; Here I
/// Stand #7, Papal Inquisition #56): any card there but a mandatory event
/// and a card `power` itself played as an event, response or combat card
/// this turn (diplomacy cards of the two-player deck are not the main
/// deck's discard pile).
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::home_cards::retrievable_cards;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.discard_card(Card::Erasmus)?;
/// game.discard_card(Card::ClementVii)?;
/// let cards = retrievable_cards(&game, Power::Protestant);
/// assert!(cards.contains(Card::Erasmus) && !cards.contains(Card::ClementVii));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn retrievable_cards(game: &Game, power: Power) -> EnumSet<Card> {
    game.discard_pile().iter().filter(|&c| may_retrieve(game, power, c)).collect()
}

/// Whether `power` may retrieve `card` from the discard pile (§6.2): it
/// is there, it is not a mandatory event (nor a two-player diplomacy
/// card), and `power` did not play it as an event, response or combat
/// card earlier in the turn. Every retrieval asks this:
/// Here I Stand (#7), Papal Inquisition (#56), Frederick the Wise (#78,
/// The Wartburg), Thomas Cromwell (#115, Dissolution of the Monasteries).
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::home_cards::may_retrieve;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.discard_card(Card::TheWartburg)?;
/// assert!(may_retrieve(&game, Power::Protestant, Card::TheWartburg));
/// game.set_event_played(Power::Protestant, Card::TheWartburg, true)?;
/// assert!(!may_retrieve(&game, Power::Protestant, Card::TheWartburg));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_retrieve(game: &Game, power: Power, card: Card) -> bool {
    game.discard_pile().contains(card)
        && !matches!(card.kind(), CardKind::Mandatory | CardKind::Diplomacy)
        && !game.events_played(power).contains(card)
}

/// Whether the Protestant may play Here I Stand (#7) as its event: Luther
/// is alive and a card may be retrieved from the discard pile.
pub fn here_i_stand_condition(game: &Game) -> bool {
    luther_alive(game) && !retrievable_cards(game, Power::Protestant).is_empty()
}

/// Whether the Protestant may now play Here I Stand (#7) in a debate in
/// `zone` to put Luther in place of its debater `current` (§18.5 steps
/// 2-3 and 7): the German zone, Luther alive and not already the
/// debater, the card in the Protestant's hand (a home card: public) and
/// not played as an event this turn. Luther may come in even when
/// committed, excommunicated or barred by Leipzig Debate (#6).
///
/// ```
/// use here_i_stand::{Card, Debater, DebaterState, Game, LanguageZone, Power, Scenario, Setup};
/// use here_i_stand::rules::home_cards::luther_may_substitute;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.give_card(Power::Protestant, Card::HereIStand)?;
/// game.set_debater(Debater::Luther, DebaterState::Committed)?;
/// assert!(luther_may_substitute(&game, LanguageZone::German, Debater::Carlstadt));
/// assert!(!luther_may_substitute(&game, LanguageZone::German, Debater::Luther));
/// assert!(!luther_may_substitute(&game, LanguageZone::French, Debater::Farel));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn luther_may_substitute(game: &Game, zone: LanguageZone, current: Debater) -> bool {
    zone == LanguageZone::German
        && current != Debater::Luther
        && luther_alive(game)
        && game.hand(Power::Protestant).contains(Card::HereIStand)
        && !game.event_played_this_turn(Card::HereIStand)
        // The Wartburg (#37): not until next turn.
        && !game.event_played_this_turn(Card::TheWartburg)
}

/// The Protestant debaters the Papacy may name as unavailable with
/// Leipzig Debate (#6) in a debate in `zone`: those in play for `zone`,
/// each only if another stays in play to defend.
///
/// ```
/// use here_i_stand::{Debater, DebaterState, Game, LanguageZone, Scenario, Setup};
/// use here_i_stand::rules::home_cards::leipzig_bars;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_debater(Debater::Luther, DebaterState::Uncommitted)?;
/// assert!(leipzig_bars(&game, LanguageZone::German).is_empty());
/// game.set_debater(Debater::Carlstadt, DebaterState::Committed)?;
/// assert_eq!(leipzig_bars(&game, LanguageZone::German).len(), 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn leipzig_bars(game: &Game, zone: LanguageZone) -> EnumSet<Debater> {
    let in_play = crate::rules::debate::debaters_in_play(game, Power::Protestant, zone);
    if in_play.len() >= 2 { in_play } else { EnumSet::EMPTY }
}

/// The language zone a reformer's excommunication concerns (§21.5): the
/// zone of his debater (German for Luther and Zwingli, French for Calvin,
/// English for Cranmer).
///
/// ```
/// use here_i_stand::{LanguageZone, Reformer};
/// use here_i_stand::rules::home_cards::reformer_zone;
/// assert_eq!(reformer_zone(Reformer::Calvin), LanguageZone::French);
/// assert_eq!(reformer_zone(Reformer::Zwingli), LanguageZone::German);
/// ```
pub fn reformer_zone(reformer: Reformer) -> LanguageZone {
    match crate::rules::events::reformer_debater(reformer).side() {
        DebaterSide::Protestant(zone) => zone,
        DebaterSide::Papal => LanguageZone::German,
    }
}
