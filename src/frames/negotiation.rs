//! The negotiation segment (§9.1), the first of the diplomacy phase: a
//! protocol both bots and humans can drive.
//!
//! In impulse order each power may open a deal with each other power once
//! (`Frame::Negotiation`): it adds terms one at a time and offers the deal,
//! or withdraws it (`Frame::Deal`, building); the recipient accepts or
//! rejects it (offered). An accepted deal is tried whole on a copy first
//! (all or nothing: every term checked again, in the order of §9.1,
//! [`Deal::terms`]); if it holds, it takes effect at once, asking the
//! owners where returned leaders, displaced units and received mercenaries
//! go when the rules give them a choice. Turn 1 has England's negotiations
//! with France and the Hapsburg only (§7: the Hapsburg's deal first); the
//! two-player variant has none (`Game::diplomacy_phase`).

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LeaderLocation, NavalLocation};
use crate::rules::loans;
use crate::rules::negotiation::{self as nego, Deal, DealRefusal, Term};
use crate::rules::peace;
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, MaritalStatus, Power, Ruler, Space};

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub(crate) enum DealStage {
    /// The proposer adds terms, offers or withdraws.
    Building,
    /// The recipient accepts or rejects.
    Offered,
    /// Accepted: the terms left take effect (never on top at a decision).
    Executing,
}

fn one(space: Space) -> EnumSet<Space> {
    let mut set = EnumSet::EMPTY;
    set.insert(space);
    set
}

/// What carrying out a term did: done, or a decision frame was pushed.
enum Carried {
    Done,
    Waits,
}

impl Game {
    /// §9.1: the segment opens with the first power that may negotiate.
    pub(crate) fn begin_negotiation(&mut self, log: &mut dyn Log) {
        self.negotiated = Default::default();
        self.next_proposer(0, log);
    }

    /// The first power from impulse position `from` on with a partner.
    fn next_proposer(&mut self, from: usize, log: &mut dyn Log) {
        for power in Power::ALL.into_iter().skip(from) {
            if !nego::partners(self, power).is_empty() {
                self.stack.push(Frame::Negotiation { power, proposed: EnumSet::EMPTY });
                return;
            }
        }
        if self.turn == 1 {
            self.end_diplomacy_phase(log);
        } else {
            self.begin_peace_segments(log);
        }
    }

    /// The powers `power` may still open a deal with (§9.1: one proposal to
    /// each per phase; turn 1: the Hapsburg's before France's, §7).
    fn open_partners(&self, power: Power, proposed: EnumSet<Power>) -> EnumSet<Power> {
        let mut open = nego::partners(self, power).difference(proposed);
        if self.turn == 1 && proposed.contains(Power::France) {
            open.remove(Power::Hapsburg);
        }
        open
    }

    pub(crate) fn negotiation_actions(&self, power: Power, proposed: EnumSet<Power>, list: &mut ActionList) {
        list.push(Action::Done);
        list.extend(self.open_partners(power, proposed).iter().map(Action::ProposeTo));
    }

    /// Whether `action` is one of `negotiation_actions`, without listing.
    pub(crate) fn negotiation_action_legal(&self, power: Power, proposed: EnumSet<Power>, action: Action) -> bool {
        match action {
            Action::Done => true,
            Action::ProposeTo(to) => self.open_partners(power, proposed).contains(to),
            _ => false,
        }
    }

    pub(crate) fn apply_negotiation(
        &mut self,
        power: Power,
        proposed: EnumSet<Power>,
        action: Action,
        log: &mut dyn Log,
    ) {
        match action {
            Action::Done => {
                self.stack.pop();
                self.next_proposer(power.index() + 1, log);
            }
            Action::ProposeTo(to) => {
                let mut now = proposed;
                now.insert(to);
                if let Some(Frame::Negotiation { proposed, .. }) = self.stack.top_mut() {
                    *proposed = now;
                }
                self.stack.push(Frame::Deal { deal: Deal::new(power, to), stage: DealStage::Building });
            }
            _ => {}
        }
    }

    /// A proposer with nobody left to propose to makes way for the next.
    fn settle_negotiation(&mut self, log: &mut dyn Log) {
        if let Some(&Frame::Negotiation { power, proposed }) = self.stack.top() {
            if self.open_partners(power, proposed).is_empty() {
                self.stack.pop();
                self.next_proposer(power.index() + 1, log);
            }
        }
    }

    // --- Building and offering -------------------------------------------------

    /// The party that gives a mercenary in `space`: the deal's giver if it
    /// has one, else the proposer if it has a mercenary there, else the
    /// recipient.
    fn mercenary_giver(&self, deal: &Deal, space: Space) -> Power {
        deal.mercenary_giver.unwrap_or_else(|| {
            if self.land_units(space, deal.proposer.into()).mercenaries > 0 { deal.proposer } else { deal.recipient }
        })
    }

    /// The party that loans a squadron in `port`: the deal's lender if it
    /// has one, else the proposer if it has a squadron to loan there, else
    /// the recipient.
    fn squadron_lender(&self, deal: &Deal, port: Space) -> Power {
        deal.lender.unwrap_or_else(|| {
            let has = loans::lendable_squadrons(self, deal.proposer, port).next().is_some();
            if has { deal.proposer } else { deal.recipient }
        })
    }

    /// The party that loans `leader`: the deal's lender, else the party
    /// he serves (the proposer if neither).
    fn leader_lender(&self, deal: &Deal, leader: Leader) -> Power {
        deal.lender.unwrap_or_else(|| {
            if loans::lendable_leader(self, deal.recipient, leader).is_some() { deal.recipient } else { deal.proposer }
        })
    }

    /// The term an action adds, if it names one.
    fn term_of(&self, deal: &Deal, action: Action) -> Option<Term> {
        Some(match action {
            Action::EndWar => Term::EndWar,
            Action::Ally => Term::Alliance,
            Action::GrantDivorce => Term::Divorce,
            Action::LiftExcommunication(ruler) => Term::LiftExcommunication(ruler),
            Action::FreeLeader(leader) => Term::ReturnLeader(leader),
            Action::Cede(space) => Term::Cede(space),
            Action::CardDrawFrom(giver) => Term::Card { giver },
            Action::GiveMercenaryIn(space) => Term::Mercenary { giver: self.mercenary_giver(deal, space), space },
            Action::LendSquadronIn(port) => Term::LendSquadron { lender: self.squadron_lender(deal, port), port },
            Action::LendLeader(leader) => Term::LendLeader { lender: self.leader_lender(deal, leader), leader },
            _ => return None,
        })
    }

    /// Whether `action` names a term that may be added to `deal` now: the
    /// one test behind both the listing (`term_actions`) and `is_legal`.
    fn term_action_legal(&self, deal: &Deal, action: Action) -> bool {
        let candidate = match action {
            Action::EndWar | Action::Ally | Action::GrantDivorce | Action::LiftExcommunication(_) => true,
            Action::FreeLeader(leader) => matches!(self.leader_location(leader), LeaderLocation::Captured(_)),
            Action::Cede(space) => self.controller(space).major().is_some_and(|p| deal.is_party(p)),
            Action::CardDrawFrom(giver) => deal.is_party(giver),
            Action::GiveMercenaryIn(space) => {
                [deal.proposer, deal.recipient].into_iter().any(|p| self.land_units(space, p.into()).mercenaries > 0)
            }
            Action::LendSquadronIn(port) => {
                self.loans_open(deal) && self.naval_stacks().any(|(at, ..)| at == NavalLocation::Port(port))
            }
            Action::LendLeader(leader) => {
                self.loans_open(deal)
                    && leader.kind() == crate::types::LeaderKind::Naval
                    && matches!(self.leader_location(leader), LeaderLocation::Space(port)
                        if deal.lent_squadrons.iter().flatten().any(|&lent| lent == port))
            }
            _ => false,
        };
        candidate && self.term_of(deal, action).is_some_and(|term| nego::term_refusal(self, deal, term).is_none())
    }

    /// Whether loans may be added (§9.2): the deal makes an alliance or
    /// the parties are allied by an earlier deal.
    fn loans_open(&self, deal: &Deal) -> bool {
        deal.alliance || nego::allied_by_deal(self, deal.proposer, deal.recipient)
    }

    /// Every term action that may be added to `deal` now.
    fn term_actions(&self, deal: &Deal, list: &mut ActionList) {
        let add = |list: &mut ActionList, action: Action| {
            if self.term_action_legal(deal, action) {
                list.push(action);
            }
        };
        for action in [Action::EndWar, Action::Ally, Action::GrantDivorce] {
            add(list, action);
        }
        Ruler::ALL.into_iter().for_each(|ruler| add(list, Action::LiftExcommunication(ruler)));
        Leader::ALL.into_iter().for_each(|leader| add(list, Action::FreeLeader(leader)));
        // The cede terms in one pass over the map (the test of
        // `term_action_legal`, with what depends only on the giver found once).
        list.extend(nego::cedable_spaces(self, deal).iter().map(Action::Cede));
        for giver in [deal.proposer, deal.recipient] {
            add(list, Action::CardDrawFrom(giver));
        }
        let parties = [Faction::from(deal.proposer), Faction::from(deal.recipient)];
        let mut mercenary_spaces = EnumSet::EMPTY;
        for (space, faction, units, _) in self.land_stack_tuples() {
            if parties.contains(&faction) && units.mercenaries > 0 {
                mercenary_spaces.insert(space);
            }
        }
        mercenary_spaces.iter().for_each(|space| add(list, Action::GiveMercenaryIn(space)));
        if self.loans_open(deal) {
            self.loan_actions(deal, list);
        }
    }

    /// The loan terms that may be added (§9.2): squadrons in the parties'
    /// ports, then naval leaders stacked with them.
    fn loan_actions(&self, deal: &Deal, list: &mut ActionList) {
        let mut ports = EnumSet::EMPTY;
        for (at, ..) in self.naval_stacks() {
            if let NavalLocation::Port(space) = at {
                ports.insert(space);
            }
        }
        for port in ports {
            if self.term_action_legal(deal, Action::LendSquadronIn(port)) {
                list.push(Action::LendSquadronIn(port));
            }
        }
        // A port two squadrons are lent from names its leaders once.
        let lent: EnumSet<Space> = deal.lent_squadrons.iter().flatten().copied().collect();
        for port in lent {
            for leader in self.leaders_at(port) {
                if self.term_action_legal(deal, Action::LendLeader(leader)) {
                    list.push(Action::LendLeader(leader));
                }
            }
        }
    }

    /// Whether `action` is legal at this stage of `deal`, without listing
    /// (the playout tests hold it to `deal_actions`).
    pub(crate) fn deal_action_legal(&self, deal: &Deal, stage: DealStage, action: Action) -> bool {
        match (stage, action) {
            (DealStage::Building, Action::Decline) => true,
            (DealStage::Building, Action::Offer) => !deal.is_empty(),
            (DealStage::Building, action) => self.term_action_legal(deal, action),
            (DealStage::Offered, action) => matches!(action, Action::Decline | Action::Accept),
            (DealStage::Executing, action) => action == Action::Done,
        }
    }

    pub(crate) fn deal_actions(&self, deal: &Deal, stage: DealStage, list: &mut ActionList) {
        match stage {
            DealStage::Building => {
                list.push(Action::Decline);
                if !deal.is_empty() {
                    list.push(Action::Offer);
                }
                self.term_actions(deal, list);
            }
            DealStage::Offered => list.extend([Action::Decline, Action::Accept]),
            // Never on top at a decision; a way on rather than a stall.
            DealStage::Executing => list.push(Action::Done),
        }
    }

    pub(crate) fn apply_deal(&mut self, deal: Deal, stage: DealStage, action: Action, log: &mut dyn Log) {
        match (stage, action) {
            (DealStage::Building, Action::Decline) => {
                self.stack.pop();
                self.settle_negotiation(log);
            }
            (DealStage::Building, Action::Offer) => {
                log.event(Event::DealOffered { proposer: deal.proposer, recipient: deal.recipient });
                self.set_deal(deal, DealStage::Offered);
            }
            (DealStage::Building, action) => {
                if let Some(term) = self.term_of(&deal, action) {
                    let mut next = deal;
                    next.add(term);
                    self.set_deal(next, DealStage::Building);
                }
            }
            (DealStage::Offered, Action::Decline) => {
                log.event(Event::DealRejected { proposer: deal.proposer, recipient: deal.recipient });
                self.stack.pop();
                self.settle_negotiation(log);
            }
            (DealStage::Offered, Action::Accept) => self.accept_deal(deal, log),
            (DealStage::Executing, _) => self.continue_deal(log),
            _ => {}
        }
    }

    fn set_deal(&mut self, next: Deal, next_stage: DealStage) {
        if let Some(Frame::Deal { deal, stage }) = self.stack.top_mut() {
            *deal = next;
            *stage = next_stage;
        }
    }

    /// An accepted deal is tried whole on a copy (owners' choices taken
    /// as the first open one); if every term holds it takes effect,
    /// otherwise nothing of it does (§9.1).
    fn accept_deal(&mut self, deal: Deal, log: &mut dyn Log) {
        let mut trial = self.clone();
        let mut quiet = crate::engine::NoLog;
        let tried = trial.stack.pop().is_some() && trial.carry_out_all(deal, &mut quiet).is_ok();
        if !tried {
            log.event(Event::DealFailed { proposer: deal.proposer, recipient: deal.recipient });
            self.stack.pop();
            self.settle_negotiation(log);
            return;
        }
        log.event(Event::DealAccepted { deal });
        self.set_deal(deal, DealStage::Executing);
        self.continue_deal(log);
    }

    /// The trial run: every term in order, with the first open choice.
    fn carry_out_all(&mut self, deal: Deal, log: &mut dyn Log) -> Result<(), DealRefusal> {
        let mut rest = deal;
        while let Some(term) = first_term(&rest) {
            let taken = take_group(&mut rest, term);
            self.carry_out(&deal, term, taken, true, log)?;
        }
        Ok(())
    }

    /// Carries out the accepted deal on top, term by term, until a term
    /// waits for an owner's choice; then the deal frame goes and the
    /// negotiation moves on.
    pub(crate) fn continue_deal(&mut self, log: &mut dyn Log) {
        // Each pass carries out one term or group: far fewer than this.
        for _ in 0..crate::rules::negotiation::MAX_TERMS {
            let Some(&Frame::Deal { deal, stage: DealStage::Executing }) = self.stack.top() else {
                return;
            };
            let Some(term) = first_term(&deal) else {
                self.stack.pop();
                self.settle_negotiation(log);
                return;
            };
            let mut rest = deal;
            let taken = take_group(&mut rest, term);
            self.set_deal(rest, DealStage::Executing);
            // Tried whole before: a refusal here cannot happen; the term
            // is then skipped.
            if let Ok(Carried::Waits) = self.carry_out(&deal, term, taken, false, log) {
                return;
            }
        }
    }

    /// Carries out `term` (`count` of them for card draws and mercenaries,
    /// which go together), checked again first. `auto`: owners' choices
    /// are the first open one.
    fn carry_out(
        &mut self,
        deal: &Deal,
        term: Term,
        count: u8,
        auto: bool,
        log: &mut dyn Log,
    ) -> Result<Carried, DealRefusal> {
        if let Term::LendSquadron { .. } | Term::LendLeader { .. } = term {
            self.lend(deal)?;
            return Ok(deal.lender.map_or(Carried::Done, |lender| self.send_loans(deal.other(lender), auto, log)));
        }
        if let Some(refusal) = nego::term_refusal(self, &deal.emptied(), term) {
            return Err(refusal);
        }
        let (a, b) = (deal.proposer, deal.recipient);
        match term {
            Term::EndWar => {
                let _ = self.set_war(a, b, false);
                // Peace made in this phase (§9.6: no war on that power now).
                self.peace_made.set(a.into(), b.into(), true);
                log.event(Event::WhitePeace { a, b });
                self.war_ended(a, b, log);
            }
            Term::Alliance => {
                self.set_alliance(a, b, true).map_err(|_| DealRefusal::AtWar)?;
                // §9.2: the loans this alliance allows.
                self.negotiated.allied[a.index()] |= 1 << b.index();
                self.negotiated.allied[b.index()] |= 1 << a.index();
                log.event(Event::AllianceFormed { a, b });
            }
            Term::Divorce => {
                self.negotiated.divorce = true;
                log.event(Event::DivorceGranted);
                self.marry(MaritalStatus::AnneBoleyn, log);
            }
            Term::LiftExcommunication(ruler) => self.lift(ruler, log),
            Term::ReturnLeader(leader) => return Ok(self.return_leader_by_deal(leader, auto, log)),
            Term::Cede(space) => return Ok(self.cede(deal, space, auto, log)),
            Term::Card { giver } => self.give_cards(giver, deal.other(giver), count, log)?,
            Term::Mercenary { giver, .. } => return self.give_mercenaries(deal, giver, auto, log),
            Term::LendSquadron { .. } | Term::LendLeader { .. } => {}
        }
        Ok(Carried::Done)
    }

    /// The whole loan of `deal` (§9.2), checked again term by term first:
    /// each squadron (the lender's own first, then its minor allies') and
    /// naval leader takes the receiver's Loaned marker where it is; then
    /// `send_loans` takes them to the receiver's ports.
    fn lend(&mut self, deal: &Deal) -> Result<(), DealRefusal> {
        let mut check = deal.emptied();
        for term in deal.loan_terms() {
            if let Some(refusal) = nego::term_refusal(self, &check, term) {
                return Err(refusal);
            }
            check.add(term);
        }
        let Some(lender) = deal.lender else {
            return Ok(());
        };
        let receiver = deal.other(lender);
        for &port in deal.lent_squadrons.iter().flatten() {
            let faction = loans::lendable_squadrons(self, lender, port).next().map(|(f, _)| f);
            let Some(faction) = faction else {
                return Err(DealRefusal::NoSquadron);
            };
            self.lend_squadron(faction, port, receiver, port);
        }
        for leader in deal.lent_leaders {
            if loans::lendable_leader(self, lender, leader).is_none() {
                return Err(DealRefusal::NotStacked);
            }
            self.leader_loans[leader.index()] = Some(receiver);
        }
        self.negotiated.loaned[lender.index()] |= 1 << receiver.index();
        Ok(())
    }

    /// The loaned squadrons waiting in the lender's ports go, port by port
    /// in map order, to the nearest port of `receiver` (§9.2); among
    /// several equally near the receiver picks (a `LoanPort` decision,
    /// docs/rulings.md LN4), unless `auto` (the first).
    fn send_loans(&mut self, receiver: Power, auto: bool, log: &mut dyn Log) -> Carried {
        // Each pass empties one port: far fewer than this.
        for _ in 0..crate::rules::negotiation::MAX_TERMS {
            let Some(from) = loans::waiting_loan(self, receiver) else {
                return Carried::Done;
            };
            let ports = loans::loan_ports(self, receiver, from);
            match ports.iter().next() {
                None => return Carried::Done,
                Some(_) if ports.len() > 1 && !auto => {
                    self.stack.push(Frame::LoanPort { power: receiver });
                    return Carried::Waits;
                }
                Some(to) => self.send_loan(receiver, from, to, log),
            }
        }
        Carried::Done
    }

    pub(crate) fn loan_port_actions(&self, power: Power, list: &mut ActionList) {
        if let Some(from) = loans::waiting_loan(self, power) {
            list.extend(loans::loan_ports(self, power, from).iter().map(Action::PlaceAt));
        }
    }

    pub(crate) fn apply_loan_port(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let (Action::PlaceAt(to), Some(from)) = (action, loans::waiting_loan(self, power)) else {
            return;
        };
        if !loans::loan_ports(self, power, from).contains(to) {
            return;
        }
        self.stack.pop();
        self.send_loan(power, from, to, log);
        if let Carried::Done = self.send_loans(power, false, log) {
            self.continue_deal(log);
        }
    }

    /// A captured leader goes to its capital, else a friendly home key
    /// (§9.1); among several, its owner picks.
    fn return_leader_by_deal(&mut self, leader: Leader, auto: bool, log: &mut dyn Log) -> Carried {
        let Some(owner) = self.leader_owner(leader).and_then(Faction::major) else {
            return Carried::Done;
        };
        let spaces = peace::return_spaces(self, owner);
        if spaces.len() > 1 && !auto {
            self.stack.push(Frame::LeaderReturn { power: owner, leader });
            return Carried::Waits;
        }
        if let Some(to) = spaces.iter().next() {
            if self.set_leader(leader, LeaderLocation::Space(to)).is_ok() {
                log.event(Event::LeaderReturned { leader, to });
            }
        }
        Carried::Done
    }

    /// Control of `space` passes to the other party; the giver's units (and
    /// those friendly to it) there are displaced (§12.5).
    fn cede(&mut self, deal: &Deal, space: Space, auto: bool, log: &mut dyn Log) -> Carried {
        let Some(giver) = self.controller(space).major() else {
            return Carried::Done;
        };
        let receiver = deal.other(giver);
        self.change_control(space, giver.into(), receiver.into(), log);
        if self.home_of(space) == Faction::from(giver) {
            self.negotiated.home_ceded[giver.index()] |= 1 << receiver.index();
        }
        let mut spaces = one(space);
        for _ in 0..crate::rules::negotiation::MAX_TERMS {
            let Some((owner, left)) = self.displace_out(giver, spaces) else {
                return Carried::Done;
            };
            if !auto {
                self.stack.push(Frame::DealDisplacement { power: owner, mover: giver, spaces: left });
                return Carried::Waits;
            }
            let mut choices = ActionList::new();
            self.displacement_choices(giver, left, &mut choices);
            let Some(&Action::DisplaceTo(to)) = choices.first() else {
                return Carried::Done;
            };
            spaces = self.displace_chosen(giver, left, to);
        }
        Carried::Done
    }

    pub(crate) fn deal_displacement_actions(&self, mover: Power, spaces: EnumSet<Space>, list: &mut ActionList) {
        self.displacement_choices(mover, spaces, list);
    }

    pub(crate) fn apply_deal_displacement(
        &mut self,
        mover: Power,
        spaces: EnumSet<Space>,
        action: Action,
        log: &mut dyn Log,
    ) {
        let Action::DisplaceTo(to) = action else {
            return;
        };
        self.stack.pop();
        let left = self.displace_chosen(mover, spaces, to);
        if let Some((owner, left)) = self.displace_out(mover, left) {
            self.stack.push(Frame::DealDisplacement { power: owner, mover, spaces: left });
            return;
        }
        self.continue_deal(log);
    }

    /// `count` random card draws from `giver`'s hand, home cards aside
    /// (§9.1); which cards is seen by the two only.
    fn give_cards(&mut self, giver: Power, receiver: Power, count: u8, log: &mut dyn Log) -> Result<(), DealRefusal> {
        for _ in 0..count {
            let card = self.take_random_card(giver).ok_or(DealRefusal::NoCard)?;
            self.hands[receiver.index()].insert(card);
            let given = &mut self.negotiated.cards[giver.index()][receiver.index()];
            *given = given.saturating_add(1);
        }
        log.event(Event::CardDrawsGiven { giver, receiver, count });
        Ok(())
    }

    /// Every mercenary of the deal: the giver removes them, the receiver
    /// places as many from its pool, all in one space (§9.1), its choice
    /// among several.
    fn give_mercenaries(
        &mut self,
        deal: &Deal,
        giver: Power,
        auto: bool,
        log: &mut dyn Log,
    ) -> Result<Carried, DealRefusal> {
        let receiver = deal.other(giver);
        let own = Faction::from(giver);
        let mut count = 0u8;
        for &space in deal.mercenaries.iter().flatten() {
            let besieged = self.is_besieged(space, own);
            let mut units = self.land_units(space, own);
            units.mercenaries = units.mercenaries.checked_sub(1).ok_or(DealRefusal::NoMercenary)?;
            let done = if besieged {
                self.set_besieged_units(space, own, units)
            } else {
                self.set_land_units(space, own, units)
            };
            done.map_err(|_| DealRefusal::NoMercenary)?;
            count += 1;
        }
        let given = &mut self.negotiated.mercenaries[giver.index()][receiver.index()];
        *given = given.saturating_add(count);
        let spaces = nego::mercenary_spaces(self, &deal.emptied(), receiver);
        match spaces.iter().next() {
            None => Err(DealRefusal::NoPlacement),
            Some(_) if spaces.len() > 1 && !auto => {
                log.event(Event::MercenariesGiven { giver, receiver, count });
                self.stack.push(Frame::DealMercenaries { power: receiver, count });
                Ok(Carried::Waits)
            }
            Some(to) => {
                log.event(Event::MercenariesGiven { giver, receiver, count });
                self.place_mercenaries(receiver, to, count).map(|_| Carried::Done)
            }
        }
    }

    fn place_mercenaries(&mut self, power: Power, to: Space, count: u8) -> Result<(), DealRefusal> {
        let own = Faction::from(power);
        let mut units = self.land_units(to, own);
        units.mercenaries = units.mercenaries.saturating_add(count);
        self.set_land_units(to, own, units).map_err(|_| DealRefusal::NoPlacement)
    }

    pub(crate) fn deal_mercenary_actions(&self, power: Power, list: &mut ActionList) {
        let deal = Deal::new(power, power);
        list.extend(nego::mercenary_spaces(self, &deal, power).iter().map(Action::PlaceAt));
    }

    pub(crate) fn apply_deal_mercenaries(&mut self, power: Power, count: u8, action: Action, log: &mut dyn Log) {
        let Action::PlaceAt(to) = action else {
            return;
        };
        self.stack.pop();
        if self.place_mercenaries(power, to, count).is_ok() {
            log.event(Event::MercenariesPlaced { power, space: to, count });
        }
        self.continue_deal(log);
    }
}

fn first_term(deal: &Deal) -> Option<Term> {
    deal.terms().next()
}

impl Game {
    /// The deal being built, offered or carried out in the negotiation
    /// segment (§9.1), if any: on an observation's board, as its viewer
    /// sees it (an empty deal for one it may not see).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// assert_eq!(game.pending_deal(), None);
    /// ```
    pub fn pending_deal(&self) -> Option<Deal> {
        self.stack.frames().find_map(|f| if let Frame::Deal { deal, .. } = f { Some(*deal) } else { None })
    }

    /// For `Game::observation`: a deal's terms are seen by its proposer
    /// while it builds it, by both parties once offered, and by all once
    /// accepted (§9.1, the cards drawn aside: they are in the hands). To
    /// others it is an empty deal between the two.
    pub(crate) fn hide_deal_terms(&mut self, viewer: Power) {
        let players = self.players();
        let party = |p: Power| players.same_player(p, viewer);
        for frame in self.stack.frames_mut() {
            if let Frame::Deal { deal, stage } = frame {
                let seen = match stage {
                    DealStage::Building => party(deal.proposer),
                    DealStage::Offered => party(deal.proposer) || party(deal.recipient),
                    DealStage::Executing => true,
                };
                if !seen {
                    *deal = deal.emptied();
                }
            }
        }
    }
}

/// Takes `term` out of `deal`; card draws and mercenaries go out all
/// together (they take effect as one). Returns how many were taken.
fn take_group(deal: &mut Deal, term: Term) -> u8 {
    match term {
        Term::Card { .. } => {
            let n = deal.cards;
            deal.cards = 0;
            deal.card_giver = None;
            n
        }
        Term::LendSquadron { .. } | Term::LendLeader { .. } => {
            let n = deal.lent_count().saturating_add(deal.lent_leaders.len() as u8);
            deal.lender = None;
            deal.lent_squadrons = Default::default();
            deal.lent_leaders = EnumSet::EMPTY;
            n
        }
        Term::Mercenary { .. } => {
            let n = deal.mercenary_count();
            deal.mercenaries = Default::default();
            deal.mercenary_giver = None;
            n
        }
        _ => {
            deal.remove(term);
            1
        }
    }
}
