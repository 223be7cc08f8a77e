"""Blind banking rounds of 2-5 seats: the field values, the symmetric equilibrium, the commands."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
import reference_banking as rb
import reference_payout as ref
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.engines.blind.simple_strategies import SIMPLE_STRATEGIES, strategy_distribution
from pokerdice_stats.games.banking.exact.field import (
    TWO_SEAT,
    blind_round,
    field_goal,
    share_against,
    solve_field,
)
from pokerdice_stats.games.banking.exact.hand_values import (
    exact_field_values,
    field_values,
    strategy_payoffs,
    symmetric_weights,
)
from pokerdice_stats.games.banking.exact.strategy_frames import (
    keep_frame,
    mixture_frame,
    strategy_table,
)
from pokerdice_stats.games.banking.exact.two_seats import banking_equilibrium
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.ground.formats import to_json

RULES = get_rules("banking")
PIPS = [tuple(sorted(r + 1 for r in range(6) for _ in range(int(c[r])))) for c in ix.HAND_COUNTS]
PLAYERS = (2, 3, 4, 5)


def as_pips(distribution) -> dict:
    numerators, denominator = distribution
    return {PIPS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators) if n}


@pytest.fixture(scope="module", params=PLAYERS)
def equilibrium(request):
    return solve_field(RULES, request.param)


# --- the value of a final hand against the field -------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_field_values_match_the_seat_by_seat_reference_on_every_hand(players):
    stand = strategy_distribution(RULES, "stand")
    goal = field_goal(RULES, stand, players)
    field = as_pips(stand)
    for h in range(ix.N_HANDS):
        assert goal.value(h) == rb.seat_share(PIPS[h], field, players), PIPS[h]


@pytest.mark.parametrize("players", PLAYERS)
def test_float_and_exact_field_values_agree(players):
    rng = np.random.default_rng(4)
    numerators = [int(v) for v in rng.integers(0, 50, size=30)]
    denominator = sum(numerators)
    exact, common = exact_field_values(numerators, denominator, players)
    floats, _, _ = field_values(np.array(numerators) / denominator, players)
    assert np.allclose(floats, [v / common for v in exact], rtol=0, atol=1e-15)
    # A field's own value is 1/N exactly: N i.i.d. seats share one pot.
    own = Fraction(sum(p * v for p, v in zip(numerators, exact, strict=True)), denominator * common)
    assert own == Fraction(1, players)


def test_field_value_derivatives_by_finite_differences():
    rng = np.random.default_rng(5)
    levels = rng.dirichlet(np.ones(4), size=3)
    weights = np.array([0.2, 0.5, 0.3])
    _, jac = strategy_payoffs(levels, weights, 4)
    step = 1e-7
    for j in range(3):
        moved = weights.copy()
        moved[j] += step
        up, _ = strategy_payoffs(levels, moved, 4, jacobian=False)
        moved[j] -= 2 * step
        down, _ = strategy_payoffs(levels, moved, 4, jacobian=False)
        assert np.allclose((up - down) / (2 * step), jac[:, j], atol=1e-7)


def test_symmetric_weights_pick_a_dominant_strategy():
    # three pure strategies finishing surely at levels 0, 1 and 2: the top one dominates
    weights, residual, _ = symmetric_weights(np.eye(3), 3)
    assert np.allclose(weights, [0, 0, 1], atol=1e-12)
    assert residual <= 1e-15


@pytest.mark.parametrize("players", PLAYERS)
def test_symmetric_weights_satisfy_the_equilibrium_conditions(players):
    rng = np.random.default_rng(players)
    levels = rng.dirichlet(np.ones(8), size=6)
    weights, residual, _ = symmetric_weights(levels, players)
    payoffs, _ = strategy_payoffs(levels, weights, players, jacobian=False)
    assert residual <= 1e-12
    assert abs(weights.sum() - 1) < 1e-15 and (weights >= 0).all()
    assert payoffs.max() <= 1 / players + 1e-12  # nobody earns more than the field's 1/N
    assert np.allclose(payoffs[weights > 1e-9], 1 / players, atol=1e-12)


# --- the equilibrium -------------------------------------------------------------------------


def test_equilibrium_is_certified_within_its_tolerance(equilibrium):
    eq = equilibrium
    assert eq.converged
    assert 0 <= eq.exploitability <= Fraction(eq.tolerance)
    assert eq.tolerance == 1e-9
    assert sum(eq.mixture.exact_weights) == 1
    assert all(w > 0 for w in eq.mixture.exact_weights)
    assert eq.mixture.playable()


def test_every_seat_gets_exactly_one_nth(equilibrium):
    eq = equilibrium
    assert eq.value == tuple(Fraction(1, eq.players) for _ in range(eq.players))
    assert sum(eq.value) == 1
    assert eq.share(eq.field()) == Fraction(1, eq.players)


def test_every_pure_strategy_of_the_support_earns_its_fair_share(equilibrium):
    eq = equilibrium
    goal = eq.field_goal()
    fair = Fraction(1, eq.players)
    for row in eq.mixture.numerators:
        share = share_against(goal, (row, eq.mixture.denominator))
        assert fair - Fraction(1, 10**9) <= share <= fair + eq.exploitability


@pytest.mark.parametrize("players", [2, 3])
def test_exploitability_by_plain_expectimax(players):
    eq = solve_field(RULES, players)
    best = rb.best_response(as_pips(eq.field()), players)
    assert best - Fraction(1, players) == eq.exploitability


def test_two_seats_agree_with_the_two_player_equilibrium():
    eq = solve_field(RULES, 2)
    two = banking_equilibrium(RULES)
    # the two-player game is worth 0 antes, a share of 1/2, and neither side can gain
    assert two.lower == two.upper == 0
    assert eq.exploitability == 0 == two.upper - two.lower
    assert eq.value == (Fraction(1, 2), Fraction(1, 2))
    # each strategy is a best answer to the other
    assert eq.share(two.first.exact()) == Fraction(1, 2)
    table = strategy_table(eq).set_index("strategy")
    assert table.loc[TWO_SEAT, "share"] == Fraction(1, 2)


def test_strategy_table_shares_and_losses(equilibrium):
    eq = equilibrium
    table = strategy_table(eq).set_index("strategy")
    n = eq.players
    for name in SIMPLE_STRATEGIES:
        share = table.loc[name, "share"]
        assert share == eq.share(strategy_distribution(RULES, name))
        assert share < Fraction(1, n)  # every simple strategy loses to the field
        assert table.loc[name, "net"] == n * share - 1
        assert table.loc[name, "loss_float"] == pytest.approx(1 - n * float(share), abs=1e-15)
    assert table.loc["equilibrium", "share"] == Fraction(1, n)
    assert table.loc["best-response", "share"] == Fraction(1, n) + eq.exploitability
    assert table.loc[TWO_SEAT, "share"] <= Fraction(1, n) + eq.exploitability


def test_more_seats_need_their_own_equilibrium():
    """The two-seat strategy reused is not an equilibrium of 5 seats: it loses antes."""
    eq = solve_field(RULES, 5)
    table = strategy_table(eq).set_index("strategy")
    assert table.loc[TWO_SEAT, "net_float"] < -0.01


# --- blind rounds ---------------------------------------------------------------------------


def test_two_seat_blind_round_by_brute_force():
    result = blind_round(RULES, 2)
    field = as_pips(result.equilibrium.field())
    shares = rb.round_shares([field, field])
    assert tuple(shares) == result.win == (Fraction(1, 2), Fraction(1, 2))
    keys = {h: ref.full_key(h) for h in field}
    split = sum(p * q for a, p in field.items() for b, q in field.items() if keys[a] == keys[b])
    assert result.split == split
    assert result.tie == (split, split)
    assert result.outright[0] == Fraction(1, 2) - split / 2
    winning: dict[str, Fraction] = {}
    for a, p in field.items():
        for b, q in field.items():
            top = max(a, b, key=lambda h: keys[h])
            winning[ref.category(top)] = winning.get(ref.category(top), Fraction(0)) + p * q
    assert {k: v for k, v in result.winning_category.items() if v} == winning


def test_blind_round_shares_sum_to_one_and_category_chances_too(equilibrium):
    result = blind_round(RULES, equilibrium.players)
    assert sum(result.win) == 1
    assert sum(result.winning_category.values()) == 1
    assert list(result.winning_category) == list(RULES.category_slugs)
    # every round ends with the best hand held alone or shared
    assert sum(result.outright) + result.split == 1


def test_keep_frame_plays_the_mixture(equilibrium):
    eq = equilibrium
    frame = keep_frame(eq)
    per_strategy = frame.groupby("strategy")["weight_exact"].first()
    assert sum(per_strategy) == 1
    assert len(frame) == len(per_strategy) * (RULES.throws - 1) * ix.N_HANDS
    # every pure strategy of the support holds optimally against the field
    assert frame["optimal"].all()
    mixture = mixture_frame(eq)
    assert np.allclose(mixture["share_float"], 1 / eq.players, atol=1e-9)


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (1, {}, "players must be 2 to 5"),
        (6, {}, "players must be 2 to 5"),
        (2, {"knowledge": "seen"}, "knowledge=seen"),
        (3, {"ties": "roll-off"}, "ties=roll-off"),
        (2, {"throw_limit": "first-player"}, "throw_limit=first-player"),
    ],
)
def test_solve_field_refuses(players, options, words):
    with pytest.raises(PokerDiceError, match=words):
        solve_field(get_rules("banking", options), players)


@pytest.mark.parametrize("tolerance", [0, True, "x", float("inf"), float("nan"), [], -1e-9])
def test_solve_field_refuses_bad_tolerance(tolerance):
    with pytest.raises(PokerDiceError, match="tolerance must be"):
        solve_field(RULES, 2, tolerance=tolerance)


@pytest.mark.parametrize("tolerance", [True, "x", float("inf"), []])
def test_blind_equilibrium_and_payout_refuse_a_tolerance_that_is_not_a_positive_number(
    tolerance,
):
    """Before, ``True`` was read as 1.0, ``inf`` accepted, ``"x"`` a plain ValueError, and
    ``expected_payout`` took anything (it reads the tolerance only for a blind round)."""
    from pokerdice_stats.engines.blind.equilibrium import solve_blind
    from pokerdice_stats.games.progressive.exact.payout import expected_payout

    with pytest.raises(PokerDiceError, match="tolerance must be"):
        solve_blind(RULES, np.eye(252) - np.eye(252)[::-1], tolerance=tolerance)
    with pytest.raises(PokerDiceError, match="tolerance must be"):
        expected_payout(get_rules("progressive"), tolerance=tolerance)


# --- commands -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_banking_json_contract(capsys, players):
    assert main(["banking", "--players", str(players), "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["players"] == players
    assert record["rules"] == "banking"
    assert record["value"] == [pytest.approx(1 / players, abs=1e-15)] * players
    assert sum(Fraction(v) for v in record["value_exact"]) == 1
    assert 0 <= record["exploitability"] <= record["tolerance"] == 1e-9
    names = [row["strategy"] for row in record["strategies"]]
    assert names == [*SIMPLE_STRATEGIES, TWO_SEAT, "equilibrium", "best-response"]
    for row in record["strategies"]:
        assert row["loss"] == pytest.approx(1 - players * row["share"], abs=1e-12)
    assert sum(Fraction(m["weight_exact"]) for m in record["mixture"]) == 1


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv"])
def test_banking_formats(capsys, fmt):
    assert main(["banking", "--players", "3", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "max-category" in out
    if fmt == "table":
        assert "exploitability" in out and "tolerance 1e-09" in out
    else:  # the figures: Markdown's table of figure and value, every CSV row's columns
        tolerance = "| tolerance | 1e-09 |" if fmt == "markdown" else ",tolerance,"
        assert "exploitability" in out and tolerance in out


def test_banking_strategy_choice_and_out(capsys, tmp_path):
    path = tmp_path / "holds.csv"
    args = ["banking", "--players", "4", "--strategy", "stand", "--out", str(path)]
    assert main([*args, "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [row["strategy"] for row in record["strategies"]] == ["stand"]
    header = path.read_text().splitlines()[0].split(",")
    assert {"strategy", "weight", "throws_left", "hand", "keep"} <= set(header)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["banking", "--players", "1"], "players must be 2 to 5"),
        (["banking", "--players", "6"], "players must be 2 to 5"),
        (["banking", "--strategy", "bluff"], "unknown strategy 'bluff'"),
        (["banking", "--set", "knowledge=seen"], "knowledge=seen"),
        (["banking", "--tolerance", "0"], "--tolerance must be"),
        (["round", "--rules", "banking", "--players", "6"], "players must be 2 to 5"),
        (["round", "--rules", "banking", "--seat", "2"], "these rules are blind"),
        (["round", "--rules", "gameweave", "--set", "knowledge=blind"], "ties=roll-off"),
        (["match", "--rules", "gameweave", "--set", "knowledge=blind"], "knowledge=blind"),
        (["holdup", "3 3 3 5 6", "--set", "knowledge=blind"], "knowledge=blind"),
    ],
)
def test_cli_refusals(capsys, argv, words):
    assert_cli_error(capsys, argv, words)


@pytest.mark.parametrize("players", PLAYERS)
def test_round_is_blind_under_banking(capsys, players):
    argv = ["round", "--rules", "banking", "--players", str(players), "--format", "json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["rules"], record["players"], record["knowledge"]) == (
        "banking",
        players,
        "blind",
    )
    assert float(Fraction(record["split_exact"])) == record["split"]
    assert sum(Fraction(v) for v in record["winning_category_exact"].values()) == 1
    rows = record["seats"]
    assert [row["seat"] for row in rows] == list(range(1, players + 1))
    assert all(isinstance(row["win"], float) for row in rows)
    assert sum(Fraction(row["win_exact"]) for row in rows) == 1


def test_round_seen_under_banking_is_the_old_analysis(capsys):
    argv = ["round", "--rules", "banking", "--set", "knowledge=seen", "--format", "json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["knowledge"] == "seen" and "split" not in record
    rows = record["seats"]
    assert rows[1]["win"] > rows[0]["win"]  # the later seat sees the earlier hand


def test_round_table_names_the_split_rate_and_the_winning_hand(capsys):
    assert main(["round", "--rules", "banking", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "the pot is split with chance" in out
    assert "four-of-a-kind" in out and "tolerance 1e-09" in out


@pytest.mark.parametrize(("dice", "left", "players"), [("6 6 2 3 5", 2, 2), ("1 1 1 4 5", 1, 3)])
def test_banking_dice_answers_one_position(capsys, dice, left, players):
    """``banking --dice``: every hold against the field; the equilibrium plays only the best
    holds (a mixed strategy plays nothing worse), with chances summing to 1."""
    from pokerdice_stats.games.banking.exact.position import banking_position

    argv = ["banking", "--dice", dice, "--throws-left", str(left), "--players", str(players)]
    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    record = json.loads(out)
    assert record == json.loads(to_json(banking_position(RULES, players, dice, left)))
    holds = record["holds"]
    assert sum(h["chance"] for h in holds) == pytest.approx(1.0, abs=1e-12)
    best = max(h["value"] for h in holds)
    for h in holds:
        if h["chance"] > 0:
            assert h["optimal"] and h["value"] == pytest.approx(best, abs=1e-9)
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert f"{players} blind seats" in out and "*" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["banking", "--throws-left", "1"], "goes with --dice"),
        (["banking", "--dice", "6 6 2 3 5", "--strategy", "stand"], "not to one position"),
        (["banking", "--dice", "6 6 2 3 5", "--set", "knowledge=seen"], "blind round's"),
        (["banking", "--dice", "6 6 2 3"], "dice"),
    ],
)
def test_banking_dice_refusals(capsys, argv, words):
    assert_cli_error(capsys, argv, words)
