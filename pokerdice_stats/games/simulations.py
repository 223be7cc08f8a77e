"""Monte Carlo over policies and games: turns, rounds, matches and sessions.

Every figure is an :class:`Estimate` with its confidence interval (Wilson for
proportions, normal for means), the number of samples and the seed.  Every
``simulate_*`` function takes one :class:`RunOptions` (samples, seed, threads
or a Dask cluster, progress bar); work is cut into fixed-size chunks, each
seeded from numpy's ``SeedSequence`` (see :mod:`.run`), so the same seed gives
the same figures on any number of threads or Dask workers.

This module gathers the simulations of every game in one place (it was
``pokerdice_stats.simulation``, which still imports as an alias). Each lives in its
game's folder, beside the exact side, with its kernel in
:mod:`pokerdice_stats.kernels.simulation`:

- :func:`simulate_turns`: one player's turn under a policy
  (:mod:`pokerdice_stats.engines.simulation.turns`);
- :func:`simulate_rounds`: rounds, seen (:mod:`pokerdice_stats.games.seen.simulation.rounds`)
  or blind (:mod:`pokerdice_stats.games.banking.simulation.rounds`), the registry choosing;
- :func:`simulate_matches`, :func:`simulate_pots`, :func:`simulate_holdup`: matches,
  sessions of rounds played for an ante, and whether the best hand so far holds up
  (:mod:`pokerdice_stats.games.seen.simulation`);
- :func:`simulate_progressive`: progressive sessions against the computer
  (:mod:`pokerdice_stats.games.progressive.simulation`);
- :func:`simulate_banking_sessions`: blind banking sessions with banks, ruin and rounds
  survived (:mod:`pokerdice_stats.games.banking.simulation.sessions`);
- 001 betting sessions: :mod:`pokerdice_stats.games.betting.simulation.sessions`.

The machinery they share is the simulation engine, :mod:`pokerdice_stats.engines.simulation`
(run options, seeded chunks, statistics, dice and policy tables).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.simulations import RunOptions, simulate_rounds
>>> result = simulate_rounds(get_rules("gameweave"), 2,
...                          run=RunOptions(n=20_000, seed=1, progress=False))
>>> [seat.covers(exact) for seat, exact in zip(result.seats, result.exact)]
[True, True]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdice_stats.engines.simulation.round_result import RoundResult
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.engines.simulation.stats import Estimate
from pokerdice_stats.engines.simulation.turns import TurnResult, simulate_turns
from pokerdice_stats.games.banking.simulation.rounds import simulate_blind_rounds
from pokerdice_stats.games.banking.simulation.sessions import (
    BankingSessionResult,
    simulate_banking_sessions,
)
from pokerdice_stats.games.progressive.simulation import SessionResult, simulate_progressive
from pokerdice_stats.games.seen.simulation.holdup import simulate_holdup
from pokerdice_stats.games.seen.simulation.matches import MatchResult, simulate_matches
from pokerdice_stats.games.seen.simulation.pots import PotResult, simulate_pots

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerdice_stats.turn.rules import RuleSet


def simulate_rounds(
    rules: RuleSet,
    players: int = 2,
    *,
    knowledge: str | None = None,
    policy: str | Sequence | None = None,
    run: RunOptions | None = None,
) -> RoundResult:
    """Simulate rounds of ``players`` seats, seen or blind (roll-offs included).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    players : int, default 2
        Seats (2 to 5).
    knowledge : str, optional
        ``seen``: later seats see every earlier final hand and play the optimal answer
        (:func:`~pokerdice_stats.games.seen.simulation.rounds.simulate_seen_rounds`).
        ``blind``: no seat sees another's hand; each seat plays ``policy``
        (:func:`~pokerdice_stats.games.banking.simulation.rounds.simulate_blind_rounds`).
        Default: the rule set's ``knowledge`` option (``blind`` under the banking preset).
    policy : str or sequence, optional
        Blind rounds: the seats' policies (default ``equilibrium``; one name for every
        seat, or one per seat); seen rounds: ``optimal`` only.
    run : RunOptions, optional
        Samples (default 1,000,000 rounds), seed, workers, progress bar.

    Returns
    -------
    RoundResult
        Each seat's simulated chance of winning (confidence intervals) beside the exact
        chances, and the knowledge and policies played.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown knowledge, bad players, a named policy in a round whose seats see
        each other, an unknown policy or a wrong number of them in a blind round, or
        rules no game plays a round under.
    """
    import dataclasses

    from pokerdice_stats.games.registry import game_for
    from pokerdice_stats.ground.arguments import checked_text
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.turn.hands import check_rule_set
    from pokerdice_stats.turn.rule_fields import KNOWLEDGE

    check_rule_set(rules)
    if isinstance(policy, bytes | bytearray) or not (
        policy is None or hasattr(policy, "__iter__") or hasattr(policy, "keeps")
    ):
        raise OptionError(
            "policy must be a name, a mixture or a list of them (one a seat), got "
            f"{type(policy).__name__}"
        )
    knowledge = (
        rules.knowledge if knowledge is None else checked_text(knowledge, "knowledge").lower()
    )
    if knowledge not in KNOWLEDGE:
        raise OptionError(
            f"unknown knowledge {knowledge!r}; choose one of: " + ", ".join(KNOWLEDGE)
        )
    played = (
        rules if knowledge == rules.knowledge else dataclasses.replace(rules, knowledge=knowledge)
    )
    game = game_for(played, "round")
    return game.entry("simulate_round")(played, players, policy=policy, run=run)


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
