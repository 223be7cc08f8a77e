"""The same chunks on a Dask distributed cluster give bitwise the same result (loopback only)."""

from __future__ import annotations

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.simulations import (
    RunOptions,
    simulate_progressive,
    simulate_rounds,
    simulate_turns,
)

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,  # in-process workers, inproc:// transport: no network at all
            dashboard_address="127.0.0.1:0",  # loopback only
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def test_turns_on_dask_equal_threads(client):
    rules = get_rules("gameweave")
    local = simulate_turns(
        rules, "at-least:full-house", run=RunOptions(n=700_000, seed=5, workers=2, progress=False)
    )
    remote = simulate_turns(
        rules,
        "at-least:full-house",
        run=RunOptions(n=700_000, seed=5, scheduler=client.scheduler.address, progress=False),
    )
    assert (remote.hist == local.hist).all()
    assert remote.estimate == local.estimate


def test_rounds_and_sessions_on_dask_equal_threads(client):
    rules = get_rules("triple-snakes")
    local = simulate_rounds(rules, 3, run=RunOptions(n=80_000, seed=2, workers=1, progress=False))
    remote = simulate_rounds(
        rules, 3, run=RunOptions(n=80_000, seed=2, scheduler=client, progress=False)
    )
    assert remote.seats == local.seats
    prog = get_rules("progressive")
    a = simulate_progressive(
        prog, rounds=30, computer="stand", run=RunOptions(n=600, seed=1, progress=False)
    )
    b = simulate_progressive(
        prog,
        rounds=30,
        computer="stand",
        run=RunOptions(n=600, seed=1, scheduler=client, progress=False),
    )
    assert (a.final_banks == b.final_banks).all() and a.bank == b.bank


def test_worker_processes_on_loopback_equal_threads():
    """Two worker processes over tcp on 127.0.0.1, reached by address like ``--scheduler``."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",  # loopback only
    ) as cluster:
        rules = get_rules("gameweave")
        local = simulate_turns(
            rules, None, "largest-set", run=RunOptions(n=600_000, seed=8, progress=False)
        )
        remote = simulate_turns(
            rules,
            None,
            "largest-set",
            run=RunOptions(n=600_000, seed=8, scheduler=cluster.scheduler_address, progress=False),
        )
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert (remote.hist == local.hist).all()
