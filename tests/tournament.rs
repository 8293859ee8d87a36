//! The Tournament scenario (§24.2): the 1532 setup, a last turn 6 with no
//! peace segment then (§9.3), +1 on the chateaux roll (§21.4) and a 23-VP
//! standard victory (§23.3; docs/rulings.md T1).

use here_i_stand::rules::victory::{Outcome, VictoryKind, standard_victory_vp, victory_determination};
use here_i_stand::{
    Action, Card, Decider, EditError, Event, Faction, Game, Leader, LeaderLocation, Phase, Power, Scenario, Setup,
    Space,
};

use crate::common;
use common::set_totals;

fn empty() -> Game {
    Game::empty(Setup::new(Scenario::Tournament, 1))
}

#[test]
fn the_tournament_is_named_tournament() {
    assert_eq!("tournament".parse(), Ok(Scenario::Tournament));
    assert!(Scenario::ALL.contains(&Scenario::Tournament));
    assert_eq!(Scenario::Tournament.powers(), &Power::ALL);
}

/// §24.2: the Tournament starts from the 1532 position, cards and all.
#[test]
fn the_tournament_plays_the_1532_setup() {
    for seed in [0, 7] {
        let tournament = Game::new(Setup::new(Scenario::Tournament, seed));
        let y1532 = Game::new(Setup::new(Scenario::Y1532, seed));
        assert_eq!(tournament.scenario(), Scenario::Tournament);
        assert_eq!(tournament.turn(), 4);
        assert_eq!(tournament.phase(), y1532.phase());
        for space in Space::ALL {
            assert_eq!(tournament.controller(space), y1532.controller(space), "{space}");
            assert_eq!(tournament.religion(space), y1532.religion(space), "{space}");
            for faction in Faction::ALL {
                assert_eq!(tournament.land_units(space, faction), y1532.land_units(space, faction), "{space}");
            }
        }
        for leader in Leader::ALL {
            assert_eq!(tournament.leader_location(leader), y1532.leader_location(leader), "{leader}");
        }
        for power in Power::ALL {
            assert_eq!(tournament.hand(power), y1532.hand(power), "{power}");
            assert_eq!(tournament.vp(power), y1532.vp(power), "{power}");
        }
        assert_eq!(tournament.deck(), y1532.deck());
        assert_eq!(tournament.legal_actions(), y1532.legal_actions());
    }
}

/// §23.3 and §9.3: the game ends after turn 6 with a time victory.
#[test]
fn time_victory_at_the_end_of_turn_6() -> Result<(), EditError> {
    let mut game = empty();
    set_totals(&mut game, [10, 9, 16, 12, 20, 3])?;
    game.set_turn(5)?;
    assert_eq!(victory_determination(&game), None);
    game.set_turn(6)?;
    assert_eq!(victory_determination(&game), Some(Outcome { winner: Power::Papacy, kind: VictoryKind::Time }));
    // 1532 goes on.
    let mut y1532 = Game::empty(Setup::new(Scenario::Y1532, 1));
    set_totals(&mut y1532, [10, 9, 16, 12, 20, 3])?;
    y1532.set_turn(6)?;
    assert_eq!(victory_determination(&y1532), None);
    Ok(())
}

/// §9.3: no peace segment on the final turn, turn 6 in the Tournament; on
/// turn 5 France, at war with the Hapsburg that holds Dijon, may sue.
#[test]
fn no_suing_for_peace_on_turn_6() {
    let on = |turn: u8| {
        let mut game = empty();
        game.set_turn(turn).unwrap();
        game.set_war(Power::France, Power::Hapsburg, true).unwrap();
        game.set_controller(Space::Dijon, Faction::Hapsburg).unwrap();
        crate::common::enter_diplomacy_after_negotiation(&mut game);
        game
    };
    let turn_5 = on(5);
    assert!(turn_5.is_legal(&Action::SueForPeace(Power::Hapsburg)));
    let turn_6 = on(6);
    assert!(!turn_6.legal_actions().iter().any(|a| matches!(a, Action::SueForPeace(_))));
    assert!(turn_6.at_war(Power::France, Power::Hapsburg));
}

/// §23.3 with the map's Tournament mark (docs/rulings.md T1): 23 VP is a
/// standard victory in the Tournament, not in 1532.
#[test]
fn standard_victory_at_23_vp() -> Result<(), EditError> {
    assert_eq!(standard_victory_vp(Scenario::Tournament), 23);
    assert_eq!(standard_victory_vp(Scenario::Y1532), 25);
    let mut game = empty();
    game.set_turn(3)?;
    set_totals(&mut game, [10, 9, 16, 12, 22, 3])?;
    assert_eq!(victory_determination(&game), None);
    set_totals(&mut game, [10, 9, 16, 12, 23, 3])?;
    assert_eq!(victory_determination(&game), Some(Outcome { winner: Power::Papacy, kind: VictoryKind::Standard }));
    let mut y1532 = Game::empty(Setup::new(Scenario::Y1532, 1));
    y1532.set_turn(3)?;
    set_totals(&mut y1532, [10, 9, 16, 12, 23, 3])?;
    assert_eq!(victory_determination(&y1532), None);
    Ok(())
}

/// §21.4: the chateaux roll gets +1 in the Tournament. France plays Patron
/// of the Arts (#4) on a bare board with Milan French (+2): a 3 is
/// modified by 3, and makes 6 (1 VP, draw 1).
#[test]
fn chateaux_roll_gets_plus_one() {
    for (scenario, modifier) in [(Scenario::Tournament, 3), (Scenario::Y1532, 2)] {
        let mut game = Game::empty(Setup::new(scenario, 5).with_fast_play(true));
        game.set_controller(Space::Milan, Faction::France).unwrap();
        game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris)).unwrap();
        game.give_card(Power::France, Card::PatronOfTheArts).unwrap();
        game.put_card_in_deck(Card::FieldArtillery).unwrap();
        game.set_phase(Phase::Action).unwrap();
        game.run_automatic();
        while game.decider() != Decider::Power(Power::France) {
            game.apply(Action::Pass).unwrap();
        }
        game.force_dice(&[3]).unwrap();
        let mut log = Vec::new();
        common::apply(&mut game, Action::PlayEvent(Card::PatronOfTheArts), &mut log);
        let roll = log.iter().find_map(|e| match *e {
            Event::ChateauxRoll { modifier, vp, .. } => Some((modifier, vp)),
            _ => None,
        });
        assert_eq!(roll, Some((modifier, 1)), "{scenario:?}");
    }
}

/// Random play of the Tournament ends by turn 6.
#[test]
fn random_tournament_games_end_by_turn_6() {
    for seed in 0..3u64 {
        let mut game = Game::new(Setup::new(Scenario::Tournament, seed).with_fast_play(true));
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        while let Decider::Power(_) = game.decider() {
            let actions = game.legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = actions[(state % actions.len() as u64) as usize];
            game.apply(action).unwrap();
            assert!(game.turn() <= 6, "seed {seed}");
        }
        assert!(game.outcome().is_some(), "seed {seed}");
    }
}

/// The scenario round-trips through serde as `tournament`.
#[cfg(feature = "serde")]
#[test]
fn the_tournament_setup_serializes() {
    let setup = Setup::new(Scenario::Tournament, 3);
    let json = serde_json::to_string(&setup).unwrap();
    assert!(json.contains("\"tournament\""), "{json}");
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
}
