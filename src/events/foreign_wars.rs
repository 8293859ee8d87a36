//! Foreign wars (§21.7): #92 Revolt in Egypt, #93 Revolt in Ireland, #110
//! War in Persia; the Fight Foreign War action; building onto a card.
//!
//! The event puts its card on the map ([`Game::foreign_war`]) and the
//! fighting power moves its land units, then any leaders, onto it; played
//! by France or the Hapsburg, #93 first lets them give up a land unit to
//! raise the Irish to 4. The Fight Foreign War action (1 CP) is a field
//! battle with no defender's die and no retreat; when the independents are
//! gone the power takes 1 War Winner VP and its survivors go home. The pure
//! rules are in `rules::foreign_war`.
//!
//! The decisions, through the generic event frame of the war's card
//! (`EventStep::step`):
//! - [`IRISH`]: France or the Hapsburg names a space of its own land units
//!   (`RemoveUnitIn`) or declines; [`IRISH_KIND`]: which unit there
//!   (`LoseUnit`, `space` set);
//! - [`TAKE`]: the fighting power names a space to move a unit from
//!   (`MoveFrom`; `left` units still to move); [`TAKE_KIND`]: which unit
//!   there (`AddUnit`, `space` set);
//! - [`LEADERS`]: an army leader to send too (`AddLeader`), or `Done`;
//! - [`LOSSES`]: a unit lost on the card (`LoseUnit`; `left` losses);
//! - [`RETURN`]: the friendly home key the survivors go to (`PlaceAt`).

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::battle::CardBattle;
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::counters::fits_counter_mix;
use crate::rules::foreign_war::{
    FIGHT_COST, FOREIGN_WAR_VP, ForeignWar, RAISED_IRISH, WarCard, fight_dice, leaders_on_card, may_build_on,
    may_fight, may_take, minus_one, return_spaces, takeable_leaders, takeable_spaces, war_taking_builds,
};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Power, Space};

/// Step: France or the Hapsburg may give up a land unit for the Irish (#93).
pub(crate) const IRISH: u8 = 0;
/// Step: which unit in the space named at [`IRISH`].
pub(crate) const IRISH_KIND: u8 = 1;
/// Step: the space of the next unit moved onto the card.
pub(crate) const TAKE: u8 = 2;
/// Step: which unit in the space named at [`TAKE`].
pub(crate) const TAKE_KIND: u8 = 3;
/// Step: a leader sent onto the card, or done.
pub(crate) const LEADERS: u8 = 4;
/// Step: a unit lost on the card in a Fight Foreign War battle.
pub(crate) const LOSSES: u8 = 5;
/// Step: where the survivors of a won war go.
pub(crate) const RETURN: u8 = 6;

const STEPS: Steps = Steps { prompt, actions, apply, fits };

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::RevoltInEgypt, always, |game, player, log| start(game, player, ForeignWar::Egypt, log))
        .with_steps(STEPS),
    CardEvent::plain(Card::RevoltInIreland, always, |game, player, log| start(game, player, ForeignWar::Ireland, log))
        .with_steps(STEPS),
    CardEvent::plain(Card::WarInPersia, always, |game, player, log| start(game, player, ForeignWar::Persia, log))
        .with_steps(STEPS),
];

fn prompt(step: EventStep) -> &'static str {
    match step.step {
        IRISH => "a land unit to give up for the Irish, or decline",
        IRISH_KIND | TAKE_KIND => "which unit in that space",
        TAKE => "the space of a land unit sent to the foreign war",
        LEADERS => "a leader sent to the foreign war, or done",
        LOSSES => "a unit lost in the foreign war",
        _ => "where the foreign war's survivors go",
    }
}

fn fits(step: EventStep) -> bool {
    match step.step {
        IRISH | LEADERS => true,
        IRISH_KIND | TAKE_KIND => step.space.is_some(),
        TAKE | LOSSES => step.left > 0,
        RETURN => true,
        _ => false,
    }
}

/// The war of a step's card (every step belongs to one of the three).
fn war_of(step: EventStep) -> Option<ForeignWar> {
    ForeignWar::of_card(step.card)
}

/// #92, #93, #110 (§21.7): the card goes on the map with the independents
/// the event names; the fighting power moves its land units onto it (then
/// any leaders); played by France or the Hapsburg, #93 first offers the
/// Irish a fourth unit.
fn start(game: &mut Game, player: Power, war: ForeignWar, log: &mut dyn Log) {
    game.discard.remove(war.card());
    let independents = war.foreign_strength();
    game.foreign_wars[war.index()] = Some(WarCard { units: LandUnits::NONE, independents });
    log.event(Event::ForeignWarBegan { war, independents });
    let irish = war == ForeignWar::Ireland && matches!(player, Power::France | Power::Hapsburg);
    if irish && !takeable_spaces(game, player).is_empty() {
        game.stack.push(Frame::Event(EventStep { step: IRISH, ..EventStep::new(war.card(), player) }));
    } else {
        game.stack.push(Frame::Event(EventStep::new(war.card(), war.power())));
        begin_take(game, war);
    }
}

/// The step on top becomes the fighting power's first [`TAKE`].
fn begin_take(game: &mut Game, war: ForeignWar) {
    replace(game, EventStep { step: TAKE, left: war.strength(), ..EventStep::new(war.card(), war.power()) });
    next_take(game);
}

fn actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some(war) = war_of(step) else { return };
    let own = Faction::from(step.power);
    match step.step {
        IRISH => {
            list.push(Action::Decline);
            list.extend(takeable_spaces(game, step.power).iter().map(Action::RemoveUnitIn));
        }
        IRISH_KIND => {
            let here = step.space.map_or(LandUnits::NONE, |s| game.land_units(s, own));
            list.extend(LandUnitKind::ALL.into_iter().filter(|&k| here.count(k) > 0).map(Action::LoseUnit));
        }
        TAKE => list.extend(take_spaces(game, step.power, war).iter().map(Action::MoveFrom)),
        TAKE_KIND => {
            let Some(space) = step.space else { return };
            let kinds = LandUnitKind::ALL.into_iter().filter(|&k| may_take(game, step.power, war, space, k));
            list.extend(kinds.map(Action::AddUnit));
        }
        LEADERS => {
            list.push(Action::Done);
            list.extend(takeable_leaders(game, step.power).iter().map(Action::AddLeader));
        }
        LOSSES => {
            let units = game.foreign_war(war).map_or(LandUnits::NONE, |c| c.units);
            list.extend(LandUnitKind::ALL.into_iter().filter(|&k| units.count(k) > 0).map(Action::LoseUnit));
        }
        _ => list.extend(return_spaces(game, step.power).iter().map(Action::PlaceAt)),
    }
}

/// The spaces from which a unit may go onto `war`'s card now.
fn take_spaces(game: &Game, power: Power, war: ForeignWar) -> EnumSet<Space> {
    takeable_spaces(game, power)
        .iter()
        .filter(|&s| LandUnitKind::ALL.into_iter().any(|k| may_take(game, power, war, s, k)))
        .collect()
}

fn apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    let Some(war) = war_of(step) else {
        game.stack.pop();
        return;
    };
    match (step.step, action) {
        (IRISH, Action::RemoveUnitIn(space)) => {
            replace(game, EventStep { step: IRISH_KIND, space: Some(space), ..step });
            // One kind there: no need to ask which.
            let here = game.land_units(space, Faction::from(step.power));
            let mut kinds = LandUnitKind::ALL.into_iter().filter(|&k| here.count(k) > 0);
            if let (Some(kind), None) = (kinds.next(), kinds.next()) {
                give_irish_unit(game, step.power, space, kind, log);
            }
        }
        (IRISH_KIND, Action::LoseUnit(kind)) => {
            if let Some(space) = step.space {
                give_irish_unit(game, step.power, space, kind, log);
            }
        }
        (TAKE, Action::MoveFrom(space)) => {
            replace(game, EventStep { step: TAKE_KIND, space: Some(space), ..step });
            let kinds: EnumSet<LandUnitKind> =
                LandUnitKind::ALL.into_iter().filter(|&k| may_take(game, step.power, war, space, k)).collect();
            if let (Some(kind), 1) = (kinds.iter().next(), kinds.len()) {
                take_unit(game, step, war, space, kind, log);
            }
        }
        (TAKE_KIND, Action::AddUnit(kind)) => {
            if let Some(space) = step.space {
                take_unit(game, step, war, space, kind, log);
            }
        }
        (LEADERS, Action::AddLeader(leader)) => {
            game.leaders[leader.index()] = LeaderLocation::ForeignWar(war);
            log.event(Event::LeaderToForeignWar { war, leader });
            if takeable_leaders(game, step.power).is_empty() {
                game.stack.pop();
            }
        }
        (LOSSES, Action::LoseUnit(kind)) => {
            lose_on_card(game, war, kind, log);
            game.stack.pop();
            take_losses(game, war, step.left - 1, log);
        }
        (RETURN, Action::PlaceAt(space)) => {
            game.stack.pop();
            end_war(game, war, Some(space), log);
        }
        (IRISH, _) => begin_take(game, war),
        _ => {
            game.stack.pop();
        }
    }
}

/// Replaces the step on top with `next`.
fn replace(game: &mut Game, next: EventStep) {
    if let Some(Frame::Event(top)) = game.stack.top_mut() {
        *top = next;
    }
}

/// #93: France or the Hapsburg removes one of its units in `space` from the
/// map, and the Irish are 4; then England moves its units.
fn give_irish_unit(game: &mut Game, power: Power, space: Space, kind: LandUnitKind, log: &mut dyn Log) {
    let own = Faction::from(power);
    let here = game.land_units(space, own);
    let besieged = game.is_besieged(space, own);
    game.put_units(space, own, minus_one(here, kind), besieged);
    game.settle(own, space, log);
    log.event(Event::UnitsEliminated { faction: own, space, units: LandUnits::NONE.plus_one(kind) });
    if let Some(card) = &mut game.foreign_wars[ForeignWar::Ireland.index()] {
        card.independents = RAISED_IRISH;
    }
    begin_take(game, ForeignWar::Ireland);
}

/// One unit of `kind` goes from `space` onto the card; the next one is
/// asked for, or the leaders.
fn take_unit(game: &mut Game, step: EventStep, war: ForeignWar, space: Space, kind: LandUnitKind, log: &mut dyn Log) {
    let own = Faction::from(step.power);
    let here = game.land_units(space, own);
    let besieged = game.is_besieged(space, own);
    game.put_units(space, own, minus_one(here, kind), besieged);
    if let Some(card) = &mut game.foreign_wars[war.index()] {
        card.units = card.units.plus_one(kind);
    }
    log.event(Event::ToForeignWar { war, from: Some(space), units: LandUnits::NONE.plus_one(kind) });
    replace(game, EventStep { step: TAKE, left: step.left.saturating_sub(1), space: None, ..step });
    next_take(game);
}

/// After a unit went onto the card (or at the start): the next one is
/// asked for while some are owed and can go; else the leaders are.
fn next_take(game: &mut Game) {
    let Some(&Frame::Event(step)) = game.stack.top() else { return };
    let Some(war) = war_of(step) else { return };
    if step.left > 0 && !take_spaces(game, step.power, war).is_empty() {
        return;
    }
    if takeable_leaders(game, step.power).is_empty() {
        game.stack.pop();
    } else {
        replace(game, EventStep { step: LEADERS, left: 0, space: None, ..step });
    }
}

/// The Fight Foreign War actions `power` may pay for with `cp` (§21.7).
pub(crate) fn fight_actions(game: &Game, power: Power, cp: u8, list: &mut ActionList) {
    if cp >= FIGHT_COST {
        list.extend(ForeignWar::ALL.into_iter().filter(|&w| may_fight(game, power, w)).map(Action::FightForeignWar));
    }
}

/// Whether `power` may take the Fight Foreign War action against `war`
/// with `cp` left.
pub(crate) fn fight_legal(game: &Game, power: Power, cp: u8, war: ForeignWar) -> bool {
    cp >= FIGHT_COST && may_fight(game, power, war)
}

/// The Fight Foreign War action (§21.7), its CP paid: a field battle on
/// the card with no defender's die, with the combat-card windows of a
/// field battle for the fighting power (`Game::begin_card_battle`;
/// docs/rulings.md FW4); [`resolve_fight`] then applies the result.
pub(crate) fn fight(game: &mut Game, war: ForeignWar, log: &mut dyn Log) {
    let battle = CardBattle { card: war.card(), power: war.power(), space: None, rolled: false };
    game.begin_card_battle(battle, log);
}

/// A foreign war battle's sides: the power's land units on the card, the
/// independents.
pub(super) fn battle_units(game: &Game, war: ForeignWar) -> [u8; 2] {
    game.foreign_war(war).map_or([0, 0], |card| [card.units.total(), card.independents])
}

/// A foreign war battle's main dice with `units` standing (§14 steps 2-3,
/// [`fight_dice`]): the power a die per unit and its best leader's battle
/// rating on the card (none with no units); the independents a die per
/// unit, no defender's die.
pub(super) fn battle_dice(game: &Game, war: ForeignWar, side: usize, units: u8) -> u8 {
    if side == 0 {
        fight_dice(LandUnits::regulars(units), leaders_on_card(game, war), 0).0
    } else {
        fight_dice(LandUnits::NONE, EnumSet::EMPTY, units).1
    }
}

/// A foreign war battle's result (§14 steps 8-9): the independents' losses
/// at once, the power's as it chooses; no retreat.
pub(super) fn resolve_fight(game: &mut Game, war: ForeignWar, log: &mut dyn Log) {
    let Some(mut card) = game.foreign_war(war) else { return };
    let [power_loss, foreign_loss] = game.card_battle_losses([card.units.total(), card.independents]);
    card.independents = card.independents.saturating_sub(foreign_loss);
    game.foreign_wars[war.index()] = Some(card);
    let rolled = game.war.cards.rolled;
    log.event(Event::ForeignWarBattle {
        war,
        power_dice: rolled[0],
        foreign_dice: rolled[1],
        independents_lost: foreign_loss,
    });
    take_losses(game, war, power_loss, log);
}

/// The power takes `left` losses on `war`'s card: asked while it has units
/// of more than one kind there; then the war ends if the independents are
/// gone.
fn take_losses(game: &mut Game, war: ForeignWar, mut left: u8, log: &mut dyn Log) {
    while left > 0 {
        let units = game.foreign_war(war).map_or(LandUnits::NONE, |c| c.units);
        let mut kinds = LandUnitKind::ALL.into_iter().filter(|&k| units.count(k) > 0);
        match (kinds.next(), kinds.next()) {
            (None, _) => break,
            (Some(kind), None) => lose_on_card(game, war, kind, log),
            (Some(_), Some(_)) => {
                let step = EventStep { step: LOSSES, left, ..EventStep::new(war.card(), war.power()) };
                game.stack.push(Frame::Event(step));
                return;
            }
        }
        left -= 1;
    }
    if game.foreign_war(war).is_some_and(|c| c.independents == 0) {
        win(game, war, log);
    }
}

/// One of the power's `kind` units on the card is eliminated; then, as on
/// the map (§5.2, `Game::settle`), units its counters can no longer show
/// there (mercenaries, cavalry, then regulars) go too.
fn lose_on_card(game: &mut Game, war: ForeignWar, kind: LandUnitKind, log: &mut dyn Log) {
    let own = Faction::from(war.power());
    let Some(mut card) = game.foreign_war(war) else { return };
    card.units = minus_one(card.units, kind);
    game.foreign_wars[war.index()] = Some(card);
    let before = card.units;
    while !fits_counter_mix(game, own) {
        let order = [LandUnitKind::Mercenary, LandUnitKind::Cavalry, LandUnitKind::Regular];
        let Some(extra) = order.into_iter().find(|&k| card.units.count(k) > 0) else { break };
        card.units = minus_one(card.units, extra);
        game.foreign_wars[war.index()] = Some(card);
    }
    let lost = crate::rules::battle::less(before, card.units);
    if !lost.is_empty() {
        log.event(Event::ForeignWarCounters { war, units: lost });
    }
}

/// The independents are gone (§21.7): the survivors go to the capital, or
/// the friendly home key the power chooses if enemy units hold it.
fn win(game: &mut Game, war: ForeignWar, log: &mut dyn Log) {
    let power = war.power();
    let anyone = game.foreign_war(war).is_some_and(|c| !c.units.is_empty()) || !leaders_on_card(game, war).is_empty();
    let spaces = return_spaces(game, power);
    match (spaces.iter().next(), spaces.len()) {
        (Some(space), 1) => end_war(game, war, Some(space), log),
        (Some(_), _) if anyone => {
            game.stack.push(Frame::Event(EventStep { step: RETURN, ..EventStep::new(war.card(), power) }));
        }
        (first, _) => end_war(game, war, first, log),
    }
}

/// The war is over (§21.7): 1 War Winner VP, the survivors to `to` (if
/// none: the units are eliminated and the leaders wait on the turn
/// track), the card to the discard pile.
fn end_war(game: &mut Game, war: ForeignWar, to: Option<Space>, log: &mut dyn Log) {
    let power = war.power();
    let own = Faction::from(power);
    let units = game.foreign_war(war).map_or(LandUnits::NONE, |c| c.units);
    let leaders = leaders_on_card(game, war);
    game.foreign_wars[war.index()] = None;
    game.discard.insert(war.card());
    let vp = &mut game.bonus_vp[power.index()];
    *vp = vp.saturating_add(FOREIGN_WAR_VP);
    log.event(Event::ForeignWarWon { war, to });
    for leader in leaders {
        game.leaders[leader.index()] = to.map_or(LeaderLocation::TurnTrack, LeaderLocation::Space);
    }
    if let Some(space) = to.filter(|_| !units.is_empty()) {
        let here = game.land_units(space, own);
        let besieged = game.is_besieged(space, own);
        game.put_units(space, own, crate::rules::battle::plus(here, units), besieged);
        game.settle(own, space, log);
        log.event(Event::LandUnitsPlaced { faction: own, space, units });
    }
}

/// A land unit `power` builds (§17) goes onto its foreign war card while
/// one is short of its strength (#92, #93, #110: "all new land unit builds
/// must be placed on card"), if the counters show it there. Whether it did.
pub(crate) fn build_on_card(game: &mut Game, power: Power, kind: LandUnitKind, log: &mut dyn Log) -> bool {
    let Some(war) = war_taking_builds(game, power).filter(|&w| may_build_on(game, w, kind)) else {
        return false;
    };
    place_new_unit(game, war, kind, log);
    true
}

/// A new unit of `kind` on `war`'s card (a build, or Janissaries, #1).
pub(crate) fn place_new_unit(game: &mut Game, war: ForeignWar, kind: LandUnitKind, log: &mut dyn Log) {
    if let Some(card) = &mut game.foreign_wars[war.index()] {
        card.units = card.units.plus_one(kind);
    }
    log.event(Event::ToForeignWar { war, from: None, units: LandUnits::NONE.plus_one(kind) });
}
