//! # here-i-stand
//!
//! A rules engine for the board game *Here I Stand* (GMT Games, 500th
//! Anniversary edition): the map, the cards, the scenarios, and the rules as
//! pure functions, for apps, hobby clients and bots.
//!
//! Rule citations (§N) follow the rulebook's numbering, as restated in the
//! project's rules digest.
//!
//! ```
//! use here_i_stand::{Game, Power, Scenario, Setup, Space};
//!
//! let game = Game::new(Setup::new(Scenario::Y1517, 1));
//! assert_eq!(game.turn(), 1);
//! assert!(Space::Paris.is_capital());
//! ```
//!
//! Features: `serde` (off by default) serializes `Game` and every vocabulary
//! type, by snake_case ids (`"control": {"paris": "france", ...}`). A `Game`
//! reads back only if it passes [`Game::validate`]; otherwise it is an error.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod action;
pub mod data;
mod decision;
mod dice;
mod display;
mod edit;
mod engine;
mod event;
mod events;
mod frames;
mod game;
mod observe;
mod rl;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_impl;
mod sets;
mod setup;
mod summary;
pub mod types;
mod validate;

pub use action::{Action, ActionIndex, ParseActionError};
pub use decision::{Decision, DecisionKind};
pub use dice::Dice;
pub use edit::EditError;
pub use engine::{ActionList, Decider, IllegalAction, Outcome};
pub use event::Event;
pub use game::{
    DebaterState, Game, LAST_TURN, LandUnits, LeaderLocation, NavalLocation, NavalUnits, ParseScenarioError,
    ReformerState, Scenario, Setup, electorate_regulars,
};
pub use observe::Observation;
pub use rl::BufferLengthError;
pub use rules::foreign_war::ForeignWar;
pub use sets::{EnumSet, Iter as EnumSetIter};
pub use types::*;
pub use validate::InvalidGame;

/// The random-number traits the API takes (`rand_core` 0.10): a caller
/// seeds a generator with [`rand_core::SeedableRng`] and passes any
/// [`rand_core::Rng`] (every `rand` 0.10 generator) to
/// [`Game::determinize`], without matching our versions by hand.
pub use rand_core;
/// The generator the engine rolls its dice with (`Pcg64Mcg`), for callers
/// that want the same one.
pub use rand_pcg;
