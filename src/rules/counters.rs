//! The counter mix as a hard limit (§5.2): can a faction's land units on the
//! map be shown with the counters it has, each space's regulars, mercenaries
//! and cavalry by counters of that face, making change freely?

use std::collections::HashSet;
use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::data::powers::{CounterKind, counter_mix};
use crate::game::{Game, LandUnits};
use crate::types::{Faction, LandUnitKind, Space};

/// Whether every stack of `faction`'s land units on the map can be shown
/// exactly with its counters (§5.2: "the counter mix is a hard limit").
pub fn fits_counter_mix(game: &Game, faction: Faction) -> bool {
    CounterTally::of(game, faction, None).fits()
}

/// Whether `faction`'s units would still fit its counters with its stack in
/// `space` made `stack` and one more separate group `apart` (e.g. a
/// formation split off to move, §13.1): splitting a stack may need change
/// that the counters cannot give (§5.2).
pub fn fits_with(game: &Game, faction: Faction, space: Space, stack: LandUnits, apart: LandUnits) -> bool {
    CounterTally::of(game, faction, Some(space)).fits_with(stack, apart)
}

/// The amounts (kind, units) of `units`, one per kind present, regulars
/// first: each is shown by counters of its own (§5.2).
fn amounts(units: LandUnits) -> impl Iterator<Item = (LandUnitKind, u8)> {
    [
        (LandUnitKind::Regular, units.regulars),
        (LandUnitKind::Mercenary, units.mercenaries),
        (LandUnitKind::Cavalry, units.cavalry),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
}

/// What a group of land stacks asks of a faction's counter mix (§5.2),
/// summed up once so that many checks that each add a stack or two (the
/// splits of one stack, §13.1; one more unit raised, §17) neither rescan the
/// map nor redo the counting for the stacks they share.
///
/// For the mixes the factions have it keeps the count of amounts, the odd
/// ones, the sum of their halves, and which ways of using the large
/// counters the amounts leave open: the exact test of [`can_show`] taken
/// apart. For a mix of another shape it keeps the amounts themselves for
/// the exhaustive search.
///
/// ```
/// use here_i_stand::data::powers::counter_mix;
/// use here_i_stand::rules::counters::CounterTally;
/// use here_i_stand::{Faction, LandUnitKind, LandUnits};
///
/// // The Papacy (7 ones, 4 twos, 2 fours) has a stack of 4 elsewhere.
/// let mut others = CounterTally::new(counter_mix(Faction::Papacy));
/// others.add(LandUnitKind::Regular, 4);
/// // 8 more in one stack fit (4 + 2 + 2 there); 8 + 12 apart do not.
/// assert!(others.fits_with(LandUnits::regulars(8), LandUnits::NONE));
/// assert!(!others.fits_with(LandUnits::regulars(8), LandUnits::regulars(12)));
/// ```
#[derive(Clone, Debug)]
pub struct CounterTally<'m> {
    /// The counter mix.
    mix: &'m [CounterKind],
    /// How many counters the mix has.
    counters: usize,
    /// The mix's shape, if the exact count handles it.
    shape: Option<Shape>,
    /// The sums over the amounts added.
    sums: Sums,
    /// Every amount, for a mix of another shape only.
    others: Vec<(LandUnitKind, u8)>,
}

impl<'m> CounterTally<'m> {
    /// No units yet, for the counters `mix`.
    pub fn new(mix: &'m [CounterKind]) -> Self {
        Self::with_shape(mix, Shape::of(mix))
    }

    /// An empty tally of `faction`'s own counter mix, its shape looked up
    /// once for all (the same as `CounterTally::new(counter_mix(faction))`).
    pub(crate) fn of_faction(faction: Faction) -> CounterTally<'static> {
        CounterTally::with_shape(counter_mix(faction), faction_shape(faction))
    }

    fn with_shape(mix: &'m [CounterKind], shape: Option<Shape>) -> Self {
        let counters = mix.iter().map(|k| usize::from(k.count)).sum();
        CounterTally { mix, counters, shape, sums: Sums::default(), others: Vec::new() }
    }

    /// Adds an amount of `units` of `kind` in one place (§5.2).
    pub fn add(&mut self, kind: LandUnitKind, units: u8) {
        match &self.shape {
            Some(shape) => self.sums.add(shape, kind, units),
            None => self.others.push((kind, units)),
        }
    }

    /// Adds one stack (its regulars, mercenaries and cavalry, §5.2).
    pub fn add_units(&mut self, units: LandUnits) {
        for (kind, n) in amounts(units) {
            self.add(kind, n);
        }
    }

    /// The tally of `faction`'s land stacks on the map, but for its stack
    /// in `except` if given (§5.2).
    ///
    /// ```
    /// use here_i_stand::rules::counters::CounterTally;
    /// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let others = CounterTally::of(&game, Faction::France, Some(Space::Paris));
    /// assert!(others.fits_with(LandUnits::regulars(2), LandUnits::regulars(2)));
    /// ```
    pub fn of(game: &Game, faction: Faction, except: Option<Space>) -> CounterTally<'static> {
        let mut tally = CounterTally::of_faction(faction);
        for (space, f, units, _) in game.land_stack_tuples() {
            if f == faction && Some(space) != except {
                tally.add_units(units);
            }
        }
        // Units on a foreign war card are counters too (§21.7).
        for (war, card) in game.foreign_wars() {
            if Faction::from(war.power()) == faction {
                tally.add_units(card.units);
            }
        }
        tally
    }

    /// Whether the counters show every amount added (§5.2).
    pub fn fits(&self) -> bool {
        self.fits_with(LandUnits::NONE, LandUnits::NONE)
    }

    /// Whether the counters show every amount added and the two stacks
    /// `stack` and `apart` as well (§5.2), e.g. a stack and the formation
    /// split off from it; the tally itself is left as it is.
    pub fn fits_with(&self, stack: LandUnits, apart: LandUnits) -> bool {
        let Some(shape) = &self.shape else {
            return self.search_with(stack, apart);
        };
        let mut sums = self.sums;
        for (kind, units) in amounts(stack).chain(amounts(apart)) {
            sums.add(shape, kind, units);
        }
        self.sums_fit(shape, &sums)
    }

    /// Whether the counters show the amounts added with one of them, `old`
    /// units of `kind`, made `new` (§5.2: e.g. one more unit raised in a
    /// space, §17). `None` when a large counter could cover part of `old`:
    /// the tally cannot take such an amount back out. The tally must hold
    /// an amount of `old` units of `kind` (none if `old` is 0).
    pub(crate) fn fits_replacing(&self, kind: LandUnitKind, old: u8, new: u8) -> Option<bool> {
        let shape = self.shape.as_ref()?;
        let mut sums = self.sums;
        if old > 0 {
            if old >= shape.smallest_large || !shape.shown[kind.index()] {
                return None;
            }
            sums.amounts = sums.amounts.checked_sub(1)?;
            sums.odd = sums.odd.checked_sub(u32::from(old % 2))?;
            sums.halves = sums.halves.checked_sub(u32::from(old / 2))?;
        }
        if new > 0 {
            sums.add(shape, kind, new);
        }
        Some(self.sums_fit(shape, &sums))
    }

    /// The tally with one stack, `units`, taken back out (§5.2), e.g. every
    /// stack of a faction but the one a formation leaves. `None` when a
    /// large counter could cover part of one of its amounts (the tally
    /// cannot take those back out) or for a mix of another shape. The tally
    /// must hold that stack.
    ///
    /// ```
    /// use here_i_stand::rules::counters::CounterTally;
    /// use here_i_stand::{Faction, Game, LandUnits, Scenario, Setup, Space};
    ///
    /// let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    /// game.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(2))?;
    /// game.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(6))?;
    /// let all = CounterTally::of(&game, Faction::France, None);
    /// // Paris's 2 come back out; Lyon's 6 may sit on a large counter.
    /// let others = all.without(LandUnits::regulars(2)).expect("a small amount");
    /// assert!(others.fits_with(LandUnits::regulars(1), LandUnits::regulars(1)));
    /// assert!(all.without(LandUnits::regulars(6)).is_none());
    /// # Ok::<(), here_i_stand::EditError>(())
    /// ```
    pub fn without(&self, units: LandUnits) -> Option<CounterTally<'m>> {
        let shape = self.shape.as_ref()?;
        let mut sums = self.sums;
        for (kind, amount) in amounts(units) {
            if amount >= shape.smallest_large || !shape.shown[kind.index()] {
                return None;
            }
            sums.amounts = sums.amounts.checked_sub(1)?;
            sums.odd = sums.odd.checked_sub(u32::from(amount % 2))?;
            sums.halves = sums.halves.checked_sub(u32::from(amount / 2))?;
        }
        Some(CounterTally { mix: self.mix, counters: self.counters, shape: self.shape, sums, others: Vec::new() })
    }

    /// The exact test (§5.2) on `sums`, for a mix of shape `shape`.
    fn sums_fit(&self, shape: &Shape, sums: &Sums) -> bool {
        // Each amount needs a counter of its own; a kind no counter shows
        // cannot be shown at all.
        if sums.amounts > self.counters || sums.unshown {
            return false;
        }
        // Far from the limit: the small counters alone would do, or even
        // all the large ones could not help enough.
        if shape.rest_fits(sums, 0) {
            return true;
        }
        if !shape.rest_fits(sums, sums.reachable.min(shape.all_large)) {
            return false;
        }
        shape.rest_fits(sums, shape.most_covered(sums.open))
    }

    /// [`CounterTally::fits_with`] for a mix of another shape: the amounts
    /// go to the exhaustive search.
    fn search_with(&self, stack: LandUnits, apart: LandUnits) -> bool {
        let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = self.others.iter().copied().collect();
        demands.extend(amounts(stack).chain(amounts(apart)));
        demands.len() <= self.counters && search_fits(self.mix, &mut demands)
    }
}

/// The sums [`CounterTally`] keeps over its amounts (§5.2).
#[derive(Clone, Copy, Debug)]
struct Sums {
    /// How many amounts.
    amounts: usize,
    /// How many of them are odd.
    odd: u32,
    /// Their halves (rounded down), added up.
    halves: u32,
    /// The even parts of those the large counters can reach, added up.
    reachable: u32,
    /// Whether some amount is of a kind no counter shows.
    unshown: bool,
    /// The usage states of the large counters (bit `s` for state `s`) some
    /// way of covering parts of the amounts with them ends in.
    open: Usages,
}

impl Default for Sums {
    fn default() -> Self {
        // Before any amount, only "no large counter used" is open.
        Sums { amounts: 0, odd: 0, halves: 0, reachable: 0, unshown: false, open: 1 }
    }
}

impl Sums {
    /// Counts one more amount of `units` of `kind`.
    fn add(&mut self, shape: &Shape, kind: LandUnitKind, units: u8) {
        self.amounts += 1;
        self.odd += u32::from(units % 2);
        self.halves += u32::from(units / 2);
        self.unshown |= !shape.shown[kind.index()];
        if units >= shape.smallest_large {
            self.reachable += u32::from(units & !1);
            self.open = shape.place(self.open, units);
        }
    }
}

/// Whether amounts of units (each of one kind, in one place) can each be made
/// up exactly from the counters `mix`, each counter used once on one face.
///
/// ```
/// use here_i_stand::data::powers::counter_mix;
/// use here_i_stand::rules::counters::can_show;
/// use here_i_stand::{Faction, LandUnitKind};
///
/// // The Papacy has two counters of 4: three stacks of 4 need 4 + 2 + 2 for one.
/// let mix = counter_mix(Faction::Papacy);
/// assert!(can_show(mix, &[(LandUnitKind::Regular, 4); 3]));
/// assert!(!can_show(mix, &[(LandUnitKind::Regular, 24)]));
/// ```
pub fn can_show(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    // More amounts than counters can never fit: each amount needs a counter
    // of its own.
    let counters: usize = mix.iter().map(|k| usize::from(k.count)).sum();
    if demands.len() > counters {
        return false;
    }
    // Every faction's mix has the shape of the fast exact test.
    if let Some(fits) = size_class_fits(mix, demands) {
        return fits;
    }
    let mut demands: SmallVec<[(LandUnitKind, u8); 64]> = demands.iter().copied().collect();
    search_fits(mix, &mut demands)
}

/// The exact test for a mix of any shape: quick bounds, a greedy try, then
/// the exhaustive search (§5.2). Sorts `demands`, largest first.
fn search_fits(mix: &[CounterKind], demands: &mut [(LandUnitKind, u8)]) -> bool {
    demands.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
    // Quick bound: the largest faces together must cover the total.
    let total: u32 = demands.iter().map(|d| u32::from(d.1)).sum();
    let capacity: u32 =
        mix.iter().map(|k| u32::from(k.count) * u32::from(k.faces[0].value.max(k.faces[1].value))).sum();
    if total > capacity {
        return false;
    }
    // More odd amounts than counters with a face of 1 can never fit (each
    // odd amount needs a 1).
    let ones: usize =
        mix.iter().filter(|k| k.faces.iter().any(|f| f.value % 2 == 1)).map(|k| usize::from(k.count)).sum();
    let odd = demands.iter().filter(|d| d.1 % 2 == 1).count();
    if odd > ones {
        return false;
    }
    if greedy_fits(mix, demands) {
        return true;
    }
    // A mix of another shape (no faction has one): search exhaustively,
    // remembering dead ends.
    exhaustive_fits(mix, demands)
}

/// Exhaustive search: each demand, largest first, tries every counter face
/// in turn (greedy change-making can fail where a cleverer split works, 8 as
/// 4 + 4 rather than 6 + ...). Exact for any mix, but slow, and it allocates.
fn exhaustive_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    let mut avail: SmallVec<[u8; 8]> = mix.iter().map(|k| k.count).collect();
    let mut failed = HashSet::new();
    fill(mix, demands, 0, demands.first().map_or(0, |d| d.1), 0, &mut avail, &mut failed)
}

/// An exact test, allocation-free and fast, for the mixes the factions have
/// (§5.2): `None` for a mix of another shape. `demands` in any order.
fn size_class_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> Option<bool> {
    let mut tally = CounterTally::new(mix);
    tally.shape?;
    for &(kind, units) in demands {
        tally.add(kind, units);
    }
    Some(tally.fits())
}

/// The shape of each faction's mix, worked out once.
fn faction_shape(faction: Faction) -> Option<Shape> {
    static SHAPES: OnceLock<[Option<Shape>; Faction::COUNT]> = OnceLock::new();
    SHAPES.get_or_init(|| Faction::ALL.map(|f| Shape::of(counter_mix(f)))).get(faction.index()).copied().flatten()
}

/// Counter kinds [`Shape`] handles; the factions have at most 4.
const MAX_KINDS: usize = 4;

/// Faces of large counters [`Shape`] tracks: two per counter kind at most.
const MAX_FACES: usize = 2 * MAX_KINDS;

/// Usage states [`Shape`] tracks for the large counters (one bit each in a
/// `u16`); the factions need at most 10 (four 4s and one 6).
const MAX_STATES: usize = 16;

/// A set of usage states of the large counters, bit `s` for state `s`.
type Usages = u16;

/// The values (largest first, 0 for none) a counter kind can show for
/// units of `kind`.
fn offered_values(counter: &CounterKind, kind: LandUnitKind) -> [u8; 2] {
    let value = |i: usize| {
        let face = counter.faces[i];
        if face.kind == kind { face.value } else { 0 }
    };
    let (a, b) = (value(0), value(1));
    if a == b { [a, 0] } else { [a.max(b), a.min(b)] }
}

/// A counter mix of the shape the fast exact test handles (§5.2).
///
/// It needs each counter kind to offer the same values to every kind of
/// unit it shows (a major power's counter shows its value as regulars or as
/// mercenaries/cavalry), and the "large" counters (a face above 2) to show
/// only even values. Then every amount keeps its parity once large counters
/// cover part of it, and what is left is a counting question for the 1s, 2s
/// and 1-or-2 counters; and covering more units with large counters never
/// hurts. So the test follows which usages of the large counters (how many
/// show each large face) the amounts leave open, one amount at a time (the
/// order does not matter), takes the open usage covering the most units,
/// and a closed formula decides the rest.
///
/// A usage is a number in mixed radix, one digit per large face; adding a
/// part `p` placed on one more amount to a usage `s` is adding the numbers,
/// so a set of open usages (bit `s` for usage `s`) moves on by shifts.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// The kinds of unit some counter shows.
    shown: [bool; LandUnitKind::COUNT],
    /// Counters showing only 1.
    ones: u32,
    /// Counters showing only 2.
    twos: u32,
    /// Counters showing 1 or 2.
    either: u32,
    /// The usages of the large counters that do not use more than there are.
    usages: Usages,
    /// The units each usage covers.
    covers: [u8; MAX_STATES],
    /// For each usage `p`: the usages `s` that `p` can be added to.
    joins: [Usages; MAX_STATES],
    /// The smallest value a large counter shows: smaller amounts are left
    /// to the small counters.
    smallest_large: u8,
    /// All large counters on their high face, added up.
    all_large: u32,
}

/// The digits of [`Shape`]'s usages while it is worked out: one per large
/// face, (radix, value, whether it shares its counters with the next).
struct Digits {
    faces: SmallVec<[(u8, u8, bool); MAX_FACES]>,
    states: usize,
}

impl Digits {
    /// Adds a large counter kind: `count` counters showing `values`.
    fn push(&mut self, count: u8, [high, low]: [u8; 2]) {
        self.faces.push((count + 1, high, low > 0));
        if low > 0 {
            self.faces.push((count + 1, low, false));
        }
    }

    /// How many counters of each face usage `s` uses.
    fn of(&self, mut s: usize) -> [u8; MAX_FACES] {
        let mut digits = [0u8; MAX_FACES];
        for (digit, &(radix, ..)) in digits.iter_mut().zip(&self.faces) {
            *digit = (s % usize::from(radix)) as u8;
            s /= usize::from(radix);
        }
        digits
    }

    /// Whether `digits` use no more counters of a kind than there are.
    fn within(&self, digits: &[u8; MAX_FACES]) -> bool {
        self.faces.iter().enumerate().all(|(i, &(radix, _, shared))| {
            let next = if shared { digits.get(i + 1).copied().unwrap_or(0) } else { 0 };
            digits.get(i).is_some_and(|&d| d + next < radix)
        })
    }
}

impl Shape {
    /// The shape of `mix`, if the fast exact test handles it.
    fn of(mix: &[CounterKind]) -> Option<Shape> {
        if mix.len() > MAX_KINDS {
            return None;
        }
        let (shown, offered) = Self::offered(mix)?;
        let mut shape = Shape {
            shown,
            ones: 0,
            twos: 0,
            either: 0,
            usages: 0,
            covers: [0; MAX_STATES],
            joins: [0; MAX_STATES],
            smallest_large: u8::MAX,
            all_large: 0,
        };
        let mut digits = Digits { faces: SmallVec::new(), states: 1 };
        for (counter, values) in mix.iter().zip(offered) {
            shape.sort_in(counter.count, values, &mut digits)?;
        }
        shape.usages_from(&digits);
        Some(shape)
    }

    /// The kinds some counter shows, and the values each counter kind
    /// offers them: `None` unless these are the same for every kind shown.
    fn offered(mix: &[CounterKind]) -> Option<([bool; LandUnitKind::COUNT], [[u8; 2]; MAX_KINDS])> {
        let mut shown = [false; LandUnitKind::COUNT];
        let mut offered: Option<[[u8; 2]; MAX_KINDS]> = None;
        for kind in LandUnitKind::ALL {
            let mut these = [[0u8; 2]; MAX_KINDS];
            for (values, counter) in these.iter_mut().zip(mix) {
                *values = offered_values(counter, kind);
            }
            if these.iter().all(|v| v[0] == 0) {
                continue;
            }
            shown[kind.index()] = true;
            match offered {
                Some(previous) if previous != these => return None,
                _ => offered = Some(these),
            }
        }
        Some((shown, offered.unwrap_or_default()))
    }

    /// Files `count` counters offering `values` among the small ones (pure
    /// 1s, pure 2s, 1-or-2s) or the large ones; `None` for values of
    /// another shape or too many usages.
    fn sort_in(&mut self, count: u8, values: [u8; 2], digits: &mut Digits) -> Option<()> {
        match values {
            [0, _] => {}
            [1, 0] => self.ones += u32::from(count),
            [2, 0] => self.twos += u32::from(count),
            [2, 1] => self.either += u32::from(count),
            [high, low] if high % 2 == 0 && low % 2 == 0 => {
                let radix = usize::from(count) + 1;
                digits.states *= if low > 0 { radix * radix } else { radix };
                if digits.states > MAX_STATES {
                    return None;
                }
                digits.push(count, values);
                self.smallest_large = self.smallest_large.min(if low > 0 { low } else { high });
                self.all_large += u32::from(count) * u32::from(high);
                // Each usage covers at most all of them (kept in a byte).
                if self.all_large > u32::from(u8::MAX) {
                    return None;
                }
            }
            _ => return None,
        }
        Some(())
    }

    /// Works out the usages within the counters, the units each covers,
    /// and which can be added together.
    fn usages_from(&mut self, digits: &Digits) {
        for s in 0..digits.states {
            let d = digits.of(s);
            if digits.within(&d) {
                self.usages |= 1 << s;
                self.covers[s] = digits.faces.iter().zip(d).map(|(f, n)| f.1 * n).sum();
            }
        }
        for p in 0..digits.states {
            let dp = digits.of(p);
            for s in 0..digits.states - p {
                let ds = digits.of(s);
                let mut sum = [0u8; MAX_FACES];
                for ((total, a), b) in sum.iter_mut().zip(ds).zip(dp) {
                    *total = a + b;
                }
                // No digit carries over and the sum is still within the counters.
                if self.usages & (1 << p) != 0 && self.usages & (1 << s) != 0 && digits.of(s + p) == sum {
                    self.joins[p] |= Usages::from(digits.within(&sum)) << s;
                }
            }
        }
    }

    /// The usages open after one more amount of `units`: each open usage
    /// plus any part of the large counters placed on that amount.
    fn place(&self, open: Usages, units: u8) -> Usages {
        let mut next = 0;
        let mut parts = self.usages;
        while parts != 0 {
            let p = parts.trailing_zeros() as usize;
            parts &= parts - 1;
            if self.covers.get(p).is_some_and(|&c| c <= units) {
                next |= (open & self.joins.get(p).copied().unwrap_or(0)) << p;
            }
        }
        next
    }

    /// The most units an open usage covers.
    fn most_covered(&self, open: Usages) -> u32 {
        self.covers
            .iter()
            .enumerate()
            .filter(|&(s, _)| open & (1 << s) != 0)
            .map(|(_, &c)| u32::from(c))
            .max()
            .unwrap_or(0)
    }

    /// Whether the small counters show what large ones leave when they
    /// cover `covered` units of the amounts summed in `sums`: as many odd
    /// amounts (large counters are even), and the halves less `covered / 2`.
    /// Use 2s (pure or 1-or-2) for as many pairs as possible, then 1s.
    /// Covering more never hurts.
    fn rest_fits(&self, sums: &Sums, covered: u32) -> bool {
        let halves = sums.halves.saturating_sub(covered / 2);
        let left = 2 * halves + sums.odd;
        let pairs = halves.min(self.twos + self.either);
        left - 2 * pairs <= self.ones + self.either && left - pairs <= self.ones + self.twos + self.either
    }
}

/// A quick sufficient test: each demand, largest first, takes the largest
/// fitting face still free. Allocation-free; if it succeeds the units fit.
fn greedy_fits(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
    let mut avail = [0u8; 4];
    if mix.len() > avail.len() {
        return false;
    }
    for (a, k) in avail.iter_mut().zip(mix) {
        *a = k.count;
    }
    for &(kind, amount) in demands {
        let mut left = amount;
        while left > 0 {
            let best = (0..mix.len() * 2)
                .filter(|&o| avail[o / 2] > 0)
                .map(|o| (o / 2, mix[o / 2].faces[o % 2]))
                .filter(|(_, face)| face.kind == kind && face.value > 0 && face.value <= left)
                .max_by_key(|(_, face)| face.value);
            let Some((k, face)) = best else { return false };
            avail[k] -= 1;
            left -= face.value;
        }
    }
    true
}

/// Fills demand `at` (with `left` units still to show) from counter options
/// numbered `from` on, then the demands after it.
fn fill(
    mix: &[CounterKind],
    demands: &[(LandUnitKind, u8)],
    at: usize,
    left: u8,
    from: usize,
    avail: &mut [u8],
    failed: &mut HashSet<u64>,
) -> bool {
    if left == 0 {
        let next = at + 1;
        return match demands.get(next) {
            None => true,
            Some(&(_, amount)) => fill(mix, demands, next, amount, 0, avail, failed),
        };
    }
    // Dead ends are remembered by position and free counters (5 bits each).
    let key =
        avail.iter().fold(((at as u64) << 16) | (u64::from(left) << 8) | from as u64, |k, &a| (k << 5) | u64::from(a));
    if failed.contains(&key) {
        return false;
    }
    let kind = demands[at].0;
    for option in from..mix.len() * 2 {
        let (k, face) = (option / 2, mix[option / 2].faces[option % 2]);
        if avail[k] == 0 || face.kind != kind || face.value > left || face.value == 0 {
            continue;
        }
        avail[k] -= 1;
        let ok = fill(mix, demands, at, left - face.value, option, avail, failed);
        avail[k] += 1;
        if ok {
            return true;
        }
    }
    failed.insert(key);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::powers::counter_mix;
    use LandUnitKind::*;

    #[test]
    fn papacy_mix_limits() {
        // Papacy: 7 ones, 4 twos, 2 fours: 23 units at most.
        let mix = counter_mix(Faction::Papacy);
        assert!(can_show(mix, &[(Regular, 23)]));
        assert!(!can_show(mix, &[(Regular, 24)]));
        // Regulars and mercenaries share the counters.
        assert!(can_show(mix, &[(Regular, 12), (Mercenary, 11)]));
        assert!(!can_show(mix, &[(Regular, 12), (Mercenary, 12)]));
        // A stack of one needs a counter of 1: the Papacy has seven.
        assert!(can_show(mix, &[(Regular, 1); 7]));
        assert!(!can_show(mix, &[(Regular, 1); 8]));
        // Thirteen counters make thirteen stacks at most.
        assert!(can_show(mix, &[(Regular, 1), (Regular, 2), (Regular, 4)]));
        assert!(!can_show(mix, &[(Regular, 2); 14]));
        // Odd amounts need a 1: 8 stacks of 3 need 8 ones, Papacy has 7.
        assert!(!can_show(mix, &[(Regular, 3); 8]));
    }

    /// The fast exact test agrees with the exhaustive search, for every
    /// faction's mix, on random stacks (small amounts, as in play, and some
    /// of a kind the faction does not field).
    #[test]
    fn size_classes_agree_with_exhaustive_search() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut checked = [0usize; 2];
        for faction in Faction::ALL {
            let mix = counter_mix(faction);
            let counters: u64 = mix.iter().map(|k| u64::from(k.count)).sum();
            for _ in 0..3000 {
                let len = 1 + next(counters);
                let demands: SmallVec<[(LandUnitKind, u8); 64]> = (0..len)
                    .map(|_| {
                        let kind = match next(20) {
                            0 => Cavalry,
                            1..=4 => Mercenary,
                            _ => Regular,
                        };
                        let amount = if next(4) == 0 { 1 + next(12) } else { 1 + next(3) };
                        (kind, amount as u8)
                    })
                    .collect();
                let mut sorted = demands.clone();
                sorted.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
                let exact = exhaustive_fits(mix, &sorted);
                assert_eq!(size_class_fits(mix, &demands), Some(exact), "{faction:?} {demands:?}");
                assert_eq!(can_show(mix, &demands), exact, "{faction:?} {demands:?}");
                checked[usize::from(exact)] += 1;
            }
        }
        // Both answers are well represented.
        assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
    }

    /// The exact answer for `demands`, from the exhaustive search (§5.2).
    fn exact(mix: &[CounterKind], demands: &[(LandUnitKind, u8)]) -> bool {
        let counters: usize = mix.iter().map(|k| usize::from(k.count)).sum();
        let mut sorted: SmallVec<[(LandUnitKind, u8); 64]> = demands.iter().copied().collect();
        sorted.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
        sorted.len() <= counters && exhaustive_fits(mix, &sorted)
    }

    /// A tally of every stack but one, asked again and again about that
    /// stack split in two (the use in forming a formation, §13.1), agrees
    /// with `can_show` and the exhaustive search over all the amounts, for
    /// every faction's mix, on random stacks.
    #[test]
    fn tally_with_a_split_agrees_with_exhaustive_search() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        // Every faction's mix, and mixes of the same shape with large
        // counters showing two values (as Hungary's 4/2) more than once.
        use crate::data::powers::Face;
        let counter = |count: u8, a: u8, b: u8| CounterKind {
            count,
            faces: [Face { kind: Regular, value: a }, Face { kind: Regular, value: b }],
        };
        let others = [
            [counter(3, 1, 2), counter(2, 4, 2), counter(0, 0, 0), counter(0, 0, 0)],
            [counter(4, 1, 1), counter(3, 2, 2), counter(1, 4, 2), counter(1, 6, 6)],
            [counter(5, 1, 1), counter(3, 2, 2), counter(2, 4, 4), counter(1, 8, 6)],
            [counter(2, 1, 2), counter(3, 4, 2), counter(0, 0, 0), counter(0, 0, 0)],
        ];
        let mixes = Faction::ALL.iter().map(|&f| counter_mix(f)).chain(others.iter().map(|m| &m[..]));
        let (mut checked, mut replaced) = ([0usize; 2], 0);
        for mix in mixes {
            assert!(Shape::of(mix).is_some(), "{mix:?}");
            let faction = mix;
            let counters: u64 = mix.iter().map(|k| u64::from(k.count)).sum();
            for _ in 0..600 {
                let stack = |next: &mut dyn FnMut(u64) -> u64| {
                    let amount =
                        |next: &mut dyn FnMut(u64) -> u64| (if next(4) == 0 { 1 + next(10) } else { next(4) }) as u8;
                    let regulars = amount(next);
                    let mercenaries = if next(3) == 0 { amount(next) } else { 0 };
                    let cavalry = if next(6) == 0 { amount(next) } else { 0 };
                    LandUnits { regulars, mercenaries, cavalry }
                };
                let others: SmallVec<[LandUnits; 16]> = (0..next(1 + counters / 2)).map(|_| stack(&mut next)).collect();
                let mut tally = CounterTally::new(mix);
                let mut base: SmallVec<[(LandUnitKind, u8); 64]> = SmallVec::new();
                for &units in &others {
                    tally.add_units(units);
                    base.extend(amounts(units));
                }
                assert_eq!(tally.fits(), exact(mix, &base), "{faction:?} {base:?}");
                assert_eq!(tally.fits(), can_show(mix, &base), "{faction:?} {base:?}");
                let here = stack(&mut next);
                // One more of each kind in the stack, from the tally of all
                // (§17), where the tally can take the old amount out.
                let mut all = tally.clone();
                all.add_units(here);
                for kind in LandUnitKind::ALL {
                    let mut demands = base.clone();
                    demands.extend(amounts(here.plus_one(kind)));
                    let old = here.count(kind);
                    if let Some(fits) = all.fits_replacing(kind, old, old + 1) {
                        assert_eq!(fits, exact(mix, &demands), "{faction:?} {demands:?}");
                        replaced += 1;
                    }
                }
                for _ in 0..8 {
                    let apart = LandUnits {
                        regulars: next(u64::from(here.regulars) + 1) as u8,
                        mercenaries: next(u64::from(here.mercenaries) + 1) as u8,
                        cavalry: next(u64::from(here.cavalry) + 1) as u8,
                    };
                    let stay = LandUnits {
                        regulars: here.regulars - apart.regulars,
                        mercenaries: here.mercenaries - apart.mercenaries,
                        cavalry: here.cavalry - apart.cavalry,
                    };
                    let mut all = base.clone();
                    all.extend(amounts(stay).chain(amounts(apart)));
                    let expected = exact(mix, &all);
                    assert_eq!(tally.fits_with(stay, apart), expected, "{faction:?} {all:?}");
                    assert_eq!(can_show(mix, &all), expected, "{faction:?} {all:?}");
                    checked[usize::from(expected)] += 1;
                }
            }
        }
        // Both answers are well represented.
        assert!(checked[0] > 10000 && checked[1] > 10000, "{checked:?}");
        assert!(replaced > 10000, "{replaced}");
    }

    /// A mix of a shape no faction has (an odd large face) still gets an
    /// exact answer, from the exhaustive search.
    #[test]
    fn other_shapes_fall_back_to_search() {
        use crate::data::powers::Face;
        let three =
            CounterKind { count: 2, faces: [Face { kind: Regular, value: 3 }, Face { kind: Regular, value: 1 }] };
        let mix = [three];
        assert_eq!(size_class_fits(&mix, &[(Regular, 4)]), None);
        assert!(can_show(&mix, &[(Regular, 4)]));
        assert!(can_show(&mix, &[(Regular, 6)]));
        assert!(!can_show(&mix, &[(Regular, 5)]));
    }

    /// Hungary's one 4/2 counter covers 4 of a stack of 4 or 2 of a stack
    /// of 2, never both at once (§5.2): the open usages of the large
    /// counters stay within the counters there are.
    #[test]
    fn large_counters_are_used_once() {
        let Some(shape) = Shape::of(counter_mix(Faction::HungaryBohemia)) else {
            panic!("Hungary's mix has the shape of the fast test");
        };
        let open = shape.place(shape.place(1, 4), 2);
        assert_eq!(shape.most_covered(open), 4);
        assert_eq!(shape.most_covered(shape.place(1, 3)), 2);
        assert_eq!(shape.most_covered(shape.place(1, 1)), 0);
    }

    #[test]
    fn hungary_four_two_counter() {
        // Hungary: three 1/2 counters and one 4/2 counter: at most 10 units.
        let mix = counter_mix(Faction::HungaryBohemia);
        assert!(can_show(mix, &[(Regular, 10)]));
        assert!(!can_show(mix, &[(Regular, 11)]));
        assert!(can_show(mix, &[(Regular, 5), (Regular, 1), (Regular, 1)]));
        assert!(!can_show(mix, &[(Cavalry, 1)]));
    }
}
