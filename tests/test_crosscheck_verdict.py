"""The cross-checks' verdict: the family-wise bound on |z|, pass/fail lines and exit status."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from statistics import NormalDist

import pytest

from pokerdice_stats import cli
from pokerdice_stats.engines.checks import Check
from pokerdice_stats.engines.checks.verdict import FAMILY_ERROR, verdict, within, z_bound
from pokerdice_stats.engines.simulation.stats import Estimate


def _check(z: float, figure: str = "f") -> Check:
    estimate = Estimate(0.5, 0.4, 0.6, 100, 1, 0.05, "wilson")
    return Check("g", figure, Fraction(1, 2), estimate, z)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("count", [1, 2, 17, 108, 1000])
def test_bound_gives_the_family_error(count):
    # with independent standard normal z-scores, the chance that none exceeds the bound
    each_inside = 2 * NormalDist().cdf(z_bound(count)) - 1
    assert each_inside**count == pytest.approx(1 - FAMILY_ERROR, rel=1e-12)


def test_bound_grows_with_the_number_of_checks():
    bounds = [z_bound(k) for k in (1, 10, 100, 1000)]
    assert bounds == sorted(bounds) and len(set(bounds)) == 4
    assert z_bound(1) == pytest.approx(NormalDist().inv_cdf(0.995), rel=1e-14)


@pytest.mark.parametrize("bad", [0, -3])
def test_bound_needs_a_check(bad):
    with pytest.raises(ValueError, match="at least one check"):
        z_bound(bad)


def test_verdict_fails_beyond_the_bound_and_on_nan():
    bound = z_bound(3)
    checks = [_check(0.5, "a"), _check(-(bound + 0.01), "b"), _check(math.nan, "c")]
    judged = verdict(checks)
    assert not judged.passed
    assert [c.figure for c in judged.failed] == ["b", "c"]
    assert judged.largest.figure == "c"
    assert judged.line().startswith("FAIL (2 of 3 figures)")
    assert within(_check(bound), bound) and not within(_check(math.inf), bound)


def test_verdict_passes_within_the_bound():
    judged = verdict([_check(1.0, "a"), _check(-2.0, "b")])
    assert judged.passed and judged.largest.figure == "b"
    assert judged.line().startswith("PASS: 2 figures, largest |z| 2.00 (g: b)")
    assert all(len(line) <= 100 for line in judged.line().splitlines())


def test_crosscheck_prints_one_line_a_figure_and_the_verdict(capsys):
    code, out, _ = _run(capsys, "crosscheck", "--only", "chances", "--n", "20000", "--seed", "2")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].split() == ["verdict", "group", "figure", "z"]
    assert len(lines) == 1 + 17 + 2
    assert all(line.split()[0] == "pass" for line in lines[1:18])
    assert lines[18].startswith("PASS: 17 figures")
    assert all(len(line) <= 100 for line in lines)


def test_crosscheck_full_table_and_json_verdict(capsys):
    argv = ["crosscheck", "--only", "chances", "--n", "20000", "--seed", "2"]
    code, out, _ = _run(capsys, *argv, "--full")
    assert code == 0 and "ci_low" in out.splitlines()[0]
    code, out, _ = _run(capsys, *argv, "--format", "json")
    record = json.loads(out)
    assert code == 0 and record["passed"] is True
    assert record["z_bound"] == pytest.approx(z_bound(17))
    assert record["largest_abs_z"] == max(abs(row["z"]) for row in record["checks"])
    assert all(row["passed"] is True for row in record["checks"])


def test_crosscheck_exits_1_when_a_figure_fails(capsys, monkeypatch):
    import pokerdice_stats.games.checks as checks

    monkeypatch.setattr(checks, "crosscheck", lambda groups, run: [_check(0.1), _check(9.0)])
    code, out, _ = _run(capsys, "crosscheck", "--only", "chances")
    assert code == 1
    assert out.splitlines()[-2].startswith("FAIL (1 of 2 figures)")
    assert [line.split()[0] for line in out.splitlines()[1:3]] == ["pass", "FAIL"]
    code, out, _ = _run(capsys, "crosscheck", "--only", "chances", "--format", "json")
    assert code == 1 and json.loads(out)["passed"] is False
