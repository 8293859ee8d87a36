//! Minor powers switched by events (§22): the shared helper of #68 Andrea
//! Doria and #116 Rough Wooing, over `rules::minor`; #116 Rough Wooing.

use super::war::{decider_for, under_siege};
use super::{CardEvent, EventStep, Steps};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::minor;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, MinorPower, NavalUnitKind, Power, Ruler, Space, SpaceKind};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::RoughWooing, |game, _| rough_wooing_condition(game), rough_wooing),
    CardEvent::plain(
        Card::CityStateRebels,
        |game, _| !rebel_targets(game).is_empty(),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::CityStateRebels, power))),
    )
    .with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the captured key the rebels rise in",
            _ => "a unit lost to the rebels",
        },
        actions: rebels_actions,
        apply: rebels_apply,
        fits: |step| {
            step.step == 0 || (step.step == 1 && step.space.is_some() && step.target.is_some() && step.left > 0)
        },
    }),
];

// --- #71 City State Rebels ----------------------------------------------------------

/// The dice the rebels roll (#71).
pub const REBEL_DICE: u8 = 5;

/// The captured keys #71 may target, not under siege: an independent key
/// held by a major power, or a home key held by a major power not allied
/// to its home power. Two-player face (§24.3, ruling TZ8): only a
/// Hapsburg-held electorate, and only once the Schmalkaldic League has
/// formed.
pub fn rebel_targets(game: &Game) -> EnumSet<Space> {
    if game.scenario() == crate::game::Scenario::TwoPlayer {
        return two_player_rebel_targets(game);
    }
    Space::ALL
        .into_iter()
        .filter(|&s| {
            let Some(holder) = game.controller(s).major() else { return false };
            let home = s.home();
            let captured = if minor::is_independent_key(s) {
                true
            } else {
                home != Faction::Independent && home != Faction::from(holder) && !game.allied(holder, home)
            };
            s.kind() == SpaceKind::Key && game.in_play(s) && captured && !under_siege(game, s)
        })
        .collect()
}

/// #71's two-player targets: the electorates in play that the Hapsburg
/// controls, not under siege, after the Schmalkaldic League.
fn two_player_rebel_targets(game: &Game) -> EnumSet<Space> {
    if !game.schmalkaldic_league() {
        return EnumSet::EMPTY;
    }
    Space::ALL
        .into_iter()
        .filter(|&s| {
            s.kind() == SpaceKind::Electorate
                && game.in_play(s)
                && game.controller(s) == Faction::Hapsburg
                && !under_siege(game, s)
        })
        .collect()
}

/// The factions whose units in a key the holder loses to the rebels: its
/// own and its allied minors'.
fn holder_factions(game: &Game, holder: Power) -> impl Fn(Faction) -> bool + '_ {
    move |f: Faction| f == Faction::from(holder) || f.minor().is_some_and(|m| game.minor_ally(m) == Some(holder))
}

/// Whether any land or naval units remain in `space`.
fn occupied(game: &Game, space: Space) -> bool {
    game.land_units_at(space).any(|(_, u, _)| !u.is_empty())
        || game.naval_stacks().any(|(at, _, u)| at == NavalLocation::Port(space) && u.total() > 0)
}

/// The holder of the key a revolt is in (`step.space`; control does not
/// change before the revolt ends).
fn rebels_holder(game: &Game, step: EventStep) -> Option<(Space, Power)> {
    let space = step.space?;
    Some((space, game.controller(space).major()?))
}

fn rebels_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some((space, holder)) = rebels_holder(game, step) else {
        if step.step == 0 {
            list.extend(rebel_targets(game).iter().map(Action::Target));
        }
        return;
    };
    let ours = holder_factions(game, holder);
    let own = Faction::from(holder);
    let land = game.land_units(space, own);
    for kind in LandUnitKind::ALL {
        if land.count(kind) > 0 {
            list.push(Action::LoseUnit(kind));
        }
    }
    let ships = game.naval_units(NavalLocation::Port(space), own);
    if ships.squadrons > 0 {
        list.push(Action::LoseShip(NavalUnitKind::Squadron));
    }
    if ships.corsairs > 0 {
        list.push(Action::LoseShip(NavalUnitKind::Corsair));
    }
    for (faction, units, _) in game.land_units_at(space) {
        if let Some(m) = faction.minor().filter(|_| ours(faction) && !units.is_empty()) {
            list.push(Action::LoseMinorUnit(m));
        }
    }
}

/// #71 City State Rebels: the player picks the key; the rebels roll 5
/// dice; for each hit the key's holder loses a unit there (a land unit or
/// a ship, its own or an allied minor's; it chooses, one at a time). If no
/// land or naval unit is then left in the space, the revolt succeeds
/// ([`revolt`]).
fn rebels_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let (Some((space, holder)), Some(player)) = (rebels_holder(game, step), step.target) else {
        let Action::Target(space) = action else { return };
        let Some(holder) = game.controller(space).major() else { return };
        let dice = game.roll_dice(REBEL_DICE);
        log.event(Event::EventDice { power: step.power, card: Card::CityStateRebels, dice });
        // From here `target` keeps the card's player (who captures the
        // leaders) and `power` is the holder, who chooses its losses.
        let next = EventStep {
            power: decider_for(game, holder, step.power),
            step: 1,
            left: dice.hits(),
            target: Some(step.power),
            space: Some(space),
            ..EventStep::new(Card::CityStateRebels, step.power)
        };
        next_loss(game, next, log);
        return;
    };
    let own = Faction::from(holder);
    let port = NavalLocation::Port(space);
    match action {
        Action::LoseUnit(kind) => game.remove_units(space, own, LandUnits::NONE.plus_one(kind), log),
        Action::LoseMinorUnit(m) => game.remove_units(space, Faction::from(m), LandUnits::regulars(1), log),
        Action::LoseShip(NavalUnitKind::Squadron) => game.lose_ships(own, port, NavalUnits::squadrons(1), log),
        Action::LoseShip(NavalUnitKind::Corsair) => {
            game.lose_ships(own, port, NavalUnits { squadrons: 0, corsairs: 1 }, log)
        }
        _ => return,
    }
    let _ = player;
    next_loss(game, EventStep { left: step.left.saturating_sub(1), ..step }, log);
}

/// The next loss to the rebels, or the end of the revolt.
fn next_loss(game: &mut Game, step: EventStep, log: &mut dyn Log) {
    let (Some(space), Some(player)) = (step.space, step.target) else { return };
    let mut list = ActionList::new();
    rebels_actions(game, step, &mut list);
    if step.left > 0 && !list.is_empty() {
        game.stack.push(Frame::Event(step));
        return;
    }
    if !occupied(game, space) {
        revolt(game, space, player, log);
    }
}

/// A successful revolt (#71): the leaders there are captured by the
/// player; control goes to the home power (a minor's major ally if it has
/// one; an independent key becomes independent), and 1 regular of the home
/// power is added.
fn revolt(game: &mut Game, space: Space, player: Power, log: &mut dyn Log) {
    let leaders: EnumSet<crate::types::Leader> = game.leaders_at(space).collect();
    for leader in leaders {
        game.leaders[leader.index()] = LeaderLocation::Captured(player);
        log.event(Event::LeaderCaptured { leader, by: player });
    }
    let home = space.home();
    let to = home.minor().and_then(|m| game.minor_ally(m)).map_or(home, Faction::from);
    let from = game.controller(space);
    game.put_control(space, to);
    log.event(Event::ControlChanged { space, from, to });
    let units = LandUnits::regulars(1);
    if crate::rules::construction::fits_one_more(game, home, space, LandUnitKind::Regular) {
        game.put_units(space, home, units, false);
        log.event(Event::LandUnitsPlaced { faction: home, space, units });
    }
}

/// By how much England's total must pass France's in #116.
pub const ROUGH_WOOING_MARGIN: u8 = 2;

/// #116's condition: Edward VI born and alive (England ruled by Henry VIII
/// or Edward VI), Scotland allied with France.
pub fn rough_wooing_condition(game: &Game) -> bool {
    game.edward_born()
        && matches!(game.ruler(Power::England), Ruler::HenryViii | Ruler::EdwardVi)
        && game.minor_ally(MinorPower::Scotland) == Some(Power::France)
}

/// The Scottish home spaces.
fn scottish_spaces() -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|s| s.home() == Faction::Scotland).collect()
}

/// The land and naval units under `power`'s control in the Scottish home
/// spaces: its own and its allied minors' (Scotland's, for France).
fn units_in_scotland(game: &Game, power: Power) -> u8 {
    let ours = |f: Faction| f == Faction::from(power) || f.minor().is_some_and(|m| game.minor_ally(m) == Some(power));
    let mut total: u8 = 0;
    for space in scottish_spaces() {
        for (faction, units, _) in game.land_units_at(space) {
            if ours(faction) {
                total = total.saturating_add(units.total());
            }
        }
        for (at, faction, units) in game.naval_stacks() {
            if at == NavalLocation::Port(space) && ours(faction) {
                total = total.saturating_add(units.total());
            }
        }
    }
    total
}

/// #116 Rough Wooing: England and France each roll a die and add their
/// units in Scottish home spaces; if England's total is 2 or more above
/// France's, Scotland leaves France for England (`switch_minor`), every
/// Scottish home space comes under English control, and units neither
/// English nor Scottish leave them (`rules::minor` displacement: to the
/// nearest fortified space their power controls or a capital).
fn rough_wooing(game: &mut Game, _: Power, log: &mut dyn Log) {
    let mut totals = [0u8; 2];
    for (total, power) in totals.iter_mut().zip([Power::England, Power::France]) {
        let dice = game.roll_dice(1);
        log.event(Event::EventDice { power, card: Card::RoughWooing, dice });
        *total = dice.sum().saturating_add(units_in_scotland(game, power));
    }
    if totals[0] < totals[1].saturating_add(ROUGH_WOOING_MARGIN) {
        return;
    }
    switch_minor(game, MinorPower::Scotland, Power::England, log);
    let spaces = scottish_spaces();
    for space in spaces {
        let from = game.controller(space);
        if from != Faction::England {
            game.put_control(space, Faction::England);
            log.event(Event::ControlChanged { space, from, to: Faction::England });
        }
    }
    for power in Power::ALL.into_iter().filter(|&p| p != Power::England) {
        displace_from(game, power, spaces, log);
    }
}

/// `power`'s units (and its allied minors', but Scotland's) leave `spaces`.
pub(super) fn displace_from(game: &mut Game, power: Power, spaces: EnumSet<Space>, log: &mut dyn Log) {
    let (land, naval) = minor::displaced(game, power, spaces);
    for m in land.iter().filter(|m| m.faction != Faction::Scotland) {
        if minor::apply_land_move(game, m).is_ok() {
            log.event(Event::LandUnitsDisplaced {
                faction: m.faction,
                from: m.from,
                to: m.to.iter().next(),
                units: m.units,
            });
        }
    }
    for m in naval.iter().filter(|m| m.faction != Faction::Scotland) {
        let _ = minor::apply_naval_move(game, m);
    }
}

/// Deactivates `minor` from its present ally, if any (§22.4), then
/// activates it as `power`'s ally (§22.2), through `rules::minor`; each
/// change of control is reported. Our ruling: an event's activation makes
/// no free declaration of war on the new ally (the powers at war with the
/// minor are treated as declining). Returns whether the activation happened.
pub(super) fn switch_minor(game: &mut Game, minor: MinorPower, power: Power, log: &mut dyn Log) -> bool {
    let before = game.control;
    if let Some(former) = game.minor_ally(minor) {
        if former == power {
            return false;
        }
        let Some(d) = minor::deactivation(game, minor) else { return false };
        if minor::apply_deactivation(game, &d).is_err() {
            return false;
        }
        log.event(Event::MinorDeactivated { minor, former });
    }
    let activated = match minor::activation(game, power, minor) {
        Some(a) => minor::apply_activation(game, &a, Default::default()).is_ok(),
        None => false,
    };
    for space in Space::ALL {
        let (from, to) = (before[space as usize], game.controller(space));
        if from != to {
            log.event(Event::ControlChanged { space, from, to });
        }
    }
    if activated {
        log.event(Event::MinorActivated { minor, power });
    }
    activated
}
