//! Helpers shared by the integration tests.

use here_i_stand::{EditError, Faction, Game, Power, Space, SpaceKind};

/// Gives `power` keys (in space order, in play, held by someone else) until
/// it holds `n`.
#[allow(dead_code)] // not every test file gives keys
pub fn hold_keys(game: &mut Game, power: Power, n: usize) -> Result<(), EditError> {
    let others: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|&s| s.kind() == SpaceKind::Key && game.in_play(s))
        .filter(|&s| game.controller(s) != Faction::from(power))
        .collect();
    let mut others = others.into_iter();
    while game.keys_controlled(power).len() < n {
        let key = others.next().expect("enough keys on the map");
        game.set_controller(key, power.into())?;
    }
    assert_eq!(game.keys_controlled(power).len(), n);
    Ok(())
}

/// Calls `check` on positions of seeded random play: `games` games, cycling
/// through the 1517, 1532 and two-player scenarios, every `every`th
/// decision. Returns how many positions were checked.
#[allow(dead_code)] // each test file uses its own part of this module
pub fn on_random_positions(games: u64, every: usize, mut check: impl FnMut(&Game)) -> usize {
    use here_i_stand::{ActionList, Scenario, Setup};
    let scenarios = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer];
    let mut checked = 0;
    for (seed, scenario) in (0..games).zip(scenarios.into_iter().cycle()) {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut list = ActionList::new();
        for step in 0..3000 {
            game.legal_actions_into(&mut list);
            if list.is_empty() {
                break;
            }
            if step % every == 0 {
                check(&game);
                checked += 1;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = list[(state % list.len() as u64) as usize];
            game.apply(action).expect("a listed action applies");
        }
    }
    checked
}
