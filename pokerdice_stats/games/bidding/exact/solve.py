"""Solving bidding for two exactly on a named ladder (kept in the cache folder).

- ``category``: exact (:func:`~pokerdice_stats.games.bidding.exact.game.solve_bidding`).
- ``fine``: the fine ladder (one rung per category and face of its main set, 38 rungs
  and 2^38 bid histories on the classic rules) is too large for the exact program; it is
  answered on its distinct claims by
  :func:`~pokerdice_stats.games.bidding.exact.claims_answer.solve_claims`, every rung
  read as the claim it makes.  The 8-rung abstraction that the program once solved here
  (bids read through a translation rule) is retired: a best response in the full game
  won 0.384 units a game against it, 0.203 against the solution on claims.

:func:`restricted_ladder` keeps some rungs of a ladder: small games for the tests and the
OpenSpiel checks.
"""

from __future__ import annotations

import functools

import numpy as np

from pokerdice_stats.engines.report.cache import kept_solve
from pokerdice_stats.games.bidding.exact.game import Bidding, solve_bidding
from pokerdice_stats.games.bidding.exact.odds import BidLadder, check_bidding_rules, check_ladder
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["kept_rungs", "restricted_ladder", "solve_ladder"]


def kept_rungs(ladder: BidLadder, labels: tuple[str, ...]) -> list[int]:
    """The rungs of ``ladder`` that ``labels`` name (case-insensitive, blanks around each
    ignored), lowest first.

    Raises
    ------
    OptionError
        If no label is given, a rung is named twice, or a label is not on the ladder: the
        message names every such label and lists the ladder's rungs.
    """
    known = {label.lower(): i for i, label in enumerate(ladder.labels)}
    wanted = [str(x).strip() for x in labels]
    twice = sorted({x for x in wanted if [w.lower() for w in wanted].count(x.lower()) > 1})
    if twice:
        raise OptionError(f"rung {twice[0]!r} is named twice; name each rung once")
    unknown = [x for x in wanted if x.lower() not in known]
    if unknown or not wanted:
        plural = "s" if len(unknown) > 1 else ""
        what = f"unknown rung{plural} {', '.join(map(repr, unknown))}" if unknown else "no rung"
        raise OptionError(
            f"{what} on the {ladder.name} ladder; its rungs: {', '.join(ladder.labels)}"
        )
    return sorted({known[x.lower()] for x in wanted})


def restricted_ladder(ladder: BidLadder, labels: tuple[str, ...]) -> BidLadder:
    """The ladder whose rungs are ``labels`` (a subset of ``ladder``'s, any order).

    A hand or pair of hands makes the highest kept rung at or below its rung
    on ``ladder``.  Labels are read case-insensitively, blanks around them ignored; the
    lowest kept rung must be met by every ten dice (else a pair of hands would make no
    rung at all).

    Raises
    ------
    OptionError
        If no label is given, if a label is not on the ladder (the message names it and
        lists the ladder's rungs), or if the lowest kept rung is not met by every ten dice.

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> from pokerdice_stats.games.bidding.exact.odds import bid_ladder
    >>> ladder = bid_ladder(get_rules("classic"))
    >>> restricted_ladder(ladder, ("Full-House", "high-die")).labels
    ('high-die', 'full-house')
    >>> restricted_ladder(ladder, ("high-die", "ful-house"))
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: unknown rung 'ful-house' on the category \
ladder; its rungs: high-die, one-pair, two-pair, three-of-a-kind, straight, full-house, \
four-of-a-kind, five-of-a-kind
    """
    kept = kept_rungs(ladder, labels)
    # new[j]: the highest kept rung at or below rung j (-1: below every kept rung).
    new = np.searchsorted(np.array(kept), np.arange(ladder.n_rungs), side="right") - 1
    if (new[ladder.pair_rung] < 0).any():
        always = [label for r, label in enumerate(ladder.labels) if r <= ladder.pair_rung.min()]
        raise OptionError(
            f"the lowest kept rung must be met by every ten dice, and "
            f"{ladder.labels[kept[0]]!r} is not; keep one of {', '.join(always)} as well"
        )
    # a hand below every kept rung still makes "nothing": count it as the lowest
    hand_rung = np.maximum(new[ladder.hand_rung], 0)
    pair_rung = new[ladder.pair_rung]
    return BidLadder(
        ladder.rules,
        f"{ladder.name}-restricted",
        tuple(ladder.labels[i] for i in kept),
        hand_rung.astype(np.int64),
        pair_rung.astype(np.int64),
    )


#: Why ``solve_ladder`` refuses the fine ladder; :func:`fine_refusal` adds where its answer is.
FINE_REFUSAL = (
    "the fine ladder is not solved by the program (its 2^38 bid histories are too many); it "
    "is answered on its claims"
)


def fine_refusal() -> str:
    """:data:`FINE_REFUSAL` and where the answer is, for whoever asked (the command's
    solver, or the API's function)."""
    where = either("--solver claims, the default", "solve_claims(rules, 'fine')")
    return f"{FINE_REFUSAL}: {where}"


def _solve(rules: RuleSet, ladder: str) -> Bidding:
    return solve_bidding(rules, ladder)


def solve_ladder(rules: RuleSet, ladder: str = "category") -> Bidding:
    """Bidding for two solved on ``ladder`` (see the module docstring).

    Kept in memory and in the toolkit's cache folder (``solves``, see
    :func:`~pokerdice_stats.engines.report.cache.kept_solve`), so that the next
    process reads it instead of solving again (the category ladder takes about 3 s).

    Parameters
    ----------
    rules : RuleSet
        The rule set; the game reads only its ``chart``, ``straights`` and ``wild``
        (changes to any other key from its preset are refused).
    ladder : str, default "category"
        The bid ladder: ``category`` (the ``fine`` ladder is refused here).

    Returns
    -------
    Bidding
        The solved game: both seats' strategies, seat 1's value and its bounds.

    Raises
    ------
    RulesError
        If ``rules`` is not a :class:`RuleSet`.
    OptionError
        For an unknown ladder, the fine ladder (:func:`fine_refusal`: it is answered
        on its claims), or a rule change the game does not read.
    """
    check_bidding_rules(check_rule_set(rules))
    if check_ladder(ladder) == "fine":
        raise OptionError(fine_refusal())
    return _solved_ladder(rules, ladder)


@functools.lru_cache(maxsize=16)
def _solved_ladder(rules: RuleSet, ladder: str) -> Bidding:
    """The solve of :func:`solve_ladder`, kept in memory and in the cache folder."""
    return kept_solve(
        "solves", "bidding.solve_ladder", (repr(rules), ladder), lambda: _solve(rules, ladder)
    )
