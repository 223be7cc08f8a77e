"""Charts drawn only when their inputs change (``engines/report/drawn_once.py``)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from PIL import Image

from pokerdice_stats.engines.report import save_figure
from pokerdice_stats.engines.report.drawn_once import (
    DIGEST_KEY,
    drawn_digest,
    drawn_once,
    inputs_digest,
)

ROOT = Path(__file__).resolve().parents[1]

#: How many times each chart below was drawn.
DRAWN: list[str] = []


@drawn_once
def _bars(frame: pd.DataFrame, title: str, path: Path) -> Path:
    DRAWN.append(title)
    fig = Figure(figsize=(2, 1.5))
    fig.subplots().bar(range(len(frame)), frame["win"])
    fig.suptitle(title)
    save_figure(fig, path, dpi=40, metadata={"Software": None})
    return path


def test_a_chart_is_drawn_again_only_when_an_input_changes(tmp_path):
    DRAWN.clear()
    path = tmp_path / "chart.png"
    frame = pd.DataFrame({"win": [0.5, 0.25]})
    assert _bars(frame, "first", path) == path
    written = path.read_bytes()
    with Image.open(path) as image:
        assert image.info[DIGEST_KEY] == drawn_digest(path)
    assert _bars(frame.copy(), "first", path) == path  # the same inputs: kept
    assert DRAWN == ["first"] and path.read_bytes() == written
    _bars(frame.assign(win=[0.5, 0.26]), "first", path)  # one number changed
    _bars(frame, "second", path)  # the title changed
    assert DRAWN == ["first", "first", "second"]
    path.write_bytes(written[: len(written) // 2])  # a damaged file is drawn again
    _bars(frame, "second", path)
    assert DRAWN[-1] == "second" and len(DRAWN) == 4
    assert drawn_digest(path) is not None


def test_the_same_picture_with_and_without_its_digest(tmp_path):
    """The digest is a text chunk: the pixels are those of the chart saved without it."""
    frame = pd.DataFrame({"win": [0.5, 0.25, 0.125]})
    marked = _bars(frame, "pixels", tmp_path / "marked.png")
    fig = Figure(figsize=(2, 1.5))
    fig.subplots().bar(range(len(frame)), frame["win"])
    fig.suptitle("pixels")
    plain = save_figure(fig, tmp_path / "plain.png", dpi=40, metadata={"Software": None})
    with Image.open(marked) as a, Image.open(plain) as b:
        assert np.array_equal(np.asarray(a), np.asarray(b))
        assert DIGEST_KEY in a.info and DIGEST_KEY not in b.info


class _Pair(NamedTuple):
    low: int
    high: int


class _Other(NamedTuple):
    first: int
    second: int


@dataclasses.dataclass(frozen=True)
class _Result:
    counts: np.ndarray
    share: Fraction


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (1, 1.0),  # an int is not its float
        (np.arange(3), np.arange(3).astype(np.int32)),  # nor an array its other type
        (np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2)),
        (pd.DataFrame({"a": [1]}), pd.DataFrame({"b": [1]})),
        (_Result(np.arange(2), Fraction(1, 3)), _Result(np.arange(2), Fraction(1, 4))),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # the order a chart reads them in
        ([1, 2], (1, 2)),
        ("1", 1),
        ([[1, 2], 3], [[1], 2, 3]),  # nesting
        (["ab", "c"], ["a", "bc"]),  # where one piece ends
        # in a frame: an empty text, None and NaN; a fraction and its text
        (pd.DataFrame({"a": [""]}, dtype=object), pd.DataFrame({"a": [None]}, dtype=object)),
        (pd.DataFrame({"a": [None]}, dtype=object), pd.DataFrame({"a": [float("nan")]})),
        (pd.DataFrame({"a": [Fraction(1, 3)]}), pd.DataFrame({"a": ["1/3"]})),
        (pd.DataFrame({"a": [1]}, index=[0]), pd.DataFrame({"a": [1]}, index=["0"])),
        (pd.DataFrame({0: [1]}), pd.DataFrame({"0": [1]})),  # a column's label
        (pd.Series([1], name="a"), pd.DataFrame({"a": [1]})),
        (_Pair(1, 2), _Other(1, 2)),  # named tuples of other fields
        (
            np.zeros(1, dtype=[("a", "<i8")]),
            np.zeros(1, dtype=[("b", "<i8")]),
        ),  # structured arrays of other fields
        # long columns are read at once (``_one_kind``): their kind, items and boundaries
        ([1] * 8, [1.0] * 8),
        ([1] * 8, [True] * 8),
        ([1] * 8, [1] * 7 + [1.0]),  # a run of one kind, and a mixed list item by item
        ([0.5] * 8, [0.5] * 7 + [0.25]),
        ([0.0] * 8, [0.0] * 7 + [-0.0]),
        (["ab", "c"] * 4, ["a", "bc"] * 4),
        (["a"] * 8, ["a"] * 7 + [None]),
        ([2**62] * 8, [2**62] * 7 + [2**62 + 1]),
        ([2**70] * 8, [2**70] * 7 + [2**70 + 1]),  # past int64: item by item
        (pd.DataFrame({"a": range(9)}), pd.DataFrame({"a": [float(i) for i in range(9)]})),
        (["\ud800"] * 8, ["\ud801"] * 8),  # text no codec takes as it is
        ([Fraction(1, 3)] * 8, [Fraction(1, 3)] * 7 + [Fraction(1, 4)]),
        ([Fraction(1, 3)] * 8, ["1/3"] * 8),
        ([Fraction(12, 3)] * 8, [Fraction(1, 23)] * 8),
    ],
)
def test_inputs_that_differ_have_different_digests(one, other):
    assert inputs_digest(one) != inputs_digest(other)
    assert inputs_digest(one) == inputs_digest(one)


def test_a_change_of_a_module_the_chart_imports_draws_it_again(tmp_path, monkeypatch):
    """The digest covers the sources of the package's modules a chart's module imports
    (here ``engines.report``, whose ``save_figure`` the chart calls): one changed, the
    chart is drawn again."""
    from pokerdice_stats.engines.report import drawn_once as module

    DRAWN.clear()
    path = tmp_path / "chart.png"
    frame = pd.DataFrame({"win": [0.5]})
    _bars(frame, "dependency", path)
    _bars(frame, "dependency", path)
    assert DRAWN == ["dependency"]
    real = module._file_digest

    def changed(name: str) -> str:
        return "changed" if name == "pokerdice_stats.engines.report" else real(name)

    monkeypatch.setattr(module, "_file_digest", changed)
    module.code_digest.cache_clear()
    try:
        _bars(frame, "dependency", path)
    finally:
        module.code_digest.cache_clear()
    assert DRAWN == ["dependency", "dependency"]


def test_an_input_the_digest_cannot_read_is_refused(tmp_path):
    with pytest.raises(TypeError, match="not one of the kinds read"):
        inputs_digest(object())
    with pytest.raises(TypeError, match="masked"):
        inputs_digest(np.ma.masked_array([1, 2], mask=[0, 1]))
    with pytest.raises(TypeError):
        _bars(pd.DataFrame({"win": [1.0]}), object(), tmp_path / "never.png")
    assert not (tmp_path / "never.png").exists()


#: Drawn on every run: the printable cards, saved as PNG and PDF from one figure.
DRAWN_EVERY_RUN = {"progressive_pay_card.png", "progressive_strategy_card.png"}


def test_every_committed_chart_of_the_report_carries_its_digest():
    """So that the main job in a fresh clone draws none of them again (they are drawn
    only when what they show changed, and then carry the new digest)."""
    charts = sorted((ROOT / "results").rglob("*.png"))
    assert len(charts) > 60
    missing = [path.name for path in charts if drawn_digest(path) is None]
    assert sorted(missing) == sorted(DRAWN_EVERY_RUN)


def test_the_report_draws_no_committed_chart_again(tmp_path, monkeypatch):
    """Sections of the main job run into a copy of the committed files draw none of their
    charts: every digest the report works out is the one it committed, so nothing in a
    chart's inputs changes from one run to the next."""
    import shutil

    from matplotlib.figure import Figure as MatplotlibFigure

    from pokerdice_stats.report import run_report

    out = tmp_path / "results"
    shutil.copytree(ROOT / "results", out)
    drawn: list[str] = []
    real = MatplotlibFigure.savefig

    def counted(self, target, *args, **kwargs):
        drawn.append(Path(target).name if isinstance(target, str | Path) else "a buffer")
        return real(self, target, *args, **kwargs)

    monkeypatch.setattr(MatplotlibFigure, "savefig", counted)
    run_report(out, ("games_tables", "betting_sessions"), progress=False, workers=1, use_cache=True)
    assert drawn == []
    for name in ("rounds_by_seat.png", "matches.png", "betting_sessions.png"):
        found = next(out.rglob(name))
        assert found.read_bytes() == (ROOT / "results" / found.relative_to(out)).read_bytes()
