"""Exceptions, one per libkeyframe status code (see include/keyframe.h), and
`InvalidTypeError` for arguments of the wrong Python type."""

from __future__ import annotations

from typing import Optional

__all__ = [
    "RazzleError",
    "InvalidValueError",
    "WrongSizeError",
    "BufferTooSmallError",
    "EasingError",
    "EmptyTrackError",
    "NotFoundError",
    "DuplicateTrackError",
    "InvalidNameError",
    "OutOfRangeError",
    "ClosedError",
    "KindMismatchError",
    "InvalidTypeError",
    "StaleError",
    "InvalidStateError",
    "FormatError",
]


class RazzleError(Exception):
    """Base of every razzle error. `status` is the library's status code.
    Errors from reading a file (a scene, path data) also say where: the
    JSON Pointer of the value at fault, the line and column (counted from
    1) and the byte offset; None otherwise."""

    status: Optional[int] = None
    pointer: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None
    offset: Optional[int] = None

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status

    def __str__(self) -> str:
        # KeyError would show repr(message); every razzle error shows the text.
        return str(self.args[0]) if self.args else ""


class InvalidValueError(RazzleError, ValueError):
    """A time or value is NaN or infinite, or outside the property's range."""


class WrongSizeError(InvalidValueError):
    """A value has the wrong number of channels for its track."""


class BufferTooSmallError(RazzleError, ValueError):
    """An output array is too small for the result."""


class EasingError(RazzleError, ValueError):
    """An easing specification could not be parsed."""


class EmptyTrackError(RazzleError, ValueError):
    """A track with no keyframes was sampled."""


class NotFoundError(RazzleError, KeyError):
    """No keyframe or track matches the key."""


class DuplicateTrackError(RazzleError, ValueError):
    """The animator has a track for this (target, property) already."""


class InvalidNameError(RazzleError, ValueError):
    """A target or property name is empty or cannot be encoded."""


class OutOfRangeError(RazzleError, IndexError):
    """An index is past the end."""


class ClosedError(RazzleError, ValueError):
    """The object was closed (or its handle released) and cannot be used."""


class KindMismatchError(RazzleError, ValueError):
    """A value kind that does not fit the property, or an operation that does
    not fit the track's kind."""


class InvalidTypeError(RazzleError, TypeError):
    """An argument of the wrong type: a string or None where a number is
    needed, a complex number, a non-string name. Raised by the Python package
    before anything reaches the library (`status` is None)."""


class StaleError(RazzleError):
    """The object changed between two calls that had to see the same state
    (KF_E_STALE); the binding retries such reads itself, so user code sees
    it only if an object keeps changing."""


class InvalidStateError(RazzleError, RuntimeError):
    """The operation does not apply in the object's current state: a player
    asked to finish a node that never ends, or to run at rate 0
    (KF_E_INVALID_STATE)."""


class FormatError(RazzleError, ValueError):
    """A text is not valid JSON, or not a valid file of its format: a scene
    file with a syntax error, a wrong type, an unknown or missing field
    (KF_E_FORMAT). Errors from loading a scene also carry `line`, `column`,
    `offset` and `pointer` (the JSON Pointer of the value at fault)."""
