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
        |game, power| !rebel_targets(game, power).is_empty(),
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
/// to its home power; never one `player` holds itself, whose leaders there
/// it would capture (ruling RB2). Two-player face (§24.3, ruling TZ8):
/// only a Hapsburg-held electorate, and only once the Schmalkaldic League
/// has formed.
pub fn rebel_targets(game: &Game, player: Power) -> EnumSet<Space> {
    if game.scenario() == crate::game::Scenario::TwoPlayer {
        return two_player_rebel_targets(game);
    }
    Space::ALL
        .into_iter()
        .filter(|&s| {
            let Some(holder) = game.controller(s).major().filter(|&h| h != player) else { return false };
            let home = game.home_of(s);
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
    game.land_units_in(space).any(|(_, u, _)| !u.is_empty())
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
            list.extend(rebel_targets(game, step.power).iter().map(Action::Target));
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
    for (faction, units, _) in game.land_units_in(space) {
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
    let home = game.home_of(space);
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
        for (faction, units, _) in game.land_units_in(space) {
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
/// change of control is reported. No free declaration of war is asked
/// (§22.2 step 2): a minor just deactivated is at war with nobody, and in
/// the two-player game no inactive minor ever is (ruling AL6); #68 on an
/// inactive Genoa asks through `Game::next_free_declaration` instead.
/// Returns whether the activation happened.
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
    game.log_control_changes(&before, log);
    if activated {
        log.event(Event::MinorActivated { minor, power });
    }
    activated
}

// --- #69 Auld Alliance, #108 Venetian Alliance, #73 Diplomatic Marriage ---------------

/// The most French regulars #69 adds in Scotland.
pub const AULD_ALLIANCE_REGULARS: u8 = 3;

/// The Venetian regulars and squadrons #108 adds (as counters allow).
pub const VENETIAN_ALLIANCE_UNITS: (u8, u8) = (1, 2);

/// Whether `power` may activate `minor` by a card (§22.2): the activation
/// table allows it and the minor is inactive. The powers at war with the
/// minor may then declare war on the new ally for free (ruling AL6).
fn card_may_activate(game: &Game, power: Power, minor_power: MinorPower) -> bool {
    minor::can_activate(game, power, minor_power) && minor::activation(game, power, minor_power).is_some()
}

/// Whether `power` may deactivate `minor` by a card (§22.4): it is active,
/// may be deactivated, and (ruling AL5) is another power's ally.
fn card_may_deactivate(game: &Game, power: Power, minor_power: MinorPower) -> bool {
    minor::can_deactivate(game, minor_power) && game.minor_ally(minor_power) != Some(power)
}

/// The minor's space named by the `Target` action choosing it (#73).
pub fn minor_target_space(minor_power: MinorPower) -> Space {
    match minor_power {
        MinorPower::Genoa => Space::Genoa,
        MinorPower::HungaryBohemia => Space::Buda,
        MinorPower::Scotland => Space::Edinburgh,
        MinorPower::Venice => Space::Venice,
    }
}

/// Activates `minor` for `power` or deactivates it (whichever its state
/// calls for), reporting each change (§22.2, §22.4). Before an activation
/// each power at war with the minor that may declare war on `power` for
/// free is asked, in impulse order (§22.2 step 2; ruling AL6).
fn activate_or_deactivate(game: &mut Game, power: Power, minor_power: MinorPower, log: &mut dyn Log) {
    match game.minor_ally(minor_power) {
        None => game.next_free_declaration(power, minor_power, None, None, EnumSet::EMPTY, log),
        Some(_) => deactivate(game, minor_power, log),
    }
}

/// §22.4 for `minor`, with each change of control reported, the owners
/// picking among equally near destinations (`frames::ties`).
fn deactivate(game: &mut Game, minor_power: MinorPower, log: &mut dyn Log) {
    game.deactivate_minor(minor_power, Default::default(), true, log);
}

/// #69's reinforcement spaces: Scottish home spaces France controls, not
/// under siege and with no enemy land units in the open (ruling RB7),
/// where its counters show one more regular.
pub fn auld_alliance_spaces(game: &Game) -> EnumSet<Space> {
    scottish_spaces()
        .iter()
        .filter(|&s| {
            game.controller(s) == Faction::France
                && !under_siege(game, s)
                && !super::war::has_enemy_in_the_open(game, Power::France, s)
                && crate::rules::construction::fits_one_more(game, Faction::France, s, LandUnitKind::Regular)
        })
        .collect()
}

/// Whether #69 does something for `power` (France or England): France
/// activates an unaligned Scotland, either deactivates a Scotland allied
/// to another power, and France reinforces a French Scotland.
fn auld_alliance_playable(game: &Game, power: Power) -> bool {
    let scotland = MinorPower::Scotland;
    match power {
        Power::France => {
            card_may_activate(game, power, scotland)
                || card_may_deactivate(game, power, scotland)
                || (game.minor_ally(scotland) == Some(Power::France) && !auld_alliance_spaces(game).is_empty())
        }
        Power::England => card_may_deactivate(game, power, scotland),
        _ => false,
    }
}

/// #69 Auld Alliance: the use Scotland's state gives (one at a time, ruling
/// AL5); the reinforcement asks for its space.
fn auld_alliance(game: &mut Game, power: Power, log: &mut dyn Log) {
    if game.minor_ally(MinorPower::Scotland) == Some(power) {
        game.stack.push(Frame::Event(EventStep::new(Card::AuldAlliance, power)));
    } else {
        activate_or_deactivate(game, power, MinorPower::Scotland, log);
    }
}

/// #69's reinforcement: up to 3 new French regulars in `space`, as many as
/// the counters show (ruling AL7).
fn auld_alliance_reinforce(game: &mut Game, space: Space, log: &mut dyn Log) {
    for _ in 0..AULD_ALLIANCE_REGULARS {
        if !crate::rules::construction::fits_one_more(game, Faction::France, space, LandUnitKind::Regular) {
            break;
        }
        let units = game.land_units(space, Faction::France).plus_one(LandUnitKind::Regular);
        game.put_units(space, Faction::France, units, false);
        log.event(Event::LandUnitsPlaced { faction: Faction::France, space, units: LandUnits::regulars(1) });
    }
}

/// #108's reinforcement ports: ports the Papacy controls, not under siege
/// and with no enemy land units in the open (ruling RB7), with a Venetian
/// regular or squadron counter to place.
pub fn venetian_alliance_ports(game: &Game) -> EnumSet<Space> {
    let ships = crate::rules::construction::naval_counters_free(game, Faction::Venice) > 0;
    Space::ALL
        .into_iter()
        .filter(|&s| {
            s.is_port()
                && game.in_play(s)
                && game.controller(s) == Faction::Papacy
                && !under_siege(game, s)
                && !super::war::has_enemy_in_the_open(game, Power::Papacy, s)
                && (ships || crate::rules::construction::fits_one_more(game, Faction::Venice, s, LandUnitKind::Regular))
        })
        .collect()
}

/// Whether #108 does something for `power` (the Papacy or the Ottoman),
/// as #69 does for Scotland.
fn venetian_alliance_playable(game: &Game, power: Power) -> bool {
    let venice = MinorPower::Venice;
    match power {
        Power::Papacy => {
            card_may_activate(game, power, venice)
                || card_may_deactivate(game, power, venice)
                || (game.minor_ally(venice) == Some(Power::Papacy) && !venetian_alliance_ports(game).is_empty())
        }
        Power::Ottoman => card_may_deactivate(game, power, venice),
        _ => false,
    }
}

/// #108 Venetian Alliance: as #69, for Venice and the Papacy.
fn venetian_alliance(game: &mut Game, power: Power, log: &mut dyn Log) {
    if game.minor_ally(MinorPower::Venice) == Some(power) {
        game.stack.push(Frame::Event(EventStep::new(Card::VenetianAlliance, power)));
    } else {
        activate_or_deactivate(game, power, MinorPower::Venice, log);
    }
}

/// #108's reinforcement: 1 Venetian regular and 2 Venetian squadrons in
/// the port `space`, as the counters allow.
fn venetian_alliance_reinforce(game: &mut Game, space: Space, log: &mut dyn Log) {
    let (regulars, squadrons) = VENETIAN_ALLIANCE_UNITS;
    let venice = Faction::Venice;
    for _ in 0..regulars {
        if crate::rules::construction::fits_one_more(game, venice, space, LandUnitKind::Regular) {
            let units = game.land_units(space, venice).plus_one(LandUnitKind::Regular);
            game.put_units(space, venice, units, false);
            log.event(Event::LandUnitsPlaced { faction: venice, space, units: LandUnits::regulars(1) });
        }
    }
    let ships = squadrons.min(crate::rules::construction::naval_counters_free(game, venice));
    if ships > 0 {
        super::war::add_ships(game, venice, space, ships, 0);
        log.event(Event::NavalUnitsPlaced { faction: venice, space, units: NavalUnits::squadrons(ships) });
    }
}

/// The minors #73 lets `power` activate or deactivate.
pub fn diplomatic_marriage_targets(game: &Game, power: Power) -> EnumSet<MinorPower> {
    if matches!(power, Power::Ottoman | Power::Protestant) {
        return EnumSet::EMPTY;
    }
    MinorPower::ALL
        .into_iter()
        .filter(|&m| card_may_activate(game, power, m) || card_may_deactivate(game, power, m))
        .collect()
}

/// #73 Diplomatic Marriage in the action phase: the player picks the minor
/// (`target` its key: Genoa, Buda, Edinburgh, Venice), which is activated
/// if inactive, else deactivated.
fn diplomatic_marriage(game: &mut Game, power: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep::new(Card::DiplomaticMarriage, power)));
}

fn alliance_card_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.card {
        Card::AuldAlliance => list.extend(auld_alliance_spaces(game).iter().map(Action::Target)),
        Card::VenetianAlliance => list.extend(venetian_alliance_ports(game).iter().map(Action::Target)),
        _ => list.extend(
            diplomatic_marriage_targets(game, step.power).iter().map(|m| Action::Target(minor_target_space(m))),
        ),
    }
}

fn alliance_card_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    let Action::Target(space) = action else { return };
    game.stack.pop();
    match step.card {
        Card::AuldAlliance => auld_alliance_reinforce(game, space, log),
        Card::VenetianAlliance => venetian_alliance_reinforce(game, space, log),
        _ => {
            if let Some(m) = MinorPower::ALL.into_iter().find(|&m| minor_target_space(m) == space) {
                activate_or_deactivate(game, step.power, m, log);
            }
        }
    }
    // In the declarations of war segment (an intervention paid with #69 or
    // #108, or #73 played at the declarer's turn), the segment goes on.
    if matches!(game.stack.top(), Some(Frame::Declarations { .. })) {
        game.settle_declarations(log);
    }
}

// --- The diplomacy-phase uses (§9.3 note 1, §9.6 steps 4-5) ---------------------------

/// The card whose event may pay the intervention for `minor` (§9.6 steps
/// 4-5): #69 Auld Alliance for Scotland, #108 Venetian Alliance for Venice.
pub(crate) fn intervention_card(minor_power: MinorPower) -> Option<Card> {
    match minor_power {
        MinorPower::Scotland => Some(Card::AuldAlliance),
        MinorPower::Venice => Some(Card::VenetianAlliance),
        _ => None,
    }
}

/// The card `power` may play as its event to pay its intervention for
/// `minor` in the diplomacy phase (#69, #108; ruling DU1): it holds it and
/// has not played it as an event this turn.
pub(crate) fn intervention_card_playable(game: &Game, power: Power, minor_power: MinorPower) -> Option<Card> {
    intervention_card(minor_power).filter(|&card| game.hand(power).contains(card) && !game.event_played_this_turn(card))
}

/// The intervention paid with `card` (#69, #108): the card is played as its
/// event, and its reinforcement waits (a `Frame::Event` on the
/// declarations) until the activation and the displacement are done
/// (ruling DU1).
pub(crate) fn intervene_with_card(game: &mut Game, power: Power, card: Card, log: &mut dyn Log) {
    game.card_played_as_event(power, card, log);
    game.stack.push(Frame::Event(EventStep::new(card, power)));
}

/// Whether the reinforcement of an intervention paid with #69 or #108
/// waits on top for its space; one with no space left is dropped, with no
/// effect (ruling DU1).
pub(crate) fn intervention_card_waits(game: &mut Game, log: &mut dyn Log) -> bool {
    let Some(&Frame::Event(step)) = game.stack.top() else { return false };
    if !matches!(step.card, Card::AuldAlliance | Card::VenetianAlliance) {
        return false;
    }
    let mut list = ActionList::new();
    alliance_card_actions(game, step, &mut list);
    if list.is_empty() {
        game.stack.pop();
        log.event(Event::EventNoEffect { power: step.power, card: step.card });
        return false;
    }
    true
}

/// Whether `loser`, suing `winner` for peace, may play #73 to regain free
/// every home space and leader `winner` took (§9.3 note 1; ruling DU3): it
/// holds the card, may play it (not the Ottoman or the Protestant; not
/// played as an event this turn), and something is left to regain.
pub(crate) fn marriage_may_restore(game: &Game, loser: Power, winner: Power) -> bool {
    let card = Card::DiplomaticMarriage;
    !matches!(loser, Power::Ottoman | Power::Protestant)
        && game.hand(loser).contains(card)
        && !game.event_played_this_turn(card)
        && (!crate::rules::peace::home_spaces_held(game, loser, winner).is_empty()
            || !crate::rules::peace::regainable_leaders(game, loser, winner).is_empty())
}

/// The decisions of #69, #108 and #73.
const ALLIANCE_STEPS: Steps = Steps {
    prompt: |step| match step.card {
        Card::DiplomaticMarriage => "the minor power to activate or deactivate",
        Card::AuldAlliance => "the Scottish space for the French regulars",
        _ => "the Papal port for the Venetian units",
    },
    actions: alliance_card_actions,
    apply: alliance_card_apply,
    fits: |step| step.step == 0,
};

pub(super) const ALLIANCE_EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::AuldAlliance, auld_alliance_playable, auld_alliance).with_steps(ALLIANCE_STEPS),
    CardEvent::plain(Card::VenetianAlliance, venetian_alliance_playable, venetian_alliance).with_steps(ALLIANCE_STEPS),
    CardEvent::plain(
        Card::DiplomaticMarriage,
        |game, power| !diplomatic_marriage_targets(game, power).is_empty(),
        diplomatic_marriage,
    )
    .with_steps(ALLIANCE_STEPS),
];
