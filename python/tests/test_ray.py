"""The Ray self-play example: its game loop, and the script itself on a
local Ray with 2 CPUs."""

import importlib.util
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import here_i_stand as his

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "ray_selfplay.py"


def load_example():
    spec = importlib.util.spec_from_file_location("ray_selfplay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_self_play_loop_gathers_consistent_trajectories():
    example = load_example()
    trajectories, results, decisions = example.play_games([3, 4], scenario="2p", sample_every=5)
    count = len(trajectories["actions"])
    assert count > 0 and decisions > count
    assert trajectories["observations"].shape == (count, his.OBSERVATION_LEN)
    assert trajectories["observations"].dtype == np.float32
    assert trajectories["masks"].shape == (count, his.ACTION_COUNT)
    # Every kept action is legal in its mask, and a real choice.
    assert trajectories["masks"][np.arange(count), trajectories["actions"]].all()
    assert (trajectories["masks"].sum(axis=1) > 1).all()
    assert set(trajectories["powers"]) <= {his.POWERS.index(p) for p in his.SCENARIO_POWERS["2p"]}
    assert set(trajectories["returns"]) <= {0.0, 1.0}
    assert [r["seed"] for r in results] == [3, 4]
    # A sample's return is its power's final return.
    for r in results:
        assert r["winner"] in his.SCENARIO_POWERS["2p"]


def test_the_arguments_are_checked():
    example = load_example()
    with pytest.raises(SystemExit):
        example.parse_args(["--games", "0"])
    assert example.parse_args(["--games", "3", "--workers", "2"]).address is None


def test_the_example_runs_on_a_local_ray_with_two_cpus(tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "trajectories.npz"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--games", "4", "--workers", "2", "--num-cpus", "2",
         "--scenario", "2p", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "games: 4  workers: 2" in run.stdout
    assert "games/s:" in run.stdout
    saved = np.load(out)
    assert saved["observations"].shape[1] == his.OBSERVATION_LEN
    assert len(saved["actions"]) == len(saved["returns"]) == len(saved["masks"])
