//! The counter mix as a hard limit (§5.2): can a faction's land units on the
//! map be shown with the counters it has, each space's regulars, mercenaries
//! and cavalry by counters of that face, making change freely?

use std::collections::HashSet;

use smallvec::SmallVec;

use crate::data::powers::{CounterKind, counter_mix};
use crate::game::{Game, LandUnits};
use crate::types::{Faction, LandUnitKind};

/// Whether every stack of `faction`'s land units on the map can be shown
/// exactly with its counters (§5.2: "the counter mix is a hard limit").
pub fn fits_counter_mix(game: &Game, faction: Faction) -> bool {
    let mut demands: Vec<(LandUnitKind, u8)> = Vec::new();
    for (_, f, units, _) in game.land_stacks() {
        if f == faction {
            push_demands(&mut demands, units);
        }
    }
    can_show(counter_mix(faction), &demands)
}

fn push_demands(demands: &mut Vec<(LandUnitKind, u8)>, units: LandUnits) {
    for (kind, n) in [
        (LandUnitKind::Regular, units.regulars),
        (LandUnitKind::Mercenary, units.mercenaries),
        (LandUnitKind::Cavalry, units.cavalry),
    ] {
        if n > 0 {
            demands.push((kind, n));
        }
    }
}

/// Whether amounts of units (each of one kind, in one place) can each be made
/// up exactly from the counters `mix`, each counter used once on one face.
pub fn can_show(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = demands.iter().copied().collect();
    demands.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
    // Quick bound: the largest faces together must cover the total.
    let total: u32 = demands.iter().map(|d| u32::from(d.1)).sum();
    let capacity: u32 =
        mix.iter().map(|k| u32::from(k.count) * u32::from(k.faces[0].value.max(k.faces[1].value))).sum();
    if total > capacity {
        return false;
    }
    // More amounts than counters, or more odd amounts than counters with a
    // face of 1, can never fit (each amount needs a counter of its own, each
    // odd amount a 1).
    let counters: usize = mix.iter().map(|k| usize::from(k.count)).sum();
    let ones: usize =
        mix.iter().filter(|k| k.faces.iter().any(|f| f.value % 2 == 1)).map(|k| usize::from(k.count)).sum();
    let odd = demands.iter().filter(|d| d.1 % 2 == 1).count();
    if demands.len() > counters || odd > ones {
        return false;
    }
    if greedy_fits(mix, &demands) {
        return true;
    }
    // Greedy change-making can fail where a cleverer split works (8 as 4 + 4
    // rather than 6 + ...): search exhaustively, remembering dead ends.
    let mut avail: Vec<u8> = mix.iter().map(|k| k.count).collect();
    let mut failed = HashSet::new();
    fill(mix, &demands, 0, demands.first().map_or(0, |d| d.1), 0, &mut avail, &mut failed)
}

/// A quick sufficient test: each demand, largest first, takes the largest
/// fitting face still free. Allocation-free; if it succeeds the units fit.
fn greedy_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    let mut avail = [0u8; 4];
    if mix.len() > avail.len() {
        return false;
    }
    for (a, k) in avail.iter_mut().zip(mix) {
        *a = k.count;
    }
    for &(kind, amount) in demands {
        let mut left = amount;
        while left > 0 {
            let best = (0..mix.len() * 2)
                .filter(|&o| avail[o / 2] > 0)
                .map(|o| (o / 2, mix[o / 2].faces[o % 2]))
                .filter(|(_, face)| face.kind == kind && face.value > 0 && face.value <= left)
                .max_by_key(|(_, face)| face.value);
            let Some((k, face)) = best else { return false };
            avail[k] -= 1;
            left -= face.value;
        }
    }
    true
}

/// Fills demand `at` (with `left` units still to show) from counter options
/// numbered `from` on, then the demands after it.
fn fill(
    mix: &[CounterKind],
    demands: &[(LandUnitKind, u8)],
    at: usize,
    left: u8,
    from: usize,
    avail: &mut [u8],
    failed: &mut HashSet<u64>,
) -> bool {
    if left == 0 {
        let next = at + 1;
        return match demands.get(next) {
            None => true,
            Some(&(_, amount)) => fill(mix, demands, next, amount, 0, avail, failed),
        };
    }
    // Dead ends are remembered by position and free counters (5 bits each).
    let key =
        avail.iter().fold(((at as u64) << 16) | (u64::from(left) << 8) | from as u64, |k, &a| (k << 5) | u64::from(a));
    if failed.contains(&key) {
        return false;
    }
    let kind = demands[at].0;
    for option in from..mix.len() * 2 {
        let (k, face) = (option / 2, mix[option / 2].faces[option % 2]);
        if avail[k] == 0 || face.kind != kind || face.value > left || face.value == 0 {
            continue;
        }
        avail[k] -= 1;
        let ok = fill(mix, demands, at, left - face.value, option, avail, failed);
        avail[k] += 1;
        if ok {
            return true;
        }
    }
    failed.insert(key);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::powers::counter_mix;
    use LandUnitKind::*;

    #[test]
    fn papacy_mix_limits() {
        // Papacy: 7 ones, 4 twos, 2 fours: 23 units at most.
        let mix = counter_mix(Faction::Papacy);
        assert!(can_show(mix, &[(Regular, 23)]));
        assert!(!can_show(mix, &[(Regular, 24)]));
        // Regulars and mercenaries share the counters.
        assert!(can_show(mix, &[(Regular, 12), (Mercenary, 11)]));
        assert!(!can_show(mix, &[(Regular, 12), (Mercenary, 12)]));
        // A stack of one needs a counter of 1: the Papacy has seven.
        assert!(can_show(mix, &[(Regular, 1); 7]));
        assert!(!can_show(mix, &[(Regular, 1); 8]));
        // Thirteen counters make thirteen stacks at most.
        assert!(can_show(mix, &[(Regular, 1), (Regular, 2), (Regular, 4)]));
        assert!(!can_show(mix, &[(Regular, 2); 14]));
        // Odd amounts need a 1: 8 stacks of 3 need 8 ones, Papacy has 7.
        assert!(!can_show(mix, &[(Regular, 3); 8]));
    }

    #[test]
    fn hungary_four_two_counter() {
        // Hungary: three 1/2 counters and one 4/2 counter: at most 10 units.
        let mix = counter_mix(Faction::HungaryBohemia);
        assert!(can_show(mix, &[(Regular, 10)]));
        assert!(!can_show(mix, &[(Regular, 11)]));
        assert!(can_show(mix, &[(Regular, 5), (Regular, 1), (Regular, 1)]));
        assert!(!can_show(mix, &[(Cavalry, 1)]));
    }
}
