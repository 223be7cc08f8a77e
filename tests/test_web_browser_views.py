"""The coach's page in a real browser: the review views, a long solve's progress, and the
turn's state (dice set aside, dice never thrown again) sent with the position.

As :mod:`test_web_browser` (the same fixtures, from ``tests/conftest.py``): headless
Chromium through Playwright's ``executable_path``, each position entered on the page, the
advice read off it and compared with the API's answer (and the command line's); screenshots
in the test's temporary folder or ``$POKERDICE_SCREENSHOTS``. Skipped, saying why, where no
Chromium or no Playwright is installed.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx", reason="httpx (test extra) is not installed")
pytest.importorskip("playwright", reason="playwright (test extra) is not installed")

from cli_helpers import run_cli
from test_web_browser import (
    ANSWER_WAIT,
    BROWSER_MARKS,
    assert_holds_match,
    choose_game,
    fill_settings,
)
from web_helpers import running_server

pytestmark = BROWSER_MARKS

#: Records every progress figure the page shows in its status line.
WATCH_PROGRESS = """() => {
  window.seenProgress = [];
  new MutationObserver(() => {
    for (const e of document.querySelectorAll('.pending .progress')) {
      window.seenProgress.push(Number(e.dataset.progress));
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_a_long_sticky_round_shows_its_progress_then_sends_the_aside(browser, shots):
    """A cold solve's progress, its Cancel, then the answer and the dice set aside."""
    with running_server({"POKERDICE_CACHE_DIR": ""}) as url:  # no saved tables: a cold solve
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready=true]", timeout=15_000)
        fill_settings(page, "sticky_holds=true")
        assert page.is_visible("#aside") and not page.is_visible("#untouched")
        page.select_option("#players", "5")
        page.fill("#dice-text", "K K J 10 9")
        page.evaluate(WATCH_PROGRESS)
        page.click("#advise")
        page.wait_for_selector(".pending .progress", timeout=ANSWER_WAIT)
        page.screenshot(path=str(shots / "progress.png"), full_page=True)
        # Cancel stops the waiting: no poll comes back to the line, no answer is shown
        page.click("#status.pending .cancel")
        assert page.inner_text("#status").startswith("cancelled")
        page.wait_for_timeout(1_200)  # three polls' time
        assert page.inner_text("#status").startswith("cancelled")
        assert not page.is_visible("#holds")
        page.click("#advise")  # asked again: the solve ran on at the server
        page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
        seen = page.evaluate("window.seenProgress")
        import httpx

        with httpx.Client(base_url=url, trust_env=False, timeout=120) as client:
            position = {"set": ["sticky_holds=true"], "to_win": True, "players_left": 4}
            first = client.post("/api/hold", json={**position, "dice": "K K J 10 9",
                                                   "throws_left": 2}).json()  # fmt: skip
            assert_holds_match(page, first)
            # the next throw keeps the best dice, which stay aside, and the page sends them
            page.click("#next-throw")
            kept = first["holds"][0]["keep"]
            assert page.input_value("#aside") == kept
            dice = " ".join([*kept.split(), *["A", "A", "A", "A", "A"]][:5])
            page.fill("#dice-text", dice)
            page.click("#advise")
            page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
            second = client.post("/api/hold", json={**position, "dice": dice, "throws_left": 1,
                                                    "aside": kept}).json()  # fmt: skip
        assert second["aside"] == kept
        assert_holds_match(page, second)
        page.screenshot(path=str(shots / "sticky-aside.png"), full_page=True)
        context.close()
    assert seen and all(0 <= s <= 1 for s in seen), seen
    assert seen == sorted(seen) and max(seen) > 0, seen


def test_untouched_dice_under_a_turn_rethrow_limit(page, capsys):
    fill_settings(page, "max_rethrow=3")
    assert page.is_visible("#untouched") and not page.is_visible("#aside")
    page.fill("#dice-text", "K K Q J 9")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    kept = page.get_attribute("#best-keep", "data-keep")
    page.click("#next-throw")
    assert page.input_value("#untouched") == kept
    dice = " ".join([*kept.split(), *["Q", "J", "9", "9", "9"]][:5])
    page.fill("#dice-text", dice)
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    code, out, err = run_cli(capsys, "hold", dice, "--set", "max_rethrow=3", "--to-win",
                             "--players-left", "1", "--throws-left", "1", "--untouched", kept,
                             "--format", "json")  # fmt: skip
    assert code == 0, err
    cli = json.loads(out)
    assert cli["untouched"] == kept
    assert_holds_match(page, cli)


def test_review_of_a_bidding_game(page, api, shots):
    choose_game(page, "classic")
    page.click("#tab-review")
    moves = ["one-pair", "two-pair", "full-house", "call"]
    page.fill("#review-bid-hand", "K K J 10 9")
    page.fill("#review-bid-moves", ", ".join(moves))
    page.click("#review-bid-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api("/api/review/bidding", {"rules": "classic", "hand": "K K J 10 9", "seat": 1,
                                         "ladder": "category", "moves": moves})  # fmt: skip
    rows = page.query_selector_all("#review-rows tbody tr")
    assert [r.query_selector_all("td")[3].text_content() for r in rows] == [
        d["choice"] for d in answer["decisions"]
    ]
    assert [float(r.get_attribute("data-cost")) for r in rows] == [
        d["cost"] for d in answer["decisions"]
    ]
    assert [r.get_attribute("class") == "lost" for r in rows] == [
        d["lost"] for d in answer["decisions"]
    ]
    assert page.inner_text("#review-lost") == str(answer["lost_decisions"])
    page.screenshot(path=str(shots / "review-bidding.png"), full_page=True)


def test_review_of_meeting_the_ante(page, api, shots):
    choose_game(page, "triple-snakes")
    page.select_option("#players", "3")
    page.select_option("#seat", "2")
    page.click("#tab-review")
    page.fill("#review-ante-max", "2")
    page.fill("#review-raise-max", "2")
    page.fill("#review-seats-in", "1")
    page.select_option("#review-entered", "met")
    page.click("#review-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api("/api/review", {"rules": "triple-snakes", "betting": {
        "players": 3, "seat": 2, "ante": "1", "raises": 1, "ante_max": 2, "raise_max": 2,
        "sit_out": True, "seats_in": "1", "entered": True}})  # fmt: skip
    rows = page.query_selector_all("#review-rows tbody tr")
    assert [r.query_selector_all("td")[1].text_content() for r in rows] == [
        "meet the ante or sit out"
    ]
    assert [float(r.get_attribute("data-value")) for r in rows] == [
        d["value"] for d in answer["decisions"]
    ]
    assert [float(r.get_attribute("data-cost")) for r in rows] == [
        d["cost"] for d in answer["decisions"]
    ]
    assert "chips" in page.inner_text("#review-rows")
    page.screenshot(path=str(shots / "review-ante.png"), full_page=True)


def test_review_of_a_sticky_turn(page, api, shots):
    # sticky holds: K K Q set aside after the first throw stay aside
    fill_settings(page, "sticky_holds=true")
    page.click("#tab-review")
    assert page.is_visible("#review-state-aside") and not page.is_visible("#review-state-original")
    steps = [{"dice": "K K Q J 9", "keep": "K K Q"}, {"dice": "K K Q A 10", "keep": "K K Q A"},
             {"dice": "K K Q A K"}]  # fmt: skip
    rows = page.query_selector_all("#review-steps tbody tr")
    for row, step in zip(rows, steps, strict=True):
        row.query_selector(".step-dice").fill(step["dice"])
        if "keep" in step:
            row.query_selector(".step-keep").fill(step["keep"])
    page.click("#review-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api("/api/review", {"set": ["sticky_holds=true"], "steps": steps,
                                 "players_left": 1})  # fmt: skip
    assert answer["decisions"][1]["aside"] == "K K Q"
    shown = page.query_selector_all("#review-rows tbody tr")
    cells = [[c.text_content() for c in r.query_selector_all("td")] for r in shown]
    assert [c[3] for c in cells] == [d["choice"] for d in answer["decisions"]]
    assert [c[5] for c in cells] == [d["best_choice"] for d in answer["decisions"]]
    assert "set aside: K K Q" in cells[1][2]
    assert [float(r.get_attribute("data-value")) for r in shown] == [
        d["value"] for d in answer["decisions"]
    ]
    assert [float(r.get_attribute("data-cost")) for r in shown] == [
        d["cost"] for d in answer["decisions"]
    ]
    assert page.inner_text("#review-lost") == str(answer["lost_decisions"])
    page.screenshot(path=str(shots / "review-sticky.png"), full_page=True)
    # a keep that lets a die set aside go is refused with the API's one message
    rows[1].query_selector(".step-keep").fill("K K A")
    page.click("#review-run")
    page.wait_for_selector("#review-status.error", timeout=ANSWER_WAIT)
    assert "must contain K K Q" in page.inner_text("#review-status")


def test_a_dropped_answer_leaves_the_newer_message_alone(browser):
    # a cold solve still on its way when the position changes: its polling stops, and the
    # refusal of the newer question stays on the line (neither "solving…" nor blanked)
    with running_server({"POKERDICE_CACHE_DIR": ""}) as url:
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready=true]", timeout=15_000)
        fill_settings(page, "sticky_holds=true")
        page.select_option("#players", "5")
        page.fill("#dice-text", "K K J 10 9")
        page.click("#advise")
        page.wait_for_selector(".pending .progress", timeout=ANSWER_WAIT)
        page.fill("#dice-text", "")  # a new position: no dice yet
        page.click("#advise")
        page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
        page.wait_for_timeout(3_000)  # the old job's polls would have come back by now
        assert page.inner_text("#status") == "enter your five dice"
        assert page.get_attribute("#status", "class") == "error"
        assert not page.is_visible("#holds")
        context.close()
