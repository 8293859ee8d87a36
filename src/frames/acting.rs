//! Acting for invaders (§24.3, the two-player variant): while a player's
//! opponent is at war with a major power no one plays, the player may
//! spend CP on that power's behalf. Its moves (clear or over a pass), naval
//! moves, assaults and control, never building (rulings TP5, TP6).
//!
//! In the player's own `Spend` frame, [`Action::ActFor`] switches the
//! frame to the invader for one action: the frame's `power` becomes the
//! invader and [`Acting`] keeps the player and its CP. Once that action
//! has been paid for and the frame is on top again, it switches back.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::frames::Frame;
use crate::game::{Game, Scenario};
use crate::rules::two_player;
use crate::sets::EnumSet;
use crate::types::{Card, Phase, Power, Space};

/// A `Spend` frame lent to an invader for one action (§24.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Acting {
    /// The player whose CP these are.
    pub player: Power,
    /// The CP left when the player switched to the invader.
    pub cp: u8,
}

/// The spend actions a player may take for an invader (§24.3): moves,
/// naval moves, assaults and control. No building, transport, piracy,
/// unrest removal, religious action or foreign war.
fn allowed_for_invader(action: Action) -> bool {
    matches!(action, Action::MoveFrom(_) | Action::NavalMove | Action::Assault(_) | Action::Control(_))
}

impl Game {
    /// The invaders `player` may spend CP for now (§24.3): in the action
    /// phase of the two-player game, with the impulse's own unlimited CP,
    /// each power seated with `player` that has an action to take.
    pub(crate) fn act_for_actions(&self, player: Power, cp: u8, abandoned: EnumSet<Space>, list: &mut ActionList) {
        if !self.may_act_for_invaders(player) {
            return;
        }
        let offered = Power::ALL.into_iter().filter(|&i| self.may_act_for(player, cp, abandoned, i));
        list.extend(offered.map(Action::ActFor));
    }

    /// Whether `ActFor(invader)` is legal for `player`'s CP.
    pub(crate) fn act_for_legal(&self, player: Power, cp: u8, abandoned: EnumSet<Space>, invader: Power) -> bool {
        self.may_act_for_invaders(player) && self.may_act_for(player, cp, abandoned, invader)
    }

    /// Whether `invader` is seated with `player` and has an action to buy.
    /// A naval move is checked alone first (the commonest, and cheap); the
    /// others need the invader's list.
    fn may_act_for(&self, player: Power, cp: u8, abandoned: EnumSet<Space>, invader: Power) -> bool {
        if invader == player || two_player::seat(self, invader) != Some(player) {
            return false;
        }
        if self.spend_action_legal(invader, cp, abandoned, Action::NavalMove) {
            return true;
        }
        let mut actions = ActionList::new();
        self.invader_actions(invader, cp, abandoned, &mut actions);
        actions.as_slice() != [Action::Done]
    }

    /// A player spends CP for invaders only with an impulse's own CP, not
    /// with CP an event limits, and not while already acting for one.
    fn may_act_for_invaders(&self, player: Power) -> bool {
        self.scenario() == Scenario::TwoPlayer
            && self.phase() == Phase::Action
            && matches!(
                self.stack.top(),
                Some(&Frame::Spend { power, limit: None, acting: None, .. }) if power == player
            )
    }

    /// The actions of `invader` with the CP lent to it (§24.3); `Done`
    /// (back to the player, nothing spent) only when nothing else is left,
    /// so a switch always buys something.
    pub(crate) fn invader_actions(&self, invader: Power, cp: u8, abandoned: EnumSet<Space>, list: &mut ActionList) {
        self.spend_actions(invader, cp, abandoned, list);
        list.retain(|a| allowed_for_invader(*a));
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    /// Whether a loaded `Spend` frame's `acting` fits: lent by a player
    /// seated for the invader (`two_player::seat`), with the impulse's own
    /// CP, no more of them than at the switch.
    pub(crate) fn acting_fits(&self, invader: Power, cp: u8, limit: Option<Card>, acting: Option<Acting>) -> bool {
        acting.is_none_or(|a| {
            a.player != invader
                && limit.is_none()
                && cp <= a.cp
                && a.cp <= 6
                && two_player::seat(self, invader) == Some(a.player)
        })
    }

    /// Whether `action` is legal for `invader` with the CP lent to it.
    pub(crate) fn invader_action_legal(&self, invader: Power, cp: u8, abandoned: EnumSet<Space>, a: Action) -> bool {
        if a == Action::Done {
            let mut list = ActionList::new();
            self.invader_actions(invader, cp, abandoned, &mut list);
            return list.as_slice() == [Action::Done];
        }
        allowed_for_invader(a) && self.spend_action_legal(invader, cp, abandoned, a)
    }

    /// Whether the `Spend` frame on top is lent to an invader.
    pub(crate) fn is_acting(&self) -> bool {
        matches!(self.stack.top(), Some(Frame::Spend { acting: Some(_), .. }))
    }

    /// `player` switches its `Spend` frame to `invader` for one action.
    pub(crate) fn begin_acting(&mut self, invader: Power, log: &mut dyn Log) {
        if let Some(Frame::Spend { power, cp, acting, .. }) = self.stack.top_mut() {
            *acting = Some(Acting { player: *power, cp: *cp });
            log.event(crate::event::Event::ActingFor { player: *power, invader });
            *power = invader;
        }
    }

    /// Switches a lent `Spend` frame on top back to its player once its
    /// action has been paid for, or at once on `done` (nothing was left
    /// to buy).
    pub(crate) fn end_acting(&mut self, done: bool) {
        if let Some(Frame::Spend { power, cp, acting, .. }) = self.stack.top_mut() {
            if let Some(lent) = *acting
                && (done || *cp < lent.cp)
            {
                *power = lent.player;
                *acting = None;
            }
        }
    }
}
