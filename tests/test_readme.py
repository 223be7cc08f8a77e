"""The README holds: every command of its quick tour runs, and its Python examples show
what they say.

The quick tour's commands are read from the README's ``## Quick tour`` block and run in
process, each in a fresh folder (``results/`` read from this checkout): a command that reads
a file an earlier command of the tour writes (``--schedule-out fair.csv`` then ``--compare
004 fair.csv``) runs that earlier command first. The ``>>>`` examples of the README's
``python`` blocks run as doctests.
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from pokerdice_stats import cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(heading: str, language: str) -> str:
    """The first ``language`` code block under the ``heading`` of the README."""
    section = README.split(f"\n{heading}\n", 1)[1]
    match = re.search(rf"```{language}\n(.*?)```", section, re.S)
    assert match, f"no {language} block under {heading!r}"
    return match.group(1)


def _tour() -> list[list[str]]:
    commands = []
    for line in _block("## Quick tour", "bash").splitlines():
        words = shlex.split(line, comments=True)
        if words:
            assert words[0] == "pokerdice-stats", line
            commands.append(words[1:])
    return commands


TOUR = _tour()
#: Options whose value is a file the command writes.
WRITES = ("--schedule-out", "--out")


def _writer_of(name: str, before: int) -> list[str] | None:
    """The first tour command before index ``before`` that writes the file ``name``."""
    for argv in TOUR[:before]:
        for option in WRITES:
            if option in argv and argv[argv.index(option) + 1] == name:
                return argv
    return None


def _run(argv: list[str]) -> int:
    try:
        return cli.main(argv)
    except SystemExit as exit_:  # argparse's own refusals
        return int(exit_.code or 0)


def test_the_tour_is_read():
    assert len(TOUR) >= 30
    assert ["rules", "list"] in TOUR


def _tour_params() -> list:
    """The tour's commands; ``rules compare`` shares a process with ``tests/test_rules_compare.py``
    (``--dist loadgroup``), which asks the same comparison, so it is solved once."""
    return [
        pytest.param(i, marks=pytest.mark.xdist_group("rules_compare"))
        if argv[:2] == ["rules", "compare"]
        else i
        for i, argv in enumerate(TOUR)
    ]


@pytest.mark.parametrize("index", _tour_params(), ids=lambda i: " ".join(TOUR[i])[:60])
def test_quick_tour_command_runs(index, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = [str(ROOT / word) if word.startswith("results/") else word for word in TOUR[index]]
    for word in argv:
        writer = _writer_of(word, index)
        if writer is not None and not (tmp_path / word).exists():
            assert _run(writer) == 0, writer
    code = _run(argv)
    out, err = capsys.readouterr()
    assert code == 0, (argv, err)
    assert out.strip(), argv
    assert "Traceback" not in err
    if "--format" not in argv:  # a plain answer fits a terminal of 100 columns
        wide = [line for line in out.splitlines() if len(line) > 100]
        assert not wide, wide[:3]


def test_python_examples():
    """Each Python block of the README runs alone, as a reader copies it: its own imports,
    nothing from the blocks before it."""
    blocks = [b for b in re.findall(r"```python\n(.*?)```", README, re.S) if ">>>" in b]
    assert sum(b.count(">>>") for b in blocks) >= 10, "the README shows the Python API"
    parser = doctest.DocTestParser()
    for number, block in enumerate(blocks, start=1):
        test = parser.get_doctest(block, {}, f"README block {number}", str(ROOT / "README.md"), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.failed == 0 and result.attempted == block.count(">>>"), block[:200]


def test_schedule_file_example_is_the_main_jobs_file():
    """The README's example of a schedule file is ``results/games/progressive_schedule.csv``
    as the main job writes it, byte for byte."""
    shown = _block("### Schedule files", "csv")
    assert shown == (ROOT / "results/games/progressive_schedule.csv").read_text(encoding="utf-8")


def test_crosscheck_figure_count_is_the_published_one():
    """The number of figures the README gives for ``crosscheck``'s bound is the number of
    rows of ``results/simulation/crosscheck.csv``."""
    quoted = re.search(r"3\.91 for its ([\d,]+) figures", README)
    assert quoted, "the crosscheck bound's sentence is gone from the README"
    rows = (ROOT / "results/simulation/crosscheck.csv").read_text(encoding="utf-8").splitlines()
    assert int(quoted.group(1).replace(",", "")) == len(rows) - 1  # one header row
