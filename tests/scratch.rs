use here_i_stand::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn count() {
    let mut offered = 0; let mut taken = 0; let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..300u64 {
        let mut game = Game::new(Setup::new(Scenario::TwoPlayer, seed));
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut acting = false;
        while let Decider::Power(_) = game.decider() {
            let actions = game.legal_actions();
            if actions.iter().any(|a| matches!(a, Action::ActFor(_))) { offered += 1; }
            let action = actions[((rng.next_u64() as u128 * actions.len() as u128) >> 64) as usize];
            if acting && game.pending().kind == DecisionKind::SpendCp { *kinds.entry(action.to_string().split(' ').next().unwrap().to_string()).or_insert(0) += 1; }
            acting = matches!(action, Action::ActFor(_));
            if acting { taken += 1; }
            game.apply(action).unwrap();
            assert!(game.validate().is_ok());
        }
    }
    println!("offered {offered} taken {taken} {kinds:?}");
}
