"""Simulated rounds: each seat's chance to win, seen (the default) or blind.

When later seats see the earlier final hands every seat plays the optimal
answer of :func:`pokerdice_stats.games.seen.exact.rounds.solve_round` (the exact side);
the kernel is :mod:`pokerdice_stats.kernels.simulation.rounds`.  Blind rounds
(``knowledge=blind``) are :mod:`.blind_rounds`.  :func:`seen_round_game` builds
the kernel record the matches, pots and hold-up simulations play too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.blind.policy_names import canonical_policy
from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.round_result import (
    DEFAULT_ROUNDS,
    ROUND_CHUNK,
    RoundResult,
    check_no_policy,
    share_estimates,
)
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.games.seen.simulation.seat_tables import SeatTables, seat_tables
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.codes import TIE_CODES
from pokerdice_stats.kernels.simulation.records import RoundGame, RoundTally
from pokerdice_stats.kernels.simulation.rounds import rounds_chunk
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code


def seen_round_game(rules: RuleSet, players: int) -> tuple[RoundGame, SeatTables]:
    """The kernel record of rounds of ``players`` seats under optimal play (later seats see
    the earlier hands), and the :class:`SeatTables` it was built from.

    Raises
    ------
    OptionError
        For a number of players outside 2..5.
    """
    players = check_players(players)
    seats = seat_tables(rules, players)
    game = RoundGame(
        # a writable copy, as the other games' tables and a pickled job's arrive: the one
        # compiled Monte Carlo turn (a read-only table would compile it again)
        best=np.array(seats.best),
        lookup=seats.lookup,
        strength=seats.strength,
        tie_rule=TIE_CODES[rules.ties],
        throw_limit=rules.throw_limit == "first-player" and rules.throws > 1,
        throws=rules.throws,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return game, seats


@dataclass(frozen=True)
class RoundJob:
    """Rounds of ``players`` seats: what a chunk needs (picklable)."""

    players: int
    game: RoundGame
    desc: str = "rounds"
    chunk_size: int = ROUND_CHUNK

    def new_tally(self, size: int) -> RoundTally:
        n = self.players
        return zeros_tally(RoundTally, share=n, share_sq=n, outright=n, last_thrower=(n, n))

    def fill(self, state: np.ndarray, size: int, tally: RoundTally) -> None:
        rounds_chunk(state, size, self.players, self.game, tally)


def simulate_seen_rounds(
    rules: RuleSet,
    players: int = 2,
    *,
    policy: str | Sequence | None = None,
    run: RunOptions | None = None,
) -> RoundResult:
    """Simulate rounds of ``players`` seats (roll-offs included).

    Parameters
    ----------
    rules : RuleSet
    players : int
        Seats (2 to 5).
    policy : str or sequence, optional
        ``optimal`` (the default) for every seat: later seats see every earlier final
        hand and play the optimal answer
        (:func:`pokerdice_stats.games.seen.exact.rounds.solve_round`); named policies
        are for blind rounds
        (:func:`~pokerdice_stats.games.banking.simulation.rounds.simulate_blind_rounds`).
    run : RunOptions, optional
        Samples (default 1,000,000 rounds), seed, workers, progress bar.

    Returns
    -------
    RoundResult

    Raises
    ------
    OptionError
        For a named policy (seats that see each other all play optimally).
    """
    run = run or RunOptions()
    if isinstance(policy, str):
        policy = canonical_policy(policy)
    elif policy is not None:
        policy = [canonical_policy(p) if isinstance(p, str) else p for p in policy]
    if policy not in (None, "optimal") and not (
        not isinstance(policy, str) and all(p == "optimal" for p in policy)
    ):
        raise OptionError(
            "named policies apply to blind rounds (knowledge=blind); when later seats "
            "see the earlier hands every seat plays optimally"
        )
    players = check_players(players)
    game, seats = seen_round_game(rules, players)
    done = run_job(RoundJob(players, game), run, DEFAULT_ROUNDS)
    totals = done.totals
    check_no_policy(totals)
    estimates = share_estimates(rules, totals, players, done.n, run.seed)
    played = float(totals["subrounds"][0]) / done.n
    exact = tuple(float(w) for w in seats.rounds[players].win)
    return RoundResult(
        estimates, played, exact, totals["last_thrower"], done.n, run.seed, done.interrupted,
        rules=rules.label(),
    )  # fmt: skip
