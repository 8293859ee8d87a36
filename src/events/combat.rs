//! Combat cards (#24-#30, §6.1): played in a battle's combat-card window
//! before the roll (`frames::combat_cards`). Each card's text decides
//! where it may be played (`allowed`) and what it does (`play`); the dice
//! they add are kept in `Game::war.cards` until the battle is resolved.
//! Their pure rules are in `rules::combat_cards`.

use super::{CardEvent, Combat};
use crate::engine::Log;
use crate::frames::Frame;
use crate::frames::battle::War;
use crate::game::{Game, LandUnits};
use crate::rules::battle::{self as battle_rules, min_units};
use crate::rules::combat_cards::{self as rules, BattleKind, Seat, TERCIOS_DICE, TERCIOS_REGULARS};
use crate::rules::construction::fits_one_more;
use crate::types::{Card, Faction, LandUnitKind, Power};

/// A combat card: never an event of the impulse (§6.1), only its use in battle.
const fn combat_card(card: Card, allowed: fn(Seat) -> bool, play: fn(&mut Game, Seat, &mut dyn Log)) -> CardEvent {
    CardEvent::plain(card, |_, _| false, |_, _, _| {}).with_combat(Combat { after_roll: false, allowed, play })
}

pub(super) const EVENTS: &[CardEvent] = &[
    combat_card(Card::Arquebusiers, arquebusiers_allowed, |g, s, _| extra_dice(g, Card::Arquebusiers, s)),
    combat_card(Card::FieldArtillery, field_like, |g, s, _| extra_dice(g, Card::FieldArtillery, s)),
    combat_card(Card::MercenariesBribed, mercenaries_bribed_allowed, mercenaries_bribed),
    combat_card(Card::MercenariesGrowRestless, mercenaries_grow_restless_allowed, mercenaries_grow_restless),
    combat_card(Card::SiegeMining, siege_mining_allowed, |g, s, _| extra_dice(g, Card::SiegeMining, s)),
    combat_card(Card::SurpriseAttack, field_like, surprise_attack),
    combat_card(Card::Tercios, tercios_allowed, tercios),
];

/// The player's side in the battle: 0 the attacker, 1 the defenders.
fn side(seat: Seat) -> usize {
    usize::from(!seat.attacking)
}

/// The card's extra dice (`rules::combat_cards::extra_dice`) for the
/// player's side: #24 Arquebusiers, #25 Field Artillery, #28 Siege Mining.
fn extra_dice(game: &mut Game, card: Card, seat: Seat) {
    let extra = &mut game.war.cards.extra[side(seat)];
    *extra = extra.saturating_add(rules::extra_dice(card, seat.power, seat.kind));
}

/// #24 Arquebusiers: a field or naval battle (Sack of Rome's, #95, and a
/// foreign war's, §21.7, are field battles).
fn arquebusiers_allowed(seat: Seat) -> bool {
    field_like(seat) || seat.kind == BattleKind::Naval
}

/// #25 Field Artillery, #29 Surprise Attack: a field battle, Sack of
/// Rome's (#95) and a foreign war's (§21.7) included.
fn field_like(seat: Seat) -> bool {
    matches!(seat.kind, BattleKind::Field | BattleKind::SackOfRome | BattleKind::ForeignWar)
}

/// #28 Siege Mining: an assault, by the attacker.
fn siege_mining_allowed(seat: Seat) -> bool {
    seat.kind == BattleKind::Assault && seat.attacking
}

/// #29 Surprise Attack: the player's side rolls first and its hits are
/// taken before the other side rolls.
fn surprise_attack(game: &mut Game, seat: Seat, _: &mut dyn Log) {
    game.war.cards.surprise = Some(side(seat) as u8);
}

/// #30 Tercios: a field battle (Sack of Rome's, #95, included; never a
/// foreign war's: the Hapsburg fights none), by the Hapsburg or by a power
/// facing at least 3 Hapsburg regulars.
fn tercios_allowed(seat: Seat) -> bool {
    matches!(seat.kind, BattleKind::Field | BattleKind::SackOfRome)
        && (seat.power == Power::Hapsburg
            || (seat.opponents.contains(Power::Hapsburg) && seat.hapsburg_regulars_against >= TERCIOS_REGULARS))
}

/// #30 Tercios: the Hapsburg rolls 3 extra dice that hit on 4+; anyone
/// else takes 3 dice from the Hapsburg side.
fn tercios(game: &mut Game, seat: Seat, _: &mut dyn Log) {
    let side = side(seat);
    if seat.power == Power::Hapsburg {
        game.war.cards.tercios[side] = true;
    } else {
        let fewer = &mut game.war.cards.fewer[1 - side];
        *fewer = fewer.saturating_add(TERCIOS_DICE);
    }
}

/// #26 Mercenaries Bribed: a field battle, never by or against the
/// Ottoman. In Sack of Rome's (#95) only the Papacy has mercenaries to
/// bribe against it (its own do not fight, §21.5); a foreign war's
/// independents are no mercenaries (ruling FW4).
fn mercenaries_bribed_allowed(seat: Seat) -> bool {
    let battle = seat.kind == BattleKind::Field || (seat.kind == BattleKind::SackOfRome && !seat.attacking);
    battle && seat.power != Power::Ottoman && !seat.opponents.contains(Power::Ottoman)
}

/// #26 Mercenaries Bribed: half (rounded up) of each opposing power's
/// mercenaries in the field battle leave its stack; as many new
/// mercenaries of the player join its side, as far as its counters go.
fn mercenaries_bribed(game: &mut Game, seat: Seat, log: &mut dyn Log) {
    if let Some(Frame::War(War::CardBattle(battle))) = game.stack.below(1).copied() {
        super::raids::sack_bribed(game, battle, seat, log);
        return;
    }
    let Some(Frame::War(War::Entry(mut e))) = game.stack.below(1).copied() else { return };
    let own = Faction::from(seat.power);
    let mut switched = 0u8;
    if seat.attacking {
        for p in seat.opponents {
            let f = Faction::from(p);
            if game.is_besieged(e.to, f) {
                continue;
            }
            let n = rules::bribed(game.land_units(e.to, f).mercenaries);
            if n > 0 {
                game.remove_units(e.to, f, LandUnits { regulars: 0, mercenaries: n, cavalry: 0 }, log);
                switched = switched.saturating_add(n);
            }
        }
    } else {
        let f = Faction::from(e.power);
        let n = rules::bribed(e.units.mercenaries.saturating_add(e.joined.mercenaries));
        let from_formation = n.min(e.units.mercenaries);
        let lost = LandUnits { regulars: 0, mercenaries: from_formation, cavalry: 0 };
        game.remove_units(e.from, f, lost, log);
        // The counters may have taken an extra loss there (seed 002): the
        // formation keeps only what is left.
        e.units = min_units(battle_rules::less(e.units, lost), game.land_units(e.from, f));
        let lost = LandUnits { regulars: 0, mercenaries: n - from_formation, cavalry: 0 };
        game.remove_units(e.to, f, lost, log);
        e.joined = min_units(battle_rules::less(e.joined, lost), game.land_units(e.to, f));
        switched = n;
    }
    let at = if seat.attacking { e.from } else { e.to };
    let mut placed = 0u8;
    while placed < switched && fits_one_more(game, own, at, LandUnitKind::Mercenary) {
        let units = game.land_units(at, own).plus_one(LandUnitKind::Mercenary);
        let besieged = game.is_besieged(at, own);
        game.put_units(at, own, units, besieged);
        placed += 1;
    }
    if placed > 0 {
        let units = LandUnits { regulars: 0, mercenaries: placed, cavalry: 0 };
        log.event(crate::event::Event::LandUnitsPlaced { faction: own, space: at, units });
        if seat.attacking {
            e.units = battle_rules::plus(e.units, units);
        }
    }
    if let Some(Frame::War(War::Entry(entry))) = game.stack.below_mut(1) {
        *entry = e;
    }
}

/// #27 Mercenaries Grow Restless: an assault, by the defender of its own
/// (or its allied minor's) space.
fn mercenaries_grow_restless_allowed(seat: Seat) -> bool {
    seat.kind == BattleKind::Assault && !seat.attacking && seat.holds_space
}

/// #27 Mercenaries Grow Restless: every mercenary of the assaulting
/// formation is removed; if the besiegers no longer outnumber the
/// defenders, the siege is broken, they retreat, and the assault ends.
fn mercenaries_grow_restless(game: &mut Game, _: Seat, log: &mut dyn Log) {
    let Some(Frame::War(War::Assault(mut a))) = game.stack.below(1).copied() else { return };
    let f = Faction::from(a.power);
    let lost = LandUnits { regulars: 0, mercenaries: a.units.mercenaries, cavalry: 0 };
    game.remove_units(a.space, f, min_units(lost, game.land_units(a.space, f)), log);
    a.units = battle_rules::less(a.units, lost);
    if let Some(Frame::War(War::Assault(assault))) = game.stack.below_mut(1) {
        *assault = a;
    }
    if !battle_rules::siege_holds(game, a.space) {
        game.stack.pop();
        game.stack.pop();
        game.check_siege(a.space, log);
    }
}
