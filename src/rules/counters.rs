//! The counter mix as a hard limit (§5.2): can a faction's land units on the
//! map be shown with the counters it has, each space's regulars, mercenaries
//! and cavalry by counters of that face, making change freely?

use std::collections::HashSet;

use smallvec::SmallVec;

use crate::data::powers::{CounterKind, counter_mix};
use crate::game::{Game, LandUnits};
use crate::types::{Faction, LandUnitKind, Space};

/// Whether every stack of `faction`'s land units on the map can be shown
/// exactly with its counters (§5.2: "the counter mix is a hard limit").
pub fn fits_counter_mix(game: &Game, faction: Faction) -> bool {
    let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = SmallVec::new();
    for (_, f, units, _) in game.land_stacks() {
        if f == faction {
            push_demands(&mut demands, units);
        }
    }
    can_show(counter_mix(faction), &demands)
}

/// Whether `faction`'s units would still fit its counters with its stack in
/// `space` made `stack` and one more separate group `apart` (e.g. a
/// formation split off to move, §13.1): splitting a stack may need change
/// that the counters cannot give (§5.2).
pub fn fits_with(game: &Game, faction: Faction, space: Space, stack: LandUnits, apart: LandUnits) -> bool {
    let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = SmallVec::new();
    for (s, f, units, _) in game.land_stacks() {
        if f == faction && s != space {
            push_demands(&mut demands, units);
        }
    }
    push_demands(&mut demands, stack);
    push_demands(&mut demands, apart);
    can_show(counter_mix(faction), &demands)
}

fn push_demands(demands: &mut SmallVec<[(LandUnitKind, u8); 64]>, units: LandUnits) {
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
///
/// ```
/// use here_i_stand::data::powers::counter_mix;
/// use here_i_stand::rules::counters::can_show;
/// use here_i_stand::{Faction, LandUnitKind};
///
/// // The Papacy has two counters of 4: three stacks of 4 need 4 + 2 + 2 for one.
/// let mix = counter_mix(Faction::Papacy);
/// assert!(can_show(mix, &[(LandUnitKind::Regular, 4); 3]));
/// assert!(!can_show(mix, &[(LandUnitKind::Regular, 24)]));
/// ```
pub fn can_show(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    // More amounts than counters can never fit: each amount needs a counter
    // of its own. (Checked first, so that the copy below stays inline.)
    let counters: usize = mix.iter().map(|k| usize::from(k.count)).sum();
    if demands.len() > counters {
        return false;
    }
    // Every faction's mix has the shape of the fast exact test.
    if let Some(fits) = size_class_fits(mix, demands) {
        return fits;
    }
    let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = demands.iter().copied().collect();
    demands.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
    // Quick bound: the largest faces together must cover the total.
    let total: u32 = demands.iter().map(|d| u32::from(d.1)).sum();
    let capacity: u32 =
        mix.iter().map(|k| u32::from(k.count) * u32::from(k.faces[0].value.max(k.faces[1].value))).sum();
    if total > capacity {
        return false;
    }
    // More odd amounts than counters with a face of 1 can never fit (each
    // odd amount needs a 1).
    let ones: usize =
        mix.iter().filter(|k| k.faces.iter().any(|f| f.value % 2 == 1)).map(|k| usize::from(k.count)).sum();
    let odd = demands.iter().filter(|d| d.1 % 2 == 1).count();
    if odd > ones {
        return false;
    }
    if greedy_fits(mix, &demands) {
        return true;
    }
    // A mix of another shape (no faction has one): search exhaustively,
    // remembering dead ends.
    exhaustive_fits(mix, &demands)
}

/// Exhaustive search: each demand, largest first, tries every counter face
/// in turn (greedy change-making can fail where a cleverer split works, 8 as
/// 4 + 4 rather than 6 + ...). Exact for any mix, but slow, and it allocates.
fn exhaustive_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    let mut avail: SmallVec<[u8; 8]> = mix.iter().map(|k| k.count).collect();
    let mut failed = HashSet::new();
    fill(mix, demands, 0, demands.first().map_or(0, |d| d.1), 0, &mut avail, &mut failed)
}

/// Counter kinds [`size_class_fits`] handles; the factions have at most 4.
const MAX_KINDS: usize = 4;

/// Usage states [`size_class_fits`] tracks for the large counters; the
/// factions need at most 10 (four 4s and one 6).
const MAX_STATES: usize = 16;

/// The values (largest first, 0 for none) a counter kind can show for
/// units of `kind`.
fn offered_values(counter: &CounterKind, kind: LandUnitKind) -> [u8; 2] {
    let value = |i: usize| {
        let face = counter.faces[i];
        if face.kind == kind { face.value } else { 0 }
    };
    let (a, b) = (value(0), value(1));
    if a == b { [a, 0] } else { [a.max(b), a.min(b)] }
}

/// An exact test, allocation-free and fast, for the mixes the factions have
/// (§5.2): `None` for a mix of another shape. `demands` in any order.
///
/// It needs each counter kind to offer the same values to every kind of unit
/// asked for (a major power's counter shows its value as regulars or as
/// mercenaries/cavalry), and the "large" counters (a face above 2) to show
/// only even values. Then every amount keeps its parity once large counters
/// cover part of it, and what is left is a counting question for the 1s, 2s
/// and 1-or-2 counters; and covering more units with large counters never
/// hurts. So a small dynamic program over how many large counters of each
/// kind are used finds the most units they can cover, and a closed formula
/// decides the rest.
fn size_class_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> Option<bool> {
    if mix.len() > MAX_KINDS {
        return None;
    }
    // One pass over the amounts: the kinds asked for, how many amounts are
    // odd, and the sum of their halves (rounded down).
    let (mut asked, mut odd, mut halves) = ([false; LandUnitKind::COUNT], 0u32, 0u32);
    for &(kind, amount) in demands {
        asked[kind.index()] = true;
        odd += u32::from(amount % 2);
        halves += u32::from(amount / 2);
    }
    // The values each counter kind offers, the same for every kind asked for.
    let mut offered: Option<[[u8; 2]; MAX_KINDS]> = None;
    for kind in [LandUnitKind::Regular, LandUnitKind::Mercenary, LandUnitKind::Cavalry] {
        if !asked[kind.index()] {
            continue;
        }
        let mut these = [[0u8; 2]; MAX_KINDS];
        for (values, counter) in these.iter_mut().zip(mix) {
            *values = offered_values(counter, kind);
        }
        if these.iter().all(|v| v[0] == 0) {
            // No counter shows this kind of unit at all.
            return Some(false);
        }
        match offered {
            Some(previous) if previous != these => return None,
            _ => offered = Some(these),
        }
    }
    let Some(offered) = offered else { return Some(true) };
    // Small counters: pure 1s, pure 2s, and 1-or-2s; large ones go to the
    // dynamic program, as (count, values, stride of its digit in a state).
    let (mut ones, mut twos, mut either) = (0u32, 0u32, 0u32);
    let mut large: SmallVec<[(u8, [u8; 2], usize); MAX_KINDS]> = SmallVec::new();
    let mut states = 1usize;
    for (counter, values) in mix.iter().zip(offered) {
        match values {
            [0, _] => {}
            [1, 0] => ones += u32::from(counter.count),
            [2, 0] => twos += u32::from(counter.count),
            [2, 1] => either += u32::from(counter.count),
            [high, low] if high % 2 == 0 && low % 2 == 0 => {
                large.push((counter.count, values, states));
                states *= usize::from(counter.count) + 1;
                if states > MAX_STATES {
                    return None;
                }
            }
            _ => return None,
        }
    }
    // Whether the small counters show what large ones leave when they cover
    // `covered` units: as many odd amounts (large counters are even), and
    // the halves less `covered / 2`. Use 2s (pure or 1-or-2) for as many
    // pairs as possible, then 1s. Covering more never hurts.
    let rest_fits = |covered: u32| {
        let halves = halves.saturating_sub(covered / 2);
        let left = 2 * halves + odd;
        let pairs = halves.min(twos + either);
        left - 2 * pairs <= ones + either && left - pairs <= ones + twos + either
    };
    if rest_fits(0) {
        return Some(true);
    }
    // An upper bound of what large counters cover: all of them on their
    // high face, and each amount they can reach to its even part.
    let smallest_large = large.iter().map(|l| if l.1[1] > 0 { l.1[1] } else { l.1[0] }).min().unwrap_or(u8::MAX);
    let reachable: u32 = demands.iter().filter(|d| d.1 >= smallest_large).map(|d| u32::from(d.1 & !1)).sum();
    let all_large: u32 = large.iter().map(|l| u32::from(l.0) * u32::from(l.1[0])).sum();
    if !rest_fits(reachable.min(all_large)) {
        return Some(false);
    }
    // best[state]: the most units large counters can cover with these many
    // of each kind used (-1: not reachable).
    let mut best = [-1i16; MAX_STATES];
    best[0] = 0;
    for &(_, amount) in demands.iter().filter(|d| d.1 >= smallest_large) {
        let mut next = [-1i16; MAX_STATES];
        for (state, &covered) in best.iter().enumerate().take(states) {
            if covered >= 0 {
                place(&large, 0, state, amount, covered, &mut next);
            }
        }
        best = next;
    }
    let covered = u32::try_from(best.iter().copied().max().unwrap_or(0)).unwrap_or(0);
    Some(rest_fits(covered))
}

/// Every way to cover part of one `amount` with large counters from kind
/// `at` on, given the usage `state` and the units `covered` so far: records
/// in `next` the most units covered for each new usage state.
fn place(
    large: &[(u8, [u8; 2], usize)],
    at: usize,
    state: usize,
    amount: u8,
    covered: i16,
    next: &mut [i16; MAX_STATES],
) {
    let Some(&(count, [high, low], stride)) = large.get(at) else {
        next[state] = next[state].max(covered);
        return;
    };
    let free = usize::from(count) - (state / stride) % (usize::from(count) + 1);
    let mut n_high = 0;
    while n_high <= free && n_high * usize::from(high) <= usize::from(amount) {
        let max_low = if low == 0 { 0 } else { free - n_high };
        let mut n_low = 0;
        while n_low <= max_low {
            let units = n_high * usize::from(high) + n_low * usize::from(low);
            if units > usize::from(amount) {
                break;
            }
            let to = state + (n_high + n_low) * stride;
            place(large, at + 1, to, amount - units as u8, covered + units as i16, next);
            n_low += 1;
        }
        n_high += 1;
    }
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

    /// The fast exact test agrees with the exhaustive search, for every
    /// faction's mix, on random stacks (small amounts, as in play, and some
    /// of a kind the faction does not field).
    #[test]
    fn size_classes_agree_with_exhaustive_search() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut checked = [0usize; 2];
        for faction in Faction::ALL {
            let mix = counter_mix(faction);
            let counters: u64 = mix.iter().map(|k| u64::from(k.count)).sum();
            for _ in 0..3000 {
                let len = 1 + next(counters);
                let demands: SmallVec<[(LandUnitKind, u8); 64]> = (0..len)
                    .map(|_| {
                        let kind = match next(20) {
                            0 => Cavalry,
                            1..=4 => Mercenary,
                            _ => Regular,
                        };
                        let amount = if next(4) == 0 { 1 + next(12) } else { 1 + next(3) };
                        (kind, amount as u8)
                    })
                    .collect();
                let mut sorted = demands.clone();
                sorted.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
                let exact = exhaustive_fits(mix, &sorted);
                assert_eq!(size_class_fits(mix, &demands), Some(exact), "{faction:?} {demands:?}");
                assert_eq!(can_show(mix, &demands), exact, "{faction:?} {demands:?}");
                checked[usize::from(exact)] += 1;
            }
        }
        // Both answers are well represented.
        assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
    }

    /// A mix of a shape no faction has (an odd large face) still gets an
    /// exact answer, from the exhaustive search.
    #[test]
    fn other_shapes_fall_back_to_search() {
        use crate::data::powers::Face;
        let three =
            CounterKind { count: 2, faces: [Face { kind: Regular, value: 3 }, Face { kind: Regular, value: 1 }] };
        let mix = [three];
        assert_eq!(size_class_fits(&mix, &[(Regular, 4)]), None);
        assert!(can_show(&mix, &[(Regular, 4)]));
        assert!(can_show(&mix, &[(Regular, 6)]));
        assert!(!can_show(&mix, &[(Regular, 5)]));
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
