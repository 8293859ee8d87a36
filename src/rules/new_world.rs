//! The New World (§20): colonies, voyages of exploration and conquest, and
//! the riches they bring. Pure rules: costs and limits, the Exploration,
//! Circumnavigation and Conquest tables with their next-lower-free rule,
//! the New World Riches Table, the Huguenot raiders' die; the state kept
//! in the game and its read accessors. The engine runs the actions
//! (`frames::impulse`), the New World phase and the riches roll
//! (`frames::new_world`).

use crate::game::{Game, Scenario};
use crate::types::{Conquest, Conquistador, Discovery, Explorer, Power};

/// The three powers that sail to the New World (§20), in the tie order of
/// exploration (§20.2): England, France, the Hapsburg.
pub const NEW_WORLD_POWERS: [Power; 3] = [Power::England, Power::France, Power::Hapsburg];

/// The order conquests resolve in (§20.3): Hapsburg, England, France.
pub const CONQUEST_ORDER: [Power; 3] = [Power::Hapsburg, Power::England, Power::France];

/// The powers that may hold a Huguenot raider, in the order they roll (§20.4).
pub const RAIDER_POWERS: [Power; 3] = [Power::France, Power::England, Power::Protestant];

/// Explore costs 2 CP (§20.2).
pub const EXPLORE_COST: u8 = 2;
/// Conquer costs 4 CP (§20.3).
pub const CONQUER_COST: u8 = 4;
/// English and French Conquest markers, two each (§20.3).
pub const CONQUEST_MARKERS: u8 = 2;

/// `power`'s place in [`NEW_WORLD_POWERS`], if it sails to the New World.
pub const fn slot(power: Power) -> Option<usize> {
    match power {
        Power::England => Some(0),
        Power::France => Some(1),
        Power::Hapsburg => Some(2),
        _ => None,
    }
}

/// What Colonize costs `power` (§20.1): 2 CP for the Hapsburg, 3 for England and France.
///
/// ```
/// use here_i_stand::Power;
/// use here_i_stand::rules::new_world::colonize_cost;
/// assert_eq!((colonize_cost(Power::Hapsburg), colonize_cost(Power::France)), (2, 3));
/// ```
pub const fn colonize_cost(power: Power) -> u8 {
    match power {
        Power::Hapsburg => 2,
        _ => 3,
    }
}

/// Colonies `power` may have at a time (§20.1): England 2, France 2, the
/// Hapsburg 3 (its colony boxes); 0 for the others.
pub const fn colony_limit(power: Power) -> u8 {
    match power {
        Power::England | Power::France => 2,
        Power::Hapsburg => 3,
        _ => 0,
    }
}

/// The Exploration Table (§20.2), read with the modified roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExplorationResult {
    /// 4 or less: lost at sea, removed from the game.
    LostAtSea,
    /// 5 or 6: no discovery, back to the pool.
    NoDiscovery,
    /// 7, 8 or 9: this discovery, or the next lower free one.
    Discovery(Discovery),
    /// 10 or more: the explorer chooses (circumnavigate, the Amazon, or a
    /// free 1-VP discovery).
    Choice,
}

/// The Exploration Table (§20.2).
///
/// ```
/// use here_i_stand::Discovery;
/// use here_i_stand::rules::new_world::{exploration_result, ExplorationResult as R};
/// assert_eq!(exploration_result(4), R::LostAtSea);
/// assert_eq!(exploration_result(6), R::NoDiscovery);
/// assert_eq!(exploration_result(8), R::Discovery(Discovery::GreatLakes));
/// assert_eq!(exploration_result(10), R::Choice);
/// ```
pub const fn exploration_result(roll: i8) -> ExplorationResult {
    match roll {
        i8::MIN..=4 => ExplorationResult::LostAtSea,
        5 | 6 => ExplorationResult::NoDiscovery,
        7 => ExplorationResult::Discovery(Discovery::StLawrence),
        8 => ExplorationResult::Discovery(Discovery::GreatLakes),
        9 => ExplorationResult::Discovery(Discovery::Mississippi),
        _ => ExplorationResult::Choice,
    }
}

/// The 1-VP river discoveries a 7, 8 or 9 finds (§20.2), lowest first.
pub const RIVERS: [Discovery; 3] = [Discovery::StLawrence, Discovery::GreatLakes, Discovery::Mississippi];

/// The discovery a 7-9 claims (§20.2): `rolled` if free, else the next
/// free one below it; none if all below are taken (ruling NW3).
///
/// ```
/// use here_i_stand::Discovery as D;
/// use here_i_stand::rules::new_world::next_lower_free_discovery;
/// let taken = |d| d == D::Mississippi;
/// assert_eq!(next_lower_free_discovery(D::Mississippi, taken), Some(D::GreatLakes));
/// assert_eq!(next_lower_free_discovery(D::StLawrence, |_| true), None);
/// ```
pub fn next_lower_free_discovery(rolled: Discovery, taken: impl Fn(Discovery) -> bool) -> Option<Discovery> {
    RIVERS.iter().rev().copied().filter(|d| d.index() <= rolled.index()).find(|&d| !taken(d))
}

/// The Circumnavigation Table (§20.2): 9 or less fails, 10 or 11
/// succeeds, 12 or more succeeds and draws a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CircumnavigationResult {
    /// The explorer is removed from the game.
    Failure,
    /// The circumnavigation VP.
    Success,
    /// The circumnavigation VP and a card.
    SuccessWithCard,
}

/// The Circumnavigation Table (§20.2).
///
/// ```
/// use here_i_stand::rules::new_world::{circumnavigation_result, CircumnavigationResult as R};
/// assert_eq!((circumnavigation_result(9), circumnavigation_result(11)), (R::Failure, R::Success));
/// assert_eq!(circumnavigation_result(12), R::SuccessWithCard);
/// ```
pub const fn circumnavigation_result(roll: i8) -> CircumnavigationResult {
    match roll {
        i8::MIN..=9 => CircumnavigationResult::Failure,
        10 | 11 => CircumnavigationResult::Success,
        _ => CircumnavigationResult::SuccessWithCard,
    }
}

/// The Conquest Table (§20.3), read with the modified roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConquestResult {
    /// 6 or less: killed by natives, removed from the game.
    Killed,
    /// 7 or 8: no conquest, back to the pool.
    NoConquest,
    /// 9 or more: this conquest (9 Maya, 10 Aztec, 11+ Inca), or the next lower free one.
    Conquest(Conquest),
}

/// The Conquest Table (§20.3).
///
/// ```
/// use here_i_stand::Conquest;
/// use here_i_stand::rules::new_world::{conquest_result, ConquestResult as R};
/// assert_eq!((conquest_result(6), conquest_result(8)), (R::Killed, R::NoConquest));
/// assert_eq!(conquest_result(10), R::Conquest(Conquest::Aztec));
/// assert_eq!(conquest_result(15), R::Conquest(Conquest::Inca));
/// ```
pub const fn conquest_result(roll: u8) -> ConquestResult {
    match roll {
        0..=6 => ConquestResult::Killed,
        7 | 8 => ConquestResult::NoConquest,
        9 => ConquestResult::Conquest(Conquest::Maya),
        10 => ConquestResult::Conquest(Conquest::Aztec),
        _ => ConquestResult::Conquest(Conquest::Inca),
    }
}

/// The conquest a 9 or more claims (§20.3): `rolled` if free, else the
/// next free one below it; none if all below are taken (ruling NW3).
///
/// ```
/// use here_i_stand::Conquest as C;
/// use here_i_stand::rules::new_world::next_lower_free_conquest;
/// assert_eq!(next_lower_free_conquest(C::Inca, |c| c == C::Inca), Some(C::Aztec));
/// assert_eq!(next_lower_free_conquest(C::Aztec, |c| c != C::Inca), None);
/// ```
pub fn next_lower_free_conquest(rolled: Conquest, taken: impl Fn(Conquest) -> bool) -> Option<Conquest> {
    Conquest::ALL.iter().rev().copied().filter(|c| c.index() <= rolled.index()).find(|&c| !taken(c))
}

/// The kind of a New World voyage (§20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum VoyageKind {
    /// A colony crossing the Atlantic (§20.1).
    Colony,
    /// A voyage of exploration (§20.2).
    Exploration,
    /// A voyage of conquest (§20.3).
    Conquest,
}

impl VoyageKind {
    /// Its English name.
    pub const fn name(self) -> &'static str {
        match self {
            VoyageKind::Colony => "colony",
            VoyageKind::Exploration => "voyage of exploration",
            VoyageKind::Conquest => "voyage of conquest",
        }
    }
}

/// A column of the New World Riches Table (§20.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RichesColumn {
    /// A colony.
    Colony,
    /// The Potosi colony (#54).
    Potosi,
    /// A conquest.
    Conquest(Conquest),
}

/// A result of the New World Riches Table (§20.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Riches {
    /// "Depleted 1": a card, and the conquest is depleted.
    Deplete,
    /// A card.
    Card,
    /// A card only with the Galleons marker (#48).
    Galleon,
    /// No effect.
    None,
    /// The colony or conquest is eliminated.
    Elim,
}

/// The New World Riches Table (§20.4), rows 2-3, 4, 5, 6, 7, 8, 9-12, by
/// column: Colony, Potosi, Maya, Aztec, Inca.
const RICHES: [[Riches; 5]; 7] = {
    use Riches::*;
    [
        [Elim, Elim, Deplete, Deplete, Deplete],
        [Elim, None, Deplete, Deplete, Deplete],
        [None, None, Deplete, Deplete, Deplete],
        [None, None, Deplete, None, Card],
        [None, Galleon, Galleon, Galleon, Galleon],
        [Galleon, Card, Card, Card, Card],
        [Card, Card, Card, Card, Card],
    ]
};

/// The New World Riches Table (§20.4): `roll` is 2d6 plus any modifier
/// (Plantations, #53); below 2 reads as 2, above 12 as 12.
///
/// ```
/// use here_i_stand::Conquest;
/// use here_i_stand::rules::new_world::{riches, Riches, RichesColumn as C};
/// assert_eq!(riches(C::Colony, 4), Riches::Elim);
/// assert_eq!(riches(C::Potosi, 4), Riches::None);
/// assert_eq!(riches(C::Conquest(Conquest::Maya), 6), Riches::Deplete);
/// assert_eq!(riches(C::Conquest(Conquest::Inca), 6), Riches::Card);
/// assert_eq!(riches(C::Colony, 13), Riches::Card);
/// ```
pub const fn riches(column: RichesColumn, roll: u8) -> Riches {
    let row = match roll {
        0..=3 => 0,
        4 => 1,
        5 => 2,
        6 => 3,
        7 => 4,
        8 => 5,
        _ => 6,
    };
    let col = match column {
        RichesColumn::Colony => 0,
        RichesColumn::Potosi => 1,
        RichesColumn::Conquest(c) => 2 + c as usize,
    };
    RICHES[row][col]
}

/// The Huguenot raiders' die for a Hapsburg bonus card (§20.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaidResult {
    /// The raider's power takes the card.
    pub stolen: bool,
    /// The raider is eliminated.
    pub eliminated: bool,
}

/// The raiders' die (§20.4): 1 eliminated; 2 eliminated if the Hapsburg
/// has Galleons; 3-4 nothing; 5 stolen and eliminated; 6 stolen.
///
/// ```
/// use here_i_stand::rules::new_world::{raid, RaidResult};
/// assert_eq!(raid(2, false), RaidResult { stolen: false, eliminated: false });
/// assert_eq!(raid(2, true), RaidResult { stolen: false, eliminated: true });
/// assert_eq!(raid(5, false), RaidResult { stolen: true, eliminated: true });
/// ```
pub const fn raid(die: u8, hapsburg_galleons: bool) -> RaidResult {
    match die {
        1 => RaidResult { stolen: false, eliminated: true },
        2 => RaidResult { stolen: false, eliminated: hapsburg_galleons },
        5 => RaidResult { stolen: true, eliminated: true },
        6 => RaidResult { stolen: true, eliminated: false },
        _ => RaidResult { stolen: false, eliminated: false },
    }
}

/// Where an explorer is (§20.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ExplorerAt {
    /// In his power's pool, available.
    #[default]
    Pool,
    /// Drawn for a voyage underway (or launched by Sebastian Cabot, #99).
    Underway,
    /// On this discovery of the New World map, for the rest of the game.
    Discovery(Discovery),
    /// Out of the game.
    Removed,
}

/// Where a Hapsburg conquistador is (§20.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ConquistadorAt {
    /// In the pool, available.
    #[default]
    Pool,
    /// Drawn for the voyage of conquest underway.
    Underway,
    /// On this conquest of the New World map, for the rest of the game.
    Conquest(Conquest),
    /// Out of the game.
    Removed,
}

/// A conquest claimed (§20.3, §20.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Holding {
    /// Who conquered it.
    pub power: Power,
    /// Its VP marker went to the Bonus VP box (depleted or eliminated):
    /// the VP stay, the riches stop.
    pub depleted: bool,
}

/// A voyage underway (§20.2, §20.3): a marker in Crossing Atlantic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Voyage {
    /// The +2 marker of Mercator's Map (#50) or Smallpox (#101).
    pub plus_two: bool,
}

/// The Colonial Governor / Native Uprising marker (#111).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Governor {
    /// The power whose colonies it sits by.
    pub power: Power,
    /// The Native Uprising side is up (else Colonial Governor).
    pub uprising: bool,
}

/// One New World power's side of the display (§20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Colonial {
    /// Colonies in the power's colony boxes (the Potosi marker apart).
    pub(crate) colonies: u8,
    /// A colony in Crossing Atlantic (§20.1).
    pub(crate) crossing: bool,
    /// The Exploration Underway marker in Crossing Atlantic (§20.2).
    pub(crate) exploration: Option<Voyage>,
    /// Sebastian Cabot (#99) is underway for this power.
    pub(crate) cabot_voyage: bool,
    /// The Conquest Underway (or a Conquest) marker in Crossing Atlantic (§20.3).
    pub(crate) conquest: Option<Voyage>,
    /// Colonize, Explore, Conquer used this turn (once per turn each, §20).
    pub(crate) colonized: bool,
    pub(crate) explored: bool,
    pub(crate) conquered: bool,
    /// The Exploration Underway marker shows "0: Charts Available" (§20.2).
    pub(crate) charted: bool,
    /// Sebastian Cabot (#99) played for this power (once per game).
    pub(crate) cabot_played: bool,
    /// English or French Conquest markers in the pool (§20.3).
    pub(crate) conquest_markers: u8,
    /// The Galleons marker (#48).
    pub(crate) galleons: bool,
    /// The Plantations marker (#53).
    pub(crate) plantations: bool,
    /// New World VP earned: discoveries and conquests (§23.2).
    pub(crate) vp: u8,
    /// A test pinned the next explorer this power draws.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) forced_explorer: Option<Explorer>,
}

/// The New World display (§20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct NewWorld {
    /// England, France, Hapsburg, by [`slot`].
    pub(crate) powers: [Colonial; 3],
    /// By `Explorer::index()`.
    pub(crate) explorers: [ExplorerAt; Explorer::COUNT],
    /// By `Conquistador::index()`.
    pub(crate) conquistadors: [ConquistadorAt; Conquistador::COUNT],
    /// Who claimed each discovery, by `Discovery::index()`.
    pub(crate) discoveries: [Option<Power>; Discovery::COUNT],
    /// Who conquered each civilization, by `Conquest::index()`.
    pub(crate) conquests: [Option<Holding>; Conquest::COUNT],
    /// Whose colony box holds the Potosi marker (#54).
    pub(crate) potosi: Option<Power>,
    /// The Colonial Governor / Native Uprising marker (#111).
    pub(crate) governor: Option<Governor>,
    /// Raiders in play, by [`RAIDER_POWERS`] (#49).
    pub(crate) raiders: [bool; 3],
    /// A test pinned the next conquistador drawn.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) forced_conquistador: Option<Conquistador>,
}

impl Default for NewWorld {
    fn default() -> Self {
        let markers = Colonial { conquest_markers: CONQUEST_MARKERS, ..Colonial::default() };
        NewWorld {
            powers: [markers, markers, Colonial::default()],
            explorers: [ExplorerAt::Pool; Explorer::COUNT],
            conquistadors: [ConquistadorAt::Pool; Conquistador::COUNT],
            discoveries: [None; Discovery::COUNT],
            conquests: [None; Conquest::COUNT],
            potosi: None,
            governor: None,
            raiders: [false; 3],
            forced_conquistador: None,
        }
    }
}

impl NewWorld {
    /// `power`'s side of the display, if it sails to the New World.
    pub(crate) fn side(&self, power: Power) -> Option<&Colonial> {
        slot(power).and_then(|i| self.powers.get(i))
    }

    /// `power`'s side, to change.
    pub(crate) fn side_mut(&mut self, power: Power) -> Option<&mut Colonial> {
        slot(power).and_then(|i| self.powers.get_mut(i))
    }

    /// VP earned by `power` on the display, recounted: its discoveries and
    /// conquests, depleted or not (§20.2, §20.3, §23.2).
    pub(crate) fn recount_vp(&self, power: Power) -> u8 {
        let discoveries = Discovery::ALL.iter().filter(|d| self.discoveries[d.index()] == Some(power));
        let conquests = Conquest::ALL.iter().filter(|c| self.conquests[c.index()].is_some_and(|h| h.power == power));
        discoveries.map(|d| d.vp()).sum::<u8>() + conquests.map(|c| c.vp()).sum::<u8>()
    }

    /// `power`'s explorers in its pool.
    pub(crate) fn explorer_pool(&self, power: Power) -> impl Iterator<Item = Explorer> + '_ {
        Explorer::ALL.into_iter().filter(move |e| e.power() == power && self.explorers[e.index()] == ExplorerAt::Pool)
    }

    /// The conquistadors in the pool.
    pub(crate) fn conquistador_pool(&self) -> impl Iterator<Item = Conquistador> + '_ {
        Conquistador::ALL.into_iter().filter(move |c| self.conquistadors[c.index()] == ConquistadorAt::Pool)
    }

    /// The display's invariants (§20), or the first one broken.
    pub(crate) fn check(&self) -> Result<(), &'static str> {
        let nw_power = |p: Power| slot(p).is_some();
        if !self.discoveries.iter().flatten().all(|&p| nw_power(p))
            || !self.conquests.iter().flatten().all(|h| nw_power(h.power))
            || !self.potosi.is_none_or(nw_power)
            || !self.governor.is_none_or(|g| nw_power(g.power))
        {
            return Err("a holder that does not sail to the New World");
        }
        for (i, e) in Explorer::ALL.iter().enumerate() {
            if let ExplorerAt::Discovery(d) = self.explorers[i] {
                let others = Explorer::ALL[..i].iter().any(|o| self.explorers[o.index()] == ExplorerAt::Discovery(d));
                if self.discoveries[d.index()] != Some(e.power()) || others {
                    return Err("an explorer on a discovery his power does not hold, or two on one");
                }
            }
        }
        for c in Conquistador::ALL {
            if let ConquistadorAt::Conquest(q) = self.conquistadors[c.index()] {
                if self.conquests[q.index()].map(|h| h.power) != Some(Power::Hapsburg) {
                    return Err("a conquistador on a conquest the Hapsburg does not hold");
                }
            }
        }
        let underway_conquistadors = self.conquistadors.iter().filter(|&&c| c == ConquistadorAt::Underway).count();
        if underway_conquistadors > usize::from(self.powers[2].conquest.is_some()) {
            return Err("a conquistador underway with no voyage of conquest");
        }
        for power in NEW_WORLD_POWERS {
            self.check_side(power)?;
        }
        Ok(())
    }

    /// One power's side (§20): colonies within the limit, its explorers
    /// underway only on its voyages, conquest markers counted, VP recounted.
    fn check_side(&self, power: Power) -> Result<(), &'static str> {
        let Some(side) = self.side(power) else { return Ok(()) };
        // Sums in u32: a loaded save's counts are unchecked here.
        let potosi = u32::from(self.potosi == Some(power));
        if u32::from(side.colonies) + u32::from(side.crossing) + potosi > u32::from(colony_limit(power)) {
            return Err("more colonies than the power's limit");
        }
        let underway = Explorer::ALL
            .iter()
            .filter(|e| e.power() == power && self.explorers[e.index()] == ExplorerAt::Underway)
            .count();
        let cabot_ok =
            !side.cabot_voyage || cabot(power).is_some_and(|c| self.explorers[c.index()] == ExplorerAt::Underway);
        if underway > usize::from(side.exploration.is_some()) + usize::from(side.cabot_voyage) || !cabot_ok {
            return Err("an explorer underway with no voyage of exploration");
        }
        let held = self.conquests.iter().flatten().filter(|h| h.power == power).count() as u32;
        let markers = u32::from(side.conquest_markers) + u32::from(side.conquest.is_some()) + held;
        if (power == Power::Hapsburg && side.conquest_markers > 0)
            || (power != Power::Hapsburg && markers > u32::from(CONQUEST_MARKERS))
        {
            return Err("more Conquest markers than the counters");
        }
        if side.forced_explorer.is_some_and(|e| e.power() != power) {
            return Err("a pinned explorer of another power");
        }
        if side.vp != self.recount_vp(power) {
            return Err("New World VP differ from the display");
        }
        Ok(())
    }

    /// Forgets the draws a test pinned (observations, determinizing).
    pub(crate) fn clear_forced(&mut self) {
        self.forced_conquistador = None;
        for side in &mut self.powers {
            side.forced_explorer = None;
        }
    }

    /// Whether anyone has circumnavigated the world (once per game, §20.2).
    pub(crate) fn circumnavigated(&self) -> Option<Power> {
        self.discoveries[Discovery::Circumnavigation.index()]
    }
}

/// `power`'s own Cabot (#99).
pub const fn cabot(power: Power) -> Option<Explorer> {
    match power {
        Power::England => Some(Explorer::EnglishCabot),
        Power::France => Some(Explorer::FrenchCabot),
        Power::Hapsburg => Some(Explorer::HapsburgCabot),
        _ => None,
    }
}

/// Whether the New World is played: not in the two-player variant (§24.3).
pub fn in_play(game: &Game) -> bool {
    game.scenario() != Scenario::TwoPlayer
}

/// Whether `power` may Colonize now, CP apart (§20.1): once per turn, and
/// below its colony limit counting the colony crossing and the Potosi
/// marker's lost colony.
pub fn can_colonize(game: &Game, power: Power) -> bool {
    let nw = &game.new_world;
    in_play(game)
        && nw.side(power).is_some_and(|s| {
            let potosi = u8::from(nw.potosi == Some(power));
            !s.colonized && s.colonies + u8::from(s.crossing) + potosi < colony_limit(power)
        })
}

/// Whether `power` may Explore now, CP apart (§20.2): once per turn, with
/// an explorer left in its pool.
pub fn can_explore(game: &Game, power: Power) -> bool {
    let nw = &game.new_world;
    in_play(game) && nw.side(power).is_some_and(|s| !s.explored) && nw.explorer_pool(power).next().is_some()
}

/// Whether `power` may Conquer now, CP apart (§20.3): once per turn, with
/// a conquistador (Hapsburg) or a Conquest marker (England, France) left.
pub fn can_conquer(game: &Game, power: Power) -> bool {
    let nw = &game.new_world;
    let left = match power {
        Power::Hapsburg => nw.conquistador_pool().next().is_some(),
        _ => nw.side(power).is_some_and(|s| s.conquest_markers > 0),
    };
    in_play(game) && nw.side(power).is_some_and(|s| !s.conquered) && left
}

impl Game {
    /// Where `explorer` is (§20.2).
    pub fn explorer_at(&self, explorer: Explorer) -> ExplorerAt {
        self.new_world.explorers[explorer.index()]
    }

    /// Where `conquistador` is (§20.3).
    pub fn conquistador_at(&self, conquistador: Conquistador) -> ConquistadorAt {
        self.new_world.conquistadors[conquistador.index()]
    }

    /// Who claimed `discovery`, if anyone (§20.2).
    pub fn discovery_holder(&self, discovery: Discovery) -> Option<Power> {
        self.new_world.discoveries[discovery.index()]
    }

    /// Who conquered `conquest`, and whether it is depleted (§20.3, §20.4).
    pub fn conquest_holder(&self, conquest: Conquest) -> Option<Holding> {
        self.new_world.conquests[conquest.index()]
    }

    /// `power`'s colonies in its colony boxes, the Potosi marker apart (§20.1).
    pub fn colonies(&self, power: Power) -> u8 {
        self.new_world.side(power).map_or(0, |s| s.colonies)
    }

    /// Whose colony box holds the Potosi marker (#54).
    pub fn potosi(&self) -> Option<Power> {
        self.new_world.potosi
    }

    /// `power`'s colony in Crossing Atlantic (§20.1).
    pub fn colony_crossing(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.crossing)
    }

    /// `power`'s Exploration Underway marker in Crossing Atlantic (§20.2).
    pub fn exploration_underway(&self, power: Power) -> Option<Voyage> {
        self.new_world.side(power).and_then(|s| s.exploration)
    }

    /// Sebastian Cabot (#99) is underway for `power`.
    pub fn cabot_underway(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.cabot_voyage)
    }

    /// `power`'s conquest marker in Crossing Atlantic (§20.3).
    pub fn conquest_underway(&self, power: Power) -> Option<Voyage> {
        self.new_world.side(power).and_then(|s| s.conquest)
    }

    /// Whether `power`'s Exploration Underway marker shows "0: Charts
    /// Available" (it has rolled for an exploration, §20.2).
    pub fn charted(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.charted)
    }

    /// English or French Conquest markers in `power`'s pool (§20.3).
    pub fn conquest_markers(&self, power: Power) -> u8 {
        self.new_world.side(power).map_or(0, |s| s.conquest_markers)
    }

    /// Whether `power` has the Galleons marker (#48).
    pub fn galleons(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.galleons)
    }

    /// Whether `power` has the Plantations marker (#53).
    pub fn plantations(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.plantations)
    }

    /// The Colonial Governor / Native Uprising marker (#111).
    pub fn colonial_governor(&self) -> Option<Governor> {
        self.new_world.governor
    }

    /// Whether `power` has a Huguenot raider in play (#49).
    pub fn raider(&self, power: Power) -> bool {
        RAIDER_POWERS.iter().position(|&p| p == power).is_some_and(|i| self.new_world.raiders[i])
    }

    /// Whether `power` has played Sebastian Cabot (#99), once per game.
    pub fn cabot_played(&self, power: Power) -> bool {
        self.new_world.side(power).is_some_and(|s| s.cabot_played)
    }

    /// Whether `power` has used its Colonize, Explore and Conquer this turn (§20).
    pub fn new_world_used(&self, power: Power) -> (bool, bool, bool) {
        self.new_world.side(power).map_or((false, false, false), |s| (s.colonized, s.explored, s.conquered))
    }

    /// `power`'s New World VP: discoveries and conquests (§20, §23.2).
    pub fn new_world_vp(&self, power: Power) -> u8 {
        self.new_world.side(power).map_or(0, |s| s.vp)
    }

    /// `power`'s New World VP recounted from the display (a check of
    /// [`Game::new_world_vp`]).
    pub fn new_world_vp_recount(&self, power: Power) -> u8 {
        self.new_world.recount_vp(power)
    }
}
