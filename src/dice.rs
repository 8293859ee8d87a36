//! Dice: every roll comes from the game's generator (§25), or from the
//! faces a test forced with [`Game::force_dice`].

use crate::edit::EditError;
use crate::game::Game;

/// A roll of several six-sided dice, kept as how many dice show each face
/// (the order of the dice never matters in this game). `Copy`, no heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dice {
    /// `faces[i]`: how many dice show `i + 1`.
    faces: [u8; 6],
}

impl Dice {
    /// No dice.
    pub const NONE: Dice = Dice { faces: [0; 6] };

    /// The dice showing these faces (faces outside 1-6 are ignored).
    ///
    /// ```
    /// use here_i_stand::Dice;
    /// let roll = Dice::of(&[6, 5, 2]);
    /// assert_eq!((roll.count(), roll.hits()), (3, 2));
    /// ```
    pub fn of(faces: &[u8]) -> Dice {
        let mut dice = Dice::NONE;
        for &face in faces {
            dice.add(face);
        }
        dice
    }

    /// Adds one die showing `face` (ignored outside 1-6).
    pub fn add(&mut self, face: u8) {
        if let Some(n) = face.checked_sub(1).and_then(|i| self.faces.get_mut(usize::from(i))) {
            *n = n.saturating_add(1);
        }
    }

    /// How many dice show `face`.
    pub fn showing(self, face: u8) -> u8 {
        face.checked_sub(1).and_then(|i| self.faces.get(usize::from(i))).copied().unwrap_or(0)
    }

    /// How many dice were rolled.
    pub fn count(self) -> u8 {
        self.faces.iter().fold(0u8, |n, &k| n.saturating_add(k))
    }

    /// Hits: dice showing 5 or 6 (§14, §15.1, §16.2).
    pub fn hits(self) -> u8 {
        self.hits_from(5)
    }

    /// Dice showing `least` or more (Siege Artillery hits on 3-6).
    pub fn hits_from(self, least: u8) -> u8 {
        (least.max(1)..=6).fold(0u8, |n, face| n.saturating_add(self.showing(face)))
    }

    /// The highest face, if any die was rolled (§18.3 step 4).
    ///
    /// ```
    /// use here_i_stand::Dice;
    /// assert_eq!(Dice::of(&[2, 4, 1]).highest(), Some(4));
    /// assert_eq!(Dice::NONE.highest(), None);
    /// ```
    pub fn highest(self) -> Option<u8> {
        (1..=6).rev().find(|&face| self.showing(face) > 0)
    }

    /// The sum of the faces (interception and avoid-battle rolls, §13.2).
    pub fn sum(self) -> u8 {
        (1..=6u8).fold(0u8, |n, face| n.saturating_add(face.saturating_mul(self.showing(face))))
    }
}

/// The most faces a test can force ahead at once.
pub(crate) const MAX_FORCED: usize = 64;

/// Faces forced by a test, used before the generator (first in, first out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ForcedDice {
    pub(crate) faces: [u8; MAX_FORCED],
    pub(crate) len: u8,
}

impl Default for ForcedDice {
    fn default() -> Self {
        ForcedDice { faces: [0; MAX_FORCED], len: 0 }
    }
}

impl ForcedDice {
    /// The forced faces, next first.
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    fn pop_front(&mut self) -> Option<u8> {
        let len = usize::from(self.len);
        if len == 0 {
            return None;
        }
        let face = self.faces[0];
        self.faces.copy_within(1..len, 0);
        self.len -= 1;
        Some(face)
    }
}

impl Game {
    /// One die: the next forced face, else the generator's.
    pub(crate) fn roll_die(&mut self) -> u8 {
        match self.forced_dice.pop_front() {
            Some(face) => face,
            None => self.random_below(6) as u8 + 1,
        }
    }

    /// `n` dice.
    pub(crate) fn roll_dice(&mut self, n: u8) -> Dice {
        let mut dice = Dice::NONE;
        for _ in 0..n {
            let face = self.roll_die();
            dice.add(face);
        }
        dice
    }

    /// Test hook: the next dice rolled show `faces`, in order, before the
    /// generator is used again. Never part of play (`legal_actions` knows
    /// nothing of it); for tests that pin a rule's dice.
    ///
    /// ```
    /// use here_i_stand::{Game, Scenario, Setup};
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
    /// assert!(game.force_dice(&[6, 1]).is_ok());
    /// assert!(game.force_dice(&[7]).is_err());
    /// assert_eq!(game.forced_dice(), &[6, 1]);
    /// ```
    #[doc(hidden)]
    pub fn force_dice(&mut self, faces: &[u8]) -> Result<(), EditError> {
        let len = usize::from(self.forced_dice.len);
        if faces.iter().any(|f| !(1..=6).contains(f)) || len + faces.len() > MAX_FORCED {
            return Err(EditError::BadDice);
        }
        self.forced_dice.faces[len..len + faces.len()].copy_from_slice(faces);
        self.forced_dice.len += faces.len() as u8;
        Ok(())
    }

    /// Test hook: the forced faces not used yet, next first.
    #[doc(hidden)]
    pub fn forced_dice(&self) -> &[u8] {
        self.forced_dice.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Scenario, Setup};

    #[test]
    fn forced_faces_come_first_then_the_generator() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 3));
        game.force_dice(&[6, 6, 1]).unwrap();
        let roll = game.roll_dice(2);
        assert_eq!((roll.showing(6), game.forced_dice()), (2, &[1u8][..]));
        assert_eq!(game.roll_die(), 1);
        for _ in 0..100 {
            assert!((1..=6).contains(&game.roll_die()));
        }
    }

    #[test]
    fn counts() {
        let roll = Dice::of(&[1, 3, 3, 5, 6, 6]);
        assert_eq!((roll.count(), roll.hits(), roll.hits_from(3), roll.sum()), (6, 3, 5, 24));
        assert_eq!(Dice::of(&[0, 7]), Dice::NONE);
    }
}
