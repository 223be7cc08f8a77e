"""The main job in worker processes and with its cache of solves writes the serial bytes.

Also: the cache key follows the inputs and the package's sources, a folder
that cannot be written means no cache, and Ctrl-C ends the job (status 130)
with no worker left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from cli_helpers import run_cli
from process_watch import FONT_LIBRARY, NUMPY_CORE, wait_until_loaded

from pokerdice_stats.engines.report import cache
from pokerdice_stats.report import run_report

ROOT = Path(__file__).resolve().parents[1]
#: Quick sections: two groups (so both workers run), a chart, a cached simulation.
SECTIONS = ("odds_tables", "betting_sessions")
#: A bound on a hang (not a speed figure), as in test_simulate_interrupts.
EXIT_WITHIN = 2.0
#: A bound on the workers' start (not a speed figure): beyond it the job is stuck.
WORKERS_START_WITHIN = 60.0


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _relative(paths: list[Path], folder: Path) -> list[str]:
    return [path.relative_to(folder).as_posix() for path in paths]


def test_workers_and_the_cache_write_the_serial_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path / "cache"))
    serial = tmp_path / "serial"
    written = run_report(serial, SECTIONS, progress=False, workers=1, use_cache=False)
    expected = _tree(serial)
    assert len(expected) == len(written) > 10
    assert not (tmp_path / "cache" / "report").exists()  # the serial run above used no cache
    for name, use_cache in [("fresh", False), ("filling", True), ("warm", True)]:
        out = tmp_path / name
        files = run_report(out, SECTIONS, progress=False, workers=2, use_cache=use_cache)
        assert _relative(files, out) == _relative(written, serial), name
        got = _tree(out)
        assert got.keys() == expected.keys(), name
        for key in expected:
            assert got[key] == expected[key], (name, key)
    entries = list((tmp_path / "cache" / "report").glob("*.pickle"))
    assert any("betting.report.sessions.sessions" in p.name for p in entries), entries


def test_an_error_in_a_worker_is_raised_in_the_parent(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "odds").write_text("a file where the odds folder should be")
    from pokerdice_stats.ground.errors import OutputError

    with pytest.raises(OutputError) as info:  # one message naming the path, no traceback
        run_report(
            out, ("odds_tables", "betting_sessions"), progress=False, workers=2, use_cache=False
        )
    assert "cannot write" in str(info.value) and "/odds/" in str(info.value)


#: run_report's arguments of the wrong type or range, and the words of each refusal.
BAD_ARGUMENTS = [
    ({"workers": 0}, "workers must be 1 to 256, got 0"),
    ({"workers": 257}, "workers must be 1 to 256, got 257"),
    ({"workers": "2"}, "workers must be a whole number, got '2'"),
    ({"workers": True}, "workers must be a whole number, got True"),
    ({"out_dir": 5}, "out_dir must be a path (str or Path), got 5"),
    ({"sections": "odds_tables"}, "sections must be a list or tuple of names"),
    ({"sections": ("odds",)}, "unknown section 'odds'"),
    ({"progress": "no"}, "progress must be True or False, got 'no'"),
    ({"use_cache": 1}, "use_cache must be True or False, got 1"),
]


@pytest.mark.parametrize(("change", "words"), BAD_ARGUMENTS)
def test_bad_arguments_are_refused_before_any_work(tmp_path, change, words):
    from pokerdice_stats.ground.errors import OptionError

    arguments = {"out_dir": tmp_path / "out", "sections": ("odds_tables",), "progress": False}
    with pytest.raises(OptionError) as info:
        run_report(**(arguments | change))
    assert words in str(info.value)
    assert not any(tmp_path.iterdir())  # refused before anything is written


@pytest.mark.parametrize("option", ["--workers", "--jobs"])  # --jobs: the older name
@pytest.mark.parametrize("workers", ["257", "99999999999999999999"])
def test_workers_past_the_cap_is_refused(capsys, tmp_path, option, workers):
    argv = ["report", "--out", str(tmp_path), "--section", "odds_tables", option, workers]
    with pytest.raises(SystemExit) as stop:  # argparse's refusal: usage, then the message
        run_cli(capsys, *argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    expected = f"argument --workers/--jobs: expected a whole number from 1 to 256, got '{workers}'"
    assert expected in err
    assert not any(tmp_path.iterdir())  # refused before anything is written


def test_a_section_named_twice_runs_once(capsys, tmp_path):
    argv = ["report", "--out", str(tmp_path), "--section", "odds_tables", "--no-progress"]
    code, out, _ = run_cli(capsys, *argv, "--section", "odds_tables", "--workers", "2")
    files = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert code == 0 and out == f"wrote {len(files)} files under {tmp_path}/\n"
    twice = run_report(tmp_path, ("odds_tables", "odds_tables"), progress=False, workers=1)
    assert _relative(twice, tmp_path) == _relative(
        run_report(tmp_path, ("odds_tables",), progress=False, workers=1), tmp_path
    )


# ---------------------------------------------------------------- the cache


def test_cache_key_follows_the_arguments_and_the_sources():
    key = cache.cache_key("f", (1, "a"))
    assert key == cache.cache_key("f", (1, "a"))
    assert key != cache.cache_key("f", (2, "a"))
    assert key != cache.cache_key("g", (1, "a"))
    assert key != cache.cache_key("f", (1, "a"), sources="another version of the solvers")
    with pytest.raises(TypeError):
        cache.cache_key("f", (object(),))


def _package(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def test_source_digest_changes_with_any_solver_source(tmp_path):
    base = {"games/solver.py": "X = 1\n", "rules.py": "Y = 2\n", "commands/run.py": "Z = 3\n"}
    digest = cache.source_digest(_package(tmp_path / "a", base))
    assert digest == cache.source_digest(_package(tmp_path / "b", base))
    changed = {**base, "games/solver.py": "X = 10\n"}
    assert digest != cache.source_digest(_package(tmp_path / "c", changed))
    added = {**base, "games/more.py": ""}
    assert digest != cache.source_digest(_package(tmp_path / "d", added))
    # The command line cannot change what a solve returns.
    shell = {**base, "commands/run.py": "Z = 4\n"}
    assert digest == cache.source_digest(_package(tmp_path / "e", shell))


def test_the_digest_reads_every_solver_of_the_package_itself():
    """The package's own digest: every game, engine, kernel and turn module (a change to
    any may change a kept solve), not the command line or the coach's page."""
    import pokerdice_stats
    from pokerdice_stats.ground.cache_dir import PACKAGE, digested_sources

    assert Path(pokerdice_stats.__file__).resolve().parent == PACKAGE
    names = set(digested_sources())
    for solver in (
        "games/bidding/exact/claims_answer.py",
        "games/bidding/report.py",
        "games/seen/exact/round_tables.py",
        "turn/holds.py",
        "kernels/reroll.py",
        "engines/report/cache.py",
        "report/simulation.py",
        "ground/cache_dir.py",
    ):
        assert solver in names, solver
    for shell in ("cli.py", "__main__.py", "games/bidding/command/claims.py", "web/app.py"):
        assert (PACKAGE / shell).is_file(), shell
        assert shell not in names, shell
    assert not any(n.startswith(("commands/", "web/")) or "/command/" in n for n in names)


def test_disk_cached_loads_what_it_stored_and_recomputes_on_a_new_key(tmp_path, monkeypatch):
    calls: list[int] = []

    def solve(n: int) -> list[int]:
        calls.append(n)
        return [n, n * n]

    cached = cache.disk_cached(solve)
    cache.use(None)
    assert cached(3) == [3, 9] and cached(3) == [3, 9] and calls == [3, 3]
    cache.use(tmp_path)
    try:
        assert cached(3) == [3, 9] and cached(3) == [3, 9]
        assert calls == [3, 3, 3]  # computed once with the cache on
        assert cached(4) == [4, 16] and calls == [3, 3, 3, 4]
        for entry in tmp_path.glob("*.pickle"):  # a damaged entry is computed again
            entry.write_bytes(b"not a pickle")
        assert cached(3) == [3, 9] and calls == [3, 3, 3, 4, 3]
        monkeypatch.setattr(cache, "source_digest", lambda: "the solvers changed")
        assert cached(3) == [3, 9] and calls == [3, 3, 3, 4, 3, 3]
    finally:
        cache.use(None)


def test_no_cache_where_the_folder_cannot_be_written(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(blocker / "cache"))
    assert cache.default_folder() is None
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)  # others may write: its pickles cannot be trusted
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(shared))
    assert cache.default_folder() is None
    monkeypatch.setenv("POKERDICE_CACHE_DIR", "")  # empty: no cache
    assert cache.default_folder() is None
    monkeypatch.delenv("POKERDICE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.default_folder() == tmp_path / "xdg" / "pokerdice_stats" / "report"


# ---------------------------------------------------------------- Ctrl-C


def _ours(marker: str) -> list[psutil.Process]:
    """Running processes (zombies aside) whose environment holds ``marker``: the job's own."""
    found = []
    for process in psutil.process_iter():
        try:
            if process.environ().get("POKERDICE_CACHE_DIR") != marker:
                continue
            if process.status() != psutil.STATUS_ZOMBIE:
                found.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return found


@pytest.mark.parametrize("moment", ["loading", "drawing", "working"])
def test_ctrl_c_ends_the_job_and_its_workers(tmp_path, moment):
    marker = str(tmp_path / "cache")  # unused (--no-cache): it marks the job's processes
    env = dict(os.environ, PYTHONPATH=str(ROOT), POKERDICE_CACHE_DIR=marker)
    args = [sys.executable, "-m", "pokerdice_stats", "report", "--out", str(tmp_path / "out")]
    proc = subprocess.Popen(
        [*args, "--no-progress", "--no-cache"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    if moment == "loading":
        # while the command line loads its libraries (numpy's core mapped: Python's own
        # start-up, before the package's first line, is over; a Ctrl-C in it is Python's)
        wait_until_loaded(proc, WORKERS_START_WITHIN, NUMPY_CORE)
    elif moment == "drawing":  # as matplotlib's font library loads (its initialisation)
        wait_until_loaded(proc, WORKERS_START_WITHIN, FONT_LIBRARY)
    else:  # while both workers run: wait for them (a loaded machine is slow)
        deadline = time.monotonic() + WORKERS_START_WITHIN
        while len(_ours(marker)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_ours(marker)) >= 3, "the job and its two workers run by now"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=EXIT_WITHIN + 5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("the main job did not end after SIGINT")
    took = time.monotonic() - sent
    assert proc.returncode == 130, (proc.returncode, err[-800:])
    assert took < EXIT_WITHIN, took
    assert "interrupted" in err and "Traceback" not in err, err[-800:]
    assert _ours(marker) == []


def _probe(tmp_path: Path, monkeypatch, threads: str | None, workers: int = 2) -> list[str]:
    """The threads each probe task's worker sees, with ``NUMBA_NUM_THREADS`` at ``threads``
    and ``workers`` workers for the probe's two groups (each must end cleanly)."""
    import report_probe_section

    from pokerdice_stats.engines.report.pool import WorkerPool

    if threads is None:
        monkeypatch.delenv("NUMBA_NUM_THREADS", raising=False)
    else:
        monkeypatch.setenv("NUMBA_NUM_THREADS", threads)
    # the workers import the probe section from the tests folder
    paths = [str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, paths)))
    module = report_probe_section.__name__
    pairs = [(module, task) for task in report_probe_section.tasks(tmp_path)]
    with WorkerPool(tmp_path, (module,), workers) as pool:
        processes = [worker.process for worker in pool._workers]
        files = pool.run(pairs)
        with pytest.raises(RuntimeError, match="runs once"):
            pool.run(pairs)
    # every worker, with work or without, ends cleanly
    assert [process.returncode for process in processes] == [0] * workers
    return [path.read_text() for path in files]


def test_the_workers_share_the_threads(tmp_path, monkeypatch):
    """Each worker runs its kernels and simulations on its share of the parent's threads
    (at least one): more threads than cores only trade places.  numba follows it too."""
    from pokerdice_stats.ground.threads import cores

    assert _probe(tmp_path, monkeypatch, "6") == ["3 3 3", "3 3 3"]
    assert _probe(tmp_path, monkeypatch, "1") == ["1 1 1", "1 1 1"]
    assert _probe(tmp_path, monkeypatch, "6", workers=3) == ["2 2 2", "2 2 2"]  # one idle
    share = max(1, cores() // 2)
    assert _probe(tmp_path, monkeypatch, None) == [f"{share} {share} {share}"] * 2


def test_a_pool_runs_only_the_sections_it_was_started_with(tmp_path):
    from pokerdice_stats.engines.report import Task
    from pokerdice_stats.engines.report.pool import WorkerPool

    with (
        WorkerPool(tmp_path, ("pokerdice_stats.report.odds_tables",), 1) as pool,
        pytest.raises(RuntimeError, match="not elsewhere"),
    ):
        pool.run([("elsewhere", Task("a task", list))])
