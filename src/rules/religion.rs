//! The Reformation (§18): the religion of land units, the targets of
//! reformation and counter-reformation attempts, the dice each side rolls,
//! who wins an attempt, debater bonuses, translation tracks, St Peter's and
//! Jesuit universities, and the Electorate Display.
//!
//! ```
//! use here_i_stand::rules::religion::{AttemptKind, BonusDice, attempt_dice, is_reformation_target};
//! use here_i_stand::{Game, Religion, Scenario, Setup, Space};
//!
//! let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
//! game.set_religion(Space::Wittenberg, Religion::Protestant)?;
//! assert!(is_reformation_target(&game, Space::Leipzig));
//! let dice = attempt_dice(&game, AttemptKind::Reformation, Space::Leipzig, BonusDice::NONE);
//! assert_eq!(dice.attacker.adjacent_spaces, 1);
//! # Ok::<(), here_i_stand::EditError>(())
//! ```

use crate::game::{DebaterState, Game, LeaderLocation, ReformerState};
use crate::sets::EnumSet;
use crate::types::{
    Card, Debater, Faction, LanguageZone, Leader, MinorPower, Power, Reformer, Religion, Ruler, Space, SpaceKind,
};

/// Boxes on a New Testament track (§18.1).
pub const NEW_TESTAMENT_BOXES: u8 = 6;
/// Boxes on a Full Bible track (§18.1).
pub const FULL_BIBLE_BOXES: u8 = 10;
/// Reformation attempts for a completed New Testament or Full Bible (§18.1).
pub const TRANSLATION_ATTEMPTS: u8 = 6;
/// The zones with translation tracks (§18.1).
pub const TRANSLATION_ZONES: [LanguageZone; 3] = [LanguageZone::German, LanguageZone::French, LanguageZone::English];
/// Tetzel's St Peter's CP (§18.4 step 9): `true` gives +1 CP for each
/// attempt made under his bonus (the rule text), `false` +1 CP once per
/// Burn Books (the counter's wording). UNCONFIRMED; the rule text by default.
pub const TETZEL_CP_PER_ATTEMPT: bool = true;

/// A reformation attempt (Protestant or England attacking, §18.3) or a
/// counter-reformation attempt (Papacy attacking, §18.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AttemptKind {
    /// Turns a Catholic space Protestant.
    Reformation,
    /// Turns a Protestant space Catholic.
    CounterReformation,
}

impl AttemptKind {
    /// The religion the target has before the attempt.
    pub const fn target_religion(self) -> Religion {
        match self {
            AttemptKind::Reformation => Religion::Catholic,
            AttemptKind::CounterReformation => Religion::Protestant,
        }
    }

    /// The religion a successful attempt gives the target.
    pub const fn result_religion(self) -> Religion {
        match self {
            AttemptKind::Reformation => Religion::Protestant,
            AttemptKind::CounterReformation => Religion::Catholic,
        }
    }
}

/// The religion land units of `faction` count for in religious attempts
/// (§18.2); `None`: neutral, ignored. Protestant units are Protestant;
/// Papal, Hapsburg, French, minor and independent units Catholic; English
/// units follow the ruler (Henry VIII neutral, Edward VI and Elizabeth I
/// Protestant, Mary I Catholic), and so do Scottish units allied to England;
/// Ottoman units are neutral.
///
/// ```
/// use here_i_stand::rules::religion::unit_religion;
/// use here_i_stand::{Faction, Game, Power, Religion, Ruler, Scenario, Setup};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(unit_religion(&game, Faction::England), None);
/// game.set_ruler(Power::England, Ruler::EdwardVi)?;
/// assert_eq!(unit_religion(&game, Faction::England), Some(Religion::Protestant));
/// assert_eq!(unit_religion(&game, Faction::Ottoman), None);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn unit_religion(game: &Game, faction: Faction) -> Option<Religion> {
    let english = || match game.ruler(Power::England) {
        Ruler::EdwardVi | Ruler::ElizabethI => Some(Religion::Protestant),
        Ruler::MaryI => Some(Religion::Catholic),
        _ => None,
    };
    match faction {
        Faction::Protestant => Some(Religion::Protestant),
        Faction::Ottoman => None,
        Faction::England => english(),
        Faction::Scotland if game.minor_ally(MinorPower::Scotland) == Some(Power::England) => english(),
        _ => Some(Religion::Catholic),
    }
}

/// Whether land units of `religion` stand in `space` (§18.2: a stack of any
/// size, of one or several factions, counts once).
pub fn has_stack_of(game: &Game, space: Space, religion: Religion) -> bool {
    game.land_units_in(space)
        .any(|(faction, units, _)| !units.is_empty() && unit_religion(game, faction) == Some(religion))
}

/// Whether a reformer stands in `space` (§8, §18.2).
pub fn has_reformer(game: &Game, space: Space) -> bool {
    Reformer::ALL.into_iter().any(|r| r.space() == space && game.reformer_state(r) == ReformerState::OnMap)
}

/// Whether a neighbour of religion `religion` qualifies `space` as a
/// target (§18.3, §18.4 step 1): adjacent even across a pass, not in unrest
/// (§12.4), or a port on a sea zone with another port of that religion not
/// in unrest.
fn has_source(game: &Game, space: Space, religion: Religion) -> bool {
    let counts = |s: Space| game.religion(s) == religion && !game.in_unrest(s) && game.in_play(s);
    space.land_neighbours().any(counts)
        || space.ports().iter().any(|zone| zone.ports().iter().any(|&p| p != space && counts(p)))
}

/// Whether `space` may be the target of a reformation attempt (§18.3 step
/// 1): a Catholic space that holds a reformer, is adjacent (even across a
/// pass) to a Protestant space, or is a port on a sea zone where another
/// port is Protestant. Protestant spaces in unrest do not qualify it
/// (§12.4); a target in unrest is fine. The once-per-impulse limit is the
/// engine's ([`Game::targeted_this_impulse`]).
///
/// ```
/// use here_i_stand::rules::religion::is_reformation_target;
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(!is_reformation_target(&game, Space::Leipzig));
/// game.set_religion(Space::Wittenberg, Religion::Protestant)?;
/// assert!(is_reformation_target(&game, Space::Leipzig));
/// assert!(!is_reformation_target(&game, Space::Wittenberg));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_reformation_target(game: &Game, space: Space) -> bool {
    game.in_play(space)
        && game.religion(space) == Religion::Catholic
        && (has_reformer(game, space) || has_source(game, space, Religion::Protestant))
}

/// Whether `space` may be the target of a counter-reformation attempt
/// (§18.4 step 1): a Protestant space that holds a Jesuit university, is
/// adjacent (even across a pass) to a Catholic space, or is a port on a sea
/// zone where another port is Catholic; Catholic spaces in unrest do not
/// qualify it (§12.4).
///
/// ```
/// use here_i_stand::rules::religion::is_counter_reformation_target;
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_religion(Space::Wittenberg, Religion::Protestant)?;
/// assert!(is_counter_reformation_target(&game, Space::Wittenberg));
/// assert!(!is_counter_reformation_target(&game, Space::Leipzig));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn is_counter_reformation_target(game: &Game, space: Space) -> bool {
    game.in_play(space)
        && game.religion(space) == Religion::Protestant
        && (game.jesuit_universities().contains(space) || has_source(game, space, Religion::Catholic))
}

/// Whether `space` may be the target of an attempt of `kind`.
pub fn is_target(game: &Game, kind: AttemptKind, space: Space) -> bool {
    match kind {
        AttemptKind::Reformation => is_reformation_target(game, space),
        AttemptKind::CounterReformation => is_counter_reformation_target(game, space),
    }
}

/// Dice that come from outside the map (§18.3 step 3, §18.4 step 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BonusDice {
    /// A debater's bonus dice (1; Faber 2 against an electorate).
    pub debater: u8,
    /// Luther's 95 Theses: +1 die on each of its attempts.
    pub theses: bool,
    /// Printing Press in effect this turn: +1 die on reformation attempts.
    pub printing_press: bool,
}

impl BonusDice {
    /// No bonus.
    pub const NONE: BonusDice = BonusDice { debater: 0, theses: false, printing_press: false };

    /// The bonus dice together.
    ///
    /// ```
    /// use here_i_stand::rules::religion::BonusDice;
    /// assert_eq!(BonusDice { debater: 1, theses: true, printing_press: false }.total(), 2);
    /// ```
    pub const fn total(self) -> u8 {
        self.debater + self.theses as u8 + self.printing_press as u8
    }
}

/// One side's dice for an attempt on a target (§18.3 steps 2-3 and 6,
/// §18.4 steps 2-3 and 6), part by part. Helpers are reformers for the
/// Protestant side and Jesuit universities for the Papal side; stacks are
/// land units of the side's religion. Adjacent means joined by a clear
/// connection (not a pass) to a space not in unrest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReligiousDice {
    /// +1 for each adjacent space of the side's religion.
    pub adjacent_spaces: u8,
    /// +1 for each adjacent reformer (Protestant) or university (Papal).
    pub adjacent_helpers: u8,
    /// +1 for each adjacent space holding a stack of the side's religion.
    pub adjacent_stacks: u8,
    /// +2 for a reformer (Protestant) or university (Papal) in the target.
    pub helper_in_target: bool,
    /// +2 for a stack of the side's religion in the target.
    pub stack_in_target: bool,
    /// Bonus dice (debater, 95 Theses, Printing Press).
    pub bonus: u8,
}

impl ReligiousDice {
    /// The dice from the map, at least 1.
    pub const fn base(self) -> u8 {
        let sum = self.adjacent_spaces
            + self.adjacent_helpers
            + self.adjacent_stacks
            + 2 * self.helper_in_target as u8
            + 2 * self.stack_in_target as u8;
        if sum == 0 { 1 } else { sum }
    }

    /// The dice rolled: the base (at least 1) and the bonus dice.
    ///
    /// ```
    /// use here_i_stand::rules::religion::ReligiousDice;
    /// assert_eq!(ReligiousDice::default().total(), 1);
    /// let dice = ReligiousDice { adjacent_spaces: 2, stack_in_target: true, bonus: 1, ..ReligiousDice::default() };
    /// assert_eq!(dice.total(), 5);
    /// ```
    pub const fn total(self) -> u8 {
        self.base() + self.bonus
    }
}

/// Both sides' dice for one attempt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttemptDice {
    /// The side making the attempt.
    pub attacker: ReligiousDice,
    /// The side defending the target.
    pub defender: ReligiousDice,
}

/// The dice of the side of `religion` (Protestant or Catholic) on `target`,
/// with `bonus` dice (§18.3 steps 2 and 6, §18.4 steps 2 and 6).
pub fn side_dice(game: &Game, religion: Religion, target: Space, bonus: u8) -> ReligiousDice {
    let helper = |s: Space| match religion {
        Religion::Protestant => has_reformer(game, s),
        _ => game.jesuit_universities().contains(s),
    };
    let mut dice = ReligiousDice {
        helper_in_target: helper(target),
        stack_in_target: has_stack_of(game, target, religion),
        bonus,
        ..ReligiousDice::default()
    };
    for &s in target.connections().iter().filter(|&&s| !game.in_unrest(s) && game.in_play(s)) {
        dice.adjacent_spaces += u8::from(game.religion(s) == religion);
        dice.adjacent_helpers += u8::from(helper(s));
        dice.adjacent_stacks += u8::from(has_stack_of(game, s, religion));
    }
    dice
}

/// Both sides' dice for an attempt of `kind` on `target`, the attacker with
/// `bonus` (Printing Press counts for reformation attempts only).
///
/// ```
/// use here_i_stand::rules::religion::{AttemptKind, BonusDice, attempt_dice};
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_religion(Space::Wittenberg, Religion::Protestant)?;
/// let bonus = BonusDice { theses: true, ..BonusDice::NONE };
/// let dice = attempt_dice(&game, AttemptKind::Reformation, Space::Leipzig, bonus);
/// assert_eq!(dice.attacker.total(), 2);
/// assert_eq!(dice.defender.adjacent_spaces, 3);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn attempt_dice(game: &Game, kind: AttemptKind, target: Space, bonus: BonusDice) -> AttemptDice {
    match kind {
        AttemptKind::Reformation => AttemptDice {
            attacker: side_dice(game, Religion::Protestant, target, bonus.total()),
            defender: side_dice(game, Religion::Catholic, target, 0),
        },
        AttemptKind::CounterReformation => {
            let bonus = BonusDice { printing_press: false, ..bonus };
            AttemptDice {
                attacker: side_dice(game, Religion::Catholic, target, bonus.total()),
                defender: side_dice(game, Religion::Protestant, target, 0),
            }
        }
    }
}

/// Whether `space` lies in the target zone of a series: in `zone`, or for a
/// series "in any zone" (`None`) in any language zone (§18.3 step 1).
///
/// ```
/// use here_i_stand::rules::religion::in_target_zone;
/// use here_i_stand::{LanguageZone, Space};
///
/// assert!(in_target_zone(Space::Leipzig, Some(LanguageZone::German)));
/// assert!(!in_target_zone(Space::Paris, Some(LanguageZone::German)));
/// assert!(in_target_zone(Space::Paris, None));
/// ```
pub fn in_target_zone(space: Space, zone: Option<LanguageZone>) -> bool {
    match zone {
        Some(zone) => space.language() == Some(zone),
        None => space.language().is_some(),
    }
}

/// Whether the Pope gives the Papacy the tie rule and automatic success
/// in the target zone: Paul III or Julius III (§18.4 step 1).
pub fn papal_zone_bonus(game: &Game) -> bool {
    matches!(game.ruler(Power::Papacy), Ruler::PaulIii | Ruler::JuliusIii)
}

/// Whether the attacker's modified highest die `high` wins at once, with
/// no defence roll (§18.3 step 5, §18.4 step 5): 6 or more against a target
/// in the target zone; for the Papacy only under Paul III or Julius III.
///
/// ```
/// use here_i_stand::rules::religion::{AttemptKind, automatic_success};
/// use here_i_stand::{Game, Scenario, Setup};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(automatic_success(&game, AttemptKind::Reformation, 6, true));
/// assert!(!automatic_success(&game, AttemptKind::Reformation, 6, false));
/// assert!(!automatic_success(&game, AttemptKind::CounterReformation, 6, true));
/// ```
pub fn automatic_success(game: &Game, kind: AttemptKind, high: u8, in_zone: bool) -> bool {
    let allowed = match kind {
        AttemptKind::Reformation => true,
        AttemptKind::CounterReformation => papal_zone_bonus(game),
    };
    allowed && in_zone && high >= 6
}

/// Whether the attacker wins (§18.3 step 8, §18.4 step 8): a higher
/// modified highest die, or a tie that goes its way. Ties go to the
/// Protestant (or England) in the target zone, else to the Papacy; to the
/// Papacy attacking only in the target zone under Paul III or Julius III.
///
/// ```
/// use here_i_stand::rules::religion::{AttemptKind, attacker_wins};
/// use here_i_stand::{Game, Scenario, Setup};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(attacker_wins(&game, AttemptKind::Reformation, 4, 4, true));
/// assert!(!attacker_wins(&game, AttemptKind::Reformation, 4, 4, false));
/// assert!(!attacker_wins(&game, AttemptKind::CounterReformation, 4, 4, true));
/// ```
pub fn attacker_wins(game: &Game, kind: AttemptKind, attacker_high: u8, defender_high: u8, in_zone: bool) -> bool {
    let tie_to_attacker = match kind {
        AttemptKind::Reformation => in_zone,
        AttemptKind::CounterReformation => in_zone && papal_zone_bonus(game),
    };
    attacker_high > defender_high || (attacker_high == defender_high && tie_to_attacker)
}

/// The powers whose debaters `power` may commit for its religious actions
/// (§18.2): the Protestant its own; the Papacy its own; England only
/// Cranmer, Latimer, Wishart and Knox.
pub fn may_commit(power: Power, debater: Debater) -> bool {
    match power {
        Power::England => matches!(debater, Debater::Cranmer | Debater::Latimer | Debater::Wishart | Debater::Knox),
        _ => debater.power() == power,
    }
}

/// Whether `power` can lend `debater`'s bonus now: he is uncommitted, on
/// its side, and `power` has not used a debater bonus this impulse (§18.2).
pub fn can_lend_bonus(game: &Game, power: Power, debater: Debater) -> bool {
    may_commit(power, debater)
        && game.debater_state(debater) == DebaterState::Uncommitted
        && !game.debater_bonus_used(power)
}

/// Whether `space` is within 2 spaces of `centre` over land (§18.2 bonuses
/// "within 2 spaces of ...").
fn within_two(space: Space, centre: Space) -> bool {
    space.land_distance(centre).is_some_and(|d| d <= 2)
}

/// The extra dice `debater`'s bonus gives an attempt of `kind` on `target`
/// (§18.2 debater table), 0 if it does not apply: Bucer, Zwingli,
/// Oekolampadius, Farel, Cop and Cranmer +1 within 2 spaces of Strasburg,
/// Zurich, Basel, Geneva, Paris and London; Latimer +1 in England, Wishart
/// in Scotland, Knox in either (their home spaces); Contarini +1 within 2
/// spaces of Charles V, Canisius within 2 of Regensburg, Faber +2 against
/// an electorate.
///
/// ```
/// use here_i_stand::rules::religion::{AttemptKind, debater_dice};
/// use here_i_stand::{Debater, Game, Scenario, Setup, Space};
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(debater_dice(&game, Debater::Bucer, AttemptKind::Reformation, Space::Metz), 1);
/// assert_eq!(debater_dice(&game, Debater::Bucer, AttemptKind::Reformation, Space::Leipzig), 0);
/// assert_eq!(debater_dice(&game, Debater::Faber, AttemptKind::CounterReformation, Space::Mainz), 2);
/// ```
pub fn debater_dice(game: &Game, debater: Debater, kind: AttemptKind, target: Space) -> u8 {
    let home = |f: Faction| target.home() == f;
    let applies = match (kind, debater) {
        (AttemptKind::Reformation, Debater::Bucer) => within_two(target, Space::Strasburg),
        (AttemptKind::Reformation, Debater::Zwingli) => within_two(target, Space::Zurich),
        (AttemptKind::Reformation, Debater::Oekolampadius) => within_two(target, Space::Basel),
        (AttemptKind::Reformation, Debater::Farel) => within_two(target, Space::Geneva),
        (AttemptKind::Reformation, Debater::Cop) => within_two(target, Space::Paris),
        (AttemptKind::Reformation, Debater::Cranmer) => within_two(target, Space::London),
        (AttemptKind::Reformation, Debater::Latimer) => home(Faction::England),
        (AttemptKind::Reformation, Debater::Wishart) => home(Faction::Scotland),
        (AttemptKind::Reformation, Debater::Knox) => home(Faction::England) || home(Faction::Scotland),
        (AttemptKind::CounterReformation, Debater::Contarini) => {
            matches!(game.leader_location(Leader::CharlesV), LeaderLocation::Space(s) if within_two(target, s))
        }
        (AttemptKind::CounterReformation, Debater::Canisius) => within_two(target, Space::Regensburg),
        (AttemptKind::CounterReformation, Debater::Faber) => {
            return if target.kind() == SpaceKind::Electorate { 2 } else { 0 };
        }
        _ => false,
    };
    u8::from(applies)
}

/// The extra attempts `debater`'s bonus gives a Publish Treatise or Burn
/// Books (§18.1), with the zone of the series afterwards (`None`: any
/// zones): Carlstadt 3 German, Calvin 3 French, Cajetan 3 in the chosen
/// zone, Caraffa 3 in any zones. `None` for other debaters.
///
/// ```
/// use here_i_stand::rules::religion::extra_attempts;
/// use here_i_stand::{Debater, LanguageZone};
///
/// let french = Some(LanguageZone::French);
/// assert_eq!(extra_attempts(Debater::Carlstadt, french), Some((3, Some(LanguageZone::German))));
/// assert_eq!(extra_attempts(Debater::Caraffa, french), Some((3, None)));
/// assert_eq!(extra_attempts(Debater::Bucer, french), None);
/// ```
pub fn extra_attempts(debater: Debater, zone: Option<LanguageZone>) -> Option<(u8, Option<LanguageZone>)> {
    match debater {
        Debater::Carlstadt => Some((3, Some(LanguageZone::German))),
        Debater::Calvin => Some((3, Some(LanguageZone::French))),
        Debater::Cajetan => Some((3, zone)),
        Debater::Caraffa => Some((3, None)),
        _ => None,
    }
}

/// The zone whose translation `debater` speeds up with a free box (§18.1):
/// Luther and Melanchthon German, Olivetan French, Tyndale and Coverdale
/// English.
pub const fn translation_zone(debater: Debater) -> Option<LanguageZone> {
    match debater {
        Debater::Luther | Debater::Melanchthon => Some(LanguageZone::German),
        Debater::Olivetan => Some(LanguageZone::French),
        Debater::Tyndale | Debater::Coverdale => Some(LanguageZone::English),
        _ => None,
    }
}

/// Whether translation tracks showing `new_testament` and `full_bible`
/// boxes fit `zone` (§18.1): German, French and English only; New
/// Testament 0 to 6; Full Bible 0 to 10, begun only after the New Testament.
pub const fn translation_track_fits(zone: LanguageZone, new_testament: u8, full_bible: u8) -> bool {
    match zone {
        LanguageZone::German | LanguageZone::French | LanguageZone::English => {
            new_testament <= NEW_TESTAMENT_BOXES
                && full_bible <= FULL_BIBLE_BOXES
                && (full_bible == 0 || new_testament == NEW_TESTAMENT_BOXES)
        }
        LanguageZone::Italian | LanguageZone::Spanish => new_testament == 0 && full_bible == 0,
    }
}

/// Whether `zone` has a box left to translate (§18.1).
pub fn can_translate(game: &Game, zone: LanguageZone) -> bool {
    TRANSLATION_ZONES.contains(&zone) && game.full_bible(zone) < FULL_BIBLE_BOXES
}

/// Whether the Papacy may found Jesuit universities: once Society of Jesus
/// (#15) has been played (§18.1, §21.5). Its event removes the card from
/// the game, so a removed #15 is the sign.
pub fn jesuits_founded(game: &Game) -> bool {
    game.removed_cards().contains(Card::SocietyOfJesus)
}

/// The spaces a Jesuit university may go to (§18.1): Catholic, in play,
/// without one.
///
/// ```
/// use here_i_stand::rules::religion::university_sites;
/// use here_i_stand::{Game, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(university_sites(&game).contains(Space::Rome));
/// game.set_jesuit_university(Space::Rome, true)?;
/// assert!(!university_sites(&game).contains(Space::Rome));
/// assert!(!university_sites(&game).contains(Space::Istanbul));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn university_sites(game: &Game) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| game.in_play(s) && game.religion(s) == Religion::Catholic)
        .filter(|&s| !game.jesuit_universities().contains(s))
        .collect()
}

/// Whether an electorate's regulars come off the Electorate Display now
/// (§18.7, §21.6): they are on it and the electorate is Protestant; after
/// the Schmalkaldic League it must also be Protestant-controlled and not
/// under siege (no land units of a power at war with the Protestant there).
///
/// ```
/// use here_i_stand::rules::religion::electorate_regulars_due;
/// use here_i_stand::{Game, Religion, Scenario, Setup, Space};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_on_electorate_display(Space::Mainz, true)?;
/// assert!(!electorate_regulars_due(&game, Space::Mainz));
/// game.set_religion(Space::Mainz, Religion::Protestant)?;
/// assert!(electorate_regulars_due(&game, Space::Mainz));
/// game.set_schmalkaldic_league(true)?;
/// assert!(!electorate_regulars_due(&game, Space::Mainz));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn electorate_regulars_due(game: &Game, space: Space) -> bool {
    game.electorate_display().contains(space)
        && game.religion(space) == Religion::Protestant
        && (!game.schmalkaldic_league()
            || (game.controller(space) == Faction::Protestant
                && !game.is_besieged(space, Faction::Protestant)
                && !game.has_enemy_land_units(Power::Protestant, space)))
}

/// Whether `power` is the Protestant under the restrictions that hold
/// before the Schmalkaldic League (§21.6 "Prior to the Schmalkaldic
/// League"): it builds and moves no military unit, never gains
/// mercenaries and never gains political control of a space.
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, Setup};
/// use here_i_stand::rules::religion::before_league_protestant;
///
/// let mut game = Game::new(Setup::new(Scenario::Y1517, 1));
/// assert!(before_league_protestant(&game, Power::Protestant));
/// assert!(!before_league_protestant(&game, Power::France));
/// game.set_schmalkaldic_league(true)?;
/// assert!(!before_league_protestant(&game, Power::Protestant));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn before_league_protestant(game: &Game, power: Power) -> bool {
    power == Power::Protestant && !game.schmalkaldic_league()
}
