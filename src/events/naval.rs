//! Naval events (§21.1): #9 Barbary Pirates, #18 Dragut, #68 Andrea
//! Doria, #100 Shipbuilding.

use super::minors::switch_minor;
use super::war::add_ships;
use super::{CardEvent, EventStep, Forced, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits, Scenario};
use crate::rules::construction::{self, can_build_corsair_among, can_build_squadron_among};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, Leader, MinorPower, Power, SeaZone, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::BarbaryPirates, always, barbary_pirates).with_forced(Forced {
        deadline: |scenario| (scenario != Scenario::TwoPlayer).then_some(3),
        power: Power::Ottoman,
    }),
    CardEvent::plain(Card::Dragut, always, dragut),
    CardEvent::plain(Card::JuliaGonzaga, |game, _| construction::barbary_pirates_played(game), |_, _, _| {}),
    CardEvent::plain(Card::PirateHaven, |game, _| !haven_targets(game).is_empty(), pirate_haven).with_steps(Steps {
        prompt: |_| "Oran or Tripoli for the pirate haven",
        actions: |game, _, list| list.extend(haven_targets(game).iter().map(Action::Target)),
        apply: |game, _, action, log| {
            game.stack.pop();
            if let Action::Target(space) = action {
                found_haven(game, space, log);
            }
        },
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(
        Card::KnightsOfStJohn,
        |game, _| knights_raid(game).is_some() || (knights_space(game).is_none() && !knights_ports(game).is_empty()),
        knights_of_st_john,
    )
    .with_steps(Steps {
        prompt: |_| "the Hapsburg home port the Knights go to",
        actions: |game, _, list| list.extend(knights_ports(game).iter().map(Action::PlaceAt)),
        apply: |game, _, action, log| {
            game.stack.pop();
            if let Action::PlaceAt(space) = action {
                knights_arrive(game, space, log);
            }
        },
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(
        Card::Shipbuilding,
        |game, power| power != Power::Protestant && !shipyards(game, power).is_empty(),
        |game, power, _| {
            let step = EventStep { left: SHIPBUILDING_SQUADRONS, ..EventStep::new(Card::Shipbuilding, power) };
            game.stack.push(Frame::Event(step));
        },
    )
    .with_steps(Steps {
        prompt: |_| "the home port of a new squadron (or of 2 corsairs)",
        actions: |game, step, list| shipbuilding_actions(game, step.power, list),
        apply: shipbuilding_apply,
        fits: |step| (1..=SHIPBUILDING_SQUADRONS).contains(&step.left),
    }),
    CardEvent::plain(Card::AndreaDoria, |game, power| doria_switch(game, power) || doria_patrol(game), andrea_doria)
        .with_steps(Steps {
            prompt: |_| "Genoa (its alliance), or the Ottoman (the patrol against its corsairs)",
            actions: |game, step, list| {
                if doria_switch(game, step.power) {
                    list.push(Action::Target(Space::Genoa));
                }
                if doria_patrol(game) {
                    list.push(Action::TargetPower(Power::Ottoman));
                }
            },
            apply: |game, step, action, log| {
                game.stack.pop();
                match action {
                    Action::Target(_) => genoa_switches(game, step.power, log),
                    Action::TargetPower(_) => doria_patrols(game, step.power, log),
                    _ => {}
                }
            },
            fits: |step| step.step == 0,
        }),
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
    game.put_control(algiers, Faction::Ottoman);
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

// --- #100 Shipbuilding --------------------------------------------------------------

/// The squadrons #100 adds.
pub const SHIPBUILDING_SQUADRONS: u8 = 2;
/// The corsairs the Ottoman may take for each squadron (#100).
pub const CORSAIRS_PER_SQUADRON: u8 = 2;

/// The home ports where #100 may add a squadron for `power`, or corsairs
/// for the Ottoman: those where §17 would let it build one (controlled,
/// in play, not in unrest, free of enemy units, a counter free; never a
/// squadron in Algiers; corsairs after Barbary Pirates).
fn shipyards(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    // The spaces holding enemy units, found once for all the ports.
    let enemies = game.enemy_spaces(power);
    Space::ALL
        .into_iter()
        .filter(|&s| {
            can_build_squadron_among(game, power, own, s, enemies) || can_build_corsair_among(game, power, s, enemies)
        })
        .collect()
}

fn shipbuilding_actions(game: &Game, power: Power, list: &mut ActionList) {
    let own = Faction::from(power);
    let ports = shipyards(game, power);
    let enemies = game.enemy_spaces(power);
    list.extend(
        ports.iter().filter(|&s| can_build_squadron_among(game, power, own, s, enemies)).map(Action::BuildSquadron),
    );
    list.extend(ports.iter().filter(|&s| can_build_corsair_among(game, power, s, enemies)).map(Action::BuildCorsair));
}

/// #100 Shipbuilding (not the Protestant): 2 new squadrons in home ports
/// the player controls, one at a time (both in one port or one in each of
/// two); the Ottoman may take 2 corsairs instead of each (`build_corsair`
/// here places the pair, as far as its counters go).
fn shipbuilding_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let own = Faction::from(step.power);
    match action {
        Action::BuildSquadron(space) => {
            add_ships(game, own, space, 1, 0);
            log.event(Event::SquadronBuilt { faction: own, space });
        }
        Action::BuildCorsair(space) => {
            let corsairs = construction::naval_counters_free(game, own).min(CORSAIRS_PER_SQUADRON);
            add_ships(game, own, space, 0, corsairs);
            for _ in 0..corsairs {
                log.event(Event::CorsairBuilt(space));
            }
        }
        _ => return,
    }
    let left = step.left.saturating_sub(1);
    if left > 0 && !shipyards(game, step.power).is_empty() {
        game.stack.push(Frame::Event(EventStep { left, ..step }));
    }
}

// --- #68 Andrea Doria ---------------------------------------------------------------

/// The dice of Andrea Doria's patrol (#68).
pub const DORIA_DICE: u8 = 3;

/// #68's first use: France, the Hapsburg or the Papacy takes Genoa from
/// its present ally (or, inactive, activates it): not already its own.
fn doria_switch(game: &Game, power: Power) -> bool {
    matches!(power, Power::France | Power::Hapsburg | Power::Papacy)
        && game.minor_ally(MinorPower::Genoa) != Some(power)
        && crate::rules::minor::activators(MinorPower::Genoa).contains(power)
}

/// The power controlling Andrea Doria: Genoa's ally.
fn doria_owner(game: &Game) -> Option<Power> {
    game.minor_ally(MinorPower::Genoa)
}

/// #68's second use: Doria's owner is at war with the Ottoman and Doria is
/// in a sea zone next to 2 Ottoman-controlled ports.
fn doria_patrol(game: &Game) -> bool {
    let LeaderLocation::Sea(zone) = game.leader_location(Leader::AndreaDoria) else { return false };
    doria_owner(game).is_some_and(|p| game.at_war(p, Power::Ottoman)) && ottoman_ports(game, zone) >= 2
}

fn ottoman_ports(game: &Game, zone: SeaZone) -> usize {
    zone.ports().iter().filter(|&&s| game.in_play(s) && game.controller(s) == Faction::Ottoman).count()
}

/// #68 Andrea Doria: with both uses open the player chooses (`target
/// genoa`, `target_power ottoman`); else the open one happens.
fn andrea_doria(game: &mut Game, power: Power, log: &mut dyn Log) {
    match (doria_switch(game, power), doria_patrol(game)) {
        (true, true) => game.stack.push(Frame::Event(EventStep::new(Card::AndreaDoria, power))),
        (true, false) => genoa_switches(game, power, log),
        (false, true) => doria_patrols(game, power, log),
        (false, false) => {}
    }
}

/// #68, first use: Genoa is deactivated from its ally, then activated as
/// the player's (`rules::minor`). An inactive Genoa may be at war with
/// some powers (declared on in a diplomacy phase): they are first asked
/// for a free declaration on the player (§22.2 step 2; ruling AL6).
fn genoa_switches(game: &mut Game, power: Power, log: &mut dyn Log) {
    if game.minor_ally(MinorPower::Genoa).is_none() {
        game.next_free_declaration(power, MinorPower::Genoa, None, None, EnumSet::EMPTY, log);
    } else {
        switch_minor(game, MinorPower::Genoa, power, log);
    }
}

/// #68, second use: the player and Doria's owner each draw a card from the
/// deck; 3 dice, each 5 or 6 takes a piracy VP from the Ottoman (not below 0).
fn doria_patrols(game: &mut Game, power: Power, log: &mut dyn Log) {
    game.draw_from_deck(power, log);
    if let Some(owner) = doria_owner(game) {
        game.draw_from_deck(owner, log);
    }
    let dice = game.roll_dice(DORIA_DICE);
    log.event(Event::EventDice { power, card: Card::AndreaDoria, dice });
    game.piracy_vp = game.piracy_vp.saturating_sub(dice.hits());
    log.event(Event::PiracyVp { total: game.piracy_vp });
}

// --- #84 Julia Gonzaga --------------------------------------------------------------

/// The bonus VP of the Julia Gonzaga marker (#84).
pub const JULIA_GONZAGA_VP: i8 = 1;

impl Game {
    /// #84 Julia Gonzaga (played only after Barbary Pirates): the event
    /// itself changes nothing; it is in effect for the rest of the turn it
    /// was played in (`Game::event_played_this_turn`). A piracy roll with
    /// hits in the Tyrrhenian Sea while it is gives the Ottoman the marker,
    /// 1 bonus VP. The sea zone can be pirated once a turn (§16.4: one
    /// Piracy marker each), so the marker is given at most once.
    pub(crate) fn julia_gonzaga_piracy(&mut self, zone: SeaZone, hits: u8, log: &mut dyn Log) {
        if hits > 0 && zone == SeaZone::TyrrhenianSea && self.event_played_this_turn(Card::JuliaGonzaga) {
            let bonus = &mut self.bonus_vp[Power::Ottoman.index()];
            *bonus = bonus.saturating_add(JULIA_GONZAGA_VP);
            log.event(Event::BonusVp { power: Power::Ottoman, vp: JULIA_GONZAGA_VP });
        }
    }
}

// --- #89 Pirate Haven ---------------------------------------------------------------

/// The Ottoman regulars and corsairs a pirate haven receives (#89).
pub const HAVEN_REGULARS: u8 = 1;
pub const HAVEN_CORSAIRS: u8 = 2;

/// The spaces #89 may target (after Barbary Pirates): Oran or Tripoli, in
/// play, unoccupied (no land units, no ships in port), controlled by a
/// major power at war with the Ottoman, a port on a sea zone that is also
/// the sea zone of a fortified Ottoman-controlled port.
pub fn haven_targets(game: &Game) -> EnumSet<Space> {
    if !construction::barbary_pirates_played(game) {
        return EnumSet::EMPTY;
    }
    let ottoman_fortress =
        |s: &Space| game.in_play(*s) && game.is_fortified(*s) && game.controller(*s) == Faction::Ottoman;
    construction::PIRATE_HAVENS
        .into_iter()
        .filter(|&t| {
            let enemy = game.controller(t).major().is_some_and(|p| game.at_war(p, Power::Ottoman));
            let empty = game.land_units_in(t).all(|(_, u, _)| u.is_empty())
                && game.naval_stacks().all(|(at, _, u)| at != NavalLocation::Port(t) || u.total() == 0);
            let near = t.ports().iter().any(|z| z.ports().iter().any(ottoman_fortress));
            game.in_play(t) && enemy && empty && near
        })
        .collect()
}

/// #89 Pirate Haven: the Ottoman picks the target (alone, it is taken).
fn pirate_haven(game: &mut Game, power: Power, log: &mut dyn Log) {
    let targets = haven_targets(game);
    match targets.iter().next() {
        Some(space) if targets.len() == 1 => found_haven(game, space, log),
        Some(_) => {
            let decider = super::war::decider_for(game, Power::Ottoman, power);
            game.stack.push(Frame::Event(EventStep::new(Card::PirateHaven, decider)));
        }
        None => {}
    }
}

/// The target becomes an Ottoman pirate haven (§21.1): a fortified space
/// (`Game::is_fortified`) under Ottoman control (our ruling: the corsairs
/// stand in a friendly port), with 1 Ottoman regular and 2 corsairs as far
/// as the counters go, and the Pirate Haven marker; the Ottoman builds
/// corsairs there while it holds it (`construction::can_build_corsair`).
fn found_haven(game: &mut Game, space: Space, log: &mut dyn Log) {
    let ottoman = Faction::Ottoman;
    let from = game.controller(space);
    game.put_control(space, ottoman);
    log.event(Event::ControlChanged { space, from, to: ottoman });
    game.pirate_havens.insert(space);
    log.event(Event::FortressBuilt(space));
    if construction::fits_one_more(game, ottoman, space, crate::types::LandUnitKind::Regular) {
        let units = LandUnits::regulars(HAVEN_REGULARS);
        game.put_units(space, ottoman, units, false);
        log.event(Event::LandUnitsPlaced { faction: ottoman, space, units });
    }
    let corsairs = construction::naval_counters_free(game, ottoman).min(HAVEN_CORSAIRS);
    if corsairs > 0 {
        add_ships(game, ottoman, space, 0, corsairs);
        let units = NavalUnits { squadrons: 0, corsairs };
        log.event(Event::NavalUnitsPlaced { faction: ottoman, space, units });
    }
}

// --- #86 Knights of St. John --------------------------------------------------------

/// Where the Knights of St. John are, if on the map
/// (`rules::piracy::knights`).
fn knights_space(game: &Game) -> Option<Space> {
    Space::ALL.into_iter().find(|&s| crate::rules::piracy::knights(game, s))
}

/// #86's first branch is open: the Knights are on the map, not under
/// siege, one sea zone from an Ottoman-controlled port.
fn knights_raid(game: &Game) -> Option<Space> {
    let at = knights_space(game)?;
    let ottoman_port = |p: &Space| game.in_play(*p) && game.controller(*p) == Faction::Ottoman;
    let near = at.ports().iter().any(|z| z.ports().iter().any(ottoman_port));
    (near && !super::war::under_siege(game, at)).then_some(at)
}

/// The Hapsburg-controlled Hapsburg home ports the Knights may go to.
fn knights_ports(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.is_port() && game.home_of(s) == Faction::Hapsburg && game.in_play(s))
        .filter(|&s| game.controller(s) == Faction::Hapsburg)
        .collect()
}

/// #86 Knights of St. John: with the Knights on the map (raiding), a
/// random Ottoman card is drawn and its CP go to St. Peter's (the card
/// is discarded); with them off the map, the Hapsburg puts them in one of
/// its home ports ([`knights_arrive`]).
fn knights_of_st_john(game: &mut Game, power: Power, log: &mut dyn Log) {
    if knights_raid(game).is_some() {
        if let Some(card) = game.take_random_card(Power::Ottoman) {
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: Power::Ottoman, card });
            game.add_st_peters_cp(card.cp(), log);
        }
    } else if knights_space(game).is_none() {
        let decider = super::war::decider_for(game, Power::Hapsburg, power);
        game.stack.push(Frame::Event(EventStep::new(Card::KnightsOfStJohn, decider)));
    }
}

/// The Knights arrive in `space`: it becomes independent and, a town,
/// takes a fortress (`Game::is_fortified`).
fn knights_arrive(game: &mut Game, space: Space, log: &mut dyn Log) {
    let from = game.controller(space);
    game.put_control(space, Faction::Independent);
    log.event(Event::ControlChanged { space, from, to: Faction::Independent });
    if !game.is_fortified(space) {
        game.fortresses.insert(space);
        log.event(Event::FortressBuilt(space));
    }
}
