"""Choreography (Guides/Choreography.md): `razzle.Clip`, `razzle.Timeline`,
`razzle.Stagger` and `razzle.keyframe_animation` — animators placed in
time, a timing tree. The library builds, validates and samples the tree;
this module only marshals.

`Timeline.to`/`from_`/`from_to` build tweens, which are `_tween`'s (a layer
above this one, since a tween is made of clips and staggers): they call the
function `_tween` installs when it is imported (`install_tween_placer`; the
package's `__init__` imports it, so it is always there)."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_char_p, c_double, c_size_t, c_uint64
from typing import Any, Callable, Dict, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _ffi
from ._animator import Animator, Column, Layout
from ._easing import Easing, EasingLike
from ._frame import Frame
from ._errors import BufferTooSmallError, InvalidNameError, InvalidTypeError, InvalidValueError, RazzleError
from ._handle import HandleOwner, SceneFile
from ._inputs import columns_layout, describe, real, text, times as _times
from ._timing import ComputedTiming, Timing, _animation_direction, computed_timing
from ._track import BufferAddresses, _address, _code, _names
from ._types import FloatArray, Times
from ._values import KIND_TYPES, to_channels

lib = _ffi.lib

__all__ = ["Node", "Clip", "Timeline", "Stagger", "keyframe_animation"]

COMPOSITES = _names(lib.kf_composite_name)
NODE_KINDS = _names(lib.kf_node_kind_name)
STAGGER_FROM = _names(lib.kf_stagger_from_name)
STAGGER_AXES = _names(lib.kf_stagger_axis_name)
STAGGER_PRESETS = _names(lib.kf_stagger_preset_name)
CALCULATION_MODES = _names(lib.kf_calculation_mode_name)

_sample = _ffi.unchecked("kf_node_sample_many")
_sample_raw = _ffi.raw("kf_node_sample_many")
_sample_columns = _ffi.unchecked("kf_node_sample_columns")
_sample_columns_raw = _ffi.raw("kf_node_sample_columns")
#: The animation directions as the raw binding's int32 objects.
_DIRECTIONS = {0: ctypes.c_int32(0), 1: ctypes.c_int32(1)}

Placement = Union[None, str, float]
TimingKeywords = Any

#: {record type: kind name}: a value's kind when it is one of this
#: package's value types.
_TYPE_KINDS = {cls: kind for kind, cls in KIND_TYPES.items()}


def _timing(timing: Optional[Timing], keywords: Dict[str, Any]) -> Optional[Timing]:
    """A node's timing: `timing`, or one made from Timing's keywords."""
    if timing is not None and keywords:
        raise InvalidTypeError("give timing= or timing keywords (delay=, duration=, ...), not both")
    if timing is not None and not isinstance(timing, Timing):
        raise InvalidTypeError(f"timing must be a razzle.Timing, not {describe(timing)}")
    return timing if timing is not None else (Timing(**keywords) if keywords else None)


def _options(timing: Optional[Timing]) -> Any:
    return None if timing is None else byref(timing._options)


def _position(at: Placement) -> Optional[bytes]:
    """A position for the library: None (the end), GSAP's position text, or
    a number (an absolute time)."""
    if at is None:
        return None
    if isinstance(at, str):
        _refuse_signed_number(at)
        return text(at, "position")
    return repr(real(at, "position")).encode()


def _refuse_signed_number(at: str) -> None:
    """InvalidValueError for "+0.2" and "-0.2": GSAP reads such text as the
    absolute time 0.2 (a number in a string), which is rarely what was
    meant; "+=0.2" is relative to the end."""
    stripped = at.strip()
    if stripped[:1] in ("+", "-") and stripped[1:2] != "=":
        try:
            float(stripped)
        except ValueError:
            return
        sign = stripped[0]
        raise InvalidValueError(
            f'position {at!r} is ambiguous: GSAP reads it as the absolute time {float(stripped):g}; '
            f'write "{sign}={stripped[1:].strip()}" for {stripped[1:].strip()} '
            f'{"after" if sign == "+" else "before"} the timeline\'s end, or the number {float(stripped):g}'
        )


class Node(SceneFile, HandleOwner):
    """A node of a timing tree: a `Clip`, a `Timeline` or a `Stagger`.

    Every node has a `timing` (a razzle.Timing; fill "auto" is "none" for a
    clip, "both" for a timeline or a stagger). Sampling a node gives the
    values of every (target, property) its clips animate — the last clip in
    tree order that has an effect wins (composite "add" adds) — and NaN
    (None in `node(t)`) where none has. Nodes are thread-safe."""

    __slots__ = ("_layout_cache", "_buffers")
    _kind = "node"
    _pickle_message = "cannot pickle a razzle node: it owns a library handle"

    def __init__(self, handle: Any) -> None:
        super().__init__(handle, lib.kf_node_release)
        self._layout_cache: Optional[Layout] = None
        self._buffers = BufferAddresses()

    @staticmethod
    def _wrap(handle: Any) -> Node:
        """The right Python class for a node handle the library gave."""
        kind = ctypes.c_int32()
        lib.kf_node_kind_of(handle, byref(kind))
        classes: Dict[str, type[Node]] = {"clip": Clip, "timeline": Timeline, "stagger": Stagger}
        cls = classes[NODE_KINDS[kind.value]]
        node: Node = cls.__new__(cls)
        Node.__init__(node, handle)
        return node

    # -- timing ---------------------------------------------------------------

    @property
    def timing(self) -> Timing:
        """The node's timing (settable), in Web Animations' terms, read from
        the library (another handle to the node may have set it)."""
        options = _ffi.TimingOptions()
        lib.kf_node_get_timing(self._h, byref(options))
        return Timing._from_options(options)

    @timing.setter
    def timing(self, value: Timing) -> None:
        if not isinstance(value, Timing):
            raise InvalidTypeError(f"timing must be a razzle.Timing, not {describe(value)}")
        lib.kf_node_set_timing(self._h, byref(value._options))

    def _durations(self) -> Tuple[float, float, float]:
        natural, active, end = c_double(), c_double(), c_double()
        lib.kf_node_durations(self._h, byref(natural), byref(active), byref(end))
        return natural.value, active.value, end.value

    @property
    def natural_duration(self) -> float:
        """What duration "auto" stands for: a clip's span length, a
        timeline's latest child end, a stagger's last item end."""
        return self._durations()[0]

    @property
    def active_duration(self) -> float:
        """The timing's active duration, with the natural duration for "auto"."""
        return self._durations()[1]

    @property
    def end_time(self) -> float:
        """max(delay + active duration + end delay, 0)."""
        return self._durations()[2]

    @property
    def kind(self) -> str:
        """"clip", "timeline" or "stagger"."""
        kind = ctypes.c_int32()
        lib.kf_node_kind_of(self._h, byref(kind))
        return NODE_KINDS[kind.value]

    def compute(self, t: float, animation_direction: Literal["forwards", "backwards"] = "forwards") -> ComputedTiming:
        """The node's computed timing at local time `t` (its natural
        duration for "auto")."""
        out = _ffi.ComputedTimingStruct(version=_ffi.COMPUTED_TIMING_VERSION)
        lib.kf_node_compute(self._h, real(t, "time"), _animation_direction(animation_direction), byref(out))
        return computed_timing(out)

    # -- sampling -------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The columns of `sample`'s matrix: a razzle.Layout of
        razzle.Column(target, property, kind, start, channels), one per
        (target, property) in tree order; `.columns` is the row width."""
        handle = self._h
        pairs, names_length, width, generation = c_size_t(), c_size_t(), c_size_t(), c_uint64()
        capacity, names_capacity = 0, 0
        cached = self._layout_cache
        if cached is not None:
            capacity, names_capacity = len(cached), sum(len(c.target) + len(c.property) + 2 for c in cached) * 4
        while True:
            columns = (_ffi.ColumnInfo * max(capacity, 1))()
            names = ctypes.create_string_buffer(max(names_capacity, 1))
            try:
                lib.kf_node_get_layout(
                    handle,
                    ctypes.addressof(columns),
                    capacity,
                    names,
                    names_capacity,
                    byref(pairs),
                    byref(names_length),
                    byref(width),
                    byref(generation),
                )
                break
            except BufferTooSmallError:
                capacity, names_capacity = pairs.value, names_length.value
        if cached is not None and cached.generation == generation.value and len(cached) == pairs.value:
            return cached
        parts = names.raw[: names_length.value].split(b"\0")
        result = [
            Column(parts[2 * i].decode(), parts[2 * i + 1].decode(), c.kind.decode(), c.start, c.channels)
            for i, c in enumerate(columns[: pairs.value])
        ]
        self._layout_cache = Layout(result, width.value, generation.value)
        return self._layout_cache

    def sample(
        self,
        times: Union[float, Times],
        out: Optional[FloatArray] = None,
        *,
        animation_direction: Literal["forwards", "backwards"] = "forwards",
        layout: str = "rows",
    ) -> FloatArray:
        """Every (target, property) at every local time, as one float64 array
        of shape `times.shape + (columns,)` (the `layout` property says which
        columns are whose), NaN where no clip has an effect: the times are
        mapped down the tree and each clip's animator is sampled in one
        batch. `out`: a C-contiguous float64 array with room for times.size x
        columns. `layout="columns"`: the same values transposed, shape
        `(columns,) + times.shape` (Guides/Sampling.md, "Matrix layouts")."""
        handle = self._h
        direction = 0 if animation_direction == "forwards" else _animation_direction(animation_direction)
        if layout != "rows" and columns_layout(layout):
            if out is not None:
                _, times_pointer, count, out_pointer, capacity = self._buffers.pointers(times, out)
                status = _sample_columns_raw(
                    handle, times_pointer, count, _DIRECTIONS.get(direction) or ctypes.c_int32(direction), out_pointer, capacity, None, None
                )
                if status:
                    raise _ffi.error(status)
                return out
            return sample_matrix(
                self,
                _times(times),
                lambda *buffers: _sample_columns(handle, *buffers[:2], direction, *buffers[2:]),
                columns_first=True,
            )
        if out is not None:
            # A frame loop reuses its arrays: their addresses are looked up once.
            _, times_pointer, count, out_pointer, capacity = self._buffers.pointers(times, out)
            status = _sample_raw(
                handle, times_pointer, count, _DIRECTIONS.get(direction) or ctypes.c_int32(direction), out_pointer, capacity, None, None
            )
            if status:
                raise _ffi.error(status)
            return out
        return sample_matrix(self, _times(times), lambda *buffers: _sample(handle, *buffers[:2], direction, *buffers[2:]))

    def sample_frames(self, times: Union[float, Times]) -> Dict[Tuple[str, str], FloatArray]:
        """{(target, property): array} at every time: views into one
        `sample` matrix (shape `times.shape` for one-channel values,
        `times.shape + (channels,)` otherwise)."""
        matrix = self.sample(times)
        layout = self.layout
        result = {}
        for column in layout:
            block = matrix[..., column.start : column.start + column.channels]
            result[column.target, column.property] = block[..., 0] if column.channels == 1 else block
        return result

    def __call__(self, t: float) -> Frame:
        """Every (target, property) at local time `t`: a `razzle.Frame` (the
        read-only mapping `anim.animate(t)` gives), each value as a track
        sample gives it (a float, a razzle.Point, ...), None where no clip
        has an effect."""
        row, layout = sample_matrix_with_layout(self, np.array([real(t, "time")]))
        return Frame(row.reshape(-1), layout.frame_index(), none_for_nan=True)

    @property
    def row_width(self) -> int:
        """The number of columns of `sample`'s matrix (`layout.columns`): the
        length of one row."""
        return self.layout.columns

    @property
    def total_duration(self) -> float:
        """GSAP's totalDuration(): the active duration, every repeat
        included and the delays not (`active_duration`)."""
        return self.active_duration

    def __repr__(self) -> str:
        if self.closed:
            return f"<razzle.{type(self).__name__} (closed)>"
        return f"<razzle.{type(self).__name__} end_time={self.end_time:g}>"


class Clip(Node):
    """An animator placed in time: one iteration covers `span` of the
    animator's own time (default: its first to last keyframe time, read
    when sampled), so an animator keyed in scroll points or frames plays in
    seconds when the timing has a duration:

    >>> clip = razzle.Clip(anim, duration=0.5, fill="forwards")  # anim keyed 30..60

    The clip samples the animator at span[0] + p * (span[1] - span[0]) for
    its transformed progress p. `composite="add"` adds its values to what
    earlier clips give the same (target, property). The animator is shared,
    not copied. Timing keywords (delay=, duration=, iterations=, ...) or
    `timing=` a razzle.Timing."""

    __slots__ = ()
    _kind = "clip"

    def __init__(
        self,
        animator: Animator,
        span: Optional[Tuple[float, float]] = None,
        *,
        timing: Optional[Timing] = None,
        composite: Literal["replace", "add"] = "replace",
        **timing_keywords: TimingKeywords,
    ) -> None:
        if not isinstance(animator, Animator):
            raise InvalidTypeError(f"a clip plays a razzle.Animator, not {describe(animator)}")
        resolved = _timing(timing, timing_keywords)
        span_buffer = None
        if span is not None:
            try:
                start, end = span
            except (TypeError, ValueError):
                raise InvalidTypeError(f"span must be (start, end), not {describe(span)}") from None
            span_buffer = (c_double * 2)(real(start, "span start"), real(end, "span end"))
        code = _code(composite, "composite", COMPOSITES, lib.kf_composite_from_name)
        handle = _ffi.NodeHandle()
        lib.kf_clip_new(animator._h, span_buffer, _options(resolved), code, byref(handle))
        super().__init__(handle)


class Timeline(Node):
    """Children at start times (a group): each child sees the timeline's
    inner time minus its start. `add(node, at=...)` places a node with
    GSAP's position parameter — omitted: the timeline's end (a sequence);
    2.5: that time; "+=0.2"/"-=0.2": the end plus/minus; "<", "<0.1": the
    previous child's start (plus 0.1); ">", ">0.1": its end; "intro",
    "intro+=0.5": a label.

    >>> tl = razzle.Timeline()
    >>> tl.add(fade)
    0.0
    >>> tl.add(slide, at="<0.1")
    0.1

    Timing keywords or `timing=` apply to the timeline as a whole (it
    repeats, reverses or eases its children together)."""

    __slots__ = ()
    _kind = "timeline"

    def __init__(self, *, timing: Optional[Timing] = None, **timing_keywords: TimingKeywords) -> None:
        resolved = _timing(timing, timing_keywords)
        handle = _ffi.NodeHandle()
        lib.kf_timeline_new(_options(resolved), byref(handle))
        super().__init__(handle)

    def add(self, node: Node, at: Placement = None) -> float:
        """Adds `node` (which must have no parent) at `at`; returns its start
        time. InvalidValueError for a node in a tree already or a cycle,
        NotFoundError for an unknown label."""
        if not isinstance(node, Node):
            raise InvalidTypeError(f"a timeline holds razzle nodes, not {describe(node)}")
        start = c_double()
        lib.kf_timeline_add(self._h, node._h, _position(at), byref(start))
        return start.value

    def to(self, targets: Union[str, Sequence[str]], duration: float = 0.5, *, at: Placement = None,
           **options: Any) -> Timeline:
        """GSAP's `tl.to(targets, {...}, position)`: `razzle.to`'s tween added
        at `at`, each property starting from the value the timeline gives
        it where the tween starts (its resting value when nothing animates
        it before). Returns the timeline (chainable). Guides/Tweens.md."""
        return _tween_placer()(self, "to", targets, duration, at, None, *_tween_options(options))

    def from_(self, targets: Union[str, Sequence[str]], duration: float = 0.5, *, at: Placement = None,
              **options: Any) -> Timeline:
        """GSAP's `tl.from`: `razzle.from_`'s tween added at `at`; returns the
        timeline."""
        return _tween_placer()(self, "from_", targets, duration, at, None, *_tween_options(options))

    def from_to(self, targets: Union[str, Sequence[str]], duration: float, from_vars: Mapping[str, Any], *,
                at: Placement = None, **options: Any) -> Timeline:
        """GSAP's `tl.fromTo`: `razzle.from_to`'s tween added at `at`; returns
        the timeline."""
        return _tween_placer()(self, "from_to", targets, duration, at, from_vars, *_tween_options(options))

    def add_label(self, name: str, at: Placement = None) -> float:
        """Adds (or moves) label `name` at `at`; returns its time."""
        time = c_double()
        lib.kf_timeline_add_label(self._h, _encoded(name, "label name"), _position(at), byref(time))
        return time.value

    def label_time(self, name: str) -> float:
        """The time of label `name` (NotFoundError with the closest label)."""
        time = c_double()
        lib.kf_timeline_label_time(self._h, _encoded(name, "label name"), byref(time))
        return time.value

    @property
    def children(self) -> List[Tuple[Node, float]]:
        """(node, start time) for each child, in the order they were added."""
        count = c_size_t()
        lib.kf_timeline_child_count(self._h, byref(count))
        result = []
        for i in range(count.value):
            handle, start = _ffi.NodeHandle(), c_double()
            lib.kf_timeline_child_at(self._h, i, byref(handle), byref(start))
            result.append((Node._wrap(handle), start.value))
        return result

    def __len__(self) -> int:
        count = c_size_t()
        lib.kf_timeline_child_count(self._h, byref(count))
        return count.value

    def __iter__(self) -> Iterator[Node]:
        return iter([node for node, _ in self.children])


#: `_tween.place(timeline, kind, targets, duration, at, from_vars, options,
#: properties)`: a tween of `kind` ("to", "from_", "from_to") added to
#: `timeline` at `at`; returns the timeline.
TweenPlacer = Callable[
    ["Timeline", str, Union[str, Sequence[str]], float, Placement, Optional[Mapping[str, Any]], Dict[str, Any],
     Dict[str, Any]],
    "Timeline",
]

_placer: Optional[TweenPlacer] = None


def install_tween_placer(placer: TweenPlacer) -> None:
    """Called once by `_tween.py` (the layer that builds tweens)."""
    global _placer
    _placer = placer


def _tween_placer() -> TweenPlacer:
    if _placer is None:  # only if razzle._tween failed to import
        raise RuntimeError("razzle's tweens are not loaded (import razzle first)")
    return _placer


#: The tween keywords that are not properties.
_TWEEN_OPTIONS = ("ease", "delay", "stagger", "repeat", "yoyo")


def _tween_options(keywords: Dict[str, Any]) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """(the tween's options, its properties) from one set of keywords."""
    options = {key: keywords[key] for key in _TWEEN_OPTIONS if key in keywords}
    properties = {key: value for key, value in keywords.items() if key not in _TWEEN_OPTIONS}
    return options, properties


def _encoded(value: object, what: str) -> bytes:
    return text(value, what, InvalidNameError)


def _targets(targets: Sequence[str]) -> Tuple[Any, int]:
    if isinstance(targets, (str, bytes)):
        raise InvalidTypeError("targets must be a sequence of names, not one string")
    encoded = [_encoded(t, "target") for t in targets]
    array = (c_char_p * max(len(encoded), 1))(*encoded)
    return array, len(encoded)


class Stagger(Node):
    """One template clip played for many targets, item i starting offsets[i]
    later (GSAP's stagger distribution; AnimationKit's max_count):

    - `each` (per unit of distance; default 0.05) or `amount` (the whole
      spread, which wins when both are given, as in GSAP);
    - `from_`: 0 or an index (GSAP's default), "start", "center", "end",
      "edges", "random" (shuffled by `seed`), or a grid point (fx, fy);
    - `grid=(rows, cols)` and `axis` ("x" or "y") measure distances on a
      grid; `ease` eases the normalized distance;
    - `max_count` (AnimationKit's maxAnimationCount): offsets capped at
      each * max_count; <= 0: nothing animates, every item shows its end
      values.

    An item's pairs are the template's tracks' with the target renamed: an
    empty track target becomes the item's name, "icon" becomes
    "item.icon". `Stagger.preset("grid", targets)` is AnimationKit's."""

    __slots__ = ()
    _kind = "stagger"

    def __init__(
        self,
        template: Clip,
        targets: Sequence[str],
        *,
        each: Optional[float] = None,
        amount: Optional[float] = None,
        from_: Union[int, str, Tuple[float, float]] = 0,
        grid: Optional[Tuple[int, int]] = None,
        axis: Optional[Literal["x", "y"]] = None,
        ease: EasingLike = None,
        seed: int = 0,
        max_count: Optional[int] = None,
        timing: Optional[Timing] = None,
        **timing_keywords: TimingKeywords,
    ) -> None:
        if not isinstance(template, Clip):
            raise InvalidTypeError(f"a stagger's template is a razzle.Clip, not {describe(template)}")
        resolved = _timing(timing, timing_keywords)
        options = _ffi.StaggerOptions()
        lib.kf_stagger_options_init(byref(options))
        if each is not None:
            options.each = real(each, "each")
        if amount is not None:
            options.amount = real(amount, "amount")
        if isinstance(from_, str):
            options.origin = _code(from_, "from", STAGGER_FROM, lib.kf_stagger_from_from_name)
        elif isinstance(from_, tuple):
            options.origin = STAGGER_FROM.index("point")
            options.origin_x, options.origin_y = (real(x, "from point") for x in from_)
        elif isinstance(from_, int) and not isinstance(from_, bool):
            options.origin = STAGGER_FROM.index("index")
            options.origin_index = from_
        else:
            raise InvalidTypeError(f"from_ must be an index, a name or a point (fx, fy), not {describe(from_)}")
        if grid is not None:
            try:
                options.grid_rows, options.grid_columns = (int(x) for x in grid)
            except (TypeError, ValueError):
                raise InvalidTypeError(f"grid must be (rows, cols), not {describe(grid)}") from None
        if axis is not None:
            options.axis = _code(axis, "axis", STAGGER_AXES, lib.kf_stagger_axis_from_name)
        easing = None if ease is None else Easing(ease)
        if easing is not None:
            options.ease = easing._encoded
        if not isinstance(seed, int) or seed < 0 or seed >= 2**64:
            raise InvalidTypeError(f"seed must be an int in [0, 2**64), not {describe(seed)}")
        options.seed = seed
        if max_count is not None:
            if not isinstance(max_count, int) or isinstance(max_count, bool):
                raise InvalidTypeError(f"max_count must be an int, not {describe(max_count)}")
            options.max_count = max(min(max_count, 2**62), -(2**62))
        names, count = _targets(targets)
        handle = _ffi.NodeHandle()
        lib.kf_stagger_new(template._h, names, count, byref(options), _options(resolved), byref(handle))
        super().__init__(handle)

    @classmethod
    def preset(
        cls,
        name: Literal["default", "grid", "list"],
        targets: Sequence[str],
        *,
        each: float = 0.05,
        max_count: Optional[int] = 20,
        **distribution: Any,
    ) -> Stagger:
        """AnimationKit's preset `name` over `targets`: six tracks opacity,
        offsetX, offsetY, rotation (degrees), scale and blur from the
        preset's from to its to values with the spring bouncy(duration:
        0.4), items showing their from values before they start; AnimationKit's
        `each` 0.05 and `max_count` 20 unless given (and any other
        distribution keyword of `Stagger`)."""
        code = _code(name, "stagger preset", STAGGER_PRESETS, lib.kf_stagger_preset_from_name)
        handle = _ffi.NodeHandle()
        lib.kf_stagger_preset_template(code, byref(handle))
        template = Clip.__new__(Clip)
        Node.__init__(template, handle)
        return cls(template, targets, each=each, max_count=max_count, **distribution)

    @property
    def offsets(self) -> FloatArray:
        """Each item's start offset, in target order."""
        count = c_size_t()
        try:
            lib.kf_stagger_offsets(self._h, None, 0, byref(count))
        except BufferTooSmallError:
            pass
        out = np.empty(count.value, dtype=np.float64)
        lib.kf_stagger_offsets(self._h, _address(out), out.size, byref(count))
        return out


def sample_matrix(
    node: Node, times: np.ndarray[Any, np.dtype[np.float64]], call: Any, *, columns_first: bool = False
) -> FloatArray:
    """A new matrix of `times.shape + (columns,)` (with `columns_first`,
    `(columns,) + times.shape`) filled by `call(times address, count, out
    address, capacity, &width, &generation)` (a status), with `node`'s
    layout read together: retried when the layout changed in between."""
    width, generation = c_size_t(), c_uint64()
    for _ in range(64):
        layout = node.layout
        shape = (layout.columns,) + times.shape if columns_first else times.shape + (layout.columns,)
        result = np.empty(shape, dtype=np.float64)
        status = call(_address(times), times.size, _address(result), result.size, byref(width), byref(generation))
        if status == _ffi.STATUS_CODES["KF_E_BUFFER_TOO_SMALL"][0]:
            continue  # the layout grew since it was read: read it again
        if status:
            raise _ffi.error(status)
        if generation.value == layout.generation:
            return result
    raise RazzleError("the node's layout kept changing during sampling")


def sample_matrix_with_layout(
    node: Node, times: np.ndarray[Any, np.dtype[np.float64]]
) -> Tuple[FloatArray, Layout]:
    """`sample_matrix` of `node` at `times`, with the layout the matrix was
    sampled with."""
    handle = node._h
    layouts: List[Layout] = []

    def call(*buffers: Any) -> Any:
        layouts.append(node.layout)  # read after sample_matrix read its own: the generation it checks
        return _sample(handle, *buffers[:2], 0, *buffers[2:])

    result = sample_matrix(node, times, call)
    return result, layouts[-1]


def _value_kind(value: object) -> Optional[str]:
    """The kind a value's Python type names (a razzle.Point is a point, a
    string a color), or None for plain numbers (the property's own kind)."""
    if isinstance(value, str):
        return "color"
    return _TYPE_KINDS.get(type(value))


def keyframe_animation(
    duration: float,
    *,
    start: Mapping[str, Mapping[str, Any]],
    blocks: Sequence[Tuple[float, float, Mapping[str, Mapping[str, Any]]]],
    delay: float = 0.0,
    calculation_mode: Literal["linear", "discrete", "paced", "cubic", "cubicPaced"] = "linear",
) -> Clip:
    """UIKit's `UIView.animateKeyframes(withDuration:delay:...)` as a clip:
    each block `(relative_start, relative_duration, {target: {property:
    value}})` sets values over fractions of `duration`; `start` gives each
    animated property its value before the animation (the view's current
    value). A property runs from its value before the block to the block's
    value and holds between blocks. The clip has the delay, the duration and
    fill "both".

    >>> plane = razzle.keyframe_animation(1.5, start={"plane": {"alpha": 1}},
    ...     blocks=[(0.25, 0.25, {"plane": {"alpha": 0}}), (0.55, 0.45, {"plane": {"alpha": 1}})])

    Calculation modes map onto razzle's interpolation (Guides/Choreography.md):
    linear, discrete (hold), paced, cubic (Catmull-Rom), cubicPaced."""
    mode = _code(calculation_mode, "calculation mode", CALCULATION_MODES, lib.kf_calculation_mode_from_name)
    builder = _ffi.RelativeKeyframesHandle()
    lib.kf_relative_keyframes_new(real(duration, "duration"), real(delay, "delay"), mode, byref(builder))
    try:
        kinds: Dict[Tuple[str, str], str] = {}
        for target, properties in _mapping(start, "start").items():
            for prop, value in _mapping(properties, f"start[{target!r}]").items():
                kind = _value_kind(value)
                options = None
                if kind is not None:
                    options = _ffi.TrackOptions()
                    lib.kf_track_options_init(byref(options))
                    options.kind = kind.encode()
                channels = to_channels(kind or _default_kind(prop), value)
                buffer = (c_double * max(len(channels), 1))(*channels)
                lib.kf_relative_keyframes_set_start(
                    builder,
                    _encoded(target, "target"),
                    _encoded(prop, "property"),
                    None if options is None else byref(options),
                    buffer,
                    len(channels),
                )
                kinds[target, prop] = kind or _default_kind(prop)
        for block in blocks:
            try:
                rel_start, rel_duration, values = block
            except (TypeError, ValueError):
                raise InvalidTypeError(
                    f"a block is (relative_start, relative_duration, {{target: {{property: value}}}}), not {describe(block)}"
                ) from None
            targets: List[bytes] = []
            props: List[bytes] = []
            flat: List[float] = []
            offsets = [0]
            for target, properties in _mapping(values, "a block's values").items():
                for prop, value in _mapping(properties, f"values[{target!r}]").items():
                    channels = to_channels(kinds.get((target, prop), _value_kind(value) or "scalar"), value)
                    targets.append(_encoded(target, "target"))
                    props.append(_encoded(prop, "property"))
                    flat.extend(channels)
                    offsets.append(len(flat))
            n = len(targets)
            lib.kf_relative_keyframes_add_block(
                builder,
                real(rel_start, "relative start"),
                real(rel_duration, "relative duration"),
                (c_char_p * max(n, 1))(*targets),
                (c_char_p * max(n, 1))(*props),
                (c_double * max(len(flat), 1))(*flat),
                (c_size_t * (n + 1))(*offsets),
                n,
            )
        handle = _ffi.NodeHandle()
        lib.kf_relative_keyframes_make_clip(builder, byref(handle))
    finally:
        lib.kf_relative_keyframes_release(builder)
    clip = Clip.__new__(Clip)
    Node.__init__(clip, handle)
    return clip


def _mapping(value: object, what: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise InvalidTypeError(f"{what} must be a mapping, not {describe(value)}")
    return value


def _default_kind(prop: str) -> str:
    """The kind the library gives `prop` when none is named."""
    kind = c_char_p()
    lo, hi = c_double(), c_double()
    lib.kf_property_info(_encoded(prop, "property"), byref(kind), byref(lo), byref(hi))
    return kind.value.decode() if kind.value else "scalar"
