//! `here_i_stand.Game`: one game, a thin layer over `here_i_stand::Game`.
//! Every rule is the engine's; this file only converts arguments and
//! results.

use here_i_stand::rand_core::SeedableRng;
use here_i_stand::rand_pcg::Pcg64Mcg;
use here_i_stand::{Action, ActionList, Decider, Event, Game, Observation, Outcome};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::{self, SaveError};
use crate::{action_of_index, outcome_dict, parse_power, setup_of};

/// A game of Here I Stand. `Game(scenario="1517", seed=0, players=None,
/// fast_play=False)`: `scenario` is "1517", "1532", "2p" or "tournament";
/// `players` is None (one player per power), a count 3 to 6 (the standard
/// assignments) or a list of lists of power names (one list per player).
#[pyclass(module = "here_i_stand._engine", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) game: Game,
    /// The events of the last apply, in order.
    events: Vec<Event>,
}

impl PyGame {
    pub(crate) fn wrap(game: Game) -> PyGame {
        PyGame { game, events: Vec::new() }
    }

    /// Applies `action`, keeping its events; the game is unchanged on error.
    fn apply_action(&mut self, action: Action) -> PyResult<()> {
        let mut events = Vec::new();
        self.game.apply_logged(action, &mut events).map_err(errors::illegal)?;
        self.events = events;
        Ok(())
    }
}

/// Reads a saved game (the engine's serde JSON), validated.
pub(crate) fn game_from_json(text: &str) -> PyResult<Game> {
    serde_json::from_str::<Game>(text).map_err(|e| SaveError::new_err(format!("not a valid saved game: {e}")))
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (scenario = "1517", seed = 0, players = None, fast_play = false))]
    fn new(scenario: &str, seed: u64, players: Option<&Bound<'_, PyAny>>, fast_play: bool) -> PyResult<PyGame> {
        Ok(PyGame::wrap(Game::new(setup_of(scenario, seed, players, fast_play)?)))
    }

    /// A game read back from `to_json()`'s text. Corrupt or invalid JSON
    /// raises `SaveError`.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        Ok(PyGame::wrap(game_from_json(text)?))
    }

    /// The game as JSON text (the engine's serde form).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.game).map_err(|e| SaveError::new_err(e.to_string()))
    }

    /// An independent copy.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// Pickles through JSON (for Ray and multiprocessing).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let module = py.import("here_i_stand._engine")?;
        Ok((module.getattr("_game_from_json")?, (self.to_json()?,)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| o.borrow().game == self.game)
    }

    fn __repr__(&self) -> String {
        let setup = self.game.setup();
        let decider = match self.game.decider() {
            Decider::Power(p) => p.id().to_string(),
            Decider::Terminal(outcome) => format!("over: {outcome}"),
            Decider::Nobody => "nobody".to_string(),
        };
        format!(
            "<here_i_stand.Game {} seed {} turn {} {} decider {}>",
            crate::scenario_name(setup.scenario),
            setup.seed,
            self.game.turn(),
            self.game.phase().id(),
            decider
        )
    }

    /// The scenario's name: "1517", "1532", "2p" or "tournament".
    #[getter]
    fn scenario(&self) -> &'static str {
        crate::scenario_name(self.game.scenario())
    }

    /// The seed the game was set up with.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.setup().seed
    }

    /// The turn (1 to 9).
    #[getter]
    fn turn(&self) -> u8 {
        self.game.turn()
    }

    /// The phase id ("action", "winter", ...).
    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().id()
    }

    /// The deciding power's name ("ottoman", ...), or None when the game
    /// is over.
    fn decider(&self) -> Option<&'static str> {
        match self.game.decider() {
            Decider::Power(power) => Some(power.id()),
            _ => None,
        }
    }

    /// The player (0-based, §3.1) holding the deciding power, or None.
    fn deciding_player(&self) -> Option<usize> {
        self.game.deciding_player().map(|p| p.index())
    }

    /// The player (0-based) holding `power`.
    fn player_of(&self, power: &str) -> PyResult<usize> {
        Ok(self.game.player_of(parse_power(power)?).index())
    }

    /// The powers that take part in the scenario, in impulse order.
    fn powers(&self) -> Vec<&'static str> {
        self.game.scenario().powers().iter().map(|p| p.id()).collect()
    }

    /// The pending decision: {"kind", "power", "prompt"}.
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pending = self.game.pending();
        let dict = PyDict::new(py);
        dict.set_item("kind", pending.kind.name())?;
        dict.set_item("power", pending.power.map(|p| p.id()))?;
        dict.set_item("prompt", pending.prompt)?;
        Ok(dict)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The winning power's name, or None before the end.
    fn winner(&self) -> Option<&'static str> {
        self.game.outcome().map(|o: Outcome| o.winner.id())
    }

    /// The outcome as {"winner": power, "kind": "standard" | ...,
    /// "text": ...}, or None before the end.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.game.outcome().map(|o| outcome_dict(py, o)).transpose()
    }

    /// The returns by power index (1.0 for the winner, else 0.0).
    fn returns(&self) -> Vec<f32> {
        self.game.returns().to_vec()
    }

    /// The returns by player index (1.0 for the winner's player).
    fn player_returns(&self) -> Vec<f32> {
        self.game.player_returns().to_vec()
    }

    /// `power`'s VP total.
    fn vp(&self, power: &str) -> PyResult<i8> {
        Ok(self.game.vp(parse_power(power)?).total())
    }

    /// The legal action indexes, in index order (empty when over).
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut list = ActionList::new();
        self.game.legal_actions_into(&mut list);
        PyList::new(py, list.iter().map(|a| a.index()))
    }

    /// The legal actions as a numpy bool array of length ACTION_COUNT.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let array = PyArray1::<bool>::zeros(py, Action::COUNT, false);
        {
            let mut write = array.readwrite();
            let mask = write.as_slice_mut().map_err(|e| errors::HereIStandError::new_err(e.to_string()))?;
            self.game.legal_action_mask(mask).map_err(|e| errors::HereIStandError::new_err(e.to_string()))?;
        }
        Ok(array)
    }

    /// Whether the action with this index is legal now (False for an
    /// index out of range).
    fn is_legal(&self, index: i64) -> bool {
        u32::try_from(index).ok().and_then(Action::from_index).is_some_and(|a| self.game.is_legal(&a))
    }

    /// Applies the action with this index. An index out of range raises
    /// `UnknownActionError`, an action not legal now `IllegalActionError`;
    /// the game is then unchanged.
    fn apply(&mut self, index: i64) -> PyResult<()> {
        let action = action_of_index(index)?;
        self.apply_action(action)
    }

    /// Applies the action written in the engine's notation ("pass",
    /// "play_cp janissaries"). Text that is no action raises
    /// `UnknownActionError`.
    fn apply_text(&mut self, notation: &str) -> PyResult<()> {
        let action: Action = notation.parse().map_err(errors::unknown_action_text)?;
        self.apply_action(action)
    }

    /// The English event log of the last apply, one line per event.
    fn events(&self) -> Vec<String> {
        self.events.iter().map(|e| e.to_string()).collect()
    }

    /// The position as text a person reads.
    fn summary(&self) -> String {
        self.game.summary()
    }

    /// What `power` sees, encoded as a numpy float32 array of length
    /// OBSERVATION_LEN (`Observation::encode`), or with `compact=True` of
    /// length COMPACT_OBSERVATION_LEN (`Observation::encode_compact`: each
    /// one-hot group as one category number).
    #[pyo3(signature = (power, compact = false))]
    fn observation<'py>(&self, py: Python<'py>, power: &str, compact: bool) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let viewer = parse_power(power)?;
        let len = if compact { Observation::COMPACT_LEN } else { Observation::LEN };
        let array = PyArray1::<f32>::zeros(py, len, false);
        {
            let mut write = array.readwrite();
            let out = write.as_slice_mut().map_err(|e| errors::HereIStandError::new_err(e.to_string()))?;
            let view = self.game.observation(viewer);
            let written = if compact { view.encode_compact(out) } else { view.encode(out) };
            written.map_err(|e| errors::HereIStandError::new_err(e.to_string()))?;
        }
        Ok(array)
    }

    /// A game `power` cannot tell from this one: the cards it cannot see
    /// dealt again and the dice reseeded, from `seed`.
    #[pyo3(signature = (power, seed = 0))]
    fn determinize(&self, power: &str, seed: u64) -> PyResult<PyGame> {
        let viewer = parse_power(power)?;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        Ok(PyGame::wrap(self.game.determinize(viewer, &mut rng)))
    }
}
