#!/usr/bin/env python3
"""Steps per second of a random policy, side by side (docs/python.md):

  loop       a Python loop over one State: legal_actions, apply_action and
             observation_tensor at every step (what a pyspiel user writes);
  vector     VectorEnv: n games stepped in C, observations and masks for every
             slot, a uniform legal action per slot from env.random_actions();
  numpy      the same, the action chosen in numpy from the masks (what a
             learner's masked policy costs at least);
  pyspiel    the same Python loop over OpenSpiel's nearest games (crazy_eights,
             hearts, oh_hell, gin_rummy), chance outcomes sampled, when pyspiel
             is importable.

    make python && PYTHONPATH=build/python /usr/bin/python3 bench/python/bench.py [--seconds 2]

Games that run long under random play (random Rack-O players never finish)
are cut and dealt again after --max-moves moves; each figure counts moves.
"""

import argparse
import random
import time

import numpy as np

import cardhall

PYSPIEL_GAMES = ["crazy_eights", "hearts", "oh_hell", "gin_rummy"]


def loop_cardhall(game, seconds, max_moves, seed=1):
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps, moves, deal = 0, 0, seed
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while True:
        for _ in range(256):
            if state.is_terminal() or moves >= max_moves:
                deal += 1
                state = game.new_initial_state(deal)
                moves = 0
            state.observation_tensor()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
            moves += 1
        if time.perf_counter() >= end:
            return steps / (time.perf_counter() - start)


def vector_cardhall(game, seconds, max_moves, n, threads, in_numpy, seed=1):
    env = cardhall.VectorEnv(game, n, seed=seed, threads=threads, max_steps=max_moves)
    rng = np.random.default_rng(seed)
    obs, masks, _ = env.reset()
    steps = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        if in_numpy:  # a uniform legal id per row: the largest random key among the legal ones
            actions = np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1)
        else:
            actions = env.random_actions()
        obs, rewards, terminated, masks = env.step(actions)
        steps += n
    return steps / (time.perf_counter() - start)


def loop_pyspiel(pyspiel, name, seconds, seed=1):
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    steps = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        for _ in range(256):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per figure")
    ap.add_argument("--envs", type=int, default=256, help="VectorEnv slots")
    ap.add_argument("--threads", type=int, default=2, help="VectorEnv threads for the last column")
    ap.add_argument("--max-moves", type=int, default=1000)
    ap.add_argument("--games", default=",".join(cardhall.games()))
    args = ap.parse_args()

    print(f"cardhall {cardhall.__version__}: random play, steps per second "
          f"({args.seconds:g} s a figure, VectorEnv n={args.envs})")
    print(f"{'game':12} {'loop':>12} {'vector':>12} {'numpy':>12} "
          f"{'vector x' + str(args.threads):>12} {'vector/loop':>12}")
    for name in args.games.split(","):
        game = cardhall.load_game(name)
        try:
            game.num_distinct_actions()
        except NotImplementedError:
            print(f"{name:12} (no action ids in this build)")
            continue
        loop = loop_cardhall(game, args.seconds, args.max_moves)
        vec = vector_cardhall(game, args.seconds, args.max_moves, args.envs, 1, False)
        vec_np = vector_cardhall(game, args.seconds, args.max_moves, args.envs, 1, True)
        vec_t = vector_cardhall(game, args.seconds, args.max_moves, args.envs, args.threads, False)
        print(f"{name:12} {loop:12,.0f} {vec:12,.0f} {vec_np:12,.0f} {vec_t:12,.0f} "
              f"{vec / loop:11.1f}x")

    try:
        import pyspiel
    except ImportError:
        print("pyspiel not found: no OpenSpiel comparison (OpenSpiel's Python API, "
              f"on {', '.join(PYSPIEL_GAMES)}, is measured when pyspiel is importable)")
        return
    print(f"OpenSpiel (pyspiel), the same Python loop:")
    for name in PYSPIEL_GAMES:
        try:
            rate = loop_pyspiel(pyspiel, name, args.seconds)
        except Exception as e:  # a game missing from this OpenSpiel build
            print(f"{name:12} not measured: {e}")
            continue
        print(f"{name:12} {rate:12,.0f}")


if __name__ == "__main__":
    main()
