"""Shared helpers of the Python tests (no __init__.py: pytest's rootdir
import mode finds the installed package, not the source tree)."""

import random

import pytest

import here_i_stand


def play(game, moves, seed=0):
    """Applies up to `moves` uniformly random legal actions; returns the
    actions applied."""
    rng = random.Random(seed)
    applied = []
    for _ in range(moves):
        actions = game.legal_actions()
        if not actions:
            break
        action = rng.choice(actions)
        game.apply(action)
        applied.append(action)
    return applied


def play_out(game, seed=0):
    """Plays `game` to its end with random legal actions; returns how many
    decisions it took."""
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
        decisions += 1
    return decisions


@pytest.fixture(scope="session")
def finished_game():
    """One 2p game played to its end (the shortest scenario to finish)."""
    game = here_i_stand.Game("2p", seed=5)
    play_out(game, seed=5)
    return game
