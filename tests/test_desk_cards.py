"""Printable cards (issue 26 item 5): the pay card and the strategy card, and what it costs."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
import reference_payout as ref
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import get_rules
from pokerdice_stats.games.progressive.exact.payout import computer_distribution, expected_payout
from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE, payout_matrix
from pokerdice_stats.games.progressive.exact.strategy_card import ACTIONS, fit_strategy_card
from pokerdice_stats.games.progressive.report.cards import pay_card, save, strategy_card
from pokerdice_stats.turn.hands import hand_table

TWO = get_rules("progressive", {"throws": 2})  # one keep a turn: brute force stays quick


def kept_by_words(action: str, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The dice an action keeps, from the card's own words (pips 1-6)."""
    counts = Counter(hand)
    if action == "stand":
        return hand
    if action == "all":
        return ()
    if action == "pairs":
        return tuple(d for d in hand if counts[d] >= 2)
    if action == "straight":
        return tuple(sorted({d for d in hand if d >= 2}))
    most = max(counts.values())  # set
    if most < 2:
        return ()
    face = max(f for f, n in counts.items() if n == most)
    return (face,) * most


#: The tests that read ``card``: one process for them (``--dist loadgroup``), so the card is
#: fitted once rather than once in each test worker.
CARD = pytest.mark.xdist_group("desk-cards-card")


@pytest.fixture(scope="module")
def card():
    return fit_strategy_card(TWO)


@CARD
def test_the_card_costs_what_brute_force_says(card):
    numerators, denominator = computer_distribution(TWO, "optimal", payout_matrix(TWO))
    table = hand_table(TWO)
    by_category: Counter = Counter()
    for h in range(252):
        by_category[TWO.category_slugs[int(table.category[h])]] += Fraction(int(numerators[h]),
                                                                           denominator)  # fmt: skip
    pips = {ref.category(h): h for h in ref.hands()}
    expected = Fraction(0)
    for comp, chance in by_category.items():
        if not chance:
            continue

        def keep_of(hand, throws_left, comp=comp):
            return kept_by_words(card.cell(ref.category(hand), comp, throws_left), hand)

        for hand, p in ref.rule_distribution(keep_of, 2).items():
            expected += chance * p * ref.progressive_payout(hand, pips[comp])
    assert card.card_edge.expected == expected
    assert card.optimal_edge.expected == expected_payout(TWO).expected
    assert 0 <= card.loss == card.optimal_edge.expected - expected
    assert all(a in ACTIONS for cell in card.chart.values() for a in cell)


@CARD
def test_the_card_says_plain_actions(card):
    assert card.said("five-of-a-kind", "one-pair") == ("stand",)
    assert card.said("high-die", "five-of-a-kind")[0] in ("all", "straight")
    rows = card.rows()
    assert [r["you hold"] for r in rows] == list(TWO.category_slugs)


@CARD
def test_cards_draw_as_png_and_pdf(card, tmp_path):
    png = save(strategy_card(card), tmp_path / "strategy.png")
    pdf = save(pay_card(TWO), tmp_path / "pay.pdf")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    two = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "two-pair", 858, "x", side="house")
    assert len(pay_card(TWO, two).axes) == 2  # one table a side


def test_cli_cards(capsys, tmp_path):
    out = tmp_path / "pay.png"
    code, text, _ = run_cli(capsys, "payout", "--card", "pay", "--out", str(out))
    assert code == 0 and out.exists() and "pay card" in text
    for card, name in (("pay", "pay.pdf"), ("strategy", "strategy.png")):
        code, text, _ = run_cli(capsys, "payout", "--card", card, "--out", str(tmp_path / name),
                                "--format", "json")  # fmt: skip
        record = json.loads(text)
        assert code == 0 and record["card"] == card and record["path"] == str(tmp_path / name)
        assert record["schedule"] == "progressive (004)" and record["rules"] == "progressive"
    assert_cli_error(capsys, ["payout", "--card", "pay"], "go together")
    assert_cli_error(capsys, ["payout", "--card", "pay", "--out", "x.svg"], ".png or .pdf")
    assert_cli_error(capsys, ["payout", "--card", "strategy", "--out", "x.png", "--knowledge",
                              "blind"], "optimal computer")  # fmt: skip


def test_no_card_under_sticky_holds():
    from pokerdice_stats.ground.errors import OptionError

    with pytest.raises(OptionError, match="free holds"):
        fit_strategy_card(get_rules("progressive", {"sticky_holds": "true"}))
    assert np.isfinite(float(expected_payout(TWO).expected))


def test_a_card_names_a_schedule_file_and_wraps_long_merged_rows(tmp_path):
    from pokerdice_stats.games.progressive.exact.schedule_files import read_schedule, write_schedule
    from pokerdice_stats.games.progressive.report.cards import _grid, schedule_title

    rules = get_rules("progressive")
    assert schedule_title(PROGRESSIVE_SCHEDULE) == "the schedule of Progressive Poker Dice (004)"
    path = write_schedule(PROGRESSIVE_SCHEDULE, tmp_path / "edited.csv", rules)
    lines = path.read_text().splitlines()
    seed_row = next(line for line in lines if line.startswith("one-pair")).split(",")[1:]
    # two pairs paid as one pair: four losers on one row of the card
    lines = [",".join(["two-pair", *seed_row]) if line.startswith("two-pair") else line
             for line in lines]  # fmt: skip
    path.write_text("\n".join(lines) + "\n")
    edited = read_schedule(path)
    assert "edited.csv" in schedule_title(edited)
    labels, _, _ = _grid(rules, edited, "player")
    merged = labels[0]
    assert merged.count("/") == 3 and "\n" in merged  # four losers, two a line
    assert all(len(line) <= 25 for line in merged.splitlines())


def test_long_pays_are_rounded_to_fit_their_cells_and_the_card_says_so():
    """A schedule of long fractions (a factor on 004's) or of huge pays: each cell holds at
    most a short text, a rounded one marked ~, and the foot says the file keeps them
    exact; 004's own card rounds nothing."""
    from pokerdice_stats.games.progressive.report.cards import CARD_CHARACTERS, _grid

    rules = get_rules("progressive")
    scaled = PROGRESSIVE_SCHEDULE.scaled(Fraction(192805230237696, 16156264380625 * 6), "x")
    huge = PROGRESSIVE_SCHEDULE.with_amount("five-of-a-kind", "high-die", 10**23 - 1)
    for schedule in (scaled, huge):
        cells = [c for row in _grid(rules, schedule, "player")[2] for c in row]
        assert all(len(c) <= CARD_CHARACTERS + 1 for c in cells)  # "~" and at most 9 more
        assert any(c.startswith("~") for c in cells)
        foot = " ".join(t.get_text() for t in pay_card(rules, schedule).texts)
        assert "~: a pay rounded to fit its cell" in foot
        assert all(len(word) <= 12 for word in foot.split())  # huge figures stay short
    plain = [c for row in _grid(rules, PROGRESSIVE_SCHEDULE, "player")[2] for c in row]
    assert not any(c.startswith("~") for c in plain)
