//! Events of the powers' politics (§3.3, §21): the new rulers #10 Clement
//! VII, #14 Paul III, #20 Henry II, #22 Julius III; #12 Master of Italy,
//! #113 Imperial Coronation, #114 La Forêt's Embassy in Istanbul. Their
//! pure rules are in `rules::events`.

use super::{CardEvent, Forced, Leaves, always};
use crate::engine::{Log, impulse_powers};
use crate::event::Event;
use crate::game::{Game, LeaderLocation};
use crate::rules::events as rules;
use crate::types::{Card, Leader, Power, Ruler};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent {
        card: Card::ClementVii,
        playable: always,
        resolve: |game, _, log| game.new_ruler(Ruler::ClementVii, log),
        leaves: Leaves::Printed,
        forced: Some(Forced { deadline: |_| Some(2), power: Power::Papacy }),
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::PaulIii,
        playable: always,
        resolve: |game, _, log| game.new_ruler(Ruler::PaulIii, log),
        leaves: Leaves::Printed,
        forced: Some(Forced { deadline: |_| Some(4), power: Power::Papacy }),
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::JuliusIii,
        playable: always,
        resolve: |game, _, log| game.new_ruler(Ruler::JuliusIii, log),
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::HenryIi,
        playable: always,
        resolve: henry_ii,
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::MasterOfItaly,
        playable: always,
        resolve: master_of_italy,
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::ImperialCoronation,
        playable: always,
        resolve: imperial_coronation,
        // Removed if cards are drawn (#113).
        leaves: Leaves::If(|game, power| !rules::imperial_coronation_draws(game, power).is_empty()),
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::LaForetsEmbassyInIstanbul,
        playable: always,
        resolve: la_foret,
        // Removed if cards are drawn (#114).
        leaves: Leaves::If(|game, _| !rules::la_foret_draws(game).is_empty()),
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
];

/// #20 Henry II: Francis I dies; Henry II rules France and is placed in
/// Paris or in Francis's space (France chooses); Francis leaves the game.
fn henry_ii(game: &mut Game, _: Power, log: &mut dyn Log) {
    let spaces = rules::henry_ii_spaces(game);
    if game.leader_location(Leader::FrancisI) != LeaderLocation::Removed {
        game.leaders[Leader::FrancisI.index()] = LeaderLocation::Removed;
        log.event(Event::LeaderRemoved(Leader::FrancisI));
    }
    game.new_ruler(Ruler::HenryIi, log);
    game.place_leader(Power::France, Leader::HenryIi, spaces, log);
}

/// #12 Master of Italy: 1 bonus VP for 3 of Genoa, Milan, Venice, Florence
/// and Naples, 2 VP for 4 or 5; a card for exactly 2 (powers that are
/// dealt no cards, in the two-player game, draw none).
fn master_of_italy(game: &mut Game, _: Power, log: &mut dyn Log) {
    for power in Power::ALL {
        let (vp, draws) = rules::master_of_italy_award(rules::italian_keys_held(game, power));
        if vp > 0 {
            game.bonus_vp[power.index()] = game.bonus_vp[power.index()].saturating_add(vp);
            log.event(Event::BonusVp { power, vp });
        }
        if draws && impulse_powers(game.scenario()).contains(&power) {
            game.draw_from_deck(power, log);
        }
    }
}

/// #113 Imperial Coronation: with Charles V in the Italian zone, the
/// Hapsburg and the player each draw a card
/// (`rules::events::imperial_coronation_draws`).
fn imperial_coronation(game: &mut Game, power: Power, log: &mut dyn Log) {
    for drawer in rules::imperial_coronation_draws(game, power) {
        game.draw_from_deck(drawer, log);
    }
}

/// #114 La Forêt's Embassy in Istanbul: France and the Ottoman, if allied,
/// each draw a card (`rules::events::la_foret_draws`).
fn la_foret(game: &mut Game, _: Power, log: &mut dyn Log) {
    for drawer in rules::la_foret_draws(game) {
        game.draw_from_deck(drawer, log);
    }
}
