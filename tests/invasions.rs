//! The six invasion cards of the two-player diplomatic deck (#202, #206,
//! #211, #213, #214, #216; §24.3, `events::invasions`, rulings IV1-IV4),
//! each played by each side: the war, the force and who sets it up, the
//! main-deck card, the bonus; then the invader acted for in the action
//! phase.

use here_i_stand::rules::two_player;
use here_i_stand::*;

/// A bare two-player board (the 1517 control) at the diplomacy phase of
/// turn 3; two cards in the main deck; `card` in
/// `player`'s diplomatic hand, to play now. With `league`, the
/// Schmalkaldic League has formed (and the late cards joined).
fn invade(card: Card, player: Power, league: bool) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5).with_fast_play(true));
    game.set_turn(3).unwrap();
    game.set_dip_late_cards_added(league).unwrap();
    if league {
        game.set_schmalkaldic_league(true).unwrap();
        game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
    }
    for c in [Card::MasterOfItaly, Card::Arquebusiers] {
        game.put_card_in_deck(c).unwrap();
    }
    game.give_card(player, card).unwrap();
    if player == Power::Protestant {
        game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    }
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    if player == Power::Protestant {
        // The Papacy plays first: a harmless card.
        game.apply(Action::PlayEvent(Card::DipKnightsOfStJohn)).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(player));
    game
}

/// The spaces offered for the force.
fn places(game: &Game) -> Vec<Space> {
    game.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::PlaceAt(space) => space,
            other => panic!("only spaces are offered, not {other}"),
        })
        .collect()
}

/// #202 played by the Papacy, to its own harm: France and the Papacy go to
/// war, the Protestant sets up Montmorency, 2 regulars and 2 mercenaries
/// in a French-controlled space and draws a main-deck card, then takes
/// the 2 more mercenaries.
#[test]
fn french_constable_invades_played_by_the_papacy() {
    let mut game = invade(Card::DipFrenchConstableInvades, Power::Papacy, false);
    let hand = game.hand(Power::Protestant).len();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayEvent(Card::DipFrenchConstableInvades), &mut log).unwrap();
    assert!(game.at_war(Power::France, Power::Papacy));
    assert!(log.contains(&Event::WarDeclared { power: Power::France, target: Faction::Papacy }));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let places = places(&game);
    assert!(places.iter().all(|&s| game.controller(s) == Faction::France), "{places:?}");
    assert!(places.contains(&Space::Lyon) && !places.contains(&Space::Vienna));
    game.apply_logged(Action::PlaceAt(Space::Lyon), &mut log).unwrap();
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Lyon));
    assert_eq!(game.land_units(Space::Lyon, Faction::France), LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 });
    assert_eq!(game.hand(Power::Protestant).len(), hand + 1);
    assert_eq!(game.pending().card, Some(Card::DipFrenchConstableInvades));
    let bonus = game.legal_actions();
    assert!(bonus.contains(&Action::BuyMercenary(Space::Lyon)));
    assert!(bonus.contains(&Action::BuildSquadron(Space::Marseille)));
    game.apply_logged(Action::BuyMercenary(Space::Lyon), &mut log).unwrap();
    assert_eq!(game.land_units(Space::Lyon, Faction::France).mercenaries, 4);
    assert_eq!(game.validate(), Ok(()));
}

/// #206 played by the Protestant, after Francis I's death: Henry II leads
/// 3 regulars and 3 mercenaries; the bonus is a squadron in Marseille.
#[test]
fn french_invasion_brings_henry_ii_and_a_squadron() {
    let mut game = invade(Card::DipFrenchInvasion, Power::Protestant, false);
    game.set_ruler(Power::France, Ruler::HenryIi).unwrap();
    game.apply(Action::PlayEvent(Card::DipFrenchInvasion)).unwrap();
    assert!(game.at_war(Power::France, Power::Papacy));
    game.apply(Action::PlaceAt(Space::Paris)).unwrap();
    assert_eq!(game.leader_location(Leader::HenryIi), LeaderLocation::Space(Space::Paris));
    assert_eq!(game.land_units(Space::Paris, Faction::France), LandUnits { regulars: 3, mercenaries: 3, cavalry: 0 });
    game.apply(Action::BuildSquadron(Space::Marseille)).unwrap();
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Marseille), Faction::France).squadrons, 1);
    assert_eq!(game.validate(), Ok(()));
}

/// #211 before the League: a Hapsburg-Papal war, the Protestant commands
/// the Duke of Alva's force. After it: no new war, the Papacy commands.
#[test]
fn spanish_invasion_before_and_after_the_league() {
    let mut game = invade(Card::DipSpanishInvasion, Power::Papacy, false);
    game.apply(Action::PlayEvent(Card::DipSpanishInvasion)).unwrap();
    assert!(game.at_war(Power::Hapsburg, Power::Papacy));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let places = places(&game);
    assert!(places.iter().all(|&s| game.controller(s) == Faction::Hapsburg), "{places:?}");
    assert!(places.contains(&Space::Naples) && !places.contains(&Space::Paris));
    game.apply(Action::PlaceAt(Space::Naples)).unwrap();
    assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Space(Space::Naples));
    assert_eq!(
        game.land_units(Space::Naples, Faction::Hapsburg),
        LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 }
    );

    let mut game = invade(Card::DipSpanishInvasion, Power::Protestant, true);
    let hand = game.hand(Power::Papacy).len();
    game.apply(Action::PlayEvent(Card::DipSpanishInvasion)).unwrap();
    assert!(!game.at_war(Power::Hapsburg, Power::Papacy));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::PlaceAt(Space::Vienna)).unwrap();
    assert_eq!(game.hand(Power::Papacy).len(), hand + 1);
    assert_eq!(
        game.land_units(Space::Vienna, Faction::Hapsburg),
        LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 }
    );
}

/// #213 and #214, played by the Protestant to the Papacy's gain: the
/// Papacy sets up Ferdinand's 2 regulars and 4 mercenaries, then Charles
/// V's 3 and 5, and draws; no bonus, no new war.
#[test]
fn austrian_and_imperial_invasions_are_the_papacys() {
    for (card, leader, units) in [
        (Card::DipAustrianInvasion, Leader::Ferdinand, LandUnits { regulars: 2, mercenaries: 4, cavalry: 0 }),
        (Card::DipImperialInvasion, Leader::CharlesV, LandUnits { regulars: 3, mercenaries: 5, cavalry: 0 }),
    ] {
        let mut game = invade(card, Power::Protestant, true);
        let hand = game.hand(Power::Papacy).len();
        game.apply(Action::PlayEvent(card)).unwrap();
        assert_eq!(game.decider(), Decider::Power(Power::Papacy));
        game.apply(Action::PlaceAt(Space::Innsbruck)).unwrap();
        assert_eq!(game.leader_location(leader), LeaderLocation::Space(Space::Innsbruck));
        assert_eq!(game.land_units(Space::Innsbruck, Faction::Hapsburg), units);
        assert_eq!(game.hand(Power::Papacy).len(), hand + 1);
        assert_ne!(game.pending().card, Some(card), "no bonus");
        assert!(!game.at_war(Power::Hapsburg, Power::Papacy));
        assert_eq!(game.validate(), Ok(()));
    }
}

/// #216: the Ottoman and the Papacy go to war; Suleiman, 5 regulars and 4
/// squadrons go to an Ottoman-controlled port (Istanbul, not the inland
/// Edirne: ruling IV3), set up by the Protestant.
#[test]
fn ottoman_invasion_lands_in_a_port() {
    let mut game = invade(Card::DipOttomanInvasion, Power::Papacy, true);
    game.apply(Action::PlayEvent(Card::DipOttomanInvasion)).unwrap();
    assert!(game.at_war(Power::Ottoman, Power::Papacy));
    let places = places(&game);
    assert!(places.iter().all(|&s| s.is_port() && game.controller(s) == Faction::Ottoman), "{places:?}");
    assert!(places.contains(&Space::Istanbul) && !places.contains(&Space::Edirne));
    game.apply(Action::PlaceAt(Space::Istanbul)).unwrap();
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(Space::Istanbul));
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman).regulars, 5);
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Istanbul), Faction::Ottoman).squadrons, 4);
    assert_eq!(game.validate(), Ok(()));
}

/// After #202 the Protestant commands France in the action phase (§24.3):
/// France is seated with it, and its impulse may spend CP for France.
#[test]
fn the_invader_is_acted_for_in_the_action_phase() {
    let mut game = invade(Card::DipFrenchConstableInvades, Power::Papacy, false);
    game.apply(Action::PlayEvent(Card::DipFrenchConstableInvades)).unwrap();
    game.apply(Action::PlaceAt(Space::Lyon)).unwrap();
    game.apply(Action::BuyMercenary(Space::Lyon)).unwrap();
    crate::common::impulse_declining(&mut game, Power::Protestant, 2);
    assert_eq!(two_player::seat(&game, Power::France), Some(Power::Protestant));
    game.apply(Action::ActFor(Power::France)).unwrap();
    assert!(game.legal_actions().contains(&Action::MoveFrom(Space::Lyon)));
    assert_eq!(game.pending().acting_for, Some(Power::France));
}

/// #215 Machiavelli: the side trailing in VP picks an invasion card of
/// the diplomatic pile and plays it; then the whole deck is reshuffled.
#[test]
fn machiavelli_plays_an_invasion_card_of_the_pile() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 9).with_fast_play(true));
    game.set_turn(5).unwrap();
    game.set_dip_late_cards_added(true).unwrap();
    game.put_card_in_dip_deck(Card::DipOttomanInvasion).unwrap();
    game.put_card_in_dip_deck(Card::DipKnightsOfStJohn).unwrap();
    game.put_card_in_dip_deck(Card::DipShipbuilding).unwrap();
    game.give_card(Power::Papacy, Card::DipMachiavelli).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    // The sides drew the two other cards (this seed's draws).
    assert!(game.diplomacy_deck().contains(Card::DipOttomanInvasion));
    game.apply(Action::PlayEvent(Card::DipMachiavelli)).unwrap();
    assert_eq!(game.pending().kind, DecisionKind::CardEvent);
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::DipOttomanInvasion)));
    let Decider::Power(chooser) = game.decider() else { panic!("a decision") };
    assert!(game.can_play_event(chooser, Card::DipOttomanInvasion));
    assert!(!game.can_play_event(chooser, Card::DipFrenchInvasion), "not in the pile");
    game.apply(Action::PlayEvent(Card::DipOttomanInvasion)).unwrap();
    assert!(game.at_war(Power::Ottoman, Power::Papacy));
    game.apply(Action::PlaceAt(Space::Istanbul)).unwrap();
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman).regulars, 5);
    assert!(game.diplomacy_deck().contains(Card::DipOttomanInvasion));
    assert!(game.diplomacy_deck().contains(Card::DipMachiavelli));
    assert_eq!(game.validate(), Ok(()));
}
