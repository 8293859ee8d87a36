//! The negotiation segment (§9.1): the deal protocol, its nine binding
//! terms (the loan's own tests are in `loans`), their limits and effects, the
//! rulebook's examples, and what each power sees of a deal.

use here_i_stand::rules::negotiation::{Deal, DealRefusal, Term, term_refusal};
use here_i_stand::rules::peace::{ceded_home_space_this_turn, may_sue};
use here_i_stand::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::common::at_negotiation;

type R = Result<(), Box<dyn std::error::Error>>;

fn at_turn_4(edit: impl FnOnce(&mut Game) -> Result<(), EditError>) -> Game {
    at_negotiation(4, edit)
}

fn apply(game: &mut Game, action: Action) {
    game.apply(action).unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Powers before `power` in the negotiation answer `done`; `power` is asked.
fn until_asked(game: &mut Game, power: Power) {
    while game.pending().kind == DecisionKind::Negotiation && game.decider() != Decider::Power(power) {
        apply(game, Action::Done);
    }
    assert_eq!(game.pending().kind, DecisionKind::Negotiation);
    assert_eq!(game.decider(), Decider::Power(power));
}

/// `from` opens a deal with `to`, adds `terms` (each must be offered) and
/// offers it: `to` is asked.
fn offer(game: &mut Game, from: Power, to: Power, terms: &[Action]) {
    until_asked(game, from);
    apply(game, Action::ProposeTo(to));
    for &term in terms {
        assert!(game.is_legal(&term), "{term} not offered");
        apply(game, term);
    }
    apply(game, Action::Offer);
    assert_eq!(game.decider(), Decider::Power(to));
    assert_eq!(game.pending().kind, DecisionKind::Deal);
}

/// `offer`, then the recipient accepts; returns the events.
fn agree(game: &mut Game, from: Power, to: Power, terms: &[Action]) -> Vec<Event> {
    offer(game, from, to, terms);
    let mut log = Vec::new();
    game.apply_logged(Action::Accept, &mut log).unwrap();
    log
}

/// `from` has opened a deal with `to`: is `term` offered?
fn offered_in_deal(game: &Game, from: Power, to: Power, term: Action) -> bool {
    let mut game = game.clone();
    until_asked(&mut game, from);
    apply(&mut game, Action::ProposeTo(to));
    game.is_legal(&term)
}

// --- The protocol ------------------------------------------------------------

#[test]
fn powers_propose_in_impulse_order_once_to_each_then_the_peace_segments() {
    let mut game = at_turn_4(|_| Ok(()));
    let mut asked = Vec::new();
    while game.pending().kind == DecisionKind::Negotiation {
        let Decider::Power(power) = game.decider() else { panic!("a power decides") };
        asked.push(power);
        // One proposal to each other power, then done.
        let partners: Vec<Power> = game
            .legal_actions()
            .iter()
            .filter_map(|a| if let Action::ProposeTo(p) = a { Some(*p) } else { None })
            .collect();
        assert_eq!(partners.len(), 5);
        apply(&mut game, Action::ProposeTo(partners[0]));
        apply(&mut game, Action::Decline);
        assert!(!game.is_legal(&Action::ProposeTo(partners[0])));
        apply(&mut game, Action::Done);
    }
    assert_eq!(asked, Power::ALL.to_vec());
    assert_eq!(game.phase(), Phase::Diplomacy);
}

#[test]
fn an_empty_deal_cannot_be_offered_and_a_rejected_deal_changes_nothing() {
    let mut game = at_turn_4(|_| Ok(()));
    until_asked(&mut game, Power::Hapsburg);
    apply(&mut game, Action::ProposeTo(Power::France));
    assert!(!game.is_legal(&Action::Offer));
    let before = game.clone();
    assert!(game.apply(Action::Offer).is_err());
    assert_eq!(game, before);
    apply(&mut game, Action::Ally);
    apply(&mut game, Action::Offer);
    let before = game.clone();
    let mut log = Vec::new();
    game.apply_logged(Action::Decline, &mut log).unwrap();
    assert!(log.contains(&Event::DealRejected { proposer: Power::Hapsburg, recipient: Power::France }));
    assert!(!game.allied(Power::Hapsburg, Power::France));
    assert_eq!(game.hand(Power::France), before.hand(Power::France));
    // Back to the Hapsburg, which may not propose to France again.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert!(!game.is_legal(&Action::ProposeTo(Power::France)));
}

#[test]
fn turn_1_has_only_englands_negotiations_hapsburg_first() {
    // §7: England negotiates with the Hapsburg and France; the Hapsburg's
    // deal is announced first.
    let mut game = at_negotiation(1, |_| Ok(()));
    assert_eq!(game.decider(), Decider::Power(Power::England));
    let mut partners: Vec<Action> = game.legal_actions().to_vec();
    partners.sort();
    assert_eq!(partners, [Action::Done, Action::ProposeTo(Power::Hapsburg), Action::ProposeTo(Power::France)]);
    apply(&mut game, Action::ProposeTo(Power::France));
    apply(&mut game, Action::Decline);
    // France's deal done, the Hapsburg's can no longer come first: the
    // segment, and turn 1's diplomacy, are over.
    assert_ne!(game.phase(), Phase::Diplomacy);
    // Proposing to the Hapsburg first leaves France open.
    let mut game = at_negotiation(1, |_| Ok(()));
    apply(&mut game, Action::ProposeTo(Power::Hapsburg));
    apply(&mut game, Action::Decline);
    assert_eq!(game.legal_actions().to_vec(), [Action::Done, Action::ProposeTo(Power::France)]);
}

#[test]
fn the_two_player_game_has_no_negotiation() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5));
    game.set_turn(2).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    assert_ne!(game.pending().kind, DecisionKind::Negotiation);
    assert_ne!(game.phase(), Phase::Diplomacy);
}

// --- 1. End a war (white peace) ----------------------------------------------

#[test]
fn a_white_peace_ends_the_war_without_war_winner_vp() {
    let mut game = at_turn_4(|g| g.set_war(Power::France, Power::Hapsburg, true));
    let vp = (game.bonus_vp(Power::France), game.bonus_vp(Power::Hapsburg));
    let log = agree(&mut game, Power::Hapsburg, Power::France, &[Action::EndWar]);
    assert!(log.contains(&Event::WhitePeace { a: Power::Hapsburg, b: Power::France }));
    assert!(!game.at_war(Power::France, Power::Hapsburg));
    assert_eq!((game.bonus_vp(Power::France), game.bonus_vp(Power::Hapsburg)), vp);
    // Peace made in this phase: no new war between them in its declarations (§9.6).
    assert!(game.made_peace_this_phase(Power::France, Power::Hapsburg));
}

#[test]
fn no_white_peace_without_a_war_nor_in_the_leagues_war() {
    let game = at_turn_4(|_| Ok(()));
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::France, Action::EndWar));
    let game = at_turn_4(|g| {
        g.set_schmalkaldic_league(true)?;
        g.set_war(Power::Hapsburg, Power::Protestant, true)
    });
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::Protestant, Action::EndWar));
    let deal = Deal::new(Power::Hapsburg, Power::Protestant);
    assert_eq!(term_refusal(&game, &deal, Term::EndWar), Some(DealRefusal::LeagueWar));
}

#[test]
fn a_white_peace_with_the_papacy_ends_the_excommunication() {
    // §9.3 step 8, which a white peace follows.
    let mut game = at_turn_4(|g| {
        g.set_war(Power::France, Power::Papacy, true)?;
        g.set_excommunicated(Ruler::FrancisI, true)
    });
    agree(&mut game, Power::France, Power::Papacy, &[Action::EndWar]);
    assert!(!game.is_excommunicated(Ruler::FrancisI));
}

// --- 2. A one-turn alliance --------------------------------------------------

#[test]
fn an_alliance_lasts_until_winter() {
    let mut game = at_turn_4(|_| Ok(()));
    agree(&mut game, Power::England, Power::France, &[Action::Ally]);
    assert!(game.allied(Power::England, Power::France));
    // It holds through the turn and ends in winter (§9.2, §19).
    // (On this bare board the Papacy wins at the victory determination
    // after winter.)
    let (mut steps, mut in_action) = (0, false);
    while game.turn() == 4 && game.outcome().is_none() && steps < 10_000 {
        if game.phase() == Phase::Action {
            in_action = true;
            assert!(game.allied(Power::England, Power::France));
        }
        let first = game.legal_actions()[0];
        apply(&mut game, first);
        steps += 1;
    }
    assert!(in_action);
    assert!(game.turn() == 5 || game.outcome().is_some());
    assert!(!game.allied(Power::England, Power::France));
}

#[test]
fn powers_at_war_ally_only_if_the_deal_ends_the_war() {
    let mut game = at_turn_4(|g| g.set_war(Power::France, Power::Hapsburg, true));
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::France, Action::Ally));
    agree(&mut game, Power::Hapsburg, Power::France, &[Action::EndWar, Action::Ally]);
    assert!(game.allied(Power::France, Power::Hapsburg));
    assert!(!game.at_war(Power::France, Power::Hapsburg));
}

#[test]
fn the_papacy_never_allies_with_the_ottoman() {
    let game = at_turn_4(|_| Ok(()));
    assert!(!offered_in_deal(&game, Power::Ottoman, Power::Papacy, Action::Ally));
    let deal = Deal::new(Power::Ottoman, Power::Papacy);
    assert_eq!(term_refusal(&game, &deal, Term::Alliance), Some(DealRefusal::PapacyOttoman));
}

#[test]
fn after_the_divorce_no_papal_hapsburg_alliance_that_turn() {
    let mut game = at_turn_4(|g| g.set_marital_status(MaritalStatus::AskForDivorce));
    assert!(offered_in_deal(&game, Power::Hapsburg, Power::Papacy, Action::Ally));
    // England comes before the Papacy; the Hapsburg before both: the
    // Hapsburg proposes after the divorce only as the recipient's turn
    // passes, so the Papacy proposes to the Hapsburg.
    agree(&mut game, Power::England, Power::Papacy, &[Action::GrantDivorce]);
    assert!(!offered_in_deal(&game, Power::Papacy, Power::Hapsburg, Action::Ally));
    let deal = Deal::new(Power::Papacy, Power::Hapsburg);
    assert_eq!(term_refusal(&game, &deal, Term::Alliance), Some(DealRefusal::DivorceGranted));
}

// --- 3. The divorce ------------------------------------------------------------

#[test]
fn the_divorce_moves_henry_to_anne_boleyn_with_a_pregnancy_roll() {
    let mut game = at_turn_4(|g| g.set_marital_status(MaritalStatus::AskForDivorce));
    let log = agree(&mut game, Power::Papacy, Power::England, &[Action::GrantDivorce]);
    assert!(log.contains(&Event::DivorceGranted));
    assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
    assert!(log.iter().any(|e| matches!(e, Event::PregnancyChart { wife: MaritalStatus::AnneBoleyn, .. })));
}

#[test]
fn no_divorce_unless_henry_asks_nor_between_other_powers() {
    let game = at_turn_4(|_| Ok(()));
    assert!(!offered_in_deal(&game, Power::Papacy, Power::England, Action::GrantDivorce));
    let game = at_turn_4(|g| g.set_marital_status(MaritalStatus::AskForDivorce));
    assert!(!offered_in_deal(&game, Power::France, Power::England, Action::GrantDivorce));
    assert!(offered_in_deal(&game, Power::England, Power::Papacy, Action::GrantDivorce));
}

// --- 4. Lift an excommunication -----------------------------------------------

#[test]
fn the_papacy_lifts_an_excommunication_without_a_card() {
    let mut game = at_turn_4(|g| {
        g.set_excommunicated(Ruler::FrancisI, true)?;
        g.give_card(Power::France, Card::Arquebusiers)
    });
    agree(&mut game, Power::France, Power::Papacy, &[Action::LiftExcommunication(Ruler::FrancisI)]);
    assert!(!game.is_excommunicated(Ruler::FrancisI));
    assert!(game.hand(Power::France).contains(Card::Arquebusiers));
}

#[test]
fn only_the_papacy_lifts_and_only_an_excommunication_there_is() {
    let game = at_turn_4(|g| g.set_excommunicated(Ruler::FrancisI, true));
    assert!(!offered_in_deal(&game, Power::France, Power::England, Action::LiftExcommunication(Ruler::FrancisI)));
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::Papacy, Action::LiftExcommunication(Ruler::FrancisI)));
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::Papacy, Action::LiftExcommunication(Ruler::CharlesV)));
}

// --- 5. Return captured leaders ------------------------------------------------

#[test]
fn a_captured_leader_returns_to_his_capital() {
    let mut game = at_turn_4(|g| g.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::England)));
    agree(&mut game, Power::England, Power::France, &[Action::FreeLeader(Leader::Montmorency)]);
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Paris));
}

#[test]
fn without_its_capital_the_owner_picks_a_friendly_home_key() -> R {
    let mut game = at_turn_4(|g| {
        g.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::England))?;
        g.set_controller(Space::Paris, Faction::Hapsburg)
    });
    agree(&mut game, Power::England, Power::France, &[Action::FreeLeader(Leader::Montmorency)]);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(game.is_legal(&Action::ReturnLeaderTo(Space::Lyon)));
    apply(&mut game, Action::ReturnLeaderTo(Space::Lyon));
    assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Space(Space::Lyon));
    Ok(())
}

#[test]
fn only_the_captor_returns_a_leader_to_his_owner() {
    let game = at_turn_4(|g| g.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Ottoman)));
    assert!(!offered_in_deal(&game, Power::England, Power::France, Action::FreeLeader(Leader::Montmorency)));
    assert!(offered_in_deal(&game, Power::Ottoman, Power::France, Action::FreeLeader(Leader::Montmorency)));
    assert!(!offered_in_deal(&game, Power::Ottoman, Power::England, Action::FreeLeader(Leader::Montmorency)));
}

// --- 6. Cede spaces --------------------------------------------------------------

#[test]
fn ceding_a_home_space_displaces_the_givers_units() -> R {
    let mut game = at_turn_4(|g| g.set_land_units(Space::Besancon, Faction::Hapsburg, LandUnits::regulars(2)));
    agree(&mut game, Power::Hapsburg, Power::France, &[Action::Cede(Space::Besancon)]);
    assert_eq!(game.controller(Space::Besancon), Faction::France);
    // §12.5: the nearest fortified space the Hapsburg controls, or a
    // capital: the Hapsburg picks.
    assert_eq!(game.pending().kind, DecisionKind::Displacement);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    let mut choices = game.legal_actions().to_vec();
    choices.sort();
    let to = [Space::Trier, Space::Valladolid, Space::Vienna].map(Action::DisplaceTo);
    assert_eq!(choices, to);
    apply(&mut game, Action::DisplaceTo(Space::Trier));
    assert!(game.land_units(Space::Besancon, Faction::Hapsburg).is_empty());
    assert_eq!(game.land_units(Space::Trier, Faction::Hapsburg), LandUnits::regulars(2));
    // The negotiation goes on: the Hapsburg may propose to others.
    assert_eq!(game.pending().kind, DecisionKind::Negotiation);
    Ok(())
}

/// The ceding example of §9.1: a power may cede another power's capital
/// that it captured, never its own.
#[test]
fn a_captured_capital_may_be_ceded_back_never_ones_own() {
    let mut game = at_turn_4(|g| g.set_controller(Space::Paris, Faction::Hapsburg));
    let deal = Deal::new(Power::France, Power::Hapsburg);
    assert_eq!(term_refusal(&game, &deal, Term::Cede(Space::Lyon)), None);
    assert_eq!(
        term_refusal(&game, &Deal::new(Power::Hapsburg, Power::France), Term::Cede(Space::Vienna)),
        Some(DealRefusal::OwnCapital)
    );
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::France, Action::Cede(Space::Vienna)));
    assert!(!offered_in_deal(&game, Power::Hapsburg, Power::France, Action::Cede(Space::Valladolid)));
    agree(&mut game, Power::Hapsburg, Power::France, &[Action::Cede(Space::Paris)]);
    assert_eq!(game.controller(Space::Paris), Faction::France);
}

#[test]
fn the_500th_limits_on_what_may_be_ceded() -> R {
    let game = at_turn_4(|g| {
        // France holds an English home space and a grey one.
        g.set_controller(Space::Calais, Faction::France)?;
        g.set_controller(Space::Metz, Faction::France)
    });
    let to_hapsburg = Deal::new(Power::France, Power::Hapsburg);
    // A third power's home space: never.
    assert_eq!(term_refusal(&game, &to_hapsburg, Term::Cede(Space::Calais)), Some(DealRefusal::NotCedable));
    // To its owner: yes; a grey space: to anyone; the giver's own home space: yes.
    assert_eq!(term_refusal(&game, &Deal::new(Power::France, Power::England), Term::Cede(Space::Calais)), None);
    assert_eq!(Space::Metz.home(), Faction::Independent);
    assert_eq!(term_refusal(&game, &to_hapsburg, Term::Cede(Space::Metz)), None);
    assert_eq!(term_refusal(&game, &to_hapsburg, Term::Cede(Space::Dijon)), None);
    // What neither party controls.
    assert_eq!(term_refusal(&game, &to_hapsburg, Term::Cede(Space::London)), Some(DealRefusal::NotControlled));
    Ok(())
}

#[test]
fn a_minors_home_space_goes_only_to_its_ally() -> R {
    let game = at_turn_4(|g| {
        g.set_alliance(Power::France, MinorPower::Scotland, true)?;
        g.set_controller(Space::Edinburgh, Faction::England)
    });
    assert_eq!(Space::Edinburgh.home(), Faction::Scotland);
    let to_france = Deal::new(Power::England, Power::France);
    assert_eq!(term_refusal(&game, &to_france, Term::Cede(Space::Edinburgh)), None);
    let to_hapsburg = Deal::new(Power::England, Power::Hapsburg);
    assert_eq!(term_refusal(&game, &to_hapsburg, Term::Cede(Space::Edinburgh)), Some(DealRefusal::NotCedable));
    Ok(())
}

#[test]
fn a_power_that_ceded_a_home_space_may_not_sue_that_power() {
    // §9.3: France, at war with the Hapsburg that holds Lyon, could sue;
    // having ceded Dijon to it in this turn's negotiation it may not.
    let mut game = at_turn_4(|g| {
        g.set_war(Power::France, Power::Hapsburg, true)?;
        g.set_controller(Space::Lyon, Faction::Hapsburg)
    });
    assert!(may_sue(&game, Power::France, Power::Hapsburg));
    agree(&mut game, Power::Hapsburg, Power::France, &[Action::Cede(Space::Dijon)]);
    assert!(ceded_home_space_this_turn(&game, Power::France, Power::Hapsburg));
    assert!(!may_sue(&game, Power::France, Power::Hapsburg));
    common_skip(&mut game);
    assert!(!game.legal_actions().iter().any(|a| matches!(a, Action::SueForPeace(_))));
}

fn common_skip(game: &mut Game) {
    crate::common::skip_negotiation(game);
}

// --- 7. Random card draws ------------------------------------------------------------

#[test]
fn up_to_two_random_card_draws_one_way_home_cards_aside() {
    let mut game = at_turn_4(|g| {
        g.give_card(Power::France, Card::Arquebusiers)?;
        g.give_card(Power::France, Card::FieldArtillery)?;
        g.give_card(Power::France, Card::MercenariesBribed)?;
        g.give_card(Power::England, Card::SiegeMining)
    });
    let france = game.hand(Power::France);
    until_asked(&mut game, Power::England);
    apply(&mut game, Action::ProposeTo(Power::France));
    apply(&mut game, Action::CardDrawFrom(Power::France));
    apply(&mut game, Action::CardDrawFrom(Power::France));
    // At most two; one way only within the deal.
    assert!(!game.is_legal(&Action::CardDrawFrom(Power::France)));
    assert!(!game.is_legal(&Action::CardDrawFrom(Power::England)));
    apply(&mut game, Action::Offer);
    let mut log = Vec::new();
    game.apply_logged(Action::Accept, &mut log).unwrap();
    assert!(log.contains(&Event::CardDrawsGiven { giver: Power::France, receiver: Power::England, count: 2 }));
    assert_eq!(game.hand(Power::France).len(), france.len() - 2);
    assert_eq!(game.hand(Power::England).len(), 3);
    // France's own turn: it may not be given cards back this turn.
    until_asked(&mut game, Power::France);
    apply(&mut game, Action::ProposeTo(Power::England));
    assert!(!game.is_legal(&Action::CardDrawFrom(Power::England)));
    let deal = Deal::new(Power::France, Power::England);
    assert_eq!(term_refusal(&game, &deal, Term::Card { giver: Power::England }), Some(DealRefusal::BothWays));
}

#[test]
fn no_card_draw_from_a_hand_of_home_cards() {
    let game = at_turn_4(|g| g.give_card(Power::France, Card::PatronOfTheArts));
    assert_eq!(Card::PatronOfTheArts.kind(), CardKind::Home);
    assert!(!offered_in_deal(&game, Power::England, Power::France, Action::CardDrawFrom(Power::France)));
}

// --- 8. Mercenaries ---------------------------------------------------------------------

#[test]
fn mercenaries_go_to_the_receivers_capital() -> R {
    let mut units = LandUnits::regulars(1);
    units.mercenaries = 2;
    let mut game = at_turn_4(|g| g.set_land_units(Space::Lyon, Faction::France, units));
    let log = agree(
        &mut game,
        Power::England,
        Power::France,
        &[Action::GiveMercenaryIn(Space::Lyon), Action::GiveMercenaryIn(Space::Lyon)],
    );
    assert!(log.contains(&Event::MercenariesGiven { giver: Power::France, receiver: Power::England, count: 2 }));
    assert_eq!(game.land_units(Space::Lyon, Faction::France), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::London, Faction::England).mercenaries, 2);
    Ok(())
}

#[test]
fn no_mercenaries_to_the_ottoman_nor_beyond_those_there_nor_to_a_lost_capital() -> R {
    let mut units = LandUnits::NONE;
    units.mercenaries = 1;
    let game = at_turn_4(|g| g.set_land_units(Space::Lyon, Faction::France, units));
    assert!(!offered_in_deal(&game, Power::Ottoman, Power::France, Action::GiveMercenaryIn(Space::Lyon)));
    let mut deal = Deal::new(Power::England, Power::France);
    let one = Term::Mercenary { giver: Power::France, space: Space::Lyon };
    assert_eq!(term_refusal(&game, &deal, one), None);
    deal.add(one);
    assert_eq!(term_refusal(&game, &deal, one), Some(DealRefusal::NoMercenary));
    let lost = at_turn_4(|g| {
        g.set_land_units(Space::Lyon, Faction::France, units)?;
        g.set_controller(Space::London, Faction::Hapsburg)
    });
    let deal = Deal::new(Power::England, Power::France);
    assert_eq!(term_refusal(&lost, &deal, one), Some(DealRefusal::NoPlacement));
    Ok(())
}

#[test]
fn the_protestant_places_them_in_one_electorate_of_its_choice() -> R {
    let mut units = LandUnits::NONE;
    units.mercenaries = 2;
    let mut game = at_turn_4(|g| {
        g.set_land_units(Space::Lyon, Faction::France, units)?;
        g.set_schmalkaldic_league(true)?;
        g.set_controller(Space::Wittenberg, Faction::Protestant)?;
        g.set_controller(Space::Brandenburg, Faction::Protestant)
    });
    agree(
        &mut game,
        Power::France,
        Power::Protestant,
        &[Action::GiveMercenaryIn(Space::Lyon), Action::GiveMercenaryIn(Space::Lyon)],
    );
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let mut choices = game.legal_actions().to_vec();
    choices.sort();
    assert_eq!(choices, [Action::PlaceAt(Space::Brandenburg), Action::PlaceAt(Space::Wittenberg)]);
    apply(&mut game, Action::PlaceAt(Space::Brandenburg));
    assert_eq!(game.land_units(Space::Brandenburg, Faction::Protestant).mercenaries, 2);
    Ok(())
}

/// §21.6: before the Schmalkaldic League the Protestant gains neither
/// mercenaries nor spaces, by a deal as by anything else.
#[test]
fn before_the_league_the_protestant_gains_no_mercenaries_or_spaces() -> R {
    let mut units = LandUnits::NONE;
    units.mercenaries = 1;
    let game = at_turn_4(|g| {
        g.set_land_units(Space::Lyon, Faction::France, units)?;
        g.set_controller(Space::Wittenberg, Faction::Protestant)
    });
    let deal = Deal::new(Power::France, Power::Protestant);
    let mercenary = Term::Mercenary { giver: Power::France, space: Space::Lyon };
    assert_eq!(term_refusal(&game, &deal, mercenary), Some(DealRefusal::BeforeLeague));
    assert_eq!(term_refusal(&game, &deal, Term::Cede(Space::Lyon)), Some(DealRefusal::BeforeLeague));
    // The Protestant may still give a space away.
    assert_eq!(term_refusal(&game, &Deal::new(Power::Protestant, Power::France), Term::Cede(Space::Wittenberg)), None);
    Ok(())
}

// --- All or nothing, and what each power sees --------------------------------------

#[test]
fn terms_are_checked_again_in_order_when_they_take_effect() -> R {
    // Mercenaries for England may go to London only because the same deal
    // gives London back first (control before mercenaries, §9.1).
    let mut units = LandUnits::NONE;
    units.mercenaries = 1;
    let mut game = at_turn_4(|g| {
        g.set_controller(Space::London, Faction::France)?;
        g.set_land_units(Space::Lyon, Faction::France, units)
    });
    assert!(!offered_in_deal(&game, Power::England, Power::France, Action::GiveMercenaryIn(Space::Lyon)));
    agree(
        &mut game,
        Power::England,
        Power::France,
        &[Action::Cede(Space::London), Action::GiveMercenaryIn(Space::Lyon)],
    );
    assert_eq!(game.controller(Space::London), Faction::England);
    assert_eq!(game.land_units(Space::London, Faction::England).mercenaries, 1);
    Ok(())
}

#[test]
fn a_deal_failing_a_term_when_it_takes_effect_changes_nothing() -> R {
    // England's land counters are all on the map: the mercenary France
    // gives cannot be placed, so neither is the alliance of the same deal
    // formed (all or nothing, ruling NG5).
    let mut units = LandUnits::NONE;
    units.mercenaries = 1;
    let mut game = at_turn_4(|g| g.set_land_units(Space::Lyon, Faction::France, units));
    let mut most = 0;
    for n in 1..=60 {
        if game.set_land_units(Space::York, Faction::England, LandUnits::regulars(n)).is_err() {
            break;
        }
        most = n;
    }
    game.set_land_units(Space::York, Faction::England, LandUnits::regulars(most))?;
    offer(&mut game, Power::England, Power::France, &[Action::Ally, Action::GiveMercenaryIn(Space::Lyon)]);
    let before = (game.land_units(Space::Lyon, Faction::France), game.land_units(Space::London, Faction::England));
    let mut log = Vec::new();
    game.apply_logged(Action::Accept, &mut log)?;
    assert!(log.contains(&Event::DealFailed { proposer: Power::England, recipient: Power::France }));
    assert!(!game.allied(Power::England, Power::France));
    assert_eq!(
        (game.land_units(Space::Lyon, Faction::France), game.land_units(Space::London, Faction::England)),
        before
    );
    assert_eq!(game.pending().kind, DecisionKind::Negotiation);
    Ok(())
}

#[test]
fn an_offered_deal_is_seen_by_both_parties_an_accepted_one_by_all() {
    let mut game = at_turn_4(|g| g.give_card(Power::France, Card::Arquebusiers));
    until_asked(&mut game, Power::England);
    apply(&mut game, Action::ProposeTo(Power::France));
    apply(&mut game, Action::Ally);
    apply(&mut game, Action::CardDrawFrom(Power::France));
    let terms = |game: &Game, viewer: Power| game.observation(viewer).board().pending_deal().map(|d| d.to_string());
    // Being built: the proposer's only.
    assert_eq!(terms(&game, Power::England).as_deref(), Some("ally for the turn; 1 random card draw(s) from France"));
    assert_eq!(terms(&game, Power::France).as_deref(), Some("nothing"));
    apply(&mut game, Action::Offer);
    assert_eq!(terms(&game, Power::France).as_deref(), Some("ally for the turn; 1 random card draw(s) from France"));
    assert_eq!(terms(&game, Power::Papacy).as_deref(), Some("nothing"));
    // A determinized observation is consistent with it.
    for viewer in [Power::France, Power::Papacy] {
        let seen = game.observation(viewer);
        let guess = seen.determinize(&mut Pcg64Mcg::seed_from_u64(3));
        assert_eq!(guess.observation(viewer), seen);
    }
    // Accepted: its terms are in the public log, not the card drawn.
    let mut log = Vec::new();
    game.apply_logged(Action::Accept, &mut log).unwrap();
    let accepted = log.iter().find_map(|e| if let Event::DealAccepted { deal } = e { Some(*deal) } else { None });
    assert_eq!(accepted.map(|d| (d.alliance, d.cards)), Some((true, 1)));
    assert!(!log.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
    assert!(game.hand(Power::England).contains(Card::Arquebusiers));
}

// --- The rulebook's example (turn 4) -------------------------------------------------

/// §9.1's negotiation example, turn 4: the Hapsburg allies with France and
/// with the Papacy; all French and Papal squadrons are loaned to the
/// Hapsburg, each to the nearest Hapsburg port with a Loaned marker; it
/// gives Besançon to France (its troops there go to Antwerp) and a random
/// card draw to the Papacy. England and the Protestant agree nothing
/// binding.
#[test]
fn the_turn_4_negotiation_example() -> R {
    use here_i_stand::rules::loans::loan_ports;
    let mut game = at_turn_4(|g| {
        g.set_land_units(Space::Besancon, Faction::Hapsburg, LandUnits::regulars(2))?;
        // In the example's position Antwerp is the Hapsburg's nearest
        // fortified space to Besançon: here Trier, nearer, is not its.
        g.set_controller(Space::Trier, Faction::Independent)?;
        g.give_card(Power::Hapsburg, Card::Arquebusiers)?;
        g.give_card(Power::Hapsburg, Card::HolyRomanEmperor)?;
        // The French and Papal fleets.
        g.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(2))?;
        g.set_naval_units(NavalLocation::Port(Space::Brest), Faction::France, NavalUnits::squadrons(1))?;
        g.set_naval_units(NavalLocation::Port(Space::Ancona), Faction::Papacy, NavalUnits::squadrons(1))
    });
    // The Ottoman has no interest in negotiating.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    apply(&mut game, Action::Done);
    let lend = Action::LendSquadronIn;
    agree(
        &mut game,
        Power::Hapsburg,
        Power::France,
        &[
            Action::Ally,
            lend(Space::Marseille),
            lend(Space::Marseille),
            lend(Space::Brest),
            Action::Cede(Space::Besancon),
        ],
    );
    // The Marseille squadrons: four Hapsburg ports are one sea zone away;
    // the Hapsburg picks (docs/rulings.md LN4). Brest's go to Corunna.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    let gulf = [Space::Barcelona, Space::Cartagena, Space::Palma, Space::Valencia];
    let mut choices = game.legal_actions().to_vec();
    choices.sort();
    let mut expected: Vec<Action> = gulf.iter().map(|&s| Action::PlaceAt(s)).collect();
    expected.sort();
    assert_eq!(choices, expected);
    apply(&mut game, Action::PlaceAt(Space::Barcelona));
    // Besançon becomes French; the Hapsburg troops there go to Antwerp,
    // one of the equally near spaces the Hapsburg may pick (§12.5).
    assert_eq!(game.pending().kind, DecisionKind::Displacement);
    apply(&mut game, Action::DisplaceTo(Space::Antwerp));
    agree(
        &mut game,
        Power::Hapsburg,
        Power::Papacy,
        &[Action::Ally, lend(Space::Ancona), Action::CardDrawFrom(Power::Hapsburg)],
    );
    // England's talks with the Protestant change nothing binding.
    apply(&mut game, Action::Done);
    assert!(game.allied(Power::Hapsburg, Power::France));
    assert!(game.allied(Power::Hapsburg, Power::Papacy));
    assert!(!game.allied(Power::France, Power::Papacy));
    // Every French and Papal squadron is the Hapsburg's for the turn, in
    // the nearest Hapsburg port: across the Gulf of Lyon from Marseille,
    // the Bay of Biscay from Brest, the Adriatic from Ancona.
    assert_eq!(loan_ports(&game, Power::Hapsburg, Space::Marseille).iter().collect::<Vec<_>>(), gulf);
    let hapsburg_port = |space: Space| NavalLocation::Port(space);
    for (space, lender, n) in [
        (Space::Barcelona, Faction::France, 2),
        (Space::Corunna, Faction::France, 1),
        (Space::Trieste, Faction::Papacy, 1),
    ] {
        assert_eq!(game.naval_units(hapsburg_port(space), Faction::Hapsburg), NavalUnits::squadrons(n));
        assert_eq!(game.loaned_squadrons(hapsburg_port(space), Power::Hapsburg, lender), n);
    }
    for faction in [Faction::France, Faction::Papacy] {
        assert_eq!(game.naval_stacks().filter(|&(_, f, _)| f == faction).count(), 0, "{faction} ships left");
    }
    assert_eq!(game.controller(Space::Besancon), Faction::France);
    assert_eq!(game.land_units(Space::Antwerp, Faction::Hapsburg), LandUnits::regulars(2));
    // The Papacy drew Arquebusiers, never the Hapsburg home card.
    assert_eq!(game.hand(Power::Hapsburg).iter().collect::<Vec<_>>(), [Card::HolyRomanEmperor]);
    assert!(game.hand(Power::Papacy).contains(Card::Arquebusiers));
    Ok(())
}

// --- Saved games ------------------------------------------------------------------

#[cfg(feature = "serde")]
#[test]
fn a_game_saved_mid_deal_reads_back_and_a_bad_deal_is_refused() {
    let mut game = at_turn_4(|g| g.give_card(Power::France, Card::Arquebusiers));
    until_asked(&mut game, Power::England);
    apply(&mut game, Action::ProposeTo(Power::France));
    apply(&mut game, Action::Ally);
    apply(&mut game, Action::CardDrawFrom(Power::France));
    apply(&mut game, Action::Offer);
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    // Three card draws in one deal: over the limit, refused on loading.
    let bad = text.replace("\"cards\":1", "\"cards\":3");
    assert_ne!(bad, text);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
    // A record of this phase's deals outside the diplomacy phase: refused.
    let mut action = Game::empty(Setup::new(Scenario::Y1517, 2));
    action.set_phase(Phase::Action).unwrap();
    let mut value = serde_json::to_value(&action).unwrap();
    assert!(serde_json::from_value::<Game>(value.clone()).is_ok());
    value["negotiated"]["divorce"] = serde_json::json!(true);
    assert!(serde_json::from_value::<Game>(value).is_err());
}

/// Deals a person can read (issue #34 item 3): the pending decision holds
/// the deal offered, and its terms read with who gives what to whom; a
/// power not party to it sees an empty deal.
#[test]
fn the_offered_deal_reads_who_gives_what_to_whom() {
    let mut game = at_turn_4(|g| g.set_war(Power::France, Power::Hapsburg, true));
    offer(&mut game, Power::Hapsburg, Power::France, &[Action::EndWar, Action::Cede(Space::Besancon)]);
    let deal = game.pending().deal.expect("the deal is in the pending decision");
    assert_eq!((deal.proposer, deal.recipient), (Power::Hapsburg, Power::France));
    let ceded = format!("Hapsburg cedes {} to France", Space::Besancon);
    assert_eq!(deal.describe(&game), ["Hapsburg and France end their war".to_string(), ceded.clone()]);
    // France, asked, sees the terms; England sees an empty deal.
    let france = game.observation(Power::France);
    assert_eq!(
        france.board().pending().deal.map(|d| d.describe(france.board())),
        Some(vec!["Hapsburg and France end their war".to_string(), ceded])
    );
    let england = game.observation(Power::England);
    assert_eq!(england.board().pending_deal().map(|d| d.describe(england.board()).len()), Some(0));
}
