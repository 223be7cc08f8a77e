"""Loading the toolkit's OpenSpiel games with their parameters checked first, so that a
mistake is the toolkit's :class:`~pokerdice_stats.ground.errors.OptionError` (a
``ValueError``) rather than OpenSpiel's ``SpielError`` (a ``RuntimeError``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerdice_stats.ground.errors import OptionError


def load_checked(name: str, names: Sequence[str], key: Sequence[Any]) -> Any:
    """``pyspiel.load_game(name, ...)`` with the checked parameters ``key`` (one value a
    name of ``names``; empty texts left to their defaults).

    Raises
    ------
    OptionError
        Without ``pyspiel`` (the ``openspiel`` extra).
    """
    try:
        import pyspiel
    except ImportError:
        raise OptionError(
            'OpenSpiel is not installed: pip install -e ".[openspiel]" (the open-spiel package)'
        ) from None
    params = {k: v for k, v in zip(names, key, strict=True) if v != ""}
    return pyspiel.load_game(name, params)


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
