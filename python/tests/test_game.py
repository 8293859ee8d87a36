"""The Game object: creation, the game loop, reading, copies and saves."""

import copy
import pickle

import numpy as np
import pytest

import here_i_stand as his
from conftest import play, play_out


def test_constants_describe_the_engine():
    assert his.ACTION_COUNT > 1000
    assert his.OBSERVATION_LEN > 1000
    assert his.POWERS == ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]
    assert his.SCENARIOS == ["1517", "1532", "2p", "tournament"]
    assert his.SCENARIO_POWERS["2p"] == ["papacy", "protestant"]
    assert his.SCENARIO_POWERS["1517"] == his.POWERS


def test_a_new_game_starts_at_turn_one_undecided():
    game = his.Game()
    assert game.scenario == "1517"
    assert game.seed == 0
    assert game.turn == 1
    assert game.phase == "luthers_theses"
    assert game.decider() in his.POWERS
    assert not game.is_over()
    assert game.winner() is None
    assert game.outcome() is None
    assert game.returns() == [0.0] * 6
    assert game.powers() == his.POWERS
    assert "here_i_stand.Game 1517 seed 0" in repr(game)


@pytest.mark.parametrize("scenario", ["1517", "1532", "2p", "tournament"])
def test_every_scenario_starts_with_a_decider_of_its_powers(scenario):
    game = his.Game(scenario, seed=3)
    assert game.scenario == scenario
    assert game.decider() in his.SCENARIO_POWERS[scenario]
    assert game.powers() == his.SCENARIO_POWERS[scenario]
    assert game.legal_actions()


def test_1532_starts_on_turn_four():
    assert his.Game("1532").turn == 4


def test_players_group_powers_by_the_standard_assignment():
    game = his.Game(players=3)
    # Three players: Ottoman + France, Hapsburg + Papacy, England + Protestant.
    assert game.player_of("ottoman") == game.player_of("france")
    assert game.player_of("hapsburg") == game.player_of("papacy")
    assert game.player_of("ottoman") != game.player_of("hapsburg")
    assert game.deciding_player() == game.player_of(game.decider())
    assert len(game.player_returns()) == 6


def test_players_as_groups_of_power_names():
    groups = [["ottoman", "france"], ["hapsburg"], ["england", "protestant"], ["papacy"]]
    game = his.Game("1532", players=groups)
    assert game.player_of("ottoman") == game.player_of("france") == 0
    assert game.player_of("papacy") == 3


def test_the_mask_marks_exactly_the_legal_actions():
    game = his.Game(seed=1)
    for _ in range(40):
        mask = game.legal_action_mask()
        assert mask.dtype == np.bool_
        assert mask.shape == (his.ACTION_COUNT,)
        legal = game.legal_actions()
        assert list(np.flatnonzero(mask)) == legal
        assert all(game.is_legal(a) for a in legal)
        game.apply(legal[-1])


def test_apply_moves_the_game_and_logs_its_events():
    game = his.Game(seed=2)
    before = game.to_json()
    assert game.events() == []
    game.apply(game.legal_actions()[0])
    assert game.to_json() != before
    lines = []
    for _ in range(60):
        game.apply(game.legal_actions()[0])
        lines += game.events()
    assert lines and all(isinstance(line, str) and line for line in lines)


def test_every_action_index_round_trips_through_its_text():
    for index in range(his.ACTION_COUNT):
        text = his.action_text(index)
        assert his.action_from_text(text) == index
    assert his.action_text(his.action_from_text("pass")) == "pass"
    assert his.action_description(his.action_from_text("pass"))


def test_apply_text_is_apply_of_the_index():
    by_index, by_text = his.Game(seed=4), his.Game(seed=4)
    for action in play(by_index, 100, seed=4):
        by_text.apply_text(his.action_text(action))
    assert by_text == by_index


def test_same_seed_and_actions_same_game():
    a, b = his.Game(seed=9), his.Game(seed=9)
    for action in play(a, 150, seed=1):
        b.apply(action)
    assert a == b
    assert a != his.Game(seed=10)
    assert a != "not a game"


def test_json_saves_read_back_equal():
    game = his.Game("1532", seed=6)
    play(game, 300, seed=6)
    text = game.to_json()
    again = his.Game.from_json(text)
    assert again == game
    assert again.to_json() == text
    # And it plays on identically.
    for action in play(game, 50, seed=7):
        again.apply(action)
    assert again == game


def test_copies_are_independent():
    game = his.Game(seed=8)
    play(game, 20)
    for twin in (copy.copy(game), copy.deepcopy(game), game.clone()):
        assert twin == game
        twin.apply(twin.legal_actions()[0])
        assert twin != game


def test_games_pickle_through_json():
    game = his.Game("2p", seed=3)
    play(game, 80)
    again = pickle.loads(pickle.dumps(game))
    assert isinstance(again, his.Game)
    assert again == game


def test_observations_are_float32_vectors_of_observation_len():
    game = his.Game(seed=1)
    play(game, 30)
    seen = {power: game.observation(power) for power in his.POWERS}
    for planes in seen.values():
        assert planes.dtype == np.float32
        assert planes.shape == (his.OBSERVATION_LEN,)
    # The viewer is encoded, so no two powers see the same vector.
    assert not np.array_equal(seen["france"], seen["england"])
    assert np.array_equal(seen["france"], game.observation("france"))


def test_the_compact_observation_holds_one_number_per_one_hot_group():
    game = his.Game(seed=1)
    play(game, 30)
    compact = game.observation("france", compact=True)
    assert compact.dtype == np.float32
    assert compact.shape == (his.COMPACT_OBSERVATION_LEN,)
    assert his.COMPACT_OBSERVATION_LEN < his.OBSERVATION_LEN
    # The first block is each space's controller as a category number.
    assert compact[:134].min() >= 1 and compact.max() <= his.OBSERVATION_MAX


def test_a_determinized_game_looks_the_same_to_its_viewer():
    game = his.Game(seed=3)
    play(game, 50, seed=3)
    guess = game.determinize("france", seed=1)
    assert isinstance(guess, his.Game)
    assert np.array_equal(guess.observation("france"), game.observation("france"))
    assert guess.decider() == game.decider()
    assert guess.legal_actions() == game.legal_actions() or guess.decider() != "france"


def test_summary_and_decision_describe_the_position():
    game = his.Game()
    assert game.summary().startswith("Turn 1, Luther's 95 Theses phase")
    decision = game.decision()
    assert decision["power"] == game.decider()
    assert decision["kind"] and decision["prompt"]


def test_vp_of_every_power():
    game = his.Game()
    assert all(isinstance(game.vp(power), int) for power in his.POWERS)
    assert game.vp("papacy") > 0


def test_a_finished_game_has_a_winner_and_returns(finished_game):
    game = finished_game
    assert game.is_over()
    assert game.decider() is None
    assert game.deciding_player() is None
    assert game.legal_actions() == []
    assert not game.legal_action_mask().any()
    winner = game.winner()
    assert winner in his.SCENARIO_POWERS["2p"]
    outcome = game.outcome()
    assert outcome["winner"] == winner
    assert outcome["kind"] in {"military", "religious", "standard", "domination", "time"}
    assert winner.capitalize() in outcome["text"]
    returns = game.returns()
    assert returns[his.POWERS.index(winner)] == 1.0
    assert sum(returns) == 1.0
    assert "Game over" in game.summary()
    assert his.Game.from_json(game.to_json()) == game


def test_a_1517_game_plays_to_its_end():
    game = his.Game("1517", seed=11)
    decisions = play_out(game, seed=11)
    assert decisions > 100
    assert game.is_over() and game.winner() in his.POWERS
