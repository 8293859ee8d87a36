//! Minor powers and independent keys (§22; seed page 000, "Неактивные
//! второстепенные державы" to "Независимые ключевые города").
//!
//! Pure functions over a borrowed [`Game`]: who may activate and deactivate
//! whom (§22.1), what an activation (§22.2) and a deactivation (§22.4)
//! change, the defeat of Hungary-Bohemia (§22.5), and how inactive minors and
//! independent keys defend (§22.1, §22.6). Each returns a value that lists the
//! effects; nothing is changed and no die is rolled.
//!
//! At the end of the module, separated from the rules, thin appliers
//! ([`apply_activation`], [`apply_deactivation`],
//! [`apply_hungary_bohemia_defeat`]) carry such a value out with the editing
//! API, for tests and for the engine.
//!
//! "Nearest" counts steps over land, port links and sea zones, a sea zone
//! counting as one step (§12.5); for ships, over sea zones only. Where several
//! destinations are equally near, every one is listed and the owner chooses.

use smallvec::SmallVec;

use crate::edit::EditError;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits, Scenario};
use crate::rules::paths::{self, Metric};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, MinorPower, Power, SeaZone, Space, SpaceKind};

// --- Who may activate whom (§22.1) -------------------------------------------

/// The activation table (§22.1, seed 000), in `MinorPower` order.
const ACTIVATORS: [&[Power]; MinorPower::COUNT] = [
    // Genoa
    &[Power::Hapsburg, Power::France, Power::Papacy],
    // Hungary-Bohemia
    &[Power::Hapsburg],
    // Scotland
    &[Power::England, Power::France],
    // Venice
    &[Power::Hapsburg, Power::France, Power::Papacy],
];

/// The powers the activation table lets activate `minor` (§22.1, seed 000):
/// Genoa and Venice by France, the Hapsburg or the Papacy; Hungary-Bohemia by
/// the Hapsburg only; Scotland by England or France.
///
/// ```
/// use here_i_stand::{MinorPower, Power};
/// use here_i_stand::rules::minor::activators;
///
/// assert!(activators(MinorPower::Scotland).contains(Power::England));
/// assert!(!activators(MinorPower::Scotland).contains(Power::Hapsburg));
/// ```
pub fn activators(minor: MinorPower) -> EnumSet<Power> {
    ACTIVATORS[minor.index()].iter().copied().collect()
}

/// Whether `minor` can ever be deactivated: every minor but Hungary-Bohemia
/// (§22.1, §22.4, seed 000).
///
/// ```
/// use here_i_stand::MinorPower;
/// use here_i_stand::rules::minor::may_be_deactivated;
///
/// assert!(may_be_deactivated(MinorPower::Venice));
/// assert!(!may_be_deactivated(MinorPower::HungaryBohemia));
/// ```
pub const fn may_be_deactivated(minor: MinorPower) -> bool {
    !matches!(minor, MinorPower::HungaryBohemia)
}

/// The minor's natural ally, from the three notes of the activation table
/// (§22.1, seed 000): the Hapsburg for Hungary-Bohemia (it must intervene when
/// Hungary is defeated, §22.5), France for Scotland (it may intervene after a
/// declaration of war on Scotland, §9.6 step 4), the Papacy for Venice (it may
/// intervene after a declaration of war on Venice, §9.6 step 5). Genoa has none.
///
/// ```
/// use here_i_stand::{MinorPower, Power};
/// use here_i_stand::rules::minor::natural_ally;
///
/// assert_eq!(natural_ally(MinorPower::Venice), Some(Power::Papacy));
/// assert_eq!(natural_ally(MinorPower::Genoa), None);
/// ```
pub const fn natural_ally(minor: MinorPower) -> Option<Power> {
    match minor {
        MinorPower::Genoa => None,
        MinorPower::HungaryBohemia => Some(Power::Hapsburg),
        MinorPower::Scotland => Some(Power::France),
        MinorPower::Venice => Some(Power::Papacy),
    }
}

/// Whether `power` may activate `minor` now (§22.1, §22.2): the table allows
/// it and the minor is inactive. A war between them does not forbid it (step
/// 5 of the activation ends it). Andrea Doria (#68), the one activation of an
/// already active minor, is a deactivation followed by an activation.
///
/// ```
/// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::minor::can_activate;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(can_activate(&game, Power::France, MinorPower::Scotland));
/// assert!(!can_activate(&game, Power::Ottoman, MinorPower::Venice));
/// ```
pub fn can_activate(game: &Game, power: Power, minor: MinorPower) -> bool {
    activators(minor).contains(power) && game.minor_ally(minor).is_none()
}

/// The minors `power` may activate now ([`can_activate`]).
///
/// ```
/// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::minor::activation_options;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let options = activation_options(&game, Power::England);
/// assert_eq!(options.iter().collect::<Vec<_>>(), vec![MinorPower::Scotland]);
/// ```
pub fn activation_options(game: &Game, power: Power) -> EnumSet<MinorPower> {
    MinorPower::ALL.into_iter().filter(|&m| can_activate(game, power, m)).collect()
}

/// Whether `minor` may be deactivated now: it is active and is not
/// Hungary-Bohemia (§22.1, §22.4). Which card lets which power do it (Auld
/// Alliance, Venetian Alliance, Diplomatic Marriage, Andrea Doria) is the
/// card's business.
///
/// ```
/// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::minor::can_deactivate;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!can_deactivate(&game, MinorPower::Genoa));
/// game.set_alliance(Power::France, MinorPower::Genoa, true)?;
/// assert!(can_deactivate(&game, MinorPower::Genoa));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn can_deactivate(game: &Game, minor: MinorPower) -> bool {
    may_be_deactivated(minor) && game.minor_ally(minor).is_some()
}

// --- Relocations ---------------------------------------------------------------

/// One faction's land units (and the army leaders with them) leaving a space
/// for one of the nearest allowed destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LandMove {
    /// Where they are.
    pub from: Space,
    /// Whose units.
    pub faction: Faction,
    /// All of that faction's land units there (possibly none, for lone leaders).
    pub units: LandUnits,
    /// Army leaders serving that faction there; they go along.
    pub leaders: EnumSet<Leader>,
    /// The equally nearest destinations; the owner picks one. Empty: the
    /// units are eliminated (and any leaders go to the turn track).
    pub to: EnumSet<Space>,
}

/// One faction's naval units (and naval leaders) leaving a port or sea zone
/// for one of the nearest allowed ports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavalMove {
    /// Where they are.
    pub from: NavalLocation,
    /// Whose units.
    pub faction: Faction,
    /// All of that faction's naval units there (possibly none, for lone leaders).
    pub units: NavalUnits,
    /// Naval leaders serving that faction there; they go along.
    pub leaders: EnumSet<Leader>,
    /// The equally nearest ports; the owner picks one. Empty: the ships are
    /// eliminated and the leaders go to the turn track.
    pub to: EnumSet<Space>,
}

/// Land moves; a few at most, kept inline.
pub type LandMoves = SmallVec<[LandMove; 4]>;
/// Naval moves; a few at most, kept inline.
pub type NavalMoves = SmallVec<[NavalMove; 2]>;

/// The nearest spaces (land, ports and sea zones) satisfying `wanted`.
fn nearest_space(from: Space, wanted: impl Fn(Space) -> bool) -> EnumSet<Space> {
    paths::nearest(from, Metric::LandAndSea, wanted).0
}

/// Steps by sea from `from` to every port (`u8::MAX` if unreachable): a port
/// is 0 from itself, its sea zones 1, a port on a sea zone one more.
fn sea_steps(from: NavalLocation) -> [u8; Space::COUNT] {
    let mut zone = [u8::MAX; SeaZone::COUNT];
    let mut port = [u8::MAX; Space::COUNT];
    match from {
        NavalLocation::Port(p) => {
            port[p.index()] = 0;
            for z in p.ports() {
                zone[z.index()] = 1;
            }
        }
        NavalLocation::Sea(z) => zone[z.index()] = 0,
    }
    // Relax sea-zone adjacencies until nothing changes (14 zones).
    let mut changed = true;
    while changed {
        changed = false;
        for z in SeaZone::ALL {
            let d = zone[z.index()];
            if d == u8::MAX {
                continue;
            }
            for n in z.adjacent() {
                if zone[n.index()] > d + 1 {
                    zone[n.index()] = d + 1;
                    changed = true;
                }
            }
        }
    }
    for z in SeaZone::ALL {
        let d = zone[z.index()];
        if d == u8::MAX {
            continue;
        }
        for p in z.ports() {
            port[p.index()] = port[p.index()].min(d + 1);
        }
    }
    port
}

/// The nearest ports by sea satisfying `wanted`.
fn nearest_port(from: NavalLocation, wanted: impl Fn(Space) -> bool) -> EnumSet<Space> {
    let steps = sea_steps(from);
    let best =
        Space::ALL.into_iter().filter(|&s| s.is_port() && wanted(s)).map(|s| steps[s.index()]).min().unwrap_or(u8::MAX);
    if best == u8::MAX {
        return EnumSet::EMPTY;
    }
    Space::ALL.into_iter().filter(|&s| s.is_port() && wanted(s) && steps[s.index()] == best).collect()
}

/// Whether any land units in `space` are besieged there (a siege is on).
fn under_siege(game: &Game, space: Space) -> bool {
    game.land_units_in(space).any(|(_, _, besieged)| besieged)
}

/// Whether land units at war with `faction` (or with its major ally) stand
/// in `space`: displaced units never go there (ruling RB5), not even into
/// an empty fortress under siege.
fn holds_enemies_of(game: &Game, faction: Faction, space: Space) -> bool {
    let side = faction.major().or_else(|| faction.minor().and_then(|m| game.minor_ally(m)));
    game.land_units_in(space)
        .any(|(f, u, _)| !u.is_empty() && (game.at_war(f, faction) || side.is_some_and(|p| game.is_enemy(p, f))))
}

/// Army leaders in `space` serving `faction`.
fn army_leaders(game: &Game, space: Space, faction: Faction) -> EnumSet<Leader> {
    game.army_leaders_at(space, faction).collect()
}

/// Naval leaders at `location` serving `faction`.
fn naval_leaders(game: &Game, location: NavalLocation, faction: Faction) -> EnumSet<Leader> {
    let at = match location {
        NavalLocation::Port(s) => LeaderLocation::Space(s),
        NavalLocation::Sea(z) => LeaderLocation::Sea(z),
    };
    Leader::ALL
        .into_iter()
        .filter(|&l| {
            l.kind() == LeaderKind::Naval && game.leader_location(l) == at && game.leader_owner(l) == Some(faction)
        })
        .collect()
}

/// The factions with land units or army leaders in `space`.
fn land_factions_at(game: &Game, space: Space) -> EnumSet<Faction> {
    let mut set: EnumSet<Faction> = game.land_units_in(space).map(|(f, _, _)| f).collect();
    for leader in game.leaders_at(space) {
        if leader.kind() == LeaderKind::Army {
            if let Some(owner) = game.leader_owner(leader) {
                set.insert(owner);
            }
        }
    }
    set
}

/// The factions with naval units or naval leaders in port `space`.
fn naval_factions_at(game: &Game, space: Space) -> EnumSet<Faction> {
    let location = NavalLocation::Port(space);
    let mut set: EnumSet<Faction> = game.naval_stacks().filter(|&(l, _, _)| l == location).map(|(_, f, _)| f).collect();
    for leader in game.leaders_at(space) {
        if leader.kind() == LeaderKind::Naval {
            if let Some(owner) = game.leader_owner(leader) {
                set.insert(owner);
            }
        }
    }
    set
}

// --- Activation (§22.2) ---------------------------------------------------------

/// Whether a power at war with a newly activated minor may declare war on its
/// new ally for free (§22.2 step 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FreeDeclaration {
    /// It may declare war or decline; declining sends its units away.
    Optional,
    /// A restriction that always applies (§9.6) forbids it: as if declined.
    Forbidden,
    /// It is already at war with the new ally: nothing to declare, its units stay.
    AlreadyAtWar,
}

/// A power at war with the minor being activated, and what happens to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarWithMinor {
    /// The power at war with the minor.
    pub power: Power,
    /// Whether it may declare war on the activating power for free (step 2).
    pub declaration: FreeDeclaration,
    /// If it does not declare war: its land units (and those of its allied
    /// minors) in spaces the minor controls go to its nearest unbesieged
    /// fortified space, or to its capital if friendly and unbesieged (§22.2
    /// step 2, §9.3 step 3, seed 000).
    pub land_if_declined: LandMoves,
    /// If it does not declare war: its naval units in ports the minor
    /// controls go to its nearest controlled port (§9.3 step 3).
    pub naval_if_declined: NavalMoves,
}

/// Everything an activation changes (§22.2, seed 000).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activation {
    /// The activating power, the minor's new ally.
    pub power: Power,
    /// The minor.
    pub minor: MinorPower,
    /// Step 2: the other powers at war with the minor, each with its free
    /// declaration of war and what follows if it declines. At most the five
    /// other major powers: the inline capacity holds them all, no heap.
    pub at_war_with_minor: SmallVec<[WarWithMinor; Power::COUNT - 1]>,
    /// Step 3: the keys the minor controls, now marked with `power`'s square
    /// markers (they count as `power`'s keys).
    pub keys: EnumSet<Space>,
    /// Step 4: the minor's other spaces, now marked with `power`'s hexes.
    pub other_spaces: EnumSet<Space>,
    /// Step 5: every power whose war with the minor ends (its At War markers
    /// leave the minor's column).
    pub wars_ended: EnumSet<Power>,
}

/// Whether `declarer` may declare war on the major power `target` under the
/// restrictions that always apply (§9.6): never on an ally, never on a
/// power the same player holds (§3.1, ruling PL3), and neither by nor on
/// the Protestant before the Schmalkaldic League.
fn may_declare_war(game: &Game, declarer: Power, target: Power) -> bool {
    let protestant_blocked =
        !game.schmalkaldic_league() && (declarer == Power::Protestant || target == Power::Protestant);
    !game.same_player(declarer, target) && !game.allied(declarer, target) && !protestant_blocked
}

/// `power`'s faction and those of the minors allied to it.
fn factions_of(game: &Game, power: Power) -> EnumSet<Faction> {
    let mut set = EnumSet::EMPTY;
    set.insert(Faction::from(power));
    for minor in MinorPower::ALL {
        if game.allied(power, minor) {
            set.insert(Faction::from(minor));
        }
    }
    set
}

/// Units of `power` (and its allied minors) leaving `spaces`, as in step 3 of
/// suing for peace (§9.3, §12.5): land units to the nearest fortified space
/// `power` controls or to a capital of `power` under friendly control, either
/// unbesieged (seed 000); ships to the nearest port `power` controls.
pub(crate) fn displaced(game: &Game, power: Power, spaces: EnumSet<Space>) -> (LandMoves, NavalMoves) {
    let own = Faction::from(power);
    let factions = factions_of(game, power);
    let mut land = LandMoves::new();
    let mut naval = NavalMoves::new();
    for space in spaces {
        for faction in land_factions_at(game, space).intersection(factions) {
            let free = |s: Space| !under_siege(game, s) && !holds_enemies_of(game, own, s);
            let nearest = nearest_space(space, |s| game.is_fortified(s) && game.controller(s) == own && free(s));
            let capitals = Space::ALL
                .into_iter()
                .filter(|&s| s.is_capital() && s.home() == own && friendly(game, own, game.controller(s)) && free(s));
            land.push(LandMove {
                from: space,
                faction,
                units: game.land_units(space, faction),
                leaders: army_leaders(game, space, faction),
                to: nearest.union(capitals.collect()),
            });
        }
        if space.is_port() {
            let from = NavalLocation::Port(space);
            for faction in naval_factions_at(game, space).intersection(factions) {
                naval.push(NavalMove {
                    from,
                    faction,
                    units: game.naval_units(from, faction),
                    leaders: naval_leaders(game, from, faction),
                    to: nearest_port(from, |s| game.controller(s) == own),
                });
            }
        }
    }
    (land, naval)
}

/// Whether spaces controlled by `controller` are friendly to `faction` now:
/// its own, its allies', and for an active minor those of its major ally.
fn friendly(game: &Game, faction: Faction, controller: Faction) -> bool {
    if controller == faction || game.allied(faction, controller) {
        return true;
    }
    faction
        .minor()
        .and_then(|m| game.minor_ally(m))
        .is_some_and(|p| Faction::from(p) == controller || game.allied(p, controller))
}

/// What activating `minor` as `power`'s ally changes (§22.2, seed 000), or
/// `None` if `power` may not activate it now ([`can_activate`]).
///
/// The steps: 1. the Allied marker; 2. each power at war with the minor may
/// declare war on `power` for free, and if it does not, its units in spaces
/// the minor controls leave (§9.3 step 3); 3. the minor's keys take `power`'s
/// square markers; 4. its other spaces take `power`'s hexes; 5. the At War
/// markers leave the minor's column.
///
/// ```
/// use here_i_stand::{Game, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::activation;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let a = activation(&game, Power::Papacy, MinorPower::Venice).unwrap();
/// assert!(a.keys.contains(Space::Venice));
/// assert!(a.other_spaces.contains(Space::Corfu));
/// ```
pub fn activation(game: &Game, power: Power, minor: MinorPower) -> Option<Activation> {
    if !can_activate(game, power, minor) {
        return None;
    }
    let controlled = game.spaces_controlled(Faction::from(minor));
    let keys: EnumSet<Space> = controlled.iter().filter(|s| s.kind() == SpaceKind::Key).collect();
    let mut at_war_with_minor = SmallVec::new();
    let mut wars_ended = EnumSet::EMPTY;
    for p in Power::ALL.into_iter().filter(|&p| game.at_war(p, minor)) {
        wars_ended.insert(p);
        if p == power {
            continue;
        }
        let declaration = if game.at_war(p, power) {
            FreeDeclaration::AlreadyAtWar
        } else if may_declare_war(game, p, power) {
            FreeDeclaration::Optional
        } else {
            FreeDeclaration::Forbidden
        };
        let (land, naval) = match declaration {
            FreeDeclaration::AlreadyAtWar => (LandMoves::new(), NavalMoves::new()),
            _ => displaced(game, p, controlled),
        };
        at_war_with_minor.push(WarWithMinor {
            power: p,
            declaration,
            land_if_declined: land,
            naval_if_declined: naval,
        });
    }
    Some(Activation { power, minor, at_war_with_minor, keys, other_spaces: controlled.difference(keys), wars_ended })
}

// --- Deactivation (§22.4) -------------------------------------------------------

/// Everything a deactivation changes (§22.4, seed 000).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deactivation {
    /// The minor.
    pub minor: MinorPower,
    /// Step 1: its former ally, whose Allied marker is removed.
    pub former_ally: Power,
    /// Step 2: the minor's home spaces that carried the former ally's control
    /// markers; they go back to the minor. Home spaces held by other powers
    /// stay theirs.
    pub returned: EnumSet<Space>,
    /// Step 3: other factions' land units (and army leaders) in the returned
    /// spaces, to their nearest friendly-controlled fortified space.
    pub displaced_land: LandMoves,
    /// Step 3: other factions' naval units (and naval leaders) in the returned
    /// ports, to their nearest friendly port.
    pub displaced_naval: NavalMoves,
    /// Step 4: the minor's land units not already in place, to its nearest
    /// friendly-controlled fortified home space, else its nearest friendly
    /// unfortified home space, else eliminated.
    pub minor_land: LandMoves,
    /// Step 5: the minor's naval units and naval leaders not already in place,
    /// to its nearest friendly home port; with none, ships are eliminated and
    /// leaders go to the turn track.
    pub minor_naval: NavalMoves,
}

/// What deactivating `minor` changes (§22.4, seed 000), or `None` if it may
/// not be deactivated now ([`can_deactivate`]). Friendly control is judged
/// after steps 1 and 2: the minor's returned spaces are no longer friendly to
/// its former ally.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::deactivation;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::France, MinorPower::Genoa, true)?;
/// game.set_controller(Space::Genoa, Faction::France)?;
/// game.set_land_units(Space::Genoa, Faction::France, LandUnits::regulars(2))?;
/// let d = deactivation(&game, MinorPower::Genoa).unwrap();
/// assert!(d.returned.contains(Space::Genoa));
/// assert_eq!(d.displaced_land[0].faction, Faction::France);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn deactivation(game: &Game, minor: MinorPower) -> Option<Deactivation> {
    if !can_deactivate(game, minor) {
        return None;
    }
    let ally = game.minor_ally(minor)?;
    let me = Faction::from(minor);
    let returned: EnumSet<Space> =
        Space::ALL.into_iter().filter(|&s| s.home() == me && game.controller(s) == Faction::from(ally)).collect();
    let after = |s: Space| {
        if returned.contains(s) { me } else { game.controller(s) }
    };
    // Friendly after the Allied marker between `ally` and `me` is gone.
    let allied_after = |a: Faction, b: Faction| {
        let broken = (a == me && b == Faction::from(ally)) || (b == me && a == Faction::from(ally));
        game.allied(a, b) && !broken
    };
    let friendly_after = |faction: Faction, controller: Faction| {
        let patron = faction.minor().and_then(|m| game.minor_ally(m)).map(Faction::from);
        [Some(faction), patron].into_iter().flatten().any(|f| f == controller || allied_after(f, controller))
    };

    let mut displaced_land = LandMoves::new();
    let mut displaced_naval = NavalMoves::new();
    for space in returned {
        for faction in land_factions_at(game, space).iter().filter(|&f| f != me) {
            displaced_land.push(LandMove {
                from: space,
                faction,
                units: game.land_units(space, faction),
                leaders: army_leaders(game, space, faction),
                // Two-player game: Papal and Protestant units only inside
                // the zones (§24.3; long-run two-player seed 1,000,212).
                to: nearest_space(space, |s| {
                    game.is_fortified(s)
                        && friendly_after(faction, after(s))
                        && !holds_enemies_of(game, faction, s)
                        && faction.major().is_none_or(|p| crate::rules::two_player::may_stand(game, p, s))
                }),
            });
        }
        if space.is_port() {
            let from = NavalLocation::Port(space);
            for faction in naval_factions_at(game, space).iter().filter(|&f| f != me) {
                displaced_naval.push(NavalMove {
                    from,
                    faction,
                    units: game.naval_units(from, faction),
                    leaders: naval_leaders(game, from, faction),
                    to: nearest_port(from, |s| friendly_after(faction, after(s))),
                });
            }
        }
    }

    let home = |s: Space| s.home() == me && after(s) == me;
    let mut minor_land = LandMoves::new();
    for (space, faction, units, _) in game.land_stack_tuples() {
        if faction != me {
            continue;
        }
        let mut to = nearest_space(space, |s| home(s) && game.is_fortified(s));
        if to.is_empty() {
            to = nearest_space(space, |s| home(s) && !game.is_fortified(s));
        }
        if !to.contains(space) {
            minor_land.push(LandMove { from: space, faction, units, leaders: EnumSet::EMPTY, to });
        }
    }

    let mut minor_naval = NavalMoves::new();
    let mut locations: SmallVec<[NavalLocation; 4]> =
        game.naval_stacks().filter(|&(_, f, _)| f == me).map(|(l, _, _)| l).collect();
    for leader in Leader::ALL {
        if leader.kind() != LeaderKind::Naval || game.leader_owner(leader) != Some(me) {
            continue;
        }
        let location = match game.leader_location(leader) {
            LeaderLocation::Space(s) => NavalLocation::Port(s),
            LeaderLocation::Sea(z) => NavalLocation::Sea(z),
            _ => continue,
        };
        if !locations.contains(&location) {
            locations.push(location);
        }
    }
    for from in locations {
        let to = nearest_port(from, home);
        if matches!(from, NavalLocation::Port(p) if to.contains(p)) {
            continue;
        }
        minor_naval.push(NavalMove {
            from,
            faction: me,
            units: game.naval_units(from, me),
            leaders: naval_leaders(game, from, me),
            to,
        });
    }

    Some(Deactivation { minor, former_ally: ally, returned, displaced_land, displaced_naval, minor_land, minor_naval })
}

// --- The defeat of Hungary-Bohemia (§22.5) ---------------------------------------

/// Which set of conditions defeats Hungary-Bohemia (§22.5, seed 000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HungaryDefeatCondition {
    /// Hungary-Bohemia is the Hapsburg's ally by Diplomatic Marriage and the
    /// Ottoman controls 2 of its home keys.
    MarriedAlly,
    /// Hungary-Bohemia is not the Hapsburg's ally, the Ottoman controls 1 of
    /// its home keys and 4 or fewer Hungarian regulars remain on the map.
    NotAllied,
}

/// The War Winner VP the Ottoman gains for defeating Hungary-Bohemia (§22.5).
pub const HUNGARY_WAR_WINNER_VP: i8 = 2;

/// Everything the defeat of Hungary-Bohemia changes (§22.5, seed 000).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HungaryDefeat {
    /// Which conditions were met.
    pub condition: HungaryDefeatCondition,
    /// The Hapsburg intervenes for free: if it was the Ottoman's ally, the
    /// alliance ends; either way the two are now at war.
    pub ends_hapsburg_ottoman_alliance: bool,
    /// Hungary-Bohemia becomes the Hapsburg's ally for good (false if it
    /// already was, by Diplomatic Marriage).
    pub becomes_hapsburg_ally: bool,
    /// Hungarian home spaces holding Ottoman land units (besieged keys
    /// included) that become Ottoman.
    pub ottoman_spaces: EnumSet<Space>,
    /// Keys Hungary-Bohemia still controls, now the Hapsburg's (activation
    /// step 3).
    pub hapsburg_keys: EnumSet<Space>,
    /// Its other spaces, now the Hapsburg's (activation step 4).
    pub hapsburg_other_spaces: EnumSet<Space>,
    /// Powers whose war with Hungary-Bohemia ends (activation step 5).
    pub wars_ended: EnumSet<Power>,
    /// Besieged Hungarian units, eliminated.
    pub eliminated: SmallVec<[(Space, LandUnits); 3]>,
    /// War Winner VP for the Ottoman: [`HUNGARY_WAR_WINNER_VP`].
    pub ottoman_vp: i8,
}

/// The Hungarian home keys the Ottoman controls.
fn ottoman_hungarian_keys(game: &Game) -> usize {
    Space::ALL
        .into_iter()
        .filter(|&s| {
            s.home() == Faction::HungaryBohemia && s.kind() == SpaceKind::Key && game.controller(s) == Faction::Ottoman
        })
        .count()
}

/// Which set of defeat conditions holds now, checked at the end of every
/// assault and field battle (§22.5, seed 000); `None` if neither does or
/// Hungary-Bohemia was already defeated. A Hapsburg alliance before the defeat
/// can only come from Diplomatic Marriage.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::{hungary_bohemia_defeat_condition, HungaryDefeatCondition};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Belgrade, Faction::Ottoman)?;
/// game.set_land_units(Space::Buda, Faction::HungaryBohemia, LandUnits::regulars(4))?;
/// assert_eq!(hungary_bohemia_defeat_condition(&game), Some(HungaryDefeatCondition::NotAllied));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn hungary_bohemia_defeat_condition(game: &Game) -> Option<HungaryDefeatCondition> {
    if game.hungary_bohemia_defeated() {
        return None;
    }
    let keys = ottoman_hungarian_keys(game);
    if game.allied(Power::Hapsburg, MinorPower::HungaryBohemia) {
        (keys >= 2).then_some(HungaryDefeatCondition::MarriedAlly)
    } else {
        let regulars = game.land_units_total(Faction::HungaryBohemia).regulars;
        (keys >= 1 && regulars <= 4).then_some(HungaryDefeatCondition::NotAllied)
    }
}

/// What the defeat of Hungary-Bohemia changes, if a set of defeat conditions
/// holds now (§22.5, seed 000): the Hapsburg's forced, free intervention and
/// war with the Ottoman; Hungary-Bohemia the Hapsburg's ally for good (its
/// remaining spaces the Hapsburg's, its wars ended); its home spaces holding
/// Ottoman land units Ottoman; its besieged units eliminated; 2 War Winner VP
/// for the Ottoman.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::hungary_bohemia_defeat;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Belgrade, Faction::Ottoman)?;
/// game.set_land_units(Space::Belgrade, Faction::Ottoman, LandUnits::regulars(3))?;
/// let defeat = hungary_bohemia_defeat(&game).unwrap();
/// assert!(defeat.hapsburg_keys.contains(Space::Buda));
/// assert_eq!(defeat.ottoman_vp, 2);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn hungary_bohemia_defeat(game: &Game) -> Option<HungaryDefeat> {
    let condition = hungary_bohemia_defeat_condition(game)?;
    let hungary = Faction::HungaryBohemia;
    let ottoman_spaces: EnumSet<Space> = Space::ALL
        .into_iter()
        .filter(|&s| {
            s.home() == hungary
                && game.controller(s) != Faction::Ottoman
                && !game.land_units(s, Faction::Ottoman).is_empty()
        })
        .collect();
    let remaining = game.spaces_controlled(hungary).difference(ottoman_spaces);
    let hapsburg_keys: EnumSet<Space> = remaining.iter().filter(|s| s.kind() == SpaceKind::Key).collect();
    Some(HungaryDefeat {
        condition,
        ends_hapsburg_ottoman_alliance: game.allied(Power::Hapsburg, Power::Ottoman),
        becomes_hapsburg_ally: !game.allied(Power::Hapsburg, MinorPower::HungaryBohemia),
        ottoman_spaces,
        hapsburg_keys,
        hapsburg_other_spaces: remaining.difference(hapsburg_keys),
        wars_ended: Power::ALL.into_iter().filter(|&p| game.at_war(p, MinorPower::HungaryBohemia)).collect(),
        eliminated: game
            .land_stack_tuples()
            .filter(|&(_, f, _, besieged)| f == hungary && besieged)
            .map(|(s, _, units, _)| (s, units))
            .collect(),
        ottoman_vp: HUNGARY_WAR_WINNER_VP,
    })
}

// --- Inactive minors and independent keys (§22.1, §22.6) ---------------------------

/// The four independent keys (§22.6, seed 000).
pub const INDEPENDENT_KEYS: [Space; 4] = [Space::Metz, Space::Milan, Space::Florence, Space::Tunis];

/// Whether `space` is one of the four independent keys (§22.6).
///
/// ```
/// use here_i_stand::Space;
/// use here_i_stand::rules::minor::is_independent_key;
///
/// assert!(is_independent_key(Space::Tunis));
/// assert!(!is_independent_key(Space::Genoa));
/// ```
pub fn is_independent_key(space: Space) -> bool {
    INDEPENDENT_KEYS.contains(&space)
}

/// The independent keys that start the game independent (§22.6, seed 000):
/// all four in 1532; in 1517 only Metz and Florence, Milan being French and
/// Tunis Hapsburg. The two-player variant starts in 1517 and follows it.
///
/// ```
/// use here_i_stand::{Scenario, Space};
/// use here_i_stand::rules::minor::independent_keys_at_start;
///
/// assert_eq!(independent_keys_at_start(Scenario::Y1517).len(), 2);
/// assert!(independent_keys_at_start(Scenario::Y1532).contains(Space::Milan));
/// ```
pub fn independent_keys_at_start(scenario: Scenario) -> EnumSet<Space> {
    match scenario {
        Scenario::Y1532 | Scenario::Tournament => INDEPENDENT_KEYS.into_iter().collect(),
        Scenario::Y1517 | Scenario::TwoPlayer => [Space::Metz, Space::Florence].into_iter().collect(),
    }
}

/// Whether `faction`'s units are inactive: an independent's always (§22.6),
/// a minor's while it has no major ally (§22.1). Inactive units never move,
/// intercept or avoid battle; their ships stay in port and defend there.
///
/// ```
/// use here_i_stand::{Faction, Game, Scenario, Setup};
/// use here_i_stand::rules::minor::is_inactive;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(is_inactive(&game, Faction::Independent));
/// assert!(is_inactive(&game, Faction::Venice));
/// assert!(!is_inactive(&game, Faction::France));
/// ```
pub fn is_inactive(game: &Game, faction: Faction) -> bool {
    match (faction, faction.minor()) {
        (Faction::Independent, _) => true,
        (_, Some(minor)) => game.minor_ally(minor).is_none(),
        _ => false,
    }
}

/// The most inactive land units that withdraw into their fortifications (§22.1).
pub const INACTIVE_WITHDRAW_LIMIT: u8 = 4;

/// How inactive land units respond when an enemy enters their space (§22.1,
/// §22.6, seed 000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InactiveDefence {
    /// 4 or fewer in a fortified space they control: they withdraw inside
    /// and stand a siege (or are besieged already).
    Withdraw,
    /// 5 or more, or no fortress of their own to withdraw into: they fight a
    /// field battle where they stand.
    FieldBattle,
}

/// How `faction`'s inactive land units in `space` respond to an enemy
/// entering it (§22.1, §22.6): 4 or fewer withdraw into the fortifications,
/// 5 or more fight. `None` if `faction` is not inactive or has no land units
/// there. Units in a space that is not a fortified space they control cannot
/// withdraw and fight.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::{inactive_defence, InactiveDefence};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Metz, Faction::Independent, LandUnits::regulars(1))?;
/// assert_eq!(inactive_defence(&game, Space::Metz, Faction::Independent), Some(InactiveDefence::Withdraw));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn inactive_defence(game: &Game, space: Space, faction: Faction) -> Option<InactiveDefence> {
    let units = game.land_units(space, faction).total();
    if units == 0 || !is_inactive(game, faction) {
        return None;
    }
    let can_withdraw = game.is_fortified(space) && game.controller(space) == faction;
    if game.is_besieged(space, faction) || (can_withdraw && units <= INACTIVE_WITHDRAW_LIMIT) {
        Some(InactiveDefence::Withdraw)
    } else {
        Some(InactiveDefence::FieldBattle)
    }
}

/// What becomes of inactive land units that lost a field battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InactiveBattleLoss {
    /// Units that withdraw into the fortifications (at most 4).
    pub withdraw: u8,
    /// Units eliminated: all the rest.
    pub eliminated: u8,
}

/// Inactive land units that lose a field battle do not retreat: up to 4
/// withdraw inside and the rest are eliminated (§22.1, seed 000). `survivors`
/// are the units left after the battle's hits. With no fortress of their own
/// in `space` none can withdraw, and all are eliminated.
///
/// ```
/// use here_i_stand::{Faction, Game, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::inactive_battle_loss;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let loss = inactive_battle_loss(&game, Space::Buda, Faction::HungaryBohemia, 6);
/// assert_eq!((loss.withdraw, loss.eliminated), (4, 2));
/// ```
pub fn inactive_battle_loss(game: &Game, space: Space, faction: Faction, survivors: u8) -> InactiveBattleLoss {
    let room = if game.is_fortified(space) && game.controller(space) == faction { INACTIVE_WITHDRAW_LIMIT } else { 0 };
    let withdraw = survivors.min(room);
    InactiveBattleLoss { withdraw, eliminated: survivors - withdraw }
}

/// Whether `builder` may build units of `faction` (§22.3, §22.6): its own;
/// those of a minor allied to it; never independent units, which are not
/// rebuilt (only City State Rebels, #71, brings one back).
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::minor::may_build_for;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!may_build_for(&game, Power::Papacy, Faction::Venice));
/// game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
/// assert!(may_build_for(&game, Power::Papacy, Faction::Venice));
/// assert!(!may_build_for(&game, Power::Papacy, Faction::Independent));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_build_for(game: &Game, builder: Power, faction: Faction) -> bool {
    match (faction.major(), faction.minor()) {
        (Some(p), _) => p == builder,
        (_, Some(m)) => game.minor_ally(m) == Some(builder),
        _ => false,
    }
}

// =================================================================================
// Appliers: carry out the values above with the editing API. Thin: no rule is
// decided here. Where several destinations tie they take the first in index
// order (an engine offering the owner's choice moves the units itself). Each
// works on a copy and writes it back only on success, so on error the game is
// unchanged.
// =================================================================================

fn add_land(a: LandUnits, b: LandUnits) -> LandUnits {
    LandUnits {
        regulars: a.regulars.saturating_add(b.regulars),
        mercenaries: a.mercenaries.saturating_add(b.mercenaries),
        cavalry: a.cavalry.saturating_add(b.cavalry),
    }
}

fn add_naval(a: NavalUnits, b: NavalUnits) -> NavalUnits {
    NavalUnits { squadrons: a.squadrons.saturating_add(b.squadrons), corsairs: a.corsairs.saturating_add(b.corsairs) }
}

pub(crate) fn apply_land_move(game: &mut Game, m: &LandMove) -> Result<(), EditError> {
    game.set_land_units(m.from, m.faction, LandUnits::NONE)?;
    let Some(to) = m.to.iter().next() else {
        for leader in m.leaders {
            game.set_leader(leader, LeaderLocation::TurnTrack)?;
        }
        return Ok(());
    };
    let units = add_land(game.land_units(to, m.faction), m.units);
    if game.is_besieged(to, m.faction) {
        game.set_besieged_units(to, m.faction, units)?;
    } else {
        game.set_land_units(to, m.faction, units)?;
    }
    for leader in m.leaders {
        game.set_leader(leader, LeaderLocation::Space(to))?;
    }
    Ok(())
}

pub(crate) fn apply_naval_move(game: &mut Game, m: &NavalMove) -> Result<(), EditError> {
    let Some(to) = m.to.iter().next() else {
        // Loaned squadrons go to their owners' track (§9.2).
        let lent = game.naval_stack_lent(m.from, m.faction);
        game.set_naval_units(m.from, m.faction, NavalUnits::NONE)?;
        let lost = add_naval(game.naval_on_turn_track(m.faction), m.units);
        game.naval_turn_track[m.faction.index()] = lost;
        game.lent_to_owners_track(m.faction, &lent);
        for leader in m.leaders {
            game.set_leader(leader, LeaderLocation::TurnTrack)?;
        }
        return Ok(());
    };
    let at = NavalLocation::Port(to);
    // The whole stack moves, Loaned markers and all (§9.2).
    game.move_ships(m.faction, m.from, at, m.units);
    for leader in m.leaders {
        game.set_leader(leader, LeaderLocation::Space(to))?;
    }
    Ok(())
}

/// Carries out `activation` (§22.2). `declared` holds the powers that take
/// their free declaration of war; the others with [`FreeDeclaration::Optional`]
/// decline, and every decliner (or forbidden declarer) has its units moved.
///
/// ```
/// use here_i_stand::{EnumSet, Faction, Game, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::{activation, apply_activation};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let a = activation(&game, Power::France, MinorPower::Genoa).unwrap();
/// apply_activation(&mut game, &a, EnumSet::EMPTY)?;
/// assert_eq!(game.controller(Space::Genoa), Faction::France);
/// assert_eq!(game.minor_ally(MinorPower::Genoa), Some(Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn apply_activation(game: &mut Game, activation: &Activation, declared: EnumSet<Power>) -> Result<(), EditError> {
    let mut next = game.clone();
    for p in activation.wars_ended {
        next.set_war(p, activation.minor, false)?;
    }
    next.set_alliance(activation.power, activation.minor, true)?;
    for war in &activation.at_war_with_minor {
        match war.declaration {
            FreeDeclaration::AlreadyAtWar => {}
            FreeDeclaration::Optional if declared.contains(war.power) => {
                next.set_war(war.power, activation.power, true)?;
            }
            FreeDeclaration::Optional | FreeDeclaration::Forbidden => {
                for m in &war.land_if_declined {
                    apply_land_move(&mut next, m)?;
                }
                for m in &war.naval_if_declined {
                    apply_naval_move(&mut next, m)?;
                }
            }
        }
    }
    for space in activation.keys.union(activation.other_spaces) {
        next.set_controller(space, activation.power.into())?;
    }
    *game = next;
    Ok(())
}

/// Carries out `deactivation` (§22.4). Minor units left besieged in a home
/// space that no other faction's units now occupy are no longer besieged.
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::{apply_deactivation, deactivation};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_alliance(Power::France, MinorPower::Genoa, true)?;
/// game.set_controller(Space::Genoa, Faction::France)?;
/// let d = deactivation(&game, MinorPower::Genoa).unwrap();
/// apply_deactivation(&mut game, &d)?;
/// assert_eq!(game.controller(Space::Genoa), Faction::Genoa);
/// assert_eq!(game.minor_ally(MinorPower::Genoa), None);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn apply_deactivation(game: &mut Game, deactivation: &Deactivation) -> Result<(), EditError> {
    let mut next = game.clone();
    let me = Faction::from(deactivation.minor);
    next.set_alliance(deactivation.former_ally, deactivation.minor, false)?;
    for space in deactivation.returned {
        next.set_controller(space, me)?;
    }
    for m in deactivation.displaced_land.iter().chain(&deactivation.minor_land) {
        apply_land_move(&mut next, m)?;
    }
    for m in deactivation.displaced_naval.iter().chain(&deactivation.minor_naval) {
        apply_naval_move(&mut next, m)?;
    }
    for space in deactivation.returned {
        let alone = next.land_units_in(space).all(|(f, _, _)| f == me);
        if alone && next.is_besieged(space, me) {
            let units = next.land_units(space, me);
            next.set_land_units(space, me, units)?;
        }
    }
    *game = next;
    Ok(())
}

/// Carries out the defeat of Hungary-Bohemia (§22.5) and records it
/// ([`Game::hungary_bohemia_defeated`]).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::minor::{apply_hungary_bohemia_defeat, hungary_bohemia_defeat};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true)?;
/// game.set_controller(Space::Belgrade, Faction::Ottoman)?;
/// let defeat = hungary_bohemia_defeat(&game).unwrap();
/// apply_hungary_bohemia_defeat(&mut game, &defeat)?;
/// assert!(game.at_war(Power::Ottoman, Power::Hapsburg));
/// assert_eq!(game.bonus_vp(Power::Ottoman), 2);
/// assert!(game.hungary_bohemia_defeated());
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn apply_hungary_bohemia_defeat(game: &mut Game, defeat: &HungaryDefeat) -> Result<(), EditError> {
    let mut next = game.clone();
    next.set_alliance(Power::Hapsburg, Power::Ottoman, false)?;
    for p in defeat.wars_ended {
        next.set_war(p, MinorPower::HungaryBohemia, false)?;
    }
    next.set_war(Power::Hapsburg, Power::Ottoman, true)?;
    next.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true)?;
    for space in defeat.ottoman_spaces {
        next.set_controller(space, Faction::Ottoman)?;
    }
    for space in defeat.hapsburg_keys.union(defeat.hapsburg_other_spaces) {
        next.set_controller(space, Faction::Hapsburg)?;
    }
    for &(space, _) in &defeat.eliminated {
        next.set_land_units(space, Faction::HungaryBohemia, LandUnits::NONE)?;
    }
    let vp = next.bonus_vp(Power::Ottoman).saturating_add(defeat.ottoman_vp);
    next.set_bonus_vp(Power::Ottoman, vp)?;
    next.set_hungary_bohemia_defeated(true)?;
    *game = next;
    Ok(())
}
