"""003 bidding for two as an OpenSpiel game, so that any OpenSpiel algorithm runs on it.

Importing this module registers the game ``pokerdice_bidding`` with OpenSpiel
(``pyspiel``, the ``open-spiel`` package: ``pip install -e ".[openspiel]"``);
without ``pyspiel`` it registers nothing and :data:`AVAILABLE` is False.  The
command line never imports it (``pyspiel`` is slow to load).

Parameters (all optional):

- ``rules``: a preset (default ``classic``);
- ``ladder``: ``category`` (default) or ``fine``;
- ``rungs``: rungs separated by ``;`` of that ladder to bid on (default: all;
  the lowest kept rung must be met by every ten dice, as in
  :func:`~pokerdice_stats.games.bidding.exact.solve.restricted_ladder`);
- ``hands``: hand indices (0..251) separated by ``;`` to deal from, each with
  its throw's weight (default: all 252; a few make a game small enough for
  OpenSpiel's Python algorithms, whose tree walk visits every deal).  Lists
  use ``;`` since OpenSpiel keeps commas for the names of games.

Moves: action ``r`` bids rung ``r`` of the (restricted) ladder, action
``n_rungs`` calls.  Two chance nodes deal seat 1's hand, then seat 2's.  A
player's information state is its own hand and the bids so far.  Returns
are +1 / -1 (zero-sum), as in :mod:`~pokerdice_stats.games.bidding.exact.game`.

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> from pokerdice_stats.games.bidding import openspiel_game  # doctest: +SKIP
>>> game = pyspiel.load_game(GAME_NAME, {"rungs": "high-die;full-house"})  # doctest: +SKIP
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from pokerdice_stats.games.bidding.exact.odds import BidLadder, bid_ladder
from pokerdice_stats.games.bidding.exact.solve import restricted_ladder
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.rules import get_rules

__all__ = ["AVAILABLE", "GAME_NAME", "game_deal", "game_ladder", "setting"]

GAME_NAME = "pokerdice_bidding"
DEFAULTS = {"rules": "classic", "ladder": "category", "rungs": "", "hands": ""}


def game_ladder(params: dict[str, Any]) -> BidLadder:
    """The ladder a parameter set plays (restricted to ``rungs`` when given)."""
    rules = get_rules(str(params.get("rules", "classic")))
    ladder = bid_ladder(rules, str(params.get("ladder", "category")))
    rungs = [r.strip() for r in str(params.get("rungs", "")).split(";") if r.strip()]
    return restricted_ladder(ladder, tuple(rungs)) if rungs else ladder


def game_deal(params: dict[str, Any]) -> np.ndarray:
    """Each hand's chance of being dealt: the throw's over the ``hands`` dealt (others 0)."""
    text = str(params.get("hands", ""))
    hands = [_hand_index(h) for h in text.split(";") if h.strip()] or list(range(ix.N_HANDS))
    weights = np.zeros(ix.N_HANDS)
    weights[hands] = ix.HAND_WAYS[hands]
    return weights / weights.sum()


def _hand_index(text: str) -> int:
    """One hand index of the ``hands`` parameter, 0..251.

    Raises
    ------
    OptionError
        For anything else.
    """
    word = text.strip()
    if not (word.isascii() and word.isdigit()) or not 0 <= int(word) < ix.N_HANDS:
        raise OptionError(
            f"hands: each hand is an index 0 to {ix.N_HANDS - 1} (separated by ;), got {word!r}"
        )
    return int(word)


@functools.lru_cache(maxsize=16)
def _setting(rules: str, ladder: str, rungs: str, hands: str) -> tuple[BidLadder, np.ndarray]:
    params = {"rules": rules, "ladder": ladder, "rungs": rungs, "hands": hands}
    deal = game_deal(params)
    deal.setflags(write=False)
    return game_ladder(params), deal


def setting_key(params: dict[str, Any]) -> tuple[str, str, str, str]:
    """The parameters that make the game, as text, in one order (defaults filled in)."""
    merged = {**DEFAULTS, **params}
    rules, ladder, rungs, hands = (str(merged[k]) for k in ("rules", "ladder", "rungs", "hands"))
    return rules, ladder, rungs, hands


def setting(params: dict[str, Any]) -> tuple[BidLadder, np.ndarray]:
    """The ladder and the deal of a parameter set (built once, shared by every state)."""
    return _setting(*setting_key(params))


@functools.lru_cache(maxsize=16)
def _dealt(key: tuple[str, str, str, str]) -> tuple[int, ...]:
    return tuple(int(h) for h in np.flatnonzero(_setting(*key)[1]))


try:
    import pyspiel
except ImportError:  # the openspiel extra is not installed
    pyspiel = None

AVAILABLE = pyspiel is not None

if pyspiel is not None:
    GAME_TYPE = pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Poker dice 003: bidding for two",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=DEFAULTS,
    )

    class BiddingGame(pyspiel.Game):
        """Bidding for two (see the module docstring)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            merged = {**DEFAULTS, **(params or {})}
            n = setting(merged)[0].n_rungs
            info = pyspiel.GameInfo(
                num_distinct_actions=n + 1,
                max_chance_outcomes=ix.N_HANDS,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=n + 3,
            )
            super().__init__(GAME_TYPE, info, merged)

        def new_initial_state(self) -> BiddingState:
            return BiddingState(self)

        def make_py_observer(self, iig_obs_type=None, params=None) -> BiddingObserver:
            return BiddingObserver(iig_obs_type)

    class BiddingState(pyspiel.State):
        """Hands dealt, bids so far, and whether the last bid was called."""

        def __init__(self, game: BiddingGame) -> None:
            super().__init__(game)
            # The ladder (a 252 x 252 table) and the deal are shared through the key: a
            # state that held them would copy half a megabyte at every clone.
            self.key = setting_key(game.get_parameters())
            self.hands: list[int] = []
            self.bids: list[int] = []
            self.called = False

        @property
        def ladder(self) -> BidLadder:
            """The ladder played (shared by every state of the game)."""
            return _setting(*self.key)[0]

        @property
        def deal(self) -> np.ndarray:
            """Each hand's chance of being dealt (shared, read-only)."""
            return _setting(*self.key)[1]

        @property
        def dealt(self) -> tuple[int, ...]:
            """The hands dealt with a chance above 0."""
            return _dealt(self.key)

        def current_player(self) -> int:
            if self.called:
                return int(pyspiel.PlayerId.TERMINAL)
            if len(self.hands) < 2:
                return int(pyspiel.PlayerId.CHANCE)
            return len(self.bids) % 2

        def _legal_actions(self, player: int) -> list[int]:
            n = self.ladder.n_rungs
            last = self.bids[-1] if self.bids else -1
            return list(range(last + 1, n)) + ([n] if self.bids else [])

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(h, float(self.deal[h])) for h in self.dealt]

        def _apply_action(self, action: int) -> None:
            if len(self.hands) < 2:
                self.hands.append(int(action))
            elif action == self.ladder.n_rungs:
                self.called = True
            else:
                self.bids.append(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"hand {action}"
            ladder = self.ladder
            return "call" if action == ladder.n_rungs else ladder.labels[action]

        def is_terminal(self) -> bool:
            return self.called

        def returns(self) -> list[float]:
            if not self.called:
                return [0.0, 0.0]
            made = self.ladder.pair_rung[self.hands[0], self.hands[1]]
            bidder = (len(self.bids) - 1) % 2  # 0: seat 1
            bidder_wins = made >= self.bids[-1]
            seat1 = 1.0 if bidder_wins == (bidder == 0) else -1.0
            return [seat1, -seat1]

        def __str__(self) -> str:
            return f"hands {self.hands} bids {self.bids}" + (" called" if self.called else "")

    class BiddingObserver:
        """Information state strings: own hand and the bids so far."""

        def __init__(self, iig_obs_type: Any) -> None:
            self.tensor = np.zeros(0)
            self.dict: dict[str, np.ndarray] = {}

        def set_from(self, state: BiddingState, player: int) -> None:
            pass

        def string_from(self, state: BiddingState, player: int) -> str:
            hand = state.hands[player] if len(state.hands) > player else -1
            return f"p{player} hand {hand} bids {','.join(map(str, state.bids))}"

    pyspiel.register_game(GAME_TYPE, BiddingGame)
