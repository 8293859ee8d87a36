//! Why an action is refused (issue #34 item 7): [`Game::why_illegal`]
//! names the reason an action is not legal now, [`Refusal`], and
//! [`Game::apply`]'s [`IllegalAction::NotLegal`](crate::IllegalAction)
//! carries it.
//!
//! The answer is `None` exactly when [`Game::is_legal`] says legal: the
//! legality check decides, and only then are the rules' own predicates
//! asked, in a fixed order, which of them the action fails. A reason that
//! none of them names is [`Refusal::NotListed`]. Nothing here changes what
//! is legal.

use thiserror::Error;

use crate::action::Action;
use crate::decision::DecisionKind;
use crate::engine::{ActionList, Decider};
use crate::frames::Frame;
use crate::frames::impulse::cost;
use crate::frames::movement::move_cost;
use crate::frames::reformation::cost as religious_cost;
use crate::game::{Game, NavalLocation};
use crate::rules::{battle, loc};
use crate::types::{Card, CardKind, Faction, Power, Space};

/// Why an action is not legal now ([`Game::why_illegal`]). New reasons may
/// be added (the enum is `non_exhaustive`); every one holds `Copy` data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The game is over: nobody decides.
    #[error("the game is over")]
    GameOver,
    /// Nobody decides now: automatic steps are pending ([`Game::run_automatic`]).
    #[error("nobody decides now: run the automatic steps")]
    NotReady,
    /// Another power decides now ([`Game::why_illegal_by`]).
    #[error("{decider} decides now")]
    NotYourDecision {
        /// The power that decides now.
        decider: Power,
    },
    /// No action of this kind is open at this step of the decision.
    #[error("no action of that kind is open now (pending: {wanted})")]
    WrongKind {
        /// The kind of decision pending.
        wanted: DecisionKind,
    },
    /// The action costs more CP than are left (§11.2).
    #[error("it costs {cost} CP and {left} CP are left")]
    NotEnoughCp {
        /// What the action costs.
        cost: u8,
        /// The CP left to spend.
        left: u8,
    },
    /// The card is not in the deciding power's hand.
    #[error("{card} is not in the hand")]
    CardNotInHand {
        /// The card named.
        card: Card,
    },
    /// The card is never played for CP: a mandatory event or a diplomacy
    /// card (§6.1, §24.3).
    #[error("{card} is not played for CP")]
    NotForCp {
        /// The card named.
        card: Card,
    },
    /// The event was already played this turn (§6.1).
    #[error("the event of {card} was played this turn")]
    EventPlayedThisTurn {
        /// The card named.
        card: Card,
    },
    /// The event's condition is not met (its card face, §6.1).
    #[error("the condition of {card}'s event is not met")]
    EventConditionNotMet {
        /// The card named.
        card: Card,
    },
    /// The power may not pass (§11.1): it holds its home card, a
    /// mandatory event, or more cards than its ruler's administrative rating.
    #[error("it may not pass: it holds its home card, a mandatory event or more cards than its ruler's admin rating")]
    MayNotPass,
    /// No line of communication reaches the space (§12.1).
    #[error("no line of communication reaches {space}")]
    NoLineOfCommunication {
        /// The space named.
        space: Space,
    },
    /// The formation's destination is not adjacent to where it stands (§13.1).
    #[error("{to} is not adjacent to {from}")]
    NotAdjacent {
        /// Where the formation stands.
        from: Space,
        /// The space named.
        to: Space,
    },
    /// No connection joins the ships' place to the one named (§16.1, §16.3).
    #[error("no connection joins {from} to {to}")]
    NoConnection {
        /// Where the ships are.
        from: NavalLocation,
        /// Where the action would take them.
        to: NavalLocation,
    },
    /// The space does not qualify for the action.
    #[error("{space} does not qualify: {reason}")]
    Ineligible {
        /// The space named.
        space: Space,
        /// Why not.
        reason: Ineligible,
    },
    /// None of the reasons above: the action is not among the legal ones
    /// for the decision at hand.
    #[error("not among the legal actions: the decision is {prompt}")]
    NotListed {
        /// What the decision at hand is about.
        prompt: &'static str,
    },
}

/// Why a space does not qualify for an action ([`Refusal::Ineligible`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Ineligible {
    /// The space is not in play (§2.3).
    #[error("it is not in play")]
    NotInPlay,
    /// The space is fortified: it is taken by siege, not by the control action (§12.2).
    #[error("it is fortified")]
    Fortified,
    /// The power, a friend or a power it is at peace with controls it (§12.2).
    #[error("it is not controlled by an enemy or an independent")]
    NotEnemyControlled,
    /// Land units of a power not friendly to the actor stand in it (§12.2, §17).
    #[error("unfriendly land units stand in it")]
    UnfriendlyUnits,
    /// The power's land units neither occupy it nor stand next to it
    /// (across no pass) with no enemy units next to it (§12.2, §12.4).
    #[error("the power's land units neither occupy it nor dominate it")]
    NotOccupiedOrAdjacent,
    /// Units are built only in the builder's home spaces (§17).
    #[error("it is not a home space of the power or an allied minor")]
    NotHome,
    /// Units are built only in a space the power or the builder controls (§17).
    #[error("the power does not control it")]
    NotControlled,
    /// The space is in unrest (§12.4, §17).
    #[error("it is in unrest")]
    InUnrest,
    /// The space is not in unrest (§12.4).
    #[error("it is not in unrest")]
    NoUnrest,
    /// The space is no port (§16, §17).
    #[error("it is not a port")]
    NotAPort,
    /// The power has no land units or army leaders there (§13.1).
    #[error("the power has no units or leaders there")]
    NoUnits,
    /// The power's units there are besieged (§15).
    #[error("the power's units there are besieged")]
    Besieged,
    /// A formation may not enter it (§13.1: peace, an electorate, a siege).
    #[error("the formation may not enter it")]
    MayNotEnter,
}

impl Game {
    /// Why `action` is not legal now, or `None` if it is: `None` exactly
    /// when [`Game::is_legal`] is `true`. The reasons are the common ones
    /// ([`Refusal`]); any other is [`Refusal::NotListed`] with the pending
    /// decision's prompt. [`Game::apply`] refuses with the same reason.
    ///
    /// ```
    /// use here_i_stand::{Action, Card, Game, Refusal, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let legal = game.legal_actions()[0];
    /// assert_eq!(game.why_illegal(legal), None);
    /// // The game opens with Luther's 95 Theses: no card is played yet.
    /// let refusal = game.why_illegal(Action::Pass).unwrap();
    /// assert!(matches!(refusal, Refusal::WrongKind { .. }));
    /// println!("{refusal}"); // one line of English
    /// ```
    pub fn why_illegal(&self, action: Action) -> Option<Refusal> {
        if self.outcome().is_some() {
            return Some(Refusal::GameOver);
        }
        let Some(&frame) = self.stack.top() else {
            return Some(Refusal::NotReady);
        };
        if self.is_legal(&action) {
            return None;
        }
        Some(self.refusal_at(frame, action))
    }

    /// As [`Game::why_illegal`], for `power` claiming the decision:
    /// [`Refusal::NotYourDecision`] if another power decides now.
    pub fn why_illegal_by(&self, power: Power, action: Action) -> Option<Refusal> {
        match self.decider() {
            Decider::Power(decider) if decider != power => Some(Refusal::NotYourDecision { decider }),
            _ => self.why_illegal(action),
        }
    }

    /// The CP `action` costs when CP are being spent now (§11.2): its
    /// printed cost, for the actions whose price is fixed before they begin
    /// (raising, building, control, assault, debates, treatises, the New
    /// World...). `None` for a move (1 CP, or 2 over a pass: §12.4),
    /// whose price its path sets, for the other actions, and when no CP
    /// are being spent.
    ///
    /// ```
    /// use here_i_stand::{Action, Game, Scenario, Setup, Space};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// // The game opens with Luther's 95 Theses: no CP are being spent.
    /// assert_eq!(game.spend_cost(Action::RaiseRegular(Space::Paris)), None);
    /// ```
    pub fn spend_cost(&self, action: Action) -> Option<u8> {
        match self.stack.top() {
            Some(&Frame::Spend { power, .. }) => spend_cost(self, power, action),
            _ => None,
        }
    }

    /// The reason an action not legal at `frame` is refused.
    fn refusal_at(&self, frame: Frame, action: Action) -> Refusal {
        let specific = match frame {
            Frame::Impulse { power } => impulse_refusal(self, power, action),
            Frame::Spend { power, cp, .. } => spend_refusal(self, power, cp, action),
            Frame::Formation { power, from, units, minors, .. } => {
                let with_units = !units.is_empty() || battle::minor_total(&minors) > 0;
                formation_refusal(self, power, from, with_units, action)
            }
            Frame::NavalMove { from: Some(from), .. } => naval_refusal(from, action),
            Frame::Transport { from, at, .. } => {
                naval_refusal(at.map_or(NavalLocation::Port(from), NavalLocation::Sea), action)
            }
            _ => None,
        };
        specific
            .or_else(|| hand_refusal(self, frame, action))
            .or_else(|| self.kind_refusal(action))
            .unwrap_or(Refusal::NotListed { prompt: frame.prompt() })
    }

    /// [`Refusal::WrongKind`] when no legal action now is of `action`'s kind.
    fn kind_refusal(&self, action: Action) -> Option<Refusal> {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        let kind = core::mem::discriminant(&action);
        let open = list.iter().any(|a| core::mem::discriminant(a) == kind);
        (!open).then(|| Refusal::WrongKind { wanted: self.pending().kind })
    }
}

/// The card a card-playing action names, if the card comes from the hand.
fn hand_card(frame: Frame, action: Action) -> Option<Card> {
    match action {
        Action::PlayCp(card) | Action::PayWith(card) | Action::Discard(card) | Action::GiveCard(card) => Some(card),
        // A diplomatic card's own step may play a card from elsewhere (#215).
        Action::PlayEvent(card) if !matches!(frame, Frame::Event(_) | Frame::DiplomaticPlay { .. }) => Some(card),
        _ => None,
    }
}

/// [`Refusal::CardNotInHand`] when the card named is in neither the
/// deciding power's hand nor that of the player who holds its cards (§24.3).
fn hand_refusal(game: &Game, frame: Frame, action: Action) -> Option<Refusal> {
    let card = hand_card(frame, action)?;
    let power = frame.decider();
    let held = game.hand(power).contains(card) || game.hand(game.seated(power)).contains(card);
    (!held).then_some(Refusal::CardNotInHand { card })
}

/// At an impulse (§11.1, §6.1): the card's place, its kind, its event's
/// condition; passing.
fn impulse_refusal(game: &Game, power: Power, action: Action) -> Option<Refusal> {
    match action {
        Action::PlayCp(card) | Action::PlayEvent(card) if !game.hand(power).contains(card) => {
            Some(Refusal::CardNotInHand { card })
        }
        Action::PlayCp(card) if matches!(card.kind(), CardKind::Mandatory | CardKind::Diplomacy) => {
            Some(Refusal::NotForCp { card })
        }
        Action::PlayEvent(card) if game.event_played_this_turn(card) => Some(Refusal::EventPlayedThisTurn { card }),
        Action::PlayEvent(card) if !crate::rules::events::event_condition(game, power, card) => {
            Some(Refusal::EventConditionNotMet { card })
        }
        Action::Pass if !game.may_pass(power) => Some(Refusal::MayNotPass),
        _ => None,
    }
}

/// The printed CP cost of a spend action, where it is fixed (§11.2).
fn spend_cost(game: &Game, power: Power, action: Action) -> Option<u8> {
    use crate::rules::new_world as nw;
    Some(match action {
        Action::Control(_) | Action::RemoveUnrest(_) => cost::CONTROL,
        Action::RaiseRegular(_) => cost::RAISE_REGULAR,
        Action::BuyMercenary(_) => cost::BUY_MERCENARY,
        Action::RaiseCavalry(_) => cost::RAISE_CAVALRY,
        Action::BuildSquadron(_) => cost::BUILD_SQUADRON,
        Action::BuildCorsair(_) => cost::BUILD_CORSAIR,
        Action::CallDebate(_) => crate::rules::debate::DEBATE_CP,
        Action::Piracy(_) => crate::rules::piracy::PIRACY_COST,
        // Roxelana (#42): the Ottoman's free assault.
        Action::Assault(space) if !battle::roxelana_assault(game, power, space) => crate::frames::siege::ASSAULT_CP,
        Action::TransportFrom(_) => crate::rules::naval_war::TRANSPORT_MIN_CP,
        Action::PublishTreatise(_) => game.treatise_cost(power),
        Action::TranslateScripture(_) => religious_cost::TRANSLATE,
        Action::BurnBooks(_) => religious_cost::BURN_BOOKS,
        Action::BuildStPeters => religious_cost::ST_PETERS,
        Action::FoundUniversity => religious_cost::UNIVERSITY,
        Action::Colonize => nw::colonize_cost(power),
        Action::Explore => nw::EXPLORE_COST,
        Action::Conquer => nw::CONQUER_COST,
        Action::FightForeignWar(_) => crate::rules::foreign_war::FIGHT_COST,
        _ => return None,
    })
}

/// Spending CP (§11.2): the cost, then the space.
fn spend_refusal(game: &Game, power: Power, cp: u8, action: Action) -> Option<Refusal> {
    if let Some(cost) = spend_cost(game, power, action).filter(|&c| c > cp) {
        return Some(Refusal::NotEnoughCp { cost, left: cp });
    }
    let ineligible = |space, reason| Some(Refusal::Ineligible { space, reason });
    match action {
        Action::Control(space) => control_refusal(game, power, space),
        Action::RemoveUnrest(space) if !game.in_unrest(space) => ineligible(space, Ineligible::NoUnrest),
        Action::RemoveUnrest(space) if !loc::occupies_or_dominates(game, power, space) => {
            ineligible(space, Ineligible::NotOccupiedOrAdjacent)
        }
        Action::BuildSquadron(space) | Action::BuildCorsair(space) if !space.is_port() => {
            ineligible(space, Ineligible::NotAPort)
        }
        Action::RaiseRegular(space)
        | Action::BuyMercenary(space)
        | Action::RaiseCavalry(space)
        | Action::BuildSquadron(space) => build_refusal(game, power, space),
        Action::MoveFrom(from) => move_from_refusal(game, power, cp, from),
        _ => None,
    }
}

/// The control action (§12.2), in the order of `loc::can_control`'s tests.
fn control_refusal(game: &Game, power: Power, space: Space) -> Option<Refusal> {
    let controller = game.controller(space);
    let reason = if !game.in_play(space) {
        Ineligible::NotInPlay
    } else if game.is_fortified(space) {
        Ineligible::Fortified
    } else if controller != Faction::Independent && !game.is_enemy(power, controller) {
        Ineligible::NotEnemyControlled
    } else if game.land_units_in(space).any(|(f, units, _)| !units.is_empty() && !game.is_friendly(power, f)) {
        Ineligible::UnfriendlyUnits
    } else if !loc::occupies_or_dominates(game, power, space) {
        Ineligible::NotOccupiedOrAdjacent
    } else if !loc::has_loc(game, power, space) {
        return Some(Refusal::NoLineOfCommunication { space });
    } else {
        return None;
    };
    Some(Refusal::Ineligible { space, reason })
}

/// Raising and building (§17), in the order of `construction`'s tests.
fn build_refusal(game: &Game, power: Power, space: Space) -> Option<Refusal> {
    let reason = match game.builder_faction(power, space) {
        None => Ineligible::NotHome,
        Some(_) if !game.in_play(space) => Ineligible::NotInPlay,
        Some(f) if game.controller(space) != Faction::from(power) && game.controller(space) != f => {
            Ineligible::NotControlled
        }
        Some(_) if game.in_unrest(space) => Ineligible::InUnrest,
        Some(_) if game.enemy_spaces(power).contains(space) => Ineligible::UnfriendlyUnits,
        Some(f) if game.is_besieged(space, f) => Ineligible::Besieged,
        Some(_) => return None,
    };
    Some(Refusal::Ineligible { space, reason })
}

/// The origin of a move (§13.1): units or leaders there, free, and a step
/// within the CP left.
fn move_from_refusal(game: &Game, power: Power, cp: u8, from: Space) -> Option<Refusal> {
    let factions = game.own_factions(power);
    let own = Faction::from(power);
    let stacks = || game.land_units_in(from).filter(move |&(f, units, _)| factions.contains(f) && !units.is_empty());
    let (units, free) = (stacks().next().is_some(), stacks().any(|(.., besieged)| !besieged));
    let leaders = game.army_leaders_at(from, own).next().is_some();
    let reason = if !units && !leaders {
        Ineligible::NoUnits
    } else if !free && (game.is_besieged(from, own) || !leaders) {
        Ineligible::Besieged
    } else {
        let cheapest = from.land_neighbours().map(|to| move_cost(from, to)).min()?;
        return (cheapest > cp).then_some(Refusal::NotEnoughCp { cost: cheapest, left: cp });
    };
    Some(Refusal::Ineligible { space: from, reason })
}

/// A formation's step (§13.1, §11.2): adjacency, its CP, entry.
fn formation_refusal(game: &Game, power: Power, from: Space, with_units: bool, action: Action) -> Option<Refusal> {
    let Action::MoveTo(to) = action else { return None };
    if !from.is_adjacent(to) {
        return Some(Refusal::NotAdjacent { from, to });
    }
    let (cost, left) = (move_cost(from, to), game.spend_cp_below_top());
    if cost > left {
        return Some(Refusal::NotEnoughCp { cost, left });
    }
    (!battle::may_enter(game, power, to, with_units))
        .then_some(Refusal::Ineligible { space: to, reason: Ineligible::MayNotEnter })
}

/// Whether ships at `from` may sail to `to` in one step (§16.1): a port
/// to one of its sea zones, a sea zone to an adjacent one or to one of its ports.
fn connected(from: NavalLocation, to: NavalLocation) -> bool {
    match (from, to) {
        (NavalLocation::Port(port), NavalLocation::Sea(zone)) => port.ports().contains(&zone),
        (NavalLocation::Sea(zone), NavalLocation::Sea(next)) => zone.adjacent().contains(&next),
        (NavalLocation::Sea(zone), NavalLocation::Port(port)) => zone.ports().contains(&port),
        (NavalLocation::Port(_), NavalLocation::Port(_)) => false,
    }
}

/// A naval move's or a transport's step from `from` (§16.1, §16.3).
fn naval_refusal(from: NavalLocation, action: Action) -> Option<Refusal> {
    let to = match action {
        Action::NavalToPort(space) => NavalLocation::Port(space),
        Action::NavalToSea(zone) => NavalLocation::Sea(zone),
        _ => return None,
    };
    (!connected(from, to)).then_some(Refusal::NoConnection { from, to })
}
