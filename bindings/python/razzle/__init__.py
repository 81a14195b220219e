"""razzle: keyframe animation driven by any number.

    import razzle
    anim = razzle.Animator()
    alpha = anim.add_track("label", "alpha")
    alpha[30] = 1.0
    alpha.set(60, 0.0)
    alpha(45)            # 0.5
    alpha([0, 45, 90])   # numpy array

The engine is libkeyframe, a Swift library with a C ABI (include/keyframe.h);
this package is a ctypes binding to it.
"""

from __future__ import annotations

from . import _ffi
from ._animator import Animator, Column, Layout
from ._easing import Easing, EasingLike, Spring, cubic_bezier, easing, linear_stops, spring, steps
from ._errors import (
    BufferTooSmallError,
    ClosedError,
    KindMismatchError,
    StaleError,
    DuplicateTrackError,
    EasingError,
    EmptyTrackError,
    InvalidNameError,
    InvalidTypeError,
    InvalidValueError,
    NotFoundError,
    OutOfRangeError,
    RazzleError,
    WrongSizeError,
)
from ._inputs import count as _count
from ._track import Keyframe, Track
from ._types import FloatArray, Times, ValueLike
from ._values import Color, Point, Rect, Size, Transform, Transform3D

__version__: str = _ffi.lib.kf_version_string().decode()


def thread_count() -> int:
    """Threads a large batch is split across (see set_thread_count)."""
    return int(_ffi.lib.kf_thread_count())


def set_thread_count(count: int) -> None:
    """Splits batches of at least 2 x 65536 items across `count` threads; 0
    restores the default ($RAZZLE_THREADS, else the processor count).
    Results do not depend on it. InvalidValueError for a negative count,
    InvalidTypeError for a non-integer."""
    _ffi.lib.kf_set_thread_count(_count(count, "thread count"))


library_path: str = str(_ffi.path)

__all__ = [
    "Animator",
    "Column",
    "Layout",
    "thread_count",
    "set_thread_count",
    "Track",
    "Keyframe",
    "Easing",
    "Spring",
    "easing",
    "cubic_bezier",
    "steps",
    "linear_stops",
    "spring",
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
    "StaleError",
    "InvalidTypeError",
    "EasingLike",
    "FloatArray",
    "Times",
    "ValueLike",
    "Point",
    "Size",
    "Rect",
    "Color",
    "Transform",
    "Transform3D",
    "__version__",
]
