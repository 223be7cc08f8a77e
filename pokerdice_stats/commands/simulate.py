"""``pokerdice-stats simulate`` and ``crosscheck``: Monte Carlo figures with their intervals."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from pokerdice_stats.commands.simulate_options import check_samples, check_simulate_options
from pokerdice_stats.engines.blind.policy_names import (
    ALIAS_NOTE,
    BLIND_POLICIES,
    COMPUTER_POLICIES,
    TURN_POLICIES,
    canonical_policies,
    canonical_policy,
)
from pokerdice_stats.engines.cli import (
    GOAL_HELP,
    add_format_arg,
    add_rules_args,
    bounded_whole,
    emit,
    emit_frame,
    emit_record,
    emit_rows,
    estimate_record,
    progress_wanted,
    range_text,
    rules_from_args,
    whole_number,
)
from pokerdice_stats.games.banking.command.simulate import BANKING_ANTE, BANKING_START
from pokerdice_stats.games.bidding.command.simulate import add_bidding_args
from pokerdice_stats.games.check_order import GROUP_ORDER
from pokerdice_stats.games.progressive.command.simulate import DEFAULT_COMPUTER, DEFAULT_START
from pokerdice_stats.games.seen.command.simulate import DEFAULT_ANTE
from pokerdice_stats.ground.bounds import MAX_SAMPLES, MAX_SESSION_ROUNDS, MAX_WORKERS, POT_ANTE
from pokerdice_stats.ground.errors import OptionError

if TYPE_CHECKING:
    from pokerdice_stats.engines.simulation.run import RunOptions

WHATS = ("turn", "round", "match", "session", "bidding")
#: Default samples for each kind of simulation.
DEFAULT_N = {
    "turn": 1_000_000,
    "round": 200_000,
    "match": 20_000,
    "session": 2_000,
    "bidding": 200_000,
}
DEFAULT_PLAYERS = 2
DEFAULT_SESSION_ROUNDS = 100


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def _whole(text: str) -> int:
    """A whole number (its range is checked by
    :class:`~pokerdice_stats.engines.simulation.run.RunOptions`
    and the simulations)."""
    return whole_number(text)


def _add_run_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--n",
        type=_whole,
        default=None,
        metavar="SAMPLES",
        help=f"samples (turns, rounds, matches or sessions), at most {MAX_SAMPLES:,}",
    )
    parser.add_argument("--seed", type=_whole, default=0, help="seed (default 0)")
    parser.add_argument(
        "--workers",
        type=_whole,
        default=None,
        metavar="W",
        help=(
            f"threads, 1 to {MAX_WORKERS} (default: every core, or $NUMBA_NUM_THREADS); the "
            "result does not depend on it"
        ),
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDR",
        help="run the chunks on a Dask cluster, e.g. tcp://HOST:8786",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (there is none either where stderr is not a terminal)",
    )


def register(subparsers) -> None:
    sim = subparsers.add_parser(
        "simulate", help="Monte Carlo estimate of a turn, round, match or session, with its CI"
    )
    sim.add_argument("--what", choices=WHATS, default="turn", help="what to simulate")
    add_rules_args(sim, default_text="gameweave; classic with --what bidding, as `bidding`")
    add_bidding_args(sim)
    sim.add_argument("--goal", default=None, metavar="G", help="turn: " + GOAL_HELP)
    sim.add_argument(
        "--policy",
        type=canonical_policies,
        default=None,
        help="turn policy: "
        + ", ".join(TURN_POLICIES)
        + " (default optimal); blind round or banking session: "
        + ", ".join(BLIND_POLICIES)
        + " (optimal: the symmetric equilibrium), one for every seat or one per seat "
        "(stand,largest-set)" + ALIAS_NOTE,
    )
    sim.add_argument(
        "--knowledge",
        choices=("seen", "blind"),
        default=None,
        help="round: later seats see the earlier hands (seen), or nobody sees anyone's "
        "(blind); default blind under banking (its rules say so), else seen",
    )
    sim.add_argument(
        "--players",
        type=_positive,
        default=None,
        help=f"players of a round, match or session of pots (default {DEFAULT_PLAYERS})",
    )
    sim.add_argument(
        "--rounds",
        type=bounded_whole(1, MAX_SESSION_ROUNDS),
        default=None,
        metavar="K",
        help=f"rounds a session plays, {range_text(1, MAX_SESSION_ROUNDS)} "
        f"(default {DEFAULT_SESSION_ROUNDS})",
    )
    sim.add_argument(
        "--to",
        type=_positive,
        default=None,
        metavar="K",
        help="match: round wins needed (default: the rules' target, 3 for gameweave, 5 "
        "otherwise; as match --to)",
    )
    sim.add_argument(
        "--computer",
        type=canonical_policy,
        default=None,
        metavar="POLICY",
        help="progressive session: the computer's policy, one of "
        + ", ".join(COMPUTER_POLICIES)
        + f" (default {DEFAULT_COMPUTER}; as payout --computer)"
        + ALIAS_NOTE,
    )
    sim.add_argument(
        "--start",
        type=_positive,
        default=None,
        help=f"progressive session: starting bank in points (default {DEFAULT_START}); "
        f"banking session: every seat's, in points (default {BANKING_START})",
    )
    sim.add_argument(
        "--schedule",
        default=None,
        metavar="FILE",
        help="progressive session: a schedule file (.csv, as `payout --schedule-out` and the "
        "main job write; default: 004, the rule document's)",
    )
    sim.add_argument(
        "--raise",
        dest="raise",
        type=_positive,
        default=None,
        help="betting session: the raise in chips (default one ante)",
    )
    sim.add_argument(
        "--short",
        choices=("cut", "out"),
        default=None,
        help="betting session: a seat short of chips raises less or folds, out below the "
        "ante (cut, default), or is out below the ante and a turn's raises (out)",
    )
    sim.add_argument(
        "--raises",
        type=_whole,
        default=None,
        help="betting session: most raises a turn, 0 to 4 (default 1)",
    )
    sim.add_argument(
        "--ante-max",
        dest="ante_max",
        type=_whole,
        default=None,
        help="betting session, 001 as written: the first seat of a round names an ante of 1 "
        "to this many chips",
    )
    sim.add_argument(
        "--raise-max",
        dest="raise_max",
        type=_whole,
        default=None,
        help="betting session, 001 as written: a raise is 1 to this many chips",
    )
    sim.add_argument(
        "--sit-out",
        dest="sit_out",
        choices=("yes", "no"),
        default=None,
        help="betting session: whether a seat may sit a round out (default: yes with "
        "--ante-max or --raise-max, no otherwise)",
    )
    sim.add_argument(
        "--ante",
        type=_positive,
        default=None,
        help=f"session of pots (not progressive): the ante, 1 to {POT_ANTE:,} (default "
        f"{DEFAULT_ANTE} chip; banking session: {BANKING_ANTE} points, 004's unit)",
    )
    _add_run_args(sim)
    add_format_arg(sim)
    sim.set_defaults(func=run_simulate)

    check = subparsers.add_parser(
        "crosscheck", help="simulate every exact figure: exact, estimate, interval, z-score"
    )
    _add_run_args(check)
    check.add_argument(
        "--only",
        action="append",
        default=None,
        metavar="GROUP",
        help="one group of figures (repeatable, each checked once): " + ", ".join(GROUP_ORDER),
    )
    check.add_argument(
        "--full",
        action="store_true",
        help="the whole table of figures (exact, estimate, interval, z) instead of one "
        "pass/fail line a figure (markdown, csv and json always give the whole)",
    )
    add_format_arg(check)
    check.set_defaults(func=run_crosscheck)


def run_options(args: argparse.Namespace, n: int | None) -> RunOptions:
    """The :class:`~pokerdice_stats.engines.simulation.run.RunOptions` of ``--seed``, ``--workers``,
    ``--scheduler`` and ``--no-progress``, with ``n`` samples.

    Raises
    ------
    OptionError
        For samples below 1, a negative seed or workers below 1.
    """
    from pokerdice_stats.engines.simulation.run import RunOptions

    return RunOptions(
        n=n,
        seed=args.seed,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress_wanted(args),
    )


def simulate_record(args: argparse.Namespace) -> dict:
    """Run ``simulate`` and return its JSON object."""
    import dataclasses

    from pokerdice_stats.engines.simulation.turns import simulate_turns
    from pokerdice_stats.games.registry import game_for

    shadows = {"knowledge": ("--knowledge", args.knowledge), "target": ("--to", args.to)}
    if args.rules is None:  # 003's bidding game is played on the classic dice
        args.rules = "classic" if args.what == "bidding" else "gameweave"
    rules = rules_from_args(args, shadows)
    check_simulate_options(args, rules)
    run = run_options(args, DEFAULT_N[args.what] if args.n is None else args.n)
    players = args.players or DEFAULT_PLAYERS
    policy = args.policy or "optimal"
    record: dict = {"what": args.what, "rules": rules.label()}
    if args.what == "turn":
        turns = simulate_turns(rules, args.goal, policy, run=run)
        unit = "chance" if turns.goal.is_probability else "points"
        record |= {"goal": turns.goal.name, "policy": policy, "unit": unit}
        record |= estimate_record(turns.estimate)
        record["interval"] = turns.estimate.interval
        record["by_category"] = {k: estimate_record(v) for k, v in turns.by_category.items()}
        interrupted = turns.interrupted
    elif args.what == "round":
        # --knowledge plays the rules seen or blind; the game that plays rounds so answers
        # (either way: --knowledge seen plays banking's rules seen, as blind plays gameweave's)
        knowledge = rules.knowledge if args.knowledge is None else args.knowledge
        rules = dataclasses.replace(rules, knowledge=knowledge)
        record["rules"] = rules.label()
        game = game_for(rules, "round")
        part, interrupted = game.entry("round_record")(args, rules, run, players, policy)
        record |= part
    elif args.what == "bidding":
        part = game_for(rules, "bidding").entry("bidding_record")(rules, run, args.ladder)
        record |= part
        interrupted = False
    elif args.what == "match":
        part, interrupted = game_for(rules, "match").entry("match_record")(
            args, rules, run, players
        )
        record |= part
    else:
        rounds = args.rounds or DEFAULT_SESSION_ROUNDS
        # the session is the game of the rules' preset (registry.game_of), whatever --set
        # changes: that game refuses what it cannot play, never another game plays instead
        game = game_for(rules, "session")
        part, interrupted = game.entry("session_record")(args, rules, run, players, rounds)
        record |= part
    record["interrupted"] = bool(interrupted)
    return record


def run_simulate(args: argparse.Namespace) -> int:
    record = simulate_record(args)
    if record.get("interrupted"):
        sys.stderr.write("pokerdice-stats: interrupted; the figures below are a partial result\n")
    if args.format == "table":
        from pokerdice_stats.commands.simulate_text import simulate_text

        emit(simulate_text(record))
    else:  # json whole; csv, markdown: a row a seat or a game (or the one estimate)
        key = next((k for k in SIMULATED_ROWS if k in record), None)
        emit_record(record, args.format, key, simulated_chances(record))
    return 130 if record.get("interrupted") else 0


#: The rows of a simulated answer: its seats, or the games of ``--what bidding``.
SIMULATED_ROWS = ("seats", "games")


def simulated_chances(record: dict) -> list[str]:
    """The figures of a simulated answer that are chances (Markdown writes them in percent,
    as the plain answer does): a seat's chance of a round or match, a turn's chance and
    its chance of ending in each category, and the sessions' chances (betting: taking the
    pot, raising, folding, ruin, winning the game; banking: ending ahead, ruin, and the exact
    round's chances; progressive: ruin), each with its interval."""
    interval = ("estimate", "ci_low", "ci_high")
    names = [f"by_category.*.{end}" for end in interval]
    if record.get("what") in ("round", "match") or record.get("unit") == "chance":
        return [*names, *interval, "exact"]
    betting = ("p_pot", "raise_rate", "fold_rate", "ruin", "game_win")
    names += [f"{c}{end}" for c in betting for end in ("", "_ci_low", "_ci_high")]
    names += [f"{c}.{end}" for c in ("ahead", "ruin", "computer_ruin") for end in interval]
    return [*names, "exact.round.*"]  # banking: the exact round's win, split and loss


#: The fewest samples a figure that ``crosscheck`` judges.
CROSSCHECK_LEAST_SAMPLES = 1000


def run_crosscheck(args: argparse.Namespace) -> int:
    """Run the cross-checks; exit status 1 when a figure fails the verdict's bound."""
    from pokerdice_stats.engines.checks import checks_in_percent
    from pokerdice_stats.engines.checks.verdict import FAMILY_ERROR, verdict, within
    from pokerdice_stats.games.checks import GROUPS, checks_frame, crosscheck

    if args.only:  # a group named twice is checked (and counted) once
        args.only = list(dict.fromkeys(args.only))
    for group in args.only or ():
        if group not in GROUPS:
            raise OptionError(f"unknown group {group!r}; choose from: " + ", ".join(GROUPS))
    check_samples(args.n)
    if args.n is not None and args.n < CROSSCHECK_LEAST_SAMPLES:
        raise OptionError(
            f"crosscheck --n must be at least {CROSSCHECK_LEAST_SAMPLES:,}: its z-scores rest "
            "on the normal approximation, which fewer samples do not justify (the verdict's "
            f"1% false alarms would not hold), got {args.n:,}"
        )
    run = run_options(args, args.n)
    checks = crosscheck(tuple(args.only) if args.only else None, run=run)
    judged = verdict(checks)
    if args.format == "table" and not args.full:
        rows = [
            {
                "verdict": "pass" if within(c, judged.bound) else "FAIL",
                "group": c.group,
                "figure": c.figure,
                "z": f"{c.z:+.2f}",
            }
            for c in checks
        ]
        emit_rows(rows, right=("z",))
        emit(judged.line())
        return 0 if judged.passed else 1
    frame = checks_frame(checks)
    frame["passed"] = [within(c, judged.bound) for c in checks]
    if args.format == "table":  # for people: chances in percent (`chance %`)
        frame = checks_in_percent(frame.drop(columns=["exact_float"]))
    context = {
        "groups": list(args.only) if args.only else list(GROUPS),
        "n": args.n,
        "seed": args.seed,
        "interval": "95% confidence interval",
        "unit": "each row's unit (a chance unless it says otherwise); z: standard errors",
        "z_bound": judged.bound,
        "family_error": FAMILY_ERROR,
        "largest_abs_z": abs(judged.largest.z),
        "passed": judged.passed,
    }
    if args.format == "markdown":  # for people: a chance row's figures in percent
        from pokerdice_stats.engines.cli import json_answer, lazy_pandas
        from pokerdice_stats.ground.formats import plain
        from pokerdice_stats.ground.json_names import answer_names

        record = answer_names(plain(json_answer(context, frame, "checks")))
        rows = checks_in_percent(lazy_pandas.DataFrame(record["checks"], dtype=object))
        emit_record({**record, "checks": rows.to_dict(orient="records")}, args.format, "checks")
    else:
        emit_frame(frame, args.format, context, "checks")
    if args.format == "table":
        emit(judged.line())
    elif args.format != "json":  # the verdict on stderr too, as the plain answer's last line
        sys.stderr.write(judged.line() + "\n")
    return 0 if judged.passed else 1
