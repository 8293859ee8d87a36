"""The PettingZoo AEC environment: PettingZoo's own api_test and
seed_test, and a whole game played through it."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import here_i_stand as his  # noqa: E402
from here_i_stand import pettingzoo as his_env  # noqa: E402


@pytest.mark.parametrize("scenario", ["1517", "2p"])
def test_the_environment_passes_pettingzoos_api_test(scenario):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(his_env.env(scenario=scenario), num_cycles=200)


def test_the_environment_passes_pettingzoos_seed_test():
    seed_test(lambda: his_env.env(scenario="1532"), num_cycles=100)


def test_render_ansi_is_the_summary():
    env = his_env.env(scenario="1517", render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == his.Game("1517", seed=3).summary()
    render_test(lambda render_mode=None: his_env.env(render_mode="ansi"))
    quiet = his_env.env()
    quiet.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    with pytest.raises(ValueError):
        his_env.env(render_mode="human")


def test_agents_are_the_deciding_powers_of_the_scenario():
    assert his_env.env(scenario="2p").possible_agents == ["papacy", "protestant"]
    assert his_env.env(scenario="tournament").possible_agents == his.POWERS
    env = his_env.env(scenario="2p")
    env.reset(seed=1)
    assert env.agent_selection == his.Game("2p", seed=1).decider()
    assert env.action_space("papacy").n == his.ACTION_COUNT
    with pytest.raises(his.UnknownScenarioError):
        his_env.env(scenario="1600")


def test_observe_gives_the_observation_and_an_int8_mask():
    env = his_env.env()
    env.reset(seed=2)
    decider = env.agent_selection
    seen = env.observe(decider)
    assert seen["observation"].dtype == np.float32
    assert seen["observation"].shape == (his.OBSERVATION_LEN,)
    assert seen["action_mask"].dtype == np.int8
    game = his.Game("1517", seed=2)
    assert list(np.flatnonzero(seen["action_mask"])) == game.legal_actions()
    assert np.array_equal(seen["observation"], game.observation(decider))
    other = next(a for a in env.agents if a != decider)
    assert not env.observe(other)["action_mask"].any()


def test_a_whole_game_ends_with_the_returns_as_rewards():
    env = his_env.env(scenario="2p")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    finished = set()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            finished.add(agent)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert finished == set(env.possible_agents)
    assert env.agents == []
    assert sorted(totals.values()) == [0.0, 1.0]
    winner = max(totals, key=totals.get)
    assert env.unwrapped.game.winner() == winner


def test_an_illegal_action_raises_and_changes_nothing():
    env = his_env.env()
    env.reset(seed=4)
    before = env.unwrapped.game.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(his.IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.game.to_json() == before


def test_max_steps_truncates():
    env = his_env.env(scenario="1517", max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())
    for agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_resets_take_the_next_seed_unless_given_one():
    env = his_env.env(seed=10)
    env.reset()
    assert env.unwrapped.game.seed == 10
    env.reset()
    assert env.unwrapped.game.seed == 11
    env.reset(seed=3)
    assert env.unwrapped.game.seed == 3


def test_the_observation_key_can_be_renamed_for_rllib():
    env = his_env.env(observation_key="observations")
    env.reset(seed=1)
    seen = env.observe(env.agent_selection)
    assert set(seen) == {"observations", "action_mask"}
    assert env.observation_space(env.agent_selection).contains(seen)


def test_rllibs_pettingzoo_wrapper_plays_the_environment():
    # RLlib needs ray[rllib]'s extras (dm-tree, ...); skipped without them.
    pytest.importorskip("tree")
    wrapper = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    env = wrapper.PettingZooEnv(his_env.env(scenario="2p", observation_key="observations"))
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(100000):
        ((agent, seen),) = obs.items()
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        if terminated["__all__"] or truncated["__all__"]:
            break
    assert terminated["__all__"]
    assert sorted(rewards.values()) == [0.0, 1.0]


def test_calls_before_reset_are_refused():
    env = his_env.env()
    for call in (lambda: env.step(0), lambda: env.observe("france"), env.render):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    env.reset()
    env.observe("france")
