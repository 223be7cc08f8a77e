"""Simulated rounds: each seat's chance to win, seen (the default) or blind.

When later seats see the earlier final hands every seat plays the optimal
answer of :func:`pokerdice_stats.games.rounds.solve_round` (the exact side);
the kernel is :mod:`pokerdice_stats.kernels.simulation.rounds`.  Blind rounds
(``knowledge=blind``) are :mod:`.blind_rounds`.  :func:`seen_round_game` builds
the kernel record the matches, pots and hold-up simulations play too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.errors import OptionError
from pokerdice_stats.games.policy_names import canonical_policy
from pokerdice_stats.games.rounds import check_players
from pokerdice_stats.kernels.codes import TIE_CODES
from pokerdice_stats.kernels.simulation.records import RoundGame, RoundTally
from pokerdice_stats.kernels.simulation.rounds import rounds_chunk
from pokerdice_stats.rules import KNOWLEDGE, RuleSet
from pokerdice_stats.simulation.blind_rounds import simulate_blind_rounds
from pokerdice_stats.simulation.dice_tables import dice_tables
from pokerdice_stats.simulation.round_result import (
    DEFAULT_ROUNDS,
    ROUND_CHUNK,
    RoundResult,
    check_no_policy,
    share_estimates,
)
from pokerdice_stats.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.simulation.seat_tables import SeatTables, seat_tables
from pokerdice_stats.turn_states import state_code


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
        best=seats.best,
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


def simulate_rounds(
    rules: RuleSet,
    players: int = 2,
    *,
    knowledge: str | None = None,
    policy: str | Sequence | None = None,
    run: RunOptions | None = None,
) -> RoundResult:
    """Simulate rounds of ``players`` seats (roll-offs included).

    Parameters
    ----------
    rules : RuleSet
    players : int
        Seats (2 to 5).
    knowledge : str, optional
        ``seen``: later seats see every earlier final hand and play the
        optimal answer (:func:`pokerdice_stats.games.rounds.solve_round`).
        ``blind``: no seat sees another's hand; each seat plays ``policy``
        (see :func:`~pokerdice_stats.simulation.blind_rounds.simulate_blind_rounds`).
        Default: the rule set's ``knowledge`` option (``blind`` under the
        banking preset, as its rules say).
    policy : str or sequence, optional
        Blind rounds only: the seats' policies (see
        :func:`~pokerdice_stats.simulation.blind_rounds.simulate_blind_rounds`).
    run : RunOptions, optional
        Samples (default 1,000,000 rounds), seed, workers, progress bar.

    Returns
    -------
    RoundResult

    Raises
    ------
    OptionError
        For an unknown knowledge, or a named policy in a round whose seats see each other.
    """
    run = run or RunOptions()
    knowledge = rules.knowledge if knowledge is None else str(knowledge).lower()
    if knowledge not in KNOWLEDGE:
        raise OptionError(
            f"unknown knowledge {knowledge!r}; choose one of: " + ", ".join(KNOWLEDGE)
        )
    if knowledge == "blind":
        return simulate_blind_rounds(rules, players, policy, run=run)
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
        estimates, played, exact, totals["last_thrower"], done.n, run.seed, done.interrupted
    )
