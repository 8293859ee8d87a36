//! Distances and "nearest" spaces, shared by the rules that send units to the
//! nearest space of some kind (winter §19, minor powers §22, displacement §12.5).

use crate::sets::EnumSet;
use crate::types::Space;

/// How distance is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Land steps only, clear connections and passes alike.
    Land,
    /// Land steps, port links and sea-zone adjacencies, a sea zone counting as
    /// one step (the "plain path length" of §19).
    LandAndSea,
}

/// Steps from `a` to `b` by `metric`; `None` if there is no path.
pub fn distance(a: Space, b: Space, metric: Metric) -> Option<u8> {
    match metric {
        Metric::Land => a.land_distance(b),
        Metric::LandAndSea => match a.distance(b) {
            crate::data::map::UNREACHABLE => None,
            d => Some(d),
        },
    }
}

/// The spaces satisfying `wanted` at the least distance from `from` (all of
/// them, when several tie), and that distance. Empty when none is reachable.
pub fn nearest(from: Space, metric: Metric, wanted: impl Fn(Space) -> bool) -> (EnumSet<Space>, Option<u8>) {
    let mut best = None;
    let mut set = EnumSet::EMPTY;
    for space in Space::ALL.into_iter().filter(|&s| wanted(s)) {
        let Some(d) = distance(from, space, metric) else {
            continue;
        };
        match best {
            Some(b) if d > b => {}
            Some(b) if d == b => {
                set.insert(space);
            }
            _ => {
                best = Some(d);
                set = EnumSet::EMPTY;
                set.insert(space);
            }
        }
    }
    (set, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milan_to_paris_by_land_and_sea() {
        // Milan - Pavia - Genoa - Gulf of Lyon - Marseille: 4 steps by sea.
        assert_eq!(distance(Space::Milan, Space::Marseille, Metric::LandAndSea), Some(4));
        assert_eq!(distance(Space::Milan, Space::Genoa, Metric::Land), Some(2));
        assert_eq!(distance(Space::Paris, Space::Paris, Metric::Land), Some(0));
        // Islands have no land path.
        assert_eq!(distance(Space::Rhodes, Space::Paris, Metric::Land), None);
        let (set, d) = nearest(Space::Paris, Metric::Land, |s| s.is_capital() && s != Space::Paris);
        assert!(d.is_some());
        assert_eq!(set.len(), 1);
    }
}
