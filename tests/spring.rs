//! Spring deployment (§10; seed 004, seed 003 for the shared wording).

use here_i_stand::rules::spring::{deployable_forces, deployment_destinations, deployment_origins, deploys};
use here_i_stand::*;

use crate::common;

/// A bare 1517 board (1517 control, no units) in `scenario`, without the
/// spring events (#102, #109: `tests/spring_events.rs`), so that only
/// deployments are asked.
fn board(scenario: Scenario) -> Game {
    let mut game = Game::empty(Setup::new(scenario, 7).with_fast_play(true));
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game
}

/// `game` put in the spring deployment phase, its automatic steps run.
fn start(mut game: Game) -> Game {
    game.set_phase(Phase::SpringDeployment).unwrap();
    game.run_automatic();
    game
}

fn units(game: &mut Game, space: Space, faction: Faction, n: u8) {
    game.set_land_units(space, faction, LandUnits::regulars(n)).unwrap();
}

fn leader(game: &mut Game, leader: Leader, space: Space) {
    game.set_leader(leader, LeaderLocation::Space(space)).unwrap();
}

fn apply_all(game: &mut Game, actions: &[Action], log: &mut Vec<Event>) {
    for &action in actions {
        game.apply_logged(action, log).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
}

/// The seed-004 position: France holds Genoa, Montmorency and `n` regulars
/// in Paris, no ships in the ports of the Gulf of Lyon.
fn seed_example(n: u8) -> Game {
    let mut game = board(Scenario::Y1517);
    game.set_controller(Space::Genoa, Faction::France).unwrap();
    units(&mut game, Space::Paris, Faction::France, n);
    leader(&mut game, Leader::Montmorency, Space::Paris);
    game
}

fn dests(game: &Game, power: Power, capital: Space, n: u8) -> EnumSet<Space> {
    deployment_destinations(game, power, capital, n)
}

#[test]
fn seed_004_paris_to_genoa_by_sea() {
    let game = seed_example(5);
    let five = dests(&game, Power::France, Space::Paris, 5);
    // Overland to Marseille, across the Gulf of Lyon to Genoa, and on by
    // land from Genoa through French Turin to French Milan.
    for space in [Space::Lyon, Space::Marseille, Space::Genoa, Space::Turin, Space::Milan] {
        assert!(five.contains(space), "{space}");
    }
    assert!(!five.contains(Space::Paris), "the capital is no destination");
    assert!(!five.contains(Space::Pavia), "independent: not friendly");

    let mut game = start(game);
    // Nobody before France has anything in a capital.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::DeployFrom(Space::Paris)]);
    let mut log = Vec::new();
    apply_all(&mut game, &[Action::DeployFrom(Space::Paris), Action::AddLeader(Leader::Montmorency)], &mut log);
    for _ in 0..5 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    assert!(game.is_legal(&Action::DeployTo(Space::Genoa)));
    game.apply_logged(Action::DeployTo(Space::Genoa), &mut log).unwrap();
    assert_eq!(game.land_units(Space::Genoa, Faction::France), LandUnits::regulars(5));
    assert!(game.land_units(Space::Paris, Faction::France).is_empty());
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Genoa));
    assert!(log.contains(&Event::SpringDeployed {
        power: Power::France,
        from: Space::Paris,
        to: Space::Genoa,
        units: LandUnits::regulars(5),
        leaders: 1,
    }));
    // The Papacy has nothing in Rome: the action phase begins.
    assert_eq!(game.phase(), Phase::Action);
    assert!(log.contains(&Event::PhaseBegan { turn: 1, phase: Phase::Action }));
}

#[test]
fn at_most_five_units_cross_the_sea() {
    let game = seed_example(6);
    let six = dests(&game, Power::France, Space::Paris, 6);
    assert!(six.contains(Space::Marseille));
    assert!(!six.contains(Space::Genoa));
    assert!(!six.contains(Space::Milan));
    // Through the engine: Genoa is offered with 5 units, not with 6.
    let mut game = start(game);
    game.apply(Action::DeployFrom(Space::Paris)).unwrap();
    game.apply(Action::AddLeader(Leader::Montmorency)).unwrap();
    for _ in 0..5 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    assert!(game.is_legal(&Action::DeployTo(Space::Genoa)));
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert!(!game.is_legal(&Action::DeployTo(Space::Genoa)));
    assert!(game.is_legal(&Action::DeployTo(Space::Marseille)));
    // Montmorency commands 6: no seventh unit (§5.1).
    assert!(!game.is_legal(&Action::AddUnit(LandUnitKind::Regular)));
}

#[test]
fn a_sixth_unit_is_not_offered_when_only_the_sea_is_open() {
    // London's land neighbours are not English: every destination is across
    // the North Sea (Calais; Berwick, and York and Carlisle behind it).
    // Charles Brandon commands 6, yet only 5 units may be taken, so the
    // formation never has nowhere to go.
    let mut game = board(Scenario::Y1517);
    for space in Space::London.connections() {
        game.set_controller(*space, Faction::France).unwrap();
    }
    units(&mut game, Space::London, Faction::England, 6);
    leader(&mut game, Leader::CharlesBrandon, Space::London);
    let expected: EnumSet<Space> = [Space::Berwick, Space::Calais, Space::Carlisle, Space::York].into_iter().collect();
    assert_eq!(dests(&game, Power::England, Space::London, 5), expected);
    assert!(dests(&game, Power::England, Space::London, 6).is_empty());
    let mut game = start(game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    game.apply(Action::DeployFrom(Space::London)).unwrap();
    game.apply(Action::AddLeader(Leader::CharlesBrandon)).unwrap();
    for _ in 0..5 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    let deploy_to: Vec<Action> = expected.into_iter().map(Action::DeployTo).collect();
    assert_eq!(game.legal_actions().as_slice(), deploy_to.as_slice());
}

#[test]
fn no_pass_on_the_path() {
    // Turin is French in 1517 but joined to France only across the passes
    // from Grenoble and Geneva; without Genoa there is no other way.
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Paris, Faction::France, 1);
    assert!(Space::Grenoble.is_pass_to(Space::Turin));
    assert_eq!(game.controller(Space::Turin), Faction::France);
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(d.contains(Space::Grenoble));
    assert!(!d.contains(Space::Turin));
    assert!(!d.contains(Space::Milan));
    // Avignon–Barcelona is a pass too: a French Barcelona is reached only by
    // sea (Marseille to Barcelona across the Gulf of Lyon).
    game.set_controller(Space::Barcelona, Faction::France).unwrap();
    assert!(dests(&game, Power::France, Space::Paris, 5).contains(Space::Barcelona));
    assert!(!dests(&game, Power::France, Space::Paris, 6).contains(Space::Barcelona));
}

#[test]
fn no_unrest_on_the_path_or_at_the_destination() {
    // Marseille is reached only through Avignon (Nice is independent).
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Paris, Faction::France, 1);
    assert!(dests(&game, Power::France, Space::Paris, 1).contains(Space::Marseille));
    game.set_unrest(Space::Avignon, true).unwrap();
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(!d.contains(Space::Avignon));
    assert!(!d.contains(Space::Marseille));
    assert!(d.contains(Space::Lyon));
}

#[test]
fn no_space_with_units_of_a_power_not_friendly() {
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Paris, Faction::France, 1);
    // A Hapsburg regular in French Avignon, the two at peace.
    units(&mut game, Space::Avignon, Faction::Hapsburg, 1);
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(!d.contains(Space::Avignon));
    assert!(!d.contains(Space::Marseille));
    // Allied units do not block.
    units(&mut game, Space::Avignon, Faction::Hapsburg, 0);
    units(&mut game, Space::Avignon, Faction::Papacy, 1);
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    assert!(dests(&game, Power::France, Space::Paris, 1).contains(Space::Marseille));
    // Nor unallied, they do.
    game.set_alliance(Power::France, Power::Papacy, false).unwrap();
    assert!(!dests(&game, Power::France, Space::Paris, 1).contains(Space::Marseille));
}

#[test]
fn only_one_sea_zone() {
    // Naples (made French) needs the Gulf of Lyon and then the Tyrrhenian.
    let mut game = seed_example(1);
    game.set_controller(Space::Naples, Faction::France).unwrap();
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(d.contains(Space::Genoa));
    assert!(!d.contains(Space::Naples));
    // From French Rome, Naples is one land step: it is the second crossing
    // that is refused, not Naples.
    game.set_controller(Space::Rome, Faction::France).unwrap();
    game.set_controller(Space::Siena, Faction::France).unwrap();
    assert!(dests(&game, Power::France, Space::Paris, 1).contains(Space::Naples));
}

#[test]
fn no_sea_zone_next_to_another_major_powers_fleet() {
    let mut game = seed_example(1);
    let port = |s| NavalLocation::Port(s);
    // A Hapsburg squadron in Barcelona closes the Gulf of Lyon.
    game.set_naval_units(port(Space::Barcelona), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(d.contains(Space::Marseille));
    assert!(!d.contains(Space::Genoa));
    game.set_naval_units(port(Space::Barcelona), Faction::Hapsburg, NavalUnits::NONE).unwrap();
    // An ally's squadron closes it too, even in a friendly port.
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    game.set_naval_units(port(Space::Marseille), Faction::Papacy, NavalUnits::squadrons(1)).unwrap();
    let d = dests(&game, Power::France, Space::Paris, 1);
    assert!(d.contains(Space::Marseille));
    assert!(!d.contains(Space::Genoa));
    // The power's own squadron does not.
    game.set_naval_units(port(Space::Marseille), Faction::Papacy, NavalUnits::NONE).unwrap();
    game.set_naval_units(port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    assert!(dests(&game, Power::France, Space::Paris, 1).contains(Space::Genoa));
}

#[test]
fn the_protestant_never_deploys() {
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Wittenberg, Faction::Protestant, 3);
    assert!(!deploys(&game, Power::Protestant));
    assert!(deployment_origins(&game, Power::Protestant).is_empty());
    let game = start(game);
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn two_player_only_the_papacy_within_germany_and_italy() {
    // §24.3. Ragusa (no language zone) across the Adriatic from Ancona.
    let mut six = board(Scenario::Y1517);
    let mut two = board(Scenario::TwoPlayer);
    for game in [&mut six, &mut two] {
        game.set_controller(Space::Ragusa, Faction::Papacy).unwrap();
        units(game, Space::Rome, Faction::Papacy, 2);
        units(game, Space::Vienna, Faction::Hapsburg, 2);
    }
    assert!(dests(&six, Power::Papacy, Space::Rome, 2).contains(Space::Ragusa));
    let d = dests(&two, Power::Papacy, Space::Rome, 2);
    assert!(!d.contains(Space::Ragusa));
    assert!(d.contains(Space::Ancona));
    assert!(deployment_origins(&two, Power::Hapsburg).is_empty());
    let two = start(two);
    assert_eq!(two.decider(), Decider::Power(Power::Papacy));
    assert_eq!(two.legal_actions().as_slice(), &[Action::Decline, Action::DeployFrom(Space::Rome)]);
}

#[test]
fn the_hapsburg_chooses_one_capital() {
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Valladolid, Faction::Hapsburg, 2);
    units(&mut game, Space::Vienna, Faction::Hapsburg, 3);
    let mut game = start(game);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::Decline, Action::DeployFrom(Space::Valladolid), Action::DeployFrom(Space::Vienna),]
    );
    game.apply(Action::DeployFrom(Space::Vienna)).unwrap();
    for _ in 0..3 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    game.apply(Action::DeployTo(Space::Linz)).unwrap();
    assert_eq!(game.land_units(Space::Linz, Faction::Hapsburg), LandUnits::regulars(3));
    // One formation per power: Valladolid's units stay, the phase moves on.
    assert_eq!(game.phase(), Phase::Action);
    assert_eq!(game.land_units(Space::Valladolid, Faction::Hapsburg), LandUnits::regulars(2));
}

#[test]
fn units_deployed_into_a_capital_do_not_deploy_again() {
    // Units deployed into a capital arrive after the phase began, so they
    // cannot deploy again (§10). Here the Papacy's ally France deploys into
    // Rome; the Papacy then deploys only its own units from Rome.
    let mut game = board(Scenario::Y1517);
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    for space in [Space::Genoa, Space::Siena] {
        game.set_controller(space, Faction::France).unwrap();
    }
    units(&mut game, Space::Paris, Faction::France, 2);
    units(&mut game, Space::Rome, Faction::Papacy, 1);
    let mut game = start(game);
    game.apply(Action::DeployFrom(Space::Paris)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    game.apply(Action::DeployTo(Space::Rome)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::DeployFrom(Space::Rome)).unwrap();
    // One Papal regular to take; the French in Rome are not the Papacy's.
    game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    assert!(!game.is_legal(&Action::AddUnit(LandUnitKind::Regular)));
    game.apply(Action::DeployTo(Space::Ancona)).unwrap();
    assert_eq!(game.land_units(Space::Rome, Faction::France), LandUnits::regulars(2));
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn declining_moves_nothing() {
    let mut game = start(seed_example(3));
    let mut log = Vec::new();
    game.apply_logged(Action::Decline, &mut log).unwrap();
    assert_eq!(game.land_units(Space::Paris, Faction::France), LandUnits::regulars(3));
    assert!(!log.iter().any(|e| matches!(e, Event::SpringDeployed { .. })));
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn formation_limit_and_leaders_first() {
    // No leader: 4 units at most (§5.1); leaders are added before units.
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Paris, Faction::France, 6);
    leader(&mut game, Leader::FrancisI, Space::Paris);
    let mut game = start(game);
    game.apply(Action::DeployFrom(Space::Paris)).unwrap();
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::AddUnit(LandUnitKind::Regular), Action::AddLeader(Leader::FrancisI),]
    );
    for _ in 0..4 {
        game.apply(Action::AddUnit(LandUnitKind::Regular)).unwrap();
    }
    assert!(!game.is_legal(&Action::AddUnit(LandUnitKind::Regular)));
    assert!(!game.is_legal(&Action::AddLeader(Leader::FrancisI)));
    assert!(game.is_legal(&Action::DeployTo(Space::Lyon)));
}

#[test]
fn a_leader_alone_may_deploy() {
    let mut game = board(Scenario::Y1517);
    leader(&mut game, Leader::FrancisI, Space::Paris);
    let mut game = start(game);
    game.apply(Action::DeployFrom(Space::Paris)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::AddLeader(Leader::FrancisI)]);
    game.apply(Action::AddLeader(Leader::FrancisI)).unwrap();
    game.apply(Action::DeployTo(Space::Lyon)).unwrap();
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Space(Space::Lyon));
}

#[test]
fn besieged_in_the_capital_cannot_deploy() {
    let mut game = board(Scenario::Y1517);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_besieged_units(Space::Paris, Faction::France, LandUnits::regulars(2)).unwrap();
    units(&mut game, Space::Paris, Faction::Hapsburg, 4);
    let (units, leaders) = deployable_forces(&game, Power::France, Space::Paris);
    assert!(units.is_empty() && leaders.is_empty());
    assert!(deployment_origins(&game, Power::France).is_empty());
    assert!(dests(&game, Power::France, Space::Paris, 1).is_empty());
}

#[test]
fn nowhere_to_go_is_no_decision() {
    // Every land neighbour of Paris in unrest, Paris no port: France is
    // skipped.
    let mut game = board(Scenario::Y1517);
    units(&mut game, Space::Paris, Faction::France, 2);
    for space in Space::Paris.connections() {
        game.set_unrest(*space, true).unwrap();
    }
    assert!(deployment_origins(&game, Power::France).is_empty());
    assert_eq!(start(game).phase(), Phase::Action);
}

#[test]
fn the_scenario_start_asks_in_impulse_order() {
    // 1517: the Ottoman has units in Istanbul, so it decides first; after
    // every power declines, the action phase begins with the Ottoman.
    let mut game = Game::new(Setup::new(Scenario::Y1517, 3));
    // Venetian Informant's window (#109) would ask every power first:
    // `tests/spring_events.rs`.
    game.remove_card(Card::VenetianInformant).unwrap();
    // Luther's 95 Theses come first (§18.1), then England's negotiation
    // (§7, §9.1: done at once) and the Diet of Worms: their targets, picks
    // and flips.
    while matches!(game.phase(), Phase::LuthersTheses | Phase::Diplomacy | Phase::DietOfWorms) {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert_eq!(game.phase(), Phase::SpringDeployment);
    let mut asked = Vec::new();
    while game.phase() == Phase::SpringDeployment {
        let Decider::Power(power) = game.decider() else { panic!("no decider") };
        asked.push(power);
        game.apply(Action::Decline).unwrap();
    }
    assert!(!asked.contains(&Power::Protestant));
    assert!(asked.windows(2).all(|w| w[0].index() < w[1].index()));
    assert_eq!(asked.first(), Some(&Power::Ottoman));
    assert_eq!(game.phase(), Phase::Action);
    // The Ottoman's impulse opens with its response window (any-time cards).
    while game.pending().kind == DecisionKind::Response {
        game.apply(Action::Decline).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

/// The whole-map `deployment_spaces` agrees with `is_deployment_space`
/// space by space, `deployment_seas` with `is_deployment_sea`, and
/// `friendly_controlled_spaces` with
/// `is_friendly_controlled`, in positions of random play (all three
/// scenarios).
#[test]
fn deployment_spaces_agree_with_the_single_test() {
    use here_i_stand::rules::spring::{deployment_seas, deployment_spaces, is_deployment_sea, is_deployment_space};
    let checked = common::on_random_positions(12, 19, |game| {
        for power in Power::ALL {
            let set = deployment_spaces(game, power);
            let seas = deployment_seas(game, power);
            for zone in SeaZone::ALL {
                assert_eq!(seas.contains(zone), is_deployment_sea(game, power, zone), "{power} {zone}");
            }
            let friendly = game.friendly_controlled_spaces(power);
            for space in Space::ALL {
                assert_eq!(set.contains(space), is_deployment_space(game, power, space), "{power} {space}");
                assert_eq!(friendly.contains(space), game.is_friendly_controlled(power, space), "{power} {space}");
            }
        }
    });
    assert!(checked > 500, "{checked}");
}

/// The spaces a plain search reaches (§10), one space and one sea zone at a
/// time through `is_deployment_space` and `is_deployment_sea`: the answer
/// `deployment_destinations` must give.
fn plain_destinations(game: &Game, power: Power, capital: Space, units: u8) -> EnumSet<Space> {
    use here_i_stand::rules::spring::{MAX_UNITS_BY_SEA, capitals, is_deployment_sea, is_deployment_space, prepared};
    // Spring Preparations (#102) opens the passes and lifts the 5-unit limit.
    let prepared = prepared(game, power);
    let leaves = capitals(power).contains(capital)
        && game.is_friendly_controlled(power, capital)
        && !game.has_enemy_units(power, capital)
        && !game.is_besieged(capital, Faction::from(power));
    if !leaves {
        return EnumSet::EMPTY;
    }
    let walk = |mut reached: EnumSet<Space>| {
        let mut todo: Vec<Space> = reached.iter().collect();
        while let Some(space) = todo.pop() {
            let passes: &[Space] = if prepared { space.passes() } else { &[] };
            for &to in space.connections().iter().chain(passes) {
                if !reached.contains(to) && is_deployment_space(game, power, to) {
                    reached.insert(to);
                    todo.push(to);
                }
            }
        }
        reached
    };
    let by_land = walk([capital].into_iter().collect());
    let mut reached = by_land;
    if units <= MAX_UNITS_BY_SEA || prepared {
        let mut landed = EnumSet::EMPTY;
        for port in by_land.iter().filter(|s| s.is_port()) {
            for &zone in port.ports().iter().filter(|&&z| is_deployment_sea(game, power, z)) {
                for &other in zone.ports() {
                    if other != port && is_deployment_space(game, power, other) {
                        landed.insert(other);
                    }
                }
            }
        }
        reached = reached.union(walk(landed));
    }
    reached.remove(capital);
    reached
}

/// `deployment_destinations`, `deployment_origins` and `capitals` (set
/// operations over the map, a search stopped at the first destination)
/// give the plain answers in positions of random play (§10).
#[test]
fn deployment_destinations_agree_with_a_plain_search() {
    use here_i_stand::rules::spring::capitals;
    let checked = common::on_random_positions(12, 7, |game| {
        for power in Power::ALL {
            let homes: EnumSet<Space> =
                Space::ALL.into_iter().filter(|s| s.is_capital() && s.home() == Faction::from(power)).collect();
            assert_eq!(capitals(power), homes, "{power}");
            let mut origins = EnumSet::EMPTY;
            for capital in homes.iter().chain([Space::Lyon, Space::Rome]) {
                for n in [0, 1, 2, 5, 6, 7] {
                    let plain = plain_destinations(game, power, capital, n);
                    assert_eq!(deployment_destinations(game, power, capital, n), plain, "{power} {capital} {n}");
                }
                let (units, leaders) = deployable_forces(game, power, capital);
                // §22.3 (ruling AL3): the allied minors' regulars there deploy too.
                let minors = MinorPower::ALL
                    .into_iter()
                    .any(|m| game.minor_ally(m) == Some(power) && game.land_units(capital, m.into()).regulars > 0);
                let smallest = u8::from(leaders.is_empty());
                if deploys(game, power)
                    && (!units.is_empty() || !leaders.is_empty() || minors)
                    && !plain_destinations(game, power, capital, smallest).is_empty()
                {
                    origins.insert(capital);
                }
            }
            assert_eq!(deployment_origins(game, power), origins, "{power}");
        }
    });
    assert!(checked > 1000, "{checked}");
}
