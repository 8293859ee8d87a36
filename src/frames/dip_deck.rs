//! The two-player diplomatic deck and phase (§24.3, the two-player
//! sequence of play).
//!
//! Turn 1: each side draws one diplomatic card and plays none. Turns 2-9:
//! each draws one, then the Papacy plays one and then the Protestant plays
//! one ([`Frame::DiplomaticPlay`]). A card must be played even if it helps
//! the opponent, and no response answers it (The Wartburg cannot cancel
//! it). Cards #213-#219 join the deck, with the diplomatic discards
//! reshuffled into it, at the diplomacy phase of the turn after the
//! Schmalkaldic League formed; the deck is reshuffled only then, after
//! Machiavelli (#215), and when a draw finds it empty (ruling DD2).
//!
//! The held diplomatic cards are not in the main hands (`Game::hand`), so
//! no main-deck rule (card draw, debates, random discards, Plague's pick,
//! war payment, winter limits) ever touches them (ruling DD1).

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::Game;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Power};

/// The two sides of the two-player game, in the order they draw and play.
pub(crate) const SIDES: [Power; 2] = [Power::Papacy, Power::Protestant];

/// The diplomatic deck's state beyond its draw pile (`Game::dip_deck`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct DipState {
    /// The diplomatic discard pile.
    pub discard: EnumSet<Card>,
    /// The diplomatic cards each side holds, by `Power` index (only the
    /// Papacy's and the Protestant's are ever filled).
    pub held: [EnumSet<Card>; Power::COUNT],
    /// Whether #213-#219 have joined the deck (the turn after the League).
    pub late_added: bool,
    /// The card the Protestant must play this turn, chosen by the Papacy
    /// (Diplomatic Pressure, #205; Spanish Inquisition, #219).
    pub must_play: Option<Card>,
}

/// The diplomatic cards that join the deck at the start (#201-#212) or the
/// turn after the League (#213-#219), whose events are built: a card not
/// built never enters the deck (ruling DD3).
pub(crate) fn joining(late: bool) -> EnumSet<Card> {
    use crate::data::cards::Entry;
    Card::ALL
        .into_iter()
        .filter(|c| c.kind() == CardKind::Diplomacy && (c.entry() == Entry::Variable) == late)
        .filter(|&c| crate::events::event_built(c))
        .collect()
}

impl Game {
    /// The diplomatic cards `power` holds (§24.3): only the Papacy and the
    /// Protestant of the two-player game hold any. They are not part of
    /// [`Game::hand`].
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1));
    /// game.give_card(Power::Papacy, Card::DipKnightsOfStJohn)?;
    /// assert!(game.dip_hand(Power::Papacy).contains(Card::DipKnightsOfStJohn));
    /// assert!(!game.hand(Power::Papacy).contains(Card::DipKnightsOfStJohn));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn dip_hand(&self, power: Power) -> EnumSet<Card> {
        self.dip.held[power.index()]
    }

    /// The diplomatic discard pile (§24.3).
    pub fn dip_discard(&self) -> EnumSet<Card> {
        self.dip.discard
    }

    /// The card the Protestant must play in this turn's diplomacy phase,
    /// if the Papacy chose it (#205, #219).
    pub fn dip_must_play(&self) -> Option<Card> {
        self.dip.must_play
    }

    /// Whether cards #213-#219 have joined the diplomatic deck.
    pub fn dip_late_cards_added(&self) -> bool {
        self.dip.late_added
    }

    /// The two-player diplomacy phase, one step per call while no decision
    /// is pending (`impulse_index` is the cursor): 0 the Papacy's ending of
    /// its wars (from turn 2, `frames::peace`), 1 the late cards and the
    /// draws, 2 the Papacy's play, 3 the Protestant's, then the phase ends.
    pub(crate) fn two_player_diplomacy(&mut self, log: &mut dyn Log) -> bool {
        match self.impulse_index {
            0 => {
                self.impulse_index = 1;
                if self.turn > 1 {
                    self.begin_two_player_peace(log);
                }
                true
            }
            1 => {
                self.add_late_dip_cards(log);
                for side in SIDES {
                    self.draw_dip_card(side, log);
                }
                self.impulse_index = if self.turn == 1 { 4 } else { 2 };
                true
            }
            2 | 3 => {
                let side = SIDES[usize::from(self.impulse_index) - 2];
                self.impulse_index += 1;
                if !self.dip_hand(side).is_empty() {
                    self.stack.push(Frame::DiplomaticPlay { power: side });
                }
                true
            }
            _ => {
                self.impulse_index = 0;
                self.dip.must_play = None;
                false
            }
        }
    }

    /// #213-#219 join, and the discards are shuffled in, at the first
    /// diplomacy phase after the League formed (§24.3, 2P SOP).
    fn add_late_dip_cards(&mut self, log: &mut dyn Log) {
        if self.schmalkaldic_league && !self.dip.late_added && self.turn > 1 {
            self.dip.late_added = true;
            self.dip_deck = self.dip_deck.union(joining(true));
            self.reshuffle_dip_discard(log);
        }
    }

    /// The diplomatic discards go back into the draw pile (its order is
    /// random: each draw picks at random).
    pub(crate) fn reshuffle_dip_discard(&mut self, log: &mut dyn Log) {
        self.dip_deck = self.dip_deck.union(self.dip.discard);
        self.dip.discard = EnumSet::EMPTY;
        log.event(Event::DipDeckReshuffled);
    }

    /// `power` draws a random card of the diplomatic pile; an empty pile
    /// takes the discards first (ruling DD2); with none at all, no draw.
    pub(crate) fn draw_dip_card(&mut self, power: Power, log: &mut dyn Log) {
        if self.dip_deck.is_empty() && !self.dip.discard.is_empty() {
            self.reshuffle_dip_discard(log);
        }
        if self.dip_deck.is_empty() {
            return;
        }
        let pick = self.random_below(self.dip_deck.len());
        if let Some(card) = self.dip_deck.nth(pick) {
            self.dip_deck.remove(card);
            self.dip.held[power.index()].insert(card);
            log.event(Event::DipCardDrawn(power));
        }
    }

    /// The diplomatic cards `power` may play now: any it holds, or only
    /// the one the Papacy chose for the Protestant (#205, #219).
    pub(crate) fn dip_playable(&self, power: Power) -> EnumSet<Card> {
        let held = self.dip_hand(power);
        match self.dip.must_play {
            Some(card) if power == Power::Protestant && held.contains(card) => [card].into_iter().collect(),
            _ => held,
        }
    }

    pub(crate) fn dip_play_actions(&self, power: Power, list: &mut ActionList) {
        list.extend(self.dip_playable(power).iter().map(Action::PlayEvent));
    }

    /// `power` plays a diplomatic card (§24.3): it goes to the diplomatic
    /// discards (out of the game if its text says so, #207), and its event
    /// resolves with no response window.
    pub(crate) fn apply_dip_play(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        let Action::PlayEvent(card) = action else { return };
        self.dip.held[power.index()].remove(card);
        if power == Power::Protestant && self.dip.must_play == Some(card) {
            self.dip.must_play = None;
        }
        if card.removal() == crate::data::cards::Removal::Removed {
            self.removed.insert(card);
        } else {
            self.dip.discard.insert(card);
        }
        self.events_played[power.index()].insert(card);
        log.event(Event::CardPlayedAsEvent { power, card });
        self.resolve_event(power, card, log);
    }
}
