"""``pokerdice-stats banking``: the blind banking round of 2 to 5 seats and its equilibrium."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerdice_stats.engines.blind.policy_names import ALIAS_NOTE, canonical_policy
from pokerdice_stats.engines.cli import (
    add_format_arg,
    add_rules_args,
    check_tolerance,
    emit,
    emit_frame,
    emit_record,
    output_path,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.engines.round_output import ROUND_UNITS, TIE_NOTES, round_context
from pokerdice_stats.ground.formats import fraction_text, render, to_csv
from pokerdice_stats.ground.numbers import chance_percent, stated
from pokerdice_stats.ground.outputs import write_output

if TYPE_CHECKING:
    import pandas as pd
else:  # imported on first use: the quick commands never load pandas
    from pokerdice_stats.engines.cli import lazy_pandas as pd

DESCRIPTION = (
    "Banking poker dice (004): every seat develops its hand without seeing anyone "
    "else's; the best hand takes the pot, identical best hands share it. Prints the symmetric "
    "equilibrium of N seats (a mixture of pure hold tables), each seat's share of the pot, the "
    "exploitability (what one seat gains by deviating alone; certified exactly) and what "
    "simple strategies earn as one seat against N-1 equilibrium seats: share of the pot and "
    "antes lost a round (ante 1 each)."
)


def register(subparsers) -> None:
    banking = subparsers.add_parser(
        "banking",
        help="banking poker dice: the blind equilibrium of 2-5 seats and simple strategies",
        description=DESCRIPTION,
    )
    add_rules_args(banking, default="banking")
    banking.add_argument(
        "--players", type=whole_number, default=2, metavar="N", help="2 to 5 (default 2)"
    )
    banking.add_argument(
        "--tolerance",
        type=float,
        default=None,
        help="exploitability tolerance, in shares of the pot (default 1e-9)",
    )
    banking.add_argument(
        "--max-iterations",
        type=whole_number,
        default=None,
        help="best responses at most (default 200)",
    )
    banking.add_argument(
        "--strategy",
        action="append",
        default=None,
        metavar="NAME",
        help="show only this strategy (repeatable): stand, largest-set, at-least-three, "
        "max-category, two-seat-equilibrium, optimal (the symmetric equilibrium, the row "
        "named equilibrium), best-response (default: all)" + ALIAS_NOTE,
    )
    banking.add_argument(
        "--out",
        type=output_path,
        default=None,
        metavar="FILE",
        help="also write the equilibrium's holds as CSV (one row per pure strategy, throws "
        "left and hand, with the strategy's weight)",
    )
    banking.add_argument(
        "--dice",
        default=None,
        metavar="DICE",
        help="one position: the dice showing (e.g. '6 6 6 2 3'); prints every hold with its "
        "share of the pot against N-1 equilibrium seats and the chance the equilibrium plays it",
    )
    banking.add_argument(
        "--throws-left",
        type=whole_number,
        default=None,
        metavar="T",
        help="with --dice: throws still to come (default: all but the first)",
    )
    add_format_arg(banking)
    banking.set_defaults(func=run_banking)


#: What ``banking``'s figures are measured in.
BANKING_UNITS = {
    "value": "share of the pot (each seat's, a round)",
    "exploitability": "share of the pot",
    "split": "chance of a round",
    "winning_category": "chance of a round",
    "weight": "chance of playing that pure strategy",
    "share": "share of the pot (one seat against the equilibrium field)",
    "loss": "antes a round (ante 1)",
}


#: The chances of ``banking``'s answer (Markdown writes them in percent): shares of the
#: pot, weights, the split and the winning category's chances.
BANKING_CHANCES = ("share", "weight", "split", "winning_category.*")


def banking_record(result, table: pd.DataFrame, mixture: pd.DataFrame) -> dict:
    """The JSON object of ``banking``: ``players``, ``value``, ``exploitability``, ..."""
    eq = result.equilibrium
    return {
        "rules": eq.rules.label(),
        "players": eq.players,
        "knowledge": "blind",
        "units": BANKING_UNITS,
        "value": [float(v) for v in eq.value],
        "value_exact": [fraction_text(v) for v in eq.value],
        "exploitability": eq.exploitability_float,
        "exploitability_exact": fraction_text(eq.exploitability),
        "tolerance": stated(eq.tolerance),
        "converged": eq.converged,
        "iterations": eq.iterations,
        "split": float(result.split),
        "split_exact": fraction_text(result.split),
        "winning_category": {k: float(v) for k, v in result.winning_category.items()},
        "mixture": [
            {
                "strategy": int(row["strategy"]),
                "weight": float(row["weight"]),
                "weight_exact": fraction_text(row["weight_exact"]),
            }
            for _, row in mixture.iterrows()
        ],
        "strategies": [
            {
                "strategy": row["strategy"],
                "share": row["share_float"],
                "share_exact": fraction_text(row["share"]),
                "loss": row["loss_float"],
                "loss_exact": fraction_text(-row["net"]),
            }
            for _, row in table.iterrows()
        ],
    }


def strategies_frame(eq, table: pd.DataFrame) -> pd.DataFrame:
    """The strategy table as printed: share and antes a round, floats."""
    shown = table[["strategy", "share_float", "net_float", "loss_float"]].copy()
    shown.insert(0, "players", eq.players)
    return shown.rename(
        columns={"share_float": "share", "net_float": "net_antes", "loss_float": "loss_antes"}
    )


def _chosen(table: pd.DataFrame, names: list[str]) -> pd.DataFrame:
    """The rows of the named strategies, in the order given."""
    from pokerdice_stats.ground.errors import OptionError

    known = list(table["strategy"])
    # optimal is the project's name of the equilibrium; the table's row keeps its name
    names = ["equilibrium" if canonical_policy(n) == "optimal" else n for n in names]
    for name in names:
        if name not in known:
            listed = ["optimal (or equilibrium)" if k == "equilibrium" else k for k in known]
            raise OptionError(f"unknown strategy {name!r}; choose one of: " + ", ".join(listed))
    return table.set_index("strategy").loc[names].reset_index()


#: The most a float of the solver may stray from its exact figure, in shares of the pot.
_FLOAT_NOISE = 1e-9


def _noise(players: int, tolerance: float) -> float:
    """Below this many antes a strategy's gain or loss is the floats' noise, written 0: the
    default tolerance's, in antes (N times the share), never a coarser ``--tolerance``'s,
    which sets when the solver stops, not what is shown (a real loss stays shown)."""
    return players * min(tolerance, _FLOAT_NOISE)


def run_banking(args: argparse.Namespace) -> int:
    from pokerdice_stats.games.banking.exact.field import blind_round, check_players
    from pokerdice_stats.games.banking.exact.strategy_frames import (
        keep_frame,
        mixture_frame,
        strategy_table,
    )
    from pokerdice_stats.games.banking.simulation.sessions import check_banking_keys

    check_tolerance(args.tolerance)
    players = check_players(args.players)
    rules = rules_from_args(args)
    check_banking_keys(rules)
    if args.dice is not None or args.throws_left is not None:
        return _run_position(args, rules, players)
    result = blind_round(
        rules, players, tolerance=args.tolerance, max_iterations=args.max_iterations
    )
    eq = result.equilibrium
    table = strategy_table(eq)
    if args.strategy:
        table = _chosen(table, args.strategy)
    mixture = mixture_frame(eq)
    if args.out is not None:
        write_output(args.out, to_csv(keep_frame(eq)), "--out file", make_parents=True)
    if args.format != "table":  # the rows: the strategies (the mixture: a table beside them)
        record = banking_record(result, table, mixture)
        noise = {"loss": _noise(players, eq.tolerance)}
        emit_record(record, args.format, "strategies", BANKING_CHANCES, noise)
        return 0
    shown = strategies_frame(eq, table)
    noise = dict.fromkeys(("net_antes", "loss_antes"), _noise(players, eq.tolerance))
    weights = mixture[["strategy", "weight", "weight_exact", "share_float"]]
    categories = result.category_frame()[["category", "chance_float"]]
    status = "converged" if eq.converged else "NOT converged"
    split = chance_percent(result.split, digits=6)  # chances in percent
    lines = [
        f"banking, {players} blind seats ({rules.label()}): symmetric equilibrium, {status}",
        f"  each seat's share of the pot: {', '.join(fraction_text(v) for v in eq.value)}",
        f"  exploitability {eq.exploitability_float:.3g} of the pot (exact, tolerance "
        f"{eq.tolerance:.3g}), {eq.iterations} best responses",
        f"  the pot is split with chance {split}%",
        f"  mixture of {len(mixture)} pure hold "
        + ("table" if len(mixture) == 1 else "tables")
        + " (weights exact; share against the field, float):",
    ]
    text = "\n".join(lines) + "\n" + render(weights, "table", percent=("weight", "share"))
    text += "\none seat against N-1 equilibrium seats (share of the pot; antes a round, ante 1):\n"
    text += render(shown, "table", noise, percent=("share",))
    text += "\nthe winning hand's category:\n" + render(categories, "table", percent=("chance",))
    emit(text)
    return 0


def _run_position(args: argparse.Namespace, rules, players: int) -> int:
    """``banking --dice``: every hold of one position against the equilibrium field."""
    from pokerdice_stats.games.banking.exact.position import banking_position
    from pokerdice_stats.ground.errors import OptionError

    if args.dice is None:
        raise OptionError("--throws-left goes with --dice (the dice showing)")
    extra = [flag for flag, value in (("--strategy", args.strategy), ("--out", args.out),
             ("--tolerance", args.tolerance), ("--max-iterations", args.max_iterations))
             if value is not None]  # fmt: skip
    if extra:
        raise OptionError(
            f"{', '.join(extra)} belong to the equilibrium's tables, not to one position "
            "(--dice): leave them out"
        )
    record = banking_position(rules, players, args.dice, args.throws_left)
    if args.format != "table":  # a hold's share of the pot and its weight: in percent
        emit_record(record, args.format, "holds", ("value", "chance"))
        return 0
    import pandas as pd

    frame = pd.DataFrame(
        [
            {
                "keep": h["keep"] or "(none)",
                "rethrow": h["rethrow"] or "stand",
                "share %": round(100 * h["value"], 4),
                "equilibrium plays it %": round(100 * h["chance"], 4),
                "optimal": "*" if h["optimal"] else "",
            }
            for h in record["holds"]
        ]
    )
    throws = record["throws_left"]
    emit(
        f"banking, {players} blind seats ({record['rules']}): {record['hand']} "
        f"({record['category']}), {throws} throw{'' if throws == 1 else 's'} left\n"
        f"share %: the share of the pot a hold earns (playing best afterwards) against "
        f"{players - 1} seat{'' if players == 2 else 's'} playing the equilibrium; equilibrium "
        "plays it %: the weight of its pure hold tables that keep those dice (exploitability "
        f"{record['exploitability']:.3g} of the pot)\n" + render(frame, "table")
    )
    return 0


def answer_round(args: argparse.Namespace, rules) -> int:
    """``round`` under ``knowledge=blind`` (banking): every seat plays the symmetric equilibrium."""
    from pokerdice_stats.games.banking.exact.field import blind_round, check_players
    from pokerdice_stats.games.banking.simulation.sessions import check_banking_keys
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.ground.numbers import short_fraction

    check_banking_keys(rules)  # as the banking command: one round reads neither
    if args.seat is not None:
        raise OptionError(
            "--seat (one seat facing the best hand so far) applies when later seats see the "
            "earlier hands; these rules are blind (use --set knowledge=seen)"
        )
    result = blind_round(rules, check_players(args.players))
    frame = result.frame()
    context = round_context(rules, result.equilibrium.players, "blind", True, result)
    if args.format != "table":  # the chances in percent: the seats', the split, the category
        percent = ("win", "win_outright", "tie", "split", "winning_category.*")
        emit_frame(frame.drop(columns="knowledge"), args.format, context, "seats", percent)
        return 0
    # the table's first line names the rules as a seen round's does (the rest is said below)
    named = ("rules", "players", "knowledge", "ties", "exact")
    emit_frame(
        frame.drop(columns="knowledge"),
        "table",
        {key: context[key] for key in named},
        percent=("win", "win_outright", "tie"),
    )
    eq = result.equilibrium
    emit(
        f"note: blind round (nobody sees another's hand), every seat playing the symmetric "
        f"equilibrium of {eq.players} seats (exploitability {eq.exploitability_float:.3g} "
        f"of the pot, exact; tolerance {eq.tolerance:.3g}); {TIE_NOTES[rules.ties]}"
    )
    emit(ROUND_UNITS)
    exact = short_fraction(result.split)
    emit(
        f"the pot is split with chance {chance_percent(result.split, digits=6)}%"
        + ("" if exact == "…" else f" ({exact})")
    )
    emit("the winning hand's category (chance % of one round):")
    emit_frame(result.category_frame()[["category", "chance_float"]], "table", percent=("chance",))
    return 0
