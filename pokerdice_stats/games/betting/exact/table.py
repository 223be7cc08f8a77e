"""001's round as written: seat 1 names the ante, the others meet it or sit out.

The round of :mod:`pokerdice_stats.games.betting.exact.solve` with 001's three
choices made decisions (``design.md``, "001 betting"):

1. **The ante.** Seat 1 names it, a whole number of chips from 1 to ``ante_max``
   (``ante`` fixes it: a range of one value).  It names the ante worth most to
   itself; equal values: the smaller ante.
2. **Entry.** Each other seat, in seat order and seeing who is already in, meets
   the ante or sits the round out (``sit_out=False``: every seat meets, the
   project's rule before).  A seat out pays nothing, throws nothing and cannot
   win.  No die is thrown before entry, so a seat meets when the round it then
   plays (the later seats deciding as they will) is worth at least the nothing
   sitting out nets; equal values: it meets.
3. **A round with seat 1 alone** (nobody met the ante) is void: the ante goes
   back, nobody throws, every seat nets 0 chips and seat 1 starts the next round.
4. **The round of the seats in** is the solved betting round of their number, at
   the named ante, the seats keeping their seat order: the seat that now holds
   the best hand checks or raises by a whole number of chips from 1 to
   ``raise_max`` (one raise a turn; equal values: check, then the smaller
   raise), every seat still to throw meets or folds.  That is the solved round's
   raise of ``raises`` times ``raise_size`` with ``raise_size`` one chip and
   ``raises = raise_max``; ``raise_size`` and ``raises`` given instead keep the
   fixed size of before (a raise of 1 to ``raises`` times ``raise_size``).

Since the round after entry only depends on how many seats are in and the ante,
one solved round a number of seats serves every entered subset, and its states
are shared across antes (:func:`~pokerdice_stats.games.betting.exact.solve.solve_stakes`).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> table = solve_table(get_rules("triple-snakes", {"throws": 1}), 2, ante_max=2)
>>> table.ante, table.seats_in
(Fraction(1, 1), (1,))
>>> table.void
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from pokerdice_stats.games.betting.exact.induction import Stakes
from pokerdice_stats.games.betting.exact.solve import (
    MAX_RAISES,
    Betting,
    check_betting_rules,
    check_stakes,
    solve_stakes,
)
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option as option_name
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import exact_is_cheap
from pokerdice_stats.turn.rules import RuleSet

#: The largest ``ante_max``: the first seat names 1 to at most this many chips.
MAX_ANTE = 10
#: Why the named ante and a raise have limits here, said with every refusal past them.
SIZES_REASON = (
    "001 allows any size; the solved round offers whole chips up to these limits, since "
    "each size is one more branch of every decision it solves"
)
#: Figures of a seat in a round, read from the solved round of the seats in.
FIGURES = ("ev", "p_pot", "raise_rate", "fold_rate")


@dataclass(frozen=True)
class AnteOption:
    """One ante seat 1 may name: who meets it and every seat's figures (seat 1 first).

    ``seats_in`` are the seats in the round (seat 1 always); a seat out has 0 for
    every figure; a void round (seat 1 alone) has 0 for all.
    """

    ante: Fraction
    seats_in: tuple[int, ...]
    ev: tuple
    p_pot: tuple
    raise_rate: tuple
    fold_rate: tuple

    @property
    def void(self) -> bool:
        """Nobody met the ante: the antes go back."""
        return len(self.seats_in) < 2


@dataclass(frozen=True, eq=False)
class TableRound:
    """001's round as written, solved (see the module docstring).

    Attributes
    ----------
    rules : RuleSet
    players : int
        Seats at the table.
    antes : tuple of Fraction
        The antes seat 1 may name.
    raise_size : Fraction
        The chips of one raise step; a raise is 1 to ``raises`` steps.
    raises : int
    sit_out : bool
        Whether a seat may sit the round out.
    exact : bool
    options : tuple of AnteOption
        One per ante of ``antes``.
    chosen : int
        The index in ``options`` of the ante seat 1 names.
    """

    rules: RuleSet
    players: int
    antes: tuple[Fraction, ...]
    raise_size: Fraction
    raises: int
    sit_out: bool
    exact: bool
    options: tuple[AnteOption, ...]
    chosen: int

    @property
    def named(self) -> AnteOption:
        """The ante seat 1 names, with who meets it."""
        return self.options[self.chosen]

    @property
    def ante(self) -> Fraction:
        return self.named.ante

    @property
    def seats_in(self) -> tuple[int, ...]:
        return self.named.seats_in

    @property
    def void(self) -> bool:
        return self.named.void

    @property
    def ev(self) -> tuple:
        return self.named.ev

    @property
    def raise_max(self) -> Fraction:
        """The largest raise, in chips."""
        return self.raise_size * self.raises

    def stakes(self, ante) -> Stakes:
        """The stakes of the round played at ``ante``."""
        return Stakes(Fraction(ante), self.raise_size, self.raises)

    def round(self, ante, seats_in) -> Betting:
        """The solved betting round of the seats ``seats_in`` (two or more) at ``ante``."""
        if len(seats_in) < 2:
            raise OptionError("a round needs two seats in (seat 1 alone is void)")
        return solve_stakes(self.rules, len(seats_in), self.stakes(ante), self.exact)

    def option(self, ante) -> AnteOption:
        """The entry of every seat and the figures when seat 1 names ``ante``.

        Raises
        ------
        OptionError
            For an ante seat 1 may not name.
        """
        ante = Fraction(ante)
        for option in self.options:
            if option.ante == ante:
                return option
        allowed = ", ".join(str(a) for a in self.antes)
        raise OptionError(f"the ante must be one seat 1 may name ({allowed}), got {ante}")

    def entered(self, ante, seats_in: tuple[int, ...], decided: int) -> tuple[int, ...]:
        """The seats in once every seat after seat ``decided`` has decided.

        ``seats_in`` are the seats in so far (seat 1 first, in seat order, none
        after ``decided``).
        """
        return _entered(self, Fraction(ante), tuple(seats_in), decided)

    def meet_value(self, ante, seat: int, seats_in: tuple[int, ...]):
        """Seat ``seat``'s expected net chips if it meets ``ante`` after ``seats_in``."""
        final = self.entered(ante, (*seats_in, seat), seat)
        return self.seat_value(ante, final, seat)

    def seat_value(self, ante, final: tuple[int, ...], seat: int):
        """A seat's expected net chips of the round of the seats ``final`` (0 when out)."""
        if seat not in final or len(final) < 2:
            return self.number(0)
        return self.round(ante, final).ev[final.index(seat)]

    def number(self, value) -> Fraction | float:
        return Fraction(value) if self.exact else float(value)

    def all_in(self) -> TableRound:
        """The same table where nobody may sit out (seat 1 still names its best ante)."""
        return _solve(
            self.rules, self.players, self.antes, self.raise_size, self.raises, False, self.exact
        )

    def frame(self) -> pd.DataFrame:
        """One row per seat at the named ante: ``seat``, ``in`` (in :attr:`seats_in`: seat 1
        always, alone in a void round), ``ev`` (float), ``ev_exact``
        (a Fraction, None when not exact), ``p_pot``, ``raise_rate``, ``fold_rate``, and
        ``ev_all_in`` with ``ev_all_in_exact``: the seat's value when nobody may sit out."""
        other = self.all_in()
        rows = []
        for seat in range(1, self.players + 1):
            i = seat - 1
            named = self.named
            rows.append(
                {
                    "seat": seat,
                    # as seats_in says it: seat 1 is in (alone) when nobody meets its ante,
                    # and the round is void (as the sessions count it: a round sat in)
                    "in": seat in named.seats_in,
                    "ev": float(named.ev[i]),
                    "ev_exact": named.ev[i] if self.exact else None,
                    "p_pot": float(named.p_pot[i]),
                    "raise_rate": float(named.raise_rate[i]),
                    "fold_rate": float(named.fold_rate[i]),
                    "ev_all_in": float(other.ev[i]),
                    "ev_all_in_exact": other.ev[i] if self.exact else None,
                }
            )
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            players=self.players,
            ante=self.ante,
            seats_in=",".join(str(s) for s in self.seats_in),
            void=self.void,
            ev=self.ev,
        )

    def ante_frame(self) -> pd.DataFrame:
        """One row per ante seat 1 may name: ``ante``, ``seats_in`` (text such as
        ``1,2,4``), ``void``, ``value`` (seat 1's expected net chips, float),
        ``value_exact`` and ``named`` (the ante seat 1 names)."""
        rows = [
            {
                "ante": float(option.ante),
                "ante_exact": option.ante,
                "seats_in": ",".join(str(s) for s in option.seats_in),
                "void": option.void,
                "value": float(option.ev[0]),
                "value_exact": option.ev[0] if self.exact else None,
                "named": k == self.chosen,
            }
            for k, option in enumerate(self.options)
        ]
        return pd.DataFrame(rows)

    def context(self) -> dict:
        """The game a figure belongs to (for JSON objects; numbers as Fractions)."""
        return {
            "rules": self.rules.label(),
            "players": self.players,
            "ante_min": self.antes[0],
            "ante_max": self.antes[-1],
            "raise": self.raise_size,
            "raise_max": self.raise_max,
            "sit_out": self.sit_out,
            "exact": self.exact,
            "unit": "chips",
        }

    def record(self) -> dict:
        """The context, the named ante and who is in, ``seats`` and ``antes`` rows."""
        return {
            **self.context(),
            "ante": self.ante,
            "seats_in": list(self.seats_in),
            "void": self.void,
            "seats": self.frame().to_dict(orient="records"),
            "antes": self.ante_frame().to_dict(orient="records"),
        }


def check_table(
    ante_max=None, ante=None, raise_max=None, raise_size=None, raises=None
) -> tuple[tuple[Fraction, ...], Stakes]:
    """The antes seat 1 may name and the raise stakes (the ante of the result is the first).

    ``ante`` (a number of chips) fixes the ante; ``ante_max`` (a whole number,
    1 to :data:`MAX_ANTE`) lets seat 1 name 1 to it; default: ante 1.
    ``raise_max`` (whole chips, 1 to :data:`MAX_RAISES`) allows a raise of 1 to it;
    ``raise_size`` with ``raises`` keeps a fixed size (1 to ``raises`` times it);
    default: a raise of 1 chip.

    Raises
    ------
    OptionError
        For both ways of one choice at once, or a value outside its range.
    """
    if ante is not None and ante_max is not None:
        raise OptionError("give the ante (fixed) or ante_max (seat 1 names 1 to it), not both")
    if raise_max is not None and (raise_size is not None or raises is not None):
        raise OptionError(
            "give raise_max (a raise of 1 to it chips) or a fixed raise and raises, not both"
        )
    if ante_max is not None:
        ante_max = checked_whole_number(
            ante_max, option_name("ante_max"), 1, MAX_ANTE, reason=f"chips; {SIZES_REASON}"
        )
        antes = tuple(Fraction(a) for a in range(1, ante_max + 1))
    else:
        antes = (check_stakes(1 if ante is None else ante).ante,)
    if raise_max is not None:
        raise_max = checked_whole_number(
            raise_max, option_name("raise_max"), 1, MAX_RAISES, reason=f"chips; {SIZES_REASON}"
        )
        stakes = check_stakes(antes[0], 1, raise_max)
    else:
        size = 1 if raise_size is None else raise_size
        stakes = check_stakes(antes[0], size, 1 if raises is None else raises)
    return antes, stakes


def solve_table(
    rules: RuleSet,
    players: int,
    *,
    ante_max: int | None = None,
    ante: Fraction | int | float | str | None = None,
    raise_max: int | None = None,
    raise_size: Fraction | int | float | str | None = None,
    raises: int | None = None,
    sit_out: bool = True,
    exact: bool | None = None,
) -> TableRound:
    """Solve 001's round as written: the ante named, entry, raises of a chosen size.

    Parameters
    ----------
    rules : RuleSet
        ``ties=must-beat``, ``knowledge=seen``, no throw limit (triple-snakes).
    players : int
        Seats at the table, 2 to 5.
    ante_max : int, optional
        Seat 1 names a whole ante of 1 to ``ante_max`` chips (``ante_max`` 1 to
        :data:`MAX_ANTE`); not with ``ante``.
    ante : Fraction, int, float or str, optional
        The ante, fixed: chips above 0 and at most
        :data:`~pokerdice_stats.games.betting.exact.solve.MAX_CHIPS`, as a number or text
        such as ``"1/2"`` (default, without ``ante_max``: 1).
    raise_max : int, optional
        A raise of 1 to ``raise_max`` whole chips (``raise_max`` 1 to
        :data:`~pokerdice_stats.games.betting.exact.solve.MAX_RAISES`); not with
        ``raise_size`` or ``raises``.
    raise_size : Fraction, int, float or str, optional
        The chips of one raise, in the range of an ante (default: 1 chip, whatever the
        ante).
    raises : int, optional
        A raise of 1 to ``raises`` times ``raise_size``, 0 to
        :data:`~pokerdice_stats.games.betting.exact.solve.MAX_RAISES` (0: no betting;
        default 1).
    sit_out : bool, default True
        Whether a seat may sit the round out (as 001 writes).
    exact : bool, optional
        Fractions (default when cheap) or floats.

    Returns
    -------
    TableRound
        Each ante seat 1 may name with the seats that enter and their figures, and the
        ante it names.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For rules, players or stakes outside the game, both ways of one choice at once
        (``ante`` with ``ante_max``, ``raise_max`` with ``raise_size`` or ``raises``), or
        a ``sit_out`` that is not a bool.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> rules = get_rules("triple-snakes", {"throws": 1})
    >>> table = solve_table(rules, 3, ante=1, raise_max=1, sit_out=False)
    >>> from pokerdice_stats.games.betting.exact.solve import solve_betting
    >>> table.ev == solve_betting(rules, 3, ante=1, raise_size=1).ev
    True
    """
    check_betting_rules(rules)
    n = check_players(players)
    antes, stakes = check_table(ante_max, ante, raise_max, raise_size, raises)
    if not isinstance(sit_out, bool):
        raise OptionError(f"sit_out must be True or False, got {sit_out!r}")
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    return _solve(rules, n, antes, stakes.raise_size, stakes.raises, sit_out, exact)


def _solve(rules, players, antes, raise_size, raises, sit_out, exact) -> TableRound:
    shell = TableRound(rules, players, antes, raise_size, raises, sit_out, exact, (), 0)
    options = []
    for ante in antes:
        final = _entered(shell, ante, (1,), 1)
        figures = {name: [shell.number(0)] * players for name in FIGURES}
        if len(final) >= 2:
            result = shell.round(ante, final)
            for position, seat in enumerate(final):
                for name in FIGURES:
                    figures[name][seat - 1] = getattr(result, name)[position]
        options.append(AnteOption(ante, final, **{k: tuple(v) for k, v in figures.items()}))
    chosen = 0
    for k, option in enumerate(options):
        if option.ev[0] > options[chosen].ev[0]:  # equal values: the smaller ante
            chosen = k
    return TableRound(
        rules, players, antes, raise_size, raises, sit_out, exact, tuple(options), chosen
    )


def _entered(
    table: TableRound, ante: Fraction, seats_in: tuple[int, ...], decided: int
) -> tuple[int, ...]:
    """Backward induction of the entry of the seats after ``decided``, ``seats_in`` in."""
    if decided >= table.players:
        return seats_in
    seat = decided + 1
    meeting = _entered(table, ante, (*seats_in, seat), seat)
    if not table.sit_out or table.seat_value(ante, meeting, seat) >= 0:
        return meeting
    return _entered(table, ante, seats_in, seat)
