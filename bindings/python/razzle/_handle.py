"""Ownership of one library handle: an idempotent close, context-manager
support, release on garbage collection as the fallback, and a clear refusal
to be pickled (a handle means nothing in another process).

This is the base of every object that owns a handle, so it imports nothing
above it: objects that travel as scene files (`SceneFile`) reach the scene
format through `SceneCodec`, which `_scene.py` installs when it is imported
(the package's `__init__` imports it, so it is always there)."""

from __future__ import annotations

import weakref
from typing import Any, Callable, NamedTuple, NoReturn, Optional, Tuple, TypeVar

from ._errors import ClosedError

_Self = TypeVar("_Self", bound="HandleOwner")


class SceneCodec(NamedTuple):
    """The scene format as `SceneFile` objects use it: `dumps(obj)` the
    razzle-scene/1 text, `reduce(obj)` the pickle `(function, arguments)`
    that rebuilds an independent copy."""

    dumps: Callable[[Any], str]
    reduce: Callable[[Any], Tuple[Any, Tuple[Any, ...]]]


_codec: Optional[SceneCodec] = None


def install_scene_codec(codec: SceneCodec) -> None:
    """Called once by `_scene.py` (the layer that knows the scene format)."""
    global _codec
    _codec = codec


def _scene_codec() -> SceneCodec:
    if _codec is None:  # only if razzle._scene failed to import
        raise RuntimeError("razzle's scene format is not loaded (import razzle first)")
    return _codec


class HandleOwner:
    """Owns one handle; subclasses name the release function and say how to
    copy them (`_pickle_message`)."""

    __slots__ = ("_handle", "_finalizer", "__weakref__")
    _kind = "object"
    _pickle_message = "cannot pickle a razzle object: it owns a library handle"

    def __init__(self, handle: Any, release: Callable[[Any], None]) -> None:
        self._handle = handle
        # The finalizer holds the handle, not self, so collection can run it.
        self._finalizer = weakref.finalize(self, release, handle)

    @property
    def _h(self) -> Any:
        handle = self._handle
        if handle is None:
            raise ClosedError(f"{self._kind} is closed")
        return handle

    @property
    def closed(self) -> bool:
        """True after `close()`."""
        return self._handle is None

    def close(self) -> None:
        """Releases this object's handle. Idempotent; later use raises
        `razzle.ClosedError`. Other handles to the same library object (say a
        track obtained again from its animator) stay valid."""
        self._handle = None
        self._finalizer()

    def __enter__(self: _Self) -> _Self:
        self._h  # noqa: B018 - entering a closed object is an error
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        raise TypeError(self._pickle_message)

    def __reduce__(self) -> NoReturn:
        raise TypeError(self._pickle_message)


class SceneFile:
    """For objects that travel as razzle-scene/1 files (Guides/Scenes.md):
    `to_json`, pickling and `copy.copy`/`deepcopy` through the scene format,
    so a copy is independent. Put it before HandleOwner among the bases (its
    `__reduce__` replaces HandleOwner's refusal)."""

    __slots__ = ()

    def to_json(self) -> str:
        """This object as a razzle-scene/1 file (`razzle.dumps(obj)`)."""
        return _scene_codec().dumps(self)

    def __reduce_ex__(self, protocol: Any) -> Any:
        return _scene_codec().reduce(self)

    def __reduce__(self) -> Any:
        return _scene_codec().reduce(self)

    def __copy__(self) -> Any:
        function, arguments = _scene_codec().reduce(self)
        return function(*arguments)

    def __deepcopy__(self, memo: Any) -> Any:
        copied = self.__copy__()
        memo[id(self)] = copied
        return copied
