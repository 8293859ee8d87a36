//! The public game loop: who decides, what they may do, applying a decision,
//! and the automatic steps between decisions (the phases of §7).

use rand_core::Rng;
use smallvec::SmallVec;
use thiserror::Error;

use crate::action::{Action, ActionIndex};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, Scenario};
use crate::refusal::Refusal;
use crate::rules::victory;
use crate::types::{Phase, Power};

pub use crate::rules::victory::Outcome;

/// Who must decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decider {
    /// This power must choose one of `Game::legal_actions()`.
    Power(Power),
    /// The game is over.
    Terminal(Outcome),
    /// Nobody: automatic steps are pending. Only a position built with the
    /// editing API is in this state, until [`Game::run_automatic`] runs them.
    Nobody,
}

/// Legal actions, in index order. Inline capacity covers every common
/// decision, so listing them does not allocate.
pub type ActionList = SmallVec<[Action; 256]>;

/// Sorts `list` into index order. A short list is sorted in place; a long
/// one through a copy that works out each index once.
fn sort_by_index(list: &mut ActionList) {
    const SHORT: usize = 16;
    if list.len() <= SHORT {
        list.sort_unstable_by_key(|a| a.index());
        return;
    }
    let mut keyed: SmallVec<[(ActionIndex, Action); 256]> = list.iter().map(|&a| (a.index(), a)).collect();
    keyed.sort_unstable_by_key(|&(index, _)| index);
    list.clear();
    list.extend(keyed.into_iter().map(|(_, a)| a));
}

/// Why `Game::apply` refused an action. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Nothing is pending: automatic steps must run first. Only a position
    /// built with the editing API is in this state, until
    /// [`Game::run_automatic`] runs them ([`Decider::Nobody`]).
    #[error("not ready: run the automatic steps")]
    NotReady,
    /// The action is not among the legal ones for the decision at hand.
    #[error("{action} is not legal now: the decision is {expected}{}", Because(*why))]
    NotLegal {
        /// The action given.
        action: Action,
        /// What the decision at hand is about.
        expected: &'static str,
        /// Why the action is refused: [`Game::why_illegal`]'s answer.
        why: Refusal,
    },
}

/// The reason in [`IllegalAction::NotLegal`]'s message: after a colon,
/// but for [`Refusal::NotListed`], which would repeat the prompt.
struct Because(Refusal);

impl core::fmt::Display for Because {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Refusal::NotListed { .. } => Ok(()),
            why => write!(f, ": {why}"),
        }
    }
}

/// Where automatic steps report their events.
pub(crate) trait Log {
    fn event(&mut self, event: Event);
}

/// A log that keeps nothing.
pub(crate) struct NoLog;

impl Log for NoLog {
    #[inline]
    fn event(&mut self, _: Event) {}
}

struct ExtendLog<'a, E: Extend<Event>>(&'a mut E);

impl<E: Extend<Event>> Log for ExtendLog<'_, E> {
    fn event(&mut self, event: Event) {
        self.0.extend(core::iter::once(event));
    }
}

/// The powers that take impulses, in impulse order (§11.1; §24.3: the
/// two-player variant's Papacy and Protestant).
pub(crate) fn impulse_powers(scenario: Scenario) -> &'static [Power] {
    scenario.powers()
}

impl Game {
    /// Who must decide now, or the outcome if the game is over.
    pub fn decider(&self) -> Decider {
        match (self.outcome, self.stack.top()) {
            (Some(outcome), _) => Decider::Terminal(outcome),
            (None, Some(frame)) => Decider::Power(self.seated(frame.decider())),
            (None, None) => Decider::Nobody,
        }
    }

    /// The player who must decide now (§3.1): the holder of the deciding
    /// power; `None` when the game is over.
    ///
    /// ```
    /// use here_i_stand::{Decider, Game, Players, Scenario, Setup};
    ///
    /// let setup = Setup::new(Scenario::Y1517, 3).with_players(Players::standard(3)?)?;
    /// let game = Game::new(setup);
    /// let Decider::Power(power) = game.decider() else { unreachable!() };
    /// assert_eq!(game.deciding_player(), Some(game.player_of(power)));
    /// # Ok::<(), here_i_stand::PlayersError>(())
    /// ```
    pub fn deciding_player(&self) -> Option<crate::Player> {
        match self.decider() {
            Decider::Power(power) => Some(self.player_of(power)),
            _ => None,
        }
    }

    /// The player deciding for `power`: its seat (§24.3, a two-player
    /// invader's commander), or itself.
    pub(crate) fn seated(&self, power: Power) -> Power {
        crate::rules::two_player::seat(self, power).unwrap_or(power)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Every legal action of the decider, in index order; empty when the game is over.
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        list
    }

    /// As [`Game::legal_actions`], into a buffer the caller reuses.
    pub fn legal_actions_into(&self, list: &mut ActionList) {
        list.clear();
        if self.outcome.is_some() {
            return;
        }
        match self.stack.top() {
            Some(&Frame::Impulse { power }) => self.impulse_actions(power, list),
            Some(&Frame::Spend { power, cp, abandoned, acting, .. }) => match acting {
                Some(_) => self.invader_actions(power, cp, abandoned, list),
                None => {
                    self.spend_actions(power, cp, abandoned, list);
                    self.act_for_actions(power, cp, abandoned, list);
                }
            },
            Some(&Frame::Formation { power, from, units, leaders, minors }) => {
                self.formation_actions(power, from, units, leaders, minors, list)
            }
            Some(&Frame::Deployment { power }) => self.deployment_actions(power, list),
            Some(&Frame::DeployFormation { power, from, units, leaders, minors }) => {
                self.deploy_formation_actions(power, from, units, leaders, minors, list)
            }
            Some(&Frame::Declarations { power, owed }) => self.declaration_actions(power, owed, list),
            Some(&Frame::Intervention { power, .. }) => self.intervention_actions(power, list),
            Some(&Frame::FreeDeclaration { activator, .. }) => {
                list.extend([Action::Decline, Action::DeclareWar(activator.into())])
            }
            Some(&Frame::Displacement { activator, declarer, spaces, .. }) => {
                self.displacement_actions(activator, declarer, spaces, list)
            }
            Some(&Frame::TieChoice { tie, picks, .. }) => self.tie_choice_actions(tie, picks, list),
            Some(&Frame::WarPayment { power, .. }) => self.war_payment_actions(power, list),
            Some(&Frame::Arrival { leader, .. }) => self.arrival_actions(leader, list),
            Some(&Frame::WinterNaval { power, from, group }) => self.winter_naval_actions(power, from, group, list),
            Some(&Frame::WinterLand { power, space, sent_to, group, tally, .. }) => {
                self.winter_land_actions(power, space, (sent_to, group, tally), list)
            }
            Some(&Frame::NavalMove { power, from, fleet, leaders, moved }) => {
                self.naval_move_actions(power, from, fleet, leaders, moved, list)
            }
            Some(&Frame::Negotiation { power, proposed }) => self.negotiation_actions(power, proposed, list),
            Some(&Frame::Deal { deal, stage }) => self.deal_actions(&deal, stage, list),
            Some(&Frame::DealDisplacement { mover, spaces, .. }) => self.deal_displacement_actions(mover, spaces, list),
            Some(&Frame::DealMercenaries { power, .. }) => self.deal_mercenary_actions(power, list),
            Some(&Frame::LoanPort { power }) => self.loan_port_actions(power, list),
            Some(&Frame::SuePeace { power }) => self.sue_actions(power, list),
            Some(&Frame::Peace { loser, winner, step, .. }) => self.peace_actions(loser, winner, step, list),
            Some(&Frame::Ransom { power }) => self.ransom_actions(power, list),
            Some(&Frame::DiplomaticPlay { power }) => self.dip_play_actions(power, list),
            Some(&Frame::Excommunication { power }) => self.excommunication_actions(power, list),
            Some(&Frame::LeaderReturn { power, .. }) => self.leader_return_actions(power, list),
            Some(&Frame::Attempts { series }) => self.attempt_actions(series, list),
            Some(&Frame::Universities { .. }) => self.university_actions(list),
            Some(&Frame::DebateDefender { .. }) => self.debate_defender_actions(list),
            Some(&Frame::DebateSecondRound { .. }) => self.debate_second_round_actions(list),
            Some(&Frame::DebateLuther { .. }) => self.debate_luther_actions(list),
            Some(&Frame::Flips { power, zone, zone_only, rule, .. }) => {
                self.flips_actions(power, zone, zone_only, rule, list)
            }
            Some(&Frame::DietOfWorms { power, .. }) => self.diet_actions(power, list),
            Some(&Frame::CouncilOfTrent { power, papal, protestant }) => {
                self.council_actions(power, papal, protestant, list)
            }
            Some(&Frame::PlaceLeader { spaces, .. }) => list.extend(spaces.iter().map(Action::PlaceAt)),
            Some(&Frame::Event(step)) => self.event_step_actions(step, list),
            Some(&Frame::Response(window)) => self.response_actions(window, list),
            // Never on top at a decision; a way on rather than a stall.
            Some(&Frame::NavalCombat { .. }) => list.push(Action::Done),
            Some(&Frame::Interception { power, active, zone, from, fleet, leaders, tried, .. }) => {
                self.interception_actions(power, active, zone, from, fleet, leaders, tried, list)
            }
            Some(&Frame::AvoidBattle { power, zone }) => self.avoid_battle_actions(power, zone, list),
            Some(&Frame::BattleOrder { power, at }) => self.battle_order_actions(power, at, list),
            Some(&Frame::CombatCards { power, .. }) => self.combat_window_actions(power, list),
            Some(&Frame::NavalLosses { power, at, .. }) => self.naval_losses_actions(power, at, list),
            Some(&Frame::NavalRetreat { power, from, .. }) => self.naval_retreat_actions(power, from, list),
            Some(&Frame::Transport { power, from, at, units, leaders, minors, .. }) => {
                self.transport_actions(power, from, at, (units, minors), leaders, list)
            }
            Some(&Frame::PiracyTarget { zone, .. }) => self.piracy_target_actions(zone, list),
            Some(&Frame::PiracyHit { power, zone, chosen, sink_at, .. }) => {
                self.piracy_hit_actions(power, zone, chosen, sink_at, list)
            }
            Some(&Frame::War(war)) => self.war_actions(war, list),
            Some(&Frame::Discard { power }) => self.discard_actions(power, list),
            Some(&Frame::Voyage { explorer, .. }) => self.voyage_actions(explorer, list),
            None => {}
        }
        // Most listings come out in index order already.
        if !list.is_sorted_by_key(|a| a.index()) {
            sort_by_index(list);
        }
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: &Action) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        match self.stack.top() {
            // The commonest decisions check the one action instead of listing
            // them all; the playout tests hold the two to the same answers.
            Some(&Frame::Spend { power, cp, abandoned, acting, .. }) => match (acting, *action) {
                (Some(_), a) => self.invader_action_legal(power, cp, abandoned, a),
                (None, Action::ActFor(invader)) => self.act_for_legal(power, cp, abandoned, invader),
                (None, a) => self.spend_action_legal(power, cp, abandoned, a),
            },
            Some(&Frame::Formation { power, from, units, leaders, minors }) => {
                self.formation_action_legal(power, from, units, leaders, minors, *action)
            }
            Some(&Frame::Impulse { power }) => self.impulse_action_legal(power, *action),
            Some(&Frame::Response(window)) => self.response_action_legal(window, *action),
            Some(Frame::Deal { deal, stage }) => self.deal_action_legal(deal, *stage, *action),
            Some(&Frame::Negotiation { power, proposed }) => self.negotiation_action_legal(power, proposed, *action),
            _ => self.legal_actions().contains(action),
        }
    }

    /// Applies the decider's `action`, then every automatic step up to the
    /// next decision. On `Err` the game is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.apply_with(action, &mut NoLog)
    }

    /// As [`Game::apply`], and reports what happened to `log`.
    pub fn apply_logged(&mut self, action: Action, log: &mut impl Extend<Event>) -> Result<(), IllegalAction> {
        self.apply_with(action, &mut ExtendLog(log))
    }

    fn apply_with(&mut self, action: Action, log: &mut dyn Log) -> Result<(), IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let Some(&frame) = self.stack.top() else {
            return Err(IllegalAction::NotReady);
        };
        if let Some(why) = self.why_illegal(action) {
            return Err(IllegalAction::NotLegal { action, expected: frame.prompt(), why });
        }
        match frame {
            Frame::Impulse { power } => self.apply_impulse(power, action, log),
            Frame::Spend { power, .. } => self.apply_spend(power, action, log),
            Frame::Formation { power, .. } => self.apply_formation(power, action, log),
            Frame::Deployment { power } => self.apply_deployment(power, action, log),
            Frame::DeployFormation { power, .. } => self.apply_deploy_formation(power, action, log),
            Frame::Declarations { power, owed } => self.apply_declaration(power, owed, action, log),
            Frame::Intervention { .. } | Frame::FreeDeclaration { .. } => self.apply_intervention(frame, action, log),
            Frame::Displacement { activator, declarer, spaces, .. } => {
                self.apply_displacement(activator, declarer, spaces, action, log)
            }
            Frame::TieChoice { tie, picks, .. } => self.apply_tie_choice(tie, picks, action, log),
            Frame::WarPayment { power, owed } => self.apply_war_payment(power, owed, action, log),
            Frame::Arrival { leader, .. } => self.apply_arrival(leader, action),
            Frame::WinterNaval { power, from, group } => self.apply_winter_naval(power, from, group, action, log),
            Frame::WinterLand { power, .. } => self.apply_winter_land(power, action, log),
            Frame::NavalMove { power, .. } => self.apply_naval_move(power, action, log),
            Frame::Negotiation { power, proposed } => self.apply_negotiation(power, proposed, action, log),
            Frame::Deal { deal, stage } => self.apply_deal(deal, stage, action, log),
            Frame::DealDisplacement { mover, spaces, .. } => self.apply_deal_displacement(mover, spaces, action, log),
            Frame::DealMercenaries { power, count } => self.apply_deal_mercenaries(power, count, action, log),
            Frame::LoanPort { power } => self.apply_loan_port(power, action, log),
            Frame::SuePeace { power } => self.apply_sue(power, action, log),
            Frame::Peace { loser, winner, step, .. } => self.apply_peace(loser, winner, step, action, log),
            Frame::Ransom { power } => self.apply_ransom(power, action, log),
            Frame::DiplomaticPlay { power } => self.apply_dip_play(power, action, log),
            Frame::Excommunication { power } => self.apply_excommunication(power, action, log),
            Frame::LeaderReturn { leader, .. } => self.apply_leader_return(leader, action, log),
            Frame::Attempts { series } => self.apply_attempts(series, action, log),
            Frame::Universities { left } => self.apply_university(left, action, log),
            Frame::DebateDefender { caller, zone, attacker, barred } => {
                self.apply_debate_defender(caller, zone, attacker, barred, action, log)
            }
            Frame::DebateSecondRound { caller, zone, before, barred } => {
                self.apply_debate_second_round(caller, zone, before, barred, action, log)
            }
            Frame::DebateLuther { caller, zone, round, debaters, uncommitted, barred } => {
                self.apply_debate_luther(caller, zone, round, debaters, uncommitted, barred, action, log)
            }
            Frame::Flips { power, .. } => self.apply_flip(power, action, log),
            Frame::DietOfWorms { power, picks } => self.apply_diet(power, picks, action, log),
            Frame::CouncilOfTrent { power, papal, protestant } => {
                self.apply_council(power, papal, protestant, action, log)
            }
            Frame::PlaceLeader { leader, .. } => self.apply_place_leader(leader, action, log),
            Frame::Event(step) => self.apply_event_step(step, action, log),
            Frame::Response(window) => self.apply_response(window, action, log),
            Frame::NavalCombat { .. } => self.run_naval_combat(log),
            Frame::Interception { power, .. } => self.apply_interception(power, action, log),
            Frame::AvoidBattle { power, zone } => self.apply_avoid_battle(power, zone, action, log),
            Frame::BattleOrder { at, .. } => self.apply_battle_order(at, action, log),
            Frame::CombatCards { power, .. } => self.apply_naval_combat_cards(power, action, log),
            Frame::NavalLosses { .. } => self.apply_naval_losses(action, log),
            Frame::NavalRetreat { power, .. } => self.apply_naval_retreat(power, action, log),
            Frame::Transport { power, .. } => self.apply_transport(power, action, log),
            Frame::PiracyTarget { zone, .. } => self.apply_piracy_target(zone, action, log),
            Frame::PiracyHit { power, zone, .. } => self.apply_piracy_hit(power, zone, action, log),
            Frame::War(war) => self.apply_war(war, action, log),
            Frame::Discard { power } => self.apply_discard(power, action, log),
            Frame::Voyage { explorer, plus_two } => self.apply_voyage(explorer, plus_two, action, log),
        }
        if self.war.new_war_at_sea {
            self.fight_new_war_at_sea(log);
        }
        self.end_sieges_without_besiegers(log);
        // §24.3: a Spend frame lent to an invader goes back once its action is paid.
        self.end_acting(false);
        self.check_automatic_victory(log);
        self.advance(log);
        // Cards seen in secret (#109) that left their hand are no longer known.
        self.seen.prune(&self.hands);
        Ok(())
    }

    /// Runs the automatic steps of the current phase until a decision is
    /// needed or the game ends. `Game::new` and `apply` do this themselves; a
    /// position built with the editing API needs it once to start playing.
    pub fn run_automatic(&mut self) {
        self.advance(&mut NoLog);
    }

    /// As [`Game::run_automatic`], and reports what happened to `log`.
    pub fn run_automatic_logged(&mut self, log: &mut impl Extend<Event>) {
        self.advance(&mut ExtendLog(log));
    }

    /// Runs the automatic steps until a decision is needed or the game ends.
    pub(crate) fn advance(&mut self, log: &mut dyn Log) {
        // Each pass either reaches a decision or moves to a later phase or
        // turn, so the loop ends; the bound is a guard against a stall.
        for _ in 0..1000 {
            if self.outcome.is_some() || !self.stack.is_empty() {
                return;
            }
            self.phase_step(log);
        }
    }

    /// The step of the current phase when no procedure is pending.
    fn phase_step(&mut self, log: &mut dyn Log) {
        match self.phase {
            Phase::LuthersTheses => self.luthers_theses_phase(log),
            Phase::CardDraw => self.card_draw_phase(log),
            Phase::Diplomacy => self.diplomacy_phase(log),
            Phase::DietOfWorms => self.diet_of_worms_step(log),
            Phase::SpringDeployment => self.spring_deployment_step(log),
            Phase::Action => self.next_impulse(log),
            Phase::Winter => self.winter_step(log),
            Phase::NewWorld => self.new_world_step(log),
            Phase::VictoryDetermination => self.victory_determination_phase(log),
        }
    }

    pub(crate) fn enter_phase(&mut self, phase: Phase, log: &mut dyn Log) {
        self.phase = phase;
        log.event(Event::PhaseBegan { turn: self.turn, phase });
    }

    /// Phase 1 of turn 1 (§18.1, §8.1): Luther's 95 Theses
    /// (`frames::reformation`), then the card draw.
    fn luthers_theses_phase(&mut self, log: &mut dyn Log) {
        if !self.begin_luthers_theses(log) {
            self.enter_phase(Phase::CardDraw, log);
        }
    }

    /// Ends the game if a power has an automatic victory (§23.1), checked
    /// during the action phase.
    pub(crate) fn check_automatic_victory(&mut self, log: &mut dyn Log) {
        if self.outcome.is_some() || self.phase != Phase::Action {
            return;
        }
        if let Some(verdict) = victory::automatic_victory(self) {
            self.end_game(verdict, log);
        }
    }

    pub(crate) fn end_game(&mut self, outcome: Outcome, log: &mut dyn Log) {
        self.outcome = Some(outcome);
        self.stack = Default::default();
        log.event(Event::GameOver(outcome));
    }

    /// Phase 9 (§23.3): record the turn's VP, then standard, domination or
    /// time victory; else the next turn.
    fn victory_determination_phase(&mut self, log: &mut dyn Log) {
        let totals = victory::vp_totals(self);
        if let Some(slot) = usize::from(self.turn).checked_sub(1).and_then(|i| self.vp_history.get_mut(i)) {
            *slot = totals;
        }
        if let Some(verdict) = victory::victory_determination(self) {
            self.end_game(verdict, log);
            return;
        }
        self.turn += 1;
        // Cards played as events are counted per turn (§6.2).
        self.events_played = Default::default();
        self.vienna_frozen = Default::default();
        self.succession.cromwell_treatises = false;
        self.succession.ruler_changed = false;
        self.enter_phase(Phase::CardDraw, log);
    }

    /// A uniform random number below `n` from the game's generator (`n` > 0).
    pub(crate) fn random_below(&mut self, n: usize) -> usize {
        ((u128::from(self.rng.next_u64()) * n as u128) >> 64) as usize
    }
}
