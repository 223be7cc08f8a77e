"""The games: one folder each, found through the registry (:mod:`.registry`).

Every game of the rule documents lives in its own folder, cut in the same layers
(``command`` > ``report`` > ``checks`` > ``simulation`` > ``exact``):

- :mod:`.seen`: rounds where later players see the earlier hands (gameweave, classic,
  triple-snakes without chips), matches and hold-up;
- :mod:`.betting`: 001 Triple Snakes with chips (ante, raise, meet or fold);
- :mod:`.bidding`: 003 variation 8, bidding for two behind a screen;
- :mod:`.banking`: 004 banking, blind rounds of 2-5 seats, their equilibria and sessions;
- :mod:`.progressive`: 004 progressive poker dice against the computer (payout,
  schedules, fair pay, the bank over a session).

What several games share lives below them, in :mod:`pokerdice_stats.engines` and
:mod:`pokerdice_stats.turn`; :mod:`.common` holds the few helpers the game folders share.
"""
