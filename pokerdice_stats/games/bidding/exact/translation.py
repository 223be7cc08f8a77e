"""Reading a bid of the full ladder as one of the abstraction's kept rungs.

The fine-ladder solution (:mod:`~pokerdice_stats.games.bidding.exact.solve`) bids
only a few *kept* rungs of the full fine ladder.  To play it in the full game,
where the other player may bid any rung, a *translation rule* reads each bid
the other player makes as a kept rung, and the solved strategy answers that
kept rung.  The rules (:data:`TRANSLATIONS`):

- ``down`` (default): the highest kept rung at or below the bid;
- ``up``: the lowest kept rung at or above the bid (above the top kept rung:
  the top kept rung);
- ``nearest``: the kept rung nearest the bid by rung index on the full ladder
  (a tie goes down).

Rulings (written in the README beside the project's other rulings):

- the lowest rung of the full ladder is always kept (every ten dice make it),
  so ``down`` is always defined;
- a bid read at or below the abstract bid before it (the solved player's own
  last bid, or the other's last reading) is read as the next kept rung above
  that bid, so the abstract history always rises; when no kept rung is left
  above it, the solved player calls (as it must after the top kept rung);
- the solved player's own bids are kept rungs, read as themselves; whatever
  the reading, the solved player's next bid (a kept rung above the reading)
  is above the real last bid, so it is legal in the full game; a call is
  settled on the real last bid.

Examples
--------
>>> table = translation_table((0, 3, 5), 7, "down")
>>> table.tolist()
[0, 0, 0, 1, 1, 2, 2]
>>> translation_table((0, 3, 5), 7, "up").tolist()
[0, 1, 1, 1, 2, 2, 2]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.ground.errors import OptionError

__all__ = ["TRANSLATIONS", "check_translation", "kept_rungs", "read_bid", "translation_table"]

#: The translation rules, the default first.
TRANSLATIONS = ("down", "up", "nearest")


def check_translation(rule: str) -> str:
    """The rule, checked.

    Raises
    ------
    OptionError
        For a rule not in :data:`TRANSLATIONS`.
    """
    if rule not in TRANSLATIONS:
        raise OptionError(f"unknown translation {rule!r}; one of: {', '.join(TRANSLATIONS)}")
    return rule


def kept_rungs(full: BidLadder, abstract: BidLadder) -> tuple[int, ...]:
    """The full-ladder index of each rung of ``abstract`` (a restricted ladder of ``full``).

    Raises
    ------
    OptionError
        If a rung of ``abstract`` is not on ``full``, or the lowest rung of
        ``full`` is not kept.
    """
    kept = tuple(full.rung(label) for label in abstract.labels)
    if not kept or kept[0] != 0 or list(kept) != sorted(set(kept)):
        raise OptionError("the kept rungs must rise and start at the full ladder's lowest rung")
    return kept


def translation_table(kept: Sequence[int], n_rungs: int, rule: str = "down") -> np.ndarray:
    """For each rung of the full ladder, the kept rung (its position in ``kept``) it reads as.

    Parameters
    ----------
    kept : sequence of int
        The kept rungs' indices on the full ladder, rising, the first 0.
    n_rungs : int
        Rungs of the full ladder.
    rule : str
        One of :data:`TRANSLATIONS`.

    Returns
    -------
    (n_rungs,) int64
        Positions in ``kept``; a kept rung reads as itself under every rule.

    Raises
    ------
    OptionError
        For an unknown rule, or kept rungs that do not start at 0 or rise.
    """
    check_translation(rule)
    where = np.asarray(kept, dtype=np.int64)
    if where.size == 0 or where[0] != 0 or (np.diff(where) <= 0).any() or where[-1] >= n_rungs:
        raise OptionError("the kept rungs must rise from 0 within the full ladder")
    rungs = np.arange(n_rungs)
    down = np.searchsorted(where, rungs, side="right") - 1
    up = np.minimum(np.searchsorted(where, rungs, side="left"), where.size - 1)
    if rule == "down":
        return down.astype(np.int64)
    if rule == "up":
        return up.astype(np.int64)
    # nearest: the closer of the two by rung index; a tie (or nothing above) goes down.
    closer_up = (where[up] >= rungs) & (where[up] - rungs < rungs - where[down])
    return np.where(closer_up, up, down).astype(np.int64)


def read_bid(table: np.ndarray, bid: int, last: int) -> int | None:
    """The kept rung a full-ladder bid is read as, after the abstract bid ``last``.

    Parameters
    ----------
    table : (n_rungs,) int array
        From :func:`translation_table`.
    bid : int
        The bid on the full ladder.
    last : int
        The abstract history's last bid (a position among the kept rungs), or
        -1 at the start.

    Returns
    -------
    int or None
        The position among the kept rungs; ``None`` when no kept rung is left
        above ``last`` (the solved player then calls).
    """
    reading = int(table[bid])
    if reading > last:
        return reading
    if last + 1 <= int(table.max()):
        return last + 1
    return None
