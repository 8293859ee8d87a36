//! Events of the powers' politics (§3.3, §21): the new rulers #10 Clement
//! VII, #14 Paul III, #20 Henry II, #22 Julius III; #12 Master of Italy,
//! #113 Imperial Coronation, #114 La Forêt's Embassy in Istanbul, #103
//! Threat to Power, #57 Philip of Hesse's Bigamy, #60 Maurice of Saxony.
//! Their pure rules are in `rules::events`.

use super::{CardEvent, EventStep, Forced, Leaves, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::arrivals::THREAT_TO_POWER_LEADERS;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::construction::fits_one_more;
use crate::rules::events as rules;
use crate::rules::paths::{Metric, nearest};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Leader, Power, Ruler, Space};

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
    CardEvent::plain(Card::MauriceOfSaxony, |_, power| MAURICE_SIDES.contains(&power), maurice_of_saxony).with_steps(
        Steps {
            prompt: |step| match step.step {
                MAURICE_MOVE => "the nearest unoccupied friendly space Maurice of Saxony goes to",
                _ => "the fortified space Maurice of Saxony is placed in",
            },
            actions: |game, step, list: &mut ActionList| {
                list.extend(maurice_spaces(game, step).iter().map(Action::PlaceAt))
            },
            apply: |game, step, action, log| {
                game.stack.pop();
                if let Action::PlaceAt(space) = action {
                    maurice_to(game, step, space, log);
                }
            },
            fits: |step| match step.step {
                MAURICE_MOVE => step.space.is_some(),
                MAURICE_PLACE => step.left == 0,
                _ => false,
            },
        },
    ),
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

// --- #60 Maurice of Saxony --------------------------------------------------------

/// The sides Maurice of Saxony may serve, and the powers that may play #60.
const MAURICE_SIDES: [Power; 2] = [Power::Protestant, Power::Hapsburg];

/// The steps of #60: from the board to the nearest unoccupied friendly
/// space (`space`: where he stood, `left`: the mercenaries with him), or
/// into a fortified space of his side.
const MAURICE_MOVE: u8 = 0;
const MAURICE_PLACE: u8 = 1;

/// The side Maurice of Saxony serves now.
fn maurice_side(game: &Game) -> Power {
    if game.leader_owner(Leader::MauriceOfSaxony) == Some(Faction::Hapsburg) {
        Power::Hapsburg
    } else {
        Power::Protestant
    }
}

/// #60 Maurice of Saxony (Hapsburg or Protestant): he switches sides. On
/// the board, the mercenaries of his stack switch too (replaced by the new
/// side's) and go with him to the nearest unoccupied space under friendly
/// control; captured, he only switches (freed if his captor is his new
/// side); otherwise he is placed in a fortified space his new side
/// controls (docs/rulings.md CA3-CA5).
fn maurice_of_saxony(game: &mut Game, player: Power, log: &mut dyn Log) {
    let maurice = Leader::MauriceOfSaxony;
    let old = maurice_side(game);
    let new = if old == Power::Hapsburg { Power::Protestant } else { Power::Hapsburg };
    game.maurice_hapsburg = new == Power::Hapsburg;
    let decider = super::war::decider_for(game, new, player);
    let step = EventStep { step: MAURICE_PLACE, ..EventStep::new(Card::MauriceOfSaxony, decider) };
    match game.leader_location(maurice) {
        LeaderLocation::Space(from) => {
            let mercenaries = game.land_units(from, Faction::from(old)).mercenaries;
            game.remove_units(from, Faction::from(old), LandUnits::mercenaries(mercenaries), log);
            let step = EventStep { step: MAURICE_MOVE, left: mercenaries, space: Some(from), ..step };
            maurice_next(game, step, log);
        }
        // Held by his new side: freed, and placed (our ruling, CA4).
        LeaderLocation::Captured(by) if by == new => {
            game.leaders[maurice.index()] = LeaderLocation::Unavailable;
            maurice_next(game, step, log);
        }
        LeaderLocation::Captured(_) | LeaderLocation::Removed => {}
        _ => maurice_next(game, step, log),
    }
}

/// Where #60 sends Maurice at `step`: the nearest unoccupied spaces under
/// his side's (or its allies') control, from where he stood; or the
/// fortified spaces in play his side controls, not under siege. In the
/// two-player game, for the Papacy or the Protestant, only inside the
/// German and Italian zones (§24.3, ruling TZ4).
fn maurice_spaces(game: &Game, step: EventStep) -> EnumSet<Space> {
    let side = maurice_side(game);
    let zone = |s: Space| crate::rules::two_player::may_stand(game, side, s);
    match (step.step, step.space) {
        (MAURICE_MOVE, Some(from)) => {
            let open = |s: Space| {
                game.in_play(s)
                    && zone(s)
                    && game.is_friendly_controlled(side, s)
                    && game.land_units_in(s).all(|(_, units, _)| units.is_empty())
                    && game
                        .leaders_at(s)
                        .all(|l| l == Leader::MauriceOfSaxony || l.kind() != crate::types::LeaderKind::Army)
            };
            nearest(from, Metric::LandAndSea, open).0
        }
        _ => Space::ALL
            .into_iter()
            .filter(|&s| game.in_play(s) && game.is_fortified(s) && game.controller(s) == Faction::from(side))
            .filter(|&s| zone(s) && !super::war::under_siege(game, s))
            .collect(),
    }
}

/// #60's next move: to the one space there is (or the non-player side's
/// first, in the two-player game), or the decision among several. With no
/// space to move to, Maurice is placed in a fortified space instead (his
/// mercenaries are lost); with none of those either, he waits off the
/// board for his arrival at a card draw (`frames::arrivals`).
fn maurice_next(game: &mut Game, step: EventStep, log: &mut dyn Log) {
    let spaces = maurice_spaces(game, step);
    let chooses = impulse_powers(game.scenario()).contains(&step.power);
    match spaces.iter().next() {
        None if step.step == MAURICE_MOVE => {
            let step = EventStep { step: MAURICE_PLACE, left: 0, space: None, ..step };
            maurice_next(game, step, log);
        }
        None => {
            game.leaders[Leader::MauriceOfSaxony.index()] = LeaderLocation::Unavailable;
        }
        Some(space) if spaces.len() == 1 || !chooses => maurice_to(game, step, space, log),
        Some(_) => game.stack.push(Frame::Event(step)),
    }
}

/// Maurice (and `step.left` mercenaries of his new side, as far as its
/// counters go) to `space`.
fn maurice_to(game: &mut Game, step: EventStep, space: Space, log: &mut dyn Log) {
    game.put_leader(Leader::MauriceOfSaxony, space, log);
    let faction = Faction::from(maurice_side(game));
    let mut placed = 0;
    while placed < step.left && fits_one_more(game, faction, space, LandUnitKind::Mercenary) {
        let units = game.land_units(space, faction).plus_one(LandUnitKind::Mercenary);
        game.put_units(space, faction, units, false);
        placed += 1;
    }
    if placed > 0 {
        log.event(Event::LandUnitsPlaced { faction, space, units: LandUnits::mercenaries(placed) });
    }
}
