"""Ownership of one library handle: an idempotent close, context-manager
support, and release on garbage collection as the fallback."""

import weakref

from ._errors import ClosedError


class HandleOwner:
    """Owns one handle; subclasses name the release function."""

    __slots__ = ("_handle", "_finalizer", "__weakref__")
    _kind = "object"

    def __init__(self, handle, release):
        self._handle = handle
        # The finalizer holds the handle, not self, so collection can run it.
        self._finalizer = weakref.finalize(self, release, handle)

    @property
    def _h(self):
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

    def __enter__(self):
        self._h  # noqa: B018 - entering a closed object is an error
        return self

    def __exit__(self, *exc_info):
        self.close()
