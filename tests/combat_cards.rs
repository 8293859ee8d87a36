//! Combat cards (#24-#30) and Janissaries (#1) in battle windows (§6.1,
//! §14 steps 4-7, §15.1 steps 5-6, §16.2 steps 3-6, §21.1), and
//! Janissaries' impulse event, through the public API with forced dice.

use here_i_stand::rules::combat_cards::{BattleKind, Seat, combat_card_allowed};
use here_i_stand::*;

use crate::common;
use common::{apply, board, impulse};

use LandUnitKind::Regular;

/// Moves `units` from `from` to `to` and declines every interception and
/// avoid-battle choice up to the first combat-card window.
fn march(game: &mut Game, from: Space, units: &[(LandUnitKind, u8)], to: Space, log: &mut Vec<Event>) {
    apply(game, Action::MoveFrom(from), log);
    for &(kind, n) in units {
        for _ in 0..n {
            apply(game, Action::AddUnit(kind), log);
        }
    }
    apply(game, Action::MoveTo(to), log);
    while game.legal_actions().iter().any(|a| !matches!(a, Action::Decline | Action::PlayEvent(_))) {
        apply(game, Action::Decline, log);
    }
}

fn decider(game: &Game) -> Power {
    match game.decider() {
        Decider::Power(p) => p,
        other => panic!("no decider: {other:?}"),
    }
}

fn field_battle(log: &[Event]) -> (Dice, Dice, Faction) {
    log.iter()
        .find_map(|e| match *e {
            Event::FieldBattle { attacker_dice, defender_dice, winner, .. } => {
                Some((attacker_dice, defender_dice, winner))
            }
            _ => None,
        })
        .expect("a field battle")
}

fn card_dice(log: &[Event], card: Card) -> Option<Dice> {
    log.iter().find_map(|e| match *e {
        Event::CombatCardDice { card: c, dice, .. } if c == card => Some(dice),
        _ => None,
    })
}

/// France (3 regulars, Orleans) attacks `hapsburg` units and the Duke of
/// Alva in Dijon; the hands hold `french` and `hapsburg_cards`. Returns at
/// France's combat-card window.
fn dijon(hapsburg: LandUnits, french: &[Card], hapsburg_cards: &[Card], log: &mut Vec<Event>) -> Game {
    let mut game = board(5);
    game.set_war(Power::France, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Orleans, Faction::France, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Dijon, Faction::Hapsburg, hapsburg).unwrap();
    game.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Dijon)).unwrap();
    for &card in french {
        game.give_card(Power::France, card).unwrap();
    }
    for &card in hapsburg_cards {
        game.give_card(Power::Hapsburg, card).unwrap();
    }
    impulse(&mut game, Power::France, 3);
    march(&mut game, Space::Orleans, &[(Regular, 3)], Space::Dijon, log);
    assert_eq!(decider(&game), Power::France);
    game
}

/// §6.1: a combat card is played for CP in an impulse, never as an event.
#[test]
fn combat_cards_are_not_events_in_an_impulse() {
    let mut game = board(5);
    for card in [Card::Arquebusiers, Card::FieldArtillery, Card::SurpriseAttack, Card::Tercios] {
        game.give_card(Power::Hapsburg, card).unwrap();
    }
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game.apply(Action::Pass).unwrap(); // the Ottoman
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::PlayCp(Card::Arquebusiers)));
    assert!(!actions.iter().any(|a| matches!(a, Action::PlayEvent(_))));
}

/// The window lists `Decline` and the usable combat cards of the hand:
/// Siege Mining and Mercenaries Grow Restless are for assaults only; a
/// power without cards is still asked (§14 steps 4-5).
#[test]
fn the_field_window_offers_the_usable_cards() {
    let mut log = Vec::new();
    let french = [Card::Arquebusiers, Card::SiegeMining, Card::MercenariesGrowRestless, Card::Tercios];
    let mut game = dijon(LandUnits::regulars(2), &french, &[], &mut log);
    // Tercios: France faces only 2 Hapsburg regulars.
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::Arquebusiers)]);
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(decider(&game), Power::Hapsburg);
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline]);
}

/// #24 Arquebusiers: +2 dice; #25 Field Artillery: +2, +3 for France. The
/// card goes to the discard pile; the window stays open for another card.
#[test]
fn arquebusiers_and_field_artillery_add_dice() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(2), &[Card::Arquebusiers, Card::FieldArtillery], &[], &mut log);
    apply(&mut game, Action::PlayEvent(Card::Arquebusiers), &mut log);
    assert!(game.discard_pile().contains(Card::Arquebusiers));
    assert!(!game.hand(Power::France).contains(Card::Arquebusiers));
    assert_eq!(decider(&game), Power::France);
    apply(&mut game, Action::PlayEvent(Card::FieldArtillery), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[1; 8]).unwrap(); // France: 3 + 2 + 3
    game.force_dice(&[1; 4]).unwrap(); // Hapsburg: 2 + Alva 1 + 1
    apply(&mut game, Action::Decline, &mut log);
    let (a, d, _) = field_battle(&log);
    assert_eq!((a.count(), d.count()), (8, 4));
}

/// Field Artillery played by the Hapsburg defender: +2 dice.
#[test]
fn field_artillery_for_the_defender() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(2), &[], &[Card::FieldArtillery], &mut log);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::PlayEvent(Card::FieldArtillery), &mut log);
    game.force_dice(&[1; 3]).unwrap();
    game.force_dice(&[1; 6]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    let (a, d, _) = field_battle(&log);
    assert_eq!((a.count(), d.count()), (3, 6));
}

/// #30 Tercios for the Hapsburg: 3 more dice hitting on 4-6.
#[test]
fn tercios_bonus_dice_hit_on_four() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(2), &[], &[Card::Tercios], &mut log);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::PlayEvent(Card::Tercios), &mut log);
    game.force_dice(&[5, 1, 1]).unwrap(); // France: 1 hit
    game.force_dice(&[1, 1, 1, 1]).unwrap(); // Hapsburg: none
    game.force_dice(&[4, 4, 3]).unwrap(); // Tercios: 2 hits on 4+
    apply(&mut game, Action::Decline, &mut log);
    let (_, _, winner) = field_battle(&log);
    assert_eq!(winner, Faction::Hapsburg);
    assert_eq!(card_dice(&log, Card::Tercios).map(|d| d.count()), Some(3));
    // France loses 2 units, the Hapsburg 1.
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    assert_eq!(game.land_units(Space::Orleans, Faction::France), LandUnits::regulars(1));
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg), LandUnits::regulars(1));
}

/// #30 Tercios against the Hapsburg: a power facing 3 or more Hapsburg
/// regulars makes it roll 3 dice fewer.
#[test]
fn tercios_penalty_against_three_regulars() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(3), &[Card::Tercios], &[], &mut log);
    apply(&mut game, Action::PlayEvent(Card::Tercios), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[1; 3]).unwrap();
    game.force_dice(&[1; 2]).unwrap(); // 3 + 1 + 1 - 3
    apply(&mut game, Action::Decline, &mut log);
    let (a, d, _) = field_battle(&log);
    assert_eq!((a.count(), d.count()), (3, 2));
}

/// #26 Mercenaries Bribed: half the enemy's mercenaries (rounded up) leave
/// it; as many new French mercenaries join the formation. Never by or
/// against the Ottoman.
#[test]
fn mercenaries_bribed_switch_sides() {
    let mut log = Vec::new();
    let hapsburg = LandUnits { regulars: 1, mercenaries: 3, cavalry: 0 };
    let mut game = dijon(hapsburg, &[Card::MercenariesBribed], &[], &mut log);
    apply(&mut game, Action::PlayEvent(Card::MercenariesBribed), &mut log);
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg), LandUnits { regulars: 1, mercenaries: 1, cavalry: 0 });
    assert_eq!(game.land_units(Space::Orleans, Faction::France), LandUnits { regulars: 3, mercenaries: 2, cavalry: 0 });
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[1; 5]).unwrap(); // France: 5 units
    game.force_dice(&[1; 4]).unwrap(); // Hapsburg: 2 + 1 + 1
    apply(&mut game, Action::Decline, &mut log);
    let (a, d, _) = field_battle(&log);
    assert_eq!((a.count(), d.count()), (5, 4));

    let seat = |power, opponent| Seat {
        power,
        kind: BattleKind::Field,
        attacking: true,
        opponents: [opponent].into_iter().collect(),
        hapsburg_regulars_against: 0,
        holds_space: false,
        fighting: true,
        siege_artillery_loc: false,
    };
    assert!(combat_card_allowed(Card::MercenariesBribed, seat(Power::France, Power::Hapsburg)));
    assert!(!combat_card_allowed(Card::MercenariesBribed, seat(Power::Ottoman, Power::Hapsburg)));
    assert!(!combat_card_allowed(Card::MercenariesBribed, seat(Power::Hapsburg, Power::Ottoman)));
}

/// #29 Surprise Attack: the player rolls first; the enemy takes its losses
/// and rolls with what is left: here nothing, so it rolls no dice.
#[test]
fn surprise_attack_wipes_out_before_the_reply() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(2), &[Card::SurpriseAttack], &[], &mut log);
    apply(&mut game, Action::PlayEvent(Card::SurpriseAttack), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[6, 5, 1]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    // The Hapsburg loses both units before rolling.
    assert_eq!(decider(&game), Power::Hapsburg);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    let (a, d, winner) = field_battle(&log);
    assert_eq!((a.hits(), d.count(), winner), (2, 0, Faction::France));
    assert_eq!(game.land_units(Space::Dijon, Faction::France), LandUnits::regulars(3));
    assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Captured(Power::France));
}

/// Surprise Attack by the defender: the attacker loses a unit first and
/// rolls with 2.
#[test]
fn surprise_attack_by_the_defender() {
    let mut log = Vec::new();
    let mut game = dijon(LandUnits::regulars(2), &[], &[Card::SurpriseAttack], &mut log);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::PlayEvent(Card::SurpriseAttack), &mut log);
    game.force_dice(&[6, 1, 1, 1]).unwrap(); // Hapsburg: 4 dice, 1 hit
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(decider(&game), Power::France);
    game.force_dice(&[1, 1]).unwrap(); // France: 2 survivors, 2 dice
    apply(&mut game, Action::LoseUnit(Regular), &mut log);
    let (a, d, winner) = field_battle(&log);
    assert_eq!((a.count(), d.count(), winner), (2, 4, Faction::Hapsburg));
    assert_eq!(game.land_units(Space::Dijon, Faction::Hapsburg), LandUnits::regulars(2));
}

/// Calais: 3 French regulars and `mercenaries` with Francis I besiege 2
/// English regulars and Dudley; France starts an impulse.
fn calais(mercenaries: u8, french: &[Card], english: &[Card]) -> Game {
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    game.set_leader(Leader::Dudley, LeaderLocation::Space(Space::Calais)).unwrap();
    let units = LandUnits { regulars: 3, mercenaries, cavalry: 0 };
    game.set_land_units(Space::Calais, Faction::France, units).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Calais)).unwrap();
    for &card in french {
        game.give_card(Power::France, card).unwrap();
    }
    impulse(&mut game, Power::France, 2);
    for &card in english {
        game.give_card(Power::England, card).unwrap();
    }
    game
}

/// #28 Siege Mining: 3 more assault dice, for the attacker only.
#[test]
fn siege_mining_adds_three_assault_dice() {
    let mut log = Vec::new();
    let mut game = calais(0, &[Card::SiegeMining, Card::Arquebusiers], &[]);
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    // Arquebusiers are not for assaults; Siege Mining only for the attacker.
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::SiegeMining)]);
    apply(&mut game, Action::PlayEvent(Card::SiegeMining), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(decider(&game), Power::England);
    let defender = Seat {
        power: Power::England,
        kind: BattleKind::Assault,
        attacking: false,
        opponents: [Power::France].into_iter().collect(),
        hapsburg_regulars_against: 0,
        holds_space: true,
        fighting: true,
        siege_artillery_loc: true,
    };
    assert!(!combat_card_allowed(Card::SiegeMining, defender));
    game.force_dice(&[1; 6]).unwrap(); // 3 regulars: 2 + Francis 1 + 3
    game.force_dice(&[1; 3]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    let assault = log.iter().find_map(|e| match *e {
        Event::Assault { attacker_dice, defender_dice, .. } => Some((attacker_dice.count(), defender_dice.count())),
        _ => None,
    });
    assert_eq!(assault, Some((6, 3)));
}

/// #27 Mercenaries Grow Restless: the assaulting formation's mercenaries
/// leave; still outnumbering, the rest assault.
#[test]
fn mercenaries_grow_restless_thin_the_assault() {
    let mut log = Vec::new();
    let mut game = calais(3, &[], &[Card::MercenariesGrowRestless]);
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::MercenariesGrowRestless)]);
    game.force_dice(&[1; 3]).unwrap(); // 3 regulars: 2 + Francis 1
    game.force_dice(&[1; 3]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::MercenariesGrowRestless), &mut log);
    assert_eq!(game.land_units(Space::Calais, Faction::France), LandUnits::regulars(3));
    apply(&mut game, Action::Decline, &mut log);
    let assault = log.iter().find_map(|e| match *e {
        Event::Assault { attacker_dice, .. } => Some(attacker_dice.count()),
        _ => None,
    });
    assert_eq!(assault, Some(3));
}

/// Mercenaries Grow Restless: no longer outnumbering, the besiegers lift
/// the siege and retreat; there is no assault.
#[test]
fn mercenaries_grow_restless_break_the_siege() {
    let mut log = Vec::new();
    let mut game = board(5);
    game.set_war(Power::France, Power::England, true).unwrap();
    game.set_besieged_units(Space::Calais, Faction::England, LandUnits::regulars(2)).unwrap();
    let french = LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 };
    game.set_land_units(Space::Calais, Faction::France, french).unwrap();
    game.give_card(Power::England, Card::MercenariesGrowRestless).unwrap();
    impulse(&mut game, Power::France, 2);
    apply(&mut game, Action::Assault(Space::Calais), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    apply(&mut game, Action::PlayEvent(Card::MercenariesGrowRestless), &mut log);
    assert!(log.contains(&Event::SiegeBroken(Space::Calais)));
    assert!(!game.is_besieged(Space::Calais, Faction::England));
    // Boulogne is the only retreat: taken without asking (§15.3).
    assert_eq!(
        game.land_units(Space::Boulogne, Faction::France),
        LandUnits { regulars: 2, mercenaries: 0, cavalry: 0 }
    );
    assert!(!log.iter().any(|e| matches!(e, Event::Assault { .. })));
}

/// The Ottoman (3 regulars, Sofia) attacks 2 Hapsburg regulars in Nezh.
fn nezh(janissaries: bool, log: &mut Vec<Event>) -> Game {
    let mut game = board(5);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_land_units(Space::Sofia, Faction::Ottoman, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Nezh, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    if janissaries {
        game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    }
    impulse(&mut game, Power::Ottoman, 3);
    march(&mut game, Space::Sofia, &[(Regular, 3)], Space::Nezh, log);
    apply(&mut game, Action::Decline, log);
    game
}

/// #1 Janissaries in a field battle: after both rolls, 5 more dice; the
/// card goes back to the Ottoman power card.
#[test]
fn janissaries_in_a_field_battle() {
    let mut log = Vec::new();
    let mut game = nezh(true, &mut log);
    assert_eq!(decider(&game), Power::Hapsburg);
    game.force_dice(&[1, 1, 1]).unwrap(); // Ottoman: no hit
    game.force_dice(&[5, 1, 1]).unwrap(); // Hapsburg: 2 + 1, one hit
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(decider(&game), Power::Ottoman);
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::Janissaries)]);
    game.force_dice(&[6, 6, 1, 1, 1]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::Janissaries), &mut log);
    // The window stays open for more cards after the roll; none is left.
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline]);
    apply(&mut game, Action::Decline, &mut log);
    let (_, _, winner) = field_battle(&log);
    assert_eq!(winner, Faction::Ottoman);
    assert_eq!(card_dice(&log, Card::Janissaries).map(|d| d.count()), Some(5));
    assert!(!game.hand(Power::Ottoman).contains(Card::Janissaries));
    assert!(!game.discard_pile().contains(Card::Janissaries));
}

/// Without the card in hand, no Janissaries window: the battle resolves.
#[test]
fn no_janissaries_window_without_the_card() {
    let mut log = Vec::new();
    let mut game = nezh(false, &mut log);
    game.force_dice(&[1, 1, 1]).unwrap();
    game.force_dice(&[5, 1, 1]).unwrap();
    apply(&mut game, Action::Decline, &mut log);
    let (_, _, winner) = field_battle(&log);
    assert_eq!(winner, Faction::Hapsburg);
}

/// Naval: Arquebusiers +2 dice, then Janissaries +4 after the rolls.
#[test]
fn arquebusiers_and_janissaries_at_sea() {
    let mut log = Vec::new();
    let mut game = board(5);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    game.set_naval_units(NavalLocation::Sea(SeaZone::IonianSea), Faction::Ottoman, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Messina), Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    game.give_card(Power::Ottoman, Card::Arquebusiers).unwrap();
    game.give_card(Power::Ottoman, Card::FieldArtillery).unwrap();
    impulse(&mut game, Power::Ottoman, 1);
    apply(&mut game, Action::NavalMove, &mut log);
    apply(&mut game, Action::NavalFromSea(SeaZone::IonianSea), &mut log);
    apply(&mut game, Action::AddShip(NavalUnitKind::Squadron), &mut log);
    apply(&mut game, Action::NavalToPort(Space::Messina), &mut log);
    apply(&mut game, Action::Done, &mut log);
    // Field Artillery is for field battles only.
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::Arquebusiers)]);
    apply(&mut game, Action::PlayEvent(Card::Arquebusiers), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    game.force_dice(&[1; 4]).unwrap(); // Ottoman: 2 + 2
    game.force_dice(&[5, 1, 1]).unwrap(); // Hapsburg: 2 + 1 in port
    apply(&mut game, Action::Decline, &mut log);
    assert_eq!(game.legal_actions().as_slice(), [Action::Decline, Action::PlayEvent(Card::Janissaries)]);
    game.force_dice(&[6, 6, 1, 1]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::Janissaries), &mut log);
    apply(&mut game, Action::Decline, &mut log);
    let battle = log.iter().find_map(|e| match *e {
        Event::NavalBattle { attacker_dice, defender_dice, winner, .. } => {
            Some((attacker_dice.count(), defender_dice.count(), winner))
        }
        _ => None,
    });
    assert_eq!(battle, Some((4, 3, Faction::Ottoman)));
    assert_eq!(card_dice(&log, Card::Janissaries).map(|d| d.count()), Some(4));
}

/// #1 Janissaries as an impulse event: 4 new regulars in Ottoman-controlled
/// Ottoman home spaces, never Algiers.
#[test]
fn janissaries_raise_four_regulars() {
    let mut log = Vec::new();
    let mut game = board(5);
    game.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    apply(&mut game, Action::PlayEvent(Card::Janissaries), &mut log);
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::PlaceAt(Space::Istanbul)));
    assert!(!actions.contains(&Action::PlaceAt(Space::Algiers)));
    assert!(actions.iter().all(|a| matches!(a, Action::PlaceAt(s) if s.home() == Faction::Ottoman)));
    for space in [Space::Istanbul, Space::Istanbul, Space::Edirne, Space::Athens] {
        apply(&mut game, Action::PlaceAt(space), &mut log);
    }
    assert_eq!(game.land_units(Space::Istanbul, Faction::Ottoman), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Athens, Faction::Ottoman), LandUnits::regulars(1));
    // The impulse is over; the card is on the power card.
    assert_ne!(decider(&game), Power::Ottoman);
    assert!(!game.hand(Power::Ottoman).contains(Card::Janissaries));
}

/// The window never depends on the hand: with or without a combat card,
/// the same powers are asked in the same order.
#[test]
fn windows_open_whatever_the_hand() {
    for cards in [&[][..], &[Card::SurpriseAttack][..]] {
        let mut log = Vec::new();
        let mut game = dijon(LandUnits::regulars(2), cards, &[], &mut log);
        let mut asked = Vec::new();
        while let Some(&Action::Decline) = game.legal_actions().first() {
            asked.push(decider(&game));
            game.force_dice(&[1; 8]).unwrap();
            apply(&mut game, Action::Decline, &mut log);
            if asked.len() == 2 {
                break;
            }
        }
        assert_eq!(asked, [Power::France, Power::Hapsburg]);
    }
}

/// France in its impulse with Patron of the Arts (#4) and `hand`, the deck
/// holding `deck`; Francis I in Paris.
fn patron(hand: &[Card], deck: &[Card]) -> Game {
    let mut game = board(5);
    game.set_leader(Leader::FrancisI, LeaderLocation::Space(Space::Paris)).unwrap();
    game.give_card(Power::France, Card::PatronOfTheArts).unwrap();
    for &card in hand {
        game.give_card(Power::France, card).unwrap();
    }
    for &card in deck {
        game.put_card_in_deck(card).unwrap();
    }
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    while decider(&game) != Power::France {
        game.apply(Action::Pass).unwrap();
    }
    game
}

fn chateaux(log: &[Event]) -> Option<(u8, i8, u8)> {
    log.iter().find_map(|e| match *e {
        Event::ChateauxRoll { dice, modifier, vp } => Some((dice.sum(), modifier, vp)),
        _ => None,
    })
}

/// #4 Patron of the Arts (§21.4): 1d6 + 2 (Milan is French in 1517): a 6
/// makes 8: 1 chateau VP, draw 2, discard 1 of France's choice.
#[test]
fn patron_of_the_arts_high_roll() {
    let mut log = Vec::new();
    let mut game = patron(&[Card::Arquebusiers], &[Card::FieldArtillery, Card::SiegeMining]);
    game.force_dice(&[6]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::PatronOfTheArts), &mut log);
    assert_eq!(chateaux(&log), Some((6, 2, 1)));
    assert_eq!(game.chateaux_vp(), 1);
    assert_eq!(decider(&game), Power::France);
    let choices = game.legal_actions();
    assert_eq!(choices.len(), 3);
    assert!(choices.contains(&Action::Discard(Card::SiegeMining)));
    apply(&mut game, Action::Discard(Card::Arquebusiers), &mut log);
    assert!(game.discard_pile().contains(Card::Arquebusiers));
    assert_eq!(game.hand(Power::France).len(), 2);
}

/// A 3 makes 5: 1 VP, draw 1, no discard; a 1 with a French home space
/// held by the Hapsburg (-1) makes 2: no VP, draw 2, discard 1. Not
/// playable once the track holds 6, nor with Francis I captured.
#[test]
fn patron_of_the_arts_table_and_conditions() {
    let mut log = Vec::new();
    let mut game = patron(&[], &[Card::FieldArtillery, Card::SiegeMining]);
    game.force_dice(&[3]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::PatronOfTheArts), &mut log);
    assert_eq!(chateaux(&log), Some((3, 2, 1)));
    assert_eq!(game.hand(Power::France).len(), 1);
    assert_ne!(decider(&game), Power::France);

    let mut log = Vec::new();
    let mut game = patron(&[], &[Card::FieldArtillery, Card::SiegeMining]);
    game.set_controller(Space::Lyon, Faction::Hapsburg).unwrap();
    game.force_dice(&[1]).unwrap();
    apply(&mut game, Action::PlayEvent(Card::PatronOfTheArts), &mut log);
    assert_eq!(chateaux(&log), Some((1, 1, 0)));
    assert_eq!(game.chateaux_vp(), 0);
    apply(&mut game, Action::Discard(Card::FieldArtillery), &mut log);
    assert_eq!(game.hand(Power::France).iter().collect::<Vec<_>>(), [Card::SiegeMining]);

    let mut game = patron(&[], &[]);
    assert!(game.can_play_event(Power::France, Card::PatronOfTheArts));
    game.set_chateaux_vp(6).unwrap();
    assert!(!game.can_play_event(Power::France, Card::PatronOfTheArts));
    game.set_chateaux_vp(0).unwrap();
    game.set_leader(Leader::FrancisI, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    assert!(!game.can_play_event(Power::France, Card::PatronOfTheArts));
}

/// #2 Holy Roman Emperor (§21.2): Charles V (with the Duke of Alva, who
/// stands with him) moves to a Hapsburg home space the Hapsburg controls,
/// free of unrest and enemy units; then 5 CP. Not playable with Charles
/// captured.
#[test]
fn holy_roman_emperor_moves_charles_then_5_cp() {
    let mut log = Vec::new();
    let mut game = board(5);
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Valladolid)).unwrap();
    game.set_leader(Leader::DukeOfAlva, LeaderLocation::Space(Space::Valladolid)).unwrap();
    game.set_unrest(Space::Graz, true).unwrap();
    game.give_card(Power::Hapsburg, Card::HolyRomanEmperor).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game.apply(Action::Pass).unwrap(); // the Ottoman
    apply(&mut game, Action::PlayEvent(Card::HolyRomanEmperor), &mut log);
    let actions = game.legal_actions();
    assert!(actions.contains(&Action::AddLeader(Leader::DukeOfAlva)));
    assert!(actions.contains(&Action::PlaceAt(Space::Vienna)));
    assert!(!actions.contains(&Action::PlaceAt(Space::Graz)), "in unrest");
    assert!(!actions.contains(&Action::PlaceAt(Space::Valladolid)), "where he is");
    assert!(actions.iter().all(|a| match a {
        Action::PlaceAt(s) => s.home() == Faction::Hapsburg,
        _ => true,
    }));
    apply(&mut game, Action::AddLeader(Leader::DukeOfAlva), &mut log);
    apply(&mut game, Action::PlaceAt(Space::Vienna), &mut log);
    assert_eq!(game.leader_location(Leader::CharlesV), LeaderLocation::Space(Space::Vienna));
    assert_eq!(game.leader_location(Leader::DukeOfAlva), LeaderLocation::Space(Space::Vienna));
    assert_eq!(decider(&game), Power::Hapsburg);
    assert!(game.legal_actions().contains(&Action::RaiseRegular(Space::Vienna)));

    let mut game = board(5);
    game.set_leader(Leader::CharlesV, LeaderLocation::Captured(Power::France)).unwrap();
    game.give_card(Power::Hapsburg, Card::HolyRomanEmperor).unwrap();
    assert!(!game.can_play_event(Power::Hapsburg, Card::HolyRomanEmperor));
}
