"""``import pokerdice_stats`` registers the OpenSpiel games whenever ``pyspiel`` is importable
(issue 23 item 3): in either order of the two imports, in a fresh interpreter each time."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

LOAD_EVERY_GAME = """
for name in ("pokerdice_bidding", "pokerdice_banking", "pokerdice_progressive_blind"):
    game = pyspiel.load_game(name)
    print(name, game.num_players())
"""


@pytest.mark.parametrize(
    "imports",
    ["import pyspiel\nimport pokerdice_stats\n", "import pokerdice_stats\nimport pyspiel\n"],
    ids=["pyspiel-first", "pokerdice-stats-first"],
)
def test_the_games_load_after_importing_the_package(imports):
    done = subprocess.run(
        [sys.executable, "-c", imports + LOAD_EVERY_GAME],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-600:]
    assert done.stdout.split() == [
        "pokerdice_bidding", "2", "pokerdice_banking", "2", "pokerdice_progressive_blind", "2",
    ]  # fmt: skip


def test_importing_the_package_alone_imports_no_openspiel():
    code = "import sys, pokerdice_stats\nprint('pyspiel' in sys.modules, 'numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-600:]
    assert done.stdout.split() == ["False", "False"]


def test_registering_by_hand_names_the_games():
    import pokerdice_stats as pds

    assert pds.register_openspiel_games() == tuple(pds.OPENSPIEL_GAMES)
    assert pds.register_openspiel_games() == tuple(pds.OPENSPIEL_GAMES)  # twice is harmless
