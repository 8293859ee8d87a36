//! Home-card events (§6.1, §21): Holy Roman Emperor (#2), Patron of the
//! Arts (#4) and the discard of a card of one's choice it asks for. (Janissaries, #1, is in
//! `frames::combat_cards`.)

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LeaderLocation};
use crate::rules::home_cards::{CHATEAUX_MAX, chateaux_modifier, chateaux_result, emperor_spaces};
use crate::types::{Card, CardKind, Leader, Power};

/// Whether `card` may be chosen for a discard (§6.1): neither a home card
/// nor a mandatory event.
fn discardable(card: Card) -> bool {
    !matches!(card.kind(), CardKind::Home | CardKind::Mandatory)
}

impl Game {
    /// Patron of the Arts (#4, §21.4): France rolls a die plus
    /// `rules::home_cards::chateaux_modifier` on the chateaux table, gains
    /// its chateau VP (up to 6), draws its cards from the deck, then
    /// discards one of its choice if the table says so (skipped when only
    /// home cards and mandatory events are in hand).
    pub(crate) fn patron_of_the_arts(&mut self, log: &mut dyn Log) {
        let die = self.roll_dice(1);
        let modifier = chateaux_modifier(self);
        let (vp, draws, discards) = chateaux_result(die.sum() as i8 + modifier);
        let vp = vp.min(CHATEAUX_MAX - self.chateaux_vp.min(CHATEAUX_MAX));
        self.chateaux_vp += vp;
        log.event(Event::ChateauxRoll { dice: die, modifier, vp });
        for _ in 0..draws {
            self.draw_from_deck(Power::France, log);
        }
        if discards > 0 {
            self.begin_discard(Power::France);
        }
    }

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

/// Holy Roman Emperor (#2, §21.2).
impl Game {
    /// The Hapsburg gets 5 CP to spend, and first may move Charles V to a
    /// space `rules::home_cards::emperor_spaces` allows (the Duke of Alva
    /// with him if he stands in Charles's space: the event is the first
    /// thing of the impulse), or leave him where he is.
    pub(crate) fn holy_roman_emperor(&mut self) {
        let cp = Card::HolyRomanEmperor.cp();
        self.stack.push(Frame::Spend { power: Power::Hapsburg, cp, abandoned: crate::sets::EnumSet::EMPTY });
        if !emperor_spaces(self).is_empty() {
            self.stack.push(Frame::HolyRomanEmperor { alva: false });
        }
    }

    /// Alva stands with Charles V.
    fn alva_with_charles(&self) -> bool {
        let charles = self.leader_location(Leader::CharlesV);
        matches!(charles, LeaderLocation::Space(_)) && self.leader_location(Leader::DukeOfAlva) == charles
    }

    pub(crate) fn emperor_actions(&self, alva: bool, list: &mut ActionList) {
        list.push(Action::Decline);
        if !alva && self.alva_with_charles() {
            list.push(Action::AddLeader(Leader::DukeOfAlva));
        }
        list.extend(emperor_spaces(self).iter().map(Action::PlaceAt));
    }

    pub(crate) fn apply_emperor(&mut self, alva: bool, action: Action, log: &mut dyn Log) {
        match action {
            Action::AddLeader(_) => {
                if let Some(Frame::HolyRomanEmperor { alva }) = self.stack.top_mut() {
                    *alva = true;
                }
            }
            Action::PlaceAt(space) => {
                self.stack.pop();
                let to = LeaderLocation::Space(space);
                let mut moving = vec_of(Leader::CharlesV);
                if alva && self.alva_with_charles() {
                    moving.push(Leader::DukeOfAlva);
                }
                for leader in moving {
                    self.leaders[leader.index()] = to;
                    log.event(Event::LeaderPlaced { leader, to });
                }
            }
            _ => {
                self.stack.pop();
            }
        }
    }
}

fn vec_of(leader: Leader) -> smallvec::SmallVec<[Leader; 2]> {
    let mut v = smallvec::SmallVec::new();
    v.push(leader);
    v
}
