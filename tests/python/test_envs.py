"""The PettingZoo-AEC-shaped and Gymnasium-shaped environments (docs/python.md)."""

import numpy as np
import pytest

import cardhall
from conftest import need_hooks


@pytest.mark.parametrize("name", ["comrade", "babasuki"])
def test_aec_loop_plays_a_whole_game(name):
    need_hooks(name)
    env = cardhall.aec_env(name)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    moves = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        assert obs["observation"].shape == env.observation_space(agent).shape
        assert obs["action_mask"].shape == (env.action_space(agent).n,)
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            moves += 1
        env.step(action)
    assert env.agents == []
    returns = env.game_state.returns()
    assert [total[a] for a in env.possible_agents] == returns
    assert set(returns) <= {-1.0, 1.0}
    assert moves == env.game_state.move_number()


def test_aec_illegal_step_raises():
    need_hooks("comrade")
    env = cardhall.aec_env("comrade")
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_aec_truncates_at_max_steps():
    """Random Rack-O players never finish: the game is cut, with no reward."""
    need_hooks("racko")
    env = cardhall.aec_env("racko", max_steps=30)
    rng = np.random.default_rng(2)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        assert reward == 0.0 and not termination
        if truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 30 and not env.game_state.is_terminal()


@pytest.mark.parametrize("name", ["babasuki", "comrade", "racko(target_score=100)"])
def test_single_agent_env_against_bots(name):
    need_hooks(name.split("(")[0])
    env = cardhall.single_agent_env(name, opponents="heuristic", seat=0)
    rng = np.random.default_rng(1)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        assert env.observation_space.shape == obs.shape
        done = False
        while not done:
            assert env.state.current_player() == 0
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert terminated and reward in (-1.0, 1.0)
        assert reward == env.state.returns()[0]


@pytest.mark.parametrize("name", ["rumino", "babasuki"])
def test_observations_lie_in_the_space(name):
    need_hooks(name)
    env = cardhall.aec_env(name)
    space = env.observation_space(env.possible_agents[0])
    env.reset(seed=2)
    rng = np.random.default_rng(5)
    for agent, _ in zip(env.agent_iter(), range(300)):
        obs, _, termination, truncation, _ = env.last()
        assert space.contains(obs["observation"])
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
