"""The ground layer: what every other layer stands on.

Errors (:mod:`.errors`), number and table writers (:mod:`.formats`), resource limits
(:mod:`.limits`), the cache folder (:mod:`.cache_dir`), Ctrl-C (:mod:`.interrupts`) and
the one set of indices for throws, hands and keeps (:mod:`.indexing`). Imports nothing
of the package above it.
"""
