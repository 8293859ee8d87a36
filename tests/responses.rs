//! Response cards played as events in the player's own impulse (§6.1):
//! #33 Landsknechts, #36 Swiss Mercenaries, #38 Halley's Comet
//! (`src/events/responses.rs`).

use crate::common;

use common::{action_phase, apply, legal};
use here_i_stand::*;

/// `power` plays `card` as its event in the action phase under way (the
/// powers before it pass); returns what happened.
fn play_event(game: &mut Game, power: Power, card: Card) -> Vec<Event> {
    game.give_card(power, card).unwrap();
    common::to_impulse(game, power);
    let mut log = Vec::new();
    apply(game, Action::PlayEvent(card), &mut log);
    log
}

fn mercenaries(game: &Game, space: Space, faction: Faction) -> u8 {
    game.land_units(space, faction).mercenaries
}

// --- #33 Landsknechts -------------------------------------------------------

#[test]
fn landsknechts_gives_the_hapsburg_four_mercenaries_beside_friendly_units() {
    let mut game = action_phase(1);
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Prague, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    play_event(&mut game, Power::Hapsburg, Card::Landsknechts);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::PlaceAt(Space::Prague), Action::PlaceAt(Space::Vienna)]);
    let mut log = Vec::new();
    for space in [Space::Vienna, Space::Vienna, Space::Prague, Space::Vienna] {
        apply(&mut game, Action::PlaceAt(space), &mut log);
    }
    assert_eq!(mercenaries(&game, Space::Vienna, Faction::Hapsburg), 3);
    assert_eq!(mercenaries(&game, Space::Prague, Faction::Hapsburg), 1);
    // Four placed, the event is over: the next impulse.
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.discard_pile().contains(Card::Landsknechts));
}

#[test]
fn landsknechts_gives_other_powers_two_and_skips_besieged_stacks() {
    let mut game = action_phase(1);
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(1)).unwrap();
    game.set_besieged_units(Space::Lyon, Faction::France, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Lyon, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    play_event(&mut game, Power::France, Card::Landsknechts);
    // Lyon's French stack is under siege: no mercenary goes there.
    assert_eq!(legal(&game), [Action::PlaceAt(Space::Paris)]);
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::Paris), &mut log);
    apply(&mut game, Action::PlaceAt(Space::Paris), &mut log);
    assert_eq!(mercenaries(&game, Space::Paris, Faction::France), 2);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

#[test]
fn landsknechts_may_join_an_allys_stack() {
    let mut game = action_phase(1);
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    play_event(&mut game, Power::France, Card::Landsknechts);
    // "Friendly" units are the power's own or an ally's (§2 glossary).
    assert_eq!(legal(&game), [Action::PlaceAt(Space::Rome)]);
}

/// Ruling RB1: never beside an enemy's units in the open (France's ally
/// Papacy shares Vienna with Hapsburg units it is at peace with; France
/// is at war with the Hapsburg), where no battle would follow.
#[test]
fn landsknechts_never_joins_enemies_in_the_open() {
    let mut game = action_phase(1);
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Vienna, Faction::Papacy, LandUnits::mercenaries(1)).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    play_event(&mut game, Power::France, Card::Landsknechts);
    assert_eq!(legal(&game), [Action::PlaceAt(Space::Rome)]);
}

/// §21.6: before the Schmalkaldic League the Protestant never gains
/// mercenaries, even beside an ally's units; after it, it may.
#[test]
fn landsknechts_gives_the_protestant_nothing_before_the_league() {
    let mut game = action_phase(1);
    game.set_alliance(Power::Protestant, Power::Papacy, true).unwrap();
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    game.give_card(Power::Protestant, Card::Landsknechts).unwrap();
    game.give_card(Power::Protestant, Card::SwissMercenaries).unwrap();
    common::to_impulse(&mut game, Power::Protestant);
    let mut after = game.clone();
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::Landsknechts)));
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::SwissMercenaries)));
    after.set_schmalkaldic_league(true).unwrap();
    assert!(legal(&after).contains(&Action::PlayEvent(Card::Landsknechts)));
}

#[test]
fn landsknechts_lets_the_ottoman_eliminate_two_mercenaries_anywhere() {
    let mut game = action_phase(1);
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::mercenaries(3)).unwrap();
    game.set_besieged_units(Space::Paris, Faction::France, LandUnits::mercenaries(1)).unwrap();
    let log = play_event(&mut game, Power::Ottoman, Card::Landsknechts);
    assert!(log.contains(&Event::CardPlayedAsEvent { power: Power::Ottoman, card: Card::Landsknechts }));
    assert_eq!(legal(&game), [Action::RemoveUnitIn(Space::Paris), Action::RemoveUnitIn(Space::Vienna)]);
    let mut log = Vec::new();
    apply(&mut game, Action::RemoveUnitIn(Space::Vienna), &mut log);
    apply(&mut game, Action::RemoveUnitIn(Space::Paris), &mut log);
    assert_eq!(mercenaries(&game, Space::Vienna, Faction::Hapsburg), 2);
    assert_eq!(mercenaries(&game, Space::Paris, Faction::France), 0);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
}

#[test]
fn landsknechts_is_not_offered_with_nowhere_to_use_it() {
    let mut game = action_phase(1);
    game.give_card(Power::Ottoman, Card::Landsknechts).unwrap();
    // No mercenary on the map to eliminate.
    assert!(!legal(&game).contains(&Action::PlayEvent(Card::Landsknechts)));
    assert!(legal(&game).contains(&Action::PlayCp(Card::Landsknechts)));
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::mercenaries(1)).unwrap();
    assert!(legal(&game).contains(&Action::PlayEvent(Card::Landsknechts)));
    // France with no land units on the map has nowhere to place them.
    assert!(!game.can_play_event(Power::France, Card::Landsknechts));
}

#[test]
fn landsknechts_stops_at_the_counter_mix() {
    let mut game = action_phase(1);
    // The Papacy's mercenaries (§5.2): fill its counters but one.
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    let mut n = 0;
    while game.set_land_units(Space::Ravenna, Faction::Papacy, LandUnits::mercenaries(n + 1)).is_ok() {
        n += 1;
    }
    game.set_land_units(Space::Ravenna, Faction::Papacy, LandUnits::mercenaries(n - 1)).unwrap();
    play_event(&mut game, Power::Papacy, Card::Landsknechts);
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::Ravenna), &mut log);
    // The second has no counter left: the event ends.
    assert_eq!(mercenaries(&game, Space::Ravenna, Faction::Papacy), n);
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
}

#[test]
fn mary_i_forbids_englands_response_cards_as_events() {
    let mut game = action_phase(1);
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(1)).unwrap();
    game.give_card(Power::England, Card::Landsknechts).unwrap();
    assert!(game.can_play_event(Power::England, Card::Landsknechts));
    game.set_ruler(Power::England, Ruler::MaryI).unwrap();
    assert!(!game.can_play_event(Power::England, Card::Landsknechts));
}

// --- #36 Swiss Mercenaries --------------------------------------------------

#[test]
fn swiss_mercenaries_played_by_the_ottoman_gives_france_four() {
    let mut game = action_phase(1);
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(1)).unwrap();
    play_event(&mut game, Power::Ottoman, Card::SwissMercenaries);
    // The French player places them.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let mut log = Vec::new();
    for _ in 0..4 {
        apply(&mut game, Action::PlaceAt(Space::Paris), &mut log);
    }
    assert_eq!(mercenaries(&game, Space::Paris, Faction::France), 4);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
}

#[test]
fn swiss_mercenaries_played_by_another_power_gives_it_two() {
    let mut game = action_phase(1);
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(1)).unwrap();
    play_event(&mut game, Power::England, Card::SwissMercenaries);
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::London), &mut log);
    apply(&mut game, Action::PlaceAt(Space::London), &mut log);
    assert_eq!(mercenaries(&game, Space::London, Faction::England), 2);
    assert_eq!(game.decider(), Decider::Power(Power::France));
}

#[test]
fn swiss_mercenaries_needs_somewhere_to_place() {
    let mut game = action_phase(1);
    game.give_card(Power::Ottoman, Card::SwissMercenaries).unwrap();
    // France has no land units on the map.
    assert!(!game.can_play_event(Power::Ottoman, Card::SwissMercenaries));
    game.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(1)).unwrap();
    assert!(game.can_play_event(Power::Ottoman, Card::SwissMercenaries));
}

// --- #38 Halley's Comet ------------------------------------------------------

#[test]
fn halleys_comet_discards_a_random_card_from_another_hand() {
    let mut game = action_phase(5);
    for card in [Card::Erasmus, Card::Copernicus, Card::Michelangelo] {
        game.give_card(Power::Papacy, card).unwrap();
    }
    // A hand of only its home card is no target: home cards are ignored
    // in random draws (§6.1).
    game.give_card(Power::France, Card::PatronOfTheArts).unwrap();
    play_event(&mut game, Power::Ottoman, Card::HalleysComet);
    let actions = legal(&game);
    // Hands of no cards are not targets of (a); every other power of (b).
    assert!(actions.contains(&Action::RandomDiscard(Power::Papacy)));
    assert!(!actions.contains(&Action::RandomDiscard(Power::France)));
    assert!(!actions.contains(&Action::SkipImpulse(Power::Ottoman)));
    assert_eq!(actions.iter().filter(|a| matches!(a, Action::SkipImpulse(_))).count(), 5);
    let mut log = Vec::new();
    apply(&mut game, Action::RandomDiscard(Power::Papacy), &mut log);
    assert_eq!(game.hand(Power::Papacy).len(), 2);
    assert!(game.hand(Power::France).contains(Card::PatronOfTheArts));
    let Some(Event::CardDiscarded { power: Power::Papacy, card }) =
        log.iter().find(|e| matches!(e, Event::CardDiscarded { .. })).copied()
    else {
        panic!("a discard: {log:?}")
    };
    assert!(game.discard_pile().contains(card));
    // Removed from the game once played (card text).
    assert!(game.removed_cards().contains(Card::HalleysComet));
}

#[test]
fn halleys_comet_skips_the_next_impulse_without_a_pass() {
    let mut game = action_phase(5);
    play_event(&mut game, Power::Ottoman, Card::HalleysComet);
    let mut log = Vec::new();
    apply(&mut game, Action::SkipImpulse(Power::Hapsburg), &mut log);
    assert!(log.contains(&Event::ImpulseToSkip(Power::Hapsburg)));
    // The Hapsburg's impulse comes next and is skipped: England decides.
    assert!(log.contains(&Event::ImpulseSkipped(Power::Hapsburg)));
    assert!(!log.contains(&Event::Passed(Power::Hapsburg)));
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.impulses_to_skip().is_empty());
}

#[test]
fn a_skipped_impulse_does_not_count_toward_the_passes() {
    // Five powers pass; the sixth is skipped: it has not passed, so the
    // phase goes on until it passes too (§11.1).
    let mut game = action_phase(5);
    game.set_impulse_to_skip(Power::Protestant, true).unwrap();
    for _ in 0..5 {
        game.apply(Action::Pass).unwrap();
    }
    // The Protestant was skipped; the Ottoman decides again.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    for _ in 0..5 {
        game.apply(Action::Pass).unwrap();
        assert_eq!(game.phase(), Phase::Action);
    }
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    game.apply(Action::Pass).unwrap();
    // The action phase is over (winter and the next turn ran on their own).
    assert_eq!(game.turn(), 2);
}

#[test]
fn only_powers_taking_impulses_can_be_made_to_skip() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1).with_fast_play(true));
    assert_eq!(game.set_impulse_to_skip(Power::France, true), Err(EditError::NoImpulses(Power::France)));
    assert!(game.set_impulse_to_skip(Power::Papacy, true).is_ok());
}
