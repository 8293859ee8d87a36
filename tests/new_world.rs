//! The New World (§20): the setups, the Colonize / Explore / Conquer
//! actions, the New World phase, the riches at the card draw, and the New
//! World cards, through the public API.

use crate::common;

use common::{apply, board, impulse, legal};
use here_i_stand::rules::new_world::{
    ConquistadorAt, ExplorerAt, Governor, Holding, Riches, RichesColumn, Voyage, riches,
};
use here_i_stand::*;

/// A bare board at the start of the New World phase (nothing underway).
fn new_world_phase(seed: u64) -> Game {
    let mut game = board(seed);
    game.set_phase(Phase::NewWorld).unwrap();
    game
}

/// Runs the phase's automatic steps, returning what happened.
fn run(game: &mut Game) -> Vec<Event> {
    let mut log = Vec::new();
    game.run_automatic_logged(&mut log);
    log
}

/// The explorations rolled, in order: (explorer, modified roll).
fn explorations(log: &[Event]) -> Vec<(Explorer, i8)> {
    log.iter()
        .filter_map(|e| match *e {
            Event::Exploration { explorer, roll, .. } => Some((explorer, roll)),
            _ => None,
        })
        .collect()
}

/// Only `keep` is left in his power's pool: the draw is his.
fn only_explorer(game: &mut Game, keep: Explorer) {
    for e in Explorer::ALL {
        if e.power() == keep.power() && e != keep && game.explorer_at(e) == ExplorerAt::Pool {
            game.set_explorer_at(e, ExplorerAt::Removed).unwrap();
        }
    }
}

// --- Setups -------------------------------------------------------------

#[test]
fn in_1517_the_hapsburg_sails_on_turn_1_and_may_not_explore_or_conquer_again() {
    let game = Game::at_start(Setup::new(Scenario::Y1517, 0));
    assert_eq!(game.exploration_underway(Power::Hapsburg), Some(Voyage::default()));
    assert_eq!(game.conquest_underway(Power::Hapsburg), Some(Voyage::default()));
    assert!(!game.charted(Power::Hapsburg));
    assert_eq!(game.new_world_used(Power::Hapsburg), (false, true, true));
    let mut game = board(1);
    game.set_exploration_underway(Power::Hapsburg, Some(Voyage::default())).unwrap();
    game.set_conquest_underway(Power::Hapsburg, Some(Voyage::default())).unwrap();
    game.set_new_world_used(Power::Hapsburg, false, true, true).unwrap();
    impulse(&mut game, Power::Hapsburg, 5);
    let offered = legal(&game);
    assert!(offered.contains(&Action::Colonize));
    assert!(!offered.contains(&Action::Explore) && !offered.contains(&Action::Conquer));
}

#[test]
fn in_1532_the_hapsburg_holds_its_voyages_so_far() {
    let game = Game::at_start(Setup::new(Scenario::Y1532, 0));
    assert_eq!(game.discovery_holder(Discovery::PacificStrait), Some(Power::Hapsburg));
    assert_eq!(game.discovery_holder(Discovery::Circumnavigation), Some(Power::Hapsburg));
    assert_eq!(game.conquest_holder(Conquest::Aztec), Some(Holding { power: Power::Hapsburg, depleted: false }));
    assert_eq!(game.explorer_at(Explorer::Magellan), ExplorerAt::Discovery(Discovery::Circumnavigation));
    assert_eq!(game.conquistador_at(Conquistador::Cortez), ConquistadorAt::Conquest(Conquest::Aztec));
    assert_eq!(game.explorer_at(Explorer::Verrazano), ExplorerAt::Removed);
    assert_eq!((game.colonies(Power::Hapsburg), game.new_world_vp(Power::Hapsburg)), (2, 6));
    assert!(game.charted(Power::England));
    assert_eq!(game.bonus_vp(Power::Hapsburg), 1);
}

// --- Actions ------------------------------------------------------------

#[test]
fn colonize_costs_3_for_england_and_sets_out_once_per_turn() {
    let mut game = board(2);
    impulse(&mut game, Power::England, 3);
    let offered = legal(&game);
    assert!(offered.contains(&Action::Colonize) && offered.contains(&Action::Explore));
    assert!(!offered.contains(&Action::Conquer), "4 CP");
    let mut log = Vec::new();
    apply(&mut game, Action::Colonize, &mut log);
    assert!(game.colony_crossing(Power::England));
    assert_eq!(game.new_world_used(Power::England), (true, false, false));
    assert_eq!(game.pending().kind, DecisionKind::Impulse, "3 CP spent");
    assert!(!game.is_legal(&Action::Colonize));
}

#[test]
fn colonize_costs_2_for_the_hapsburg_within_its_3_colonies() {
    let mut game = board(3);
    game.set_colonies(Power::Hapsburg, 2).unwrap();
    impulse(&mut game, Power::Hapsburg, 2);
    assert!(legal(&game).contains(&Action::Colonize));
    let mut game = board(3);
    game.set_colonies(Power::Hapsburg, 3).unwrap();
    impulse(&mut game, Power::Hapsburg, 2);
    assert!(!legal(&game).contains(&Action::Colonize), "limit 3");
    let mut game = board(3);
    game.set_colonies(Power::France, 1).unwrap();
    game.set_potosi(Some(Power::France)).unwrap();
    impulse(&mut game, Power::France, 3);
    assert!(!legal(&game).contains(&Action::Colonize), "Potosi took France's second colony");
}

#[test]
fn explore_costs_2_and_needs_an_explorer() {
    let mut game = board(4);
    impulse(&mut game, Power::France, 2);
    let mut log = Vec::new();
    apply(&mut game, Action::Explore, &mut log);
    assert_eq!(game.exploration_underway(Power::France), Some(Voyage { plus_two: false }));
    let mut game = board(4);
    for e in [Explorer::Cartier, Explorer::Verrazano, Explorer::FrenchCabot, Explorer::Roberval] {
        game.set_explorer_at(e, ExplorerAt::Removed).unwrap();
    }
    impulse(&mut game, Power::France, 2);
    assert!(!legal(&game).contains(&Action::Explore));
}

#[test]
fn conquer_costs_4_and_uses_an_english_conquest_marker() {
    let mut game = board(5);
    impulse(&mut game, Power::England, 4);
    let mut log = Vec::new();
    apply(&mut game, Action::Conquer, &mut log);
    assert_eq!(game.conquest_underway(Power::England), Some(Voyage::default()));
    assert_eq!(game.conquest_markers(Power::England), 1);
    let mut game = board(5);
    game.set_conquest_markers(Power::England, 0).unwrap();
    impulse(&mut game, Power::England, 4);
    assert!(!legal(&game).contains(&Action::Conquer), "no marker left");
}

// --- The New World phase: exploration ---------------------------------

/// The rulebook's exploration example (§20.2): four voyages on turn 1,
/// every marker Uncharted. Orellana 7+3-1 = 9, the Mississippi; Verrazano
/// 9+2-1 = 10, tries to circumnavigate, claims the Pacific Strait and
/// rolls 5+2 = 7; Rut 4+1-1 = 4, lost at sea; Cabot (Sebastian Cabot, no
/// Uncharted penalty) 9+1 = 10, tries and rolls 8+1 = 9: lost, and the
/// card leaves the deck.
#[test]
fn the_rulebook_exploration_example() {
    let mut game = new_world_phase(6);
    for power in [Power::England, Power::France, Power::Hapsburg] {
        game.set_exploration_underway(power, Some(Voyage::default())).unwrap();
    }
    game.set_cabot_underway(Power::Hapsburg, true).unwrap();
    game.force_explorer(Explorer::Orellana).unwrap();
    game.force_explorer(Explorer::Verrazano).unwrap();
    game.force_explorer(Explorer::Rut).unwrap();
    game.put_card_in_deck(Card::SebastianCabot).unwrap();
    game.force_dice(&[3, 4, 4, 5]).unwrap();
    let log = run(&mut game);
    assert_eq!(explorations(&log), [(Explorer::Orellana, 9), (Explorer::Verrazano, 10)]);
    assert_eq!(game.discovery_holder(Discovery::Mississippi), Some(Power::Hapsburg));
    assert_eq!(game.explorer_at(Explorer::Orellana), ExplorerAt::Discovery(Discovery::Mississippi));
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert!(legal(&game).contains(&Action::Circumnavigate));
    game.force_dice(&[2, 3, 1, 3, 4, 5]).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::Circumnavigate, &mut log);
    assert!(log.contains(&Event::Circumnavigation { explorer: Explorer::Verrazano, roll: 7, success: false }));
    assert_eq!(game.discovery_holder(Discovery::PacificStrait), Some(Power::France));
    assert_eq!(game.explorer_at(Explorer::Verrazano), ExplorerAt::Discovery(Discovery::PacificStrait));
    assert_eq!(explorations(&log), [(Explorer::Rut, 4), (Explorer::HapsburgCabot, 10)]);
    assert_eq!(game.explorer_at(Explorer::Rut), ExplorerAt::Removed);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    game.force_dice(&[4, 4]).unwrap();
    apply(&mut game, Action::Circumnavigate, &mut log);
    assert!(log.contains(&Event::Circumnavigation { explorer: Explorer::HapsburgCabot, roll: 9, success: false }));
    assert_eq!(game.explorer_at(Explorer::HapsburgCabot), ExplorerAt::Removed);
    assert!(game.removed_cards().contains(Card::SebastianCabot));
    assert_eq!(game.discovery_holder(Discovery::PacificStrait), Some(Power::France), "already claimed");
    let vp = [Power::England, Power::France, Power::Hapsburg].map(|p| game.new_world_vp(p));
    assert_eq!(vp, [0, 1, 1]);
    assert!([Power::England, Power::France, Power::Hapsburg].iter().all(|&p| game.charted(p)));
    assert!(!game.cabot_underway(Power::Hapsburg));
}

#[test]
fn a_5_or_6_sends_the_explorer_back_to_the_pool() {
    let mut game = new_world_phase(7);
    game.set_exploration_underway(Power::England, Some(Voyage::default())).unwrap();
    game.set_charted(Power::England, true).unwrap();
    only_explorer(&mut game, Explorer::Willoughby);
    game.force_dice(&[1, 5]).unwrap();
    let log = run(&mut game);
    assert_eq!(explorations(&log), [(Explorer::Willoughby, 6)]);
    assert_eq!(game.explorer_at(Explorer::Willoughby), ExplorerAt::Pool);
    assert_eq!(game.exploration_underway(Power::England), None);
}

#[test]
fn a_taken_discovery_gives_the_next_lower_free_one() {
    let mut game = new_world_phase(8);
    game.set_discovery(Discovery::Mississippi, Some(Power::Hapsburg)).unwrap();
    game.set_discovery(Discovery::GreatLakes, Some(Power::Hapsburg)).unwrap();
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    game.set_charted(Power::France, true).unwrap();
    only_explorer(&mut game, Explorer::Roberval);
    game.force_dice(&[4, 5]).unwrap();
    run(&mut game);
    assert_eq!(game.discovery_holder(Discovery::StLawrence), Some(Power::France));
    assert_eq!(game.new_world_vp(Power::France), 1);
}

#[test]
fn with_nothing_free_below_the_roll_the_explorer_returns() {
    let mut game = new_world_phase(9);
    game.set_discovery(Discovery::StLawrence, Some(Power::Hapsburg)).unwrap();
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    game.set_charted(Power::France, true).unwrap();
    only_explorer(&mut game, Explorer::Roberval);
    game.force_dice(&[3, 4]).unwrap();
    run(&mut game);
    assert_eq!(game.explorer_at(Explorer::Roberval), ExplorerAt::Pool);
    assert_eq!(game.new_world_vp(Power::France), 0);
}

#[test]
fn ten_or_more_chooses_the_amazon_or_a_free_river() {
    let mut game = new_world_phase(10);
    game.set_discovery(Discovery::GreatLakes, Some(Power::England)).unwrap();
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    game.set_charted(Power::France, true).unwrap();
    only_explorer(&mut game, Explorer::Cartier);
    game.force_dice(&[3, 4]).unwrap();
    run(&mut game);
    assert_eq!(
        legal(&game),
        [
            Action::Circumnavigate,
            Action::Discover(Discovery::StLawrence),
            Action::Discover(Discovery::Mississippi),
            Action::Discover(Discovery::Amazon)
        ]
    );
    let mut log = Vec::new();
    apply(&mut game, Action::Discover(Discovery::Amazon), &mut log);
    assert_eq!(game.discovery_holder(Discovery::Amazon), Some(Power::France));
    assert_eq!(game.new_world_vp(Power::France), 2);
    assert_eq!(game.explorer_at(Explorer::Cartier), ExplorerAt::Discovery(Discovery::Amazon));
}

#[test]
fn mercator_adds_2_to_both_rolls_and_12_circumnavigates_with_a_card() {
    let mut game = new_world_phase(11);
    game.set_exploration_underway(Power::England, Some(Voyage { plus_two: true })).unwrap();
    only_explorer(&mut game, Explorer::Willoughby);
    game.put_card_in_deck(Card::Copernicus).unwrap();
    // Uncharted: 6 + 0 + 2 - 1 = 7 would be the St. Lawrence; 9 + 2 - 1 = 10.
    game.force_dice(&[4, 5]).unwrap();
    let log = run(&mut game);
    assert_eq!(explorations(&log), [(Explorer::Willoughby, 10)]);
    game.force_dice(&[5, 5]).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::Circumnavigate, &mut log);
    assert!(log.contains(&Event::Circumnavigation { explorer: Explorer::Willoughby, roll: 12, success: true }));
    assert!(log.contains(&Event::CardDrawnFromDeck(Power::England)));
    assert_eq!(game.explorer_at(Explorer::Willoughby), ExplorerAt::Discovery(Discovery::Circumnavigation));
    assert_eq!(game.new_world_vp(Power::England), 1 + 3);
}

#[test]
fn only_one_circumnavigation_per_game() {
    let mut game = new_world_phase(12);
    game.set_discovery(Discovery::Circumnavigation, Some(Power::Hapsburg)).unwrap();
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    game.set_charted(Power::France, true).unwrap();
    only_explorer(&mut game, Explorer::Cartier);
    game.force_dice(&[6, 6]).unwrap();
    run(&mut game);
    assert!(!legal(&game).contains(&Action::Circumnavigate));
}

#[test]
fn a_circumnavigation_of_10_or_11_succeeds_without_a_card() {
    let mut game = new_world_phase(13);
    game.set_discovery(Discovery::PacificStrait, Some(Power::England)).unwrap();
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    game.set_charted(Power::France, true).unwrap();
    only_explorer(&mut game, Explorer::Cartier);
    game.force_dice(&[3, 4, 3, 4]).unwrap();
    run(&mut game);
    let mut log = Vec::new();
    apply(&mut game, Action::Circumnavigate, &mut log);
    assert!(log.contains(&Event::Circumnavigation { explorer: Explorer::Cartier, roll: 10, success: true }));
    assert!(!log.contains(&Event::CardDrawnFromDeck(Power::France)));
    assert_eq!(game.new_world_vp(Power::France), 3, "the Strait was England's");
}

#[test]
fn ties_resolve_england_france_hapsburg() {
    let mut game = new_world_phase(14);
    for power in [Power::Hapsburg, Power::France, Power::England] {
        game.set_exploration_underway(power, Some(Voyage::default())).unwrap();
        game.set_charted(power, true).unwrap();
    }
    only_explorer(&mut game, Explorer::PonceDeLeon);
    only_explorer(&mut game, Explorer::FrenchCabot);
    only_explorer(&mut game, Explorer::Rut);
    game.force_dice(&[1, 4, 1, 4, 1, 4]).unwrap();
    let log = run(&mut game);
    let order: Vec<Explorer> = explorations(&log).into_iter().map(|(e, _)| e).collect();
    assert_eq!(order, [Explorer::Rut, Explorer::FrenchCabot, Explorer::PonceDeLeon]);
}

// --- The New World phase: conquest and colonies ------------------------

fn conquests(log: &[Event]) -> Vec<(Power, u8, Option<Conquest>)> {
    log.iter()
        .filter_map(|e| match *e {
            Event::ConquestVoyage { power, roll, conquest, .. } => Some((power, roll, conquest)),
            _ => None,
        })
        .collect()
}

#[test]
fn conquests_resolve_hapsburg_england_france_after_the_explorations() {
    let mut game = new_world_phase(15);
    game.set_conquest_markers(Power::England, 1).unwrap();
    game.set_conquest_markers(Power::France, 1).unwrap();
    for power in [Power::France, Power::England, Power::Hapsburg] {
        game.set_conquest_underway(power, Some(Voyage::default())).unwrap();
    }
    game.set_exploration_underway(Power::England, Some(Voyage::default())).unwrap();
    game.force_conquistador(Conquistador::Cortez).unwrap();
    // The exploration first (Rut or another: 2 + 1 - 1 + ... lost), then
    // Cortez 5+4 = 9 Maya, England 6 killed, France 8 back to the pool.
    game.force_dice(&[1, 1, 2, 3, 3, 3, 4, 4]).unwrap();
    let log = run(&mut game);
    let first_conquest = log.iter().position(|e| matches!(e, Event::ConquestVoyage { .. })).unwrap();
    let last_exploration = log.iter().rposition(|e| matches!(e, Event::Exploration { .. })).unwrap();
    assert!(last_exploration < first_conquest);
    assert_eq!(
        conquests(&log),
        [(Power::Hapsburg, 9, Some(Conquest::Maya)), (Power::England, 6, None), (Power::France, 8, None)]
    );
    assert_eq!(game.conquistador_at(Conquistador::Cortez), ConquistadorAt::Conquest(Conquest::Maya));
    assert_eq!(game.new_world_vp(Power::Hapsburg), 1);
    assert_eq!(game.conquest_markers(Power::England), 1, "killed by natives: the marker is gone");
    assert_eq!(game.conquest_markers(Power::France), 2, "back to the pool");
}

#[test]
fn a_conquest_roll_of_11_falls_to_the_aztec_when_the_inca_is_taken() {
    let mut game = new_world_phase(16);
    game.set_conquest_markers(Power::England, 1).unwrap();
    game.set_conquest(Conquest::Inca, Some(Holding { power: Power::England, depleted: true })).unwrap();
    game.set_conquest_markers(Power::France, 1).unwrap();
    game.set_conquest_underway(Power::France, Some(Voyage { plus_two: true })).unwrap();
    game.force_dice(&[4, 5]).unwrap();
    let log = run(&mut game);
    assert_eq!(conquests(&log), [(Power::France, 11, Some(Conquest::Aztec))]);
    assert_eq!(game.conquest_holder(Conquest::Aztec), Some(Holding { power: Power::France, depleted: false }));
    assert_eq!((game.new_world_vp(Power::France), game.new_world_vp(Power::England)), (2, 2));
}

#[test]
fn a_killed_conquistador_leaves_the_game() {
    let mut game = new_world_phase(17);
    game.set_conquest_underway(Power::Hapsburg, Some(Voyage::default())).unwrap();
    game.force_conquistador(Conquistador::Coronado).unwrap();
    game.force_dice(&[1, 2]).unwrap();
    run(&mut game);
    assert_eq!(game.conquistador_at(Conquistador::Coronado), ConquistadorAt::Removed);
}

#[test]
fn a_conquistador_placed_underway_sails_instead_of_a_draw() {
    let mut game = new_world_phase(31);
    game.set_conquest_underway(Power::Hapsburg, Some(Voyage::default())).unwrap();
    game.set_conquistador_at(Conquistador::Montejo, ConquistadorAt::Underway).unwrap();
    game.force_conquistador(Conquistador::Cortez).unwrap();
    game.force_dice(&[3, 4]).unwrap();
    let log = run(&mut game);
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::ConquestVoyage { conquistador: Some(Conquistador::Montejo), roll: 9, .. }))
    );
    assert_eq!(game.conquistador_at(Conquistador::Montejo), ConquistadorAt::Conquest(Conquest::Maya));
}

#[test]
fn colonies_reach_their_boxes_and_the_turn_limits_reset() {
    let mut game = new_world_phase(18);
    game.set_colony_crossing(Power::France, true).unwrap();
    game.set_new_world_used(Power::France, true, true, false).unwrap();
    let log = run(&mut game);
    assert!(log.contains(&Event::ColonyFounded(Power::France)));
    assert_eq!((game.colonies(Power::France), game.colony_crossing(Power::France)), (1, false));
    assert_eq!(game.new_world_used(Power::France), (false, false, false));
}

#[test]
fn new_world_vp_count_as_bonus_vp() {
    let mut game = board(19);
    let before = game.vp(Power::France).total();
    game.set_discovery(Discovery::Amazon, Some(Power::France)).unwrap();
    assert_eq!(game.vp(Power::France).total(), before + 2);
}

// --- Riches (§20.4) ------------------------------------------------------

#[test]
fn the_riches_table_row_by_row() {
    use Riches::*;
    let columns = [
        RichesColumn::Colony,
        RichesColumn::Potosi,
        RichesColumn::Conquest(Conquest::Maya),
        RichesColumn::Conquest(Conquest::Aztec),
        RichesColumn::Conquest(Conquest::Inca),
    ];
    let rows: [(u8, [Riches; 5]); 11] = [
        (2, [Elim, Elim, Deplete, Deplete, Deplete]),
        (3, [Elim, Elim, Deplete, Deplete, Deplete]),
        (4, [Elim, None, Deplete, Deplete, Deplete]),
        (5, [None, None, Deplete, Deplete, Deplete]),
        (6, [None, None, Deplete, None, Card]),
        (7, [None, Galleon, Galleon, Galleon, Galleon]),
        (8, [Galleon, Card, Card, Card, Card]),
        (9, [Card; 5]),
        (10, [Card; 5]),
        (11, [Card; 5]),
        (12, [Card; 5]),
    ];
    for (roll, row) in rows {
        for (column, expected) in columns.into_iter().zip(row) {
            assert_eq!(riches(column, roll), expected, "{roll} on {column:?}");
        }
    }
}

/// A board at the card draw of turn 2 with a deck to draw from.
fn card_draw(seed: u64) -> Game {
    let mut game = board(seed);
    game.set_turn(2).unwrap();
    game.set_phase(Phase::CardDraw).unwrap();
    for card in [Card::Copernicus, Card::Michelangelo, Card::Galleons, Card::Plantations] {
        game.put_card_in_deck(card).unwrap();
    }
    game
}

fn riches_rolls(log: &[Event]) -> Vec<(Power, u8, Riches)> {
    log.iter()
        .filter_map(|e| match *e {
            Event::NewWorldRiches { power, roll, result, .. } => Some((power, roll, result)),
            _ => None,
        })
        .collect()
}

fn bonus_cards(log: &[Event], power: Power) -> usize {
    log.iter().filter(|e| **e == Event::CardDrawnFromDeck(power)).count()
}

#[test]
fn a_colony_card_result_draws_and_elim_removes_the_colony() {
    let mut game = card_draw(20);
    game.set_colonies(Power::England, 2).unwrap();
    game.force_dice(&[4, 5, 1, 2]).unwrap();
    let log = run(&mut game);
    assert_eq!(riches_rolls(&log), [(Power::England, 9, Riches::Card), (Power::England, 3, Riches::Elim)]);
    assert_eq!(bonus_cards(&log, Power::England), 1);
    assert_eq!(game.colonies(Power::England), 1);
}

#[test]
fn galleon_results_pay_only_with_the_galleons_marker() {
    let mut game = card_draw(21);
    game.set_colonies(Power::France, 1).unwrap();
    game.force_dice(&[4, 4]).unwrap();
    let log = run(&mut game);
    assert_eq!((riches_rolls(&log)[0].2, bonus_cards(&log, Power::France)), (Riches::Galleon, 0));
    let mut game = card_draw(21);
    game.set_colonies(Power::France, 1).unwrap();
    game.set_galleons(Power::France, true).unwrap();
    game.force_dice(&[4, 4]).unwrap();
    let log = run(&mut game);
    assert_eq!(bonus_cards(&log, Power::France), 1);
}

#[test]
fn plantations_add_1_to_colony_and_potosi_rolls() {
    let mut game = card_draw(22);
    game.set_colonies(Power::Hapsburg, 1).unwrap();
    game.set_potosi(Some(Power::Hapsburg)).unwrap();
    game.set_plantations(Power::Hapsburg, true).unwrap();
    game.force_dice(&[4, 4, 3, 3]).unwrap();
    let log = run(&mut game);
    let rolls = riches_rolls(&log);
    assert_eq!(rolls, [(Power::Hapsburg, 9, Riches::Card), (Power::Hapsburg, 7, Riches::Galleon)]);
}

#[test]
fn a_depleted_conquest_keeps_its_vp_and_rolls_no_more() {
    let mut game = card_draw(23);
    game.set_conquest(Conquest::Maya, Some(Holding { power: Power::Hapsburg, depleted: false })).unwrap();
    game.force_dice(&[3, 3]).unwrap();
    let log = run(&mut game);
    assert_eq!(riches_rolls(&log), [(Power::Hapsburg, 6, Riches::Deplete)]);
    assert_eq!(bonus_cards(&log, Power::Hapsburg), 1);
    assert_eq!(game.conquest_holder(Conquest::Maya), Some(Holding { power: Power::Hapsburg, depleted: true }));
    assert_eq!(game.new_world_vp(Power::Hapsburg), 1);
}

#[test]
fn colonial_governor_turns_every_no_effect_into_a_card_then_leaves() {
    let mut game = card_draw(24);
    game.set_colonies(Power::England, 2).unwrap();
    game.set_colonial_governor(Some(Governor { power: Power::England, uprising: false })).unwrap();
    game.force_dice(&[2, 3, 3, 3]).unwrap();
    let log = run(&mut game);
    assert_eq!(riches_rolls(&log), [(Power::England, 5, Riches::Card), (Power::England, 6, Riches::Card)]);
    assert_eq!(game.colonial_governor(), None);
}

#[test]
fn native_uprising_turns_no_effect_into_elim() {
    let mut game = card_draw(25);
    game.set_colonies(Power::England, 1).unwrap();
    game.set_colonial_governor(Some(Governor { power: Power::England, uprising: true })).unwrap();
    game.force_dice(&[3, 3]).unwrap();
    let log = run(&mut game);
    assert_eq!(riches_rolls(&log), [(Power::England, 6, Riches::Elim)]);
    assert_eq!((game.colonies(Power::England), game.colonial_governor()), (0, None));
}

#[test]
fn the_governor_stays_until_a_no_effect_is_changed() {
    let mut game = card_draw(26);
    game.set_colonies(Power::England, 1).unwrap();
    let governor = Some(Governor { power: Power::England, uprising: true });
    game.set_colonial_governor(governor).unwrap();
    game.force_dice(&[5, 5]).unwrap();
    run(&mut game);
    assert_eq!(game.colonial_governor(), governor);
}

/// One Hapsburg colony Card result with the French raider in play, the
/// raider's die `die`: (stolen, raider still in play).
fn raid(die: u8, galleons: bool) -> (bool, bool) {
    let mut game = card_draw(27);
    game.set_colonies(Power::Hapsburg, 1).unwrap();
    game.set_raider(Power::France, true).unwrap();
    game.set_galleons(Power::Hapsburg, galleons).unwrap();
    game.force_dice(&[5, 5, die]).unwrap();
    let log = run(&mut game);
    let stolen = bonus_cards(&log, Power::France) == 1;
    assert_eq!(bonus_cards(&log, Power::Hapsburg), usize::from(!stolen));
    (stolen, game.raider(Power::France))
}

#[test]
fn the_raiders_die() {
    assert_eq!(raid(1, false), (false, false));
    assert_eq!(raid(2, false), (false, true));
    assert_eq!(raid(2, true), (false, false));
    assert_eq!(raid(3, true), (false, true));
    assert_eq!(raid(4, false), (false, true));
    assert_eq!(raid(5, false), (true, false));
    assert_eq!(raid(6, false), (true, true));
}

#[test]
fn raiders_roll_french_then_english_then_protestant() {
    let mut game = card_draw(28);
    game.set_colonies(Power::Hapsburg, 1).unwrap();
    for raider in [Power::Protestant, Power::England, Power::France] {
        game.set_raider(raider, true).unwrap();
    }
    game.force_dice(&[5, 5, 3, 6]).unwrap();
    let log = run(&mut game);
    let raids: Vec<Power> = log
        .iter()
        .filter_map(|e| match *e {
            Event::Raid { raider, .. } => Some(raider),
            _ => None,
        })
        .collect();
    assert_eq!(raids, [Power::France, Power::England], "stolen by England: the Protestant does not roll");
    assert_eq!(bonus_cards(&log, Power::England), 1);
}

// --- Editing and loading ---------------------------------------------

#[test]
fn edits_that_break_the_display_are_refused() {
    let mut game = board(29);
    let before = game.clone();
    assert!(game.set_explorer_at(Explorer::Cartier, ExplorerAt::Discovery(Discovery::Amazon)).is_err());
    assert!(game.set_colonies(Power::England, 3).is_err());
    assert!(game.set_colonies(Power::Ottoman, 1).is_err());
    assert!(game.set_raider(Power::Hapsburg, true).is_err());
    assert_eq!(game, before);
}

#[cfg(feature = "serde")]
#[test]
fn the_display_survives_a_save() {
    let mut game = Game::new(Setup::new(Scenario::Y1532, 30));
    game.set_galleons(Power::England, true).unwrap();
    game.set_raider(Power::Protestant, true).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
}

// --- The New World cards ---------------------------------------------

fn targets(game: &Game) -> Vec<Power> {
    legal(game)
        .into_iter()
        .filter_map(|a| match a {
            Action::TargetPower(p) => Some(p),
            _ => None,
        })
        .collect()
}

#[test]
fn galleons_go_by_the_chosen_powers_colonies_and_move_on_a_replay() {
    let mut game = common::action_phase(40);
    game.set_galleons(Power::England, true).unwrap();
    common::event(&mut game, Power::Ottoman, Card::Galleons);
    assert_eq!(targets(&game), [Power::Hapsburg, Power::France], "England has it");
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::France), &mut log);
    assert!(game.galleons(Power::France) && !game.galleons(Power::England));
}

#[test]
fn plantations_go_by_the_chosen_powers_colonies() {
    let mut game = common::action_phase(41);
    common::event(&mut game, Power::Papacy, Card::Plantations);
    assert_eq!(targets(&game), [Power::Hapsburg, Power::England, Power::France]);
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::Hapsburg), &mut log);
    assert!(game.plantations(Power::Hapsburg));
}

/// #53: the chosen power adds 1 "for the rest of the game": played again
/// (a later turn), it gives another power the +1 and the first keeps it.
#[test]
fn plantations_last_for_the_rest_of_the_game_on_a_repeat_play() {
    let mut game = common::action_phase(41);
    common::event(&mut game, Power::Papacy, Card::Plantations);
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::England), &mut log);
    // The next turn's play: the record of this turn's events cleared.
    game.set_event_played(Power::Papacy, Card::Plantations, false).unwrap();
    common::event(&mut game, Power::Papacy, Card::Plantations);
    assert_eq!(targets(&game), [Power::Hapsburg, Power::France], "England has it");
    apply(&mut game, Action::TargetPower(Power::France), &mut log);
    assert!(game.plantations(Power::France));
    assert!(game.plantations(Power::England), "for the rest of the game");
    assert_eq!(game.validate(), Ok(()));
}

#[test]
fn huguenot_raiders_need_a_protestant_home_port_and_no_raider() {
    let mut game = common::action_phase(42);
    assert!(!common::offered(&mut game, Power::England, Card::HuguenotRaiders), "London is Catholic");
    let mut game = common::action_phase(42);
    game.set_religion(Space::London, Religion::Protestant).unwrap();
    common::event(&mut game, Power::England, Card::HuguenotRaiders);
    assert!(game.raider(Power::England));
    let mut game = common::action_phase(42);
    game.set_religion(Space::London, Religion::Protestant).unwrap();
    game.set_raider(Power::England, true).unwrap();
    assert!(!common::offered(&mut game, Power::England, Card::HuguenotRaiders), "one raider each");
    let mut game = common::action_phase(42);
    game.set_religion(Space::Barcelona, Religion::Protestant).unwrap();
    assert!(!common::offered(&mut game, Power::Hapsburg, Card::HuguenotRaiders), "not the Hapsburg");
}

#[test]
fn mercators_map_launches_a_voyage_at_plus_2_for_the_chosen_power() {
    let mut game = common::action_phase(43);
    game.set_new_world_used(Power::England, false, true, false).unwrap();
    common::event(&mut game, Power::Ottoman, Card::MercatorsMap);
    assert_eq!(targets(&game), [Power::Hapsburg, Power::France], "England explored this turn");
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::France), &mut log);
    assert_eq!(game.exploration_underway(Power::France), Some(Voyage { plus_two: true }));
    assert_eq!(game.new_world_used(Power::France), (false, true, false), "it uses the Explore of the turn");
    let mut game = common::action_phase(43);
    for power in [Power::England, Power::France, Power::Hapsburg] {
        game.set_new_world_used(power, false, true, false).unwrap();
    }
    assert!(!common::offered(&mut game, Power::Ottoman, Card::MercatorsMap));
}

#[test]
fn potosi_fills_an_open_colony_box_and_costs_a_colony_marker() {
    let mut game = common::action_phase(44);
    game.set_colonies(Power::England, 1).unwrap();
    game.set_colony_crossing(Power::England, true).unwrap();
    game.set_colonies(Power::France, 2).unwrap();
    common::event(&mut game, Power::Papacy, Card::PotosiSilverMines);
    assert_eq!(targets(&game), [Power::Hapsburg, Power::England], "France's boxes are full");
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::England), &mut log);
    assert_eq!(game.potosi(), Some(Power::England));
    assert_eq!((game.colonies(Power::England), game.colony_crossing(Power::England)), (1, false));
    assert!(game.removed_cards().contains(Card::PotosiSilverMines));
    let mut game = common::action_phase(44);
    for (power, n) in [(Power::England, 2), (Power::France, 2), (Power::Hapsburg, 3)] {
        game.set_colonies(power, n).unwrap();
    }
    assert!(!common::offered(&mut game, Power::Papacy, Card::PotosiSilverMines));
}

#[test]
fn fountain_of_youth_cancels_an_exploration_and_on_4_to_6_kills_an_explorer() {
    for (die, lost) in [(3u8, 0usize), (4, 1)] {
        let mut game = common::action_phase(45);
        game.set_exploration_underway(Power::Hapsburg, Some(Voyage::default())).unwrap();
        game.set_new_world_used(Power::Hapsburg, false, true, false).unwrap();
        common::event(&mut game, Power::France, Card::FountainOfYouth);
        assert_eq!(targets(&game), [Power::Hapsburg]);
        game.force_dice(&[die]).unwrap();
        let mut log = Vec::new();
        apply(&mut game, Action::TargetPower(Power::Hapsburg), &mut log);
        assert_eq!(game.exploration_underway(Power::Hapsburg), None);
        assert_eq!(game.new_world_used(Power::Hapsburg), (false, true, false), "not again this turn");
        let removed = Explorer::ALL.iter().filter(|&&e| game.explorer_at(e) == ExplorerAt::Removed).count();
        assert_eq!(removed, lost, "die {die}");
    }
    let mut game = common::action_phase(45);
    assert!(!common::offered(&mut game, Power::France, Card::FountainOfYouth), "no voyage underway");
}

#[test]
fn sale_of_moluccas_gives_the_circumnavigator_2_cards() {
    let mut game = common::action_phase(46);
    game.set_discovery(Discovery::Circumnavigation, Some(Power::Hapsburg)).unwrap();
    for card in [Card::Copernicus, Card::Michelangelo, Card::Galleons] {
        game.put_card_in_deck(card).unwrap();
    }
    let log = common::event(&mut game, Power::France, Card::SaleOfMoluccas);
    assert_eq!(log.iter().filter(|e| **e == Event::CardDrawnFromDeck(Power::Hapsburg)).count(), 2);
    let mut game = common::action_phase(46);
    assert!(!common::offered(&mut game, Power::France, Card::SaleOfMoluccas), "nobody has circumnavigated");
}

#[test]
fn search_for_cibola_cancels_the_voyage_chosen() {
    let mut game = common::action_phase(47);
    game.set_conquest_markers(Power::England, 1).unwrap();
    game.set_exploration_underway(Power::England, Some(Voyage::default())).unwrap();
    game.set_conquest_underway(Power::England, Some(Voyage::default())).unwrap();
    common::event(&mut game, Power::Hapsburg, Card::SearchForCibola);
    let mut log = Vec::new();
    apply(&mut game, Action::TargetPower(Power::England), &mut log);
    assert_eq!(legal(&game), [Action::Explore, Action::Conquer]);
    apply(&mut game, Action::Conquer, &mut log);
    assert_eq!(game.conquest_underway(Power::England), None);
    assert_eq!(game.conquest_markers(Power::England), 2, "the marker is back");
    assert!(game.exploration_underway(Power::England).is_some());
    let mut game = common::action_phase(47);
    game.set_exploration_underway(Power::France, Some(Voyage::default())).unwrap();
    common::event(&mut game, Power::Hapsburg, Card::SearchForCibola);
    apply(&mut game, Action::TargetPower(Power::France), &mut log);
    assert_eq!(game.exploration_underway(Power::France), None, "the only voyage");
    let mut game = common::action_phase(47);
    assert!(!common::offered(&mut game, Power::Hapsburg, Card::SearchForCibola));
}

#[test]
fn sebastian_cabot_sails_once_per_game_for_each_power() {
    let mut game = common::action_phase(48);
    game.set_new_world_used(Power::France, false, true, false).unwrap();
    common::event(&mut game, Power::France, Card::SebastianCabot);
    assert_eq!(game.explorer_at(Explorer::FrenchCabot), ExplorerAt::Underway);
    assert!(game.cabot_underway(Power::France) && game.cabot_played(Power::France));
    assert!(game.discard_pile().contains(Card::SebastianCabot), "kept unless Cabot dies");
    let mut game = common::action_phase(48);
    assert!(!common::offered(&mut game, Power::Ottoman, Card::SebastianCabot));
}

#[test]
fn sebastian_cabot_is_not_offered_twice_to_a_power() {
    let mut game = common::action_phase(49);
    common::event(&mut game, Power::England, Card::SebastianCabot);
    game.set_cabot_underway(Power::England, false).unwrap();
    let mut next = common::action_phase(49);
    next.set_cabot_underway(Power::England, true).unwrap();
    next.set_cabot_underway(Power::England, false).unwrap();
    assert!(common::offered(&mut next, Power::England, Card::SebastianCabot), "the edit does not spend it");
    assert!(game.cabot_played(Power::England));
    game.give_card(Power::England, Card::SebastianCabot).unwrap();
    assert!(!game.can_play_event(Power::England, Card::SebastianCabot));
}

#[test]
fn smallpox_launches_a_conquest_at_plus_2() {
    let mut game = common::action_phase(50);
    common::event(&mut game, Power::Hapsburg, Card::Smallpox);
    assert_eq!(game.conquest_underway(Power::Hapsburg), Some(Voyage { plus_two: true }));
    assert_eq!(game.new_world_used(Power::Hapsburg), (false, false, true));
    let mut game = common::action_phase(50);
    game.set_new_world_used(Power::Hapsburg, false, false, true).unwrap();
    assert!(!common::offered(&mut game, Power::Hapsburg, Card::Smallpox), "conquered this turn");
    let mut game = common::action_phase(50);
    assert!(!common::offered(&mut game, Power::Papacy, Card::Smallpox));
}

#[test]
fn colonial_governor_or_native_uprising_moves_to_a_new_position() {
    let mut game = common::action_phase(51);
    game.set_colonial_governor(Some(Governor { power: Power::France, uprising: false })).unwrap();
    common::event(&mut game, Power::Papacy, Card::ColonialGovernorNativeUprising);
    let options = legal(&game);
    assert_eq!(options.len(), 5);
    assert!(!options.contains(&Action::ColonialGovernor(Power::France)), "where it is now");
    let mut log = Vec::new();
    apply(&mut game, Action::NativeUprising(Power::France), &mut log);
    assert_eq!(game.colonial_governor(), Some(Governor { power: Power::France, uprising: true }));
}

#[test]
fn the_two_player_game_has_no_new_world() {
    let game = Game::at_start(Setup::new(Scenario::TwoPlayer, 52));
    assert_eq!(game.exploration_underway(Power::Hapsburg), None);
    assert_eq!(game.conquest_underway(Power::Hapsburg), None);
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 52));
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    for card in [Card::ColonialGovernorNativeUprising, Card::Galleons] {
        game.give_card(Power::Papacy, card).unwrap();
        assert!(!game.can_play_event(Power::Papacy, card), "{card}");
    }
}
