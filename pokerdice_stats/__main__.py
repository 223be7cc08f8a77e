"""``python -m pokerdice_stats`` runs the command line (as the ``pokerdice-stats`` script)."""

from pokerdice_stats.console import entry

entry()
