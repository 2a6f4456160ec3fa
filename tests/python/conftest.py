"""Shared helpers of the Python module's tests (run by ctest: python_*)."""

import random

import pytest

import cardhall

GAMES = cardhall.games()


def has_hooks(name):
    """Whether the game has action ids and an observation tensor in this build."""
    try:
        cardhall.load_game(name).num_distinct_actions()
        return True
    except NotImplementedError:
        return False


def need_hooks(name):
    if not has_hooks(name):
        pytest.skip(f"{name} has no action ids or observation tensor in this build")


def walk(state, seed, max_moves):
    """Random legal moves from state (changed in place); yields it before each move."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_terminal():
            return
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
