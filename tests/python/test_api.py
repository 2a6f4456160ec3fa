"""The module's API (docs/python.md): games and options, states, actions and
masks, notation round trips, returns, clone and errors that change nothing."""

import copy
import pickle
import re

import numpy as np
import pytest

import cardhall
from conftest import GAMES, need_hooks, walk


def test_every_game_is_listed():
    assert GAMES == ["racko", "ragamaru", "rumino", "babasuki", "comrade"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_action_ids_and_a_tensor(name):
    """The other tests skip a game without the hooks; no game of this tree may lack them."""
    game = cardhall.load_game(name)
    assert game.num_distinct_actions() > 0
    assert game.observation_tensor_size() > 0


def test_load_game_forms_agree():
    a = cardhall.load_game("rumino(players=3,knock_limit=5)")
    b = cardhall.Game("rumino", players=3, knock_limit=5)
    c = cardhall.load_game("rumino", {"players": 3, "knock_limit": 5})
    assert a == b == c
    assert str(a) == "rumino(players=3,knock_limit=5)"
    assert a.num_players() == 3
    assert a.options()["knock_limit"] == 5
    assert str(cardhall.load_game("racko")) == "racko"
    assert pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize("text", ["nope", "rumino(players=9)", "rumino(colour=red)",
                                  "rumino(players=3", "racko(players=x)",
                                  "babasuki(players=2,first_dealer=3)",
                                  "babasuki(cards=/nonexistent/deck.csv)"])
def test_bad_game_text_is_refused(text):
    with pytest.raises(ValueError):
        cardhall.load_game(text)


def test_bad_option_types_are_refused():
    with pytest.raises(TypeError):
        cardhall.Game("racko", players=2.5)


@pytest.mark.parametrize("name", GAMES)
def test_bots_are_listed(name):
    bots = cardhall.load_game(name).bots()
    assert bots[:2] == ["random", "heuristic"]


@pytest.mark.parametrize("name", GAMES)
def test_states_and_masks(name):
    """legal_actions is ascending, inside the space, and the mask says the same."""
    need_hooks(name)
    game = cardhall.load_game(name)
    n = game.num_distinct_actions()
    for state in walk(game.new_initial_state(3), 5, 1000):
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal
        assert 0 <= legal[0] and legal[-1] < n
        mask = state.legal_actions_mask()
        assert mask.dtype == np.uint8 and mask.shape == (n,)
        assert np.flatnonzero(mask).tolist() == legal
        other = (state.current_player() + 1) % game.num_players()
        assert state.legal_actions(other) == []
        assert not state.legal_actions_mask(other).any()


@pytest.mark.parametrize("name", GAMES)
def test_action_strings_round_trip(name):
    """Every legal id's notation reads back to the same id (docs/notation.md)."""
    need_hooks(name)
    game = cardhall.load_game(name)
    for state in walk(game.new_initial_state(4), 6, 600):
        texts = set()
        for a in state.legal_actions():
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a
            assert state.action_to_string(a, state.current_player()) == text
            other = (state.current_player() + 1) % game.num_players()
            with pytest.raises(ValueError, match="not to move"):
                state.action_to_string(a, other)
            texts.add(text)
        assert len(texts) == len(state.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_raises_and_changes_nothing(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    state = game.new_initial_state(8)
    before = state.clone()
    illegal = [a for a in range(game.num_distinct_actions()) if a not in state.legal_actions()]
    for a in illegal[:20] + [-1, game.num_distinct_actions(), 10**12]:
        with pytest.raises((ValueError, OverflowError)):
            state.apply_action(a)
        assert state == before and state.history() == []
    # The message says what is legal instead, by id and notation.
    first = state.legal_actions()[0]
    with pytest.raises(ValueError, match=rf"legal: .*{first} \({re.escape(state.action_to_string(first))}"):
        state.apply_action(illegal[0])
    with pytest.raises(ValueError):
        state.string_to_action("no such move")
    with pytest.raises(ValueError):
        state.action_to_string(illegal[0])
    assert state == before


@pytest.mark.parametrize("name", GAMES)
def test_observation_shape_and_type(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    shape = tuple(game.observation_tensor_shape())
    assert int(np.prod(shape)) == game.observation_tensor_size()
    for state in walk(game.new_initial_state(9), 10, 100):
        for p in list(range(game.num_players())) + [cardhall.SPECTATOR]:
            obs = state.observation_tensor(p)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert np.isfinite(obs).all()
        assert np.array_equal(state.observation_tensor(),
                              state.observation_tensor(state.current_player()))


@pytest.mark.parametrize("name", GAMES)
def test_no_leak_tensor_string_view(name):
    """What a seat observes is the same for the true state and for any resample
    from that seat's view: the tensor, the rendered view and the view dict."""
    need_hooks(name)
    game = cardhall.load_game(name)
    k = 0
    for seed in (11, 12):
        for state in walk(game.new_initial_state(seed), seed, 1500):
            for p in list(range(game.num_players())) + [cardhall.SPECTATOR]:
                k += 1
                other = state.resample(p, seed=k)
                assert np.array_equal(state.observation_tensor(p), other.observation_tensor(p))
                assert state.observation_string(p) == other.observation_string(p)
                assert state.view(p) == other.view(p)


@pytest.mark.parametrize("name", GAMES)
def test_observation_string_names_seats(name):
    """The board reads as `cardhall play` shows it (issue 24): seats by number,
    the viewer's own marked, no placeholder left for a front end to fill."""
    game = cardhall.load_game(name)
    state = game.new_initial_state(3)
    for p in range(game.num_players()):
        text = state.observation_string(p)
        assert "{P" not in text
        assert "Seat %d (you)" % (p + 1) in text
    assert "(you)" not in state.observation_string(cardhall.SPECTATOR)


def test_resample_changes_hidden_cards():
    """Resampling really deals again (else the no-leak test proves nothing)."""
    game = cardhall.load_game("rumino")
    state = game.new_initial_state(1)
    worlds = {state.resample(0, seed=s).observation_string(1) for s in range(10)}
    assert len(worlds) > 1
    assert all(state.resample(0, seed=s).observation_string(0) == state.observation_string(0)
               for s in range(10))


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent_and_history_grows(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    state = game.new_initial_state(2)
    a = state.legal_actions()[0]
    twin = state.clone()
    state.apply_action(a)
    assert twin.history() == [] and state.history() == [a]
    assert twin != state
    twin.apply_action(a)
    assert twin == state and copy.deepcopy(state) == state
    assert state.move_number() == 1


@pytest.mark.parametrize("name", ["babasuki", "comrade"])
def test_returns_follow_the_result(name):
    """+1 for every winner, -1 for the others, 0 before the end (docs/python.md);
    Comrade's team result is every seat's."""
    need_hooks(name)
    game = cardhall.load_game(name)
    for seed in range(5):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            assert state.returns() == [0.0] * game.num_players()
            assert state.rewards() == [0.0] * game.num_players()
            state.apply_action(cardhall.bot_action(state, "heuristic", seed))
        winners = state.result()["winners"]
        expected = [1.0 if p in winners else -1.0 for p in range(game.num_players())]
        assert state.returns() == expected == state.rewards()
        assert state.current_player() == cardhall.TERMINAL
        if name == "comrade":
            assert len(set(state.returns())) == 1


def test_seat_arguments_are_checked():
    state = cardhall.load_game("racko").new_initial_state(1)
    for bad in (2, -3, 100):
        with pytest.raises(ValueError):
            state.observation_string(bad)
    with pytest.raises(ValueError):
        state.resample(5)


@pytest.mark.parametrize("name", GAMES)
def test_bot_action_is_legal_and_repeatable(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    state = game.new_initial_state(5)
    for bot in ("random", "heuristic", "pimc:iters=40"):
        a = cardhall.bot_action(state, bot, seed=3)
        assert a in state.legal_actions()
        assert cardhall.bot_action(state, bot, seed=3) == a
    with pytest.raises(ValueError):
        cardhall.bot_action(state, "nobody")


@pytest.mark.parametrize("deck,out", [("advanced", {}), ("advanced_noloop", {"loop": 4}),
                                      ("beginner", {"conv": 2}),
                                      ("beginner_noloop", {"loop": 4, "conv": 2})])
def test_ragamaru_out_of_play_plane_follows_the_deck(deck, out):
    """docs/spaces.md, RAGAMARU 523-623: copies per face the deck option leaves out
    of play (RG-V1, RG-V2): 4 Loops, 2 Conversions; nothing for the full advanced deck."""
    need_hooks("ragamaru")
    state = cardhall.load_game(f"ragamaru(deck={deck})").new_initial_state(3)
    plane = state.observation_tensor()[523:624]
    assert plane.sum() == sum(out.values())
    assert set(np.unique(plane)) <= {0.0, 1.0, 2.0}  # a face has one or two copies
