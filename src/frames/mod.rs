//! The stack of pending procedures. Each frame is one procedure in progress
//! that waits for a decision; `legal_actions` reads the top frame and
//! `apply` updates it, pushes sub-procedures and pops finished ones.

pub(crate) mod acting;
pub(crate) mod arrivals;
pub(crate) mod battle;
pub(crate) mod combat_cards;
pub(crate) mod debate;
pub(crate) mod dip_deck;
pub(crate) mod diplomacy;
pub(crate) mod england;
pub(crate) mod home_cards;
pub(crate) mod impulse;
pub(crate) mod movement;
pub(crate) mod naval;
pub(crate) mod naval_war;
pub(crate) mod negotiation;
pub(crate) mod new_world;
pub(crate) mod peace;
pub(crate) mod piracy;
pub(crate) mod reformation;
pub(crate) mod responses;
pub(crate) mod siege;
pub(crate) mod spring;
pub(crate) mod ties;
pub(crate) mod transport;
pub(crate) mod winter;

use crate::game::{LandUnits, NavalLocation};
use crate::rules::debate::FlipRule;
use crate::rules::naval::Fleet;
use crate::sets::EnumSet;
use crate::types::{Card, Debater, LanguageZone, Leader, MinorPower, Power, SeaZone, Space};

/// One procedure in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum Frame {
    /// An impulse of the action phase: play a card or pass (§11.1).
    Impulse { power: Power },
    /// CP to spend on actions, one at a time (§11.2). `abandoned`: origins
    /// of formations given up this impulse, not offered again. `limit`: the
    /// card whose event gave these CP and limits what they buy (Scots Raid,
    /// #97: `events::SpendLimit`); such CP sit on the mandatory event's own.
    Spend {
        power: Power,
        cp: u8,
        abandoned: EnumSet<Space>,
        #[cfg_attr(feature = "serde", serde(default))]
        limit: Option<Card>,
        /// Set while these CP are being spent for an invader (§24.3):
        /// `power` is then the invader, and the player and its CP at the
        /// switch are kept here (`frames::acting`).
        #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
        acting: Option<acting::Acting>,
    },
    /// A formation being formed in `from`, then moved (§13.1). The CP are
    /// paid from the `Spend` frame below when it moves. `minors`: the
    /// regulars of its allied minors moving with it (§22.3).
    Formation {
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        #[cfg_attr(feature = "serde", serde(default))]
        minors: crate::rules::battle::MinorUnits,
    },
    /// Spring deployment (§10): deploy from a capital, or decline.
    Deployment { power: Power },
    /// A formation being formed in the capital `from` for spring deployment
    /// (§10), then deployed. `minors`: the regulars of its allied minors
    /// deploying with it (§22.3).
    DeployFormation {
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        #[cfg_attr(feature = "serde", serde(default))]
        minors: crate::rules::battle::MinorUnits,
    },
    /// The declarations of war (§9.6 step 1): `power` declares wars one at
    /// a time. `owed`: each power's cost so far, declarations and
    /// interventions (paid in step 7).
    Declarations { power: Power, owed: [u8; Power::COUNT] },
    /// `power` may intervene for `minor` after `declarer`'s declaration of
    /// war on it (§9.6 steps 4-5). Sits on the `Declarations` frame.
    Intervention { power: Power, minor: MinorPower, declarer: Power },
    /// Before `activator`'s activation of `minor`, `power`, at war with the
    /// minor, may declare war on `activator` for free (§22.2 step 2);
    /// `declared`: who did so far. After an intervention for the minor
    /// against `declarer` (§9.6 step 5), on the `Declarations` frame; after
    /// a card's activation (#69, #108, #73; ruling AL6), `declarer` is
    /// `None`, alone in the action phase or on the `Declarations` frame.
    FreeDeclaration {
        power: Power,
        activator: Power,
        minor: MinorPower,
        declarer: Option<Power>,
        declared: EnumSet<Power>,
    },
    /// The displacement after an intervention put `activator` and
    /// `declarer` at war (§9.6 step 5): out of `spaces`, in space order;
    /// `power` chooses where its units go among equally near destinations.
    /// Sits on the `Declarations` frame.
    Displacement { power: Power, activator: Power, declarer: Power, spaces: EnumSet<Space> },
    /// `power` picks among the equally near destinations of the next tied
    /// move of `tie` (§12.5; `frames::ties`), `picks` the picks so far.
    TieChoice { power: Power, tie: ties::Tie, picks: ties::Picks },
    /// Payment (§9.6 step 7): `power` pays with cards; `owed`: what each
    /// power still owes.
    WarPayment { power: Power, owed: [u8; Power::COUNT] },
    /// A leader arriving at the card draw (§8): `power` picks where.
    Arrival { power: Power, leader: Leader },
    /// Winter (§19): `power` picks the port for its fleet at `from`, whose
    /// nearest ports tie; `group`: ships split off for one of them.
    WinterNaval {
        power: Power,
        from: crate::game::NavalLocation,
        #[cfg_attr(feature = "serde", serde(default))]
        group: winter::WinterFleet,
    },
    /// Winter (§19): `power` sends units of its stack in `space` home, a
    /// group at a time; `done`: stacks handled and spaces arrived at;
    /// `sent_to`: where this stack's groups went; `tally`: the stack's
    /// attrition so far.
    WinterLand {
        power: Power,
        space: Space,
        done: EnumSet<Space>,
        sent_to: EnumSet<Space>,
        group: winter::WinterGroup,
        #[cfg_attr(feature = "serde", serde(default))]
        tally: crate::rules::winter::Attrition,
    },
    /// A naval move (§16.1), its CP paid: `power` sends stacks one at a
    /// time. `from`, `fleet`, `leaders` (a mask, see `frames::naval`): the
    /// stack being formed; `moved`: ships and leaders that already moved.
    NavalMove { power: Power, from: Option<NavalLocation>, fleet: Fleet, leaders: u8, moved: naval::MovedShips },
    /// The negotiation segment (§9.1): `power`, in impulse order, opens a
    /// deal with a power not in `proposed` (one proposal each per phase),
    /// or is done.
    Negotiation { power: Power, proposed: EnumSet<Power> },
    /// A deal (§9.1) built by its proposer, offered to its recipient, or
    /// taking effect (`stage`). Sits on `Negotiation`.
    Deal { deal: crate::rules::negotiation::Deal, stage: negotiation::DealStage },
    /// A ceded space's units of `mover` are displaced (§9.1, §12.5):
    /// `power` picks among equally near destinations. Sits on `Deal`.
    DealDisplacement { power: Power, mover: Power, spaces: EnumSet<Space> },
    /// `power` places the `count` mercenaries it received (§9.1) in one of
    /// its spaces that may take them. Sits on `Deal`.
    DealMercenaries { power: Power, count: u8 },
    /// `power` sends the squadrons (and naval leaders) loaned to it in a
    /// deal from one port (the first in map order still waiting) to one of
    /// its equally near ports (§9.2; docs/rulings.md LN4). Sits on `Deal`.
    LoanPort { power: Power },
    /// Suing for peace (§9.3): `power` sues in one of its wars, or is done.
    SuePeace { power: Power },
    /// The peace `loser` sued `winner` for (§9.3 steps 3-8), at `step`;
    /// `power` decides it: the owner of units to displace, else the loser.
    /// Sits on the `SuePeace` frame.
    Peace { power: Power, loser: Power, winner: Power, step: peace::PeaceStep },
    /// Ransom (§9.4): `power` ransoms its captured leaders one at a time, or is done.
    Ransom { power: Power },
    /// The two-player diplomacy phase (§24.3): `power` plays one of its
    /// diplomatic cards (`frames::dip_deck`).
    DiplomaticPlay { power: Power },
    /// Removing excommunication (§9.5): `power` lifts it, or declines.
    Excommunication { power: Power },
    /// `leader`, freed by peace or ransom (§9.3 step 6, §9.4), goes to one of
    /// the spaces open to it: `power` picks. Sits on the `Peace` or `Ransom` frame.
    LeaderReturn { power: Power, leader: Leader },
    /// A series of reformation or counter-reformation attempts (§18.3,
    /// §18.4); the attacker decides.
    Attempts { series: reformation::Series },
    /// The Papacy places `left` more Jesuit universities (§18.1).
    Universities { left: u8 },
    /// A theological debate called by `caller` in `zone` (§18.5 step 3):
    /// `attacker` drawn, the caller names the defender's group.
    /// `barred`: the Protestant debater Leipzig Debate (#6) keeps out of
    /// every round.
    DebateDefender { caller: Power, zone: LanguageZone, attacker: Debater, barred: Option<Debater> },
    /// After a first-round tie (§18.5 step 8) the Protestant may send
    /// Bullinger for round 2; `before`: the round-1 attacker and defender.
    DebateSecondRound { caller: Power, zone: LanguageZone, before: [Debater; 2], barred: Option<Debater> },
    /// Before the dice of `round` (§18.5 steps 2-3, 7), the Protestant may
    /// play Here I Stand (#7) to put Luther in place of its debater;
    /// `debaters`, `uncommitted`: the attacker's and defender's, and
    /// whether each entered uncommitted.
    DebateLuther {
        caller: Power,
        zone: LanguageZone,
        round: u8,
        debaters: [Debater; 2],
        uncommitted: [bool; 2],
        barred: Option<Debater>,
    },
    /// `power` flips `count` more spaces to its religion, one at a time
    /// (debates §18.5, Diet of Worms §18.1, Council of Trent §18.6): those
    /// `rule` allows, in `zone` first (only there with `zone_only`).
    Flips { power: Power, count: u8, zone: Option<LanguageZone>, zone_only: bool, rule: FlipRule },
    /// The Diet of Worms (§18.1): `power` picks its card in secret;
    /// `picks` by `frames::debate::DIET_ORDER` (hidden from other powers
    /// by `Game::observation`).
    DietOfWorms { power: Power, picks: [Option<Card>; 3] },
    /// The Council of Trent (#17, §18.6): `power` sends debaters one at a
    /// time; `papal`, `protestant`: those sent so far.
    CouncilOfTrent { power: Power, papal: EnumSet<Debater>, protestant: EnumSet<Debater> },
    /// A card event puts `leader` in play: `power` picks one of `spaces`
    /// (Henry II #20, the Schmalkaldic League's leaders #13).
    PlaceLeader { power: Power, leader: Leader, spaces: EnumSet<Space> },
    /// The naval war after `power`'s naval move (§16.1 steps 4-7), run
    /// automatically between the decisions it pushes: `arrived`, the sea
    /// zones its ships just arrived in; `intercepted`, those where an
    /// interception succeeded; `stage`, where it stands. `declared`: the
    /// immediate naval battles after `power` declared war in an impulse
    /// (§9.6, "DOW during the Action Phase": sea zones only, equal hits
    /// send both sides away).
    NavalCombat {
        power: Power,
        arrived: EnumSet<SeaZone>,
        intercepted: EnumSet<SeaZone>,
        stage: naval_war::CombatStage,
        #[cfg_attr(feature = "serde", serde(default))]
        declared: bool,
    },
    /// `power` may intercept `active`'s ships just arrived in `zone` (§16.1
    /// step 4), one adjacent stack at a time: `from`, `fleet`, `leaders` (a
    /// mask, see `frames::naval`) the stack being formed; `tried`: stacks
    /// that tried (bits in `rules::naval::neighbours` order); `succeeded`:
    /// whether one got in. Sits on `NavalCombat`.
    Interception {
        power: Power,
        active: Power,
        zone: SeaZone,
        from: Option<NavalLocation>,
        fleet: Fleet,
        leaders: u8,
        tried: u32,
        succeeded: bool,
    },
    /// `power`'s ships in `zone` may try to avoid battle (§16.1 step 5).
    AvoidBattle { power: Power, zone: SeaZone },
    /// `power` picks where the next naval battle is, or (`at` given) which
    /// enemy it fights there next (§16.1 step 7).
    BattleOrder { power: Power, at: Option<NavalLocation> },
    /// `power`'s combat-card window in the naval battle at `at` (§16.2 steps
    /// 3-4), or after the roll the window for Janissaries and Professional
    /// Rowers (step 6), asking `power` and then `remaining`.
    CombatCards {
        power: Power,
        at: NavalLocation,
        /// After the roll, the powers still to ask, in impulse order.
        #[cfg_attr(feature = "serde", serde(default))]
        remaining: EnumSet<Power>,
    },
    /// `power` picks whose squadrons of its side sink at `at`, `squadrons`
    /// more (§16.2 step 8).
    NavalLosses { power: Power, at: NavalLocation, squadrons: u8 },
    /// `power`'s ships at `from` retreat after a naval battle; `beaten`:
    /// they lost it (§16.2 step 9, §16.1).
    NavalRetreat { power: Power, from: NavalLocation, beaten: bool },
    /// A naval transport (§16.3): `power`'s formation of `units` and
    /// `leaders` from the port `from`, being formed (`at` none) or at sea in
    /// `at` after `legs` legs, with `minors`, its allied minors' regulars
    /// (§22.3). Sits on `Spend`.
    Transport {
        power: Power,
        from: Space,
        at: Option<SeaZone>,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        legs: u8,
        #[cfg_attr(feature = "serde", serde(default))]
        minors: crate::rules::battle::MinorUnits,
    },
    /// The Ottoman (`power`) picks the target of its piracy in `zone` (§16.4).
    PiracyTarget { power: Power, zone: SeaZone },
    /// The target `power` pays `hits` piracy hits in `zone` (§16.4 step 5),
    /// `chosen`: how often each option was taken; `sink_at`: a place where
    /// it loses a squadron, whose faction it picks.
    PiracyHit { power: Power, zone: SeaZone, hits: u8, chosen: [u8; 3], sink_at: Option<NavalLocation> },
    /// The land war (§13-§15): an entry into a space, an assault, and their
    /// decisions (`frames::battle`, `frames::siege`).
    War(battle::War),
    /// `power` discards a card of its choice, neither a home card nor a
    /// mandatory event (§6.1; Patron of the Arts, #4).
    Discard { power: Power },
    /// An explorer who rolled 10 or more chooses (§20.2): circumnavigate,
    /// the Amazon, or a free 1-VP discovery. `plus_two`: Mercator's Map
    /// launched the voyage (#50).
    Voyage { explorer: crate::types::Explorer, plus_two: bool },
    /// A decision of a card's event: the card's own code lists and applies
    /// it (`events::Steps`).
    Event(crate::events::EventStep),
    /// A response window: the announced step waits while the powers that
    /// could answer it are asked (§6.1, `frames::responses`).
    Response(responses::Window),
}

impl Frame {
    /// CP for `power` to spend on actions (§11.2), limited by the event of
    /// `limit` if any.
    pub(crate) fn spend(power: Power, cp: u8, limit: Option<Card>) -> Frame {
        Frame::Spend { power, cp, abandoned: EnumSet::EMPTY, limit, acting: None }
    }

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
            | Frame::TieChoice { power, .. }
            | Frame::WarPayment { power, .. }
            | Frame::Arrival { power, .. }
            | Frame::WinterNaval { power, .. }
            | Frame::WinterLand { power, .. } => power,
            Frame::NavalMove { power, .. } => power,
            Frame::Negotiation { power, .. }
            | Frame::DealDisplacement { power, .. }
            | Frame::DealMercenaries { power, .. }
            | Frame::LoanPort { power } => power,
            Frame::Deal { deal, stage } => match stage {
                negotiation::DealStage::Offered => deal.recipient,
                _ => deal.proposer,
            },
            Frame::SuePeace { power }
            | Frame::Peace { power, .. }
            | Frame::Ransom { power }
            | Frame::DiplomaticPlay { power }
            | Frame::Excommunication { power }
            | Frame::LeaderReturn { power, .. } => power,
            Frame::Attempts { series } => series.attacker,
            Frame::Universities { .. } => Power::Papacy,
            Frame::DebateDefender { caller, .. } => caller,
            Frame::DebateSecondRound { .. } | Frame::DebateLuther { .. } => Power::Protestant,
            Frame::Flips { power, .. } | Frame::DietOfWorms { power, .. } | Frame::CouncilOfTrent { power, .. } => {
                power
            }
            Frame::PlaceLeader { power, .. } => power,
            Frame::Event(step) => step.power,
            Frame::Response(window) => window.power,
            Frame::NavalCombat { power, .. }
            | Frame::Interception { power, .. }
            | Frame::AvoidBattle { power, .. }
            | Frame::BattleOrder { power, .. }
            | Frame::CombatCards { power, .. }
            | Frame::NavalLosses { power, .. }
            | Frame::NavalRetreat { power, .. }
            | Frame::Transport { power, .. }
            | Frame::PiracyTarget { power, .. }
            | Frame::PiracyHit { power, .. } => power,
            Frame::War(war) => war.decider(),
            Frame::Discard { power } => power,
            Frame::Voyage { explorer, .. } => explorer.power(),
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
            Frame::TieChoice { .. } => "which of the equally near spaces displaced units go to",
            Frame::WarPayment { .. } => "a card to pay for war with",
            Frame::Arrival { .. } => "where the arriving leader is placed",
            Frame::WinterNaval { .. } => "the port the fleet winters in",
            Frame::WinterLand { .. } => "units to send home, where, or done",
            Frame::NavalMove { .. } => "ships to move, where to, or done",
            Frame::Negotiation { .. } => "a power to propose a deal to, or done",
            Frame::Deal { stage: negotiation::DealStage::Offered, .. } => "accept the deal, or decline",
            Frame::Deal { .. } => "a term to add to the deal, offer it, or decline (withdraw it)",
            Frame::DealDisplacement { .. } => "where displaced units go",
            Frame::DealMercenaries { .. } => "where the mercenaries received go",
            Frame::LoanPort { .. } => "where the squadrons loaned go",
            Frame::SuePeace { .. } => "a war to sue for peace in, or done",
            Frame::Peace { .. } => {
                "the terms of the peace: where units go, units to remove, what to regain and its price"
            }
            Frame::Ransom { .. } => "a captured leader to ransom, or done",
            Frame::DiplomaticPlay { .. } => "a diplomatic card to play",
            Frame::Excommunication { .. } => "lift the excommunication, or decline",
            Frame::LeaderReturn { .. } => "where the freed leader goes",
            Frame::Attempts { .. } => "a target for the attempt, a debater to commit, or decline",
            Frame::Universities { .. } => "a Catholic space for the Jesuit university",
            Frame::DebateDefender { .. } => "the defender's group: committed or uncommitted debaters",
            Frame::DebateSecondRound { .. } => "Bullinger for the second round, or decline",
            Frame::DebateLuther { .. } => "play Here I Stand to bring Luther into the debate, or decline",
            Frame::Flips { .. } => "a space to flip",
            Frame::DietOfWorms { .. } => "a card for the Diet of Worms",
            Frame::CouncilOfTrent { .. } => "a debater to send to the Council of Trent, or done",
            Frame::PlaceLeader { .. } => "where the leader is placed",
            Frame::NavalCombat { .. } => "nothing: the naval war goes on by itself",
            Frame::Interception { .. } => "a stack to intercept with, its ships, the attempt, or decline",
            Frame::AvoidBattle { .. } => "where to avoid the naval battle, or decline",
            Frame::BattleOrder { .. } => "the next naval battle",
            Frame::CombatCards { .. } => "a combat card to play, or decline",
            Frame::NavalLosses { .. } => "whose squadron is lost",
            Frame::NavalRetreat { .. } => "where the ships retreat",
            Frame::Transport { .. } => "a leader or unit to carry, the next sea zone, or the landing port",
            Frame::PiracyTarget { .. } => "the power to pirate",
            Frame::PiracyHit { .. } => "what the piracy hit costs",
            Frame::War(war) => war.prompt(),
            Frame::Discard { .. } => "a card to discard",
            Frame::Voyage { .. } => "where the explorer goes from South America",
            Frame::Event(step) => step.prompt(),
            Frame::Response(_) => "a response card to play, or decline",
        }
    }
}

/// The most frames that can be pending at once: the frame grammar's bound
/// (`validate::may_sit_on` derives it). Its longest chain of procedures is
/// 5: spent CP, a naval move's combat, an interception, the response
/// window of its roll, and Professional Rowers' choice in it (#34); the
/// besiegers of a broken siege retreat one power at a time on spent CP (an
/// event's limited CP on the mandatory event's own, Scots Raid #97) and the
/// assault: 3 + 6 = 9, the deepest; 4 leaders can arrive at once (§8).
/// A test checks `validate::grammar_depth() <= MAX_FRAMES`, and one builds
/// the 5-deep chain in play (`frames::responses`).
pub(crate) const MAX_FRAMES: usize = 9;

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
        // Never full: the engine pushes only what the frame grammar allows
        // (`validate::may_sit_on`, every random-play position is validated)
        // and a loaded stack must fit it, so the depth stays within the
        // grammar's bound, below `MAX_FRAMES` (a test). Debug builds (the
        // tests, the fuzz targets) stop if that ever breaks.
        debug_assert!(usize::from(self.len) < MAX_FRAMES, "the procedure stack is full");
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

    /// The frames, outermost first, to change in place.
    pub(crate) fn frames_mut(&mut self) -> impl Iterator<Item = &mut Frame> {
        self.frames[..usize::from(self.len)].iter_mut().flatten()
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
