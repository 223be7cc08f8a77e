"""004 progressive played blind as an OpenSpiel game: the player and the computer each
throw unseen, and the loser pays by the schedule.

Importing this module registers the game ``pokerdice_progressive_blind`` with OpenSpiel
(``pyspiel``, the ``open-spiel`` package); without ``pyspiel`` it registers nothing.  The
command line never imports it.

004 has the player throw knowing the computer's final hand (``knowledge=seen``): a game
of perfect information.  Played blind (``knowledge=blind``, the toolkit's one word for
it: ``payout --knowledge blind``) neither sees the other's dice, and that game is this
one.  Its parameters are ``rules`` (a preset, default ``progressive``) and ``set`` (options
that change it, ``KEY:VALUE`` entries separated by ``;``, e.g. ``throws:2``; default none):
played blind, and refused by name where the payout game refuses them or a turn is tracked
by more than its hand; the schedule is 004's.  Player 0 is the player, player 1 the computer; with
neither seeing the other, which throws first changes nothing.  Each turn is played as in
the engine's blind round (:mod:`~pokerdice_stats.engines.blind.openspiel_round`: a chance
node for each throw, the keeps as actions 0..461), and the returns are the points the
computer pays the player (``payout_matrix``: positive when the player wins), and minus
that for the computer.

Examples
--------
>>> setting_key({})
('progressive', '')
>>> setting_key({"set": "throws=2"})
('progressive', 'throws:2')
>>> load_game()
pokerdice_progressive_blind(rules=progressive,set=)
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from pokerdice_stats.engines.blind.openspiel_round import (
    AVAILABLE,
    RoundSetting,
    check_turn_by_hand,
    register_round_game,
)
from pokerdice_stats.games.openspiel_loading import (
    game_rules,
    load_checked,
    merged_params,
    set_options,
    settings_text,
)
from pokerdice_stats.games.progressive.exact.payout import check_payout_rules
from pokerdice_stats.games.progressive.exact.schedule import payout_matrix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import RuleSet

__all__ = ["AVAILABLE", "GAME_NAME", "load_game", "setting", "setting_key"]

GAME_NAME = "pokerdice_progressive_blind"
DEFAULTS: dict[str, Any] = {"rules": "progressive", "set": ""}


def blind_rules(name: str, settings: str = "") -> RuleSet:
    """The rules ``name`` (changed by ``settings``, as
    :func:`~pokerdice_stats.games.openspiel_loading.settings_text` writes them) played
    blind, checked for this game.

    Raises
    ------
    OptionError
        Where the payout game refuses them, or their turn is tracked by more than its hand.
    RulesError
        For unknown rules.
    """
    rules = dataclasses.replace(game_rules(name, settings), knowledge="blind")
    check_payout_rules(rules)
    check_turn_by_hand(rules, GAME_NAME)
    return rules


def setting_key(params: dict[str, Any]) -> tuple[str, str]:
    """``(rules, set)`` of a parameter set, defaults filled in, checked.

    Raises
    ------
    OptionError
        For an unknown parameter, or rules the game does not play (:func:`blind_rules`).
    RulesError
        For unknown rules.
    """
    merged = merged_params(params, DEFAULTS, GAME_NAME)
    name = str(merged["rules"])
    given = {k.strip().lower(): v.strip().lower() for k, v in set_options(merged["set"]).items()}
    if given.get("knowledge", "blind") != "blind":
        raise OptionError(
            f"{GAME_NAME} is 004's progressive game played blind (neither sees the other's "
            "dice): leave knowledge out of set (with the computer's hand seen the game is "
            "one of perfect information: payout --knowledge seen)"
        )
    settings = settings_text(name, merged["set"])
    blind_rules(name, settings)
    return name, settings


def load_game(params: dict[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(GAME_NAME, params)`` with the parameters checked first.

    Raises
    ------
    OptionError
        Without ``pyspiel``, or for a parameter :func:`setting_key` refuses.
    """
    return load_checked(GAME_NAME, tuple(DEFAULTS), setting_key({} if params is None else params))


@functools.lru_cache(maxsize=8)
def _setting(rules_name: str, settings: str) -> RoundSetting:
    rules = blind_rules(rules_name, settings)
    return RoundSetting(rules, 2, payout_matrix(rules))


def setting(params: dict[str, Any]) -> RoundSetting:
    """The shared :class:`~pokerdice_stats.engines.blind.openspiel_round.RoundSetting` of a
    parameter set (built once a process): the blind rules, two seats, 004's payouts."""
    return _setting(*setting_key(params))


def _shared_of(params: dict[str, Any]) -> tuple[tuple, RoundSetting]:
    key = setting_key(params)
    return key, _setting(*key)


register_round_game(
    GAME_NAME, "Poker dice 004: progressive, the player and the computer both blind", DEFAULTS,
    _shared_of, 2,
)  # fmt: skip
