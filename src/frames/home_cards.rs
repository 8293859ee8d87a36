//! The discard of a card of one's choice (§6.1), which card events ask
//! for (Patron of the Arts, #4).

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::types::{Card, CardKind, Power};

/// Whether `card` may be chosen for a discard (§6.1): neither a home card
/// nor a mandatory event.
fn discardable(card: Card) -> bool {
    !matches!(card.kind(), CardKind::Home | CardKind::Mandatory)
}

impl Game {
    /// `power` discards a card of its choice. It is always asked, so the
    /// question leaks nothing of its hand; holding no card it may discard,
    /// it may only say `done` (the discard is skipped, §6.1).
    pub(crate) fn begin_discard(&mut self, power: Power) {
        self.stack.push(Frame::Discard { power });
    }

    pub(crate) fn discard_actions(&self, power: Power, list: &mut ActionList) {
        list.extend(self.hand(power).iter().filter(|&c| discardable(c)).map(Action::Discard));
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    pub(crate) fn apply_discard(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Action::Discard(card) = action {
            self.hands[power.index()].remove(card);
            self.discard.insert(card);
            log.event(Event::CardDiscarded { power, card });
        }
    }
}
