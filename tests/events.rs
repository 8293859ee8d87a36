//! Cards played as events (§6.1, §6.2, §11.1), the winter's forced
//! mandatory events (§19 step 8) and the mandatory events built so far.

use here_i_stand::rules::cards_dealt::cards_dealt_breakdown;
use here_i_stand::rules::construction::can_build_corsair;
use here_i_stand::*;

/// A bare 1517 board in the action phase of `turn`, at the Ottoman's
/// impulse, every hand empty.
fn action_phase(turn: u8) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 11).with_fast_play(true));
    game.set_turn(turn).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    game
}

/// The Ottoman plays `card` as its event; returns the events reported.
fn play(game: &mut Game, card: Card) -> Vec<Event> {
    game.give_card(Power::Ottoman, card).unwrap();
    let mut log = Vec::new();
    game.apply_logged(Action::PlayEvent(card), &mut log).unwrap();
    log
}

/// Turns `n` spaces Protestant (Protestant home spaces first).
fn protestant_spaces(game: &mut Game, n: usize) {
    let mut spaces: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|s| s.home() == Faction::Protestant && s.kind() != SpaceKind::Electorate)
        .collect();
    spaces.extend(Space::ALL.into_iter().filter(|s| matches!(s.home(), Faction::France | Faction::England)));
    for &space in spaces.iter().take(n) {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    assert_eq!(game.protestant_spaces().len(), n);
}

// --- The framework --------------------------------------------------------------

#[test]
fn play_event_is_offered_for_built_events_only() {
    let mut game = action_phase(1);
    for card in [Card::MasterOfItaly, Card::ScotsRaid, Card::Arquebusiers, Card::DiplomaticMarriage] {
        game.give_card(Power::Ottoman, card).unwrap();
    }
    let actions = game.legal_actions();
    // A built mandatory event: as its event only, never for CP (§6.1).
    assert!(actions.contains(&Action::PlayEvent(Card::MasterOfItaly)));
    assert!(!actions.contains(&Action::PlayCp(Card::MasterOfItaly)));
    // Every mandatory event is built (Scots Raid, #97, the last one): as
    // its event, even when its text will do nothing (Scotland not French).
    assert!(actions.contains(&Action::PlayEvent(Card::ScotsRaid)));
    assert!(!actions.contains(&Action::PlayCp(Card::ScotsRaid)));
    // Other cards: for CP only, their events are not built.
    assert!(actions.contains(&Action::PlayCp(Card::Arquebusiers)));
    assert!(!actions.contains(&Action::PlayEvent(Card::Arquebusiers)));
    assert!(!actions.contains(&Action::PlayEvent(Card::DiplomaticMarriage)));
    assert!(!game.can_play_event(Power::Ottoman, Card::Arquebusiers));
    assert!(game.can_play_event(Power::Ottoman, Card::MasterOfItaly));
    // Not a card in hand.
    assert!(!game.can_play_event(Power::Ottoman, Card::ClementVii));
}

#[test]
fn a_mandatory_event_resolves_then_gives_2_cp() {
    let mut game = action_phase(1);
    let log = play(&mut game, Card::ClementVii);
    assert_eq!(log[0], Event::CardPlayedAsEvent { power: Power::Ottoman, card: Card::ClementVii });
    assert!(log.contains(&Event::RulerChanged { power: Power::Papacy, ruler: Ruler::ClementVii }));
    assert_eq!(game.ruler(Power::Papacy), Ruler::ClementVii);
    // The Ottoman now spends 2 CP: raise a regular in Istanbul, and the impulse ends.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::Done));
    assert!(actions.contains(&Action::RaiseRegular(Space::Istanbul)));
    game.apply(Action::RaiseRegular(Space::Istanbul)).unwrap();
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman).regulars, 1);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert!(game.events_played(Power::Ottoman).contains(Card::ClementVii));
}

#[test]
fn removal_or_discard_after_the_event() {
    // Red dagger: out of the game.
    let mut game = action_phase(1);
    play(&mut game, Card::ClementVii);
    assert!(game.removed_cards().contains(Card::ClementVii));
    assert!(!game.discard_pile().contains(Card::ClementVii));
    // Master of Italy recurs (§6.1).
    let mut game = action_phase(1);
    play(&mut game, Card::MasterOfItaly);
    assert!(game.discard_pile().contains(Card::MasterOfItaly));
    assert!(!game.removed_cards().contains(Card::MasterOfItaly));
    // Imperial Coronation: removed only if cards are drawn (#113).
    let mut game = action_phase(3);
    play(&mut game, Card::ImperialCoronation);
    assert!(game.discard_pile().contains(Card::ImperialCoronation));
    let mut game = action_phase(3);
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Naples)).unwrap();
    play(&mut game, Card::ImperialCoronation);
    assert!(game.removed_cards().contains(Card::ImperialCoronation));
    // La Forêt's Embassy, the same (#114).
    let mut game = action_phase(3);
    play(&mut game, Card::LaForetsEmbassyInIstanbul);
    assert!(game.discard_pile().contains(Card::LaForetsEmbassyInIstanbul));
}

#[test]
fn a_card_is_played_as_an_event_once_per_turn() {
    let mut game = action_phase(1);
    play(&mut game, Card::MasterOfItaly);
    game.apply(Action::Done).unwrap();
    // Back in a hand the same turn (here by an edit), it cannot be played again.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    // (With a card to play too: an edit that leaves the decider no action is refused.)
    game.give_card(Power::Hapsburg, Card::Arquebusiers).unwrap();
    game.give_card(Power::Hapsburg, Card::MasterOfItaly).unwrap();
    assert!(!game.can_play_event(Power::Hapsburg, Card::MasterOfItaly));
    assert!(!game.legal_actions().contains(&Action::PlayEvent(Card::MasterOfItaly)));
    // The record ends with the turn.
    let mut game = action_phase(1);
    game.set_event_played(Power::France, Card::MasterOfItaly, true).unwrap();
    assert!(game.event_played_this_turn(Card::MasterOfItaly));
    for _ in Power::ALL {
        game.apply(Action::Pass).unwrap();
    }
    assert_eq!(game.turn(), 2);
    assert!(game.events_played(Power::France).is_empty());
}

#[test]
fn card_in_use_lets_exactly_the_built_mandatory_events_in() {
    let built = [
        Card::BarbaryPirates,
        Card::ClementVii,
        Card::MasterOfItaly,
        Card::SchmalkaldicLeague,
        Card::PaulIii,
        Card::Calvin,
        Card::Dragut,
        Card::HenryIi,
        Card::JuliusIii,
        Card::ImperialCoronation,
        Card::LaForetsEmbassyInIstanbul,
        Card::DefenderOfTheFaith,
        Card::SocietyOfJesus,
        Card::CouncilOfTrent,
        Card::ScotsRaid,
    ];
    let in_game = |game: &Game| {
        let mut cards = game.deck().union(game.discard_pile());
        for power in Power::ALL {
            cards = cards.union(game.hand(power));
        }
        cards
    };
    // Turn 1 of 1517: the turn-1 mandatory events that are built.
    let game = Game::new(Setup::new(Scenario::Y1517, 5));
    let cards = in_game(&game);
    for card in [
        Card::BarbaryPirates,
        Card::ClementVii,
        Card::MasterOfItaly,
        Card::SchmalkaldicLeague,
        Card::DefenderOfTheFaith,
    ] {
        assert!(cards.contains(card), "{card}");
    }
    // Scots Raid enters on turn 3.
    assert!(!cards.contains(Card::ScotsRaid));
    // Each turn's card draw adds that turn's built ones, and no other mandatory card.
    for turn in 3..=7 {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 5).with_fast_play(true));
        game.set_turn(turn).unwrap();
        game.run_automatic();
        let mandatory: Vec<Card> = in_game(&game).iter().filter(|c| c.kind() == CardKind::Mandatory).collect();
        let mut expected: Vec<Card> =
            built.into_iter().filter(|c| c.entry() == here_i_stand::data::cards::Entry::Turn(turn)).collect();
        // From turn 6, with no heir born, Mary I enters (§6.2, §21.3).
        if turn >= 6 {
            expected.push(Card::MaryI);
        }
        expected.sort();
        assert_eq!(mandatory, expected, "turn {turn}");
    }
}

// --- Rulers ---------------------------------------------------------------------

#[test]
fn papal_rulers() {
    let mut game = action_phase(3);
    play(&mut game, Card::PaulIii);
    assert_eq!(game.ruler(Power::Papacy), Ruler::PaulIii);
    // Paul III: admin 1, card bonus 1 (§3.3), and ties in counter-reformation.
    assert_eq!(cards_dealt_breakdown(&game, Power::Papacy).ruler_bonus, 1);
    assert!(here_i_stand::rules::events::papacy_wins_ties(&game));
    assert!(game.removed_cards().contains(Card::PaulIii));
    let mut game = action_phase(7);
    game.set_ruler(Power::Papacy, Ruler::PaulIii).unwrap();
    play(&mut game, Card::JuliusIii);
    assert_eq!(game.ruler(Power::Papacy), Ruler::JuliusIii);
    assert_eq!(game.ruler(Power::Papacy).admin(), 0);
    assert!(here_i_stand::rules::events::papacy_wins_ties(&game));
}

#[test]
fn calvin_luther_dies() {
    let mut game = action_phase(6);
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    game.set_debater(Debater::Luther, DebaterState::Committed).unwrap();
    let log = play(&mut game, Card::Calvin);
    assert_eq!(game.reformer_state(Reformer::Luther), ReformerState::Removed);
    assert_eq!(game.debater_state(Debater::Luther), DebaterState::Removed);
    assert_eq!(game.ruler(Power::Protestant), Ruler::Calvin);
    assert!(log.contains(&Event::ReformerRemoved(Reformer::Luther)));
    // Calvin saves 1 card, not Luther's 2.
    assert_eq!(game.ruler(Power::Protestant).admin(), 1);
}

#[test]
fn henry_ii_is_placed_in_paris_or_with_francis() {
    let mut game = action_phase(6);
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Lyon)).unwrap();
    play(&mut game, Card::HenryIi);
    assert_eq!(game.ruler(Power::France), Ruler::HenryIi);
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Removed);
    // France picks where Henry goes, then the Ottoman spends its 2 CP.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(game.legal_actions().as_slice(), &[Action::PlaceAt(Space::Lyon), Action::PlaceAt(Space::Paris)]);
    game.apply(Action::PlaceAt(Space::Lyon)).unwrap();
    assert_eq!(game.leader_location(Leader::HenryIi), LeaderLocation::Space(Space::Lyon));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(game.legal_actions().contains(&Action::Done));
    // Francis captured: Paris, with no choice.
    let mut game = action_phase(6);
    game.set_leader(Leader::FrancisI, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    play(&mut game, Card::HenryIi);
    assert_eq!(game.leader_location(Leader::HenryIi), LeaderLocation::Space(Space::Paris));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    // Two-player game: with Francis off the map, Henry II waits off it.
    assert!(
        rules::events::henry_ii_spaces(&Game::empty(Setup::new(Scenario::TwoPlayer, 0).with_fast_play(true)))
            .is_empty()
    );
}

// --- Other mandatory events -------------------------------------------------------

#[test]
fn barbary_pirates() {
    let mut game = action_phase(1);
    assert!(!game.in_play(Space::Algiers));
    assert!(!can_build_corsair(&game, Power::Ottoman, Space::Athens));
    play(&mut game, Card::BarbaryPirates);
    assert!(game.in_play(Space::Algiers));
    assert_eq!(game.controller(Space::Algiers), Faction::Ottoman);
    assert_eq!(game.land_units(Space::Algiers, Faction::Ottoman), LandUnits::regulars(2));
    assert_eq!(
        game.naval_units(NavalLocation::Port(Space::Algiers), Faction::Ottoman),
        NavalUnits { squadrons: 0, corsairs: 2 }
    );
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Space(Space::Algiers));
    assert!(game.keys_controlled(Power::Ottoman).contains(Space::Algiers));
    // The Ottoman may now build corsairs, with these very 2 CP.
    assert!(can_build_corsair(&game, Power::Ottoman, Space::Athens));
    assert!(game.legal_actions().contains(&Action::BuildCorsair(Space::Algiers)));
    assert!(game.removed_cards().contains(Card::BarbaryPirates));
}

#[test]
fn dragut_replaces_barbarossa() {
    let mut game = action_phase(6);
    game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::BarbaryCoast)).unwrap();
    play(&mut game, Card::Dragut);
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Removed);
    assert_eq!(game.leader_location(Leader::Dragut), LeaderLocation::Sea(SeaZone::BarbaryCoast));
}

#[test]
fn master_of_italy() {
    let mut game = action_phase(1);
    game.put_card_in_deck(Card::Erasmus).unwrap();
    game.put_card_in_deck(Card::Gout).unwrap();
    // France: Milan, Genoa, Florence (3 keys: 1 VP). Hapsburg: Naples, Venice (2: a card).
    for (space, faction) in
        [(Space::Genoa, Faction::France), (Space::Florence, Faction::France), (Space::Venice, Faction::Hapsburg)]
    {
        game.set_controller(space, faction).unwrap();
    }
    let before = game.bonus_vp(Power::France);
    let log = play(&mut game, Card::MasterOfItaly);
    assert_eq!(game.bonus_vp(Power::France), before + 1);
    assert!(log.contains(&Event::BonusVp { power: Power::France, vp: 1 }));
    assert_eq!(game.hand(Power::Hapsburg).len(), 1);
    assert_eq!(game.deck_size(), 1);
    assert!(log.contains(&Event::CardDrawnFromDeck(Power::Hapsburg)));
    assert_eq!(game.hand(Power::France).len(), 0);
    // 4 keys: 2 VP.
    let mut game = action_phase(1);
    for space in [Space::Genoa, Space::Florence, Space::Venice] {
        game.set_controller(space, Faction::France).unwrap();
    }
    play(&mut game, Card::MasterOfItaly);
    assert_eq!(game.bonus_vp(Power::France), 2);
}

#[test]
fn imperial_coronation_and_la_forets_embassy() {
    let mut game = action_phase(3);
    for card in [Card::Erasmus, Card::Gout, Card::Landsknechts] {
        game.put_card_in_deck(card).unwrap();
    }
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Florence)).unwrap();
    play(&mut game, Card::ImperialCoronation);
    assert_eq!(game.hand(Power::Ottoman).len(), 1);
    assert_eq!(game.hand(Power::Hapsburg).len(), 1);
    // Charles V outside Italy: nobody draws.
    let mut game = action_phase(3);
    game.put_card_in_deck(Card::Erasmus).unwrap();
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Vienna)).unwrap();
    play(&mut game, Card::ImperialCoronation);
    assert!(game.hand(Power::Hapsburg).is_empty());
    // La Forêt: France and the Ottoman, if allied, each draw and keep a card.
    let mut game = action_phase(3);
    for card in [Card::Erasmus, Card::Gout, Card::Landsknechts] {
        game.put_card_in_deck(card).unwrap();
    }
    game.set_alliance(Power::France, Power::Ottoman, true).unwrap();
    play(&mut game, Card::LaForetsEmbassyInIstanbul);
    assert_eq!(game.hand(Power::Ottoman).len(), 1);
    assert_eq!(game.hand(Power::France).len(), 1);
    assert!(game.removed_cards().contains(Card::LaForetsEmbassyInIstanbul));
}

// --- The Schmalkaldic League ------------------------------------------------------

#[test]
fn league_condition_12_protestant_spaces_from_turn_2() {
    // 11 Protestant spaces on turn 2: no effect, the card is discarded.
    let mut game = action_phase(2);
    protestant_spaces(&mut game, 11);
    play(&mut game, Card::SchmalkaldicLeague);
    assert!(!game.schmalkaldic_league());
    assert!(game.discard_pile().contains(Card::SchmalkaldicLeague));
    assert!(!game.at_war(Power::Hapsburg, Power::Protestant));
    // Still 2 CP.
    assert!(game.legal_actions().contains(&Action::Done));
    // 12, one in unrest: the League forms and the card leaves the game.
    let mut game = action_phase(2);
    protestant_spaces(&mut game, 12);
    let unrest = game.protestant_spaces().iter().next().unwrap();
    game.set_unrest(unrest, true).unwrap();
    let log = play(&mut game, Card::SchmalkaldicLeague);
    assert!(game.schmalkaldic_league());
    assert!(log.contains(&Event::SchmalkaldicLeagueFormed));
    assert!(game.removed_cards().contains(Card::SchmalkaldicLeague));
    // 12 on turn 1: too early.
    let mut game = action_phase(1);
    protestant_spaces(&mut game, 12);
    play(&mut game, Card::SchmalkaldicLeague);
    assert!(!game.schmalkaldic_league());
}

#[test]
fn league_effects() {
    let mut game = action_phase(3);
    protestant_spaces(&mut game, 12);
    // Electorates: Wittenberg and Mainz Protestant; Mainz holds a Hapsburg
    // regular (under siege after the League); Cologne Catholic; all wait on the display.
    for space in [Space::Wittenberg, Space::Mainz, Space::Cologne] {
        game.set_on_electorate_display(space, true).unwrap();
    }
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    game.set_religion(Space::Mainz, Religion::Protestant).unwrap();
    game.set_land_units(Space::Mainz, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
    // A Protestant regular stranded in Catholic Trier (from before).
    game.set_land_units(Space::Trier, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    game.set_alliance(Power::Papacy, Power::Protestant, true).unwrap();
    let home: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|s| s.home() == Faction::Protestant && game.religion(*s) == Religion::Protestant)
        .collect();
    play(&mut game, Card::SchmalkaldicLeague);
    // Permanent wars (§21.6); an alliance with the Papacy ends.
    assert!(game.at_war(Power::Hapsburg, Power::Protestant));
    assert!(game.at_war(Power::Papacy, Power::Protestant));
    assert!(!game.allied(Power::Papacy, Power::Protestant));
    assert!(!game.allied(Power::Hapsburg, Power::Papacy));
    // Protestant home spaces that are Protestant are now Protestant-controlled.
    for &space in &home {
        assert_eq!(game.controller(space), Faction::Protestant, "{space}");
    }
    assert_eq!(game.controller(Space::Cologne), Faction::Hapsburg);
    // Electorate regulars: Wittenberg's come in; Mainz's wait (under
    // siege); Cologne's wait (Catholic).
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant).regulars, 2);
    let waiting: Vec<Space> = game.electorate_display().iter().collect();
    assert_eq!(waiting, [Space::Cologne, Space::Mainz]);
    // The Trier regular went to a Protestant electorate (Mainz or Wittenberg).
    assert!(game.land_units(Space::Trier, Faction::Protestant).is_empty());
    assert_eq!(game.land_units_total(Faction::Protestant).regulars, 3);
    // John Frederick joins the Protestant stack nearest Wittenberg: there;
    // Philip of Hesse the one nearest Kassel.
    assert_eq!(game.leader_location(Leader::JohnFrederick), LeaderLocation::Space(Space::Wittenberg));
    assert!(matches!(
        game.leader_location(Leader::PhilipOfHesse),
        LeaderLocation::Space(Space::Wittenberg | Space::Mainz)
    ));
    // The Protestant may now build and move; the Hapsburg scores its electorates.
    assert!(here_i_stand::rules::construction::can_raise(
        &game,
        Power::Protestant,
        Faction::Protestant,
        LandUnitKind::Regular,
        Space::Wittenberg
    ));
    assert_eq!(game.vp(Power::Hapsburg).special.electorates, 4);
}

/// §21.6: the League converts the Protestant home spaces under Protestant
/// influence to Protestant control, but not one with a Fortress marker.
#[test]
fn the_league_converts_no_space_with_a_fortress_marker() {
    let mut game = action_phase(3);
    protestant_spaces(&mut game, 12);
    let home: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|s| s.home() == Faction::Protestant && !s.is_fortified() && game.religion(*s) == Religion::Protestant)
        .collect();
    let (fortress, other) = (home[0], home[1]);
    game.set_fortress(fortress, true).unwrap();
    play(&mut game, Card::SchmalkaldicLeague);
    assert!(game.schmalkaldic_league());
    assert_eq!(game.controller(fortress), Faction::Hapsburg, "{fortress}");
    assert_eq!(game.controller(other), Faction::Protestant, "{other}");
}

/// §21.6 with §12.5 (ruling M9): a Protestant regular in Catholic Mainz
/// goes to the nearest Protestant electorate; Cologne and Trier are
/// equally near, and the Protestant chooses.
#[test]
fn the_leagues_electorate_displacement_tie_is_the_protestants_choice() {
    let mut game = action_phase(3);
    protestant_spaces(&mut game, 12);
    for space in [Space::Cologne, Space::Trier] {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    game.set_land_units(Space::Mainz, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    play(&mut game, Card::SchmalkaldicLeague);
    assert!(game.schmalkaldic_league());
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.pending().kind, DecisionKind::Displacement);
    let mut choices = game.legal_actions().to_vec();
    choices.sort();
    assert_eq!(choices, [Action::DisplaceTo(Space::Cologne), Action::DisplaceTo(Space::Trier)]);
    assert_eq!(game.validate(), Ok(()));
    game.apply(Action::DisplaceTo(Space::Trier)).unwrap();
    assert_eq!(game.land_units(Space::Trier, Faction::Protestant).regulars, 1);
    assert_eq!(game.land_units(Space::Mainz, Faction::Protestant), LandUnits::NONE);
}

#[test]
fn league_leaders_choose_among_equally_near_stacks() {
    let mut game = action_phase(3);
    protestant_spaces(&mut game, 12);
    // Protestant stacks in two spaces next to Kassel.
    let near: Vec<Space> = Space::Kassel.connections().iter().copied().take(2).collect();
    for &space in &near {
        game.set_land_units(space, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    }
    play(&mut game, Card::SchmalkaldicLeague);
    // Philip of Hesse's stack is the Protestant's choice (his frame is on
    // top; John Frederick's may follow).
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let mut expected: Vec<Action> = near.iter().map(|&s| Action::PlaceAt(s)).collect();
    expected.sort();
    assert_eq!(game.legal_actions().to_vec(), expected);
    game.apply(expected[1]).unwrap();
    assert_eq!(game.leader_location(Leader::PhilipOfHesse), LeaderLocation::Space(near.iter().copied().max().unwrap()));
    while game.decider() == Decider::Power(Power::Protestant) {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert!(matches!(game.leader_location(Leader::JohnFrederick), LeaderLocation::Space(s) if near.contains(&s)));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

#[test]
fn two_player_league_allies_the_hapsburg_and_the_papacy() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 3).with_fast_play(true));
    game.set_turn(2).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.set_war(Power::Hapsburg, Power::Papacy, true).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    protestant_spaces(&mut game, 12);
    game.give_card(Power::Papacy, Card::SchmalkaldicLeague).unwrap();
    game.apply(Action::PlayEvent(Card::SchmalkaldicLeague)).unwrap();
    assert!(game.schmalkaldic_league());
    assert!(!game.at_war(Power::Hapsburg, Power::Papacy));
    assert!(game.allied(Power::Hapsburg, Power::Papacy));
}

#[test]
fn the_two_player_league_alliance_outlasts_winter() {
    let allied = |game: &mut Game| {
        game.set_schmalkaldic_league(true).unwrap();
        game.set_alliance(Power::Hapsburg, Power::Papacy, true).unwrap();
    };
    let (game, _) = winter(5, Scenario::TwoPlayer, &[], allied);
    assert!(game.allied(Power::Hapsburg, Power::Papacy));
    // Major-power alliances otherwise end in winter (§19 step 4).
    let (game, _) = winter(5, Scenario::Y1517, &[], allied);
    assert!(!game.allied(Power::Hapsburg, Power::Papacy));
}

// --- Winter: forced mandatory events (§19 step 8) ------------------------------------

/// A bare board at the last impulse of `turn`'s action phase, with `deck`
/// in the deck and `edit` applied; every power passes, and the winter runs
/// up to the next decision.
fn winter(turn: u8, scenario: Scenario, deck: &[Card], edit: impl Fn(&mut Game)) -> (Game, Vec<Event>) {
    let mut game = Game::empty(Setup::new(scenario, 9).with_fast_play(true));
    game.set_turn(turn).unwrap();
    game.set_phase(Phase::Action).unwrap();
    for &card in deck {
        game.put_card_in_deck(card).unwrap();
    }
    edit(&mut game);
    game.run_automatic();
    let mut log = Vec::new();
    while game.phase() == Phase::Action {
        game.apply_logged(Action::Pass, &mut log).unwrap();
    }
    (game, log)
}

#[test]
fn clement_vii_is_forced_in_the_winter_of_turn_2() {
    let (game, log) = winter(2, Scenario::Y1517, &[Card::ClementVii, Card::PaulIii], |_| {});
    assert!(log.contains(&Event::MandatoryEventForced(Card::ClementVii)));
    assert_eq!(game.ruler(Power::Papacy), Ruler::ClementVii);
    assert!(game.removed_cards().contains(Card::ClementVii));
    // Paul III's deadline is turn 4.
    assert!(!log.contains(&Event::MandatoryEventForced(Card::PaulIii)));
    assert!(!game.removed_cards().contains(Card::PaulIii));
    // Not on turn 1.
    let (game, log) = winter(1, Scenario::Y1517, &[Card::ClementVii], |_| {});
    assert!(!log.iter().any(|e| matches!(e, Event::MandatoryEventForced(_))));
    assert_eq!(game.ruler(Power::Papacy), Ruler::LeoX);
}

#[test]
fn the_league_and_paul_iii_are_forced_in_the_winter_of_turn_4() {
    // The League card was played without effect earlier: it is in the
    // discard pile, and forms now whatever the count of Protestant spaces.
    let (game, log) = winter(4, Scenario::Y1517, &[Card::PaulIii], |game| {
        game.discard_card(Card::SchmalkaldicLeague).unwrap();
    });
    assert!(log.contains(&Event::MandatoryEventForced(Card::SchmalkaldicLeague)));
    assert!(log.contains(&Event::MandatoryEventForced(Card::PaulIii)));
    assert!(game.schmalkaldic_league());
    assert!(game.at_war(Power::Papacy, Power::Protestant));
    assert_eq!(game.ruler(Power::Papacy), Ruler::PaulIii);
    assert!(game.removed_cards().contains(Card::SchmalkaldicLeague));
    // The winter ended and the game went on to turn 5.
    assert_eq!(game.turn(), 5);
}

#[test]
fn barbary_pirates_forced_in_turn_3_but_not_in_the_two_player_game() {
    let (game, _) = winter(3, Scenario::Y1517, &[Card::BarbaryPirates], |_| {});
    assert!(game.in_play(Space::Algiers));
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Space(Space::Algiers));
    let (game, log) = winter(3, Scenario::TwoPlayer, &[], |_| {});
    assert!(!game.in_play(Space::Algiers));
    assert!(!log.iter().any(|e| matches!(e, Event::MandatoryEventForced(_))));
}

#[test]
fn an_event_already_played_is_not_forced() {
    let (game, log) = winter(2, Scenario::Y1517, &[], |game| {
        game.remove_card(Card::ClementVii).unwrap();
    });
    assert!(!log.contains(&Event::MandatoryEventForced(Card::ClementVii)));
    assert_eq!(game.ruler(Power::Papacy), Ruler::LeoX);
    // Nor one that never entered the game.
    let (game, _) = winter(4, Scenario::Y1517, &[], |_| {});
    assert_eq!(game.ruler(Power::Papacy), Ruler::LeoX);
    assert!(!game.schmalkaldic_league());
}

// --- Papal Bull (#5, §21.5) -------------------------------------------------------------

/// A bare 1517 board in the action phase of turn 2, at the Papacy's impulse
/// (the four powers before it passed), the Papacy holding Papal Bull.
fn papal_impulse(edit: impl Fn(&mut Game)) -> Game {
    let mut game = action_phase(2);
    edit(&mut game);
    game.give_card(Power::Papacy, Card::PapalBull).unwrap();
    while game.decider() != Decider::Power(Power::Papacy) {
        game.apply(Action::Pass).unwrap();
    }
    game
}

#[test]
fn papal_bull_needs_someone_to_excommunicate() {
    let game = papal_impulse(|_| {});
    assert!(!game.legal_actions().contains(&Action::PlayEvent(Card::PapalBull)));
    assert!(game.legal_actions().contains(&Action::PlayCp(Card::PapalBull)));
    // Allied with an enemy of the Papacy is no ground (§21.5).
    let game = papal_impulse(|g| {
        g.set_war(Power::France, Power::Papacy, true).unwrap();
        g.set_alliance(Power::England, Power::France, true).unwrap();
    });
    assert_eq!(rules::events::excommunicable_rulers(&game).iter().collect::<Vec<_>>(), [Ruler::FrancisI]);
    // Allied with the Ottoman is.
    let game = papal_impulse(|g| g.set_alliance(Power::Hapsburg, Power::Ottoman, true).unwrap());
    assert_eq!(rules::events::excommunicable_rulers(&game).iter().collect::<Vec<_>>(), [Ruler::CharlesV]);
    assert!(game.legal_actions().contains(&Action::PlayEvent(Card::PapalBull)));
    // Henry VIII's successors never.
    let game = papal_impulse(|g| {
        g.set_war(Power::England, Power::Papacy, true).unwrap();
        g.set_ruler(Power::England, Ruler::EdwardVi).unwrap();
    });
    assert!(rules::events::excommunicable_rulers(&game).is_empty());
}

#[test]
fn papal_bull_excommunicates_a_reformer_until_the_next_card_draw() {
    let mut game = papal_impulse(|g| {
        g.set_reformer(Reformer::Zwingli, ReformerState::OnMap).unwrap();
        g.set_debater(Debater::Zwingli, DebaterState::Uncommitted).unwrap();
    });
    game.apply(Action::PlayEvent(Card::PapalBull)).unwrap();
    assert_eq!(game.legal_actions().as_slice(), &[Action::ExcommunicateReformer(Reformer::Zwingli)]);
    let mut log = Vec::new();
    game.apply_logged(Action::ExcommunicateReformer(Reformer::Zwingli), &mut log).unwrap();
    assert!(log.contains(&Event::ReformerExcommunicated(Reformer::Zwingli)));
    assert_eq!(game.reformer_state(Reformer::Zwingli), ReformerState::Away);
    assert_eq!(game.debater_state(Debater::Zwingli), DebaterState::Committed);
    // A home card: to the power card, no CP; the Protestant's impulse follows.
    assert!(!game.hand(Power::Papacy).contains(Card::PapalBull));
    assert!(!game.discard_pile().contains(Card::PapalBull));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    // Back at the next card draw, never to be excommunicated again.
    game.apply(Action::Pass).unwrap();
    while game.phase() == Phase::Action {
        game.apply(Action::Pass).unwrap();
    }
    assert_eq!(game.turn(), 3);
    assert_eq!(game.reformer_state(Reformer::Zwingli), ReformerState::OnMap);
    assert!(rules::events::excommunicable_reformers(&game).is_empty());
}

#[test]
fn papal_bull_excommunicates_a_ruler_with_grounds() {
    let mut game = papal_impulse(|g| {
        g.set_war(Power::France, Power::Papacy, true).unwrap();
        g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(1)).unwrap();
    });
    assert_eq!(cards_dealt_breakdown(&game, Power::France).penalties, 0);
    game.apply(Action::PlayEvent(Card::PapalBull)).unwrap();
    game.apply(Action::ExcommunicateRuler(Ruler::FrancisI)).unwrap();
    assert!(game.is_excommunicated(Ruler::FrancisI));
    // A "-1 card" marker on France.
    assert_eq!(cards_dealt_breakdown(&game, Power::France).penalties, 1);
    // Up to 2 unrest markers on unoccupied Catholic French home spaces.
    let actions = game.legal_actions();
    assert_eq!(actions[0], Action::Done);
    assert!(actions.contains(&Action::PlaceUnrest(Space::Paris)));
    assert!(!actions.contains(&Action::PlaceUnrest(Space::Lyon)));
    assert!(!actions.contains(&Action::PlaceUnrest(Space::London)));
    game.apply(Action::PlaceUnrest(Space::Paris)).unwrap();
    game.apply(Action::PlaceUnrest(Space::Bordeaux)).unwrap();
    assert!(game.in_unrest(Space::Paris) && game.in_unrest(Space::Bordeaux));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    // Francis I and Henry II share one box: Henry II is never excommunicated.
    game.set_ruler(Power::France, Ruler::HenryIi).unwrap();
    game.set_excommunicated(Ruler::FrancisI, false).unwrap();
    assert!(game.rulers_excommunicated().contains(Ruler::FrancisI));
    assert!(!rules::events::excommunicable_rulers(&game).contains(Ruler::HenryIi));
}

#[test]
fn two_player_papal_bull_excommunicates_reformers_only() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 0).with_fast_play(true));
    game.set_war(Power::France, Power::Papacy, true).unwrap();
    assert!(rules::events::excommunicable_rulers(&game).is_empty());
    game.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    assert!(rules::events::papal_bull_has_target(&game));
}

// --- Religious mandatory events (wired to the religion procedures) ----------------

#[test]
fn society_of_jesus_places_two_universities_and_opens_founding() {
    // #15: the Papacy places 2 universities in Catholic spaces, then may
    // found more as a CP action (§18.1).
    let mut game = action_phase(5);
    play(&mut game, Card::SocietyOfJesus);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert!(game.legal_actions().contains(&Action::PlaceUniversity(Space::Vienna)));
    game.apply(Action::PlaceUniversity(Space::Vienna)).unwrap();
    game.apply(Action::PlaceUniversity(Space::Paris)).unwrap();
    assert_eq!(game.jesuit_universities().len(), 2);
    assert!(game.removed_cards().contains(Card::SocietyOfJesus));
    assert!(here_i_stand::rules::religion::jesuits_founded(&game));
    // Then the Ottoman spends its 2 CP.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

#[test]
fn defender_of_the_faith_gives_the_papacy_three_counter_reformation_attempts() {
    // #11: three attempts in any zones, chosen by the Papacy.
    let mut game = action_phase(2);
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    game.set_religion(Space::Leipzig, Religion::Protestant).unwrap();
    play(&mut game, Card::DefenderOfTheFaith);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    let targets: Vec<Action> = game.legal_actions().into_iter().filter(|a| matches!(a, Action::Target(_))).collect();
    assert_eq!(targets, [Action::Target(Space::Leipzig), Action::Target(Space::Wittenberg)]);
    assert!(game.removed_cards().contains(Card::DefenderOfTheFaith));
}

#[test]
fn council_of_trent_starts_the_council_and_recurs() {
    // #17: the Papacy sends debaters first (§18.6); the card goes back to
    // the discard pile.
    let mut game = action_phase(6);
    game.set_debater(Debater::Eck, DebaterState::Uncommitted).unwrap();
    play(&mut game, Card::CouncilOfTrent);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert!(game.legal_actions().contains(&Action::ChooseDebater(Debater::Eck)));
    assert!(game.discard_pile().contains(Card::CouncilOfTrent));
}
