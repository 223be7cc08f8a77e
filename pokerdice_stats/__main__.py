"""``python -m pokerdice_stats`` runs the command line."""

import os
import sys

from pokerdice_stats.interrupts import install

install()
try:
    from pokerdice_stats.cli import main

    status = main()
except KeyboardInterrupt:  # before the command ran (loading, parsing)
    print("pokerdice-stats: interrupted; no sample was done", file=sys.stderr)
    status = 130
if status == 130:  # interrupted: do not wait at exit for worker threads or a late signal
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)
sys.exit(status)
