//! `Action`: one atomic decision, with a stable dense index for learning
//! agents and a text notation (`Display` / `FromStr`) that round-trips.
//!
//! The text form is the verb, then the id of its object if it has one:
//! `pass`, `play_cp janissaries`, `move_from paris`, `add_unit regular`,
//! `move_to orleans`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::rules::foreign_war::ForeignWar;
use crate::types::{
    Card, Debater, DebaterPool, Discovery, Faction, LandUnitKind, LanguageZone, Leader, MaritalStatus, MinorPower,
    NavalUnitKind, Power, Reformer, Ruler, SeaZone, Space, Vocabulary,
};

/// The integer type of an action's dense index ([`Action::index`],
/// [`Action::from_index`]): every index is below [`Action::COUNT`].
pub type ActionIndex = u32;

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not an action: {0:?}")]
pub struct ParseActionError(pub String);

macro_rules! actions {
    (
        units { $( $(#[$umeta:meta])* $Unit:ident => $uverb:literal, )* }
        with { $( $(#[$pmeta:meta])* $Var:ident($T:ty) => $pverb:literal, )* }
    ) => {
        /// One atomic decision of the power that must decide now (see `Game::decider`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
        pub enum Action {
            $( $(#[$umeta])* $Unit, )*
            $( $(#[$pmeta])* $Var($T), )*
        }

        /// The first index of each action kind, in declaration order, then the total.
        const OFFSETS: &[usize] = &{
            let sizes = [$( { let _ = $uverb; 1usize }, )* $( <$T as Vocabulary>::COUNT, )*];
            let mut offsets = [0usize; [$($uverb,)* $($pverb,)*].len() + 1];
            let mut i = 0;
            while i < sizes.len() {
                offsets[i + 1] = offsets[i] + sizes[i];
                i += 1;
            }
            offsets
        };
        const VERBS: &[&str] = &[$($uverb,)* $($pverb,)*];

        /// The action kinds, numbered in declaration order.
        #[derive(Clone, Copy)]
        enum Kind {
            $( $Unit, )*
            $( $Var, )*
        }
        const UNITS: usize = [$($uverb,)*].len();

        impl Action {
            /// How many distinct actions there are: indexes run `0..COUNT`.
            pub const COUNT: usize = OFFSETS[OFFSETS.len() - 1];

            /// The stable dense index of this action, below `COUNT`.
            pub fn index(self) -> ActionIndex {
                let (kind, payload) = self.kind_and_payload();
                (OFFSETS[kind] + payload) as ActionIndex
            }

            /// The action with this index, if any. Any integer type is
            /// taken, so that both `index()`'s [`ActionIndex`] and a
            /// `usize` below [`Action::COUNT`] (a mask's position) work:
            ///
            /// ```
            /// use here_i_stand::Action;
            ///
            /// let last = Action::from_index(Action::COUNT - 1).unwrap();
            /// assert_eq!(Action::from_index(last.index()), Some(last));
            /// assert_eq!(Action::from_index(Action::COUNT), None);
            /// assert_eq!(Action::from_index(-1), None);
            /// ```
            pub fn from_index(index: impl TryInto<usize>) -> Option<Action> {
                let index: usize = index.try_into().ok()?;
                let kind = OFFSETS.windows(2).position(|w| w[0] <= index && index < w[1])?;
                Self::from_kind_and_payload(kind, index - OFFSETS[kind])
            }

            /// The action's kind (its position in the declaration) and the
            /// index of its object (0 without one).
            fn kind_and_payload(self) -> (usize, usize) {
                match self {
                    $( Action::$Unit => (Kind::$Unit as usize, 0), )*
                    $( Action::$Var(x) => (Kind::$Var as usize, x.index()), )*
                }
            }

            fn from_kind_and_payload(kind: usize, payload: usize) -> Option<Action> {
                let mut k = 0;
                $(
                    if kind == k { return (payload == 0).then_some(Action::$Unit); }
                    k += 1;
                )*
                $(
                    if kind == k { return <$T as Vocabulary>::from_index(payload).map(Action::$Var); }
                    k += 1;
                )*
                let _ = k;
                None
            }

            fn object_id(self) -> Option<&'static str> {
                match self {
                    $( Action::$Unit => None, )*
                    $( Action::$Var(x) => Some(x.id()), )*
                }
            }

            fn object_name(self) -> Option<&'static str> {
                match self {
                    $( Action::$Unit => None, )*
                    $( Action::$Var(x) => Some(x.name()), )*
                }
            }
        }

        fn parse_object(kind: usize, object: &str) -> Option<Action> {
            let mut k = UNITS;
            $(
                if kind == k { return object.parse::<$T>().ok().map(Action::$Var); }
                k += 1;
            )*
            let _ = k;
            None
        }
    };
}

actions! {
    units {
        /// Pass the impulse (§11.1).
        Pass => "pass",
        /// Close the current step: stop spending CP, end a choice.
        Done => "done",
        /// Decline an optional procedure (a window, an offer).
        Decline => "decline",
        /// Intervene for a minor power after a declaration of war on it (§9.6).
        Intervene => "intervene",
        /// Take the naval move action (§16.1): every ship may move one step.
        NavalMove => "naval_move",
        /// Build St Peter's (Papacy, §18.1): 1 CP on its track.
        BuildStPeters => "build_st_peters",
        /// Found a Jesuit university (Papacy, §18.1): 3 CP, then its space.
        FoundUniversity => "found_university",
        /// Draw a card from the deck (Copernicus, #47).
        DrawFromDeck => "draw_from_deck",
        /// Colonize (§20.1): a colony sets out across the Atlantic.
        Colonize => "colonize",
        /// Explore (§20.2): a voyage of exploration; also a card's choice of
        /// voyage to cancel (Search for Cibola, #98).
        Explore => "explore",
        /// Conquer (§20.3): a voyage of conquest; also a card's choice of
        /// voyage to cancel (Search for Cibola, #98).
        Conquer => "conquer",
        /// Sail through the Pacific Strait and try to circumnavigate (§20.2, 10+).
        Circumnavigate => "circumnavigate",
        /// Negotiation (§9.1): offer the deal built so far to its recipient.
        Offer => "offer",
        /// Negotiation (§9.1): accept the deal offered.
        Accept => "accept",
        /// A deal's term (§9.1): end the parties' war (a white peace).
        EndWar => "end_war",
        /// A deal's term (§9.1, §9.2): a one-turn alliance of the parties.
        Ally => "ally",
        /// A deal's term (§9.1): the Papacy grants Henry VIII's divorce.
        GrantDivorce => "grant_divorce",
    }
    with {
        /// Play a card for its CP (§11.1).
        PlayCp(Card) => "play_cp",
        /// Play a card as its event (§6.1).
        PlayEvent(Card) => "play_event",
        /// Move a formation (§13.1): choose the space it starts from.
        MoveFrom(Space) => "move_from",
        /// Add one land unit of this kind to the formation being formed.
        AddUnit(LandUnitKind) => "add_unit",
        /// Add this leader to the formation being formed.
        AddLeader(Leader) => "add_leader",
        /// Move the formation to this adjacent space, paying its CP.
        MoveTo(Space) => "move_to",
        /// Raise a regular in this space (§17).
        RaiseRegular(Space) => "raise_regular",
        /// Buy a mercenary in this space (§17).
        BuyMercenary(Space) => "buy_mercenary",
        /// Raise cavalry in this space (Ottoman, §17).
        RaiseCavalry(Space) => "raise_cavalry",
        /// Build a naval squadron in this port (§17).
        BuildSquadron(Space) => "build_squadron",
        /// Build a corsair in this port (Ottoman after Barbary Pirates, §17).
        BuildCorsair(Space) => "build_corsair",
        /// Take control of this unfortified space (§12.2).
        Control(Space) => "control",
        /// Remove unrest from this space (§12.4).
        RemoveUnrest(Space) => "remove_unrest",
        /// Declare war on this power (§9.6).
        DeclareWar(Faction) => "declare_war",
        /// Send a stack home in winter to this space (§19).
        WinterTo(Space) => "winter_to",
        /// Spring deployment (§10): deploy a formation from this capital.
        DeployFrom(Space) => "deploy_from",
        /// Spring deployment (§10): deploy the formation to this space.
        DeployTo(Space) => "deploy_to",
        /// Pay declarations of war and interventions with this card (§9.6 step 7).
        PayWith(Card) => "pay_with",
        /// Send displaced units to this space or port (§12.5).
        DisplaceTo(Space) => "displace_to",
        /// Add one regular of this allied minor to the group being formed.
        AddMinorUnit(MinorPower) => "add_minor_unit",
        /// Lose one land unit of this kind (attrition, losses).
        LoseUnit(LandUnitKind) => "lose_unit",
        /// Place an arriving leader in this space (§8); place mercenaries
        /// received in a deal here (§9.1).
        PlaceAt(Space) => "place_at",
        /// Naval move: move ships from this port.
        NavalFromPort(Space) => "naval_from_port",
        /// Naval move: move ships from this sea zone.
        NavalFromSea(SeaZone) => "naval_from_sea",
        /// Naval move: add one of the power's own ships of this kind.
        AddShip(NavalUnitKind) => "add_ship",
        /// Naval move: add one squadron of this allied minor power.
        AddAlliedSquadron(MinorPower) => "add_allied_squadron",
        /// Naval move: sail the ships to this port.
        NavalToPort(Space) => "naval_to_port",
        /// Naval move: sail the ships to this sea zone.
        NavalToSea(SeaZone) => "naval_to_sea",
        /// Sue for peace in the war with this power (§9.3).
        SueForPeace(Power) => "sue_for_peace",
        /// Remove one of one's own units in this space (§9.3 step 4).
        RemoveUnitIn(Space) => "remove_unit_in",
        /// Lose one naval unit of this kind (§9.3 step 4).
        LoseShip(NavalUnitKind) => "lose_ship",
        /// Regain this home space from the winner of the peace (§9.3 steps 5 and 7).
        Regain(Space) => "regain",
        /// Regain this captured leader from the winner of the peace (§9.3 step 6).
        RegainLeader(Leader) => "regain_leader",
        /// Pay this power 1 War Winner VP (§9.3 steps 5-7).
        GiveVp(Power) => "give_vp",
        /// Let this power draw a random card from one's hand (§9.3 steps 5-7).
        GiveRandomCard(Power) => "give_random_card",
        /// Ransom this captured leader (§9.4).
        Ransom(Leader) => "ransom",
        /// Send the freed leader to this space (§9.3 step 6, §9.4).
        ReturnLeaderTo(Space) => "return_leader_to",
        /// Lift this ruler's excommunication (§9.5).
        LiftExcommunication(Ruler) => "lift_excommunication",
        /// Publish a treatise (§18.1): reformation attempts with this target zone.
        PublishTreatise(LanguageZone) => "publish_treatise",
        /// Translate scripture (§18.1): 1 CP on this zone's tracks.
        TranslateScripture(LanguageZone) => "translate_scripture",
        /// Burn books (§18.1): counter-reformation attempts with this target zone.
        BurnBooks(LanguageZone) => "burn_books",
        /// Target this space with the next reformation or counter-reformation attempt (§18.3, §18.4).
        Target(Space) => "target",
        /// Commit this debater for his bonus (§18.2).
        CommitDebater(Debater) => "commit_debater",
        /// Place a Jesuit university in this space (§18.1).
        PlaceUniversity(Space) => "place_university",
        /// Call a theological debate in this language zone (§18.1, §18.5).
        CallDebate(LanguageZone) => "call_debate",
        /// Draw the debate's defender from this group of debaters (§18.5 step 3).
        DefenderFrom(DebaterPool) => "defender_from",
        /// Choose this debater (Bullinger for a second round, §18.5; the
        /// Council of Trent, §18.6).
        ChooseDebater(Debater) => "choose_debater",
        /// Flip this space to one's religion (debates, Diet of Worms,
        /// Council of Trent).
        Flip(Space) => "flip",
        /// Papal Bull (#5): excommunicate this reformer (§21.5).
        ExcommunicateReformer(Reformer) => "excommunicate_reformer",
        /// Papal Bull (#5): excommunicate this ruler (§21.5).
        ExcommunicateRuler(Ruler) => "excommunicate_ruler",
        /// Place an unrest marker in this space (§12.4; Papal Bull #5).
        PlaceUnrest(Space) => "place_unrest",
        /// Fight the naval battle in this sea zone next (§16.1 step 7).
        BattleAtSea(SeaZone) => "battle_at_sea",
        /// Fight the naval battle in this port next (§16.1 step 7).
        BattleInPort(Space) => "battle_in_port",
        /// Fight this enemy next where the naval battles are (§16.1 step 7).
        Engage(Faction) => "engage",
        /// Lose one squadron of this faction (§16.2 step 8, §16.4 step 5).
        LoseSquadronOf(Faction) => "lose_squadron_of",
        /// Naval transport (§16.3): carry a formation from this port.
        TransportFrom(Space) => "transport_from",
        /// Piracy (§16.4, Ottoman): pirate in this sea zone.
        Piracy(SeaZone) => "piracy",
        /// Piracy (§16.4): the target, a power with a port on the sea zone.
        PiracyTarget(Power) => "piracy_target",
        /// Piracy hit (§16.4 step 5a): lose a squadron in this port.
        SinkSquadronIn(Space) => "sink_squadron_in",
        /// Piracy hit (§16.4 step 5a): lose a squadron in this sea zone.
        SinkSquadronAt(SeaZone) => "sink_squadron_at",
        /// Withdraw into this space's fortifications (§13.4, §14.1, §15.2).
        WithdrawInto(Space) => "withdraw_into",
        /// Retreat, or return, to this space (§13.4, §14.1, §15.3).
        RetreatTo(Space) => "retreat_to",
        /// Assault this besieged space (§15.1, 1 CP).
        Assault(Space) => "assault",
        /// Lose one regular of this allied minor power (§14 step 9).
        LoseMinorUnit(MinorPower) => "lose_minor_unit",
        /// Six Wives of Henry VIII (#3): advance Henry's marital status to this box (§21.3).
        Marry(MaritalStatus) => "marry",
        /// Discard this card from one's hand (Patron of the Arts, #4).
        Discard(Card) => "discard",
        /// Halley's Comet (#38): a random card of this power's hand is discarded.
        RandomDiscard(Power) => "random_discard",
        /// Halley's Comet (#38): this power skips its next impulse.
        SkipImpulse(Power) => "skip_impulse",
        /// Take this card from the discard pile into one's hand (§6.2; Here I Stand, #7).
        Retrieve(Card) => "retrieve",
        /// Venetian Informant (#109): review this power's hand.
        ReviewHandOf(Power) => "review_hand_of",
        /// Venetian Informant (#109): this power reviews the hand in secret.
        ShowHandTo(Power) => "show_hand_to",
        /// A card event's target power (Akinji Raiders, #66; Unpaid
        /// Mercenaries, #106; Diplomatic Overture, #74; ...).
        TargetPower(Power) => "target_power",
        /// Give this card of one's hand to another power (Diplomatic Overture, #74).
        GiveCard(Card) => "give_card",
        /// Name this leader: the one Threat to Power (#103) targets; Philip
        /// of Hesse leaving the game by Philip of Hesse's Bigamy (#57).
        TargetLeader(Leader) => "target_leader",
        /// Papal Inquisition (#56): draw a random card from this power's hand.
        DrawFrom(Power) => "draw_from",
        /// Claim this discovery after an exploration roll of 10 or more (§20.2).
        Discover(Discovery) => "discover",
        /// Colonial Governor (#111): put the marker by this power's colonies.
        ColonialGovernor(Power) => "colonial_governor",
        /// Native Uprising (#111): put the marker by this power's colonies.
        NativeUprising(Power) => "native_uprising",
        /// Fight this foreign war (§21.7, 1 CP): a field battle on its card.
        FightForeignWar(ForeignWar) => "fight_foreign_war",
        /// Place a new unit on this foreign war card (Janissaries, #1; §21.7).
        PlaceOnWar(ForeignWar) => "place_on_war",
        /// Negotiation (§9.1): open a deal with this power.
        ProposeTo(Power) => "propose_to",
        /// A deal's term (§9.1): its captor returns this captured army leader.
        FreeLeader(Leader) => "free_leader",
        /// A deal's term (§9.1): its controller cedes this space to the other party.
        Cede(Space) => "cede",
        /// A deal's term (§9.1): this power gives the other one random card draw.
        CardDrawFrom(Power) => "card_draw_from",
        /// A deal's term (§9.1): one mercenary in this space goes to the other party.
        GiveMercenaryIn(Space) => "give_mercenary_in",
        /// Plague (#209): remove a unit of this faction from the chosen space.
        RemoveUnitOf(Faction) => "remove_unit_of",
        /// Diplomatic Pressure (#205): the Protestant must play this
        /// diplomatic card this turn.
        Compel(Card) => "compel",
        /// A deal's term (§9.2): one squadron in this port goes on loan to the other party.
        LendSquadronIn(Space) => "lend_squadron_in",
        /// A deal's term (§9.2): this naval leader goes on loan with the squadrons.
        LendLeader(Leader) => "lend_leader",
        /// Acting for invaders (§24.3): spend the next action of one's CP
        /// for this power, at war with one's opponent.
        ActFor(Power) => "act_for",
    }
}

/// Each verb's English phrase; `{}` stands for the object's name.
const PHRASES: &[(&str, &str)] = &[
    ("pass", "pass the impulse"),
    ("done", "done"),
    ("decline", "decline"),
    ("intervene", "intervene"),
    ("naval_move", "naval move"),
    ("build_st_peters", "build St. Peter's"),
    ("found_university", "found a Jesuit university"),
    ("draw_from_deck", "draw a card from the deck"),
    ("colonize", "colonize"),
    ("explore", "explore"),
    ("conquer", "conquer"),
    ("circumnavigate", "try to circumnavigate the world"),
    ("offer", "offer the deal"),
    ("accept", "accept the deal"),
    ("end_war", "deal: end the war"),
    ("ally", "deal: ally for the turn"),
    ("grant_divorce", "deal: grant Henry's divorce"),
    ("play_cp", "play {} for CP"),
    ("play_event", "play {} as an event"),
    ("move_from", "move a formation from {}"),
    ("add_unit", "add a unit: {}"),
    ("add_leader", "add leader {}"),
    ("move_to", "move to {}"),
    ("raise_regular", "raise a regular in {}"),
    ("buy_mercenary", "buy a mercenary in {}"),
    ("raise_cavalry", "raise cavalry in {}"),
    ("build_squadron", "build a squadron in {}"),
    ("build_corsair", "build a corsair in {}"),
    ("control", "take control of {}"),
    ("remove_unrest", "remove unrest from {}"),
    ("declare_war", "declare war on {}"),
    ("winter_to", "winter in {}"),
    ("deploy_from", "deploy from {}"),
    ("deploy_to", "deploy to {}"),
    ("pay_with", "pay with {}"),
    ("displace_to", "displace to {}"),
    ("add_minor_unit", "add a regular of {}"),
    ("lose_unit", "lose a unit: {}"),
    ("place_at", "place in {}"),
    ("naval_from_port", "move ships from {}"),
    ("naval_from_sea", "move ships from the {}"),
    ("add_ship", "add a ship: {}"),
    ("add_allied_squadron", "add a squadron of {}"),
    ("naval_to_port", "sail to {}"),
    ("naval_to_sea", "sail to the {}"),
    ("sue_for_peace", "sue {} for peace"),
    ("remove_unit_in", "remove a unit in {}"),
    ("lose_ship", "lose a ship: {}"),
    ("regain", "regain {}"),
    ("regain_leader", "regain {}"),
    ("give_vp", "give {} 1 War Winner VP"),
    ("give_random_card", "give {} a random card"),
    ("ransom", "ransom {}"),
    ("return_leader_to", "return the leader to {}"),
    ("lift_excommunication", "lift the excommunication of {}"),
    ("publish_treatise", "publish a treatise in the {} zone"),
    ("translate_scripture", "translate scripture in the {} zone"),
    ("burn_books", "burn books in the {} zone"),
    ("target", "target {}"),
    ("commit_debater", "commit {}"),
    ("place_university", "place a Jesuit university in {}"),
    ("call_debate", "call a debate in the {} zone"),
    ("defender_from", "draw the defender from the {} debaters"),
    ("choose_debater", "choose {}"),
    ("flip", "flip {}"),
    ("excommunicate_reformer", "excommunicate {}"),
    ("excommunicate_ruler", "excommunicate {}"),
    ("place_unrest", "place unrest in {}"),
    ("battle_at_sea", "fight the naval battle in the {}"),
    ("battle_in_port", "fight the naval battle in {}"),
    ("engage", "engage {}"),
    ("lose_squadron_of", "lose a squadron of {}"),
    ("transport_from", "transport a formation from {}"),
    ("piracy", "piracy in the {}"),
    ("piracy_target", "pirate {}"),
    ("sink_squadron_in", "lose a squadron in {}"),
    ("sink_squadron_at", "lose a squadron in the {}"),
    ("withdraw_into", "withdraw into the fortifications of {}"),
    ("retreat_to", "retreat to {}"),
    ("assault", "assault {}"),
    ("lose_minor_unit", "lose a regular of {}"),
    ("marry", "marry: {}"),
    ("discard", "discard {}"),
    ("random_discard", "discard a random card of {}"),
    ("skip_impulse", "make {} skip its next impulse"),
    ("retrieve", "take {} from the discard pile"),
    ("review_hand_of", "review the hand of {}"),
    ("show_hand_to", "show the hand to {}"),
    ("target_power", "target {}"),
    ("give_card", "give {}"),
    ("target_leader", "name {}"),
    ("draw_from", "draw a random card from the hand of {}"),
    ("discover", "claim the {}"),
    ("colonial_governor", "put Colonial Governor by the colonies of {}"),
    ("native_uprising", "put Native Uprising by the colonies of {}"),
    ("fight_foreign_war", "fight the foreign war {}"),
    ("place_on_war", "place a new regular on the {} card"),
    ("propose_to", "propose a deal to {}"),
    ("free_leader", "deal: free {}"),
    ("cede", "deal: cede {}"),
    ("card_draw_from", "deal: one random card draw from {}"),
    ("give_mercenary_in", "deal: give a mercenary in {}"),
    ("remove_unit_of", "remove a unit of {}"),
    ("compel", "make the Protestant play {}"),
    ("lend_squadron_in", "deal: loan a squadron in {}"),
    ("lend_leader", "deal: loan {}"),
    ("act_for", "spend an action for {}"),
];

impl Action {
    /// The action in English, for a person: "play Janissaries (#1, 5 CP)
    /// for CP", "move to Orléans". The text notation (`Display`) is the
    /// machine form.
    ///
    /// ```
    /// use here_i_stand::{Action, Card, Space};
    ///
    /// assert_eq!(Action::MoveTo(Space::Orleans).describe(), "move to Orléans");
    /// assert_eq!(Action::PlayCp(Card::Janissaries).describe(), "play Janissaries (#1, 5 CP) for CP");
    /// ```
    pub fn describe(self) -> String {
        let (kind, _) = self.kind_and_payload();
        let verb = VERBS[kind];
        let phrase = PHRASES.iter().find(|(v, _)| *v == verb).map_or(verb, |&(_, phrase)| phrase);
        let object = match self {
            Action::PlayCp(card)
            | Action::PlayEvent(card)
            | Action::PayWith(card)
            | Action::Discard(card)
            | Action::Retrieve(card)
            | Action::GiveCard(card)
            | Action::Compel(card) => {
                format!("{} (#{}, {} CP)", card.name(), card.number(), card.cp())
            }
            Action::AddUnit(kind) | Action::LoseUnit(kind) => kind.name().to_lowercase(),
            Action::AddShip(kind) | Action::LoseShip(kind) => kind.name().to_lowercase(),
            _ => self.object_name().unwrap_or_default().to_string(),
        };
        phrase.replace("{}", &object)
    }

    /// The action whose [`Action::describe`] reads `text`, ignoring ASCII
    /// case and the spaces around it: the way back from the English, for a
    /// person who types what a menu showed. The text notation
    /// ([`str::parse`]) is the short form.
    ///
    /// ```
    /// use here_i_stand::{Action, Card, Space};
    ///
    /// assert_eq!(Action::from_description("move to Orléans"), Ok(Action::MoveTo(Space::Orleans)));
    /// assert_eq!(
    ///     Action::from_description("Play Janissaries (#1, 5 CP) for CP"),
    ///     Ok(Action::PlayCp(Card::Janissaries))
    /// );
    /// assert!(Action::from_description("move to Atlantis").is_err());
    /// ```
    pub fn from_description(text: &str) -> Result<Action, ParseActionError> {
        let wanted = text.trim();
        (0..Action::COUNT as u32)
            .filter_map(Action::from_index)
            .find(|action| action.describe().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| ParseActionError(text.into()))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, _) = self.kind_and_payload();
        f.write_str(VERBS[kind])?;
        if let Some(id) = self.object_id() {
            write!(f, " {id}")?;
        }
        Ok(())
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError(text.into());
        let mut words = text.split_whitespace();
        let verb = words.next().ok_or_else(err)?;
        let object = words.next();
        if words.next().is_some() {
            return Err(err());
        }
        let kind = VERBS.iter().position(|&v| v == verb).ok_or_else(err)?;
        match (kind < UNITS, object) {
            (true, None) => Action::from_kind_and_payload(kind, 0).ok_or_else(err),
            (false, Some(object)) => parse_object(kind, object).ok_or_else(err),
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_round_trips() {
        for index in 0..Action::COUNT as u32 {
            let action = Action::from_index(index).expect("dense");
            assert_eq!(action.index(), index);
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
        assert_eq!(Action::from_index(Action::COUNT as u32), None);
        assert_eq!(Action::from_index(u32::MAX), None);
    }

    /// No two actions read alike, so the English leads back to one action.
    #[test]
    fn every_description_leads_back_to_its_action() {
        let mut seen = std::collections::HashMap::new();
        for index in 0..Action::COUNT as u32 {
            let action = Action::from_index(index).expect("dense");
            let text = action.describe().to_ascii_lowercase();
            if let Some(other) = seen.insert(text.clone(), action) {
                panic!("{other:?} and {action:?} both read {text:?}");
            }
        }
        for action in [Action::Pass, Action::MoveTo(Space::Orleans), Action::PlayEvent(Card::Calvin)] {
            assert_eq!(Action::from_description(&action.describe()), Ok(action));
        }
    }

    #[test]
    fn every_verb_has_a_phrase() {
        for verb in VERBS {
            let phrase = PHRASES.iter().find(|(v, _)| v == verb).map(|&(_, p)| p);
            assert!(phrase.is_some_and(|p| !p.contains('_')), "{verb}");
        }
        assert_eq!(PHRASES.len(), VERBS.len());
    }

    #[test]
    fn notation() {
        assert_eq!(Action::Pass.to_string(), "pass");
        assert_eq!(Action::PlayCp(Card::Janissaries).to_string(), "play_cp janissaries");
        assert_eq!("move_to orleans".parse(), Ok(Action::MoveTo(Space::Orleans)));
        for bad in ["", "pass now", "move_to", "move_to atlantis", "fly paris", "pass  x"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        // Index order is declaration order, then the object's index.
        assert!(Action::Pass.index() < Action::PlayCp(Card::Janissaries).index());
        assert!(Action::MoveTo(Space::Agram).index() < Action::MoveTo(Space::Zurich).index());
    }
}
