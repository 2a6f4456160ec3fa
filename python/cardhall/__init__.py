"""cardhall for AI researchers: five card games in C, with a pyspiel-like API.

    import cardhall
    game = cardhall.load_game("rumino(players=3,knock_limit=5)")
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(cardhall.bot_action(state, "heuristic", seed=2))
    print(state.returns())

There are no chance nodes: shuffles and draws happen inside apply_action from
the state's own seeded generator, and State.resample draws the cards a seat
cannot see. See docs/python.md.
"""

from ._cardhall import (
    SPECTATOR,
    TERMINAL,
    Game,
    State,
    VectorEnv,
    __version__,
    bot_action,
    games,
    load_game,
)
from .envs import AECEnv, SingleAgentEnv, aec_env, single_agent_env

__all__ = [
    "SPECTATOR",
    "TERMINAL",
    "Game",
    "State",
    "VectorEnv",
    "__version__",
    "bot_action",
    "games",
    "load_game",
    "AECEnv",
    "SingleAgentEnv",
    "aec_env",
    "single_agent_env",
]
