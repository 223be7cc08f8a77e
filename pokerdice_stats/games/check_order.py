"""The order of the cross-check groups, apart from the checks themselves, so that the
command line names every group in its help without importing a game.

Examples
--------
>>> GROUP_ORDER[:4]
('chances', 'turns', 'rounds', 'blind')
"""

from __future__ import annotations

#: The order the groups are run and published in (``results/simulation/crosscheck.csv``).
GROUP_ORDER = (
    "chances",
    "turns",
    "rounds",
    "blind",
    "matches",
    "holdup",
    "progressive",
    "progressive-sessions",
    "banking-sessions",
    "betting-sessions",
    "bidding",
    "bidding-fine",
)
