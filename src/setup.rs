//! The scenarios' starting positions (§24): the setup tables as data, and
//! short functions that lay them out on a `Game::empty` board through the
//! editing API.
//!
//! `Game::empty` already holds the 1517 control and religion of every space,
//! Algiers out of play, the initial rulers and turn 1; each scenario adds its
//! units, leaders, diplomacy, people and cards, and changes what differs.

use crate::data::cards::Entry;
use crate::edit::EditError;
use crate::game::{DebaterState, Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits, ReformerState, Scenario};
use crate::rules::new_world::Voyage;
use crate::types::{
    Card, CardKind, Debater, Faction, LanguageZone, Leader, Phase, Power, Reformer, Religion, Ruler, Space,
};

/// One faction's land units in one space.
type Land = (Space, Faction, LandUnits);
/// One faction's naval units in one port.
type Naval = (Space, Faction, NavalUnits);

/// `n` regulars.
const fn reg(n: u8) -> LandUnits {
    LandUnits::regulars(n)
}

/// Regulars, mercenaries and cavalry.
const fn mixed(regulars: u8, mercenaries: u8, cavalry: u8) -> LandUnits {
    LandUnits { regulars, mercenaries, cavalry }
}

/// `n` squadrons.
const fn sq(n: u8) -> NavalUnits {
    NavalUnits::squadrons(n)
}

// --- 1517 (§24.1) --------------------------------------------------------

/// The 1517 land units (§24.1). Antwerp holds 3 regulars, as the scenario
/// book's transcription has it (Saito: 1; see the rulings).
const LAND_1517: &[Land] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Istanbul, Ottoman, mixed(7, 0, 1)),
        (S::Edirne, Ottoman, reg(1)),
        (S::Salonika, Ottoman, reg(1)),
        (S::Athens, Ottoman, reg(1)),
        (S::Valladolid, Hapsburg, reg(4)),
        (S::Seville, Hapsburg, reg(1)),
        (S::Barcelona, Hapsburg, reg(1)),
        (S::Navarre, Hapsburg, reg(1)),
        (S::Tunis, Hapsburg, reg(1)),
        (S::Naples, Hapsburg, reg(2)),
        (S::Besancon, Hapsburg, reg(1)),
        (S::Brussels, Hapsburg, reg(1)),
        (S::Vienna, Hapsburg, reg(4)),
        (S::Antwerp, Hapsburg, reg(3)),
        (S::London, England, reg(3)),
        (S::Calais, England, reg(2)),
        (S::York, England, reg(1)),
        (S::Bristol, England, reg(1)),
        (S::Paris, France, reg(4)),
        (S::Rouen, France, reg(1)),
        (S::Bordeaux, France, reg(2)),
        (S::Lyon, France, reg(1)),
        (S::Marseille, France, reg(1)),
        (S::Milan, France, reg(2)),
        (S::Rome, Papacy, reg(1)),
        (S::Ravenna, Papacy, reg(1)),
        (S::Venice, Venice, reg(2)),
        (S::Corfu, Venice, reg(1)),
        (S::Candia, Venice, reg(1)),
        (S::Genoa, Genoa, reg(2)),
        (S::Belgrade, HungaryBohemia, reg(1)),
        (S::Buda, HungaryBohemia, reg(5)),
        (S::Prague, HungaryBohemia, reg(1)),
        (S::Edinburgh, Scotland, reg(3)),
        // The Knights of St John.
        (S::Rhodes, Independent, reg(1)),
        (S::Metz, Independent, reg(1)),
        (S::Florence, Independent, reg(1)),
    ]
};

/// The 1517 squadrons (§24.1).
const NAVAL_1517: &[Naval] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Istanbul, Ottoman, sq(1)),
        (S::Salonika, Ottoman, sq(1)),
        (S::Athens, Ottoman, sq(1)),
        (S::Seville, Hapsburg, sq(1)),
        (S::Barcelona, Hapsburg, sq(1)),
        (S::Naples, Hapsburg, sq(1)),
        (S::London, England, sq(1)),
        (S::Portsmouth, England, sq(1)),
        (S::Rouen, France, sq(1)),
        (S::Marseille, France, sq(1)),
        (S::Rome, Papacy, sq(1)),
        (S::Venice, Venice, sq(3)),
        (S::Genoa, Genoa, sq(1)),
        (S::Edinburgh, Scotland, sq(1)),
    ]
};

/// The 1517 leaders (§24.1); every other leader stays unavailable.
const LEADERS_1517: &[(Leader, Space)] = {
    use Leader::*;
    use Space as S;
    &[
        (Suleiman, S::Istanbul),
        (Ibrahim, S::Istanbul),
        (CharlesV, S::Valladolid),
        (DukeOfAlva, S::Valladolid),
        (Ferdinand, S::Vienna),
        (HenryViii, S::London),
        (CharlesBrandon, S::London),
        (FrancisI, S::Paris),
        (Montmorency, S::Paris),
        (AndreaDoria, S::Genoa),
    ]
};

/// The wars at the start of 1517 (§24.1, §7 engine note).
const WARS_1517: &[(Faction, Faction)] = &[
    (Faction::Hapsburg, Faction::France),
    (Faction::France, Faction::Papacy),
    (Faction::Ottoman, Faction::HungaryBohemia),
];

/// The 1517 scenario (§24.1): turn 1, starting with Luther's 95 Theses.
fn setup_1517(game: &mut Game) -> Result<(), EditError> {
    place_land(game, LAND_1517.iter().copied())?;
    place_naval(game, NAVAL_1517)?;
    place_leaders(game, LEADERS_1517)?;
    set_pairs(game, WARS_1517, Game::set_war)?;
    debaters_arrived(game, 1)?;
    electorates_on_display(game)?;
    game.set_phase(Phase::LuthersTheses)?;
    give_home_cards(game)?;
    new_world_1517(game)?;
    // #8 starts in the Protestant's hand, played before the first deal (§24.1).
    game.give_card(Power::Protestant, Card::Luthers95Theses)?;
    fill_deck(game, |card| card.entry() == Entry::Turn(1) && card != Card::Luthers95Theses)
}

// --- 1532 (§24.2) --------------------------------------------------------

/// Political control that differs from 1517 in 1532 (§24.2, §22.6).
const CONTROL_1532: &[(Space, Faction)] = {
    use Faction::*;
    use Space as S;
    &[
        // Barbary Pirates played; Hungary defeated (§22.5).
        (S::Algiers, Ottoman),
        (S::Buda, Ottoman),
        (S::Belgrade, Ottoman),
        (S::Mohacs, Ottoman),
        (S::Szegedin, Ottoman),
        (S::Agram, Ottoman),
        (S::Rhodes, Ottoman),
        // Hungary is an active Hapsburg ally: its other spaces show Hapsburg
        // markers (§22.2 step 3).
        (S::Prague, Hapsburg),
        (S::Breslau, Hapsburg),
        (S::Brunn, Hapsburg),
        (S::Pressburg, Hapsburg),
        // The four independent keys start independent (§22.6); Malta is the
        // Knights' (Saito).
        (S::Milan, Independent),
        (S::Tunis, Independent),
        (S::Malta, Independent),
        (S::Siena, Papacy),
        // The Schmalkaldic League: Protestant home spaces that are
        // Protestant by religion are Protestant-controlled (§21.6).
        (S::Augsburg, Protestant),
        (S::Brandenburg, Protestant),
        (S::Bremen, Protestant),
        (S::Brunswick, Protestant),
        (S::Erfurt, Protestant),
        (S::Hamburg, Protestant),
        (S::Kassel, Protestant),
        (S::Leipzig, Protestant),
        (S::Lubeck, Protestant),
        (S::Magdeburg, Protestant),
        (S::Mainz, Protestant),
        (S::Nuremberg, Protestant),
        (S::Stettin, Protestant),
        (S::Strasburg, Protestant),
        (S::Wittenberg, Protestant),
        (S::Worms, Protestant),
    ]
};

/// The 20 Protestant spaces of 1532 (§24.2; Saito's 19 and Geneva, Calvin's).
const PROTESTANT_SPACES_1532: &[Space] = {
    use Space as S;
    &[
        S::Augsburg,
        S::Basel,
        S::Brandenburg,
        S::Bremen,
        S::Breslau,
        S::Brunswick,
        S::Erfurt,
        S::Geneva,
        S::Hamburg,
        S::Kassel,
        S::Leipzig,
        S::Lubeck,
        S::Magdeburg,
        S::Mainz,
        S::Nuremberg,
        S::Stettin,
        S::Strasburg,
        S::Wittenberg,
        S::Worms,
        S::Zurich,
    ]
};

/// The 1532 land units (§24.2; placement after Saito, see the rulings).
const LAND_1532: &[Land] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Istanbul, Ottoman, mixed(5, 0, 1)),
        (S::Edirne, Ottoman, reg(1)),
        (S::Salonika, Ottoman, reg(1)),
        (S::Athens, Ottoman, reg(1)),
        (S::Algiers, Ottoman, reg(2)),
        (S::Buda, Ottoman, mixed(3, 0, 1)),
        (S::Belgrade, Ottoman, reg(1)),
        (S::Valladolid, Hapsburg, reg(4)),
        (S::Seville, Hapsburg, reg(1)),
        (S::Barcelona, Hapsburg, reg(1)),
        (S::Navarre, Hapsburg, reg(1)),
        (S::Naples, Hapsburg, reg(2)),
        (S::Besancon, Hapsburg, reg(1)),
        (S::Brussels, Hapsburg, reg(1)),
        (S::Vienna, Hapsburg, mixed(4, 2, 0)),
        (S::Antwerp, Hapsburg, reg(3)),
        (S::London, England, mixed(3, 2, 0)),
        (S::Calais, England, reg(2)),
        (S::York, England, reg(1)),
        (S::Bristol, England, reg(1)),
        (S::Paris, France, mixed(4, 2, 0)),
        (S::Rouen, France, reg(1)),
        (S::Bordeaux, France, reg(2)),
        (S::Lyon, France, reg(1)),
        (S::Marseille, France, reg(1)),
        (S::Rome, Papacy, mixed(1, 1, 0)),
        (S::Ravenna, Papacy, mixed(1, 1, 0)),
        (S::Brandenburg, Protestant, reg(1)),
        (S::Wittenberg, Protestant, reg(2)),
        (S::Mainz, Protestant, mixed(1, 2, 0)),
        (S::Augsburg, Protestant, reg(2)),
        (S::Venice, Venice, reg(2)),
        (S::Corfu, Venice, reg(1)),
        (S::Candia, Venice, reg(1)),
        (S::Genoa, Genoa, reg(2)),
        (S::Prague, HungaryBohemia, reg(1)),
        (S::Edinburgh, Scotland, reg(3)),
        // The Knights of St John, now in Malta.
        (S::Malta, Independent, reg(1)),
        (S::Metz, Independent, reg(1)),
        (S::Milan, Independent, reg(1)),
        (S::Florence, Independent, reg(1)),
        (S::Tunis, Independent, reg(1)),
    ]
};

/// The 1532 naval units (§24.2; after Saito).
const NAVAL_1532: &[Naval] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Istanbul, Ottoman, sq(1)),
        (S::Salonika, Ottoman, sq(1)),
        (S::Athens, Ottoman, sq(1)),
        (S::Algiers, Ottoman, NavalUnits { squadrons: 0, corsairs: 2 }),
        (S::Seville, Hapsburg, sq(1)),
        (S::Barcelona, Hapsburg, sq(1)),
        (S::Naples, Hapsburg, sq(1)),
        (S::London, England, sq(1)),
        (S::Plymouth, England, sq(1)),
        (S::Portsmouth, England, sq(1)),
        (S::Rouen, France, sq(1)),
        (S::Marseille, France, sq(1)),
        (S::Rome, Papacy, sq(1)),
        (S::Venice, Venice, sq(3)),
        (S::Genoa, Genoa, sq(1)),
        (S::Edinburgh, Scotland, sq(1)),
    ]
};

/// The 1532 leaders (§24.2; the Protestant leaders' spaces after Saito).
const LEADERS_1532: &[(Leader, Space)] = {
    use Leader::*;
    use Space as S;
    &[
        (Suleiman, S::Istanbul),
        (Ibrahim, S::Istanbul),
        (Barbarossa, S::Algiers),
        (CharlesV, S::Valladolid),
        (DukeOfAlva, S::Valladolid),
        (Ferdinand, S::Vienna),
        (HenryViii, S::London),
        (CharlesBrandon, S::London),
        (FrancisI, S::Paris),
        (Montmorency, S::Paris),
        (JohnFrederick, S::Wittenberg),
        (PhilipOfHesse, S::Brandenburg),
        (AndreaDoria, S::Genoa),
    ]
};

/// The wars of 1532 (§24.2): the League's two permanent wars (§21.6) and
/// the Ottoman-Hapsburg war over Hungary (§22.5).
const WARS_1532: &[(Faction, Faction)] = &[
    (Faction::Ottoman, Faction::Hapsburg),
    (Faction::Hapsburg, Faction::Protestant),
    (Faction::Papacy, Faction::Protestant),
];

/// The alliances of 1532: Hungary, defeated, is a permanent Hapsburg ally (§22.5).
const ALLIANCES_1532: &[(Faction, Faction)] = &[(Faction::Hapsburg, Faction::HungaryBohemia)];

/// Bonus VP at the start of 1532 (§24.2): War Winner markers. The
/// Hapsburg's New World VP are on the New World display (`new_world_1532`).
const BONUS_VP_1532: &[(Power, i8)] = &[(Power::Ottoman, 2), (Power::Hapsburg, 1)];

/// The 1517 New World (§20.2, §20.3, §24.1): the Hapsburg's Exploration
/// Underway (Uncharted side) and Conquest Underway markers start in
/// Crossing Atlantic and use its Explore and Conquer of turn 1.
fn new_world_1517(game: &mut Game) -> Result<(), EditError> {
    game.set_exploration_underway(Power::Hapsburg, Some(Voyage::default()))?;
    game.set_conquest_underway(Power::Hapsburg, Some(Voyage::default()))?;
    game.set_new_world_used(Power::Hapsburg, false, true, true)
}

/// The 1532 New World (§24.2, ruling NW1): Magellan has circumnavigated
/// (Pacific Strait and circumnavigation), Cortez holds the Aztec, the
/// Hapsburg has 2 colonies; Ponce de León, Narváez, Cordova and Verrazano
/// are gone; every power's marker shows "Charts Available".
fn new_world_1532(game: &mut Game) -> Result<(), EditError> {
    use crate::rules::new_world::{ConquistadorAt, ExplorerAt, Holding};
    use crate::types::{Conquest, Conquistador, Discovery, Explorer};
    game.set_discovery(Discovery::PacificStrait, Some(Power::Hapsburg))?;
    game.set_discovery(Discovery::Circumnavigation, Some(Power::Hapsburg))?;
    game.set_explorer_at(Explorer::Magellan, ExplorerAt::Discovery(Discovery::Circumnavigation))?;
    game.set_conquest(Conquest::Aztec, Some(Holding { power: Power::Hapsburg, depleted: false }))?;
    game.set_conquistador_at(Conquistador::Cortez, ConquistadorAt::Conquest(Conquest::Aztec))?;
    for gone in [Explorer::PonceDeLeon, Explorer::Narvaez, Explorer::Verrazano] {
        game.set_explorer_at(gone, ExplorerAt::Removed)?;
    }
    game.set_conquistador_at(Conquistador::Cordova, ConquistadorAt::Removed)?;
    game.set_colonies(Power::Hapsburg, 2)?;
    for power in crate::rules::new_world::NEW_WORLD_POWERS {
        game.set_charted(power, true)?;
    }
    Ok(())
}

/// The turn the 1532 scenario starts on (§24.2).
const TURN_1532: u8 = 4;

/// New Testament translations done by 1532 (§24.2).
const NEW_TESTAMENT_1532: &[(LanguageZone, u8)] =
    &[(LanguageZone::German, 6), (LanguageZone::French, 4), (LanguageZone::English, 2)];

/// The 1532 scenario (§24.2): turn 4, at the card draw.
fn setup_1532(game: &mut Game) -> Result<(), EditError> {
    game.set_turn(TURN_1532)?;
    game.set_phase(Phase::CardDraw)?;
    game.set_in_play(Space::Algiers, true)?;
    // Algiers is an Ottoman home space once in play: no religious influence (§1).
    game.set_religion(Space::Algiers, Religion::Other)?;
    for &(space, faction) in CONTROL_1532 {
        game.set_controller(space, faction)?;
    }
    for &space in PROTESTANT_SPACES_1532 {
        game.set_religion(space, Religion::Protestant)?;
    }
    place_land(game, LAND_1532.iter().copied())?;
    place_naval(game, NAVAL_1532)?;
    place_leaders(game, LEADERS_1532)?;
    set_pairs(game, WARS_1532, Game::set_war)?;
    set_pairs(game, ALLIANCES_1532, Game::set_alliance)?;
    // Hungary-Bohemia was defeated at Mohacs (1526): it cannot be defeated again (§22.5).
    game.set_hungary_bohemia_defeated(true)?;
    game.set_schmalkaldic_league(true)?;
    game.set_ruler(Power::Papacy, Ruler::ClementVii)?;
    game.set_excommunicated(Ruler::Luther, true)?;
    // His Papal Bull box is used: he cannot be excommunicated again (§21.5).
    game.set_reformer_excommunicated_in_game(Reformer::Luther, true)?;
    people_1532(game)?;
    new_world_1532(game)?;
    for &(power, vp) in BONUS_VP_1532 {
        game.set_bonus_vp(power, vp)?;
    }
    game.set_chateaux_vp(2)?;
    game.set_st_peters_vp(1)?;
    // §24.2: Henry VIII has asked for his divorce.
    game.set_marital_status(crate::types::MaritalStatus::AskForDivorce)?;
    for &(zone, new_testament) in NEW_TESTAMENT_1532 {
        game.set_translation(zone, new_testament, 0)?;
    }
    give_home_cards(game)?;
    remove_cards(game, Card::not_in_1532)?;
    fill_deck(game, |card| matches!(card.entry(), Entry::Turn(t) if t <= TURN_1532) && !card.not_in_1532())
}

/// Debaters and reformers by turn 4 of 1532: all arrivals so far, with
/// Zwingli dead (Zwingli Dons Armor); Luther and Calvin on the map (§8, §24.2).
fn people_1532(game: &mut Game) -> Result<(), EditError> {
    debaters_arrived(game, TURN_1532)?;
    game.set_debater(Debater::Zwingli, DebaterState::Removed)?;
    game.set_reformer(Reformer::Luther, ReformerState::OnMap)?;
    game.set_reformer(Reformer::Calvin, ReformerState::OnMap)?;
    game.set_reformer(Reformer::Zwingli, ReformerState::Removed)
}

// --- Two players (§24.3) ---------------------------------------------------

/// Political control that differs from 1517 in the two-player game (§24.3).
const CONTROL_TWO_PLAYER: &[(Space, Faction)] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Prague, Hapsburg),
        (S::Brunn, Hapsburg),
        (S::Breslau, Hapsburg),
        (S::Agram, Ottoman),
        (S::Belgrade, Ottoman),
        (S::Buda, Ottoman),
        (S::Mohacs, Ottoman),
        (S::Pressburg, Ottoman),
        (S::Szegedin, Ottoman),
    ]
};

/// Land units the two-player game adds to the 1517 ones (§24.3).
const LAND_TWO_PLAYER: &[Land] =
    &[(Space::Buda, Faction::Ottoman, reg(1)), (Space::Belgrade, Faction::Ottoman, reg(1))];

/// The only ports with naval units in the two-player game (§24.3).
const PORTS_TWO_PLAYER: &[Space] = &[Space::Marseille, Space::Genoa, Space::Naples, Space::Venice, Space::Rome];

/// The only leader on the map in the two-player game (§24.3).
const LEADERS_TWO_PLAYER: &[(Leader, Space)] = &[(Leader::AndreaDoria, Space::Genoa)];

/// The two-player game (§24.3): the 1517 start with its deltas, no wars.
fn setup_two_player(game: &mut Game) -> Result<(), EditError> {
    for &(space, faction) in CONTROL_TWO_PLAYER {
        game.set_controller(space, faction)?;
    }
    let land = LAND_1517.iter().filter_map(|&stack| two_player_stack(stack));
    place_land(game, land.chain(LAND_TWO_PLAYER.iter().copied()))?;
    let naval = NAVAL_1517.iter().filter(|(space, _, _)| PORTS_TWO_PLAYER.contains(space));
    for &(space, faction, units) in naval {
        game.set_naval_units(NavalLocation::Port(space), faction, units)?;
    }
    place_leaders(game, LEADERS_TWO_PLAYER)?;
    set_pairs(game, ALLIANCES_1532, Game::set_alliance)?;
    // Hungary-Bohemia was defeated at Mohacs (1526): it cannot be defeated again (§22.5).
    game.set_hungary_bohemia_defeated(true)?;
    debaters_arrived(game, 1)?;
    electorates_on_display(game)?;
    game.set_phase(Phase::LuthersTheses)?;
    remove_cards(game, Card::not_in_two_player)?;
    give_home_cards(game)?;
    game.give_card(Power::Protestant, Card::Luthers95Theses)?;
    fill_deck(game, |card| {
        card.entry() == Entry::Turn(1) && card != Card::Luthers95Theses && !card.not_in_two_player()
    })?;
    // The diplomatic cards marked "Turn 1" whose events are built (§24.3,
    // ruling DD3).
    game.dip_deck = crate::frames::dip_deck::joining(false);
    Ok(())
}

/// A 1517 stack in the two-player game (§24.3): Hungarian units leave the
/// map (their spaces turn Ottoman or Hapsburg); outside the German and
/// Italian zones every stack becomes exactly 1 regular.
fn two_player_stack((space, faction, units): Land) -> Option<Land> {
    if faction == Faction::HungaryBohemia {
        return None;
    }
    let german_or_italian = matches!(space.language(), Some(LanguageZone::German | LanguageZone::Italian));
    Some((space, faction, if german_or_italian { units } else { reg(1) }))
}

// --- Shared steps ----------------------------------------------------------

fn place_land(game: &mut Game, stacks: impl Iterator<Item = Land>) -> Result<(), EditError> {
    for (space, faction, units) in stacks {
        game.set_land_units(space, faction, units)?;
    }
    Ok(())
}

fn place_naval(game: &mut Game, stacks: &[Naval]) -> Result<(), EditError> {
    for &(space, faction, units) in stacks {
        game.set_naval_units(NavalLocation::Port(space), faction, units)?;
    }
    Ok(())
}

fn place_leaders(game: &mut Game, leaders: &[(Leader, Space)]) -> Result<(), EditError> {
    for &(leader, space) in leaders {
        game.set_leader(leader, LeaderLocation::Space(space))?;
    }
    Ok(())
}

/// Sets wars or alliances with `edit` (`Game::set_war` or `Game::set_alliance`).
fn set_pairs(
    game: &mut Game,
    pairs: &[(Faction, Faction)],
    edit: fn(&mut Game, Faction, Faction, bool) -> Result<(), EditError>,
) -> Result<(), EditError> {
    for &(a, b) in pairs {
        edit(game, a, b, true)?;
    }
    Ok(())
}

/// Every debater due by `turn` goes on the display uncommitted (§8 step 3).
/// Cranmer, Coverdale and Latimer wait for the Cranmer reformer.
fn debaters_arrived(game: &mut Game, turn: u8) -> Result<(), EditError> {
    for debater in Debater::ALL {
        if debater.entry_turn().is_some_and(|t| t <= turn) {
            game.set_debater(debater, DebaterState::Uncommitted)?;
        }
    }
    Ok(())
}

/// Each home card in its owner's hand (§6.1), unless out of the game.
/// The electorates' Protestant regulars start on the Electorate Display
/// (§18.7), until their electorate turns Protestant.
fn electorates_on_display(game: &mut Game) -> Result<(), EditError> {
    for space in Space::ALL {
        if crate::game::electorate_regulars(space) > 0 {
            game.set_on_electorate_display(space, true)?;
        }
    }
    Ok(())
}

fn give_home_cards(game: &mut Game) -> Result<(), EditError> {
    for card in Card::ALL {
        if let (CardKind::Home, Some(owner)) = (card.kind(), card.owner()) {
            if !game.removed_cards().contains(card) {
                game.give_card(owner, card)?;
            }
        }
    }
    Ok(())
}

/// Main-deck cards that are not in the scenario leave the game.
fn remove_cards(game: &mut Game, excluded: fn(Card) -> bool) -> Result<(), EditError> {
    for card in Card::ALL {
        if card.is_main_deck() && excluded(card) {
            game.remove_card(card)?;
        }
    }
    Ok(())
}

/// Puts in the draw deck every main-deck card but the home cards for which
/// `in_deck` holds; later cards stay out of every pile until they arrive.
fn fill_deck(game: &mut Game, in_deck: impl Fn(Card) -> bool) -> Result<(), EditError> {
    for card in Card::ALL {
        if card.is_main_deck() && card.kind() != CardKind::Home && in_deck(card) {
            game.put_card_in_deck(card)?;
        }
    }
    Ok(())
}

/// Lays out `game.scenario()` on a bare board, or says which edit failed.
fn lay_out(game: &mut Game) -> Result<(), EditError> {
    match game.scenario() {
        Scenario::Y1517 => setup_1517(game),
        // The Tournament plays the 1532 setup (§24.2).
        Scenario::Y1532 | Scenario::Tournament => setup_1532(game),
        Scenario::TwoPlayer => setup_two_player(game),
    }
}

/// Lays out the starting position of `game.setup().scenario` on a
/// `Game::empty` board.
pub(crate) fn apply_scenario(game: &mut Game) {
    // The tables are fixed data; the test `every_scenario_lays_out` checks
    // that no edit on them fails, so there is no error to handle here.
    let _ = lay_out(game);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;

    #[test]
    fn every_scenario_lays_out() {
        for scenario in Scenario::ALL {
            let mut game = Game::empty(Setup::new(scenario, 0));
            assert_eq!(lay_out(&mut game), Ok(()), "{scenario:?}");
        }
    }

    #[test]
    fn two_player_stacks_outside_germany_and_italy_become_one_regular() {
        let istanbul = (Space::Istanbul, Faction::Ottoman, mixed(7, 0, 1));
        assert_eq!(two_player_stack(istanbul), Some((Space::Istanbul, Faction::Ottoman, reg(1))));
        let vienna = (Space::Vienna, Faction::Hapsburg, reg(4));
        assert_eq!(two_player_stack(vienna), Some(vienna));
        let naples = (Space::Naples, Faction::Hapsburg, reg(2));
        assert_eq!(two_player_stack(naples), Some(naples));
        let buda = (Space::Buda, Faction::HungaryBohemia, reg(5));
        assert_eq!(two_player_stack(buda), None);
    }
}
