"""Issue 28: no silent answer past the limits, no traceback, no hang, every input bounded.

One test (or a few) for each failure the issue lists, in its order; the cache's checks
are in ``test_cache_checks.py`` and the generated hostile inputs in ``test_hostile_fuzz.py``.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats.ground import bounds, limits, outputs
from pokerdice_stats.ground.errors import LimitError, OptionError, OutputError
from pokerdice_stats.ground.speaker import command_line

ROOT = Path(__file__).resolve().parents[1]
#: Bounds on a hang (not speed figures).
EXIT_WITHIN = 2.0
HANG = 120

SEED_SCHEDULE = """# schedule: test
loser,three-of-a-kind,full-house,big-straight,four-of-a-kind,five-of-a-kind
high-die,6,24,30,48,600
little-straight,6,24,30,48,600
one-pair,6,24,30,48,600
two-pair,3,12,15,24,600
three-of-a-kind,*,8,10,16,400
full-house,-,*,3,8,100
big-straight,-,-,*,3,80
four-of-a-kind,-,-,-,*,50
five-of-a-kind,-,-,-,-,*
"""


def _schedule(tmp_path: Path, name: str, old: str = "", new: str = "") -> Path:
    path = tmp_path / name
    path.write_text(SEED_SCHEDULE.replace(old, new, 1) if old else SEED_SCHEDULE)
    return path


def _zero_schedule(tmp_path: Path, rare_pay: str = "0") -> Path:
    """The seed's schedule with every pay 0, but ``rare_pay`` for five of a kind over two
    pairs (with "1", a session that runs to its last round: nobody is ever ruined)."""
    lines = []
    for line in SEED_SCHEDULE.splitlines():
        if line.startswith(("#", "loser")):
            lines.append(line)
        else:
            first, *cells = line.split(",")
            cells = [c if c in "*-" else "0" for c in cells]
            if first == "two-pair":
                cells[-1] = rare_pay
            lines.append(",".join([first, *cells]))
    path = tmp_path / "zero.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_schedule_that_pays_nothing_is_refused(capsys, tmp_path):
    assert_cli_error(
        capsys, ["payout", "--schedule", str(_zero_schedule(tmp_path))], "every amount is 0"
    )


def _refused(capsys, argv: list[str], *needles: str) -> str:
    """As :func:`cli_helpers.assert_cli_error`, for refusals by the argument parser too
    (which exit through ``SystemExit``)."""
    try:
        return assert_cli_error(capsys, argv, *needles)
    except SystemExit as stop:
        assert stop.code == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)
    return err.strip()


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def _command(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pokerdice_stats", *argv],
        env=_env(),
        capture_output=kwargs.pop("capture_output", True),
        text=True,
        timeout=HANG,
        **kwargs,
    )


# 1. progressive sessions: --rounds has a bound, and nothing past it reaches numba


@pytest.mark.parametrize("rounds", ["9223372036854775808", "18446744073709551616", "0", "100001"])
def test_progressive_session_rounds_past_the_bound_are_refused(capsys, rounds):
    _refused(
        capsys,
        ["simulate", "--what", "session", "--rules", "progressive", "--rounds", rounds],
        "--rounds",
        "1 to 100,000",
    )


def test_the_rounds_bound_is_in_the_help_and_the_api_refuses_past_it(capsys):
    with pytest.raises(SystemExit):
        run_cli(capsys, "simulate", "--help")
    assert "1 to 100,000" in " ".join(capsys.readouterr().out.split())
    from pokerdice_stats.games.progressive.simulation import simulate_progressive
    from pokerdice_stats.turn.rules import get_rules

    for rounds in (0, bounds.MAX_SESSION_ROUNDS + 1, 2**63, 2**64):
        with pytest.raises(OptionError, match="100,000"):
            simulate_progressive(get_rules("progressive"), rounds)


def test_pot_sessions_have_the_same_bound():
    from pokerdice_stats.games.seen.simulation.pots import simulate_pots
    from pokerdice_stats.turn.rules import get_rules

    with pytest.raises(OptionError, match="100,000"):
        simulate_pots(get_rules("gameweave"), 2, 2**63)


# 2. a schedule that (nearly) never pays ruins nobody: long sessions come in small chunks


def test_long_sessions_come_in_chunks_small_enough_to_poll_ctrl_c():
    for rounds in (1, 100, 8192, 10_000, bounds.MAX_SESSION_ROUNDS):
        sessions = bounds.chunk_sessions(rounds, 256)
        assert 1 <= sessions <= 256
        assert sessions * rounds <= max(bounds.CHUNK_ROUNDS, rounds)
    assert bounds.chunk_sessions(100, 256) == 256  # the usual chunks are unchanged


def test_a_session_nobody_loses_stops_at_ctrl_c(tmp_path):
    args = [sys.executable, "-m", "pokerdice_stats", "simulate", "--what", "session"]
    args += ["--rules", "progressive", "--schedule", str(_zero_schedule(tmp_path, "1"))]
    args += ["--rounds", "100000", "--n", "1000000", "--no-progress"]
    proc = subprocess.Popen(
        args, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    time.sleep(4)  # started, compiled and well into the sessions
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=HANG)
    finally:
        proc.kill()
    took = time.monotonic() - sent
    assert proc.returncode == 130, (out[-300:], err[-300:])
    assert took < EXIT_WITHIN, took
    assert "Traceback" not in err


# 3. the bank program: a large starting bank costs no memory, a large one is refused first


def test_a_large_starting_bank_is_answered_within_a_small_budget():
    from pokerdice_stats.games.progressive.exact.bank import distribution_of_amounts

    amounts = {-600: Fraction(1, 8), 0: Fraction(1, 2), 24: Fraction(3, 8)}
    expected = sum(a * c for a, c in amounts.items())
    limits.set_memory_budget(64 * 1024**2)
    tracemalloc.start()
    try:
        bank = distribution_of_amounts(amounts, 10, 100_000_000, exact=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        limits.set_memory_budget(None)
    assert peak < 64 * 1024**2
    assert bank.ruin == 0 and sum(bank.chances) == 1
    assert bank.mean == 100_000_000 + 10 * expected
    small = distribution_of_amounts(amounts, 10, 10_000, exact=True)  # the same shape
    assert list(bank.banks - 100_000_000) == list(small.banks - 10_000)


def test_the_cli_answers_a_start_of_10_to_the_8_within_a_budget_of_1g(capsys):
    code, out, err = run_cli(
        capsys, "payout", "--rounds", "10", "--start", "100000000", "--memory-budget", "1G"
    )
    assert code == 0, err
    assert "100,000,0" in out


def test_a_bank_program_past_the_budget_is_refused_naming_start_and_rounds():
    from pokerdice_stats.games.progressive.exact.bank import distribution_of_amounts

    amounts = {-1: Fraction(1, 2), 10**14: Fraction(1, 2)}
    for exact in (True, False):
        with pytest.raises(LimitError, match="start 100") as refused:  # Python's names
            distribution_of_amounts(amounts, 10, 100, exact=exact)
        assert "rounds 10" in str(refused.value)
        assert "set_memory_budget(SIZE)" in str(refused.value)
        with command_line(), pytest.raises(LimitError, match="--start 100") as refused:
            distribution_of_amounts(amounts, 10, 100, exact=exact)
        assert "--rounds 10" in str(refused.value) and "--memory-budget" in str(refused.value)
    with pytest.raises(OptionError, match="10\\*\\*15"):
        distribution_of_amounts({-1: Fraction(1, 2), 10**16: Fraction(1, 2)}, 10, 100)


# 4. tracebacks: huge amounts, deep nesting, long integers, wide cells, closed output


def test_amounts_with_huge_denominators_are_refused_and_fine_ones_answered(capsys, tmp_path):
    huge = _schedule(tmp_path, "huge.csv", "600", "7/" + "9" * 3990)
    assert_cli_error(capsys, ["payout", "--schedule", str(huge)], "a denominator past 10**40")
    assert_cli_error(capsys, ["chances", "--goal", "beat:KKJT9,tie=1e-41"], "tie")
    fine = _schedule(tmp_path, "fine.csv", "600", "7/" + "9" * 40)
    code, _, err = run_cli(capsys, "payout", "--schedule", str(fine), "--format", "json")
    assert code == 0, err
    assert limits.exact_number("1e-40") == Fraction(1, 10**40)


@pytest.mark.parametrize("amount", ["1e160", "1e101", "-1e309", "1" + "0" * 101])
def test_huge_schedule_pays_are_refused(capsys, tmp_path, amount):
    path = _schedule(tmp_path, "big.csv", "600", amount)
    assert_cli_error(capsys, ["payout", "--schedule", str(path)], "10**100")


@pytest.mark.parametrize("target", ["1e309", "1e101", "1" + "0" * 200])
def test_huge_targets_are_refused(capsys, target):
    assert_cli_error(capsys, ["payout", "--solve", "scale", "--target", target], "10**100")


def test_amounts_up_to_the_bound_are_answered_without_overflow(capsys, tmp_path):
    path = _schedule(tmp_path, "b100.csv", "600", "1e100")
    code, out, err = run_cli(capsys, "payout", "--schedule", str(path), "--breakdown")
    assert code == 0, err
    assert "inf" not in out.split() and "nan" not in out.split()


@pytest.mark.parametrize("value", ['"1e309"', "1e309", '"-1e101"'])
def test_huge_points_are_refused(capsys, tmp_path, value):
    path = tmp_path / "points.toml"
    path.write_text(f"one-pair = {value}\n")
    assert_cli_error(capsys, ["chances", "--goal", f"score:{path}"], "one-pair")


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("kind", ["rules", "points", "schedule"])
@pytest.mark.parametrize("depth", [33, 500, 100_000])
def test_deeply_nested_files_are_refused_before_parsing(capsys, tmp_path, kind, depth):
    if kind == "rules":
        path = tmp_path / "house.toml"
        path.write_text(f'preset = "classic"\nx = {_deep(depth)}\n')
        argv = ["classify", "KKJT9", "--rules", str(path)]
    elif kind == "points":
        path = tmp_path / "points.toml"
        path.write_text(f"one-pair = {_deep(depth)}\n")
        argv = ["chances", "--goal", f"score:{path}"]
    else:
        path = tmp_path / "old.toml"
        path.write_text(f"[payout.full-house]\nhigh-die = {_deep(depth)}\n")
        argv = ["payout", "--schedule", str(path)]
    assert_cli_error(capsys, argv, "32 deep")


def test_nesting_in_strings_and_comments_does_not_count():
    text = 'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["  # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'
    assert bounds.nesting_depth(text * 3 + "b = [[1], [2]]\n") == 2
    assert bounds.nesting_depth("c = '''\n" + "{" * 50 + "\n'''\n") == 0
    assert bounds.nesting_depth(_deep(40)) > bounds.MAX_NESTING


@pytest.mark.parametrize("kind", ["rules", "points", "schedule"])
def test_integers_of_5000_digits_are_refused_before_parsing(capsys, tmp_path, kind):
    digits = "9" * 5000
    if kind == "rules":
        path = tmp_path / "house.toml"
        path.write_text(f'preset = "classic"\nthrows = {digits}\n')
        argv = ["classify", "KKJT9", "--rules", str(path)]
    elif kind == "points":
        path = tmp_path / "points.toml"
        path.write_text(f"one-pair = {digits}\n")
        argv = ["chances", "--goal", f"score:{path}"]
    else:
        path = tmp_path / "old.toml"
        path.write_text(f"[payout.full-house]\nhigh-die = {digits}\n")
        argv = ["payout", "--schedule", str(path)]
    assert_cli_error(capsys, argv, "4000 digits")


@pytest.mark.parametrize("width", [bounds.MAX_FIELD + 1, 131_072, 200_000])
def test_wide_csv_cells_are_refused(capsys, tmp_path, width):
    path = _schedule(tmp_path, "wide.csv", "600", "9" * width)
    assert_cli_error(capsys, ["payout", "--schedule", str(path)], "10,000 characters")


def test_a_closed_standard_output_is_one_message_and_status_2():
    done = subprocess.run(
        [sys.executable, "-m", "pokerdice_stats", "classify", "KKJT9"],
        env=_env(),
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=HANG,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "pokerdice-stats: error: standard output is closed; nothing was written"
    ]


def test_a_closed_standard_error_still_gives_status_2_and_nothing_on_stdout():
    done = subprocess.run(
        f"exec '{sys.executable}' -m pokerdice_stats classify KKJ 2>&-",
        shell=True,
        env=_env(),
        stdout=subprocess.PIPE,
        text=True,
        timeout=HANG,
    )
    assert done.returncode == 2 and done.stdout == ""


def test_a_full_standard_output_is_one_message_and_status_2():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")  # pragma: no cover
    with open("/dev/full", "w") as full:
        done = _command(
            "odds", "--by", "hand", capture_output=False, stdout=full, stderr=subprocess.PIPE
        )
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "standard output" in lines[0] and "No space left" in lines[0]


# 5. FIFOs: never opened as outputs or inputs


@pytest.mark.parametrize(
    "argv",
    [
        ["payout", "--schedule-out", "{fifo}"],
        ["banking", "--players", "2", "--out", "{fifo}"],
        ["strategy", "--goal", "at-least:full-house", "--out", "{dir}"],
    ],
)
def test_fifo_outputs_are_refused_without_waiting(tmp_path, argv):
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    (tmp_path / "strategy").mkdir()
    os.mkfifo(tmp_path / "strategy" / "at-least_full-house.csv")
    argv = [a.format(fifo=fifo, dir=tmp_path / "strategy") for a in argv]
    done = _command(*argv)  # a hang is a timeout, not a pass
    assert done.returncode == 2, done.stderr[-300:]
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "not a regular file" in lines[0], done.stderr[-300:]


def test_a_fifo_in_place_of_a_strategy_chart_is_neither_read_nor_written(tmp_path):
    folder = tmp_path / "charts"
    folder.mkdir()
    os.mkfifo(folder / "at-least_full-house.png")  # its digest would be read first
    done = _command("strategy", "--goal", "at-least:full-house", "--out", str(folder))
    assert done.returncode == 2, done.stderr[-300:]
    assert "not a regular file" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_fifo_among_the_report_files_is_refused(tmp_path):
    (tmp_path / "odds").mkdir()
    os.mkfifo(tmp_path / "odds" / "gameweave_by_category.csv")
    done = _command(
        "report", "--out", str(tmp_path), "--section", "odds_tables", "--workers", "1",
        "--no-cache", "--no-progress",
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-300:]
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_written_files_replace_the_old_one_whole_with_its_mode(tmp_path):
    path = tmp_path / "kept.csv"
    path.write_text("old\n")
    path.chmod(0o640)
    outputs.write_output(path, "new\n")
    assert path.read_text() == "new\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["kept.csv"]  # no temporary file left


def test_a_full_disk_names_the_path_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(outputs.os, "replace", full)
    path = tmp_path / "table.csv"
    with pytest.raises(OutputError, match=r"table\.csv") as refused:
        outputs.write_output(path, "x\n", "schedule file")
    assert "No space left on device" in str(refused.value)
    assert list(tmp_path.iterdir()) == []


def test_input_files_swapped_for_a_fifo_are_not_waited_on(tmp_path):
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)
    with pytest.raises(LimitError, match="not a regular file"):
        limits.read_text_capped(fifo, "rule file")


# 7. messages: long amounts, the match bound, one rule for blanks in numbers


@pytest.mark.parametrize(
    "argv",
    [
        ["payout", "--solve", "scale", "--target", "9" * 5000],
        ["betting", "--ante", "9" * 5000],
        ["chances", "--goal", "beat:KKJT9,tie=" + "9" * 5000],
    ],
)
def test_a_5000_digit_amount_gives_a_short_clean_message(capsys, argv):
    line = assert_cli_error(capsys, argv, "a number of 5000 characters")
    assert len(line) < 500
    assert "9" * 61 not in line


def test_match_targets_are_bounded_per_player_count_in_help_and_refusal(capsys):
    from pokerdice_stats.games.seen.exact.matches import MAX_STATES
    from pokerdice_stats.turn.rules import MAX_TARGET

    tops = {n: bounds.largest_match_target(n, MAX_TARGET) for n in range(2, 6)}
    assert tops == {2: 50, 3: 32, 4: 12, 5: 7}
    for n, top in tops.items():  # the bound is the solver's real one
        assert top**n * n <= MAX_STATES and (top == MAX_TARGET or (top + 1) ** n * n > MAX_STATES)
    with pytest.raises(SystemExit):
        run_cli(capsys, "match", "--help")
    help_text = " ".join(capsys.readouterr().out.split())
    assert "1 to 50 for 2 players, 32 for 3, 12 for 4, 7 for 5" in help_text
    for n, top in tops.items():
        if top < MAX_TARGET:
            assert_cli_error(
                capsys,
                ["match", "--players", str(n), "--to", str(top + 1)],
                f"at most {top} for {n} players",
            )


@pytest.mark.parametrize(
    "argv",
    [
        ["betting", "--ante", " 2"],
        ["betting", "--ante", "2 "],
        ["classify", "KKJT9", "--set", "throws= 2"],
        ["classify", "KKJT9", "--set", "throws=2 "],
        ["payout", "--solve", "scale", "--target", " 3"],
        ["chances", "--goal", "beat:KKJT9,tie=1/2 "],
    ],
)
def test_blanks_around_numbers_are_refused_everywhere(capsys, argv):
    assert_cli_error(capsys, argv, "error")
    code, _, err = run_cli(capsys, *[a.replace(" ", "") for a in argv])
    assert code == 0, err


def test_blanks_around_csv_amounts_are_refused_and_a_plain_cell_is_read(capsys, tmp_path):
    assert_cli_error(
        capsys,
        ["payout", "--schedule", str(_schedule(tmp_path, "sp.csv", ",6,24", ", 6,24"))],
        "no spaces",
    )
    code, _, err = run_cli(capsys, "payout", "--schedule", str(_schedule(tmp_path, "ok.csv")))
    assert code == 0, err


def test_exact_number_states_its_bounds():
    assert limits.exact_number("1e100") == 10**100
    assert limits.exact_number(f"-{10**100}") == -(10**100)
    for text in (" 3", "3 ", "+3", "1_0"):
        with pytest.raises(ValueError, match="not an exact number"):
            limits.exact_number(text)
    for text in ("1e101", f"{10**100 + 1}", "9" * 4001):
        with pytest.raises(LimitError):
            limits.exact_number(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (" 3", "(no spaces)"),
        ("+3", "(no plus sign)"),
        ("1_0", "(no underscores)"),
        ("1e0001", "(an exponent of at most 3 digits)"),
        ("\u0663", "(ASCII digits only)"),
        ("1/0", "(a zero denominator)"),
        ("1e101", "; '1e101' is larger than 10**100"),
    ],
)
def test_exact_amount_names_the_slip(text, reason):
    class Refused(ValueError):
        pass

    with pytest.raises(Refused) as caught:
        limits.exact_amount(text, "a stake such as 1", Refused)
    assert reason in str(caught.value)
    assert str(caught.value).startswith("a stake such as 1")
    assert limits.exact_amount("-0.25", "a stake", Refused) == Fraction(-1, 4)


# every count bounded: threads and antes of simulations


@pytest.mark.parametrize("workers", ["257", str(2**64)])
def test_simulation_threads_are_bounded(capsys, workers):
    assert_cli_error(
        capsys, ["simulate", "--n", "100", "--no-progress", "--workers", workers], "at most 256"
    )


def test_progressive_sessions_past_the_exact_tally_are_refused_not_wrapped(capsys, tmp_path):
    def argv(pay: int, start: int, rounds: int = 5) -> list[str]:
        path = _schedule(tmp_path, f"pay{pay}.csv", "600", str(pay))
        head = ["simulate", "--what", "session", "--rules", "progressive", "--no-progress"]
        tail = ["--n", "20", "--rounds", str(rounds), "--start", str(start)]
        return [*head, "--schedule", str(path), *tail]

    # banks that could pass 2**62 are refused; pays are tallied by count, so a pay's square
    # never overflows and huge pays are answered
    assert_cli_error(capsys, argv(10**15, 10**15, 10_000), "64-bit", "fewer rounds")
    for pay, start in ((10**12, 10**15), (10**6, 10**7)):
        code, out, err = run_cli(capsys, *argv(pay, start))
        assert code == 0, err
        assert "0  (95% CI 0 .. 0," not in out  # the payout's interval is not collapsed


@pytest.mark.parametrize("rules", ["progressive", "banking", "triple-snakes"])
def test_samples_whose_kept_rows_outgrow_the_budget_are_refused_first(capsys, rules):
    assert_cli_error(
        capsys,
        ["simulate", "--what", "session", "--rules", rules, "--n", str(10**10), "--no-progress",
         "--memory-budget", "1G"],
        "--n", "--memory-budget",
    )  # fmt: skip


# long calls into libraries that never look at Ctrl-C (HiGHS) wait in a thread


def test_call_interruptibly_returns_raises_and_ends_at_ctrl_c():
    import threading

    from pokerdice_stats.ground.interrupts import SEEN, call_interruptibly

    assert call_interruptibly(divmod, 7, 2) == (3, 1)
    with pytest.raises(ZeroDivisionError):
        call_interruptibly(divmod, 1, 0)
    never = threading.Event()
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call_interruptibly(never.wait)  # a call that would never return
    finally:
        never.set()
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
        SEEN.clear()
    assert time.monotonic() - started < EXIT_WITHIN


SWALLOWS_CTRL_C = """
import sys, time
from pokerdice_stats.ground.interrupts import arm_last_resort, install
arm_last_resort()
install()
while True:  # a library that swallows every KeyboardInterrupt and never looks at the flag
    try:
        print("ready", flush=True)  # in the try: the one SIGINT lands inside it
        while True:
            time.sleep(0.05)
    except KeyboardInterrupt:
        pass
"""


@pytest.mark.parametrize("armed", [True, False])
def test_a_swallowed_ctrl_c_still_ends_a_command_line_process(armed):
    from pokerdice_stats.ground.interrupts import LAST_RESORT_SECONDS

    code = SWALLOWS_CTRL_C if armed else SWALLOWS_CTRL_C.replace("arm_last_resort()\n", "")
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        if armed:
            _, err = proc.communicate(timeout=EXIT_WITHIN + 5)
            assert proc.returncode == 130
            assert time.monotonic() - sent < EXIT_WITHIN
            assert err.strip().splitlines() == ["pokerdice-stats: interrupted"]
        else:  # not armed (a library call, a test's own process): nothing ends it
            with pytest.raises(subprocess.TimeoutExpired):
                proc.wait(timeout=LAST_RESORT_SECONDS + 0.5)
    finally:
        proc.kill()
        proc.communicate()


def test_a_ctrl_c_python_can_only_ignore_is_not_printed():
    # SIGINT landing in a callback of the import system: Python reports the
    # KeyboardInterrupt as "Exception ignored ... Traceback" on stderr; the flag keeps the
    # interrupt, so nothing is printed (a command's Ctrl-C never shows a traceback)
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import gc, sys, weakref
        from pokerdice_stats.ground import interrupts
        interrupts.install()

        class Thing:
            pass

        def callback(ref):
            raise {error}

        thing = Thing()
        ref = weakref.ref(thing, callback)
        {seen}
        del thing
        gc.collect()
        print("after")
        """
    )
    quiet = script.format(error="KeyboardInterrupt", seen="interrupts.SEEN.set()")
    done = subprocess.run([sys.executable, "-c", quiet], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "after\n" and done.stderr == ""
    # anything else, and a KeyboardInterrupt with no Ctrl-C seen, is still reported
    for error, seen in (("ValueError('boom')", "interrupts.SEEN.set()"), ("KeyboardInterrupt", "")):
        loud = script.format(error=error, seen=seen)
        done = subprocess.run([sys.executable, "-c", loud], capture_output=True, text=True)
        assert "Exception ignored" in done.stderr, (error, done.stderr)


def _main_running(monkeypatch, command) -> int:
    """``cli.main([])`` with ``command`` as the command, the Ctrl-C flag and handler restored."""
    import argparse

    from pokerdice_stats import cli
    from pokerdice_stats.ground.interrupts import SEEN

    parser = argparse.ArgumentParser()
    parser.set_defaults(func=command)
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    handler = signal.getsignal(signal.SIGINT)
    try:
        return cli.main([])
    finally:
        SEEN.clear()
        signal.signal(signal.SIGINT, handler)


@pytest.mark.parametrize("outcome", ["finished", "refused", "broken import", "interrupted"])
def test_a_ctrl_c_seen_during_a_command_ends_it_with_130(monkeypatch, capsys, outcome):
    # a Ctrl-C a library swallowed, or turned into an error on its way out: a SIGINT landing
    # while a C extension initialises (matplotlib's ft2font) comes out of the import as
    # "ImportError: initialization failed", and the coach calls that a missing web extra
    from pokerdice_stats.ground.errors import OptionError
    from pokerdice_stats.ground.interrupts import SEEN

    def command(args):
        SEEN.set()
        if outcome == "refused":
            raise OptionError("the coach needs the web extra")
        if outcome == "broken import":
            raise ImportError("initialization failed")
        print("the whole answer")
        return 130 if outcome == "interrupted" else 0  # a command that said so itself

    assert _main_running(monkeypatch, command) == 130
    err = capsys.readouterr().err
    said = [] if outcome == "interrupted" else ["pokerdice-stats: interrupted"]
    assert err.strip().splitlines() == said  # one line, never the error the Ctrl-C caused


def test_an_error_with_no_ctrl_c_is_not_hidden_as_one(monkeypatch):
    def broken(args):
        raise ImportError("boom")

    with pytest.raises(ImportError, match="boom"):  # a defect: its traceback
        _main_running(monkeypatch, broken)


#: The console script loading the command line while a Ctrl-C arrives: a library swallows
#: the KeyboardInterrupt (the flag alone is left), or the C extension it cut short fails.
CTRL_C_WHILE_LOADING = {
    "swallowed": "return None",
    "broken import": "raise ImportError('initialization failed')",
}


@pytest.mark.parametrize("what", list(CTRL_C_WHILE_LOADING))
def test_a_ctrl_c_while_loading_ends_with_130(what):
    script = (
        "import sys\n"
        "from pokerdice_stats import console\n"
        "from pokerdice_stats.ground import interrupts\n"
        "class Loading:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pokerdice_stats.cli':\n"
        "            interrupts.SEEN.set()\n"
        f"            {CTRL_C_WHILE_LOADING[what]}\n"
        "sys.meta_path.insert(0, Loading())\n"
        "sys.argv = ['pokerdice-stats', 'odds']\n"
        "console.entry()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=_env(), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 130, done.stderr
    assert done.stdout == ""
    assert done.stderr.strip() == "pokerdice-stats: interrupted before the command started"
