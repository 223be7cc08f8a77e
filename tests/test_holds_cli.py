"""The ``hold``, ``chances`` and ``strategy`` commands: JSON contracts, examples, bad input."""

from __future__ import annotations

import csv
import json
from fractions import Fraction

import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import cli, get_rules
from pokerdice_stats.turn.chances import chances_table, goal_chances
from pokerdice_stats.turn.goals import at_least, beat, exactly
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


#: Keys of the object ``hold --format json`` writes (its context, then ``holds``): those
#: every answer has, and those given only where they apply.
HOLD_OBJECT_KEYS = {
    "hand", "category", "rules", "goal", "goal_default", "unit", "throws_left", "exact", "holds",
}  # fmt: skip
HOLD_OBJECT_OPTIONAL = {
    "final_unit", "against", "tied", "players_left", "seat", "players", "ties", "limit", "side",
    "schedule", "computer_hand", "aside", "untouched",
}  # fmt: skip
#: Keys of each row of ``hold --format json``: always, and where they apply.
HOLD_ROW_KEYS = {"keep", "rethrow", "value", "optimal"}
HOLD_ROW_OPTIONAL = {"value_exact", "final", "final_exact"}


def run_json(capsys, *argv: str):
    """The JSON answer; for ``hold`` its ``holds`` rows, after checking the object around them."""
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    if argv[0] == "hold":
        assert HOLD_OBJECT_KEYS <= set(data) <= HOLD_OBJECT_KEYS | HOLD_OBJECT_OPTIONAL, data.keys()
        for row in data["holds"]:
            assert HOLD_ROW_KEYS <= set(row) <= HOLD_ROW_KEYS | HOLD_ROW_OPTIONAL, row
        return data["holds"]
    if argv[0] == "chances":
        assert data["rules"] == "gameweave" + (" (throws=2)" if "--throws" in argv else "")
        if "--goal" not in argv:
            assert set(data) == {"rules", "throws", "unit", "rows"}
            return data["rows"]
    return data


def test_hold_example_full_house(capsys):
    """K K J 10 9, two throws left, playing for at least a full house: keep the kings."""
    rows = run_json(capsys, "hold", "K K J 10 9", "--goal", "at-least:full-house")
    assert all("final" not in r and "final_exact" not in r for r in rows)
    best = rows[0]
    assert best["keep"] == "K K" and best["rethrow"] == 3 and best["optimal"] is True
    assert [r["keep"] for r in rows if r["optimal"]] == ["K K"]
    assert Fraction(best["value_exact"]) == Fraction(139, 324)
    # Every distinct hold of K K J 10 9 once: 3 * 2 * 2 * 2 = 24 sub-multisets.
    assert len(rows) == 24
    assert len({r["keep"] for r in rows}) == 24
    values = [Fraction(r["value_exact"]) for r in rows]
    assert values == sorted(values, reverse=True)
    for r in rows:
        assert abs(float(Fraction(r["value_exact"])) - r["value"]) < 1e-15
        assert r["rethrow"] == 5 - len(r["keep"].split())
    assert any(r["keep"] == "" and r["rethrow"] == 5 for r in rows)
    stand = next(r for r in rows if r["rethrow"] == 0)
    assert stand["keep"] == "K K J 10 9" and stand["value_exact"] == "0/1"


def test_hold_json_matches_the_policy(capsys):
    rules = get_rules("triple-snakes", {"max_rethrow": 3, "max_rethrow_scope": "throw"})
    table = hand_table(rules)
    goal = beat(table, "4 4 4 2 2", Fraction(1, 2))
    rows = run_json(
        capsys,
        "hold",
        "6 6 4 4 1",
        "--throws-left",
        "1",
        "--goal",
        'beat:"4 4 4 2 2",tie=1/2',
        "--rules",
        "triple-snakes",
        "--set",
        "max_rethrow=3",
        "--set",
        "max_rethrow_scope=throw",
    )
    frame = solve(rules, goal).alternatives(table.hand("6 6 4 4 1"), 1)
    assert [r["keep"] for r in rows] == list(frame["keep"])
    assert [Fraction(r["value_exact"]) for r in rows] == list(frame["value"])
    assert all(r["rethrow"] <= 3 for r in rows)


def test_hold_defaults_and_sticky_aside(capsys):
    # No goal under seen rules: play to win the round (first of two players); default
    # throws left: throws - 1.
    rows = run_json(capsys, "hold", "A A A K Q")
    assert rows[0]["keep"] == "A A A" and rows[0]["optimal"]
    rows2 = run_json(capsys, "hold", "A A A K Q", "--throws-left", "2", "--to-win")
    assert rows == rows2
    # A goal named: the chance of reaching it, exact beside the decimal.
    rows = run_json(
        capsys, "hold", "A A A K Q", "--throws-left", "2", "--goal", "at-least:five-of-a-kind"
    )
    assert rows[0]["keep"] == "A A A" and rows[0]["value_exact"] == "121/1296"
    # No throw left: standing is the only hold.
    rows = run_json(
        capsys, "hold", "A A A K Q", "--throws-left", "0", "--goal", "at-least:five-of-a-kind"
    )
    assert rows == [
        {
            "keep": "A A A K Q",
            "rethrow": 0,
            "value_exact": "0/1",
            "value": 0.0,
            "optimal": True,
        }
    ]
    # Sticky holds with a king set aside: every hold keeps the king.
    rows = run_json(
        capsys,
        "hold",
        "K Q J 10 9",
        "--set",
        "sticky_holds=true",
        "--aside",
        "K",
        "--throws-left",
        "1",
        "--goal",
        "at-least:straight",
    )
    assert all("K" in r["keep"].split() for r in rows)
    assert rows[0]["keep"] == "K Q J 10 9" and rows[0]["value_exact"] == "1/1"


def test_hold_table_output(capsys):
    code, out, _ = run(capsys, "hold", "K K J 10 9", "--goal", "at-least:full-house")
    assert code == 0
    lines = out.splitlines()
    assert "2 throws left" in lines[0] and "rules gameweave" in lines[0]
    assert lines[1] == "goal: at-least:full-house; values: chance, in percent"
    assert lines[2].split() == ["keep", "rethrow", "chance", "%", "fraction", "optimal"]
    assert lines[3].split()[:3] == ["K", "K", "3"] and lines[3].rstrip().endswith("*")
    assert lines[3].split()[3:5] == ["42.9012", "139/324"]  # 139/324 in percent, and exact


def test_hold_says_which_goal_is_the_default(capsys):
    """No goal named: the keep that wins the round, throwing first against one player."""
    code, out, _ = run(capsys, "hold", "K K J 10 9")
    assert code == 0
    lines = out.splitlines()
    table = next(i for i, line in enumerate(lines) if line.startswith("keep "))
    line = " ".join(part.strip() for part in lines[1:table])  # wrapped to 100 columns
    assert line.startswith("goal: win the round (throwing first, 1 player after you;")
    assert "the default goal of this game: --goal G plays for a final hand instead" in line
    to_win = run(capsys, "hold", "K K J 10 9", "--to-win", "--players-left", "1")[1]
    to_win_lines = to_win.splitlines()
    to_win_table = next(i for i, x in enumerate(to_win_lines) if x.startswith("keep "))
    assert lines[table:] == to_win_lines[to_win_table:]  # the same holds and values
    code, out, _ = run(capsys, "hold", "6 6 5 3 2", "--rules", "banking")
    assert code == 0  # blind rounds: the best category, and the answer says why
    assert out.splitlines()[1].startswith("goal: at-least:five-of-a-kind (the default here:")


def _goal_line(out: str) -> str:
    """The goal line of ``hold``'s table answer, unwrapped."""
    lines = out.splitlines()
    table = next(i for i, line in enumerate(lines) if line.startswith("keep "))
    return " ".join(part.strip() for part in lines[1:table])


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--set", "sticky_holds=true"), "under sticky_holds=true"),
        (("--set", "max_rethrow=3"), "under a turn-scoped max_rethrow"),
    ],
)
def test_hold_default_goal_says_the_real_reason(capsys, options, words):
    """Seen rules whose turn carries more than its hand: the goal is the default, and the
    answer says why, not that the rules are blind."""
    code, out, _ = run(capsys, "hold", "K K J 10 9", *options)
    assert code == 0
    line = _goal_line(out)
    assert line.startswith("goal: at-least:five-of-a-kind (the default here: ")
    assert "blind" not in line and words in line and "--to-win" in line
    code, out, _ = run(capsys, "hold", "6 6 5 3 2", "--rules", "banking")
    assert "under blind rules" in _goal_line(out)


def test_hold_help_gives_the_real_default_goal(capsys):
    """``hold --help``: under seen rules the default is --to-win, not the best category."""
    with pytest.raises(SystemExit):
        cli.main(["hold", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    goal = text[text.index("--goal G what to play for") :]
    assert goal.index("rules whose rounds are seen, --to-win") < goal.index("--aside DICE")
    assert "(default: at-least the best category)" not in text


def test_chances_without_goal(capsys):
    rows = run_json(capsys, "chances")
    assert [r["category"] for r in rows] == list(get_rules("gameweave").category_slugs)
    assert all(
        set(r) == {"category", "at_least_exact", "exactly_exact", "at_least", "exactly"}
        for r in rows
    )
    assert all(r["exactly"] == float(Fraction(r["exactly_exact"])) for r in rows)
    assert rows[0]["at_least_exact"] == rows[0]["exactly_exact"] == "347897/7558272"
    assert rows[-1]["at_least_exact"] == "1/1"
    at_least_values = [Fraction(r["at_least_exact"]) for r in rows]
    assert at_least_values == sorted(at_least_values)
    for r in rows:
        assert Fraction(r["exactly_exact"]) <= Fraction(r["at_least_exact"])


def test_chances_table_matches_single_solves():
    rules = get_rules("progressive", {"throws": 2})
    table = hand_table(rules)
    frame = chances_table(rules)
    for row in frame.itertuples():
        assert row.at_least == solve(rules, at_least(table, row.category)).value()
        assert row.exactly == solve(rules, exactly(table, row.category)).value()


def test_chances_with_goal(capsys):
    record = run_json(capsys, "chances", "--goal", "at-least:full-house", "--throws", "2")
    assert set(record) == {
        "rules", "goal", "throws", "unit", "value_exact", "value", "final_exact", "final",
        "final_unit",
    }  # fmt: skip
    assert record["final_unit"] == "chance"
    assert record["goal"] == "at-least:full-house" and record["throws"] == 2
    assert record["unit"] == "chance"
    assert record["final"] == {k: float(Fraction(v)) for k, v in record["final_exact"].items()}
    final = {k: Fraction(v) for k, v in record["final_exact"].items()}
    assert list(final) == list(get_rules("gameweave").category_slugs)
    assert sum(final.values()) == 1
    # Playing for a full house or better: the value is the chance of the top three.
    top = final["five-of-a-kind"] + final["four-of-a-kind"] + final["full-house"]
    assert Fraction(record["value_exact"]) == top
    assert abs(record["value"] - float(top)) < 1e-15
    rules = get_rules("gameweave")
    result = goal_chances(rules, at_least(hand_table(rules), "full-house"), throws=2)
    assert sum(result.final_by_hand) == 1


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv"])
def test_chances_text_formats(capsys, fmt):
    code, out, _ = run(capsys, "chances", "--rules", "triple-snakes", "--format", fmt)
    assert code == 0 and "small-straight" in out
    code, out, _ = run(capsys, "chances", "--goal", "exactly:straight", "--format", fmt)
    assert code == 0 and "straight" in out


def test_strategy_writes_csv_and_chart(capsys, tmp_path):
    code, _out, err = run(
        capsys,
        "strategy",
        "--goal",
        "at-least:full-house",
        "--out",
        str(tmp_path / "s"),
        "--set",
        "throws=2",
    )
    assert code == 0, err
    csv_path = tmp_path / "s" / "at-least_full-house.csv"
    png_path = tmp_path / "s" / "at-least_full-house.png"
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = list(csv.DictReader(csv_path.open()))
    assert len(rows) == 252  # two throws: one decision per first-throw hand
    row = next(r for r in rows if r["hand"] == "K K J 10 9")
    assert row["keep"] == "K K" and row["throws_left"] == "1"


@pytest.mark.parametrize("options", [[], ["--set", "max_rethrow=3"]])
def test_strategy_plain_table_fits_a_terminal_in_a_section_per_throw_left(capsys, options):
    """The plain policy: a section for each number of throws left (two, then one), every
    first-throw hand in the first, each row as the CSV has it, no line past 100 columns
    (with the untouched dice of a turn-scoped rethrow limit too)."""
    code, out, err = run(capsys, "strategy", "--goal", "at-least:straight", *options)
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100, max(lines, key=len)
    assert [line for line in lines if line.endswith("left:")] == ["2 throws left:", "1 throw left:"]
    first, second = lines.index("2 throws left:"), lines.index("1 throw left:")
    assert lines[first + 1].split()[:2] == ["hand", "untouched" if options else "keep"]
    assert second - first - 2 == 252  # a header, then one row a first-throw hand
    code, text, _ = run(capsys, "strategy", "--goal", "at-least:straight", *options,
                        "--format", "csv")  # fmt: skip
    rows = list(csv.DictReader(text.splitlines()))
    shown = [line.split("  ")[0].strip() for line in lines[first + 2 : second]]
    assert shown == [r["hand"] for r in rows if r["throws_left"] == "2"]


@pytest.mark.parametrize(
    "argv",
    [
        ["hold", "K K J 10"],
        ["hold", "K K J 10 Z"],
        ["hold", "K K J 10 9", "--throws-left", "3"],
        ["hold", "K K J 10 9", "--throws-left", "-1"],
        ["hold", "K K J 10 9", "--goal", "at-most:full-house"],
        ["hold", "K K J 10 9", "--goal", "at-least:flush"],
        ["hold", "K K J 10 9", "--goal", 'beat:"K K J 10"'],
        ["hold", "K K J 10 9", "--goal", 'beat:"K K J 10 9",tie=3/2'],
        ["hold", "K K J 10 9", "--goal", "score:/nonexistent/points.toml"],
        ["hold", "K K J 10 9", "--aside", "K"],
        ["hold", "K K J 10 9", "--aside", "Q", "--set", "sticky_holds=true"],
        ["hold", "K K J 10 9", "--rules", "no-such-preset"],
        ["chances", "--throws", "0"],
        ["chances", "--throws", "11"],
        ["chances", "--goal", "exactly:"],
        ["strategy", "--goal", "at-least:full-house", "--set", "throws=1", "--out", "unused"],
    ],
)
def test_bad_input_exits_2(capsys, argv):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("pokerdice-stats: error:") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("preset", ["gameweave", "triple-snakes", "banking"])
def test_one_throw_chances_are_the_single_throw_odds(preset):
    from pokerdice_stats.turn.odds import odds_by_category

    rules = get_rules(preset)
    chances = chances_table(rules, throws=1)
    odds = odds_by_category(rules)
    assert list(chances["at_least"]) == list(odds["at_least"])
    assert list(chances["exactly"]) == list(odds["probability"])


def test_round_points_to_hold_for_the_first_seat_under_the_throw_limit(capsys):
    """round --seat 1 --dice does not list the holds under a throw limit; the command its
    refusal names answers the same position."""
    rules = ["--rules", "classic", "--set", "throw_limit=first-player"]
    line = assert_cli_error(
        capsys,
        ["round", *rules, "--players", "2", "--seat", "1", "--dice", "K K K J 9",
         "--throws-left", "2"],
        "hold DICE --to-win --players-left 1 --throws-left T",
    )  # fmt: skip
    assert "Python API" not in line
    code, out, err = run_cli(
        capsys, "hold", "K K K J 9", "--to-win", "--players-left", "1", "--throws-left", "2",
        *rules,
    )  # fmt: skip
    assert code == 0 and "stand" in out, err


@pytest.mark.parametrize("preset", ["gameweave", "banking"])
def test_a_computer_hand_under_other_rules_points_to_the_progressive_rules(capsys, preset):
    """The first way out the refusal names is 004's own rules, and it answers."""
    argv = ["hold", "6 6 2 3 5", "--rules", preset, "--computer-hand", "5 5 5 5 2"]
    assert_cli_error(capsys, argv, "use --rules progressive (004's own rules)")
    code, out, err = run_cli(capsys, "hold", "6 6 2 3 5", "--rules", "progressive",
                             "--computer-hand", "5 5 5 5 2")  # fmt: skip
    assert code == 0 and "stand" in out, err


def test_plain_answers_name_their_rules_and_house_rules(capsys):
    """A player reading one line must see the variation it answers for."""
    code, out, _ = run_cli(capsys, "round", "--players", "3", "--seat", "2", "--against",
                           "K K K 10 10", "--rules", "classic", "--set", "throws=2")  # fmt: skip
    assert code == 0 and out.startswith("rules classic (throws=2)\nseat 2 of 3")
    code, out, _ = run_cli(capsys, "chances", "--rules", "triple-snakes", "--goal",
                           "at-least:full-house")  # fmt: skip
    assert code == 0 and out.startswith("goal at-least:full-house, 3 throws, rules triple-snakes")
    code, out, _ = run_cli(capsys, "chances", "--throws", "1", "--rules", "banking")
    assert code == 0 and out.splitlines()[0] == "rules banking (throws=1)"  # said once


def test_round_holds_leave_out_fractions_too_long_to_show(capsys):
    """As hold does: no column of ellipses, a line naming where the fractions are."""
    code, out, _ = run_cli(capsys, "round", "--rules", "triple-snakes", "--players", "4",
                           "--seat", "2", "--against", "2 2 2 4 4", "--dice", "3 3 2 5 5",
                           "--throws-left", "2")  # fmt: skip
    assert code == 0 and "…" not in out and "fraction" not in out.splitlines()[2]
    assert out.splitlines()[-1] == "exact fractions: --format json"
