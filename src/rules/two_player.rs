//! The zone limits of the two-player variant (§24.3), each in one small
//! function that the rules needing it read: where political control may
//! change, where Papal and Protestant pieces may stand, who may remove
//! unrest where, who may build what, and which wars never end. Outside the
//! two-player game every function here allows what the other rules allow.

use crate::game::{Game, Scenario};
use crate::types::{Faction, LanguageZone, Phase, Power, Religion, Space};

/// Whether `space` lies in the German or the Italian language zone (§2.3),
/// the two zones the two-player game is fought in (§24.3).
///
/// ```
/// use here_i_stand::{Space, rules::two_player::in_german_or_italian_zone};
/// assert!(in_german_or_italian_zone(Space::Wittenberg));
/// assert!(in_german_or_italian_zone(Space::Rome));
/// assert!(!in_german_or_italian_zone(Space::Metz));
/// assert!(!in_german_or_italian_zone(Space::Paris));
/// ```
pub fn in_german_or_italian_zone(space: Space) -> bool {
    matches!(space.language(), Some(LanguageZone::German | LanguageZone::Italian))
}

/// Whether the two-player limits apply to `game` (§24.3).
fn two_player(game: &Game) -> bool {
    game.scenario() == Scenario::TwoPlayer
}

/// The two spaces outside the German and Italian zones whose political
/// control may still change in the two-player game (§24.3).
pub const BORDER_SPACES: [Space; 2] = [Space::Metz, Space::Liege];

/// The Papal home spaces that, once the Schmalkaldic League has formed in
/// the two-player game and while the Hapsburg holds them, no longer change
/// control (#13's two-player face, ruling TZ6).
pub const FROZEN_PAPAL_SPACES: [Space; 2] = [Space::Rome, Space::Ravenna];

/// Whether the political control of `space` may change (§24.3): in the
/// two-player game only in Metz, Liège and the German and Italian zones,
/// and, after the Schmalkaldic League, not in a Hapsburg-held Rome or
/// Ravenna (#13's two-player face). Always in the other scenarios.
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup, Space, rules::two_player::control_may_change};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(control_may_change(&two, Space::Liege));
/// assert!(control_may_change(&two, Space::Milan));
/// assert!(!control_may_change(&two, Space::Lyon));
/// let six = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(control_may_change(&six, Space::Lyon));
/// ```
pub fn control_may_change(game: &Game, space: Space) -> bool {
    if !two_player(game) {
        return true;
    }
    let frozen = game.schmalkaldic_league()
        && FROZEN_PAPAL_SPACES.contains(&space)
        && game.controller(space) == Faction::Hapsburg;
    (in_german_or_italian_zone(space) || BORDER_SPACES.contains(&space)) && !frozen
}

/// The player who decides for `power` (§24.3, "acting for invaders"): a
/// power that takes impulses decides for itself. In the two-player game,
/// in the action and winter phases, a non-player power at war with one
/// player is commanded by the other player (after the Schmalkaldic League
/// the Papacy commands the Hapsburg, at war with the Protestant); a power
/// at war with neither player, or with both, or in another phase, has no
/// seat and its choices follow fixed rules (ruling TP5).
///
/// ```
/// use here_i_stand::{Game, Phase, Power, Scenario, Setup, rules::two_player::seat};
/// let mut two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// two.set_phase(Phase::Action)?;
/// assert_eq!(seat(&two, Power::Papacy), Some(Power::Papacy));
/// assert_eq!(seat(&two, Power::France), None);
/// two.set_war(Power::France, Power::Papacy, true)?;
/// assert_eq!(seat(&two, Power::France), Some(Power::Protestant));
/// let six = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(seat(&six, Power::France), Some(Power::France));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn seat(game: &Game, power: Power) -> Option<Power> {
    if game.scenario().powers().contains(&power) {
        return Some(power);
    }
    if !two_player(game) || !matches!(game.phase(), Phase::Action | Phase::Winter) {
        return None;
    }
    match (game.at_war(power, Power::Papacy), game.at_war(power, Power::Protestant)) {
        (true, false) => Some(Power::Protestant),
        (false, true) => Some(Power::Papacy),
        _ => None,
    }
}

/// Whether `power`'s pieces may enter or stand in `space` (§24.3): in the
/// two-player game the Papal and Protestant land units (and the leaders
/// with them) never leave the German and Italian zones. Any other power,
/// any other scenario: anywhere the other rules allow.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::two_player::may_stand};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(may_stand(&two, Power::Papacy, Space::Florence));
/// assert!(!may_stand(&two, Power::Protestant, Space::Metz));
/// assert!(may_stand(&two, Power::France, Space::Metz));
/// ```
pub fn may_stand(game: &Game, power: Power, space: Space) -> bool {
    !(two_player(game) && matches!(power, Power::Papacy | Power::Protestant)) || in_german_or_italian_zone(space)
}

/// Whether `power` may remove the unrest of `space` wherever its land
/// units are (§24.3: no adjacency needed): in the two-player game the
/// Papacy from a space of Catholic religious influence, the Protestant
/// from one of Protestant influence. Never otherwise (the ordinary
/// conditions of §12.4 still apply, `loc::can_remove_unrest`).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::two_player::removes_unrest_anywhere};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(removes_unrest_anywhere(&two, Power::Papacy, Space::Florence));
/// assert!(!removes_unrest_anywhere(&two, Power::Protestant, Space::Florence));
/// let six = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!removes_unrest_anywhere(&six, Power::Papacy, Space::Florence));
/// ```
pub fn removes_unrest_anywhere(game: &Game, power: Power, space: Space) -> bool {
    let own = match power {
        Power::Papacy => Religion::Catholic,
        Power::Protestant => Religion::Protestant,
        _ => return false,
    };
    two_player(game) && game.religion(space) == own
}

/// Whether `power` may build units of `faction` at all (§24.3): in the
/// two-player game the Papacy builds only Papal and minor-power units, the
/// Protestant only its own (land units: it never builds ships, §17), and no
/// one builds for the other major powers. Always in the other scenarios
/// (§17's own conditions decide).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, rules::two_player::may_build_for};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(may_build_for(&two, Power::Papacy, Faction::Venice));
/// assert!(!may_build_for(&two, Power::Papacy, Faction::Hapsburg));
/// assert!(!may_build_for(&two, Power::France, Faction::France));
/// ```
pub fn may_build_for(game: &Game, power: Power, faction: Faction) -> bool {
    if !two_player(game) {
        return true;
    }
    match power {
        Power::Papacy => faction == Faction::Papacy || faction.minor().is_some(),
        Power::Protestant => faction == Faction::Protestant,
        _ => false,
    }
}

/// Whether the war between `a` and `b` may end (§24.3): in the two-player
/// game no war of the Protestant ends once the Schmalkaldic League has
/// formed, by any means. Always otherwise (§9.3's own limits apply).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, rules::two_player::war_may_end};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(war_may_end(&two, Power::Protestant, Power::Papacy), "no league yet");
/// ```
pub fn war_may_end(game: &Game, a: Power, b: Power) -> bool {
    let protestant = a == Power::Protestant || b == Power::Protestant;
    !(two_player(game) && game.schmalkaldic_league() && protestant)
}

/// Whether a player plays `power` (§24.3): in the two-player game only the
/// Papacy and the Protestant; every power in the other scenarios.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, rules::two_player::played};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert!(played(&two, Power::Papacy));
/// assert!(!played(&two, Power::France));
/// let six = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(played(&six, Power::France));
/// ```
pub fn played(game: &Game, power: Power) -> bool {
    game.scenario().powers().contains(&power)
}

/// The power that takes the War Winner VP (§9.3) that `winner` wins: in
/// the two-player game a power no one plays has no VP, and the Papacy's
/// peace with it gives them to the Protestant (§24.3, ruling TP2); every
/// other winner takes its own.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, rules::two_player::war_winner_vp_taker};
/// let two = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
/// assert_eq!(war_winner_vp_taker(&two, Power::France), Power::Protestant);
/// let six = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(war_winner_vp_taker(&six, Power::France), Power::France);
/// ```
pub fn war_winner_vp_taker(game: &Game, winner: Power) -> Power {
    if played(game, winner) { winner } else { Power::Protestant }
}
