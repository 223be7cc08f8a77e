"""What a game folder declares: the :class:`Game` the registry lists.

A game folder's ``__init__`` builds one :class:`Game`. Its entry points are named
as ``"module:function"`` strings, relative to the folder, and imported only when
used, so that listing the games (as the command line does to build its parser)
imports none of their solvers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerdice_stats.ground.summary import short_repr
from pokerdice_stats.turn.rules import RuleSet

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Game:
    """One game of the rule documents, as its folder declares it.

    Attributes
    ----------
    name : str
        The game's short name (``seen``, ``betting``, ...): its folder.
    title : str
        What it is, in a reader's words.
    documents : tuple of str
        The rule documents it follows, named by their games.
    package : str
        The folder's package (``pokerdice_stats.games.NAME``).
    plays : callable
        ``plays(rules, what)``: whether this game is the one that plays ``what`` (a
        kind of play: ``round``, ``session``, ``match``, ``holdup``, ``bidding``,
        ``betting``, ``payout``) under ``rules``. Exactly one game plays a kind under
        any rule set that has it; the rule flags that decide it are read here only.
        A session is the game of the rule set's preset (:attr:`presets`), whatever
        ``--set`` changes: settings that game cannot play are refused with its reasons,
        never played as another game's session.
    presets : tuple of str
        The presets whose game this is (``progressive``: ``("progressive",)``): the
        rule documents' games, each preset belonging to exactly one game.
    commands : tuple of str
        Modules of the folder with ``register(subparsers)``: its sub-commands, in the
        order of ``--help``.
    report : dict
        Report sections: section name to a module of the folder with ``tasks(out_dir)``.
    checks : dict
        Cross-check groups: group name to ``"module:function"``, a function of the run
        options yielding :class:`~pokerdice_stats.engines.checks.check.Check`.
    entries : dict
        Named entry points (``solve``, ``simulate_round``, ``round_command``, ...), each
        ``"module:function"``.
    """

    name: str
    title: str
    documents: tuple[str, ...]
    package: str
    plays: Callable[[RuleSet, str], bool]
    presets: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    report: dict[str, str] = field(default_factory=dict)
    checks: dict[str, str] = field(default_factory=dict)
    entries: dict[str, str] = field(default_factory=dict)

    def entry(self, name: str) -> Callable[..., Any]:
        """The entry point ``name``, imported now.

        Raises
        ------
        KeyError
            If the game declares no such entry point.
        """
        return self._resolve(self.entries[name])

    def check_group(self, group: str) -> Callable[..., Any]:
        """The function of the cross-check group ``group``."""
        return self._resolve(self.checks[group])

    def module(self, relative: str) -> Any:
        """One module of the folder (``command``, ``report.tables``, ...), imported now."""
        return importlib.import_module(f"{self.package}.{relative}")

    def _resolve(self, target: str) -> Callable[..., Any]:
        module, _, function = target.partition(":")
        return getattr(self.module(module), function)

    def frame(self) -> pd.DataFrame:
        """What the game declares, one row a part: ``part`` (``document``, ``preset``,
        ``command``, ``report``, ``check`` or ``entry``), ``name`` and ``target`` (the module
        or ``"module:function"``; None for a document, a preset or a command)."""
        import pandas as pd

        rows: list[tuple[str, str, str | None]] = [("document", d, None) for d in self.documents]
        rows += [("preset", p, None) for p in self.presets]
        rows += [("command", c, None) for c in self.commands]
        for part, named in (("report", self.report), ("check", self.checks)):
            rows += [(part, k, v) for k, v in named.items()]
        rows += [("entry", k, v) for k, v in self.entries.items()]
        return pd.DataFrame(rows, columns=["part", "name", "target"])

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=self.name,
            title=self.title,
            documents=len(self.documents),
            entries=len(self.entries),
        )


def forward_old_names(package: str, target: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package that was a module before its folder.

    ``pokerdice_stats.games.betting`` was one module; its names now live in
    ``target`` (e.g. ``exact.solve``), and reading one through the package warns
    (:class:`DeprecationWarning`) and gives it.
    """

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        module = importlib.import_module(f"{package}.{target}")
        if not hasattr(module, name):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import warnings

        warnings.warn(
            f"{package}.{name} moved to {package}.{target}.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(module, name)

    return __getattr__
