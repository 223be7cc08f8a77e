"""The bidding game checked by OpenSpiel: its nash_conv of the project's solution, its CFR+.

Reduced configurations (a few hands dealt, three rungs), small enough for OpenSpiel's
Python tree walks: the project solves the same game (the same deal) with its own program
and best responses, and OpenSpiel, which knows nothing of them, measures the result.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pyspiel  # the test extra installs open-spiel: a missing one fails, never skips
import pytest
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms.expected_game_score import policy_value

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding import openspiel_game
from pokerdice_stats.games.bidding.exact.claims_cfr import ClaimSolver
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, solve_bidding
from pokerdice_stats.games.bidding.exact.response import exploitability as project_gap
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.ground import indexing as ix

HANDS = "0;90;180;251"
CONFIGURATIONS = {
    "category": {"ladder": "category", "rungs": "high-die;full-house;five-of-a-kind"},
    "fine": {"ladder": "fine", "rungs": "high-die:A;full-house:K;five-of-a-kind:A"},
}


class ProjectPolicy(os_policy.Policy):
    """The project's behaviour strategies, read by OpenSpiel state by state."""

    def __init__(self, game, result):
        super().__init__(game, [0, 1])
        self.result = result

    def action_probabilities(self, state, player_id=None):
        seat = state.current_player() + 1
        history = tuple(state.bids)
        hand = state.hands[seat - 1]
        n = self.result.ladder.n_rungs
        out = {}
        for action in state.legal_actions():
            move = CALL if action == n else action
            column = self.result.tree.seq_index[seat][(history, move)]
            out[action] = float(self.result.strategy[seat][hand, column])
        return out


def chances(name):
    """The deal of a configuration: each dealt hand's chance."""
    return openspiel_game.setting({**CONFIGURATIONS[name], "hands": HANDS})[1]


def test_the_game_is_registered():
    assert openspiel_game.AVAILABLE
    assert openspiel_game.GAME_NAME in pyspiel.registered_names()


def solved(params):
    """The game in OpenSpiel and the project's exact solution of the same game."""
    game = pyspiel.load_game(openspiel_game.GAME_NAME, {**params, "hands": HANDS})
    ladder, deal = openspiel_game.setting({**params, "hands": HANDS})
    dealt = np.flatnonzero(deal)
    classes = np.full(ix.N_HANDS, len(dealt))  # hands never dealt: one class of weight 0
    classes[dealt] = np.arange(len(dealt))
    result = solve_bidding(get_rules("classic"), ladder, classes=classes, chances=deal)
    return game, result


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_openspiel_measures_the_project_solution_alike(name):
    game, result = solved(CONFIGURATIONS[name])
    assert result.exploitability < TOLERANCE
    project = ProjectPolicy(game, result)
    value = policy_value(game.new_initial_state(), [project, project])
    assert abs(value[0] - result.value) < 1e-12
    # OpenSpiel's own best responses: the sum of both seats' gains is the project's gap
    assert abs(exploitability.nash_conv(game, project) - result.exploitability) < 1e-9
    # and on a strategy far from an equilibrium (every move of the tree equally likely)
    tree = result.tree
    uniform = {}
    for seat in (1, 2):
        table = np.zeros_like(result.strategy[seat])
        for info in tree.infosets[seat]:
            table[:, list(info.moves)] = 1.0 / len(info.moves)
        uniform[seat] = table
    *_, gap = project_gap(tree, result.ladder, uniform[1], uniform[2], chances(name))
    assert gap > 0.1
    loose = dataclasses.replace(result, strategy=uniform)
    assert abs(exploitability.nash_conv(game, ProjectPolicy(game, loose)) - gap) < 1e-9


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_openspiel_cfr_plus_agrees_with_the_value(name):
    game, result = solved(CONFIGURATIONS[name])
    solver = cfr.CFRPlusSolver(game)
    for _ in range(40):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    gap = exploitability.nash_conv(game, average)
    value = policy_value(game.new_initial_state(), [average, average])[0]
    # the game's value lies within the CFR+ average's own gap of its result
    assert gap < 0.05
    assert abs(value - result.value) <= gap + 1e-12


class ClaimsPolicy(os_policy.Policy):
    """The claims solver's average strategy (a call outside its tree), read by OpenSpiel."""

    def __init__(self, game, policy, n_rungs):
        super().__init__(game, [0, 1])
        self.policy = policy
        self.n_rungs = n_rungs  # OpenSpiel's action for the call

    def action_probabilities(self, state, player_id=None):
        history = tuple(state.bids)
        hand = state.hands[state.current_player()]
        found = self.policy.get(history)
        out = {}
        for action in state.legal_actions():
            move = CALL if action == self.n_rungs else action
            if found is None:  # outside the tree: the call
                out[action] = 1.0 if move == CALL else 0.0
            else:
                actions, mix = found
                out[action] = float(mix[actions.index(move), hand])
        return out


@pytest.mark.xdist_group("claims_kernels")  # the process that compiles them for the others
@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
@pytest.mark.parametrize("iterations", [3, 200])
def test_openspiel_measures_the_claims_solver_alike(name, iterations):
    """The claims solver on the same deal (its rungs as claims), its tree the openings
    only: OpenSpiel's nash_conv of its strategy, bids outside the tree and their calls
    included, is the solver's own gap; its value lies between the solver's bounds."""
    params = {**CONFIGURATIONS[name], "hands": HANDS}
    game = pyspiel.load_game(openspiel_game.GAME_NAME, params)
    ladder, deal = openspiel_game.setting(params)
    solver = ClaimSolver(ladder, deal)
    solver.add(*((claim,) for claim in range(ladder.n_rungs)))
    solver.run(iterations)
    strategy = solver.strategy()
    lower, upper = solver.bounds(strategy, solver.reaches(strategy))
    mine = ClaimsPolicy(game, solver.policy(strategy), ladder.n_rungs)
    assert abs(exploitability.nash_conv(game, mine) - (upper - lower)) < 1e-9
    value = policy_value(game.new_initial_state(), [mine, mine])[0]
    assert lower - 1e-12 <= value <= upper + 1e-12


def test_states_share_the_ladder_and_clones_stay_small():
    """A clone (every step of OpenSpiel's tree walks) copies the bids, not the ladder's
    252 x 252 table: the ladder and the deal are one object for every state."""
    game = pyspiel.load_game(openspiel_game.GAME_NAME, {"hands": "0;90;180;251"})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(90)
    clone = state.clone()
    assert clone.ladder is state.ladder and clone.deal is state.deal
    assert clone.hands == [0, 90] and clone.hands is not state.hands
    assert not clone.is_chance_node()
    assert not state.deal.flags.writeable


@pytest.mark.parametrize("hands", ["-1", "252", "x", "1;2;1e3"])
def test_bad_hand_indices_are_refused(hands):
    with pytest.raises(ValueError, match="index 0 to 251"):
        pyspiel.load_game(openspiel_game.GAME_NAME, {"hands": hands})
