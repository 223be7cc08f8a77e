"""003 variation 8, bidding for two: each throws behind a screen, bids, or calls.

- The bid ladders and what ten dice make (:mod:`.exact.odds`), the public tree
  (:mod:`.exact.tree`).
- The category ladder solved exactly: the sequence-form linear program
  (:mod:`.exact.sequence_form`, :mod:`.exact.game`, :mod:`.exact.solve`), best responses
  (:mod:`.exact.response`), simple players (:mod:`.exact.players`), tables
  (:mod:`.exact.frames`) and the answer at one position (:mod:`.exact.position`).
- The fine ladder solved on its claims: rungs that make the same claim
  (:mod:`.exact.claims`), discounted CFR over all hands on a tree of claims grown by reach
  (:mod:`.exact.claims_tree`, :mod:`.exact.claims_kernels`, :mod:`.exact.claims_cfr`), the
  answer (:mod:`.exact.claims_answer`, :mod:`.exact.claims_position`), its players and
  best responses (:mod:`.exact.claims_players`, :mod:`.exact.claims_response`).
- The simulated games (:mod:`.simulation`), cross-checks (:mod:`.checks`), report section
  (:mod:`.report`), the OpenSpiel game (:mod:`.openspiel_game`, what its players observe:
  :mod:`.openspiel_observer`; the toolkit's solutions as OpenSpiel policies:
  :mod:`.openspiel_policy`) and the ``bidding`` sub-command (:mod:`.command`).
"""

from __future__ import annotations

from pokerdice_stats.games.game import Game, forward_old_names
from pokerdice_stats.turn.rules import RuleSet


def plays(rules: RuleSet, what: str) -> bool:
    """Bidding for two, under any rule set with a ladder of hands."""
    return what == "bidding"


GAME = Game(
    name="bidding",
    title="003 bidding for two, behind a screen",
    documents=("Classic poker dice (003), variation 8",),
    package=__name__,
    plays=plays,
    commands=("command",),
    report={"bidding_tables": "report"},
    checks={"bidding": "checks:bidding_checks", "bidding-fine": "checks:bidding_fine_checks"},
    entries={
        "solve": "exact.solve:solve_ladder",
        "bidding_record": "command.simulate:bidding_record",
    },
)

#: Names of the module this package was before its folder (deprecated: import them from
#: :mod:`.exact.game`).
__getattr__ = forward_old_names(__name__, "exact.game")
