"""A slow, plain backward induction of 001's whole round as the seed writes it.

The oracle for ``games.betting.exact.table``.  Shares no code with
``pokerdice_stats``: hands are compared with the plain classifier of
``tests/reference.py`` and each turn is the plain expectimax of
``tests/reference_games.py``.  Unlike the package, it never renumbers the seats
in: one recursion over the table's own seats runs the whole round, in the
order the seed tells it:

1. seat 1 names an ante of 1 .. ``ante_max`` chips (the most for itself; equal:
   the smaller);
2. seats 2, 3, ... in turn meet it or sit out, seeing who is in (meet when it
   is worth at least 0, what sitting out nets; without ``sit_out`` every seat
   meets); with seat 1 alone the round is void and every seat nets 0;
3. the seats in throw in seat order; a seat that does not beat the best hand
   (the same key does not beat) is out; one that does leads and checks or
   raises by 1 .. ``raise_max`` chips (a raise must be worth strictly more than
   checking and every smaller raise); each seat still to throw, in seat order,
   meets (puts the same in) or folds (meets when meeting is worth at least 0);
4. the leader once nobody is left to throw takes the pot.

Results are per table seat (0-based inside, 1-based in the answers): expected
net chips (ante included), chance of taking the pot, of raising, of folding.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from tests.reference_games import make_key, outcomes, solve_turn

#: The four figures of a seat, in the order of the rows below.
FIGURES = ("ev", "p_pot", "raise_rate", "fold_rate")


class TableReference:
    """001's round at a table of ``players`` seats (see the module docstring)."""

    def __init__(
        self,
        players: int,
        throws: int,
        straights: str,
        tiebreak: str,
        ante_max: int,
        raise_max: int,
    ) -> None:
        self.players = players
        self.throws = throws
        self.key = make_key(straights, tiebreak)
        self.hands = [h for h, _ in outcomes(())]
        self.ante_max = ante_max
        self.raise_max = raise_max
        self.play = functools.cache(self._play)

    # -- the round of the seats in --------------------------------------------

    def _zero(self) -> list[list[Fraction]]:
        return [[Fraction(0)] * 4 for _ in range(self.players)]

    def _play(self, ante: int, seats_in: tuple[int, ...]) -> tuple:
        """Every seat's (net chips, pot, raised, folded) when ``seats_in`` play at ``ante``."""
        if len(seats_in) < 2:
            return tuple(tuple(row) for row in self._zero())

        @functools.cache
        def turn(best, leader, to_throw: tuple[int, ...], pot: Fraction):
            """Chips still to come (and chances) when ``to_throw`` are still to throw."""
            if not to_throw:
                out = self._zero()
                out[leader][0] = pot
                out[leader][1] = Fraction(1)
                return tuple(tuple(row) for row in out)
            seat = to_throw[0]
            stand = {
                h: stood(seat, h, best, leader, to_throw[1:], pot)[seat][0] for h in self.hands
            }
            _, final = solve_turn([stand] * self.throws, self.throws, Fraction)
            total = self._zero()
            for (_, hand), p in final.items():
                part = stood(seat, hand, best, leader, to_throw[1:], pot)
                for s in range(self.players):
                    for q in range(4):
                        total[s][q] += p * part[s][q]
            return tuple(tuple(row) for row in total)

        @functools.cache
        def stood(seat, hand, best, leader, rest, pot):
            k = self.key(hand)
            if best is not None and k <= best:
                return turn(best, leader, rest, pot)
            chosen = turn(k, seat, rest, pot)  # check
            for chips in range(1, self.raise_max + 1):
                option = raised(seat, k, rest, pot, chips)
                if option[seat][0] > chosen[seat][0]:
                    chosen = option
            return chosen

        def raised(seat, k, rest, pot, chips):
            """``seat`` leads with ``k`` and raises ``chips``; the rest answer in order."""

            def answer(i: int, met: tuple[int, ...]):
                if i == len(rest):
                    after = turn(k, seat, met, pot + chips * (1 + len(met)))
                    out = [list(row) for row in after]
                    out[seat][0] -= chips
                    out[seat][2] = Fraction(1)
                    for m in met:
                        out[m][0] -= chips
                    return out
                who = rest[i]
                meet = answer(i + 1, (*met, who))
                if meet[who][0] >= 0:
                    return meet
                fold = answer(i + 1, met)
                fold[who][3] = Fraction(1)
                return fold

            return answer(0, ())

        start = turn(None, None, seats_in, Fraction(ante * len(seats_in)))
        out = [list(row) for row in start]
        for s in seats_in:
            out[s][0] -= ante
        return tuple(tuple(row) for row in out)

    # -- entry and the ante ---------------------------------------------------

    def entry(
        self, ante: int, seats_in: tuple[int, ...], decided: int, sit_out: bool = True
    ) -> tuple[int, ...]:
        """Who is in once the seats after ``decided`` (0-based) have met or sat out."""
        seat = decided + 1
        if seat == self.players:
            return seats_in
        meeting = self.entry(ante, (*seats_in, seat), seat, sit_out)
        if not sit_out or self.play(ante, meeting)[seat][0] >= 0:
            return meeting
        return self.entry(ante, seats_in, seat, sit_out)

    def options(self, sit_out: bool = True) -> list[dict]:
        """Per ante: who is in (1-based seats) and every seat's figures."""
        out = []
        for ante in range(1, self.ante_max + 1):
            final = self.entry(ante, (0,), 0, sit_out)
            rows = self.play(ante, final)
            out.append(
                {
                    "ante": Fraction(ante),
                    "seats_in": tuple(s + 1 for s in final),
                    **{name: tuple(row[q] for row in rows) for q, name in enumerate(FIGURES)},
                }
            )
        return out

    def named(self, sit_out: bool = True) -> dict:
        """The ante seat 1 names and its option."""
        best = None
        for option in self.options(sit_out):
            if best is None or option["ev"][0] > best["ev"][0]:
                best = option
        assert best is not None
        return best

    def meet_value(self, ante: int, seat: int, seats_in: tuple[int, ...]) -> Fraction:
        """Seat ``seat`` (1-based) meets ``ante`` after ``seats_in`` (1-based): its value."""
        final = self.entry(ante, tuple(s - 1 for s in (*seats_in, seat)), seat - 1)
        return self.play(ante, final)[seat - 1][0]
