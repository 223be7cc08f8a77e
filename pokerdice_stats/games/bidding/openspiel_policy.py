"""The toolkit's solutions of bidding for two as OpenSpiel policies.

:func:`openspiel_policy` turns a solution into an ``open_spiel.python.policy.Policy`` of
the OpenSpiel game ``pokerdice_bidding``
(:mod:`~pokerdice_stats.games.bidding.openspiel_game`), so that OpenSpiel's own tools
measure it: ``exploitability.nash_conv(game, policy)`` is the solution's
``exploitability`` (both seats' best-response gains together: OpenSpiel's NashConv, twice
its ``exploitability.exploitability``), ``expected_game_score.policy_value`` its value.
Two kinds of solution are read:

- :class:`~pokerdice_stats.games.bidding.exact.game.Bidding` (``solve_bidding``,
  ``solve_ladder``: the exact program): at the mover's own hand and the bids so far, the
  chance of each legal move is the solution's behaviour strategy;
- :class:`~pokerdice_stats.games.bidding.exact.claims_answer.ClaimsBidding`
  (``solve_claims``: a ladder solved on its claims, the fine ladder's answer), read as
  the toolkit reads it on every rung: each bid so far is the claim it makes; the
  solution's mix at that history of claims bids the top rung of each claim's block
  (other rungs: never); outside its tree (a history of claims the solve never grew, or
  two bids of one claim) it calls.

The game must play the solution's ladder: the same rungs, met by the same pairs of hands
(the game's ``rules``, ``ladder`` and ``rungs``); its deal may be any (a strategy is
given for every hand).

Examples
--------
>>> import pyspiel  # doctest: +SKIP
>>> from open_spiel.python.algorithms import exploitability  # doctest: +SKIP
>>> from pokerdice_stats import get_rules  # doctest: +SKIP
>>> from pokerdice_stats.games.bidding import openspiel_game  # doctest: +SKIP
>>> from pokerdice_stats.games.bidding.exact.game import solve_bidding  # doctest: +SKIP
>>> params = {"rungs": "two-pair;three-of-a-kind;full-house;four-of-a-kind;five-of-a-kind",
...           "hands": "7;67;103;105;121;231"}  # doctest: +SKIP
>>> game = pyspiel.load_game(openspiel_game.GAME_NAME, params)  # doctest: +SKIP
>>> ladder, deal = openspiel_game.setting(params)  # doctest: +SKIP
>>> result = solve_bidding(get_rules("classic"), ladder, chances=deal)  # doctest: +SKIP
>>> float(exploitability.nash_conv(game, openspiel_policy(result, game))) < 1e-9  # doctest: +SKIP
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerdice_stats.games.bidding import openspiel_game
from pokerdice_stats.games.bidding.exact.claims import claim_of_rung
from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_tree import CALL as CLAIMS_CALL
from pokerdice_stats.games.bidding.exact.game import Bidding
from pokerdice_stats.games.bidding.exact.odds import BidLadder
from pokerdice_stats.games.bidding.exact.tree import CALL
from pokerdice_stats.ground.errors import OptionError

try:
    from open_spiel.python import policy as os_policy
except ImportError:  # the openspiel extra is not installed
    os_policy = None

__all__ = ["openspiel_policy"]


def _check_ladder(game: Any, ladder: BidLadder) -> None:
    """Refuse a game that does not play ``ladder`` (other rungs, or other pairs make them)."""
    played = openspiel_game.setting(game.get_parameters())[0]
    if played.labels != ladder.labels or not np.array_equal(played.pair_rung, ladder.pair_rung):
        raise OptionError(
            f"the game plays the rungs {', '.join(played.labels)} of its rules, the solution "
            f"{', '.join(ladder.labels)} of {ladder.rules.label()}: load the game with the "
            "solution's rules, ladder and rungs"
        )


def openspiel_policy(result: Bidding | ClaimsBidding, game: Any) -> Any:
    """The solution ``result`` as an OpenSpiel policy of ``game`` (see the module docstring).

    Parameters
    ----------
    result : Bidding or ClaimsBidding
        A solution of the exact program, or of a ladder on its claims.
    game : pyspiel.Game
        A ``pokerdice_bidding`` game playing the solution's ladder (any deal).

    Returns
    -------
    open_spiel.python.policy.Policy
        Both players' moves: ``action_probabilities(state)`` gives the chance of each
        legal action of the player to move.

    Raises
    ------
    OptionError
        Without OpenSpiel (the ``openspiel`` extra), for a result of another kind, or for
        a game that does not play the solution's ladder.
    """
    if os_policy is None:
        raise OptionError('OpenSpiel is not installed: pip install -e ".[openspiel]"')
    if isinstance(result, Bidding):
        _check_ladder(game, result.ladder)
        return ProgramPolicy(game, result)
    if isinstance(result, ClaimsBidding):
        _check_ladder(game, result.ladder)
        return ClaimsPolicy(game, result)
    raise OptionError(
        f"openspiel_policy reads a Bidding or a ClaimsBidding, not {type(result).__name__}"
    )


if os_policy is not None:

    class ProgramPolicy(os_policy.Policy):
        """The exact program's behaviour strategies, read state by state."""

        def __init__(self, game: Any, result: Bidding) -> None:
            super().__init__(game, [0, 1])
            self.result = result
            self.n_rungs = result.ladder.n_rungs  # OpenSpiel's action for the call

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict:
            if state.is_chance_node():
                return dict(state.chance_outcomes())
            seat = state.current_player() + 1
            history = tuple(state.bids)
            hand = state.hands[seat - 1]
            index = self.result.tree.seq_index[seat]
            strategy = self.result.strategy[seat]
            out = {}
            for action in state.legal_actions():
                move = CALL if action == self.n_rungs else action
                out[action] = float(strategy[hand, index[(history, move)]])
            return out

    class ClaimsPolicy(os_policy.Policy):
        """A solution on claims, read on every rung (see the module docstring)."""

        def __init__(self, game: Any, result: ClaimsBidding) -> None:
            super().__init__(game, [0, 1])
            self.result = result
            self.n_rungs = result.ladder.n_rungs  # OpenSpiel's action for the call
            self.claim = [int(c) for c in claim_of_rung(result.ladder)]
            self.tops = [int(t) for t in result.tops]

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict:
            if state.is_chance_node():
                return dict(state.chance_outcomes())
            hand = state.hands[state.current_player()]
            claims = tuple(self.claim[b] for b in state.bids)
            found = self.result.policy.get(claims)
            out = dict.fromkeys(state.legal_actions(), 0.0)
            if found is None:  # outside the tree (or a claim made twice): the call
                out[self.n_rungs] = 1.0
                return out
            moves, mix = found
            for k, move in enumerate(moves):
                action = self.n_rungs if move == CLAIMS_CALL else self.tops[move]
                out[action] = float(mix[k, hand])
            return out
