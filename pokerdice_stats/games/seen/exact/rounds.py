"""Rounds of 2 to 5 players, each later player seeing every earlier final hand.

Every seat plays to maximise its own chance of winning the round; the seats
are solved by backward induction (:mod:`pokerdice_stats.games.seen.exact.seat_chain`), each
seat's turn by the optimal-hold dynamic program, batched over every hand to
beat it may face.  Exact ties follow the rule set's ``ties``:

- ``roll-off`` (gameweave, classic): the tied players throw again, in seat
  order, until one wins.  A roll-off of ``m`` players is itself an
  ``m``-player round, so its win chances ``W_m`` are a fixed point: the round
  of ``m`` players is solved with ``W_m`` in its own tie values, ``W_m`` is
  recomputed from the tie sets that round ends in (in closed form,
  ``W_m = A + P(all m tie) W_m``), and so on until two successive ``W_m``
  differ by at most :data:`TOLERANCE` (exact: until they are equal, which
  happens as soon as the players' choices stop changing).
- ``must-beat`` (triple-snakes): a later player who only ties the best hand
  so far is out; no roll-off.
- ``split`` (banking) and ``push`` (progressive): a ``k``-way tie counts
  ``1/k`` of a win to each tied player (under ``split`` the pot is shared; under ``push``
  nobody pays, and the ``1/k`` is a share of the chance, not of a pot); no roll-off.

Under ``throw_limit=first-player`` nobody may take more throws than the
first player took: the first seat's turn is solved with a stand value that
depends on the throws it used (:mod:`pokerdice_stats.turn.staged`), the later
seats once for each limit.  A roll-off is a fresh round, whose first player
sets the limit afresh.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> result = solve_round(get_rules("triple-snakes"), 2, exact=True)
>>> sum(result.win)
Fraction(1, 1)
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.games.seats import check_players
from pokerdice_stats.games.seen.exact.goal_memo import GoalMemo
from pokerdice_stats.games.seen.exact.seat_chain import (
    SeatChain,
    forward_tie_sets,
    seats_of,
    solve_chain,
    terminal_values,
)
from pokerdice_stats.games.seen.exact.seen_only import require_seen
from pokerdice_stats.games.seen.exact.sizes import check_round_memory
from pokerdice_stats.games.seen.exact.strengths import goals_from_values, strength_distribution
from pokerdice_stats.games.seen.exact.throw_limit import has_throw_limit
from pokerdice_stats.games.seen.exact.tie_outcomes import outcomes, total
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground import progress
from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import Policy, solve
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.staged import StagedPolicy, solve_staged

if TYPE_CHECKING:  # pandas only where a frame is made
    import pandas as pd

#: Roll-off fixed points stop when two successive iterates differ by at most this.
TOLERANCE = 1e-12
MAX_ITERATIONS = 200


@dataclass(frozen=True, eq=False)
class Round:
    """A solved round: each seat's chance to win and every seat's optimal play.

    Attributes
    ----------
    rules : RuleSet
    players : int
    exact : bool
        Values are Fractions (exact) or floats.
    win : tuple
        Chance that each seat wins the round, seat 1 first (roll-offs included).
    tie_sets : dict of tuple to number
        Chance that the seats of the key (1-based) are the ones left holding the
        best hand once everyone has thrown (one seat: an outright winner),
        before any roll-off.
    rolloff : dict of int to tuple
        ``rolloff[m][r - 1]``: chance that the ``r``-th of ``m`` tied players
        (in seat order) wins their roll-off (``m = 1 .. players``; roll-off
        rules only).
    last_thrower : tuple of tuple
        ``last_thrower[w][l]``: chance that seat ``w + 1`` wins and seat
        ``l + 1`` is the last to throw (the last seat after an ordinary round,
        the last tied player of the last roll-off otherwise).
    iterations : int
        Evaluations of the round needed by the roll-off fixed point (1 without).
    residual : float
        Largest change of the win chances in the last iteration (0 without a
        fixed point); the fixed point is met to within :data:`TOLERANCE`.
    chains : dict of int to SeatChain
        The later seats, solved for each number of throws they may take
        (only ``rules.throws`` without a throw limit).
    first : Policy or StagedPolicy
        The first seat's optimal play.
    stop_after : tuple or None
        Under the throw limit: chance that the first seat stands after 1, 2,
        ... throws.
    """

    rules: RuleSet
    players: int
    exact: bool
    win: tuple
    tie_sets: dict
    rolloff: dict
    last_thrower: tuple
    iterations: int
    residual: float
    chains: dict
    first: Policy | StagedPolicy
    stop_after: tuple | None

    @property
    def limited(self) -> bool:
        """Whether the first player's throw limit is in force."""
        return has_throw_limit(self.rules)

    def frame(self) -> pd.DataFrame:
        """One row per seat: ``seat``, ``win`` (float) and, when exact, ``win_exact``."""
        rows = []
        for seat, value in enumerate(self.win, start=1):
            row = {"seat": seat, "win": float(value)}
            if self.exact:
                row["win_exact"] = value
            rows.append(row)
        import pandas as pd

        return pd.DataFrame(rows)

    def chain(self, limit: int | None = None) -> SeatChain:
        """The later seats, solved for the throws they may take (``limit``, the throws
        the first player took; default: all)."""
        if limit is None:
            return self.chains[self.rules.throws]
        limit = checked_whole_number(limit, "the throw limit")
        if limit not in self.chains:
            if not self.limited:
                raise OptionError(
                    "later seats take a different number of throws only under "
                    "throw_limit=first-player"
                )
            raise OptionError(f"the throw limit must be 1 to {self.rules.throws}, got {limit}")
        return self.chains[limit]

    def policy(
        self, seat: int, against: str | int | None = None, tied: int = 1, limit: int | None = None
    ) -> tuple[Policy | StagedPolicy, int]:
        """A seat's optimal play and the index of its goal.

        Parameters
        ----------
        seat : int
            1-based seat.
        against : str or int, optional
            The best hand so far (dice or hand index); required from seat 2 on,
            and not allowed for seat 1, which faces no hand.
        tied : int
            How many earlier players hold a hand equal to ``against``.
        limit : int, optional
            Under the throw limit: the throws the first player took
            (default: all).

        Returns
        -------
        (policy, goal)
            ``policy.best_keep(hand, throws_left, goal)``,
            ``policy.alternatives(hand, throws_left, goal)`` and
            ``policy.value(goal)`` (the seat's chance to win) describe the play.
            Seat 1 gets a :class:`~pokerdice_stats.turn.holds.Policy`, or a
            :class:`~pokerdice_stats.turn.staged.StagedPolicy` under the limit.
        """
        seat = checked_whole_number(seat, option("seat"), 1, self.players)
        if seat == 1:
            if against is not None:
                raise OptionError("the first seat faces no hand to beat")
            if limit is not None:
                raise OptionError("the first seat's throws are its own choice")
            return self.first, 0
        if against is None:
            raise OptionError(f"seat {seat} needs the best hand so far")
        chain = self.chain(limit)
        table = hand_table(self.rules)
        strength = int(table.strength[table.hand(against, option("against"))])
        limit = chain.max_tied(seat)
        tied = checked_whole_number(
            tied, "tied", 1, limit, reason=f"seat {seat} can face 1 to {limit} tied hands"
        )
        return chain.policies[seat], chain.goal_index(seat, strength, tied)

    def chance_to_win(
        self, seat: int, against: str | int | None = None, tied: int = 1, limit: int | None = None
    ) -> Fraction | float:
        """A seat's chance to win the round when it faces ``against``, playing optimally.

        Parameters
        ----------
        seat : int
            1-based seat.
        against : str or int, optional
            The best hand so far (dice or hand index); required from seat 2 on, not
            allowed for seat 1.
        tied : int
            How many earlier players hold a hand equal to ``against`` (a whole number).
        limit : int, optional
            Under the throw limit: the throws the first player took.

        Returns
        -------
        Fraction or float
            Exact when the round was solved exactly.

        Raises
        ------
        OptionError
            For a seat, tie count or limit that is not a whole number in range.

        Examples
        --------
        >>> from pokerdice_stats import get_rules, solve_round
        >>> round3 = solve_round(get_rules("gameweave"), 3)
        >>> round(float(round3.chance_to_win(3, "Q Q Q 9 9")), 4)
        0.4023
        """
        policy, goal = self.policy(seat, against, tied, limit)
        return policy.value(goal)

    def best_keep(
        self,
        seat: int,
        hand: str | int,
        throws_left: int,
        against: str | int | None = None,
        tied: int = 1,
        limit: int | None = None,
    ) -> str:
        """The dice a seat should keep.

        Parameters
        ----------
        seat : int
            1-based seat.
        hand : str or int
            The dice showing (or a hand index).
        throws_left : int
            The throws still to come in the seat's turn (a whole number; 0: stand).
        against, tied, limit
            As :meth:`chance_to_win`.

        Returns
        -------
        str
            The dice to keep, in the rules' chart (the whole hand means stand).

        Raises
        ------
        OptionError, DiceError
            For an argument that is not a whole number in range, or a malformed hand.
        """
        policy, goal = self.policy(seat, against, tied, limit)
        h = hand_table(self.rules).hand(hand)
        throws_left = checked_whole_number(throws_left, "throws left", 0)
        if isinstance(policy, StagedPolicy):
            used = policy.throws - throws_left
            if not 1 <= used <= policy.throws:
                raise OptionError(f"throws left must be 0 to {policy.throws - 1}")
            if used == policy.throws:
                keep = int(ix.HAND_KEEP[h])
            else:
                if self.rules.sticky_holds:
                    raise OptionError("best_keep of the first seat under sticky holds: use .first")
                keep = int(policy.best_keep[used - 1][goal, h])
        else:
            keep = policy.best_keep(h, throws_left, goal)
        return format_counts(ix.KEEP_COUNTS[keep], self.rules)

    def __repr__(self) -> str:
        return short_repr(
            self, rules=self.rules, players=self.players, exact=self.exact, win=self.win
        )


def _cache_key(rules: RuleSet) -> RuleSet:
    """The rule set without its preset name, which changes nothing in a round."""
    return dataclasses.replace(rules, preset="gameweave")


def solve_round(rules: RuleSet, players: int, *, exact: bool = False) -> Round:
    """Solve a round of ``players`` players.

    Parameters
    ----------
    rules : RuleSet
        The rule set: later seats see the earlier hands (``knowledge=seen``).
    players : int
        2 to 5.
    exact : bool
        Exact Fractions (Python integers throughout: slow for rule sets with
        many distinct hands and several throws) or floats.

    Returns
    -------
    Round
        Each seat's chance to win the round (roll-offs included), the tie sets and every
        seat's optimal play.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For players outside 2..5, blind rules (``knowledge=blind``: see ``blind_round``)
        or a roll-off fixed point that does not converge.
    pokerdice_stats.ground.limits.LimitError
        When the round's tables would outgrow the memory budget
        (:func:`~pokerdice_stats.games.seen.exact.sizes.check_round_memory`).
    """
    require_seen(check_rule_set(rules), "this round")
    n = check_players(players)
    check_round_memory(rules, n, checked_flag(exact, "exact"))
    # A roll-off of m players is a round of m: they are solved first, smallest first, as
    # stages of the progress a watcher reads (each weighs its m - 1 later seats).
    sizes = list(range(2, n + 1)) if rules.ties == "roll-off" else [n]
    total = sum(m - 1 for m in sizes)
    try:
        done = 0
        for m in sizes:
            share = (done / total, (done + m - 1) / total)
            with progress.stage(*share, f"round of {m} players"):
                result = _solve_cached(_cache_key(rules), m, bool(exact))
            done += m - 1
    finally:
        _MEMOS.clear()  # the solved rounds are cached; their goals need not stay alive
    return dataclasses.replace(result, rules=rules)


@functools.lru_cache(maxsize=8)
def _solve_cached(rules: RuleSet, players: int, exact: bool) -> Round:
    if rules.ties != "roll-off":
        core = evaluate_seats(rules, players, {}, exact)
        win, last = outcomes(core["sets"], players, rules.ties, {}, {}, exact)
        return _make_round(rules, players, exact, core, win, last, {}, 1, 0.0)
    rolloff = {1: (_one(exact),)}
    lasts = {1: ((_one(exact),),)}
    for m in range(2, players):
        rolloff[m], lasts[m] = _rolloff_pieces(rules, m, exact)
    guess = tuple(_one(exact) / players for _ in range(players))
    iteration, done = 0, False
    while not done and iteration < MAX_ITERATIONS:
        iteration += 1
        rolloff[players] = guess
        with progress.stage(*progress.pass_share(iteration), f"pass {iteration} (roll-offs)"):
            core = evaluate_seats(rules, players, rolloff, exact)
        win, _ = outcomes(core["sets"], players, rules.ties, rolloff, None, exact)
        residual = max(abs(float(a - b)) for a, b in zip(win, guess, strict=True))
        done = tuple(win) == guess if exact else residual <= TOLERANCE
        guess = tuple(win)
    if not done:
        raise OptionError(
            f"the roll-off fixed point of {players} players did not converge in "
            f"{MAX_ITERATIONS} iterations (last change {residual:.3g})"
        )
    rolloff[players] = guess
    win, last = outcomes(core["sets"], players, rules.ties, rolloff, lasts, exact)
    return _make_round(rules, players, exact, core, win, last, rolloff, iteration, residual)


def clear_caches() -> None:
    """Forget every solved round (benchmarks time cold solves with it)."""
    _solve_cached.cache_clear()
    _rolloff_pieces.cache_clear()
    _MEMOS.clear()


#: Float seat goals solved so far, per (rule set, throws): see :mod:`.goal_memo`.
_MEMOS: dict[tuple[RuleSet, int], GoalMemo] = {}


def _memo(rules: RuleSet, throws: int, exact: bool) -> GoalMemo | None:
    """The memo of float goals of ``rules`` with ``throws`` throws (None when exact)."""
    if exact:
        return None
    return _MEMOS.setdefault((_cache_key(rules), throws), GoalMemo())


@functools.cache
def _rolloff_pieces(rules: RuleSet, players: int, exact: bool) -> tuple[tuple, tuple]:
    """Roll-off win chances and (winner, last thrower) of a round of ``players`` (cached)."""
    result = _solve_cached(rules, players, exact)
    return result.win, result.last_thrower


def _one(exact: bool):
    return Fraction(1) if exact else 1.0


def _make_round(rules, players, exact, core, win, last, rolloff, iterations, residual) -> Round:
    sets = {seats_of(mask): total(p, exact) for mask, p in sorted(core["sets"].items())}
    return Round(
        rules=rules,
        players=players,
        exact=exact,
        win=tuple(win),
        tie_sets=sets,
        rolloff=dict(rolloff),
        last_thrower=last,
        iterations=iterations,
        residual=float(residual),
        chains=core["chains"],
        first=core["first"],
        stop_after=core["stop_after"],
    )


def evaluate_seats(rules: RuleSet, players: int, rolloff: dict, exact: bool) -> dict:
    """Solve every seat for given roll-off values; the tie sets the round ends in.

    One step of :func:`solve_round`'s roll-off fixed point (public so that a
    test can check the equation the fixed point meets).  ``rolloff[m]`` is the
    win chance of each of ``m`` tied players in a roll-off.  Returns the
    seats' ``chains``, the ``first`` seat's policy, the weights of the tie
    ``sets`` a round ends in, and ``stop_after`` (under the throw limit).
    """
    terminal = terminal_values(rules, players, rolloff, exact)
    strength = hand_table(rules).strength
    sets: dict[int, np.ndarray] = {}
    chained = (players - 1) / players  # seats 2..n, then seat 1: a share each
    if not has_throw_limit(rules):
        memo = _memo(rules, rules.throws, exact)
        with progress.stage(0.0, chained, "seats after the first"):
            chain = solve_chain(rules, players, rules.throws, terminal, exact, memo)
        goals = goals_from_values(chain.first_seat_values()[None, :], rules, exact, "seat1")
        with progress.stage(chained, 1.0, "seat 1"):
            first = solve(rules, goals, throws=rules.throws, exact=exact)
        numerators, denominator = first.final_distribution()
        start = strength_distribution(numerators, denominator, rules, exact)[0]
        _accumulate(sets, forward_tie_sets(chain, {1: start}))
        return {"chains": {rules.throws: chain}, "first": first, "sets": sets, "stop_after": None}
    chains = {}
    for t in range(1, rules.throws + 1):
        share = (chained * (t - 1) / rules.throws, chained * t / rules.throws)
        with progress.stage(*share, f"seats after the first, limit {t}"):
            chains[t] = solve_chain(rules, players, t, terminal, exact, _memo(rules, t, exact))
    stands = [chains[t].first_seat_values()[strength][None, :] for t in chains]
    with progress.stage(chained, 1.0, "seat 1"):
        staged = solve_staged(rules, stands, exact=exact)
    finals, denominators = staged.final_distribution()
    stop_after = []
    for t in chains:
        start = strength_distribution(finals[t - 1], denominators[t - 1], rules, exact)[0]
        stop_after.append(total(start, exact))
        _accumulate(sets, forward_tie_sets(chains[t], {1: start}))
    return {"chains": chains, "first": staged, "sets": sets, "stop_after": tuple(stop_after)}


def _accumulate(into: dict, states: dict) -> None:
    for mask, weights in states.items():
        into[mask] = into[mask] + weights if mask in into else weights
