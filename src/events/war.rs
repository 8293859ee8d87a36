//! Events of armies and their pay: #66 Akinji Raiders, #76 Foreign
//! Recruits, #83 John Zapolya, #87 Mercenaries Demand Pay, #91 Ransom,
//! #106 Unpaid Mercenaries, #107 Unsanitary Camp; of war and command: #40
//! Machiavelli: The Prince, #42 Roxelana.

use super::{CardEvent, EventStep, Steps};
use crate::action::Action;
use crate::data::powers;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation};
use crate::rules::battle::is_besieging;
use crate::rules::construction::{barbary_pirates_played, fits_one_more, naval_counters_free};
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, LandUnitKind, Leader, LeaderKind, MinorPower, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(
        Card::UnpaidMercenaries,
        |game, _| !mercenary_spaces(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::UnpaidMercenaries, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the space whose mercenaries are removed",
            _ => "the power whose mercenaries there are removed",
        },
        actions: unpaid_actions,
        apply: unpaid_apply,
        fits: |step| step.step == 0 || (step.step == 1 && step.space.is_some()),
    }),
    CardEvent::plain(
        Card::UnsanitaryCamp,
        |game, _| !camp_spaces(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::UnsanitaryCamp, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the space of the stack stricken by disease",
            1 => "the power whose stack there is stricken",
            _ => "a unit lost to disease",
        },
        actions: camp_actions,
        apply: camp_apply,
        fits: |step| match step.space {
            None => step.step == 0,
            Some(_) => step.step == 1 || (step.step >= LOSE && step.left > 0 && step.target.is_some()),
        },
    }),
    CardEvent::plain(
        Card::MercenariesDemandPay,
        |game, power| pay_targets(game, power) != EnumSet::EMPTY,
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::MercenariesDemandPay, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the power whose mercenaries demand pay",
            1 => "a card to discard to keep mercenaries, or decline",
            _ => "a mercenary let go",
        },
        actions: pay_actions,
        apply: pay_apply,
        fits: |step| step.step <= 1 || (step.step == 2 && step.left > 0),
    }),
    CardEvent::plain(
        Card::ForeignRecruits,
        |game, power| recruits_open(game, power, FOREIGN_RECRUITS_CP),
        |game, power, _| {
            let step = EventStep { left: FOREIGN_RECRUITS_CP, ..EventStep::new(Card::ForeignRecruits, power) };
            game.stack.push(Frame::Event(step));
        },
    )
    .with_steps(Steps {
        prompt: |_| "a unit to build with Foreign Recruits, or done",
        actions: recruits_actions,
        apply: recruits_apply,
        fits: |step| (1..=FOREIGN_RECRUITS_CP).contains(&step.left),
    }),
    CardEvent::plain(
        Card::AkinjiRaiders,
        |game, _| !akinji_targets(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::AkinjiRaiders, power))),
    )
    .with_steps(Steps {
        prompt: |_| "the power the Akinji raid",
        actions: |game, _, list| list.extend(akinji_targets(game).iter().map(Action::TargetPower)),
        apply: akinji_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::JohnZapolya, |game, _| zapolya_condition(game), john_zapolya),
    CardEvent::plain(
        Card::CharlesBourbon,
        |game, power| {
            matches!(game.leader_location(Leader::Renegade), LeaderLocation::Unavailable)
                && !bourbon_spaces(game, power).is_empty()
        },
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::CharlesBourbon, power))),
    )
    .with_steps(Steps {
        prompt: |_| "the space of the renegade leader and his units",
        actions: |game, step, list| list.extend(bourbon_spaces(game, step.power).iter().map(Action::PlaceAt)),
        apply: charles_bourbon,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(
        Card::Ransom,
        |game, _| !ransom_leaders(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::Ransom, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the captured leader returned",
            _ => "the fortified home space he returns to",
        },
        actions: ransom_actions,
        apply: ransom_apply,
        fits: |step| step.step == 0 || (step.step == 1 && step.left < Leader::COUNT as u8),
    }),
    // --- cards-a: #40 Machiavelli, #42 Roxelana -------------------------------------
    CardEvent::plain(
        Card::MachiavelliThePrince,
        |game, power| !machiavelli_targets(game, power).is_empty(),
        machiavelli,
    )
    .with_steps(Steps {
        prompt: |_| "the major power Machiavelli declares war on",
        actions: |game, step, list| list.extend(machiavelli_targets(game, step.power).iter().map(Action::DeclareWar)),
        apply: machiavelli_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::Roxelana, super::always, roxelana).with_steps(Steps {
        prompt: |_| "send Suleiman to Istanbul for 2 of the 4 CP, or decline",
        actions: |game, _, list| {
            if suleiman_may_go_home(game) {
                list.push(Action::ReturnLeaderTo(Space::Istanbul));
            }
            list.push(Action::Decline);
        },
        apply: roxelana_apply,
        fits: |step| step.step == 0 && step.power != Power::Ottoman,
    }),
];

/// Whether `space` is under siege (§15): units are besieged inside, or a
/// power besieges it (an empty fortress is besieged too).
pub(super) fn under_siege(game: &Game, space: Space) -> bool {
    game.land_units_in(space).any(|(_, _, besieged)| besieged)
        || Power::ALL.into_iter().any(|p| is_besieging(game, p, space))
}

/// Whether land units of an enemy of `power` stand in `space` other than
/// under siege (rulings RB1, RB7: new units never join enemies in the
/// open, where no battle would follow; besiegers may still be reinforced).
pub(super) fn has_enemy_in_the_open(game: &Game, power: Power, space: Space) -> bool {
    game.land_stack_tuples().any(|(s, faction, units, besieged)| {
        s == space && !besieged && !units.is_empty() && game.is_enemy(power, faction)
    })
}

/// Who decides for `power`: itself, or in the two-player game, for a
/// power that takes no impulses, the card's player (our ruling).
pub(super) fn decider_for(game: &Game, power: Power, player: Power) -> Power {
    if impulse_powers(game.scenario()).contains(&power) { power } else { player }
}

// --- #106 Unpaid Mercenaries ------------------------------------------------------

/// Spaces holding mercenaries (of any power).
pub(super) fn mercenary_spaces(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples().filter(|&(_, _, units, _)| units.mercenaries > 0).map(|(space, ..)| space).collect()
}

/// The powers with mercenaries in `space`.
fn mercenary_powers(game: &Game, space: Space) -> EnumSet<Power> {
    game.land_units_in(space).filter(|&(_, units, _)| units.mercenaries > 0).filter_map(|(f, ..)| f.major()).collect()
}

fn unpaid_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.space {
        None => list.extend(mercenary_spaces(game).iter().map(Action::Target)),
        Some(space) => list.extend(mercenary_powers(game, space).iter().map(Action::TargetPower)),
    }
}

/// #106 Unpaid Mercenaries: the player picks a space holding mercenaries;
/// all of them there are removed from play; where several powers have
/// mercenaries, the player picks the one affected.
fn unpaid_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let (space, power) = match (action, step.space) {
        (Action::Target(space), _) => {
            let powers = mercenary_powers(game, space);
            match powers.iter().next() {
                Some(power) if powers.len() == 1 => (space, power),
                _ => {
                    let next = EventStep { step: 1, space: Some(space), ..step };
                    game.stack.push(Frame::Event(next));
                    return;
                }
            }
        }
        (Action::TargetPower(power), Some(space)) => (space, power),
        _ => return,
    };
    let faction = Faction::from(power);
    let mercenaries = game.land_units(space, faction).mercenaries;
    game.remove_units(space, faction, LandUnits::mercenaries(mercenaries), log);
}

// --- #107 Unsanitary Camp ---------------------------------------------------------

/// The step at which the stricken stack's owner loses units: `LOSE + r`,
/// `r` the regulars still owed.
const LOSE: u8 = 2;

/// The major powers with land units in `space`, or allied minor units
/// there (§107: those are part of their major power's stack).
fn camp_powers(game: &Game, space: Space) -> EnumSet<Power> {
    let mut powers = EnumSet::EMPTY;
    for (faction, units, _) in game.land_units_in(space) {
        if units.is_empty() {
            continue;
        }
        match (faction.major(), faction.minor().and_then(|m| game.minor_ally(m))) {
            (Some(power), _) | (None, Some(power)) => {
                powers.insert(power);
            }
            _ => {}
        }
    }
    powers
}

/// Spaces holding a major power's stack (our ruling: independent and
/// inactive minor units make no stack for #107).
fn camp_spaces(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples().map(|(space, ..)| space).filter(|&s| !camp_powers(game, s).is_empty()).collect()
}

/// `power`'s factions with units in `space`: its own and its allied minors'.
fn stack_factions(game: &Game, power: Power, space: Space) -> impl Iterator<Item = (Faction, LandUnits)> + '_ {
    game.land_units_in(space)
        .filter(move |&(f, units, _)| {
            !units.is_empty()
                && (f == Faction::from(power) || f.minor().is_some_and(|m| game.minor_ally(m) == Some(power)))
        })
        .map(|(f, units, _)| (f, units))
}

/// The units of `power`'s stack in `space`, allied minors' counted as regulars.
fn stack_units(game: &Game, power: Power, space: Space) -> LandUnits {
    let mut total = LandUnits::NONE;
    for (_, units) in stack_factions(game, power, space) {
        total.regulars += units.regulars;
        total.mercenaries += units.mercenaries;
        total.cavalry += units.cavalry;
    }
    total
}

/// #107: the losses (a third of the stack, rounded up) and the regulars
/// among them (at least half, rounded up, as far as the stack has them).
pub fn unsanitary_losses(stack: LandUnits) -> (u8, u8) {
    let losses = stack.total().div_ceil(3);
    (losses, losses.div_ceil(2).min(stack.regulars))
}

fn camp_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some(space) = step.space else {
        list.extend(camp_spaces(game).iter().map(Action::Target));
        return;
    };
    if step.step == 1 {
        list.extend(camp_powers(game, space).iter().map(Action::TargetPower));
        return;
    }
    // The owner loses a unit: a regular while regulars are owed, else any.
    let owed = step.step.saturating_sub(LOSE);
    let own = game.land_units(space, Faction::from(camp_owner(step)));
    if own.regulars > 0 {
        list.push(Action::LoseUnit(LandUnitKind::Regular));
    }
    // Regulars owed "if possible": with none left in the stack, any unit goes.
    let regulars = stack_units(game, camp_owner(step), space).regulars;
    if owed < step.left || regulars == 0 {
        for kind in [LandUnitKind::Mercenary, LandUnitKind::Cavalry] {
            if own.count(kind) > 0 {
                list.push(Action::LoseUnit(kind));
            }
        }
    }
    for (faction, _) in stack_factions(game, camp_owner(step), space) {
        if let Some(minor) = faction.minor() {
            list.push(Action::LoseMinorUnit(minor));
        }
    }
}

/// #107 Unsanitary Camp: the player picks a stack (a space, then a power
/// if several share it); its owner removes a third of its units, rounded
/// up, at least half of them regulars (allied minor units count as
/// regulars of the stack) where it has them.
fn camp_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match (action, step.space) {
        (Action::Target(space), _) => {
            let powers = camp_powers(game, space);
            match powers.iter().next() {
                Some(power) if powers.len() == 1 => strike_camp(game, step, space, power),
                _ => game.stack.push(Frame::Event(EventStep { step: 1, space: Some(space), ..step })),
            }
        }
        (Action::TargetPower(power), Some(space)) => strike_camp(game, step, space, power),
        (Action::LoseUnit(kind), Some(space)) => {
            let faction = Faction::from(camp_owner(step));
            game.remove_units(space, faction, one(kind), log);
            lost_one(game, step, kind == LandUnitKind::Regular);
        }
        (Action::LoseMinorUnit(minor), Some(space)) => {
            game.remove_units(space, Faction::from(minor), LandUnits::regulars(1), log);
            lost_one(game, step, true);
        }
        _ => {}
    }
}

/// The owner of the stricken stack (`target`; the decider may be the
/// player, [`decider_for`]).
fn camp_owner(step: EventStep) -> Power {
    step.target.unwrap_or(step.power)
}

fn one(kind: LandUnitKind) -> LandUnits {
    LandUnits::NONE.plus_one(kind)
}

/// The owner of the stricken stack starts losing units.
fn strike_camp(game: &mut Game, step: EventStep, space: Space, power: Power) {
    let (losses, regulars) = unsanitary_losses(stack_units(game, power, space));
    if losses > 0 {
        let next = EventStep {
            power: decider_for(game, power, step.power),
            target: Some(power),
            step: LOSE + regulars,
            left: losses,
            space: Some(space),
            ..step
        };
        game.stack.push(Frame::Event(next));
    }
}

fn lost_one(game: &mut Game, step: EventStep, regular: bool) {
    let owed = step.step.saturating_sub(LOSE);
    let owed = if regular { owed.saturating_sub(1) } else { owed };
    let left = step.left.saturating_sub(1);
    let Some(space) = step.space else { return };
    if left > 0 && !stack_units(game, camp_owner(step), space).is_empty() {
        game.stack.push(Frame::Event(EventStep { step: LOSE + owed.min(left), left, ..step }));
    }
}

// --- #87 Mercenaries Demand Pay -----------------------------------------------------

/// The mercenaries a card of `cp` CP keeps (#87): 1 CP 2, 2 CP 4, 3 CP 6,
/// 4 CP 10, 5 or 6 CP all.
pub fn mercenaries_kept(cp: u8) -> u8 {
    match cp {
        0 => 0,
        1 => 2,
        2 => 4,
        3 => 6,
        4 => 10,
        _ => u8::MAX,
    }
}

/// The powers #87 may target: another power with mercenaries on the map
/// (our ruling: not the player itself).
fn pay_targets(game: &Game, power: Power) -> EnumSet<Power> {
    impulse_powers(game.scenario())
        .iter()
        .copied()
        .filter(|&p| p != power && game.land_units_total(Faction::from(p)).mercenaries > 0)
        .collect()
}

fn pay_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        0 => list.extend(pay_targets(game, step.power).iter().map(Action::TargetPower)),
        1 => {
            list.push(Action::Decline);
            let cards = game.hand(step.power).iter().filter(|c| c.kind() != CardKind::Mandatory);
            list.extend(cards.map(Action::PayWith));
        }
        _ => {
            let own = Faction::from(step.power);
            let spaces = game.land_stack_tuples().filter(|&(_, f, u, _)| f == own && u.mercenaries > 0);
            list.extend(spaces.map(|(space, ..)| Action::RemoveUnitIn(space)));
        }
    }
}

/// #87 Mercenaries Demand Pay: the player names a power with mercenaries;
/// it discards a card (a home card goes back to its power card, §6.1; no
/// mandatory event) or declines; it keeps as many mercenaries as the
/// card's CP allow ([`mercenaries_kept`]), choosing one by one those it
/// lets go; declining, it loses them all.
fn pay_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::TargetPower(target) => {
            game.stack.push(Frame::Event(EventStep { power: target, step: 1, ..step }));
        }
        Action::Decline => let_go(game, step.power, 0, log),
        Action::PayWith(card) => {
            game.hands[step.power.index()].remove(card);
            if card.kind() != CardKind::Home {
                game.discard.insert(card);
            }
            log.event(Event::CardDiscarded { power: step.power, card });
            let_go(game, step.power, mercenaries_kept(card.cp()), log);
        }
        Action::RemoveUnitIn(space) => {
            game.remove_units(space, Faction::from(step.power), LandUnits::mercenaries(1), log);
            let left = step.left.saturating_sub(1).min(mercenaries_on_map(game, step.power));
            if left > 0 {
                game.stack.push(Frame::Event(EventStep { left, ..step }));
            }
        }
        _ => {}
    }
}

/// `power`'s mercenaries on the map.
fn mercenaries_on_map(game: &Game, power: Power) -> u8 {
    let own = Faction::from(power);
    game.land_stack_tuples().filter(|&(_, f, ..)| f == own).map(|(_, _, units, _)| units.mercenaries).sum()
}

/// `power` keeps `kept` of its mercenaries: with none kept all go at once,
/// else it chooses those let go.
fn let_go(game: &mut Game, power: Power, kept: u8, log: &mut dyn Log) {
    let own = Faction::from(power);
    let total = mercenaries_on_map(game, power);
    if kept == 0 {
        let spaces: EnumSet<Space> =
            game.land_stack_tuples().filter(|&(_, f, u, _)| f == own && u.mercenaries > 0).map(|(s, ..)| s).collect();
        for space in spaces {
            let mercenaries = game.land_units(space, own).mercenaries;
            game.remove_units(space, own, LandUnits::mercenaries(mercenaries), log);
        }
    } else if total > kept {
        let step = EventStep { step: 2, left: total - kept, ..EventStep::new(Card::MercenariesDemandPay, power) };
        game.stack.push(Frame::Event(step));
    }
}

// --- #76 Foreign Recruits -----------------------------------------------------------

/// The CP Foreign Recruits gives to building (#76).
pub const FOREIGN_RECRUITS_CP: u8 = 4;

/// CP costs of building (§17, as in the impulse).
const RAISE_REGULAR: u8 = 2;
const BUY_MERCENARY: u8 = 1;
const RAISE_CAVALRY: u8 = 1;
const BUILD_SQUADRON: u8 = 2;
const BUILD_CORSAIR: u8 = 1;

/// Where #76 lets `power` build: any space it controls, in play, not under
/// siege, not in unrest and free of enemy units (§17's other conditions
/// hold, our ruling), home or not; the Protestant only after the
/// Schmalkaldic League (§17); in the two-player game, a Papal or
/// Protestant unit only where it may stand (§24.3; ruling RB8).
fn recruit_site(game: &Game, power: Power, space: Space) -> bool {
    (power != Power::Protestant || game.schmalkaldic_league())
        && game.in_play(space)
        && crate::rules::two_player::may_stand(game, power, space)
        && game.controller(space) == Faction::from(power)
        && !game.in_unrest(space)
        && !under_siege(game, space)
        && !game.has_enemy_units(power, space)
}

/// A land unit built: its kind, its cost, its action.
type LandBuild = (LandUnitKind, u8, fn(Space) -> Action);

const LAND_BUILDS: &[LandBuild] = &[
    (LandUnitKind::Regular, RAISE_REGULAR, Action::RaiseRegular),
    (LandUnitKind::Mercenary, BUY_MERCENARY, Action::BuyMercenary),
    (LandUnitKind::Cavalry, RAISE_CAVALRY, Action::RaiseCavalry),
];

/// The builds #76 offers `power` with `cp` left.
fn recruit_builds(game: &Game, power: Power, cp: u8, list: &mut ActionList) {
    let own = Faction::from(power);
    for &(kind, cost, verb) in LAND_BUILDS {
        if cp >= cost && powers::fields(own, kind) {
            let sites = Space::ALL.into_iter().filter(|&s| recruit_site(game, power, s));
            list.extend(sites.filter(|&s| fits_one_more(game, own, s, kind)).map(verb));
        }
    }
    let free = naval_counters_free(game, own) > 0;
    let ports = || Space::ALL.into_iter().filter(|&s| s.is_port() && recruit_site(game, power, s));
    if cp >= BUILD_SQUADRON && free && power != Power::Protestant {
        // Never squadrons in Algiers (§17, #76).
        list.extend(ports().filter(|&s| s != Space::Algiers).map(Action::BuildSquadron));
    }
    if cp >= BUILD_CORSAIR && free && power == Power::Ottoman && barbary_pirates_played(game) {
        list.extend(ports().map(Action::BuildCorsair));
    }
}

/// Whether [`recruit_builds`] would offer anything, without listing (the
/// card's condition is read in every impulse listing).
fn recruits_open(game: &Game, power: Power, cp: u8) -> bool {
    let own = Faction::from(power);
    let free = naval_counters_free(game, own) > 0;
    let ships = |s: Space| {
        s.is_port()
            && free
            && ((cp >= BUILD_SQUADRON && power != Power::Protestant && s != Space::Algiers)
                || (cp >= BUILD_CORSAIR && power == Power::Ottoman && barbary_pirates_played(game)))
    };
    let land = |s: Space| {
        LAND_BUILDS
            .iter()
            .any(|&(kind, cost, _)| cp >= cost && powers::fields(own, kind) && fits_one_more(game, own, s, kind))
    };
    Space::ALL.into_iter().any(|s| recruit_site(game, power, s) && (ships(s) || land(s)))
}

fn recruits_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    list.push(Action::Done);
    recruit_builds(game, step.power, step.left, list);
}

/// #76 Foreign Recruits: 4 CP spent only on building, one unit at a time,
/// in any space the player controls that is not under siege
/// ([`recruit_site`]); the Ottoman may build there any unit, Algiers
/// included (but no squadron there). Unspent CP are lost at `Done`.
fn recruits_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let own = Faction::from(step.power);
    let cost = match action {
        Action::RaiseRegular(space) => raise(game, own, space, LandUnitKind::Regular, log, RAISE_REGULAR),
        Action::BuyMercenary(space) => raise(game, own, space, LandUnitKind::Mercenary, log, BUY_MERCENARY),
        Action::RaiseCavalry(space) => raise(game, own, space, LandUnitKind::Cavalry, log, RAISE_CAVALRY),
        Action::BuildSquadron(space) => {
            add_ships(game, own, space, 1, 0);
            log.event(Event::SquadronBuilt { faction: own, space });
            BUILD_SQUADRON
        }
        Action::BuildCorsair(space) => {
            add_ships(game, own, space, 0, 1);
            log.event(Event::CorsairBuilt(space));
            BUILD_CORSAIR
        }
        _ => return,
    };
    let left = step.left.saturating_sub(cost);
    if left > 0 && recruits_open(game, step.power, left) {
        game.stack.push(Frame::Event(EventStep { left, ..step }));
    }
}

/// Adds one unit of `kind` for `faction` in `space`; returns `cost`.
pub(super) fn raise(
    game: &mut Game,
    faction: Faction,
    space: Space,
    kind: LandUnitKind,
    log: &mut dyn Log,
    cost: u8,
) -> u8 {
    let units = game.land_units(space, faction).plus_one(kind);
    let besieged = game.is_besieged(space, faction);
    game.put_units(space, faction, units, besieged);
    log.event(Event::UnitRaised { faction, kind, space });
    cost
}

/// Up to `n` new units of `kind` for `faction` in `space`, one at a time
/// as the counters allow (§5.2), each reported.
pub(super) fn raise_up_to(
    game: &mut Game,
    faction: Faction,
    space: Space,
    kind: LandUnitKind,
    n: u8,
    log: &mut dyn Log,
) {
    for _ in 0..n {
        if crate::rules::construction::fits_one_more(game, faction, space, kind) {
            raise(game, faction, space, kind, log, 0);
        }
    }
}

/// Up to `n` new squadrons for `faction` in the port `space`, as its naval
/// counters allow (§5.3), reported.
pub(super) fn place_squadrons(game: &mut Game, faction: Faction, space: Space, n: u8, log: &mut dyn Log) {
    let ships = crate::rules::construction::naval_counters_free(game, faction).min(n);
    if ships > 0 {
        add_ships(game, faction, space, ships, 0);
        log.event(Event::NavalUnitsPlaced { faction, space, units: crate::game::NavalUnits::squadrons(ships) });
    }
}

/// Adds ships for `faction` in the port `space` (the legal actions checked
/// the counters).
pub(super) fn add_ships(game: &mut Game, faction: Faction, space: Space, squadrons: u8, corsairs: u8) {
    let here = NavalLocation::Port(space);
    let mut units = game.naval_units(here, faction);
    units.squadrons += squadrons;
    units.corsairs += corsairs;
    let _ = game.set_naval_units(here, faction, units);
}

// --- #66 Akinji Raiders -------------------------------------------------------------

/// The powers #66 may target: each power at war with the Ottoman with a
/// space it controls within 2 spaces of Ottoman cavalry, the space
/// between (if any) Ottoman-controlled.
pub fn akinji_targets(game: &Game) -> EnumSet<Power> {
    let ottoman = Faction::Ottoman;
    let mut targets = EnumSet::EMPTY;
    for (space, faction, units, _) in game.land_stack_tuples() {
        if faction != ottoman || units.cavalry == 0 {
            continue;
        }
        for near in space.land_neighbours() {
            mark_target(game, near, &mut targets);
            if game.controller(near) == ottoman {
                for far in near.land_neighbours() {
                    mark_target(game, far, &mut targets);
                }
            }
        }
    }
    targets
}

fn mark_target(game: &Game, space: Space, targets: &mut EnumSet<Power>) {
    if let Some(power) = game.controller(space).major() {
        if power != Power::Ottoman && game.in_play(space) && game.at_war(Power::Ottoman, power) {
            targets.insert(power);
        }
    }
}

/// #66 Akinji Raiders: the Ottoman draws a random card (never a home card,
/// §6.1) from the target's hand and keeps it; the player names the target
/// among [`akinji_targets`].
fn akinji_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::TargetPower(from) = action {
        if let Some(card) = game.take_random_card(from) {
            game.hands[Power::Ottoman.index()].insert(card);
            log.event(Event::CardDrawn { power: Power::Ottoman, from, card: Some(card) });
        }
    }
}

// --- #83 John Zapolya ---------------------------------------------------------------

/// The regulars John Zapolya adds in Buda (#83).
pub const ZAPOLYA_REGULARS: u8 = 4;

/// #83 John Zapolya's condition: Buda is in play and not under siege.
fn zapolya_condition(game: &Game) -> bool {
    game.in_play(Space::Buda) && !under_siege(game, Space::Buda)
}

/// #83 John Zapolya: 4 regulars of Buda's controller are added there
/// (Hungarian ones if Hungary still holds it), up to the counter mix.
fn john_zapolya(game: &mut Game, _: Power, log: &mut dyn Log) {
    let buda = Space::Buda;
    let faction = game.controller(buda);
    if faction.major().is_none() && faction != Faction::from(MinorPower::HungaryBohemia) {
        return;
    }
    for _ in 0..ZAPOLYA_REGULARS {
        if fits_one_more(game, faction, buda, LandUnitKind::Regular) {
            raise(game, faction, buda, LandUnitKind::Regular, log, 0);
        }
    }
}

// --- #91 Ransom ---------------------------------------------------------------------

/// The captured leaders (any power's).
fn ransom_leaders(game: &Game) -> EnumSet<Leader> {
    Leader::ALL
        .into_iter()
        .filter(|&l| matches!(game.leader_location(l), LeaderLocation::Captured(_)))
        .filter(|&l| !ransom_spaces(game, l).is_empty())
        .collect()
}

fn ransom_owner(game: &Game, leader: Leader) -> Option<Power> {
    game.leader_owner(leader).and_then(Faction::major)
}

/// Where #91 returns `leader`: his power's fortified home spaces in play,
/// friendly controlled, free of enemy land units; a naval leader only to
/// such a port, where a naval leader stands (ruling RB3).
fn ransom_spaces(game: &Game, leader: Leader) -> EnumSet<Space> {
    let Some(power) = ransom_owner(game, leader) else {
        return EnumSet::EMPTY;
    };
    let naval = leader.kind() == LeaderKind::Naval;
    Space::ALL
        .into_iter()
        .filter(|&s| {
            game.home_of(s) == Faction::from(power)
                && (!naval || s.is_port())
                && game.is_fortified(s)
                && game.in_play(s)
                && game.is_friendly_controlled(power, s)
                && !game.has_enemy_land_units(power, s)
        })
        .collect()
}

fn ransom_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        0 => list.extend(ransom_leaders(game).iter().map(Action::Ransom)),
        _ => {
            if let Some(&leader) = Leader::ALL.get(usize::from(step.left)) {
                list.extend(ransom_spaces(game, leader).iter().map(Action::ReturnLeaderTo));
            }
        }
    }
}

/// #91 Ransom: the player picks a captured leader; his owner returns him
/// to one of its fortified home spaces (`left` keeps the leader's index
/// between the two decisions).
fn ransom_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Ransom(leader) => {
            let Some(owner) = ransom_owner(game, leader) else { return };
            let power = decider_for(game, owner, step.power);
            let next = EventStep { power, step: 1, left: leader.index() as u8, ..step };
            game.stack.push(Frame::Event(next));
        }
        Action::ReturnLeaderTo(to) => {
            if let Some(&leader) = Leader::ALL.get(usize::from(step.left)) {
                game.leaders[leader.index()] = LeaderLocation::Space(to);
                log.event(Event::LeaderReturned { leader, to });
            }
        }
        _ => {}
    }
}

// --- #70 Charles Bourbon ------------------------------------------------------------

/// The units Charles Bourbon brings (#70).
pub const BOURBON_UNITS: u8 = 3;

/// The unit #70 brings: cavalry for the Ottoman, else mercenaries.
fn bourbon_kind(power: Power) -> LandUnitKind {
    if power == Power::Ottoman { LandUnitKind::Cavalry } else { LandUnitKind::Mercenary }
}

/// Whether land units of a power at war with `power` stand in `space`
/// (ruling MW24: #70 adds no units beside an enemy outside a siege).
fn enemy_units_in(game: &Game, power: Power, space: Space) -> bool {
    let own = Faction::from(power);
    game.land_units_in(space).any(|(f, units, _)| f != own && !units.is_empty() && game.at_war(f, own))
}

/// Where #70 may put the renegade and his units: a space the player
/// controls, in play, not under siege; at war with France, also an
/// unoccupied space next to Lyon (in play; no land units there).
/// Two-player face (§24.3, ruling TZ7): only in the German and Italian
/// zones, and no Lyon option.
fn bourbon_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    let two_player = game.scenario() == crate::game::Scenario::TwoPlayer;
    let mut spaces: EnumSet<Space> = Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && game.controller(s) == own && !under_siege(game, s))
        .filter(|&s| !enemy_units_in(game, power, s))
        .filter(|&s| !two_player || crate::rules::two_player::in_german_or_italian_zone(s))
        .collect();
    if !two_player && power != Power::France && game.at_war(power, Power::France) {
        for s in Space::Lyon.land_neighbours() {
            if game.in_play(s) && game.land_units_in(s).all(|(_, u, _)| u.is_empty()) {
                spaces.insert(s);
            }
        }
    }
    spaces
}

/// #70 Charles Bourbon: the renegade leader, serving the player, and 3
/// mercenaries (3 cavalry for the Ottoman; as far as the counters go) go
/// to the chosen space, which the player takes control of if it did not
/// hold it (a space next to Lyon, at war with France). He leaves the map
/// at the end of the turn (§19 step 2, `frames::winter`).
fn charles_bourbon(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::PlaceAt(space) = action else { return };
    let own = Faction::from(step.power);
    let from = game.controller(space);
    if from != own {
        game.put_control(space, own);
        log.event(Event::ControlChanged { space, from, to: own });
    }
    game.renegade_owner = Some(step.power);
    game.put_leader(Leader::Renegade, space, log);
    let kind = bourbon_kind(step.power);
    for _ in 0..BOURBON_UNITS {
        if fits_one_more(game, own, space, kind) {
            raise(game, own, space, kind, log, 0);
        }
    }
}

// --- #40 Machiavelli: The Prince -----------------------------------------------------

/// The CP #40 gives after its declaration of war.
pub const MACHIAVELLI_CP: u8 = 2;

/// The major powers `power` may declare war on by #40: any other, within
/// the restrictions of §9.6 that apply at all times
/// (`rules::diplomacy::dow_refusal_always`).
fn machiavelli_targets(game: &Game, power: Power) -> EnumSet<Faction> {
    Power::ALL
        .into_iter()
        .map(Faction::from)
        .filter(|&target| crate::rules::diplomacy::dow_refusal_always(game, power, target).is_none())
        .collect()
}

/// #40 Machiavelli: The Prince: a declaration of war on one other major
/// power at no CP cost, then 2 CP of actions.
fn machiavelli(game: &mut Game, power: Power, _: &mut dyn Log) {
    game.stack.push(Frame::spend(power, MACHIAVELLI_CP, None));
    game.stack.push(Frame::Event(EventStep::new(Card::MachiavelliThePrince, power)));
}

fn machiavelli_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::DeclareWar(target) = action {
        // Legal: `machiavelli_targets` checked the restrictions.
        if game.set_war(step.power, target, true).is_ok() {
            log.event(Event::WarDeclared { power: step.power, target });
            // §9.6: fleets of the two now at war fight at once (CA5).
            game.begin_declared_naval_battles(step.power, log);
        }
    }
}

// --- #42 Roxelana ---------------------------------------------------------------------

/// The CP #42 gives as an event.
pub const ROXELANA_CP: u8 = 4;
/// The CP another power may spend of them to send Suleiman to Istanbul.
pub const ROXELANA_HOME_CP: u8 = 2;

/// Whether #42 may send Suleiman to Istanbul: he stands on the map away
/// from it, and the Ottoman controls Istanbul.
fn suleiman_may_go_home(game: &Game) -> bool {
    matches!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(s) if s != Space::Istanbul)
        && game.controller(Space::Istanbul) == Faction::Ottoman
}

/// #42 Roxelana: 4 CP. Played by the Ottoman, Suleiman's formation also
/// has one free assault this impulse, even on a siege begun this impulse
/// (`rules::battle::roxelana_assault`); played by another power, it may
/// spend 2 of the CP to send Suleiman to Istanbul (decided first, CA7).
fn roxelana(game: &mut Game, power: Power, _: &mut dyn Log) {
    game.stack.push(Frame::spend(power, ROXELANA_CP, None));
    if power == Power::Ottoman {
        game.war.roxelana = matches!(game.leader_location(Leader::Suleiman), LeaderLocation::Space(_));
    } else if suleiman_may_go_home(game) {
        game.stack.push(Frame::Event(EventStep::new(Card::Roxelana, power)));
    }
}

fn roxelana_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::ReturnLeaderTo(to) = action {
        game.pay(ROXELANA_HOME_CP);
        game.leaders[Leader::Suleiman.index()] = LeaderLocation::Space(to);
        log.event(Event::LeaderReturned { leader: Leader::Suleiman, to });
    }
}
