//! Power-card tables (§4): cards dealt and VP by keys, automatic-victory
//! thresholds; and each faction's counter mix (§5.2, §5.3).

use crate::types::{Faction, LandUnitKind, Power};

/// Cards dealt for 1..=N keys on the map (index = keys - 1), for the five key
/// powers in `Power` order; the Protestant row is empty (§4).
const KEY_CARDS: [&[u8]; Power::COUNT] = [
    &[2, 2, 3, 3, 4, 4, 5, 5, 6, 6],
    &[1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
    &[1, 1, 2, 2, 3, 3, 4, 4],
    &[1, 1, 1, 2, 2, 3, 3, 4, 4, 5],
    &[2, 3, 3, 4, 4, 4],
    &[],
];

/// Base VP for 1..=N keys (index = keys - 1), as `KEY_CARDS` (§4).
const KEY_VP: [&[u8]; Power::COUNT] = [
    &[2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
    &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    &[3, 5, 7, 9, 11, 13, 15, 17],
    &[2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
    &[2, 4, 6, 8, 10, 12],
    &[],
];

/// The number of square control markers of a key power, which is also the
/// key count that uncovers its automatic-victory box (§4, §23.1): Ottoman 11,
/// Hapsburg 14, England 9, France 11, Papacy 7. `None` for the Protestant.
pub const fn auto_win_keys(power: Power) -> Option<u8> {
    match power {
        Power::Protestant => None,
        _ => Some(KEY_CARDS[power as usize].len() as u8 + 1),
    }
}

/// Cards dealt by the key track for `keys` uncovered boxes (keys on the map
/// less keys in unrest), at least 1 (§4). `None` for the Protestant.
pub fn key_track_cards(power: Power, keys: u8) -> Option<u8> {
    let row = KEY_CARDS[power as usize];
    if row.is_empty() {
        return None;
    }
    let last = usize::from(keys).min(row.len());
    Some(if last == 0 { 1 } else { row[last - 1].max(1) })
}

/// Base VP by the key track for `keys` uncovered boxes; 0 with every box
/// covered (§4, §23.2). `None` for the Protestant.
pub fn key_track_vp(power: Power, keys: u8) -> Option<u8> {
    let row = KEY_VP[power as usize];
    if row.is_empty() {
        return None;
    }
    let last = usize::from(keys).min(row.len());
    Some(if last == 0 { 0 } else { row[last - 1] })
}

/// One face of a land-unit counter: what it shows and how many units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// Regulars, mercenaries or cavalry.
    pub kind: LandUnitKind,
    /// How many units the face stands for.
    pub value: u8,
}

/// A kind of two-sided land counter and how many of it a faction has (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CounterKind {
    /// How many counters of this kind.
    pub count: u8,
    /// The two faces.
    pub faces: [Face; 2],
}

const fn major(value: u8, count: u8, back: LandUnitKind) -> CounterKind {
    CounterKind { count, faces: [Face { kind: LandUnitKind::Regular, value }, Face { kind: back, value }] }
}

const fn minor(front: u8, back: u8, count: u8) -> CounterKind {
    CounterKind {
        count,
        faces: [Face { kind: LandUnitKind::Regular, value: front }, Face { kind: LandUnitKind::Regular, value: back }],
    }
}

use LandUnitKind::{Cavalry, Mercenary};

const OTTOMAN_MIX: [CounterKind; 4] =
    [major(1, 11, Cavalry), major(2, 7, Cavalry), major(4, 4, Cavalry), major(6, 1, Cavalry)];
const HAPSBURG_MIX: [CounterKind; 4] =
    [major(1, 12, Mercenary), major(2, 7, Mercenary), major(4, 4, Mercenary), major(6, 1, Mercenary)];
const ENGLAND_MIX: [CounterKind; 4] =
    [major(1, 9, Mercenary), major(2, 5, Mercenary), major(4, 2, Mercenary), major(6, 1, Mercenary)];
const FRANCE_MIX: [CounterKind; 4] =
    [major(1, 10, Mercenary), major(2, 4, Mercenary), major(4, 3, Mercenary), major(6, 1, Mercenary)];
const PAPACY_MIX: [CounterKind; 3] = [major(1, 7, Mercenary), major(2, 4, Mercenary), major(4, 2, Mercenary)];
const PROTESTANT_MIX: [CounterKind; 3] = [major(1, 8, Mercenary), major(2, 5, Mercenary), major(4, 2, Mercenary)];
const GENOA_MIX: [CounterKind; 1] = [minor(1, 2, 2)];
const HUNGARY_MIX: [CounterKind; 2] = [minor(1, 2, 3), minor(4, 2, 1)];
const SCOTLAND_MIX: [CounterKind; 1] = [minor(1, 2, 3)];
const VENICE_MIX: [CounterKind; 1] = [minor(1, 2, 4)];
/// Independent counters plus the Knights of St John (one counter of 1).
const INDEPENDENT_MIX: [CounterKind; 2] = [minor(1, 2, 6), minor(1, 1, 1)];

/// A faction's land counters (§5.2; counts from BGA `tokens.csv`, see docs/rulings.md).
pub const fn counter_mix(faction: Faction) -> &'static [CounterKind] {
    match faction {
        Faction::Ottoman => &OTTOMAN_MIX,
        Faction::Hapsburg => &HAPSBURG_MIX,
        Faction::England => &ENGLAND_MIX,
        Faction::France => &FRANCE_MIX,
        Faction::Papacy => &PAPACY_MIX,
        Faction::Protestant => &PROTESTANT_MIX,
        Faction::Genoa => &GENOA_MIX,
        Faction::HungaryBohemia => &HUNGARY_MIX,
        Faction::Scotland => &SCOTLAND_MIX,
        Faction::Venice => &VENICE_MIX,
        Faction::Independent => &INDEPENDENT_MIX,
    }
}

/// Naval counters (squadrons, and for the Ottoman squadrons and corsairs
/// together, one counter two-sided) a faction has (§5.3).
pub const fn naval_counters(faction: Faction) -> u8 {
    match faction {
        Faction::Ottoman => 9,
        Faction::Hapsburg => 6,
        Faction::England | Faction::France => 5,
        Faction::Venice => 4,
        Faction::Papacy => 2,
        Faction::Genoa | Faction::Scotland => 1,
        Faction::Protestant | Faction::HungaryBohemia | Faction::Independent => 0,
    }
}

/// The land unit kinds a faction may field (§5.2): regulars for all,
/// mercenaries for every major power but the Ottoman, cavalry for the Ottoman.
pub const fn fields(faction: Faction, kind: LandUnitKind) -> bool {
    match kind {
        LandUnitKind::Regular => true,
        LandUnitKind::Mercenary => {
            matches!(faction.major(), Some(p) if !matches!(p, Power::Ottoman))
        }
        LandUnitKind::Cavalry => matches!(faction, Faction::Ottoman),
    }
}
