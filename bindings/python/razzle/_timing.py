"""`razzle.Timing`: one node's time transform, the Web Animations Level 1
timing model (Guides/Timing.md). A Timing is a value: immutable, comparable,
hashable, copyable and picklable. The library validates it and computes
it; this module only marshals."""

from __future__ import annotations

import ctypes
import math
from ctypes import byref
from typing import Any, Dict, Literal, NamedTuple, Optional, Tuple, Union, overload

import numpy as np

from . import _ffi
from ._easing import Easing, EasingLike
from ._errors import InvalidNameError, InvalidTypeError, InvalidValueError
from ._inputs import describe, is_batch, real, text, times as _times
from ._track import _address, _check_out, _names
from ._types import FloatArray, Times

lib = _ffi.lib

__all__ = ["Timing", "ComputedTiming"]

#: Names of the pinned enums, by C code, as the library spells them.
DIRECTIONS = _names(lib.kf_direction_name)
FILLS = _names(lib.kf_fill_name)
PHASES = _names(lib.kf_phase_name)
ANIMATION_DIRECTIONS = _names(lib.kf_animation_direction_name)

_compute = _ffi.unchecked("kf_timing_compute")


def _code(value: object, what: str, parse: Any) -> int:
    """The C code of a name, read by the library (whose message suggests the
    closest name for an unknown one)."""
    code = ctypes.c_int32()
    parse(text(value, what, InvalidNameError), byref(code))
    return code.value


def _animation_direction(value: object) -> int:
    if isinstance(value, str) and value in ANIMATION_DIRECTIONS:
        return ANIMATION_DIRECTIONS.index(value)
    return _code(value, "animation direction", lib.kf_animation_direction_from_name)


def _resolved(x: float) -> Optional[float]:
    return None if math.isnan(x) else x


def computed_timing(out: Any) -> ComputedTiming:
    """The ComputedTiming of a library `kf_computed_timing`."""
    return ComputedTiming(
        PHASES[out.phase],
        _resolved(out.local_time),
        out.iteration_duration,
        out.active_duration,
        out.end_time,
        _resolved(out.active_time),
        _resolved(out.overall_progress),
        _resolved(out.simple_iteration_progress),
        _resolved(out.current_iteration),
        _resolved(out.directed_progress),
        _resolved(out.transformed_progress),
    )


class ComputedTiming(NamedTuple):
    """A timing's computed values at one local time, as Web Animations'
    getComputedTiming() gives them. None is the spec's *unresolved*: outside
    the active interval without a fill there is no effect (NaN in the batch
    calls). `phase` is "before", "active", "after" or "idle" (a NaN local
    time)."""

    phase: str
    local_time: Optional[float]
    iteration_duration: float
    active_duration: float
    end_time: float
    active_time: Optional[float]
    overall_progress: Optional[float]
    simple_iteration_progress: Optional[float]
    current_iteration: Optional[float]
    directed_progress: Optional[float]
    transformed_progress: Optional[float]

    @property
    def is_in_effect(self) -> bool:
        """Whether the timing has an effect (its active time is resolved)."""
        return self.active_time is not None


Duration = Union[float, Literal["auto"]]


class Timing:
    """One node's timing: Web Animations' `delay`, `end_delay`, `duration`
    (a number or "auto": the node's intrinsic duration, given when
    computing, 0 for a timing on its own), `iterations` (fractional and
    math.inf allowed), `iteration_start`, `direction` ("normal", "reverse",
    "alternate", "alternate-reverse"), `fill` ("none", "forwards",
    "backwards", "both", "auto") and `easing` (any razzle easing).

    Core Animation's names are accepted too: `repeat_count` is `iterations`
    (0 is no iteration here, where Core Animation reads it as once),
    `fill_mode` is `fill` ("removed" is "none"), `autoreverses=True` plays
    each repeat forwards then backwards (direction "alternate" with twice
    the iterations: the active duration doubles), `time_offset` starts that
    far into the iterations and wraps around (`iteration_start` +=
    time_offset / duration). A playback rate (`speed`) is a player's, not a
    timing's. The properties read back in Web Animations' terms.

    >>> t = razzle.Timing(duration=2, iterations=3, direction="alternate", fill="forwards")
    >>> t.compute(3).directed_progress
    0.5
    >>> t.progress([0, 1, 3, 6]).tolist()
    [0.0, 0.5, 0.5, 1.0]

    Bad values are a razzle.InvalidValueError (negative or NaN durations,
    iterations < 0, NaN or infinite delays), unknown names an
    InvalidNameError with the closest name, a bad easing an EasingError.
    """

    __slots__ = ("_options", "_easing", "_active_duration", "_end_time")

    def __init__(
        self,
        *,
        delay: float = 0.0,
        end_delay: float = 0.0,
        duration: Duration = "auto",
        iterations: Optional[float] = None,
        iteration_start: float = 0.0,
        direction: str = "normal",
        fill: Optional[str] = None,
        easing: EasingLike = None,
        repeat_count: Optional[float] = None,
        autoreverses: bool = False,
        time_offset: float = 0.0,
        fill_mode: Optional[str] = None,
    ) -> None:
        if iterations is not None and repeat_count is not None:
            raise InvalidTypeError("give iterations or repeat_count (its Core Animation name), not both")
        if fill is not None and fill_mode is not None:
            raise InvalidTypeError("give fill or fill_mode (its Core Animation name), not both")
        if not isinstance(autoreverses, (bool, np.bool_)):
            raise InvalidTypeError(f"autoreverses must be a bool, not {describe(autoreverses)}")
        count = iterations if iterations is not None else repeat_count
        fill_name = fill if fill is not None else fill_mode
        self._easing = Easing(easing)
        options = _ffi.TimingOptions(
            version=_ffi.TIMING_OPTIONS_VERSION,
            delay=real(delay, "delay"),
            end_delay=real(end_delay, "end_delay"),
            duration=_duration(duration),
            iterations=1.0 if count is None else real(count, "iterations"),
            iteration_start=real(iteration_start, "iteration_start"),
            direction=_code(direction, "direction", lib.kf_direction_from_name),
            fill=FILLS.index("auto") if fill_name is None else _code(fill_name, "fill", lib.kf_fill_from_name),
            easing=self._easing._encoded,
            autoreverses=int(bool(autoreverses)),
            time_offset=real(time_offset, "time_offset"),
        )
        lib.kf_timing_validate(byref(options), byref(options))
        options.easing = self._easing._encoded
        self._options = options
        computed = self._computed(math.nan, 0.0, 0)
        self._active_duration = computed.active_duration
        self._end_time = computed.end_time

    @classmethod
    def _from_options(cls, options: Any) -> Timing:
        """The Timing of a library `kf_timing_options` (a node's)."""
        duration = float(options.duration)
        return cls(
            delay=options.delay,
            end_delay=options.end_delay,
            duration="auto" if duration == _ffi.DURATION_AUTO else duration,
            iterations=options.iterations,
            iteration_start=options.iteration_start,
            direction=DIRECTIONS[options.direction],
            fill=FILLS[options.fill],
            easing=None if options.easing is None else options.easing.decode(),
        )

    # -- properties, in Web Animations' terms --------------------------------

    @property
    def delay(self) -> float:
        """The start delay."""
        return float(self._options.delay)

    @property
    def end_delay(self) -> float:
        """The end delay."""
        return float(self._options.end_delay)

    @property
    def duration(self) -> Duration:
        """The iteration duration, or "auto"."""
        d = float(self._options.duration)
        return "auto" if d == _ffi.DURATION_AUTO else d

    @property
    def iterations(self) -> float:
        """The iteration count (math.inf for ever)."""
        return float(self._options.iterations)

    @property
    def iteration_start(self) -> float:
        """Where in the iterations the timing starts."""
        return float(self._options.iteration_start)

    @property
    def direction(self) -> str:
        """The playback direction."""
        return DIRECTIONS[int(self._options.direction)]

    @property
    def fill(self) -> str:
        """The fill mode."""
        return FILLS[int(self._options.fill)]

    @property
    def easing(self) -> Easing:
        """The timing function."""
        return self._easing

    @property
    def active_duration(self) -> float:
        """iteration duration x iterations (0 if either is 0), with "auto"
        as 0 (a timing on its own; compute() takes an intrinsic duration)."""
        return self._active_duration

    @property
    def end_time(self) -> float:
        """max(delay + active duration + end delay, 0), "auto" as 0."""
        return self._end_time

    # -- computing ------------------------------------------------------------

    def _computed(self, t: float, intrinsic: float, direction: int) -> ComputedTiming:
        out = _ffi.ComputedTimingStruct(version=_ffi.COMPUTED_TIMING_VERSION)
        status = _compute(byref(self._options), t, intrinsic, direction, byref(out))
        if status:
            raise _ffi.error(status)
        return computed_timing(out)

    def compute(
        self,
        t: float,
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
    ) -> ComputedTiming:
        """The computed timing at local time `t`, exactly as Web Animations'
        procedures compute it. `intrinsic_duration` is what a duration of
        "auto" stands for; `animation_direction` is the direction time runs
        in ("backwards" for a negative playback rate), which decides the
        phase at the boundary instants and so the steps() before flag."""
        return self._computed(
            real(t, "time"), real(intrinsic_duration, "intrinsic_duration"), _animation_direction(animation_direction)
        )

    def _many(
        self, times: object, intrinsic: object, direction: object, out: Optional[FloatArray], iterations: bool
    ) -> Union[float, FloatArray]:
        batch = is_batch(times)
        array = _times(times, "times") if batch else np.array(real(times, "time"))
        if out is None:
            result = np.empty(array.shape, dtype=np.float64)
        else:
            _check_out(out, array.size)
            result = out
        address = _address(result)
        lib.kf_timing_progress_many(
            byref(self._options),
            _address(array),
            array.size,
            real(intrinsic, "intrinsic_duration"),
            _animation_direction(direction),
            None if iterations else address,
            address if iterations else None,
            result.size,
        )
        return result if batch or out is not None else float(result[()])

    @overload
    def progress(
        self,
        times: float,
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: None = None,
    ) -> float: ...
    @overload
    def progress(
        self,
        times: Union[float, Times],
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: FloatArray,
    ) -> FloatArray: ...
    @overload
    def progress(
        self,
        times: Times,
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: Optional[FloatArray] = None,
    ) -> FloatArray: ...

    def progress(
        self,
        times: Union[float, Times],
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: Optional[FloatArray] = None,
    ) -> Union[float, FloatArray]:
        """The transformed progress at every local time in one library call:
        an array of `times`' shape (a float for a number), NaN where there is
        no effect; bit for bit compute(t).transformed_progress. `out`: a
        C-contiguous float64 array you own, filled and returned."""
        return self._many(times, intrinsic_duration, animation_direction, out, False)

    @overload
    def current_iteration(
        self,
        times: float,
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: None = None,
    ) -> float: ...
    @overload
    def current_iteration(
        self,
        times: Union[float, Times],
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: FloatArray,
    ) -> FloatArray: ...
    @overload
    def current_iteration(
        self,
        times: Times,
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: Optional[FloatArray] = None,
    ) -> FloatArray: ...

    def current_iteration(
        self,
        times: Union[float, Times],
        intrinsic_duration: float = 0.0,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        *,
        out: Optional[FloatArray] = None,
    ) -> Union[float, FloatArray]:
        """The current iteration at every local time in one library call, as
        `progress` (NaN where there is no effect, math.inf after an infinite
        count)."""
        return self._many(times, intrinsic_duration, animation_direction, out, True)

    # -- a value ----------------------------------------------------------------

    def _fields(self) -> Dict[str, Any]:
        return {
            "delay": self.delay,
            "end_delay": self.end_delay,
            "duration": self.duration,
            "iterations": self.iterations,
            "iteration_start": self.iteration_start,
            "direction": self.direction,
            "fill": self.fill,
            "easing": self._easing.spec,
        }

    def _key(self) -> Tuple[Any, ...]:
        return tuple(self._fields().values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Timing):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        defaults = _DEFAULT_FIELDS
        shown = [f"{k}={v!r}" for k, v in self._fields().items() if v != defaults[k]]
        return f"razzle.Timing({', '.join(shown)})"

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any]]]:
        return (_from_fields, (self._fields(),))

    def __copy__(self) -> Timing:
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> Timing:
        return self


def _duration(value: object) -> float:
    """A duration as the library's number: "auto" is KF_DURATION_AUTO."""
    if isinstance(value, str):
        if value == "auto":
            return _ffi.DURATION_AUTO
        raise InvalidValueError(f'duration must be a number >= 0 or "auto", not {value!r}')
    number = real(value, "duration")
    if number == _ffi.DURATION_AUTO:
        # The library's "auto"; as a number it is negative.
        raise InvalidValueError(f"duration must be >= 0 (or auto), got {number}")
    return number


def _from_fields(fields: Dict[str, Any]) -> Timing:
    return Timing(**fields)


_DEFAULT_FIELDS = Timing()._fields()
