"""A position the solution on claims does not cover, answered by the game from there re-solved:
checked against the category ladder's exact re-solve (the sequence-form program), and on the
classic fine ladder at positions off the solution's tree."""

from __future__ import annotations

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_of_rung
from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
from pokerdice_stats.games.bidding.exact.claims_resolve import (
    FLOOR,
    resolve_claims,
    seat_weights,
)
from pokerdice_stats.games.bidding.exact.resolve import resolve_subgame
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.games.bidding.exact.tree import CALL as RUNG_CALL
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError

CLASSIC = get_rules("classic")
THROWN = ix.HAND_WAYS / ix.N_THROWS

pytestmark = pytest.mark.xdist_group("claims_kernels")


@pytest.fixture(scope="module")
def category():
    return solve_claims(CLASSIC, "category", iterations=100)


def program_value(game, pair_rung, weights):
    """Seat 1's result from ``game.root`` on (per unit of the weights), both seats playing
    the exact re-solve's behaviour strategies, walked in plain Python over all pairs."""
    total = 0.0
    stack = [(game.root, weights[0], weights[1])]
    while stack:
        history, r1, r2 = stack.pop()
        seat = 1 if len(history) % 2 == 0 else 2
        for action in game.tree.actions(history):
            chance = game.strategy[seat][:, game.tree.seq_index[seat][(history, action)]]
            a1, a2 = (r1 * chance, r2) if seat == 1 else (r1, r2 * chance)
            if action == RUNG_CALL:  # the bidder (the other seat) wins if the pair makes it
                bidder_wins = np.where(pair_rung >= history[-1], 1.0, -1.0)
                total += (1.0 if seat == 2 else -1.0) * float(a1 @ bidder_wins @ a2)
            else:
                stack.append(((*history, action), a1, a2))
    return total


@pytest.mark.parametrize("rungs", [(4,), (2, 5), (0, 5, 6), (3, 4), (6,)])
def test_the_re_solve_brackets_the_exact_value_of_the_game_from_there(category, rungs):
    """The bids so far on the category ladder's rungs, each seat's hands weighed by the
    solution's play to there (as thrown after a bid it never makes: three of a kind, then
    straight, one claim twice), the mover's floored: the re-solve on claims proves bounds on
    the game from there, and the sequence-form program's exact re-solve of the same game
    lies between them (from four of a kind: the two-claim game, a call or five of a kind).
    From each of these histories the moves are rungs above the straight, each its own
    claim, so the program's game on rungs and the re-solve's on claims are the same game."""
    exact = solve_ladder(CLASSIC, "category")
    of_rung = claim_of_rung(category.ladder)
    history = tuple(int(of_rung[r]) for r in rungs)
    game = resolve_claims(category, history)
    weights = game.weights
    assert game.beliefs[1] == ("throw" if rungs == (3, 4) else "solution")
    for seat in (0, 1):  # as the module says: the solution's reach, else the throw
        reach = THROWN.copy()
        for i in range(seat, len(history), 2):  # the seat's bids, on the solution's tree
            moves, chances = category.policy.get(history[:i], ((), None))
            reach = reach * chances[moves.index(history[i])] if history[i] in moves else 0 * reach
        np.testing.assert_array_equal(reach, seat_weights(category, history, seat + 1))
        expected = reach / reach.sum() if reach.sum() > 0 else THROWN
        if seat == len(history) % 2:  # the mover's, floored
            expected = (1 - FLOOR) * expected + FLOOR * THROWN
        np.testing.assert_allclose(weights[seat], expected, rtol=1e-12, atol=0)
    program = resolve_subgame(exact, rungs, {1: weights[0], 2: weights[1]})
    value = program_value(program, np.asarray(exact.ladder.pair_rung), weights)
    assert game.lower - 1e-9 <= value <= game.upper + 1e-9
    assert game.upper - game.lower < 0.01
    assert game.root == history and history in game.policy
    moves, chances = game.policy[history]
    assert moves[0] == -1 and list(moves[1:]) == list(range(history[-1] + 1, 5))
    np.testing.assert_allclose(chances.sum(axis=0), 1.0, rtol=0, atol=1e-12)


def test_a_re_solve_is_refused_where_there_is_no_game(category):
    with pytest.raises(OptionError, match="never fall"):
        resolve_claims(category, (3, 1))
    for wrong in ("12", (1.7,), None, (True, 2.0)):
        with pytest.raises(OptionError, match="whole numbers in a tuple"):
            resolve_claims(category, wrong)
    with pytest.raises(OptionError, match="a ClaimsBidding from solve_claims"):
        resolve_claims(CLASSIC, (1,))


def test_after_the_top_claim_the_call_is_the_only_move(category):
    from pokerdice_stats.games.bidding.exact.claims_position import claims_position

    answer = claims_position(category, "9 9 10 J Q", "two-pair, five-of-a-kind")
    assert answer.mix == "solution" and [(m.move, m.chance) for m in answer.moves] == [
        ("call", 1.0)
    ]
    with pytest.raises(OptionError, match="after one bid or more"):
        resolve_claims(category, ())
    with pytest.raises(OptionError, match="top claim must be called"):
        resolve_claims(category, (1, 4))
    with pytest.raises(OptionError, match="claims 0 to 4"):
        resolve_claims(category, (7,))
