//! Winter: units return home (§19.3; seed page 001, "Возвращение домой").
//!
//! Pure functions that tell, for one power, what each of its stacks must or
//! may do in the winter return and where it may go. The engine asks the
//! owner to choose among these options, applies the choice, and asks again.
//!
//! The procedure, in the seed's order:
//!
//! 0. Naval units go first, each to the nearest port its power controls
//!    ([`naval_return_options`]): no interception, no battle, no loss.
//! 1. **Over-limit check.** In every fortified space its power controls,
//!    other than its capitals, a power keeps at most 4 land units
//!    ([`WINTER_LIMIT`]); the [`WinterStack::excess`] must go to a capital
//!    (an allied minor's units: or to that minor's home key). Every unit in
//!    such a space may also go to a capital ([`Obligation::MayStay`]).
//! 2. **Return.** Units in an unfortified space, or in a fortified space
//!    their power does not control, must go to a capital or to the nearest
//!    fortified space their power controls, without exceeding 4 there
//!    ([`Obligation::MustMove`]).
//! 3. **Leaders.** A leader whose space is emptied leaves with one of the
//!    departing groups ([`WinterStack::leaders`]).
//!
//! Units leave in groups, each to one destination. Attrition is taken once
//! per stack: the units that leave it with no attrition-free path
//! ([`attrition_free_path`]) lose half of their number, rounded up, and the
//! survivors go to any mix of destinations; each group pays its share
//! ([`Attrition`], [`Destination::loss_after`]).
//!
//! How the engine uses this: call [`winter_obligations`] for the list of
//! stacks, then [`return_options`] for one stack; move some units to one of
//! the offered [`Destination`]s (at most [`Destination::room`] of them
//! arriving there), apply the loss, and call [`return_options`] again for
//! what is left. Units that must leave and have no destination left are
//! eliminated ([`ReturnOptions::eliminated`]).
//!
//! Exceptions (seed page 001): the Protestant has no capital and fills the
//! nearest fortified spaces it controls in turn; a capital controlled by
//! another power cannot be used, and units that would have to go there are
//! eliminated; the Hapsburg uses either capital, and before the Schmalkaldic
//! League its winter moves never enter or cross an electorate. Units and
//! leaders on a foreign-war card (§21.7) never come home: they are off the
//! map (`Game::foreign_war`, `LeaderLocation::ForeignWar`), in no stack.
//!
//! ```
//! use here_i_stand::rules::winter::{return_options, Obligation};
//! use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
//!
//! let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
//! // Six French regulars in Lyon: two over the limit must go to Paris.
//! game.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(6))?;
//! let options = return_options(&game, Power::France, Space::Lyon);
//! assert_eq!(options.stack.excess, 2);
//! assert_eq!(options.stack.forces[0].obligation, Obligation::MayStay);
//! let paris = options.destination(Space::Paris).expect("Paris is French");
//! assert_eq!(paris.loss(2), 0);
//! # Ok::<(), here_i_stand::EditError>(())
//! ```

use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::two_player;
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, MinorPower, Power, SeaZone, Space, SpaceKind};

/// The most land units of a power that may winter in one fortified space
/// other than its capitals (§19.3).
pub const WINTER_LIMIT: u8 = 4;

/// The capitals of `power` (§2.1): the Hapsburg has two, the Protestant none
/// (§19.3 exceptions 1 and 3).
///
/// ```
/// use here_i_stand::rules::winter::capitals;
/// use here_i_stand::{Power, Space};
///
/// assert_eq!(capitals(Power::Hapsburg), &[Space::Valladolid, Space::Vienna]);
/// assert!(capitals(Power::Protestant).is_empty());
/// ```
pub const fn capitals(power: Power) -> &'static [Space] {
    match power {
        Power::Ottoman => &[Space::Istanbul],
        Power::Hapsburg => &[Space::Valladolid, Space::Vienna],
        Power::England => &[Space::London],
        Power::France => &[Space::Paris],
        Power::Papacy => &[Space::Rome],
        Power::Protestant => &[],
    }
}

/// The spaces where a minor power's own units may winter as in a capital
/// (§22.3): its home keys. Scotland's are Edinburgh and Stirling, and
/// Scottish units winter nowhere else (§19, 500th rulebook).
///
/// ```
/// use here_i_stand::rules::winter::minor_home_keys;
/// use here_i_stand::{MinorPower, Space};
///
/// assert_eq!(minor_home_keys(MinorPower::Genoa), &[Space::Genoa]);
/// assert_eq!(minor_home_keys(MinorPower::Scotland), &[Space::Edinburgh, Space::Stirling]);
/// ```
pub const fn minor_home_keys(minor: MinorPower) -> &'static [Space] {
    match minor {
        MinorPower::Genoa => &[Space::Genoa],
        MinorPower::HungaryBohemia => &[Space::Belgrade, Space::Buda, Space::Prague],
        MinorPower::Scotland => &[Space::Edinburgh, Space::Stirling],
        MinorPower::Venice => &[Space::Venice],
    }
}

/// What the winter rule asks of a power's units in one space (§19.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// They may not move: they are in one of their power's capitals (a
    /// Scottish unit: in Edinburgh or Stirling), or they are Protestant units
    /// before the Schmalkaldic League, which may not move at all (§21.6).
    MayNotMove,
    /// They are in a fortified space their power controls: they may stay,
    /// or go to a capital (a minor's units: or to its home key). The
    /// Protestant has no capital, so its units here stay. When the space
    /// holds more than 4, [`WinterStack::excess`] of them must leave (step 1).
    MayStay,
    /// They are in an unfortified space or in a fortified space their power
    /// does not control: they must go to a capital or to the nearest
    /// fortified space their power controls (step 2).
    MustMove,
}

/// One faction's land units in a winter stack: the power's own, or an
/// allied minor's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Force {
    /// Whose units: the power or one of its allied minor powers.
    pub faction: Faction,
    /// The units.
    pub units: LandUnits,
    /// What they must or may do.
    pub obligation: Obligation,
    /// Whether they count toward the limit of 4 in this space: not in one
    /// of the power's capitals, not a minor's units in that minor's home key,
    /// and not units that must leave anyway.
    pub counted: bool,
}

/// All of a power's land units in one space at the start of its winter
/// return, with what each must or may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinterStack {
    /// Where they are.
    pub space: Space,
    /// The power's units and its allied minors' units here, by faction order.
    pub forces: SmallVec<[Force; 5]>,
    /// Step 1: how many of the counted units (see [`Force::counted`]) are
    /// over the limit of 4 and must leave, the owner choosing which.
    pub excess: u8,
    /// The power's army leaders here (§19.3 step 3): if every unit leaves,
    /// each goes with one of the departing groups; otherwise they may stay.
    pub leaders: SmallVec<[Leader; 4]>,
}

impl WinterStack {
    /// All the land units here.
    pub fn total(&self) -> u8 {
        self.forces.iter().fold(0u8, |n, f| n.saturating_add(f.units.total()))
    }

    /// How many units must leave: the excess and every unit that must move.
    pub fn must_leave(&self) -> u8 {
        self.forces
            .iter()
            .filter(|f| f.obligation == Obligation::MustMove)
            .fold(self.excess, |n, f| n.saturating_add(f.units.total()))
    }

    /// The step of the procedure this stack belongs to: 2 if some of its
    /// units must move, 1 otherwise (the over-limit check and the optional
    /// move to a capital).
    pub fn step(&self) -> u8 {
        if self.forces.iter().any(|f| f.obligation == Obligation::MustMove) { 2 } else { 1 }
    }
}

/// Why a space is a winter destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DestinationKind {
    /// One of the power's capitals: no limit on units.
    Capital,
    /// A home key of an allied minor power, for that minor's units only: no
    /// limit on units (§22.3).
    HomeKey(MinorPower),
    /// One of the nearest fortified spaces the power controls, by plain path
    /// length: at most 4 units after the move.
    Nearest,
}

/// One place a stack may send units to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Destination {
    /// The space.
    pub space: Space,
    /// Why it is offered.
    pub kind: DestinationKind,
    /// The factions whose units here may go there.
    pub users: EnumSet<Faction>,
    /// How many more units may arrive (after attrition); `None` for no limit.
    pub room: Option<u8>,
    /// Whether there is no attrition-free path to it (§19.3 attrition).
    pub attrition: bool,
}

impl Destination {
    /// The units lost by a group of `moving` units going there together as
    /// the first to leave its stack: half, rounded up, if there is
    /// attrition, else none.
    pub fn loss(&self, moving: u8) -> u8 {
        self.loss_after(Attrition::NONE, moving)
    }

    /// The units lost by a group of `moving` units going there when `so_far`
    /// of its stack's units already left with attrition (§19.3; seed 001's
    /// Trent example): see [`Attrition::loss`]. None without attrition.
    pub fn loss_after(&self, so_far: Attrition, moving: u8) -> u8 {
        if self.attrition { so_far.loss(moving) } else { 0 }
    }
}

/// The attrition one stack has taken so far this winter (§19.3; seed 001,
/// the Trent example: 5 Papal regulars lose 3, and the 2 survivors go to any
/// mix of Rome, Ravenna and Florence). Attrition is taken once on all the
/// units that leave the stack without an attrition-free path: half of them,
/// rounded up. The engine sends a stack's units a group at a time, so each
/// group going such a way loses what brings the stack's loss to half,
/// rounded up, of all its units that left such a way (docs/rulings.md W4).
///
/// ```
/// use here_i_stand::rules::winter::Attrition;
///
/// // Five units with no clean path, sent as 1 + 1 + 3: they lose 1, 0, 2.
/// let first = Attrition::NONE;
/// assert_eq!(first.loss(1), 1);
/// let second = first.after(1, 1);
/// assert_eq!(second.loss(1), 0);
/// let third = second.after(1, 0);
/// assert_eq!(third.loss(3), 2);
/// assert_eq!(third.after(3, 2), Attrition { left: 5, lost: 3 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Attrition {
    /// Units that left the stack with attrition, the lost ones included.
    pub left: u8,
    /// Units lost to attrition.
    pub lost: u8,
}

impl Attrition {
    /// No unit has left with attrition yet.
    pub const NONE: Attrition = Attrition { left: 0, lost: 0 };

    /// The units lost by `moving` more units leaving with attrition: those
    /// that bring the stack's loss to half, rounded up, of all the units
    /// that left with attrition; never more than `moving`.
    pub fn loss(self, moving: u8) -> u8 {
        let due = self.left.saturating_add(moving).div_ceil(2);
        due.saturating_sub(self.lost).min(moving)
    }

    /// The tally once `moving` more units left with attrition, `lost` of them lost.
    pub fn after(self, moving: u8, lost: u8) -> Attrition {
        Attrition { left: self.left.saturating_add(moving), lost: self.lost.saturating_add(lost) }
    }
}

/// A stack's winter options: the stack and where its units may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReturnOptions {
    /// The stack and its obligations.
    pub stack: WinterStack,
    /// Where its units may go (staying is not listed; see
    /// [`Obligation::MayStay`]). A space may appear twice, with different
    /// kinds for different factions (a minor's home key that is also the
    /// patron's nearest fortified space).
    pub destinations: SmallVec<[Destination; 8]>,
}

impl ReturnOptions {
    /// The first destination at `space`, if it is one.
    pub fn destination(&self, space: Space) -> Option<&Destination> {
        self.destinations.iter().find(|d| d.space == space)
    }

    /// The destination spaces.
    pub fn spaces(&self) -> EnumSet<Space> {
        self.destinations.iter().map(|d| d.space).collect()
    }

    /// The units that must leave but have nowhere to go, and are eliminated
    /// (§19.3 exception 2; the Protestant with no room left). Counts units
    /// of factions with no destination, and the excess beyond what the
    /// factions that have one can send.
    pub fn eliminated(&self) -> u8 {
        let usable = |f: &Force| self.destinations.iter().any(|d| d.users.contains(f.faction));
        let mut lost = 0u8;
        let mut can_leave = 0u8;
        for force in &self.stack.forces {
            match (force.obligation, usable(force)) {
                (Obligation::MustMove, false) => lost = lost.saturating_add(force.units.total()),
                (Obligation::MayStay, true) if force.counted => {
                    can_leave = can_leave.saturating_add(force.units.total());
                }
                _ => {}
            }
        }
        lost.saturating_add(self.stack.excess.saturating_sub(can_leave))
    }
}

/// A step of a path: a land space or a sea zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// A land space.
    Land(Space),
    /// A sea zone.
    Sea(SeaZone),
}

/// Where one location's naval units and naval leaders go in winter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavalReturn {
    /// Where they are.
    pub location: NavalLocation,
    /// The power's and its allied minors' naval units there.
    pub fleets: SmallVec<[(Faction, NavalUnits); 4]>,
    /// Their naval leaders there; a leader at sea goes with one of the units
    /// that shared its sea zone.
    pub leaders: SmallVec<[Leader; 2]>,
    /// The nearest ports the power controls. Several on a tie: the owner
    /// chooses and may split the units. Empty if none can be reached.
    pub ports: EnumSet<Space>,
    /// Steps to those ports (a sea zone or a port each counting one);
    /// `Some(0)` when already in one; `None` if no port can be reached.
    pub distance: Option<u8>,
}

impl NavalReturn {
    /// Whether they are already in a port of their power, and stay.
    pub fn stays(&self) -> bool {
        self.distance == Some(0)
    }
}

/// Every stack of `power`'s land units (its own and its allied minors') with
/// what each must or may do, step 1 stacks first, then step 2 stacks, each
/// group in space order.
///
/// ```
/// use here_i_stand::rules::winter::{winter_obligations, Obligation};
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(7))?;
/// game.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(2))?;
/// let stacks = winter_obligations(&game, Power::France);
/// assert_eq!(stacks[0].space, Space::Paris);
/// assert_eq!(stacks[0].forces[0].obligation, Obligation::MayNotMove);
/// assert_eq!(stacks[1].space, Space::Dijon);
/// assert_eq!(stacks[1].forces[0].obligation, Obligation::MustMove);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn winter_obligations(game: &Game, power: Power) -> SmallVec<[WinterStack; 32]> {
    let factions = power_factions(game, power);
    let mut stacks: SmallVec<[WinterStack; 32]> = SmallVec::new();
    for (space, faction, units, _) in game.land_stack_tuples() {
        if !factions.contains(faction) || units.is_empty() {
            continue;
        }
        let (obligation, counted) = obligation(game, power, faction, space);
        let force = Force { faction, units, obligation, counted };
        match stacks.iter_mut().find(|s| s.space == space) {
            Some(stack) => stack.forces.push(force),
            None => stacks.push(WinterStack {
                space,
                forces: smallvec::smallvec![force],
                excess: 0,
                leaders: SmallVec::new(),
            }),
        }
    }
    for (space, leader) in game.leaders_on_map() {
        if leader.kind() == LeaderKind::Army && game.leader_owner(leader).is_some_and(|o| factions.contains(o)) {
            if let Some(stack) = stacks.iter_mut().find(|s| s.space == space) {
                stack.leaders.push(leader);
            }
        }
    }
    for stack in &mut stacks {
        stack.forces.sort_by_key(|f| f.faction.index());
        stack.excess = counted_total(&stack.forces).saturating_sub(WINTER_LIMIT);
    }
    stacks.sort_by_key(|s| (s.step(), s.space.index()));
    stacks
}

/// The same stacks as [`winter_obligations`], built space by space with
/// [`winter_stack`]: the straightforward reading, kept to check the
/// one-pass version against.
#[cfg(test)]
fn winter_obligations_reference(game: &Game, power: Power) -> SmallVec<[WinterStack; 32]> {
    let factions = power_factions(game, power);
    let spaces: EnumSet<Space> = game
        .land_stack_tuples()
        .filter(|&(_, faction, units, _)| factions.contains(faction) && !units.is_empty())
        .map(|(space, ..)| space)
        .collect();
    let mut stacks: SmallVec<[WinterStack; 32]> =
        spaces.iter().map(|space| winter_stack(game, power, factions, space)).collect();
    stacks.sort_by_key(|s| (s.step(), s.space.index()));
    stacks
}

/// The winter options of `power`'s stack in `from`: its obligations and
/// every destination with its room and attrition. Empty if the power has no
/// land units there.
///
/// ```
/// use here_i_stand::rules::winter::{return_options, DestinationKind};
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// // Two French regulars in Dijon, a French town next to Paris.
/// game.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(2))?;
/// let options = return_options(&game, Power::France, Space::Dijon);
/// let paris = options.destination(Space::Paris).expect("capital");
/// assert_eq!(paris.kind, DestinationKind::Capital);
/// assert!(!paris.attrition);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn return_options(game: &Game, power: Power, from: Space) -> ReturnOptions {
    return_options_where(game, power, from, |_| true)
}

/// [`return_options`] with the attrition (§19.3; seed 001) decided only for
/// the destinations `needed` picks; the others say `attrition: false`. The
/// engine's listing needs it only where room is limited, the move of a
/// group only at its destination, the search for the next stack nowhere.
pub(crate) fn return_options_where(
    game: &Game,
    power: Power,
    from: Space,
    needed: impl Fn(&Destination) -> bool,
) -> ReturnOptions {
    let factions = power_factions(game, power);
    let stack = winter_stack(game, power, factions, from);
    let mut destinations = plain_destinations(game, power, factions, &stack);
    decide_attrition(game, power, from, &mut destinations, needed);
    ReturnOptions { stack, destinations }
}

/// Whether some units of `stack` (one of [`winter_obligations`]) have a
/// destination (§19.3 steps 1-2; seed 001), attrition aside.
pub(crate) fn has_destination(game: &Game, power: Power, stack: &WinterStack) -> bool {
    !plain_destinations(game, power, power_factions(game, power), stack).is_empty()
}

/// `power`'s stack in `from` with its obligations: the `stack` of
/// [`return_options`] without the searches for destinations.
pub(crate) fn stack_at(game: &Game, power: Power, from: Space) -> WinterStack {
    winter_stack(game, power, power_factions(game, power), from)
}

/// The shortest path from `from` to `to` that lets `power`'s land units
/// winter without attrition: every space after `from` controlled by the
/// power or an ally and free of unrest; enemy units ignored; sea zones need
/// no ships; alliances still count (§19.3 attrition). For the Hapsburg
/// before the Schmalkaldic League, no electorate. The steps after `from`,
/// ending with `to`; empty if `from == to`; `None` if there is no such path.
///
/// ```
/// use here_i_stand::rules::winter::{attrition_free_path, PathStep};
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let path = attrition_free_path(&game, Power::France, Space::Dijon, Space::Paris);
/// assert_eq!(path.as_deref(), Some(&[PathStep::Land(Space::Paris)][..]));
/// ```
pub fn attrition_free_path(game: &Game, power: Power, from: Space, to: Space) -> Option<SmallVec<[PathStep; 32]>> {
    let clean = clean_spaces(game, power, enterable(game, power));
    let bfs = Bfs::run(land_node(from), true, clean, |_| true);
    bfs.path(land_node(from), land_node(to))
}

/// Where each of `power`'s naval units (its own and its allied minors') and
/// naval leaders goes in winter: the nearest ports its power controls, by
/// sea, ties left to the owner (§19.3; seed page 001). No interception, no
/// battle, no loss; a port besieged at the start of the phase may be used.
/// A fleet may pass through a friendly port on its way. Ports first, then
/// sea zones, each in map order.
///
/// ```
/// use here_i_stand::rules::winter::naval_return_options;
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_naval_units(NavalLocation::Sea(SeaZone::GulfOfLyon), Faction::France, NavalUnits::squadrons(2))?;
/// let fleets = naval_return_options(&game, Power::France);
/// assert_eq!(fleets[0].ports.iter().collect::<Vec<_>>(), [Space::Marseille]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn naval_return_options(game: &Game, power: Power) -> SmallVec<[NavalReturn; 16]> {
    let factions = power_factions(game, power);
    let mut locations: SmallVec<[NavalLocation; 16]> = SmallVec::new();
    let mut add = |location: NavalLocation| {
        if !locations.contains(&location) {
            locations.push(location);
        }
    };
    for (location, faction, units) in game.naval_stacks() {
        if factions.contains(faction) && units.total() > 0 {
            add(location);
        }
    }
    for leader in naval_leaders(game, factions) {
        match game.leader_location(leader) {
            LeaderLocation::Space(space) => add(NavalLocation::Port(space)),
            LeaderLocation::Sea(zone) => add(NavalLocation::Sea(zone)),
            _ => {}
        }
    }
    locations.sort_by_key(|&l| location_order(l));
    locations.into_iter().map(|location| naval_return(game, power, factions, location)).collect()
}

// --- Stacks and obligations ----------------------------------------------

/// The power and the minor powers allied to it, whose units it moves.
fn power_factions(game: &Game, power: Power) -> EnumSet<Faction> {
    game.own_factions(power)
}

/// Whether `power` controls `space` for winter: itself, or through an
/// allied minor power, whose spaces are its patron's (§2.2, §22.2).
fn owns(game: &Game, power: Power, space: Space) -> bool {
    let controller = game.controller(space);
    controller == Faction::from(power) || (controller.minor().is_some() && game.allied(power, controller))
}

/// Before the Schmalkaldic League the Hapsburg may not winter through or
/// into an electorate (§19.3 exception 3).
fn electorates_barred(game: &Game, power: Power) -> bool {
    power == Power::Hapsburg && !game.schmalkaldic_league()
}

fn is_home_key_of(faction: Faction, space: Space) -> bool {
    faction.minor().is_some_and(|m| minor_home_keys(m).contains(&space))
}

/// The obligation of `faction`'s units in `space`, and whether they count
/// toward the limit of 4 there.
fn obligation(game: &Game, power: Power, faction: Faction, space: Space) -> (Obligation, bool) {
    if power == Power::Protestant && !game.schmalkaldic_league() {
        return (Obligation::MayNotMove, false);
    }
    let owned = game.is_fortified(space) && owns(game, power, space);
    if faction == Faction::Scotland {
        return if owned && is_home_key_of(faction, space) {
            (Obligation::MayNotMove, false)
        } else {
            (Obligation::MustMove, false)
        };
    }
    if !owned {
        (Obligation::MustMove, false)
    } else if capitals(power).contains(&space) {
        (Obligation::MayNotMove, false)
    } else {
        (Obligation::MayStay, !is_home_key_of(faction, space))
    }
}

fn winter_stack(game: &Game, power: Power, factions: EnumSet<Faction>, space: Space) -> WinterStack {
    let mut forces: SmallVec<[Force; 5]> = game
        .land_units_in(space)
        .filter(|&(faction, units, _)| factions.contains(faction) && !units.is_empty())
        .map(|(faction, units, _)| {
            let (obligation, counted) = obligation(game, power, faction, space);
            Force { faction, units, obligation, counted }
        })
        .collect();
    forces.sort_by_key(|f| f.faction.index());
    let counted = counted_total(&forces);
    let leaders = game
        .leaders_at(space)
        .filter(|&l| l.kind() == LeaderKind::Army && game.leader_owner(l).is_some_and(|o| factions.contains(o)))
        .collect();
    WinterStack { space, forces, excess: counted.saturating_sub(WINTER_LIMIT), leaders }
}

/// The units of `forces` that count toward the limit of 4 (§19.3 step 1).
fn counted_total(forces: &[Force]) -> u8 {
    forces.iter().filter(|f| f.counted).fold(0u8, |n, f| n.saturating_add(f.units.total()))
}

/// How many more of `power`'s units may winter in `space` (after attrition)
/// without going over the limit of 4.
fn room(game: &Game, power: Power, factions: EnumSet<Faction>, space: Space) -> u8 {
    let counted = game
        .land_units_in(space)
        .filter(|&(faction, ..)| factions.contains(faction))
        .filter(|&(faction, ..)| obligation(game, power, faction, space).1)
        .fold(0u8, |n, (_, units, _)| n.saturating_add(units.total()));
    WINTER_LIMIT.saturating_sub(counted)
}

// --- Destinations ---------------------------------------------------------

/// Every destination with its attrition, worked out space by space with a
/// full clean search: the straightforward reading of §19.3 (seed 001), kept
/// to check [`plain_destinations`] and [`decide_attrition`] against.
#[cfg(test)]
fn destinations_reference(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    stack: &WinterStack,
) -> SmallVec<[Destination; 8]> {
    let mut out = SmallVec::new();
    let from = stack.space;
    let (to_capital, to_nearest) = destination_users(power, stack);
    if stack.forces.iter().all(|f| f.obligation == Obligation::MayNotMove) {
        return out;
    }
    let enterable = enterable(game, power);
    let plain = plain_search(from, enterable);
    let clean = clean_search(from, clean_spaces(game, power, enterable));
    let mut push = |space: Space, kind, users: EnumSet<Faction>, room| {
        if !users.is_empty() {
            out.push(Destination { space, kind, users, room, attrition: !clean.reached(space) });
        }
    };
    // §24.3: a Papal or Protestant unit never winters outside its zones.
    let usable = |space: Space| {
        space != from && owns(game, power, space) && plain.reached(space) && two_player::may_stand(game, power, space)
    };
    for &capital in capitals(power) {
        if usable(capital) {
            push(capital, DestinationKind::Capital, to_capital, None);
        }
    }
    for force in &stack.forces {
        if let Some(minor) = force.faction.minor() {
            if force.obligation == Obligation::MayNotMove {
                continue;
            }
            for &key in minor_home_keys(minor) {
                if usable(key) && game.is_fortified(key) {
                    let mut users = EnumSet::EMPTY;
                    users.insert(force.faction);
                    push(key, DestinationKind::HomeKey(minor), users, None);
                }
            }
        }
    }
    if !to_nearest.is_empty() {
        // The Protestant, with no capital, looks only at spaces with room
        // and so fills the nearest in turn (exception 1); the others take
        // the nearest spaces, room or not, and may fall back on a capital.
        let needs_room = power == Power::Protestant;
        let candidate = |space: Space| {
            game.is_fortified(space) && usable(space) && (!needs_room || room(game, power, factions, space) > 0)
        };
        let fortified = Links::get().fortified.union(game.fortresses_built());
        let candidates: EnumSet<Space> = fortified.iter().filter(|&s| candidate(s)).collect();
        let nearest = candidates.iter().map(|s| plain.to(s)).min();
        if let Some(best) = nearest {
            for space in candidates.iter() {
                if plain.to(space) != best || capitals(power).contains(&space) {
                    continue;
                }
                let left = room(game, power, factions, space);
                let mut users = to_nearest;
                for faction in to_nearest.iter() {
                    if is_home_key_of(faction, space) {
                        users.remove(faction);
                    }
                }
                if left > 0 {
                    push(space, DestinationKind::Nearest, users, Some(left));
                }
            }
        }
    }
    out
}

/// Who may use which kind of destination (§19.3; seed 001): a capital serves
/// every force that may leave except the Scots; the nearest fortified spaces
/// serve the forces that must move (and, for the Protestant, the units over
/// the limit). Returns (to a capital, to the nearest).
fn destination_users(power: Power, stack: &WinterStack) -> (EnumSet<Faction>, EnumSet<Faction>) {
    let mut to_capital = EnumSet::EMPTY;
    let mut to_nearest = EnumSet::EMPTY;
    for force in &stack.forces {
        let leaves = match force.obligation {
            Obligation::MayNotMove => continue,
            Obligation::MayStay => false,
            Obligation::MustMove => true,
        };
        if force.faction != Faction::Scotland {
            to_capital.insert(force.faction);
            if leaves || (power == Power::Protestant && stack.excess > 0 && force.counted) {
                to_nearest.insert(force.faction);
            }
        }
    }
    (to_capital, to_nearest)
}

/// The factions whose control makes a space `power`'s for winter: itself
/// and its allied minor powers (§2.2, §22.2); the set form of `owns`.
fn owner_factions(game: &Game, power: Power) -> EnumSet<Faction> {
    Faction::ALL
        .into_iter()
        .filter(|&f| f == Faction::from(power) || (f.minor().is_some() && game.allied(power, f)))
        .collect()
}

/// The destinations of `stack` (§19.3 steps 1-2; seed 001): who may go
/// where, and the room left there, in the order of the reference reading;
/// every `attrition` is left `false` for [`decide_attrition`].
fn plain_destinations(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    stack: &WinterStack,
) -> SmallVec<[Destination; 8]> {
    let mut out = SmallVec::new();
    let from = stack.space;
    let (to_capital, to_nearest) = destination_users(power, stack);
    if stack.forces.iter().all(|f| f.obligation == Obligation::MayNotMove) {
        return out;
    }
    let enterable = enterable(game, power);
    let plain = plain_search(from, enterable);
    let owners = owner_factions(game, power);
    let usable = |space: Space| {
        space != from
            && owners.contains(game.controller(space))
            && plain.reached(space)
            && two_player::may_stand(game, power, space)
    };
    let mut push = |space: Space, kind, users: EnumSet<Faction>, room| {
        if !users.is_empty() {
            out.push(Destination { space, kind, users, room, attrition: false });
        }
    };
    for &capital in capitals(power) {
        if usable(capital) {
            push(capital, DestinationKind::Capital, to_capital, None);
        }
    }
    for force in stack.forces.iter().filter(|f| f.obligation != Obligation::MayNotMove) {
        if let Some(minor) = force.faction.minor() {
            for &key in minor_home_keys(minor).iter().filter(|&&k| usable(k) && game.is_fortified(k)) {
                push(key, DestinationKind::HomeKey(minor), [force.faction].into_iter().collect(), None);
            }
        }
    }
    if !to_nearest.is_empty() {
        // The stored order knows the map's fortified spaces only: with a
        // fortress built in play (#104, #86) every fortified space is seen.
        let order =
            if game.fortresses_built().is_empty() { PlainTables::get().fortified_order(enterable, from) } else { None };
        for space in nearest_fortified(game, power, factions, (&plain, order), &usable).iter() {
            let left = room(game, power, factions, space);
            let users = to_nearest.iter().filter(|&f| !is_home_key_of(f, space)).collect();
            if left > 0 && !capitals(power).contains(&space) {
                push(space, DestinationKind::Nearest, users, Some(left));
            }
        }
    }
    out
}

/// The nearest fortified spaces `usable` allows, by plain path length
/// (§19.3 step 2; seed 001). The Protestant, with no capital, looks only at
/// spaces with room and so fills the nearest in turn (exception 1); the
/// others take the nearest spaces, room or not, and may fall back on a
/// capital. With the stored order (nearest first) of the fortified spaces
/// the plain distances reach, the look stops at the first space farther
/// than the nearest usable one; without it, every fortified space is seen.
fn nearest_fortified(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    (plain, order): (&Distances, Option<&[u8; ORDER_MAX]>),
    usable: &impl Fn(Space) -> bool,
) -> EnumSet<Space> {
    let needs_room = power == Power::Protestant;
    let mut best = UNSEEN;
    let mut nearest = EnumSet::EMPTY;
    let stored = order.map(|o| o.iter().map_while(|&i| Space::from_index(usize::from(i))));
    let all = order.is_none().then(|| Links::get().fortified.union(game.fortresses_built()).iter());
    for space in stored.into_iter().flatten().chain(all.into_iter().flatten()) {
        let d = plain.to(space);
        if d > best && order.is_some() {
            break;
        }
        if d > best || !usable(space) || (needs_room && room(game, power, factions, space) == 0) {
            continue;
        }
        if d < best {
            best = d;
            nearest = EnumSet::EMPTY;
        }
        nearest.insert(space);
    }
    nearest
}

/// Sets `attrition` (§19.3; seed 001) on the destinations `needed` picks:
/// true where no path free of attrition leads there. One search of the
/// clean spaces, stopped once every such destination is found.
fn decide_attrition(
    game: &Game,
    power: Power,
    from: Space,
    destinations: &mut [Destination],
    needed: impl Fn(&Destination) -> bool,
) {
    let targets: EnumSet<Space> = destinations.iter().filter(|d| needed(d)).map(|d| d.space).collect();
    if targets.is_empty() {
        return;
    }
    let reached = clean_reach(from, clean_spaces(game, power, enterable(game, power)), targets);
    for d in destinations.iter_mut().filter(|d| needed(d)) {
        d.attrition = !reached.contains(d.space);
    }
}

/// Which of `targets` the clean search from `from` reaches (§19.3
/// attrition; seed 001): the same rings as [`Distances::search`] through
/// `clean`, without distances, stopped once every target is found.
fn clean_reach(from: Space, clean: EnumSet<Space>, targets: EnumSet<Space>) -> EnumSet<Space> {
    let mut rings = Rings::from(from, clean);
    while !targets.difference(rings.seen).is_empty() && rings.advance() {}
    rings.seen.intersection(targets)
}

/// A search ring by ring from one land space over land links, port links
/// and sea-zone adjacencies, entering only the land spaces in `enter` (sea
/// zones are always entered), each ring found with set operations.
struct Rings {
    /// The land spaces and sea zones first reached at the last step.
    ring: EnumSet<Space>,
    ring_zones: EnumSet<SeaZone>,
    /// Every land space and sea zone reached so far.
    seen: EnumSet<Space>,
    seen_zones: EnumSet<SeaZone>,
    enter: EnumSet<Space>,
}

impl Rings {
    fn from(from: Space, enter: EnumSet<Space>) -> Rings {
        let ring: EnumSet<Space> = [from].into_iter().collect();
        Rings { ring, ring_zones: EnumSet::EMPTY, seen: ring, seen_zones: EnumSet::EMPTY, enter }
    }

    /// Steps to the next ring; false once nothing new is reached.
    fn advance(&mut self) -> bool {
        let links = Links::get();
        let (mut next, mut next_zones) = (EnumSet::EMPTY, EnumSet::EMPTY);
        for space in self.ring.iter() {
            next = next.union(links.space_spaces[space.index()]);
            next_zones = next_zones.union(links.space_zones[space.index()]);
        }
        for zone in self.ring_zones.iter() {
            next = next.union(links.zone_spaces[zone.index()]);
            next_zones = next_zones.union(links.zone_zones[zone.index()]);
        }
        self.ring = next.intersection(self.enter).difference(self.seen);
        self.ring_zones = next_zones.difference(self.seen_zones);
        self.seen = self.seen.union(self.ring);
        self.seen_zones = self.seen_zones.union(self.ring_zones);
        !self.ring.is_empty() || !self.ring_zones.is_empty()
    }
}

// --- Naval ------------------------------------------------------------------

fn naval_leaders(game: &Game, factions: EnumSet<Faction>) -> impl Iterator<Item = Leader> + '_ {
    Leader::ALL.into_iter().filter(move |&l| {
        l.kind() == LeaderKind::Naval
            && game.leader_owner(l).is_some_and(|o| factions.contains(o))
            && matches!(game.leader_location(l), LeaderLocation::Space(_) | LeaderLocation::Sea(_))
    })
}

fn location_order(location: NavalLocation) -> usize {
    match location {
        NavalLocation::Port(space) => space.index(),
        NavalLocation::Sea(zone) => Space::COUNT + zone.index(),
    }
}

/// Fleets by faction and naval leaders, at one location.
type FleetsAndLeaders = (SmallVec<[(Faction, NavalUnits); 4]>, SmallVec<[Leader; 2]>);

/// The fleets (by faction) and naval leaders of `factions` at `location`.
fn fleets_and_leaders(game: &Game, factions: EnumSet<Faction>, location: NavalLocation) -> FleetsAndLeaders {
    let mut fleets: SmallVec<[(Faction, NavalUnits); 4]> = game
        .naval_stacks()
        .filter(|&(l, f, u)| l == location && factions.contains(f) && u.total() > 0)
        .map(|(_, f, u)| (f, u))
        .collect();
    fleets.sort_by_key(|(f, _)| f.index());
    let leaders = naval_leaders(game, factions)
        .filter(|&l| match (game.leader_location(l), location) {
            (LeaderLocation::Space(s), NavalLocation::Port(p)) => s == p,
            (LeaderLocation::Sea(z), NavalLocation::Sea(y)) => z == y,
            _ => false,
        })
        .collect();
    (fleets, leaders)
}

/// One location's [`NavalReturn`] (§19.3; seed 001): its fleets and naval
/// leaders, and the nearest ports `power` controls by [`nearest_ports`].
fn naval_return(game: &Game, power: Power, factions: EnumSet<Faction>, location: NavalLocation) -> NavalReturn {
    let (fleets, leaders) = fleets_and_leaders(game, factions, location);
    let (ports, distance) = nearest_ports(game, power, location);
    NavalReturn { location, fleets, leaders, ports, distance }
}

/// The nearest ports in play `power` controls from `location`, by sea, and
/// the steps to them (§19.3; seed 001): a sea zone or a port each one step,
/// a port passed through only if friendly (or the start). Found ring by
/// ring over sea zones and ports, stopping at the first ring with one.
fn nearest_ports(game: &Game, power: Power, location: NavalLocation) -> (EnumSet<Space>, Option<u8>) {
    let links = Links::get();
    let in_play = links.all_spaces.difference(game.out_of_play);
    let owners = owner_factions(game, power);
    let (mut ring, mut ring_zones) = match location {
        NavalLocation::Port(space) => ([space].into_iter().collect(), EnumSet::EMPTY),
        NavalLocation::Sea(zone) => (EnumSet::EMPTY, [zone].into_iter().collect::<EnumSet<SeaZone>>()),
    };
    let (mut seen, mut seen_zones) = (ring, ring_zones);
    let mut transit = ring;
    let mut steps = 0u8;
    loop {
        let found: EnumSet<Space> = ring
            .intersection(links.ports.intersection(in_play))
            .iter()
            .filter(|&s| owners.contains(game.controller(s)))
            .collect();
        if !found.is_empty() {
            return (found, Some(steps));
        }
        if ring.is_empty() && ring_zones.is_empty() {
            return (EnumSet::EMPTY, None);
        }
        let (mut next, mut next_zones) = (EnumSet::EMPTY, EnumSet::EMPTY);
        for space in ring.iter().filter(|&s| transit.contains(s) || game.is_friendly_controlled(power, s)) {
            next_zones = next_zones.union(links.space_zones[space.index()]);
        }
        for zone in ring_zones.iter() {
            next = next.union(links.zone_spaces[zone.index()]);
            next_zones = next_zones.union(links.zone_zones[zone.index()]);
        }
        ring = next.intersection(in_play).difference(seen);
        ring_zones = next_zones.difference(seen_zones);
        seen = seen.union(ring);
        seen_zones = seen_zones.union(ring_zones);
        transit = EnumSet::EMPTY;
        steps = steps.saturating_add(1);
    }
}

/// [`naval_return`] by a queue search over every node and a scan of every
/// space: the straightforward reading, kept to check the ring search.
#[cfg(test)]
fn naval_return_reference(
    game: &Game,
    power: Power,
    factions: EnumSet<Faction>,
    location: NavalLocation,
) -> NavalReturn {
    let (fleets, leaders) = fleets_and_leaders(game, factions, location);
    let start = match location {
        NavalLocation::Port(space) => land_node(space),
        NavalLocation::Sea(zone) => sea_node(zone),
    };
    let in_play = Links::get().all_spaces.difference(game.out_of_play);
    let friendly = game.friendly_controlled_spaces(power);
    let bfs = Bfs::run(start, false, in_play, |s| friendly.contains(s));
    let mut ports = EnumSet::EMPTY;
    let mut distance = None;
    for space in Space::ALL {
        let d = bfs.dist[land_node(space)];
        if d == UNSEEN || !space.is_port() || !game.in_play(space) || !owns(game, power, space) {
            continue;
        }
        match distance {
            Some(best) if d > best => {}
            Some(best) if d == best => {
                ports.insert(space);
            }
            _ => {
                distance = Some(d);
                ports = EnumSet::EMPTY;
                ports.insert(space);
            }
        }
    }
    NavalReturn { location, fleets, leaders, ports, distance }
}

// --- Searches -----------------------------------------------------------------

/// Land spaces, then sea zones.
const NODES: usize = Space::COUNT + SeaZone::COUNT;
const UNSEEN: u8 = u8::MAX;

#[inline]
fn land_node(space: Space) -> usize {
    space.index()
}

#[inline]
fn sea_node(zone: SeaZone) -> usize {
    Space::COUNT + zone.index()
}

/// The spaces `power`'s winter moves may enter: those in play, but for the
/// Hapsburg before the Schmalkaldic League no electorate (exception 3).
fn enterable(game: &Game, power: Power) -> EnumSet<Space> {
    let links = Links::get();
    let in_play = links.all_spaces.difference(game.out_of_play);
    if electorates_barred(game, power) { in_play.difference(links.electorates) } else { in_play }
}

/// Of the `enterable` spaces, those a path free of attrition may enter
/// (§19.3): controlled by `power` or an ally, and free of unrest.
fn clean_spaces(game: &Game, power: Power, enterable: EnumSet<Space>) -> EnumSet<Space> {
    enterable.difference(game.unrest()).intersection(game.friendly_controlled_spaces(power))
}

/// Plain path length, whoever controls the spaces between (§19.3 step 2):
/// land links, port links and sea-zone adjacencies, each one step, through
/// the `enterable` spaces.
fn plain_search(from: Space, enterable: EnumSet<Space>) -> Distances {
    match PlainTables::get().row(enterable, from) {
        Some(dist) => Distances { dist: *dist },
        None => Distances::search(from, enterable),
    }
}

/// The plain distances between every two land spaces, worked out once for
/// the sets of enterable spaces that play nearly always has: every space,
/// or all but those out of play at the start, each with or without the
/// electorates (§19.3 exception 3). Other sets are searched each time.
struct PlainTables {
    /// The enterable set each table is for.
    sets: [EnumSet<Space>; 4],
    /// For each set, the distances from each space to each space.
    tables: [[[u8; Space::COUNT]; Space::COUNT]; 4],
    /// For each set and each space, the fortified spaces it reaches by
    /// index, nearest first (ties in space order), then [`UNSEEN`].
    orders: [[[u8; ORDER_MAX]; Space::COUNT]; 4],
}

/// Room for the fortified spaces of the map (48) in a stored order.
const ORDER_MAX: usize = 64;

/// The fortified spaces `row` reaches, by index, nearest first (ties in
/// space order), then [`UNSEEN`] (§19.3 step 2: the nearest fortified space).
fn nearest_first(row: &[u8; Space::COUNT]) -> [u8; ORDER_MAX] {
    let mut spaces: SmallVec<[Space; ORDER_MAX]> =
        Links::get().fortified.iter().filter(|s| row[s.index()] != UNSEEN).collect();
    spaces.sort_by_key(|s| (row[s.index()], s.index()));
    let mut order = [UNSEEN; ORDER_MAX];
    for (slot, space) in order.iter_mut().zip(spaces) {
        *slot = u8::try_from(space.index()).unwrap_or(UNSEEN);
    }
    order
}

impl PlainTables {
    fn get() -> &'static PlainTables {
        static TABLES: OnceLock<PlainTables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let links = Links::get();
            let at_start: EnumSet<Space> = Space::ALL.into_iter().filter(|s| s.control_1517().is_some()).collect();
            let sets = [
                links.all_spaces,
                at_start,
                links.all_spaces.difference(links.electorates),
                at_start.difference(links.electorates),
            ];
            let tables = sets.map(|set| Space::ALL.map(|from| Distances::search(from, set).dist));
            let orders = tables.map(|table| table.map(|row| nearest_first(&row)));
            PlainTables { sets, tables, orders }
        })
    }

    /// The distances from `from` through `enterable`, if a table has them.
    fn row(&self, enterable: EnumSet<Space>, from: Space) -> Option<&[u8; Space::COUNT]> {
        let table = self.sets.iter().position(|&set| set == enterable)?;
        Some(&self.tables[table][from.index()])
    }

    /// The fortified spaces reached from `from` through `enterable`,
    /// nearest first, if a table has them.
    fn fortified_order(&self, enterable: EnumSet<Space>, from: Space) -> Option<&[u8; ORDER_MAX]> {
        let table = self.sets.iter().position(|&set| set == enterable)?;
        Some(&self.orders[table][from.index()])
    }
}

/// Paths free of attrition (§19.3), through the [`clean_spaces`].
#[cfg(test)]
fn clean_search(from: Space, clean: EnumSet<Space>) -> Distances {
    Distances::search(from, clean)
}

/// The neighbours of every land space and sea zone, and some sets of
/// spaces of the map, built once.
struct Links {
    /// Of each space, the spaces joined to it over land (clear or pass).
    space_spaces: [EnumSet<Space>; Space::COUNT],
    /// Of each space, the sea zones it is a port on.
    space_zones: [EnumSet<SeaZone>; Space::COUNT],
    /// Of each sea zone, its ports.
    zone_spaces: [EnumSet<Space>; SeaZone::COUNT],
    /// Of each sea zone, the adjacent sea zones.
    zone_zones: [EnumSet<SeaZone>; SeaZone::COUNT],
    /// Every land space.
    all_spaces: EnumSet<Space>,
    /// The electorates.
    electorates: EnumSet<Space>,
    /// The fortified spaces.
    fortified: EnumSet<Space>,
    /// The ports.
    ports: EnumSet<Space>,
}

impl Links {
    fn get() -> &'static Links {
        static LINKS: OnceLock<Links> = OnceLock::new();
        LINKS.get_or_init(|| Links {
            space_spaces: Space::ALL.map(|s| s.land_neighbours().collect()),
            space_zones: Space::ALL.map(|s| s.ports().iter().copied().collect()),
            zone_spaces: SeaZone::ALL.map(|z| z.ports().iter().copied().collect()),
            zone_zones: SeaZone::ALL.map(|z| z.adjacent().iter().copied().collect()),
            all_spaces: Space::ALL.into_iter().collect(),
            electorates: Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate).collect(),
            fortified: Space::ALL.into_iter().filter(|s| s.is_fortified()).collect(),
            ports: Space::ALL.into_iter().filter(|s| s.is_port()).collect(),
        })
    }
}

/// Steps from one land space to every land space, over land links, port
/// links and sea-zone adjacencies, entering only some land spaces (sea
/// zones are always entered); [`UNSEEN`] where none leads. The same
/// distances as [`Bfs`], found a whole ring of nodes at a time with set
/// operations instead of one node at a time.
struct Distances {
    dist: [u8; Space::COUNT],
}

impl Distances {
    fn search(from: Space, enter: EnumSet<Space>) -> Distances {
        let mut dist = [UNSEEN; Space::COUNT];
        dist[from.index()] = 0;
        let mut rings = Rings::from(from, enter);
        let mut steps = 0u8;
        while rings.advance() {
            steps = steps.saturating_add(1);
            for space in rings.ring.iter() {
                dist[space.index()] = steps;
            }
        }
        Distances { dist }
    }

    fn reached(&self, space: Space) -> bool {
        self.dist[space.index()] != UNSEEN
    }

    fn to(&self, space: Space) -> u8 {
        self.dist[space.index()]
    }
}

/// A breadth-first search over land spaces and sea zones, without heap.
struct Bfs {
    dist: [u8; NODES],
    parent: [u8; NODES],
    queue: [u8; NODES],
    tail: usize,
}

impl Bfs {
    /// Searches from `start`. A land space is entered only if it is in
    /// `enter`, and searched onward only if `transit` says so (or it is the
    /// start). With `land` false only port and sea links are used.
    fn run(start: usize, land: bool, enter: EnumSet<Space>, transit: impl Fn(Space) -> bool) -> Bfs {
        let mut bfs = Bfs { dist: [UNSEEN; NODES], parent: [UNSEEN; NODES], queue: [0; NODES], tail: 0 };
        bfs.dist[start] = 0;
        bfs.push(start);
        let mut head = 0;
        while head < bfs.tail {
            let node = usize::from(bfs.queue[head]);
            head += 1;
            if let Some(space) = Space::from_index(node) {
                if node != start && !transit(space) {
                    continue;
                }
                if land {
                    for next in space.land_neighbours() {
                        if enter.contains(next) {
                            bfs.visit(node, land_node(next));
                        }
                    }
                }
                for &zone in space.ports() {
                    bfs.visit(node, sea_node(zone));
                }
            } else if let Some(zone) = SeaZone::from_index(node - Space::COUNT) {
                for &next in zone.adjacent() {
                    bfs.visit(node, sea_node(next));
                }
                for &port in zone.ports() {
                    if enter.contains(port) {
                        bfs.visit(node, land_node(port));
                    }
                }
            }
        }
        bfs
    }

    fn push(&mut self, node: usize) {
        // Each node is queued at most once, so the queue never overflows.
        if let (Some(slot), Ok(id)) = (self.queue.get_mut(self.tail), u8::try_from(node)) {
            *slot = id;
            self.tail += 1;
        }
    }

    fn visit(&mut self, from: usize, to: usize) {
        if self.dist[to] == UNSEEN {
            self.dist[to] = self.dist[from].saturating_add(1);
            self.parent[to] = u8::try_from(from).unwrap_or(UNSEEN);
            self.push(to);
        }
    }

    fn reached(&self, node: usize) -> bool {
        self.dist[node] != UNSEEN
    }

    /// The steps from the start to `to`, start excluded.
    fn path(&self, start: usize, to: usize) -> Option<SmallVec<[PathStep; 32]>> {
        if !self.reached(to) {
            return None;
        }
        let mut steps = SmallVec::new();
        let mut node = to;
        while node != start {
            steps.push(match Space::from_index(node) {
                Some(space) => PathStep::Land(space),
                None => PathStep::Sea(SeaZone::from_index(node - Space::COUNT)?),
            });
            node = usize::from(self.parent[node]);
        }
        steps.reverse();
        Some(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Scenario, Setup};

    #[test]
    fn capitals_match_the_map() {
        for space in Space::ALL {
            let listed = Power::ALL.iter().any(|&p| capitals(p).contains(&space) && space.home() == Faction::from(p));
            assert_eq!(listed, space.is_capital(), "{space}");
        }
    }

    #[test]
    fn minor_home_keys_are_home_fortified_spaces() {
        for minor in MinorPower::ALL {
            for &key in minor_home_keys(minor) {
                assert_eq!(key.home(), Faction::from(minor), "{key}");
                assert!(key.is_fortified(), "{key}");
            }
        }
    }

    #[test]
    fn plain_search_matches_the_distance_table() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
        game.set_in_play(Space::Algiers, true).unwrap();
        game.set_schmalkaldic_league(true).unwrap();
        for from in Space::ALL {
            let bfs = plain_search(from, enterable(&game, Power::France));
            for to in Space::ALL {
                assert_eq!(bfs.to(to), from.distance(to), "{from} to {to}");
            }
        }
    }

    #[test]
    fn ring_search_matches_the_queue_search() {
        // The 1517 start: Algiers out of play, the Hapsburg barred from electorates.
        let game = Game::new(Setup::new(Scenario::Y1517, 0));
        for power in Power::ALL {
            let plain = enterable(&game, power);
            for enter in [plain, clean_spaces(&game, power, plain)] {
                for from in Space::ALL {
                    let rings = Distances::search(from, enter);
                    let queue = Bfs::run(land_node(from), true, enter, |_| true);
                    for to in Space::ALL {
                        assert_eq!(rings.to(to), queue.dist[land_node(to)], "{power}: {from} to {to}");
                    }
                }
            }
        }
    }

    /// The stored tables give the distances the search finds, for each of
    /// their sets; a set they do not hold is searched.
    #[test]
    fn plain_tables_match_the_search() {
        let tables = PlainTables::get();
        let mut unusual = Links::get().all_spaces;
        unusual.remove(Space::Paris);
        for set in tables.sets.into_iter().chain([unusual]) {
            for from in Space::ALL {
                let searched = Distances::search(from, set);
                assert_eq!(plain_search(from, set).dist, searched.dist, "{from}");
            }
        }
        assert!(tables.row(unusual, Space::Lyon).is_none());
        assert!(
            tables.row(enterable(&Game::new(Setup::new(Scenario::Y1517, 0)), Power::Hapsburg), Space::Lyon).is_some()
        );
    }
    /// Positions of seeded random play in all three scenarios: every step
    /// of the winter phase (§19.3; seed 001) that `every` picks, and now
    /// and then one from the rest of the turn.
    fn random_positions(games: u64, every: usize, mut check: impl FnMut(&Game)) -> usize {
        use crate::engine::ActionList;
        use crate::types::Phase;
        let scenarios = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer];
        let mut checked = 0;
        for (seed, scenario) in (0..games).zip(scenarios.into_iter().cycle()) {
            let mut game = Game::new(Setup::new(scenario, seed));
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let mut list = ActionList::new();
            for step in 0..6000 {
                game.legal_actions_into(&mut list);
                if list.is_empty() {
                    break;
                }
                if (game.phase() == Phase::Winter && step % every == 0) || step % 211 == 0 {
                    check(&game);
                    checked += 1;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let action = list[(state % list.len() as u64) as usize];
                game.apply(action).unwrap();
            }
        }
        checked
    }

    /// The reference destinations with attrition kept only where `needed`.
    fn masked(mut reference: ReturnOptions, needed: impl Fn(&Destination) -> bool) -> ReturnOptions {
        for d in reference.destinations.iter_mut().filter(|d| !needed(d)) {
            d.attrition = false;
        }
        reference
    }

    /// The one-pass stacks, the plain destinations with the attrition
    /// decided by the stopped clean search (for all, some or none of them),
    /// and `has_destination` agree with the straightforward readings, in
    /// positions of random play.
    #[test]
    fn fast_winter_options_agree_with_the_reference() {
        let checked = random_positions(9, 3, |game| {
            for power in Power::ALL {
                let stacks = winter_obligations(game, power);
                assert_eq!(stacks, winter_obligations_reference(game, power), "{power}");
                let factions = power_factions(game, power);
                for stack in &stacks {
                    let from = stack.space;
                    let reference = ReturnOptions {
                        stack: winter_stack(game, power, factions, from),
                        destinations: destinations_reference(game, power, factions, stack),
                    };
                    assert_eq!(return_options(game, power, from), reference, "{power} {from}");
                    let limited = |d: &Destination| d.room.is_some();
                    let options = return_options_where(game, power, from, limited);
                    assert_eq!(options, masked(reference.clone(), limited), "{power} {from}");
                    for to in reference.spaces().iter().chain([Space::Paris]) {
                        let options = return_options_where(game, power, from, |d| d.space == to);
                        assert_eq!(options, masked(reference.clone(), |d| d.space == to), "{power} {from} {to}");
                    }
                    let none = return_options_where(game, power, from, |_| false);
                    assert_eq!(none, masked(reference.clone(), |_| false), "{power} {from}");
                    assert_eq!(has_destination(game, power, stack), !reference.destinations.is_empty());
                }
            }
        });
        assert!(checked > 300, "{checked}");
    }

    /// The ring search for the nearest ports gives the queue search's ports
    /// and distances, in positions of random play (§19.3; seed 001).
    #[test]
    fn naval_ring_search_agrees_with_the_queue_search() {
        let checked = random_positions(9, 5, |game| {
            for power in Power::ALL {
                let factions = power_factions(game, power);
                for fleet in naval_return_options(game, power) {
                    let reference = naval_return_reference(game, power, factions, fleet.location);
                    assert_eq!(fleet, reference, "{power}");
                }
                // Every location, also those without ships.
                let locations = Space::ALL
                    .into_iter()
                    .filter(|s| s.is_port())
                    .map(NavalLocation::Port)
                    .chain(SeaZone::ALL.into_iter().map(NavalLocation::Sea));
                for location in locations {
                    let reference = naval_return_reference(game, power, factions, location);
                    assert_eq!(nearest_ports(game, power, location), (reference.ports, reference.distance));
                }
            }
        });
        assert!(checked > 200, "{checked}");
    }

    /// The stored nearest-first order of the fortified spaces finds the
    /// same nearest spaces as a look at every fortified space (§19.3 step
    /// 2; seed 001), for every power, space and table.
    #[test]
    fn stored_fortified_order_finds_the_nearest() {
        assert!(Links::get().fortified.len() <= ORDER_MAX);
        let mut game = Game::new(Setup::new(Scenario::Y1517, 0));
        let tables = PlainTables::get();
        for (i, set) in tables.sets.into_iter().enumerate() {
            game.set_schmalkaldic_league(i % 2 == 0).unwrap();
            for power in Power::ALL {
                let factions = power_factions(&game, power);
                for from in Space::ALL {
                    let plain = plain_search(from, set);
                    let usable = |s: Space| {
                        s != from && owns(&game, power, s) && plain.reached(s) && two_player::may_stand(&game, power, s)
                    };
                    let order = tables.fortified_order(set, from);
                    assert!(order.is_some());
                    let fast = nearest_fortified(&game, power, factions, (&plain, order), &usable);
                    let slow = nearest_fortified(&game, power, factions, (&plain, None), &usable);
                    assert_eq!(fast, slow, "{power} {from}");
                    let reached = Links::get().fortified.iter().filter(|&s| plain.reached(s)).count();
                    assert_eq!(order.map(|o| o.iter().take_while(|&&i| i != UNSEEN).count()), Some(reached));
                }
            }
        }
    }

    /// A clean search stopped early still finds every target it would find
    /// in full, and only those (§19.3 attrition; seed 001).
    #[test]
    fn clean_reach_matches_the_full_clean_search() {
        let game = Game::new(Setup::new(Scenario::Y1517, 0));
        for power in Power::ALL {
            let clean = clean_spaces(&game, power, enterable(&game, power));
            for from in Space::ALL {
                let full = clean_search(from, clean);
                let all: EnumSet<Space> = Space::ALL.into_iter().filter(|&s| full.reached(s)).collect();
                assert_eq!(clean_reach(from, clean, Links::get().all_spaces), all, "{power} {from}");
                for target in [Space::Paris, Space::Vienna, Space::Algiers, from] {
                    let one: EnumSet<Space> = [target].into_iter().collect();
                    assert_eq!(clean_reach(from, clean, one), one.intersection(all), "{power} {from}");
                }
            }
        }
    }
}
