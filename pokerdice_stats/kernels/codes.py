"""Integer codes shared by the kernels and the modules that build their inputs.

The one owner of each code: kernels read them as compile-time constants, the
modules above import them from here.  Importing this module does not import numba.
"""

#: How a hand category is declared (see :class:`pokerdice_stats.categories.Category`).
KIND_PATTERN = 0  # the sorted counts of the ranks equal a pattern
KIND_RUN = 1  # a run of consecutive ranks starting at one of the allowed ranks
KIND_ANY = 2  # every hand (the lowest category)
