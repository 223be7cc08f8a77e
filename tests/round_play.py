"""Playing the OpenSpiel blind rounds by sampling, for the tests that check an
equilibrium's figure there: player 0 follows a policy, every other seat stands on its
first throw."""

from __future__ import annotations

import numpy as np

from pokerdice_stats.ground import indexing as ix


def returns_against_standing(game, policy, rounds: int, seed: int) -> tuple[float, float]:
    """Player 0's mean return over ``rounds`` sampled rounds, and its standard error."""
    rng = np.random.default_rng(seed)
    returns = []
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                hands, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(hands, p=chances)))
            elif state.current_player() == 0:
                keeps, chances = zip(*policy.action_probabilities(state).items(), strict=True)
                state.apply_action(int(rng.choice(keeps, p=chances)))
            else:
                state.apply_action(int(ix.HAND_KEEP[state.hand]))
        returns.append(state.returns()[0])
    return float(np.mean(returns)), float(np.std(returns) / np.sqrt(rounds))
