//! The integration tests, one binary: every rule family's tests through
//! the public API, one module per family (issue #19: one test binary, so a
//! fresh `cargo test` links once instead of once per file). The helpers
//! they share are in `common`. `alloc.rs` stays a binary of its own: it
//! installs a counting global allocator, which other tests running in
//! parallel threads would disturb.

mod common;

mod acting_for;
mod alliances;
#[cfg(feature = "svg")]
mod board_pixels;
#[cfg(feature = "svg")]
mod board_svg;

mod card_text;
mod cards;
mod cards_dealt;
mod combat_cards;
mod counters;
mod debate;
mod decision;
mod diplomacy;
mod diplomacy_events;
mod diplomatic;
mod edit;
mod engine;
mod england;
mod events;
mod events_more;
mod events_raids;
mod events_religion;
mod events_war;
mod examples;
mod foreign_wars;
mod golden;
mod home_cards;
mod invariants;
mod invasions;
mod land_war;
mod loans;
mod map;
mod minor;
mod naval;
mod naval_war;
mod negotiation;
mod new_world;
mod observation_context;
mod observation_serde;
mod package;
mod peace;
mod perft;
mod play_tmux;
mod players;
mod playouts;
mod readable;
mod reformation;
mod refusals;
mod replay;
mod response_windows;
mod responses;
mod rl;
mod robustness;
mod secret_log;
mod serde;
mod setup;
mod spring;
mod spring_events;
mod tournament;
mod two_player;
mod two_player_peace;
mod victory;
mod vocabulary;
mod winter;
mod winter_phase;
