"""A rule set as a key: its kept hash, and what pickling keeps of it."""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys

from pokerdice_stats import get_rules


def test_the_kept_hash_is_the_hash_of_the_fields():
    rules = get_rules("classic", {"wild": "9", "throws": 2})
    assert hash(rules) == hash(tuple(getattr(rules, f.name) for f in dataclasses.fields(rules)))
    assert hash(rules) == hash(rules)  # read back from where it was kept
    assert dataclasses.replace(rules, throws=3) == get_rules("classic", {"wild": "9"})
    assert "_hash" not in repr(rules)


def test_a_rule_set_pickled_in_another_process_keys_the_same_cache_entry():
    """Texts hash otherwise in another process: a pickled rule set must not carry its
    hash there, or a cache keyed by rules would miss it (or worse, mix it up)."""
    code = (
        "import pickle, sys; from pokerdice_stats import get_rules; "
        "r = get_rules('banking'); hash(r); sys.stdout.buffer.write(pickle.dumps(r))"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    data = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env=env
    ).stdout
    there = pickle.loads(data)
    here = get_rules("banking")
    assert there == here
    assert hash(there) == hash(here)
    assert {here: "entry"}[there] == "entry"
    # the pickled state is the fields alone, as a rule set without a kept hash pickles
    assert "_hash" not in pickle.loads(pickle.dumps(here)).__dict__
    assert set(here.__getstate__()) == {f.name for f in dataclasses.fields(here)}
