"""Chances in percent in the plain answers (design.md, "Numbers people read").

The default ``--format table`` of every command writes a chance times 100, its column headed
``NAME %`` (or its label saying ``chance %``); JSON keeps it from 0 to 1. Each test reads a
command's plain answer and its JSON twin and checks the one is 100 times the other (to the
six significant digits a plain table shows), so a chance can neither stay from 0 to 1 in
the plain answer nor be scaled twice.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

#: A plain table's figures: six significant digits (the last one rounded).
DIGITS = 5e-6
NUMBER = r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?"


def _answers(capsys, *argv: str) -> tuple[str, dict]:
    """The plain answer of ``pokerdice-stats ARGV`` and its JSON answer."""
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    code, text, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    return out, json.loads(text)


def _table(out: str, first: str, skip: int = 0) -> list[dict[str, str]]:
    """The plain table whose header starts with the column ``first`` (the ``skip``-th such
    table counted from 0), as rows keyed by the header: columns are two blanks apart, and a
    row's last cells may be blank (``optimal``)."""
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if re.match(rf"{re.escape(first)}(  |$)", line)]
    start = starts[skip]
    header = re.split(r"\s{2,}", lines[start].strip())
    rows = []
    for line in lines[start + 1 :]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) < 2 or len(cells) > len(header):  # a blank line, prose: the table ends
            break
        rows.append(dict(zip(header, cells + [""] * (len(header) - len(cells)), strict=True)))
    assert rows, (first, out)
    return rows


def _percent(shown: str, chance: float) -> None:
    """``shown`` is ``chance`` (0 to 1) in percent, from 0 to 100."""
    value = float(shown.rstrip("%"))
    assert 0 <= value <= 100, shown
    assert value == pytest.approx(100 * chance, rel=DIGITS, abs=1e-9), (shown, chance)


def _chance_columns(rows: list[dict[str, str]], names: tuple[str, ...]) -> None:
    """Each column of ``names`` is headed ``NAME %`` (and no ``NAME`` without it)."""
    for name in names:
        assert f"{name} %" in rows[0] and name not in rows[0], (name, list(rows[0]))


def test_round_seen(capsys):
    out, record = _answers(capsys, "round", "--rules", "gameweave", "--players", "2")
    rows = _table(out, "seat")
    _chance_columns(rows, ("win", "win_outright", "tie"))
    for row, seat in zip(rows, record["seats"], strict=True):
        for name in ("win", "win_outright", "tie"):
            _percent(row[f"{name} %"], seat[name])
    assert "chances of one round, in percent" in out and "(0 to 1)" not in out
    assert max(float(row["win %"]) for row in rows) > 1


def test_round_one_seat_and_its_holds(capsys):
    argv = ("round", "--rules", "triple-snakes", "--players", "2", "--seat", "2")
    argv += ("--against", "3 3 3 5 6", "--dice", "6 6 4 2 1", "--throws-left", "2")
    out, record = _answers(capsys, *argv)
    said = re.search(rf"wins with chance ({NUMBER})%", out)
    assert said, out
    _percent(said.group(1), record["win"])
    rows = _table(out, "keep")
    assert "win %" in rows[0]
    for row, hold in zip(rows, record["holds"], strict=True):
        _percent(row["win %"], hold["win"])


def test_round_blind(capsys):
    out, record = _answers(capsys, "round", "--rules", "banking", "--players", "2")
    rows = _table(out, "seat")
    _chance_columns(rows, ("win", "win_outright", "tie"))
    for row, seat in zip(rows, record["seats"], strict=True):
        for name in ("win", "win_outright", "tie"):
            _percent(row[f"{name} %"], seat[name])
    split = re.search(rf"the pot is split with chance ({NUMBER})%", out)
    assert split, out
    _percent(split.group(1), record["split"])
    categories = _table(out, "category")
    _chance_columns(categories, ("chance",))
    for row in categories:
        _percent(row["chance %"], record["winning_category"][row["category"]])


def test_match(capsys):
    out, record = _answers(capsys, "match", "--rules", "gameweave", "--players", "2", "--to", "2")
    rows = _table(out, "seat")
    _chance_columns(rows, ("win",))
    for row, seat in zip(rows, record["seats"], strict=True):
        _percent(row["win %"], seat["win"])
        # not a chance: rounds, as in JSON
        assert float(row["expected_rounds"]) == pytest.approx(seat["expected_rounds"], rel=DIGITS)
    assert "(0 to 1)" not in out


def test_holdup(capsys):
    out, record = _answers(capsys, "holdup", "3 3 3 5 6", "--players-left", "2")
    rows = _table(out, "who")
    _chance_columns(rows, ("takes_pot",))
    chances = [record["holds_up"]] + [later["takes_pot"] for later in record["later"]]
    for row, chance in zip(rows, chances, strict=True):
        _percent(row["takes_pot %"], chance)
    said = re.search(rf"holds up with chance ({NUMBER})%", out)
    assert said, out
    _percent(said.group(1), record["holds_up"])
    assert "(0 to 1)" not in out


def test_banking(capsys):
    out, record = _answers(capsys, "banking", "--players", "2")
    split = re.search(rf"the pot is split with chance ({NUMBER})%", out)
    assert split, out
    _percent(split.group(1), record["split"])
    weights = _table(out, "strategy")
    _chance_columns(weights, ("weight", "share"))
    for row, mixed in zip(weights, record["mixture"], strict=True):
        _percent(row["weight %"], mixed["weight"])
    strategies = _table(out, "players")
    _chance_columns(strategies, ("share",))
    shares = {s["strategy"]: s for s in record["strategies"]}
    for row in strategies:
        if row["strategy"] in shares:
            _percent(row["share %"], shares[row["strategy"]]["share"])
            # not a chance: antes a round, as in JSON
            loss = shares[row["strategy"]]["loss"]
            assert float(row["loss_antes"]) == pytest.approx(loss, rel=DIGITS, abs=1e-9)
    categories = _table(out, "category")
    for row in categories:
        _percent(row["chance %"], record["winning_category"][row["category"]])


def test_banking_position(capsys):
    out, record = _answers(capsys, "banking", "--dice", "6 6 2 3 5", "--throws-left", "2")
    rows = _table(out, "keep")
    for row, hold in zip(rows, record["holds"], strict=True):
        assert float(row["share %"]) == pytest.approx(100 * hold["value"], abs=1e-4)
        assert float(row["equilibrium plays it %"]) == pytest.approx(100 * hold["chance"], abs=1e-4)


CLASSIC_SOLVED = pytest.mark.xdist_group("bidding-category-classic")


@CLASSIC_SOLVED
def test_bidding_summary(capsys):
    out, record = _answers(capsys, "bidding", "--rules", "classic")
    rows = _table(out, "own_rung")
    _chance_columns(rows, ("chance_of_hand",))
    assert "seat 1 opens with" in rows[0]  # words, not a figure: no %
    for row, opening in zip(rows, record["opening"], strict=True):
        _percent(row["chance_of_hand %"], opening["chance_of_hand"])
    figures = {row["figure"]: row["value"] for row in _table(out, "figure")}
    # not a chance: units won a game, as in JSON
    assert float(figures["value"]) == pytest.approx(record["value"], rel=DIGITS)


@CLASSIC_SOLVED
def test_bidding_position(capsys):
    argv = ("bidding", "--rules", "classic", "--hand", "K Q 10 9 9", "--bids", "full-house")
    out, record = _answers(capsys, *argv)
    figures = {row["figure"]: row["value"] for row in _table(out, "figure")}
    _percent(figures["chance_last_bid %"], record["chance_last_bid"])
    _percent(figures["chance_last_bid_beliefs %"], record["chance_last_bid_beliefs"])
    assert figures["chance_last_bid_exact"] == record["chance_last_bid_exact"]
    assert "chance_last_bid" not in figures
    moves = _table(out, "move")
    _chance_columns(moves, ("chance",))
    for row, move in zip(moves, record["moves"], strict=True):
        _percent(row["chance %"], move["chance"])
        assert float(row["value"]) == pytest.approx(move["value"], rel=DIGITS, abs=1e-9)


@CLASSIC_SOLVED
def test_bidding_odds_of_a_hand(capsys):
    out, record = _answers(capsys, "bidding", "--rules", "classic", "--hand", "K Q 10 9 9")
    rows = _table(out, "own_hand")
    _chance_columns(rows, ("chance",))
    for row, odds in zip(rows, record["bid_odds"], strict=True):
        _percent(row["chance %"], odds["chance"])


SEAT_CHANCES = ("p_pot", "raise_rate", "fold_rate")


def test_betting(capsys):
    out, record = _answers(capsys, "betting", "--players", "3")
    rows = _table(out, "seat")
    _chance_columns(rows, SEAT_CHANCES)
    for row, seat in zip(rows, record["seats"], strict=True):
        for name in SEAT_CHANCES:
            _percent(row[f"{name} %"], seat[name])
        assert float(row["ev"]) == pytest.approx(seat["ev"], rel=DIGITS)  # chips


@pytest.mark.xdist_group("snakes-table")
def test_betting_as_written(capsys):
    argv = ("betting", "--players", "3", "--ante-max", "2", "--raise-max", "2", "--sit-out", "no")
    out, record = _answers(capsys, *argv)
    rows = _table(out, "seat")
    _chance_columns(rows, SEAT_CHANCES)
    for row, seat in zip(rows, record["seats"], strict=True):
        for name in SEAT_CHANCES:
            _percent(row[f"{name} %"], seat[name])
        assert float(row["ev (chips)"]) == pytest.approx(seat["ev"], rel=DIGITS)


def test_hold(capsys):
    out, record = _answers(capsys, "hold", "K K J 10 9", "--goal", "at-least:full-house")
    rows = _table(out, "keep")
    assert "chance %" in rows[0]
    for row, hold in zip(rows, record["holds"], strict=True):
        _percent(row["chance %"], hold["value"])
        assert row["fraction"] == (hold["value_exact"].removesuffix("/1") or "0")
    out, record = _answers(capsys, "hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9")
    rows = _table(out, "keep")
    for row, hold in zip(rows, record["holds"], strict=True):
        _percent(row["win %"], hold["value"])


def _estimate(line: str) -> list[str]:
    """The estimate and its interval's bounds of a line of ``simulate``."""
    found = re.search(rf": ({NUMBER})  \(95% CI ({NUMBER}) \.\. ({NUMBER})", line)
    assert found, line
    return list(found.groups())


def _estimates_match(line: str, figure: dict, percent: bool) -> None:
    shown = _estimate(line)
    for text, key in zip(shown, ("estimate", "ci_low", "ci_high"), strict=True):
        if percent:
            _percent(text, figure[key])
        else:
            assert float(text) == pytest.approx(figure[key], rel=DIGITS, abs=1e-9)


def test_simulate_round_match_and_turn(capsys):
    out, record = _answers(capsys, "simulate", "--what", "round", "--n", "2000", "--no-progress")
    lines = [line for line in out.splitlines() if "wins the round (chance %)" in line]
    for line, seat in zip(lines, record["seats"], strict=True):
        _estimates_match(line, seat, percent=True)
    argv = ("simulate", "--what", "match", "--to", "2", "--n", "500", "--no-progress")
    out, record = _answers(capsys, *argv)
    lines = [line for line in out.splitlines() if "wins the match (chance %)" in line]
    for line, seat in zip(lines, record["seats"], strict=True):
        _estimates_match(line, seat, percent=True)
    rounds = next(line for line in out.splitlines() if line.startswith("rounds a match"))
    _estimates_match(rounds, record["expected_rounds"], percent=False)  # rounds, not a chance
    argv = ("simulate", "--what", "turn", "--goal", "at-least:full-house", "--n", "5000")
    out, record = _answers(capsys, *argv, "--no-progress")
    line = next(line for line in out.splitlines() if "(chance %)" in line)
    _estimates_match(line, record, percent=True)


def test_simulate_sessions(capsys):
    argv = ("simulate", "--what", "session", "--rules", "banking", "--players", "2")
    argv += ("--start", "100", "--ante", "10", "--rounds", "50", "--n", "100", "--no-progress")
    out, record = _answers(capsys, *argv)
    lines = out.splitlines()
    ahead = [line for line in lines if "ended ahead of the start (chance %)" in line]
    ruin = [line for line in lines if "ruin (chance %)" in line]
    exact = [line for line in lines if "ruin chance" in line]
    for i, seat in enumerate(record["seats"]):
        _estimates_match(ahead[i], seat["ahead"], percent=True)
        _estimates_match(ruin[i], seat["ruin"], percent=True)
        said = re.search(rf"ruin chance ({NUMBER})%", exact[i])
        assert said, exact[i]
        _percent(said.group(1), record["exact"]["seats"][i]["ruin"])
    argv = ("simulate", "--what", "session", "--rules", "triple-snakes", "--players", "3")
    argv += ("--start", "20", "--rounds", "20", "--n", "20", "--no-progress")
    out, record = _answers(capsys, *argv)
    labels = {"p_pot": "chance % of taking the pot", "raise_rate": "raise rate (chance %"}
    labels |= {"fold_rate": "fold rate (chance %", "ruin": "ruin (chance %)"}
    for key, label in labels.items():
        lines = [line for line in out.splitlines() if label in line]
        for line, seat in zip(lines, record["seats"], strict=True):
            figure = {"estimate": seat[key], "ci_low": seat[f"{key}_ci_low"]}
            figure["ci_high"] = seat[f"{key}_ci_high"]
            _estimates_match(line, figure, percent=True)
    argv = ("simulate", "--what", "session", "--rules", "progressive", "--rounds", "20")
    out, record = _answers(capsys, *argv, "--n", "50", "--no-progress")
    line = next(line for line in out.splitlines() if line.startswith("ruin (chance %)"))
    _estimates_match(line, record["ruin"], percent=True)


def test_crosscheck_full(capsys):
    argv = ("crosscheck", "--only", "chances", "--n", "2000", "--no-progress")
    code, out, err = run_cli(capsys, *argv, "--full")
    assert code == 0, err
    code, text, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    record = json.loads(text)
    rows = _table(out, "group")
    for row, check in zip(rows, record["checks"], strict=True):
        assert check["unit"] == "chance" and row["unit"] == "chance %"
        for name in ("exact", "estimate", "ci_low", "ci_high"):
            _percent(row[name], check[name])
        assert float(row["z"]) == pytest.approx(check["z"], rel=DIGITS)  # not a chance


def test_payout_compare(capsys, tmp_path):
    schedule = Path(__file__).resolve().parents[1] / "results/games/progressive_schedule.csv"
    argv = ("payout", "--compare", "004", str(schedule), "--rounds", "20")
    out, record = _answers(capsys, *argv)
    figures = {row["figure"]: row for row in _table(out, "figure")}
    for name in ("player_paid", "computer_paid", "push"):
        assert name not in figures
        for side in ("a", "b"):
            _percent(figures[f"{name} %"][side.upper()], record["totals"][name][side])
    expected = record["totals"]["expected"]["a"]  # points, not a chance
    assert float(figures["expected"]["A"]) == pytest.approx(expected, rel=DIGITS)
    session = {row["figure"]: row for row in _table(out, "figure", skip=1)}
    _percent(session["ruin %"]["A"], record["session"]["a"]["ruin"])
    assert float(session["mean"]["A"]) == pytest.approx(record["session"]["a"]["mean"], rel=1e-5)
