"""The coach's page at the table: no answer outlives its position, the seat is the player's,
the page speaks the player's words and fits a phone.

As :mod:`test_web_browser` (the same fixtures, from ``tests/conftest.py``): headless
Chromium through Playwright's ``executable_path``. Skipped, saying why, where no Chromium
or no Playwright is installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx", reason="httpx (test extra) is not installed")
pytest.importorskip("playwright", reason="playwright (test extra) is not installed")

from test_web_browser import (
    ANSWER_WAIT,
    BROWSER_MARKS,
    assert_holds_match,
    choose_game,
    fill_settings,
)

pytestmark = BROWSER_MARKS


def table(page, preset: str, players: int, seat: int) -> None:
    choose_game(page, preset)
    page.select_option("#players", str(players))
    page.select_option("#seat", str(seat))


def no_flags(text: str) -> None:
    assert "--" not in text, text


# ---- 1. an answer is cleared as soon as the position it answered changes -----------------


def test_new_dice_clear_the_betting_answer_which_speaks_in_chips(page, api):
    table(page, "triple-snakes", 4, 2)
    page.fill("#against", "3 3 3 5 5")
    page.fill("#dice-text", "6 6 6 6 2")
    page.click("#check-raise")
    page.wait_for_selector("#betting-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api("/api/betting", {"rules": "triple-snakes", "players": 4, "seat": 2,
                                  "against": "3 3 3 5 5", "hand": "6 6 6 6 2"})  # fmt: skip
    rows = page.query_selector_all("#betting-rows tbody tr")
    # each choice in chips (7): check, raise 1 chip; the pot the coach assumed is shown
    assert [r.query_selector("td").inner_text() for r in rows] == ["check", "raise 1 chip"]
    assert [float(r.get_attribute("data-value")) for r in rows] == [
        o["value"] for o in answer["options"]
    ]
    assert f"the pot the coach assumed: {answer['pot']:g} chips" in page.inner_text(
        "#betting-answer"
    )
    page.fill("#dice-text", "6 6 6 2 2")
    assert page.inner_text("#betting-answer") == ""
    assert page.is_hidden("#betting-rows")


def test_meet_or_fold_says_what_each_is_worth(page, api):
    table(page, "triple-snakes", 4, 2)
    page.fill("#against", "3 3 3 5 5")
    page.click("#meet-fold")
    page.wait_for_selector("#betting-decision", timeout=ANSWER_WAIT)
    answer = api("/api/betting", {"rules": "triple-snakes", "players": 4, "seat": 2,
                                  "against": "3 3 3 5 5", "raised": 1})  # fmt: skip
    assert answer["decision"] == "meet"
    text = page.inner_text("#betting-answer")
    assert text.startswith(f"Meet: worth {answer['meet_value']:.3f} chips from here on (fold: 0)")
    page.select_option("#players", "3")  # another table: the answer was for four players
    assert page.inner_text("#betting-answer") == ""


def test_new_dice_clear_the_bidding_answer_whose_values_have_units(page, api):
    table(page, "classic", 2, 2)
    page.fill("#dice-text", "Q Q Q 9 9")
    page.select_option("#bid-add", "full-house")
    page.click("#bid-push")
    page.click("#call-or-bid")
    page.wait_for_selector("#bidding-best", timeout=ANSWER_WAIT)
    answer = api("/api/bidding", {"rules": "classic", "hand": "Q Q Q 9 9", "bids": ["full-house"]})
    assert "+1 win" in page.inner_text("#bidding-rows thead")
    call = page.query_selector("#bidding-rows tbody tr[data-move=call]")
    chance = f"{100 * answer['chance_last_bid']:.1f} %"
    assert f"the last bid, full-house, holds: {chance}" in call.inner_text()
    values = [r.query_selector_all("td")[2].inner_text() for r in page.query_selector_all(
        "#bidding-rows tbody tr")]  # fmt: skip
    assert all(v.endswith(" a game") for v in values), values
    page.fill("#dice-text", "Q Q Q 9")
    assert page.inner_text("#bidding-answer") == "" and page.is_hidden("#bidding-rows")


def test_a_changed_set_aside_field_clears_the_holds(page):
    fill_settings(page, "sticky_holds=true")
    page.fill("#dice-text", "K K Q Q 9")
    page.select_option("#throws-left", "1")
    page.fill("#aside", "K K")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    page.fill("#aside", "")
    assert page.is_hidden("#holds") and page.inner_text("#headline") == ""
    fill_settings(page, "")


# ---- 2. the seat is the player's ----------------------------------------------------------


def test_seat_one_has_no_best_hand_so_far(page, api):
    table(page, "gameweave", 3, 2)
    page.fill("#against", "Q Q Q 9 9")
    page.select_option("#seat", "1")
    assert page.is_hidden("#against") and page.is_hidden("#tied")
    assert page.is_visible("#first-seat")
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    answer = api("/api/hold", {"dice": "K K J 10 9", "throws_left": 2, "to_win": True,
                               "players_left": 2})  # fmt: skip
    assert_holds_match(page, answer)
    assert "(seat 1 of 3: you throw first, 2 players after you)" in page.inner_text("#headline")


def test_a_later_seat_is_named_in_the_players_terms(page, api):
    table(page, "gameweave", 4, 3)
    page.fill("#against", "Q Q Q 9 9")
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    answer = api("/api/hold", {"dice": "K K J 10 9", "throws_left": 2, "to_win": True,
                               "against": "Q Q Q 9 9", "tied": 1, "players_left": 1})  # fmt: skip
    assert_holds_match(page, answer)
    headline = page.inner_text("#headline")
    assert "seat 3 of 4: to beat Q Q Q 9 9, held by 1 earlier seat" in headline
    assert "1 player after you" in headline and "seat 2)" not in headline


def test_banking_says_every_seat_is_alike(page):
    table(page, "banking", 3, 3)
    page.fill("#dice-text", "5 5 1 2 3")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    headline = page.inner_text("#headline")
    assert "every seat is alike" in headline and "you are seat 1" not in headline


def test_bidding_refuses_a_seat_not_to_move(page):
    table(page, "classic", 2, 1)
    page.fill("#dice-text", "Q Q Q 9 9")
    page.select_option("#bid-add", "full-house")
    page.click("#bid-push")
    page.click("#call-or-bid")
    page.wait_for_selector("#bidding-answer.error", timeout=ANSWER_WAIT)
    assert "after 1 bid it is seat 2's move (you are seat 1)" in page.inner_text("#bidding-answer")
    assert page.is_hidden("#bidding-rows")


# ---- 3.-5. what the page cannot coach, options typed, a rule file in use -----------------


def test_a_blind_progressive_game_is_refused_at_once_in_players_words(page):
    choose_game(page, "progressive")
    fill_settings(page, "knowledge=blind")
    page.wait_for_selector("#not-coached:not([hidden])")
    note = page.inner_text("#not-coached")
    assert "blind equilibrium tables" in note and "banking" in note
    no_flags(note)
    assert page.is_hidden("#computer-hand")
    page.fill("#dice-text", "6 6 2 3 1")
    page.click("#advise")
    page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
    assert page.inner_text("#status") == note
    fill_settings(page, "")


def test_a_refused_panel_is_named_and_the_others_still_advise(page):
    """Triple-snakes with ties=split: 001's betting cannot be played, so its panel is not
    shown and the note says why; the round's holds are still advised."""
    choose_game(page, "triple-snakes")
    fill_settings(page, "ties=split")
    page.wait_for_selector("#not-coached:not([hidden])")
    note = page.inner_text("#not-coached")
    assert "001's betting" in note and "ties=split" in note
    no_flags(note)
    assert page.is_hidden("#check-raise")
    page.fill("#dice-text", "6 6 2 3 1")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    fill_settings(page, "")


def test_options_typed_apply_before_the_advice_is_asked(page, api):
    choose_game(page, "gameweave")
    page.fill("#dice-text", "K K J 10 9")
    page.fill("#settings", "throws=2")  # no Tab: the Advise click is the next thing
    page.click("#advise")
    answer = api("/api/hold", {"set": ["throws=2"], "dice": "K K J 10 9", "throws_left": 1,
                               "to_win": True, "players_left": 1})  # fmt: skip
    assert_holds_match(page, answer)
    assert page.eval_on_selector_all("#throws-left option", "os => os.map(o => o.value)") == [
        "1",
        "0",
    ]
    fill_settings(page, "")


def test_choosing_a_game_clears_a_pasted_rule_file(page):
    choose_game(page, "gameweave")
    page.click("#rule-file summary")
    page.fill("#rules-text", 'preset = "banking"\n')
    page.click("#rules-apply")
    page.wait_for_function("() => document.getElementById('preset').value === 'banking'")
    assert "rule file sets the game" in page.inner_text("#game-note")
    choose_game(page, "classic")
    assert page.input_value("#preset") == "classic" and page.input_value("#rules-text") == ""
    assert "no longer used" in page.inner_text("#game-note")


# ---- 6. no command-line jargon; fields that cannot apply are hidden ----------------------


def test_errors_name_the_pages_fields_and_unused_fields_are_hidden(page):
    choose_game(page, "gameweave")
    page.select_option("#seat", "2")
    assert page.is_hidden("#limit")  # no throw limit in these rules
    fill_settings(page, "throw_limit=first-player")
    assert page.is_visible("#limit")
    page.fill("#against", "Q Q Q 9 9")
    page.fill("#limit", "1")
    page.fill("#dice-text", "K K J 10 9")
    # the menu offers no more throws than the first player took ...
    assert page.eval_on_selector_all("#throws-left option", "os => os.map(o => o.value)") == ["0"]
    # ... and a stale one sent anyway is refused in the page's words
    page.evaluate(
        "() => { const s = document.getElementById('throws-left');"
        " s.add(new Option('2', '2')); s.value = '2'; }"
    )
    page.click("#advise")
    page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
    status = page.inner_text("#status")
    assert status.startswith("“Throws left” must be 0 to 0"), status
    no_flags(status)
    for label in page.query_selector_all("#table label, .position label"):
        no_flags(label.inner_text())
    fill_settings(page, "")
    choose_game(page, "progressive")
    assert page.is_hidden("#players") and page.is_hidden("#seat")


# ---- 9. a review does not add up costs that depend on each other -------------------------


def test_a_review_lists_each_cost_at_its_moment(page, api):
    page.click("#tab-review")
    steps = [("K K J 10 9", "J 10 9"), ("J 10 9 A Q", "J 10 9"), ("J 10 9 A A", "")]
    for row, (dice, keep) in zip(page.query_selector_all("#review-steps tbody tr"), steps,
                                 strict=True):  # fmt: skip
        row.query_selector(".step-dice").fill(dice)
        if keep:
            row.query_selector(".step-keep").fill(keep)
    page.click("#review-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    answer = api("/api/review", {"players_left": 1, "steps": [
        {"dice": d, "keep": k or None} for d, k in steps]})  # fmt: skip
    assert answer["lost_decisions"] == 2
    summary = page.inner_text("#review-summary")
    assert "in all" not in summary and "not added up" in summary
    costs = [r.query_selector_all("td")[7].inner_text() for r in page.query_selector_all(
        "#review-rows tbody tr")]  # fmt: skip
    assert costs == [f"{100 * d['cost']:.2f} %" for d in answer["decisions"]]


def test_a_bidding_review_shows_values_with_units(page):
    choose_game(page, "classic")
    page.click("#tab-review")
    page.fill("#review-bid-hand", "K K K K 9")
    page.fill("#review-bid-moves", "one-pair, two-pair, full-house, call")
    page.click("#review-bid-run")
    page.wait_for_selector("#review-rows:not([hidden])", timeout=ANSWER_WAIT)
    cells = [r.query_selector_all("td")[4].inner_text() for r in page.query_selector_all(
        "#review-rows tbody tr")]  # fmt: skip
    assert cells and all(c.endswith(" a game") and len(c.split()[0]) == 6 for c in cells), cells


# ---- 10. a phone's width ------------------------------------------------------------------


def test_the_page_fits_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready=true]", timeout=15_000)
    page.select_option("#players", "3")
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    context.close()
    assert width <= 390, width


# ---- 13. accessibility ---------------------------------------------------------------------


def test_controls_are_labelled_and_the_best_keep_is_named(page):
    assert page.get_by_label("Next bid").count() == 1
    assert page.get_by_label("the rule file's text (TOML)").count() == 1
    assert page.get_attribute("#dice", "role") == "group"
    for answer in ("#betting-answer", "#bidding-answer", "#review-summary"):
        assert page.eval_on_selector(answer, "e => Boolean(e.closest('[aria-live]'))"), answer
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    marks = [d.get_attribute("aria-label") for d in page.query_selector_all("#dice .die.keep")]
    assert marks and all(m.endswith(": keep") for m in marks)
    assert "best" in page.inner_text("#holds tr.best")
