"""Simulated sessions of rounds played for an ante: each player's net chips.

No exact side (a session is many rounds); the kernel is
:mod:`pokerdice_stats.kernels.simulation.pots`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.round_result import check_no_policy
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.games.seen.simulation.rounds import seen_round_game
from pokerdice_stats.ground.bounds import MAX_SESSION_ROUNDS as MAX_ROUNDS
from pokerdice_stats.ground.bounds import POT_ANTE as MAX_ANTE
from pokerdice_stats.ground.bounds import chunk_sessions
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, option
from pokerdice_stats.kernels.codes import SHARE_UNIT, STARTER_CODES
from pokerdice_stats.kernels.simulation.pots import pots_chunk
from pokerdice_stats.kernels.simulation.records import PotSession, PotTally, RoundGame
from pokerdice_stats.turn.rules import STARTERS, RuleSet

#: Sessions a chunk (small: a session is many rounds).
SESSION_CHUNK = 1 << 8
#: Sessions simulated when the run options do not say.
DEFAULT_SESSIONS = 100_000


@dataclass(frozen=True)
class PotJob:
    """Sessions of rounds with an ante: what a chunk needs (picklable)."""

    session: PotSession
    game: RoundGame
    desc: str = "sessions"
    chunk_size: int = SESSION_CHUNK

    def new_tally(self, size: int) -> PotTally:
        n = self.session.players
        return zeros_tally(PotTally, net=n, net_sq=n)

    def fill(self, state: np.ndarray, size: int, tally: PotTally) -> None:
        pots_chunk(state, size, self.session, self.game, tally)


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
    run: RunOptions | None = None,
) -> PotResult:
    """Simulate sessions of ``rounds`` rounds in which each player antes and the winner
    takes the pot (triple-snakes chips, gameweave or classic rounds played for an ante).

    ``starter`` (who begins the next round) defaults to the rule set's
    ``starter`` option.  Later players see earlier hands, so rule sets whose
    hands are developed blind (``knowledge=blind``, the banking game of
    004) are refused here: simulate their sessions with
    :func:`~pokerdice_stats.games.simulations.simulate_banking_sessions`.  A tie shares
    the pot (``roll-off`` plays it off); ``ties=push`` (nobody pays, 004's progressive
    rule for two) is a split of two seats' pot, and is refused with more seats, whose
    pot it does not share out.  ``ante``: 1 to
    :data:`~pokerdice_stats.ground.bounds.POT_ANTE` chips.  ``run``: samples
    (default 100,000 sessions), seed, workers, progress bar.
    """
    run = run or RunOptions()
    if rules.knowledge == "blind":
        raise OptionError(
            "a session of pots lets later players see the earlier hands, and these rules say "
            "knowledge=blind; blind sessions are 004 banking's ("
            + either("--rules banking", "the banking preset")
            + ")"
        )
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"rounds must be a whole number from 1 to {MAX_ROUNDS:,}, got {rounds}")
    if isinstance(ante, bool) or not isinstance(ante, int) or ante < 1:
        raise OptionError(f"the ante must be a whole number of at least 1, got {ante}")
    if ante > MAX_ANTE:
        raise OptionError(f"ante must be 1 to {MAX_ANTE:,}, got {ante:,}")
    starter = starter or rules.starter
    if starter not in STARTERS:
        raise OptionError(f"unknown starter rule {starter!r}; choose one of: {STARTERS}")
    players = check_players(players)
    if rules.ties == "push" and players > 2:
        raise OptionError(
            "a session of pots shares a tied pot among the tied seats (ties=split); ties=push "
            "(004's progressive rule for two: a tie is a push, nobody pays) says nothing of the "
            f"seats a tie beats, so it is played by two seats only, not {players}"
        )
    game, _ = seen_round_game(rules, players)
    # The ante only scales the chips: the kernel plays ante 1 (its int64 sums stay far from
    # overflow at any ante) and the estimates are scaled here, in floating point.
    n = run.samples(DEFAULT_SESSIONS)
    largest = n * (SHARE_UNIT * players * rounds) ** 2
    if largest >= 2**63:
        raise OptionError(
            f"{n:,} sessions of {rounds:,} rounds are past what the tally counts exactly "
            "(the sum of squared results must stay below 2**63): lower "
            f"{either('--n', 'run.n')} or {option('rounds')}"
        )
    session = PotSession(players, rounds, 1, STARTER_CODES[starter])
    chunk = chunk_sessions(rounds, SESSION_CHUNK)  # Ctrl-C is polled between chunks
    done = run_job(PotJob(session, game, chunk_size=chunk), run, DEFAULT_SESSIONS)
    totals = done.totals
    check_no_policy(totals)
    seats = [
        _scaled(
            stats.mean(
                totals["net"][s] / SHARE_UNIT,
                totals["net_sq"][s] / SHARE_UNIT**2,
                done.n,
                run.seed,
            ),
            ante,
        )
        for s in range(players)
    ]
    return PotResult(seats, rounds, ante, done.n, run.seed, done.interrupted)


def _scaled(estimate: stats.Estimate, ante: int) -> stats.Estimate:
    """An estimate at ante 1 scaled to ``ante`` chips (mean, interval and standard error)."""
    factor = float(ante)
    return dataclasses.replace(
        estimate,
        estimate=estimate.estimate * factor,
        ci_low=estimate.ci_low * factor,
        ci_high=estimate.ci_high * factor,
        std_error=estimate.std_error * factor,
    )
