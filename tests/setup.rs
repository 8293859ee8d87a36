//! The scenarios' starting positions (§24.1, §24.2, §24.3), through the public API.

use here_i_stand::data::cards::Entry;
use here_i_stand::data::powers::naval_counters;
use here_i_stand::rules::counters::fits_counter_mix;
use here_i_stand::{
    Card, CardKind, Debater, DebaterState, EnumSet, Faction, Game, LandStack, LandUnits, LanguageZone, Leader,
    LeaderLocation, MinorPower, NavalLocation, NavalUnits, Phase, Power, Reformer, ReformerState, Religion, Ruler,
    Scenario, Setup, Space, SpaceKind,
};

fn new_game(scenario: Scenario) -> Game {
    Game::at_start(Setup::new(scenario, 17))
}

const fn reg(n: u8) -> LandUnits {
    LandUnits::regulars(n)
}

const fn mixed(regulars: u8, mercenaries: u8, cavalry: u8) -> LandUnits {
    LandUnits { regulars, mercenaries, cavalry }
}

/// Every pair of distinct factions, once.
fn faction_pairs() -> impl Iterator<Item = (Faction, Faction)> {
    Faction::ALL
        .into_iter()
        .flat_map(|a| Faction::ALL.into_iter().filter(move |&b| a.index() < b.index()).map(move |b| (a, b)))
}

fn assert_wars(game: &Game, wars: &[(Faction, Faction)]) {
    for (a, b) in faction_pairs() {
        let expected = wars.contains(&(a, b)) || wars.contains(&(b, a));
        assert_eq!(game.at_war(a, b), expected, "war {a} - {b}");
    }
}

fn assert_alliances(game: &Game, alliances: &[(Faction, Faction)]) {
    for (a, b) in faction_pairs() {
        let expected = alliances.contains(&(a, b)) || alliances.contains(&(b, a));
        assert_eq!(game.allied(a, b), expected, "alliance {a} - {b}");
    }
}

/// Each listed stack is on the map, and nothing else: per faction, the map's
/// totals and stack counts equal the table's.
fn assert_land(game: &Game, table: &[(Space, Faction, LandUnits)]) {
    for &(space, faction, units) in table {
        assert_eq!(game.land_units(space, faction), units, "{faction} in {space}");
        assert!(!game.is_besieged(space, faction));
    }
    for faction in Faction::ALL {
        let mut sum = LandUnits::NONE;
        let mut stacks = 0;
        for &(_, _, u) in table.iter().filter(|s| s.1 == faction) {
            sum.regulars += u.regulars;
            sum.mercenaries += u.mercenaries;
            sum.cavalry += u.cavalry;
            stacks += 1;
        }
        assert_eq!(game.land_units_total(faction), sum, "{faction} total");
        let on_map = game.land_stacks().filter(|s| s.faction == faction).count();
        assert_eq!(on_map, stacks, "{faction} stacks");
    }
}

fn assert_naval(game: &Game, table: &[(Space, Faction, NavalUnits)]) {
    for &(space, faction, units) in table {
        assert_eq!(game.naval_units(NavalLocation::Port(space), faction), units, "{faction} ships in {space}");
    }
    assert_eq!(game.naval_stacks().count(), table.len());
}

/// The listed leaders stand in their spaces; every other one is unavailable.
fn assert_leaders(game: &Game, table: &[(Leader, Space)]) {
    for leader in Leader::ALL {
        let expected =
            table.iter().find(|l| l.0 == leader).map_or(LeaderLocation::Unavailable, |l| LeaderLocation::Space(l.1));
        assert_eq!(game.leader_location(leader), expected, "{leader}");
    }
}

/// Positions any scenario must satisfy: no unit on a space out of play, each
/// faction's counter mix respected (§5.2, §5.3), no card in two places.
fn assert_consistent(game: &Game) {
    for LandStack { space, faction, units, .. } in game.land_stacks() {
        assert!(game.in_play(space), "{faction} units in {space}");
        assert!(!units.is_empty());
    }
    for (location, faction, _) in game.naval_stacks() {
        if let NavalLocation::Port(space) = location {
            assert!(game.in_play(space) && space.is_port(), "{faction} ships in {space}");
        }
    }
    for leader in Leader::ALL {
        if let LeaderLocation::Space(space) = game.leader_location(leader) {
            assert!(game.in_play(space), "{leader} in {space}");
        }
    }
    for faction in Faction::ALL {
        assert!(fits_counter_mix(game, faction), "{faction} counter mix");
        let ships: u32 = game.naval_stacks().filter(|s| s.1 == faction).map(|s| u32::from(s.2.total())).sum();
        assert!(ships <= u32::from(naval_counters(faction)), "{faction} ships");
    }
    let mut piles = vec![game.deck(), game.discard_pile(), game.removed_cards(), game.diplomacy_deck()];
    piles.extend(Power::ALL.map(|p| game.hand(p)));
    for card in Card::ALL {
        let places = piles.iter().filter(|p| p.contains(card)).count();
        assert!(places <= 1, "{card} in {places} places");
    }
}

fn in_play_controlled(game: &Game, faction: Faction) -> usize {
    game.spaces_controlled(faction).iter().filter(|&s| game.in_play(s)).count()
}

fn cards(numbers: &[u16]) -> EnumSet<Card> {
    numbers.iter().filter_map(|&n| Card::from_number(n)).collect()
}

// --- 1517 (§24.1) ------------------------------------------------------------

const LAND_1517: &[(Space, Faction, LandUnits)] = {
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
        (S::Rhodes, Independent, reg(1)),
        (S::Metz, Independent, reg(1)),
        (S::Florence, Independent, reg(1)),
    ]
};

const NAVAL_1517: &[(Space, Faction, NavalUnits)] = {
    use Faction::*;
    use Space as S;
    &[
        (S::Istanbul, Ottoman, NavalUnits::squadrons(1)),
        (S::Salonika, Ottoman, NavalUnits::squadrons(1)),
        (S::Athens, Ottoman, NavalUnits::squadrons(1)),
        (S::Seville, Hapsburg, NavalUnits::squadrons(1)),
        (S::Barcelona, Hapsburg, NavalUnits::squadrons(1)),
        (S::Naples, Hapsburg, NavalUnits::squadrons(1)),
        (S::London, England, NavalUnits::squadrons(1)),
        (S::Portsmouth, England, NavalUnits::squadrons(1)),
        (S::Rouen, France, NavalUnits::squadrons(1)),
        (S::Marseille, France, NavalUnits::squadrons(1)),
        (S::Rome, Papacy, NavalUnits::squadrons(1)),
        (S::Venice, Venice, NavalUnits::squadrons(3)),
        (S::Genoa, Genoa, NavalUnits::squadrons(1)),
        (S::Edinburgh, Scotland, NavalUnits::squadrons(1)),
    ]
};

const LEADERS_1517: &[(Leader, Space)] = &[
    (Leader::Suleiman, Space::Istanbul),
    (Leader::Ibrahim, Space::Istanbul),
    (Leader::CharlesV, Space::Valladolid),
    (Leader::DukeOfAlva, Space::Valladolid),
    (Leader::Ferdinand, Space::Vienna),
    (Leader::HenryViii, Space::London),
    (Leader::CharlesBrandon, Space::London),
    (Leader::FrancisI, Space::Paris),
    (Leader::Montmorency, Space::Paris),
    (Leader::AndreaDoria, Space::Genoa),
];

const PROTESTANT_HOME_SPACES: [Space; 21] = {
    use Space as S;
    [
        S::Augsburg,
        S::Brandenburg,
        S::Bremen,
        S::Brunswick,
        S::Cologne,
        S::Erfurt,
        S::Hamburg,
        S::Kassel,
        S::Leipzig,
        S::Lubeck,
        S::Magdeburg,
        S::Mainz,
        S::Munster,
        S::Nuremberg,
        S::Regensburg,
        S::Salzburg,
        S::Stettin,
        S::Strasburg,
        S::Trier,
        S::Wittenberg,
        S::Worms,
    ]
};

#[test]
fn control_1517() {
    let game = new_game(Scenario::Y1517);
    for (faction, spaces) in [
        (Faction::Ottoman, 14),
        (Faction::Hapsburg, 54),
        (Faction::England, 12),
        (Faction::France, 19),
        (Faction::Papacy, 3),
        (Faction::Protestant, 0),
        (Faction::Genoa, 2),
        (Faction::HungaryBohemia, 9),
        (Faction::Scotland, 3),
        (Faction::Venice, 4),
        (Faction::Independent, 13),
    ] {
        assert_eq!(in_play_controlled(&game, faction), spaces, "{faction}");
    }
    // The key counts behind the starting VP (§4): 8, 9, 9, 12, 4 + 15.
    for (power, keys) in [
        (Power::Ottoman, 4),
        (Power::Hapsburg, 8),
        (Power::England, 4),
        (Power::France, 6),
        (Power::Papacy, 2),
        (Power::Protestant, 0),
    ] {
        assert_eq!(game.keys_controlled(power).len(), keys, "{power}");
    }
    let hapsburg = Faction::Hapsburg;
    for space in PROTESTANT_HOME_SPACES {
        assert_eq!(space.home(), Faction::Protestant);
        assert_eq!(game.controller(space), hapsburg, "{space}");
        assert_eq!(game.religion(space), Religion::Catholic);
    }
    assert_eq!(game.controller(Space::Tunis), hapsburg);
    assert!(game.keys_controlled(Power::Hapsburg).contains(Space::Tunis));
    assert_eq!(game.controller(Space::Milan), Faction::France);
    assert_eq!(game.controller(Space::Turin), Faction::France);
    assert!(game.keys_controlled(Power::France).contains(Space::Milan));
    assert!(!game.in_play(Space::Algiers));
    assert!(game.protestant_spaces().is_empty());
    assert!(game.unrest().is_empty());
}

#[test]
fn units_and_leaders_1517() {
    let game = new_game(Scenario::Y1517);
    assert_land(&game, LAND_1517);
    assert_naval(&game, NAVAL_1517);
    assert_leaders(&game, LEADERS_1517);
    assert_consistent(&game);
}

#[test]
fn diplomacy_1517() {
    let game = new_game(Scenario::Y1517);
    assert_wars(
        &game,
        &[
            (Faction::Hapsburg, Faction::France),
            (Faction::France, Faction::Papacy),
            (Faction::Ottoman, Faction::HungaryBohemia),
        ],
    );
    assert_alliances(&game, &[]);
    for minor in MinorPower::ALL {
        assert_eq!(game.minor_ally(minor), None);
    }
    assert!(!game.schmalkaldic_league());
}

#[test]
fn turn_rulers_and_people_1517() {
    let game = new_game(Scenario::Y1517);
    assert_eq!((game.turn(), game.phase()), (1, Phase::LuthersTheses));
    for power in Power::ALL {
        assert_eq!(game.ruler(power), Ruler::initial(power));
        assert_eq!(game.bonus_vp(power), 0);
    }
    use Debater::*;
    let turn_1 = [Luther, Melanchthon, Bucer, Carlstadt, Eck, Campeggio, Aleander, Tetzel, Cajetan];
    for debater in Debater::ALL {
        let expected = if turn_1.contains(&debater) { DebaterState::Uncommitted } else { DebaterState::NotArrived };
        assert_eq!(game.debater_state(debater), expected, "{debater}");
    }
    // Luther the reformer comes with the 95 Theses, in phase 1.
    for reformer in Reformer::ALL {
        assert_eq!(game.reformer_state(reformer), ReformerState::NotArrived);
    }
    assert_eq!((game.chateaux_vp(), game.st_peters_vp(), game.piracy_vp()), (0, 0, 0));
}

#[test]
fn cards_1517() {
    let game = new_game(Scenario::Y1517);
    assert_eq!(game.hand(Power::Ottoman), cards(&[1]));
    assert_eq!(game.hand(Power::Hapsburg), cards(&[2]));
    assert_eq!(game.hand(Power::England), cards(&[3]));
    assert_eq!(game.hand(Power::France), cards(&[4]));
    assert_eq!(game.hand(Power::Papacy), cards(&[5, 6]));
    assert_eq!(game.hand(Power::Protestant), cards(&[7, 8]));
    // 116 - 7 home cards - #8 - 42 later cards.
    assert_eq!(game.deck_size(), 66);
    for card in Card::ALL {
        let expected = card.is_main_deck()
            && card.entry() == Entry::Turn(1)
            && card.kind() != CardKind::Home
            && card != Card::Luthers95Theses;
        assert_eq!(game.deck().contains(card), expected, "{card}");
    }
    assert!(game.discard_pile().is_empty());
    assert!(game.removed_cards().is_empty());
    assert!(game.diplomacy_deck().is_empty());
}

// --- 1532 (§24.2) ------------------------------------------------------------

const LAND_1532: &[(Space, Faction, LandUnits)] = {
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
        (S::Malta, Independent, reg(1)),
        (S::Metz, Independent, reg(1)),
        (S::Milan, Independent, reg(1)),
        (S::Florence, Independent, reg(1)),
        (S::Tunis, Independent, reg(1)),
    ]
};

#[test]
fn turn_diplomacy_and_rulers_1532() {
    let game = new_game(Scenario::Y1532);
    assert_eq!((game.turn(), game.phase()), (4, Phase::CardDraw));
    assert_wars(
        &game,
        &[
            (Faction::Ottoman, Faction::Hapsburg),
            (Faction::Hapsburg, Faction::Protestant),
            (Faction::Papacy, Faction::Protestant),
        ],
    );
    assert_alliances(&game, &[(Faction::Hapsburg, Faction::HungaryBohemia)]);
    assert_eq!(game.minor_ally(MinorPower::HungaryBohemia), Some(Power::Hapsburg));
    assert!(game.schmalkaldic_league());
    assert_eq!(game.ruler(Power::Papacy), Ruler::ClementVii);
    assert!(game.is_excommunicated(Ruler::Luther));
    // War Winner VP as bonus VP; the Hapsburg's New World VP on the
    // New World display (Pacific Strait 1, circumnavigation 3, Aztec 2).
    for (power, vp) in [(Power::Ottoman, 2), (Power::Hapsburg, 1)] {
        assert_eq!(game.bonus_vp(power), vp, "{power}");
    }
    assert_eq!(game.new_world_vp(Power::Hapsburg), 6);
    for power in [Power::England, Power::France, Power::Papacy, Power::Protestant] {
        assert_eq!(game.bonus_vp(power), 0, "{power}");
    }
    assert_eq!((game.chateaux_vp(), game.st_peters_vp()), (2, 1));
}

#[test]
fn map_1532() {
    let game = new_game(Scenario::Y1532);
    assert!(game.in_play(Space::Algiers));
    assert_eq!(game.controller(Space::Algiers), Faction::Ottoman);
    // §22.6: the four independent keys start independent.
    for key in [Space::Metz, Space::Milan, Space::Florence, Space::Tunis] {
        assert_eq!(game.controller(key), Faction::Independent, "{key}");
    }
    for space in [Space::Buda, Space::Belgrade, Space::Mohacs, Space::Szegedin, Space::Agram, Space::Rhodes] {
        assert_eq!(game.controller(space), Faction::Ottoman, "{space}");
    }
    // Keys behind the starting VP (Ottoman 16 = 14 + 2; Hapsburg 18 = 9 + 1
    // + 6 New World + 2 electorates).
    assert_eq!(game.keys_controlled(Power::Ottoman).len(), 7);
    assert_eq!(game.keys_controlled(Power::Hapsburg).len(), 8);
    assert!(game.keys_controlled(Power::Hapsburg).contains(Space::Prague));
    let hapsburg_electorates = Space::ALL
        .iter()
        .filter(|&&s| s.kind() == SpaceKind::Electorate && game.controller(s) == Faction::Hapsburg)
        .count();
    assert_eq!(hapsburg_electorates, 2);
    // About 20 Protestant spaces, Geneva among them.
    let protestant = game.protestant_spaces();
    assert_eq!(protestant.len(), 20);
    assert!(protestant.contains(Space::Geneva));
    // The League: every Protestant home space that is Protestant by religion
    // is Protestant-controlled, and only those.
    for space in PROTESTANT_HOME_SPACES {
        let converted = game.religion(space) == Religion::Protestant;
        assert_eq!(game.controller(space) == Faction::Protestant, converted, "{space}");
    }
    assert_eq!(game.spaces_controlled(Faction::Protestant).len(), 16);
}

#[test]
fn units_and_people_1532() {
    let game = new_game(Scenario::Y1532);
    assert_land(&game, LAND_1532);
    let algiers = NavalLocation::Port(Space::Algiers);
    assert_eq!(game.naval_units(algiers, Faction::Ottoman), NavalUnits { squadrons: 0, corsairs: 2 });
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Space(Space::Algiers));
    for leader in [Leader::JohnFrederick, Leader::PhilipOfHesse] {
        assert!(matches!(game.leader_location(leader), LeaderLocation::Space(_)));
    }
    for leader in [Leader::Dragut, Leader::MauriceOfSaxony, Leader::Dudley] {
        assert_eq!(game.leader_location(leader), LeaderLocation::Unavailable);
    }
    for debater in Debater::ALL {
        let expected = match debater.entry_turn() {
            _ if debater == Debater::Zwingli => DebaterState::Removed,
            Some(t) if t <= 4 => DebaterState::Uncommitted,
            _ => DebaterState::NotArrived,
        };
        assert_eq!(game.debater_state(debater), expected, "{debater}");
    }
    use ReformerState::*;
    for (reformer, state) in [
        (Reformer::Luther, OnMap),
        (Reformer::Zwingli, Removed),
        (Reformer::Calvin, OnMap),
        (Reformer::Cranmer, NotArrived),
    ] {
        assert_eq!(game.reformer_state(reformer), state, "{reformer}");
        if state == OnMap {
            assert_eq!(game.religion(reformer.space()), Religion::Protestant);
        }
    }
    assert_consistent(&game);
}

#[test]
fn cards_1532() {
    let game = new_game(Scenario::Y1532);
    for card in Card::ALL {
        let in_deck = card.is_main_deck()
            && card.kind() != CardKind::Home
            && matches!(card.entry(), Entry::Turn(t) if t <= 4)
            && !card.not_in_1532();
        assert_eq!(game.deck().contains(card), in_deck, "{card}");
        let removed = card.is_main_deck() && card.not_in_1532();
        assert_eq!(game.removed_cards().contains(card), removed, "{card}");
    }
    // 67 turn-1 cards (home cards aside) + 10 of turn 3 + 11 of turn 4,
    // less the 17 left out of 1532.
    assert_eq!(game.deck_size(), 71);
    assert_eq!(game.removed_cards().len(), 17);
    for power in Power::ALL {
        let home: EnumSet<Card> =
            Card::ALL.into_iter().filter(|c| c.kind() == CardKind::Home && c.owner() == Some(power)).collect();
        assert_eq!(game.hand(power), home, "{power}");
    }
    assert!(game.discard_pile().is_empty());
    assert!(game.diplomacy_deck().is_empty());
}

// --- Two players (§24.3) -----------------------------------------------------

#[test]
fn map_and_units_two_player() {
    let game = new_game(Scenario::TwoPlayer);
    assert_wars(&game, &[]);
    assert_alliances(&game, &[(Faction::Hapsburg, Faction::HungaryBohemia)]);
    for space in [Space::Prague, Space::Brunn, Space::Breslau] {
        assert_eq!(game.controller(space), Faction::Hapsburg, "{space}");
    }
    for space in Space::ALL {
        if space.home() == Faction::HungaryBohemia && ![Space::Prague, Space::Brunn, Space::Breslau].contains(&space) {
            assert_eq!(game.controller(space), Faction::Ottoman, "{space}");
        }
    }
    assert_eq!(game.land_units(Space::Buda, Faction::Ottoman), reg(1));
    assert_eq!(game.land_units(Space::Belgrade, Faction::Ottoman), reg(1));
    assert!(game.land_units_total(Faction::HungaryBohemia).is_empty());
    // Outside Germany and Italy each stack is exactly 1 regular; inside they
    // are as in 1517.
    for LandStack { space, faction, units, .. } in game.land_stacks() {
        match space.language() {
            Some(LanguageZone::German | LanguageZone::Italian) => {
                let listed = LAND_1517.iter().find(|s| s.0 == space && s.1 == faction);
                assert_eq!(listed.map(|s| s.2), Some(units), "{faction} in {space}");
            }
            _ => assert_eq!(units, reg(1), "{faction} in {space}"),
        }
    }
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), reg(1));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), reg(4));
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), reg(2));
    // 1517 stacks less the three Hungarian ones, plus Buda and Belgrade.
    assert_eq!(game.land_stacks().count(), LAND_1517.len() - 3 + 2);
    let ports = [Space::Marseille, Space::Genoa, Space::Naples, Space::Venice, Space::Rome];
    let naval: Vec<_> = NAVAL_1517.iter().copied().filter(|s| ports.contains(&s.0)).collect();
    assert_naval(&game, &naval);
    assert_leaders(&game, &[(Leader::AndreaDoria, Space::Genoa)]);
    assert_consistent(&game);
}

#[test]
fn people_and_cards_two_player() {
    let game = new_game(Scenario::TwoPlayer);
    assert_eq!((game.turn(), game.phase()), (1, Phase::LuthersTheses));
    for debater in Debater::ALL {
        let arrived = debater.entry_turn() == Some(1);
        assert_eq!(game.debater_state(debater) == DebaterState::Uncommitted, arrived);
    }
    for power in [Power::Ottoman, Power::Hapsburg, Power::England, Power::France] {
        assert!(game.hand(power).is_empty(), "{power}");
    }
    assert_eq!(game.hand(Power::Papacy), cards(&[5, 6]));
    assert_eq!(game.hand(Power::Protestant), cards(&[7, 8]));
    for card in Card::ALL {
        let in_deck = card.is_main_deck()
            && card.kind() != CardKind::Home
            && card.entry() == Entry::Turn(1)
            && card != Card::Luthers95Theses
            && !card.not_in_two_player();
        assert_eq!(game.deck().contains(card), in_deck, "{card}");
    }
    // The "Turn 1" diplomatic cards, all built (ruling DD3).
    let diplomacy: EnumSet<Card> = (201..=212).filter_map(Card::from_number).collect();
    assert_eq!(game.diplomacy_deck(), diplomacy);
    assert!(game.deck().intersection(diplomacy).is_empty());
    assert!(game.removed_cards().iter().all(|c| c.is_main_deck() && c.not_in_two_player()));
}

/// §24.1: starting VP Ottoman 8, Hapsburg 9, England 9, France 12, Papacy 19
/// (4 from keys and 15 from the Protestant-spaces track), Protestant 0.
#[test]
fn starting_vp_1517() {
    let game = Game::at_start(Setup::new(Scenario::Y1517, 0));
    let totals = Power::ALL.map(|p| game.vp(p).total());
    assert_eq!(totals, [8, 9, 9, 12, 19, 0]);
}

/// The 1532 start as reported in play (digest §24.2): Ottoman 16, Hapsburg 18.
#[test]
fn starting_vp_1532() {
    let game = Game::at_start(Setup::new(Scenario::Y1532, 0));
    assert_eq!(game.vp(Power::Ottoman).total(), 16);
    assert_eq!(game.vp(Power::Hapsburg).total(), 18);
}
