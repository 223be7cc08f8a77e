"""Write the JSON Schema of every command's answer from real answers (a maintainer's tool).

``python tests/schema_maker.py`` runs every call of :data:`test_json_answers.CASES`, one
mode at a time, and writes ``pokerdice_stats/schemas/COMMAND-MODE.json``: an object's
keys present in every answer of the mode are required, the others optional; objects
whose keys are data (category names, quantiles) are maps; no other key is allowed.
Read the diff before committing: a schema is the written contract of an answer, and
``tests/test_json_answers.py`` validates every answer against it.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "pokerdice_stats" / "schemas"
IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]*$")
FRACTION_PATTERN = r"^-?[0-9]+(/[0-9]+)?$"


def _kind(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def schema_of(values: list, key: str = "") -> dict:
    """The schema that the instances ``values`` (of one place in the answers) share."""
    kinds = {_kind(v) for v in values}
    if kinds == {"integer", "number"}:
        kinds = {"number"}
    if len(kinds) > 1:
        groups: dict[str, list] = {}
        for v in values:
            groups.setdefault(_kind(v), []).append(v)
        return {"anyOf": [schema_of(group, key) for _, group in sorted(groups.items())]}
    kind = kinds.pop()
    if kind == "string":
        out: dict = {"type": "string"}
        if key.endswith("_exact"):
            out["pattern"] = FRACTION_PATTERN
        return out
    if kind in ("boolean", "integer", "number"):
        return {"type": kind}
    if kind == "array":
        items = [item for v in values for item in v]
        return {"type": "array", "items": schema_of(items, key)} if items else {"type": "array"}
    keys = [k for v in values for k in v]
    if any(not IDENTIFIER.match(k) for k in keys):  # keys that are data: a map
        inner = [item for v in values for item in v.values()]
        return {"type": "object", "additionalProperties": schema_of(inner, key)}
    names = list(dict.fromkeys(keys))
    required = [k for k in names if all(k in v for v in values)]
    return {
        "type": "object",
        "properties": {k: schema_of([v[k] for v in values if k in v], k) for k in names},
        "required": required,
        "additionalProperties": False,
    }


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from cli_helpers import cli_output
    from test_json_answers import CASES, with_folder

    FOLDER.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp())  # for the calls that write a file (a card)
    for command, modes in CASES.items():
        for mode, calls in modes.items():
            answers = [
                json.loads(cli_output(*with_folder(argv, folder), "--format", "json"))
                for argv in calls
            ]
            schema = {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": f"pokerdice-stats {command} --format json ({mode})",
                **schema_of(answers),
            }
            path = FOLDER / f"{command}-{mode}.json"
            path.write_text(json.dumps(schema, indent=2) + "\n")
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
