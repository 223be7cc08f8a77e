"""The coach's page in a real browser: an answer is the command line's, and never stands
for another position.

As :mod:`test_web_browser` (the same fixtures, from ``tests/conftest.py``): headless
Chromium through Playwright's ``executable_path``. Skipped, saying why, where no Chromium
or no Playwright is installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
pytest.importorskip("httpx", reason="httpx (test extra) is not installed")
pytest.importorskip("playwright", reason="playwright (test extra) is not installed")

from test_web_browser import ANSWER_WAIT, BROWSER_MARKS, choose_game, enter_seat

from pokerdice_stats import get_rules, position_answer, solve_ladder

pytestmark = BROWSER_MARKS


def _ask_bidding(page, hand: str, bids: list[str]) -> None:
    page.fill("#dice-text", hand)
    page.click("#bid-clear")
    for bid in bids:
        page.select_option("#bid-add", bid)
        page.click("#bid-push")
    page.click("#call-or-bid")


def test_a_position_the_equilibrium_never_reaches_gets_the_command_lines_move(page, shots):
    """Seat 1 holding A A Q Q 9 never opens two pairs in the solution: the page, like
    ``bidding --hand --bids``, answers from the game re-solved from there."""
    choose_game(page, "classic")
    _ask_bidding(page, "A A Q Q 9", ["two-pair", "full-house"])
    page.wait_for_selector("#bidding-best", timeout=ANSWER_WAIT)
    answer = position_answer(solve_ladder(get_rules("classic")), "A A Q Q 9", "two-pair,full-house")
    assert answer.mix == "re-solved"
    best = max(answer.moves, key=lambda m: m.chance)
    assert page.inner_text("#bidding-best") == best.move
    assert "re-solved" in page.inner_text("#bidding-answer")
    assert "re-solved" in page.inner_text("#bidding-chance-head")
    rows = page.query_selector_all("#bidding-rows tbody tr")
    assert [
        (r.get_attribute("data-move"), float(r.get_attribute("data-chance"))) for r in rows
    ] == [(m.move, m.chance) for m in answer.moves]
    page.screenshot(path=str(shots / "bidding-best-value.png"), full_page=True)


def test_a_bid_that_does_not_rise_is_refused_as_it_is_added(page):
    choose_game(page, "classic")
    page.select_option("#seat", "2")  # after one bid, seat 2 moves
    _ask_bidding(page, "K K K K 9", ["full-house"])
    page.wait_for_selector("#bidding-best", timeout=ANSWER_WAIT)
    # a bid at or below the last is not offered: the next rung up is chosen
    offered = page.eval_on_selector_all(
        "#bid-add option", "os => os.filter(o => !o.disabled).map(o => o.value)"
    )
    assert offered == ["four-of-a-kind", "five-of-a-kind"]
    assert page.input_value("#bid-add") == "four-of-a-kind"
    page.evaluate("() => { document.getElementById('bid-add').value = 'two-pair'; }")
    page.click("#bid-push")  # forced past the menu, it is still refused with a reason
    assert "higher than the last (full-house)" in page.inner_text("#bidding-answer")
    assert page.inner_text("#bids") == "full-house"
    page.select_option("#bid-add", "five-of-a-kind")
    page.click("#bid-push")
    page.click("#bid-push")
    assert "five-of-a-kind is the top rung" in page.inner_text("#bidding-answer")
    assert page.is_hidden("#bidding-rows")  # the answer to one bid fewer is gone


def test_bidding_is_a_game_for_two(page):
    choose_game(page, "classic")
    page.select_option("#players", "4")
    page.fill("#dice-text", "K K K K 9")
    page.click("#call-or-bid")
    page.wait_for_function(
        "() => document.getElementById('bidding-answer').textContent.includes('game for two')"
    )
    assert "set Players to 2 (not 4)" in page.inner_text("#bidding-answer")


def test_an_error_or_a_new_position_clears_the_old_advice(page):
    choose_game(page, "gameweave")
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    assert page.is_visible("#holds")
    page.select_option("#seat", "2")  # another seat: the advice was for seat 1
    assert page.is_hidden("#holds") and page.inner_text("#headline") == ""
    page.fill("#against", "Q Q")  # a malformed best hand: an error, and no stale advice
    page.click("#advise")
    page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
    assert page.is_hidden("#holds")
    page.fill("#against", "Q Q Q 9 9")
    page.fill("#tied", "3")  # seat 2 has one earlier seat
    page.click("#advise")
    page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
    assert "from 1 to 1 (you are seat 2)" in page.inner_text("#status")


def test_bad_options_are_named_not_a_script_error(page):
    choose_game(page, "gameweave")
    page.fill("#settings", "foo=bar")
    page.press("#settings", "Tab")
    page.wait_for_selector("#source .error", timeout=ANSWER_WAIT)
    page.fill("#dice-text", "K K J 10 9")
    page.click("#advise")
    page.wait_for_selector("#status.error", timeout=ANSWER_WAIT)
    assert "fix the rules first" in page.inner_text("#status")
    page.fill("#settings", "")
    page.press("#settings", "Tab")


def test_enter_in_the_dice_field_gives_the_advice(page):
    # typing then Enter: the field's "change" event (after Enter) must not drop the answer
    choose_game(page, "gameweave")
    page.click("#dice-text")
    page.keyboard.type("A A J 10 9")
    page.keyboard.press("Enter")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    assert page.is_visible("#holds")


def test_options_written_as_a_rule_file_writes_them_are_read(page):
    # "throws = 2": the blanks around "=" are the page's (a value with a blank inside, as
    # --set refuses it, is still refused by the API)
    choose_game(page, "gameweave")
    page.fill("#settings", "throws = 2")
    page.press("#settings", "Tab")
    page.wait_for_function(
        "() => document.getElementById('source').textContent.includes('throws=2')"
    )
    assert "error" not in (page.get_attribute("#source", "class") or "")
    page.fill("#settings", "")
    page.press("#settings", "Tab")


def test_a_pasted_rule_file_moves_the_game_menu(page):
    choose_game(page, "gameweave")
    page.click("#rule-file summary")
    page.fill("#rules-text", 'preset = "banking"\n')
    page.click("#rules-apply")
    page.wait_for_function("() => document.getElementById('preset').value === 'banking'")
    page.fill("#rules-text", "")
    page.click("#rules-apply")


def test_001s_holds_in_chips_are_the_command_lines(page, shots, capsys):
    """``betting --seat 2 --against ... --dice ... --throws-left 2``: every hold in chips."""
    import json

    from cli_helpers import run_cli

    enter_seat(page, "triple-snakes", 3, 2, "5 5 5 2 1", "6 6 3 2 1")
    page.select_option("#throws-left", "2")
    page.click("#hold-chips")
    page.wait_for_selector("#best-keep", timeout=ANSWER_WAIT)
    argv = ["betting", "--players", "3", "--seat", "2", "--against", "5 5 5 2 1", "--dice",
            "6 6 3 2 1", "--throws-left", "2", "--format", "json"]  # fmt: skip
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0
    answer = json.loads(out)
    assert page.get_attribute("#best-keep", "data-keep") == answer["holds"][0]["keep"]
    assert float(page.get_attribute("#best-value", "data-value")) == answer["holds"][0]["value"]
    assert "chips" in page.inner_text("#best-value")
    assert "(seat 2 of 3: to beat 5 5 5 2 1" in page.inner_text("#headline")
    page.screenshot(path=str(shots / "triple-snakes-holds-in-chips.png"), full_page=True)
