//! Cards dealt per power (§4, §6.2, seed page 002), through the public API.

use crate::common;
use common::hold_keys;
use here_i_stand::rules::cards_dealt::{
    CardsDealt, cards_dealt, cards_dealt_breakdown, keys_uncovered, protestant_electorates,
};
use here_i_stand::{EditError, Faction, Game, Power, Ruler, Scenario, Setup, Space, SpaceKind};

fn empty() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 1))
}

fn electorates() -> impl Iterator<Item = Space> {
    Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate)
}

// --- The three worked examples of seed 002 ---------------------------------

#[test]
fn seed_example_luther_with_three_electorates_gets_4() -> Result<(), EditError> {
    let mut game = empty();
    for s in electorates().take(3) {
        game.set_controller(s, Faction::Protestant)?;
    }
    assert_eq!(game.ruler(Power::Protestant), Ruler::Luther);
    assert_eq!(protestant_electorates(&game), 3);
    assert_eq!(cards_dealt(&game, Power::Protestant), 4);
    Ok(())
}

#[test]
fn seed_example_francis_with_eight_keys_gets_4_plus_1() -> Result<(), EditError> {
    let mut game = empty();
    hold_keys(&mut game, Power::France, 8)?;
    assert_eq!(game.ruler(Power::France), Ruler::FrancisI);
    assert_eq!(cards_dealt_breakdown(&game, Power::France), CardsDealt { base: 4, ruler_bonus: 1, penalties: 0 });
    assert_eq!(cards_dealt(&game, Power::France), 5);
    Ok(())
}

#[test]
fn seed_example_suleiman_with_seven_keys_two_in_unrest_gets_4() -> Result<(), EditError> {
    let mut game = empty();
    hold_keys(&mut game, Power::Ottoman, 7)?;
    assert_eq!(game.ruler(Power::Ottoman), Ruler::Suleiman);
    // Without unrest, 7 keys deal 5 cards.
    assert_eq!(cards_dealt(&game, Power::Ottoman), 5);
    let keys: Vec<Space> = game.keys_controlled(Power::Ottoman).iter().take(2).collect();
    for key in keys {
        game.set_unrest(key, true)?;
    }
    assert_eq!(keys_uncovered(&game, Power::Ottoman), 5);
    assert_eq!(cards_dealt(&game, Power::Ottoman), 4);
    Ok(())
}

// --- The Protestant ----------------------------------------------------------

#[test]
fn protestant_gets_5_with_four_electorates_whatever_their_religion() -> Result<(), EditError> {
    let mut game = empty();
    for s in electorates().take(4) {
        game.set_controller(s, Faction::Protestant)?;
    }
    // All four are still Catholic: religion is irrelevant for the deal.
    assert!(electorates().take(4).all(|s| game.religion(s) == here_i_stand::Religion::Catholic));
    assert_eq!(cards_dealt(&game, Power::Protestant), 5);
    for s in electorates() {
        game.set_controller(s, Faction::Protestant)?;
    }
    assert_eq!(cards_dealt(&game, Power::Protestant), 5);
    Ok(())
}

#[test]
fn protestant_gets_4_with_no_electorate() {
    assert_eq!(cards_dealt(&empty(), Power::Protestant), 4);
}

#[test]
fn protestant_electorate_in_unrest_still_counts_for_cards() -> Result<(), EditError> {
    let mut game = empty();
    for s in electorates().take(4) {
        game.set_controller(s, Faction::Protestant)?;
        game.set_unrest(s, true)?;
    }
    assert_eq!(cards_dealt(&game, Power::Protestant), 5);
    Ok(())
}

// --- Key track, bonus, penalties --------------------------------------------

#[test]
fn the_1517_deal() {
    let game = empty();
    let dealt = Power::ALL.map(|p| cards_dealt(&game, p));
    // Ottoman 4 keys: 3; Hapsburg 8: 5; England 4: 2 + Henry VIII 1;
    // France 6: 3 + Francis I 1; Papacy 2: 3; Protestant 4.
    assert_eq!(dealt, [3, 5, 3, 4, 3, 4]);
}

#[test]
fn every_box_covered_still_deals_one_base_card() -> Result<(), EditError> {
    let mut game = empty();
    game.set_unrest(Space::Rome, true)?;
    game.set_unrest(Space::Ravenna, true)?;
    assert_eq!(keys_uncovered(&game, Power::Papacy), 0);
    assert_eq!(cards_dealt_breakdown(&game, Power::Papacy).base, 1);
    // And with no key at all.
    game.set_controller(Space::Rome, Faction::Hapsburg)?;
    game.set_controller(Space::Ravenna, Faction::Hapsburg)?;
    assert!(game.keys_controlled(Power::Papacy).is_empty());
    assert_eq!(cards_dealt(&game, Power::Papacy), 1);
    Ok(())
}

#[test]
fn unrest_in_a_key_of_another_power_does_not_cover_a_box() -> Result<(), EditError> {
    let mut game = empty();
    game.set_unrest(Space::Paris, true)?;
    assert_eq!(keys_uncovered(&game, Power::Hapsburg), 8);
    assert_eq!(keys_uncovered(&game, Power::France), 5);
    Ok(())
}

#[test]
fn ruler_without_bonus_deals_no_extra_card() -> Result<(), EditError> {
    let mut game = empty();
    game.set_ruler(Power::France, Ruler::HenryIi)?;
    assert_eq!(cards_dealt_breakdown(&game, Power::France).ruler_bonus, 0);
    assert_eq!(cards_dealt(&game, Power::France), 3);
    game.set_ruler(Power::Papacy, Ruler::PaulIii)?;
    assert_eq!(cards_dealt(&game, Power::Papacy), 4);
    Ok(())
}

#[test]
fn each_minus_one_card_marker_takes_a_card() -> Result<(), EditError> {
    let mut game = empty();
    game.set_card_penalties(Power::France, 1)?;
    assert_eq!(cards_dealt(&game, Power::France), 3);
    game.set_card_penalties(Power::France, 2)?;
    assert_eq!(cards_dealt(&game, Power::France), 2);
    Ok(())
}

#[test]
fn penalties_beyond_the_count_deal_zero() -> Result<(), EditError> {
    let mut game = empty();
    game.set_card_penalties(Power::Papacy, 4)?;
    assert_eq!(cards_dealt(&game, Power::Papacy), 0);
    game.set_card_penalties(Power::Papacy, u8::MAX)?;
    assert_eq!(cards_dealt(&game, Power::Papacy), 0);
    Ok(())
}

#[test]
fn key_track_tops_out_below_auto_win() -> Result<(), EditError> {
    let mut game = empty();
    hold_keys(&mut game, Power::Hapsburg, 13)?;
    assert_eq!(cards_dealt(&game, Power::Hapsburg), 7);
    Ok(())
}

#[test]
fn two_player_deals_only_to_the_players() {
    let game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    for p in [Power::Ottoman, Power::Hapsburg, Power::England, Power::France] {
        assert_eq!(cards_dealt_breakdown(&game, p), CardsDealt::default());
        assert_eq!(cards_dealt(&game, p), 0);
    }
    assert_eq!(cards_dealt(&game, Power::Papacy), 3);
    assert_eq!(cards_dealt(&game, Power::Protestant), 4);
}
