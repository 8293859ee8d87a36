"""The batch entry points: random_games and Games, the loop in Rust."""

import numpy as np
import pytest

import here_i_stand as his


def test_random_games_play_whole_games_by_seed():
    results = his.random_games(3, "2p", seed=5)
    assert [r["seed"] for r in results] == [5, 6, 7]
    for r in results:
        assert r["winner"] in his.SCENARIO_POWERS["2p"]
        assert r["outcome"]["winner"] == r["winner"]
        assert r["decisions"] > 0 and 1 <= r["turn"] <= 9
        assert r["returns"][his.POWERS.index(r["winner"])] == 1.0
        assert sum(r["returns"]) == 1.0
    assert his.random_games(3, "2p", seed=5) == results
    assert his.random_games(3, "2p", seed=5, threads=2) == results
    assert his.random_games(0) == []


def test_random_games_with_players_and_fast_play():
    results = his.random_games(2, "1532", seed=1, players=4, fast_play=True)
    assert len(results) == 2 and all(r["winner"] in his.POWERS for r in results)
    with pytest.raises(his.PlayersError):
        his.random_games(1, "2p", players=3)
    with pytest.raises(TypeError):
        his.random_games("many")


def test_games_masks_are_one_read_only_array_of_the_legal_actions():
    games = his.Games(4, "1517", seed=10)
    assert len(games) == 4
    masks = games.masks()
    assert masks.shape == (4, his.ACTION_COUNT) and masks.dtype == np.bool_
    with pytest.raises(ValueError):
        masks[0, 0] = True
    legal = games.legal_actions()
    for i in range(4):
        game = games.game(i)
        assert game == his.Game("1517", seed=10 + i)
        assert list(np.flatnonzero(masks[i])) == game.legal_actions() == legal[i]
        assert his.POWERS[games.deciders()[i]] == game.decider()
    games.step(games.sample_actions())
    assert games.masks() is masks or np.shares_memory(games.masks(), masks)
    for i in range(4):
        assert list(np.flatnonzero(masks[i])) == games.game(i).legal_actions()


def test_games_step_as_single_games_would():
    games = his.Games(3, "1532", seed=20)
    singles = [his.Game("1532", seed=20 + i) for i in range(3)]
    for _ in range(200):
        actions = games.sample_actions()
        rewards, done = games.step(actions)
        assert rewards.shape == (3, 6) and done.shape == (3,)
        for game, action in zip(singles, actions):
            game.apply(int(action))
    assert [games.game(i) for i in range(3)] == singles


def test_games_take_lists_and_int32_arrays():
    games = his.Games(2, "2p", seed=1)
    games.step([int(a) for a in games.sample_actions()])
    games.step(games.sample_actions().astype(np.int32))
    assert all(games.game(i).legal_actions() for i in range(2))


def test_threads_change_nothing_but_speed():
    one, two = his.Games(5, "1517", seed=3), his.Games(5, "1517", seed=3, threads=2)
    for _ in range(100):
        actions = one.sample_actions()
        two.sample_actions()
        one.step(actions)
        two.step(actions)
    assert np.array_equal(one.masks(), two.masks())
    assert np.array_equal(one.observations(), two.observations())
    assert all(one.game(i) == two.game(i) for i in range(5))


def test_an_illegal_action_moves_no_game():
    games = his.Games(3, "1517", seed=4)
    before = [games.game(i).to_json() for i in range(3)]
    masks_before = games.masks().copy()
    actions = games.sample_actions()
    actions[1] = next(a for a in range(his.ACTION_COUNT) if not games.masks()[1, a])
    with pytest.raises(his.IllegalActionError, match="game 1: .* is not legal now"):
        games.step(actions)
    actions[1] = his.ACTION_COUNT
    with pytest.raises(his.IllegalActionError, match="game 1: no action has index"):
        games.step(actions)
    actions[1] = -5
    with pytest.raises(his.IllegalActionError, match="game 1"):
        games.step(actions)
    assert [games.game(i).to_json() for i in range(3)] == before
    assert np.array_equal(games.masks(), masks_before)


def test_bad_step_and_batch_arguments():
    games = his.Games(2, "2p")
    with pytest.raises(his.HereIStandError, match="step needs 2 actions"):
        games.step([0])
    with pytest.raises(TypeError):
        games.step("ab")
    with pytest.raises(TypeError):
        games.step(np.zeros(2, dtype=np.float64))
    with pytest.raises(his.HereIStandError, match="at least one game"):
        his.Games(0)
    with pytest.raises(IndexError):
        games.game(2)
    with pytest.raises(his.HereIStandError, match="shape"):
        games.observations(out=np.zeros((3, his.OBSERVATION_LEN), dtype=np.float32))
    with pytest.raises(TypeError):
        games.observations(out=np.zeros((2, his.OBSERVATION_LEN), dtype=np.float64))
    with pytest.raises(his.PlayersError):
        his.Games(2, "1517", players=9)


def test_finished_games_reset_at_once_and_are_reported():
    n, seed = 3, 40
    games = his.Games(n, "2p", seed=seed)
    seen = []
    episodes = [0] * n
    for _ in range(20000):
        rewards, done = games.step(games.sample_actions())
        for i in np.flatnonzero(done):
            assert rewards[i].sum() == 1.0
            episodes[i] += 1
            # Reset to the slot's next seed, at the start again.
            fresh = games.game(i)
            assert fresh.seed == seed + i + n * episodes[i]
            assert not fresh.is_over()
        assert not rewards[~done].any()
        seen += games.finished()
        if len(seen) >= 2:
            break
    assert len(seen) >= 2
    for record in seen:
        assert record["winner"] in ("papacy", "protestant")
        assert record["returns"][his.POWERS.index(record["winner"])] == 1.0
    assert games.finished() == []
    assert all(record["seed"] >= seed + n for record in seen[1:]) or len({r["seed"] for r in seen}) == len(seen)


def test_observations_are_encoded_for_each_decider_only_when_asked():
    games = his.Games(3, "1517", seed=7)
    games.step(games.sample_actions())
    planes = games.observations()
    assert planes.shape == (3, his.OBSERVATION_LEN) and planes.dtype == np.float32
    for i in range(3):
        game = games.game(i)
        assert np.array_equal(planes[i], game.observation(game.decider()))
    out = np.full((3, his.OBSERVATION_LEN), 7.0, dtype=np.float32)
    assert games.observations(out=out) is out
    assert np.array_equal(out, planes)
    compact = games.observations(compact=True)
    assert compact.shape == (3, his.COMPACT_OBSERVATION_LEN)
    for i in range(3):
        game = games.game(i)
        assert np.array_equal(compact[i], game.observation(game.decider(), compact=True))


def test_counts_too_large_are_refused_not_allocated():
    with pytest.raises(his.HereIStandError, match="at most"):
        his.Games(2**20)
    with pytest.raises(his.HereIStandError, match="at most"):
        his.random_games(2**40)
    with pytest.raises(OverflowError):
        his.Games(-1)
    # Threads beyond the games are clamped.
    assert len(his.random_games(2, "2p", seed=1, threads=1000)) == 2
