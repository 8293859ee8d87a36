//! `Event`: what happened, reported by `Game::apply_logged`.

use crate::dice::Dice;
use crate::game::{LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::sets::EnumSet;
use crate::types::{
    Card, Conquest, Conquistador, Debater, Discovery, Explorer, Faction, LandUnitKind, LanguageZone, Leader,
    MaritalStatus, MinorPower, Phase, Power, Reformer, Religion, Ruler, SeaZone, Space,
};

/// Something that happened while an action was applied: the decision itself
/// and every automatic step it set off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A new phase began.
    PhaseBegan {
        /// The turn.
        turn: u8,
        /// The phase.
        phase: Phase,
    },
    /// A power was dealt cards (how many; which is hidden).
    CardsDealt {
        /// Who.
        power: Power,
        /// How many.
        count: u8,
    },
    /// A card entered the deck at the card draw (§6.2).
    CardAdded(Card),
    /// A card was played for CP.
    CardPlayedForCp {
        /// Who.
        power: Power,
        /// Which card.
        card: Card,
        /// CP gained.
        cp: u8,
    },
    /// A power passed its impulse.
    Passed(Power),
    /// A power must skip its next impulse (Halley's Comet, #38).
    ImpulseToSkip(Power),
    /// A power skipped its impulse, which is not a pass (#38).
    ImpulseSkipped(Power),
    /// A formation moved.
    FormationMoved {
        /// Whose.
        power: Power,
        /// From.
        from: Space,
        /// To.
        to: Space,
        /// Units moved.
        units: LandUnits,
        /// Army leaders moved.
        leaders: u8,
    },
    /// A land unit was raised, bought or built.
    UnitRaised {
        /// Whose unit.
        faction: Faction,
        /// Which kind.
        kind: LandUnitKind,
        /// Where.
        space: Space,
    },
    /// A naval squadron was built.
    SquadronBuilt {
        /// Whose.
        faction: Faction,
        /// In which port.
        space: Space,
    },
    /// Political control of a space changed.
    ControlChanged {
        /// Where.
        space: Space,
        /// Previous controller.
        from: Faction,
        /// New controller.
        to: Faction,
    },
    /// Unrest was removed from a space.
    UnrestRemoved(Space),
    /// The game ended.
    GameOver(crate::engine::Outcome),
    /// A formation was spring-deployed from a capital (§10).
    SpringDeployed {
        /// Whose.
        power: Power,
        /// The capital.
        from: Space,
        /// The destination.
        to: Space,
        /// The power's own units deployed (its allied minors' regulars
        /// deployed with them are reported by [`Event::MinorUnitsMoved`]).
        units: LandUnits,
        /// Army leaders deployed.
        leaders: u8,
    },
    /// A power declared war (§9.6, or for free on activation §22.2).
    WarDeclared {
        /// The declarer.
        power: Power,
        /// On whom.
        target: Faction,
    },
    /// A power intervened for a minor after a declaration of war on it
    /// (§9.6 steps 4-6): the minor becomes its ally, it is at war with the
    /// declarer, and the declarer takes the Phony War marker if it is free.
    Intervened {
        /// The intervener.
        power: Power,
        /// The minor.
        minor: MinorPower,
        /// Who declared war on the minor.
        declarer: Power,
    },
    /// A card paid for declarations of war or an intervention (§9.6 step 7).
    CardPaidForWar {
        /// Who.
        power: Power,
        /// Which card.
        card: Card,
        /// Its CP.
        cp: u8,
    },
    /// A power's ships (or its allied minor's) went home in winter (§19).
    WinterNavalReturn {
        /// Whose ships.
        faction: Faction,
        /// The port.
        to: Space,
    },
    /// Land units went home in winter, after any attrition (§19).
    WinterReturn {
        /// Whose units.
        faction: Faction,
        /// From.
        from: Space,
        /// To.
        to: Space,
        /// The units that arrived.
        units: LandUnits,
    },
    /// Land units were eliminated.
    UnitsEliminated {
        /// Whose.
        faction: Faction,
        /// Where.
        space: Space,
        /// How many of each kind.
        units: LandUnits,
    },
    /// An Ottoman corsair was built in this port (§17).
    CorsairBuilt(Space),
    /// Naval units of one faction moved one step in a naval move (§16.1).
    ShipsMoved {
        /// Whose ships.
        faction: Faction,
        /// From.
        from: NavalLocation,
        /// To.
        to: NavalLocation,
        /// The ships.
        units: NavalUnits,
    },
    /// A naval leader moved with ships in a naval move (§16.1).
    NavalLeaderMoved {
        /// Who.
        leader: Leader,
        /// From.
        from: NavalLocation,
        /// To.
        to: NavalLocation,
    },
    /// The religion of a space changed.
    ReligionChanged {
        /// Where.
        space: Space,
        /// Its new religion.
        religion: Religion,
    },
    /// A power sued for peace (§9.3 steps 1-2); the winner took its War Winner VP.
    SuedForPeace {
        /// The loser, who sued.
        power: Power,
        /// The winner.
        winner: Power,
        /// The War Winner VP it took.
        vp: u8,
    },
    /// Naval units were eliminated or removed.
    ShipsEliminated {
        /// Whose.
        faction: Faction,
        /// In which port.
        space: Space,
        /// How many of each kind.
        units: NavalUnits,
    },
    /// A power paid 1 War Winner VP for something regained (§9.3 steps 5-7).
    WarWinnerVpGiven {
        /// The payer, the loser of the peace.
        power: Power,
        /// Who took the VP.
        to: Power,
    },
    /// A power drew a card from another's hand (§9.3-§9.5), at random or
    /// as a card event gives it.
    CardDrawn {
        /// Who drew.
        power: Power,
        /// From whose hand.
        from: Power,
        /// The card: always known to [`Game::apply_logged`]'s log; `None`
        /// in the view of a player that holds neither power
        /// ([`Event::seen_by`]).
        ///
        /// [`Game::apply_logged`]: crate::Game::apply_logged
        card: Option<Card>,
    },
    /// A captured leader came back (§9.3 step 6, §9.4).
    LeaderReturned {
        /// The leader.
        leader: Leader,
        /// Where.
        to: Space,
    },
    /// A Phony War marker was removed by a land combat or assault between
    /// its holder and the minor or the power that intervened; the holder
    /// gets its VP back (§9.6 step 6).
    PhonyWarRemoved {
        /// The declarer that held the marker.
        power: Power,
        /// The minor declared on.
        minor: MinorPower,
    },
    /// A Phony War marker became permanent: its holder made peace with the
    /// power that intervened before any such combat (§9.6 step 6).
    PhonyWarPermanent {
        /// The declarer that holds the marker.
        power: Power,
        /// The minor declared on.
        minor: MinorPower,
    },
    /// A war ended by suing for peace (§9.3 step 8).
    PeaceMade {
        /// The loser, who sued.
        power: Power,
        /// The winner.
        winner: Power,
    },
    /// A ruler's excommunication ended (§9.3 step 8, §9.5).
    ExcommunicationLifted(Ruler),
    /// A deal was offered (§9.1); its terms are seen by the two parties only.
    DealOffered {
        /// Who offers it.
        proposer: Power,
        /// To whom.
        recipient: Power,
    },
    /// An offered deal was rejected (§9.1).
    DealRejected {
        /// Who offered it.
        proposer: Power,
        /// Who rejected it.
        recipient: Power,
    },
    /// An accepted deal failed a term when it was to take effect: nothing
    /// of it happened (§9.1, all or nothing).
    DealFailed {
        /// Who offered it.
        proposer: Power,
        /// Who accepted it.
        recipient: Power,
    },
    /// A deal was accepted and takes effect (§9.1): seen by all, the
    /// cards drawn aside.
    DealAccepted {
        /// The deal.
        deal: crate::rules::negotiation::Deal,
    },
    /// A war ended by agreement, a white peace (§9.1): no War Winner VP.
    WhitePeace {
        /// One party.
        a: Power,
        /// The other.
        b: Power,
    },
    /// The Papacy granted Henry VIII's divorce (§9.1).
    DivorceGranted,
    /// Random card draws given in a deal (§9.1): which cards is hidden.
    CardDrawsGiven {
        /// Whose hand they were drawn from.
        giver: Power,
        /// Who drew them.
        receiver: Power,
        /// How many.
        count: u8,
    },
    /// A squadron goes on loan in a deal (§9.2), to the nearest port of the receiver.
    SquadronLoaned {
        /// Whose squadron it is.
        faction: Faction,
        /// Who receives it for the turn.
        receiver: Power,
        /// The port it left.
        from: Space,
        /// The receiver's port it went to.
        to: Space,
    },
    /// A naval leader goes on loan in a deal (§9.2).
    NavalLeaderLoaned {
        /// The leader.
        leader: Leader,
        /// Who receives him for the turn.
        receiver: Power,
        /// The receiver's port he went to.
        to: Space,
    },
    /// Winter (§19.1): Loaned markers come off; these squadrons are their owner's again.
    LoanEnded {
        /// The squadrons' owner.
        owner: Faction,
        /// Where they are.
        at: NavalLocation,
        /// How many.
        squadrons: u8,
    },
    /// Mercenaries given in a deal (§9.1): the giver removed them.
    MercenariesGiven {
        /// Who gave them.
        giver: Power,
        /// Who receives as many from its pool.
        receiver: Power,
        /// How many.
        count: u8,
    },
    /// Mercenaries received in a deal placed after the receiver's choice (§9.1).
    MercenariesPlaced {
        /// The receiver.
        power: Power,
        /// Where.
        space: Space,
        /// How many.
        count: u8,
    },
    /// CP went to St Peter's (§9.5, §18.1).
    StPetersCp {
        /// How many.
        cp: u8,
    },
    /// A reformation attempt (§18.3): both rolls (the defender's is empty
    /// after an automatic success) and the result.
    ReformationAttempt {
        /// The attacker: the Protestant, or England with a treatise.
        power: Power,
        /// The target.
        space: Space,
        /// The attacker's dice.
        attacker: Dice,
        /// The Papacy's dice.
        defender: Dice,
        /// The attacker's highest die, modified (Full Bible, Calvin's Institutes).
        attacker_high: u8,
        /// The Papacy's highest die (0 if it did not roll).
        defender_high: u8,
        /// Whether the space turned Protestant.
        success: bool,
    },
    /// A counter-reformation attempt by the Papacy (§18.4).
    CounterReformationAttempt {
        /// The target.
        space: Space,
        /// The Papacy's dice.
        attacker: Dice,
        /// The Protestant's dice (empty after an automatic success).
        defender: Dice,
        /// The Papacy's highest die, modified (Augsburg Confession).
        attacker_high: u8,
        /// The Protestant's highest die (0 if it did not roll).
        defender_high: u8,
        /// Whether the space turned Catholic.
        success: bool,
    },
    /// A debater was committed for his bonus (§18.2).
    DebaterCommitted(Debater),
    /// Scripture was translated (§18.1): the zone's tracks afterwards.
    ScriptureTranslated {
        /// The zone.
        zone: LanguageZone,
        /// New Testament boxes done.
        new_testament: u8,
        /// Full Bible boxes done.
        full_bible: u8,
    },
    /// A Jesuit university was placed (§18.1).
    UniversityFounded(Space),
    /// Unrest was placed in a space (§12.4).
    UnrestPlaced(Space),
    /// One round of a theological debate (§18.5): the debaters, their
    /// rolls and the result. A first-round tie (`winner: None`, round 1) is
    /// followed by the second round's event.
    Debate {
        /// Who called it (the attacker's side).
        caller: Power,
        /// The language zone.
        zone: LanguageZone,
        /// 1 or 2.
        round: u8,
        /// The caller's debater.
        attacker: Debater,
        /// The other side's debater.
        defender: Debater,
        /// The attacker's roll.
        attacker_dice: Dice,
        /// The defender's roll.
        defender_dice: Dice,
        /// The side with more hits; `None` on a tie.
        winner: Option<Power>,
        /// Spaces the winner flips: the hit difference, +1 for Aleander, 0
        /// if Campeggio cancelled the result.
        flips: u8,
        /// The loser, burned (Protestant) or disgraced (Papal) (§18.5 steps
        /// 9-10): the winner gained his debate value in bonus VP.
        loser_out: Option<Debater>,
        /// Campeggio's die after a Papal loss; 5-6 cancelled the result.
        campeggio_roll: Option<u8>,
    },
    /// The Diet of Worms (§18.1): the cards revealed, the rolls, the result.
    DietOfWorms {
        /// The Protestant's card.
        protestant_card: Option<Card>,
        /// The Papacy's card.
        papal_card: Option<Card>,
        /// The Hapsburg's card (the top card of the deck in the two-player variant).
        hapsburg_card: Option<Card>,
        /// The Protestant's roll (its card's CP + 4 dice).
        protestant_dice: Dice,
        /// The Papacy's roll.
        papal_dice: Dice,
        /// The Hapsburg's roll.
        hapsburg_dice: Dice,
        /// The Protestant, or the Papacy for the Catholic side; `None` on a tie.
        winner: Option<Power>,
        /// Spaces the winner may flip in the German zone.
        flips: u8,
    },
    /// The Council of Trent (#17, §18.6): the debaters sent, the rolls, the result.
    CouncilOfTrent {
        /// The Papal debaters sent.
        papal: EnumSet<Debater>,
        /// The Protestant debaters sent.
        protestant: EnumSet<Debater>,
        /// The Papacy's roll.
        papal_dice: Dice,
        /// The Protestant's roll.
        protestant_dice: Dice,
        /// The side with more hits; `None` on a tie.
        winner: Option<Power>,
        /// Spaces the winner may flip.
        flips: u8,
    },
    /// An electorate's Protestant regulars came off the Electorate Display (§18.7).
    ElectorateRegularsPlaced {
        /// The electorate.
        space: Space,
        /// How many regulars.
        regulars: u8,
    },
    /// A reformer entered the map (Luther with the 95 Theses, §18.1).
    ReformerPlaced(Reformer),
    /// A card was played as its event (§6.1).
    CardPlayedAsEvent {
        /// Who.
        power: Power,
        /// Which card.
        card: Card,
    },
    /// A response card was played in a response window (§6.1) of `to`'s
    /// impulse.
    ResponsePlayed {
        /// Who played it.
        power: Power,
        /// Which card.
        card: Card,
        /// The power whose impulse it answers.
        to: Power,
    },
    /// An announced action or event was canceled by a response card
    /// (Foul Weather #31, Gout #32, The Wartburg #37, Thomas Cromwell #115).
    AnnouncedCanceled {
        /// The power whose action or event it was.
        power: Power,
        /// The card that canceled it.
        by: Card,
    },
    /// An event announced in a response window found its condition gone
    /// when the window closed (a response changed the board) and had no
    /// effect (ruling E14).
    EventNoEffect {
        /// Whose event it was.
        power: Power,
        /// Which card.
        card: Card,
    },
    /// Professional Rowers (#34) modified `power`'s naval interception or
    /// avoid-battle roll by `by` (+2 or -2).
    RollModified {
        /// Whose roll.
        power: Power,
        /// The modifier.
        by: i8,
    },
    /// A mandatory event not played by its deadline resolved in winter
    /// (§19 step 8), with no CP.
    MandatoryEventForced(Card),
    /// A new ruler took the throne (§3.3).
    RulerChanged {
        /// Whose throne.
        power: Power,
        /// The new ruler.
        ruler: Ruler,
    },
    /// A leader entered play or was put somewhere by an event.
    LeaderPlaced {
        /// Who.
        leader: Leader,
        /// Where.
        to: LeaderLocation,
    },
    /// A leader left the game (death).
    LeaderRemoved(Leader),
    /// A reformer left the game.
    ReformerRemoved(Reformer),
    /// A debater left the game.
    DebaterRemoved(Debater),
    /// A space came into play (Algiers, Barbary Pirates #9).
    SpaceEnteredPlay(Space),
    /// New land units were placed by an event or from the Electorate Display.
    LandUnitsPlaced {
        /// Whose.
        faction: Faction,
        /// Where.
        space: Space,
        /// The units.
        units: LandUnits,
    },
    /// New naval units were placed in a port by an event.
    NavalUnitsPlaced {
        /// Whose.
        faction: Faction,
        /// The port.
        space: Space,
        /// The units.
        units: NavalUnits,
    },
    /// A power gained (or lost) bonus VP (§23.2).
    BonusVp {
        /// Who.
        power: Power,
        /// How many.
        vp: i8,
    },
    /// A power drew a card from the deck (which card is hidden).
    CardDrawnFromDeck(Power),
    /// A side drew a diplomatic card (which card is hidden; §24.3).
    DipCardDrawn(Power),
    /// The diplomatic discards went back into the diplomatic deck (§24.3).
    DipDeckReshuffled,
    /// The Schmalkaldic League formed (§21.6).
    SchmalkaldicLeagueFormed,
    /// Two powers went to war by an event (not a declaration).
    WarBegan {
        /// One side.
        a: Power,
        /// The other.
        b: Power,
    },
    /// Two powers became allies by an event.
    AllianceFormed {
        /// One side.
        a: Power,
        /// The other.
        b: Power,
    },
    /// Land units (and the army leaders with them) were displaced by an
    /// event; with no destination they were eliminated.
    LandUnitsDisplaced {
        /// Whose.
        faction: Faction,
        /// From.
        from: Space,
        /// To, if anywhere.
        to: Option<Space>,
        /// The units.
        units: LandUnits,
    },
    /// A ruler was excommunicated by Papal Bull (§21.5).
    RulerExcommunicated(Ruler),
    /// The two-player use of Papal Bull (#5, §24.3) ends the Papacy's war
    /// with the excommunicated ruler's power.
    PapalBullPeace(Ruler),
    /// A reformer was excommunicated by Papal Bull (§21.5): he and his
    /// debater are off the map until the next card draw.
    ReformerExcommunicated(Reformer),
    /// A naval interception attempt (§16.1 step 4): 2 dice plus the best
    /// naval leader's battle rating, 9 or more succeeds.
    NavalInterception {
        /// The intercepting power.
        power: Power,
        /// Where the interceptors came from.
        from: NavalLocation,
        /// The sea zone they tried to enter.
        zone: SeaZone,
        /// The dice.
        dice: Dice,
        /// The naval leader's battle rating added.
        bonus: u8,
        /// Whether it succeeded.
        success: bool,
    },
    /// An attempt to avoid a naval battle (§16.1 step 5): 2 dice plus the
    /// best naval leader's battle rating, 9 or more succeeds.
    NavalAvoidBattle {
        /// The power whose ships tried to avoid battle.
        power: Power,
        /// The sea zone they tried to leave.
        zone: SeaZone,
        /// Where they tried to go.
        to: NavalLocation,
        /// The dice.
        dice: Dice,
        /// The naval leader's battle rating added.
        bonus: u8,
        /// Whether it succeeded.
        success: bool,
    },
    /// A naval battle was fought (§16.2), one event per battle.
    NavalBattle {
        /// Where.
        at: NavalLocation,
        /// The attacker: the active power.
        attacker: Power,
        /// The defender: an enemy power, or an inactive minor in its port.
        defender: Faction,
        /// The attacker's dice.
        attacker_dice: Dice,
        /// The defender's dice.
        defender_dice: Dice,
        /// The winner (ties go to the defender).
        winner: Faction,
    },
    /// Naval units were lost to the turn track (§16.2 step 10, §16.4, §5.3).
    ShipsLost {
        /// Whose.
        faction: Faction,
        /// Where.
        at: NavalLocation,
        /// How many of each kind.
        units: NavalUnits,
    },
    /// A naval leader went to the turn track: his side lost all its ships
    /// there (§16.2 step 10).
    NavalLeaderLost {
        /// The leader.
        leader: Leader,
        /// Where he was.
        at: NavalLocation,
    },
    /// Ships retreated after a naval battle (§16.2 step 9).
    ShipsRetreated {
        /// Whose.
        faction: Faction,
        /// From.
        from: NavalLocation,
        /// To.
        to: NavalLocation,
        /// The ships.
        units: NavalUnits,
    },
    /// A formation crossed the sea by naval transport and landed (§16.3).
    FormationTransported {
        /// Whose.
        power: Power,
        /// The port it left.
        from: Space,
        /// The port it landed in.
        to: Space,
        /// Units carried.
        units: LandUnits,
        /// Army leaders carried.
        leaders: u8,
        /// CP paid, one per leg.
        cp: u8,
    },
    /// A piracy action (§16.4), one event per action.
    Piracy {
        /// The sea zone.
        zone: SeaZone,
        /// The target.
        target: Power,
        /// The anti-piracy dice; each hit sank a corsair.
        anti_piracy: Dice,
        /// Corsairs sunk.
        corsairs_sunk: u8,
        /// The piracy dice (none if no corsair survived).
        piracy: Dice,
    },
    /// The Ottoman gained a piracy VP (§16.4 step 5c).
    PiracyVp {
        /// The Ottoman's piracy VP now.
        total: u8,
    },
    /// An interception attempt (§13.2): 2d6 plus `modifier`, 9 or more succeeds.
    InterceptionAttempt {
        /// The interceptor.
        power: Power,
        /// Where its formation came from.
        from: Space,
        /// The destination of the intercepted move.
        to: Space,
        /// The two dice.
        dice: Dice,
        /// Leader rating and cavalry modifiers.
        modifier: i8,
        /// Whether it succeeded.
        success: bool,
    },
    /// An attempt to avoid battle (§13.3); no dice when it succeeds by itself
    /// (every unit trying lost a battle this impulse).
    AvoidBattleAttempt {
        /// Who tried.
        power: Power,
        /// The space left.
        from: Space,
        /// The space chosen.
        to: Space,
        /// The two dice (none if automatic).
        dice: Dice,
        /// Leader rating and cavalry modifiers.
        modifier: i8,
        /// Whether it succeeded.
        success: bool,
    },
    /// Land units withdrew into the fortifications of their space (§13.4, §14.1, §22.1).
    WithdrewIntoFortifications {
        /// Whose units.
        faction: Faction,
        /// Where.
        space: Space,
        /// Units that went inside.
        units: LandUnits,
    },
    /// A field battle was fought (§14).
    FieldBattle {
        /// The moving power.
        attacker: Power,
        /// The main defending faction.
        defender: Faction,
        /// Where.
        space: Space,
        /// The attacker's roll.
        attacker_dice: Dice,
        /// The defender's roll.
        defender_dice: Dice,
        /// The winner: the attacker's faction or the defender's.
        winner: Faction,
    },
    /// An assault was made (§15.1).
    Assault {
        /// The assaulting power.
        attacker: Power,
        /// The controller of the space.
        defender: Faction,
        /// Where.
        space: Space,
        /// The attacker's roll.
        attacker_dice: Dice,
        /// The defender's roll.
        defender_dice: Dice,
        /// Whether the space fell.
        success: bool,
    },
    /// A leader was captured (§13.1, §14 step 10, §15.1).
    LeaderCaptured {
        /// Who.
        leader: Leader,
        /// By whom.
        by: Power,
    },
    /// Land units retreated (§13.4, §14.1, §15.3).
    Retreated {
        /// Whose.
        faction: Faction,
        /// From.
        from: Space,
        /// To.
        to: Space,
        /// How many of each kind.
        units: LandUnits,
    },
    /// A siege began (§13.4, §14 step 12, §15).
    SiegeBegun {
        /// Where.
        space: Space,
        /// The besieger.
        besieger: Power,
    },
    /// A siege ended without the space falling (§15.2, §15.3).
    SiegeBroken(Space),
    /// A two-player side spends its next action for an invader (§24.3).
    ActingFor {
        /// The player whose CP pay for it.
        player: Power,
        /// The power acted for.
        invader: Power,
    },
    /// A leader was displaced (§12.5, §15.1 step 11).
    LeaderDisplaced {
        /// Who.
        leader: Leader,
        /// Where to.
        to: Space,
    },
    /// A naval leader went to the turn track (§15.1 step 10).
    LeaderToTurnTrack(Leader),
    /// Hungary-Bohemia was defeated by the Ottoman (§22.5).
    HungaryBohemiaDefeated,
    /// Henry VIII's marital status marker advanced to this box (§21.3).
    MaritalStatusAdvanced(MaritalStatus),
    /// The pregnancy chart for `wife` (§21.3): the die (none for Katherine
    /// Parr, who brings both heirs) and the result recorded (none if no
    /// result was left).
    PregnancyChart {
        /// The new wife.
        wife: MaritalStatus,
        /// The die rolled.
        dice: Option<Dice>,
        /// The result recorded, 1 to 6.
        result: Option<u8>,
    },
    /// The Hapsburg took the Catherine of Aragon marker (§21.3), or used it
    /// (`false`) on a declaration of war on England (§9.6 step 2).
    CatherineOfAragonMarker(bool),
    /// Under Mary I, England rolled for the card it played (§21.3 step 3):
    /// on 1-3 (`papal`) the Papacy uses its CP in the English zone.
    MaryIRoll {
        /// The card England played.
        card: Card,
        /// The die.
        dice: Dice,
        /// Whether the Papacy took the card's CP.
        papal: bool,
    },
    /// Two-player Mary I (§24.3): after a Protestant impulse the Papacy
    /// rolls; on 5-6 it draws a card from the deck (discarded) and uses its
    /// CP in England.
    TwoPlayerMaryIRoll {
        /// The die.
        dice: Dice,
        /// The card drawn on 5-6 (none on 1-4 or from an empty deck).
        card: Option<Card>,
    },
    /// Dice a combat card or Janissaries added to a battle (#1, #30), rolled apart.
    CombatCardDice {
        /// Who played the card.
        power: Power,
        /// The card.
        card: Card,
        /// The roll.
        dice: Dice,
    },
    /// France rolled on the chateaux table (Patron of the Arts, #4, §21.4).
    ChateauxRoll {
        /// The die.
        dice: Dice,
        /// The modifier.
        modifier: i8,
        /// Chateau VP gained.
        vp: u8,
    },
    /// A power discarded a card of its choice to the discard pile.
    CardDiscarded {
        /// Who.
        power: Power,
        /// The card.
        card: Card,
    },
    /// A New World voyage set out into Crossing Atlantic (§20).
    VoyageLaunched {
        /// Whose.
        power: Power,
        /// Which kind.
        voyage: crate::rules::new_world::VoyageKind,
    },
    /// A voyage underway was cancelled (Fountain of Youth #77, Search for Cibola #98).
    VoyageCancelled {
        /// Whose.
        power: Power,
        /// Which kind.
        voyage: crate::rules::new_world::VoyageKind,
    },
    /// A voyage of exploration was rolled (§20.2).
    Exploration {
        /// The explorer.
        explorer: Explorer,
        /// The modified roll.
        roll: i8,
        /// The discovery claimed, if any.
        discovery: Option<Discovery>,
    },
    /// An explorer who rolled 10 or more claimed a discovery (§20.2).
    DiscoveryClaimed {
        /// The explorer.
        explorer: Explorer,
        /// The discovery.
        discovery: Discovery,
    },
    /// A circumnavigation was tried (§20.2).
    Circumnavigation {
        /// The explorer.
        explorer: Explorer,
        /// The modified roll.
        roll: i8,
        /// Whether he made it.
        success: bool,
    },
    /// A voyage of conquest was rolled (§20.3).
    ConquestVoyage {
        /// Whose.
        power: Power,
        /// The conquistador (Hapsburg), or none (a Conquest marker).
        conquistador: Option<Conquistador>,
        /// The modified roll.
        roll: u8,
        /// The conquest made, if any.
        conquest: Option<Conquest>,
    },
    /// A colony reached its colony box (§20.1).
    ColonyFounded(Power),
    /// A New World Riches roll (§20.4).
    NewWorldRiches {
        /// Whose colony or conquest.
        power: Power,
        /// The column read.
        column: crate::rules::new_world::RichesColumn,
        /// The modified roll.
        roll: u8,
        /// The result, after Colonial Governor or Native Uprising (#111).
        result: crate::rules::new_world::Riches,
    },
    /// A Huguenot raider rolled for a Hapsburg bonus card (§20.4, #49).
    Raid {
        /// The raider's power.
        raider: Power,
        /// The die.
        die: u8,
        /// The card was stolen.
        stolen: bool,
        /// The raider was eliminated.
        eliminated: bool,
    },
    /// A power took a card from the discard pile into its hand (§6.2;
    /// Here I Stand, #7).
    CardRetrieved {
        /// Who.
        power: Power,
        /// The card.
        card: Card,
    },
    /// `viewer` reviewed `power`'s hand in secret (Venetian Informant,
    /// #109): which cards it saw is in `viewer`'s observation only.
    HandReviewed {
        /// Who looked.
        viewer: Power,
        /// Whose hand.
        power: Power,
    },
    /// A space took a fortress in play (Trace Italienne, #104; Knights of
    /// St. John, #86).
    FortressBuilt(Space),
    /// A minor power was deactivated by an event (§22.4).
    MinorDeactivated {
        /// The minor.
        minor: MinorPower,
        /// Its former ally.
        former: Power,
    },
    /// A minor power was activated as a power's ally by an event (§22.2).
    MinorActivated {
        /// The minor.
        minor: MinorPower,
        /// Its new ally.
        power: Power,
    },
    /// A power rolled dice for a card event (Andrea Doria, #68; Rough
    /// Wooing, #116; City State Rebels, #71).
    EventDice {
        /// Who rolled.
        power: Power,
        /// The card.
        card: Card,
        /// The roll.
        dice: Dice,
    },
    /// A foreign war began (§21.7): its card is on the map.
    ForeignWarBegan {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// The independent units it starts with.
        independents: u8,
    },
    /// Land units went onto a foreign war card (§21.7).
    ToForeignWar {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// Where from, if from the map (else newly built).
        from: Option<Space>,
        /// The units.
        units: LandUnits,
    },
    /// A leader went onto a foreign war card (§21.7).
    LeaderToForeignWar {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// The leader.
        leader: Leader,
    },
    /// A Fight Foreign War action's battle (§21.7).
    ForeignWarBattle {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// The fighting power's roll.
        power_dice: Dice,
        /// The independents' roll.
        foreign_dice: Dice,
        /// Independent units eliminated.
        independents_lost: u8,
    },
    /// Units on a foreign war card its power's counters could no longer
    /// show after a loss there (§5.2) were eliminated.
    ForeignWarCounters {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// The units.
        units: LandUnits,
    },
    /// A foreign war was won (§21.7): 1 War Winner VP, the survivors home.
    ForeignWarWon {
        /// The war.
        war: crate::rules::foreign_war::ForeignWar,
        /// Where the survivors went, if anywhere.
        to: Option<Space>,
    },
    /// An allied minor's regulars moved with their major ally's formation
    /// (a move, an interception or avoid battle, §22.3).
    MinorUnitsMoved {
        /// The minor.
        minor: MinorPower,
        /// Its ally, whose formation they moved with.
        with: Power,
        /// From.
        from: Space,
        /// To.
        to: Space,
        /// How many regulars.
        regulars: u8,
    },
}

/// "s" for more than one.
fn plural(n: impl Into<i64>) -> &'static str {
    if n.into() == 1 { "" } else { "s" }
}

/// " with `n` leader(s)", or nothing.
fn with_leaders(n: u8) -> String {
    match n {
        0 => String::new(),
        1 => " with 1 leader".into(),
        n => format!(" with {n} leaders"),
    }
}

/// "succeeded" or "failed".
fn outcome(success: bool) -> &'static str {
    if success { "succeeded" } else { "failed" }
}

/// `dice` and their total with `modifier`: "8 + 1 = 9" of faces "5 3".
fn roll_with(dice: Dice, modifier: i64) -> String {
    let total = i64::from(dice.sum()) + modifier;
    match modifier {
        0 => format!("rolled {dice} ({total})"),
        m if m > 0 => format!("rolled {dice} +{m} ({total})"),
        m => format!("rolled {dice} {m} ({total})"),
    }
}

/// "Protestant" / "tie".
fn won_by(winner: Option<Power>) -> String {
    winner.map_or_else(|| "a tie".into(), |p| format!("{} wins", p.name()))
}

/// One English line per event, naming spaces, powers, cards and dice as a
/// player would: "France moves 4 regulars with 1 leader from Paris to Lyon".
impl core::fmt::Display for Event {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Event::PhaseBegan { turn, phase } => write!(f, "Turn {turn}: {} phase", phase.name()),
            Event::CardsDealt { power, count } => write!(f, "{power} is dealt {count} card{}", plural(count)),
            Event::CardAdded(card) => write!(f, "{} (#{}) enters the deck", card.name(), card.number()),
            Event::CardPlayedForCp { power, card, cp } => {
                write!(f, "{power} plays {} (#{}) for {cp} CP", card.name(), card.number())
            }
            Event::CardRetrieved { power, card } => {
                write!(f, "{power} takes {} (#{}) from the discard pile", card.name(), card.number())
            }
            Event::HandReviewed { viewer, power } => write!(f, "{viewer} reviews {power}'s hand in secret"),
            Event::FortressBuilt(space) => write!(f, "A fortress is built in {space}"),
            Event::MinorDeactivated { minor, former } => write!(f, "{minor} is no longer allied to {former}"),
            Event::MinorUnitsMoved { minor, with, from, to, regulars } => {
                write!(f, "{regulars} {minor} regular(s) move with {with} from {from} to {to}")
            }
            Event::MinorActivated { minor, power } => write!(f, "{minor} becomes {power}'s ally"),
            Event::EventDice { power, card, dice } => write!(f, "{power} rolls {dice} for {}", card.name()),
            Event::Passed(power) => write!(f, "{power} passes"),
            Event::ImpulseToSkip(power) => write!(f, "{power} will skip its next impulse"),
            Event::ImpulseSkipped(power) => write!(f, "{power} skips its impulse (not a pass)"),
            Event::FormationMoved { power, from, to, units, leaders } => {
                write!(f, "{power} moves {units}{} from {from} to {to}", with_leaders(leaders))
            }
            Event::UnitRaised { faction, kind, space } => {
                write!(f, "{faction} raises a {} in {space}", kind.name().to_lowercase())
            }
            Event::SquadronBuilt { faction, space } => write!(f, "{faction} builds a squadron in {space}"),
            Event::ControlChanged { space, from, to } => write!(f, "{space} passes from {from} to {to} control"),
            Event::UnrestRemoved(space) => write!(f, "Unrest is removed from {space}"),
            Event::GameOver(outcome) => write!(f, "Game over: {outcome}"),
            Event::SpringDeployed { power, from, to, units, leaders } => {
                write!(f, "{power} deploys {units}{} from {from} to {to}", with_leaders(leaders))
            }
            Event::WarDeclared { power, target } => write!(f, "{power} declares war on {target}"),
            Event::Intervened { power, minor, declarer } => {
                write!(f, "{power} intervenes for {minor} against {declarer}")
            }
            Event::CardPaidForWar { power, card, cp } => {
                write!(f, "{power} pays for war with {} (#{}, {cp} CP)", card.name(), card.number())
            }
            Event::WinterNavalReturn { faction, to } => write!(f, "{faction} ships winter in {to}"),
            Event::WinterReturn { faction, from, to, units } => {
                write!(
                    f,
                    "{faction} {units} {} home for winter from {from} to {to}",
                    agree(units.total(), "goes", "go")
                )
            }
            Event::UnitsEliminated { faction, space, units } => write!(f, "{faction} loses {units} in {space}"),
            Event::CorsairBuilt(space) => write!(f, "Ottoman builds a corsair in {space}"),
            Event::ShipsMoved { faction, from, to, units } => {
                write!(f, "{faction} {units} {} from {from} to {to}", agree(units.total(), "sails", "sail"))
            }
            Event::NavalLeaderMoved { leader, from, to } => write!(f, "{leader} sails from {from} to {to}"),
            Event::ReligionChanged { space, religion } => write!(f, "{space} turns {religion}"),
            Event::SuedForPeace { power, winner, vp } => {
                write!(f, "{power} sues {winner} for peace; {winner} gains {vp} War Winner VP")
            }
            Event::ShipsEliminated { faction, space, units } => write!(f, "{faction} loses {units} in {space}"),
            Event::WarWinnerVpGiven { power, to } => write!(f, "{power} gives {to} 1 War Winner VP"),
            Event::CardDrawn { power, from, card: Some(card) } => {
                write!(f, "{power} draws {} (#{}) from {from}'s hand", card.name(), card.number())
            }
            Event::CardDrawn { power, from, card: None } => write!(f, "{power} draws a card from {from}'s hand"),
            Event::LeaderReturned { leader, to } => write!(f, "{leader} returns to {to}"),
            Event::PeaceMade { power, winner } => write!(f, "Peace between {power} and {winner}"),
            Event::PhonyWarRemoved { power, minor } => {
                write!(f, "{power}'s Phony War marker for {minor} is removed: its VP is back")
            }
            Event::PhonyWarPermanent { power, minor } => {
                write!(f, "{power}'s Phony War marker for {minor} becomes permanent")
            }
            Event::ExcommunicationLifted(ruler) => write!(f, "{ruler}'s excommunication is lifted"),
            Event::DealOffered { proposer, recipient } => write!(f, "{proposer} offers {recipient} a deal"),
            Event::DealRejected { proposer, recipient } => write!(f, "{recipient} rejects {proposer}'s deal"),
            Event::DealFailed { proposer, recipient } => {
                write!(f, "The deal of {proposer} and {recipient} fails a term: nothing of it happens")
            }
            Event::DealAccepted { deal } => write!(f, "{} accepts {}'s deal: {deal}", deal.recipient, deal.proposer),
            Event::WhitePeace { a, b } => write!(f, "{a} and {b} end their war (white peace)"),
            Event::DivorceGranted => write!(f, "The Papacy grants Henry VIII's divorce"),
            Event::CardDrawsGiven { giver, receiver, count } => {
                write!(f, "{receiver} draws {count} random card(s) from {giver}'s hand")
            }
            Event::SquadronLoaned { faction, receiver, from, to } => {
                write!(f, "a {faction} squadron in {from} goes on loan to {receiver}, to {to}")
            }
            Event::NavalLeaderLoaned { leader, receiver, to } => {
                write!(f, "{leader} goes on loan to {receiver}, to {to}")
            }
            Event::LoanEnded { owner, at, squadrons } => {
                write!(f, "{squadrons} loaned {owner} squadron(s) at {at} return to {owner}")
            }
            Event::MercenariesGiven { giver, receiver, count } => {
                write!(f, "{giver} gives {receiver} {count} mercenaries")
            }
            Event::MercenariesPlaced { power, space, count } => {
                write!(f, "{power} places {count} mercenaries in {space}")
            }
            Event::StPetersCp { cp } => write!(f, "{cp} CP go to St. Peter's"),
            Event::ReformationAttempt { power, space, attacker, defender, attacker_high, defender_high, success } => {
                write!(f, "{power} reformation attempt in {space}: {attacker} (high {attacker_high})")?;
                if defender.count() > 0 {
                    write!(f, " against the Papacy's {defender} (high {defender_high})")?;
                }
                f.write_str(if success { ", it turns Protestant" } else { ", it fails" })
            }
            Event::CounterReformationAttempt { space, attacker, defender, attacker_high, defender_high, success } => {
                write!(f, "Papacy counter-reformation attempt in {space}: {attacker} (high {attacker_high})")?;
                if defender.count() > 0 {
                    write!(f, " against the Protestant's {defender} (high {defender_high})")?;
                }
                f.write_str(if success { ", it turns Catholic" } else { ", it fails" })
            }
            Event::DebaterCommitted(debater) => write!(f, "{debater} is committed"),
            Event::ScriptureTranslated { zone, new_testament, full_bible } => {
                write!(f, "{zone} scripture translated: New Testament {new_testament}/6, Full Bible {full_bible}/10")
            }
            Event::UniversityFounded(space) => write!(f, "A Jesuit university is founded in {space}"),
            Event::UnrestPlaced(space) => write!(f, "Unrest breaks out in {space}"),
            Event::Debate {
                caller,
                zone,
                round,
                attacker,
                defender,
                attacker_dice,
                defender_dice,
                winner,
                flips,
                loser_out,
                campeggio_roll,
            } => {
                write!(
                    f,
                    "{caller} debate in the {zone} zone, round {round}: {attacker} rolls {attacker_dice} ({} hit{}), \
                     {defender} rolls {defender_dice} ({} hit{}): {}",
                    attacker_dice.hits(),
                    plural(attacker_dice.hits()),
                    defender_dice.hits(),
                    plural(defender_dice.hits()),
                    won_by(winner)
                )?;
                if winner.is_some() {
                    write!(f, ", {flips} space{} to flip", plural(flips))?;
                }
                if let Some(out) = loser_out {
                    write!(f, ", {out} is out")?;
                }
                if let Some(roll) = campeggio_roll {
                    write!(f, ", Campeggio rolls {roll}")?;
                }
                Ok(())
            }
            Event::DietOfWorms {
                protestant_card,
                papal_card,
                hapsburg_card,
                protestant_dice,
                papal_dice,
                hapsburg_dice,
                winner,
                flips,
            } => {
                let card = |c: Option<Card>| c.map_or("no card", |c| c.name());
                write!(
                    f,
                    "Diet of Worms: Protestant plays {} and rolls {protestant_dice}, Papacy plays {} and rolls \
                     {papal_dice}, Hapsburg plays {} and rolls {hapsburg_dice}: {}",
                    card(protestant_card),
                    card(papal_card),
                    card(hapsburg_card),
                    won_by(winner)
                )?;
                if winner.is_some() {
                    write!(f, ", {flips} space{} to flip", plural(flips))?;
                }
                Ok(())
            }
            Event::CouncilOfTrent { papal, protestant, papal_dice, protestant_dice, winner, flips } => {
                write!(
                    f,
                    "Council of Trent: the Papacy sends {} debater{} and rolls {papal_dice}, the Protestant sends {} \
                     and rolls {protestant_dice}: {}",
                    papal.len(),
                    plural(papal.len() as i64),
                    protestant.len(),
                    won_by(winner)
                )?;
                if winner.is_some() {
                    write!(f, ", {flips} space{} to flip", plural(flips))?;
                }
                Ok(())
            }
            Event::ElectorateRegularsPlaced { space, regulars } => {
                write!(f, "{regulars} Protestant regular{} placed in {space}", plural(regulars))
            }
            Event::ReformerPlaced(reformer) => write!(f, "{reformer} enters the map"),
            Event::CardPlayedAsEvent { power, card } => {
                write!(f, "{power} plays {} (#{}) as an event", card.name(), card.number())
            }
            Event::ResponsePlayed { power, card, to } => {
                write!(f, "{power} plays {} (#{}) in response to {to}", card.name(), card.number())
            }
            Event::AnnouncedCanceled { power, by } => {
                write!(f, "{power}'s announced action is canceled by {} (#{})", by.name(), by.number())
            }
            Event::EventNoEffect { power, card } => {
                write!(f, "{power}'s {} (#{}) has no effect: its condition no longer holds", card.name(), card.number())
            }
            Event::RollModified { power, by } => write!(f, "{power}'s roll is modified by {by:+}"),
            Event::MandatoryEventForced(card) => {
                write!(f, "{} (#{}) resolves in winter as a mandatory event", card.name(), card.number())
            }
            Event::RulerChanged { power, ruler } => write!(f, "{ruler} now rules {power}"),
            Event::LeaderPlaced { leader, to } => write!(f, "{leader} is placed {to}"),
            Event::LeaderRemoved(leader) => write!(f, "{leader} leaves the game"),
            Event::ReformerRemoved(reformer) => write!(f, "{reformer} leaves the game"),
            Event::DebaterRemoved(debater) => write!(f, "{debater} leaves the game"),
            Event::SpaceEnteredPlay(space) => write!(f, "{space} comes into play"),
            Event::LandUnitsPlaced { faction, space, units } => write!(f, "{faction} places {units} in {space}"),
            Event::NavalUnitsPlaced { faction, space, units } => write!(f, "{faction} places {units} in {space}"),
            Event::BonusVp { power, vp } if vp < 0 => write!(f, "{power} loses {} bonus VP", -i16::from(vp)),
            Event::BonusVp { power, vp } => write!(f, "{power} gains {vp} bonus VP"),
            Event::CardDrawnFromDeck(power) => write!(f, "{power} draws a card"),
            Event::DipCardDrawn(power) => write!(f, "{power} draws a diplomatic card"),
            Event::DipDeckReshuffled => f.write_str("The diplomatic deck is reshuffled"),
            Event::SchmalkaldicLeagueFormed => f.write_str("The Schmalkaldic League forms"),
            Event::WarBegan { a, b } => write!(f, "{a} and {b} are now at war"),
            Event::AllianceFormed { a, b } => write!(f, "{a} and {b} are now allied"),
            Event::LandUnitsDisplaced { faction, from, to: Some(to), units } => {
                write!(f, "{faction} {units} displaced from {from} to {to}")
            }
            Event::LandUnitsDisplaced { faction, from, to: None, units } => {
                write!(f, "{faction} {units} displaced from {from} and eliminated")
            }
            Event::RulerExcommunicated(ruler) => write!(f, "{ruler} is excommunicated"),
            Event::PapalBullPeace(ruler) => {
                write!(f, "Papal Bull ends the war between the Papacy and {}", ruler.power())
            }
            Event::ReformerExcommunicated(reformer) => write!(f, "{reformer} is excommunicated"),
            Event::NavalInterception { power, from, zone, dice, bonus, success } => write!(
                f,
                "{power} tries to intercept from {from} into the {zone}: {}, {}",
                roll_with(dice, bonus.into()),
                outcome(success)
            ),
            Event::NavalAvoidBattle { power, zone, to, dice, bonus, success } => write!(
                f,
                "{power} tries to avoid naval battle in the {zone} to {to}: {}, {}",
                roll_with(dice, bonus.into()),
                outcome(success)
            ),
            Event::NavalBattle { at, attacker, defender, attacker_dice, defender_dice, winner } => write!(
                f,
                "Naval battle in {at}: {attacker} rolls {attacker_dice} ({} hit{}), {defender} rolls {defender_dice} \
                 ({} hit{}): {winner} wins",
                attacker_dice.hits(),
                plural(attacker_dice.hits()),
                defender_dice.hits(),
                plural(defender_dice.hits())
            ),
            Event::ShipsLost { faction, at, units } => write!(f, "{faction} loses {units} in {at}"),
            Event::NavalLeaderLost { leader, at } => write!(f, "{leader} goes to the turn track from {at}"),
            Event::ShipsRetreated { faction, from, to, units } => {
                write!(f, "{faction} {units} {} from {from} to {to}", agree(units.total(), "retreats", "retreat"))
            }
            Event::FormationTransported { power, from, to, units, leaders, cp } => {
                write!(f, "{power} transports {units}{} by sea from {from} to {to} for {cp} CP", with_leaders(leaders))
            }
            Event::Piracy { zone, target, anti_piracy, corsairs_sunk, piracy } => write!(
                f,
                "Ottoman piracy in the {zone} against {target}: anti-piracy rolls {anti_piracy} (sinks {corsairs_sunk} \
                 corsair{}), piracy rolls {piracy} ({} hit{})",
                plural(corsairs_sunk),
                piracy.hits(),
                plural(piracy.hits())
            ),
            Event::PiracyVp { total } => write!(f, "Ottoman gains a piracy VP ({total} in all)"),
            Event::InterceptionAttempt { power, from, to, dice, modifier, success } => write!(
                f,
                "{power} tries to intercept from {from} into {to}: {}, {}",
                roll_with(dice, modifier.into()),
                outcome(success)
            ),
            Event::AvoidBattleAttempt { power, from, to, dice, success, .. } if dice.count() == 0 => {
                write!(f, "{power} avoids battle from {from} to {to} without a roll: {}", outcome(success))
            }
            Event::AvoidBattleAttempt { power, from, to, dice, modifier, success } => write!(
                f,
                "{power} tries to avoid battle from {from} to {to}: {}, {}",
                roll_with(dice, modifier.into()),
                outcome(success)
            ),
            Event::WithdrewIntoFortifications { faction, space, units } => {
                write!(
                    f,
                    "{faction} {units} {} into the fortifications of {space}",
                    agree(units.total(), "withdraws", "withdraw")
                )
            }
            Event::FieldBattle { attacker, defender, space, attacker_dice, defender_dice, winner } => write!(
                f,
                "Field battle at {space}: {attacker} rolls {attacker_dice} ({} hit{}), {defender} rolls \
                 {defender_dice} ({} hit{}): {winner} wins",
                attacker_dice.hits(),
                plural(attacker_dice.hits()),
                defender_dice.hits(),
                plural(defender_dice.hits())
            ),
            Event::Assault { attacker, defender, space, attacker_dice, defender_dice, success } => write!(
                f,
                "{attacker} assaults {space}: rolls {attacker_dice} ({} hit{}), {defender} rolls {defender_dice} \
                 ({} hit{}): {}",
                attacker_dice.hits(),
                plural(attacker_dice.hits()),
                defender_dice.hits(),
                plural(defender_dice.hits()),
                if success { "the space falls" } else { "it holds" }
            ),
            Event::LeaderCaptured { leader, by } => write!(f, "{leader} is captured by {by}"),
            Event::Retreated { faction, from, to, units } => {
                write!(f, "{faction} {units} {} from {from} to {to}", agree(units.total(), "retreats", "retreat"))
            }
            Event::SiegeBegun { space, besieger } => write!(f, "{besieger} lays siege to {space}"),
            Event::SiegeBroken(space) => write!(f, "The siege of {space} is broken"),
            Event::ActingFor { player, invader } => write!(f, "{player} acts for {invader}"),
            Event::LeaderDisplaced { leader, to } => write!(f, "{leader} is displaced to {to}"),
            Event::LeaderToTurnTrack(leader) => write!(f, "{leader} goes to the turn track"),
            Event::HungaryBohemiaDefeated => f.write_str("Hungary-Bohemia is defeated by the Ottoman"),
            Event::MaritalStatusAdvanced(status) => write!(f, "Henry VIII's marital status: {status}"),
            Event::PregnancyChart { wife, dice, result } => {
                write!(f, "Pregnancy chart for {wife}")?;
                if let Some(dice) = dice {
                    write!(f, ": rolls {dice}")?;
                }
                match result {
                    Some(result) => write!(f, ", result {result}"),
                    None => f.write_str(", no result left"),
                }
            }
            Event::CatherineOfAragonMarker(true) => f.write_str("Hapsburg takes the Catherine of Aragon marker"),
            Event::CatherineOfAragonMarker(false) => f.write_str("Hapsburg uses the Catherine of Aragon marker"),
            Event::MaryIRoll { card, dice, papal } => write!(
                f,
                "Mary I: England rolls {dice} for {}{}",
                card.name(),
                if papal { ", the Papacy uses its CP" } else { "" }
            ),
            Event::TwoPlayerMaryIRoll { dice, card } => match card {
                Some(card) => write!(f, "Mary I: the Papacy rolls {dice}, draws {} and acts in England", card.name()),
                None => write!(f, "Mary I: the Papacy rolls {dice}"),
            },
            Event::CombatCardDice { power, card, dice } => {
                write!(f, "{power} adds {} from {}: rolls {dice}", dice.count(), card.name())
            }
            Event::ChateauxRoll { dice, modifier, vp } => {
                write!(f, "France rolls for chateaux: {}, gains {vp} VP", roll_with(dice, modifier.into()))
            }
            Event::CardDiscarded { power, card } => {
                write!(f, "{power} discards {} (#{})", card.name(), card.number())
            }
            Event::VoyageLaunched { power, voyage } => write!(f, "{power} launches a {}", voyage.name()),
            Event::VoyageCancelled { power, voyage } => write!(f, "{power}'s {} is cancelled", voyage.name()),
            Event::Exploration { explorer, roll, discovery } => {
                write!(f, "{explorer} explores: {roll}")?;
                match discovery {
                    Some(d) => write!(f, ", claims the {d}"),
                    None => Ok(()),
                }
            }
            Event::DiscoveryClaimed { explorer, discovery } => write!(f, "{explorer} claims the {discovery}"),
            Event::Circumnavigation { explorer, roll, success } => {
                write!(f, "{explorer} tries to circumnavigate: {roll}, {}", if success { "success" } else { "lost" })
            }
            Event::ConquestVoyage { power, conquistador, roll, conquest } => {
                match conquistador {
                    Some(c) => write!(f, "{c} ({power}) rolls {roll}")?,
                    None => write!(f, "{power}'s conquest rolls {roll}")?,
                }
                match conquest {
                    Some(c) => write!(f, ", conquers the {c}"),
                    None => Ok(()),
                }
            }
            Event::ColonyFounded(power) => write!(f, "A colony of {power} reaches its box"),
            Event::NewWorldRiches { power, column, roll, result } => {
                write!(f, "{power} rolls {roll} for New World riches ({column:?}): {result:?}")
            }
            Event::Raid { raider, die, stolen, eliminated } => write!(
                f,
                "{raider}'s raider rolls {die}{}{}",
                if stolen { ", steals the card" } else { "" },
                if eliminated { ", and is eliminated" } else { "" }
            ),
            Event::ForeignWarBegan { war, independents } => {
                write!(f, "{war} begins for {}: {independents} independent units", war.power())
            }
            Event::ToForeignWar { war, from: Some(from), units } => {
                write!(f, "{units} {} from {from} to {war}", agree(units.total(), "goes", "go"))
            }
            Event::LeaderToForeignWar { war, leader } => write!(f, "{leader} goes to {war}"),
            Event::ToForeignWar { war, from: None, units } => write!(f, "{units} built on {war}"),
            Event::ForeignWarBattle { war, power_dice, foreign_dice, independents_lost } => write!(
                f,
                "{} fights {war}: rolls {power_dice} against {foreign_dice}; {independents_lost} independent{} lost",
                war.power(),
                plural(independents_lost)
            ),
            Event::ForeignWarCounters { war, units } => {
                write!(f, "{units} on {war} eliminated: the counters cannot show them")
            }
            Event::ForeignWarWon { war, to: Some(to) } => {
                write!(f, "{} wins {war} (1 War Winner VP); the survivors go to {to}", war.power())
            }
            Event::ForeignWarWon { war, to: None } => write!(f, "{} wins {war} (1 War Winner VP)", war.power()),
        }
    }
}

/// The verb that agrees with a count of units: "1 mercenary goes", "2
/// regulars go".
fn agree(count: u8, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}
