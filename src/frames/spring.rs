//! The spring deployment phase (§10): in impulse order each power that can
//! deploys one formation from a capital, or declines. The legal capitals and
//! destinations come from `rules::spring`.

use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LandUnits};
use crate::rules::battle::{MinorUnits, NO_MINORS, minor_total};
use crate::rules::movement::formation_limit;
use crate::rules::spring::{
    deployable_forces, deployable_minors, deployment_origins, deployment_seas, deployment_spaces, destinations_through,
    has_destination,
};
use crate::sets::EnumSet;
use crate::types::{Card, Leader, Phase, Power, Space};

impl Game {
    /// Enters the spring deployment phase: the first power in impulse order
    /// is next.
    pub(crate) fn begin_spring_deployment(&mut self, log: &mut dyn Log) {
        // Peace terms and events of the diplomacy phase may have taken
        // besiegers away (§15.3).
        self.check_all_sieges(log);
        self.impulse_index = 0;
        self.enter_phase(Phase::SpringDeployment, log);
        // Venetian Informant (#109) comes before anyone deploys.
        self.informant_window(0);
    }

    /// The next power in impulse order that can deploy is asked (§10);
    /// powers with nothing to deploy, or nowhere to go, are skipped. After
    /// the last, the action phase begins.
    pub(crate) fn spring_deployment_step(&mut self, log: &mut dyn Log) {
        let powers = impulse_powers(self.scenario());
        while let Some(&power) = powers.get(usize::from(self.impulse_index)) {
            self.impulse_index += 1;
            if !deployment_origins(self, power).is_empty() || self.may_prepare(power) {
                self.stack.push(Frame::Deployment { power });
                return;
            }
        }
        self.impulse_index = 0;
        self.passes_in_row = 0;
        self.enter_phase(Phase::Action, log);
        self.check_automatic_victory(log);
    }

    /// Whether `power` may hold and play Spring Preparations (#102) now, as
    /// every power sees it: the card's condition holds and the card is
    /// neither in the discard pile, out of the game nor played this turn.
    /// Such a power is asked for its deployment even with nothing to
    /// deploy, whatever its hand holds.
    fn may_prepare(&self, power: Power) -> bool {
        let card = Card::SpringPreparations;
        crate::rules::spring::preparations_condition(self, power)
            && !self.discard_pile().contains(card)
            && !self.removed.contains(card)
            && !self.event_played_this_turn(card)
    }

    /// Decline, the capital to deploy from (§10; the Hapsburg chooses one
    /// of its two), or Spring Preparations (#102) first.
    pub(crate) fn deployment_actions(&self, power: Power, list: &mut ActionList) {
        list.push(Action::Decline);
        if self.can_play_event(power, Card::SpringPreparations) {
            list.push(Action::PlayEvent(Card::SpringPreparations));
        }
        for capital in deployment_origins(self, power) {
            list.push(Action::DeployFrom(capital));
        }
    }

    pub(crate) fn apply_deployment(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        match action {
            // The deployment decision stays on top: the power deploys next.
            Action::PlayEvent(card) => self.play_event(power, card, log),
            Action::Decline => {
                self.stack.pop();
            }
            Action::DeployFrom(from) => {
                if let Some(top) = self.stack.top_mut() {
                    let (units, leaders, minors) = (LandUnits::NONE, EnumSet::EMPTY, NO_MINORS);
                    *top = Frame::DeployFormation { power, from, units, leaders, minors };
                }
            }
            _ => {}
        }
    }

    /// Leaders first, then units up to the formation limit (§5.1), then the
    /// destination. The allied minors' regulars in the capital join as the
    /// power's own (§22.3, `AddMinorUnit`), counting toward the formation
    /// limit and the 5 units by sea (§10\*), split within their counters
    /// (§5.2). A unit is offered only while the bigger formation still has a
    /// destination (beyond 5 units the sea is closed, §10), so the formation
    /// never ends up with nowhere to go.
    pub(crate) fn deploy_formation_actions(
        &self,
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        minors: MinorUnits,
        list: &mut ActionList,
    ) {
        let (available, present) = deployable_forces(self, power, from);
        let moving = units.total().saturating_add(minor_total(&minors));
        if moving == 0 {
            for leader in present.difference(leaders) {
                list.push(Action::AddLeader(leader));
            }
        }
        let limit = formation_limit(leaders);
        // The map's open spaces and seas, worked out once for both sizes.
        let open = deployment_spaces(self, power);
        let by_sea = moving <= crate::rules::spring::max_units_by_sea(self, power);
        let seas = if by_sea { deployment_seas(self, power) } else { EnumSet::EMPTY };
        if has_destination(self, power, from, moving.saturating_add(1), open, seas) {
            let own_limit = limit.saturating_sub(minor_total(&minors));
            self.offer_unit_additions(power, from, units, available, own_limit, list);
            let free = deployable_minors(self, power, from);
            self.offer_minor_additions_of(from, free, units.total(), minors, limit, list);
        }
        if self.formation_may_leave(power, from, units, leaders, minors) {
            for to in destinations_through(self, power, from, moving, open, seas) {
                list.push(Action::DeployTo(to));
            }
        }
        // A formation that can neither grow nor go (the counters cannot make
        // the change it needs): the power declines its deployment.
        if list.is_empty() {
            list.push(Action::Decline);
        }
    }

    pub(crate) fn apply_deploy_formation(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::DeployFormation { from, units, leaders, minors, .. }) = self.stack.top_mut() else {
            return;
        };
        match action {
            Action::AddLeader(_) | Action::AddUnit(_) => {
                crate::frames::movement::add_to_formation(units, leaders, action)
            }
            Action::AddMinorUnit(_) => crate::frames::movement::add_minor(minors, action),
            Action::Decline => {
                self.stack.pop();
            }
            Action::DeployTo(to) => {
                let (from, units, leaders, minors) = (*from, *units, *leaders, *minors);
                self.stack.pop();
                self.move_formation(power, from, to, units, leaders);
                self.move_minors(from, to, minors);
                log.event(Event::SpringDeployed { power, from, to, units, leaders: leaders.len() as u8 });
                // §22.3: the allied minors' regulars deployed with it.
                self.log_minors_moved(power, from, to, minors, log);
            }
            _ => {}
        }
    }
}
