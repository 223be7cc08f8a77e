"""Bidding for two in the full game: translation rules and best responses to a lifted solution."""

from __future__ import annotations

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.full_game import (
    full_game_bounds,
    lifted_best_response,
    measure_full_game,
)
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.games.bidding.exact.players import habit_rule, player_losses
from pokerdice_stats.games.bidding.exact.response import best_response
from pokerdice_stats.games.bidding.exact.solve import restricted_ladder, solve_ladder
from pokerdice_stats.games.bidding.exact.translation import (
    TRANSLATIONS,
    kept_rungs,
    read_bid,
    translation_table,
)
from pokerdice_stats.games.bidding.exact.tree import bid_tree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from tests import reference_bidding as ref

# Every test here reads the classic fine ladder's solution: they share one worker (and solve).
pytestmark = pytest.mark.xdist_group("bidding_fine")

CLASSIC = get_rules("classic")
TEN_RUNGS = (
    "high-die:A",
    "two-pair:K",
    "two-pair:A",
    "three-of-a-kind:A",
    "straight:A",
    "full-house:J",
    "full-house:A",
    "four-of-a-kind:Q",
    "five-of-a-kind:9",
    "five-of-a-kind:A",
)
SEVEN_RUNGS = (
    "high-die:A",
    "two-pair:A",
    "three-of-a-kind:K",
    "full-house:10",
    "full-house:K",
    "four-of-a-kind:J",
    "five-of-a-kind:Q",
)


def random_strategy(tree, seat: int, seed: int) -> np.ndarray:
    """A behaviour strategy with random chances (some moves never played) by own hand."""
    rng = np.random.default_rng(seed)
    out = np.zeros((ix.N_HANDS, tree.n_sequences(seat)))
    for info in tree.infosets[seat]:
        weights = rng.random((ix.N_HANDS, len(info.moves)))
        weights[weights < 0.3] = 0.0
        weights[:, 0] += 1e-3  # every hand plays something
        out[:, list(info.moves)] = weights / weights.sum(axis=1, keepdims=True)
    return out


@pytest.mark.parametrize("rule", TRANSLATIONS)
def test_translation_tables_equal_a_look_at_every_kept_rung(rule):
    kept = [0, 3, 4, 9, 13]
    table = translation_table(kept, 16, rule)
    assert table.tolist() == [ref.plain_translation(kept, b, rule) for b in range(16)]
    assert all(table[k] == i for i, k in enumerate(kept))  # a kept rung reads as itself


def test_translation_rules_by_hand():
    kept = (0, 4, 6)
    assert translation_table(kept, 9, "down").tolist() == [0, 0, 0, 0, 1, 1, 2, 2, 2]
    assert translation_table(kept, 9, "up").tolist() == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    # 2 is as near 0 as 4 (a tie goes down); 3 is nearer 4; above the top: down.
    assert translation_table(kept, 9, "nearest").tolist() == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    table = translation_table(kept, 9, "down")
    assert read_bid(table, 5, -1) == 1
    assert read_bid(table, 5, 1) == 2  # read at the last abstract bid: lifted above it
    assert read_bid(table, 8, 2) is None  # nothing kept above: the solved player calls
    with pytest.raises(OptionError, match="unknown translation"):
        translation_table(kept, 9, "sideways")
    with pytest.raises(OptionError):
        translation_table((1, 4), 9, "down")


def test_kept_rungs_of_the_fine_abstraction():
    fine = bid_ladder(CLASSIC, "fine")
    abstract = restricted_ladder(fine, ("high-die:A", "full-house:Q", "five-of-a-kind:A"))
    assert kept_rungs(fine, abstract) == (0, fine.rung("full-house:Q"), 37)


@pytest.mark.parametrize("seat", [1, 2])
def test_with_every_rung_kept_the_full_game_response_is_the_tree_response(seat):
    ladder = restricted_ladder(bid_ladder(CLASSIC, "fine"), TEN_RUNGS)
    tree = bid_tree(ladder.n_rungs)
    strategy = random_strategy(tree, 3 - seat, seed=seat)
    expected, _ = best_response(tree, ladder, strategy, seat)
    kept = tuple(range(ladder.n_rungs))
    for rule in TRANSLATIONS:
        value, _ = lifted_best_response(tree, ladder, kept, strategy, seat, rule)
        assert abs(value - expected) < 1e-12
    plain = ref.plain_lifted_best_response(tree, ladder, list(kept), strategy, seat, "down")
    assert abs(plain - expected) < 1e-12


@pytest.mark.parametrize("rule", TRANSLATIONS)
@pytest.mark.parametrize(
    "abstract",
    [
        ("high-die:A", "full-house:10", "five-of-a-kind:Q"),
        ("high-die:A", "three-of-a-kind:K", "full-house:K"),  # the top rung is not kept
    ],
)
def test_full_game_response_equals_a_walk_over_every_full_history(rule, abstract):
    full = restricted_ladder(bid_ladder(CLASSIC, "fine"), SEVEN_RUNGS)
    small = restricted_ladder(full, abstract)
    tree = bid_tree(small.n_rungs)
    kept = kept_rungs(full, small)
    for seat in (1, 2):
        strategy = random_strategy(tree, 3 - seat, seed=10 + seat)
        value, states = lifted_best_response(tree, full, kept, strategy, seat, rule)
        plain = ref.plain_lifted_best_response(tree, full, list(kept), strategy, seat, rule)
        assert abs(value - plain) < 1e-12
        assert states < 2**full.n_rungs


@pytest.mark.parametrize("player", ["always-call", "truthful", "call-from:full-house:10"])
def test_a_simple_player_in_the_full_game_equals_a_walk_over_every_full_history(player):
    full = restricted_ladder(bid_ladder(CLASSIC, "fine"), SEVEN_RUNGS)
    small = restricted_ladder(full, ("high-die:A", "three-of-a-kind:K", "five-of-a-kind:Q"))
    tree = bid_tree(small.n_rungs)
    kept = kept_rungs(full, small)
    habit = habit_rule(full, player)
    for seat in (1, 2):
        strategy = random_strategy(tree, 3 - seat, seed=20 + seat)
        best, _ = lifted_best_response(tree, full, kept, strategy, seat, "down")
        value, _ = lifted_best_response(tree, full, kept, strategy, seat, "down", habit=habit)
        plain = ref.plain_lifted_best_response(
            tree, full, list(kept), strategy, seat, "down", habit=habit
        )
        assert abs(value - plain) < 1e-12
        assert (value <= best + 1e-12) if seat == 1 else (value >= best - 1e-12)


def test_simple_players_on_the_category_ladder_score_as_in_the_tree():
    result = solve_ladder(CLASSIC, "category")
    names = ("always-call", "truthful", "call-from:full-house")
    tree_losses = player_losses(result, names)
    full_losses = player_losses(result, names, full=result.ladder)
    assert np.allclose(tree_losses["result"], full_losses["result"], atol=1e-12, rtol=0)


def test_on_the_category_ladder_the_full_game_gap_is_the_program_gap():
    result = solve_ladder(CLASSIC, "category")
    bounds = measure_full_game(result, bid_ladder(CLASSIC, "category"))
    assert abs(bounds.lower - result.lower) < 1e-12
    assert abs(bounds.upper - result.upper) < 1e-12
    assert abs(bounds.exploitability - result.exploitability) < 1e-12


def test_fine_ladder_full_game_exploitability_is_measured():
    result = solve_ladder(CLASSIC, "fine")
    bounds = {rule: full_game_bounds(CLASSIC, rule) for rule in TRANSLATIONS}
    for b in bounds.values():
        # Any answer in the full game includes the kept bids: the bounds only widen.
        assert b.lower <= result.lower + 1e-12
        assert b.upper >= result.upper - 1e-12
        assert b.exploitability == b.upper - b.lower
    # Measured 2026-12-04: down 0.3840 (bounds -0.1535, 0.2305), up 0.4751, nearest 0.4194.
    assert 0.3 < bounds["down"].exploitability < 0.5
    assert bounds["down"].exploitability < bounds["up"].exploitability
    with pytest.raises(OptionError):
        full_game_bounds(CLASSIC, "sideways")


def test_cli_fine_ladder_reports_the_full_game_exploitability(capsys):
    import json

    from tests.cli_helpers import run_cli

    program = ("bidding", "--ladder", "fine", "--solver", "program", "--format", "json")
    code, out, _ = run_cli(capsys, *program, "--translation", "up")
    assert code == 0
    data = json.loads(out)
    bounds = full_game_bounds(CLASSIC, "up")
    assert data["settings"]["translation"] == "up"
    assert data["exploitability"] == bounds.exploitability
    assert data["value_lower"] == bounds.lower and data["value_upper"] == bounds.upper
    result = solve_ladder(CLASSIC, "fine")
    assert data["exploitability_restricted_bids"] == result.exploitability
    assert data["value_lower_restricted_bids"] == result.lower
    # simple players play the full ladder: a rung the abstraction does not keep is named
    player = "call-from:full-house:K"
    code, out, _ = run_cli(capsys, *program, "--player", player, "--full")
    data = json.loads(out)
    assert data["settings"]["translation"] == "down"
    fine = bid_ladder(CLASSIC, "fine")
    expected = player_losses(result, (player,), full=fine)
    assert [row["result"] for row in data["players"]] == list(expected["result"])
    assert "full-house:K" not in result.ladder.labels
    # the odds a player wants at the table: every rung of the fine ladder
    assert len(data["bid_odds"]) == 252 * fine.n_rungs
    assert {row["ladder_hand"] for row in data["bid_odds"]} == set(fine.labels)
    code, out, _ = run_cli(capsys, "bidding", "--ladder", "category", "--format", "json")
    assert "translation" not in json.loads(out)["settings"]


def test_cli_translation_errors(capsys):
    from pokerdice_stats import cli
    from tests.cli_helpers import assert_cli_error

    with pytest.raises(SystemExit) as info:  # argparse's own refusal
        cli.main(["bidding", "--ladder", "fine", "--translation", "sideways"])
    assert info.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "invalid choice: 'sideways'" in lines[0]
    assert_cli_error(
        capsys, ["bidding", "--ladder", "category", "--translation", "up"], "--translation"
    )


def test_cli_choices_are_the_translation_rules():
    import argparse

    from pokerdice_stats.games.bidding.command import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["bidding", "--translation", "nearest"])
    assert args.translation == "nearest"
    sub = parser._subparsers._group_actions[0].choices["bidding"]  # type: ignore[union-attr]
    option = next(a for a in sub._actions if a.dest == "translation")
    assert tuple(option.choices) == TRANSLATIONS


@pytest.mark.parametrize(("seat", "rule"), [(1, "down"), (2, "up"), (1, "nearest")])
def test_full_game_kernel_equals_its_plain_twin_draw_for_draw(seat, rule):
    from pokerdice_stats.engines.simulation.run import chunk_state
    from pokerdice_stats.games.bidding.simulation.fine import lifted_game
    from pokerdice_stats.games.bidding.simulation.solved import BiddingJob
    from pokerdice_stats.kernels.simulation.bidding import bidding_chunk

    full = restricted_ladder(bid_ladder(CLASSIC, "fine"), SEVEN_RUNGS)
    small = restricted_ladder(full, ("high-die:A", "three-of-a-kind:K", "full-house:K"))
    tree = bid_tree(small.n_rungs)
    kept = kept_rungs(full, small)
    solved = random_strategy(tree, 3 - seat, seed=seat)
    result = _solution(small, tree, solved, seat)
    game, exact = lifted_game(result, full, seat, rule)
    policy: dict = {}
    value, _ = lifted_best_response(tree, full, kept, solved, seat, rule, policy, prune=False)
    assert exact == value
    tally = BiddingJob(game, full.n_rungs).new_tally(4000)
    bidding_chunk(chunk_state(3, 0), 4000, game, tally)
    plain = ref.play_lifted_games(
        chunk_state(3, 0), 4000, tree, full, list(kept), solved, policy, seat, rule
    )
    assert int(tally.result[0]) == plain["result"]
    assert int(tally.bids[0]) == plain["bids"]


def _solution(ladder, tree, strategy, seat):
    """A stand-in solution: ``strategy`` for the other seat (the responder's is unused)."""
    from pokerdice_stats.games.bidding.exact.game import Bidding

    strategies = {3 - seat: strategy, seat: np.zeros((ix.N_HANDS, tree.n_sequences(seat)))}
    return Bidding(ladder, tree, 0.0, 0.0, 0.0, 0.0, strategies, np.arange(ix.N_HANDS))


def test_simulated_full_game_best_responses_cover_the_exact_bounds():
    # Fixed seed; 100,000 games; |z| < 4.5 fails by chance with probability below 1e-5.
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.bidding.simulation.fine import simulate_fine_matchups

    record = simulate_fine_matchups(CLASSIC, RunOptions(n=100_000, seed=8, progress=False))
    bounds = full_game_bounds(CLASSIC, "down")
    exact = [g["exact"] for g in record["games"]]
    assert exact[1:] == [bounds.upper, bounds.lower]
    for game in record["games"]:
        sd = (game["ci_high"] - game["ci_low"]) / (2 * 1.959963984540054)
        assert abs(game["estimate"] - game["exact"]) < 4.5 * sd
