"""001's betting round (Triple Snakes): ante, check or raise, meet or fold; exact.

Every seat antes; the seats throw in seat order, in the open; the seat that
has just thrown and now holds the best hand may check or raise; every seat
still to throw must meet the raise or fold; the last seat holding the best
hand takes the pot.  Each seat maximises its own expected net chips of the
round, subgame perfect by backward induction
(:mod:`pokerdice_stats.games.betting.exact.induction`): its holds by the optimal-hold
program with a chip-valued goal (the chips each final hand is worth, given
how the rest of the round is played), its raise and its meet or fold.

Rulings (``design.md``, "001 betting", and these where it is silent):

1. Every seat antes ``ante`` (default 1; it only scales the chips when the
   raise scales with it).  Nobody sits a round out (the round as 001 writes it,
   seat 1 naming the ante and each other seat meeting it or sitting out, is
   :mod:`pokerdice_stats.games.betting.exact.table`, built on this one).
2. A raise is ``raise_size`` chips (default: one ante).  ``raises`` (default
   1) is the most raises a seat may make in its turn; they are announced
   together, right after its throw (a bet of ``r * raise_size``, ``r`` up to
   ``raises``), and answered once.  ``raises=0`` turns betting off.  (A table
   that lets the leader raise again after seeing the answers plays another
   game; it is not modelled.)
3. The raiser puts the raise in; the seats still to throw answer in seat
   order, each seeing the earlier answers: meet (put the same in) or fold
   (forfeit what it has put in; it does not throw).  Seats already beaten are
   out and are not asked.  If every seat still to throw folds, the raiser
   takes the pot at once.
4. A seat that does not beat the best hand is out (``ties=must-beat``: under
   triple-snakes' category tiebreak the same category does not beat).  The
   first seat always holds the best hand after its throw.
5. Equal values: check before raise (and fewer raises before more), meet
   before fold, the canonical hold.  A seat holding the best hand with nobody
   left to throw takes the pot; raising then gains nothing, so it checks.
6. Each seat plays for the chips of this round alone (the winner starting the
   next round is not valued).  The rule set must be played in the open
   (``knowledge=seen``), with ``ties=must-beat`` and no throw limit.

Figures per seat: ``ev`` (expected net chips of a round, ante included),
``p_pot`` (chance of taking the pot), ``raise_rate`` (chance of raising in a
round), ``fold_rate`` (chance of folding in a round).  Exact as Fractions when
cheap (few distinct strengths, as under triple-snakes), floats otherwise
(decisions within 1e-12 of the pot count as equal).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> result = solve_betting(get_rules("triple-snakes"), 2)
>>> sum(result.ev)
Fraction(0, 1)
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from pokerdice_stats.games.betting.exact.induction import (
    CHIPS,
    FOLDED,
    NOTHING,
    POT,
    RAISED,
    RoundSolver,
    Stakes,
    StateCache,
)
from pokerdice_stats.games.seats import check_players
from pokerdice_stats.ground.arguments import checked_flag
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.limits import exact_amount
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import check_rule_set, exact_is_cheap
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.unread_keys import refuse_unread

#: Most raises a turn.
MAX_RAISES = 4
#: Why a turn has at most :data:`MAX_RAISES` raises, said with every refusal of more.
RAISES_REASON = (
    "001 sets no limit on a raise; the solved round offers up to "
    f"{MAX_RAISES} raises of the raise size a turn, since each is one more branch of every "
    "decision it solves"
)
#: 001's words on a tie: a later player who only ties the best hand so far is out.
MUST_BEAT_WORDS = '001: a player "must beat the previous player\'s combination" to stay in'
#: The rule keys a betting round does not read, and why.
UNREAD_KEYS = ("target", "starter")
UNREAD_WHY = "one round, seat 1 throwing first: no match to a target, no next round to start"
#: Largest ante or raise accepted (chips).
MAX_CHIPS = 10**6


@dataclass(frozen=True, eq=False)
class Betting:
    """A solved betting round.

    Attributes
    ----------
    rules : RuleSet
    players : int
    stakes : Stakes
    exact : bool
    ev, p_pot, raise_rate, fold_rate : tuple
        Per seat, seat 1 first (see the module docstring); Fractions when exact.
    solver : RoundSolver
        The solved game, for decisions in any state.
    """

    rules: RuleSet
    players: int
    stakes: Stakes
    exact: bool
    ev: tuple
    p_pot: tuple
    raise_rate: tuple
    fold_rate: tuple
    solver: RoundSolver

    def checks_only(self) -> tuple:
        """Each seat's expected net chips when nobody may raise (the pot of antes)."""
        return solve_betting(
            self.rules,
            self.players,
            ante=self.stakes.ante,
            raise_size=self.stakes.raise_size,
            raises=0,
            exact=self.exact,
        ).ev

    def frame(self) -> pd.DataFrame:
        """One row per seat: ``seat``, ``ev``, ``ev_exact``, ``p_pot``, ``raise_rate``,
        ``fold_rate`` (floats; ``ev_exact`` a Fraction, or None when not exact) and
        ``ev_checks_only`` (the same seat with betting off)."""
        checks = self.checks_only()
        rows = []
        for seat in range(1, self.players + 1):
            i = seat - 1
            rows.append(
                {
                    "seat": seat,
                    "ev": float(self.ev[i]),
                    "ev_exact": self.ev[i] if self.exact else None,
                    "p_pot": float(self.p_pot[i]),
                    "raise_rate": float(self.raise_rate[i]),
                    "fold_rate": float(self.fold_rate[i]),
                    "ev_checks_only": float(checks[i]),
                }
            )
        return pd.DataFrame(rows)

    def context(self) -> dict:
        """The game a figure belongs to (for JSON objects)."""
        return {
            "rules": self.rules.label(),
            "players": self.players,
            "ante": self.stakes.ante,
            "raise": self.stakes.raise_size,
            "raises": self.stakes.raises,
            "sit_out": False,  # every seat antes: 001 as written is solve_table's
            "exact": self.exact,
            "unit": "chips",
        }

    def record(self) -> dict:
        """The context and the rows of :meth:`frame` under ``seats``."""
        return {**self.context(), "seats": self.frame().to_dict(orient="records")}

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.rules,
            players=self.players,
            ante=self.stakes.ante,
            raise_size=self.stakes.raise_size,
            ev=self.ev,
        )


def parse_chips(value, what: str) -> Fraction:
    """A positive number of chips (an int, a Fraction, or text such as ``2`` or ``1/2``).

    Raises
    ------
    OptionError
        For anything else, zero, a negative number or more than :data:`MAX_CHIPS`.
    """
    if isinstance(value, bool):
        raise OptionError(f"{what} must be a number of chips, got {value!r}")
    chips = exact_amount(
        value,
        f"{what} must be a number of chips above 0 and at most {MAX_CHIPS:,}, such as 1, 2.5 "
        "or 1/2",
        OptionError,
    )
    if not 0 < chips <= MAX_CHIPS:
        raise OptionError(f"{what} must be above 0 and at most {MAX_CHIPS:,} chips, got {value}")
    return chips


def check_stakes(ante=1, raise_size=None, raises: int = 1) -> Stakes:
    """Validated stakes: the raise defaults to one ante.

    Raises
    ------
    OptionError
        For a bad ante or raise, or raises outside 0..:data:`MAX_RAISES`.
    """
    ante_chips = parse_chips(ante, option("ante"))
    raise_chips = (
        ante_chips
        if raise_size is None
        else parse_chips(raise_size, option("raise_size", "--raise"))
    )
    if isinstance(raises, bool) or not isinstance(raises, int) or not 0 <= raises <= MAX_RAISES:
        raise OptionError(
            f"raises a turn must be 0 to {MAX_RAISES}, got {raises!r} ({RAISES_REASON})"
        )
    return Stakes(ante_chips, raise_chips, int(raises))


def check_betting_rules(rules: RuleSet) -> None:
    """Refuse rule sets the betting round is not defined for (see ruling 6), and changes
    of the rule keys it does not read (:data:`UNREAD_KEYS`).

    Raises
    ------
    OptionError
        Saying why, in 001's words where it has them.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> check_betting_rules(get_rules("triple-snakes", {"ties": "split"}))
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: the betting round (001) is played with \
ties=must-beat (001: a player "must beat the previous player's combination" to stay in, so \
a tie is out), got ties=split
    """
    check_rule_set(rules)
    if rules.ties != "must-beat":
        raise OptionError(
            f"the betting round (001) is played with ties=must-beat ({MUST_BEAT_WORDS}, so a "
            f"tie is out), got ties={rules.ties}"
        )
    if rules.knowledge != "seen":
        raise OptionError(
            "the betting round (001) is played in the open (each player throws, raises and "
            "meets seeing the hands before it): it needs knowledge=seen"
        )
    if rules.throw_limit != "none":
        raise OptionError(
            'the betting round (001) lets every player "roll the dice up to three times", '
            "whatever the players before took: it is solved without a throw limit "
            f"(throw_limit=none), got throw_limit={rules.throw_limit}"
        )
    refuse_unread(rules, UNREAD_KEYS, "the betting round (001)", UNREAD_WHY)


def solve_betting(
    rules: RuleSet,
    players: int,
    *,
    ante: Fraction | int | float | str = 1,
    raise_size: Fraction | int | float | str | None = None,
    raises: int = 1,
    exact: bool | None = None,
) -> Betting:
    """Solve a betting round of ``players`` seats.

    Parameters
    ----------
    rules : RuleSet
        ``ties=must-beat``, ``knowledge=seen``, no throw limit (triple-snakes).
    players : int
        2 to 5.
    ante : Fraction, int, float or str, default 1
        The chips each seat antes: above 0 and at most :data:`MAX_CHIPS`, as a number or
        text such as ``"2"`` or ``"1/2"``.
    raise_size : Fraction, int, float or str, optional
        The chips of one raise, in the same range (default: one ante).
    raises : int, default 1
        Most raises a turn, 0 to :data:`MAX_RAISES` (0: no betting).
    exact : bool, optional
        Fractions (default when cheap, :func:`~pokerdice_stats.turn.hands.exact_is_cheap`)
        or floats.

    Returns
    -------
    Betting
        Each seat's expected net chips, chance of the pot, raise and fold rates.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For rules, players or stakes outside the game.
    """
    check_betting_rules(rules)
    n = check_players(players)
    stakes = check_stakes(ante, raise_size, raises)
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    result = _solve_cached(rules_read(rules), n, stakes, exact)
    return dataclasses.replace(result, rules=rules)


def rules_read(rules: RuleSet) -> RuleSet:
    """``rules`` as the betting round reads them: under one preset's name (the round is
    001's whatever the rules are called), so that equal games share their solves."""
    return dataclasses.replace(rules, preset="triple-snakes")


@functools.lru_cache(maxsize=32)
def _solve_cached(rules: RuleSet, players: int, stakes: Stakes, exact: bool) -> Betting:
    return _solved(RoundSolver(rules, players, stakes, exact))


def solve_stakes(rules: RuleSet, players: int, stakes: Stakes, exact: bool) -> Betting:
    """The round of ``players`` seats at validated ``stakes``, its states shared across antes.

    Rounds of the same rules, seats and raises at different antes share their solved
    states (:class:`~pokerdice_stats.games.betting.exact.induction.StateCache`), so a
    table that lets the first seat name the ante solves each state once.  The figures
    are those of :func:`solve_betting` (the rules must have been checked).

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> stakes = check_stakes(2, 1, 1)
    >>> rules = get_rules("triple-snakes")
    >>> solve_stakes(rules, 2, stakes, True).ev == solve_betting(rules, 2, ante=2, raise_size=1).ev
    True
    """
    key = rules_read(rules)
    states = _shared_states(key, players, stakes.raise_size, stakes.raises, exact)
    return dataclasses.replace(_solve_shared(key, players, stakes, exact, states), rules=rules)


@functools.lru_cache(maxsize=16)
def _shared_states(
    rules: RuleSet, players: int, raise_size: Fraction, raises: int, exact: bool
) -> StateCache:
    return StateCache()


@functools.lru_cache(maxsize=64)
def _solve_shared(
    rules: RuleSet, players: int, stakes: Stakes, exact: bool, states: StateCache
) -> Betting:
    return _solved(RoundSolver(rules, players, stakes, exact, states=states))


def _solved(solver: RoundSolver) -> Betting:
    """The figures of a round read from its start state."""
    stakes, players = solver.stakes, solver.players
    start = solver.state(NOTHING, solver.full_mask, solver.start_pot())
    seats = range(1, players + 1)
    return Betting(
        rules=solver.rules,
        players=players,
        stakes=stakes,
        exact=solver.exact,
        ev=tuple(start[CHIPS, k] - solver.number(stakes.ante) for k in seats),
        p_pot=tuple(start[POT, k] for k in seats),
        raise_rate=tuple(start[RAISED, k] for k in seats),
        fold_rate=tuple(start[FOLDED, k] for k in seats),
        solver=solver,
    )
