"""Banking Poker Dice (004): the blind equilibrium and what simple strategies give away."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
import reference_payout as ref

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.engines.blind.equilibrium import game_value
from pokerdice_stats.engines.blind.simple_strategies import SIMPLE_STRATEGIES, strategy_distribution
from pokerdice_stats.games.banking.exact.two_seats import (
    banking_equilibrium,
    banking_payout,
    category_table,
    exploit,
    strategy_table,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import PokerDiceError

RULES = get_rules("banking")
PIPS = [tuple(sorted(r + 1 for r in range(6) for _ in range(int(c[r])))) for c in ix.HAND_COUNTS]


def rules_with(throws: int):
    return get_rules("banking", {"throws": throws})


def as_pips(numerators, denominator) -> dict:
    return {PIPS[h]: Fraction(int(n), denominator) for h, n in enumerate(numerators) if n}


@pytest.fixture(scope="module")
def equilibrium():
    return banking_equilibrium(RULES)


def test_payout_matches_the_reference_comparison_on_every_pair():
    expected = np.array([[ref.banking_payout(a, b) for b in PIPS] for a in PIPS])
    matrix = banking_payout(RULES)
    assert np.array_equal(matrix, expected)
    assert np.array_equal(matrix, -matrix.T)
    # identical dice split: the only ties are on the diagonal under full tie-breaks
    assert np.array_equal(matrix == 0, np.eye(ix.N_HANDS, dtype=bool))


def test_one_throw_game_is_even():
    eq = banking_equilibrium(rules_with(1))
    assert ref.one_throw_game(ref.banking_payout) == 0
    assert eq.lower == eq.upper == 0
    assert eq.converged


@pytest.mark.parametrize(
    ("name", "throws"), [("stand", 3), ("largest-set", 2), ("max-category", 2)]
)
def test_exploits_match_brute_force(name, throws):
    rules = rules_with(throws)
    numerators, denominator = strategy_distribution(rules, name)
    best = ref.blind_best_response(as_pips(numerators, denominator), throws, ref.banking_payout)
    result = exploit(rules, name)
    assert result.loss == best
    assert result.share == (1 - best) / 2


def test_equilibrium_is_within_tolerance_and_certified(equilibrium):
    eq = equilibrium
    assert eq.converged
    assert eq.exploitability <= eq.tolerance
    assert eq.lower <= 0 <= eq.upper  # a symmetric zero-sum game is worth 0
    assert eq.upper - eq.lower <= Fraction(eq.tolerance)
    assert abs(eq.value) <= eq.tolerance
    assert abs(eq.first.weights.sum() - 1) < 1e-12


def test_equilibrium_guarantee_checked_by_brute_force(equilibrium):
    numerators, denominator = equilibrium.second.exact()
    best = ref.blind_best_response(as_pips(numerators, denominator), 3, ref.banking_payout)
    assert best == equilibrium.upper
    assert best <= Fraction(equilibrium.tolerance)


def test_every_simple_strategy_loses_to_its_best_response(equilibrium):
    table = strategy_table(RULES, equilibrium).set_index("strategy")
    for name in SIMPLE_STRATEGIES:
        loss = table.loc[name, "loss_to_best_response"]
        assert loss > 0, name
        # the equilibrium guarantees at least its lower bound against anything
        assert -table.loc[name, "vs_equilibrium"] >= float(equilibrium.lower) - 1e-12
        # a best response does at least as well as the equilibrium does
        assert loss >= -table.loc[name, "vs_equilibrium"] - 1e-12
    assert table.loc["equilibrium", "loss_to_best_response"] == equilibrium.upper


def test_equilibrium_against_stand_exactly(equilibrium):
    stand = strategy_distribution(RULES, "stand")
    value = game_value(equilibrium.first.exact(), stand, banking_payout(RULES))
    assert value > 0
    assert value <= exploit(RULES, "stand").loss


def test_fictitious_play_brackets_zero():
    rules = rules_with(2)
    fp = banking_equilibrium(rules, method="fictitious-play", max_iterations=25)
    assert fp.lower <= 0 <= fp.upper
    assert fp.gaps[-1] < fp.gaps[0]


def test_category_table_sums_to_one(equilibrium):
    frame = category_table(RULES, {"equilibrium": equilibrium.first.distribution})
    assert frame["equilibrium"].sum() == pytest.approx(1, abs=1e-12)
    assert list(frame["category"]) == list(RULES.category_slugs)


def test_unknown_strategy():
    with pytest.raises(PokerDiceError, match="choose one of"):
        exploit(RULES, "bluff")


def test_cli_banking_json(capsys):
    # the command now solves the blind round of N seats (tests/test_banking_field.py);
    # for 2 seats it agrees with the two-player equilibrium
    assert main(["banking", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["exploitability"] <= record["tolerance"]
    assert Fraction(record["exploitability_exact"]) == banking_equilibrium(RULES).upper == 0
    names = [row["strategy"] for row in record["strategies"]]
    assert names[: len(SIMPLE_STRATEGIES)] == list(SIMPLE_STRATEGIES)


def test_cli_banking_table_and_bad_input(capsys):
    assert main(["banking"]) == 0
    assert "exploitability" in capsys.readouterr().out
    assert main(["banking", "--tolerance", "-1"]) == 2
    assert "tolerance" in capsys.readouterr().err


def test_sticky_holds_equilibrium_is_a_mixture_solved_exactly():
    rules = get_rules("banking", {"sticky_holds": True})
    eq = banking_equilibrium(rules)
    assert eq.converged
    weights = eq.first.exact_weights
    assert weights is not None and sum(weights) == 1
    assert sum(1 for w in weights if w > 0) > 1  # a genuine mixture
    assert all(abs(float(w) - x) < 1e-9 for w, x in zip(weights, eq.first.weights, strict=True))
    # the exact mixtures guarantee exactly the value 0 of the symmetric game
    assert eq.lower == eq.upper == 0


def test_rounded_mixture_when_no_exact_weights():
    from pokerdice_stats.engines.blind.equilibrium import Mixture

    stand, denominator = strategy_distribution(RULES, "stand")
    other, _ = strategy_distribution(RULES, "max-category")
    mixture = Mixture(np.array([0.25, 0.75]), np.array([stand, other]), denominator)
    numerators, total = mixture.exact()
    expected = [
        Fraction(int(a), 4 * denominator) + Fraction(3 * int(b), 4 * denominator)
        for a, b in zip(stand, other, strict=True)
    ]
    assert [Fraction(int(n), total) for n in numerators] == expected
    assert mixture.distribution.sum() == pytest.approx(1)
