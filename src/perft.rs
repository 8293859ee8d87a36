//! Counting move generation (`Game::perft`), as chess engines do: the
//! number of distinct action sequences of a given length from a position.
//! A golden count shows any change in what the rules offer, and timing it
//! measures listing and applying together.

use crate::engine::{ActionList, Decider};
use crate::game::Game;

impl Game {
    /// The number of distinct sequences of `depth` legal actions from this
    /// position (depth 0 counts the empty sequence: 1). A sequence that
    /// ends the game early is not counted; the dice are the game's own, so
    /// each sequence leads to one position. The last level is counted
    /// from the listing without applying it (every listed action is legal).
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// assert_eq!(game.perft(1), game.legal_actions().len() as u64);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !matches!(self.decider(), Decider::Power(_)) {
            return 0;
        }
        let mut actions = ActionList::new();
        self.legal_actions_into(&mut actions);
        if depth == 1 {
            return actions.len() as u64;
        }
        let mut total = 0;
        for &action in &actions {
            let mut next = self.clone();
            if next.apply(action).is_ok() {
                total += next.perft(depth - 1);
            }
        }
        total
    }
}
