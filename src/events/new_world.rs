//! Events of the New World (§20): #48 Galleons, #49 Huguenot Raiders, #50
//! Mercator's Map, #53 Plantations, #54 Potosi Silver Mines, #77 Fountain
//! of Youth, #96 Sale of Moluccas, #98 Search for Cibola, #99 Sebastian
//! Cabot, #101 Smallpox, #111 Colonial Governor/Native Uprising.

use super::{CardEvent, EventStep, Leaves, Steps};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::new_world::{self as nw, ExplorerAt, Governor, NEW_WORLD_POWERS, RAIDER_POWERS, VoyageKind};
use crate::types::{Card, Faction, Power, Religion, Space};

/// The decision of the cards whose player names England, France or the
/// Hapsburg (`Action::TargetPower`): #48, #50, #53, #54, #77, #98.
const TARGET: Steps = Steps {
    prompt: |step| match (step.card, step.target) {
        (Card::SearchForCibola, Some(_)) => "the voyage cancelled",
        _ => "England, France or the Hapsburg",
    },
    actions: target_actions,
    apply: target_apply,
    fits: |step| step.step == 0 && step.target.is_none_or(|p| nw::slot(p).is_some()),
};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(
        Card::Galleons,
        |game, _| has_target(game, Card::Galleons),
        |game, power, _| ask_target(game, Card::Galleons, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(Card::HuguenotRaiders, raiders_playable, raiders),
    CardEvent::plain(
        Card::MercatorsMap,
        |game, _| has_target(game, Card::MercatorsMap),
        |game, power, _| ask_target(game, Card::MercatorsMap, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(
        Card::Plantations,
        |game, _| has_target(game, Card::Plantations),
        |game, power, _| ask_target(game, Card::Plantations, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(
        Card::PotosiSilverMines,
        |game, _| has_target(game, Card::PotosiSilverMines),
        |game, power, _| ask_target(game, Card::PotosiSilverMines, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(
        Card::FountainOfYouth,
        |game, _| has_target(game, Card::FountainOfYouth),
        |game, power, _| ask_target(game, Card::FountainOfYouth, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(
        Card::SaleOfMoluccas,
        |game, _| game.discovery_holder(CIRCUMNAVIGATION).is_some(),
        sale_of_moluccas,
    ),
    CardEvent::plain(
        Card::SearchForCibola,
        |game, _| has_target(game, Card::SearchForCibola),
        |game, power, _| ask_target(game, Card::SearchForCibola, power),
    )
    .with_steps(TARGET),
    CardEvent::plain(Card::SebastianCabot, cabot_playable, sebastian_cabot).with_leaves(Leaves::If(|_, _| false)),
    CardEvent::plain(Card::Smallpox, nw::can_conquer, |game, power, log| game.launch_conquest(power, true, log)),
    CardEvent::plain(
        Card::ColonialGovernorNativeUprising,
        |game, _| nw::in_play(game),
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::ColonialGovernorNativeUprising, power))),
    )
    .with_steps(Steps {
        prompt: |_| "the side of the marker and the colonies it goes by",
        actions: governor_actions,
        apply: governor_apply,
        fits: |step| step.step == 0,
    }),
];

const CIRCUMNAVIGATION: crate::types::Discovery = crate::types::Discovery::Circumnavigation;

// --- Cards that name a New World power ---------------------------------------------

/// Whether `card` may name `target` (England, France or the Hapsburg):
/// #48 and #53 a power without that marker (one marker each, ruling NW9);
/// #50 a power that may explore now (§20.2); #54 a power with an open
/// colony box and the Potosi marker unplaced; #77 a power with its
/// Exploration Underway marker in Crossing Atlantic; #98 a power with an
/// exploration or conquest underway.
fn target_ok(game: &Game, card: Card, target: Power) -> bool {
    match card {
        Card::Galleons => !game.galleons(target),
        Card::Plantations => !game.plantations(target),
        Card::MercatorsMap => nw::can_explore(game, target),
        Card::PotosiSilverMines => game.potosi().is_none() && game.colonies(target) < nw::colony_limit(target),
        Card::FountainOfYouth => game.exploration_underway(target).is_some(),
        Card::SearchForCibola => {
            game.exploration_underway(target).is_some() || game.conquest_underway(target).is_some()
        }
        _ => false,
    }
}

/// Whether `card` has a power to name (and the New World is played).
fn has_target(game: &Game, card: Card) -> bool {
    nw::in_play(game) && NEW_WORLD_POWERS.iter().any(|&p| target_ok(game, card, p))
}

/// The player names the power (the decision of [`TARGET`]).
fn ask_target(game: &mut Game, card: Card, power: Power) {
    game.stack.push(Frame::Event(EventStep::new(card, power)));
}

fn target_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.target {
        None => {
            let targets = NEW_WORLD_POWERS.into_iter().filter(|&p| target_ok(game, step.card, p));
            list.extend(targets.map(Action::TargetPower));
        }
        // #98: both voyages of the target are underway; the player picks one.
        Some(target) => {
            if game.exploration_underway(target).is_some() {
                list.push(Action::Explore);
            }
            if game.conquest_underway(target).is_some() {
                list.push(Action::Conquer);
            }
        }
    }
}

fn target_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let target = match (action, step.target) {
        (Action::TargetPower(target), _) => target,
        (Action::Explore, Some(target)) => return game.cancel_voyage(target, VoyageKind::Exploration, log),
        (Action::Conquer, Some(target)) => return game.cancel_voyage(target, VoyageKind::Conquest, log),
        _ => return,
    };
    match step.card {
        Card::Galleons => set_marker(game, target, |side| side.galleons = true, |side| side.galleons = false),
        // "for the rest of the game": a later play adds a power, the
        // earlier keeps its +1 (ruling NW9).
        Card::Plantations => {
            if let Some(side) = game.new_world.side_mut(target) {
                side.plantations = true;
            }
        }
        Card::MercatorsMap => game.launch_exploration(target, true, log),
        Card::PotosiSilverMines => potosi(game, target),
        Card::FountainOfYouth => fountain_of_youth(game, target, log),
        Card::SearchForCibola => search_for_cibola(game, step, target, log),
        _ => {}
    }
}

/// #48 Galleons: the marker goes by `target`'s colonies (taken from
/// wherever it was, ruling NW9).
fn set_marker(game: &mut Game, target: Power, put: fn(&mut nw::Colonial), take: fn(&mut nw::Colonial)) {
    for side in &mut game.new_world.powers {
        take(side);
    }
    if let Some(side) = game.new_world.side_mut(target) {
        put(side);
    }
}

/// #54 Potosi Silver Mines: the Potosi marker into an open colony box of
/// `target`, which then loses a colony marker for the game: its colony
/// crossing the Atlantic if the boxes would overflow, else one in a box
/// (ruling NW10).
fn potosi(game: &mut Game, target: Power) {
    game.new_world.potosi = Some(target);
    let limit = nw::colony_limit(target);
    if let Some(side) = game.new_world.side_mut(target) {
        if side.colonies + u8::from(side.crossing) + 1 > limit {
            if side.crossing {
                side.crossing = false;
            } else {
                side.colonies = side.colonies.saturating_sub(1);
            }
        }
    }
}

/// The die of Fountain of Youth (#77): 4, 5 or 6 removes an explorer.
pub const FOUNTAIN_OF_YOUTH_LOSS: u8 = 4;

/// #77 Fountain of Youth: `target`'s voyage of exploration is cancelled
/// (its marker to the turn track: no Explore again this turn); then a
/// die: on 4-6 a random explorer of `target`'s pool leaves the game.
fn fountain_of_youth(game: &mut Game, target: Power, log: &mut dyn Log) {
    game.cancel_voyage(target, VoyageKind::Exploration, log);
    if game.roll_die() >= FOUNTAIN_OF_YOUTH_LOSS {
        game.remove_random_explorer(target);
    }
}

/// #98 Search for Cibola: `target`'s voyage of exploration or conquest is
/// cancelled (its marker to the turn track); with both underway, the
/// player picks which.
fn search_for_cibola(game: &mut Game, step: EventStep, target: Power, log: &mut dyn Log) {
    match (game.exploration_underway(target).is_some(), game.conquest_underway(target).is_some()) {
        (true, true) => game.stack.push(Frame::Event(EventStep { target: Some(target), ..step })),
        (true, false) => game.cancel_voyage(target, VoyageKind::Exploration, log),
        (false, true) => game.cancel_voyage(target, VoyageKind::Conquest, log),
        (false, false) => {}
    }
}

// --- #49 Huguenot Raiders ----------------------------------------------------------

/// #49's condition: the player is England, France or the Protestant, with
/// a home port under Protestant religious influence and no raider of its
/// own in play.
fn raiders_playable(game: &Game, power: Power) -> bool {
    let protestant_port = Space::ALL
        .into_iter()
        .any(|s| s.home() == Faction::from(power) && s.is_port() && game.religion(s) == Religion::Protestant);
    nw::in_play(game) && RAIDER_POWERS.contains(&power) && protestant_port && !game.raider(power)
}

/// #49 Huguenot Raiders: the player's raider goes by the Hapsburg colonies
/// (§20.4: it rolls for each Hapsburg bonus card).
fn raiders(game: &mut Game, power: Power, _: &mut dyn Log) {
    if let Some(i) = RAIDER_POWERS.iter().position(|&p| p == power) {
        game.new_world.raiders[i] = true;
    }
}

// --- #96 Sale of Moluccas ----------------------------------------------------------

/// The cards Sale of Moluccas draws (#96).
pub const MOLUCCAS_CARDS: u8 = 2;

/// #96 Sale of Moluccas: the power that circumnavigated draws 2 cards.
/// Playable only once someone has (ruling NW11).
fn sale_of_moluccas(game: &mut Game, _: Power, log: &mut dyn Log) {
    if let Some(power) = game.discovery_holder(CIRCUMNAVIGATION) {
        for _ in 0..MOLUCCAS_CARDS {
            game.draw_from_deck(power, log);
        }
    }
}

// --- #99 Sebastian Cabot -----------------------------------------------------------

/// #99's condition: England, France or the Hapsburg, once per game each,
/// with its Cabot in its pool.
fn cabot_playable(game: &Game, power: Power) -> bool {
    nw::in_play(game)
        && !game.cabot_played(power)
        && nw::cabot(power).is_some_and(|c| game.explorer_at(c) == ExplorerAt::Pool)
}

/// #99 Sebastian Cabot: the power's Cabot sets out on a voyage of his own
/// (not the once-per-turn Explore; no Uncharted -1, no flip: the New
/// World phase reads `cabot_voyage`). The card is discarded; it leaves the
/// game if Cabot dies (ruling NW5).
fn sebastian_cabot(game: &mut Game, power: Power, log: &mut dyn Log) {
    let Some(cabot) = nw::cabot(power) else { return };
    game.new_world.explorers[cabot.index()] = ExplorerAt::Underway;
    if let Some(side) = game.new_world.side_mut(power) {
        side.cabot_voyage = true;
        side.cabot_played = true;
    }
    log.event(crate::event::Event::VoyageLaunched { power, voyage: VoyageKind::Exploration });
}

// --- #111 Colonial Governor / Native Uprising --------------------------------------

/// The marker's new positions: either side by any New World power's
/// colonies, but where it is now (ruling NW12).
fn governor_actions(game: &Game, _: EventStep, list: &mut ActionList) {
    let now = game.colonial_governor();
    let open = |governor: Governor| now != Some(governor);
    let sides = NEW_WORLD_POWERS.into_iter().filter(|&p| open(Governor { power: p, uprising: false }));
    list.extend(sides.map(Action::ColonialGovernor));
    let sides = NEW_WORLD_POWERS.into_iter().filter(|&p| open(Governor { power: p, uprising: true }));
    list.extend(sides.map(Action::NativeUprising));
}

/// #111: the marker goes to its new position; it acts at the chosen
/// power's card draws (`frames::new_world`).
fn governor_apply(game: &mut Game, _: EventStep, action: Action, _: &mut dyn Log) {
    game.stack.pop();
    game.new_world.governor = match action {
        Action::ColonialGovernor(power) => Some(Governor { power, uprising: false }),
        Action::NativeUprising(power) => Some(Governor { power, uprising: true }),
        _ => game.new_world.governor,
    };
}
