//! `Decision`: what is being decided now, by whom, in what context, read
//! from the top of the procedure stack ([`Game::pending`]).
//!
//! ```
//! use here_i_stand::{DecisionKind, Game, Power, Scenario, Setup};
//!
//! let game = Game::new(Setup::new(Scenario::Y1517, 1));
//! let decision = game.pending();
//! assert_eq!(decision.kind, DecisionKind::ReformationAttempts);
//! assert_eq!(decision.power, Some(Power::Protestant));
//! println!("{decision}"); // one line of English
//! ```

use core::fmt;

use crate::frames::Frame;
use crate::frames::battle::{RetreatKind, War};
use crate::frames::negotiation::DealStage;
use crate::frames::peace::{PeaceStep, Regained};
use crate::frames::reformation::Stage;
use crate::frames::responses::{Moment, Window};
use crate::game::{Game, LandUnits, NavalLocation, NavalUnits};
use crate::rules::negotiation::Deal;
use crate::sets::EnumSet;
use crate::types::{Card, Debater, Faction, LanguageZone, Leader, MinorPower, Power, SeaZone, Space};

/// What kind of decision is pending. New kinds may be added as the engine
/// grows (the enum is `non_exhaustive`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecisionKind {
    /// Play a card for CP or as an event, or pass (§11.1).
    Impulse,
    /// Spend CP on actions, one at a time (§11.2).
    SpendCp,
    /// Form a formation and move it (§13.1).
    Formation,
    /// Spring deployment: deploy from a capital or decline (§10).
    SpringDeployment,
    /// Form the formation deployed in spring (§10).
    DeployFormation,
    /// Declarations of war (§9.6 step 1).
    DeclarationsOfWar,
    /// Intervene for a minor power attacked (§9.6 steps 4-5).
    Intervention,
    /// Declare war for free on a minor's new ally (§22.2).
    FreeDeclaration,
    /// Where units displaced by an intervention go (§9.6 step 5).
    Displacement,
    /// Pay for declarations of war with cards (§9.6 step 7).
    WarPayment,
    /// Where an arriving leader is placed (§8).
    LeaderArrival,
    /// The port a fleet winters in (§19).
    WinterNaval,
    /// Land units returning home in winter (§19).
    WinterReturn,
    /// A naval move (§16.1).
    NavalMove,
    /// Sue for peace (§9.3).
    SuePeace,
    /// Open a deal with a power, or done (§9.1).
    Negotiation,
    /// Build a deal term by term and offer it, or accept or reject one (§9.1).
    Deal,
    /// The terms of a peace (§9.3 steps 3-8).
    Peace,
    /// Ransom captured leaders (§9.4).
    Ransom,
    /// Play a diplomatic card (two-player game, §24.3).
    DiplomaticCard,
    /// Lift an excommunication (§9.5).
    Excommunication,
    /// Where a freed leader goes (§9.3 step 6, §9.4).
    LeaderReturn,
    /// Reformation or counter-reformation attempts (§18.3, §18.4).
    ReformationAttempts,
    /// Place Jesuit universities (§18.1).
    JesuitUniversities,
    /// A theological debate: the defender's group (§18.5 step 3).
    Debate,
    /// A theological debate: Bullinger for the second round (§18.5 step 8).
    DebateSecondRound,
    /// Flip spaces to one's religion (§18.5, §18.1, §18.6).
    Flips,
    /// The Diet of Worms: a card in secret (§18.1).
    DietOfWorms,
    /// The Council of Trent: debaters to send (#17, §18.6).
    CouncilOfTrent,
    /// A choice inside a card event (#2, #3, #4, #5, #13, #20, ...).
    CardEvent,
    /// A response window: play a response card, or decline (§6.1).
    Response,
    /// A land interception (§13.2).
    Interception,
    /// Avoid a field battle (§13.3).
    AvoidBattle,
    /// Withdraw into fortifications (§13.4).
    Withdraw,
    /// Move on or return after a withdrawal (§13.4).
    MoveOn,
    /// Besieged units joining a relief battle (§15.2).
    Sortie,
    /// A combat-card window of a field battle, assault or naval battle (§14, §15.1, §16.2).
    CombatCards,
    /// Land losses (§14 step 9, §15.1 step 9).
    Losses,
    /// A retreat after a field battle or siege (§14.1, §15.2, §15.3).
    Retreat,
    /// A naval interception (§16.1 step 4).
    NavalInterception,
    /// Avoid a naval battle (§16.1 step 5).
    NavalAvoidBattle,
    /// The order of naval battles (§16.1 step 7).
    NavalBattleOrder,
    /// Naval losses (§16.2 step 8).
    NavalLosses,
    /// A naval retreat (§16.2 step 9).
    NavalRetreat,
    /// A naval transport (§16.3).
    Transport,
    /// The target of piracy (§16.4).
    PiracyTarget,
    /// What a piracy hit costs (§16.4 step 5).
    PiracyHit,
    /// Nothing to decide: the naval war runs by itself.
    NavalWar,
    /// An explorer's choice after a roll of 10 or more (§20.2).
    Voyage,
    /// Nothing to decide: automatic steps are pending ([`Game::run_automatic`]).
    NotReady,
    /// Nothing to decide: the game is over.
    GameOver,
}

impl DecisionKind {
    /// How many kinds there are (in this version of the crate).
    pub const COUNT: usize = 51;

    /// Every kind, in index order.
    pub const ALL: [DecisionKind; Self::COUNT] = [
        DecisionKind::Impulse,
        DecisionKind::SpendCp,
        DecisionKind::Formation,
        DecisionKind::SpringDeployment,
        DecisionKind::DeployFormation,
        DecisionKind::DeclarationsOfWar,
        DecisionKind::Intervention,
        DecisionKind::FreeDeclaration,
        DecisionKind::Displacement,
        DecisionKind::WarPayment,
        DecisionKind::LeaderArrival,
        DecisionKind::WinterNaval,
        DecisionKind::WinterReturn,
        DecisionKind::NavalMove,
        DecisionKind::SuePeace,
        DecisionKind::Negotiation,
        DecisionKind::Deal,
        DecisionKind::Peace,
        DecisionKind::Ransom,
        DecisionKind::DiplomaticCard,
        DecisionKind::Excommunication,
        DecisionKind::LeaderReturn,
        DecisionKind::ReformationAttempts,
        DecisionKind::JesuitUniversities,
        DecisionKind::Debate,
        DecisionKind::DebateSecondRound,
        DecisionKind::Flips,
        DecisionKind::DietOfWorms,
        DecisionKind::CouncilOfTrent,
        DecisionKind::CardEvent,
        DecisionKind::Response,
        DecisionKind::Interception,
        DecisionKind::AvoidBattle,
        DecisionKind::Withdraw,
        DecisionKind::MoveOn,
        DecisionKind::Sortie,
        DecisionKind::CombatCards,
        DecisionKind::Losses,
        DecisionKind::Retreat,
        DecisionKind::NavalInterception,
        DecisionKind::NavalAvoidBattle,
        DecisionKind::NavalBattleOrder,
        DecisionKind::NavalLosses,
        DecisionKind::NavalRetreat,
        DecisionKind::Transport,
        DecisionKind::PiracyTarget,
        DecisionKind::PiracyHit,
        DecisionKind::NavalWar,
        DecisionKind::Voyage,
        DecisionKind::NotReady,
        DecisionKind::GameOver,
    ];

    /// Dense index, `0..COUNT` (the order of declaration).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A short English name ("combat card window").
    pub const fn name(self) -> &'static str {
        match self {
            DecisionKind::Impulse => "impulse",
            DecisionKind::SpendCp => "spend CP",
            DecisionKind::Formation => "formation",
            DecisionKind::SpringDeployment => "spring deployment",
            DecisionKind::DeployFormation => "spring deployment formation",
            DecisionKind::DeclarationsOfWar => "declarations of war",
            DecisionKind::Intervention => "intervention",
            DecisionKind::FreeDeclaration => "free declaration of war",
            DecisionKind::Displacement => "displacement",
            DecisionKind::WarPayment => "payment for war",
            DecisionKind::LeaderArrival => "leader arrival",
            DecisionKind::WinterNaval => "winter port",
            DecisionKind::WinterReturn => "winter return",
            DecisionKind::NavalMove => "naval move",
            DecisionKind::SuePeace => "suing for peace",
            DecisionKind::Negotiation => "negotiation",
            DecisionKind::Deal => "deal",
            DecisionKind::Peace => "peace terms",
            DecisionKind::Ransom => "ransom",
            DecisionKind::DiplomaticCard => "diplomatic card",
            DecisionKind::Excommunication => "lifting excommunication",
            DecisionKind::LeaderReturn => "freed leader",
            DecisionKind::ReformationAttempts => "religious attempts",
            DecisionKind::JesuitUniversities => "Jesuit universities",
            DecisionKind::Debate => "theological debate",
            DecisionKind::DebateSecondRound => "debate second round",
            DecisionKind::Flips => "flips",
            DecisionKind::DietOfWorms => "Diet of Worms",
            DecisionKind::CouncilOfTrent => "Council of Trent",
            DecisionKind::CardEvent => "card event",
            DecisionKind::Voyage => "New World voyage",
            DecisionKind::Response => "response window",
            DecisionKind::Interception => "interception",
            DecisionKind::AvoidBattle => "avoid battle",
            DecisionKind::Withdraw => "withdrawal into fortifications",
            DecisionKind::MoveOn => "move on or return",
            DecisionKind::Sortie => "sortie",
            DecisionKind::CombatCards => "combat card window",
            DecisionKind::Losses => "losses",
            DecisionKind::Retreat => "retreat",
            DecisionKind::NavalInterception => "naval interception",
            DecisionKind::NavalAvoidBattle => "avoid naval battle",
            DecisionKind::NavalBattleOrder => "naval battle order",
            DecisionKind::NavalLosses => "naval losses",
            DecisionKind::NavalRetreat => "naval retreat",
            DecisionKind::Transport => "naval transport",
            DecisionKind::PiracyTarget => "piracy target",
            DecisionKind::PiracyHit => "piracy hit",
            DecisionKind::NavalWar => "naval war",
            DecisionKind::NotReady => "not ready",
            DecisionKind::GameOver => "game over",
        }
    }
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The pending decision: its kind, who decides, and what it is about. The
/// context fields are `None` where they do not apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Decision {
    /// What kind of decision.
    pub kind: DecisionKind,
    /// Who decides (`None` when the game is over or not ready).
    pub power: Option<Power>,
    /// The space it is about: a battle's, an assault's, a formation's origin.
    pub space: Option<Space>,
    /// The sea zone it is about.
    pub sea_zone: Option<SeaZone>,
    /// The other side: the enemy in a battle, the declarer, the winner of a peace.
    pub opponent: Option<Faction>,
    /// The card it is about.
    pub card: Option<Card>,
    /// The CP left to spend.
    pub cp: Option<u8>,
    /// The leader it is about.
    pub leader: Option<Leader>,
    /// The minor power it is about.
    pub minor: Option<MinorPower>,
    /// The language zone it is about.
    pub zone: Option<LanguageZone>,
    /// How many are left to do (flips, losses, attempts, hits, universities).
    pub left: Option<u8>,
    /// What the decider chooses, in words ("a combat card, or decline").
    pub prompt: &'static str,
    /// The power whose pieces the decision is about, when the decider acts
    /// for it (§24.3: a two-player invader commanded by a player).
    pub acting_for: Option<Power>,
    /// The deal being built or offered (§9.1), as the decider sees it:
    /// its terms read in English with [`Deal::describe`].
    pub deal: Option<Deal>,
}

impl Decision {
    fn new(kind: DecisionKind, power: Option<Power>, prompt: &'static str) -> Decision {
        Decision {
            kind,
            power,
            space: None,
            sea_zone: None,
            opponent: None,
            card: None,
            cp: None,
            leader: None,
            minor: None,
            zone: None,
            left: None,
            prompt,
            acting_for: None,
            deal: None,
        }
    }

    fn at(mut self, at: NavalLocation) -> Decision {
        match at {
            NavalLocation::Port(space) => self.space = Some(space),
            NavalLocation::Sea(zone) => self.sea_zone = Some(zone),
        }
        self
    }
}

impl fmt::Display for Decision {
    /// One line: "France, spend CP (3 CP left): an action to spend CP on, or done".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.power {
            Some(power) => write!(f, "{power}, {}", self.kind)?,
            None => write!(f, "{}", capitalized(self.kind.name()))?,
        }
        let mut parts: [Option<String>; 9] = Default::default();
        parts[0] = self.card.map(|c| format!("card {}", c.name()));
        parts[1] = self.space.map(|s| format!("at {}", s.name()));
        parts[2] = self.sea_zone.map(|z| format!("in the {}", z.name()));
        parts[3] = self.opponent.map(|o| format!("facing {}", o.name()));
        parts[4] = self.leader.map(|l| format!("leader {}", l.name()));
        parts[5] = self.zone.map(|z| format!("{} zone", z.name()));
        parts[6] = self.cp.map(|cp| format!("{cp} CP left"));
        parts[7] = self.left.map(|n| format!("{n} left"));
        parts[8] = self.minor.map(|m| format!("for {}", m.name()));
        let mut context = parts.iter().flatten();
        if let Some(first) = context.next() {
            write!(f, " ({first}")?;
            for part in context {
                write!(f, ", {part}")?;
            }
            f.write_str(")")?;
        }
        write!(f, ": {}", self.prompt)
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Minor units above this count are all of them (`ALL_MINORS` marks
/// "every unit of that minor").
const MINOR_CAP: u8 = 20;

/// What the decider has chosen so far ([`Game::selection`]), for the
/// observation's decision block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Selection {
    /// Land units of a formation, transport, interception, winter group.
    pub land: LandUnits,
    /// Ships of a naval move, interception or winter fleet.
    pub naval: NavalUnits,
    /// Leaders in it (a deal's: returned or loaned).
    pub leaders: EnumSet<Leader>,
    /// How many naval leaders move with the ships.
    pub naval_leaders: u8,
    /// Allied minors' units in it.
    pub minors: u8,
    /// Spaces already dealt with, or ceded and used by a deal.
    pub spaces: EnumSet<Space>,
    /// The debater committed to a series of attempts.
    pub debater: Option<Debater>,
    /// Where a multi-step decision stands (a card's step, an attempt's
    /// stage, a deal offered).
    pub stage: u8,
    /// The deal being built or offered.
    pub deal: Option<Deal>,
    /// Units a winter group must still lose.
    pub losing: u8,
    /// The place chosen: a naval interception's stack (ports
    /// by space, then sea zones), a land interception's origin, a winter
    /// group's destination.
    pub place: Option<usize>,
    /// The ships and naval leaders that moved in a naval move.
    pub moved: crate::frames::naval::MovedShips,
    /// Powers already asked or chosen: proposed to in a negotiation,
    /// declared on in a free declaration.
    pub powers: EnumSet<Power>,
    /// The stacks that tried a naval interception already.
    pub tried: Places,
    /// The choice a response window is about (Gout, #32, on a card's
    /// announced move).
    pub announced: Option<crate::action::Action>,
}

/// Ports and sea zones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Places {
    pub ports: EnumSet<Space>,
    pub seas: EnumSet<SeaZone>,
}

impl Places {
    fn insert_place(&mut self, at: NavalLocation) {
        match at {
            NavalLocation::Port(space) => {
                self.ports.insert(space);
            }
            NavalLocation::Sea(zone) => {
                self.seas.insert(zone);
            }
        }
    }
}

impl Selection {
    /// Where the terms of a peace stand (§9.3): the step, its spaces and
    /// leaders, and the space or item being dealt with.
    fn peace(&mut self, step: PeaceStep) {
        self.stage = match step {
            PeaceStep::HandBack { spaces } => {
                self.spaces = spaces;
                1
            }
            PeaceStep::RemoveUnits { left } => {
                self.losing = left;
                2
            }
            PeaceStep::RemoveKind { left, space } => {
                self.losing = left;
                self.place = Some(space.index());
                3
            }
            PeaceStep::Keys => 4,
            PeaceStep::Leaders => 5,
            PeaceStep::Spaces { first } => {
                self.place = first.map(Space::index);
                6
            }
            PeaceStep::Price { item } => {
                match item {
                    Regained::Key { space } => self.place = Some(space.index()),
                    Regained::Leader { leader } => {
                        self.leaders.insert(leader);
                    }
                    Regained::Spaces { first, second } => {
                        self.spaces.insert(first);
                        if let Some(second) = second {
                            self.spaces.insert(second);
                        }
                    }
                }
                7
            }
            PeaceStep::Vacate { spaces, keys } => {
                self.spaces = spaces;
                8 + u8::from(keys)
            }
            PeaceStep::Marriage { spaces, leaders } => {
                self.spaces = spaces;
                self.leaders = leaders;
                10
            }
        };
    }
}

impl Game {
    /// The pending decision: what kind, who decides, and its context (the
    /// space, the battle, the card, the CP left), with a `Display` line in
    /// English. When the game is over its kind is [`DecisionKind::GameOver`];
    /// on a position built with the editing API before
    /// [`Game::run_automatic`], [`DecisionKind::NotReady`].
    pub fn pending(&self) -> Decision {
        if self.outcome.is_some() {
            return Decision::new(DecisionKind::GameOver, None, "nothing: the game is over");
        }
        match self.stack.top() {
            Some(frame) => self.decision_at(frame),
            None => Decision::new(DecisionKind::NotReady, None, "nothing: run the automatic steps"),
        }
    }

    /// The CP left in the innermost `Spend` frame (a formation, a transport
    /// or an assault pays from it).
    fn cp_left(&self) -> Option<u8> {
        self.stack.frames().filter_map(|f| if let Frame::Spend { cp, .. } = f { Some(*cp) } else { None }).last()
    }

    /// The innermost land entry or assault below the top: its space and the
    /// side facing `power`.
    fn battle_context(&self, power: Power) -> (Option<Space>, Option<Faction>) {
        let driver = self.stack.frames().filter_map(|f| if let Frame::War(w) = f { Some(*w) } else { None }).fold(
            None,
            |found, war| match war {
                War::Entry(e) => Some((e.to, e.power)),
                War::Assault(a) => Some((a.space, a.power)),
                // Sack of Rome's battle is fought as if in Rome (#95).
                War::CardBattle(b) => b.space.map(|_| (Space::Rome, b.power)).or(found),
                _ => found,
            },
        );
        match driver {
            Some((space, attacker)) if attacker == power => (Some(space), Some(self.controller(space))),
            Some((space, attacker)) => (Some(space), Some(attacker.into())),
            None => (None, None),
        }
    }

    /// The decision at `frame`: the one place mapping frames to decisions
    /// (a new frame variant is one more arm).
    fn decision_at(&self, frame: &Frame) -> Decision {
        use DecisionKind as K;
        let power = frame.decider();
        let seated = self.seated(power);
        let d = Decision {
            acting_for: (seated != power).then_some(power),
            ..Decision::new(K::Impulse, Some(seated), frame.prompt())
        };
        let kind = |kind: DecisionKind| Decision { kind, ..d };
        match *frame {
            Frame::Impulse { .. } => kind(K::Impulse),
            Frame::Spend { cp, limit, .. } => Decision { cp: Some(cp), card: limit, ..kind(K::SpendCp) },
            Frame::Formation { from, .. } => Decision { space: Some(from), cp: self.cp_left(), ..kind(K::Formation) },
            Frame::Deployment { .. } => kind(K::SpringDeployment),
            Frame::DeployFormation { from, .. } => Decision { space: Some(from), ..kind(K::DeployFormation) },
            Frame::Declarations { .. } => kind(K::DeclarationsOfWar),
            Frame::Intervention { minor, declarer, .. } => {
                Decision { opponent: Some(declarer.into()), minor: Some(minor), ..kind(K::Intervention) }
            }
            Frame::FreeDeclaration { activator, .. } => {
                Decision { opponent: Some(activator.into()), ..kind(K::FreeDeclaration) }
            }
            Frame::Displacement { activator, declarer, .. } => {
                let other = if power == activator { declarer } else { activator };
                Decision { opponent: Some(other.into()), ..kind(K::Displacement) }
            }
            Frame::WarPayment { owed, .. } => Decision { left: Some(owed[power.index()]), ..kind(K::WarPayment) },
            Frame::Arrival { leader, .. } => Decision { leader: Some(leader), ..kind(K::LeaderArrival) },
            Frame::WinterNaval { from, .. } => kind(K::WinterNaval).at(from),
            Frame::WinterLand { space, .. } => Decision { space: Some(space), ..kind(K::WinterReturn) },
            Frame::NavalMove { from, .. } => from.map_or(kind(K::NavalMove), |from| kind(K::NavalMove).at(from)),
            Frame::Negotiation { .. } => kind(K::Negotiation),
            Frame::Deal { deal, .. } => {
                let other = if power == deal.proposer { deal.recipient } else { deal.proposer };
                Decision { opponent: Some(other.into()), deal: Some(deal), ..kind(K::Deal) }
            }
            Frame::DealDisplacement { .. } => kind(K::Displacement),
            Frame::TieChoice { tie, .. } => Decision { minor: tie.minor(), ..kind(K::Displacement) },
            Frame::DealMercenaries { count, .. } => Decision { left: Some(count), ..kind(K::Deal) },
            Frame::LoanPort { .. } => kind(K::Deal),
            Frame::SuePeace { .. } => kind(K::SuePeace),
            Frame::Peace { loser, winner, .. } => {
                let other = if power == winner { loser } else { winner };
                Decision { opponent: Some(other.into()), ..kind(K::Peace) }
            }
            Frame::Ransom { .. } => kind(K::Ransom),
            Frame::DiplomaticPlay { .. } => kind(K::DiplomaticCard),
            Frame::Excommunication { .. } => kind(K::Excommunication),
            Frame::LeaderReturn { leader, .. } => Decision { leader: Some(leader), ..kind(K::LeaderReturn) },
            Frame::Attempts { series } => {
                let target = if let Stage::Roll(target) = series.stage { Some(target) } else { None };
                Decision { zone: series.zone, left: Some(series.left), space: target, ..kind(K::ReformationAttempts) }
            }
            Frame::Universities { left } => Decision { left: Some(left), ..kind(K::JesuitUniversities) },
            Frame::DebateDefender { zone, .. } => Decision { zone: Some(zone), ..kind(K::Debate) },
            Frame::DebateSecondRound { zone, .. } => Decision { zone: Some(zone), ..kind(K::DebateSecondRound) },
            Frame::DebateLuther { zone, .. } => {
                Decision { zone: Some(zone), card: Some(Card::HereIStand), ..kind(K::CardEvent) }
            }
            Frame::Flips { count, zone, .. } => Decision { zone, left: Some(count), ..kind(K::Flips) },
            Frame::DietOfWorms { .. } => kind(K::DietOfWorms),
            Frame::CouncilOfTrent { .. } => Decision { card: Some(Card::CouncilOfTrent), ..kind(K::CouncilOfTrent) },
            Frame::PlaceLeader { leader, .. } => Decision { leader: Some(leader), ..kind(K::CardEvent) },
            Frame::NavalCombat { .. } => kind(K::NavalWar),
            Frame::Interception { active, zone, .. } => {
                Decision { sea_zone: Some(zone), opponent: Some(active.into()), ..kind(K::NavalInterception) }
            }
            Frame::AvoidBattle { zone, .. } => Decision { sea_zone: Some(zone), ..kind(K::NavalAvoidBattle) },
            Frame::BattleOrder { .. } => kind(K::NavalBattleOrder),
            Frame::CombatCards { at, .. } => kind(K::CombatCards).at(at),
            Frame::NavalLosses { at, squadrons, .. } => {
                Decision { left: Some(squadrons), ..kind(K::NavalLosses) }.at(at)
            }
            Frame::NavalRetreat { from, .. } => kind(K::NavalRetreat).at(from),
            Frame::Transport { from, at, .. } => {
                Decision { space: Some(from), sea_zone: at, cp: self.cp_left(), ..kind(K::Transport) }
            }
            Frame::PiracyTarget { zone, .. } => Decision { sea_zone: Some(zone), ..kind(K::PiracyTarget) },
            Frame::PiracyHit { zone, hits, .. } => Decision {
                sea_zone: Some(zone),
                left: Some(hits),
                opponent: Some(Power::Ottoman.into()),
                ..kind(K::PiracyHit)
            },
            Frame::War(war) => self.war_decision(war, kind(K::CombatCards)),
            Frame::Discard { .. } => Decision { card: Some(Card::PatronOfTheArts), ..kind(K::CardEvent) },
            Frame::Voyage { .. } => kind(K::Voyage),
            Frame::Event(step) => Decision {
                card: Some(step.card),
                space: step.space,
                opponent: step.target.map(Faction::from),
                left: (step.left > 0).then_some(step.left),
                ..kind(K::CardEvent)
            },
            Frame::Response(window) => Self::window_context(window, kind(K::Response)),
        }
    }

    /// A response window (§6.1): the acting power, and what it announced:
    /// the space a formation moves to, the space assaulted, the sea zone
    /// pirated, the port a transport leaves, the card played as an event.
    fn window_context(window: Window, d: Decision) -> Decision {
        let d = Decision { opponent: Some(window.actor.into()), ..d };
        match window.moment {
            Moment::Move { to, .. } => Decision { space: Some(to), ..d },
            Moment::Assault { space } | Moment::Transport { from: space } => Decision { space: Some(space), ..d },
            Moment::Piracy { zone } => Decision { sea_zone: Some(zone), ..d },
            Moment::Event { card } => Decision { card: Some(card), ..d },
            Moment::Choice { step, .. } => Decision { card: Some(step.card), ..d },
            Moment::NavalMove | Moment::Impulse | Moment::NavalRoll { .. } => d,
        }
    }

    /// What the decider has chosen so far in the pending decision: the
    /// units and leaders of a formation, a transport, a winter group or a
    /// naval move, and the spaces already dealt with (winter returns,
    /// abandoned as origins, displaced from). Empty for other decisions.
    pub(crate) fn selection(&self) -> Selection {
        let mut chosen = Selection::default();
        let minors = |m: &crate::rules::battle::MinorUnits| m.iter().map(|&n| n.min(MINOR_CAP)).sum::<u8>();
        match self.stack.top() {
            Some(
                Frame::Formation { units, leaders, minors: m, .. }
                | Frame::DeployFormation { units, leaders, minors: m, .. }
                | Frame::Transport { units, leaders, minors: m, .. }
                | Frame::War(War::Avoid { units, leaders, minors: m, .. }),
            ) => {
                chosen.land = *units;
                chosen.leaders = *leaders;
                chosen.minors = minors(m);
            }
            Some(Frame::WinterLand { done, sent_to, group, .. }) => {
                chosen.land = group.units;
                chosen.losing = group.losing;
                chosen.place = group.to.map(Space::index);
                chosen.spaces = done.union(*sent_to);
            }
            Some(Frame::WinterNaval { group, .. }) => chosen.naval = group.ships,
            Some(Frame::NavalMove { fleet, leaders, moved, .. }) => {
                chosen.naval = fleet.own;
                chosen.minors = fleet.allied.iter().sum();
                chosen.naval_leaders = *leaders;
                chosen.moved = *moved;
                chosen.leaders = moved.leaders();
            }
            Some(Frame::Interception { fleet, leaders, from, zone, tried, .. }) => {
                chosen.naval = fleet.own;
                chosen.minors = fleet.allied.iter().sum();
                chosen.naval_leaders = *leaders;
                chosen.place = from.map(NavalLocation::place_index);
                let around = crate::rules::naval::neighbours(NavalLocation::Sea(*zone));
                for (i, &at) in around.iter().enumerate() {
                    if i < 32 && tried & (1 << i) != 0 {
                        chosen.tried.insert_place(at);
                    }
                }
            }
            Some(Frame::Peace { step, .. }) => chosen.peace(*step),
            Some(Frame::CombatCards { .. } | Frame::War(War::CombatCards { .. })) => {
                chosen.stage = self.window_battle().map_or(0, |b| 1 + 2 * b.kind as u8 + u8::from(b.after_roll));
            }
            Some(Frame::Response(window)) => {
                chosen.stage = window.moment.code();
                if let Moment::Choice { action, .. } = window.moment {
                    chosen.announced = Some(action);
                }
            }
            Some(Frame::Negotiation { proposed, .. }) => chosen.powers = *proposed,
            Some(Frame::FreeDeclaration { declared, .. }) => chosen.powers = *declared,
            Some(Frame::Spend { abandoned, .. }) => chosen.spaces = *abandoned,
            Some(Frame::Displacement { spaces, .. } | Frame::DealDisplacement { spaces, .. }) => {
                chosen.spaces = *spaces
            }
            Some(Frame::PlaceLeader { spaces, .. }) => chosen.spaces = *spaces,
            Some(Frame::TieChoice { picks, .. }) => chosen.spaces = picks.iter().flatten().copied().collect(),
            Some(Frame::War(War::Retreat { garrison, kind, .. })) => {
                // The units and leaders chosen to stay inside (§14.1,
                // §15.2); a relief force's room and survivors.
                chosen.land = garrison.units;
                chosen.leaders = garrison.leaders;
                chosen.minors = garrison.minors.iter().map(|&n| n.min(MINOR_CAP)).sum();
                if let RetreatKind::ReliefBack { room, pool, .. } = kind {
                    chosen.stage = *room;
                    chosen.losing = pool.total();
                }
            }
            Some(Frame::War(War::Intercept { units, leaders, minors: m, from, .. })) => {
                chosen.place = Some(from.index());
                chosen.land = *units;
                chosen.leaders = *leaders;
                chosen.minors = minors(m);
            }
            Some(Frame::Attempts { series }) => {
                chosen.debater = series.debater;
                chosen.stage = match series.stage {
                    Stage::Opening => 0,
                    Stage::Choose => 1,
                    Stage::Roll(_) => 2,
                };
            }
            Some(Frame::Event(step)) => {
                // The card's step, and the yes/no it keeps between steps
                // (Holy Roman Emperor, #2: the Duke of Alva taken along).
                chosen.stage = step.step.saturating_mul(2).saturating_add(u8::from(step.flag));
                chosen.spaces = step.used.iter().flatten().copied().collect();
            }
            Some(Frame::Deal { deal, stage }) => {
                chosen.stage = if *stage == DealStage::Offered { 1 } else { 0 };
                chosen.deal = Some(*deal);
                chosen.leaders = deal.leaders.union(deal.lent_leaders);
                chosen.spaces = deal.ceded;
            }
            _ => {}
        }
        chosen
    }

    /// A land-war decision (§13-§15): its kind, the battle's space and the other side.
    fn war_decision(&self, war: War, d: Decision) -> Decision {
        use DecisionKind as K;
        let (space, opponent) = self.battle_context(war.decider());
        let d = Decision { space, opponent, ..d };
        match war {
            War::Entry(_) | War::Assault(_) | War::CardBattle(_) => Decision { kind: K::NotReady, ..d },
            War::Intercept { .. } => Decision { kind: K::Interception, ..d },
            War::Avoid { .. } => Decision { kind: K::AvoidBattle, ..d },
            War::Withdraw { .. } => Decision { kind: K::Withdraw, ..d },
            War::Onward { .. } => Decision { kind: K::MoveOn, cp: self.cp_left(), ..d },
            War::Sortie { .. } => Decision { kind: K::Sortie, ..d },
            War::CombatCards { .. } => Decision { kind: K::CombatCards, ..d },
            War::Losses { space, left, .. } => Decision { kind: K::Losses, space: Some(space), left: Some(left), ..d },
            War::Retreat { space, .. } => Decision { kind: K::Retreat, space: Some(space), ..d },
        }
    }
}
