//! Fortresses built in play: #104 Trace Italienne. The built fortress is
//! state (`Game::fortresses_built`), and every rule that reads "fortified"
//! reads `Game::is_fortified`.

use super::{CardEvent, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::construction::fits_one_more;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Space};

pub(super) const EVENTS: &[CardEvent] = &[CardEvent::plain(Card::TraceItalienne, always, |game, power, _| {
    if !unfortified(game).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::TraceItalienne, power)));
    }
})
.with_steps(Steps {
    prompt: |_| "the space given a fortress",
    actions: |game, _, list: &mut ActionList| list.extend(unfortified(game).iter().map(Action::PlaceAt)),
    apply: trace_italienne,
    fits: |step| step.step == 0,
})];

/// The spaces #104 may fortify: unfortified spaces in play, whoever
/// controls them, in unrest or not.
pub fn unfortified(game: &Game) -> EnumSet<Space> {
    Space::ALL.into_iter().filter(|&s| game.in_play(s) && !game.is_fortified(s)).collect()
}

/// #104 Trace Italienne: the player picks an unfortified space, which
/// takes a fortress; unless it is independent or in unrest, 1 regular of
/// its controller (a major or a minor power) is added there from its
/// counter mix (none beyond the counters). If enemy land units of the
/// controller stand there, the new regular is inside, besieged (§15).
/// In the two-player game a Papal or Protestant regular is not added
/// outside the German and Italian zones (§24.3: a Papal Liège or Metz
/// gets the fortress only; ruling TZ20).
fn trace_italienne(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let Action::PlaceAt(space) = action else { return };
    game.fortresses.insert(space);
    log.event(Event::FortressBuilt(space));
    let controller = game.controller(space);
    if controller == Faction::Independent || game.in_unrest(space) {
        return;
    }
    if !fits_one_more(game, controller, space, LandUnitKind::Regular) {
        return;
    }
    if controller.major().is_some_and(|p| !crate::rules::two_player::may_stand(game, p, space)) {
        return;
    }
    let besieged = game.is_besieged(space, controller) || enemies_there(game, controller, space);
    let units = game.land_units(space, controller).plus_one(LandUnitKind::Regular);
    game.put_units(space, controller, units, besieged);
    log.event(Event::UnitRaised { faction: controller, kind: LandUnitKind::Regular, space });
    // A siege that no longer holds breaks at the events' common check
    // (`Game::resolve_event`).
}

/// Whether land units at war with `faction` stand in `space`.
fn enemies_there(game: &Game, faction: Faction, space: Space) -> bool {
    game.land_units_in(space).any(|(f, units, _)| f != faction && !units.is_empty() && game.at_war(f, faction))
}
