"""Report section: what to hold on every first-throw hand, in ``results/strategy/``.

For each preset a standard set of goals is solved in one batch: finishing
with at least each category, and (for a few presets) beating a middling hand
of each category.  Each goal gets one chart, a panel per number of throws
left: the hands are grouped by category (strongest first), each cell
coloured by how many dice the best hold keeps and the kept dice written in.
Per preset, one CSV holds every goal's policy and a Markdown index lists the
goals with the value of a turn.
"""

from __future__ import annotations

import functools
import io
import math
import re
from fractions import Fraction
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import PIL
from matplotlib.artist import Artist
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon, Rectangle
from matplotlib.path import Path as MplPath
from PIL import Image as PILImage
from PIL import PngImagePlugin

from pokerdice_stats.engines.report import Task, write_text
from pokerdice_stats.engines.report.cell_labels import CellLabel, render
from pokerdice_stats.engines.report.drawn_once import (
    DIGEST_KEY,
    DRAWING_VERSION,
    code_digest,
    drawn_digest,
    inputs_digest,
)
from pokerdice_stats.ground.arguments import (
    checked_path,
    checked_text,
    checked_whole_number,
    shown,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import checked_frame, fraction_text, to_csv
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.ground.outputs import write_output
from pokerdice_stats.turn.goals import Goal, at_least, beat
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import PRESET_SOURCES, PRESETS, RuleSet
from pokerdice_stats.turn.strategy_frame import strategy_frame

#: Presets whose "beat a middling hand" goals are charted too (the others: at-least only).
BEAT_PRESETS = ("gameweave", "banking")
#: Lines added at the end of a preset's page (the blind banking equilibrium's holds).
EXTRA_LINKS = {
    "banking": "\nThe holds of the blind equilibrium of 2 to 5 seats (banking is blind): "
    "[banking_equilibrium.md](banking_equilibrium.md).\n"
}
#: Cells per row of a category block.
COLUMNS = 12
#: The columns of a strategy frame a chart reads.
CHART_COLUMNS = ("throws_left", "category", "hand", "keep", "kept", "optimal_holds", "value_float")
#: Fill colour by number of dice kept (0: throw all five .. 5: stand).
KEPT_COLOURS = ("#f2f2f2", "#fde7b0", "#f7b267", "#e8703a", "#b83b5e", "#3f2a56")
KEPT_LABELS = (
    "throw all five",
    "keep 1",
    "keep 2",
    "keep 3",
    "keep 4",
    "stand (keep all 5)",
)
#: Width and height (in cells) of the corner mark of a hand where holds tie.
TIE_MARK = (0.16, 0.3)
DPI = 100
#: Colours of the saved PNGs (flat fills and anti-aliased text need few).
PALETTE_COLOURS = 48


def goal_stem(name: str) -> str:
    """A file name for a goal: ``at-least:full-house`` -> ``at-least_full-house``."""
    kind, _, rest = name.partition(":")
    rest = re.sub(r"[^0-9A-Za-z]+", "-", rest).strip("-")
    return f"{kind}_{rest}" if rest else kind


def middling_hands(rules: RuleSet) -> list[int]:
    """One hand per category that has hands: the middle distinct strength (rounded down).

    A category no throw can make (the lowest ones under a wild face) has no
    middling hand and is left out.
    """
    table = hand_table(rules)
    result = []
    for c in range(len(rules.categories)):
        hands = np.flatnonzero(table.category == c)
        if hands.size == 0:
            continue
        strengths = sorted({int(table.strength[h]) for h in hands})
        middle = strengths[(len(strengths) - 1) // 2]
        candidates = [int(h) for h in hands if table.strength[h] == middle]
        result.append(max(candidates, key=lambda h: table.format(h)))
    return result


def standard_goals(rules: RuleSet, with_beat: bool = True) -> list[Goal]:
    """At least each category a throw can make but the lowest (always reached); beat a
    middling hand of each."""
    table = hand_table(rules)
    made = [cat.slug for c, cat in enumerate(rules.categories) if np.any(table.category == c)]
    goals = [at_least(table, slug) for slug in made[:-1]]
    if with_beat:
        goals += [beat(table, h) for h in middling_hands(rules)]
    return goals


def _keep_text(keep: str, kept: int) -> str:
    if kept == 5:
        return "stand"
    if kept == 0:
        return "throw all"
    return keep


def plot_strategy(
    frame: pd.DataFrame,
    rules: RuleSet,
    goal_name: str,
    path: str | Path,
    value: Fraction | float | None = None,
    title: str | None = None,
    dpi: int | None = None,
) -> Path:
    """Draw a strategy frame as a PNG chart.

    The frame is one goal's policy on every first-throw hand
    (:func:`pokerdice_stats.turn.strategy_frame.strategy_frame`).

    One panel per number of throws left; in each, the hands grouped by
    category, strongest first, each cell coloured by the number of dice the
    best hold keeps, with the hand (small) and the kept dice (bold) written in.
    A small triangle in a cell's top right corner marks a hand where another
    hold is exactly as good.  A PNG already at ``path`` drawn from the same inputs (its
    stored digest, :func:`chart_digest`) is kept as it is, not drawn again.

    Parameters
    ----------
    frame : pandas.DataFrame
        The strategy frame of one goal (columns ``throws_left``, ``category``,
        ``hand``, ``keep``, ``kept``, ``optimal_holds`` and ``value_float``).
    rules : RuleSet
        The rules the frame was solved under (its categories name the blocks).
    goal_name : str
        The goal, for the title (e.g. ``at-least:full-house``).
    path : str or Path
        The PNG file to write (missing folders are made).
    value : Fraction, float or int, optional
        The value of a turn played this way, added to the title (a percentage when
        every ``value_float`` of the frame is a chance).
    title : str, optional
        The title (default: the rules' label and ``goal_name``).
    dpi : int, optional
        Resolution, 10 to 1200 dots per inch (default :data:`DPI`).

    Returns
    -------
    Path
        ``path``, as a :class:`~pathlib.Path`.

    Raises
    ------
    OptionError
        If ``frame`` is not a strategy frame (a DataFrame with :data:`CHART_COLUMNS`),
        or was solved under other rules (its ``attrs``), ``goal_name`` or ``title`` not a
        string,
        ``path`` not a path, ``dpi`` not a whole number 10 to 1200, or ``value`` not a
        number.
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OutputError
        If the PNG cannot be written (a target that is not a regular file, a failed
        write).
    """
    frame = checked_frame(frame)
    rules = check_rule_set(rules)
    missing = [c for c in CHART_COLUMNS if c not in frame.columns]
    if missing:
        raise OptionError(
            "frame must be a strategy frame (strategy_frame); it has no column "
            + ", ".join(repr(c) for c in missing)
        )
    solved_under = frame.attrs.get("rules")
    if solved_under is not None and solved_under != rules.label():
        raise OptionError(
            f"the frame was solved under {solved_under!r}, not {rules.label()!r}: draw it "
            "with the rules it was solved under"
        )
    goal_name = checked_text(goal_name, "goal_name")
    path = checked_path(path, "path")
    if title is not None:
        title = checked_text(title, "title")
    if dpi is not None:
        dpi = checked_whole_number(dpi, "dpi", 10, 1200)
    if value is not None and not isinstance(value, (Fraction, float, int)):
        raise OptionError(f"value must be a Fraction or a float, got {shown(value)}")
    digest = chart_digest(frame, rules, goal_name, value, title, dpi)
    if drawn_digest(path) == digest:
        return path
    steps = sorted(frame["throws_left"].unique(), reverse=True)
    categories = list(rules.categories)
    first = frame[frame["throws_left"] == steps[0]]
    blocks = []  # (category name, row offset, n rows, n hands)
    row = 0.0
    for cat in categories:
        n = int((first["category"] == cat.slug).sum())
        if n == 0:
            continue
        rows = math.ceil(n / COLUMNS)
        blocks.append((cat, row, rows, n))
        row += rows + 0.45
    total_rows = row
    cell_w, cell_h = 0.84, 0.40
    label_w = 1.25
    panel_w = COLUMNS * cell_w + label_w
    fig_w = panel_w * len(steps) + 0.4
    fig_h = total_rows * cell_h + 1.7
    # A figure of its own, not pyplot's: drawing a chart leaves the caller's backend alone.
    fig = Figure(figsize=(fig_w, fig_h))
    axes = fig.subplots(1, len(steps), squeeze=False)
    labels: list[CellLabel] = []  # the cells' texts, drawn into the pixels at the end
    for ax, t in zip(axes[0], steps, strict=True):
        part = frame[frame["throws_left"] == t]
        boxes: list[Rectangle] = []
        marks: list[Polygon] = []
        mark_colours: list[str] = []
        colours: list[str] = []
        for cat, offset, _, n in blocks:
            hands = part[part["category"] == cat.slug].reset_index(drop=True)
            y0 = offset
            ax.text(
                -0.15, y0 + 0.5, f"{cat.name}\n({n} hands)", ha="right", va="center", fontsize=8.5
            )
            for i, rec in hands.iterrows():
                x = i % COLUMNS
                y = y0 + i // COLUMNS
                kept = int(rec["kept"])
                colour = KEPT_COLOURS[kept]
                boxes.append(Rectangle((x, y), 1, 1))
                colours.append(colour)
                dark = kept >= 4
                ink = "white" if dark else "#222222"
                hand_ink = "#dddddd" if dark else "#555555"
                labels.append(CellLabel(ax, x + 0.5, y + 0.3, rec["hand"], 6.2, False, hand_ink))
                keep = _keep_text(rec["keep"], kept)
                labels.append(CellLabel(ax, x + 0.5, y + 0.7, keep, 7.6, True, ink))
                if int(rec["optimal_holds"]) > 1:
                    corner = [(x + 1 - TIE_MARK[0], y), (x + 1, y), (x + 1, y + TIE_MARK[1])]
                    marks.append(Polygon(corner, closed=True))
                    mark_colours.append(ink)
        ax.add_collection(
            PatchCollection(boxes, facecolors=colours, edgecolors="white", linewidths=1.2)
        )
        ax.add_collection(PatchCollection(marks, facecolors=mark_colours, edgecolors="none"))
        ax.set_xlim(-label_w / cell_w, COLUMNS)
        ax.set_ylim(total_rows, 0)
        ax.set_axis_off()
        ax.set_title(
            f"{t} throw{'s' if t > 1 else ''} left" + (" (the last throw)" if t == 1 else ""),
            fontsize=11,
            loc="left",
            x=label_w / (panel_w),
        )
    heading = title or f"{rules.label()}: {goal_name}"
    if value is not None:
        value_text = fixed_text(value, ".4%" if _is_probability(frame) else ".4f")
        heading += f"  ·  value of a turn played this way: {value_text}"
    fig.suptitle(heading, fontsize=13, x=0.01, ha="left")
    fig.text(
        0.01,
        1 - 0.62 / fig_h,
        "Each cell: a first-throw hand (small) and the dice to keep (bold); "
        "the colour says how many dice are kept.",
        fontsize=9,
        color="#444444",
        ha="left",
        va="center",
    )
    handles: list[Artist] = [
        Patch(facecolor=c, edgecolor="#999999", label=lab)
        for c, lab in zip(KEPT_COLOURS, KEPT_LABELS, strict=True)
    ]
    handles.append(
        Line2D(
            [],
            [],
            marker=MplPath([(-1, 1), (1, 1), (1, -1), (-1, 1)]),
            linestyle="none",
            color="#222222",
            markersize=6,
            label="marked corner: another hold is exactly as good",
        )
    )
    # One panel is too narrow for the legend in a row: two rows, under the caption.
    narrow = len(steps) == 1
    fig.legend(
        handles=handles,
        loc="upper right",
        ncol=4 if narrow else len(handles),
        fontsize=8,
        frameon=False,
        bbox_to_anchor=(0.995, 0.995 - (0.8 if narrow else 0.35) / fig_h),
    )
    top = 1 - (1.75 if narrow else 1.2) / fig_h
    fig.subplots_adjust(left=0.005, right=0.995, bottom=0.2 / fig_h, top=top, wspace=0.02)
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_small_png(render(fig, labels, dpi or DPI), path, digest)
    return path


def chart_digest(
    frame: pd.DataFrame,
    rules: RuleSet,
    goal_name: str,
    value: Fraction | float | None,
    title: str | None,
    dpi: int | None,
) -> str:
    """A digest of everything a chart is drawn from, and of the code and libraries drawing it.

    Two calls of :func:`plot_strategy` with the same digest draw the same picture, so a
    PNG carrying it need not be drawn again.  Read as every chart of the report reads
    its inputs (:func:`~pokerdice_stats.engines.report.drawn_once.inputs_digest`), with
    the code of this module and of the package's modules it imports
    (:func:`~pokerdice_stats.engines.report.drawn_once.code_digest`).
    """
    return inputs_digest(
        DRAWING_VERSION,
        matplotlib.__version__,
        PIL.__version__,
        code_digest(__name__),
        sorted(rules.settings().items()),
        rules.label(),
        [(c.slug, c.name) for c in rules.categories],
        goal_name,
        value,
        title,
        dpi or DPI,
        frame,
    )


def _write_small_png(image: PILImage.Image, path: Path, digest: str) -> None:
    """Save a rendered chart with a palette of :data:`PALETTE_COLOURS` (a quarter of the bytes).

    The digest of its inputs (:func:`chart_digest`) goes in a text chunk.
    """
    info = PngImagePlugin.PngInfo()
    info.add_text(DIGEST_KEY, digest)
    # Fast octree: a quarter of median cut's time (0.05 s against 0.21 s a chart), charts
    # that read the same and files a little smaller.
    small = image.convert("RGB").quantize(
        colors=PALETTE_COLOURS, method=PILImage.Quantize.FASTOCTREE
    )
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True, pnginfo=info)
    write_output(path, out.getvalue(), "chart", make_parents=True)


def _is_probability(frame: pd.DataFrame) -> bool:
    values = frame["value_float"]
    return bool(((values >= 0) & (values <= 1)).all())


def _goal_key(rules: RuleSet, goal: Goal) -> tuple:
    """What decides a goal's chart: the turn rules, the goal's value of every hand, the notation."""
    numerators = tuple(int(n) for n in goal.numerators)
    turn = (rules.throws, rules.max_rethrow, rules.max_rethrow_scope, rules.sticky_holds)
    return (*turn, rules.face_chart.labels, numerators, goal.denominator)


def chart_plan(
    presets: tuple[str, ...] = tuple(PRESETS),
) -> dict[str, list[tuple[Goal, str, bool]]]:
    """For each preset, its goals with the chart each links to and whether it draws it.

    Each preset's page links charts drawn for that preset (with its title and
    its categories); a goal whose policy is the same as an earlier goal of the
    same preset (the same value of every hand) links to that chart instead of
    drawing it again.
    """
    plan: dict[str, list[tuple[Goal, str, bool]]] = {}
    for name in presets:
        rules = PRESETS[name]
        drawn: dict[tuple, str] = {}
        entries = []
        for goal in standard_goals(rules, name in BEAT_PRESETS):
            key = _goal_key(rules, goal)
            if key in drawn:
                entries.append((goal, drawn[key], False))
            else:
                drawn[key] = f"{name}/{goal_stem(goal.name)}.png"
                entries.append((goal, drawn[key], True))
        plan[name] = entries
    return plan


def write_preset(
    name: str, out_dir: Path, entries: list[tuple[Goal, str, bool]] | None = None
) -> list[Path]:
    """Solve a preset's standard goals in one batch; write the CSV, the index and the charts.

    ``entries`` (from :func:`chart_plan`) says which charts to draw; by
    default every goal of the preset is drawn.
    """
    rules = PRESETS[name]
    if entries is None:
        entries = [
            (g, f"{name}/{goal_stem(g.name)}.png", True)
            for g in standard_goals(rules, name in BEAT_PRESETS)
        ]
    goals = [goal for goal, _, _ in entries]
    policy = solve(rules, goals)
    folder = out_dir / "strategy"
    written = []
    frames = []
    index_rows = []
    for g, (goal, chart, draw) in enumerate(entries):
        frame = strategy_frame(policy, g)
        frames.append(frame.assign(goal=goal.name)[["goal", *frame.columns]])
        value = policy.value(g)
        if draw:
            title = f"{name}: {goal.name}"
            written.append(plot_strategy(frame, rules, goal.name, folder / chart, value, title))
        note = "" if chart.startswith(f"{name}/") else " (the same play)"
        index_rows.append(
            f"| `{goal.name}` | {fraction_text(Fraction(value))} | "
            f"{fixed_text(100 * value, '.4f')} | "
            f"[chart]({chart}){note} |"
        )
    every = pd.concat(frames, ignore_index=True)
    written.append(write_text(folder / f"{name}.csv", to_csv(every)))
    header = (
        f"# {PRESET_SOURCES[name].split(':')[0]}, preset {name}: what to hold\n\n"
        f"Best value of a turn of {rules.throws} throws for each goal (the chance of reaching "
        "it: exact, and in percent), and a chart of the best "
        "hold on every first-throw hand with each number of throws left (CSV: "
        f"`{name}.csv`, one row per goal, throws left and hand, with the runner-up hold).\n\n"
        "| goal | value | value % | chart |\n|---|---|---|---|\n"
    )
    footer = EXTRA_LINKS.get(name, "")
    text = header + "\n".join(index_rows) + "\n" + footer
    written.append(write_text(folder / f"{name}.md", text))
    return written


def tasks(out_dir: Path) -> list[Task]:
    plan = chart_plan()
    return [
        Task(
            f"strategy {name}",
            functools.partial(write_preset, name, out_dir, plan[name]),
            f"strategy {name}",
            0.5,
        )
        for name in plan
    ]
