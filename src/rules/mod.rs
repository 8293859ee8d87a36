//! The rules as pure functions over a borrowed position: no `&mut`, no dice.
//! A client can call them directly; the engine calls the same functions.

pub mod battle;
pub mod cards_dealt;
pub mod combat_cards;
pub mod construction;
pub mod counters;
mod deal_text;
pub mod debate;
pub mod diplomacy;
pub mod england;
pub mod events;
pub mod foreign_war;
pub mod home_cards;
pub mod loans;
pub mod loc;
pub mod minor;
pub mod movement;
pub mod naval;
pub mod naval_war;
pub mod negotiation;
pub mod new_world;
pub mod paths;
pub mod peace;
pub mod piracy;
pub mod religion;
pub mod spring;
pub mod two_player;
pub mod victory;
pub mod winter;
