"""`Track`: keyframes for one property, sampled at any time."""

from __future__ import annotations

import builtins
import ctypes
from ctypes import byref, c_double, c_size_t
from typing import Any, Dict, Generic, Iterator, List, NamedTuple, NoReturn, Optional, Tuple, TypeVar, Union, overload

import numpy as np

from . import _ffi
from ._easing import EasingLike, spec_bytes
from ._errors import BufferTooSmallError, InvalidTypeError, NotFoundError, OutOfRangeError, RazzleError, WrongSizeError
from ._handle import HandleOwner
from ._inputs import describe, is_batch, is_real, real, text, times as _times
from ._types import FloatArray, Times, ValueLike
from ._values import from_channels, to_channels

lib = _ffi.lib
_sample_unchecked = _ffi.unchecked("kf_track_sample")
_error = _ffi.error

#: The type of a track's single sample: float for scalar and bool tracks,
#: razzle.Point, Size, Rect, Color, Transform or Transform3D, or a tuple of
#: floats for vector tracks.
V_co = TypeVar("V_co", covariant=True)

_FAST_TIMES = frozenset((float, int, np.float64))
_STRING_CAPACITY = 16  # kind, interpolation, extrapolation and color-space names


class Keyframe(NamedTuple):
    """A keyframe: `time`, `value` (a float for scalar tracks, the kind's
    value type otherwise), `easing` (the canonical specification of the
    easing of the segment that starts at it), `interpolation` of that
    segment, Bezier handles `left` and `right` as (time, value) or None, and
    the Kochanek-Bartels `tension`, `continuity` and `bias`."""

    time: float
    value: Any
    easing: str
    interpolation: str = "linear"
    left: Optional[Tuple[float, Any]] = None
    right: Optional[Tuple[float, Any]] = None
    tension: float = 0.0
    continuity: float = 0.0
    bias: float = 0.0


def _address(array: np.ndarray[Any, Any]) -> int:
    return array.__array_interface__["data"][0]  # type: ignore[no-any-return]


def _name_text(handle: Any, read: Any) -> str:
    buffer = ctypes.create_string_buffer(_STRING_CAPACITY)
    read(handle, buffer, len(buffer))
    return buffer.value.decode()


_COPY_MESSAGE = (
    "a razzle.Track cannot be copied on its own: it belongs to an Animator. Copy the Animator "
    "(copy.deepcopy(anim) or anim.copy()) and take the track from the copy: copied[target, property]"
)


class Track(HandleOwner, Generic[V_co]):
    """Keyframes for one property of one target.

    `track[t] = v` sets a linear keyframe; `track.set(t, v, easing=...)`
    chooses the easing of the segment that starts at t. `track(t)` (or
    `track[t]`) samples: a value for a number, an array of shape
    `times.shape + channel shape` for an array. `len(track)` is the keyframe
    count, `for kf in track` iterates the keyframes (`razzle.Keyframe`), and
    `t in track` says whether a keyframe sits at exactly time t.

    Tracks come from `Animator.add_track` and `Animator[target, property]`;
    each Python object owns its own handle, released by `close()` or garbage
    collection. A Track cannot be copied or pickled on its own: copy its
    Animator.
    """

    __slots__ = ("target", "property", "channels", "kind", "_scalar", "_channel_shape")
    _kind = "track"
    _pickle_message = (
        "cannot pickle a razzle.Track: it belongs to an Animator and owns a library handle. To copy an "
        "animation in this process, copy its Animator (copy.deepcopy(anim) or anim.copy()); saving animations "
        "to files (scene files) is planned"
    )

    def __init__(self, handle: Any) -> None:
        super().__init__(handle, lib.kf_track_release)
        self.target: str = lib.kf_track_target(handle).decode()
        self.property: str = lib.kf_track_property(handle).decode()
        count = c_size_t()
        lib.kf_track_channels(handle, byref(count))
        self.channels: int = count.value
        self.kind: str = _name_text(handle, lib.kf_track_kind)
        self._scalar = self.kind == "scalar"
        self._channel_shape: Tuple[int, ...] = () if self.channels == 1 else (self.channels,)

    @builtins.property
    def color_space(self) -> Tuple[str, bool]:
        """(space, premultiplied) of a color track; KindMismatchError for
        other kinds."""
        buffer = ctypes.create_string_buffer(_STRING_CAPACITY)
        premultiplied = ctypes.c_int32()
        lib.kf_track_color_space(self._h, buffer, len(buffer), byref(premultiplied))
        return buffer.value.decode(), bool(premultiplied.value)

    def hide_at(self, time: float) -> None:
        """On a bool ("hidden") track: visible up to and at `time`, hidden
        at every later time (RazzleDazzle's hideAt, without an epsilon: the
        second keyframe is at the next double after `time`)."""
        lib.kf_track_hide_at(self._h, real(time, "time"))

    def show_at(self, time: float) -> None:
        """The opposite of `hide_at`: hidden up to and at `time`, visible
        after."""
        lib.kf_track_show_at(self._h, real(time, "time"))

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{len(self)} keyframes"
        return f"<razzle.Track {self.target}.{self.property} ({state})>"

    def __copy__(self) -> NoReturn:
        raise TypeError(_COPY_MESSAGE)

    def __deepcopy__(self, memo: Dict[int, Any]) -> NoReturn:
        raise TypeError(_COPY_MESSAGE)

    def __array__(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a razzle.Track is not an array: sample it (track(times)) or list its keyframes (track.keyframes)")

    # -- keyframes ---------------------------------------------------------

    def set(
        self,
        time: float,
        value: ValueLike,
        *,
        easing: EasingLike = None,
        interpolation: Optional[str] = None,
        left: Optional[Tuple[float, ValueLike]] = None,
        right: Optional[Tuple[float, ValueLike]] = None,
        tension: float = 0.0,
        continuity: float = 0.0,
        bias: float = 0.0,
    ) -> None:
        """Sets the keyframe at `time` (replacing one already there).

        `easing` is a specification such as "easeInQuad",
        "cubic-bezier(0.42, 0, 0.58, 1)", "steps(4)" or "bouncy(0.4)" (see
        `razzle.easing`), a `razzle.Easing` or `razzle.Spring`; None or "" is
        linear. `interpolation` shapes the segment that starts here: "linear"
        (default), "hold", "bezier", "smooth", "monotone" or "paced".
        `left`/`right` are Bezier handles as (time, value) pairs (value per
        channel for multi-channel tracks); `tension`, `continuity` and `bias`
        in [-1, 1] tune "smooth" tangents. Raises InvalidValueError
        (non-finite or out-of-range numbers, unknown interpolation),
        WrongSizeError, EasingError, or InvalidTypeError (a string or None
        where a number belongs); the track is unchanged then.
        """
        handle = self._h
        at = real(time, "keyframe time")
        values = self._value(value)
        spec = spec_bytes(easing)
        if (
            interpolation is None
            and left is None
            and right is None
            and tension == 0
            and continuity == 0
            and bias == 0
        ):
            lib.kf_track_set_keyframe(handle, at, ctypes.addressof(values), len(values), spec)
            return
        mode = None if interpolation is None else text(interpolation, "interpolation")
        parameters = (c_double * 3)(real(tension, "tension"), real(continuity, "continuity"), real(bias, "bias"))
        left_buffer = None if left is None else self._handle_buffer(left, "left")
        right_buffer = None if right is None else self._handle_buffer(right, "right")
        lib.kf_track_set_keyframe_styled(
            handle,
            at,
            ctypes.addressof(values),
            len(values),
            spec,
            mode,
            ctypes.addressof(parameters),
            None if left_buffer is None else ctypes.addressof(left_buffer),
            None if right_buffer is None else ctypes.addressof(right_buffer),
            1 + self.channels,
        )

    def _handle_buffer(self, handle: object, side: str) -> ctypes.Array[c_double]:
        if not isinstance(handle, (tuple, list)) or len(handle) != 2:
            raise InvalidTypeError(f"{side} handle must be a (time, value) pair, not {describe(handle)}")
        time, value = handle
        at = real(time, f"{side} handle time")
        values = self._value(value)
        if len(values) != self.channels:
            raise WrongSizeError(
                f"{side} handle value has {len(values)} channels, the track has {self.channels}",
                _ffi.STATUS_CODES["KF_E_WRONG_SIZE"][0],
            )
        return (c_double * (1 + self.channels))(at, *values)

    def __setitem__(self, time: float, value: ValueLike) -> None:
        self.set(time, value)

    def __delitem__(self, time: float) -> None:
        """Removes the keyframe at exactly `time`; NotFoundError (a KeyError)
        if there is none."""
        lib.kf_track_remove_keyframe(self._h, real(time, "keyframe time"))

    def __len__(self) -> int:
        count = c_size_t()
        lib.kf_track_keyframe_count(self._h, byref(count))
        return count.value

    def __iter__(self) -> Iterator[Keyframe]:
        """The keyframes in time order (a snapshot: `list(track)` is
        `track.keyframes`)."""
        return iter(self.keyframes)

    def __reversed__(self) -> Iterator[Keyframe]:
        frames: List[Keyframe] = self.keyframes
        return iter(frames[::-1])

    def __contains__(self, time: object) -> bool:
        """`t in track`: True if a keyframe sits at exactly time `t`.

        `t` must be a real number (InvalidTypeError otherwise, a TypeError:
        to look for a Keyframe, use `kf in track.keyframes`). NaN, infinite
        and out-of-range numbers are never keyframe times (False).
        Complexity: O(log n) library calls.
        """
        if not is_real(time) and not (isinstance(time, np.ndarray) and time.ndim == 0):
            raise InvalidTypeError(
                f"`t in track` asks whether a keyframe sits at time t, a real number, not {describe(time)} "
                "(to look for a Keyframe, use `kf in track.keyframes`)"
            )
        try:
            t = real(time, "time")
        except RazzleError:
            return False  # beyond the float range: no keyframe there
        if t != t:
            return False
        handle = self._h
        found = c_double()
        values = (c_double * self.channels)()
        for _ in range(8):
            try:
                low, high = 0, len(self)
                while low < high:
                    middle = (low + high) // 2
                    lib.kf_track_get_keyframe(handle, middle, byref(found), ctypes.addressof(values), self.channels)
                    if found.value < t:
                        low = middle + 1
                    else:
                        high = middle
                if low == len(self):
                    return False
                lib.kf_track_get_keyframe(handle, low, byref(found), ctypes.addressof(values), self.channels)
                return found.value == t
            except OutOfRangeError:
                continue  # keyframes were removed meanwhile: search again
        raise RazzleError("the track's keyframes kept changing during `in`")

    @builtins.property
    def keyframes(self) -> List[Keyframe]:
        """The keyframes in time order, as a list of `razzle.Keyframe`."""
        handle = self._h
        result: List[Keyframe] = []
        time = c_double()
        value = (c_double * self.channels)()
        buffer = ctypes.create_string_buffer(64)
        length = c_size_t()
        index = 0
        while True:
            try:
                lib.kf_track_get_keyframe(handle, index, byref(time), ctypes.addressof(value), self.channels)
            except OutOfRangeError:
                return result
            try:
                lib.kf_track_get_easing(handle, index, buffer, len(buffer), byref(length))
            except BufferTooSmallError:
                buffer = ctypes.create_string_buffer(length.value + 1)
                lib.kf_track_get_easing(handle, index, buffer, len(buffer), byref(length))
            easing = buffer.value.decode()
            mode = ctypes.create_string_buffer(_STRING_CAPACITY)
            parameters = (c_double * 3)()
            lib.kf_track_get_interpolation(handle, index, mode, len(mode), ctypes.addressof(parameters))
            left, right = self._bezier_handle(handle, index, 0), self._bezier_handle(handle, index, 1)
            result.append(
                Keyframe(
                    time.value,
                    self._unpack(value),
                    easing,
                    mode.value.decode(),
                    left,
                    right,
                    parameters[0],
                    parameters[1],
                    parameters[2],
                )
            )
            index += 1

    def _bezier_handle(self, handle: Any, index: int, side: int) -> Optional[Tuple[float, Any]]:
        buffer = (c_double * (1 + self.channels))()
        try:
            lib.kf_track_get_handle(handle, index, side, ctypes.addressof(buffer), len(buffer))
        except NotFoundError:
            return None
        return (buffer[0], self._unpack(buffer[1:]))

    # -- sampling ----------------------------------------------------------

    @overload
    def __call__(self, t: float, out: None = None) -> V_co: ...
    @overload
    def __call__(self, t: Union[float, Times], out: FloatArray) -> FloatArray: ...
    @overload
    def __call__(self, t: Times, out: Optional[FloatArray] = None) -> FloatArray: ...

    def __call__(self, t: Union[float, Times], out: Optional[FloatArray] = None) -> Union[V_co, FloatArray]:
        """The value at `t`: a single value for a number; for an array (or a
        sequence) of times, a float64 array of shape `times.shape` for
        one-channel tracks and `times.shape + (channels,)` otherwise. With
        `out`, as `sample(t, out=out)`. InvalidTypeError for times that are
        not real numbers (strings, None, complex, booleans)."""
        handle = self._handle
        if out is None and handle is not None and self._scalar and t.__class__ in _FAST_TIMES:
            # The hot path for one scalar sample: no property lookups, no
            # errcheck hook (about 0.5 us of the call).
            value = c_double()
            try:
                status = _sample_unchecked(handle, t, ctypes.addressof(value), 1)
            except ctypes.ArgumentError:
                # An int beyond the float range: real() says so.
                return self._sample_one(real(t, "time"))  # type: ignore[no-any-return]
            if status:
                raise _error(status)
            return value.value  # type: ignore[return-value]
        if out is not None or is_batch(t):
            return self.sample(t, out=out)
        return self._sample_one(real(t, "time"))  # type: ignore[no-any-return]

    @overload
    def __getitem__(self, t: float) -> V_co: ...
    @overload
    def __getitem__(self, t: Times) -> FloatArray: ...

    def __getitem__(self, t: Union[float, Times]) -> Union[V_co, FloatArray]:
        """`track[t]`: the same as `track(t)` (RazzleDazzle's subscript
        syntax). Slices are refused (InvalidTypeError)."""
        if isinstance(t, slice):
            raise InvalidTypeError("a Track cannot be sliced: sample times with track(times), or iterate its keyframes")
        return self(t)

    def _batch_shape(self, times: np.ndarray[Any, Any]) -> Tuple[int, ...]:
        return tuple(times.shape) + self._channel_shape

    def sample(self, times: Union[float, Times], out: Optional[FloatArray] = None) -> FloatArray:
        """Samples at every time in `times` into a float64 array.

        Returns `out`, or a new array of shape `times.shape` for one-channel
        tracks and `times.shape + (channels,)` otherwise (a number counts as
        a 0-d array). `out` must be a C-contiguous, writeable float64 array
        with room for times.size × channels values; it is filled in that
        order and returned as it is. NaN times give NaN; ±inf give the end
        values under the default "hold" extrapolation.
        """
        handle = self._h
        array = _times(times)
        n = array.size
        if out is None:
            out = np.empty(self._batch_shape(array), dtype=np.float64)
        else:
            _check_out(out, n * self.channels)
        lib.kf_track_sample_many(handle, _address(array), n, _address(out), out.size)
        return out

    @overload
    def velocity(self: Track[float], t: float, out: None = None) -> float: ...  # type: ignore[overload-overlap]
    @overload
    def velocity(self, t: float, out: None = None) -> Tuple[float, ...]: ...
    @overload
    def velocity(self, t: Union[float, Times], out: FloatArray) -> FloatArray: ...
    @overload
    def velocity(self, t: Times, out: Optional[FloatArray] = None) -> FloatArray: ...

    def velocity(
        self, t: Union[float, Times], out: Optional[FloatArray] = None
    ) -> Union[float, Tuple[float, ...], FloatArray]:
        """d value / d time at `t`: a float for one-channel tracks (a tuple of
        floats for multi-channel tracks, whatever their kind) for a number;
        an array shaped as `sample` gives for an array (see `sample` for
        `out`). Analytic; the right-hand derivative at keyframes and kinks;
        0 on holds."""
        handle = self._h
        if out is None and not is_batch(t):
            buffer = (c_double * self.channels)()
            lib.kf_track_velocity(handle, real(t, "time"), ctypes.addressof(buffer), self.channels)
            # A rate of change is plain numbers whatever the kind.
            return buffer[0] if self.channels == 1 else tuple(buffer)
        array = _times(t)
        n = array.size
        if out is None:
            out = np.empty(self._batch_shape(array), dtype=np.float64)
        else:
            _check_out(out, n * self.channels)
        lib.kf_track_velocity_many(handle, _address(array), n, _address(out), out.size)
        return out

    @builtins.property
    def extrapolation(self) -> Tuple[str, str]:
        """(before, after): what the track does outside its keyframes. Each is
        "hold" (default), "linear", "cycle", "cycle-offset" or "ping-pong".
        Assign a pair, or one name for both ends."""
        handle = self._h
        names = []
        for side in (0, 1):
            buffer = ctypes.create_string_buffer(_STRING_CAPACITY)
            lib.kf_track_get_extrapolation(handle, side, buffer, len(buffer))
            names.append(buffer.value.decode())
        return (names[0], names[1])

    @extrapolation.setter
    def extrapolation(self, modes: Union[str, Tuple[str, str]]) -> None:
        if isinstance(modes, str):
            modes = (modes, modes)
        if not isinstance(modes, (tuple, list)) or len(modes) != 2:
            raise InvalidTypeError(f"extrapolation is a (before, after) pair of names, or one name, not {describe(modes)}")
        before, after = modes
        self.set_extrapolation(before=before, after=after)

    def set_extrapolation(self, before: Optional[str] = None, after: Optional[str] = None) -> None:
        """Sets the extrapolation before the first and/or after the last
        keyframe; None keeps that side. InvalidValueError for an unknown
        name, and nothing changes."""
        lib.kf_track_set_extrapolation(
            self._h,
            None if before is None else text(before, "extrapolation"),
            None if after is None else text(after, "extrapolation"),
        )

    def _sample_one(self, t: float) -> Any:
        out = (c_double * self.channels)()
        lib.kf_track_sample(self._h, t, ctypes.addressof(out), self.channels)
        return self._unpack(out)

    # -- values ------------------------------------------------------------

    def _value(self, value: object) -> ctypes.Array[c_double]:
        if value.__class__ is float and self._scalar:
            return (c_double * 1)(value)
        values = to_channels(self.kind, value)
        return (c_double * len(values))(*values)

    def _unpack(self, buffer: Any) -> Any:
        if self._scalar:
            return buffer[0]
        return from_channels(self.kind, tuple(buffer))


def _check_out(out: object, needed: int) -> None:
    if not isinstance(out, np.ndarray) or out.dtype != np.float64:
        raise InvalidTypeError(f"out must be a numpy float64 array, not {describe(out)}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")
    if out.size < needed:
        raise BufferTooSmallError(f"out holds {out.size} values, {needed} are needed")
