"""The ``bidding`` command's answers written out: a solution's summary, one position.

Shared by both solvers (:mod:`pokerdice_stats.games.bidding.command` and its ``claims``
module).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerdice_stats.engines.cli import emit, emit_record
from pokerdice_stats.games.bidding.exact.moves import Move, best_move
from pokerdice_stats.ground.formats import percent_of, render
from pokerdice_stats.ground.numbers import chance_percent

#: What a bidding answer's exploitability measures (banking's is one seat's gain).
EXPLOITABILITY_WORDS = (
    "both seats' gains from a best response to the solution, summed (NashConv; "
    "OpenSpiel's exploitability is half of it), in units a game"
)

if TYPE_CHECKING:
    import pandas as pd

    from pokerdice_stats.games.bidding.exact.moves import Position
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd

__all__ = ["opening_words", "position_output", "summary_output", "without_noise"]

#: The figures of a position that are chances (Markdown and the plain table write them in
#: percent).
CHANCE_FIGURES = ("chance_last_bid", "chance_last_bid_beliefs")


def summary_output(
    args: argparse.Namespace,
    record: dict[str, object],
    odds: pd.DataFrame,
    opening: pd.DataFrame,
    players: pd.DataFrame,
    own_hand: bool,
) -> int:
    """Write a solution's summary: the figures (``record``), the simple players, the
    opening, and the bid odds (``own_hand``: of one hand).

    CSV is the table of the bid odds (of every hand unless ``own_hand``), each row carrying
    the summary; Markdown the summary, the bid odds when asked for, the opening and the
    players (JSON likewise)."""
    # every hand's odds: thousands of rows, in CSV (the table) or when asked for
    show_odds = args.full or own_hand or args.format == "csv"
    if args.format != "table":
        if show_odds:
            record["bid_odds"] = odds.to_dict(orient="records")
        record["opening"] = opening.to_dict(orient="records")
        record["players"] = players.to_dict(orient="records")
        # the chances in percent: of the hand, of each opening bid, of each rung
        chances = [c for c in opening.columns if c != "own_rung"] + ["chance"]
        emit_record(record, args.format, "bid_odds", chances)
        return 0
    head = pd.DataFrame(
        [{"figure": k, "value": v} for k, v in record.items() if k not in ("settings", "rungs")]
    )
    opening = opening_words(opening)
    emit(render(head, "table"))
    emit(f"exploitability: {EXPLOITABILITY_WORDS}")
    emit(render(players, "table"))
    # the chances in percent: of the hand (the plain table says the bids in words, their
    # chances in them), of each rung
    chances = [c for c in opening.columns if c not in ("own_rung", "seat 1 opens with")]
    emit(render(opening, "table", percent=chances))
    if show_odds:
        emit(render(odds, "table", percent=("chance",)))
    else:
        emit(
            "bid odds (the chance the ten dice make each rung, by your hand): --hand DICE for "
            "yours, --full for every hand, --format csv for the table"
        )
    return 0


def opening_words(opening: pd.DataFrame) -> pd.DataFrame:
    """Seat 1's opening by own rung in words (``full-house 70%, four-of-a-kind 30%``): the
    opening frame has a column a rung, too wide for a terminal on the fine ladder."""
    fixed = ["own_rung", "chance_of_hand"]
    rungs = [c for c in opening.columns if c not in fixed]
    rows = []
    for _, row in opening.iterrows():
        bids = [(rung, float(row[rung])) for rung in rungs if float(row[rung]) > 1e-9]
        words = ", ".join(
            rung if chance > 1 - 1e-9 else f"{rung} {100 * chance:.3g}%" for rung, chance in bids
        )
        rows.append({**{k: row[k] for k in fixed}, "seat 1 opens with": words})
    return pd.DataFrame(rows)


def without_noise(record: dict[str, object]) -> dict[str, object]:
    """The gaps of a summary with numerical noise (below the solver's tolerance) as 0."""
    from pokerdice_stats.games.bidding.exact.game import TOLERANCE

    for key, value in record.items():
        if key.startswith("exploitability") and isinstance(value, float):
            record[key] = 0.0 if abs(value) < TOLERANCE else value
    return record


def position_output(
    args: argparse.Namespace,
    answer: Position,
    context: dict[str, object],
    exploitability: float,
    re_solved_gap: float | None = None,
) -> int:
    """Write the answer at one position (``context``: the rules, ladder, and solver;
    ``re_solved_gap``: the fine ladder's re-solved game's exploitability, when it is one)."""
    from pokerdice_stats.games.bidding.exact.moves import UNITS
    from pokerdice_stats.ground.formats import fraction_text

    chance = answer.chance_last_bid
    record: dict[str, object] = {
        **context,
        "hand": answer.hand,
        "bids": list(answer.bids),
        "seat": answer.seat,
        "unit": UNITS,
        "exploitability": exploitability,
        **({} if re_solved_gap is None else {"exploitability_re_solved": re_solved_gap}),
        "beliefs": answer.beliefs,
        "mix": answer.mix,
        "chance_last_bid": None if chance is None else float(chance),
        "chance_last_bid_exact": None if chance is None else fraction_text(chance),
        "chance_last_bid_beliefs": answer.chance_last_bid_beliefs,
        "moves": [{"move": m.move, "chance": m.chance, "value": m.value} for m in answer.moves],
    }
    if args.format != "table":  # the chances in percent: the moves', the last bid's
        emit_record(record, args.format, "moves", (*CHANCE_FIGURES, "chance"))
        return 0
    emit(position_headline(answer, context))
    moves = pd.DataFrame(record["moves"])
    shown = {k: "-" if v is None else v for k, v in record.items()}
    shown["bids"] = ", ".join(answer.bids) or "-"
    head = pd.DataFrame(
        [{"figure": k, "value": v} for k, v in shown.items() if k not in ("moves", "unit")]
    )
    # the chances in percent, their figure's name ending in % (Markdown and the plain table)
    chances = head["figure"].isin(CHANCE_FIGURES) & (head["value"] != "-")
    head.loc[chances, "value"] = head.loc[chances, "value"].map(percent_of)
    head.loc[chances, "figure"] += " %"
    emit(render(head, "table"))
    emit(f"exploitability: {EXPLOITABILITY_WORDS}")
    if re_solved_gap is not None:
        emit(
            "exploitability_re_solved: the same, in the game from this position on as it was "
            "re-solved (its own hands' weights), in units a game from here"
        )
    under = "the game from here re-solved" if answer.mix == "re-solved" else "the solution"
    emit(f"moves: chance % under {under}; value in {UNITS}, for the player to move")
    if any(m.value != m.value for m in answer.moves):  # NaN: a move the solution cannot value
        emit(
            "no value: a bid of the last bid's claim again (the ten dice make both or neither "
            "rung), which the solution never meets"
        )
    emit(render(moves, "table", percent=("chance",)))
    return 0


#: The headline names the moves played with at least this chance; the rarer ones are summed
#: (the table below it lists every move's chance).
NAMED_CHANCE = 0.001


def _mix_words(played: list[Move]) -> str:
    """The moves played and their chances in percent, the rare ones summed.

    >>> from pokerdice_stats.games.bidding.exact.moves import Move
    >>> moves = [Move("call", 0.9, 0.1), Move("a", 0.0999, 0.2), Move("b", 1e-4, 0.0),
    ...          Move("c", 1e-9, 0.0)]
    >>> _mix_words(moves)
    'call 90%, a 9.99%, and 2 other moves 0.01% in all'
    """
    named = [m for m in played if m.chance >= NAMED_CHANCE]
    rare = [m for m in played if m.chance < NAMED_CHANCE]
    words = [f"{m.move} {_percent_words(m.chance)}" for m in named]
    if rare:
        chance = sum(m.chance for m in rare)
        other = "1 other move" if len(rare) == 1 else f"{len(rare)} other moves"
        words.append(f"{'and ' if named else ''}{other} {_percent_words(chance)} in all")
    return ", ".join(words)


def _percent_words(chance: float) -> str:
    """A chance in percent to 3 significant digits, without an exponent and never rounded
    to 0 or 100 (:func:`~pokerdice_stats.ground.numbers.chance_percent`).

    >>> _percent_words(0.0002856), _percent_words(9.99e-5), _percent_words(0.99996)
    ('0.0286%', '0.00999%', '99.996%')
    >>> _percent_words(3e-8)
    'under 0.001%'
    """
    return "under 0.001%" if chance < 1e-5 else f"{chance_percent(chance, 3)}%"


def _why_re_solved(answer: Position) -> str:
    """Why the solution's own play does not answer a re-solved position."""
    if not answer.on_tree:
        return "off the solution's tree, where it would call every bid"
    if answer.beliefs == "throw":
        return "the solution never makes the other's bids so far"
    return "the solution never bids so with this hand"


def position_headline(answer: Position, context: dict[str, object]) -> str:
    """What to do at a position, in a player's words: the best move and its value, how
    the solution plays there, and how likely the last bid is true.

    >>> from fractions import Fraction
    >>> from pokerdice_stats.games.bidding.exact.moves import Move, Position
    >>> moves = (Move("call", 0.0, -1.0), Move("four-of-a-kind", 1.0, 0.470588))
    >>> answer = Position("Q Q Q 9 9", ("full-house",), 2, "solution", True, "solution",
    ...                   Fraction(1), 1.0, moves)
    >>> print(position_headline(answer, {"rules": "classic", "ladder": "category"}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Q Q Q 9 9, seat 2 to move after full-house (classic, category ladder)
    best: bid four-of-a-kind, +0.4706 units a game (the solution plays it always)
    chance the last bid (full-house) is true: 100% (the other's hand read from its bids; 100% over
    its throw alone)
    """
    bids = f"after {', '.join(answer.bids)}" if answer.bids else "to open"
    lines = [
        f"{answer.hand}, seat {answer.seat} to move {bids} "
        f"({context.get('rules')}, {context.get('ladder')} ladder)"
    ]
    best = best_move(answer.moves)
    what = "call" if best.move == "call" else f"bid {best.move}"
    played = [m for m in answer.moves if m.chance > 0]
    who = "the solution" if answer.mix == "solution" else "the game from here, re-solved,"
    how = (
        f"{who} plays it always"
        if len(played) == 1 and played[0].move == best.move
        else f"{who} mixes {_mix_words(played)}"
    )
    if answer.mix == "re-solved":
        how += "; " + _why_re_solved(answer)
    lines.append(f"best: {what}, {best.value:+.4f} units a game ({how})")
    if answer.bids and answer.chance_last_bid is not None:
        thrown = f"{chance_percent(answer.chance_last_bid)}%"
        if answer.beliefs == "solution" and answer.chance_last_bid_beliefs is not None:
            read = chance_percent(answer.chance_last_bid_beliefs)
            shown = f"{read}% (the other's hand read from its bids; {thrown} over its throw alone)"
        else:
            shown = f"{thrown} (the other's hand as thrown: the solution never bids so)"
        lines.append(f"chance the last bid ({answer.bids[-1]}) is true: {shown}")
    return "\n".join(lines)
