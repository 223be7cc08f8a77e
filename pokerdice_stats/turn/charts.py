"""Charts: how the six face ranks (0 lowest .. 5 highest) are written and named.

Poker dice carry 9, 10, J, Q, K, A; ordinary dice stand in through a chart
(003): ``ace-one`` (1 is the ace, then 6 the king ... 2 the 9),
``ace-six`` (plain number order, 6 the ace) or ``pips`` (plain pips named as
pips, 6 high: triple-snakes and 004).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    """How the six face ranks are written and named.

    Attributes
    ----------
    name : str
        The chart's key (``faces``, ``ace-one``, ``ace-six`` or ``pips``).
    labels : tuple of str
        The label of each rank, rank 0 (lowest) first.
    words : tuple of str
        The singular word for each rank, used in descriptions.
    plurals : tuple of str
        The plural word for each rank.
    pips : bool
        True for ordinary dice, whose labels are the pips 1 to 6.
    """

    name: str
    labels: tuple[str, ...]
    words: tuple[str, ...]
    plurals: tuple[str, ...]
    pips: bool


_FACE_WORDS = ("nine", "ten", "jack", "queen", "king", "ace")
_FACE_PLURALS = ("nines", "tens", "jacks", "queens", "kings", "aces")

CHARTS: dict[str, Chart] = {
    "faces": Chart("faces", ("9", "10", "J", "Q", "K", "A"), _FACE_WORDS, _FACE_PLURALS, False),
    "ace-one": Chart("ace-one", ("2", "3", "4", "5", "6", "1"), _FACE_WORDS, _FACE_PLURALS, True),
    "ace-six": Chart("ace-six", ("1", "2", "3", "4", "5", "6"), _FACE_WORDS, _FACE_PLURALS, True),
    "pips": Chart(
        "pips",
        ("1", "2", "3", "4", "5", "6"),
        ("1", "2", "3", "4", "5", "6"),
        ("1s", "2s", "3s", "4s", "5s", "6s"),
        True,
    ),
}
