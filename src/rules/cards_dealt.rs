//! How many cards each power is dealt in the card draw phase (§4, §6.2; seed
//! page 002, "Раздача карт").
//!
//! The count is the last uncovered box of the power's key track (keys on the
//! map less keys in unrest, at least 1 card), or for the Protestant 5 with 4
//! or more electorates under its political control and 4 otherwise; plus the
//! ruler's card bonus; less one per "-1 card" marker. New World bonus cards
//! (§20.4) are drawn elsewhere and are not part of this count.

use crate::data::powers;
use crate::game::{Game, Scenario};
use crate::types::{Faction, Power, SpaceKind};

/// Electorates the Protestant must politically control to be dealt 5 base
/// cards instead of 4 (§4, seed 002).
pub const PROTESTANT_FIFTH_CARD_ELECTORATES: usize = 4;

/// The cards dealt to one power, part by part (§4, §6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardsDealt {
    /// Base cards: from the key track (at least 1), or for the Protestant
    /// 4 or 5 by electorates controlled.
    pub base: u8,
    /// The current ruler's card bonus (§3.3).
    pub ruler_bonus: u8,
    /// "-1 card" markers on the power card, an excommunicated ruler's
    /// included (§21.5: one per excommunication not yet lifted, kept when
    /// the ruler dies), and one per foreign war fought (§21.7).
    pub penalties: u8,
}

impl CardsDealt {
    /// Cards actually dealt: base plus bonus less penalties, never below 0.
    /// When the markers outnumber base and bonus together, the power is dealt
    /// no card at all (and the markers beyond the count are simply lost).
    ///
    /// ```
    /// use here_i_stand::rules::cards_dealt::CardsDealt;
    ///
    /// let dealt = CardsDealt { base: 1, ruler_bonus: 0, penalties: 3 };
    /// assert_eq!(dealt.total(), 0);
    /// ```
    pub const fn total(self) -> u8 {
        self.base.saturating_add(self.ruler_bonus).saturating_sub(self.penalties)
    }
}

/// The boxes uncovered on `power`'s key track: keys it controls less one per
/// such key in unrest (§4, §12.4). 0 for the Protestant, which has no keys.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::cards_dealt::keys_uncovered;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(keys_uncovered(&game, Power::Ottoman), 4);
/// game.set_unrest(Space::Athens, true)?;
/// assert_eq!(keys_uncovered(&game, Power::Ottoman), 3);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn keys_uncovered(game: &Game, power: Power) -> u8 {
    let keys = game.keys_controlled(power);
    let calm = keys.iter().filter(|&s| !game.in_unrest(s)).count();
    u8::try_from(calm).unwrap_or(u8::MAX)
}

/// Electorates the Protestant politically controls, whatever their religion
/// and whether or not in unrest (§4: "religion is irrelevant").
///
/// ```
/// use here_i_stand::{Faction, Game, Scenario, Setup, Space};
/// use here_i_stand::rules::cards_dealt::protestant_electorates;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_controller(Space::Wittenberg, Faction::Protestant)?;
/// assert_eq!(protestant_electorates(&game), 1);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn protestant_electorates(game: &Game) -> usize {
    game.spaces_controlled(Faction::Protestant).iter().filter(|s| s.kind() == SpaceKind::Electorate).count()
}

/// Whether `power` is dealt cards at all: in the two-player variant the
/// Ottoman, Hapsburg, England and France receive none (§24.3).
fn is_dealt(game: &Game, power: Power) -> bool {
    game.scenario() != Scenario::TwoPlayer || matches!(power, Power::Papacy | Power::Protestant)
}

/// The cards `power` is dealt this turn, part by part (§4, §6.2, seed 002).
/// All parts are 0 for a power that is not dealt cards (the four non-player
/// powers of the two-player variant, §24.3).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::cards_dealt::{cards_dealt_breakdown, CardsDealt};
///
/// // 1517: France holds 6 keys (3 cards) and Francis I has a card bonus.
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(
///     cards_dealt_breakdown(&game, Power::France),
///     CardsDealt { base: 3, ruler_bonus: 1, penalties: 0 },
/// );
/// ```
pub fn cards_dealt_breakdown(game: &Game, power: Power) -> CardsDealt {
    if !is_dealt(game, power) {
        return CardsDealt::default();
    }
    let base = match power {
        Power::Protestant if protestant_electorates(game) >= PROTESTANT_FIFTH_CARD_ELECTORATES => 5,
        Power::Protestant => 4,
        _ => powers::key_track_cards(power, keys_uncovered(game, power)).unwrap_or(1),
    };
    let excommunications = crate::rules::peace::liftable_excommunications(game, power).len() as u8;
    // One "-1 card" marker per foreign war the power is fighting (§21.7).
    let foreign_wars = crate::rules::foreign_war::card_markers(game, power);
    let penalties = game.card_penalties(power).saturating_add(excommunications).saturating_add(foreign_wars);
    CardsDealt { base, ruler_bonus: game.ruler(power).card_bonus(), penalties }
}

/// How many cards `power` is dealt this turn (§4, §6.2, seed 002): the
/// total of [`cards_dealt_breakdown`]. Never below 0: with more "-1 card"
/// markers than base cards and bonus together, the power is dealt nothing.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::cards_dealt::cards_dealt;
///
/// // 1517: the Ottoman holds 4 keys, which deal 3 cards; Suleiman has no bonus.
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(cards_dealt(&game, Power::Ottoman), 3);
/// ```
pub fn cards_dealt(game: &Game, power: Power) -> u8 {
    cards_dealt_breakdown(game, power).total()
}
