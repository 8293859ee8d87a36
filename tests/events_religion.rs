//! The religious, English and political events (issue #13), each on a
//! small position: the play, the result, each branch of its text, and its
//! failed condition.

use crate::common;

use common::apply;
use here_i_stand::*;

/// A bare 1517 board in the action phase of `turn`, at `power`'s impulse
/// (the powers before it pass), every hand empty.
fn at_impulse(power: Power, turn: u8) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 7).with_fast_play(true));
    game.set_turn(turn).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    common::to_impulse(&mut game, power);
    game
}

/// `power` is given `card` and plays it as its event; returns the events.
fn play(game: &mut Game, power: Power, card: Card) -> Vec<Event> {
    game.give_card(power, card).unwrap();
    assert!(game.legal_actions().contains(&Action::PlayEvent(card)), "{card:?} offered");
    let mut log = Vec::new();
    apply(game, Action::PlayEvent(card), &mut log);
    log
}

/// Whether `power` is offered `card` as its event (it is given the card).
fn offered(game: &mut Game, power: Power, card: Card) -> bool {
    game.give_card(power, card).unwrap();
    game.legal_actions().contains(&Action::PlayEvent(card))
}

/// The pending decision's kind, decider, zone and count.
fn pending(game: &Game) -> (DecisionKind, Option<Power>, Option<LanguageZone>, Option<u8>) {
    let d = game.pending();
    (d.kind, d.power, d.zone, d.left)
}

fn uncommit(game: &mut Game, debaters: &[Debater]) {
    for &d in debaters {
        game.set_debater(d, DebaterState::Uncommitted).unwrap();
    }
}

// --- The Papacy's building and purse -----------------------------------------------

#[test]
fn copernicus_gives_2_vp_when_half_the_home_spaces_are_protestant() {
    let mut game = at_impulse(Power::France, 5);
    let home: Vec<Space> = Space::ALL.into_iter().filter(|s| s.home() == Faction::France && game.in_play(*s)).collect();
    for &space in home.iter().take(home.len().div_ceil(2)) {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    let log = play(&mut game, Power::France, Card::Copernicus);
    assert!(log.contains(&Event::BonusVp { power: Power::France, vp: 2 }));
    assert_eq!(game.bonus_vp(Power::France), 2);
    assert!(game.removed_cards().contains(Card::Copernicus));
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn copernicus_otherwise_gives_1_vp_and_a_draw() {
    let mut game = at_impulse(Power::France, 5);
    game.put_card_in_deck(Card::Arquebusiers).unwrap();
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    let log = play(&mut game, Power::France, Card::Copernicus);
    assert!(log.contains(&Event::BonusVp { power: Power::France, vp: 1 }));
    let actions = common::legal(&game);
    assert_eq!(actions, vec![Action::DrawFromDeck, Action::RandomDiscard(Power::Protestant)]);
    game.apply(Action::DrawFromDeck).unwrap();
    assert!(game.hand(Power::France).contains(Card::Arquebusiers));
    assert_eq!(game.bonus_vp(Power::France), 1);
}

#[test]
fn copernicus_otherwise_gives_1_vp_and_a_protestant_discard() {
    let mut game = at_impulse(Power::France, 5);
    game.put_card_in_deck(Card::Arquebusiers).unwrap();
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    play(&mut game, Power::France, Card::Copernicus);
    game.apply(Action::RandomDiscard(Power::Protestant)).unwrap();
    assert!(game.hand(Power::Protestant).is_empty());
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert!(game.deck().contains(Card::Arquebusiers));
}

#[test]
fn copernicus_with_only_one_option_takes_it() {
    // No Protestant card to lose: the draw is made at once.
    let mut game = at_impulse(Power::France, 5);
    game.put_card_in_deck(Card::Arquebusiers).unwrap();
    play(&mut game, Power::France, Card::Copernicus);
    assert!(game.hand(Power::France).contains(Card::Arquebusiers));
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn michelangelo_adds_two_dice_to_st_peters() {
    let mut game = at_impulse(Power::Papacy, 4);
    game.force_dice(&[3, 5]).unwrap();
    let log = play(&mut game, Power::Papacy, Card::Michelangelo);
    assert!(log.contains(&Event::StPetersCp { cp: 8 }));
    assert_eq!((game.st_peters_cp(), game.st_peters_vp()), (3, 1));
    assert!(game.removed_cards().contains(Card::Michelangelo));
}

#[test]
fn jesuit_education_places_two_universities_after_the_society_of_jesus() {
    let mut game = at_impulse(Power::Papacy, 5);
    assert!(!offered(&mut game, Power::Papacy, Card::JesuitEducation));
    game.remove_card(Card::SocietyOfJesus).unwrap();
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::JesuitEducation)));
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::JesuitEducation), &mut log);
    assert_eq!(pending(&game), (DecisionKind::JesuitUniversities, Some(Power::Papacy), None, Some(2)));
    game.apply(Action::PlaceUniversity(Space::Vienna)).unwrap();
    game.apply(Action::PlaceUniversity(Space::Rome)).unwrap();
    assert!(game.jesuit_universities().contains(Space::Vienna) && game.jesuit_universities().contains(Space::Rome));
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn indulgence_vendor_turns_a_protestant_card_into_st_peters_cp() {
    let mut game = at_impulse(Power::Papacy, 2);
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    let log = play(&mut game, Power::Papacy, Card::IndulgenceVendor);
    assert!(log.contains(&Event::StPetersCp { cp: 3 }));
    assert_eq!(game.st_peters_cp(), 3);
    assert!(game.hand(Power::Protestant).is_empty());
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert!(game.discard_pile().contains(Card::IndulgenceVendor));
}

#[test]
fn indulgence_vendor_with_an_empty_protestant_hand_does_nothing() {
    let mut game = at_impulse(Power::Papacy, 2);
    play(&mut game, Power::Papacy, Card::IndulgenceVendor);
    assert_eq!(game.st_peters_cp(), 0);
}

// --- Counter-reformation --------------------------------------------------------

#[test]
fn mary_defies_council_gives_three_counter_reformation_attempts_in_english() {
    let mut game = at_impulse(Power::France, 7);
    game.set_religion(Space::London, Religion::Protestant).unwrap();
    play(&mut game, Power::France, Card::MaryDefiesCouncil);
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Papacy), Some(LanguageZone::English), Some(3))
    );
    assert!(common::legal(&game).contains(&Action::Target(Space::London)));
}

#[test]
fn erasmus_gives_the_protestant_attempts_on_turns_1_and_2() {
    let mut game = at_impulse(Power::France, 2);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    play(&mut game, Power::France, Card::Erasmus);
    assert_eq!(pending(&game), (DecisionKind::ReformationAttempts, Some(Power::Protestant), None, Some(4)));
}

#[test]
fn erasmus_gives_the_papacy_attempts_from_turn_3() {
    let mut game = at_impulse(Power::France, 3);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    play(&mut game, Power::France, Card::Erasmus);
    assert_eq!(pending(&game), (DecisionKind::ReformationAttempts, Some(Power::Papacy), None, Some(4)));
}

#[test]
fn anabaptists_convert_two_unoccupied_non_electorate_spaces() {
    let mut game = at_impulse(Power::Papacy, 3);
    for space in [Space::Wittenberg, Space::Leipzig, Space::Erfurt, Space::Kassel] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    game.set_land_units(Space::Erfurt, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    play(&mut game, Power::Papacy, Card::Anabaptists);
    let mut flips: Vec<Action> = common::legal(&game);
    flips.sort();
    // Wittenberg is an electorate; Erfurt is occupied.
    assert_eq!(flips, vec![Action::Flip(Space::Kassel), Action::Flip(Space::Leipzig)]);
    game.apply(Action::Flip(Space::Leipzig)).unwrap();
    game.apply(Action::Flip(Space::Kassel)).unwrap();
    assert_eq!(game.religion(Space::Leipzig), Religion::Catholic);
    assert_eq!(game.religion(Space::Kassel), Religion::Catholic);
    assert_eq!(game.religion(Space::Erfurt), Religion::Protestant);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

// --- The reformers' events ---------------------------------------------------------

#[test]
fn marburg_colloquy_commits_one_of_each_pair_and_attempts_their_sum() {
    let mut game = at_impulse(Power::Protestant, 3);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    uncommit(&mut game, &[Debater::Luther, Debater::Melanchthon, Debater::Zwingli, Debater::Oekolampadius]);
    play(&mut game, Power::Protestant, Card::MarburgColloquy);
    let mut first = common::legal(&game);
    first.sort();
    assert_eq!(first, vec![Action::CommitDebater(Debater::Luther), Action::CommitDebater(Debater::Melanchthon)]);
    game.apply(Action::CommitDebater(Debater::Luther)).unwrap();
    let mut second = common::legal(&game);
    second.sort();
    assert_eq!(second, vec![Action::CommitDebater(Debater::Zwingli), Action::CommitDebater(Debater::Oekolampadius)]);
    game.apply(Action::CommitDebater(Debater::Oekolampadius)).unwrap();
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Committed);
    assert_eq!(game.debater_state(Debater::Oekolampadius), DebaterState::Committed);
    assert_eq!(game.debater_state(Debater::Melanchthon), DebaterState::Uncommitted);
    // Luther 4 + Oekolampadius 2 attempts, in all zones.
    assert_eq!(pending(&game), (DecisionKind::ReformationAttempts, Some(Power::Protestant), None, Some(6)));
}

#[test]
fn marburg_colloquy_needs_an_uncommitted_debater_of_each_pair() {
    let mut game = at_impulse(Power::Protestant, 3);
    uncommit(&mut game, &[Debater::Luther, Debater::Melanchthon]);
    game.set_debater(Debater::Zwingli, DebaterState::Committed).unwrap();
    game.set_debater(Debater::Oekolampadius, DebaterState::Committed).unwrap();
    assert!(!offered(&mut game, Power::Protestant, Card::MarburgColloquy));
    game.set_debater(Debater::Oekolampadius, DebaterState::Uncommitted).unwrap();
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::MarburgColloquy)));
}

#[test]
fn zwingli_dons_armor_eliminates_a_catholic_unit_near_zurich_and_removes_zwingli() {
    let mut game = at_impulse(Power::Protestant, 3);
    game.set_reformer(Reformer::Zwingli, ReformerState::OnMap).unwrap();
    uncommit(&mut game, &[Debater::Zwingli]);
    game.set_land_units(Space::Basel, Faction::Hapsburg, LandUnits { regulars: 2, mercenaries: 1, cavalry: 0 })
        .unwrap();
    // Far from Zurich: not a target.
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    let log = play(&mut game, Power::Protestant, Card::ZwingliDonsArmor);
    assert!(log.contains(&Event::ReformerRemoved(Reformer::Zwingli)));
    assert_eq!(game.reformer_state(Reformer::Zwingli), ReformerState::Removed);
    assert_eq!(game.debater_state(Debater::Zwingli), DebaterState::Removed);
    assert_eq!(common::legal(&game), vec![Action::RemoveUnitIn(Space::Basel)]);
    game.apply(Action::RemoveUnitIn(Space::Basel)).unwrap();
    let mut kinds = common::legal(&game);
    kinds.sort();
    assert_eq!(kinds, vec![Action::LoseUnit(LandUnitKind::Regular), Action::LoseUnit(LandUnitKind::Mercenary)]);
    game.apply(Action::LoseUnit(LandUnitKind::Mercenary)).unwrap();
    assert_eq!(game.land_units(Space::Basel, Faction::Hapsburg), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(1));
    assert!(game.removed_cards().contains(Card::ZwingliDonsArmor));
}

#[test]
fn zwingli_dons_armor_without_a_catholic_unit_still_removes_zwingli() {
    let mut game = at_impulse(Power::Protestant, 3);
    game.set_reformer(Reformer::Zwingli, ReformerState::OnMap).unwrap();
    // Ottoman units are not Catholic.
    game.set_land_units(Space::Basel, Faction::Ottoman, LandUnits::regulars(1)).unwrap();
    play(&mut game, Power::Protestant, Card::ZwingliDonsArmor);
    assert_eq!(game.reformer_state(Reformer::Zwingli), ReformerState::Removed);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
    assert_eq!(game.land_units(Space::Basel, Faction::Ottoman), LandUnits::regulars(1));
}

#[test]
fn affair_of_the_placards_commits_cop_for_four_french_attempts() {
    let mut game = at_impulse(Power::France, 4);
    game.set_religion(Space::Geneva, Religion::Protestant).unwrap();
    uncommit(&mut game, &[Debater::Cop]);
    let log = play(&mut game, Power::France, Card::AffairOfThePlacards);
    assert!(log.contains(&Event::DebaterCommitted(Debater::Cop)));
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Protestant), Some(LanguageZone::French), Some(4))
    );
}

#[test]
fn the_debater_events_need_their_debater_uncommitted() {
    for (card, debater) in [
        (Card::AffairOfThePlacards, Debater::Cop),
        (Card::CalvinsInstitutes, Debater::Calvin),
        (Card::AMightyFortress, Debater::Luther),
        (Card::KatherinaBora, Debater::Luther),
    ] {
        let mut game = at_impulse(Power::Protestant, 4);
        game.set_debater(debater, DebaterState::Committed).unwrap();
        assert!(!offered(&mut game, Power::Protestant, card), "{card:?}");
        game.set_debater(debater, DebaterState::Uncommitted).unwrap();
        assert!(game.legal_actions().contains(&Action::PlayEvent(card)), "{card:?}");
    }
}

#[test]
fn calvins_institutes_adds_one_to_each_protestant_die_in_french_spaces() {
    let mut game = at_impulse(Power::Protestant, 4);
    game.set_religion(Space::Geneva, Religion::Protestant).unwrap();
    uncommit(&mut game, &[Debater::Calvin]);
    play(&mut game, Power::Protestant, Card::CalvinsInstitutes);
    assert_eq!(game.debater_state(Debater::Calvin), DebaterState::Committed);
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Protestant), Some(LanguageZone::French), Some(5))
    );
    // Lyon (French zone): each Protestant die counts one more.
    let mut log = Vec::new();
    apply(&mut game, Action::Target(Space::Lyon), &mut log);
    let attempt = log.iter().find_map(|e| match *e {
        Event::ReformationAttempt { attacker, attacker_high, .. } => Some((attacker.highest(), attacker_high)),
        _ => None,
    });
    let (raw, high) = attempt.expect("an attempt");
    assert_eq!(raw.map(|r| r + 1), Some(high));
}

#[test]
fn a_mighty_fortress_commits_luther_for_six_german_attempts() {
    let mut game = at_impulse(Power::Protestant, 2);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    uncommit(&mut game, &[Debater::Luther]);
    play(&mut game, Power::Protestant, Card::AMightyFortress);
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Committed);
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Protestant), Some(LanguageZone::German), Some(6))
    );
}

#[test]
fn katherina_bora_commits_luther_for_five_attempts_in_all_zones() {
    let mut game = at_impulse(Power::Hapsburg, 2);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    uncommit(&mut game, &[Debater::Luther]);
    play(&mut game, Power::Hapsburg, Card::KatherinaBora);
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Committed);
    assert_eq!(pending(&game), (DecisionKind::ReformationAttempts, Some(Power::Protestant), None, Some(5)));
    assert!(game.removed_cards().contains(Card::KatherinaBora));
}

// --- England ------------------------------------------------------------------------

#[test]
fn dissolution_of_the_monasteries_draws_two_english_cards_then_three_attempts() {
    let mut game = at_impulse(Power::England, 4);
    game.set_religion(Space::London, Religion::Protestant).unwrap();
    game.put_card_in_deck(Card::Arquebusiers).unwrap();
    game.put_card_in_deck(Card::Erasmus).unwrap();
    play(&mut game, Power::England, Card::DissolutionOfTheMonasteries);
    assert_eq!(game.hand(Power::England).len(), 2);
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Protestant), Some(LanguageZone::English), Some(3))
    );
}

// --- Unrest -------------------------------------------------------------------------

/// Places unrest with `card` played by `power`: every space offered is
/// returned (sorted), then the first `n` are chosen.
fn unrest_offered(game: &mut Game, power: Power, card: Card) -> Vec<Space> {
    play(game, power, card);
    let mut spaces: Vec<Space> = common::legal(game)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceUnrest(s) => Some(s),
            _ => None,
        })
        .collect();
    spaces.sort();
    spaces
}

#[test]
fn gabelle_revolt_places_up_to_two_unrest_in_unoccupied_french_home_spaces() {
    let mut game = at_impulse(Power::Hapsburg, 1);
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(1)).unwrap();
    let spaces = unrest_offered(&mut game, Power::Hapsburg, Card::GabelleRevolt);
    assert!(!spaces.contains(&Space::Paris));
    assert!(spaces.contains(&Space::Lyon) && spaces.contains(&Space::Rouen));
    assert!(spaces.iter().all(|s| s.home() == Faction::France));
    assert!(common::legal(&game).contains(&Action::Done));
    game.apply(Action::PlaceUnrest(Space::Lyon)).unwrap();
    assert!(!common::legal(&game).contains(&Action::PlaceUnrest(Space::Lyon)));
    game.apply(Action::PlaceUnrest(Space::Rouen)).unwrap();
    assert!(game.in_unrest(Space::Lyon) && game.in_unrest(Space::Rouen));
    assert_eq!(game.unrest().len(), 2);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn an_unrest_card_may_stop_early() {
    let mut game = at_impulse(Power::Hapsburg, 1);
    unrest_offered(&mut game, Power::Hapsburg, Card::RevoltOfTheCommuneros);
    game.apply(Action::PlaceUnrest(Space::Valladolid)).unwrap();
    game.apply(Action::Done).unwrap();
    assert_eq!(game.unrest().len(), 1);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn janissaries_rebel_places_two_at_war_and_four_at_peace() {
    let mut game = at_impulse(Power::Hapsburg, 1);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    let spaces = unrest_offered(&mut game, Power::Hapsburg, Card::JanissariesRebel);
    assert!(spaces.iter().all(|s| s.home() == Faction::Ottoman));
    assert_eq!(game.pending().left, Some(2));

    let mut game = at_impulse(Power::Hapsburg, 1);
    // At war with a minor power only: at peace with the major powers.
    game.set_war(Power::Ottoman, Faction::HungaryBohemia, true).unwrap();
    unrest_offered(&mut game, Power::Hapsburg, Card::JanissariesRebel);
    assert_eq!(game.pending().left, Some(4));
    for space in [Space::Istanbul, Space::Edirne, Space::Salonika, Space::Athens] {
        game.apply(Action::PlaceUnrest(space)).unwrap();
    }
    assert_eq!(game.unrest().len(), 4);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn peasants_war_places_up_to_five_in_german_spaces() {
    let mut game = at_impulse(Power::Papacy, 1);
    game.set_unrest(Space::Mainz, true).unwrap();
    let spaces = unrest_offered(&mut game, Power::Papacy, Card::PeasantsWar);
    assert!(spaces.iter().all(|s| s.language() == Some(LanguageZone::German)));
    assert!(!spaces.contains(&Space::Mainz));
    assert_eq!(game.pending().left, Some(5));
    for &space in spaces.iter().take(5) {
        game.apply(Action::PlaceUnrest(space)).unwrap();
    }
    assert_eq!(game.unrest().len(), 6);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn revolt_of_the_communeros_places_up_to_three_in_spanish_spaces() {
    let mut game = at_impulse(Power::France, 1);
    let spaces = unrest_offered(&mut game, Power::France, Card::RevoltOfTheCommuneros);
    assert!(spaces.iter().all(|s| s.language() == Some(LanguageZone::Spanish)));
    assert_eq!(game.pending().left, Some(3));
}

#[test]
fn pilgrimage_of_grace_places_up_to_five_in_english_home_spaces() {
    let mut game = at_impulse(Power::Papacy, 4);
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(1)).unwrap();
    let spaces = unrest_offered(&mut game, Power::Papacy, Card::PilgrimageOfGrace);
    assert!(spaces.iter().all(|s| s.home() == Faction::England));
    assert!(!spaces.contains(&Space::London));
    assert_eq!(game.pending().left, Some(5));
}

// --- Turn-long effects ------------------------------------------------------------

/// The first reformation or counter-reformation attempt in `log`:
/// (attacker dice count, attacker's raw high, modified high).
fn first_attempt(log: &[Event]) -> Option<(u8, Option<u8>, u8)> {
    log.iter().find_map(|e| match *e {
        Event::ReformationAttempt { attacker, attacker_high, .. }
        | Event::CounterReformationAttempt { attacker, attacker_high, .. } => {
            Some((attacker.count(), attacker.highest(), attacker_high))
        }
        _ => None,
    })
}

#[test]
fn augsburg_confession_takes_one_from_each_papal_attempt_die_this_turn() {
    let mut game = at_impulse(Power::Protestant, 3);
    uncommit(&mut game, &[Debater::Melanchthon]);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    let log = play(&mut game, Power::Protestant, Card::AugsburgConfession);
    assert!(log.contains(&Event::DebaterCommitted(Debater::Melanchthon)));
    assert!(game.removed_cards().contains(Card::AugsburgConfession));
    // Later this turn the Papacy's counter-reformation dice count one less.
    game.give_card(Power::Papacy, Card::MaryDefiesCouncil).unwrap();
    common::to_impulse(&mut game, Power::Papacy);
    game.apply(Action::PlayEvent(Card::MaryDefiesCouncil)).unwrap();
    game.set_religion(Space::London, Religion::Protestant).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::Target(Space::London), &mut log);
    let (_, raw, high) = first_attempt(&log).expect("an attempt");
    assert_eq!(raw.map(|r| r.saturating_sub(1)), Some(high));
}

#[test]
fn augsburg_confession_takes_a_die_from_the_papacys_debates_this_turn() {
    let mut game = at_impulse(Power::Protestant, 3);
    uncommit(&mut game, &[Debater::Melanchthon, Debater::Eck, Debater::Luther]);
    play(&mut game, Power::Protestant, Card::AugsburgConfession);
    game.give_card(Power::Papacy, Card::LeipzigDebate).unwrap();
    common::to_impulse(&mut game, Power::Papacy);
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::LeipzigDebate), &mut log);
    apply(&mut game, Action::CallDebate(LanguageZone::German), &mut log);
    apply(&mut game, Action::ChooseDebater(Debater::Eck), &mut log);
    while let Some(&a) = game.legal_actions().first() {
        if game.pending().kind == DecisionKind::Impulse {
            break;
        }
        apply(&mut game, a, &mut log);
    }
    let dice = log.iter().find_map(|e| match *e {
        Event::Debate { attacker_dice, .. } => Some(attacker_dice.count()),
        _ => None,
    });
    // Eck: 3 + 3 + 1 (his bonus, uncommitted), one less.
    assert_eq!(dice, Some(6));
}

#[test]
fn augsburg_confession_needs_melanchthon_uncommitted() {
    let mut game = at_impulse(Power::Protestant, 3);
    game.set_debater(Debater::Melanchthon, DebaterState::Committed).unwrap();
    assert!(!offered(&mut game, Power::Protestant, Card::AugsburgConfession));
}

#[test]
fn printing_press_gives_three_attempts_with_an_extra_die_all_turn() {
    let mut game = at_impulse(Power::Protestant, 2);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    play(&mut game, Power::Protestant, Card::PrintingPress);
    assert_eq!(pending(&game), (DecisionKind::ReformationAttempts, Some(Power::Protestant), None, Some(3)));
    // Leipzig: 1 die for adjacent Wittenberg, 1 for the press.
    let mut log = Vec::new();
    apply(&mut game, Action::Target(Space::Leipzig), &mut log);
    assert_eq!(first_attempt(&log).map(|a| a.0), Some(2));
    assert!(game.removed_cards().contains(Card::PrintingPress) || game.discard_pile().contains(Card::PrintingPress));
}

#[test]
fn calvin_expelled_sends_calvin_away_until_the_next_turn() {
    let mut game = at_impulse(Power::Papacy, 4);
    game.set_reformer(Reformer::Calvin, ReformerState::OnMap).unwrap();
    uncommit(&mut game, &[Debater::Calvin]);
    let log = play(&mut game, Power::Papacy, Card::CalvinExpelled);
    assert!(log.contains(&Event::DebaterCommitted(Debater::Calvin)));
    assert_eq!(game.reformer_state(Reformer::Calvin), ReformerState::Away);
    assert!(game.removed_cards().contains(Card::CalvinExpelled));
    // The next card draw brings him back (on a board at that phase).
    let mut next = Game::empty(Setup::new(Scenario::Y1517, 7).with_fast_play(true));
    next.set_turn(5).unwrap();
    next.set_reformer(Reformer::Calvin, ReformerState::Away).unwrap();
    next.set_phase(Phase::CardDraw).unwrap();
    next.run_automatic();
    assert_eq!(next.reformer_state(Reformer::Calvin), ReformerState::OnMap);
}

#[test]
fn calvin_expelled_leaves_a_calvin_not_yet_arrived() {
    let mut game = at_impulse(Power::Papacy, 4);
    play(&mut game, Power::Papacy, Card::CalvinExpelled);
    assert_eq!(game.reformer_state(Reformer::Calvin), ReformerState::NotArrived);
}

#[test]
fn michael_servetus_gives_a_vp_and_a_protestant_discard() {
    let mut game = at_impulse(Power::Papacy, 4);
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    let log = play(&mut game, Power::Papacy, Card::MichaelServetus);
    assert!(log.contains(&Event::BonusVp { power: Power::Papacy, vp: 1 }));
    assert!(log.contains(&Event::CardDiscarded { power: Power::Protestant, card: Card::Erasmus }));
    assert!(game.hand(Power::Protestant).is_empty());
    assert!(game.removed_cards().contains(Card::MichaelServetus));
}

#[test]
fn threat_to_power_on_1_to_3_sends_the_leader_off_for_the_turn() {
    let mut game = at_impulse(Power::France, 3);
    game.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Valladolid)).unwrap();
    game.set_leader(Leader::Montmorency, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    play(&mut game, Power::France, Card::ThreatToPower);
    // Montmorency is captured; the others are not on the map.
    assert_eq!(common::legal(&game), vec![Action::TargetLeader(Leader::DukeOfAlva)]);
    game.force_dice(&[3]).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::TargetLeader(Leader::DukeOfAlva), &mut log);
    assert!(log.contains(&Event::LeaderToTurnTrack(Leader::DukeOfAlva)));
    assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::TurnTrack);
    // At the next card draw he comes back to a Hapsburg capital.
    let mut next = Game::empty(Setup::new(Scenario::Y1517, 7).with_fast_play(true));
    next.set_turn(4).unwrap();
    next.set_leader(Leader::DukeOfAlva, LeaderLocation::TurnTrack).unwrap();
    next.set_controller(Space::Vienna, Faction::Ottoman).unwrap();
    next.set_phase(Phase::CardDraw).unwrap();
    next.run_automatic();
    assert_eq!(next.leader_location(Leader::DukeOfAlva), LeaderLocation::Space(Space::Valladolid));
}

#[test]
fn threat_to_power_returns_to_a_home_key_without_a_capital() {
    let mut next = Game::empty(Setup::new(Scenario::Y1517, 7).with_fast_play(true));
    next.set_turn(4).unwrap();
    next.set_leader(Leader::Montmorency, LeaderLocation::TurnTrack).unwrap();
    next.set_controller(Space::Paris, Faction::Hapsburg).unwrap();
    next.set_phase(Phase::CardDraw).unwrap();
    next.run_automatic();
    let keys: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|s| s.kind() == SpaceKind::Key && s.home() == Faction::France && *s != Space::Paris)
        .collect();
    // France chooses among its home keys.
    assert_eq!(next.pending().kind, DecisionKind::LeaderArrival);
    let mut offered: Vec<Action> = common::legal(&next);
    offered.sort();
    let mut expected: Vec<Action> = keys.into_iter().map(Action::PlaceAt).collect();
    expected.sort();
    assert_eq!(offered, expected);
}

#[test]
fn threat_to_power_on_4_to_6_removes_the_leader_for_the_game() {
    let mut game = at_impulse(Power::Hapsburg, 3);
    game.set_leader(Leader::Ibrahim, LeaderLocation::Space(Space::Istanbul)).unwrap();
    play(&mut game, Power::Hapsburg, Card::ThreatToPower);
    game.force_dice(&[4]).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::TargetLeader(Leader::Ibrahim), &mut log);
    assert!(log.contains(&Event::LeaderRemoved(Leader::Ibrahim)));
    assert_eq!(game.leader_location(Leader::Ibrahim), LeaderLocation::Removed);
}

#[test]
fn threat_to_power_needs_a_minor_leader_on_the_map() {
    let mut game = at_impulse(Power::Hapsburg, 3);
    game.set_leader(Leader::CharlesBrandon, LeaderLocation::Captured(Power::France)).unwrap();
    assert!(!offered(&mut game, Power::Hapsburg, Card::ThreatToPower));
}

#[test]
fn frederick_the_wise_converts_the_two_nearest_catholic_german_spaces() {
    let mut game = at_impulse(Power::Protestant, 1);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    let near: Vec<Space> = Space::Wittenberg
        .land_neighbours()
        .filter(|s| s.language() == Some(LanguageZone::German) && game.in_play(*s))
        .collect();
    assert!(near.len() > 2);
    play(&mut game, Power::Protestant, Card::FrederickTheWise);
    let mut offered = common::legal(&game);
    offered.sort();
    let mut expected: Vec<Action> = near.iter().copied().map(Action::Flip).collect();
    expected.sort();
    assert_eq!(offered, expected);
    game.apply(Action::Flip(near[0])).unwrap();
    game.apply(Action::Flip(near[1])).unwrap();
    assert_eq!(game.religion(near[0]), Religion::Protestant);
    assert_eq!(game.religion(near[1]), Religion::Protestant);
    assert_eq!(game.protestant_spaces().len(), 3);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn frederick_the_wise_converts_a_single_nearest_space_at_once() {
    // Every neighbour but one Protestant: the nearest is converted at
    // once, then the Protestant chooses among the next ring.
    let mut game = at_impulse(Power::Protestant, 1);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    let near: Vec<Space> = Space::Wittenberg.land_neighbours().filter(|s| game.in_play(*s)).collect();
    for &space in &near[1..] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    let log = play(&mut game, Power::Protestant, Card::FrederickTheWise);
    assert!(log.contains(&Event::ReligionChanged { space: near[0], religion: Religion::Protestant }));
    assert_eq!(game.pending().kind, DecisionKind::CardEvent);
    assert!(common::legal(&game).iter().all(|a| matches!(a, Action::Flip(s) if !near.contains(s))));
}

/// The Catholic English home spaces in play.
fn english_catholic(game: &Game) -> Vec<Space> {
    Space::ALL
        .into_iter()
        .filter(|s| s.home() == Faction::England && game.in_play(*s) && game.religion(*s) == Religion::Catholic)
        .collect()
}

/// England plays Book of Common Prayer with no target for its attempts;
/// the unrest die shows `roll`.
fn common_prayer(roll: u8) -> Game {
    let mut game = at_impulse(Power::England, 4);
    uncommit(&mut game, &[Debater::Cranmer]);
    game.force_dice(&[roll]).unwrap();
    let log = play(&mut game, Power::England, Card::BookOfCommonPrayer);
    assert!(log.contains(&Event::DebaterCommitted(Debater::Cranmer)));
    game
}

#[test]
fn book_of_common_prayer_targets_english_home_spaces_only() {
    let mut game = at_impulse(Power::England, 4);
    uncommit(&mut game, &[Debater::Cranmer]);
    assert!(english_catholic(&game).contains(&Space::Calais));
    // Edinburgh's neighbours: English and Scottish spaces.
    game.set_religion(Space::Edinburgh, Religion::Protestant).unwrap();
    game.set_religion(Space::Calais, Religion::Protestant).unwrap();
    play(&mut game, Power::England, Card::BookOfCommonPrayer);
    assert_eq!(
        pending(&game),
        (DecisionKind::ReformationAttempts, Some(Power::Protestant), Some(LanguageZone::English), Some(4))
    );
    let targets: Vec<Space> = common::legal(&game)
        .into_iter()
        .filter_map(|a| match a {
            Action::Target(s) => Some(s),
            _ => None,
        })
        .collect();
    assert!(!targets.is_empty());
    assert!(targets.iter().all(|s| s.home() == Faction::England), "{targets:?}");
    // Calais's Flemish neighbours are not English home spaces.
    assert!(Space::Calais.land_neighbours().any(|s| s.home() != Faction::England && !targets.contains(&s)));
}

#[test]
fn book_of_common_prayer_1_or_2_no_unrest() {
    let game = common_prayer(2);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
    assert!(game.unrest().is_empty());
}

#[test]
fn book_of_common_prayer_3_or_4_one_unrest_even_occupied() {
    let mut game = at_impulse(Power::England, 4);
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(2)).unwrap();
    uncommit(&mut game, &[Debater::Cranmer]);
    game.force_dice(&[4]).unwrap();
    play(&mut game, Power::England, Card::BookOfCommonPrayer);
    assert_eq!(game.pending().power, Some(Power::England));
    assert_eq!(game.pending().left, Some(1));
    assert!(common::legal(&game).contains(&Action::PlaceUnrest(Space::London)));
    game.apply(Action::PlaceUnrest(Space::London)).unwrap();
    assert!(game.in_unrest(Space::London));
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn book_of_common_prayer_5_two_unrest() {
    let mut game = common_prayer(5);
    assert_eq!(game.pending().left, Some(2));
    game.apply(Action::PlaceUnrest(Space::York)).unwrap();
    game.apply(Action::PlaceUnrest(Space::Bristol)).unwrap();
    assert_eq!(game.unrest().len(), 2);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn book_of_common_prayer_6_unrest_everywhere_catholic() {
    let mut game = common_prayer(6);
    let all = english_catholic(&game);
    assert_eq!(game.pending().left, Some(all.len() as u8));
    while game.pending().kind == DecisionKind::CardEvent {
        let first = common::legal(&game)[0];
        game.apply(first).unwrap();
    }
    assert_eq!(game.unrest().len(), all.len());
    assert!(all.iter().all(|s| game.in_unrest(*s)));
}

#[test]
fn book_of_common_prayer_needs_cranmer_uncommitted() {
    let mut game = at_impulse(Power::England, 4);
    game.set_debater(Debater::Cranmer, DebaterState::Committed).unwrap();
    assert!(!offered(&mut game, Power::England, Card::BookOfCommonPrayer));
}

// --- The Protestant's allies and leaders --------------------------------------------

#[test]
fn philip_of_hesses_bigamy_removes_philip_of_hesse() {
    let mut game = at_impulse(Power::Hapsburg, 5);
    game.set_leader(Leader::PhilipOfHesse, LeaderLocation::Space(Space::Kassel)).unwrap();
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    play(&mut game, Power::Hapsburg, Card::PhilipOfHessesBigamy);
    assert_eq!(game.pending().power, Some(Power::Protestant));
    assert_eq!(
        common::legal(&game),
        vec![Action::RandomDiscard(Power::Protestant), Action::TargetLeader(Leader::PhilipOfHesse)]
    );
    let mut log = Vec::new();
    apply(&mut game, Action::TargetLeader(Leader::PhilipOfHesse), &mut log);
    assert!(log.contains(&Event::LeaderRemoved(Leader::PhilipOfHesse)));
    assert_eq!(game.leader_location(Leader::PhilipOfHesse), LeaderLocation::Removed);
    assert!(game.hand(Power::Protestant).contains(Card::Erasmus));
}

#[test]
fn philip_of_hesses_bigamy_or_a_random_discard() {
    let mut game = at_impulse(Power::Hapsburg, 5);
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    play(&mut game, Power::Hapsburg, Card::PhilipOfHessesBigamy);
    game.apply(Action::RandomDiscard(Power::Protestant)).unwrap();
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert_eq!(game.leader_location(Leader::PhilipOfHesse), LeaderLocation::Unavailable);
    assert!(game.removed_cards().contains(Card::PhilipOfHessesBigamy));
}

#[test]
fn philip_of_hesses_bigamy_with_an_empty_hand_removes_him_at_once() {
    let mut game = at_impulse(Power::Hapsburg, 5);
    play(&mut game, Power::Hapsburg, Card::PhilipOfHessesBigamy);
    assert_eq!(game.leader_location(Leader::PhilipOfHesse), LeaderLocation::Removed);
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

// --- Thomas More --------------------------------------------------------------------

#[test]
fn thomas_more_executed_england_draws_discards_and_no_english_debates() {
    let mut game = at_impulse(Power::England, 2);
    game.put_card_in_deck(Card::Arquebusiers).unwrap();
    game.give_card(Power::England, Card::Erasmus).unwrap();
    uncommit(&mut game, &[Debater::Eck, Debater::Tyndale]);
    assert!(here_i_stand::rules::debate::can_call_debate(&game, Power::Papacy, LanguageZone::English));
    play(&mut game, Power::England, Card::ThomasMore);
    assert!(game.hand(Power::England).contains(Card::Arquebusiers));
    let mut discards = common::legal(&game);
    discards.sort();
    assert_eq!(discards, vec![Action::Discard(Card::Arquebusiers), Action::Discard(Card::Erasmus)]);
    game.apply(Action::Discard(Card::Erasmus)).unwrap();
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert!(game.removed_cards().contains(Card::ThomasMore));
    assert!(!here_i_stand::rules::debate::can_call_debate(&game, Power::Papacy, LanguageZone::English));
}

/// France plays Thomas More; the Papacy calls its debate in `zone` with
/// Eck (3, +1 uncommitted) against Tyndale or Luther; returns the Papal
/// attacker's dice in the first round, and the game.
fn more_debate(zone: LanguageZone) -> (Option<u8>, Game) {
    let mut game = at_impulse(Power::France, 2);
    uncommit(&mut game, &[Debater::Eck, Debater::Tyndale, Debater::Luther]);
    play(&mut game, Power::France, Card::ThomasMore);
    assert_eq!(game.pending().power, Some(Power::Papacy));
    assert!(common::legal(&game).contains(&Action::CallDebate(zone)));
    let mut log = Vec::new();
    apply(&mut game, Action::CallDebate(zone), &mut log);
    while game.pending().kind != DecisionKind::Impulse {
        let first = common::legal(&game)[0];
        apply(&mut game, first, &mut log);
    }
    let dice = log.iter().find_map(|e| match *e {
        Event::Debate { attacker_dice, .. } => Some(attacker_dice.count()),
        _ => None,
    });
    (dice, game)
}

#[test]
fn thomas_more_by_another_power_gives_the_papacy_a_debate_with_an_extra_die() {
    let (dice, game) = more_debate(LanguageZone::German);
    assert_eq!(dice, Some(3 + 3 + 1 + 1));
    // Henry has not married Anne Boleyn: the card is discarded.
    assert!(game.discard_pile().contains(Card::ThomasMore));
}

#[test]
fn thomas_more_by_another_power_gives_three_extra_dice_in_england() {
    let (dice, _) = more_debate(LanguageZone::English);
    assert_eq!(dice, Some(3 + 3 + 1 + 3));
}

#[test]
fn thomas_more_is_removed_after_anne_boleyn() {
    let mut game = at_impulse(Power::France, 2);
    game.set_marital_status(MaritalStatus::AnneBoleyn).unwrap();
    uncommit(&mut game, &[Debater::Eck, Debater::Luther]);
    play(&mut game, Power::France, Card::ThomasMore);
    assert!(game.removed_cards().contains(Card::ThomasMore));
}

#[test]
fn thomas_more_by_another_power_needs_a_debate_to_call() {
    let mut game = at_impulse(Power::France, 2);
    assert!(!offered(&mut game, Power::France, Card::ThomasMore));
    let mut game = at_impulse(Power::England, 2);
    assert!(offered(&mut game, Power::England, Card::ThomasMore));
}

// --- The inquisitions: secret looks -------------------------------------------------

#[test]
fn papal_inquisition_converts_reviews_and_draws_a_random_card() {
    let mut game = at_impulse(Power::Papacy, 5);
    uncommit(&mut game, &[Debater::Caraffa]);
    for space in [Space::Florence, Space::Milan, Space::Venice] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    game.give_card(Power::England, Card::Arquebusiers).unwrap();
    let log = play(&mut game, Power::Papacy, Card::PapalInquisition);
    assert!(log.contains(&Event::DebaterCommitted(Debater::Caraffa)));
    let flips = common::legal(&game);
    assert_eq!(flips.len(), 3);
    game.apply(Action::Flip(Space::Florence)).unwrap();
    game.apply(Action::Flip(Space::Venice)).unwrap();
    assert_eq!(game.religion(Space::Florence), Religion::Catholic);
    assert_eq!(game.religion(Space::Milan), Religion::Protestant);
    let mut review = common::legal(&game);
    review.sort();
    assert_eq!(review, vec![Action::ReviewHandOf(Power::England), Action::ReviewHandOf(Power::Protestant)]);
    game.apply(Action::ReviewHandOf(Power::Protestant)).unwrap();
    // The Papacy saw it: in its observation, and kept by determinize.
    assert!(game.observation(Power::Papacy).board().hand(Power::Protestant).contains(Card::Erasmus));
    assert!(!game.observation(Power::Papacy).board().hand(Power::England).contains(Card::Arquebusiers));
    let mut rng = <rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(3);
    for _ in 0..10 {
        let d = game.determinize(Power::Papacy, &mut rng);
        assert!(d.hand(Power::Protestant).contains(Card::Erasmus));
    }
    let rewards = common::legal(&game);
    assert!(rewards.contains(&Action::DrawFrom(Power::Protestant)));
    assert!(!rewards.contains(&Action::Retrieve(Card::PapalInquisition)));
    game.apply(Action::DrawFrom(Power::Protestant)).unwrap();
    assert!(game.hand(Power::Papacy).contains(Card::Erasmus));
    assert!(game.hand(Power::Protestant).is_empty());
    assert_eq!(game.pending().kind, DecisionKind::Impulse);
}

#[test]
fn papal_inquisition_may_retrieve_a_discard_or_call_a_debate_with_two_extra_dice() {
    let mut game = at_impulse(Power::Papacy, 5);
    uncommit(&mut game, &[Debater::Caraffa, Debater::Eck, Debater::Luther]);
    game.discard_card(Card::Arquebusiers).unwrap();
    game.discard_card(Card::CouncilOfTrent).unwrap();
    play(&mut game, Power::Papacy, Card::PapalInquisition);
    game.apply(Action::ReviewHandOf(Power::England)).unwrap();
    let rewards = common::legal(&game);
    assert!(rewards.contains(&Action::Retrieve(Card::Arquebusiers)));
    // Not a mandatory card (it could not be played or held: §11.1).
    assert!(!rewards.contains(&Action::Retrieve(Card::CouncilOfTrent)));
    assert!(rewards.contains(&Action::CallDebate(LanguageZone::German)));
    // Nothing to draw from an empty hand.
    assert!(!rewards.contains(&Action::DrawFrom(Power::England)));
    let mut retrieve = game.clone();
    retrieve.apply(Action::Retrieve(Card::Arquebusiers)).unwrap();
    assert!(retrieve.hand(Power::Papacy).contains(Card::Arquebusiers));
    // The card taken back is named: every other power sees it in the
    // Papacy's hand, and a determinization keeps it there (ruling L4).
    let france = retrieve.observation(Power::France);
    assert!(france.board().hand(Power::Papacy).contains(Card::Arquebusiers));
    assert!(!france.unseen().contains(Card::Arquebusiers));
    let mut rng = <rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(4);
    assert!(france.determinize(&mut rng).hand(Power::Papacy).contains(Card::Arquebusiers));
    let mut log = Vec::new();
    apply(&mut game, Action::CallDebate(LanguageZone::German), &mut log);
    while game.pending().kind != DecisionKind::Impulse {
        let first = common::legal(&game)[0];
        apply(&mut game, first, &mut log);
    }
    let dice = log.iter().find_map(|e| match *e {
        Event::Debate { attacker_dice, .. } => Some(attacker_dice.count()),
        _ => None,
    });
    // Eck 3 + 3 + 1 (uncommitted), 2 more.
    assert_eq!(dice, Some(9));
}

/// §6.2: Papal Inquisition (#56) retrieves no card the Papacy played as
/// an event, response or combat card this turn; another power's may be.
#[test]
fn papal_inquisition_retrieves_no_card_the_papacy_played_this_turn() {
    let mut game = at_impulse(Power::Papacy, 5);
    uncommit(&mut game, &[Debater::Caraffa]);
    game.discard_card(Card::Arquebusiers).unwrap();
    game.discard_card(Card::SwissMercenaries).unwrap();
    game.set_event_played(Power::Papacy, Card::Arquebusiers, true).unwrap();
    game.set_event_played(Power::France, Card::SwissMercenaries, true).unwrap();
    play(&mut game, Power::Papacy, Card::PapalInquisition);
    game.apply(Action::ReviewHandOf(Power::England)).unwrap();
    let rewards = common::legal(&game);
    assert!(!rewards.contains(&Action::Retrieve(Card::Arquebusiers)));
    assert!(rewards.contains(&Action::Retrieve(Card::SwissMercenaries)));
}

#[test]
fn papal_inquisition_needs_caraffa_uncommitted() {
    let mut game = at_impulse(Power::Papacy, 5);
    game.set_debater(Debater::Caraffa, DebaterState::Committed).unwrap();
    assert!(!offered(&mut game, Power::Papacy, Card::PapalInquisition));
}

#[test]
fn spanish_inquisition_converts_reviews_both_hands_discards_draws_and_debates() {
    let mut game = at_impulse(Power::France, 5);
    uncommit(&mut game, &[Debater::Eck, Debater::Luther]);
    game.set_religion(Space::Seville, Religion::Protestant).unwrap();
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    game.give_card(Power::England, Card::Arquebusiers).unwrap();
    game.put_card_in_deck(Card::MercatorsMap).unwrap();
    play(&mut game, Power::France, Card::SpanishInquisition);
    // One Protestant Spanish space: the Hapsburg converts it.
    assert_eq!(game.pending().power, Some(Power::Hapsburg));
    assert_eq!(common::legal(&game), vec![Action::Flip(Space::Seville)]);
    game.apply(Action::Flip(Space::Seville)).unwrap();
    assert_eq!(game.religion(Space::Seville), Religion::Catholic);
    // Both hands seen by the Hapsburg, and kept by determinize.
    let seen = game.observation(Power::Hapsburg);
    assert!(seen.board().hand(Power::Protestant).contains(Card::Erasmus));
    assert!(seen.board().hand(Power::England).contains(Card::Arquebusiers));
    let mut rng = <rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(5);
    let d = game.determinize(Power::Hapsburg, &mut rng);
    assert!(d.hand(Power::England).contains(Card::Arquebusiers) && d.hand(Power::Protestant).contains(Card::Erasmus));
    let mut discards = common::legal(&game);
    discards.sort();
    assert_eq!(discards, vec![Action::Discard(Card::Arquebusiers), Action::Discard(Card::Erasmus)]);
    game.apply(Action::Discard(Card::Erasmus)).unwrap();
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert!(game.hand(Power::Hapsburg).contains(Card::MercatorsMap));
    assert_eq!(game.pending().power, Some(Power::Papacy));
    assert!(common::legal(&game).contains(&Action::CallDebate(LanguageZone::German)));
}

#[test]
fn frederick_the_wise_takes_the_wartburg_back_from_the_discard_pile() {
    let mut game = at_impulse(Power::Protestant, 1);
    game.discard_card(Card::TheWartburg).unwrap();
    let near: Vec<Space> = Space::Wittenberg.land_neighbours().filter(|s| game.in_play(*s)).collect();
    for &space in &near[2..] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    play(&mut game, Power::Protestant, Card::FrederickTheWise);
    while common::legal(&game).iter().all(|a| matches!(a, Action::Flip(_))) {
        let first = common::legal(&game)[0];
        game.apply(first).unwrap();
    }
    assert_eq!(common::legal(&game), [Action::Decline, Action::Retrieve(Card::TheWartburg)]);
    let mut log = Vec::new();
    apply(&mut game, Action::Retrieve(Card::TheWartburg), &mut log);
    assert!(game.hand(Power::Protestant).contains(Card::TheWartburg));
    assert!(!game.discard_pile().contains(Card::TheWartburg));
}

/// §12.4: unrest goes only where there are no land units, no naval units
/// and no leaders (#64 and the Papal Bull's unrest on a ruler alike).
#[test]
fn unrest_is_not_placed_where_ships_or_leaders_stand() {
    let mut game = at_impulse(Power::Papacy, 4);
    game.set_naval_units(NavalLocation::Port(Space::Bristol), Faction::England, NavalUnits::squadrons(1)).unwrap();
    game.set_leader(Leader::CharlesBrandon, LeaderLocation::Space(Space::York)).unwrap();
    let bull = here_i_stand::rules::events::bull_unrest_spaces(&game, Power::England);
    assert!(!bull.contains(Space::Bristol) && !bull.contains(Space::York));
    assert!(bull.contains(Space::Lincoln));
    let spaces = unrest_offered(&mut game, Power::Papacy, Card::PilgrimageOfGrace);
    assert!(!spaces.contains(&Space::Bristol), "a squadron in port blocks unrest");
    assert!(!spaces.contains(&Space::York), "a leader blocks unrest");
    assert!(spaces.contains(&Space::Lincoln));
}

/// §6.1: #112's discard never takes a mandatory event, and is skipped when
/// England holds only home cards and mandatory events.
#[test]
fn thomas_more_discard_never_takes_a_mandatory_event() {
    let mut game = at_impulse(Power::England, 2);
    game.put_card_in_deck(Card::BarbaryPirates).unwrap();
    game.give_card(Power::England, Card::Erasmus).unwrap();
    play(&mut game, Power::England, Card::ThomasMore);
    assert!(game.hand(Power::England).contains(Card::BarbaryPirates));
    assert_eq!(common::legal(&game), vec![Action::Discard(Card::Erasmus)]);
    let mut game = at_impulse(Power::England, 2);
    game.put_card_in_deck(Card::BarbaryPirates).unwrap();
    play(&mut game, Power::England, Card::ThomasMore);
    assert!(!common::legal(&game).iter().any(|a| matches!(a, Action::Discard(_))));
    assert!(game.hand(Power::England).contains(Card::BarbaryPirates));
}

/// §6.1: #58's discard from the reviewed hands never takes a mandatory event.
#[test]
fn spanish_inquisition_discard_never_takes_a_mandatory_event() {
    let mut game = at_impulse(Power::France, 5);
    game.give_card(Power::Protestant, Card::Erasmus).unwrap();
    game.give_card(Power::England, Card::BarbaryPirates).unwrap();
    game.put_card_in_deck(Card::MercatorsMap).unwrap();
    play(&mut game, Power::France, Card::SpanishInquisition);
    while common::legal(&game).iter().all(|a| matches!(a, Action::Flip(_))) {
        let first = common::legal(&game)[0];
        game.apply(first).unwrap();
    }
    assert_eq!(common::legal(&game), vec![Action::Discard(Card::Erasmus)]);
}
