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

from typing import Any, Optional, Tuple

from . import _ffi, _notebook
from ._animator import Animator, Column, Layout, Variables
from ._choreography import Clip, Node, Stagger, Timeline, keyframe_animation
from ._frame import Frame
from ._easing import Easing, EasingLike, Spring, cubic_bezier, easing, gsap_ease, linear_stops, spring, steps
from ._errors import (
    BufferTooSmallError,
    ClosedError,
    KindMismatchError,
    StaleError,
    InvalidStateError,
    DuplicateTrackError,
    FormatError,
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
from ._inputs import text as _text
from ._display_list import (
    BeginLayer,
    BeginMask,
    BeginMatte,
    ClipRect,
    DisplayList,
    DrawOp,
    DrawPath,
    EndLayer,
    EndMask,
    EndMatte,
    Fill,
    Image,
    LinearGradient,
    MaskPath,
    RadialGradient,
    Restore,
    Save,
    Stroke,
)
from ._dotlottie import DotLottie, dotlottie_animations
from ._lottie import LottieColumn, LottieImage, LottieImport, LottieLayer, LottieMarker, LottieWarning, import_lottie
from ._paging import PageChange, PageTracker, Paging
from ._raster import Raster
from ._player import Player, PlayerEvent
from ._paths import Mask, Path, RotateLike
from ._scene import Scene, SceneList, SceneObject, dump, dumps, load, loads
from ._stage import Stage, Target
from ._check import PropertyNameWarning, check
from ._tween import from_, from_to, to
from ._timing import ComputedTiming, Timing
from ._track import Keyframe, Track
from ._types import FloatArray, Times, ValueLike
from ._values import Color, Point, Rect, Size, Transform, Transform3D

__version__: str = _ffi.lib.kf_version_string().decode()


def colors_to_space(colors: Any, space: str) -> FloatArray:
    """Many colors at once: an array of shape (..., 4) of non-premultiplied
    sRGB-encoded (r, g, b, a) to the coordinates of `space` ("srgb",
    "linear-srgb", "oklab", "oklch", "hsl") followed by alpha, same shape;
    one library call (`Color.to_space` for one color)."""
    from ._colors import convert_many

    return convert_many(colors, space, inverse=False)


def colors_from_space(coordinates: Any, space: str) -> FloatArray:
    """The inverse of `colors_to_space`: shape (..., 4) of coordinates and
    alpha to sRGB-encoded colors, same shape."""
    from ._colors import convert_many

    return convert_many(coordinates, space, inverse=True)


def gamut_map(colors: Any) -> FloatArray:
    """Many colors mapped into sRGB as CSS Color 4 does (chroma reduction in
    OKLCh): shape (..., 4) in and out, one library call
    (`Color.gamut_mapped` for one color)."""
    from ._colors import gamut_map_many

    return gamut_map_many(colors)


def thread_count() -> int:
    """Threads a large batch is split across (see set_thread_count)."""
    return int(_ffi.lib.kf_thread_count())


def set_thread_count(count: int) -> None:
    """Splits batches of at least 2 x 65536 items across `count` threads; 0
    restores the default ($RAZZLE_THREADS, else the processor count).
    Results do not depend on it. InvalidValueError for a negative count,
    InvalidTypeError for a non-integer."""
    _ffi.lib.kf_set_thread_count(_count(count, "thread count"))


#: The CPU levels the batch kernels exist at, in order (see kernel_level).
KERNEL_LEVELS = ("baseline", "avx2", "avx512")


def kernel_level() -> str:
    """The CPU level the batch kernels run at: "baseline" (SSE2, any x86-64),
    "avx2" (AVX2, FMA, BMI2: Haswell, Zen and later) or "avx512" (AVX-512
    F/DQ/CD/BW/VL: Skylake-X, Ice Lake, Sapphire Rapids, Zen 4). The default
    is the best this CPU runs, or $RAZZLE_KERNELS. Results do not depend on
    it."""
    return str(_ffi.lib.kf_kernel_level().decode())


def kernel_levels() -> Tuple[str, ...]:
    """The levels of KERNEL_LEVELS this CPU can run."""
    return tuple(name for name in KERNEL_LEVELS if _ffi.lib.kf_kernel_level_supported(name.encode()))


def set_kernel_level(name: Optional[str] = None) -> None:
    """Runs the batch kernels at the level `name`; None restores the
    default. InvalidNameError for an unknown name, InvalidValueError for a
    level this CPU cannot run (the level is unchanged)."""
    _ffi.lib.kf_set_kernel_level(None if name is None else _text(name, "kernel level", InvalidNameError))


library_path: str = str(_ffi.path)


def _animation_html(obj: object) -> Optional[str]:
    """`_repr_html_` of scenes and Lottie imports (`razzle.render.notebook_html`;
    razzle.render, which needs the render extra, is imported on first use)."""
    from .render import notebook_html

    return notebook_html(obj)


_notebook.install_animation_html(_animation_html)

__all__ = [
    "LottieColumn",
    "LottieImage",
    "LottieMarker",
    "DotLottie",
    "dotlottie_animations",
    "LottieImport",
    "LottieLayer",
    "LottieWarning",
    "import_lottie",
    "DisplayList",
    "Raster",
    "DrawOp",
    "DrawPath",
    "Save",
    "Restore",
    "ClipRect",
    "BeginLayer",
    "EndLayer",
    "BeginMask",
    "MaskPath",
    "EndMask",
    "BeginMatte",
    "EndMatte",
    "Fill",
    "Stroke",
    "LinearGradient",
    "RadialGradient",
    "Image",
    "Scene",
    "SceneList",
    "SceneObject",
    "Stage",
    "Target",
    "load",
    "loads",
    "dump",
    "dumps",
    "FormatError",
    "Animator",
    "Column",
    "Layout",
    "Frame",
    "Variables",
    "Paging",
    "PageTracker",
    "PageChange",
    "thread_count",
    "colors_to_space",
    "colors_from_space",
    "gamut_map",
    "set_thread_count",
    "KERNEL_LEVELS",
    "kernel_level",
    "kernel_levels",
    "set_kernel_level",
    "Track",
    "Keyframe",
    "Timing",
    "ComputedTiming",
    "Node",
    "Clip",
    "Timeline",
    "Stagger",
    "keyframe_animation",
    "Player",
    "PlayerEvent",
    "Easing",
    "gsap_ease",
    "to",
    "from_",
    "from_to",
    "check",
    "PropertyNameWarning",
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
    "InvalidStateError",
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
    "Path",
    "Mask",
    "RotateLike",
    "__version__",
]
