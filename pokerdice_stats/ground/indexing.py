"""The one set of indices every module uses for throws, hands and keeps.

- A *face* is a rank 0..5 (0 the lowest face of the chart).
- A *throw* is five ordered dice, written as the base-6 code
  ``sum(rank[i] * 6**i)``, 0..7775.
- A *hand* is the multiset of a throw, an index 0..251.
- A *keep* is a multiset of 0 to 5 dice, an index 0..461; the keep of
  size five that equals hand ``h`` is ``HAND_KEEP[h]``.

Multisets are stored as count vectors (how many dice show each rank).  The
arrays here are built once, at import, in plain Python and NumPy, and are
read-only.

The *reroll model* is the sparse matrix of :data:`REROLL`: for each keep,
the hands that keeping it and throwing the other dice can land on, with the
number of ways out of ``6**5`` (the ways of the thrown dice scaled by
``6**kept``).  Its rows sum to 7776.  :data:`DIE_BY_DIE` makes the same sums one
die at a time, in a third of the additions.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import factorial

import numpy as np

N_DICE = 5
N_FACES = 6
N_THROWS = N_FACES**N_DICE  # 7776
N_HANDS = 252
N_KEEPS = 462


def _multinomial(counts: tuple[int, ...]) -> int:
    total = factorial(sum(counts))
    for c in counts:
        total //= factorial(c)
    return total


def _all_count_vectors() -> list[tuple[int, ...]]:
    """Every count vector of 0..5 dice, by size, then by sorted ranks (lowest first)."""
    vectors = []
    for size in range(N_DICE + 1):
        for ranks in itertools.combinations_with_replacement(range(N_FACES), size):
            vectors.append(tuple(ranks.count(r) for r in range(N_FACES)))
    return vectors


def _counts_code(counts: np.ndarray) -> np.ndarray:
    """Base-6 code of count vectors (each count 0..5); works on a (..., 6) array."""
    weights = N_FACES ** np.arange(N_FACES)
    return (np.asarray(counts, dtype=np.int64) * weights).sum(axis=-1)


def _build() -> dict[str, np.ndarray]:
    vectors = _all_count_vectors()
    keep_counts = np.array(vectors, dtype=np.int8)
    keep_size = keep_counts.sum(axis=1).astype(np.int8)
    counts_to_keep = np.full(N_FACES**N_FACES, -1, dtype=np.int16)
    counts_to_keep[_counts_code(keep_counts)] = np.arange(len(vectors), dtype=np.int16)

    hand_keep = np.flatnonzero(keep_size == N_DICE).astype(np.int16)
    hand_counts = keep_counts[hand_keep]
    keep_to_hand = np.full(len(vectors), -1, dtype=np.int16)
    keep_to_hand[hand_keep] = np.arange(len(hand_keep), dtype=np.int16)
    hand_ways = np.array([_multinomial(tuple(c)) for c in hand_counts], dtype=np.int64)

    # Throw code -> hand.
    digits = (np.arange(N_THROWS)[:, None] // (N_FACES ** np.arange(N_DICE))) % N_FACES
    throw_counts = np.zeros((N_THROWS, N_FACES), dtype=np.int64)
    for die in range(N_DICE):
        throw_counts[np.arange(N_THROWS), digits[:, die]] += 1
    code_to_hand = keep_to_hand[counts_to_keep[_counts_code(throw_counts)]].astype(np.int16)

    # Reroll model: keep -> hands, ways out of 6**5 (the thrown dice's multinomial
    # count, scaled by 6**kept).  Vectorised over the hands, one keep at a time.
    factorials = np.array([factorial(n) for n in range(N_DICE + 1)], dtype=np.int64)
    reroll_ptr = [0]
    reroll_hand: list[np.ndarray] = []
    reroll_ways: list[np.ndarray] = []
    for k in range(len(vectors)):
        diff = hand_counts.astype(np.int64) - keep_counts[k].astype(np.int64)
        reachable = np.flatnonzero((diff >= 0).all(axis=1))
        thrown = diff[reachable]
        ways = factorials[thrown.sum(axis=1)] // np.prod(factorials[thrown], axis=1)
        ways = ways * N_FACES ** int(keep_size[k])
        assert int(keep_size[k]) == N_DICE or int(ways.sum()) == N_THROWS
        reroll_hand.append(reachable)
        reroll_ways.append(ways)
        reroll_ptr.append(reroll_ptr[-1] + len(reachable))

    # Sub-keeps of each hand, canonical order: most dice first, then higher faces
    # (compared highest first).
    def canonical_key(k: int) -> tuple:
        ranks_high_first = sorted(
            (r for r in range(N_FACES) for _ in range(vectors[k][r])), reverse=True
        )
        return (-len(ranks_high_first), [-r for r in ranks_high_first])

    order = {k: i for i, k in enumerate(sorted(range(len(vectors)), key=canonical_key))}
    sub_ptr = [0]
    sub_keep: list[int] = []
    for h in range(len(hand_keep)):
        within = (keep_counts.astype(np.int64) <= hand_counts[h].astype(np.int64)).all(axis=1)
        subs = sorted((int(k) for k in np.flatnonzero(within)), key=order.__getitem__)
        sub_keep.extend(subs)
        sub_ptr.append(len(sub_keep))

    return {
        "keep_counts": keep_counts,
        "keep_size": keep_size,
        "counts_to_keep": counts_to_keep,
        "hand_keep": hand_keep,
        "keep_to_hand": keep_to_hand,
        "hand_counts": hand_counts,
        "hand_ways": hand_ways,
        "code_to_hand": code_to_hand,
        "reroll_ptr": np.array(reroll_ptr, dtype=np.int64),
        "reroll_hand": np.concatenate(reroll_hand).astype(np.int64),
        "reroll_ways": np.concatenate(reroll_ways).astype(np.int64),
        "sub_ptr": np.array(sub_ptr, dtype=np.int64),
        "sub_keep": np.array(sub_keep, dtype=np.int64),
    }


_TABLES = _build()
for _array in _TABLES.values():
    _array.setflags(write=False)

#: (462, 6) int8: dice of each rank in each keep.
KEEP_COUNTS: np.ndarray = _TABLES["keep_counts"]
#: (462,) int8: number of dice in each keep.
KEEP_SIZE: np.ndarray = _TABLES["keep_size"]
#: (46656,) int16: keep index of a count vector's base-6 code, -1 where invalid.
COUNTS_TO_KEEP: np.ndarray = _TABLES["counts_to_keep"]
#: (252,) int16: keep index of each hand.
HAND_KEEP: np.ndarray = _TABLES["hand_keep"]
#: (462,) int16: hand index of each five-dice keep, -1 for smaller keeps.
KEEP_TO_HAND: np.ndarray = _TABLES["keep_to_hand"]
#: (252, 6) int8: dice of each rank in each hand.
HAND_COUNTS: np.ndarray = _TABLES["hand_counts"]
#: (252,) int64: ordered throws (out of 7776) giving each hand.
HAND_WAYS: np.ndarray = _TABLES["hand_ways"]
#: (7776,) int16: hand index of each throw code.
CODE_TO_HAND: np.ndarray = _TABLES["code_to_hand"]


@dataclass(frozen=True)
class SparseRows:
    """A sparse matrix stored by rows (CSR): row ``i`` is ``ptr[i]:ptr[i+1]``."""

    ptr: np.ndarray
    col: np.ndarray
    val: np.ndarray | None = None


#: Keep -> (hand, ways out of 7776) of landing on it after throwing the rest.
REROLL = SparseRows(_TABLES["reroll_ptr"], _TABLES["reroll_hand"], _TABLES["reroll_ways"])


def _state_of() -> np.ndarray:
    state_of = np.full((N_KEEPS, N_HANDS), -1, dtype=np.int64)
    for k in range(N_KEEPS):
        row = slice(REROLL.ptr[k], REROLL.ptr[k + 1])
        state_of[k, REROLL.col[row]] = np.arange(REROLL.ptr[k], REROLL.ptr[k + 1])
    state_of.setflags(write=False)
    return state_of


#: (462, 252) int64: under sticky holds, the state index of (aside keep, hand): the
#: position of that hand in the aside keep's REROLL row; -1 where the aside is not in the hand.
STATE_OF: np.ndarray = _state_of()

#: The keep of nothing (index 0): all five dice thrown.
EMPTY_KEEP = 0
#: Number of (aside, hand) states under sticky holds: one per entry of REROLL (4,368).
N_STICKY_STATES = int(REROLL.ptr[-1])
#: (4368,) int64: the hand of each sticky state (``REROLL.col``).
STICKY_STATE_HAND: np.ndarray = REROLL.col
#: (4368,) int64: the keep set aside in each sticky state (the REROLL row it lies in).
STICKY_STATE_ASIDE: np.ndarray = np.repeat(np.arange(N_KEEPS, dtype=np.int64), np.diff(REROLL.ptr))
#: (252,) int64: the sticky state of each hand straight after the first throw (nothing aside).
FIRST_STICKY_STATES: np.ndarray = STATE_OF[EMPTY_KEEP]
#: (252,) int64: :data:`HAND_KEEP` as int64, the index type the kernels take.
HAND_KEEP_INT64: np.ndarray = HAND_KEEP.astype(np.int64)
#: (462, 6) int64: :data:`KEEP_COUNTS` as int64.
KEEP_COUNTS_INT64: np.ndarray = KEEP_COUNTS.astype(np.int64)
for _array in (STICKY_STATE_ASIDE, HAND_KEEP_INT64, KEEP_COUNTS_INT64):
    _array.setflags(write=False)
#: Hand -> its sub-keeps, in canonical order: most dice first, then higher faces.
SUBKEEPS = SparseRows(_TABLES["sub_ptr"], _TABLES["sub_keep"])


@dataclass(frozen=True)
class DieByDie:
    """The reroll model one die at a time.

    Throwing the ``m`` dice a keep leaves is throwing one of them, then the other
    ``m - 1``: the sum over the ``6**m`` throws of a value of the hand they make is
    ``W(k) = W(k + face 0) + ... + W(k + face 5)``, with ``W`` of a five-dice keep its
    hand's value.  So the value of every keep takes 6 additions a keep of fewer than
    five dice (1,260 in all) where :data:`REROLL` takes a multiply-add a reachable
    hand (4,368).  The ways of :data:`REROLL` are ``W(k) * 6**size``.

    Attributes
    ----------
    grow : (462, 6) int64
        The keep with one more die of each face; -1 for a keep of five dice.
    order : (210,) int64
        The keeps of fewer than five dice, most dice first (each after its ``grow``).
    scale : (462,) int64
        ``6**size``: ``W(k) * scale[k]`` is the :data:`REROLL` sum (out of 7776).
    throws : (462,) float64
        ``6**(5 - size)``, the throws of the dice left: ``W(k) / throws[k]`` is the mean.
    """

    grow: np.ndarray
    order: np.ndarray
    scale: np.ndarray
    throws: np.ndarray


def _die_by_die() -> DieByDie:
    size = KEEP_SIZE.astype(np.int64)
    grow = np.full((N_KEEPS, N_FACES), -1, dtype=np.int64)
    for k in np.flatnonzero(size < N_DICE):
        bigger = np.repeat(KEEP_COUNTS[k][None].astype(np.int64), N_FACES, axis=0)
        bigger[np.arange(N_FACES), np.arange(N_FACES)] += 1
        grow[k] = COUNTS_TO_KEEP[_counts_code(bigger)]
    order = np.flatnonzero(size < N_DICE)
    order = order[np.argsort(-size[order], kind="stable")].astype(np.int64)
    model = DieByDie(grow, order, N_FACES**size, (N_FACES ** (N_DICE - size)).astype(np.float64))
    for array in (model.grow, model.order, model.scale, model.throws):
        array.setflags(write=False)
    return model


#: The reroll model one die at a time (:class:`DieByDie`).
DIE_BY_DIE = _die_by_die()


def keep_index(counts: np.ndarray | list[int] | tuple[int, ...]) -> int:
    """Keep index of a count vector of six counts summing to 0..5."""
    return int(COUNTS_TO_KEEP[int(_counts_code(np.asarray(counts)))])


def hand_index(counts: np.ndarray | list[int] | tuple[int, ...]) -> int:
    """Hand index of a count vector of six counts summing to 5."""
    return int(KEEP_TO_HAND[keep_index(counts)])


def counts_of_ranks(ranks: list[int] | tuple[int, ...] | np.ndarray) -> np.ndarray:
    """Count vector of a sequence of ranks."""
    return np.bincount(np.asarray(ranks, dtype=np.int64), minlength=N_FACES).astype(np.int8)


def ranks_of_counts(counts: np.ndarray | list[int] | tuple[int, ...]) -> list[int]:
    """The ranks of a count vector, highest first."""
    return [r for r in range(N_FACES - 1, -1, -1) for _ in range(int(counts[r]))]


def throw_codes(ranks: np.ndarray) -> np.ndarray:
    """Base-6 throw codes of an (N, 5) array of ranks."""
    weights = N_FACES ** np.arange(N_DICE, dtype=np.int64)
    return (np.asarray(ranks, dtype=np.int64) * weights).sum(axis=1)
