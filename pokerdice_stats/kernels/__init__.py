"""Numba kernels: arrays in, arrays out, no Python objects, no global state.

Each kernel has a plain-Python twin in ``tests/`` that the tests compare it
with: the exact kernels against ``tests/reference*.py`` on every state, the
simulation chunk kernels (:mod:`.simulation`) tally for tally against
``tests/reference_stream.py``, which reads the same random stream.  The public
API lives in the modules one level up; nothing outside the package should call
a kernel directly.

``numpy_keys`` and ``numpy_reroll`` are the exceptions to "numba only": numpy
twins of the hand-key and hold-program kernels (same signatures, same answers,
additions in the same order), which small batches use so that the quick
commands never import numba (:func:`pokerdice_stats.turn.induction.kernels_for`
decides).  ``fixed_order`` is numpy-only too: float sums of products in an order set
by the shapes (not by BLAS), loading numba's :mod:`.products` only for a matrix on the
right.  Importing this package does not import numba.
"""
