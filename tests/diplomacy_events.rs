//! The diplomacy-phase uses of #69 Auld Alliance and #108 Venetian
//! Alliance (the price of an intervention, §9.6 steps 4-5) and of #73
//! Diplomatic Marriage (at the declarer's turn; while suing for peace,
//! §9.3 note 1). Rulings DU1-DU4.

use here_i_stand::*;

use crate::common;
use common::legal;

/// A bare board at the start of the diplomacy phase of turn 2, with these
/// hands, edited by `edit`, negotiation skipped (no spring events after).
fn diplomacy_with(hands: &[(Power, &[Card])], edit: impl FnOnce(&mut Game)) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3));
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game.set_turn(2).unwrap();
    for &(power, cards) in hands {
        for &card in cards {
            game.give_card(power, card).unwrap();
        }
    }
    edit(&mut game);
    common::enter_diplomacy_after_negotiation(&mut game);
    game
}

fn diplomacy(hands: &[(Power, &[Card])]) -> Game {
    diplomacy_with(hands, |_| {})
}

fn apply(game: &mut Game, action: Action, log: &mut Vec<Event>) {
    game.apply_logged(action, log).unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Answers `done` for the declarers before `power`.
fn ask(game: &mut Game, power: Power) {
    while game.decider() != Decider::Power(power) {
        game.apply(Action::Done).expect("an earlier declarer says done");
    }
}

/// Answers `done` for every declarer left.
fn done_declaring(game: &mut Game) {
    while let Decider::Power(_) = game.decider() {
        if game.phase() != Phase::Diplomacy || !game.legal_actions().contains(&Action::Done) {
            break;
        }
        game.apply(Action::Done).unwrap();
    }
}

fn played_as_event(log: &[Event], power: Power, card: Card) -> bool {
    log.contains(&Event::CardPlayedAsEvent { power, card })
}

// --- #69 and #108: the price of an intervention (§9.6 steps 4-5) ---------------

/// #69: France pays its intervention for Scotland with Auld Alliance as
/// its event: Scotland becomes its ally, the card is discarded, France owes
/// no CP, and 3 new French regulars go to the Scottish home space it picks.
#[test]
fn auld_alliance_pays_frances_intervention_and_reinforces_scotland() {
    let mut game = diplomacy(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::AuldAlliance])]);
    ask(&mut game, Power::England);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Scotland), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::Decline, Action::Intervene, Action::PlayEvent(Card::AuldAlliance)]);
    assert!(game.can_play_event(Power::France, Card::AuldAlliance));
    apply(&mut game, Action::PlayEvent(Card::AuldAlliance), &mut log);
    assert!(played_as_event(&log, Power::France, Card::AuldAlliance));
    assert!(log.contains(&Event::Intervened {
        power: Power::France,
        minor: MinorPower::Scotland,
        declarer: Power::England
    }));
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert!(game.at_war(Power::France, Power::England));
    assert_eq!(game.phony_war(MinorPower::Scotland), Some(Power::England));
    assert!(!game.hand(Power::France).contains(Card::AuldAlliance));
    assert!(game.discard_pile().contains(Card::AuldAlliance));
    // The reinforcement: a Scottish home space France now controls.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let choices = legal(&game);
    assert!(choices.contains(&Action::Target(Space::Edinburgh)), "{choices:?}");
    assert!(choices.iter().all(|a| matches!(a, Action::Target(s) if s.home() == Faction::Scotland)));
    apply(&mut game, Action::Target(Space::Edinburgh), &mut log);
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::regulars(3));
    assert_eq!(game.validate(), Ok(()));
    // France owes nothing: only England pays, then the action phase.
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert_eq!(legal(&game), [Action::PayWith(Card::CalvinExpelled)]);
    game.apply(Action::PayWith(Card::CalvinExpelled)).unwrap();
    assert_eq!(game.phase(), Phase::Action);
}

/// #69 spent for its CP (the plain intervention, paid in step 7) gives no
/// reinforcement; another power's or another minor's card is not offered.
#[test]
fn an_intervention_paid_for_cp_brings_no_reinforcement() {
    let mut game = diplomacy(&[
        (Power::England, &[Card::CalvinExpelled]),
        (Power::France, &[Card::AuldAlliance, Card::VenetianAlliance]),
    ]);
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::VenetianAlliance)), "not Venice's card");
    game.apply(Action::Intervene).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::NONE);
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    game.apply(Action::PayWith(Card::CalvinExpelled)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    game.apply(Action::PayWith(Card::AuldAlliance)).unwrap();
    assert_eq!(game.phase(), Phase::Action);
    assert!(!game.event_played_this_turn(Card::AuldAlliance));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::NONE);

    // France's #69 does not pay for Venice: the Papacy holding it is not
    // offered its play there.
    let mut game = diplomacy(&[
        (Power::Hapsburg, &[Card::CalvinExpelled]),
        (Power::Papacy, &[Card::AuldAlliance, Card::Galleons]),
    ]);
    ask(&mut game, Power::Hapsburg);
    game.apply(Action::DeclareWar(Faction::Venice)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(legal(&game), [Action::Decline, Action::Intervene]);
}

/// #108: the Papacy pays its intervention for Venice with Venetian
/// Alliance: Venice becomes its ally, and 1 Venetian regular and 2
/// Venetian squadrons go to the Papal port it picks.
#[test]
fn venetian_alliance_pays_the_papal_intervention() {
    let mut game = diplomacy(&[(Power::Hapsburg, &[Card::CalvinExpelled]), (Power::Papacy, &[Card::VenetianAlliance])]);
    ask(&mut game, Power::Hapsburg);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Venice), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert!(legal(&game).contains(&Action::PlayEvent(Card::VenetianAlliance)));
    apply(&mut game, Action::PlayEvent(Card::VenetianAlliance), &mut log);
    assert_eq!(game.minor_ally(MinorPower::Venice), Some(Power::Papacy));
    assert!(game.at_war(Power::Papacy, Power::Hapsburg));
    let choices = legal(&game);
    assert!(choices.contains(&Action::Target(Space::Venice)), "{choices:?}");
    assert!(choices.iter().all(|a| matches!(a, Action::Target(s) if s.is_port())));
    apply(&mut game, Action::Target(Space::Venice), &mut log);
    assert_eq!(game.land_units(Space::Venice, Faction::Venice).regulars, 1);
    assert_eq!(game.naval_units(NavalLocation::Port(Space::Venice), Faction::Venice), NavalUnits::squadrons(2));
    assert_eq!(game.validate(), Ok(()));
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg), "only the Hapsburg pays");
}

/// §9.6 step 5 then #69: the displacement comes first, then the
/// reinforcement, then the segment goes on.
#[test]
fn the_reinforcement_waits_for_the_displacement() {
    let mut game =
        diplomacy_with(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::AuldAlliance])], |g| {
            g.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
            g.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(1)).unwrap();
        });
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    game.apply(Action::PlayEvent(Card::AuldAlliance)).unwrap();
    assert_eq!(game.pending().kind, DecisionKind::Displacement);
    assert_eq!(game.validate(), Ok(()));
    game.apply(Action::DisplaceTo(Space::Paris)).unwrap();
    assert_eq!(game.land_units(Space::Paris, Faction::France).regulars, 1);
    assert_eq!(game.pending().kind, DecisionKind::CardEvent);
    game.apply(Action::Target(Space::Edinburgh)).unwrap();
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::regulars(3));
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

/// With every French regular counter on the map (all in Paris), #69's
/// reinforcement has nowhere to go: the card has no further effect and
/// the segment goes on.
#[test]
fn a_reinforcement_with_no_counter_left_has_no_effect() {
    let mut game =
        diplomacy_with(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::AuldAlliance])], |g| {
            let most = (1..=60u8)
                .take_while(|&n| {
                    g.clone().set_land_units(Space::Paris, Faction::France, LandUnits::regulars(n)).is_ok()
                })
                .last()
                .expect("some French regulars fit");
            g.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(most)).unwrap();
        });
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::AuldAlliance), &mut log);
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert!(log.contains(&Event::EventNoEffect { power: Power::France, card: Card::AuldAlliance }));
    assert_eq!(game.land_units(Space::Edinburgh, Faction::France), LandUnits::NONE);
    assert_eq!(game.pending().kind, DecisionKind::DeclarationsOfWar);
    assert_eq!(game.validate(), Ok(()));
}

// --- #73 Diplomatic Marriage at the declarer's turn (ruling DU2) -----------------

/// #73 in the diplomacy phase: France, at its turn to declare, activates
/// Scotland; then it goes on declaring. The Ottoman may not play it.
#[test]
fn diplomatic_marriage_at_the_declarers_turn() {
    let game = diplomacy(&[(Power::Ottoman, &[Card::DiplomaticMarriage]), (Power::France, &[Card::Galleons])]);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::DiplomaticMarriage)));

    let mut game = diplomacy(&[(Power::France, &[Card::DiplomaticMarriage])]);
    ask(&mut game, Power::France);
    assert!(legal(&game).contains(&Action::PlayEvent(Card::DiplomaticMarriage)));
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::DiplomaticMarriage), &mut log);
    assert!(played_as_event(&log, Power::France, Card::DiplomaticMarriage));
    let choices = legal(&game);
    assert!(choices.contains(&Action::Target(Space::Edinburgh)), "{choices:?}");
    apply(&mut game, Action::Target(Space::Edinburgh), &mut log);
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert!(game.discard_pile().contains(Card::DiplomaticMarriage));
    assert_eq!(game.validate(), Ok(()));
    // France's turn goes on, the card spent.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(legal(&game).contains(&Action::Done));
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::DiplomaticMarriage)));
    done_declaring(&mut game);
    assert_eq!(game.phase(), Phase::Action);
}

/// #73 at France's turn activates Scotland while England is at war with
/// it: England may first declare war on France for free (§22.2 step 2;
/// ruling AL6); then France's turn goes on.
#[test]
fn diplomatic_marriage_at_the_declarers_turn_asks_for_free_declarations() {
    let mut game = diplomacy_with(&[(Power::France, &[Card::DiplomaticMarriage])], |g| {
        g.set_war(Power::England, MinorPower::Scotland, true).unwrap();
    });
    ask(&mut game, Power::France);
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::DiplomaticMarriage), &mut log);
    apply(&mut game, Action::Target(Space::Edinburgh), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert_eq!(game.validate(), Ok(()));
    apply(&mut game, Action::DeclareWar(Power::France.into()), &mut log);
    assert!(game.at_war(Power::England, Power::France));
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(legal(&game).contains(&Action::Done));
    done_declaring(&mut game);
    assert_eq!(game.phase(), Phase::Action);
}

/// #73 deactivates another power's ally in the diplomacy phase.
#[test]
fn diplomatic_marriage_deactivates_in_the_diplomacy_phase() {
    let mut game = diplomacy_with(&[(Power::Hapsburg, &[Card::DiplomaticMarriage])], |g| {
        g.set_alliance(Power::France, MinorPower::Genoa, true).unwrap();
    });
    ask(&mut game, Power::Hapsburg);
    game.apply(Action::PlayEvent(Card::DiplomaticMarriage)).unwrap();
    game.apply(Action::Target(Space::Genoa)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Genoa), None);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
}

// --- #73 while suing for peace (§9.3 note 1, ruling DU3) -------------------------

/// France at war with the Hapsburg, which holds Rouen (a French key, with a
/// Hapsburg regular), Dijon, Orléans and Tours, and has captured
/// Montmorency; France holds #73 and its home card.
fn france_lost_much(marriage: bool) -> Game {
    let mut hand = vec![Card::PatronOfTheArts];
    if marriage {
        hand.push(Card::DiplomaticMarriage);
    }
    diplomacy_with(&[(Power::France, &hand)], |g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        for space in [Space::Rouen, Space::Dijon, Space::Orleans, Space::Tours] {
            g.set_controller(space, Faction::Hapsburg).unwrap();
        }
        g.set_land_units(Space::Rouen, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
        g.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    })
}

/// #73 played at step 5 gives back every home space the winner holds and
/// every leader it captured, for nothing; the winner keeps only its step-2
/// VP; its units leave the spaces.
#[test]
fn diplomatic_marriage_while_suing_regains_everything_for_free() {
    let mut game = france_lost_much(true);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let mut log = Vec::new();
    apply(&mut game, Action::SueForPeace(Power::Hapsburg), &mut log);
    assert_eq!(
        legal(&game),
        [Action::Decline, Action::PlayEvent(Card::DiplomaticMarriage), Action::Regain(Space::Rouen)]
    );
    assert!(game.can_play_event(Power::France, Card::DiplomaticMarriage));
    apply(&mut game, Action::PlayEvent(Card::DiplomaticMarriage), &mut log);
    assert!(played_as_event(&log, Power::France, Card::DiplomaticMarriage));
    for space in [Space::Rouen, Space::Dijon, Space::Orleans, Space::Tours] {
        assert_eq!(game.controller(space), Faction::France, "{space}");
    }
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
    // The Hapsburg regular leaves Rouen, where its owner chooses.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::DisplaceTo(Space::Brussels), &mut log);
    assert_eq!(game.land_units(Space::Rouen, Faction::Hapsburg), LandUnits::NONE);
    assert!(!game.at_war(Power::France, Power::Hapsburg));
    assert_eq!(game.bonus_vp(Power::Hapsburg), 1, "only the War Winner VP of step 2");
    assert_eq!(game.hand(Power::France).iter().collect::<Vec<_>>(), [Card::PatronOfTheArts]);
    assert!(game.hand(Power::Hapsburg).is_empty(), "no card drawn");
    assert!(game.discard_pile().contains(Card::DiplomaticMarriage));
    assert_eq!(game.validate(), Ok(()));
}

/// Without the card, steps 5-7 ask their prices as before; with only a
/// leader to regain, #73 is offered at step 5 all the same.
#[test]
fn diplomatic_marriage_while_suing_needs_the_card_and_something_lost() {
    let mut game = france_lost_much(false);
    game.apply(Action::SueForPeace(Power::Hapsburg)).unwrap();
    assert_eq!(legal(&game), [Action::Decline, Action::Regain(Space::Rouen)]);

    let mut game = diplomacy_with(&[(Power::France, &[Card::DiplomaticMarriage])], |g| {
        g.set_war(Power::France, Power::Hapsburg, true).unwrap();
        g.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    });
    game.apply(Action::SueForPeace(Power::Hapsburg)).unwrap();
    assert_eq!(legal(&game), [Action::Decline, Action::PlayEvent(Card::DiplomaticMarriage)]);
    game.apply(Action::PlayEvent(Card::DiplomaticMarriage)).unwrap();
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
    assert!(!game.at_war(Power::France, Power::Hapsburg));
}

/// Not playable by the Ottoman (card #73).
#[test]
fn the_ottoman_never_sues_with_diplomatic_marriage() {
    let mut game = diplomacy_with(&[(Power::Ottoman, &[Card::DiplomaticMarriage])], |g| {
        g.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
        g.set_controller(Space::Edirne, Faction::Hapsburg).unwrap();
    });
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    game.apply(Action::SueForPeace(Power::Hapsburg)).unwrap();
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::DiplomaticMarriage)));
}
