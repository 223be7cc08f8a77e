"""Every ``>>>`` example in the package's docstrings runs, and shows what it says.

The modules are found with :func:`pkgutil.walk_packages` and their source is
read from the file before anything is imported: only the modules whose source
holds an example are imported (importing all of them would be slow, and some
load numba kernels).  One test per module; a failure shows doctest's report.
"""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil
from pathlib import Path

import pytest

import pokerdice_stats

OPTIONS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def modules_with_examples() -> list[str]:
    """Names of the package's modules whose source contains ``>>>``, sorted."""
    names = [pokerdice_stats.__name__]  # the package's own docstring, then every module
    prefix = pokerdice_stats.__name__ + "."
    infos = pkgutil.walk_packages(pokerdice_stats.__path__, prefix, onerror=lambda name: None)
    for info in infos:
        spec = info.module_finder.find_spec(info.name, None)
        if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
            continue
        if ">>>" in Path(spec.origin).read_text(encoding="utf-8"):
            names.append(info.name)
    return sorted(names)


MODULES = modules_with_examples()


def test_examples_are_found():
    assert len(MODULES) >= 20, MODULES
    assert "pokerdice_stats.turn.hands" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    report = io.StringIO()
    tests = [test for test in finder.find(module, name) if test.examples]
    assert tests, f"{name} has '>>>' in its source but no example doctest can find"
    for test in sorted(tests, key=lambda t: t.name):
        runner.run(test, out=report.write)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, report.getvalue()
