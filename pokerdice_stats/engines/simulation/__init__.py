"""The Monte Carlo engine every game's simulation runs on.

:mod:`.run` (run options, seeded chunks, threads or Dask, Ctrl-C), :mod:`.stats`
(confidence intervals, :class:`~.stats.Estimate`), :mod:`.dice_tables` (the tables the
kernels throw dice with), :mod:`.policy_tables` (policies as best-keep tables),
:mod:`.round_result` (what a simulated round returns) and :mod:`.turns` (one player's
turn, the simulation of the turn itself).
"""
