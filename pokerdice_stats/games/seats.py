"""The number of seats a round may have: the one check every game folder shares."""

from __future__ import annotations

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.arguments import checked_whole_number

#: The fewest and the most seats of a round (the rule documents: two or more, usually no
#: more than five).
MIN_PLAYERS = bounds.MIN_PLAYERS
MAX_PLAYERS = bounds.MAX_PLAYERS
#: Why a round has at most five seats here, said with every refusal of a sixth.
SEATS_REASON = (
    "the rule documents play two or more, usually no more than five; the exact analyses "
    "stop at five, where a solved round already weighs every earlier seat's final hand"
)


def check_players(players: int) -> int:
    """The number of players as an int, if it is 2 to 5.

    Raises
    ------
    OptionError
        Otherwise.
    """
    return checked_whole_number(players, "players", MIN_PLAYERS, MAX_PLAYERS, reason=SEATS_REASON)
