"""A slow, obviously-right betting round of 001: the oracle for ``games.betting``.

Shares no code with ``pokerdice_stats``: hands are compared with the plain
classifier of ``tests/reference.py`` and each turn is the plain expectimax of
``tests/reference_games.py`` (every hold of the five dice tried, every thrown
die enumerated, equal holds broken by the canonical order).

The recursion runs over the whole history of a round, written as plainly as
the rules read:

- every seat antes; seats throw in seat order; a seat that folded does not
  throw;
- a seat that does not beat the best hand so far (the same key does not beat:
  must-beat) is out;
- a seat that beats it (the first seat always does) becomes the leader and
  may raise 0 .. ``raises`` times ``raise_size`` (it puts the chips in); each
  seat still to throw then, in seat order, meets (puts the same in) or folds;
- the leader once nobody is left to throw takes the pot.

Every seat maximises its own expected net chips: the hold expectimax of its
turn uses, for each final hand, its chips when the rest of the round is played
out; a raise must be worth strictly more than fewer raises; a seat meets when
meeting is worth at least what a fold keeps (nothing more).  The result of a
history is every seat's (chips received minus chips put in from now on,
chance of taking the pot, chance of raising, chance of folding).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from tests.reference_games import make_key, outcomes, solve_turn


def betting_round(
    players: int,
    throws: int,
    straights: str,
    tiebreak: str,
    ante: Fraction = Fraction(1),
    raise_size: Fraction = Fraction(1),
    raises: int = 1,
) -> list[dict[str, Fraction]]:
    """Every seat's expected net chips (ante included), pot, raise and fold chances."""
    key = make_key(straights, tiebreak)
    hands = [h for h, _ in outcomes(())]
    n = players

    def add(total: list[list[Fraction]], p: Fraction, part: list[list[Fraction]]) -> None:
        for seat in range(n):
            for q in range(4):
                total[seat][q] += p * part[seat][q]

    def zero() -> list[list[Fraction]]:
        return [[Fraction(0)] * 4 for _ in range(n)]

    @functools.cache
    def before_throw(best, leader, to_throw: tuple[int, ...], pot: Fraction):
        """Values when ``to_throw`` (0-based seats, in order) are still to throw."""
        if not to_throw:
            out = zero()
            out[leader][0] = pot
            out[leader][1] = Fraction(1)
            return _freeze(out)
        seat = to_throw[0]
        stand = {h: after_final(seat, h, best, leader, to_throw[1:], pot)[seat][0] for h in hands}
        _, final = solve_turn([stand] * throws, throws, Fraction)
        total = zero()
        for (_, hand), p in final.items():
            add(total, p, after_final(seat, hand, best, leader, to_throw[1:], pot))
        return _freeze(total)

    @functools.cache
    def after_final(seat: int, hand, best, leader, rest: tuple[int, ...], pot: Fraction):
        """Values once ``seat`` has stood on ``hand``."""
        k = key(hand)
        if best is not None and k <= best:
            return before_throw(best, leader, rest, pot)  # out: the seat gets nothing more
        choices = [after_raise(seat, k, rest, pot, r) for r in range(raises + 1)]
        chosen = choices[0]
        for option in choices[1:]:
            if option[seat][0] > chosen[seat][0]:
                chosen = option
        return chosen

    @functools.cache
    def after_raise(seat: int, k, rest: tuple[int, ...], pot: Fraction, r: int):
        """``seat`` leads with key ``k`` and raises ``r`` times; the others answer in order."""
        cost = r * raise_size

        def answers(i: int, met: tuple[int, ...]) -> list[list[Fraction]]:
            if i == len(rest):
                out = [list(row) for row in before_throw(k, seat, met, pot + cost * (1 + len(met)))]
                out[seat][0] -= cost
                for m in met:
                    out[m][0] -= cost
                if r:
                    out[seat][2] = Fraction(1)
                return out
            who = rest[i]
            meet = answers(i + 1, (*met, who))
            fold = answers(i + 1, met)
            fold[who][3] = Fraction(1)
            return meet if meet[who][0] >= 0 else fold

        if r == 0:
            return before_throw(k, seat, rest, pot)
        return _freeze(answers(0, ()))

    result = before_throw(None, None, tuple(range(n)), ante * n)
    return [
        {
            "ev": result[s][0] - ante,
            "p_pot": result[s][1],
            "raise_rate": result[s][2],
            "fold_rate": result[s][3],
        }
        for s in range(n)
    ]


def _freeze(rows: list[list[Fraction]]) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(row) for row in rows)


def settle(players: int, ante: Fraction, events: list[tuple]) -> list[Fraction]:
    """Net chips of each seat after a round told as events, read the plain way.

    Events: ``("raise", seat, chips)``, ``("meet", seat, chips)``,
    ``("fold", seat)``, ``("takes", seat)``; seats are 1-based.
    """
    put_in = [ante] * players
    pot = ante * players
    winner = None
    for event in events:
        if event[0] in ("raise", "meet"):
            put_in[event[1] - 1] += event[2]
            pot += event[2]
        elif event[0] == "takes":
            winner = event[1]
    return [(pot if seat == winner else 0) - put_in[seat - 1] for seat in range(1, players + 1)]
