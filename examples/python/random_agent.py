#!/usr/bin/env python3
"""A random agent, the pyspiel way and the VectorEnv way (docs/python.md).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/random_agent.py "comrade" --seed 1
"""

import argparse
import random

import numpy as np

import cardhall


def play_one(game, seed):
    """One game of random legal moves through the State API; returns the state."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not state.is_terminal() and state.move_number() < game.max_game_length():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def play_vector(game, n, steps, seed):
    """n games at once through VectorEnv: a uniform legal action per slot each step."""
    env = cardhall.VectorEnv(game, n, seed=seed, max_steps=1000)
    rng = np.random.default_rng(seed)
    obs, masks, players = env.reset()
    finished = 0
    for _ in range(steps):
        # A uniform legal id per row: the largest random key among the legal ones.
        actions = np.argmax(masks * rng.random(masks.shape), axis=1)
        obs, rewards, terminated, masks = env.step(actions)
        finished += int(terminated.sum())
    return finished


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="comrade", help="game text, e.g. 'rumino(players=3)'")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = cardhall.load_game(args.game)
    state = play_one(game, args.seed)
    print(f"{game}: {state.move_number()} moves, over: {state.is_terminal()}")
    print(f"returns: {state.returns()}")
    print(state.observation_string(0))
    n = play_vector(game, 16, 200, args.seed)
    print(f"VectorEnv: 16 slots x 200 steps, {n} games ended")


if __name__ == "__main__":
    main()
