"""The coach's JSON API in its own terms: refusals name the request's fields, a refusal
comes before a solve, a job that is not there is not found, and the answers carry what the
page shows (the seat to move, the chance the last bid holds, the panels of the rules).
"""

from __future__ import annotations

import re
import time
from fractions import Fraction

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from cli_helpers import run_cli
from fastapi.testclient import TestClient
from web_helpers import answer

from pokerdice_stats.web.app import create_app
from pokerdice_stats.web.words import api_words


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        # --throws-left
        ("/api/hold", {"dice": "K K J 10 9", "to_win": True, "players_left": 1,
                       "throws_left": 2, "set": ["throws=2"]}, "`throws_left`"),
        # --limit without throw_limit=first-player
        ("/api/hold", {"dice": "K K J 10 9", "to_win": True, "against": "Q Q Q 9 9",
                       "limit": 1}, "`limit`"),
        # --raised with --raises 0
        ("/api/betting", {"seat": 2, "against": "3 3 3 1 2", "raised": 1, "raises": 0},
         "`raised`"),
        # --untouched after a re-throw under a turn's rethrow limit
        ("/api/hold", {"dice": "K K J 10 9", "to_win": True, "players_left": 1,
                       "throws_left": 1, "set": ["max_rethrow=3"]}, "`untouched`"),
        # --as
        ("/api/hold", {"rules": "progressive", "dice": "6 6 2 3 1", "side": "computer",
                       "to_win": True}, "`to_win`"),
    ],
)  # fmt: skip
def test_a_refusal_names_the_request_fields_not_the_options(client, path, body, field):
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert field in message and "--" not in message, message


def test_the_command_lines_own_message_is_unchanged(capsys):
    code, _, err = run_cli(capsys, "hold", "K K J 10 9", "--set", "throws=2", "--throws-left", "2")
    assert code == 2 and "--throws-left must be 0 to 1" in err


def test_a_quoted_command_becomes_its_endpoint():
    assert api_words("see `banking --dice DICE --throws-left T`") == (
        "see POST /api/banking (`dice`, `throws_left`)"
    )
    assert api_words("--as computer") == "`side` computer"


def test_options_that_cannot_apply_are_refused_before_a_solve(client):
    """Sticky holds and a turn's rethrow limit together: ``untouched`` cannot apply, which
    is said at once (400), not after a long solve answered as pending (202)."""
    body = {"dice": "K K J 10 9", "to_win": True, "set": ["sticky_holds=true", "max_rethrow=3"],
            "aside": "K K", "untouched": "K K", "throws_left": 1}  # fmt: skip
    started = time.monotonic()
    response = client.post("/api/hold", json=body)
    assert response.status_code == 400, response.text
    assert time.monotonic() - started < 1.5
    assert "`untouched` matters only under max_rethrow_scope=turn" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # to win by default (no goal given): the throws left are checked at once
        ({"dice": "K K J 10 9", "throws_left": 7, "players_left": 4, "set": ["throws=5"]},
         "`throws_left` must be 0 to 4"),
        # under the first player's throw limit: the dice never thrown again, missing
        ({"dice": "K K J 10 9", "to_win": True, "against": "Q Q Q 9 9", "throws_left": 1,
          "limit": 3, "set": ["throws=3", "max_rethrow=4", "throw_limit=first-player"]},
         "give `untouched`"),
    ],
)  # fmt: skip
def test_a_round_to_win_is_checked_before_a_solve(body, needle, monkeypatch):
    # a fresh app with no saved tables: a solve would take seconds (a 202 first)
    monkeypatch.setenv("POKERDICE_CACHE_DIR", "")
    with TestClient(create_app()) as fresh:
        response = fresh.post("/api/hold", json=body)
    assert response.status_code == 400, response.text
    assert needle in response.json()["error"]


def test_an_unknown_job_is_not_found(client):
    response = client.get("/api/jobs/99999")
    assert response.status_code == 404
    assert "no job '99999'" in response.json()["error"]
    assert client.get("/api/jobs/abc").status_code == 400


def test_the_page_links_the_api_pages_served_without_a_cdn(client):
    page = client.get("/").text
    assert 'href="/openapi.json"' in page and 'href="/docs"' in page
    assert client.get("/redoc").status_code == 404  # its script fetches a logo from a CDN
    html = client.get("/docs").text
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/") for s in sources), sources  # no CDN
    for source in sources:
        assert client.get(source).status_code == 200, source


def test_bidding_refuses_a_seat_that_is_not_to_move(client):
    body = {"hand": "Q Q Q 9 9", "bids": ["full-house"], "seat": 1}
    response = client.post("/api/bidding", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == "after 1 bid it is seat 2's move (you are seat 1)"
    response = client.post("/api/bidding", json={**body, "seat": 3})
    assert response.status_code == 400 and "your seat is 1 or 2" in response.json()["error"]
    assert answer(client, "/api/bidding", {**body, "seat": 2})["seat"] == 2
    # a blank item is refused, as the command line refuses it (it names no bid)
    blank = {**body, "bids": [" ", "full-house"], "seat": 2}
    response = client.post("/api/bidding", json=blank)
    assert response.status_code == 400 and "an empty bid" in response.json()["error"]


def test_bidding_gives_the_chance_the_last_bid_holds(client):
    from pokerdice_stats import get_rules, position_answer, solve_ladder

    got = answer(client, "/api/bidding", {"hand": "K K 9 9 10", "bids": ["full-house"]})
    cli = position_answer(solve_ladder(get_rules("classic")), "K K 9 9 10", "full-house")
    assert 0 < cli.chance_last_bid < 1
    assert got["chance_last_bid"] == float(cli.chance_last_bid)
    assert Fraction(got["chance_last_bid_exact"]) == cli.chance_last_bid
    assert got["chance_last_bid_beliefs"] == cli.chance_last_bid_beliefs
    opening = answer(client, "/api/bidding", {"hand": "K K K K 9", "bids": []})
    assert opening.get("chance_last_bid") is None  # the JSON writer leaves out a None


@pytest.mark.parametrize(
    ("body", "panels", "coached"),
    [
        ({"rules": "progressive"}, ["progressive"], True),
        ({"rules": "progressive", "set": ["knowledge=blind"]}, ["progressive-blind"], False),
        ({"rules": "gameweave", "set": ["knowledge=blind"]}, ["blind-unsupported"], False),
        ({"rules": "gameweave", "set": ["knowledge=blind", "ties=split"]}, ["banking"], True),
        ({"rules": "classic"}, ["hold", "bidding"], True),
    ],
)
def test_the_rules_answer_names_the_panels_of_the_rules_in_force(client, body, panels, coached):
    got = client.post("/api/rules", json=body).json()
    assert got["panels"] == panels
    assert (got["not_coached"] is None) is coached
    if not coached:
        assert "--" not in got["not_coached"]
        needle = "ties=split" if panels == ["blind-unsupported"] else "blind equilibrium tables"
        assert needle in got["not_coached"]


@pytest.mark.parametrize(
    ("body", "panels", "words"),
    [
        ({"rules": "triple-snakes", "set": ["throw_limit=first-player"]},
         ["hold", "betting-unsupported"], ["001's betting", "throw_limit=first-player"]),
        ({"rules": "triple-snakes", "set": ["ties=split"]},
         ["hold", "betting-unsupported"], ["001's betting", "ties=split"]),
        ({"rules": "progressive", "set": ["ties=split"]},
         ["progressive-unsupported"], ["004's progressive game", "ties=split"]),
    ],
)  # fmt: skip
def test_a_panel_of_the_presets_game_the_rules_refuse_is_named(client, body, panels, words):
    """The preset's game keeps its panel, marked unsupported, and ``not_coached`` says
    which and why (the audit found triple-snakes' betting panel dropped silently)."""
    got = client.post("/api/rules", json=body).json()
    assert got["panels"] == panels
    note = got["not_coached"]
    assert note is not None and "--" not in note, note
    for word in words:
        assert word in note, (word, note)
    assert ("still advise" in note) is ("hold" in panels)


@pytest.mark.parametrize(
    ("body", "panels"),
    [
        ({"rules": "classic", "set": ["throws=2"]}, ["hold", "bidding"]),
        ({"rules": "classic", "set": ["max_rethrow=3", "sticky_holds=true"]}, ["hold", "bidding"]),
        ({"rules": "triple-snakes", "set": ["target=7"]}, ["hold", "betting"]),
    ],
)
def test_an_option_for_the_holds_leaves_the_other_panels_alone(client, body, panels):
    """The page's one rule set serves every panel: a key bidding or betting never reads
    (set for the holds) is left out of their rules, not a reason to drop their panel."""
    got = client.post("/api/rules", json=body).json()
    assert got["panels"] == panels and got["not_coached"] is None
    if "bidding" in panels:
        question = {**body, "hand": "Q Q Q 9 9", "bids": ["full-house"], "seat": 2}
        assert answer(client, "/api/bidding", question)["seat"] == 2


def test_banking_with_push_ties_stays_banking_for_the_coach(client):
    got = client.post("/api/rules", json={"rules": "banking", "set": ["ties=push"]}).json()
    assert got["panels"] == ["banking"] and got["not_coached"] is None
    body = {"rules": "banking", "set": ["ties=push"], "dice": "6 6 2 3 1", "throws_left": 2}
    response = client.post("/api/banking", json={**body, "players": 3})
    assert response.status_code == 400 and "two seats" in response.json()["error"]


@pytest.mark.parametrize(
    "message",
    [
        "unknown face 'S' in 'K K --as 9 9'",  # the request's own text, quoted back
        "invalid value '--best' for wild",
        "unknown goal 'beat:`hold`'",
        "(`round` or `banking` at the command line)",  # a bare command name stays
    ],
)
def test_the_requests_own_text_and_bare_command_names_stay_as_written(message):
    assert api_words(message) == message
