//! The two-player diplomatic cards (#201-#219, §24.3), played in the
//! diplomacy phase (`frames::dip_deck`): each side must play one even when
//! it helps the opponent. Built: #201 Andrea Doria, #203 Corsair Raid,
//! #204 Diplomatic Marriage, #205 Diplomatic Pressure, #207 Henry
//! Petitions for Divorce, #208 Knights of St. John, #209 Plague, #210
//! Shipbuilding, #212 Venetian Alliance, #215 Machiavelli, #217 Secret
//! Protestant Circle, #218 Siege of Vienna and #219 Spanish Inquisition.
//! The six invasion cards are in `events::invasions` (ruling DD3: all 19
//! are built).

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::dice::Dice;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits, NavalLocation, NavalUnits};
use crate::rules::construction::{can_build_squadron, fits_one_more, naval_counters_free};
use crate::rules::minor;
use crate::sets::EnumSet;
use crate::types::{
    Card, CardKind, Faction, LandUnitKind, LanguageZone, MinorPower, NavalUnitKind, Power, Religion, Space,
};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::DipSpanishInquisition, always, spanish_inquisition).with_steps(Steps {
        prompt: |_| "the Protestant's diplomatic card to discard",
        actions: |game, _, list| list.extend(game.dip_hand(Power::Protestant).iter().map(Action::Discard)),
        apply: inquisition_apply,
        fits: |step| step.power == Power::Papacy,
    }),
    CardEvent::plain(Card::DipAndreaDoria, always, andrea_doria).with_steps(Steps {
        prompt: |_| "a Genoese unit to add (a regular or a squadron)",
        actions: doria_units,
        apply: doria_apply,
        fits: |step| matches!(step.left, 2 | DORIA_CP) && step.target.is_some(),
    }),
    CardEvent::plain(Card::DipCorsairRaid, always, corsair_raid).with_steps(Steps {
        prompt: |_| "a card to discard or a squadron to lose, for a Corsair Raid hit",
        actions: corsair_actions,
        apply: corsair_apply,
        fits: |step| (1..=CORSAIR_DICE).contains(&step.left),
    }),
    CardEvent::plain(Card::DipKnightsOfStJohn, always, knights_of_st_john),
    CardEvent::plain(Card::DipSecretProtestantCircle, always, secret_protestant_circle).with_steps(Steps {
        prompt: |_| "a space of the zone to flip to Protestant",
        actions: |game, step, list| list.extend(circle_spaces(game, circle_zone(step)).iter().map(Action::Flip)),
        apply: circle_apply,
        fits: |step| step.power == Power::Protestant && step.step <= SPANISH,
    }),
    CardEvent::plain(Card::DipShipbuilding, always, shipbuilding).with_steps(Steps {
        prompt: |_| "a port to build a squadron in, or done",
        actions: shipbuilding_actions,
        apply: shipbuilding_apply,
        fits: |step| (1..=SHIPBUILDING_SQUADRONS).contains(&step.left),
    }),
    CardEvent::plain(Card::DipDiplomaticMarriage, always, diplomatic_marriage).with_steps(Steps {
        prompt: |_| "the minor power to activate or deactivate",
        actions: marriage_actions,
        apply: marriage_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::DipPlague, always, plague).with_steps(REMOVAL_STEPS),
    CardEvent::plain(Card::DipSiegeOfVienna, always, siege_of_vienna).with_steps(REMOVAL_STEPS),
    CardEvent::plain(Card::DipDiplomaticPressure, always, diplomatic_pressure).with_steps(Steps {
        prompt: |step| match step.power {
            Power::Papacy => "the diplomatic card the Protestant must play",
            _ => "the Papal card to discard, or your card to swap for it",
        },
        actions: pressure_actions,
        apply: pressure_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::DipMachiavelli, always, machiavelli).with_steps(Steps {
        prompt: |_| "the invasion card to play",
        actions: |game, _, list| list.extend(machiavelli_cards(game).iter().map(Action::PlayEvent)),
        apply: machiavelli_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::DipHenryPetitionsForDivorce, always, henry_petitions).with_steps(Steps {
        prompt: |step| match step.step {
            DIVORCE_CHOICE => "grant Henry's divorce, or refuse it (decline)",
            DIVORCE_MERCS => "the Italian space for the 4 Hapsburg mercenaries",
            DIVORCE_DEBATE => "the zone of the debate",
            _ => "a Hapsburg-controlled space for a Hapsburg regular",
        },
        actions: divorce_actions,
        apply: divorce_apply,
        fits: |step| match step.step {
            DIVORCE_MERCS => step.power == Power::Protestant,
            DIVORCE_REGULARS_STEP => step.power == Power::Papacy && (1..=DIVORCE_REGULARS).contains(&step.left),
            s => step.power == Power::Papacy && s <= DIVORCE_DEBATE,
        },
    }),
    CardEvent::plain(Card::DipVenetianAlliance, always, venetian_alliance).with_steps(Steps {
        prompt: |_| "the Papal-controlled port the Venetian units are placed in",
        actions: |game, _, list| list.extend(venetian_ports(game).iter().map(Action::PlaceAt)),
        apply: venetian_apply,
        fits: |_| true,
    }),
];

/// The decisions of #209 and #218: a space, a faction, a kind of unit.
const REMOVAL_STEPS: Steps = Steps {
    prompt: |step| match (step.space, step.step) {
        (None, _) => "the space to remove a unit from",
        (Some(_), REMOVE_FACTION) => "whose unit to remove",
        _ => "the kind of unit to remove",
    },
    actions: removal_actions,
    apply: removal_apply,
    fits: |step| {
        let limit = if step.card == Card::DipPlague { PLAGUE_UNITS } else { VIENNA_UNITS };
        let kind_ok = usize::from(step.step) < usize::from(REMOVE_KIND) + Faction::COUNT;
        (1..=limit).contains(&step.left) && kind_ok && (step.space.is_some() == (step.step != REMOVE_SPACE))
    },
};

// --- #208 Knights of St. John ------------------------------------------------------

/// #208 Knights of St. John: the top card of the main deck (a random one)
/// is drawn and its CP go to St. Peter's (§18.1's track); the card then
/// goes to the discard pile (ruling DD4). Whoever plays it, the Papacy
/// gains.
fn knights_of_st_john(game: &mut Game, power: Power, log: &mut dyn Log) {
    if game.deck.is_empty() {
        return;
    }
    let pick = game.random_below(game.deck.len());
    if let Some(card) = game.deck.nth(pick) {
        game.deck.remove(card);
        game.discard.insert(card);
        log.event(Event::CardDiscarded { power, card });
        game.add_st_peters_cp(card.cp(), log);
    }
}

// --- #217 Secret Protestant Circle -------------------------------------------------

/// #217's steps: the Italian space, then (on 4-6) the Spanish one.
const ITALIAN: u8 = 0;
const SPANISH: u8 = 1;

/// The zone of #217's step.
fn circle_zone(step: EventStep) -> LanguageZone {
    if step.step == SPANISH { LanguageZone::Spanish } else { LanguageZone::Italian }
}

/// The Catholic spaces of `zone` in play: any may flip (no adjacency).
fn circle_spaces(game: &Game, zone: LanguageZone) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && s.language() == Some(zone) && game.religion(s) == Religion::Catholic)
        .collect()
}

/// #217 Secret Protestant Circle: a die; on 1-3 one space of the Italian
/// zone flips to Protestant, on 4-6 one of the Italian zone and one of the
/// Spanish. The Protestant chooses the spaces, whoever played the card
/// (ruling DD5); a zone with no Catholic space flips nothing.
fn secret_protestant_circle(game: &mut Game, power: Power, log: &mut dyn Log) {
    let roll = game.roll_die();
    let mut dice = Dice::NONE;
    dice.add(roll);
    log.event(Event::EventDice { power, card: Card::DipSecretProtestantCircle, dice });
    let step = EventStep { flag: roll >= 4, ..EventStep::new(Card::DipSecretProtestantCircle, Power::Protestant) };
    next_circle_flip(game, step, ITALIAN);
}

/// The flip of #217 at `from` or later whose zone has a Catholic space.
fn next_circle_flip(game: &mut Game, step: EventStep, from: u8) {
    let last = if step.flag { SPANISH } else { ITALIAN };
    for at in from..=last {
        let next = EventStep { step: at, ..step };
        if !circle_spaces(game, circle_zone(next)).is_empty() {
            game.stack.push(Frame::Event(next));
            return;
        }
    }
}

fn circle_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::Flip(space) = action {
        game.change_religion(space, Religion::Protestant, log);
    }
    next_circle_flip(game, step, step.step + 1);
}

// --- #210 Shipbuilding -------------------------------------------------------------

/// The squadrons #210 builds at most.
pub const SHIPBUILDING_SQUADRONS: u8 = 2;

/// The faction whose squadron #210, played by `power`, builds in `port`,
/// if it may: for the Papacy, a squadron it could build there for itself
/// or a minor ally (§17, `can_build_squadron`); for the Protestant, a
/// French one in Marseille, a Hapsburg one in Naples, an Ottoman one in an
/// Ottoman home port, each in a port that power controls and with a free
/// counter (ruling DD6).
fn shipbuilding_faction(game: &Game, power: Power, port: Space) -> Option<Faction> {
    let faction = port.home();
    if power == Power::Papacy {
        return can_build_squadron(game, power, faction, port).then_some(faction);
    }
    let named = match port {
        Space::Marseille => Faction::France,
        Space::Naples => Faction::Hapsburg,
        _ if faction == Faction::Ottoman && port != Space::Algiers => Faction::Ottoman,
        _ => return None,
    };
    let open = port.is_port()
        && game.in_play(port)
        && game.controller(port) == named
        && !super::war::under_siege(game, port)
        && naval_counters_free(game, named) > 0;
    open.then_some(named)
}

/// The ports #210 may build in now.
fn shipbuilding_ports(game: &Game, power: Power) -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|&s| s.is_port() && shipbuilding_faction(game, power, s).is_some()).collect()
}

/// #210 Shipbuilding: the player builds up to 2 squadrons, one at a time
/// (ruling DD6 for where).
fn shipbuilding(game: &mut Game, power: Power, _: &mut dyn Log) {
    let step = EventStep { left: SHIPBUILDING_SQUADRONS, ..EventStep::new(Card::DipShipbuilding, power) };
    if !shipbuilding_ports(game, power).is_empty() {
        game.stack.push(Frame::Event(step));
    }
}

fn shipbuilding_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    list.push(Action::Done);
    list.extend(shipbuilding_ports(game, step.power).iter().map(Action::BuildSquadron));
}

fn shipbuilding_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::BuildSquadron(port) = action else { return };
    let Some(faction) = shipbuilding_faction(game, step.power, port) else { return };
    super::war::add_ships(game, faction, port, 1, 0);
    log.event(Event::SquadronBuilt { faction, space: port });
    let left = step.left.saturating_sub(1);
    if left > 0 && !shipbuilding_ports(game, step.power).is_empty() {
        game.stack.push(Frame::Event(EventStep { left, ..step }));
    }
}

// --- #212 Venetian Alliance --------------------------------------------------------

/// The Papal-controlled ports not under siege where #212 places Venetian
/// units.
fn venetian_ports(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.is_port() && game.in_play(s) && game.controller(s) == Faction::Papacy)
        .filter(|&s| !super::war::under_siege(game, s))
        .collect()
}

/// #212 Venetian Alliance: an unaligned Venice becomes the Papacy's ally; a
/// Hapsburg ally is deactivated; a Papal ally gets 1 regular and 2
/// squadrons (as the counters allow) in a Papal-controlled port not under
/// siege, which the card's player chooses (ruling DD7). Allied to another
/// power, nothing happens.
fn venetian_alliance(game: &mut Game, power: Power, log: &mut dyn Log) {
    let venice = MinorPower::Venice;
    match game.minor_ally(venice) {
        None => within_zones(game, log, |g, l| {
            super::minors::switch_minor(g, venice, Power::Papacy, l);
        }),
        Some(Power::Hapsburg) => within_zones(game, log, |g, l| deactivate(g, venice, l)),
        Some(Power::Papacy) if !venetian_ports(game).is_empty() => {
            game.stack.push(Frame::Event(EventStep::new(Card::DipVenetianAlliance, power)));
        }
        Some(_) => {}
    }
}

/// `minor` leaves its ally (§22.4), each change of control reported; at
/// once (`within_zones` acts on the result), ties to the first in space
/// order (ruling M9).
fn deactivate(game: &mut Game, minor: MinorPower, log: &mut dyn Log) {
    game.deactivate_minor(minor, Default::default(), false, log);
}

fn venetian_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::PlaceAt(port) = action else { return };
    let faction = Faction::Venice;
    super::war::raise_up_to(game, faction, port, LandUnitKind::Regular, 1, log);
    super::war::place_squadrons(game, faction, port, 2, log);
}

// --- #203 Corsair Raid -------------------------------------------------------------

/// The dice #203 rolls.
pub const CORSAIR_DICE: u8 = 4;

/// The other side of the two-player game.
fn opponent(power: Power) -> Power {
    if power == Power::Papacy { Power::Protestant } else { Power::Papacy }
}

/// The factions whose squadrons pay #203's hits on `side`: the Papacy's
/// own and its active minor allies'; for the Protestant, the French and
/// Ottoman ones, and the Hapsburg ones while the Hapsburg and the Papacy
/// are at war.
fn corsair_factions(game: &Game, side: Power) -> EnumSet<Faction> {
    if side == Power::Papacy {
        let minors = MinorPower::ALL.into_iter().filter(|&m| game.minor_ally(m) == Some(Power::Papacy));
        return minors.map(Faction::from).chain([Faction::Papacy]).collect();
    }
    let mut out: EnumSet<Faction> = [Faction::France, Faction::Ottoman].into_iter().collect();
    if game.at_war(Power::Hapsburg, Power::Papacy) {
        out.insert(Faction::Hapsburg);
    }
    out
}

/// A card a #203 hit may discard: not a home card (it never goes to the
/// discard pile, §6.1) nor a mandatory event (ruling DD8).
fn corsair_discardable(card: Card) -> bool {
    !matches!(card.kind(), CardKind::Home | CardKind::Mandatory | CardKind::Diplomacy)
}

/// Where `side` has a squadron that may pay a hit.
fn corsair_squadrons(game: &Game, side: Power) -> impl Iterator<Item = (NavalLocation, Faction)> + '_ {
    let factions = corsair_factions(game, side);
    game.naval_stacks().filter(move |&(_, f, u)| factions.contains(f) && u.squadrons > 0).map(|(at, f, _)| (at, f))
}

/// #203 Corsair Raid: 4 dice, each 5 or 6 a hit on the other side, which
/// pays each by discarding a card or losing a squadron (its choice; a hit
/// it cannot pay is lost).
fn corsair_raid(game: &mut Game, power: Power, log: &mut dyn Log) {
    let dice = game.roll_dice(CORSAIR_DICE);
    log.event(Event::EventDice { power, card: Card::DipCorsairRaid, dice });
    let hits = dice.hits_from(5);
    let step = EventStep { left: hits, ..EventStep::new(Card::DipCorsairRaid, opponent(power)) };
    next_corsair_hit(game, step);
}

/// The next hit, if there is one and something pays it.
fn next_corsair_hit(game: &mut Game, step: EventStep) {
    let side = step.power;
    let can_pay = game.hand(side).iter().any(corsair_discardable) || corsair_squadrons(game, side).next().is_some();
    if step.left > 0 && can_pay {
        game.stack.push(Frame::Event(step));
    }
}

fn corsair_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let side = step.power;
    list.extend(game.hand(side).iter().filter(|&c| corsair_discardable(c)).map(Action::Discard));
    for (at, _) in corsair_squadrons(game, side) {
        let action = match at {
            NavalLocation::Port(space) => Action::SinkSquadronIn(space),
            NavalLocation::Sea(zone) => Action::SinkSquadronAt(zone),
        };
        if !list.contains(&action) {
            list.push(action);
        }
    }
}

/// A hit paid: the card discarded, or a squadron at the place lost (the
/// first faction of the side, in faction order, with one there: ruling
/// DD8).
fn corsair_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let side = step.power;
    let at = match action {
        Action::Discard(card) => {
            game.hands[side.index()].remove(card);
            game.discard.insert(card);
            log.event(Event::CardDiscarded { power: side, card });
            None
        }
        Action::SinkSquadronIn(space) => Some(NavalLocation::Port(space)),
        Action::SinkSquadronAt(zone) => Some(NavalLocation::Sea(zone)),
        _ => return,
    };
    if let Some(at) = at {
        let faction = corsair_squadrons(game, side).find(|&(l, _)| l == at).map(|(_, f)| f);
        if let Some(faction) = faction {
            game.lose_ships(faction, at, NavalUnits::squadrons(1), log);
            game.strand_at_sea(faction, at, log);
        }
    }
    next_corsair_hit(game, EventStep { left: step.left - 1, ..step });
}

// --- #201 Andrea Doria -------------------------------------------------------------

/// The CP of Genoese units #201 adds.
pub const DORIA_CP: u8 = 4;
/// What each Genoese unit costs of them (a regular or a squadron, §11.2).
const DORIA_UNIT_CP: u8 = 2;

/// The power #201 makes Genoa's ally: the Papacy when the Papacy plays it,
/// France when the Protestant does.
fn doria_ally(power: Power) -> Power {
    if power == Power::Papacy { Power::Papacy } else { Power::France }
}

/// The Genoese home spaces under `ally`'s control (Genoa being its ally)
/// where #201's units may go: `at` once the first unit is placed.
fn doria_spaces(game: &Game, ally: Power, at: Option<Space>) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.home() == Faction::Genoa && game.in_play(s) && at.is_none_or(|a| a == s))
        .filter(|&s| matches!(game.controller(s), f if f == Faction::Genoa || f == Faction::from(ally)))
        .collect()
}

/// #201 Andrea Doria: Genoa leaves its ally and becomes the Papacy's (when
/// the Papacy plays it) or France's (when the Protestant does). If it is
/// already that power's ally, 4 CP of Genoese units are added in one
/// Genoese home space under that power's control: two units, each a
/// regular or (in a port) a squadron, as the counters allow (ruling DD10).
fn andrea_doria(game: &mut Game, power: Power, log: &mut dyn Log) {
    let ally = doria_ally(power);
    if game.minor_ally(MinorPower::Genoa) != Some(ally) {
        within_zones(game, log, |g, l| {
            super::minors::switch_minor(g, MinorPower::Genoa, ally, l);
        });
        return;
    }
    let step = EventStep { left: DORIA_CP, target: Some(ally), ..EventStep::new(Card::DipAndreaDoria, power) };
    push_doria_step(game, step);
}

fn doria_units(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some(ally) = step.target else { return };
    for space in doria_spaces(game, ally, step.space) {
        if fits_one_more(game, Faction::Genoa, space, LandUnitKind::Regular) {
            list.push(Action::RaiseRegular(space));
        }
        if space.is_port() && naval_counters_free(game, Faction::Genoa) > 0 {
            list.push(Action::BuildSquadron(space));
        }
    }
}

/// The next unit's decision, if one may be added.
fn push_doria_step(game: &mut Game, step: EventStep) {
    let mut list = ActionList::new();
    doria_units(game, step, &mut list);
    if step.left >= DORIA_UNIT_CP && !list.is_empty() {
        game.stack.push(Frame::Event(step));
    }
}

fn doria_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let space = match action {
        Action::RaiseRegular(space) => {
            super::war::raise(game, Faction::Genoa, space, LandUnitKind::Regular, log, 0);
            space
        }
        Action::BuildSquadron(space) => {
            super::war::add_ships(game, Faction::Genoa, space, 1, 0);
            log.event(Event::SquadronBuilt { faction: Faction::Genoa, space });
            space
        }
        _ => return,
    };
    let next = EventStep { left: step.left - DORIA_UNIT_CP, space: Some(space), ..step };
    push_doria_step(game, next);
}

// --- Minor activations inside the zones ------------------------------------------

/// A log that passes everything on but the control changes.
struct NoControlLog<'a>(&'a mut dyn Log);

impl Log for NoControlLog<'_> {
    fn event(&mut self, event: Event) {
        if !matches!(event, Event::ControlChanged { .. }) {
            self.0.event(event);
        }
    }
}

/// Runs a minor's activation or deactivation so that, in the two-player
/// game, political control changes only where §24.3 lets it
/// (`two_player::control_may_change`): a Venetian or Genoese home space
/// outside those spaces keeps its marker (ruling DD11). The net changes
/// are reported.
fn within_zones(game: &mut Game, log: &mut dyn Log, change: impl FnOnce(&mut Game, &mut dyn Log)) {
    let before = game.clone();
    change(game, &mut NoControlLog(log));
    for space in Space::ALL {
        let (from, to) = (before.controller(space), game.controller(space));
        if from == to {
            continue;
        }
        if crate::rules::two_player::control_may_change(&before, space) {
            log.event(Event::ControlChanged { space, from, to });
        } else {
            game.put_control(space, from);
        }
    }
}

// --- #219 Spanish Inquisition ------------------------------------------------------

/// #219 Spanish Inquisition. Played by the Papacy: it looks at the
/// Protestant's diplomatic cards and picks one, which the Protestant
/// discards at once; the Protestant draws a replacement and must play the
/// other this turn (`Game::dip_must_play`; ruling DD12 when it holds one
/// card or none). Played by the Protestant: it shows its main-deck hand
/// to the Papacy.
fn spanish_inquisition(game: &mut Game, power: Power, log: &mut dyn Log) {
    if power == Power::Protestant {
        let hand = game.hand(Power::Protestant);
        game.seen.record(Power::Papacy, Power::Protestant, hand);
        log.event(Event::HandReviewed { viewer: Power::Papacy, power: Power::Protestant });
        return;
    }
    if !game.dip_hand(Power::Protestant).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::DipSpanishInquisition, Power::Papacy)));
    }
}

fn inquisition_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::Discard(card) = action else { return };
    let side = Power::Protestant;
    game.dip.held[side.index()].remove(card);
    game.dip.discard.insert(card);
    log.event(Event::CardDiscarded { power: side, card });
    let other = game.dip_hand(side).iter().next();
    game.draw_dip_card(side, log);
    game.dip.must_play = other;
}

// --- #204 Diplomatic Marriage ------------------------------------------------------

/// Whether `power` may activate `minor` by a card now (§22.1's table, the
/// minor inactive), with no power left a free declaration of war to make
/// (ruling AL6: that choice is built only inside an intervention).
fn may_activate(game: &Game, power: Power, minor: MinorPower) -> bool {
    minor::activation(game, power, minor)
        .is_some_and(|a| a.at_war_with_minor.iter().all(|w| w.declaration != minor::FreeDeclaration::Optional))
}

/// The power #204, played by `power`, makes an inactive `minor` the ally
/// of, if it may: the Papacy for itself (§22.1); the Protestant for the
/// Hapsburg, Genoa or Venice only (the face's addition).
fn marriage_patron(game: &Game, power: Power, minor: MinorPower) -> Option<Power> {
    let patron = match power {
        Power::Papacy => Power::Papacy,
        _ if matches!(minor, MinorPower::Genoa | MinorPower::Venice) => Power::Hapsburg,
        _ => return None,
    };
    may_activate(game, patron, minor).then_some(patron)
}

/// Whether #204, played by `power`, may deactivate `minor`: an active minor
/// that may be deactivated (§22.1: not Hungary-Bohemia); the Papacy not its
/// own ally (ruling AL5), the Protestant any (the face's addition).
fn marriage_deactivates(game: &Game, power: Power, minor: MinorPower) -> bool {
    minor::can_deactivate(game, minor) && (power == Power::Protestant || game.minor_ally(minor) != Some(power))
}

/// The minors #204 lets `power` activate or deactivate now.
fn marriage_targets(game: &Game, power: Power) -> EnumSet<MinorPower> {
    MinorPower::ALL
        .into_iter()
        .filter(|&m| marriage_patron(game, power, m).is_some() || marriage_deactivates(game, power, m))
        .collect()
}

/// #204 Diplomatic Marriage: the player picks a minor (`Target` its key,
/// as #73), which is activated if inactive, else deactivated (ruling DC1).
/// With none to pick, nothing happens.
fn diplomatic_marriage(game: &mut Game, power: Power, _: &mut dyn Log) {
    if !marriage_targets(game, power).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::DipDiplomaticMarriage, power)));
    }
}

fn marriage_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    list.extend(
        marriage_targets(game, step.power).iter().map(|m| Action::Target(super::minors::minor_target_space(m))),
    );
}

fn marriage_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::Target(space) = action else { return };
    let Some(m) = MinorPower::ALL.into_iter().find(|&m| super::minors::minor_target_space(m) == space) else { return };
    match marriage_patron(game, step.power, m) {
        Some(patron) => within_zones(game, log, |g, l| {
            super::minors::switch_minor(g, m, patron, l);
        }),
        None => within_zones(game, log, |g, l| deactivate(g, m, l)),
    }
}

// --- #209 Plague and #218 Siege of Vienna: units removed one by one -----------------

/// The units #209 removes, at most one per space.
pub const PLAGUE_UNITS: u8 = 3;
/// The Hapsburg or Hungarian land units #218 removes.
pub const VIENNA_UNITS: u8 = 2;
/// How near Vienna #218's units are (land steps).
pub const VIENNA_RANGE: u8 = 2;

/// The steps of a removal: the space, then (with several there) the
/// faction, then (with several kinds) the kind: `KIND + faction index`.
const REMOVE_SPACE: u8 = 0;
const REMOVE_FACTION: u8 = 1;
const REMOVE_KIND: u8 = 2;

/// Whether the removal of `card` may take units of `faction`, land units
/// only or ships in port too.
fn removable_faction(card: Card, faction: Faction) -> bool {
    card == Card::DipPlague || matches!(faction, Faction::Hapsburg | Faction::HungaryBohemia)
}

/// The land and naval units (all factions) in `space`, ships in its port.
fn units_in(game: &Game, space: Space) -> u8 {
    let land = game.land_units_in(space).fold(0u8, |n, (_, u, _)| n.saturating_add(u.total()));
    let at = NavalLocation::Port(space);
    let naval = game.naval_stacks().filter(|&(l, _, _)| l == at).fold(0u8, |n, (_, _, u)| n.saturating_add(u.total()));
    land.saturating_add(naval)
}

/// The kinds of `faction`'s units in `space` that `card` may remove, as
/// the actions naming them.
fn removable_kinds(game: &Game, card: Card, space: Space, faction: Faction, list: &mut ActionList) {
    if !removable_faction(card, faction) {
        return;
    }
    let land = game.land_units(space, faction);
    list.extend(LandUnitKind::ALL.into_iter().filter(|&k| land.count(k) > 0).map(Action::LoseUnit));
    if card == Card::DipPlague {
        let ships = game.naval_units(NavalLocation::Port(space), faction);
        if ships.squadrons > 0 {
            list.push(Action::LoseShip(NavalUnitKind::Squadron));
        }
        if ships.corsairs > 0 {
            list.push(Action::LoseShip(NavalUnitKind::Corsair));
        }
    }
}

/// Whether `card` may remove a unit of `faction` in `space`: what
/// [`removable_kinds`] lists is not empty.
fn has_removable(game: &Game, card: Card, space: Space, faction: Faction) -> bool {
    removable_faction(card, faction)
        && (!game.land_units(space, faction).is_empty()
            || (card == Card::DipPlague && game.naval_units(NavalLocation::Port(space), faction).total() > 0))
}

/// The factions with a unit in `space` that `card` may remove.
fn removable_factions(game: &Game, card: Card, space: Space) -> EnumSet<Faction> {
    Faction::ALL.into_iter().filter(|&f| has_removable(game, card, space, f)).collect()
}

/// The spaces the next unit of `step`'s removal may come from: #209 a
/// space in play with more than one unit, not used before; #218 a space
/// within 2 land steps of Vienna with a Hapsburg or Hungarian land unit.
fn removal_spaces(game: &Game, step: EventStep) -> EnumSet<Space> {
    let card = step.card;
    let land = game.land_stack_tuples().filter(|&(_, f, units, _)| !units.is_empty() && removable_faction(card, f));
    let ports = game
        .naval_stacks()
        .filter(|&(_, f, units)| card == Card::DipPlague && units.total() > 0 && removable_faction(card, f));
    let mut spaces: EnumSet<Space> = land.map(|(s, ..)| s).collect();
    spaces.extend(ports.filter_map(|(at, ..)| match at {
        NavalLocation::Port(s) => Some(s),
        NavalLocation::Sea(_) => None,
    }));
    spaces
        .iter()
        .filter(|&s| game.in_play(s))
        .filter(|&s| match step.card {
            Card::DipPlague => units_in(game, s) > 1 && !step.used.contains(&Some(s)),
            _ => s.land_distance(Space::Vienna).is_some_and(|d| d <= VIENNA_RANGE),
        })
        .collect()
}

/// #209 Plague: the player removes 3 units (land or naval, any power's),
/// each from a different space holding more than one unit; then a random
/// card of the opponent's hand (not a home card) is discarded (ruling DC2).
fn plague(game: &mut Game, power: Power, log: &mut dyn Log) {
    let step = EventStep { left: PLAGUE_UNITS, ..EventStep::new(Card::DipPlague, power) };
    if !next_removal(game, step) {
        plague_discard(game, power, log);
    }
}

/// #209's last part: a random card of `power`'s opponent's main hand.
fn plague_discard(game: &mut Game, power: Power, log: &mut dyn Log) {
    let side = opponent(power);
    if let Some(card) = game.take_random_card(side) {
        game.discard.insert(card);
        log.event(Event::CardDiscarded { power: side, card });
    }
}

/// #218 Siege of Vienna: the player removes 2 Hapsburg or Hungarian land
/// units within 2 spaces of Vienna (ruling DC3 for the ban on moves).
fn siege_of_vienna(game: &mut Game, power: Power, _: &mut dyn Log) {
    game.vienna_frozen = near_vienna(game);
    let step = EventStep { left: VIENNA_UNITS, ..EventStep::new(Card::DipSiegeOfVienna, power) };
    next_removal(game, step);
}

/// The spaces within [`VIENNA_RANGE`] of Vienna (over land, Vienna
/// included) holding Hapsburg or Hungarian land units.
fn near_vienna(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples()
        .filter(|&(s, f, u, _)| {
            matches!(f, Faction::Hapsburg | Faction::HungaryBohemia) && !u.is_empty() && game.in_play(s)
        })
        .filter(|&(s, ..)| s.land_distance(Space::Vienna).is_some_and(|d| d <= VIENNA_RANGE))
        .map(|(s, ..)| s)
        .collect()
}

/// #218's ban (ruling DC3): the Hapsburg's formations (its own units and
/// its allied Hungarian regulars) may not move this turn out of a space
/// near Vienna that held Hapsburg or Hungarian units when the card was
/// played.
pub(crate) fn frozen_near_vienna(game: &Game, power: Power, from: Space) -> bool {
    power == Power::Hapsburg && game.vienna_frozen.contains(from)
}

/// Whether a loaded game's #218 spaces fit: within range of Vienna, and
/// only in a turn in which the card was played.
pub(crate) fn vienna_frozen_fits(game: &Game) -> bool {
    let played = game.events_played.iter().any(|p| p.contains(Card::DipSiegeOfVienna));
    (played || game.vienna_frozen.is_empty())
        && game.vienna_frozen.iter().all(|s| s.land_distance(Space::Vienna).is_some_and(|d| d <= VIENNA_RANGE))
}

/// Asks for the next unit of the removal, if one is left to remove and
/// may be; returns whether it asked.
fn next_removal(game: &mut Game, step: EventStep) -> bool {
    let next = EventStep { step: REMOVE_SPACE, space: None, ..step };
    let asks = step.left > 0 && !removal_spaces(game, next).is_empty();
    if asks {
        game.stack.push(Frame::Event(next));
    }
    asks
}

fn removal_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let Some(space) = step.space else {
        list.extend(removal_spaces(game, step).iter().map(Action::Target));
        return;
    };
    match step.step {
        REMOVE_FACTION => list.extend(removable_factions(game, step.card, space).iter().map(Action::RemoveUnitOf)),
        n => {
            if let Some(faction) = Faction::ALL.get(usize::from(n.saturating_sub(REMOVE_KIND))) {
                removable_kinds(game, step.card, space, *faction, list);
            }
        }
    }
}

/// The faction chosen: its unit's kind is asked, unless there is one.
fn removal_faction(game: &mut Game, step: EventStep, space: Space, faction: Faction, log: &mut dyn Log) {
    let mut kinds = ActionList::new();
    removable_kinds(game, step.card, space, faction, &mut kinds);
    let kind = EventStep { step: REMOVE_KIND + faction.index() as u8, ..step };
    match kinds.as_slice() {
        [only] => remove_unit(game, kind, *only, log),
        _ => game.stack.push(Frame::Event(kind)),
    }
}

fn removal_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match (action, step.space) {
        (Action::Target(space), None) => {
            let chosen = EventStep { space: Some(space), ..step };
            let factions = removable_factions(game, step.card, space);
            match (factions.len(), factions.iter().next()) {
                (1, Some(faction)) => removal_faction(game, chosen, space, faction, log),
                _ => game.stack.push(Frame::Event(EventStep { step: REMOVE_FACTION, ..chosen })),
            }
        }
        (Action::RemoveUnitOf(faction), Some(space)) => removal_faction(game, step, space, faction, log),
        (Action::LoseUnit(_) | Action::LoseShip(_), Some(_)) => remove_unit(game, step, action, log),
        _ => {}
    }
}

/// One unit of the chosen kind removed; the next is asked, and after
/// #209's last its discard follows.
fn remove_unit(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    let (Some(space), Some(&faction)) =
        (step.space, Faction::ALL.get(usize::from(step.step.saturating_sub(REMOVE_KIND))))
    else {
        return;
    };
    match action {
        Action::LoseUnit(kind) => {
            let one = LandUnits::NONE.plus_one(kind);
            game.remove_units(space, faction, one, log);
        }
        Action::LoseShip(kind) => {
            // Ships lost in any way go to the turn track (§5.3).
            let at = NavalLocation::Port(space);
            let units = match kind {
                NavalUnitKind::Squadron => NavalUnits::squadrons(1),
                NavalUnitKind::Corsair => NavalUnits { corsairs: 1, ..NavalUnits::NONE },
            };
            game.lose_ships(faction, at, units, log);
            game.strand_at_sea(faction, at, log);
        }
        _ => return,
    }
    let mut used = step.used;
    if let Some(slot) = used.iter_mut().find(|s| s.is_none()) {
        *slot = Some(space);
    }
    let next = EventStep { left: step.left.saturating_sub(1), used, ..step };
    if !next_removal(game, next) && step.card == Card::DipPlague {
        plague_discard(game, step.power, log);
    }
}

// --- #205 Diplomatic Pressure ------------------------------------------------------

/// #205 Diplomatic Pressure: the player looks at the other side's
/// diplomatic cards. The Papacy picks the one the Protestant must play
/// this turn (`Action::Compel`); the Protestant makes the Papacy discard
/// its card and draw another (`Action::Discard`) or swaps its own
/// remaining card for it (`Action::GiveCard`). Ruling DC4.
fn diplomatic_pressure(game: &mut Game, power: Power, _: &mut dyn Log) {
    let mut list = ActionList::new();
    pressure_actions(game, EventStep::new(Card::DipDiplomaticPressure, power), &mut list);
    if power == Power::Papacy && list.len() == 1 {
        // One card held: it is the compulsory one (both now know it).
        game.dip.must_play = game.dip_hand(Power::Protestant).iter().next();
    } else if !list.is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::DipDiplomaticPressure, power)));
    }
}

fn pressure_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let other = opponent(step.power);
    let theirs = game.dip_hand(other);
    if step.power == Power::Papacy {
        list.extend(theirs.iter().map(Action::Compel));
        return;
    }
    list.extend(theirs.iter().map(Action::Discard));
    if theirs.len() == 1 {
        list.extend(game.dip_hand(step.power).iter().map(Action::GiveCard));
    }
}

fn pressure_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let other = opponent(step.power);
    match action {
        Action::Compel(card) => game.dip.must_play = Some(card),
        Action::Discard(card) => {
            game.dip.held[other.index()].remove(card);
            game.dip.discard.insert(card);
            log.event(Event::CardDiscarded { power: other, card });
            game.draw_dip_card(other, log);
        }
        Action::GiveCard(own) => {
            let Some(theirs) = game.dip_hand(other).iter().next() else { return };
            game.dip.held[other.index()].remove(theirs);
            game.dip.held[step.power.index()].remove(own);
            game.dip.held[other.index()].insert(own);
            game.dip.held[step.power.index()].insert(theirs);
        }
        _ => {}
    }
}

// --- #215 Machiavelli --------------------------------------------------------------

/// The invasion cards (#202, #206, #211, #213, #214, #216).
pub const INVASIONS: [Card; 6] = [
    Card::DipFrenchConstableInvades,
    Card::DipFrenchInvasion,
    Card::DipSpanishInvasion,
    Card::DipAustrianInvasion,
    Card::DipImperialInvasion,
    Card::DipOttomanInvasion,
];

/// The side behind in VP, or `power` (the card's player) on a tie.
fn trailing(game: &Game, power: Power) -> Power {
    let (papal, protestant) = (game.vp(Power::Papacy).total(), game.vp(Power::Protestant).total());
    match papal.cmp(&protestant) {
        std::cmp::Ordering::Less => Power::Papacy,
        std::cmp::Ordering::Greater => Power::Protestant,
        std::cmp::Ordering::Equal => power,
    }
}

/// The invasion cards #215 may play: built ones in the diplomatic pile or
/// its discards, not played earlier this turn.
fn machiavelli_cards(game: &Game) -> EnumSet<Card> {
    let played = game.events_played.iter().fold(EnumSet::EMPTY, |a, p| a.union(*p));
    INVASIONS
        .into_iter()
        .filter(|&c| game.dip_deck.contains(c) || game.dip.discard.contains(c))
        .filter(|&c| !played.contains(c) && super::event_built(c))
        .collect()
}

/// #215 Machiavelli: the side trailing in VP (the card's player on a tie)
/// picks an invasion card of the pile or its discards and plays it; then
/// the whole diplomatic deck is reshuffled, this card and that one
/// included (ruling DC5).
fn machiavelli(game: &mut Game, power: Power, log: &mut dyn Log) {
    if machiavelli_cards(game).is_empty() {
        game.reshuffle_dip_discard(log);
    } else {
        game.stack.push(Frame::Event(EventStep::new(Card::DipMachiavelli, trailing(game, power))));
    }
}

fn machiavelli_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::PlayEvent(card) = action {
        game.dip_deck.remove(card);
        game.dip.discard.insert(card);
        game.events_played[step.power.index()].insert(card);
        log.event(Event::CardPlayedAsEvent { power: step.power, card });
        game.resolve_event(step.power, card, log);
    }
    game.reshuffle_dip_discard(log);
}

// --- #207 Henry Petitions for Divorce ----------------------------------------------

/// The Hapsburg mercenaries #207's granted divorce adds.
pub const DIVORCE_MERCENARIES: u8 = 4;
/// The Hapsburg regulars #207's refused divorce adds.
pub const DIVORCE_REGULARS: u8 = 3;

/// #207's steps: the Papacy's choice, the space of the mercenaries (the
/// Protestant's), the debate's zone, then the regulars one by one.
const DIVORCE_CHOICE: u8 = 0;
const DIVORCE_MERCS: u8 = 1;
const DIVORCE_DEBATE: u8 = 2;
const DIVORCE_REGULARS_STEP: u8 = 3;

/// The Hapsburg-controlled spaces in play, not under siege, where one more
/// Hapsburg unit of `kind` fits the counters; in the Italian zone only for
/// the mercenaries.
fn divorce_spaces(game: &Game, kind: LandUnitKind) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && game.controller(s) == Faction::Hapsburg && !super::war::under_siege(game, s))
        .filter(|&s| kind != LandUnitKind::Mercenary || s.language() == Some(LanguageZone::Italian))
        .filter(|&s| fits_one_more(game, Faction::Hapsburg, s, kind))
        .collect()
}

/// The zones the Papacy may call #207's debate in.
fn divorce_zones(game: &Game) -> impl Iterator<Item = LanguageZone> + '_ {
    crate::rules::debate::DEBATE_ZONES
        .into_iter()
        .filter(|&z| crate::rules::debate::can_call_debate(game, Power::Papacy, z))
}

/// #207 Henry Petitions for Divorce: the Papacy chooses, whoever played it
/// (ruling DC6). Granted (`Action::GrantDivorce`): the Papacy draws a main
/// deck card, the Protestant adds 4 Hapsburg mercenaries in a
/// Hapsburg-controlled Italian space, and the Papacy calls a debate in any
/// zone, Campeggio its debater if he can be. Refused (`Action::Decline`):
/// the Papacy adds 3 Hapsburg regulars among Hapsburg-controlled spaces.
/// Henry's marriages are not touched. The card leaves the game.
fn henry_petitions(game: &mut Game, _: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep::new(Card::DipHenryPetitionsForDivorce, Power::Papacy)));
}

fn divorce_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        DIVORCE_CHOICE => list.extend([Action::GrantDivorce, Action::Decline]),
        DIVORCE_MERCS => list.extend(divorce_spaces(game, LandUnitKind::Mercenary).iter().map(Action::PlaceAt)),
        DIVORCE_DEBATE => list.extend(divorce_zones(game).map(Action::CallDebate)),
        _ => list.extend(divorce_spaces(game, LandUnitKind::Regular).iter().map(Action::RaiseRegular)),
    }
}

/// Pushes #207's step `at` for `power` if it has a choice.
fn push_divorce_step(game: &mut Game, power: Power, at: u8, left: u8) -> bool {
    let step = EventStep { step: at, left, ..EventStep::new(Card::DipHenryPetitionsForDivorce, power) };
    let mut list = ActionList::new();
    divorce_actions(game, step, &mut list);
    let asks = !list.is_empty();
    if asks {
        game.stack.push(Frame::Event(step));
    }
    asks
}

fn divorce_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::GrantDivorce => {
            game.draw_from_deck(Power::Papacy, log);
            if !push_divorce_step(game, Power::Protestant, DIVORCE_MERCS, 0) {
                push_divorce_step(game, Power::Papacy, DIVORCE_DEBATE, 0);
            }
        }
        Action::Decline => {
            push_divorce_step(game, Power::Papacy, DIVORCE_REGULARS_STEP, DIVORCE_REGULARS);
        }
        Action::PlaceAt(space) => {
            super::war::raise_up_to(game, Faction::Hapsburg, space, LandUnitKind::Mercenary, DIVORCE_MERCENARIES, log);
            push_divorce_step(game, Power::Papacy, DIVORCE_DEBATE, 0);
        }
        Action::CallDebate(zone) => {
            let papal =
                crate::rules::debate::debaters(game, Power::Papacy, zone, crate::game::DebaterState::Uncommitted);
            let campeggio =
                papal.contains(crate::types::Debater::Campeggio).then_some(crate::types::Debater::Campeggio);
            game.begin_debate_with(Power::Papacy, zone, campeggio, None, log);
        }
        Action::RaiseRegular(space) => {
            super::war::raise(game, Faction::Hapsburg, space, LandUnitKind::Regular, log, 0);
            let left = step.left.saturating_sub(1);
            if left > 0 {
                push_divorce_step(game, Power::Papacy, DIVORCE_REGULARS_STEP, left);
            }
        }
        _ => {}
    }
}
