//! Naval events (§21.1): #9 Barbary Pirates, #18 Dragut.

use super::{CardEvent, Forced, Leaves, always};
use crate::engine::Log;
use crate::event::Event;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits, Scenario};
use crate::rules::construction;
use crate::types::{Card, Faction, Leader, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent {
        card: Card::BarbaryPirates,
        playable: always,
        resolve: barbary_pirates,
        leaves: Leaves::Printed,
        forced: Some(Forced {
            deadline: |scenario| (scenario != Scenario::TwoPlayer).then_some(3),
            power: Power::Ottoman,
        }),
        combat: None,
        response: None,
        steps: None,
    },
    CardEvent {
        card: Card::Dragut,
        playable: always,
        resolve: dragut,
        leaves: Leaves::Printed,
        forced: None,
        combat: None,
        response: None,
        steps: None,
    },
];

/// #9 Barbary Pirates (§21.1): Algiers comes into play, Ottoman controlled,
/// with 2 Ottoman regulars, 2 corsairs and Barbarossa; from now on the
/// Ottoman builds corsairs and pirates
/// (`construction::barbary_pirates_played`). Units beyond the counters are
/// not placed. Forced in the winter of turn 3 (§19 step 8), but in the
/// two-player game.
fn barbary_pirates(game: &mut Game, _: Power, log: &mut dyn Log) {
    let algiers = Space::Algiers;
    if game.in_play(algiers) {
        return;
    }
    game.out_of_play.remove(algiers);
    log.event(Event::SpaceEnteredPlay(algiers));
    let from = game.controller(algiers);
    game.control[algiers as usize] = Faction::Ottoman;
    log.event(Event::ControlChanged { space: algiers, from, to: Faction::Ottoman });
    for regulars in (1..=2).rev() {
        let units = LandUnits::regulars(regulars);
        if game.set_land_units(algiers, Faction::Ottoman, units).is_ok() {
            log.event(Event::LandUnitsPlaced { faction: Faction::Ottoman, space: algiers, units });
            break;
        }
    }
    let corsairs = construction::naval_counters_free(game, Faction::Ottoman).min(2);
    let ships = NavalUnits { squadrons: 0, corsairs };
    if corsairs > 0 && game.set_naval_units(NavalLocation::Port(algiers), Faction::Ottoman, ships).is_ok() {
        log.event(Event::NavalUnitsPlaced { faction: Faction::Ottoman, space: algiers, units: ships });
    }
    if matches!(game.leader_location(Leader::Barbarossa), LeaderLocation::Unavailable) {
        game.put_leader(Leader::Barbarossa, algiers, log);
    }
}

/// #18 Dragut: Barbarossa dies; Dragut takes his place (port, sea zone,
/// turn track or captivity). With Barbarossa not in play, Dragut waits on
/// the turn track and arrives at the next card draw (our ruling).
fn dragut(game: &mut Game, _: Power, log: &mut dyn Log) {
    let at = match game.leader_location(Leader::Barbarossa) {
        LeaderLocation::Unavailable | LeaderLocation::Removed => LeaderLocation::TurnTrack,
        at => at,
    };
    game.leaders[Leader::Barbarossa.index()] = LeaderLocation::Removed;
    log.event(Event::LeaderRemoved(Leader::Barbarossa));
    game.leaders[Leader::Dragut.index()] = at;
    log.event(Event::LeaderPlaced { leader: Leader::Dragut, to: at });
}
