"""Matches: rounds played until one player reaches a target of round wins.

The chain's state is the scores and the player who starts the next round.
Each round is the round of :mod:`pokerdice_stats.games.seen.exact.rounds` seen from its
starter: seat ``r`` of the round is player ``starter + r - 1`` around the
table.  Who starts the next round:

- ``last-thrower`` (gameweave): the player after the last one to throw.  After
  an ordinary round that is the same starter again; after a roll-off, the
  player after the last tied player (of the last roll-off).
- ``rotate`` (classic, "the start passes to the left each round"): the next
  player around the table.
- ``winner`` (triple-snakes, "whoever wins the pot begins the next round").

Every round has exactly one winner (roll-offs settle ties), so the total score
grows by one a round and the chain is solved exactly by recursion over the
scores, highest total first: each player's chance to win the match and the
expected number of rounds (a roll-off belongs to its round).  Exact when the
round is exact.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from pokerdice_stats.games.seats import MAX_PLAYERS, check_players
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.bounds import (
    MAX_MATCH_STATES,
    largest_match_target,
    match_targets_text,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import MAX_TARGET, STARTERS, RuleSet

#: The presets whose documents play matches of round wins (their ``target`` and
#: ``starter`` options say how).
MATCH_PRESETS = ("gameweave", "classic", "triple-snakes")
#: Most (scores, starter) states a match chain may have.
MAX_STATES = MAX_MATCH_STATES


@dataclass(frozen=True)
class Match:
    """Each player's chance to win a match, and its expected length.

    Attributes
    ----------
    rules : RuleSet
    players : int
    target : int
        Round wins needed to take the match.
    starter : str
        One of :data:`pokerdice_stats.turn.rules.STARTERS`.
    exact : bool
    win : tuple
        Chance that each player wins the match (player 1 starts the first round).
    expected_rounds : Fraction or float
        Expected number of rounds played.
    """

    rules: RuleSet
    players: int
    target: int
    starter: str
    exact: bool
    win: tuple
    expected_rounds: Fraction | float

    def frame(self) -> pd.DataFrame:
        """One row per seat: ``seat``, ``win``, ``expected_rounds`` (floats), exact columns too."""
        rows = []
        for seat, value in enumerate(self.win, start=1):
            row: dict[str, Fraction | float] = {
                "seat": seat,
                "win": float(value),
                "expected_rounds": float(self.expected_rounds),
            }
            if self.exact:
                row["win_exact"] = value
                row["expected_rounds_exact"] = self.expected_rounds
            rows.append(row)
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            players=self.players,
            target=self.target,
            win=self.win,
            expected_rounds=self.expected_rounds,
        )


def match_defaults(rules: RuleSet) -> tuple[int, str]:
    """The target and starter rule a rule set plays by (its ``target`` and ``starter`` options).

    Raises
    ------
    OptionError
        For rule sets whose ties are shared (``split``, ``push``): a tied round
        has no single winner, so there is no match of round wins.
    """
    if rules.ties not in ("roll-off", "must-beat"):
        raise OptionError(
            f"matches need a winner every round; ties={rules.ties} shares tied rounds "
            "(use ties=roll-off or must-beat)"
        )
    return rules.target, rules.starter


def solve_match(
    rules: RuleSet,
    players: int,
    target: int | None = None,
    starter: str | None = None,
    *,
    exact: bool = False,
) -> Match:
    """Solve a match.

    Parameters
    ----------
    rules : RuleSet
        The rule set: seen (``knowledge=seen``), with ties that give every round one
        winner (``roll-off`` or ``must-beat``).
    players : int
        2 to 5.
    target : int, optional
        Round wins needed, 1 to :data:`~pokerdice_stats.turn.rules.MAX_TARGET` (default:
        the rule set's ``target`` option: 3 for gameweave, 5 for the other presets).
    starter : str, optional
        Who starts the next round (default: the preset's rule, see
        :func:`match_defaults`).
    exact : bool
        Exact Fractions (see :func:`~pokerdice_stats.games.seen.exact.rounds.solve_round`).

    Returns
    -------
    Match
        Each player's chance to win the match and its expected length in rounds.

    Raises
    ------
    OptionError
        For a bad number of players, target or starter rule, or shared ties.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> solve_match(get_rules("gameweave"), 2)  # to 3 round wins, gameweave's own
    Match(rules='gameweave', players=2, target=3, win=[0.429682, 0.570318], expected_rounds=4.11651)
    """
    rules = check_rule_set(rules)
    n = check_players(players)
    default_target, default_starter = match_defaults(rules)
    target = default_target if target is None else target
    target = checked_whole_number(target, option("target", flag="--to"), 1, MAX_TARGET)
    if target**n * n > MAX_STATES:
        raise OptionError(
            f"a match of {n} players to {target} has too many score states: the target is "
            f"at most {largest_match_target(n, MAX_TARGET)} for {n} players "
            f"({match_targets_text(range(2, MAX_PLAYERS + 1), MAX_TARGET)})"
        )
    starter = default_starter if starter is None else starter
    if starter not in STARTERS:
        raise OptionError(f"unknown starter rule {starter!r}; choose one of: {STARTERS}")
    result = solve_round(rules, n, exact=exact)
    outcome = {
        (w, l): p
        for w, row in enumerate(result.last_thrower)
        for l, p in enumerate(row)  # noqa: E741
        if p != 0
    }
    win, rounds = match_chain(n, target, starter, outcome, exact)
    return Match(rules, n, target, starter, bool(exact), win, rounds)


def match_chain(
    players: int, target: int, starter: str, outcome: dict, exact: bool
) -> tuple[tuple, Fraction | float]:
    """Solve the chain over (scores, starter) by recursion on the scores.

    Parameters
    ----------
    players, target : int
    starter : str
        One of :data:`pokerdice_stats.turn.rules.STARTERS`.
    outcome : dict
        ``outcome[(w, l)]``: chance that seat ``w`` of a round (0-based, the
        starter is 0) wins and seat ``l`` throws last.
    exact : bool

    Returns
    -------
    (win, expected_rounds)
        Each player's chance to win the match, and the expected rounds.
    """
    zero = Fraction(0) if exact else 0.0
    moves: dict[tuple[int, int], Fraction | float] = {}  # (winner, next starter) offsets
    for (w, last), p in outcome.items():
        if starter == "last-thrower":
            step = (last + 1) % players
        elif starter == "rotate":
            step = 1 % players
        else:
            step = w
        moves[(w, step)] = moves.get((w, step), zero) + p

    @functools.cache
    def value(scores: tuple[int, ...], first: int) -> tuple[tuple, Fraction | float]:
        wins = [zero] * players
        rounds = zero
        for (w, step), p in moves.items():
            winner = (first + w) % players
            nxt = (first + step) % players
            new = list(scores)
            new[winner] += 1
            if new[winner] >= target:
                wins[winner] += p
                continue
            sub_wins, sub_rounds = value(tuple(new), nxt)
            for i in range(players):
                wins[i] += p * sub_wins[i]
            rounds += p * sub_rounds
        return tuple(wins), rounds + 1

    # Fill the cache from the highest totals down, so the recursion stays shallow.
    for total in range(players * (target - 1), -1, -1):
        for scores in _scores_with_total(players, target - 1, total):
            for first in range(players):
                value(scores, first)
    return value(tuple([0] * players), 0)


def _scores_with_total(players: int, top: int, total: int):
    if players == 1:
        if 0 <= total <= top:
            yield (total,)
        return
    for first in range(min(top, total) + 1):
        for rest in _scores_with_total(players - 1, top, total - first):
            yield (first, *rest)
