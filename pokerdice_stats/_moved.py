"""Deprecated module paths: the modules that moved when each game got its own folder.

``import pokerdice_stats.games.rounds`` (and every other path of the flat layout) still
works and gives a stand-in module whose names are those of the new module, with a
:class:`DeprecationWarning` naming the new path. Where one old module became several
(``games.advice``), the stand-in looks a name up in each, in order.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings

#: Old module path (under ``pokerdice_stats.``) to the new one, or several separated by
#: spaces.
MOVED = {
    "errors": "ground.errors",
    "formats": "ground.formats",
    "limits": "ground.limits",
    "cache_dir": "ground.cache_dir",
    "interrupts": "ground.interrupts",
    "indexing": "ground.indexing",
    "rules": "turn.rules",
    "charts": "turn.charts",
    "categories": "turn.categories",
    "dice": "turn.dice",
    "hands": "turn.hands",
    "goals": "turn.goals",
    "compare": "turn.compare",
    "odds": "turn.odds",
    "turn_states": "turn.states",
    "induction": "turn.induction",
    "holds": "turn.holds",
    "games.staged": "turn.staged",
    "chances": "turn.chances",
    "strategy_table": "turn.strategy_frame",
    "games.blind_solvers": "engines.blind.solvers",
    "games.certification": "engines.blind.certification",
    "games.mixtures": "engines.blind.mixtures",
    "games.equilibrium": "engines.blind.equilibrium",
    "games.simple_strategies": "engines.blind.simple_strategies",
    "games.policy_names": "engines.blind.policy_names",
    "simulation.run": "engines.simulation.run",
    "simulation.stats": "engines.simulation.stats",
    "simulation.dice_tables": "engines.simulation.dice_tables",
    "simulation.policy_tables": "engines.simulation.policy_tables",
    "simulation.turns": "engines.simulation.turns",
    "simulation.round_result": "engines.simulation.round_result",
    "crosscheck.check": "engines.checks.check",
    "crosscheck.turns": "engines.checks.turns",
    "reporting": "engines.report",
    "reporting.pool": "engines.report.pool",
    "reporting.cache": "engines.report.cache",
    "reporting.strategy_charts": "engines.report.strategy_charts",
    "commands._common": "engines.cli",
    "games.rounds": "games.seen.exact.rounds",
    "games.seat_chain": "games.seen.exact.seat_chain",
    "games.goal_memo": "games.seen.exact.goal_memo",
    "games.round_tables": "games.seen.exact.round_tables",
    "games.matches": "games.seen.exact.matches",
    "games.chips": "games.seen.exact.holdup",
    "games.sizes": "games.seen.exact.sizes",
    "games.advice": "games.seen.exact.advice turn.advice games.progressive.exact.advice",
    "simulation.rounds": "games.seen.simulation.rounds",
    "simulation.matches": "games.seen.simulation.matches",
    "simulation.chips": "games.seen.simulation.holdup",
    "simulation.pots": "games.seen.simulation.pots",
    "simulation.seat_tables": "games.seen.simulation.seat_tables",
    "crosscheck.rounds": "games.seen.checks.rounds",
    "crosscheck.matches": "games.seen.checks.matches",
    "crosscheck.chips": "games.seen.checks.holdup",
    "reporting.games_tables": "games.seen.report",
    "commands.games": "games.seen.command",
    "commands.round_holds": "games.seen.command.round_holds",
    "games.betting_solver": "games.betting.exact.induction",
    "games.betting_decisions": "games.betting.exact.decisions",
    "games.betting_habits": "games.betting.exact.habits",
    "simulation.betting_sessions": "games.betting.simulation.sessions",
    "simulation.betting_tables": "games.betting.simulation.kernel_tables",
    "crosscheck.betting_sessions": "games.betting.checks",
    "reporting.betting_tables": "games.betting.report.round",
    "reporting.betting_sessions": "games.betting.report.sessions",
    "commands.betting": "games.betting.command",
    "games.bidding_odds": "games.bidding.exact.odds",
    "games.bidding_players": "games.bidding.exact.players",
    "games.bidding_response": "games.bidding.exact.response",
    "games.bidding_solve": "games.bidding.exact.solve",
    "games.bidding_solver": "games.bidding.exact.sequence_form",
    "games.bidding_tables": "games.bidding.exact.frames",
    "games.bidding_tree": "games.bidding.exact.tree",
    "simulation.bidding": "games.bidding.simulation.solved",
    "crosscheck.bidding": "games.bidding.checks",
    "reporting.bidding_tables": "games.bidding.report",
    "commands.bidding": "games.bidding.command",
    "commands.simulate_bidding": "games.bidding.command.simulate",
    "games.banking_field": "games.banking.exact.field",
    "games.field_values": "games.banking.exact.hand_values",
    "games.banking_play": "games.banking.exact.strategy_frames",
    "games.banking_session": "games.banking.exact.sessions",
    "games.blind_rounds": "games.banking.exact.rounds",
    "simulation.blind_rounds": "games.banking.simulation.rounds",
    "simulation.blind_seats": "games.banking.simulation.seats",
    "simulation.banking_sessions": "games.banking.simulation.sessions",
    "crosscheck.blind_rounds": "games.banking.checks.rounds",
    "crosscheck.banking_sessions": "games.banking.checks.sessions",
    "reporting.banking_tables": "games.banking.report.rounds",
    "reporting.banking_sessions": "games.banking.report.sessions",
    "commands.banking": "games.banking.command",
    "commands.simulate_sessions": "games.banking.command.simulate",
    "games.payout_result": "games.progressive.exact.payout_result",
    "games.payout_breakdown": "games.progressive.exact.breakdown",
    "games.fair_pay": "games.progressive.exact.fair_pay",
    "games.bank_session": "games.progressive.exact.bank",
    "games.schedule": "games.progressive.exact.schedule",
    "games.schedule_files": "games.progressive.exact.schedule_files",
    "simulation.progressive": "games.progressive.simulation",
    "crosscheck.progressive": "games.progressive.checks",
    "reporting.progressive": "games.progressive.report.payout",
    "reporting.progressive_desk": "games.progressive.report.desk",
    "commands.payout": "games.progressive.command",
    "commands.payout_compare": "games.progressive.command.compare",
    "reporting.odds_tables": "report.odds_tables",
    "reporting.simulation": "report.simulation",
    "crosscheck": "games.checks",
    "simulation": "games.simulations",
}


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, targets: tuple[str, ...]) -> None:
        self.targets = targets

    def create_module(self, spec):
        return types.ModuleType(spec.name)

    def exec_module(self, module) -> None:
        targets = self.targets
        news = ", ".join(targets)
        warnings.warn(
            f"{module.__name__} moved to {news}; the old path will go",
            DeprecationWarning,
            stacklevel=2,
        )

        def __getattr__(name: str):
            for target in targets:
                found = importlib.import_module(target)
                if hasattr(found, name):
                    return getattr(found, name)
            raise AttributeError(f"module {module.__name__!r} (now {news}) has no {name!r}")

        def __dir__() -> list[str]:
            return sorted({n for t in targets for n in dir(importlib.import_module(t))})

        module.__getattr__ = __getattr__
        module.__dir__ = __dir__


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the old module paths of :data:`MOVED`, and nothing else."""

    def find_spec(self, fullname, path=None, target=None):
        prefix = "pokerdice_stats."
        if not fullname.startswith(prefix) or fullname[len(prefix) :] not in MOVED:
            return None
        targets = tuple(prefix + t for t in MOVED[fullname[len(prefix) :]].split())
        is_package = any(old.startswith(fullname[len(prefix) :] + ".") for old in MOVED)
        return importlib.machinery.ModuleSpec(
            fullname, _AliasLoader(targets), is_package=is_package
        )


def install() -> None:
    """Put the finder of old paths on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.append(_AliasFinder())
