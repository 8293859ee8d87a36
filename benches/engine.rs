//! Benchmarks of the game loop, each reporting the time of one operation:
//!
//! - `legal_actions/{1517,2p}`: `legal_actions_into` a reused buffer, on a
//!   fixed set of mid-game positions from seeded random play (one position
//!   per iteration, in turn);
//! - `apply/{1517,2p}`: `apply` of a random legal action on those positions
//!   (the clone that restores the position is set up outside the timing);
//! - `clone/1517`, `observation/1517`, `encode/1517`, `encode_compact/1517`:
//!   on those positions;
//! - `perft3/{1517,2p}`: `Game::perft(3)` from the first of them;
//! - `board_svg/1517` (with `--features svg`): `Game::board_svg` and
//!   `Observation::board_svg` on those positions (issue #33: under 1 ms);
//! - `game/{1517,2p}`: one whole random game from `Game::new` to the end
//!   (a new seed per iteration, in turn; the decisions per game are printed).
//!
//! ```text
//! cargo bench --bench engine
//! cargo bench --bench engine -- legal_actions   # a subset
//! cargo bench --bench engine --features svg -- board_svg
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use here_i_stand::{Action, ActionList, Decider, Game, Observation, Power, Scenario, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Mid-game positions taken from each scenario's seeded game.
const POSITIONS: usize = 64;

fn pick(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Plays one random game; returns every position met with the action
/// chosen there, and the number of decisions.
fn random_game(scenario: Scenario, seed: u64, mut keep: impl FnMut(&Game, Action)) -> u64 {
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = ActionList::new();
    let mut decisions = 0;
    while let Decider::Power(_) = game.decider() {
        game.legal_actions_into(&mut actions);
        let action = actions[pick(&mut chooser, actions.len())];
        keep(&game, action);
        if game.apply(action).is_err() {
            panic!("seed {seed}: a listed action was refused");
        }
        decisions += 1;
    }
    decisions
}

/// `POSITIONS` positions evenly spread over the middle half of the seeded
/// game, each with the random legal action taken there.
fn mid_game(scenario: Scenario, seed: u64) -> Vec<(Game, Action)> {
    let mut all = Vec::new();
    random_game(scenario, seed, |game, action| all.push((game.clone(), action)));
    let (start, len) = (all.len() / 4, all.len() / 2);
    (0..POSITIONS).map(|i| all[start + i * len / POSITIONS].clone()).collect()
}

/// A cycling index into `n` items.
fn cycle(n: usize) -> impl FnMut() -> usize {
    let mut i = 0;
    move || {
        i = (i + 1) % n;
        i
    }
}

fn positions(c: &mut Criterion, name: &str, scenario: Scenario, seed: u64) {
    let positions = mid_game(scenario, seed);
    let mut group = c.benchmark_group(name);
    group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));

    let mut next = cycle(positions.len());
    let mut buffer = ActionList::new();
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            let (game, _) = &positions[next()];
            game.legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });

    let mut next = cycle(positions.len());
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || positions[next()].clone(),
            |(game, action)| black_box(game.apply(*action)),
            BatchSize::SmallInput,
        )
    });

    let mut next = cycle(positions.len());
    // The routines return nothing: criterion passes a routine's result
    // through its own `black_box`, a volatile read that costs more than the
    // clone for a 2 KiB value. `std::hint::black_box(&copy)` keeps the copy.
    group.bench_function("clone", |b| {
        b.iter(|| {
            let copy = positions[next()].0.clone();
            black_box(&copy);
        })
    });

    let mut next = cycle(positions.len());
    group.bench_function("observation", |b| {
        b.iter(|| {
            let (game, _) = &positions[next()];
            let view = game.observation(Power::Papacy);
            black_box(&view);
        })
    });

    // The two encodings of one view (issue #34 item 1): full and compact.
    let views: Vec<_> = positions.iter().map(|(game, _)| game.observation(Power::Papacy)).collect();
    let (mut full, mut compact) = (vec![0.0f32; Observation::LEN], vec![0.0f32; Observation::COMPACT_LEN]);
    let mut next = cycle(views.len());
    group.bench_function("encode", |b| b.iter(|| black_box(views[next()].encode(&mut full).is_ok())));
    let mut next = cycle(views.len());
    group
        .bench_function("encode_compact", |b| b.iter(|| black_box(views[next()].encode_compact(&mut compact).is_ok())));

    // Perft (issue #31, item 3): every sequence of three actions from one
    // mid-game position, listed and applied; the count is printed once.
    let (game, _) = &positions[0];
    eprintln!("{name}: perft(3) of the first position = {}", game.perft(3));
    group.bench_function("perft3", |b| b.iter(|| black_box(game.perft(3))));
    group.finish();
}

/// The picture of the board (issue #33), of the whole game and of an
/// observation, on mid-game positions.
#[cfg(feature = "svg")]
fn board_svg(c: &mut Criterion) {
    let positions = mid_game(Scenario::Y1517, 7);
    let mut group = c.benchmark_group("board_svg");
    group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let mut next = cycle(positions.len());
    group.bench_function("game", |b| b.iter(|| black_box(positions[next()].0.board_svg(Default::default()).len())));
    let views: Vec<_> = positions.iter().map(|(game, _)| game.observation(Power::France)).collect();
    let mut next = cycle(views.len());
    group.bench_function("observation", |b| b.iter(|| black_box(views[next()].board_svg(Default::default()).len())));
    group.finish();
}

#[cfg(not(feature = "svg"))]
fn board_svg(_: &mut Criterion) {}

fn whole_games(c: &mut Criterion, name: &str, scenario: Scenario, measurement: Duration) {
    let (games, decisions) = (20, (1..=20).map(|seed| random_game(scenario, seed, |_, _| ())).sum::<u64>());
    eprintln!("{name}: {:.0} decisions per game (seeds 1-20)", decisions as f64 / f64::from(games));
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(measurement);
    let mut seed = 0;
    group.bench_function("game", |b| {
        b.iter(|| {
            seed = seed % 20 + 1;
            black_box(random_game(scenario, seed, |_, _| ()))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    positions(c, "1517", Scenario::Y1517, 7);
    positions(c, "2p", Scenario::TwoPlayer, 7);
    board_svg(c);
    whole_games(c, "1517", Scenario::Y1517, Duration::from_secs(10));
    whole_games(c, "2p", Scenario::TwoPlayer, Duration::from_secs(5));
}

criterion_group!(engine, benches);
criterion_main!(engine);
