//! Events of the spring deployment phase: #102 Spring Preparations and
//! #109 Venetian Informant, through the public API.

use here_i_stand::rules::spring::deployment_destinations;
use here_i_stand::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A bare 1517 board on turn 2, in the diplomacy phase.
fn board() -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 11).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game
}

/// Runs `game` through the diplomacy phase (every power declines or is
/// done) into spring deployment, or beyond if nothing is asked there.
fn to_spring(mut game: Game) -> Game {
    game.run_automatic();
    while game.phase() == Phase::Diplomacy {
        let actions = game.legal_actions();
        let action = actions.iter().copied().find(|a| matches!(a, Action::Done | Action::Decline)).expect("a way on");
        game.apply(action).unwrap();
    }
    game
}

fn regulars(game: &mut Game, space: Space, faction: Faction, n: u8) {
    game.set_land_units(space, faction, LandUnits::regulars(n)).unwrap();
}

/// Declines the Venetian Informant window, power by power.
fn decline_informant(game: &mut Game) {
    while game.legal_actions().as_slice() == [Action::Decline] {
        game.apply(Action::Decline).unwrap();
    }
}

// --- #102 Spring Preparations ---

#[test]
fn spring_preparations_adds_a_regular_in_the_power_s_own_deployment() {
    let mut game = board();
    regulars(&mut game, Space::Paris, Faction::France, 2);
    game.give_card(Power::France, Card::SpringPreparations).unwrap();
    game.discard_card(Card::VenetianInformant).unwrap();
    let mut game = to_spring(game);
    assert_eq!(game.phase(), Phase::SpringDeployment);
    // Every power that may play it is asked, whatever its hand holds.
    for power in [Power::Ottoman, Power::Hapsburg, Power::England] {
        assert_eq!(game.decider(), Decider::Power(power));
        assert_eq!(game.legal_actions().as_slice(), &[Action::Decline]);
        game.apply(Action::Decline).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::PlayEvent(Card::SpringPreparations)));
    game.apply(Action::PlayEvent(Card::SpringPreparations)).unwrap();
    assert_eq!(game.land_units(Space::Paris, Faction::France), LandUnits::regulars(3));
    // France still deploys, once; the card is not offered again.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::DeployFrom(Space::Paris)));
    assert!(!actions.contains(&Action::PlayEvent(Card::SpringPreparations)));
    assert!(game.discard_pile().contains(Card::SpringPreparations));
}

#[test]
fn spring_preparations_adds_a_regular_to_each_hapsburg_capital() {
    let mut game = board();
    game.give_card(Power::Hapsburg, Card::SpringPreparations).unwrap();
    game.discard_card(Card::VenetianInformant).unwrap();
    let mut game = to_spring(game);
    // Nothing to deploy, but the card may be held: each power is asked.
    game.apply(Action::Decline).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    game.apply(Action::PlayEvent(Card::SpringPreparations)).unwrap();
    assert_eq!(game.land_units(Space::Valladolid, Faction::Hapsburg), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(1));
}

#[test]
fn spring_preparations_needs_the_capital_and_the_spring() {
    // France does not control Paris: never offered, France never asked.
    let mut game = board();
    game.set_controller(Space::Paris, Faction::Hapsburg).unwrap();
    game.give_card(Power::France, Card::SpringPreparations).unwrap();
    game.discard_card(Card::VenetianInformant).unwrap();
    let mut game = to_spring(game);
    while game.phase() == Phase::SpringDeployment {
        assert_ne!(game.decider(), Decider::Power(Power::France));
        assert_eq!(game.legal_actions().as_slice(), &[Action::Decline]);
        game.apply(Action::Decline).unwrap();
    }
    // In the action phase it is a CP card only.
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_phase(Phase::Action).unwrap();
    game.give_card(Power::Ottoman, Card::SpringPreparations).unwrap();
    game.run_automatic();
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::PlayCp(Card::SpringPreparations)));
    assert!(!actions.contains(&Action::PlayEvent(Card::SpringPreparations)));
    assert!(!game.can_play_event(Power::Protestant, Card::SpringPreparations));
}

#[test]
fn spring_preparations_lifts_the_starred_limits() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_phase(Phase::SpringDeployment).unwrap();
    game.set_controller(Space::Genoa, Faction::France).unwrap();
    regulars(&mut game, Space::Paris, Faction::France, 8);
    // A Hapsburg fleet in Barcelona closes the Gulf of Lyon.
    game.set_naval_units(NavalLocation::Port(Space::Barcelona), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    let before = deployment_destinations(&game, Power::France, Space::Paris, 8);
    let small = deployment_destinations(&game, Power::France, Space::Paris, 5);
    assert!(!before.contains(Space::Genoa) && !small.contains(Space::Genoa));
    game.set_event_played(Power::France, Card::SpringPreparations, true).unwrap();
    let after = deployment_destinations(&game, Power::France, Space::Paris, 8);
    // 8 units across the Gulf of Lyon, next to the Hapsburg fleet.
    assert!(after.contains(Space::Genoa));
    // Over passes: a space reached only across a pass.
    let over_pass = after.difference(before).iter().any(|s| {
        after.iter().chain([Space::Paris]).any(|t| t.passes().contains(&s))
            && !after.iter().chain([Space::Paris]).any(|t| t.connections().contains(&s) && before.contains(t))
    });
    assert!(over_pass, "{after:?}");
    assert!(before.difference(after).is_empty());
}

// --- #109 Venetian Informant ---

/// Turn 2 spring with France holding Venetian Informant and England two
/// cards; Spring Preparations out of the game.
fn informant() -> Game {
    let mut game = board();
    game.give_card(Power::France, Card::VenetianInformant).unwrap();
    game.give_card(Power::England, Card::Erasmus).unwrap();
    game.give_card(Power::England, Card::Gout).unwrap();
    game.remove_card(Card::SpringPreparations).unwrap();
    to_spring(game)
}

#[test]
fn venetian_informant_is_asked_of_every_power_before_any_deploys() {
    let mut game = informant();
    assert_eq!(game.phase(), Phase::SpringDeployment);
    // Ottoman, Hapsburg, England: asked, each may only decline.
    for power in [Power::Ottoman, Power::Hapsburg, Power::England] {
        assert_eq!(game.decider(), Decider::Power(power));
        assert_eq!(game.legal_actions().as_slice(), &[Action::Decline]);
        game.apply(Action::Decline).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::PlayEvent(Card::VenetianInformant)]);
    game.apply(Action::PlayEvent(Card::VenetianInformant)).unwrap();
    assert!(!game.legal_actions().contains(&Action::ReviewHandOf(Power::France)));
    game.apply(Action::ReviewHandOf(Power::England)).unwrap();
    assert!(!game.legal_actions().contains(&Action::ShowHandTo(Power::England)));
    let mut log = Vec::new();
    game.apply_logged(Action::ShowHandTo(Power::Papacy), &mut log).unwrap();
    assert!(log.contains(&Event::HandReviewed { viewer: Power::Papacy, power: Power::England }));
    // The Papacy sees England's hand; France, who played it, does not.
    let papal = game.observation(Power::Papacy);
    assert!(papal.board().hand(Power::England).contains(Card::Erasmus));
    assert!(!papal.unseen().contains(Card::Gout));
    let french = game.observation(Power::France);
    assert!(!french.board().hand(Power::England).contains(Card::Erasmus));
    assert!(french.unseen().contains(Card::Erasmus));
    // Determinizing for the Papacy keeps England's seen cards in place.
    for seed in 0..8 {
        let other = game.determinize(Power::Papacy, &mut Pcg64Mcg::seed_from_u64(seed));
        assert!(other.hand(Power::England).contains(Card::Erasmus));
        assert!(other.hand(Power::England).contains(Card::Gout));
    }
}

#[test]
fn a_seen_card_is_forgotten_once_played() {
    let mut game = informant();
    decline_informant(&mut game);
    game.apply(Action::PlayEvent(Card::VenetianInformant)).unwrap();
    game.apply(Action::ReviewHandOf(Power::England)).unwrap();
    game.apply(Action::ShowHandTo(Power::France)).unwrap();
    // No one deploys; in the action phase England plays Erasmus for CP.
    while game.phase() == Phase::SpringDeployment {
        game.apply(Action::Decline).unwrap();
    }
    while game.decider() != Decider::Power(Power::England) {
        game.apply(Action::Pass).unwrap();
    }
    game.apply(Action::PlayCp(Card::Erasmus)).unwrap();
    let french = game.observation(Power::France);
    assert!(french.board().hand(Power::England).contains(Card::Gout));
    assert!(!french.board().hand(Power::England).contains(Card::Erasmus));
}

#[test]
fn venetian_informant_only_before_anyone_deploys() {
    // Out of the game: no window; France deploys at once.
    let mut game = board();
    regulars(&mut game, Space::Paris, Faction::France, 2);
    game.give_card(Power::France, Card::VenetianInformant).unwrap();
    game.discard_card(Card::VenetianInformant).unwrap();
    game.remove_card(Card::SpringPreparations).unwrap();
    let game = to_spring(game);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(game.legal_actions().contains(&Action::DeployFrom(Space::Paris)));
    // Held, but in a power's deployment decision: not offered.
    let mut game = board();
    regulars(&mut game, Space::Paris, Faction::France, 2);
    game.give_card(Power::France, Card::VenetianInformant).unwrap();
    game.remove_card(Card::SpringPreparations).unwrap();
    let mut game = to_spring(game);
    // Everyone is asked first: France declines too.
    decline_informant(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    game.apply(Action::Decline).unwrap();
    decline_informant(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(game.legal_actions().contains(&Action::DeployFrom(Space::Paris)));
    assert!(!game.legal_actions().contains(&Action::PlayEvent(Card::VenetianInformant)));
    assert!(!game.can_play_event(Power::France, Card::VenetianInformant));
}
