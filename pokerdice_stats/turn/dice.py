"""Reading and writing dice in a rule set's notation.

People type hands in many ways: ``"K K J 10 9"``, ``KKJT9``,
``k,k,j,10,9``, ``"1 6 6 5 4"`` on ordinary dice.  :func:`parse_dice`
reads all of them; :func:`format_counts` writes dice highest first.
"""

from __future__ import annotations

import re

import numpy as np

from pokerdice_stats.ground.errors import DiceError, RulesError
from pokerdice_stats.ground.indexing import (
    N_DICE,
    counts_of_ranks,
    hand_index,
    keep_index,
    ranks_of_counts,
)
from pokerdice_stats.turn.rules import RuleSet, parse_face

_SEPARATORS = re.compile(r"[\s,;/\-\[\]()]+")
#: A minus sign: a dash at the start or after a separator, before a digit (``-1``, ``(-6``);
#: a dash between two faces (``1-2-3-4-5``) separates them.
_NEGATIVE = re.compile(r"(?:^|[\s,;/\[\](])(-+\d+)")


def _tokens(text: str, rules: RuleSet) -> list[tuple[str, str]]:
    """Each face written in ``text``, with the chunk (between separators) it is read from."""
    labels = set(rules.face_chart.labels)
    tokens: list[tuple[str, str]] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        upper = chunk.upper()
        if upper in labels:
            tokens.append((upper, chunk))
            continue
        # A run of faces written together, such as KKJT9 or KKJ109.
        i = 0
        while i < len(upper):
            if upper.startswith("10", i):  # a ten (no chart has a face 0)
                tokens.append(("10", chunk))
                i += 2
            else:
                tokens.append((upper[i], chunk))
                i += 1
    return tokens


def parse_ranks(text: str, rules: RuleSet, n_dice: int | None = N_DICE) -> list[int]:
    """The face ranks of dice written as text, in the order written.

    Parameters
    ----------
    text : str
        The dice, separated by spaces, commas or nothing.
    rules : RuleSet
        Gives the chart the dice are written in.
    n_dice : int or None
        How many dice there must be; None accepts 0 to 5.

    Returns
    -------
    list of int

    Raises
    ------
    DiceError
        For an unknown face or a wrong number of dice.
    """
    if not isinstance(text, str):
        raise DiceError(f"dice must be given as text, got {type(text).__name__}")
    negative = _NEGATIVE.search(text)
    if negative:  # a dash before a number is its sign, not a separator
        raise DiceError(f"a die cannot show a negative number: {negative.group(1)!r} in {text!r}")
    ranks = []
    for token, chunk in _tokens(text, rules):
        try:
            ranks.append(parse_face(token, rules.face_chart))
        except RulesError:
            chart = rules.face_chart
            hint = " (ordinary dice: pips 1 to 6)" if chart.pips else ""
            # a face inside a run of letters: name the run (`ten`, not its `E`)
            where = f" (read from {chunk!r})" if len(chunk) > len(token) else ""
            raise DiceError(
                f"unknown face {token!r}{where} in {text!r}; faces are: "
                f"{' '.join(chart.labels)}{hint}"
            ) from None
    if n_dice is not None and len(ranks) != n_dice:
        raise DiceError(f"expected {n_dice} dice, got {len(ranks)} in {text!r}")
    if len(ranks) > N_DICE:
        raise DiceError(f"at most {N_DICE} dice, got {len(ranks)} in {text!r}")
    return ranks


def parse_hand(text: str, rules: RuleSet) -> int:
    """Hand index (0..251) of five dice written as text.

    Raises
    ------
    DiceError
        For an unknown face or a count of dice other than five.
    """
    return hand_index(counts_of_ranks(parse_ranks(text, rules)))


def parse_keep(text: str, rules: RuleSet) -> int:
    """Keep index (0..461) of 0 to 5 dice written as text."""
    return keep_index(counts_of_ranks(parse_ranks(text, rules, n_dice=None)))


def format_ranks(ranks: list[int] | tuple[int, ...], rules: RuleSet) -> str:
    """Dice written in the rule set's chart, highest first, space separated."""
    labels = rules.face_chart.labels
    return " ".join(labels[r] for r in sorted(ranks, reverse=True))


def format_counts(counts: np.ndarray | list[int] | tuple[int, ...], rules: RuleSet) -> str:
    """A count vector written in the rule set's chart, highest first."""
    return format_ranks(ranks_of_counts(counts), rules)
