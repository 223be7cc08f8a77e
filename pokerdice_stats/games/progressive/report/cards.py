"""Printable cards of the progressive game: the pay card and the strategy card (PNG and PDF).

- :func:`pay_card`: the schedule as 004 prints it (losers whose pays are equal
  in every column share a row), both sides when it is two-sided, with its exact edge
  against the optimal computer, the player seeing its hand;
- :func:`strategy_card`: the chart of
  :func:`~pokerdice_stats.games.progressive.exact.strategy_card.fit_strategy_card`,
  what each action means, and what following it costs against optimal play;
- :func:`write_cards`: both, as ``results/games/progressive_pay_card.{png,pdf}``,
  ``progressive_strategy_card.{png,pdf}`` and ``progressive_cards.md`` (the figures
  written by :func:`~pokerdice_stats.ground.formats.number_text`).
"""

from __future__ import annotations

import io
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from pokerdice_stats.engines.report import write_text
from pokerdice_stats.games.progressive.exact.amounts import amount_text
from pokerdice_stats.games.progressive.exact.design_table import table_rows
from pokerdice_stats.games.progressive.exact.edge import Edge, edge_of
from pokerdice_stats.games.progressive.exact.payout import round_outcomes
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    SEED_NAME,
    PayoutSchedule,
)
from pokerdice_stats.games.progressive.exact.strategy_card import StrategyCard, fit_strategy_card
from pokerdice_stats.ground.formats import number_text, to_csv, to_markdown
from pokerdice_stats.ground.outputs import write_output
from pokerdice_stats.turn.rules import PRESETS, RuleSet

#: Metadata that would differ between runs or machines, left out of every card.
PNG_METADATA = {"Software": None}
PDF_METADATA = {"Creator": None, "Producer": None, "CreationDate": None}
#: Short names of the categories, for narrow columns.
SHORT = {
    "five-of-a-kind": "five of a kind",
    "four-of-a-kind": "four of a kind",
    "big-straight": "big straight",
    "full-house": "full house",
    "three-of-a-kind": "three of a kind",
    "two-pair": "two pair",
    "one-pair": "one pair",
    "little-straight": "little straight",
    "high-die": "bust",
}
#: What each action of the strategy card means, as printed on it.
ACTION_WORDS = (
    ("stand", "keep all five dice"),
    ("set", "keep your largest set (the higher one of two pairs), throw the rest"),
    ("pairs", "keep every pair and set (two pair: both pairs), throw the rest"),
    ("straight", "keep one each of 2 3 4 5 6, throw the rest"),
    ("all", "throw all five"),
)


def schedule_title(schedule: PayoutSchedule) -> str:
    """How a card names its schedule: 004's by its game, Progressive Poker Dice (004); a
    schedule read from a file by the file, whatever its heading says (it may be edited)."""
    if schedule.source not in ("", SEED_NAME):
        return f"the schedule of the file {Path(schedule.source).name} ({schedule.name})"
    return schedule.name.replace(
        PROGRESSIVE_SCHEDULE.name, "the schedule of Progressive Poker Dice (004)"
    )


def _row_label(losers: tuple[str, ...]) -> str:
    """The losers of one merged row, two names a line (a card's row labels have a fixed
    width: four names on one line would run off the card)."""
    names = [_name(x) for x in losers]
    if len(names) <= 3:
        return " / ".join(names)
    return " /\n".join(" / ".join(names[i : i + 2]) for i in range(0, len(names), 2))


def _name(slug: str) -> str:
    return SHORT.get(slug, slug.replace("-", " "))


def save(fig: Figure, path: Path) -> Path:
    """Save a card as PNG or PDF (by the suffix), without machine-dependent metadata."""
    pdf = path.suffix.lower() == ".pdf"
    buffer = io.BytesIO()
    fig.savefig(
        buffer,
        format="pdf" if pdf else "png",
        dpi=150,
        metadata=PDF_METADATA if pdf else PNG_METADATA,
    )
    # whole, and never into a FIFO or a device
    return write_output(path, buffer.getvalue(), "card", make_parents=True)


def _grid(rules: RuleSet, schedule: PayoutSchedule, side: str) -> tuple[list, list, list]:
    """Row labels, column labels and cells of one side, rows of equal losers merged."""
    slugs = rules.category_slugs
    winners = sorted(schedule.winners, key=lambda w: -slugs.index(w))  # worst paying first
    one = schedule.side(side)
    rows = [r for r in table_rows(rules, schedule) if any(slugs.index(w) < slugs.index(r[0])
                                                            for w in winners)]  # fmt: skip
    cells = []
    for row in rows:
        line = []
        for w in winners:
            if slugs.index(w) >= slugs.index(row[0]):
                line.append("push" if w in row else "")
            else:
                line.append(card_amount(one.amount(w, row[0]) or 0))
        cells.append(line)
    labels = [_row_label(tuple(row)) for row in rows]
    return labels, [_name(w) for w in winners], cells


#: The longest pay a card's cell shows exactly; a longer one is rounded (marked ``~``).
CARD_CHARACTERS = 9


def card_amount(value) -> str:
    """A pay as a card shows it: exactly when short (``1200``, ``2.5``), else rounded and
    marked ``~`` (two decimals, or four significant digits past a million), since a long
    fraction would overflow its cell; the schedule file keeps every pay exact.

    Examples
    --------
    >>> from fractions import Fraction
    >>> card_amount(1200), card_amount(Fraction(5, 2)), card_amount(Fraction(1, 3))
    ('1200', '2.5', '1/3')
    >>> card_amount(Fraction(192805230237696, 16156264380625)), card_amount(10**23 - 1)
    ('~11.93', '~1.000e+23')
    """
    text = amount_text(value)
    if len(text) <= CARD_CHARACTERS:
        return text
    number = float(value)
    return f"~{number:.3e}" if abs(number) >= 1e6 else f"~{number:.2f}"


def pay_card(
    rules: RuleSet, schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE, edge: Edge | None = None
) -> Figure:
    """The pay table with its edge (optimal computer, the player sees its hand)."""
    edge = edge if edge is not None else edge_of(round_outcomes(rules, schedule=schedule))
    sides = ("player", "house") if schedule.two_sided else ("player",)
    top, block, foot = 0.8, 2.7, 1.0  # inches: title, one table, the edge lines
    height = top + block * len(sides) + foot
    fig = Figure(figsize=(8.5, height))
    titles = {
        "player": "The house pays you when you win",
        "house": "You pay the house when it wins",
    }
    for i, side in enumerate(sides):
        labels, columns, cells = _grid(rules, schedule, side)
        bottom = (foot + block * (len(sides) - 1 - i) + 0.25) / height
        ax = fig.add_axes((0.3, bottom, 0.67, (block - 0.7) / height))
        ax.axis("off")
        title = titles[side] if schedule.two_sided else "The loser pays the winner"
        ax.set_title(f"{title}: points (rows: the loser's hand, columns: the winner's)",
                     fontsize=10, loc="right")  # fmt: skip
        table = ax.table(cellText=cells, rowLabels=labels, colLabels=columns,
                         cellLoc="center", bbox=Bbox.from_bounds(0, 0, 1, 1))  # fmt: skip
        table.auto_set_font_size(False)
        table.set_fontsize(9)
        for (r, c), cell in table.get_celld().items():
            if r > 0 and c >= 0 and cells[r - 1][c] == "":
                cell.set_facecolor("#eeeeee")  # the winner does not beat that loser
    favours = "you" if edge.expected > 0 else "the house"
    lines = [
        f"Your edge: {_signed(edge.expected)} points a round, {_percent(edge.percent)} of the "
        f"{_plain(edge.action)} points that change hands a round: the game favours {favours}",
        "(exact; the computer plays its best and you see its final hand before you throw).",
        "A winner below three of a kind is paid nothing; equal categories push; grey: cannot "
        "happen.",
    ]
    if any(cell.startswith("~") for side in sides for row in _grid(rules, schedule, side)[2]
           for cell in row):  # fmt: skip
        lines.append("~: a pay rounded to fit its cell (the schedule file holds it exactly).")
    fig.suptitle(f"Progressive Poker Dice: pay card\n{schedule_title(schedule)}", fontsize=12,
                 y=1 - 0.1 / height)  # fmt: skip
    fig.text(0.5, 0.15 / height, "\n".join(lines), ha="center", va="bottom", fontsize=9)
    return fig


#: The colour of each action on the strategy card (the first action of a cell).
ACTION_COLOURS = {
    "stand": "#c7e9c0",
    "set": "#c6dbef",
    "pairs": "#fdd0a2",
    "straight": "#fcbba1",
    "all": "#e0e0e0",
}


def strategy_card(card: StrategyCard) -> Figure:
    """The fitted keep chart, its legend, and what it costs against optimal play."""
    rules = card.rules
    slugs = rules.category_slugs
    rows = card.rows()
    cells = [[row[c] for c in slugs] for row in rows]
    fig = Figure(figsize=(13, 6.4))
    ax = fig.add_axes((0.15, 0.27, 0.83, 0.56))
    ax.axis("off")
    table = ax.table(
        cellText=cells,
        rowLabels=[_name(s) for s in slugs],
        colLabels=[_name(s) for s in slugs],
        cellLoc="center",
        bbox=Bbox.from_bounds(0, 0, 1, 1),
    )
    table.auto_set_font_size(False)
    table.set_fontsize(9)
    for (r, c), cell in table.get_celld().items():
        if r > 0 and c >= 0:
            first = cells[r - 1][c].split(" / ")[0]
            cell.set_facecolor(ACTION_COLOURS.get(first, "white"))
    fig.text(0.565, 0.845, "the computer's final hand", ha="center", fontsize=10,
             weight="bold")  # fmt: skip
    fig.text(0.015, 0.55, "the hand you hold", ha="center", va="center", fontsize=10,
             weight="bold", rotation=90)  # fmt: skip
    fig.text(0.15, 0.2, "A cell 'set / stand': set with two throws left, stand with one.",
             fontsize=9)  # fmt: skip
    legend = "\n".join(f"{word:<9}{meaning}" for word, meaning in ACTION_WORDS)
    fig.text(0.15, 0.03, legend, fontsize=9, va="bottom", family="monospace")
    cost = (
        f"Following this card, your edge is {_percent(card.card_edge.percent)}\n"
        f"({_signed(card.card_edge.expected)} points a round); with the best play,\n"
        f"{_percent(card.optimal_edge.percent)} ({_signed(card.optimal_edge.expected)} points a "
        "round).\n"
        f"The card gives up {_plain(card.loss)} points a round.\n"
        "Exact figures; the computer plays its best."
    )
    fig.text(0.68, 0.03, cost, fontsize=9, va="bottom")
    fig.suptitle(
        f"Progressive Poker Dice: strategy card, when you see the computer's hand\n"
        f"{schedule_title(card.schedule)}",
        fontsize=12,
    )
    return fig


def _percent(value) -> str:
    return "n/a" if value is None else f"{float(value):+.2f}%"


def _signed(value) -> str:
    number = float(value)  # three decimals, or four significant digits past a million
    return f"{number:+.3e}" if abs(number) >= 1e6 else f"{number:+.3f}"


def _plain(value) -> str:
    number = float(value)
    return f"{number:.3e}" if abs(number) >= 1e6 else f"{number:.3f}"


def draw_card(kind: str, rules: RuleSet, schedule: PayoutSchedule, path: Path) -> Path:
    """``payout --card pay|strategy --out FILE``: one card, PNG or PDF by the suffix."""
    if kind == "pay":
        fig = pay_card(rules, schedule)
    else:
        fig = strategy_card(fit_strategy_card(rules, schedule))
    return save(fig, path)


def write_cards(folder: Path) -> list[Path]:
    """Both cards (PNG and PDF) and ``progressive_cards.md`` in ``folder``."""
    rules = PRESETS["progressive"]
    edge = edge_of(round_outcomes(rules))
    card = fit_strategy_card(rules)
    written = []
    for name, fig in (("pay", pay_card(rules, edge=edge)), ("strategy", strategy_card(card))):
        for suffix in (".png", ".pdf"):
            written.append(save(fig, folder / f"progressive_{name}_card{suffix}"))
    import pandas as pd

    chart = pd.DataFrame(card.rows())
    text = (
        "# Progressive Poker Dice: printable cards\n\n"
        "`progressive_pay_card.png/.pdf`: 004's schedule with its edge; "
        "`progressive_strategy_card.png/.pdf`: a keep chart a person can follow, fitted to the "
        "optimal play (the player sees the computer's final hand; the computer plays its "
        "best).\n\n"
        "Edge: the player's expected points a round; in percent, per 100 points that change "
        "hands.\n\n"
        "| play | player's edge (points a round) | player's edge (%) |\n|---|---|---|\n"
        f"| best play | {_text(edge.expected)} | {_text(edge.percent)} |\n"
        f"| the strategy card | {_text(card.card_edge.expected)} | "
        f"{_text(card.card_edge.percent)} |\n\n"
        f"The card gives up {_text(card.loss)} points a round; the exact fractions are in "
        "`progressive_cards.csv`.\n\n"
        "## The strategy card\n\nRows: the hand you hold; columns: the computer's final hand; "
        "`A / B`: A with two throws left, B with one.\n\n"
        + "\n".join(f"- `{w}`: {m}" for w, m in ACTION_WORDS)
        + "\n\n"
        + to_markdown(chart)
    )
    written.append(write_text(folder / "progressive_cards.md", text))
    figures = pd.DataFrame(
        [
            {"play": "best play", "edge": edge.expected, "edge_percent": edge.percent,
             "action": edge.action},
            {"play": "strategy card", "edge": card.card_edge.expected,
             "edge_percent": card.card_edge.percent, "action": card.card_edge.action},
        ]
    )  # fmt: skip
    for column in ("edge", "edge_percent", "action"):  # the float, then the exact fraction
        figures[f"{column}_exact"] = figures[column]
        figures[column] = [float(v) for v in figures[column]]
    written.append(write_text(folder / "progressive_cards.csv", to_csv(figures)))
    return written


def _text(value) -> str:
    """A figure for people: a decimal of 10 significant digits, by the one formatter."""
    return str(number_text(float(value)))
