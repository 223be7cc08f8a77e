"""Rule files: the TOML text given as ``--rules FILE`` (or ``rules_file=``) read into
options, which :func:`~pokerdice_stats.turn.rules.get_rules` applies."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.errors import RulesError
from pokerdice_stats.ground.limits import LimitError, read_text_or


def read_rules_file(path: str | Path) -> dict[str, Any]:
    """Read a TOML rule file into a dict of options (with ``preset`` if named).

    A file that names no preset and sets no option (empty, or only blanks and comments)
    is refused: it would silently mean the default preset.

    Raises
    ------
    RulesError
        If the file is missing, empty, not TOML, or holds a table where a value is expected.
    """
    path = Path(path)
    text = read_text_or(RulesError, path, "rule file", structured=True)
    options = rules_text_options(text, repr(str(path)))
    if not options:
        raise RulesError(
            f"rule file {str(path)!r} is empty: it names no preset and sets no option "
            '(write preset = "NAME" and KEY = VALUE lines, or give --rules NAME)'
        )
    return options


def rules_text_options(text: str, name: str = "(text)") -> dict[str, Any]:
    """The options of a rule file's TOML text (with ``preset`` if named); ``name`` names
    the file in messages.

    Raises
    ------
    RulesError
        If the text is not TOML, or holds a table where a value is expected.
    """
    try:
        data = tomllib.loads(bounds.check_structure(text, f"rule file {name}"))
    except LimitError as err:
        raise RulesError(str(err)) from None
    except tomllib.TOMLDecodeError as err:
        raise RulesError(f"rule file {name} is not valid TOML: {err}") from None
    for key, value in data.items():
        if isinstance(value, (dict, list)):
            raise RulesError(f"rule file {name}: {key} must be a single value")
    return dict(data)
