"""Issue 28: the cache checks what it reads before using it.

A cache entry carries the version of its format, the key it answers and a digest of its
contents; it is read only from a regular file within a size limit, parsed without
unbounded recursion and (the rounds' seat tables) validated.  Anything else is computed
again, with a warning on standard error, and the answer is the fresh one.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import threading
from pathlib import Path

import pytest
from cli_helpers import run_cli

from pokerdice_stats.engines.report import cache
from pokerdice_stats.games.seen.exact import round_tables
from pokerdice_stats.ground import bounds, cache_dir

#: A bound on a hang (a FIFO read would block for ever), not a speed figure.
HANG = 60

HOLD = ("hold", "K K J 10 9", "--to-win", "--players-left", "1")


# ---------------------------------------------------------------- the rounds' seat tables


@pytest.fixture
def rounds_cache(tmp_path, monkeypatch, capsys):
    """A fresh cache folder, the answer computed with no cache, and the entry written."""
    monkeypatch.setenv("POKERDICE_CACHE_DIR", "")
    code, fresh, err = run_cli(capsys, *HOLD)
    assert code == 0, err
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    code, first, err = run_cli(capsys, *HOLD)
    assert code == 0 and first == fresh and "warning" not in err
    (entry,) = (tmp_path / "rounds").glob("*.json")
    return entry, fresh


def _rerun(capsys) -> tuple[str, str]:
    code, out, err = run_cli(capsys, *HOLD)
    assert code == 0, err
    return out, err


def _columns(entry: Path) -> dict:
    return json.loads(entry.read_text())


def _halved(data: dict) -> None:
    for seats in data["columns"].values():
        for cols in seats.values():
            for column in cols:
                column[:] = [v / 2 for v in column]


def test_a_good_entry_is_used_without_a_word(rounds_cache, capsys, monkeypatch):
    entry, fresh = rounds_cache
    data = _columns(entry)
    assert data["format"] == round_tables.FORMAT and len(data["digest"]) == 64
    out, err = _rerun(capsys)
    assert out == fresh and err == ""


def test_altered_values_are_detected_by_the_digest_and_recomputed(rounds_cache, capsys):
    entry, fresh = rounds_cache
    data = _columns(entry)
    _halved(data)
    entry.write_text(json.dumps(data))
    out, err = _rerun(capsys)
    assert out == fresh
    assert "warning" in err and "digest" in err
    assert _columns(entry)["columns"] != data["columns"]  # written again, right this time


def test_altered_values_with_a_matching_digest_fail_the_checks_and_are_recomputed(
    rounds_cache, capsys
):
    entry, fresh = rounds_cache
    for change in ("halve", "not finite", "above 1", "shuffle"):
        data = _columns(entry)
        if change == "halve":
            _halved(data)
        else:
            first = data["columns"][next(iter(data["columns"]))]["1"][0]
            if change == "not finite":
                first[3] = float("nan")
            elif change == "above 1":
                first[-1] = 1.5
            else:
                first.reverse()
        encoded = json.dumps(data["columns"], sort_keys=True, separators=(",", ":"))
        data["digest"] = cache_dir.content_digest(encoded.encode())
        entry.write_text(json.dumps(data))
        out, err = _rerun(capsys)
        assert out == fresh, change
        assert "warning" in err, change


@pytest.mark.parametrize(
    "damage",
    ["deep", "pickle of none", "empty", "truncated", "old format", "other round", "fifo", "dir"],
)
def test_damaged_entries_are_recomputed(rounds_cache, capsys, damage, monkeypatch):
    entry, fresh = rounds_cache
    data = _columns(entry)
    entry.unlink()
    if damage == "deep":
        entry.write_text("[" * 200_000 + "]" * 200_000)
    elif damage == "pickle of none":
        entry.write_bytes(pickle.dumps(None))
    elif damage == "empty":
        entry.write_text("")
    elif damage == "truncated":
        entry.write_text(json.dumps(data)[:500])
    elif damage == "old format":
        entry.write_text(json.dumps({"columns": data["columns"]}))
    elif damage == "other round":
        entry.write_text(json.dumps({**data, "key": data["key"].replace("players=2", "players=3")}))
    elif damage == "fifo":
        os.mkfifo(entry)
    else:
        entry.mkdir()
    result: dict = {}
    worker = threading.Thread(target=lambda: result.update(out=_rerun(capsys)), daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive(), "the cache waited on its entry"
    out, err = result["out"]
    assert out == fresh
    assert "warning" in err and "Traceback" not in err


def test_an_entry_past_the_size_limit_is_not_read(rounds_cache, capsys, monkeypatch):
    fresh = rounds_cache[1]
    monkeypatch.setattr(bounds, "CACHE_ENTRY_CAP", 100)
    out, err = _rerun(capsys)
    assert out == fresh and "warning" in err and "100" in err


# ---------------------------------------------------------------- the report's entries


def _counted():
    calls: list[int] = []

    def solve(n: int) -> dict:
        calls.append(n)
        return {"n": n, "square": n * n}

    return cache.disk_cached(solve), calls


@pytest.fixture
def report_cache(tmp_path):
    cache.use(tmp_path)
    yield tmp_path
    cache.use(None)


def test_a_report_entry_names_its_format_key_digest_and_type(report_cache, capsys):
    cached, calls = _counted()
    assert cached(3) == {"n": 3, "square": 9} and cached(3) == {"n": 3, "square": 9}
    assert calls == [3]
    (entry,) = report_cache.glob("*.pickle")
    data = entry.read_bytes()
    assert data.startswith(cache.MAGIC)
    header = json.loads(data[len(cache.MAGIC) :].split(b"\n", 1)[0])
    assert set(header) == {"key", "sha256", "size", "type"} and header["type"] == "builtins.dict"
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "damage", ["altered", "pickle of none", "swapped", "other type", "fifo", "deep", "truncated"]
)
def test_damaged_report_entries_are_recomputed_with_a_warning(report_cache, capsys, damage):
    cached, calls = _counted()
    cached(3), cached(4)
    entries = {}
    for path in report_cache.glob("*.pickle"):
        data = path.read_bytes()
        value = pickle.loads(data.split(b"\n", 2)[2])
        entries[value["n"]] = (path, data)
    path, data = entries[3]
    path.unlink()
    if damage == "altered":  # one byte of the pickle: the square 9 becomes 10
        payload = data.split(b"\n", 2)[2]
        changed = pickle.dumps({"n": 3, "square": 10}, protocol=pickle.HIGHEST_PROTOCOL)
        assert len(changed) == len(payload)
        path.write_bytes(data[: len(data) - len(payload)] + changed)
    elif damage == "pickle of none":
        path.write_bytes(pickle.dumps(None))
    elif damage == "swapped":  # the entry of solve(4) in the place of solve(3)'s
        path.write_bytes(entries[4][1])
    elif damage == "other type":
        header = json.loads(data.split(b"\n", 2)[1])
        payload = pickle.dumps([3, 9])
        header.update(sha256=cache_dir.content_digest(payload), size=len(payload))
        path.write_bytes(cache.MAGIC + json.dumps(header).encode() + b"\n" + payload)
    elif damage == "fifo":
        os.mkfifo(path)
    elif damage == "deep":
        path.write_bytes(cache.MAGIC + b"[" * 200_000 + b"\n")
    else:
        path.write_bytes(data[:-5])
    result: dict = {}
    worker = threading.Thread(target=lambda: result.update(value=cached(3)), daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive(), "the cache waited on its entry"
    assert result["value"] == {"n": 3, "square": 9}
    assert calls == [3, 4, 3]
    err = capsys.readouterr().err
    assert "warning" in err and "computing it again" in err


def test_a_missing_entry_is_computed_without_a_warning(report_cache, capsys):
    cached, calls = _counted()
    assert cached(5) == {"n": 5, "square": 25} and calls == [5]
    assert capsys.readouterr().err == ""


def test_timings_from_a_fifo_are_not_waited_on(report_cache):
    os.mkfifo(report_cache / cache.TIMINGS)
    result: dict = {}
    worker = threading.Thread(target=lambda: result.update(t=cache.timings()), daemon=True)
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive() and result["t"] == {}


# ---------------------------------------------------------------- solves kept for the next process


def test_a_kept_solve_is_computed_once_and_read_back(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    calls = []

    def compute():
        calls.append(1)
        return {"value": len(calls)}

    first = cache.kept_solve("solves", "test.kept", ("a", 1), compute)
    again = cache.kept_solve("solves", "test.kept", ("a", 1), compute)
    other = cache.kept_solve("solves", "test.kept", ("a", 2), compute)
    assert first == again == {"value": 1} and other == {"value": 2} and len(calls) == 2
    # A damaged entry is computed again, with a warning, and the fresh value is the answer.
    named = hashlib.sha256(repr(("a", 1)).encode("utf-8")).hexdigest()[:12]
    (entry,) = (tmp_path / "solves").glob(f"test.kept-{named}-*")
    entry.write_bytes(entry.read_bytes()[:-3] + b"xyz")
    fresh = cache.kept_solve("solves", "test.kept", ("a", 1), compute)
    assert fresh == {"value": 3} and "warning" in capsys.readouterr().err
    # With the cache off every call computes.
    monkeypatch.setenv("POKERDICE_CACHE_DIR", "")
    cache.kept_solve("solves", "test.kept", ("a", 1), compute)
    assert len(calls) == 4


def test_a_solve_missed_by_two_at_once_is_computed_once(tmp_path, monkeypatch):
    """The second caller waits on the first's lock and reads its entry (threads here:
    ``flock`` locks belong to open files, so two opens conflict as two processes do)."""
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    started, release, missed = threading.Event(), threading.Event(), threading.Event()
    calls: list[str] = []
    load = cache._load

    def watched_load(path, key):
        found, value = load(path, key)
        if threading.current_thread().name == "second" and not found:
            missed.set()
        return found, value

    monkeypatch.setattr(cache, "_load", watched_load)

    def slow():
        calls.append(threading.current_thread().name)
        started.set()
        release.wait(HANG)
        return {"made by": threading.current_thread().name}

    answers: dict[str, object] = {}

    def ask():
        answers[threading.current_thread().name] = cache.kept_solve("solves", "test.once", (), slow)

    first = threading.Thread(target=ask, name="first")
    first.start()
    assert started.wait(HANG)
    second = threading.Thread(target=ask, name="second")
    second.start()
    assert missed.wait(HANG)
    # Without the lock the second would be computing within microseconds of its miss.
    second.join(0.5)
    assert calls == ["first"]
    release.set()
    first.join(HANG)
    second.join(HANG)
    assert answers == {"first": {"made by": "first"}, "second": {"made by": "first"}}
    assert calls == ["first"]
    # The lock goes once the entry is stored.
    assert [p.suffix for p in (tmp_path / "solves").glob("test.once-*")] == [".pickle"]


def test_the_bidding_solve_is_kept_for_the_next_process(tmp_path, monkeypatch):
    from pokerdice_stats import get_rules
    from pokerdice_stats.games.bidding.exact import solve

    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    calls = []
    monkeypatch.setattr(solve, "_solve", lambda rules, ladder: calls.append(ladder) or "solved")
    rules = get_rules("classic", {"wild": "9"})
    solve._solved_ladder.cache_clear()
    try:
        assert solve.solve_ladder(rules, "category") == "solved"
        solve._solved_ladder.cache_clear()  # as a new process: memory forgotten, the disk kept
        assert solve.solve_ladder(rules, "category") == "solved"
        assert calls == ["category"]
        assert len(list((tmp_path / "solves").glob("bidding.solve_ladder-*"))) == 1
    finally:
        solve._solved_ladder.cache_clear()


def test_the_main_jobs_no_cache_turns_kept_solves_off(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    calls = []
    cache.kept_solve("solves", "test.fresh", (), lambda: calls.append(1))
    cache.keep_solves(False)
    try:
        cache.kept_solve("solves", "test.fresh", (), lambda: calls.append(1))
    finally:
        cache.keep_solves(True)
    cache.kept_solve("solves", "test.fresh", (), lambda: calls.append(1))
    assert len(calls) == 2  # the second call computed again; the third read the entry
