//! The turn engine: decisions, card play, passing, formations, control.

use here_i_stand::*;

use crate::common;

/// A bare 1517 board in the action phase, at the Ottoman's impulse, with
/// every hand empty.
fn action_phase() -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 11).with_fast_play(true));
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    game
}

#[test]
fn an_empty_hand_must_pass() {
    let game = action_phase();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Pass]);
}

#[test]
fn pass_rules() {
    // §11.1: no pass while the home card is held.
    let mut game = action_phase();
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    assert!(!game.may_pass(Power::Ottoman));
    assert!(!game.legal_actions().contains(&Action::Pass));
    // No pass with more cards than the ruler's admin rating (Suleiman: 2).
    let mut game = action_phase();
    for card in [Card::MachiavelliThePrince, Card::Roxelana, Card::ScotsRaid] {
        game.give_card(Power::Ottoman, card).unwrap();
    }
    assert!(!game.may_pass(Power::Ottoman));
    game.discard_card(Card::ScotsRaid).unwrap();
    assert!(game.may_pass(Power::Ottoman));
    // No pass with a mandatory event in hand.
    game.discard_card(Card::Roxelana).unwrap();
    game.give_card(Power::Ottoman, Card::MasterOfItaly).unwrap();
    assert!(!game.may_pass(Power::Ottoman));
    // A mandatory event is never played for CP alone.
    assert!(!game.legal_actions().contains(&Action::PlayCp(Card::MasterOfItaly)));
}

#[test]
fn the_phase_ends_after_every_power_passes() {
    let mut game = action_phase();
    let mut log = Vec::new();
    for power in Power::ALL {
        assert_eq!(game.decider(), Decider::Power(power));
        game.apply_logged(Action::Pass, &mut log).unwrap();
    }
    assert!(log.contains(&Event::PhaseBegan { turn: 1, phase: Phase::Winter }));
    assert!(log.contains(&Event::PhaseBegan { turn: 2, phase: Phase::CardDraw }));
    assert_eq!(game.turn(), 2);
}

#[test]
fn illegal_actions_leave_the_game_unchanged() {
    let mut game = action_phase();
    let before = game.clone();
    let err = game.apply(Action::PlayCp(Card::Janissaries)).unwrap_err();
    assert!(matches!(err, IllegalAction::NotLegal { .. }));
    assert_eq!(game, before);
    assert!(game.apply(Action::Done).is_err());
    assert_eq!(game, before);
}

/// The Buda example of seed 002 (§5.1): 12 regulars and 2 cavalry with
/// Suleiman (command 12) and Ibrahim (6): 4 units move without a leader,
/// 12 with Suleiman, all 14 with both.
#[test]
fn buda_formation_limits() {
    let setup = |leaders: &[Leader]| {
        let mut game = action_phase();
        game.set_controller(Space::Buda, Faction::Ottoman).unwrap();
        game.set_controller(Space::Pressburg, Faction::Ottoman).unwrap();
        game.set_land_units(Space::Buda, Faction::Ottoman, LandUnits { regulars: 12, mercenaries: 0, cavalry: 2 })
            .unwrap();
        game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Buda)).unwrap();
        game.set_leader(Leader::Ibrahim, LeaderLocation::Space(Space::Buda)).unwrap();
        game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
        game.apply(Action::PlayCp(Card::Janissaries)).unwrap();
        game.apply(Action::MoveFrom(Space::Buda)).unwrap();
        for &leader in leaders {
            game.apply(Action::AddLeader(leader)).unwrap();
        }
        game
    };
    for (leaders, limit) in
        [(&[][..], 4), (&[Leader::Suleiman][..], 12), (&[Leader::Suleiman, Leader::Ibrahim][..], 14)]
    {
        let mut game = setup(leaders);
        let mut added = 0;
        while let Some(&add) = game.legal_actions().iter().find(|a| matches!(a, Action::AddUnit(_))) {
            game.apply(add).unwrap();
            added += 1;
        }
        assert_eq!(added, limit, "leaders {leaders:?}");
        game.apply(Action::MoveTo(Space::Pressburg)).unwrap();
        assert_eq!(game.land_units(Space::Pressburg, Faction::Ottoman).total(), limit);
        assert_eq!(game.land_units(Space::Buda, Faction::Ottoman).total(), 14 - limit);
    }
}

#[test]
fn a_move_pays_one_cp_in_clear_and_two_over_a_pass() {
    let mut game = action_phase();
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(2)).unwrap();
    game.give_card(Power::France, Card::MachiavelliThePrince).unwrap(); // 3 CP
    for _ in 0..3 {
        game.apply(Action::Pass).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::France));
    game.apply(Action::PlayCp(Card::MachiavelliThePrince)).unwrap();
    game.apply(Action::MoveFrom(Space::Paris)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::MoveTo(Space::Orleans)).unwrap();
    // 2 CP left: the impulse goes on.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(game.legal_actions().contains(&Action::Done));
    assert_eq!(game.land_units(Space::Orleans, Faction::France).total(), 1);
}

/// §12.1: LOC runs through friendly spaces, and across sea zones only with
/// the power's own (or allied) ships in each zone.
#[test]
fn lines_of_communication() {
    use here_i_stand::rules::loc::has_loc;
    let channel = NavalLocation::Sea(SeaZone::EnglishChannel);
    let north_sea = NavalLocation::Sea(SeaZone::NorthSea);
    let base = || {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
        // No English source on the continent: Calais is French here.
        game.set_controller(Space::Calais, Faction::France).unwrap();
        game.set_controller(Space::Boulogne, Faction::England).unwrap();
        game
    };
    let mut game = base();
    assert!(has_loc(&game, Power::England, Space::London));
    assert!(!has_loc(&game, Power::England, Space::StQuentin));
    // English ships in the Channel join Portsmouth (an English fortified
    // home port) to Boulogne; ships in the North Sea alone do not.
    game.set_naval_units(north_sea, Faction::England, NavalUnits::squadrons(1)).unwrap();
    assert!(!has_loc(&game, Power::England, Space::StQuentin));
    game.set_naval_units(channel, Faction::England, NavalUnits::squadrons(1)).unwrap();
    assert!(has_loc(&game, Power::England, Space::StQuentin));
    // Unrest in Boulogne cuts the path.
    game.set_unrest(Space::Boulogne, true).unwrap();
    assert!(!has_loc(&game, Power::England, Space::StQuentin));
    // French ships do not serve England.
    let mut game = base();
    game.set_naval_units(channel, Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(north_sea, Faction::England, NavalUnits::squadrons(1)).unwrap();
    assert!(!has_loc(&game, Power::England, Space::StQuentin));
}

/// §12.2: control of an unfortified space by occupation, and by adjacency
/// when no enemy land units are adjacent.
#[test]
fn control_of_unfortified_spaces() {
    use here_i_stand::rules::loc::can_control;
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    let target = Space::Orleans;
    game.set_controller(target, Faction::Hapsburg).unwrap();
    assert!(!can_control(&game, Power::France, target), "no French units near");
    game.set_land_units(Space::Tours, Faction::France, LandUnits::regulars(1)).unwrap();
    assert!(can_control(&game, Power::France, target), "by adjacency");
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    assert!(!can_control(&game, Power::France, target), "enemy adjacent");
    game.set_land_units(target, Faction::France, LandUnits::regulars(1)).unwrap();
    assert!(can_control(&game, Power::France, target), "by occupation");
    // Not at war: no control.
    game.set_war(Power::France, Power::Hapsburg, false).unwrap();
    assert!(!can_control(&game, Power::France, target));
}

#[test]
fn observation_hides_other_hands() {
    let mut a = action_phase();
    a.give_card(Power::France, Card::MachiavelliThePrince).unwrap();
    a.put_card_in_deck(Card::Roxelana).unwrap();
    let mut b = action_phase();
    b.give_card(Power::France, Card::Roxelana).unwrap();
    b.put_card_in_deck(Card::MachiavelliThePrince).unwrap();
    assert_eq!(a.observation(Power::England), b.observation(Power::England));
    assert_ne!(a.observation(Power::France), b.observation(Power::France));
    assert_eq!(a.observation(Power::England).hand_size(Power::France), 1);
}

/// §17: corsairs after Barbary Pirates (Algiers in play), 1 CP, in Ottoman
/// home ports and Algiers, where no squadron may be built.
#[test]
fn corsairs_after_barbary_pirates() {
    let mut game = action_phase();
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    game.apply(Action::PlayCp(Card::Janissaries)).unwrap();
    let actions = game.legal_actions();
    assert!(!actions.iter().any(|a| matches!(a, Action::BuildCorsair(_))), "not before Barbary Pirates");
    assert!(actions.contains(&Action::BuildSquadron(Space::Istanbul)));

    let mut game = Game::empty(Setup::new(Scenario::Y1517, 11).with_fast_play(true));
    game.set_in_play(Space::Algiers, true).unwrap();
    game.set_controller(Space::Algiers, Faction::Ottoman).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    game.apply(Action::PlayCp(Card::Janissaries)).unwrap();
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::BuildCorsair(Space::Algiers)));
    assert!(actions.contains(&Action::BuildCorsair(Space::Istanbul)));
    assert!(!actions.contains(&Action::BuildSquadron(Space::Algiers)));
    // Only corsairs in Algiers (§17, §21.1): no land units either.
    assert!(!actions.contains(&Action::RaiseRegular(Space::Algiers)));
    assert!(!actions.contains(&Action::RaiseCavalry(Space::Algiers)));
    assert!(actions.contains(&Action::RaiseRegular(Space::Istanbul)));
    game.apply(Action::BuildCorsair(Space::Algiers)).unwrap();
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Algiers), Faction::Ottoman).corsairs, 1);
}

/// §8: Maurice of Saxony arrives at the start of turn 6 in a
/// Protestant-controlled electorate, the Protestant choosing which.
#[test]
fn maurice_of_saxony_arrives_on_turn_6() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true));
    game.set_turn(6).unwrap();
    game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    game.set_controller(Space::Brandenburg, Faction::Protestant).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::PlaceAt(Space::Brandenburg), Action::PlaceAt(Space::Wittenberg)]
    );
    game.apply(Action::PlaceAt(Space::Wittenberg)).unwrap();
    assert_eq!(game.leader_location(Leader::MauriceOfSaxony), LeaderLocation::Space(Space::Wittenberg));
}

/// §8: a naval leader off the map comes back to a friendly port.
#[test]
fn naval_leaders_come_back() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.set_leader(Leader::AndreaDoria, LeaderLocation::TurnTrack).unwrap();
    game.run_automatic();
    // Genoa, inactive, has no power to choose for it: Doria returns at once
    // to a Genoese port (Bastia or Genoa).
    let LeaderLocation::Space(port) = game.leader_location(Leader::AndreaDoria) else { panic!("not back") };
    assert_eq!(game.controller(port), Faction::Genoa);
    assert!(port.is_port());
    // Allied to France, Genoa's two ports are France's choice.
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.set_alliance(Power::France, MinorPower::Genoa, true).unwrap();
    game.set_leader(Leader::AndreaDoria, LeaderLocation::TurnTrack).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(game.legal_actions().contains(&Action::PlaceAt(Space::Marseille)));
}

/// §8: Zwingli arrives in Zurich on turn 2 and Calvin in Geneva on turn 4,
/// each turning his space Protestant.
#[test]
fn reformers_arrive_by_turn() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.run_automatic();
    assert_eq!(game.reformer_state(Reformer::Zwingli), ReformerState::OnMap);
    assert_eq!(game.religion(Space::Zurich), Religion::Protestant);
    assert_eq!(game.reformer_state(Reformer::Calvin), ReformerState::NotArrived);
    assert_eq!(game.religion(Space::Geneva), Religion::Catholic);
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_turn(4).unwrap();
    game.run_automatic();
    assert_eq!(game.reformer_state(Reformer::Calvin), ReformerState::OnMap);
    assert_eq!(game.religion(Space::Geneva), Religion::Protestant);
}

/// `Game::enemy_spaces` is `Game::has_enemy_units` for every space at
/// once, in positions of random play.
#[test]
fn enemy_spaces_agree_with_the_single_test() {
    let checked = common::on_random_positions(9, 11, |game| {
        for power in Power::ALL {
            let enemies = game.enemy_spaces(power);
            for space in Space::ALL {
                assert_eq!(enemies.contains(space), game.has_enemy_units(power, space), "{power} {space}");
            }
        }
    });
    assert!(checked > 800, "{checked}");
}

/// §17.1: land units are raised in "any friendly home space": a Hapsburg
/// home space the Hapsburgs' ally holds is one (§1, "friendly" is the
/// power's or an ally's); held by a power that is not an ally, it is not.
#[test]
fn a_power_builds_in_its_home_space_held_by_an_ally() {
    let build = |allied: bool| {
        let mut game = common::board(7);
        game.set_alliance(Power::Hapsburg, Power::Papacy, allied).unwrap();
        game.set_controller(Space::Naples, Faction::Papacy).unwrap();
        common::impulse(&mut game, Power::Hapsburg, 4);
        game.legal_actions().contains(&Action::RaiseRegular(Space::Naples))
    };
    assert!(build(true), "Naples, held by the Papacy, an ally");
    assert!(!build(false), "Naples, held by the Papacy, not an ally");
}
