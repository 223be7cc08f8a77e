"""Chips (triple-snakes): does the best hand so far hold up?

In the chips game of the triple-snakes rules each player, after their turn,
checks or raises knowing the best hand so far; a later player who does not
strictly beat it is out.  The number that decides a check or a raise is the
chance that the best hand holds up against the players still to throw, each
of whom plays to win the pot (not merely to beat the hand: a later player
also weighs the players after them).  :func:`holdup` gives it, exact under
``must-beat``; :func:`holdup_table` gives it for every best hand and number
of players left; :func:`pot_chances` gives each seat's chance of taking the
pot from the start.

The same numbers are defined for every rule set (the holder's chance to win
the round, roll-offs and shared pots included), so the functions accept any
rule set; triple-snakes is the default of the command line.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.games.seats import MAX_PLAYERS, check_players
from pokerdice_stats.games.seen.exact.rounds import outcomes, solve_round
from pokerdice_stats.games.seen.exact.seat_chain import forward_tie_sets
from pokerdice_stats.games.seen.exact.strengths import n_strengths, zeros
from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import exact_is_cheap, hand_table
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:  # pandas only where a frame is made
    import pandas as pd

#: Largest number of players still to throw (a round has at most 5 players).
MAX_LEFT = MAX_PLAYERS - 1


@dataclass(frozen=True)
class Holdup:
    """The chance a best hand holds up, and who takes the pot otherwise.

    Attributes
    ----------
    hand : str
        The best hand so far, as written by the rule set.
    category : str
    players_left : int
    holds_up : Fraction or float
        Chance that the holder takes the pot.
    later : tuple
        Chance that each later player (in turn order) takes the pot.
    exact : bool
    """

    hand: str
    category: str
    players_left: int
    holds_up: Fraction | float
    later: tuple
    exact: bool

    def record(self) -> dict:
        """A JSON-friendly record (exact values as Fractions, or None when not exact)."""
        return {
            "hand": self.hand,
            "category": self.category,
            "players_left": self.players_left,
            "holds_up": self.holds_up if self.exact else None,
            "holds_up_float": float(self.holds_up),
            "later": [
                {
                    "player": i,
                    "takes_pot": p if self.exact else None,
                    "takes_pot_float": float(p),
                }
                for i, p in enumerate(self.later, start=1)
            ],
        }

    def frame(self) -> pd.DataFrame:
        """One row for the hand and one for each later player: ``who``, ``takes_pot`` (the
        chance that this one ends the round holding the pot; a Fraction when exact) and
        ``takes_pot_float`` (the same as a float, for plotting), as the strategy frames
        give ``value`` and ``value_float``."""
        import pandas as pd

        chances = [self.holds_up, *self.later]
        whos = [f"{self.hand} holds up"] + [f"later player {k}" for k in range(1, len(chances))]
        return pd.DataFrame(
            {
                "who": whos,
                "takes_pot": chances,
                "takes_pot_float": [float(c) for c in chances],
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self, hand=self.hand, players_left=self.players_left, holds_up=self.holds_up
        )


def check_left(players_left: object) -> int:
    """The number of later players, 1 to :data:`MAX_LEFT`, or refused naming the option."""
    return checked_whole_number(players_left, option("players_left"), 1, MAX_LEFT)


def holdup(
    rules: RuleSet,
    hand: str | int,
    players_left: int,
    *,
    limit: int | None = None,
    exact: bool | None = None,
) -> Holdup:
    """The chance that ``hand`` holds up against ``players_left`` later players.

    Parameters
    ----------
    rules : RuleSet
        The rule set (``knowledge=seen``: later players see the best hand).
    hand : str or int
        The best hand so far (dice, or a hand index).
    players_left : int
        Players still to throw, 1 to 4.
    limit : int, optional
        Under ``throw_limit=first-player``: the throws each later player may
        take (the first player's); default: all.
    exact : bool, optional
        Exact Fractions; default: when cheap (:func:`exact_is_cheap`).

    Returns
    -------
    Holdup
        The chance that the hand holds up (its holder takes the pot), and each later
        player's chance to take it.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For a number of players left outside 1..4, or blind rules (``knowledge=blind``).
    DiceError
        For a hand that cannot be read.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> result = holdup(get_rules("triple-snakes"), "3 3 3 5 6", 1)
    >>> result.holds_up, round(float(result.holds_up), 4)
    (Fraction(415945, 1417176), 0.2935)
    """
    left = check_left(players_left)
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    table = hand_table(rules)
    h = table.hand(hand)
    players = left + 1
    result = solve_round(rules, players, exact=exact)
    chain = result.chain(limit)
    s = int(table.strength[h])
    start = zeros((n_strengths(rules),), exact)
    start[s] = Fraction(1) if exact else 1.0
    states = forward_tie_sets(chain, {1: start})
    rolloff = dict(result.rolloff)
    win, _ = outcomes(states, players, rules.ties, rolloff, None, exact, replay=False)
    return Holdup(
        hand=table.format(h),
        category=table.category_slug(h),
        players_left=left,
        holds_up=win[0],
        later=tuple(win[1:]),
        exact=exact,
    )


def holdup_table(
    rules: RuleSet, max_left: int = MAX_LEFT, *, exact: bool | None = None
) -> pd.DataFrame:
    """The hold-up chance of every best hand for 1 .. ``max_left`` players left.

    Parameters
    ----------
    rules : RuleSet
        The rule set (``knowledge=seen``: later players see the best hand).
    max_left : int, default MAX_LEFT
        The most players still to throw, 1 to 4 (:data:`MAX_LEFT`).
    exact : bool, optional
        Exact Fractions; default: when cheap (:func:`exact_is_cheap`).

    Returns
    -------
    pandas.DataFrame
        One row per distinct strength (weakest first): ``strength``, ``example``
        (one hand of that strength), ``category`` and, for each number of players
        left ``k`` from 1 to ``max_left``, ``left_k`` (the chance it holds up: exact
        when ``exact``, else float) and ``left_k_float``.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For ``max_left`` outside 1..4, or blind rules (``knowledge=blind``).
    """
    max_left = checked_whole_number(max_left, option("max_left"), 1, MAX_LEFT)
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    table = hand_table(rules)
    examples: dict[int, int] = {}
    for h in np.argsort(table.strength, kind="stable"):
        examples.setdefault(int(table.strength[h]), int(h))
    rows: list[dict[str, Any]] = [
        {
            "strength": s,
            "example": table.format(h),
            "category": table.category_slug(h),
        }
        for s, h in sorted(examples.items())
    ]
    for left in range(1, max_left + 1):
        chain = solve_round(rules, left + 1, exact=exact).chain(None)
        values = chain.first_seat_values()
        for row in rows:
            value = values[row["strength"]]
            row[f"left_{left}"] = value
            row[f"left_{left}_float"] = float(value)
    import pandas as pd

    return pd.DataFrame(rows)


def pot_chances(rules: RuleSet, players: int, *, exact: bool | None = None) -> tuple:
    """Each seat's chance of taking the pot from the start of a round."""
    n = check_players(players)
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    return solve_round(rules, n, exact=exact).win
