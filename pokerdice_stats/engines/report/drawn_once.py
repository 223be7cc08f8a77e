"""Charts drawn only when what they show has changed.

Drawing a chart (matplotlib's layout, text and rendering) costs a tenth of a second to
half a second; the main job draws some twenty besides the strategy charts, and a fresh
clone already holds every one of them as committed.  A chart function decorated with
:func:`drawn_once` writes, in a PNG text chunk (:data:`DIGEST_KEY`), a digest of what it
was drawn from, and called again with a PNG at the path that carries the same digest, it
keeps the file as it is.  The digest covers:

- the function's arguments (the output path aside), read by :func:`inputs_digest`:
  numbers, text, fractions, arrays, data frames, and lists, tuples, dicts and
  dataclasses of them (anything else is refused with a ``TypeError``);
- the source of the function's module and of every module of this package it imports
  (the helpers and constants a chart reads, such as ``fixed_text`` or the presets), and
  of the module defining each dataclass among the arguments (their methods);
- :data:`DRAWING_VERSION` and the versions of matplotlib and Pillow.

A change deeper than that (a helper of a helper) is not seen: raise
:data:`DRAWING_VERSION` then, and every chart is drawn again.
"""

from __future__ import annotations

import ast
import contextvars
import dataclasses
import functools
import hashlib
import importlib.util
import io
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from pokerdice_stats.ground.limits import read_bytes_capped

#: PNG text chunk holding the digest of what a chart was drawn from.
DIGEST_KEY = "pokerdice-stats inputs"
#: Raise when code the charts share changes how they look: every chart is drawn again.
DRAWING_VERSION = "1"
#: Largest chart read back for its digest (they are a few hundred KiB).
CHART_CAP = 64 * 1024**2

#: The digest :func:`~pokerdice_stats.engines.report.save_figure` writes into the PNG it
#: saves while a :func:`drawn_once` chart is drawn.
DRAWING_DIGEST: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "drawing_digest", default=None
)

Chart = TypeVar("Chart", bound=Callable[..., Path])


def drawn_digest(path: Path) -> str | None:
    """The digest stored in a chart at ``path``; None if it is missing, damaged or has none."""
    from PIL import Image

    try:
        data = read_bytes_capped(path, "chart", CHART_CAP)  # a regular file: never a FIFO
        with Image.open(io.BytesIO(data)) as image:
            digest = image.info.get(DIGEST_KEY)
            image.verify()  # every chunk present and its checksum right
    except (OSError, SyntaxError, ValueError):  # LimitError is a ValueError
        return None
    return digest if isinstance(digest, str) else None


def inputs_digest(*parts: Any) -> str:
    """A SHA-256 digest of ``parts`` read value by value (see the module docstring): each
    piece with its kind and its length, so no two different inputs read alike.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"seat": [1, 2], "win": [0.5, 0.25]})
    >>> inputs_digest(frame, "title") == inputs_digest(frame.copy(), "title")
    True
    >>> inputs_digest(frame, "title") == inputs_digest(frame.assign(win=[0.5, 0.26]), "title")
    False
    """
    digest = hashlib.sha256()
    for piece in _pieces(parts):
        digest.update(len(piece).to_bytes(8, "little"))
        digest.update(piece)
    return digest.hexdigest()


def _pieces(value: Any) -> Iterator[bytes]:
    """The bytes ``value`` is read as: its kind, then its contents."""
    if isinstance(value, np.generic):  # a NumPy scalar reads as the Python number it holds
        value = value.item()
    if value is None or isinstance(value, bool | int | float | str | Fraction):
        yield f"{type(value).__name__}:{value!r}".encode()
    elif isinstance(value, np.ma.MaskedArray):
        raise TypeError("a chart's inputs are read for its digest: not a masked array")
    elif isinstance(value, np.ndarray):
        yield f"array:{value.dtype.descr}:{value.shape}".encode()
        if value.dtype == object:
            yield from _pieces(value.tolist())
        else:
            yield np.ascontiguousarray(value).tobytes()
    elif isinstance(value, pd.DataFrame):  # by Python values, whatever pandas' dtypes
        yield b"frame"
        yield from _pieces(value.index.tolist())
        yield from _pieces(value.columns.tolist())
        yield from _pieces([value.iloc[:, j].tolist() for j in range(value.shape[1])])
    elif isinstance(value, pd.Series):
        yield b"series"
        yield from _pieces((value.name, value.index.tolist(), value.tolist()))
    elif isinstance(value, list | tuple):
        fields = getattr(type(value), "_fields", None)  # a named tuple: its kind and fields
        kind = type(value).__qualname__ if fields is not None else type(value).__name__
        yield f"{kind}:{fields}:{len(value)}".encode()
        run = _one_kind(value) if fields is None else None
        if run is not None:  # a frame's column: read at once (the same value read alike)
            yield run
            return
        for item in value:
            yield from _pieces(item)
    elif isinstance(value, dict):
        yield f"dict:{len(value)}".encode()
        for key, item in value.items():
            yield from _pieces(key)
            yield from _pieces(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        yield f"dataclass:{cls.__module__}.{cls.__qualname__}".encode()
        if cls.__module__.startswith(PACKAGE):  # its methods: the module's source
            yield _file_digest(cls.__module__).encode()
        for field in dataclasses.fields(value):
            yield field.name.encode()
            yield from _pieces(getattr(value, field.name))
    else:
        raise TypeError(
            f"a chart's inputs are read for its digest, and {type(value).__name__} is not one "
            "of the kinds read (numbers, text, arrays, frames, and lists, tuples, dicts and "
            "dataclasses of them)"
        )


#: Shortest list read at once by :func:`_one_kind` (shorter ones item by item).
RUN_LENGTH = 8


def _one_kind(items: list | tuple) -> bytes | None:
    """The bytes of a list whose items are all of one kind (``float``, ``int`` within int64,
    ``str``, ``bool`` or ``Fraction``, exactly: no subclass), read at once; None for any
    other list.

    A frame's columns are such lists: read item by item they cost the main job a second
    and a half.  The bytes are fixed (little-endian numbers, UTF-8 text with each item's
    length, fractions as ``n/d`` between commas), and they carry the kind, so a run of
    floats never reads as a run of ints.
    """
    if len(items) < RUN_LENGTH:
        return None
    kind = type(items[0])
    if kind not in (float, int, str, bool, Fraction):
        return None
    if any(type(item) is not kind for item in items):
        return None
    if kind is float:
        return b"floats:" + np.array(items, dtype="<f8").tobytes()
    if kind is bool:
        return b"bools:" + bytes(items)
    if kind is int:
        try:
            return b"ints:" + np.array(items, dtype="<i8").tobytes()
        except OverflowError:  # a whole number past int64: item by item
            return None
    if kind is Fraction:
        texts = [f"{item.numerator}/{item.denominator}".encode() for item in items]
        return b"fractions:" + b",".join(texts)
    texts = [item.encode("utf-8", "surrogatepass") for item in items]
    return b"strs:" + b"".join(len(text).to_bytes(8, "little") + text for text in texts)


#: The package whose modules' sources go into the digests.
PACKAGE = "pokerdice_stats"


@functools.cache
def _file_digest(module_name: str) -> str:
    """SHA-256 of a module's source file (read without importing it)."""
    spec = importlib.util.find_spec(module_name)
    assert spec is not None and spec.origin is not None, module_name
    return hashlib.sha256(Path(spec.origin).read_bytes()).hexdigest()


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module (not a function or constant inside one)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError, AttributeError):  # a parent that is not a package
        return False


@functools.cache
def code_digest(module_name: str) -> str:
    """SHA-256 of a chart module's source and of every module of the package it imports
    (anywhere in the module: at its top or inside a function)."""
    spec = importlib.util.find_spec(module_name)
    assert spec is not None and spec.origin is not None, module_name
    imported = {module_name}
    for node in ast.walk(ast.parse(Path(spec.origin).read_bytes())):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names if a.name.startswith(PACKAGE)}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith(PACKAGE):
                imported.add(node.module)
                imported |= {
                    f"{node.module}.{a.name}"
                    for a in node.names
                    if _is_module(f"{node.module}.{a.name}")
                }
    pieces = [f"{name}:{_file_digest(name)}" for name in sorted(imported)]
    return hashlib.sha256("\n".join(pieces).encode()).hexdigest()


def drawn_once(chart: Chart) -> Chart:
    """Decorate a chart function whose last argument is the PNG's path and which saves it
    through :func:`~pokerdice_stats.engines.report.save_figure`: the chart is drawn only
    when no PNG at that path carries the digest of its other arguments (see the module
    docstring)."""
    import matplotlib
    import PIL

    @functools.wraps(chart)
    def draw(*arguments: Any) -> Path:
        *inputs, path = arguments
        digest = inputs_digest(
            DRAWING_VERSION,
            matplotlib.__version__,
            PIL.__version__,
            chart.__module__,
            chart.__qualname__,
            code_digest(chart.__module__),
            inputs,
        )
        if drawn_digest(path) == digest:
            return Path(path)
        token = DRAWING_DIGEST.set(digest)
        try:
            return chart(*arguments)
        finally:
            DRAWING_DIGEST.reset(token)

    return draw  # type: ignore[return-value]
