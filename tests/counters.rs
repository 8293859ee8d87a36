//! The counter-mix check (§5.2) against a plain exhaustive search, over
//! random demands for every faction's mix.

use here_i_stand::data::powers::{CounterKind, counter_mix};
use here_i_stand::rules::counters::can_show;
use here_i_stand::{Faction, LandUnitKind};
use proptest::prelude::*;

/// Reference: try every way to make each amount from the free counters.
fn reference(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    fn go(mix: &[CounterKind], free: &mut Vec<u8>, demands: &[(LandUnitKind, u8)], left: u8, from: usize) -> bool {
        let Some(&(kind, amount)) = demands.first() else { return true };
        let left = if left == 0 { amount } else { left };
        for option in from..mix.len() * 2 {
            let (k, face) = (option / 2, mix[option / 2].faces[option % 2]);
            if free[k] == 0 || face.kind != kind || face.value == 0 || face.value > left {
                continue;
            }
            free[k] -= 1;
            let ok = if face.value == left {
                go(mix, free, &demands[1..], 0, 0)
            } else {
                go(mix, free, demands, left - face.value, option)
            };
            free[k] += 1;
            if ok {
                return true;
            }
        }
        false
    }
    let mut free: Vec<u8> = mix.iter().map(|k| k.count).collect();
    go(mix, &mut free, demands, 0, 0)
}

fn demands() -> impl Strategy<Value = Vec<(LandUnitKind, u8)>> {
    prop::collection::vec(
        (prop::sample::select(vec![LandUnitKind::Regular, LandUnitKind::Mercenary, LandUnitKind::Cavalry]), 1u8..9),
        0..9,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_exhaustive_search(faction in prop::sample::select(Faction::ALL.to_vec()), demands in demands()) {
        let mix = counter_mix(faction);
        prop_assert_eq!(can_show(mix, &demands), reference(mix, &demands), "{:?} {:?}", faction, demands);
    }
}
