//! Negotiation (§9.1): the binding terms of a deal between two major powers
//! and the limits each term must meet.
//!
//! A [`Deal`] is built term by term by its proposer, offered, and accepted
//! or rejected by its recipient (`frames::negotiation`). Each [`Term`] is
//! checked by [`term_refusal`] when it is added, and again when the
//! accepted deal takes effect, in the order of §9.1 ([`Deal::terms`]): a
//! deal is all or nothing.
//!
//! The loan of squadrons and naval leaders (§9.1, §9.2) is a term of the
//! deal that makes the alliance; its state and effects are in
//! `rules::loans`.

use thiserror::Error;

use crate::game::{Game, LeaderLocation};
use crate::rules::{peace, religion};
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, LeaderKind, MaritalStatus, Power, Ruler, Space, SpaceKind};

/// The most random card draws one power gives another in a turn (§9.1).
pub const MAX_CARDS: u8 = 2;

/// The most mercenaries one power gives another in a turn (§9.1).
pub const MAX_MERCENARIES: u8 = 4;

/// The most squadrons one deal loans (above any power's squadrons and
/// its minor allies').
pub const MAX_LENT: usize = 12;

/// A bound on the terms of one deal (a stall guard for the loops that
/// carry them out): far above the terms the limits allow.
pub const MAX_TERMS: usize = 1024;

/// What the deals of this diplomacy phase did that later terms and
/// segments read (§9.1, §9.2, §9.3); cleared when the phase ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Negotiated {
    /// Random card draws given, by giver then receiver (`Power` index).
    pub(crate) cards: [[u8; Power::COUNT]; Power::COUNT],
    /// Mercenaries given, by giver then receiver.
    pub(crate) mercenaries: [[u8; Power::COUNT]; Power::COUNT],
    /// Bit `r` of entry `g`: `g` ceded one of its home spaces to `r`.
    pub(crate) home_ceded: [u8; Power::COUNT],
    /// The Papacy granted Henry's divorce (§9.1: no Papal–Hapsburg alliance).
    pub(crate) divorce: bool,
    /// Bit `b` of entry `a`: a deal allied `a` and `b` in this phase (§9.2:
    /// naval units are loaned only with such an alliance).
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) allied: [u8; Power::COUNT],
    /// Bit `r` of entry `g`: `g` loaned naval units to `r` (§9.2: one way).
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) loaned: [u8; Power::COUNT],
}

impl Negotiated {
    /// Nothing negotiated.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Negotiated::default()
    }
}

/// A deal between two major powers (§9.1), as built so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Deal {
    /// The power that proposes it.
    pub proposer: Power,
    /// The power that accepts or rejects it.
    pub recipient: Power,
    /// End the war between the two (a white peace).
    pub end_war: bool,
    /// Form a one-turn alliance (§9.2).
    pub alliance: bool,
    /// The Papacy grants Henry's divorce.
    pub divorce: bool,
    /// The excommunications the Papacy lifts.
    pub lift: EnumSet<Ruler>,
    /// Captured army leaders returned by their captor to their owner.
    pub leaders: EnumSet<Leader>,
    /// Spaces ceded by their controller (one party) to the other party.
    pub ceded: EnumSet<Space>,
    /// Who gives random card draws, if anyone.
    pub card_giver: Option<Power>,
    /// How many random card draws.
    pub cards: u8,
    /// Who gives mercenaries, if anyone.
    pub mercenary_giver: Option<Power>,
    /// The space each given mercenary is removed from (the first `n` set).
    pub mercenaries: [Option<Space>; MAX_MERCENARIES as usize],
    /// Who loans naval units, if anyone (§9.2: one way).
    #[cfg_attr(feature = "serde", serde(default))]
    pub lender: Option<Power>,
    /// The port each loaned squadron leaves (the first `n` set).
    #[cfg_attr(feature = "serde", serde(default))]
    pub lent_squadrons: [Option<Space>; MAX_LENT],
    /// The naval leaders loaned with them.
    #[cfg_attr(feature = "serde", serde(default))]
    pub lent_leaders: EnumSet<Leader>,
}

/// One binding term of a deal (§9.1), in the order terms take effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// End the war between the parties (white peace, §9.3 step 8).
    EndWar,
    /// A one-turn alliance between the parties (§9.2).
    Alliance,
    /// The Papacy grants Henry VIII's divorce (§21.3).
    Divorce,
    /// The Papacy lifts this ruler's excommunication (§21.5).
    LiftExcommunication(Ruler),
    /// This captured army leader is returned.
    ReturnLeader(Leader),
    /// Its controller cedes this space to the other party.
    Cede(Space),
    /// `lender` loans the other party one squadron in the port `port`
    /// (its own, else an active minor ally's) for the turn (§9.2).
    LendSquadron {
        /// The party that loans it.
        lender: Power,
        /// The port it leaves.
        port: Space,
    },
    /// `lender` loans the other party this naval leader, stacked with
    /// squadrons the deal loans (§9.2).
    LendLeader {
        /// The party that loans him.
        lender: Power,
        /// The naval leader.
        leader: Leader,
    },
    /// `giver` gives the other party one random card draw.
    Card {
        /// The party whose hand the card is drawn from.
        giver: Power,
    },
    /// `giver` gives the other party one mercenary, removed from `space`.
    Mercenary {
        /// The party that gives it.
        giver: Power,
        /// Where it is removed from.
        space: Space,
    },
}

/// Why a term may not be part of a deal (§9.1, §9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DealRefusal {
    /// The deal holds this term already (or, for cards and mercenaries, its maximum).
    #[error("the deal already holds this term, or its maximum")]
    AlreadyInDeal,
    /// The parties are not at war.
    #[error("the parties are not at war")]
    NotAtWar,
    /// The Protestant never ends the Schmalkaldic League's wars this way.
    #[error("the Schmalkaldic League's war cannot end by agreement")]
    LeagueWar,
    /// The parties are allied already.
    #[error("the parties are allied already")]
    AlreadyAllied,
    /// Powers at war cannot ally unless the same deal ends the war.
    #[error("powers at war cannot ally unless the deal ends the war")]
    AtWar,
    /// The Papacy and the Ottoman never ally.
    #[error("the Papacy and the Ottoman never ally")]
    PapacyOttoman,
    /// The Papacy granted the divorce this turn: no alliance with the Hapsburg.
    #[error("the Papacy granted Henry's divorce this turn: no alliance with the Hapsburg")]
    DivorceGranted,
    /// Only the Papacy grants the divorce, to England, from "Ask for Divorce".
    #[error("no divorce to grant")]
    NoDivorce,
    /// Only the Papacy lifts an excommunication of the other party's ruler.
    #[error("no such excommunication to lift")]
    NotExcommunicated,
    /// The leader is not an army leader held by one party and owned by the other.
    #[error("the leader is not a captured leader of one party held by the other")]
    NotCaptured,
    /// The leader has no capital or friendly home key to go to.
    #[error("the leader has nowhere to return to")]
    NowhereToReturn,
    /// Neither party controls the space.
    #[error("neither party controls the space")]
    NotControlled,
    /// Not a home space of either party, a grey space, nor a minor's home
    /// space given to its ally (500th limits).
    #[error("the space may not be ceded to that power")]
    NotCedable,
    /// A power never cedes its own capital.
    #[error("a power never cedes its own capital")]
    OwnCapital,
    /// Cards or mercenaries go one way only between two powers in a turn.
    #[error("cards or mercenaries go one way only between two powers in a turn")]
    BothWays,
    /// The giver's hand has no more cards to draw (home cards aside).
    #[error("no card left to draw")]
    NoCard,
    /// The Ottoman never receives mercenaries.
    #[error("the Ottoman receives no mercenaries")]
    ToOttoman,
    /// The giver has no (further) mercenary in that space.
    #[error("no mercenary of the giver there")]
    NoMercenary,
    /// The receiver controls no space to place them in (its capital; for
    /// the Protestant an electorate).
    #[error("the receiver has no controlled capital or electorate for them")]
    NoPlacement,
    /// The giver is not a party.
    #[error("not a party to the deal")]
    NotAParty,
    /// Before the Schmalkaldic League the Protestant never gains
    /// mercenaries or political control of a space (§21.6).
    #[error("before the Schmalkaldic League the Protestant gains no mercenaries or spaces")]
    BeforeLeague,
    /// Naval units are loaned only by a power entering an alliance with
    /// the receiver: the same deal's, or an earlier deal's of this phase.
    #[error("naval units are loaned only to a power the deal allies with")]
    NotAllied,
    /// Naval units are never loaned to the Protestant.
    #[error("naval units are never loaned to the Protestant")]
    ToProtestant,
    /// No (further) squadron of the lender (or its active minor ally) in
    /// that port, corsairs and squadrons on loan to it aside.
    #[error("no squadron of the lender to loan there")]
    NoSquadron,
    /// No path of sea zones, without a port on the way, to a port of the receiver.
    #[error("no sea path to a port of the receiver")]
    NoSeaPath,
    /// Not a naval leader of the lender stacked with squadrons the deal loans.
    #[error("the naval leader is not with squadrons the deal loans")]
    NotStacked,
}

impl Deal {
    /// An empty deal of `proposer` to `recipient`.
    pub fn new(proposer: Power, recipient: Power) -> Deal {
        Deal {
            proposer,
            recipient,
            end_war: false,
            alliance: false,
            divorce: false,
            lift: EnumSet::EMPTY,
            leaders: EnumSet::EMPTY,
            ceded: EnumSet::EMPTY,
            card_giver: None,
            cards: 0,
            mercenary_giver: None,
            mercenaries: [None; MAX_MERCENARIES as usize],
            lender: None,
            lent_squadrons: [None; MAX_LENT],
            lent_leaders: EnumSet::EMPTY,
        }
    }

    /// The number of squadrons loaned.
    pub fn lent_count(&self) -> u8 {
        self.lent_squadrons.iter().flatten().count() as u8
    }

    /// The other party than `power` (the recipient for a third power).
    pub fn other(&self, power: Power) -> Power {
        if power == self.recipient { self.proposer } else { self.recipient }
    }

    /// Whether `power` is a party.
    pub fn is_party(&self, power: Power) -> bool {
        power == self.proposer || power == self.recipient
    }

    /// The number of mercenaries given.
    pub fn mercenary_count(&self) -> u8 {
        self.mercenaries.iter().flatten().count() as u8
    }

    /// Whether the deal has no term.
    pub fn is_empty(&self) -> bool {
        self.terms().next().is_none()
    }

    /// The same parties, no terms.
    pub fn emptied(&self) -> Deal {
        Deal::new(self.proposer, self.recipient)
    }

    /// The terms in the order they take effect (§9.1: diplomatic status,
    /// leaders, control, card draws, mercenaries).
    pub fn terms(&self) -> impl Iterator<Item = Term> + '_ {
        let flags = [(self.end_war, Term::EndWar), (self.alliance, Term::Alliance), (self.divorce, Term::Divorce)];
        let cards = self.card_giver.map(|giver| (0..self.cards).map(move |_| Term::Card { giver }));
        let mercs = self
            .mercenary_giver
            .map(|giver| self.mercenaries.iter().flatten().map(move |&space| Term::Mercenary { giver, space }));
        flags
            .into_iter()
            .filter(|f| f.0)
            .map(|f| f.1)
            .chain(self.lift.iter().map(Term::LiftExcommunication))
            .chain(self.loan_terms())
            .chain(self.leaders.iter().map(Term::ReturnLeader))
            .chain(self.ceded.iter().map(Term::Cede))
            .chain(cards.into_iter().flatten())
            .chain(mercs.into_iter().flatten())
    }

    /// The loan's terms: squadrons, then naval leaders (§9.1: loaned
    /// squadrons after the diplomatic status, before army leaders).
    pub fn loan_terms(&self) -> impl Iterator<Item = Term> + '_ {
        let squadrons = self
            .lender
            .map(|lender| self.lent_squadrons.iter().flatten().map(move |&port| Term::LendSquadron { lender, port }));
        let leaders =
            self.lender.map(|lender| self.lent_leaders.iter().map(move |leader| Term::LendLeader { lender, leader }));
        squadrons.into_iter().flatten().chain(leaders.into_iter().flatten())
    }

    /// Adds `term` (unchecked: see [`term_refusal`]).
    pub fn add(&mut self, term: Term) {
        match term {
            Term::EndWar => self.end_war = true,
            Term::Alliance => self.alliance = true,
            Term::Divorce => self.divorce = true,
            Term::LiftExcommunication(ruler) => {
                self.lift.insert(ruler);
            }
            Term::ReturnLeader(leader) => {
                self.leaders.insert(leader);
            }
            Term::Cede(space) => {
                self.ceded.insert(space);
            }
            Term::LendSquadron { lender, port } => {
                self.lender = Some(lender);
                if let Some(slot) = self.lent_squadrons.iter_mut().find(|s| s.is_none()) {
                    *slot = Some(port);
                }
            }
            Term::LendLeader { lender, leader } => {
                self.lender = Some(lender);
                self.lent_leaders.insert(leader);
            }
            Term::Card { giver } => {
                self.card_giver = Some(giver);
                self.cards = self.cards.saturating_add(1);
            }
            Term::Mercenary { giver, space } => {
                self.mercenary_giver = Some(giver);
                if let Some(slot) = self.mercenaries.iter_mut().find(|s| s.is_none()) {
                    *slot = Some(space);
                }
            }
        }
    }

    /// Removes `term` (one card draw or mercenary at a time).
    pub fn remove(&mut self, term: Term) {
        match term {
            Term::EndWar => self.end_war = false,
            Term::Alliance => self.alliance = false,
            Term::Divorce => self.divorce = false,
            Term::LiftExcommunication(ruler) => {
                self.lift.remove(ruler);
            }
            Term::ReturnLeader(leader) => {
                self.leaders.remove(leader);
            }
            Term::Cede(space) => {
                self.ceded.remove(space);
            }
            Term::LendSquadron { port, .. } => {
                if let Some(slot) = self.lent_squadrons.iter_mut().rev().find(|s| **s == Some(port)) {
                    *slot = None;
                }
                self.lent_squadrons.sort_by_key(|s| s.is_none());
                self.settle_lender();
            }
            Term::LendLeader { leader, .. } => {
                self.lent_leaders.remove(leader);
                self.settle_lender();
            }
            Term::Card { .. } => {
                self.cards = self.cards.saturating_sub(1);
                if self.cards == 0 {
                    self.card_giver = None;
                }
            }
            Term::Mercenary { space, .. } => {
                if let Some(slot) = self.mercenaries.iter_mut().rev().find(|s| **s == Some(space)) {
                    *slot = None;
                }
                self.mercenaries.sort_by_key(|s| s.is_none());
                if self.mercenary_count() == 0 {
                    self.mercenary_giver = None;
                }
            }
        }
    }
}

impl Deal {
    /// No lender once nothing is loaned.
    fn settle_lender(&mut self) {
        if self.lent_count() == 0 && self.lent_leaders.is_empty() {
            self.lender = None;
        }
    }
}

/// Whether the rules let `power` negotiate now: every power in the full
/// game; on turn 1 only England with France and the Hapsburg (§7).
fn on_turn_one(a: Power, b: Power) -> bool {
    let pair = |x, y| (a == x && b == y) || (a == y && b == x);
    pair(Power::England, Power::France) || pair(Power::England, Power::Hapsburg)
}

/// The powers `power` may open a deal with now (§9.1; turn 1: §7); never
/// a power the same player holds (§3.1, ruling PL4).
pub fn partners(game: &Game, power: Power) -> EnumSet<Power> {
    Power::ALL
        .into_iter()
        .filter(|&p| {
            !game.same_player(p, power) && (game.turn() != 1 || (power == Power::England && on_turn_one(power, p)))
        })
        .collect()
}

/// Whether `power` ceded one of its own home spaces to `to` in this turn's
/// negotiation (§9.3).
pub(crate) fn home_ceded(game: &Game, power: Power, to: Power) -> bool {
    game.negotiated.home_ceded[power.index()] & (1 << to.index()) != 0
}

/// Why `term` may not be added to `deal` now, or `None` if it may (§9.1,
/// §9.2). The same check runs again when the accepted deal takes effect,
/// term by term, with the earlier terms already carried out.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::negotiation::{term_refusal, Deal, DealRefusal, Term};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_war(Power::France, Power::Hapsburg, true)?;
/// let mut deal = Deal::new(Power::France, Power::Hapsburg);
/// assert_eq!(term_refusal(&game, &deal, Term::Alliance), Some(DealRefusal::AtWar));
/// deal.add(Term::EndWar);
/// assert_eq!(term_refusal(&game, &deal, Term::Alliance), None);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn term_refusal(game: &Game, deal: &Deal, term: Term) -> Option<DealRefusal> {
    let (a, b) = (deal.proposer, deal.recipient);
    match term {
        Term::EndWar => end_war_refusal(game, deal),
        Term::Alliance => alliance_refusal(game, deal),
        Term::Divorce => divorce_refusal(game, deal),
        Term::LiftExcommunication(ruler) => {
            let other = ruler.power();
            let parties = (a, b) == (Power::Papacy, other) || (b, a) == (Power::Papacy, other);
            // The parties first: the excommunications are looked up only for a deal with the Papacy.
            let liftable = || peace::liftable_excommunications(game, other).contains(ruler);
            if deal.lift.contains(ruler) {
                Some(DealRefusal::AlreadyInDeal)
            } else if !parties || other == Power::Papacy || !liftable() {
                Some(DealRefusal::NotExcommunicated)
            } else {
                None
            }
        }
        Term::ReturnLeader(leader) => leader_refusal(game, deal, leader),
        Term::Cede(space) => cede_refusal(game, deal, space),
        Term::Card { giver } => card_refusal(game, deal, giver),
        Term::Mercenary { giver, space } => mercenary_refusal(game, deal, giver, space),
        Term::LendSquadron { lender, port } => squadron_loan_refusal(game, deal, lender, port),
        Term::LendLeader { lender, leader } => leader_loan_refusal(game, deal, lender, leader),
    }
}

/// Whether a deal allied `a` and `b` in this phase (§9.2).
pub(crate) fn allied_by_deal(game: &Game, a: Power, b: Power) -> bool {
    game.negotiated.allied[a.index()] & (1 << b.index()) != 0
}

/// The limits every loan term shares (§9.1, §9.2): a party lends, to an
/// ally the same deal (or an earlier deal of this phase) makes, never to
/// the Protestant, one way between the two in a turn.
fn loan_refusal(game: &Game, deal: &Deal, lender: Power) -> Option<DealRefusal> {
    if !deal.is_party(lender) {
        return Some(DealRefusal::NotAParty);
    }
    let receiver = deal.other(lender);
    let back = game.negotiated.loaned[receiver.index()] & (1 << lender.index()) != 0;
    if receiver == Power::Protestant {
        Some(DealRefusal::ToProtestant)
    } else if !deal.alliance && !allied_by_deal(game, lender, receiver) {
        Some(DealRefusal::NotAllied)
    } else if deal.lender.is_some_and(|l| l != lender) || back {
        Some(DealRefusal::BothWays)
    } else {
        None
    }
}

/// A squadron in `port` (§9.2): the lender's own or its active minor
/// ally's, not corsairs, not one on loan to it; with a sea path to a port
/// of the receiver.
fn squadron_loan_refusal(game: &Game, deal: &Deal, lender: Power, port: Space) -> Option<DealRefusal> {
    if let Some(refusal) = loan_refusal(game, deal, lender) {
        return Some(refusal);
    }
    let listed = deal.lent_squadrons.iter().filter(|&&s| s == Some(port)).count();
    let there: usize = crate::rules::loans::lendable_squadrons(game, lender, port).map(|(_, n)| usize::from(n)).sum();
    if usize::from(deal.lent_count()) >= MAX_LENT {
        Some(DealRefusal::AlreadyInDeal)
    } else if !port.is_port() || there <= listed {
        Some(DealRefusal::NoSquadron)
    } else if crate::rules::loans::loan_ports(game, deal.other(lender), port).is_empty() {
        Some(DealRefusal::NoSeaPath)
    } else {
        None
    }
}

/// A naval leader of the lender (or its active minor ally) in a port the
/// deal loans squadrons from (§9.2: "stacked with the on-loan squadrons").
fn leader_loan_refusal(game: &Game, deal: &Deal, lender: Power, leader: Leader) -> Option<DealRefusal> {
    if let Some(refusal) = loan_refusal(game, deal, lender) {
        return Some(refusal);
    }
    let port = crate::rules::loans::lendable_leader(game, lender, leader);
    if deal.lent_leaders.contains(leader) {
        Some(DealRefusal::AlreadyInDeal)
    } else if port.is_none_or(|p| !deal.lent_squadrons.contains(&Some(p))) {
        Some(DealRefusal::NotStacked)
    } else {
        None
    }
}

fn end_war_refusal(game: &Game, deal: &Deal) -> Option<DealRefusal> {
    let (a, b) = (deal.proposer, deal.recipient);
    if deal.end_war {
        Some(DealRefusal::AlreadyInDeal)
    } else if !game.at_war(a, b) {
        Some(DealRefusal::NotAtWar)
    } else if peace::league_war(a, b) || !crate::rules::two_player::war_may_end(game, a, b) {
        Some(DealRefusal::LeagueWar)
    } else {
        None
    }
}

fn alliance_refusal(game: &Game, deal: &Deal) -> Option<DealRefusal> {
    let (a, b) = (deal.proposer, deal.recipient);
    let pair = |x, y| (a == x && b == y) || (a == y && b == x);
    if deal.alliance {
        Some(DealRefusal::AlreadyInDeal)
    } else if game.allied(a, b) {
        Some(DealRefusal::AlreadyAllied)
    } else if game.at_war(a, b) && !deal.end_war {
        Some(DealRefusal::AtWar)
    } else if pair(Power::Papacy, Power::Ottoman) {
        Some(DealRefusal::PapacyOttoman)
    } else if pair(Power::Papacy, Power::Hapsburg) && game.negotiated.divorce {
        Some(DealRefusal::DivorceGranted)
    } else {
        None
    }
}

fn divorce_refusal(game: &Game, deal: &Deal) -> Option<DealRefusal> {
    let (a, b) = (deal.proposer, deal.recipient);
    let parties = (a, b) == (Power::Papacy, Power::England) || (b, a) == (Power::Papacy, Power::England);
    if deal.divorce {
        Some(DealRefusal::AlreadyInDeal)
    } else if !parties || game.marital_status() != MaritalStatus::AskForDivorce {
        Some(DealRefusal::NoDivorce)
    } else {
        None
    }
}

fn leader_refusal(game: &Game, deal: &Deal, leader: Leader) -> Option<DealRefusal> {
    let LeaderLocation::Captured(captor) = game.leader_location(leader) else {
        return Some(DealRefusal::NotCaptured);
    };
    let owner = game.leader_owner(leader).and_then(Faction::major);
    if deal.leaders.contains(leader) {
        return Some(DealRefusal::AlreadyInDeal);
    }
    match owner {
        Some(owner)
            if leader.kind() == LeaderKind::Army
                && deal.is_party(captor)
                && deal.is_party(owner)
                && owner != captor =>
        {
            if peace::return_spaces(game, owner).is_empty() {
                Some(DealRefusal::NowhereToReturn)
            } else {
                None
            }
        }
        _ => Some(DealRefusal::NotCaptured),
    }
}

/// The 500th limits on ceding (§9.1): a home space of giver or receiver,
/// a grey space, or a minor's home space given to its ally; never the
/// giver's own capital.
fn cede_refusal(game: &Game, deal: &Deal, space: Space) -> Option<DealRefusal> {
    let controller = game.controller(space).major();
    let Some(giver) = controller.filter(|&p| deal.is_party(p)) else {
        return Some(DealRefusal::NotControlled);
    };
    let receiver = deal.other(giver);
    let home = game.home_of(space);
    // Asked last: a minor's ally is looked up only for its home spaces.
    let eligible = || {
        home == Faction::from(giver)
            || home == Faction::from(receiver)
            || home == Faction::Independent
            || home.minor().is_some_and(|m| game.minor_ally(m) == Some(receiver))
    };
    if deal.ceded.contains(space) {
        Some(DealRefusal::AlreadyInDeal)
    } else if religion::before_league_protestant(game, receiver) {
        Some(DealRefusal::BeforeLeague)
    } else if !game.in_play(space) {
        Some(DealRefusal::NotControlled)
    } else if space.is_capital() && home == Faction::from(giver) {
        Some(DealRefusal::OwnCapital)
    } else if !eligible() {
        Some(DealRefusal::NotCedable)
    } else {
        None
    }
}

/// The spaces a cede term may name now: those a party controls and
/// [`cede_refusal`] passes (§9.1), in one pass over the map, with the
/// Schmalkaldic League check of each receiver made once.
pub(crate) fn cedable_spaces(game: &Game, deal: &Deal) -> EnumSet<Space> {
    let parties = [deal.proposer, deal.recipient];
    let open = parties.map(|giver| !religion::before_league_protestant(game, deal.other(giver)));
    let mut spaces = EnumSet::EMPTY;
    for space in Space::ALL {
        let Some(giver) = game.controller(space).major() else {
            continue;
        };
        let giving = parties.iter().zip(open).any(|(&p, open)| p == giver && open);
        if giving && cede_refusal(game, deal, space).is_none() {
            spaces.insert(space);
        }
    }
    spaces
}

fn card_refusal(game: &Game, deal: &Deal, giver: Power) -> Option<DealRefusal> {
    if !deal.is_party(giver) {
        return Some(DealRefusal::NotAParty);
    }
    let receiver = deal.other(giver);
    let given = game.negotiated.cards[giver.index()][receiver.index()];
    let back = game.negotiated.cards[receiver.index()][giver.index()];
    let drawable = peace::drawable_cards(game, giver).len();
    if deal.card_giver.is_some_and(|g| g != giver) || back > 0 {
        Some(DealRefusal::BothWays)
    } else if given + deal.cards >= MAX_CARDS {
        Some(DealRefusal::AlreadyInDeal)
    } else if drawable <= usize::from(deal.cards) {
        Some(DealRefusal::NoCard)
    } else {
        None
    }
}

fn mercenary_refusal(game: &Game, deal: &Deal, giver: Power, space: Space) -> Option<DealRefusal> {
    if !deal.is_party(giver) {
        return Some(DealRefusal::NotAParty);
    }
    let receiver = deal.other(giver);
    let given = game.negotiated.mercenaries[giver.index()][receiver.index()];
    let back = game.negotiated.mercenaries[receiver.index()][giver.index()];
    let listed = deal.mercenaries.iter().filter(|&&s| s == Some(space)).count();
    let there = usize::from(game.land_units(space, giver.into()).mercenaries);
    if receiver == Power::Ottoman {
        Some(DealRefusal::ToOttoman)
    } else if religion::before_league_protestant(game, receiver) {
        Some(DealRefusal::BeforeLeague)
    } else if deal.mercenary_giver.is_some_and(|g| g != giver) || back > 0 {
        Some(DealRefusal::BothWays)
    } else if given + deal.mercenary_count() >= MAX_MERCENARIES {
        Some(DealRefusal::AlreadyInDeal)
    } else if there <= listed {
        Some(DealRefusal::NoMercenary)
    } else if mercenary_spaces(game, deal, receiver).is_empty() {
        Some(DealRefusal::NoPlacement)
    } else {
        None
    }
}

/// Where `receiver` may place mercenaries given to it (§9.1): its capital
/// (the Hapsburg: either) if it controls it, or a space of the deal ceding
/// it; the Protestant in one electorate it controls (or is ceded).
pub fn mercenary_spaces(game: &Game, deal: &Deal, receiver: Power) -> EnumSet<Space> {
    let own = Faction::from(receiver);
    let gets = |s: Space| {
        let ceded_to = deal.ceded.contains(s) && game.controller(s) == Faction::from(deal.other(receiver));
        (game.controller(s) == own || ceded_to) && game.in_play(s)
    };
    let fits = |s: Space| {
        crate::data::powers::fields(own, LandUnitKind::Mercenary)
            && !game.is_besieged(s, own)
            && !game.has_enemy_land_units(receiver, s)
    };
    // The spaces wanted: the electorates for the Protestant, else the
    // receiver's capitals (static sets, not a scan of the map).
    let wanted = if receiver == Power::Protestant { electorates() } else { crate::rules::spring::capitals(receiver) };
    wanted.iter().filter(|&s| gets(s) && fits(s)).collect()
}

/// The electorates (§21.6), found once.
fn electorates() -> EnumSet<Space> {
    static ELECTORATES: std::sync::OnceLock<EnumSet<Space>> = std::sync::OnceLock::new();
    *ELECTORATES.get_or_init(|| Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate).collect())
}

impl core::fmt::Display for Deal {
    /// The terms in English, "; "-separated ("nothing" for none).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut core::fmt::Formatter<'_>| {
            let s = if first { "" } else { "; " };
            first = false;
            f.write_str(s)
        };
        let mut any = false;
        for term in self.terms() {
            any = true;
            match term {
                Term::Card { .. } | Term::Mercenary { .. } => continue,
                _ => sep(f)?,
            }
            match term {
                Term::EndWar => f.write_str("end the war")?,
                Term::Alliance => f.write_str("ally for the turn")?,
                Term::Divorce => f.write_str("grant Henry's divorce")?,
                Term::LiftExcommunication(ruler) => write!(f, "lift {ruler}'s excommunication")?,
                Term::ReturnLeader(leader) => write!(f, "return {leader}")?,
                Term::Cede(space) => write!(f, "cede {space}")?,
                Term::LendSquadron { lender, port } => write!(f, "{lender} loans a squadron from {port}")?,
                Term::LendLeader { lender, leader } => write!(f, "{lender} loans {leader}")?,
                Term::Card { .. } | Term::Mercenary { .. } => {}
            }
        }
        if let Some(giver) = self.card_giver {
            sep(f)?;
            write!(f, "{} random card draw(s) from {giver}", self.cards)?;
        }
        if let Some(giver) = self.mercenary_giver {
            sep(f)?;
            write!(f, "{} mercenaries from {giver}", self.mercenary_count())?;
        }
        if !any {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}
