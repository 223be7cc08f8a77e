"""Monte Carlo over policies and games: turns, rounds, matches and sessions.

Every figure is an :class:`Estimate` with its confidence interval (Wilson for
proportions, normal for means), the number of samples and the seed.  Every
``simulate_*`` function takes one :class:`RunOptions` (samples, seed, threads
or a Dask cluster, progress bar); work is cut into fixed-size chunks, each
seeded from numpy's ``SeedSequence`` (see :mod:`.run`), so the same seed gives
the same figures on any number of threads or Dask workers.

One module per game, beside the exact one in :mod:`pokerdice_stats.games` and
its kernel in :mod:`pokerdice_stats.kernels.simulation`:

- :mod:`.turns`: one player's turn under a policy (exact: :mod:`pokerdice_stats.holds`);
- :mod:`.rounds`: rounds in which later seats see the earlier hands;
- :mod:`.blind_rounds`: rounds in which no seat sees another's (banking);
- :mod:`.matches`: matches to a target of round wins;
- :mod:`.pots`: sessions of rounds played for an ante;
- :mod:`.progressive`: progressive sessions against the computer;
- :mod:`.banking_sessions`: blind banking sessions with banks, ruin and rounds survived;
- :mod:`.betting_sessions` (+ :mod:`.betting_tables`): seed 001 betting sessions under the
  solved round, chips, ruin, the pot's taker starting (import it by its path);
- :mod:`.chips`: does the best hand so far hold up?

and the machinery they share:

- :mod:`.run`: the run options, seeded chunks, threads, Dask, progress, Ctrl-C;
- :mod:`.stats`: Wilson and normal confidence intervals, the :class:`Estimate`;
- :mod:`.dice_tables`: the lookup tables the kernels throw dice with;
- :mod:`.policy_tables`: policies as best-keep tables (optimal for a goal, named heuristics);
- :mod:`.seat_tables`: the policy of each seat of a seen round given the hand to beat;
- :mod:`.blind_seats`: each seat of a blind round as a mixture of pure strategies;
- :mod:`.round_result`: what a simulated round (seen or blind) returns.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.simulation import RunOptions, simulate_rounds
>>> result = simulate_rounds(get_rules("gameweave"), 2,
...                          run=RunOptions(n=20_000, seed=1, progress=False))
>>> [seat.covers(exact) for seat, exact in zip(result.seats, result.exact)]
[True, True]
"""

from pokerdice_stats.simulation.banking_sessions import (
    BankingSessionResult,
    simulate_banking_sessions,
)
from pokerdice_stats.simulation.blind_rounds import simulate_blind_rounds
from pokerdice_stats.simulation.chips import simulate_holdup
from pokerdice_stats.simulation.matches import MatchResult, simulate_matches
from pokerdice_stats.simulation.pots import PotResult, simulate_pots
from pokerdice_stats.simulation.progressive import SessionResult, simulate_progressive
from pokerdice_stats.simulation.round_result import RoundResult
from pokerdice_stats.simulation.rounds import simulate_rounds
from pokerdice_stats.simulation.run import RunOptions
from pokerdice_stats.simulation.stats import Estimate
from pokerdice_stats.simulation.turns import TurnResult, simulate_turns

__all__ = [
    "BankingSessionResult",
    "Estimate",
    "MatchResult",
    "PotResult",
    "RoundResult",
    "RunOptions",
    "SessionResult",
    "TurnResult",
    "simulate_banking_sessions",
    "simulate_blind_rounds",
    "simulate_holdup",
    "simulate_matches",
    "simulate_pots",
    "simulate_progressive",
    "simulate_rounds",
    "simulate_turns",
]
