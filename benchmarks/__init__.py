"""Benchmarks (a package, so that benchmarks/test_X.py and tests/test_X.py do not clash)."""
