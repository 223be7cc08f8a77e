"""The hold-program kernels of :mod:`.reroll` compiled without threads.

The very same Python functions (:func:`~pokerdice_stats.kernels._numba.serial_copy`),
so the same answers bit for bit; batches under
:data:`pokerdice_stats.turn.induction.PARALLEL_MIN_GOALS` goals run on them, since
waking numba's thread pool costs more than a small batch's work (about the whole
work of one goal).  The kernels of goals side by side (``*_wide``) are the same here as
there: they share their blocks out among threads of their own, block by block.
"""

from __future__ import annotations

from pokerdice_stats.kernels import hold_wide, reroll, states_wide
from pokerdice_stats.kernels._numba import serial_copy
from pokerdice_stats.kernels.numpy_reroll import (  # the object versions live with the twins
    expect_keeps_object as expect_keeps_object,
)
from pokerdice_stats.kernels.numpy_reroll import (
    expect_keeps_sticky_object as expect_keeps_sticky_object,
)

expect_keeps = serial_copy(reroll.expect_keeps)
expect_keeps_by_die = serial_copy(reroll.expect_keeps_by_die)
expect_keeps_sticky = serial_copy(reroll.expect_keeps_sticky)
best_options = serial_copy(reroll.best_options)
forward_step = serial_copy(reroll.forward_step)
forward_step_pooled = serial_copy(reroll.forward_step_pooled)
forward_step_sticky = serial_copy(reroll.forward_step_sticky)
forward_step_carried = serial_copy(reroll.forward_step_carried)
forward_step_sticky_pooled = serial_copy(reroll.forward_step_sticky_pooled)
forward_step_carried_pooled = serial_copy(reroll.forward_step_carried_pooled)
backward_hands = serial_copy(reroll.backward_hands)
backward_hands_wide = hold_wide.backward_hands_wide  # batches side by side, on threads
best_options_wide = states_wide.best_options_wide  # the same, over many states
expect_wide = states_wide.expect_wide
HoldTables = reroll.HoldTables
goal_row = reroll.goal_row  # serial already
