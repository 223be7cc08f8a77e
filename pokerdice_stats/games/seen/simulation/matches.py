"""Simulated matches: rounds until one player has ``target`` round wins.

The exact side is :func:`pokerdice_stats.games.seen.exact.matches.solve_match`; the
kernel is :mod:`pokerdice_stats.kernels.simulation.matches`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.simulation import stats
from pokerdice_stats.engines.simulation.round_result import check_no_policy
from pokerdice_stats.engines.simulation.run import RunOptions, run_job, zeros_tally
from pokerdice_stats.engines.simulation.stats import estimates_frame
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.games.seen.exact.matches import match_defaults
from pokerdice_stats.games.seen.simulation.rounds import seen_round_game
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.codes import STARTER_CODES
from pokerdice_stats.kernels.simulation.matches import matches_chunk
from pokerdice_stats.kernels.simulation.records import MatchFormat, MatchTally, RoundGame
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import MAX_TARGET, STARTERS, RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: Matches a chunk.
MATCH_CHUNK = 1 << 12
#: Matches simulated when the run options do not say.
DEFAULT_MATCHES = 100_000


@dataclass(frozen=True)
class MatchJob:
    """Matches: what a chunk needs (picklable)."""

    match: MatchFormat
    game: RoundGame
    desc: str = "matches"
    chunk_size: int = MATCH_CHUNK

    def new_tally(self, size: int) -> MatchTally:
        return zeros_tally(MatchTally, wins=self.match.players)

    def fill(self, state: np.ndarray, size: int, tally: MatchTally) -> None:
        matches_chunk(state, size, self.match, self.game, tally)


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
    rules: str = ""  # the rule set's label

    def frame(self) -> pd.DataFrame:
        """One row a seat (its chance to win the match), then the expected rounds."""
        figures = {f"seat {k} wins": e for k, e in enumerate(self.seats, start=1)}
        return estimates_frame({**figures, "expected rounds": self.expected_rounds})

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules or None,
            target=self.target,
            win=[e.estimate for e in self.seats],
            expected_rounds=self.expected_rounds.estimate,
            n=self.n,
            seed=self.seed,
        )


def simulate_matches(
    rules: RuleSet,
    players: int = 2,
    target: int | None = None,
    starter: str | None = None,
    *,
    run: RunOptions | None = None,
) -> MatchResult:
    """Simulate matches: the first player to ``target`` round wins takes the match.

    ``target`` and ``starter`` default to the rule set's options of those names.

    Parameters
    ----------
    rules : RuleSet
        The rule set: ties with a single round winner (``roll-off`` or ``must-beat``).
    players : int, default 2
        Seats, 2 to 5.
    target : int, optional
        Round wins needed, 1 to :data:`~pokerdice_stats.turn.rules.MAX_TARGET` (default:
        the rule set's ``target`` option).
    starter : str, optional
        Who starts the next round: ``last-thrower``, ``rotate`` or ``winner`` (default:
        the rule set's ``starter`` option).
    run : RunOptions, optional
        Samples (default :data:`DEFAULT_MATCHES`, 100,000 matches), seed, workers,
        progress bar.

    Returns
    -------
    MatchResult
        Each seat's simulated chance to win the match (Wilson intervals) and the
        expected number of rounds.

    Raises
    ------
    OptionError
        For shared ties (no single round winner), a bad target or starter rule, or a
        number of players outside 2 to 5.
    """
    rules = check_rule_set(rules)
    run = run or RunOptions()
    default_target, default_starter = match_defaults(rules)
    target = default_target if target is None else target
    starter = default_starter if starter is None else starter
    target = checked_whole_number(target, "the target", 1, MAX_TARGET)
    if starter not in STARTERS:
        raise OptionError(f"unknown starter rule {starter!r}; choose one of: {STARTERS}")
    players = check_players(players)
    game, _ = seen_round_game(rules, players)
    match = MatchFormat(players, target, STARTER_CODES[starter])
    done = run_job(MatchJob(match, game), run, DEFAULT_MATCHES)
    totals = done.totals
    check_no_policy(totals)
    seats = [stats.proportion(int(w), done.n, run.seed) for w in totals["wins"]]
    rounds = stats.mean(
        float(totals["rounds_sum"][0]), float(totals["rounds_sum_sq"][0]), done.n, run.seed
    )
    return MatchResult(
        seats, rounds, target, starter, done.n, run.seed, done.interrupted, rules.label()
    )
