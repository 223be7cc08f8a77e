"""Numba kernels: arrays in, arrays out, no Python objects, no global state.

Each kernel has a plain-Python twin in ``tests/reference.py`` that the tests
compare it with on every state.  The public API lives in the modules one
level up; nothing outside the package should call a kernel directly.
"""
