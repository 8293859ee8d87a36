"""The benchmarks of python/README.md, measured in one sitting beside the
Rust example:

    python examples/benchmark.py            # all, with the Rust baseline
    python examples/benchmark.py --no-rust  # the Python side only

(a) random_games: whole random games, the loop in Rust;
(b) a Python loop over Game.legal_actions() / Game.apply();
(c) the PettingZoo AEC environment (env.last() with its observation and
    mask, then env.step);
(d) Games(256).step with masks() fetched at each step and actions from
    sample_actions(), one thread and two;
and the cost of observations (Game.observation, Games.observations with
and without a reused out= buffer).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import re
import subprocess
import time

import numpy as np

import here_i_stand as his

ROOT = pathlib.Path(__file__).resolve().parents[2]


def rust_baseline(games):
    """games/s and decisions/s of `cargo run --release --example random_game`."""
    command = ["cargo", "run", "--release", "-q", "--example", "random_game", "--", "--games", str(games), "--quiet"]
    subprocess.run(["cargo", "build", "--release", "-q", "--example", "random_game"], cwd=ROOT, check=True)
    out = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    found = re.search(r"games/s: ([\d.]+)\s+decisions/s: (\d+)", out)
    return float(found.group(1)), float(found.group(2))


def bench_random_games(games):
    start = time.perf_counter()
    results = his.random_games(games, "1517", seed=1)
    seconds = time.perf_counter() - start
    return games / seconds, sum(r["decisions"] for r in results) / seconds


def bench_python_loop(games):
    start = time.perf_counter()
    decisions = 0
    for seed in range(1, games + 1):
        game = his.Game("1517", seed=seed)
        choice = random.Random(seed).choice
        legal_actions, apply = game.legal_actions, game.apply
        while True:
            legal = legal_actions()
            if not legal:
                break
            apply(choice(legal))
            decisions += 1
    seconds = time.perf_counter() - start
    return games / seconds, decisions / seconds


def bench_pettingzoo(seconds_budget):
    from here_i_stand import pettingzoo as his_env

    env = his_env.env(scenario="1517")
    rng = random.Random(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds_budget:
        env.reset(seed=games)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # (nonzero on a bool view: np.flatnonzero of the int8 mask costs ~20 us)
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    seconds = time.perf_counter() - start
    return steps / seconds, games / seconds


def bench_games(n, threads, seconds_budget):
    games = his.Games(n, "1517", seed=0, threads=threads)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds_budget:
        games.masks()
        games.step(games.sample_actions())
        steps += n
    seconds = time.perf_counter() - start
    return steps / seconds, len(games.finished()) / seconds, games


def bench_observations(games):
    game = his.Game("1517", seed=3)
    for _ in range(200):
        game.apply(game.legal_actions()[0])
    power = game.decider()
    count = 20000
    start = time.perf_counter()
    for _ in range(count):
        game.observation(power)
    single = (time.perf_counter() - start) / count * 1e6
    rounds = 20
    start = time.perf_counter()
    for _ in range(rounds):
        games.observations()
    fresh = (time.perf_counter() - start) / (rounds * len(games)) * 1e6
    out = games.observations()
    start = time.perf_counter()
    for _ in range(rounds):
        games.observations(out=out)
    reused = (time.perf_counter() - start) / (rounds * len(games)) * 1e6
    return single, fresh, reused


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games of the Rust example and random_games")
    parser.add_argument("--loop-games", type=int, default=100, help="games of the Python loop")
    parser.add_argument("--seconds", type=float, default=20.0, help="time of the PettingZoo and Games runs")
    parser.add_argument("--no-rust", action="store_true", help="skip the Rust baseline")
    args = parser.parse_args()
    print(f"ACTION_COUNT {his.ACTION_COUNT}  OBSERVATION_LEN {his.OBSERVATION_LEN}")
    rust = None
    if not args.no_rust:
        rust = rust_baseline(args.games)
        print(f"Rust random_game --games {args.games}: {rust[0]:.1f} games/s, {rust[1]:,.0f} decisions/s")
    a = bench_random_games(args.games)
    share = f" ({100 * a[0] / rust[0]:.0f}% of Rust)" if rust else ""
    print(f"(a) random_games({args.games}): {a[0]:.1f} games/s, {a[1]:,.0f} decisions/s{share}")
    b = bench_python_loop(args.loop_games)
    print(f"(b) Python loop legal_actions()/apply(), {args.loop_games} games: {b[0]:.1f} games/s, {b[1]:,.0f} decisions/s")
    c = bench_pettingzoo(args.seconds)
    print(f"(c) PettingZoo AEC env: {c[0]:,.0f} env steps/s ({c[1]:.2f} games/s)")
    batch = None
    for threads in (1, 2):
        d = bench_games(256, threads, args.seconds)
        batch = d[2]
        print(f"(d) Games(256, threads={threads}).step with masks: {d[0]:,.0f} steps/s ({d[1]:.1f} games/s)")
    single, fresh, reused = bench_observations(batch)
    print(
        f"observations: Game.observation {single:.1f} us; Games.observations {fresh:.1f} us per game "
        f"(new array), {reused:.1f} us per game (out= reused)"
    )


if __name__ == "__main__":
    main()
