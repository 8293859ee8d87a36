//! `here_i_stand._engine`: the Python module built from the engine (PyO3,
//! abi3 for CPython 3.9+). The Python package `here_i_stand` re-exports
//! it. No rule lives here: every function converts its arguments, calls
//! the public Rust API and converts the result; bad input of every kind
//! raises a typed exception (see `errors`), never a panic.

mod batch;
mod errors;
mod game;

use here_i_stand::{Action, Observation, Outcome, Players, Power, Scenario, Setup};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::UnknownActionError;

/// The scenario named "1517", "1532", "2p" or "tournament".
pub(crate) fn parse_scenario(name: &str) -> PyResult<Scenario> {
    name.parse().map_err(errors::unknown_scenario)
}

/// The name `parse_scenario` reads for `scenario`.
pub(crate) fn scenario_name(scenario: Scenario) -> &'static str {
    match scenario {
        Scenario::Y1517 => "1517",
        Scenario::Y1532 => "1532",
        Scenario::TwoPlayer => "2p",
        Scenario::Tournament => "tournament",
    }
}

/// The power with this id ("ottoman", "hapsburg", ...).
pub(crate) fn parse_power(id: &str) -> PyResult<Power> {
    id.parse().map_err(errors::unknown_power)
}

/// The players argument: None (six), a count (the standard assignment) or
/// a list of lists of power ids.
fn parse_players(players: Option<&Bound<'_, PyAny>>) -> PyResult<Players> {
    let Some(players) = players.filter(|p| !p.is_none()) else {
        return Ok(Players::SIX);
    };
    if let Ok(count) = players.extract::<usize>() {
        return Players::standard(count).map_err(errors::players);
    }
    let groups: Vec<Vec<String>> = players
        .extract()
        .map_err(|_| PyTypeError::new_err("players must be None, a count or a list of lists of power names"))?;
    let powers: Vec<Vec<Power>> =
        groups.iter().map(|group| group.iter().map(|id| parse_power(id)).collect()).collect::<PyResult<_>>()?;
    let slices: Vec<&[Power]> = powers.iter().map(Vec::as_slice).collect();
    Players::from_groups(&slices).map_err(errors::players)
}

/// The setup the constructors' arguments describe.
pub(crate) fn setup_of(
    scenario: &str,
    seed: u64,
    players: Option<&Bound<'_, PyAny>>,
    fast_play: bool,
) -> PyResult<Setup> {
    let setup = Setup::new(parse_scenario(scenario)?, seed).with_fast_play(fast_play);
    setup.with_players(parse_players(players)?).map_err(errors::players)
}

/// The action with this index, or `UnknownActionError`.
pub(crate) fn action_of_index(index: i64) -> PyResult<Action> {
    u32::try_from(index).ok().and_then(Action::from_index).ok_or_else(|| {
        UnknownActionError::new_err(format!("no action has index {index}: indexes run 0..{}", Action::COUNT))
    })
}

/// The id of a victory kind ("standard", ...), as the saves write it.
fn victory_kind(outcome: Outcome) -> &'static str {
    use here_i_stand::rules::victory::VictoryKind;
    match outcome.kind {
        VictoryKind::Military => "military",
        VictoryKind::Religious => "religious",
        VictoryKind::Standard => "standard",
        VictoryKind::Domination => "domination",
        VictoryKind::Time => "time",
    }
}

/// An outcome as {"winner", "kind", "text"}.
pub(crate) fn outcome_dict(py: Python<'_>, outcome: Outcome) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("winner", outcome.winner.id())?;
    dict.set_item("kind", victory_kind(outcome))?;
    dict.set_item("text", outcome.to_string())?;
    Ok(dict)
}

/// The notation of the action with this index ("play_cp janissaries").
#[pyfunction]
fn action_text(index: i64) -> PyResult<String> {
    Ok(action_of_index(index)?.to_string())
}

/// The index of the action written so; text that is no action raises
/// `UnknownActionError`.
#[pyfunction]
fn action_from_text(text: &str) -> PyResult<u32> {
    let action: Action = text.parse().map_err(errors::unknown_action_text)?;
    Ok(action.index())
}

/// A description of the action with this index, in words.
#[pyfunction]
fn action_description(index: i64) -> PyResult<String> {
    Ok(action_of_index(index)?.describe())
}

/// Reads a pickled game back (the target of `Game.__reduce__`).
#[pyfunction]
fn _game_from_json(text: &str) -> PyResult<game::PyGame> {
    Ok(game::PyGame::wrap(game::game_from_json(text)?))
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ACTION_COUNT", Action::COUNT)?;
    m.add("OBSERVATION_LEN", Observation::LEN)?;
    m.add("COMPACT_OBSERVATION_LEN", Observation::COMPACT_LEN)?;
    m.add("OBSERVATION_MIN", Observation::MIN_VALUE)?;
    m.add("OBSERVATION_MAX", Observation::MAX_VALUE)?;
    m.add("POWERS", Power::ALL.iter().map(|p| p.id()).collect::<Vec<_>>())?;
    m.add("SCENARIOS", Scenario::ALL.iter().map(|&s| scenario_name(s)).collect::<Vec<_>>())?;
    m.add("SCENARIO_POWERS", {
        let dict = PyDict::new(m.py());
        for scenario in Scenario::ALL {
            let powers: Vec<&str> = scenario.powers().iter().map(|p| p.id()).collect();
            dict.set_item(scenario_name(scenario), powers)?;
        }
        dict
    })?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<batch::PyGames>()?;
    m.add_function(wrap_pyfunction!(action_text, m)?)?;
    m.add_function(wrap_pyfunction!(action_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(action_description, m)?)?;
    m.add_function(wrap_pyfunction!(_game_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_games, m)?)?;
    errors::register(m)?;
    Ok(())
}
