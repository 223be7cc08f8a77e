"""One position of the blind banking round: every hold, its share of the pot and its chance.

Under 004's banking rules nobody sees another's hand, so the question "what do I keep?"
is answered against the field: every other seat plays the symmetric equilibrium
(:func:`~pokerdice_stats.games.banking.exact.field.blind_round`).  Each hold of the dice
showing gets its value (the share of the pot it earns against that field, holding best
afterwards) and the chance the equilibrium itself plays it (the weights of its pure hold
tables that do).  The command line (``banking --dice``) and the coach answer from here.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> answer = banking_position(get_rules("banking"), 2, "6 6 6 2 3", 2)
>>> answer["holds"][0]["keep"], answer["holds"][0]["optimal"]
('6 6 6', True)
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from pokerdice_stats.games.banking.exact.field import blind_round, check_players
from pokerdice_stats.games.banking.exact.strategy_frames import keep_frame
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.numbers import plural
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.turn.advice import check_throws_left
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import solve
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import state_kind

__all__ = ["banking_position"]


@functools.lru_cache(maxsize=8)
def _field(rules: RuleSet, players: int):
    """The solved blind round, its pure strategies' holds and the holds' values."""
    eq = blind_round(rules, players).equilibrium
    return eq, keep_frame(eq), solve(rules, eq.field_goal(), exact=False)


def banking_position(
    rules: RuleSet, players: int, dice: str | int, throws_left: int | None = None
) -> dict[str, Any]:
    """Every hold of ``dice`` against ``players - 1`` seats playing the blind equilibrium.

    Parameters
    ----------
    rules : RuleSet
        Blind rules (``knowledge=blind``, 004's banking) whose turn state is the hand.
    players : int
        2 to 5 seats.
    dice : str or int
        The dice showing (``"6 6 6 2 3"``) or a hand index.
    throws_left : int, optional
        Throws still to come (default: all but the first: right after the first throw).

    Returns
    -------
    dict
        ``rules``, ``game``, ``players``, ``knowledge``, ``hand``, ``category``,
        ``throws_left``, ``units``, ``exploitability`` and ``holds``: for each hold, best
        first, ``keep``, ``rethrow``, ``value`` (share of the pot), ``optimal``, ``chance``
        (the equilibrium's chance of playing it; exact in ``chance_exact``) and the pure
        ``strategies`` that play it.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For seen rules, sticky holds or a turn-scoped rethrow limit, rules the field game
        does not model (ties other than split or push, a throw limit), players outside
        2..5, or ``throws_left`` outside 0 to ``rules.throws - 1``.
    DiceError
        For dice that cannot be read.
    """
    rules = check_rule_set(rules)
    if rules.knowledge != "blind":
        raise OptionError(
            "the banking holds are the blind round's (knowledge=blind); with later seats "
            "seeing the earlier hands, ask "
            + either("`hold --to-win` or `round --seat`", "round_advice")
        )
    if state_kind(rules) != "hand":
        raise OptionError(
            "the banking holds need turns whose state is the hand (no sticky holds, no "
            "turn-scoped rethrow limit)"
        )
    players = check_players(players)
    eq, keeps, policy = _field(rules, players)
    table = hand_table(rules)
    hand = table.hand(dice)
    left = check_throws_left(throws_left, rules.throws, f"with {rules.throws} throws a turn")
    shown = table.format(hand)
    mine = keeps[(keeps["hand"] == shown) & (keeps["throws_left"] == left)]
    weight: dict[str, Fraction] = {}
    strategies: dict[str, list[int]] = {}
    for _, row in mine.iterrows():
        weight[row["keep"]] = weight.get(row["keep"], Fraction(0)) + row["weight_exact"]
        strategies.setdefault(row["keep"], []).append(int(row["strategy"]))
    holds = []
    for row in policy.hold_rows(hand, left, 0):
        chance = weight.get(row["keep"], Fraction(0)) if left > 0 else Fraction(1)
        holds.append(
            {
                "keep": row["keep"],
                "rethrow": row["rethrow"],
                "value": float(row["value"]),
                "optimal": bool(row["optimal"]),
                "chance": float(chance),
                "chance_exact": chance,
                "strategies": strategies.get(row["keep"], []),
            }
        )
    return {
        "rules": rules.label(),
        "game": "banking (004), blind",
        "players": players,
        "knowledge": "blind",
        "hand": shown,
        "category": table.category_slug(hand),
        "throws_left": left,
        "units": {
            "value": f"share of the pot against {plural(players - 1, 'equilibrium seat')}",
            "chance": "chance the equilibrium plays that hold (weights of its pure strategies)",
        },
        "exploitability": eq.exploitability_float,
        "holds": holds,
    }
