//! The winter phase through the engine (§19): ships and land units return
//! home by the owner's choices, alliances end, capitals are replenished.

use here_i_stand::*;

use crate::common;

/// A bare 1517 board whose action phase ends at once: every power passes.
fn winter(edit: impl FnOnce(&mut Game)) -> (Game, Vec<Event>) {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 5).with_fast_play(true));
    edit(&mut game);
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    let mut log = Vec::new();
    for _ in Power::ALL {
        game.apply_logged(Action::Pass, &mut log).unwrap();
    }
    assert!(log.contains(&Event::PhaseBegan { turn: 1, phase: Phase::Winter }));
    (game, log)
}

/// Plays the rest of the winter with `choose` picking among the legal actions.
fn finish(game: &mut Game, log: &mut Vec<Event>, mut choose: impl FnMut(&Game, &[Action]) -> Action) {
    while game.phase() == Phase::Winter {
        let actions = game.legal_actions();
        let action = choose(game, &actions);
        game.apply_logged(action, log).unwrap();
    }
}

#[test]
fn units_in_the_open_must_go_home() {
    let (mut game, mut log) = winter(|g| {
        g.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(2)).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::AddUnit(LandUnitKind::Regular)));
    assert!(!actions.contains(&Action::Done), "units that must move cannot stay");
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert!(game.legal_actions().contains(&Action::WinterTo(Space::Paris)));
    game.apply_logged(Action::WinterTo(Space::Paris), &mut log).unwrap();
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Dijon, Faction::France).total(), 0);
    // Two arrived, and Paris got its winter replacement (§19 step 5).
    assert_eq!(game.land_units(Space::Paris, Faction::France).total(), 3);
}

#[test]
fn a_fortified_space_keeps_four() {
    // Lyon is a French key: 6 regulars there, 2 over the limit must leave (§19 step 3a).
    let (mut game, mut log) = winter(|g| {
        g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(6)).unwrap();
    });
    assert!(!game.legal_actions().contains(&Action::Done));
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::WinterTo(Space::Paris)).unwrap();
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Lyon, Faction::France).total(), 4);
}

#[test]
fn replacements_alliances_and_debaters() {
    let (mut game, mut log) = winter(|g| {
        g.set_alliance(Power::France, Power::England, true).unwrap();
        g.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
        g.set_debater(Debater::Eck, DebaterState::Committed).unwrap();
        g.set_unrest(Space::London, true).unwrap();
        g.set_controller(Space::Vienna, Faction::Ottoman).unwrap();
    });
    finish(&mut game, &mut log, |_, a| a[0]);
    // §19 step 4: major-power alliances end; a minor's stays.
    assert!(!game.allied(Power::France, Power::England));
    assert!(game.allied(Power::France, MinorPower::Scotland));
    // Step 5: a regular in each capital held and free of unrest; not London
    // (unrest), not Vienna (Ottoman), never the Protestant.
    assert_eq!(game.land_units(Space::Paris, Faction::France).regulars, 1);
    assert_eq!(game.land_units(Space::Valladolid, Faction::Hapsburg).regulars, 1);
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg).regulars, 0);
    assert_eq!(game.land_units(Space::London, Faction::England).regulars, 0);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman).regulars, 1);
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).regulars, 1);
    // Step 7: debaters uncommitted.
    assert_eq!(game.debater_state(Debater::Eck), DebaterState::Uncommitted);
}

#[test]
fn ships_go_to_the_nearest_port() {
    let (mut game, mut log) = winter(|g| {
        g.set_naval_units(NavalLocation::Sea(SeaZone::GulfOfLyon), Faction::France, NavalUnits::squadrons(2)).unwrap();
    });
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Marseille), Faction::France).squadrons, 2);
    assert!(log.contains(&Event::WinterNavalReturn { faction: Faction::France, to: Space::Marseille }));
}

#[test]
fn attrition_takes_half_and_the_owner_picks_the_kind() {
    // French regulars and mercenaries in Hapsburg-held Navarre: no friendly
    // path home, so half are lost (§19 attrition), the owner choosing which.
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        g.set_land_units(Space::Navarre, Faction::France, LandUnits { regulars: 1, mercenaries: 1, cavalry: 0 })
            .unwrap();
        g.set_controller(Space::Navarre, Faction::France).unwrap();
        g.set_controller(Space::Bordeaux, Faction::Hapsburg).unwrap();
        g.set_controller(Space::Toulouse, Faction::Hapsburg).unwrap();
    });
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Mercenary)).unwrap();
    let to = game
        .legal_actions()
        .iter()
        .find_map(|a| match a {
            Action::WinterTo(s) => Some(*s),
            _ => None,
        })
        .expect("a destination");
    game.apply(Action::WinterTo(to)).unwrap();
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::LoseUnit(LandUnitKind::Mercenary)), "{actions:?}");
    game.apply(Action::LoseUnit(LandUnitKind::Mercenary)).unwrap();
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Navarre, Faction::France).total(), 0);
    let arrived = game.land_units(to, Faction::France);
    assert_eq!(arrived.mercenaries, 0);
    assert!(arrived.regulars >= 1);
}

/// §15.3 in winter (§19.3): besiegers going home end the siege as soon as
/// they no longer outnumber the units inside, which are then free. Two
/// Papal mercenaries besiege the independent regular in Florence; they go
/// home one at a time.
#[test]
fn besiegers_going_home_end_the_siege() {
    let (mut game, mut log) = winter(|g| {
        g.set_besieged_units(Space::Florence, Faction::Independent, LandUnits::regulars(1)).unwrap();
        g.set_land_units(Space::Florence, Faction::Papacy, LandUnits { regulars: 0, mercenaries: 2, cavalry: 0 })
            .unwrap();
    });
    assert!(game.is_besieged(Space::Florence, Faction::Independent));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::AddUnit(LandUnitKind::Mercenary)).unwrap();
    game.apply_logged(Action::WinterTo(Space::Rome), &mut log).unwrap();
    // One mercenary left: it no longer outnumbers the regular inside.
    assert_eq!(game.land_units(Space::Florence, Faction::Papacy).total(), 1);
    assert!(!game.is_besieged(Space::Florence, Faction::Independent));
    assert!(log.contains(&Event::SiegeBroken(Space::Florence)));
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Florence, Faction::Papacy), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Florence, Faction::Independent), LandUnits::regulars(1));
    assert!(!game.is_besieged(Space::Florence, Faction::Independent));
}

/// §19.3 and §15: enemy units are ignored on the way home, so a unit may
/// winter in its power's fortress where enemy units stand outside; it goes
/// inside, under siege while outnumbered, and is free once the enemy has
/// gone home. A besieged unit that leaves does not free the others (none
/// here: Naples' own garrison has left before).
#[test]
fn wintering_into_a_fortress_with_enemies_outside() {
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::Hapsburg, Power::Papacy, true).unwrap();
        g.set_land_units(Space::Naples, Faction::Papacy, LandUnits::regulars(3)).unwrap();
        g.set_land_units(Space::Palermo, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert!(game.is_legal(&Action::WinterTo(Space::Naples)));
    game.apply_logged(Action::WinterTo(Space::Naples), &mut log).unwrap();
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), LandUnits::regulars(1));
    assert!(game.is_besieged(Space::Naples, Faction::Hapsburg), "inside, 3 Papal units outside");
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Naples, Faction::Papacy), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), LandUnits::regulars(1));
    assert!(!game.is_besieged(Space::Naples, Faction::Hapsburg));
    assert!(log.contains(&Event::SiegeBroken(Space::Naples)));
}

/// A besieged stack that sends some units home keeps the rest inside, still
/// under siege (three French regulars outside two English in Calais, one of
/// which goes home to London).
#[test]
fn a_besieged_stack_sending_units_home_stays_besieged() {
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::England, Power::France, true).unwrap();
        g.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
        g.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(3)).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::England));
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply_logged(Action::WinterTo(Space::London), &mut log).unwrap();
    assert_eq!(game.land_units(Space::Calais, Faction::England), LandUnits::regulars(1));
    assert!(game.is_besieged(Space::Calais, Faction::England));
}

/// The seed's Italian example (page 001): plays the other powers' winter
/// returns with their first choices, then the Papacy leaves its lone regular
/// in Ravenna, which brings it to its 5 regulars in Trent, whose every way
/// out is enemy-held.
fn papal_stack_in_trent() -> (Game, Vec<Event>) {
    let (mut game, mut log) = winter(|g| common::winter_in_italy(g).unwrap());
    while game.decider() != Decider::Power(Power::Papacy) {
        let first = game.legal_actions()[0];
        game.apply_logged(first, &mut log).unwrap();
    }
    assert_eq!(game.pending().space, Some(Space::Ravenna));
    game.apply_logged(Action::Done, &mut log).unwrap();
    assert_eq!(game.pending().space, Some(Space::Trent));
    (game, log)
}

/// Sends `n` Papal regulars from Trent to `to`.
fn send_from_trent(game: &mut Game, log: &mut Vec<Event>, n: u8, to: Space) {
    for _ in 0..n {
        game.apply_logged(Action::AddUnit(LandUnitKind::Regular), log).unwrap();
    }
    game.apply_logged(Action::WinterTo(to), log).unwrap();
}

/// Papal units that arrived from Trent, by destination.
fn arrived_from_trent(log: &[Event]) -> Vec<(Space, u8)> {
    log.iter()
        .filter_map(|e| match *e {
            Event::WinterReturn { faction: Faction::Papacy, from: Space::Trent, to, units } => {
                Some((to, units.total()))
            }
            _ => None,
        })
        .collect()
}

/// §19.3 attrition, as the seed's Trent example reads it: the 5 regulars
/// lose 3 once, whatever the split, and the 2 survivors go to any mix of
/// Rome, Ravenna and Florence (docs/rulings.md W4). Split 1 + 1 + 3: the
/// groups lose 1, 0 and 2.
#[test]
fn seed_example_trent_split_one_one_three_loses_exactly_three() {
    let (mut game, mut log) = papal_stack_in_trent();
    send_from_trent(&mut game, &mut log, 1, Space::Ravenna);
    send_from_trent(&mut game, &mut log, 1, Space::Florence);
    send_from_trent(&mut game, &mut log, 3, Space::Rome);
    let arrived = arrived_from_trent(&log);
    assert_eq!(arrived, [(Space::Ravenna, 0), (Space::Florence, 1), (Space::Rome, 1)]);
    assert_eq!(arrived.iter().map(|&(_, n)| n).sum::<u8>(), 2, "5 left, 3 lost");
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Trent, Faction::Papacy), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Ravenna, Faction::Papacy).total(), 1);
    assert_eq!(game.land_units(Space::Florence, Faction::Papacy).total(), 1);
    // One survivor and Rome's winter replacement (§19.5).
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).total(), 2);
}

/// The same stack split 3 + 2 also loses exactly 3: 2, then 1.
#[test]
fn seed_example_trent_split_three_two_loses_exactly_three() {
    let (mut game, mut log) = papal_stack_in_trent();
    send_from_trent(&mut game, &mut log, 3, Space::Florence);
    send_from_trent(&mut game, &mut log, 2, Space::Ravenna);
    assert_eq!(arrived_from_trent(&log), [(Space::Florence, 1), (Space::Ravenna, 1)]);
    assert_eq!(game.land_units(Space::Ravenna, Faction::Papacy).total(), 2);
}

/// The example's own choice: both survivors to Rome, the regular in Ravenna
/// stays.
#[test]
fn seed_example_trent_survivors_to_rome() {
    let (mut game, mut log) = papal_stack_in_trent();
    send_from_trent(&mut game, &mut log, 5, Space::Rome);
    assert_eq!(arrived_from_trent(&log), [(Space::Rome, 2)]);
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Ravenna, Faction::Papacy).total(), 1);
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).total(), 3, "2 survivors and the replacement");
}

/// §19.3 attrition on a stack sent a unit at a time (docs/rulings.md W4):
/// 3 French regulars in Navarre with Bordeaux and Toulouse Hapsburg-held,
/// so no clean way home. One at a time they lose 1, 0 and 1: 2 of 3, as
/// one group would (the loss per group would take all 3).
#[test]
fn attrition_is_taken_once_on_the_units_leaving_with_it() {
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        g.set_land_units(Space::Navarre, Faction::France, LandUnits::regulars(3)).unwrap();
        g.set_controller(Space::Bordeaux, Faction::Hapsburg).unwrap();
        g.set_controller(Space::Toulouse, Faction::Hapsburg).unwrap();
    });
    for _ in 0..3 {
        game.apply_logged(Action::AddUnit(LandUnitKind::Regular), &mut log).unwrap();
        game.apply_logged(Action::WinterTo(Space::Paris), &mut log).unwrap();
    }
    let arrived: Vec<u8> = log
        .iter()
        .filter_map(|e| match e {
            Event::WinterReturn { from: Space::Navarre, units, .. } => Some(units.total()),
            _ => None,
        })
        .collect();
    assert_eq!(arrived, [0, 1, 0]);
}

/// §19.3: a fleet whose nearest ports tie may split between them (seed
/// 001; docs/rulings.md W9). Three French squadrons in the Bay of Biscay,
/// one step from Bordeaux, Brest and Nantes: one to each.
#[test]
fn a_fleet_splits_between_equally_near_ports() {
    let biscay = NavalLocation::Sea(SeaZone::BayOfBiscay);
    let (mut game, mut log) = winter(|g| {
        g.set_naval_units(biscay, Faction::France, NavalUnits::squadrons(3)).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let first = game.legal_actions();
    assert!(first.contains(&Action::AddShip(NavalUnitKind::Squadron)), "{first:?}");
    assert!(first.contains(&Action::WinterTo(Space::Brest)), "{first:?}");
    for to in [Space::Brest, Space::Nantes] {
        game.apply_logged(Action::AddShip(NavalUnitKind::Squadron), &mut log).unwrap();
        game.apply_logged(Action::WinterTo(to), &mut log).unwrap();
    }
    // The last ship (and any naval leader) goes with the last order.
    assert!(!game.legal_actions().contains(&Action::AddShip(NavalUnitKind::Squadron)));
    game.apply_logged(Action::WinterTo(Space::Bordeaux), &mut log).unwrap();
    for port in [Space::Brest, Space::Nantes, Space::Bordeaux] {
        assert_eq!(game.naval_units(NavalLocation::Port(port), Faction::France), NavalUnits::squadrons(1), "{port}");
    }
    assert_eq!(game.naval_units(biscay, Faction::France), NavalUnits::NONE);
}

/// §19.3 step 1 with the capital in enemy hands (exception 2): the units
/// over the limit are eliminated, and the owner chooses which (docs/rulings.md
/// W10). Four regulars and two mercenaries in Lyon; the owner keeps the
/// mercenaries.
#[test]
fn the_owner_chooses_the_units_a_forced_elimination_takes() {
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        g.set_controller(Space::Paris, Faction::Hapsburg).unwrap();
        g.set_land_units(Space::Lyon, Faction::France, LandUnits { regulars: 4, mercenaries: 2, cavalry: 0 }).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Done], "no capital to send them to");
    game.apply_logged(Action::Done, &mut log).unwrap();
    let choices = [Action::LoseUnit(LandUnitKind::Regular), Action::LoseUnit(LandUnitKind::Mercenary)];
    assert_eq!(game.legal_actions().as_slice(), &choices);
    game.apply_logged(Action::LoseUnit(LandUnitKind::Regular), &mut log).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &choices);
    game.apply_logged(Action::LoseUnit(LandUnitKind::Regular), &mut log).unwrap();
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.land_units(Space::Lyon, Faction::France), LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 });
}

/// A bare two-player board (§24.3) whose action phase ends at once: both
/// players pass; returns the game after the winter and what it reported.
fn two_player_winter(edit: impl FnOnce(&mut Game)) -> (Game, Vec<Event>) {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5).with_fast_play(true));
    edit(&mut game);
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    let mut log = Vec::new();
    while game.phase() == Phase::Action {
        game.apply_logged(Action::Pass, &mut log).unwrap();
    }
    assert!(log.contains(&Event::PhaseBegan { turn: 1, phase: Phase::Winter }));
    (game, log)
}

/// §24.3's winter (the two-player sequence of play; docs/rulings.md W11):
/// the French, Hapsburg and Ottoman army leaders leave the map; their units
/// go home as usual, no one deciding, but those that would have to go to a
/// capital are eliminated; England winters as usual; only Rome gets a
/// replacement regular.
#[test]
fn the_two_player_winter_for_the_powers_no_one_plays() {
    let (game, log) = two_player_winter(|g| {
        // Six French regulars and Montmorency in the open at Dijon: 4 fit
        // in Lyon, the nearest French fortress; the other 2 would have to
        // go to Paris.
        g.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(6)).unwrap();
        g.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Dijon)).unwrap();
        // Three Hapsburg regulars and Charles V in Graz: only the capitals
        // would take them.
        g.set_land_units(Space::Graz, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
        g.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Graz)).unwrap();
        g.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Istanbul)).unwrap();
        // Six English regulars in York: 2 over the limit go to London.
        g.set_land_units(Space::York, Faction::England, LandUnits::regulars(6)).unwrap();
        g.set_leader(Leader::CharlesBrandon, LeaderLocation::Space(Space::York)).unwrap();
    });
    let returned = |faction: Faction, from: Space| -> Vec<(Space, u8)> {
        log.iter()
            .filter_map(|e| match *e {
                Event::WinterReturn { faction: f, from: s, to, units } if f == faction && s == from => {
                    Some((to, units.total()))
                }
                _ => None,
            })
            .collect()
    };
    let eliminated = |faction: Faction, at: Space| -> u8 {
        log.iter()
            .map(|e| match *e {
                Event::UnitsEliminated { faction: f, space, units } if f == faction && space == at => units.total(),
                _ => 0,
            })
            .sum()
    };
    assert_eq!(returned(Faction::France, Space::Dijon), [(Space::Lyon, 4)]);
    assert_eq!(eliminated(Faction::France, Space::Dijon), 2);
    assert_eq!(returned(Faction::Hapsburg, Space::Graz), []);
    assert_eq!(eliminated(Faction::Hapsburg, Space::Graz), 3);
    assert_eq!(returned(Faction::England, Space::York), [(Space::London, 2)]);
    assert_eq!(eliminated(Faction::England, Space::York), 0);
    for leader in [Leader::Montmorency, Leader::CharlesV, Leader::Suleiman] {
        assert_eq!(game.leader_location(leader), LeaderLocation::Unavailable, "{leader}");
    }
    assert_eq!(game.leader_location(Leader::CharlesBrandon), LeaderLocation::Space(Space::York));
    let raised: Vec<Space> = log
        .iter()
        .filter_map(|e| match *e {
            Event::UnitRaised { space, .. } => Some(space),
            _ => None,
        })
        .collect();
    assert_eq!(raised, [Space::Rome]);
}

/// In the other scenarios the same position winters as usual: the
/// leaders stay and the capitals take units.
#[test]
fn the_six_player_winter_keeps_leaders_and_capitals() {
    let (mut game, mut log) = winter(|g| {
        g.set_land_units(Space::Graz, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
        g.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Graz)).unwrap();
    });
    finish(&mut game, &mut log, |_, a| *a.last().unwrap());
    assert!(matches!(game.leader_location(Leader::CharlesV), LeaderLocation::Space(_)));
    assert!(!log.iter().any(|e| matches!(e, Event::UnitsEliminated { .. })));
}

/// W10 with an allied minor's units among those over the limit: 3 French
/// and 2 Genoese regulars in Lyon, Paris and Genoa in Hapsburg hands; the
/// owner picks the Genoese regular.
#[test]
fn a_forced_elimination_may_take_an_allied_minor_unit() {
    let (mut game, mut log) = winter(|g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        g.set_alliance(Power::France, MinorPower::Genoa, true).unwrap();
        g.set_controller(Space::Paris, Faction::Hapsburg).unwrap();
        g.set_controller(Space::Genoa, Faction::Hapsburg).unwrap();
        g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(3)).unwrap();
        g.set_land_units(Space::Lyon, Faction::Genoa, LandUnits::regulars(2)).unwrap();
    });
    while game.pending().space != Some(Space::Lyon) {
        let first = game.legal_actions()[0];
        game.apply_logged(first, &mut log).unwrap();
    }
    assert_eq!(game.legal_actions().as_slice(), &[Action::Done]);
    game.apply_logged(Action::Done, &mut log).unwrap();
    let choices = [Action::LoseUnit(LandUnitKind::Regular), Action::LoseMinorUnit(MinorPower::Genoa)];
    assert_eq!(game.legal_actions().as_slice(), &choices);
    game.apply_logged(Action::LoseMinorUnit(MinorPower::Genoa), &mut log).unwrap();
    assert_eq!(game.land_units(Space::Lyon, Faction::France), LandUnits::regulars(3));
    assert_eq!(game.land_units(Space::Lyon, Faction::Genoa), LandUnits::regulars(1));
}

/// §19.3 step 3: Montmorency's space is vacated by a group going to a
/// fortified space other than Paris: he may follow it or go to Paris.
#[test]
fn a_leader_whose_space_is_vacated_may_follow_his_units_or_go_to_his_capital() {
    let (mut game, mut log) = winter(|g| {
        g.set_land_units(Space::Dijon, Faction::France, LandUnits::regulars(2)).unwrap();
        g.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Dijon)).unwrap();
    });
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    let to = game
        .legal_actions()
        .iter()
        .find_map(|a| match *a {
            Action::WinterTo(s) if s != Space::Paris => Some(s),
            _ => None,
        })
        .expect("a fortified space other than Paris");
    game.apply_logged(Action::WinterTo(to), &mut log).unwrap();
    assert_eq!(game.pending().kind, DecisionKind::WinterReturn);
    let mut choices = common::legal(&game);
    choices.sort();
    let mut expected = vec![Action::WinterTo(to), Action::WinterTo(Space::Paris)];
    expected.sort();
    assert_eq!(choices, expected);
    assert_eq!(game.validate(), Ok(()));
    game.apply_logged(Action::WinterTo(Space::Paris), &mut log).unwrap();
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
    assert_eq!(game.land_units(to, Faction::France).total(), 2);
}

/// §19.3 step 3 (ruling W8): an army leader standing without units goes
/// home to his capital.
#[test]
fn an_army_leader_without_units_goes_to_his_capital() {
    let (mut game, mut log) = winter(|g| {
        g.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Dijon)).unwrap();
    });
    finish(&mut game, &mut log, |_, a| a[0]);
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
}

/// §19.3 step 3: a Hapsburg leader alone chooses between his two capitals,
/// one at a time with two leaders in the space.
#[test]
fn lone_hapsburg_leaders_each_choose_a_capital() {
    let (mut game, mut log) = winter(|g| {
        g.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Graz)).unwrap();
        g.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Graz)).unwrap();
    });
    while game.decider() != Decider::Power(Power::Hapsburg) {
        let first = common::legal(&game)[0];
        game.apply_logged(first, &mut log).unwrap();
    }
    let mut choices = common::legal(&game);
    choices.sort();
    let mut expected = vec![Action::WinterTo(Space::Valladolid), Action::WinterTo(Space::Vienna)];
    expected.sort();
    assert_eq!(choices, expected);
    game.apply_logged(Action::WinterTo(Space::Vienna), &mut log).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    game.apply_logged(Action::WinterTo(Space::Valladolid), &mut log).unwrap();
    let places = [game.leader_location(Leader::CharlesV), game.leader_location(Leader::DukeOfAlva)];
    assert!(places.contains(&LeaderLocation::Space(Space::Vienna)));
    assert!(places.contains(&LeaderLocation::Space(Space::Valladolid)));
}
