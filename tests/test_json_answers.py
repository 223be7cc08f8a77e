"""Every ``--format json`` answer is one object carrying its context.

The project standard: JSON answers are objects that carry their context (the
rule set, the inputs that shape the answer), every figure says its unit, a figure is
a float under its plain name with its exact fraction (``"p/q"``) under ``NAME_exact``,
a key that does not apply is left out, and every answer validates against the JSON
Schema of its command and mode (``pokerdice_stats/schemas/``).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import jsonschema
import pytest
from cli_helpers import cli_output, run_cli

from pokerdice_stats.cli import build_parser

QUICK = ("--n", "400", "--seed", "1", "--no-progress")

#: Stands for a temporary folder in a call that writes a file (:func:`with_folder`).
TMP = "{tmp}"


def with_folder(argv: list[str], folder: Path) -> list[str]:
    """The call with :data:`TMP` replaced by ``folder``."""
    return [arg.replace(TMP, str(folder)) for arg in argv]


#: One or more small, fast calls of every sub-command that writes JSON, by mode: the
#: calls of one mode must give objects with the same keys.
CASES: dict[str, dict[str, list[list[str]]]] = {
    "rules": {
        "list": [["rules", "list"]],
        "show": [["rules", "show"], ["rules", "show", "classic"]],
        "compare": [
            ["rules", "compare", "classic", "classic", "--set-b", "throws=2"],
            # one side plays 004's payout, the other does not (and says why)
            ["rules", "compare", "progressive", "progressive", "--set-b", "ties=roll-off"],
        ],
    },
    "odds": {"odds": [["odds"], ["odds", "--by", "hand", "--rules", "triple-snakes"]]},
    "classify": {"classify": [["classify", "K K K Q J"]]},
    "compare": {
        "compare": [["compare", "K K K Q J", "Q Q Q J 9"], ["compare", "A A K K Q", "A A K K Q"]]
    },
    "hold": {
        "hold": [
            ["hold", "K K Q J 9"],
            ["hold", "K K Q J 9", "--distribution"],
            ["hold", "K K Q J 9", "--to-win", "--against", "Q Q Q J 9"],
            ["hold", "K K Q J 9", "--to-win", "--set", "throw_limit=first-player"],
            ["hold", "1 1 2 3 6", "--rules", "progressive", "--computer-hand", "3 3 3 2 1"],
            ["hold", "K K Q J 9", "--set", "sticky_holds=true", "--throws-left=1", "--aside=K K"],
            ["hold", "K K Q J 9", "--set", "max_rethrow=3", "--throws-left=1", "--untouched=K K"],
        ]
    },
    "chances": {
        "table": [["chances"], ["chances", "--throws", "2"]],
        "goal": [["chances", "--goal", "at-least:full-house"]],
    },
    "payout": {
        "payout": [
            ["payout"],
            ["payout", "--rounds", "3"],
            ["payout", "--rounds", "12"],  # float64: a stated tolerance
            ["payout", "--knowledge", "blind"],
        ],
        "breakdown": [["payout", "--breakdown"], ["payout", "--breakdown", "--rounds", "2"]],
        "solve": [
            ["payout", "--solve", "scale", "--target", "2"],
            ["payout", "--solve", "five-of-a-kind/one-pair", "--target", "3"],  # two pays
            ["payout", "--solve", "three-of-a-kind/two-pair", "--target", "6%"],
        ],
        "compare": [["payout", "--compare", "004", "004"]],
        "design": [["payout", "--design", "--target=-3%", "--side", "house"]],
        "card": [
            ["payout", "--card", "pay", "--out", f"{TMP}/pay.png"],
            ["payout", "--card", "strategy", "--out", f"{TMP}/strategy.pdf"],
        ],
    },
    "banking": {"banking": [["banking", "--players", "2"]]},
    "strategy": {
        "strategy": [
            ["strategy", "--rules", "classic"],
            # the untouched dice under a turn-scoped max_rethrow; a beat goal
            ["strategy", "--set", "max_rethrow=3", "--goal", "beat:K K K Q J"],
        ]
    },
    "round": {
        "seats": [
            ["round"],
            ["round", "--rules", "banking"],
            ["round", "--rules", "triple-snakes"],
        ],
        "seat": [
            ["round", "--seat", "2", "--against", "K K K Q J"],
            [
                "round",
                "--seat",
                "2",
                "--against",
                "K K K Q J",
                "--dice",
                "Q Q J 10 9",
                "--throws-left",
                "2",
            ],
        ],
    },
    "match": {
        "match": [["match", "--rules", "triple-snakes", "--to", "2"], ["match", "--to", "2"]]
    },
    "holdup": {"holdup": [["holdup", "3 3 3 5 6"], ["holdup", "3 3 3 5 6", "--exact", "never"]]},
    "betting": {
        "seats": [["betting", "--players", "2"]],
        "habits": [["betting", "--players", "2", "--habit", "never-raise"]],
        "meet": [["betting", "--players", "3", "--seat", "3", "--against", "3 3 3 5 5"]],
        "raise": [
            [
                "betting",
                "--players",
                "3",
                "--seat",
                "2",
                "--hand",
                "3 3 3 5 5",
                "--against",
                "1 2 3 4 6",
            ],
            ["betting", "--players", "2", "--seat", "1", "--hand", "1 1 2 3 4"],
            # a hand that does not beat the best so far: out, with the reason
            [
                "betting",
                "--players",
                "2",
                "--seat",
                "2",
                "--hand",
                "3 3 3 5 6",
                "--against",
                "6 6 6 1 1",
            ],
        ],
        "holds": [
            [
                "betting",
                "--players",
                "2",
                "--seat",
                "1",
                "--dice",
                "3 3 1 5 6",
                "--throws-left",
                "2",
            ],
            [
                "betting",
                "--players",
                "3",
                "--seat",
                "2",
                "--dice",
                "3 3 1 5 5",
                "--throws-left",
                "1",
                "--against",
                "2 2 2 4 4",
            ],
        ],
        "table": [
            ["betting", "--players", "2", "--ante-max", "2", "--raise-max", "2"],
            ["betting", "--players", "3", "--ante", "2", "--sit-out", "no", "--set", "throws=1"],
        ],
        "table-ante": [["betting", "--players", "2", "--ante-max", "2", "--seat", "1"]],
        "table-entry": [
            ["betting", "--players", "3", "--ante-max", "2", "--seat", "3", "--in", "1,2"]
        ],
        "table-raise": [
            [
                "betting",
                "--players",
                "3",
                "--raise-max",
                "2",
                "--seat",
                "2",
                "--hand",
                "3 3 3 5 5",
                "--against",
                "1 2 3 4 6",
            ],
            [
                "betting",
                "--players",
                "2",
                "--raise-max",
                "2",
                "--sit-out",
                "no",
                "--seat",
                "2",
                "--hand",
                "3 3 3 5 6",
                "--against",
                "6 6 6 1 1",
            ],
            [
                "betting",
                "--players",
                "2",
                "--raise-max",
                "2",
                "--sit-out",
                "no",
                "--seat",
                "1",
                "--hand",
                "3 3 3 5 6",
            ],
        ],
        "table-meet": [
            [
                "betting",
                "--players",
                "3",
                "--raise-max",
                "2",
                "--seat",
                "3",
                "--in",
                "1,3",
                "--against",
                "3 3 3 5 5",
                "--raised",
                "2",
            ]
        ],
        "table-holds": [
            [
                "betting",
                "--players",
                "2",
                "--sit-out",
                "yes",
                "--seat",
                "1",
                "--dice",
                "3 3 1 5 6",
                "--throws-left",
                "2",
            ],
            [
                "betting",
                "--players",
                "3",
                "--sit-out",
                "yes",
                "--seat",
                "2",
                "--dice",
                "3 3 1 5 5",
                "--throws-left",
                "1",
                "--against",
                "2 2 2 4 4",
            ],
        ],
    },
    "bidding": {
        "bidding": [["bidding"]],
        "position": [
            ["bidding", "--hand", "Q Q Q 9 9", "--bids", "full-house"],
            ["bidding", "--hand", "K K K Q Q", "--bids", ""],
        ],
        "claims": [["bidding", "--ladder", "category", "--solver", "claims"]],
        "claims-position": [
            [
                *("bidding", "--ladder", "category", "--solver", "claims"),
                *("--hand", "Q Q Q 9 9", "--bids", "full-house"),
            ],
        ],
    },
    "simulate": {
        "turn": [["simulate", *QUICK]],
        "round": [
            ["simulate", "--what", "round", *QUICK],
            ["simulate", "--what", "round", "--rules", "banking", *QUICK],
        ],
        "match": [["simulate", "--what", "match", "--n", "50", "--no-progress"]],
        "progressive": [
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "progressive",
                "--rounds",
                "3",
                "--n",
                "20",
                "--no-progress",
            ]
        ],
        "banking": [
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "banking",
                "--rounds",
                "3",
                "--n",
                "20",
                "--no-progress",
            ]
        ],
        "betting": [
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "triple-snakes",
                "--rounds",
                "3",
                "--n",
                "20",
                "--no-progress",
            ]
        ],
        "betting-table": [
            [
                "simulate",
                "--what",
                "session",
                "--rules",
                "triple-snakes",
                "--ante-max",
                "2",
                "--raise-max",
                "2",
                "--sit-out",
                "no",
                "--rounds",
                "3",
                "--n",
                "20",
                "--no-progress",
            ]
        ],
        "pots": [["simulate", "--what", "session", "--rounds", "3", "--n", "20", "--no-progress"]],
        "bidding": [["simulate", "--what", "bidding", *QUICK]],
    },
    # crosscheck judges 1,000 samples a figure or more
    "crosscheck": {"crosscheck": [["crosscheck", "--only", "chances", "--n", "1000", *QUICK[2:]]]},
}
#: Answers about no single rule set (the presets; checks over several rule sets).
NO_RULE_SET = {("rules", "list"), ("crosscheck", "crosscheck")}
#: Answers without figures (settings, words, a verdict): no unit to state.
NO_FIGURES = {("rules", "list"), ("rules", "show"), ("classify", "classify")}
NO_FIGURES |= {("compare", "compare"), ("payout", "card")}

FRACTION = re.compile(r"^-?\d+/\d+$")
#: The written shape of every answer: one JSON Schema a mode (``tests/schema_maker.py``).
SCHEMAS = Path(__file__).resolve().parents[1] / "pokerdice_stats" / "schemas"


def _json_commands() -> set[str]:
    """The sub-commands with ``--format json`` (or a sub-action with it)."""

    def has_json(parser: argparse.ArgumentParser) -> bool:
        for action in parser._actions:
            if "--format" in action.option_strings and "json" in (action.choices or ()):
                return True
            if isinstance(action, argparse._SubParsersAction):
                return any(has_json(p) for p in action.choices.values())
        return False

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name for name, sub in commands.choices.items() if has_json(sub)}


def _is_exact(value) -> bool:
    """A ``"p/q"`` text, or a non-empty list or mapping of them."""
    if isinstance(value, str):
        return bool(FRACTION.match(value))
    items = list(value.values()) if isinstance(value, dict) else value
    if not isinstance(items, list):
        return False
    given = [v for v in items if v is not None]
    return bool(given) and all(isinstance(v, str) and FRACTION.match(v) for v in given)


def naming_faults(node, path: str = "") -> list[str]:
    """Where an answer breaks the JSON naming rule.

    A figure is a float under its plain name and its exact fraction is ``"p/q"`` under
    ``NAME_exact`` beside it: no key ends in ``_float``, no fraction stands under a plain
    name, no ``NAME_exact`` lacks its ``NAME``, and no key is null (left out instead).
    """
    faults: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}"
            if key.endswith("_float"):
                faults.append(f"{where}: a _float key")
            if value is None:
                faults.append(f"{where}: null")
            if key.endswith("_exact"):
                if key.removesuffix("_exact") not in node:
                    faults.append(f"{where}: no float beside it")
            elif _is_exact(value):
                faults.append(f"{where}: a fraction under a plain name")
            else:
                faults += naming_faults(value, where)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            faults += naming_faults(item, f"{path}[{i}]")
    return faults


def _schema(command: str, mode: str) -> dict:
    return json.loads((SCHEMAS / f"{command}-{mode}.json").read_text())


def test_every_json_command_has_cases():
    assert set(CASES) == _json_commands()


def test_the_checker_finds_each_break_of_the_rule():
    assert naming_faults({"p": "1/2"}) == [".p: a fraction under a plain name"]
    assert naming_faults({"rows": [{"p": 0.5, "p_exact": "1/2"}]}) == []
    assert naming_faults({"p_exact": "1/2"}) == [".p_exact: no float beside it"]
    assert naming_faults({"p": 0.5, "p_float": 0.5}) == [".p_float: a _float key"]
    assert naming_faults({"p": 0.5, "p_exact": "1/2", "q": {"a": "1/3"}}) == [
        ".q: a fraction under a plain name"
    ]
    assert naming_faults({"goal": 'beat:"Q Q Q 9 9",tie=1/2', "x": None}) == [".x: null"]


def test_every_mode_has_a_schema_and_every_schema_a_mode():
    modes = {f"{c}-{m}.json" for c, ms in CASES.items() for m in ms}
    assert {p.name for p in SCHEMAS.glob("*.json")} == modes


def test_a_schema_refuses_an_unknown_key_and_a_missing_one():
    schema = _schema("classify", "classify")
    good = json.loads(cli_output("classify", "K K K Q J", "--format", "json"))
    jsonschema.validate(good, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**good, "surprise": 1}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({k: v for k, v in good.items() if k != "rules"}, schema)


@pytest.mark.parametrize(("command", "mode"), [(c, m) for c, modes in CASES.items() for m in modes])
def test_json_answer_is_one_object_with_its_context(capsys, tmp_path, command, mode):
    schema = _schema(command, mode)
    for argv in CASES[command][mode]:
        code, out, err = run_cli(capsys, *with_folder(argv, tmp_path), "--format", "json")
        assert code == 0, (argv, err)
        record = json.loads(out)
        assert isinstance(record, dict), argv
        if (command, mode) not in NO_RULE_SET:
            assert isinstance(record.get("rules"), str) and record["rules"], argv
        if (command, mode) not in NO_FIGURES:
            assert "unit" in record or "units" in record, argv
        # one unit for the answer is `unit` (a text); `units` maps each figure to its unit
        assert isinstance(record.get("unit", ""), str), argv
        assert isinstance(record.get("units", {}), dict), argv
        assert naming_faults(record) == [], argv
        jsonschema.validate(record, schema)
