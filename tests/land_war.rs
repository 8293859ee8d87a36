//! Land war (§13-§15, §22.1, §22.5): interception, avoid battle, withdrawal,
//! field battles, losses, captures, retreats, sieges, assaults and relief.

use here_i_stand::*;

use crate::common;
use common::{apply, board, card_windows, card_with_cp, field_battle, impulse, repeat};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use LandUnitKind::{Cavalry, Mercenary, Regular};

/// Forms a formation in `from` and moves it to `to`, logging events.
fn march(game: &mut Game, from: Space, leaders: &[Leader], units: &[(LandUnitKind, u8)], to: Space) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply(Action::MoveFrom(from)).unwrap();
    for &leader in leaders {
        game.apply(Action::AddLeader(leader)).unwrap();
    }
    for &(kind, n) in units {
        for _ in 0..n {
            game.apply(Action::AddUnit(kind)).unwrap();
        }
    }
    game.apply_logged(Action::MoveTo(to), &mut log).unwrap();
    log
}

/// The Vienna example of §14: Suleiman, Ibrahim, 7 regulars and 1 cavalry
/// move from Pressburg into Vienna (Ferdinand and 2 regulars); Charles V
/// and 8 regulars in Graz may intercept.
fn vienna() -> Game {
    let mut game = board(5);
    common::vienna_armies(&mut game).unwrap();
    impulse(&mut game, Power::Ottoman, 3);
    game
}

fn march_on_vienna(game: &mut Game) -> Vec<Event> {
    march(game, Space::Pressburg, &[Leader::Suleiman, Leader::Ibrahim], &[(Regular, 7), (Cavalry, 1)], Space::Vienna)
}

/// §13.2 and the §14 example: Charles intercepts (2d6 8, +2 rating, -1
/// against Ottoman cavalry: 9), then wins the battle 5 hits to 3; the
/// combat-card window asks the attacker, then the defender; losses are
/// chosen by kind; the beaten attacker stays where it came from and may not
/// move again this impulse.
#[test]
fn vienna_interception_and_battle() {
    let mut game = vienna();
    march_on_vienna(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    let offered = game.legal_actions();
    assert!(offered.contains(&Action::Decline) && offered.contains(&Action::AddLeader(Leader::CharlesV)));
    assert!(!offered.contains(&Action::MoveTo(Space::Vienna)), "no interception without units");
    let mut log = Vec::new();
    apply(&mut game, Action::AddLeader(Leader::CharlesV), &mut log);
    repeat(&mut game, Action::AddUnit(Regular), 8, &mut log);
    game.force_dice(&[4, 4]).unwrap();
    game.force_dice(&[5, 5, 5, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // Ottoman: 10 dice, 3 hits
    game.force_dice(&[6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // Hapsburg: 13 dice, 5 hits
    apply(&mut game, Action::MoveTo(Space::Vienna), &mut log);
    assert!(log.contains(&Event::InterceptionAttempt {
        power: Power::Hapsburg,
        from: Space::Graz,
        to: Space::Vienna,
        dice: Dice::of(&[4, 4]),
        modifier: 1,
        success: true,
    }));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg).total(), 10);
    assert_eq!(card_windows(&mut game, &mut log), vec![Power::Ottoman, Power::Hapsburg]);
    let (attacker, defender, space, a, d, winner) = field_battle(&log).expect("a field battle");
    assert_eq!(
        (attacker, defender, space, winner),
        (Power::Ottoman, Faction::Hapsburg, Space::Vienna, Faction::Hapsburg)
    );
    assert_eq!((a.count(), d.count()), (10, 13), "8 units + Suleiman 2; 10 units + Charles 2 + 1 defending");
    // The Ottoman chooses 1 cavalry and 4 regulars.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(game.legal_actions().contains(&Action::LoseUnit(Cavalry)));
    apply(&mut game, Action::LoseUnit(Cavalry), &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 4, &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    repeat(&mut game, Action::LoseUnit(Regular), 3, &mut log);
    assert_eq!(game.land_units(Space::Pressburg, Faction::Ottoman), LandUnits::regulars(3));
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(Space::Pressburg));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(7));
    assert_eq!(game.leader_location(Leader::CharlesV), LeaderLocation::Space(Space::Vienna));
    // §13.1: units that lost a battle this impulse may not move.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(!game.legal_actions().contains(&Action::MoveFrom(Space::Pressburg)));
}

/// §13.2 failure (8 < 9), then §13.3 (declined) and §13.4: Ferdinand's 2
/// regulars withdraw into Vienna, the 8 Ottoman units outnumber them and
/// besiege it; no assault in the impulse the siege began (§15.1).
#[test]
fn failed_interception_withdrawal_and_siege() {
    let mut game = vienna();
    march_on_vienna(&mut game);
    let mut log = Vec::new();
    apply(&mut game, Action::AddLeader(Leader::CharlesV), &mut log);
    repeat(&mut game, Action::AddUnit(Regular), 8, &mut log);
    game.force_dice(&[3, 4]).unwrap();
    apply(&mut game, Action::MoveTo(Space::Vienna), &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::InterceptionAttempt { success: false, modifier: 1, .. })));
    assert_eq!(game.land_units(Space::Graz, Faction::Hapsburg).total(), 8);
    // Avoid battle: Ferdinand's stack may leave, not into Pressburg.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    let avoid = game.legal_actions();
    assert!(avoid.contains(&Action::MoveTo(Space::Graz)) && avoid.contains(&Action::MoveTo(Space::Linz)));
    assert!(!avoid.contains(&Action::MoveTo(Space::Brunn)), "Bohemian: neither its own nor an ally's");
    assert!(!avoid.contains(&Action::MoveTo(Space::Pressburg)), "not where the enemy came from");
    apply(&mut game, Action::Decline, &mut log);
    // Withdrawal: the controller decides.
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::WithdrawInto(Space::Vienna)]);
    apply(&mut game, Action::WithdrawInto(Space::Vienna), &mut log);
    assert!(game.is_besieged(Space::Vienna, Faction::Hapsburg));
    assert_eq!(game.land_units(Space::Vienna, Faction::Ottoman).total(), 8);
    assert!(log.contains(&Event::SiegeBegun { space: Space::Vienna, besieger: Power::Ottoman }));
    assert!(field_battle(&log).is_none());
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(!game.is_legal(&Action::Assault(Space::Vienna)));
    // Units of a siege begun this impulse may not move.
    assert!(!game.legal_actions().contains(&Action::MoveFrom(Space::Vienna)));
}

/// §13.2: no interception across a pass (Graz-Salzburg); the Ottoman in
/// Regensburg intercepts with Ibrahim and cavalry (+1 +1); a stack that
/// tried may not try again this impulse.
#[test]
fn interception_across_passes_and_ottoman_cavalry() {
    let mut game = board(5);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Linz, Faction::Hapsburg, LandUnits::regulars(4)).unwrap();
    game.set_land_units(Space::Graz, Faction::Ottoman, LandUnits::regulars(4)).unwrap();
    game.set_land_units(Space::Regensburg, Faction::Ottoman, LandUnits { regulars: 1, mercenaries: 0, cavalry: 1 })
        .unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::Space(Space::Regensburg)).unwrap();
    impulse(&mut game, Power::Hapsburg, 4);
    march(&mut game, Space::Linz, &[], &[(Regular, 2)], Space::Salzburg);
    // Only the Regensburg stack is asked (Graz is across a pass).
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(game.legal_actions().contains(&Action::AddLeader(Leader::Ibrahim)));
    let mut log = Vec::new();
    apply(&mut game, Action::AddLeader(Leader::Ibrahim), &mut log);
    apply(&mut game, Action::AddUnit(Regular), &mut log);
    apply(&mut game, Action::AddUnit(Cavalry), &mut log);
    game.force_dice(&[3, 3]).unwrap(); // 6 + 2 = 8: fails
    apply(&mut game, Action::MoveTo(Space::Salzburg), &mut log);
    assert!(log.contains(&Event::InterceptionAttempt {
        power: Power::Ottoman,
        from: Space::Regensburg,
        to: Space::Salzburg,
        dice: Dice::of(&[3, 3]),
        modifier: 2,
        success: false,
    }));
    // The move completes; Graz was never asked.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(game.land_units(Space::Salzburg, Faction::Hapsburg).total(), 2);
    // A second move next to Regensburg: its stack already tried.
    march(&mut game, Space::Linz, &[], &[(Regular, 1)], Space::Salzburg);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg), "no second attempt");
    assert_eq!(game.land_units(Space::Salzburg, Faction::Hapsburg).total(), 3);
}

/// Dijon: France moves in from Orleans; the Hapsburg stack with the Duke
/// of Alva may avoid battle only to Besancon: not Orleans (where France
/// came from), Paris (French), Lyon (in unrest), St Dizier (enemy units).
fn dijon() -> Game {
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Dijon)).unwrap();
    game.set_controller(Space::Lyon, Faction::Hapsburg).unwrap();
    game.set_unrest(Space::Lyon, true).unwrap();
    game.set_controller(Space::StDizier, Faction::Hapsburg).unwrap();
    game.set_land_units(Space::StDizier, Faction::France, LandUnits::regulars(1)).unwrap();
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[], &[(Regular, 3)], Space::Dijon);
    game
}

#[test]
fn avoid_battle_destinations_and_success() {
    let mut game = dijon();
    let mut log = Vec::new();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    repeat(&mut game, Action::AddUnit(Regular), 2, &mut log);
    apply(&mut game, Action::AddLeader(Leader::DukeOfAlva), &mut log);
    let moves: Vec<Action> = game.legal_actions().into_iter().filter(|a| matches!(a, Action::MoveTo(_))).collect();
    assert_eq!(moves, vec![Action::MoveTo(Space::Besancon)]);
    game.force_dice(&[5, 3]).unwrap(); // 8 + Alva 1 = 9
    apply(&mut game, Action::MoveTo(Space::Besancon), &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::AvoidBattleAttempt { success: true, modifier: 1, .. })));
    assert_eq!(game.land_units(Space::Besancon, Faction::Hapsburg).total(), 2);
    assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Space(Space::Besancon));
    assert_eq!(game.land_units(Space::Dijon, Faction::France).total(), 3);
    assert!(field_battle(&log).is_none());
}

/// A failed avoid (8 < 9) leads to a field battle in the unfortified space.
#[test]
fn avoid_battle_failure_means_battle() {
    let mut game = dijon();
    let mut log = Vec::new();
    repeat(&mut game, Action::AddUnit(Regular), 2, &mut log);
    game.force_dice(&[4, 3]).unwrap(); // 7 + 0 = 7
    apply(&mut game, Action::MoveTo(Space::Besancon), &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::AvoidBattleAttempt { success: false, .. })));
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 2);
    // No withdrawal in an unfortified space: straight to the card window.
    assert_eq!(card_windows(&mut game, &mut log), vec![Power::France, Power::Hapsburg]);
}

/// §14 steps 3 and 8: the defender rolls a bonus die and wins ties. The
/// attacker retreats to where it came from (§14.1).
#[test]
fn defender_bonus_die_and_tie() {
    let mut game = dijon();
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log); // no avoid
    game.force_dice(&[5, 1, 1]).unwrap(); // France: 3 dice, 1 hit
    game.force_dice(&[6, 1, 1, 1]).unwrap(); // Hapsburg: 2 units + Alva 1 + 1 = 4 dice, 1 hit
    card_windows(&mut game, &mut log);
    let (_, _, _, a, d, winner) = field_battle(&log).unwrap();
    assert_eq!((a.count(), d.count(), winner), (3, 4, Faction::Hapsburg));
    repeat(&mut game, Action::LoseUnit(Regular), 1, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 1, &mut log);
    assert_eq!(game.land_units(Space::Orleans, Faction::France).total(), 2);
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 1);
    assert_eq!(game.land_units(Space::Dijon, Faction::France).total(), 0);
}

/// §14.1: the beaten defender retreats, never into the attacker's origin
/// (Orleans); Besancon is its only legal space here. With none, it is
/// eliminated and its leaders captured.
#[test]
fn defender_retreat_and_elimination() {
    for besancon_open in [true, false] {
        let mut game = dijon();
        if !besancon_open {
            let mut copy = game.clone();
            copy.set_unrest(Space::Besancon, true).unwrap();
            game = copy;
        }
        let mut log = Vec::new();
        apply(&mut game, Action::Decline, &mut log);
        game.force_dice(&[5, 1, 1]).unwrap(); // France 1 hit
        game.force_dice(&[1, 1, 1, 1]).unwrap();
        card_windows(&mut game, &mut log);
        assert_eq!(field_battle(&log).unwrap().5, Faction::France);
        assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
        repeat(&mut game, Action::LoseUnit(Regular), 1, &mut log);
        if besancon_open {
            // The loser keeps 1 unit and Alva: Besancon is its only space.
            assert!(log.contains(&Event::Retreated {
                faction: Faction::Hapsburg,
                from: Space::Dijon,
                to: Space::Besancon,
                units: LandUnits::regulars(1)
            }));
            assert_eq!(game.land_units(Space::Besancon, Faction::Hapsburg).total(), 1);
            assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Space(Space::Besancon));
        } else {
            assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 0);
            assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Captured(Power::France));
            assert!(log.contains(&Event::LeaderCaptured { leader: Leader::DukeOfAlva, by: Power::France }));
        }
        assert_eq!(game.land_units(Space::Dijon, Faction::France).total(), 3);
        assert_eq!(game.decider(), Decider::Power(Power::France));
    }
}

/// §14 step 9: both sides wiped out; the side that rolled more dice keeps
/// one unit (the defender on equal dice). §14 step 10: leaders of a side
/// with no units left are captured by the victor.
#[test]
fn both_wiped_out_and_capture() {
    // Equal dice (France 2 units; Hapsburg 1 unit + 1): the defender keeps one.
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::HenryIi, LeaderLocation::Space(Space::Orleans)).unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[Leader::HenryIi], &[(Regular, 2)], Space::Dijon);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[5, 5]).unwrap();
    game.force_dice(&[5, 5]).unwrap();
    card_windows(&mut game, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    assert_eq!(game.land_units(Space::Orleans, Faction::France).total(), 0);
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 1);
    assert_eq!(game.leader_location(Leader::HenryIi), LeaderLocation::Captured(Power::Hapsburg));

    // More dice (France 2 units + Montmorency 1 = 3; Hapsburg 2): France keeps one.
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Orleans)).unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    game.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Dijon)).unwrap();
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[Leader::Montmorency], &[(Regular, 2)], Space::Dijon);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[5, 1, 1]).unwrap(); // 1 hit
    game.force_dice(&[5, 5, 1]).unwrap(); // 1 + Alva 1 + 1 = 3 dice, 2 hits: Hapsburg wins
    card_windows(&mut game, &mut log);
    assert_eq!(field_battle(&log).unwrap().5, Faction::Hapsburg);
    // Equal dice again (3 and 3): the defender keeps one; France is wiped out.
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 1);
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Captured(Power::Hapsburg));
}

#[test]
fn more_dice_keeps_one() {
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Orleans)).unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[Leader::FrancisI], &[(Regular, 2)], Space::Dijon);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[5, 1, 1]).unwrap(); // 3 dice, 1 hit
    game.force_dice(&[5, 5]).unwrap(); // 2 dice, 2 hits: Hapsburg wins
    card_windows(&mut game, &mut log);
    // Both would be wiped out: France rolled more dice and keeps one.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(game.land_units(Space::Orleans, Faction::France).total(), 1);
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg).total(), 0);
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Space(Space::Orleans));
}

/// Losses are chosen one unit at a time by kind (§14 step 9).
#[test]
fn losses_by_kind() {
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 })
        .unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[], &[(Regular, 2), (Mercenary, 2)], Space::Dijon);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[5, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 6]).unwrap();
    card_windows(&mut game, &mut log);
    assert_eq!(game.legal_actions().as_slice(), &[Action::LoseUnit(Regular), Action::LoseUnit(Mercenary)]);
    repeat(&mut game, Action::LoseUnit(Mercenary), 2, &mut log);
    assert_eq!(game.land_units(Space::Orleans, Faction::France), LandUnits::regulars(2));
}

/// Seed 002 (§5.2): a loss the counters cannot show costs an extra unit.
/// The Papacy's seven 1-counters are all in use, so its stack of 4 hit
/// once cannot show 3 and drops to 2.
#[test]
fn counter_mix_extra_loss() {
    let mut game = board(5);
    game.set_war(Power::Hapsburg, Power::Papacy, true).unwrap();
    for space in [Space::Naples, Space::Ancona, Space::Rome, Space::Ravenna, Space::Paris, Space::London, Space::Lyon] {
        game.set_land_units(space, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    }
    game.set_land_units(Space::Modena, Faction::Papacy, LandUnits::regulars(4)).unwrap();
    game.set_land_units(Space::Trent, Faction::Hapsburg, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::Hapsburg, 3);
    let mut log = march(&mut game, Space::Trent, &[], &[(Regular, 4)], Space::Modena);
    // Ravenna's Papal stack may intercept; it declines, then no avoid.
    while game.decider() == Decider::Power(Power::Papacy) && game.legal_actions().contains(&Action::Decline) {
        if game.legal_actions().as_slice() == [Action::Decline] {
            break;
        }
        apply(&mut game, Action::Decline, &mut log);
    }
    game.force_dice(&[5, 1, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1, 1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    assert_eq!(game.legal_actions().as_slice(), &[Action::LoseUnit(Regular)]);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    let lost: u8 = log
        .iter()
        .filter_map(|e| match e {
            Event::UnitsEliminated { faction: Faction::Papacy, space: Space::Modena, units } => Some(units.total()),
            _ => None,
        })
        .sum();
    assert_eq!(lost, 2, "one hit, one extra loss");
}

/// §13.1 c, §9.2, §14 step 5: an English stack allied to the Hapsburg in a
/// Hapsburg space counts as an enemy of France; the window asks France,
/// then each defending power; they share the losses.
#[test]
fn joint_defenders_and_card_windows() {
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_alliance(Power::England, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::StQuentin, Faction::France, LandUnits::regulars(4)).unwrap();
    game.set_controller(Space::Boulogne, Faction::Hapsburg).unwrap();
    game.set_land_units(Space::Boulogne, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Boulogne, Faction::England, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::France, 3);
    let mut log = march(&mut game, Space::StQuentin, &[], &[(Regular, 4)], Space::Boulogne);
    // Both may avoid battle, in impulse order; both decline.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[5, 5, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1, 1, 1]).unwrap();
    assert_eq!(card_windows(&mut game, &mut log), vec![Power::France, Power::Hapsburg, Power::England]);
    // Two hits, shared evenly.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    // Each retreats to its only legal space, Calais (England's, an ally's).
    assert_eq!(game.land_units(Space::Calais, Faction::Hapsburg).total(), 1);
    assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 1);
    assert_eq!(game.land_units(Space::Boulogne, Faction::France).total(), 4);
}

/// §13.4: defenders withdraw into Calais; France's 2 units do not
/// outnumber them: it returns for free (or could move on for more CP).
#[test]
fn withdrawal_without_siege_and_return() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_land_units(Space::Boulogne, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::France, 3);
    // England has nowhere to avoid battle to; it withdraws.
    let mut log = march(&mut game, Space::Boulogne, &[], &[(Regular, 2)], Space::Calais);
    apply(&mut game, Action::WithdrawInto(Space::Calais), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let choices = game.legal_actions();
    assert!(choices.contains(&Action::RetreatTo(Space::Boulogne)));
    assert!(!choices.iter().any(|a| matches!(a, Action::MoveTo(Space::Brussels))), "not at war with the Hapsburg");
    apply(&mut game, Action::RetreatTo(Space::Boulogne), &mut log);
    assert_eq!(game.land_units(Space::Boulogne, Faction::France).total(), 2);
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    assert!(field_battle(&log).is_none());
}

/// The Calais example of §15: France besieges Calais (2 English regulars,
/// Dudley) with Francis and 6 regulars; 2 French squadrons in the North Sea
/// outnumber the English one in port.
fn calais_siege() -> Game {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::Dudley, LeaderLocation::Space(Space::Calais)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(6)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Calais)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Calais), Faction::England, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(NavalLocation::Sea(SeaZone::NorthSea), Faction::France, NavalUnits::squadrons(2)).unwrap();
    game
}

/// Ruling RB10: the besiegers' units march away and leave Francis I
/// behind; the siege is broken and he, alone beside the English units,
/// is captured by England (§13.1, §14 step 10). Found by the long run
/// (two-player seed 1,099,686: Maurice of Saxony left outside Cologne).
#[test]
fn a_leader_left_behind_by_his_besiegers_is_captured() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Calais)).unwrap();
    impulse(&mut game, Power::France, 1);
    let log = march(&mut game, Space::Calais, &[], &[(Regular, 3)], Space::Boulogne);
    assert_eq!(game.land_units(Space::Boulogne, Faction::France), LandUnits::regulars(3));
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Captured(Power::England));
    assert!(log.contains(&Event::LeaderCaptured { leader: Leader::FrancisI, by: Power::England }));
    assert_eq!(game.validate(), Ok(()));
}

/// Ruling RB11 (§15): a siege needs a besieger. France and England stop
/// being enemies while France besieges Calais (an edit here; in play a
/// minor's activation or a peace does it): validate refuses the position,
/// and after the next action the English regulars are free. Found by the
/// long run (1532 seed 1,007,087: Diplomatic Marriage made Genoa the ally
/// of its besiegers).
#[test]
fn a_siege_whose_besiegers_are_friends_ends() {
    let mut game = calais_siege();
    impulse(&mut game, Power::Hapsburg, 1);
    assert_eq!(game.validate(), Ok(()));
    game.set_war(Power::France, Power::England, false).unwrap();
    assert_eq!(game.validate(), Err(InvalidGame::Siege(Space::Calais)));
    let mut log = Vec::new();
    apply(&mut game, Action::Done, &mut log);
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    assert!(log.contains(&Event::SiegeBroken(Space::Calais)));
    assert_eq!(game.land_units(Space::Calais, Faction::England), LandUnits::regulars(2));
    assert_eq!(game.validate(), Ok(()));
}

/// §15.1: 6 regulars against defenders roll 3 dice + Francis 1; England
/// rolls 2 + 1. Two hits take Calais: control changes, Dudley is captured, the
/// English squadron goes to the turn track.
#[test]
fn assault_success() {
    let mut game = calais_siege();
    impulse(&mut game, Power::France, 2);
    assert!(game.legal_actions().contains(&Action::Assault(Space::Calais)));
    let mut log = Vec::new();
    game.force_dice(&[6, 5, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    assert_eq!(card_windows(&mut game, &mut log), vec![Power::France, Power::England]);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    let assault = log.iter().find_map(|e| match *e {
        Event::Assault { attacker_dice, defender_dice, success, .. } => Some((attacker_dice, defender_dice, success)),
        _ => None,
    });
    let (a, d, success) = assault.expect("an assault event");
    assert_eq!((a.count(), d.count(), success), (4, 3, true));
    assert_eq!(game.controller(Space::Calais), Faction::France);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Captured(Power::France));
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Calais), Faction::England), NavalUnits::NONE);
    assert_eq!(game.naval_on_turn_track(Faction::England), NavalUnits::squadrons(1));
    assert!(log.contains(&Event::ControlChanged { space: Space::Calais, from: Faction::England, to: Faction::France }));
    // One assault per space per impulse.
    assert!(!game.is_legal(&Action::Assault(Space::Calais)));
}

/// §15.1 step 10: a successful assault changes control; no rule removes
/// unrest from the space taken (only the Control Unfortified Space action
/// does, §12.4).
#[test]
fn a_successful_assault_does_not_remove_unrest() {
    let mut game = calais_siege();
    game.set_unrest(Space::Calais, true).unwrap();
    impulse(&mut game, Power::France, 2);
    let mut log = Vec::new();
    game.force_dice(&[6, 5, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    card_windows(&mut game, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    assert_eq!(game.controller(Space::Calais), Faction::France);
    assert!(game.in_unrest(Space::Calais));
    assert!(!log.contains(&Event::UnrestRemoved(Space::Calais)));
}

/// A failed assault: no hit; the siege goes on (6 - 1 still outnumber 2).
#[test]
fn assault_failure() {
    let mut game = calais_siege();
    impulse(&mut game, Power::France, 2);
    let mut log = Vec::new();
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::Assault { success: false, .. })));
    assert_eq!(game.controller(Space::Calais), Faction::England);
    assert!(game.is_besieged(Space::Calais, Faction::England));
    assert_eq!(game.land_units(Space::Calais, Faction::France).total(), 5);
}

/// §15.1: no assault without a line of communication (Boulogne in unrest
/// cuts it), nor while the defender has a squadron in an adjacent zone.
#[test]
fn assault_requirements() {
    let mut game = calais_siege();
    game.set_unrest(Space::Boulogne, true).unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(!game.legal_actions().contains(&Action::Assault(Space::Calais)));

    let mut game = calais_siege();
    game.set_naval_units(NavalLocation::Sea(SeaZone::EnglishChannel), Faction::England, NavalUnits::squadrons(1))
        .unwrap();
    impulse(&mut game, Power::France, 2);
    assert!(!game.legal_actions().contains(&Action::Assault(Space::Calais)));
}

/// §15.2, the Calais example: Brandon brings 4 regulars from Boulogne and
/// the 2 besieged regulars sortie (7 dice against 8); the relief loses with
/// fewer hits and takes its losses in the relief formation, which stays
/// in Boulogne; the siege goes on.
#[test]
fn relief_force_loses() {
    let mut game = calais_siege();
    game.set_controller(Space::Boulogne, Faction::England).unwrap();
    game.set_land_units(Space::Boulogne, Faction::England, LandUnits::regulars(4)).unwrap();
    game.set_leader(Leader::CharlesBrandon, LeaderLocation::Space(Space::Boulogne)).unwrap();
    impulse(&mut game, Power::England, 2);
    // France has nowhere to avoid battle to; the besieged may sortie.
    let mut log = march(&mut game, Space::Boulogne, &[Leader::CharlesBrandon], &[(Regular, 4)], Space::Calais);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    repeat(&mut game, Action::AddUnit(Regular), 2, &mut log);
    apply(&mut game, Action::Done, &mut log);
    game.force_dice(&[1; 7]).unwrap();
    game.force_dice(&[6, 5, 1, 1, 1, 1, 1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    let (_, _, _, a, d, winner) = field_battle(&log).unwrap();
    assert_eq!((a.count(), d.count(), winner), (7, 8, Faction::France));
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    assert_eq!(game.land_units(Space::Boulogne, Faction::England).total(), 2);
    assert_eq!(game.leader_location(Leader::CharlesBrandon), LeaderLocation::Space(Space::Boulogne));
    assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 2);
    assert!(game.is_besieged(Space::Calais, Faction::England));
}

/// §15.2: a relief force that wins drives the besiegers off; the siege ends.
#[test]
fn relief_force_wins() {
    let mut game = calais_siege();
    game.set_controller(Space::Boulogne, Faction::England).unwrap();
    game.set_controller(Space::Brussels, Faction::France).unwrap();
    game.set_land_units(Space::Boulogne, Faction::England, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::England, 2);
    let mut log = march(&mut game, Space::Boulogne, &[], &[(Regular, 4)], Space::Calais);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::Done, &mut log); // no sortie
    game.force_dice(&[6, 6, 6, 1]).unwrap();
    game.force_dice(&[1; 8]).unwrap();
    card_windows(&mut game, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 3, &mut log);
    // The besiegers retreat to Brussels, their only space (not Boulogne).
    assert!(log.contains(&Event::Retreated {
        faction: Faction::France,
        from: Space::Calais,
        to: Space::Brussels,
        units: LandUnits::regulars(3)
    }));
    assert_eq!(game.land_units(Space::Brussels, Faction::France).total(), 3);
    assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 6);
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    assert!(log.contains(&Event::SiegeBroken(Space::Calais)));
}

/// §15.3: besiegers that move out and leave too few to outnumber the units
/// inside break the siege; the rest retreat for free.
#[test]
fn breaking_a_siege() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(3)).unwrap();
    impulse(&mut game, Power::France, 3);
    let log = march(&mut game, Space::Calais, &[], &[(Regular, 2)], Space::Boulogne);
    assert!(log.contains(&Event::SiegeBroken(Space::Calais)));
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    assert_eq!(game.land_units(Space::Calais, Faction::France).total(), 0);
    assert_eq!(game.land_units(Space::Boulogne, Faction::France).total(), 3);
}

/// §22.1 and §22.6: 4 or fewer independent units always withdraw and are
/// besieged; the assault waits for the next impulse (§15.1).
#[test]
fn independent_key_is_besieged_then_assaulted() {
    let mut game = board(5);
    game.set_land_units(Space::Metz, Faction::Independent, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::StDizier, Faction::France, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::France, 2);
    let log = march(&mut game, Space::StDizier, &[], &[(Regular, 4)], Space::Metz);
    assert!(game.is_besieged(Space::Metz, Faction::Independent));
    assert!(log.contains(&Event::SiegeBegun { space: Space::Metz, besieger: Power::France }));
    assert!(!game.legal_actions().contains(&Action::Assault(Space::Metz)));
    // The next French impulse.
    let mut next = game.clone();
    while next.decider() == Decider::Power(Power::France) {
        next.apply(Action::Done).unwrap();
    }
    let card = card_with_cp(2);
    next.give_card(Power::France, card).unwrap();
    while next.decider() != Decider::Power(Power::France) {
        next.apply(Action::Pass).unwrap();
    }
    next.apply(Action::PlayCp(card)).unwrap();
    assert!(next.legal_actions().contains(&Action::Assault(Space::Metz)));
    let mut log = Vec::new();
    next.force_dice(&[5, 1]).unwrap(); // 4 regulars against a defender: 2 dice
    next.force_dice(&[1, 1]).unwrap(); // 1 + 1 dice
    apply(&mut next, Action::Assault(Space::Metz), &mut log);
    card_windows(&mut next, &mut log);
    assert_eq!(next.controller(Space::Metz), Faction::France);
    assert_eq!(next.land_units(Space::Metz, Faction::Independent), LandUnits::NONE);
}

/// Suleiman's 6 regulars in an Ottoman Belgrade at war with Hungary, 5
/// Hungarian regulars in Mohacs; `edit` adds to the board. Suleiman's
/// army marches on Mohacs and wins (1 hit against none); the events so far.
fn suleiman_marches_on_mohacs(game: &mut Game, edit: impl FnOnce(&mut Game)) -> Vec<Event> {
    game.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true).unwrap();
    game.set_controller(Space::Belgrade, Faction::Ottoman).unwrap();
    game.set_land_units(Space::Belgrade, Faction::Ottoman, LandUnits::regulars(6)).unwrap();
    game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Belgrade)).unwrap();
    game.set_land_units(Space::Mohacs, Faction::HungaryBohemia, LandUnits::regulars(5)).unwrap();
    edit(game);
    impulse(game, Power::Ottoman, 3);
    game.force_dice(&[5, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // 6 + 2 = 8 dice, 1 hit
    game.force_dice(&[1; 6]).unwrap(); // 5 + 1 dice
    march(game, Space::Belgrade, &[Leader::Suleiman], &[(Regular, 6)], Space::Mohacs)
}

/// §22.1 and §22.5: 5 inactive Hungarian regulars fight in Mohacs; beaten,
/// they cannot withdraw (a town) and are eliminated; with the Ottoman
/// holding Belgrade and 4 or fewer Hungarian regulars left, Hungary-Bohemia
/// is defeated at the end of the battle.
#[test]
fn hungary_falls_after_a_battle() {
    let mut game = board(5);
    let mut log = suleiman_marches_on_mohacs(&mut game, |_| {});
    card_windows(&mut game, &mut log);
    assert_eq!(field_battle(&log).unwrap().1, Faction::HungaryBohemia);
    assert_eq!(game.land_units(Space::Mohacs, Faction::HungaryBohemia), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Mohacs, Faction::Ottoman).total(), 6);
    assert!(log.contains(&Event::HungaryBohemiaDefeated));
    assert!(game.hungary_bohemia_defeated());
    assert!(game.at_war(Power::Ottoman, Power::Hapsburg));
    assert_eq!(game.bonus_vp(Power::Ottoman), 2);
}

/// §22.5 with §9.6 (ruling AL8): Hungary's fall puts the Hapsburg at war
/// with the Ottoman in the middle of the battle; once the battle is over
/// their squadrons in the Adriatic fight an immediate naval battle, the
/// Ottoman (first in impulse order) attacking; its 4 hits sink both
/// Hapsburg squadrons; then the Ottoman's impulse goes on.
#[test]
fn hungary_falls_and_the_fleets_fight() {
    let adriatic = common::sea(SeaZone::AdriaticSea);
    let mut game = board(5);
    let mut log = suleiman_marches_on_mohacs(&mut game, |g| {
        for faction in [Faction::Ottoman, Faction::Hapsburg] {
            g.set_naval_units(adriatic, faction, NavalUnits::squadrons(2)).unwrap();
        }
    });
    game.force_dice(&[6, 6, 6, 6]).unwrap();
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    assert!(log.contains(&Event::HungaryBohemiaDefeated));
    assert_eq!(common::naval_battle(&log), Some((Power::Ottoman, Faction::Hapsburg, adriatic, Faction::Ottoman)));
    let sunk = Event::ShipsLost { faction: Faction::Hapsburg, at: adriatic, units: NavalUnits::squadrons(2) };
    assert!(log.contains(&sunk), "4 hits sink both squadrons");
    assert_eq!(game.naval_units(adriatic, Faction::Ottoman), NavalUnits::squadrons(2));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(game.validate().is_ok());
}

/// Random play fights field battles and assaults, and every game ends.
#[test]
fn random_play_fights() {
    let (mut battles, mut assaults) = (0, 0);
    for seed in 0..20u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut log = Vec::new();
        let mut n = 0;
        while let Decider::Power(_) = game.decider() {
            let actions = game.legal_actions();
            let pick = (rng.next_u64() % actions.len() as u64) as usize;
            game.apply_logged(actions[pick], &mut log).unwrap();
            n += 1;
            assert!(n < 200_000, "stalled");
        }
        battles += log.iter().filter(|e| matches!(e, Event::FieldBattle { .. })).count();
        assaults += log.iter().filter(|e| matches!(e, Event::Assault { .. })).count();
    }
    assert!(battles > 0 && assaults > 0, "battles {battles}, assaults {assaults}");
}

/// §14.1: a beaten defender in its own fortress may put up to 4 units
/// inside; outnumbered by the attacker, they are besieged (§14 step 12).
#[test]
fn beaten_defender_withdraws_into_its_fortress() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_land_units(Space::Boulogne, Faction::France, LandUnits::regulars(6)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Boulogne)).unwrap();
    game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(5)).unwrap();
    impulse(&mut game, Power::France, 3);
    game.force_dice(&[5, 5, 1, 1, 1, 1, 1]).unwrap(); // 6 + 1 dice, 2 hits
    game.force_dice(&[1; 6]).unwrap(); // 5 + 1 dice
    let mut log = march(&mut game, Space::Boulogne, &[Leader::FrancisI], &[(Regular, 6)], Space::Calais);
    // Five units cannot withdraw (§13.4): a battle.
    card_windows(&mut game, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log);
    // Nowhere to retreat (Boulogne is barred, the rest Hapsburg): inside or eliminated.
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::Done, Action::AddUnit(Regular), Action::WithdrawInto(Space::Calais)]
    );
    apply(&mut game, Action::WithdrawInto(Space::Calais), &mut log);
    assert!(game.is_besieged(Space::Calais, Faction::England));
    assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 3);
    assert_eq!(game.land_units(Space::Calais, Faction::France).total(), 6);
    assert!(log.contains(&Event::SiegeBegun { space: Space::Calais, besieger: Power::France }));
}

/// §22.1: 5 or more inactive units fight; beaten, up to 4 withdraw into
/// their fortress and the rest are eliminated. No power answers for them
/// in the card window.
#[test]
fn inactive_minor_fights_then_withdraws() {
    let mut game = board(5);
    game.set_war(Power::France, MinorPower::Venice, true).unwrap();
    game.set_land_units(Space::Venice, Faction::Venice, LandUnits::regulars(6)).unwrap();
    game.set_land_units(Space::Trent, Faction::France, LandUnits::regulars(8)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Trent)).unwrap();
    impulse(&mut game, Power::France, 3);
    game.force_dice(&[5, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // 8 + 1 dice, 1 hit
    game.force_dice(&[1; 7]).unwrap(); // 6 + 1 dice
    let mut log = march(&mut game, Space::Trent, &[Leader::FrancisI], &[(Regular, 8)], Space::Venice);
    assert_eq!(card_windows(&mut game, &mut log), vec![Power::France]);
    assert_eq!(field_battle(&log).unwrap().1, Faction::Venice);
    assert!(game.is_besieged(Space::Venice, Faction::Venice));
    assert_eq!(game.land_units(Space::Venice, Faction::Venice).total(), 4);
    assert_eq!(game.land_units(Space::Venice, Faction::France).total(), 8);
    assert!(log.contains(&Event::SiegeBegun { space: Space::Venice, besieger: Power::France }));
}

/// §22.1: 4 or fewer inactive units always withdraw when entered.
#[test]
fn inactive_minor_withdraws() {
    let mut game = board(5);
    game.set_war(Power::France, MinorPower::Venice, true).unwrap();
    game.set_land_units(Space::Venice, Faction::Venice, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Trent, Faction::France, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::France, 3);
    let log = march(&mut game, Space::Trent, &[], &[(Regular, 4)], Space::Venice);
    assert!(field_battle(&log).is_none());
    assert!(game.is_besieged(Space::Venice, Faction::Venice));
    assert_eq!(game.decider(), Decider::Power(Power::France));
}

/// §13.4: not outnumbering the units that withdrew, the mover may move on
/// for more CP (here into the empty Hapsburg fortress of Brussels, which it
/// besieges); moving on and then forced back into the first fortress, it is
/// eliminated.
#[test]
fn moving_on_after_a_withdrawal() {
    let setup = |brussels: u8| {
        let mut game = board(5);
        game.set_war(Power::France, Power::England, true).unwrap();
        game.set_war(Power::France, Power::Hapsburg, true).unwrap();
        game.set_land_units(Space::Boulogne, Faction::France, LandUnits::regulars(2)).unwrap();
        game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
        if brussels > 0 {
            game.set_land_units(Space::Brussels, Faction::Hapsburg, LandUnits::regulars(brussels)).unwrap();
        }
        impulse(&mut game, Power::France, 3);
        let mut log = march(&mut game, Space::Boulogne, &[], &[(Regular, 2)], Space::Calais);
        apply(&mut game, Action::WithdrawInto(Space::Calais), &mut log);
        let onward = game.legal_actions();
        assert!(onward.contains(&Action::RetreatTo(Space::Boulogne)));
        assert!(onward.contains(&Action::MoveTo(Space::Brussels)) && onward.contains(&Action::MoveTo(Space::Antwerp)));
        apply(&mut game, Action::MoveTo(Space::Brussels), &mut log);
        (game, log)
    };
    let (game, log) = setup(0);
    assert_eq!(game.land_units(Space::Brussels, Faction::France).total(), 2);
    assert!(log.contains(&Event::SiegeBegun { space: Space::Brussels, besieger: Power::France }));
    assert!(!game.is_besieged(Space::Calais, Faction::England));

    let (mut game, mut log) = setup(2);
    // The Hapsburg does not avoid battle; it withdraws into Brussels: not outnumbered again.
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::WithdrawInto(Space::Brussels), &mut log);
    assert!(game.legal_actions().contains(&Action::RetreatTo(Space::Calais)));
    apply(&mut game, Action::RetreatTo(Space::Calais), &mut log);
    assert_eq!(game.land_units(Space::Calais, Faction::France), LandUnits::NONE);
    assert!(log.contains(&Event::UnitsEliminated {
        faction: Faction::France,
        space: Space::Calais,
        units: LandUnits::regulars(2)
    }));
}

/// §15.2: a relief force beaten on equal hits may put survivors inside, up
/// to 4 in all; the siege holds if the besiegers still outnumber them.
#[test]
fn relief_force_loses_on_equal_hits() {
    let mut game = calais_siege();
    game.set_controller(Space::Boulogne, Faction::England).unwrap();
    game.set_land_units(Space::Boulogne, Faction::England, LandUnits::regulars(4)).unwrap();
    impulse(&mut game, Power::England, 2);
    let mut log = march(&mut game, Space::Boulogne, &[], &[(Regular, 4)], Space::Calais);
    apply(&mut game, Action::Done, &mut log); // no sortie
    game.force_dice(&[5, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log); // England
    apply(&mut game, Action::LoseUnit(Regular), &mut log); // France
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.legal_actions().contains(&Action::Decline));
    repeat(&mut game, Action::AddUnit(Regular), 2, &mut log);
    assert!(!game.legal_actions().contains(&Action::AddUnit(Regular)), "4 inside at most");
    apply(&mut game, Action::WithdrawInto(Space::Calais), &mut log);
    assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 4);
    assert_eq!(game.land_units(Space::Boulogne, Faction::England).total(), 1);
    assert!(game.is_besieged(Space::Calais, Faction::England));
    assert_eq!(game.land_units(Space::Calais, Faction::France).total(), 5);
}

/// §14 step 12 and §15.3: the winner does not outnumber the units that
/// withdrew inside, so it leaves at once (here to Boulogne, its only space).
#[test]
fn a_winner_that_cannot_besiege_leaves() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_land_units(Space::Boulogne, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(5)).unwrap();
    impulse(&mut game, Power::France, 3);
    game.force_dice(&[5, 5, 1]).unwrap(); // 2 hits
    game.force_dice(&[5, 1, 1, 1, 1, 1]).unwrap(); // 1 hit
    let mut log = march(&mut game, Space::Boulogne, &[], &[(Regular, 3)], Space::Calais);
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log); // France
    repeat(&mut game, Action::LoseUnit(Regular), 2, &mut log); // England
    apply(&mut game, Action::WithdrawInto(Space::Calais), &mut log);
    assert!(!log.iter().any(|e| matches!(e, Event::SiegeBegun { .. })));
    assert_eq!(game.land_units(Space::Calais, Faction::France), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Boulogne, Faction::France).total(), 2);
    assert!(!game.is_besieged(Space::Calais, Faction::England));
}

/// §15.1 step 11: when every assaulting unit dies, the surviving leaders
/// are displaced (§12.5) to the nearest fortified space of their power.
#[test]
fn assaulting_leaders_displaced_when_their_units_die() {
    let mut game = board(5);
    game.set_besieged_units(Space::Metz, Faction::Independent, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Metz, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Metz)).unwrap();
    impulse(&mut game, Power::France, 2);
    let mut log = Vec::new();
    game.force_dice(&[1, 1, 1]).unwrap(); // 2 of 3 regulars + 1
    game.force_dice(&[5, 5, 6]).unwrap(); // 2 + 1 dice, 3 hits
    apply(&mut game, Action::Assault(Space::Metz), &mut log);
    card_windows(&mut game, &mut log);
    repeat(&mut game, Action::LoseUnit(Regular), 3, &mut log);
    assert!(log.iter().any(|e| matches!(e, Event::Assault { success: false, .. })));
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
    assert!(log.contains(&Event::LeaderDisplaced { leader: Leader::Montmorency, to: Space::Paris }));
    assert!(!game.is_besieged(Space::Metz, Faction::Independent));
}

/// In 1532 (and the two-player game) Hungary-Bohemia has already been
/// defeated: the first battle does not defeat it again (§22.5).
#[test]
fn hungary_is_already_defeated_in_1532() {
    for scenario in [Scenario::Y1532, Scenario::TwoPlayer] {
        let game = Game::new(Setup::new(scenario, 1));
        assert!(game.hungary_bohemia_defeated());
        assert_eq!(rules::minor::hungary_bohemia_defeat_condition(&game), None);
    }
}

/// §15.3, §19: besiegers that go home in winter end their siege; the
/// defenders are no longer besieged (found by the invariant playouts).
#[test]
fn a_siege_ends_when_the_besiegers_winter_at_home() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 4));
    game.set_turn(2).unwrap();
    game.set_besieged_units(Space::Florence, Faction::Independent, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Florence, Faction::Papacy, LandUnits::regulars(2)).unwrap();
    assert!(game.is_besieged(Space::Florence, Faction::Independent));
    game.set_phase(Phase::Winter).unwrap();
    game.run_automatic();
    while game.phase() == Phase::Winter {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert!(game.land_units(Space::Florence, Faction::Papacy).is_empty());
    assert_eq!(game.land_units(Space::Florence, Faction::Independent), LandUnits::regulars(1));
    assert!(!game.is_besieged(Space::Florence, Faction::Independent));
}

/// §15: leaders under siege may not move; a leader inside a besieged
/// fortress cannot leave it, and so cannot unbesiege the units he leaves.
#[test]
fn besieged_leaders_may_not_move() {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_controller(Space::Brussels, Faction::England).unwrap();
    game.set_besieged_units(Space::Brussels, Faction::England, LandUnits::regulars(1)).unwrap();
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::Brussels)).unwrap();
    game.set_land_units(Space::Brussels, Faction::France, LandUnits::regulars(2)).unwrap();
    impulse(&mut game, Power::England, 2);
    assert!(!game.is_legal(&Action::MoveFrom(Space::Brussels)));
}

/// §21.6: before the Schmalkaldic League no power but the Protestant moves
/// or retreats into an electorate; afterwards it may (found by the worked
/// examples' long run: a Hapsburg spring deployment into Brandenburg).
#[test]
fn no_moves_into_electorates_before_the_league() {
    let from = Space::Mainz
        .land_neighbours()
        .find(|s| s.kind() != SpaceKind::Electorate && s.control_1517() == Some(Faction::Hapsburg))
        .expect("a Hapsburg neighbour of Mainz");
    for league in [false, true] {
        let mut game = board(5);
        game.set_schmalkaldic_league(league).unwrap();
        game.set_land_units(from, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
        impulse(&mut game, Power::Hapsburg, 2);
        game.apply(Action::MoveFrom(from)).unwrap();
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
        assert_eq!(game.is_legal(&Action::MoveTo(Space::Mainz)), league, "league {league}");
        assert_eq!(
            here_i_stand::rules::battle::retreat_spaces(&game, Power::Hapsburg, from, None).contains(Space::Mainz),
            league
        );
        assert_eq!(here_i_stand::rules::spring::is_deployment_space(&game, Power::Hapsburg, Space::Mainz), league);
    }
}
