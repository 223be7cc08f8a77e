"""``pokerdice-stats strategy``: the whole optimal policy of a goal, printed as one answer or
written as its CSV and chart (the command's options: :mod:`pokerdice_stats.commands.holds`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from pokerdice_stats.engines.cli import emit, rules_from_args
from pokerdice_stats.ground.errors import OptionError

#: What a printed policy's figures are, by the goal's kind.
STRATEGY_NOTES = {
    kind: f"value: the {what} from the hand, playing on optimally; runner_up_value: the "
    "same with the best other hold; turn_value: a whole turn's"
    for kind, what in (("chance", "chance of reaching the goal"), ("points", "expected points"))
}


#: Columns of the strategy frame the plain table leaves to ``--format csv`` or ``json``
#: (the hand tells its category, the decimals show the exact values, the throws left head
#: each section), so that a row fits a terminal of 100 columns.
PLAIN_DROPPED = ("value", "runner_up_value", "category", "strength", "kept", "rethrow",
                 "optimal_holds")  # fmt: skip


def _print_strategy(rules, goal, policy, frame, fmt: str) -> None:
    """``strategy`` without ``--out``: the policy as one answer (its context, then a row
    for every first-throw hand and number of throws left)."""
    import pandas as pd

    from pokerdice_stats.engines.cli import context_line, emit_record, json_answer
    from pokerdice_stats.ground.formats import render

    unit = "chance" if goal.is_probability else "points"
    turn = policy.value()
    context = {
        "rules": rules.label(),
        "goal": goal.name,
        "throws": rules.throws,
        "unit": unit,
        "turn_value": turn,
        "turn_value_float": float(turn),
        "note": STRATEGY_NOTES[unit],
    }
    if fmt != "table":
        rows = frame.to_dict(orient="records")
        for record in rows:
            # no other hold: no runner-up (keys left out); a runner-up of "" is a hold,
            # throw all five, with its value
            if pd.isna(record["runner_up_value"]):
                record.update(runner_up=None, runner_up_value=None, runner_up_value_float=None)
        chances = ("turn_value", "value", "runner_up_value") if unit == "chance" else ()
        emit_record(json_answer(context, rows), fmt, "rows", chances)
        return
    shown = frame.drop(columns=[*PLAIN_DROPPED, "throws_left"])
    shown = shown.rename(
        columns={"value_float": "value", "runner_up_value_float": "runner_up_value"}
    )
    for column in ("keep", "runner_up"):  # throwing all five, as `hold` writes it
        shown[column] = shown[column].mask(shown[column] == "", "(none)")
    del context["turn_value_float"]
    context["turn_value"] = (
        f"{100 * float(turn):.4g}%" if unit == "chance" else f"{float(turn):.6g}"
    )
    percent = ("value", "runner_up_value") if unit == "chance" else ()
    emit(context_line(context))
    # one table, its columns lined up, in a section for each number of throws left
    header, *rows = render(shown, "table", percent=percent).splitlines()
    lefts = frame["throws_left"].to_numpy()
    for left in dict.fromkeys(lefts.tolist()):
        emit(f"{left} throw{'' if left == 1 else 's'} left:")
        emit("\n".join([header, *(row for row, at in zip(rows, lefts, strict=True) if at == left)]))
    emit(STRATEGY_NOTES[unit].replace("; ", "\n"))
    emit(
        "keep: the dice to hold (the whole hand: stand; (none): throw all five)\n"
        "exact fractions, optimal_holds (how many holds share the best value): "
        "--format csv or json"
    )


def run_strategy(args: argparse.Namespace) -> int:
    from pokerdice_stats.engines.report import write_text
    from pokerdice_stats.engines.report.strategy_charts import goal_stem, plot_strategy
    from pokerdice_stats.ground.formats import to_csv
    from pokerdice_stats.turn.goals import parse_goal
    from pokerdice_stats.turn.hands import hand_table
    from pokerdice_stats.turn.holds import solve
    from pokerdice_stats.turn.strategy_frame import strategy_frame

    rules = rules_from_args(args)
    goal = parse_goal(args.goal, hand_table(rules))
    policy = solve(rules, goal)
    frame = strategy_frame(policy)
    if args.out is None:
        _print_strategy(rules, goal, policy, frame, args.format or "table")
        return 0
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        kind = "a file" if out.is_file() else "a device, a pipe or a socket"
        raise OptionError(f"--out {out} is {kind}, not a folder: --out names the folder to write")
    stem = goal_stem(goal.name)
    csv_path = write_text(out / f"{stem}.csv", to_csv(frame))
    chart, title = frame, None
    if "untouched" in frame.columns:  # later decisions depend on the untouched dice: CSV only
        chart = frame[frame["throws_left"] == frame["throws_left"].max()]
        title = f"{rules.label()}: {goal.name}, first decision"
    png_path = plot_strategy(chart, rules, goal.name, out / f"{stem}.png", policy.value(), title)
    emit(f"wrote {csv_path}")
    emit(f"wrote {png_path}")
    if chart is not frame:
        emit(
            "  the chart shows the first decision only: later holds depend on which dice "
            "were never thrown again (max_rethrow_scope=turn), one row per case in the CSV"
        )
    return 0
