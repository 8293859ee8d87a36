//! The counter-mix check (§5.2) against a plain exhaustive search, over
//! random demands for every faction's mix.

use here_i_stand::data::powers::{CounterKind, counter_mix};
use here_i_stand::rules::counters::can_show;
use here_i_stand::{Faction, LandUnitKind};
use proptest::prelude::*;

use crate::common;

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

/// Every stack but one, by taking that stack back out of the tally of all
/// (`CounterTally::without`), answers as the tally made without it, for
/// every split of that stack, in positions of random play (§5.2).
#[test]
fn tally_without_a_stack_agrees_with_the_tally_made_without_it() {
    use here_i_stand::rules::counters::CounterTally;
    use here_i_stand::{LandUnits, Space};
    let mut taken_out = 0;
    let checked = common::on_random_positions(9, 17, |game| {
        for faction in Faction::ALL {
            let all = CounterTally::of(game, faction, None);
            for space in Space::ALL {
                let here = game.land_units(space, faction);
                let Some(others) = (!here.is_empty()).then(|| all.without(here)).flatten() else { continue };
                let made = CounterTally::of(game, faction, Some(space));
                for regulars in 0..=here.regulars {
                    let moving = LandUnits { regulars, ..here };
                    let stay = LandUnits { regulars: here.regulars - regulars, mercenaries: 0, cavalry: 0 };
                    assert_eq!(others.fits_with(stay, moving), made.fits_with(stay, moving), "{faction} {space}");
                }
                taken_out += 1;
            }
        }
    });
    assert!(checked > 500 && taken_out > 5000, "{checked} {taken_out}");
}
