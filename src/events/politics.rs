//! Events of the powers' politics (§3.3, §21): the new rulers #10 Clement
//! VII, #14 Paul III, #20 Henry II, #22 Julius III; #12 Master of Italy,
//! #113 Imperial Coronation, #114 La Forêt's Embassy in Istanbul, #103
//! Threat to Power, #57 Philip of Hesse's Bigamy. Their
//! pure rules are in `rules::events`.

use super::{CardEvent, EventStep, Forced, Leaves, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::arrivals::THREAT_TO_POWER_LEADERS;
use crate::game::{Game, LeaderLocation};
use crate::rules::events as rules;
use crate::types::{Card, Leader, Power, Ruler};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::ClementVii, always, |game, _, log| game.new_ruler(Ruler::ClementVii, log))
        .with_forced(Forced { deadline: |_| Some(2), power: Power::Papacy }),
    CardEvent::plain(Card::PaulIii, always, |game, _, log| game.new_ruler(Ruler::PaulIii, log))
        .with_forced(Forced { deadline: |_| Some(4), power: Power::Papacy }),
    CardEvent::plain(Card::JuliusIii, always, |game, _, log| game.new_ruler(Ruler::JuliusIii, log)),
    CardEvent::plain(Card::HenryIi, always, henry_ii),
    CardEvent::plain(Card::MasterOfItaly, always, master_of_italy),
    CardEvent::plain(Card::ImperialCoronation, always, imperial_coronation)
        // Removed if cards are drawn (#113).
        .with_leaves(Leaves::If(|game, power| !rules::imperial_coronation_draws(game, power).is_empty())),
    CardEvent::plain(
        Card::ThreatToPower,
        |game, _| threat_targets(game).next().is_some(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::ThreatToPower, power))),
    )
    .with_steps(Steps {
        prompt: |_| "the minor army leader threatened",
        actions: |game, _, list: &mut ActionList| list.extend(threat_targets(game).map(Action::TargetLeader)),
        apply: threat_to_power_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::PhilipOfHessesBigamy, always, philip_of_hesses_bigamy).with_steps(Steps {
        prompt: |_| "remove Philip of Hesse from the game, or discard a random card",
        actions: bigamy_actions,
        apply: bigamy_apply,
        fits: |step| step.power == Power::Protestant && step.step == 0,
    }),
    CardEvent::plain(Card::LaForetsEmbassyInIstanbul, always, la_foret)
        // Removed if cards are drawn (#114).
        .with_leaves(Leaves::If(|game, _| !rules::la_foret_draws(game).is_empty())),
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

/// The leaders #103 Threat to Power may target: the four minor army
/// leaders on the map (not captured, not off the map already).
fn threat_targets(game: &Game) -> impl Iterator<Item = Leader> + '_ {
    THREAT_TO_POWER_LEADERS.into_iter().filter(|&l| matches!(game.leader_location(l), LeaderLocation::Space(_)))
}

/// The lowest roll of #103 Threat to Power that removes the leader for
/// the game (1-3: for the turn).
pub const THREAT_FOR_GOOD: u8 = 4;

/// #103 Threat to Power: a die for the leader chosen; 1-3 he leaves the
/// map for the rest of the turn (the turn track: he comes back at the next
/// card draw in his capital or a friendly home key, `frames::arrivals`),
/// 4-6 he leaves the game.
fn threat_to_power_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::TargetLeader(leader) = action else { return };
    if game.roll_die() >= THREAT_FOR_GOOD {
        game.leaders[leader.index()] = LeaderLocation::Removed;
        log.event(Event::LeaderRemoved(leader));
    } else {
        game.leaders[leader.index()] = LeaderLocation::TurnTrack;
        log.event(Event::LeaderToTurnTrack(leader));
    }
}

/// #57 Philip of Hesse's Bigamy: the Protestant removes Philip of Hesse
/// from the game (while he is not out of it already) or discards a random
/// card (never a home card, §6.1; only with one); with one of the two
/// possible it is done at once, with neither nothing happens.
fn philip_of_hesses_bigamy(game: &mut Game, _: Power, log: &mut dyn Log) {
    let step = EventStep::new(Card::PhilipOfHessesBigamy, Power::Protestant);
    let mut list = ActionList::new();
    bigamy_actions(game, step, &mut list);
    match list.as_slice() {
        [] => {}
        [only] => bigamy_resolve(game, *only, log),
        _ => game.stack.push(Frame::Event(step)),
    }
}

fn bigamy_actions(game: &Game, _: EventStep, list: &mut ActionList) {
    if game.leader_location(Leader::PhilipOfHesse) != LeaderLocation::Removed {
        list.push(Action::TargetLeader(Leader::PhilipOfHesse));
    }
    if !crate::rules::peace::drawable_cards(game, Power::Protestant).is_empty() {
        list.push(Action::RandomDiscard(Power::Protestant));
    }
}

fn bigamy_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    bigamy_resolve(game, action, log);
}

fn bigamy_resolve(game: &mut Game, action: Action, log: &mut dyn Log) {
    match action {
        Action::TargetLeader(leader) => {
            game.leaders[leader.index()] = LeaderLocation::Removed;
            log.event(Event::LeaderRemoved(leader));
        }
        Action::RandomDiscard(power) => {
            if let Some(card) = game.take_random_card(power) {
                game.discard.insert(card);
                log.event(Event::CardDiscarded { power, card });
            }
        }
        _ => {}
    }
}
