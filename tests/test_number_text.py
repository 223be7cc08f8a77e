"""The one formatter of numbers written to results/ (issue 13, item 4)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from pokerdice_stats.ground.formats import number_text, to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text


def test_noise_below_the_tolerance_is_zero():
    assert number_text(8.89e-17, tolerance=1e-12) == "0"
    assert number_text(-6.19e-17, tolerance=1e-12) == "0"
    assert number_text(2e-12, tolerance=1e-12) == "2e-12"
    assert number_text(8.89e-17) == "8.89e-17"  # no tolerance stated: kept


def test_ten_significant_digits_hide_the_last_bits():
    assert number_text(5.748655120092975) == "5.74865512"
    assert number_text(5.7486551200929741) == "5.74865512"
    assert number_text(1 / 3) == "0.3333333333"
    assert number_text(np.float32(0.5)) == "0.5"
    assert number_text(123456789012.5) == "1.23456789e+11"


def test_fractions_and_integers_untouched():
    assert number_text(Fraction(347897, 7558272)) == "347897/7558272"
    assert number_text(Fraction(4)) == "4/1"
    assert number_text(12345678901234567) == "12345678901234567"
    assert number_text(np.int64(-7)) == "-7"
    assert number_text(True) is True
    assert number_text("text") == "text"


def test_negative_zero_and_specials():
    assert number_text(-0.0) == "0"
    assert number_text(np.float64(-0.0)) == "0"
    assert number_text(-1e-300, tolerance=1e-12) == "0"
    assert number_text(float("nan")) == ""
    assert number_text(float("inf")) == "inf"


def test_writers_use_the_formatter():
    frame = pd.DataFrame(
        {"a": [5.748655120092975, -0.0], "b": [Fraction(1, 3), Fraction(2)], "n": [1, 2]}
    )
    assert to_csv(frame) == "a,b,n\n5.74865512,1/3,1\n0,2/1,2\n"
    noisy = pd.DataFrame({"gap": [8.89e-17, 0.25]})
    assert to_csv(noisy, {"gap": 1e-9}) == "gap\n0\n0.25\n"
    assert "| 0 |" in to_markdown(noisy, {"gap": 1e-9})
    assert "| 8.89e-17 |" in to_markdown(noisy)


def test_a_results_writer_uses_the_formatter(tmp_path):
    from pokerdice_stats.engines.report import strategy_charts

    goals = strategy_charts.standard_goals(strategy_charts.PRESETS["classic"], False)[:1]
    entries = [(goals[0], "classic/x.png", False)]
    strategy_charts.write_preset("classic", tmp_path, entries)
    text = (tmp_path / "strategy" / "classic.csv").read_text()
    floats = [cell for line in text.splitlines()[1:] for cell in line.split(",") if "." in cell]
    assert floats
    assert all(cell == number_text(float(cell)) for cell in floats)


def test_fixed_text_writes_noise_and_rounded_zeros_without_a_sign():
    assert fixed_text(-1e-17, ".4f") == "0.0000"
    assert fixed_text(-0.0, ".1%") == "0.0%"
    assert fixed_text(-0.00004, ".4f") == "0.0000"
    assert fixed_text(-0.00006, ".4f") == "-0.0001"
    assert fixed_text(3e-9, ".3g", tolerance=1e-6) == "0"
    assert fixed_text(-2.5e-6, ".3g", tolerance=1e-6) == "-2.5e-06"
    assert fixed_text(1234567.891, ",.0f") == "1,234,568"
    assert fixed_text(float("nan"), ".2f") == ""


def test_tables_for_people_write_whole_fractions_whole_and_noise_as_zero():
    from pokerdice_stats.ground.formats import render
    from pokerdice_stats.ground.numbers import short_fraction, stated

    assert short_fraction(Fraction(0)) == "0" and short_fraction(Fraction(-6)) == "-6"
    assert short_fraction(Fraction(1, 3)) == "1/3"
    assert short_fraction(Fraction(1, 10**30)) == "…"
    frame = pd.DataFrame({"net": [9.7e-17, 0.25], "exact": [Fraction(0), Fraction(-6)]})
    table = render(frame, "table", {"net": 1e-6})
    assert table.split("\n")[1].split() == ["0", "0"]
    assert table.split("\n")[2].split() == ["0.25", "-6"]
    assert render(frame, "table").split("\n")[1].split()[0] == "9.7e-17"  # no tolerance
    assert "0/1" in render(frame, "csv")  # CSV keeps p/q
    assert stated(1.2000000000000002e-06) == 1.2e-06
