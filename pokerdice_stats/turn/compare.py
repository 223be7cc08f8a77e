"""Comparing hands: which wins, and what decided it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerdice_stats.ground.arguments import shown
from pokerdice_stats.ground.errors import DiceError
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.hands import HandTable, combination_size

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Comparison:
    """The result of comparing hands.

    Attributes
    ----------
    winners : tuple of int
        Positions (0-based, in the order given) of the best hands; more than
        one means an exact tie among them.  The words of ``reason`` count from 1, as
        people do: "hand 1" is position 0.
    decided_by : str
        ``category``, ``set`` (the dice of the combination), ``kicker`` (the
        other dice), ``tie`` (the best hands tie exactly) or ``only`` (one hand).
    reason : str
        The same in words.
    """

    winners: tuple[int, ...]
    decided_by: str
    reason: str

    def frame(self) -> pd.DataFrame:
        """One row a best hand: ``winner`` (its position, 0-based), ``decided_by`` and
        ``reason``."""
        import pandas as pd

        return pd.DataFrame(
            [
                {"winner": w, "decided_by": self.decided_by, "reason": self.reason}
                for w in self.winners
            ]
        )

    def __repr__(self) -> str:
        reason = self.reason if len(self.reason) <= 80 else self.reason[:77] + "..."
        return short_repr(self, winners=self.winners, decided_by=self.decided_by, reason=reason)


def compare_hands(table: HandTable, hands: list[str | int]) -> Comparison:
    """Compare hands under the rule set of a hand table: which wins, and what decided it.

    Parameters
    ----------
    table : HandTable
        The hand table (from :func:`~pokerdice_stats.turn.hands.hand_table`) whose rule
        set ranks the hands.
    hands : list of str or int
        At least two hands, as dice text or hand indices (0..251).

    Returns
    -------
    Comparison
        The positions of the best hands and what decided it.

    Raises
    ------
    DiceError
        If ``table`` is not a :class:`HandTable`, ``hands`` is not a list (or tuple), a
        hand is malformed, or fewer than two hands are given.

    Examples
    --------
    >>> from pokerdice_stats import get_rules, hand_table
    >>> result = compare_hands(hand_table(get_rules("gameweave")), ["K K K 9 9", "Q Q Q A A"])
    >>> result.winners, result.decided_by
    ((0,), 'set')
    """
    if not isinstance(table, HandTable):
        raise DiceError(f"table must be a HandTable (from hand_table), got {shown(table)}")
    if isinstance(hands, str) or not isinstance(hands, list | tuple):
        raise DiceError(f"hands must be a list of hands, got {shown(hands)}")
    if len(hands) < 2:
        raise DiceError("compare needs at least two hands")
    index = [table.hand(h) for h in hands]
    strengths = [int(table.strength[h]) for h in index]
    best = max(strengths)
    winners = tuple(i for i, s in enumerate(strengths) if s == best)
    rules = table.rules
    if len(winners) == len(index) and len(winners) > 1:
        return Comparison(winners, "tie", _tie_reason(table, index[0]))
    # The runner-up: the strongest hand that does not tie the best.
    runner = max((i for i in range(len(index)) if i not in winners), key=lambda i: strengths[i])
    w, r = index[winners[0]], index[runner]
    cat_w, cat_r = table.category[w], table.category[r]
    lead = (
        "tie between hands " + ", ".join(str(i + 1) for i in winners)
        if len(winners) > 1
        else (f"hand {winners[0] + 1} wins")
    )
    if cat_w != cat_r:
        name_w = rules.categories[cat_w].name.lower()
        name_r = rules.categories[cat_r].name.lower()
        return Comparison(winners, "category", f"{lead}: {name_w} beats {name_r}")
    ranks_w, ranks_r = table.tiebreak_ranks(w), table.tiebreak_ranks(r)
    position = next(i for i in range(5) if ranks_w[i] != ranks_r[i])
    category = rules.categories[cat_w]
    labels = rules.face_chart.labels
    what = "set" if position < combination_size(category) else "kicker"
    words = "the dice of the combination decide" if what == "set" else "a kicker decides"
    return Comparison(
        winners,
        what,
        f"{lead}: same category ({category.name.lower()}), {words}: "
        f"{labels[ranks_w[position]]} beats {labels[ranks_r[position]]}",
    )


def _tie_reason(table: HandTable, hand: int) -> str:
    category = table.rules.categories[table.category[hand]].name.lower()
    if table.rules.tiebreak == "category":
        return f"exact tie: the same category ({category}), and only categories count"
    if table.rules.tiebreak == "combination":
        return f"exact tie: the same combination ({category}), and the odd dice do not count"
    return f"exact tie: the same hand ({category}) down to the last die"
