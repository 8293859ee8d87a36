//! Serde for [`Game`] (feature `serde`), through a plain mirror, `GameRepr`.
//!
//! A save opens with its `format_version` ([`Game::SAVE_FORMAT_VERSION`]);
//! a save of another version, or an older one without the field, is
//! refused with an error naming both versions.
//!
//! The JSON reads like the position: one field per field of `Game`, with the
//! same name; per-space, per-faction and per-person arrays as maps keyed by
//! id (`"control": {"agram": "hapsburg", ...}`), every key exactly once; card
//! and space sets as lists of ids; land and naval stacks as lists; wars and
//! alliances as lists of pairs; the dice generator's 128-bit state as a
//! decimal string. Reading checks the shape (no missing or repeated key or
//! member, at most `MAX_*_STACKS` stacks, a dice state the generator can
//! reach) and then [`Game::validate`]; any failure is a serde error, never a
//! panic.
//!
//! ```
//! use here_i_stand::{Game, Scenario, Setup};
//!
//! let game = Game::new(Setup::new(Scenario::Y1517, 3));
//! let json = serde_json::to_string(&game).unwrap();
//! assert!(json.starts_with(r#"{"format_version":1,"#));
//! assert!(json.contains(r#""turn":1"#));
//! assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
//! ```

use serde::de::{self, DeserializeOwned, MapAccess, Visitor};
use serde::ser::{Impossible, SerializeMap, SerializeStruct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use rand_pcg::Pcg64Mcg;

use crate::engine::Outcome;
use crate::frames::{Frame, Stack};
use crate::game::{
    DebaterState, Game, LAST_TURN, LandStack, LandUnits, LeaderLocation, MAX_LAND_STACKS, MAX_NAVAL_STACKS,
    NavalLocation, NavalStack, NavalUnits, Pairs, ReformerState, Setup,
};
use crate::sets::EnumSet;
use crate::types::Vocabulary as SetMember;
use crate::types::{
    Card, Debater, Faction, LanguageZone, Leader, MinorPower, Phase, Power, Reformer, Religion, Ruler, SeaZone, Space,
};
use crate::validate::InvalidGame;
use crate::zobrist::Tracked;

mod observation;

/// The mirror of [`Game`]: one field per field of `Game`, same names
/// (`land_len` and `naval_len` are the lengths of `land` and `naval`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRepr {
    /// The save format, [`Game::SAVE_FORMAT_VERSION`]; 0 when missing (a
    /// save written before formats were numbered).
    #[serde(default)]
    format_version: u32,
    setup: Setup,
    turn: u8,
    phase: Phase,
    control: Table<Space, Faction>,
    religion: Table<Space, Religion>,
    unrest: Vec<Space>,
    out_of_play: Vec<Space>,
    land: Vec<LandStackRepr>,
    naval: Vec<NavalStackRepr>,
    naval_turn_track: Table<Faction, NavalUnits>,
    leaders: Table<Leader, LeaderLocation>,
    /// Naval leaders on loan, and to whom (§9.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    leader_loans: Vec<(Leader, Power)>,
    renegade_owner: Option<Power>,
    debaters: Table<Debater, DebaterState>,
    reformers: Table<Reformer, ReformerState>,
    rulers: Table<Power, Ruler>,
    excommunicated: Vec<Ruler>,
    wars: Vec<(Faction, Faction)>,
    alliances: Vec<(Faction, Faction)>,
    hands: Table<Power, Vec<Card>>,
    deck: Vec<Card>,
    discard: Vec<Card>,
    removed: Vec<Card>,
    card_penalties: Table<Power, u8>,
    bonus_vp: Table<Power, i8>,
    piracy_vp: u8,
    chateaux_vp: u8,
    st_peters_vp: u8,
    heir_vp: u8,
    schmalkaldic_league: bool,
    /// The VP totals at the end of turns 1 to 9, in order.
    vp_history: Vec<Table<Power, i8>>,
    rng: Rng,
    dip_deck: Vec<Card>,
    /// The diplomatic discards, held cards and flags (two-player game).
    #[serde(default)]
    dip: crate::frames::dip_deck::DipState,
    hungary_bohemia_defeated: bool,
    /// Pending procedures, innermost last.
    stack: Vec<Frame>,
    impulse_index: u8,
    passes_in_row: u8,
    outcome: Option<Outcome>,
    /// Who holds each minor's Phony War marker, by `MinorPower` order (§9.6 step 6).
    phony_war: [Option<Power>; MinorPower::COUNT],
    /// The Phony War markers made permanent (§9.6 step 6).
    #[serde(default)]
    phony_war_permanent: Vec<MinorPower>,
    st_peters_cp: u8,
    /// Pairs of powers that made peace in this diplomacy phase (§9.3).
    peace_made: Vec<(Faction, Faction)>,
    /// What this diplomacy phase's deals did (§9.1).
    #[serde(default)]
    negotiated: crate::rules::negotiation::Negotiated,
    /// Faces a test forced for the next dice, next first.
    #[serde(default)]
    forced_dice: Vec<u8>,
    jesuit_universities: Vec<Space>,
    electorate_display: Vec<Space>,
    new_testament: Table<LanguageZone, u8>,
    full_bible: Table<LanguageZone, u8>,
    targeted_this_impulse: Vec<Space>,
    debater_bonus_used: Vec<Power>,
    translated_this_impulse: Vec<LanguageZone>,
    events_played: Table<Power, Vec<Card>>,
    reformers_excommunicated: Vec<Reformer>,
    rulers_excommunicated: Vec<Ruler>,
    piracy_markers: Vec<SeaZone>,
    /// Ships that lost a naval battle this impulse (§16.1), by place.
    naval_beaten: crate::frames::naval::MovedShips,
    /// The land war's per-impulse state.
    #[serde(default)]
    war: crate::rules::battle::WarState,
    /// England's succession (§21.3).
    #[serde(default)]
    succession: crate::rules::england::Succession,
    /// Powers that skip their next impulse (Halley's Comet, #38).
    #[serde(default)]
    skip_impulse: Vec<Power>,
    /// Hands reviewed in secret (Venetian Informant, #109).
    #[serde(default)]
    seen: crate::observe::SeenHands,
    /// Extra attacker dice of the debate an event called this impulse
    /// (Thomas More, #112).
    #[serde(default)]
    debate_extra_dice: u8,
    /// Towns given a fortress in play (#104, #86).
    #[serde(default)]
    fortresses: Vec<Space>,
    /// Pirate Haven markers (#89).
    #[serde(default)]
    pirate_havens: Vec<Space>,
    /// The New World display (§20).
    #[serde(default)]
    new_world: crate::rules::new_world::NewWorld,
    /// The foreign war cards on the map (§21.7), by `ForeignWar` order.
    #[serde(default)]
    foreign_wars: [Option<crate::rules::foreign_war::WarCard>; crate::rules::foreign_war::ForeignWar::COUNT],
    /// Maurice of Saxony serves the Hapsburg (#60).
    #[serde(default)]
    maurice_hapsburg: bool,
    /// Spaces whose Hapsburg and Hungarian units may not move this turn
    /// (Siege of Vienna, #218).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    vienna_frozen: Vec<Space>,
}

/// One land stack.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LandStackRepr {
    space: Space,
    faction: Faction,
    units: LandUnits,
    besieged: bool,
}

/// One naval stack.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NavalStackRepr {
    location: NavalLocation,
    faction: Faction,
    units: NavalUnits,
    /// Of its squadrons, those on loan from each faction (§9.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    loaned_from: Vec<(Faction, u8)>,
}

/// Why a mirror is no game: its version, its shape, or a broken invariant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
enum ReprError {
    /// A save of another format version (0: written before versions).
    #[error(
        "this save has format version {found}{}; this engine reads version {}",
        if *found == 0 { " (no `format_version`: an older save)" } else { "" },
        Game::SAVE_FORMAT_VERSION
    )]
    Version { found: u32 },
    /// A map lacks a key.
    #[error("`{field}` has no entry for `{key}`")]
    Missing { field: &'static str, key: &'static str },
    /// A key or a list member appears twice.
    #[error("`{field}` has `{key}` twice")]
    Duplicate { field: &'static str, key: &'static str },
    /// A list of the wrong length.
    #[error("`{field}` must have {expected} entries")]
    Length { field: &'static str, expected: usize },
    /// A war or alliance listed twice.
    #[error("`{field}` has {a} and {b} twice")]
    DuplicatePair { field: &'static str, a: Faction, b: Faction },
    /// A dice state the generator never reaches (it is always odd).
    #[error("`rng` holds an impossible generator state")]
    Rng,
    /// The position breaks an invariant.
    #[error(transparent)]
    Invalid(#[from] InvalidGame),
    /// An observation whose board shows what its viewer cannot see, or
    /// whose counts do not match its board.
    #[error("the observation does not match what its viewer sees of its board")]
    Observation,
}

impl Game {
    /// The version of the JSON save format (feature `serde`), written as
    /// the save's `format_version` field. A save of any other version, or
    /// without the field, is refused with an error that says so.
    pub const SAVE_FORMAT_VERSION: u32 = 1;
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRepr::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        GameRepr::deserialize(deserializer)?.into_game().map_err(de::Error::custom)
    }
}

impl From<&Game> for GameRepr {
    fn from(game: &Game) -> GameRepr {
        let land = game
            .land_stacks_slice()
            .iter()
            .map(|s| LandStackRepr { space: s.space, faction: s.faction, units: s.units, besieged: s.besieged })
            .collect();
        let naval = game
            .naval_stacks_slice()
            .iter()
            .map(|s| NavalStackRepr {
                location: s.location,
                faction: s.faction,
                units: s.units,
                loaned_from: Faction::ALL
                    .into_iter()
                    .filter(|f| s.lent[f.index()] > 0)
                    .map(|f| (f, s.lent[f.index()]))
                    .collect(),
            })
            .collect();
        GameRepr {
            format_version: Game::SAVE_FORMAT_VERSION,
            setup: game.setup,
            turn: game.turn,
            phase: game.phase,
            control: Table::of(&*game.control),
            religion: Table::of(&*game.religion),
            unrest: game.unrest.iter().collect(),
            out_of_play: game.out_of_play.iter().collect(),
            land,
            naval,
            naval_turn_track: Table::of(&game.naval_turn_track),
            leaders: Table::of(&game.leaders),
            leader_loans: Leader::ALL
                .into_iter()
                .filter_map(|l| game.leader_loans[l.index()].map(|p| (l, p)))
                .collect(),
            renegade_owner: game.renegade_owner,
            maurice_hapsburg: game.maurice_hapsburg,
            vienna_frozen: game.vienna_frozen.iter().collect(),
            debaters: Table::of(&game.debaters),
            reformers: Table::of(&game.reformers),
            rulers: Table::of(&game.rulers),
            excommunicated: game.excommunicated.iter().collect(),
            wars: pairs_list(game.wars),
            alliances: pairs_list(game.alliances),
            hands: Table::of(&game.hands.map(|h| h.iter().collect::<Vec<_>>())),
            deck: game.deck.iter().collect(),
            discard: game.discard.iter().collect(),
            removed: game.removed.iter().collect(),
            card_penalties: Table::of(&game.card_penalties),
            bonus_vp: Table::of(&game.bonus_vp),
            piracy_vp: game.piracy_vp,
            chateaux_vp: game.chateaux_vp,
            st_peters_vp: game.st_peters_vp,
            heir_vp: game.heir_vp,
            schmalkaldic_league: game.schmalkaldic_league,
            vp_history: game.vp_history.iter().map(|t| Table::of(t)).collect(),
            rng: Rng(game.rng.clone()),
            dip_deck: game.dip_deck.iter().collect(),
            dip: game.dip,
            hungary_bohemia_defeated: game.hungary_bohemia_defeated,
            stack: game.stack.frames().copied().collect(),
            impulse_index: game.impulse_index,
            passes_in_row: game.passes_in_row,
            outcome: game.outcome,
            phony_war: game.phony_war,
            phony_war_permanent: game.phony_war_permanent.iter().collect(),
            st_peters_cp: game.st_peters_cp,
            peace_made: pairs_list(game.peace_made),
            negotiated: game.negotiated,
            forced_dice: game.forced_dice.as_slice().to_vec(),
            jesuit_universities: game.jesuit_universities.iter().collect(),
            electorate_display: game.electorate_display.iter().collect(),
            new_testament: Table::of(&game.new_testament),
            full_bible: Table::of(&game.full_bible),
            targeted_this_impulse: game.targeted_this_impulse.iter().collect(),
            debater_bonus_used: game.debater_bonus_used.iter().collect(),
            translated_this_impulse: game.translated_this_impulse.iter().collect(),
            events_played: Table::of(&game.events_played.map(|h| h.iter().collect::<Vec<_>>())),
            reformers_excommunicated: game.reformers_excommunicated.iter().collect(),
            rulers_excommunicated: game.rulers_excommunicated.iter().collect(),
            piracy_markers: game.piracy_markers.iter().collect(),
            naval_beaten: game.naval_beaten,
            war: game.war,
            succession: game.succession,
            skip_impulse: game.skip_impulse.iter().collect(),
            seen: game.seen,
            debate_extra_dice: game.debate_extra_dice,
            fortresses: game.fortresses.iter().collect(),
            pirate_havens: game.pirate_havens.iter().collect(),
            new_world: game.new_world,
            foreign_wars: game.foreign_wars,
        }
    }
}

impl GameRepr {
    /// The game this mirrors, if it is well formed and valid.
    fn into_game(self) -> Result<Game, ReprError> {
        let game = self.into_unchecked()?;
        game.validate()?;
        Ok(game)
    }

    /// The game the mirror holds, its shape checked but not its invariants
    /// (an observation's board lacks the cards its viewer cannot see).
    fn into_unchecked(self) -> Result<Game, ReprError> {
        if self.format_version != Game::SAVE_FORMAT_VERSION {
            return Err(ReprError::Version { found: self.format_version });
        }
        let land_len = u8::try_from(self.land.len())
            .ok()
            .filter(|&n| usize::from(n) <= MAX_LAND_STACKS)
            .ok_or(InvalidGame::TooManyLandStacks)?;
        let naval_len = u8::try_from(self.naval.len())
            .ok()
            .filter(|&n| usize::from(n) <= MAX_NAVAL_STACKS)
            .ok_or(InvalidGame::TooManyNavalStacks)?;
        let mut land = [LandStack::EMPTY; MAX_LAND_STACKS];
        for (slot, s) in land.iter_mut().zip(&self.land) {
            *slot = LandStack { space: s.space, faction: s.faction, units: s.units, besieged: s.besieged };
        }
        let mut naval = [NavalStack::EMPTY; MAX_NAVAL_STACKS];
        for (slot, s) in naval.iter_mut().zip(&self.naval) {
            let mut lent = crate::rules::loans::NO_LOAN;
            for &(f, n) in &s.loaned_from {
                if lent[f.index()] > 0 || n == 0 {
                    return Err(ReprError::Duplicate { field: "loaned_from", key: f.key_id() });
                }
                lent[f.index()] = n;
            }
            *slot = NavalStack { location: s.location, faction: s.faction, units: s.units, lent };
        }
        let mut leader_loans = [None; Leader::COUNT];
        for &(leader, to) in &self.leader_loans {
            if leader_loans[leader.index()].replace(to).is_some() {
                return Err(ReprError::Duplicate { field: "leader_loans", key: leader.key_id() });
            }
        }
        let mut hands = [EnumSet::EMPTY; Power::COUNT];
        let hand_lists: [Vec<Card>; Power::COUNT] = self.hands.into_array("hands")?;
        for (hand, cards) in hands.iter_mut().zip(hand_lists) {
            *hand = set_of(cards, "hands")?;
        }
        let mut events_played = [EnumSet::EMPTY; Power::COUNT];
        let played_lists: [Vec<Card>; Power::COUNT] = self.events_played.into_array("events_played")?;
        for (played, cards) in events_played.iter_mut().zip(played_lists) {
            *played = set_of(cards, "events_played")?;
        }
        let vp_history = self
            .vp_history
            .into_iter()
            .map(|turn| turn.into_array("vp_history"))
            .collect::<Result<Vec<_>, _>>()?
            .try_into()
            .map_err(|_| ReprError::Length { field: "vp_history", expected: usize::from(LAST_TURN) })?;
        let mut game = Game {
            setup: self.setup,
            turn: self.turn,
            phase: self.phase,
            control: Tracked::new(self.control.into_array("control")?),
            religion: Tracked::new(self.religion.into_array("religion")?),
            unrest: Tracked::new(set_of(self.unrest, "unrest")?),
            out_of_play: set_of(self.out_of_play, "out_of_play")?,
            land: Tracked::new(land),
            land_len,
            naval,
            naval_len,
            naval_turn_track: self.naval_turn_track.into_array("naval_turn_track")?,
            leaders: self.leaders.into_array("leaders")?,
            leader_loans,
            renegade_owner: self.renegade_owner,
            maurice_hapsburg: self.maurice_hapsburg,
            vienna_frozen: set_of(self.vienna_frozen, "vienna_frozen")?,
            debaters: self.debaters.into_array("debaters")?,
            reformers: self.reformers.into_array("reformers")?,
            rulers: self.rulers.into_array("rulers")?,
            excommunicated: set_of(self.excommunicated, "excommunicated")?,
            wars: pairs_of(&self.wars, "wars")?,
            alliances: pairs_of(&self.alliances, "alliances")?,
            hands,
            deck: set_of(self.deck, "deck")?,
            discard: set_of(self.discard, "discard")?,
            removed: set_of(self.removed, "removed")?,
            card_penalties: self.card_penalties.into_array("card_penalties")?,
            bonus_vp: self.bonus_vp.into_array("bonus_vp")?,
            piracy_vp: self.piracy_vp,
            chateaux_vp: self.chateaux_vp,
            st_peters_vp: self.st_peters_vp,
            heir_vp: self.heir_vp,
            schmalkaldic_league: self.schmalkaldic_league,
            vp_history,
            rng: self.rng.0,
            dip_deck: set_of(self.dip_deck, "dip_deck")?,
            dip: self.dip,
            hungary_bohemia_defeated: self.hungary_bohemia_defeated,
            stack: Stack::from_frames(&self.stack).ok_or(InvalidGame::Frames)?,
            impulse_index: self.impulse_index,
            passes_in_row: self.passes_in_row,
            outcome: self.outcome,
            phony_war: self.phony_war,
            phony_war_permanent: set_of(self.phony_war_permanent, "phony_war_permanent")?,
            st_peters_cp: self.st_peters_cp,
            peace_made: pairs_of(&self.peace_made, "peace_made")?,
            negotiated: self.negotiated,
            forced_dice: Default::default(),
            jesuit_universities: set_of(self.jesuit_universities, "jesuit_universities")?,
            electorate_display: set_of(self.electorate_display, "electorate_display")?,
            new_testament: self.new_testament.into_array("new_testament")?,
            full_bible: self.full_bible.into_array("full_bible")?,
            targeted_this_impulse: set_of(self.targeted_this_impulse, "targeted_this_impulse")?,
            debater_bonus_used: set_of(self.debater_bonus_used, "debater_bonus_used")?,
            translated_this_impulse: set_of(self.translated_this_impulse, "translated_this_impulse")?,
            events_played,
            reformers_excommunicated: set_of(self.reformers_excommunicated, "reformers_excommunicated")?,
            rulers_excommunicated: set_of(self.rulers_excommunicated, "rulers_excommunicated")?,
            piracy_markers: set_of(self.piracy_markers, "piracy_markers")?,
            naval_beaten: self.naval_beaten,
            war: self.war,
            succession: self.succession,
            skip_impulse: set_of(self.skip_impulse, "skip_impulse")?,
            seen: self.seen,
            observed: None,
            debate_extra_dice: self.debate_extra_dice,
            fortresses: set_of(self.fortresses, "fortresses")?,
            pirate_havens: set_of(self.pirate_havens, "pirate_havens")?,
            new_world: self.new_world,
            foreign_wars: self.foreign_wars,
            board_key: 0,
        };
        game.rekey_board();
        game.force_dice(&self.forced_dice).map_err(|_| ReprError::Length { field: "forced_dice", expected: 64 })?;
        Ok(game)
    }
}

/// A vocabulary type used as a map key or set member in the mirror.
trait Key: Copy + Serialize + DeserializeOwned + 'static {
    /// Every member, in index order.
    const ALL: &'static [Self];
    /// Dense index.
    fn key_index(self) -> usize;
    /// The snake_case id.
    fn key_id(self) -> &'static str;
}

macro_rules! key {
    ($($T:ty),*) => {$(
        impl Key for $T {
            const ALL: &'static [Self] = &<$T>::ALL;
            fn key_index(self) -> usize { self.index() }
            fn key_id(self) -> &'static str { self.id() }
        }
    )*};
}
key!(Space, SeaZone, Faction, Power, MinorPower, Leader, Debater, Reformer, Ruler, Card, LanguageZone);

/// A per-member array as a map from id to value, in index order; read back
/// with every key exactly once.
struct Table<K, V>(Vec<(K, V)>);

impl<K: Key, V: Clone> Table<K, V> {
    /// The table of `array`, indexed by `K::index()`.
    fn of(array: &[V]) -> Table<K, V> {
        Table(K::ALL.iter().copied().zip(array.iter().cloned()).collect())
    }

    /// The array again: every key present once.
    fn into_array<const N: usize>(self, field: &'static str) -> Result<[V; N], ReprError> {
        let mut slots: Vec<Option<V>> = vec![None; K::ALL.len()];
        for (key, value) in self.0 {
            let slot = slots.get_mut(key.key_index()).ok_or(ReprError::Length { field, expected: K::ALL.len() })?;
            if slot.is_some() {
                return Err(ReprError::Duplicate { field, key: key.key_id() });
            }
            *slot = Some(value);
        }
        let values = K::ALL
            .iter()
            .zip(slots)
            .map(|(key, slot)| slot.ok_or(ReprError::Missing { field, key: key.key_id() }))
            .collect::<Result<Vec<V>, _>>()?;
        values.try_into().map_err(|_| ReprError::Length { field, expected: N })
    }
}

impl<K: Serialize, V: Serialize> Serialize for Table<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Table<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TableVisitor<K, V>(core::marker::PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for TableVisitor<K, V> {
            type Value = Table<K, V>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a map from ids to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                // Every table is small; cap the hint against hostile lengths.
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(256));
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Table(entries))
            }
        }
        deserializer.deserialize_map(TableVisitor(core::marker::PhantomData))
    }
}

/// A set from a list, each member once.
fn set_of<T: Key + SetMember>(members: Vec<T>, field: &'static str) -> Result<EnumSet<T>, ReprError> {
    let mut set = EnumSet::EMPTY;
    for member in members {
        if !set.insert(member) {
            return Err(ReprError::Duplicate { field, key: member.key_id() });
        }
    }
    Ok(set)
}

/// The pairs of a symmetric relation, each once, the lower index first.
fn pairs_list(pairs: Pairs) -> Vec<(Faction, Faction)> {
    let mut list = Vec::new();
    for (i, &a) in Faction::ALL.iter().enumerate() {
        for &b in &Faction::ALL[i..] {
            if pairs.contains(a, b) {
                list.push((a, b));
            }
        }
    }
    list
}

/// A symmetric relation from a list of pairs, each pair once in either order.
fn pairs_of(list: &[(Faction, Faction)], field: &'static str) -> Result<Pairs, ReprError> {
    let mut pairs = Pairs::default();
    for &(a, b) in list {
        if pairs.contains(a, b) {
            return Err(ReprError::DuplicatePair { field, a, b });
        }
        pairs.set(a, b, true);
    }
    Ok(pairs)
}

/// The dice generator, as `{"state": "<decimal>"}`: its 128-bit state in a
/// string, as a JSON number that large would not survive most readers
/// (`serde_json::Value`, JavaScript). Read back only if the state is one
/// the generator can hold (odd).
struct Rng(Pcg64Mcg);

/// The serde form of [`Rng`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RngRepr {
    state: String,
}

impl Serialize for Rng {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let state = state_of(&self.0).map_err(serde::ser::Error::custom)?;
        RngRepr { state: state.to_string() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Rng {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rng, D::Error> {
        let repr = RngRepr::deserialize(deserializer)?;
        match repr.state.parse::<u128>() {
            // `new` sets the low bit, already set: the state is kept as read.
            Ok(state) if state & 1 == 1 => Ok(Rng(Pcg64Mcg::new(state))),
            _ => Err(de::Error::custom(ReprError::Rng)),
        }
    }
}

/// The generator's state, read through its own serde form (`rand_pcg`
/// `serde1`: a struct with one field, `state: u128`), as it has no getter.
fn state_of(rng: &Pcg64Mcg) -> Result<u128, StateError> {
    let mut capture = StateCapture(None);
    rng.serialize(&mut capture)?;
    capture.0.ok_or(StateError)
}

/// A serializer that accepts only a struct of one `u128` and keeps it.
struct StateCapture(Option<u128>);

/// The generator's serde form was not the expected one.
#[derive(Debug, Error)]
#[error("unexpected form of the dice generator state")]
struct StateError;

impl serde::ser::Error for StateError {
    fn custom<T: core::fmt::Display>(_: T) -> Self {
        StateError
    }
}

/// Serializer methods that refuse their input.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ret:ty;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ret, StateError> {
            Err(StateError)
        }
    )*};
}

impl Serializer for &mut StateCapture {
    type Ok = ();
    type Error = StateError;
    type SerializeSeq = Impossible<(), StateError>;
    type SerializeTuple = Impossible<(), StateError>;
    type SerializeTupleStruct = Impossible<(), StateError>;
    type SerializeTupleVariant = Impossible<(), StateError>;
    type SerializeMap = Impossible<(), StateError>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), StateError>;

    fn serialize_u128(self, value: u128) -> Result<(), StateError> {
        self.0 = Some(value);
        Ok(())
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, StateError> {
        Ok(self)
    }

    refuse! {
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_f32(f32) -> ();
        serialize_f64(f64) -> ();
        serialize_char(char) -> ();
        serialize_str(&str) -> ();
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_unit_variant(&'static str, u32, &'static str) -> ();
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), StateError> {
        Err(StateError)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, _: &T) -> Result<(), StateError> {
        Err(StateError)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), StateError> {
        Err(StateError)
    }
}

impl SerializeStruct for &mut StateCapture {
    type Ok = ();
    type Error = StateError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), StateError> {
        if key != "state" {
            return Err(StateError);
        }
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<(), StateError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use rand_core::Rng as _;

    use super::*;
    use crate::game::Scenario;

    #[test]
    fn the_dice_state_round_trips_mid_game() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 9));
        for _ in 0..5 {
            game.rng.next_u64();
        }
        let text = serde_json::to_string(&game).unwrap();
        let mut back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.rng.next_u64(), game.rng.next_u64());
        // The same seed, not yet rolled: another game.
        let fresh = Game::empty(Setup::new(Scenario::Y1517, 9));
        assert_ne!(fresh, game);
    }

    #[test]
    fn the_state_is_read_exactly() {
        let state = (1u128 << 100) + 12345;
        assert_eq!(state_of(&Pcg64Mcg::new(state)).ok(), Some(state));
        let repr = RngRepr { state: state.to_string() };
        let json = serde_json::to_string(&repr).unwrap();
        let rng: Rng = serde_json::from_str(&json).unwrap();
        assert_eq!(rng.0, Pcg64Mcg::new(state));
        for bad in [r#"{"state":"12344"}"#, r#"{"state":"-1"}"#, r#"{"state":""}"#] {
            assert!(serde_json::from_str::<Rng>(bad).is_err(), "{bad}");
        }
        let too_big = format!(r#"{{"state":"{}0"}}"#, u128::MAX);
        assert!(serde_json::from_str::<Rng>(&too_big).is_err());
    }

    #[test]
    fn tables_need_every_key_once() {
        let table = Table::<Power, u8>(vec![(Power::Ottoman, 1), (Power::Ottoman, 2)]);
        assert_eq!(table.into_array::<{ Power::COUNT }>("t"), Err(ReprError::Duplicate { field: "t", key: "ottoman" }));
        let table = Table::<Power, u8>::of(&[1, 2, 3, 4, 5, 6]);
        let mut entries = table.0;
        entries.retain(|&(p, _)| p != Power::Papacy);
        assert_eq!(
            Table(entries).into_array::<{ Power::COUNT }>("t"),
            Err(ReprError::Missing { field: "t", key: "papacy" })
        );
    }
}
