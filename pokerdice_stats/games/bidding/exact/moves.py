"""The answer at one position of bidding for two, as data; and the bids so far, read.

Shared by the answers of both solvers
(:func:`~pokerdice_stats.games.bidding.exact.position.position_answer`,
:func:`~pokerdice_stats.games.bidding.exact.claims_position.claims_position`); light to
import (no linear program, no pandas), so an answer from the cache starts quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.numbers import settled
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.fixed_order import dot

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "UNITS",
    "Move",
    "Position",
    "best_move",
    "by_own_rung",
    "finish_position",
    "parse_bids",
]

#: The unit of every result of the bidding game.
UNITS = "units won per game, +1 win / -1 loss"


@dataclass(frozen=True)
class Move:
    """One alternative: ``call`` or a rung; the solution's chance of it; its value."""

    move: str
    chance: float
    value: float


@dataclass(frozen=True)
class Position:
    """The answer at a position (see the module docstring)."""

    hand: str
    bids: tuple[str, ...]
    seat: int
    beliefs: str
    on_tree: bool
    mix: str
    chance_last_bid: Fraction | None
    chance_last_bid_beliefs: float | None
    moves: tuple[Move, ...]

    def frame(self) -> pd.DataFrame:
        """One row an alternative: ``move`` (``call`` or a rung), ``chance`` (the mix's)
        and ``value`` (units won per game)."""
        import pandas as pd

        rows = [{"move": m.move, "chance": m.chance, "value": m.value} for m in self.moves]
        return pd.DataFrame(rows, columns=["move", "chance", "value"])

    def __repr__(self) -> str:
        best = max(self.moves, key=lambda m: m.chance).move if self.moves else None
        return short_repr(
            self,
            hand=self.hand,
            bids=len(self.bids),
            last_bid=self.bids[-1] if self.bids else None,
            seat=self.seat,
            mix=self.mix,
            move=best,
            moves=len(self.moves),
        )


def best_move(moves: tuple[Move, ...] | list[Move]) -> Move:
    """The move of the best value, the first of equal ones; a move with no value (NaN: a
    bid the solution cannot value, :func:`~pokerdice_stats.games.bidding.exact.
    claims_position.claims_position`) is never it.

    >>> best_move([Move("call", 0.0, -1.0), Move("x", 0.0, float("nan")), Move("y", 1.0, 0.5)])
    Move(move='y', chance=1.0, value=0.5)
    """
    valued = [m for m in moves if m.value == m.value]
    return max(valued, key=lambda m: m.value) if valued else moves[0]


def parse_bids(ladder: BidLadder, text: str | list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """Rung indices of bids given as labels (a comma-separated text or a list).

    Raises
    ------
    OptionError
        For bids that are neither a text nor a list of texts, an empty bid, an unknown
        rung, or bids that do not rise.
    """
    if not isinstance(text, str | list | tuple) or not all(isinstance(t, str) for t in text):
        raise OptionError(
            "bids are rung labels, oldest first: a comma-separated text such as "
            f"'one-pair,full-house' or a list of labels, got {shown(text)}"
        )
    if isinstance(text, str):
        items = text.split(",") if text.strip() else []  # no text: no bids (the opening)
    else:
        items = list(text)
    labels = [str(item).strip() for item in items]
    if "" in labels:
        raise OptionError(
            f"bids: an empty bid in {shown(text)}; name each bid, oldest first, "
            "e.g. 'one-pair,full-house' (no bids: the opening)"
        )
    rungs = tuple(ladder.rung(label) for label in labels)
    for before, after, label in zip(rungs, rungs[1:], labels[1:], strict=False):
        if after <= before:
            raise OptionError(
                f"bids must rise: {label!r} is not higher than {ladder.labels[before]!r}"
            )
    return rungs


def finish_position(
    hand: str,
    bids: tuple[str, ...],
    beliefs: str,
    on_tree: bool,
    moves: list[Move],
    last_true: np.ndarray | None,
    belief: np.ndarray,
) -> Position:
    """The :class:`Position` of an answer whose moves are valued and mixed (``mix:
    "solution"``; the callers that re-solve the game from the position say so).

    ``last_true``: by the other's hand, whether the ten dice make the last bid (None at the
    opening); ``belief``: the other's hands' weights (summing to 1).  Chances and values
    are kept to 15 significant digits (:func:`~pokerdice_stats.ground.numbers.settled`):
    a certain loss is ``-1``, not the ``-0.9999999999999999`` a sum of weights gives.
    """
    last_chance: Fraction | None = None
    chance_beliefs: float | None = None
    if last_true is not None:
        last_chance = Fraction(int(ix.HAND_WAYS[last_true].sum()), ix.N_THROWS)
        # a bid true (or false) against every hand is so whatever the weights: 1 (0) exactly
        chance_beliefs = (
            settled(belief[last_true].sum()) if 0 < last_chance < 1 else float(last_chance)
        )
    moves = [Move(m.move, settled(m.chance), settled(m.value)) for m in moves]
    return Position(
        hand,
        bids,
        len(bids) % 2 + 1,
        beliefs,
        on_tree,
        "solution",
        last_chance,
        chance_beliefs,
        tuple(moves),
    )


def by_own_rung(
    ladder: BidLadder, chances: np.ndarray, labels: list[str]
) -> list[dict[str, object]]:
    """Rows of a frame by own rung (the rungs some hand makes, lowest first): ``own_rung``,
    ``chance_of_hand``, then the chance of each move (``chances``: ``(252, n_moves)`` by own
    hand, ``labels`` naming the moves), the rung's hands weighted by their chance."""
    weights = ix.HAND_WAYS.astype(float)
    rows = []
    for rung, label in enumerate(ladder.labels):
        mine = np.asarray(ladder.hand_rung) == rung
        if not mine.any():
            continue
        # a matrix against a vector: summed with NumPy alone (an answer read back loads no numba)
        mix = dot(np.asarray(chances)[mine].T, weights[mine]) / weights[mine].sum()
        row: dict[str, object] = {"own_rung": label, "chance_of_hand": weights[mine].sum() / 7776}
        row.update({name: float(share) for name, share in zip(labels, mix, strict=True)})
        rows.append(row)
    return rows


def check_solution(result: object, kind: type, solver: str) -> None:
    """Refuse a ``result`` that is not a solution of type ``kind`` (from ``solver``).

    Raises
    ------
    OptionError
        Naming what was given and the function that makes a solution.
    """
    if not isinstance(result, kind):
        raise OptionError(
            f"the first argument is the solved game (a {kind.__name__} from {solver}), "
            f"got a {type(result).__name__}"
        )
