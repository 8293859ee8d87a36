//! Acting for invaders (§24.3, `frames::acting`; rulings TP5, TP6): a
//! two-player side spends an action of its CP for a power at war with its
//! opponent: moves, assaults, control and naval moves, never building.

use here_i_stand::*;

use crate::common;

use LandUnitKind::Regular;

/// After the League, the Hapsburg at war with the Protestant: 3 Hapsburg
/// regulars in a Hapsburg Augsburg, 1 Protestant regular besieged in a
/// Protestant Wittenberg by 4 Hapsburg regulars, Prague and Regensburg
/// Hapsburg. The Papacy plays a 2-CP card.
fn league_impulse(scenario: Scenario) -> Game {
    let mut game = Game::empty(Setup::new(scenario, 3).with_fast_play(true));
    game.set_schmalkaldic_league(true).unwrap();
    game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
    for space in [Space::Augsburg, Space::Regensburg, Space::Prague, Space::Leipzig] {
        game.set_controller(space, Faction::Hapsburg).unwrap();
    }
    game.set_land_units(Space::Augsburg, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
    game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    game.set_besieged_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Wittenberg, Faction::Hapsburg, LandUnits::regulars(4)).unwrap();
    common::impulse_declining(&mut game, Power::Papacy, 2);
    game
}

/// §24.3: the Papacy spends one action for the Hapsburg: it is asked as
/// the Papacy acting for the Hapsburg, moves the Hapsburg army, and its
/// CP then come back to its own use. No such switch in the 1517 game.
#[test]
fn the_papacy_moves_a_hapsburg_army_with_its_cp() {
    let mut game = league_impulse(Scenario::TwoPlayer);
    assert!(game.legal_actions().contains(&Action::ActFor(Power::Hapsburg)));
    assert!(!game.legal_actions().contains(&Action::ActFor(Power::France)), "France is at peace");
    game.apply(Action::ActFor(Power::Hapsburg)).unwrap();
    let pending = game.pending();
    assert_eq!((pending.kind, pending.cp), (DecisionKind::SpendCp, Some(2)));
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Papacy), Some(Power::Hapsburg)));
    assert!(game.validate().is_ok());
    game.apply(Action::MoveFrom(Space::Augsburg)).unwrap();
    for _ in 0..3 {
        game.apply(Action::AddUnit(Regular)).unwrap();
    }
    game.apply(Action::MoveTo(Space::Regensburg)).unwrap();
    assert_eq!(game.land_units(Space::Regensburg, Faction::Hapsburg), LandUnits::regulars(3));
    let pending = game.pending();
    assert_eq!((pending.kind, pending.cp), (DecisionKind::SpendCp, Some(1)));
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Papacy), None));
    assert!(game.validate().is_ok());

    let six = league_impulse(Scenario::Y1517);
    assert!(!six.legal_actions().iter().any(|a| matches!(a, Action::ActFor(_))));
    assert!(six.clone().apply(Action::ActFor(Power::Hapsburg)).is_err());
}

/// §24.3: an assault for the invader, paid from the player's CP.
#[test]
fn the_papacy_assaults_for_the_hapsburg() {
    let mut game = league_impulse(Scenario::TwoPlayer);
    game.apply(Action::ActFor(Power::Hapsburg)).unwrap();
    assert!(game.legal_actions().contains(&Action::Assault(Space::Wittenberg)));
    let mut log = Vec::new();
    game.apply_logged(Action::Assault(Space::Wittenberg), &mut log).unwrap();
    while game.pending().kind != DecisionKind::SpendCp {
        let action = game.legal_actions()[0];
        game.apply_logged(action, &mut log).unwrap();
    }
    assert!(log.iter().any(|e| matches!(e, Event::Assault { space: Space::Wittenberg, .. })), "{log:?}");
    let pending = game.pending();
    assert_eq!((pending.power, pending.acting_for, pending.cp), (Some(Power::Papacy), None, Some(1)));
}

/// §24.3: never building for the invader. While acting for the Hapsburg,
/// no raise, purchase or build is offered, and one asked for is refused,
/// the game unchanged.
#[test]
fn building_for_the_invader_is_refused() {
    let mut game = league_impulse(Scenario::TwoPlayer);
    game.apply(Action::ActFor(Power::Hapsburg)).unwrap();
    let builds = game.legal_actions().into_iter().filter(|a| {
        matches!(
            a,
            Action::RaiseRegular(_)
                | Action::BuyMercenary(_)
                | Action::RaiseCavalry(_)
                | Action::BuildSquadron(_)
                | Action::BuildCorsair(_)
        )
    });
    assert_eq!(builds.count(), 0);
    let before = game.clone();
    assert!(game.apply(Action::BuyMercenary(Space::Augsburg)).is_err());
    assert!(game.apply(Action::Done).is_err(), "a switch buys something");
    assert_eq!(game, before);
}

/// §24.3: a combat card for the invader, from the player's hand. The
/// Papacy's assault for the Hapsburg on Wittenberg: in the attacker's
/// combat-card window the Papacy is asked for the Hapsburg and plays
/// Siege Mining (#28) from its own hand: 3 more dice for the Hapsburg.
#[test]
fn the_papacy_plays_a_combat_card_for_the_hapsburg() {
    let mut game = league_impulse(Scenario::TwoPlayer);
    game.give_card(Power::Papacy, Card::SiegeMining).unwrap();
    game.apply(Action::ActFor(Power::Hapsburg)).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::Assault(Space::Wittenberg), &mut log).unwrap();
    let pending = game.pending();
    assert_eq!(pending.kind, DecisionKind::CombatCards);
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Papacy), Some(Power::Hapsburg)));
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::SiegeMining)));
    game.apply_logged(Action::PlayEvent(Card::SiegeMining), &mut log).unwrap();
    assert!(!game.hand(Power::Papacy).contains(Card::SiegeMining));
    assert!(log.contains(&Event::CardPlayedAsEvent { power: Power::Papacy, card: Card::SiegeMining }));
    while game.pending().kind != DecisionKind::SpendCp {
        let action = game.legal_actions()[0];
        game.apply_logged(action, &mut log).unwrap();
    }
    let dice = log.iter().find_map(|e| match e {
        Event::Assault { space: Space::Wittenberg, attacker_dice, .. } => Some(attacker_dice.count()),
        _ => None,
    });
    // 4 regulars besieging: 2 dice (§15.1), and Siege Mining's 3.
    assert_eq!(dice, Some(5), "{log:?}");
}

/// §24.3 (ruling TP7): the invader defending. A Protestant army attacks
/// the Hapsburg regulars in Augsburg; the defenders' combat-card window
/// asks the Papacy for the Hapsburg, and its Arquebusiers (#24) from the
/// Papal hand add 2 dice to the Hapsburg side.
#[test]
fn the_papacy_plays_a_combat_card_for_the_defending_hapsburg() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 3).with_fast_play(true));
    game.set_schmalkaldic_league(true).unwrap();
    game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
    game.set_controller(Space::Augsburg, Faction::Hapsburg).unwrap();
    game.set_land_units(Space::Augsburg, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Nuremberg, Faction::Protestant, LandUnits::regulars(4)).unwrap();
    common::impulse_declining(&mut game, Power::Protestant, 2);
    game.give_card(Power::Papacy, Card::Arquebusiers).unwrap();
    game.apply(Action::MoveFrom(Space::Nuremberg)).unwrap();
    for _ in 0..4 {
        game.apply(Action::AddUnit(Regular)).unwrap();
    }
    let mut log = Vec::new();
    game.apply_logged(Action::MoveTo(Space::Augsburg), &mut log).unwrap();
    assert_eq!(game.pending().kind, DecisionKind::Withdraw);
    game.apply_logged(Action::Decline, &mut log).unwrap();
    // The attacker's window first (§14 step 4), then the defender's.
    assert_eq!((game.pending().kind, game.pending().power), (DecisionKind::CombatCards, Some(Power::Protestant)));
    game.apply_logged(Action::Decline, &mut log).unwrap();
    let pending = game.pending();
    assert_eq!(pending.kind, DecisionKind::CombatCards);
    assert_eq!((pending.power, pending.acting_for), (Some(Power::Papacy), Some(Power::Hapsburg)));
    game.apply_logged(Action::PlayEvent(Card::Arquebusiers), &mut log).unwrap();
    assert!(!game.hand(Power::Papacy).contains(Card::Arquebusiers));
    while game.pending().kind != DecisionKind::SpendCp && game.pending().kind != DecisionKind::Impulse {
        let action = game.legal_actions()[0];
        game.apply_logged(action, &mut log).unwrap();
    }
    let dice = log.iter().find_map(|e| match e {
        Event::FieldBattle { defender_dice, .. } => Some(defender_dice.count()),
        _ => None,
    });
    // 2 regulars, the defender's bonus die (§14 step 3), Arquebusiers' 2.
    assert_eq!(dice, Some(5), "{log:?}");
}
