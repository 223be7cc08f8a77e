"""A blind round as an OpenSpiel game: what 004's banking and progressive played blind share.

Each seat in turn, player 0 first, plays its whole turn: a chance node throws the dice not
kept (its outcome is the hand the throw lands on, as a hand index 0..251, with the throw's
chance), then, while throws are left, the seat keeps some dice: action ``k`` is the kept
sub-multiset's index 0..461 (:data:`~pokerdice_stats.ground.indexing.KEEP_COUNTS`), the
hand's own keep stands.  Nobody sees another seat's dice, nor how many times it threw: a
player's information state is its own throws and keeps.  What ends the round is the
game's (:class:`RoundSetting`): the best hand takes a pot of one ante a seat (the very same
dice split it), or two seats settle by a payout table.

A game folder registers its game with :func:`register_round_game` (its name, parameters
and the setting they make); :mod:`.openspiel_observer` says what a player observes and
:mod:`.openspiel_policy` plays a mixture of hold tables in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pokerdice_stats.engines.blind.openspiel_observer import RoundObserver
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet
from pokerdice_stats.turn.states import allowed_subkeeps, state_kind

__all__ = [
    "AVAILABLE",
    "RoundSetting",
    "action_index",
    "check_turn_by_hand",
    "hidden_hand_type",
    "register_round_game",
]


def check_turn_by_hand(rules: RuleSet, game: str) -> None:
    """Refuse rules whose turn is tracked by more than its hand (what the game's states
    hold): sticky holds, a turn-scoped ``max_rethrow`` below 5, a throw limit.

    Raises
    ------
    OptionError
        For such rules.
    """
    if state_kind(rules) != "hand" or rules.throw_limit != "none":
        raise OptionError(
            f"{game} tracks a turn by its hand alone: sticky holds, a turn-scoped "
            "max_rethrow below 5 and a throw limit are not played"
        )


class RoundSetting:
    """What every state of one game shares: the rules, the seats, the hands' strengths and
    texts, each hand's legal keeps, each keep's throw (outcomes and chances) and how the
    round ends: a pot of one ante a seat (``payout`` None), or ``payout[hand_0, hand_1]``
    points from player 1 to player 0 (two seats)."""

    def __init__(self, rules: RuleSet, players: int, payout: np.ndarray | None = None) -> None:
        if payout is not None and players != 2:
            raise OptionError("a payout table settles a round of two seats")
        self.rules = rules
        self.players = players
        self.payout = payout
        table = hand_table(rules)
        self.strength = np.asarray(table.strength, dtype=np.int64)
        self.hand_texts = tuple(table.format(h) for h in range(ix.N_HANDS))
        self.keep_texts = tuple(
            format_counts(ix.KEEP_COUNTS[k], rules) or "-" for k in range(ix.N_KEEPS)
        )
        self.keeps = tuple(
            tuple(sorted([int(ix.HAND_KEEP[h]), *allowed_subkeeps(rules, h)]))
            for h in range(ix.N_HANDS)
        )
        self.throws: dict[int, list[tuple[int, float]]] = {}

    @property
    def return_bounds(self) -> tuple[float, float]:
        """The least and the most a seat can end a round with (the game's utility bounds):
        a pot loses at most the ante and wins at most the others' antes; a payout table
        pays either way up to its largest entry."""
        if self.payout is None:
            return -1.0, float(self.players - 1)
        largest = float(np.abs(self.payout).max())
        return -largest, largest

    def check_throw(self, keep: int, hand: object) -> int:
        """``hand`` as an index, refused unless a throw of the dice not in ``keep`` can land
        on it.

        Raises
        ------
        OptionError
            For anything else (OpenSpiel would go on to an impossible state).
        """
        index = action_index(hand, ix.N_HANDS, "a thrown hand")
        if not (ix.KEEP_COUNTS[keep] <= ix.HAND_COUNTS[index]).all():
            raise OptionError(
                f"a throw keeping {self.keep_texts[keep]} cannot land on "
                f"{self.hand_texts[index]} (hand {index})"
            )
        return index

    def check_keep(self, hand: int, keep: object) -> int:
        """``keep`` as an index, refused unless it is a legal keep of ``hand``.

        Raises
        ------
        OptionError
            For a keep the rules do not allow there.
        """
        index = action_index(keep, ix.N_KEEPS, "a keep")
        if index not in self.keeps[hand]:
            raise OptionError(
                f"keep {index} ({self.keep_texts[index]}) is not a legal keep of "
                f"{self.hand_texts[hand]}; the legal keeps are {list(self.keeps[hand])}"
            )
        return index

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
        """Each seat's result with these final hands: antes won net of its ante (a pot), or
        the points paid (a payout table)."""
        if self.payout is not None:
            pay = float(self.payout[finals[0], finals[1]])
            return [pay, 0.0 - pay]  # not -0.0 for a push
        strengths = self.strength[finals]
        best = strengths == strengths.max()
        share = self.players / int(best.sum())
        return [share - 1.0 if won else -1.0 for won in best]


def action_index(action: object, count: int, what: str) -> int:
    """``action`` as an index below ``count``, or an OptionError naming ``what`` it is."""
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
        raise OptionError(f"{what} is a whole number from 0 to {count - 1}, got {action!r}")
    if not 0 <= int(action) < count:
        raise OptionError(f"{what} is a whole number from 0 to {count - 1}, got {action}")
    return int(action)


try:
    import pyspiel
except ImportError:  # the openspiel extra is not installed
    pyspiel = None

AVAILABLE = pyspiel is not None


def hidden_hand_type(name: str, long_name: str, defaults: dict[str, Any], most_seats: int) -> Any:
    """The ``pyspiel.GameType`` of the toolkit's hidden-hand games: sequential, chance
    explicit, imperfect information, zero-sum, paid at the end, strings and tensors of
    information states and observations; 2 to ``most_seats`` players."""
    assert pyspiel is not None
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most_seats,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def register_round_game(
    name: str,
    long_name: str,
    defaults: dict[str, Any],
    shared_of: Callable[[dict[str, Any]], tuple[tuple, RoundSetting]],
    most_seats: int,
) -> Any:
    """Register a blind round with OpenSpiel under ``name`` (nothing without ``pyspiel``).

    ``shared_of(params)`` checks a parameter set and gives its key (the parameters in one
    form, in the order of ``defaults``) and the game's :class:`RoundSetting`.  Returns the
    game's class (None without ``pyspiel``).
    """
    if pyspiel is None:
        return None
    game_type = hidden_hand_type(name, long_name, defaults, most_seats)

    class RoundGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            key, self.shared = shared_of({**defaults, **(params or {})})
            players, throws = self.shared.players, self.shared.rules.throws
            info = pyspiel.GameInfo(
                num_distinct_actions=ix.N_KEEPS,
                max_chance_outcomes=ix.N_HANDS,
                num_players=players,
                min_utility=self.shared.return_bounds[0],
                max_utility=self.shared.return_bounds[1],
                utility_sum=0.0,
                max_game_length=players * (throws - 1),  # the players' keeps only
            )
            super().__init__(game_type, info, dict(zip(defaults, key, strict=True)))

        def new_initial_state(self) -> RoundState:
            return RoundState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict | None = None
        ) -> RoundObserver:
            return RoundObserver(iig_obs_type, params, self.shared, name)

    RoundGame.__name__ = RoundGame.__qualname__ = f"RoundGame_{name}"
    pyspiel.register_game(game_type, RoundGame)
    return RoundGame


if pyspiel is not None:

    class RoundState(pyspiel.State):
        """Seats' throws and keeps so far; the seat to move; its hand and throws left."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.shared: RoundSetting = game.shared
            self.seat = 0
            self.left = self.shared.rules.throws  # throws still to come for the seat
            self.hand = -1  # the seat's hand (-1: before its first throw)
            self.keep = int(ix.EMPTY_KEEP)  # what the coming throw keeps
            self.chance = True
            self.finals: list[int] = []
            self.history_of: list[list[tuple[str, int]]] = [[] for _ in range(self.shared.players)]

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
                hand = self.shared.check_throw(self.keep, action)
                self.hand, self.left, self.chance = hand, self.left - 1, False
                self.history_of[seat].append(("throw", self.hand))
                if self.left == 0:
                    self._end_turn()
                return
            action = self.shared.check_keep(self.hand, action)
            self.history_of[seat].append(("keep", action))
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
                hand = action_index(action, ix.N_HANDS, "a hand")
                return f"throw {self.shared.hand_texts[hand]}"
            action = action_index(action, ix.N_KEEPS, "a keep")
            if self.hand >= 0 and action == ix.HAND_KEEP[self.hand]:
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
