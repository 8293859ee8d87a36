//! The diplomacy phase: declarations of war (§9.6), interventions, payment.

use here_i_stand::rules::diplomacy::*;
use here_i_stand::*;

use crate::common;

type R = Result<(), EditError>;

fn empty() -> Game {
    without_spring_events(Game::empty(Setup::new(Scenario::Y1517, 3)))
}

/// `game` without the spring deployment events (#102, #109), whose
/// windows would otherwise follow the diplomacy phase.
fn without_spring_events(mut game: Game) -> Game {
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game
}

/// A bare board at the start of the diplomacy phase of `turn`, with these
/// hands, its automatic steps run.
fn diplomacy_on(turn: u8, hands: &[(Power, &[Card])], edit: impl FnOnce(&mut Game)) -> Game {
    let mut game = empty();
    game.set_turn(turn).unwrap();
    for &(power, cards) in hands {
        for &card in cards {
            game.give_card(power, card).unwrap();
        }
    }
    edit(&mut game);
    crate::common::enter_diplomacy_after_negotiation(&mut game);
    game
}

fn diplomacy(hands: &[(Power, &[Card])]) -> Game {
    diplomacy_on(2, hands, |_| {})
}

/// Every power the rules let declare war is asked, whatever its hand (so
/// the question reveals nothing): answers `done` for the others up to `power`.
fn ask(game: &mut Game, power: Power) {
    while game.decider() != Decider::Power(power) {
        game.apply(Action::Done).expect("an earlier declarer says done");
    }
}

/// Answers `done` for every declarer left; returns who was asked.
fn done_declaring(game: &mut Game) -> Vec<Power> {
    let mut asked = Vec::new();
    while let Decider::Power(power) = game.decider() {
        if !game.legal_actions().contains(&Action::Done) {
            break;
        }
        asked.push(power);
        game.apply(Action::Done).unwrap();
    }
    asked
}

fn declarations(game: &Game) -> Vec<Faction> {
    game.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::DeclareWar(f) => Some(*f),
            _ => None,
        })
        .collect()
}

// --- Refusals (§9.6), one test per restriction -------------------------------

#[test]
fn no_war_on_itself_or_an_independent() {
    let game = empty();
    assert_eq!(dow_refusal(&game, Power::France, Faction::France), Some(DowRefusal::Itself));
    assert_eq!(dow_refusal(&game, Power::France, Faction::Independent), Some(DowRefusal::Independent));
}

#[test]
fn nobody_declares_war_on_hungary_bohemia() {
    let game = empty();
    for power in [Power::Ottoman, Power::Hapsburg, Power::France] {
        assert_eq!(dow_refusal(&game, power, Faction::HungaryBohemia), Some(DowRefusal::HungaryBohemia));
    }
}

#[test]
fn ottoman_papacy_protestant_never_declare_on_scotland() -> R {
    let mut game = empty();
    game.set_schmalkaldic_league(true)?;
    for power in [Power::Ottoman, Power::Papacy, Power::Protestant] {
        assert_eq!(dow_refusal(&game, power, Faction::Scotland), Some(DowRefusal::ScotlandBarred));
    }
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::Scotland), None);
    Ok(())
}

#[test]
fn an_ally_of_france_does_not_declare_on_scotland() -> R {
    let mut game = empty();
    assert_eq!(dow_refusal(&game, Power::England, Faction::Scotland), None);
    game.set_alliance(Power::England, Power::France, true)?;
    assert_eq!(dow_refusal(&game, Power::England, Faction::Scotland), Some(DowRefusal::ScotlandFrenchAlly));
    assert_eq!(dow_refusal_always(&game, Power::England, Faction::Scotland), Some(DowRefusal::ScotlandFrenchAlly));
    Ok(())
}

#[test]
fn england_never_declares_on_venice() {
    let game = empty();
    assert_eq!(dow_refusal(&game, Power::England, Faction::Venice), Some(DowRefusal::VeniceByEngland));
    assert_eq!(dow_refusal(&game, Power::France, Faction::Venice), None);
}

#[test]
fn an_ally_of_the_papacy_does_not_declare_on_venice_in_diplomacy() -> R {
    let mut game = empty();
    game.set_alliance(Power::Hapsburg, Power::Papacy, true)?;
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::Venice), Some(DowRefusal::VenicePapalAlly));
    // A diplomacy-phase restriction only.
    assert_eq!(dow_refusal_always(&game, Power::Hapsburg, Faction::Venice), None);
    Ok(())
}

#[test]
fn a_minor_allied_to_a_major_is_not_a_target() -> R {
    let mut game = empty();
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::Genoa), Some(DowRefusal::MinorAllied(Power::France)));
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::France), None);
    Ok(())
}

#[test]
fn no_war_on_a_current_ally() -> R {
    let mut game = empty();
    game.set_alliance(Power::England, Power::Hapsburg, true)?;
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    assert_eq!(dow_refusal(&game, Power::England, Faction::Hapsburg), Some(DowRefusal::Ally));
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::England), Some(DowRefusal::Ally));
    assert_eq!(dow_refusal(&game, Power::France, Faction::Genoa), Some(DowRefusal::Ally));
    Ok(())
}

#[test]
fn no_war_on_a_power_already_at_war() -> R {
    let mut game = empty();
    game.set_war(Power::Hapsburg, Power::France, true)?;
    game.set_war(Power::Ottoman, MinorPower::Venice, true)?;
    assert_eq!(dow_refusal(&game, Power::France, Faction::Hapsburg), Some(DowRefusal::AtWar));
    assert_eq!(dow_refusal(&game, Power::Ottoman, Faction::Venice), Some(DowRefusal::AtWar));
    Ok(())
}

#[test]
fn no_war_on_the_protestant_before_the_league() -> R {
    let mut game = empty();
    assert_eq!(dow_refusal(&game, Power::England, Faction::Protestant), Some(DowRefusal::ProtestantTargetBeforeLeague));
    game.set_schmalkaldic_league(true)?;
    assert_eq!(dow_refusal(&game, Power::England, Faction::Protestant), None);
    Ok(())
}

#[test]
fn the_protestant_declares_on_nobody_before_the_league() -> R {
    let mut game = empty();
    for target in [Faction::England, Faction::Genoa] {
        assert_eq!(dow_refusal(&game, Power::Protestant, target), Some(DowRefusal::ProtestantDeclarerBeforeLeague));
    }
    game.set_schmalkaldic_league(true)?;
    assert_eq!(dow_refusal(&game, Power::Protestant, Faction::England), None);
    assert_eq!(dow_refusal(&game, Power::Protestant, Faction::Genoa), None);
    Ok(())
}

#[test]
fn hapsburg_and_papacy_fight_the_protestant_only_through_the_league() -> R {
    let mut game = empty();
    game.set_schmalkaldic_league(true)?;
    for (declarer, target) in [
        (Power::Hapsburg, Faction::Protestant),
        (Power::Papacy, Faction::Protestant),
        (Power::Protestant, Faction::Hapsburg),
        (Power::Protestant, Faction::Papacy),
    ] {
        assert_eq!(dow_refusal(&game, declarer, target), Some(DowRefusal::LeagueWarOnly), "{declarer} on {target}");
    }
    Ok(())
}

// --- Costs (§9.6, Diplomatic Status Display) -----------------------------------

#[test]
fn major_power_costs_as_printed() {
    use Power::*;
    let boxes = [
        (Ottoman, Hapsburg, 2),
        (Ottoman, England, 2),
        (Ottoman, France, 2),
        (Ottoman, Papacy, 2),
        (Ottoman, Protestant, 2),
        (Hapsburg, England, 3),
        (Hapsburg, France, 3),
        (Hapsburg, Papacy, 4),
        (England, France, 3),
        (England, Papacy, 3),
        (England, Protestant, 2),
        (France, Papacy, 3),
        (France, Protestant, 2),
    ];
    for (a, b, cost) in boxes {
        // One box per pair: the same whichever side declares (Hapsburg-England: 3).
        assert_eq!(dow_cost(a, b.into()), cost, "{a} on {b}");
        assert_eq!(dow_cost(b, a.into()), cost, "{b} on {a}");
    }
}

#[test]
fn minor_power_costs_follow_the_rule_text() {
    for power in Power::ALL {
        for minor in MinorPower::ALL {
            assert_eq!(dow_cost(power, minor.into()), 1, "{power} on {minor}");
        }
    }
    assert_eq!(INTERVENTION_COST, 2);
}

#[test]
fn mandatory_events_do_not_pay_for_war() -> R {
    let mut game = empty();
    game.give_card(Power::England, Card::SixWivesOfHenryViii)?; // home, 5
    game.give_card(Power::England, Card::Galleons)?; // 2
    game.give_card(Power::England, Card::MasterOfItaly)?; // mandatory, 2
    assert_eq!(war_payment_cp(&game, Power::England), 7);
    Ok(())
}

// --- The segment in play --------------------------------------------------------

#[test]
fn a_declaration_paid_with_two_cards() {
    // The mandatory event neither counts nor pays (§9.6 step 7).
    let mut game = diplomacy(&[(Power::Hapsburg, &[Card::MasterOfItaly, Card::AffairOfThePlacards, Card::Galleons])]);
    assert_eq!(game.phase(), Phase::Diplomacy);
    ask(&mut game, Power::Hapsburg);
    assert!(game.legal_actions().contains(&Action::DeclareWar(Faction::Papacy)));
    let mut log = Vec::new();
    game.apply_logged(Action::DeclareWar(Faction::Papacy), &mut log).unwrap();
    assert!(log.contains(&Event::WarDeclared { power: Power::Hapsburg, target: Faction::Papacy }));
    // The war marker is placed at once; 4 CP owed use up the hand, so the
    // Hapsburg can only say done; then payment begins.
    assert!(game.at_war(Power::Hapsburg, Power::Papacy));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Done]);
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::PayWith(Card::AffairOfThePlacards), Action::PayWith(Card::Galleons)]
    );
    game.apply(Action::PayWith(Card::Galleons)).unwrap();
    assert_eq!(game.phase(), Phase::Diplomacy);
    game.apply(Action::PayWith(Card::AffairOfThePlacards)).unwrap();
    assert_eq!(game.hand(Power::Hapsburg).iter().collect::<Vec<_>>(), vec![Card::MasterOfItaly]);
    assert!(game.discard_pile().contains(Card::Galleons));
    assert!(game.discard_pile().contains(Card::AffairOfThePlacards));
    assert_eq!(game.phase(), Phase::Action);
    assert!(game.at_war(Power::Hapsburg, Power::Papacy));
}

#[test]
fn a_power_that_cannot_pay_is_not_offered_the_declaration() {
    // 3 CP: England and France (3) yes, the Papacy (4) no.
    let mut game = diplomacy(&[(Power::Hapsburg, &[Card::JesuitEducation])]);
    ask(&mut game, Power::Hapsburg);
    let offered = declarations(&game);
    assert!(offered.contains(&Faction::England));
    assert!(offered.contains(&Faction::France));
    assert!(!offered.contains(&Faction::Papacy));
    // After a 2-CP declaration only 1 CP is left: minors only.
    game.apply(Action::DeclareWar(Faction::Ottoman)).unwrap();
    assert_eq!(declarations(&game), vec![Faction::Genoa, Faction::Scotland, Faction::Venice]);
    // A mandatory event does not count: with it alone the Hapsburg is asked
    // (the question reveals nothing) but can only say done.
    let mut game = diplomacy(&[(Power::Hapsburg, &[Card::MasterOfItaly])]);
    ask(&mut game, Power::Hapsburg);
    assert_eq!(game.legal_actions().as_slice(), &[Action::Done]);
}

#[test]
fn a_home_card_pays_and_goes_back_to_the_power_card() {
    let mut game = diplomacy(&[(Power::England, &[Card::SixWivesOfHenryViii])]);
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::France)).unwrap();
    done_declaring(&mut game);
    assert_eq!(game.legal_actions().as_slice(), &[Action::PayWith(Card::SixWivesOfHenryViii)]);
    game.apply(Action::PayWith(Card::SixWivesOfHenryViii)).unwrap();
    assert!(!game.hand(Power::England).contains(Card::SixWivesOfHenryViii));
    assert!(!game.discard_pile().contains(Card::SixWivesOfHenryViii));
    assert!(game.at_war(Power::England, Power::France));
}

#[test]
fn declarations_go_in_impulse_order() {
    // Every power the rules let declare is asked, hand or no hand; the
    // Protestant, before the League, is not.
    let mut game = diplomacy(&[(Power::France, &[Card::Galleons]), (Power::Ottoman, &[Card::Plantations])]);
    let asked = done_declaring(&mut game);
    assert_eq!(asked, [Power::Ottoman, Power::Hapsburg, Power::England, Power::France, Power::Papacy]);
    // Nobody declared: nothing to pay.
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn france_intervenes_for_scotland() {
    let mut game = diplomacy(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::Galleons])]);
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::Intervene]);
    let mut log = Vec::new();
    game.apply_logged(Action::Intervene, &mut log).unwrap();
    assert!(log.contains(&Event::Intervened {
        power: Power::France,
        minor: MinorPower::Scotland,
        declarer: Power::England
    }));
    // Scotland is France's active ally, its spaces French; France is at war
    // with England, whose war with Scotland now runs through France (§22.2).
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    assert_eq!(game.controller(Space::Edinburgh), Faction::France);
    assert!(game.at_war(Power::France, Power::England));
    assert!(!game.at_war(Power::England, MinorPower::Scotland));
    // Phony War (§9.6 step 6).
    assert_eq!(game.phony_war(MinorPower::Scotland), Some(Power::England));
    assert_eq!(game.bonus_vp(Power::England), -1);
    // France owes 2 with 2 CP: nothing more to declare. Payment: England, France.
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    game.apply(Action::PayWith(Card::CalvinExpelled)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    game.apply(Action::PayWith(Card::Galleons)).unwrap();
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn france_may_decline_to_intervene() {
    let mut game = diplomacy(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::Galleons])]);
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    game.apply(Action::Decline).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Scotland), None);
    assert!(game.at_war(Power::England, MinorPower::Scotland));
    assert!(!game.at_war(Power::France, Power::England));
    assert_eq!(game.phony_war(MinorPower::Scotland), None);
    assert_eq!(game.bonus_vp(Power::England), 0);
    // France, with 2 CP still free, now declares in its turn (Scotland: England's war).
    ask(&mut game, Power::France);
    assert!(declarations(&game).contains(&Faction::Genoa));
}

#[test]
fn no_intervention_without_2_cp() {
    let mut game = diplomacy(&[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::GabelleRevolt])]);
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    // France, with 1 CP, is still asked (the question reveals nothing) but
    // may only decline.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline]);
}

#[test]
fn the_papacy_intervenes_for_venice() {
    let mut game = diplomacy(&[(Power::Hapsburg, &[Card::CalvinExpelled]), (Power::Papacy, &[Card::Galleons])]);
    ask(&mut game, Power::Hapsburg);
    game.apply(Action::DeclareWar(Faction::Venice)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::Intervene).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Venice), Some(Power::Papacy));
    assert_eq!(game.controller(Space::Venice), Faction::Papacy);
    assert!(game.at_war(Power::Papacy, Power::Hapsburg));
    assert_eq!(game.phony_war(MinorPower::Venice), Some(Power::Hapsburg));
}

#[test]
fn a_power_at_war_with_the_minor_may_declare_on_the_intervener_for_free() {
    // §22.2 step 2: the Hapsburg, already at war with Scotland, may declare
    // war on France for free when France intervenes.
    let mut game =
        diplomacy_on(2, &[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::Galleons])], |g| {
            g.set_war(Power::Hapsburg, MinorPower::Scotland, true).unwrap()
        });
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    game.apply(Action::Intervene).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(game.legal_actions().as_slice(), &[Action::Decline, Action::DeclareWar(Faction::France)]);
    game.apply(Action::DeclareWar(Faction::France)).unwrap();
    assert!(game.at_war(Power::Hapsburg, Power::France));
    assert!(!game.at_war(Power::Hapsburg, MinorPower::Scotland));
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    // Free: the Hapsburg, with no cards, owes nothing; only England and
    // France pay.
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

#[test]
fn intervention_displaces_units_sharing_a_space() -> R {
    // §9.6 step 5: French units in English Calais leave once France and
    // England are at war.
    let mut game =
        diplomacy_on(2, &[(Power::England, &[Card::CalvinExpelled]), (Power::France, &[Card::Galleons])], |g| {
            g.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
            g.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(1)).unwrap();
        });
    ask(&mut game, Power::England);
    game.apply(Action::DeclareWar(Faction::Scotland)).unwrap();
    game.apply(Action::Intervene).unwrap();
    // France picks among its nearest fortified spaces (Rouen, and now French
    // Edinburgh by the Channel and the North Sea, 3 steps each) and its capital.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(
        game.legal_actions().as_slice(),
        &[Action::DisplaceTo(Space::Edinburgh), Action::DisplaceTo(Space::Paris), Action::DisplaceTo(Space::Rouen)]
    );
    game.apply(Action::DisplaceTo(Space::Paris)).unwrap();
    assert_eq!(game.land_units(Space::Calais, Faction::England).regulars, 2);
    assert_eq!(game.land_units(Space::Calais, Faction::France).regulars, 0);
    assert_eq!(game.land_units(Space::Paris, Faction::France).regulars, 1);
    // Then payment, England first.
    done_declaring(&mut game);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    Ok(())
}

#[test]
fn no_declarations_of_war_on_turn_1() {
    // §7: turn 1 diplomacy is England's negotiation only.
    let game = diplomacy_on(1, &[(Power::Ottoman, &[Card::Janissaries])], |_| {});
    assert_eq!(game.phase(), Phase::Action);
    assert!(declarations(&game).is_empty());
    // Turn 2: the same hand may declare.
    let game = diplomacy(&[(Power::Ottoman, &[Card::Janissaries])]);
    assert_eq!(game.phase(), Phase::Diplomacy);
    assert!(declarations(&game).contains(&Faction::Hapsburg));
}

#[test]
fn no_declarations_in_the_two_player_variant() {
    // §24.3.
    let mut game = without_spring_events(Game::empty(Setup::new(Scenario::TwoPlayer, 3)));
    game.set_turn(2).unwrap();
    game.give_card(Power::Papacy, Card::PapalBull).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    assert_eq!(game.phase(), Phase::Action);
}

#[test]
fn the_protestant_declares_only_after_the_league() {
    let mut game = diplomacy(&[(Power::Protestant, &[Card::HereIStand])]);
    assert!(!done_declaring(&mut game).contains(&Power::Protestant));
    assert_eq!(game.phase(), Phase::Action);
    let mut game = diplomacy_on(2, &[(Power::Protestant, &[Card::HereIStand])], |g| {
        g.set_schmalkaldic_league(true).unwrap();
        g.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
        g.set_war(Power::Papacy, Power::Protestant, true).unwrap();
    });
    ask(&mut game, Power::Protestant);
    let offered = declarations(&game);
    assert!(offered.contains(&Faction::England));
    assert!(offered.contains(&Faction::Venice));
    assert!(!offered.contains(&Faction::Scotland));
    assert!(!offered.contains(&Faction::Hapsburg));
}

#[test]
fn random_play_passes_through_the_diplomacy_phases() {
    // From turn 1, random legal actions up to turn 4: every diplomacy phase
    // ends and no decision is left without a legal action.
    for seed in 0..3u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut state = seed;
        for _ in 0..200_000 {
            if game.turn() >= 4 || matches!(game.decider(), Decider::Terminal(_)) {
                break;
            }
            let actions = game.legal_actions();
            assert!(!actions.is_empty(), "no legal action: seed {seed}");
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.apply(actions[(state >> 33) as usize % actions.len()]).unwrap();
        }
        assert!(game.turn() >= 4 || matches!(game.decider(), Decider::Terminal(_)));
    }
}

// --- Phony War's end (§9.6 step 6) -------------------------------------------------

/// England holds Scotland's Phony War marker (France intervened), at war
/// with France; 4 English regulars in Calais, 2 French in Boulogne; the
/// action phase, England's impulse with 2 CP.
fn phony_war_at_boulogne(foe: Faction) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_war(Power::England, Power::France, true).unwrap();
    game.set_war(Power::England, Power::Hapsburg, true).unwrap();
    game.set_phony_war(MinorPower::Scotland, Some(Power::England), false).unwrap();
    game.set_bonus_vp(Power::England, -1).unwrap();
    game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(4)).unwrap();
    game.set_controller(Space::Boulogne, foe).unwrap();
    game.set_land_units(Space::Boulogne, foe, LandUnits::regulars(2)).unwrap();
    common::impulse(&mut game, Power::England, 2);
    game
}

/// England moves into Boulogne; every decision after the move is declined
/// (or its first option taken) until the battle is fought.
fn attack_boulogne(game: &mut Game) -> Vec<Event> {
    let mut log = Vec::new();
    common::apply(game, Action::MoveFrom(Space::Calais), &mut log);
    common::repeat(game, Action::AddUnit(LandUnitKind::Regular), 4, &mut log);
    common::apply(game, Action::MoveTo(Space::Boulogne), &mut log);
    while common::field_battle(&log).is_none() {
        let legal = common::legal(game);
        let action = if legal.contains(&Action::Decline) { Action::Decline } else { legal[0] };
        common::apply(game, action, &mut log);
    }
    log
}

/// §9.6 step 6: a land combat between the declarer and the power that
/// intervened removes the marker; the declarer's VP is back.
#[test]
fn a_battle_with_the_intervener_removes_the_phony_war_marker() {
    let mut game = phony_war_at_boulogne(Faction::France);
    let log = attack_boulogne(&mut game);
    assert!(log.contains(&Event::PhonyWarRemoved { power: Power::England, minor: MinorPower::Scotland }));
    assert_eq!(game.phony_war(MinorPower::Scotland), None);
    assert_eq!(game.bonus_vp(Power::England), 0);
    game.validate().unwrap();
}

/// A battle with another power leaves the marker where it is.
#[test]
fn a_battle_with_another_power_keeps_the_phony_war_marker() {
    let mut game = phony_war_at_boulogne(Faction::Hapsburg);
    let log = attack_boulogne(&mut game);
    assert!(!log.iter().any(|e| matches!(e, Event::PhonyWarRemoved { .. })));
    assert_eq!(game.phony_war(MinorPower::Scotland), Some(Power::England));
    assert_eq!(game.bonus_vp(Power::England), -1);
}

/// An assault between them removes it too: France, which intervened for
/// Scotland, assaults Calais, held by England (the declarer).
#[test]
fn an_assault_between_them_removes_the_phony_war_marker() {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3).with_fast_play(true));
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_phony_war(MinorPower::Scotland, Some(Power::England), false).unwrap();
    game.set_bonus_vp(Power::England, -1).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(6)).unwrap();
    game.set_naval_units(NavalLocation::Sea(SeaZone::NorthSea), Faction::France, NavalUnits::squadrons(2)).unwrap();
    common::impulse(&mut game, Power::France, 2);
    let mut log = Vec::new();
    common::apply(&mut game, Action::Assault(Space::Calais), &mut log);
    while !log.iter().any(|e| matches!(e, Event::Assault { .. })) {
        let legal = common::legal(&game);
        let action = if legal.contains(&Action::Decline) { Action::Decline } else { legal[0] };
        common::apply(&mut game, action, &mut log);
    }
    assert!(log.contains(&Event::PhonyWarRemoved { power: Power::England, minor: MinorPower::Scotland }));
    assert_eq!(game.bonus_vp(Power::England), 0);
}

/// Peace between the declarer and the intervener before any such combat
/// makes the -1 VP permanent: a later battle no longer removes it.
#[test]
fn peace_with_the_intervener_makes_the_phony_war_permanent() {
    let mut game = diplomacy_on(3, &[], |game| {
        game.set_war(Power::England, Power::France, true).unwrap();
        game.set_controller(Space::Calais, Faction::France).unwrap();
        game.set_phony_war(MinorPower::Scotland, Some(Power::England), false).unwrap();
        game.set_bonus_vp(Power::England, -1).unwrap();
    });
    while game.decider() != Decider::Power(Power::England) {
        game.apply(Action::Decline).unwrap();
    }
    let mut log = Vec::new();
    common::apply(&mut game, Action::SueForPeace(Power::France), &mut log);
    while game.decider() == Decider::Power(Power::England) && game.is_legal(&Action::Decline) {
        common::apply(&mut game, Action::Decline, &mut log);
    }
    assert!(!game.at_war(Power::England, Power::France));
    assert!(log.contains(&Event::PhonyWarPermanent { power: Power::England, minor: MinorPower::Scotland }));
    assert!(game.phony_war_permanent(MinorPower::Scotland));
    assert_eq!(game.phony_war(MinorPower::Scotland), Some(Power::England));
    assert_eq!(game.bonus_vp(Power::England), -1);
    game.validate().unwrap();
}
