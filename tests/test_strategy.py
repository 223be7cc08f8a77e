"""Strategy tables and charts: they agree with the advisor; shared charts mean equal play."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from pokerdice_stats import PRESETS, get_rules
from pokerdice_stats.engines.report.strategy_charts import (
    chart_plan,
    goal_stem,
    middling_hands,
    plot_strategy,
    standard_goals,
    write_preset,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.goals import at_least, beat, parse_goal
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.strategy_frame import COLUMNS, strategy_frame


@pytest.mark.parametrize(
    ("preset", "options"), [("gameweave", {}), ("triple-snakes", {"sticky_holds": True})]
)
def test_strategy_frame_agrees_with_alternatives(preset, options):
    rules = get_rules(preset, options)
    table = hand_table(rules)
    goals = [at_least(table, "full-house"), beat(table, middling_hands(rules)[4], "1/2")]
    policy = solve(rules, goals)
    for g in range(len(goals)):
        frame = strategy_frame(policy, g)
        assert list(frame.columns) == list(COLUMNS)
        assert len(frame) == 2 * ix.N_HANDS
        assert sorted(frame["throws_left"].unique()) == [1, 2]
        for row in frame.iloc[::5].itertuples():
            h = table.hand(row.hand)
            alt = policy.alternatives(h, row.throws_left, g, 0 if rules.sticky_holds else None)
            assert row.keep == alt.loc[0, "keep"] and alt.loc[0, "canonical"]
            assert row.value == alt.loc[0, "value"]
            assert row.optimal_holds == int(alt["optimal"].sum())
            assert row.runner_up == alt.loc[1, "keep"]
            assert row.runner_up_value == alt.loc[1, "value"]
            assert row.kept + row.rethrow == 5
        # Strongest hands first within each number of throws left.
        for t in (1, 2):
            strengths = frame.loc[frame.throws_left == t, "strength"].to_numpy()
            assert (np.diff(strengths) <= 0).all()


def _plain_rows(policy, goal: int) -> list[tuple]:
    """The frame's decisions by the policy's public values alone, one option at a time:
    (throws left, hand, untouched, keep, value, optimal holds, runner-up, its value)."""
    from pokerdice_stats.turn.dice import format_counts
    from pokerdice_stats.turn.induction import float_tolerance
    from pokerdice_stats.turn.states import allowed_subkeeps, state_kind

    rules = policy.rules
    table = hand_table(rules)
    original = state_kind(rules) == "original"
    fewest = ix.N_DICE - rules.max_rethrow
    rows = []
    for t in range(policy.throws - 1, 0, -1):
        for h in range(ix.N_HANDS):
            if not original:
                asides = [0 if rules.sticky_holds else None]
            elif t == policy.throws - 1:
                asides = [int(ix.HAND_KEEP[h])]
            else:
                asides = [
                    k
                    for k in range(ix.N_KEEPS)
                    if fewest <= ix.KEEP_SIZE[k] < ix.N_DICE
                    and (ix.KEEP_COUNTS[k] <= ix.HAND_COUNTS[h]).all()
                ]
            for aside in asides:
                best = policy.best_keep(h, t, goal, aside)
                options = [(int(ix.HAND_KEEP[h]), policy.state_value(h, 0, goal))] + [
                    (k, policy.keep_value(k, t, goal, aside if original else None))
                    for k in allowed_subkeeps(rules, h, aside)
                ]
                top = dict(options)[best]
                if policy.exact:
                    ties = sum(v == top for _, v in options)
                else:
                    ties = sum(v >= top - float_tolerance(policy.stand) for _, v in options)
                others = [(k, v) for k, v in options if k != best]
                runner = max(others, key=lambda kv: kv[1]) if others else None
                keep_text = format_counts(ix.KEEP_COUNTS[best], rules)
                # the documented order: most throws left first, the strongest hand first
                # (equals: the higher dice first), the most untouched dice first
                dice = sorted(ix.ranks_of_counts(ix.HAND_COUNTS[h]), reverse=True)
                key = (
                    -t,
                    -int(table.strength[h]),
                    [-r for r in dice],
                    -int(ix.KEEP_SIZE[aside]) if original else 0,
                    aside or 0,
                )
                rows.append((key, (
                    t, table.format(h),
                    format_counts(ix.KEEP_COUNTS[aside], rules) if original else None,
                    keep_text, top, ties,
                    format_counts(ix.KEEP_COUNTS[runner[0]], rules) if runner else "",
                    runner[1] if runner else None,
                )))  # fmt: skip
    return [row for _, row in sorted(rows, key=lambda pair: pair[0])]


@pytest.mark.parametrize(
    ("preset", "options", "exact"),
    [
        ("gameweave", {}, True),
        ("triple-snakes", {"sticky_holds": True}, True),
        ("classic", {"max_rethrow": 3, "max_rethrow_scope": "turn"}, True),
        ("progressive", {"throws": 4}, False),
        ("classic", {"max_rethrow": 2, "max_rethrow_scope": "turn"}, False),
    ],
)
def test_strategy_frame_is_the_plain_reading_of_every_option(preset, options, exact):
    """Every row of the frame (which compares the policy's raw numbers) against the
    policy's own values read one option at a time: the best hold, its value, the holds
    tying for best, the runner-up and its value, for two goals (a chance and a beat), the
    rows in the order the frame documents."""
    rules = get_rules(preset, options)
    table = hand_table(rules)
    goals = [at_least(table, "full-house"), beat(table, middling_hands(rules)[4], "1/2")]
    policy = solve(rules, goals, exact=exact)
    for g in range(len(goals)):
        frame = strategy_frame(policy, g)
        untouched = frame["untouched"] if "untouched" in frame else [None] * len(frame)
        got = list(
            zip(
                frame["throws_left"], frame["hand"], untouched, frame["keep"], frame["value"],
                frame["optimal_holds"], frame["runner_up"],
                [None if v != v else v for v in frame["runner_up_value"]],
                strict=True,
            )
        )  # fmt: skip
        want = _plain_rows(policy, g)  # in the order the frame documents
        assert len(got) == len(want)
        for mine, plain in zip(got, want, strict=True):
            assert mine == plain
            assert type(mine[4]) is type(plain[4]) and type(mine[7]) is type(plain[7])


def test_strategy_frame_under_turn_scoped_rethrows_lists_the_untouched_dice():
    """Under max_rethrow_scope=turn the hold after a re-throw depends on the dice never
    thrown again: one row per reachable (hand, untouched) state, each agreeing with the
    advice for that state (``hold --untouched``), which the plain twin checks."""
    from pokerdice_stats.turn.advice import goal_advice

    rules = get_rules("classic", {"max_rethrow": 3, "max_rethrow_scope": "turn"})
    table = hand_table(rules)
    frame = strategy_frame(solve(rules, at_least(table, "full-house")))
    assert list(frame.columns) == ["throws_left", "hand", "untouched", *COLUMNS[2:]]
    first, later = frame[frame.throws_left == 2], frame[frame.throws_left == 1]
    assert len(first) == ix.N_HANDS and (first.untouched == first.hand).all()
    # After a re-throw 2 to 4 first-throw dice are untouched: never all five.
    sizes = later.untouched.str.split().str.len()
    assert sizes.between(2, 4).all()
    expected = sum(
        1
        for h in range(ix.N_HANDS)
        for k in range(ix.N_KEEPS)
        if 2 <= ix.KEEP_SIZE[k] <= 4 and (ix.KEEP_COUNTS[k] <= ix.HAND_COUNTS[h]).all()
    )
    assert len(later) == expected
    rows = later[later.hand == "K K K Q J"].set_index("untouched")
    # The kings were thrown again (three dice): only they may go again.  Worked by hand:
    # Q J + three dice make a full house or better in 8 of 216 ways (QQJ, QJJ three
    # orders each, QQQ, JJJ); K K K + two dice in 16 of 36 (a pair, or one king).
    assert rows.loc["Q J", "keep"] == "Q J" and rows.loc["Q J", "value"] == Fraction(8, 216)
    assert rows.loc["K K K", "keep"] == "K K K" and rows.loc["K K K", "value"] == Fraction(16, 36)
    for row in later.iloc[::97].itertuples():
        advice = goal_advice(rules, row.hand, "at-least:full-house", 1, None, row.untouched)
        best = advice.rows[0]
        assert best["optimal"] and best["value"] == row.value


def test_strategy_frame_bad_throws():
    rules = get_rules("gameweave", {"throws": 1})
    policy = solve(rules, at_least(hand_table(rules), "full-house"))
    with pytest.raises(OptionError):
        strategy_frame(policy)
    policy = solve(get_rules("gameweave"), at_least(hand_table(rules), "full-house"))
    with pytest.raises(OptionError):
        strategy_frame(policy, throws_left=[3])


def test_goal_stems_and_middling_hands():
    assert goal_stem("at-least:full-house") == "at-least_full-house"
    assert goal_stem('beat:"Q Q Q 9 9",tie=1/2') == "beat_Q-Q-Q-9-9-tie-1-2"
    rules = get_rules("gameweave")
    table = hand_table(rules)
    hands = middling_hands(rules)
    assert [table.category_slug(h) for h in hands] == list(rules.category_slugs)
    assert table.format(hands[2]) == "A A J J J"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_standard_goals_under_a_wild_face_skip_categories_no_throw_makes(preset):
    # A wild face makes the lowest categories impossible: no middling hand there, and
    # "at least" starts above the lowest category a throw can make.
    rules = get_rules(preset, {"wild": PRESETS[preset].face_chart.labels[0]})
    table = hand_table(rules)
    made = [s for c, s in enumerate(rules.category_slugs) if np.any(table.category == c)]
    assert len(made) < len(rules.categories)
    goals = standard_goals(rules)
    names = [g.name for g in goals]
    assert names[: len(made) - 1] == [f"at-least:{slug}" for slug in made[:-1]]
    hands = middling_hands(rules)
    assert [table.category_slug(h) for h in hands] == made
    assert len(goals) == 2 * len(made) - 1


def test_chart_plan_shares_only_identical_play():
    plan = chart_plan()
    assert set(plan) == set(PRESETS)
    owners = {}
    for name, entries in plan.items():
        assert len(entries) == len(standard_goals(PRESETS[name], name in ("gameweave", "banking")))
        for goal, chart, draw in entries:
            if draw:
                assert chart.startswith(f"{name}/")
                owners[chart] = (name, goal)
    for name, entries in plan.items():
        rules = PRESETS[name]
        for goal, chart, _draw in entries:
            owner_name, owner_goal = owners[chart]
            owner_rules = PRESETS[owner_name]
            assert owner_rules.face_chart.labels == rules.face_chart.labels
            a = solve(rules, goal)
            b = solve(owner_rules, owner_goal)
            np.testing.assert_array_equal(a.stages[1].best_keep, b.stages[1].best_keep)
            np.testing.assert_array_equal(a.stages[0].best_keep, b.stages[0].best_keep)
            assert a.value() == b.value()


def test_write_preset_and_deterministic_chart(tmp_path):
    rules = PRESETS["classic"]
    goals = standard_goals(rules, with_beat=False)[:3]
    entries = [(g, f"classic/{goal_stem(g.name)}.png", i == 0) for i, g in enumerate(goals)]
    written = write_preset("classic", tmp_path, entries)
    names = sorted(p.name for p in written)
    assert names == ["at-least_five-of-a-kind.png", "classic.csv", "classic.md"]
    rows = list(csv.DictReader((tmp_path / "strategy" / "classic.csv").open()))
    assert len(rows) == 3 * 2 * ix.N_HANDS
    index = (tmp_path / "strategy" / "classic.md").read_text()
    assert "347897/7558272" in index
    png = tmp_path / "strategy" / "classic" / "at-least_five-of-a-kind.png"
    first = png.read_bytes()
    policy = solve(rules, goals[0])
    again = plot_strategy(
        strategy_frame(policy),
        rules,
        goals[0].name,
        tmp_path / "again.png",
        policy.value(),
        title=f"classic: {goals[0].name}",
    )
    assert again.read_bytes() == first


def test_an_unchanged_chart_is_not_drawn_again(tmp_path, monkeypatch):
    """The main job skips a chart whose PNG was drawn from the very same inputs (issue 13)."""
    from pokerdice_stats.engines.report import strategy_charts

    rules = PRESETS["classic"]
    goal = standard_goals(rules, with_beat=False)[0]
    policy = solve(rules, goal)
    frame = strategy_frame(policy)
    path = tmp_path / "chart.png"
    plot_strategy(frame, rules, goal.name, path, policy.value())
    first = path.read_bytes()
    drawn = []
    monkeypatch.setattr(strategy_charts, "_write_small_png", lambda *args: drawn.append(args[1]))
    plot_strategy(frame, rules, goal.name, path, policy.value())
    assert drawn == [] and path.read_bytes() == first
    plot_strategy(frame, rules, goal.name, path, policy.value(), title="another title")
    assert drawn == [path]
    path.write_bytes(first[:100])  # a damaged file is drawn again
    plot_strategy(frame, rules, goal.name, path, policy.value())
    assert len(drawn) == 2


@pytest.mark.parametrize(
    ("policy", "goal", "throws_left"),
    [(None, 0, None), ("ok", False, None), ("ok", 0, 1), ("ok", 0, [None]), ("ok", 0, [True])],
)
def test_strategy_frame_refuses_wrong_types(policy, goal, throws_left):
    """A bool goal indexed the stand values (IndexError); an int throws_left was iterated."""
    rules = get_rules("classic")
    if policy == "ok":
        policy = solve(rules, at_least(hand_table(rules), "full-house"))
    with pytest.raises(OptionError):
        strategy_frame(policy, goal, throws_left)


def test_the_strategy_command_prints_the_policy_in_every_format(capsys):
    """``strategy`` without ``--out`` prints the frame: JSON rows are the frame's rows (each
    figure a float and its exact fraction), the plain table its decisions in percent."""
    import json

    from cli_helpers import run_cli

    rules = get_rules("classic", {"max_rethrow": 3})
    policy = solve(rules, beat(hand_table(rules), "K K K Q J"))
    frame = strategy_frame(policy)
    code, out, _ = run_cli(capsys, "strategy", "--rules", "classic", "--set", "max_rethrow=3",
                           "--goal", "beat:K K K Q J", "--format", "json")  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert answer["rules"] == "classic (max_rethrow=3)" and answer["unit"] == "chance"
    assert Fraction(answer["turn_value_exact"]) == policy.value()
    assert len(answer["rows"]) == len(frame)
    for row, want in zip(answer["rows"], frame.itertuples(), strict=True):
        assert (row["throws_left"], row["hand"], row["untouched"], row["keep"]) == (
            want.throws_left, want.hand, want.untouched, want.keep,
        )  # fmt: skip
        assert Fraction(row["value_exact"]) == want.value and row["value"] == want.value_float
        if not pd.isna(want.runner_up_value):  # a runner-up "" is throw all five: shown
            assert row["runner_up"] == want.runner_up
            assert Fraction(row["runner_up_value_exact"]) == want.runner_up_value
        else:  # no other hold: the keys are left out
            assert "runner_up" not in row and "runner_up_value" not in row
    # a runner-up that throws all five is written "" and keeps its value (JSON and CSV)
    rules = get_rules("gameweave")
    frame = strategy_frame(solve(rules, parse_goal("exactly:high-die", hand_table(rules))))
    thrown = frame[(frame["runner_up"] == "") & frame["runner_up_value"].notna()]
    assert len(thrown) == 4
    code, out, _ = run_cli(capsys, "strategy", "--goal", "exactly:high-die", "--format", "json")
    rows = json.loads(out)["rows"]
    for i in thrown.index:
        assert rows[i]["runner_up"] == "" and rows[i]["hand"] == frame.at[i, "hand"]
        assert Fraction(rows[i]["runner_up_value_exact"]) == frame.at[i, "runner_up_value"]
    code, out, _ = run_cli(capsys, "strategy", "--goal", "exactly:high-die", "--format", "csv")
    read = pd.read_csv(io.StringIO(out), keep_default_na=False)
    assert code == 0 and len(read) == len(frame)
    for i in thrown.index:
        assert Fraction(read.at[i, "runner_up_value_exact"]) == frame.at[i, "runner_up_value"]
    code, out, _ = run_cli(capsys, "strategy", "--rules", "classic")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("rules classic; goal at-least:five-of-a-kind")
    assert lines[1] == "2 throws left:" and lines[2].split()[:3] == ["hand", "keep", "value"]
    assert lines[3].split()[:2] == ["A", "A"] and "100" in lines[3]  # A A A A A: stand
    assert lines[3 + ix.N_HANDS] == "1 throw left:"
    rows = [line for line in lines[2:] if line[:1] in "AKQJ19" and not line.endswith("left:")]
    assert len(rows) == 2 * ix.N_HANDS


def test_the_strategy_command_writes_files_or_prints_not_both(capsys, tmp_path):
    from pokerdice_stats import cli

    with pytest.raises(SystemExit) as refused:  # argparse's own refusal: exit status 2
        cli.main(["strategy", "--out", str(tmp_path), "--format", "json"])
    out, err = capsys.readouterr()
    assert refused.value.code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("pokerdice-stats strategy: error: argument --format: not allowed")
    assert not any(tmp_path.iterdir())


def test_a_chart_refuses_a_frame_of_other_rules_or_another_kind(tmp_path):
    """A strategy frame names the rules it was solved under (``attrs``); a chart of it under
    other rules, or of a frame that is not a strategy frame, is refused by name and draws
    nothing."""
    gameweave = get_rules("gameweave")
    frame = strategy_frame(solve(gameweave, "at-least:full-house"))
    assert frame.attrs == {"rules": "gameweave", "goal": "at-least:full-house"}
    path = tmp_path / "chart.png"
    with pytest.raises(OptionError, match="solved under 'gameweave', not 'triple-snakes'"):
        plot_strategy(frame, get_rules("triple-snakes"), "at-least:full-house", path)
    with pytest.raises(OptionError, match="no column 'kept'"):
        plot_strategy(frame.drop(columns=["kept"]), gameweave, "at-least:full-house", path)
    assert not path.exists()
