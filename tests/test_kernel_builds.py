"""One kernel body, two builds: the serial and the parallel classifier loops.

``kernels._numba.serial_and_parallel`` builds both from one body written with
``prange``.  Both must exist as distinct dispatchers, agree with the plain-Python
twin (``tests/reference.py``) on all 7,776 throws, and the parallel one must be
parallel.  numba names cache files by module, qualname and line, not by options:
a fresh process loading from the cache must still get each build, not the other.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from reference import all_throws, dense_ranks, reference_category, reference_key, rules_args

from pokerdice_stats import get_rules
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels import classify
from pokerdice_stats.turn.hands import hand_table

ROOT = Path(__file__).resolve().parents[1]

#: (serial, parallel, what the kernel reads: codes or ranks, whether it takes the packed table)
PAIRS = {
    "codes": ("_codes_serial", "_codes_parallel", "codes", False),
    "ranks": ("_ranks_serial", "_ranks_parallel", "ranks", False),
    "codes_blocks": ("_codes_blocks", "_codes_blocks_parallel", "codes", True),
    "ranks_blocks": ("_ranks_blocks", "_ranks_blocks_parallel", "ranks", True),
}

THROWS = all_throws()  # in code order


@functools.cache
def _reference_outputs(rules_name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hand index, category and strength of every throw, from the plain-Python twin."""
    rules = _rules(rules_name)
    hand_of_counts = {tuple(int(c) for c in counts): h for h, counts in enumerate(ix.HAND_COUNTS)}
    hands = [hand_of_counts[tuple(Counter(t)[r] for r in range(6))] for t in THROWS]
    args = rules_args(rules)
    slugs = [c.slug for c in rules.categories]
    categories = [slugs.index(reference_category(t, **args)) for t in THROWS]
    strengths = dense_ranks([reference_key(t, **args) for t in THROWS])
    return np.array(hands), np.array(categories), np.array(strengths)


def _rules(rules_name: str):
    return get_rules(rules_name, {"wild": "A"} if rules_name == "gameweave" else {})


def _run(dispatcher, throws, table, packed: bool):
    n = throws.shape[0]
    outputs = (np.full(n, -9, np.int16), np.full(n, -9, np.int8), np.full(n, -9, np.int16))
    if packed:
        dispatcher(throws, table.code_packed, *outputs)
    else:
        dispatcher(throws, table.code_hand, table.code_category, table.code_strength, *outputs)
    return outputs


def test_builds_are_distinct_and_the_parallel_one_is_parallel():
    for serial_name, parallel_name, _, _ in PAIRS.values():
        serial = getattr(classify, serial_name)
        parallel = getattr(classify, parallel_name)
        assert serial is not parallel
        assert serial.py_func is not parallel.py_func
        # One body: the same code object, under two names (so two sets of cache files).
        assert serial.py_func.__code__ is parallel.py_func.__code__
        assert serial.py_func.__qualname__.endswith("__serial")
        assert parallel.py_func.__qualname__.endswith("__parallel")
        assert parallel.targetoptions.get("parallel") is True
        assert not serial.targetoptions.get("parallel")


@pytest.mark.parametrize("rules_name", ["gameweave", "triple-snakes"])
@pytest.mark.parametrize("pair", list(PAIRS))
def test_both_builds_match_the_plain_twin_on_every_throw(pair, rules_name):
    table = hand_table(_rules(rules_name))
    expected = _reference_outputs(rules_name)
    serial_name, parallel_name, reads, packed = PAIRS[pair]
    throws = np.arange(ix.N_THROWS) if reads == "codes" else np.array(THROWS, dtype=np.uint8)
    for name in (serial_name, parallel_name):
        got = _run(getattr(classify, name), throws, table, packed)
        for g, e in zip(got, expected, strict=True):
            np.testing.assert_array_equal(g, e, err_msg=name)


#: Run in a fresh process: each serial build leaves numba's threading layer unstarted
#: (so none of them loaded a parallel build); each parallel build's code holds a parfor
#: (the cached library's bitcode names its gufunc) and starts the threading layer.
_SCRIPT = r"""
import json, sys
import numba
import numpy as np
from pokerdice_stats.kernels import classify
from pokerdice_stats.kernels.numpy_keys import pack_tables

PAIRS = json.loads(sys.argv[1])
def layer():
    try:
        return numba.threading_layer()
    except ValueError:
        return None

def parfor_in(dispatcher):
    (cres,) = dispatcher.overloads.values()
    lib = cres.library
    text = str(getattr(lib, "_shared_module", "") or "")
    text += str(getattr(lib, "_final_module", "") or "")
    return "parfor" in text

codes = np.arange(7776, dtype=np.int64)
ranks = np.stack([(codes // 6**d) % 6 for d in range(5)], axis=1).astype(np.uint8)
hand = (codes * 7 % 252).astype(np.int16)
category = (codes % 11).astype(np.int8)
strength = (codes * 13 % 1000).astype(np.int16)
packed = pack_tables(hand, category, strength)

def run(name, reads, packed_table):
    throws = codes if reads == "codes" else ranks
    out = (np.empty(7776, np.int16), np.empty(7776, np.int8), np.empty(7776, np.int16))
    d = getattr(classify, name)
    if packed_table:
        d(throws, packed, *out)
    else:
        d(throws, hand, category, strength, *out)
    ok = all((o == t).all() for o, t in zip(out, (hand, category, strength)))
    return {"ok": ok, "hits": sum(d.stats.cache_hits.values()),
            "misses": sum(d.stats.cache_misses.values()), "parfor": parfor_in(d)}

report = {"serial": {}, "parallel": {}}
for serial, _, reads, packed_table in PAIRS.values():
    report["serial"][serial] = run(serial, reads, packed_table)
report["layer_after_serial"] = layer()
for _, parallel, reads, packed_table in PAIRS.values():
    report["parallel"][parallel] = run(parallel, reads, packed_table)
report["layer_after_parallel"] = layer()
print(json.dumps(report))
"""


def _fresh_process(cache_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(cache_dir))
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, json.dumps(PAIRS)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_fresh_process_loads_each_build_from_the_cache(tmp_path):
    first = _fresh_process(tmp_path)
    second = _fresh_process(tmp_path)
    for run, hits_expected in ((first, False), (second, True)):
        for kind, builds in (("serial", run["serial"]), ("parallel", run["parallel"])):
            for name, result in builds.items():
                assert result["ok"], (name, run)
                assert result["parfor"] is (kind == "parallel"), (name, run)
                if hits_expected:  # the second process compiled nothing
                    assert (result["hits"], result["misses"]) == (1, 0), (name, run)
                else:
                    assert result["misses"] == 1, (name, run)
        assert run["layer_after_serial"] is None, run
        assert run["layer_after_parallel"] is not None, run
    # Each build has its own cache files.
    index_files = sorted(p.name.split("-")[0] for p in tmp_path.rglob("classify.*.nbi"))
    for serial, _, _, _ in PAIRS.values():
        body = getattr(classify, serial).py_func.__qualname__.rsplit("__", 1)[0]
        assert f"classify.{body}__serial" in index_files
        assert f"classify.{body}__parallel" in index_files


def _shared_inner_functions(folder: Path) -> set[str]:
    """The names of the functions compiled by ``jit_no_refcount`` (imported as ``inner``)
    in ``folder``: each compiles once per distinct signature of its calls."""
    import ast

    names = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Name) and d.id in ("inner", "jit_no_refcount")
                for d in node.decorator_list
            ):
                names.add(node.name)
    return names


def _number_literal(node) -> bool:
    """A whole-number or boolean literal (``0``, ``-1``, ``True``): numba types each as
    its own literal."""
    import ast

    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, int)


def test_the_shared_turn_and_round_are_called_without_literals():
    """No call of a shared inner function of the simulations (the turn, the round, the
    blind pass...) passes a whole-number or boolean literal, by position or by name,
    called by its name or through its module: numba types a literal as its own
    ``Literal[int]`` and compiles the function (and everything it calls) once more for
    it, a second or more of every cold run (``np.int64(0)`` is typed as an int64)."""
    import ast

    folder = ROOT / "pokerdice_stats" / "kernels" / "simulation"
    shared = _shared_inner_functions(folder)
    assert {"play_turn", "play_round_from", "blind_pass"} <= shared
    found = []
    for path in sorted((ROOT / "pokerdice_stats" / "kernels").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in shared:
                found.append(name)
                given = [*node.args, *(k.value for k in node.keywords)]
                literals = [ast.unparse(a) for a in given if _number_literal(a)]
                assert not literals, (path.name, node.lineno, name, literals)
    assert {"play_turn", "play_round_from"} <= set(found)
