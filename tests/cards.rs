//! Card facts (§6), pinned against his-cards.json and the rulebook's counts.

use here_i_stand::data::cards::{Entry, Removal};
use here_i_stand::{Card, CardKind, Power};

fn main_deck() -> impl Iterator<Item = Card> {
    Card::ALL.into_iter().filter(|c| c.is_main_deck())
}

#[test]
fn counts_by_kind() {
    let count = |kind| main_deck().filter(|c| c.kind() == kind).count();
    assert_eq!(main_deck().count(), 116);
    assert_eq!(count(CardKind::Home), 7);
    assert_eq!(count(CardKind::Mandatory), 19);
    assert_eq!(count(CardKind::Combat), 7);
    assert_eq!(count(CardKind::Response), 9);
    assert_eq!(count(CardKind::Event), 74);
    let diplomacy: Vec<Card> = Card::ALL.into_iter().filter(|c| c.kind() == CardKind::Diplomacy).collect();
    assert_eq!(diplomacy.len(), 19);
    assert_eq!(diplomacy.iter().map(|c| c.number()).collect::<Vec<_>>(), (201..=219).collect::<Vec<_>>());
}

#[test]
fn numbers_are_contiguous_and_round_trip() {
    for (i, card) in main_deck().enumerate() {
        assert_eq!(usize::from(card.number()), i + 1);
    }
    for card in Card::ALL {
        assert_eq!(Card::from_number(card.number()), Some(card));
    }
    assert_eq!(Card::from_number(0), None);
    assert_eq!(Card::from_number(117), None);
    assert_eq!(Card::from_number(220), None);
}

#[test]
fn home_cards_and_owners() {
    let homes: Vec<(u16, Option<Power>)> =
        main_deck().filter(|c| c.kind() == CardKind::Home).map(|c| (c.number(), c.owner())).collect();
    assert_eq!(
        homes,
        vec![
            (1, Some(Power::Ottoman)),
            (2, Some(Power::Hapsburg)),
            (3, Some(Power::England)),
            (4, Some(Power::France)),
            (5, Some(Power::Papacy)),
            (6, Some(Power::Papacy)),
            (7, Some(Power::Protestant)),
        ]
    );
}

#[test]
fn entry_turns() {
    // §6.2: 42 cards held back: 36 by turn number, 2 conditional (turn 6), 4 variable.
    let by_turn = |t: u8| main_deck().filter(|c| c.entry() == Entry::Turn(t)).count();
    assert_eq!(by_turn(1), 74);
    assert_eq!(by_turn(3), 10);
    assert_eq!(by_turn(4), 11);
    assert_eq!(by_turn(5), 7);
    assert_eq!(by_turn(6), 6);
    assert_eq!(by_turn(7), 2);
    assert_eq!(main_deck().filter(|c| c.entry() == Entry::TurnIf(6)).count(), 2);
    let variable: Vec<u16> = main_deck().filter(|c| c.entry() == Entry::Variable).map(|c| c.number()).collect();
    assert_eq!(variable, vec![23, 62, 63, 64]);
    // Copernicus enters on turn 5 (rulings.md).
    assert_eq!(Card::Copernicus.entry(), Entry::Turn(5));
    assert_eq!(Card::ScotsRaid.entry(), Entry::Turn(3));
}

#[test]
fn cp_values() {
    assert_eq!(Card::Janissaries.cp(), 5);
    assert_eq!(Card::Luthers95Theses.cp(), 0);
    assert_eq!(Card::Luthers95Theses.kind(), CardKind::Mandatory);
    let total: u32 = main_deck().map(|c| u32::from(c.cp())).sum();
    // Sum of the printed CP of #1-#116 per his-cards.json.
    assert_eq!(total, 12 + 42 * 2 + 31 * 3 + 14 * 4 + 15 * 5 + 6);
}

#[test]
fn scenario_exclusions() {
    let not_1532: Vec<u16> = main_deck().filter(|c| c.not_in_1532()).map(|c| c.number()).collect();
    assert_eq!(not_1532, vec![8, 9, 10, 11, 13, 38, 39, 41, 43, 78, 83, 85, 88, 95, 96, 112, 113]);
    assert_eq!(main_deck().filter(|c| !c.not_in_two_player()).count(), 67);
    assert_eq!(Card::CouncilOfTrent.removal(), Removal::Kept);
    assert_eq!(Card::MasterOfItaly.removal(), Removal::Kept);
    assert_eq!(Card::SchmalkaldicLeague.removal(), Removal::Conditional);
}
