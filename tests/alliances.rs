//! Alliances in play (§9.2) and allied minor powers in the field (§22.3):
//! allied spaces friendly to movement, joint defence with shared losses
//! and the odd loss at random, and an active minor's regulars moving,
//! intercepting and fighting in their major ally's formations.

use here_i_stand::*;

use crate::common::{apply, board, card_windows, field_battle, impulse, legal};

use LandUnitKind::Regular;

/// Declines every decision of a power other than `mover` that offers a
/// decline (interception, avoid battle, withdrawal, combat cards).
fn decline_others(game: &mut Game, mover: Power, log: &mut Vec<Event>) {
    while let Decider::Power(p) = game.decider() {
        if p == mover || !game.legal_actions().contains(&Action::Decline) {
            break;
        }
        apply(game, Action::Decline, log);
    }
}

/// Regulars of `faction` eliminated in `space`, by the log.
fn eliminated(log: &[Event], faction: Faction, space: Space) -> u8 {
    log.iter()
        .filter_map(|e| match *e {
            Event::UnitsEliminated { faction: f, space: s, units } if f == faction && s == space => Some(units.total()),
            _ => None,
        })
        .sum()
}

/// §9.2, §13.1: a power may move into a space its ally controls; without
/// the alliance (and at peace) it may not.
#[test]
fn movement_into_an_allys_space() {
    for allied in [false, true] {
        let mut game = board(3);
        game.set_alliance(Power::France, Power::Hapsburg, allied).unwrap();
        game.set_land_units(Space::StQuentin, Faction::France, LandUnits::regulars(2)).unwrap();
        impulse(&mut game, Power::France, 2);
        let mut log = Vec::new();
        apply(&mut game, Action::MoveFrom(Space::StQuentin), &mut log);
        apply(&mut game, Action::AddUnit(Regular), &mut log);
        apply(&mut game, Action::AddUnit(Regular), &mut log);
        assert_eq!(legal(&game).contains(&Action::MoveTo(Space::Brussels)), allied);
        if allied {
            apply(&mut game, Action::MoveTo(Space::Brussels), &mut log);
            decline_others(&mut game, Power::France, &mut log);
            assert_eq!(game.land_units(Space::Brussels, Faction::France), LandUnits::regulars(2));
            assert_eq!(game.controller(Space::Brussels), Faction::Hapsburg, "an ally's space stays its own");
            assert!(field_battle(&log).is_none());
        }
    }
}

/// §9.2: a Hapsburg and an English stack in Boulogne (Hapsburg) defend
/// together against France, though England is at peace with France; three
/// hits are shared one each, and the odd one falls at random: across seeds
/// both powers take it.
#[test]
fn joint_defence_shares_losses_and_the_odd_loss_falls_at_random() {
    let mut odd = [0u32; 2];
    for seed in 0..24 {
        let mut game = board(seed);
        game.set_war(Power::France, Power::Hapsburg, true).unwrap();
        game.set_alliance(Power::England, Power::Hapsburg, true).unwrap();
        game.set_land_units(Space::StQuentin, Faction::France, LandUnits::regulars(4)).unwrap();
        game.set_controller(Space::Boulogne, Faction::Hapsburg).unwrap();
        game.set_land_units(Space::Boulogne, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
        game.set_land_units(Space::Boulogne, Faction::England, LandUnits::regulars(2)).unwrap();
        impulse(&mut game, Power::France, 3);
        let mut log = Vec::new();
        apply(&mut game, Action::MoveFrom(Space::StQuentin), &mut log);
        for _ in 0..4 {
            apply(&mut game, Action::AddUnit(Regular), &mut log);
        }
        apply(&mut game, Action::MoveTo(Space::Boulogne), &mut log);
        // Each ally may avoid battle on its own, in impulse order (§13.3).
        assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
        apply(&mut game, Action::Decline, &mut log);
        assert_eq!(game.decider(), Decider::Power(Power::England));
        apply(&mut game, Action::Decline, &mut log);
        game.force_dice(&[5, 5, 5, 1]).unwrap(); // France: 4 dice, 3 hits
        game.force_dice(&[1, 1, 1, 1, 1]).unwrap(); // the allies: 4 units + 1
        card_windows(&mut game, &mut log);
        let (_, _, _, a, d, _) = field_battle(&log).expect("a field battle");
        assert_eq!((a.count(), d.count()), (4, 5), "both allies' units roll");
        while let Decider::Power(p) = game.decider() {
            if game.pending().kind != DecisionKind::Losses {
                break;
            }
            let first = legal(&game)[0];
            assert!(matches!(p, Power::Hapsburg | Power::England));
            apply(&mut game, first, &mut log);
        }
        let lost =
            [eliminated(&log, Faction::Hapsburg, Space::Boulogne), eliminated(&log, Faction::England, Space::Boulogne)];
        assert_eq!(lost[0] + lost[1], 3);
        assert!(lost.contains(&1) && lost.contains(&2), "shared evenly, odd loss to one: {lost:?}");
        odd[usize::from(lost[1] == 2)] += 1;
    }
    assert!(odd[0] > 0 && odd[1] > 0, "the odd loss falls on each power in some seed: {odd:?}");
}

/// A bare board with France at war with England and Scotland France's
/// active ally; `french` French and `scots` Scottish regulars in
/// Edinburgh, 2 English regulars in Berwick; France's impulse with 3 CP.
fn auld_alliance_field(french: u8, scots: u8) -> Game {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    if french > 0 {
        game.set_land_units(Space::Edinburgh, Faction::France, LandUnits::regulars(french)).unwrap();
    }
    game.set_land_units(Space::Edinburgh, Faction::Scotland, LandUnits::regulars(scots)).unwrap();
    game.set_land_units(Space::Berwick, Faction::England, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::France, 3);
    game
}

/// §22.3, §5.1: Scottish regulars join a French formation out of
/// Edinburgh, within the formation limit of 4 without a leader; they roll
/// with it, may take its loss, and move in with it when it wins.
#[test]
fn an_allied_minors_units_move_and_fight_with_their_major() {
    let mut game = auld_alliance_field(3, 2);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Edinburgh), &mut log);
    assert!(legal(&game).contains(&Action::AddMinorUnit(MinorPower::Scotland)));
    for _ in 0..2 {
        apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    }
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    // Four units: the limit of a formation without a leader (§5.1).
    assert!(!legal(&game).contains(&Action::AddUnit(Regular)));
    apply(&mut game, Action::MoveTo(Space::Berwick), &mut log);
    decline_others(&mut game, Power::France, &mut log);
    game.force_dice(&[6, 6, 1, 1]).unwrap(); // France: 2 + 2 Scots = 4 dice, 2 hits
    game.force_dice(&[5, 1, 1]).unwrap(); // England: 2 + 1 dice, 1 hit
    card_windows(&mut game, &mut log);
    let (_, _, _, a, _, winner) = field_battle(&log).expect("a field battle");
    assert_eq!(a.count(), 4, "the Scots roll with the French");
    assert_eq!(winner, Faction::France);
    let choices = legal(&game);
    assert!(
        choices.contains(&Action::LoseUnit(Regular)) && choices.contains(&Action::LoseMinorUnit(MinorPower::Scotland))
    );
    apply(&mut game, Action::LoseMinorUnit(MinorPower::Scotland), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(game.land_units(Space::Berwick, Faction::France), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Berwick, Faction::Scotland), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::Scotland), LandUnits::NONE);
    assert!(log.iter().any(|e| matches!(
        e,
        Event::MinorUnitsMoved {
            minor: MinorPower::Scotland,
            with: Power::France,
            from: Space::Edinburgh,
            to: Space::Berwick,
            regulars: 1
        }
    )));
    assert_eq!(game.validate(), Ok(()));
}

/// §22.3: an active minor's regulars alone form a formation of their
/// ally's; an inactive minor's never move (§22.1).
#[test]
fn an_allied_minors_units_move_alone_and_an_inactive_minors_never() {
    let mut game = auld_alliance_field(0, 2);
    assert!(legal(&game).contains(&Action::MoveFrom(Space::Edinburgh)));
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Edinburgh), &mut log);
    assert!(!legal(&game).contains(&Action::MoveTo(Space::Stirling)), "nothing in the formation yet");
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    apply(&mut game, Action::MoveTo(Space::Stirling), &mut log);
    decline_others(&mut game, Power::France, &mut log);
    assert_eq!(game.land_units(Space::Stirling, Faction::Scotland), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::Scotland), LandUnits::regulars(1));

    let mut game = board(4);
    game.set_land_units(Space::Edinburgh, Faction::Scotland, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::France, 3);
    assert!(!legal(&game).contains(&Action::MoveFrom(Space::Edinburgh)));
    assert!(!game.is_legal(&Action::MoveFrom(Space::Edinburgh)));
}

/// §13.2, §22.3: the Scots in Edinburgh intercept an English move into
/// Glasgow for France, their ally at war with England.
#[test]
fn an_allied_minors_units_intercept_for_their_major() {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game.set_land_units(Space::Edinburgh, Faction::Scotland, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Carlisle, Faction::England, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::England, 3);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Carlisle), &mut log);
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    apply(&mut game, Action::MoveTo(Space::Glasgow), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.pending().kind, DecisionKind::Interception);
    assert!(!legal(&game).contains(&Action::MoveTo(Space::Glasgow)), "nothing in the formation yet");
    for _ in 0..3 {
        apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    }
    game.force_dice(&[5, 4]).unwrap(); // 9: intercepted
    apply(&mut game, Action::MoveTo(Space::Glasgow), &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::InterceptionAttempt { power: Power::France, success: true, .. })));
    assert_eq!(game.land_units(Space::Glasgow, Faction::Scotland), LandUnits::regulars(3));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::Scotland), LandUnits::NONE);
    assert_eq!(game.validate(), Ok(()));
}

/// Random 1517 play moves allied minors' units with their majors, and
/// every game stays valid.
#[test]
fn random_play_moves_allied_minors() {
    use rand_core::{Rng, SeedableRng};
    let mut moved = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut log = Vec::new();
        while let Decider::Power(_) = game.decider() {
            let actions = game.legal_actions();
            let pick = (rng.next_u64() % actions.len() as u64) as usize;
            game.apply_logged(actions[pick], &mut log).unwrap();
        }
        moved += log.iter().filter(|e| matches!(e, Event::MinorUnitsMoved { .. })).count();
        assert_eq!(game.validate(), Ok(()));
        if moved > 0 {
            break;
        }
    }
    assert!(moved > 0, "no allied minor moved in 40 games");
}

/// §15.1, §22.3: Scottish regulars besieging York with the French assault
/// with them: 4 units against defenders inside roll 2 dice (1 without the
/// Scots); the Scots may take France's loss; York falls to France.
#[test]
fn an_allied_minors_units_assault_with_their_major() {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game.set_controller(Space::Berwick, Faction::France).unwrap();
    game.set_besieged_units(Space::York, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::York, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::York, Faction::Scotland, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(legal(&game).contains(&Action::Assault(Space::York)));
    let mut log = Vec::new();
    apply(&mut game, Action::Assault(Space::York), &mut log);
    game.force_dice(&[6, 6]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    let dice = log.iter().find_map(|e| match *e {
        Event::Assault { attacker_dice, .. } => Some(attacker_dice),
        _ => None,
    });
    let choices = legal(&game);
    assert!(choices.contains(&Action::LoseMinorUnit(MinorPower::Scotland)), "{choices:?}");
    apply(&mut game, Action::LoseMinorUnit(MinorPower::Scotland), &mut log);
    while game.pending().kind == DecisionKind::Losses {
        let first = legal(&game)[0];
        apply(&mut game, first, &mut log);
    }
    card_windows(&mut game, &mut log);
    let dice = dice.or_else(|| {
        log.iter().find_map(|e| match *e {
            Event::Assault { attacker_dice, .. } => Some(attacker_dice),
            _ => None,
        })
    });
    assert_eq!(dice.map(|d| d.count()), Some(2), "the Scots add a die");
    assert_eq!(game.controller(Space::York), Faction::France);
    assert_eq!(game.land_units(Space::York, Faction::Scotland), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::York, Faction::France), LandUnits::regulars(2));
    assert_eq!(game.validate(), Ok(()));
}

/// §16.3, §22.3: France carries Scottish regulars by sea from Glasgow
/// across the Irish Sea (a French squadron there) to Bristol, with England
/// at war with France.
#[test]
fn an_allied_minors_units_sail_with_their_major() {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game.set_land_units(Space::Glasgow, Faction::Scotland, LandUnits::regulars(2)).unwrap();
    game.set_naval_units(NavalLocation::Sea(SeaZone::IrishSea), Faction::France, NavalUnits::squadrons(1)).unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(legal(&game).contains(&Action::TransportFrom(Space::Glasgow)));
    let mut log = Vec::new();
    apply(&mut game, Action::TransportFrom(Space::Glasgow), &mut log);
    decline_others(&mut game, Power::France, &mut log);
    assert_eq!(legal(&game), [Action::AddMinorUnit(MinorPower::Scotland)], "nothing to carry yet");
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    apply(&mut game, Action::NavalToSea(SeaZone::IrishSea), &mut log);
    apply(&mut game, Action::NavalToPort(Space::Bristol), &mut log);
    decline_others(&mut game, Power::France, &mut log);
    assert_eq!(game.land_units(Space::Bristol, Faction::Scotland), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Glasgow, Faction::Scotland), LandUnits::NONE);
    assert!(log.iter().any(|e| matches!(e, Event::MinorUnitsMoved { to: Space::Bristol, regulars: 2, .. })));
    assert_eq!(game.validate(), Ok(()));
}

/// §5.2 with §22.3 (ruling RB4): when an allied minor's loss in a
/// formation's battle leaves a stack its counters cannot show, the counter
/// mix takes more, and the formation counts only the minor units left.
/// Hungary-Bohemia's three 1/2 counters show its lone regulars in Prague,
/// Brunn and Pressburg, its 4/2 counter the 4 in Vienna, which march for
/// the Hapsburg: after one loss, 3 have no counters and only 2 are left.
#[test]
fn a_minor_loss_the_counters_cannot_show_shrinks_the_formation() {
    let mut game = board(4);
    game.set_war(Power::Hapsburg, Power::Ottoman, true).unwrap();
    game.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true).unwrap();
    for (space, n) in [(Space::Vienna, 4), (Space::Prague, 1), (Space::Brunn, 1), (Space::Pressburg, 1)] {
        game.set_land_units(space, Faction::HungaryBohemia, LandUnits::regulars(n)).unwrap();
    }
    game.set_land_units(Space::Graz, Faction::Ottoman, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::Hapsburg, 3);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Vienna), &mut log);
    for _ in 0..4 {
        apply(&mut game, Action::AddMinorUnit(MinorPower::HungaryBohemia), &mut log);
    }
    apply(&mut game, Action::MoveTo(Space::Graz), &mut log);
    decline_others(&mut game, Power::Hapsburg, &mut log);
    game.force_dice(&[1, 1, 1, 1]).unwrap(); // Hapsburg: 4 Hungarians, no hit
    game.force_dice(&[6, 6, 1, 1, 1]).unwrap(); // Ottoman: 4 + 1 dice, 2 hits
    card_windows(&mut game, &mut log);
    assert!(field_battle(&log).is_some(), "a field battle");
    apply(&mut game, Action::LoseMinorUnit(MinorPower::HungaryBohemia), &mut log);
    assert_eq!(game.land_units(Space::Vienna, Faction::HungaryBohemia), LandUnits::regulars(2));
    assert!(game.validate().is_ok(), "{:?}", game.validate());
    while game.pending().kind == DecisionKind::Losses {
        apply(&mut game, Action::LoseMinorUnit(MinorPower::HungaryBohemia), &mut log);
        assert!(game.validate().is_ok(), "{:?}", game.validate());
    }
}

/// A bare 1517 board in the spring deployment phase without the spring
/// events (#102, #109), France holding Genoa and Scotland its ally, with
/// `french` and `scots` regulars and Montmorency in Paris.
fn spring_with_scots(french: u8, scots: u8, allied: bool) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 7).with_fast_play(true));
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game.set_controller(Space::Genoa, Faction::France).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, allied).unwrap();
    if french > 0 {
        game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(french)).unwrap();
        game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Paris)).unwrap();
    }
    game.set_land_units(Space::Paris, Faction::Scotland, LandUnits::regulars(scots)).unwrap();
    game.set_phase(Phase::SpringDeployment).unwrap();
    game.run_automatic();
    game
}

/// §10, §22.3, §5.1: Scottish regulars in Paris deploy with France's
/// formation; they count toward the 5 units that may cross a sea zone and
/// toward Montmorency's command of 6, and their move is reported.
#[test]
fn an_allied_minors_units_spring_deploy_with_their_major() {
    let mut game = spring_with_scots(5, 2, true);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let mut log = Vec::new();
    apply(&mut game, Action::DeployFrom(Space::Paris), &mut log);
    apply(&mut game, Action::AddLeader(Leader::Montmorency), &mut log);
    assert!(legal(&game).contains(&Action::AddMinorUnit(MinorPower::Scotland)));
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    assert!(!legal(&game).contains(&Action::AddLeader(Leader::Montmorency)), "leaders join first");
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    assert!(!legal(&game).contains(&Action::AddMinorUnit(MinorPower::Scotland)), "only 2 Scots in Paris");
    for _ in 0..3 {
        apply(&mut game, Action::AddUnit(Regular), &mut log);
    }
    // 5 units: across the Gulf of Lyon to Genoa (§10*).
    assert!(game.is_legal(&Action::DeployTo(Space::Genoa)));
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    // 6 units, the 2 Scots among them: not by sea, and no seventh (§5.1).
    let choices = legal(&game);
    assert!(!choices.contains(&Action::DeployTo(Space::Genoa)), "{choices:?}");
    assert!(choices.contains(&Action::DeployTo(Space::Marseille)));
    assert!(!choices.contains(&Action::AddUnit(Regular)), "Montmorency commands 6");
    apply(&mut game, Action::DeployTo(Space::Marseille), &mut log);
    assert_eq!(game.land_units(Space::Marseille, Faction::France), LandUnits::regulars(4));
    assert_eq!(game.land_units(Space::Marseille, Faction::Scotland), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Paris, Faction::France), LandUnits::regulars(1));
    assert!(game.land_units(Space::Paris, Faction::Scotland).is_empty());
    assert!(log.contains(&Event::SpringDeployed {
        power: Power::France,
        from: Space::Paris,
        to: Space::Marseille,
        units: LandUnits::regulars(4),
        leaders: 1,
    }));
    assert!(log.contains(&Event::MinorUnitsMoved {
        minor: MinorPower::Scotland,
        with: Power::France,
        from: Space::Paris,
        to: Space::Marseille,
        regulars: 2,
    }));
    assert_eq!(game.validate(), Ok(()));
}

/// §10, §22.3: an allied minor's regulars alone in the capital make a
/// deployment of their ally's; an inactive minor's are never offered.
#[test]
fn an_allied_minors_units_spring_deploy_alone_and_an_inactive_minors_never() {
    let mut game = spring_with_scots(0, 2, true);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(legal(&game).contains(&Action::DeployFrom(Space::Paris)));
    let mut log = Vec::new();
    apply(&mut game, Action::DeployFrom(Space::Paris), &mut log);
    assert!(!legal(&game).contains(&Action::DeployTo(Space::Lyon)), "nothing in the formation yet");
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    apply(&mut game, Action::DeployTo(Space::Genoa), &mut log);
    assert_eq!(game.land_units(Space::Genoa, Faction::Scotland), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Paris, Faction::Scotland), LandUnits::regulars(1));
    assert!(log.iter().any(|e| matches!(e, Event::MinorUnitsMoved { to: Space::Genoa, regulars: 1, .. })));
    assert_eq!(game.validate(), Ok(()));

    // Scotland not France's ally: nobody has anything to deploy.
    let game = spring_with_scots(0, 2, false);
    assert_eq!(game.phase(), Phase::Action);
}

/// §15.1, §22.3: Scottish regulars besieging York alone assault it for
/// France, which spends the CP: 3 attackers against a defender inside
/// roll 2 dice, and York falls to France.
#[test]
fn an_allied_minors_units_assault_without_their_major() {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game.set_controller(Space::Berwick, Faction::France).unwrap();
    game.set_besieged_units(Space::York, Faction::England, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::York, Faction::Scotland, LandUnits::regulars(3)).unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(legal(&game).contains(&Action::Assault(Space::York)));
    let mut log = Vec::new();
    apply(&mut game, Action::Assault(Space::York), &mut log);
    game.force_dice(&[6, 6]).unwrap();
    game.force_dice(&[1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    while game.pending().kind == DecisionKind::Losses {
        let first = legal(&game)[0];
        apply(&mut game, first, &mut log);
    }
    card_windows(&mut game, &mut log);
    let assault = log.iter().find_map(|e| match *e {
        Event::Assault { attacker, attacker_dice, success, .. } => Some((attacker, attacker_dice.count(), success)),
        _ => None,
    });
    assert_eq!(assault, Some((Power::France, 2, true)));
    assert_eq!(game.controller(Space::York), Faction::France);
    assert_eq!(game.land_units(Space::York, Faction::Scotland), LandUnits::regulars(3));
    assert!(game.land_units(Space::York, Faction::England).is_empty());
    assert_eq!(game.validate(), Ok(()));

    // Scotland not France's ally: no assault for France.
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_controller(Space::Berwick, Faction::France).unwrap();
    game.set_besieged_units(Space::York, Faction::England, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::York, Faction::Scotland, LandUnits::regulars(3)).unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(!legal(&game).contains(&Action::Assault(Space::York)));
}

/// §15, §15.1, §22.3: Scottish regulars alone entering empty English York
/// put it under siege for France, which may not assault it in the same
/// impulse.
#[test]
fn an_allied_minors_siege_begun_this_impulse_is_not_assaulted() {
    let mut game = board(4);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game.set_controller(Space::Berwick, Faction::France).unwrap();
    game.set_land_units(Space::Berwick, Faction::Scotland, LandUnits::regulars(3)).unwrap();
    impulse(&mut game, Power::France, 3);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Berwick), &mut log);
    for _ in 0..3 {
        apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    }
    apply(&mut game, Action::MoveTo(Space::York), &mut log);
    decline_others(&mut game, Power::France, &mut log);
    assert!(log.contains(&Event::SiegeBegun { space: Space::York, besieger: Power::France }), "{log:?}");
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(!legal(&game).contains(&Action::Assault(Space::York)));
    assert!(!game.is_legal(&Action::Assault(Space::York)));
    assert_eq!(game.validate(), Ok(()));
}

/// A spring deployment with an allied minor's regulars in its formation is
/// saved and loaded mid-formation, and goes on the same.
#[cfg(feature = "serde")]
#[test]
fn a_spring_deployment_with_minors_round_trips() {
    let mut game = spring_with_scots(2, 2, true);
    let mut log = Vec::new();
    apply(&mut game, Action::DeployFrom(Space::Paris), &mut log);
    apply(&mut game, Action::AddMinorUnit(MinorPower::Scotland), &mut log);
    let json = serde_json::to_string(&game).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.validate(), Ok(()));
    apply(&mut back, Action::DeployTo(Space::Lyon), &mut log);
    assert_eq!(back.land_units(Space::Lyon, Faction::Scotland), LandUnits::regulars(1));
}
