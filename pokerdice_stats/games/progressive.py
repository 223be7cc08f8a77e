"""Progressive Poker Dice (seed 004): the player's expected payout against the computer.

The computer throws first.  With ``knowledge="seen"`` (the ruling) the player
then develops a hand knowing the computer's final hand ``c`` and maximises
the expected payout with the goal ``payout[:, c]``; every distinct goal is
solved in one batched :func:`pokerdice_stats.holds.solve`.  The computer
follows a policy:

- ``optimal``: maximises its own expected payout knowing the player answers
  optimally, i.e. its goal at a final hand ``c`` is minus the player's
  optimal expected payout given ``c`` (numerators over ``7776**throws``, so
  its dynamic program runs in Python integers);
- the named simple strategies of :mod:`pokerdice_stats.games.simple_strategies`
  (``stand``, ``largest-set``, ``at-least-three``, ``max-category``).

With ``knowledge="none"`` neither sees the other: against a named policy the
player plays the exact best response to its final distribution; against
``optimal`` both play the equilibrium of the blind game
(:mod:`pokerdice_stats.games.equilibrium`; the game is symmetric, so its
value is 0).

Examples
--------
>>> result = expected_payout(computer="stand")
>>> result.expected > 0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerdice_stats import indexing as ix
from pokerdice_stats.errors import OptionError
from pokerdice_stats.games import require_independent_turns
from pokerdice_stats.games.equilibrium import Equilibrium, game_value, solve_blind
from pokerdice_stats.games.schedule import PROGRESSIVE_SCHEDULE, PayoutSchedule, payout_matrix
from pokerdice_stats.games.simple_strategies import SIMPLE_STRATEGIES, strategy_distribution
from pokerdice_stats.goals import Goal, payout_against
from pokerdice_stats.hands import hand_table
from pokerdice_stats.holds import Policy, solve
from pokerdice_stats.rules import RuleSet, get_rules

#: Computer policies, ``optimal`` first.
COMPUTER_POLICIES = ("optimal", *SIMPLE_STRATEGIES)
#: Who sees what: ``seen`` (the player sees the computer's final hand) or ``none``.
KNOWLEDGE = ("seen", "none")
#: Each player's starting bank (seed 004).
STARTING_BANK = 10_000


@dataclass(frozen=True, eq=False)
class PlayerResponse:
    """The player's optimal answer to every computer final hand (knowledge ``seen``).

    Attributes
    ----------
    policy : Policy
        One goal per distinct payout column.
    column : (252,) int
        The goal of each computer final hand.
    values : (252,) int64
        The player's optimal expected payout given each computer final hand,
        numerators over ``denominator``.
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


def player_response(rules: RuleSet, payout: np.ndarray) -> PlayerResponse:
    """Solve the player's dynamic program for every computer final hand at once.

    Parameters
    ----------
    rules : RuleSet
    payout : (252, 252) integer array
        ``payout[player, computer]``.
    """
    columns, column = np.unique(np.asarray(payout, dtype=np.int64).T, axis=0, return_inverse=True)
    column = np.asarray(column).reshape(-1)
    table = hand_table(rules)
    goals = []
    for g, values in enumerate(columns):
        c = int(np.flatnonzero(column == g)[0])
        goals.append(Goal(f"payout against {table.category_slug(c)}", values.astype(np.int64)))
    policy = solve(rules, goals)
    if policy.denominator != 1:  # pragma: no cover - integer payouts have denominator 1
        raise OptionError("payouts must be whole numbers")
    values = np.asarray(policy.turn)[column]
    return PlayerResponse(policy, column, values, ix.N_THROWS**policy.throws)


@dataclass(frozen=True, eq=False)
class PayoutResult:
    """The player's payout per round against one computer policy.

    Attributes
    ----------
    rules : RuleSet
    computer : str
    knowledge : str
    expected : Fraction or None
        Exact expected payout per round.  For the blind equilibrium it is
        exact only when the certified bounds on the game's value meet (the
        rounded mixtures are then an exact equilibrium); otherwise None.
    expected_float : float
    variance : Fraction or None
        Exact variance of the payout of one round (None when float).
    variance_float : float
    player_wins, computer_wins, push : float
        Chance that the player is paid, pays, or nothing changes hands.
    computer_distribution : (252,) float
        The computer's final-hand chances.
    equilibrium : Equilibrium or None
        The blind equilibrium (computer ``optimal``, knowledge ``none``).
    computer_value : Fraction or None
        The computer's own dynamic-program value (``optimal``, ``seen``):
        equals ``-expected``.
    """

    rules: RuleSet
    computer: str
    knowledge: str
    expected: Fraction | None
    expected_float: float
    variance: Fraction | None
    variance_float: float
    player_wins: float
    computer_wins: float
    push: float
    computer_distribution: np.ndarray
    equilibrium: Equilibrium | None = None
    computer_value: Fraction | None = None

    @property
    def std_float(self) -> float:
        """Standard deviation of the payout of one round."""
        return math.sqrt(max(self.variance_float, 0.0))

    def bank(self, rounds: int, start: int = STARTING_BANK) -> tuple[float, float]:
        """Mean and standard deviation of the player's bank after ``rounds`` rounds.

        Rounds are independent: the mean is ``start + rounds * expected`` and the
        variance ``rounds * variance`` (no bank limit is applied).
        """
        if rounds < 0:
            raise OptionError(f"rounds must be 0 or more, got {rounds}")
        return start + rounds * self.expected_float, math.sqrt(rounds * max(self.variance_float, 0))

    def bank_exact(self, rounds: int, start: int = STARTING_BANK) -> tuple[Fraction, Fraction]:
        """Exact mean and variance of the bank after ``rounds`` rounds (exact results only)."""
        if self.expected is None or self.variance is None:
            raise OptionError("the blind equilibrium has no exact bank figures")
        if rounds < 0:
            raise OptionError(f"rounds must be 0 or more, got {rounds}")
        return start + rounds * self.expected, rounds * self.variance


def check_payout_rules(rules: RuleSet) -> None:
    """Refuse rules whose ties the payout game would not honour.

    The payout game compares final categories only and pays nothing when they
    are equal (a push), with the seed's schedule or any schedule file; rules
    that break ties otherwise would be silently overruled.

    Raises
    ------
    OptionError
        Unless ``rules.ties`` is ``push`` and ``rules.tiebreak`` is ``category``.
    """
    wrong = [
        f"{key}={getattr(rules, key)}"
        for key, wanted in (("ties", "push"), ("tiebreak", "category"))
        if getattr(rules, key) != wanted
    ]
    if wrong:
        raise OptionError(
            "payout compares categories only and pushes on equal categories (the "
            "progressive rules), but these rules have " + ", ".join(wrong) + ": use --rules "
            "progressive, or --set ties=push --set tiebreak=category"
        )


def _check(computer: str, knowledge: str) -> None:
    if computer not in COMPUTER_POLICIES:
        raise OptionError(
            f"unknown computer policy {computer!r}; choose one of: " + ", ".join(COMPUTER_POLICIES)
        )
    if knowledge not in KNOWLEDGE:
        raise OptionError(
            f"unknown knowledge {knowledge!r}; choose one of: " + ", ".join(KNOWLEDGE)
        )


def optimal_computer(rules: RuleSet, response: PlayerResponse) -> tuple[Policy, np.ndarray, int]:
    """The computer's optimal policy against the player's optimal answers.

    Returns the computer's solved policy (its goal: minus the player's value,
    numerators over ``7776**throws``; the program runs in Python integers) and
    its exact final distribution (numerators, denominator).
    """
    goal = Goal(
        "minus the player's optimal payout", -np.asarray(response.values), response.denominator
    )
    policy = solve(rules, goal)
    numerators, denominator = policy.final_distribution()
    return policy, numerators[0], denominator


def computer_distribution(
    rules: RuleSet, computer: str, payout: np.ndarray | None = None
) -> tuple[np.ndarray, int]:
    """Exact final distribution of a computer policy (knowledge ``seen``).

    ``optimal`` needs the payout matrix (default: the seed's schedule).
    """
    _check(computer, "seen")
    if computer == "optimal":
        payout = payout_matrix(rules) if payout is None else payout
        _, numerators, denominator = optimal_computer(rules, player_response(rules, payout))
        return numerators, denominator
    return strategy_distribution(rules, computer)


def expected_payout(
    rules: RuleSet | None = None,
    computer: str = "optimal",
    knowledge: str = "seen",
    schedule: PayoutSchedule = PROGRESSIVE_SCHEDULE,
    tolerance: float | None = None,
) -> PayoutResult:
    """The player's expected payout per round against a computer policy.

    Parameters
    ----------
    rules : RuleSet, optional
        Default: the ``progressive`` preset.
    computer : str
        One of :data:`COMPUTER_POLICIES`.
    knowledge : str
        ``seen`` (the player sees the computer's final hand) or ``none``.
    schedule : PayoutSchedule
    tolerance : float, optional
        Exploitability tolerance of the blind equilibrium (see
        :func:`pokerdice_stats.games.equilibrium.solve_blind`).

    Returns
    -------
    PayoutResult

    Raises
    ------
    OptionError
        For an unknown policy or knowledge.
    ScheduleError
        For a schedule that does not fit the rules.
    """
    rules = get_rules("progressive") if rules is None else rules
    _check(computer, knowledge)
    require_independent_turns(rules, "the progressive payout")
    check_payout_rules(rules)
    payout = payout_matrix(rules, schedule)
    if knowledge == "seen":
        return _seen(rules, computer, payout)
    if computer == "optimal":
        return _blind_equilibrium(rules, payout, tolerance)
    return _blind_response(rules, computer, payout)


def _seen(rules: RuleSet, computer: str, payout: np.ndarray) -> PayoutResult:
    response = player_response(rules, payout)
    computer_value = None
    if computer == "optimal":
        policy, d_num, d_den = optimal_computer(rules, response)
        computer_value = Fraction(policy.value())
    else:
        d_num, d_den = strategy_distribution(rules, computer)
    d = np.asarray(d_num, dtype=object)
    values = np.asarray(response.values, dtype=object)
    scale = d_den * response.denominator
    expected = Fraction(int(d.dot(values)), scale)
    # The joint distribution: computer hand c, then the player's final hand from goal column[c].
    final, f_den = response.policy.final_distribution()
    final = np.asarray(final, dtype=object)
    square = np.asarray(payout, dtype=object) ** 2
    second = wins = losses = 0
    for c in np.flatnonzero(np.asarray(d_num) != 0):
        row = final[response.column[c]]
        column = payout[:, c]
        weight = int(d_num[c])
        second += weight * int(row.dot(square[:, c]))
        wins += weight * int(row[column > 0].sum())
        losses += weight * int(row[column < 0].sum())
    joint = d_den * f_den
    variance = Fraction(second, joint) - expected**2
    return PayoutResult(
        rules=rules,
        computer=computer,
        knowledge="seen",
        expected=expected,
        expected_float=float(expected),
        variance=variance,
        variance_float=float(variance),
        player_wins=float(Fraction(wins, joint)),
        computer_wins=float(Fraction(losses, joint)),
        push=float(Fraction(joint - wins - losses, joint)),
        computer_distribution=np.array([int(n) for n in d_num], dtype=np.float64) / d_den,
        computer_value=computer_value,
    )


def _outcomes(x: np.ndarray, y: np.ndarray, payout: np.ndarray) -> tuple[float, float, float]:
    joint = np.outer(x, y)
    wins = float(joint[payout > 0].sum())
    losses = float(joint[payout < 0].sum())
    return wins, losses, 1.0 - wins - losses


def _blind_response(rules: RuleSet, computer: str, payout: np.ndarray) -> PayoutResult:
    d_num, d_den = strategy_distribution(rules, computer)
    table = hand_table(rules)
    policy = solve(rules, payout_against(table, d_num, d_den, payout, f"payout against {computer}"))
    expected = Fraction(policy.value())
    f_num, f_den = policy.final_distribution()
    f = np.asarray(f_num[0], dtype=object)
    d = np.asarray(d_num, dtype=object)
    square = np.asarray(payout, dtype=object) ** 2
    variance = Fraction(int(f.dot(square.dot(d))), f_den * d_den) - expected**2
    x = np.array([int(n) for n in f], dtype=np.float64) / f_den
    y = np.array([int(n) for n in d], dtype=np.float64) / d_den
    wins, losses, push = _outcomes(x, y, payout)
    return PayoutResult(
        rules=rules,
        computer=computer,
        knowledge="none",
        expected=expected,
        expected_float=float(expected),
        variance=variance,
        variance_float=float(variance),
        player_wins=wins,
        computer_wins=losses,
        push=push,
        computer_distribution=y,
    )


def _blind_equilibrium(rules: RuleSet, payout: np.ndarray, tolerance: float | None) -> PayoutResult:
    eq = solve_blind(rules, payout, tolerance=tolerance)
    expected = variance = None
    if eq.lower is not None and eq.lower == eq.upper:
        # The certified bounds meet: the rounded mixtures are an exact equilibrium.
        x_num, x_den = eq.first.exact()
        y_num, y_den = eq.second.exact()
        expected = game_value((x_num, x_den), (y_num, y_den), payout)
        second = game_value((x_num, x_den), (y_num, y_den), np.asarray(payout, dtype=object) ** 2)
        variance = second - expected**2
        x = np.array([int(n) for n in x_num], dtype=np.float64) / x_den
        y = np.array([int(n) for n in y_num], dtype=np.float64) / y_den
        mean, variance_float = float(expected), float(variance)
    else:
        x = eq.first.distribution
        y = eq.second.distribution
        a = np.asarray(payout, dtype=np.float64)
        mean = float(x @ a @ y)
        variance_float = float(x @ (a**2) @ y) - mean**2
    wins, losses, push = _outcomes(x, y, payout)
    return PayoutResult(
        rules=rules,
        computer="optimal",
        knowledge="none",
        expected=expected,
        expected_float=mean,
        variance=variance,
        variance_float=variance_float,
        player_wins=wins,
        computer_wins=losses,
        push=push,
        computer_distribution=y,
        equilibrium=eq,
    )
