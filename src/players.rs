//! Who holds which power: the games of three to five players (§3.1), in
//! which some players control two major powers (three for one player of
//! three, if a group so agrees).
//!
//! The rulebook's §3.1 only names these games; their text (the Scenario
//! Book's "Games with 3 to 5 players") could not be found (ruling PL1).
//! What is built is what the rules make certain: each power keeps its own
//! hand, impulses and VP exactly as in the six-player game (PL2); one
//! player's powers are never at war with each other (PL3) and make no
//! deals with each other (PL4); the player whose power wins wins (PL5).

use core::fmt;

use thiserror::Error;

use crate::game::Scenario;
use crate::sets::EnumSet;
use crate::types::Power;

/// A player at the table: 0 to `Players::count() - 1`, numbered in the
/// order of the first power each holds in impulse order (§11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(u8);

impl Player {
    /// The player's number, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// Who holds which power: every one of the six powers is held by exactly
/// one player, and every player holds at least one power.
///
/// ```
/// use here_i_stand::{Players, Power};
///
/// let three = Players::standard(3)?;
/// assert_eq!(three.count(), 3);
/// assert!(three.same_player(Power::England, Power::Protestant));
/// assert!(three.same_player(Power::Hapsburg, Power::Papacy));
/// assert!(three.same_player(Power::France, Power::Ottoman));
/// assert!(!three.same_player(Power::England, Power::France));
/// assert!(Players::standard(7).is_err());
/// # Ok::<(), here_i_stand::PlayersError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Players {
    /// The player of each power, by [`Power::index`].
    of: [u8; Power::COUNT],
}

/// Why an assignment of powers to players was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlayersError {
    /// The standard assignments are for 3, 4, 5 or 6 players.
    #[error("there is no standard assignment for {0} players: 3, 4, 5 or 6")]
    Count(usize),
    /// A power is held by no player.
    #[error("{0} is held by no player")]
    Unheld(Power),
    /// A power is held by two players.
    #[error("{0} is held by two players")]
    HeldTwice(Power),
    /// A player holds no power.
    #[error("a player holds no power")]
    EmptyPlayer,
    /// The two-player variant has its own sides (§24.3).
    #[error("the two-player variant seats two players by its own rules")]
    TwoPlayer,
    /// One player would hold two powers at war with each other when the
    /// scenario begins, or that the Schmalkaldic League sets at war (the
    /// Protestant with the Hapsburg or the Papacy, §21.6): one player's
    /// powers are never at war with each other (ruling PL3).
    #[error("one player cannot hold both {0} and {1}: they are or will be at war")]
    Enemies(Power, Power),
}

/// The standard assignments (ruling PL1): three players England +
/// Protestant, Hapsburg + Papacy, France + Ottoman; four players England +
/// Protestant, Hapsburg + Papacy, France, Ottoman; five players England +
/// Protestant and the four others alone.
const STANDARD_3: &[&[Power]] =
    &[&[Power::Ottoman], &[Power::Hapsburg, Power::Papacy], &[Power::England, Power::Protestant]];

impl Players {
    /// Six players, one power each: the standard game.
    pub const SIX: Players = Players { of: [0, 1, 2, 3, 4, 5] };

    /// The standard assignment for `count` players (3 to 6; ruling PL1).
    pub fn standard(count: usize) -> Result<Players, PlayersError> {
        use Power::*;
        let groups: &[&[Power]] = match count {
            3 => &[&[Ottoman, France], STANDARD_3[1], STANDARD_3[2]],
            4 => &[&[Ottoman], STANDARD_3[1], STANDARD_3[2], &[France]],
            5 => &[&[Ottoman], &[Hapsburg], STANDARD_3[2], &[France], &[Papacy]],
            6 => return Ok(Players::SIX),
            _ => return Err(PlayersError::Count(count)),
        };
        Players::from_groups(groups)
    }

    /// The assignment a group agrees on: each inner list is one player's
    /// powers. Every power must be held by exactly one player, and no
    /// player holds the Protestant with the Hapsburg or the Papacy (the
    /// League sets them at war, ruling PL3).
    ///
    /// ```
    /// use here_i_stand::{Players, PlayersError, Power::*};
    ///
    /// let two_alone = Players::from_groups(&[
    ///     &[Ottoman, France],
    ///     &[Hapsburg],
    ///     &[England, Protestant],
    ///     &[Papacy],
    /// ])?;
    /// assert_eq!(two_alone.count(), 4);
    /// let bad = Players::from_groups(&[&[Ottoman, Hapsburg, England, France], &[Papacy, Protestant]]);
    /// assert_eq!(bad, Err(PlayersError::Enemies(Papacy, Protestant)));
    /// # Ok::<(), PlayersError>(())
    /// ```
    pub fn from_groups(groups: &[&[Power]]) -> Result<Players, PlayersError> {
        let mut of = [u8::MAX; Power::COUNT];
        for (player, powers) in groups.iter().enumerate() {
            if powers.is_empty() {
                return Err(PlayersError::EmptyPlayer);
            }
            for &power in powers.iter() {
                if of[power.index()] != u8::MAX {
                    return Err(PlayersError::HeldTwice(power));
                }
                of[power.index()] = player as u8;
            }
        }
        Players::from_array(of)
    }

    /// Checks an assignment given as the player of each power: the players
    /// are renumbered in impulse order of their first power.
    pub(crate) fn from_array(of: [u8; Power::COUNT]) -> Result<Players, PlayersError> {
        if let Some(power) = Power::ALL.into_iter().find(|p| of[p.index()] == u8::MAX) {
            return Err(PlayersError::Unheld(power));
        }
        // Renumber: the player of the Ottoman is 0, the next new one 1, ...
        let mut renumber = [u8::MAX; 256];
        let mut next = 0u8;
        let mut players = Players { of: [0; Power::COUNT] };
        for power in Power::ALL {
            let old = of[power.index()] as usize;
            if renumber[old] == u8::MAX {
                renumber[old] = next;
                next += 1;
            }
            players.of[power.index()] = renumber[old];
        }
        for (a, b) in [(Power::Hapsburg, Power::Protestant), (Power::Papacy, Power::Protestant)] {
            if players.same_player(a, b) {
                return Err(PlayersError::Enemies(a, b));
            }
        }
        Ok(players)
    }

    /// The player of each power, by [`Power::index`] (for saves).
    #[cfg(feature = "serde")]
    pub(crate) fn to_array(self) -> [u8; Power::COUNT] {
        self.of
    }

    /// How many players.
    pub fn count(self) -> usize {
        self.of.iter().copied().max().map_or(0, |m| usize::from(m) + 1)
    }

    /// Every player, in order.
    pub fn players(self) -> impl Iterator<Item = Player> {
        (0..self.count() as u8).map(Player)
    }

    /// The player who holds `power`.
    pub fn player_of(self, power: Power) -> Player {
        Player(self.of[power.index()])
    }

    /// The powers `player` holds (empty for a player not at the table).
    pub fn powers_of(self, player: Player) -> EnumSet<Power> {
        Power::ALL.into_iter().filter(|p| self.of[p.index()] == player.0).collect()
    }

    /// Whether one player holds both `a` and `b` (a power and itself included).
    pub fn same_player(self, a: Power, b: Power) -> bool {
        self.of[a.index()] == self.of[b.index()]
    }

    /// Whether some player holds more than one power.
    pub fn shares_powers(self) -> bool {
        self.count() < Power::COUNT
    }

    /// Whether this assignment may play `scenario` (ruling PL3): the
    /// two-player variant seats its own sides; the opening wars of 1517
    /// (Hapsburg-France, France-Papacy) and 1532 (Ottoman-Hapsburg, the
    /// Protestant's) never fall within one player.
    pub fn check_scenario(self, scenario: Scenario) -> Result<(), PlayersError> {
        if scenario == Scenario::TwoPlayer {
            return if self.shares_powers() { Err(PlayersError::TwoPlayer) } else { Ok(()) };
        }
        let wars: &[(Power, Power)] = match scenario {
            Scenario::Y1517 => &[(Power::Hapsburg, Power::France), (Power::France, Power::Papacy)],
            _ => &[(Power::Ottoman, Power::Hapsburg)],
        };
        match wars.iter().find(|&&(a, b)| self.same_player(a, b)) {
            Some(&(a, b)) => Err(PlayersError::Enemies(a, b)),
            None => Ok(()),
        }
    }
}

impl Default for Players {
    fn default() -> Players {
        Players::SIX
    }
}

/// Saved as the player of each power by power id; a save that is no
/// assignment (a power unheld, a player holding enemies) is refused.
#[cfg(feature = "serde")]
mod serde_players {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Players;

    impl Serialize for Players {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.to_array().serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Players {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Players, D::Error> {
            let of = <[u8; 6]>::deserialize(deserializer)?;
            Players::from_array(of).map_err(D::Error::custom)
        }
    }
}
