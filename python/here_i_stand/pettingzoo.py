"""A PettingZoo AEC environment over ``here_i_stand.Game``.

``env(scenario="1517", render_mode=None)`` gives the environment (an
instance of ``raw_env``). It enforces the order of calls itself (``step``
or ``observe`` before ``reset`` raise ``RuntimeError``), without
PettingZoo's ``OrderEnforcingWrapper``, whose attribute forwarding would
halve its speed; wrap it yourself if you want the wrapper's checks.

* Agents are the powers that decide in the scenario (all six in 1517,
  1532 and the tournament; "papacy" and "protestant" in "2p"), named as
  ``here_i_stand.POWERS`` names them. ``agent_selection`` is always the
  deciding power (Here I Stand has no fixed turn order: responses,
  battles and diplomacy interleave the powers).
* ``observe(agent)`` is ``{"observation": float32 array of OBSERVATION_LEN,
  "action_mask": int8 array of ACTION_COUNT}`` as PettingZoo's classic
  environments give it; the mask is all zeros for an agent that is not
  deciding. Action spaces are ``Discrete(ACTION_COUNT)``.
* Rewards are 0 until the end, then ``Game.returns()`` (1 for the
  winner, 0 for the others); every agent is then terminated. With
  ``max_steps`` set, a game not over after that many steps is truncated.
* An illegal action raises ``here_i_stand.IllegalActionError`` and
  changes nothing (no illegal-move penalty wrapper: choose from the mask).
* ``render_mode="ansi"``: ``render()`` returns ``Game.summary()``.
* ``observation_key="observations"`` renames the observation's key, for
  RLlib's action-masking RL modules (they read "observations" and
  "action_mask").
* ``seed``, ``players``, ``fast_play`` are ``Game``'s.

Requires ``pettingzoo`` and ``gymnasium`` (``pip install
'./python[pettingzoo]'``).
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import (
    ACTION_COUNT,
    OBSERVATION_LEN,
    OBSERVATION_MAX,
    OBSERVATION_MIN,
    POWERS,
    SCENARIO_POWERS,
    Game,
)

__all__ = ["env", "raw_env"]

# The bounds of every entry of the encoding (Observation::MIN_VALUE and
# MAX_VALUE in Rust).
_LOW, _HIGH = OBSERVATION_MIN, OBSERVATION_MAX


def env(**kwargs):
    """The environment (see the module's doc)."""
    return raw_env(**kwargs)


class raw_env(AECEnv):
    """Here I Stand as an AEC game: one agent per deciding power."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "here_i_stand_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: str = "1517",
        render_mode: str | None = None,
        seed: int = 0,
        players=None,
        fast_play: bool = False,
        max_steps: int | None = None,
        observation_key: str = "observation",
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        # Checks the arguments (a typed error for a bad one) and sets the agents.
        game = Game(scenario, seed, players, fast_play)
        self.scenario = scenario
        self.render_mode = render_mode
        self.players = players
        self.fast_play = fast_play
        self.max_steps = max_steps
        self.observation_key = observation_key
        self._next_seed = seed
        self.possible_agents = list(SCENARIO_POWERS[game.scenario])
        self.agents = []
        observation_space = spaces.Dict(
            {
                observation_key: spaces.Box(_LOW, _HIGH, shape=(OBSERVATION_LEN,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self._no_mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self.game = game
        self._was_reset = False

    def _check_reset(self, call):
        if not self._was_reset:
            raise RuntimeError(f"reset() must be called before {call}()")

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options=None):
        """A new game: of `seed` if given, else of the next seed in turn
        (the constructor's `seed`, then one more at each reset)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.game = Game(self.scenario, seed, self.players, self.fast_play)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.game.decider()
        self._was_reset = True

    def observe(self, agent):
        self._check_reset("observe")
        game = self.game
        if agent == game.decider():
            mask = game.legal_action_mask().view(np.int8)
        else:
            mask = self._no_mask
        return {self.observation_key: game.observation(agent), "action_mask": mask}

    def step(self, action):
        self._check_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        game.apply(int(action))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for name in rewards:
            rewards[name] = 0.0
        decider = game.decider()
        if decider is None:
            returns = game.returns()
            for name in self.agents:
                rewards[name] = returns[POWERS.index(name)]
                self.terminations[name] = True
            self.agent_selection = self.agents[0]
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = decider
        self._accumulate_rewards()

    def render(self):
        self._check_reset("render")
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi' (the text summary)")
            return None
        return self.game.summary()

    def close(self):
        pass
