//! Land war as pure functions (§13-§15, §22.1, §22.6): who stands on which
//! side, where a formation may go, who may intercept, avoid battle or
//! withdraw, battle and assault dice, retreat spaces, sieges and assaults.
//!
//! Sides: a faction's units follow a *commander*, the major power itself or
//! an active minor's ally (§22.3). Independent units and those of inactive
//! minors have none: their behaviour is fixed (§22.1, §22.6, seed 000).

use crate::game::{Game, LandUnits, NavalLocation};
use crate::rules::loc;
use crate::rules::paths::{Metric, nearest};
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, LeaderKind, MinorPower, Power, Space};

/// The per-impulse state of the land war, cleared when an impulse begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct WarState {
    /// §13.1: spaces where each power's units that lost a field battle this
    /// impulse stand (every unit of the power there is held back).
    pub lost_battle: [EnumSet<Space>; Power::COUNT],
    /// §13.1, §15.1: spaces whose siege began this impulse.
    pub sieges_begun: EnumSet<Space>,
    /// §13.2: spaces each power's stack tried to intercept from (or into) this impulse.
    pub intercepted: [EnumSet<Space>; Power::COUNT],
    /// §15.1: spaces assaulted this impulse.
    pub assaulted: EnumSet<Space>,
    /// The combat cards and rolls of the battle being fought (§14, §15.1, §16.2).
    pub cards: crate::rules::combat_cards::BattleCards,
    /// Foul Weather (#31) was played against this impulse's power: no unit
    /// moves twice, no assault, piracy, naval move or transport.
    #[cfg_attr(feature = "serde", serde(default))]
    pub foul_weather: bool,
    /// Army leaders Gout (#32) keeps from moving or assaulting this impulse.
    #[cfg_attr(feature = "serde", serde(default))]
    pub gout: EnumSet<Leader>,
    /// Spaces this impulse's power's formations entered this impulse
    /// (Foul Weather, #31: their units have moved their one space).
    #[cfg_attr(feature = "serde", serde(default))]
    pub entered: EnumSet<Space>,
    /// Professional Rowers' modifier (+2 or -2) of the naval interception
    /// or avoid-battle roll being counted (#34).
    #[cfg_attr(feature = "serde", serde(default))]
    pub roll_modifier: i8,
    /// Roxelana (#42) was played by the Ottoman this impulse, and its free
    /// assault by Suleiman's formation is not used yet.
    #[cfg_attr(feature = "serde", serde(default))]
    pub roxelana: bool,
    /// Hungary-Bohemia's defeat put the Hapsburg at war with the Ottoman in
    /// the middle of a land battle (§22.5): the immediate naval battle of
    /// §9.6 waits until the battle's procedure is over (ruling AL8).
    #[cfg_attr(feature = "serde", serde(default))]
    pub new_war_at_sea: bool,
}

/// The modified roll an interception or avoid-battle attempt needs (§13.2, §13.3).
pub const INTERCEPT_TARGET: i8 = 9;

/// The most land units that withdraw into fortifications (§13.4, §14.1).
pub const GARRISON_LIMIT: u8 = 4;

/// The major power whose decisions `faction`'s units follow: a major power
/// itself, an active minor's ally (§22.3); `None` for independent units
/// and those of inactive minors, which follow fixed rules (§22.1, §22.6).
///
/// ```
/// use here_i_stand::{Faction, Game, MinorPower, Power, Scenario, Setup};
/// use here_i_stand::rules::battle::commander;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(commander(&game, Faction::Venice), None);
/// game.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
/// assert_eq!(commander(&game, Faction::Venice), Some(Power::Papacy));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn commander(game: &Game, faction: Faction) -> Option<Power> {
    match (faction.major(), faction.minor()) {
        (Some(power), _) => Some(power),
        (_, Some(minor)) => game.minor_ally(minor),
        _ => None,
    }
}

/// Whether `faction`'s units stand against `power` (§1, §22): at war with
/// it, or their commander is; an inactive minor at war with it; independent
/// units always defend (§22.6).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::battle::is_hostile;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(is_hostile(&game, Power::France, Faction::Independent));
/// assert!(!is_hostile(&game, Power::France, Faction::Hapsburg));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert!(is_hostile(&game, Power::France, Faction::Hapsburg));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_hostile(game: &Game, power: Power, faction: Faction) -> bool {
    if faction == Faction::Independent {
        return true;
    }
    match commander(game, faction) {
        Some(p) => p != power && game.at_war(power, p),
        None => game.at_war(power, faction),
    }
}

/// Whether `faction`'s units are friendly to `power`: its own, its allied
/// minors', an ally's or an ally's minor's (§1, §9.2, §22.3).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::battle::is_friendly_faction;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(is_friendly_faction(&game, Power::France, Faction::France));
/// game.set_alliance(Power::France, Power::Ottoman, true)?;
/// assert!(is_friendly_faction(&game, Power::France, Faction::Ottoman));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_friendly_faction(game: &Game, power: Power, faction: Faction) -> bool {
    commander(game, faction).is_some_and(|p| p == power || game.allied(power, p))
}

/// Whether the controller of `space` stands against `power`: independent,
/// or hostile as in [`is_hostile`].
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::hostile_controlled;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(hostile_controlled(&game, Power::France, Space::Metz)); // independent
/// assert!(!hostile_controlled(&game, Power::France, Space::Brussels)); // at peace
/// ```
pub fn hostile_controlled(game: &Game, power: Power, space: Space) -> bool {
    is_hostile(game, power, game.controller(space))
}

/// The best battle rating among `leaders` (0 with none): only the single
/// highest counts (§13.2, §14, §15.1).
///
/// ```
/// use here_i_stand::Leader;
/// use here_i_stand::rules::battle::best_battle_rating;
/// assert_eq!(best_battle_rating([Leader::Suleiman, Leader::Ibrahim]), 2);
/// assert_eq!(best_battle_rating([]), 0);
/// ```
pub fn best_battle_rating(leaders: impl IntoIterator<Item = Leader>) -> u8 {
    leaders.into_iter().filter(|l| l.kind() == LeaderKind::Army).map(Leader::battle).max().unwrap_or(0)
}

/// Whether a formation of `power` with land units may enter `to` (§13.1):
/// the space is in play; its controller is the power, independent, an ally
/// or at war with it; and any units of other factions there allow it: all
/// friendly and no siege among them (a), all hostile and not a siege of one
/// by another (b), an enemy-controlled space whose units all stand with the
/// controller (c), or a besieged fortress with friendly defenders and
/// hostile besiegers, or the reverse (d). Independent units never block
/// (§22.6). Leaders alone may not enter enemy-controlled spaces or spaces
/// with other powers' units. In the two-player game the Papacy and the
/// Protestant never leave the German and Italian zones (§24.3,
/// `two_player::may_stand`): moves, naval transport landings.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::may_enter;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Metz, Faction::Independent, LandUnits::regulars(1))?;
/// assert!(may_enter(&game, Power::France, Space::Metz, true));
/// assert!(!may_enter(&game, Power::France, Space::Metz, false));
/// assert!(!may_enter(&game, Power::France, Space::Brussels, true));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// assert!(may_enter(&game, Power::France, Space::Brussels, true));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_enter(game: &Game, power: Power, to: Space, with_units: bool) -> bool {
    if !crate::rules::two_player::may_stand(game, power, to) {
        return false;
    }
    if !with_units {
        return crate::rules::movement::can_enter_peacefully(game, power, to, false);
    }
    if !game.in_play(to) || crate::rules::movement::electorate_barred(game, power, to) {
        return false;
    }
    let own = Faction::from(power);
    let controller = game.controller(to);
    let permitted = controller == own
        || controller == Faction::Independent
        || game.allied(power, controller)
        || game.at_war(power, controller)
        || commander(game, controller).is_some_and(|p| p == power || game.allied(power, p) || game.at_war(power, p));
    if !permitted {
        return false;
    }
    let controller_side =
        |f: Faction| f == controller || commander(game, controller).is_some_and(|c| is_friendly_faction(game, c, f));
    let enemy_controlled = controller != Faction::Independent && is_hostile(game, power, controller);
    let (mut friendly_in, mut friendly_out, mut hostile_in, mut hostile_out) = (false, false, false, false);
    let (mut neutral, mut all_controller_side) = (false, true);
    for (faction, units, besieged) in game.land_units_in(to) {
        if units.is_empty() {
            continue;
        }
        all_controller_side &= controller_side(faction);
        if faction == own || is_friendly_faction(game, power, faction) {
            if besieged { friendly_in = true } else { friendly_out = true }
        } else if is_hostile(game, power, faction) {
            if besieged { hostile_in = true } else { hostile_out = true }
        } else {
            neutral = true;
        }
    }
    if neutral {
        // (c): every unit there stands with the enemy controller.
        return enemy_controlled && all_controller_side;
    }
    let friendly = friendly_in || friendly_out;
    let hostile = hostile_in || hostile_out;
    match (friendly, hostile) {
        (_, false) => !friendly_in,
        (false, true) => !(hostile_in && hostile_out),
        (true, true) => {
            let relief = friendly_in && !friendly_out && hostile_out && !hostile_in;
            let join = hostile_in && !hostile_out && friendly_out && !friendly_in;
            relief || join
        }
    }
}

/// Whether `faction`'s units in `space` stand against a formation of
/// `mover` entering it: hostile to it ([`is_hostile`]), or, in a space whose
/// controller is hostile, standing with that controller: its allies' units
/// then count as enemies too (§13.1 c).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::opposes;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// game.set_alliance(Power::England, Power::Hapsburg, true)?;
/// assert!(opposes(&game, Power::France, Space::Brussels, Faction::England));
/// assert!(!opposes(&game, Power::France, Space::Paris, Faction::England));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn opposes(game: &Game, mover: Power, space: Space, faction: Faction) -> bool {
    if is_hostile(game, mover, faction) {
        return true;
    }
    let controller = game.controller(space);
    controller != Faction::Independent
        && is_hostile(game, mover, controller)
        && !is_friendly_faction(game, mover, faction)
        && commander(game, controller).is_some_and(|c| is_friendly_faction(game, c, faction))
}

/// Land units in `space` standing against `power` ([`opposes`]), outside
/// the fortifications (not besieged): the units a field battle there is
/// fought against (§13.1 step 8).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::hostile_outside;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// game.set_land_units(Space::Brussels, Faction::Hapsburg, LandUnits::regulars(3))?;
/// assert_eq!(hostile_outside(&game, Power::France, Space::Brussels), 3);
/// game.set_besieged_units(Space::Brussels, Faction::Hapsburg, LandUnits::regulars(3))?;
/// assert_eq!(hostile_outside(&game, Power::France, Space::Brussels), 0);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn hostile_outside(game: &Game, power: Power, space: Space) -> u8 {
    game.land_units_in(space)
        .filter(|&(f, _, besieged)| !besieged && opposes(game, power, space, f))
        .map(|(_, units, _)| units.total())
        .sum()
}

/// Land units besieged inside `space`'s fortifications (§15).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::{besiegers, units_inside};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_besieged_units(Space::Metz, Faction::Independent, LandUnits::regulars(2))?;
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(5))?;
/// assert_eq!((units_inside(&game, Space::Metz), besiegers(&game, Space::Metz)), (2, 5));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn units_inside(game: &Game, space: Space) -> u8 {
    game.land_units_in(space).filter(|&(_, _, besieged)| besieged).map(|(_, units, _)| units.total()).sum()
}

/// Land units outside `space`'s fortifications while some are besieged
/// there: the besiegers (§15). 0 if nobody is besieged.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::besiegers;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(5))?;
/// assert_eq!(besiegers(&game, Space::Metz), 0); // nobody inside
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn besiegers(game: &Game, space: Space) -> u8 {
    if !game.land_units_in(space).any(|(_, _, besieged)| besieged) {
        return 0;
    }
    game.land_units_in(space).filter(|&(_, _, besieged)| !besieged).map(|(_, units, _)| units.total()).sum()
}

/// Whether the besiegers of `space` still strictly outnumber the units
/// inside, cavalry counting on both sides (§15.3); `true` if nobody is
/// besieged there.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::siege_holds;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_besieged_units(Space::Metz, Faction::Independent, LandUnits::regulars(2))?;
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(2))?;
/// assert!(!siege_holds(&game, Space::Metz));
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(3))?;
/// assert!(siege_holds(&game, Space::Metz));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn siege_holds(game: &Game, space: Space) -> bool {
    let inside = units_inside(game, space);
    let any_inside = game.land_units_in(space).any(|(_, _, besieged)| besieged);
    !any_inside || besiegers(game, space) > inside
}

/// Whether `power` is besieging `space` (§15): its own units, or its
/// allied minors' regulars (§22.3: they besiege as the ally's own units),
/// are there, not besieged, in a fortified space whose controller stands
/// against it (an empty fortress is besieged too).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, MinorPower, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::is_besieging;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(3))?;
/// assert!(is_besieging(&game, Power::France, Space::Metz));
/// // Scottish regulars alone besiege for France once Scotland is its ally.
/// game.set_land_units(Space::Florence, Faction::Scotland, LandUnits::regulars(2))?;
/// assert!(!is_besieging(&game, Power::France, Space::Florence));
/// game.set_alliance(Power::France, MinorPower::Scotland, true)?;
/// assert!(is_besieging(&game, Power::France, Space::Florence));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_besieging(game: &Game, power: Power, space: Space) -> bool {
    let besieging = |f: Faction| !game.is_besieged(space, f) && !game.land_units(space, f).is_empty();
    game.is_fortified(space)
        && hostile_controlled(game, power, space)
        && (besieging(Faction::from(power)) || allied_minors(game, power).any(|m| besieging(m.into())))
}

/// Whether the power's units in `space` are held back this impulse (§13.1):
/// they lost a field battle earlier this impulse, or their power began
/// besieging the space this impulse.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::held_back;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!held_back(&game, Power::France, Space::Paris));
/// ```
pub fn held_back(game: &Game, power: Power, space: Space) -> bool {
    game.war.lost_battle[power.index()].contains(space)
        || (game.war.sieges_begun.contains(space) && is_besieging(game, power, space))
}

/// The power's own land units in `space` that may take part in a move or an
/// interception: not besieged (§15), not held back ([`held_back`]).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::free_units;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_besieged_units(Space::Paris, Faction::France, LandUnits::regulars(2))?;
/// assert_eq!(free_units(&game, Power::France, Space::Paris), LandUnits::NONE);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn free_units(game: &Game, power: Power, space: Space) -> LandUnits {
    let own = Faction::from(power);
    if game.is_besieged(space, own) || held_back(game, power, space) {
        LandUnits::NONE
    } else {
        game.land_units(space, own)
    }
}

/// The regulars of each minor power moving with a formation, by
/// [`MinorPower::index`]: minor powers have regulars only (§22.3).
pub(crate) type MinorUnits = [u8; MinorPower::COUNT];

/// No minor units.
pub(crate) const NO_MINORS: MinorUnits = [0; MinorPower::COUNT];

/// Every minor unit there is (a loss cap that does not limit).
pub(crate) const ALL_MINORS: MinorUnits = [u8::MAX; MinorPower::COUNT];

/// How many minor units `minors` holds.
pub(crate) fn minor_total(minors: &MinorUnits) -> u8 {
    minors.iter().fold(0u8, |sum, &n| sum.saturating_add(n))
}

/// The regulars of `power`'s allied minors in `space` that may move or
/// intercept with it (§22.3: they act as the ally's own units): not
/// besieged (§15), not held back with the ally's there ([`held_back`]).
pub(crate) fn free_minor_units(game: &Game, power: Power, space: Space) -> MinorUnits {
    let mut minors = NO_MINORS;
    if held_back(game, power, space) {
        return minors;
    }
    for m in allied_minors(game, power) {
        if !game.is_besieged(space, m.into()) {
            minors[m.index()] = game.land_units(space, m.into()).regulars;
        }
    }
    minors
}

/// Whether no interception at all may be tried against a formation of
/// `mover` entering `to` (§13.2): it enters an unbesieged friendly
/// fortified space, or a unit there is besieged.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::interception_barred;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(interception_barred(&game, Power::France, Space::Paris));
/// assert!(!interception_barred(&game, Power::France, Space::Orleans));
/// ```
pub fn interception_barred(game: &Game, mover: Power, to: Space) -> bool {
    let besieged_there = game.land_units_in(to).any(|(_, units, besieged)| besieged && !units.is_empty());
    besieged_there || (game.is_fortified(to) && is_friendly_faction(game, mover, game.controller(to)))
}

/// The spaces from which `interceptor`'s stacks may try to intercept a
/// formation of `mover` moving from `from` into `to` (§13.2): `interceptor`
/// is at war with `mover`; its free units stand next to `to` over a clear
/// connection, have not tried this impulse and are not held back; any units
/// already in `to` are its own or its allies'; the space's controller is
/// its own, independent, an enemy or an ally. Its allied minors' free
/// regulars intercept with it, alone or with its own units (§22.3). Empty when
/// [`interception_barred`], or when the interceptor may not stand in `to`
/// (§24.3, `two_player::may_stand`).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::interception_origins;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::Ottoman, Power::Hapsburg, true)?;
/// // The rulebook's example: Charles V in Graz may intercept Suleiman entering Vienna.
/// game.set_land_units(Space::Graz, Faction::Hapsburg, LandUnits::regulars(8))?;
/// let from = interception_origins(&game, Power::Ottoman, Space::Pressburg, Space::Vienna, Power::Hapsburg);
/// assert!(from.contains(Space::Graz));
/// // No interception of a formation entering its own unbesieged fortress.
/// game.set_land_units(Space::Graz, Faction::Ottoman, LandUnits::regulars(4))?;
/// let into = interception_origins(&game, Power::Hapsburg, Space::Linz, Space::Vienna, Power::Ottoman);
/// assert!(into.is_empty());
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn interception_origins(game: &Game, mover: Power, from: Space, to: Space, interceptor: Power) -> EnumSet<Space> {
    let mut origins = EnumSet::EMPTY;
    if interceptor == mover || !game.at_war(interceptor, mover) || interception_barred(game, mover, to) {
        return origins;
    }
    if !crate::rules::two_player::may_stand(game, interceptor, to) {
        return origins;
    }
    let only_friends = game.land_units_in(to).all(|(f, units, _)| {
        units.is_empty() || commander(game, f).is_some_and(|p| p == interceptor || game.allied(interceptor, p))
    });
    let controller = game.controller(to);
    let open = controller == Faction::Independent
        || match commander(game, controller) {
            Some(p) => p == interceptor || game.at_war(interceptor, p) || game.allied(interceptor, p),
            None => game.at_war(interceptor, controller),
        };
    if !only_friends || !open {
        return origins;
    }
    let tried = game.war.intercepted[interceptor.index()];
    for &space in to.connections() {
        let free = !free_units(game, interceptor, space).is_empty()
            || minor_total(&free_minor_units(game, interceptor, space)) > 0;
        if space != from && !tried.contains(space) && free {
            origins.insert(space);
        }
    }
    origins
}

/// The modifier of an interception or avoid-battle roll (§13.2, §13.3): the
/// best battle rating among the `leaders` trying, +1 for the Ottoman trying
/// with cavalry, -1 for another power facing a stack with Ottoman cavalry.
///
/// ```
/// use here_i_stand::{LandUnits, Leader, Power};
/// use here_i_stand::rules::battle::roll_modifier;
///
/// // Charles V intercepting Suleiman's army with cavalry: +2 - 1.
/// let ottoman = LandUnits { regulars: 7, mercenaries: 0, cavalry: 1 };
/// assert_eq!(roll_modifier(Power::Hapsburg, LandUnits::regulars(8), [Leader::CharlesV], Power::Ottoman, ottoman), 1);
/// ```
pub fn roll_modifier(
    power: Power,
    units: LandUnits,
    leaders: impl IntoIterator<Item = Leader>,
    facing: Power,
    facing_units: LandUnits,
) -> i8 {
    let mut modifier = best_battle_rating(leaders) as i8;
    if power == Power::Ottoman && units.cavalry > 0 {
        modifier += 1;
    }
    if power != Power::Ottoman && facing == Power::Ottoman && facing_units.cavalry > 0 {
        modifier -= 1;
    }
    modifier
}

/// Where `power`'s units leaving `from` may go when they retreat or avoid
/// battle (§13.3, §14.1, §15.3): an adjacent space (passes allowed) in play,
/// not in unrest, controlled by the power, an ally or an allied minor (never
/// independent), with no hostile land units, and not `barred` (the space a
/// moving enemy came from); in the two-player game, for the Papacy and the
/// Protestant, inside the German and Italian zones (§24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::retreat_spaces;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let spaces = retreat_spaces(&game, Power::France, Space::Paris, Some(Space::Rouen));
/// assert!(spaces.contains(Space::Orleans));
/// assert!(!spaces.contains(Space::Rouen));
/// ```
pub fn retreat_spaces(game: &Game, power: Power, from: Space, barred: Option<Space>) -> EnumSet<Space> {
    from.land_neighbours()
        .filter(|&s| {
            Some(s) != barred
                && game.in_play(s)
                && crate::rules::two_player::may_stand(game, power, s)
                && !crate::rules::movement::electorate_barred(game, power, s)
                && !game.in_unrest(s)
                && is_friendly_faction(game, power, game.controller(s))
                && !game.land_units_in(s).any(|(f, units, _)| !units.is_empty() && is_hostile(game, power, f))
        })
        .collect()
}

/// Whether the defenders of `space`, entered by `mover`, may withdraw into
/// its fortifications (§13.4): a fortified space whose controller stands
/// against the mover, with 1 to 4 hostile land units outside.
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::may_withdraw;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::England, true)?;
/// game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(2))?;
/// assert!(may_withdraw(&game, Power::France, Space::Calais));
/// game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(5))?;
/// assert!(!may_withdraw(&game, Power::France, Space::Calais));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_withdraw(game: &Game, mover: Power, space: Space) -> bool {
    let outside = hostile_outside(game, mover, space);
    game.is_fortified(space) && hostile_controlled(game, mover, space) && (1..=GARRISON_LIMIT).contains(&outside)
}

/// Field battle dice (§14 steps 2-3): one per land unit (cavalry too), the
/// best leader's battle rating, and one more for the defender.
///
/// ```
/// use here_i_stand::rules::battle::field_battle_dice;
/// // The Vienna example: Suleiman's 8 units, Charles's 10 defending.
/// assert_eq!(field_battle_dice(8, 2, false), 10);
/// assert_eq!(field_battle_dice(10, 2, true), 13);
/// ```
pub fn field_battle_dice(units: u8, best_rating: u8, defending: bool) -> u8 {
    units.saturating_add(best_rating).saturating_add(u8::from(defending))
}

/// Assault dice of the attacker (§15.1 step 3): cavalry excluded, one per
/// land unit if nobody defends inside, else one per two (rounded up); plus
/// the best leader's battle rating.
///
/// ```
/// use here_i_stand::LandUnits;
/// use here_i_stand::rules::battle::assault_attacker_dice;
/// // The Calais example: Francis's 6 regulars against 2 defenders.
/// assert_eq!(assault_attacker_dice(LandUnits::regulars(6), 1, true), 4);
/// assert_eq!(assault_attacker_dice(LandUnits { regulars: 3, mercenaries: 0, cavalry: 4 }, 0, false), 3);
/// ```
pub fn assault_attacker_dice(units: LandUnits, best_rating: u8, defenders_inside: bool) -> u8 {
    let n = units.regulars.saturating_add(units.mercenaries);
    let base = if defenders_inside { n.div_ceil(2) } else { n };
    base.saturating_add(best_rating)
}

/// Assault dice of the defender (§15.1 step 4): one per land unit inside
/// (cavalry excluded), the best leader's battle rating, plus one.
///
/// ```
/// use here_i_stand::LandUnits;
/// use here_i_stand::rules::battle::assault_defender_dice;
/// assert_eq!(assault_defender_dice(LandUnits::regulars(2), 0), 3);
/// assert_eq!(assault_defender_dice(LandUnits::NONE, 0), 1);
/// ```
pub fn assault_defender_dice(units: LandUnits, best_rating: u8) -> u8 {
    units.regulars.saturating_add(units.mercenaries).saturating_add(best_rating).saturating_add(1)
}

/// The losses each side takes (§14 step 9): one land unit per enemy hit;
/// if both sides would be wiped out, the side that rolled more dice keeps
/// one unit (the defender on equal dice). Returns (attacker's, defender's).
///
/// ```
/// use here_i_stand::rules::battle::battle_losses;
/// assert_eq!(battle_losses((3, 10), (5, 13), (4, 3)), (3, 4));
/// // Both wiped out: the defender rolled more dice and keeps one.
/// assert_eq!(battle_losses((2, 4), (2, 5), (3, 3)), (2, 1));
/// ```
pub fn battle_losses(attacker: (u8, u8), defender: (u8, u8), hits: (u8, u8)) -> (u8, u8) {
    let ((a_units, a_dice), (d_units, d_dice), (a_hits, d_hits)) = (attacker, defender, hits);
    let mut a_loss = d_hits.min(a_units);
    let mut d_loss = a_hits.min(d_units);
    if a_units > 0 && d_units > 0 && a_loss == a_units && d_loss == d_units {
        if a_dice > d_dice {
            a_loss -= 1;
        } else {
            d_loss -= 1;
        }
    }
    (a_loss, d_loss)
}

/// Whether `power` may assault `space` now (§15.1), CP aside: it besieges
/// the space, the siege holds and did not begin this impulse, the space was
/// not assaulted this impulse, it has a line of communication to it (§12.1),
/// the controller has no squadrons in an adjacent sea zone, and if the
/// controller has squadrons in the port the power has more in the adjacent
/// zones (corsairs ignored; each side counts its allied minors' squadrons).
///
/// ```
/// use here_i_stand::{Faction, Game, LandUnits, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::can_assault;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(3))?;
/// assert!(can_assault(&game, Power::France, Space::Metz));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn can_assault(game: &Game, power: Power, space: Space) -> bool {
    (!game.war.sieges_begun.contains(space) || roxelana_assault(game, power, space))
        && can_assault_new_siege(game, power, space)
}

/// [`can_assault`], a siege begun this impulse included (Scots Raid, #97:
/// "even on a fortified space not under siege at the start of the impulse").
/// Never where control may not change (§24.3, `two_player::control_may_change`).
pub fn can_assault_new_siege(game: &Game, power: Power, space: Space) -> bool {
    crate::rules::two_player::control_may_change(game, space)
        && is_besieging(game, power, space)
        && siege_holds(game, space)
        && !game.war.assaulted.contains(space)
        && naval_conditions(game, power, space)
        && loc::has_loc(game, power, space)
}

/// Whether an assault by `power` on `space` now would be Roxelana's free
/// one (#42): the Ottoman played it this impulse and has not used it, and
/// Suleiman (not kept back by Gout, #32) is in the space, so in the
/// assaulting formation. It costs no CP and may strike a siege begun this
/// impulse (§15.1's exception).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::roxelana_assault;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!roxelana_assault(&game, Power::Ottoman, Space::Belgrade));
/// ```
pub fn roxelana_assault(game: &Game, power: Power, space: Space) -> bool {
    game.war.roxelana
        && power == Power::Ottoman
        && game.leader_location(Leader::Suleiman) == crate::game::LeaderLocation::Space(space)
        && !game.war.gout.contains(Leader::Suleiman)
}

/// The naval conditions of an assault (§15.1).
fn naval_conditions(game: &Game, power: Power, space: Space) -> bool {
    let controller = game.controller(space);
    let defending =
        |f: Faction| f == controller || commander(game, controller).is_some_and(|c| commander(game, f) == Some(c));
    let attacking = |f: Faction| commander(game, f) == Some(power);
    let (mut defender_at_sea, mut attacker_at_sea, mut defender_in_port) = (0u8, 0u8, 0u8);
    for (location, faction, units) in game.naval_stacks() {
        match location {
            NavalLocation::Sea(zone) if space.ports().contains(&zone) => {
                if defending(faction) {
                    defender_at_sea += units.squadrons;
                } else if attacking(faction) {
                    attacker_at_sea += units.squadrons;
                }
            }
            NavalLocation::Port(p) if p == space && defending(faction) => defender_in_port += units.squadrons,
            _ => {}
        }
    }
    defender_at_sea == 0 && (defender_in_port == 0 || attacker_at_sea > defender_in_port)
}

/// Where leaders of `power` go when displaced (§12.5, used by §15.1 step
/// 11): the nearest fortified spaces the power controls that are not
/// besieged, and its capitals under friendly control and not besieged;
/// in the two-player game the Papacy and the Protestant only inside the
/// German and Italian zones (§24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::battle::displacement_spaces;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(displacement_spaces(&game, Power::France, Space::Paris).contains(Space::Paris));
/// ```
pub fn displacement_spaces(game: &Game, power: Power, from: Space) -> EnumSet<Space> {
    let own = Faction::from(power);
    let free = |s: Space| game.in_play(s) && !game.land_units_in(s).any(|(_, _, besieged)| besieged);
    let besieged_by_enemy = |s: Space| {
        besiegers(game, s) > 0 || game.land_units_in(s).any(|(f, u, _)| !u.is_empty() && is_hostile(game, power, f))
    };
    let (mut spaces, _) = nearest(from, Metric::LandAndSea, |s| {
        game.is_fortified(s)
            && game.controller(s) == own
            && free(s)
            && !besieged_by_enemy(s)
            && crate::rules::two_player::may_stand(game, power, s)
    });
    for &capital in crate::rules::winter::capitals(power) {
        if is_friendly_faction(game, power, game.controller(capital)) && free(capital) && !besieged_by_enemy(capital) {
            spaces.insert(capital);
        }
    }
    spaces
}

/// The units of `faction` left in `space` after losing one of `kind`, if
/// its counters can still show them (§5.2): a loss is offered only where it
/// leaves a stack the counters can show, unless none does.
pub(crate) fn loss_fits(game: &Game, faction: Faction, space: Space, kind: LandUnitKind) -> bool {
    let units = game.land_units(space, faction);
    if units.count(kind) == 0 {
        return false;
    }
    let less = minus(units, kind, 1);
    crate::rules::counters::fits_with(game, faction, space, less, LandUnits::NONE)
}

/// `units` less `n` of `kind` (saturating).
pub(crate) fn minus(units: LandUnits, kind: LandUnitKind, n: u8) -> LandUnits {
    let mut u = units;
    match kind {
        LandUnitKind::Regular => u.regulars = u.regulars.saturating_sub(n),
        LandUnitKind::Mercenary => u.mercenaries = u.mercenaries.saturating_sub(n),
        LandUnitKind::Cavalry => u.cavalry = u.cavalry.saturating_sub(n),
    }
    u
}

/// `a` and `b` together (saturating).
pub(crate) fn plus(a: LandUnits, b: LandUnits) -> LandUnits {
    LandUnits {
        regulars: a.regulars.saturating_add(b.regulars),
        mercenaries: a.mercenaries.saturating_add(b.mercenaries),
        cavalry: a.cavalry.saturating_add(b.cavalry),
    }
}

/// `a` less `b`, kind by kind (saturating).
pub(crate) fn less(a: LandUnits, b: LandUnits) -> LandUnits {
    LandUnits {
        regulars: a.regulars.saturating_sub(b.regulars),
        mercenaries: a.mercenaries.saturating_sub(b.mercenaries),
        cavalry: a.cavalry.saturating_sub(b.cavalry),
    }
}

/// Kind by kind, the smaller of `a` and `b`.
pub(crate) fn min_units(a: LandUnits, b: LandUnits) -> LandUnits {
    LandUnits {
        regulars: a.regulars.min(b.regulars),
        mercenaries: a.mercenaries.min(b.mercenaries),
        cavalry: a.cavalry.min(b.cavalry),
    }
}

/// The minor powers allied to `power` (their units fight with it, §22.3).
pub(crate) fn allied_minors(game: &Game, power: Power) -> impl Iterator<Item = MinorPower> + '_ {
    MinorPower::ALL.into_iter().filter(move |&m| game.minor_ally(m) == Some(power))
}
