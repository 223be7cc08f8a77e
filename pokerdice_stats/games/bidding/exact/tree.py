"""The public tree of bidding for two: every sequence of bids, and the calls.

A history is the tuple of bids made so far (rung indices, strictly rising);
seat 1 moves when it has an even length, seat 2 when odd.  At the empty
history seat 1 must bid; after that the player to move calls or bids a
higher rung; after the top rung it must call.  With R rungs there are 2^R
histories, and every non-empty one ends in a call once: 2^R - 1 outcomes.

Sequence form: a seat's *sequence* is one of its moves, ``(history, action)``
with ``action`` a rung or :data:`CALL`; sequence 0 is the empty one.  An
*information set* is a history where the seat moves (paired with its own
hand); its parent sequence is the seat's previous move in the history.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from pokerdice_stats.ground.errors import OptionError

__all__ = ["CALL", "MAX_RUNGS", "BidTree", "bid_tree", "mover"]

#: The action "call" (a bid is its rung index, 0 and up).
CALL = -1
#: Most rungs the exact tree is built for (2^R histories).
MAX_RUNGS = 16


def mover(history: tuple[int, ...]) -> int:
    """The seat (1 or 2) that moves after ``history``."""
    return 1 if len(history) % 2 == 0 else 2


@dataclass(frozen=True)
class Infoset:
    """A history where a seat moves: its parent sequence and its moves (sequence ids)."""

    history: tuple[int, ...]
    parent: int
    actions: tuple[int, ...]
    moves: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """A call ending the game: the history, the caller, each seat's last sequence.

    ``bidder`` made the last bid, ``rung`` is that bid; ``sequence`` maps a
    seat to its last move before or at the call.
    """

    history: tuple[int, ...]
    caller: int
    rung: int
    sequence: tuple[int, int]

    @property
    def bidder(self) -> int:
        """The seat that made the called bid."""
        return 3 - self.caller


@dataclass(frozen=True)
class BidTree:
    """Histories, sequences, information sets and outcomes for ``n_rungs`` rungs."""

    n_rungs: int
    histories: tuple[tuple[int, ...], ...]
    sequences: dict[int, tuple[tuple[tuple[int, ...], int] | None, ...]] = field(repr=False)
    seq_index: dict[int, dict[tuple[tuple[int, ...], int], int]] = field(repr=False)
    infosets: dict[int, tuple[Infoset, ...]] = field(repr=False)
    outcomes: tuple[Outcome, ...] = field(repr=False)

    def n_sequences(self, seat: int) -> int:
        """Sequences of a seat, the empty one included."""
        return len(self.sequences[seat])

    def actions(self, history: tuple[int, ...]) -> tuple[int, ...]:
        """The moves allowed after ``history``: call (if a bid stands), then higher bids."""
        last = history[-1] if history else -1
        calls = (CALL,) if history else ()
        return calls + tuple(range(last + 1, self.n_rungs))


def bid_tree(n_rungs: int, root: tuple[int, ...] = ()) -> BidTree:
    """Build the tree for a ladder of ``n_rungs`` rungs, or the part of it from the
    history ``root`` on as a tree of its own (each seat's sequences are then its moves
    from ``root``; sequence 0, the empty one, stands for its moves before).

    Raises
    ------
    OptionError
        For fewer than one or more than :data:`MAX_RUNGS` rungs.
    """
    if not 1 <= n_rungs <= MAX_RUNGS:
        raise OptionError(
            f"the exact bidding tree takes 1 to {MAX_RUNGS} rungs, not {n_rungs} "
            f"({2**n_rungs} histories)"
        )
    depth = len(root)
    above = range(root[-1] + 1 if root else 0, n_rungs)
    histories: list[tuple[int, ...]] = []
    for length in range(len(above) + 1):
        histories.extend(root + rest for rest in itertools.combinations(above, length))
    sequences: dict[int, list] = {1: [None], 2: [None]}
    seq_index: dict[int, dict] = {1: {}, 2: {}}
    infosets: dict[int, list[Infoset]] = {1: [], 2: []}
    outcomes: list[Outcome] = []
    probe = BidTree(n_rungs, (), {}, {}, {}, ())

    def last_move(history: tuple[int, ...], back: int) -> int:
        """The sequence of the move ``back`` bids before the end of ``history`` (0 when
        there is none, or it came before ``root``)."""
        at = len(history) - back
        if at < depth:
            return 0
        return seq_index[mover(history[:at])][(history[:at], history[at])]

    for history in histories:
        seat = mover(history)
        actions = probe.actions(history)
        moves = []
        for action in actions:
            seq_index[seat][(history, action)] = len(sequences[seat])
            moves.append(len(sequences[seat]))
            sequences[seat].append((history, action))
        infosets[seat].append(Infoset(history, last_move(history, 2), actions, tuple(moves)))
        if history:
            call_move = seq_index[seat][(history, CALL)]
            bidder_move = last_move(history, 1)
            pair = (call_move, bidder_move) if seat == 1 else (bidder_move, call_move)
            outcomes.append(Outcome(history, seat, history[-1], pair))
    return BidTree(
        n_rungs,
        tuple(histories),
        {s: tuple(v) for s, v in sequences.items()},
        seq_index,
        {s: tuple(v) for s, v in infosets.items()},
        tuple(outcomes),
    )
