//! The naval move (§16.1, with §2.3 for sea zones and two-zone ports): for
//! 1 CP every naval unit of a power and of its active minor allies may move
//! one step, port to an adjacent sea zone, sea zone to an adjacent sea zone
//! or to a port on it. Naval leaders move only with ships.
//!
//! Ships may sail into enemy presence: interception, avoiding battle and
//! the naval battles that follow the move are in `rules::naval_war` and
//! `frames::naval_war`. Squadrons loaned to the power (§9.2) are in its own
//! stacks (`rules::loans`), so they move as its own ships.

use smallvec::SmallVec;

use crate::game::{Game, LeaderLocation, NavalLocation, NavalUnits};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, MinorPower, Power, SeaZone, Space};

/// The CP a naval move costs, whatever moves (§11.2).
pub const NAVAL_MOVE_COST: u8 = 1;

/// The ships of one stack moving together in a naval move: the moving
/// power's own squadrons and corsairs, and squadrons of its active minor
/// allies (minors have no corsairs, §5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fleet {
    /// The moving power's own ships.
    pub own: NavalUnits,
    /// Squadrons of each minor power, by `MinorPower::index()`.
    pub allied: [u8; MinorPower::COUNT],
}

impl Fleet {
    /// No ship.
    pub const NONE: Fleet = Fleet { own: NavalUnits::NONE, allied: [0; MinorPower::COUNT] };

    /// How many ships.
    pub fn total(&self) -> u8 {
        self.allied.iter().fold(self.own.total(), |sum, &n| sum.saturating_add(n))
    }

    /// Whether it holds no ship.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The ships of each faction in it, for `power` (whose ships `own` are).
    pub fn by_faction(&self, power: Power) -> impl Iterator<Item = (Faction, NavalUnits)> + '_ {
        let own = core::iter::once((Faction::from(power), self.own));
        let allied =
            MinorPower::ALL.into_iter().zip(self.allied).map(|(m, n)| (Faction::from(m), NavalUnits::squadrons(n)));
        own.chain(allied).filter(|(_, units)| units.total() > 0)
    }
}

/// The factions whose ships move in `power`'s naval move (§16.1): the power
/// and its active minor allies (whose units act as the power's own, §22.3).
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::naval::fleet_factions;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
/// let factions = fleet_factions(&game, Power::Papacy);
/// assert!(factions.contains(Faction::Papacy) && factions.contains(Faction::Venice));
/// assert!(!fleet_factions(&game, Power::France).contains(Faction::Venice));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn fleet_factions(game: &Game, power: Power) -> EnumSet<Faction> {
    game.own_factions(power)
}

/// The locations one naval step from `from` (§16.1, §2.3): from a port, the
/// sea zones it is a port on; from a sea zone, the adjacent zones (not the
/// non-adjacent pairs joined only through a two-zone port) and its ports.
///
/// ```
/// use here_i_stand::{NavalLocation, SeaZone, Space, rules::naval::neighbours};
///
/// let from_messina = neighbours(NavalLocation::Port(Space::Messina));
/// assert!(from_messina.contains(&NavalLocation::Sea(SeaZone::TyrrhenianSea)));
/// assert!(from_messina.contains(&NavalLocation::Sea(SeaZone::IonianSea)));
/// let from_ionian = neighbours(NavalLocation::Sea(SeaZone::IonianSea));
/// assert!(from_ionian.contains(&NavalLocation::Port(Space::Messina)));
/// assert!(!from_ionian.contains(&NavalLocation::Sea(SeaZone::TyrrhenianSea)));
/// ```
pub fn neighbours(from: NavalLocation) -> SmallVec<[NavalLocation; 16]> {
    match from {
        NavalLocation::Port(space) => space.ports().iter().map(|&z| NavalLocation::Sea(z)).collect(),
        NavalLocation::Sea(zone) => zone
            .adjacent()
            .iter()
            .map(|&z| NavalLocation::Sea(z))
            .chain(zone.ports().iter().map(|&s| NavalLocation::Port(s)))
            .collect(),
    }
}

/// Whether ships of `faction` moving in `power`'s naval move may enter `to`
/// (§16.1; adjacency is not checked here).
///
/// - A sea zone: always, enemy ships or not (a naval battle follows), but
///   Genoese and Venetian ships never enter the Atlantic Ocean (§16.1).
/// - A port: in play, and controlled by the power or one of its active
///   minor allies; or controlled by another power that is not its ally, with
///   enemy ships in it (to attack them). Never an ally's port (§16.1).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::naval::may_enter;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(may_enter(&game, Power::France, Faction::France, NavalLocation::Port(Space::Marseille)));
/// assert!(!may_enter(&game, Power::France, Faction::France, NavalLocation::Port(Space::Barcelona)));
/// assert!(may_enter(&game, Power::France, Faction::France, NavalLocation::Sea(SeaZone::AtlanticOcean)));
/// assert!(!may_enter(&game, Power::Papacy, Faction::Venice, NavalLocation::Sea(SeaZone::AtlanticOcean)));
/// // Enemy ships in Barcelona: the French may sail in to attack them.
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// game.set_naval_units(NavalLocation::Port(Space::Barcelona), Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// assert!(may_enter(&game, Power::France, Faction::France, NavalLocation::Port(Space::Barcelona)));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_enter(game: &Game, power: Power, faction: Faction, to: NavalLocation) -> bool {
    match to {
        NavalLocation::Port(space) => port_open(game, power, fleet_factions(game, power), space),
        NavalLocation::Sea(zone) => {
            !(zone == SeaZone::AtlanticOcean && matches!(faction, Faction::Genoa | Faction::Venice))
        }
    }
}

/// Whether the naval leader `leader` may go to `to`: Andrea Doria never
/// enters the Atlantic Ocean (§16.1).
///
/// ```
/// use here_i_stand::{Leader, NavalLocation, SeaZone, rules::naval::leader_may_enter};
/// assert!(!leader_may_enter(Leader::AndreaDoria, NavalLocation::Sea(SeaZone::AtlanticOcean)));
/// assert!(leader_may_enter(Leader::Barbarossa, NavalLocation::Sea(SeaZone::AtlanticOcean)));
/// ```
pub fn leader_may_enter(leader: Leader, to: NavalLocation) -> bool {
    !(leader == Leader::AndreaDoria && to == NavalLocation::Sea(SeaZone::AtlanticOcean))
}

/// The naval leaders of `power` and its active minor allies at `at`.
///
/// ```
/// use here_i_stand::{Game, Leader, LeaderLocation, NavalLocation, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::naval::naval_leaders_at;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Istanbul))?;
/// assert!(naval_leaders_at(&game, Power::Ottoman, NavalLocation::Port(Space::Istanbul)).contains(Leader::Barbarossa));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn naval_leaders_at(game: &Game, power: Power, at: NavalLocation) -> EnumSet<Leader> {
    naval_leaders_of(game, fleet_factions(game, power), at)
}

/// Where `fleet`, with the naval leaders `leaders`, may go from `from` in
/// `power`'s naval move (§16.1): each adjacent location every ship of it
/// ([`may_enter`]) and every leader ([`leader_may_enter`]) may enter. Empty
/// if the fleet has no ship: leaders never move alone.
///
/// Naval leaders stay with their power's ships: when the fleet takes the
/// last of the power's ships at `from`, a naval leader left behind who
/// could go where the fleet goes must go with it, so that destination needs
/// him in `leaders` (§16.1). `fleet` and `leaders` are taken from those at
/// `from`; the caller checks they are there.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::EnumSet;
/// use here_i_stand::rules::naval::{fleet_destinations, Fleet};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let marseille = NavalLocation::Port(Space::Marseille);
/// game.set_naval_units(marseille, Faction::France, NavalUnits::squadrons(1))?;
/// let fleet = Fleet { own: NavalUnits::squadrons(1), ..Fleet::NONE };
/// let to = fleet_destinations(&game, Power::France, marseille, &fleet, EnumSet::EMPTY);
/// assert_eq!(to.as_slice(), [NavalLocation::Sea(SeaZone::GulfOfLyon)]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn fleet_destinations(
    game: &Game,
    power: Power,
    from: NavalLocation,
    fleet: &Fleet,
    leaders: EnumSet<Leader>,
) -> SmallVec<[NavalLocation; 16]> {
    fleet_destinations_of(game, power, fleet_factions(game, power), from, fleet, leaders)
}

/// [`fleet_destinations`] with the power's fleet factions `factions`
/// ([`fleet_factions`]) worked out by the caller (§16.1). Whether a port
/// may be entered does not hang on which of those factions' ships enter
/// it, so each port is looked at once ([`may_enter`]).
pub(crate) fn fleet_destinations_of(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    from: NavalLocation,
    fleet: &Fleet,
    leaders: EnumSet<Leader>,
) -> SmallVec<[NavalLocation; 16]> {
    let mut out = SmallVec::new();
    if fleet.is_empty() {
        return out;
    }
    let last_ships = fleet_ships_of(game, factions, from) <= fleet.total();
    let behind = if last_ships { naval_leaders_of(game, factions, from).difference(leaders) } else { EnumSet::EMPTY };
    // §16.1: Genoese and Venetian ships never enter the Atlantic Ocean.
    let italian = fleet.by_faction(power).any(|(f, _)| matches!(f, Faction::Genoa | Faction::Venice));
    for to in neighbours(from) {
        let ships_may = match to {
            NavalLocation::Port(space) => port_open(game, power, factions, space),
            NavalLocation::Sea(zone) => !(zone == SeaZone::AtlanticOcean && italian),
        };
        let leaders_may = leaders.iter().all(|l| leader_may_enter(l, to));
        let none_left_alone = behind.iter().all(|l| !leader_may_enter(l, to));
        if ships_may && leaders_may && none_left_alone {
            out.push(to);
        }
    }
    out
}

/// [`may_enter`] for a port, with the fleet factions `factions` given.
fn port_open(game: &Game, power: Power, factions: EnumSet<Faction>, space: Space) -> bool {
    if !(space.is_port() && game.in_play(space)) {
        return false;
    }
    let controller = game.controller(space);
    factions.contains(controller)
        || (!game.allied(power, controller)
            && crate::rules::naval_war::hostile_ships_at(game, power, NavalLocation::Port(space)))
}

/// The ships of the fleet factions `factions` at `at`.
fn fleet_ships_of(game: &Game, factions: EnumSet<Faction>, at: NavalLocation) -> u8 {
    game.naval_stacks()
        .filter(|&(l, f, _)| l == at && factions.contains(f))
        .fold(0u8, |sum, (_, _, units)| sum.saturating_add(units.total()))
}

/// [`naval_leaders_at`] with the fleet factions given.
pub(crate) fn naval_leaders_of(game: &Game, factions: EnumSet<Faction>, at: NavalLocation) -> EnumSet<Leader> {
    let here = match at {
        NavalLocation::Port(space) => LeaderLocation::Space(space),
        NavalLocation::Sea(zone) => LeaderLocation::Sea(zone),
    };
    Leader::ALL
        .into_iter()
        .filter(|&l| {
            l.kind() == LeaderKind::Naval
                && game.leader_location(l) == here
                && game.leader_owner(l).is_some_and(|f| factions.contains(f))
        })
        .collect()
}

/// Whether one ship of `available` (ships at `from` free to move) can sail
/// from `from` in `power`'s naval move, alone or with the naval leaders
/// `leaders` (free to move there) (§16.1).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::EnumSet;
/// use here_i_stand::rules::naval::{can_sail_from, Fleet};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let marseille = NavalLocation::Port(Space::Marseille);
/// game.set_naval_units(marseille, Faction::France, NavalUnits::squadrons(1))?;
/// let ships = Fleet { own: NavalUnits::squadrons(1), ..Fleet::NONE };
/// assert!(can_sail_from(&game, Power::France, marseille, &ships, EnumSet::EMPTY));
/// assert!(!can_sail_from(&game, Power::France, marseille, &Fleet::NONE, EnumSet::EMPTY));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn can_sail_from(
    game: &Game,
    power: Power,
    from: NavalLocation,
    available: &Fleet,
    leaders: EnumSet<Leader>,
) -> bool {
    can_sail_of(game, power, fleet_factions(game, power), from, available, leaders)
}

/// [`can_sail_from`] with the fleet factions `factions` given (§16.1).
pub(crate) fn can_sail_of(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    from: NavalLocation,
    available: &Fleet,
    leaders: EnumSet<Leader>,
) -> bool {
    single_ships(available).any(|one| {
        !fleet_destinations_of(game, power, factions, from, &one, EnumSet::EMPTY).is_empty()
            || !fleet_destinations_of(game, power, factions, from, &one, leaders).is_empty()
    })
}

/// One fleet of a single ship for each kind of ship in `available`.
fn single_ships(available: &Fleet) -> impl Iterator<Item = Fleet> + '_ {
    let squadron = (available.own.squadrons > 0).then_some(Fleet { own: NavalUnits::squadrons(1), ..Fleet::NONE });
    let corsair =
        (available.own.corsairs > 0).then_some(Fleet { own: NavalUnits { squadrons: 0, corsairs: 1 }, ..Fleet::NONE });
    let allied = MinorPower::ALL.into_iter().filter(|m| available.allied[m.index()] > 0).map(|m| {
        let mut one = Fleet::NONE;
        one.allied[m.index()] = 1;
        one
    });
    squadron.into_iter().chain(corsair).chain(allied)
}

/// The ships of `power` and its active minor allies at `at`, as a fleet.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::naval::fleet_at;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let marseille = NavalLocation::Port(Space::Marseille);
/// game.set_naval_units(marseille, Faction::France, NavalUnits::squadrons(2))?;
/// assert_eq!(fleet_at(&game, Power::France, marseille).total(), 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn fleet_at(game: &Game, power: Power, at: NavalLocation) -> Fleet {
    let own = Faction::from(power);
    let mut fleet = Fleet::NONE;
    // One pass over the stacks; the first stack of a faction counts, as in
    // `Game::naval_units`.
    let mut seen = EnumSet::EMPTY;
    for (location, faction, units) in game.naval_stacks() {
        if location != at || !seen.insert(faction) {
            continue;
        }
        if faction == own {
            fleet.own = units;
        } else if let Some(minor) = faction.minor().filter(|&m| game.minor_ally(m) == Some(power)) {
            fleet.allied[minor.index()] = units.squadrons;
        }
    }
    fleet
}

/// Whether `power` may take the naval move action now (§16.1, §11.2): never
/// the Protestant, who has no ships; otherwise if some ship of it or of an
/// active minor ally can make a step (ships that lost a naval battle this
/// impulse may not).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::naval::can_naval_move;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!can_naval_move(&game, Power::France));
/// game.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(1))?;
/// assert!(can_naval_move(&game, Power::France));
/// assert!(!can_naval_move(&game, Power::Protestant));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn can_naval_move(game: &Game, power: Power) -> bool {
    if power == Power::Protestant {
        return false;
    }
    let factions = fleet_factions(game, power);
    game.naval_stacks().filter(|&(_, f, units)| factions.contains(f) && units.total() > 0).any(|(at, ..)| {
        can_sail_of(game, power, factions, at, &game.unbeaten_fleet(power, at), naval_leaders_of(game, factions, at))
    })
}
