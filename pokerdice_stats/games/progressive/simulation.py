"""Simulated progressive sessions against the computer: banks, ruin and payout per round.

The exact side is :mod:`pokerdice_stats.games.progressive.exact.payout` (the payout of a
round); the kernel is :mod:`pokerdice_stats.kernels.simulation.progressive`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.engines.blind.simple_strategies import max_category_goal
from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.policy_tables import (
    heuristic_table,
    optimal_tables,
    tables_of_policy,
)
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.engines.simulation.stats import estimates_frame
from pokerdice_stats.games.progressive.exact.bank_inputs import MAX_BANK
from pokerdice_stats.games.progressive.exact.payout import (
    COMPUTER_POLICIES,
    check_payout_rules,
    optimal_computer,
    player_response,
)
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    SEED_NAME,
    PayoutSchedule,
    integer_payout,
)
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.bounds import MAX_SESSION_ROUNDS, chunk_sessions
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.simulation.progressive import progressive_chunk
from pokerdice_stats.kernels.simulation.records import (
    ProgressiveGame,
    ProgressiveSession,
    ProgressiveTally,
)
from pokerdice_stats.turn.goals import INT64_MAX, at_least
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code

if TYPE_CHECKING:
    import pandas as pd

#: Sessions a chunk (small: a session is many rounds).
SESSION_CHUNK = 1 << 8
#: Sessions simulated when the run options do not say.
DEFAULT_SESSIONS = 10_000
#: Most rounds a simulated session plays (the bound of every game's sessions).
MAX_ROUNDS = MAX_SESSION_ROUNDS
#: Starting bank of a progressive session (004).
PROGRESSIVE_BANK = 10_000


@dataclass(frozen=True)
class ProgressiveJob:
    """Progressive sessions (the player sees the computer's hand): what a chunk needs."""

    session: ProgressiveSession
    game: ProgressiveGame
    desc: str = "sessions"
    chunk_size: int = SESSION_CHUNK

    def new_tally(self, size: int) -> ProgressiveTally:
        every = self.session.record_every
        n_path = self.session.rounds // every + 1 if every else 0
        return zeros_tally(
            ProgressiveTally,
            each_bank=size,
            each_broke_at=size,
            each_path=(size, n_path),
            pay_counts=int(self.game.pay_index.max()) + 1,
        )

    def fill(self, state: np.ndarray, size: int, tally: ProgressiveTally) -> None:
        session = self.session._replace(record_every=max(self.session.record_every, 1))
        progressive_chunk(state, size, session, self.game, tally)


def computer_table(rules: RuleSet, computer: str, response) -> np.ndarray:
    """The ``(1, T - 1, S)`` table of a progressive computer policy."""
    computer = canonical_policy(computer)
    if computer == "optimal":
        return tables_of_policy(optimal_computer(rules, response)[0])
    if computer in ("stand", "largest-set"):
        return heuristic_table(rules, computer)[None]
    if computer == "at-least-three":
        return optimal_tables(rules, [at_least(hand_table(rules), "three-of-a-kind")], exact=True)
    if computer == "max-category":
        return optimal_tables(rules, [max_category_goal(rules)], exact=True)
    raise OptionError(
        f"unknown computer policy {computer!r}; choose one of: " + ", ".join(COMPUTER_POLICIES)
    )


def progressive_job(
    rules: RuleSet,
    computer: str = "optimal",
    session: ProgressiveSession | None = None,
    schedule=None,
) -> ProgressiveJob:
    """The :class:`ProgressiveJob` of sessions against a computer policy.

    ``session`` defaults to one round from :data:`PROGRESSIVE_BANK`, no ceiling,
    no recorded path, ruin at a bank of 0 or less (``floor`` 1: see
    :func:`simulate_progressive` for the ruin of a session); ``schedule`` to the
    progressive payout schedule.  Pays and the session's banks are in whole
    units of ``1 / scale`` points, ``scale`` the common denominator of the
    schedule's pays (:func:`pay_scale`; 1 for whole-number pays).

    Raises
    ------
    OptionError
        For a bad number of rounds, starting bank or computer policy, or the
        first player's throw limit.
    """
    session = session or ProgressiveSession(1, PROGRESSIVE_BANK, 0, 0)
    schedule = schedule or PROGRESSIVE_SCHEDULE
    rounds = check_rounds(session.rounds)
    start = session.start_bank
    if not isinstance(start, int) or start < 1:
        raise OptionError(f"the starting bank must be a whole number of at least 1, got {start}")
    require_independent_turns(rules, "a progressive session")
    payout, _ = integer_payout(rules, schedule)
    if payout.dtype == object:
        raise OptionError(
            f"schedule {schedule.label}: its pays over their common denominator do not fit "
            "64-bit integers, which the simulation counts banks in"
        )
    response = player_response(rules, payout)
    _, pay_index = np.unique(np.asarray(payout), return_inverse=True)
    game = ProgressiveGame(
        computer=computer_table(rules, computer, response),
        player=tables_of_policy(response.policy),
        column=np.asarray(response.column, dtype=np.int64),
        payout=np.ascontiguousarray(payout, dtype=np.int64),
        pay_index=np.ascontiguousarray(pay_index.reshape(payout.shape), dtype=np.int64),
        throws=rules.throws,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return ProgressiveJob(session, game, chunk_size=chunk_sessions(rounds, SESSION_CHUNK))


@dataclass(frozen=True)
class SessionResult:
    """Simulated progressive sessions.

    Attributes
    ----------
    bank : Estimate
        Mean bank after the session (normal interval).
    ruin : Estimate
        Chance of ruin (Wilson): the player's bank fell below ``floor``, the
        largest loss of a round, so it could no longer cover it; the session stops.
    computer_ruin : Estimate
        Chance the computer's bank did.
    payout : Estimate
        Mean payout to the player per round played (normal interval).
    final_banks : (n,) int64, or float64
        Banks after the session in points: whole numbers (int64) when every
        pay is, else float64.
    ruined_at : (n,) int64
        Round the player was ruined, minus the round the computer was (0: neither).
    paths : (n, K) int64, or float64
        Banks every ``record_every`` rounds, points (empty unless asked for).
    """

    bank: stats.Estimate
    ruin: stats.Estimate
    computer_ruin: stats.Estimate
    payout: stats.Estimate
    final_banks: np.ndarray
    ruined_at: np.ndarray
    paths: np.ndarray
    rounds: int
    start: int
    computer: str
    n: int
    seed: int
    interrupted: bool = False
    schedule: str = SEED_NAME
    floor: int | Fraction = 1
    computer_bank: int = 0
    rules: str = ""  # the rule set's label

    @property
    def ruin_rule(self) -> str:
        """What ruin means here, in words (every output says it)."""
        computer = (
            "the computer's bank is unlimited (it always pays, as payout --rounds takes it)"
            if not self.computer_bank
            else f"the computer's bank of {self.computer_bank:,} points is ruined alike and "
            "ends the session too (payout --rounds takes it as unlimited)"
        )
        return (
            "the bank can no longer cover the largest loss of a round "
            f"({_points_text(self.floor)} points); {computer}"
        )

    def frame(self) -> pd.DataFrame:
        """The session's estimates: bank after the session, chance of ruin (each side),
        payout per round."""
        return estimates_frame(
            {
                "bank (points)": self.bank,
                "player ruined (chance)": self.ruin,
                "computer ruined (chance)": self.computer_ruin,
                "payout (points per round)": self.payout,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules or None,
            computer=self.computer,
            rounds=self.rounds,
            start=self.start,
            bank=self.bank.estimate,
            ruin=self.ruin.estimate,
            n=self.n,
            seed=self.seed,
        )


def simulate_progressive(
    rules: RuleSet,
    rounds: int = 100,
    computer: str = "optimal",
    start: int = PROGRESSIVE_BANK,
    *,
    record_every: int = 0,
    computer_bank: int | None = None,
    schedule: PayoutSchedule | None = None,
    run: RunOptions | None = None,
) -> SessionResult:
    """Simulate progressive sessions of ``rounds`` rounds from a bank of ``start``.

    The computer throws first and follows ``computer``; the player sees its
    final hand and plays the optimal answer; the loser pays by ``schedule``
    (default: 004's).  Ruin is the issue's (and the exact
    :func:`pokerdice_stats.games.progressive.exact.bank.bank_distribution`'s): a bank
    that can no longer cover the largest loss of a round (the most the
    schedule makes a loser pay) is ruined and the session stops there, for
    the player's bank and for the computer's (``computer_bank``, by default
    as large as the player's; 0 for a computer that never runs out).

    Parameters
    ----------
    rules : RuleSet
        The progressive rules (``ties=push``, ``knowledge=seen``).
    rounds : int, default 100
        Rounds a session, 1 to :data:`MAX_ROUNDS`.
    computer : str, default "optimal"
        The computer's policy, one of
        :data:`~pokerdice_stats.engines.blind.policy_names.COMPUTER_POLICIES`.
    start : int, default PROGRESSIVE_BANK
        The player's starting bank in points (:data:`PROGRESSIVE_BANK`, 10,000): a whole
        number that covers the largest loss of a round, at most :data:`MAX_BANK`.
    record_every : int, default 0
        Record the player's bank every this many rounds (0: no paths).
    computer_bank : int, optional
        The computer's starting bank in points (default: ``start``; 0: a computer that
        never runs out).
    schedule : PayoutSchedule, optional
        The payout schedule (default: :data:`PROGRESSIVE_SCHEDULE`).
    run : RunOptions, optional
        Samples (default :data:`DEFAULT_SESSIONS`, 10,000 sessions), seed, workers,
        progress bar.

    Returns
    -------
    SessionResult
        The mean bank after the session, each side's chance of ruin and the mean payout
        a round (with confidence intervals), and each session's final bank.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For bad rounds, banks or computer policy, rules the payout refuses
        (:func:`~pokerdice_stats.games.progressive.exact.payout.check_payout_rules`:
        ties other than ``push``, face values used, a key it does not read) or other than
        ``knowledge=seen``, a starting bank that cannot cover the
        largest loss, or banks and rounds whose figures do not fit 64-bit integers.
    ScheduleError
        For a schedule these rules cannot use.
    """
    run = run or RunOptions()
    check_payout_rules(check_rule_set(rules))  # as `payout` refuses them, in its words
    if rules.knowledge != "seen":
        raise OptionError(
            "progressive sessions are simulated as 004 plays them, the player seeing the "
            f"computer's final hand (knowledge seen), but these rules say knowledge="
            f"{rules.knowledge}; the blind game's bank is exact: "
            + either("`payout --knowledge blind --rounds N`", "bank_distribution")
        )
    start = checked_whole_number(start, "the starting bank")
    if start < 0:
        raise OptionError(f"the starting bank must be 0 or more points, got {start}")
    record_every = checked_whole_number(record_every, "record_every", 0, INT64_MAX)
    computer_bank = (
        start
        if computer_bank is None
        else checked_whole_number(computer_bank, "the computer's bank")
    )
    for whose, amount in (("starting", start), ("computer's", computer_bank)):
        if isinstance(amount, int) and amount > MAX_BANK:
            raise OptionError(
                f"the {whose} bank must be at most {MAX_BANK:,} points (banks are counted "
                f"exactly in 64-bit integers), got {amount:,}"
            )
    if computer_bank < 0:
        raise OptionError(f"the computer's bank must be 0 (unlimited) or more, got {computer_bank}")
    ceiling = start + computer_bank if computer_bank else 0
    schedule = schedule or PROGRESSIVE_SCHEDULE
    floor = largest_loss(rules, schedule)
    for whose, amount in (("starting", start), ("computer's", computer_bank)):
        if whose == "computer's" and not amount:  # 0: a computer that never runs out
            continue
        if isinstance(amount, int) and amount < floor:
            raise OptionError(
                f"the {whose} bank ({amount:,}) cannot cover the largest loss of a round "
                f"({_points_text(floor)} points under schedule {schedule.label}): ruined before "
                "the first round"
            )
    check_rounds(rounds)
    scale = pay_scale(rules, schedule)
    if (max(start, ceiling) + rounds * schedule.largest) * scale >= 2**62:
        raise OptionError(
            f"schedule {schedule.label}: its pays have the common denominator {scale:,}, and "
            f"banks of {rounds:,} rounds from {start:,} points in units of 1/{scale:,} point do "
            "not fit 64-bit integers: fewer rounds, a smaller bank, or whole pays"
        )
    session = ProgressiveSession(
        rounds, start * scale, ceiling * scale, record_every, math.ceil(floor * scale)
    )
    done = run_job(progressive_job(rules, computer, session, schedule), run, DEFAULT_SESSIONS)
    t = done.totals
    banks, paths = t["each_bank"], t["each_path"]
    ruined_at = t["each_broke_at"]
    seed = run.seed
    if scale == 1:
        bank = stats.mean(
            float(banks.sum()), float((banks.astype(np.float64) ** 2).sum()), done.n, seed
        )
    else:  # exact sums of the scaled banks, then points
        total = sum(int(b) for b in banks)
        squares = sum(int(b) * int(b) for b in banks)
        bank = stats.mean(
            float(Fraction(total, scale)), float(Fraction(squares, scale * scale)), done.n, seed
        )
        banks, paths = banks / scale, paths / scale
    ruin = stats.proportion(int((ruined_at > 0).sum()), done.n, seed)
    computer_ruin = stats.proportion(int((ruined_at < 0).sum()), done.n, seed)
    pays = np.unique(np.asarray(integer_payout(rules, schedule)[0]))
    counts = [int(c) for c in t["pay_counts"]]
    pay_sum = sum(
        (Fraction(int(p), scale) * c for p, c in zip(pays, counts, strict=True)), Fraction(0)
    )
    pay_squares = sum(
        (Fraction(int(p), scale) ** 2 * c for p, c in zip(pays, counts, strict=True)), Fraction(0)
    )
    payout = stats.mean(float(pay_sum), float(pay_squares), int(t["rounds_played"][0]), seed)
    return SessionResult(
        bank,
        ruin,
        computer_ruin,
        payout,
        banks,
        ruined_at,
        paths,
        rounds,
        start,
        computer,
        done.n,
        seed,
        done.interrupted,
        schedule.label,
        floor,
        computer_bank,
        rules.label(),
    )


def check_rounds(rounds: object) -> int:
    """``rounds`` when it is a whole number from 1 to :data:`MAX_ROUNDS`.

    Raises
    ------
    OptionError
        Otherwise, naming the bound.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"rounds must be a whole number from 1 to {MAX_ROUNDS:,}, got {rounds}")
    return rounds


def pay_scale(rules: RuleSet, schedule: PayoutSchedule) -> int:
    """The common denominator of the schedule's pays: a session counts in 1/scale points."""
    return integer_payout(rules, schedule)[1]


def largest_loss(rules: RuleSet, schedule: PayoutSchedule) -> int | Fraction:
    """The most a round can cost the player (points): the ruin line of a session.

    The largest amount the schedule makes a loser pay among the categories of
    ``rules``, the same number
    :func:`pokerdice_stats.games.progressive.exact.bank.distribution_of_amounts` takes as
    its default ``floor`` (the largest loss of a round); a Fraction when that
    pay is not whole.
    """
    matrix, scale = integer_payout(rules, schedule)
    loss = Fraction(max(-int(np.asarray(matrix).min()), 0), scale)
    return int(loss) if loss.denominator == 1 else loss


def _points_text(value: int | Fraction) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{float(value):,.6g}"
