"""Two-seat blind banking sessions, exactly: both banks after R rounds and the chance of ruin.

A banking session (004, ``../shared/design.md`` "004 banking is blind"):
every seat starts with the same bank and antes each round; the round's
winner takes the antes and the very same dice split them.  A seat that can no
longer ante (its bank is below the ante) is out; the session ends after R
rounds or when one seat is left.

With two seats a round moves seat 1's bank by ``+ante`` (it wins the pot of
``2 ante``), ``0`` (the dice are the same: each takes its ante back) or
``-ante``, with the exact chances of one blind round
(:func:`round_odds`), and seat 2's bank is ``2 start`` minus seat 1's.  So
the session is a walk over ``start + ante j`` for ``j = -R .. R``, absorbed
where either seat is out.  :func:`banking_session` runs it round by round.

Two arithmetics, said by :attr:`BankingSessionDistribution.exact`:

- exact (the default up to :data:`EXACT_ROUNDS` rounds): Python integers
  over the round's common denominator raised to the number of rounds, so
  every chance is a Fraction;
- float64 (beyond): the same walk in floats; every chance is within
  :attr:`~BankingSessionDistribution.tolerance` (rounding only:
  ``rounds * 3 * 2**-53``; nothing is cut).

Examples
--------
>>> from fractions import Fraction
>>> session = banking_session(RoundOdds(Fraction(1, 2), Fraction(0), Fraction(1, 2)),
...                           rounds=2, start=10, ante=10)
>>> session.ruin_by_round[0]
(Fraction(0, 1), Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.banking.exact.rounds import tied_sets
from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.arguments import checked_flag, shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.kernels.fixed_order import dot
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd

#: Sessions up to this many rounds are computed exactly by default.
EXACT_ROUNDS = 200
#: The most rounds the walk takes.
MAX_ROUNDS = bounds.BANKING_ROUNDS
#: The largest starting bank (points).
MAX_BANK = bounds.BANKING_BANK
#: Every player's starting bank and ante in banking (004), points.
BANKING_START = 1000
BANKING_ANTE = 10

Number = Fraction | float


@dataclass(frozen=True)
class RoundOdds:
    """Seat 1's outcome of one two-seat blind round: it wins, the pot is split, it loses."""

    win: Number
    split: Number
    loss: Number

    def frame(self) -> pd.DataFrame:
        """One row an outcome for seat 1 (``win``, ``split``, ``loss``): ``outcome``,
        ``chance`` (a float) and ``chance_exact`` (the Fraction, None when float)."""
        import pandas as pd

        chances = {"win": self.win, "split": self.split, "loss": self.loss}
        return pd.DataFrame(
            [
                {
                    "outcome": outcome,
                    "chance": float(p),
                    "chance_exact": p if isinstance(p, Fraction) else None,
                }
                for outcome, p in chances.items()
            ]
        )

    def __repr__(self) -> str:
        return short_repr(self, win=self.win, split=self.split, loss=self.loss)


def round_odds(rules: RuleSet, distributions: Sequence[tuple[np.ndarray, int]]) -> RoundOdds:
    """The exact :class:`RoundOdds` of a blind round of two seats with these final distributions.

    Parameters
    ----------
    rules : RuleSet
        Gives the hands' strengths.  Equal strength is a split (under the banking
        rules' full tiebreak: the very same dice).
    distributions : sequence of (ndarray, int)
        Two seats' exact final-hand distributions, each ``(numerators, denominator)``:
        252 whole weights of 0 or more, one per hand, summing to the denominator (e.g.
        ``BlindSeats.distributions``).

    Returns
    -------
    RoundOdds
        Seat 1's exact chances (Fractions) to win, split and lose the round.

    Raises
    ------
    OptionError
        For other than two distributions, or a distribution that is not 252 whole
        weights of 0 or more summing to a positive denominator.
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    """
    if not isinstance(distributions, list | tuple):
        raise OptionError(
            "distributions must be the two seats' (numerators, denominator) pairs, got "
            + shown(distributions)
        )
    if len(distributions) != 2:
        raise OptionError(f"the exact session has two seats, got {len(distributions)}")
    for pair in distributions:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise OptionError(
                "each seat's distribution is a pair (numerators, denominator), got a "
                + type(pair).__name__
                + (f" of {len(pair)}" if isinstance(pair, list | tuple) else "")
            )
    for numerators, denominator in distributions:
        weights = np.asarray(numerators)
        if (
            weights.shape != (252,)
            or not np.all(weights >= 0)
            or not (isinstance(denominator, int | np.integer) and denominator > 0)
            or sum(int(w) for w in weights) != denominator
        ):
            raise OptionError(
                "each seat's distribution must be 252 whole weights of 0 or more and their "
                "sum, the denominator (as BlindSeats.distributions gives them)"
            )
    sets = tied_sets(rules, list(distributions))
    return RoundOdds(
        sets.get((0,), Fraction(0)), sets.get((0, 1), Fraction(0)), sets.get((1,), Fraction(0))
    )


@dataclass(frozen=True, eq=False)
class BankingSessionDistribution:
    """Both seats' banks after a two-seat banking session.

    Attributes
    ----------
    odds : RoundOdds
    rounds, start, ante : int
        Rounds at most, every seat's starting bank and the ante (points).
    banks : (n,) int64
        Seat 1's possible banks after the session, ascending (seat 2 holds
        ``2 start`` minus it).
    chances : (n,)
        Their chances: Fractions (object array) when ``exact``, else float64.
    ruin_by_round : tuple of (seat 1, seat 2) pairs
        ``ruin_by_round[s][r]``: the chance seat ``s + 1`` is out (its bank
        below the ante) by the end of round ``r``, r = 0..rounds.
    exact : bool
    tolerance : float
        Bound on the absolute error of any chance reported (0 when exact).
    """

    odds: RoundOdds
    rounds: int
    start: int
    ante: int
    banks: np.ndarray
    chances: np.ndarray
    ruin_by_round: tuple[tuple[Number, ...], tuple[Number, ...]]
    exact: bool
    tolerance: float

    def frame(self) -> pd.DataFrame:
        """One row a possible end of the session, by seat 1's bank ascending: ``bank_seat1``,
        ``bank_seat2``, ``chance`` (a float) and ``chance_exact`` (the Fraction when
        ``exact``, else None)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "bank_seat1": [int(b) for b in self.seat_banks(0)],
                "bank_seat2": [int(b) for b in self.seat_banks(1)],
                "chance": [float(c) for c in self.chances],
                "chance_exact": list(self.chances) if self.exact else None,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rounds=self.rounds,
            start=self.start,
            ante=self.ante,
            banks=len(self.banks),
            win=self.odds.win,
            ruin=(self.ruin(0), self.ruin(1)),
            exact=self.exact,
        )

    def seat_banks(self, seat: int) -> np.ndarray:
        """Seat ``seat``'s (0 or 1) possible banks, in the order of :attr:`chances`."""
        return self.banks if seat == 0 else 2 * self.start - self.banks

    def ruin(self, seat: int) -> Number:
        """Chance that seat ``seat`` (0 or 1) is out by the end of the session."""
        return self.ruin_by_round[seat][-1]

    def mean_bank(self, seat: int) -> Number:
        """Seat ``seat``'s expected bank after the session (points)."""
        banks = self.seat_banks(seat)
        if self.exact:
            return sum((int(b) * c for b, c in zip(banks, self.chances, strict=True)), Fraction(0))
        return float(dot(banks.astype(np.float64), self.chances))

    def survived(self, seat: int) -> Number:
        """Expected rounds seat ``seat`` survives: the round after which it was out, or
        all the rounds when it never was (``sum over r < R of P(still in after r)``)."""
        ruin = self.ruin_by_round[seat]
        return sum((1 - ruin[r] for r in range(self.rounds)), Fraction(0) if self.exact else 0.0)

    def length(self) -> Number:
        """Expected rounds the session lasts (it ends when either seat is out)."""
        a, b = self.ruin_by_round
        zero = Fraction(0) if self.exact else 0.0
        return sum((1 - a[r] - b[r] for r in range(self.rounds)), zero)

    def quantile(self, seat: int, q: float | Fraction) -> int:
        """The smallest bank ``b`` of seat ``seat`` with ``P(bank <= b) >= q`` (0 < q <= 1)."""
        q = Fraction(q) if self.exact else float(q)
        if not 0 < q <= 1:
            raise OptionError(f"a quantile must be above 0 and at most 1, got {q}")
        banks = self.seat_banks(seat)
        order = np.argsort(banks, kind="stable")
        total = Fraction(0) if self.exact else 0.0
        for i in order:
            total += self.chances[i]
            if total >= q:
                return int(banks[i])
        return int(banks[order[-1]])


def check_banking_session(rounds: object, start: object, ante: object) -> tuple[int, int, int]:
    """Refuse rounds, banks or antes a banking session does not take.

    Raises
    ------
    OptionError
        Unless ``1 <= ante <= start <= MAX_BANK`` and ``0 <= rounds <= MAX_ROUNDS``
        are whole numbers.
    """
    limits = (("rounds", rounds, 0, MAX_ROUNDS), ("start", start, 1, MAX_BANK))
    for what, value, least, most in (*limits, ("ante", ante, 1, MAX_BANK)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise OptionError(f"{what} must be a whole number, got {value!r}")
        if not least <= value <= most:
            raise OptionError(f"{what} must be {least} to {most:,}, got {value:,}")
    if ante > start:  # type: ignore[operator]  # checked whole above
        raise OptionError(f"the starting bank ({start:,}) must cover the ante ({ante:,})")
    return int(rounds), int(start), int(ante)  # type: ignore[call-overload]


def banking_session(
    odds: RoundOdds,
    rounds: int = 100,
    start: int = BANKING_START,
    ante: int = BANKING_ANTE,
    exact: bool | None = None,
) -> BankingSessionDistribution:
    """Both banks after a two-seat banking session of at most ``rounds`` rounds.

    Parameters
    ----------
    odds : RoundOdds
        Seat 1's chances to win, split and lose a round (:func:`round_odds`).
    rounds : int
        0 to :data:`MAX_ROUNDS`.
    start, ante : int
        Every seat's starting bank and the ante (points; 004: 1000 and 10).
    exact : bool, optional
        Python-integer arithmetic (needs Fraction odds) or float64; default
        exact up to :data:`EXACT_ROUNDS` rounds when the odds are Fractions.

    Returns
    -------
    BankingSessionDistribution
        Seat 1's possible banks after the session with their chances (seat 2 holds the
        rest), and each seat's chance of being out by each round.

    Raises
    ------
    OptionError
        For rounds, banks or antes out of range, ``odds`` that are not a
        :class:`RoundOdds` or do not sum to 1, or an exact session asked for with
        float odds.
    """
    rounds, start, ante = check_banking_session(rounds, start, ante)
    if not isinstance(odds, RoundOdds):
        raise OptionError(f"odds must be a RoundOdds (from round_odds), got {shown(odds)}")
    if exact is not None:
        exact = checked_flag(exact, "exact")
    chances: tuple[Number, ...] = (odds.win, odds.split, odds.loss)
    if not all(c >= 0 for c in chances) or not abs(float(sum(chances)) - 1) <= 1e-12:  # NaN too
        raise OptionError(f"the round's chances must be 0 or more and sum to 1, got {odds}")
    fractions = all(isinstance(c, (Fraction, int)) for c in chances)
    if exact is None:
        exact = rounds <= EXACT_ROUNDS and fractions
    if exact and not fractions:
        raise OptionError("an exact session needs the round's chances as Fractions")
    # Seat 1's bank is start + ante * (j - rounds), j = 0 .. 2 rounds; seat 1 is out
    # below the ante, seat 2 (2 start - bank) likewise.
    j = np.arange(2 * rounds + 1)
    bank = start + ante * (j - rounds)
    out = (bank < ante, 2 * start - bank < ante)
    playing = ~(out[0] | out[1])
    weights: list[int] | list[float]
    zero: int | float
    if exact:
        denominator = math.lcm(*(Fraction(c).denominator for c in chances))
        weights = [int(Fraction(c) * denominator) for c in chances]
        walk = np.zeros(j.size, dtype=object)
        walk[rounds] = 1
        zero, scale = 0, 1
    else:
        denominator, weights = 1, [float(c) for c in chances]
        walk = np.zeros(j.size, dtype=np.float64)
        walk[rounds] = 1.0
        zero, scale = 0.0, 1
    ruin: tuple[list[Number], list[Number]] = ([Fraction(0)], [Fraction(0)])
    if not exact:
        ruin = ([0.0], [0.0])
    for _ in range(rounds):
        moving = np.where(playing, walk, zero)
        following = np.where(playing, zero, walk * denominator)
        following[1:] = following[1:] + weights[0] * moving[:-1]  # seat 1 wins
        following = following + weights[1] * moving  # split
        following[:-1] = following[:-1] + weights[2] * moving[1:]  # seat 1 loses
        walk = following
        scale *= denominator
        for seat in (0, 1):
            mass = walk[out[seat]].sum()
            ruin[seat].append(Fraction(int(mass), scale) if exact else float(mass))
    keep = np.flatnonzero(walk != 0)
    if exact:
        final = np.array([Fraction(int(walk[i]), scale) for i in keep], dtype=object)
    else:
        final = walk[keep]
    return BankingSessionDistribution(
        odds=odds,
        rounds=rounds,
        start=start,
        ante=ante,
        banks=bank[keep].astype(np.int64),
        chances=final,
        ruin_by_round=(tuple(ruin[0]), tuple(ruin[1])),
        exact=exact,
        tolerance=0.0 if exact else rounds * 3 * 2.0**-53,
    )
