//! Combat cards (#24-#30) and Janissaries (#1) in battle (§6.1, §14 steps
//! 4-7, §15.1 steps 5-6, §16.2 steps 3-6, §21.1): who may play which card
//! where, and the dice they add. Pure functions; the engine plays the cards
//! in `frames::combat_cards`.

use crate::dice::Dice;
use crate::sets::EnumSet;
use crate::types::{Card, Power};

/// The kind of battle a combat-card window belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleKind {
    /// A field battle (§14), relief battles included (§15.2).
    Field,
    /// An assault on a fortified space (§15.1).
    Assault,
    /// A naval battle (§16.2), not piracy.
    Naval,
    /// #95 Sack of Rome's field battle between the sacking stack and the
    /// Papal regulars in Rome (§21.5 step 2).
    SackOfRome,
    /// A foreign war's field battle against the independents (the Fight
    /// Foreign War action, §21.7).
    ForeignWar,
}

/// A power's seat in a battle: what the card texts ask about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The power that would play the card.
    pub power: Power,
    /// The battle.
    pub kind: BattleKind,
    /// Whether the power is the attacker (else one of the defenders).
    pub attacking: bool,
    /// The major powers on the other side.
    pub opponents: EnumSet<Power>,
    /// Hapsburg regulars on the other side (Tercios, #30).
    pub hapsburg_regulars_against: u8,
    /// Whether the assaulted space is the power's (or its allied minor's):
    /// Mercenaries Grow Restless (#27).
    pub holds_space: bool,
    /// Whether the power has units in the battle (the cards played after
    /// the roll may also come from powers that do not: Siege Artillery,
    /// #35; Professional Rowers, #34).
    pub fighting: bool,
    /// In an assault: whether the assaulting power traces a line of
    /// communication of at most [`SIEGE_ARTILLERY_LOC`] land spaces to one
    /// of its fortified home spaces (Siege Artillery, #35).
    pub siege_artillery_loc: bool,
}

/// Whether `seat.power` may play combat card `card` as its event in the
/// battle (card texts #24-#30):
/// - #24 Arquebusiers: field or naval battle (Sack of Rome's and a foreign
///   war's are field battles);
/// - #25 Field Artillery, #29 Surprise Attack: field battle (also Sack of
///   Rome's and a foreign war's);
/// - #26 Mercenaries Bribed: field battle, never by or against the
///   Ottoman; in Sack of Rome's, by the Papacy only (its own mercenaries
///   do not fight there); never in a foreign war's (no mercenaries);
/// - #27 Mercenaries Grow Restless: assault, the defender of its own space;
/// - #28 Siege Mining: assault, the attacker;
/// - #30 Tercios: field battle (also Sack of Rome's), the Hapsburg, or a
///   power facing at least 3 Hapsburg regulars.
///
/// ```
/// use here_i_stand::{Card, Power};
/// use here_i_stand::rules::combat_cards::{BattleKind, Seat, combat_card_allowed};
///
/// let seat = Seat {
///     power: Power::France,
///     kind: BattleKind::Naval,
///     attacking: true,
///     opponents: [Power::Hapsburg].into_iter().collect(),
///     hapsburg_regulars_against: 0,
///     holds_space: false,
///     fighting: true,
///     siege_artillery_loc: false,
/// };
/// assert!(combat_card_allowed(Card::Arquebusiers, seat));
/// assert!(!combat_card_allowed(Card::FieldArtillery, seat));
/// ```
pub fn combat_card_allowed(card: Card, seat: Seat) -> bool {
    crate::events::combat_use(card).is_some_and(|c| !c.after_roll && (c.allowed)(seat))
}

/// Siege Artillery (#35): the attacker's extra dice in an assault.
pub const SIEGE_ARTILLERY_DICE: u8 = 2;
/// Siege Artillery (#35): its dice hit on 3, 4, 5 or 6.
pub const SIEGE_ARTILLERY_HIT: u8 = 3;
/// Siege Artillery (#35): the longest line of communication, in land
/// spaces, to a fortified home space of the assaulting power.
pub const SIEGE_ARTILLERY_LOC: u8 = 4;
/// Professional Rowers (#34): the extra dice it grants a side in a naval battle.
pub const ROWERS_DICE: u8 = 3;
/// Professional Rowers (#34): what it adds to or takes from a naval
/// interception or avoid-battle roll.
pub const ROWERS_MODIFIER: i8 = 2;

/// Tercios (#30): the Hapsburg's 3 extra dice, or the 3 dice fewer it rolls.
pub const TERCIOS_DICE: u8 = 3;
/// Tercios (#30): its extra dice hit on 4, 5 or 6.
pub const TERCIOS_HIT: u8 = 4;
/// Tercios (#30): the Hapsburg regulars a power must face for the penalty use.
pub const TERCIOS_REGULARS: u8 = 3;

/// The plain extra dice `card` gives its player's side (hits on 5-6):
/// Arquebusiers 2; Field Artillery 2, 3 for France or the Ottoman; Siege
/// Mining 3; Janissaries 5 in a field battle, 4 in a naval battle; other
/// cards none.
///
/// ```
/// use here_i_stand::{Card, Power};
/// use here_i_stand::rules::combat_cards::{BattleKind, extra_dice};
///
/// assert_eq!(extra_dice(Card::FieldArtillery, Power::France, BattleKind::Field), 3);
/// assert_eq!(extra_dice(Card::FieldArtillery, Power::England, BattleKind::Field), 2);
/// assert_eq!(extra_dice(Card::Janissaries, Power::Ottoman, BattleKind::Naval), 4);
/// ```
pub fn extra_dice(card: Card, power: Power, kind: BattleKind) -> u8 {
    match card {
        Card::Arquebusiers => 2,
        Card::FieldArtillery if matches!(power, Power::France | Power::Ottoman) => 3,
        Card::FieldArtillery => 2,
        Card::SiegeMining => 3,
        Card::Janissaries if kind == BattleKind::Naval => 4,
        Card::Janissaries => 5,
        _ => 0,
    }
}

/// How many of `mercenaries` switch sides by Mercenaries Bribed (#26):
/// half, rounded up.
///
/// ```
/// use here_i_stand::rules::combat_cards::bribed;
/// assert_eq!(bribed(3), 2);
/// assert_eq!(bribed(0), 0);
/// ```
pub fn bribed(mercenaries: u8) -> u8 {
    mercenaries.div_ceil(2)
}

/// The combat cards played in the battle being fought and the rolls made so
/// far. Side 0 is the attacker, side 1 the defenders. Reset when a battle's
/// combat-card window opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct BattleCards {
    /// Extra dice by side (Arquebusiers, Field Artillery, Siege Mining).
    pub extra: [u8; 2],
    /// Dice fewer by side (Tercios against the Hapsburg).
    pub fewer: [u8; 2],
    /// Sides rolling Tercios' 3 dice that hit on 4-6.
    pub tercios: [bool; 2],
    /// The side that rolls first (Surprise Attack, #29): 0 or 1.
    pub surprise: Option<u8>,
    /// The main rolls by side.
    pub rolled: [Dice; 2],
    /// Tercios' rolls by side.
    pub tercios_rolled: [Dice; 2],
    /// Janissaries' rolls by side.
    pub janissaries_rolled: [Dice; 2],
    /// Siege Artillery's roll for the attacker, hitting on 3-6 (#35).
    #[cfg_attr(feature = "serde", serde(default))]
    pub artillery_rolled: Dice,
    /// Professional Rowers' rolls by side (#34).
    #[cfg_attr(feature = "serde", serde(default))]
    pub rowers_rolled: [Dice; 2],
    /// Surprise Attack: the hits of the first roll, whose losses were taken before the other side rolled.
    pub first_hits: u8,
}

impl BattleCards {
    /// A side's hits: its roll, Tercios' dice on 4-6, Janissaries',
    /// Professional Rowers', and for the attacker Siege Artillery's on 3-6.
    pub(crate) fn hits(&self, side: usize) -> u8 {
        let artillery = if side == 0 { self.artillery_rolled.hits_from(SIEGE_ARTILLERY_HIT) } else { 0 };
        self.rolled[side]
            .hits()
            .saturating_add(self.tercios_rolled[side].hits_from(TERCIOS_HIT))
            .saturating_add(self.janissaries_rolled[side].hits())
            .saturating_add(self.rowers_rolled[side].hits())
            .saturating_add(artillery)
    }

    /// The dice a side rolled in all.
    pub(crate) fn dice(&self, side: usize) -> u8 {
        self.rolled[side]
            .count()
            .saturating_add(self.tercios_rolled[side].count())
            .saturating_add(self.janissaries_rolled[side].count())
            .saturating_add(self.rowers_rolled[side].count())
            .saturating_add(if side == 0 { self.artillery_rolled.count() } else { 0 })
    }

    /// A side's main dice: `base` with the cards' extra and fewer dice.
    pub(crate) fn main_dice(&self, side: usize, base: u8) -> u8 {
        base.saturating_add(self.extra[side]).saturating_sub(self.fewer[side])
    }
}

/// The regulars Janissaries (#1) raises as an impulse event.
pub const JANISSARIES_REGULARS: u8 = 4;

/// Where Janissaries' new regulars (#1) may go on the map, one at a time:
/// the printed Ottoman home spaces in play that the Ottoman controls, never
/// Algiers nor a pirate haven (where only corsairs are built: §21.1,
/// ruling MW16), where no enemy land units stand (as for raising units,
/// §17), within the counter mix. The event may also put them on the
/// Ottoman's foreign war cards (`events::home`).
///
/// ```
/// use here_i_stand::{Game, Scenario, Setup, Space};
/// use here_i_stand::rules::combat_cards::janissaries_spaces;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(janissaries_spaces(&game).contains(Space::Istanbul));
/// assert!(!janissaries_spaces(&game).contains(Space::Algiers));
/// ```
pub fn janissaries_spaces(game: &crate::game::Game) -> EnumSet<crate::types::Space> {
    use crate::types::{Faction, LandUnitKind, Space};
    Space::ALL
        .into_iter()
        .filter(|&s| {
            s.home() == Faction::Ottoman
                && s != Space::Algiers
                && game.in_play(s)
                && game.controller(s) == Faction::Ottoman
                && !game.has_enemy_land_units(Power::Ottoman, s)
                && crate::rules::construction::fits_one_more(game, Faction::Ottoman, s, LandUnitKind::Regular)
        })
        .collect()
}
