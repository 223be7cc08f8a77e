"""004 banking as an OpenSpiel game: N seats throw blind, the best hand takes the antes.

Importing this module registers the game ``pokerdice_banking`` with OpenSpiel
(``pyspiel``, the ``open-spiel`` package: ``pip install -e ".[openspiel]"``); without
``pyspiel`` it registers nothing and :data:`AVAILABLE` is False.  The command line never
imports it.

Parameters: ``rules`` (a preset, default ``banking``), ``set`` (options that change it,
``KEY:VALUE`` entries separated by ``;``, e.g. ``throws:2;wild:1``; default none) and
``players`` (2 to 5, default 2).
The rules must be blind (``knowledge=blind``), share a tied pot (``ties=split`` or
``push``) and track a turn by its hand alone (no sticky holds, no turn-scoped
``max_rethrow`` below 5, no throw limit), as the toolkit's blind-round solver
(:func:`~pokerdice_stats.games.banking.exact.field.solve_field`) plays them; anything else
is refused by name.

Each seat in turn, player 0 first, plays its whole turn: a chance node throws the dice not
kept (its outcome is the hand the throw lands on, as a hand index 0..251, with the
throw's chance), then, while throws are left, the seat keeps some dice: action ``k`` is
the kept sub-multiset's index 0..461
(:data:`~pokerdice_stats.ground.indexing.KEEP_COUNTS`), the hand's own keep stands.  After
the last seat the best hand (the rules' strengths) takes the pot of one ante a seat; the
very same dice split it.  Returns are antes won, net of the ante: ``N / k - 1`` for each of
``k`` winners, ``-1`` for the others (zero-sum).

Nobody sees another seat's dice, nor how many times it threw: a player's information
state is its own throws and keeps (``p1 throw 6 6 4 2 1 keep 6 6 throw 6 6 6 5 3``).  What
a player observes is :class:`~pokerdice_stats.engines.blind.openspiel_observer.RoundObserver`'s
(the engine :mod:`~pokerdice_stats.engines.blind.openspiel_round` plays the round).

The tree is far too big for OpenSpiel's tabular algorithms (every seat's turn is up to
three throws of 252 hands with up to 32 keeps each); sampling algorithms and RL
environments play it, and the toolkit's equilibria play it through
:func:`~pokerdice_stats.games.banking.openspiel_policy.banking_policy`.

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> from pokerdice_stats.games.banking import openspiel_game  # doctest: +SKIP
>>> game = pyspiel.load_game(openspiel_game.GAME_NAME, {"players": 3})  # doctest: +SKIP
>>> setting_key({"players": 3})
('banking', '', 3)
>>> setting_key({"rules": "classic", "set": "knowledge=blind; ties=split"})
('classic', 'ties:split;knowledge:blind', 2)
"""

from __future__ import annotations

import functools
from typing import Any

from pokerdice_stats.engines.blind.openspiel_round import (
    AVAILABLE,
    RoundSetting,
    check_turn_by_hand,
    register_round_game,
)
from pokerdice_stats.games.banking.exact.field import check_blind_rules
from pokerdice_stats.games.openspiel_loading import (
    game_rules,
    load_checked,
    merged_params,
    settings_text,
)
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["AVAILABLE", "GAME_NAME", "load_game", "setting", "setting_key"]

GAME_NAME = "pokerdice_banking"
DEFAULTS: dict[str, Any] = {"rules": "banking", "set": "", "players": 2}
#: Seats a round may have (as the blind-round solver).
MOST_SEATS = 5


def setting_key(params: dict[str, Any]) -> tuple[str, str, int]:
    """``(rules, set, players)`` of a parameter set, defaults filled in, checked (``set`` as
    :func:`~pokerdice_stats.games.openspiel_loading.settings_text` writes it).

    Raises
    ------
    OptionError
        For an unknown parameter, a number of seats outside 2..5, or rules the game does
        not play (not blind, not a shared tied pot, a turn tracked by more than its hand).
    RulesError
        For unknown rules.
    """
    merged = merged_params(params, DEFAULTS, GAME_NAME)
    players = checked_whole_number(merged["players"], "players", 2, MOST_SEATS)
    name = str(merged["rules"])
    settings = settings_text(name, merged["set"])
    try:
        _check_rules(game_rules(name, settings), players)
    except OptionError as err:  # a rule setting is this game's parameter set
        raise OptionError(f"{err} (here a rule setting is given in the parameter set, as in "
                          "set=knowledge:blind;ties:split)") from None  # fmt: skip
    return name, settings, players


def load_game(params: dict[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(GAME_NAME, params)`` with the parameters checked first (a
    mistake is an :class:`~pokerdice_stats.ground.errors.OptionError`, a ``ValueError``).

    Raises
    ------
    OptionError
        Without ``pyspiel``, or for a parameter :func:`setting_key` refuses.

    Examples
    --------
    >>> load_game({"players": 3})
    pokerdice_banking(players=3,rules=banking,set=)
    """
    return load_checked(GAME_NAME, tuple(DEFAULTS), setting_key({} if params is None else params))


def _check_rules(rules: RuleSet, players: int) -> None:
    """The rules the blind-round solver plays (its own check), with a turn tracked by
    its hand alone (what the game's states hold)."""
    check_blind_rules(rules, GAME_NAME, players)
    check_turn_by_hand(rules, GAME_NAME)


@functools.lru_cache(maxsize=16)
def _setting(rules_name: str, settings: str, players: int) -> RoundSetting:
    return RoundSetting(game_rules(rules_name, settings), players)


def setting(params: dict[str, Any]) -> RoundSetting:
    """The shared :class:`~pokerdice_stats.engines.blind.openspiel_round.RoundSetting` of a
    parameter set (built once a process)."""
    return _setting(*setting_key(params))


def _shared_of(params: dict[str, Any]) -> tuple[tuple, RoundSetting]:
    key = setting_key(params)
    return key, _setting(*key)


register_round_game(
    GAME_NAME, "Poker dice 004: banking, blind rounds of 2 to 5 seats", DEFAULTS, _shared_of,
    MOST_SEATS,
)  # fmt: skip
