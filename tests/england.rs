//! England's succession (§21.3, §6.2, §8, §23.2): Six Wives of Henry VIII
//! (#3), the marital status track and the pregnancy chart, the English
//! Reformation's arrivals, the heirs' cards and their events (#19, #21, #23).

use crate::common;
use here_i_stand::rules::england::{english_cards_due, next_marriage, pregnancy_result};
use here_i_stand::rules::religion::unit_religion;
use here_i_stand::*;

type R = Result<(), EditError>;

/// A bare 1517 board in the action phase of `turn`, at England's impulse
/// (the Ottoman and the Hapsburg passed), Henry VIII in London and Six
/// Wives in England's hand; `edit` runs before the phase starts.
fn england_impulse(turn: u8, edit: impl FnOnce(&mut Game)) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 5).with_fast_play(true));
    game.set_turn(turn).unwrap();
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London)).unwrap();
    game.give_card(Power::England, Card::SixWivesOfHenryViii).unwrap();
    edit(&mut game);
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game.apply(Action::Pass).unwrap();
    game.apply(Action::Pass).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::England));
    game
}

/// England plays Six Wives as its event and marries; returns the events.
fn marry(game: &mut Game) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply_logged(Action::PlayEvent(Card::SixWivesOfHenryViii), &mut log).unwrap();
    let next = next_marriage(game).expect("Henry may marry");
    game.apply_logged(Action::Marry(next), &mut log).unwrap();
    log
}

fn in_game(game: &Game, card: Card) -> bool {
    game.deck().contains(card)
        || game.discard_pile().contains(card)
        || Power::ALL.iter().any(|&p| game.hand(p).contains(card))
}

/// Runs the card draw of `turn` on `game` (set up beforehand).
fn card_draw(game: &mut Game, turn: u8) {
    game.set_turn(turn).unwrap();
    game.set_phase(Phase::CardDraw).unwrap();
    game.run_automatic();
}

// --- Six Wives of Henry VIII (#3): the choice --------------------------------

#[test]
fn six_wives_offers_both_uses_from_turn_2() {
    let mut game = england_impulse(2, |_| {});
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::SixWivesOfHenryViii)));
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[
            Action::DeclareWar(Faction::Hapsburg),
            Action::DeclareWar(Faction::France),
            Action::DeclareWar(Faction::Scotland),
            Action::Marry(MaritalStatus::AskForDivorce),
        ]
    );
}

#[test]
fn turn_1_has_only_the_declaration_of_war() {
    let mut game = england_impulse(1, |_| {});
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    assert!(game.legal_actions().iter().all(|a| matches!(a, Action::DeclareWar(_))));
}

#[test]
fn no_use_no_event() {
    // Turn 1 and at war with all three targets: only CP.
    let game = england_impulse(1, |g| {
        for target in [Faction::France, Faction::Hapsburg, Faction::Scotland] {
            g.set_war(Power::England, target, true).unwrap();
        }
    });
    let actions = game.legal_actions();
    assert!(!actions.contains(&Action::PlayEvent(Card::SixWivesOfHenryViii)));
    assert!(actions.contains(&Action::PlayCp(Card::SixWivesOfHenryViii)));
}

#[test]
fn henry_must_be_free_to_marry() -> R {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    game.set_turn(3)?;
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London))?;
    assert_eq!(next_marriage(&game), Some(MaritalStatus::AskForDivorce));
    // Besieged.
    game.set_besieged_units(Space::London, Faction::England, LandUnits::regulars(1))?;
    assert_eq!(next_marriage(&game), None);
    // Captured.
    game.set_leader(Leader::HenryViii, LeaderLocation::Captured(Power::France))?;
    assert_eq!(next_marriage(&game), None);
    // Not ruling.
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::Calais))?;
    assert_eq!(next_marriage(&game), Some(MaritalStatus::AskForDivorce));
    game.set_ruler(Power::England, Ruler::EdwardVi)?;
    assert_eq!(next_marriage(&game), None);
    Ok(())
}

// --- The marriage use: the track and the pregnancy chart ---------------------

#[test]
fn asking_for_divorce_rolls_nothing() {
    let mut game = england_impulse(2, |_| {});
    let log = marry(&mut game);
    assert_eq!(game.marital_status(), MaritalStatus::AskForDivorce);
    assert!(log.contains(&Event::MaritalStatusAdvanced(MaritalStatus::AskForDivorce)));
    assert!(!log.iter().any(|e| matches!(e, Event::PregnancyChart { .. })));
    // The home card goes to the power card; the impulse ends.
    assert!(!game.hand(Power::England).contains(Card::SixWivesOfHenryViii));
    assert!(!game.discard_pile().contains(Card::SixWivesOfHenryViii));
    assert_eq!(game.decider(), Decider::Power(Power::France));
}

#[test]
fn anne_boleyn_rolls_and_gives_the_hapsburg_catherine_of_aragon() {
    let mut game = england_impulse(3, |g| g.set_marital_status(MaritalStatus::AskForDivorce).unwrap());
    game.force_dice(&[2]).unwrap();
    let log = marry(&mut game);
    assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
    assert!(
        log.iter().any(|e| matches!(e, Event::PregnancyChart { wife: MaritalStatus::AnneBoleyn, result: Some(2), .. }))
    );
    assert!(game.pregnancy_result_had(2));
    assert_eq!(game.heir_vp(), 0);
    assert!(game.catherine_of_aragon_marker());
    assert!(log.contains(&Event::CatherineOfAragonMarker(true)));
}

#[test]
fn jane_seymour_adds_one_and_a_healthy_edward_ends_the_line_of_cards() {
    let mut game = england_impulse(4, |g| g.set_marital_status(MaritalStatus::AnneBoleyn).unwrap());
    game.force_dice(&[5]).unwrap();
    marry(&mut game);
    assert!(game.pregnancy_result_had(6));
    assert!(game.edward_born());
    assert_eq!(game.heir_vp(), 5);
    // Mary I and Elizabeth I leave the game; no more marriages.
    assert!(game.removed_cards().contains(Card::MaryI));
    assert!(game.removed_cards().contains(Card::ElizabethI));
    assert_eq!(next_marriage(&game), None);
}

#[test]
fn a_repeated_result_moves_up_to_the_first_not_had() {
    let mut game = england_impulse(4, |g| {
        g.set_marital_status(MaritalStatus::JaneSeymour).unwrap();
        g.set_pregnancy_result(2, true).unwrap();
        g.set_pregnancy_result(3, true).unwrap();
    });
    game.force_dice(&[2]).unwrap();
    marry(&mut game);
    assert_eq!(game.marital_status(), MaritalStatus::AnneOfCleves);
    assert!(game.elizabeth_born());
    assert_eq!(game.heir_vp(), 2);
    // Elizabeth then a sickly Edward: 5 VP, both heirs, the marker stops.
    assert_eq!(pregnancy_result(&game, MaritalStatus::KathrynHoward, 4), Some(5));
}

#[test]
fn a_beheading_advances_again_at_englands_first_pass() {
    let mut game = england_impulse(3, |g| g.set_marital_status(MaritalStatus::AskForDivorce).unwrap());
    // Anne Boleyn rolls 3 (beheaded); Jane Seymour then rolls 1 + 1.
    game.force_dice(&[3, 1]).unwrap();
    marry(&mut game);
    assert!(game.beheading_pending());
    assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
    // France, the Papacy, the Protestant, the Ottoman and the Hapsburg pass.
    for _ in 0..5 {
        game.apply(Action::Pass).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::England));
    let mut log = Vec::new();
    game.apply_logged(Action::Pass, &mut log).unwrap();
    assert_eq!(game.marital_status(), MaritalStatus::JaneSeymour);
    assert!(!game.beheading_pending());
    assert!(game.pregnancy_result_had(2));
    assert!(log.contains(&Event::MaritalStatusAdvanced(MaritalStatus::JaneSeymour)));
}

#[test]
fn no_advance_at_the_pass_if_henry_is_besieged_then() {
    let mut game = england_impulse(3, |g| g.set_marital_status(MaritalStatus::AskForDivorce).unwrap());
    game.force_dice(&[3]).unwrap();
    marry(&mut game);
    for _ in 0..5 {
        game.apply(Action::Pass).unwrap();
    }
    game.set_besieged_units(Space::London, Faction::England, LandUnits::regulars(1)).unwrap();
    game.apply(Action::Pass).unwrap();
    assert!(!game.beheading_pending());
    assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
}

#[test]
fn kathryn_howard_draws_england_a_card() {
    let mut game = england_impulse(5, |g| {
        g.set_marital_status(MaritalStatus::AnneOfCleves).unwrap();
        g.put_card_in_deck(Card::Erasmus).unwrap();
    });
    game.force_dice(&[1]).unwrap();
    let log = marry(&mut game);
    assert!(game.hand(Power::England).contains(Card::Erasmus));
    assert!(log.contains(&Event::CardDrawnFromDeck(Power::England)));
}

#[test]
fn anne_of_cleves_draws_for_england_and_its_protestant_ally() {
    let mut game = england_impulse(5, |g| {
        g.set_marital_status(MaritalStatus::JaneSeymour).unwrap();
        g.set_alliance(Power::England, Power::Protestant, true).unwrap();
        g.put_card_in_deck(Card::Erasmus).unwrap();
        g.put_card_in_deck(Card::ThomasMore).unwrap();
    });
    game.force_dice(&[1]).unwrap();
    marry(&mut game);
    assert_eq!(game.hand(Power::England).len(), 1);
    assert_eq!(game.hand(Power::Protestant).len(), 1);
}

#[test]
fn anne_of_cleves_without_the_alliance_draws_nothing() {
    let mut game = england_impulse(5, |g| {
        g.set_marital_status(MaritalStatus::JaneSeymour).unwrap();
        g.put_card_in_deck(Card::Erasmus).unwrap();
    });
    game.force_dice(&[1]).unwrap();
    marry(&mut game);
    assert_eq!(game.deck_size(), 1);
}

#[test]
fn katherine_parr_brings_both_heirs_without_a_roll() {
    let mut game = england_impulse(6, |g| g.set_marital_status(MaritalStatus::KathrynHoward).unwrap());
    // A forced die left unused shows no roll was made.
    game.force_dice(&[1]).unwrap();
    marry(&mut game);
    assert!(game.elizabeth_born() && game.edward_born());
    assert!(!game.pregnancy_result_had(6));
    assert!(!game.pregnancy_result_had(1));
    assert_eq!(game.heir_vp(), 5);
}

// --- The declaration-of-war use ---------------------------------------------

#[test]
fn six_wives_declares_war_then_gives_5_cp() {
    let mut game = england_impulse(1, |_| {});
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::DeclareWar(Faction::France), &mut log).unwrap();
    assert!(game.at_war(Power::England, Power::France));
    assert!(log.contains(&Event::WarDeclared { power: Power::England, target: Faction::France }));
    assert_eq!(game.decider(), Decider::Power(Power::England));
    // 5 CP: two regulars (4 CP), then a mercenary (1 CP) ends the impulse.
    game.apply(Action::RaiseRegular(Space::London)).unwrap();
    game.apply(Action::RaiseRegular(Space::London)).unwrap();
    game.apply(Action::BuyMercenary(Space::London)).unwrap();
    assert_eq!(game.land_units(Space::London, Faction::England), LandUnits { regulars: 2, mercenaries: 1, cavalry: 0 });
    assert_eq!(game.decider(), Decider::Power(Power::France));
}

#[test]
fn france_may_intervene_for_scotland_for_free() {
    let mut game = england_impulse(2, |_| {});
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    assert!(game.at_war(Power::England, Faction::Scotland));
    // France holds no card, yet may intervene.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::Intervene]);
    game.apply(Action::Intervene).unwrap();
    assert!(game.at_war(Power::England, Power::France));
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    // No Phony War marker outside the diplomacy phase (our ruling).
    assert_eq!(game.bonus_vp(Power::England), 0);
    // Then England spends its 5 CP.
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.legal_actions().contains(&Action::RaiseRegular(Space::London)));
}

/// §9.6 "DOW during the Action Phase" after France's intervention (ruling
/// AL8): the English and French squadrons in the North Sea, now at war,
/// fight at once, England attacking; then England's 5 CP.
#[test]
fn an_intervention_after_six_wives_fights_an_immediate_naval_battle() {
    let north_sea = NavalLocation::Sea(SeaZone::NorthSea);
    let mut game = england_impulse(2, |g| {
        for faction in [Faction::England, Faction::France] {
            g.set_naval_units(north_sea, faction, NavalUnits::squadrons(2)).unwrap();
        }
    });
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    assert_eq!(game.naval_units(north_sea, Faction::France), NavalUnits::squadrons(2), "no war yet");
    let mut log = Vec::new();
    game.apply_logged(Action::Intervene, &mut log).unwrap();
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    game.force_dice(&[6, 6, 1, 1]).unwrap();
    assert_eq!(common::card_windows(&mut game, &mut log), [Power::England, Power::France]);
    let battle = common::naval_battle(&log);
    assert_eq!(battle, Some((Power::England, Faction::France, north_sea, Faction::France)));
    assert_eq!(common::retreat_first(&mut game, &mut log), [Power::England]);
    assert_eq!(game.naval_units(north_sea, Faction::England), NavalUnits::NONE);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.legal_actions().contains(&Action::RaiseRegular(Space::London)));
}

#[test]
fn declining_the_intervention_leaves_scotland_alone() {
    let mut game = england_impulse(2, |_| {});
    game.apply(Action::PlayEvent(Card::SixWivesOfHenryViii)).unwrap();
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    game.apply(Action::Decline).unwrap();
    assert!(!game.at_war(Power::England, Power::France));
    assert_eq!(game.minor_ally(MinorPower::Scotland), None);
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

// --- The Catherine of Aragon marker (§9.6 step 2) ----------------------------

#[test]
fn the_hapsburg_uses_catherine_of_aragon_on_its_next_war_on_england() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_turn(4).unwrap();
    game.give_card(Power::Hapsburg, Card::HolyRomanEmperor).unwrap();
    game.set_catherine_of_aragon_marker(true).unwrap();
    assert_eq!(rules::diplomacy::dow_cost_now(&game, Power::Hapsburg, Faction::England), 1);
    crate::common::enter_diplomacy_after_negotiation(&mut game);
    while game.decider() != Decider::Power(Power::Hapsburg) || !game.legal_actions().contains(&Action::Done) {
        game.apply(game.legal_actions()[0]).unwrap();
    }
    let mut log = Vec::new();
    game.apply_logged(Action::DeclareWar(Faction::England), &mut log).unwrap();
    assert!(log.contains(&Event::CatherineOfAragonMarker(false)));
    assert!(!game.catherine_of_aragon_marker());
    assert_eq!(rules::diplomacy::dow_cost_now(&game, Power::Hapsburg, Faction::England), 3);
}

// --- Arrivals at the card draw (§8, §6.2) ------------------------------------

#[test]
fn anne_boleyn_brings_cranmer_his_debaters_and_three_cards_next_turn() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 1).with_fast_play(true));
    game.set_marital_status(MaritalStatus::AnneBoleyn).unwrap();
    card_draw(&mut game, 4);
    assert_eq!(game.reformer_state(Reformer::Cranmer), ReformerState::OnMap);
    assert_eq!(game.religion(Space::London), Religion::Protestant);
    for debater in [Debater::Cranmer, Debater::Coverdale, Debater::Latimer] {
        assert_eq!(game.debater_state(debater), DebaterState::Uncommitted);
    }
    for card in [Card::BookOfCommonPrayer, Card::DissolutionOfTheMonasteries, Card::PilgrimageOfGrace] {
        assert!(in_game(&game, card), "{card} entered");
    }
}

/// §21.3: married to Anne Boleyn on turn 2, England's Reformation starts
/// on turn 3: Cranmer, Coverdale and Latimer enter with the reformer.
#[test]
fn cranmers_companions_enter_with_him_on_turn_3() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 1).with_fast_play(true));
    game.set_marital_status(MaritalStatus::AnneBoleyn).unwrap();
    card_draw(&mut game, 3);
    assert_eq!(game.reformer_state(Reformer::Cranmer), ReformerState::OnMap);
    for debater in [Debater::Cranmer, Debater::Coverdale, Debater::Latimer] {
        assert_eq!(game.debater_state(debater), DebaterState::Uncommitted, "{debater}");
    }
}

#[test]
fn nothing_english_arrives_before_anne_boleyn() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 1).with_fast_play(true));
    game.set_marital_status(MaritalStatus::AskForDivorce).unwrap();
    card_draw(&mut game, 4);
    assert_eq!(game.reformer_state(Reformer::Cranmer), ReformerState::NotArrived);
    assert_eq!(game.debater_state(Debater::Cranmer), DebaterState::NotArrived);
    assert!(!in_game(&game, Card::BookOfCommonPrayer));
    assert_eq!(game.religion(Space::London), Religion::Catholic);
}

#[test]
fn heirs_cards_by_condition() -> R {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    game.set_turn(5)?;
    assert!(english_cards_due(&game).is_empty());
    // Turn 6, no heir: Mary I only.
    game.set_turn(6)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::MaryI]);
    // An Edward: Edward VI, not Mary I.
    game.set_pregnancy_result(5, true)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::EdwardVi]);
    // A sickly Edward rules: Mary I.
    game.set_ruler(Power::England, Ruler::EdwardVi)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::MaryI]);
    // A healthy Edward rules: nothing.
    game.set_pregnancy_result(6, true)?;
    assert!(english_cards_due(&game).is_empty());
    // Mary I rules: Elizabeth I only if born.
    game.set_ruler(Power::England, Ruler::MaryI)?;
    assert!(english_cards_due(&game).is_empty());
    game.set_pregnancy_result(4, true)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::ElizabethI]);
    // A card already in the game does not enter again.
    game.put_card_in_deck(Card::ElizabethI)?;
    assert!(english_cards_due(&game).is_empty());
    Ok(())
}

#[test]
fn mary_i_enters_at_the_turn_6_card_draw() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 1).with_fast_play(true));
    card_draw(&mut game, 6);
    assert!(in_game(&game, Card::MaryI));
    assert!(!in_game(&game, Card::EdwardVi));
}

#[test]
fn two_player_henry_marries_on_turn_4_and_the_reformation_follows() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1).with_fast_play(true));
    card_draw(&mut game, 4);
    assert_eq!(game.marital_status(), MaritalStatus::AnneBoleyn);
    assert_eq!(game.reformer_state(Reformer::Cranmer), ReformerState::NotArrived);
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1).with_fast_play(true));
    game.set_marital_status(MaritalStatus::AnneBoleyn).unwrap();
    card_draw(&mut game, 5);
    assert_eq!(game.reformer_state(Reformer::Cranmer), ReformerState::OnMap);
    assert_eq!(game.debater_state(Debater::Latimer), DebaterState::Uncommitted);
    assert!(in_game(&game, Card::DissolutionOfTheMonasteries));
}

#[test]
fn two_player_heirs_follow_the_turn_track() -> R {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0).with_fast_play(true));
    game.set_turn(6)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::EdwardVi]);
    game.set_ruler(Power::England, Ruler::EdwardVi)?;
    assert!(english_cards_due(&game).is_empty());
    game.set_turn(7)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::MaryI]);
    game.set_ruler(Power::England, Ruler::MaryI)?;
    assert!(english_cards_due(&game).is_empty());
    game.set_turn(8)?;
    assert_eq!(english_cards_due(&game).iter().collect::<Vec<_>>(), [Card::ElizabethI]);
    Ok(())
}

// --- The heirs' events (#19, #21, #23) ---------------------------------------

/// England's impulse on turn 7 with `card` in hand (no Six Wives).
fn heir_impulse(card: Card, edit: impl FnOnce(&mut Game)) -> Game {
    england_impulse(7, |g| {
        g.remove_card(Card::SixWivesOfHenryViii).unwrap();
        g.give_card(Power::England, card).unwrap();
        edit(g);
    })
}

#[test]
fn edward_vi_takes_the_throne_and_dudley_enters_london() {
    let mut game = heir_impulse(Card::EdwardVi, |g| g.set_pregnancy_result(5, true).unwrap());
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::PlayEvent(Card::EdwardVi)));
    assert!(!actions.contains(&Action::PlayCp(Card::EdwardVi)));
    let mut log = Vec::new();
    game.apply_logged(Action::PlayEvent(Card::EdwardVi), &mut log).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    assert_eq!(game.leader_location(Leader::HenryViii), LeaderLocation::Removed);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Space(Space::London));
    assert!(game.removed_cards().contains(Card::EdwardVi));
    assert_eq!(unit_religion(&game, Faction::England), Some(Religion::Protestant));
    // Then 2 CP.
    assert!(game.legal_actions().contains(&Action::RaiseRegular(Space::London)));
}

#[test]
fn dudley_goes_to_london_or_henrys_space_england_choosing() {
    let mut game = heir_impulse(Card::EdwardVi, |g| {
        g.set_pregnancy_result(5, true).unwrap();
        g.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::Calais)).unwrap();
    });
    game.apply(Action::PlayEvent(Card::EdwardVi)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::PlaceAt(Space::Calais), Action::PlaceAt(Space::London)]);
    game.apply(Action::PlaceAt(Space::Calais)).unwrap();
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Space(Space::Calais));
}

#[test]
fn mary_i_takes_the_throne_from_henry() {
    let mut game = heir_impulse(Card::MaryI, |_| {});
    game.apply(Action::PlayEvent(Card::MaryI)).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::MaryI);
    assert_eq!(game.leader_location(Leader::HenryViii), LeaderLocation::Removed);
    assert!(game.removed_cards().contains(Card::MaryI));
    assert_eq!(unit_religion(&game, Faction::England), Some(Religion::Catholic));
}

#[test]
fn mary_i_follows_a_sickly_edward() {
    let mut game = heir_impulse(Card::MaryI, |g| {
        g.set_pregnancy_result(5, true).unwrap();
        g.set_ruler(Power::England, Ruler::EdwardVi).unwrap();
        g.set_leader(Leader::HenryViii, LeaderLocation::Removed).unwrap();
        g.set_leader(Leader::Dudley, LeaderLocation::Space(Space::London)).unwrap();
    });
    game.apply(Action::PlayEvent(Card::MaryI)).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::MaryI);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Space(Space::London));
    assert!(game.removed_cards().contains(Card::MaryI));
}

#[test]
fn a_late_sickly_heir_makes_mary_i_act_as_edward_vi_and_recur() {
    let mut game = heir_impulse(Card::MaryI, |g| g.set_pregnancy_result(5, true).unwrap());
    game.apply(Action::PlayEvent(Card::MaryI)).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    assert!(game.discard_pile().contains(Card::MaryI));
    assert!(!game.removed_cards().contains(Card::MaryI));
}

#[test]
fn a_late_healthy_heir_makes_mary_i_act_as_edward_vi_and_leave() {
    let mut game = heir_impulse(Card::MaryI, |g| g.set_pregnancy_result(6, true).unwrap());
    game.apply(Action::PlayEvent(Card::MaryI)).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    assert!(game.removed_cards().contains(Card::MaryI));
}

#[test]
fn a_healthy_edward_rolled_while_mary_i_is_in_the_deck_keeps_her_there() {
    let mut game = england_impulse(6, |g| {
        g.set_marital_status(MaritalStatus::AnneBoleyn).unwrap();
        g.put_card_in_deck(Card::MaryI).unwrap();
    });
    game.force_dice(&[6]).unwrap();
    marry(&mut game);
    assert!(game.deck().contains(Card::MaryI));
    assert!(game.removed_cards().contains(Card::ElizabethI));
}

#[test]
fn elizabeth_i_follows_mary_i() {
    let mut game = heir_impulse(Card::ElizabethI, |g| {
        g.set_ruler(Power::England, Ruler::MaryI).unwrap();
        g.set_leader(Leader::HenryViii, LeaderLocation::Removed).unwrap();
    });
    game.apply(Action::PlayEvent(Card::ElizabethI)).unwrap();
    assert_eq!(game.ruler(Power::England), Ruler::ElizabethI);
    assert!(game.removed_cards().contains(Card::ElizabethI));
    assert_eq!(unit_religion(&game, Faction::England), Some(Religion::Protestant));
}

#[test]
fn two_player_edward_vi_is_forced_in_turn_7_winter() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0).with_fast_play(true));
    game.set_turn(7).unwrap();
    game.put_card_in_deck(Card::EdwardVi).unwrap();
    game.set_phase(Phase::Winter).unwrap();
    game.run_automatic();
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    assert!(game.removed_cards().contains(Card::EdwardVi));
}

#[cfg(feature = "serde")]
#[test]
fn succession_round_trips() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0).with_fast_play(true));
    game.set_marital_status(MaritalStatus::JaneSeymour).unwrap();
    game.set_pregnancy_result(3, true).unwrap();
    game.set_pregnancy_result(4, true).unwrap();
    game.set_catherine_of_aragon_marker(true).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.marital_status(), MaritalStatus::JaneSeymour);
}

// --- Mary I in power (§21.3 steps 1-7) ---------------------------------------

/// England's impulse under Mary I with `card` in hand and York Protestant
/// (so the procedure applies).
fn mary_impulse(card: Card, edit: impl FnOnce(&mut Game)) -> Game {
    england_impulse(7, |g| {
        g.remove_card(Card::SixWivesOfHenryViii).unwrap();
        g.set_ruler(Power::England, Ruler::MaryI).unwrap();
        g.set_leader(Leader::HenryViii, LeaderLocation::Removed).unwrap();
        g.set_religion(Space::York, Religion::Protestant).unwrap();
        g.give_card(Power::England, card).unwrap();
        edit(g);
    })
}

#[test]
fn under_mary_a_4_lets_england_play_its_card() {
    let mut game = mary_impulse(Card::Erasmus, |_| {});
    game.force_dice(&[4]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(Card::Erasmus), &mut log).unwrap();
    assert!(log.iter().any(|e| matches!(e, Event::MaryIRoll { papal: false, .. })));
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert!(game.legal_actions().contains(&Action::RaiseRegular(Space::London)));
}

#[test]
fn under_mary_a_3_gives_a_2_cp_card_to_papal_burn_books_in_england() {
    // A response card: CP only while Mary rules (step 6).
    let card = Card::FoulWeather;
    assert_eq!(card.cp(), 2);
    assert_eq!(rules::england::mary_papal_actions(2), (true, false));
    let mut game = mary_impulse(card, |_| {});
    assert!(rules::england::mary_forbids_event(&game, Power::England, card));
    assert!(!game.legal_actions().contains(&Action::PlayEvent(card)));
    game.force_dice(&[3]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(card), &mut log).unwrap();
    assert!(log.iter().any(|e| matches!(e, Event::MaryIRoll { papal: true, .. })));
    assert!(game.discard_pile().contains(card));
    assert!(!game.hand(Power::England).contains(card));
    // The Papacy picks its Burn Books targets: York is one.
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert!(game.legal_actions().contains(&Action::Target(Space::York)));
    game.force_dice(&[6, 6]).unwrap();
    game.apply(Action::Target(Space::York)).unwrap();
    assert_eq!(game.religion(Space::York), Religion::Catholic);
    // No target left: England's impulse is over, France's begins.
    assert_eq!(game.decider(), Decider::Power(Power::France));
}

#[test]
fn under_mary_a_3_cp_card_gives_the_papacy_a_debate_in_england() {
    let card = Card::ThomasMore;
    assert_eq!(card.cp(), 3);
    let mut game = mary_impulse(card, |g| {
        g.set_debater(Debater::Eck, DebaterState::Uncommitted).unwrap();
        g.set_debater(Debater::Cranmer, DebaterState::Uncommitted).unwrap();
    });
    game.force_dice(&[1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(card), &mut log).unwrap();
    assert!(log.iter().any(|e| matches!(
        e,
        Event::Debate { caller: Power::Papacy, zone: LanguageZone::English, round: 1, attacker: Debater::Eck, .. }
    )));
    assert!(!log.iter().any(|e| matches!(e, Event::CounterReformationAttempt { .. })));
}

#[test]
fn under_mary_a_5_cp_card_gives_burn_books_then_a_debate() {
    let card = Card::DiplomaticMarriage;
    let mut game = mary_impulse(card, |g| {
        g.set_debater(Debater::Eck, DebaterState::Uncommitted).unwrap();
        g.set_debater(Debater::Cranmer, DebaterState::Uncommitted).unwrap();
    });
    assert!(card.cp() >= 4, "{}", card.cp());
    game.force_dice(&[2]).unwrap();
    game.apply(Action::PlayCp(card)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    // The Papacy's two attempts, then the debate.
    let mut log = Vec::new();
    while game.decider() == Decider::Power(Power::Papacy) {
        let action =
            *game.legal_actions().iter().find(|a| matches!(a, Action::Target(_))).unwrap_or(&game.legal_actions()[0]);
        game.apply_logged(action, &mut log).unwrap();
    }
    assert!(log.iter().any(|e| matches!(e, Event::Debate { caller: Power::Papacy, zone: LanguageZone::English, .. })));
}

#[test]
fn under_mary_mandatory_events_resolve_normally() {
    let mut game = mary_impulse(Card::ElizabethI, |g| g.set_pregnancy_result(4, true).unwrap());
    game.force_dice(&[1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayEvent(Card::ElizabethI), &mut log).unwrap();
    assert!(!log.iter().any(|e| matches!(e, Event::MaryIRoll { .. })));
    assert_eq!(game.ruler(Power::England), Ruler::ElizabethI);
}

#[test]
fn mary_does_nothing_when_england_is_all_catholic() {
    let mut game = mary_impulse(Card::Erasmus, |g| g.set_religion(Space::York, Religion::Catholic).unwrap());
    // Calais (French zone) does not count.
    game.set_religion(Space::Calais, Religion::Protestant).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(Card::Erasmus), &mut log).unwrap();
    assert!(!log.iter().any(|e| matches!(e, Event::MaryIRoll { .. })));
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

// --- Found on the way: a siege abandoned in winter (§15.3, §19) -------------

#[test]
fn a_siege_whose_besiegers_went_home_in_winter_ends() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.set_besieged_units(Space::Florence, Faction::Independent, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Florence, Faction::Papacy, LandUnits::regulars(2)).unwrap();
    game.set_phase(Phase::Winter).unwrap();
    game.run_automatic();
    let mut log = Vec::new();
    while game.phase() == Phase::Winter {
        let action = game.legal_actions()[0];
        game.apply_logged(action, &mut log).unwrap();
    }
    assert!(game.land_units(Space::Florence, Faction::Papacy).is_empty());
    assert!(!game.is_besieged(Space::Florence, Faction::Independent));
    assert!(log.contains(&Event::SiegeBroken(Space::Florence)));
}
