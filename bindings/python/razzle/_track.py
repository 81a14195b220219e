"""`Track`: keyframes for one property, sampled at any time."""

from __future__ import annotations

import builtins
import ctypes
import math
import struct
from ctypes import byref, c_double, c_size_t, c_void_p
from typing import Any, Dict, Generic, Iterator, List, NamedTuple, NoReturn, Optional, Tuple, TypeVar, Union, overload

import numpy as np

from . import _ffi
from ._easing import EasingLike, spec_bytes
from ._errors import (
    BufferTooSmallError,
    InvalidNameError,
    InvalidTypeError,
    KindMismatchError,
    NotFoundError,
    RazzleError,
    StaleError,
    WrongSizeError,
)
from ._handle import HandleOwner
from ._inputs import describe, is_batch, is_real, real, text, times as _times
from ._types import FloatArray, Times, ValueLike
from ._values import from_channels, to_channels

lib = _ffi.lib
# Returns the double itself (no errcheck hook); the track passes its
# handle's address (Track._handle_address), see _ffi.by_address.
_value = _ffi.by_address("kf_track_value")
_address_of = _ffi.address_of
_sample_many_raw = _ffi.raw("kf_track_sample_many")
# Raw bindings (no argument conversion, no errcheck hook: a few us a call
# on a busy machine) for the per-track calls of building a large animator:
# set_keyframes' small-batch path and the release of a handle.
_set_keyframes_raw = _ffi.raw("kf_track_set_keyframes")
_release = _ffi.raw("kf_track_release")
_error = _ffi.error

#: The type of a track's single sample: float for scalar and bool tracks,
#: razzle.Point, Size, Rect, Color, Transform or Transform3D, or a tuple of
#: floats for vector tracks.
V_co = TypeVar("V_co", covariant=True)

_FAST_TIMES = frozenset((float, int, np.float64))
#: Containers and numbers set_keyframes packs itself (no numpy) when small.
_SMALL_SEQUENCES = frozenset((list, tuple))
_SMALL_NUMBERS = frozenset((float, int, np.float64))
_SMALL_LIMIT = 64
#: For n <= _SMALL_LIMIT: (packs n floats into bytes, c_size_t(n)), made
#: once each. The library reads the bytes object's buffer as the doubles
#: (CPython keeps it 8-byte aligned); both are only read, never written.
_PACKERS: Dict[int, Tuple[Any, c_size_t]] = {}
_NO_STYLES = c_size_t(0)
_UNCHANGED = _ffi.EXTRAPOLATION_UNCHANGED


def _names(name_of: Any) -> Tuple[str, ...]:
    """The names of a pinned C enum, by code, as the library spells them."""
    names: List[str] = []
    while (name := name_of(len(names))) is not None:
        names.append(name.decode())
    return tuple(names)


#: Interpolation and extrapolation names by their C codes (the library's
#: kf_*_name; the core's spelling, not restated here).
INTERPOLATIONS = _names(lib.kf_interpolation_name)
EXTRAPOLATIONS = _names(lib.kf_extrapolation_name)


def _code(value: object, what: str, names: Tuple[str, ...], parse: Any) -> int:
    """The C code of an interpolation or extrapolation name; an unknown name
    goes to the library, whose message suggests the closest one."""
    if isinstance(value, str) and value in names:
        return names.index(value)
    code = ctypes.c_int32()
    parse(text(value, what, InvalidNameError), byref(code))
    return code.value  # pragma: no cover - parse raised for anything unknown


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
    """The address of a contiguous array's first element. Through the buffer
    protocol (about 0.5 us; `__array_interface__` builds a dict, about
    1.6 us), which takes writable, non-empty arrays; others the slow way."""
    try:
        return ctypes.addressof(_CHAR.from_buffer(array))  # type: ignore[arg-type, unused-ignore]
    except (TypeError, ValueError, BufferError):
        return array.__array_interface__["data"][0]  # type: ignore[no-any-return]


_CHAR = ctypes.c_char


def _options(handle: Any) -> _ffi.TrackOptions:
    options = _ffi.TrackOptions(version=_ffi.TRACK_OPTIONS_VERSION)
    lib.kf_track_get_options(handle, byref(options))
    return options


#: What a track's kind options read as: (kind, channels, color space or None).
KindInfo = Tuple[str, int, Optional[Tuple[str, bool]]]


def kind_info(handle: Any) -> KindInfo:
    """(kind, channels, (color space, premultiplied) or None) of a track,
    as the library resolved them (one call)."""
    options = _options(handle)
    space = None if options.color_space is None else (options.color_space.decode(), bool(options.premultiplied))
    return (options.kind.decode(), options.channels, space)


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

    __slots__ = (
        "target",
        "property",
        "channels",
        "kind",
        "_scalar",
        "_channel_shape",
        "_color_space",
        "_buffers",
        "_handle_address",
    )
    _kind = "track"
    _pickle_message = (
        "cannot pickle a razzle.Track: it belongs to an Animator and owns a library handle. To copy an "
        "animation, copy or pickle its Animator (copy.deepcopy(anim), anim.copy(), pickle.dumps(anim) or "
        "razzle.dumps(anim)) and take copied[target, property]"
    )

    def __init__(self, handle: Any) -> None:
        # The handle is released by close() or __del__, not HandleOwner's
        # weakref.finalize (its _finalizer stays unset): a finalizer costs
        # about 2 us to make and 1 us to run, a large part of adding a track
        # from Python.
        self._handle = handle
        # The handle's address for the single-value path (0 after close()).
        self._handle_address = _ffi.address_of(handle)
        self.target: str = lib.kf_track_target(handle).decode()
        self.property: str = lib.kf_track_property(handle).decode()
        self._describe(kind_info(handle))

    @classmethod
    def _adopt(cls, handle: Any, target: str, property: str, info: KindInfo) -> Track[Any]:
        """A Track for a handle just issued for (target, property), whose
        kind the caller knows (`Animator.add_track`): no library call."""
        return adopt(handle, target, property, info)

    def _describe(self, info: KindInfo) -> None:
        kind, channels, space = info
        self.kind: str = kind
        self.channels: int = channels
        self._color_space: Optional[Tuple[str, bool]] = space
        self._scalar = kind == "scalar"
        self._channel_shape: Tuple[int, ...] = () if channels == 1 else (channels,)
        # The arrays of the last sample(out=) call, made on first use.
        self._buffers: Optional[BufferAddresses] = None

    def close(self) -> None:
        """Releases this object's handle. Idempotent; later use raises
        `razzle.ClosedError`. Other handles to the same library object (say a
        track obtained again from its animator) stay valid."""
        handle = self._handle
        if handle is not None:
            self._handle = None
            self._handle_address = 0
            _release(handle)

    def __del__(self) -> None:
        try:
            handle = self._handle
        except AttributeError:  # __init__ failed before the handle was kept
            return
        if handle is not None:
            self._handle = None
            try:
                _release(handle)
            except Exception:  # pragma: no cover - interpreter shutdown
                pass

    @builtins.property
    def color_space(self) -> Tuple[str, bool]:
        """(space, premultiplied) of a color track; KindMismatchError for
        other kinds."""
        self._h  # noqa: B018 - a closed track raises ClosedError here
        if self._color_space is None:
            raise KindMismatchError(f"{self.property} is a {self.kind} track, not a color", None)
        return self._color_space

    @builtins.property
    def relative_to(self) -> Optional[Tuple[str, float]]:
        """(variable, constant) of a track made with `relative_to=` (it
        samples as value * variable + constant), or None for a plain
        track."""
        options = _options(self._h)
        if options.relative_to is None:
            return None
        return (options.relative_to.decode(), options.constant)

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

    def _chart(self) -> Any:
        from ._notebook import track_chart
        from ._values import KIND_TYPES

        fields = getattr(KIND_TYPES.get(self.kind), "_fields", ())
        title = f"{self.target}.{self.property} ({self.kind})" if self.target else f"{self.property} ({self.kind})"
        return track_chart(title, self.times, self.sample, fields, self.kind == "color")

    def _repr_svg_(self) -> Optional[str]:
        """The curve for Jupyter: the track over its keyframes' span, one
        line per channel that varies, a marker on each keyframe (a color
        track as a color strip), 480 x 220 pixels of SVG. None on any error
        (no keyframes, a closed track)."""
        from ._notebook import safe

        return safe(lambda: str(self._chart().svg()))

    def _repr_png_(self) -> Optional[bytes]:
        """The same picture as PNG bytes; None without Pillow (the render
        extra)."""
        from ._notebook import safe

        return safe(lambda: self._chart().png())

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
        options = self._style(easing, interpolation, left, right, tension, continuity, bias)
        lib.kf_track_set_keyframe(
            handle, at, ctypes.addressof(values), len(values), None if options is None else ctypes.addressof(options)
        )

    def _style(
        self,
        easing: EasingLike,
        interpolation: Optional[str],
        left: Optional[Tuple[float, ValueLike]],
        right: Optional[Tuple[float, ValueLike]],
        tension: float,
        continuity: float,
        bias: float,
    ) -> Optional[_ffi.KeyframeOptions]:
        """A `kf_keyframe_options` for the style, or None for the plain one.
        The struct keeps its handle buffers alive (`_keep`)."""
        spec = spec_bytes(easing)
        if (
            spec is None
            and interpolation is None
            and left is None
            and right is None
            and tension == 0
            and continuity == 0
            and bias == 0
        ):
            return None
        options = _ffi.KeyframeOptions(version=_ffi.KEYFRAME_OPTIONS_VERSION, easing=spec)
        if interpolation is not None:
            options.interpolation = _code(interpolation, "interpolation", INTERPOLATIONS, lib.kf_interpolation_from_name)
        options.tension = real(tension, "tension")
        options.continuity = real(continuity, "continuity")
        options.bias = real(bias, "bias")
        buffers = [None if h is None else self._handle_buffer(h, side) for h, side in ((left, "left"), (right, "right"))]
        options.left_handle = None if buffers[0] is None else ctypes.addressof(buffers[0])
        options.right_handle = None if buffers[1] is None else ctypes.addressof(buffers[1])
        options.handle_count = 1 + self.channels
        options._keep = buffers
        return options

    def set_keyframes(
        self,
        times: Times,
        values: Any,
        *,
        easing: EasingLike = None,
        interpolation: Optional[str] = None,
        tension: float = 0.0,
        continuity: float = 0.0,
        bias: float = 0.0,
    ) -> None:
        """Sets many keyframes in one library call: `times` (any order; a
        time given twice takes its last entry) with `values`, one value per
        time — an array of shape `(n,)` for one-channel tracks or
        `(n, channels)`, or a sequence of the kind's values (colors, points,
        …). Every keyframe gets the same style. All are validated before any
        is set: the track takes every keyframe or none. Much faster than a
        loop of `set` for many keyframes (sorted and merged once)."""
        if (
            times.__class__ in _SMALL_SEQUENCES
            and values.__class__ in _SMALL_SEQUENCES
            and self._scalar
            and easing is None
            and interpolation is None
            and tension == 0
            and continuity == 0
            and bias == 0
        ):
            # A few plain numbers (the common case: a track's keyframes
            # written out): packed into two byte strings for the raw
            # binding, no numpy, no errcheck hook. Anything else, and every
            # error Python would name, takes the general path below.
            n = len(times)
            if n == len(values) and 0 < n <= _SMALL_LIMIT:
                numbers = (*times, *values)
                for x in numbers:
                    if x.__class__ not in _SMALL_NUMBERS:
                        break
                else:
                    packer = _PACKERS.get(n)
                    if packer is None:
                        packer = _PACKERS[n] = (struct.Struct(f"{n}d").pack, c_size_t(n))
                    pack, size = packer
                    try:
                        packed = (pack(*times), pack(*values))
                    except (OverflowError, struct.error):
                        packed = None  # an int beyond the float range: named below
                    if packed is not None:
                        handle = self._handle or self._h  # self._h raises ClosedError
                        status = _set_keyframes_raw(handle, packed[0], size, packed[1], size, None, _NO_STYLES)
                        if status:
                            raise _error(status)
                        return
        array = _times(times, "times").reshape(-1)
        n = array.size
        flat = self._values_array(values, n)
        options = self._style(easing, interpolation, None, None, tension, continuity, bias)
        lib.kf_track_set_keyframes(
            self._h,
            _address(array),
            n,
            _address(flat),
            flat.size,
            None if options is None else ctypes.addressof(options),
            0 if options is None else 1,
        )

    def _values_array(self, values: Any, n: int) -> np.ndarray[Any, np.dtype[np.float64]]:
        """`n` values as one flat float64 array of n × channels numbers."""
        if isinstance(values, np.ndarray) and values.dtype.kind in "fiu" and values.dtype != np.bool_:
            flat = np.ascontiguousarray(values, dtype=np.float64).reshape(-1)
        else:
            items = list(values) if not isinstance(values, (str, bytes)) else [values]
            parts: List[float] = []
            for item in items:
                parts.extend(self._value(item))
            flat = np.array(parts, dtype=np.float64)
        if flat.size != n * self.channels:
            raise WrongSizeError(
                f"{n} keyframes of {self.channels} channels need {n * self.channels} numbers, got {flat.size}", None
            )
        return flat

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
        index = c_size_t()
        try:
            lib.kf_track_find_keyframe(self._h, t, byref(index))
        except NotFoundError:
            return False
        return True

    @builtins.property
    def keyframes(self) -> List[Keyframe]:
        """The keyframes in time order, as a list of `razzle.Keyframe`."""
        for _ in range(16):
            times, values, styles, generation = self._snapshot()
            try:
                decoded = {number: self._read_style(int(number), generation) for number in set(styles.tolist())}
            except StaleError:
                continue  # edited between the two calls: read again
            rows = values.reshape(len(times), self.channels).tolist()
            return [
                Keyframe(t, self._unpack(row), *decoded[number])
                for t, row, number in zip(times.tolist(), rows, styles.tolist())
            ]
        raise StaleError("the track's keyframes kept changing while they were read", None)

    @builtins.property
    def times(self) -> FloatArray:
        """The keyframe times, in order, as a float64 array (one call)."""
        return self._snapshot()[0]

    @builtins.property
    def values(self) -> FloatArray:
        """The keyframe values as a float64 array of shape `(n,)` for
        one-channel tracks and `(n, channels)` otherwise (one call; read
        together with `times` from `keyframe_arrays()` for one snapshot)."""
        times, values = self.keyframe_arrays()
        return values

    def keyframe_arrays(self) -> Tuple[FloatArray, FloatArray]:
        """(times, values) of one consistent snapshot, as float64 arrays of
        shapes `(n,)` and `(n,) + channel shape`."""
        times, values, _, _ = self._snapshot()
        return times, values.reshape((len(times),) + self._channel_shape)

    def _snapshot(self) -> Tuple[FloatArray, FloatArray, np.ndarray[Any, np.dtype[np.uint32]], int]:
        """times, flat values, style numbers and the generation, in one
        library call (two if the track grew between sizing and reading)."""
        handle = self._h
        count, generation = c_size_t(), ctypes.c_uint64()
        capacity = len(self)
        while True:
            times = np.empty(capacity, dtype=np.float64)
            values = np.empty(capacity * self.channels, dtype=np.float64)
            styles = np.empty(capacity, dtype=np.uint32)
            try:
                lib.kf_track_get_keyframes(
                    handle,
                    _address(times),
                    _address(values),
                    styles.ctypes.data,
                    capacity,
                    byref(count),
                    byref(generation),
                )
            except BufferTooSmallError:
                capacity = count.value
                continue
            n = count.value
            return times[:n], values[: n * self.channels], styles[:n], generation.value

    def _read_style(self, number: int, generation: int) -> Tuple[str, str, Any, Any, float, float, float]:
        """(easing, interpolation, left, right, tension, continuity, bias) of
        style `number` at `generation`."""
        handle = self._h
        options = _ffi.KeyframeOptions(version=_ffi.KEYFRAME_OPTIONS_VERSION)
        length = c_size_t()
        left = (c_double * (1 + self.channels))()
        right = (c_double * (1 + self.channels))()
        has = ctypes.c_int32()
        lib.kf_track_get_style(handle, number, generation, byref(options), None, 0, byref(length), None, None, 0, None)
        easing = ctypes.create_string_buffer(length.value + 1)
        lib.kf_track_get_style(
            handle,
            number,
            generation,
            byref(options),
            easing,
            len(easing),
            None,
            ctypes.addressof(left),
            ctypes.addressof(right),
            len(left),
            byref(has),
        )
        handles = [
            (buffer[0], self._unpack(buffer[1:])) if has.value & bit else None for buffer, bit in ((left, 1), (right, 2))
        ]
        return (
            easing.value.decode(),
            INTERPOLATIONS[options.interpolation],
            handles[0],
            handles[1],
            options.tension,
            options.continuity,
            options.bias,
        )

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
        if type(t) in _FAST_TIMES and out is None and self._scalar:
            # The hot path for one scalar sample: kf_track_value returns the
            # double (no output buffer, no errcheck hook) for the handle's
            # address. NaN means an error (NULL: a closed track), a NaN time
            # or an int beyond the float range; the checked call below tells
            # which.
            try:
                value = _value(self._handle_address, t)
            except ctypes.ArgumentError:
                value = math.nan
            if value == value:
                return value  # type: ignore[no-any-return]
            return self._sample_one(real(t, "time"))  # type: ignore[no-any-return]

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
        if out is not None:
            # Callers that pass the same arrays again skip the address lookups
            # and the argument conversions (the raw binding takes ctypes
            # objects). A closed track passes NULL and is named below.
            buffers = self._buffers
            if buffers is None:
                buffers = self._buffers = BufferAddresses()
            kept = buffers._pointers
            if (
                kept is not None
                and times is buffers._times
                and out is buffers._out
                and out.dtype is _FLOAT64
                and times.dtype is _FLOAT64
                and out.flags.writeable
            ):
                # BufferAddresses.pointers' own check, inlined here: the call
                # would cost about 150 ns of a 1.1 us one-time sample.
                array, times_pointer, count, out_pointer, capacity = kept
            else:
                array, times_pointer, count, out_pointer, capacity = buffers.pointers(times, out)
            if out.size < array.size * self.channels:
                _check_out(out, array.size * self.channels)
            status = _sample_many_raw(self._handle, times_pointer, count, out_pointer, capacity)
            if status:
                self._h  # ClosedError for a closed track
                raise _error(status)
            return out
        handle = self._h
        array = _times(times)
        n = array.size
        out = np.empty(self._batch_shape(array), dtype=np.float64)
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
        options = _options(self._h)
        return (EXTRAPOLATIONS[options.before], EXTRAPOLATIONS[options.after])

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
        keyframe; None keeps that side. InvalidNameError for an unknown
        name (the message suggests the closest), and nothing changes."""
        codes = [
            _UNCHANGED if mode is None else _code(mode, "extrapolation", EXTRAPOLATIONS, lib.kf_extrapolation_from_name)
            for mode in (before, after)
        ]
        lib.kf_track_set_extrapolation(self._h, codes[0], codes[1])

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


#: What `Track._describe` derives from a kind, by KindInfo: (kind, channels,
#: color space, scalar, channel shape), so that adopting a track sets its
#: attributes without working them out again. Bounded: cleared when full.
_DESCRIBED: Dict[KindInfo, Tuple[str, int, Optional[Tuple[str, bool]], bool, Tuple[int, ...]]] = {}
_new_track = object.__new__


def adopt(handle: Any, target: str, property: str, info: KindInfo) -> Track[Any]:
    """`Track._adopt` as a plain function (`Animator.add_track`'s fast path
    calls it once per track): the same attributes `_describe` sets."""
    described = _DESCRIBED.get(info)
    if described is None:
        kind, channels, space = info
        if len(_DESCRIBED) >= 256:
            _DESCRIBED.clear()
        described = _DESCRIBED[info] = (kind, channels, space, kind == "scalar", () if channels == 1 else (channels,))
    track: Track[Any] = _new_track(Track)
    track._handle = handle
    track._handle_address = _address_of(handle)
    track.target = target
    track.property = property
    track.kind, track.channels, track._color_space, track._scalar, track._channel_shape = described
    track._buffers = None
    return track


def _check_out(out: object, needed: int) -> None:
    if not isinstance(out, np.ndarray) or out.dtype != np.float64:
        raise InvalidTypeError(f"out must be a numpy float64 array, not {describe(out)}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be C-contiguous and writeable")
    if out.size < needed:
        raise BufferTooSmallError(f"out holds {out.size} values, {needed} are needed")


class BufferAddresses:
    """The addresses of the times and output arrays of the last `out=`
    call, kept with the arrays themselves: a frame loop (or any caller)
    that passes the same arrays again skips two `__array_interface__`
    lookups, about 1 us each. A numpy array's data never moves while a
    reference to it is held (resizing in place needs it to be the only
    one), and the checks that a new array needs (dtype, contiguity) are
    redone for any other object and whenever the dtype or the writeable
    flag of a kept array changed."""

    __slots__ = ("_times", "_out", "_times_address", "_out_address", "_pointers")

    def __init__(self) -> None:
        self._times: Any = None
        self._out: Any = None
        self._times_address = 0
        self._out_address = 0
        self._pointers: Any = None

    def pointers(self, times: object, out: FloatArray) -> Tuple[Any, Any, Any, Any, Any]:
        """(times as a float64 array, its address, its size, out's address,
        out's size), the last four as ctypes objects for `_ffi.raw`
        bindings, kept with the arrays like the addresses."""
        kept = self._pointers
        if (
            kept is not None
            and times is self._times
            and out is self._out
            and out.dtype is _FLOAT64
            and times.dtype is _FLOAT64
            and out.flags.writeable
        ):
            return kept  # type: ignore[no-any-return]
        array, times_address, out_address = self.addresses(times, out)
        result = (array, c_void_p(times_address), c_size_t(array.size), c_void_p(out_address), c_size_t(out.size))
        self._pointers = result if (self._times is times and self._out is out) else None
        return result

    def addresses(self, times: object, out: FloatArray) -> Tuple[Any, int, int]:
        """(times as a float64 array, its address, out's address); raises as
        `times()` and `_check_out(out, 0)` do for unusable arrays."""
        if times is not self._times or not (isinstance(times, np.ndarray) and times.dtype is _FLOAT64):
            array = _times(times)
            times_address = _address(array)
            self._times, self._times_address = (times, times_address) if array is times else (None, 0)
        else:
            array, times_address = times, self._times_address
        if out is not self._out or out.dtype is not _FLOAT64 or not out.flags.writeable:
            _check_out(out, 0)
            self._out, self._out_address = out, _address(out)
        return array, times_address, self._out_address


_FLOAT64 = np.dtype(np.float64)
