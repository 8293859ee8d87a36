//! Serde for [`Observation`] (feature `serde`): the view a server sends to
//! one player's client. It holds the public position, the viewer's own
//! hand, every hand's size, the cards the viewer may know to be in other
//! hands (home cards, cards it saw in secret), and the set of cards it
//! cannot place (`unseen`: in other hands or the deck, which the viewer
//! can work out for itself); no hidden hand, no deck order, no dice
//! generator. Reading it checks the board's shape and invariants, filled
//! in with the unseen cards, and that the board shows only what the viewer
//! sees.
//!
//! ```
//! use here_i_stand::{Game, Observation, Power, Scenario, Setup};
//!
//! let game = Game::new(Setup::new(Scenario::Y1517, 3));
//! let view = game.observation(Power::France);
//! let json = serde_json::to_string(&view).unwrap();
//! assert_eq!(serde_json::from_str::<Observation>(&json).unwrap(), view);
//! ```

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use super::{GameRepr, ReprError, Table, set_of};
use crate::game::Game;
use crate::observe::{DipView, Observation, Observed};
use crate::types::{Card, Power};

/// The mirror of an [`Observation`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObservationRepr {
    /// The save format of `board`, [`Game::SAVE_FORMAT_VERSION`].
    format_version: u32,
    viewer: Power,
    hand_sizes: Table<Power, u8>,
    unseen: Vec<Card>,
    dip_hand_sizes: Table<Power, u8>,
    dip_unseen: Vec<Card>,
    /// The public position with the viewer's hand (a save's fields).
    board: GameRepr,
}

impl Serialize for Observation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let hand_sizes = Power::ALL.map(|p| self.hand_size(p));
        let dip_sizes = Power::ALL.map(|p| self.dip_hand_size(p));
        ObservationRepr {
            format_version: Game::SAVE_FORMAT_VERSION,
            viewer: self.viewer(),
            hand_sizes: Table::of(&hand_sizes),
            unseen: self.unseen().iter().collect(),
            dip_hand_sizes: Table::of(&dip_sizes),
            dip_unseen: self.dip_unseen().iter().collect(),
            board: GameRepr::from(self.board()),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Observation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Observation, D::Error> {
        ObservationRepr::deserialize(deserializer)?.into_observation().map_err(de::Error::custom)
    }
}

impl ObservationRepr {
    fn into_observation(self) -> Result<Observation, ReprError> {
        if self.format_version != Game::SAVE_FORMAT_VERSION {
            return Err(ReprError::Version { found: self.format_version });
        }
        let observed = Observed {
            viewer: self.viewer,
            hand_sizes: self.hand_sizes.into_array("hand_sizes")?,
            unseen: set_of(self.unseen, "unseen")?,
            dip: DipView {
                sizes: self.dip_hand_sizes.into_array("dip_hand_sizes")?,
                unseen: set_of(self.dip_unseen, "dip_unseen")?,
            },
        };
        let mut board = self.board.into_unchecked()?;
        // Every card the viewer cannot see, dealt to the hands short of
        // their size and the deck: a whole game, checked as a save is.
        let whole = board.filled_in(observed);
        whole.validate()?;
        board.observed = Some(observed);
        let view = Observation::from_parts(observed, board);
        if whole.observation(observed.viewer) != view {
            return Err(ReprError::Observation);
        }
        Ok(view)
    }
}
