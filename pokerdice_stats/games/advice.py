"""What to hold at the table: every hold of a thrown hand with its value, for a stated goal.

Three goals, one answer shape (:class:`HoldAdvice`):

- :func:`goal_advice`: a goal over the final hand (``at-least:full-house``, a
  hand to beat, points, ...), values are chances or points of the goal;
- :func:`round_advice`: win the round.  The best hand so far (``against``,
  held by ``tied`` earlier players, or nothing when you throw first), the
  later seats (``players_left``, who see your hand and answer as
  :mod:`pokerdice_stats.games.rounds` says), the rule set's tie rule and, under
  ``throw_limit=first-player``, the throws the first player took (``limit``).
  Values are chances of winning the round (roll-offs included, or a ``k``-way
  split counted ``1/k``).  Throwing first under the throw limit, standing now
  also holds every later player to this many throws, and its value says so;
- :func:`progressive_advice`: the progressive game (seed 004): the player's
  hold against a known computer hand, or the optimal computer's own hold
  (its goal: minus the player's optimal answer), values in points per round.

Beaten earlier players change nothing (they are out), so facing ``tied``
players on the best hand is seat ``tied + 1`` of a round of
``tied + 1 + players_left`` players.

:func:`hold_distribution` gives, for each hold, the chance of each final
category when the rest of the turn follows the same play.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from pokerdice_stats import indexing as ix
from pokerdice_stats.errors import OptionError
from pokerdice_stats.hands import hand_table
from pokerdice_stats.rules import RuleSet
from pokerdice_stats.turn_states import keep_intersection, n_states, state_kind

#: Units of the values of each kind of advice.
UNIT_CHANCE = "chance"
UNIT_POINTS = "points per round"
#: Rounds of at most this many players, by the rule set's kind of turn state
#: (:func:`~pokerdice_stats.turn_states.state_kind`), are solved on the numpy twins of
#: the kernels when their tables are not saved yet (batches of up to
#: :data:`ROUND_QUICK_LIMIT` goals): about as fast as numba with its cache warm, and
#: without loading numba (nor, the first time, compiling its kernels).  Over hands
#: (252 states) every round qualifies; over the 4,368 states of sticky holds and
#: turn-scoped rethrows the twins fall behind from 3 players, which solve on numba.
ROUND_QUICK_PLAYERS = {"hand": 5, "aside": 2, "original": 2}
ROUND_QUICK_LIMIT = 1024
#: Sides of the progressive game whose hold can be asked for.
PROGRESSIVE_SIDES = ("player", "computer")


@dataclass(frozen=True, eq=False)
class HoldAdvice:
    """Every hold of one hand, best first, and what the values mean.

    Attributes
    ----------
    rules : RuleSet
    hand : int
        The hand thrown (hand index).
    throws_left : int
    goal : str
        What the values are the chance or expectation of.
    unit : str
        :data:`UNIT_CHANCE` or :data:`UNIT_POINTS`.
    rows : list of dict
        ``keep``, ``keep_index``, ``rethrow``, ``value`` (Fraction or float),
        ``value_float``, ``optimal``, ``canonical`` (see
        :meth:`pokerdice_stats.holds.Policy.hold_rows`).
    exact : bool
    context : dict
        The facts the advice depends on (best hand so far, players left, ...).
    policy, goal_index : the solved play behind the values.
    aside : int or None
        The dice set aside, or first-throw dice untouched (keep index).
    scale : Fraction
        Values are the policy's values times ``scale`` (points per unit).
    """

    rules: RuleSet
    hand: int
    throws_left: int
    goal: str
    unit: str
    rows: list[dict[str, Any]]
    exact: bool
    context: dict[str, Any] = field(default_factory=dict)
    policy: Any = None
    goal_index: int = 0
    aside: int | None = None
    scale: Fraction = Fraction(1)


def _throws_left(throws_left: int | None, throws: int, what: str) -> int:
    if throws_left is None:
        return throws - 1
    if not 0 <= int(throws_left) < throws:
        raise OptionError(f"--throws-left must be 0 to {throws - 1} {what}, got {throws_left}")
    return int(throws_left)


def goal_advice(
    rules: RuleSet,
    dice: str | int,
    goal_text: str | None,
    throws_left: int | None = None,
    aside_text: str | None = None,
    untouched_text: str | None = None,
) -> HoldAdvice:
    """Every hold of ``dice`` for a goal over the final hand (default: the best category).

    ``aside_text``: the dice set aside (sticky holds); ``untouched_text``: the
    dice of the first throw never thrown again (turn-scoped ``max_rethrow``).
    """
    from pokerdice_stats.dice import parse_keep
    from pokerdice_stats.goals import parse_goal
    from pokerdice_stats.holds import solve
    from pokerdice_stats.turn_states import parse_aside

    table = hand_table(rules)
    hand = table.hand(dice)
    goal = parse_goal(goal_text, table)
    left = _throws_left(
        throws_left,
        rules.throws,
        f"with {rules.throws} throws a turn (change the turn with --set throws=N)",
    )
    aside = parse_aside(aside_text, rules, left)
    if untouched_text is not None:
        if state_kind(rules) != "original":
            raise OptionError(
                "--untouched matters only under max_rethrow_scope=turn with max_rethrow below 5 "
                "(and without sticky holds)"
            )
        aside = parse_keep(untouched_text, rules)
    elif state_kind(rules) == "original" and 0 < left < rules.throws - 1:
        raise OptionError(
            f"after a re-throw under max_rethrow={rules.max_rethrow} (max_rethrow_scope=turn) "
            "give --untouched: the dice of the first throw never thrown again"
        )
    policy = solve(rules, goal, throws=max(left + 1, 1))
    rows = policy.hold_rows(hand, left, 0, aside)
    unit = UNIT_CHANCE if goal.is_probability else "points"
    return HoldAdvice(rules, hand, left, goal.name, unit, rows, policy.exact, {}, policy, 0, aside)


def round_advice(
    rules: RuleSet,
    dice: str | int,
    throws_left: int | None = None,
    *,
    against: str | int | None = None,
    tied: int = 1,
    players_left: int | None = None,
    limit: int | None = None,
    exact: bool | None = None,
) -> HoldAdvice:
    """Every hold of ``dice`` with its chance of winning the round.

    Parameters
    ----------
    rules : RuleSet
        Later players must see the earlier hands (``knowledge=seen``).
    dice : str or int
        The hand just thrown.
    throws_left : int, optional
        Default: all the throws you may still take.
    against : str or int, optional
        The best hand so far; None when you throw first.
    tied : int
        Earlier players holding ``against`` (1 unless a tie stands).
    players_left : int, optional
        Players still to throw after you (default 1 when you throw first, else 0).
    limit : int, optional
        Under ``throw_limit=first-player``: the throws the first player took
        (default: every throw).
    exact : bool, optional
        Exact Fractions (default: when cheap, as ``round --exact auto``).

    Raises
    ------
    OptionError
        For blind rules, more than 5 players, options that do not apply.
    """
    from pokerdice_stats.games.chips import exact_is_cheap
    from pokerdice_stats.games.rounds import check_limit, has_throw_limit

    if rules.knowledge == "blind":
        raise OptionError(
            "--to-win needs later players who see your hand (knowledge=seen); these rules are "
            "blind: use `banking` for the blind round"
        )
    first = against is None
    if first and tied != 1:
        raise OptionError("--tied needs --against (the best hand so far)")
    left = (1 if first else 0) if players_left is None else int(players_left)
    if left < 0:
        raise OptionError(f"--players-left must be 0 or more, got {players_left}")
    if first and left < 1:
        raise OptionError("throwing first, --players-left must be 1 or more (a round has 2+)")
    if not 1 <= int(tied) <= 4:
        raise OptionError(f"--tied must be 1 to 4, got {tied}")
    if rules.ties == "must-beat" and tied > 1:
        raise OptionError("under ties=must-beat a later player who only ties is out: --tied 1")
    seat = 1 if first else int(tied) + 1
    players = seat + left
    if players > 5:
        raise OptionError(
            f"a round has at most 5 players, got {players} (you, --tied {tied} and "
            f"--players-left {left})"
            if not first
            else f"a round has at most 5 players, got {players} (you and --players-left {left})"
        )
    limited = has_throw_limit(rules)
    if limit is not None and first and limited:
        raise OptionError("--limit is the first player's throws: throwing first, it is yours")
    check_limit(rules, limit)
    exact = exact_is_cheap(rules) if exact is None else bool(exact)
    policy, goal = _round_policy(rules, players, exact, seat, against, int(tied), limit)
    throws = rules.throws if limit is None else int(limit)
    what = (
        f"when the first player took {throws}"
        if limit is not None
        else f"with {rules.throws} throws a turn"
    )
    left_throws = _throws_left(throws_left, throws, what)
    table = hand_table(rules)
    hand = table.hand(dice)
    rows = policy.hold_rows(hand, left_throws, goal)
    context: dict[str, Any] = {
        "against": None if against is None else table.format(table.hand(against)),
        "tied": 0 if first else int(tied),
        "players_left": left,
        "seat": seat,
        "players": players,
        "ties": rules.ties,
    }
    if limited:
        context["limit"] = None if first else throws
    name = "win the round"
    return HoldAdvice(
        rules, hand, left_throws, name, UNIT_CHANCE, rows, exact, context, policy, goal
    )


def _round_policy(
    rules: RuleSet,
    players: int,
    exact: bool,
    seat: int,
    against: str | int | None,
    tied: int,
    limit: int | None,
) -> tuple[Any, int]:
    """A seat's play and goal: from the round's saved tables when there are some
    (one goal solved, see :mod:`pokerdice_stats.games.round_tables`), else by
    solving the round (and saving its tables)."""
    from pokerdice_stats.games import round_tables
    from pokerdice_stats.games.rounds import check_players, solve_round
    from pokerdice_stats.games.sizes import check_round_memory
    from pokerdice_stats.induction import quick_limit

    check_round_memory(rules, check_players(players), exact)
    tables = round_tables.load(rules, players, exact)
    if tables is not None:
        return tables.policy(seat, against, tied, limit)
    quick = players <= ROUND_QUICK_PLAYERS[state_kind(rules)]
    with quick_limit(ROUND_QUICK_LIMIT) if quick else contextlib.nullcontext():
        result = solve_round(rules, players, exact=exact)
    round_tables.store(round_tables.RoundTables.of_round(result))
    if rules.ties == "roll-off":  # the smaller rounds were solved for their roll-off chances
        for smaller in range(2, players):
            solved = solve_round(rules, smaller, exact=exact)  # cached: no work
            round_tables.store(round_tables.RoundTables.of_round(solved))
    return result.policy(seat, against, tied, limit)


def progressive_advice(
    rules: RuleSet,
    dice: str | int,
    throws_left: int | None = None,
    *,
    computer_hand: str | int | None = None,
    side: str = "player",
    schedule=None,
) -> HoldAdvice:
    """Every hold of ``dice`` in the progressive game, in points per round.

    ``side="player"`` with the computer's final hand: the player's best
    expected payout for each hold (:func:`~pokerdice_stats.games.progressive.player_response`).
    ``side="computer"``: the optimal computer's hold, its values the
    computer's expected payout (minus the player's) when the player answers
    optimally (:func:`~pokerdice_stats.games.progressive.optimal_computer`).
    """
    from pokerdice_stats.games import require_independent_turns
    from pokerdice_stats.games.progressive import (
        check_payout_rules,
        optimal_computer,
        player_response,
    )
    from pokerdice_stats.games.schedule import PROGRESSIVE_SCHEDULE, integer_payout

    if side not in PROGRESSIVE_SIDES:
        raise OptionError(f"unknown side {side!r}; choose one of: " + ", ".join(PROGRESSIVE_SIDES))
    require_independent_turns(rules, "the progressive payout")
    check_payout_rules(rules)
    schedule = PROGRESSIVE_SCHEDULE if schedule is None else schedule
    matrix, scale = integer_payout(rules, schedule)
    table = hand_table(rules)
    hand = table.hand(dice)
    left = _throws_left(throws_left, rules.throws, f"with {rules.throws} throws a turn")
    response = player_response(rules, matrix)
    context: dict[str, Any] = {"side": side, "schedule": schedule.name}
    if side == "player":
        if computer_hand is None:
            raise OptionError("the player's hold needs --computer-hand (the computer's final hand)")
        c = table.hand(computer_hand)
        policy, goal = response.policy, int(response.column[c])
        context["computer_hand"] = table.format(c)
        name = f"best expected payout against {table.format(c)}"
        factor = Fraction(1, scale)
    else:
        if computer_hand is not None:
            raise OptionError("--computer-hand is the player's information: not with --as computer")
        policy, _, _ = optimal_computer(rules, response)
        goal = 0
        name = "the computer's best expected payout (the player answering optimally)"
        factor = Fraction(1, scale)
    rows = policy.hold_rows(hand, left, goal)
    for row in rows:
        row["value"] = Fraction(row["value"]) * factor
        row["value_float"] = float(row["value"])
    return HoldAdvice(
        rules, hand, left, name, UNIT_POINTS, rows, True, context, policy, goal, None, factor
    )


def hold_distribution(advice: HoldAdvice) -> list[dict[str, Fraction | float]]:
    """For each hold of ``advice`` (in its order), the chance of each final category.

    The rest of the turn follows the policy behind the advice (the canonical
    best keeps); standing ends the turn on the hand.  Exact when the policy is.
    """
    from pokerdice_stats.games.staged import StagedPolicy
    from pokerdice_stats.induction import follow_keeps

    policy, goal, rules = advice.policy, advice.goal_index, advice.rules
    kind = state_kind(rules)
    left = advice.throws_left
    if isinstance(policy, StagedPolicy):
        used = policy.throws - left
        tables = [policy.best_keep[t][goal : goal + 1] for t in range(used, policy.throws - 1)]
    else:
        tables = [policy.stages[t - 1].best_keep[goal : goal + 1] for t in range(left - 1, 0, -1)]
    table = hand_table(rules)
    n_categories = len(rules.categories)
    untouched = advice.aside if kind != "hand" else None
    if kind == "original" and untouched is None:
        untouched = int(ix.HAND_KEEP[advice.hand])
    thrown = [row for row in advice.rows if row["rethrow"] > 0]
    out_by_keep: dict[int, dict[str, Fraction | float]] = {}
    if thrown:
        start = np.zeros((len(thrown), n_states(kind)), dtype=np.int64)
        for i, row in enumerate(thrown):
            k = row["keep_index"]
            lo, hi = ix.REROLL.ptr[k], ix.REROLL.ptr[k + 1]
            hands = ix.REROLL.col[lo:hi]
            if kind == "hand":
                states = hands
            elif kind == "aside":
                states = ix.STATE_OF[k, hands]
            else:
                states = ix.STATE_OF[keep_intersection()[untouched, k], hands]
            assert ix.REROLL.val is not None
            start[i, states] += ix.REROLL.val[lo:hi]
        many = [np.repeat(t, len(thrown), axis=0) for t in tables]
        final = follow_keeps(many, start, kind=kind, exact=True)
        denominator = ix.N_THROWS ** (len(tables) + 1)
        for i, row in enumerate(thrown):
            sums = [0] * n_categories
            for h in np.flatnonzero(final[i]):
                sums[int(table.category[h])] += int(final[i, h])
            out_by_keep[row["keep_index"]] = {
                cat.slug: Fraction(sums[c], denominator) for c, cat in enumerate(rules.categories)
            }
    result: list[dict[str, Fraction | float]] = []
    for row in advice.rows:
        if row["rethrow"] == 0:
            mine = int(table.category[advice.hand])
            result.append(
                {cat.slug: Fraction(int(c == mine)) for c, cat in enumerate(rules.categories)}
            )
        else:
            result.append(out_by_keep[row["keep_index"]])
    return result
