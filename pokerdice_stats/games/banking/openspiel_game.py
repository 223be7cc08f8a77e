"""004 banking as an OpenSpiel game: N seats throw blind, the best hand takes the antes.

Importing this module registers the game ``pokerdice_banking`` with OpenSpiel
(``pyspiel``, the ``open-spiel`` package: ``pip install -e ".[openspiel]"``); without
``pyspiel`` it registers nothing and :data:`AVAILABLE` is False.  The command line never
imports it.

Parameters: ``rules`` (a preset, default ``banking``) and ``players`` (2 to 5, default 2).
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
a player observes is :class:`BankingObserver`'s.

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
('banking', 3)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from pokerdice_stats.games.banking.exact.field import SHARED_TIES
from pokerdice_stats.games.banking.openspiel_observer import BankingObserver
from pokerdice_stats.games.openspiel_loading import load_checked
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.arguments import checked_whole_number
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet, get_rules
from pokerdice_stats.turn.states import allowed_subkeeps, state_kind

__all__ = ["AVAILABLE", "GAME_NAME", "Setting", "load_game", "setting", "setting_key"]

GAME_NAME = "pokerdice_banking"
DEFAULTS: dict[str, Any] = {"rules": "banking", "players": 2}
#: Seats a round may have (as the blind-round solver).
MOST_SEATS = 5


def setting_key(params: dict[str, Any]) -> tuple[str, int]:
    """``(rules, players)`` of a parameter set, defaults filled in, checked.

    Raises
    ------
    OptionError
        For an unknown parameter, a number of seats outside 2..5, or rules the game does
        not play (not blind, not a shared tied pot, a turn tracked by more than its hand).
    RulesError
        For unknown rules.
    """
    if not isinstance(params, dict):
        raise OptionError(f"the game's parameters must be a dict, got {type(params).__name__}")
    unknown = sorted(str(name) for name in params if name not in DEFAULTS)
    if unknown:
        raise OptionError(
            f"unknown parameter {unknown[0]!r} of {GAME_NAME}; its parameters are "
            + ", ".join(DEFAULTS)
        )
    merged = {**DEFAULTS, **params}
    players = checked_whole_number(merged["players"], "players", 2, MOST_SEATS)
    name = str(merged["rules"])
    _check_rules(get_rules(name))
    return name, players


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
    pokerdice_banking(players=3,rules=banking)
    """
    return load_checked(GAME_NAME, tuple(DEFAULTS), setting_key({} if params is None else params))


def _check_rules(rules: RuleSet) -> None:
    if rules.knowledge != "blind":
        raise OptionError(
            f"{GAME_NAME} plays blind rounds (knowledge=blind); rules {rules.label()} are seen"
        )
    if rules.ties not in SHARED_TIES:
        raise OptionError(
            f"{GAME_NAME} shares a tied pot (ties=split or push), not ties={rules.ties}"
        )
    if state_kind(rules) != "hand" or rules.throw_limit != "none":
        raise OptionError(
            f"{GAME_NAME} tracks a turn by its hand alone: sticky holds, a turn-scoped "
            "max_rethrow below 5 and a throw limit are not played"
        )


class Setting:
    """What every state of one game shares: the rules, the seats, the hands' strengths and
    texts, each hand's legal keeps and each keep's throw (outcomes and chances)."""

    def __init__(self, rules_name: str, players: int) -> None:
        self.rules = get_rules(rules_name)
        self.players = players
        table = hand_table(self.rules)
        self.strength = np.asarray(table.strength, dtype=np.int64)
        self.hand_texts = tuple(table.format(h) for h in range(ix.N_HANDS))
        self.keep_texts = tuple(
            format_counts(ix.KEEP_COUNTS[k], self.rules) or "-" for k in range(ix.N_KEEPS)
        )
        self.keeps = tuple(
            tuple(sorted([int(ix.HAND_KEEP[h]), *allowed_subkeeps(self.rules, h)]))
            for h in range(ix.N_HANDS)
        )
        self.throws: dict[int, list[tuple[int, float]]] = {}

    def throw(self, keep: int) -> list[tuple[int, float]]:
        """The hands a throw of the dice not in ``keep`` lands on, with their chances."""
        if keep not in self.throws:
            start, stop = ix.REROLL.ptr[keep], ix.REROLL.ptr[keep + 1]
            ways = ix.REROLL.val
            assert ways is not None  # (the reroll rows carry their ways, out of 7776)
            self.throws[keep] = [
                (int(h), float(w) / ix.N_THROWS)
                for h, w in zip(ix.REROLL.col[start:stop], ways[start:stop], strict=True)
            ]
        return self.throws[keep]

    def returns(self, finals: list[int]) -> list[float]:
        """Antes won by each seat, net of its ante, with these final hands."""
        strengths = self.strength[finals]
        best = strengths == strengths.max()
        share = self.players / int(best.sum())
        return [share - 1.0 if won else -1.0 for won in best]


@functools.lru_cache(maxsize=16)
def _setting(rules_name: str, players: int) -> Setting:
    return Setting(rules_name, players)


def setting(params: dict[str, Any]) -> Setting:
    """The shared :class:`Setting` of a parameter set (built once a process)."""
    return _setting(*setting_key(params))


try:
    import pyspiel
except ImportError:  # the openspiel extra is not installed
    pyspiel = None

AVAILABLE = pyspiel is not None

if pyspiel is not None:
    GAME_TYPE = pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Poker dice 004: banking, blind rounds of 2 to 5 seats",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MOST_SEATS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )

    class BankingGame(pyspiel.Game):
        """A blind banking round (see the module docstring)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            self.key = setting_key({**DEFAULTS, **(params or {})})
            shared = _setting(*self.key)
            players, throws = self.key[1], shared.rules.throws
            info = pyspiel.GameInfo(
                num_distinct_actions=ix.N_KEEPS,
                max_chance_outcomes=ix.N_HANDS,
                num_players=players,
                min_utility=-1.0,
                max_utility=float(players - 1),
                utility_sum=0.0,
                max_game_length=players * (throws - 1),  # the players' keeps only
            )
            super().__init__(GAME_TYPE, info, dict(zip(DEFAULTS, self.key, strict=True)))

        def new_initial_state(self) -> BankingState:
            return BankingState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict | None = None
        ) -> BankingObserver:
            return BankingObserver(iig_obs_type, params, _setting(*self.key))

    class BankingState(pyspiel.State):
        """Seats' throws and keeps so far; the seat to move; its hand and throws left."""

        def __init__(self, game: BankingGame) -> None:
            super().__init__(game)
            self.shared = _setting(*game.key)
            self.seat = 0
            self.left = self.shared.rules.throws  # throws still to come for the seat
            self.hand = -1  # the seat's hand (-1: before its first throw)
            self.keep = int(ix.EMPTY_KEEP)  # what the coming throw keeps
            self.chance = True
            self.finals: list[int] = []
            self.history_of: list[list[tuple[str, int]]] = [[] for _ in range(game.key[1])]

        def current_player(self) -> int:
            if self.seat >= self.shared.players:
                return pyspiel.PlayerId.TERMINAL
            return pyspiel.PlayerId.CHANCE if self.chance else self.seat

        def _legal_actions(self, player: int) -> list[int]:
            return list(self.shared.keeps[self.hand])

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.shared.throw(self.keep)

        def _apply_action(self, action: int) -> None:
            seat = self.seat
            if self.chance:
                self.hand, self.left, self.chance = int(action), self.left - 1, False
                self.history_of[seat].append(("throw", self.hand))
                if self.left == 0:
                    self._end_turn()
                return
            self.history_of[seat].append(("keep", int(action)))
            if action == ix.HAND_KEEP[self.hand]:  # stand
                self._end_turn()
            else:
                self.keep, self.chance = int(action), True

        def _end_turn(self) -> None:
            self.finals.append(self.hand)
            self.seat += 1
            self.left, self.hand = self.shared.rules.throws, -1
            self.keep, self.chance = int(ix.EMPTY_KEEP), True

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"throw {self.shared.hand_texts[action]}"
            if action == ix.HAND_KEEP[self.hand]:
                return "stand"
            return f"keep {self.shared.keep_texts[action]}"

        def is_terminal(self) -> bool:
            return self.seat >= self.shared.players

        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0] * self.shared.players
            return self.shared.returns(self.finals)

        def __str__(self) -> str:
            texts = self.shared.hand_texts
            done = " | ".join(texts[h] for h in self.finals) or "-"
            now = texts[self.hand] if self.hand >= 0 else "-"
            return f"finals {done} seat {self.seat} hand {now} throws left {self.left}"

    pyspiel.register_game(GAME_TYPE, BankingGame)
