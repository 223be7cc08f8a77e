"""What a player of an OpenSpiel blind round sees: observation strings and tensors.

:class:`RoundObserver` (of the games of :mod:`.openspiel_round`) honours the observation
type OpenSpiel asks for (``pyspiel.IIGObservationType``).  The pieces, in this order
(``observer.dict`` names them, ``observer.tensor`` is them flat, ``float32``):

=========  ====================  =====================================  ===================
piece      shape                 kept when                              holds
=========  ====================  =====================================  ===================
player     N                     always                                 the observer
turn       T x (252 + 462)       ``private_info`` SINGLE_PLAYER and     each own throw's
                                 ``perfect_recall``                     hand and keep
hand       252                   SINGLE_PLAYER, not ``perfect_recall``  own hand now
left       T + 1                 SINGLE_PLAYER, not ``perfect_recall``  own throws left
hands      N x 252               ``private_info`` ALL_PLAYERS           every seat's hand
to_move    N                     ``public_info``                        the seat to move
=========  ====================  =====================================  ===================

(N seats, T throws a turn.)  Blind: another seat's dice are private to it; that a seat
is throwing is public.  Strings say the same in words: ``p1 throw 6 6 4 2 1 keep 6 6
throw 6 6 6 5 3`` (the information state: own throws and keeps), ``p1 hand 6 6 6 5 3 1
throw left`` (an observation without perfect recall); ``p0 to move`` is added for public
information, and ``hands`` lists every seat's hand for ALL_PLAYERS.

Examples
--------
>>> from pokerdice_stats.engines.blind.openspiel_round import RoundSetting
>>> from pokerdice_stats.turn.rules import get_rules
>>> observer = RoundObserver(None, None, RoundSetting(get_rules("banking"), 2), "a round")
>>> list(observer.dict), observer.tensor.shape
(['player', 'hand', 'left', 'to_move'], (260,))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError

__all__ = ["RoundObserver", "reading", "tensor_views"]

_PRIVATE = ("NONE", "SINGLE_PLAYER", "ALL_PLAYERS")


def tensor_views(
    pieces: list[tuple[str, tuple[int, ...]]],
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """One flat ``float32`` tensor of the named pieces, and a view of each (its shape)."""
    sizes = [int(np.prod(shape)) for _, shape in pieces]
    tensor = np.zeros(sum(sizes), np.float32)
    views: dict[str, np.ndarray] = {}
    start = 0
    for (name, shape), size in zip(pieces, sizes, strict=True):
        views[name] = tensor[start : start + size].reshape(shape)
        start += size
    return tensor, views


def reading(iig_obs_type: Any, game: str) -> tuple[bool, bool, str]:
    """``(perfect_recall, public_info, private_info name)``; None: OpenSpiel's default
    observation (no perfect recall, public information, the observer's own)."""
    if iig_obs_type is None:
        return False, True, "SINGLE_PLAYER"
    private = iig_obs_type.private_info
    name = getattr(private, "name", str(private))
    if name not in _PRIVATE:
        raise OptionError(f"{game}: unknown private_info {private!r}")
    return bool(iig_obs_type.perfect_recall), bool(iig_obs_type.public_info), name


class RoundObserver:
    """An observer of one observation type (see the module docstring), of the game
    ``game`` whose shared :class:`~pokerdice_stats.engines.blind.openspiel_round.RoundSetting`
    is ``shared``.

    Raises
    ------
    OptionError
        For observation parameters (none are read).
    """

    def __init__(self, iig_obs_type: Any, params: dict | None, shared: Any, game: str) -> None:
        if params:
            raise OptionError(f"{game} reads no observation parameters, got {params}")
        self.perfect_recall, self.public, self.private = reading(iig_obs_type, game)
        self.shared = shared
        n, throws = shared.players, shared.rules.throws
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (n,))]
        if self.private == "SINGLE_PLAYER" and self.perfect_recall:
            pieces.append(("turn", (throws, ix.N_HANDS + ix.N_KEEPS)))
        elif self.private == "SINGLE_PLAYER":
            pieces += [("hand", (ix.N_HANDS,)), ("left", (throws + 1,))]
        elif self.private == "ALL_PLAYERS":
            pieces.append(("hands", (n, ix.N_HANDS)))
        if self.public:
            pieces.append(("to_move", (n,)))
        self.tensor, self.dict = tensor_views(pieces)

    @staticmethod
    def _hand_of(state: Any, seat: int) -> int:
        """A seat's hand now: its final, the one it is throwing, or -1 (not thrown yet)."""
        if seat < len(state.finals):
            return state.finals[seat]
        return state.hand if seat == state.seat else -1

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` (and its views in :attr:`dict`) with what ``player`` sees."""
        self.tensor.fill(0)
        pieces = self.dict
        pieces["player"][player] = 1
        if "turn" in pieces:
            throw = -1
            for kind, value in state.history_of[player]:
                if kind == "throw":
                    throw += 1
                    pieces["turn"][throw, value] = 1
                else:
                    pieces["turn"][throw, ix.N_HANDS + value] = 1
        if "hand" in pieces:
            hand = self._hand_of(state, player)
            if hand >= 0:
                pieces["hand"][hand] = 1
                pieces["left"][self._left_of(state, player)] = 1
        if "hands" in pieces:
            for seat in range(self.shared.players):
                hand = self._hand_of(state, seat)
                if hand >= 0:
                    pieces["hands"][seat, hand] = 1
        if "to_move" in pieces and state.seat < self.shared.players:
            pieces["to_move"][state.seat] = 1

    def _left_of(self, state: Any, seat: int) -> int:
        return 0 if seat < len(state.finals) else state.left

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` sees, in words (see the module docstring)."""
        texts, words = self.shared.hand_texts, [f"p{player}"]
        if self.private == "SINGLE_PLAYER" and self.perfect_recall:
            hand = -1
            for kind, value in state.history_of[player]:
                if kind == "throw":
                    hand = value
                    words.append(f"throw {texts[value]}")
                elif value == ix.HAND_KEEP[hand]:
                    words.append("stand")
                else:
                    words.append(f"keep {self.shared.keep_texts[value]}")
        elif self.private == "SINGLE_PLAYER":
            hand = self._hand_of(state, player)
            left = self._left_of(state, player)
            words.append(f"hand {texts[hand] if hand >= 0 else '?'} {left} throw")
            words[-1] += ("" if left == 1 else "s") + " left"
        elif self.private == "ALL_PLAYERS":
            hands = [self._hand_of(state, seat) for seat in range(self.shared.players)]
            words.append("hands " + " | ".join(texts[h] if h >= 0 else "?" for h in hands))
        if self.public and state.seat < self.shared.players:
            words.append(f"p{state.seat} to move")
        return " ".join(words)
