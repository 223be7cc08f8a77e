"""``results/index.html``: every table, chart and CSV of the results folder on one page."""

from __future__ import annotations

import re
from pathlib import Path

from pokerdice_stats.report.index_page import (
    INDEX_NAME,
    README_NAME,
    group_of,
    item_id,
    write_index,
)

RESULTS = Path(__file__).resolve().parents[1] / "results"


def _results(folder: Path) -> Path:
    (folder / "games").mkdir(parents=True)
    (folder / "strategy" / "banking").mkdir(parents=True)
    (folder / "benchmarks").mkdir()
    (folder / "games" / "betting.md").write_text(
        "# Betting\n\nSee [the holds](../strategy/banking.md) and "
        "[a chart](../strategy/banking/x.png).\n\n| seat | ev |\n|---|---|\n| 1 | 0.25 |\n",
        encoding="utf-8",
    )
    (folder / "games" / "betting.csv").write_text("seat,ev\n1,0.25\n", encoding="utf-8")
    (folder / "strategy" / "banking.md").write_text("# Banking\n\ntext\n", encoding="utf-8")
    (folder / "strategy" / "banking" / "x.png").write_bytes(b"\x89PNG fake")
    (folder / "benchmarks" / "banking.md").write_text("# speed\n", encoding="utf-8")
    (folder / ".hidden").write_text("not listed", encoding="utf-8")
    return folder


def test_the_page_renders_tables_and_links_every_file(tmp_path):
    out = _results(tmp_path / "results")
    page = write_index(out).read_text(encoding="utf-8")
    assert "<table>" in page and "<td>0.25</td>" in page
    for path in ("games/betting.csv", "games/betting.md", "strategy/banking/x.png"):
        assert f'"{path}"' in page, path
    assert '<img src="strategy/banking/x.png"' in page
    # a link between Markdown files points at the linked file's place on the page
    assert f'href="#{item_id("strategy/banking")}"' in page
    assert f'id="{item_id("strategy/banking")}"' in page
    # the files' headings sit under the page's own
    assert "<h4>Betting</h4>" in page and "<h1>Betting</h1>" not in page
    assert ".hidden" not in page and "http://" not in page and "https://" not in page
    # the benchmark scripts' figures are linked, not shown
    assert '"benchmarks/banking.md"' in page and "<h4>speed</h4>" not in page


def test_the_page_is_the_same_bytes_every_time(tmp_path):
    out = _results(tmp_path / "results")
    first = write_index(out).read_bytes()
    assert write_index(out).read_bytes() == first  # the page itself is not listed


def test_contents_by_game():
    assert group_of("games/betting_habits") == "Triple Snakes (001): rounds and betting"
    assert group_of("benchmarks/banking") == "Benchmarks"
    assert group_of("games/bidding_odds").startswith("Classic poker dice (003)")
    assert group_of("strategy/banking/equilibrium_2-seats_1").startswith("Banking")


def test_the_committed_page_links_every_chart_and_table():
    page = (RESULTS / INDEX_NAME).read_text(encoding="utf-8")
    linked = set(re.findall(r'(?:href|src)="([^"#:]+)"', page))
    files = {
        p.relative_to(RESULTS).as_posix()
        for p in RESULTS.rglob("*")
        if p.is_file() and p.suffix in (".md", ".csv", ".png") and p.name != README_NAME
    }
    assert files <= linked, sorted(files - linked)[:5]
    listed = set(re.findall(r"\]\(([^)#]+)\)", (RESULTS / README_NAME).read_text(encoding="utf-8")))
    assert all((RESULTS / link).exists() for link in listed), sorted(listed)[:5]
    assert {f for f in files if f.endswith(".md")} <= listed  # every table by its title
    assert all((RESULTS / link).is_file() for link in linked)


def test_the_list_names_every_file_by_its_title(tmp_path):
    from pokerdice_stats.report.index_page import write_readme

    out = _results(tmp_path / "results")
    write_index(out)
    text = write_readme(out).read_text(encoding="utf-8")
    assert "- [Betting](games/betting.md) ([CSV](games/betting.csv))" in text
    # a folder named as a Markdown file (its charts) is listed by that file
    assert "- [Banking](strategy/banking.md) ([its files](strategy/banking/))" in text
    assert "x.png" not in text
    assert "## Benchmarks" in text and "- [speed](benchmarks/banking.md)" in text
    assert README_NAME not in text.split("\n", 3)[3] and "index.html)" in text  # not listed
    assert ".hidden" not in text
    assert write_readme(out).read_text(encoding="utf-8") == text  # the same bytes again
    assert README_NAME not in write_index(out).read_text(encoding="utf-8")
