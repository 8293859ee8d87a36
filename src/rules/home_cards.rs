//! Home-card events (§6.1, §21): the conditions and tables their
//! procedures read. Pure functions; the engine plays them in
//! `frames::home_cards` (Janissaries, #1, is in `rules::combat_cards`).

use crate::game::{Game, LeaderLocation};
use crate::types::{Faction, LanguageZone, Leader, Power, Ruler, Space, SpaceKind};

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
                s.is_fortified() && game.has_enemy_land_units(power, s)
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
                && s.home() == Faction::Hapsburg
                && game.in_play(s)
                && game.controller(s) == Faction::Hapsburg
                && !game.in_unrest(s)
                && !game.has_enemy_land_units(Power::Hapsburg, s)
        })
        .collect()
}

/// The modifier to the chateaux roll (§21.4, the French power card): +2
/// if France controls Milan, +1 Florence, +2 if it controls 3 keys of the
/// Italian zone; -1 if another power controls a French home space, -2 if
/// enemy land units stand in one.
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
