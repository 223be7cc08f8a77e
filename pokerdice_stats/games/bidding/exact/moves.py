"""The answer at one position of bidding for two, as data; and the bids so far, read.

Shared by the answers of both solvers
(:func:`~pokerdice_stats.games.bidding.exact.position.position_answer`,
:func:`~pokerdice_stats.games.bidding.exact.claims_position.claims_position`); light to
import (no linear program, no pandas), so an answer from the cache starts quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground.errors import OptionError

__all__ = ["UNITS", "Move", "Position", "parse_bids"]

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


def parse_bids(ladder: BidLadder, text: str | list[str] | tuple[str, ...]) -> tuple[int, ...]:
    """Rung indices of bids given as labels (a comma-separated text or a list).

    Raises
    ------
    OptionError
        For an unknown rung, or bids that do not rise.
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    labels = [str(item).strip() for item in items if str(item).strip()]
    rungs = tuple(ladder.rung(label) for label in labels)
    for before, after, label in zip(rungs, rungs[1:], labels[1:], strict=False):
        if after <= before:
            raise OptionError(
                f"bids must rise: {label!r} is not higher than {ladder.labels[before]!r}"
            )
    return rungs
