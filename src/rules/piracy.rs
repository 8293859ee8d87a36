//! Piracy (§16.4, 500th Anniversary rules; §21.1): the Ottoman's 2-CP
//! action after Barbary Pirates, against a major power with a port on a sea
//! zone holding Ottoman corsairs.

use smallvec::SmallVec;

use crate::game::{Game, NavalLocation};
use crate::rules::construction::barbary_pirates_played;
use crate::rules::naval::neighbours;
use crate::rules::naval_war::{SQUADRON_DICE, is_hostile, side_factions, side_of};
use crate::sets::EnumSet;
use crate::types::{CardKind, Faction, LeaderKind, Power, SeaZone, Space, SpaceKind};

/// The CP a piracy action costs (§16.4).
pub const PIRACY_COST: u8 = 2;

/// Piracy markers in the counter mix: at most this many piracy actions per
/// turn (§16.4 step 1, 500th).
pub const PIRACY_MARKERS: usize = 4;

/// The most piracy VP the Ottoman gains in a game (§16.4).
pub const PIRACY_VP_CAP: u8 = 10;

/// The three things a piracy hit may cost the target (§16.4 step 5), as
/// indexes of the `[bool; 3]` and `[u8; 3]` arrays below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PiracyOption {
    /// (a) lose a squadron in the zone or next to it.
    LoseSquadron = 0,
    /// (b) the Ottoman draws a random card from the target's hand.
    DrawCard = 1,
    /// (c) the Ottoman gains 1 piracy VP.
    Vp = 2,
}

/// The Ottoman corsairs in `zone`.
fn corsairs(game: &Game, zone: SeaZone) -> u8 {
    game.naval_units(NavalLocation::Sea(zone), Faction::Ottoman).corsairs
}

/// The major powers the Ottoman may pirate in `zone` (§16.4 step 1): each
/// controls a port on the zone (war is not needed).
///
/// ```
/// use here_i_stand::{Game, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::piracy::piracy_targets;
///
/// let game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let targets = piracy_targets(&game, SeaZone::TyrrhenianSea);
/// assert!(targets.contains(Power::Hapsburg) && targets.contains(Power::Papacy));
/// assert!(!targets.contains(Power::England));
/// ```
pub fn piracy_targets(game: &Game, zone: SeaZone) -> EnumSet<Power> {
    zone.ports()
        .iter()
        .filter(|&&p| game.in_play(p))
        .filter_map(|&p| game.controller(p).major())
        .filter(|&p| p != Power::Ottoman)
        .collect()
}

/// Whether the Ottoman may start a piracy action in `zone` now, CP aside
/// (§16.4 step 1, §21.1): Barbary Pirates has been played; Ottoman corsairs
/// are in the zone; the zone has no Piracy marker this turn and a marker is
/// left (4 a turn); some major power may be targeted there.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::piracy::may_pirate;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let ionian = NavalLocation::Sea(SeaZone::IonianSea);
/// game.set_naval_units(ionian, Faction::Ottoman, NavalUnits { squadrons: 0, corsairs: 1 })?;
/// assert!(!may_pirate(&game, SeaZone::IonianSea), "before Barbary Pirates");
/// game.set_in_play(Space::Algiers, true)?;
/// assert!(may_pirate(&game, SeaZone::IonianSea));
/// game.set_piracy_marker(SeaZone::IonianSea, true)?;
/// assert!(!may_pirate(&game, SeaZone::IonianSea), "once per turn in a zone");
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn may_pirate(game: &Game, zone: SeaZone) -> bool {
    barbary_pirates_played(game)
        && corsairs(game, zone) > 0
        && !game.piracy_markers().contains(zone)
        && game.piracy_markers().len() < PIRACY_MARKERS
        && !piracy_targets(game, zone).is_empty()
}

/// The sea zones where the Ottoman may start a piracy action now ([`may_pirate`]).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::piracy::piracy_zones;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.set_in_play(Space::Algiers, true)?;
/// game.set_naval_units(NavalLocation::Sea(SeaZone::IonianSea), Faction::Ottoman, NavalUnits { squadrons: 0, corsairs: 1 })?;
/// assert_eq!(piracy_zones(&game).iter().collect::<Vec<_>>(), [SeaZone::IonianSea]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn piracy_zones(game: &Game) -> EnumSet<SeaZone> {
    SeaZone::ALL.into_iter().filter(|&z| may_pirate(game, z)).collect()
}

/// The target's anti-piracy dice (§16.4 step 2), by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AntiPiracyDice {
    /// (a) 2 per squadron of the target (and its active minor allies) in the zone.
    pub in_zone: u8,
    /// (b) 1 per squadron of the target or of a power at war with the
    /// Ottoman, major or minor, in an adjacent port or sea zone.
    pub adjacent_squadrons: u8,
    /// (c) 1 per fortress on the zone controlled by the target, a power at
    /// war with the Ottoman or the Knights of St John, not in unrest and
    /// not besieged.
    pub fortresses: u8,
}

impl AntiPiracyDice {
    /// All the dice.
    ///
    /// ```
    /// use here_i_stand::rules::piracy::AntiPiracyDice;
    /// let dice = AntiPiracyDice { in_zone: 2, adjacent_squadrons: 1, fortresses: 1 };
    /// assert_eq!(dice.total(), 4);
    /// ```
    pub fn total(self) -> u8 {
        self.in_zone.saturating_add(self.adjacent_squadrons).saturating_add(self.fortresses)
    }
}

/// Whether `space` is held by the Knights of St John: Rhodes, or a
/// Hapsburg home port (Malta, or where Knights of St. John, #86, put
/// them), while independent (§16.4 step 2c; setup §24).
pub fn knights(game: &Game, space: Space) -> bool {
    (space == Space::Rhodes || (game.home_of(space) == Faction::Hapsburg && space.is_port()))
        && game.in_play(space)
        && game.controller(space) == Faction::Independent
}

/// Whether a faction counts against the Ottoman in `target`'s defence: the
/// target's side, or a side at war with the Ottoman.
fn helps(game: &Game, target: Power, faction: Faction) -> bool {
    side_of(game, faction) == Faction::from(target) || is_hostile(game, Power::Ottoman, faction)
}

/// The anti-piracy dice of `target` against piracy in `zone` (§16.4 step 2).
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::piracy::anti_piracy_dice;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let ionian = SeaZone::IonianSea;
/// game.set_naval_units(NavalLocation::Sea(ionian), Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// game.set_naval_units(NavalLocation::Port(Space::Messina), Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// let dice = anti_piracy_dice(&game, ionian, Power::Hapsburg);
/// assert_eq!((dice.in_zone, dice.adjacent_squadrons), (2, 1));
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn anti_piracy_dice(game: &Game, zone: SeaZone, target: Power) -> AntiPiracyDice {
    let here = NavalLocation::Sea(zone);
    let own = side_factions(game, Faction::from(target));
    let mut dice = AntiPiracyDice::default();
    let near = neighbours(here);
    for (at, faction, units) in game.naval_stacks() {
        if at == here && own.contains(faction) {
            dice.in_zone = dice.in_zone.saturating_add(units.squadrons.saturating_mul(SQUADRON_DICE));
        } else if near.contains(&at) && helps(game, target, faction) {
            dice.adjacent_squadrons = dice.adjacent_squadrons.saturating_add(units.squadrons);
        }
    }
    for &port in zone.ports() {
        let controller = game.controller(port);
        let holds = knights(game, port) || helps(game, target, controller);
        let besieged = game.land_units_in(port).any(|(.., besieged)| besieged);
        if (port.kind() == SpaceKind::Fortress || game.fortresses_built().contains(port))
            && game.in_play(port)
            && holds
            && !game.in_unrest(port)
            && !besieged
        {
            dice.fortresses += 1;
        }
    }
    dice
}

/// The Ottoman's piracy dice in `zone` against `target` (§16.4 step 4): 0
/// without corsairs; 1 if only one corsair is there or the target has only
/// one port on the zone, else 2; plus the piracy rating of each Ottoman
/// naval leader there (Barbarossa 1, Dragut 2).
///
/// ```
/// use here_i_stand::{Faction, Game, Leader, LeaderLocation, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::piracy::piracy_dice;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let zone = SeaZone::TyrrhenianSea;
/// game.set_naval_units(NavalLocation::Sea(zone), Faction::Ottoman, NavalUnits { squadrons: 0, corsairs: 2 })?;
/// assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 2);
/// game.set_leader(Leader::Barbarossa, LeaderLocation::Sea(zone))?;
/// assert_eq!(piracy_dice(&game, zone, Power::Hapsburg), 3);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn piracy_dice(game: &Game, zone: SeaZone, target: Power) -> u8 {
    let corsairs = corsairs(game, zone);
    if corsairs == 0 {
        return 0;
    }
    let ports = zone.ports().iter().filter(|&&p| game.controller(p) == Faction::from(target)).count();
    let base = if corsairs == 1 || ports == 1 { 1 } else { 2 };
    let leaders = crate::types::Leader::ALL.into_iter().filter(|&l| {
        l.kind() == LeaderKind::Naval
            && game.leader_owner(l) == Some(Faction::Ottoman)
            && game.leader_location(l) == crate::game::LeaderLocation::Sea(zone)
    });
    leaders.fold(base, |n, l| n.saturating_add(l.piracy()))
}

/// The squadrons of `target`'s side (its own and its active minor allies')
/// that a piracy hit in `zone` may sink (§16.4 step 5a): in the zone, in a
/// port on it, or in an adjacent zone; one entry per place and faction.
///
/// ```
/// use here_i_stand::{Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup, Space};
/// use here_i_stand::rules::piracy::piracy_squadrons;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// let messina = NavalLocation::Port(Space::Messina);
/// game.set_naval_units(messina, Faction::Hapsburg, NavalUnits::squadrons(1))?;
/// assert_eq!(piracy_squadrons(&game, SeaZone::IonianSea, Power::Hapsburg).as_slice(), [(messina, Faction::Hapsburg)]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn piracy_squadrons(game: &Game, zone: SeaZone, target: Power) -> SmallVec<[(NavalLocation, Faction); 32]> {
    let here = NavalLocation::Sea(zone);
    let near = neighbours(here);
    let own = side_factions(game, Faction::from(target));
    game.naval_stacks()
        .filter(|&(at, f, units)| units.squadrons > 0 && own.contains(f) && (at == here || near.contains(&at)))
        .map(|(at, f, _)| (at, f))
        .collect()
}

/// Which options of §16.4 step 5 give the Ottoman something now: (a) a
/// squadron to sink ([`piracy_squadrons`]), (b) a card other than a home
/// card in the target's hand, (c) piracy VP below the cap of 10.
///
/// ```
/// use here_i_stand::{Card, Game, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::piracy::valid_piracy_options;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// assert_eq!(valid_piracy_options(&game, SeaZone::IonianSea, Power::Hapsburg), [false, false, true]);
/// game.set_piracy_vp(10)?;
/// game.give_card(Power::Hapsburg, Card::Gout)?;
/// assert_eq!(valid_piracy_options(&game, SeaZone::IonianSea, Power::Hapsburg), [false, true, false]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn valid_piracy_options(game: &Game, zone: SeaZone, target: Power) -> [bool; 3] {
    [
        !piracy_squadrons(game, zone, target).is_empty(),
        game.hand(target).iter().any(|c| c.kind() != CardKind::Home),
        game.piracy_vp() < PIRACY_VP_CAP,
    ]
}

/// The options the target may pick for its next piracy hit (§16.4 step 5,
/// 500th): a valid option, and hits split as evenly as possible over the
/// valid ones, so an option chosen `chosen[i]` times this action may not be
/// picked while another valid option was picked fewer times.
///
/// ```
/// use here_i_stand::{Card, Faction, Game, NavalLocation, NavalUnits, Power, Scenario, SeaZone, Setup};
/// use here_i_stand::rules::piracy::piracy_choices;
///
/// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
/// game.give_card(Power::Hapsburg, Card::Gout)?;
/// let zone = SeaZone::IonianSea;
/// // Cards and VP valid: after a VP, the next hit must take a card.
/// assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [0, 0, 0]), [false, true, true]);
/// assert_eq!(piracy_choices(&game, zone, Power::Hapsburg, [0, 0, 1]), [false, true, false]);
/// # Ok::<(), here_i_stand::EditError>(())
/// ```
pub fn piracy_choices(game: &Game, zone: SeaZone, target: Power, chosen: [u8; 3]) -> [bool; 3] {
    let valid = valid_piracy_options(game, zone, target);
    let least = (0..3).filter(|&i| valid[i]).map(|i| chosen[i]).min().unwrap_or(0);
    core::array::from_fn(|i| valid[i] && chosen[i] <= least)
}
