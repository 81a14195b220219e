"""`razzle.Frame`: what `Animator.animate(t)` returns — every track's value
at one time as a read-only mapping over one sample row.

A frame is made in O(1) beyond the sample itself: it keeps the row and the
layout's key index (built once per layout), and turns a value into its
Python form (a float, a razzle.Color, …) when it is read. Building a dict
of 1,000 (target, property) keys costs more than sampling 1,000 tracks:
tuple keys are hashed anew each time."""

from __future__ import annotations

from typing import Any, Dict, ItemsView, Iterator, List, Mapping, Optional, Sequence, Tuple, ValuesView

import numpy as np

from ._values import from_channels

Key = Tuple[str, str]

__all__ = ["Frame"]


class FrameIndex:
    """What every frame of one layout shares: the keys in column order, the
    key → position map, and each column's (kind, start, channels) or None
    for a plain one-channel scalar at its own position."""

    __slots__ = ("keys", "positions", "decoders")

    def __init__(self, keys: Sequence[Key], decoders: Sequence[Optional[Tuple[str, int, int]]]) -> None:
        self.keys: Tuple[Key, ...] = tuple(keys)
        self.positions: Dict[Key, int] = {key: i for i, key in enumerate(self.keys)}
        self.decoders: Tuple[Optional[Tuple[str, int, int]], ...] = tuple(decoders)


class _Items(ItemsView[Key, Any]):
    """A frame's items, decoded together when iterated."""

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame)
        self._frame = frame

    def __iter__(self) -> Iterator[Tuple[Key, Any]]:
        return zip(self._frame._index.keys, self._frame._all())


class _Values(ValuesView[Any]):
    """A frame's values, decoded together when iterated."""

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame)
        self._frame = frame

    def __iter__(self) -> Iterator[Any]:
        return iter(self._frame._all())


class Frame(Mapping[Key, Any]):
    """Every track's value at one time, `{(target, property): value}` as a
    read-only mapping (a `collections.abc.Mapping`): `frame["label",
    "alpha"]`, `in`, `len`, iteration over the keys in column order,
    `keys()`, `values()`, `items()`, `get()`, `==` with a dict, and
    `dict(frame)` or `frame.to_dict()` for a dict of your own. Values are
    what a single sample of the track gives (a float, a bool, a razzle.Point,
    a razzle.Color, …). A frame owns its row: later samples do not change
    it. A node's frame (`node(t)`) has None where no clip has an effect."""

    __slots__ = ("_row", "_index", "_values", "_none_for_nan")

    def __init__(
        self, row: np.ndarray[Any, np.dtype[np.float64]], index: FrameIndex, *, none_for_nan: bool = False
    ) -> None:
        self._row = row
        self._index = index
        self._values: Optional[List[Any]] = None
        self._none_for_nan = none_for_nan

    def _value(self, i: int) -> Any:
        decoder = self._index.decoders[i]
        if decoder is None:
            value = float(self._row[i])
            return None if self._none_for_nan and value != value else value
        kind, start, channels = decoder
        numbers = self._row[start : start + channels].tolist()
        if self._none_for_nan and all(x != x for x in numbers):
            return None
        return from_channels(kind, numbers)

    def _all(self) -> List[Any]:
        """Every value in column order, decoded once (iterating a whole frame
        is the common case: applying it)."""
        values = self._values
        if values is None:
            index = self._index
            values = self._row[: len(index.keys)].tolist()
            for i, decoder in enumerate(index.decoders):
                if decoder is not None:
                    values[i] = self._value(i)
                elif self._none_for_nan and values[i] != values[i]:
                    values[i] = None
            self._values = values
        return values

    def __getitem__(self, key: Key) -> Any:
        try:
            i = self._index.positions[key]
        except (KeyError, TypeError):
            raise KeyError(key) from None
        if self._values is not None:
            return self._values[i]
        return self._value(i)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and key in self._index.positions

    def __len__(self) -> int:
        return len(self._index.keys)

    def __iter__(self) -> Iterator[Key]:
        return iter(self._index.keys)

    def values(self) -> ValuesView[Any]:
        """The values, in column order (decoded together, once)."""
        return _Values(self)

    def items(self) -> ItemsView[Key, Any]:
        """(key, value) pairs in column order (decoded together, once)."""
        return _Items(self)

    def to_dict(self) -> Dict[Key, Any]:
        """The frame as a new dict."""
        return dict(zip(self._index.keys, self._all()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Frame):
            return self.to_dict() == other.to_dict()
        if isinstance(other, Mapping):
            return self.to_dict() == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{key!r}: {value!r}" for key, value in list(self.items())[:6])
        more = f", … ({len(self) - 6} more)" if len(self) > 6 else ""
        return f"razzle.Frame({{{shown}{more}}})"
