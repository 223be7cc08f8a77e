"""The coach's page in a real browser: a position of each game, the advice read off the page.

Headless Chromium (Debian's ``chromium`` package, found on the PATH or at
``$POKERDICE_CHROMIUM``) driven by Playwright through ``executable_path`` (no browser
download). Each test enters a position by clicking faces or typing, reads what the page
shows and compares it with the API's answer to the same position; screenshots go to
the test's temporary folder (``$POKERDICE_SCREENSHOTS`` keeps them in a folder of yours).
Skipped, saying why, where no Chromium or no Playwright is installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx", reason="httpx (test extra) is not installed")
pytest.importorskip("playwright", reason="playwright (test extra) is not installed")

from playwright.sync_api import Page
from web_helpers import CHROMIUM

#: The marks of every browser test module (this one and test_web_browser_views).
BROWSER_MARKS = [
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="no Chromium found (apt-get install chromium, or set POKERDICE_CHROMIUM)",
    ),
    # One process for every browser test: one server and one Chromium (tests/conftest.py).
    pytest.mark.xdist_group("browser"),
]
pytestmark = BROWSER_MARKS
#: Longest wait for the page to show an answer (milliseconds): a cold solve included.
ANSWER_WAIT = 60_000


def choose_game(page: Page, preset: str) -> None:
    page.select_option("#preset", preset)
    page.wait_for_function(
        "p => document.getElementById('source').textContent.includes('rules: ' + p)", arg=preset
    )


def fill_settings(page: Page, text: str) -> None:
    """Type rule options and leave the field: the page loads the rules they make."""
    page.fill("#settings", text)
    page.press("#settings", "Tab")
    page.wait_for_function(
        "t => document.getElementById('source').textContent.includes(t)", arg=text.split("=")[0]
    )


def enter_seat(page: Page, preset: str, players: int, seat: int, against: str, dice: str) -> None:
    """A later seat's position: the game, the table, the best hand so far and the throw."""
    choose_game(page, preset)
    page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))
    page.fill("#against", against)
    page.fill("#dice-text", dice)


def shown_holds(page: Page) -> list[tuple[str, float]]:
    rows = page.query_selector_all("#holds tbody tr")
    return [
        (r.get_attribute("data-keep") or "", float(r.get_attribute("data-value"))) for r in rows
    ]


def assert_holds_match(page: Page, answer: dict) -> None:
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    assert page.get_attribute("#best-keep", "data-keep") == answer["holds"][0]["keep"]
    assert float(page.get_attribute("#best-value", "data-value")) == answer["holds"][0]["value"]
    assert shown_holds(page) == [(h["keep"], h["value"]) for h in answer["holds"]]
    kept = [d.text_content() for d in page.query_selector_all("#dice .die.keep")]
    assert sorted(kept) == sorted(answer["holds"][0]["keep"].split())


def test_gameweave_round_clicking_faces(page, api, shots):
    for face in ("K", "K", "J", "10", "9"):
        page.click(f"#palette button:text-is('{face}')")
    assert page.input_value("#dice-text") == "K K J 10 9"
    page.select_option("#players", "3")
    page.click("#advise")
    answer = api(
        "/api/hold",
        {"rules": "gameweave", "dice": "K K J 10 9", "throws_left": 2, "to_win": True,
         "players_left": 2},
    )  # fmt: skip
    assert_holds_match(page, answer)
    assert "%" in page.inner_text("#best-value")
    page.screenshot(path=str(shots / "gameweave.png"), full_page=True)
    page.screenshot(path=str(shots / "coach.png"))  # the README's picture: docs/coach.png
    # the next throw keeps the best dice and takes a throw off
    page.click("#next-throw")
    assert page.input_value("#dice-text") == answer["holds"][0]["keep"]
    assert page.input_value("#throws-left") == "1"


def test_later_seat_against_the_best_hand(page, api):
    page.select_option("#players", "3")
    page.select_option("#seat", "2")
    page.fill("#dice-text", "Q Q J 10 9")
    page.fill("#against", "K K 9 9 10")
    page.click("#advise")
    answer = api(
        "/api/hold",
        {"rules": "gameweave", "dice": "Q Q J 10 9", "throws_left": 2, "to_win": True,
         "against": "K K 9 9 10", "tied": 1, "players_left": 1},
    )  # fmt: skip
    assert_holds_match(page, answer)


def test_a_later_seat_under_the_throw_limit(page, api):
    page.fill("#settings", "throw_limit=first-player")
    page.dispatch_event("#settings", "change")
    page.wait_for_function(
        "() => document.getElementById('source').textContent.includes('throw_limit')"
    )
    page.select_option("#seat", "2")
    page.fill("#against", "K K 9 9 10")
    page.fill("#limit", "2")
    page.select_option("#throws-left", "1")
    page.fill("#dice-text", "Q Q J 10 9")
    page.click("#advise")
    answer = api(
        "/api/hold",
        {"set": ["throw_limit=first-player"], "dice": "Q Q J 10 9", "throws_left": 1,
         "to_win": True, "against": "K K 9 9 10", "tied": 1, "players_left": 0, "limit": 2},
    )  # fmt: skip
    assert answer["limit"] == 2
    assert_holds_match(page, answer)


def test_the_throws_left_follow_the_rules_and_the_first_players_limit(page):
    """The menu offers what the rules allow, and a turn's first decision stays the first."""

    def offered() -> list[str]:
        return page.eval_on_selector_all("#throws-left option", "os => os.map(o => o.value)")

    def rules_say(text: str) -> None:
        page.fill("#settings", text)
        page.press("#settings", "Tab")
        page.wait_for_function(  # the loaded rules' own line names what was typed
            "t => document.getElementById('source').textContent.includes('rules: gameweave' + t)",
            arg=f" ({text})" if text else "",
        )

    choose_game(page, "gameweave")
    rules_say("throws=2")
    assert offered() == ["1", "0"] and page.input_value("#throws-left") == "1"
    page.fill("#settings", "")
    page.press("#settings", "Tab")
    page.wait_for_function(
        "() => !document.getElementById('source').textContent.includes('throws=2')"
    )
    assert offered() == ["2", "1", "0"] and page.input_value("#throws-left") == "2"
    rules_say("throw_limit=first-player")
    page.select_option("#seat", "2")
    page.fill("#limit", "1")  # the first player took 1 throw: a later seat has 1 too
    assert offered() == ["0"]
    page.fill("#limit", "")
    assert offered() == ["2", "1", "0"]


def test_classic_bidding_call_or_bid(page, api, shots):
    choose_game(page, "classic")
    page.select_option("#seat", "2")  # after one bid, seat 2 moves
    page.fill("#dice-text", "K K K K 9")
    page.select_option("#bid-add", "full-house")
    page.click("#bid-push")
    page.click("#call-or-bid")
    page.wait_for_selector("#bidding-best", timeout=ANSWER_WAIT)
    answer = api("/api/bidding", {"rules": "classic", "hand": "K K K K 9", "bids": ["full-house"]})
    best = max(answer["moves"], key=lambda m: m["chance"])
    assert page.inner_text("#bidding-best") == best["move"]
    rows = page.query_selector_all("#bidding-rows tbody tr")
    assert [
        (r.get_attribute("data-move"), float(r.get_attribute("data-chance"))) for r in rows
    ] == [(m["move"], m["chance"]) for m in answer["moves"]]
    shown = [r.query_selector_all("td")[2].inner_text() for r in rows]  # each move's value
    assert shown == [f"{m['value']:+.3f} a game".replace("-", "\u2212") for m in answer["moves"]]
    page.screenshot(path=str(shots / "classic-bidding.png"), full_page=True)


def test_triple_snakes_hold_and_betting(page, api, shots):
    enter_seat(page, "triple-snakes", 3, 2, "4 4 2 2 1", "3 3 1 5 6")
    page.click("#advise")
    hold = api(
        "/api/hold",
        {"rules": "triple-snakes", "dice": "3 3 1 5 6", "throws_left": 2, "to_win": True,
         "against": "4 4 2 2 1", "tied": 1, "players_left": 1},
    )  # fmt: skip
    assert_holds_match(page, hold)
    page.click("#meet-fold")
    page.wait_for_selector("#betting-decision", timeout=ANSWER_WAIT)
    meet = api(
        "/api/betting",
        {"rules": "triple-snakes", "players": 3, "seat": 2, "ante": "1", "raises": 1,
         "against": "4 4 2 2 1", "raised": 1},
    )  # fmt: skip
    assert page.get_attribute("#betting-decision", "data-decision") == meet["decision"]
    page.select_option("#seat", "1")  # seat 1 throws first: no best hand so far
    page.fill("#dice-text", "6 6 6 2 1")
    page.click("#check-raise")
    page.wait_for_function(
        "() => document.querySelectorAll('#betting-rows tbody tr').length > 0",
        timeout=ANSWER_WAIT,
    )
    lead = api(
        "/api/betting",
        {"rules": "triple-snakes", "players": 3, "seat": 1, "ante": "1", "raises": 1,
         "hand": "6 6 6 2 1"},
    )  # fmt: skip
    assert page.get_attribute("#betting-decision", "data-decision") == lead["decision"]
    values = [float(r.get_attribute("data-value")) for r in page.query_selector_all(
        "#betting-rows tbody tr")]  # fmt: skip
    assert values == [o["value"] for o in lead["options"]]
    page.screenshot(path=str(shots / "triple-snakes.png"), full_page=True)


def test_banking_equilibrium_mix(page, api, shots):
    choose_game(page, "banking")
    page.select_option("#players", "3")
    page.fill("#dice-text", "5 5 1 2 3")
    page.click("#advise")
    answer = api(
        "/api/banking", {"rules": "banking", "dice": "5 5 1 2 3", "throws_left": 2, "players": 3}
    )
    assert_holds_match(page, answer)
    assert page.is_visible("#mix-head")
    assert "of the pot" in page.inner_text("#best-value")
    page.screenshot(path=str(shots / "banking.png"), full_page=True)


def test_progressive_against_the_computer(page, api, shots):
    choose_game(page, "progressive")
    page.fill("#computer-hand", "4 4 4 1 2")
    page.fill("#dice-text", "6 6 2 3 1")
    page.click("#advise")
    answer = api(
        "/api/hold",
        {"rules": "progressive", "dice": "6 6 2 3 1", "throws_left": 2,
         "computer_hand": "4 4 4 1 2"},
    )  # fmt: skip
    assert_holds_match(page, answer)
    assert "points" in page.inner_text("#best-value")
    page.screenshot(path=str(shots / "progressive.png"), full_page=True)


def test_review_lists_the_costly_keeps(page, api, shots):
    page.select_option("#players", "3")
    page.click("#tab-review")
    steps = [("K K J 10 9", "K K J"), ("K K J A 9", "K K"), ("K K K Q 9", "")]
    rows = page.query_selector_all("#review-steps tbody tr")
    for row, (dice, keep) in zip(rows, steps, strict=True):
        row.query_selector(".step-dice").fill(dice)
        if keep:
            row.query_selector(".step-keep").fill(keep)
    page.click("#review-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api(
        "/api/review",
        {"rules": "gameweave", "players_left": 2,
         "steps": [{"dice": d, "keep": k or None} for d, k in steps]},
    )  # fmt: skip
    assert answer["lost_decisions"] == 1
    assert page.inner_text("#review-lost") == "1"
    shown = page.query_selector_all("#review-rows tbody tr")
    assert [r.get_attribute("class") == "lost" for r in shown] == [
        d["lost"] for d in answer["decisions"]
    ]
    assert [float(r.get_attribute("data-cost")) for r in shown] == [
        d["cost"] for d in answer["decisions"]
    ]
    page.screenshot(path=str(shots / "review.png"), full_page=True)


def refused_mark(page: Page, selector: str) -> str | None:
    """The line a refused field is marked for (its ``aria-describedby``), None unmarked."""
    if page.get_attribute(selector, "aria-invalid") != "true":
        return None
    return page.get_attribute(selector, "aria-describedby")


def test_bad_dice_show_the_message(page):
    page.fill("#dice-text", "K K J 10 X")
    page.click("#advise")
    page.wait_for_selector("#status.error")
    assert "unknown face" in page.inner_text("#status")
    # the field the API refused is outlined, and points to the line saying why
    assert refused_mark(page, "#dice-text") == "status"
    assert refused_mark(page, "#against") is None
    page.fill("#dice-text", "K K J 10 9")  # a new position: the mark goes with the message
    assert refused_mark(page, "#dice-text") is None


def test_a_missing_field_is_marked_where_it_is_typed(page):
    page.select_option("#players", "3")
    page.select_option("#seat", "2")
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")  # seat 2 with no best hand so far
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status").startswith("enter the best hand so far")
    assert refused_mark(page, "#against") == "status"
    assert refused_mark(page, "#dice-text") is None
    # options the rules refuse: the options field is marked until the rules load
    page.fill("#settings", "throws=0")
    page.press("#settings", "Tab")
    page.wait_for_selector("#source .error")
    assert refused_mark(page, "#settings") == "source"
    page.click("#advise")  # asked anyway: the same field is named
    page.wait_for_selector("#status.error")
    assert refused_mark(page, "#settings") is not None
    page.fill("#settings", "")
    page.press("#settings", "Tab")
    page.wait_for_function("() => !document.querySelector('#source .error')")
    assert refused_mark(page, "#settings") is None


def test_a_refused_option_marks_the_options_not_a_field_of_the_same_value(page):
    # triple-snakes shows the Ante field, holding 1; "ties=1" is refused quoting '1': the
    # options are marked (a rule refusal is about the table), not the Ante
    choose_game(page, "triple-snakes")
    assert page.is_visible("#ante") and page.input_value("#ante") == "1"
    page.fill("#settings", "ties=1")
    page.press("#settings", "Tab")
    page.wait_for_selector("#source .error")
    assert refused_mark(page, "#settings") == "source"
    assert refused_mark(page, "#ante") is None
    # with a rule file pasted too, an option the message names is still the options'
    page.click("#rule-file summary")
    page.fill("#rules-text", 'preset = "triple-snakes"\n')
    page.fill("#settings", "ties=bogus")
    page.click("#rules-apply")
    page.wait_for_function(
        "() => (document.querySelector('#source .error') || {}).textContent?.includes('bogus')"
    )
    assert refused_mark(page, "#settings") == "source"
    assert refused_mark(page, "#rules-text") is None


def test_a_refused_stake_marks_its_field(page):
    # the server names the request's field (`ante`): the Ante field is outlined
    choose_game(page, "triple-snakes")
    page.fill("#dice-text", "3 3 3 5 6")
    page.fill("#ante", "0")
    page.click("#check-raise")
    page.wait_for_selector("#betting-answer.error")
    assert "Ante" in page.inner_text("#betting-answer")
    assert refused_mark(page, "#ante") == "betting-answer"


def test_a_pasted_rule_file_sets_the_game(page, api):
    page.click("#rule-file summary")
    page.fill("#rules-text", 'preset = "progressive"\nthrows = 2\n')
    page.click("#rules-apply")
    page.wait_for_function(
        "() => document.getElementById('source').textContent.includes('progressive (throws=2)')"
    )
    assert page.is_visible("#computer-hand")  # the progressive game's panel
    assert page.input_value("#throws-left") == "1"
    page.fill("#computer-hand", "4 4 4 1 2")
    page.fill("#dice-text", "6 6 2 3 1")
    page.click("#advise")
    answer = api(
        "/api/hold",
        {"rules": "gameweave", "rules_text": 'preset = "progressive"\nthrows = 2\n',
         "dice": "6 6 2 3 1", "throws_left": 1, "computer_hand": "4 4 4 1 2"},
    )  # fmt: skip
    assert_holds_match(page, answer)


def test_review_of_a_betting_turn(page, api, shots):
    choose_game(page, "triple-snakes")
    page.select_option("#players", "3")
    page.select_option("#seat", "2")
    page.fill("#against", "4 4 2 2 1")
    page.click("#tab-review")
    page.select_option("#review-met", "met")
    page.select_option("#review-raises", "1")
    steps = [("3 3 1 5 6", "3 3 5"), ("3 3 5 5 2", "3 3 5 5"), ("3 3 5 5 5", "")]
    rows = page.query_selector_all("#review-steps tbody tr")
    for row, (dice, keep) in zip(rows, steps, strict=True):
        row.query_selector(".step-dice").fill(dice)
        if keep:
            row.query_selector(".step-keep").fill(keep)
    page.click("#review-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api(
        "/api/review",
        {"rules": "triple-snakes", "against": "4 4 2 2 1",
         "steps": [{"dice": d, "keep": k or None} for d, k in steps],
         "betting": {"players": 3, "seat": 2, "ante": "1", "raises": 1, "met": True,
                     "raises_made": 1}},
    )  # fmt: skip
    shown = page.query_selector_all("#review-rows tbody tr")
    assert [r.query_selector_all("td")[1].text_content() for r in shown] == [
        d["decision"] for d in answer["decisions"]
    ]
    assert [float(r.get_attribute("data-cost")) for r in shown] == [
        d["cost"] for d in answer["decisions"]
    ]
    assert "chips" in page.inner_text("#review-rows")
    page.screenshot(path=str(shots / "review-betting.png"), full_page=True)


def test_the_api_pages_render_with_no_network(browser, server):
    """The footer's API pages (Swagger UI) draw every endpoint from the package's own files:
    any request that leaves the coach's server is refused, and none is needed."""
    context = browser.new_context()
    tab = context.new_page()
    left: list[str] = []

    def only_the_server(route):
        if route.request.url.startswith(server):
            route.continue_()
        else:
            left.append(route.request.url)
            route.abort()

    tab.route("**/*", only_the_server)
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(server + "/")
    tab.click("footer a[href='/docs']")
    tab.wait_for_selector(".opblock-summary-path", timeout=30_000)
    text = tab.inner_text("body")
    for endpoint in ("/api/hold", "/api/betting", "/api/bidding", "/api/jobs/{job_id}"):
        assert endpoint in text, endpoint
    context.close()
    assert left == [] and errors == [], (left, errors)
