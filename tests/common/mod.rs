//! Helpers shared by the integration tests.

use here_i_stand::{EditError, Faction, Game, Power, Space, SpaceKind};

/// Gives `power` keys (in space order, in play, held by someone else) until
/// it holds `n`.
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
