"""``python -m pokerdice_stats`` runs the command line."""

import sys

from pokerdice_stats.cli import main

sys.exit(main())
