"""The generator of every simulated chunk: xoshiro256** with Lemire's bounded draws.

A chunk's generator state is ``uint64[6]``:

- words 0..3: xoshiro256** (Blackman and Vigna), seeded by the caller from
  numpy's ``SeedSequence`` (:func:`pokerdice_stats.engines.simulation.run.chunk_state`);
- word 4: a spare 32-bit half of the last 64-bit output, word 5: 1 if the
  spare is unused.

A throw of ``m`` dice is *one* uniform number below ``6**m`` (7,776 for five
dice), taken from a 32-bit half of a 64-bit output by Lemire's multiply-shift
with rejection (rejected with chance below 2e-6), so one 64-bit output gives two
throws.  The number is read as ``m`` base-6 digits, one die each (see
:class:`~pokerdice_stats.kernels.simulation.records.DiceTables`).
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_inline as inline
from pokerdice_stats.kernels._numba import jit_no_refcount as inner

_U32 = np.uint64(0xFFFFFFFF)
_S17 = np.uint64(17)
_S45 = np.uint64(45)
_S7 = np.uint64(7)
_S32 = np.uint64(32)
_M5 = np.uint64(5)
_M9 = np.uint64(9)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_S11 = np.uint64(11)

#: The draw of five dice: 7,776 outcomes and Lemire's threshold ``2**32 % 7776``.
FIVE_DICE = 7776
FIVE_DICE_THRESHOLD = (1 << 32) % FIVE_DICE


@inner
def rotl(x, k):
    """``x`` rotated left by ``k`` bits (64-bit)."""
    return (x << k) | (x >> (np.uint64(64) - k))


@inner
def next_u64(state):
    """The next 64-bit output of xoshiro256** (advances ``state[0:4]``)."""
    result, words = next_u64_words(load_words(state))
    store_words(state, words)
    return result


@inner
def next_u32(state):
    """A 32-bit number: the spare half of the last output, or the high half of a new one."""
    if state[5] != _ZERO:
        state[5] = _ZERO
        return state[4]
    x = next_u64(state)
    state[4] = x & _U32
    state[5] = _ONE
    return x >> _S32


@inner
def next_u53(state):
    """A 53-bit number: the high bits of a fresh 64-bit output (the spare half untouched)."""
    return next_u64(state) >> _S11


@inner
def below(state, n, threshold):
    """A uniform integer in ``0 .. n - 1`` (Lemire's method; ``threshold = 2**32 % n``)."""
    un = np.uint64(n)
    while True:
        product = next_u32(state) * un
        if (product & _U32) >= threshold:
            return np.int64(product >> _S32)


# The same generator held in local variables: ``words`` is the tuple of the six state
# words (xoshiro's four, the spare half, the spare flag), loaded from a chunk's state
# array once (:func:`load_words`) and stored back at the end (:func:`store_words`).
# Kept in registers, the state is not written to memory and read back on every draw
# (which the compiler must do for an array, since a tally it writes might alias it):
# the very numbers of :func:`next_u64` and :func:`below`, half again as many turns a
# second.


@inline
def load_words(state):
    """The six state words of a chunk's state array, as a tuple."""
    return (state[0], state[1], state[2], state[3], state[4], state[5])


@inline
def store_words(state, words):
    """Write the six state words back to the chunk's state array."""
    for i in range(6):
        state[i] = words[i]


@inline
def next_u64_words(words):
    """:func:`next_u64` on state words: ``(output, words)``."""
    s0, s1, s2, s3, spare, has = words
    result = rotl(s1 * _M5, _S7) * _M9
    t = s1 << _S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, _S45)
    return result, (s0, s1, s2, s3, spare, has)


@inline
def below_words(words, n, threshold):
    """:func:`below` on state words: ``(uint64 draw in 0 .. n - 1, words)``."""
    un = np.uint64(n)
    while True:
        if words[5] != _ZERO:  # the spare half of the last output
            x = words[4]
            words = (words[0], words[1], words[2], words[3], words[4], _ZERO)
        else:
            out, words = next_u64_words(words)
            x = out >> _S32
            words = (words[0], words[1], words[2], words[3], out & _U32, _ONE)
        product = x * un
        if (product & _U32) >= threshold:
            return product >> _S32, words


@jit
def raw_u64_xor(state, n):
    """XOR of ``n`` raw 64-bit outputs: the generator's own throughput, for benchmarks."""
    acc = _ZERO
    for _ in range(n):
        acc ^= next_u64(state)
    return acc


@jit
def throw_codes(state, n, out):
    """``n`` throws of five dice as codes 0..7775 into ``out`` (for tests of the dice draws)."""
    threshold = np.uint64(FIVE_DICE_THRESHOLD)
    for i in range(n):
        out[i] = below(state, FIVE_DICE, threshold)
