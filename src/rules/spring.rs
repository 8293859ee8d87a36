//! Spring deployment (§10; seed 004, with seed 003 for the wording it shares
//! with Here I Stand): in impulse order each power may move one formation
//! from its capital to a friendly-controlled space, free of CP, along a path
//! that obeys the limits below.
//!
//! The Spring Preparations event (#102) lifts the starred limits (no pass,
//! the sea zone next to another power's fleet, 5 units by sea) for the
//! power that played it this spring ([`prepared`]). Naval units loaned to
//! the deploying power, which §10 exempts, are in its own stacks
//! (`rules::loans`), so they never bar its crossing.

use std::sync::OnceLock;

use crate::game::{Game, LandUnits, NavalLocation, Scenario};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LanguageZone, Leader, MinorPower, Phase, Power, SeaZone, Space, SpaceKind};

/// The most land units (leaders not counted) that may cross a sea zone in a
/// spring deployment (§10\*; seed 003).
pub const MAX_UNITS_BY_SEA: u8 = 5;

/// Whether `power` played Spring Preparations (#102) in this spring
/// deployment phase: its deployment may cross passes, carry more than
/// [`MAX_UNITS_BY_SEA`] units by sea and cross sea zones next to other
/// powers' fleets (§10\*).
///
/// ```
/// use here_i_stand::{Card, Game, Phase, Power, Scenario, Setup, rules::spring::prepared};
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_phase(Phase::SpringDeployment)?;
/// assert!(!prepared(&game, Power::France));
/// game.set_event_played(Power::France, Card::SpringPreparations, true)?;
/// assert!(prepared(&game, Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn prepared(game: &Game, power: Power) -> bool {
    game.phase() == Phase::SpringDeployment && game.events_played(power).contains(Card::SpringPreparations)
}

/// The most land units a spring deployment of `power` may carry across a
/// sea zone (§10\*): [`MAX_UNITS_BY_SEA`], no limit after Spring
/// Preparations (#102).
pub fn max_units_by_sea(game: &Game, power: Power) -> u8 {
    if prepared(game, power) { u8::MAX } else { MAX_UNITS_BY_SEA }
}

/// Whether `power` may play Spring Preparations (#102) now, as far as the
/// card's text goes: in the spring deployment phase, never the Protestant
/// (nor a power that does not deploy in the scenario), and only
/// controlling its capital (the Hapsburg: at least one of its two).
///
/// ```
/// use here_i_stand::{Faction, Game, Phase, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::spring::preparations_condition;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!preparations_condition(&game, Power::France));
/// game.set_phase(Phase::SpringDeployment)?;
/// assert!(preparations_condition(&game, Power::France));
/// assert!(!preparations_condition(&game, Power::Protestant));
/// game.set_controller(Space::Paris, Faction::Hapsburg)?;
/// assert!(!preparations_condition(&game, Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn preparations_condition(game: &Game, power: Power) -> bool {
    game.phase() == Phase::SpringDeployment
        && power != Power::Protestant
        && deploys(game, power)
        && !controlled_capitals(game, power).is_empty()
}

/// The capitals of `power` it controls (§2.1): where Spring Preparations
/// (#102) adds its regulars.
pub fn controlled_capitals(game: &Game, power: Power) -> EnumSet<Space> {
    capitals(power).into_iter().filter(|&c| game.controller(c) == Faction::from(power)).collect()
}

/// Whether `power` may spring-deploy at all: never the Protestant, which has
/// no capital (§10); in the two-player variant only the Papacy (§24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, rules::spring::deploys};
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(deploys(&game, Power::France));
/// assert!(!deploys(&game, Power::Protestant));
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(deploys(&two, Power::Papacy));
/// assert!(!deploys(&two, Power::Hapsburg));
/// ```
pub fn deploys(game: &Game, power: Power) -> bool {
    match game.scenario() {
        Scenario::TwoPlayer => power == Power::Papacy,
        Scenario::Y1517 | Scenario::Y1532 | Scenario::Tournament => power != Power::Protestant,
    }
}

/// The capitals of `power` (§2.1): one each, two for the Hapsburg
/// (Valladolid and Vienna), none for the Protestant.
///
/// ```
/// use here_i_stand::{Power, Space, rules::spring::capitals};
/// assert_eq!(capitals(Power::France).iter().collect::<Vec<_>>(), [Space::Paris]);
/// assert_eq!(capitals(Power::Hapsburg).len(), 2);
/// assert!(capitals(Power::Protestant).is_empty());
/// ```
pub fn capitals(power: Power) -> EnumSet<Space> {
    static CAPITALS: OnceLock<[EnumSet<Space>; Power::COUNT]> = OnceLock::new();
    let table = CAPITALS.get_or_init(|| {
        Power::ALL.map(|p| Space::ALL.into_iter().filter(|s| s.is_capital() && s.home() == Faction::from(p)).collect())
    });
    table[power.index()]
}

/// The land units and army leaders of `power` that may deploy from
/// `capital` (§10): its own, in the capital (one of its capitals), which
/// must be friendly-controlled (it is the first space of the path) and hold
/// no enemy units; besieged units never move (§15). Nothing otherwise.
///
/// Only pieces in the capital at the start of the phase may deploy (§10). A
/// power deploys once and moves only its own pieces, so nothing of its can
/// have arrived in the capital earlier in the phase: what is there now was
/// there at the start.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, LeaderLocation, Leader, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::spring::deployable_forces;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(3)).unwrap();
/// game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris)).unwrap();
/// let (units, leaders) = deployable_forces(&game, Power::France, Space::Paris);
/// assert_eq!(units, LandUnits::regulars(3));
/// assert!(leaders.contains(Leader::FrancisI));
/// ```
pub fn deployable_forces(game: &Game, power: Power, capital: Space) -> (LandUnits, EnumSet<Leader>) {
    let own = Faction::from(power);
    if !can_leave(game, power, capital) {
        return (LandUnits::NONE, EnumSet::EMPTY);
    }
    (game.land_units(capital, own), game.army_leaders_at(capital, own).collect())
}

/// The regulars of `power`'s allied minors that may deploy from `capital`
/// with its formation (§10, §22.3: they move as the ally's own units): those
/// in the capital, which must be one the power may leave now (see
/// [`deployable_forces`]); none otherwise. They deploy only from the ally's
/// capital: the minor's home key serves as a capital in winter only (§22.3).
/// Only the ally moves them, once, so what is there now was there at the
/// start of the phase.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::spring::deployable_minor_regulars;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Paris, Faction::Scotland, LandUnits::regulars(2)).unwrap();
/// assert_eq!(deployable_minor_regulars(&game, Power::France, Space::Paris, MinorPower::Scotland), 0);
/// game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
/// assert_eq!(deployable_minor_regulars(&game, Power::France, Space::Paris, MinorPower::Scotland), 2);
/// ```
pub fn deployable_minor_regulars(game: &Game, power: Power, capital: Space, minor: MinorPower) -> u8 {
    if game.minor_ally(minor) != Some(power) || !can_leave(game, power, capital) {
        return 0;
    }
    game.land_units(capital, minor.into()).regulars
}

/// [`deployable_minor_regulars`] of every minor, by [`MinorPower::index`].
pub(crate) fn deployable_minors(game: &Game, power: Power, capital: Space) -> crate::rules::battle::MinorUnits {
    MinorPower::ALL.map(|m| deployable_minor_regulars(game, power, capital, m))
}

/// `capital` is one of the power's capitals, friendly-controlled (the first
/// space of the path, §10) and not under siege: no enemy units in it, the
/// power's units not besieged (§15).
fn can_leave(game: &Game, power: Power, capital: Space) -> bool {
    capitals(power).contains(capital)
        && game.is_friendly_controlled(power, capital)
        && !game.has_enemy_units(power, capital)
        && !game.is_besieged(capital, Faction::from(power))
}

/// Whether a spring deployment of `power` may enter or pass through
/// `space` (§10, every land space of the path and the destination): in
/// play; friendly-controlled; not in unrest (§12.4: no deploying into or
/// through unrest); holding no units but friendly ones (land units, naval
/// units in port) and no enemy leaders; in the two-player variant, in the
/// German or Italian zone (§24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::spring::is_deployment_space};
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(is_deployment_space(&game, Power::France, Space::Lyon));
/// assert!(!is_deployment_space(&game, Power::France, Space::London));
/// game.set_unrest(Space::Lyon, true).unwrap();
/// assert!(!is_deployment_space(&game, Power::France, Space::Lyon));
/// ```
pub fn is_deployment_space(game: &Game, power: Power, space: Space) -> bool {
    is_open_for_deployment(game, power, space) && holds_only_friendly_units(game, power, space)
}

/// Every deployment space of `power` ([`is_deployment_space`]) at once:
/// one pass over the map and one over the units and leaders on it.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::spring::deployment_spaces};
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let spaces = deployment_spaces(&game, Power::France);
/// assert!(spaces.contains(Space::Lyon) && !spaces.contains(Space::London));
/// ```
pub fn deployment_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let mut spaces = game.friendly_controlled_spaces(power).difference(game.unrest()).difference(game.out_of_play);
    if power != Power::Protestant && !game.schmalkaldic_league() {
        // §10 with §18.7: the electorates are closed until the league forms.
        spaces = spaces.difference(static_sets().electorates);
    }
    if game.scenario() == Scenario::TwoPlayer {
        spaces = spaces.intersection(static_sets().german_italian);
    }
    spaces.difference(held_by_others(game, power))
}

/// The spaces holding land units or naval units in port of a power not
/// friendly to `power`, or any piece (leaders included) of an enemy (§10):
/// one pass over the stacks and one over the leaders on the map.
fn held_by_others(game: &Game, power: Power) -> EnumSet<Space> {
    let friendly = Faction::ALL.map(|f| game.is_friendly(power, f));
    let enemy = Faction::ALL.map(|f| game.is_enemy(power, f));
    let mut held = EnumSet::EMPTY;
    for (space, faction, units, _) in game.land_stack_tuples() {
        if (!units.is_empty() && !friendly[faction.index()]) || enemy[faction.index()] {
            held.insert(space);
        }
    }
    for (location, faction, units) in game.naval_stacks() {
        if let NavalLocation::Port(space) = location {
            if (units.total() > 0 && !friendly[faction.index()]) || enemy[faction.index()] {
                held.insert(space);
            }
        }
    }
    if enemy.contains(&true) {
        for (space, leader) in game.leaders_on_map() {
            if game.leader_owner(leader).is_some_and(|f| enemy[f.index()]) {
                held.insert(space);
            }
        }
    }
    held
}

/// Fixed sets of the map, worked out once: the electorates, the German and
/// Italian zones (§24.3), the ports, each space's clear connections and
/// each sea zone's ports.
struct StaticSets {
    electorates: EnumSet<Space>,
    german_italian: EnumSet<Space>,
    ports: EnumSet<Space>,
    clear: [EnumSet<Space>; Space::COUNT],
    with_passes: [EnumSet<Space>; Space::COUNT],
    zone_ports: [EnumSet<Space>; SeaZone::COUNT],
}

/// The [`StaticSets`] of the map.
fn static_sets() -> &'static StaticSets {
    static SETS: OnceLock<StaticSets> = OnceLock::new();
    SETS.get_or_init(|| StaticSets {
        electorates: Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate).collect(),
        german_italian: Space::ALL
            .into_iter()
            .filter(|s| matches!(s.language(), Some(LanguageZone::German | LanguageZone::Italian)))
            .collect(),
        ports: Space::ALL.into_iter().filter(|s| s.is_port()).collect(),
        clear: Space::ALL.map(|s| s.connections().iter().copied().collect()),
        with_passes: Space::ALL.map(|s| s.connections().iter().chain(s.passes()).copied().collect()),
        zone_ports: SeaZone::ALL.map(|z| z.ports().iter().copied().collect()),
    })
}

/// The checks of [`is_deployment_space`] that need no look at the units:
/// the zone, in play, the electorates, friendly control, no unrest.
fn is_open_for_deployment(game: &Game, power: Power, space: Space) -> bool {
    let zone_ok = game.scenario() != Scenario::TwoPlayer
        || matches!(space.language(), Some(LanguageZone::German | LanguageZone::Italian));
    zone_ok
        && game.in_play(space)
        && !crate::rules::movement::electorate_barred(game, power, space)
        && game.is_friendly_controlled(power, space)
        && !game.in_unrest(space)
}

/// No land units or naval units in port of a power not friendly to `power`
/// are in `space`, and no enemy leader (§10: "may not enter a space
/// containing units of another power, unless all units there are friendly").
fn holds_only_friendly_units(game: &Game, power: Power, space: Space) -> bool {
    let land_ok = game.land_units_in(space).all(|(f, units, _)| units.is_empty() || game.is_friendly(power, f));
    let naval_ok = game.naval_stacks().all(|(location, f, units)| {
        location != NavalLocation::Port(space) || units.total() == 0 || game.is_friendly(power, f)
    });
    land_ok && naval_ok && !game.has_enemy_units(power, space)
}

/// Whether a spring deployment of `power` may cross `zone` (§10\*; seed
/// 003): no other major power, allies included, has naval units in a port
/// on the zone. Minor powers' ships do not count (the rule names major
/// powers); ships at sea do not count (the rule names ports).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::spring::is_deployment_sea;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(is_deployment_sea(&game, Power::France, SeaZone::GulfOfLyon));
/// game.set_naval_units(NavalLocation::Port(Space::Barcelona), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
/// assert!(!is_deployment_sea(&game, Power::France, SeaZone::GulfOfLyon));
/// assert!(is_deployment_sea(&game, Power::Hapsburg, SeaZone::GulfOfLyon));
/// ```
pub fn is_deployment_sea(game: &Game, power: Power, zone: SeaZone) -> bool {
    if prepared(game, power) {
        return true;
    }
    let own = Faction::from(power);
    game.naval_stacks().all(|(location, f, units)| match location {
        NavalLocation::Port(port) => {
            units.total() == 0 || f == own || f.major().is_none() || !zone.ports().contains(&port)
        }
        NavalLocation::Sea(_) => true,
    })
}

/// Every sea zone a spring deployment of `power` may cross
/// ([`is_deployment_sea`]) at once: all but those with a port holding
/// another major power's naval units.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::spring::deployment_seas;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_naval_units(NavalLocation::Port(Space::Barcelona), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
/// assert!(!deployment_seas(&game, Power::France).contains(SeaZone::GulfOfLyon));
/// assert!(deployment_seas(&game, Power::France).contains(SeaZone::NorthSea));
/// ```
pub fn deployment_seas(game: &Game, power: Power) -> EnumSet<SeaZone> {
    let own = Faction::from(power);
    let mut seas: EnumSet<SeaZone> = SeaZone::ALL.into_iter().collect();
    if prepared(game, power) {
        return seas;
    }
    for (location, faction, units) in game.naval_stacks() {
        if let NavalLocation::Port(port) = location {
            if units.total() > 0 && faction != own && faction.major().is_some() {
                for &zone in port.ports() {
                    seas.remove(zone);
                }
            }
        }
    }
    seas
}

/// The spaces a formation of `power` with `units` land units may deploy to
/// from `capital` (§10; seed 004 and 003). A path of any length from the
/// capital, each step a clear land connection (no pass may be crossed,
/// §10\*), every space after the capital a deployment space
/// ([`is_deployment_space`]); at most one step may instead cross a sea zone
/// from a port on it to another port on it, if the zone may be crossed
/// ([`is_deployment_sea`]) and the formation has at most
/// [`MAX_UNITS_BY_SEA`] land units (§10\*). The capital itself is never a
/// destination. Empty if `capital` is not one the power may deploy from now
/// (see [`deployable_forces`]).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::spring::deployment_destinations;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Genoa, Faction::France).unwrap();
/// // Seed 004: Paris to Marseille, then across the Gulf of Lyon to Genoa.
/// let five = deployment_destinations(&game, Power::France, Space::Paris, 5);
/// assert!(five.contains(Space::Marseille) && five.contains(Space::Genoa));
/// let six = deployment_destinations(&game, Power::France, Space::Paris, 6);
/// assert!(six.contains(Space::Marseille) && !six.contains(Space::Genoa));
/// ```
pub fn deployment_destinations(game: &Game, power: Power, capital: Space, units: u8) -> EnumSet<Space> {
    let seas = if units <= max_units_by_sea(game, power) { deployment_seas(game, power) } else { EnumSet::EMPTY };
    destinations_through(game, power, capital, units, deployment_spaces(game, power), seas)
}

/// [`deployment_destinations`] with the deployment spaces `open`
/// ([`deployment_spaces`]) and seas `seas` ([`deployment_seas`]; unused
/// beyond [`MAX_UNITS_BY_SEA`] units) worked out by the caller, so that one
/// listing works them out once (§10).
pub(crate) fn destinations_through(
    game: &Game,
    power: Power,
    capital: Space,
    units: u8,
    open: EnumSet<Space>,
    seas: EnumSet<SeaZone>,
) -> EnumSet<Space> {
    if !can_leave(game, power, capital) {
        return EnumSet::EMPTY;
    }
    let mut start = EnumSet::EMPTY;
    start.insert(capital);
    let links = links(game, power);
    let mut reached = spread(links, open, start, start);
    if units <= max_units_by_sea(game, power) {
        // Landing on a port already reached by land adds nothing.
        let landed = landings(reached, seas).intersection(open).difference(reached);
        reached = spread(links, open, reached.union(landed), landed);
    }
    reached.remove(capital);
    reached
}

/// Whether [`destinations_through`] is not empty, looking first at the
/// capital's clear neighbours: a formation that can step out by land has
/// somewhere to go (§10).
pub(crate) fn has_destination(
    game: &Game,
    power: Power,
    capital: Space,
    units: u8,
    open: EnumSet<Space>,
    seas: EnumSet<SeaZone>,
) -> bool {
    if !can_leave(game, power, capital) {
        return false;
    }
    !links(game, power)[capital.index()].intersection(open).is_empty()
        || !destinations_through(game, power, capital, units, open, seas).is_empty()
}

/// Every port on a sea zone of `seas` that is a port of some space of
/// `from` (§10\*: one crossing from port to port).
fn landings(from: EnumSet<Space>, seas: EnumSet<SeaZone>) -> EnumSet<Space> {
    let sets = static_sets();
    let mut zones: EnumSet<SeaZone> = EnumSet::EMPTY;
    for port in from.intersection(sets.ports) {
        zones.extend(port.ports().iter().copied());
    }
    zones.intersection(seas).iter().fold(EnumSet::EMPTY, |ports, zone| ports.union(sets.zone_ports[zone.index()]))
}

/// The land connections a spring deployment of `power` may follow: the
/// clear ones, and the passes too after Spring Preparations (#102, §10\*).
fn links(game: &Game, power: Power) -> &'static [EnumSet<Space>; Space::COUNT] {
    let sets = static_sets();
    if prepared(game, power) { &sets.with_passes } else { &sets.clear }
}

/// `reached` with every space reached from `frontier` (a part of it) by
/// the connections `clear` through the deployment spaces `open`.
fn spread(
    clear: &[EnumSet<Space>; Space::COUNT],
    open: EnumSet<Space>,
    mut reached: EnumSet<Space>,
    mut frontier: EnumSet<Space>,
) -> EnumSet<Space> {
    while !frontier.is_empty() {
        let next = frontier.iter().fold(EnumSet::EMPTY, |next, space| next.union(clear[space.index()]));
        frontier = next.intersection(open).difference(reached);
        reached = reached.union(frontier);
    }
    reached
}

/// The capitals `power` may deploy from now (§10): it deploys at all
/// ([`deploys`]), has land units or army leaders free to deploy there
/// ([`deployable_forces`]) or its allied minors' regulars
/// ([`deployable_minor_regulars`], §22.3), and some destination exists for
/// them.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::spring::deployment_origins;
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(deployment_origins(&game, Power::France).is_empty());
/// game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(2)).unwrap();
/// assert!(deployment_origins(&game, Power::France).contains(Space::Paris));
/// ```
pub fn deployment_origins(game: &Game, power: Power) -> EnumSet<Space> {
    if !deploys(game, power) {
        return EnumSet::EMPTY;
    }
    let (open, seas) = (deployment_spaces(game, power), deployment_seas(game, power));
    capitals(power)
        .into_iter()
        .filter(|&capital| {
            let (units, leaders) = deployable_forces(game, power, capital);
            let minors = MinorPower::ALL.into_iter().any(|m| deployable_minor_regulars(game, power, capital, m) > 0);
            // The smallest formation: one leader, or one unit.
            let smallest = u8::from(leaders.is_empty());
            (!units.is_empty() || !leaders.is_empty() || minors)
                && has_destination(game, power, capital, smallest, open, seas)
        })
        .collect()
}
