//! The log that keeps secrets (issue #33): what a power's player may see
//! of each action taken ([`Game::action_seen_by`]) and of each event
//! logged ([`Event::seen_by`]). [`Action::describe`] and the events'
//! `Display` are the whole truth; these are what a client shows each
//! player of what the others did.
//!
//! The ground truth is the observation ([`Game::observation`]): nothing a
//! view shows names a card that the viewer's observation, taken before the
//! step or after it, does not know; and a choice the rules keep secret
//! (the Diet of Worms picks, §18.1) stays secret even from a viewer that
//! knows the hand it was picked from.

use crate::action::Action;
use crate::engine::Decider;
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::negotiation::DealStage;
use crate::game::Game;
use crate::players::Players;
use crate::sets::EnumSet;
use crate::types::{Card, Power};

/// What a viewer sees of an action another power's player takes: the
/// action itself, or that a secret choice was made ([`Game::action_seen_by`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SeenAction {
    /// The action as it was taken.
    Open(Action),
    /// A card picked in secret for the Diet of Worms (§18.1 step 1): all
    /// the picks are revealed together by [`Event::DietOfWorms`].
    DietPick,
    /// A card of the hand chosen to give to another power (Lady Jane Grey
    /// #59, Diplomatic Overture #74, Diplomatic Pressure #205): only the
    /// giver and the receiver learn which.
    CardToGive,
    /// A term added to a deal being built, which only its proposer sees
    /// until it is offered, and only the two parties until it is accepted
    /// (§9.1).
    DealTerm,
}

impl SeenAction {
    /// The action, if the viewer sees it.
    pub fn action(self) -> Option<Action> {
        match self {
            SeenAction::Open(action) => Some(action),
            _ => None,
        }
    }

    /// The action in English as the viewer sees it: [`Action::describe`]
    /// of an open action, "pick a card for the Diet of Worms" for a
    /// secret pick.
    pub fn describe(self) -> String {
        match self {
            SeenAction::Open(action) => action.describe(),
            SeenAction::DietPick => "pick a card for the Diet of Worms".into(),
            SeenAction::CardToGive => "choose a card to give".into(),
            SeenAction::DealTerm => "add a term to the deal".into(),
        }
    }
}

impl Game {
    /// What `viewer` may see of `action`, taken now by the power that must
    /// decide: ask before [`Game::apply`]. The decider's own player (§3.1:
    /// a player sees what all its powers see) sees every action open;
    /// another sees a secret choice as such: the Diet of Worms picks until
    /// they are revealed (§18.1), a card given from the hand (#59, #74,
    /// #205) unless it receives it, a deal's terms until it may see the
    /// deal (§9.1). Every other action is open: a card played, paid,
    /// discarded or taken from the discard pile is shown face up by the
    /// rules.
    ///
    /// ```
    /// use here_i_stand::{Action, Card, Game, Phase, Power, Scenario, SeenAction, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 1).with_fast_play(true));
    /// game.set_phase(Phase::DietOfWorms)?;
    /// game.give_card(Power::Papacy, Card::VenetianInformant)?;
    /// game.give_card(Power::Protestant, Card::AMightyFortress)?;
    /// game.put_card_in_deck(Card::MasterOfItaly)?;
    /// game.run_automatic();
    /// assert_eq!(game.decider(), here_i_stand::Decider::Power(Power::Papacy));
    /// let pick = Action::PlayCp(Card::VenetianInformant);
    /// assert_eq!(game.action_seen_by(Power::Protestant, pick), SeenAction::DietPick);
    /// assert_eq!(game.describe_action_for(Power::Protestant, pick), "pick a card for the Diet of Worms");
    /// assert_eq!(game.action_seen_by(Power::Papacy, pick), SeenAction::Open(pick));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn action_seen_by(&self, viewer: Power, action: Action) -> SeenAction {
        let Decider::Power(actor) = self.decider() else {
            return SeenAction::Open(action);
        };
        if self.sees_hand_of(viewer, actor) {
            return SeenAction::Open(action);
        }
        match (self.stack.top(), action) {
            (Some(Frame::DietOfWorms { .. }), Action::PlayCp(_)) => SeenAction::DietPick,
            (Some(Frame::Event(step)), Action::GiveCard(_)) => {
                let receiver = match step.card {
                    Card::DiplomaticOverture => step.target,
                    Card::DipDiplomaticPressure => Some(crate::rules::debate::opponent(actor)),
                    // #59: the recipient is named after the card (CA2).
                    _ => None,
                };
                match receiver {
                    Some(to) if self.sees_hand_of(viewer, to) => SeenAction::Open(action),
                    _ => SeenAction::CardToGive,
                }
            }
            (Some(Frame::Deal { stage: DealStage::Building, .. }), Action::Decline | Action::Offer) => {
                SeenAction::Open(action)
            }
            (Some(Frame::Deal { stage: DealStage::Building, .. }), _) => SeenAction::DealTerm,
            _ => SeenAction::Open(action),
        }
    }

    /// [`Game::action_seen_by`] in English: what a client prints for
    /// `viewer` of the decider's `action` (ask before [`Game::apply`]).
    pub fn describe_action_for(&self, viewer: Power, action: Action) -> String {
        self.action_seen_by(viewer, action).describe()
    }
}

impl Event {
    /// What `viewer`'s player (`players`: [`Game::players`]) may see of
    /// this event: a card drawn from another hand ([`Event::CardDrawn`],
    /// §9.3-§9.5 and the card events that take cards) is a card, not its
    /// name (`card: None`), unless the player holds the drawer or the hand
    /// drawn from. Every other event is public as it is: the events that
    /// would name a secret card name none (cards dealt or drawn from the
    /// deck are counted, a hand reviewed is named, not shown).
    ///
    /// ```
    /// use here_i_stand::{Card, Event, Players, Power};
    ///
    /// let drawn = Event::CardDrawn { power: Power::Ottoman, from: Power::Hapsburg, card: Some(Card::Gout) };
    /// assert_eq!(drawn.seen_by(Power::Hapsburg, Players::SIX), drawn);
    /// let unseen = drawn.seen_by(Power::France, Players::SIX);
    /// assert_eq!(unseen, Event::CardDrawn { power: Power::Ottoman, from: Power::Hapsburg, card: None });
    /// assert_eq!(unseen.to_string(), "Ottoman draws a card from Hapsburg's hand");
    /// ```
    pub fn seen_by(self, viewer: Power, players: Players) -> Event {
        match self {
            Event::CardDrawn { power, from, card: Some(_) }
                if !players.same_player(viewer, power) && !players.same_player(viewer, from) =>
            {
                Event::CardDrawn { power, from, card: None }
            }
            event => event,
        }
    }

    /// The cards this event names (by its card-typed fields).
    ///
    /// ```
    /// use here_i_stand::{Card, Event, Power};
    ///
    /// let played = Event::CardPlayedForCp { power: Power::France, card: Card::Gout, cp: 2 };
    /// assert_eq!(played.cards().iter().collect::<Vec<_>>(), [Card::Gout]);
    /// assert!(Event::Passed(Power::France).cards().is_empty());
    /// ```
    pub fn cards(&self) -> EnumSet<Card> {
        let mut out = EnumSet::EMPTY;
        let mut add = |card: Option<Card>| {
            if let Some(card) = card {
                out.insert(card);
            }
        };
        match *self {
            Event::CardAdded(card)
            | Event::CardPlayedForCp { card, .. }
            | Event::CardPaidForWar { card, .. }
            | Event::CardPlayedAsEvent { card, .. }
            | Event::ResponsePlayed { card, .. }
            | Event::AnnouncedCanceled { by: card, .. }
            | Event::EventNoEffect { card, .. }
            | Event::MandatoryEventForced(card)
            | Event::MaryIRoll { card, .. }
            | Event::CombatCardDice { card, .. }
            | Event::CardDiscarded { card, .. }
            | Event::CardRetrieved { card, .. }
            | Event::EventDice { card, .. } => add(Some(card)),
            Event::CardDrawn { card, .. } | Event::TwoPlayerMaryIRoll { card, .. } => add(card),
            Event::DietOfWorms { protestant_card, papal_card, hapsburg_card, .. } => {
                add(protestant_card);
                add(papal_card);
                add(hapsburg_card);
            }
            // Listed one by one, so that a new event with a card must be
            // placed above.
            Event::PhaseBegan { .. }
            | Event::CardsDealt { .. }
            | Event::Passed(_)
            | Event::ImpulseToSkip(_)
            | Event::ImpulseSkipped(_)
            | Event::FormationMoved { .. }
            | Event::UnitRaised { .. }
            | Event::SquadronBuilt { .. }
            | Event::ControlChanged { .. }
            | Event::UnrestRemoved(_)
            | Event::GameOver(_)
            | Event::SpringDeployed { .. }
            | Event::WarDeclared { .. }
            | Event::Intervened { .. }
            | Event::WinterNavalReturn { .. }
            | Event::WinterReturn { .. }
            | Event::UnitsEliminated { .. }
            | Event::CorsairBuilt(_)
            | Event::ShipsMoved { .. }
            | Event::NavalLeaderMoved { .. }
            | Event::ReligionChanged { .. }
            | Event::SuedForPeace { .. }
            | Event::ShipsEliminated { .. }
            | Event::WarWinnerVpGiven { .. }
            | Event::LeaderReturned { .. }
            | Event::PhonyWarRemoved { .. }
            | Event::PhonyWarPermanent { .. }
            | Event::PeaceMade { .. }
            | Event::ExcommunicationLifted(_)
            | Event::DealOffered { .. }
            | Event::DealRejected { .. }
            | Event::DealFailed { .. }
            | Event::DealAccepted { .. }
            | Event::WhitePeace { .. }
            | Event::DivorceGranted
            | Event::CardDrawsGiven { .. }
            | Event::SquadronLoaned { .. }
            | Event::NavalLeaderLoaned { .. }
            | Event::LoanEnded { .. }
            | Event::MercenariesGiven { .. }
            | Event::MercenariesPlaced { .. }
            | Event::StPetersCp { .. }
            | Event::ReformationAttempt { .. }
            | Event::CounterReformationAttempt { .. }
            | Event::DebaterCommitted(_)
            | Event::ScriptureTranslated { .. }
            | Event::UniversityFounded(_)
            | Event::UnrestPlaced(_)
            | Event::Debate { .. }
            | Event::CouncilOfTrent { .. }
            | Event::ElectorateRegularsPlaced { .. }
            | Event::ReformerPlaced(_)
            | Event::RollModified { .. }
            | Event::RulerChanged { .. }
            | Event::LeaderPlaced { .. }
            | Event::LeaderRemoved(_)
            | Event::ReformerRemoved(_)
            | Event::DebaterRemoved(_)
            | Event::SpaceEnteredPlay(_)
            | Event::LandUnitsPlaced { .. }
            | Event::NavalUnitsPlaced { .. }
            | Event::BonusVp { .. }
            | Event::CardDrawnFromDeck(_)
            | Event::DipCardDrawn(_)
            | Event::DipDeckReshuffled
            | Event::SchmalkaldicLeagueFormed
            | Event::WarBegan { .. }
            | Event::AllianceFormed { .. }
            | Event::LandUnitsDisplaced { .. }
            | Event::RulerExcommunicated(_)
            | Event::PapalBullPeace(_)
            | Event::ReformerExcommunicated(_)
            | Event::NavalInterception { .. }
            | Event::NavalAvoidBattle { .. }
            | Event::NavalBattle { .. }
            | Event::ShipsLost { .. }
            | Event::NavalLeaderLost { .. }
            | Event::ShipsRetreated { .. }
            | Event::FormationTransported { .. }
            | Event::Piracy { .. }
            | Event::PiracyVp { .. }
            | Event::InterceptionAttempt { .. }
            | Event::AvoidBattleAttempt { .. }
            | Event::WithdrewIntoFortifications { .. }
            | Event::FieldBattle { .. }
            | Event::Assault { .. }
            | Event::LeaderCaptured { .. }
            | Event::Retreated { .. }
            | Event::SiegeBegun { .. }
            | Event::SiegeBroken(_)
            | Event::ActingFor { .. }
            | Event::LeaderDisplaced { .. }
            | Event::LeaderToTurnTrack(_)
            | Event::HungaryBohemiaDefeated
            | Event::MaritalStatusAdvanced(_)
            | Event::PregnancyChart { .. }
            | Event::CatherineOfAragonMarker(_)
            | Event::ChateauxRoll { .. }
            | Event::VoyageLaunched { .. }
            | Event::VoyageCancelled { .. }
            | Event::Exploration { .. }
            | Event::DiscoveryClaimed { .. }
            | Event::Circumnavigation { .. }
            | Event::ConquestVoyage { .. }
            | Event::ColonyFounded(_)
            | Event::NewWorldRiches { .. }
            | Event::Raid { .. }
            | Event::HandReviewed { .. }
            | Event::FortressBuilt(_)
            | Event::MinorDeactivated { .. }
            | Event::MinorActivated { .. }
            | Event::ForeignWarBegan { .. }
            | Event::ToForeignWar { .. }
            | Event::LeaderToForeignWar { .. }
            | Event::ForeignWarBattle { .. }
            | Event::ForeignWarCounters { .. }
            | Event::ForeignWarWon { .. }
            | Event::MinorUnitsMoved { .. } => {}
        }
        out
    }
}

impl Action {
    /// The card this action names, if any (a card played, paid,
    /// discarded, taken, given or compelled).
    ///
    /// ```
    /// use here_i_stand::{Action, Card, Space};
    ///
    /// assert_eq!(Action::PlayCp(Card::Gout).card(), Some(Card::Gout));
    /// assert_eq!(Action::MoveTo(Space::Paris).card(), None);
    /// ```
    pub fn card(self) -> Option<Card> {
        match self {
            Action::PlayCp(card)
            | Action::PlayEvent(card)
            | Action::PayWith(card)
            | Action::Discard(card)
            | Action::Retrieve(card)
            | Action::GiveCard(card)
            | Action::Compel(card) => Some(card),
            _ => None,
        }
    }
}

/// A log for one viewer: passes on to `log` what `viewer`'s player may see
/// of each event ([`Event::seen_by`]). Give it to [`Game::apply_logged`].
///
/// ```
/// use here_i_stand::{Event, Game, Power, Scenario, SeenBy, Setup};
///
/// let mut game = Game::new(Setup::new(Scenario::Y1517, 1));
/// let mut seen: Vec<Event> = Vec::new();
/// let action = game.legal_actions()[0];
/// let players = game.players();
/// game.apply_logged(action, &mut SeenBy::new(Power::France, players, &mut seen)).unwrap();
/// assert!(!seen.is_empty());
/// ```
pub struct SeenBy<'a, E: Extend<Event>> {
    viewer: Power,
    players: Players,
    log: &'a mut E,
}

impl<'a, E: Extend<Event>> SeenBy<'a, E> {
    /// What `viewer`'s player sees, into `log`.
    pub fn new(viewer: Power, players: Players, log: &'a mut E) -> SeenBy<'a, E> {
        SeenBy { viewer, players, log }
    }
}

impl<E: Extend<Event>> Extend<Event> for SeenBy<'_, E> {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        let (viewer, players) = (self.viewer, self.players);
        self.log.extend(events.into_iter().map(|e| e.seen_by(viewer, players)));
    }
}
