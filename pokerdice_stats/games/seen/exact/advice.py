"""What to hold to win a seen round: every hold of a thrown hand with its chance to win.

:func:`round_advice`: win the round.  The best hand so far (``against``, held by
``tied`` earlier players, or nothing when you throw first), the later seats
(``players_left``, who see your hand and answer as
:mod:`pokerdice_stats.games.seen.exact.rounds` says), the rule set's tie rule and, under
``throw_limit=first-player``, the throws the first player took (``limit``).  Values
are chances of winning the round (roll-offs included, or a ``k``-way split counted
``1/k``).  Throwing first under the throw limit, standing now also holds every later
player to this many throws, and its value says so.

Beaten earlier players change nothing (they are out), so facing ``tied`` players on
the best hand is seat ``tied + 1`` of a round of ``tied + 1 + players_left`` players.
The answer has the shape of every hold advice, :class:`~pokerdice_stats.turn.advice.HoldAdvice`.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

from pokerdice_stats.ground import progress
from pokerdice_stats.ground.arguments import checked_flag, checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either, option
from pokerdice_stats.turn.advice import (
    UNIT_CHANCE,
    HoldAdvice,
    check_throws_left,
    turn_state_dice,
)
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind

#: Rounds of at most this many players, by the rule set's kind of turn state
#: (:func:`~pokerdice_stats.turn.states.state_kind`), are solved on the numpy twins of
#: the kernels when their tables are not saved yet (batches of up to
#: :data:`ROUND_QUICK_LIMIT` goals): about as fast as numba with its cache warm, and
#: without loading numba (nor, the first time, compiling its kernels).  Over hands
#: (252 states) every round qualifies; over the 4,368 states of sticky holds and
#: turn-scoped rethrows the twins fall behind from 3 players, which solve on numba.
ROUND_QUICK_PLAYERS = {"hand": 5, "aside": 2, "original": 2}
ROUND_QUICK_LIMIT = 1024
#: The share of a round's advice that its solve takes, for a watcher of its progress
#: (:mod:`pokerdice_stats.ground.progress`); saving its tables takes the rest.
SOLVE_SHARE = 0.9


def turn_position(
    rules: RuleSet,
    limit: int | None,
    throws_left: int | None,
    aside: str | None,
    untouched: str | None,
) -> tuple[int, int | None]:
    """The throws left of a later seat's turn and the dice its state carries, checked.

    ``limit`` (already checked: :func:`~pokerdice_stats.games.seen.exact.throw_limit.
    check_limit`) is the throws the first player took, None for all; the dice set aside
    or never thrown again are read against a turn of that many throws.

    Returns
    -------
    (int, int or None)
        The throws left and the keep index of the dice the state carries (or None).

    Raises
    ------
    OptionError
        For throws left out of range, or dice the turn's state cannot carry.
    """
    throws = rules.throws if limit is None else int(limit)
    what = (
        f"when the first player took {throws}"
        if limit is not None
        else f"with {rules.throws} throws a turn"
    )
    left_throws = check_throws_left(throws_left, throws, what)
    turn = rules if throws == rules.throws else dataclasses.replace(rules, throws=throws)
    return left_throws, turn_state_dice(turn, left_throws, aside, untouched)


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
    aside: str | None = None,
    untouched: str | None = None,
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
    tied : int, default 1
        Earlier players holding ``against``, 1 to 4 (1 unless a tie stands; only with
        ``against``).
    players_left : int, optional
        Players still to throw after you (default 1 when you throw first, else 0).
    limit : int, optional
        Under ``throw_limit=first-player``: the throws the first player took
        (default: every throw).
    exact : bool, optional
        Exact Fractions (default: when cheap, as ``round --exact auto``).
    aside, untouched : str, optional
        The dice set aside (``sticky_holds=true``), or the dice of the first throw never
        thrown again (turn-scoped ``max_rethrow``), after a re-throw: the turn's state
        (:func:`~pokerdice_stats.turn.advice.turn_state_dice`).

    Returns
    -------
    HoldAdvice
        Every hold, best first, its value the chance of winning the round (Fractions
        when exact, else floats); ``context`` holds the facts above.

    Raises
    ------
    OptionError
        For blind rules, more than 5 players, options that do not apply.
    DiceError
        For a hand (``dice``, ``against``, ``aside`` or ``untouched``) that cannot be read.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> advice = round_advice(get_rules("gameweave"), "K K J 10 9", against="Q Q Q 9 9")
    >>> advice  # doctest: +ELLIPSIS
    HoldAdvice(rules='gameweave', ..., goal='win the round', best='K K', value=0.387731)
    """
    rules = check_rule_set(rules)
    from pokerdice_stats.games.seen.exact.throw_limit import check_limit, has_throw_limit
    from pokerdice_stats.turn.hands import exact_is_cheap

    if rules.knowledge == "blind":
        raise OptionError(
            f"{either('--to-win', 'the chance to win the round')} needs later players who see "
            "your hand (knowledge=seen); these rules are blind: "
            + either(
                "`banking --dice DICE --throws-left T`",
                "banking_position(rules, dice, throws_left)",
            )
            + " gives every hold's share of the pot against the blind equilibrium"
        )
    first = against is None
    tied = checked_whole_number(tied, option("tied"), 1, 4)
    if first and tied != 1:
        raise OptionError(f"{option('tied')} needs {option('against')} (the best hand so far)")
    left = (
        (1 if first else 0)
        if players_left is None
        else checked_whole_number(players_left, option("players_left"), 0)
    )
    if first and left < 1:
        raise OptionError(
            f"throwing first, {option('players_left')} must be 1 or more (a round has 2+)"
        )
    if not 1 <= int(tied) <= 4:
        raise OptionError(f"{option('tied')} must be 1 to 4, got {tied}")
    if rules.ties == "must-beat" and tied > 1:
        raise OptionError(
            f"under ties=must-beat a later player who only ties is out: {option('tied')} 1"
        )
    seat = 1 if first else int(tied) + 1
    players = seat + left
    if players > 5:
        raise OptionError(
            f"a round has at most 5 players, got {players} (you, {option('tied')} {tied} and "
            f"{option('players_left')} {left})"
            if not first
            else f"a round has at most 5 players, got {players} (you and "
            f"{option('players_left')} {left})"
        )
    limited = has_throw_limit(rules)
    if limit is not None and first and limited:
        raise OptionError(
            f"{option('limit')} is the first player's throws: throwing first, it is yours"
        )
    check_limit(rules, limit)
    exact = exact_is_cheap(rules) if exact is None else checked_flag(exact, "exact")
    policy, goal = _round_policy(rules, players, exact, seat, against, int(tied), limit)
    left_throws, state = turn_position(rules, limit, throws_left, aside, untouched)
    table = hand_table(rules)
    hand = table.hand(dice)
    rows = policy.hold_rows(hand, left_throws, goal, state)
    context: dict[str, Any] = {
        "against": None
        if against is None
        else table.format(table.hand(against, option("against"))),
        "tied": 0 if first else int(tied),
        "players_left": left,
        "seat": seat,
        "players": players,
        "ties": rules.ties,
    }
    if limited:
        context["limit"] = None if first else (rules.throws if limit is None else int(limit))
    name = "win the round"
    return HoldAdvice(
        rules, hand, left_throws, name, UNIT_CHANCE, rows, exact, context, policy, goal, state
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
    (one goal solved, see :mod:`pokerdice_stats.games.seen.exact.round_tables`), else by
    solving the round (and saving its tables)."""
    from pokerdice_stats.games.seats import check_players
    from pokerdice_stats.games.seen.exact import round_tables
    from pokerdice_stats.games.seen.exact.rounds import solve_round
    from pokerdice_stats.games.seen.exact.sizes import check_round_memory
    from pokerdice_stats.turn.induction import quick_limit

    check_round_memory(rules, check_players(players), exact)
    tables = round_tables.load(rules, players, exact)
    if tables is not None:
        return tables.policy(seat, against, tied, limit)
    quick = players <= ROUND_QUICK_PLAYERS[state_kind(rules)]
    with (
        quick_limit(ROUND_QUICK_LIMIT) if quick else contextlib.nullcontext(),
        progress.stage(0.0, SOLVE_SHARE, ""),
    ):
        result = solve_round(rules, players, exact=exact)
    with progress.stage(SOLVE_SHARE, 1.0, "saving the round's tables"):
        round_tables.store(round_tables.RoundTables.of_round(result))
        if rules.ties == "roll-off":  # the smaller rounds were solved for their roll-off chances
            for smaller in range(2, players):
                solved = solve_round(rules, smaller, exact=exact)  # cached: no work
                round_tables.store(round_tables.RoundTables.of_round(solved))
    return result.policy(seat, against, tied, limit)
