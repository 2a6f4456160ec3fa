"""VectorEnv (docs/python.md): the same games, step for step, as one State
per slot driven from Python with the same seeds; any thread count; bots as
opponents; a bad step changes nothing."""

import os

import numpy as np
import pytest

import cardhall
from conftest import GAMES, need_hooks

N, SEED, STEPS, CUT = 4, 100, 400, 60


def choose(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize("name", GAMES)
def test_vector_equals_single_states(name):
    """Game j of slot i is dealt from SEED + i + j*N; games cut at max_steps."""
    need_hooks(name)
    game = cardhall.load_game(name)
    env = cardhall.VectorEnv(game, N, seed=SEED, max_steps=CUT)
    obs, masks, players = env.reset()
    dealt = [0] * N
    states = [game.new_initial_state(SEED + i) for i in range(N)]
    moves = [0] * N
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(STEPS):
        for i, s in enumerate(states):
            assert players[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor())
            assert np.array_equal(masks[i], s.legal_actions_mask())
        actions = choose(masks, rng)
        obs, rewards, terminated, masks = env.step(actions)
        players = env.current_players()
        truncated = env.truncated()
        for i in range(N):
            states[i].apply_action(int(actions[i]))
            moves[i] += 1
            over = states[i].is_terminal()
            cut = not over and moves[i] >= CUT
            assert terminated[i] == (over or cut) and truncated[i] == cut
            expect = states[i].returns() if over else [0.0] * game.num_players()
            assert rewards[i].tolist() == expect
            if over or cut:
                ended += 1
                dealt[i] += 1
                states[i] = game.new_initial_state(SEED + i + dealt[i] * N)
                moves[i] = 0
    assert ended > 0


@pytest.mark.parametrize("name", GAMES)
def test_threads_change_nothing(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    envs = [cardhall.VectorEnv(game, 7, seed=5, threads=t, max_steps=80) for t in (1, 3)]
    outs = [e.reset() for e in envs]
    assert all(np.array_equal(a, b) for a, b in zip(*outs))
    masks = outs[0][1]
    rng = np.random.default_rng(2)
    for _ in range(150):
        actions = choose(masks, rng)
        outs = [e.step(actions) for e in envs]
        for a, b in zip(*outs):
            assert np.array_equal(a, b)
        assert np.array_equal(envs[0].current_players(), envs[1].current_players())
        masks = outs[0][3]


@pytest.mark.parametrize("name", ["babasuki", "comrade"])
def test_opponents_play_every_other_seat(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    env = cardhall.VectorEnv(game, 3, seed=9, opponents="heuristic", seat=1)
    obs, masks, players = env.reset()
    assert (players == 1).all()
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(400):
        obs, rewards, terminated, masks = env.step(choose(masks, rng))
        assert (env.current_players() == 1).all()
        for i in np.flatnonzero(terminated):
            finished += 1
            assert rewards[i, 1] in (-1.0, 1.0)
        assert not rewards[~terminated].any()
    assert finished > 0


def test_bad_steps_change_nothing():
    need_hooks("racko")
    game = cardhall.load_game("racko")
    a = cardhall.VectorEnv(game, 3, seed=1)
    b = cardhall.VectorEnv(game, 3, seed=1)
    _, masks, _ = a.reset()
    b.reset()
    good = choose(masks, np.random.default_rng(0))
    bad = good.copy()
    bad[2] = np.flatnonzero(masks[2] == 0)[0]
    with pytest.raises(ValueError, match="slot 2"):
        a.step(bad)
    with pytest.raises(ValueError):
        a.step(good[:2])
    with pytest.raises(ValueError):
        a.step(np.array([-1, 0, 0]))
    with pytest.raises(TypeError):
        a.step(good + 0.5)  # ids are integers, never silently rounded
    for x, y in zip(a.step(good), b.step(good)):
        assert np.array_equal(x, y)


def test_bad_arguments_are_refused():
    need_hooks("racko")
    with pytest.raises(ValueError):
        cardhall.VectorEnv("racko", 0)
    with pytest.raises(ValueError):
        cardhall.VectorEnv("racko", 2, threads=0)
    with pytest.raises(ValueError):
        cardhall.VectorEnv("racko", 2, opponents="heuristic", seat=5)
    with pytest.raises(ValueError):
        cardhall.VectorEnv("racko", 2, opponents="nobody")


@pytest.mark.parametrize("name", GAMES)
def test_random_actions_are_legal_and_seeded(name):
    need_hooks(name)
    game = cardhall.load_game(name)
    a, b = (cardhall.VectorEnv(game, 16, seed=3, max_steps=50) for _ in range(2))
    _, masks, _ = a.reset()
    b.reset()
    seen = set()
    for _ in range(100):
        ids = a.random_actions()
        assert np.array_equal(ids, b.random_actions())
        assert masks[np.arange(16), ids].all()
        seen.update(ids.tolist())
        _, _, _, masks = a.step(ids)
        b.step(ids)
    assert len(seen) > 1


@pytest.mark.parametrize("name", GAMES)
def test_copy_false_returns_its_own_arrays_and_the_same_games(name):
    """copy=False hands back the env's arrays, the same objects every call and
    overwritten by the next step; the games are those of copy=True, with any
    number of worker threads, more workers than slots too."""
    need_hooks(name)
    game = cardhall.load_game(name)
    ref = cardhall.VectorEnv(game, 3, seed=7, max_steps=40)
    fast = [cardhall.VectorEnv(game, 3, seed=7, max_steps=40, threads=t, copy=False)
            for t in (1, 2, 5)]
    first = ref.reset()
    outs = [e.reset() for e in fast]
    for out in outs:
        assert all(np.array_equal(a, b) for a, b in zip(first[:2], out[:2]))
    held = [o.copy() for o in first[:2]]  # copy=True: a caller's arrays stay as they were
    own = outs[0][0]
    masks = first[1]
    rng = np.random.default_rng(4)
    for k in range(120):
        actions = choose(masks, rng)
        want = ref.step(actions)
        for j, e in enumerate(fast):
            got = e.step(actions)
            for a, b in zip(want, got):
                assert np.array_equal(a, b)
            assert np.array_equal(e.current_players(), ref.current_players())
            if j == 0:
                assert got[0] is own and got[3] is outs[0][1]
        if k == 0:  # ref's first arrays were not touched by its step
            assert all(np.array_equal(a, b) for a, b in zip(held, first[:2]))
        masks = want[3]
    assert fast[0].reset()[0] is own


@pytest.mark.parametrize("name,opponents", [("ragamaru(players=2)", None),
                                              ("ragamaru(players=5)", "random"),
                                              ("babasuki", None), ("babasuki(players=6)", "random")])
def test_kept_tensors_equal_fresh_ones_over_whole_games(name, opponents):
    """copy=False: RAGAMARU and Babasuki rewrite only what changed in each
    slot's kept row (observe_kept: the discard pile counted on from the last
    step, the cards' data written once). Over whole games and new deals, with
    bots moving in between, every row equals the state's own tensor, and
    the rows cannot be written from Python (a write would stay in later
    tensors)."""
    need_hooks("ragamaru")
    game = cardhall.load_game(name)
    kw = {"opponents": opponents} if opponents else {}
    ref = cardhall.VectorEnv(game, 6, seed=3, max_steps=250, **kw)
    kept = cardhall.VectorEnv(game, 6, seed=3, max_steps=250, copy=False, **kw)
    want, got = ref.reset(), kept.reset()
    masks, ended = want[1], 0
    rng = np.random.default_rng(5)
    for _ in range(600):
        actions = choose(masks, rng)
        want, got = ref.step(actions), kept.step(actions)
        for a, b in zip(want, got):
            assert np.array_equal(a, b)
        masks = want[3]
        ended += int(want[2].sum())
    assert ended >= 6  # new deals (games ended or cut) into kept rows were checked too
    obs, masks = got[0], got[3]
    with pytest.raises(ValueError):
        obs[0, 0] = 5.0
    with pytest.raises(ValueError):
        masks[0, 0] = 1


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_workers_start_with_the_env_and_end_with_it():
    """threads=4: three workers for the env's life, not threads started per step."""
    need_hooks("comrade")
    tasks = lambda: len(os.listdir("/proc/self/task"))  # noqa: E731
    before = tasks()
    env = cardhall.VectorEnv("comrade", 16, seed=2, threads=4)
    assert tasks() == before + 3
    for _ in range(20):
        env.step(env.random_actions())
        assert tasks() == before + 3
    del env
    assert tasks() == before
