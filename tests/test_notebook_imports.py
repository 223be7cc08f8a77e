"""The notebooks use only the public API (issue 22, item 7).

Every code cell of every notebook in ``notebooks/`` is parsed (its IPython magics turned
into Python first) and each import of the package checked:

- ``import pokerdice_stats`` (with or without ``as``) is public, and so is each name of
  ``pokerdice_stats.__all__``, whether imported (``from pokerdice_stats import solve``) or
  read as an attribute (``pds.solve``);
- ``from pokerdice_stats.X import ...`` and ``import pokerdice_stats.X`` are public only
  when ``X`` is a module path of the README's "What is in the box" table.

Anything else (``pokerdice_stats.ground.formats``, a deprecated path such as
``pokerdice_stats.indexing``, ``from pokerdice_stats import indexing``) fails the test: make
the name public (``_PUBLIC`` in ``pokerdice_stats/__init__.py``) instead.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

import pokerdice_stats

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pokerdice_stats"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: Private module paths a notebook may still import (none: every notebook uses the public API).
TEMPORARY_ALLOWED: dict[str, set[str]] = {}


def _is_module(dotted: str) -> bool:
    path = PACKAGE.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def readme_table() -> tuple[set[str], set[str]]:
    """The module paths (under ``pokerdice_stats.``) and the names (functions, classes,
    constants) of the README's table, e.g. ``turn.odds`` and ``odds_by_category``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## What is in the box\n", 1)[1].split("\n## ", 1)[0]
    modules, names = set(), set()
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 4 or not line.startswith("|"):
            continue
        for code in re.findall(r"`([^`]+)`", cells[2]):
            match = re.match(r"[A-Za-z_][\w.]*", code)
            if not match:
                continue  # ".describe(dice)": a method
            parts = match.group(0).split(".")
            # The longest prefix that is a module: "turn.odds.odds_by_category" -> "turn.odds".
            end = next((e for e in range(len(parts), 0, -1) if _is_module(".".join(parts[:e]))), 0)
            if end:
                modules.add(".".join(parts[:end]))
            if end < len(parts):
                names.add(parts[end])
    return modules, names


DOCUMENTED, TABLE_NAMES = readme_table()
PUBLIC_NAMES = set(pokerdice_stats.__all__)


def _python(source: str) -> str:
    """A cell's source as plain Python (``%matplotlib inline`` and the like removed)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:  # pragma: no cover - IPython comes with jupyter
        return "\n".join(
            "" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()
        )
    return TransformerManager().transform_cell(source)


def offending_imports(path: Path) -> list[str]:
    """Each use of a non-public part of the package in a notebook: ``"cell N: what"``."""
    notebook = nbformat.read(path, as_version=4)
    found = []
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        tree = ast.parse(_python(cell.source), filename=f"{path.name}, cell {number}")
        aliases = set()  # local names bound to the package itself
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "pokerdice_stats":
                        aliases.add(alias.asname or alias.name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    module = alias.name
                    if module.startswith("pokerdice_stats."):
                        sub = module.removeprefix("pokerdice_stats.")
                        if sub not in DOCUMENTED:
                            found.append(f"cell {number}: import {module}")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                module = node.module
                if module == "pokerdice_stats":
                    for alias in node.names:
                        if alias.name not in PUBLIC_NAMES:
                            found.append(f"cell {number}: from pokerdice_stats import {alias.name}")
                elif module.startswith("pokerdice_stats."):
                    sub = module.removeprefix("pokerdice_stats.")
                    if sub not in DOCUMENTED:
                        found.append(f"cell {number}: from {module} import ...")
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr not in PUBLIC_NAMES
                and not node.attr.startswith("__")
            ):
                found.append(f"cell {number}: {node.value.id}.{node.attr}")
    return found


def _allowed(path: Path, offence: str) -> bool:
    allowed = TEMPORARY_ALLOWED.get(path.name, set())
    return any(f"from pokerdice_stats.{module} import" in offence for module in allowed)


def test_the_readme_table_names_modules():
    assert {"turn.rules", "turn.holds", "games.seen.exact.rounds", "report"} <= DOCUMENTED
    assert "ground.formats" not in DOCUMENTED
    assert "indexing" not in DOCUMENTED


def test_the_readme_table_names_are_public():
    """What the README's table names is importable from the package itself."""
    assert {"get_rules", "odds_by_category", "read_schedule", "Policy"} <= TABLE_NAMES
    assert not TABLE_NAMES - PUBLIC_NAMES


def test_every_notebook_is_checked():
    names = {p.name for p in NOTEBOOKS}
    assert "01_hand_odds.ipynb" in names
    assert set(TEMPORARY_ALLOWED) <= names


def test_the_check_finds_private_imports(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell(
            "%matplotlib inline\n"
            "import pokerdice_stats as pds\n"
            "from pokerdice_stats import get_rules, indexing\n"
            "from pokerdice_stats.turn.holds import solve\n"
            "from pokerdice_stats.ground.formats import to_markdown\n"
            "import pokerdice_stats.turn.dice\n"
            "pds.solve, pds.ground"
        )
    ]
    path = tmp_path / "probe.ipynb"
    nbformat.write(notebook, path)
    assert offending_imports(path) == [
        "cell 0: from pokerdice_stats import indexing",
        "cell 0: from pokerdice_stats.ground.formats import ...",
        "cell 0: import pokerdice_stats.turn.dice",
        "cell 0: pds.ground",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_imports_only_the_public_api(path):
    offences = [o for o in offending_imports(path) if not _allowed(path, o)]
    assert not offences, (
        f"{path.name} uses parts of pokerdice_stats that are not public: {offences}; "
        "import from `pokerdice_stats` (its __all__) or a module path of the README's table"
    )


def test_temporary_allowances_are_still_needed():
    for name, modules in TEMPORARY_ALLOWED.items():
        offences = offending_imports(ROOT / "notebooks" / name)
        unused = {
            m for m in modules if not any(f"pokerdice_stats.{m} import" in o for o in offences)
        }
        assert not unused, (
            f"{name} no longer imports {sorted(unused)}: delete them from TEMPORARY_ALLOWED"
        )
