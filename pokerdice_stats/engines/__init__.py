"""Engines several games share, below the game folders and above the turn.

- :mod:`.blind`: solvers of blind two-player games (banking, progressive blind);
- :mod:`.simulation`: the Monte Carlo engine (run options, seeded chunks, statistics,
  dice and policy tables, one player's turn);
- :mod:`.checks`: the :class:`~.checks.check.Check` type and its runner;
- :mod:`.report`: the main job's tasks, process pool, cache and strategy charts;
- :mod:`.cli`: argument types and output writers of the command line;
- :mod:`.answer_tables`: an answer's JSON object as CSV and Markdown (the one rule);
- :mod:`.round_output`: what ``round`` answers, seen or blind.

No engine imports a game.
"""
