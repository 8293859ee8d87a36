//! Foreign wars (§21.7): Revolt in Egypt (#92), Revolt in Ireland (#93) and
//! War in Persia (#110) send a major power's land units (and leaders) off
//! the map onto the event's card, to fight independent units there.
//!
//! The state of each card ([`WarCard`]), the numbers the cards print and
//! the pure rules the engine calls: who fights which war, how many units
//! the card still takes, the dice of a Fight Foreign War action, where the
//! survivors go home. The events themselves live in `events/foreign_wars.rs`.

use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{best_battle_rating, field_battle_dice};
use crate::rules::counters::CounterTally;
use crate::rules::winter::capitals;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Leader, LeaderKind, Power, Space, vocabulary};

vocabulary! {
    /// A foreign war card (§21.7), by the event that starts it.
    pub enum ForeignWar: "foreign war" {
        /// Revolt in Egypt (#92), fought by the Ottoman.
        Egypt = ("revolt_in_egypt", "Revolt in Egypt"),
        /// Revolt in Ireland (#93), fought by England.
        Ireland = ("revolt_in_ireland", "Revolt in Ireland"),
        /// War in Persia (#110), fought by the Ottoman.
        Persia = ("war_in_persia", "War in Persia"),
    }
}

impl ForeignWar {
    /// The event card that starts this war.
    pub const fn card(self) -> Card {
        match self {
            ForeignWar::Egypt => Card::RevoltInEgypt,
            ForeignWar::Ireland => Card::RevoltInIreland,
            ForeignWar::Persia => Card::WarInPersia,
        }
    }

    /// The foreign war `card` starts, if it is one (#92, #93, #110).
    pub const fn of_card(card: Card) -> Option<ForeignWar> {
        match card {
            Card::RevoltInEgypt => Some(ForeignWar::Egypt),
            Card::RevoltInIreland => Some(ForeignWar::Ireland),
            Card::WarInPersia => Some(ForeignWar::Persia),
            _ => None,
        }
    }

    /// The power that must fight it (#92, #110: the Ottoman; #93: England).
    pub const fn power(self) -> Power {
        match self {
            ForeignWar::Ireland => Power::England,
            ForeignWar::Egypt | ForeignWar::Persia => Power::Ottoman,
        }
    }

    /// The land units the power must move onto the card, and the most the
    /// card may ever hold (#92: 3, #93: 4, #110: 5; §21.7).
    pub const fn strength(self) -> u8 {
        match self {
            ForeignWar::Egypt => 3,
            ForeignWar::Ireland => 4,
            ForeignWar::Persia => 5,
        }
    }

    /// The independent units the war starts with (#92: 3 Egyptians, #93: 3
    /// Irish, #110: 4 Persians).
    pub const fn foreign_strength(self) -> u8 {
        match self {
            ForeignWar::Egypt | ForeignWar::Ireland => 3,
            ForeignWar::Persia => 4,
        }
    }
}

/// The Irish strength when France or the Hapsburg gives up one of its land
/// units for them (#93).
pub const RAISED_IRISH: u8 = 4;

/// The CP of one Fight Foreign War action (§21.7, §11 action table).
pub const FIGHT_COST: u8 = 1;

/// The War Winner VP for ending a foreign war (§21.7, #92, #93, #110).
pub const FOREIGN_WAR_VP: i8 = 1;

/// A foreign war card on the map (§21.7): the major power's land units on
/// it and the independent units it fights. Leaders on the card are at
/// [`LeaderLocation::ForeignWar`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct WarCard {
    /// The fighting power's land units on the card.
    pub units: LandUnits,
    /// The independent units left to beat.
    pub independents: u8,
}

/// The foreign wars `power` is fighting now.
///
/// ```
/// use here_i_stand::{ForeignWar, Game, Power, Scenario, Setup};
/// use here_i_stand::rules::foreign_war::{WarCard, wars_fought};
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert!(wars_fought(&game, Power::Ottoman).is_empty());
/// game.set_foreign_war(ForeignWar::Persia, Some(WarCard { units: Default::default(), independents: 4 }))?;
/// assert_eq!(wars_fought(&game, Power::Ottoman).len(), 1);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn wars_fought(game: &Game, power: Power) -> EnumSet<ForeignWar> {
    ForeignWar::ALL.into_iter().filter(|&w| w.power() == power && game.foreign_war(w).is_some()).collect()
}

/// The "-1 card" markers the foreign wars put on `power` (§21.7: one per
/// war it is fighting at the card draw).
pub fn card_markers(game: &Game, power: Power) -> u8 {
    wars_fought(game, power).len() as u8
}

/// How many more land units `war`'s card takes before it is back to
/// strength (§21.7: never more than the event called for); 0 if the war
/// is not on.
pub fn room_on_card(game: &Game, war: ForeignWar) -> u8 {
    game.foreign_war(war).map_or(0, |c| war.strength().saturating_sub(c.units.total()))
}

/// The first war of `power` whose card is short of its strength: where its
/// new land units must be built (#92, #93, #110 card text).
pub fn war_taking_builds(game: &Game, power: Power) -> Option<ForeignWar> {
    ForeignWar::ALL.into_iter().find(|&w| w.power() == power && room_on_card(game, w) > 0)
}

/// The leaders on `war`'s card.
pub fn leaders_on_card(game: &Game, war: ForeignWar) -> EnumSet<Leader> {
    Leader::ALL.into_iter().filter(|&l| game.leader_location(l) == LeaderLocation::ForeignWar(war)).collect()
}

/// Whether `power` may take the Fight Foreign War action against `war`
/// (§21.7): the war is on, it is the power's, and it has land units there.
pub fn may_fight(game: &Game, power: Power, war: ForeignWar) -> bool {
    war.power() == power && game.foreign_war(war).is_some_and(|c| !c.units.is_empty() && c.independents > 0)
}

/// The dice of a Fight Foreign War action (§21.7): the power's land units
/// and its best leader's battle rating on the card, against one die per
/// independent unit, with no extra die for a defender (§14 steps 2-3).
///
/// ```
/// use here_i_stand::rules::foreign_war::fight_dice;
/// use here_i_stand::{Leader, LandUnits};
///
/// // 5 Ottoman regulars under Ibrahim (battle 1) against 4 Persians.
/// assert_eq!(fight_dice(LandUnits::regulars(5), [Leader::Ibrahim], 4), (6, 4));
/// ```
pub fn fight_dice(units: LandUnits, leaders: impl IntoIterator<Item = Leader>, independents: u8) -> (u8, u8) {
    let power = if units.is_empty() { 0 } else { field_battle_dice(units.total(), best_battle_rating(leaders), false) };
    (power, field_battle_dice(independents, 0, false))
}

/// Where the survivors of a won foreign war go (§21.7): the capital, or if
/// enemy units occupy it (or the power does not control it) any friendly
/// home key without enemy land units. Empty: nowhere.
pub fn return_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let fits = |s: Space| game.is_friendly_controlled(power, s) && !game.has_enemy_land_units(power, s);
    let capital: EnumSet<Space> = capitals(power).iter().copied().filter(|&s| fits(s)).collect();
    if !capital.is_empty() {
        return capital;
    }
    Space::keys().iter().filter(|&s| s.home() == Faction::from(power) && fits(s)).collect()
}

/// The spaces from which `power` may move land units onto a foreign war
/// card (§21.7): its own land units there, and no siege in the space.
pub fn takeable_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let own = Faction::from(power);
    let mut spaces = EnumSet::EMPTY;
    for (space, faction, units, _) in game.land_stack_tuples() {
        if faction == own && !units.is_empty() && !under_siege(game, space) {
            spaces.insert(space);
        }
    }
    spaces
}

/// Whether a siege is going on in `space`: some stack there is besieged.
fn under_siege(game: &Game, space: Space) -> bool {
    game.land_units_in(space).any(|(_, _, besieged)| besieged)
}

/// `power`'s army leaders on the map that may go onto a foreign war card
/// (§21.7): in a space, not under siege; not the renegade, who serves only
/// until winter (#70).
pub fn takeable_leaders(game: &Game, power: Power) -> EnumSet<Leader> {
    let own = Some(Faction::from(power));
    let fits = |l: Leader| l.kind() == LeaderKind::Army && l != Leader::Renegade && game.leader_owner(l) == own;
    game.leaders_on_map().filter(|&(s, l)| fits(l) && !under_siege(game, s)).map(|(_, l)| l).collect()
}

/// Whether `faction`'s counters show its land units with `stack` in
/// `space` and `card` on `war`'s card in place of what is there now (§5.2:
/// units on a foreign war card are counters too).
pub fn counters_fit(
    game: &Game,
    faction: Faction,
    space: Option<Space>,
    stack: LandUnits,
    card: (ForeignWar, LandUnits),
) -> bool {
    let mut tally = CounterTally::of_faction(faction);
    for (s, f, units, _) in game.land_stack_tuples() {
        if f == faction && Some(s) != space {
            tally.add_units(units);
        }
    }
    for war in ForeignWar::ALL {
        if Faction::from(war.power()) == faction && war != card.0 {
            tally.add_units(game.foreign_war(war).map_or(LandUnits::NONE, |c| c.units));
        }
    }
    tally.add_units(card.1);
    tally.fits_with(stack, LandUnits::NONE)
}

/// Whether one of `power`'s `kind` units in `space` may move onto `war`'s
/// card: there is room, the unit is there and the counters show both
/// groups after the move.
pub fn may_take(game: &Game, power: Power, war: ForeignWar, space: Space, kind: LandUnitKind) -> bool {
    let own = Faction::from(power);
    let here = game.land_units(space, own);
    let Some(card) = game.foreign_war(war) else { return false };
    room_on_card(game, war) > 0
        && here.count(kind) > 0
        && counters_fit(game, own, Some(space), minus_one(here, kind), (war, card.units.plus_one(kind)))
}

/// `units` with one `kind` fewer (saturating).
pub(crate) fn minus_one(units: LandUnits, kind: LandUnitKind) -> LandUnits {
    let mut units = units;
    match kind {
        LandUnitKind::Regular => units.regulars = units.regulars.saturating_sub(1),
        LandUnitKind::Mercenary => units.mercenaries = units.mercenaries.saturating_sub(1),
        LandUnitKind::Cavalry => units.cavalry = units.cavalry.saturating_sub(1),
    }
    units
}

/// Whether one more `kind` unit built by `power` fits on `war`'s card:
/// room and counters (§21.7, §5.2).
pub fn may_build_on(game: &Game, war: ForeignWar, kind: LandUnitKind) -> bool {
    let own = Faction::from(war.power());
    let Some(card) = game.foreign_war(war) else { return false };
    room_on_card(game, war) > 0
        && crate::data::powers::fields(own, kind)
        && counters_fit(game, own, None, LandUnits::NONE, (war, card.units.plus_one(kind)))
}

impl Game {
    /// `war`'s card, if the war is on (§21.7).
    ///
    /// ```
    /// use here_i_stand::{ForeignWar, Game, Scenario, Setup};
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// assert_eq!(game.foreign_war(ForeignWar::Egypt), None);
    /// ```
    pub fn foreign_war(&self, war: ForeignWar) -> Option<WarCard> {
        self.foreign_wars[war.index()]
    }

    /// The foreign wars on now, with their cards.
    pub fn foreign_wars(&self) -> impl Iterator<Item = (ForeignWar, WarCard)> + '_ {
        ForeignWar::ALL.into_iter().filter_map(|w| self.foreign_war(w).map(|c| (w, c)))
    }

    /// Puts `war`'s card on the map with `card` on it (its event card
    /// leaves the hands and piles), or (`None`) takes it off: the card goes
    /// to the discard pile and any leaders on it to their power's capital.
    /// Checks the unit kinds, the card's strength (§21.7: never more units
    /// than the event calls for, at most 4 independents), the counters, and
    /// that the procedure in progress can go on (`EditError::Unplayable`).
    ///
    /// ```
    /// use here_i_stand::rules::foreign_war::WarCard;
    /// use here_i_stand::{ForeignWar, Game, LandUnits, Scenario, Setup};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// let card = WarCard { units: LandUnits::regulars(6), independents: 4 };
    /// assert!(game.set_foreign_war(ForeignWar::Persia, Some(card)).is_err());
    /// let card = WarCard { units: LandUnits::regulars(5), independents: 4 };
    /// assert!(game.set_foreign_war(ForeignWar::Persia, Some(card)).is_ok());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn set_foreign_war(&mut self, war: ForeignWar, card: Option<WarCard>) -> Result<(), crate::EditError> {
        let own = Faction::from(war.power());
        if let Some(c) = card {
            for kind in LandUnitKind::ALL {
                if c.units.count(kind) > 0 && !crate::data::powers::fields(own, kind) {
                    return Err(crate::EditError::UnitKindNotFielded { faction: own, kind });
                }
            }
            if !card_fits(war, c) {
                return Err(crate::EditError::ForeignWar(war));
            }
            if !counters_fit(self, own, None, LandUnits::NONE, (war, c.units)) {
                return Err(crate::EditError::CounterMixExceeded { faction: own });
            }
        }
        self.keeping_play(|game| {
            let before = game.foreign_wars[war.index()];
            game.foreign_wars[war.index()] = card;
            match (before, card) {
                (None, Some(_)) => game.take_card_out(war.card()),
                (Some(_), None) => {
                    game.discard.insert(war.card());
                    let home = capitals(war.power()).first().copied();
                    for leader in leaders_on_card(game, war) {
                        game.leaders[leader.index()] = home.map_or(LeaderLocation::Unavailable, LeaderLocation::Space);
                    }
                }
                _ => {}
            }
            Ok(())
        })
    }
}

/// Whether a card's numbers are within what the war allows (§21.7): no
/// more of the power's units than the event called for, and the
/// independents at most 4 (#93's raised Irish; 0 while the last battle's
/// losses are being taken).
pub fn card_fits(war: ForeignWar, card: WarCard) -> bool {
    card.units.total() <= war.strength() && card.independents <= RAISED_IRISH
}
