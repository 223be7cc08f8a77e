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
