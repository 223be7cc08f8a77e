"""Simulated blind rounds: no seat sees another's hand (banking, 004).

The exact side is :func:`pokerdice_stats.games.banking.exact.rounds.chances`; the
kernel is :mod:`pokerdice_stats.kernels.simulation.blind_rounds`; the seats'
mixtures of pure strategies as kernel tables come from :mod:`.blind_seats`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerdice_stats.engines.simulation.dice_tables import dice_tables
from pokerdice_stats.engines.simulation.round_result import (
    DEFAULT_ROUNDS,
    ROUND_CHUNK,
    RoundResult,
    share_estimates,
)
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.games.banking.exact.rounds import chances
from pokerdice_stats.games.banking.simulation.seats import BlindSeats, blind_seats
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.kernels.codes import TIE_CODES
from pokerdice_stats.kernels.simulation.blind_rounds import blind_rounds_chunk
from pokerdice_stats.kernels.simulation.records import BlindGame, BlindTally
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_code


@dataclass(frozen=True)
class BlindRoundJob:
    """Blind rounds of ``players`` seats: what a chunk needs (picklable)."""

    players: int
    game: BlindGame
    desc: str = "rounds"
    chunk_size: int = ROUND_CHUNK

    def new_tally(self, size: int) -> BlindTally:
        n = self.players
        return zeros_tally(BlindTally, share=n, share_sq=n, outright=n, final_hands=(n, ix.N_HANDS))

    def fill(self, state: np.ndarray, size: int, tally: BlindTally) -> None:
        blind_rounds_chunk(state, size, self.players, self.game, tally)


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
    elif not isinstance(policy, list | tuple):
        raise OptionError(
            "policy must be a name, a list of names or mixtures, or a mixture, got "
            + type(policy).__name__
        )
    else:
        names = [p if hasattr(p, "keeps") else str(p).strip() for p in policy]
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise OptionError(
            f"give one policy for every seat or one for each of the {players} seats, got {policy!r}"
        )
    return tuple(names)


def blind_round_game(rules: RuleSet, players: int, policy=None) -> tuple[BlindGame, BlindSeats]:
    """The kernel record of blind rounds and the :class:`BlindSeats` it was built from.

    Raises
    ------
    OptionError
        For bad players or policies, or the first player's throw limit.
    """
    players = check_players(players)
    if rules.throw_limit == "first-player" and rules.throws > 1:
        raise OptionError(
            "the first player's throw limit needs the later players to see how many throws "
            "the first took: use knowledge=seen, or throw_limit=none"
        )
    seats = blind_seats(rules, seat_policies(policy, players))
    game = BlindGame(
        best=seats.best,
        seat_ptr=seats.seat_ptr,
        seat_policy=seats.seat_policy,
        seat_cdf=seats.seat_cdf,
        strength=hand_table(rules).strength.astype(np.int64),
        tie_rule=TIE_CODES[rules.ties],
        throws=rules.throws,
        states=state_code(rules),
        dice=dice_tables(),
    )
    return game, seats


def simulate_blind_rounds(
    rules: RuleSet,
    players: int = 2,
    policy: str | Sequence | None = None,
    *,
    run: RunOptions | None = None,
) -> RoundResult:
    """Simulate blind rounds: no seat sees another's hand (banking, 004).

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
    policy : str or sequence, optional
        ``equilibrium`` (default; also ``optimal``): the symmetric
        equilibrium of the blind round of ``players`` seats, solved for that
        number of seats (:func:`pokerdice_stats.games.banking.exact.field.solve_field`,
        a mixture of pure strategies; see
        :func:`~pokerdice_stats.games.banking.simulation.seats.seat_equilibrium`).
        Or a named policy: ``stand``, ``largest-set``,
        ``chase-straights``, ``at-least-three``, ``max-category``.  One name
        for every seat, or one per seat (a sequence, or ``"stand,largest-set"``).
        A sequence may also hold playable
        :class:`~pokerdice_stats.engines.blind.equilibrium.Mixture` objects (with their
        keep tables), each played as it is.
    run : RunOptions, optional
        Samples (default 1,000,000 rounds), seed, workers, progress bar.

    Returns
    -------
    RoundResult
        With ``knowledge="blind"``, the seats' policies, each seat's final
        hands (``hist``) and the exact chances of
        :func:`pokerdice_stats.games.banking.exact.rounds.chances` (floats).

    Raises
    ------
    OptionError
        For an unknown policy, a wrong number of them, bad players, or the
        first player's throw limit (which needs the seats to see each other).
    """
    run = run or RunOptions()
    players = check_players(players)
    game, seats = blind_round_game(rules, players, policy)
    done = run_job(BlindRoundJob(players, game), run, DEFAULT_ROUNDS)
    totals = done.totals
    estimates = share_estimates(rules, totals, players, done.n, run.seed)
    played = float(totals["subrounds"][0]) / done.n
    exact = tuple(float(w) for w in chances(rules, seats.distributions))
    return RoundResult(
        estimates,
        played,
        exact,
        np.zeros((players, players), dtype=np.int64),
        done.n,
        run.seed,
        done.interrupted,
        "blind",
        seats.policies,
        totals["final_hands"],
        rules.label(),
    )
