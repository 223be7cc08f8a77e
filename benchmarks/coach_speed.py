"""Answer times of the coach in the running app (issue 25's target: warm turn decisions
within 100 ms), and the figures of many requests at once.

Starts ``pokerdice-stats serve --port 0`` as a child process and asks it over HTTP
(keep-alive, one client), as the page does:

1. *first answer*: the first request of each kind, whose solve is cold in the server
   (its round tables may be saved on disk from earlier runs: the figure says so);
2. *warm answers*: ``--n`` requests of each kind, each for another hand (so no answer
   is served from the app's store of finished answers), timed one at a time: median,
   95th percentile and slowest, in milliseconds;
3. *at once*: ``--burst`` requests from ``--threads`` threads, every answer checked
   against the answer asked alone: wall time, requests a second, slowest answer.

Writes ``results/benchmarks/coach.md``.  Run: ``python benchmarks/coach_speed.py
[--n 60] [--burst 400] [--threads 48]`` from the project root.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.formats import number_text
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import get_rules

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "benchmarks" / "coach.md"


def _hands(preset: str, count: int, offset: int) -> list[str]:
    """``count`` different hands of a preset, spread over the 252 from ``offset``."""
    table = hand_table(get_rules(preset))
    step = max(2, ix.N_HANDS // count)
    return [table.format(h) for h in range(offset, ix.N_HANDS, step)][:count]


def kinds(n: int, offset: int = 0) -> dict[str, tuple[str, list[dict]]]:
    """Each kind of request timed: its path and ``n`` bodies (another hand each; another
    ``offset``, other hands)."""
    gameweave, snakes = _hands("gameweave", n, offset), _hands("triple-snakes", n, offset)
    banking, classic = _hands("banking", n, offset), _hands("classic", n, offset)
    return {
        "hold, gameweave, first of 2 (to win)": (
            "/api/hold", [{"dice": d, "to_win": True, "players_left": 1} for d in gameweave]),
        "hold, gameweave, seat 2 of 3 against a hand": (
            "/api/hold", [{"dice": d, "to_win": True, "against": "K K 9 9 10",
                           "players_left": 1} for d in gameweave]),
        "hold, gameweave, first of 5 (to win)": (
            "/api/hold", [{"dice": d, "to_win": True, "players_left": 4} for d in gameweave]),
        "hold, classic throws=2": (
            "/api/hold", [{"rules": "classic", "set": ["throws=2"], "dice": d} for d in classic]),
        "hold, progressive against the computer's hand": (
            "/api/hold", [{"rules": "progressive", "dice": d, "computer_hand": "4 4 4 1 2"}
                          for d in banking]),
        "betting 001, 3 seats: holds of seat 2": (
            "/api/betting", [{"players": 3, "seat": 2, "dice": d, "throws_left": 2,
                              "against": "4 4 2 2 1"} for d in snakes]),
        "betting 001, 3 seats: check or raise, seat 1": (
            "/api/betting", [{"players": 3, "seat": 1, "hand": d} for d in snakes]),
        "betting 001, 3 seats: meet or fold, seat 2": (
            "/api/betting", [{"players": 3, "seat": 2, "against": d} for d in snakes]),
        "bidding 003: call or bid after one bid": (
            "/api/bidding", [{"hand": d, "bids": ["two-pair"]} for d in classic]),
        "banking 004, 3 seats: equilibrium hold mix": (
            "/api/banking", [{"dice": d, "players": 3} for d in banking]),
        "review: a 3-throw turn, gameweave, 3 players": (
            "/api/review", [{"players_left": 2, "steps": [
                {"dice": d, "keep": "(none)"}, {"dice": "K K J 10 9", "keep": "K K"},
                {"dice": "K K K Q 9"}]} for d in gameweave]),
        "review: a bidding game (003), 4 moves": (
            "/api/review/bidding", [{"hand": d, "moves": ["one-pair", "two-pair",
                                    "full-house", "call"]} for d in classic]),
        "review: 001 as written, meeting the ante, 3 seats": (
            "/api/review", [{"rules": "triple-snakes", "against": "4 4 2 2 1",
                             "steps": [{"dice": d, "keep": "(none)"}],
                             "betting": {"players": 3, "ante_max": 2, "raise_max": 2, "seat": 2,
                                         "seats_in": "1", "entered": True}} for d in snakes]),
        "hold, gameweave sticky_holds, 2 players, dice set aside": (
            "/api/hold", [{"set": ["sticky_holds=true"], "dice": d, "to_win": True,
                           "players_left": 1, "throws_left": 1, "aside": d.split()[0]}
                          for d in gameweave]),
    }  # fmt: skip


#: The suite's concurrency test (tests/test_web_server.py): 240 requests from 48 threads
#: over six positions (repeated: after the first of each, answers come from the store).
SUITE_POSITIONS = [
    ("/api/hold", {"dice": "K K J 10 9"}),
    ("/api/hold", {"dice": "Q Q J 10 9", "to_win": True, "against": "K K 9 9 10"}),
    ("/api/hold", {"dice": "A K Q J 9", "throws_left": 1}),
    ("/api/hold", {"rules": "progressive", "dice": "6 6 2 3 1", "computer_hand": "4 4 4 1 2"}),
    ("/api/betting", {"players": 2, "seat": 2, "against": "3 3 3 5 5"}),
    ("/api/banking", {"dice": "5 5 1 2 3", "players": 2}),
]


def _ask(client: httpx.Client, path: str, body: dict) -> tuple[float, dict]:
    start = time.perf_counter()
    response = client.post(path, json=body)
    while response.status_code == 202:
        response = client.get(response.json()["poll"])
    seconds = time.perf_counter() - start
    if response.status_code != 200:
        raise RuntimeError(f"{path} {body}: {response.status_code} {response.text}")
    return seconds, response.json()


def _in_process(path: str, body: dict) -> dict:
    """The answer to a request computed here, by the functions the app calls."""
    from pokerdice_stats.web import answers, requests
    from pokerdice_stats.web.bid_review import bidding_review
    from pokerdice_stats.web.review import review_answer

    work, model = {
        "/api/hold": (answers.hold_answer, requests.HoldRequest),
        "/api/betting": (answers.betting_answer, requests.BettingRequest),
        "/api/bidding": (answers.bidding_answer, requests.BiddingRequest),
        "/api/banking": (answers.banking_answer, requests.BankingRequest),
        "/api/review": (review_answer, requests.ReviewRequest),
        "/api/review/bidding": (bidding_review, requests.BiddingReviewRequest),
    }[path]
    return work(model(**body))


def _ms(seconds: float) -> str:
    return str(number_text(round(seconds * 1000, 1)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--burst", type=int, default=400)
    parser.add_argument("--threads", type=int, default=48)
    args = parser.parse_args(argv)
    cache = tempfile.mkdtemp(prefix="coach_speed_cache_")  # every first answer cold
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POKERDICE_CACHE_DIR": cache}
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerdice_stats", "serve", "--port", "0"],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = re.search(r"http://[^/\s]+", server.stdout.readline()).group(0)  # type: ignore[union-attr]
        rows, burst = _measure(url, args)
        suite = _burst(url, SUITE_POSITIONS * 40, 48)
        long = _long_solve(url, args.n)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(cache, ignore_errors=True)
    _write(rows, burst, suite, long, args)


def _measure(url: str, args) -> tuple[list[dict], dict]:
    rows = []
    with httpx.Client(base_url=url, trust_env=False, timeout=600) as client:
        for name, (path, bodies) in kinds(args.n).items():
            first, _ = _ask(client, path, bodies[0])
            times = [_ask(client, path, body)[0] for body in bodies[1:]]
            times.sort()
            rows.append({
                "kind": name, "first": first, "median": statistics.median(times),
                "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1], "n": len(times),
            })  # fmt: skip
    # the burst: other hands (no answer stored yet), each checked against the answer
    # computed in this process by the same functions
    per_kind = args.burst // len(rows) + 1
    jobs = [(path, body) for path, bodies in kinds(per_kind, offset=1).values()
            for body in bodies][: args.burst]  # fmt: skip
    return rows, _burst(url, jobs, args.threads)


def _burst(url: str, jobs: list[tuple[str, dict]], threads: int) -> dict:
    """Send ``jobs`` from ``threads`` threads at once; every answer checked against the
    same answer computed in this process."""
    expected = [_in_process(path, body) for path, body in jobs]
    limits = httpx.Limits(max_connections=threads, max_keepalive_connections=threads)
    with httpx.Client(base_url=url, trust_env=False, timeout=600, limits=limits) as client:
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(threads) as pool:
            answers = list(pool.map(lambda job: _ask(client, *job), jobs))
        wall = time.perf_counter() - start
    wrong = sum(answer != want for (_, answer), want in zip(answers, expected, strict=True))
    latencies = sorted(t for t, _ in answers)
    return {"wall": wall, "n": len(jobs), "wrong": wrong, "median": statistics.median(latencies),
            "max": latencies[-1], "threads": threads}  # fmt: skip


#: The long solve: the first 5-seat round under sticky holds (4,368 states a throw).
LONG = {"set": ["sticky_holds=true"], "dice": "K K J 10 9", "to_win": True, "players_left": 4}


def _long_solve(url: str, n: int) -> dict:
    """Time the long solve while warm requests are timed beside it."""
    with httpx.Client(base_url=url, trust_env=False, timeout=3600) as client:
        warm = kinds(n, offset=2)["hold, gameweave, seat 2 of 3 against a hand"][1]
        alone = sorted(_ask(client, "/api/hold", body)[0] for body in warm[: n // 2])
        start = time.perf_counter()
        first = client.post("/api/hold", json=LONG)
        pending = first.status_code == 202
        beside, progress = [], []
        response = first
        while response.status_code == 202:
            progress.append(response.json().get("progress"))
            beside.append(_ask(client, "/api/hold", warm[n // 2 + len(beside) % (n // 2)])[0])
            response = client.get(first.json()["poll"])
        seconds = time.perf_counter() - start
    return {"seconds": seconds, "pending": pending, "status": response.status_code,
            "beside": sorted(beside), "alone": alone, "progress": progress,
            "message": response.json().get("error")}  # fmt: skip


#: What the figures rest on (kept in the file each time it is written).
NOTES = (
    "`serve` sets TCP_NODELAY on its socket: without it every answer on a kept-alive "
    "connection waited for the client's delayed ACK, and every kind of request took 45-60 ms "
    "warm (measured on 2026-12-05 before the change; 4-25 ms after). A warm request is "
    "answered by the functions of the command line with the solve in memory (or its round "
    "tables loaded from disk); identical requests share one job and a finished answer is kept, "
    "so a repeated request costs less than these figures."
)


def _burst_text(burst: dict, what: str) -> str:
    rate = burst["n"] / burst["wall"]
    return (
        f"{number_text(burst['n'])} requests {what}, sent by {number_text(burst['threads'])} "
        f"threads at once: all answered in {number_text(round(burst['wall'], 2))} s "
        f"({number_text(round(rate, 1))} requests a second); median answer "
        f"{_ms(burst['median'])} ms, slowest {_ms(burst['max'])} ms; answers differing from the "
        f"same answer computed in the benchmark's process: {number_text(burst['wrong'])}."
    )


def _write(rows: list[dict], burst: dict, suite: dict, long: dict, args) -> None:
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [
        "# The coach: answer times in the running app (issue 25)",
        "",
        f"Measured by `python benchmarks/coach_speed.py --n {args.n} --burst {args.burst} "
        f"--threads {args.threads}` on the shared 2-CPU machine (Python "
        f"{platform.python_version()}; load average {load} at the end, other sessions "
        "running), against `pokerdice-stats serve` over HTTP on 127.0.0.1, one keep-alive "
        "client. Warm: each request another hand, after the first request of its kind "
        "(whose solve is cold in the server, unless saved round tables were on disk). Target: "
        "warm turn decisions within 100 ms.",
        "",
        "| request | first answer (ms) | warm median (ms) | warm p95 (ms) | warm slowest (ms) "
        "| warm requests |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['kind']} | {_ms(r['first'])} | {_ms(r['median'])} | {_ms(r['p95'])} "
            f"| {_ms(r['max'])} | {number_text(r['n'])} |"
        )
    lines += [
        "",
        "## Many requests at once",
        "",
        _burst_text(burst, "of the kinds above (warm solves, other hands: no answer stored yet)"),
        "",
        "The suite's concurrency test (`tests/test_web_server.py`, its six positions 40 times "
        "over, after the answers above): "
        + _burst_text(suite, "of six positions (each answered once, then from the store)"),
        "",
        "## A long solve beside warm answers",
        "",
    ]
    beside, alone = long["beside"], long["alone"]
    if long["status"] == 200:
        shown = [p for p in long["progress"] if p is not None]
        ratio = statistics.median(beside) / statistics.median(alone) if beside else float("nan")
        lines.append(
            f"The first 5-seat round under `sticky_holds=true` (hold {LONG['dice']}, throwing "
            f"first, 4 players after you) took {number_text(round(long['seconds'], 1))} s, "
            f"answered at once as pending ({long['pending']}) and then polled; its status showed "
            f"the share of the solve done: "
            + ", ".join(f"{100 * p:.0f} %" for p in shown)
            + f" ({number_text(len(shown))} polls). Meanwhile {number_text(len(beside))} warm "
            "requests (seat 2 of 3, gameweave, other hands) were answered, "
            + (f"median {_ms(statistics.median(beside))} ms, slowest {_ms(beside[-1])} ms; the "
               f"same kind asked alone just before: median {_ms(statistics.median(alone))} ms "
               f"(ratio {ratio:.2f})." if beside else "none needed.")
        )  # fmt: skip
    else:
        lines.append(f"The long solve was refused: {long['message']}")
    lines += [
        "",
        "## Notes",
        "",
        NOTES,
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8", newline="\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
