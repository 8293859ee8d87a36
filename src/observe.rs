//! What one power may see (`Observation`), and re-dealing what it cannot see
//! (`Game::determinize`) for information-set search.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::game::Game;
use crate::players::Players;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Power};

/// A power's view of the game: the whole public position, its own hand, the
/// size of every hand, and the set of cards it cannot see (in other hands or
/// the deck), with no deck order and no dice generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    viewer: Power,
    board: Game,
    hand_sizes: [u8; Power::COUNT],
    unseen: EnumSet<Card>,
    dip: DipView,
}

/// What a viewer does not see of the two-player diplomatic deck (§24.3):
/// how many diplomatic cards each side holds, and the diplomatic cards it
/// cannot see (the other side's and the draw pile's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct DipView {
    pub(crate) sizes: [u8; Power::COUNT],
    pub(crate) unseen: EnumSet<Card>,
}

impl Observation {
    /// An observation of `board` (an observation's board, with `observed`
    /// set) as `observed` describes it.
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(observed: Observed, board: Game) -> Observation {
        Observation {
            viewer: observed.viewer,
            board,
            hand_sizes: observed.hand_sizes,
            unseen: observed.unseen,
            dip: observed.dip,
        }
    }

    /// The power that observes.
    pub fn viewer(&self) -> Power {
        self.viewer
    }

    /// The public position, with the viewer's hand; other hands hold only
    /// their home cards (public: a played home card lies on the power card),
    /// the deck is empty and the dice generator is blank.
    pub fn board(&self) -> &Game {
        &self.board
    }

    /// How many cards `power` holds.
    pub fn hand_size(&self, power: Power) -> u8 {
        self.hand_sizes[power.index()]
    }

    /// The cards the viewer cannot see: in other hands (home cards aside) or the deck.
    pub fn unseen(&self) -> EnumSet<Card> {
        self.unseen
    }

    /// How many diplomatic cards `power` holds (two-player game, §24.3).
    pub fn dip_hand_size(&self, power: Power) -> u8 {
        self.dip.sizes[power.index()]
    }

    /// The diplomatic cards the viewer cannot see: the other side's (but a
    /// compulsory card both know, #205, #219) and the diplomatic draw pile.
    pub fn dip_unseen(&self) -> EnumSet<Card> {
        self.dip.unseen
    }
}

/// What an observation's board does not show: kept on the board so that
/// determinizing it deals the hidden cards rather than forgetting them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Observed {
    pub(crate) viewer: Power,
    pub(crate) hand_sizes: [u8; Power::COUNT],
    pub(crate) unseen: EnumSet<Card>,
    pub(crate) dip: DipView,
}

impl Observation {
    /// A full game consistent with everything the viewer knows: its hand,
    /// every hand's size, the cards it cannot see (dealt at random to the
    /// other hands and the deck, under the public constraints), the cards
    /// it saw in secret (#109) where it saw them, and dice reseeded from
    /// `rng`. Its observation by the viewer is this observation.
    ///
    /// Which to use: this one whenever you hold an `Observation` (a bot
    /// that is given only its view, a client fed by a server: it is all
    /// such a caller has). [`Game::determinize`] does the same from the
    /// full game, for a search that holds the true game and must not peek
    /// at what its power cannot see: `game.determinize(power, rng)` and
    /// `game.observation(power).determinize(rng)` deal from the same
    /// information (a test holds both to the same observation).
    ///
    /// ```
    /// use here_i_stand::{Game, Power, Scenario, Setup};
    /// use here_i_stand::rand_pcg::Pcg64Mcg;
    /// use here_i_stand::rand_core::SeedableRng;
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 3));
    /// let seen = game.observation(Power::France);
    /// let guess = seen.determinize(&mut Pcg64Mcg::seed_from_u64(1));
    /// assert_eq!(guess.observation(Power::France), seen);
    /// ```
    pub fn determinize(&self, rng: &mut (impl Rng + ?Sized)) -> Game {
        self.board.determinize(self.viewer, rng)
    }
}

impl Game {
    /// An observation's board made whole: each other hand filled up to its
    /// size from the unseen cards, the rest in the deck (to be dealt again
    /// at random by the caller).
    pub(crate) fn filled_in(&self, observed: Observed) -> Game {
        let mut game = self.clone();
        game.observed = None;
        let mut pool = observed.unseen;
        for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(observed.viewer, p)) {
            let missing = usize::from(observed.hand_sizes[power.index()]).saturating_sub(game.hand(power).len());
            for card in pool.iter().take(missing) {
                pool.remove(card);
                game.hands[power.index()].insert(card);
            }
        }
        game.deck = pool;
        let mut dip_pool = observed.dip.unseen;
        for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(observed.viewer, p)) {
            let missing = usize::from(observed.dip.sizes[power.index()]).saturating_sub(game.dip_hand(power).len());
            for card in dip_pool.iter().take(missing) {
                dip_pool.remove(card);
                game.dip.held[power.index()].insert(card);
            }
        }
        game.dip_deck = dip_pool;
        game
    }

    /// The diplomatic cards of `power` that `viewer` cannot see: all but
    /// the compulsory card the Papacy chose (#205, #219), known to both,
    /// and all while the other side looks at them (#205, #219).
    fn dip_hidden(&self, viewer: Power, power: Power) -> EnumSet<Card> {
        // A side looking at the other's cards (#205, #219) sees them while
        // it chooses.
        let looks = [Card::DipSpanishInquisition, Card::DipDiplomaticPressure];
        let reviewing = matches!(self.stack.top(), Some(crate::frames::Frame::Event(s)) if looks.contains(&s.card) && s.power == viewer);
        let mut hidden = if power == viewer || reviewing { EnumSet::EMPTY } else { self.dip_hand(power) };
        if let Some(card) = self.dip.must_play {
            hidden.remove(card);
        }
        hidden
    }
}

/// Hands reviewed in secret (Venetian Informant, #109; Papal Inquisition,
/// #56; Spanish Inquisition, #58): for each viewer and each other hand,
/// the cards it saw there that are still there. A card leaves the record
/// when it leaves that hand ([`SeenHands::prune`], after every action), so
/// what is kept is what the viewer still knows. A new review of the same
/// hand replaces the earlier one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct SeenHands {
    /// By viewer, then by holder: the cards the viewer saw in that hand,
    /// still there.
    cards: [[EnumSet<Card>; Power::COUNT]; Power::COUNT],
}

impl SeenHands {
    /// `viewer` reviews `holder`'s `hand` (its hidden part: home cards are
    /// public anyway).
    pub(crate) fn record(&mut self, viewer: Power, holder: Power, hand: EnumSet<Card>) {
        self.cards[viewer.index()][holder.index()] = hidden_part(hand);
    }

    /// `viewer` saw `card` go into `holder`'s hand (#59; a home card is
    /// public anyway).
    pub(crate) fn add(&mut self, viewer: Power, holder: Power, card: Card) {
        if card.kind() != CardKind::Home {
            self.cards[viewer.index()][holder.index()].insert(card);
        }
    }

    /// Forgets the cards that left the hands they were seen in.
    pub(crate) fn prune(&mut self, hands: &[EnumSet<Card>; Power::COUNT]) {
        for row in self.cards.iter_mut() {
            for (cards, hand) in row.iter_mut().zip(hands) {
                *cards = cards.intersection(*hand);
            }
        }
    }

    /// The cards of `holder`'s hand that `viewer`'s player has seen (by
    /// any of its powers) and knows are there.
    pub(crate) fn known_by(&self, players: Players, viewer: Power, holder: Power) -> EnumSet<Card> {
        Power::ALL
            .into_iter()
            .filter(|&p| players.same_player(p, viewer))
            .fold(EnumSet::EMPTY, |known, p| known.union(self.cards[p.index()][holder.index()]))
    }

    /// What `viewer` may know of the reviews: its player's own only.
    fn seen_by(&self, players: Players, viewer: Power) -> SeenHands {
        let mut own = SeenHands::default();
        for power in Power::ALL.into_iter().filter(|&p| players.same_player(p, viewer)) {
            own.cards[power.index()] = self.cards[power.index()];
        }
        own
    }

    /// Whether every record names a hand other than the viewer's own, and
    /// its cards are still in that hand.
    pub(crate) fn fits(&self, hands: &[EnumSet<Card>; Power::COUNT]) -> bool {
        Power::ALL.into_iter().all(|v| {
            Power::ALL.into_iter().all(|h| {
                let cards = self.cards[v.index()][h.index()];
                cards.difference(hands[h.index()]).is_empty() && (h != v || cards.is_empty())
            })
        })
    }
}

/// A power whose hidden hand must hold a card satisfying the test.
type HandConstraint = (Power, fn(Card) -> bool);

/// Re-deals tried before the constrained deal (`Game::redeal_hidden`).
const REDEAL_TRIES: usize = 16;

/// A uniform index below `len` (0 if `len` is 0).
fn draw(rng: &mut (impl Rng + ?Sized), len: usize) -> usize {
    ((u128::from(rng.next_u64()) * len as u128) >> 64) as usize
}

/// A card a power may pay for war with (§9.6 step 7).
fn pays_for_war(card: Card) -> bool {
    crate::rules::diplomacy::pays_for_war(card.kind()) && card.cp() > 0
}

/// The CP a hand can pay for war with (§9.6 step 7).
fn payable_cp(hand: EnumSet<Card>) -> u32 {
    hand.iter().filter(|&c| pays_for_war(c)).map(|c| u32::from(c.cp())).sum()
}

/// A card a power may pick at the Diet of Worms (§18.1).
fn diet_card(card: Card) -> bool {
    !matches!(card.kind(), CardKind::Mandatory | CardKind::Diplomacy)
}

/// The cards of `hand` that others cannot see: all but home cards.
fn hidden_part(hand: EnumSet<Card>) -> EnumSet<Card> {
    hand.iter().filter(|c| c.kind() != CardKind::Home).collect()
}

impl Game {
    /// What `viewer` may see now.
    pub fn observation(&self, viewer: Power) -> Observation {
        let mut board = self.clone();
        let mut unseen = self.deck;
        for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(viewer, p)) {
            // Cards seen in secret (#109) stay visible to their viewer.
            let hidden = hidden_part(self.hand(power)).difference(self.seen.known_by(self.players(), viewer, power));
            unseen = unseen.union(hidden);
            board.hands[power.index()] = self.hand(power).difference(hidden);
        }
        board.seen = self.seen.seen_by(self.players(), viewer);
        board.deck = EnumSet::EMPTY;
        board.rng = Pcg64Mcg::new(0);
        board.forced_dice = Default::default();
        board.new_world.clear_forced();
        board.hide_diet_picks(viewer);
        board.hide_jane_cards(viewer);
        board.hide_deal_terms(viewer);
        let hand_sizes = Power::ALL.map(|p| self.hand(p).len() as u8);
        let mut dip = DipView { sizes: Power::ALL.map(|p| self.dip_hand(p).len() as u8), unseen: self.dip_deck };
        for power in Power::ALL {
            let hidden = self.dip_hidden(viewer, power);
            dip.unseen = dip.unseen.union(hidden);
            board.dip.held[power.index()] = self.dip_hand(power).difference(hidden);
        }
        board.dip_deck = EnumSet::EMPTY;
        board.observed = Some(Observed { viewer, hand_sizes, unseen, dip });
        Observation { viewer, board, hand_sizes, unseen, dip }
    }

    /// A game `viewer` cannot tell from this one: the cards it cannot see are
    /// dealt again at random (each other power keeps its hand size; cards
    /// the viewer saw in secret, #109, stay where they are), and the dice
    /// generator is reseeded from `rng`. On an observation's board
    /// ([`Observation::board`]) it deals the cards that board does not
    /// show, for that observation's viewer, as [`Observation::determinize`]
    /// does (`viewer` is then ignored). With an `Observation` in hand, use
    /// [`Observation::determinize`], which needs no viewer.
    pub fn determinize(&self, viewer: Power, rng: &mut (impl Rng + ?Sized)) -> Game {
        if let Some(observed) = self.observed {
            return self.filled_in(observed).determinize(observed.viewer, rng);
        }
        let mut game = self.redeal_hidden(viewer, rng);
        game.rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
        game.forced_dice = Default::default();
        game.new_world.clear_forced();
        game
    }

    /// As [`Game::determinize`], but the dice stay as they are: for tests
    /// that compare two games differing only in cards `viewer` cannot see.
    #[doc(hidden)]
    pub fn redeal_hidden(&self, viewer: Power, rng: &mut (impl Rng + ?Sized)) -> Game {
        // Rejection: deal again until the public constraints hold (they
        // almost always hold at once); after that, deal the constrained
        // hands a fitting card first.
        for _ in 0..REDEAL_TRIES {
            let game = self.deal_hidden(viewer, rng, false);
            if game.hidden_constraints_hold(viewer) {
                return game;
            }
        }
        self.deal_hidden(viewer, rng, true)
    }

    /// What the public position says of hidden hands, which a re-deal must
    /// keep: the power paying for war holds a card it may pay with (§9.6
    /// step 7); each power whose Diet of Worms pick is secret holds a card
    /// it may pick (§18.1), the pick among them.
    fn hidden_constraints_hold(&self, viewer: Power) -> bool {
        self.hand_constraints(viewer).iter().flatten().all(|&(power, fits)| self.hand(power).iter().any(fits))
            && self.war_owed(viewer).iter().enumerate().all(|(i, &owed)| payable_cp(self.hand(Power::ALL[i])) >= owed)
    }

    /// What each power other than `viewer` still owes for its wars (§9.6
    /// step 7; public): its hand must pay it all, for it declared only
    /// what it could pay, and each card paid lowers both sides alike.
    fn war_owed(&self, viewer: Power) -> [u32; Power::COUNT] {
        let mut out = [0; Power::COUNT];
        for frame in self.stack.frames() {
            if let crate::frames::Frame::WarPayment { owed, .. } | crate::frames::Frame::Declarations { owed, .. } =
                *frame
            {
                for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(viewer, p)) {
                    out[power.index()] = u32::from(owed[power.index()]);
                }
            }
        }
        out
    }

    /// The secret Diet of Worms picks (§18.1): each picker other than
    /// `viewer` holds a card it may pick, as (power, a card that fits).
    fn hand_constraints(&self, viewer: Power) -> [Option<HandConstraint>; 3] {
        let mut out = [None; 3];
        for frame in self.stack.frames() {
            if let crate::frames::Frame::DietOfWorms { picks, .. } = *frame {
                for (i, (pick, power)) in picks.iter().zip(crate::frames::debate::DIET_ORDER).enumerate() {
                    if pick.is_some() && !self.sees_hand_of(viewer, power) {
                        out[i] = Some((power, diet_card as fn(Card) -> bool));
                    }
                }
            }
        }
        out
    }

    /// One re-deal; with `constrained`, each constrained power first gets
    /// a fitting card from the pool (if the pool has one).
    fn deal_hidden(&self, viewer: Power, rng: &mut (impl Rng + ?Sized), constrained: bool) -> Game {
        let mut game = self.clone();
        let mut pool = self.deck;
        let mut sizes = [0usize; Power::COUNT];
        for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(viewer, p)) {
            let hidden = self.redealt_part(viewer, power);
            sizes[power.index()] = hidden.len();
            pool = pool.union(hidden);
            game.hands[power.index()] = self.hand(power).difference(hidden);
        }
        if constrained {
            // War payments first: payable cards until the power can pay
            // what it owes.
            for (i, &owed) in self.war_owed(viewer).iter().enumerate() {
                let power = Power::ALL[i];
                while sizes[i] > 0 && payable_cp(game.hand(power)) < owed {
                    let fitting: EnumSet<Card> = pool.iter().filter(|&c| pays_for_war(c)).collect();
                    let Some(card) = fitting.nth(draw(rng, fitting.len())) else { break };
                    pool.remove(card);
                    game.hands[power.index()].insert(card);
                    sizes[i] -= 1;
                }
            }
            for (power, fits) in self.hand_constraints(viewer).into_iter().flatten() {
                let size = &mut sizes[power.index()];
                let fitting: EnumSet<Card> = pool.iter().filter(|&c| fits(c)).collect();
                if *size > 0 && !game.hand(power).iter().any(fits) {
                    if let Some(card) = fitting.nth(draw(rng, fitting.len())) {
                        pool.remove(card);
                        game.hands[power.index()].insert(card);
                        *size -= 1;
                    }
                }
            }
        }
        for power in Power::ALL.into_iter().filter(|&p| !self.sees_hand_of(viewer, p)) {
            for _ in 0..sizes[power.index()] {
                if let Some(card) = pool.nth(draw(rng, pool.len())) {
                    pool.remove(card);
                    game.hands[power.index()].insert(card);
                }
            }
        }
        game.deck = pool;
        game.redeal_dip_cards(viewer, rng);
        game.redraw_diet_picks(viewer, rng);
        game.redraw_jane_cards(viewer, &mut |n| draw(rng, n));
        game.seen = self.seen.seen_by(self.players(), viewer);
        game
    }

    /// The diplomatic cards `viewer` cannot see, dealt again: each other
    /// side keeps how many it holds (§24.3).
    fn redeal_dip_cards(&mut self, viewer: Power, rng: &mut (impl Rng + ?Sized)) {
        let mut pool = self.dip_deck;
        let mut sizes = [0usize; Power::COUNT];
        for power in Power::ALL {
            let hidden = self.dip_hidden(viewer, power);
            sizes[power.index()] = hidden.len();
            pool = pool.union(hidden);
            self.dip.held[power.index()] = self.dip_hand(power).difference(hidden);
        }
        for power in Power::ALL {
            for _ in 0..sizes[power.index()] {
                if let Some(card) = pool.nth(draw(rng, pool.len())) {
                    pool.remove(card);
                    self.dip.held[power.index()].insert(card);
                }
            }
        }
        self.dip_deck = pool;
    }

    /// The cards of `power`'s hand that `viewer` cannot see and a
    /// determinization deals again: its hidden part but the cards `viewer`
    /// saw there in secret (#109), which stay pinned.
    fn redealt_part(&self, viewer: Power, power: Power) -> EnumSet<Card> {
        hidden_part(self.hand(power)).difference(self.seen.known_by(self.players(), viewer, power))
    }

    /// Whether `viewer` sees `power`'s hand and secret picks: its own, or
    /// another power its player holds (§3.1: in the games of three to five
    /// players one player holds several powers and sees all their cards;
    /// ruling PL6).
    pub(crate) fn sees_hand_of(&self, viewer: Power, power: Power) -> bool {
        viewer == power || self.players().same_player(viewer, power)
    }
}
