//! The last card events of issues #13 and #14 (cards-a): #59 Lady Jane
//! Grey, #60 Maurice of Saxony, #40 Machiavelli: The Prince, #42
//! Roxelana. Each card's condition, play and branches, on small positions
//! built for the purpose.

use crate::common;

use common::{action_phase, apply, event, legal, naval_battle, offered, retreat_first};
use here_i_stand::*;

// --- #59 Lady Jane Grey ----------------------------------------------------------------

/// An action phase in which England, holding `english` besides, has just
/// played Edward VI as its event: Henry VIII died, England changed rulers
/// this turn. The 2 CP of the mandatory event are left unspent.
fn edward_succeeds(english: &[Card]) -> Game {
    let mut game = action_phase(1);
    for &card in english {
        game.give_card(Power::England, card).unwrap();
    }
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London)).unwrap();
    event(&mut game, Power::England, Card::EdwardVi);
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    while game.decider() == Decider::Power(Power::England) {
        game.apply(Action::Done).expect("the CP left unspent");
    }
    game
}

#[test]
fn lady_jane_grey_needs_a_change_of_english_ruler_this_turn() {
    let mut game = action_phase(1);
    game.give_card(Power::England, Card::Erasmus).unwrap();
    assert!(!offered(&mut game, Power::France, Card::LadyJaneGrey));
}

#[test]
fn lady_jane_grey_needs_a_non_home_english_card() {
    // England holds only its home card after the succession.
    let mut game = edward_succeeds(&[Card::SixWivesOfHenryViii]);
    assert!(!offered(&mut game, Power::France, Card::LadyJaneGrey));
}

#[test]
fn lady_jane_grey_draws_from_england_and_the_deck_keeps_one_awards_one() {
    let mut game = edward_succeeds(&[Card::SixWivesOfHenryViii, Card::Erasmus]);
    game.put_card_in_deck(Card::Gout).unwrap();
    assert!(offered(&mut game, Power::France, Card::LadyJaneGrey));
    let log = event(&mut game, Power::France, Card::LadyJaneGrey);
    assert!(log.contains(&Event::CardDrawn { power: Power::France, from: Power::England, card: Some(Card::Erasmus) }));
    // The home card stays; France holds both cards and chooses the award.
    assert_eq!(game.hand(Power::England).iter().collect::<Vec<_>>(), [Card::SixWivesOfHenryViii]);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::GiveCard(Card::Gout), Action::GiveCard(Card::Erasmus)]);
    let mut log = Vec::new();
    apply(&mut game, Action::GiveCard(Card::Gout), &mut log);
    assert_eq!(legal(&game), [Action::TargetPower(Power::Papacy), Action::TargetPower(Power::Protestant)]);
    apply(&mut game, Action::TargetPower(Power::Papacy), &mut log);
    assert_eq!(game.hand(Power::France).iter().collect::<Vec<_>>(), [Card::Erasmus]);
    assert_eq!(game.hand(Power::Papacy).iter().collect::<Vec<_>>(), [Card::Gout]);
    assert!(game.removed_cards().contains(Card::LadyJaneGrey));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

#[test]
fn lady_jane_grey_awards_to_the_protestant_the_english_card() {
    let mut game = edward_succeeds(&[Card::Erasmus]);
    game.put_card_in_deck(Card::Gout).unwrap();
    event(&mut game, Power::France, Card::LadyJaneGrey);
    let mut log = Vec::new();
    apply(&mut game, Action::GiveCard(Card::Erasmus), &mut log);
    apply(&mut game, Action::TargetPower(Power::Protestant), &mut log);
    assert_eq!(game.hand(Power::Protestant).iter().collect::<Vec<_>>(), [Card::Erasmus]);
    assert_eq!(game.hand(Power::France).iter().collect::<Vec<_>>(), [Card::Gout]);
    assert!(game.hand(Power::England).is_empty());
}

#[test]
fn lady_jane_grey_with_an_empty_deck_keeps_the_english_card() {
    let mut game = edward_succeeds(&[Card::Erasmus]);
    event(&mut game, Power::France, Card::LadyJaneGrey);
    assert_eq!(game.hand(Power::France).iter().collect::<Vec<_>>(), [Card::Erasmus]);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
}

/// France has played Lady Jane Grey: it drew Erasmus from England and a
/// deck card (one of several), and chooses the award.
fn jane_choosing() -> (Game, Card) {
    let mut game = edward_succeeds(&[Card::Erasmus]);
    for card in [Card::Gout, Card::MercenariesBribed, Card::FoulWeather] {
        game.put_card_in_deck(card).unwrap();
    }
    game.give_card(Power::Hapsburg, Card::MachiavelliThePrince).unwrap();
    event(&mut game, Power::France, Card::LadyJaneGrey);
    let drawn = game.hand(Power::France).iter().find(|&c| c != Card::Erasmus).expect("a deck card drawn");
    (game, drawn)
}

/// The cards a board offers for Lady Jane Grey's award.
fn awards(board: &Game) -> Vec<Card> {
    legal(board)
        .into_iter()
        .filter_map(|a| match a {
            Action::GiveCard(card) => Some(card),
            _ => None,
        })
        .collect()
}

#[test]
fn lady_jane_grey_cards_are_seen_by_the_chooser_and_england_only() {
    let (game, drawn) = jane_choosing();
    assert_eq!(game.decider(), Decider::Power(Power::France));
    let mut both = vec![drawn, Card::Erasmus];
    both.sort();
    let mut chooser = awards(game.observation(Power::France).board());
    chooser.sort();
    assert_eq!(chooser, both);
    // England saw its card leave: it sees it in France's hand, not the other.
    let england = game.observation(Power::England);
    assert_eq!(awards(england.board()), [Card::Erasmus]);
    assert!(england.board().hand(Power::France).contains(Card::Erasmus));
    assert!(!england.board().hand(Power::France).contains(drawn));
    for viewer in [Power::Hapsburg, Power::Papacy, Power::Protestant, Power::Ottoman] {
        let seen = game.observation(viewer);
        assert!(awards(seen.board()).is_empty(), "{viewer}");
        assert!(seen.board().hand(Power::France).is_empty(), "{viewer}");
        assert!(seen.unseen().contains(drawn) && seen.unseen().contains(Card::Erasmus), "{viewer}");
    }
}

#[test]
fn lady_jane_grey_cards_are_dealt_again_for_those_who_did_not_see_them() {
    use rand_core::SeedableRng;
    let (game, _) = jane_choosing();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut dealt = std::collections::BTreeSet::new();
    for _ in 0..40 {
        for viewer in [Power::Hapsburg, Power::England] {
            let seen = game.observation(viewer);
            let other = seen.determinize(&mut rng);
            assert_eq!(other.validate(), Ok(()));
            assert_eq!(other.observation(viewer), seen);
            assert_eq!(other.decider(), Decider::Power(Power::France));
            // The decider chooses between two cards of its hand.
            let cards = awards(&other);
            assert_eq!(cards.len(), 2, "{viewer}");
            assert!(cards.iter().all(|&c| other.hand(Power::France).contains(c)));
            if viewer == Power::England {
                assert!(cards.contains(&Card::Erasmus));
            } else {
                dealt.insert(cards.clone());
            }
            // The award still plays on.
            let mut next = other.clone();
            next.apply(Action::GiveCard(cards[0])).unwrap();
            next.apply(Action::TargetPower(Power::Protestant)).unwrap();
            assert!(next.hand(Power::Protestant).contains(cards[0]));
        }
    }
    assert!(dealt.len() > 1, "the cards differ between deals");
}

#[test]
fn lady_jane_grey_award_is_hidden_until_made_and_then_known_to_the_chooser() {
    let (mut game, drawn) = jane_choosing();
    game.apply(Action::GiveCard(drawn)).unwrap();
    // Which card is awarded is France's secret until the award.
    for viewer in [Power::England, Power::Hapsburg, Power::Papacy] {
        let seen = game.observation(viewer);
        assert!(!seen.board().hand(Power::France).contains(drawn), "{viewer}");
    }
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
    let mut other = game.observation(Power::Hapsburg).determinize(&mut rng);
    assert_eq!(other.validate(), Ok(()));
    other.apply(Action::TargetPower(Power::Papacy)).unwrap();
    game.apply(Action::TargetPower(Power::Papacy)).unwrap();
    // France knows where its card went; the Hapsburg does not.
    assert!(game.observation(Power::France).board().hand(Power::Papacy).contains(drawn));
    assert!(!game.observation(Power::Hapsburg).board().hand(Power::Papacy).contains(drawn));
}

#[test]
fn the_change_of_ruler_is_forgotten_at_the_next_turn() {
    let mut game = edward_succeeds(&[]);
    assert!(game.english_ruler_changed());
    // Everyone passes, declines and is done until turn 2 begins.
    let mut steps = 0;
    while game.turn() == 1 {
        let actions = legal(&game);
        let quiet = [Action::Pass, Action::Decline, Action::Done];
        let action = quiet.into_iter().find(|a| actions.contains(a)).unwrap_or(actions[0]);
        game.apply(action).unwrap();
        steps += 1;
        assert!(steps < 1000, "turn 1 ends");
    }
    assert_eq!(game.ruler(Power::England), Ruler::EdwardVi);
    assert!(!game.english_ruler_changed());
}

#[cfg(feature = "serde")]
#[test]
fn the_change_of_ruler_is_saved_and_checked() {
    let game = edward_succeeds(&[Card::Erasmus]);
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    // Henry VIII, the first ruler, cannot have succeeded this turn.
    let mut value = serde_json::to_value(&game).unwrap();
    value["rulers"]["england"] = serde_json::json!("henry_viii");
    let err = serde_json::from_value::<Game>(value).unwrap_err().to_string();
    assert!(err.contains("succession"), "{err}");
}

// --- #60 Maurice of Saxony ---------------------------------------------------------------

const MAURICE: Leader = Leader::MauriceOfSaxony;

#[test]
fn maurice_of_saxony_is_played_by_the_hapsburg_or_the_protestant_only() {
    for (power, playable) in [(Power::Hapsburg, true), (Power::Protestant, true), (Power::France, false)] {
        let mut game = action_phase(1);
        assert_eq!(offered(&mut game, power, Card::MauriceOfSaxony), playable, "{power}");
    }
}

#[test]
fn maurice_switches_with_his_mercenaries_to_the_nearest_free_friendly_space() {
    let mut game = action_phase(1);
    game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    let stack = LandUnits { regulars: 2, mercenaries: 3, cavalry: 0 };
    game.set_land_units(Space::Wittenberg, Faction::Protestant, stack).unwrap();
    game.set_leader(MAURICE, LeaderLocation::Space(Space::Wittenberg)).unwrap();
    // Occupied neighbours do not count; Brandenburg and Leipzig are free
    // and Hapsburg-controlled, Prague and Breslau are not Hapsburg's.
    game.set_land_units(Space::Magdeburg, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    event(&mut game, Power::Hapsburg, Card::MauriceOfSaxony);
    assert_eq!(game.leader_owner(MAURICE), Some(Faction::Hapsburg));
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant), LandUnits::regulars(2));
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    let mut choices = legal(&game);
    choices.sort_by_key(|a| a.to_string());
    assert_eq!(choices, [Action::PlaceAt(Space::Brandenburg), Action::PlaceAt(Space::Leipzig)]);
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::Leipzig), &mut log);
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Space(Space::Leipzig));
    assert_eq!(game.land_units(Space::Leipzig, Faction::Hapsburg), LandUnits::mercenaries(3));
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

#[test]
fn maurice_switches_back_to_the_protestant() {
    let mut game = action_phase(1);
    game.set_maurice_side(Power::Hapsburg).unwrap();
    let stack = LandUnits { regulars: 1, mercenaries: 2, cavalry: 0 };
    game.set_land_units(Space::Vienna, Faction::Hapsburg, stack).unwrap();
    game.set_leader(MAURICE, LeaderLocation::Space(Space::Vienna)).unwrap();
    game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    event(&mut game, Power::Protestant, Card::MauriceOfSaxony);
    // The one Protestant-controlled space: no choice.
    assert_eq!(game.leader_owner(MAURICE), Some(Faction::Protestant));
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Space(Space::Wittenberg));
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant), LandUnits::mercenaries(2));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(1));
}

#[test]
fn maurice_captured_by_another_power_only_switches() {
    let mut game = action_phase(1);
    game.set_leader(MAURICE, LeaderLocation::Captured(Power::France)).unwrap();
    event(&mut game, Power::Protestant, Card::MauriceOfSaxony);
    assert_eq!(game.leader_owner(MAURICE), Some(Faction::Hapsburg));
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Captured(Power::France));
    assert_eq!(game.validate(), Ok(()));
}

#[test]
fn maurice_captured_by_his_new_side_is_freed_into_a_fortified_space() {
    let mut game = action_phase(1);
    game.set_leader(MAURICE, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    event(&mut game, Power::Hapsburg, Card::MauriceOfSaxony);
    assert_eq!(game.leader_owner(MAURICE), Some(Faction::Hapsburg));
    assert_eq!(game.validate(), Ok(()));
    let choices = legal(&game);
    assert!(choices.contains(&Action::PlaceAt(Space::Vienna)));
    assert!(choices.contains(&Action::PlaceAt(Space::Wittenberg)), "a Hapsburg electorate");
    assert!(!choices.contains(&Action::PlaceAt(Space::Leipzig)), "a town");
    assert!(!choices.contains(&Action::PlaceAt(Space::Paris)), "French");
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::Vienna), &mut log);
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Space(Space::Vienna));
}

#[test]
fn maurice_off_the_board_is_placed_in_a_fortified_space_of_his_new_side() {
    let mut game = action_phase(1);
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Unavailable);
    event(&mut game, Power::Protestant, Card::MauriceOfSaxony);
    assert_eq!(game.leader_owner(MAURICE), Some(Faction::Hapsburg));
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert!(legal(&game).iter().all(|a| matches!(a, Action::PlaceAt(s) if game.is_fortified(*s))));
    let mut log = Vec::new();
    apply(&mut game, Action::PlaceAt(Space::Augsburg), &mut log);
    assert_eq!(game.leader_location(MAURICE), LeaderLocation::Space(Space::Augsburg));
}

#[test]
fn maurice_is_never_held_by_his_own_side() {
    let mut game = action_phase(1);
    game.set_maurice_side(Power::Hapsburg).unwrap();
    assert!(game.set_leader(MAURICE, LeaderLocation::Captured(Power::Hapsburg)).is_err());
    game.set_leader(MAURICE, LeaderLocation::Captured(Power::France)).unwrap();
    assert!(game.set_maurice_side(Power::France).is_err());
    assert!(game.set_maurice_side(Power::Protestant).is_ok());
}

#[cfg(feature = "serde")]
#[test]
fn maurices_side_is_saved_and_checked() {
    let mut game = action_phase(1);
    game.set_maurice_side(Power::Hapsburg).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back.leader_owner(MAURICE), Some(Faction::Hapsburg));
    let mut value = serde_json::to_value(&game).unwrap();
    value["leaders"]["maurice_of_saxony"] = serde_json::json!({"captured": "hapsburg"});
    let err = serde_json::from_value::<Game>(value).unwrap_err().to_string();
    assert!(err.contains("captive by his own side"), "{err}");
}

#[test]
fn maurice_serving_the_hapsburg_arrives_in_a_hapsburg_electorate() {
    let mut game = action_phase(1);
    game.set_controller(Space::Wittenberg, Faction::Protestant).unwrap();
    assert!(game.arrival_spaces(MAURICE).contains(Space::Wittenberg));
    assert!(!game.arrival_spaces(MAURICE).contains(Space::Mainz));
    game.set_maurice_side(Power::Hapsburg).unwrap();
    assert!(!game.arrival_spaces(MAURICE).contains(Space::Wittenberg));
    assert!(game.arrival_spaces(MAURICE).contains(Space::Mainz));
}

// --- #40 Machiavelli: The Prince -----------------------------------------------------------

#[test]
fn machiavelli_declares_war_for_free_then_gives_2_cp() {
    let mut game = action_phase(1);
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    game.set_war(Power::France, Power::England, true).unwrap();
    game.give_card(Power::France, Card::Erasmus).unwrap();
    event(&mut game, Power::France, Card::MachiavelliThePrince);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    // Not itself, not its ally (the Papacy), not a power it is at war with
    // (England), not the Protestant before the Schmalkaldic League (§9.6).
    assert_eq!(legal(&game), [Action::DeclareWar(Faction::Ottoman), Action::DeclareWar(Faction::Hapsburg)]);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Hapsburg), &mut log);
    assert!(log.contains(&Event::WarDeclared { power: Power::France, target: Faction::Hapsburg }));
    assert!(game.at_war(Power::France, Power::Hapsburg));
    // No card paid for it: then 2 CP of actions.
    assert!(game.hand(Power::France).contains(Card::Erasmus));
    let pending = game.pending();
    assert_eq!((pending.power, pending.cp), (Some(Power::France), Some(2)));
    assert!(game.discard_pile().contains(Card::MachiavelliThePrince));
}

#[test]
fn machiavelli_reaches_the_protestant_once_the_league_formed() {
    let mut game = action_phase(1);
    game.set_schmalkaldic_league(true).unwrap();
    event(&mut game, Power::France, Card::MachiavelliThePrince);
    assert!(legal(&game).contains(&Action::DeclareWar(Faction::Protestant)));
}

#[test]
fn machiavelli_needs_a_power_to_declare_war_on() {
    // The Protestant declares no war before the Schmalkaldic League (§9.6).
    let mut game = action_phase(1);
    assert!(!offered(&mut game, Power::Protestant, Card::MachiavelliThePrince));
    let mut game = action_phase(1);
    game.set_schmalkaldic_league(true).unwrap();
    assert!(offered(&mut game, Power::Protestant, Card::MachiavelliThePrince));
    // France allied with or at war with every other major power.
    let mut game = action_phase(1);
    for other in [Power::Ottoman, Power::Hapsburg, Power::England] {
        game.set_war(Power::France, other, true).unwrap();
    }
    game.set_alliance(Power::France, Power::Papacy, true).unwrap();
    assert!(!offered(&mut game, Power::France, Card::MachiavelliThePrince));
}

/// France's and the Hapsburg's squadrons, 2 each, share the Gulf of Lyon
/// at peace; France holds Erasmus.
fn fleets_in_the_gulf() -> Game {
    let mut game = action_phase(1);
    for faction in [Faction::France, Faction::Hapsburg] {
        game.set_naval_units(GULF, faction, NavalUnits::squadrons(2)).unwrap();
    }
    game.give_card(Power::France, Card::Erasmus).unwrap();
    game
}

const GULF: NavalLocation = NavalLocation::Sea(SeaZone::GulfOfLyon);

/// §9.6 "DOW during the Action Phase": fleets of the two powers now at war
/// in one sea zone fight an immediate naval battle, the declarer
/// attacking (ruling CA5); the beaten Hapsburg leaves; then France's 2 CP.
#[test]
fn machiavelli_declaration_fights_an_immediate_naval_battle() {
    let mut game = fleets_in_the_gulf();
    event(&mut game, Power::France, Card::MachiavelliThePrince);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Hapsburg), &mut log);
    // The combat-card windows of a naval battle: the attacker's, the defender's.
    assert_eq!(game.pending().kind, DecisionKind::CombatCards);
    game.force_dice(&[6, 6, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    assert_eq!(common::card_windows(&mut game, &mut log), [Power::France, Power::Hapsburg]);
    assert_eq!(naval_battle(&log), Some((Power::France, Faction::Hapsburg, GULF, Faction::France)));
    assert_eq!(retreat_first(&mut game, &mut log), [Power::Hapsburg]);
    assert_eq!(game.naval_units(GULF, Faction::Hapsburg), NavalUnits::NONE);
    assert_eq!(game.naval_units(GULF, Faction::France), NavalUnits::squadrons(2));
    let pending = game.pending();
    assert_eq!((pending.power, pending.cp), (Some(Power::France), Some(2)));
}

/// §9.6: equal hits in the immediate battle send both sides away (the
/// exception to §16.2), the declarer first.
#[test]
fn an_immediate_naval_battle_with_equal_hits_sends_both_away() {
    let mut game = fleets_in_the_gulf();
    event(&mut game, Power::France, Card::MachiavelliThePrince);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Hapsburg), &mut log);
    game.force_dice(&[6, 6, 1, 1]).unwrap();
    game.force_dice(&[6, 6, 1, 1]).unwrap();
    common::card_windows(&mut game, &mut log);
    assert!(naval_battle(&log).is_some());
    assert_eq!(retreat_first(&mut game, &mut log), [Power::France, Power::Hapsburg]);
    assert_eq!(game.naval_units(GULF, Faction::France), NavalUnits::NONE);
    assert_eq!(game.naval_units(GULF, Faction::Hapsburg), NavalUnits::NONE);
    assert_eq!(game.pending().cp, Some(2));
}

/// Ships in different sea zones, or at peace, fight nothing: the 2 CP
/// follow the declaration at once.
#[test]
fn no_immediate_naval_battle_without_a_shared_sea_zone() {
    let mut game = fleets_in_the_gulf();
    game.set_naval_units(GULF, Faction::Hapsburg, NavalUnits::NONE).unwrap();
    let tyrrhenian = NavalLocation::Sea(SeaZone::TyrrhenianSea);
    game.set_naval_units(tyrrhenian, Faction::Hapsburg, NavalUnits::squadrons(2)).unwrap();
    event(&mut game, Power::France, Card::MachiavelliThePrince);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::Hapsburg), &mut log);
    assert_eq!(naval_battle(&log), None);
    assert_eq!(game.pending().cp, Some(2));
}

/// Six Wives of Henry VIII's declaration (#3) fights the same immediate
/// battle, before England's 5 CP.
#[test]
fn six_wives_declaration_fights_an_immediate_naval_battle() {
    let mut game = action_phase(1);
    let channel = NavalLocation::Sea(SeaZone::EnglishChannel);
    for faction in [Faction::England, Faction::France] {
        game.set_naval_units(channel, faction, NavalUnits::squadrons(1)).unwrap();
    }
    game.set_leader(Leader::HenryViii, LeaderLocation::Space(Space::London)).unwrap();
    event(&mut game, Power::England, Card::SixWivesOfHenryViii);
    let mut log = Vec::new();
    apply(&mut game, Action::DeclareWar(Faction::France), &mut log);
    game.force_dice(&[1, 1]).unwrap();
    game.force_dice(&[6, 6]).unwrap();
    common::card_windows(&mut game, &mut log);
    assert_eq!(naval_battle(&log), Some((Power::England, Faction::France, channel, Faction::France)));
    // England's squadron is sunk: nothing left to retreat.
    assert_eq!(game.naval_units(channel, Faction::England), NavalUnits::NONE);
    retreat_first(&mut game, &mut log);
    let pending = game.pending();
    assert_eq!((pending.power, pending.cp), (Some(Power::England), Some(5)));
}

// --- #42 Roxelana ----------------------------------------------------------------------------

/// Suleiman, Ibrahim, 7 regulars and 1 cavalry in Pressburg, at war with
/// the Hapsburg, whose Ferdinand and 2 regulars hold Vienna (no army near
/// to intercept); Buda and Szegedin Ottoman, for a line of communication
/// from Nicopolis.
fn before_vienna() -> Game {
    let mut game = action_phase(5);
    common::vienna_armies(&mut game).unwrap();
    game.set_controller(Space::Buda, Faction::Ottoman).unwrap();
    game.set_controller(Space::Szegedin, Faction::Ottoman).unwrap();
    game.set_land_units(Space::Graz, Faction::Hapsburg, LandUnits::NONE).unwrap();
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Valladolid)).unwrap();
    game
}

/// The Ottoman's formation of `leaders` and 4 regulars marches from
/// Pressburg on Vienna; Ferdinand's regulars withdraw into the fortress:
/// the siege begins this impulse.
fn besiege_vienna(game: &mut Game, leaders: &[Leader]) -> Vec<Event> {
    let mut log = Vec::new();
    apply(game, Action::MoveFrom(Space::Pressburg), &mut log);
    for &leader in leaders {
        apply(game, Action::AddLeader(leader), &mut log);
    }
    common::repeat(game, Action::AddUnit(LandUnitKind::Regular), 4, &mut log);
    apply(game, Action::MoveTo(Space::Vienna), &mut log);
    while game.decider() == Decider::Power(Power::Hapsburg) {
        let actions = legal(game);
        let action = if actions.contains(&Action::WithdrawInto(Space::Vienna)) {
            Action::WithdrawInto(Space::Vienna)
        } else {
            Action::Decline
        };
        apply(game, action, &mut log);
    }
    assert!(log.contains(&Event::SiegeBegun { space: Space::Vienna, besieger: Power::Ottoman }));
    // All the assault needs but a siege begun in an earlier impulse (§15.1).
    assert!(rules::loc::has_loc(game, Power::Ottoman, Space::Vienna));
    log
}

#[test]
fn roxelana_gives_suleiman_a_free_assault_on_a_siege_begun_this_impulse() {
    let mut game = before_vienna();
    event(&mut game, Power::Ottoman, Card::Roxelana);
    assert_eq!(game.pending().cp, Some(4));
    besiege_vienna(&mut game, &[Leader::Suleiman]);
    assert_eq!(game.pending().cp, Some(3));
    assert!(legal(&game).contains(&Action::Assault(Space::Vienna)));
    let mut log = Vec::new();
    apply(&mut game, Action::Assault(Space::Vienna), &mut log);
    // Through the assault to the Ottoman's next choice: no CP was paid.
    while game.decider() != Decider::Power(Power::Ottoman) || game.pending().cp.is_none() {
        let actions = legal(&game);
        let action = if actions.contains(&Action::Decline) { Action::Decline } else { actions[0] };
        apply(&mut game, action, &mut log);
    }
    assert!(log.iter().any(|e| matches!(e, Event::Assault { space: Space::Vienna, attacker: Power::Ottoman, .. })));
    assert_eq!(game.pending().cp, Some(3));
    // One free assault only, and one assault per space per impulse.
    assert!(!legal(&game).contains(&Action::Assault(Space::Vienna)));
}

#[test]
fn without_roxelana_no_assault_in_the_impulse_the_siege_began() {
    let mut game = before_vienna();
    common::play(&mut game, Power::Ottoman, common::card_with_cp(4));
    besiege_vienna(&mut game, &[Leader::Suleiman]);
    assert!(!legal(&game).contains(&Action::Assault(Space::Vienna)));
}

#[test]
fn roxelanas_free_assault_is_suleimans_formations_only() {
    let mut game = before_vienna();
    event(&mut game, Power::Ottoman, Card::Roxelana);
    besiege_vienna(&mut game, &[Leader::Ibrahim]);
    assert!(!legal(&game).contains(&Action::Assault(Space::Vienna)));
}

#[test]
fn roxelanas_free_assault_outlasts_the_cp() {
    let mut game = before_vienna();
    event(&mut game, Power::Ottoman, Card::Roxelana);
    besiege_vienna(&mut game, &[Leader::Suleiman]);
    // The 3 CP left go on a regular (2) and a cavalry (1) in Istanbul.
    game.set_controller(Space::Istanbul, Faction::Ottoman).unwrap();
    let mut log = Vec::new();
    apply(&mut game, Action::RaiseRegular(Space::Istanbul), &mut log);
    apply(&mut game, Action::RaiseCavalry(Space::Istanbul), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(game.pending().cp, Some(0));
    assert_eq!(legal(&game), [Action::Done, Action::Assault(Space::Vienna)]);
    apply(&mut game, Action::Assault(Space::Vienna), &mut log);
    let assaulted = |log: &Vec<Event>| log.iter().any(|e| matches!(e, Event::Assault { space: Space::Vienna, .. }));
    while !assaulted(&log) || game.pending().kind != DecisionKind::Impulse {
        let actions = legal(&game);
        let action = if actions.contains(&Action::Decline) { Action::Decline } else { actions[0] };
        apply(&mut game, action, &mut log);
    }
    // The assault made, nothing is left to spend: the impulse is over.
    assert_eq!(game.pending().cp, None);
    assert_ne!(game.decider(), Decider::Power(Power::Ottoman));
}

#[test]
fn roxelana_played_by_another_power_may_send_suleiman_home_for_2_cp() {
    let mut game = before_vienna();
    event(&mut game, Power::Hapsburg, Card::Roxelana);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::Decline, Action::ReturnLeaderTo(Space::Istanbul)]);
    let mut log = Vec::new();
    apply(&mut game, Action::ReturnLeaderTo(Space::Istanbul), &mut log);
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(Space::Istanbul));
    assert_eq!(game.pending().cp, Some(2));
}

#[test]
fn roxelana_played_by_another_power_may_keep_the_4_cp() {
    let mut game = before_vienna();
    event(&mut game, Power::Hapsburg, Card::Roxelana);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(Space::Pressburg));
    assert_eq!(game.pending().cp, Some(4));
    // Suleiman already home: no choice to make.
    let mut game = action_phase(1);
    game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Istanbul)).unwrap();
    event(&mut game, Power::France, Card::Roxelana);
    assert_eq!(game.pending().cp, Some(4));
    assert!(!legal(&game).contains(&Action::Decline));
}
