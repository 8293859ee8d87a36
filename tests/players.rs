//! The games of three to five players (§3.1, rulings PL1-PL5): who holds
//! which power, the wars one player's powers never wage on each other, the
//! deals they never make, the winning player.

use here_i_stand::rules::diplomacy::{DowRefusal, dow_refusal, may_intervene};
use here_i_stand::rules::negotiation::partners;
use here_i_stand::*;

use crate::common;

fn three() -> Players {
    Players::standard(3).unwrap()
}

fn setup(scenario: Scenario, players: Players) -> Setup {
    Setup::new(scenario, 3).with_players(players).unwrap()
}

#[test]
fn the_standard_assignments() {
    use Power::*;
    let groups = |n| {
        let players = Players::standard(n).unwrap();
        players.players().map(|p| players.powers_of(p).iter().collect::<Vec<_>>()).collect::<Vec<_>>()
    };
    assert_eq!(groups(3), [vec![Ottoman, France], vec![Hapsburg, Papacy], vec![England, Protestant]]);
    assert_eq!(groups(4), [vec![Ottoman], vec![Hapsburg, Papacy], vec![England, Protestant], vec![France]]);
    assert_eq!(groups(5), [vec![Ottoman], vec![Hapsburg], vec![England, Protestant], vec![France], vec![Papacy]]);
    assert_eq!(Players::standard(6).unwrap(), Players::SIX);
    assert_eq!(Players::standard(2), Err(PlayersError::Count(2)));
}

#[test]
fn an_assignment_must_hold_every_power_once() {
    use Power::*;
    assert_eq!(
        Players::from_groups(&[&[Ottoman, Hapsburg], &[England, France, Papacy]]),
        Err(PlayersError::Unheld(Protestant))
    );
    assert_eq!(
        Players::from_groups(&[&[Ottoman, Hapsburg, England], &[France, Papacy, Protestant, England]]),
        Err(PlayersError::HeldTwice(England))
    );
    assert_eq!(
        Players::from_groups(&[&[], &[Ottoman, Hapsburg, England, France, Papacy, Protestant]]),
        Err(PlayersError::EmptyPlayer)
    );
}

#[test]
fn no_player_holds_powers_at_war_when_the_scenario_begins() {
    use Power::*;
    // 1517: the Hapsburg and France, France and the Papacy are at war.
    let france_papacy =
        Players::from_groups(&[&[Ottoman, England], &[Hapsburg], &[France, Papacy], &[Protestant]]).unwrap();
    let s1517 = Setup::new(Scenario::Y1517, 1);
    assert_eq!(s1517.with_players(france_papacy), Err(PlayersError::Enemies(France, Papacy)));
    // In 1532 they are at peace.
    assert!(Setup::new(Scenario::Y1532, 1).with_players(france_papacy).is_ok());
    // The League sets the Protestant at war with the Hapsburg and the Papacy.
    assert_eq!(
        Players::from_groups(&[&[Ottoman, England], &[Hapsburg, France], &[Papacy, Protestant]]),
        Err(PlayersError::Enemies(Papacy, Protestant))
    );
    // The two-player variant has its own sides.
    assert_eq!(Setup::new(Scenario::TwoPlayer, 1).with_players(three()), Err(PlayersError::TwoPlayer));
}

#[test]
fn the_decider_is_a_power_and_its_player_is_named() {
    let mut game = Game::new(setup(Scenario::Y1517, three()));
    for _ in 0..200 {
        let Decider::Power(power) = game.decider() else { break };
        assert_eq!(game.deciding_player(), Some(game.player_of(power)));
        let actions = game.legal_actions();
        game.apply(actions[actions.len() / 2]).unwrap();
    }
    assert_eq!(game.player_of(Power::England), game.player_of(Power::Protestant));
    assert_ne!(game.player_of(Power::England), game.player_of(Power::France));
}

#[test]
fn one_players_powers_never_declare_war_on_each_other() -> Result<(), EditError> {
    // 4 players: France and the Ottoman alone, the Hapsburg with the Papacy.
    let mut game = Game::empty(setup(Scenario::Y1532, Players::standard(4).unwrap()));
    game.set_schmalkaldic_league(true)?;
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::Papacy), Some(DowRefusal::SamePlayer));
    assert_eq!(dow_refusal(&game, Power::England, Faction::Protestant), Some(DowRefusal::SamePlayer));
    assert_eq!(dow_refusal(&game, Power::Hapsburg, Faction::France), None);
    // In six-player games the Hapsburg may.
    let six = Game::empty(Setup::new(Scenario::Y1532, 3));
    assert_eq!(dow_refusal(&six, Power::Hapsburg, Faction::Papacy), None);
    // The edit API refuses it too.
    assert_eq!(
        game.set_war(Power::Hapsburg, Power::Papacy, true),
        Err(EditError::SamePlayer(Power::Hapsburg, Power::Papacy))
    );
    Ok(())
}

#[test]
fn the_declarations_offered_leave_out_the_players_own_powers() {
    // The diplomacy phase of turn 2, 1517, three players: the Hapsburg may
    // declare on France or England, never on the Papacy.
    let mut game = Game::empty(setup(Scenario::Y1517, three()));
    game.remove_card(Card::SpringPreparations).unwrap();
    game.remove_card(Card::VenetianInformant).unwrap();
    game.set_turn(2).unwrap();
    game.give_card(Power::Hapsburg, common::card_with_cp(5)).unwrap();
    common::enter_diplomacy_after_negotiation(&mut game);
    while game.decider() != Decider::Power(Power::Hapsburg) {
        game.apply(Action::Done).unwrap();
    }
    let targets: Vec<Faction> = game
        .legal_actions()
        .iter()
        .filter_map(|a| if let Action::DeclareWar(f) = a { Some(*f) } else { None })
        .collect();
    assert!(targets.contains(&Faction::England));
    assert!(!targets.contains(&Faction::Papacy));
}

#[test]
fn a_player_never_intervenes_against_its_own_power() {
    // The Hapsburg declares war on Venice: the Papacy, the same player,
    // cannot intervene (it would go to war with the Hapsburg, ruling PL3).
    let six = Game::empty(Setup::new(Scenario::Y1517, 3));
    assert!(may_intervene(&six, Power::Papacy, MinorPower::Venice, Power::Hapsburg));
    let game = Game::empty(setup(Scenario::Y1517, three()));
    assert!(!may_intervene(&game, Power::Papacy, MinorPower::Venice, Power::Hapsburg));
    assert!(may_intervene(&game, Power::Papacy, MinorPower::Venice, Power::France));
}

#[test]
fn one_players_powers_make_no_deals_with_each_other() {
    let game = common::at_negotiation(2, |_| Ok(()));
    assert!(partners(&game, Power::England).contains(Power::Protestant));
    let mut game = Game::empty(setup(Scenario::Y1517, three()));
    game.set_turn(2).unwrap();
    let open = partners(&game, Power::England);
    assert!(!open.contains(Power::Protestant));
    assert!(!open.contains(Power::England));
    assert!(open.contains(Power::France));
}

#[test]
fn the_player_of_the_winning_power_wins() {
    let mut game = Game::new(setup(Scenario::Y1517, three()));
    let mut chooser = 7u64;
    while let Decider::Power(_) = game.decider() {
        let actions = game.legal_actions();
        chooser = chooser.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        game.apply(actions[((chooser >> 33) as usize) % actions.len()]).unwrap();
    }
    let outcome = game.outcome().expect("the game ends");
    let winner = game.player_of(outcome.winner);
    let returns = game.player_returns();
    assert_eq!(returns[winner.index()], 1.0);
    assert_eq!(returns.iter().sum::<f32>(), 1.0);
    assert!(game.validate().is_ok());
}

#[test]
fn a_save_with_players_is_checked() {
    let game = Game::empty(setup(Scenario::Y1517, three()));
    assert_eq!(game.validate(), Ok(()));
    let mut shared = Setup::new(Scenario::TwoPlayer, 3);
    shared.players = three();
    assert_eq!(Game::empty(shared).validate(), Err(InvalidGame::Players));
}

#[cfg(feature = "serde")]
#[test]
fn players_round_trip_in_a_save_and_a_forged_one_is_refused() {
    let game = Game::new(setup(Scenario::Y1517, Players::standard(5).unwrap()));
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.players(), Players::standard(5).unwrap());
    // The Papacy and the Protestant held by one player: refused.
    let forged = json.replace("\"players\":[0,1,2,3,4,2]", "\"players\":[0,1,2,3,4,4]");
    assert_ne!(forged, json);
    assert!(serde_json::from_str::<Game>(&forged).is_err());
}

/// Ruling PL6 (§3.1): a player sees the hands of all its powers. In the
/// three-player game England and the Protestant are one player: England's
/// view shows the Protestant's hand, not France's, and a determinization
/// for England deals again only the other players' cards.
#[test]
fn a_player_sees_the_hands_of_all_its_powers() {
    // Play on (first actions) to the action phase: the hands are dealt.
    let mut game = Game::new(setup(Scenario::Y1517, three()));
    while game.phase() != Phase::Action {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    let protestant = game.hand(Power::Protestant);
    assert!(protestant.iter().any(|c| c.kind() != CardKind::Home), "the Protestant holds a dealt card");
    let view = game.observation(Power::England);
    assert_eq!(view.board().hand(Power::Protestant), protestant);
    assert_eq!(view.board().hand(Power::England), game.hand(Power::England));
    assert!(view.board().hand(Power::France).iter().all(|c| c.kind() == CardKind::Home));
    assert!(protestant.iter().all(|c| !view.unseen().contains(c)));
    let mut rng = <rand_pcg::Pcg64Mcg as rand_core::SeedableRng>::seed_from_u64(9);
    for _ in 0..5 {
        let guess = view.determinize(&mut rng);
        assert_eq!(guess.hand(Power::Protestant), protestant);
        assert_eq!(guess.observation(Power::England), view);
    }
    // In the six-player game England sees no other hand.
    let six = Game::new(Setup::new(Scenario::Y1517, 3));
    let alone = six.observation(Power::England);
    assert!(alone.board().hand(Power::Protestant).iter().all(|c| c.kind() == CardKind::Home));
}
