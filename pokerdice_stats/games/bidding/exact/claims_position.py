"""One position of bidding for two, answered by a solution on claims; and its opening.

The answer has the same parts as
:func:`~pokerdice_stats.games.bidding.exact.position.position_answer` (the mix, each
alternative's value, the chance the ten dice make the last bid), read from a
:class:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding`:

- the bids so far are read as their claims; the position is on the solution's tree
  when that claim history is (two bids of one claim never are);
- the mix: on the tree, the solution's chances for the mover's own hand, each claim's
  chance on the top rung of its block (the solution bids block tops only; other
  rungs get 0);
- where the solution does not pin the play down (off its tree, where it would call
  every bid; where it never makes the other's bids so far, or the mover's own with its
  hand: its play there was never trained), the game from the position re-solved
  (:func:`~pokerdice_stats.games.bidding.exact.claims_resolve.resolve_claims`, ``mix:
  "re-solved"``), its mix and values read as the solution's are;
- the value of a move: the mover's expected result (units won per game) when it makes
  that move and both then play the solution (or the re-solved game), the other's hand
  weighted by the chance the solution gives each of its hands to make the other's bids
  so far (``beliefs: "solution"``), or by the chance of the throw alone (``"throw"``)
  where the solution never makes them.  A bid the solution answers outside its tree
  is called.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.bidding.exact.claims_answer import solve_claims
>>> result = solve_claims(get_rules("classic"), "category", iterations=100)
>>> answer = claims_position(result, "Q Q Q 9 9", "full-house")
>>> answer.seat, answer.beliefs, [m.move for m in answer.moves][:2]
(2, 'solution', ['call', 'four-of-a-kind'])
>>> round(sum(m.chance for m in answer.moves), 9)
1.0
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.bidding.exact.claims import claim_of_rung
from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_resolve import resolve_claims, seat_weights
from pokerdice_stats.games.bidding.exact.claims_tree import CALL
from pokerdice_stats.games.bidding.exact.moves import (
    Move,
    Position,
    by_own_rung,
    check_solution,
    finish_position,
    parse_bids,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.hands import hand_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["claims_opening_frame", "claims_position", "claims_strategy_frame"]


class _Walk:
    """The mover's value of play from a history on, both playing ``policy`` (a solution's,
    or a re-solved game's: claim history -> moves and their chances by own hand; a call
    outside it).

    ``made[x]``: the claim the ten dice make when the other holds hand ``x``;
    ``own``: the mover's hand.  Values are linear in the other's weights ``belief``.
    """

    def __init__(
        self,
        policy: dict[tuple[int, ...], tuple[tuple[int, ...], np.ndarray]],
        n_claims: int,
        own: int,
        made: np.ndarray,
    ) -> None:
        self.policy = policy
        self.own = own
        self.won_if_true = {c: np.where(made >= c, 1.0, -1.0) for c in range(n_claims)}

    def bid(self, history: tuple[int, ...], belief: np.ndarray) -> float:
        """The mover has just bid ``history[-1]``; the other answers by the solution."""
        claim = history[-1]
        if history not in self.policy:  # the other calls outside the tree
            return float(dot(belief, self.won_if_true[claim]))
        moves, chances = self.policy[history]
        total = 0.0
        for move, row in zip(moves, chances, strict=True):
            after = belief * row
            if not after.any():
                continue
            if move == CALL:
                total += float(dot(after, self.won_if_true[claim]))
            else:
                total += self.answer((*history, move), after)
        return total

    def answer(self, history: tuple[int, ...], belief: np.ndarray) -> float:
        """The other has just bid ``history[-1]``; the mover plays the solution."""
        claim = history[-1]
        if history not in self.policy:  # the solution calls outside its tree
            return -float(dot(belief, self.won_if_true[claim]))
        moves, chances = self.policy[history]
        total = 0.0
        for move, chance in zip(moves, chances[:, self.own], strict=True):
            if chance <= 0.0:
                continue
            if move == CALL:
                total -= chance * float(dot(belief, self.won_if_true[claim]))
            else:
                total += chance * self.bid((*history, move), belief)
        return total


def claims_position(
    result: ClaimsBidding, hand: str, bids: str | list[str] | tuple[str, ...]
) -> Position:
    """The solution's answer, and each alternative's value, at one position.

    Parameters
    ----------
    result : ClaimsBidding
        The solution on claims (from
        :func:`~pokerdice_stats.games.bidding.exact.claims_answer.solve_claims`).
    hand : str
        The mover's own five dice.
    bids : str or list of str
        The bids so far on ``result.ladder``, oldest first (comma-separated, or a list);
        their number says who moves (seat 1 after an even number).

    Returns
    -------
    Position
        The mover's seat, the solution's mix over the call and every legal bid (``mix:
        "solution"``; ``"re-solved"`` where the game from the position was solved again,
        well under a second from a high claim, 1 to 5 s and about 1.2 GB from the lowest;
        after the top claim the call, the only move of the game on claims),
        each move's value (units won per game) and the chance the ten dice make the last
        bid.

    Raises
    ------
    DiceError
        For a hand that cannot be read.
    OptionError
        For a ``result`` that is not a :class:`ClaimsBidding`, an unknown rung or bids
        that do not rise.
    LimitError
        If re-solving the game from the position would pass the memory budget.
    """
    check_solution(result, ClaimsBidding, "solve_claims")
    full = result.ladder
    table = hand_table(full.rules)
    own = table.hand(hand)
    real = parse_bids(full, bids)
    seat = 1 if len(real) % 2 == 0 else 2
    history = result.claim_history(full, real)
    on_tree = history in result.policy
    made = np.asarray(result.claims.pair_rung[own])
    n_claims = result.claims.n_rungs
    policy = result.policy
    belief, beliefs = ix.HAND_WAYS / ix.N_THROWS, "throw"
    if on_tree:
        reach = seat_weights(result, history, 3 - seat)
        if reach.sum() > 0:
            belief, beliefs = reach / reach.sum(), "solution"
    own_bids = on_tree and seat_weights(result, history, seat)[own] > 0
    # where the solution does not pin the play down, the game from here is solved again
    pinned = own_bids and beliefs == "solution"
    # after the top claim the call is the only move the game on claims has
    forced = bool(real) and history[-1] == n_claims - 1
    resolved = bool(real) and not forced and not pinned
    if resolved:
        game = resolve_claims(result, history)
        policy = game.policy
        belief, beliefs = game.weights[seat % 2], game.beliefs[seat % 2]  # the other's
    walk = _Walk(policy, n_claims, own, made)
    mix: dict[int, float] = {}
    if history in policy:
        moves_here, chances = policy[history]
        for move, chance in zip(moves_here, chances[:, own], strict=True):
            mix[CALL if move == CALL else int(result.tops[move])] = float(chance)
    elif real:
        mix[CALL] = 1.0  # after the top claim, as any player must
    moves: list[Move] = []
    last = history[-1] if history else -1
    if real:
        moves.append(Move("call", mix.get(CALL, 0.0), -float(dot(belief, walk.won_if_true[last]))))
    of_rung = claim_of_rung(full)
    for rung in range(real[-1] + 1 if real else 0, full.n_rungs):
        claim = int(of_rung[rung])
        if real and claim == last:
            # the last bid's claim again: no move of the game on claims, which the solution
            # never answers (a default would call a bid that may be always true): no value
            moves.append(Move(full.labels[rung], 0.0, float("nan")))
            continue
        value = walk.bid((*history, claim), belief)  # off the tree: called
        moves.append(Move(full.labels[rung], mix.get(rung, 0.0), float(value)))
    answer = finish_position(
        table.format(own),
        tuple(full.labels[b] for b in real),
        beliefs,
        on_tree,
        moves,
        made >= last if real else None,
        belief,
    )
    return dataclasses.replace(answer, mix="re-solved") if resolved else answer


def claims_opening_frame(result: ClaimsBidding) -> pd.DataFrame:
    """Seat 1's opening bid by own rung: the chance of each rung bid (rows: own rung).

    The same columns as :func:`~pokerdice_stats.games.bidding.exact.frames.opening_frame`:
    ``own_rung``, ``chance_of_hand``, then one column a rung the solution opens with.
    """
    import pandas as pd

    moves, chances = result.policy[()]
    labels = [result.ladder.labels[int(result.tops[m])] for m in moves]
    rows = by_own_rung(result.ladder, chances.T, labels)
    return pd.DataFrame(rows)


def claims_strategy_frame(
    result: ClaimsBidding, depth: int = 1, at_least: float = 0.01
) -> pd.DataFrame:
    """The solution's moves by own hand at every history of at most ``depth`` bids.

    One row per seat, history, own hand and move the solution makes there with chance
    ``at_least`` or more: ``seat``, ``bids_so_far`` (the claims' top rungs, oldest
    first, ``-`` before any), ``own_hand``, ``own_rung``, ``move`` (``call`` or the rung
    bid) and ``chance``.  Deeper histories and rarer moves:
    :func:`claims_position` (``bidding --hand --bids``).
    """
    import pandas as pd

    full = result.ladder
    table = hand_table(full.rules)
    order = np.lexsort((np.arange(ix.N_HANDS), -table.key))
    rows = []
    for history in sorted((h for h in result.histories if len(h) <= depth), key=len):
        moves, chances = result.policy[history]
        bids = ", ".join(full.labels[int(result.tops[c])] for c in history) or "-"
        names = ["call" if m == CALL else full.labels[int(result.tops[m])] for m in moves]
        for h in order:
            for name, chance in zip(names, chances[:, h], strict=True):
                if chance >= at_least:
                    rows.append(
                        {"seat": len(history) % 2 + 1, "bids_so_far": bids,
                         "own_hand": table.format(int(h)),
                         "own_rung": full.labels[full.hand_rung[h]], "move": name,
                         "chance": float(chance)}
                    )  # fmt: skip
    return pd.DataFrame(rows)
