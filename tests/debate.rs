//! Theological debates (§18.5), the Diet of Worms (§18.1) and the Council
//! of Trent (#17, §18.6), through the public API with forced dice.

use here_i_stand::*;

const SEED: u64 = 5;

/// A bare 1517 board in the action phase: `power` has played `card` for
/// CP and is spending them. No debater has arrived.
fn spending(power: Power, card: Card) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, SEED).with_fast_play(true));
    game.set_phase(Phase::Action).unwrap();
    game.give_card(power, card).unwrap();
    game.run_automatic();
    while game.decider() != Decider::Power(power) {
        game.apply(Action::Pass).unwrap();
    }
    game.apply(Action::PlayCp(card)).unwrap();
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

/// (attacker dice, defender dice, winner, flips, loser out) of a debate event.
fn summary(event: &Event) -> (u8, u8, Option<Power>, u8, Option<Debater>) {
    match *event {
        Event::Debate { attacker_dice, defender_dice, winner, flips, loser_out, .. } => {
            (attacker_dice.count(), defender_dice.count(), winner, flips, loser_out)
        }
        _ => panic!("not a debate: {event:?}"),
    }
}

#[test]
fn burning_luther_gives_his_value_once_and_removes_the_reformer() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    let before = game.vp(Power::Papacy).total();
    // Eck attacks: 3 + 3 + 1 dice; Luther defends uncommitted: 4 + 2.
    game.force_dice(&[6; 7]).unwrap();
    game.force_dice(&[1; 6]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let events = debates(&log);
    assert_eq!(events.len(), 1);
    assert_eq!(summary(&events[0]), (7, 6, Some(Power::Papacy), 7, Some(Debater::Luther)));
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Burned);
    assert_eq!(game.debater_state(Debater::Eck), DebaterState::Committed);
    assert_eq!(game.reformer_state(Reformer::Luther), ReformerState::Removed);
    assert_eq!(game.bonus_vp(Power::Papacy), 4);
    assert_eq!(game.vp(Power::Papacy).total(), before + 4);
    // 3 CP spent, nothing to flip (no Protestant space): the impulse is over.
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
}

#[test]
fn a_papal_debater_is_disgraced_when_the_margin_exceeds_his_value() {
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther, Debater::Tetzel]);
    let before = game.vp(Power::Protestant).total();
    // Luther attacks: 4 + 3; Tetzel defends uncommitted: 1 + 2. 2 hits to 0.
    game.force_dice(&[6, 5, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(summary(&debates(&log)[0]), (7, 3, Some(Power::Protestant), 2, Some(Debater::Tetzel)));
    assert_eq!(game.debater_state(Debater::Tetzel), DebaterState::Disgraced);
    assert_eq!(game.vp(Power::Protestant).total(), before + 1);
    assert_eq!(game.bonus_vp(Power::Papacy), 0);
}

#[test]
fn no_burning_when_the_margin_does_not_exceed_the_value() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    // 4 hits to 0: margin 4 is not more than Luther's 4.
    game.force_dice(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(summary(&debates(&log)[0]), (7, 6, Some(Power::Papacy), 4, None));
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Committed);
    assert_eq!(game.bonus_vp(Power::Papacy), 0);
}

#[test]
fn a_first_round_tie_goes_to_a_second_round_with_new_debaters() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Tetzel, Debater::Carlstadt]);
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    // Both groups hold a Protestant debater: the Papacy names one.
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::DefenderFrom(DebaterPool::Uncommitted), Action::DefenderFrom(DebaterPool::Committed)]
    );
    // Round 1: Eck 7 dice, Luther (uncommitted) 6; 1 hit each.
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1]).unwrap();
    // Round 2: none uncommitted is left, so the committed others debate:
    // Tetzel attacks with 1 + 3, Carlstadt (committed) defends with 1 + 1.
    game.force_dice(&[1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::DefenderFrom(DebaterPool::Uncommitted), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let events = debates(&log);
    assert_eq!(events.len(), 2);
    assert_eq!(summary(&events[0]), (7, 6, None, 0, None));
    assert_eq!(summary(&events[1]), (4, 2, None, 0, None));
    assert!(matches!(
        events[1],
        Event::Debate { round: 2, attacker: Debater::Tetzel, defender: Debater::Carlstadt, .. }
    ));
    // A second tie ends the debate: the impulse is over.
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
}

#[test]
fn a_committed_defender_rolls_value_plus_one() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Carlstadt]);
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::DefenderFrom(DebaterPool::Committed), &mut log).unwrap();
    let events = debates(&log);
    assert_eq!(summary(&events[0]), (7, 2, Some(Power::Papacy), 1, None));
    assert!(matches!(events[0], Event::Debate { defender: Debater::Carlstadt, .. }));
}

#[test]
fn bullinger_may_debate_the_second_round_in_any_zone_and_eck_committed_has_no_bonus() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Calvin, Debater::Bullinger]);
    // Eck 7 dice against Calvin (uncommitted) 6 dice: a tie.
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::French), &mut log).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::ChooseDebater(Debater::Bullinger)]);
    // Round 2: Eck again (the only Papal debater), committed now: 3 + 3;
    // Bullinger uncommitted: 2 + 2. 0 hits to 1.
    game.force_dice(&[1, 1, 1, 1, 1, 1, 5, 1, 1, 1]).unwrap();
    game.apply_logged(Action::ChooseDebater(Debater::Bullinger), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let events = debates(&log);
    assert_eq!(summary(&events[1]), (6, 4, Some(Power::Protestant), 1, None));
    assert!(matches!(events[1], Event::Debate { defender: Debater::Bullinger, attacker: Debater::Eck, .. }));
    assert_eq!(game.debater_state(Debater::Bullinger), DebaterState::Committed);
}

#[test]
fn mary_i_doubles_the_papal_attacker_in_the_english_zone() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Tetzel, Debater::Tyndale]);
    game.set_ruler(Power::England, Ruler::MaryI).unwrap();
    // Tetzel: 1 doubled + 3 = 5 dice; Tyndale uncommitted: 2 + 2.
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::English), &mut log).unwrap();
    assert_eq!(summary(&debates(&log)[0]).0, 5);
    assert!(game.forced_dice().is_empty());
}

#[test]
fn aleander_adds_a_flip_and_campeggio_may_cancel_a_loss() {
    // Aleander defends uncommitted and loses by 1: the winner flips 2.
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Carlstadt, Debater::Aleander]);
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // Carlstadt 4, Aleander 4
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(summary(&debates(&log)[0]), (4, 4, Some(Power::Protestant), 2, None));

    // Campeggio loses by 4 (more than his 2), rolls a 5: no result at all.
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther, Debater::Campeggio]);
    game.force_dice(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 5]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert!(matches!(
        debates(&log)[0],
        Event::Debate { winner: Some(Power::Protestant), flips: 0, loser_out: None, campeggio_roll: Some(5), .. }
    ));
    assert_eq!(game.debater_state(Debater::Campeggio), DebaterState::Committed);
    assert_eq!(game.bonus_vp(Power::Protestant), 0);

    // ... and on a 4 the loss stands: he is disgraced.
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther, Debater::Campeggio]);
    game.force_dice(&[6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 4]).unwrap();
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    assert_eq!(game.debater_state(Debater::Campeggio), DebaterState::Disgraced);
    assert_eq!(game.bonus_vp(Power::Protestant), 2);
}

#[test]
fn the_winner_flips_in_the_debate_zone_first_then_elsewhere() {
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    for space in [Space::Leipzig, Space::Lyon] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    assert_eq!(Space::Leipzig.language(), Some(LanguageZone::German));
    assert_eq!(Space::Lyon.language(), Some(LanguageZone::French));
    // 2 hits to 0.
    game.force_dice(&[6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Flip(Space::Leipzig)]);
    game.apply_logged(Action::Flip(Space::Leipzig), &mut log).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Flip(Space::Lyon)]);
    game.apply_logged(Action::Flip(Space::Lyon), &mut log).unwrap();
    assert_eq!(game.religion(Space::Leipzig), Religion::Catholic);
    assert_eq!(game.religion(Space::Lyon), Religion::Catholic);
    assert!(log.contains(&Event::ReligionChanged { space: Space::Lyon, religion: Religion::Catholic }));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
}

#[test]
fn protestant_flips_need_a_reformation_target() {
    // Luther the reformer in Catholic Wittenberg makes it a target; a
    // Protestant electorate gets its regulars from the display (§18.7).
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther, Debater::Eck]);
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    game.set_on_electorate_display(Space::Wittenberg, true).unwrap();
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap(); // 1 hit to 0
    let mut log = Vec::new();
    game.apply_logged(Action::CallDebate(LanguageZone::German), &mut log).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::Flip(Space::Wittenberg)]);
    game.apply_logged(Action::Flip(Space::Wittenberg), &mut log).unwrap();
    assert_eq!(game.religion(Space::Wittenberg), Religion::Protestant);
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant).regulars, 2);
    assert!(!game.electorate_display().contains(Space::Wittenberg));
    assert!(log.contains(&Event::ElectorateRegularsPlaced { space: Space::Wittenberg, regulars: 2 }));
}

#[test]
fn call_limits() {
    let calls = |game: &Game| -> Vec<Action> {
        game.legal_actions().into_iter().filter(|a| matches!(a, Action::CallDebate(_))).collect()
    };
    let mut game = spending(Power::Papacy, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    // No Protestant debater in play in the French or English zone.
    assert_eq!(calls(&game), [Action::CallDebate(LanguageZone::German)]);
    assert!(!game.is_legal(&Action::CallDebate(LanguageZone::French)));
    // A committed Protestant debater still defends: the Papacy may call.
    game.set_debater(Debater::Luther, DebaterState::Committed).unwrap();
    assert_eq!(calls(&game), [Action::CallDebate(LanguageZone::German)]);
    // Not with every Papal debater committed.
    game.set_debater(Debater::Eck, DebaterState::Committed).unwrap();
    assert!(calls(&game).is_empty());
    // Burned debaters are not in play.
    game.set_debater(Debater::Eck, DebaterState::Uncommitted).unwrap();
    game.set_debater(Debater::Luther, DebaterState::Burned).unwrap();
    assert!(calls(&game).is_empty());

    // The Protestant needs an uncommitted debater of the zone.
    let mut game = spending(Power::Protestant, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Tyndale]);
    set_debaters(&mut game, DebaterState::Committed, &[Debater::Luther]);
    assert_eq!(calls(&game), [Action::CallDebate(LanguageZone::English)]);
    assert!(!game.is_legal(&Action::CallDebate(LanguageZone::German)));

    // 3 CP at least.
    let mut game = spending(Power::Papacy, Card::FoulWeather);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    assert!(calls(&game).is_empty());
    assert!(!game.is_legal(&Action::CallDebate(LanguageZone::German)));

    // Never another power.
    let mut game = spending(Power::France, Card::Erasmus);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Luther]);
    assert!(calls(&game).is_empty());
}

/// A bare 1517 board at the Diet of Worms, with Wittenberg Protestant and
/// two cards in each hand: HRE and Foul Weather (Hapsburg), Leipzig Debate
/// and Erasmus (Papacy), Here I Stand and A Mighty Fortress (Protestant).
fn diet() -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, SEED).with_fast_play(true));
    game.set_phase(Phase::DietOfWorms).unwrap();
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    for (power, cards) in [
        (Power::Hapsburg, [Card::HolyRomanEmperor, Card::FoulWeather]),
        (Power::Papacy, [Card::LeipzigDebate, Card::Erasmus]),
        (Power::Protestant, [Card::HereIStand, Card::AMightyFortress]),
    ] {
        for card in cards {
            game.give_card(power, card).unwrap();
        }
    }
    game.give_card(Power::Papacy, Card::MasterOfItaly).unwrap();
    // No spring event to ask about: spring deployment has nothing to do.
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game.run_automatic();
    game
}

#[test]
fn diet_of_worms_dice_and_flips_in_the_german_zone() {
    let mut game = diet();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::PlayCp(Card::HolyRomanEmperor), Action::PlayCp(Card::FoulWeather)]
    );
    game.apply(Action::PlayCp(Card::HolyRomanEmperor)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    // No mandatory event.
    assert!(!game.legal_actions().contains(&Action::PlayCp(Card::MasterOfItaly)));
    game.apply(Action::PlayCp(Card::Erasmus)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    // Protestant: Here I Stand 5 + 4 = 9 dice, 4 hits; Hapsburg 5 dice, 1
    // hit; Papacy (Erasmus) 3 dice, 1 hit: the Protestant flips 2.
    game.force_dice(&[6, 6, 6, 6, 1, 1, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1, 1, 1]).unwrap();
    game.force_dice(&[6, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(Card::HereIStand), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let diet = log.iter().find(|e| matches!(e, Event::DietOfWorms { .. })).expect("reported");
    let Event::DietOfWorms { protestant_dice, hapsburg_dice, papal_dice, winner, flips, hapsburg_card, .. } = *diet
    else {
        unreachable!()
    };
    assert_eq!((protestant_dice.count(), hapsburg_dice.count(), papal_dice.count()), (9, 5, 3));
    assert_eq!((winner, flips, hapsburg_card), (Some(Power::Protestant), 2, Some(Card::HolyRomanEmperor)));
    // The cards are spent: home cards to the power card, others discarded.
    assert!(!game.hand(Power::Hapsburg).contains(Card::HolyRomanEmperor));
    assert!(!game.discard_pile().contains(Card::HolyRomanEmperor));
    assert!(game.discard_pile().contains(Card::Erasmus));
    assert!(!game.hand(Power::Protestant).contains(Card::HereIStand));
    // Flips: German spaces next to a Protestant one; earlier flips count.
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let choices = game.legal_actions();
    assert!(choices.contains(&Action::Flip(Space::Leipzig)));
    assert!(!choices.contains(&Action::Flip(Space::Erfurt)));
    for action in &choices {
        let Action::Flip(space) = action else { panic!("{action}") };
        assert_eq!(space.language(), Some(LanguageZone::German));
        assert!(space.land_neighbours().any(|n| n == Space::Wittenberg));
    }
    game.apply(Action::Flip(Space::Leipzig)).unwrap();
    assert!(game.legal_actions().contains(&Action::Flip(Space::Erfurt)));
    game.apply(Action::Flip(Space::Erfurt)).unwrap();
    assert_eq!(game.religion(Space::Erfurt), Religion::Protestant);
    // Then spring deployment (nothing to deploy) and the action phase.
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn diet_of_worms_tie_flips_nothing() {
    let mut game = diet();
    game.apply(Action::PlayCp(Card::FoulWeather)).unwrap();
    game.apply(Action::PlayCp(Card::LeipzigDebate)).unwrap();
    // Protestant (A Mighty Fortress 4 + 4) 8 dice, 2 hits; Hapsburg 2 dice,
    // 1 hit; Papacy 3 dice, 1 hit.
    game.force_dice(&[6, 6, 1, 1, 1, 1, 1, 1, 6, 1, 5, 1, 1]).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(Card::AMightyFortress), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    assert!(log.iter().any(|e| matches!(e, Event::DietOfWorms { winner: None, flips: 0, .. })));
    assert!(!log.iter().any(|e| matches!(e, Event::ReligionChanged { .. })));
    assert_eq!(game.phase(), Phase::Action);
    assert!(game.discard_pile().contains(Card::FoulWeather));
    assert!(game.discard_pile().contains(Card::AMightyFortress));
}

#[test]
fn catholic_diet_win_is_flipped_by_the_papacy() {
    let mut game = diet();
    game.apply(Action::PlayCp(Card::HolyRomanEmperor)).unwrap();
    game.apply(Action::PlayCp(Card::LeipzigDebate)).unwrap();
    // Protestant 9 dice no hit; Hapsburg 5 dice 1 hit; Papacy 3 dice 0.
    game.force_dice(&[1; 9]).unwrap();
    game.force_dice(&[6, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    game.apply(Action::PlayCp(Card::HereIStand)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Flip(Space::Wittenberg)]);
    game.apply(Action::Flip(Space::Wittenberg)).unwrap();
    assert_eq!(game.religion(Space::Wittenberg), Religion::Catholic);
}

#[test]
fn two_player_diet_takes_the_hapsburg_card_from_the_deck() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, SEED).with_fast_play(true));
    game.set_phase(Phase::DietOfWorms).unwrap();
    game.give_card(Power::Papacy, Card::Erasmus).unwrap();
    game.give_card(Power::Protestant, Card::AMightyFortress).unwrap();
    game.put_card_in_deck(Card::MasterOfItaly).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::PlayCp(Card::Erasmus)).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayCp(Card::AMightyFortress), &mut log).unwrap();
    let diet = log.iter().find(|e| matches!(e, Event::DietOfWorms { .. })).expect("reported");
    // A mandatory event counts as 2 CP.
    assert!(matches!(
        *diet,
        Event::DietOfWorms { hapsburg_card: Some(Card::MasterOfItaly), hapsburg_dice, .. } if hapsburg_dice.count() == 2
    ));
    assert!(game.deck().is_empty());
}

#[test]
fn the_observation_hides_an_earlier_diet_pick() {
    let picked = |card| {
        let mut game = diet();
        game.apply(Action::PlayCp(card)).unwrap();
        game
    };
    let hre = picked(Card::HolyRomanEmperor);
    let foul = picked(Card::FoulWeather);
    assert_ne!(hre, foul);
    for viewer in [Power::Papacy, Power::Protestant, Power::Ottoman] {
        assert_eq!(hre.observation(viewer), foul.observation(viewer), "{viewer}");
    }
    assert_ne!(hre.observation(Power::Hapsburg), foul.observation(Power::Hapsburg));
    // The hand keeps the card until the reveal.
    assert!(hre.hand(Power::Hapsburg).contains(Card::HolyRomanEmperor));
    // A determinized game plays on.
    let mut rng = <rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(3);
    let mut other = hre.determinize(Power::Papacy, &mut rng);
    assert_eq!(other.validate(), Ok(()));
    other.apply(Action::PlayCp(Card::Erasmus)).unwrap();
}

#[test]
fn council_of_trent_dice_and_flips() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, SEED).with_fast_play(true));
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Eck, Debater::Pole, Debater::Tetzel]);
    set_debaters(&mut game, DebaterState::Uncommitted, &[Debater::Luther, Debater::Melanchthon, Debater::Calvin]);
    game.set_debater(Debater::Cajetan, DebaterState::Committed).unwrap();
    for space in [Space::Leipzig, Space::Lyon] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    let mut log = Vec::new();
    game.start_council_of_trent(&mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    // Uncommitted Papal debaters only.
    assert_eq!(
        game.legal_actions().as_slice(),
        &[
            Action::Done,
            Action::ChooseDebater(Debater::Eck),
            Action::ChooseDebater(Debater::Tetzel),
            Action::ChooseDebater(Debater::Pole)
        ]
    );
    game.apply(Action::ChooseDebater(Debater::Eck)).unwrap();
    game.apply(Action::ChooseDebater(Debater::Pole)).unwrap();
    assert_eq!(game.debater_state(Debater::Pole), DebaterState::Committed);
    game.apply(Action::Done).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    game.apply(Action::ChooseDebater(Debater::Luther)).unwrap();
    // Papacy: 3 + 3 + 1 (Pole) = 7 dice, 3 hits; Protestant 4 + 4 = 8, 1 hit.
    game.force_dice(&[6, 6, 5, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    game.apply_logged(Action::ChooseDebater(Debater::Calvin), &mut log).unwrap();
    assert!(game.forced_dice().is_empty());
    let council = log.iter().find(|e| matches!(e, Event::CouncilOfTrent { .. })).expect("reported");
    let Event::CouncilOfTrent { papal, protestant, papal_dice, protestant_dice, winner, flips } = *council else {
        unreachable!()
    };
    assert_eq!((papal.len(), protestant.len()), (2, 2));
    assert_eq!((papal_dice.count(), protestant_dice.count()), (7, 8));
    assert_eq!((winner, flips), (Some(Power::Papacy), 2));
    // The Papacy flips 2 legal counter-reformation targets, any zone.
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Flip(Space::Leipzig), Action::Flip(Space::Lyon)]);
    game.apply(Action::Flip(Space::Lyon)).unwrap();
    game.apply(Action::Flip(Space::Leipzig)).unwrap();
    assert_eq!(game.protestant_spaces().len(), 0);
}
