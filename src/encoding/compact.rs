//! The compact encoding ([`Observation::encode_compact`]; issue #34 item
//! 1): the full encoding with each one-hot group written as one number,
//! the index of its 1 plus one (0 where the group is all 0), for learners
//! that embed categories. Nothing is lost: the full vector can be rebuilt
//! from the compact one with [`Observation::compact_layout`].

use super::layout;
use super::{Block, Observation};
use crate::decision::DecisionKind;
use crate::game::LAST_TURN;
use crate::rl::{BufferLengthError, check_length};
use crate::types::{Card, Debater, Faction, LanguageZone, Leader, MinorPower, Phase, Power, Religion, SeaZone, Space};

/// One block of [`Observation::encode_compact`]'s vector: `len` numbers
/// from `offset`. Where `categories` is 0 the numbers are the full
/// encoding's block as it is; otherwise each number stands for one
/// one-hot group of the full block: 0 for none, `k` for its category
/// `k - 1` (of `categories`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompactBlock {
    /// The block's name, as in [`Observation::layout`].
    pub name: &'static str,
    /// Its first index in the compact vector.
    pub offset: usize,
    /// How many numbers it has.
    pub len: usize,
    /// The categories of each number (0: a plain block, copied).
    pub categories: usize,
}

/// The one-hot blocks of the full encoding, by name, with the size of each
/// of their groups (see [`Observation::encode`]'s list).
const ONE_HOT: [(&str, usize); 20] = [
    ("control", Faction::COUNT),
    ("religion", Religion::COUNT),
    ("leaders", layout::LEADER_PLACES),
    ("turn", LAST_TURN as usize + 1),
    ("phase", Phase::COUNT),
    ("viewer", Power::COUNT),
    ("decider", Power::COUNT),
    ("debaters", layout::DEBATER_STATES),
    ("decision_kind", DecisionKind::COUNT),
    ("decision_acting_for", Power::COUNT),
    ("decision_space", Space::COUNT),
    ("decision_sea_zone", SeaZone::COUNT),
    ("decision_opponent", Faction::COUNT),
    ("decision_card", Card::COUNT),
    ("decision_leader", Leader::COUNT),
    ("decision_minor", MinorPower::COUNT),
    ("decision_zone", LanguageZone::COUNT),
    ("chosen_debater", Debater::COUNT),
    ("chosen_place", layout::PLACES),
    ("deal_givers", Power::COUNT),
];

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The group size of the full block `block` if it is one-hot, else 0.
const fn categories_of(block: &Block) -> usize {
    let mut i = 0;
    while i < ONE_HOT.len() {
        if same(ONE_HOT[i].0, block.name) {
            let k = ONE_HOT[i].1;
            assert!(block.len % k == 0, "a one-hot block holds whole groups");
            return k;
        }
        i += 1;
    }
    0
}

const fn compact_blocks() -> [CompactBlock; layout::COUNT] {
    let mut out = [CompactBlock { name: "", offset: 0, len: 0, categories: 0 }; layout::COUNT];
    let mut offset = 0;
    let mut i = 0;
    while i < layout::COUNT {
        let block = layout::BLOCKS[i];
        let categories = categories_of(&block);
        // A plain block keeps its length; a one-hot one has a number a group.
        let len = match block.len.checked_div(categories) {
            Some(groups) => groups,
            None => block.len,
        };
        out[i] = CompactBlock { name: block.name, offset, len, categories };
        offset += len;
        i += 1;
    }
    out
}

const COMPACT: [CompactBlock; layout::COUNT] = compact_blocks();

impl Observation {
    /// The length of [`Observation::encode_compact`]'s vector.
    pub const COMPACT_LEN: usize = COMPACT[layout::COUNT - 1].offset + COMPACT[layout::COUNT - 1].len;

    /// The blocks of [`Observation::encode_compact`]'s vector, in the
    /// order of [`Observation::layout`], each with its categories.
    ///
    /// ```
    /// use here_i_stand::Observation;
    ///
    /// let compact = Observation::compact_layout();
    /// assert_eq!(compact[0].name, "control");
    /// assert_eq!(compact[0].len, 134); // one controller per space
    /// assert_eq!(compact.iter().map(|b| b.len).sum::<usize>(), Observation::COMPACT_LEN);
    /// assert!(Observation::COMPACT_LEN < Observation::LEN);
    /// ```
    pub fn compact_layout() -> &'static [CompactBlock] {
        &COMPACT
    }

    /// Writes the same information as [`Observation::encode`] in
    /// [`Observation::COMPACT_LEN`] numbers: each one-hot group as the
    /// index of its 1 plus one (0 for none), every other block as it is
    /// ([`Observation::compact_layout`] says which is which). The values
    /// lie within [`Observation::MIN_VALUE`] and [`Observation::MAX_VALUE`].
    ///
    /// `out` must have exactly `COMPACT_LEN` entries; otherwise the result
    /// is a [`BufferLengthError`] and `out` is untouched. Allocates
    /// nothing (the full vector is built on the stack first).
    ///
    /// ```
    /// use here_i_stand::{Game, Observation, Power, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut compact = vec![0.0; Observation::COMPACT_LEN];
    /// game.observation(Power::France).encode_compact(&mut compact).unwrap();
    /// // The viewer block: France is power 3 (Ottoman, Hapsburg, England, France, ...).
    /// let viewer = Observation::compact_layout().iter().find(|b| b.name == "viewer").unwrap();
    /// assert_eq!(compact[viewer.offset], Power::France.index() as f32 + 1.0);
    /// ```
    pub fn encode_compact(&self, out: &mut [f32]) -> Result<(), BufferLengthError> {
        check_length(Self::COMPACT_LEN, out.len())?;
        let mut full = [0.0f32; Observation::LEN];
        self.encode_zeroed(&mut full);
        for (block, compact) in layout::BLOCKS.iter().zip(&COMPACT) {
            let from = &full[block.offset..block.offset + block.len];
            let to = &mut out[compact.offset..compact.offset + compact.len];
            if compact.categories == 0 {
                to.copy_from_slice(from);
                continue;
            }
            for (slot, group) in to.iter_mut().zip(from.chunks_exact(compact.categories)) {
                *slot = group.iter().position(|&x| x != 0.0).map_or(0.0, |i| i as f32 + 1.0);
            }
        }
        Ok(())
    }
}
