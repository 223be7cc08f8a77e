"""Kernels of the Monte Carlo engine, one module per game (numba only).

Everything here is a numba function over arrays and named records
(:mod:`.records`); no Python objects, no global random state.  Each simulated
chunk owns a generator state (``uint64[6]``, see :mod:`.rng`).

- :mod:`.rng`: xoshiro256** and Lemire's bounded draws; throws of dice;
- :mod:`.turns`: one player's turn under a best-keep table;
- :mod:`.rounds`: rounds in which later seats see the earlier hands;
- :mod:`.blind_rounds`: rounds in which no seat sees another's hand;
- :mod:`.matches`: matches to a target of round wins;
- :mod:`.pots`: sessions of rounds played for an ante;
- :mod:`.progressive`: progressive sessions against the computer;
- :mod:`.banking_sessions`: blind banking sessions (antes, split pots, seats out);
- :mod:`.betting_sessions`: 001 betting sessions (solved decisions, chips, seats out);
- :mod:`.chips`: rounds in progress (does the best hand hold up?);
- :mod:`.shares`: crediting a win shared among tied seats;
- :mod:`.records`: the named records the kernels take (no numba).

A *policy* is a stack of best-keep tables ``best[p, t - 1, s]``: the keep chosen
by policy ``p`` in state ``s`` with ``t`` throws left (``s`` a hand, or an
``(aside, hand)`` position under sticky holds); the hand's own keep means stand.
"""
