"""Rule sets of Poker Dice: presets, options, rule files and validation.

A :class:`RuleSet` is a frozen description of everything that changes the
mathematics of a turn or a round: the faces and how they are written (the
chart), the hand categories and their order, how equal categories compare,
the turn rules and how ties end.  Presets name the rule documents; options
(the keys of :data:`OPTION_KEYS`) change one point each, on the command line
as ``--set KEY=VALUE`` or in a TOML rule file::

    preset = "classic"
    throws = 2
    wild = "9"

Everything here is plain data; nothing is computed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.arguments import checked_text, shown
from pokerdice_stats.ground.bounds import MAX_DIGITS
from pokerdice_stats.ground.errors import RulesError
from pokerdice_stats.ground.speaker import either
from pokerdice_stats.turn.categories import CATEGORY_ALIASES, CATEGORY_LADDERS, Category
from pokerdice_stats.turn.charts import CHARTS, Chart
from pokerdice_stats.turn.rule_fields import (
    MAX_TARGET,
    OPTION_CHOICES,
    OPTION_RANGES,
    STARTERS,
    TIE_RULES,
    check_fields,
)
from pokerdice_stats.turn.rule_files import read_rules_file

# ----------------------------------------------------------------------------
# Options.


#: Every option key with a one-line description (shown by ``rules show``).
OPTION_KEYS: dict[str, str] = {
    "throws": f"throws a turn (1 to {bounds.MAX_THROWS})",
    "max_rethrow": "most dice thrown again after the first throw (1..5; see max_rethrow_scope)",
    "max_rethrow_scope": "what max_rethrow counts: turn (dice of the first throw ever thrown "
    "again in the turn) or throw (dice moved in one throw)",
    "sticky_holds": "a die set aside stays aside (true/false)",
    "wild": "a face that counts as any face, or none",
    "straights": "where straights rank: " + ", ".join(CATEGORY_LADDERS),
    "tiebreak": "full: the combination, then the odd dice, decide; combination: the "
    "combination's faces decide and the odd dice are ignored (003's quicker rule); "
    "category: the same category ties",
    "chart": "how the dice are written: " + ", ".join(CHARTS),
    "throw_limit": "none, or first-player: nobody takes more throws than the first player",
    "ties": "how an exact tie for the best hand ends: " + ", ".join(TIE_RULES),
    "knowledge": "seen: later players see earlier final hands; blind: nobody sees another's",
    "target": f"round wins that take a match (1..{MAX_TARGET})",
    "starter": "who starts the next round: " + ", ".join(STARTERS),
}


@dataclass(frozen=True)
class RuleSet:
    """A complete, validated rule set.

    Build one with :func:`get_rules`, which also checks how the options combine; the
    constructor checks each field alone (:func:`~pokerdice_stats.turn.rule_fields.check_fields`).

    Attributes
    ----------
    preset : str
        The preset the rule set started from.
    throws : int
        Throws a turn.
    max_rethrow : int
        Most dice thrown again after the first throw (see ``max_rethrow_scope``).
    max_rethrow_scope : str
        ``turn`` (the ruling): at most ``max_rethrow`` dice of the first throw are ever
        thrown again in the turn (a die thrown again may be thrown again); ``throw``: each
        throw after the first moves at most ``max_rethrow`` dice.
    sticky_holds : bool
        Whether a die set aside stays aside for the rest of the turn.
    wild : int or None
        The rank of the wild face, or None.
    straights : str
        Key of :data:`CATEGORY_LADDERS`.
    tiebreak : str
        ``full``, ``combination`` (003's quicker rule: the odd dice ignored) or
        ``category`` (the same category ties).
    chart : str
        Key of :data:`CHARTS`.
    throw_limit : str
        ``none`` or ``first-player``.
    ties : str
        How an exact tie for the best hand of a round ends: ``roll-off`` (the tied players
        throw again), ``must-beat`` (a later player who only ties is out), ``split`` (the
        pot is shared) or ``push`` (nobody pays).
    knowledge : str
        ``seen`` (later players see every earlier final hand) or ``blind``
        (each hand is developed without seeing any other: 004 banking).
    target : int
        Round wins that take a match.
    starter : str
        Who starts the next round: ``last-thrower`` (the player after the last one to
        throw, gameweave), ``rotate`` (the start passes left, 003) or ``winner`` (001).
    """

    preset: str = "gameweave"
    throws: int = 3
    max_rethrow: int = 5
    max_rethrow_scope: str = "turn"
    sticky_holds: bool = False
    wild: int | None = None
    straights: str = "standard"
    tiebreak: str = "full"
    chart: str = "faces"
    throw_limit: str = "none"
    ties: str = "roll-off"
    knowledge: str = "seen"
    target: int = 5
    starter: str = "rotate"

    def __post_init__(self) -> None:
        check_fields(self)

    def __hash__(self) -> int:
        """The hash of the fields (as the dataclass's own), worked out once: rule sets
        key the caches of hand tables, holds and rounds, and hashing fourteen fields
        took half a microsecond a lookup."""
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash(tuple(getattr(self, f.name) for f in _FIELDS))
            self.__dict__["_hash"] = value  # (not a field: no part of ==, repr or replace)
            return value

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone: a text's hash differs between processes, so a pickled rule
        set works its hash out again where it is read."""
        return {f.name: self.__dict__[f.name] for f in _FIELDS}

    @property
    def categories(self) -> tuple[Category, ...]:
        """The hand categories, best first."""
        return CATEGORY_LADDERS[self.straights]

    @property
    def category_slugs(self) -> tuple[str, ...]:
        """The category slugs, best first."""
        return tuple(c.slug for c in self.categories)

    @property
    def face_chart(self) -> Chart:
        """The :class:`Chart` the dice are written in."""
        return CHARTS[self.chart]

    def category_index(self, slug: str) -> int:
        """Position of a category in :attr:`categories` (0 is the best), named by its slug
        or an alias, in any case, with blanks or ``_`` for ``-`` (``Full House``).

        Raises
        ------
        RulesError
            If the rule set has no such category.
        """
        checked_text(slug, "a category", RulesError)
        typed = "-".join(slug.strip().lower().replace("_", " ").split())  # "Full House"
        key = CATEGORY_ALIASES.get(typed, typed)
        for i, cat in enumerate(self.categories):
            if cat.slug == key:
                return i
        raise RulesError(
            f"unknown category {slug!r} for these rules; choose one of: "
            + ", ".join(self.category_slugs)
        )

    def settings(self) -> dict[str, str]:
        """Every option in force, as the strings ``--set`` accepts."""
        return {
            "preset": self.preset,
            "throws": str(self.throws),
            "max_rethrow": str(self.max_rethrow),
            "max_rethrow_scope": self.max_rethrow_scope,
            "sticky_holds": "true" if self.sticky_holds else "false",
            "wild": "none" if self.wild is None else self.face_chart.labels[self.wild],
            "straights": self.straights,
            "tiebreak": self.tiebreak,
            "chart": self.chart,
            "throw_limit": self.throw_limit,
            "ties": self.ties,
            "knowledge": self.knowledge,
            "target": str(self.target),
            "starter": self.starter,
        }

    def setting_values(self) -> dict[str, object]:
        """:meth:`settings` as JSON writes them: numbers as numbers, ``sticky_holds`` as
        true or false (``rules show`` and every answer that lists the settings).

        >>> from pokerdice_stats.turn.rules import get_rules
        >>> values = get_rules("classic").setting_values()
        >>> values["throws"], values["sticky_holds"], values["wild"]
        (3, False, 'none')
        """
        return {
            **self.settings(),
            "throws": self.throws,
            "max_rethrow": self.max_rethrow,
            "sticky_holds": self.sticky_holds,
            "target": self.target,
        }

    def label(self) -> str:
        """A short name: the preset, plus any option that differs from it."""
        base = PRESETS[self.preset].settings()
        changed = [f"{k}={v}" for k, v in self.settings().items() if base[k] != v]
        return self.preset + ("" if not changed else " (" + ", ".join(changed) + ")")


#: The presets: the rule documents in ``shared/seeds``.
PRESETS: dict[str, RuleSet] = {
    "gameweave": RuleSet(preset="gameweave", target=3, starter="last-thrower"),
    "classic": RuleSet(preset="classic"),
    "triple-snakes": RuleSet(
        preset="triple-snakes",
        straights="small",
        tiebreak="category",
        chart="pips",
        ties="must-beat",
        starter="winner",
    ),
    "banking": RuleSet(
        preset="banking", straights="big-little", chart="pips", ties="split", knowledge="blind"
    ),
    "progressive": RuleSet(
        preset="progressive",
        straights="big-little",
        tiebreak="category",
        chart="pips",
        ties="push",
    ),
}

#: Each preset and the rule document it comes from, in one line (for tables and notebooks).
PRESET_SOURCES: dict[str, str] = {
    "gameweave": "Gameweave Poker Dice (000): faces 9..A, three throws, full tie-breaks",
    "classic": "Classic poker dice (003): as gameweave; its variations are options",
    "triple-snakes": "Triple Snakes (001): ordinary dice, small straight, must beat",
    "banking": "Banking Poker Dice (004): big and little straight, full tie-breaks",
    "progressive": "Progressive Poker Dice (004): same category is a push",
}

#: The rule set's fields, in order (what its hash and its pickled state are made of).
_FIELDS = dataclasses.fields(RuleSet)

# ----------------------------------------------------------------------------
# Parsing option values.


def _given(value: Any) -> str:
    """A rule value as the user wrote it (a TOML ``true`` is ``true``, a TOML date its
    text, a string quoted), not as Python writes it (``True``, ``datetime.date(...)``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return shown(value)
    if hasattr(value, "isoformat"):  # a TOML date or time
        return f"{value.isoformat()} (a date or time)"
    return shown(value)


def _choice(key: str, value: Any, choices: tuple[str, ...] | list[str]) -> str:
    text = str(value).strip().lower()
    if text not in choices:
        raise RulesError(
            f"invalid value {_given(value)} for {key}; choose one of: " + ", ".join(choices)
        )
    return text


#: Longest whole number read (Python's ``int`` refuses longer decimal text).
_MAX_DIGITS = MAX_DIGITS


def _integer(key: str, value: Any, low: int, high: int) -> int:
    """A whole number from a ``--set`` string or a TOML integer.

    Strings are read strictly: ASCII digits with an optional leading ``-`` (no ``+``,
    ``_`` or other scripts' digits), as every whole number of the command line.
    """
    if hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu" and value.ndim == 0:
        value = int(value)  # a numpy integer, as the solvers take it
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RulesError(f"invalid value {_given(value)} for {key}; expected a whole number")
    text = str(value)
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise RulesError(
            f"invalid value {shown(value)} for {key}; expected a whole number "
            "(ASCII digits only, a leading minus sign for a negative number, no spaces)"
        )
    number = int(text) if len(digits) <= _MAX_DIGITS else None
    if number is None or not low <= number <= high:
        raise RulesError(f"invalid value {shown(value)} for {key}; expected {low} to {high}")
    return number


def _boolean(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise RulesError(f"invalid value {_given(value)} for {key}; expected true or false")


def parse_face(text: str, chart: Chart) -> int:
    """The rank of one face written in a chart (``"A"``, ``"10"``, ``"1"``...).

    Face letters (A, K, Q, J, T) are accepted on every chart; numbers are
    read as the chart's labels (pips on ordinary dice).

    Raises
    ------
    RulesError
        If the text is not a face of the chart.
    """
    token = str(text).strip().upper()
    if token in chart.labels:
        return chart.labels.index(token)
    letters = {"A": 5, "K": 4, "Q": 3, "J": 2, "T": 1}
    if chart.name != "pips" and token in letters:
        return letters[token]
    raise RulesError(
        f"unknown face {text!r} on chart {chart.name}; faces are: " + " ".join(chart.labels)
    )


def _apply(base: RuleSet, options: Mapping[str, Any], *, check: bool = True) -> RuleSet:
    changes: dict[str, Any] = {}
    wild_text: Any = None
    for raw_key, value in options.items():
        key = str(raw_key).strip().lower().replace("-", "_")
        if key == "preset":
            if str(value).strip().lower() != base.preset:
                raise RulesError(
                    f"preset={value} cannot be set as an option; name the preset with "
                    '--rules NAME (or preset = "NAME" in a rule file)'
                )
            continue
        if key in OPTION_RANGES:
            changes[key] = _integer(key, value, *OPTION_RANGES[key])
        elif key in OPTION_CHOICES:
            changes[key] = _choice(key, value, OPTION_CHOICES[key])
        elif key == "sticky_holds":
            changes[key] = _boolean(key, value)
        elif key == "wild":
            wild_text = value
        else:
            raise RulesError(
                f"unknown option {raw_key!r}; valid options are: " + ", ".join(OPTION_KEYS)
            )
    rules = dataclasses.replace(base, **changes)
    if wild_text is not None:
        if str(wild_text).strip().lower() in ("none", ""):
            rules = dataclasses.replace(rules, wild=None)
        else:
            try:
                rank = parse_face(str(wild_text), rules.face_chart)
            except RulesError as err:
                raise RulesError(f"invalid value {wild_text!r} for wild: {err}") from None
            rules = dataclasses.replace(rules, wild=rank)
    if check:
        _check_consistent(rules)
    return rules


def _check_consistent(rules: RuleSet) -> None:
    if rules.throws == 1 and rules.sticky_holds:
        raise RulesError(
            "sticky_holds=true needs throws of 2 or more: with one throw no die is held"
        )
    if rules.throws == 1 and rules.max_rethrow < 5:
        raise RulesError(
            "max_rethrow limits the throws after the first; with throws=1 there are none"
        )
    pip_ladders = {"small": "triple-snakes", "big-little": "banking and progressive"}
    if rules.straights in pip_ladders and rules.chart == "ace-one":
        raise RulesError(
            f"straights={rules.straights} ({pip_ladders[rules.straights]}) counts runs of pips "
            "in number order, which chart=ace-one reorders (1 is the ace there); "
            "use chart=pips, ace-six or faces"
        )
    if rules.throw_limit == "first-player" and rules.throws == 1:
        raise RulesError("throw_limit=first-player needs throws of 2 or more")


def get_rules(
    preset: str | RuleSet = "gameweave",
    options: Mapping[str, Any] | None = None,
    rules_file: str | Path | None = None,
) -> RuleSet:
    """Build a validated :class:`RuleSet`.

    Parameters
    ----------
    preset : str or RuleSet
        A preset name (see :data:`PRESETS`) or a rule set to start from.
    options : mapping, optional
        Option keys (see :data:`OPTION_KEYS`) and values, as strings or as
        Python values; applied after the rule file.
    rules_file : str or Path, optional
        A TOML file; its ``preset`` key (if any) replaces ``preset`` and its
        other keys are options.

    Returns
    -------
    RuleSet
        The validated rule set (frozen: a new one for every change).

    Raises
    ------
    RulesError
        For an unknown preset, key or value, an unreadable rule file, or a
        contradictory combination.

    Examples
    --------
    >>> get_rules("classic", {"throws": 2}).throws
    2
    """
    file_options: dict[str, Any] = {}
    where = ""
    if not isinstance(options, Mapping | None) or not isinstance(rules_file, str | Path | None):
        raise RulesError("options must be a mapping and rules_file a path (or None)")
    if rules_file is not None:
        file_options = read_rules_file(rules_file)
        if "preset" in file_options:
            preset = file_options.pop("preset")
            where = f"rule file {str(rules_file)!r}: "
    if isinstance(preset, RuleSet):
        base = preset
    else:
        name = str(preset).strip().lower()
        if name not in PRESETS:
            raise RulesError(
                f"{where}unknown rule set {preset!r}; presets are: " + ", ".join(PRESETS)
            )
        base = PRESETS[name]
    if file_options:
        # Check each key and value of the file first, so an error names the file.
        try:
            _apply(base, file_options, check=False)
        except RulesError as err:
            raise RulesError(f"rule file {str(rules_file)!r}: {err}") from None
    merged = {**file_options, **dict(options or {})}
    return _apply(base, merged)


def parse_assignments(
    items: list[str] | tuple[str, ...] | None, flag: str = "--set"
) -> dict[str, str]:
    """Turn ``["KEY=VALUE", ...]`` (the ``--set`` arguments, or those of ``flag``: ``rules
    compare``'s ``--set-a``) into a dict.

    Raises
    ------
    RulesError
        If an item has no ``=``, or names a key an earlier item named.
    """
    options: dict[str, str] = {}
    named: dict[str, str] = {}  # each key as first given, by its lower case
    for item in items or ():
        if "=" not in item:
            raise RulesError(f"{either(flag, 'a setting')} expects KEY=VALUE, got {item!r}")
        key, value = item.split("=", 1)
        first = named.get(key.strip().lower())
        if first is not None:  # never the last one silently (THROWS is throws)
            raise RulesError(
                f"{either(flag, 'set')} names {key.strip()!r} more than once "
                f"({first}={options[first]}, {item.strip()}): give each option once"
            )
        named[key.strip().lower()] = key.strip()
        options[key.strip()] = value  # a number refuses blanks; words are stripped
    return options
