//! The diplomacy phase (§9). Built: the declarations of war segment (§9.6):
//! declarations in impulse order, the interventions for Scotland and Venice
//! with the activation they bring (§22.2), the Phony War marker, and the
//! payment in cards.
//!
//! Negotiation (§9.1, `frames::negotiation`), then suing for peace (§9.3),
//! ransom (§9.4) and removing excommunication (§9.5) come first
//! (`frames::peace`).
//!
//! Turn 1 has no segment but England's negotiation (§7). The two-player
//! variant has its own diplomacy (§24.3, `frames::dip_deck`): the Papacy's
//! ending of its wars with France and the Hapsburg (`frames::peace`), then
//! the diplomatic deck.
//! A power that has no declaration it may make and pay for is not asked.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::events;
use crate::frames::Frame;
use crate::game::{Game, Scenario};
use crate::rules;
use crate::rules::diplomacy::{self as dip, INTERVENTION_COST};
use crate::rules::minor::{self, Activation, FreeDeclaration, LandMove, NavalMove};
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Faction, MinorPower, Phase, Power, Space};
use smallvec::SmallVec;

/// CP owed by each power for its declarations and interventions.
type Owed = [u8; Power::COUNT];

/// A bound on the moves of one displacement (a stall guard): far above the
/// stacks two powers can have in shared spaces.
const MAX_DISPLACEMENT_STEPS: usize = 256;

/// The first units of a displacement to move: their faction and the equally
/// near destinations.
fn first_move(d: &dip::Displacement) -> Option<(Faction, EnumSet<Space>)> {
    d.land.first().map(|m| (m.faction, m.to)).or_else(|| d.naval.first().map(|m| (m.faction, m.to)))
}

impl Game {
    /// Phase 3 (§9): negotiation (`frames::negotiation`), suing for peace,
    /// ransom and removing excommunication (`frames::peace`), then the
    /// declarations of war; or moves on.
    pub(crate) fn diplomacy_phase(&mut self, log: &mut dyn Log) {
        if self.scenario() == Scenario::TwoPlayer {
            if !self.two_player_diplomacy(log) {
                self.end_diplomacy_phase(log);
            }
            return;
        }
        self.begin_negotiation(log);
    }

    /// Step 1 of §9.6, after the segments before it.
    pub(crate) fn begin_declarations(&mut self, log: &mut dyn Log) {
        self.next_declarer(0, [0; Power::COUNT], log);
    }

    pub(crate) fn end_diplomacy_phase(&mut self, log: &mut dyn Log) {
        self.peace_made = Default::default();
        self.negotiated = Default::default();
        if self.turn == 1 {
            self.enter_phase(Phase::DietOfWorms, log);
        } else {
            self.begin_spring_deployment(log);
        }
    }

    /// The factions `power` may declare war on now (§9.6) and pay for, with
    /// `owed` already due: its hand's CP cover its total cost (step 7).
    fn dow_targets(&self, power: Power, owed: &Owed) -> EnumSet<Faction> {
        let can_pay = dip::war_payment_cp(self, power);
        let due = u16::from(owed[power.index()]);
        Faction::ALL
            .into_iter()
            .filter(|&target| {
                dip::dow_refusal(self, power, target).is_none()
                    && due + u16::from(dip::dow_cost_now(self, power, target)) <= can_pay
            })
            .collect()
    }

    /// The intervention window (§9.6 step 4): decline, or intervene if the
    /// intervener's hand can pay it on top of what it owes already.
    pub(crate) fn intervention_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Decline);
        let due = match self.stack.below(1) {
            Some(Frame::Declarations { owed, .. }) => u16::from(owed[power.index()]),
            _ => 0,
        };
        // Out of the diplomacy phase (Six Wives of Henry VIII, #3) it is free.
        let free = !matches!(self.stack.below(1), Some(Frame::Declarations { .. }));
        if free || due + u16::from(INTERVENTION_COST) <= dip::war_payment_cp(self, power) {
            list.push(Action::Intervene);
        }
        // In the diplomacy phase #69 or #108 may pay it as its event (ruling DU1).
        if let (false, Some(&Frame::Intervention { minor, .. })) = (free, self.stack.top()) {
            if let Some(card) = events::intervention_card_playable(self, power, minor) {
                list.push(Action::PlayEvent(card));
            }
        }
    }

    /// Whether the rules let `power` declare war on anyone now, whatever
    /// its hand: public knowledge, so asking the power reveals nothing of
    /// the cards it could pay with.
    fn may_declare_any(&self, power: Power) -> bool {
        Faction::ALL.into_iter().any(|target| dip::dow_refusal(self, power, target).is_none())
    }

    /// Step 1: the first power from impulse position `from` on that the
    /// rules let declare war is asked (it may only be able to say done);
    /// after the last, payment.
    fn next_declarer(&mut self, from: usize, owed: Owed, log: &mut dyn Log) {
        for power in Power::ALL.into_iter().skip(from) {
            if self.may_declare_any(power) {
                self.stack.push(Frame::Declarations { power, owed });
                return;
            }
        }
        self.next_payer(owed, log);
    }

    /// A declarer on top with nothing left to declare makes way for the next;
    /// the reinforcement of an intervention paid with #69 or #108 comes
    /// first (ruling DU1).
    pub(crate) fn settle_declarations(&mut self, log: &mut dyn Log) {
        if events::intervention_card_waits(self, log) {
            return;
        }
        if let Some(&Frame::Declarations { power, owed }) = self.stack.top() {
            if !self.may_declare_any(power) {
                self.stack.pop();
                self.next_declarer(power.index() + 1, owed, log);
            }
            return;
        }
        // Wars begun in an impulse: fleets now at war fight at once (§9.6).
        self.begin_new_war_naval_battles(log);
    }

    pub(crate) fn declaration_actions(&self, power: Power, owed: Owed, list: &mut ActionList) {
        list.push(Action::Done);
        for target in self.dow_targets(power, &owed) {
            list.push(Action::DeclareWar(target));
        }
        // #73's diplomacy-phase use at the declarer's turn (ruling DU2).
        if self.can_play_event(power, Card::DiplomaticMarriage) {
            list.push(Action::PlayEvent(Card::DiplomaticMarriage));
        }
    }

    /// Steps 1-5: a declaration places the At War marker at once, adds its
    /// cost to what the declarer owes, and after one on Scotland or Venice
    /// offers the intervention if the intervener may and can pay.
    pub(crate) fn apply_declaration(&mut self, power: Power, mut owed: Owed, action: Action, log: &mut dyn Log) {
        match action {
            Action::Done => {
                self.stack.pop();
                self.next_declarer(power.index() + 1, owed, log);
            }
            Action::DeclareWar(target) => {
                let i = power.index();
                owed[i] = owed[i].saturating_add(dip::dow_cost_now(self, power, target));
                if dip::catherine_of_aragon_discount(self, power, target) > 0 {
                    self.succession.catherine_marker = false;
                    log.event(Event::CatherineOfAragonMarker(false));
                }
                if let Some(Frame::Declarations { owed: frame, .. }) = self.stack.top_mut() {
                    *frame = owed;
                }
                // Legal: the two are neither allied nor at war.
                if self.set_war(power, target, true).is_ok() {
                    log.event(Event::WarDeclared { power, target });
                }
                // The intervener is asked whenever the rules let it
                // intervene; whether it can pay shows only in its choices.
                if let Some(minor) = target.minor() {
                    if let Some(intervener) = dip::intervener(minor) {
                        if dip::may_intervene(self, intervener, minor, power) {
                            self.stack.push(Frame::Intervention { power: intervener, minor, declarer: power });
                            return;
                        }
                    }
                }
                self.settle_declarations(log);
            }
            // #73 Diplomatic Marriage (ruling DU2): its minor is chosen next.
            Action::PlayEvent(card) => {
                self.card_played_as_event(power, card, log);
                self.resolve_event(power, card, log);
            }
            _ => {}
        }
    }

    /// The `Intervention` and `FreeDeclaration` frames (§9.6 steps 4-6,
    /// §22.2 step 2).
    pub(crate) fn apply_intervention(&mut self, frame: Frame, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        match (frame, action) {
            (Frame::Intervention { power, minor, declarer }, Action::Intervene | Action::PlayEvent(_)) => {
                let in_diplomacy = matches!(self.stack.top(), Some(Frame::Declarations { .. }));
                if let Action::PlayEvent(card) = action {
                    // #69 or #108 pays it: no CP owed (ruling DU1).
                    events::intervene_with_card(self, power, card, log);
                } else if let Some(Frame::Declarations { owed, .. }) = self.stack.top_mut() {
                    let due = &mut owed[power.index()];
                    *due = due.saturating_add(INTERVENTION_COST);
                }
                // The intervener is at war with the declarer (not allied:
                // `may_intervene`), before the activation, so the declarer
                // has no free declaration to make (§22.2 step 2).
                let _ = self.set_war(power, declarer, true);
                // No Phony War marker after Six Wives' free intervention
                // (digest §9.6 open point, default no).
                if in_diplomacy {
                    self.place_phony_war(minor, declarer);
                }
                log.event(Event::Intervened { power, minor, declarer });
                self.next_free_declaration(power, minor, Some(declarer), None, EnumSet::EMPTY, log);
            }
            (Frame::FreeDeclaration { power, activator, minor, declarer, mut declared }, action) => {
                if let Action::DeclareWar(_) = action {
                    declared.insert(power);
                }
                self.next_free_declaration(activator, minor, declarer, Some(power), declared, log);
            }
            _ => self.settle_declarations(log),
        }
    }

    /// Step 6 (Phony War): the declarer takes `minor`'s -1 VP marker into its
    /// bonus VP, if the marker is not held already (one counter per minor).
    /// [`Game::phony_war_fought`] removes it, [`Game::phony_war_peace`]
    /// makes it permanent.
    fn place_phony_war(&mut self, minor: MinorPower, declarer: Power) {
        let marker = &mut self.phony_war[minor.index()];
        if marker.is_none() {
            *marker = Some(declarer);
            let vp = &mut self.bonus_vp[declarer.index()];
            *vp = vp.saturating_sub(1);
        }
    }

    /// The Phony War markers still removable (§9.6 step 6): the minor, its
    /// declarer and the power that intervened for it.
    fn phony_wars(&self) -> impl Iterator<Item = (MinorPower, Power, Power)> + '_ {
        MinorPower::ALL.into_iter().filter(|&m| !self.phony_war_permanent.contains(m)).filter_map(|minor| {
            let declarer = self.phony_war[minor.index()]?;
            Some((minor, declarer, dip::intervener(minor)?))
        })
    }

    /// §9.6 step 6: a land combat or assault between `a` and `b` removes the
    /// Phony War marker of a declarer fighting the minor it declared on or
    /// the power that intervened; the declarer gets its VP back.
    pub(crate) fn phony_war_fought(&mut self, a: Faction, b: Faction, log: &mut dyn Log) {
        let ended: SmallVec<[(MinorPower, Power); 2]> = self
            .phony_wars()
            .filter(|&(minor, declarer, intervener)| {
                let declarer = Faction::from(declarer);
                let foe = if a == declarer {
                    b
                } else if b == declarer {
                    a
                } else {
                    return false;
                };
                foe == Faction::from(minor) || foe == Faction::from(intervener)
            })
            .map(|(minor, declarer, _)| (minor, declarer))
            .collect();
        for (minor, declarer) in ended {
            self.phony_war[minor.index()] = None;
            let vp = &mut self.bonus_vp[declarer.index()];
            *vp = vp.saturating_add(1);
            log.event(Event::PhonyWarRemoved { power: declarer, minor });
        }
    }

    /// A field battle of `attacker` in `space` is a land combat with every
    /// faction standing against it there (§9.6 step 6, [`Game::phony_war_fought`]).
    pub(crate) fn phony_war_battle(&mut self, attacker: Power, space: Space, log: &mut dyn Log) {
        if self.phony_wars().next().is_none() {
            return;
        }
        let foes: SmallVec<[Faction; 4]> = self
            .land_units_in(space)
            .filter(|&(f, _, besieged)| !besieged && rules::battle::opposes(self, attacker, space, f))
            .map(|(f, ..)| f)
            .collect();
        for foe in foes {
            self.phony_war_fought(attacker.into(), foe, log);
        }
    }

    /// §9.6 step 6: peace between a Phony War declarer and the power that
    /// intervened, before such a combat, makes the -1 VP permanent.
    pub(crate) fn phony_war_peace(&mut self, a: Power, b: Power, log: &mut dyn Log) {
        let made: SmallVec<[(MinorPower, Power); 2]> = self
            .phony_wars()
            .filter(|&(_, declarer, intervener)| (declarer, intervener) == (a, b) || (declarer, intervener) == (b, a))
            .map(|(minor, declarer, _)| (minor, declarer))
            .collect();
        for (minor, declarer) in made {
            self.phony_war_permanent.insert(minor);
            log.event(Event::PhonyWarPermanent { power: declarer, minor });
        }
    }

    /// §22.2 step 2: the next power after `after` (in impulse order) at war
    /// with `minor` that may declare war on `activator` for free is asked;
    /// when none is left, the activation is carried out: after an
    /// intervention against `declarer` (§9.6), or a card's (no declarer).
    pub(crate) fn next_free_declaration(
        &mut self,
        activator: Power,
        minor: MinorPower,
        declarer: Option<Power>,
        after: Option<Power>,
        declared: EnumSet<Power>,
        log: &mut dyn Log,
    ) {
        let Some(activation) = minor::activation(self, activator, minor) else {
            if declarer.is_some() {
                self.settle_declarations(log);
            }
            return;
        };
        let next = activation
            .at_war_with_minor
            .iter()
            .find(|w| w.declaration == FreeDeclaration::Optional && after.is_none_or(|p| w.power.index() > p.index()));
        if let Some(war) = next {
            self.stack.push(Frame::FreeDeclaration { power: war.power, activator, minor, declarer, declared });
            return;
        }
        self.finish_activation(activator, minor, declarer, declared, Default::default(), log);
    }

    /// The activation once every free declaration is made or declined: the
    /// owners of the decliners' units pick among equally near destinations
    /// (`frames::ties`, `picks`), then it is carried out.
    pub(crate) fn finish_activation(
        &mut self,
        activator: Power,
        minor: MinorPower,
        declarer: Option<Power>,
        declared: EnumSet<Power>,
        picks: crate::frames::ties::Picks,
        log: &mut dyn Log,
    ) {
        let Some(mut activation) = minor::activation(self, activator, minor) else {
            if declarer.is_some() {
                self.settle_declarations(log);
            }
            return;
        };
        if self.ask_tie(crate::frames::ties::Tie::Activation { activator, minor, declarer, declared }, picks) {
            return;
        }
        crate::frames::ties::narrow_activation(self, &picks, &mut activation, declared);
        match declarer {
            Some(declarer) => self.finish_intervention(&activation, declarer, declared, log),
            None => self.finish_card_activation(&activation, declared, log),
        }
    }

    /// A card's activation (§22.2; ruling AL6) with the free declarations
    /// made, each change reported.
    fn finish_card_activation(&mut self, activation: &Activation, declared: EnumSet<Power>, log: &mut dyn Log) {
        let before = self.control;
        if minor::apply_activation(self, activation, declared).is_err() {
            return;
        }
        for power in declared {
            log.event(Event::WarDeclared { power, target: activation.power.into() });
        }
        self.log_control_changes(&before, log);
        log.event(Event::MinorActivated { minor: activation.minor, power: activation.power });
        self.next_war_displacement(activation.power, None, log);
    }

    /// The activation (§22.2) with the free declarations made (applied to a
    /// copy, kept only if every edit succeeds), then the displacement of
    /// §9.6 step 5.
    fn finish_intervention(
        &mut self,
        activation: &Activation,
        declarer: Power,
        declared: EnumSet<Power>,
        log: &mut dyn Log,
    ) {
        let activator = activation.power;
        if minor::apply_activation(self, activation, declared).is_ok() {
            for power in declared {
                log.event(Event::WarDeclared { power, target: activator.into() });
            }
            for space in activation.keys.union(activation.other_spaces) {
                log.event(Event::ControlChanged { space, from: activation.minor.into(), to: activator.into() });
            }
        }
        let spaces = dip::shared_spaces(self, activator, declarer);
        self.continue_displacement(activator, declarer, spaces, log);
    }

    /// §9.6 step 5, §12.5: the units to displace out of `spaces` leave one
    /// faction at a time; where equally near destinations tie, the owner is
    /// asked. A space is dropped once nothing is left to move out of it.
    fn continue_displacement(
        &mut self,
        activator: Power,
        declarer: Power,
        mut spaces: EnumSet<Space>,
        log: &mut dyn Log,
    ) {
        // Each pass moves one faction's units out of a space or drops the
        // space; the bound guards against a move that cannot leave.
        for _ in 0..MAX_DISPLACEMENT_STEPS {
            let Some(space) = spaces.iter().next() else {
                break;
            };
            let d = dip::displacement_from(self, activator, declarer, space);
            let Some((faction, to)) = first_move(&d) else {
                spaces.remove(space);
                continue;
            };
            if to.len() > 1 {
                if let Some(power) = self.owner_of(faction) {
                    self.stack.push(Frame::Displacement { power, activator, declarer, spaces });
                    return;
                }
            }
            if !self.displace_first(&d, to.iter().next()) || to.contains(space) {
                spaces.remove(space);
            }
        }
        self.next_war_displacement(activator, Some(declarer), log);
    }

    /// Reports each space whose control differs from `before` (§22.2,
    /// §22.4: activations and deactivations change several at once).
    pub(crate) fn log_control_changes(&self, before: &[Faction; Space::COUNT], log: &mut dyn Log) {
        for space in Space::ALL {
            let (from, to) = (before[space as usize], self.controller(space));
            if from != to {
                log.event(Event::ControlChanged { space, from, to });
            }
        }
    }

    /// After the displacement between `activator` and a power at war with
    /// it (`after`), the next such power (in impulse order) whose units
    /// share spaces with the activator's outside a siege is displaced the
    /// same way: the powers that declared war on the activator for free at
    /// a card's activation (§22.2 step 2; ruling AL6). After an
    /// intervention there is none, and the declarations go on.
    fn next_war_displacement(&mut self, activator: Power, after: Option<Power>, log: &mut dyn Log) {
        let later = Power::ALL.into_iter().filter(|p| after.is_none_or(|a| p.index() > a.index()));
        for power in later.filter(|&p| p != activator && self.at_war(p, activator)) {
            let spaces = dip::shared_spaces_outside_sieges(self, activator, power);
            if !spaces.is_empty() {
                self.continue_displacement(activator, power, spaces, log);
                return;
            }
        }
        self.settle_declarations(log);
    }

    /// The major power that decides for `faction`'s units: itself, or a
    /// minor's ally.
    fn owner_of(&self, faction: Faction) -> Option<Power> {
        faction.major().or_else(|| faction.minor().and_then(|m| self.minor_ally(m)))
    }

    /// Moves the first units of `d` (land first, then naval) to `to` (none:
    /// eliminated, §22.4's appliers); applied to a copy and kept only if
    /// every edit succeeds.
    fn displace_first(&mut self, d: &dip::Displacement, to: Option<Space>) -> bool {
        let only: EnumSet<Space> = to.into_iter().collect();
        let mut next = self.clone();
        let moved = match (d.land.first(), d.naval.first()) {
            (Some(m), _) => minor::apply_land_move(&mut next, &LandMove { to: only, ..*m }),
            (None, Some(m)) => minor::apply_naval_move(&mut next, &NavalMove { to: only, ..*m }),
            (None, None) => return false,
        };
        if moved.is_ok() {
            *self = next;
        }
        moved.is_ok()
    }

    pub(crate) fn displacement_actions(
        &self,
        activator: Power,
        declarer: Power,
        spaces: EnumSet<Space>,
        list: &mut ActionList,
    ) {
        let Some(space) = spaces.iter().next() else {
            return;
        };
        let d = dip::displacement_from(self, activator, declarer, space);
        if let Some((_, to)) = first_move(&d) {
            list.extend(to.iter().map(Action::DisplaceTo));
        }
    }

    pub(crate) fn apply_displacement(
        &mut self,
        activator: Power,
        declarer: Power,
        mut spaces: EnumSet<Space>,
        action: Action,
        log: &mut dyn Log,
    ) {
        let Action::DisplaceTo(to) = action else {
            return;
        };
        self.stack.pop();
        if let Some(space) = spaces.iter().next() {
            let d = dip::displacement_from(self, activator, declarer, space);
            if !self.displace_first(&d, Some(to)) || to == space {
                spaces.remove(space);
            }
        }
        self.continue_displacement(activator, declarer, spaces, log);
    }

    /// Cards `power` may pay for war with (§9.6 step 7): no mandatory event,
    /// no diplomacy card, none worth 0 CP.
    fn war_payment_cards(&self, power: Power) -> impl Iterator<Item = Card> + '_ {
        self.hand(power).into_iter().filter(|c| dip::pays_for_war(c.kind()) && c.cp() > 0)
    }

    /// Step 7: the first power in impulse order still owing CP pays; when
    /// nobody owes, the phase ends.
    fn next_payer(&mut self, owed: Owed, log: &mut dyn Log) {
        for power in Power::ALL {
            if owed[power.index()] > 0 && self.war_payment_cards(power).next().is_some() {
                self.stack.push(Frame::WarPayment { power, owed });
                return;
            }
        }
        self.end_diplomacy_phase(log);
    }

    pub(crate) fn war_payment_actions(&self, power: Power, list: &mut ActionList) {
        list.extend(self.war_payment_cards(power).map(Action::PayWith));
    }

    /// Step 7: one card paid, discarded as if played for CP (a home card
    /// goes back to the power card, §6.1); excess CP are lost.
    pub(crate) fn apply_war_payment(&mut self, power: Power, mut owed: Owed, action: Action, log: &mut dyn Log) {
        let Action::PayWith(card) = action else {
            return;
        };
        self.stack.pop();
        self.hands[power.index()].remove(card);
        if card.kind() != CardKind::Home {
            self.discard.insert(card);
        }
        log.event(Event::CardPaidForWar { power, card, cp: card.cp() });
        let due = &mut owed[power.index()];
        *due = due.saturating_sub(card.cp());
        self.next_payer(owed, log);
    }
}
