#!/usr/bin/env python3
"""Steps per second of a random policy, side by side with pyspiel (docs/python.md):

  loop       a Python loop over one State: legal_actions, apply_action and
             observation_tensor at every step (what a pyspiel user writes);
  vector     VectorEnv(copy=True): n games stepped in C, fresh observation and
             mask arrays every step, actions from env.random_actions();
  nocopy     the same with copy=False: the env's own arrays, rewritten each step;
  nocopy x2  nocopy with two worker threads;
  numpy      (--numpy) nocopy, the action chosen in numpy from the masks;
  pyspiel    the same Python loop over OpenSpiel's nearest game (chance
             outcomes sampled, observation_tensor of the player to move;
             information_state_tensor for hearts and oh_hell, which have
             no other).

Each cardhall game is paired with its nearest OpenSpiel game, as in the
engine's harness (/work/shared/bench/README.md): RAGAMARU with crazy_eights,
Comrade with hearts and oh_hell, Rumino with gin_rummy; Rack-O (draw from the
stock or the discard, discard one) with gin_rummy, Draft Babasuki (four seats
drawing from each other's hands) with 4-player crazy_eights. Every round runs
every figure once, the two sides of a pair one after the other (which side
first alternates), so drift in the machine's load hits both; the tables show
each figure's median over the rounds and the median of each round's ratio.

    make python && bench/python/build_pyspiel.sh OPEN_SPIEL_ROOT /tmp/pyspiel
    PYTHONPATH=build/python:/tmp/pyspiel/build /usr/bin/python3 bench/python/bench.py

Games that run long under random play (random Rack-O players rarely finish)
are cut and dealt again after --max-moves moves; each figure counts moves.
Without pyspiel only cardhall's columns are printed.
"""

import argparse
import random
import statistics
import time

import numpy as np

import cardhall

# (cardhall game, OpenSpiel game): nearest pairs.
PAIRS = [
    ("racko", "gin_rummy"),
    ("ragamaru(players=2)", "crazy_eights(players=2)"),
    ("ragamaru(players=5)", "crazy_eights(players=5)"),
    ("rumino(players=2)", "gin_rummy"),
    ("babasuki", "crazy_eights(players=4)"),
    ("comrade", "hearts"),
    ("comrade", "oh_hell"),
]


# The clock every figure reads: wall time, or with --clock cpu this process's
# CPU time (steadier on a shared machine; one thread's columns only).
clock = time.perf_counter


def clock_rate(steps, start):
    return steps / (clock() - start)


def loop_cardhall(spec, seconds, max_moves, seed=1):
    game = cardhall.load_game(spec)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps, moves, deal = 0, 0, seed
    end = clock() + seconds
    start = clock()
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
        if clock() >= end:
            return clock_rate(steps, start)


def vector_cardhall(spec, seconds, max_moves, n, threads=1, copy=True, in_numpy=False, seed=1):
    env = cardhall.VectorEnv(spec, n, seed=seed, threads=threads, max_steps=max_moves, copy=copy)
    rng = np.random.default_rng(seed)
    obs, masks, _ = env.reset()
    steps = 0
    end = clock() + seconds
    start = clock()
    while clock() < end:
        if in_numpy:  # a uniform legal id per row: the largest random key among the legal ones
            actions = np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1)
        else:
            actions = env.random_actions()
        obs, rewards, terminated, masks = env.step(actions)
        steps += n
    return clock_rate(steps, start)


def loop_pyspiel(pyspiel, spec, seconds, seed=1):
    rng = random.Random(seed)
    game = pyspiel.load_game(spec)
    # hearts and oh_hell have no observation tensor in OpenSpiel, only the
    # information state tensor (the whole history); it is what they offer.
    tensor = ("observation_tensor" if game.get_type().provides_observation_tensor
              else "information_state_tensor")
    state = game.new_initial_state()
    steps = 0
    end = clock() + seconds
    start = clock()
    while True:
        for _ in range(256):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            getattr(state, tensor)(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        if clock() >= end:
            return clock_rate(steps, start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="per figure and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--envs", type=int, default=256, help="VectorEnv slots")
    ap.add_argument("--threads", type=int, default=2, help="workers of the last vector column")
    ap.add_argument("--max-moves", type=int, default=1000)
    ap.add_argument("--numpy", action="store_true", help="add the numpy column")
    ap.add_argument("--games", help="only these cardhall games (comma-separated names)")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="cpu: this process's CPU time, without the threads column")
    args = ap.parse_args()
    global clock
    if args.clock == "cpu":
        clock = time.process_time

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    pairs = [(c, o) for c, o in PAIRS
             if not args.games or c.split("(")[0] in args.games.split(",")]
    cols = (["loop", "vector", "nocopy"] + ([f"nocopy x{args.threads}"] if args.clock == "wall" else [])
            + (["numpy"] if args.numpy else []))
    runs = {
        "loop": lambda s: loop_cardhall(s, args.seconds, args.max_moves),
        "vector": lambda s: vector_cardhall(s, args.seconds, args.max_moves, args.envs),
        "nocopy": lambda s: vector_cardhall(s, args.seconds, args.max_moves, args.envs, copy=False),
        f"nocopy x{args.threads}": lambda s: vector_cardhall(s, args.seconds, args.max_moves, args.envs,
                                           threads=args.threads, copy=False),
        "numpy": lambda s: vector_cardhall(s, args.seconds, args.max_moves, args.envs,
                                           copy=False, in_numpy=True),
    }
    got = {}  # (side, game, column) -> rates over the rounds
    for r in range(args.rounds):
        done = set()
        for ch, os_ in pairs:
            # Alternate which side of the pair goes first from round to round.
            sides = [("ch", ch), ("os", os_)] if r % 2 == 0 else [("os", os_), ("ch", ch)]
            for side, spec in sides:
                if (side, spec) in done:
                    continue
                done.add((side, spec))
                if side == "ch":
                    for c in cols:
                        got.setdefault((side, spec, c), []).append(runs[c](spec))
                elif pyspiel:
                    got.setdefault((side, spec, "loop"), []).append(
                        loop_pyspiel(pyspiel, spec, args.seconds, seed=r + 1))

    med = {k: statistics.median(v) for k, v in got.items()}
    print(f"cardhall {cardhall.__version__}: random play, steps per {args.clock} second, median "
          f"of {args.rounds} alternated rounds of {args.seconds:g} s a figure, VectorEnv n={args.envs}")
    print(f"{'game':20}" + "".join(f"{c:>13}" for c in cols))
    for spec in dict.fromkeys(c for c, _ in pairs):
        print(f"{spec:20}" + "".join(f"{med[('ch', spec, c)]:13,.0f}" for c in cols))
    if not pyspiel:
        print("pyspiel not found: no OpenSpiel comparison (bench/python/build_pyspiel.sh "
              "builds it; put its folder on PYTHONPATH)")
        return
    print()
    print(f"{'OpenSpiel (pyspiel)':24}{'loop':>13}   cardhall game: each column / pyspiel's loop, "
          "median of the rounds' ratios")
    print(f"{'':24}{'':13}   {'':20}" + "".join(f"{c:>13}" for c in cols))
    for ch, os_ in pairs:
        base = got[("os", os_, "loop")]
        # Each round's ratio, of figures taken one after the other: drift in
        # the machine's load between rounds cancels.
        ratios = [statistics.median(a / b for a, b in zip(got[("ch", ch, c)], base))
                  for c in cols]
        print(f"{os_:24}{med[('os', os_, 'loop')]:13,.0f}   {ch:20}" +
              "".join(f"{r:12.1f}x" for r in ratios))

if __name__ == "__main__":
    main()
