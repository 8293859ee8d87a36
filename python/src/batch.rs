//! The batch entry points, keeping the loop in Rust: `random_games` plays
//! whole games with uniformly random legal actions; `Games` steps many
//! games at once, with a persistent mask buffer, observations encoded
//! only when asked, and finished games reset on the spot. Both release
//! the GIL while they play and can split the games over threads.

use here_i_stand::rand_core::{Rng, SeedableRng};
use here_i_stand::rand_pcg::Pcg64Mcg;
use here_i_stand::{Action, ActionIndex, ActionList, Decider, Game, Observation, Outcome, Power, Setup};
use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{HereIStandError, IllegalActionError};
use crate::game::PyGame;
use crate::{outcome_dict, setup_of};

/// A game taking more decisions than this has stalled (an engine bug).
const MAX_DECISIONS: u64 = 1_000_000;

/// The most games of one `Games` (each holds a game and a mask row of
/// ACTION_COUNT bytes): more is refused, not an allocation failure.
const MAX_BATCH: usize = 1 << 16;

/// The most games of one `random_games` call.
const MAX_RANDOM_GAMES: usize = 1 << 24;

/// The most threads a batch splits over.
const MAX_THREADS: usize = 64;

/// A zeroed numpy array of this shape, through numpy.zeros (a failed
/// allocation is a MemoryError, not a panic).
fn zeros<'py, T: numpy::Element>(py: Python<'py>, shape: [usize; 2]) -> PyResult<Bound<'py, PyArray2<T>>> {
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("zeros", (shape, T::get_dtype(py)))?;
    Ok(array.cast_into::<PyArray2<T>>()?)
}

/// Refuses a count above `max`.
fn check_count(what: &str, n: usize, max: usize) -> PyResult<()> {
    if n > max {
        return Err(HereIStandError::new_err(format!("{what} takes at most {max} games; got {n}")));
    }
    Ok(())
}

/// How a finished game ended.
struct Finished {
    seed: u64,
    outcome: Option<Outcome>,
    turn: u8,
    decisions: u64,
    returns: [f32; Power::COUNT],
}

impl Finished {
    fn of(game: &Game, decisions: u64) -> Finished {
        Finished {
            seed: game.setup().seed,
            outcome: game.outcome(),
            turn: game.turn(),
            decisions,
            returns: game.returns(),
        }
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("seed", self.seed)?;
        dict.set_item("winner", self.outcome.map(|o| o.winner.id()))?;
        dict.set_item("outcome", self.outcome.map(|o| outcome_dict(py, o)).transpose()?)?;
        dict.set_item("turn", self.turn)?;
        dict.set_item("decisions", self.decisions)?;
        dict.set_item("returns", self.returns.to_vec())?;
        Ok(dict)
    }
}

/// Picks one of `len` choices uniformly (as examples/random_game.rs does).
fn pick(rng: &mut Pcg64Mcg, len: usize) -> usize {
    ((u128::from(rng.next_u64()) * len as u128) >> 64) as usize
}

/// Plays game `seed` to the end with uniformly random legal actions.
fn random_game(setup: Setup) -> Result<Finished, String> {
    let seed = setup.seed;
    let mut game = Game::new(setup);
    let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = ActionList::new();
    let mut decisions = 0u64;
    while let Decider::Power(_) = game.decider() {
        game.legal_actions_into(&mut actions);
        if actions.is_empty() || decisions >= MAX_DECISIONS {
            return Err(format!("seed {seed}: stalled after {decisions} decisions"));
        }
        let action = actions[pick(&mut chooser, actions.len())];
        game.apply(action).map_err(|e| format!("seed {seed}: a listed action was refused: {e}"))?;
        decisions += 1;
    }
    Ok(Finished::of(&game, decisions))
}

/// Runs `work` on chunks of `items` over `threads` threads (scoped; on
/// this thread alone for one) and returns its results in the items'
/// order. The chunks are small and handed out in turn, so a thread that
/// the system holds back does not hold up the others.
fn split<T: Send, R: Send>(items: &mut [T], threads: usize, work: impl Fn(usize, &mut [T]) -> R + Sync) -> Vec<R> {
    let threads = threads.clamp(1, items.len().clamp(1, MAX_THREADS));
    if threads == 1 {
        return vec![work(0, items)];
    }
    let chunk = items.len().div_ceil(threads * 8);
    let queue: Mutex<Vec<(usize, &mut [T])>> =
        Mutex::new(items.chunks_mut(chunk).enumerate().map(|(k, part)| (k * chunk, part)).rev().collect());
    let worker = || {
        let mut done = Vec::new();
        loop {
            let next = queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).pop();
            match next {
                Some((start, part)) => done.push((start, work(start, part))),
                None => return done,
            }
        }
    };
    let mut results = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
        let mut all = worker();
        for helper in helpers {
            all.extend(helper.join().expect("a batch thread panicked"));
        }
        all
    });
    results.sort_unstable_by_key(|&(start, _)| start);
    results.into_iter().map(|(_, result)| result).collect()
}

/// Plays `n` games with uniformly random legal actions, in Rust: game `i`
/// is set up with seed `seed + i` and picks its actions from a generator
/// seeded from that seed (the choices of examples/random_game.rs).
/// Returns one dict per game: seed, winner, outcome, turn, decisions,
/// returns. `threads` splits the games over that many threads.
#[pyfunction]
#[pyo3(signature = (n, scenario = "1517", seed = 0, players = None, fast_play = false, threads = 1))]
pub fn random_games<'py>(
    py: Python<'py>,
    n: usize,
    scenario: &str,
    seed: u64,
    players: Option<&Bound<'py, PyAny>>,
    fast_play: bool,
    threads: usize,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    check_count("random_games", n, MAX_RANDOM_GAMES)?;
    let base = setup_of(scenario, seed, players, fast_play)?;
    let mut slots: Vec<Option<Result<Finished, String>>> = (0..n).map(|_| None).collect();
    py.detach(|| {
        split(&mut slots, threads, |start, part| {
            for (k, slot) in part.iter_mut().enumerate() {
                let game_seed = seed.wrapping_add((start + k) as u64);
                *slot = Some(random_game(Setup { seed: game_seed, ..base }));
            }
        })
    });
    slots.into_iter().flatten().map(|result| result.map_err(HereIStandError::new_err)?.to_dict(py)).collect()
}

/// One game of a batch: the game, its legal action indexes (sorted) and
/// how many games this slot has finished.
struct Slot {
    game: Game,
    legal: Vec<ActionIndex>,
    episode: u64,
    decisions: u64,
}

impl Slot {
    /// Lists the legal actions again and writes them into the mask row,
    /// clearing the old ones (touches only the entries that change).
    fn refresh(&mut self, row: &mut [bool]) {
        for &index in &self.legal {
            row[index as usize] = false;
        }
        let mut list = ActionList::new();
        self.game.legal_actions_into(&mut list);
        self.legal.clear();
        self.legal.extend(list.iter().map(|a| a.index()));
        for &index in &self.legal {
            row[index as usize] = true;
        }
    }
}

/// Everything one game of a batch writes in a step.
struct Lane<'a> {
    slot: &'a mut Slot,
    row: &'a mut [bool],
    action: Action,
    reward: &'a mut [f32],
    done: &'a mut bool,
}

/// `n` games stepped together, one action each per `step`, the loop in
/// Rust. `Games(n, scenario="1517", seed=0, players=None, fast_play=False,
/// threads=1)`: slot `i` plays the games of seeds `seed + i`, `seed + i +
/// n`, `seed + i + 2n`, ... in turn; a finished game is reset to the next
/// at once, and reported by `step`'s returns and by `finished()`.
#[pyclass(module = "here_i_stand._engine", name = "Games")]
pub struct PyGames {
    setup: Setup,
    slots: Vec<Slot>,
    /// The legal actions of every game, (n, ACTION_COUNT): the array
    /// `masks()` hands out, read-only to Python and updated in place, only
    /// the entries that change (the legality checks use `Slot::legal`).
    masks: Py<PyArray2<bool>>,
    finished: Vec<Finished>,
    rng: Pcg64Mcg,
    threads: usize,
}

impl PyGames {
    fn seed_of(&self, i: usize, episode: u64) -> u64 {
        let n = self.slots.len() as u64;
        self.setup.seed.wrapping_add(i as u64).wrapping_add(episode.wrapping_mul(n))
    }

    /// The actions given to `step`, one per game, checked: in range and
    /// legal in their game; otherwise an error naming the game.
    fn checked_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<Action>> {
        let raw = action_indexes(actions)?;
        if raw.len() != self.slots.len() {
            return Err(HereIStandError::new_err(format!(
                "step needs {} actions, one per game; got {}",
                self.slots.len(),
                raw.len()
            )));
        }
        raw.iter()
            .zip(&self.slots)
            .enumerate()
            .map(|(i, (&index, slot))| {
                let action = crate::action_of_index(index)
                    .map_err(|e| IllegalActionError::new_err(format!("game {i}: {}", e.value(actions.py()))))?;
                if slot.legal.binary_search(&action.index()).is_ok() {
                    return Ok(action);
                }
                // The engine's own message, from a copy (the game stays as it is).
                let message = slot.game.clone().apply(action).err().map_or(String::new(), |e| e.to_string());
                Err(IllegalActionError::new_err(format!("game {i}: {message}")))
            })
            .collect()
    }
}

/// Runs `work` on the masks array's entries: the array is made writeable
/// for the time of it (it is read-only to Python).
fn with_masks<R>(masks: &Bound<'_, PyArray2<bool>>, work: impl FnOnce(&mut [bool]) -> R) -> PyResult<R> {
    let flags = masks.getattr("flags")?;
    flags.setattr("writeable", true)?;
    let result = {
        let mut write = masks.try_readwrite().map_err(|e| HereIStandError::new_err(e.to_string()))?;
        let mask = write.as_slice_mut().map_err(|e| HereIStandError::new_err(e.to_string()))?;
        work(mask)
    };
    flags.setattr("writeable", false)?;
    Ok(result)
}

/// The action indexes of a numpy integer array or a sequence of ints.
fn action_indexes(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(array.as_array().to_vec());
    }
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(array.as_array().iter().map(|&a| i64::from(a)).collect());
    }
    actions.extract::<Vec<i64>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("actions must be a 1-d integer numpy array or a sequence of ints")
    })
}

/// Steps one game: applies its action, resets it when it ends, lists its
/// legal actions again. Returns the finished game's record, if any.
fn step_lane(lane: &mut Lane<'_>, next_setup: impl Fn(u64) -> Setup) -> Result<Option<Finished>, String> {
    let slot = &mut *lane.slot;
    slot.game.apply(lane.action).map_err(|e| e.to_string())?;
    slot.decisions += 1;
    let mut finished = None;
    if slot.game.outcome().is_some() || slot.decisions >= MAX_DECISIONS {
        lane.reward.copy_from_slice(&slot.game.returns());
        *lane.done = true;
        finished = Some(Finished::of(&slot.game, slot.decisions));
        slot.episode += 1;
        slot.game = Game::new(next_setup(slot.episode));
        slot.decisions = 0;
    }
    slot.refresh(lane.row);
    Ok(finished)
}

#[pymethods]
impl PyGames {
    #[new]
    #[pyo3(signature = (n, scenario = "1517", seed = 0, players = None, fast_play = false, threads = 1))]
    fn new(
        py: Python<'_>,
        n: usize,
        scenario: &str,
        seed: u64,
        players: Option<&Bound<'_, PyAny>>,
        fast_play: bool,
        threads: usize,
    ) -> PyResult<PyGames> {
        if n == 0 {
            return Err(HereIStandError::new_err("Games needs at least one game"));
        }
        check_count("Games", n, MAX_BATCH)?;
        let setup = setup_of(scenario, seed, players, fast_play)?;
        let masks = zeros::<bool>(py, [n, Action::COUNT])?;
        let mut games = PyGames {
            setup,
            slots: Vec::with_capacity(n),
            masks: masks.unbind(),
            finished: Vec::new(),
            rng: Pcg64Mcg::seed_from_u64(seed ^ 0x5eed_5eed_5eed_5eed),
            threads: threads.max(1),
        };
        for i in 0..n {
            let game = Game::new(Setup { seed: games.seed_of(i, 0), ..setup });
            games.slots.push(Slot { game, legal: Vec::new(), episode: 0, decisions: 0 });
        }
        let slots = &mut games.slots;
        with_masks(games.masks.bind(py), |mask| {
            py.detach(|| {
                for (slot, row) in slots.iter_mut().zip(mask.chunks_mut(Action::COUNT)) {
                    slot.refresh(row);
                }
            })
        })?;
        Ok(games)
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// The legal actions of every game as a numpy bool array of shape
    /// (n, ACTION_COUNT). It is one persistent read-only array, updated in
    /// place by each `step`: copy it to keep a step's masks.
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }

    /// Each game's legal action indexes, as lists.
    fn legal_actions(&self) -> Vec<Vec<ActionIndex>> {
        self.slots.iter().map(|s| s.legal.clone()).collect()
    }

    /// The deciding power of each game, by index into POWERS (an int8
    /// numpy array).
    fn deciders<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let deciders: Vec<i8> = self
            .slots
            .iter()
            .map(|s| match s.game.decider() {
                Decider::Power(p) => p.index() as i8,
                _ => -1,
            })
            .collect();
        PyArray1::from_vec(py, deciders)
    }

    /// A uniformly random legal action for each game (int64 numpy array),
    /// from the batch's own generator.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let picks: Vec<i64> = self
            .slots
            .iter()
            .map(|s| if s.legal.is_empty() { -1 } else { i64::from(s.legal[pick(rng, s.legal.len())]) })
            .collect();
        PyArray1::from_vec(py, picks)
    }

    /// What each game's deciding power sees, encoded (`Observation::encode`)
    /// as a numpy float32 array of shape (n, OBSERVATION_LEN), or with
    /// `compact=True` (`Observation::encode_compact`) of shape (n,
    /// COMPACT_OBSERVATION_LEN). Written into `out` when given (a
    /// C-contiguous float32 array of that shape).
    #[pyo3(signature = (out = None, compact = false))]
    fn observations<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray2<f32>>>,
        compact: bool,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let len = if compact { Observation::COMPACT_LEN } else { Observation::LEN };
        let shape = [self.slots.len(), len];
        let array = match out {
            Some(out) if out.shape() == shape => out,
            Some(out) => {
                return Err(HereIStandError::new_err(format!("out has shape {:?}; it needs {shape:?}", out.shape())));
            }
            None => zeros::<f32>(py, shape)?,
        };
        {
            let mut write = array.try_readwrite().map_err(|e| HereIStandError::new_err(e.to_string()))?;
            let planes = write.as_slice_mut().map_err(|e| HereIStandError::new_err(e.to_string()))?;
            let slots = &self.slots;
            let mut rows: Vec<(&Slot, &mut [f32])> = slots.iter().zip(planes.chunks_mut(len)).collect();
            py.detach(|| {
                split(&mut rows, self.threads, |_, part| {
                    for (slot, row) in part.iter_mut() {
                        let viewer = match slot.game.decider() {
                            Decider::Power(p) => p,
                            _ => Power::Ottoman,
                        };
                        // The row has exactly the length asked for.
                        let view = slot.game.observation(viewer);
                        let _ = if compact { view.encode_compact(row) } else { view.encode(row) };
                    }
                })
            });
        }
        Ok(array)
    }

    /// Applies one action per game (a numpy int array or a sequence of
    /// ints, length n). Every action is checked first: one out of range or
    /// not legal raises `IllegalActionError` naming its game, and no game
    /// moves. A game that ends is reset to its next seed at once. Returns
    /// (returns, done): a float32 array (n, 6) holding the returns by power
    /// of the games that ended in this step (0 elsewhere), and a bool array
    /// (n,) marking them.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<bool>>)> {
        let actions = self.checked_actions(actions)?;
        let n = self.slots.len();
        let mut rewards = vec![0.0f32; n * Power::COUNT];
        let mut done = vec![false; n];
        let setup = self.setup;
        let seeds: Vec<u64> = (0..n).map(|i| self.seed_of(i, 0)).collect();
        let threads = self.threads;
        let slots = &mut self.slots;
        let masks = self.masks.bind(py).clone();
        let results = with_masks(&masks, |mask| {
            let mut lanes: Vec<Lane<'_>> = slots
                .iter_mut()
                .zip(mask.chunks_mut(Action::COUNT))
                .zip(actions)
                .zip(rewards.chunks_mut(Power::COUNT).zip(done.iter_mut()))
                .map(|(((slot, row), action), (reward, done))| Lane { slot, row, action, reward, done })
                .collect();
            py.detach(|| {
                split(&mut lanes, threads, |start, part| {
                    let mut finished = Vec::new();
                    for (k, lane) in part.iter_mut().enumerate() {
                        let first = seeds[start + k];
                        let next =
                            |episode: u64| Setup { seed: first.wrapping_add(episode.wrapping_mul(n as u64)), ..setup };
                        match step_lane(lane, next) {
                            Ok(Some(record)) => finished.push(record),
                            Ok(None) => {}
                            Err(message) => return Err(format!("game {}: {message}", start + k)),
                        }
                    }
                    Ok(finished)
                })
            })
        })?;
        for result in results {
            self.finished.extend(result.map_err(IllegalActionError::new_err)?);
        }
        let rewards = PyArray1::from_vec(py, rewards).reshape([n, Power::COUNT])?;
        Ok((rewards, PyArray1::from_vec(py, done)))
    }

    /// The games finished since the last call, as random_games reports
    /// them (seed, winner, outcome, turn, decisions, returns).
    fn finished<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let records = std::mem::take(&mut self.finished);
        records.iter().map(|r| r.to_dict(py)).collect()
    }

    /// A copy of game `i`, as a `Game`.
    fn game(&self, i: usize) -> PyResult<PyGame> {
        self.slots.get(i).map(|s| PyGame::wrap(s.game.clone())).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!("game {i} out of range 0..{}", self.slots.len()))
        })
    }
}
