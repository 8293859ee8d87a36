//! Victory (§23; seed page 000, "ПОБЕДА"): the VP breakdown of each power,
//! the Protestant-spaces track, the automatic victories of the action phase
//! and the victory determination phase.
//!
//! ```
//! use here_i_stand::{Game, Power, Scenario, Setup};
//! use here_i_stand::rules::victory::{vp, victory_determination};
//!
//! let game = Game::empty(Setup::new(Scenario::Y1517, 0));
//! assert_eq!(vp(&game, Power::Papacy).total(), 19);
//! assert_eq!(victory_determination(&game), None);
//! ```

use crate::data::powers;
use crate::game::{Game, Scenario};
use crate::rules::cards_dealt::keys_uncovered;
use crate::sets::EnumSet;
use crate::types::{Faction, Power, Religion, Space, SpaceKind};

/// The Protestant-spaces track: the Protestant gains 1 VP, and the Papacy
/// loses 1 of its 15, for each of these counts of Protestant spaces reached
/// (§23.2, the 500th Religious Struggle Card).
pub const PROTESTANT_TRACK_THRESHOLDS: [u8; 14] = [4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47];

/// The Papal VP of the Protestant-spaces track with no Protestant space (§23.2).
pub const PAPAL_TRACK_MAX: u8 = 15;

/// Protestant spaces, not in unrest, that give the religious victory (§23.1).
pub const RELIGIOUS_VICTORY_SPACES: u8 = 50;

/// VP that give a standard victory (§23.3) in every scenario but the
/// Tournament ([`standard_victory_vp`]).
pub const STANDARD_VICTORY_VP: i8 = 25;

/// VP that give a standard victory in the Tournament scenario: the map's
/// victory track marks box 23 "Tournament" (§23.3; docs/rulings.md T1).
pub const TOURNAMENT_VICTORY_VP: i8 = 23;

/// The first turn on which a domination victory is possible (§23.3).
pub const DOMINATION_FROM_TURN: u8 = 4;

/// VP each Protestant-controlled Protestant electorate gives (§23.2).
const VP_PER_PROTESTANT_ELECTORATE: u8 = 2;

/// How a game was won (§23). The first two end the game during the action
/// phase; the other three in the victory determination phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum VictoryKind {
    /// A power uncovered its "Auto Win" box (§23.1).
    Military,
    /// 50 Protestant spaces not in unrest (§23.1).
    Religious,
    /// 25 VP or more (23 in the Tournament) in the victory determination
    /// phase (§23.3).
    Standard,
    /// A lead of 5 VP (8 in the two-player variant) over every other power,
    /// from turn 4 on (§23.3, §24.3).
    Domination,
    /// The most VP at the end of the last turn: 9, or 6 in the Tournament
    /// (§23.3, §9.3).
    Time,
}

/// The result of a finished game: who won, and how (§23). Also
/// `here_i_stand::Outcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winning power.
    pub winner: Power,
    /// The kind of victory.
    pub kind: VictoryKind,
}

/// A power's special VP by source (§23.2). Only the sources of that power
/// are ever non-zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpecialVp {
    /// Ottoman: the VP boxes reached on the piracy track (§16.4).
    pub piracy: u8,
    /// Hapsburg: 1 per electorate it controls, not in unrest, once the
    /// Schmalkaldic League has formed.
    pub electorates: u8,
    /// England: 1 per 2 Protestant English home spaces not in unrest, rounded down.
    pub english_protestant_spaces: u8,
    /// England: 5 for Edward VI born, 2 for Elizabeth I only (§21.3).
    pub heir: u8,
    /// France: chateaux built with Patron of the Arts (§21.4).
    pub chateaux: u8,
    /// Papacy (Papal value) or Protestant (Protestant value) of the
    /// Protestant-spaces track.
    pub protestant_track: u8,
    /// Papacy: the boxes of St Peter's built (§21.5).
    pub st_peters: u8,
}

impl SpecialVp {
    /// The sum of the sources.
    ///
    /// ```
    /// use here_i_stand::rules::victory::SpecialVp;
    ///
    /// let special = SpecialVp { protestant_track: 15, st_peters: 2, ..SpecialVp::default() };
    /// assert_eq!(special.total(), 17);
    /// ```
    pub const fn total(self) -> u8 {
        self.piracy
            .saturating_add(self.electorates)
            .saturating_add(self.english_protestant_spaces)
            .saturating_add(self.heir)
            .saturating_add(self.chateaux)
            .saturating_add(self.protestant_track)
            .saturating_add(self.st_peters)
    }
}

/// A power's VP: base, special and bonus (§23.2), for a UI to show part by part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VpBreakdown {
    /// Base VP: the last uncovered box of the key track (0 with every box
    /// covered); for the Protestant, 2 per Protestant-controlled electorate
    /// that is Protestant and not in unrest.
    pub base: u8,
    /// Special VP, by source.
    pub special: SpecialVp,
    /// Bonus VP (debaters, New World, war winners, events, ...); may be
    /// negative (Phony War markers, §9.6).
    pub bonus: i8,
}

impl VpBreakdown {
    /// Base + special + bonus, saturating at the bounds of `i8` (which no
    /// game reaches).
    ///
    /// ```
    /// use here_i_stand::rules::victory::{SpecialVp, VpBreakdown};
    ///
    /// let vp = VpBreakdown { base: 8, special: SpecialVp { piracy: 2, ..SpecialVp::default() }, bonus: -1 };
    /// assert_eq!(vp.total(), 9);
    /// ```
    pub fn total(self) -> i8 {
        let sum = i16::from(self.base) + i16::from(self.special.total()) + i16::from(self.bonus);
        i8::try_from(sum).unwrap_or(if sum < 0 { i8::MIN } else { i8::MAX })
    }
}

/// Protestant spaces not in unrest, over the whole map: the position of the
/// Protestant-spaces track (§23.2, §12.4).
///
/// ```
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
/// use here_i_stand::rules::victory::protestant_spaces;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_religion(Space::Wittenberg, Religion::Protestant)?;
/// game.set_religion(Space::Leipzig, Religion::Protestant)?;
/// game.set_unrest(Space::Leipzig, true)?;
/// assert_eq!(protestant_spaces(&game), 1);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn protestant_spaces(game: &Game) -> u8 {
    count(Space::ALL.into_iter().filter(|&s| calm_protestant(game, s)))
}

/// The Protestant's VP on the Protestant-spaces track with `spaces`
/// Protestant spaces: the number of thresholds reached (§23.2).
///
/// ```
/// use here_i_stand::rules::victory::protestant_track_vp;
///
/// assert_eq!(protestant_track_vp(3), 0);
/// assert_eq!(protestant_track_vp(4), 1);
/// assert_eq!(protestant_track_vp(49), 14);
/// ```
pub fn protestant_track_vp(spaces: u8) -> u8 {
    count(PROTESTANT_TRACK_THRESHOLDS.iter().filter(|&&t| spaces >= t))
}

/// The Papacy's VP on the Protestant-spaces track with `spaces` Protestant
/// spaces: 15 less the Protestant's value (§23.2).
///
/// ```
/// use here_i_stand::rules::victory::papal_track_vp;
///
/// assert_eq!(papal_track_vp(0), 15);
/// assert_eq!(papal_track_vp(47), 1);
/// ```
pub fn papal_track_vp(spaces: u8) -> u8 {
    PAPAL_TRACK_MAX - protestant_track_vp(spaces)
}

/// `power`'s VP, part by part (§23.2, seed 000 "Победные очки").
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::victory::vp;
///
/// // 1517 control: France holds 6 keys, 12 base VP.
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(vp(&game, Power::France).base, 12);
/// assert_eq!(vp(&game, Power::France).total(), 12);
/// ```
pub fn vp(game: &Game, power: Power) -> VpBreakdown {
    // The New World VP (discoveries, conquests, §20) are bonus VP (§23.2).
    let bonus = game.bonus_vp(power).saturating_add(game.new_world_vp(power) as i8);
    VpBreakdown { base: base_vp(game, power), special: special_vp(game, power), bonus }
}

/// Every power's VP total, in impulse order, as the engine records them at
/// the end of a turn for tie-breaks (§23.3).
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::victory::vp_totals;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(vp_totals(&game), [8, 9, 9, 12, 19, 0]);
/// ```
pub fn vp_totals(game: &Game) -> [i8; Power::COUNT] {
    Power::ALL.map(|p| vp(game, p).total())
}

/// The power that has won a military automatic victory (§23.1, seed 000
/// "Военная победа"): a power other than the Protestant whose keys not in
/// unrest reach its "Auto Win" box. In the two-player variant only the
/// Papacy can (§24.3: the other four skip victory). Should two powers
/// qualify at once, the first in impulse order is returned. The engine
/// checks this during the action phase (reaching the box during diplomacy
/// counts only if it still holds when the action phase starts).
///
/// ```
/// use here_i_stand::{Faction, Game, Power, Scenario, Setup, Space};
/// use here_i_stand::rules::victory::military_auto_victory;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// for key in [Space::Florence, Space::Genoa, Space::Venice, Space::Naples, Space::Milan] {
///     game.set_controller(key, Faction::Papacy)?;
/// }
/// assert_eq!(military_auto_victory(&game), Some(Power::Papacy));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn military_auto_victory(game: &Game) -> Option<Power> {
    let uncovered = keys_uncovered_by_faction(game);
    counting_powers(game.scenario())
        .into_iter()
        .find(|&p| powers::auto_win_keys(p).is_some_and(|needed| uncovered[Faction::from(p).index()] >= needed))
}

/// [`keys_uncovered`] of every faction, in one pass over the map: the keys
/// each controls that are not in unrest.
fn keys_uncovered_by_faction(game: &Game) -> [u8; Faction::COUNT] {
    let mut uncovered = [0u8; Faction::COUNT];
    let unrest = game.unrest();
    for &key in key_list() {
        if !unrest.contains(key) {
            let n = &mut uncovered[game.controller(key).index()];
            *n = n.saturating_add(1);
        }
    }
    uncovered
}

/// [`Space::keys`] as a list, made once (checked after every action, so
/// walked as a slice rather than a set).
fn key_list() -> &'static [Space] {
    static KEYS: std::sync::OnceLock<smallvec::SmallVec<[Space; Space::COUNT]>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| Space::keys().iter().collect())
}

/// Whether the Protestant has won a religious victory: 50 Protestant spaces
/// not in unrest (§23.1, seed 000 "Религиозная победа").
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::victory::religious_victory;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!religious_victory(&game));
/// ```
pub fn religious_victory(game: &Game) -> bool {
    // Quick bound first: the Protestant spaces with those in unrest.
    let all = game.religion.iter().filter(|&&r| r == Religion::Protestant).count();
    all >= usize::from(RELIGIOUS_VICTORY_SPACES) && protestant_spaces(game) >= RELIGIOUS_VICTORY_SPACES
}

/// Either automatic victory of the action phase (§23.1) as a verdict:
/// military first (a military winner precedes the Protestant in impulse
/// order), then religious.
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup};
/// use here_i_stand::rules::victory::automatic_victory;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(automatic_victory(&game), None);
/// ```
pub fn automatic_victory(game: &Game) -> Option<Outcome> {
    if let Some(winner) = military_auto_victory(game) {
        return Some(Outcome { winner, kind: VictoryKind::Military });
    }
    religious_victory(game).then_some(Outcome { winner: Power::Protestant, kind: VictoryKind::Religious })
}

/// The powers whose VP count for victory: all six, or in the two-player
/// variant the Papacy and the Protestant only (§24.3).
///
/// ```
/// use here_i_stand::{Power, Scenario};
/// use here_i_stand::rules::victory::counting_powers;
///
/// assert_eq!(counting_powers(Scenario::TwoPlayer).len(), 2);
/// assert!(counting_powers(Scenario::Y1517).contains(Power::Ottoman));
/// ```
pub fn counting_powers(scenario: Scenario) -> EnumSet<Power> {
    match scenario {
        Scenario::TwoPlayer => [Power::Papacy, Power::Protestant].into_iter().collect(),
        Scenario::Y1517 | Scenario::Y1532 | Scenario::Tournament => Power::ALL.into_iter().collect(),
    }
}

/// The lead over every other power a domination victory needs: 5 VP, or
/// 8 in the two-player variant (§23.3, §24.3).
///
/// ```
/// use here_i_stand::Scenario;
/// use here_i_stand::rules::victory::domination_lead;
///
/// assert_eq!(domination_lead(Scenario::Y1517), 5);
/// assert_eq!(domination_lead(Scenario::TwoPlayer), 8);
/// ```
pub const fn domination_lead(scenario: Scenario) -> i8 {
    match scenario {
        Scenario::TwoPlayer => 8,
        Scenario::Y1517 | Scenario::Y1532 | Scenario::Tournament => 5,
    }
}

/// The VP that give a standard victory (§23.3): 25, or 23 in the
/// Tournament scenario (the map's mark; docs/rulings.md T1).
///
/// ```
/// use here_i_stand::Scenario;
/// use here_i_stand::rules::victory::standard_victory_vp;
///
/// assert_eq!(standard_victory_vp(Scenario::Y1532), 25);
/// assert_eq!(standard_victory_vp(Scenario::Tournament), 23);
/// ```
pub const fn standard_victory_vp(scenario: Scenario) -> i8 {
    match scenario {
        Scenario::Tournament => TOURNAMENT_VICTORY_VP,
        Scenario::Y1517 | Scenario::Y1532 | Scenario::TwoPlayer => STANDARD_VICTORY_VP,
    }
}

/// The victory determination phase (§23.3, seed 000 "Фаза определения
/// победителя"), on the game's current turn:
/// 1. standard: some power has 25 VP or more (23 in the Tournament,
///    [`standard_victory_vp`]); the highest total wins;
/// 2. domination (turn 4 on): a power below that leads every other power
///    by 5 VP or more (8 in the two-player variant);
/// 3. time (the last turn: 9, or 6 in the Tournament): the highest total wins.
///
/// Ties for the highest total are broken by the totals recorded at the end
/// of the previous turn, then the turn before, and so on
/// ([`Game::vp_history`]). Should a tie survive every earlier turn, the
/// first tied power in impulse order wins: a ruling, not a rulebook rule.
/// In the two-player variant only the Papacy and the Protestant count.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::victory::{victory_determination, Outcome, VictoryKind};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_bonus_vp(Power::France, 13)?; // 12 + 13 = 25
/// assert_eq!(
///     victory_determination(&game),
///     Some(Outcome { winner: Power::France, kind: VictoryKind::Standard }),
/// );
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn victory_determination(game: &Game) -> Option<Outcome> {
    let totals = vp_totals(game);
    let powers = counting_powers(game.scenario());
    let total = |p: Power| totals[p.index()];
    let top = powers.iter().map(total).max()?;
    let verdict = |winner, kind| Some(Outcome { winner, kind });

    if top >= standard_victory_vp(game.scenario()) {
        return verdict(leader(game, &totals, powers)?, VictoryKind::Standard);
    }
    if game.turn() >= DOMINATION_FROM_TURN {
        let lead = i16::from(domination_lead(game.scenario()));
        let dominates =
            |p: Power| powers.iter().filter(|&q| q != p).all(|q| i16::from(total(p)) - i16::from(total(q)) >= lead);
        if let Some(winner) = powers.iter().find(|&p| dominates(p)) {
            return verdict(winner, VictoryKind::Domination);
        }
    }
    if game.turn() >= game.scenario().last_turn() {
        return verdict(leader(game, &totals, powers)?, VictoryKind::Time);
    }
    None
}

/// The power with the highest total among `powers`, ties broken by the
/// recorded totals of earlier turns, most recent first, then by impulse
/// order (§23.3). `None` only if `powers` is empty.
fn leader(game: &Game, totals: &[i8; Power::COUNT], powers: EnumSet<Power>) -> Option<Power> {
    let mut tied = best_of(powers, totals);
    for turn in (1..game.turn()).rev() {
        if tied.len() <= 1 {
            break;
        }
        if let Some(history) = game.vp_history(turn) {
            tied = best_of(tied, &history);
        }
    }
    tied.iter().next()
}

/// The members of `powers` with the highest value in `totals`.
fn best_of(powers: EnumSet<Power>, totals: &[i8; Power::COUNT]) -> EnumSet<Power> {
    let top = powers.iter().map(|p| totals[p.index()]).max();
    powers.iter().filter(|p| Some(totals[p.index()]) == top).collect()
}

fn base_vp(game: &Game, power: Power) -> u8 {
    match power {
        Power::Protestant => {
            let electorates = count(
                electorates()
                    .filter(|&s| game.controller(s) == Faction::Protestant)
                    .filter(|&s| calm_protestant(game, s)),
            );
            electorates.saturating_mul(VP_PER_PROTESTANT_ELECTORATE)
        }
        _ => powers::key_track_vp(power, keys_uncovered(game, power)).unwrap_or(0),
    }
}

fn special_vp(game: &Game, power: Power) -> SpecialVp {
    let none = SpecialVp::default();
    match power {
        Power::Ottoman => SpecialVp { piracy: game.piracy_vp(), ..none },
        Power::Hapsburg => SpecialVp {
            electorates: if game.schmalkaldic_league() {
                count(electorates().filter(|&s| game.controller(s) == Faction::Hapsburg && !game.in_unrest(s)))
            } else {
                0
            },
            ..none
        },
        Power::England => SpecialVp {
            english_protestant_spaces: count(
                Space::ALL.into_iter().filter(|&s| s.home() == Faction::England && calm_protestant(game, s)),
            ) / 2,
            heir: game.heir_vp(),
            ..none
        },
        Power::France => SpecialVp { chateaux: game.chateaux_vp(), ..none },
        Power::Papacy => SpecialVp {
            protestant_track: papal_track_vp(protestant_spaces(game)),
            st_peters: game.st_peters_vp(),
            ..none
        },
        Power::Protestant => SpecialVp { protestant_track: protestant_track_vp(protestant_spaces(game)), ..none },
    }
}

/// A Protestant space not in unrest: what every Protestant-space VP counts (§12.4).
fn calm_protestant(game: &Game, space: Space) -> bool {
    game.religion(space) == Religion::Protestant && !game.in_unrest(space)
}

fn electorates() -> impl Iterator<Item = Space> {
    Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Electorate)
}

fn count<T>(items: impl Iterator<Item = T>) -> u8 {
    u8::try_from(items.count()).unwrap_or(u8::MAX)
}
