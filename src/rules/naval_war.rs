//! Naval war (§16.1 steps 4-7, §16.2, §16.3): who is hostile at sea, who
//! may intercept, where ships may retreat or avoid battle to, the dice and
//! losses of a naval battle, and where a naval transport may land.
//!
//! A *side* in a naval battle is a major power with the ships of its active
//! minor allies (their units act as its own, §22.3), or an inactive minor
//! power at war, whose fleet stays in port and defends there (§22.1). A
//! side is named by a [`Faction`]: the major power, or the inactive minor.

use smallvec::SmallVec;

use crate::game::{Game, NavalLocation, NavalUnits};
use crate::rules::naval::{fleet_at, fleet_factions, leader_may_enter, may_enter, neighbours};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, Power, SeaZone, Space};

/// What an interception or avoid-battle roll needs: 2 dice plus the naval
/// leader's battle rating, 9 or more (§16.1 steps 4-5).
pub const NAVAL_ROLL_TARGET: u8 = 9;

/// Dice of a squadron in a naval battle; also the hits that sink it (§16.2, §5.3).
pub const SQUADRON_DICE: u8 = 2;

/// The CP each leg of a naval transport costs (§16.3).
pub const TRANSPORT_LEG_COST: u8 = 1;

/// The CP a power must have left to start a naval transport (§16.3).
pub const TRANSPORT_MIN_CP: u8 = 2;

/// The most land units one naval transport carries (§16.3).
pub const TRANSPORT_MAX_UNITS: u8 = 5;

/// Places next to one location: at most the ports and zones of a sea zone.
pub type Locations = SmallVec<[NavalLocation; 16]>;

/// The side `faction`'s ships fight for: an active minor's patron, else
/// the faction itself (§22.3: an active minor's wars are its patron's).
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::naval_war::side_of;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(side_of(&game, Faction::Venice), Faction::Venice);
/// game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
/// assert_eq!(side_of(&game, Faction::Venice), Faction::Papacy);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn side_of(game: &Game, faction: Faction) -> Faction {
    match faction.minor().and_then(|m| game.minor_ally(m)) {
        Some(patron) => Faction::from(patron),
        None => faction,
    }
}

/// Whether ships of `faction` are enemies of `power`: their side is at war
/// with it (§1).
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::naval_war::is_hostile;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
/// assert!(!is_hostile(&game, Power::Ottoman, Faction::Venice));
/// game.set_war(Power::Ottoman, Power::Papacy, true)?;
/// assert!(is_hostile(&game, Power::Ottoman, Faction::Venice));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_hostile(game: &Game, power: Power, faction: Faction) -> bool {
    game.at_war(power, side_of(game, faction))
}

/// Whether naval units hostile to `power` are at `at`.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::hostile_ships_at;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let gulf = NavalLocation::Sea(SeaZone::GulfOfLyon);
/// game.set_naval_units(gulf, Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// assert!(!hostile_ships_at(&game, Power::France, gulf));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert!(hostile_ships_at(&game, Power::France, gulf));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn hostile_ships_at(game: &Game, power: Power, at: NavalLocation) -> bool {
    game.naval_stacks().any(|(l, f, units)| l == at && units.total() > 0 && is_hostile(game, power, f))
}

/// The factions whose ships make up the side `side`: a major power and its
/// active minor allies, or the faction alone.
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::naval_war::side_factions;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::Hapsburg, MinorPower::Genoa, true)?;
/// let side = side_factions(&game, Faction::Hapsburg);
/// assert!(side.contains(Faction::Genoa) && side.len() == 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn side_factions(game: &Game, side: Faction) -> EnumSet<Faction> {
    match side.major() {
        Some(power) => fleet_factions(game, power),
        None => [side].into_iter().collect(),
    }
}

/// The ships of the side `side` at `at`, all factions added up.
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, NavalLocation, NavalUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::naval_war::side_units;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::Hapsburg, MinorPower::Genoa, true)?;
/// let genoa = NavalLocation::Port(Space::Genoa);
/// game.set_naval_units(genoa, Faction::Genoa, NavalUnits::squadrons(1))?;
/// game.set_naval_units(genoa, Faction::Hapsburg, NavalUnits::squadrons(2))?;
/// assert_eq!(side_units(&game, Faction::Hapsburg, genoa), NavalUnits::squadrons(3));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn side_units(game: &Game, side: Faction, at: NavalLocation) -> NavalUnits {
    let factions = side_factions(game, side);
    game.naval_stacks().filter(|&(l, f, _)| l == at && factions.contains(f)).fold(NavalUnits::NONE, |sum, (.., u)| {
        NavalUnits {
            squadrons: sum.squadrons.saturating_add(u.squadrons),
            corsairs: sum.corsairs.saturating_add(u.corsairs),
        }
    })
}

/// The naval leaders of the side `side` at `at`.
///
/// ```
/// use here_i_stand::{Faction, Game, Leader, LeaderLocation, NavalLocation, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::side_leaders;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::AegeanSea))?;
/// let at = NavalLocation::Sea(SeaZone::AegeanSea);
/// assert!(side_leaders(&game, Faction::Ottoman, at).contains(Leader::Barbarossa));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn side_leaders(game: &Game, side: Faction, at: NavalLocation) -> EnumSet<Leader> {
    crate::rules::naval::naval_leaders_of(game, side_factions(game, side), at)
}

/// The best battle rating among `leaders`, 0 without any (§16.1, §16.2).
///
/// ```
/// use here_i_stand::{Leader, rules::naval_war::best_battle_rating};
/// assert_eq!(best_battle_rating([Leader::Dragut, Leader::Barbarossa]), 2);
/// assert_eq!(best_battle_rating([]), 0);
/// ```
pub fn best_battle_rating(leaders: impl IntoIterator<Item = Leader>) -> u8 {
    leaders.into_iter().map(Leader::battle).max().unwrap_or(0)
}

/// The dice the side `side` rolls in a naval battle at `at` (§16.2 steps
/// 1-2): 2 per squadron, 1 per corsair, plus the battle rating of its best
/// naval leader there; the defender 1 more in a port.
///
/// ```
/// use here_i_stand::{Faction, Game, Leader, LeaderLocation, NavalLocation, NavalUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::naval_war::battle_dice;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let istanbul = NavalLocation::Port(Space::Istanbul);
/// game.set_naval_units(istanbul, Faction::Ottoman, NavalUnits { squadrons: 2, corsairs: 1 })?;
/// game.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Istanbul))?;
/// assert_eq!(battle_dice(&game, Faction::Ottoman, istanbul, false), 7);
/// assert_eq!(battle_dice(&game, Faction::Ottoman, istanbul, true), 8);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn battle_dice(game: &Game, side: Faction, at: NavalLocation, defending: bool) -> u8 {
    let units = side_units(game, side, at);
    let port_bonus = u8::from(defending && matches!(at, NavalLocation::Port(_)));
    units
        .squadrons
        .saturating_mul(SQUADRON_DICE)
        .saturating_add(units.corsairs)
        .saturating_add(best_battle_rating(side_leaders(game, side, at)))
        .saturating_add(port_bonus)
}

/// The ships `units` lose to `hits` in a naval battle (§16.2 step 8): every
/// 2 hits sink a squadron; hits left over sink a corsair each; a last odd
/// hit sinks one more squadron only if this side lost the battle.
///
/// ```
/// use here_i_stand::{NavalUnits, rules::naval_war::ship_losses};
/// let fleet = NavalUnits { squadrons: 2, corsairs: 1 };
/// // The rulebook's example: 3 hits on the Ottoman loser sink a squadron and the corsair.
/// assert_eq!(ship_losses(3, fleet, true), NavalUnits { squadrons: 1, corsairs: 1 });
/// // An odd hit on the winner is ignored, on the loser sinks a squadron.
/// assert_eq!(ship_losses(3, NavalUnits::squadrons(3), false), NavalUnits::squadrons(1));
/// assert_eq!(ship_losses(3, NavalUnits::squadrons(3), true), NavalUnits::squadrons(2));
/// ```
pub fn ship_losses(hits: u8, units: NavalUnits, loser: bool) -> NavalUnits {
    let squadrons = (hits / SQUADRON_DICE).min(units.squadrons);
    let left = hits - squadrons * SQUADRON_DICE;
    let corsairs = left.min(units.corsairs);
    let odd = left > corsairs && loser && units.squadrons > squadrons;
    NavalUnits { squadrons: squadrons + u8::from(odd), corsairs }
}

/// The losses of both sides of a naval battle (§16.2 steps 7-8), the
/// attacker's first: hits as [`ship_losses`], the attacker winning only
/// with more hits; if both would be wiped out, the side that rolled more
/// dice keeps one unit, the defender on a tie (a squadron if it had one).
///
/// ```
/// use here_i_stand::{NavalUnits, rules::naval_war::battle_losses};
/// let one = NavalUnits::squadrons(1);
/// // 2 hits each, equal dice: the defender keeps its squadron.
/// assert_eq!(battle_losses(one, one, [2, 2], [2, 2]), (one, NavalUnits::NONE));
/// // The attacker rolled more dice: it keeps one.
/// assert_eq!(battle_losses(one, one, [3, 2], [2, 2]), (NavalUnits::NONE, one));
/// ```
///
/// `dice` and `hits` are `[attacker, defender]`.
pub fn battle_losses(
    attacker: NavalUnits,
    defender: NavalUnits,
    dice: [u8; 2],
    hits: [u8; 2],
) -> (NavalUnits, NavalUnits) {
    let attacker_won = hits[0] > hits[1];
    let mut lost_attacker = ship_losses(hits[1], attacker, !attacker_won);
    let mut lost_defender = ship_losses(hits[0], defender, attacker_won);
    let wiped = |lost: NavalUnits, had: NavalUnits| had.total() > 0 && lost == had;
    if wiped(lost_attacker, attacker) && wiped(lost_defender, defender) {
        if dice[0] > dice[1] {
            lost_attacker = keep_one(lost_attacker);
        } else {
            lost_defender = keep_one(lost_defender);
        }
    }
    (lost_attacker, lost_defender)
}

/// These losses less one unit kept: a squadron if any.
fn keep_one(lost: NavalUnits) -> NavalUnits {
    if lost.squadrons > 0 {
        NavalUnits { squadrons: lost.squadrons - 1, ..lost }
    } else {
        NavalUnits { corsairs: lost.corsairs.saturating_sub(1), ..lost }
    }
}

/// The locations from which `interceptor`'s ships may try to intercept the
/// active power's ships just arrived in `zone` (§16.1 step 4): `interceptor`
/// is at war with `active`; the location is a port on the zone or an
/// adjacent zone, holds ships of `interceptor` or its active minor allies,
/// one of which may enter the zone, and holds none of the active power's.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::naval_war::interception_stacks;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let naples = NavalLocation::Port(Space::Naples);
/// game.set_naval_units(naples, Faction::Hapsburg, NavalUnits::squadrons(2))?;
/// let zone = SeaZone::TyrrhenianSea;
/// assert!(interception_stacks(&game, Power::France, Power::Hapsburg, zone).is_empty());
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert_eq!(interception_stacks(&game, Power::France, Power::Hapsburg, zone).as_slice(), [naples]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn interception_stacks(game: &Game, active: Power, interceptor: Power, zone: SeaZone) -> Locations {
    let mut out = Locations::new();
    if !game.at_war(active, interceptor) {
        return out;
    }
    let to = NavalLocation::Sea(zone);
    for from in neighbours(to) {
        let fleet = fleet_at(game, interceptor, from);
        let active_there = side_units(game, Faction::from(active), from).total() > 0;
        if !active_there && fleet.by_faction(interceptor).any(|(f, _)| may_enter(game, interceptor, f, to)) {
            out.push(from);
        }
    }
    out
}

/// Where the ships and naval leaders of `power`'s side at `from` may go to
/// avoid a naval battle or retreat after one (§16.1 step 5, §16.2 step 9):
/// an adjacent sea zone, or a port it (or an active minor ally) controls,
/// with no ships of a power at war with it, which every one of its ships and
/// leaders there may enter (Genoa, Venice and Andrea Doria never go to the
/// Atlantic). From a port only its sea zones are adjacent.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::naval_war::retreat_destinations;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let from = NavalLocation::Sea(SeaZone::IrishSea);
/// game.set_naval_units(from, Faction::England, NavalUnits::squadrons(1))?;
/// let to = retreat_destinations(&game, Power::England, from);
/// assert!(to.contains(&NavalLocation::Port(Space::Bristol)));
/// assert!(!to.contains(&NavalLocation::Port(Space::Glasgow)), "a Scottish port");
/// game.set_war(Power::England, Power::France, true)?;
/// game.set_naval_units(NavalLocation::Sea(SeaZone::NorthSea), Faction::France, NavalUnits::squadrons(1))?;
/// assert!(!retreat_destinations(&game, Power::England, from).contains(&NavalLocation::Sea(SeaZone::NorthSea)));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn retreat_destinations(game: &Game, power: Power, from: NavalLocation) -> Locations {
    let factions = fleet_factions(game, power);
    let present: EnumSet<Faction> = game
        .naval_stacks()
        .filter(|&(l, f, u)| l == from && u.total() > 0 && factions.contains(f))
        .map(|s| s.1)
        .collect();
    let leaders = side_leaders(game, Faction::from(power), from);
    let mut out = Locations::new();
    for to in neighbours(from) {
        let open = match to {
            NavalLocation::Sea(_) => present.iter().all(|f| may_enter(game, power, f, to)),
            NavalLocation::Port(space) => {
                space.is_port() && game.in_play(space) && factions.contains(game.controller(space))
            }
        };
        if open && leaders.iter().all(|l| leader_may_enter(l, to)) && !hostile_ships_at(game, power, to) {
            out.push(to);
        }
    }
    out
}

/// The enemy sides whose ships share `at` with `active`'s ships, in faction
/// order: the naval battles to fight there (§16.1 step 7).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::enemy_sides_at;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let gulf = NavalLocation::Sea(SeaZone::GulfOfLyon);
/// game.set_naval_units(gulf, Faction::France, NavalUnits::squadrons(1))?;
/// game.set_naval_units(gulf, Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert_eq!(enemy_sides_at(&game, Power::France, gulf).as_slice(), [Faction::Hapsburg]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn enemy_sides_at(game: &Game, active: Power, at: NavalLocation) -> SmallVec<[Faction; 8]> {
    let mut sides: EnumSet<Faction> = EnumSet::EMPTY;
    if side_units(game, Faction::from(active), at).total() > 0 {
        for (l, f, units) in game.naval_stacks() {
            if l == at && units.total() > 0 && is_hostile(game, active, f) {
                sides.insert(side_of(game, f));
            }
        }
    }
    sides.iter().collect()
}

/// Where `active` must fight naval battles now: every sea zone or port
/// where its ships and enemy ships are together (§16.1 step 7).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::battle_sites;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let gulf = NavalLocation::Sea(SeaZone::GulfOfLyon);
/// game.set_naval_units(gulf, Faction::France, NavalUnits::squadrons(1))?;
/// game.set_naval_units(gulf, Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// assert!(battle_sites(&game, Power::France).is_empty());
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert_eq!(battle_sites(&game, Power::France).as_slice(), [gulf]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn battle_sites(game: &Game, active: Power) -> Locations {
    let factions = fleet_factions(game, active);
    let mut out = Locations::new();
    for (at, f, units) in game.naval_stacks() {
        if factions.contains(f)
            && units.total() > 0
            && !out.contains(&at)
            && !enemy_sides_at(game, active, at).is_empty()
        {
            out.push(at);
        }
    }
    out
}

/// Whether a naval transport of `power` may land from `zone` in the port
/// `port` without combat (§16.3 step 3): a port on the zone, in play,
/// without enemy ships, that a formation could enter by land movement
/// ([`crate::rules::movement::can_enter_peacefully`]: landings that need a
/// fight come with the land war).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::naval_war::can_land;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(can_land(&game, Power::Hapsburg, SeaZone::TyrrhenianSea, Space::Naples));
/// assert!(!can_land(&game, Power::Hapsburg, SeaZone::TyrrhenianSea, Space::Rome), "the Papacy is neutral");
/// assert!(!can_land(&game, Power::Hapsburg, SeaZone::IonianSea, Space::Genoa), "not on that zone");
/// ```
pub fn can_land(game: &Game, power: Power, zone: SeaZone, port: Space) -> bool {
    zone.ports().contains(&port)
        && game.in_play(port)
        && !hostile_ships_at(game, power, NavalLocation::Port(port))
        && crate::rules::battle::may_enter(game, power, port, true)
}

/// The ports where a naval transport of `power` in `zone` may land now.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::naval_war::landing_ports;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(landing_ports(&game, Power::England, SeaZone::EnglishChannel).contains(&Space::Portsmouth));
/// ```
pub fn landing_ports(game: &Game, power: Power, zone: SeaZone) -> SmallVec<[Space; 16]> {
    zone.ports().iter().copied().filter(|&p| can_land(game, power, zone, p)).collect()
}

/// Whether `power` has ships (its own or an active minor ally's) in `zone`:
/// the zones a naval transport may cross (§16.3).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::carries;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!carries(&game, Power::England, SeaZone::NorthSea));
/// game.set_naval_units(NavalLocation::Sea(SeaZone::NorthSea), Faction::England, NavalUnits::squadrons(1))?;
/// assert!(carries(&game, Power::England, SeaZone::NorthSea));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn carries(game: &Game, power: Power, zone: SeaZone) -> bool {
    side_units(game, Faction::from(power), NavalLocation::Sea(zone)).total() > 0
}

/// The sea zones from which a naval transport of `power` can still land
/// within `cp` CP: a zone holding its ships with a landing port (1 CP), or
/// one leg (1 CP) from such a zone, and so on (§16.3: it must land in the
/// same impulse, every zone crossed holding its ships).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::naval_war::finishing_zones;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_naval_units(NavalLocation::Sea(SeaZone::EnglishChannel), Faction::England, NavalUnits::squadrons(1))?;
/// assert!(finishing_zones(&game, Power::England, 1).contains(SeaZone::EnglishChannel));
/// assert!(finishing_zones(&game, Power::England, 0).is_empty());
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn finishing_zones(game: &Game, power: Power, cp: u8) -> EnumSet<SeaZone> {
    let mut reach = EnumSet::EMPTY;
    if cp < TRANSPORT_LEG_COST {
        return reach;
    }
    let carrying = carrying_zones(game, power);
    // Whether a port may be landed on does not hang on the zone it is
    // reached from: each port is looked at once.
    let (mut landable, mut barred) = (EnumSet::EMPTY, EnumSet::EMPTY);
    for zone in carrying {
        for &port in zone.ports() {
            if !landable.contains(port) && !barred.contains(port) {
                let set = if can_land(game, power, zone, port) { &mut landable } else { &mut barred };
                set.insert(port);
            }
        }
        if zone.ports().iter().any(|&port| landable.contains(port)) {
            reach.insert(zone);
        }
    }
    let mut budget = cp - TRANSPORT_LEG_COST;
    while budget >= TRANSPORT_LEG_COST {
        let before = reach;
        for zone in carrying.difference(before) {
            if zone.adjacent().iter().any(|&z| before.contains(z)) {
                reach.insert(zone);
            }
        }
        if reach == before {
            break;
        }
        budget -= TRANSPORT_LEG_COST;
    }
    reach
}

/// Every sea zone where [`carries`] holds for `power` (§16.3), found in one
/// pass over the naval stacks.
fn carrying_zones(game: &Game, power: Power) -> EnumSet<SeaZone> {
    let factions = fleet_factions(game, power);
    let mut zones = EnumSet::EMPTY;
    for (location, faction, units) in game.naval_stacks() {
        if let NavalLocation::Sea(zone) = location {
            if units.total() > 0 && factions.contains(faction) {
                zones.insert(zone);
            }
        }
    }
    zones
}
