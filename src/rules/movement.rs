//! Formations and land movement (§5.1, §13.1).

use crate::game::Game;
use crate::types::{Faction, Leader, LeaderKind, Power, Space};

/// The most land units a formation with these army leaders may hold (§5.1):
/// 4 with no leader, the command rating with one, the sum of the two
/// highest with more.
///
/// ```
/// use here_i_stand::{Leader, rules::movement::formation_limit};
/// assert_eq!(formation_limit([]), 4);
/// assert_eq!(formation_limit([Leader::Suleiman]), 12);
/// assert_eq!(formation_limit([Leader::Suleiman, Leader::Ibrahim]), 18);
/// ```
pub fn formation_limit(leaders: impl IntoIterator<Item = Leader>) -> u8 {
    let (mut best, mut second) = (0u8, 0u8);
    let mut any = false;
    for leader in leaders.into_iter().filter(|l| l.kind() == LeaderKind::Army) {
        any = true;
        let c = leader.command();
        if c > best {
            second = best;
            best = c;
        } else if c > second {
            second = c;
        }
    }
    if any { best + second } else { 4 }
}

/// Whether a formation of `power` may enter `to` without combat (§13.1):
/// the space is in play; its
/// controller is the power, independent, an ally or an enemy; no land units
/// of any other faction are in it unless all are allied (and none besieged);
/// an enemy-controlled fortified space cannot be entered (that is a siege,
/// which needs the war rules). Leaders alone may not enter enemy-controlled spaces.
pub fn can_enter_peacefully(game: &Game, power: Power, to: Space, with_units: bool) -> bool {
    if !game.in_play(to) || electorate_barred(game, power, to) {
        return false;
    }
    let controller = game.controller(to);
    let own = Faction::from(power);
    let enemy_controlled = game.is_enemy(power, controller);
    let may_enter =
        controller == own || controller == Faction::Independent || game.allied(power, controller) || enemy_controlled;
    if !may_enter || (enemy_controlled && (game.is_fortified(to) || !with_units)) {
        return false;
    }
    // Independent keys and inactive minors' fortified spaces are defended
    // (§22.1, §22.6): entering them needs the war rules.
    if game.is_fortified(to) && controller != own && !game.allied(power, controller) {
        return false;
    }
    game.land_units_in(to)
        .all(|(f, units, besieged)| units.total() == 0 || f == own || (game.allied(power, f) && !besieged))
        && !game.has_enemy_units(power, to)
}

/// Before the Schmalkaldic League no power but the Protestant may move or
/// retreat into an electorate (§21.6).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::movement::electorate_barred;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(electorate_barred(&game, Power::Hapsburg, Space::Mainz));
/// assert!(!electorate_barred(&game, Power::Hapsburg, Space::Vienna));
/// game.set_schmalkaldic_league(true)?;
/// assert!(!electorate_barred(&game, Power::Hapsburg, Space::Mainz));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn electorate_barred(game: &Game, power: Power, space: Space) -> bool {
    power != Power::Protestant && !game.schmalkaldic_league() && space.kind() == crate::types::SpaceKind::Electorate
}
