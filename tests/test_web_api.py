"""The coach's JSON API: the command line's figures, bad input refused, long solves pending.

Every answer for a position is compared with the CLI's ``--format json`` answer for the
same position (hold, betting) or with the figures the CLI prints of the same solution
(bidding's odds and opening, banking's pure strategies); bad input is a 4xx with one
message; a solve longer than the wait is answered as pending and then polled.
"""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from cli_helpers import run_cli
from fastapi.testclient import TestClient
from web_helpers import answer, cli_json

from pokerdice_stats.web.app import MAX_BODY_BYTES, create_app
from pokerdice_stats.web.jobs import JobBoard

SCHEMAS = Path(__file__).resolve().parents[1] / "pokerdice_stats" / "schemas"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


#: (API body of /api/hold, the same position on the command line).
HOLD_POSITIONS = [
    ({"dice": "K K J 10 9"}, ["hold", "K K J 10 9"]),
    (
        {"dice": "K K J 10 9", "to_win": True, "against": "Q Q Q 9 9", "players_left": 1},
        ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", "1"],
    ),
    (
        {"dice": "A A 10 9 J", "to_win": True, "players_left": 2, "throws_left": 1},
        ["hold", "A A 10 9 J", "--to-win", "--players-left", "2", "--throws-left", "1"],
    ),
    (
        {
            "set": ["throw_limit=first-player"],
            "dice": "Q Q J 10 9",
            "to_win": True,
            "against": "K K 9 9 10",
            "limit": 2,
            "players_left": 1,
        },
        [
            "hold",
            "Q Q J 10 9",
            "--set",
            "throw_limit=first-player",
            "--to-win",
            "--against",
            "K K 9 9 10",
            "--limit",
            "2",
            "--players-left",
            "1",
        ],
    ),
    (
        {"rules": "classic", "set": ["throws=2"], "dice": "Q Q Q 10 9"},
        ["hold", "Q Q Q 10 9", "--rules", "classic", "--set", "throws=2"],
    ),
    (
        {"rules": "triple-snakes", "dice": "3 3 1 5 6", "to_win": True, "against": "4 4 2 2 1"},
        ["hold", "3 3 1 5 6", "--rules", "triple-snakes", "--to-win", "--against", "4 4 2 2 1"],
    ),
    (
        {"rules": "progressive", "dice": "6 6 6 2 1", "computer_hand": "5 5 5 5 2"},
        ["hold", "6 6 6 2 1", "--rules", "progressive", "--computer-hand", "5 5 5 5 2"],
    ),
    (
        {"rules": "progressive", "dice": "6 5 4 3 1", "side": "computer"},
        ["hold", "6 5 4 3 1", "--rules", "progressive", "--as", "computer"],
    ),
    (
        {"dice": "K K J 10 9", "goal": "at-least:full-house", "distribution": True},
        ["hold", "K K J 10 9", "--goal", "at-least:full-house", "--distribution"],
    ),
]


@pytest.mark.parametrize(("body", "argv"), HOLD_POSITIONS)
def test_hold_answers_are_the_cli_answers(client, capsys, body, argv):
    api = answer(client, "/api/hold", body)
    assert api == cli_json(capsys, *argv)
    assert api["holds"] and sum(row["optimal"] for row in api["holds"]) >= 1


def test_hold_answer_follows_the_cli_schema(client):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "hold-hold.json").read_text(encoding="utf-8"))
    api = answer(client, "/api/hold", {"dice": "K K J 10 9"})
    jsonschema.validate(api, schema)


BETTING_POSITIONS = [
    (
        {"players": 3, "seat": 2, "against": "3 3 3 5 5"},
        ["betting", "--players", "3", "--seat", "2", "--against", "3 3 3 5 5"],
    ),
    (
        {"players": 3, "seat": 1, "hand": "6 6 6 2 1"},
        ["betting", "--players", "3", "--seat", "1", "--hand", "6 6 6 2 1"],
    ),
    (
        {"players": 2, "seat": 2, "dice": "3 3 1 5 6", "throws_left": 2, "against": "4 4 2 2 1",
         "ante": "2", "raise_size": "1"},
        ["betting", "--players", "2", "--seat", "2", "--dice", "3 3 1 5 6", "--throws-left",
         "2", "--against", "4 4 2 2 1", "--ante", "2", "--raise", "1"],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("body", "argv"), BETTING_POSITIONS)
def test_betting_answers_are_the_cli_answers(client, capsys, body, argv):
    assert answer(client, "/api/betting", body) == cli_json(capsys, *argv)


def test_bidding_odds_and_opening_are_the_cli_figures(client, capsys):
    cli = cli_json(capsys, "bidding", "--rules", "classic", "--hand", "K K K K 9")
    api = answer(client, "/api/bidding", {"hand": "K K K K 9"})
    assert api["seat"] == 1 and api["bids"] == []
    assert api["value"] == cli["value"]
    expected = {row["ladder_hand"]: row["chance"] for row in cli["bid_odds"]}
    assert {row["ladder_hand"]: row["chance"] for row in api["bid_odds"]} == expected
    # Seat 1's opening mix of one rung is the ways-weighted mean of its hands' mixes; the
    # five-of-a-kind hands have one way each.
    fives = [answer(client, "/api/bidding", {"hand": f"{face} " * 5}) for face in "9TJQKA"]
    opening = next(row for row in cli["opening"] if row["own_rung"] == "five-of-a-kind")
    for i, move in enumerate(fives[0]["moves"]):
        mean = sum(a["moves"][i]["chance"] for a in fives) / len(fives)
        assert mean == pytest.approx(opening[move["move"]], abs=1e-12)
    assert abs(sum(m["chance"] for m in api["moves"]) - 1) < 1e-9


def test_bidding_units_say_whose_value(client):
    """The answer's ``value`` is seat 1's (the game's); each move's, the mover's."""
    got = answer(client, "/api/bidding", {"hand": "K K J 10 9", "bids": ["one-pair"], "seat": 2})
    assert "for seat 1" in got["units"]["value"]
    assert "for the player to move" in got["units"]["move_value"]


def test_bidding_after_bids(client, capsys):
    api = answer(client, "/api/bidding", {"hand": "K K J 10 9", "bids": ["two-pair"]})
    assert api["seat"] == 2 and api["bids"] == ["two-pair"]
    moves = [m["move"] for m in api["moves"]]
    assert moves[0] == "call" and "one-pair" not in moves and "two-pair" not in moves
    # each alternative's value is the command line's (bidding --hand --bids)
    cli = cli_json(capsys, "bidding", "--hand", "K K J 10 9", "--bids", "two-pair")
    assert {m["move"]: m["value"] for m in api["moves"]} == {
        m["move"]: m["value"] for m in cli["moves"]
    }


def test_banking_mix_is_the_cli_equilibrium(client, capsys, tmp_path):
    out = tmp_path / "keeps.csv"
    code, _, err = run_cli(capsys, "banking", "--players", "2", "--out", str(out))
    assert code == 0, err
    with out.open(encoding="utf-8") as stream:
        rows = [r for r in csv.DictReader(stream) if r["hand"] == "6 6 3 2 1"]
    rows = [r for r in rows if r["throws_left"] == "2"]
    assert rows
    api = answer(client, "/api/banking", {"dice": "6 6 2 3 1", "players": 2})
    by_keep = {h["keep"]: h for h in api["holds"]}
    weights: dict[str, Fraction] = {}
    for row in rows:
        weights[row["keep"]] = weights.get(row["keep"], Fraction(0)) + Fraction(row["weight_exact"])
        assert by_keep[row["keep"]]["value"] == pytest.approx(float(row["value_float"]), abs=1e-9)
    for keep, hold in by_keep.items():
        assert Fraction(hold.get("chance_exact", "0")) == weights.get(keep, 0)
    assert sum(Fraction(h.get("chance_exact", "0")) for h in api["holds"]) == 1


def test_review_prices_each_keep_with_the_hold_values(client):
    steps = [
        {"dice": "K K J 10 9", "keep": "K K J"},
        {"dice": "K K J A 9", "keep": "K K"},
        {"dice": "K K K Q 9"},
    ]
    api = answer(client, "/api/review", {"steps": steps, "players_left": 2})
    first = answer(client, "/api/hold", {"dice": "K K J 10 9", "to_win": True,
                                         "players_left": 2})  # fmt: skip
    values = {row["keep"]: row["value"] for row in first["holds"]}
    one = api["decisions"][0]
    assert one["decision"] == "keep" and one["throw"] == 1
    assert one["choice"] == "K K J" and one["value"] == values["K K J"]
    assert one["best_choice"] == first["holds"][0]["keep"]
    assert one["cost"] == pytest.approx(one["best_value"] - one["value"])
    assert one["lost"] is (one["cost"] > 0)
    assert len(api["decisions"]) == 2
    assert api["lost_decisions"] == sum(d["lost"] for d in api["decisions"])
    assert api["unit"] == "chance" and api["players"] == 3


def test_review_of_the_progressive_game_is_exact(client):
    steps = [{"dice": "6 6 6 2 1", "keep": "stand"}]
    api = answer(client, "/api/review", {"rules": "progressive", "steps": steps,
                                         "computer_hand": "5 5 5 2 1"})  # fmt: skip
    one = api["decisions"][0]
    cost = Fraction(one["best_value_exact"]) - Fraction(one["value_exact"])
    assert one["lost"] and cost > 0 and Fraction(one["cost_exact"]) == cost
    assert one["best_choice"] == "6 6 6"
    assert api["unit"] == "points per round"


def test_review_of_a_betting_turn_in_chips(client):
    betting = {"players": 3, "seat": 2, "met": True, "raises_made": 1}
    steps = [{"dice": "3 3 1 5 6", "keep": "3 3 5"}, {"dice": "3 3 5 5 2", "keep": "3 3 5 5"},
             {"dice": "3 3 5 5 5"}]  # fmt: skip
    body = {"rules": "triple-snakes", "against": "4 4 2 2 1", "steps": steps, "betting": betting}
    api = answer(client, "/api/review", body)
    assert api["unit"] == "chips" and api["seat"] == 2 and api["against"] == "4 4 2 2 1"
    kinds = [d["decision"] for d in api["decisions"]]
    assert kinds == ["meet or fold", "keep", "keep", "check or raise"]
    table = {"rules": "triple-snakes", "players": 3, "seat": 2, "against": "4 4 2 2 1"}
    meet = answer(client, "/api/betting", {**table, "raised": 1})
    assert api["decisions"][0]["value"] == meet["meet_value"]
    hold = answer(client, "/api/betting", {**table, "dice": "3 3 1 5 6", "throws_left": 2})
    values = {row["keep"]: row["value"] for row in hold["holds"]}
    assert api["decisions"][1]["value"] == values["5 3 3"]
    assert api["decisions"][1]["best_choice"] == hold["holds"][0]["keep"]
    lead = answer(client, "/api/betting", {**table, "hand": "3 3 5 5 5"})
    made = next(o for o in lead["options"] if o["raises"] == 1)
    last = api["decisions"][3]
    assert last["choice"] == "raise 1" and last["value"] == made["value"]
    assert last["lost"] is (lead["chosen_raises"] != 1)
    for d in api["decisions"]:
        assert Fraction(d["cost_exact"]) == Fraction(d["best_value_exact"]) - Fraction(
            d["value_exact"]
        )


def test_review_of_a_fold(client):
    body = {"rules": "triple-snakes", "against": "6 6 6 6 2", "steps": [{"dice": "1 2 3 4 6"}],
            "betting": {"players": 2, "seat": 2, "met": False}}  # fmt: skip
    api = answer(client, "/api/review", body)
    assert [d["decision"] for d in api["decisions"]] == ["meet or fold"]
    assert api["decisions"][0]["choice"] == "fold"


#: (path, body, status, words of the message).
BAD = [
    ("/api/hold", {"dice": "K K J 10 X"}, 400, "unknown face"),
    ("/api/hold", {"dice": "K K J 10"}, 400, "5 dice"),
    ("/api/hold", {"dice": "K K J 10 9", "players_left": 9}, 422, "players_left"),
    ("/api/hold", {"dice": "K K J 10 9", "bogus": 1}, 422, "bogus"),
    ("/api/hold", {"dice": "K K J 10 9", "rules": "house.toml"}, 422, "rules"),
    ("/api/hold", {"dice": "K K J 10 9", "goal": "score:/etc/passwd"}, 400, "reads none"),
    ("/api/hold", {"dice": "K K J 10 9", "set": ["throws=99"]}, 400, "throws"),
    ("/api/hold", {"dice": "K K J 10 9", "set": ["nokey"]}, 400, "KEY=VALUE"),
    ("/api/hold", {"dice": "K K J 10 9", "against": "Q Q Q 9 9", "players_left": 4,
                   "tied": 1}, 400, "at most 5"),
    ("/api/hold", {"rules": "banking", "dice": "6 6 1 2 3", "to_win": True}, 400, "blind"),
    ("/api/betting", {"seat": 4, "against": "3 3 3 1 2"}, 400, "`seat`"),
    ("/api/betting", {"seat": 2}, 400, "`against`"),
    ("/api/bidding", {"hand": "K K J 10 9", "bids": ["full-house", "two-pair"]}, 400, "higher"),
    ("/api/bidding", {"hand": "K K J 10 9", "bids": ["royal"]}, 400, "unknown rung"),
    ("/api/banking", {"dice": "6 6 1 2 3", "rules": "gameweave"}, 400, "blind"),
    ("/api/review", {"steps": []}, 400, "steps"),
    ("/api/review", {"steps": [{"dice": "K K J 10 9", "keep": "K K"},
                               {"dice": "Q Q J 10 9", "keep": "Q Q"}]}, 400, "kept before"),
    ("/api/review", {"steps": [{"dice": "K K J 10 9", "keep": "A"}]}, 400, "not a hold"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "1 2 3 4 6", "keep": "6"}],
                     "betting": {"seat": 2}}, 400, "best hand"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "6 6 6 1 2"}],
                     "betting": {"seat": 1, "raises_made": 3}}, 400, "raises_made"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "1 2 3 4 6", "keep": "6"}],
                     "betting": {"seat": 1, "raises_made": 0}}, 400, "final hand"),
    # wrong JSON types are refused, not read as numbers (true is not 1, "1" is not 1)
    ("/api/hold", {"dice": "K K J 10 9", "throws_left": True}, 422, "throws_left"),
    # 004's player holds for points: no question is not a round's chance
    ("/api/hold", {"rules": "progressive", "dice": "6 6 2 3 5"}, 400, "holds for points"),
    ("/api/hold", {"dice": "K K J 10 9", "players_left": "1"}, 422, "players_left"),
    ("/api/betting", {"seat": 2.0, "against": "3 3 3 1 2"}, 422, "seat"),
    ("/api/review/bidding", {"hand": "K K J 10 9", "moves": ["one-pair"], "seat": True},
     422, "seat"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "3 3 3 1 2"}],
                     "against": "4 4 4 1 2", "betting": {"seat": 2, "met": 1}}, 422, "met"),
    # an option named twice, or one the reviewed game does not read, is refused
    ("/api/rules", {"set": ["throws=1", "throws=3"]}, 400, "more than once"),
    ("/api/review", {"steps": [{"dice": "K K J 10 9", "keep": "K K"}], "players": 3},
     400, "players does not apply"),
    ("/api/review", {"rules": "banking", "steps": [{"dice": "6 6 1 2 3", "keep": "6 6"}],
                     "against": "5 5 5 1 2"}, 400, "against does not apply"),
    ("/api/review", {"rules": "progressive", "steps": [{"dice": "6 6 1 2 3", "keep": "6 6"}],
                     "computer_hand": "5 5 5 1 2", "players_left": 1}, 400, "players_left"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "3 3 3 1 2"}],
                     "betting": {"seat": 1, "raises_made": 1}, "players": 4}, 400, "players"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "3 3 3 1 2"}],
                     "betting": {"seat": 1, "raises_made": 1, "entered": True}},
     400, "betting.entered applies only"),
    ("/api/review", {"rules": "triple-snakes", "steps": [{"dice": "3 3 3 1 2"}],
                     "betting": {"seat": 1, "raises_made": 1, "ante_max": 3, "pot": "5"}},
     400, "betting.pot"),
    # 001 as written: a field of the fixed stakes it would not read is refused, not ignored
    ("/api/review", {"rules": "triple-snakes", "steps": [],
                     "betting": {"seat": 1, "ante_max": 2, "ante_named": "2", "ante": "abc"}},
     400, "give it as ante_named, not ante"),
    ("/api/review", {"rules": "triple-snakes", "steps": [],
                     "betting": {"seat": 1, "raise_max": 2, "ante_named": "2",
                                 "raise_size": "nonsense"}},
     400, "leave out raise_size"),
    ("/api/review", {"rules": "triple-snakes", "steps": [],
                     "betting": {"seat": 1, "raise_max": 2, "ante_named": "2", "raises": 0}},
     400, "leave out raises"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body", "status", "words"), BAD)
def test_bad_input_is_a_4xx_with_one_message(client, path, body, status, words):
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert words in message
    assert "Traceback" not in response.text


def test_malformed_and_oversized_bodies(client):
    response = client.post(
        "/api/hold", content=b"not json", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["error"]
    for raw in (b'{"dice": "\xff\xfe K J 10 9"}', b'{"throws_left": ' + b"9" * 5000 + b"}"):
        response = client.post(
            "/api/hold", content=raw, headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 422
        assert response.json()["error"].startswith("the body must be JSON in UTF-8")
    response = client.post(
        "/api/hold",
        content=b'{"dice": "K K J 10 9"}',
        headers={"Content-Type": "application/json", "Content-Length": "abc"},
    )
    assert response.status_code == 400 and "Content-Length" in response.json()["error"]
    big = json.dumps({"dice": "K" * (MAX_BODY_BYTES + 1)})
    response = client.post("/api/hold", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "limited" in response.json()["error"]
    assert client.get("/api/jobs/abc").status_code == 400
    assert client.get("/api/jobs/999999").status_code == 404  # no such job
    assert client.get("/no/such/page").status_code == 404


def test_a_query_parameter_is_refused_not_dropped(client):
    body = {"rules": "classic", "hand": "Q Q Q 9 9", "bids": "full-house"}
    response = client.post("/api/bidding?ladder=fine&x", json=body)
    assert response.status_code == 422
    message = response.json()["error"]
    assert "takes no query parameters" in message and "ladder, x" in message
    assert client.get("/api/games?verbose=1").status_code == 422
    assert client.get("/api/jobs/1?wait=1").status_code == 422
    assert client.get("/api/games").status_code == 200
    assert client.get("/?from=bookmark").status_code == 200  # the page itself is not the API


def test_a_bidding_rule_change_the_game_does_not_read_is_left_out_and_said(client):
    """The page sends its one rule set to every panel: a key bidding never reads (set for
    the holds) is left out of the bidding answer's rules, and its label says so (no
    ``throws=2``), where the command line refuses it (the label would show it)."""
    body = {"rules": "classic", "set": ["throws=2", "wild=9"], "hand": "Q Q Q 9 9",
            "bids": ["full-house"], "seat": 2}  # fmt: skip
    got = answer(client, "/api/bidding", body)
    assert got["rules"] == "classic (wild=9)"
    assert got.pop("rules_left_out") == ["throws=2"] and got.pop("rules_left_out_why")
    plain = answer(client, "/api/bidding", {**body, "set": ["wild=9"]})
    assert "rules_left_out" not in plain and got == plain
    review = {"rules": "classic", "set": ["throws=2"], "hand": "Q Q Q 9 9", "moves": ["full-house"]}
    assert answer(client, "/api/review/bidding", review)["rules_left_out"] == ["throws=2"]
    review = {"rules": "classic", "set": ["ties=split"], "hand": "Q Q Q 9 9", "seat": 1,
              "moves": ["full-house", "call"]}  # fmt: skip
    assert answer(client, "/api/review/bidding", review)["rules"] == "classic"


#: (raw body, content type, words of the one message).
BAD_BODIES = [
    (b'{"dice": "K K', "application/json", "not valid JSON"),
    (b"", "application/json", "body is missing"),
    (b"[1, 2]", "application/json", "must be a JSON object"),
    (b'{"dice": "K K J 10 9"}', "text/plain", "must be a JSON object"),
    (b'{"dice": "K K J 10 9", "dice": "Q Q Q Q Q"}', "application/json", "'dice' twice"),
    (b"[" * 5000 + b"]" * 5000, "application/json", "nests too deeply"),
]


@pytest.mark.parametrize(("raw", "kind", "words"), BAD_BODIES)
def test_a_bad_body_is_refused_in_words(client, raw, kind, words):
    response = client.post("/api/hold", content=raw, headers={"Content-Type": kind})
    assert response.status_code == 422, response.text
    message = response.json()["error"]
    assert words in message and "JSON decode error" not in message


@pytest.mark.parametrize(
    "path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
             "/static//etc/passwd", "/static/%2fetc%2fpasswd"],
)  # fmt: skip
def test_static_files_stay_in_their_folder(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "create_app" not in response.text and "root:" not in response.text


def test_openapi_document_lists_the_endpoints(client):
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/hold", "/api/betting", "/api/bidding", "/api/banking", "/api/review"):
        assert "post" in paths[path]
    assert "/api/jobs/{job_id}" in paths
    # the refusals are the app's own {"error": ...} objects, not FastAPI's {"detail": ...}
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    for status in ("400", "413", "422", "429"):
        ref = paths["/api/hold"]["post"]["responses"][status]["content"]["application/json"]
        assert ref["schema"]["$ref"].endswith("/ErrorAnswer")
    # each route lists what it may answer: jobs (202, 429) where a solve runs, 404 on a poll
    for path, method in (("/api/games", "get"), ("/api/rules", "post")):
        assert not {"202", "404", "429"} & set(paths[path][method]["responses"]), path
    for path in ("/api/hold", "/api/betting", "/api/bidding", "/api/banking", "/api/review",
                 "/api/review/bidding"):  # fmt: skip
        assert {"202", "429"} <= set(paths[path]["post"]["responses"]), path
        assert "404" not in paths[path]["post"]["responses"], path
    assert {"202", "404"} <= set(paths["/api/jobs/{job_id}"]["get"]["responses"])
    assert "error" in schemas["ErrorAnswer"]["properties"]
    assert "poll" in schemas["PendingAnswer"]["properties"]


def test_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "coach.js" in page.text
    assert client.get("/static/coach.js").status_code == 200
    games = client.get("/api/games").json()
    assert [p["name"] for p in games["presets"]] == [
        "gameweave", "classic", "triple-snakes", "banking", "progressive"
    ]  # fmt: skip
    panels = {p["name"]: p["panels"] for p in games["presets"]}
    assert panels["triple-snakes"] == ["hold", "betting"]
    assert panels["banking"] == ["banking"] and panels["progressive"] == ["progressive"]
    assert "bidding" in panels["classic"]


def test_a_long_solve_is_pending_then_answered():
    """With no wait, every request is answered as pending first; polling gives the answer."""
    body = {"dice": "K K J 10 9", "to_win": True, "players_left": 1}
    with TestClient(create_app(JobBoard(wait=0.0))) as quick:
        first = quick.post("/api/hold", json=body)
        assert first.status_code in (200, 202)
        if first.status_code == 202:
            status = first.json()
            assert status["status"] == "pending" and status["poll"].startswith("/api/jobs/")
        final = answer(quick, "/api/hold", body)
    with TestClient(create_app()) as other:
        assert final == answer(other, "/api/hold", body)


def test_serve_without_the_web_extra_says_what_to_install(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    code, out, err = run_cli(capsys, "serve", "--port", "0")
    assert code == 2 and out == ""
    assert 'pip install -e ".[web]"' in err and "Traceback" not in err


def test_serve_refuses_a_bad_port(capsys):
    code, _, err = run_cli(capsys, "serve", "--port", "70000")
    assert code == 2 and "--port" in err


def test_a_pasted_rule_file_reads_as_the_cli_reads_the_file(client, capsys, tmp_path):
    text = 'preset = "classic"\nthrows = 2\nwild = "9"\n'
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    api = answer(client, "/api/hold", {"rules_text": text, "dice": "K K J 10 9"})
    assert api == cli_json(capsys, "hold", "K K J 10 9", "--rules", str(path))
    assert api["rules"] == "classic (throws=2, wild=9)"
    # --set options apply after the file, as on the command line
    both = answer(client, "/api/rules", {"rules_text": text, "set": ["throws=3"]})
    assert both["rules"] == "classic (wild=9)"


@pytest.mark.parametrize(
    ("text", "words"),
    [("throws = [2, 3]", "single value"), ("throws = ", "not valid TOML"),
     ('preset = "poker"', "unknown rule set"), ("throws = 99", "throws")],
)  # fmt: skip
def test_a_bad_pasted_rule_file_is_refused(client, text, words):
    response = client.post("/api/hold", json={"rules_text": text, "dice": "K K J 10 9"})
    assert response.status_code == 400 and words in response.json()["error"]


#: (path, body, the one message in a player's words).
PLAIN_WORDS = [
    ("/api/bidding", {"rules": "classic", "hand": "", "bids": []}, "hand: is empty"),
    ("/api/hold", {"dice": "K K J 10 9", "to_win": True, "against": "Q Q Q 9 9", "tied": 0},
     "tied: must be at least 1"),
    ("/api/hold", {"dice": "K K J 10 9", "throws_left": "two"},
     "throws_left: must be a whole number"),
    ("/api/hold", {"dice": "K K J 10 9", "dise": "Q"}, "dise: is not a field of this request"),
    ("/api/review", {"rules": "classic", "steps": [1]},
     "steps.0: must be an object (a JSON object of fields)"),
    ("/api/hold", {"dice": "K K J 10 9", "goal": "x" * 200},
     "goal: must be at most 120 characters"),
    ("/api/hold", {"dice": ["K"]}, "dice: must be text"),
    ("/api/bidding", {"hand": "K K K 9 9", "bids": "full-house"}, "bids: must be a list"),
    ("/api/bidding", {"hand": "K K K 9 9", "bids": ["a"] * 20}, "bids: may hold at most 16 items"),
    ("/api/hold", {"dice": "K K J 10 9", "to_win": "yes"}, "to_win: must be true or false"),
    ("/api/hold", {"dice": "K K J 10 9", "rules": "nope"}, "rules: must be one of 'gameweave'"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body", "words"), PLAIN_WORDS)
def test_validation_errors_are_in_a_players_words(client, path, body, words):
    response = client.post(path, json=body)
    assert response.status_code == 422
    assert response.json()["error"].startswith(words)


def test_a_bidding_answer_reports_the_solve_then_the_position():
    """The job's progress (what the page shows while a first solve runs): the game's solve
    takes the first 80%, its own stages inside it when it solves, then the position."""
    from progress_record import RecordedProgress as Recorded

    from pokerdice_stats.ground.progress import watching
    from pokerdice_stats.web.answers import BIDDING_SOLVE_SHARE, POSITION_WORDS, bidding_answer
    from pokerdice_stats.web.requests import BiddingRequest

    done = Recorded()
    with watching(done):
        bidding_answer(BiddingRequest(hand="K K J 10 9", bids=["two-pair"]))
    shares = [share for share, _ in done.seen]
    assert shares == sorted(shares) and shares[0] == 0.0 and shares[-1] == 1.0
    assert done.seen[0][1].startswith("solving the game")
    assert (BIDDING_SOLVE_SHARE, POSITION_WORDS) in done.seen
