//! The stack of pending procedures. Each frame is one procedure in progress
//! that waits for a decision; `legal_actions` reads the top frame and
//! `apply` updates it, pushes sub-procedures and pops finished ones.

pub(crate) mod arrivals;
pub(crate) mod battle;
pub(crate) mod diplomacy;
pub(crate) mod impulse;
pub(crate) mod movement;
pub(crate) mod naval;
pub(crate) mod peace;
pub(crate) mod siege;
pub(crate) mod spring;
pub(crate) mod winter;

use crate::game::{LandUnits, NavalLocation};
use crate::rules::naval::Fleet;
use crate::sets::EnumSet;
use crate::types::{Leader, MinorPower, Power, Space};

/// One procedure in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum Frame {
    /// An impulse of the action phase: play a card or pass (§11.1).
    Impulse { power: Power },
    /// CP to spend on actions, one at a time (§11.2). `abandoned`: origins
    /// of formations given up this impulse, not offered again.
    Spend { power: Power, cp: u8, abandoned: EnumSet<Space> },
    /// A formation being formed in `from`, then moved (§13.1). The CP are
    /// paid from the `Spend` frame below when it moves.
    Formation { power: Power, from: Space, units: LandUnits, leaders: EnumSet<Leader> },
    /// Spring deployment (§10): deploy from a capital, or decline.
    Deployment { power: Power },
    /// A formation being formed in the capital `from` for spring deployment
    /// (§10), then deployed.
    DeployFormation { power: Power, from: Space, units: LandUnits, leaders: EnumSet<Leader> },
    /// The declarations of war (§9.6 step 1): `power` declares wars one at
    /// a time. `owed`: each power's cost so far, declarations and
    /// interventions (paid in step 7).
    Declarations { power: Power, owed: [u8; Power::COUNT] },
    /// `power` may intervene for `minor` after `declarer`'s declaration of
    /// war on it (§9.6 steps 4-5). Sits on the `Declarations` frame.
    Intervention { power: Power, minor: MinorPower, declarer: Power },
    /// After `activator`'s intervention for `minor`, `power`, at war with the
    /// minor, may declare war on `activator` for free (§22.2 step 2);
    /// `declared`: who did so far. Sits on the `Declarations` frame.
    FreeDeclaration { power: Power, activator: Power, minor: MinorPower, declarer: Power, declared: EnumSet<Power> },
    /// The displacement after an intervention put `activator` and
    /// `declarer` at war (§9.6 step 5): out of `spaces`, in space order;
    /// `power` chooses where its units go among equally near destinations.
    /// Sits on the `Declarations` frame.
    Displacement { power: Power, activator: Power, declarer: Power, spaces: EnumSet<Space> },
    /// Payment (§9.6 step 7): `power` pays with cards; `owed`: what each
    /// power still owes.
    WarPayment { power: Power, owed: [u8; Power::COUNT] },
    /// A leader arriving at the card draw (§8): `power` picks where.
    Arrival { power: Power, leader: Leader },
    /// Winter (§19): `power` picks the port for its fleet at `from`, whose
    /// nearest ports tie.
    WinterNaval { power: Power, from: crate::game::NavalLocation },
    /// Winter (§19): `power` sends units of its stack in `space` home, a
    /// group at a time; `done`: stacks handled and spaces arrived at;
    /// `sent_to`: where this stack's groups went.
    WinterLand { power: Power, space: Space, done: EnumSet<Space>, sent_to: EnumSet<Space>, group: winter::WinterGroup },
    /// A naval move (§16.1), its CP paid: `power` sends stacks one at a
    /// time. `from`, `fleet`, `leaders` (a mask, see `frames::naval`): the
    /// stack being formed; `moved`: ships and leaders that already moved.
    NavalMove { power: Power, from: Option<NavalLocation>, fleet: Fleet, leaders: u8, moved: naval::MovedShips },
    /// Suing for peace (§9.3): `power` sues in one of its wars, or is done.
    SuePeace { power: Power },
    /// The peace `loser` sued `winner` for (§9.3 steps 3-8), at `step`;
    /// `power` decides it: the owner of units to displace, else the loser.
    /// Sits on the `SuePeace` frame.
    Peace { power: Power, loser: Power, winner: Power, step: peace::PeaceStep },
    /// Ransom (§9.4): `power` ransoms its captured leaders one at a time, or is done.
    Ransom { power: Power },
    /// Removing excommunication (§9.5): `power` lifts it, or declines.
    Excommunication { power: Power },
    /// `leader`, freed by peace or ransom (§9.3 step 6, §9.4), goes to one of
    /// the spaces open to it: `power` picks. Sits on the `Peace` or `Ransom` frame.
    LeaderReturn { power: Power, leader: Leader },
    /// The land war (§13-§15): an entry into a space, an assault, and their
    /// decisions (`frames::battle`, `frames::siege`).
    War(battle::War),
}

impl Frame {
    /// The power that must decide at this frame.
    pub(crate) fn decider(&self) -> Power {
        match *self {
            Frame::Impulse { power }
            | Frame::Spend { power, .. }
            | Frame::Formation { power, .. }
            | Frame::Deployment { power }
            | Frame::DeployFormation { power, .. } => power,
            Frame::Declarations { power, .. }
            | Frame::Intervention { power, .. }
            | Frame::FreeDeclaration { power, .. }
            | Frame::Displacement { power, .. }
            | Frame::WarPayment { power, .. }
            | Frame::Arrival { power, .. }
            | Frame::WinterNaval { power, .. }
            | Frame::WinterLand { power, .. } => power,
            Frame::NavalMove { power, .. } => power,
            Frame::SuePeace { power }
            | Frame::Peace { power, .. }
            | Frame::Ransom { power }
            | Frame::Excommunication { power }
            | Frame::LeaderReturn { power, .. } => power,
            Frame::War(war) => war.decider(),
        }
    }

    /// What the decision is about, for error messages.
    pub(crate) fn prompt(&self) -> &'static str {
        match self {
            Frame::Impulse { .. } => "a card to play, or pass",
            Frame::Spend { .. } => "an action to spend CP on, or done",
            Frame::Formation { .. } => "a leader or unit to add, a space to move to, or done",
            Frame::Deployment { .. } => "a capital to deploy from, or decline",
            Frame::DeployFormation { .. } => "a leader or unit to add, or a space to deploy to",
            Frame::Declarations { .. } => "a power to declare war on, or done",
            Frame::Intervention { .. } => "intervene, or decline",
            Frame::FreeDeclaration { .. } => "declare war on the minor's new ally, or decline",
            Frame::Displacement { .. } => "where displaced units go",
            Frame::WarPayment { .. } => "a card to pay for war with",
            Frame::Arrival { .. } => "where the arriving leader is placed",
            Frame::WinterNaval { .. } => "the port the fleet winters in",
            Frame::WinterLand { .. } => "units to send home, where, or done",
            Frame::NavalMove { .. } => "ships to move, where to, or done",
            Frame::SuePeace { .. } => "a war to sue for peace in, or done",
            Frame::Peace { .. } => {
                "the terms of the peace: where units go, units to remove, what to regain and its price"
            }
            Frame::Ransom { .. } => "a captured leader to ransom, or done",
            Frame::Excommunication { .. } => "lift the excommunication, or decline",
            Frame::LeaderReturn { .. } => "where the freed leader goes",
            Frame::War(war) => war.prompt(),
        }
    }
}

/// The most frames that can be pending at once.
pub(crate) const MAX_FRAMES: usize = 8;

/// The frame stack: fixed capacity, `Copy`, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Stack {
    frames: [Option<Frame>; MAX_FRAMES],
    len: u8,
}

impl Default for Stack {
    fn default() -> Self {
        Stack { frames: [None; MAX_FRAMES], len: 0 }
    }
}

impl Stack {
    pub(crate) fn top(&self) -> Option<&Frame> {
        self.len.checked_sub(1).and_then(|i| self.frames[usize::from(i)].as_ref())
    }

    pub(crate) fn top_mut(&mut self) -> Option<&mut Frame> {
        self.len.checked_sub(1).and_then(|i| self.frames[usize::from(i)].as_mut())
    }

    pub(crate) fn push(&mut self, frame: Frame) {
        // The procedures nest at most a few deep; a full stack is a bug the
        // tests would show as a stall, never a panic.
        if usize::from(self.len) < MAX_FRAMES {
            self.frames[usize::from(self.len)] = Some(frame);
            self.len += 1;
        }
    }

    pub(crate) fn pop(&mut self) -> Option<Frame> {
        let i = self.len.checked_sub(1)?;
        self.len = i;
        self.frames[usize::from(i)].take()
    }

    /// The frames, outermost first.
    pub(crate) fn frames(&self) -> impl Iterator<Item = &Frame> {
        self.frames[..usize::from(self.len)].iter().flatten()
    }

    /// A stack of these frames (outermost first), if they fit.
    #[cfg(feature = "serde")]
    pub(crate) fn from_frames(frames: &[Frame]) -> Option<Stack> {
        if frames.len() > MAX_FRAMES {
            return None;
        }
        let mut stack = Stack::default();
        for &frame in frames {
            stack.push(frame);
        }
        Some(stack)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The frame `depth` below the top (0: the top), to change.
    pub(crate) fn below_mut(&mut self, depth: usize) -> Option<&mut Frame> {
        usize::from(self.len).checked_sub(depth + 1).and_then(|i| self.frames[i].as_mut())
    }

    /// The frame `depth` below the top (0: the top).
    pub(crate) fn below(&self, depth: usize) -> Option<&Frame> {
        usize::from(self.len).checked_sub(depth + 1).and_then(|i| self.frames[i].as_ref())
    }
}
