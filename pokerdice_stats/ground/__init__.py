"""The ground layer: what every other layer stands on.

Errors (:mod:`.errors`), number and table writers (:mod:`.formats`), every bound on
what is accepted (:mod:`.bounds`), resource limits and safe input readers
(:mod:`.limits`), outputs written whole (:mod:`.outputs`), the cache folder and its
entries (:mod:`.cache_dir`), Ctrl-C (:mod:`.interrupts`) and the one set of indices for
throws, hands and keeps (:mod:`.indexing`). Imports nothing
of the package above it.
"""
