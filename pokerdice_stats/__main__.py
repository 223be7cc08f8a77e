"""``python -m pokerdice_stats`` runs the command line (as the ``pokerdice-stats`` script)."""

import os
import sys

from pokerdice_stats.ground.interrupts import arm_last_resort, install

arm_last_resort()
install()
try:
    from pokerdice_stats.cli import entry
except KeyboardInterrupt:  # while loading, before the command ran
    print("pokerdice-stats: interrupted; no sample was done", file=sys.stderr)
    sys.stderr.flush()
    os._exit(130)
entry()
