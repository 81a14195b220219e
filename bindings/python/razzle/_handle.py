"""Ownership of one library handle: an idempotent close, context-manager
support, release on garbage collection as the fallback, and a clear refusal
to be pickled (a handle means nothing in another process)."""

from __future__ import annotations

import weakref
from typing import Any, Callable, NoReturn, TypeVar

from ._errors import ClosedError

_Self = TypeVar("_Self", bound="HandleOwner")


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
        from ._scene import dumps

        return dumps(self)  # type: ignore[arg-type]

    def __reduce_ex__(self, protocol: Any) -> Any:
        from ._scene import reduce

        return reduce(self)  # type: ignore[arg-type]

    def __reduce__(self) -> Any:
        from ._scene import reduce

        return reduce(self)  # type: ignore[arg-type]

    def __copy__(self) -> Any:
        from ._scene import copy_of

        return copy_of(self)

    def __deepcopy__(self, memo: Any) -> Any:
        from ._scene import copy_of

        copied = copy_of(self)
        memo[id(self)] = copied
        return copied
