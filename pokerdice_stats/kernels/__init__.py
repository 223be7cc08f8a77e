"""Numba kernels: arrays in, arrays out, no Python objects, no global state.

Each kernel has a plain-Python twin in ``tests/`` that the tests compare it
with: the exact kernels against ``tests/reference*.py`` on every state, the
simulation chunk kernels (:mod:`.simulation`) tally for tally against
``tests/reference_stream.py``, which reads the same random stream.  The public
API lives in the modules one level up; nothing outside the package should call
a kernel directly.
"""
