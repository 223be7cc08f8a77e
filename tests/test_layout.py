"""The layout of the package: no import circles, games in their folders, one game a kind.

The layer contracts themselves are ``lint-imports``'s (``pyproject.toml``, run in CI);
these tests check what its contracts do not say.
"""

from __future__ import annotations

import pkgutil
import re

import grimp
import pytest

import pokerdice_stats
from pokerdice_stats import get_rules
from pokerdice_stats.games.registry import GAMES, game_for

GAME_NAMES = ("seen", "betting", "bidding", "banking", "progressive")


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of a directed graph (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found


def test_tarjan_finds_a_circle_and_only_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    circles = [sorted(c) for c in _strongly_connected(graph) if len(c) > 1]
    assert circles == [["a", "b", "c"]]


def _import_circles(package: str, *, cache: bool = True) -> list[list[str]]:
    """Every circle of static imports in ``package`` (a module importing itself counts).

    grimp reads every ``import`` statement of a module's source, at the top, inside
    functions and under ``if TYPE_CHECKING:`` (``exclude_type_checking_imports=False``);
    imports by name at run time (``importlib``, the registry's entry points) are not
    statements and do not count.
    """
    kwargs = {} if cache else {"cache_dir": None}
    imports = grimp.build_graph(package, exclude_type_checking_imports=False, **kwargs)
    graph = {m: imports.find_modules_directly_imported_by(m) for m in imports.modules}
    return sorted(
        sorted(c) for c in _strongly_connected(graph) if len(c) > 1 or c[0] in graph.get(c[0], ())
    )


def test_import_circles_count_imports_inside_functions_and_under_type_checking(
    tmp_path, monkeypatch
):
    # A throwaway package with one circle hidden in a function, one under TYPE_CHECKING,
    # and one import by name at run time (not a statement: not counted).
    package = tmp_path / "circles_probe"
    package.mkdir()
    files = {
        "__init__.py": "",
        "a.py": "def late():\n    from circles_probe import b\n    return b\n",
        "b.py": "import circles_probe.a\n",
        "c.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from circles_probe.d import D\n"
        ),
        "d.py": "from circles_probe import c\nD = int\n",
        "e.py": "import importlib\nF = importlib.import_module('circles_probe.f')\n",
        "f.py": "from circles_probe import e\n",
    }
    for name, text in files.items():
        (package / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _import_circles("circles_probe", cache=False) == [
        ["circles_probe.a", "circles_probe.b"],
        ["circles_probe.c", "circles_probe.d"],
    ]


def test_no_two_modules_import_each_other():
    """No circle of imports, counting imports inside functions and under TYPE_CHECKING."""
    assert _import_circles("pokerdice_stats") == []


def test_no_module_outside_its_game_folder_carries_a_games_name():
    names = re.compile(r"bidding|betting|banking|progressive")
    stray = [
        m.name
        for m in pkgutil.walk_packages(pokerdice_stats.__path__, "pokerdice_stats.")
        if names.search(m.name)
        and not m.name.startswith(("pokerdice_stats.games.", "pokerdice_stats.kernels."))
    ]
    assert stray == []
    flat = [
        m.name
        for m in pkgutil.iter_modules(pokerdice_stats.games.__path__, "pokerdice_stats.games.")
        if names.search(m.name) and not m.ispkg
    ]
    assert flat == []


def test_every_game_folder_is_in_the_registry_once():
    assert sorted(g.name for g in GAMES) == sorted(GAME_NAMES)
    for game in GAMES:
        assert game.package == f"pokerdice_stats.games.{game.name}"


@pytest.mark.parametrize(
    "preset", ["gameweave", "classic", "triple-snakes", "banking", "progressive"]
)
@pytest.mark.parametrize("knowledge", ["seen", "blind"])
def test_one_game_plays_each_round_and_session(preset, knowledge):
    rules = get_rules(preset, {"knowledge": knowledge})
    for what in ("round", "session", "match", "holdup", "bidding", "betting"):
        claiming = [g.name for g in GAMES if g.plays(rules, what)]
        assert len(claiming) == 1, (preset, knowledge, what, claiming)
        assert game_for(rules, what).name == claiming[0]


def test_the_presets_play_their_documents_games():
    assert game_for(get_rules("banking"), "round").name == "banking"
    assert game_for(get_rules("banking"), "session").name == "banking"
    assert game_for(get_rules("progressive"), "session").name == "progressive"
    assert game_for(get_rules("triple-snakes"), "session").name == "betting"
    assert game_for(get_rules("gameweave"), "session").name == "seen"
    assert game_for(get_rules("classic"), "round").name == "seen"


def test_every_declared_entry_point_resolves():
    for game in GAMES:
        for name in game.entries:
            assert callable(game.entry(name)), (game.name, name)
        for group in game.checks:
            assert callable(game.check_group(group)), (game.name, group)
        for module in (*game.commands, *game.report.values()):
            assert game.module(module) is not None


def test_old_module_paths_still_import_with_a_warning():
    import importlib

    with pytest.warns(DeprecationWarning, match="moved to"):
        old = importlib.import_module("pokerdice_stats.games.matches")
    from pokerdice_stats.games.seen.exact.matches import solve_match

    assert old.solve_match is solve_match
    with pytest.warns(DeprecationWarning, match="moved to"):
        from pokerdice_stats.games.betting import solve_betting
    from pokerdice_stats.games.betting.exact.solve import solve_betting as new

    assert solve_betting is new
