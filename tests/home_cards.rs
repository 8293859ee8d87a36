//! The home cards #5 Papal Bull (its debate), #6 Leipzig Debate and #7
//! Here I Stand (both uses), through the public API with forced dice.

use here_i_stand::*;

const SEED: u64 = 7;

/// A bare 1517 board in the action phase, `power` holding `cards` and
/// deciding its impulse. No debater has arrived.
fn impulse(power: Power, cards: &[Card]) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, SEED).with_fast_play(true));
    game.set_phase(Phase::Action).unwrap();
    for &card in cards {
        game.give_card(power, card).unwrap();
    }
    game.run_automatic();
    while game.decider() != Decider::Power(power) {
        game.apply(Action::Pass).unwrap();
    }
    game
}

fn set_debaters(game: &mut Game, state: DebaterState, debaters: &[Debater]) {
    for &d in debaters {
        game.set_debater(d, state).unwrap();
    }
}

fn debates(log: &[Event]) -> Vec<Event> {
    log.iter().filter(|e| matches!(e, Event::Debate { .. })).copied().collect()
}

/// (round, attacker, defender, attacker dice, defender dice) of a debate event.
fn who(event: &Event) -> (u8, Debater, Debater, u8, u8) {
    match *event {
        Event::Debate { round, attacker, defender, attacker_dice, defender_dice, .. } => {
            (round, attacker, defender, attacker_dice.count(), defender_dice.count())
        }
        _ => panic!("not a debate: {event:?}"),
    }
}

// --- #6 Leipzig Debate ---

#[test]
fn leipzig_needs_a_debate_the_papacy_may_call() {
    let mut game = impulse(Power::Papacy, &[Card::LeipzigDebate]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck]);
    // No Protestant debater in play: no debate to call.
    assert!(!game.legal_actions().contains(&Action::PlayEvent(Card::LeipzigDebate)));
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Carlstadt]);
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::LeipzigDebate)));
    // Eck committed: no Papal attacker.
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Eck]);
    assert!(!game.legal_actions().contains(&Action::PlayEvent(Card::LeipzigDebate)));
}

#[test]
fn leipzig_lets_the_papacy_choose_its_attacker() {
    let mut game = impulse(Power::Papacy, &[Card::LeipzigDebate]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Tetzel, Debater::Luther]);
    game.apply(Action::PlayEvent(Card::LeipzigDebate)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::CallDebate(LanguageZone::German)]);
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    // Its uncommitted debaters; Luther alone cannot be kept out.
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::Decline, Action::ChooseDebater(Debater::Eck), Action::ChooseDebater(Debater::Tetzel)]
    );
    // Tetzel attacks with 1 + 3 dice, Luther defends uncommitted with 4 + 2.
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::ChooseDebater(Debater::Tetzel), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    assert_eq!(who(&debates(&log)[0]), (1, Debater::Tetzel, Debater::Luther, 4, 6));
    assert_eq!(game.debater_state(Debater::Eck), DebaterState::Uncommitted);
    // A home card: it goes to the power card, not the discard pile.
    assert!(!game.discard_pile().contains(Card::LeipzigDebate));
    assert!(game.events_played(Power::Papacy).contains(Card::LeipzigDebate));
}

#[test]
fn leipzig_keeps_a_protestant_debater_out_of_every_round() {
    let mut game = impulse(Power::Papacy, &[Card::LeipzigDebate]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther, Debater::Carlstadt]);
    game.apply(Action::PlayEvent(Card::LeipzigDebate)).unwrap();
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::ChooseDebater(Debater::Luther)));
    assert!(actions.contains(&Action::ChooseDebater(Debater::Carlstadt)));
    // Round 1: Eck 3 + 3 + 1 dice, Carlstadt uncommitted 1 + 2; a tie.
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 6, 1, 1]).unwrap();
    // Round 2: Eck again (no other Papal debater), Carlstadt again (committed, 1 + 1): Luther stays out.
    game.force_dice(&[1; 8]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::ChooseDebater(Debater::Luther), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let events = debates(&log);
    assert_eq!(who(&events[0]), (1, Debater::Eck, Debater::Carlstadt, 7, 3));
    assert_eq!(who(&events[1]), (2, Debater::Eck, Debater::Carlstadt, 6, 2));
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Uncommitted);
}

// --- #7 Here I Stand: retrieving a card ---

#[test]
fn here_i_stand_needs_luther_alive_and_a_card_to_retrieve() {
    let mut game = impulse(Power::Protestant, &[Card::HereIStand]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther]);
    let play = Action::PlayEvent(Card::HereIStand);
    // Nothing in the discard pile.
    assert!(!game.legal_actions().contains(&play));
    game.discard_card(Card::Erasmus).unwrap();
    assert!(game.legal_actions().contains(&play));
    // Never a card the Protestant itself played as an event this turn.
    game.set_event_played(Power::Protestant, Card::Erasmus, true).unwrap();
    assert!(!game.legal_actions().contains(&play));
    game.set_event_played(Power::Protestant, Card::Erasmus, false).unwrap();
    // Never a mandatory event.
    game.remove_card(Card::Erasmus).unwrap();
    game.discard_card(Card::ClementVii).unwrap();
    assert!(!game.legal_actions().contains(&play));
    game.discard_card(Card::Erasmus).unwrap();
    // Luther burned: not alive.
    game.set_debater(Debater::Luther, DebaterState::Burned).unwrap();
    assert!(!game.legal_actions().contains(&play));
}

#[test]
fn here_i_stand_retrieves_a_card_to_hold() {
    let mut game = impulse(Power::Protestant, &[Card::HereIStand]);
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Luther]);
    game.discard_card(Card::Erasmus).unwrap();
    game.discard_card(Card::ClementVii).unwrap();
    game.apply(Action::PlayEvent(Card::HereIStand)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Retrieve(Card::Erasmus)]);
    let mut log = Vec::new();
    game.apply_logged(Action::Retrieve(Card::Erasmus), &mut log).unwrap();
    assert!(log.contains(&Event::CardRetrieved { power: Power::Protestant, card: Card::Erasmus }));
    assert!(game.hand(Power::Protestant).contains(Card::Erasmus));
    assert!(!game.discard_pile().contains(Card::Erasmus));
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::Done));
    assert!(actions.contains(&Action::PlayCp(Card::Erasmus)));
    game.apply(Action::Done).unwrap();
    assert!(game.hand(Power::Protestant).contains(Card::Erasmus));
    assert_ne!(game.decider(), Decider::Power(Power::Protestant));
}

#[test]
fn here_i_stand_may_play_the_retrieved_card_for_cp() {
    let mut game = impulse(Power::Protestant, &[Card::HereIStand]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther]);
    game.discard_card(Card::Erasmus).unwrap();
    game.apply(Action::PlayEvent(Card::HereIStand)).unwrap();
    game.apply(Action::Retrieve(Card::Erasmus)).unwrap();
    game.apply(Action::PlayCp(Card::Erasmus)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert!(game.legal_actions().contains(&Action::Done));
    assert!(game.discard_pile().contains(Card::Erasmus));
    // Its CP to spend: translating scripture is one use.
    assert!(game.legal_actions().contains(&Action::TranslateScripture(LanguageZone::German)));
}

// --- #7 Here I Stand: Luther in a debate ---

/// The Papacy spending a 3 CP card on a debate, the Protestant holding
/// Here I Stand, a card in the deck for its draw.
fn papal_debate() -> Game {
    let mut game = impulse(Power::Papacy, &[Card::Erasmus]);
    game.apply(Action::PlayCp(Card::Erasmus)).unwrap();
    game.give_card(Power::Protestant, Card::HereIStand).unwrap();
    game.put_card_in_deck(Card::MachiavelliThePrince).unwrap();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Carlstadt]);
    game
}

#[test]
fn here_i_stand_puts_luther_in_even_committed() {
    let mut game = papal_debate();
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Luther]);
    // Both groups hold Protestant debaters: pick the uncommitted (Carlstadt).
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    game.apply(Action::DefenderFrom(DebaterPool::Uncommitted)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    // Here I Stand is played by choosing Luther.
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::ChooseDebater(Debater::Luther)]);
    // Eck 7 dice; Luther, committed, defends with 4 + 1.
    game.force_dice(&[1; 7]).unwrap();
    game.force_dice(&[1; 5]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::ChooseDebater(Debater::Luther), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    assert!(log.contains(&Event::CardPlayedAsEvent { power: Power::Protestant, card: Card::HereIStand }));
    assert_eq!(who(&debates(&log)[0]), (1, Debater::Eck, Debater::Luther, 7, 5));
    // The replaced debater is committed; the Protestant drew a card.
    assert_eq!(game.debater_state(Debater::Carlstadt), DebaterState::Committed);
    assert_eq!(game.hand(Power::Protestant).iter().collect::<Vec<_>>(), [Card::MachiavelliThePrince]);
    assert!(game.events_played(Power::Protestant).contains(Card::HereIStand));
}

#[test]
fn here_i_stand_is_offered_only_in_the_german_zone_with_luther_alive() {
    // French zone: no offer.
    let mut game = papal_debate();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Farel]);
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Luther]);
    game.force_dice(&[1; 10]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::French), &mut log).unwrap();
    assert_eq!(who(&debates(&log)[0]).2, Debater::Farel);
    // Luther burned: no offer.
    let mut game = papal_debate();
    game.set_debater(Debater::Luther, DebaterState::Burned).unwrap();
    game.force_dice(&[1; 10]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(who(&debates(&log)[0]).2, Debater::Carlstadt);
    // Luther is the debater already: no offer.
    let mut game = papal_debate();
    game.set_debater(Debater::Carlstadt, DebaterState::NotArrived).unwrap();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther]);
    game.force_dice(&[1; 13]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(who(&debates(&log)[0]).2, Debater::Luther);
    // Played as an event this turn: no offer.
    let mut game = papal_debate();
    game.set_event_played(Power::Protestant, Card::HereIStand, true).unwrap();
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Luther]);
    game.force_dice(&[1; 10]).unwrap();
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::DefenderFrom(DebaterPool::Uncommitted), &mut log).unwrap();
    assert_eq!(who(&debates(&log)[0]).2, Debater::Carlstadt);
}

// --- #5 Papal Bull: the debate after a reformer's excommunication ---

#[test]
fn papal_bull_may_call_a_debate_in_the_reformers_zone() {
    let mut game = impulse(Power::Papacy, &[Card::PapalBull]);
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther, Debater::Carlstadt]);
    game.apply(Action::PlayEvent(Card::PapalBull)).unwrap();
    game.apply(Action::ExcommunicateReformer(Reformer::Luther)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::CallDebate(LanguageZone::German)]);
    // Luther is off the map: Carlstadt defends (1 + 2) against Eck (7).
    game.force_dice(&[1; 10]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    assert_eq!(who(&debates(&log)[0]), (1, Debater::Eck, Debater::Carlstadt, 7, 3));
    assert_eq!(game.reformer_state(Reformer::Luther), ReformerState::Away);
}

#[test]
fn papal_bull_offers_no_debate_without_a_defender() {
    let mut game = impulse(Power::Papacy, &[Card::PapalBull]);
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    game.apply(Action::PlayEvent(Card::PapalBull)).unwrap();
    game.apply(Action::ExcommunicateReformer(Reformer::Luther)).unwrap();
    // Luther was the only German debater: the Papal impulse is over.
    assert_ne!(game.decider(), Decider::Power(Power::Papacy));
}

#[test]
fn an_excommunicated_luther_comes_in_with_here_i_stand_and_goes_back_off_map() {
    let mut game = impulse(Power::Papacy, &[Card::PapalBull]);
    game.give_card(Power::Protestant, Card::HereIStand).unwrap();
    game.put_card_in_deck(Card::MachiavelliThePrince).unwrap();
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther, Debater::Carlstadt]);
    game.apply(Action::PlayEvent(Card::PapalBull)).unwrap();
    game.apply(Action::ExcommunicateReformer(Reformer::Luther)).unwrap();
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    // Eck 7 dice, Luther (committed by the bull) 4 + 1: the Protestant wins 2-0.
    game.force_dice(&[1; 7]).unwrap();
    game.force_dice(&[6, 6, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::ChooseDebater(Debater::Luther), &mut log).unwrap();
    assert_eq!(who(&debates(&log)[0]), (1, Debater::Eck, Debater::Luther, 7, 5));
    assert_eq!(game.reformer_state(Reformer::Luther), ReformerState::Away);
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Committed);
}
