"""003 bidding for two as an OpenSpiel game, so that any OpenSpiel algorithm runs on it.

Importing this module registers the game ``pokerdice_bidding`` with OpenSpiel
(``pyspiel``, the ``open-spiel`` package: ``pip install -e ".[openspiel]"``);
without ``pyspiel`` it registers nothing and :data:`AVAILABLE` is False.  The
command line never imports it (``pyspiel`` is slow to load).

Parameters (all optional, all text; lists separated by ``;``, since OpenSpiel keeps
commas for the names of games):

- ``rules``: a preset (default ``classic``);
- ``set``: options that change it, ``KEY:VALUE`` (or ``KEY=VALUE``) entries separated
  by ``;``, as ``--set`` takes them (``wild:9;straights:none``; default none), refused
  by name where the bidding game refuses them;
- ``ladder``: ``category`` (default) or ``fine``;
- ``rungs``: rung labels of that ladder to bid on (default: all), any order, any case.
  An unknown label is refused by name, with the ladder's labels; the lowest kept rung
  must be met by every ten dice (``high-die`` on the category ladder), as in
  :func:`~pokerdice_stats.games.bidding.exact.solve.restricted_ladder`;
- ``hands``: the hands to deal from, as the toolkit's hand indices 0..251 (default: all
  252), each with its throw's weight; a few make a game small enough for OpenSpiel's
  tree walks.  ``hand_table(get_rules("classic")).hand("Q Q Q 9 9")`` gives a hand's
  index (46) and ``.format(46)`` its dice.  One hand alone is written with a trailing
  ``;`` (``hands=46;``: OpenSpiel reads a bare number as an integer and refuses it);
  a hand given twice, an empty entry and a bare ``;`` are refused.

``str(game)`` writes the parameters in one form that ``pyspiel.load_game`` reads back
(the rungs as the ladder labels them, lowest first; the hands sorted, one alone with its
trailing ``;``), so ``pyspiel.serialize_game_and_state`` round-trips any game.

Player 0 is seat 1 (it bids first), player 1 seat 2.  Two chance nodes deal player 0's
hand, then player 1's (action: the hand index; its chance: the throw's, over the hands
dealt).  Action ``r`` bids rung ``r`` of the (restricted) ladder, action ``n_rungs``
calls; the top rung must be called.  Returns are +1 / -1 (zero-sum), as in
:mod:`~pokerdice_stats.games.bidding.exact.game`.  ``max_game_length`` counts the
players' moves only, as OpenSpiel's own games do: at most ``n_rungs`` bids and the call.
What a player observes (strings and tensors, by observation type) is
:mod:`~pokerdice_stats.games.bidding.openspiel_observer`'s; the toolkit's solutions play
the game through :func:`~pokerdice_stats.games.bidding.openspiel_policy.openspiel_policy`.

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> from pokerdice_stats.games.bidding import openspiel_game  # doctest: +SKIP
>>> game = pyspiel.load_game(GAME_NAME, {"rungs": "high-die;full-house"})  # doctest: +SKIP
>>> setting_key({"rungs": "Full-House; high-die", "hands": " 46 ", "set": "wild=9"})
('classic', 'wild:9', 'category', 'high-die;full-house', '46;')
>>> parse_hands("0;46;251;")
(0, 46, 251)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from pokerdice_stats.engines.blind.openspiel_round import action_index, hidden_hand_type
from pokerdice_stats.games.bidding.exact.odds import (
    BidLadder,
    bid_ladder,
    check_bidding_rules,
    check_ladder,
)
from pokerdice_stats.games.bidding.exact.solve import kept_rungs, restricted_ladder
from pokerdice_stats.games.bidding.openspiel_observer import BiddingObserver
from pokerdice_stats.games.openspiel_loading import (
    game_rules,
    list_entries,
    load_checked,
    merged_params,
    settings_text,
)
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table

__all__ = [
    "AVAILABLE",
    "GAME_NAME",
    "game_deal",
    "game_ladder",
    "load_game",
    "parse_hands",
    "setting",
    "setting_key",
]

GAME_NAME = "pokerdice_bidding"
DEFAULTS = {"rules": "classic", "set": "", "ladder": "category", "rungs": "", "hands": ""}


def parse_hands(text: str) -> tuple[int, ...]:
    """The hand indices of a ``hands`` parameter, sorted (empty: all 252 are dealt).

    Raises
    ------
    OptionError
        For an entry that is not an index 0..251, a hand given twice, an empty entry or
        a bare ``;``.
    """
    hands = []
    for word in list_entries(str(text), "hands"):
        if not (word.isascii() and word.isdigit()) or not 0 <= int(word) < ix.N_HANDS:
            raise OptionError(
                f"hands: each hand is an index 0 to {ix.N_HANDS - 1} (separated by ;), got {word!r}"
            )
        if int(word) in hands:
            raise OptionError(f"hands: hand {int(word)} is given twice in {text!r}")
        hands.append(int(word))
    return tuple(sorted(hands))


def _hands_text(hands: tuple[int, ...]) -> str:
    """The ``hands`` parameter of a deal, as ``str(game)`` writes it."""
    return ";".join(map(str, hands)) + (";" if len(hands) == 1 else "")


def _base(rules: str, settings: str, ladder: str) -> BidLadder:
    return bid_ladder(game_rules(rules, settings), check_ladder(ladder))


def setting_key(params: dict[str, Any]) -> tuple[str, str, str, str, str]:
    """``(rules, set, ladder, rungs, hands)`` of a parameter set, as text in one form:
    defaults filled in, the options that change the rules as
    :func:`~pokerdice_stats.games.openspiel_loading.settings_text` writes them, the rungs
    as the ladder labels them (lowest first), the hands sorted.

    Raises
    ------
    RulesError, OptionError
        For an unknown parameter, unknown rules or options, ladder or rung labels, or a
        bad ``hands`` list.
    """
    merged = merged_params(params, DEFAULTS, GAME_NAME)
    rules, ladder = str(merged["rules"]), str(merged["ladder"])
    settings = settings_text(rules, merged["set"])
    check_bidding_rules(game_rules(rules, settings))  # a key the game does not read: refused
    words = list_entries(str(merged["rungs"]), "rungs")
    base = _base(rules, settings, ladder)
    rungs = ";".join(base.labels[r] for r in kept_rungs(base, tuple(words))) if words else ""
    return rules, settings, ladder, rungs, _hands_text(parse_hands(str(merged["hands"])))


# A ladder holds a 252 x 252 table (some 0.5 MB): 64 of them keep at most some 32 MB,
# enough for a study that alternates between many games.  The ladder depends on the rules,
# the ladder and the rungs only, so games that differ in their deal alone share one; a
# deal is 2 KB.  A game whose entries leave the cache only builds them again.
@functools.lru_cache(maxsize=64)
def _ladder(rules: str, settings: str, ladder: str, rungs: str) -> BidLadder:
    base = _base(rules, settings, ladder)
    return restricted_ladder(base, tuple(rungs.split(";"))) if rungs else base


@functools.lru_cache(maxsize=1024)
def _deal(hands: str) -> tuple[np.ndarray, tuple[int, ...]]:
    dealt = parse_hands(hands) or tuple(range(ix.N_HANDS))
    weights = np.zeros(ix.N_HANDS)
    weights[list(dealt)] = ix.HAND_WAYS[list(dealt)]
    deal = weights / weights.sum()
    deal.setflags(write=False)
    return deal, dealt


@functools.lru_cache(maxsize=16)
def _hand_texts(rules: str, settings: str) -> tuple[str, ...]:
    table = hand_table(game_rules(rules, settings))
    return tuple(table.format(h) for h in range(ix.N_HANDS))


def _setting(
    rules: str, settings: str, ladder: str, rungs: str, hands: str
) -> tuple[BidLadder, np.ndarray]:
    return _ladder(rules, settings, ladder, rungs), _deal(hands)[0]


def load_game(params: dict[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(GAME_NAME, params)``, with the parameters checked first, so a
    mistake is the toolkit's :class:`~pokerdice_stats.ground.errors.OptionError` (a
    ``ValueError``) rather than OpenSpiel's ``SpielError`` (a ``RuntimeError``).

    Parameters
    ----------
    params : dict, optional
        ``rules``, ``set``, ``ladder``, ``rungs`` and ``hands``, as text (the module
        docstring).

    Returns
    -------
    pyspiel.Game
        The game, as ``pyspiel.load_game`` makes it.

    Raises
    ------
    OptionError
        Without ``pyspiel`` (the ``openspiel`` extra), for an unknown parameter, ladder,
        rung or hand list.
    RulesError
        For unknown rules.

    Examples
    --------
    >>> load_game({"rungs": "high-die;full-house", "hands": "0;46;251"})
    pokerdice_bidding(hands=0;46;251,ladder=category,rules=classic,rungs=high-die;full-house,set=)
    >>> load_game({"rung": "high-die"})
    Traceback (most recent call last):
    ...
    pokerdice_stats.ground.errors.OptionError: unknown parameter 'rung' of pokerdice_bidding; ...
    """
    return load_checked(GAME_NAME, tuple(DEFAULTS), setting_key({} if params is None else params))


def setting(params: dict[str, Any]) -> tuple[BidLadder, np.ndarray]:
    """The ladder and the deal of a parameter set (built once, shared by every state)."""
    return _setting(*setting_key(params))


def game_ladder(params: dict[str, Any]) -> BidLadder:
    """The ladder a parameter set plays (restricted to ``rungs`` when given)."""
    return setting(params)[0]


def game_deal(params: dict[str, Any]) -> np.ndarray:
    """Each hand's chance of being dealt: the throw's over the ``hands`` dealt (others 0)."""
    return setting(params)[1]


try:
    import pyspiel
except ImportError:  # the openspiel extra is not installed
    pyspiel = None

AVAILABLE = pyspiel is not None

if pyspiel is not None:
    GAME_TYPE = hidden_hand_type(GAME_NAME, "Poker dice 003: bidding for two", DEFAULTS, 2)

    class BiddingGame(pyspiel.Game):
        """Bidding for two (see the module docstring)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            self.key = setting_key({**DEFAULTS, **(params or {})})
            n = _setting(*self.key)[0].n_rungs
            info = pyspiel.GameInfo(
                num_distinct_actions=n + 1,
                max_chance_outcomes=ix.N_HANDS,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=n + 1,  # the bids of every rung, then the call
            )
            super().__init__(GAME_TYPE, info, dict(zip(DEFAULTS, self.key, strict=True)))

        def new_initial_state(self) -> BiddingState:
            return BiddingState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict | None = None
        ) -> BiddingObserver:
            dealt = _deal(self.key[4])[1]
            texts = _hand_texts(*self.key[:2])
            labels = _setting(*self.key)[0].labels
            return BiddingObserver(
                iig_obs_type, params, labels, dealt, tuple(texts[h] for h in dealt)
            )

    class BiddingState(pyspiel.State):
        """Hands dealt, bids so far, and whether the last bid was called."""

        def __init__(self, game: BiddingGame) -> None:
            super().__init__(game)
            # The ladder (a 252 x 252 table) and the deal are shared through the key: a
            # state that held them would copy half a megabyte at every clone.
            self.key = game.key
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
            return _deal(self.key[4])[0]

        @property
        def dealt(self) -> tuple[int, ...]:
            """The hands dealt with a chance above 0, sorted."""
            return _deal(self.key[4])[1]

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
            deal = self.deal
            return [(h, float(deal[h])) for h in self.dealt]

        def _apply_action(self, action: int) -> None:
            if len(self.hands) < 2:
                hand = action_index(action, ix.N_HANDS, "a hand dealt")
                if hand not in self.dealt:
                    raise OptionError(f"hand {hand} is not dealt in this game (its hands: "
                                      f"{list(self.dealt)})")  # fmt: skip
                self.hands.append(hand)
                return
            n = self.ladder.n_rungs
            action = action_index(action, n + 1, "a bid (or the call, the last action)")
            if action not in self._legal_actions(self.current_player()):
                last = self.ladder.labels[self.bids[-1]] if self.bids else None
                raise OptionError(
                    f"{'the call' if action == n else self.ladder.labels[action]} is not "
                    "legal here: "
                    + (f"a bid must be above {last}, or the last bid called" if last else
                       "the first bid opens the game, and nothing can be called yet")
                )  # fmt: skip
            if action == n:
                self.called = True
            else:
                self.bids.append(action)

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                hand = action_index(action, ix.N_HANDS, "a hand")
                return f"hand {_hand_texts(*self.key[:2])[hand]}"
            ladder = self.ladder
            action = action_index(action, ladder.n_rungs + 1, "a bid (or the call)")
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
            texts = _hand_texts(*self.key[:2])
            hands = " | ".join(texts[h] for h in self.hands) or "-"
            bids = ",".join(self.ladder.labels[b] for b in self.bids) or "-"
            return f"hands {hands} bids {bids}" + (" call" if self.called else "")

    pyspiel.register_game(GAME_TYPE, BiddingGame)
