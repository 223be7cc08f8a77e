"""The command line works when neither the package folder nor HOME can be written.

Tests may run as root, where ``chmod`` does not stop writes, so the subprocess
makes the folders unwritable itself: an audit hook (installed before the package
is imported) turns every write, folder creation or rename under them into a
``PermissionError``, as a read-only file system would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pokerdice_stats

PACKAGE = Path(pokerdice_stats.__file__).resolve().parent
ROOT = PACKAGE.parent

#: Run in the subprocess: forbid writes under the folders of READONLY_DIRS, then the CLI.
HOOK = textwrap.dedent(
    """
    import os, sys
    blocked = [os.path.realpath(p) for p in os.environ["READONLY_DIRS"].split(os.pathsep)]
    WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

    def under(path):
        if isinstance(path, int):
            return False
        path = os.path.realpath(os.fsdecode(path))
        return any(path == b or path.startswith(b + os.sep) for b in blocked)

    def hook(event, args):
        if event == "open":
            path, mode, flags = args
            writes = any(c in mode for c in "wax+") if isinstance(mode, str) else flags & WRITE
            if writes and under(path):
                raise PermissionError(13, "Read-only file system (test)", path)
        elif event in ("os.mkdir", "os.rename", "os.replace", "os.remove", "os.symlink"):
            if under(args[0]):
                raise PermissionError(13, "Read-only file system (test)", args[0])

    sys.addaudithook(hook)
    from pokerdice_stats.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)


def run_readonly(tmp_path: Path, *argv: str, temp_writable: bool = True):
    """The CLI in a subprocess with the package folder, HOME (and maybe TMPDIR) unwritable."""
    home = tmp_path / "home"
    temp = tmp_path / "temp"
    home.mkdir(exist_ok=True)
    temp.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_CACHE")}
    blocked = [str(PACKAGE), str(home)] + ([] if temp_writable else [str(temp)])
    env.update(
        HOME=str(home),
        XDG_CACHE_HOME=str(home / ".cache"),
        TMPDIR=str(temp),
        READONLY_DIRS=os.pathsep.join(blocked),
        PYTHONPATH=str(ROOT),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return subprocess.run(
        [sys.executable, "-c", HOOK, *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )


#: A command that loads numba kernels (the quick commands, and rounds over hands, do
#: not; a round of 3 players with sticky holds does); no round tables can be saved
#: either, so it solves the round.
TO_WIN = (
    *("hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", "1"),
    *("--rules", "classic", "--set", "sticky_holds=true"),
)


def test_help_and_a_command_run_with_the_cache_in_a_private_temporary_folder(tmp_path):
    help_run = run_readonly(tmp_path, "--help")
    assert help_run.returncode == 0, help_run.stderr
    assert "pokerdice-stats" in help_run.stdout
    quick = run_readonly(tmp_path, "classify", "K K J 10 9")  # numba-free: no cache wanted
    assert quick.returncode == 0, quick.stderr
    # A command that runs numba kernels (the round advice solves with them).
    hold = run_readonly(tmp_path, *TO_WIN)
    assert hold.returncode == 0, hold.stderr
    assert "Traceback" not in hold.stderr
    # The kernels' cache went to this user's private folder of the temporary directory.
    private = [p for p in (tmp_path / "temp").iterdir() if p.name.startswith("pokerdice_stats")]
    assert len(private) == 1
    assert private[0].stat().st_mode & 0o077 == 0
    assert any(private[0].rglob("*.nbi"))


def test_a_command_runs_without_any_cache_when_the_temporary_folder_is_unwritable_too(tmp_path):
    run = run_readonly(tmp_path, *TO_WIN, temp_writable=False)
    assert run.returncode == 0, run.stderr
    assert "keep" in run.stdout.lower()
    assert not any((tmp_path / "temp").iterdir())
