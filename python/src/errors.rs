//! The Python exceptions: `HereIStandError(ValueError)` and one subclass
//! per kind of bad input, each carrying the engine's message.

use here_i_stand::{
    IllegalAction, ParseActionError, ParseIdError, ParseScenarioError, PlayersError as EnginePlayersError,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(_engine, HereIStandError, PyValueError, "The base of every error the engine raises (a ValueError).");
create_exception!(
    _engine,
    IllegalActionError,
    HereIStandError,
    "Game.apply / apply_text / Games.step refused an action: not legal now, the game is over, \
     or not an action at all. The game is unchanged."
);
create_exception!(
    _engine,
    UnknownActionError,
    IllegalActionError,
    "An index out of range 0..ACTION_COUNT, or text that is no action."
);
create_exception!(_engine, UnknownScenarioError, HereIStandError, "A name that is no scenario.");
create_exception!(_engine, UnknownPowerError, HereIStandError, "A name that is no power.");
create_exception!(_engine, PlayersError, HereIStandError, "Players that cannot play the scenario.");
create_exception!(_engine, SaveError, HereIStandError, "JSON that is not a valid saved game.");

/// An engine refusal as `IllegalActionError`.
pub fn illegal(err: IllegalAction) -> PyErr {
    IllegalActionError::new_err(err.to_string())
}

/// Unparseable action text as `UnknownActionError`.
pub fn unknown_action_text(err: ParseActionError) -> PyErr {
    UnknownActionError::new_err(err.to_string())
}

/// An unknown scenario name as `UnknownScenarioError`.
pub fn unknown_scenario(err: ParseScenarioError) -> PyErr {
    UnknownScenarioError::new_err(err.to_string())
}

/// An unknown power id as `UnknownPowerError`.
pub fn unknown_power(err: ParseIdError) -> PyErr {
    UnknownPowerError::new_err(err.to_string())
}

/// A refused assignment of players as `PlayersError`.
pub fn players(err: EnginePlayersError) -> PyErr {
    PlayersError::new_err(err.to_string())
}

/// Registers the exceptions in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HereIStandError", py.get_type::<HereIStandError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("UnknownActionError", py.get_type::<UnknownActionError>())?;
    m.add("UnknownScenarioError", py.get_type::<UnknownScenarioError>())?;
    m.add("UnknownPowerError", py.get_type::<UnknownPowerError>())?;
    m.add("PlayersError", py.get_type::<PlayersError>())?;
    m.add("SaveError", py.get_type::<SaveError>())?;
    Ok(())
}
