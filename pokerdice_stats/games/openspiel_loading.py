"""Loading the toolkit's OpenSpiel games with their parameters checked first, so that a
mistake is the toolkit's :class:`~pokerdice_stats.ground.errors.OptionError` (a
``ValueError``) rather than OpenSpiel's ``SpielError`` (a ``RuntimeError``), and the
parameters every game shares: ``rules`` (a preset) with ``set``, the options that change
it (``KEY:VALUE`` or ``KEY=VALUE`` entries separated by ``;``, as ``--set`` takes them one
by one; ``str(game)`` writes ``KEY:VALUE``, since OpenSpiel's names of games cannot hold
an ``=`` inside a value).

OpenSpiel's parameters are text, so a list is one text whose entries are separated by
``;`` (OpenSpiel keeps commas for the names of games).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import PRESETS, RuleSet, get_rules, parse_assignments


def list_entries(text: str, name: str) -> list[str]:
    """The entries of a ``;`` list (blanks around each dropped; one trailing ``;`` allowed).

    Raises
    ------
    OptionError
        For a list of no entry but ``;`` or an empty entry.

    Examples
    --------
    >>> list_entries(" 46 ; 0;", "hands")
    ['46', '0']
    """
    body = text.strip()
    if not body:
        return []
    if body.endswith(";"):
        body = body[:-1]
    words = [w.strip() for w in body.split(";")]
    if not any(words):
        raise OptionError(f"{name}: {text!r} names none; leave {name} out for all of them")
    if not all(words):
        raise OptionError(f"{name}: an empty entry in {text!r} (entries are separated by ;)")
    return words


def settings_text(preset: str, settings: object) -> str:
    """The ``set`` parameter in one form: each option that differs from ``preset``, as
    ``KEY:VALUE`` in the order of :meth:`~pokerdice_stats.turn.rules.RuleSet.settings`,
    separated by ``;`` (empty: the preset as it is).  An entry is ``KEY:VALUE`` or
    ``KEY=VALUE``.

    Raises
    ------
    RulesError
        For an unknown preset, an entry that is not ``KEY=VALUE``, a key given twice, an
        unknown option or a value the option does not take.

    Examples
    --------
    >>> settings_text("classic", "WILD = 9; throws:3; straights:none")
    'wild:9;straights:none'
    """
    rules = game_rules(str(preset), "")
    changed = get_rules(rules.preset, set_options(settings)).settings()
    base = rules.settings()
    return ";".join(f"{k}:{v}" for k, v in changed.items() if k != "preset" and v != base[k])


def set_options(settings: object) -> dict[str, str]:
    """The options of a ``set`` parameter as written, ``{KEY: VALUE}`` (keys as given).

    Raises
    ------
    OptionError, RulesError
        For an entry that is not ``KEY:VALUE`` or ``KEY=VALUE``, or a key given twice.

    Examples
    --------
    >>> set_options("Wild:9; throws=2")
    {'Wild': '9', 'throws': '2'}
    """
    entries = list_entries(str(settings), "set")
    for entry in entries:
        if "=" not in entry and ":" not in entry:
            raise OptionError(f"set: each entry is KEY:VALUE (or KEY=VALUE), got {entry!r}")
    return parse_assignments([e if "=" in e else e.replace(":", "=", 1) for e in entries], "set")


@functools.lru_cache(maxsize=64)
def game_rules(preset: str, settings: str) -> RuleSet:
    """The rule set of ``rules`` and ``set`` parameters (``settings`` as
    :func:`settings_text` writes it).

    Raises
    ------
    RulesError
        For an unknown preset or option.
    """
    options = dict(item.split(":", 1) for item in settings.split(";")) if settings else {}
    if preset not in PRESETS:
        return get_rules(preset)  # its own refusal, naming the presets
    return get_rules(preset, options)


def import_pyspiel() -> Any:
    """The ``pyspiel`` module.

    Raises
    ------
    OptionError
        Without it (the ``openspiel`` extra), saying how to install it.
    """
    try:
        import pyspiel
    except ImportError:
        raise OptionError(
            'OpenSpiel is not installed: pip install -e ".[openspiel]" (the open-spiel package)'
        ) from None
    return pyspiel


def load_checked(name: str, names: Sequence[str], key: Sequence[Any]) -> Any:
    """``pyspiel.load_game(name, ...)`` with the checked parameters ``key`` (one value a
    name of ``names``; empty texts left to their defaults).

    Raises
    ------
    OptionError
        Without ``pyspiel`` (the ``openspiel`` extra).
    """
    params = {k: v for k, v in zip(names, key, strict=True) if v != ""}
    return import_pyspiel().load_game(name, params)


def merged_params(params: object, defaults: dict[str, Any], name: str) -> dict[str, Any]:
    """``params`` over ``defaults``, after refusing anything but a dict of their names.

    Raises
    ------
    OptionError
        For parameters that are not a dict, or a name the game ``name`` does not have.

    Examples
    --------
    >>> merged_params({"players": 3}, {"rules": "banking", "players": 2}, "a game")
    {'rules': 'banking', 'players': 3}
    """
    if not isinstance(params, dict):
        raise OptionError(f"the game's parameters must be a dict, got {type(params).__name__}")
    unknown = sorted(str(key) for key in params if key not in defaults)
    if unknown:
        raise OptionError(
            f"unknown parameter {unknown[0]!r} of {name}; its parameters are " + ", ".join(defaults)
        )
    return {**defaults, **params}
