//! The last cards of issue #14 (cards-b): #105 Treachery!, #95 Sack of
//! Rome, #97 Scots Raid; each card's condition, play and branches, on
//! small positions built for the purpose.

mod common;

use common::{apply, board, card_windows, legal};
use here_i_stand::*;

use LandUnitKind::Regular;

/// The action phase of a bare 1517 board (fast play), every hand empty.
fn action_phase(game: &mut Game) {
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
}

/// The powers before `power` pass; `power` plays `card` (given to it) as
/// its event; returns the events reported.
fn event(game: &mut Game, power: Power, card: Card) -> Vec<Event> {
    game.give_card(power, card).unwrap();
    common::to_impulse(game, power);
    let mut log = Vec::new();
    apply(game, Action::PlayEvent(card), &mut log);
    log
}

/// Whether `power`, at its impulse, is offered `card` as an event.
fn offered(game: &mut Game, power: Power, card: Card) -> bool {
    game.give_card(power, card).unwrap();
    common::to_impulse(game, power);
    legal(game).contains(&Action::PlayEvent(card))
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
