"""Simulated blind banking sessions (004): banks, ruin and rounds survived, per seat.

The game (``../shared/design.md``, "004 banking is blind"): every seat starts
with the same bank (1000 points) and antes each round (10 points unless
set); nobody sees another's hand; the round's best hand takes the antes; a
seat that cannot ante is out; the session ends after R rounds or with one
seat left.

Rulings of this module:

- **Which strategy.**  ``equilibrium`` (the default): a seat at a table of
  ``m`` seats still in plays the symmetric equilibrium of the blind round of
  ``m`` seats (:func:`pokerdice_stats.games.banking.exact.field.solve_field`),
  drawing a pure strategy from its mixture afresh every round; when a seat
  is out the others play the equilibrium of the smaller table.  A named
  policy (``stand``, ``largest-set``, ...) is played whatever the table.
- **Split pots and remainders.**  The seats holding the very same best dice
  share the pot equally.  Banks are kept in sixtieths of a point
  (:data:`~pokerdice_stats.kernels.codes.SHARE_UNIT`, which 1 to 5 divide),
  so a share is always whole in that unit and no remainder ever arises: a
  pot of 30 points split three ways gives 10 points each, one of 20 points
  6 2/3 points each.  With two seats a split gives each its ante back, so
  banks stay whole points.
- **Out, ruin and rounds survived.**  After each round a seat whose bank is
  below the ante can no longer ante and is out (ruined), at the end of the
  last round too.  A seat's *rounds survived* is the round after which it
  was out, or all the rounds when it never was (even if the session ended
  early because everyone else was out).

The kernel is :mod:`pokerdice_stats.kernels.simulation.banking_sessions`; the
exact two-seat side is :mod:`pokerdice_stats.games.banking.exact.sessions`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.banking.exact.field import check_blind_rules, check_players
from pokerdice_stats.games.banking.exact.sessions import (
    BANKING_ANTE,
    BANKING_START,
    MAX_ROUNDS,
    RoundOdds,
    check_banking_session,
    round_odds,
)
from pokerdice_stats.games.banking.simulation.rounds import seat_policies
from pokerdice_stats.games.banking.simulation.seats import BlindSeats, blind_seats
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.bounds import chunk_sessions
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.codes import SHARE_UNIT, TIE_CODES
from pokerdice_stats.kernels.simulation.banking_sessions import banking_sessions_chunk
from pokerdice_stats.kernels.simulation.records import (
    BankingSession,
    BankingSessionTally,
    BlindGame,
)
from pokerdice_stats.turn.goals import INT64_MAX
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code
from pokerdice_stats.turn.unread_keys import refuse_unread

if TYPE_CHECKING:
    import pandas as pd

#: Sessions a chunk (small: a session is many rounds).
SESSION_CHUNK = 1 << 8
#: Sessions simulated when the run options do not say.
DEFAULT_SESSIONS = 10_000
#: Quantiles of the final bank every result reports.
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass(frozen=True)
class BankingSessionJob:
    """Blind banking sessions: what a chunk needs (picklable)."""

    session: BankingSession
    game: BlindGame
    desc: str = "sessions"
    chunk_size: int = SESSION_CHUNK

    def new_tally(self, size: int) -> BankingSessionTally:
        n = self.session.players
        every = self.session.record_every
        n_path = self.session.rounds // every + 1 if every else 0
        tally = zeros_tally(
            BankingSessionTally,
            each_bank=(size, n),
            each_out_at=(size, n),
            each_length=size,
            each_path=(size, n, n_path),
        )
        if n_path:
            tally.each_path[:, :, 0] = self.session.start
        return tally

    def fill(self, state: np.ndarray, size: int, tally: BankingSessionTally) -> None:
        banking_sessions_chunk(state, size, self.session, self.game, tally)


@dataclass(frozen=True, eq=False)
class SessionSeats:
    """Every seat's mixtures at every table size, in the slots the kernel reads.

    ``tables[m]`` is the :class:`BlindSeats` of a table of ``m`` seats (every
    seat's policy, the equilibrium being that of ``m`` seats); ``policies``
    the seats' policy names.
    """

    game: BlindGame
    tables: dict[int, BlindSeats]
    policies: tuple[str, ...]


def check_banking_keys(rules: RuleSet) -> None:
    """Refuse a change of the rule keys 004 banking does not read (``starter``,
    ``target``): its blind rounds are the same whichever seat starts, and its sessions
    play rounds for the ante, not a match.

    Raises
    ------
    OptionError
        Naming the key.
    """
    refuse_unread(
        rules,
        ("starter", "target"),
        "004 banking",
        "blind rounds, the same whichever seat starts, played for the ante, not a match",
    )


def session_seats(rules: RuleSet, players: int, policy=None) -> SessionSeats:
    """The kernel record of a banking session: slot ``(m - 2) * players + seat`` is seat
    ``seat``'s mixture at a table of ``m`` seats still in.

    Raises
    ------
    OptionError
        For bad players or policies, or rules the blind game does not model.
    """
    players = check_players(players)
    check_blind_rules(rules, "a banking session", players)
    check_banking_keys(rules)
    names = seat_policies(policy, players)
    tables = {m: blind_seats(rules, names, players=m) for m in range(2, players + 1)}
    best: list[np.ndarray] = []
    ptr: list[int] = [0]
    chosen: list[int] = []
    cdf: list[int] = []
    offset = 0
    for m in range(2, players + 1):
        seats = tables[m]
        best.append(seats.best)
        for seat in range(players):
            a, b = seats.seat_ptr[seat], seats.seat_ptr[seat + 1]
            chosen.extend(int(p) + offset for p in seats.seat_policy[a:b])
            cdf.extend(int(c) for c in seats.seat_cdf[a:b])
            ptr.append(len(chosen))
        offset += seats.best.shape[0]
    game = BlindGame(
        best=np.ascontiguousarray(np.concatenate(best)),
        seat_ptr=np.array(ptr, dtype=np.int64),
        seat_policy=np.array(chosen, dtype=np.int64),
        seat_cdf=np.array(cdf, dtype=np.uint64),
        strength=hand_table(rules).strength.astype(np.int64),
        tie_rule=TIE_CODES[rules.ties],
        throws=rules.throws,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return SessionSeats(game, tables, tables[players].policies)


def banking_session_job(
    rules: RuleSet,
    players: int = 2,
    rounds: int = 100,
    start: int = BANKING_START,
    ante: int = BANKING_ANTE,
    policy=None,
    record_every: int = 0,
) -> tuple[BankingSessionJob, SessionSeats]:
    """The job of banking sessions and the seats it was built from.

    Raises
    ------
    OptionError
        For bad rounds, banks, ante, players, policies or rules.
    """
    rounds, start, ante = check_banking_session(rounds, start, ante)
    if rounds < 1:
        raise OptionError(f"rounds must be 1 to {MAX_ROUNDS:,} in a simulated session, got 0")
    record_every = checked_whole_number(record_every, "record_every", 0, INT64_MAX)
    seats = session_seats(rules, players, policy)
    session = BankingSession(
        check_players(players),
        rounds,
        start * SHARE_UNIT,
        ante * SHARE_UNIT,
        record_every,
    )
    chunk = chunk_sessions(rounds, SESSION_CHUNK)  # Ctrl-C is polled between chunks
    return BankingSessionJob(session, seats.game, chunk_size=chunk), seats


@dataclass(frozen=True)
class SeatSession:
    """One seat's figures over the simulated sessions (banks in points).

    Attributes
    ----------
    bank : Estimate
        Mean bank after the session (normal interval).
    quantiles : dict of float to Estimate
        Quantiles of the final bank, each with a distribution-free interval
        (order statistics at ``n q -+ 1.96 sqrt(n q (1 - q))``).
    ahead : Estimate
        Chance of ending above the starting bank (Wilson).
    ruin : Estimate
        Chance of being out (bank below the ante) by the end (Wilson).
    survived : Estimate
        Mean rounds survived (normal interval).
    """

    bank: stats.Estimate
    quantiles: dict
    ahead: stats.Estimate
    ruin: stats.Estimate
    survived: stats.Estimate


@dataclass(frozen=True)
class BankingSessionResult:
    """Simulated blind banking sessions.

    Attributes
    ----------
    seats : list of SeatSession
    length : Estimate
        Mean rounds a session lasted (normal interval).
    final_banks : (n, N) float64
        Every seat's bank after each session (points).
    out_at : (n, N) int64
        The round after which each seat was out, 0 if never.
    paths : (n, N, K) float64
        Banks every ``record_every`` rounds (points; empty unless asked for).
    exact_odds : RoundOdds or None
        Two seats: the exact chances of one round (seat 1 wins, split, loses).
    """

    seats: list
    length: stats.Estimate
    final_banks: np.ndarray
    out_at: np.ndarray
    paths: np.ndarray
    players: int
    rounds: int
    start: int
    ante: int
    policies: tuple[str, ...]
    record_every: int
    rounds_played: int
    n: int
    seed: int
    exact_odds: RoundOdds | None = None
    interrupted: bool = False
    rules: str = ""  # the rule set's label

    @property
    def ruin_rule(self) -> str:
        """What ruin means here, in words."""
        return f"the bank is below the ante ({self.ante:,} points): the seat cannot ante and is out"

    def ruin_by_round(self, seat: int) -> np.ndarray:
        """The fraction of sessions in which seat ``seat`` was out by the end of round r,
        r = 0..rounds."""
        out = self.out_at[:, seat]
        counts = np.bincount(out[out > 0], minlength=self.rounds + 1)
        return np.cumsum(counts) / max(self.n, 1)

    def frame(self) -> pd.DataFrame:
        """One row a seat: ``seat``, then each estimate (``bank``, ``ahead``, ``ruin``,
        ``survived``, the bank's quantiles ``bank_q05`` ...) with its ``_ci_low`` and
        ``_ci_high``, as betting's session frame has them; ``length``, ``n``, ``seed``."""
        import pandas as pd

        rows = []
        for k, seat in enumerate(self.seats, start=1):
            estimates = {name: getattr(seat, name) for name in ("bank", "ahead", "ruin")}
            estimates["survived"] = seat.survived
            estimates.update({f"bank_q{round(q * 100):02d}": e for q, e in seat.quantiles.items()})
            row: dict[str, object] = {"seat": k}
            for name, e in estimates.items():
                row.update(
                    {name: e.estimate, f"{name}_ci_low": e.ci_low, f"{name}_ci_high": e.ci_high}
                )
            row.update(length=self.length.estimate, n=self.n, seed=self.seed)
            rows.append(row)
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules or None,
            players=self.players,
            rounds=self.rounds,
            start=self.start,
            ante=self.ante,
            bank=[s.bank.estimate for s in self.seats],
            ruin=[s.ruin.estimate for s in self.seats],
            n=self.n,
            seed=self.seed,
        )


def quantile_estimate(values: np.ndarray, q: float, seed: int) -> stats.Estimate:
    """The ``q`` quantile of ``values`` (the smallest ``v`` with ``P(X <= v) >= q``), with a
    distribution-free 95% interval from the order statistics."""
    ordered = np.sort(values)
    n = ordered.size
    at = min(max(math.ceil(n * q) - 1, 0), n - 1)
    half = stats.Z95 * math.sqrt(n * q * (1 - q))
    low = min(max(math.floor(n * q - half) - 1, 0), n - 1)
    high = min(max(math.ceil(n * q + half) - 1, 0), n - 1)
    return stats.Estimate(
        float(ordered[at]),
        float(ordered[low]),
        float(ordered[high]),
        int(n),
        int(seed),
        math.nan,
        "order statistics",
    )


def simulate_banking_sessions(
    rules: RuleSet,
    players: int = 2,
    rounds: int = 100,
    start: int = BANKING_START,
    ante: int = BANKING_ANTE,
    policy: str | Sequence | None = None,
    *,
    record_every: int = 0,
    run: RunOptions | None = None,
) -> BankingSessionResult:
    """Simulate blind banking sessions of at most ``rounds`` rounds (see the module rulings).

    Parameters
    ----------
    rules : RuleSet
        Blind rules whose tied seats share the pot (the ``banking`` preset).
    players : int
        Seats, 2 to 5.
    rounds : int
        Rounds at most (the session ends earlier with one seat left).
    start, ante : int
        Every seat's starting bank and the ante (points; 004: 1000 and 10).
    policy : str or sequence, optional
        ``equilibrium`` (default) or a named policy, one for every seat or
        one per seat (as
        :func:`~pokerdice_stats.games.banking.simulation.rounds.simulate_blind_rounds`).
    record_every : int
        Record every bank every this many rounds (0: no paths).
    run : RunOptions, optional
        Samples (default 10,000 sessions), seed, workers, progress bar.

    Returns
    -------
    BankingSessionResult
        Two seats: with the exact odds of a round (for the exact session of
        :func:`pokerdice_stats.games.banking.exact.sessions.banking_session`).

    Raises
    ------
    OptionError
        For bad rounds, banks, ante, players, policies, or rules the blind
        game does not model (``knowledge=seen``, ties other than split/push,
        the first player's throw limit).
    """
    rules = check_rule_set(rules)
    run = run or RunOptions()
    job, seats = banking_session_job(rules, players, rounds, start, ante, policy, record_every)
    done = run_job(job, run, DEFAULT_SESSIONS)
    t = done.totals
    seed = run.seed
    n = job.session.players
    banks = t["each_bank"].reshape(-1, n) / SHARE_UNIT
    out_at = t["each_out_at"].reshape(-1, n)
    per_seat = []
    for s in range(n):
        final = banks[:, s]
        per_seat.append(
            SeatSession(
                bank=stats.sample_mean(final, seed),
                quantiles={q: quantile_estimate(final, q, seed) for q in QUANTILES},
                ahead=stats.proportion(int((final > start).sum()), done.n, seed),
                ruin=stats.proportion(int((out_at[:, s] > 0).sum()), done.n, seed),
                survived=stats.sample_mean(np.where(out_at[:, s] > 0, out_at[:, s], rounds), seed),
            )
        )
    odds = round_odds(rules, seats.tables[2].distributions) if n == 2 else None
    return BankingSessionResult(
        seats=per_seat,
        length=stats.sample_mean(t["each_length"], seed),
        final_banks=banks,
        out_at=out_at,
        paths=t["each_path"] / SHARE_UNIT,
        players=n,
        rounds=rounds,
        start=start,
        ante=ante,
        policies=seats.policies,
        record_every=record_every,
        rounds_played=int(t["rounds_played"][0]),
        n=done.n,
        seed=seed,
        exact_odds=odds,
        interrupted=done.interrupted,
        rules=rules.label(),
    )
