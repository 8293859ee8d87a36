"""The here-i-stand rules engine (Here I Stand, 500th Anniversary edition).

Every rule is the Rust engine's; this package is a thin layer over it:

* ``Game``: one game (``Game(scenario="1517", seed=0, players=None)``),
  its legal actions as indexes or a numpy mask, ``apply``, observations,
  JSON saves, copies and pickles.
* ``random_games`` and ``Games``: batches that keep the loop in Rust.
* ``here_i_stand.pettingzoo``: a PettingZoo AEC environment.

Errors are ``HereIStandError`` (a ``ValueError``) and its subclasses.
"""

from ._engine import (
    ACTION_COUNT,
    COMPACT_OBSERVATION_LEN,
    OBSERVATION_LEN,
    OBSERVATION_MAX,
    OBSERVATION_MIN,
    POWERS,
    SCENARIO_POWERS,
    SCENARIOS,
    Game,
    Games,
    HereIStandError,
    IllegalActionError,
    PlayersError,
    SaveError,
    UnknownActionError,
    UnknownPowerError,
    UnknownScenarioError,
    action_description,
    action_from_text,
    action_text,
    random_games,
)

__all__ = [
    "ACTION_COUNT",
    "COMPACT_OBSERVATION_LEN",
    "OBSERVATION_LEN",
    "OBSERVATION_MAX",
    "OBSERVATION_MIN",
    "POWERS",
    "SCENARIO_POWERS",
    "SCENARIOS",
    "Game",
    "Games",
    "HereIStandError",
    "IllegalActionError",
    "PlayersError",
    "SaveError",
    "UnknownActionError",
    "UnknownPowerError",
    "UnknownScenarioError",
    "action_description",
    "action_from_text",
    "action_text",
    "random_games",
]
