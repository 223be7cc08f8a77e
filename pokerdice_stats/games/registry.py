"""The registry of games: every game folder, named once, and which one plays what.

The command line, ``simulate --what``, ``crosscheck`` and the main job read this
registry; none of them asks rule flags which game a rule set is. Adding a game
means one new folder (its ``__init__`` declaring a :class:`~.game.Game`) and one
line in :data:`GAMES`.

Examples
--------
>>> from pokerdice_stats import get_rules
>>> from pokerdice_stats.games.registry import game_for, game_named
>>> game_for(get_rules("banking"), "round").name
'banking'
>>> game_for(get_rules("gameweave"), "round").name
'seen'
>>> game_named("bidding").documents
('Classic poker dice (003), variation 8',)

A session is the game of the rule set's preset, whatever ``--set`` changes (that game
refuses the settings it cannot play):

>>> game_of(get_rules("triple-snakes", {"throw_limit": "first-player"})).name
'betting'
>>> game_for(get_rules("progressive", {"ties": "split"}), "session").name
'progressive'
"""

from __future__ import annotations

from pokerdice_stats.games import banking, betting, bidding, progressive, seen
from pokerdice_stats.games.game import Game
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet

#: Every game, in the order of the command line's ``--help``.
GAMES: tuple[Game, ...] = (
    progressive.GAME,
    banking.GAME,
    seen.GAME,
    betting.GAME,
    bidding.GAME,
)


def game_named(name: str) -> Game:
    """The game called ``name``.

    Parameters
    ----------
    name : str
        The game's short name: ``progressive``, ``banking``, ``seen``, ``betting`` or
        ``bidding`` (its folder; see :data:`GAMES`).

    Returns
    -------
    Game
        The game's declaration.

    Raises
    ------
    OptionError
        For an unknown name.
    """
    for game in GAMES:
        if game.name == name:
            return game
    raise OptionError(f"unknown game {name!r}; choose one of: " + ", ".join(g.name for g in GAMES))


def game_of(rules: RuleSet) -> Game:
    """The game whose rule document the rule set's preset is (:attr:`Game.presets`).

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).

    Returns
    -------
    Game
        The preset's game: ``seen`` for gameweave and classic, ``betting`` for
        triple-snakes, ``banking`` and ``progressive`` for theirs.

    Raises
    ------
    RuntimeError
        If no game, or more than one, names the preset (a registry that contradicts
        itself).
    """
    rules = check_rule_set(rules)
    owners = [game for game in GAMES if rules.preset in game.presets]
    if len(owners) != 1:
        names = ", ".join(g.name for g in owners) or "none"
        raise RuntimeError(f"preset {rules.preset!r} belongs to one game, not: {names}")
    return owners[0]


def game_for(rules: RuleSet, what: str) -> Game:
    """The one game that plays ``what`` (``round``, ``session``, ...) under ``rules``.

    Parameters
    ----------
    rules : RuleSet
        The rule set (from :func:`~pokerdice_stats.turn.rules.get_rules`).
    what : str
        A kind of play: ``round``, ``session``, ``match``, ``holdup``, ``bidding``,
        ``betting`` or ``payout`` (see :attr:`Game.plays`).

    Returns
    -------
    Game
        The declaration of the game that plays it.

    Raises
    ------
    OptionError
        If no game plays ``what`` under these rules.
    RuntimeError
        If two games claim it (a registry that contradicts itself).
    """
    rules = check_rule_set(rules)
    players = [game for game in GAMES if game.plays(rules, what)]
    if not players:
        raise OptionError(f"no game plays {what!r} under {rules.label()}")
    if len(players) > 1:
        names = ", ".join(g.name for g in players)
        raise RuntimeError(f"games {names} all claim {what!r} under {rules.label()}")
    return players[0]


def command_modules() -> tuple[str, ...]:
    """Every game's sub-command modules, in the order of :data:`GAMES`."""
    return tuple(f"{game.package}.{module}" for game in GAMES for module in game.commands)


def report_sections() -> dict[str, str]:
    """Every game's report sections: section name to its module's full name."""
    return {
        section: f"{game.package}.{module}"
        for game in GAMES
        for section, module in game.report.items()
    }


def check_groups() -> dict[str, Game]:
    """Every game's cross-check groups: group name to the game that declares it."""
    return {group: game for game in GAMES for group in game.checks}
