"""Integer codes shared by the kernels and the modules that build their inputs.

The one owner of each code: kernels read them as compile-time constants, the
modules above import them from here.  Importing this module does not import numba.
"""

#: How a hand category is declared (see :class:`pokerdice_stats.turn.categories.Category`).
KIND_PATTERN = 0  # the sorted counts of the ranks equal a pattern
KIND_RUN = 1  # a run of consecutive ranks starting at one of the allowed ranks
KIND_ANY = 2  # every hand (the lowest category)

#: How exact ties for the best hand of a round are settled (see ``rules.TIE_RULES``).
TIE_ROLL_OFF = 0  # the tied players throw again until one wins
TIE_MUST_BEAT = 1  # a later player must beat the best so far; a tie is not enough
TIE_SPLIT = 2  # the tied players share the win
TIE_PUSH = 3  # the tied players share the win (the progressive game's stand-off)
TIE_CODES = {
    "roll-off": TIE_ROLL_OFF,
    "must-beat": TIE_MUST_BEAT,
    "split": TIE_SPLIT,
    "push": TIE_PUSH,
}

#: Who starts the next round of a match or a session (see ``rules.STARTERS``).
STARTER_AFTER_LAST = 0  # the player after the last one to throw
STARTER_ROTATE = 1  # the start passes to the left
STARTER_WINNER = 2  # the winner starts
STARTER_CODES = {
    "last-thrower": STARTER_AFTER_LAST,
    "rotate": STARTER_ROTATE,
    "winner": STARTER_WINNER,
}

#: The unit shares of a win are counted in: a k-way split gives each ``SHARE_UNIT // k``
#: (60 divides by 1 to 5 players, so shares stay whole numbers).
SHARE_UNIT = 60
