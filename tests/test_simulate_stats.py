"""Confidence-interval helpers against known values and their defining equations."""

from __future__ import annotations

import math

import pytest

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.ground.errors import OptionError


def test_wilson_known_values():
    # Zero and all successes: the closed forms z^2 / (n + z^2) and n / (n + z^2).
    z2 = stats.Z95**2
    assert stats.wilson(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert stats.wilson(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)
    # Half of 100: symmetric about 0.5 (0.4038 .. 0.5962, as every table gives).
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    assert [round(x, 4) for x in stats.wilson(81, 263)] == [0.2553, 0.3662]


@pytest.mark.parametrize(("k", "n"), [(1, 7), (81, 263), (999, 1000), (3, 100_000)])
def test_wilson_ends_solve_the_score_equation(k, n):
    """Each end p satisfies (k/n - p)^2 = z^2 p (1 - p) / n."""
    phat = k / n
    for p in stats.wilson(k, n):
        assert (phat - p) ** 2 == pytest.approx(stats.Z95**2 * p * (1 - p) / n, rel=1e-9)


def test_normal_interval_known_values():
    samples = [1.0, 2.0, 3.0, 4.0]
    low, high = stats.normal_interval(sum(samples), sum(x * x for x in samples), 4)
    sd = math.sqrt(5 / 3)
    assert low == pytest.approx(2.5 - stats.Z95 * sd / 2)
    assert high == pytest.approx(2.5 + stats.Z95 * sd / 2)


def test_levels_and_estimates():
    assert stats.z_of_level(0.95) == pytest.approx(stats.Z95)
    assert stats.z_of_level(0.99) == pytest.approx(2.5758293035489)
    with pytest.raises(OptionError):
        stats.z_of_level(1.5)
    e = stats.proportion(30, 100, seed=4)
    assert (e.n, e.seed, e.interval) == (100, 4, "wilson")
    assert e.covers(0.3) and not e.covers(0.5)
    assert e.z_score(0.3) == 0.0
    assert e.z_score(0.25) == pytest.approx(0.05 / math.sqrt(0.25 * 0.75 / 100))
    m = stats.mean(10.0, 30.0, 4, seed=1)
    assert m.estimate == 2.5 and m.interval == "normal"
    assert m.std_error == pytest.approx(math.sqrt(5 / 3) / 2)
    assert set(m.as_dict()) >= {"estimate", "ci_low", "ci_high", "n", "seed"}


def test_docstring_examples():
    import doctest

    import pokerdice_stats.engines.simulation.turns as turns
    import pokerdice_stats.games.simulations as simulation

    for module in (stats, simulation, turns):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
