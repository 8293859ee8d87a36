//! The two-player variant's zone limits (§24.3): where control may change,
//! where Papal and Protestant units may go, who spring-deploys, unrest
//! removal without adjacency, what each side builds, no peace with the
//! Protestant after the League, and the two-player faces of #63, #70 and #71.
//! Each limit is pinned against the same position in the 1517 game, where
//! it does not apply.

use here_i_stand::rules::{battle, construction, loc, naval_war, spring, two_player};
use here_i_stand::*;

use crate::common;
use common::{apply, to_impulse};

use LandUnitKind::Regular;

/// A bare board of `scenario` with every response window skipped.
fn bare(scenario: Scenario) -> Game {
    Game::empty(Setup::new(scenario, 3).with_fast_play(true))
}

/// `game` moved on to its action phase (for the event helpers).
fn in_action(mut game: Game) -> Game {
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game
}

/// A card worth `cp` that the two-player deck keeps (any scenario may use it).
fn card_with_cp(cp: u8) -> Card {
    Card::ALL
        .into_iter()
        .find(|c| c.cp() == cp && c.kind() == CardKind::Event && c.is_main_deck() && !c.not_in_two_player())
        .expect("a card with that CP")
}

/// The action phase begins and `power` plays a card of `cp` for CP.
fn impulse(game: &mut Game, power: Power, cp: u8) {
    let card = card_with_cp(cp);
    game.give_card(power, card).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    to_impulse(game, power);
    game.apply(Action::PlayCp(card)).unwrap();
}

/// The land-move destinations offered once `n` regulars of the formation
/// in `from` are chosen.
fn destinations(game: &mut Game, from: Space, n: usize) -> Vec<Space> {
    game.apply(Action::MoveFrom(from)).unwrap();
    for _ in 0..n {
        game.apply(Action::AddUnit(Regular)).unwrap();
    }
    let moves = game.legal_actions().into_iter().filter_map(|a| match a {
        Action::MoveTo(to) => Some(to),
        _ => None,
    });
    moves.collect()
}

/// Papal regulars in Basel (German), next to Besançon and Geneva (French),
/// all three under Papal control.
fn papal_basel(scenario: Scenario) -> Game {
    let mut game = bare(scenario);
    for space in [Space::Basel, Space::Besancon, Space::Geneva, Space::Zurich] {
        game.set_controller(space, Faction::Papacy).unwrap();
    }
    game.set_land_units(Space::Basel, Faction::Papacy, LandUnits::regulars(2)).unwrap();
    game
}

/// §24.3: Papal units never move out of the German and Italian zones; the
/// same move is open in the 1517 game.
#[test]
fn papal_units_never_move_out_of_the_zones() {
    let mut two = papal_basel(Scenario::TwoPlayer);
    impulse(&mut two, Power::Papacy, 3);
    let to = destinations(&mut two, Space::Basel, 2);
    assert!(to.contains(&Space::Zurich), "{to:?}");
    assert!(!to.contains(&Space::Besancon) && !to.contains(&Space::Geneva), "{to:?}");
    assert!(!two.is_legal(&Action::MoveTo(Space::Besancon)));
    assert!(two.apply(Action::MoveTo(Space::Besancon)).is_err());
    assert_eq!(two.land_units(Space::Basel, Faction::Papacy), LandUnits::regulars(2));

    let mut six = papal_basel(Scenario::Y1517);
    impulse(&mut six, Power::Papacy, 3);
    let to = destinations(&mut six, Space::Basel, 2);
    assert!(to.contains(&Space::Besancon) && to.contains(&Space::Geneva), "{to:?}");
}

/// §24.3: Protestant units never enter Liège, although its control may
/// change (it lies in the French zone).
#[test]
fn protestant_units_never_enter_liege() {
    for (scenario, enters) in [(Scenario::TwoPlayer, false), (Scenario::Y1517, true)] {
        let mut game = bare(scenario);
        game.set_schmalkaldic_league(true).unwrap();
        game.set_controller(Space::Cologne, Faction::Protestant).unwrap();
        game.set_controller(Space::Munster, Faction::Protestant).unwrap();
        game.set_land_units(Space::Cologne, Faction::Protestant, LandUnits::regulars(2)).unwrap();
        impulse(&mut game, Power::Protestant, 3);
        let to = destinations(&mut game, Space::Cologne, 2);
        assert_eq!(to.contains(&Space::Liege), enters, "{scenario:?}: {to:?}");
    }
}

/// §24.3 with §14.1 and §13.3: a Papal retreat or avoid battle never ends
/// outside the zones.
#[test]
fn retreats_and_avoid_battle_stay_in_the_zones() {
    let two = papal_basel(Scenario::TwoPlayer);
    let spaces = battle::retreat_spaces(&two, Power::Papacy, Space::Basel, None);
    assert!(spaces.contains(Space::Zurich));
    assert!(!spaces.contains(Space::Besancon) && !spaces.contains(Space::Geneva));
    let six = papal_basel(Scenario::Y1517);
    assert!(battle::retreat_spaces(&six, Power::Papacy, Space::Basel, None).contains(Space::Besancon));
}

/// §24.3 with §13.2: Papal units never intercept into a space outside the
/// zones (a Hapsburg formation entering an independent Geneva).
#[test]
fn interceptions_stay_in_the_zones() {
    for (scenario, may) in [(Scenario::TwoPlayer, false), (Scenario::Y1517, true)] {
        let mut game = papal_basel(scenario);
        game.set_controller(Space::Geneva, Faction::Independent).unwrap();
        game.set_war(Power::Papacy, Power::Hapsburg, true).unwrap();
        let from = battle::interception_origins(&game, Power::Hapsburg, Space::Besancon, Space::Geneva, Power::Papacy);
        assert_eq!(from.contains(Space::Basel), may, "{scenario:?}");
    }
}

/// §24.3 with §16.3: a Papal naval transport never lands outside the zones.
#[test]
fn transports_land_only_in_the_zones() {
    for (scenario, may) in [(Scenario::TwoPlayer, false), (Scenario::Y1517, true)] {
        let mut game = bare(scenario);
        game.set_controller(Space::Marseille, Faction::Papacy).unwrap();
        assert_eq!(naval_war::can_land(&game, Power::Papacy, SeaZone::GulfOfLyon, Space::Marseille), may);
        game.set_controller(Space::Genoa, Faction::Papacy).unwrap();
        assert!(naval_war::can_land(&game, Power::Papacy, SeaZone::GulfOfLyon, Space::Genoa));
    }
}

/// §24.3: only the Papacy spring-deploys, and only inside the zones.
#[test]
fn only_the_papacy_deploys_and_only_in_the_zones() {
    let mut two = bare(Scenario::TwoPlayer);
    two.set_controller(Space::Marseille, Faction::Papacy).unwrap();
    two.set_controller(Space::Genoa, Faction::Papacy).unwrap();
    assert!(spring::deploys(&two, Power::Papacy));
    for power in [Power::Ottoman, Power::Hapsburg, Power::England, Power::France, Power::Protestant] {
        assert!(!spring::deploys(&two, power), "{power}");
    }
    let spaces = spring::deployment_spaces(&two, Power::Papacy);
    assert!(spaces.contains(Space::Genoa) && !spaces.contains(Space::Marseille));
    assert!(spaces.iter().all(two_player::in_german_or_italian_zone));
    let mut six = bare(Scenario::Y1517);
    six.set_controller(Space::Marseille, Faction::Papacy).unwrap();
    assert!(spring::deployment_spaces(&six, Power::Papacy).contains(Space::Marseille));
}

/// Protestant land units in Cologne and Münster, both Protestant, after
/// the League; Liège and Amsterdam independent next to them.
fn protestant_rhine(scenario: Scenario) -> Game {
    let mut game = bare(scenario);
    game.set_schmalkaldic_league(true).unwrap();
    for space in [Space::Cologne, Space::Munster] {
        game.set_controller(space, Faction::Protestant).unwrap();
        game.set_land_units(space, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    }
    game.set_controller(Space::Amsterdam, Faction::Independent).unwrap();
    game
}

/// §24.3 with §12.2: the control action changes control in Liège, never in
/// Amsterdam (Dutch zone); both in the 1517 game.
#[test]
fn the_control_action_only_inside_the_zones_metz_and_liege() {
    let mut six = protestant_rhine(Scenario::Y1517);
    impulse(&mut six, Power::Protestant, 2);
    assert!(six.is_legal(&Action::Control(Space::Amsterdam)) && six.is_legal(&Action::Control(Space::Liege)));

    let mut two = protestant_rhine(Scenario::TwoPlayer);
    impulse(&mut two, Power::Protestant, 2);
    assert!(!two.is_legal(&Action::Control(Space::Amsterdam)));
    assert!(!loc::can_control(&two, Power::Protestant, Space::Amsterdam));
    let before = two.clone();
    assert!(two.apply(Action::Control(Space::Amsterdam)).is_err());
    assert_eq!(two, before, "a refused action leaves the game unchanged");
    let mut log = Vec::new();
    apply(&mut two, Action::Control(Space::Liege), &mut log);
    assert_eq!(two.controller(Space::Liege), Faction::Protestant);
    assert_eq!(two.controller(Space::Amsterdam), Faction::Independent);
}

/// §24.3 with §15.1: no assault where control may not change: Calais
/// (English zone) in the two-player game, while the 1517 game allows it.
#[test]
fn no_assault_outside_the_zones() {
    for (scenario, may) in [(Scenario::TwoPlayer, false), (Scenario::Y1517, true)] {
        let mut game = bare(scenario);
        game.set_war(Power::France, Power::England, true).unwrap();
        game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(1)).unwrap();
        game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(4)).unwrap();
        assert_eq!(battle::can_assault(&game, Power::France, Space::Calais), may, "{scenario:?}");
    }
}

/// #13's two-player face (§24.3): once the League has formed, a
/// Hapsburg-held Rome no longer changes control, so a Protestant siege of
/// it offers no assault; before the League it would.
#[test]
fn a_hapsburg_rome_is_frozen_after_the_league() {
    let mut game = bare(Scenario::TwoPlayer);
    game.set_controller(Space::Rome, Faction::Hapsburg).unwrap();
    assert!(two_player::control_may_change(&game, Space::Rome));
    game.set_schmalkaldic_league(true).unwrap();
    assert!(!two_player::control_may_change(&game, Space::Rome));
    assert!(
        !two_player::control_may_change(&game, Space::Ravenna) || game.controller(Space::Ravenna) != Faction::Hapsburg
    );
    game.set_war(Power::Protestant, Power::Hapsburg, true).unwrap();
    game.set_controller(Space::Siena, Faction::Protestant).unwrap();
    game.set_besieged_units(Space::Rome, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Rome, Faction::Protestant, LandUnits::regulars(4)).unwrap();
    assert!(!battle::can_assault(&game, Power::Protestant, Space::Rome));
    game.set_controller(Space::Rome, Faction::Papacy).unwrap();
    assert!(two_player::control_may_change(&game, Space::Rome), "only a Hapsburg Rome is frozen");
}

/// §24.3: each side removes unrest from spaces of its own religion with no
/// units near; in the 1517 game it needs units there or adjacent (§12.4).
/// Basel is no Protestant home space (no pre-League exception).
#[test]
fn unrest_removal_needs_no_adjacency() {
    for (scenario, may) in [(Scenario::TwoPlayer, true), (Scenario::Y1517, false)] {
        let mut game = bare(scenario);
        game.set_unrest(Space::Florence, true).unwrap();
        game.set_unrest(Space::Basel, true).unwrap();
        game.set_religion(Space::Basel, Religion::Protestant).unwrap();
        impulse(&mut game, Power::Papacy, 2);
        assert_eq!(game.is_legal(&Action::RemoveUnrest(Space::Florence)), may, "{scenario:?}");
        assert!(!game.is_legal(&Action::RemoveUnrest(Space::Basel)), "{scenario:?}: a Protestant space");
        assert_eq!(loc::can_remove_unrest(&game, Power::Protestant, Space::Basel), may, "{scenario:?}");
        assert!(!loc::can_remove_unrest(&game, Power::Protestant, Space::Florence), "{scenario:?}");
    }
    let mut game = bare(Scenario::TwoPlayer);
    game.set_unrest(Space::Florence, true).unwrap();
    impulse(&mut game, Power::Papacy, 2);
    let mut log = Vec::new();
    apply(&mut game, Action::RemoveUnrest(Space::Florence), &mut log);
    assert!(!game.in_unrest(Space::Florence));
}

/// §24.3: the Papacy builds Papal and minor units, the Protestant its own
/// land units; no one builds for the other major powers, not even the
/// Papacy for its Hapsburg ally after the League.
#[test]
fn each_side_builds_only_what_the_variant_allows() {
    let mut two = bare(Scenario::TwoPlayer);
    two.set_schmalkaldic_league(true).unwrap();
    two.set_alliance(Power::Papacy, Power::Hapsburg, true).unwrap();
    two.set_alliance(Power::Papacy, MinorPower::Venice, true).unwrap();
    two.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    assert!(construction::can_raise(&two, Power::Papacy, Faction::Papacy, Regular, Space::Rome));
    assert!(construction::can_raise(&two, Power::Papacy, Faction::Venice, Regular, Space::Venice));
    assert!(construction::can_raise(&two, Power::Protestant, Faction::Protestant, Regular, Space::Wittenberg));
    assert!(!construction::can_raise(&two, Power::Papacy, Faction::Hapsburg, Regular, Space::Vienna));
    assert!(!construction::can_raise(&two, Power::Hapsburg, Faction::Hapsburg, Regular, Space::Vienna));
    assert!(!construction::can_raise(&two, Power::France, Faction::France, Regular, Space::Paris));
    assert!(!construction::can_build_squadron(&two, Power::Protestant, Faction::Protestant, Space::Lubeck));
    assert!(!construction::can_build_squadron(&two, Power::France, Faction::France, Space::Marseille));
    assert!(construction::can_build_squadron(&two, Power::Papacy, Faction::Papacy, Space::Rome));
    let six = bare(Scenario::Y1517);
    assert!(construction::can_raise(&six, Power::France, Faction::France, Regular, Space::Paris));
    assert!(construction::can_build_squadron(&six, Power::France, Faction::France, Space::Marseille));
}

/// §24.3: a refused build is not offered and leaves the game unchanged.
#[test]
fn a_refused_build_is_refused() {
    let mut game = bare(Scenario::TwoPlayer);
    game.set_schmalkaldic_league(true).unwrap();
    game.set_alliance(Power::Papacy, Power::Hapsburg, true).unwrap();
    impulse(&mut game, Power::Papacy, 2);
    assert!(game.is_legal(&Action::RaiseRegular(Space::Rome)));
    assert!(!game.is_legal(&Action::RaiseRegular(Space::Vienna)));
    let before = game.clone();
    assert!(game.apply(Action::RaiseRegular(Space::Vienna)).is_err());
    assert_eq!(game, before);
}

/// §24.3: no war of the Protestant ends after the League in the
/// two-player game; a Protestant war with France may end in the 1517 game.
#[test]
fn never_peace_with_the_protestant_after_the_league() {
    let mut two = bare(Scenario::TwoPlayer);
    assert!(two_player::war_may_end(&two, Power::Protestant, Power::France));
    two.set_schmalkaldic_league(true).unwrap();
    for power in [Power::Papacy, Power::Hapsburg, Power::France] {
        assert!(!two_player::war_may_end(&two, Power::Protestant, power), "{power}");
        assert!(!two_player::war_may_end(&two, power, Power::Protestant), "{power}");
    }
    assert!(two_player::war_may_end(&two, Power::Papacy, Power::France));
    two.set_war(Power::France, Power::Protestant, true).unwrap();
    two.set_controller(Space::Lyon, Faction::Protestant).unwrap();
    assert!(!rules::peace::may_sue(&two, Power::France, Power::Protestant));
    let mut six = bare(Scenario::Y1517);
    six.set_schmalkaldic_league(true).unwrap();
    six.set_war(Power::France, Power::Protestant, true).unwrap();
    six.set_controller(Space::Lyon, Faction::Protestant).unwrap();
    assert!(rules::peace::may_sue(&six, Power::France, Power::Protestant));
}

/// The places #70 Charles Bourbon offers.
fn bourbon_places(scenario: Scenario) -> Vec<Space> {
    let mut game = bare(scenario);
    game.set_war(Power::Papacy, Power::France, true).unwrap();
    game.set_controller(Space::Marseille, Faction::Papacy).unwrap();
    game.give_card(Power::Papacy, Card::CharlesBourbon).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    to_impulse(&mut game, Power::Papacy);
    game.apply(Action::PlayEvent(Card::CharlesBourbon)).unwrap();
    common::decline_windows(&mut game, &mut Vec::new());
    let places = game.legal_actions().into_iter().filter_map(|a| match a {
        Action::PlaceAt(s) => Some(s),
        _ => None,
    });
    places.collect()
}

/// #70's two-player face (§24.3): the renegade and his mercenaries go only
/// to a controlled space of the German or Italian zone; no Lyon option.
#[test]
fn charles_bourbon_stays_in_the_zones() {
    let two = bourbon_places(Scenario::TwoPlayer);
    assert!(two.contains(&Space::Rome), "{two:?}");
    assert!(two.iter().all(|&s| two_player::in_german_or_italian_zone(s)), "{two:?}");
    let six = bourbon_places(Scenario::Y1517);
    assert!(six.contains(&Space::Marseille), "{six:?}");
    assert!(six.iter().any(|s| Space::Lyon.land_neighbours().any(|n| n == *s) && *s != Space::Marseille), "{six:?}");
}

/// #71's two-player face (§24.3): only a Hapsburg-held electorate, and
/// only once the League has formed; the rebels then free it for the
/// Protestant (its home power).
#[test]
fn city_state_rebels_target_hapsburg_electorates_after_the_league() {
    let setup = |league: bool| {
        let mut game = bare(Scenario::TwoPlayer);
        game.set_schmalkaldic_league(league).unwrap();
        game.set_controller(Space::Milan, Faction::Hapsburg).unwrap();
        game.set_controller(Space::Mainz, Faction::Hapsburg).unwrap();
        in_action(game)
    };
    assert!(!common::offered(&mut setup(false), Power::Protestant, Card::CityStateRebels));
    let mut game = setup(true);
    assert!(common::offered(&mut game, Power::Protestant, Card::CityStateRebels));
    game.apply(Action::PlayEvent(Card::CityStateRebels)).unwrap();
    common::decline_windows(&mut game, &mut Vec::new());
    let targets: Vec<Action> = game.legal_actions().to_vec();
    assert!(targets.contains(&Action::Target(Space::Mainz)), "{targets:?}");
    assert!(!targets.contains(&Action::Target(Space::Milan)), "{targets:?}");
    for action in targets {
        let Action::Target(space) = action else { continue };
        assert_eq!(space.kind(), SpaceKind::Electorate);
        assert_eq!(game.controller(space), Faction::Hapsburg);
    }
    game.force_dice(&[1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::Target(Space::Mainz), &mut log);
    assert_eq!(game.controller(Space::Mainz), Faction::Protestant);
    assert_eq!(game.land_units(Space::Mainz, Faction::Protestant), LandUnits::regulars(1));
    // In the 1517 game the same position offers Milan, a captured key.
    let mut six = bare(Scenario::Y1517);
    six.set_controller(Space::Milan, Faction::Hapsburg).unwrap();
    let mut six = in_action(six);
    assert!(common::offered(&mut six, Power::Protestant, Card::CityStateRebels));
}

/// #63's two-player face (§24.3): instead of England drawing, the
/// Protestant takes a random card from the Papal hand and discards it;
/// then the 3 reformation attempts in the English zone.
#[test]
fn dissolution_discards_a_papal_card() {
    let mut game = in_action(bare(Scenario::TwoPlayer));
    to_impulse(&mut game, Power::Protestant);
    let papal = [card_with_cp(2), card_with_cp(3)];
    for card in papal {
        game.give_card(Power::Papacy, card).unwrap();
    }
    let log = common::event(&mut game, Power::Protestant, Card::DissolutionOfTheMonasteries);
    let left = papal.iter().filter(|&&c| game.hand(Power::Papacy).contains(c)).count();
    assert_eq!(left, 1, "one Papal card taken");
    let gone = papal.into_iter().find(|&c| !game.hand(Power::Papacy).contains(c)).unwrap();
    assert!(game.discard_pile().contains(gone));
    assert!(log.contains(&Event::CardDiscarded { power: Power::Protestant, card: gone }));
    assert!(game.hand(Power::England).is_empty(), "England draws nothing");
}

/// The whole two-player setup keeps the Papal and Protestant land units
/// inside the zones (§24.3): nothing to move out at the start.
#[test]
fn the_setup_has_no_papal_or_protestant_unit_outside_the_zones() {
    let game = Game::new(Setup::new(Scenario::TwoPlayer, 1));
    for LandStack { space, faction, units, .. } in game.land_stacks() {
        if matches!(faction, Faction::Papacy | Faction::Protestant) && !units.is_empty() {
            assert!(two_player::in_german_or_italian_zone(space), "{faction} in {space}");
        }
    }
}

/// A two-player action phase under Mary I with York Protestant, the deck
/// holding only `card` (not a 3-CP card); the Protestant plays a 3-CP card for CP and is done
/// with its impulse after `faces` are forced for the next dice.
fn protestant_impulse_under_mary(scenario: Scenario, card: Card, faces: &[u8]) -> (Game, Vec<Event>) {
    let mut game = bare(scenario);
    game.set_ruler(Power::England, Ruler::MaryI).unwrap();
    game.set_religion(Space::York, Religion::Protestant).unwrap();
    for c in game.deck() {
        game.remove_card(c).unwrap();
    }
    game.put_card_in_deck(card).unwrap();
    impulse(&mut game, Power::Protestant, 3);
    game.force_dice(faces).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::Done, &mut log);
    (game, log)
}

/// Two-player Mary I (§24.3, ruling TZ15): after the Protestant's impulse
/// the Papacy rolls; on 5-6 it draws a card, discards it, and spends its CP
/// in England: 2 CP, Burn Books in the English zone.
#[test]
fn two_player_mary_acts_in_england_on_five_or_six() {
    let drawn = card_with_cp(2);
    let (game, log) = protestant_impulse_under_mary(Scenario::TwoPlayer, drawn, &[6]);
    assert!(log.contains(&Event::TwoPlayerMaryIRoll { dice: Dice::of(&[6]), card: Some(drawn) }), "{log:?}");
    assert!(game.discard_pile().contains(drawn) && !game.deck().contains(drawn));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.pending().kind, DecisionKind::ReformationAttempts, "{}", game.pending());
}

/// On 1-4 the Papacy does nothing and the deck is untouched; the Papacy's
/// own impulse follows.
#[test]
fn two_player_mary_does_nothing_on_four() {
    let card = card_with_cp(2);
    let (game, log) = protestant_impulse_under_mary(Scenario::TwoPlayer, card, &[4]);
    assert!(log.contains(&Event::TwoPlayerMaryIRoll { dice: Dice::of(&[4]), card: None }), "{log:?}");
    assert!(game.deck().contains(card));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

/// No roll in the 1517 game (its Mary I acts on English cards, §21.3), and
/// none in the two-player game while every English home space is Catholic.
#[test]
fn no_two_player_mary_roll_elsewhere() {
    let card = card_with_cp(2);
    let (_, log) = protestant_impulse_under_mary(Scenario::Y1517, card, &[6]);
    assert!(!log.iter().any(|e| matches!(e, Event::TwoPlayerMaryIRoll { .. })));
    let mut game = bare(Scenario::TwoPlayer);
    game.set_ruler(Power::England, Ruler::MaryI).unwrap();
    impulse(&mut game, Power::Protestant, 2);
    let mut log = Vec::new();
    apply(&mut game, Action::Done, &mut log);
    assert!(!log.iter().any(|e| matches!(e, Event::TwoPlayerMaryIRoll { .. })));
}

/// #60 Maurice of Saxony switching to the Protestant goes to the nearest
/// free Protestant space inside the zones (§24.3, ruling TZ4): not Liège
/// next door, as in the 1517 game, but Wittenberg.
#[test]
fn maurice_of_saxony_stays_in_the_zones() {
    for (scenario, to) in [(Scenario::TwoPlayer, Space::Wittenberg), (Scenario::Y1517, Space::Liege)] {
        let mut game = in_action(bare(scenario));
        game.set_maurice_side(Power::Hapsburg).unwrap();
        let stack = LandUnits { regulars: 1, mercenaries: 2, cavalry: 0 };
        game.set_land_units(Space::Cologne, Faction::Hapsburg, stack).unwrap();
        game.set_leader(Leader::MauriceOfSaxony, LeaderLocation::Space(Space::Cologne)).unwrap();
        game.set_controller(Space::Liege, Faction::Protestant).unwrap();
        game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
        common::event(&mut game, Power::Protestant, Card::MauriceOfSaxony);
        assert_eq!(game.leader_location(Leader::MauriceOfSaxony), LeaderLocation::Space(to), "{scenario:?}");
        assert_eq!(game.land_units(to, Faction::Protestant), LandUnits::mercenaries(2), "{scenario:?}");
    }
}

/// #36 Swiss Mercenaries (and #33 Landsknechts, by the same rule) place
/// Papal mercenaries only where Papal units may stand: with the Hapsburg
/// its ally, the Papacy may add to Florence but not to the Hapsburg's
/// stack in Besançon, outside the zones (§24.3; the long run's two-player
/// seed 1,000,002). In 1517 both are open.
#[test]
fn papal_mercenaries_are_placed_inside_the_zones() {
    let places = |scenario: Scenario| {
        let mut game = bare(scenario);
        game.set_alliance(Power::Papacy, Power::Hapsburg, true).unwrap();
        game.set_land_units(Space::Florence, Faction::Papacy, LandUnits::regulars(1)).unwrap();
        game.set_land_units(Space::Besancon, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
        let mut game = in_action(game);
        common::event(&mut game, Power::Papacy, Card::SwissMercenaries);
        common::legal(&game)
    };
    let two = places(Scenario::TwoPlayer);
    assert!(two.contains(&Action::PlaceAt(Space::Florence)), "{two:?}");
    assert!(!two.contains(&Action::PlaceAt(Space::Besancon)), "{two:?}");
    let six = places(Scenario::Y1517);
    assert!(six.contains(&Action::PlaceAt(Space::Florence)) && six.contains(&Action::PlaceAt(Space::Besancon)));
}

/// §24.3: a Papal stack never winters outside the zones. From Strasburg
/// (German zone, unfortified) the nearest Papal fortified space is Metz, a
/// border key it may control but never stand in; it goes elsewhere
/// (ruling TZ17). In 1517 Metz is its nearest destination.
#[test]
fn papal_units_never_winter_outside_the_zones() {
    let options = |scenario: Scenario| {
        let mut game = bare(scenario);
        game.set_controller(Space::Metz, Faction::Papacy).unwrap();
        game.set_controller(Space::Strasburg, Faction::Papacy).unwrap();
        game.set_land_units(Space::Strasburg, Faction::Papacy, LandUnits::regulars(2)).unwrap();
        here_i_stand::rules::winter::return_options(&game, Power::Papacy, Space::Strasburg)
    };
    assert!(options(Scenario::Y1517).destination(Space::Metz).is_some());
    let two = options(Scenario::TwoPlayer);
    assert!(two.destination(Space::Metz).is_none());
    assert!(two.destinations.iter().all(|d| two_player::in_german_or_italian_zone(d.space)));
}

/// A minor's deactivation displaces its former ally's units (§22.4); in the
/// two-player game a Papal stack goes only to a space inside the zones,
/// never to a Hapsburg ally's Barcelona (ruling TZ18; long-run seeds
/// 1,000,212 and 1,000,839: #201 Andrea Doria took Genoa from the Papacy).
#[test]
fn a_deactivation_displaces_papal_units_inside_the_zones() -> Result<(), EditError> {
    use here_i_stand::rules::minor::deactivation;
    use here_i_stand::rules::two_player::in_german_or_italian_zone;
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0));
    game.set_schmalkaldic_league(true)?;
    game.set_alliance(Power::Papacy, Power::Hapsburg, true)?;
    game.set_alliance(Power::Papacy, MinorPower::Genoa, true)?;
    game.set_controller(Space::Genoa, Faction::Papacy)?;
    game.set_land_units(Space::Genoa, Faction::Papacy, LandUnits::regulars(2))?;
    let d = deactivation(&game, MinorPower::Genoa).expect("Genoa may be deactivated");
    let papal = d.displaced_land.iter().find(|m| m.faction == Faction::Papacy).expect("Papal units displaced");
    assert!(!papal.to.is_empty());
    assert!(papal.to.iter().all(in_german_or_italian_zone), "{:?}", papal.to);
    // The same stack in a six-power game may go where its allies are.
    let mut six = Game::empty(Setup::new(Scenario::Y1517, 0));
    six.set_alliance(Power::Papacy, MinorPower::Genoa, true)?;
    six.set_controller(Space::Genoa, Faction::Papacy)?;
    six.set_land_units(Space::Genoa, Faction::Papacy, LandUnits::regulars(2))?;
    assert!(deactivation(&six, MinorPower::Genoa).is_some());
    Ok(())
}

/// #76 Foreign Recruits builds Papal units only inside the zones (§24.3,
/// ruling RB8): a Papal Liège is not a site in the two-player game, as it
/// is in 1517. Found by the long run (two-player seed 1,025,793).
#[test]
fn foreign_recruits_builds_inside_the_zones() {
    for (scenario, open) in [(Scenario::TwoPlayer, false), (Scenario::Y1517, true)] {
        let mut game = in_action(bare(scenario));
        game.set_controller(Space::Liege, Faction::Papacy).unwrap();
        common::event(&mut game, Power::Papacy, Card::ForeignRecruits);
        let actions = common::legal(&game);
        assert_eq!(actions.contains(&Action::BuyMercenary(Space::Liege)), open, "{scenario:?}");
        assert!(actions.contains(&Action::BuyMercenary(Space::Rome)), "{scenario:?}");
    }
}

/// §24.3 "acting for invaders" (ruling TP5): after the League the Papacy
/// commands the Hapsburg units, at war with the Protestant. A Protestant
/// army marches on a Hapsburg Augsburg: the Papacy decides whether the
/// Hapsburg regulars withdraw into the fortifications, acting for the
/// Hapsburg. The same march in the 1517 game asks the Hapsburg itself
/// (first whether to avoid battle).
#[test]
fn the_papacy_decides_for_the_hapsburg_at_war_with_the_protestant() {
    let march = |scenario: Scenario| {
        let mut game = bare(scenario);
        game.set_schmalkaldic_league(true).unwrap();
        game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
        game.set_controller(Space::Augsburg, Faction::Hapsburg).unwrap();
        game.set_land_units(Space::Augsburg, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
        game.set_land_units(Space::Nuremberg, Faction::Protestant, LandUnits::regulars(4)).unwrap();
        impulse(&mut game, Power::Protestant, 2);
        game.apply(Action::MoveFrom(Space::Nuremberg)).unwrap();
        for _ in 0..4 {
            game.apply(Action::AddUnit(Regular)).unwrap();
        }
        game.apply(Action::MoveTo(Space::Augsburg)).unwrap();
        game
    };
    let two = march(Scenario::TwoPlayer);
    assert_eq!(two_player::seat(&two, Power::Hapsburg), Some(Power::Papacy));
    let pending = two.pending();
    assert_eq!(pending.kind, DecisionKind::Withdraw);
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Papacy), Some(Power::Hapsburg)));
    assert_eq!(two.decider(), Decider::Power(Power::Papacy));
    assert!(two.validate().is_ok());
    let six = march(Scenario::Y1517);
    let pending = six.pending();
    assert_eq!(pending.kind, DecisionKind::AvoidBattle);
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Hapsburg), None));
}

/// Ruling TP5: a power at war with neither player, or outside the action
/// and winter phases, has no seat.
#[test]
fn a_power_at_peace_with_both_players_has_no_seat() {
    let mut game = bare(Scenario::TwoPlayer);
    game.set_war(Power::France, Power::Papacy, true).unwrap();
    assert_eq!(game.phase(), Phase::CardDraw);
    assert_eq!(two_player::seat(&game, Power::France), None);
    game.set_phase(Phase::Action).unwrap();
    assert_eq!(two_player::seat(&game, Power::France), Some(Power::Protestant));
    assert_eq!(two_player::seat(&game, Power::Hapsburg), None);
}
