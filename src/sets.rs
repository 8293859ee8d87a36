//! `EnumSet`: a fixed-size bitset of vocabulary members (at most 192) (spaces, cards, ...),
//! `Copy` and allocation-free.

use core::fmt;
use core::marker::PhantomData;

use crate::types::Vocabulary;

/// A set of vocabulary members, as a 192-bit bitset (every vocabulary type has fewer members).
pub struct EnumSet<T> {
    bits: [u64; 3],
    member: PhantomData<T>,
}

impl<T> Clone for EnumSet<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for EnumSet<T> {}
impl<T> PartialEq for EnumSet<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<T> Eq for EnumSet<T> {}
impl<T> core::hash::Hash for EnumSet<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}
impl<T> Default for EnumSet<T> {
    #[inline]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<T> EnumSet<T> {
    /// The empty set.
    pub const EMPTY: Self = EnumSet { bits: [0; 3], member: PhantomData };

    /// Number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether it has no member.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bits == [0; 3]
    }

    /// Members in both sets.
    #[inline]
    pub fn intersection(self, other: Self) -> Self {
        let mut bits = self.bits;
        for (b, o) in bits.iter_mut().zip(other.bits) {
            *b &= o;
        }
        EnumSet { bits, member: PhantomData }
    }

    /// Members in either set.
    #[inline]
    pub fn union(self, other: Self) -> Self {
        let mut bits = self.bits;
        for (b, o) in bits.iter_mut().zip(other.bits) {
            *b |= o;
        }
        EnumSet { bits, member: PhantomData }
    }

    /// Members of `self` not in `other`.
    #[inline]
    pub fn difference(self, other: Self) -> Self {
        let mut bits = self.bits;
        for (b, o) in bits.iter_mut().zip(other.bits) {
            *b &= !o;
        }
        EnumSet { bits, member: PhantomData }
    }
}

impl<T: Vocabulary> EnumSet<T> {
    /// Whether `member` is in the set.
    #[inline]
    pub fn contains(&self, member: T) -> bool {
        let i = member.index();
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    /// Adds `member`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, member: T) -> bool {
        const { assert!(T::COUNT <= 192) };
        let absent = !self.contains(member);
        let i = member.index();
        self.bits[i / 64] |= 1 << (i % 64);
        absent
    }

    /// Removes `member`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, member: T) -> bool {
        let present = self.contains(member);
        let i = member.index();
        self.bits[i / 64] &= !(1 << (i % 64));
        present
    }

    /// Adds or removes `member`.
    #[inline]
    pub fn set(&mut self, member: T, present: bool) {
        if present {
            self.insert(member);
        } else {
            self.remove(member);
        }
    }

    /// The `n`th member in index order (for uniform random picks).
    pub fn nth(&self, n: usize) -> Option<T> {
        self.iter().nth(n)
    }

    /// Members in index order.
    #[inline]
    pub fn iter(&self) -> Iter<T> {
        Iter { bits: self.bits, word: 0, member: PhantomData }
    }
}

impl<T: Vocabulary> FromIterator<T> for EnumSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for member in iter {
            set.insert(member);
        }
        set
    }
}

impl<T: Vocabulary> Extend<T> for EnumSet<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for member in iter {
            self.insert(member);
        }
    }
}

impl<T: Vocabulary + fmt::Debug> fmt::Debug for EnumSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<T: Vocabulary> IntoIterator for EnumSet<T> {
    type Item = T;
    type IntoIter = Iter<T>;
    fn into_iter(self) -> Iter<T> {
        self.iter()
    }
}

/// Iterator over an [`EnumSet`], in index order.
#[derive(Clone, Debug)]
pub struct Iter<T> {
    bits: [u64; 3],
    word: usize,
    member: PhantomData<T>,
}

impl<T: Vocabulary> Iterator for Iter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        while self.word < 3 {
            let w = self.bits[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.bits[self.word] &= w - 1;
                return T::from_index(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Card, Space};

    #[test]
    fn insert_remove_iterate() {
        let mut set = EnumSet::<Space>::EMPTY;
        assert!(set.insert(Space::Paris));
        assert!(!set.insert(Space::Paris));
        set.insert(Space::Zurich);
        set.insert(Space::Agram);
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Space::Agram, Space::Paris, Space::Zurich]);
        assert!(set.remove(Space::Paris));
        assert!(!set.contains(Space::Paris));
        let last = Card::ALL[Card::COUNT - 1];
        let cards: EnumSet<Card> = [last, Card::Janissaries].into_iter().collect();
        assert_eq!(cards.iter().collect::<Vec<_>>(), vec![Card::Janissaries, last]);
    }
}
