"""Slow, obviously-right rounds and matches: the oracle for ``pokerdice_stats.games``.

Shares no code with ``pokerdice_stats``; hands are compared with the plain
classifier of ``tests/reference.py`` (itself written from the rule documents).
A hand is a sorted tuple of five ranks; ``key(hand)`` compares like the hands.

Three oracles, each built differently from the package:

- :func:`one_throw_round`: a round where each player throws once (no
  decisions), by enumerating every combination of the players' hands with its
  weight; ties are settled as the rules say, a roll-off of the tied players by
  solving its geometric series (``x = a + p x``) over the sub-rounds.
- :func:`round_by_expectimax`: a round with decisions, as a recursion over the
  whole history ``(seat, best key, set of tied seats)`` that returns the vector
  of every seat's win chance; each seat maximises its own entry by an
  expectimax over every hold of its five dice, every thrown die enumerated
  (ties between equally good holds broken by the canonical order: stand, then
  most dice, then higher faces).  Roll-offs are resolved by plain value
  iteration on the roll-off chances.  Optionally the first player's throw
  limit: the first player's stand value depends on the throws it used.
- :func:`match_by_recursion`: a match as a recursion on the scores.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from fractions import Fraction

from tests.reference import reference_key

Hand = tuple[int, ...]


# ----------------------------------------------------------------------------
# Dice.


@functools.cache
def outcomes(kept: Hand) -> tuple[tuple[Hand, int], ...]:
    """Hands reached by keeping ``kept`` and throwing the other dice: (hand, ordered ways)."""
    counter: Counter = Counter()
    for thrown in itertools.product(range(6), repeat=5 - len(kept)):
        counter[tuple(sorted(kept + thrown))] += 1
    return tuple(sorted(counter.items()))


@functools.cache
def chances(kept: Hand, number) -> tuple[tuple[Hand, object], ...]:
    """:func:`outcomes` with each count as a chance, ``number(Fraction(ways, 6**m))``
    (worked out once per hold and number type)."""
    n = 6 ** (5 - len(kept))
    return tuple((hand, number(Fraction(ways, n))) for hand, ways in outcomes(kept))


def first_throw() -> tuple[tuple[Hand, Fraction], ...]:
    """Every hand of one throw of five dice, with its probability."""
    return tuple((hand, Fraction(ways, 6**5)) for hand, ways in outcomes(()))


def holds_in_canonical_order(hand: Hand) -> list[Hand]:
    """The distinct sub-multisets of a hand: most dice first, then higher faces first."""
    return list(_holds_in_canonical_order(hand))


@functools.cache
def _holds_in_canonical_order(hand: Hand) -> tuple[Hand, ...]:
    subs = {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(hand, n)}
    return tuple(sorted(subs, key=lambda kept: (-len(kept), sorted(-d for d in kept))))


def make_key(straights: str, tiebreak: str):
    """The comparison key of a rule set (no wild faces)."""

    @functools.cache
    def key(hand: Hand):
        return reference_key(hand, straights=straights, tiebreak=tiebreak)

    return key


# ----------------------------------------------------------------------------
# One turn.


def solve_turn(stand_values, throws: int, number=Fraction):
    """The optimal turn when standing after ``t`` throws is worth ``stand_values[t - 1][hand]``.

    Returns ``(value, final)``: the value of the turn and the distribution of
    ``(throws used, final hand)`` under the canonically tie-broken optimal play
    (a hold replaces an earlier one in canonical order only if strictly better;
    floats by more than 1e-12).
    """
    tolerance = 1e-12 if number is float else 0

    @functools.cache
    def throw(kept: Hand, used: int):
        """Expected value of keeping ``kept`` and throwing the rest as throw ``used + 1``."""
        total = number(0)
        for h, chance in chances(kept, number):
            total += chance * state(h, used + 1)[0]
        return total

    @functools.cache
    def state(hand: Hand, used: int) -> tuple:
        """(value, chosen hold) after ``used`` throws; the hold is the hand itself to stand."""
        best, choice = stand_values[used - 1][hand], hand
        if used == throws:
            return best, choice
        for kept in _holds_in_canonical_order(hand)[1:]:
            value = throw(kept, used)
            if value > best + tolerance:
                best, choice = value, kept
        return best, choice

    value = sum(number(p) * state(hand, 1)[0] for hand, p in first_throw())
    final: Counter = Counter()
    mass = {hand: number(p) for hand, p in first_throw()}
    for used in range(1, throws + 1):
        nxt: Counter = Counter()
        for hand, m in mass.items():
            kept = state(hand, used)[1]
            if kept == hand:
                final[(used, hand)] += m
                continue
            for h, chance in chances(kept, number):
                nxt[h] += m * chance
        mass = nxt
    return value, dict(final)


# ----------------------------------------------------------------------------
# Rounds.


def one_throw_round(n: int, straights: str, tiebreak: str, ties: str) -> list[Fraction]:
    """Each seat's win chance in a round where every player throws once.

    Every combination of the ``n`` players' hands is enumerated with its weight (the
    product of the hands' ways out of 7776, whole numbers); the weights are added up by
    the set of seats tied at the top, which is then shared out as the tie rule says.
    """
    key = make_key(straights, tiebreak)
    classes: Counter = Counter()
    for hand, p in first_throw():
        classes[key(hand)] += p * 7776
    items = [(k, int(ways)) for k, ways in classes.items()]
    assert sum(ways for _, ways in items) == 7776
    by_tie: Counter = Counter()
    for combo in itertools.product(items, repeat=n):
        keys, ways = zip(*combo, strict=True)
        top = max(keys)
        by_tie[tuple(i for i, k in enumerate(keys) if k == top)] += math.prod(ways)
    if ties == "roll-off":
        tables = rolloff_tables(n, [(k, Fraction(ways, 7776)) for k, ways in items])
    win = [Fraction(0)] * n
    for tied, ways in by_tie.items():
        weight = Fraction(ways, 7776**n)
        if ties == "must-beat":
            win[tied[0]] += weight  # the first to reach the top; later ties are out
        elif ties in ("split", "push"):
            for i in tied:
                win[i] += weight / len(tied)
        else:
            for i in tied:
                win[i] += weight * tables[len(tied)][0][tied.index(i)]
    return win


def rolloff_tables(n: int, items) -> dict[int, tuple[list, list]]:
    """One-throw roll-offs of 1..n players: (win chances, (winner, last thrower) chances).

    For ``m`` players, ``x = a + p x`` where ``p`` is the chance that all ``m``
    tie again; smaller ties use the smaller roll-offs.
    """
    tables: dict[int, tuple[list, list]] = {1: ([Fraction(1)], [[Fraction(1)]])}
    for m in range(2, n + 1):
        win = [Fraction(0)] * m
        last = [[Fraction(0)] * m for _ in range(m)]
        again = Fraction(0)
        for combo in itertools.product(items, repeat=m):
            weight = Fraction(1)
            for _, p in combo:
                weight *= p
            keys = [k for k, _ in combo]
            top = max(keys)
            tied = [i for i, k in enumerate(keys) if k == top]
            if len(tied) == m:
                again += weight
            elif len(tied) == 1:
                win[tied[0]] += weight
                last[tied[0]][m - 1] += weight
            else:
                sub_win, sub_last = tables[len(tied)]
                for a, i in enumerate(tied):
                    win[i] += weight * sub_win[a]
                    for b, j in enumerate(tied):
                        last[i][j] += weight * sub_last[a][b]
        tables[m] = (
            [w / (1 - again) for w in win],
            [[v / (1 - again) for v in row] for row in last],
        )
    return tables


def one_throw_last_thrower(n: int, straights: str, tiebreak: str) -> list[list[Fraction]]:
    """(winner, last thrower) chances of a one-throw roll-off round of ``n`` players."""
    key = make_key(straights, tiebreak)
    classes: Counter = Counter()
    for hand, p in first_throw():
        classes[key(hand)] += p
    return rolloff_tables(n, list(classes.items()))[n][1]


def win_vectors(
    n: int,
    straights: str,
    tiebreak: str,
    ties: str,
    *,
    number=Fraction,
    rolloff: dict | None = None,
):
    """The recursion over the history of a round of ``n`` players.

    Returns ``vector(seat, best, tied, throws)``: every seat's win chance when
    seats ``seat .. n - 1`` (0-based) are still to play, each with ``throws``
    throws, the best key so far is ``best`` (None: no hand yet) and ``tied`` are
    the seats holding it.  ``rolloff[m]`` gives the roll-off win chances of ``m``
    tied players (roll-off rules).
    """
    key = make_key(straights, tiebreak)
    hands = [h for h, _ in outcomes(())]
    one = number(1)
    zero = number(0)

    def end(tied: tuple[int, ...]) -> tuple:
        vec = [zero] * n
        if ties in ("split", "push"):
            for i in tied:
                vec[i] = one / len(tied)
        elif len(tied) == 1:
            vec[tied[0]] = one
        else:
            for a, i in enumerate(tied):
                vec[i] = rolloff[len(tied)][a]
        return tuple(vec)

    def after(seat: int, best, tied: tuple[int, ...], hand: Hand) -> tuple[object, tuple]:
        k = key(hand)
        if best is None or k > best:
            return k, (seat,)
        if k == best and ties != "must-beat":
            return best, (*tied, seat)
        return best, tied

    @functools.cache
    def vector(seat: int, best, tied: tuple[int, ...], throws_now: int) -> tuple:
        if seat == n:
            return end(tied)
        stand = {h: vector(seat + 1, *after(seat, best, tied, h), throws_now)[seat] for h in hands}
        _, final = solve_turn([stand] * throws_now, throws_now, number)
        total = [zero] * n
        for (_, hand), p in final.items():
            sub = vector(seat + 1, *after(seat, best, tied, hand), throws_now)
            for i in range(n):
                total[i] += p * sub[i]
        return tuple(total)

    return vector


def round_by_expectimax(
    n: int,
    throws: int,
    straights: str,
    tiebreak: str,
    ties: str,
    *,
    limit: bool = False,
    number=Fraction,
    rolloff: dict | None = None,
) -> list:
    """Each seat's win chance when each later seat sees every earlier hand.

    ``rolloff[m]`` gives the roll-off win chances of ``m`` tied players (roll-off
    rules); :func:`rolloff_by_iteration` finds them.  With ``limit``, the first
    player's stand value after ``t`` throws is its chance when every later
    player has ``t`` throws.
    """
    key = make_key(straights, tiebreak)
    hands = [h for h, _ in outcomes(())]
    vector = win_vectors(n, straights, tiebreak, ties, number=number, rolloff=rolloff)
    if not limit:
        return list(vector(0, None, (), throws))
    stands = [{h: vector(1, key(h), (0,), t)[0] for h in hands} for t in range(1, throws + 1)]
    _, final = solve_turn(stands, throws, number)
    total = [number(0)] * n
    for (used, hand), p in final.items():
        sub = vector(1, key(hand), (0,), used)
        for i in range(n):
            total[i] += p * sub[i]
    return total


def rolloff_by_iteration(
    n: int, throws: int, straights: str, tiebreak: str, *, limit: bool = False, sweeps: int = 60
) -> dict[int, list[float]]:
    """Roll-off win chances of 1..n players by value iteration (floats).

    ``W_m <- round of m players with W_m in its tie values``, from ``1/m``,
    until a sweep changes nothing by more than 1e-15 (the change shrinks like
    ``P(all tie)**k``) or after ``sweeps`` sweeps.
    """
    tables: dict[int, list[float]] = {1: [1.0]}
    for m in range(2, n + 1):
        guess = [1.0 / m] * m
        for _ in range(sweeps):
            tables[m] = guess
            new = round_by_expectimax(
                m, throws, straights, tiebreak, "roll-off", limit=limit, number=float,
                rolloff=tables,
            )  # fmt: skip
            change = max(abs(a - b) for a, b in zip(new, guess, strict=True))
            guess = new
            if change < 1e-15:
                break
        tables[m] = guess
    return tables


# ----------------------------------------------------------------------------
# Matches.


def match_by_recursion(
    n: int, target: int, starter: str, outcome: dict[tuple[int, int], object]
) -> tuple[list, object]:
    """Each player's chance to win a match, and the expected number of rounds.

    ``outcome[(w, l)]``: chance that the round's seat ``w`` wins and seat ``l``
    throws last (seats counted from the round's starter, 0-based).
    """

    @functools.cache
    def play(scores: tuple[int, ...], first: int) -> tuple[tuple, object]:
        wins = [0] * n
        rounds = 0
        for (w, last), p in outcome.items():
            winner = (first + w) % n
            if starter == "last-thrower":
                nxt = (first + last + 1) % n
            elif starter == "rotate":
                nxt = (first + 1) % n
            else:
                nxt = winner
            new = tuple(s + (i == winner) for i, s in enumerate(scores))
            if new[winner] == target:
                wins[winner] += p
            else:
                sub_wins, sub_rounds = play(new, nxt)
                wins = [a + p * b for a, b in zip(wins, sub_wins, strict=True)]
                rounds += p * sub_rounds
        return tuple(wins), 1 + rounds

    wins, rounds = play((0,) * n, 0)
    return list(wins), rounds
