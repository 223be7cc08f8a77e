"""The JSON naming rule of every answer: a figure's float under its plain name, its exact
fraction under ``NAME_exact`` (:func:`answer_names`; :func:`~pokerdice_stats.ground.formats.to_json`
applies it)."""

from __future__ import annotations

from typing import Any

#: The suffix of the exact twin of a float figure in a JSON answer.
EXACT_SUFFIX = "_exact"
_FLOAT_SUFFIX = "_float"


def answer_names(value: Any) -> Any:
    """The JSON naming rule, applied to every object of a plain JSON value.

    - a figure is a float under its plain name (``value``), and when it is exact its
      fraction is a ``"p/q"`` string under ``value_exact``;
    - the code's pairs of an exact number and its float (``value`` holding ``"p/q"``
      beside ``value_float``) are renamed so; a float with no exact twin named
      ``..._float`` loses the suffix;
    - a key whose value is null (what does not apply to the question) is left out.

    Examples
    --------
    >>> answer_names({"value": "1/4", "value_float": 0.25, "ruin": None, "n": 3})
    {'value': 0.25, 'value_exact': '1/4', 'n': 3}
    >>> answer_names([{"exact_float": 0.5, "win": 0.5, "win_exact": "1/2"}])
    [{'exact': 0.5, 'win': 0.5, 'win_exact': '1/2'}]
    """
    if isinstance(value, list):
        return [answer_names(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        if item is None:
            continue
        if key.endswith(_FLOAT_SUFFIX) and len(key) > len(_FLOAT_SUFFIX):
            base = key[: -len(_FLOAT_SUFFIX)]
            twin = value.get(base)
            if twin is None or _is_exact_text(twin):
                out.pop(base, None)
                out[base] = answer_names(item)
                if twin is not None and value.get(base + EXACT_SUFFIX) is None:
                    out[base + EXACT_SUFFIX] = _exact_text(twin)
                continue
            if isinstance(twin, float):
                continue  # the same float twice
            raise ValueError(f"JSON key {key!r} beside a {type(twin).__name__} {base!r}")
        if key in out:  # a float already put under this name by its ..._float twin
            if _is_exact_text(item):
                out.setdefault(key + EXACT_SUFFIX, _exact_text(item))
            continue
        out[key] = answer_names(item)
    return out


def _is_exact_text(value: Any) -> bool:
    """An exact number as a plain JSON value: ``"p/q"`` text or an int, or a list or
    mapping of them (nulls aside)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, str | int):
        return True
    items = list(value.values()) if isinstance(value, dict) else value
    if not isinstance(items, list):
        return False
    return all(v is None or _is_exact_text(v) for v in items)


def _exact_text(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _exact_text(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [None if v is None else _exact_text(v) for v in value]
    return str(value)
