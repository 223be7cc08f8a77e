"""The named records the exact kernels take (as :mod:`.simulation.records` for the chunks).

Each record is a :class:`typing.NamedTuple` of arrays and scalars, a type numba
compiles in nopython mode: kernels read the fields by name (``order.kinds``),
never by position, and the numpy twins take the same records.  Importing this
module does not import numba.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pokerdice_stats.ground import indexing as ix


class HandOrder(NamedTuple):
    """How a rule set orders hands, as data (see :mod:`.classify`).

    - ``kinds`` (C,) int64: the ``KIND_*`` code of each category, best first;
    - ``patterns`` (C, 5) int64: counts largest first, 0-padded (pattern categories);
    - ``run_lengths`` (C,) int64 and ``run_masks`` (C,) int64 (bit ``s``: a run may
      start at rank ``s``): the run categories;
    - ``tiebreak_digits`` (C,) int64: how many leading base-6 digits of the tie-break code
      (the combination's dice, then the odd dice) break ties within each category: 5
      (``tiebreak=full``), the combination's dice only (``combination``: the odd dice
      are ignored) or 0 (``category``: the category alone counts);
    - ``wild``: rank of the wild face, or -1.
    """

    kinds: np.ndarray
    patterns: np.ndarray
    run_lengths: np.ndarray
    run_masks: np.ndarray
    tiebreak_digits: np.ndarray
    wild: int


class Multisets(NamedTuple):
    """The hands and the keeps as count vectors (from :mod:`pokerdice_stats.ground.indexing`).

    - ``hand_counts`` (252, 6) int64: every hand;
    - ``keep_counts`` (462, 6) and ``keep_size`` (462,) int64: every multiset of 0..5
      dice, to enumerate the assignments of wild dice.
    """

    hand_counts: np.ndarray
    keep_counts: np.ndarray
    keep_size: np.ndarray


def multisets() -> Multisets:
    """The :class:`Multisets` of the index tables, as int64 arrays."""
    return Multisets(
        ix.HAND_COUNTS.astype(np.int64), ix.KEEP_COUNTS_INT64, ix.KEEP_SIZE.astype(np.int64)
    )


class CarriedStates(NamedTuple):
    """The ``(untouched, hand)`` states of turn-scoped rethrow limits and where a keep
    carries them (see :func:`.reroll.forward_step_carried`).

    - ``state_hand``, ``state_untouched`` (S,) int64: each state's hand and the keep of
      first-throw dice never thrown again;
    - ``intersection`` (462, 462) int64: the untouched dice a keep carries on;
    - ``pair_of`` (462, 462) int64: the row of a (carried, keep) pair;
    - ``pair_ptr``, ``pair_state``, ``pair_ways``: the rows, CSR (next state and its ways;
      ``pair_ways`` in the pass's number type).
    """

    state_hand: np.ndarray
    state_untouched: np.ndarray
    intersection: np.ndarray
    pair_of: np.ndarray
    pair_ptr: np.ndarray
    pair_state: np.ndarray
    pair_ways: np.ndarray
