"""Monte Carlo over policies and games: turns, rounds, matches and sessions.

Every figure is an :class:`~pokerdice_stats.simulation.stats.Estimate` with its
confidence interval (Wilson for proportions, normal for means), the number of
samples and the seed.  Work is cut into fixed-size chunks, each seeded from
numpy's ``SeedSequence`` (see :mod:`pokerdice_stats.simulation.chunks`), so
the same seed gives the same figures on any number of threads or Dask workers.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> result = simulate_turns(get_rules("gameweave"), "at-least:full-house", n=100_000, seed=1,
...                         progress=False)
>>> result.estimate.covers(0.51912)  # the exact chance (holds.solve) is 0.519123...
True
>>> round(result.estimate.estimate, 5), result.estimate.n, result.estimate.seed
(0.52039, 100000, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from pokerdice_stats import indexing as ix
from pokerdice_stats.errors import OptionError
from pokerdice_stats.games import require_independent_turns
from pokerdice_stats.goals import Goal, parse_goal
from pokerdice_stats.hands import hand_table
from pokerdice_stats.kernels import simulate as kernels
from pokerdice_stats.rules import RuleSet
from pokerdice_stats.simulation import stats
from pokerdice_stats.simulation.chunks import run_chunks
from pokerdice_stats.simulation.players import POLICIES, heuristic_table, optimal_tables
from pokerdice_stats.simulation.tables import dice_tables

#: Turns a chunk (about 10 ms of work).
TURN_CHUNK = 1 << 18


@dataclass(frozen=True)
class TurnJob:
    """A picklable description of a batch of turns (what a chunk needs)."""

    best: np.ndarray  # (1, T - 1, S) int16
    throws_left: int
    sticky: bool


def turn_chunk(job: TurnJob, state: np.ndarray, size: int) -> dict:
    """Chunk function: final-hand counts (252) and throws-taken counts."""
    hist = np.zeros(ix.N_HANDS, dtype=np.int64)
    used = np.zeros(job.throws_left + 2, dtype=np.int64)
    kernels.turns_chunk(
        state, size, job.best, 0, job.throws_left, job.sticky, dice_tables(), hist, used
    )
    return {"hist": hist, "used": used}


def policy_table(rules: RuleSet, policy: str = "optimal", goal: Goal | None = None) -> np.ndarray:
    """The ``(1, T - 1, S)`` best-keep table of a named policy (``optimal`` needs the goal).

    Raises
    ------
    OptionError
        For an unknown policy name.
    """
    if policy == "optimal":
        goal = goal if goal is not None else parse_goal(None, hand_table(rules))
        return optimal_tables(rules, [goal], exact=True)
    if policy not in POLICIES:
        raise OptionError(f"unknown policy {policy!r}; choose one of: " + ", ".join(POLICIES))
    return heuristic_table(rules, policy)[None]


@dataclass(frozen=True)
class TurnResult:
    """Simulated turns under one policy.

    Attributes
    ----------
    estimate : Estimate
        The goal's value (a proportion for a probability goal, else a mean).
    hist : (252,) int64
        Final hands.
    throws_used : (T + 1,) int64
        Turns that took each number of throws (index 1..T).
    goal : Goal
    policy : str
    seed : int
    interrupted : bool
        True when Ctrl-C stopped the run (the figures are then partial).
    by_category : dict of str to Estimate
        Chance of finishing in each category (Wilson), best first.
    """

    estimate: stats.Estimate
    hist: np.ndarray
    throws_used: np.ndarray
    goal: Goal
    policy: str
    seed: int
    interrupted: bool = False
    by_category: dict = field(default_factory=dict)


def simulate_turns(
    rules: RuleSet,
    goal: Goal | str | None = None,
    policy: str = "optimal",
    *,
    n: int = 1_000_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> TurnResult:
    """Simulate ``n`` turns under a policy and estimate a goal's value.

    Parameters
    ----------
    rules : RuleSet
    goal : Goal or str, optional
        What is estimated (and, for ``policy="optimal"``, what the player
        plays for); default ``at-least:`` the best category.
    policy : str
        ``optimal`` or a named heuristic (see :mod:`pokerdice_stats.simulation.players`).
    n, seed, workers, scheduler, progress
        See :func:`pokerdice_stats.simulation.chunks.run_chunks`.

    Returns
    -------
    TurnResult
    """
    table = hand_table(rules)
    if not isinstance(goal, Goal):
        goal = parse_goal(goal, table)
    best = policy_table(rules, policy, goal)
    job = TurnJob(best, rules.throws - 1, rules.sticky_holds)
    run = run_chunks(
        turn_chunk,
        job,
        n,
        TURN_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="turns",
    )
    hist = run.totals["hist"]
    estimate = goal_estimate(goal, hist, seed)
    by_category = {
        cat.slug: stats.proportion(int(hist[table.category == c].sum()), run.n, seed)
        for c, cat in enumerate(rules.categories)
    }
    return TurnResult(
        estimate, hist, run.totals["used"], goal, policy, seed, run.interrupted, by_category
    )


def goal_estimate(goal: Goal, hist: np.ndarray, seed: int) -> stats.Estimate:
    """Estimate of a goal's value from a histogram of final hands."""
    n = int(hist.sum())
    values = np.array([float(goal.value(h)) for h in range(ix.N_HANDS)])
    if goal.is_probability and set(np.unique(values)) <= {0.0, 1.0}:
        return stats.proportion(int(hist[values == 1.0].sum()), n, seed)
    total = float(np.dot(hist, values))
    total_sq = float(np.dot(hist, values * values))
    return stats.mean(total, total_sq, n, seed)


# ----------------------------------------------------------------------------
# Rounds and matches.

#: Rounds a chunk.
ROUND_CHUNK = 1 << 15
#: Matches a chunk.
MATCH_CHUNK = 1 << 12
STARTER_CODES = {"last-thrower": 0, "rotate": 1, "winner": 2}


@dataclass(frozen=True)
class RoundJob:
    """A picklable description of a batch of rounds or matches."""

    players: int
    best: np.ndarray
    lookup: np.ndarray
    strength: np.ndarray
    tie_rule: int
    throw_limit: bool
    throws: int
    sticky: bool
    target: int = 0
    starter: int = 0

    def kernel_game(self) -> tuple:
        """The game tables a round kernel takes as one argument: ``(best, lookup,
        strength, tie_rule, throw_limit, throws, sticky, dice tables)`` (see
        :func:`pokerdice_stats.kernels.simulate.play_round_from`)."""
        return (
            self.best,
            self.lookup,
            self.strength,
            self.tie_rule,
            self.throw_limit,
            self.throws,
            self.sticky,
            dice_tables(),
        )


def round_chunk(job: RoundJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of rounds (see :func:`pokerdice_stats.kernels.simulate.rounds_chunk`)."""
    n = job.players
    share = np.zeros(n, dtype=np.int64)
    share_sq = np.zeros(n, dtype=np.int64)
    outright = np.zeros(n, dtype=np.int64)
    last = np.zeros((n, n), dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    kernels.rounds_chunk(
        state, size, n, job.kernel_game(), share, share_sq, outright, last, counters
    )
    return {
        "share": share,
        "share_sq": share_sq,
        "outright": outright,
        "last": last,
        "counters": counters,
    }


def match_chunk(job: RoundJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of matches (see :func:`pokerdice_stats.kernels.simulate.matches_chunk`)."""
    wins = np.zeros(job.players, dtype=np.int64)
    rounds = np.zeros(2, dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    kernels.matches_chunk(
        state, size, job.players, job.target, job.starter, job.kernel_game(), wins, rounds, counters
    )
    return {"wins": wins, "rounds": rounds, "counters": counters}


def round_job(rules: RuleSet, players: int, target: int = 0, starter: str = "last-thrower"):
    """The :class:`RoundJob` of rounds (or matches) of ``players`` seats under optimal play."""
    from pokerdice_stats.games.rounds import check_players
    from pokerdice_stats.simulation.seats import TIE_CODES, seat_tables

    players = check_players(players)
    seats = seat_tables(rules, players)
    job = RoundJob(
        players,
        seats.best,
        seats.lookup,
        seats.strength,
        TIE_CODES[rules.ties],
        rules.throw_limit == "first-player" and rules.throws > 1,
        rules.throws,
        rules.sticky_holds,
        target,
        STARTER_CODES[starter],
    )
    return job, seats


@dataclass(frozen=True)
class RoundResult:
    """Simulated rounds: each seat's chance (share) of winning.

    Attributes
    ----------
    seats : list of Estimate
        Seat 1 first: a proportion (Wilson) when every round has one winner,
        else the mean share of the pot (normal interval).
    played : float
        Mean rounds played per round, roll-offs included.
    exact : tuple
        The exact chances (floats): of :func:`pokerdice_stats.games.rounds.solve_round`
        when later seats see earlier hands, of :func:`pokerdice_stats.games.blind_rounds.chances`
        in a blind round.
    last_thrower : (N, N) int64
        Rounds won by seat ``w`` (row) whose last thrower was seat ``l`` (column)
        (all zero in a blind round, where every seat throws whatever happened).
    n, seed : int
    interrupted : bool
        True when Ctrl-C stopped the run (the figures are then partial).
    knowledge : str
        ``seen`` (later seats see the earlier final hands) or ``blind``.
    policies : tuple of str
        Each seat's policy in a blind round (``equilibrium`` or a named policy).
    hist : (N, 252) int64 or None
        Each seat's final hands (of the first round, roll-offs aside) in a
        blind round.
    """

    seats: list
    played: float
    exact: tuple
    last_thrower: np.ndarray
    n: int
    seed: int
    interrupted: bool = False
    knowledge: str = "seen"
    policies: tuple = ()
    hist: np.ndarray | None = None


def _check_bad(counters: np.ndarray) -> None:
    if int(counters[1]):
        raise RuntimeError(f"{int(counters[1])} rounds met a situation without a policy")


#: Who knows what in a round: later seats see the earlier final hands, or nobody sees anyone.
KNOWLEDGE = ("seen", "blind")


def default_knowledge(rules: RuleSet) -> str:
    """``blind`` under the banking preset (seed 004: the hands are developed without
    knowledge of each other), else ``seen``."""
    return rules.knowledge


def _round_estimates(rules: RuleSet, totals: dict, players: int, n: int, seed: int) -> list:
    if rules.ties in ("roll-off", "must-beat"):
        return [stats.proportion(int(totals["outright"][s]), n, seed) for s in range(players)]
    return [
        stats.mean(totals["share"][s] / 60, totals["share_sq"][s] / 3600, n, seed)
        for s in range(players)
    ]


def simulate_rounds(
    rules: RuleSet,
    players: int = 2,
    *,
    knowledge: str | None = None,
    policy: str | Sequence[str] | None = None,
    n: int = 1_000_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> RoundResult:
    """Simulate ``n`` rounds of ``players`` seats (roll-offs included).

    Parameters
    ----------
    rules : RuleSet
    players : int
        Seats (2 to 5).
    knowledge : str, optional
        ``seen``: later seats see every earlier final hand and play the
        optimal answer (:func:`pokerdice_stats.games.rounds.solve_round`).
        ``blind``: no seat sees another's hand; each seat plays ``policy``
        (see :func:`simulate_blind_rounds`).  Default: ``blind`` under the
        banking preset (as its rules say), ``seen`` otherwise.
    policy : str or sequence of str, optional
        Blind rounds only: the seats' policies (see :func:`simulate_blind_rounds`).
    n, seed, workers, scheduler, progress
        See :func:`pokerdice_stats.simulation.chunks.run_chunks`.

    Returns
    -------
    RoundResult

    Raises
    ------
    OptionError
        For an unknown knowledge, or a named policy in a round whose seats see each other.
    """
    knowledge = default_knowledge(rules) if knowledge is None else str(knowledge).lower()
    if knowledge not in KNOWLEDGE:
        raise OptionError(
            f"unknown knowledge {knowledge!r}; choose one of: " + ", ".join(KNOWLEDGE)
        )
    run_options = {
        "n": n,
        "seed": seed,
        "workers": workers,
        "scheduler": scheduler,
        "progress": progress,
    }
    if knowledge == "blind":
        return simulate_blind_rounds(rules, players, policy, **run_options)
    if policy not in (None, "optimal") and not (
        not isinstance(policy, str) and all(p == "optimal" for p in policy)
    ):
        raise OptionError(
            "named policies apply to blind rounds (knowledge=blind); when later seats "
            "see the earlier hands every seat plays optimally"
        )
    job, seats = round_job(rules, players)
    run = run_chunks(
        round_chunk,
        job,
        n,
        ROUND_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="rounds",
    )
    totals = run.totals
    _check_bad(totals["counters"])
    estimates = _round_estimates(rules, totals, job.players, run.n, seed)
    played = float(totals["counters"][0]) / run.n
    exact = tuple(float(w) for w in seats.rounds[job.players].win)
    return RoundResult(estimates, played, exact, totals["last"], run.n, seed, run.interrupted)


@dataclass(frozen=True)
class BlindRoundJob:
    """A picklable description of a batch of blind rounds."""

    players: int
    best: np.ndarray
    seat_ptr: np.ndarray
    seat_policy: np.ndarray
    seat_cdf: np.ndarray
    strength: np.ndarray
    tie_rule: int
    throws: int
    sticky: bool

    def kernel_game(self) -> tuple:
        """The game tables of a blind round as one kernel argument: ``(best, seat_ptr,
        seat_policy, seat_cdf, strength, tie_rule, throws, sticky, dice tables)`` (see
        :func:`pokerdice_stats.kernels.simulate.blind_pass`)."""
        return (
            self.best,
            self.seat_ptr,
            self.seat_policy,
            self.seat_cdf,
            self.strength,
            self.tie_rule,
            self.throws,
            self.sticky,
            dice_tables(),
        )


def blind_round_chunk(job: BlindRoundJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of blind rounds (see :func:`kernels.simulate.blind_rounds_chunk`)."""
    n = job.players
    share = np.zeros(n, dtype=np.int64)
    share_sq = np.zeros(n, dtype=np.int64)
    outright = np.zeros(n, dtype=np.int64)
    hist = np.zeros((n, ix.N_HANDS), dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    kernels.blind_rounds_chunk(
        state, size, n, job.kernel_game(), share, share_sq, outright, hist, counters
    )
    return {
        "share": share,
        "share_sq": share_sq,
        "outright": outright,
        "hist": hist,
        "counters": counters,
    }


def seat_policies(policy, players: int) -> tuple:
    """One policy per seat: a name (or mixture) for every seat, ``"a,b"``, or a sequence.

    Raises
    ------
    OptionError
        When the number of names is neither 1 nor ``players``.
    """
    if policy is None:
        names = ["equilibrium"]
    elif isinstance(policy, str):
        names = [p.strip() for p in policy.split(",")]
    elif hasattr(policy, "keeps"):  # one mixture for every seat
        names = [policy]
    else:
        names = [p if hasattr(p, "keeps") else str(p).strip() for p in policy]
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise OptionError(
            f"give one policy for every seat or one for each of the {players} seats, got {policy!r}"
        )
    return tuple(names)


def blind_round_job(rules: RuleSet, players: int, policy=None):
    """The :class:`BlindRoundJob` of blind rounds and its :class:`BlindSeats`."""
    from pokerdice_stats.games.rounds import check_players
    from pokerdice_stats.simulation.blind import blind_seats
    from pokerdice_stats.simulation.seats import TIE_CODES

    players = check_players(players)
    if rules.throw_limit == "first-player" and rules.throws > 1:
        raise OptionError(
            "the first player's throw limit needs the later players to see how many throws "
            "the first took: use knowledge=seen, or throw_limit=none"
        )
    seats = blind_seats(rules, seat_policies(policy, players))
    job = BlindRoundJob(
        players,
        seats.best,
        seats.seat_ptr,
        seats.seat_policy,
        seats.seat_cdf,
        hand_table(rules).strength.astype(np.int64),
        TIE_CODES[rules.ties],
        rules.throws,
        rules.sticky_holds,
    )
    return job, seats


def simulate_blind_rounds(
    rules: RuleSet,
    players: int = 2,
    policy: str | Sequence[str] | None = None,
    *,
    n: int = 1_000_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> RoundResult:
    """Simulate ``n`` blind rounds: no seat sees another's hand (banking, seed 004).

    Each round every seat independently draws a pure strategy from its
    mixture and plays it without seeing the others; the best hand wins and
    exact ties follow the rule set (split and push: ``1/k`` of the win to
    each of ``k`` tied seats; must-beat: the earliest; roll-off: the tied
    seats play a blind round again).

    Parameters
    ----------
    rules : RuleSet
    players : int
        Seats (2 to 5).
    policy : str or sequence of str, optional
        ``equilibrium`` (default; also ``optimal``): the blind equilibrium of
        the two-player banking game, a mixture of pure strategies
        (:func:`pokerdice_stats.games.banking.banking_equilibrium`; seat 1
        draws from the first player's mixture, the others from the
        second's).  Or a named policy: ``stand``, ``largest-set``,
        ``chase-straights``, ``at-least-three``, ``max-category``.  One name
        for every seat, or one per seat (a sequence, or ``"stand,largest-set"``).
        A sequence may also hold playable
        :class:`~pokerdice_stats.games.equilibrium.Mixture` objects (with their
        keep tables), each played as it is.
    n, seed, workers, scheduler, progress
        See :func:`pokerdice_stats.simulation.chunks.run_chunks`.

    Returns
    -------
    RoundResult
        With ``knowledge="blind"``, the seats' policies, each seat's final
        hands (``hist``) and the exact chances of
        :func:`pokerdice_stats.games.blind_rounds.chances` (floats).

    Raises
    ------
    OptionError
        For an unknown policy, a wrong number of them, bad players, or the
        first player's throw limit (which needs the seats to see each other).
    """
    from pokerdice_stats.games.blind_rounds import chances

    job, seats = blind_round_job(rules, players, policy)
    run = run_chunks(
        blind_round_chunk,
        job,
        n,
        ROUND_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="rounds",
    )
    totals = run.totals
    estimates = _round_estimates(rules, totals, job.players, run.n, seed)
    played = float(totals["counters"][0]) / run.n
    exact = tuple(float(w) for w in chances(rules, seats.distributions))
    return RoundResult(
        estimates,
        played,
        exact,
        np.zeros((job.players, job.players), dtype=np.int64),
        run.n,
        seed,
        run.interrupted,
        "blind",
        seats.policies,
        totals["hist"],
    )


@dataclass(frozen=True)
class MatchResult:
    """Simulated matches: each player's chance to win and the expected rounds."""

    seats: list
    expected_rounds: stats.Estimate
    target: int
    starter: str
    n: int
    seed: int
    interrupted: bool = False


def simulate_matches(
    rules: RuleSet,
    players: int = 2,
    target: int | None = None,
    starter: str | None = None,
    *,
    n: int = 100_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> MatchResult:
    """Simulate ``n`` matches (first to ``target`` round wins; defaults of the preset).

    Raises
    ------
    OptionError
        For shared ties (no single round winner), a bad target or starter rule.
    """
    from pokerdice_stats.games.matches import MAX_TARGET, STARTER_RULES, match_defaults

    default_target, default_starter = match_defaults(rules)
    target = default_target if target is None else target
    starter = default_starter if starter is None else starter
    if not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        raise OptionError(f"the target must be a whole number 1 to {MAX_TARGET}, got {target}")
    if starter not in STARTER_RULES:
        raise OptionError(f"unknown starter rule {starter!r}; choose one of: {STARTER_RULES}")
    job, _ = round_job(rules, players, target, starter)
    run = run_chunks(
        match_chunk,
        job,
        n,
        MATCH_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="matches",
    )
    totals = run.totals
    _check_bad(totals["counters"])
    seats = [stats.proportion(int(w), run.n, seed) for w in totals["wins"]]
    rounds = stats.mean(float(totals["rounds"][0]), float(totals["rounds"][1]), run.n, seed)
    return MatchResult(seats, rounds, target, starter, run.n, seed, run.interrupted)


# ----------------------------------------------------------------------------
# Sessions: pots with antes, and progressive play against the computer.

#: Sessions a chunk (small: a session is many rounds).
SESSION_CHUNK = 1 << 8
#: Starting bank of a progressive session (seed 004).
PROGRESSIVE_BANK = 10_000


@dataclass(frozen=True)
class PotJob:
    """A picklable description of sessions of rounds with an ante."""

    round: RoundJob
    rounds: int
    ante: int


def pot_chunk(job: PotJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of pot sessions (see :func:`pokerdice_stats.kernels.simulate.pots_chunk`)."""
    r = job.round
    net = np.zeros(r.players, dtype=np.int64)
    net_sq = np.zeros(r.players, dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    kernels.pots_chunk(
        state,
        size,
        r.players,
        job.rounds,
        job.ante,
        r.starter,
        r.kernel_game(),
        net,
        net_sq,
        counters,
    )
    return {"net": net, "net_sq": net_sq, "counters": counters}


@dataclass(frozen=True)
class PotResult:
    """Simulated sessions with an ante: each player's mean net chips after the rounds."""

    seats: list
    rounds: int
    ante: int
    n: int
    seed: int
    interrupted: bool = False


def simulate_pots(
    rules: RuleSet,
    players: int = 2,
    rounds: int = 10,
    ante: int = 1,
    starter: str | None = None,
    *,
    n: int = 100_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> PotResult:
    """Simulate ``n`` sessions of ``rounds`` rounds in which each player antes and the winner
    takes the pot (triple-snakes chips, gameweave or classic rounds played for an ante).

    ``starter`` (who begins the next round) defaults to the winner under
    triple-snakes, the player after the last thrower under gameweave, else the
    next player to the left.  Later players see earlier hands, so the banking
    game of seed 004, whose hands are developed blind, is refused here: simulate
    its rounds with :func:`simulate_rounds` (blind by default under banking).
    """
    if rules.knowledge == "blind":
        raise OptionError(
            "banking hands are developed blind, and ante sessions here let later players "
            "see earlier hands; simulate banking rounds with --what round (blind)"
        )
    if not isinstance(rounds, int) or rounds < 1:
        raise OptionError(f"rounds must be a whole number of at least 1, got {rounds}")
    if not isinstance(ante, int) or ante < 1:
        raise OptionError(f"the ante must be a whole number of at least 1, got {ante}")
    starter = starter or rules.starter
    if starter not in STARTER_CODES:
        raise OptionError(
            f"unknown starter rule {starter!r}; choose one of: {tuple(STARTER_CODES)}"
        )
    job, _ = round_job(rules, players, 0, starter)
    run = run_chunks(
        pot_chunk,
        PotJob(job, rounds, ante),
        n,
        SESSION_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="sessions",
    )
    totals = run.totals
    _check_bad(totals["counters"])
    seats = [
        stats.mean(totals["net"][s] / 60, totals["net_sq"][s] / 3600, run.n, seed)
        for s in range(job.players)
    ]
    return PotResult(seats, rounds, ante, run.n, seed, run.interrupted)


@dataclass(frozen=True)
class ProgressiveJob:
    """A picklable description of progressive sessions (player sees the computer's hand)."""

    computer: np.ndarray  # (1, T - 1, S)
    player: np.ndarray  # (G, T - 1, S)
    column: np.ndarray  # (252,) player's table for each computer final hand
    payout: np.ndarray  # (252, 252) what the player receives
    throws: int
    sticky: bool
    rounds: int
    start: int
    record_every: int = 0
    ceiling: int = 0  # the player's bank at which the computer is broke (0: never)

    def kernel_session(self) -> tuple:
        """``(rounds, start, ceiling, record_every)`` of
        :func:`pokerdice_stats.kernels.simulate.progressive_chunk` (``record_every`` at
        least 1)."""
        return (self.rounds, self.start, self.ceiling, max(self.record_every, 1))

    def kernel_game(self) -> tuple:
        """``(computer, player, column, payout, throws, sticky, dice tables)`` of
        :func:`pokerdice_stats.kernels.simulate.progressive_chunk`."""
        return (
            self.computer,
            self.player,
            self.column,
            self.payout,
            self.throws,
            self.sticky,
            dice_tables(),
        )


def progressive_chunk(job: ProgressiveJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of progressive sessions."""
    n_path = job.rounds // job.record_every + 1 if job.record_every else 0
    final = np.zeros(size, dtype=np.int64)
    broke = np.zeros(size, dtype=np.int64)
    path = np.zeros((size, n_path), dtype=np.int64)
    totals = np.zeros(5, dtype=np.int64)
    kernels.progressive_chunk(
        state, size, job.kernel_session(), job.kernel_game(), final, broke, path, totals
    )
    return {"each_bank": final, "each_broke_at": broke, "each_path": path, "totals": totals}


def computer_table(rules: RuleSet, computer: str, response) -> np.ndarray:
    """The ``(1, T - 1, S)`` table of a progressive computer policy."""
    from pokerdice_stats.games.progressive import COMPUTER_POLICIES, optimal_computer
    from pokerdice_stats.games.simple_strategies import max_category_goal
    from pokerdice_stats.goals import at_least
    from pokerdice_stats.simulation.players import tables_of_policy

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
    rounds: int = 1,
    start: int = PROGRESSIVE_BANK,
    record_every: int = 0,
    schedule=None,
    ceiling: int = 0,
) -> ProgressiveJob:
    """The :class:`ProgressiveJob` of sessions against a computer policy."""
    from pokerdice_stats.games.progressive import player_response
    from pokerdice_stats.games.schedule import PROGRESSIVE_SCHEDULE, payout_matrix
    from pokerdice_stats.simulation.players import tables_of_policy

    if not isinstance(rounds, int) or rounds < 1:
        raise OptionError(f"rounds must be a whole number of at least 1, got {rounds}")
    if not isinstance(start, int) or start < 1:
        raise OptionError(f"the starting bank must be a whole number of at least 1, got {start}")
    require_independent_turns(rules, "a progressive session")
    payout = payout_matrix(rules, schedule or PROGRESSIVE_SCHEDULE)
    response = player_response(rules, payout)
    return ProgressiveJob(
        computer_table(rules, computer, response),
        tables_of_policy(response.policy),
        np.asarray(response.column, dtype=np.int64),
        np.ascontiguousarray(payout, dtype=np.int64),
        rules.throws,
        rules.sticky_holds,
        rounds,
        start,
        record_every,
        ceiling,
    )


@dataclass(frozen=True)
class SessionResult:
    """Simulated progressive sessions.

    Attributes
    ----------
    bank : Estimate
        Mean bank after the session (normal interval).
    broke : Estimate
        Chance the player's bank reached 0 or less (Wilson); the session stops.
    computer_broke : Estimate
        Chance the computer's bank did.
    payout : Estimate
        Mean payout to the player per round played (normal interval).
    final_banks : (n,) int64
    broke_at : (n,) int64
        Round the player went broke, minus the round the computer did (0: neither).
    paths : (n, K) int64
        Banks every ``record_every`` rounds (empty unless asked for).
    """

    bank: stats.Estimate
    broke: stats.Estimate
    computer_broke: stats.Estimate
    payout: stats.Estimate
    final_banks: np.ndarray
    broke_at: np.ndarray
    paths: np.ndarray
    rounds: int
    start: int
    computer: str
    n: int
    seed: int
    interrupted: bool = False


def simulate_progressive(
    rules: RuleSet,
    rounds: int = 100,
    computer: str = "optimal",
    start: int = PROGRESSIVE_BANK,
    *,
    record_every: int = 0,
    computer_bank: int | None = None,
    n: int = 10_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> SessionResult:
    """Simulate ``n`` progressive sessions of ``rounds`` rounds from a bank of ``start``.

    The computer throws first and follows ``computer``; the player sees its
    final hand and plays the optimal answer; the loser pays by the schedule.
    A session stops when the player's bank is at or below 0, or when the
    computer's bank (``computer_bank``, by default as large as the player's;
    0 for a computer that never runs out) is.
    """
    if rules.ties != "push":
        raise OptionError("progressive sessions need the progressive rules (ties=push)")
    computer_bank = start if computer_bank is None else int(computer_bank)
    if computer_bank < 0:
        raise OptionError(f"the computer's bank must be 0 (unlimited) or more, got {computer_bank}")
    ceiling = start + computer_bank if computer_bank else 0
    job = progressive_job(rules, computer, rounds, start, record_every, ceiling=ceiling)
    run = run_chunks(
        progressive_chunk,
        job,
        n,
        SESSION_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="sessions",
    )
    t = run.totals
    banks = t["each_bank"]
    broke_at = t["each_broke_at"]
    bank = stats.mean(float(banks.sum()), float((banks.astype(np.float64) ** 2).sum()), run.n, seed)
    broke = stats.proportion(int((broke_at > 0).sum()), run.n, seed)
    computer_broke = stats.proportion(int((broke_at < 0).sum()), run.n, seed)
    totals = t["totals"]
    payout = stats.mean(float(totals[1]), float(totals[2]), int(totals[0]), seed)
    return SessionResult(
        bank,
        broke,
        computer_broke,
        payout,
        banks,
        broke_at,
        t["each_path"],
        rounds,
        start,
        computer,
        run.n,
        seed,
        run.interrupted,
    )


# ----------------------------------------------------------------------------
# Hold-up: a round in progress, the first player's hand known.


@dataclass(frozen=True)
class HoldupJob:
    """A picklable description of rounds whose first player already holds a hand."""

    round: RoundJob
    hand: int
    used: int


def holdup_chunk(job: HoldupJob, state: np.ndarray, size: int) -> dict:
    """Chunk function of hold-up rounds."""
    r = job.round
    share = np.zeros(r.players, dtype=np.int64)
    share_sq = np.zeros(r.players, dtype=np.int64)
    counters = np.zeros(2, dtype=np.int64)
    kernels.holdup_chunk(
        state, size, r.players, job.hand, job.used, r.kernel_game(), share, share_sq, counters
    )
    return {"share": share, "share_sq": share_sq, "counters": counters}


def simulate_holdup(
    rules: RuleSet,
    hand: str | int,
    players_left: int,
    *,
    n: int = 200_000,
    seed: int = 0,
    workers: int | None = None,
    scheduler=None,
    progress: bool = True,
) -> list[stats.Estimate]:
    """Does the best hand so far hold up?  The holder's and each later player's chance.

    The holder is the first seat of a round of ``players_left + 1`` with its
    final hand ``hand``; the later players play optimally (they see it).  The
    simulation of :func:`pokerdice_stats.games.chips.holdup`.

    Returns
    -------
    list of Estimate
        The holder first, then each later player in turn order (shares of the
        pot: a proportion under roll-off and must-beat, else a mean).
    """
    from pokerdice_stats.games.chips import MAX_LEFT

    if not isinstance(players_left, int) or not 1 <= players_left <= MAX_LEFT:
        raise OptionError(f"players left must be 1 to {MAX_LEFT}, got {players_left}")
    h = hand_table(rules).hand(hand)
    job, _ = round_job(rules, players_left + 1)
    run = run_chunks(
        holdup_chunk,
        HoldupJob(job, h, rules.throws),
        n,
        ROUND_CHUNK,
        seed,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        desc="rounds",
    )
    totals = run.totals
    _check_bad(totals["counters"])
    if rules.ties in ("roll-off", "must-beat"):
        return [stats.proportion(int(s) // 60, run.n, seed) for s in totals["share"]]
    return [
        stats.mean(totals["share"][s] / 60, totals["share_sq"][s] / 3600, run.n, seed)
        for s in range(job.players)
    ]
