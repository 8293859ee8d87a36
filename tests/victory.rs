//! Victory (§23, §24.3, seed page 000): VP parts, the Protestant-spaces
//! track, automatic victories and the victory determination phase.

use crate::common;
use common::{hold_keys, set_totals};
use here_i_stand::data::powers::auto_win_keys;
use here_i_stand::rules::victory::{
    Outcome, PROTESTANT_TRACK_THRESHOLDS, SpecialVp, VictoryKind, automatic_victory, counting_powers, domination_lead,
    military_auto_victory, papal_track_vp, protestant_spaces, protestant_track_vp, religious_victory,
    victory_determination, vp, vp_totals,
};
use here_i_stand::{EditError, Faction, Game, LAST_TURN, Power, Religion, Scenario, Setup, Space, SpaceKind};
use proptest::prelude::*;

fn empty() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 1))
}

/// Spaces that can turn Protestant (not Ottoman home spaces), in space order.
fn convertible() -> impl Iterator<Item = Space> {
    Space::ALL.into_iter().filter(|&s| s.home() != Faction::Ottoman)
}

/// Makes exactly `n` spaces Protestant (the first convertible ones).
fn make_protestant(game: &mut Game, n: usize) -> Result<(), EditError> {
    for (i, s) in convertible().enumerate() {
        let religion = if i < n { Religion::Protestant } else { Religion::Catholic };
        game.set_religion(s, religion)?;
    }
    assert_eq!(game.protestant_spaces().len(), n);
    Ok(())
}

fn electorates() -> impl Iterator<Item = Space> {
    Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate)
}

fn verdict(winner: Power, kind: VictoryKind) -> Option<Outcome> {
    Some(Outcome { winner, kind })
}

// --- Starting VP ---------------------------------------------------------------

#[test]
fn the_1517_board_gives_the_starting_vp() {
    let game = empty();
    assert_eq!(vp(&game, Power::Ottoman).base, 8);
    assert_eq!(vp(&game, Power::Hapsburg).base, 9);
    assert_eq!(vp(&game, Power::England).base, 9);
    assert_eq!(vp(&game, Power::France).base, 12);
    let papacy = vp(&game, Power::Papacy);
    assert_eq!((papacy.base, papacy.special.protestant_track), (4, 15));
    assert_eq!(vp_totals(&game), [8, 9, 9, 12, 19, 0]);
}

// --- Base VP --------------------------------------------------------------------

#[test]
fn unrest_in_a_key_covers_a_box_of_the_track() -> Result<(), EditError> {
    let mut game = empty();
    game.set_unrest(Space::Paris, true)?;
    assert_eq!(vp(&game, Power::France).base, 10);
    Ok(())
}

#[test]
fn every_box_covered_gives_zero_base_vp() -> Result<(), EditError> {
    let mut game = empty();
    game.set_unrest(Space::Rome, true)?;
    game.set_unrest(Space::Ravenna, true)?;
    assert_eq!(vp(&game, Power::Papacy).base, 0);
    assert_eq!(vp(&game, Power::Papacy).total(), 15);
    Ok(())
}

#[test]
fn protestant_base_is_two_per_protestant_controlled_protestant_electorate() -> Result<(), EditError> {
    let mut game = empty();
    let [a, b, c, d, ..] = electorates().collect::<Vec<_>>()[..] else {
        panic!("six electorates");
    };
    // a: Protestant and Protestant-controlled: counts.
    game.set_religion(a, Religion::Protestant)?;
    game.set_controller(a, Faction::Protestant)?;
    // b: Protestant but Hapsburg-controlled: does not.
    game.set_religion(b, Religion::Protestant)?;
    // c: Protestant-controlled but Catholic: does not.
    game.set_controller(c, Faction::Protestant)?;
    assert_eq!(vp(&game, Power::Protestant).base, 2);
    // d: both, counts.
    game.set_religion(d, Religion::Protestant)?;
    game.set_controller(d, Faction::Protestant)?;
    assert_eq!(vp(&game, Power::Protestant).base, 4);
    // In unrest: does not.
    game.set_unrest(d, true)?;
    assert_eq!(vp(&game, Power::Protestant).base, 2);
    Ok(())
}

// --- Special VP -------------------------------------------------------------------

#[test]
fn ottoman_piracy_vp() -> Result<(), EditError> {
    let mut game = empty();
    assert_eq!(vp(&game, Power::Ottoman).special, SpecialVp::default());
    game.set_piracy_vp(3)?;
    assert_eq!(vp(&game, Power::Ottoman).special.piracy, 3);
    assert_eq!(vp(&game, Power::Ottoman).total(), 11);
    Ok(())
}

#[test]
fn hapsburg_electorates_count_only_after_the_league() -> Result<(), EditError> {
    let mut game = empty();
    // 1517: the Hapsburg controls all six electorates.
    assert_eq!(vp(&game, Power::Hapsburg).special.electorates, 0);
    game.set_schmalkaldic_league(true)?;
    assert_eq!(vp(&game, Power::Hapsburg).special.electorates, 6);
    game.set_unrest(Space::Mainz, true)?;
    game.set_controller(Space::Wittenberg, Faction::Protestant)?;
    assert_eq!(vp(&game, Power::Hapsburg).special.electorates, 4);
    assert_eq!(vp(&game, Power::Hapsburg).total(), 9 + 4);
    Ok(())
}

#[test]
fn england_one_vp_per_two_protestant_home_spaces() -> Result<(), EditError> {
    let mut game = empty();
    let english: Vec<Space> = Space::ALL.into_iter().filter(|s| s.home() == Faction::England).collect();
    // A Protestant space outside England does not count.
    game.set_religion(Space::Wittenberg, Religion::Protestant)?;
    for (n, vp_expected) in [(1, 0), (2, 1), (3, 1), (4, 2)] {
        game.set_religion(english[n - 1], Religion::Protestant)?;
        assert_eq!(vp(&game, Power::England).special.english_protestant_spaces, vp_expected);
    }
    game.set_unrest(english[0], true)?;
    assert_eq!(vp(&game, Power::England).special.english_protestant_spaces, 1);
    Ok(())
}

#[test]
fn england_heir_vp() -> Result<(), EditError> {
    let mut game = empty();
    game.set_heir_vp(5)?;
    assert_eq!(vp(&game, Power::England).special.heir, 5);
    assert_eq!(vp(&game, Power::England).total(), 14);
    game.set_heir_vp(2)?;
    assert_eq!(vp(&game, Power::England).total(), 11);
    Ok(())
}

#[test]
fn france_chateaux_vp() -> Result<(), EditError> {
    let mut game = empty();
    game.set_chateaux_vp(4)?;
    assert_eq!(vp(&game, Power::France).special.chateaux, 4);
    assert_eq!(vp(&game, Power::France).total(), 16);
    Ok(())
}

#[test]
fn papacy_track_and_st_peters() -> Result<(), EditError> {
    let mut game = empty();
    game.set_st_peters_vp(2)?;
    make_protestant(&mut game, 10)?;
    let special = vp(&game, Power::Papacy).special;
    assert_eq!((special.protestant_track, special.st_peters), (12, 2));
    assert_eq!(vp(&game, Power::Papacy).total(), 4 + 12 + 2);
    Ok(())
}

#[test]
fn protestant_track_value() -> Result<(), EditError> {
    let mut game = empty();
    make_protestant(&mut game, 17)?;
    assert_eq!(vp(&game, Power::Protestant).special.protestant_track, 5);
    assert_eq!(vp(&game, Power::Protestant).total(), 5);
    Ok(())
}

#[test]
fn bonus_vp_may_be_negative() -> Result<(), EditError> {
    let mut game = empty();
    game.set_bonus_vp(Power::England, -1)?;
    assert_eq!(vp(&game, Power::England).bonus, -1);
    assert_eq!(vp(&game, Power::England).total(), 8);
    game.set_bonus_vp(Power::Protestant, -2)?;
    assert_eq!(vp(&game, Power::Protestant).total(), -2);
    Ok(())
}

// --- The Protestant-spaces track ---------------------------------------------------

#[test]
fn track_moves_at_every_threshold() -> Result<(), EditError> {
    let mut game = empty();
    for (step, &t) in PROTESTANT_TRACK_THRESHOLDS.iter().enumerate() {
        let step = u8::try_from(step).expect("14 steps");
        make_protestant(&mut game, usize::from(t - 1))?;
        assert_eq!(protestant_spaces(&game), t - 1);
        assert_eq!(vp(&game, Power::Protestant).special.protestant_track, step);
        assert_eq!(vp(&game, Power::Papacy).special.protestant_track, 15 - step);
        make_protestant(&mut game, usize::from(t))?;
        assert_eq!(vp(&game, Power::Protestant).special.protestant_track, step + 1);
        assert_eq!(vp(&game, Power::Papacy).special.protestant_track, 14 - step);
    }
    // 47 to 49 all stand on the last box.
    for n in 47..=49 {
        make_protestant(&mut game, n)?;
        assert_eq!(vp(&game, Power::Protestant).special.protestant_track, 14);
        assert_eq!(vp(&game, Power::Papacy).special.protestant_track, 1);
    }
    Ok(())
}

#[test]
fn track_table_rows() {
    // The table of §23.2, first space of each row.
    let rows = [
        (0, 15),
        (4, 14),
        (7, 13),
        (10, 12),
        (14, 11),
        (17, 10),
        (20, 9),
        (24, 8),
        (27, 7),
        (30, 6),
        (34, 5),
        (37, 4),
        (40, 3),
        (44, 2),
        (47, 1),
    ];
    for (n, papal) in rows {
        assert_eq!(papal_track_vp(n), papal, "n = {n}");
        assert_eq!(protestant_track_vp(n), 15 - papal, "n = {n}");
    }
}

#[test]
fn spaces_in_unrest_are_off_the_track() -> Result<(), EditError> {
    let mut game = empty();
    make_protestant(&mut game, 4)?;
    assert_eq!(vp(&game, Power::Protestant).special.protestant_track, 1);
    let first = convertible().next().expect("a space");
    game.set_unrest(first, true)?;
    assert_eq!(protestant_spaces(&game), 3);
    assert_eq!(vp(&game, Power::Protestant).special.protestant_track, 0);
    assert_eq!(vp(&game, Power::Papacy).special.protestant_track, 15);
    Ok(())
}

// --- Automatic victories --------------------------------------------------------------

#[test]
fn religious_victory_at_fifty_spaces_not_in_unrest() -> Result<(), EditError> {
    let mut game = empty();
    make_protestant(&mut game, 49)?;
    assert!(!religious_victory(&game));
    make_protestant(&mut game, 50)?;
    assert!(religious_victory(&game));
    assert_eq!(automatic_victory(&game), verdict(Power::Protestant, VictoryKind::Religious));
    let first = convertible().next().expect("a space");
    game.set_unrest(first, true)?;
    assert!(!religious_victory(&game));
    assert_eq!(automatic_victory(&game), None);
    make_protestant(&mut game, 51)?;
    assert!(religious_victory(&game));
    Ok(())
}

#[test]
fn military_victory_at_the_auto_win_box() -> Result<(), EditError> {
    for power in [Power::Ottoman, Power::Hapsburg, Power::England, Power::France, Power::Papacy] {
        let needed = usize::from(auto_win_keys(power).expect("a key power"));
        let mut game = empty();
        hold_keys(&mut game, power, needed - 1)?;
        assert_eq!(military_auto_victory(&game), None, "{power}");
        hold_keys(&mut game, power, needed)?;
        assert_eq!(military_auto_victory(&game), Some(power), "{power}");
        assert_eq!(automatic_victory(&game), verdict(power, VictoryKind::Military));
    }
    Ok(())
}

#[test]
fn keys_in_unrest_do_not_count_for_military_victory() -> Result<(), EditError> {
    let mut game = empty();
    hold_keys(&mut game, Power::Papacy, 7)?;
    game.set_unrest(Space::Rome, true)?;
    assert_eq!(military_auto_victory(&game), None);
    hold_keys(&mut game, Power::Papacy, 8)?;
    assert_eq!(military_auto_victory(&game), Some(Power::Papacy));
    Ok(())
}

#[test]
fn two_military_winners_at_once_go_in_impulse_order() -> Result<(), EditError> {
    let mut game = empty();
    hold_keys(&mut game, Power::Papacy, 7)?;
    hold_keys(&mut game, Power::England, 9)?;
    assert_eq!(military_auto_victory(&game), Some(Power::England));
    Ok(())
}

#[test]
fn two_player_military_victory_only_for_the_papacy() -> Result<(), EditError> {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    hold_keys(&mut game, Power::England, 9)?;
    assert_eq!(military_auto_victory(&game), None);
    hold_keys(&mut game, Power::Papacy, 7)?;
    assert_eq!(military_auto_victory(&game), Some(Power::Papacy));
    Ok(())
}

// --- Victory determination ---------------------------------------------------------------

#[test]
fn no_verdict_on_the_1517_board() {
    assert_eq!(victory_determination(&empty()), None);
}

#[test]
fn standard_victory_highest_total_wins() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(2)?;
    set_totals(&mut game, [10, 26, 9, 25, 19, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::Hapsburg, VictoryKind::Standard));
    set_totals(&mut game, [10, 24, 9, 12, 19, 3])?;
    assert_eq!(victory_determination(&game), None);
    Ok(())
}

#[test]
fn standard_tie_broken_by_the_previous_turn() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(5)?;
    set_totals(&mut game, [10, 9, 9, 25, 25, 3])?;
    game.set_vp_history(4, [10, 9, 9, 20, 21, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Standard));
    game.set_vp_history(4, [10, 9, 9, 22, 21, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::France, VictoryKind::Standard));
    Ok(())
}

#[test]
fn standard_tie_goes_back_turn_by_turn() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(5)?;
    set_totals(&mut game, [10, 9, 9, 25, 25, 3])?;
    // Tied on turns 4 and 3 (and a power out of the tie ahead on turn 4);
    // the Papacy was ahead on turn 2.
    game.set_vp_history(4, [30, 9, 9, 21, 21, 3])?;
    game.set_vp_history(3, [10, 9, 9, 18, 18, 3])?;
    game.set_vp_history(2, [10, 9, 9, 16, 17, 3])?;
    game.set_vp_history(1, [10, 9, 9, 17, 16, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Standard));
    Ok(())
}

#[test]
fn tie_on_every_turn_goes_to_the_first_in_impulse_order() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(3)?;
    set_totals(&mut game, [10, 9, 9, 25, 25, 3])?;
    game.set_vp_history(2, [10, 9, 9, 20, 20, 3])?;
    game.set_vp_history(1, [10, 9, 9, 12, 12, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::France, VictoryKind::Standard));
    Ok(())
}

#[test]
fn the_current_turns_record_is_not_a_tie_break() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(2)?;
    set_totals(&mut game, [10, 9, 9, 25, 25, 3])?;
    // A record for this turn (or later) is ignored: only earlier turns count.
    game.set_vp_history(2, [10, 9, 9, 20, 24, 3])?;
    game.set_vp_history(1, [10, 9, 9, 13, 12, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::France, VictoryKind::Standard));
    Ok(())
}

#[test]
fn domination_only_from_turn_4() -> Result<(), EditError> {
    let mut game = empty();
    set_totals(&mut game, [10, 9, 15, 12, 20, 3])?;
    game.set_turn(3)?;
    assert_eq!(victory_determination(&game), None);
    game.set_turn(4)?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Domination));
    Ok(())
}

#[test]
fn domination_needs_a_five_vp_lead_over_every_power() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(6)?;
    set_totals(&mut game, [10, 9, 16, 12, 20, 3])?;
    assert_eq!(victory_determination(&game), None);
    set_totals(&mut game, [24, 9, 16, 12, 19, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::Ottoman, VictoryKind::Domination));
    Ok(())
}

#[test]
fn time_victory_at_the_end_of_turn_9() -> Result<(), EditError> {
    let mut game = empty();
    set_totals(&mut game, [10, 9, 16, 12, 20, 3])?;
    game.set_turn(LAST_TURN - 1)?;
    assert_eq!(victory_determination(&game), None);
    game.set_turn(LAST_TURN)?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Time));
    Ok(())
}

#[test]
fn time_victory_tie_broken_by_the_previous_turn() -> Result<(), EditError> {
    let mut game = empty();
    game.set_turn(LAST_TURN)?;
    set_totals(&mut game, [20, 9, 16, 12, 20, 3])?;
    game.set_vp_history(8, [18, 9, 16, 12, 19, 3])?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Time));
    Ok(())
}

#[test]
fn two_player_domination_needs_an_eight_vp_lead() -> Result<(), EditError> {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    game.set_turn(4)?;
    // The non-player powers do not count, however many VP they have.
    set_totals(&mut game, [24, 24, 24, 24, 19, 12])?;
    assert_eq!(victory_determination(&game), None);
    set_totals(&mut game, [24, 24, 24, 24, 19, 11])?;
    assert_eq!(victory_determination(&game), verdict(Power::Papacy, VictoryKind::Domination));
    game.set_turn(3)?;
    assert_eq!(victory_determination(&game), None);
    Ok(())
}

#[test]
fn two_player_standard_victory_ignores_the_non_players() -> Result<(), EditError> {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    game.set_turn(2)?;
    set_totals(&mut game, [30, 30, 30, 30, 19, 20])?;
    assert_eq!(victory_determination(&game), None);
    set_totals(&mut game, [30, 30, 30, 30, 19, 25])?;
    assert_eq!(victory_determination(&game), verdict(Power::Protestant, VictoryKind::Standard));
    Ok(())
}

// --- Properties ---------------------------------------------------------------------

/// One random edit of a space: control, religion, unrest.
fn space_edit() -> impl Strategy<Value = (usize, usize, bool, bool)> {
    (0..Space::COUNT, 0..Faction::COUNT, any::<bool>(), any::<bool>())
}

prop_compose! {
    fn random_game()(
        scenario in prop_oneof![Just(Scenario::Y1517), Just(Scenario::Y1532), Just(Scenario::TwoPlayer)],
        edits in prop::collection::vec(space_edit(), 0..120),
        bonus in prop::array::uniform6(-5i8..30),
        piracy in 0u8..=10,
        chateaux in 0u8..=6,
        st_peters in 0u8..=5,
        heir in prop_oneof![Just(0u8), Just(2), Just(5)],
        league in any::<bool>(),
        turn in 1u8..=LAST_TURN,
        history in prop::array::uniform9(prop::array::uniform6(0i8..30)),
    ) -> Game {
        let mut game = Game::empty(Setup::new(scenario, 1));
        for (space, faction, protestant, unrest) in edits {
            let space = Space::ALL[space];
            game.set_controller(space, Faction::ALL[faction]).expect("control edit");
            if space.home() != Faction::Ottoman {
                let religion = if protestant { Religion::Protestant } else { Religion::Catholic };
                game.set_religion(space, religion).expect("religion edit");
            }
            game.set_unrest(space, unrest).expect("unrest edit");
        }
        for p in Power::ALL {
            game.set_bonus_vp(p, bonus[p.index()]).expect("bonus edit");
        }
        game.set_piracy_vp(piracy).expect("piracy edit");
        game.set_chateaux_vp(chateaux).expect("chateaux edit");
        game.set_st_peters_vp(st_peters).expect("st peters edit");
        game.set_heir_vp(heir).expect("heir edit");
        game.set_schmalkaldic_league(league).expect("league edit");
        game.set_turn(turn).expect("turn edit");
        for (i, totals) in history.into_iter().enumerate() {
            let turn = u8::try_from(i + 1).expect("nine turns");
            game.set_vp_history(turn, totals).expect("history edit");
        }
        game
    }
}

proptest! {
    #[test]
    fn parts_sum_to_the_total(game in random_game()) {
        for p in Power::ALL {
            let b = vp(&game, p);
            let sum = i16::from(b.base) + i16::from(b.special.total()) + i16::from(b.bonus);
            prop_assert_eq!(i16::from(b.total()), sum);
            prop_assert_eq!(vp_totals(&game)[p.index()], b.total());
        }
    }

    #[test]
    fn track_values_add_up_to_fifteen(game in random_game()) {
        let papacy = vp(&game, Power::Papacy).special.protestant_track;
        let protestant = vp(&game, Power::Protestant).special.protestant_track;
        prop_assert_eq!(papacy + protestant, 15);
    }

    #[test]
    fn the_winner_is_the_one_the_rules_name(game in random_game()) {
        let totals = vp_totals(&game);
        let powers = counting_powers(game.scenario());
        let top = powers.iter().map(|p| totals[p.index()]).max().expect("players");
        match victory_determination(&game) {
            None => {
                prop_assert!(top < 25);
                prop_assert!(game.turn() < LAST_TURN);
            }
            Some(Outcome { winner, kind }) => {
                prop_assert!(powers.contains(winner));
                let own = totals[winner.index()];
                match kind {
                    VictoryKind::Standard => {
                        prop_assert!(own >= 25);
                        prop_assert_eq!(own, top);
                    }
                    VictoryKind::Domination => {
                        prop_assert!(game.turn() >= 4);
                        prop_assert!(own < 25);
                        let lead = domination_lead(game.scenario());
                        for q in powers.iter().filter(|&q| q != winner) {
                            prop_assert!(i16::from(own) - i16::from(totals[q.index()]) >= i16::from(lead));
                        }
                    }
                    VictoryKind::Time => {
                        prop_assert_eq!(game.turn(), LAST_TURN);
                        prop_assert_eq!(own, top);
                    }
                    VictoryKind::Military | VictoryKind::Religious => {
                        prop_assert!(false, "not a phase-9 victory");
                    }
                }
            }
        }
    }

    #[test]
    fn military_winner_holds_its_auto_win_keys(game in random_game()) {
        if let Some(p) = military_auto_victory(&game) {
            let calm = game.keys_controlled(p).iter().filter(|&s| !game.in_unrest(s)).count();
            prop_assert!(calm >= usize::from(auto_win_keys(p).expect("a key power")));
        }
    }
}
