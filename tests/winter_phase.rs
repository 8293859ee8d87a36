//! The winter phase through the engine (§19): ships and land units return
//! home by the owner's choices, alliances end, capitals are replenished.

use here_i_stand::*;

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
