"""Plain-Python twins of bidding for two: ten dice by brute force, odds, a tiny game by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.turn.hands import hand_table


def plain_hand_rungs(ladder) -> list[int]:
    """Each hand's rung, from the hand table (category ladder) or the main face (fine)."""
    table = hand_table(ladder.rules)
    n_categories = len(ladder.rules.categories)
    rungs = []
    for h in range(ix.N_HANDS):
        category = ladder.rules.categories[int(table.category[h])].slug
        if ladder.name == "category":
            rungs.append(ladder.labels.index(category))
            continue
        face = table.tiebreak_ranks(h)[0]
        label = f"{category}:{ladder.rules.face_chart.labels[face]}"
        rungs.append(ladder.labels.index(label))
    assert n_categories == len(ladder.rules.categories)
    return rungs


def best_of_ten(dice: list[int], rungs: list[int]) -> int:
    """The highest rung among the five-dice subsets of ten dice (face ranks).

    Every choice of five of the ten dice is a multiset of at most the counts of
    each face, so the subsets are walked as those multisets (each distinct one
    once: equal subsets make the same rung).
    """
    have = [dice.count(f) for f in range(6)]
    best = -1
    for take in itertools.product(*(range(n + 1) for n in have)):
        if sum(take) == 5:
            best = max(best, rungs[ix.hand_index(take)])
    return best


def _brute_table(rungs: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    out = {}
    for combo in itertools.combinations_with_replacement(range(6), 10):
        counts = tuple(combo.count(f) for f in range(6))
        out[counts] = best_of_ten(list(combo), list(rungs))
    return out


_TABLES: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}


def ten_dice_table(ladder) -> dict[tuple[int, ...], int]:
    """Best rung of every multiset of ten dice (counts by face), by brute force over subsets.

    Kept by the hands' rungs, which decide it, so the tests that need one
    ladder's table build it once.
    """
    rungs = tuple(plain_hand_rungs(ladder))
    if rungs not in _TABLES:
        _TABLES[rungs] = _brute_table(rungs)
    return _TABLES[rungs]


def plain_bid_odds(ladder) -> list[list[Fraction]]:
    """Chance each own hand and the other's throw make at least each rung.

    Summing over the other's 252 hands weighted by their ordered throws is the
    sum over all 6^5 throws, since the ten dice's best rung depends only on the
    multiset of the ten dice: over all 6^5 x 6^5 pairs of throws it is the same
    sum, each own hand's row counted once per throw of it.
    """
    table = ten_dice_table(ladder)
    out = []
    for h in range(ix.N_HANDS):
        row = [0] * ladder.n_rungs
        for g in range(ix.N_HANDS):
            counts = tuple(
                int(a + b) for a, b in zip(ix.HAND_COUNTS[h], ix.HAND_COUNTS[g], strict=True)
            )
            best = table[counts]
            for rung in range(best + 1):
                row[rung] += int(ix.HAND_WAYS[g])
        out.append([Fraction(n, ix.N_THROWS) for n in row])
    return out


def two_rung_value(odds: list[list[Fraction]], top: int) -> Fraction:
    """The value of a two-rung game, solved by hand.

    The lower rung is met by every ten dice.  Seat 1 bids the top rung (seat 2
    must call; seat 1 wins when the ten dice make it) or the lower one; then
    seat 2 bids the top rung rather than call a claim that always holds, and
    seat 1 must call it, winning when the ten dice miss it.  With P(h) the
    chance the ten dice make the top rung given seat 1's hand h, seat 1 takes
    the better of 2P - 1 and 1 - 2P: the value is the sum of p(h) |2 P(h) - 1|.
    ``odds``: :func:`plain_bid_odds` of the full ladder; ``top``: the top rung on it.
    """
    rung = top
    total = Fraction(0)
    for h in range(ix.N_HANDS):
        p_top = odds[h][rung]
        total += Fraction(int(ix.HAND_WAYS[h]), ix.N_THROWS) * abs(2 * p_top - 1)
    return total


def play_games(state, n: int, tree, pair_rung, strategy1, strategy2) -> dict:
    """Plain twin of the simulation kernel: the same draws from the same generator.

    Walks the tree by histories (tuples), not by the kernel's arrays.
    """
    from pokerdice_stats.games.bidding.exact.tree import CALL
    from pokerdice_stats.kernels.simulation.rng import (
        FIVE_DICE,
        FIVE_DICE_THRESHOLD,
        below,
        next_u53,
    )

    total, wins, bids = 0, 0, 0
    called = [0] * tree.n_rungs
    threshold = FIVE_DICE_THRESHOLD
    import numpy as np

    for _ in range(n):
        h1 = int(ix.CODE_TO_HAND[below(state, FIVE_DICE, np.uint64(threshold))])
        h2 = int(ix.CODE_TO_HAND[below(state, FIVE_DICE, np.uint64(threshold))])
        history: tuple[int, ...] = ()
        while True:
            seat = 1 if len(history) % 2 == 0 else 2
            u = float(next_u53(state)) * 2.0**-53
            actions = tree.actions(history)
            chosen = actions[-1]
            acc = 0.0
            for action in actions:
                move = tree.seq_index[seat][(history, action)]
                acc += (strategy1 if seat == 1 else strategy2)[h1 if seat == 1 else h2, move]
                if u < acc:
                    chosen = action
                    break
            if chosen == CALL:
                rung = history[-1]
                winner = (3 - seat) if pair_rung[h1, h2] >= rung else seat
                called[rung] += 1
                total += 1 if winner == 1 else -1
                wins += winner == 1
                break
            bids += 1
            history = (*history, chosen)
    return {"result": total, "seat1_wins": wins, "bids": bids, "called": called}


def plain_claim_blocks(ladder) -> list[str]:
    """For each rung, the highest rung satisfied by exactly the same pairs of hands.

    Looks at every pair (own hand, other hand) for every rung: rungs whose
    sets of satisfying pairs are equal make one claim, named by the highest of them.
    """
    import numpy as np

    made = np.asarray(ladder.pair_rung)
    satisfied = [made >= rung for rung in range(ladder.n_rungs)]  # (own, other) pairs
    out = []
    for rung in range(ladder.n_rungs):
        same = [r for r in range(ladder.n_rungs) if np.array_equal(satisfied[r], satisfied[rung])]
        out.append(ladder.labels[max(same)])
    return out
