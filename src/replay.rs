//! A compact record of a game: its setup and the index of each action
//! taken ([`Replay`]), and [`Game::replay`], which plays it back and names
//! the first action that does not apply.
//!
//! ```
//! use here_i_stand::{Game, Replay, Scenario, Setup};
//!
//! let setup = Setup::new(Scenario::TwoPlayer, 5);
//! let mut game = Game::new(setup);
//! let mut replay = Replay::new(setup);
//! for _ in 0..20 {
//!     let action = game.legal_actions()[0];
//!     game.apply(action).unwrap();
//!     replay.push(action);
//! }
//! assert_eq!(Game::replay(&replay).unwrap(), game);
//! ```
//!
//! With the `serde` feature a replay is JSON:
//! `{"format_version":1,"action_count":5080,"setup":{..},"actions":[..]}`.
//! `action_count` is [`Action::COUNT`] of the engine that wrote it: action
//! indexes are positions in the engine's action vocabulary, so a replay
//! written by an engine with another vocabulary is refused when read.

use crate::action::{Action, ActionIndex};
use crate::engine::IllegalAction;
use crate::game::{Game, Setup};

/// A game as its setup and the indexes (`Action::index`) of its actions,
/// in order. Built with [`Replay::new`] and [`Replay::push`], or from
/// its fields; played back with [`Game::replay`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replay {
    /// The scenario, seed and options the game started from.
    pub setup: Setup,
    /// The actions taken, as indexes into the action vocabulary.
    pub actions: Vec<ActionIndex>,
}

impl Replay {
    /// An empty record of a game started from `setup`.
    pub fn new(setup: Setup) -> Replay {
        Replay { setup, actions: Vec::new() }
    }

    /// Records the next action taken.
    pub fn push(&mut self, action: Action) {
        self.actions.push(action.index());
    }
}

/// Why a replay does not play back: which action, counted from 0, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The index names no action of this engine's vocabulary.
    #[error("action {at}: index {index} is not an action (there are {} actions)", Action::COUNT)]
    UnknownIndex {
        /// The position of the action in the replay.
        at: usize,
        /// The index found there.
        index: ActionIndex,
    },
    /// The action is not legal in the position the earlier actions reach.
    #[error("action {at} ({action}) does not apply: {error}")]
    Illegal {
        /// The position of the action in the replay.
        at: usize,
        /// The action.
        action: Action,
        /// Why `apply` refused it.
        error: IllegalAction,
    },
}

impl Game {
    /// Plays a replay back from `Game::new(replay.setup)`: the game after
    /// its last action, or the first action that does not apply.
    pub fn replay(replay: &Replay) -> Result<Game, ReplayError> {
        let mut game = Game::new(replay.setup);
        for (at, &index) in replay.actions.iter().enumerate() {
            let action = Action::from_index(index).ok_or(ReplayError::UnknownIndex { at, index })?;
            game.apply(action).map_err(|error| ReplayError::Illegal { at, action, error })?;
        }
        Ok(game)
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

    use super::Replay;
    use crate::action::{Action, ActionIndex};
    use crate::game::{Game, Setup};

    /// The JSON mirror of a replay.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ReplayRepr {
        #[serde(default)]
        format_version: u32,
        action_count: usize,
        setup: Setup,
        actions: Vec<ActionIndex>,
    }

    impl Serialize for Replay {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            ReplayRepr {
                format_version: Game::SAVE_FORMAT_VERSION,
                action_count: Action::COUNT,
                setup: self.setup,
                actions: self.actions.clone(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Replay {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Replay, D::Error> {
            let repr = ReplayRepr::deserialize(deserializer)?;
            if repr.format_version != Game::SAVE_FORMAT_VERSION {
                return Err(de::Error::custom(format_args!(
                    "this replay has format version {}; this engine reads version {}",
                    repr.format_version,
                    Game::SAVE_FORMAT_VERSION
                )));
            }
            if repr.action_count != Action::COUNT {
                return Err(de::Error::custom(format_args!(
                    "this replay was written by an engine with {} actions; this one has {}, so its indexes differ",
                    repr.action_count,
                    Action::COUNT
                )));
            }
            Ok(Replay { setup: repr.setup, actions: repr.actions })
        }
    }
}
