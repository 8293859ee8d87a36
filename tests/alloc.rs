//! The game loop does not touch the heap: over random games, listing the
//! legal actions into a reused buffer, applying a listed action, cloning the
//! game, taking an observation, the action mask and the observation's
//! encoding allocate nothing; nor does refusing an action not legal
//! (`why_illegal`, and `apply` of it).
//!
//! A counting global allocator wraps the system one; this file is its own
//! test binary, so it counts only here. Counting is gated per thread, so the
//! harness (and tests running on other threads) are not counted.
//!
//! Sites found and removed (docs/performance.md): the counter-mix check
//! (`rules::counters::can_show`) fell back to a `Vec` and a `HashSet` search
//! whenever its greedy fast path failed, about one call in six, in
//! `legal_actions_into` and in `apply` (which lists the legal actions to
//! check its argument); and `rules::minor::activation` spilled its list of
//! powers at war with the minor (inline room for 2, up to 5) when a third
//! power was at war with a minor someone intervened for. Paths that could
//! still allocate but are not reached by play: `can_show` on a counter mix
//! of a shape no faction has (exhaustive search), `ActionList` beyond 256
//! actions (checked below never to happen in these games), and
//! `rules::minor` displacement lists beyond their inline room (4 land
//! stacks, 2 fleets of one power in the minor's spaces).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

use here_i_stand::{Action, ActionList, Decider, Game, Observation, Power, Scenario, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The system allocator, counting allocations (and reallocations) made on
/// a thread while that thread's gate is open.
struct Counting;

thread_local! {
    static GATE: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

fn note() {
    // `try_with`: the thread's locals may be gone while it exits.
    if GATE.try_with(Cell::get).unwrap_or(false) {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
    }
}

// SAFETY: every call is forwarded unchanged to `System`; the counting only
// touches const-initialised thread locals without destructors, which never
// allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: the caller's contract is passed on to `System`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` with counting on, and returns its result and how many
/// allocations it made.
fn allocations<R>(f: impl FnOnce() -> R) -> (R, u64) {
    COUNT.with(|c| c.set(0));
    GATE.with(|g| g.set(true));
    let result = f();
    GATE.with(|g| g.set(false));
    (result, COUNT.with(Cell::get))
}

/// Allocations seen by one operation over a run, with an example of a
/// decision that allocated.
#[derive(Default)]
struct Tally {
    calls: u64,
    allocating_calls: u64,
    allocations: u64,
    example: Option<String>,
}

impl Tally {
    fn add(&mut self, allocations: u64, describe: impl FnOnce() -> String) {
        self.calls += 1;
        if allocations > 0 {
            self.allocating_calls += 1;
            self.allocations += allocations;
            if self.example.is_none() {
                self.example = Some(describe());
            }
        }
    }

    fn assert_none(&self, what: &str) {
        assert_eq!(
            self.allocations, 0,
            "{what}: {} allocations in {} of {} calls; first: {:?}",
            self.allocations, self.allocating_calls, self.calls, self.example
        );
        assert!(self.calls > 0, "{what}: never called");
    }
}

#[derive(Default)]
struct Tallies {
    legal_actions: Tally,
    apply: Tally,
    clone: Tally,
    observation: Tally,
    decider: Tally,
    mask: Tally,
    encode: Tally,
    refusal: Tally,
    most_actions: usize,
}

/// Plays `games` random games of `scenario` from `seed` on, counting the
/// allocations of each operation of the loop.
fn play(scenario: Scenario, seed: u64, games: u64, tallies: &mut Tallies) {
    let mut actions = ActionList::new();
    let mut mask = vec![false; Action::COUNT];
    let mut planes = vec![0.0; Observation::LEN];
    for seed in seed..seed + games {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut decisions = 0u32;
        loop {
            let (decider, n) = allocations(|| game.decider());
            tallies.decider.add(n, || format!("seed {seed}, decision {decisions}"));
            let Decider::Power(power) = decider else { break };
            let ((), n) = allocations(|| game.legal_actions_into(&mut actions));
            tallies.legal_actions.add(n, || {
                format!(
                    "seed {seed}, decision {decisions}: {} actions {:?} {:?}",
                    actions.len(),
                    game.phase(),
                    actions.first()
                )
            });
            tallies.most_actions = tallies.most_actions.max(actions.len());
            assert!(!actions.is_empty() && decisions < 200_000, "seed {seed}: stalled");
            let ((), n) = allocations(|| {
                black_box(game.clone());
            });
            tallies.clone.add(n, || format!("seed {seed}, decision {decisions}"));
            let viewer = Power::ALL[decisions as usize % Power::COUNT];
            let ((), n) = allocations(|| {
                black_box(game.observation(viewer));
            });
            tallies.observation.add(n, || format!("seed {seed}, decision {decisions}"));
            let (legal, n) = allocations(|| game.legal_action_mask(&mut mask));
            tallies.mask.add(n, || format!("seed {seed}, decision {decisions}"));
            assert_eq!(legal, Ok(actions.len()));
            let observation = game.observation(viewer);
            let (encoded, n) = allocations(|| observation.encode(&mut planes));
            tallies.encode.add(n, || format!("seed {seed}, decision {decisions}"));
            assert!(encoded.is_ok());
            // An action picked at random over every index, mostly not legal:
            // the reason, and `apply`'s refusal with it.
            let other = ((u128::from(chooser.next_u64()) * Action::COUNT as u128) >> 64) as u32;
            if let Some(other) = Action::from_index(other).filter(|a| !actions.contains(a)) {
                let (refused, n) = allocations(|| (game.why_illegal(other), game.clone().apply(other)));
                tallies.refusal.add(n, || format!("seed {seed}, decision {decisions}: {power} {other}"));
                assert!(refused.0.is_some() && refused.1.is_err(), "seed {seed}: {other} not refused");
            }
            let pick = ((u128::from(chooser.next_u64()) * actions.len() as u128) >> 64) as usize;
            let action: Action = actions[pick];
            let (result, n) = allocations(|| game.apply(action));
            tallies.apply.add(n, || format!("seed {seed}, decision {decisions}: {power} {action}"));
            assert!(result.is_ok(), "seed {seed}: listed {action} refused");
            decisions += 1;
        }
    }
}

#[test]
fn game_loop_allocates_nothing_1517() {
    let mut tallies = Tallies::default();
    play(Scenario::Y1517, 1, 40, &mut tallies);
    check(&tallies);
}

#[test]
fn game_loop_allocates_nothing_two_player() {
    let mut tallies = Tallies::default();
    play(Scenario::TwoPlayer, 1, 200, &mut tallies);
    check(&tallies);
}

#[test]
fn game_loop_allocates_nothing_1532() {
    let mut tallies = Tallies::default();
    play(Scenario::Y1532, 1, 40, &mut tallies);
    check(&tallies);
}

fn check(tallies: &Tallies) {
    tallies.decider.assert_none("decider()");
    tallies.legal_actions.assert_none("legal_actions_into()");
    tallies.apply.assert_none("apply()");
    tallies.clone.assert_none("clone()");
    tallies.observation.assert_none("observation()");
    tallies.mask.assert_none("legal_action_mask()");
    tallies.encode.assert_none("Observation::encode()");
    tallies.refusal.assert_none("why_illegal() and apply() of an action not legal");
    // The inline capacity of `ActionList` covers every decision, so the
    // list `apply` builds to check legality stays on the stack too.
    assert!(tallies.most_actions <= 256, "{} actions at one decision", tallies.most_actions);
    eprintln!(
        "{} decisions, at most {} legal actions at one; no allocation",
        tallies.apply.calls, tallies.most_actions
    );
}

/// The counter itself works: a `Vec` allocates, and is counted.
#[test]
fn the_counter_counts() {
    let (v, n) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert_eq!(n, 1);
    let ((), n) = allocations(|| ());
    assert_eq!(n, 0);
}

/// The picture of the board (issue #33) allocates its output string only:
/// one pre-sized buffer, never grown, on positions of random play.
#[cfg(feature = "svg")]
#[test]
fn board_svg_allocates_only_its_output() {
    for (scenario, seed) in [(Scenario::Y1517, 3), (Scenario::Y1532, 4), (Scenario::TwoPlayer, 5)] {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut chooser = Pcg64Mcg::seed_from_u64(seed);
        let mut actions = ActionList::new();
        let mut decisions = 0u32;
        while let Decider::Power(_) = game.decider() {
            if decisions % 97 == 0 {
                let (svg, n) = allocations(|| game.board_svg(Default::default()));
                assert_eq!(n, 1, "seed {seed}, decision {decisions}: {n} allocations, {} bytes", svg.len());
                let observation = game.observation(Power::ALL[decisions as usize % Power::COUNT]);
                let (svg, n) = allocations(|| observation.board_svg(Default::default()));
                assert_eq!(n, 1, "seed {seed}, decision {decisions}: {n} allocations, {} bytes", svg.len());
            }
            game.legal_actions_into(&mut actions);
            let pick = ((u128::from(chooser.next_u64()) * actions.len() as u128) >> 64) as usize;
            assert!(game.apply(actions[pick]).is_ok());
            decisions += 1;
        }
        let (_, n) = allocations(|| game.board_svg(Default::default()));
        assert_eq!(n, 1, "seed {seed}: the final position");
    }
}
