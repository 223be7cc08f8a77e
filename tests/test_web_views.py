"""The coach's review views and long jobs, against the command line's figures.

- the review of a game of 003's bidding for two: each of your moves priced with the
  values of ``bidding --hand DICE --bids BIDS``;
- the review of 001's stake decisions as written (the ante named, meeting it or sitting
  out) with the figures of ``betting --ante-max A --raise-max M --seat K``;
- the hold advice of a round under sticky holds and a turn-scoped rethrow limit, with
  the dice set aside or never thrown again (``hold --to-win --aside/--untouched``);
- a long solve's progress in its pending status, while other requests are answered.
"""

from __future__ import annotations

import threading
import time
from fractions import Fraction

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from fastapi.testclient import TestClient
from web_helpers import answer, cli_json

from pokerdice_stats.web.app import create_app
from pokerdice_stats.web.jobs import JobBoard


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


# ---- 003 bidding for two: a whole game ---------------------------------------------------

GAMES = [
    ("category", "K K J 10 9", 1, ["one-pair", "two-pair", "full-house", "call"]),
    ("category", "Q Q Q 9 9", 2, ["two-pair", "full-house", "four-of-a-kind", "call"]),
    # the fine ladder's answer on claims (kept in the cache: one solve a run)
    ("fine", "Q Q Q 9 9", 2, ["full-house:K", "full-house:A", "four-of-a-kind:J", "call"]),
]


@pytest.mark.parametrize(("ladder", "hand", "seat", "moves"), GAMES)
def test_bidding_review_prices_each_move_with_the_cli_values(
    client, capsys, ladder, hand, seat, moves
):
    body = {"hand": hand, "seat": seat, "moves": moves, "ladder": ladder}
    api = answer(client, "/api/review/bidding", body)
    assert api["seat"] == seat and api["moves"] == moves and api["unit"] == "units a game"
    assert api["solver"] == ("claims" if ladder == "fine" else "program")
    mine = [i for i in range(len(moves)) if (i % 2 == 0) == (seat == 1)]
    assert [d["move"] for d in api["decisions"]] == [i + 1 for i in mine]
    for i, row in zip(mine, api["decisions"], strict=True):
        cli = cli_json(
            capsys, "bidding", "--ladder", ladder, "--hand", hand, "--bids", ",".join(moves[:i])
        )
        values = {m["move"]: m["value"] for m in cli["moves"]}
        assert row["bids"] == moves[:i] and row["choice"] == moves[i]
        assert row["value"] == values[moves[i]]
        assert row["best_value"] == pytest.approx(max(values.values()), abs=1e-9)
        assert values[row["best_choice"]] == row["best_value"]
        assert row["cost"] == pytest.approx(row["best_value"] - row["value"], abs=1e-12)
        assert row["lost"] is (row["cost"] > 1e-9)
    assert api["lost_decisions"] == sum(d["lost"] for d in api["decisions"])
    assert api["total_cost"] == pytest.approx(sum(d["cost"] for d in api["decisions"]))


def test_bidding_review_finds_a_costly_opening(client):
    moves = ["one-pair", "two-pair", "full-house", "call"]
    api = answer(client, "/api/review/bidding", {"hand": "K K J 10 9", "moves": moves})
    first = api["decisions"][0]
    assert first["lost"] and first["cost"] > 0.1 and first["best_choice"] != "one-pair"


BAD_GAMES = [
    ({"hand": "K K J 10 9", "moves": ["call"]}, 400, "opening move is a bid"),
    ({"hand": "K K J 10 9", "moves": ["two-pair", "call", "full-house"]}, 400, "ends there"),
    ({"hand": "K K J 10 9", "moves": ["full-house", "two-pair"]}, 400, "higher than the last"),
    ({"hand": "K K J 10 9", "moves": ["royal"]}, 400, "unknown rung"),
    ({"hand": "K K J 10 9", "seat": 2, "moves": ["two-pair"]}, 400, "no move of seat 2"),
    ({"hand": "K K J 10 9", "seat": 3, "moves": ["two-pair"]}, 422, "seat"),
    ({"hand": "K K J 10", "moves": ["two-pair"]}, 400, "5 dice"),
    ({"hand": "K K J 10 9", "moves": []}, 422, "moves"),
]


@pytest.mark.parametrize(("body", "status", "words"), BAD_GAMES)
def test_a_bad_bidding_game_is_refused(client, body, status, words):
    response = client.post("/api/review/bidding", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]


# ---- 001 as written: the ante named, meeting it or sitting out ----------------------------


def test_review_of_the_ante_named_is_the_cli_figure(client, capsys):
    stakes = {"players": 3, "ante_max": 3, "raise_max": 1, "sit_out": False, "seat": 1}
    api = answer(client, "/api/review", {"rules": "triple-snakes",
                                         "betting": {**stakes, "ante_named": "1"}})  # fmt: skip
    cli = cli_json(capsys, "betting", "--players", "3", "--ante-max", "3", "--raise-max", "1",
                   "--sit-out", "no", "--seat", "1")  # fmt: skip
    values = {o["ante"]: Fraction(o["value_exact"]) for o in cli["options"]}
    (row,) = api["decisions"]
    assert row["decision"] == "ante" and row["choice"] == "ante 1"
    assert Fraction(row["value_exact"]) == values[1.0]
    assert Fraction(row["best_value_exact"]) == max(values.values())
    assert row["best_choice"] == cli["decision"]
    assert Fraction(row["cost_exact"]) == max(values.values()) - values[1.0]
    assert row["lost"] is (values[1.0] < max(values.values()))
    assert api["unit"] == "chips" and api["ante_max"] == 3.0 and api["ante"] == 1.0


def test_review_of_meeting_the_ante_then_the_turn(client, capsys):
    table = ["betting", "--players", "3", "--ante-max", "2", "--raise-max", "2", "--seat", "2"]
    betting = {"players": 3, "ante_max": 2, "raise_max": 2, "seat": 2, "seats_in": "1",
               "entered": True, "met": True, "raised": "2"}  # fmt: skip
    steps = [{"dice": "3 3 1 5 6", "keep": "3 3 5"}, {"dice": "3 3 5 5 2"}]
    api = answer(client, "/api/review", {"rules": "triple-snakes", "against": "4 4 2 2 1",
                                         "steps": steps, "betting": betting})  # fmt: skip
    kinds = [d["decision"] for d in api["decisions"]]
    assert kinds == ["meet the ante or sit out", "meet or fold", "keep"]
    entry = cli_json(capsys, *table, "--in", "1")
    first = api["decisions"][0]
    assert first["choice"] == "meet" and first["value"] == entry["meet_value"]
    assert first["best_choice"] == entry["decision"]
    assert first["lost"] is (entry["decision"] == "sit out" and entry["meet_value"] < 0)
    assert Fraction(first["cost_exact"]) == max(Fraction(entry["meet_value_exact"]), 0) - Fraction(
        entry["meet_value_exact"]
    )
    assert api["seats_in"] == entry["then_in"]
    seats = ",".join(map(str, entry["then_in"]))
    meet = cli_json(capsys, *table, "--in", seats, "--against", "4 4 2 2 1", "--raised", "2")
    assert api["decisions"][1]["value"] == meet["meet_value"]
    holds = cli_json(capsys, *table, "--in", seats, "--against", "4 4 2 2 1", "--dice",
                     "3 3 1 5 6", "--throws-left", "2")  # fmt: skip
    values = {row["keep"]: row["value"] for row in holds["holds"]}
    keep = api["decisions"][2]
    assert keep["value"] == values["5 3 3"] and keep["best_value"] == holds["holds"][0]["value"]


BAD_STAKES = [
    ({"seat": 1, "ante_max": 2, "ante_named": "3"}, 400, "ante"),
    ({"seat": 1, "ante_max": 2, "ante_named": "x"}, 400, "chips"),
    ({"seat": 1, "ante_max": 2, "entered": True}, 400, "seat 1 names the ante"),
    ({"seat": 2, "ante_max": 2, "seats_in": "2", "entered": True}, 400, "seat"),
    ({"seat": 2, "ante_max": 11}, 422, "ante_max"),
    ({"seat": 2, "ante_max": 2}, 400, "no decision"),
]


@pytest.mark.parametrize(("betting", "status", "words"), BAD_STAKES)
def test_bad_stakes_are_refused(client, betting, status, words):
    body = {"rules": "triple-snakes", "betting": {"players": 2, **betting}}
    response = client.post("/api/review", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]


# ---- a turn's state: dice set aside, dice never thrown again -----------------------------

STATE_POSITIONS = [
    ({"set": ["sticky_holds=true"], "dice": "K K Q J 9", "throws_left": 1, "aside": "K K"},
     ["--set", "sticky_holds=true", "--throws-left", "1", "--aside", "K K"]),
    ({"set": ["max_rethrow=3"], "dice": "K K Q J 9", "throws_left": 1, "untouched": "K Q"},
     ["--set", "max_rethrow=3", "--throws-left", "1", "--untouched", "K Q"]),
]  # fmt: skip


@pytest.mark.parametrize(("body", "argv"), STATE_POSITIONS)
def test_round_advice_with_the_turns_state_is_the_cli_answer(client, capsys, body, argv):
    position = {"to_win": True, "players_left": 1}
    api = answer(client, "/api/hold", {**body, **position})
    cli = cli_json(capsys, "hold", body["dice"], "--to-win", "--players-left", "1", *argv)
    assert api == cli
    state = "aside" if "aside" in body else "untouched"
    assert api[state] == body[state]
    # the state changes the advice: without it the same dice are valued otherwise
    if state == "aside":
        other = answer(client, "/api/hold", {**body, **position, "aside": None})
        assert other["holds"] != api["holds"]
        assert all(row["keep"].count("K") >= 2 for row in api["holds"])  # they stay aside


def test_the_new_views_are_in_the_openapi_document(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert "post" in paths["/api/review/bidding"]
    assert "progress" in paths["/api/jobs/{job_id}"]["get"]["summary"]


def test_a_state_the_turn_cannot_reach_is_refused(client):
    body = {"set": ["max_rethrow=3"], "dice": "K K Q J 9", "throws_left": 1, "to_win": True,
            "players_left": 1}  # fmt: skip
    response = client.post("/api/hold", json=body)
    assert response.status_code == 400 and "`untouched`" in response.json()["error"]
    response = client.post("/api/rules", json={"set": ["sticky_holds=true"]})
    assert response.json()["state"] == "aside"


# ---- a long solve: its progress, other requests answered meanwhile -----------------------

#: A sticky round of 4 players: a few seconds cold (rounds of 2, 3 and 4 players solved).
LONG = {"set": ["sticky_holds=true"], "dice": "K K J 10 9", "to_win": True, "players_left": 3}
#: A turn answer whose solve is warmed first, and the dice asked while the long one runs.
TURN = {"dice": "Q Q J 10 9", "to_win": True, "against": "K K 9 9 10", "players_left": 1}
TURN_DICE = ["Q Q J 10 A", "Q Q J 10 K", "Q Q J 10 Q", "Q Q J 10 J", "Q Q J 10 10", "A A 9 9 J"]


def test_a_long_solve_reports_its_progress_and_blocks_nothing(monkeypatch):
    from pokerdice_stats.games.seen.exact.rounds import clear_caches

    monkeypatch.setenv("POKERDICE_CACHE_DIR", "")  # no saved round tables: a cold solve
    clear_caches()
    with TestClient(create_app(JobBoard(wait=0.1))) as quick:
        answer(quick, "/api/hold", TURN)  # warm
        first = quick.post("/api/hold", json=LONG)
        assert first.status_code == 202, first.text
        status = first.json()
        assert "share of the solve done" in status["units"]["progress"]
        shares, turns = [], []
        response = first
        while response.status_code == 202:
            shares.append(response.json()["progress"])
            start = time.perf_counter()
            dice = TURN_DICE[len(turns) % len(TURN_DICE)]
            turn = quick.post("/api/hold", json={**TURN, "dice": dice})
            turns.append((turn.status_code, time.perf_counter() - start))
            response = quick.get(status["poll"])
        assert response.status_code == 200 and response.json()["players"] == 4
    figures = [s for s in shares if s is not None]
    assert figures == sorted(figures) and all(0 <= s <= 1 for s in figures)
    assert any(0 < s < 1 for s in figures), shares
    # turn answers came back while the long solve ran (some asked after it began)
    assert turns and all(code == 200 for code, _ in turns)
    assert min(seconds for _, seconds in turns) < 1.0


def test_a_failed_solve_is_reported_to_its_poll_and_the_next_request_solves_again():
    """An unexpected failure (not a refusal) is not kept as the answer: the next request
    starts a new solve, while a poll of the failed job gets its error, not 'no job'."""
    board = JobBoard(wait=0.0)
    release = threading.Event()

    def failing():
        release.wait(10)
        raise RuntimeError("a broken solve")

    done, status = board.run("key", "group", failing)
    assert not done and status["status"] == "pending"
    release.set()
    with pytest.raises(RuntimeError, match="a broken solve"):
        for _ in range(100):  # until it has failed
            board.poll(status["job"], wait=0.1)
    done, answer_given = board.run("key", "group", lambda: {"answer": 1})
    for _ in range(100):
        if done:
            break
        done, answer_given = board.poll(answer_given["job"], wait=0.1)
    assert done and answer_given == {"answer": 1}


def test_two_spellings_of_one_rule_set_share_the_solves_lock():
    """Requests are grouped by the rule set they make, not by its spelling: one solve at a
    time for them (two spellings once ran the same solve twice, at once)."""
    from pokerdice_stats.web.answers import hold_check
    from pokerdice_stats.web.app import _hold_group
    from pokerdice_stats.web.requests import HoldRequest

    def group(**table):
        request = HoldRequest(dice="K K J 10 9", players_left=3, **table)
        return _hold_group(request, hold_check(request))

    plain = group(set=["throws=6", "ties=split"])
    assert group(set=["THROWS=6", "ties=split"]) == plain
    assert group(set=["ties=split", "throws=6"]) == plain
    assert group(rules_text="throws = 6\nties = 'split'") == plain
    assert group(set=["throws=5", "ties=split"]) != plain
