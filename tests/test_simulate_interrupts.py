"""Ctrl-C at random moments: the command exits with status 130 within 2 s, naming the result."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from process_watch import wait_until_loaded

ROOT = Path(__file__).resolve().parents[1]
#: A bound on a hang (not a speed figure): the process must be gone this long after SIGINT.
EXIT_WITHIN = 2.0
#: A bound on a hang before the command loads numpy (a loaded machine is slow).
LOADS_WITHIN = 60.0


#: ``python -m pokerdice_stats``, and what the ``pokerdice-stats`` console script runs.
MODULE = [sys.executable, "-m", "pokerdice_stats"]
SCRIPT = [sys.executable, "-c", "from pokerdice_stats.console import entry; entry()"]


def _interrupt_once(
    delay: float, start: list[str] = MODULE, what: str = "turn"
) -> tuple[int, float, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    args = [*start, "simulate", "--what", what]
    args += ["--n", "100000000000", "--seed", "1", "--no-progress"]
    proc = subprocess.Popen(
        args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    # the delay counts from the command's loading its libraries: a Ctrl-C in Python's own
    # start-up (0.05 s on a quiet machine, half a second on a loaded one) is Python's; the
    # package's loading before numpy is covered by the deterministic test below
    wait_until_loaded(proc, LOADS_WITHIN)
    time.sleep(delay)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=EXIT_WITHIN + 5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return -999, time.monotonic() - sent, ""
    return proc.returncode, time.monotonic() - sent, out + err


def test_sigint_at_random_moments_exits_with_130_and_the_partial_result():
    rng = random.Random(13)
    moments = [rng.uniform(lo, hi) for lo, hi in [(0, 1)] * 4 + [(1, 3)] * 4]
    for delay in moments:
        status, took, text = _interrupt_once(delay)
        assert status == 130, (delay, status, text[-500:])
        assert took < EXIT_WITHIN, (delay, took)
        assert "Traceback" not in text, (delay, text[-500:])
        # The partial result, or the note that the run stopped before any figure.
        assert "partial result" in text or "pokerdice-stats: interrupted" in text, text[-500:]


def test_the_console_script_and_rounds_also_exit_with_130_at_once():
    """The console script's entry (not only ``python -m``) and a round simulation."""
    rng = random.Random(14)
    for start, what in [(SCRIPT, "turn"), (SCRIPT, "round"), (MODULE, "round")]:
        for delay in (rng.uniform(0.2, 1), rng.uniform(1, 3)):
            status, took, text = _interrupt_once(delay, start, what)
            assert status == 130, (start, what, delay, status, text[-500:])
            assert took < EXIT_WITHIN, (start, what, delay, took)
            assert "Traceback" not in text and "interrupted" in text, (start, what, text[-500:])


def test_the_console_script_is_the_small_entry_these_tests_run():
    """The installed script loads the command line only after arming Ctrl-C (SCRIPT above)."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"pokerdice-stats": "pokerdice_stats.console:entry"}
    module, function = scripts["pokerdice-stats"].split(":")
    assert SCRIPT[-1] == f"from {module} import {function}; {function}()"


#: The console script, with a Ctrl-C arriving while it loads the command line's modules.
INTERRUPTED_WHILE_LOADING = """
import builtins
real_import = builtins.__import__
def interrupted(name, *args, **kwargs):
    if name == "pokerdice_stats.cli":
        raise KeyboardInterrupt
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupted
from pokerdice_stats.console import entry
entry()
"""


def test_sigint_while_loading_exits_with_130_without_a_traceback():
    """Deterministic: the interrupt is raised where a Ctrl-C during loading raises it (a
    Ctrl-C before Python itself has started, some 0.05 s, is Python's to handle)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_WHILE_LOADING], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 130, done.stderr[-500:]
    assert done.stderr == "pokerdice-stats: interrupted before the command started\n"
    assert done.stdout == ""
