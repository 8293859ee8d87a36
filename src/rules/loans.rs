//! Loans of naval squadrons and naval leaders (§9.1, §9.2, §19.1).
//!
//! A power entering an alliance may loan squadrons (never corsairs) and
//! naval leaders stacked with them to its ally for the turn, one way
//! between the two, never to the Protestant, only along a path of sea
//! zones (no port on the way) to a port of the receiver; each goes to the
//! nearest such port (§9.2), the receiver picking among equally near ones.
//! The deal's term is in `rules::negotiation`, its execution in
//! `frames::negotiation`.
//!
//! A loaned squadron "is treated just like any other naval unit of the
//! receiving power" (§9.2): it joins the receiver's naval stack where it
//! is, and the stack records how many of its squadrons carry Loaned
//! markers, by lending faction ([`Lent`]). Every naval rule reads the
//! receiver's stack, so the loaned squadrons move, fight, intercept,
//! avoid battle and retreat as the receiver's, and §10's sea-zone limit
//! does not count them against it. Where the engine must know which of a
//! stack's squadrons carry the markers (part of the stack moves, a
//! squadron is lost) the loaned ones go first (docs/rulings.md LN5); a
//! loaned squadron lost goes to its owner's turn track. A loaned naval
//! leader serves the receiver (`Game::leader_owner`) until winter.
//!
//! In winter step 1 (§19.1) the markers come off: the squadrons become
//! their owner's again where they are, the leaders their owner's, and the
//! naval return (step 3) takes them to their owner's ports.

use crate::edit::EditError;
use crate::engine::Log;
use crate::event::Event;
use crate::game::{Game, LeaderLocation, NavalLocation, NavalUnits};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, Power, SeaZone, Space};

/// Squadrons of one naval stack on loan to its power, by lending faction
/// (`Faction` index).
pub type Lent = [u8; Faction::COUNT];

/// No squadron on loan.
pub const NO_LOAN: Lent = [0; Faction::COUNT];

/// The squadrons in `lent`.
pub(crate) fn lent_total(lent: &Lent) -> u8 {
    lent.iter().fold(0u8, |sum, &n| sum.saturating_add(n))
}

/// Takes up to `n` squadrons off `lent`, in faction order; returns those taken.
pub(crate) fn take_lent(lent: &mut Lent, n: u8) -> Lent {
    let mut taken = NO_LOAN;
    let mut left = n;
    for (slot, out) in lent.iter_mut().zip(taken.iter_mut()) {
        let k = left.min(*slot);
        *slot -= k;
        *out = k;
        left -= k;
    }
    taken
}

/// The ports `receiver` controls that the squadrons in port `from` may be
/// loaned to, and the nearest of them (§9.2): a path of sea zones from
/// `from`, no port on the way (not even Gibraltar), each sea zone counting
/// 1. Empty when no such path reaches a port of the receiver.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup, Space, rules::loans::loan_ports};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// // Marseille is on the Gulf of Lyon, like Barcelona (Hapsburg).
/// assert!(loan_ports(&game, Power::Hapsburg, Space::Marseille).contains(Space::Barcelona));
/// ```
pub fn loan_ports(game: &Game, receiver: Power, from: Space) -> EnumSet<Space> {
    let own = Faction::from(receiver);
    let mut ring: EnumSet<SeaZone> = from.ports().iter().copied().collect();
    let mut seen = ring;
    while !ring.is_empty() {
        let found: EnumSet<Space> = ring
            .iter()
            .flat_map(|zone| zone.ports().iter().copied())
            .filter(|&port| port != from && game.in_play(port) && game.controller(port) == own)
            .collect();
        if !found.is_empty() {
            return found;
        }
        let mut next = EnumSet::EMPTY;
        for zone in ring.iter() {
            for &z in zone.adjacent() {
                next.insert(z);
            }
        }
        ring = next.difference(seen);
        seen = seen.union(ring);
    }
    EnumSet::EMPTY
}

/// The first in map order of the nearest ports ([`loan_ports`]): where a
/// squadron loaned from port `from` to `receiver` goes when it is the only
/// one, or in the all-or-nothing trial; among several the receiver picks
/// (docs/rulings.md LN4).
pub fn loan_destination(game: &Game, receiver: Power, from: Space) -> Option<Space> {
    loan_ports(game, receiver, from).iter().next()
}

/// The factions whose squadrons `lender` may loan from port `space`, and
/// how many of each (its own and its active minor allies', none of them
/// on loan to it), own first.
pub fn lendable_squadrons(game: &Game, lender: Power, space: Space) -> impl Iterator<Item = (Faction, u8)> + '_ {
    let at = NavalLocation::Port(space);
    game.own_factions(lender).into_iter().map(move |f| (f, game.own_squadrons(at, f))).filter(|&(_, n)| n > 0)
}

/// Whether `leader` is a naval leader `lender` may loan (serving it or an
/// active minor ally, in a port, not on loan already), and his port.
pub fn lendable_leader(game: &Game, lender: Power, leader: Leader) -> Option<Space> {
    let LeaderLocation::Space(port) = game.leader_location(leader) else {
        return None;
    };
    let serves = game.leader_owner(leader).is_some_and(|f| game.own_factions(lender).contains(f));
    (leader.kind() == LeaderKind::Naval && serves && game.leader_loans[leader.index()].is_none()).then_some(port)
}

/// The first port (map order) holding squadrons loaned to `receiver` in
/// this deal that still wait to go to one of its ports (§9.2): a stack of
/// the receiver with Loaned markers in a port it does not control.
pub(crate) fn waiting_loan(game: &Game, receiver: Power) -> Option<Space> {
    let own = Faction::from(receiver);
    game.naval_stacks_slice()
        .iter()
        .filter(|s| s.faction == own && lent_total(&s.lent) > 0)
        .filter_map(|s| match s.location {
            NavalLocation::Port(port) if game.controller(port) != own => Some(port),
            _ => None,
        })
        .min_by_key(|port| port.index())
}

impl Game {
    /// How many of `receiver`'s squadrons at `at` are on loan to it from
    /// `lender` (they carry `receiver`'s Loaned markers, §9.2).
    ///
    /// ```
    /// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, Setup, Space};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// let naples = NavalLocation::Port(Space::Naples);
    /// game.set_alliance(Power::Hapsburg, Power::France, true)?;
    /// game.set_naval_units(naples, Faction::Hapsburg, NavalUnits::squadrons(2))?;
    /// game.set_loaned_squadrons(naples, Power::Hapsburg, Faction::France, 1)?;
    /// assert_eq!(game.loaned_squadrons(naples, Power::Hapsburg, Faction::France), 1);
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn loaned_squadrons(&self, at: NavalLocation, receiver: Power, lender: Faction) -> u8 {
        self.naval_stack_lent(at, receiver.into())[lender.index()]
    }

    /// The squadrons of `faction` at `at` that are its own (not on loan to it).
    pub fn own_squadrons(&self, at: NavalLocation, faction: Faction) -> u8 {
        let units = self.naval_units(at, faction);
        units.squadrons.saturating_sub(lent_total(&self.naval_stack_lent(at, faction)))
    }

    /// The power `leader` is on loan to this turn, if any (§9.2).
    pub fn naval_leader_loaned_to(&self, leader: Leader) -> Option<Power> {
        self.leader_loans[leader.index()]
    }

    /// Whether any squadron or naval leader is on loan (§9.2).
    pub fn any_loan(&self) -> bool {
        self.leader_loans.iter().any(Option::is_some)
            || self.naval_stacks_slice().iter().any(|s| lent_total(&s.lent) > 0)
    }

    pub(crate) fn naval_stack_lent(&self, at: NavalLocation, faction: Faction) -> Lent {
        self.naval_stacks_slice().iter().find(|s| s.location == at && s.faction == faction).map_or(NO_LOAN, |s| s.lent)
    }

    fn naval_stack_index(&self, at: NavalLocation, faction: Faction) -> Option<usize> {
        self.naval_stacks_slice().iter().position(|s| s.location == at && s.faction == faction)
    }

    /// Marks `n` of `receiver`'s squadrons at `at` as on loan from `lender`
    /// (edit API, §9.2). Refused unless the receiver has that many
    /// squadrons there not on loan from another faction, the lender is
    /// another faction with ships (and, counting them, its counters fit),
    /// and the receiver is not the Protestant.
    pub fn set_loaned_squadrons(
        &mut self,
        at: NavalLocation,
        receiver: Power,
        lender: Faction,
        n: u8,
    ) -> Result<(), EditError> {
        let faction = Faction::from(receiver);
        if receiver == Power::Protestant || lender == faction || crate::data::powers::naval_counters(lender) == 0 {
            return Err(EditError::BadLoan);
        }
        let Some(i) = self.naval_stack_index(at, faction) else {
            return if n == 0 { Ok(()) } else { Err(EditError::BadLoan) };
        };
        let mut lent = self.naval[i].lent;
        lent[lender.index()] = n;
        if lent_total(&lent) > self.naval[i].units.squadrons {
            return Err(EditError::BadLoan);
        }
        let before = self.naval[i].lent;
        self.naval[i].lent = lent;
        let track = u32::from(self.naval_turn_track[lender.index()].total());
        if self.naval_counters_on_map(lender, None) + track > u32::from(crate::data::powers::naval_counters(lender)) {
            self.naval[i].lent = before;
            return Err(EditError::CounterMixExceeded { faction: lender });
        }
        Ok(())
    }

    /// Puts the naval leader `leader` on loan to `to` for the turn, or ends
    /// his loan with `None` (edit API, §9.2). Refused for an army leader or
    /// a loan to the Protestant.
    pub fn set_naval_leader_loan(&mut self, leader: Leader, to: Option<Power>) -> Result<(), EditError> {
        if leader.kind() != LeaderKind::Naval || to == Some(Power::Protestant) {
            return Err(EditError::BadLoan);
        }
        self.leader_loans[leader.index()] = to;
        Ok(())
    }

    /// The naval counters of `faction` on the map: a stack's loaned
    /// squadrons count for their lender, not for the stack's faction;
    /// the stack at index `skip` aside.
    pub(crate) fn naval_counters_on_map(&self, faction: Faction, skip: Option<usize>) -> u32 {
        self.naval_stacks_slice()
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != skip)
            .map(|(_, s)| {
                let own = if s.faction == faction {
                    u32::from(s.units.total()).saturating_sub(u32::from(lent_total(&s.lent)))
                } else {
                    0
                };
                own + u32::from(s.lent[faction.index()])
            })
            .sum()
    }

    /// Moves `units` of `faction` from `from` to `to`, the loaned squadrons
    /// first with their markers (docs/rulings.md LN5).
    pub(crate) fn move_ships(&mut self, faction: Faction, from: NavalLocation, to: NavalLocation, units: NavalUnits) {
        let mut lent = self.naval_stack_lent(from, faction);
        let here = self.naval_units(from, faction);
        let moving =
            NavalUnits { squadrons: units.squadrons.min(here.squadrons), corsairs: units.corsairs.min(here.corsairs) };
        let carried = take_lent(&mut lent, moving.squadrons);
        let stay =
            NavalUnits { squadrons: here.squadrons - moving.squadrons, corsairs: here.corsairs - moving.corsairs };
        let there = self.naval_units(to, faction);
        let arrive = NavalUnits {
            squadrons: there.squadrons.saturating_add(moving.squadrons),
            corsairs: there.corsairs.saturating_add(moving.corsairs),
        };
        // The total is unchanged: the counters still fit.
        let _ = self.set_naval_units(from, faction, stay);
        let _ = self.set_naval_units(to, faction, arrive);
        self.add_lent(to, faction, &carried);
    }

    /// Adds `carried` to the Loaned markers of `faction`'s stack at `at`.
    fn add_lent(&mut self, at: NavalLocation, faction: Faction, carried: &Lent) {
        if let Some(i) = self.naval_stack_index(at, faction) {
            let squadrons = self.naval[i].units.squadrons;
            for (slot, &n) in self.naval[i].lent.iter_mut().zip(carried) {
                *slot = slot.saturating_add(n);
            }
            // Never more markers than squadrons (the callers move both).
            while lent_total(&self.naval[i].lent) > squadrons {
                take_lent(&mut self.naval[i].lent, 1);
            }
        }
    }

    /// Loaned squadrons lost from a stack go to their owners' turn track
    /// (§5.3), not to the receiver's: moves `lost` there from `receiver`'s.
    pub(crate) fn lent_to_owners_track(&mut self, receiver: Faction, lost: &Lent) {
        let total = lent_total(lost);
        if total == 0 {
            return;
        }
        let track = &mut self.naval_turn_track[receiver.index()];
        track.squadrons = track.squadrons.saturating_sub(total);
        for faction in Faction::ALL {
            let n = lost[faction.index()];
            if n > 0 {
                let track = &mut self.naval_turn_track[faction.index()];
                track.squadrons = track.squadrons.saturating_add(n);
            }
        }
    }

    /// One squadron of `lender` in port `from` goes on loan to `receiver`,
    /// to port `to` (§9.2).
    pub(crate) fn lend_squadron(&mut self, lender: Faction, from: Space, receiver: Power, to: Space) {
        let (at, dest) = (NavalLocation::Port(from), NavalLocation::Port(to));
        let here = self.naval_units(at, lender);
        if self.own_squadrons(at, lender) == 0 {
            return;
        }
        // Lent squadrons at `from` stay lent: only an own squadron leaves.
        let lent = self.naval_stack_lent(at, lender);
        let _ = self.set_naval_units(at, lender, NavalUnits { squadrons: here.squadrons - 1, ..here });
        if let Some(i) = self.naval_stack_index(at, lender) {
            self.naval[i].lent = lent;
        }
        let faction = Faction::from(receiver);
        let there = self.naval_units(dest, faction);
        let mut marker = NO_LOAN;
        marker[lender.index()] = 1;
        // One counter changes hands: the lender's count is unchanged.
        let i = self.naval_stack_index(dest, faction);
        match i {
            Some(i) => {
                self.naval[i].units.squadrons = there.squadrons.saturating_add(1);
                self.add_lent(dest, faction, &marker);
            }
            None if usize::from(self.naval_len) < crate::game::MAX_NAVAL_STACKS => {
                let slot = usize::from(self.naval_len);
                self.naval[slot] =
                    crate::game::NavalStack { location: dest, faction, units: NavalUnits::squadrons(1), lent: marker };
                self.naval_len += 1;
            }
            None => {}
        }
    }

    /// The squadrons loaned to `receiver` waiting in port `from`, and the
    /// naval leaders loaned with them, go to its port `to` (§9.2).
    pub(crate) fn send_loan(&mut self, receiver: Power, from: Space, to: Space, log: &mut dyn Log) {
        let faction = Faction::from(receiver);
        let (at, dest) = (NavalLocation::Port(from), NavalLocation::Port(to));
        let lent = self.naval_stack_lent(at, faction);
        self.move_ships(faction, at, dest, self.naval_units(at, faction));
        for owner in Faction::ALL {
            for _ in 0..lent[owner.index()] {
                log.event(Event::SquadronLoaned { faction: owner, receiver, from, to });
            }
        }
        for leader in Leader::ALL {
            if self.leader_loans[leader.index()] == Some(receiver)
                && self.leaders[leader.index()] == LeaderLocation::Space(from)
            {
                self.leaders[leader.index()] = LeaderLocation::Space(to);
                log.event(Event::NavalLeaderLoaned { leader, receiver, to });
            }
        }
    }

    /// Winter step 1 (§19.1): the Loaned markers come off. Each loaned
    /// squadron becomes its owner's again where it is (the naval return
    /// takes it to its owner's port), and loaned naval leaders serve their
    /// owner again.
    pub(crate) fn end_loans(&mut self, log: &mut dyn Log) {
        if !self.any_loan() {
            return;
        }
        for i in (0..usize::from(self.naval_len)).rev() {
            let stack = self.naval[i];
            if lent_total(&stack.lent) == 0 {
                continue;
            }
            self.naval[i].lent = NO_LOAN;
            let mut left = stack.units;
            left.squadrons = left.squadrons.saturating_sub(lent_total(&stack.lent));
            let _ = self.set_naval_units(stack.location, stack.faction, left);
            for owner in Faction::ALL {
                let n = stack.lent[owner.index()];
                if n == 0 {
                    continue;
                }
                let mut units = self.naval_units(stack.location, owner);
                units.squadrons = units.squadrons.saturating_add(n);
                let _ = self.set_naval_units(stack.location, owner, units);
                log.event(Event::LoanEnded { owner, at: stack.location, squadrons: n });
            }
        }
        self.leader_loans = [None; Leader::COUNT];
    }
}
