#!/usr/bin/env python3
"""REINFORCE by self-play, in numpy alone: a linear softmax policy over the
observation tensor learns Draft Babasuki (2 players) from its own games, then
plays the random and heuristic bots. Writes the learning curve as SVG.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/reinforce.py --svg curve.svg

Every seat of every game is the policy itself (VectorEnv with no opponents);
each move's log-probability is pushed up by the game's return for its seat
(+1 a win, -1 a loss) minus a running baseline, with Adam. Evaluation plays
the policy (greedy) at every seat in turn against a bot at the others.
"""

import argparse
import time

import numpy as np

import cardhall


class LinearPolicy:
    """Softmax over the legal ids of obs @ W + b."""

    def __init__(self, obs_size, n_actions, seed):
        rng = np.random.default_rng(seed)
        self.W = rng.normal(0, 0.01, (obs_size, n_actions)).astype(np.float32)
        self.b = np.zeros(n_actions, np.float32)
        self.adam = [np.zeros_like(self.W), np.zeros_like(self.W),
                     np.zeros_like(self.b), np.zeros_like(self.b)]
        self.t = 0

    def probs(self, obs, masks):
        logits = obs @ self.W + self.b
        logits = np.where(masks > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits) * (masks > 0)
        return p / p.sum(axis=1, keepdims=True)

    def sample(self, obs, masks, rng):
        p = self.probs(obs, masks)
        # One inverse-CDF draw per row.
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1), p.astype(np.float32)

    def greedy(self, obs, masks):
        return np.argmax(np.where(masks > 0, obs @ self.W + self.b, -np.inf), axis=1)

    def update(self, obs, p, actions, advantages, lr):
        """One Adam step up the gradient of sum(advantage * log pi(action)); p are
        the probabilities the moves were sampled from (the current ones: on-policy)."""
        g = -p
        g[np.arange(len(actions)), actions] += 1.0
        g *= advantages[:, None] / len(actions)
        grads = (obs.T @ g, g.sum(axis=0))
        self.t += 1
        for k, (param, grad) in enumerate(zip((self.W, self.b), grads)):
            m, v = self.adam[2 * k], self.adam[2 * k + 1]
            m[:] = 0.9 * m + 0.1 * grad
            v[:] = 0.999 * v + 0.001 * grad * grad
            mh = m / (1 - 0.9 ** self.t)
            vh = v / (1 - 0.999 ** self.t)
            param += (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)


def collect(env, policy, games, rng):
    """Plays self-play games until `games` have ended; returns the moves of
    the finished games as (obs, probs, actions, returns) arrays, each move's
    return being the one its seat got when its game ended."""
    n = env.num_envs
    obs, masks, seats = env.reset()
    gid = np.arange(n)  # which game each slot is playing
    next_gid = n
    steps = ([], [], [], [], [])  # per step: obs, masks, actions, seats, game ids
    outcome = {}  # game id -> returns per seat, for the games that ended (not cut)
    while len(outcome) < games:
        actions, probs = policy.sample(obs, masks, rng)
        for k, x in enumerate((obs, probs, actions, seats, gid.copy())):
            steps[k].append(x)
        obs, rewards, terminated, masks = env.step(actions)
        seats = env.current_players()
        truncated = env.truncated()
        for i in np.flatnonzero(terminated):
            if not truncated[i]:
                outcome[gid[i]] = rewards[i]
            gid[i] = next_gid
            next_gid += 1
    obs, probs, actions, seats, gids = (np.concatenate(x) for x in steps)
    done = np.array([g in outcome for g in gids])
    returns = np.array([outcome[g][s] for g, s in zip(gids[done], seats[done])], np.float32)
    return obs[done], probs[done], actions[done], returns


def evaluate(game, policy, opponent, games, seed):
    """The policy's win rate (a shared win counts 1/k) with one seat against
    `opponent` at the others, seats taken in turn."""
    players = game.num_players()
    wins, played = 0.0, 0
    for seat in range(players):
        env = cardhall.VectorEnv(game, 32, seed=seed + 1000 * seat, opponents=opponent, seat=seat)
        obs, masks, _ = env.reset()
        done = 0
        want = games // players
        while done < want:
            obs, rewards, terminated, masks = env.step(policy(obs, masks))
            for i in np.flatnonzero(terminated):
                if done < want:
                    r = rewards[i]
                    wins += (r[seat] > 0) / max(1, int((r > 0).sum()))
                    done += 1
        played += done
    return wins / played


def random_policy(seed):
    rng = np.random.default_rng(seed)
    return lambda obs, masks: np.argmax(masks * rng.random(masks.shape), axis=1)


def write_svg(path, curve, random_rate, title):
    """The learning curve as a hand-written SVG: win rate against random by training games."""
    w, h, left, right, top, bottom = 640, 360, 60, 20, 40, 50
    xmax = max(x for x, _ in curve) or 1
    ymin, ymax = 0.0, 1.0

    def px(x):
        return left + (w - left - right) * x / xmax

    def py(y):
        return top + (h - top - bottom) * (1 - (y - ymin) / (ymax - ymin))

    pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in curve)
    grid = "".join(
        f'<line x1="{left}" y1="{py(v):.1f}" x2="{w - right}" y2="{py(v):.1f}" stroke="#ddd"/>'
        f'<text x="{left - 8}" y="{py(v) + 4:.1f}" text-anchor="end">{int(v * 100)}%</text>'
        for v in (0, 0.25, 0.5, 0.75, 1.0))
    ticks = "".join(
        f'<text x="{px(x):.1f}" y="{h - bottom + 18}" text-anchor="middle">{x}</text>'
        for x in sorted({curve[0][0], curve[len(curve) // 2][0], curve[-1][0]}))
    dots = "".join(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="#1f5fa8"/>'
                   for x, y in curve)
    svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">
<rect width="{w}" height="{h}" fill="white"/>
<text x="{w / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>
{grid}
<line x1="{left}" y1="{py(random_rate):.1f}" x2="{w - right}" y2="{py(random_rate):.1f}" stroke="#c33" stroke-dasharray="6 4"/>
<text x="{w - right}" y="{py(random_rate) - 6:.1f}" text-anchor="end" fill="#c33">random vs random {random_rate:.0%}</text>
<polyline points="{pts}" fill="none" stroke="#1f5fa8" stroke-width="2"/>
{dots}
{ticks}
<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">self-play games</text>
<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 {(top + h - bottom) / 2})">win rate vs random</text>
</svg>
"""
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="babasuki(players=2)")
    ap.add_argument("--iters", type=int, default=40, help="policy updates")
    ap.add_argument("--games", type=int, default=64, help="self-play games per update")
    ap.add_argument("--envs", type=int, default=64, help="games played at once")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--eval-games", type=int, default=400, help="games per evaluation")
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--svg", default="reinforce.svg", help="where the learning curve goes")
    args = ap.parse_args()

    game = cardhall.load_game(args.game)
    players = game.num_players()
    policy = LinearPolicy(game.observation_tensor_size(), game.num_distinct_actions(), args.seed)
    env = cardhall.VectorEnv(game, args.envs, seed=args.seed, max_steps=2000)
    rng = np.random.default_rng(args.seed)
    eval_seed = 10**9  # evaluation deals are never training deals

    random_rate = evaluate(game, random_policy(7), "random", args.eval_games, eval_seed)
    start = time.time()
    first = evaluate(game, policy.greedy, "random", args.eval_games, eval_seed)
    curve = [(0, first)]
    print(f"{game}: random vs random wins {random_rate:.1%}; untrained policy {first:.1%}")
    baseline = 0.0
    for it in range(1, args.iters + 1):
        obs, probs, actions, returns = collect(env, policy, args.games, rng)
        obs = obs.reshape(len(obs), -1)
        baseline = 0.9 * baseline + 0.1 * float(returns.mean())
        policy.update(obs, probs, actions, (returns - baseline).astype(np.float32), args.lr)
        if it % args.eval_every == 0 or it == args.iters:
            rate = evaluate(game, policy.greedy, "random", args.eval_games, eval_seed)
            curve.append((it * args.games, rate))
            print(f"  {it * args.games:6d} games, {time.time() - start:6.1f} s: "
                  f"{rate:.1%} against random")
    vs_random = curve[-1][1]
    vs_heuristic = evaluate(game, policy.greedy, "heuristic", args.eval_games, eval_seed)
    heur_random = evaluate(game, random_policy(8), "heuristic", args.eval_games, eval_seed)
    print(f"trained on {args.iters * args.games} self-play games in {time.time() - start:.0f} s:")
    print(f"  against random:    {vs_random:.1%} (random itself: {random_rate:.1%}, "
          f"{(vs_random - random_rate) * 100:+.1f} points)")
    print(f"  against heuristic: {vs_heuristic:.1%} (random: {heur_random:.1%}, "
          f"{(vs_heuristic - heur_random) * 100:+.1f} points)")
    write_svg(args.svg, curve, random_rate,
              f"REINFORCE self-play, linear policy, {game}")
    print(f"learning curve: {args.svg}")


if __name__ == "__main__":
    main()
