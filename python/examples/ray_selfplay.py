"""Self-play on Ray: N games over W Ray tasks, each playing its games with
uniformly random legal actions and gathering (observation, mask, action,
return) trajectories and the per-game results.

    python examples/ray_selfplay.py --games 8 --workers 2
    python examples/ray_selfplay.py --games 1000 --workers 64 --address auto

Without --address it starts a local Ray (--num-cpus caps its CPUs); with
one it joins that cluster as it is ("auto" for the cluster this machine
is part of, or "ray://head:10001" for Ray Client) and changes nothing in
it. Each task is an ordinary Ray task needing one CPU, so the same script
spreads over every node of a cluster.

A sample is kept only for decisions with a real choice (more than one
legal action), one in --sample-every of them, since an observation is
~14,500 floats: a 1517 game has ~2,800 decisions. The return of a
sample is the final return (Game.returns()) of the power that decided.
--out FILE.npz saves the gathered arrays.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

import numpy as np

import here_i_stand as his


def play_games(seeds, scenario="1517", sample_every=20):
    """Plays the games of `seeds` with random legal actions; returns the
    trajectories (one array each, stacked over every kept sample) and one
    result dict per game. Plain Python: a Ray task wraps it."""
    observations, masks, actions, returns, powers = [], [], [], [], []
    results = []
    decisions = 0
    for seed in seeds:
        game = his.Game(scenario, seed=seed)
        rng = random.Random(seed)
        first = len(actions)
        choices = 0
        while not game.is_over():
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            if len(legal) > 1:
                if choices % sample_every == 0:
                    power = game.decider()
                    observations.append(game.observation(power))
                    masks.append(game.legal_action_mask())
                    actions.append(action)
                    powers.append(his.POWERS.index(power))
                choices += 1
            game.apply(action)
            decisions += 1
        final = game.returns()
        returns.extend(final[p] for p in powers[first:])
        results.append({"seed": seed, "winner": game.winner(), "turn": game.turn, "outcome": game.outcome()})
    trajectories = {
        "observations": np.stack(observations) if observations else np.zeros((0, his.OBSERVATION_LEN), np.float32),
        "masks": np.stack(masks) if masks else np.zeros((0, his.ACTION_COUNT), bool),
        "actions": np.asarray(actions, dtype=np.int32),
        "returns": np.asarray(returns, dtype=np.float32),
        "powers": np.asarray(powers, dtype=np.int8),
    }
    return trajectories, results, decisions


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games to play in all")
    parser.add_argument("--workers", type=int, default=2, help="Ray tasks to split them over")
    parser.add_argument("--address", default=None, help="a Ray cluster to join (default: start a local Ray)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray (no --address)")
    parser.add_argument("--scenario", default="1517", choices=his.SCENARIOS)
    parser.add_argument("--seed", type=int, default=0, help="game i has seed SEED + i")
    parser.add_argument("--sample-every", type=int, default=20, help="keep one in K decisions with a choice")
    parser.add_argument("--out", default=None, help="save the trajectories to this .npz file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or args.sample_every < 1:
        parser.error("--games, --workers and --sample-every must be at least 1")
    return args


def main(argv=None):
    import ray

    args = parse_args(argv)
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    remote_play = ray.remote(num_cpus=1)(play_games)
    workers = min(args.workers, args.games)
    seeds = [args.seed + i for i in range(args.games)]
    start = time.perf_counter()
    futures = [
        remote_play.remote(seeds[k::workers], args.scenario, args.sample_every) for k in range(workers)
    ]
    parts = ray.get(futures)
    seconds = time.perf_counter() - start
    trajectories = {key: np.concatenate([part[0][key] for part in parts]) for key in parts[0][0]}
    results = sorted((r for part in parts for r in part[1]), key=lambda r: r["seed"])
    decisions = sum(part[2] for part in parts)
    wins = collections.Counter(r["winner"] for r in results)
    print(f"games: {len(results)}  workers: {workers}  seconds: {seconds:.2f}")
    print(f"games/s: {len(results) / seconds:.2f}  decisions/s: {decisions / seconds:.0f}")
    print(f"samples: {len(trajectories['actions'])}  observation floats: {his.OBSERVATION_LEN}")
    print("wins: " + ", ".join(f"{power} {wins.get(power, 0)}" for power in his.SCENARIO_POWERS[args.scenario]))
    if args.out:
        np.savez_compressed(args.out, **trajectories)
        print(f"saved {args.out}")
    ray.shutdown()
    return trajectories, results


if __name__ == "__main__":
    main()
