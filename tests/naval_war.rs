//! Naval war: interception, avoiding battle, naval battles (§16.1 steps
//! 4-7, §16.2), naval transport (§16.3) and piracy (§16.4), through the
//! public API with forced dice.

use here_i_stand::rules::naval_war::{battle_losses, ship_losses};
use here_i_stand::rules::piracy::{anti_piracy_dice, may_pirate, piracy_choices, piracy_dice, valid_piracy_options};
use here_i_stand::*;

use crate::common;
use common::{action_phase, legal, play, port, sea, squadrons};

const SQUADRON: Action = Action::AddShip(NavalUnitKind::Squadron);

/// `power` takes a naval move: ships from `from` (`n` squadrons) to `to`, then done.
fn naval_move(game: &mut Game, from: Action, n: usize, to: Action) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply(Action::NavalMove).unwrap();
    game.apply(from).unwrap();
    for _ in 0..n {
        game.apply(SQUADRON).unwrap();
    }
    game.apply(to).unwrap();
    game.apply_logged(Action::Done, &mut log).unwrap();
    log
}

/// Applies `action`, returning its events.
fn logged(game: &mut Game, action: Action) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply_logged(action, &mut log).unwrap();
    log
}

/// Both combat-card windows (§16.2 steps 3-4): only `Decline`, the attacker
/// first, then the defender.
fn decline_card_windows(game: &mut Game, attacker: Power, defender: Power) {
    for power in [attacker, defender] {
        assert_eq!(game.decider(), Decider::Power(power));
        assert_eq!(legal(game), [Action::Decline]);
        game.apply(Action::Decline).unwrap();
    }
}

/// The combat-card windows, the defender's `Decline` rolling the battle
/// with `faces` (attacker's dice first); its events.
fn fight(game: &mut Game, attacker: Power, defender: Power, faces: &[u8]) -> Vec<Event> {
    assert_eq!((game.decider(), legal(game)), (Decider::Power(attacker), vec![Action::Decline]));
    game.apply(Action::Decline).unwrap();
    assert_eq!((game.decider(), legal(game)), (Decider::Power(defender), vec![Action::Decline]));
    game.force_dice(faces).unwrap();
    logged(game, Action::Decline)
}

fn battle(log: &[Event]) -> Option<(Dice, Dice, Faction)> {
    log.iter().find_map(|e| match *e {
        Event::NavalBattle { attacker_dice, defender_dice, winner, .. } => Some((attacker_dice, defender_dice, winner)),
        _ => None,
    })
}

fn lost(log: &[Event], faction: Faction) -> NavalUnits {
    log.iter().fold(NavalUnits::NONE, |sum, e| match *e {
        Event::ShipsLost { faction: f, units, .. } if f == faction => {
            NavalUnits { squadrons: sum.squadrons + units.squadrons, corsairs: sum.corsairs + units.corsairs }
        }
        _ => sum,
    })
}

/// The Hapsburg at war with the Ottoman, a squadron in Naples to sail into
/// the Tyrrhenian Sea; Ottoman squadrons with Barbarossa on the Barbary Coast.
fn interception_position(ottoman: u8) -> Game {
    let mut game = action_phase(11);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman, squadrons(ottoman)).unwrap();
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::BarbaryCoast)).unwrap();
    play(&mut game, Power::Hapsburg, Card::Arquebusiers);
    naval_move(&mut game, Action::NavalFromPort(Space::Naples), 1, Action::NavalToSea(SeaZone::TyrrhenianSea));
    game
}

/// §16.1 step 4: 2 dice plus the naval leader's battle rating, 9 or more.
#[test]
fn interception_succeeds_with_the_leaders_rating() {
    let mut game = interception_position(2);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::Decline, Action::NavalFromSea(SeaZone::BarbaryCoast)]);
    game.apply(Action::NavalFromSea(SeaZone::BarbaryCoast)).unwrap();
    assert_eq!(legal(&game), [Action::AddLeader(Leader::Barbarossa), SQUADRON]);
    game.apply(Action::AddLeader(Leader::Barbarossa)).unwrap();
    game.apply(SQUADRON).unwrap();
    assert_eq!(legal(&game), [SQUADRON, Action::NavalToSea(SeaZone::TyrrhenianSea)]);
    game.force_dice(&[4, 4]).unwrap();
    let log = logged(&mut game, Action::NavalToSea(SeaZone::TyrrhenianSea));
    assert!(log.contains(&Event::NavalInterception {
        power: Power::Ottoman,
        from: sea(SeaZone::BarbaryCoast),
        zone: SeaZone::TyrrhenianSea,
        dice: Dice::of(&[4, 4]),
        bonus: 2,
        success: true,
    }));
    assert_eq!(game.naval_units(sea(SeaZone::TyrrhenianSea), Faction::Ottoman), squadrons(1));
    assert_eq!(game.naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman), squadrons(1));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Sea(SeaZone::TyrrhenianSea));
    // No avoiding battle after an interception: the battle, attacker's window first.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::Decline]);
}

#[test]
fn interception_fails_without_the_leader() {
    let mut game = interception_position(2);
    game.apply(Action::NavalFromSea(SeaZone::BarbaryCoast)).unwrap();
    game.apply(SQUADRON).unwrap();
    game.force_dice(&[4, 4]).unwrap();
    let log = logged(&mut game, Action::NavalToSea(SeaZone::TyrrhenianSea));
    assert!(log.iter().any(|e| matches!(e, Event::NavalInterception { bonus: 0, success: false, .. })));
    assert_eq!(game.naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman), squadrons(2));
    // No battle: the Hapsburg's only CP is spent, England's impulse is next.
    assert!(battle(&log).is_none());
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

/// §16.1: a naval leader whose stack's ships all leave goes with them, and
/// his rating counts.
#[test]
fn the_last_ships_take_their_leader_along() {
    let mut game = interception_position(1);
    game.apply(Action::NavalFromSea(SeaZone::BarbaryCoast)).unwrap();
    game.apply(SQUADRON).unwrap();
    game.force_dice(&[3, 4]).unwrap();
    let log = logged(&mut game, Action::NavalToSea(SeaZone::TyrrhenianSea));
    assert!(log.iter().any(|e| matches!(e, Event::NavalInterception { bonus: 2, success: true, .. })));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Sea(SeaZone::TyrrhenianSea));
}

/// §16.1 step 4: powers try in impulse order and one's success stops the
/// others; ships where the active power's ships are may not intercept.
#[test]
fn interception_goes_in_impulse_order_and_stops_at_a_success() {
    let setup = |france_blocked: bool| {
        let mut game = action_phase(11);
        game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
        game.set_war(Power::France, Power::Hapsburg, true).unwrap();
        game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1)).unwrap();
        game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman, squadrons(1)).unwrap();
        game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::France, squadrons(1)).unwrap();
        if france_blocked {
            game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::Hapsburg, squadrons(1)).unwrap();
        }
        play(&mut game, Power::Hapsburg, Card::Arquebusiers);
        naval_move(&mut game, Action::NavalFromPort(Space::Naples), 1, Action::NavalToSea(SeaZone::TyrrhenianSea));
        game
    };
    // The Ottoman first; it declines, then France may try.
    let mut game = setup(false);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    game.apply(Action::Decline).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::Decline, Action::NavalFromSea(SeaZone::GulfOfLyon)]);
    // The Ottoman succeeds: France is not asked, the battle follows.
    let mut game = setup(false);
    game.apply(Action::NavalFromSea(SeaZone::BarbaryCoast)).unwrap();
    game.apply(SQUADRON).unwrap();
    game.force_dice(&[6, 6]).unwrap();
    game.apply(Action::NavalToSea(SeaZone::TyrrhenianSea)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::Decline]);
    // French ships sharing the Gulf of Lyon with Hapsburg ships may not
    // intercept from there (and fight there after the Ottoman declines).
    let mut game = setup(true);
    game.apply(Action::Decline).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg), "no French interception");
}

/// §16.1 step 5: ships in a zone the active power's ships just entered may
/// avoid battle: all together, 2 dice plus leader, 9 or more.
#[test]
fn ships_at_sea_may_avoid_battle() {
    let setup = || {
        let mut game = action_phase(11);
        game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
        game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1)).unwrap();
        game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Ottoman, squadrons(2)).unwrap();
        play(&mut game, Power::Hapsburg, Card::Arquebusiers);
        naval_move(&mut game, Action::NavalFromPort(Space::Naples), 1, Action::NavalToSea(SeaZone::TyrrhenianSea));
        game
    };
    let mut game = setup();
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(
        legal(&game),
        [Action::Decline, Action::NavalToSea(SeaZone::BarbaryCoast), Action::NavalToSea(SeaZone::GulfOfLyon)]
    );
    game.force_dice(&[5, 4]).unwrap();
    let log = logged(&mut game, Action::NavalToSea(SeaZone::GulfOfLyon));
    assert!(log.iter().any(|e| matches!(e, Event::NavalAvoidBattle { success: true, .. })));
    assert_eq!(game.naval_units(sea(SeaZone::GulfOfLyon), Faction::Ottoman), squadrons(2));
    assert!(battle(&log).is_none());
    assert_eq!(game.decider(), Decider::Power(Power::England));
    // A failed attempt: the battle follows.
    let mut game = setup();
    game.force_dice(&[4, 4]).unwrap();
    let log = logged(&mut game, Action::NavalToSea(SeaZone::GulfOfLyon));
    assert!(log.iter().any(|e| matches!(e, Event::NavalAvoidBattle { success: false, .. })));
    assert_eq!(game.naval_units(sea(SeaZone::TyrrhenianSea), Faction::Ottoman), squadrons(2));
    assert_eq!((game.decider(), legal(&game)), (Decider::Power(Power::Hapsburg), vec![Action::Decline]));
}

/// France sails 3 squadrons from Marseille into the Gulf of Lyon, where 3
/// Hapsburg squadrons wait; a Hapsburg squadron in the Tyrrhenian Sea.
fn gulf_battle() -> Game {
    let mut game = action_phase(11);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_naval_units(port(Space::Marseille), Faction::France, squadrons(3)).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::Hapsburg, squadrons(3)).unwrap();
    game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Hapsburg, squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Gout);
    naval_move(&mut game, Action::NavalFromPort(Space::Marseille), 3, Action::NavalToSea(SeaZone::GulfOfLyon));
    // The Tyrrhenian stack declines to intercept; the Gulf's does not avoid battle.
    assert_eq!(legal(&game), [Action::Decline, Action::NavalFromSea(SeaZone::TyrrhenianSea)]);
    game.apply(Action::Decline).unwrap();
    assert_eq!(legal(&game)[0], Action::Decline);
    game.apply(Action::Decline).unwrap();
    game
}

/// §16.2: 2 dice a squadron, no extra die at sea; 2 hits a squadron; ties
/// go to the defender; a last odd hit sinks a squadron of the loser only.
/// The loser retreats where it chooses (§16.2 step 9) and its ships may
/// not move again this impulse (§16.1).
#[test]
fn a_battle_at_sea_odd_hits_and_the_losers_retreat() {
    let mut game = gulf_battle();
    let log = fight(&mut game, Power::France, Power::Hapsburg, &[5, 5, 5, 1, 1, 1, 6, 6, 6, 1, 1, 1]);
    let (attacker, defender, winner) = battle(&log).unwrap();
    assert_eq!((attacker.count(), defender.count(), winner), (6, 6, Faction::Hapsburg));
    assert_eq!(lost(&log, Faction::France), squadrons(2), "3 hits on the loser");
    assert_eq!(lost(&log, Faction::Hapsburg), squadrons(1), "3 hits on the winner");
    assert_eq!(game.naval_on_turn_track(Faction::France), squadrons(2));
    // The loser retreats: not into the Tyrrhenian Sea (enemy ships).
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::NavalToPort(Space::Marseille), Action::NavalToSea(SeaZone::BarbaryCoast)]);
    let log = logged(&mut game, Action::NavalToPort(Space::Marseille));
    assert!(log.contains(&Event::ShipsRetreated {
        faction: Faction::France,
        from: sea(SeaZone::GulfOfLyon),
        to: port(Space::Marseille),
        units: squadrons(1),
    }));
    // France has a CP left, but its only ship lost a battle this impulse.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(!legal(&game).contains(&Action::NavalMove));
}

/// §16.2 step 2: the defender rolls one more die in a port; the attacker
/// leaves a port battle win or lose (step 9).
#[test]
fn a_battle_in_port_gives_the_defender_a_die_and_the_attacker_leaves() {
    for (attacker_faces, attacker_won) in [([1u8, 1], false), ([5, 5], true)] {
        let mut game = action_phase(11);
        game.set_war(Power::France, Power::Hapsburg, true).unwrap();
        game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::France, squadrons(1)).unwrap();
        game.set_naval_units(port(Space::Barcelona), Faction::Hapsburg, squadrons(1)).unwrap();
        play(&mut game, Power::France, Card::Gout);
        naval_move(&mut game, Action::NavalFromSea(SeaZone::GulfOfLyon), 1, Action::NavalToPort(Space::Barcelona));
        // No interception or avoiding battle for a port: the windows.
        game.apply(Action::Decline).unwrap();
        game.force_dice(&attacker_faces).unwrap();
        game.force_dice(&[1, 1, 1]).unwrap();
        let log = logged(&mut game, Action::Decline);
        let (attacker, defender, winner) = battle(&log).unwrap();
        assert_eq!((attacker.count(), defender.count()), (2, 3));
        assert_eq!(winner == Faction::France, attacker_won);
        assert_eq!(lost(&log, Faction::Hapsburg), squadrons(u8::from(attacker_won)));
        assert_eq!(game.decider(), Decider::Power(Power::France));
        assert_eq!(legal(&game), [Action::NavalToSea(SeaZone::GulfOfLyon)]);
        game.apply(Action::NavalToSea(SeaZone::GulfOfLyon)).unwrap();
        assert_eq!(game.naval_units(sea(SeaZone::GulfOfLyon), Faction::France), squadrons(1));
        // Beaten ships stay put for the rest of the impulse; winners do not.
        assert_eq!(legal(&game).contains(&Action::NavalMove), attacker_won);
    }
}

/// §16.2 step 8: hits left over after the squadrons sink one corsair each,
/// before an odd hit would sink a squadron of the loser.
#[test]
fn corsairs_take_the_leftover_hits() {
    assert_eq!(
        ship_losses(3, NavalUnits { squadrons: 2, corsairs: 1 }, false),
        NavalUnits { squadrons: 1, corsairs: 1 }
    );
    assert_eq!(
        ship_losses(5, NavalUnits { squadrons: 1, corsairs: 2 }, true),
        NavalUnits { squadrons: 1, corsairs: 2 }
    );
    assert_eq!(ship_losses(1, NavalUnits { squadrons: 1, corsairs: 0 }, true), squadrons(1));
    assert_eq!(ship_losses(1, NavalUnits { squadrons: 1, corsairs: 0 }, false), NavalUnits::NONE);
    let mut game = action_phase(11);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(3)).unwrap();
    let ottoman = NavalUnits { squadrons: 2, corsairs: 1 };
    game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Ottoman, ottoman).unwrap();
    play(&mut game, Power::Hapsburg, Card::Arquebusiers);
    naval_move(&mut game, Action::NavalFromPort(Space::Naples), 3, Action::NavalToSea(SeaZone::TyrrhenianSea));
    game.apply(Action::Decline).unwrap(); // no avoiding battle
    // 3 hits on the Ottoman loser; its 5 dice miss.
    let log = fight(&mut game, Power::Hapsburg, Power::Ottoman, &[5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1]);
    let (attacker, defender, winner) = battle(&log).unwrap();
    assert_eq!((attacker.count(), defender.count(), winner), (6, 5, Faction::Hapsburg));
    assert_eq!(lost(&log, Faction::Ottoman), NavalUnits { squadrons: 1, corsairs: 1 });
    assert_eq!(game.naval_on_turn_track(Faction::Ottoman), NavalUnits { squadrons: 1, corsairs: 1 });
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman), "the loser retreats");
}

/// §16.2 step 8: if both sides are wiped out, the side that rolled more
/// dice keeps one unit, the defender on a tie.
#[test]
fn when_both_are_wiped_out_more_dice_keep_one() {
    let one = squadrons(1);
    assert_eq!(battle_losses(one, one, [2, 2], [2, 2]), (one, NavalUnits::NONE));
    assert_eq!(battle_losses(one, one, [4, 2], [2, 2]), (NavalUnits::NONE, one));
    let corsair = NavalUnits { squadrons: 0, corsairs: 1 };
    assert_eq!(battle_losses(one, corsair, [2, 1], [1, 2]), (NavalUnits::NONE, corsair));
    // Through the engine: the Ottoman with Barbarossa (4 dice) attacks a
    // Hapsburg squadron (2 dice); 2 hits each.
    let mut game = action_phase(11);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman, one).unwrap();
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::BarbaryCoast)).unwrap();
    game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Hapsburg, one).unwrap();
    play(&mut game, Power::Ottoman, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromSea(SeaZone::BarbaryCoast)).unwrap();
    game.apply(Action::AddLeader(Leader::Barbarossa)).unwrap();
    game.apply(SQUADRON).unwrap();
    game.apply(Action::NavalToSea(SeaZone::TyrrhenianSea)).unwrap();
    game.apply(Action::Done).unwrap();
    game.apply(Action::Decline).unwrap(); // the Hapsburg does not avoid battle
    let log = fight(&mut game, Power::Ottoman, Power::Hapsburg, &[5, 5, 1, 1, 6, 6]);
    let (attacker, defender, winner) = battle(&log).unwrap();
    assert_eq!((attacker.count(), defender.count(), winner), (4, 2, Faction::Hapsburg));
    assert_eq!(lost(&log, Faction::Ottoman), NavalUnits::NONE);
    assert_eq!(lost(&log, Faction::Hapsburg), one);
    // The Ottoman lost the battle: its kept squadron and Barbarossa retreat.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    game.apply(Action::NavalToSea(SeaZone::BarbaryCoast)).unwrap();
    assert_eq!(game.naval_units(sea(SeaZone::BarbaryCoast), Faction::Ottoman), one);
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Sea(SeaZone::BarbaryCoast));
}

/// §16.2 step 9: with no legal place to retreat to, the ships are lost.
#[test]
fn ships_with_nowhere_to_retreat_are_destroyed() {
    let mut game = action_phase(11);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    // The Black Sea touches no zone; its ports are Ottoman.
    game.set_naval_units(sea(SeaZone::BlackSea), Faction::Hapsburg, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::BlackSea), Faction::Ottoman, squadrons(2)).unwrap();
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1)).unwrap();
    play(&mut game, Power::Hapsburg, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    // No ship moves: the battle where the fleets already share a zone.
    game.apply(Action::Done).unwrap();
    let log = fight(&mut game, Power::Hapsburg, Power::Ottoman, &[1, 1, 1, 1, 1, 1]);
    assert_eq!(battle(&log).map(|b| b.2), Some(Faction::Ottoman), "a tie goes to the defender");
    assert_eq!(lost(&log, Faction::Hapsburg), squadrons(1));
    assert_eq!(game.naval_units(sea(SeaZone::BlackSea), Faction::Hapsburg), NavalUnits::NONE);
    assert_eq!(game.naval_on_turn_track(Faction::Hapsburg), squadrons(1));
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

/// §16.2 step 10: a side that loses all its ships sends its naval leaders to
/// the turn track; ships and leaders come back at the next card draw (§8).
#[test]
fn ships_and_leaders_go_to_the_turn_track_and_come_back() {
    let mut game = action_phase(11);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(2)).unwrap();
    game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Ottoman, squadrons(1)).unwrap();
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::TyrrhenianSea)).unwrap();
    play(&mut game, Power::Hapsburg, Card::Arquebusiers);
    naval_move(&mut game, Action::NavalFromPort(Space::Naples), 2, Action::NavalToSea(SeaZone::TyrrhenianSea));
    game.apply(Action::Decline).unwrap(); // no avoiding battle
    let log = fight(&mut game, Power::Hapsburg, Power::Ottoman, &[5, 5, 1, 1, 1, 1, 1, 1]);
    assert_eq!(lost(&log, Faction::Ottoman), squadrons(1));
    assert!(log.contains(&Event::NavalLeaderLost { leader: Leader::Barbarossa, at: sea(SeaZone::TyrrhenianSea) }));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::TurnTrack);
    assert_eq!(game.naval_on_turn_track(Faction::Ottoman), squadrons(1));
    // Play on to the next turn's card draw.
    for _ in 0..10_000 {
        if game.turn() == 2 && game.leader_location(Leader::Barbarossa) != LeaderLocation::TurnTrack {
            break;
        }
        let action = legal(&game)[0];
        game.apply(action).unwrap();
    }
    assert_eq!(game.turn(), 2);
    assert_eq!(game.naval_on_turn_track(Faction::Ottoman), NavalUnits::NONE);
    let LeaderLocation::Space(space) = game.leader_location(Leader::Barbarossa) else {
        panic!("Barbarossa is back in a port")
    };
    assert_eq!(game.controller(space), Faction::Ottoman);
}

/// §16.2 step 8: the owner of a side with an allied minor's squadrons picks
/// whose squadrons sink.
#[test]
fn the_owner_picks_whose_squadrons_sink() {
    let mut game = action_phase(11);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_alliance(Power::Hapsburg, MinorPower::Genoa, true).unwrap();
    game.set_naval_units(port(Space::Marseille), Faction::France, squadrons(3)).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::Hapsburg, squadrons(2)).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::Genoa, squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Arquebusiers);
    naval_move(&mut game, Action::NavalFromPort(Space::Marseille), 3, Action::NavalToSea(SeaZone::GulfOfLyon));
    game.apply(Action::Decline).unwrap(); // no avoiding battle
    let log = fight(&mut game, Power::France, Power::Hapsburg, &[5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(battle(&log).map(|b| (b.1.count(), b.2)), Some((6, Faction::France)));
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::LoseSquadronOf(Faction::Hapsburg), Action::LoseSquadronOf(Faction::Genoa)]);
    game.apply(Action::LoseSquadronOf(Faction::Genoa)).unwrap();
    assert_eq!(game.naval_on_turn_track(Faction::Genoa), squadrons(1));
    // Then the loser's retreat, both Hapsburg squadrons together.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert!(legal(&game).contains(&Action::NavalToPort(Space::Barcelona)));
    game.apply(Action::NavalToPort(Space::Barcelona)).unwrap();
    assert_eq!(game.naval_units(port(Space::Barcelona), Faction::Hapsburg), squadrons(2));
}

/// §16.1 step 7: the active power picks the order of its battles, and fights
/// the enemies in one zone one at a time, until it loses or has fought each.
#[test]
fn the_active_power_orders_its_battles() {
    let mut game = action_phase(11);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::Hapsburg, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::England, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::France, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::Hapsburg, squadrons(1)).unwrap();
    game.set_naval_units(port(Space::Marseille), Faction::France, squadrons(3)).unwrap();
    play(&mut game, Power::France, Card::Arquebusiers);
    naval_move(&mut game, Action::NavalFromPort(Space::Marseille), 3, Action::NavalToSea(SeaZone::GulfOfLyon));
    // Both enemies in the Gulf may avoid battle; neither does.
    for power in [Power::Hapsburg, Power::England] {
        assert_eq!(game.decider(), Decider::Power(power));
        game.apply(Action::Decline).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::BattleAtSea(SeaZone::BarbaryCoast), Action::BattleAtSea(SeaZone::GulfOfLyon)]);
    game.apply(Action::BattleAtSea(SeaZone::GulfOfLyon)).unwrap();
    assert_eq!(legal(&game), [Action::Engage(Faction::Hapsburg), Action::Engage(Faction::England)]);
    game.apply(Action::Engage(Faction::England)).unwrap();
    let log = fight(&mut game, Power::France, Power::England, &[5, 5, 1, 1, 1, 1, 1, 1]);
    assert_eq!(battle(&log).map(|b| b.2), Some(Faction::France));
    assert_eq!(lost(&log, Faction::England), squadrons(1));
    // England is gone; France fights the Hapsburg in the Gulf next.
    let log = fight(&mut game, Power::France, Power::Hapsburg, &[1, 1, 1, 1, 1, 1, 5, 5]);
    assert_eq!(battle(&log).map(|b| b.2), Some(Faction::Hapsburg));
    // France lost: it retreats; then the battle on the Barbary Coast.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    game.apply(Action::NavalToPort(Space::Marseille)).unwrap();
    decline_card_windows(&mut game, Power::France, Power::Hapsburg);
}

/// §16.2 steps 3-4: each side's combat-card window offers only `Decline`
/// while no combat card's event is built, held card or not.
#[test]
fn the_combat_card_window_offers_only_decline() {
    let mut game = action_phase(11);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.give_card(Power::France, Card::SurpriseAttack).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::France, squadrons(1)).unwrap();
    game.set_naval_units(port(Space::Barcelona), Faction::Hapsburg, squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Gout);
    naval_move(&mut game, Action::NavalFromSea(SeaZone::GulfOfLyon), 1, Action::NavalToPort(Space::Barcelona));
    assert!(game.hand(Power::France).contains(Card::SurpriseAttack));
    decline_card_windows(&mut game, Power::France, Power::Hapsburg);
    assert!(game.hand(Power::France).contains(Card::SurpriseAttack));
}

/// England: regulars in Portsmouth, squadrons in the English Channel and the North Sea.
fn transport_position(card: Card) -> Game {
    let mut game = action_phase(11);
    game.set_land_units(Space::Portsmouth, Faction::England, LandUnits::regulars(3)).unwrap();
    game.set_naval_units(sea(SeaZone::EnglishChannel), Faction::England, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::NorthSea), Faction::England, squadrons(1)).unwrap();
    play(&mut game, Power::England, card);
    game
}

/// §16.3: at least 2 CP; 1 CP a leg, the landing included; legs only
/// through zones with the power's ships, and only while a landing stays in
/// reach this impulse.
#[test]
fn naval_transport_across_one_and_two_zones() {
    let game = transport_position(Card::Arquebusiers);
    assert!(!legal(&game).contains(&Action::TransportFrom(Space::Portsmouth)), "1 CP is not enough");
    // One zone, 2 CP.
    let mut game = transport_position(Card::Gout);
    game.apply(Action::TransportFrom(Space::Portsmouth)).unwrap();
    assert_eq!(legal(&game), [Action::AddUnit(LandUnitKind::Regular)]);
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert_eq!(legal(&game), [Action::AddUnit(LandUnitKind::Regular), Action::NavalToSea(SeaZone::EnglishChannel)]);
    game.apply(Action::NavalToSea(SeaZone::EnglishChannel)).unwrap();
    // 1 CP left: land only, in an English port on the Channel (not French ones).
    assert_eq!(
        legal(&game),
        [
            Action::NavalToPort(Space::Calais),
            Action::NavalToPort(Space::Plymouth),
            Action::NavalToPort(Space::Portsmouth)
        ]
    );
    let log = logged(&mut game, Action::NavalToPort(Space::Calais));
    assert!(log.contains(&Event::FormationTransported {
        power: Power::England,
        from: Space::Portsmouth,
        to: Space::Calais,
        units: LandUnits::regulars(2),
        leaders: 0,
        cp: 2,
    }));
    assert_eq!(game.land_units(Space::Calais, Faction::England), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Portsmouth, Faction::England), LandUnits::regulars(1));
    assert_eq!(game.decider(), Decider::Power(Power::France), "2 CP spent");
    // Two zones, 3 CP.
    let mut game = transport_position(Card::MachiavelliThePrince);
    game.apply(Action::TransportFrom(Space::Portsmouth)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::NavalToSea(SeaZone::EnglishChannel)).unwrap();
    assert!(legal(&game).contains(&Action::NavalToSea(SeaZone::NorthSea)));
    assert!(!legal(&game).contains(&Action::NavalToSea(SeaZone::IrishSea)), "no English ships there");
    game.apply(Action::NavalToSea(SeaZone::NorthSea)).unwrap();
    assert!(!legal(&game).contains(&Action::NavalToSea(SeaZone::EnglishChannel)), "no CP for another leg");
    let log = logged(&mut game, Action::NavalToPort(Space::London));
    assert!(log.iter().any(|e| matches!(e, Event::FormationTransported { to: Space::London, cp: 3, .. })));
    assert_eq!(game.land_units(Space::London, Faction::England), LandUnits::regulars(1));
    assert_eq!(game.decider(), Decider::Power(Power::France), "3 CP spent");
}

/// §16.3: at most 5 land units (and the formation limit); never a besieged
/// formation.
#[test]
fn naval_transport_limits() {
    let mut game = action_phase(11);
    game.set_land_units(Space::Portsmouth, Faction::England, LandUnits::regulars(6)).unwrap();
    game.set_naval_units(sea(SeaZone::EnglishChannel), Faction::England, squadrons(1)).unwrap();
    game.set_leader(Leader::CharlesBrandon, LeaderLocation::Space(Space::Portsmouth)).unwrap();
    play(&mut game, Power::England, Card::Gout);
    game.apply(Action::TransportFrom(Space::Portsmouth)).unwrap();
    let mut probe = game.clone();
    for _ in 0..4 {
        probe.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    assert!(!legal(&probe).contains(&Action::AddUnit(LandUnitKind::Regular)), "4 without a leader");
    game.apply(Action::AddLeader(Leader::CharlesBrandon)).unwrap();
    for _ in 0..5 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    assert!(!legal(&game).contains(&Action::AddUnit(LandUnitKind::Regular)), "5 at most");
    let mut game = action_phase(11);
    game.set_war(Power::England, Power::France, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_naval_units(sea(SeaZone::EnglishChannel), Faction::England, squadrons(1)).unwrap();
    play(&mut game, Power::England, Card::Gout);
    assert!(!legal(&game).contains(&Action::TransportFrom(Space::Calais)));
}

// --- Piracy (§16.4) ------------------------------------------------------

/// After Barbary Pirates: Algiers in play.
fn piracy_board() -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 5).with_fast_play(true));
    game.set_in_play(Space::Algiers, true).unwrap();
    game.set_controller(Space::Algiers, Faction::Ottoman).unwrap();
    game
}

fn corsairs(n: u8) -> NavalUnits {
    NavalUnits { squadrons: 0, corsairs: n }
}

/// §16.4 step 2: each source of anti-piracy dice, on and off.
#[test]
fn anti_piracy_dice_count_each_source() {
    let mut game = piracy_board();
    let zone = SeaZone::IonianSea;
    game.set_naval_units(sea(zone), Faction::Ottoman, corsairs(2)).unwrap();
    let count = |g: &Game| anti_piracy_dice(g, zone, Power::Hapsburg);
    // Malta is a Hapsburg fortress on the zone.
    assert_eq!(count(&game).total(), 1);
    assert_eq!(count(&game).fortresses, 1);
    game.set_unrest(Space::Malta, true).unwrap();
    assert_eq!(count(&game).fortresses, 0, "in unrest");
    game.set_unrest(Space::Malta, false).unwrap();
    game.set_land_units(Space::Malta, Faction::Ottoman, LandUnits::regulars(3)).unwrap();
    game.set_besieged_units(Space::Malta, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    assert_eq!(count(&game).fortresses, 0, "besieged");
    game.set_land_units(Space::Malta, Faction::Ottoman, LandUnits::NONE).unwrap();
    game.set_land_units(Space::Malta, Faction::Hapsburg, LandUnits::NONE).unwrap();
    // The Knights of St John in Malta help anyone.
    game.set_controller(Space::Malta, Faction::Independent).unwrap();
    assert_eq!(count(&game).fortresses, 1);
    game.set_controller(Space::Malta, Faction::Papacy).unwrap();
    assert_eq!(count(&game).fortresses, 0, "the Papacy is not at war with the Ottoman");
    game.set_war(Power::Ottoman, Power::Papacy, true).unwrap();
    assert_eq!(count(&game).fortresses, 1, "at war with the Ottoman");
    game.set_war(Power::Ottoman, Power::Papacy, false).unwrap();
    // Corfu, a Venetian fortress: only if Venice is at war with the Ottoman.
    game.set_war(Power::Ottoman, MinorPower::Venice, true).unwrap();
    assert_eq!(count(&game).fortresses, 1);
    game.set_war(Power::Ottoman, MinorPower::Venice, false).unwrap();
    assert_eq!(count(&game).fortresses, 0);
    // (a) 2 per target squadron in the zone.
    game.set_naval_units(sea(zone), Faction::Hapsburg, squadrons(2)).unwrap();
    assert_eq!(count(&game).in_zone, 4);
    // ... but another power's there count nothing, even at war.
    game.set_war(Power::Ottoman, Power::France, true).unwrap();
    game.set_naval_units(sea(zone), Faction::France, squadrons(1)).unwrap();
    assert_eq!(count(&game).total(), 4);
    // (b) 1 per squadron next to it, the target's or a power's at war with the Ottoman.
    game.set_naval_units(port(Space::Messina), Faction::Hapsburg, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::AdriaticSea), Faction::Papacy, squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::AegeanSea), Faction::France, squadrons(2)).unwrap();
    assert_eq!(count(&game).adjacent_squadrons, 3, "Messina 1, Aegean 2, not the Papacy's");
    game.set_war(Power::Ottoman, Power::Papacy, true).unwrap();
    assert_eq!(count(&game).adjacent_squadrons, 4);
    // A zone not adjacent: nothing.
    game.set_naval_units(sea(SeaZone::TyrrhenianSea), Faction::Hapsburg, squadrons(1)).unwrap();
    assert_eq!(count(&game).adjacent_squadrons, 4);
}

/// §16.4 step 4: 1 die with one corsair or one target port on the zone,
/// else 2; Barbarossa +1, Dragut +2.
#[test]
fn piracy_dice_count() {
    let mut game = piracy_board();
    let zone = SeaZone::TyrrhenianSea;
    game.set_naval_units(sea(zone), Faction::Ottoman, corsairs(1)).unwrap();
    assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 1, "one corsair");
    game.set_naval_units(sea(zone), Faction::Ottoman, corsairs(2)).unwrap();
    assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 2);
    assert_eq!(piracy_dice(&game, zone, Power::Papacy), 1, "Rome is the Papacy's only port there");
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(zone)).unwrap();
    assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 3);
    game.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Algiers)).unwrap();
    game.set_leader(Leader::Dragut, LeaderLocation::Sea(zone)).unwrap();
    assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 4);
}

/// The Ottoman in its impulse with `card`, 2 corsairs and Barbarossa in the
/// Ionian Sea; a Hapsburg squadron in Messina and a card in its hand.
fn piracy_position() -> Game {
    let mut game = piracy_board();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game.set_naval_units(sea(SeaZone::IonianSea), Faction::Ottoman, corsairs(2)).unwrap();
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::IonianSea)).unwrap();
    game.set_naval_units(port(Space::Messina), Faction::Hapsburg, squadrons(1)).unwrap();
    game.give_card(Power::Hapsburg, Card::Gout).unwrap();
    play(&mut game, Power::Ottoman, Card::MachiavelliThePrince);
    game
}

/// §16.4: declaration, anti-piracy roll sinking corsairs, the piracy roll,
/// and hits split evenly over the valid options.
#[test]
fn a_piracy_action() {
    let mut game = piracy_position();
    assert!(legal(&game).contains(&Action::Piracy(SeaZone::IonianSea)));
    game.apply(Action::Piracy(SeaZone::IonianSea)).unwrap();
    assert!(game.piracy_markers().contains(SeaZone::IonianSea));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::PiracyTarget(Power::Hapsburg)]);
    // Anti-piracy: Messina's squadron and Malta, 2 dice; one hit.
    game.force_dice(&[5, 1]).unwrap();
    // Piracy: one corsair left, 1 die + Barbarossa's 1; two hits.
    game.force_dice(&[6, 5]).unwrap();
    let log = logged(&mut game, Action::PiracyTarget(Power::Hapsburg));
    assert!(log.contains(&Event::Piracy {
        zone: SeaZone::IonianSea,
        target: Power::Hapsburg,
        anti_piracy: Dice::of(&[5, 1]),
        corsairs_sunk: 1,
        piracy: Dice::of(&[6, 5]),
    }));
    assert_eq!(game.naval_units(sea(SeaZone::IonianSea), Faction::Ottoman), corsairs(1));
    assert_eq!(game.naval_on_turn_track(Faction::Ottoman), corsairs(1));
    // The target pays: three valid options, so two hits take two different ones.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    let all = [
        Action::GiveVp(Power::Ottoman),
        Action::GiveRandomCard(Power::Ottoman),
        Action::SinkSquadronIn(Space::Messina),
    ];
    let first = legal(&game);
    assert!(all.iter().all(|a| first.contains(a)) && first.len() == 3);
    let log = logged(&mut game, Action::GiveVp(Power::Ottoman));
    assert!(log.contains(&Event::PiracyVp { total: 1 }));
    let second = legal(&game);
    assert!(!second.contains(&Action::GiveVp(Power::Ottoman)) && second.len() == 2);
    let log = logged(&mut game, Action::GiveRandomCard(Power::Ottoman));
    assert!(log.contains(&Event::CardDrawn { power: Power::Ottoman, from: Power::Hapsburg, card: Some(Card::Gout) }));
    assert!(game.hand(Power::Ottoman).contains(Card::Gout));
    assert_eq!(game.piracy_vp(), 1);
    // 1 CP left to the Ottoman; no second piracy in the Ionian Sea this turn.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(!legal(&game).iter().any(|a| matches!(a, Action::Piracy(_))));
}

/// §16.4: the target loses a squadron in the zone or next to it; no
/// corsair left, no piracy roll.
#[test]
fn piracy_sinks_squadrons_and_corsairs() {
    let mut game = piracy_position();
    game.apply(Action::Piracy(SeaZone::IonianSea)).unwrap();
    game.force_dice(&[1, 1]).unwrap();
    game.force_dice(&[6, 1, 1]).unwrap();
    game.apply(Action::PiracyTarget(Power::Hapsburg)).unwrap();
    let log = logged(&mut game, Action::SinkSquadronIn(Space::Messina));
    assert!(log.contains(&Event::ShipsLost {
        faction: Faction::Hapsburg,
        at: port(Space::Messina),
        units: squadrons(1)
    }));
    assert_eq!(game.naval_on_turn_track(Faction::Hapsburg), squadrons(1));
    // Every corsair sunk: no piracy dice, Barbarossa to the turn track.
    let mut game = piracy_position();
    game.apply(Action::Piracy(SeaZone::IonianSea)).unwrap();
    game.force_dice(&[6, 6]).unwrap();
    let log = logged(&mut game, Action::PiracyTarget(Power::Hapsburg));
    assert!(log.iter().any(|e| matches!(e, Event::Piracy { corsairs_sunk: 2, piracy, .. } if piracy.count() == 0)));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::TurnTrack);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

/// §16.4: piracy VP stop at 10 a game; a hit with no valid option is lost.
#[test]
fn piracy_vp_are_capped_at_ten() {
    let mut game = piracy_board();
    assert_eq!(valid_piracy_options(&game, SeaZone::IonianSea, Power::Hapsburg), [false, false, true]);
    game.set_piracy_vp(10).unwrap();
    assert_eq!(valid_piracy_options(&game, SeaZone::IonianSea, Power::Hapsburg), [false, false, false]);
    // Through the engine: 9 VP, two hits, only VP valid.
    let mut game = piracy_position();
    game.set_piracy_vp(9).unwrap();
    game.set_naval_units(port(Space::Messina), Faction::Hapsburg, NavalUnits::NONE).unwrap();
    game.apply(Action::Piracy(SeaZone::IonianSea)).unwrap();
    game.force_dice(&[1]).unwrap(); // Malta's die
    game.force_dice(&[6, 6, 6]).unwrap();
    game.apply(Action::PiracyTarget(Power::Hapsburg)).unwrap();
    // The card first (even split), then VP; the third hit finds nothing.
    assert_eq!(legal(&game), [Action::GiveVp(Power::Ottoman), Action::GiveRandomCard(Power::Ottoman)]);
    game.apply(Action::GiveRandomCard(Power::Ottoman)).unwrap();
    assert_eq!(legal(&game), [Action::GiveVp(Power::Ottoman)]);
    game.apply(Action::GiveVp(Power::Ottoman)).unwrap();
    assert_eq!(game.piracy_vp(), 10);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman), "the last hit is lost");
}

/// §16.4 (500th): with all three options valid, an option is not taken again
/// before the others; four hits split 2+1+1.
#[test]
fn piracy_hits_split_evenly() {
    let mut game = piracy_board();
    game.give_card(Power::Hapsburg, Card::Gout).unwrap();
    game.set_naval_units(port(Space::Messina), Faction::Hapsburg, squadrons(2)).unwrap();
    let zone = SeaZone::IonianSea;
    assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [0, 0, 0]), [true; 3]);
    assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [1, 0, 0]), [false, true, true]);
    assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [1, 1, 0]), [false, false, true]);
    assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [1, 1, 1]), [true; 3]);
    // An option that has become invalid no longer holds the others back.
    game.set_naval_units(port(Space::Messina), Faction::Hapsburg, NavalUnits::NONE).unwrap();
    assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [0, 1, 1]), [false, true, true]);
}

/// §16.4 step 1: once per zone per turn, at most 4 a turn; only after
/// Barbary Pirates; the markers come off in winter (§19 step 6).
#[test]
fn piracy_limits_and_markers() {
    let mut game = piracy_board();
    game.set_naval_units(sea(SeaZone::IonianSea), Faction::Ottoman, corsairs(1)).unwrap();
    assert!(may_pirate(&game, SeaZone::IonianSea));
    let mut before = game.clone();
    before.set_in_play(Space::Algiers, false).unwrap();
    before.set_controller(Space::Algiers, Faction::Independent).unwrap();
    assert!(!may_pirate(&before, SeaZone::IonianSea), "before Barbary Pirates");
    for zone in [SeaZone::AegeanSea, SeaZone::AdriaticSea, SeaZone::BarbaryCoast] {
        game.set_piracy_marker(zone, true).unwrap();
    }
    assert!(may_pirate(&game, SeaZone::IonianSea), "three markers used");
    game.set_piracy_marker(SeaZone::TyrrhenianSea, true).unwrap();
    assert!(!may_pirate(&game, SeaZone::IonianSea), "four markers used");
    assert!(game.set_piracy_marker(SeaZone::IonianSea, true).is_err());
    // Winter takes them off.
    game.set_phase(Phase::Winter).unwrap();
    game.run_automatic();
    assert_eq!(game.piracy_markers().len(), 4, "until step 6");
    while game.phase() == Phase::Winter {
        let action = legal(&game)[0];
        game.apply(action).unwrap();
    }
    assert!(game.piracy_markers().is_empty());
}

/// Random play fights naval battles, keeps the position valid and ends.
#[test]
fn random_play_fights_naval_battles() {
    use rand_core::{Rng, SeedableRng};
    let mut battles = 0;
    for seed in 1..=6u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut log = Vec::new();
        for _ in 0..200_000 {
            let Decider::Power(_) = game.decider() else { break };
            let actions = game.legal_actions();
            let pick = ((u128::from(rng.next_u64()) * actions.len() as u128) >> 64) as usize;
            log.clear();
            game.apply_logged(actions[pick], &mut log).unwrap();
            battles += log.iter().filter(|e| matches!(e, Event::NavalBattle { .. })).count();
        }
        assert_eq!(game.validate(), Ok(()));
        assert!(matches!(game.decider(), Decider::Terminal(_)), "seed {seed}");
    }
    assert!(battles > 0);
}

/// England, at war with France, has a regular in the French port `space`
/// (its LOC from Calais through `path`, English-held) and a squadron
/// ready to spend CP; France has a squadron in the port.
fn english_in_french_port(space: Space, path: &[Space]) -> Game {
    let mut game = common::board(5);
    game.set_war(Power::England, Power::France, true).unwrap();
    for &s in path {
        game.set_controller(s, Faction::England).unwrap();
    }
    game.set_land_units(space, Faction::England, LandUnits::regulars(1)).unwrap();
    game.set_naval_units(port(space), Faction::France, squadrons(1)).unwrap();
    common::impulse(&mut game, Power::England, 2);
    game
}

/// §12.2: the control action takes an unfortified port; the naval units
/// there retreat at once to the adjacent sea zone (§16.2 step 9).
#[test]
fn ships_in_a_port_taken_by_the_control_action_retreat_to_sea() {
    let mut game = english_in_french_port(Space::Boulogne, &[]);
    let log = logged(&mut game, Action::Control(Space::Boulogne));
    assert_eq!(game.controller(Space::Boulogne), Faction::England);
    assert_eq!(game.naval_units(port(Space::Boulogne), Faction::France), NavalUnits::NONE);
    assert_eq!(game.naval_units(sea(SeaZone::EnglishChannel), Faction::France), squadrons(1));
    assert!(log.iter().any(|e| matches!(e, Event::ShipsRetreated { faction: Faction::France, .. })));
    assert_eq!(game.validate(), Ok(()));
}

/// §12.2 with §16.2 step 9: no sea zone free of enemy ships to retreat to,
/// the port's ships are eliminated.
#[test]
fn ships_in_a_port_taken_with_nowhere_to_retreat_are_eliminated() {
    let mut game = english_in_french_port(Space::Boulogne, &[]);
    game.set_naval_units(sea(SeaZone::EnglishChannel), Faction::England, squadrons(1)).unwrap();
    let log = logged(&mut game, Action::Control(Space::Boulogne));
    assert_eq!(game.naval_units(port(Space::Boulogne), Faction::France), NavalUnits::NONE);
    assert_eq!(game.naval_units(sea(SeaZone::EnglishChannel), Faction::France), NavalUnits::NONE);
    assert!(log.iter().any(|e| matches!(e, Event::ShipsLost { faction: Faction::France, .. })));
}

/// §12.2: from a port on two open sea zones, the ships' owner chooses
/// where they retreat; the game stays valid and survives a save meanwhile.
#[test]
fn the_owner_chooses_the_sea_zone_its_ships_retreat_to_from_a_port_taken() {
    let mut game = english_in_french_port(Space::Brest, &[Space::Boulogne, Space::Rouen, Space::Nantes]);
    game.apply(Action::Control(Space::Brest)).unwrap();
    assert_eq!(game.pending().kind, DecisionKind::NavalRetreat);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let mut choices = legal(&game);
    choices.sort();
    let mut expected = vec![Action::NavalToSea(SeaZone::BayOfBiscay), Action::NavalToSea(SeaZone::EnglishChannel)];
    expected.sort();
    assert_eq!(choices, expected);
    assert_eq!(game.validate(), Ok(()));
    #[cfg(feature = "serde")]
    {
        let text = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back, game);
    }
    game.apply(Action::NavalToSea(SeaZone::BayOfBiscay)).unwrap();
    assert_eq!(game.naval_units(sea(SeaZone::BayOfBiscay), Faction::France), squadrons(1));
    assert_eq!(game.pending().power, Some(Power::England));
}
