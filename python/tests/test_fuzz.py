"""Fuzz-style: random bytes to from_json and random ints to apply, for a
few seconds each, never crash (a panic would surface as PanicException,
which is not among the expected errors) and never change a game on error."""

import random
import time

import here_i_stand as his

SECONDS = 2.0


def test_random_bytes_never_crash_from_json():
    rng = random.Random(1)
    save = his.Game("1532", seed=2).to_json()
    deadline = time.monotonic() + SECONDS
    tries = 0
    while time.monotonic() < deadline:
        if tries % 2:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
            text = raw.decode("utf-8", errors="replace")
        else:
            # A save with a few bytes changed: mostly well-formed JSON.
            chars = list(save)
            for _ in range(rng.randrange(1, 4)):
                chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 127))
            text = "".join(chars)
        try:
            game = his.Game.from_json(text)
        except his.SaveError:
            pass
        else:
            # Whatever reads back is a game that plays.
            if game.legal_actions():
                game.apply(game.legal_actions()[0])
        tries += 1
    assert tries > 100


def test_random_ints_never_crash_apply():
    rng = random.Random(2)
    game = his.Game("1517", seed=3)
    deadline = time.monotonic() + SECONDS
    applied = refused = 0
    while time.monotonic() < deadline:
        if game.is_over():
            game = his.Game("1517", seed=rng.randrange(1000))
        legal = game.legal_actions()
        # Half of the tries a legal action (so the game moves on), half any int.
        if rng.random() < 0.5:
            index = rng.choice(legal)
        else:
            index = rng.choice([rng.randrange(his.ACTION_COUNT), rng.randrange(-(2**62), 2**62)])
        before = game.to_json() if index not in legal else None
        try:
            game.apply(index)
            applied += 1
        except his.IllegalActionError:
            assert before is not None and game.to_json() == before
            refused += 1
    assert applied > 100 and refused > 100
