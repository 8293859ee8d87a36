//! `Game`: the whole state of one game, `Setup` and the read accessors.
//!
//! The position is stored in fixed arrays indexed by the vocabulary enums and
//! in bitsets, so `Game` is `Clone` without any heap allocation.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::players::{Players, PlayersError};
use crate::sets::EnumSet;
use crate::types::{
    Card, Debater, Faction, LandUnitKind, LanguageZone, Leader, LeaderKind, MinorPower, Phase, Power, Reformer,
    Religion, Ruler, SeaZone, Space,
};
use crate::zobrist::Tracked;

/// Which game to play (§24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Scenario {
    /// The 1517 scenario: nine turns, six powers (§24.1).
    Y1517,
    /// The 1532 scenario: starts on turn 4 (§24.2).
    Y1532,
    /// The official two-player variant, Papacy against Protestant (§24.3).
    TwoPlayer,
    /// The Tournament scenario (§24.2): the 1532 setup, a last turn 6
    /// with no peace segment then (§9.3), +1 on the chateaux roll (§21.4)
    /// and a 23-VP standard victory (§23.3, docs/rulings.md T1).
    Tournament,
}

/// What sets one scenario's game apart (§24): data, one row a scenario.
struct ScenarioRules {
    /// The scenario whose setup and deck it plays.
    setup: Scenario,
    /// Its last turn (§7, §9.3, §23.3).
    last_turn: u8,
}

impl Scenario {
    /// Every scenario.
    pub const ALL: [Scenario; 4] = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer, Scenario::Tournament];

    const fn rules(self) -> ScenarioRules {
        match self {
            Scenario::Y1517 => ScenarioRules { setup: Scenario::Y1517, last_turn: LAST_TURN },
            Scenario::Y1532 => ScenarioRules { setup: Scenario::Y1532, last_turn: LAST_TURN },
            Scenario::TwoPlayer => ScenarioRules { setup: Scenario::TwoPlayer, last_turn: LAST_TURN },
            Scenario::Tournament => ScenarioRules { setup: Scenario::Y1532, last_turn: 6 },
        }
    }

    /// The scenario whose setup and deck this one plays: itself, or 1532
    /// for the Tournament (§24.2).
    ///
    /// ```
    /// use here_i_stand::Scenario;
    /// assert_eq!(Scenario::Tournament.setup(), Scenario::Y1532);
    /// assert_eq!(Scenario::TwoPlayer.setup(), Scenario::TwoPlayer);
    /// ```
    pub const fn setup(self) -> Scenario {
        self.rules().setup
    }

    /// The last turn (§7, §23.3): 9, or 6 in the Tournament (§9.3). No
    /// peace segment is held on it (§9.3).
    ///
    /// ```
    /// use here_i_stand::Scenario;
    /// assert_eq!(Scenario::Y1517.last_turn(), 9);
    /// assert_eq!(Scenario::Tournament.last_turn(), 6);
    /// ```
    pub const fn last_turn(self) -> u8 {
        self.rules().last_turn
    }
}

/// A word that names no scenario (`Scenario::from_str` reads `1517`,
/// `1532`, `2p` or `tournament`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown scenario {0}: use 1517, 1532, 2p or tournament")]
pub struct ParseScenarioError(pub String);

impl core::str::FromStr for Scenario {
    type Err = ParseScenarioError;

    /// The scenario a command-line word names: `1517`, `1532`, `2p` or
    /// `tournament`.
    ///
    /// ```
    /// use here_i_stand::Scenario;
    /// assert_eq!("2p".parse(), Ok(Scenario::TwoPlayer));
    /// assert!("1600".parse::<Scenario>().is_err());
    /// ```
    fn from_str(word: &str) -> Result<Scenario, ParseScenarioError> {
        match word {
            "1517" => Ok(Scenario::Y1517),
            "1532" => Ok(Scenario::Y1532),
            "2p" => Ok(Scenario::TwoPlayer),
            "tournament" => Ok(Scenario::Tournament),
            other => Err(ParseScenarioError(other.to_string())),
        }
    }
}

/// How to start a game: the scenario and the seed of the dice generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The scenario.
    pub scenario: Scenario,
    /// Seeds the dice and shuffles (`rand_pcg`); same setup and actions, same game.
    pub seed: u64,
    /// Fast play for trainers (off by default): a response window asks
    /// only the powers whose hand holds a card usable there. Being asked
    /// then reveals a hand, so use it only where every hand is known (self
    /// play); the default asks every power that could hold such a card.
    #[cfg_attr(feature = "serde", serde(default))]
    pub fast_play: bool,
    /// Who holds which power (§3.1): six players by default; see
    /// [`Setup::with_players`] for the games of three to five players.
    #[cfg_attr(feature = "serde", serde(default))]
    pub players: Players,
}

impl Setup {
    /// A setup for `scenario` with dice seeded by `seed`.
    pub const fn new(scenario: Scenario, seed: u64) -> Setup {
        Setup { scenario, seed, fast_play: false, players: Players::SIX }
    }

    /// The same setup for the players given (§3.1, rulings PL1-PL5), if
    /// they may play its scenario ([`Players::check_scenario`]).
    ///
    /// ```
    /// use here_i_stand::{Game, Players, Power, Scenario, Setup};
    ///
    /// let setup = Setup::new(Scenario::Y1517, 1).with_players(Players::standard(4)?)?;
    /// let game = Game::new(setup);
    /// assert_eq!(game.player_of(Power::Papacy), game.player_of(Power::Hapsburg));
    /// assert!(Setup::new(Scenario::TwoPlayer, 1).with_players(Players::standard(3)?).is_err());
    /// # Ok::<(), here_i_stand::PlayersError>(())
    /// ```
    pub fn with_players(self, players: Players) -> Result<Setup, PlayersError> {
        players.check_scenario(self.scenario)?;
        Ok(Setup { players, ..self })
    }

    /// The same setup with fast play on or off (see [`Setup::fast_play`]).
    pub const fn with_fast_play(self, fast_play: bool) -> Setup {
        Setup { fast_play, ..self }
    }
}

/// Land units of one faction in one space (§5.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LandUnits {
    /// Regulars.
    pub regulars: u8,
    /// Mercenaries (major powers but the Ottoman).
    pub mercenaries: u8,
    /// Cavalry (Ottoman only).
    pub cavalry: u8,
}

impl LandUnits {
    /// No units.
    pub const NONE: LandUnits = LandUnits { regulars: 0, mercenaries: 0, cavalry: 0 };

    /// `n` regulars.
    pub const fn regulars(n: u8) -> LandUnits {
        LandUnits { regulars: n, mercenaries: 0, cavalry: 0 }
    }

    /// `n` mercenaries.
    pub const fn mercenaries(n: u8) -> LandUnits {
        LandUnits { regulars: 0, mercenaries: n, cavalry: 0 }
    }

    /// How many of `kind`.
    #[inline]
    pub const fn count(self, kind: LandUnitKind) -> u8 {
        match kind {
            LandUnitKind::Regular => self.regulars,
            LandUnitKind::Mercenary => self.mercenaries,
            LandUnitKind::Cavalry => self.cavalry,
        }
    }

    /// These units and one more of `kind` (saturating).
    #[inline]
    pub const fn plus_one(self, kind: LandUnitKind) -> LandUnits {
        let mut units = self;
        match kind {
            LandUnitKind::Regular => units.regulars = units.regulars.saturating_add(1),
            LandUnitKind::Mercenary => units.mercenaries = units.mercenaries.saturating_add(1),
            LandUnitKind::Cavalry => units.cavalry = units.cavalry.saturating_add(1),
        }
        units
    }

    /// All units together.
    #[inline]
    pub const fn total(self) -> u8 {
        self.regulars.saturating_add(self.mercenaries).saturating_add(self.cavalry)
    }

    /// Whether there are none.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.total() == 0
    }
}

/// Naval units of one faction in one port or sea zone (§5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NavalUnits {
    /// Squadrons.
    pub squadrons: u8,
    /// Corsairs (Ottoman only).
    pub corsairs: u8,
}

impl NavalUnits {
    /// No units.
    pub const NONE: NavalUnits = NavalUnits { squadrons: 0, corsairs: 0 };

    /// `n` squadrons.
    pub const fn squadrons(n: u8) -> NavalUnits {
        NavalUnits { squadrons: n, corsairs: 0 }
    }

    /// Squadrons and corsairs together.
    #[inline]
    pub const fn total(self) -> u8 {
        self.squadrons.saturating_add(self.corsairs)
    }
}

/// Where naval units or a naval leader may be: in a port or at sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NavalLocation {
    /// In a port space.
    Port(Space),
    /// In a sea zone.
    Sea(SeaZone),
}

impl NavalLocation {
    /// How many places there are: ports by space, then sea zones.
    pub(crate) const PLACES: usize = Space::COUNT + SeaZone::COUNT;

    /// A dense index over ports (by space index) then sea zones.
    pub(crate) const fn place_index(self) -> usize {
        match self {
            NavalLocation::Port(space) => space.index(),
            NavalLocation::Sea(zone) => Space::COUNT + zone.index(),
        }
    }
}

/// Where a leader is (§5.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LeaderLocation {
    /// Not in play: not yet arrived, or waiting to come back.
    #[default]
    Unavailable,
    /// In a land space (army leaders; naval leaders in a port).
    Space(Space),
    /// At sea (naval leaders).
    Sea(SeaZone),
    /// Captured and held by this power (§14.3, ransom §9.4).
    Captured(Power),
    /// On the turn track, back at a later turn.
    TurnTrack,
    /// Out of the game for good.
    Removed,
    /// On a foreign war card, fighting there (§21.7).
    ForeignWar(crate::rules::foreign_war::ForeignWar),
}

/// The state of a debater (§18.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DebaterState {
    /// Not yet arrived.
    #[default]
    NotArrived,
    /// On the display, uncommitted.
    Uncommitted,
    /// On the display, committed.
    Committed,
    /// Burned by the Papacy (out of the game).
    Burned,
    /// Disgraced by the Protestant (out of the game).
    Disgraced,
    /// Out of the game otherwise (death, an event).
    Removed,
}

/// The state of a reformer (§8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ReformerState {
    /// Not yet arrived.
    #[default]
    NotArrived,
    /// On the map in his space.
    OnMap,
    /// Off the map until the next card draw (Calvin Expelled, excommunication).
    Away,
    /// Out of the game.
    Removed,
}

/// One faction's land units in one space ([`Game::land_units_at`],
/// [`Game::land_stacks`]); at most one per (space, faction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LandStack {
    /// Where.
    pub space: Space,
    /// Whose.
    pub faction: Faction,
    /// How many of each kind.
    pub units: LandUnits,
    /// Inside the fortress of its space, under siege (§15).
    pub besieged: bool,
}

impl LandStack {
    /// The filler of unused slots (beyond `land_len`); removals reset the
    /// slot they free to it, so equal positions compare equal.
    pub(crate) const EMPTY: LandStack =
        LandStack { space: Space::ALL[0], faction: Faction::Independent, units: LandUnits::NONE, besieged: false };
}

/// One faction's naval units in one place; at most one per (location, faction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NavalStack {
    pub location: NavalLocation,
    pub faction: Faction,
    pub units: NavalUnits,
    /// Of `units`' squadrons, those on loan to this stack's power from each
    /// faction, by `Faction` index: they carry its Loaned markers (§9.2,
    /// `rules::loans`).
    pub lent: crate::rules::loans::Lent,
}

impl NavalStack {
    /// The filler of unused slots (beyond `naval_len`), as `LandStack::EMPTY`.
    pub(crate) const EMPTY: NavalStack = NavalStack {
        location: NavalLocation::Port(Space::ALL[0]),
        faction: Faction::Independent,
        units: NavalUnits::NONE,
        lent: crate::rules::loans::NO_LOAN,
    };
}

/// The most land stacks there can be: each needs a counter, and all factions
/// together have 132 land counters (§5.2).
pub(crate) const MAX_LAND_STACKS: usize = 132;
/// The most naval stacks: one per naval counter (§5.3).
pub(crate) const MAX_NAVAL_STACKS: usize = 33;
/// The last turn of every scenario but the Tournament (§7;
/// [`Scenario::last_turn`]).
pub const LAST_TURN: u8 = 9;

/// A set of pairs of factions (wars, alliances), symmetric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Pairs(u128);

impl Pairs {
    #[inline]
    fn bit(a: Faction, b: Faction) -> u128 {
        1 << (a.index() * Faction::COUNT + b.index())
    }
    #[inline]
    pub fn contains(self, a: Faction, b: Faction) -> bool {
        self.0 & Self::bit(a, b) != 0
    }
    #[inline]
    pub fn set(&mut self, a: Faction, b: Faction, on: bool) {
        let bits = Self::bit(a, b) | Self::bit(b, a);
        if on { self.0 |= bits } else { self.0 &= !bits }
    }
    /// Whether `contains(a, b)` for some `b`.
    #[inline]
    pub fn any_with(self, a: Faction) -> bool {
        let row = ((1u128 << Faction::COUNT) - 1) << (a.index() * Faction::COUNT);
        self.0 & row != 0
    }
}

/// Every field but the generator is `Copy`: a clone is a plain copy of the
/// whole state (the derived `Clone` went field by field, slower).
impl Clone for Game {
    fn clone(&self) -> Game {
        Game { rng: self.rng.clone(), ..*self }
    }
}

/// The whole state of a game of Here I Stand.
///
/// Read it with the accessors below, build or change a position with the
/// editing methods (`set_*`, see the `edit` module docs).
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) setup: Setup,
    pub(crate) turn: u8,
    pub(crate) phase: Phase,
    // The map.
    pub(crate) control: Tracked<[Faction; Space::COUNT]>,
    pub(crate) religion: Tracked<[Religion; Space::COUNT]>,
    pub(crate) unrest: Tracked<EnumSet<Space>>,
    pub(crate) out_of_play: EnumSet<Space>,
    pub(crate) land: Tracked<[LandStack; MAX_LAND_STACKS]>,
    pub(crate) land_len: u8,
    pub(crate) naval: [NavalStack; MAX_NAVAL_STACKS],
    pub(crate) naval_len: u8,
    /// Naval units lost this turn, back in the force pool next turn (§5.3).
    pub(crate) naval_turn_track: [NavalUnits; Faction::COUNT],
    // People.
    pub(crate) leaders: [LeaderLocation; Leader::COUNT],
    /// The power each naval leader is on loan to for the turn (§9.2).
    pub(crate) leader_loans: [Option<Power>; Leader::COUNT],
    pub(crate) renegade_owner: Option<Power>,
    /// Maurice of Saxony serves the Hapsburg (#60), not the Protestant.
    pub(crate) maurice_hapsburg: bool,
    /// Siege of Vienna (#218): the spaces near Vienna whose Hapsburg and
    /// Hungarian units may not move this turn.
    pub(crate) vienna_frozen: EnumSet<Space>,
    pub(crate) debaters: [DebaterState; Debater::COUNT],
    pub(crate) reformers: [ReformerState; Reformer::COUNT],
    pub(crate) rulers: [Ruler; Power::COUNT],
    pub(crate) excommunicated: EnumSet<Ruler>,
    // Diplomacy.
    pub(crate) wars: Pairs,
    pub(crate) alliances: Pairs,
    // Cards.
    pub(crate) hands: [EnumSet<Card>; Power::COUNT],
    pub(crate) deck: EnumSet<Card>,
    pub(crate) discard: EnumSet<Card>,
    pub(crate) removed: EnumSet<Card>,
    /// "-1 card" markers on each power card (§4).
    pub(crate) card_penalties: [u8; Power::COUNT],
    // Victory points and tracks.
    /// Bonus VP by power (§23.2): war winners, discoveries, burned debaters, ...
    pub(crate) bonus_vp: [i8; Power::COUNT],
    pub(crate) piracy_vp: u8,
    pub(crate) chateaux_vp: u8,
    pub(crate) st_peters_vp: u8,
    /// England's special VP for Edward (5) or Elizabeth only (2) (§23.2).
    pub(crate) heir_vp: u8,
    pub(crate) schmalkaldic_league: bool,
    /// Total VP of each power at the end of each turn, for tie-breaks (§23.3).
    pub(crate) vp_history: [[i8; Power::COUNT]; LAST_TURN as usize],
    pub(crate) rng: Pcg64Mcg,
    // The procedure in progress.
    /// Pending procedures, innermost on top.
    pub(crate) stack: crate::frames::Stack,
    /// A cursor through the powers in impulse order within a phase: the next
    /// impulse, the next power to deploy in spring, the next winter step
    /// (ships of each power, then land units of each).
    pub(crate) impulse_index: u8,
    /// Consecutive passes in the action phase (§11.1).
    pub(crate) passes_in_row: u8,
    /// The result, once the game is over.
    pub(crate) outcome: Option<crate::engine::Outcome>,
    /// The two-player diplomacy deck (§24.3); empty in other scenarios.
    pub(crate) dip_deck: EnumSet<Card>,
    /// The rest of the diplomatic deck's state: discards, held cards
    /// (`frames::dip_deck`).
    pub(crate) dip: crate::frames::dip_deck::DipState,
    /// Whether Hungary-Bohemia has been defeated by the Ottoman (§22.5).
    pub(crate) hungary_bohemia_defeated: bool,
    /// Who holds each minor's Phony War marker (§9.6 step 6), by `MinorPower`
    /// index: only Scotland's and Venice's exist.
    pub(crate) phony_war: [Option<Power>; MinorPower::COUNT],
    /// The Phony War markers made permanent by peace with the intervener
    /// before any combat (§9.6 step 6); they stay with their holder.
    pub(crate) phony_war_permanent: EnumSet<MinorPower>,
    /// CP on the St Peter's track toward its next VP, 0 to 4 (§18.1, §9.5).
    pub(crate) st_peters_cp: u8,
    /// The pairs of powers that made peace in this diplomacy phase (§9.3,
    /// §9.6); cleared when the phase ends.
    pub(crate) peace_made: Pairs,
    /// What this diplomacy phase's deals did (§9.1); cleared when the phase ends.
    pub(crate) negotiated: crate::rules::negotiation::Negotiated,
    /// Faces a test forced for the next dice (`Game::force_dice`).
    pub(crate) forced_dice: crate::dice::ForcedDice,
    /// Spaces holding a Jesuit university (§18.1, §18.2).
    pub(crate) jesuit_universities: EnumSet<Space>,
    /// Electorates whose Protestant regulars still wait on the Electorate
    /// Display (§18.7): Augsburg and Wittenberg 2, the others 1.
    pub(crate) electorate_display: EnumSet<Space>,
    /// Boxes translated on each zone's New Testament track, 0 to 6 (§18.1);
    /// only German, French and English have tracks.
    pub(crate) new_testament: [u8; LanguageZone::COUNT],
    /// Boxes translated on each zone's Full Bible track, 0 to 10 (§18.1).
    pub(crate) full_bible: [u8; LanguageZone::COUNT],
    /// Spaces targeted by a reformation or counter-reformation attempt this
    /// impulse (§18.3, §18.4: once per impulse).
    pub(crate) targeted_this_impulse: EnumSet<Space>,
    /// Powers that used their debater bonus this impulse (§18.2: one each).
    pub(crate) debater_bonus_used: EnumSet<Power>,
    /// Zones the Protestant spent CP translating in this impulse (§18.1:
    /// the translation debater's free box needs 1 CP spent there).
    pub(crate) translated_this_impulse: EnumSet<LanguageZone>,
    /// The cards each power played as an event this turn (§6.2: a card is
    /// played as an event at most once per turn); cleared at the card draw.
    pub(crate) events_played: [EnumSet<Card>; Power::COUNT],
    /// Reformers the Papacy has excommunicated in this game: each only once
    /// (§21.5, the boxes of the Papal power card).
    pub(crate) reformers_excommunicated: EnumSet<Reformer>,
    /// Rulers the Papacy has excommunicated in this game, lifted or not:
    /// each only once (§21.5).
    pub(crate) rulers_excommunicated: EnumSet<Ruler>,
    /// Sea zones pirated this turn, one Piracy marker each (§16.4 step 1);
    /// removed in winter (§19 step 6).
    pub(crate) piracy_markers: EnumSet<SeaZone>,
    /// The active power's ships that lost a naval battle this impulse, by
    /// where they retreated to: they may not move again this impulse
    /// (§16.1). Cleared when the next impulse begins.
    pub(crate) naval_beaten: crate::frames::naval::MovedShips,
    /// The land war's per-impulse state (§13.1, §13.2, §15.1), cleared
    /// when an impulse begins.
    pub(crate) war: crate::rules::battle::WarState,
    /// England's succession: Henry's marital status, the pregnancy chart,
    /// the Catherine of Aragon marker (§21.3).
    pub(crate) succession: crate::rules::england::Succession,
    /// Powers that must skip their next impulse, which is not a pass
    /// (Halley's Comet, #38).
    pub(crate) skip_impulse: EnumSet<Power>,
    /// Hands reviewed in secret (Venetian Informant, #109).
    pub(crate) seen: crate::observe::SeenHands,
    /// On an observation's board (`Observation::board`): what its viewer
    /// cannot see, so that `determinize` deals it (not saved).
    pub(crate) observed: Option<crate::observe::Observed>,
    /// Extra dice the Papal attacker rolls in each round of the debate an
    /// event called this impulse (Thomas More, #112: 1, or 3 in the
    /// English zone); cleared with the impulse's marks.
    pub(crate) debate_extra_dice: u8,
    /// Towns given a fortress in play (Trace Italienne, #104; Knights of
    /// St. John, #86): fortified from then on (`Game::is_fortified`).
    pub(crate) fortresses: EnumSet<Space>,
    /// Spaces holding a Pirate Haven marker (#89): Oran, Tripoli.
    pub(crate) pirate_havens: EnumSet<Space>,
    /// The New World display (§20): colonies, voyages, discoveries,
    /// conquests, explorers and conquistadors, markers and VP.
    pub(crate) new_world: crate::rules::new_world::NewWorld,
    /// The foreign war cards on the map (§21.7), by `ForeignWar` index.
    pub(crate) foreign_wars: [Option<crate::rules::foreign_war::WarCard>; crate::rules::foreign_war::ForeignWar::COUNT],
    /// The board's Zobrist key (control, religion, unrest, land stacks),
    /// kept current by the setters of `zobrist` (not saved).
    pub(crate) board_key: u64,
}

impl Game {
    /// A game of the scenario, at its first decision: the scenario's
    /// starting position with the automatic steps of the first phases run
    /// (the card draw deals the hands).
    pub fn new(setup: Setup) -> Game {
        let mut game = Game::at_start(setup);
        game.run_automatic();
        game
    }

    /// The scenario's starting position as the scenario book lays it out,
    /// before its first phase runs (nothing dealt yet). `Game::new` is this
    /// plus [`Game::run_automatic`].
    pub fn at_start(setup: Setup) -> Game {
        let mut game = Game::empty(setup);
        crate::setup::apply_scenario(&mut game);
        game
    }

    /// A bare board for `setup`: 1517 control and religion of every space, no
    /// units, no leaders on the map, every ruler the initial one, no wars,
    /// no cards dealt, turn 1. A start for building test positions.
    pub fn empty(setup: Setup) -> Game {
        let mut out_of_play = EnumSet::EMPTY;
        let control = core::array::from_fn(|i| {
            let space = Space::ALL[i];
            space.control_1517().unwrap_or_else(|| {
                out_of_play.insert(space);
                Faction::Independent
            })
        });
        let mut game = Game {
            setup,
            turn: 1,
            phase: Phase::CardDraw,
            control: Tracked::new(control),
            religion: Tracked::new(core::array::from_fn(|i| Space::ALL[i].religion_1517())),
            unrest: Tracked::new(EnumSet::EMPTY),
            out_of_play,
            land: Tracked::new([LandStack::EMPTY; MAX_LAND_STACKS]),
            land_len: 0,
            naval: [NavalStack::EMPTY; MAX_NAVAL_STACKS],
            naval_len: 0,
            naval_turn_track: [NavalUnits::NONE; Faction::COUNT],
            leader_loans: [None; Leader::COUNT],
            leaders: [LeaderLocation::Unavailable; Leader::COUNT],
            renegade_owner: None,
            maurice_hapsburg: false,
            vienna_frozen: EnumSet::EMPTY,
            debaters: [DebaterState::NotArrived; Debater::COUNT],
            reformers: [ReformerState::NotArrived; Reformer::COUNT],
            rulers: Power::ALL.map(Ruler::initial),
            excommunicated: EnumSet::EMPTY,
            wars: Pairs::default(),
            alliances: Pairs::default(),
            hands: [EnumSet::EMPTY; Power::COUNT],
            deck: EnumSet::EMPTY,
            discard: EnumSet::EMPTY,
            removed: EnumSet::EMPTY,
            card_penalties: [0; Power::COUNT],
            bonus_vp: [0; Power::COUNT],
            piracy_vp: 0,
            chateaux_vp: 0,
            st_peters_vp: 0,
            heir_vp: 0,
            schmalkaldic_league: false,
            vp_history: [[0; Power::COUNT]; LAST_TURN as usize],
            rng: Pcg64Mcg::seed_from_u64(setup.seed),
            stack: Default::default(),
            impulse_index: 0,
            passes_in_row: 0,
            outcome: None,
            dip_deck: EnumSet::EMPTY,
            dip: Default::default(),
            hungary_bohemia_defeated: false,
            phony_war: [None; MinorPower::COUNT],
            phony_war_permanent: EnumSet::EMPTY,
            st_peters_cp: 0,
            peace_made: Pairs::default(),
            negotiated: Default::default(),
            forced_dice: Default::default(),
            jesuit_universities: EnumSet::EMPTY,
            electorate_display: EnumSet::EMPTY,
            new_testament: [0; LanguageZone::COUNT],
            full_bible: [0; LanguageZone::COUNT],
            targeted_this_impulse: EnumSet::EMPTY,
            debater_bonus_used: EnumSet::EMPTY,
            translated_this_impulse: EnumSet::EMPTY,
            events_played: [EnumSet::EMPTY; Power::COUNT],
            reformers_excommunicated: EnumSet::EMPTY,
            rulers_excommunicated: EnumSet::EMPTY,
            piracy_markers: EnumSet::EMPTY,
            naval_beaten: Default::default(),
            war: Default::default(),
            succession: Default::default(),
            skip_impulse: EnumSet::EMPTY,
            seen: Default::default(),
            observed: None,
            debate_extra_dice: 0,
            fortresses: EnumSet::EMPTY,
            pirate_havens: EnumSet::EMPTY,
            new_world: Default::default(),
            foreign_wars: [None; crate::rules::foreign_war::ForeignWar::COUNT],
            board_key: 0,
        };
        game.rekey_board();
        game
    }

    /// The setup the game was started from.
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The scenario.
    pub fn scenario(&self) -> Scenario {
        self.setup.scenario
    }

    /// Who holds which power (§3.1).
    pub fn players(&self) -> Players {
        self.setup.players
    }

    /// The player who holds `power` (§3.1).
    pub fn player_of(&self, power: Power) -> crate::Player {
        self.setup.players.player_of(power)
    }

    /// Whether one player holds both powers (§3.1): they are never at war
    /// with each other (ruling PL3).
    #[inline]
    pub fn same_player(&self, a: Power, b: Power) -> bool {
        self.setup.players.same_player(a, b)
    }

    /// The current turn, 1 to 9.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    // --- The map -------------------------------------------------------

    /// Who controls `space` politically (§2.1).
    #[inline]
    pub fn controller(&self, space: Space) -> Faction {
        self.control[space as usize]
    }

    /// Its religious influence.
    #[inline]
    pub fn religion(&self, space: Space) -> Religion {
        self.religion[space as usize]
    }

    /// Whether `space` is fortified (§5: keys, fortresses, electorates),
    /// a town given a fortress in play (Trace Italienne, #104; Knights of
    /// St. John, #86) or a pirate haven (#89, §21.1: "converts Oran or
    /// Tripoli into a fortified space"). Every rule that reads "fortified"
    /// reads this.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup, Space};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// assert!(game.is_fortified(Space::Paris) && !game.is_fortified(Space::Orleans));
    /// game.set_fortress(Space::Orleans, true)?;
    /// assert!(game.is_fortified(Space::Orleans));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    #[inline]
    pub fn is_fortified(&self, space: Space) -> bool {
        space.is_fortified() || self.fortresses.contains(space) || self.pirate_havens.contains(space)
    }

    /// The towns given a fortress in play (#104, #86).
    pub fn fortresses_built(&self) -> EnumSet<Space> {
        self.fortresses
    }

    /// The spaces holding a Pirate Haven marker (#89).
    pub fn pirate_havens(&self) -> EnumSet<Space> {
        self.pirate_havens
    }

    /// The power whose home space `space` is now: its printed home power,
    /// but the Ottoman for a pirate haven (§21.1: Oran and Tripoli once
    /// converted "are considered to be Ottoman home spaces (with a fortress
    /// present) for all purposes"; ruling MW16).
    ///
    /// ```
    /// use here_i_stand::{Faction, Game, Scenario, Setup, Space};
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// assert_eq!(game.home_of(Space::Oran), Faction::Hapsburg);
    /// game.set_pirate_haven(Space::Oran, true)?;
    /// assert_eq!(game.home_of(Space::Oran), Faction::Ottoman);
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    #[inline]
    pub fn home_of(&self, space: Space) -> Faction {
        if self.pirate_havens.contains(space) { Faction::Ottoman } else { space.home() }
    }

    /// Whether it is in unrest (§12.4).
    #[inline]
    pub fn in_unrest(&self, space: Space) -> bool {
        self.unrest.contains(space)
    }

    /// Whether the space is in play (Algiers is not until Barbary Pirates, #9).
    #[inline]
    pub fn in_play(&self, space: Space) -> bool {
        !self.out_of_play.contains(space)
    }

    /// The spaces in unrest.
    pub fn unrest(&self) -> EnumSet<Space> {
        *self.unrest
    }

    /// Protestant spaces, in unrest or not.
    pub fn protestant_spaces(&self) -> EnumSet<Space> {
        Space::ALL.iter().copied().filter(|&s| self.religion(s) == Religion::Protestant).collect()
    }

    /// The keys `power` controls (its square markers on the map, §2.2).
    pub fn keys_controlled(&self, power: Power) -> EnumSet<Space> {
        let faction = Faction::from(power);
        Space::keys().iter().filter(|&s| self.controller(s) == faction).collect()
    }

    /// Spaces `faction` controls.
    pub fn spaces_controlled(&self, faction: Faction) -> EnumSet<Space> {
        Space::ALL.iter().copied().filter(|&s| self.controller(s) == faction).collect()
    }

    // --- Units ---------------------------------------------------------

    pub(crate) fn land_stacks_slice(&self) -> &[LandStack] {
        &self.land[..usize::from(self.land_len)]
    }

    pub(crate) fn naval_stacks_slice(&self) -> &[NavalStack] {
        &self.naval[..usize::from(self.naval_len)]
    }

    /// `faction`'s land units in `space`.
    pub fn land_units(&self, space: Space, faction: Faction) -> LandUnits {
        self.land_stacks_slice()
            .iter()
            .find(|s| s.space == space && s.faction == faction)
            .map_or(LandUnits::NONE, |s| s.units)
    }

    /// Whether `faction`'s units in `space` are besieged inside its fortress (§15).
    pub fn is_besieged(&self, space: Space, faction: Faction) -> bool {
        self.land_stacks_slice().iter().any(|s| s.space == space && s.faction == faction && s.besieged)
    }

    /// Every faction's land units in `space`: one [`LandStack`] each.
    ///
    /// ```
    /// use here_i_stand::{Faction, Game, Scenario, Setup, Space};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let paris: Vec<_> = game.land_units_at(Space::Paris).collect();
    /// assert_eq!(paris.len(), 1);
    /// assert_eq!(paris[0].faction, Faction::France);
    /// assert!(paris[0].units.total() > 0 && !paris[0].besieged);
    /// ```
    pub fn land_units_at(&self, space: Space) -> impl Iterator<Item = LandStack> + '_ {
        self.land_stacks_slice().iter().filter(move |s| s.space == space).copied()
    }

    /// Every land stack on the map.
    pub fn land_stacks(&self) -> impl Iterator<Item = LandStack> + '_ {
        self.land_stacks_slice().iter().copied()
    }

    /// [`Game::land_units_at`] as (faction, units, besieged), for the
    /// engine's own code.
    pub(crate) fn land_units_in(&self, space: Space) -> impl Iterator<Item = (Faction, LandUnits, bool)> + '_ {
        self.land_stacks_slice().iter().filter(move |s| s.space == space).map(|s| (s.faction, s.units, s.besieged))
    }

    /// [`Game::land_stacks`] as (space, faction, units, besieged), for the
    /// engine's own code.
    pub(crate) fn land_stack_tuples(&self) -> impl Iterator<Item = (Space, Faction, LandUnits, bool)> + '_ {
        self.land_stacks_slice().iter().map(|s| (s.space, s.faction, s.units, s.besieged))
    }

    /// All of `faction`'s land units on the map, added up.
    pub fn land_units_total(&self, faction: Faction) -> LandUnits {
        let mut sum = LandUnits::NONE;
        for s in self.land_stacks_slice().iter().filter(|s| s.faction == faction) {
            sum.regulars += s.units.regulars;
            sum.mercenaries += s.units.mercenaries;
            sum.cavalry += s.units.cavalry;
        }
        sum
    }

    /// `faction`'s naval units at `location`.
    pub fn naval_units(&self, location: NavalLocation, faction: Faction) -> NavalUnits {
        self.naval_stacks_slice()
            .iter()
            .find(|s| s.location == location && s.faction == faction)
            .map_or(NavalUnits::NONE, |s| s.units)
    }

    /// Every naval stack: location, faction, units.
    pub fn naval_stacks(&self) -> impl Iterator<Item = (NavalLocation, Faction, NavalUnits)> + '_ {
        self.naval_stacks_slice().iter().map(|s| (s.location, s.faction, s.units))
    }

    /// `faction`'s naval units lost this turn, waiting on the turn track (§5.3).
    pub fn naval_on_turn_track(&self, faction: Faction) -> NavalUnits {
        self.naval_turn_track[faction.index()]
    }

    // --- People --------------------------------------------------------

    /// Where `leader` is.
    #[inline]
    pub fn leader_location(&self, leader: Leader) -> LeaderLocation {
        self.leaders[leader.index()]
    }

    /// The leaders in `space` (army leaders, and naval leaders in port).
    pub fn leaders_at(&self, space: Space) -> impl Iterator<Item = Leader> + '_ {
        Leader::ALL.into_iter().filter(move |&l| self.leaders[l.index()] == LeaderLocation::Space(space))
    }

    /// Every leader on a space of the map, with its space, in leader order.
    pub fn leaders_on_map(&self) -> impl Iterator<Item = (Space, Leader)> + '_ {
        Leader::ALL.into_iter().filter_map(move |l| match self.leaders[l.index()] {
            LeaderLocation::Space(space) => Some((space, l)),
            _ => None,
        })
    }

    /// The faction `leader` serves now (the renegade: whoever played Charles
    /// Bourbon; Maurice of Saxony: the side #60 last switched him to).
    pub fn leader_owner(&self, leader: Leader) -> Option<Faction> {
        // §9.2: a naval leader on loan serves the receiver for the turn.
        if let Some(receiver) = self.leader_loans[leader.index()] {
            return Some(Faction::from(receiver));
        }
        match leader {
            Leader::Renegade => self.renegade_owner.map(Faction::from),
            Leader::MauriceOfSaxony if self.maurice_hapsburg => Some(Faction::Hapsburg),
            _ => leader.owner(),
        }
    }

    /// Army leaders in `space` serving `faction`.
    pub fn army_leaders_at(&self, space: Space, faction: Faction) -> impl Iterator<Item = Leader> + '_ {
        self.leaders_at(space).filter(move |&l| l.kind() == LeaderKind::Army && self.leader_owner(l) == Some(faction))
    }

    /// The state of `debater`.
    #[inline]
    pub fn debater_state(&self, debater: Debater) -> DebaterState {
        self.debaters[debater.index()]
    }

    /// The state of `reformer`.
    #[inline]
    pub fn reformer_state(&self, reformer: Reformer) -> ReformerState {
        self.reformers[reformer.index()]
    }

    /// The ruler of `power` (§3.3).
    #[inline]
    pub fn ruler(&self, power: Power) -> Ruler {
        self.rulers[power.index()]
    }

    /// Whether `ruler` is excommunicated (§21.5).
    pub fn is_excommunicated(&self, ruler: Ruler) -> bool {
        self.excommunicated.contains(ruler)
    }

    // --- Diplomacy -----------------------------------------------------

    /// Whether `a` and `b` are at war.
    #[inline]
    pub fn at_war(&self, a: impl Into<Faction>, b: impl Into<Faction>) -> bool {
        self.wars.contains(a.into(), b.into())
    }

    /// Whether `a` and `b` are allied (a minor power allied to a major one is active, §22).
    #[inline]
    pub fn allied(&self, a: impl Into<Faction>, b: impl Into<Faction>) -> bool {
        self.alliances.contains(a.into(), b.into())
    }

    /// The power and the minor powers allied to it: the factions whose units
    /// it moves as its own (§22.3).
    pub fn own_factions(&self, power: Power) -> EnumSet<Faction> {
        let mut set = EnumSet::EMPTY;
        set.insert(Faction::from(power));
        for minor in MinorPower::ALL {
            if self.minor_ally(minor) == Some(power) {
                set.insert(Faction::from(minor));
            }
        }
        set
    }

    /// The major power a minor is allied with, if it is active (§22).
    pub fn minor_ally(&self, minor: MinorPower) -> Option<Power> {
        Power::ALL.into_iter().find(|&p| self.allied(p, minor))
    }

    /// Whether the Schmalkaldic League has formed (card #13).
    pub fn schmalkaldic_league(&self) -> bool {
        self.schmalkaldic_league
    }

    // --- Cards ---------------------------------------------------------

    /// The cards in `power`'s hand.
    #[inline]
    pub fn hand(&self, power: Power) -> EnumSet<Card> {
        self.hands[power.index()]
    }

    /// How many cards are in the draw deck.
    pub fn deck_size(&self) -> usize {
        self.deck.len()
    }

    /// The cards in the draw deck (hidden information; see `observation`).
    pub fn deck(&self) -> EnumSet<Card> {
        self.deck
    }

    /// The discard pile (public).
    pub fn discard_pile(&self) -> EnumSet<Card> {
        self.discard
    }

    /// Cards removed from the game.
    pub fn removed_cards(&self) -> EnumSet<Card> {
        self.removed
    }

    /// The "-1 card" markers on `power`'s power card (§4).
    pub fn card_penalties(&self, power: Power) -> u8 {
        self.card_penalties[power.index()]
    }

    // --- Victory points -------------------------------------------------

    /// `power`'s bonus VP (§23.2).
    pub fn bonus_vp(&self, power: Power) -> i8 {
        self.bonus_vp[power.index()]
    }

    /// The Ottoman piracy VP (§16.4).
    pub fn piracy_vp(&self) -> u8 {
        self.piracy_vp
    }

    /// The French chateaux VP (§21.4).
    pub fn chateaux_vp(&self) -> u8 {
        self.chateaux_vp
    }

    /// The Papal St Peter's VP (§21.5).
    pub fn st_peters_vp(&self) -> u8 {
        self.st_peters_vp
    }

    /// England's VP for an heir: 5 for Edward, 2 for Elizabeth only (§23.2).
    pub fn heir_vp(&self) -> u8 {
        self.heir_vp
    }

    /// The VP totals recorded at the end of `turn` (§23.3 tie-breaks); zeros
    /// for turns not played.
    pub fn vp_history(&self, turn: u8) -> Option<[i8; Power::COUNT]> {
        self.vp_history.get(usize::from(turn).checked_sub(1)?).copied()
    }

    /// `power`'s victory points by part (§23.2); see [`crate::rules::victory::vp`].
    pub fn vp(&self, power: Power) -> crate::rules::victory::VpBreakdown {
        crate::rules::victory::vp(self, power)
    }

    /// The cards in the two-player diplomatic draw pile (§24.3); empty in
    /// other scenarios. Its order is hidden: each draw takes a random one.
    /// Only the diplomatic cards whose events are built are in the game
    /// (ruling DD3).
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::TwoPlayer, 1));
    /// assert!(game.diplomacy_deck().iter().all(|c| c.number() <= 212));
    /// ```
    pub fn diplomacy_deck(&self) -> EnumSet<Card> {
        self.dip_deck
    }

    /// The power holding `minor`'s Phony War -1 VP marker (§9.6 step 6),
    /// already counted in its bonus VP; only Scotland and Venice have one.
    pub fn phony_war(&self, minor: MinorPower) -> Option<Power> {
        self.phony_war[minor.index()]
    }

    /// Whether `minor`'s Phony War marker became permanent (§9.6 step 6):
    /// its declarer made peace with the intervener before any land combat
    /// or assault between them; it is never removed then.
    pub fn phony_war_permanent(&self, minor: MinorPower) -> bool {
        self.phony_war_permanent.contains(minor)
    }

    /// The CP on the St Peter's track toward its next VP, 0 to 4 (§18.1).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_st_peters_cp(3)?;
    /// assert_eq!(game.st_peters_cp(), 3);
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn st_peters_cp(&self) -> u8 {
        self.st_peters_cp
    }

    /// Whether `a` and `b` made peace in this diplomacy phase (§9.3), which
    /// bars a declaration of war between them until it ends (§9.6).
    ///
    /// ```
    /// use here_i_stand::{Game, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_peace_made(Power::France, Power::Hapsburg, true)?;
    /// assert!(game.made_peace_this_phase(Power::Hapsburg, Power::France));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn made_peace_this_phase(&self, a: Power, b: Power) -> bool {
        self.peace_made.contains(a.into(), b.into())
    }
}

/// Friend and foe (§1).
impl Game {
    /// Whether `faction` is friendly to `power`: the power itself or an ally (§1).
    #[inline]
    pub fn is_friendly(&self, power: Power, faction: Faction) -> bool {
        faction == Faction::from(power) || self.allied(power, faction)
    }

    /// Every space controlled by `power` or an ally (§1): the spaces where
    /// [`Game::is_friendly_controlled`] holds, found in one pass.
    pub fn friendly_controlled_spaces(&self, power: Power) -> EnumSet<Space> {
        let friendly = Faction::ALL.map(|f| self.is_friendly(power, f));
        let mut spaces = EnumSet::EMPTY;
        for (&space, controller) in Space::ALL.iter().zip(*self.control) {
            if friendly[controller.index()] {
                spaces.insert(space);
            }
        }
        spaces
    }

    /// Whether `faction` is an enemy of `power`: at war with it (§1).
    #[inline]
    pub fn is_enemy(&self, power: Power, faction: Faction) -> bool {
        self.at_war(power, faction)
    }

    /// Whether `space` is controlled by `power` or an ally (§1).
    #[inline]
    pub fn is_friendly_controlled(&self, power: Power, space: Space) -> bool {
        self.is_friendly(power, self.controller(space))
    }

    /// Whether land units, naval units in port or leaders of an enemy of
    /// `power` are in `space`.
    pub fn has_enemy_units(&self, power: Power, space: Space) -> bool {
        // A power at war with nobody has no enemy anywhere: skip the scans.
        if !self.wars.any_with(Faction::from(power)) {
            return false;
        }
        self.land_stacks_slice().iter().any(|s| s.space == space && self.is_enemy(power, s.faction))
            || self
                .naval_stacks_slice()
                .iter()
                .any(|s| s.location == NavalLocation::Port(space) && self.is_enemy(power, s.faction))
            || self.leaders_at(space).any(|l| self.leader_owner(l).is_some_and(|f| self.is_enemy(power, f)))
    }

    /// Every space where [`Game::has_enemy_units`] holds for `power`, found
    /// in one pass over the units and leaders.
    pub fn enemy_spaces(&self, power: Power) -> EnumSet<Space> {
        let mut spaces = EnumSet::EMPTY;
        if !self.wars.any_with(Faction::from(power)) {
            return spaces;
        }
        for s in self.land_stacks_slice().iter().filter(|s| self.is_enemy(power, s.faction)) {
            spaces.insert(s.space);
        }
        for s in self.naval_stacks_slice().iter().filter(|s| self.is_enemy(power, s.faction)) {
            if let NavalLocation::Port(space) = s.location {
                spaces.insert(space);
            }
        }
        for (space, leader) in self.leaders_on_map() {
            if self.leader_owner(leader).is_some_and(|f| self.is_enemy(power, f)) {
                spaces.insert(space);
            }
        }
        spaces
    }

    /// Whether land units of an enemy of `power` are in `space`.
    pub fn has_enemy_land_units(&self, power: Power, space: Space) -> bool {
        self.land_stacks_slice().iter().any(|s| s.space == space && self.is_enemy(power, s.faction))
    }

    /// Spaces holding a Jesuit university (§18.1).
    pub fn jesuit_universities(&self) -> EnumSet<Space> {
        self.jesuit_universities
    }

    /// Electorates whose Protestant regulars still wait on the Electorate
    /// Display (§18.7); see [`electorate_regulars`].
    pub fn electorate_display(&self) -> EnumSet<Space> {
        self.electorate_display
    }

    /// Whether Hungary-Bohemia has been defeated by the Ottoman (§22.5): it is
    /// then the Hapsburg's ally for good and cannot be defeated again.
    pub fn hungary_bohemia_defeated(&self) -> bool {
        self.hungary_bohemia_defeated
    }

    /// Boxes translated on `zone`'s New Testament track, 0 to 6 (§18.1); 0
    /// for the zones without a track (Italian, Spanish).
    ///
    /// ```
    /// use here_i_stand::{Game, LanguageZone, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1532, 1));
    /// assert_eq!(game.new_testament(LanguageZone::German), 6);
    /// assert_eq!(game.full_bible(LanguageZone::German), 0);
    /// ```
    pub fn new_testament(&self, zone: LanguageZone) -> u8 {
        self.new_testament[zone.index()]
    }

    /// Boxes translated on `zone`'s Full Bible track, 0 to 10 (§18.1).
    pub fn full_bible(&self, zone: LanguageZone) -> u8 {
        self.full_bible[zone.index()]
    }

    /// Spaces already targeted by a reformation or counter-reformation
    /// attempt this impulse (§18.3, §18.4): not targeted again until the next.
    pub fn targeted_this_impulse(&self) -> EnumSet<Space> {
        self.targeted_this_impulse
    }

    /// Whether `power` has used its one debater bonus of this impulse (§18.2).
    pub fn debater_bonus_used(&self, power: Power) -> bool {
        self.debater_bonus_used.contains(power)
    }

    /// Zones the Protestant has spent CP translating in this impulse (§18.1).
    pub fn translated_this_impulse(&self) -> EnumSet<LanguageZone> {
        self.translated_this_impulse
    }

    /// The cards `power` played as an event this turn (§6.2).
    ///
    /// ```
    /// use here_i_stand::{Card, Game, Power, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_event_played(Power::Papacy, Card::ClementVii, true)?;
    /// assert!(game.events_played(Power::Papacy).contains(Card::ClementVii));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn events_played(&self, power: Power) -> EnumSet<Card> {
        self.events_played[power.index()]
    }

    /// Whether `card` was played as an event this turn, by anyone (§6.2).
    pub fn event_played_this_turn(&self, card: Card) -> bool {
        self.events_played.iter().any(|set| set.contains(card))
    }

    /// The reformers excommunicated in this game (§21.5): none may be again.
    ///
    /// ```
    /// use here_i_stand::{Game, Reformer, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1532, 0));
    /// assert!(game.reformers_excommunicated().contains(Reformer::Luther));
    /// ```
    pub fn reformers_excommunicated(&self) -> EnumSet<Reformer> {
        self.reformers_excommunicated
    }

    /// The rulers excommunicated in this game, whether or not it was lifted
    /// since (§21.5): none may be again.
    pub fn rulers_excommunicated(&self) -> EnumSet<Ruler> {
        self.rulers_excommunicated
    }

    /// The sea zones pirated this turn, each holding a Piracy marker
    /// (§16.4; at most 4, removed in winter).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, SeaZone, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_piracy_marker(SeaZone::IonianSea, true)?;
    /// assert!(game.piracy_markers().contains(SeaZone::IonianSea));
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn piracy_markers(&self) -> EnumSet<SeaZone> {
        self.piracy_markers
    }

    /// The powers that must skip their next impulse (Halley's Comet, #38).
    pub fn impulses_to_skip(&self) -> EnumSet<Power> {
        self.skip_impulse
    }
}

/// The Protestant regulars each electorate holds on the Electorate Display
/// (§18.7): Augsburg and Wittenberg 2, Mainz, Trier, Cologne and
/// Brandenburg 1; 0 for any other space.
///
/// ```
/// use here_i_stand::{Space, electorate_regulars};
/// assert_eq!(electorate_regulars(Space::Wittenberg), 2);
/// assert_eq!(electorate_regulars(Space::Paris), 0);
/// ```
pub fn electorate_regulars(space: Space) -> u8 {
    match space {
        Space::Augsburg | Space::Wittenberg => 2,
        Space::Mainz | Space::Trier | Space::Cologne | Space::Brandenburg => 1,
        _ => 0,
    }
}
