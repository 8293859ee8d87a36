//! The naval move (§16.1, §2.3): one CP, every ship one step.

use here_i_stand::rules::naval::{Fleet, can_naval_move, fleet_destinations, may_enter, neighbours};
use here_i_stand::*;

use crate::common;
use common::{action_phase, legal, play, port, sea};

/// Moves the fleet at `from`: the leaders, then the ships, then the destination.
fn sail(game: &mut Game, from: Action, adds: &[Action], to: Action) {
    game.apply(from).unwrap();
    for &add in adds {
        game.apply(add).unwrap();
    }
    game.apply(to).unwrap();
}

const SQUADRON: Action = Action::AddShip(NavalUnitKind::Squadron);

#[test]
fn a_squadron_sails_from_port_to_sea_and_on() {
    let mut game = action_phase(11);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Gout); // 2 CP
    assert!(legal(&game).contains(&Action::NavalMove));
    game.apply(Action::NavalMove).unwrap();
    assert_eq!(legal(&game), [Action::Done, Action::NavalFromPort(Space::Marseille)]);
    game.apply(Action::NavalFromPort(Space::Marseille)).unwrap();
    assert_eq!(legal(&game), [SQUADRON]);
    game.apply(SQUADRON).unwrap();
    // From a port: its sea zone only.
    assert_eq!(legal(&game), [Action::NavalToSea(SeaZone::GulfOfLyon)]);
    let mut log = Vec::new();
    game.apply_logged(Action::NavalToSea(SeaZone::GulfOfLyon), &mut log).unwrap();
    let moved = Event::ShipsMoved {
        faction: Faction::France,
        from: port(Space::Marseille),
        to: sea(SeaZone::GulfOfLyon),
        units: NavalUnits::squadrons(1),
    };
    assert_eq!(log, [moved]);
    assert_eq!(game.naval_units(sea(SeaZone::GulfOfLyon), Faction::France), NavalUnits::squadrons(1));
    // One step per naval move: nothing more to sail.
    assert_eq!(legal(&game), [Action::Done]);
    game.apply(Action::Done).unwrap();
    // The second CP buys a second naval move: the ship goes on.
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromSea(SeaZone::GulfOfLyon)).unwrap();
    game.apply(SQUADRON).unwrap();
    let to = legal(&game);
    for ok in [
        Action::NavalToSea(SeaZone::TyrrhenianSea),
        Action::NavalToSea(SeaZone::BarbaryCoast),
        Action::NavalToPort(Space::Marseille),
    ] {
        assert!(to.contains(&ok), "{ok}");
    }
    // Barcelona is Hapsburg, Genoa and Nice are not France's.
    for no in [Space::Barcelona, Space::Genoa, Space::Nice] {
        assert!(!to.contains(&Action::NavalToPort(no)), "{no}");
    }
    game.apply(Action::NavalToSea(SeaZone::TyrrhenianSea)).unwrap();
    game.apply(Action::Done).unwrap();
    assert_eq!(game.naval_units(sea(SeaZone::TyrrhenianSea), Faction::France), NavalUnits::squadrons(1));
    // 2 CP spent: the impulse is over.
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

/// All ships may move, each at most once: ships arriving where others wait
/// do not move again, and the others still may (two stacks may even swap).
#[test]
fn every_ship_moves_but_once() {
    let mut game = action_phase(11);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(3)).unwrap();
    game.set_naval_units(sea(SeaZone::GulfOfLyon), Faction::France, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Arquebusiers); // 1 CP
    game.apply(Action::NavalMove).unwrap();
    let marseille = Action::NavalFromPort(Space::Marseille);
    let gulf = Action::NavalFromSea(SeaZone::GulfOfLyon);
    sail(&mut game, marseille, &[SQUADRON, SQUADRON], Action::NavalToSea(SeaZone::GulfOfLyon));
    // Three squadrons in the Gulf, only the one that was there may move.
    game.apply(gulf).unwrap();
    game.apply(SQUADRON).unwrap();
    assert!(!legal(&game).contains(&SQUADRON));
    game.apply(Action::NavalToPort(Space::Marseille)).unwrap();
    // Marseille: one squadron that has not moved, one that just arrived.
    assert_eq!(legal(&game), [Action::Done, marseille]);
    game.apply(marseille).unwrap();
    game.apply(SQUADRON).unwrap();
    assert!(!legal(&game).contains(&SQUADRON));
    game.apply(Action::NavalToSea(SeaZone::GulfOfLyon)).unwrap();
    assert_eq!(legal(&game), [Action::Done]);
    assert_eq!(game.naval_units(sea(SeaZone::GulfOfLyon), Faction::France), NavalUnits::squadrons(3));
    assert_eq!(game.naval_units(port(Space::Marseille), Faction::France), NavalUnits::squadrons(1));
    // The naval move was bought with the last CP and still happened; Done ends the impulse.
    game.apply(Action::Done).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

/// §2.3: Messina joins the Tyrrhenian and Ionian seas, which are not
/// adjacent: a ship enters the port in one naval move and leaves into the
/// other zone in a later one, if the port is friendly.
#[test]
fn a_two_zone_port_is_entered_in_one_move_and_left_in_another() {
    let mut game = action_phase(11);
    let tyrrhenian = sea(SeaZone::TyrrhenianSea);
    game.set_naval_units(tyrrhenian, Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::Hapsburg, Card::Gout); // 2 CP
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromSea(SeaZone::TyrrhenianSea)).unwrap();
    game.apply(SQUADRON).unwrap();
    assert!(!legal(&game).contains(&Action::NavalToSea(SeaZone::IonianSea)));
    game.apply(Action::NavalToPort(Space::Messina)).unwrap();
    // Not on in the same naval move.
    assert_eq!(legal(&game), [Action::Done]);
    game.apply(Action::Done).unwrap();
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromPort(Space::Messina)).unwrap();
    game.apply(SQUADRON).unwrap();
    assert_eq!(legal(&game), [Action::NavalToSea(SeaZone::IonianSea), Action::NavalToSea(SeaZone::TyrrhenianSea)]);
    game.apply(Action::NavalToSea(SeaZone::IonianSea)).unwrap();
    assert_eq!(game.naval_units(sea(SeaZone::IonianSea), Faction::Hapsburg), NavalUnits::squadrons(1));

    // The same for Gibraltar and Istanbul; and never through a port that is not friendly.
    let game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    for (a, port_, b) in [
        (SeaZone::AtlanticOcean, Space::Gibraltar, SeaZone::BarbaryCoast),
        (SeaZone::BlackSea, Space::Istanbul, SeaZone::AegeanSea),
        (SeaZone::TyrrhenianSea, Space::Messina, SeaZone::IonianSea),
    ] {
        assert!(!neighbours(sea(a)).contains(&sea(b)));
        assert!(neighbours(sea(a)).contains(&port(port_)));
        assert!(neighbours(port(port_)).contains(&sea(b)));
    }
    let mut french_messina = game.clone();
    french_messina.set_controller(Space::Messina, Faction::France).unwrap();
    french_messina.set_naval_units(tyrrhenian, Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    let one = Fleet { own: NavalUnits::squadrons(1), ..Fleet::NONE };
    let to = fleet_destinations(&french_messina, Power::Hapsburg, tyrrhenian, &one, EnumSet::EMPTY);
    assert!(!to.contains(&port(Space::Messina)));
    assert!(to.contains(&port(Space::Naples)));
}

/// §16.1: ships sail into sea zones whatever is there (a naval battle
/// follows with enemies); into another power's port only to attack enemy
/// ships in it; never into an ally's port.
#[test]
fn enemy_presence_and_other_powers_ports() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    let gulf = sea(SeaZone::GulfOfLyon);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(gulf, Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    // Not at war: fleets share the zone; at war: they may still sail in.
    assert!(may_enter(&game, Power::France, Faction::France, gulf));
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    assert!(may_enter(&game, Power::France, Faction::France, gulf));
    assert!(can_naval_move(&game, Power::France));
    // Ports: own, or another power's with enemy ships in it; never an ally's.
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    let tyrrhenian = sea(SeaZone::TyrrhenianSea);
    game.set_naval_units(tyrrhenian, Faction::France, NavalUnits::squadrons(1)).unwrap();
    for no in [Space::Rome, Space::Naples, Space::Genoa] {
        assert!(!may_enter(&game, Power::France, Faction::France, port(no)), "{no}");
    }
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    assert!(may_enter(&game, Power::France, Faction::France, port(Space::Naples)), "to attack");
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, NavalUnits::NONE).unwrap();
    game.set_naval_units(port(Space::Rome), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    assert!(!may_enter(&game, Power::France, Faction::France, port(Space::Rome)), "an ally's port");
    game.set_naval_units(port(Space::Rome), Faction::Hapsburg, NavalUnits::NONE).unwrap();
    game.set_controller(Space::Naples, Faction::France).unwrap();
    assert!(may_enter(&game, Power::France, Faction::France, port(Space::Naples)));
    // Its own port holding enemy ships: in, to fight them.
    game.set_controller(Space::Palermo, Faction::France).unwrap();
    game.set_naval_units(port(Space::Palermo), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    assert!(may_enter(&game, Power::France, Faction::France, port(Space::Palermo)));
    // Through the engine.
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    play(&mut game, Power::France, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::NavalFromSea(SeaZone::TyrrhenianSea)).unwrap();
    game.apply(SQUADRON).unwrap();
    assert_eq!(
        legal(&game),
        [
            Action::NavalToPort(Space::Naples),
            Action::NavalToPort(Space::Palermo),
            Action::NavalToSea(SeaZone::BarbaryCoast),
            Action::NavalToSea(SeaZone::GulfOfLyon)
        ]
    );
}

/// §16.1: Genoese and Venetian ships and Andrea Doria never enter the Atlantic.
#[test]
fn genoa_venice_and_doria_stay_out_of_the_atlantic() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    let atlantic = sea(SeaZone::AtlanticOcean);
    game.set_alliance(Power::Hapsburg, MinorPower::Genoa, true).unwrap();
    assert!(!may_enter(&game, Power::Hapsburg, Faction::Genoa, atlantic));
    assert!(!may_enter(&game, Power::Hapsburg, Faction::Venice, atlantic));
    assert!(may_enter(&game, Power::Hapsburg, Faction::Hapsburg, atlantic));
    let corunna = port(Space::Corunna);
    game.set_naval_units(corunna, Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    game.set_leader(Leader::AndreaDoria, LeaderLocation::Space(Space::Corunna)).unwrap();
    let one = Fleet { own: NavalUnits::squadrons(1), ..Fleet::NONE };
    let with_doria: EnumSet<Leader> = [Leader::AndreaDoria].into_iter().collect();
    let to = fleet_destinations(&game, Power::Hapsburg, corunna, &one, with_doria);
    assert_eq!(to.as_slice(), [sea(SeaZone::BayOfBiscay)]);
    // Without him: the last ship may not leave him for the Bay of Biscay,
    // where he could follow, but may sail to the Atlantic, where he cannot.
    let to = fleet_destinations(&game, Power::Hapsburg, corunna, &one, EnumSet::EMPTY);
    assert_eq!(to.as_slice(), [atlantic]);
}

/// §16.1: naval leaders move with ships, never alone, and are not left
/// behind when the last ship leaves.
#[test]
fn naval_leaders_move_with_ships() {
    let mut game = action_phase(11);
    let istanbul = port(Space::Istanbul);
    game.set_naval_units(istanbul, Faction::Ottoman, NavalUnits { squadrons: 1, corsairs: 1 }).unwrap();
    game.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Istanbul)).unwrap();
    // Dragut alone in Varna cannot move.
    game.set_leader(Leader::Dragut, LeaderLocation::Space(Space::Varna)).unwrap();
    play(&mut game, Power::Ottoman, Card::Gout);
    game.apply(Action::NavalMove).unwrap();
    assert_eq!(legal(&game), [Action::Done, Action::NavalFromPort(Space::Istanbul)]);
    game.apply(Action::NavalFromPort(Space::Istanbul)).unwrap();
    let corsair = Action::AddShip(NavalUnitKind::Corsair);
    assert_eq!(legal(&game), [Action::AddLeader(Leader::Barbarossa), SQUADRON, corsair]);
    // Without Barbarossa one ship may go, not both: he would be left alone.
    game.apply(SQUADRON).unwrap();
    assert!(!legal(&game).contains(&corsair));
    game.apply(Action::NavalToSea(SeaZone::BlackSea)).unwrap();
    // The corsair, the last ship, must take him.
    game.apply(Action::NavalFromPort(Space::Istanbul)).unwrap();
    assert_eq!(legal(&game), [Action::AddLeader(Leader::Barbarossa)]);
    game.apply(Action::AddLeader(Leader::Barbarossa)).unwrap();
    assert_eq!(legal(&game), [corsair]);
    game.apply(corsair).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::NavalToSea(SeaZone::AegeanSea), &mut log).unwrap();
    assert!(log.contains(&Event::NavalLeaderMoved {
        leader: Leader::Barbarossa,
        from: istanbul,
        to: sea(SeaZone::AegeanSea)
    }));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Sea(SeaZone::AegeanSea));
    assert_eq!(game.leader_location(Leader::Dragut), LeaderLocation::Space(Space::Varna));
    assert_eq!(legal(&game), [Action::Done]);
}

/// §16.1: a naval move includes the ships of the power's active minor allies.
#[test]
fn allied_minor_squadrons_move_with_their_patron() {
    let mut game = action_phase(11);
    game.set_alliance(Power::Papacy, MinorPower::Venice, true).unwrap();
    game.set_controller(Space::Venice, Faction::Papacy).unwrap();
    game.set_naval_units(port(Space::Venice), Faction::Venice, NavalUnits::squadrons(2)).unwrap();
    // Genoa is inactive: its fleet stays in port.
    game.set_naval_units(port(Space::Genoa), Faction::Genoa, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::Papacy, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    assert_eq!(legal(&game), [Action::Done, Action::NavalFromPort(Space::Venice)]);
    let venetian = Action::AddAlliedSquadron(MinorPower::Venice);
    sail(
        &mut game,
        Action::NavalFromPort(Space::Venice),
        &[venetian, venetian],
        Action::NavalToSea(SeaZone::AdriaticSea),
    );
    assert_eq!(game.naval_units(sea(SeaZone::AdriaticSea), Faction::Venice), NavalUnits::squadrons(2));
    assert_eq!(game.naval_units(port(Space::Genoa), Faction::Genoa), NavalUnits::squadrons(1));
}

/// §11.2: the Protestant has no naval move.
#[test]
fn the_protestant_is_never_offered_a_naval_move() {
    let mut game = action_phase(11);
    game.set_schmalkaldic_league(true).unwrap();
    assert!(!can_naval_move(&game, Power::Protestant));
    play(&mut game, Power::Protestant, Card::MachiavelliThePrince);
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert!(!legal(&game).contains(&Action::NavalMove));
    // Nor is any power without a ship that can sail.
    let game = action_phase(11);
    assert!(!can_naval_move(&game, Power::England));
}

/// The naval move costs 1 CP however many stacks move (§11.2).
#[test]
fn the_cp_is_paid_once_per_naval_move() {
    let mut game = action_phase(11);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::BayOfBiscay), Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(sea(SeaZone::EnglishChannel), Faction::France, NavalUnits::squadrons(1)).unwrap();
    play(&mut game, Power::France, Card::Gout); // 2 CP
    game.apply(Action::NavalMove).unwrap();
    sail(&mut game, Action::NavalFromPort(Space::Marseille), &[SQUADRON], Action::NavalToSea(SeaZone::GulfOfLyon));
    sail(&mut game, Action::NavalFromSea(SeaZone::BayOfBiscay), &[SQUADRON], Action::NavalToPort(Space::Bordeaux));
    sail(&mut game, Action::NavalFromSea(SeaZone::EnglishChannel), &[SQUADRON], Action::NavalToSea(SeaZone::NorthSea));
    game.apply(Action::Done).unwrap();
    // One CP left: still France's impulse, and a second naval move.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(legal(&game).contains(&Action::NavalMove));
    game.apply(Action::NavalMove).unwrap();
    game.apply(Action::Done).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

/// A naval move that puts ships at sea opens a line of communication across
/// the zone (§12.1 reads ships at sea).
#[test]
fn ships_moved_to_sea_carry_lines_of_communication() {
    use here_i_stand::rules::loc::has_loc;
    let mut game = action_phase(11);
    game.set_controller(Space::Calais, Faction::France).unwrap();
    game.set_controller(Space::Boulogne, Faction::England).unwrap();
    game.set_naval_units(port(Space::Portsmouth), Faction::England, NavalUnits::squadrons(1)).unwrap();
    assert!(!has_loc(&game, Power::England, Space::StQuentin));
    play(&mut game, Power::England, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    sail(&mut game, Action::NavalFromPort(Space::Portsmouth), &[SQUADRON], Action::NavalToSea(SeaZone::EnglishChannel));
    assert!(has_loc(&game, Power::England, Space::StQuentin));
}

#[cfg(feature = "serde")]
#[test]
fn a_naval_move_in_progress_round_trips() {
    let mut game = action_phase(11);
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(2)).unwrap();
    play(&mut game, Power::France, Card::Arquebusiers);
    game.apply(Action::NavalMove).unwrap();
    sail(&mut game, Action::NavalFromPort(Space::Marseille), &[SQUADRON], Action::NavalToSea(SeaZone::GulfOfLyon));
    game.apply(Action::NavalFromPort(Space::Marseille)).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.legal_actions(), game.legal_actions());
}

/// Random play takes naval moves, keeps the position valid and ends.
#[test]
fn random_play_sails_and_ends() {
    use rand_core::{Rng, SeedableRng};
    let mut sailed = 0;
    for seed in 0..4u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut log = Vec::new();
        for _ in 0..100_000 {
            let Decider::Power(_) = game.decider() else { break };
            let actions = game.legal_actions();
            let pick = ((u128::from(rng.next_u64()) * actions.len() as u128) >> 64) as usize;
            log.clear();
            game.apply_logged(actions[pick], &mut log).unwrap();
            sailed += log.iter().filter(|e| matches!(e, Event::ShipsMoved { .. })).count();
            assert_eq!(game.validate(), Ok(()));
        }
        assert!(matches!(game.decider(), Decider::Terminal(_)), "seed {seed}");
    }
    assert!(sailed > 0);
}

/// `fleet_at`, `fleet_destinations` and `may_enter` (the fleet factions
/// worked out once, each port looked at once) give the plain answers in
/// positions of random play (§16.1).
#[test]
fn fleet_destinations_agree_with_the_single_checks() {
    use here_i_stand::rules::naval::{can_sail_from, fleet_at, fleet_factions, leader_may_enter, naval_leaders_at};
    use here_i_stand::rules::naval_war::hostile_ships_at;
    let checked = common::on_random_positions(12, 7, |game| {
        for power in Power::ALL {
            let factions = fleet_factions(game, power);
            for (from, ..) in game.naval_stacks() {
                let mut fleet = Fleet { own: game.naval_units(from, Faction::from(power)), ..Fleet::NONE };
                for minor in MinorPower::ALL.into_iter().filter(|&m| game.minor_ally(m) == Some(power)) {
                    fleet.allied[minor.index()] = game.naval_units(from, Faction::from(minor)).squadrons;
                }
                assert_eq!(fleet_at(game, power, from), fleet, "{power} {from:?}");
                for to in neighbours(from) {
                    if let NavalLocation::Port(space) = to {
                        let controller = game.controller(space);
                        let plain = space.is_port()
                            && game.in_play(space)
                            && (factions.contains(controller)
                                || (!game.allied(power, controller) && hostile_ships_at(game, power, to)));
                        assert_eq!(may_enter(game, power, Faction::from(power), to), plain, "{power} {space}");
                    }
                }
                let here = naval_leaders_at(game, power, from);
                let ships: u8 = game
                    .naval_stacks()
                    .filter(|&(l, f, _)| l == from && factions.contains(f))
                    .map(|(.., u)| u.total())
                    .sum();
                let mut one = Fleet::NONE;
                one.own.squadrons = u8::from(fleet.own.squadrons > 0);
                let mut singles = vec![one, Fleet { own: NavalUnits { squadrons: 0, corsairs: 1 }, ..Fleet::NONE }];
                singles[1].own.corsairs = u8::from(fleet.own.corsairs > 0);
                for minor in MinorPower::ALL.into_iter().filter(|m| fleet.allied[m.index()] > 0) {
                    let mut ally = Fleet::NONE;
                    ally.allied[minor.index()] = 1;
                    singles.push(ally);
                }
                let sails = singles.iter().any(|s| {
                    !fleet_destinations(game, power, from, s, EnumSet::EMPTY).is_empty()
                        || !fleet_destinations(game, power, from, s, here).is_empty()
                });
                assert_eq!(can_sail_from(game, power, from, &fleet, here), sails, "{power} {from:?}");
                for (moving, leaders) in [(fleet, here), (fleet, EnumSet::EMPTY), (one, EnumSet::EMPTY), (one, here)] {
                    let behind = here.difference(leaders);
                    let plain: Vec<NavalLocation> = neighbours(from)
                        .into_iter()
                        .filter(|&to| {
                            !moving.is_empty()
                                && moving.by_faction(power).all(|(f, _)| may_enter(game, power, f, to))
                                && leaders.iter().all(|l| leader_may_enter(l, to))
                                && (ships > moving.total() || behind.iter().all(|l| !leader_may_enter(l, to)))
                        })
                        .collect();
                    let fast = fleet_destinations(game, power, from, &moving, leaders);
                    assert_eq!(fast.as_slice(), plain.as_slice(), "{power} {from:?} {moving:?}");
                }
            }
        }
    });
    assert!(checked > 1000, "{checked}");
}

/// `finishing_zones` (zones with ships found in one pass, each port looked
/// at once) gives the answer of `carries` and `landing_ports` zone by zone
/// in positions of random play (§16.3).
#[test]
fn finishing_zones_agree_with_carries_and_landing_ports() {
    use here_i_stand::rules::naval_war::{carries, finishing_zones, landing_ports};
    let checked = common::on_random_positions(12, 7, |game| {
        for power in Power::ALL {
            let carrying: EnumSet<SeaZone> = SeaZone::ALL.into_iter().filter(|&z| carries(game, power, z)).collect();
            let mut reach: EnumSet<SeaZone> =
                carrying.iter().filter(|&z| !landing_ports(game, power, z).is_empty()).collect();
            for cp in 0..=5u8 {
                let expected = if cp == 0 { EnumSet::EMPTY } else { reach };
                assert_eq!(finishing_zones(game, power, cp), expected, "{power} {cp}");
                let before = reach;
                for zone in carrying.difference(before) {
                    if zone.adjacent().iter().any(|&z| before.contains(z)) {
                        reach.insert(zone);
                    }
                }
            }
        }
    });
    assert!(checked > 1000, "{checked}");
}
