"""A read-only sequence whose items are made the first time they are read, then kept.

The hold program's stages and a round's thousands of goals are such sequences: most of
their items are never read, and making one costs more than reading it.

Examples
--------
>>> class Squares(MadeWhenRead[int]):
...     def _make(self, index: int) -> int:
...         return index * index
>>> squares = Squares(4)
>>> squares[3], squares[-1], squares[1:3], len(squares)
(9, 9, [1, 4], 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, overload

__all__ = ["MadeWhenRead"]

T = TypeVar("T")


class MadeWhenRead(Sequence[T]):
    """``length`` items, item ``i`` made by ``self._make(i)`` when first read.

    Subclasses give :meth:`_make` and call ``super().__init__(length)``.  Negative
    indices count from the end; an index past the end raises ``IndexError``; a slice
    gives a list.
    """

    __slots__ = ("_made",)

    def __init__(self, length: int) -> None:
        self._made: list[T | None] = [None] * length

    def _make(self, index: int) -> T:
        """Item ``index`` (0 <= index < len)."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        i = range(len(self))[index]  # negative indices, and IndexError past the end
        item = self._made[i]
        if item is None:
            item = self._make(i)
            self._made[i] = item
        return item
