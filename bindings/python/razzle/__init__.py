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

from . import _ffi
from ._animator import Animator
from ._easing import Easing, Spring, cubic_bezier, easing, linear_stops, spring, steps
from ._errors import (
    BufferTooSmallError,
    ClosedError,
    KindMismatchError,
    DuplicateTrackError,
    EasingError,
    EmptyTrackError,
    InvalidNameError,
    InvalidValueError,
    NotFoundError,
    OutOfRangeError,
    RazzleError,
    WrongSizeError,
)
from ._track import Keyframe, Track
from ._values import Color, Point, Rect, Size, Transform, Transform3D

__version__ = _ffi.lib.kf_version_string().decode()
library_path = str(_ffi.path)

__all__ = [
    "Animator",
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
    "Point",
    "Size",
    "Rect",
    "Color",
    "Transform",
    "Transform3D",
    "__version__",
]
