//! The 64-bit position hash ([`Game::zobrist`], and `Game`'s `Hash`).
//!
//! Zobrist hashing: each feature of the board (a space's controller, its
//! religion, its unrest, a land stack) has a fixed pseudo-random 64-bit key,
//! and the board's key is the XOR of the keys of the features present. The
//! keys come from a fixed mixing function of the feature (SplitMix64's
//! finalizer), so no table is stored. Every write to those features goes
//! through the setters below, which XOR the old feature's key out and the
//! new one in: the board key is kept up to date at no cost to a caller, and
//! the tests compare it with a full recomputation at every step of random
//! play. The rest of the state (cards, leaders, tracks, the procedure in
//! progress: a few hundred bytes) is mixed in when the hash is asked for.

use core::hash::{Hash, Hasher};
use core::ops::Deref;

use crate::game::{Game, LandStack, LandUnits};
use crate::types::{Faction, Religion, Space};

/// A part of the board whose writes must keep the board key current: it
/// reads like what it holds, and is written only through `Game`'s setters
/// in this module.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tracked<T>(T);

impl<T: core::fmt::Debug> core::fmt::Debug for Tracked<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T> Tracked<T> {
    /// Wraps a value; the caller recomputes the board key after building.
    pub(crate) const fn new(value: T) -> Tracked<T> {
        Tracked(value)
    }

    /// Writes past the board key, for unit tests that break a position on
    /// purpose.
    #[cfg(test)]
    pub(crate) fn raw_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// SplitMix64's finalizer: a fixed bijection that spreads every input bit
/// over the output.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The kinds of board feature, in the key's top byte.
const CONTROL: u64 = 1 << 56;
const RELIGION: u64 = 2 << 56;
const UNREST: u64 = 3 << 56;
const LAND: u64 = 4 << 56;

fn control_key(space: Space, faction: Faction) -> u64 {
    mix(CONTROL | (space as u64) << 8 | faction.index() as u64)
}

fn religion_key(space: Space, religion: Religion) -> u64 {
    mix(RELIGION | (space as u64) << 8 | religion as u64)
}

fn unrest_key(space: Space) -> u64 {
    mix(UNREST | space as u64)
}

fn land_key(stack: &LandStack) -> u64 {
    let LandUnits { regulars, mercenaries, cavalry } = stack.units;
    mix(LAND
        | (stack.space as u64) << 40
        | (stack.faction.index() as u64) << 32
        | u64::from(regulars) << 24
        | u64::from(mercenaries) << 16
        | u64::from(cavalry) << 8
        | u64::from(stack.besieged))
}

impl Game {
    /// The position's 64-bit Zobrist hash: equal games have equal hashes
    /// (it is `Game`'s `Hash`). The board's part is kept current by every
    /// change; the rest is mixed in here, in some hundred nanoseconds. The
    /// dice generator is left out: two games differing only in it are
    /// unequal but hash alike.
    pub fn zobrist(&self) -> u64 {
        let mut rest = Fx(0);
        (self.turn, self.phase, self.impulse_index, self.passes_in_row).hash(&mut rest);
        (self.hands, self.deck, self.discard, self.removed, self.dip_deck, self.dip).hash(&mut rest);
        (self.leaders, self.debaters, self.reformers, self.rulers, self.excommunicated).hash(&mut rest);
        (self.wars, self.alliances, self.naval_stacks_slice(), self.bonus_vp, self.card_penalties).hash(&mut rest);
        (self.events_played, self.stack, self.war, self.outcome).hash(&mut rest);
        self.board_key ^ mix(rest.0)
    }

    /// The board's key computed from scratch (for tests: it must equal the
    /// key kept up to date).
    #[doc(hidden)]
    pub fn zobrist_board_recomputed(&self) -> u64 {
        let mut key = 0;
        for space in Space::ALL {
            key ^=
                control_key(space, self.control[space as usize]) ^ religion_key(space, self.religion[space as usize]);
        }
        for space in *self.unrest {
            key ^= unrest_key(space);
        }
        for stack in self.land_stacks_slice() {
            key ^= land_key(stack);
        }
        key
    }

    /// The board's key as kept up to date (for tests).
    #[doc(hidden)]
    pub fn zobrist_board(&self) -> u64 {
        self.board_key
    }

    /// Sets the board key from scratch, after a game was built whole.
    pub(crate) fn rekey_board(&mut self) {
        self.board_key = self.zobrist_board_recomputed();
    }

    /// Sets who controls `space`, keeping the board key.
    pub(crate) fn put_control(&mut self, space: Space, faction: Faction) {
        let old = self.control.0[space as usize];
        self.board_key ^= control_key(space, old) ^ control_key(space, faction);
        self.control.0[space as usize] = faction;
    }

    /// Sets the religion of `space`, keeping the board key.
    pub(crate) fn put_religion(&mut self, space: Space, religion: Religion) {
        let old = self.religion.0[space as usize];
        self.board_key ^= religion_key(space, old) ^ religion_key(space, religion);
        self.religion.0[space as usize] = religion;
    }

    /// Puts `space` in unrest or out of it, keeping the board key. Returns
    /// whether it changed.
    pub(crate) fn put_unrest(&mut self, space: Space, unrest: bool) -> bool {
        if self.unrest.contains(space) == unrest {
            return false;
        }
        self.board_key ^= unrest_key(space);
        self.unrest.0.set(space, unrest);
        true
    }

    /// Replaces the land stack at `index`, keeping the board key.
    pub(crate) fn put_land_stack(&mut self, index: usize, stack: LandStack) {
        let old = &self.land.0[index];
        if old.units != LandUnits::NONE {
            self.board_key ^= land_key(old);
        }
        if stack.units != LandUnits::NONE {
            self.board_key ^= land_key(&stack);
        }
        self.land.0[index] = stack;
    }
}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist());
    }
}

/// A small fast hasher (the multiply-rotate of rustc's FxHash) for the
/// part of the state mixed in on demand.
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}
