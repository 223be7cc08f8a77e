"""Simulated betting sessions (001, Triple Snakes): chips per seat, ruin, seat order.

Each round is the solved betting round (:mod:`pokerdice_stats.games.betting.exact.solve`)
of the seats still in; the seat that took the pot starts the next round (001: "Whoever
wins the pot begins the next round"; rules with another ``starter`` are refused).

Rulings of this module (``design.md``, "001 betting", is silent on them):

- **Chips carried.** Every seat starts with ``start`` chips; antes, raises
  and meets come out of them and the pot goes to its taker.
- **Out.** After a round a seat with fewer chips than the ante cannot ante
  and is out (ruined); the session ends after ``rounds`` rounds or with one
  seat left.  The seats still in play the solved round of their number, in
  seat order from the pot's last taker.
- **Short of a raise.** The solved play assumes every seat can pay.  A
  leader that cannot pay its raises makes the most it can pay for (none: it
  checks); a seat that cannot pay to meet folds.  Such changes are counted
  (``short``); with ``start`` at least ``ante + raises * raise`` the first
  round is never short, which the cross-check relies on.
- **Option** ``short="out"`` (a table that lets only a seat able to pay its
  own turn's raises sit in): after a round a seat with fewer than
  ``ante + raises * raise`` chips is out; a seat asked to meet several
  raises in one round may still fall short, and then folds as above.
  ``short="cut"`` (the default) is the ruling above, out below the ante.
- **Figures per seat.** Mean net chips per round (each session's net over
  the rounds it lasted, averaged over sessions), the chance of taking the
  pot, of raising and of folding per round sat in, the chance of ruin.
- **001 as written** (``ante_max``, ``raise_max`` or ``sit_out`` given: the
  round of :mod:`pokerdice_stats.games.betting.exact.table`).  With ``m`` seats
  at the table the round's first seat (the pot's last taker) names the ante
  the solved round of ``m`` seats names, and the others meet it or sit out as
  it solves (a seat's chips do not enter these decisions); the seats in play
  the solved round of their number.  A seat with fewer chips than the
  *largest* ante (and a turn's largest raise under ``short="out"``) is out.
  A round nobody meets is void: nothing changes, so every later round of the
  session is void too.  Per seat also the chance of sitting a round out (per
  round at the table); per session the void rounds (counted as rounds sat
  in by the seat that named the ante).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.betting.exact.solve import parse_chips
from pokerdice_stats.games.betting.simulation.kernel_tables import BettingTables, betting_game
from pokerdice_stats.ground.bounds import chunk_sessions
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.simulation.betting_sessions import betting_sessions_chunk
from pokerdice_stats.kernels.simulation.records import (
    BettingGame,
    BettingSession,
    BettingSessionTally,
)
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.unread_keys import refuse_unread

if TYPE_CHECKING:
    import pandas as pd

#: Sessions a chunk.
SESSION_CHUNK = 1 << 8
#: Sessions simulated when the run options do not say.
DEFAULT_SESSIONS = 10_000
#: Most rounds a session.
MAX_ROUNDS = 100_000
#: What happens to a seat short of chips (see the module rulings).
SHORT_RULES = ("cut", "out")


@dataclass(frozen=True)
class BettingSessionJob:
    """Betting sessions: what a chunk needs (picklable)."""

    session: BettingSession
    game: BettingGame
    desc: str = "sessions"
    chunk_size: int = SESSION_CHUNK

    def new_tally(self, size: int) -> BettingSessionTally:
        n = self.session.players
        return zeros_tally(
            BettingSessionTally,
            each_chips=(size, n),
            each_first=(size, n),
            each_out_at=(size, n),
            each_length=size,
            seat_rounds=n,
            pots=n,
            raised=n,
            folded=n,
            sat_out=n,
        )

    def fill(self, state: np.ndarray, size: int, tally: BettingSessionTally) -> None:
        betting_sessions_chunk(state, size, self.session, self.game, tally)


#: 001's words on who begins the next round, said with a refusal of another starter.
STARTER_WORDS = '001: "Whoever wins the pot begins the next round"'


def check_session_rules(rules: RuleSet) -> None:
    """Refuse a session whose rules start the next round otherwise than 001 does, or
    change the match target it does not read (the round's own refusals follow).

    Raises
    ------
    OptionError
        Unless ``rules.starter`` is ``winner``; for a changed ``target``.
    """
    if rules.starter != "winner":
        raise OptionError(
            "a betting session (001) starts each round with the pot's last taker "
            f"({STARTER_WORDS}; starter=winner) and plays no other starter: "
            f"starter={rules.starter} is not built"
        )
    refuse_unread(
        rules, ("target",), "a betting session (001)", "rounds for chips, not a match to a target"
    )


def betting_session_job(
    rules: RuleSet,
    players: int = 2,
    rounds: int = 100,
    start=20,
    ante=1,
    raise_size=None,
    raises: int = 1,
    short: str = "cut",
    table: dict | None = None,
) -> tuple[BettingSessionJob, BettingTables]:
    """The job of betting sessions and the tables it plays.

    ``table``: None, or the keywords of
    :func:`~pokerdice_stats.games.betting.exact.table.solve_table` for 001's round as
    written (then ``ante``, ``raise_size`` and ``raises`` are not used).

    Raises
    ------
    OptionError
        For bad rules, players, stakes, start or rounds.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"rounds must be a whole number 1 to {MAX_ROUNDS}, got {rounds!r}")
    check_session_rules(check_rule_set(rules))
    tables = betting_game(rules, players, ante, raise_size, raises, table)
    stakes = tables.solvers[max(tables.solvers)].stakes
    top = stakes.ante
    if tables.tables:
        top = max(tables.tables[max(tables.tables)].antes)
    begin = parse_chips(start, "start")
    unit = tables.unit
    if (begin * unit).denominator != 1:
        raise OptionError(f"start must be whole in units of 1/{unit} chip, got {start}")
    if short not in SHORT_RULES:
        raise OptionError(f"short must be one of {', '.join(SHORT_RULES)}, got {short!r}")
    floor = top + (stakes.raises * stakes.raise_size if short == "out" else 0)
    if begin < floor:
        what = "the ante" if short == "cut" else "the ante and a turn's raises"
        raise OptionError(f"start ({begin} chips) must cover {what} ({floor})")
    session = BettingSession(
        players=int(players),
        rounds=rounds,
        start=int(begin * unit),
        ante=int(top * unit),
        raise_size=int(stakes.raise_size * unit),
        floor=int(floor * unit),
    )
    chunk = chunk_sessions(rounds, SESSION_CHUNK)  # Ctrl-C is polled between chunks
    return BettingSessionJob(session, tables.game, chunk_size=chunk), tables


@dataclass(frozen=True)
class BettingSeat:
    """One seat's simulated figures (chips; rates per round sat in)."""

    net_per_round: stats.Estimate
    first_round: stats.Estimate
    p_pot: stats.Estimate
    raise_rate: stats.Estimate
    fold_rate: stats.Estimate
    ruin: stats.Estimate
    final_chips: stats.Estimate
    game_win: stats.Estimate
    sit_out_rate: stats.Estimate | None = None


@dataclass(frozen=True)
class BettingSessionResult:
    """Simulated betting sessions (see the module rulings)."""

    seats: list
    length: stats.Estimate
    players: int
    rounds: int
    start: Fraction
    ante: Fraction
    raise_size: Fraction
    raises: int
    short_rule: str
    short: int
    unbalanced: int
    rounds_played: int
    n: int
    seed: int
    exact_ev: tuple
    rules: str
    interrupted: bool = False
    table: dict | None = None
    void_rounds: int = 0

    def context(self) -> dict:
        """The game a figure belongs to (for JSON objects)."""
        if self.table is None:
            return self._context()
        ruin = (
            "fewer chips than the largest ante after a round: the seat is out"
            if self.short_rule == "cut"
            else "fewer chips than the largest ante and a turn's raises after a round: out"
        )
        return {**self._context(), **self.table, "void_rounds": self.void_rounds, "ruin": ruin}

    def _context(self) -> dict:
        return {
            "rules": self.rules,
            "what": "session",
            "players": self.players,
            "rounds": self.rounds,
            "start": str(self.start),
            "ante": str(self.ante),
            "raise": str(self.raise_size),
            "raises": self.raises,
            "short": self.short_rule,
            "n": self.n,
            "seed": self.seed,
            "unit": "chips",
            "rounds_played": self.rounds_played,
            "short_decisions": self.short,
            "ruin": (
                "fewer chips than the ante after a round: the seat is out"
                if self.short_rule == "cut"
                else "fewer chips than the ante and a turn's raises after a round: out"
            ),
        }

    def frame_rows(self) -> list[dict]:
        """One row per seat: estimates with their 95% intervals."""
        rows = []
        for k, seat in enumerate(self.seats, start=1):
            row: dict = {"seat": k}
            for name in (
                "net_per_round",
                "first_round",
                "p_pot",
                "raise_rate",
                "fold_rate",
                "ruin",
                "final_chips",
                "game_win",
                "sit_out_rate",
            ):
                est = getattr(seat, name)
                if est is None:
                    continue
                row[name] = est.estimate
                row[f"{name}_ci_low"] = est.ci_low
                row[f"{name}_ci_high"] = est.ci_high
            row["first_round_exact"] = float(self.exact_ev[k - 1])
            row["first_round_z"] = seat.first_round.z_score(self.exact_ev[k - 1])
            rows.append(row)
        return rows

    def record(self) -> dict:
        """The JSON object: the context and one row per seat under ``seats``."""
        return {**self.context(), "seats": self.frame_rows()}

    def frame(self) -> pd.DataFrame:
        """One row a seat (:meth:`frame_rows`): estimates with their 95% intervals, and the
        exact first round (``first_round_exact``) with the estimate's ``first_round_z``."""
        import pandas as pd

        return pd.DataFrame(self.frame_rows())

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            players=self.players,
            rounds=self.rounds,
            start=self.start,
            ante=self.ante,
            net_per_round=[s.net_per_round.estimate for s in self.seats],
            n=self.n,
            seed=self.seed,
        )


def simulate_betting_sessions(
    rules: RuleSet,
    players: int = 2,
    rounds: int = 100,
    start: Fraction | int | float | str = 20,
    ante: Fraction | int | float | str = 1,
    raise_size: Fraction | int | float | str | None = None,
    raises: int = 1,
    *,
    short: str = "cut",
    run: RunOptions | None = None,
    ante_max: int | None = None,
    raise_max: int | None = None,
    sit_out: bool | None = None,
) -> BettingSessionResult:
    """Simulate betting sessions of 001 under the solved play.

    Parameters
    ----------
    rules : RuleSet
        ``ties=must-beat``, ``knowledge=seen``, no throw limit (triple-snakes).
    players : int, default 2
        Seats, 2 to 5.
    rounds : int, default 100
        Rounds at most, 1 to :data:`MAX_ROUNDS` (fewer when one seat is left).
    start : Fraction, int, float or str, default 20
        Every seat's starting chips: at least the ante (under ``short="out"`` the ante
        and a turn's raises), and whole in the chip unit of the stakes.
    ante : Fraction, int, float or str, default 1
        The ante in chips, above 0 (text such as ``"1/2"`` is read exactly).
    raise_size : Fraction, int, float or str, optional
        The chips of one raise (default: one ante).
    raises : int, default 1
        Most raises a turn (0 to 4).
    short : {"cut", "out"}, default "cut"
        ``cut`` (out below the ante; a short seat raises less or folds)
        or ``out`` (out below the ante and a turn's raises); see the module rulings.
    run : RunOptions, optional
        Samples (default 10,000 sessions), seed, workers.
    ante_max, raise_max, sit_out : optional
        Any of them given: 001's round as written (see the module rulings), seat 1 of
        each round naming 1 to ``ante_max`` chips (or the fixed ``ante``), raises of 1
        to ``raise_max`` chips (or of ``raise_size``), seats meeting the ante or
        sitting out (unless ``sit_out`` is False).

    Returns
    -------
    BettingSessionResult
        Each seat's simulated figures (net chips per round, chance of the pot, raise,
        fold and ruin rates, ...) with confidence intervals, and the session length.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For anything outside the game (rules, players, stakes, ``start``, ``rounds`` or
        ``short``).
    """
    run = run or RunOptions()
    table = None
    if ante_max is not None or raise_max is not None or sit_out is not None:
        table = {
            "ante_max": ante_max,
            "ante": None if ante_max is not None else ante,
            "raise_max": raise_max,
            "raise_size": raise_size,
            "raises": None if raise_max is not None else raises,
            "sit_out": True if sit_out is None else sit_out,
        }
    job, tables = betting_session_job(
        rules, players, rounds, start, ante, raise_size, raises, short, table
    )
    done = run_job(job, run, DEFAULT_SESSIONS)
    t = done.totals
    seed = run.seed
    n = job.session.players
    unit = tables.unit
    chips = t["each_chips"].reshape(-1, n) / unit
    first = t["each_first"].reshape(-1, n) / unit
    out_at = t["each_out_at"].reshape(-1, n)
    length = t["each_length"].astype(np.float64)
    begin = Fraction(job.session.start, unit)
    # 001's winner: the most chips at the end of the session; seats tied for the most share it
    top = chips == chips.max(axis=1, keepdims=True)
    shares = top / top.sum(axis=1, keepdims=True)
    seats = []
    for s in range(n):
        sat = int(t["seat_rounds"][s])
        seats.append(
            BettingSeat(
                net_per_round=stats.sample_mean((chips[:, s] - float(begin)) / length, seed),
                first_round=stats.sample_mean(first[:, s], seed),
                p_pot=stats.proportion(int(t["pots"][s]), sat, seed),
                raise_rate=stats.proportion(int(t["raised"][s]), sat, seed),
                fold_rate=stats.proportion(int(t["folded"][s]), sat, seed),
                ruin=stats.proportion(int((out_at[:, s] > 0).sum()), done.n, seed),
                final_chips=stats.sample_mean(chips[:, s], seed),
                game_win=stats.sample_mean(shares[:, s], seed),
                sit_out_rate=(
                    None
                    if table is None
                    else stats.proportion(int(t["sat_out"][s]), sat + int(t["sat_out"][s]), seed)
                ),
            )
        )
    full = tables.solvers[n]
    exact_ev = full.ev
    context = None
    if table is not None:
        solved = tables.tables[n]
        exact_ev = solved.ev
        context = {
            "ante_max": str(solved.antes[-1]),
            "raise_max": str(solved.raise_max),
            "sit_out": solved.sit_out,
            "first_ante": str(solved.ante),
        }
    return BettingSessionResult(
        seats=seats,
        length=stats.sample_mean(length, seed),
        players=n,
        rounds=job.session.rounds,
        start=begin,
        ante=full.stakes.ante,
        raise_size=full.stakes.raise_size,
        raises=full.stakes.raises,
        short_rule=short,
        short=int(t["short"][0]),
        unbalanced=int(t["unbalanced"][0]),
        rounds_played=int(length.sum()),
        n=done.n,
        seed=seed,
        exact_ev=exact_ev,
        rules=rules.label(),
        interrupted=done.interrupted,
        table=context,
        void_rounds=int(t["void"][0]),
    )
