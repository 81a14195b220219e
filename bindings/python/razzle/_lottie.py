"""Lottie (bodymovin) import: `razzle.import_lottie` (Guides/Lottie.md)."""

from __future__ import annotations

import ctypes
import difflib
import json
import os
from ctypes import byref, c_double, c_size_t
from dataclasses import dataclass
from pathlib import Path as _FsPath
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Tuple, Union

import numpy as np

from ._choreography import Node, Timeline
from ._dotlottie import MAX_LOTTIE_BYTES, is_dotlottie, read_animation
from ._errors import BufferTooSmallError, InvalidTypeError, InvalidValueError
from ._ffi import LottieHandle, LottieImageInfo, LottieInfo, NodeHandle, lib
from ._handle import HandleOwner
from ._inputs import columns_layout
from ._notebook import InlineAnimation
from ._types import FloatArray, Times

if TYPE_CHECKING:
    from ._display_list import DisplayList, DrawOp


@dataclass(frozen=True)
class LottieLayer:
    """One layer: its target name, `ind`, parent (`parent` and its layer's
    name), type `ty` and timing numbers in frames."""

    name: str
    index: Optional[int]
    parent_index: Optional[int]
    parent: Optional[str]
    type: int
    in_point: float
    out_point: float
    start_time: float
    stretch: float


@dataclass(frozen=True)
class LottieWarning:
    """Something not imported: its JSON Pointer, feature and what happened."""

    pointer: str
    feature: str
    message: str


@dataclass(frozen=True)
class LottieImage:
    """An image asset, what an `Image` op's `index` names: its `index`, the
    size it is drawn at (`w`, `h`), and either its embedded bytes (`data`:
    PNG, JPEG, ... as the file holds them) or its `path` relative to the
    Lottie file's folder (never absolute, never leaving the folder)."""

    index: int
    width: float
    height: float
    data: Optional[bytes]
    path: Optional[str]


@dataclass(frozen=True)
class LottieMarker:
    """A marker of the document (`markers`): its `name` (`cm`, "" when
    absent), its start `frame` (`tm`) and `duration` in frames (`dr`, 0 for
    a point in time). `frames` is the segment to play: (frame, frame +
    duration)."""

    name: str
    frame: float
    duration: float

    @property
    def frames(self) -> Tuple[float, float]:
        return (self.frame, self.frame + self.duration)


@dataclass(frozen=True)
class LottieColumn:
    """One animated value: (target, property), its channels and first
    column in a row of `LottieImport.sample`."""

    target: str
    property: str
    channels: int
    start: int


class LottieImport(InlineAnimation, HandleOwner):
    """A Lottie document imported into razzle: `.timeline` (one clip per
    layer), `.frame_rate`, `.in_point`, `.out_point` (frames), `.layers`,
    `.warnings`, `.columns`, `.static_values`; `values(t)` and `sample(times)`
    give every animated property with spatial positions and shape paths put
    together (NaN / None where a layer does not show). A notebook shows it
    playing (capped: see `razzle.render.notebook_html`)."""

    __slots__ = ("_info", "_description", "_layers", "_warnings", "_columns", "_static", "_images", "_list", "timeline")
    _kind = "lottie import"
    _pickle_message = "cannot pickle a razzle Lottie import: it owns a library handle"

    def __init__(self, text: bytes, seconds: bool = False) -> None:
        handle = LottieHandle()
        lib.kf_lottie_import(text, len(text), 1 if seconds else 0, byref(handle))
        super().__init__(handle, lib.kf_lottie_release)
        node = NodeHandle()
        lib.kf_lottie_timeline(handle, byref(node))
        timeline = Node._wrap(node)
        assert isinstance(timeline, Timeline)
        self.timeline: Timeline = timeline
        # The numbers come in one struct; the lists are built from the
        # library's description (read once) on their first use.
        info = LottieInfo()
        lib.kf_lottie_get_info(handle, byref(info))
        self._info = info
        self._description: Optional[Dict[str, Any]] = None
        self._layers: Optional[List[LottieLayer]] = None
        self._warnings: Optional[List[LottieWarning]] = None
        self._columns: Optional[List[LottieColumn]] = None
        self._static: Optional[Dict[Tuple[str, str], Tuple[float, ...]]] = None
        self._images: Optional[List[LottieImage]] = None
        self._list: Optional[DisplayList] = None

    def close(self) -> None:
        """Releases the import's handle (see `HandleOwner.close`); its lists
        stay readable, so they are read from the library first."""
        if self._handle is not None:
            self.layers, self.warnings, self.columns, self.static_values, self.images  # noqa: B018
        if self._list is not None:
            self._list.close()
        super().close()

    def _described(self) -> Dict[str, Any]:
        if self._description is None:
            self._description = json.loads(self._describe())
        return self._description

    def _built(self) -> None:
        # The description is dropped once every list is built.
        if None not in (self._layers, self._warnings, self._columns, self._static):
            self._description = None

    @property
    def layers(self) -> List[LottieLayer]:
        """The layers in file order."""
        if self._layers is None:
            self._layers = _layers(self._described())
            self._built()
        return self._layers

    @property
    def warnings(self) -> List[LottieWarning]:
        """What was not imported, in document order."""
        if self._warnings is None:
            self._warnings = [LottieWarning(**w) for w in self._described()["warnings"]]
            self._built()
        return self._warnings

    @property
    def columns(self) -> List[LottieColumn]:
        """The animated values, in the order a row of `sample` holds them."""
        if self._columns is None:
            self._columns = [
                LottieColumn(c["target"], c["property"], int(c["channels"]), int(c["start"]))
                for c in self._described()["columns"]
            ]
            self._built()
        return self._columns

    @property
    def static_values(self) -> Dict[Tuple[str, str], Tuple[float, ...]]:
        """{(target, property): value} for the properties that do not change."""
        if self._static is None:
            self._static = {
                (v["target"], v["property"]): tuple(float(x) for x in v["value"])
                for v in self._described()["static"]
            }
            self._built()
        return self._static

    @property
    def width(self) -> float:
        """The composition's width `w` (pixels)."""
        return float(self._info.width)

    @property
    def height(self) -> float:
        """The composition's height `h` (pixels)."""
        return float(self._info.height)

    @property
    def images(self) -> List[LottieImage]:
        """The image assets, in the order `Image` ops index them."""
        if self._images is None:
            count = c_size_t(0)
            lib.kf_lottie_image_count(self._h, byref(count))
            self._images = [self._image(i) for i in range(count.value)]
        return self._images

    @property
    def markers(self) -> List[LottieMarker]:
        """The document's markers (named frames or segments, After Effects'
        composition markers), in file order. `marker("intro").frames` is
        the segment to play."""
        count = c_size_t(0)
        lib.kf_lottie_marker_count(self._h, byref(count))
        out = []
        for i in range(count.value):
            frame, duration, length = c_double(), c_double(), c_size_t(0)
            try:
                lib.kf_lottie_marker_get(self._h, i, byref(frame), byref(duration), None, 0, byref(length))
            except BufferTooSmallError:
                pass
            text = ctypes.create_string_buffer(length.value + 1)
            lib.kf_lottie_marker_get(self._h, i, None, None, text, length.value + 1, None)
            out.append(LottieMarker(text.value.decode("utf-8"), frame.value, duration.value))
        return out

    def marker(self, name: str) -> LottieMarker:
        """The first marker called `name`; `KeyError` (with the closest
        name) when there is none."""
        markers = self.markers
        for m in markers:
            if m.name == name:
                return m
        names = [m.name for m in markers]
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (markers: {', '.join(map(repr, names)) or 'none'})"
        raise KeyError(f"no marker {name!r}{hint}")

    def _image(self, index: int) -> LottieImage:
        info = LottieImageInfo()
        lib.kf_lottie_image_info_get(self._h, index, byref(info))
        data: Optional[bytes] = None
        path: Optional[str] = None
        if info.data_size:
            buffer = ctypes.create_string_buffer(info.data_size)
            size = c_size_t(0)
            lib.kf_lottie_image_data(self._h, index, buffer, info.data_size, byref(size))
            data = buffer.raw[: size.value]
        if info.path_length:
            text = ctypes.create_string_buffer(info.path_length + 1)
            lib.kf_lottie_image_path(self._h, index, text, info.path_length + 1, None)
            path = text.value.decode("utf-8")
        return LottieImage(index, float(info.width), float(info.height), data, path)

    def display_list(self, frame: float) -> List[DrawOp]:
        """Composition frame `frame` (the file's numbers, `in_point` to
        `out_point`, fractional allowed) as a list of drawing ops
        (`razzle.Save`, `razzle.Fill`, ...; include/keyframe.h says how to
        draw each). Built into one list this import keeps; draw into your
        own `razzle.DisplayList` to reuse it across imports or threads.
        InvalidValueError for a frame that is not finite."""
        from ._display_list import DisplayList

        if self._list is None:
            self._h  # noqa: B018 - a closed import is an error before a list is made
            self._list = DisplayList()
        return self._list.draw(self, frame)

    def _describe(self) -> str:
        # The library builds the text on each call: a first buffer that fits
        # most files (a 500 kB file describes itself in about 160 kB) saves
        # building it twice; a larger one gets the exact size.
        length = c_size_t(0)
        first = 1 << 18
        buffer = ctypes.create_string_buffer(first)
        try:
            lib.kf_lottie_describe(self._h, buffer, first, byref(length))
        except BufferTooSmallError:
            buffer = ctypes.create_string_buffer(length.value + 1)
            lib.kf_lottie_describe(self._h, buffer, length.value + 1, byref(length))
        return buffer.value.decode("utf-8")

    @property
    def frame_rate(self) -> float:
        """The file's frame rate `fr`."""
        return float(self._info.frame_rate)

    @property
    def in_point(self) -> float:
        """The composition's in point `ip` (frames)."""
        return float(self._info.in_point)

    @property
    def out_point(self) -> float:
        """The composition's out point `op` (frames)."""
        return float(self._info.out_point)

    @property
    def time_unit(self) -> str:
        """`"frames"` or `"seconds"`: the unit of the timeline's time."""
        return "seconds" if self._info.seconds else "frames"

    @property
    def row_width(self) -> int:
        """Numbers per row of `sample`."""
        return int(self._info.row_width)

    def sample(self, times: Times, out: Optional[FloatArray] = None, *, layout: str = "rows") -> FloatArray:
        """Every column at each time: shape `times.shape + (row_width,)`, one
        library call. `layout="columns"`: the same values transposed, shape
        `(row_width,) + times.shape` (Guides/Sampling.md, "Matrix
        layouts")."""
        columns = layout != "rows" and columns_layout(layout)
        t = np.ascontiguousarray(times, dtype=np.float64)
        width = self.row_width
        if out is None:
            out = np.empty((width,) + t.shape if columns else t.shape + (width,), dtype=np.float64)
        elif not (out.dtype == np.float64 and out.flags.c_contiguous and out.size >= t.size * width):
            raise InvalidTypeError("out must be a C-contiguous float64 array with room for every value")
        call = lib.kf_lottie_sample_columns if columns else lib.kf_lottie_sample_many
        call(self._h, t.ctypes.data, t.size, out.ctypes.data, out.size)
        return out

    def values(self, time: float) -> Dict[Tuple[str, str], Optional[Tuple[float, ...]]]:
        """{(target, property): value} at one time (None where its layer
        does not show)."""
        row = self.sample(np.array([float(time)]))[0]
        result: Dict[Tuple[str, str], Optional[Tuple[float, ...]]] = {}
        for c in self.columns:
            v = row[c.start : c.start + c.channels]
            result[c.target, c.property] = None if np.isnan(v).all() else tuple(float(x) for x in v)
        return result

    def sample_transforms(self, times: Times, *, world: bool = True, out: Optional[FloatArray] = None) -> FloatArray:
        """Every layer's 2D matrix `[a, b, c, d, tx, ty]` (x' = a x + c y +
        tx, y' = b x + d y + ty) at each time: shape `times.shape +
        (len(layers), 6)`, one library call. `world=True` composes each
        layer's own matrix (lottie-web's anchor, scale, skew, rotation,
        position) with its chain of parents'; `world=False` gives the own
        matrices. NaN where a layer does not show."""
        t = np.ascontiguousarray(times, dtype=np.float64)
        layers = int(self._info.layers)
        shape = t.shape + (layers, 6)
        size = t.size * layers * 6
        if out is None:
            out = np.empty(shape, dtype=np.float64)
        elif not (out.dtype == np.float64 and out.flags.c_contiguous and out.size >= size):
            raise InvalidTypeError("out must be a C-contiguous float64 array with room for every matrix")
        lib.kf_lottie_sample_transforms(self._h, t.ctypes.data, t.size, 1 if world else 0, out.ctypes.data, out.size)
        return out

    def transforms(self, time: float, *, world: bool = True) -> Dict[str, Optional[Tuple[float, ...]]]:
        """{layer name: (a, b, c, d, tx, ty)} at one time (None where the
        layer does not show); see `sample_transforms`."""
        rows = self.sample_transforms(np.array([float(time)]), world=world)[0]
        return {
            layer.name: None if np.isnan(m).all() else tuple(float(x) for x in m)
            for layer, m in zip(self.layers, rows)
        }


def _layers(info: Dict[str, Any]) -> List[LottieLayer]:
    return [
        LottieLayer(
            name=layer["name"],
            index=None if layer["index"] is None else int(layer["index"]),
            parent_index=None if layer["parent_index"] is None else int(layer["parent_index"]),
            parent=layer["parent"],
            type=int(layer["type"]),
            in_point=float(layer["in_point"]),
            out_point=float(layer["out_point"]),
            start_time=float(layer["start_time"]),
            stretch=float(layer["stretch"]),
        )
        for layer in info["layers"]
    ]


LottieSource = Union[str, bytes, "os.PathLike[str]", Mapping[str, Any]]

#: A byte order mark as the first character of a text (UTF-8's EF BB BF,
#: decoded).
_BOM = "\ufeff"


def is_json_text(source: object) -> bool:
    """Whether a `str` source is JSON text rather than a path: it starts
    with `{` after leading whitespace, a byte order mark (U+FEFF) before it
    included. Such a text goes to the library as it is, which refuses the
    mark with a message that names it (RFC 8259 §8.1), rather than being
    opened as a file name ("File name too long")."""
    if not isinstance(source, str):
        return False
    head = source[1:] if source.startswith(_BOM) else source
    return head.lstrip().startswith("{")


def import_lottie(source: LottieSource, *, seconds: bool = False, animation: Optional[str] = None) -> LottieImport:
    """Imports a Lottie (bodymovin) document: a path, JSON text (`str`
    starting with `{`, or `bytes`; text that starts with a byte order mark
    is JSON too, which the library refuses naming the mark) or an already
    loaded `dict`; a gzipped
    file (a Telegram sticker, .tgs); or a dotLottie archive (.lottie), of
    which `animation` picks one by id (default: the manifest's; the images
    it holds are embedded). The timeline runs in frames, or in seconds
    with `seconds=True`. Errors: `InvalidValueError` naming the JSON
    Pointer (or what is wrong with the archive); nothing is built."""
    if isinstance(source, Mapping):
        text = json.dumps(source, allow_nan=False).encode("utf-8")
    elif isinstance(source, bytes):
        text = source
    elif isinstance(source, str) and is_json_text(source):
        text = source.encode("utf-8")
    elif isinstance(source, (str, os.PathLike)):
        text = _FsPath(source).read_bytes()
    else:
        raise InvalidTypeError(f"import_lottie takes a path, JSON text or a dict, not {type(source).__name__}")
    if is_dotlottie(text):
        return LottieImport(read_animation(text, animation), seconds=seconds)
    if animation is not None:
        raise InvalidValueError("lottie: animation= picks one animation of a dotLottie archive (.lottie)")
    return LottieImport(_gunzipped(text), seconds=seconds)


def _gunzipped(data: bytes) -> bytes:
    """`data`, decompressed when it is gzip (a Telegram sticker, .tgs, is a
    gzipped Lottie file); at most MAX_LOTTIE_BYTES."""
    if data[:2] != b"\x1f\x8b":
        return data
    import zlib

    decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = decompressor.decompress(data, MAX_LOTTIE_BYTES + 1)
    except zlib.error as error:
        raise InvalidValueError(f"lottie: not a readable gzip file (.tgs): {error}") from None
    if len(out) > MAX_LOTTIE_BYTES:
        raise InvalidValueError(f"lottie: a gzipped file that inflates to more than {MAX_LOTTIE_BYTES} bytes")
    return out




def is_lottie_file(path: Union[str, "os.PathLike[str]"]) -> bool:
    """Whether the file at `path` is a Lottie document: a .tgs (gzipped
    Lottie), or JSON whose top level has "layers" and "fr" (a razzle scene
    has neither)."""
    name = os.fspath(path)
    if name.lower().endswith((".tgs", ".lottie")):
        return True
    try:
        with open(name, "rb") as file:
            head = file.read(4)
            if head[:2] == b"\x1f\x8b" or is_dotlottie(head):
                return True
            data = head + file.read()
        document = json.loads(data)
    except (OSError, ValueError):
        return False
    return isinstance(document, dict) and "layers" in document and "fr" in document


def is_lottie_document(value: object) -> bool:
    """Whether `value` is a Lottie import, or a dict or JSON text of one."""
    if isinstance(value, LottieImport):
        return True
    if isinstance(value, Mapping):
        return "layers" in value and "fr" in value
    if isinstance(value, (str, bytes)):
        text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
        if is_json_text(text):
            try:
                document = json.loads(text[1:] if text.startswith(_BOM) else text)
            except ValueError:
                return False
            return isinstance(document, dict) and "layers" in document and "fr" in document
        if isinstance(value, bytes):
            return value[:2] == b"\x1f\x8b" or is_dotlottie(value)
    return False


def open_lottie(source: Any) -> Tuple[LottieImport, Optional[str]]:
    """(the import, the folder its external images are read from) for a
    path, JSON text, bytes, a dict or an import (None: no folder)."""
    if isinstance(source, LottieImport):
        return source, None
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not is_json_text(source)):
        folder = os.path.dirname(os.path.abspath(os.fspath(source)))
        return import_lottie(source), folder
    return import_lottie(source), None
