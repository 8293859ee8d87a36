//! Map facts (§2): spaces, sea zones, connections, passes, ports, distances.

use std::sync::OnceLock;

use crate::sets::EnumSet;
use crate::types::{Faction, LanguageZone, Religion, SeaZone, Space, SpaceKind};

#[path = "map_gen.rs"]
mod generated;
pub(crate) use generated::{LAND_DISTANCE, NAVAL_DISTANCE};
use generated::{SEA_ZONES, SPACES};

/// The static facts of one land space.
#[derive(Debug)]
pub(crate) struct SpaceInfo {
    pub kind: SpaceKind,
    pub capital: bool,
    pub home: Faction,
    pub language: Option<LanguageZone>,
    pub connections: &'static [Space],
    pub passes: &'static [Space],
    pub ports: &'static [SeaZone],
    pub control_1517: Option<Faction>,
    pub religion_1517: Religion,
}

/// The static facts of one sea zone.
#[derive(Debug)]
pub(crate) struct SeaZoneInfo {
    pub adjacent: &'static [SeaZone],
    pub ports: &'static [Space],
}

/// "No path": the value the distance tables hold for unreachable pairs.
pub const UNREACHABLE: u8 = u8::MAX;

impl Space {
    #[inline]
    fn info(self) -> &'static SpaceInfo {
        &SPACES[self as usize]
    }
    /// Key, fortress, electorate or town (§2.1).
    #[inline]
    pub fn kind(self) -> SpaceKind {
        self.info().kind
    }
    /// Keys, fortresses and electorates are fortified (§2.1).
    #[inline]
    pub fn is_fortified(self) -> bool {
        self.kind().is_fortified()
    }
    /// One of the six capitals: London, Paris, Valladolid, Vienna, Rome, Istanbul (§2.1).
    #[inline]
    pub fn is_capital(self) -> bool {
        self.info().capital
    }
    /// Whose home space it is (colour on the map); `Faction::Independent` for grey spaces.
    #[inline]
    pub fn home(self) -> Faction {
        self.info().home
    }
    /// Its language zone, if any (§2.3).
    #[inline]
    pub fn language(self) -> Option<LanguageZone> {
        self.info().language
    }
    /// Spaces joined to it by a clear connection (not a pass).
    #[inline]
    pub fn connections(self) -> &'static [Space] {
        self.info().connections
    }
    /// Spaces joined to it by a mountain pass (§2.3).
    #[inline]
    pub fn passes(self) -> &'static [Space] {
        self.info().passes
    }
    /// Every space joined to it over land, clear or pass.
    pub fn land_neighbours(self) -> impl Iterator<Item = Space> {
        self.connections().iter().chain(self.passes()).copied()
    }
    /// Whether `other` is joined to it by a clear connection or a pass.
    pub fn is_adjacent(self, other: Space) -> bool {
        self.connections().contains(&other) || self.passes().contains(&other)
    }
    /// Whether the link to `other` is a pass.
    pub fn is_pass_to(self, other: Space) -> bool {
        self.passes().contains(&other)
    }
    /// The sea zones it is a port on (empty if it is no port).
    #[inline]
    pub fn ports(self) -> &'static [SeaZone] {
        self.info().ports
    }
    /// Whether it is a port.
    #[inline]
    pub fn is_port(self) -> bool {
        !self.ports().is_empty()
    }
    /// Who controls it at the start of the 1517 scenario; `None` for Algiers, not in play.
    #[inline]
    pub fn control_1517(self) -> Option<Faction> {
        self.info().control_1517
    }
    /// Its religion at the start of 1517: Catholic, or Other for the Ottoman home spaces.
    #[inline]
    pub fn religion_1517(self) -> Religion {
        self.info().religion_1517
    }
    /// Every key space (§2.1), as a set.
    pub fn keys() -> EnumSet<Space> {
        static KEYS: OnceLock<EnumSet<Space>> = OnceLock::new();
        *KEYS.get_or_init(|| Space::ALL.into_iter().filter(|s| s.kind() == SpaceKind::Key).collect())
    }
    /// Shortest number of land steps (clear or pass) to `other`; `None` if no land path.
    #[inline]
    pub fn land_distance(self, other: Space) -> Option<u8> {
        match LAND_DISTANCE[self as usize][other as usize] {
            UNREACHABLE => None,
            d => Some(d),
        }
    }
    /// Shortest number of steps to `other` over land links, port links and
    /// sea-zone adjacencies, a sea zone counting as one step (§19 "nearest").
    #[inline]
    pub fn distance(self, other: Space) -> u8 {
        NAVAL_DISTANCE[self as usize][other as usize]
    }
}

impl SeaZone {
    #[inline]
    fn info(self) -> &'static SeaZoneInfo {
        &SEA_ZONES[self as usize]
    }
    /// Sea zones adjacent to it (§2.3).
    #[inline]
    pub fn adjacent(self) -> &'static [SeaZone] {
        self.info().adjacent
    }
    /// The ports on it.
    #[inline]
    pub fn ports(self) -> &'static [Space] {
        self.info().ports
    }
}
