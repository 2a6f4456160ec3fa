"""State.serialize / Game.deserialize_state (docs/python.md): records that
replay exactly, resampled states too, and hostile text refused with a
ValueError."""

import json
import pickle
import os
import subprocess

import pytest

import cardhall
from conftest import GAMES, need_hooks, walk


@pytest.mark.parametrize("name", GAMES)
def test_round_trip_along_a_game(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    for k, state in enumerate(walk(game.new_initial_state(21), 22, 150)):
        if k % 25:
            continue
        text = state.serialize()
        assert json.loads(text)["format"] == "cardhall-record/2"
        back = game.deserialize_state(text)
        assert back == state and back.history() == state.history()
        assert back.serialize() == text
        # The copy goes on exactly as the original: the generator is in the state.
        a = state.legal_actions()[-1]
        twin = state.clone()
        twin.apply_action(a)
        back.apply_action(a)
        assert back == twin


@pytest.mark.parametrize("name", GAMES)
def test_resampled_state_round_trips(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    state = game.new_initial_state(5)
    for _ in walk(state, 6, 30):
        pass
    world = state.resample(state.current_player(), seed=77)
    for a in world.legal_actions()[:1]:
        world.apply_action(a)
    world = world.resample(cardhall.SPECTATOR, seed=2**63 + 5)
    text = world.serialize()
    doc = json.loads(text)
    assert doc["format"] == "cardhall-state/1" and len(doc["resamples"]) == 2
    back = game.deserialize_state(text)
    assert back == world and back.history() == world.history()


def test_record_replays_in_the_program(tmp_path):
    """A serialized state is a cardhall record: `cardhall replay` reads it."""
    exe = os.environ.get("CARDHALL")
    if not exe:
        pytest.skip("CARDHALL (the program's path) not given")
    need_hooks("babasuki")
    game = cardhall.load_game("babasuki(players=3)")
    state = game.new_initial_state(9)
    while not state.is_terminal():
        state.apply_action(cardhall.bot_action(state, "heuristic", 1))
    path = tmp_path / "game.json"
    path.write_text(state.serialize())
    out = subprocess.run([exe, "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_a_program_record_loads():
    """A record the program wrote (with its result) loads as a State."""
    need_hooks("racko")
    game = cardhall.load_game("racko")
    state = game.new_initial_state(3)
    for _ in walk(state, 4, 40):
        pass
    doc = json.loads(state.serialize())
    assert "result" in doc and "hands" in doc
    assert game.deserialize_state(json.dumps(doc)) == state


def hostile(doc):
    return json.dumps(doc)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "not json", "record"),
    (lambda d: hostile(dict(d, format="something/9")), "format"),
    (lambda d: hostile(dict(d, game="rumino")), "game"),
    (lambda d: hostile(dict(d, options=dict(d["options"], players="3"))), "players"),
    (lambda d: hostile(dict(d, options=dict(d["options"], colour="red"))), "colour"),
    (lambda d: hostile(dict(d, seed=-1)), "seed"),
    (lambda d: hostile(dict(d, seed="12x")), "seed"),
    (lambda d: hostile(dict(d, actions="swap")), "actions"),
    (lambda d: hostile(dict(d, actions=[5])), "move 1"),
    (lambda d: hostile(dict(d, actions=["fly to the moon"])), "move 1"),
    (lambda d: hostile(dict(d, order=["1"])), "order"),
    (lambda d: hostile(dict(d, resamples=[{"at": 9, "viewer": 0, "seed": 1}])), "resample 1"),
    (lambda d: hostile(dict(d, resamples=[{"at": 0, "viewer": 7, "seed": 1}])), "resample 1"),
    (lambda d: hostile(dict(d, resamples=[{"at": 0, "viewer": 0}])), "resample 1"),
    (lambda d: hostile(dict(d, resamples={})), "resamples"),
    (lambda d: "[" * 100000, "record"),
])
def test_hostile_text_is_refused(mutate, message):
    game = cardhall.load_game("racko")
    doc = json.loads(game.new_initial_state(1).serialize())
    with pytest.raises(ValueError, match=message):
        game.deserialize_state(mutate(doc))


def test_too_large_text_is_refused():
    game = cardhall.load_game("racko")
    with pytest.raises(ValueError, match="larger"):
        game.deserialize_state(" " * ((32 << 20) + 1))


def test_a_card_file_travels_in_the_text(tmp_path):
    """Draft Babasuki's cards=FILE: the serialized state carries the file's
    content, so it loads where the file is gone; a game without that deck
    refuses it."""
    need_hooks("babasuki")
    src = os.path.join(os.path.dirname(__file__), "..", "..", "data", "babasuki", "default.csv")
    deck = tmp_path / "mydeck.csv"
    deck.write_text(open(src, encoding="utf-8").read())
    game = cardhall.load_game(f"babasuki(cards={deck})")
    state = game.new_initial_state(4)
    for _ in walk(state, 5, 20):
        pass
    text = state.serialize()
    doc = json.loads(text)
    assert doc["options"]["cards"] == "mydeck.csv" and "data" in doc
    again = pickle.loads(pickle.dumps(game))
    assert again == game
    deck.unlink()
    assert game.deserialize_state(text) == state
    with pytest.raises(ValueError, match="cards"):
        cardhall.load_game("babasuki").deserialize_state(text)
