"""Execute every notebook in ``notebooks/`` and compare what it shows with what is committed.

Each notebook is committed executed, so a reader sees its tables and charts without running
it.  Running it again must give the same outputs: a notebook whose committed tables the code
no longer prints (or whose charts were lost) fails here.  Outputs are compared as a reader
sees them: the text of each cell's streams and displays (a pandas ``Styler``'s generated
element ids and objects' memory addresses are not part of what is shown), and the number of
images (their bytes depend on the machine's fonts).  A cell tagged ``varies`` (timings) is
run but not compared.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))

#: The tag of a cell whose outputs change from run to run (wall-clock timings).
VARIES = "varies"

#: A line that shows a chart (not the line defining a helper that does).
PLOTS = re.compile(r"^(?!\s*def ).*(plt\.show\(\)|show_figure\()", re.M)

_STYLER_ID = re.compile(r"T_[0-9a-f]{5}(_[a-z0-9_]+)?")
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def shown(cell) -> list[str]:
    """What a code cell shows: streams joined by name, then each display's text; images
    as a placeholder (``[image]``)."""
    parts: list[str] = []
    streams: dict[str, str] = {}
    for output in cell.get("outputs", []):
        kind = output.get("output_type")
        if kind == "stream":
            streams[output["name"]] = streams.get(output["name"], "") + output["text"]
            continue
        if kind == "error":
            parts.append(f"[error] {output.get('ename')}: {output.get('evalue')}")
            continue
        data = output.get("data", {})
        if "image/png" in data or "image/svg+xml" in data:
            parts.append("[image]")
        elif "text/markdown" in data:
            parts.append(data["text/markdown"])
        elif "text/html" in data:
            parts.append(_STYLER_ID.sub("T_", data["text/html"]))
        elif "text/plain" in data:
            parts.append(_ADDRESS.sub("", data["text/plain"]))
    return [f"[{name}] {text}" for name, text in sorted(streams.items())] + parts


def test_shown_reads_streams_displays_and_images():
    cell = {
        "outputs": [
            {"output_type": "stream", "name": "stdout", "text": "a "},
            {"output_type": "display_data", "data": {"image/png": "xyz", "text/plain": "F"}},
            {"output_type": "stream", "name": "stdout", "text": "b\n"},
            {"output_type": "execute_result", "data": {"text/plain": "<Styler at 0x7f01>"}},
            {"output_type": "display_data", "data": {"text/html": '<table id="T_1a2b3_row0">'}},
        ]
    }
    assert shown(cell) == ["[stdout] a b\n", "[image]", "<Styler>", '<table id="T_">']


def test_plots_finds_a_chart_shown_not_a_helper_defined():
    assert PLOTS.search("fig, ax = plt.subplots()\nplt.show()")
    assert PLOTS.search("show_figure(fig)")
    assert not PLOTS.search("def show_figure(fig):\n    fig.savefig(buffer)")


def test_there_are_notebooks():
    assert any(p.name == "01_hand_odds.ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_and_shows_what_is_committed(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")  # a notebook's `%matplotlib inline` still draws
    committed = nbformat.read(path, as_version=4)
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    stale = []
    for index, (was, now) in enumerate(zip(committed.cells, notebook.cells, strict=True)):
        if now.cell_type != "code" or VARIES in now.get("metadata", {}).get("tags", []):
            continue
        if shown(was) != shown(now):
            stale.append(index)
    assert not stale, f"{path.name}: cells {stale} show other outputs than committed"
    plots = [
        index
        for index, cell in enumerate(committed.cells)
        if cell.cell_type == "code" and PLOTS.search(cell.source)
    ]
    assert all("[image]" in shown(committed.cells[i]) for i in plots), path.name
