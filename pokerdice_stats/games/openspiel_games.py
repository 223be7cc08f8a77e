"""The toolkit's OpenSpiel games, registered with ``pyspiel`` whenever it is importable.

``import pokerdice_stats`` calls :func:`register_when_loaded`: if ``pyspiel`` is already
imported, every game of :data:`OPENSPIEL_GAMES` is registered at once; otherwise a hook
on the import system registers them right after ``pyspiel`` is first imported (so
``import pokerdice_stats`` itself stays quick and never imports OpenSpiel).  Either way
``pyspiel.load_game("pokerdice_bidding")`` then works with no import of a game module.
:func:`register_openspiel_games` does it by hand.

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> import pokerdice_stats  # doctest: +SKIP
>>> pyspiel.load_game("pokerdice_bidding").num_players()  # doctest: +SKIP
2
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

#: Each OpenSpiel game's name, and the module whose import registers it.
OPENSPIEL_GAMES = {
    "pokerdice_bidding": "pokerdice_stats.games.bidding.openspiel_game",
    "pokerdice_banking": "pokerdice_stats.games.banking.openspiel_game",
    "pokerdice_progressive_blind": "pokerdice_stats.games.progressive.openspiel_game",
}


def register_openspiel_games() -> tuple[str, ...]:
    """Register every game of :data:`OPENSPIEL_GAMES` with ``pyspiel`` (once each).

    Returns
    -------
    tuple of str
        The names registered, for ``pyspiel.load_game``.

    Raises
    ------
    OptionError
        Without ``pyspiel`` (the ``openspiel`` extra).
    """
    from pokerdice_stats.games.openspiel_loading import import_pyspiel  # not at package import

    import_pyspiel()  # the games' modules register with it
    for module in OPENSPIEL_GAMES.values():
        importlib.import_module(module)
    return tuple(OPENSPIEL_GAMES)


def _register_quietly() -> None:
    """:func:`register_openspiel_games` from an import hook: a failure is a warning, never
    a failed ``import pyspiel``."""
    try:
        register_openspiel_games()
    except Exception as err:  # pragma: no cover - only a broken installation gets here
        warnings.warn(
            f"pokerdice_stats could not register its OpenSpiel games: {err}", stacklevel=2
        )


class _RegisteringLoader(importlib.abc.Loader):
    """``pyspiel``'s own loader, then the games' registration."""

    def __init__(self, loader: importlib.abc.Loader) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        _register_quietly()


class _PyspielHook(importlib.abc.MetaPathFinder):
    """Finds ``pyspiel`` as the other finders do, with its loader wrapped; then leaves."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: object = None):
        if fullname != "pyspiel":
            return None
        sys.meta_path.remove(self)  # once: the real finders answer from here on
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _RegisteringLoader(spec.loader)
        return spec


def register_when_loaded() -> None:
    """Register the games now if ``pyspiel`` is imported, else right after its import."""
    if "pyspiel" in sys.modules:
        _register_quietly()
    elif not any(isinstance(finder, _PyspielHook) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PyspielHook())
