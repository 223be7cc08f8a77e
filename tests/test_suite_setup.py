"""How the suite runs its processes (see ``conftest.py``)."""

from __future__ import annotations

import subprocess
import sys


def test_the_suite_and_the_processes_it_starts_keep_bytecode():
    """Each Python process of the suite reads the package's compiled bytecode
    instead of compiling its modules again, whatever the machine's environment says."""
    child = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.dont_write_bytecode)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert sys.dont_write_bytecode is False
    assert child.stdout.strip() == "False"
