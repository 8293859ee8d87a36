//! Sieges betrayed, cities sacked, borders raided: #105 Treachery!, #95
//! Sack of Rome, #97 Scots Raid.

use super::war::under_siege;
use super::{CardEvent, EventStep, Steps};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::battle::is_besieging;
use crate::sets::EnumSet;
use crate::types::{Card, Power, Space};

pub(super) const EVENTS: &[CardEvent] = &[CardEvent::plain(
    Card::Treachery,
    |game, _| !treachery_spaces(game).is_empty(),
    |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::Treachery, power))),
)
.with_steps(Steps {
    prompt: |step| match step.step {
        0 => "the besieged space betrayed",
        _ => "the besieging power that assaults",
    },
    actions: treachery_actions,
    apply: treachery_apply,
    fits: |step| step.step == 0 || (step.step == 1 && step.space.is_some()),
})];

// --- #105 Treachery! ----------------------------------------------------------------

/// The powers besieging `space` with their own units (#105: one of them
/// assaults).
pub fn treachery_besiegers(game: &Game, space: Space) -> EnumSet<Power> {
    Power::ALL.into_iter().filter(|&p| is_besieging(game, p, space)).collect()
}

/// The spaces #105 may target: fortified spaces under siege by a major
/// power's units, whatever its line of communication, the ships nearby,
/// or when the siege began.
pub fn treachery_spaces(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.is_fortified(s) && under_siege(game, s) && !treachery_besiegers(game, s).is_empty())
        .collect()
}

fn treachery_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.space {
        None => list.extend(treachery_spaces(game).iter().map(Action::Target)),
        Some(space) => list.extend(treachery_besiegers(game, space).iter().map(Action::TargetPower)),
    }
}

/// #105 Treachery!: the player picks a besieged space, then (if several
/// powers besiege it) the besieging power; that power assaults at once, for
/// no CP, even without a line of communication or against the defender's
/// ships (§15.1's other steps as usual). If its besiegers still outnumber
/// the units inside afterwards, those are eliminated, the leaders inside
/// captured and the space taken (`frames::siege`, the assault's
/// `surrender`).
fn treachery_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let (space, power) = match (action, step.space) {
        (Action::Target(space), _) => {
            let powers = treachery_besiegers(game, space);
            match powers.iter().next() {
                Some(power) if powers.len() == 1 => (space, power),
                _ => {
                    game.stack.push(Frame::Event(EventStep { step: 1, space: Some(space), ..step }));
                    return;
                }
            }
        }
        (Action::TargetPower(power), Some(space)) => (space, power),
        _ => return,
    };
    game.start_assault(power, space, true, log);
}
