#![doc = include_str!("../README.md")]
//!
//! ## Features
//!
//! `serde` (off by default) serializes `Game` and every vocabulary type, by
//! snake_case ids (`"control": {"paris": "france", ...}`). A `Game` reads
//! back only if it passes [`Game::validate`]; otherwise it is an error.
//! Rule citations (§N) follow the rulebook's numbering.
//!
//! ## The text notation
//!
//! Every [`Action`] has a short text form, its `Display`, which
//! [`str::parse`] reads back (`Action::from_str`), and an English form,
//! [`Action::describe`], which [`Action::from_description`] reads back.
//! The notation's grammar:
//!
//! ```text
//! action := verb | verb " " object
//! verb   := a snake_case word: pass, play_cp, move_to, add_unit, ...
//! object := the snake_case id of what the verb takes: a card
//!           (janissaries), a space (orleans), a sea zone (gulf_of_lyon),
//!           a power (france), a leader, debater, reformer, unit kind
//!           (regular), language zone (german), ...
//! ```
//!
//! Each verb takes no object or exactly one, of one type; ids are those of
//! the vocabulary types (`Space::id`, `Card::id`...). Whitespace between
//! the two words may be any run of spaces; nothing else is accepted.
//!
//! ```
//! use here_i_stand::{Action, Card, LandUnitKind, Space};
//!
//! assert_eq!("pass".parse(), Ok(Action::Pass));
//! assert_eq!("play_cp janissaries".parse(), Ok(Action::PlayCp(Card::Janissaries)));
//! assert_eq!("move_to orleans".parse(), Ok(Action::MoveTo(Space::Orleans)));
//! assert_eq!("add_unit regular".parse(), Ok(Action::AddUnit(LandUnitKind::Regular)));
//! assert_eq!(Action::MoveTo(Space::Orleans).to_string(), "move_to orleans");
//! assert_eq!(Action::MoveTo(Space::Orleans).describe(), "move to Orléans");
//! assert_eq!(Action::from_description("move to Orléans"), Ok(Action::MoveTo(Space::Orleans)));
//! assert!("move_to".parse::<Action>().is_err()); // the object is missing
//! assert!("pass now".parse::<Action>().is_err()); // pass takes none
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// rustdoc lists `Game`'s methods in the order of these modules: creating
// a game and the game loop first, then reading it, the editing API last.
// (Blank lines keep rustfmt from sorting the groups together.)
mod engine;

mod game;

mod decision;
mod encoding;
mod observe;
mod perft;
mod players;
mod refusal;
mod replay;
mod rl;
mod seen;
mod summary;
mod validate;
mod zobrist;

pub mod action;
pub mod data;
mod dice;
mod display;
mod event;
mod events;
mod frames;
pub mod rules;
#[cfg(feature = "serde")]
mod serde_impl;
mod sets;
mod setup;
#[cfg(feature = "svg")]
mod svg;
pub mod types;

mod edit;

pub use action::{Action, ActionIndex, ParseActionError};
pub use decision::{Decision, DecisionKind};
pub use dice::Dice;
pub use edit::EditError;
pub use encoding::{Block, CompactBlock};
pub use engine::{ActionList, Decider, IllegalAction, Outcome};
pub use event::Event;
pub use game::{
    DebaterState, Game, LAST_TURN, LandStack, LandUnits, LeaderLocation, NavalLocation, NavalUnits, ParseScenarioError,
    ReformerState, Scenario, Setup, electorate_regulars,
};
pub use observe::Observation;
pub use players::{Player, Players, PlayersError};
pub use refusal::{Ineligible, Refusal};
pub use replay::{Replay, ReplayError};
pub use rl::BufferLengthError;
pub use rules::foreign_war::ForeignWar;
pub use seen::{SeenAction, SeenBy};
pub use sets::{EnumSet, Iter as EnumSetIter};
#[cfg(feature = "svg")]
pub use svg::SvgOptions;
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
