"""Environments in the shapes PettingZoo (AEC) and Gymnasium (single agent)
use, written without importing either (neither is in Debian). Where one is
importable, the classes subclass its base class and use its spaces, so
wrappers and checkers that test isinstance accept them. docs/python.md lists
the differences from the real packages.
"""

import random

import numpy as np

from ._cardhall import Game, load_game, bot_action

try:  # PettingZoo, when installed: its base class, for isinstance checks.
    from pettingzoo import AECEnv as _AECBase
except ImportError:  # pragma: no cover - depends on the machine
    _AECBase = object

try:  # Gymnasium, when installed: its base class and spaces.
    import gymnasium as _gym

    _EnvBase = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _EnvBase = object


class Discrete:
    """The actions 0 .. n-1 (gymnasium.spaces.Discrete's shape, when Gymnasium is absent)."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        """A uniform action; with mask (uint8[n]) a uniform legal one."""
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(legal[self._rng.integers(len(legal))])

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """A float32 tensor of a fixed shape (gymnasium.spaces.Box's shape, when Gymnasium is absent)."""

    def __init__(self, low, high, shape, dtype=np.float32):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = dtype

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all((x >= self.low) & (x <= self.high)))

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, float32)"


def _discrete(n):
    return _gym.spaces.Discrete(n) if _gym else Discrete(n)


def _box(shape):
    # Entries are flags, counts and scaled scores (Rumino's chips go below 0):
    # docs/spaces.md gives each one's range; the space promises only finite floats.
    if _gym:
        return _gym.spaces.Box(-np.inf, np.inf, shape=tuple(shape), dtype=np.float32)
    return Box(-np.inf, np.inf, shape)


def _as_game(game, options):
    if isinstance(game, Game):
        if options:
            raise TypeError("give options in the game text or as keywords, not with a Game")
        return game
    return load_game(game, options or None)


class AECEnv(_AECBase):
    """One game as a PettingZoo AEC environment: agents "player_0" .. "player_{n-1}"
    take turns; observe(agent) gives {"observation", "action_mask"}.

        env = cardhall.aec_env("comrade")
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else policy(obs)
            env.step(action)

    Rewards are the game's returns (+1 each winner, -1 the others; Comrade's
    team result for every seat), given to every agent when the game ends.
    A game longer than max_steps moves is truncated.
    """

    metadata = {"render_modes": ["ansi"], "name": "cardhall_v0", "is_parallelizable": False}

    def __init__(self, game, seed=0, max_steps=None, render_mode=None, **options):
        self.game = _as_game(game, options)
        self.metadata = dict(self.metadata, name=f"cardhall_{self.game.name}_v0")
        self.render_mode = render_mode
        self.max_steps = max_steps or self.game.max_game_length()
        n = self.game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._action_space = _discrete(self.game.num_distinct_actions())
        self._observation_space = _box(self.game.observation_tensor_shape())
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seed = seed
        self.game_state = None
        self.reset(seed)

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        """Deals a new game: from seed if given, else from the next seed of this env."""
        if seed is None:
            seed = self._seed
        self._seed = seed + 1
        self.game_state = self.game.new_initial_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._moves = 0
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent):
        seat = self._seat[agent]
        state = self.game_state
        return {
            "observation": state.observation_tensor(seat),
            "action_mask": state.legal_actions_mask(seat),
        }

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter=2**63):
        """The agent to act next, until every agent has taken its last step."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # The game is over: each agent steps once more with None and leaves.
            if action is not None:
                raise ValueError(f"{agent}: the game is over, step(None)")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent]
            del self.terminations[agent], self.truncations[agent], self.infos[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        state = self.game_state
        state.apply_action(int(action))  # ValueError, and nothing changes, if not legal
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        over = state.is_terminal()
        cut = not over and self._moves >= self.max_steps
        rewards = state.rewards()
        for a in self.agents:
            self.rewards[a] = rewards[self._seat[a]]
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a] = over
            self.truncations[a] = cut
        if over or cut:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def render(self):
        """The board as the agent to act sees it (text)."""
        if self.game_state.is_terminal():
            return self.game_state.observation_string(0)
        return self.game_state.observation_string()

    def close(self):
        pass


class SingleAgentEnv(_EnvBase):
    """One seat of a game against computer players, as a Gymnasium environment.

        env = cardhall.single_agent_env("babasuki", opponents="heuristic")
        obs, info = env.reset(seed=1)
        while True:
            action = policy(obs, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break

    The observation is the seat's tensor; info["action_mask"] (also
    action_masks()) gives the legal actions. The reward is the seat's return
    when the game ends (+1 a win, -1 otherwise), else 0. opponents: one bot
    name for every other seat, or a list with one per seat.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, opponents="heuristic", seat=0, seed=0, max_steps=None,
                 render_mode=None, **options):
        self.game = _as_game(game, options)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of {self.game} (0..{n - 1})")
        if isinstance(opponents, str):
            opponents = [opponents] * n
        if len(opponents) != n:
            raise ValueError(f"opponents: expected {n} entries, one per seat")
        self.opponents = list(opponents)
        self.seat = seat
        self.max_steps = max_steps or self.game.max_game_length()
        self.render_mode = render_mode
        self.action_space = _discrete(self.game.num_distinct_actions())
        self.observation_space = _box(self.game.observation_tensor_shape())
        self._seed = seed
        self.state = None

    def _bots_move(self):
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            spec = self.opponents[state.current_player()]
            state.apply_action(bot_action(state, spec, self._rng.getrandbits(63)))
            self._moves += 1
            if self._moves >= self.max_steps:
                return

    def _obs(self):
        # The seat's own mask: empty when the game is over or was cut on a bot's turn.
        return self.state.observation_tensor(self.seat), {
            "action_mask": self.state.legal_actions_mask(self.seat)}

    def action_masks(self):
        """uint8[num_distinct_actions]: the legal actions now (MaskablePPO's name)."""
        return self._obs()[1]["action_mask"]

    def reset(self, seed=None, options=None):
        """Deals a new game (from seed, else the next seed) and lets the bots move first."""
        if seed is None:
            seed = self._seed
        self._seed = seed + 1
        self._rng = random.Random(seed)
        self._moves = 0
        self.state = self.game.new_initial_state(seed)
        self._bots_move()
        return self._obs()

    def step(self, action):
        if self.state is None:
            raise ValueError("reset() first")
        self.state.apply_action(int(action))  # ValueError, and nothing changes, if not legal
        self._moves += 1
        if self._moves < self.max_steps:
            self._bots_move()
        terminated = self.state.is_terminal()
        truncated = not terminated and self._moves >= self.max_steps
        reward = self.state.returns()[self.seat] if terminated else 0.0
        obs, info = self._obs()
        return obs, reward, terminated, truncated, info

    def render(self):
        return self.state.observation_string(self.seat)

    def close(self):
        pass


def aec_env(game, seed=0, max_steps=None, **options):
    """A PettingZoo-AEC-shaped environment of game ("comrade", "rumino(players=3)" or a Game)."""
    return AECEnv(game, seed=seed, max_steps=max_steps, **options)


def single_agent_env(game, opponents="heuristic", seat=0, seed=0, max_steps=None, **options):
    """A Gymnasium-shaped environment: seat of game against the bots named by opponents."""
    return SingleAgentEnv(game, opponents=opponents, seat=seat, seed=seed, max_steps=max_steps,
                          **options)
