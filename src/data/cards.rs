//! Card facts (§6): CP, type, owner, entry, removal, scenario exclusions.

use crate::types::{Card, CardKind, Power};

#[path = "cards_gen.rs"]
mod generated;
use generated::CARDS;

/// When a card enters the deck (§6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// In the deck from this turn on (1: the starting deck).
    Turn(u8),
    /// From this turn on, once the condition printed on the card holds
    /// (#19 Edward VI and #21 Mary I, turn 6).
    TurnIf(u8),
    /// "Variable": at the first card draw at which the printed condition holds.
    Variable,
}

/// What happens to a card played as an event (§6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// It goes to the discard pile (home cards: to the power card).
    Kept,
    /// It leaves the game (red dagger).
    Removed,
    /// It leaves the game only when the card's printed condition holds.
    Conditional,
}

/// The static facts of one card.
#[derive(Debug)]
pub(crate) struct CardInfo {
    pub number: u16,
    pub cp: u8,
    pub kind: CardKind,
    pub owner: Option<Power>,
    pub entry: Entry,
    pub removal: Removal,
    pub not_in_1532: bool,
    pub not_in_two_player: bool,
}

impl Card {
    #[inline]
    fn info(self) -> &'static CardInfo {
        &CARDS[self as usize]
    }
    /// The printed number: 1-116 for the main deck, 201-219 for the diplomacy deck.
    #[inline]
    pub fn number(self) -> u16 {
        self.info().number
    }
    /// The card with this printed number.
    pub fn from_number(number: u16) -> Option<Card> {
        match number {
            1..=116 => Card::from_index(usize::from(number) - 1),
            201..=219 => Card::from_index(usize::from(number) - 201 + 116),
            _ => None,
        }
    }
    /// Command points printed on the card; 0 for Luther's 95 Theses and the diplomacy cards.
    #[inline]
    pub fn cp(self) -> u8 {
        self.info().cp
    }
    /// Home, mandatory, response, combat, event or diplomacy (§6.1).
    #[inline]
    pub fn kind(self) -> CardKind {
        self.info().kind
    }
    /// The owner of a home card.
    #[inline]
    pub fn owner(self) -> Option<Power> {
        self.info().owner
    }
    /// When it enters the deck (§6.2).
    #[inline]
    pub fn entry(self) -> Entry {
        self.info().entry
    }
    /// Whether it leaves the game when played as an event (§6.2).
    #[inline]
    pub fn removal(self) -> Removal {
        self.info().removal
    }
    /// A card of the main deck (#1-#116).
    #[inline]
    pub fn is_main_deck(self) -> bool {
        self.number() <= 116
    }
    /// Marked "(1517)" (or, for Clement VII, already the ruler): left out of the 1532 deck (§24.2).
    #[inline]
    pub fn not_in_1532(self) -> bool {
        self.info().not_in_1532
    }
    /// Removed from the main deck in the two-player variant (§24.3).
    #[inline]
    pub fn not_in_two_player(self) -> bool {
        self.info().not_in_two_player
    }
    /// What the card does, in one to three plain sentences of our own
    /// (under 300 characters, no markup): its event; for a combat or
    /// response card, its use in the battle or window; a mandatory event
    /// says so; a home card names its power. The six-player face is
    /// described (the two-player variant changes a few, §24.3). A summary
    /// for people reading a hand, not the rules: the engine's event code
    /// (`src/events/`) is what plays.
    ///
    /// ```
    /// use here_i_stand::{Card, CardKind};
    ///
    /// assert!(Card::Luthers95Theses.text().contains("reformation attempts"));
    /// assert!(Card::Janissaries.text().starts_with("Ottoman home card"));
    /// for card in Card::ALL {
    ///     assert!(!card.text().is_empty() && card.text().len() < 300);
    ///     if card.kind() == CardKind::Mandatory {
    ///         assert!(card.text().starts_with("Mandatory event"));
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn text(self) -> &'static str {
        crate::data::card_text::CARD_TEXT[self.index()].1
    }
}
