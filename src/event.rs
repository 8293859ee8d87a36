//! `Event`: what happened, reported by `Game::apply_logged`.

use crate::dice::Dice;
use crate::game::{LandUnits, NavalLocation, NavalUnits};
use crate::types::{Card, Faction, LandUnitKind, Leader, MinorPower, Phase, Power, Religion, Ruler, Space};

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
        /// Units deployed.
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
    /// A power drew a random card from another's hand (§9.3-§9.5).
    CardDrawn {
        /// Who drew.
        power: Power,
        /// From whose hand.
        from: Power,
        /// The card.
        card: Card,
    },
    /// A captured leader came back (§9.3 step 6, §9.4).
    LeaderReturned {
        /// The leader.
        leader: Leader,
        /// Where.
        to: Space,
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
    /// CP went to St Peter's (§9.5, §18.1).
    StPetersCp {
        /// How many.
        cp: u8,
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
}
