"""Drawing one strategy chart (issue 27, the main job's largest floor when cold).

Run for real with ``python -m pytest benchmarks/test_strategy_charts.py --benchmark-enable``;
the regular suite runs each once as a smoke test.  The baseline, timed in the same run,
is the chart's figure rendered with no cell labels (what Pillow's labels are added to),
so the ratio says what the thousand labels cost on top of the rest of the drawing.
"""

from __future__ import annotations

from pokerdice_stats import get_rules
from pokerdice_stats.engines.report import strategy_charts
from pokerdice_stats.engines.report.cell_labels import render
from pokerdice_stats.turn.goals import at_least
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.strategy_frame import strategy_frame

RULES = get_rules("gameweave")


def _frame():
    goal = at_least(hand_table(RULES), "full-house")
    policy = solve(RULES, goal)
    return strategy_frame(policy), goal.name, policy.value()


def test_strategy_chart_drawn(benchmark, tmp_path):
    frame, name, value = _frame()
    path = tmp_path / "chart.png"

    def draw():
        path.unlink(missing_ok=True)  # a chart already drawn is not drawn again
        return strategy_charts.plot_strategy(frame, RULES, name, path, value)

    assert benchmark.pedantic(draw, rounds=3) == path
    assert strategy_charts.drawn_digest(path) is not None


def test_strategy_chart_without_labels_baseline(benchmark, tmp_path, monkeypatch):
    frame, name, value = _frame()
    shown = []

    def unlabelled(figure, labels, dpi):
        shown.append(len(labels))
        return render(figure, [], dpi)

    monkeypatch.setattr(strategy_charts, "render", unlabelled)
    path = tmp_path / "chart.png"

    def draw():
        path.unlink(missing_ok=True)
        return strategy_charts.plot_strategy(frame, RULES, name, path, value)

    benchmark.pedantic(draw, rounds=3)
    assert shown and shown[0] == 2 * 252 * 2  # two labels a cell, 252 hands, two panels
