//! Lines of communication (§12.1) and the control and unrest actions that
//! need them (§12.2, §12.4).

use crate::game::{Game, NavalLocation};
use crate::sets::EnumSet;
use crate::types::{Faction, Power, SeaZone, Space, SpaceKind};

/// Whether `space` may be a source of a line of communication for `power`: a
/// friendly-controlled fortified space that is a home space of the power, of
/// one of its allies, or of a minor allied to one of its allies (§12.1).
pub fn is_loc_source(game: &Game, power: Power, space: Space) -> bool {
    if !game.is_fortified(space) || !game.is_friendly_controlled(power, space) {
        return false;
    }
    let home = game.home_of(space);
    if home == Faction::Independent {
        return false;
    }
    if game.is_friendly(power, home) {
        return true;
    }
    // A minor allied to one of the power's allies.
    home.minor().is_some_and(|minor| game.minor_ally(minor).is_some_and(|ally| game.allied(power, ally)))
}

/// Whether a line of communication may pass through `space` (every space of
/// the path but the destination): friendly-controlled, free of enemy units
/// and of unrest, and before the Schmalkaldic League not an electorate (§12.1).
pub fn is_loc_passable(game: &Game, power: Power, space: Space) -> bool {
    game.in_play(space)
        && game.is_friendly_controlled(power, space)
        && !game.in_unrest(space)
        && !game.has_enemy_units(power, space)
        && (game.schmalkaldic_league() || space.kind() != SpaceKind::Electorate)
}

/// Whether a line of communication may cross `zone`: friendly naval units
/// are in it and no enemy naval units (§12.1).
pub fn is_sea_passable(game: &Game, power: Power, zone: SeaZone) -> bool {
    let here = NavalLocation::Sea(zone);
    let mut friendly = false;
    for (location, faction, units) in game.naval_stacks() {
        if location != here || units.total() == 0 {
            continue;
        }
        if game.is_enemy(power, faction) {
            return false;
        }
        friendly |= game.is_friendly(power, faction);
    }
    friendly
}

/// Whether `power` has a line of communication to `target` (§12.1): a path
/// of spaces and sea zones from a source to the target, every step but the
/// target passable (the source too). Sea zones need friendly ships and are
/// entered and left through friendly ports.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::loc::has_loc};
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(has_loc(&game, Power::France, Space::Orleans));
/// assert!(!has_loc(&game, Power::France, Space::London));
/// ```
pub fn has_loc(game: &Game, power: Power, target: Space) -> bool {
    if is_loc_source(game, power, target) {
        return true;
    }
    // Breadth-first from the target over passable nodes until a source.
    let mut seen: EnumSet<Space> = EnumSet::EMPTY;
    let mut seen_seas: EnumSet<SeaZone> = EnumSet::EMPTY;
    let mut queue = [Node::Land(target); Space::COUNT + SeaZone::COUNT];
    let (mut head, mut tail) = (0, 1);
    seen.insert(target);
    while head < tail {
        let here = queue[head];
        head += 1;
        let mut push = |node: Node| {
            queue[tail] = node;
            tail += 1;
        };
        match here {
            Node::Land(space) => {
                if space != target && is_loc_source(game, power, space) {
                    return true;
                }
                // From the target, any adjacent node; from a path space, the same.
                for next in space.land_neighbours() {
                    if is_loc_passable(game, power, next) && seen.insert(next) {
                        push(Node::Land(next));
                    }
                }
                for &zone in space.ports() {
                    if is_sea_passable(game, power, zone) && seen_seas.insert(zone) {
                        push(Node::Sea(zone));
                    }
                }
            }
            Node::Sea(zone) => {
                for &port in zone.ports() {
                    if is_loc_passable(game, power, port) && seen.insert(port) {
                        push(Node::Land(port));
                    }
                }
                for &next in zone.adjacent() {
                    if is_sea_passable(game, power, next) && seen_seas.insert(next) {
                        push(Node::Sea(next));
                    }
                }
            }
        }
    }
    false
}

/// Whether `power` traces a line of communication over land from `target`
/// to one of its own fortified home spaces that is a source (§12.1) in at
/// most `steps` moves from space to space: Siege Artillery's limit (#35,
/// "4 or fewer land spaces"; ruling E10).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::loc::land_loc_within};
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(land_loc_within(&game, Power::France, Space::Orleans, 1));
/// assert!(!land_loc_within(&game, Power::France, Space::Orleans, 0));
/// ```
pub fn land_loc_within(game: &Game, power: Power, target: Space, steps: u8) -> bool {
    let own_source = |space: Space| is_loc_source(game, power, space) && game.home_of(space) == Faction::from(power);
    let mut frontier: EnumSet<Space> = [target].into_iter().collect();
    let mut seen = frontier;
    for _ in 0..steps {
        let mut next = EnumSet::EMPTY;
        for space in frontier {
            for n in space.land_neighbours() {
                if own_source(n) {
                    return true;
                }
                if is_loc_passable(game, power, n) && seen.insert(n) {
                    next.insert(n);
                }
            }
        }
        frontier = next;
    }
    false
}

/// A step of a path: a land space or a sea zone.
#[derive(Clone, Copy)]
enum Node {
    Land(Space),
    Sea(SeaZone),
}

/// Whether `power` may take control of `space` with the 1-CP action (§12.2):
/// an unfortified space, independent or enemy-controlled, in play, with no
/// land units of other non-allied powers in it, traced to by a line of
/// communication, and either occupied by the power's land units or adjacent
/// (not across a pass) to them with no enemy land units adjacent. In the
/// two-player game, only where control may change (§24.3,
/// `two_player::control_may_change`).
pub fn can_control(game: &Game, power: Power, space: Space) -> bool {
    can_control_among(game, power, space, &Surroundings::of(game, power))
}

/// [`can_control`] with the land units around found once (`around`).
pub(crate) fn can_control_among(game: &Game, power: Power, space: Space, around: &Surroundings) -> bool {
    let controller = game.controller(space);
    let hostile_or_independent = controller == Faction::Independent || game.is_enemy(power, controller);
    if game.is_fortified(space) || !game.in_play(space) || !hostile_or_independent || around.unfriendly.contains(space)
    {
        return false;
    }
    if !crate::rules::two_player::control_may_change(game, space) {
        return false;
    }
    around.occupies_or_dominates(space) && has_loc(game, power, space)
}

/// Where land units stand as one power sees them (§12.2), found in one
/// pass so that many spaces can be checked.
pub(crate) struct Surroundings {
    /// Spaces holding the power's own land units.
    own: EnumSet<Space>,
    /// Spaces holding land units of its enemies.
    enemy: EnumSet<Space>,
    /// Spaces holding land units of powers not friendly to it.
    unfriendly: EnumSet<Space>,
}

impl Surroundings {
    /// The land units around `power` now.
    pub(crate) fn of(game: &Game, power: Power) -> Surroundings {
        let own = Faction::from(power);
        let mut around = Surroundings { own: EnumSet::EMPTY, enemy: EnumSet::EMPTY, unfriendly: EnumSet::EMPTY };
        for (space, faction, units, _) in game.land_stack_tuples() {
            if faction == own && units.total() > 0 {
                around.own.insert(space);
            }
            if game.is_enemy(power, faction) {
                around.enemy.insert(space);
            }
            if units.total() > 0 && !game.is_friendly(power, faction) {
                around.unfriendly.insert(space);
            }
        }
        around
    }

    /// [`occupies_or_dominates`] for `space`.
    fn occupies_or_dominates(&self, space: Space) -> bool {
        if self.own.contains(space) {
            return true;
        }
        let neighbours = space.connections();
        neighbours.iter().any(|&s| self.own.contains(s)) && !neighbours.iter().any(|&s| self.enemy.contains(s))
    }
}

/// Whether `power` may remove unrest from `space` with the 1-CP action
/// (§12.4): the space is in unrest, and the power's land units occupy it, or
/// it is a Protestant home space and the Protestant acts before the
/// Schmalkaldic League, or the power's land units are adjacent (not across a
/// pass) with no enemy land units adjacent. No LOC is needed. In the
/// two-player game, also any space of the power's own religion, with no
/// adjacency (§24.3, `two_player::removes_unrest_anywhere`).
pub fn can_remove_unrest(game: &Game, power: Power, space: Space) -> bool {
    can_remove_unrest_among(game, power, space, &Surroundings::of(game, power))
}

/// [`can_remove_unrest`] with the land units around found once (`around`).
pub(crate) fn can_remove_unrest_among(game: &Game, power: Power, space: Space, around: &Surroundings) -> bool {
    if !game.in_unrest(space) {
        return false;
    }
    let protestant_home =
        power == Power::Protestant && space.home() == Faction::Protestant && !game.schmalkaldic_league();
    protestant_home
        || around.occupies_or_dominates(space)
        || crate::rules::two_player::removes_unrest_anywhere(game, power, space)
}

/// The power's land units are in `space`, or in a space joined to it by a
/// clear connection while no enemy land units are in any such space (§12.2).
/// Besieging and besieged units count alike.
pub fn occupies_or_dominates(game: &Game, power: Power, space: Space) -> bool {
    Surroundings::of(game, power).occupies_or_dominates(space)
}
