"""A PettingZoo AEC environment over ``here_i_stand.Game``.

``env(scenario="1517", render_mode=None)`` gives the environment wrapped
in PettingZoo's ``OrderEnforcingWrapper``; ``raw_env`` is the class.

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

Requires ``pettingzoo`` and ``gymnasium`` (``pip install
'./python[pettingzoo]'``).
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import ACTION_COUNT, OBSERVATION_LEN, POWERS, SCENARIO_POWERS, Game

__all__ = ["env", "raw_env"]

# The encoding's entries are counts and flags of u8/i8 sources.
_LOW, _HIGH = -128.0, 255.0


def env(**kwargs):
    """The environment, wrapped in ``OrderEnforcingWrapper``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


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
        self._next_seed = seed
        self.possible_agents = list(SCENARIO_POWERS[game.scenario])
        self.agents = []
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(_LOW, _HIGH, shape=(OBSERVATION_LEN,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self._no_mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self.game = game

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

    def observe(self, agent):
        game = self.game
        if agent == game.decider():
            mask = game.legal_action_mask().view(np.int8)
        else:
            mask = self._no_mask
        return {"observation": game.observation(agent), "action_mask": mask}

    def step(self, action):
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
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi' (the text summary)")
            return None
        return self.game.summary()

    def close(self):
        pass
