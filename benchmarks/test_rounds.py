"""Round, match and hold-up timings (issue 4, items 1-4 and 9).

Targets: a 2-player gameweave round with roll-offs solved in at most 0.5 s;
a 5-player round in at most 10 s.  Run for real with
``python -m pytest benchmarks/test_rounds.py --benchmark-enable``; the
regular suite runs each once as a smoke test.  Every round starts from cold
caches (the round and roll-off caches are cleared in the setup), so a
5-player round includes the roll-off fixed points of 2, 3 and 4 players.
The baseline is the plain-Python expectimax of ``tests/reference_games.py`` on
a small game, timed beside the package on the same game.
"""

from __future__ import annotations

import pytest

from benchmarks.smoke import measured
from pokerdice_stats import get_rules
from pokerdice_stats.games.seen.exact import rounds
from pokerdice_stats.games.seen.exact.holdup import holdup_table
from pokerdice_stats.games.seen.exact.matches import solve_match
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.turn import forward, induction
from tests import reference_games as ref

GAMEWEAVE = get_rules("gameweave")
LIMITED = get_rules("gameweave", {"throw_limit": "first-player"})
SNAKES = get_rules("triple-snakes")
SMALL = get_rules("triple-snakes", {"throws": 2})
#: House rules whose turns have 4,368 states (issue 27): sticky holds, and at most three
#: of the first throw's dice thrown again in a turn.
HOUSE = {
    "sticky": get_rules("gameweave", {"sticky_holds": "true"}),
    "rethrow3": get_rules("gameweave", {"max_rethrow": 3}),
}


def _cold():
    rounds.clear_caches()
    return (), {}


@pytest.fixture(scope="module", autouse=True)
def _warm_numba():
    solve_round(get_rules("gameweave", {"throws": 2}), 2)
    solve_round(get_rules("gameweave", {"throws": 2, "sticky_holds": "true"}), 2)


def test_round_gameweave_2_players(benchmark):
    result = benchmark.pedantic(lambda: solve_round(GAMEWEAVE, 2), setup=_cold, rounds=10)
    assert abs(sum(result.win) - 1) < 1e-12


def test_round_gameweave_5_players(benchmark):
    result = benchmark.pedantic(lambda: solve_round(GAMEWEAVE, 5), setup=_cold, rounds=9)
    assert abs(sum(result.win) - 1) < 1e-12


def test_round_gameweave_5_players_throw_limit(benchmark):
    result = benchmark.pedantic(lambda: solve_round(LIMITED, 5), setup=_cold, rounds=3)
    assert abs(sum(result.win) - 1) < 1e-12


def test_round_triple_snakes_5_players_exact(benchmark):
    result = benchmark.pedantic(lambda: solve_round(SNAKES, 5, exact=True), setup=_cold, rounds=3)
    assert sum(result.win) == 1


@pytest.mark.parametrize("name", list(HOUSE))
def test_round_house_rule_5_players(benchmark, name):
    """A 5-seat round under a house rule of 4,368 states a turn: the goals of a seat's
    batch side by side (sums and best options), the forward pass's counts pooled by keep
    (the smoke run: 3 seats)."""
    players = measured(benchmark, 5, 3)
    result = benchmark.pedantic(lambda: solve_round(HOUSE[name], players), setup=_cold, rounds=3)
    assert abs(sum(result.win) - 1) < 1e-12


@pytest.mark.parametrize("name", list(HOUSE))
def test_round_house_rule_5_players_goal_by_goal(benchmark, name, monkeypatch):
    """Baseline in the same run: the same rounds with the kernels of one goal at a time
    (``best_options``, ``expect_keeps``, the unpooled forward steps); the same numbers."""
    players = measured(benchmark, 5, 3)
    rounds.clear_caches()
    side_by_side = solve_round(HOUSE[name], players)
    monkeypatch.setattr(induction, "WIDE_MIN_GOALS", 10**9)
    monkeypatch.setattr(forward, "_POOLED", {**forward._POOLED, "aside": "", "original": ""})
    result = benchmark.pedantic(lambda: solve_round(HOUSE[name], players), setup=_cold, rounds=3)
    assert result.win == side_by_side.win


def test_match_gameweave_5_players(benchmark):
    result = benchmark.pedantic(lambda: solve_match(GAMEWEAVE, 5), setup=_cold, rounds=3)
    assert abs(sum(result.win) - 1) < 1e-12


def test_holdup_table_triple_snakes_exact(benchmark):
    table = benchmark.pedantic(lambda: holdup_table(SNAKES), setup=_cold, rounds=3)
    assert len(table) == 9


def test_small_game_package_exact(benchmark):
    result = benchmark.pedantic(lambda: solve_round(SMALL, 3, exact=True), setup=_cold, rounds=5)
    assert sum(result.win) == 1


def test_small_game_reference_baseline(benchmark):
    def run():
        ref.outcomes.cache_clear()
        return ref.round_by_expectimax(3, 2, SMALL.straights, SMALL.tiebreak, "must-beat")

    expected = benchmark.pedantic(run, rounds=1)
    assert list(solve_round(SMALL, 3, exact=True).win) == expected
