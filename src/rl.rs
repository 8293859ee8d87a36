//! An interface for reinforcement learning and search, over the public
//! game: the legal actions as a mask over action indexes
//! ([`Game::legal_action_mask`]), the returns of a game
//! ([`Game::returns`]) and an observation as a fixed-length vector of
//! numbers ([`Observation::encode`](crate::Observation::encode), [`Observation::LEN`](crate::Observation::LEN)).

use thiserror::Error;

use crate::action::Action;
use crate::engine::ActionList;
use crate::game::{Game, Scenario};
use crate::types::Power;

/// A buffer given to [`Game::legal_action_mask`] or
/// [`Observation::encode`](crate::Observation::encode) has the wrong length. Nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the buffer has {got} entries; it needs exactly {expected}")]
pub struct BufferLengthError {
    /// The length needed: [`Action::COUNT`] or [`Observation::LEN`](crate::Observation::LEN).
    pub expected: usize,
    /// The length given.
    pub got: usize,
}

/// Checks that `got` entries are exactly `expected`.
pub(crate) fn check_length(expected: usize, got: usize) -> Result<(), BufferLengthError> {
    if got == expected { Ok(()) } else { Err(BufferLengthError { expected, got }) }
}

impl Scenario {
    /// The powers the players control, in impulse order: all six in the
    /// 1517 and 1532 scenarios; the Papacy and the Protestant in the
    /// two-player variant (§24.3), where every other power acts by fixed
    /// rules and never decides.
    pub fn powers(self) -> &'static [Power] {
        match self {
            Scenario::TwoPlayer => &[Power::Papacy, Power::Protestant],
            Scenario::Y1517 | Scenario::Y1532 | Scenario::Tournament => &Power::ALL,
        }
    }
}

impl Game {
    /// Writes the legal actions as a mask over action indexes: `mask[i]` is
    /// true exactly when `Action::from_index(i)` is among
    /// [`Game::legal_actions`]. All false when the game is over, or when
    /// nothing is pending (a position built with the editing API, before
    /// [`Game::run_automatic`]). Returns how many actions are legal.
    ///
    /// `mask` must have exactly [`Action::COUNT`] entries; otherwise the
    /// result is a [`BufferLengthError`] and `mask` is untouched. Allocates
    /// nothing (the listing stays in an inline [`ActionList`]).
    ///
    /// ```
    /// use here_i_stand::{Action, Game, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut mask = vec![false; Action::COUNT];
    /// let legal = game.legal_action_mask(&mut mask).unwrap();
    /// assert_eq!(legal, game.legal_actions().len());
    /// assert!(game.legal_action_mask(&mut [false; 3]).is_err());
    /// ```
    pub fn legal_action_mask(&self, mask: &mut [bool]) -> Result<usize, BufferLengthError> {
        check_length(Action::COUNT, mask.len())?;
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        mask.fill(false);
        for action in &list {
            if let Some(slot) = mask.get_mut(action.index() as usize) {
                *slot = true;
            }
        }
        Ok(list.len())
    }

    /// The returns of the game, by [`Power::index`]: 1 for the winner (the
    /// [`Outcome`](crate::Outcome)'s `winner`, §23), 0 for every other
    /// power (those not played in the scenario included). Before the end
    /// every entry is 0: there is no partial score.
    pub fn returns(&self) -> [f32; Power::COUNT] {
        let mut returns = [0.0; Power::COUNT];
        if let Some(outcome) = self.outcome() {
            returns[outcome.winner.index()] = 1.0;
        }
        returns
    }

    /// The returns by player ([`crate::Player::index`], §3.1): 1 for the
    /// player holding the winning power (ruling PL5), 0 for the others and
    /// for the entries past [`crate::Players::count`].
    ///
    /// ```
    /// use here_i_stand::{Game, Players, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1).with_players(Players::standard(3)?)?);
    /// assert_eq!(game.player_returns(), [0.0; 6]); // not over yet
    /// # Ok::<(), here_i_stand::PlayersError>(())
    /// ```
    pub fn player_returns(&self) -> [f32; Power::COUNT] {
        let mut returns = [0.0; Power::COUNT];
        if let Some(outcome) = self.outcome() {
            returns[self.player_of(outcome.winner).index()] = 1.0;
        }
        returns
    }
}
