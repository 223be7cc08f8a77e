"""What to hold: every hold of a thrown hand with its value, for a stated goal.

One answer shape (:class:`HoldAdvice`) for every game's advice: :func:`goal_advice`
here (a goal over the final hand: ``at-least:full-house``, a hand to beat, points;
values are chances or points of the goal), the games' own in their folders (winning
a seen round: :func:`pokerdice_stats.games.seen.exact.advice.round_advice`; the
progressive game: :func:`pokerdice_stats.games.progressive.exact.advice.progressive_advice`).

:func:`hold_distribution` gives, for each hold, the chance of each final
category when the rest of the turn follows the same play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_whole_number, shown
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import option, setting
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import keep_intersection, n_states, state_kind

if TYPE_CHECKING:
    import pandas as pd

#: Units of the values of each kind of advice.
UNIT_CHANCE = "chance"
UNIT_POINTS = "points per round"


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
        :meth:`pokerdice_stats.turn.holds.Policy.hold_rows`).
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

    def frame(self) -> pd.DataFrame:
        """Every hold, best first: the rows of the advice as a DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def __repr__(self) -> str:
        best = self.rows[0] if self.rows else {}
        return short_repr(
            self,
            rules=self.rules,
            hand=format_counts(ix.HAND_COUNTS[self.hand], self.rules),
            throws_left=self.throws_left,
            goal=self.goal,
            best=best.get("keep"),
            value=best.get("value"),
        )


def check_throws_left(throws_left: int | None, throws: int, what: str) -> int:
    if throws_left is None:
        return throws - 1
    left = checked_whole_number(throws_left, option("throws_left"))
    if not 0 <= left < throws:
        raise OptionError(
            f"{option('throws_left')} must be 0 to {throws - 1} {what}, got {throws_left}"
        )
    return left


def goal_advice(
    rules: RuleSet,
    dice: str | int,
    goal_text: str | None,
    throws_left: int | None = None,
    aside_text: str | None = None,
    untouched_text: str | None = None,
) -> HoldAdvice:
    """Every hold of ``dice`` for a goal over the final hand (default: the best category).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    dice : str or int
        The hand thrown, as dice text (``"K K J 10 9"``) or a hand index (0..251).
    goal_text : str or None
        The goal in the command-line grammar (see
        :func:`~pokerdice_stats.turn.goals.parse_goal`); None: ``at-least:`` the best
        category.
    throws_left : int, optional
        Throws still to come after this one, 0 to ``rules.throws - 1`` (default:
        ``rules.throws - 1``, the hand is the turn's first throw).
    aside_text : str, optional
        The dice set aside (``sticky_holds=true``).
    untouched_text : str, optional
        The dice of the first throw never thrown again (turn-scoped ``max_rethrow``
        below 5); needed after a re-throw with throws still to come.

    Returns
    -------
    HoldAdvice
        Every hold, best first, with its chance (or points) of the goal.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    DiceError
        For dice (thrown, set aside or untouched) that cannot be read.
    GoalError
        For a goal that does not parse.
    OptionError
        For ``throws_left`` outside 0 to ``rules.throws - 1``, or dice set aside or
        untouched that the rules do not carry or the turn cannot reach.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> advice = goal_advice(get_rules("gameweave"), "K K J 10 9", "at-least:full-house")
    >>> advice  # doctest: +ELLIPSIS
    HoldAdvice(rules='gameweave', ..., goal='at-least:full-house', best='K K', value=0.429012)
    >>> advice.frame()[["keep", "rethrow", "value", "optimal"]].head(2)
        keep  rethrow    value  optimal
    0    K K        3  139/324     True
    1  K K J        2   61/162    False
    """
    from pokerdice_stats.turn.goals import parse_goal
    from pokerdice_stats.turn.holds import solve

    table = hand_table(rules)
    hand = table.hand(dice)
    goal = parse_goal(goal_text, table)
    left = check_throws_left(
        throws_left,
        rules.throws,
        f"with {rules.throws} throws a turn (change the turn with {setting('throws', 'N')})",
    )
    aside = turn_state_dice(rules, left, aside_text, untouched_text)
    policy = solve(rules, goal, throws=max(left + 1, 1))
    rows = policy.hold_rows(hand, left, 0, aside)
    unit = UNIT_CHANCE if goal.is_probability else "points"
    return HoldAdvice(rules, hand, left, goal.name, unit, rows, policy.exact, {}, policy, 0, aside)


def turn_state_dice(
    rules: RuleSet,
    throws_left: int,
    aside_text: str | None = None,
    untouched_text: str | None = None,
) -> int | None:
    """The dice a turn's state carries besides the hand (keep index), or None.

    Parameters
    ----------
    rules : RuleSet
        A turn of ``rules.throws`` throws.
    throws_left : int
        Throws still to come.
    aside_text : str, optional
        The dice set aside (``sticky_holds=true``).
    untouched_text : str, optional
        The dice of the first throw never thrown again (turn-scoped ``max_rethrow``
        below 5); needed after a re-throw with throws still to come.

    Returns
    -------
    int or None
        The keep index the hold program's state takes (``aside`` of its hold rows).

    Raises
    ------
    OptionError
        For dice the rules do not carry, or a state the turn cannot reach.
    """
    from pokerdice_stats.turn.dice import parse_keep
    from pokerdice_stats.turn.states import parse_aside

    aside = parse_aside(aside_text, rules, throws_left)
    if untouched_text is not None:
        if state_kind(rules) != "original":
            raise OptionError(
                f"{option('untouched')} matters only under max_rethrow_scope=turn with "
                "max_rethrow below 5 (and without sticky holds)"
            )
        return parse_keep(untouched_text, rules)
    if state_kind(rules) == "original" and 0 < throws_left < rules.throws - 1:
        raise OptionError(
            f"after a re-throw under max_rethrow={rules.max_rethrow} (max_rethrow_scope=turn) "
            f"give {option('untouched')}: the dice of the first throw never thrown again"
        )
    return aside


def hold_distribution(advice: HoldAdvice) -> list[dict[str, Fraction | float]]:
    """For each hold of ``advice`` (in its order), the chance of each final category.

    The rest of the turn follows the policy behind the advice (the canonical
    best keeps); standing ends the turn on the hand.  Exact when the policy is.

    Parameters
    ----------
    advice : HoldAdvice
        The advice whose holds to follow (from :func:`goal_advice`, or a game's advice).

    Returns
    -------
    list of dict
        One dict per row of ``advice.rows``, in their order: category slug (best
        first) to the chance of ending the turn in it (Fractions; each dict sums to 1).

    Raises
    ------
    OptionError
        If ``advice`` is not a :class:`HoldAdvice`.
    """
    from pokerdice_stats.turn.forward import follow_keeps
    from pokerdice_stats.turn.staged import StagedPolicy

    if not isinstance(advice, HoldAdvice):
        raise OptionError(f"advice must be a HoldAdvice (from goal_advice), got {shown(advice)}")
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
