"""Easings and springs as standalone curves: `razzle.easing(spec)`, helpers
that build specifications, and `razzle.Spring`."""

import ctypes
import math
from ctypes import byref, c_double, c_size_t

import numpy as np

from . import _ffi
from ._errors import BufferTooSmallError

lib = _ffi.lib

__all__ = [
    "Easing",
    "easing",
    "cubic_bezier",
    "steps",
    "linear_stops",
    "spring",
    "Spring",
]


def _canonical(spec: str) -> str:
    encoded = str(spec).encode()
    text = ctypes.create_string_buffer(96)
    length = c_size_t()
    try:
        lib.kf_easing_canonical(encoded, text, len(text), byref(length))
    except BufferTooSmallError:
        text = ctypes.create_string_buffer(length.value + 1)
        lib.kf_easing_canonical(encoded, text, len(text), byref(length))
    return text.value.decode()


class Easing:
    """An easing curve, callable on a progress value or a numpy array.

    >>> ease = razzle.easing("easeInOutCubic")
    >>> ease(0.25)
    0.0625
    >>> ease.derivative(0.5)
    3.0

    `spec` is the canonical specification, usable as a keyframe's easing.
    """

    __slots__ = ("spec", "_encoded")

    def __init__(self, spec: str):
        self.spec = _canonical(spec)
        self._encoded = self.spec.encode()

    def __repr__(self):
        return f"razzle.easing({self.spec!r})"

    def __str__(self):
        return self.spec

    def __eq__(self, other):
        return isinstance(other, Easing) and other.spec == self.spec

    def __hash__(self):
        return hash(self.spec)

    def _evaluate(self, p, derivative):
        scalar = np.ndim(p) == 0
        progress = np.ascontiguousarray(p, dtype=np.float64)
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
        result = derivatives if derivative else out
        return float(result.reshape(-1)[0]) if scalar else result

    def __call__(self, p):
        """Eased progress at `p` (a float or an array)."""
        return self._evaluate(p, False)

    def derivative(self, p):
        """d eased / d progress at `p` (a float or an array)."""
        return self._evaluate(p, True)


def easing(spec: str) -> Easing:
    """The easing `spec` as a callable; EasingError if it does not parse."""
    return Easing(spec)


def _number(x) -> str:
    x = float(x)
    if not math.isfinite(x):
        return repr(x)  # rejected by the parser with a clear message
    return repr(int(x)) if x.is_integer() and abs(x) < 1e15 else repr(x)


def cubic_bezier(x1, y1, x2, y2) -> str:
    """The spec `cubic-bezier(x1, y1, x2, y2)` (CSS; x1, x2 in [0, 1])."""
    return _canonical(f"cubic-bezier({_number(x1)}, {_number(y1)}, {_number(x2)}, {_number(y2)})")


def steps(count, position="jump-end") -> str:
    """The spec `steps(count, position)` (CSS Easing Level 1)."""
    return _canonical(f"steps({_number(count)}, {position})")


def linear_stops(*stops) -> str:
    """The spec `linear(…)` (CSS Easing Level 2). Each stop is an output
    number or a tuple (output, input%[, input%]) with inputs in percent:
    `linear_stops(0, (0.25, 75), 1)` is `linear(0, 0.25 75%, 1)`."""
    parts = []
    for stop in stops:
        if isinstance(stop, (tuple, list)):
            output, *inputs = stop
            parts.append(" ".join([_number(output)] + [f"{_number(i)}%" for i in inputs]))
        else:
            parts.append(_number(stop))
    return _canonical(f"linear({', '.join(parts)})")


def spring(
    mass=None, stiffness=None, damping=None, velocity=0.0, *, duration=None, bounce=None, damping_ratio=None, response=None
) -> str:
    """A spring easing spec from physical parameters (mass, stiffness,
    damping; CASpringAnimation), from duration and bounce (SwiftUI), or from
    damping_ratio and response (UIKit). As an easing the spring runs for its
    settling duration over the segment."""
    if duration is not None or bounce is not None:
        spec = f"spring(duration={_number(duration if duration is not None else 0.5)}, bounce={_number(bounce or 0)}"
    elif damping_ratio is not None or response is not None:
        spec = f"spring(dampingRatio={_number(damping_ratio)}, response={_number(response)}"
    else:
        spec = (
            f"spring(mass={_number(1 if mass is None else mass)}, "
            f"stiffness={_number(100 if stiffness is None else stiffness)}, "
            f"damping={_number(10 if damping is None else damping)}"
        )
    return _canonical(f"{spec}, velocity={_number(velocity)})")


class Spring:
    """A damped spring m·x'' + c·x' + k·(x − 1) = 0 from x(0) = 0,
    x'(0) = velocity.

    >>> s = razzle.Spring.from_duration_bounce(0.4, 0.3)   # SwiftUI .bouncy(0.4)
    >>> round(s.stiffness, 5), round(s.damping, 5)
    (246.74011, 21.99115)
    >>> s.position(0.1)
    0.5613...
    """

    __slots__ = ("_parameters",)

    def __init__(self, mass=1.0, stiffness=100.0, damping=10.0, velocity=0.0):
        self._parameters = (c_double * 4)(float(mass), float(stiffness), float(damping), float(velocity))
        duration = c_double()
        lib.kf_spring_settling_duration(ctypes.addressof(self._parameters), byref(duration))  # validates

    @classmethod
    def from_duration_bounce(cls, duration, bounce=0.0):
        """SwiftUI's spring(duration:bounce:)."""
        out = (c_double * 4)()
        lib.kf_spring_from_duration_bounce(float(duration), float(bounce), ctypes.addressof(out))
        return cls(*out)

    @classmethod
    def from_damping_ratio(cls, ratio, response):
        """UIKit's UISpringTimingParameters(dampingRatio:) with a response."""
        out = (c_double * 4)()
        lib.kf_spring_from_damping_ratio(float(ratio), float(response), ctypes.addressof(out))
        return cls(*out)

    mass = property(lambda self: self._parameters[0], doc="m")
    stiffness = property(lambda self: self._parameters[1], doc="k")
    damping = property(lambda self: self._parameters[2], doc="c")
    initial_velocity = property(lambda self: self._parameters[3], doc="x'(0)")

    @property
    def damping_ratio(self):
        """c / (2·sqrt(m·k)): below 1 underdamped (bounces), 1 critical."""
        return self.damping / (2 * math.sqrt(self.mass * self.stiffness))

    @property
    def settling_duration(self):
        """The time after which |x − 1| and |v| stay below 1e-4."""
        out = c_double()
        lib.kf_spring_settling_duration(ctypes.addressof(self._parameters), byref(out))
        return out.value

    def _evaluate(self, t, which):
        scalar = np.ndim(t) == 0
        times = np.ascontiguousarray(t, dtype=np.float64)
        out = np.empty(times.shape, dtype=np.float64)
        args = (out.ctypes.data, None) if which == 0 else (None, out.ctypes.data)
        lib.kf_spring_evaluate(ctypes.addressof(self._parameters), times.ctypes.data, times.size, *args, out.size)
        return float(out.reshape(-1)[0]) if scalar else out

    def position(self, t):
        """x(t) (a float or an array)."""
        return self._evaluate(t, 0)

    def velocity(self, t):
        """x'(t) (a float or an array)."""
        return self._evaluate(t, 1)

    @property
    def spec(self):
        """This spring as an easing specification."""
        return spring(self.mass, self.stiffness, self.damping, self.initial_velocity)

    def __repr__(self):
        return (
            f"razzle.Spring(mass={self.mass!r}, stiffness={self.stiffness!r}, "
            f"damping={self.damping!r}, velocity={self.initial_velocity!r})"
        )
