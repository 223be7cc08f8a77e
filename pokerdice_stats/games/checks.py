"""Cross-checks of every game: simulate each exact figure and compare.

The groups are the turn's (:mod:`pokerdice_stats.engines.checks.turns`) and every
game's, as its folder declares them (:attr:`~pokerdice_stats.games.game.Game.checks`),
in :data:`~pokerdice_stats.games.check_order.GROUP_ORDER` (the order of
``results/simulation/crosscheck.csv``), any group not named there after them in the
registry's order.

Examples
--------
>>> from pokerdice_stats.games.checks import GROUPS
>>> list(GROUPS)[:4]
['chances', 'turns', 'rounds', 'blind']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pokerdice_stats.engines.checks import Check, CheckGroup, checks_frame, run_checks
from pokerdice_stats.engines.checks.turns import chances_checks, turn_checks
from pokerdice_stats.engines.simulation.run import RunOptions
from pokerdice_stats.games.check_order import GROUP_ORDER
from pokerdice_stats.games.registry import check_groups


def _game_group(group: str) -> CheckGroup:
    def run(options: RunOptions) -> Iterator[Check]:
        yield from check_groups()[group].check_group(group)(options)

    run.__name__ = f"{group.replace('-', '_')}_checks"
    return run


def _groups() -> dict[str, Callable[[RunOptions], Iterator[Check]]]:
    found: dict[str, CheckGroup] = {"chances": chances_checks, "turns": turn_checks}
    found |= {group: _game_group(group) for group in check_groups()}
    ordered = [g for g in GROUP_ORDER if g in found] + [g for g in found if g not in GROUP_ORDER]
    return {g: found[g] for g in ordered}


#: Every group of figures, in order: its name to the function of the run options.
GROUPS: dict[str, Callable[[RunOptions], Iterator[Check]]] = _groups()


def crosscheck(
    groups: tuple[str, ...] | None = None, *, run: RunOptions | None = None
) -> list[Check]:
    """Simulate every exact figure of the chosen groups (all by default).

    A group named twice is run once (in the order first named).  ``run``: samples of
    each figure (default 200,000; matches ``n // 10``), seed, workers, progress bar
    (default: none).  Returns the checks in order.
    """
    return run_checks(GROUPS, tuple(dict.fromkeys(groups or GROUPS)), run)


__all__ = ["GROUPS", "Check", "checks_frame", "crosscheck"]
