//! The last cards of issue #14 (cards-b): #105 Treachery!, #95 Sack of
//! Rome, #97 Scots Raid; each card's condition, play and branches, on
//! small positions built for the purpose.

use crate::common;

use common::{apply, board, card_windows, event, legal, offered};
use here_i_stand::*;

use LandUnitKind::Regular;

/// The action phase of a bare 1517 board (fast play), every hand empty.
fn action_phase(game: &mut Game) {
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
}

// --- #105 Treachery! -----------------------------------------------------------------

/// France besieges Calais (2 English regulars and Dudley inside) with
/// Francis I and `regulars` regulars; Boulogne in unrest cuts France's
/// line of communication, and an English squadron in port has no French
/// match at sea: no assault is open to France by §15.1.
fn calais_betrayed(regulars: u8) -> Game {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::Dudley, LeaderLocation::Space(Space::Calais)).unwrap();
    game.set_land_units(Space::Calais, Faction::France, LandUnits::regulars(regulars)).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Calais)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Calais), Faction::England, NavalUnits::squadrons(1)).unwrap();
    game.set_unrest(Space::Boulogne, true).unwrap();
    action_phase(&mut game);
    game
}

fn assault_result(log: &[Event]) -> Option<(Power, Space, bool)> {
    log.iter().find_map(|e| match *e {
        Event::Assault { attacker, space, success, .. } => Some((attacker, space, success)),
        _ => None,
    })
}

/// #105: no line of communication and the defender's ship in port, yet
/// France assaults at once, for no CP; the assault fails (no hit), but 5
/// besiegers still outnumber 2 defenders: the defenders are eliminated,
/// Dudley captured, the English ship sent to the turn track, and Calais
/// is French.
#[test]
fn treachery_assaults_without_a_line_of_communication_and_the_fortress_surrenders() {
    let mut game = calais_betrayed(6);
    assert!(!rules::battle::can_assault(&game, Power::France, Space::Calais));
    let mut log = event(&mut game, Power::France, Card::Treachery);
    assert_eq!(legal(&game), [Action::Target(Space::Calais)]);
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Target(Space::Calais), &mut log);
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(assault_result(&log), Some((Power::France, Space::Calais, false)));
    assert_eq!(game.land_units(Space::Calais, Faction::England), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Calais, Faction::France), LandUnits::regulars(5));
    assert_eq!(game.controller(Space::Calais), Faction::France);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Captured(Power::France));
    assert_eq!(game.naval_on_turn_track(Faction::England), NavalUnits::squadrons(1));
    assert!(log.contains(&Event::UnitsEliminated {
        faction: Faction::England,
        space: Space::Calais,
        units: LandUnits::regulars(2)
    }));
    // The card's event spent the impulse: France's next decision is not
    // about CP.
    assert_ne!(game.pending().kind, DecisionKind::SpendCp);
}

/// #105: an assault that takes the space by its own hits needs no surrender.
#[test]
fn treachery_assault_that_succeeds_takes_the_space() {
    let mut game = calais_betrayed(6);
    let mut log = event(&mut game, Power::France, Card::Treachery);
    game.force_dice(&[6, 5, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    apply(&mut game, Action::Target(Space::Calais), &mut log);
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(assault_result(&log), Some((Power::France, Space::Calais, true)));
    assert_eq!(game.controller(Space::Calais), Faction::France);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Captured(Power::France));
}

/// #105: after the assault 2 besiegers no longer outnumber 2 defenders:
/// no surrender; the siege is broken (§15.3) and France must retreat.
#[test]
fn treachery_without_the_numbers_breaks_the_siege() {
    let mut game = calais_betrayed(3);
    let mut log = event(&mut game, Power::France, Card::Treachery);
    game.force_dice(&[1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Target(Space::Calais), &mut log);
    card_windows(&mut game, &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(assault_result(&log), Some((Power::France, Space::Calais, false)));
    assert!(log.contains(&Event::SiegeBroken(Space::Calais)));
    assert_eq!(game.controller(Space::Calais), Faction::England);
    assert_eq!(game.land_units(Space::Calais, Faction::England), LandUnits::regulars(2));
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Space(Space::Calais));
}

/// #105: any power may play it; with two powers besieging, the player
/// names the one that assaults.
#[test]
fn treachery_the_player_names_the_besieger() {
    let mut game = calais_betrayed(6);
    game.set_war(Power::Hapsburg, Power::England, true).unwrap();
    game.set_land_units(Space::Calais, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    let mut log = event(&mut game, Power::Ottoman, Card::Treachery);
    apply(&mut game, Action::Target(Space::Calais), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::TargetPower(Power::Hapsburg), Action::TargetPower(Power::France)]);
    game.force_dice(&[1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    apply(&mut game, Action::TargetPower(Power::Hapsburg), &mut log);
    card_windows(&mut game, &mut log);
    assert_eq!(assault_result(&log), Some((Power::Hapsburg, Space::Calais, false)));
    // 8 besiegers outnumber 2: the space goes to the assaulting Hapsburg.
    assert_eq!(game.controller(Space::Calais), Faction::Hapsburg);
    assert_eq!(game.leader_location(Leader::Dudley), LeaderLocation::Captured(Power::Hapsburg));
}

/// #105's condition: a fortified space under siege.
#[test]
fn treachery_needs_a_siege() {
    let mut game = board(5);
    action_phase(&mut game);
    assert!(!offered(&mut game, Power::France, Card::Treachery));
    // Units in a fortress they control besiege nothing.
    let mut game = board(5);
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(6)).unwrap();
    action_phase(&mut game);
    assert!(!offered(&mut game, Power::France, Card::Treachery));
    let mut game = calais_betrayed(6);
    assert!(offered(&mut game, Power::England, Card::Treachery));
}

/// #105 in the two-player game (ruling CB8): a Hapsburg army besieging a
/// Protestant city is no player's to command (acting for the invaders is
/// not built), so the Papacy cannot have it assault; a Papal siege there
/// can be betrayed.
#[test]
fn treachery_in_the_two_player_game_needs_a_players_besieger() {
    let magdeburg = || {
        let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5).with_fast_play(true));
        game.set_schmalkaldic_league(true).unwrap();
        game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
        game.set_war(Power::Papacy, Power::Protestant, true).unwrap();
        // A fortress built there by Trace Italienne (#104), as in the
        // random game that found this (two-player seed 1,002,507).
        game.set_fortress(Space::Magdeburg, true).unwrap();
        game.set_controller(Space::Magdeburg, Faction::Protestant).unwrap();
        game.set_besieged_units(Space::Magdeburg, Faction::Protestant, LandUnits::mercenaries(2)).unwrap();
        game.set_land_units(Space::Magdeburg, Faction::Hapsburg, LandUnits::regulars(1)).unwrap();
        game
    };
    let mut game = magdeburg();
    action_phase(&mut game);
    assert!(!offered(&mut game, Power::Papacy, Card::Treachery));
    let mut game = magdeburg();
    game.set_land_units(Space::Magdeburg, Faction::Papacy, LandUnits::regulars(3)).unwrap();
    action_phase(&mut game);
    let mut log = event(&mut game, Power::Papacy, Card::Treachery);
    apply(&mut game, Action::Target(Space::Magdeburg), &mut log);
    card_windows(&mut game, &mut log);
    // The assault's losses: the Papacy picks its own.
    while let [Action::LoseUnit(kind), ..] = legal(&game)[..] {
        apply(&mut game, Action::LoseUnit(kind), &mut log);
    }
    assert_eq!(assault_result(&log).map(|(p, s, _)| (p, s)), Some((Power::Papacy, Space::Magdeburg)));
    game.validate().unwrap();
}

// --- #97 Scots Raid ------------------------------------------------------------------

/// A bare 1517 board with Scotland France's ally.
fn scots_allied() -> Game {
    let mut game = board(5);
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    game
}

/// Whether every action listed is one Scots Raid's CP may buy: `Done`, or
/// a build, move, control or assault in the Scottish home spaces,
/// Berwick, Carlisle or York.
fn all_in_the_raid_area(actions: &[Action]) -> bool {
    let area = |s: Space| s.home() == Faction::Scotland || matches!(s, Space::Berwick | Space::Carlisle | Space::York);
    actions.iter().all(|&a| match a {
        Action::Done => true,
        Action::MoveFrom(s)
        | Action::MoveTo(s)
        | Action::RaiseRegular(s)
        | Action::BuyMercenary(s)
        | Action::RaiseCavalry(s)
        | Action::BuildSquadron(s)
        | Action::Control(s)
        | Action::Assault(s) => area(s),
        _ => false,
    })
}

/// #97: mandatory, so any holder plays it (never for CP); with Scotland
/// not France's ally it does nothing: the player's 2 CP follow at once,
/// and the card leaves the game (§6.2: every mandatory event but #12 and
/// #17 does).
#[test]
fn scots_raid_does_nothing_unless_scotland_is_french() {
    let mut game = board(5);
    game.set_controller(Space::Stirling, Faction::England).unwrap();
    action_phase(&mut game);
    game.give_card(Power::England, Card::ScotsRaid).unwrap();
    common::to_impulse(&mut game, Power::England);
    assert!(legal(&game).contains(&Action::PlayEvent(Card::ScotsRaid)));
    assert!(!legal(&game).contains(&Action::PlayCp(Card::ScotsRaid)));
    let mut log = Vec::new();
    apply(&mut game, Action::PlayEvent(Card::ScotsRaid), &mut log);
    assert_eq!(game.controller(Space::Stirling), Faction::England);
    let pending = game.pending();
    assert_eq!((pending.kind, pending.power, pending.cp), (DecisionKind::SpendCp, Some(Power::England), Some(2)));
    assert!(game.removed_cards().contains(Card::ScotsRaid));
}

/// #97 played by England: Stirling becomes French, the English there are
/// displaced; with no French leader on the map France spends 6 CP, only
/// around Scotland (nothing in Paris); then England spends its own 2 CP,
/// freely.
#[test]
fn scots_raid_takes_stirling_and_gives_france_six_cp_around_scotland() {
    let mut game = scots_allied();
    game.set_controller(Space::Stirling, Faction::England).unwrap();
    game.set_land_units(Space::Stirling, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(3)).unwrap();
    action_phase(&mut game);
    let log = event(&mut game, Power::England, Card::ScotsRaid);
    assert_eq!(game.controller(Space::Stirling), Faction::France);
    assert!(log.contains(&Event::ControlChanged {
        space: Space::Stirling,
        from: Faction::England,
        to: Faction::France
    }));
    assert_eq!(game.land_units(Space::Stirling, Faction::England), LandUnits::NONE);
    let pending = game.pending();
    assert_eq!((pending.kind, pending.power, pending.cp), (DecisionKind::SpendCp, Some(Power::France), Some(6)));
    let actions = legal(&game);
    assert!(all_in_the_raid_area(&actions), "{actions:?}");
    assert!(actions.contains(&Action::RaiseRegular(Space::Edinburgh)));
    assert!(!game.is_legal(&Action::MoveFrom(Space::Paris)));
    assert!(!game.is_legal(&Action::RaiseRegular(Space::Paris)));
    let mut log = Vec::new();
    apply(&mut game, Action::RaiseRegular(Space::Edinburgh), &mut log);
    assert_eq!(game.land_units(Space::Edinburgh, Faction::Scotland).regulars, 1);
    assert_eq!(game.pending().cp, Some(4));
    apply(&mut game, Action::Done, &mut log);
    // England's own 2 CP, not limited.
    let pending = game.pending();
    assert_eq!((pending.kind, pending.power, pending.cp), (DecisionKind::SpendCp, Some(Power::England), Some(2)));
    assert!(legal(&game).contains(&Action::MoveFrom(Space::London)));
}

/// #97: France may first send a French leader to a Scottish home space;
/// then it gets only 3 CP.
#[test]
fn scots_raid_a_leader_sent_to_scotland_leaves_three_cp() {
    let mut game = scots_allied();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris)).unwrap();
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(3)).unwrap();
    action_phase(&mut game);
    let mut log = event(&mut game, Power::France, Card::ScotsRaid);
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::Decline, Action::AddLeader(Leader::FrancisI)]);
    apply(&mut game, Action::AddLeader(Leader::FrancisI), &mut log);
    let spaces = legal(&game);
    assert!(spaces.contains(&Action::PlaceAt(Space::Edinburgh)));
    assert!(spaces.contains(&Action::PlaceAt(Space::Stirling)));
    assert!(spaces.iter().all(|a| matches!(a, Action::PlaceAt(s) if s.home() == Faction::Scotland)));
    apply(&mut game, Action::PlaceAt(Space::Edinburgh), &mut log);
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Space(Space::Edinburgh));
    let pending = game.pending();
    assert_eq!((pending.kind, pending.power, pending.cp), (DecisionKind::SpendCp, Some(Power::France), Some(3)));
    // Declining keeps the 6 CP.
    let mut game = scots_allied();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris)).unwrap();
    action_phase(&mut game);
    let mut log = event(&mut game, Power::France, Card::ScotsRaid);
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.pending().cp, Some(6));
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Space(Space::Paris));
}

/// #97: a move stays in the area (Carlisle to York, never to Shrewsbury),
/// and York, besieged only this impulse, may be assaulted at once.
#[test]
fn scots_raid_moves_in_the_area_and_assaults_a_fresh_siege() {
    let mut game = scots_allied();
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_controller(Space::Carlisle, Faction::France).unwrap();
    game.set_land_units(Space::Carlisle, Faction::France, LandUnits::regulars(4)).unwrap();
    action_phase(&mut game);
    assert!(game.is_fortified(Space::York));
    let mut log = event(&mut game, Power::France, Card::ScotsRaid);
    assert_eq!(game.pending().cp, Some(6));
    apply(&mut game, Action::MoveFrom(Space::Carlisle), &mut log);
    common::repeat(&mut game, Action::AddUnit(Regular), 4, &mut log);
    let moves = legal(&game);
    assert!(moves.contains(&Action::MoveTo(Space::York)));
    assert!(moves.contains(&Action::MoveTo(Space::Glasgow)));
    assert!(!moves.contains(&Action::MoveTo(Space::Shrewsbury)));
    assert!(!game.is_legal(&Action::MoveTo(Space::Shrewsbury)));
    apply(&mut game, Action::MoveTo(Space::York), &mut log);
    common::decline_windows(&mut game, &mut log);
    assert_eq!(game.pending().power, Some(Power::France));
    assert_eq!(game.pending().cp, Some(5));
    // The siege began this impulse: no assault by §15.1, but by #97.
    assert!(!rules::battle::can_assault(&game, Power::France, Space::York));
    assert!(legal(&game).contains(&Action::Assault(Space::York)));
    apply(&mut game, Action::Assault(Space::York), &mut log);
    card_windows(&mut game, &mut log);
    assert!(assault_result(&log).is_some_and(|(p, s, _)| (p, s) == (Power::France, Space::York)));
}

// --- #95 Sack of Rome ----------------------------------------------------------------

/// 2 Papal regulars and a mercenary in Rome; the Hapsburg's 3 mercenaries
/// and a regular in Florence; the Papacy holds Erasmus and Gout, and St.
/// Peter's has 4 CP.
fn rome_threatened(setup: Setup) -> Game {
    let mut game = Game::empty(setup.with_fast_play(true));
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits { regulars: 2, mercenaries: 1, cavalry: 0 }).unwrap();
    let stack = LandUnits { regulars: 1, mercenaries: 3, cavalry: 0 };
    game.set_land_units(Space::Florence, Faction::Hapsburg, stack).unwrap();
    game.give_card(Power::Papacy, Card::Erasmus).unwrap();
    game.give_card(Power::Papacy, Card::Gout).unwrap();
    game.set_st_peters_cp(4).unwrap();
    action_phase(&mut game);
    game
}

fn sack_setup() -> Setup {
    Setup::new(Scenario::Y1517, 5)
}

/// #95, the Papacy beaten (3 hits to 1): the Hapsburg stack loses a
/// mercenary, the Papacy both regulars and, by the hit beyond them, its
/// mercenary; St. Peter's loses its CP (not below 0); the Hapsburg takes
/// both Papal cards, keeps one and discards the other; the card leaves
/// the game. Neither power was at war, and none is now.
#[test]
fn sack_of_rome_the_papacy_beaten() {
    let mut game = rome_threatened(sack_setup());
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    assert_eq!(legal(&game), [Action::Target(Space::Florence)]);
    game.force_dice(&[6, 6, 5, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    // Both sides are asked for combat cards (§21.5 step 2), the sacker first.
    assert_eq!(card_windows(&mut game, &mut log), [Power::Hapsburg, Power::Papacy]);
    let battle = common::field_battle(&log).expect("a field battle");
    assert_eq!((battle.0, battle.1, battle.2), (Power::Hapsburg, Faction::Papacy, Space::Rome));
    assert_eq!((battle.3.count(), battle.4.count(), battle.5), (4, 3, Faction::Hapsburg));
    assert_eq!(
        game.land_units(Space::Florence, Faction::Hapsburg),
        LandUnits { regulars: 1, mercenaries: 2, cavalry: 0 }
    );
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Rome, Faction::Hapsburg), LandUnits::NONE);
    assert_eq!(game.st_peters_cp(), 0);
    assert!(game.hand(Power::Papacy).is_empty());
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game), [Action::Discard(Card::Gout), Action::Discard(Card::Erasmus)]);
    apply(&mut game, Action::Discard(Card::Gout), &mut log);
    assert_eq!(game.hand(Power::Hapsburg).iter().collect::<Vec<_>>(), [Card::Erasmus]);
    assert!(game.discard_pile().contains(Card::Gout));
    assert!(game.removed_cards().contains(Card::SackOfRome));
    assert!(!game.at_war(Power::Hapsburg, Power::Papacy));
}

/// #95's battle is a land combat between the sacker and the Papacy: the
/// Hapsburg's Phony War marker for Venice (the Papacy intervened) goes,
/// and its VP is back (§9.6 step 6, ruling G6).
#[test]
fn sack_of_rome_ends_a_phony_war_with_the_papacy() {
    let mut game = rome_threatened(sack_setup());
    game.set_phony_war(MinorPower::Venice, Some(Power::Hapsburg), false).unwrap();
    game.set_bonus_vp(Power::Hapsburg, -1).unwrap();
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert!(log.contains(&Event::PhonyWarRemoved { power: Power::Hapsburg, minor: MinorPower::Venice }));
    assert_eq!(game.bonus_vp(Power::Hapsburg), 0);
}

/// #95, the Papacy holding (it wins ties; here 1 hit to none): the stack
/// loses a mercenary and goes home; the card returns to the discard pile.
#[test]
fn sack_of_rome_the_papacy_holds() {
    let mut game = rome_threatened(sack_setup());
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert_eq!(common::field_battle(&log).map(|b| b.5), Some(Faction::Papacy));
    assert_eq!(
        game.land_units(Space::Florence, Faction::Hapsburg),
        LandUnits { regulars: 1, mercenaries: 2, cavalry: 0 }
    );
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).regulars, 2);
    assert_eq!(game.st_peters_cp(), 4);
    assert_eq!(game.hand(Power::Papacy).len(), 2);
    assert!(game.discard_pile().contains(Card::SackOfRome));
    assert!(!game.removed_cards().contains(Card::SackOfRome));
    // A tie also goes to the Papacy.
    let mut game = rome_threatened(sack_setup());
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    game.force_dice(&[6, 1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert_eq!(common::field_battle(&log).map(|b| b.5), Some(Faction::Papacy));
}

/// #95's battle opens a field battle's combat-card window (§21.5 step 2,
/// ruling CB5): the Hapsburg's Arquebusiers (#24) give its stack 2 more
/// dice (4 units, no leader: 6 dice).
#[test]
fn sack_of_rome_arquebusiers_add_two_dice() {
    let mut game = rome_threatened(sack_setup());
    game.give_card(Power::Hapsburg, Card::Arquebusiers).unwrap();
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(game.pending().kind, DecisionKind::CombatCards);
    assert_eq!(legal(&game), [Action::Decline, Action::PlayEvent(Card::Arquebusiers)]);
    apply(&mut game, Action::PlayEvent(Card::Arquebusiers), &mut log);
    game.force_dice(&[6, 6, 5, 1, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    card_windows(&mut game, &mut log);
    let battle = common::field_battle(&log).expect("a field battle");
    assert_eq!((battle.3.count(), battle.4.count(), battle.5), (6, 3, Faction::Hapsburg));
    assert!(game.discard_pile().contains(Card::Arquebusiers));
}

/// #95: the Papacy's Mercenaries Bribed (#26) takes 2 of the stack's 3
/// mercenaries (half, rounded up) before the roll and puts 2 Papal
/// mercenaries in Rome, which do not fight; the stack rolls 2 dice. The
/// sacker may not play it: the Papal mercenaries are not in the battle.
#[test]
fn sack_of_rome_mercenaries_bribed_by_the_papacy() {
    let mut game = rome_threatened(sack_setup());
    game.give_card(Power::Hapsburg, Card::MercenariesBribed).unwrap();
    let mut game2 = rome_threatened(sack_setup());
    game2.give_card(Power::Papacy, Card::MercenariesBribed).unwrap();
    for (game, sacker_holds) in [(&mut game, true), (&mut game2, false)] {
        let mut log = event(game, Power::France, Card::SackOfRome);
        apply(game, Action::Target(Space::Florence), &mut log);
        assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
        assert_eq!(legal(game), [Action::Decline], "the sacker holds it: {sacker_holds}");
        apply(game, Action::Decline, &mut log);
        assert_eq!(game.decider(), Decider::Power(Power::Papacy));
        if sacker_holds {
            assert_eq!(legal(game), [Action::Decline]);
            continue;
        }
        assert_eq!(legal(game), [Action::Decline, Action::PlayEvent(Card::MercenariesBribed)]);
        apply(game, Action::PlayEvent(Card::MercenariesBribed), &mut log);
        assert_eq!(
            game.land_units(Space::Florence, Faction::Hapsburg),
            LandUnits { regulars: 1, mercenaries: 1, cavalry: 0 }
        );
        assert_eq!(
            game.land_units(Space::Rome, Faction::Papacy),
            LandUnits { regulars: 2, mercenaries: 3, cavalry: 0 }
        );
        game.force_dice(&[1, 1]).unwrap();
        game.force_dice(&[5, 1, 1]).unwrap();
        card_windows(game, &mut log);
        let battle = common::field_battle(&log).expect("a field battle");
        assert_eq!((battle.3.count(), battle.4.count(), battle.5), (2, 3, Faction::Papacy));
        // One hit on the stack: a mercenary first.
        assert_eq!(game.land_units(Space::Florence, Faction::Hapsburg), LandUnits::regulars(1));
    }
}

/// #95: the Papacy's Surprise Attack (#29) rolls first; its 2 hits fall on
/// the stack before it rolls with its 2 survivors.
#[test]
fn sack_of_rome_surprise_attack_by_the_papacy() {
    let mut game = rome_threatened(sack_setup());
    game.give_card(Power::Papacy, Card::SurpriseAttack).unwrap();
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::PlayEvent(Card::SurpriseAttack), &mut log);
    game.force_dice(&[6, 5, 1]).unwrap();
    game.force_dice(&[6, 6]).unwrap();
    card_windows(&mut game, &mut log);
    let battle = common::field_battle(&log).expect("a field battle");
    // 2 hits each: the Papacy wins the tie.
    assert_eq!((battle.3.count(), battle.4.count(), battle.5), (2, 3, Faction::Papacy));
    // As evenly as possible: a mercenary and the regular.
    assert_eq!(game.land_units(Space::Florence, Faction::Hapsburg), LandUnits::mercenaries(2));
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).regulars, 0);
    assert_eq!(game.st_peters_cp(), 4);
}

/// #95 with one card left in the Papal hand: the sacker keeps it.
#[test]
fn sack_of_rome_one_papal_card_is_kept() {
    let mut game = rome_threatened(sack_setup());
    game.discard_card(Card::Gout).unwrap();
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    game.force_dice(&[6, 6, 5, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert!(game.hand(Power::Hapsburg).contains(Card::Erasmus));
    assert_ne!(game.pending().kind, DecisionKind::CardEvent);
}

/// #95's condition: more non-Papal mercenaries in one Italian-speaking
/// space than Papal regulars in Rome.
#[test]
fn sack_of_rome_needs_more_mercenaries_than_papal_regulars() {
    let mut game = rome_threatened(sack_setup());
    assert!(offered(&mut game, Power::England, Card::SackOfRome));
    // 3 Papal regulars: 3 mercenaries are not more.
    let mut game = rome_threatened(sack_setup());
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(3)).unwrap();
    assert!(!offered(&mut game, Power::England, Card::SackOfRome));
    // Mercenaries outside the Italian zone do not count.
    let mut game = rome_threatened(sack_setup());
    game.set_land_units(Space::Florence, Faction::Hapsburg, LandUnits::NONE).unwrap();
    game.set_land_units(Space::Lyon, Faction::France, LandUnits::mercenaries(5)).unwrap();
    assert!(!offered(&mut game, Power::England, Card::SackOfRome));
}

/// #95 in the two-player game: a sacker that takes no impulses (the
/// Hapsburg) discards both cards (the card's two-player face).
#[test]
fn sack_of_rome_two_player_the_hapsburg_discards_both() {
    let mut game = rome_threatened(Setup::new(Scenario::TwoPlayer, 5));
    // The Papacy, first in the impulse order, may play it too.
    let mut log = event(&mut game, Power::Papacy, Card::SackOfRome);
    game.force_dice(&[6, 6, 5, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert!(game.hand(Power::Hapsburg).is_empty());
    assert!(game.discard_pile().contains(Card::Erasmus) && game.discard_pile().contains(Card::Gout));
}

// --- Saves ---------------------------------------------------------------------------

/// A save taken during Scots Raid's limited CP reads back equal and valid;
/// a `limit` naming a card whose event gives no limited CP is refused; a
/// save of older frames without `limit` still loads (unlimited CP).
#[cfg(feature = "serde")]
#[test]
fn scots_raid_cp_survive_a_save() {
    let mut game = scots_allied();
    action_phase(&mut game);
    event(&mut game, Power::England, Card::ScotsRaid);
    assert_eq!(game.pending().cp, Some(6));
    assert_eq!(game.validate(), Ok(()));
    let text = serde_json::to_string(&game).unwrap();
    assert!(text.contains("\"limit\":\"scots_raid\""), "{text}");
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let forged = text.replace("\"limit\":\"scots_raid\"", "\"limit\":\"treachery\"");
    let refused = serde_json::from_str::<Game>(&forged).map_or(true, |g| g.validate().is_err());
    assert!(refused);
    // England's own Spend below, saved without `limit` as before this field.
    let old = text.replace(",\"limit\":null", "");
    assert_ne!(old, text);
    let back: Game = serde_json::from_str(&old).unwrap();
    assert_eq!(back, game);
}

/// #95 in the two-player game (ruling RB6): the sacking stack may be the
/// Hapsburg's, a power no player plays; the battle runs with every
/// position valid, and the Papacy answers its own combat-card window.
#[test]
fn sack_of_rome_by_a_hapsburg_stack_in_the_two_player_game() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5).with_fast_play(true));
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits { regulars: 2, mercenaries: 1, cavalry: 0 }).unwrap();
    let stack = LandUnits { regulars: 1, mercenaries: 3, cavalry: 0 };
    game.set_land_units(Space::Florence, Faction::Hapsburg, stack).unwrap();
    action_phase(&mut game);
    let mut log = event(&mut game, Power::Protestant, Card::SackOfRome);
    game.force_dice(&[6, 6, 5, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    assert!(game.validate().is_ok(), "{:?}", game.validate());
    card_windows(&mut game, &mut log);
    let battle = common::field_battle(&log).expect("a field battle");
    assert_eq!((battle.0, battle.5), (Power::Hapsburg, Faction::Hapsburg));
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy), LandUnits::NONE);
    assert!(game.validate().is_ok(), "{:?}", game.validate());
}

/// §6.1: the sacker's discard of choice never takes a mandatory event; with
/// a mandatory event among the two cards it must discard the other.
#[test]
fn sack_of_rome_never_discards_a_mandatory_event() {
    let mut game = rome_threatened(sack_setup());
    game.discard_card(Card::Gout).unwrap();
    game.give_card(Power::Papacy, Card::BarbaryPirates).unwrap();
    let mut log = event(&mut game, Power::France, Card::SackOfRome);
    game.force_dice(&[6, 6, 5, 1]).unwrap();
    game.force_dice(&[1, 1, 5]).unwrap();
    apply(&mut game, Action::Target(Space::Florence), &mut log);
    card_windows(&mut game, &mut log);
    assert_eq!(legal(&game), [Action::Discard(Card::Erasmus)]);
}
