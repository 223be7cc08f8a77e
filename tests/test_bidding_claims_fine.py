"""The classic fine ladder's answer on its claims: its bounds apart from the solver, the
play-out command and the cross-checks (one solve, kept in the cache folder; these run in the
process of ``test_simulate_games``' cross-checks, which play the same solution: one load of
it and one pair of best responses).
"""

from __future__ import annotations

import json

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
from pokerdice_stats.games.bidding.exact.claims_response import claims_best_response
from tests.cli_helpers import assert_cli_error, run_cli

pytestmark = pytest.mark.xdist_group("bidding_fine")

CLASSIC = get_rules("classic")


@pytest.fixture(scope="module")
def fine():
    return solve_claims(CLASSIC, "fine")


def test_simulate_command_on_the_fine_ladder(capsys, fine):
    args = "simulate --what bidding --ladder fine --rules classic --n 20000 --seed 2 --no-progress"
    code, out, _ = run_cli(capsys, *args.split(), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["ladder"], data["solver"], data["iterations"]) == ("fine", "claims", 50)
    assert data["exploitability"] == fine.exploitability
    assert [(g["seat1"], g["seat2"]) for g in data["games"]] == [
        ("solved", "solved"), ("best-response", "solved"), ("solved", "best-response")
    ]  # fmt: skip
    assert "exact" not in data["games"][0]
    assert [g["exact"] for g in data["games"][1:]] == [fine.upper, fine.lower]
    for game in data["games"]:
        assert game["ci_low"] <= game["estimate"] <= game["ci_high"]
        assert game["n"] == 20000 and game["seed"] == 2
    assert_cli_error(capsys, ["simulate", "--what", "turn", "--ladder", "fine"], "--ladder")


def test_crosscheck_group_bidding_fine(fine):
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.checks import GROUPS

    checks = list(GROUPS["bidding-fine"](RunOptions(n=20_000, seed=5, progress=False)))
    assert [c.exact for c in checks] == [fine.upper, fine.lower]
    # Fixed seed; |z| < 4.5 fails by chance with probability below 1e-5 each.
    assert all(abs(c.z) < 4.5 for c in checks)


def test_the_fine_bounds_by_best_responses_written_apart(fine):
    """On the classic fine ladder itself: the solver's bounds are those of the best
    responses of :mod:`claims_response` (public states, matrix products)."""
    assert claims_best_response(fine, 1).value == pytest.approx(fine.upper, abs=1e-12)
    assert claims_best_response(fine, 2).value == pytest.approx(fine.lower, abs=1e-12)
    assert claims_best_response(fine, 1) is claims_best_response(fine, 1)  # worked out once
    assert 0 < fine.exploitability < 0.25 and len(fine.tops) == 21


def test_a_position_off_the_tree_is_answered_by_the_game_from_there(fine, monkeypatch):
    """Off the solution's tree (where it would call a full house that the mover's own dice
    make), the answer is the re-solved game's mix and values, each seat's hands weighed by the
    solution's play to there; kept beside the solution, so asked again it is not solved
    again.  On the tree the solution answers as before."""
    import numpy as np

    from pokerdice_stats.games.bidding.exact import claims_resolve
    from pokerdice_stats.games.bidding.exact.claims_position import claims_position

    bids = ["three-of-a-kind:9", "straight:K", "full-house:9"]
    history = fine.claim_history(fine.ladder, tuple(bids))
    assert history not in fine.policy
    answer = claims_position(fine, "Q Q Q 9 9", bids)
    assert (answer.mix, answer.on_tree, answer.seat) == ("re-solved", False, 2)
    game = claims_resolve.resolve_claims(fine, history)
    # a bid of straight:K after three-of-a-kind:9 makes the same claim: both seats' hands as
    # thrown; 18 claims from full-house:9 up, one round of 50 iterations: 0.119, below the
    # solution's own gap
    assert game.beliefs == ("throw", "throw") and game.iterations == 50
    assert game.upper - game.lower < fine.exploitability
    from pokerdice_stats.turn.hands import hand_table

    # Q Q Q 9 9's chances at the root, each claim on the top rung of its block
    own = hand_table(fine.rules).hand("Q Q Q 9 9")
    moves, chances = game.policy[history]
    expected = {"call" if m == -1 else fine.ladder.labels[fine.tops[m]]: c[own]
                for m, c in zip(moves, chances, strict=True)}  # fmt: skip
    shown = {m.move: m.chance for m in answer.moves if m.chance > 0}
    assert shown == pytest.approx({k: v for k, v in expected.items() if v > 0}, abs=1e-15)
    assert sum(shown.values()) == pytest.approx(1.0, abs=1e-12)
    # the mover's full house of queens: the old answer bid on "against a caller" for +1
    assert max(m.value for m in answer.moves if m.value == m.value) < 0.9
    np.testing.assert_allclose(game.weights.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    monkeypatch.setattr(claims_resolve, "_resolve", lambda *a: pytest.fail("solved again"))
    assert claims_position(fine, "Q Q Q 9 9", bids) == answer
    on_tree = claims_position(fine, "Q Q Q 9 9", ["full-house:K"])
    assert on_tree.mix == "solution" and on_tree.on_tree


def test_the_command_gives_a_re_solved_position_its_own_gap(capsys, fine):
    from pokerdice_stats.games.bidding.exact.claims_resolve import resolve_claims

    bids = "three-of-a-kind:9,straight:K,full-house:9"
    args = ["bidding", "--ladder", "fine", "--hand", "Q Q Q 9 9", "--bids", bids]
    code, out, _ = run_cli(capsys, *args, "--format", "json")
    data = json.loads(out)
    game = resolve_claims(fine, fine.claim_history(fine.ladder, tuple(bids.split(","))))
    assert (code, data["mix"], data["beliefs"]) == (0, "re-solved", "throw")
    assert data["exploitability_re_solved"] == game.upper - game.lower
    assert data["exploitability"] == fine.exploitability
    assert list(data)[list(data).index("exploitability") + 1] == "exploitability_re_solved"
    code, out, _ = run_cli(capsys, *args)
    assert code == 0 and "off the solution's tree, where it would call every bid" in out
    assert "exploitability_re_solved: the same, in the game from this position on" in out
    code, out, _ = run_cli(capsys, *args[:-1], "full-house:K", "--format", "json")
    assert code == 0 and "exploitability_re_solved" not in json.loads(out)
