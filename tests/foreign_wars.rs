//! Foreign wars (§21.7; issue #15 item 4): #92 Revolt in Egypt, #93 Revolt
//! in Ireland, #110 War in Persia, each from the event to victory; the
//! units and leaders sent to the card, the -1 card marker, builds onto the
//! card, winter, the Fight Foreign War action and Janissaries' option.

use crate::common;

use common::{action_phase, apply, event, legal, offered, play};
use here_i_stand::rules::cards_dealt::cards_dealt;
use here_i_stand::rules::cards_dealt::cards_dealt_breakdown;
use here_i_stand::rules::foreign_war::{WarCard, return_spaces};
use here_i_stand::*;

/// `power` plays a 1 CP card for CP at its impulse (the CP of a Fight
/// Foreign War action).
fn one_cp(game: &mut Game, power: Power) {
    play(game, power, common::card_with_cp(1));
}

/// The Fight Foreign War action against `war`, its combat-card windows
/// declined while there is nothing else to do.
fn fight(game: &mut Game, war: ForeignWar, log: &mut Vec<Event>) {
    apply(game, Action::FightForeignWar(war), log);
    common::card_windows(game, log);
}

fn card(game: &Game, war: ForeignWar) -> WarCard {
    game.foreign_war(war).expect("the war is on")
}

/// The Fight Foreign War battle in `log`: (the power's dice, the
/// independents' dice, independents lost).
fn battle(log: &[Event]) -> (Dice, Dice, u8) {
    log.iter()
        .find_map(|e| match *e {
            Event::ForeignWarBattle { power_dice, foreign_dice, independents_lost, .. } => {
                Some((power_dice, foreign_dice, independents_lost))
            }
            _ => None,
        })
        .expect("a foreign war battle")
}

/// The Ottoman with regulars in Istanbul and Edirne, Suleiman in Istanbul.
fn ottoman_army(game: &mut Game) {
    game.set_land_units(Space::Istanbul, Faction::Ottoman, LandUnits::regulars(4)).unwrap();
    game.set_land_units(Space::Edirne, Faction::Ottoman, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Istanbul)).unwrap();
}

// --- #92 Revolt in Egypt, start to victory ---------------------------------------

#[test]
fn revolt_in_egypt_from_start_to_victory() {
    let mut game = action_phase(1);
    ottoman_army(&mut game);
    let log = event(&mut game, Power::Hapsburg, Card::RevoltInEgypt);
    assert!(log.contains(&Event::ForeignWarBegan { war: ForeignWar::Egypt, independents: 3 }));
    // The card is on the map: in no hand or pile.
    assert!(!game.discard_pile().contains(Card::RevoltInEgypt));
    // The Ottoman moves 3 land units, from any spaces.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::MoveFrom(Space::Edirne), Action::MoveFrom(Space::Istanbul)]);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Edirne), &mut log);
    apply(&mut game, Action::MoveFrom(Space::Edirne), &mut log);
    apply(&mut game, Action::MoveFrom(Space::Istanbul), &mut log);
    assert_eq!(game.land_units(Space::Edirne, Faction::Ottoman), LandUnits::NONE);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::regulars(3));
    // Then any leaders (#92: "along with any leaders desired").
    assert_eq!(legal(&game), [Action::Done, Action::AddLeader(Leader::Suleiman)]);
    apply(&mut game, Action::AddLeader(Leader::Suleiman), &mut log);
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::ForeignWar(ForeignWar::Egypt));
    assert_eq!(card(&game, ForeignWar::Egypt), WarCard { units: LandUnits::regulars(3), independents: 3 });
    // The -1 card marker while the war is on.
    assert_eq!(cards_dealt_breakdown(&game, Power::Ottoman).penalties, 1);
    // Public: every viewer sees the card.
    assert_eq!(
        game.observation(Power::England).board().foreign_war(ForeignWar::Egypt),
        game.foreign_war(ForeignWar::Egypt)
    );
    // Fight Foreign War (1 CP): 3 units + Suleiman's 2 against 3 dice, no
    // extra defender's die.
    one_cp(&mut game, Power::Ottoman);
    assert!(legal(&game).contains(&Action::FightForeignWar(ForeignWar::Egypt)));
    game.force_dice(&[5, 6, 5, 1, 1, 2, 2, 2]).unwrap();
    let mut log = Vec::new();
    let vp = game.bonus_vp(Power::Ottoman);
    fight(&mut game, ForeignWar::Egypt, &mut log);
    let (mine, theirs, lost) = battle(&log);
    assert_eq!((mine.count(), theirs.count(), lost), (5, 3, 3));
    // Over: 1 War Winner VP, the survivors and Suleiman in Istanbul.
    assert!(log.contains(&Event::ForeignWarWon { war: ForeignWar::Egypt, to: Some(Space::Istanbul) }));
    assert_eq!(game.foreign_war(ForeignWar::Egypt), None);
    assert_eq!(game.bonus_vp(Power::Ottoman), vp + 1);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::regulars(6));
    assert_eq!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(Space::Istanbul));
    assert!(game.discard_pile().contains(Card::RevoltInEgypt));
    assert_eq!(cards_dealt_breakdown(&game, Power::Ottoman).penalties, 0);
    assert_eq!(game.validate(), Ok(()));
}

// --- #110 War in Persia: several battles, losses chosen ---------------------------

#[test]
fn war_in_persia_from_start_to_victory_with_losses() {
    let mut game = action_phase(2);
    let mixed = LandUnits { regulars: 3, mercenaries: 0, cavalry: 2 };
    game.set_land_units(Space::Istanbul, Faction::Ottoman, mixed).unwrap();
    // Any power may play it, the Ottoman too.
    let log = event(&mut game, Power::Ottoman, Card::WarInPersia);
    assert!(log.contains(&Event::ForeignWarBegan { war: ForeignWar::Persia, independents: 4 }));
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Istanbul), &mut log);
    // Two kinds there: which one.
    assert_eq!(legal(&game), [Action::AddUnit(LandUnitKind::Regular), Action::AddUnit(LandUnitKind::Cavalry)]);
    apply(&mut game, Action::AddUnit(LandUnitKind::Cavalry), &mut log);
    for kind in [LandUnitKind::Cavalry, LandUnitKind::Regular, LandUnitKind::Regular, LandUnitKind::Regular] {
        apply(&mut game, Action::MoveFrom(Space::Istanbul), &mut log);
        if legal(&game).len() > 1 {
            apply(&mut game, Action::AddUnit(kind), &mut log);
        }
    }
    // No leader on the map: nothing more is asked.
    assert_eq!(card(&game, ForeignWar::Persia), WarCard { units: mixed, independents: 4 });
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::NONE);
    // First battle: 5 dice against 4 (no defender's die); 1 hit against 2.
    one_cp(&mut game, Power::Ottoman);
    game.force_dice(&[5, 1, 1, 1, 1, 6, 6, 1, 1]).unwrap();
    let mut log = Vec::new();
    fight(&mut game, ForeignWar::Persia, &mut log);
    let (mine, theirs, lost) = battle(&log);
    assert_eq!((mine.count(), theirs.count(), lost), (5, 4, 1));
    // The Ottoman picks its 2 losses among the kinds on the card.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::LoseUnit(LandUnitKind::Regular), Action::LoseUnit(LandUnitKind::Cavalry)]);
    apply(&mut game, Action::LoseUnit(LandUnitKind::Cavalry), &mut log);
    apply(&mut game, Action::LoseUnit(LandUnitKind::Cavalry), &mut log);
    assert_eq!(card(&game, ForeignWar::Persia), WarCard { units: LandUnits::regulars(3), independents: 3 });
    // No retreat: the war goes on, with its -1 card marker.
    assert_eq!(cards_dealt_breakdown(&game, Power::Ottoman).penalties, 1);
    // Second battle: 3 dice against 3, all hit: the Persians are beaten.
    one_cp(&mut game, Power::Ottoman);
    game.force_dice(&[6, 5, 6, 1, 2, 3]).unwrap();
    let mut log = Vec::new();
    let vp = game.bonus_vp(Power::Ottoman);
    fight(&mut game, ForeignWar::Persia, &mut log);
    assert_eq!(battle(&log).2, 3);
    assert_eq!(game.foreign_war(ForeignWar::Persia), None);
    assert_eq!(game.bonus_vp(Power::Ottoman), vp + 1);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::regulars(3));
    assert!(game.discard_pile().contains(Card::WarInPersia));
}

// --- #93 Revolt in Ireland -------------------------------------------------------

/// England's army in London, and 2 French regulars in Paris.
fn ireland_position(seed: u64) -> Game {
    let mut game = action_phase(seed);
    game.set_land_units(Space::London, Faction::England, LandUnits::regulars(5)).unwrap();
    game.set_leader(Leader::CharlesBrandon, LeaderLocation::Space(Space::London)).unwrap();
    game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(2)).unwrap();
    game
}

#[test]
fn revolt_in_ireland_from_start_to_victory_with_the_irish_raised_by_france() {
    let mut game = ireland_position(3);
    event(&mut game, Power::France, Card::RevoltInIreland);
    // France may give up one of its land units for a fourth Irish unit.
    assert_eq!(game.decider(), Decider::Power(Power::France));
    assert_eq!(legal(&game), [Action::Decline, Action::RemoveUnitIn(Space::Paris)]);
    let mut log = Vec::new();
    apply(&mut game, Action::RemoveUnitIn(Space::Paris), &mut log);
    assert_eq!(game.land_units(Space::Paris, Faction::France), LandUnits::regulars(1));
    assert_eq!(card(&game, ForeignWar::Ireland).independents, 4);
    // England sends 4 land units, then its leader.
    assert_eq!(game.decider(), Decider::Power(Power::England));
    common::repeat(&mut game, Action::MoveFrom(Space::London), 4, &mut log);
    apply(&mut game, Action::AddLeader(Leader::CharlesBrandon), &mut log);
    assert_eq!(card(&game, ForeignWar::Ireland), WarCard { units: LandUnits::regulars(4), independents: 4 });
    assert_eq!(game.land_units(Space::London, Faction::England), LandUnits::regulars(1));
    assert_eq!(cards_dealt_breakdown(&game, Power::England).penalties, 1);
    // 4 units + Brandon's 1 against 4 dice; 4 hits against none.
    one_cp(&mut game, Power::England);
    game.force_dice(&[6, 6, 6, 6, 1, 1, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    let vp = game.bonus_vp(Power::England);
    fight(&mut game, ForeignWar::Ireland, &mut log);
    let (mine, theirs, lost) = battle(&log);
    assert_eq!((mine.count(), theirs.count(), lost), (5, 4, 4));
    assert_eq!(game.bonus_vp(Power::England), vp + 1);
    assert_eq!(game.land_units(Space::London, Faction::England), LandUnits::regulars(5));
    assert_eq!(game.leader_location(Leader::CharlesBrandon), LeaderLocation::Space(Space::London));
}

#[test]
fn the_hapsburg_may_decline_to_raise_the_irish() {
    let mut game = ireland_position(4);
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    event(&mut game, Power::Hapsburg, Card::RevoltInIreland);
    assert_eq!(legal(&game), [Action::Decline, Action::RemoveUnitIn(Space::Vienna)]);
    let mut log = Vec::new();
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(card(&game, ForeignWar::Ireland).independents, 3);
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(2));
    assert_eq!(game.decider(), Decider::Power(Power::England));
}

#[test]
fn played_by_another_power_the_irish_are_three() {
    let mut game = ireland_position(5);
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(2)).unwrap();
    event(&mut game, Power::Papacy, Card::RevoltInIreland);
    assert_eq!(card(&game, ForeignWar::Ireland).independents, 3);
    assert_eq!(game.decider(), Decider::Power(Power::England));
    assert_eq!(legal(&game), [Action::MoveFrom(Space::London)]);
}

// --- Sending units ---------------------------------------------------------------

#[test]
fn units_under_siege_stay_and_a_power_short_of_units_sends_what_it_has() {
    let mut game = action_phase(6);
    game.set_land_units(Space::Edirne, Faction::Ottoman, LandUnits::regulars(1)).unwrap();
    // A siege in Belgrade: the Ottoman besieges, and may not leave it.
    game.set_controller(Space::Belgrade, Faction::HungaryBohemia).unwrap();
    game.set_war(Power::Ottoman, MinorPower::HungaryBohemia, true).unwrap();
    game.set_besieged_units(Space::Belgrade, Faction::HungaryBohemia, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Belgrade, Faction::Ottoman, LandUnits::regulars(4)).unwrap();
    event(&mut game, Power::France, Card::RevoltInEgypt);
    assert_eq!(legal(&game), [Action::MoveFrom(Space::Edirne)]);
    let mut log = Vec::new();
    apply(&mut game, Action::MoveFrom(Space::Edirne), &mut log);
    // Nothing more can go: the event is over with 1 unit of 3 on the card.
    assert_eq!(card(&game, ForeignWar::Egypt), WarCard { units: LandUnits::regulars(1), independents: 3 });
    assert_ne!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(game.land_units(Space::Belgrade, Faction::Ottoman), LandUnits::regulars(4));
}

#[test]
fn a_war_begins_even_with_no_units_and_builds_then_go_to_the_card() {
    let mut game = action_phase(7);
    event(&mut game, Power::England, Card::RevoltInEgypt);
    assert_eq!(card(&game, ForeignWar::Egypt), WarCard { units: LandUnits::NONE, independents: 3 });
    // Nothing to fight with.
    one_cp(&mut game, Power::Ottoman);
    assert!(!legal(&game).contains(&Action::FightForeignWar(ForeignWar::Egypt)));
    assert!(!game.is_legal(&Action::FightForeignWar(ForeignWar::Egypt)));
    // A cavalry raised in Istanbul goes to the card.
    let mut log = Vec::new();
    apply(&mut game, Action::RaiseCavalry(Space::Istanbul), &mut log);
    assert_eq!(card(&game, ForeignWar::Egypt).units, LandUnits { regulars: 0, mercenaries: 0, cavalry: 1 });
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::NONE);
}

// --- Builds onto the card ----------------------------------------------------------

#[test]
fn builds_go_to_the_card_until_it_is_back_to_strength() {
    let mut game = action_phase(8);
    let short = WarCard { units: LandUnits::regulars(3), independents: 4 };
    game.set_foreign_war(ForeignWar::Persia, Some(short)).unwrap();
    play(&mut game, Power::Ottoman, common::card_with_cp(4));
    let mut log = Vec::new();
    apply(&mut game, Action::RaiseRegular(Space::Istanbul), &mut log);
    apply(&mut game, Action::RaiseCavalry(Space::Salonika), &mut log);
    let full = LandUnits { regulars: 4, mercenaries: 0, cavalry: 1 };
    assert_eq!(card(&game, ForeignWar::Persia).units, full);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::NONE);
    // Back to 5: the next build stays where it is raised.
    apply(&mut game, Action::RaiseCavalry(Space::Istanbul), &mut log);
    assert_eq!(card(&game, ForeignWar::Persia).units, full);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman).cavalry, 1);
}

// --- The -1 card marker ----------------------------------------------------------

#[test]
fn each_war_fought_costs_a_card_at_the_draw() {
    let mut game = action_phase(9);
    let dealt = cards_dealt(&game, Power::Ottoman);
    let on = WarCard { units: LandUnits::NONE, independents: 3 };
    game.set_foreign_war(ForeignWar::Egypt, Some(on)).unwrap();
    assert_eq!(cards_dealt(&game, Power::Ottoman), dealt - 1);
    game.set_foreign_war(ForeignWar::Persia, Some(WarCard { independents: 4, ..on })).unwrap();
    assert_eq!(cards_dealt_breakdown(&game, Power::Ottoman).penalties, 2);
    assert_eq!(cards_dealt(&game, Power::Ottoman), dealt - 2);
    // England fights none of them.
    assert_eq!(cards_dealt_breakdown(&game, Power::England).penalties, 0);
    game.set_foreign_war(ForeignWar::Egypt, None).unwrap();
    assert_eq!(cards_dealt(&game, Power::Ottoman), dealt - 1);
}

// --- The battle's rules ----------------------------------------------------------

#[test]
fn on_equal_dice_the_independents_keep_their_last_unit_and_leaders_stay() {
    let mut game = action_phase(10);
    let one = WarCard { units: LandUnits::regulars(1), independents: 1 };
    game.set_foreign_war(ForeignWar::Ireland, Some(one)).unwrap();
    one_cp(&mut game, Power::England);
    game.force_dice(&[6, 6]).unwrap();
    let mut log = Vec::new();
    fight(&mut game, ForeignWar::Ireland, &mut log);
    assert_eq!(battle(&log).2, 0);
    assert_eq!(card(&game, ForeignWar::Ireland), WarCard { units: LandUnits::NONE, independents: 1 });
    // With no unit on the card, no fight.
    assert!(!game.is_legal(&Action::FightForeignWar(ForeignWar::Ireland)));
}

#[test]
fn only_the_fighting_power_may_fight_and_it_costs_one_cp() {
    let mut game = action_phase(11);
    let on = WarCard { units: LandUnits::regulars(3), independents: 3 };
    game.set_foreign_war(ForeignWar::Egypt, Some(on)).unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::ForeignWar(ForeignWar::Egypt)).unwrap();
    play(&mut game, Power::Hapsburg, common::card_with_cp(2));
    assert!(!legal(&game).contains(&Action::FightForeignWar(ForeignWar::Egypt)));
    let mut game = action_phase(11);
    game.set_foreign_war(ForeignWar::Egypt, Some(on)).unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::ForeignWar(ForeignWar::Egypt)).unwrap();
    play(&mut game, Power::Ottoman, common::card_with_cp(2));
    // Ibrahim's rating 1: 4 dice against 3; one hit each way.
    game.force_dice(&[6, 1, 1, 1, 6, 1, 1]).unwrap();
    let mut log = Vec::new();
    fight(&mut game, ForeignWar::Egypt, &mut log);
    let (mine, theirs, _) = battle(&log);
    assert_eq!((mine.count(), theirs.count()), (4, 3));
    assert_eq!(card(&game, ForeignWar::Egypt), WarCard { units: LandUnits::regulars(2), independents: 2 });
    // 1 CP left: the same impulse may fight again.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert!(legal(&game).contains(&Action::FightForeignWar(ForeignWar::Egypt)));
}

#[test]
fn survivors_go_to_a_friendly_home_key_when_the_capital_is_occupied() {
    let mut game = action_phase(12);
    game.set_war(Faction::Ottoman, Faction::Hapsburg, true).unwrap();
    game.set_controller(Space::Istanbul, Faction::Hapsburg).unwrap();
    game.set_land_units(Space::Istanbul, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    let on = WarCard { units: LandUnits::regulars(3), independents: 1 };
    game.set_foreign_war(ForeignWar::Egypt, Some(on)).unwrap();
    let homes = return_spaces(&game, Power::Ottoman);
    assert!(!homes.contains(Space::Istanbul) && homes.contains(Space::Edirne) && homes.len() > 1);
    one_cp(&mut game, Power::Ottoman);
    game.force_dice(&[6, 1, 1, 1]).unwrap();
    let mut log = Vec::new();
    fight(&mut game, ForeignWar::Egypt, &mut log);
    // The Ottoman chooses among its friendly home keys.
    assert_eq!(legal(&game), homes.iter().map(Action::PlaceAt).collect::<Vec<_>>());
    apply(&mut game, Action::PlaceAt(Space::Edirne), &mut log);
    assert_eq!(game.land_units(Space::Edirne, Faction::Ottoman), LandUnits::regulars(3));
    assert_eq!(game.foreign_war(ForeignWar::Egypt), None);
}

// --- Winter ------------------------------------------------------------------------

#[test]
fn units_and_leaders_on_a_card_stay_there_in_winter() {
    let mut game = action_phase(13);
    let on = WarCard { units: LandUnits::regulars(2), independents: 4 };
    game.set_foreign_war(ForeignWar::Persia, Some(on)).unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::ForeignWar(ForeignWar::Persia)).unwrap();
    game.set_land_units(Space::Nezh, Faction::Ottoman, LandUnits::regulars(1)).unwrap();
    // Every power passes: winter.
    for _ in Power::ALL {
        game.apply(Action::Pass).unwrap();
    }
    assert_eq!(game.phase(), Phase::Winter);
    while game.phase() == Phase::Winter {
        let first = legal(&game)[0];
        game.apply(first).unwrap();
    }
    // The units in the open went home; those on the card did not.
    assert_eq!(game.land_units(Space::Nezh, Faction::Ottoman), LandUnits::NONE);
    assert_eq!(game.foreign_war(ForeignWar::Persia), Some(on));
    assert_eq!(game.leader_location(Leader::Ibrahim), LeaderLocation::ForeignWar(ForeignWar::Persia));
}

// --- Janissaries (#1) --------------------------------------------------------------

#[test]
fn janissaries_may_place_regulars_on_a_card_up_to_its_strength() {
    let mut game = action_phase(14);
    let short = WarCard { units: LandUnits::regulars(3), independents: 4 };
    game.set_foreign_war(ForeignWar::Persia, Some(short)).unwrap();
    event(&mut game, Power::Ottoman, Card::Janissaries);
    assert!(legal(&game).contains(&Action::PlaceOnWar(ForeignWar::Persia)));
    assert!(legal(&game).contains(&Action::PlaceAt(Space::Istanbul)));
    let mut log = Vec::new();
    common::repeat(&mut game, Action::PlaceOnWar(ForeignWar::Persia), 2, &mut log);
    assert_eq!(card(&game, ForeignWar::Persia).units, LandUnits::regulars(5));
    // Full: the rest go to home spaces.
    assert!(!legal(&game).contains(&Action::PlaceOnWar(ForeignWar::Persia)));
    common::repeat(&mut game, Action::PlaceAt(Space::Istanbul), 2, &mut log);
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::regulars(2));
}

// --- State: edits, validation, saves -------------------------------------------------

#[test]
fn edits_refuse_what_a_card_cannot_hold() {
    let mut game = action_phase(15);
    let over = WarCard { units: LandUnits::regulars(4), independents: 3 };
    assert_eq!(game.set_foreign_war(ForeignWar::Egypt, Some(over)), Err(EditError::ForeignWar(ForeignWar::Egypt)));
    let mercs = WarCard { units: LandUnits::mercenaries(1), independents: 3 };
    assert!(game.set_foreign_war(ForeignWar::Egypt, Some(mercs)).is_err());
    // A leader onto a war that is not on, or of another power.
    let onto = LeaderLocation::ForeignWar(ForeignWar::Egypt);
    assert_eq!(game.set_leader(Leader::Ibrahim, onto), Err(EditError::ForeignWar(ForeignWar::Egypt)));
    game.set_foreign_war(ForeignWar::Egypt, Some(WarCard { units: LandUnits::regulars(3), independents: 3 })).unwrap();
    assert!(game.set_leader(Leader::CharlesV, onto).is_err());
    assert!(game.set_leader(Leader::Ibrahim, onto).is_ok());
    // The card is on the map, in no pile.
    assert!(!game.discard_pile().contains(Card::RevoltInEgypt) && !game.deck().contains(Card::RevoltInEgypt));
    assert_eq!(game.validate(), Ok(()));
}

#[cfg(feature = "serde")]
#[test]
fn saves_carry_the_cards_and_the_leaders_on_them() {
    let mut game = action_phase(16);
    let on = WarCard { units: LandUnits { regulars: 2, mercenaries: 0, cavalry: 1 }, independents: 4 };
    game.set_foreign_war(ForeignWar::Persia, Some(on)).unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::ForeignWar(ForeignWar::Persia)).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains("war_in_persia"));
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    // A save with the card also in the discard pile is refused.
    let bad = json.replace(r#""discard":[]"#, r#""discard":["war_in_persia"]"#);
    assert_ne!(bad, json);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
}

#[test]
fn the_events_are_offered_to_any_power() {
    for power in [Power::Ottoman, Power::France, Power::Protestant] {
        let mut game = action_phase(17);
        assert!(offered(&mut game, power, Card::WarInPersia));
    }
}

#[test]
fn an_edit_may_not_end_a_war_whose_decision_is_pending() {
    let mut game = action_phase(18);
    ottoman_army(&mut game);
    event(&mut game, Power::Papacy, Card::RevoltInEgypt);
    let before = game.clone();
    assert!(matches!(game.set_foreign_war(ForeignWar::Egypt, None), Err(EditError::Unplayable(_))));
    assert_eq!(game, before);
}

#[test]
fn the_renegade_does_not_go_to_a_foreign_war() {
    let mut game = ireland_position(19);
    game.set_renegade_owner(Some(Power::England)).unwrap();
    game.set_leader(Leader::Renegade, LeaderLocation::Space(Space::London)).unwrap();
    event(&mut game, Power::Papacy, Card::RevoltInIreland);
    let mut log = Vec::new();
    common::repeat(&mut game, Action::MoveFrom(Space::London), 4, &mut log);
    assert_eq!(legal(&game), [Action::Done, Action::AddLeader(Leader::CharlesBrandon)]);
}

// --- Combat cards in the battle (ruling FW4) -----------------------------------------

/// 3 Ottoman regulars and Ibrahim (rating 1) against 3 Egyptians, the
/// Ottoman's impulse with 2 CP, its hand holding `cards` besides.
fn egypt_fight(cards: &[Card]) -> Game {
    let mut game = action_phase(11);
    let on = WarCard { units: LandUnits::regulars(3), independents: 3 };
    game.set_foreign_war(ForeignWar::Egypt, Some(on)).unwrap();
    game.set_leader(Leader::Ibrahim, LeaderLocation::ForeignWar(ForeignWar::Egypt)).unwrap();
    for &card in cards {
        game.give_card(Power::Ottoman, card).unwrap();
    }
    play(&mut game, Power::Ottoman, common::card_with_cp(2));
    game
}

/// "Just like a field battle": the fighting power may play a combat card
/// before the roll; Field Artillery (#25) gives the Ottoman 3 more dice
/// (4 + 3). Cards for assaults, and Mercenaries Bribed (the independents
/// are no mercenaries, and never by the Ottoman), are not offered.
#[test]
fn field_artillery_adds_dice_in_a_foreign_war() {
    let held = [Card::FieldArtillery, Card::SiegeMining, Card::MercenariesBribed, Card::MercenariesGrowRestless];
    let mut game = egypt_fight(&held);
    let mut log = Vec::new();
    apply(&mut game, Action::FightForeignWar(ForeignWar::Egypt), &mut log);
    assert_eq!(game.pending().kind, DecisionKind::CombatCards);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    assert_eq!(legal(&game), [Action::Decline, Action::PlayEvent(Card::FieldArtillery)]);
    apply(&mut game, Action::PlayEvent(Card::FieldArtillery), &mut log);
    game.force_dice(&[6, 6, 6, 1, 1, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    common::card_windows(&mut game, &mut log);
    let (mine, theirs, lost) = battle(&log);
    assert_eq!((mine.count(), theirs.count(), lost), (7, 3, 3));
    assert_eq!(game.foreign_war(ForeignWar::Egypt), None);
}

/// England's Mercenaries Bribed (#26) and Tercios (#30, no Hapsburg in a
/// foreign war) are not offered in Ireland; Arquebusiers (#24) is. Its
/// Surprise Attack (#29) rolls first: 2 hits leave the Irish 1 unit to
/// roll with.
#[test]
fn surprise_attack_in_a_foreign_war_rolls_first() {
    let mut game = action_phase(10);
    let on = WarCard { units: LandUnits::regulars(4), independents: 3 };
    game.set_foreign_war(ForeignWar::Ireland, Some(on)).unwrap();
    for card in [Card::MercenariesBribed, Card::Tercios, Card::SurpriseAttack, Card::Arquebusiers] {
        game.give_card(Power::England, card).unwrap();
    }
    one_cp(&mut game, Power::England);
    let mut log = Vec::new();
    apply(&mut game, Action::FightForeignWar(ForeignWar::Ireland), &mut log);
    assert_eq!(
        legal(&game),
        [Action::Decline, Action::PlayEvent(Card::Arquebusiers), Action::PlayEvent(Card::SurpriseAttack)]
    );
    apply(&mut game, Action::PlayEvent(Card::SurpriseAttack), &mut log);
    game.force_dice(&[6, 5, 1, 1]).unwrap();
    game.force_dice(&[6]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    let (mine, theirs, lost) = battle(&log);
    assert_eq!((mine.count(), theirs.count(), lost), (4, 1, 2));
    assert_eq!(card(&game, ForeignWar::Ireland), WarCard { units: LandUnits::regulars(3), independents: 1 });
}

/// Janissaries (#1) after both rolls: the Ottoman's 5 more dice, their
/// hits added to its roll's.
#[test]
fn janissaries_after_the_roll_in_a_foreign_war() {
    let mut game = egypt_fight(&[Card::Janissaries]);
    let mut log = Vec::new();
    apply(&mut game, Action::FightForeignWar(ForeignWar::Egypt), &mut log);
    // Before the roll: nothing to play (Janissaries is played after it).
    assert_eq!(legal(&game), [Action::Decline]);
    game.force_dice(&[1, 1, 1, 1]).unwrap();
    game.force_dice(&[1, 1, 1]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.pending().kind, DecisionKind::CombatCards);
    assert_eq!(legal(&game), [Action::Decline, Action::PlayEvent(Card::Janissaries)]);
    game.force_dice(&[6, 6, 1, 1, 1]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::Janissaries), &mut log);
    common::card_windows(&mut game, &mut log);
    assert_eq!(battle(&log).2, 2);
    assert_eq!(card(&game, ForeignWar::Egypt), WarCard { units: LandUnits::regulars(3), independents: 1 });
    assert!(log.iter().any(|e| matches!(e, Event::CombatCardDice { card: Card::Janissaries, .. })));
}
