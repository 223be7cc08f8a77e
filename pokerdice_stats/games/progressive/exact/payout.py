"""Progressive Poker Dice (004): the player's expected payout against the computer.

The computer throws first.  With ``knowledge="seen"`` (the ruling) the player
then develops a hand knowing the computer's final hand ``c`` and maximises
the expected payout with the goal ``payout[:, c]``; every distinct goal is
solved in one batched :func:`pokerdice_stats.turn.holds.solve`.  The computer
follows a policy:

- ``optimal``: maximises its own expected payout knowing the player answers
  optimally, i.e. its goal at a final hand ``c`` is minus the player's
  optimal expected payout given ``c`` (numerators over ``7776**throws``, so
  its dynamic program runs in Python integers);
- the named simple strategies of :mod:`pokerdice_stats.engines.blind.simple_strategies`
  (``stand``, ``largest-set``, ``at-least-three``, ``max-category``).

With ``knowledge="blind"`` neither sees the other: against a named policy the
player plays the exact best response to its final distribution; against
``optimal`` both play the equilibrium of the blind game
(:mod:`pokerdice_stats.engines.blind.equilibrium`; the game is symmetric, so its
value is 0).

Every figure comes from one object, :class:`RoundOutcomes`: the exact joint
chance of each (player's final category, computer's final category) pair
under both policies, beside the schedule's pay for that pair.

Examples
--------
>>> result = expected_payout(computer="stand")
>>> result.expected > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerdice_stats.engines.blind import require_independent_turns
from pokerdice_stats.engines.blind.equilibrium import solve_blind
from pokerdice_stats.engines.blind.policy_names import (
    ALIAS_NOTE,
    COMPUTER_POLICIES,
    KNOWLEDGE,
    canonical_policy,
)
from pokerdice_stats.engines.blind.simple_strategies import strategy_distribution
from pokerdice_stats.games.progressive.exact.payout_result import (  # noqa: F401 - STARTING_BANK re-exported
    STARTING_BANK,
    Number,
    PayoutResult,
    RoundOutcomes,
    payout_result,
)
from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    PayoutSchedule,
    category_payout,
    integer_payout,
    payout_matrix,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import (
    checked_instance,
    checked_positive_number,
    checked_whole_table,
)
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.goals import INT64_MAX, Goal, payout_against
from pokerdice_stats.turn.hands import check_rule_set, hand_table
from pokerdice_stats.turn.holds import Policy, solve
from pokerdice_stats.turn.rules import RuleSet, get_rules
from pokerdice_stats.turn.unread_keys import refuse_unread

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True, eq=False)
class PlayerResponse:
    """The player's optimal answer to every computer final hand (knowledge ``seen``).

    Attributes
    ----------
    policy : Policy
        One goal per distinct payout column.
    column : (252,) int
        The goal of each computer final hand.
    values : (252,) int64 or object
        The player's optimal expected payout given each computer final hand,
        numerators over ``denominator`` (in the payout matrix's units).
    denominator : int
        ``7776**throws``.
    """

    policy: Policy
    column: np.ndarray
    values: np.ndarray
    denominator: int

    def value(self, computer_hand: int) -> Fraction:
        """The player's optimal expected payout given the computer's final hand."""
        return Fraction(int(self.values[computer_hand]), self.denominator)

    def frame(self) -> pd.DataFrame:
        """One row a computer final hand: ``computer_hand`` (its index), ``dice``, ``goal``
        (the index of the player's goal against it), ``value`` (the player's optimal
        expected payout, a float) and ``value_exact`` (the Fraction)."""
        import pandas as pd

        table = hand_table(self.policy.rules)
        exact = [self.value(h) for h in range(len(self.values))]
        return pd.DataFrame(
            {
                "computer_hand": range(len(self.values)),
                "dice": [table.format(h) for h in range(len(self.values))],
                "goal": [int(g) for g in self.column],
                "value": [float(v) for v in exact],
                "value_exact": exact,
            }
        )

    def __repr__(self) -> str:
        return short_repr(
            self,
            rules=self.policy.rules,
            goals=len(self.policy.goals),
            throws=self.policy.throws,
            computer_hands=len(self.values),
        )


def player_response(rules: RuleSet, payout: np.ndarray) -> PlayerResponse:
    """Solve the player's dynamic program for every computer final hand at once.

    Parameters
    ----------
    rules : RuleSet
        The rule set of the player's turn.
    payout : (252, 252) integer array (int64, or Python integers as object)
        ``payout[player, computer]``: what the player receives with each pair of final
        hands, in whole units (see
        :func:`~pokerdice_stats.games.progressive.exact.schedule.integer_payout`).

    Returns
    -------
    PlayerResponse
        The player's solved policy (one goal per distinct payout column) and its
        optimal expected payout given each computer final hand.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For a payout of another shape or one that is not whole numbers (``0.5`` is
        refused, not truncated: scale the schedule, as ``integer_payout`` does).
    """
    check_rule_set(rules)
    payout = checked_whole_table(payout, "payout", (ix.N_HANDS, ix.N_HANDS), fit_int64=False)
    keys: dict[tuple[int, ...], int] = {}
    column = np.empty(ix.N_HANDS, dtype=np.int64)
    for c in range(ix.N_HANDS):
        column[c] = keys.setdefault(tuple(map(int, payout[:, c].tolist())), len(keys))
    table = hand_table(rules)
    goals = []
    for key, g in keys.items():
        c = int(np.flatnonzero(column == g)[0])
        values = np.array(key, dtype=object)
        if all(abs(v) <= INT64_MAX for v in key):
            values = values.astype(np.int64)
        goals.append(Goal(f"payout against {table.category_slug(c)}", values))
    policy = solve(rules, goals)
    if policy.denominator != 1:  # pragma: no cover - integer payouts have denominator 1
        raise OptionError("payouts must be whole numbers")
    values = np.asarray(policy.turn)[column]
    return PlayerResponse(policy, column, values, ix.N_THROWS**policy.throws)


def optimal_computer(rules: RuleSet, response: PlayerResponse) -> tuple[Policy, np.ndarray, int]:
    """The computer's optimal policy against the player's optimal answers.

    Parameters
    ----------
    rules : RuleSet
        The rule set of the computer's turn (the one ``response`` was solved under).
    response : PlayerResponse
        The player's optimal answers (from :func:`player_response`).

    Returns
    -------
    policy : Policy
        The computer's solved policy (its goal: minus the player's value, numerators
        over ``7776**throws``; the program runs in Python integers).
    numerators : (252,) ndarray
        The computer's exact final distribution: each final hand's numerator over
        ``denominator``.
    denominator : int
        The distribution's common denominator.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        If ``response`` is not a :class:`PlayerResponse`, or was solved under other rules.
    """
    check_rule_set(rules)
    checked_instance(response, PlayerResponse, "response", "player_response(rules, payout)")
    if response.policy.rules != rules:
        raise OptionError(
            "response was solved under other rules than these (the computer and the player "
            "play one rule set): solve player_response under these rules"
        )
    goal = Goal(
        "minus the player's optimal payout", -np.asarray(response.values), response.denominator
    )
    policy = solve(rules, goal)
    numerators, denominator = policy.final_distribution()
    return policy, numerators[0], denominator


def check_payout_rules(rules: RuleSet) -> None:
    """Refuse rules whose ties the payout game would not honour.

    The payout game compares final categories only and pays nothing when they
    are equal (a push), with 004's schedule or any schedule file; rules
    that break ties otherwise would be silently overruled.

    Raises
    ------
    OptionError
        Unless ``rules.ties`` is ``push`` and ``rules.tiebreak`` is ``category``; for a
        changed ``starter`` or ``target``, which it does not read.
    """
    wrong = [
        f"{key}={getattr(rules, key)}"
        for key, wanted in (("ties", "push"), ("tiebreak", "category"))
        if getattr(rules, key) != wanted
    ]
    if wrong:
        settings = either(
            "--set ties=push --set tiebreak=category",
            "the rule settings ties=push and tiebreak=category (get_rules(preset, "
            "{'ties': 'push', 'tiebreak': 'category'}))",
        )
        way_out = (  # another preset's chart and categories are not 004's either
            f"{settings} (the progressive preset's own)"
            if rules.preset == "progressive"
            else either("--rules progressive", 'get_rules("progressive")')
            + f" (004's own rules), or {settings} to play these rules' categories (with a "
            "schedule file of them)"
        )
        raise OptionError(
            "004's progressive game compares categories only and pushes on equal categories "
            '("the face values of the dice are not used"), but these rules have '
            + ", ".join(wrong)
            + ": use "
            + way_out
        )
    refuse_unread(
        rules,
        ("starter", "target"),
        "004's progressive game",
        "rounds against the computer, paid by the schedule: no match, no seats to start",
    )


def check_choice(computer: str, knowledge: str) -> None:
    """Refuse an unknown computer policy or knowledge (the old word ``none`` names ``blind``).

    Raises
    ------
    OptionError
    """
    if computer not in COMPUTER_POLICIES:
        raise OptionError(
            f"unknown computer policy {computer!r}; choose one of: "
            + ", ".join(COMPUTER_POLICIES)
            + ALIAS_NOTE
        )
    if knowledge == "none":
        raise OptionError(
            "knowledge 'none' is now called 'blind' (neither sees the other's hand); "
            "choose one of: " + ", ".join(KNOWLEDGE)
        )
    if knowledge not in KNOWLEDGE:
        raise OptionError(
            f"unknown knowledge {knowledge!r}; choose one of: " + ", ".join(KNOWLEDGE)
        )


def computer_distribution(
    rules: RuleSet, computer: str, payout: np.ndarray | None = None
) -> tuple[np.ndarray, int]:
    """Exact final distribution of a computer policy (knowledge ``seen``).

    ``optimal`` (or ``equilibrium``) needs the payout matrix (default: 004's schedule).
    """
    computer = canonical_policy(computer)
    check_choice(computer, "seen")
    if computer == "optimal":
        payout = payout_matrix(rules) if payout is None else payout
        _, numerators, denominator = optimal_computer(rules, player_response(rules, payout))
        return numerators, denominator
    return strategy_distribution(rules, computer)


def round_outcomes(
    rules: RuleSet | None = None,
    computer: str = "optimal",
    knowledge: str | None = None,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    tolerance: float | None = None,
) -> RoundOutcomes:
    """Solve both sides and return the joint chances of the final categories.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.
    computer : str
        One of :data:`COMPUTER_POLICIES` (``equilibrium``: another name of ``optimal``).
    knowledge : str, optional
        ``seen`` or ``blind``; default: the rules' ``knowledge``.
    schedule : PayoutSchedule
        Any amounts, whole or fractional (004's by default).
    tolerance : float, optional
        Exploitability tolerance of the blind equilibrium.

    Returns
    -------
    RoundOutcomes
        The joint chances of the player's and the computer's final categories, the
        payout matrix and the policies; :func:`expected_payout` sums them.

    Raises
    ------
    RulesError, OptionError, ScheduleError
        As :func:`expected_payout`.
    """
    rules = get_rules("progressive") if rules is None else rules
    knowledge = check_rule_set(rules).knowledge if knowledge is None else knowledge
    computer = canonical_policy(computer)
    check_choice(computer, knowledge)
    if tolerance is not None:  # read by the blind equilibrium only, checked for every call
        tolerance = checked_positive_number(tolerance, "tolerance")
    require_independent_turns(rules, "the progressive payout")
    check_payout_rules(rules)
    pay = category_payout(rules, schedule)
    matrix, _ = integer_payout(rules, schedule)
    common = {"rules": rules, "computer": computer, "knowledge": knowledge, "schedule": schedule}
    if knowledge == "seen":
        return _seen(matrix, pay, common)
    if computer == "optimal":
        return _blind_equilibrium(matrix, pay, common, tolerance)
    return _blind_response(matrix, pay, common)


def _by_category(rules: RuleSet, numerators) -> list[int]:
    category = hand_table(rules).category
    totals = [0] * len(rules.category_slugs)
    for h, n in enumerate(numerators):
        totals[int(category[h])] += int(n)
    return totals


def _seen(matrix: np.ndarray, pay, common: dict) -> RoundOutcomes:
    rules, computer = common["rules"], common["computer"]
    response = player_response(rules, matrix)
    computer_value = None
    if computer == "optimal":
        policy, d_num, d_den = optimal_computer(rules, response)
        scale = integer_payout(rules, common["schedule"])[1]
        computer_value = Fraction(policy.value()) / scale
    else:
        d_num, d_den = strategy_distribution(rules, computer)
    final, f_den = response.policy.final_distribution()
    player = [_by_category(rules, row) for row in final]
    category = hand_table(rules).category
    goal_of = {int(category[c]): int(response.column[c]) for c in range(ix.N_HANDS)}
    comp = _by_category(rules, d_num)
    n = len(comp)
    denominator = f_den * d_den
    # a category no hand makes (a wild face leaves no bust) has no column: chance 0
    joint = tuple(
        tuple(
            Fraction(player[goal_of[c]][p] * comp[c], denominator) if c in goal_of else Fraction(0)
            for c in range(n)
        )
        for p in range(n)
    )
    return RoundOutcomes(
        **common,
        joint=joint,
        pay=pay,
        exact=True,
        computer_distribution=np.array([int(v) for v in d_num], dtype=np.float64) / d_den,
        computer_value=computer_value,
    )


def _blind_response(matrix: np.ndarray, pay, common: dict) -> RoundOutcomes:
    rules, computer = common["rules"], common["computer"]
    d_num, d_den = strategy_distribution(rules, computer)
    table = hand_table(rules)
    policy = solve(rules, payout_against(table, d_num, d_den, matrix, f"payout against {computer}"))
    f_num, f_den = policy.final_distribution()
    player, comp = _by_category(rules, f_num[0]), _by_category(rules, d_num)
    denominator = f_den * d_den
    joint = tuple(tuple(Fraction(x * y, denominator) for y in comp) for x in player)
    return RoundOutcomes(
        **common,
        joint=joint,
        pay=pay,
        exact=True,
        computer_distribution=np.array([int(v) for v in d_num], dtype=np.float64) / d_den,
    )


def _blind_equilibrium(
    matrix: np.ndarray, pay, common: dict, tolerance: float | None
) -> RoundOutcomes:
    rules = common["rules"]
    if matrix.dtype == object:
        raise OptionError(
            "the blind equilibrium needs a schedule whose amounts, over their common "
            "denominator, fit 64-bit integers"
        )
    eq = solve_blind(rules, matrix, tolerance=tolerance)
    exact = eq.lower is not None and eq.lower == eq.upper
    joint: tuple[tuple[Number, ...], ...]
    if exact:
        # The certified bounds meet: the rounded mixtures are an exact equilibrium.
        x_num, x_den = eq.first.exact()
        y_num, y_den = eq.second.exact()
        player, comp = _by_category(rules, x_num), _by_category(rules, y_num)
        joint = tuple(tuple(Fraction(x * y, x_den * y_den) for y in comp) for x in player)
        y = np.array([int(n) for n in y_num], dtype=np.float64) / y_den
    else:
        category = hand_table(rules).category
        n = len(rules.category_slugs)
        xs = [float(eq.first.distribution[category == k].sum()) for k in range(n)]
        ys = [float(eq.second.distribution[category == k].sum()) for k in range(n)]
        joint = tuple(tuple(x * v for v in ys) for x in xs)
        y = eq.second.distribution
    return RoundOutcomes(
        **common, joint=joint, pay=pay, exact=exact, computer_distribution=y, equilibrium=eq
    )


def expected_payout(
    rules: RuleSet | None = None,
    computer: str = "optimal",
    knowledge: str | None = None,
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    tolerance: float | None = None,
) -> PayoutResult:
    """The player's expected payout per round against a computer policy.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.
    computer : str
        One of :data:`COMPUTER_POLICIES` (``equilibrium``: another name of ``optimal``).
    knowledge : str, optional
        ``seen`` (the player sees the computer's final hand) or ``blind``; default:
        the rules' ``knowledge``.
    schedule : PayoutSchedule
        Any amounts, whole or fractional (004's by default).
    tolerance : float, optional
        Exploitability tolerance of the blind equilibrium (see
        :func:`pokerdice_stats.engines.blind.equilibrium.solve_blind`).

    Returns
    -------
    PayoutResult
        ``push`` is the chance of 004's push (equal categories); ``nothing_paid``
        the chance that no points change hands (a push, or a winner the schedule does
        not pay).

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown policy or knowledge, a ``tolerance`` that is not a positive
        number, or rules the payout game does not take (a throw limit, ties other than
        ``push``, a tiebreak other than ``category``).
    ScheduleError
        For a schedule that does not fit the rules.
    """
    return payout_result(round_outcomes(rules, computer, knowledge, schedule, tolerance))
