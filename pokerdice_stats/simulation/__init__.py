"""Building blocks of the Monte Carlo engine (:mod:`pokerdice_stats.simulate` is the API).

- :mod:`.tables`: the lookup tables the kernels throw dice with;
- :mod:`.stats`: Wilson and normal confidence intervals, the :class:`Estimate`;
- :mod:`.chunks`: cutting work into seeded chunks, threads, Dask, progress, Ctrl-C;
- :mod:`.players`: policies as best-keep tables (optimal for a goal, named heuristics);
- :mod:`.seats`: the policy of each seat of a round given the hand to beat;
- :mod:`.crosscheck`: every exact figure of the toolkit against its simulation.
"""
