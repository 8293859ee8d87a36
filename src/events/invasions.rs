//! The six invasion cards of the two-player diplomatic deck (#202, #206,
//! #211, #213, #214, #216; §24.3): a power no one plays invades, commanded
//! by one side (acting for the invaders, `frames::acting`). Each card
//! starts its war (if its text says so), sets up its force in a space the
//! invader controls, draws its commander a main-deck card, and for three
//! of them adds a bonus: a squadron in a home port, or 2 more mercenaries
//! (rulings IV1-IV4).

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LeaderLocation};
use crate::rules::construction::{fits_one_more, naval_counters_free};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Leader, Power, Ruler, Space};

const STEPS: Steps = Steps {
    prompt: |step| match step.step {
        PLACE => "the space the invading force is set up in",
        _ => "the bonus: a squadron in a home port, or 2 more mercenaries there",
    },
    actions: invasion_actions,
    apply: invasion_apply,
    fits: |step| match step.step {
        PLACE => step.space.is_none() && invasion(step.card).is_some(),
        BONUS => step.space.is_some() && invasion(step.card).is_some_and(|i| i.bonus),
        _ => false,
    },
};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::DipFrenchConstableInvades, always, french_constable_invades).with_steps(STEPS),
    CardEvent::plain(Card::DipFrenchInvasion, always, french_invasion).with_steps(STEPS),
    CardEvent::plain(Card::DipSpanishInvasion, always, spanish_invasion).with_steps(STEPS),
    CardEvent::plain(Card::DipAustrianInvasion, always, austrian_invasion).with_steps(STEPS),
    CardEvent::plain(Card::DipImperialInvasion, always, imperial_invasion).with_steps(STEPS),
    CardEvent::plain(Card::DipOttomanInvasion, always, ottoman_invasion).with_steps(STEPS),
];

/// The steps of an invasion: the space, then the bonus.
const PLACE: u8 = 0;
const BONUS: u8 = 1;

/// The mercenaries the bonus adds in the force's space.
pub const BONUS_MERCENARIES: u8 = 2;

/// What an invasion card sets up.
#[derive(Clone, Copy)]
struct Invasion {
    card: Card,
    invader: Power,
    regulars: u8,
    mercenaries: u8,
    squadrons: u8,
    /// The choice of a squadron in a home port or 2 more mercenaries.
    bonus: bool,
}

const CONSTABLE: Invasion = force(Card::DipFrenchConstableInvades, Power::France, 2, 2, 0, true);
const FRENCH: Invasion = force(Card::DipFrenchInvasion, Power::France, 3, 3, 0, true);
const SPANISH: Invasion = force(Card::DipSpanishInvasion, Power::Hapsburg, 2, 2, 0, true);
const AUSTRIAN: Invasion = force(Card::DipAustrianInvasion, Power::Hapsburg, 2, 4, 0, false);
const IMPERIAL: Invasion = force(Card::DipImperialInvasion, Power::Hapsburg, 3, 5, 0, false);
const OTTOMAN: Invasion = force(Card::DipOttomanInvasion, Power::Ottoman, 5, 0, 4, false);

const fn force(card: Card, invader: Power, regulars: u8, mercenaries: u8, squadrons: u8, bonus: bool) -> Invasion {
    Invasion { card, invader, regulars, mercenaries, squadrons, bonus }
}

fn invasion(card: Card) -> Option<Invasion> {
    [CONSTABLE, FRENCH, SPANISH, AUSTRIAN, IMPERIAL, OTTOMAN].into_iter().find(|i| i.card == card)
}

// --- The six cards ----------------------------------------------------------------

/// #202 French Constable Invades: France and the Papacy go to war; the
/// Protestant sets up Montmorency, 2 French regulars and 2 mercenaries in
/// a French-controlled space, draws a main-deck card, and picks the bonus.
fn french_constable_invades(game: &mut Game, _: Power, log: &mut dyn Log) {
    declare(game, Power::France, log);
    begin(game, CONSTABLE, Power::Protestant, log);
}

/// #206 French Invasion: as #202, with Francis I (Henry II once he rules
/// France), 3 regulars and 3 mercenaries.
fn french_invasion(game: &mut Game, _: Power, log: &mut dyn Log) {
    declare(game, Power::France, log);
    begin(game, FRENCH, Power::Protestant, log);
}

/// #211 Spanish Invasion: before the Schmalkaldic League the Hapsburg and
/// the Papacy go to war and the Protestant commands; after it the Papacy
/// commands (the Hapsburg is then at war with the Protestant). The Duke
/// of Alva, 2 regulars and 2 mercenaries in a Hapsburg-controlled space,
/// a main-deck card for the commander, and the bonus.
fn spanish_invasion(game: &mut Game, _: Power, log: &mut dyn Log) {
    if game.schmalkaldic_league() {
        begin(game, SPANISH, Power::Papacy, log);
    } else {
        declare(game, Power::Hapsburg, log);
        begin(game, SPANISH, Power::Protestant, log);
    }
}

/// #213 Austrian Invasion: the Papacy sets up Ferdinand, 2 Hapsburg
/// regulars and 4 mercenaries in a Hapsburg-controlled space and draws a
/// main-deck card.
fn austrian_invasion(game: &mut Game, _: Power, log: &mut dyn Log) {
    begin(game, AUSTRIAN, Power::Papacy, log);
}

/// #214 Imperial Invasion: the Papacy sets up Charles V, 3 Hapsburg
/// regulars and 5 mercenaries in a Hapsburg-controlled space and draws a
/// main-deck card.
fn imperial_invasion(game: &mut Game, _: Power, log: &mut dyn Log) {
    begin(game, IMPERIAL, Power::Papacy, log);
}

/// #216 Ottoman Invasion: the Ottoman and the Papacy go to war; the
/// Protestant sets up Suleiman, 5 Ottoman regulars and 4 squadrons in an
/// Ottoman-controlled space (a port, ruling IV3) and draws a main-deck card.
fn ottoman_invasion(game: &mut Game, _: Power, log: &mut dyn Log) {
    declare(game, Power::Ottoman, log);
    begin(game, OTTOMAN, Power::Protestant, log);
}

// --- The procedure ----------------------------------------------------------------

/// The invader and the Papacy are now at war (nothing new if they are).
fn declare(game: &mut Game, invader: Power, log: &mut dyn Log) {
    if !game.at_war(invader, Power::Papacy) && game.set_war(invader, Power::Papacy, true).is_ok() {
        log.event(Event::WarDeclared { power: invader, target: Power::Papacy.into() });
    }
}

/// The commander chooses the space; with none open the force is not set
/// up and the commander only draws its main-deck card (ruling IV2).
fn begin(game: &mut Game, inv: Invasion, commander: Power, log: &mut dyn Log) {
    if invasion_spaces(game, inv).is_empty() {
        game.draw_from_deck(commander, log);
    } else {
        game.stack.push(Frame::Event(EventStep::new(inv.card, commander)));
    }
}

/// The army leader of the force: #206's is Francis I, or Henry II once he
/// rules France.
fn leader(game: &Game, inv: Invasion) -> Leader {
    match inv.card {
        Card::DipFrenchConstableInvades => Leader::Montmorency,
        Card::DipFrenchInvasion if game.ruler(Power::France) == Ruler::HenryIi => Leader::HenryIi,
        Card::DipFrenchInvasion => Leader::FrancisI,
        Card::DipSpanishInvasion => Leader::DukeOfAlva,
        Card::DipAustrianInvasion => Leader::Ferdinand,
        Card::DipImperialInvasion => Leader::CharlesV,
        _ => Leader::Suleiman,
    }
}

/// The spaces the force may be set up in (ruling IV2): controlled by the
/// invader, in play, not under siege, no enemy land units in the open;
/// for #216 a port when the invader controls one (ruling IV3).
fn invasion_spaces(game: &Game, inv: Invasion) -> EnumSet<Space> {
    let own = Faction::from(inv.invader);
    let open: EnumSet<Space> = Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && game.controller(s) == own)
        .filter(|&s| !super::war::under_siege(game, s) && !super::war::has_enemy_in_the_open(game, inv.invader, s))
        .collect();
    if inv.squadrons > 0 {
        let ports: EnumSet<Space> = open.iter().filter(|s| s.is_port()).collect();
        if !ports.is_empty() {
            return ports;
        }
    }
    open
}

/// The bonus squadron's ports (ruling IV4): the invader's home ports it
/// controls, in play, free of enemy units, with a naval counter free.
fn bonus_ports(game: &Game, invader: Power) -> EnumSet<Space> {
    let own = Faction::from(invader);
    if naval_counters_free(game, own) == 0 {
        return EnumSet::EMPTY;
    }
    let enemies = game.enemy_spaces(invader);
    Space::ALL
        .into_iter()
        .filter(|&s| s.is_port() && s.home() == own && game.in_play(s) && game.controller(s) == own)
        .filter(|&s| !enemies.contains(s))
        .collect()
}

fn invasion_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some(inv) = invasion(step.card) else { return };
    match (step.step, step.space) {
        (PLACE, _) => list.extend(invasion_spaces(game, inv).iter().map(Action::PlaceAt)),
        (_, Some(space)) => {
            list.extend(bonus_ports(game, inv.invader).iter().map(Action::BuildSquadron));
            if fits_one_more(game, Faction::from(inv.invader), space, LandUnitKind::Mercenary) {
                list.push(Action::BuyMercenary(space));
            }
        }
        _ => {}
    }
}

fn invasion_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Some(inv) = invasion(step.card) else { return };
    let own = Faction::from(inv.invader);
    match action {
        Action::PlaceAt(space) => {
            set_up(game, inv, space, log);
            game.draw_from_deck(step.power, log);
            let bonus = EventStep { step: BONUS, space: Some(space), ..step };
            let mut list = ActionList::new();
            invasion_actions(game, bonus, &mut list);
            if inv.bonus && !list.is_empty() {
                game.stack.push(Frame::Event(bonus));
            }
        }
        Action::BuildSquadron(port) => super::war::place_squadrons(game, own, port, 1, log),
        Action::BuyMercenary(space) => {
            super::war::raise_up_to(game, own, space, LandUnitKind::Mercenary, BONUS_MERCENARIES, log)
        }
        _ => {}
    }
}

/// The force goes to `space`: its leader (moved there if on the map; not
/// if captured or out of the game, ruling IV1), then its units as the
/// counters allow.
fn set_up(game: &mut Game, inv: Invasion, space: Space, log: &mut dyn Log) {
    let own = Faction::from(inv.invader);
    let leader = leader(game, inv);
    if !matches!(game.leader_location(leader), LeaderLocation::Captured(_) | LeaderLocation::Removed) {
        game.put_leader(leader, space, log);
    }
    super::war::raise_up_to(game, own, space, LandUnitKind::Regular, inv.regulars, log);
    super::war::raise_up_to(game, own, space, LandUnitKind::Mercenary, inv.mercenaries, log);
    if space.is_port() {
        super::war::place_squadrons(game, own, space, inv.squadrons, log);
    }
}
