"""Every exception path: bad input raises a typed Python exception and
leaves the game unchanged."""

import numpy as np
import pytest

import here_i_stand as his
from conftest import play


def test_the_exceptions_form_one_hierarchy_under_value_error():
    assert issubclass(his.HereIStandError, ValueError)
    for error in (
        his.IllegalActionError,
        his.UnknownScenarioError,
        his.UnknownPowerError,
        his.PlayersError,
        his.SaveError,
    ):
        assert issubclass(error, his.HereIStandError)
    assert issubclass(his.UnknownActionError, his.IllegalActionError)


def test_an_unknown_scenario():
    with pytest.raises(his.UnknownScenarioError, match="unknown scenario 1600"):
        his.Game("1600")
    with pytest.raises(his.UnknownScenarioError):
        his.random_games(1, "nope")
    with pytest.raises(his.UnknownScenarioError):
        his.Games(2, "nope")


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"scenario": 1517}, TypeError),
        ({"seed": "zero"}, TypeError),
        ({"seed": 1.5}, TypeError),
        ({"seed": -1}, OverflowError),
        ({"seed": 2**64}, OverflowError),
        ({"fast_play": "yes"}, TypeError),
        ({"players": "three"}, TypeError),
        ({"players": [[1, 2]]}, TypeError),
        ({"players": 7}, his.PlayersError),
        ({"players": 2}, his.PlayersError),
        ({"players": [["ottoman"]]}, his.PlayersError),
        ({"players": [["ottoman"], ["ottoman"]]}, his.PlayersError),
        ({"players": [["pope"]]}, his.UnknownPowerError),
        ({"scenario": "2p", "players": 3}, his.PlayersError),
    ],
)
def test_bad_game_arguments(kwargs, error):
    with pytest.raises(error):
        his.Game(**kwargs)


def test_players_at_war_cannot_be_one_player():
    groups = [["ottoman"], ["hapsburg", "france"], ["england"], ["papacy"], ["protestant"]]
    with pytest.raises(his.PlayersError, match="cannot hold both"):
        his.Game("1517", players=groups)


def test_an_unknown_power():
    game = his.Game()
    before = game.to_json()
    for call in (game.vp, game.observation, game.determinize, game.player_of):
        with pytest.raises(his.UnknownPowerError, match="nobody"):
            call("nobody")
    with pytest.raises(TypeError):
        game.vp(3)
    assert game.to_json() == before


def test_an_illegal_action_is_refused_with_the_engines_message():
    game = his.Game(seed=1)
    play(game, 10)
    before = game.to_json()
    illegal = next(i for i in range(his.ACTION_COUNT) if not game.is_legal(i))
    with pytest.raises(his.IllegalActionError, match="is not legal now: the decision is"):
        game.apply(illegal)
    with pytest.raises(his.IllegalActionError, match="is not legal now"):
        game.apply_text(his.action_text(illegal))
    assert game.to_json() == before


@pytest.mark.parametrize("index", [-1, his.ACTION_COUNT, 2**40, -(2**70)])
def test_an_index_out_of_range(index):
    game = his.Game()
    before = game.to_json()
    if abs(index) < 2**63:
        with pytest.raises(his.UnknownActionError, match="no action has index"):
            game.apply(index)
        with pytest.raises(his.UnknownActionError):
            his.action_text(index)
        with pytest.raises(his.UnknownActionError):
            his.action_description(index)
        assert not game.is_legal(index)
    else:
        with pytest.raises(OverflowError):
            game.apply(index)
    assert game.to_json() == before


def test_an_action_of_the_wrong_type():
    game = his.Game()
    for bad in ("pass", 1.0, None, [1]):
        with pytest.raises(TypeError):
            game.apply(bad)
    with pytest.raises(TypeError):
        game.apply_text(7)
    with pytest.raises(TypeError):
        his.action_from_text(7)


@pytest.mark.parametrize("text", ["", "fly", "pass now", "play_cp", "move_to atlantis"])
def test_text_that_is_no_action(text):
    game = his.Game()
    before = game.to_json()
    with pytest.raises(his.UnknownActionError, match="not an action"):
        game.apply_text(text)
    with pytest.raises(his.UnknownActionError):
        his.action_from_text(text)
    assert game.to_json() == before


def test_no_action_after_the_end(finished_game):
    game = finished_game.clone()
    with pytest.raises(his.IllegalActionError, match="the game is over"):
        game.apply(his.action_from_text("pass"))
    assert game == finished_game


@pytest.mark.parametrize("text", ["", "{", "null", "[]", '{"setup": 1}', "\x00\xff", "1e999"])
def test_corrupt_json(text):
    with pytest.raises(his.SaveError, match="not a valid saved game"):
        his.Game.from_json(text)


def test_json_of_an_invalid_game():
    import json

    save = json.loads(his.Game().to_json())
    assert his.Game.from_json(json.dumps(save)) == his.Game()
    # Well-formed JSON, but no game: a turn far past the last one, a
    # phase that does not exist, a missing field.
    for key, value in (("turn", 200), ("phase", "lunch"), ("format_version", 99)):
        broken = dict(save, **{key: value})
        with pytest.raises(his.SaveError):
            his.Game.from_json(json.dumps(broken))
    del save["control"]
    with pytest.raises(his.SaveError):
        his.Game.from_json(json.dumps(save))


def test_from_json_of_the_wrong_type():
    for bad in (None, 1, b"{}"):
        with pytest.raises(TypeError):
            his.Game.from_json(bad)


def test_bad_determinize_seed():
    game = his.Game()
    with pytest.raises(OverflowError):
        game.determinize("france", -1)
    with pytest.raises(TypeError):
        game.determinize("france", "x")


def test_masks_are_fresh_arrays():
    game = his.Game()
    mask = game.legal_action_mask()
    mask[:] = True  # the caller's copy; the game is not touched
    assert game.legal_action_mask().sum() == len(game.legal_actions())
    assert isinstance(mask, np.ndarray)
