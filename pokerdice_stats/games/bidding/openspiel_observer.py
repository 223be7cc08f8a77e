"""What a player of the OpenSpiel bidding game sees: observation strings and tensors.

:class:`BiddingObserver` honours the observation type OpenSpiel asks for
(``pyspiel.IIGObservationType``: ``perfect_recall``, ``public_info``, ``private_info``).
An observation is made of these pieces, in this order (``observer.dict`` names them,
``observer.tensor`` is them flat, ``float32``):

=========  ==============  =======================================  =========================
piece      shape           kept when                                holds
=========  ==============  =======================================  =========================
player     2               always                                   the observing player
hand       n_dealt         ``private_info`` SINGLE_PLAYER           own hand (zeros until it
                                                                    is dealt)
hands      2 x n_dealt     ``private_info`` ALL_PLAYERS             both hands (row 0:
                                                                    player 0, seat 1)
bids       n_rungs         ``public_info``, ``perfect_recall``      1 on every rung bid so far
last_bid   n_rungs         ``public_info``, not ``perfect_recall``  the last bid alone
to_move    2               ``public_info``                          the player to move
called     1               ``public_info``                          1 once the last bid is
                                                                    called (the game is over)
=========  ==============  =======================================  =========================

A hand is one-hot over the hands of the deal (its ``hands`` parameter, sorted; all 252
by default).  Bids rise and alternate from player 0, so the rungs bid are the whole
public history: ``bids`` makes the information state (perfect recall).  Without perfect
recall a player observes what the table shows *now*: the last bid (the claim to beat)
and who is to move, not how the bidding got there.  ``perfect_recall`` without
``public_info`` is refused (a player's own bids are public), and so are observation
parameters.

Strings say the same in words, the hands as dice, the bids as rung labels:
``p0 hand Q Q Q 9 9 bids full-house,four-of-a-kind`` (the information state, the default
of ``information_state_string``), ``p1 hand A A K K 10 last bid four-of-a-kind p1 to
move`` (the default observation), ``p0 bids full-house`` (public only); ``?`` stands for
a hand not dealt yet, ``-`` for no bid, and ``call`` ends the string once the last bid
is called.  Player 0 is seat 1.

Examples
--------
>>> observer = BiddingObserver(None, None, ("high-die", "full-house"), (0, 46), ("9 9 9 9 9",
...     "Q Q Q 9 9"))
>>> list(observer.dict), observer.tensor.shape
(['player', 'hand', 'last_bid', 'to_move', 'called'], (9,))
"""

from __future__ import annotations

from typing import Any

from pokerdice_stats.engines.blind.openspiel_observer import reading, tensor_views
from pokerdice_stats.ground.errors import OptionError

__all__ = ["BiddingObserver"]


class BiddingObserver:
    """An observer of one observation type (see the module docstring).

    Parameters
    ----------
    iig_obs_type : pyspiel.IIGObservationType or None
        The observation type (None: OpenSpiel's default observation: no perfect recall,
        public information, the observer's own private information).
    params : dict or None
        Observation parameters: none are read, so any is refused.
    labels : tuple of str
        The ladder's rungs, lowest first.
    dealt : tuple of int
        The hands of the deal (hand indices, sorted).
    hand_texts : tuple of str
        The dice of each hand dealt, in the order of ``dealt``.

    Raises
    ------
    OptionError
        For observation parameters, or ``perfect_recall`` without ``public_info``.
    """

    def __init__(
        self,
        iig_obs_type: Any,
        params: dict | None,
        labels: tuple[str, ...],
        dealt: tuple[int, ...],
        hand_texts: tuple[str, ...],
    ) -> None:
        if params:
            raise OptionError(f"pokerdice_bidding reads no observation parameters, got {params}")
        self.perfect_recall, self.public, self.private = reading(iig_obs_type, "pokerdice_bidding")
        if self.perfect_recall and not self.public:
            raise OptionError(
                "pokerdice_bidding: perfect recall needs public_info (a player's own bids "
                "are public); ask for public_info=True"
            )
        self.labels = labels
        self.column = {hand: i for i, hand in enumerate(dealt)}
        self.hand_texts = dict(zip(dealt, hand_texts, strict=True))
        n, rungs = len(dealt), len(labels)
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (2,))]
        if self.private == "SINGLE_PLAYER":
            pieces.append(("hand", (n,)))
        elif self.private == "ALL_PLAYERS":
            pieces.append(("hands", (2, n)))
        if self.public:
            pieces.append(("bids" if self.perfect_recall else "last_bid", (rungs,)))
            pieces += [("to_move", (2,)), ("called", (1,))]
        self.tensor, self.dict = tensor_views(pieces)

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` (and its views in :attr:`dict`) with what ``player`` sees."""
        self.tensor.fill(0)
        pieces = self.dict
        pieces["player"][player] = 1
        hands = state.hands
        if "hand" in pieces and len(hands) > player:
            pieces["hand"][self.column[hands[player]]] = 1
        if "hands" in pieces:
            for seat, hand in enumerate(hands):
                pieces["hands"][seat, self.column[hand]] = 1
        if "bids" in pieces:
            pieces["bids"][state.bids] = 1
        if "last_bid" in pieces and state.bids:
            pieces["last_bid"][state.bids[-1]] = 1
        if "to_move" in pieces and len(hands) == 2 and not state.called:
            pieces["to_move"][len(state.bids) % 2] = 1
        if "called" in pieces:
            pieces["called"][0] = float(state.called)

    def _hand(self, hands: list[int], seat: int) -> str:
        return self.hand_texts[hands[seat]] if len(hands) > seat else "?"

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` sees, in words (see the module docstring)."""
        words = [f"p{player}"]
        hands = state.hands
        if self.private == "SINGLE_PLAYER":
            words.append(f"hand {self._hand(hands, player)}")
        elif self.private == "ALL_PLAYERS":
            words.append(f"hands {self._hand(hands, 0)} | {self._hand(hands, 1)}")
        if self.public:
            bids = [self.labels[b] for b in state.bids]
            if self.perfect_recall:
                words.append(f"bids {','.join(bids) or '-'}")
            else:
                words.append(f"last bid {bids[-1] if bids else '-'}")
                if len(hands) == 2 and not state.called:
                    words.append(f"p{len(bids) % 2} to move")
            if state.called:
                words.append("call")
        return " ".join(words)
