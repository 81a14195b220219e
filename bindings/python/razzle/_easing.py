"""Easings and springs as standalone curves: `razzle.easing(spec)`, helpers
that build specifications, and `razzle.Spring`. Both are values: immutable,
comparable, hashable, copyable and picklable."""

from __future__ import annotations

import ctypes
import math
from ctypes import byref, c_double, c_size_t
from typing import Any, Dict, Optional, Tuple, Union, overload

import numpy as np

from . import _ffi, _gsap
from ._errors import BufferTooSmallError, EasingError, InvalidTypeError
from ._inputs import describe, is_batch, real, text, times
from ._types import FloatArray, Times

lib = _ffi.lib

__all__ = [
    "Easing",
    "easing",
    "cubic_bezier",
    "steps",
    "linear_stops",
    "spring",
    "Spring",
    "EasingLike",
]

#: What an `easing=` argument accepts: a specification string, an `Easing`, a
#: `Spring` (its `spec`), or None for linear.
EasingLike = Union[str, "Easing", "Spring", None]


def spec_bytes(value: object) -> Optional[bytes]:
    """An `easing=` argument as the library's text: None stays None (linear).
    EasingError for text that cannot reach the library (NUL, lone
    surrogates); InvalidTypeError for other types."""
    if value is None:
        return None
    if isinstance(value, Easing):
        return value._encoded
    if isinstance(value, Spring):
        return value.spec.encode()
    if isinstance(value, str):
        return text(value, "easing", EasingError)
    raise InvalidTypeError(f"an easing is a str, a razzle.Easing, a razzle.Spring or None, not {describe(value)}")


def _canonical(value: object) -> str:
    encoded = spec_bytes(value)
    if encoded is None:
        encoded = b""
    buffer = ctypes.create_string_buffer(96)
    length = c_size_t()
    try:
        lib.kf_easing_canonical(encoded, buffer, len(buffer), byref(length))
    except EasingError as error:
        if isinstance(value, str):
            _gsap_hint(value, error)
        raise
    except BufferTooSmallError:
        buffer = ctypes.create_string_buffer(length.value + 1)
        lib.kf_easing_canonical(encoded, buffer, len(buffer), byref(length))
    return buffer.value.decode()


def _gsap_hint(spec: str, error: EasingError) -> None:
    """Raises `error` with a hint when `spec` is (or looks like) a GSAP ease
    name: razzle's grammar does not read GSAP's names, the tween layer
    translates them (razzle._gsap, text to text, below this module)."""
    if _gsap.is_gsap_name(spec):
        try:
            hint = f'GSAP\'s "{spec}" is razzle\'s "{_gsap.translate(spec)}"'
        except EasingError as gsap_error:
            hint = str(gsap_error)
    elif _gsap.looks_like_gsap(spec):
        try:
            _gsap.translate(spec)
            return
        except EasingError as gsap_error:
            hint = f"as a GSAP name: {gsap_error}"
    else:
        return
    raised = EasingError(f"{error} ({hint}; razzle.gsap_ease and the tween functions read GSAP's names)", error.status)
    raise raised from None


class Easing:
    """An easing curve, callable on a progress value or a numpy array.

    >>> ease = razzle.easing("easeInOutCubic")
    >>> ease(0.25)
    0.0625
    >>> ease.derivative(0.5)
    3.0

    `spec` is the canonical specification, usable as a keyframe's easing.
    An Easing is a value: equal when the canonical specifications are equal,
    hashable, and copied or pickled through its `spec`.
    """

    __slots__ = ("_spec", "_encoded")

    def __init__(self, spec: EasingLike = None) -> None:
        self._spec = _canonical(spec)
        self._encoded = self._spec.encode()

    @property
    def spec(self) -> str:
        """The canonical specification (parsing it gives this easing)."""
        return self._spec

    def __repr__(self) -> str:
        return f"razzle.easing({self._spec!r})"

    def __str__(self) -> str:
        return self._spec

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Easing):
            return NotImplemented
        return other._spec == self._spec

    def __hash__(self) -> int:
        return hash(self._spec)

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        return (Easing, (self._spec,))

    def __copy__(self) -> Easing:
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> Easing:
        return self

    def _repr_svg_(self) -> Optional[str]:
        """The curve for Jupyter: eased progress against progress, 260 x 220
        pixels of SVG (steps drawn as steps). None on any error."""
        from ._notebook import easing_chart, safe

        return safe(lambda: easing_chart(self._spec, self).svg())

    def _repr_png_(self) -> Optional[bytes]:
        """The same picture as PNG bytes; None without Pillow (the render
        extra)."""
        from ._notebook import easing_chart, safe

        return safe(lambda: easing_chart(self._spec, self).png())

    def _evaluate(self, p: object, derivative: bool) -> Any:
        batch = is_batch(p)
        progress = times(p, "progress values") if batch else np.array(real(p, "progress"))
        out = np.empty(progress.shape, dtype=np.float64)
        derivatives = np.empty(progress.shape, dtype=np.float64) if derivative else None
        lib.kf_easing_sample(
            self._encoded,
            progress.ctypes.data,
            progress.size,
            out.ctypes.data,
            None if derivatives is None else derivatives.ctypes.data,
            out.size,
        )
        result = derivatives if derivatives is not None else out
        return result if batch else float(result[()])

    @overload
    def __call__(self, p: float) -> float: ...
    @overload
    def __call__(self, p: Times) -> FloatArray: ...

    def __call__(self, p: Union[float, Times]) -> Union[float, FloatArray]:
        """Eased progress at `p`: a float for a number, an array of p's shape
        for an array or a sequence."""
        return self._evaluate(p, False)  # type: ignore[no-any-return]

    @overload
    def derivative(self, p: float) -> float: ...
    @overload
    def derivative(self, p: Times) -> FloatArray: ...

    def derivative(self, p: Union[float, Times]) -> Union[float, FloatArray]:
        """d eased / d progress at `p` (a float, or an array of p's shape)."""
        return self._evaluate(p, True)  # type: ignore[no-any-return]


def easing(spec: EasingLike = None) -> Easing:
    """The easing `spec` as a callable; None or "" is linear (as a keyframe's
    `easing=None` is). EasingError if it does not parse."""
    if isinstance(spec, Easing):
        return spec
    return Easing(spec)


def gsap_ease(spec: str) -> Easing:
    """The GSAP ease `spec` ("power2.out", "back.out(1.7)", "elastic.out(1,
    0.3)", "steps(5)", "none", ...) as a razzle `Easing`; its `spec` is the
    razzle text it translates to. See `razzle._gsap`'s table
    (Guides/Tweens.md)."""
    return Easing(_gsap.translate(spec))


def _number(x: object, what: str) -> str:
    value = real(x, what)
    if not math.isfinite(value):
        return repr(value)  # rejected by the parser with a clear message
    return repr(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def cubic_bezier(x1: float, y1: float, x2: float, y2: float) -> str:
    """The spec `cubic-bezier(x1, y1, x2, y2)` (CSS; x1, x2 in [0, 1])."""
    numbers = ", ".join(_number(v, name) for v, name in zip((x1, y1, x2, y2), ("x1", "y1", "x2", "y2")))
    return _canonical(f"cubic-bezier({numbers})")


def steps(count: int, position: str = "jump-end") -> str:
    """The spec `steps(count, position)` (CSS Easing Level 1)."""
    text(position, "steps position", EasingError)
    return _canonical(f"steps({_number(count, 'steps count')}, {position})")


def linear_stops(*stops: Union[float, Tuple[float, ...]]) -> str:
    """The spec `linear(…)` (CSS Easing Level 2). Each stop is an output
    number or a tuple (output, input%[, input%]) with inputs in percent:
    `linear_stops(0, (0.25, 75), 1)` is `linear(0, 0.25 75%, 1)`."""
    parts = []
    for stop in stops:
        if isinstance(stop, (tuple, list)):
            output, *inputs = stop
            parts.append(" ".join([_number(output, "stop")] + [f"{_number(i, 'stop input')}%" for i in inputs]))
        else:
            parts.append(_number(stop, "stop"))
    return _canonical(f"linear({', '.join(parts)})")


def spring(
    mass: Optional[float] = None,
    stiffness: Optional[float] = None,
    damping: Optional[float] = None,
    velocity: float = 0.0,
    *,
    duration: Optional[float] = None,
    bounce: Optional[float] = None,
    damping_ratio: Optional[float] = None,
    response: Optional[float] = None,
) -> str:
    """A spring easing spec from physical parameters (mass, stiffness,
    damping; CASpringAnimation), from duration and bounce (SwiftUI), or from
    damping_ratio and response (UIKit). As an easing the spring runs for its
    settling duration over the segment."""
    if duration is not None or bounce is not None:
        spec = (
            f"spring(duration={_number(0.5 if duration is None else duration, 'duration')}, "
            f"bounce={_number(bounce or 0, 'bounce')}"
        )
    elif damping_ratio is not None or response is not None:
        spec = (
            f"spring(dampingRatio={_number(damping_ratio, 'damping_ratio')}, "
            f"response={_number(response, 'response')}"
        )
    else:
        spec = (
            f"spring(mass={_number(1 if mass is None else mass, 'mass')}, "
            f"stiffness={_number(100 if stiffness is None else stiffness, 'stiffness')}, "
            f"damping={_number(10 if damping is None else damping, 'damping')}"
        )
    return _canonical(f"{spec}, velocity={_number(velocity, 'velocity')})")


class Spring:
    """A damped spring m·x'' + c·x' + k·(x − 1) = 0 from x(0) = 0,
    x'(0) = velocity.

    >>> s = razzle.Spring.from_duration_bounce(0.4, 0.3)   # SwiftUI .bouncy(0.4)
    >>> round(s.stiffness, 5), round(s.damping, 5)
    (246.74011, 21.99115)
    >>> s.position(0.1)
    0.5613...

    A Spring is a value: equal when its four parameters are, hashable, and
    copied or pickled through them.
    """

    __slots__ = ("_parameters",)

    def __init__(self, mass: float = 1.0, stiffness: float = 100.0, damping: float = 10.0, velocity: float = 0.0) -> None:
        numbers = [real(v, n) for v, n in zip((mass, stiffness, damping, velocity), ("mass", "stiffness", "damping", "velocity"))]
        self._parameters = _ffi.SpringParameters(*numbers)
        duration = c_double()
        lib.kf_spring_settling_duration(byref(self._parameters), byref(duration))  # validates

    @classmethod
    def from_duration_bounce(cls, duration: float, bounce: float = 0.0) -> Spring:
        """SwiftUI's spring(duration:bounce:)."""
        out = _ffi.SpringParameters()
        lib.kf_spring_from_duration_bounce(real(duration, "duration"), real(bounce, "bounce"), byref(out))
        return cls(out.mass, out.stiffness, out.damping, out.velocity)

    @classmethod
    def from_damping_ratio(cls, ratio: float, response: float) -> Spring:
        """UIKit's UISpringTimingParameters(dampingRatio:) with a response."""
        out = _ffi.SpringParameters()
        lib.kf_spring_from_damping_ratio(real(ratio, "damping ratio"), real(response, "response"), byref(out))
        return cls(out.mass, out.stiffness, out.damping, out.velocity)

    @property
    def mass(self) -> float:
        """m"""
        return float(self._parameters.mass)

    @property
    def stiffness(self) -> float:
        """k"""
        return float(self._parameters.stiffness)

    @property
    def damping(self) -> float:
        """c"""
        return float(self._parameters.damping)

    @property
    def initial_velocity(self) -> float:
        """x'(0)"""
        return float(self._parameters.velocity)

    @property
    def parameters(self) -> Tuple[float, float, float, float]:
        """(mass, stiffness, damping, velocity): `Spring(*s.parameters) == s`."""
        return (self.mass, self.stiffness, self.damping, self.initial_velocity)

    @property
    def damping_ratio(self) -> float:
        """c / (2·sqrt(m·k)): below 1 underdamped (bounces), 1 critical."""
        return self.damping / (2 * math.sqrt(self.mass * self.stiffness))

    @property
    def settling_duration(self) -> float:
        """The time after which |x − 1| and |v| stay below 1e-4."""
        out = c_double()
        lib.kf_spring_settling_duration(byref(self._parameters), byref(out))
        return out.value

    def _evaluate(self, t: object, which: int) -> Any:
        batch = is_batch(t)
        values = times(t) if batch else np.array(real(t, "time"))
        out = np.empty(values.shape, dtype=np.float64)
        args = (out.ctypes.data, None) if which == 0 else (None, out.ctypes.data)
        lib.kf_spring_evaluate(byref(self._parameters), values.ctypes.data, values.size, *args, out.size)
        return out if batch else float(out[()])

    @overload
    def position(self, t: float) -> float: ...
    @overload
    def position(self, t: Times) -> FloatArray: ...

    def position(self, t: Union[float, Times]) -> Union[float, FloatArray]:
        """x(t): a float for a number, an array of t's shape for an array."""
        return self._evaluate(t, 0)  # type: ignore[no-any-return]

    @overload
    def velocity(self, t: float) -> float: ...
    @overload
    def velocity(self, t: Times) -> FloatArray: ...

    def velocity(self, t: Union[float, Times]) -> Union[float, FloatArray]:
        """x'(t): a float for a number, an array of t's shape for an array."""
        return self._evaluate(t, 1)  # type: ignore[no-any-return]

    @property
    def spec(self) -> str:
        """This spring as an easing specification."""
        return spring(self.mass, self.stiffness, self.damping, self.initial_velocity)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Spring):
            return NotImplemented
        return self.parameters == other.parameters

    def __hash__(self) -> int:
        return hash(self.parameters)

    def __reduce__(self) -> Tuple[Any, Tuple[float, float, float, float]]:
        return (Spring, self.parameters)

    def __copy__(self) -> Spring:
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> Spring:
        return self

    def __repr__(self) -> str:
        return (
            f"razzle.Spring(mass={self.mass!r}, stiffness={self.stiffness!r}, "
            f"damping={self.damping!r}, velocity={self.initial_velocity!r})"
        )
