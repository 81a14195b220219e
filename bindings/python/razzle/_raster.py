"""The library's own rasterizer (kf_raster): Lottie frames and display lists
drawn into RGBA8 numpy arrays, with no 2D library (skia, cairo) involved.

`Raster.render(lottie, frame, size)` is one foreign call a frame; it is what
`razzle.render.Renderer.from_lottie` draws with by default. The drawing rules
are include/keyframe.h's ("How to draw the ops"); Guides/Lottie.md, "Pixels
without a 2D library", says what a raster draws and how it compares with
lottie-web and rlottie.
"""

from __future__ import annotations

import threading
from ctypes import byref, c_char, c_double, c_size_t, c_uint32
from typing import Any, Optional, Sequence, Tuple

import numpy as np

from ._errors import InvalidTypeError, InvalidValueError
from . import _ffi
from ._ffi import DisplayListHandle, LottieHandle, RasterHandle, lib
from ._handle import HandleOwner

#: kf_raster_draw's flag for premultiplied output.
PREMULTIPLIED = 1
#: KF_RASTER_MAX_SIDE: the largest side of a frame (checked here before the
#: array is allocated; test_raster ties it to the header).
MAX_SIDE = 16384

Pixels = np.ndarray[Any, np.dtype[np.uint8]]

#: kf_lottie_render without argument conversion, for a renderer's frame loop
#: (`Raster._renderer`): every argument is already a ctypes object.
_lottie_render_raw = _ffi.raw("kf_lottie_render")


def _doubles(values: Optional[Sequence[float]], count: int, what: str) -> Any:
    """`count` doubles for the library, or None."""
    if values is None:
        return None
    numbers = [float(v) for v in values]
    if len(numbers) != count:
        raise InvalidValueError(f"{what} is {count} numbers, not {len(numbers)}")
    return (c_double * count)(*numbers)


class Raster(HandleOwner):
    """Draws frames into RGBA8 arrays (kf_raster). A raster keeps its
    surfaces between frames, so drawing frame after frame at one size
    allocates nothing, and it keeps a copy of a frame it drew twice in a
    row (at most 64 MiB), which it copies out when the same display list
    comes again with the same size, matrix, background and images (a still
    stretch of an animation costs a copy a frame). One raster serves one
    call at a time (a lock per object): use one per thread to draw in
    parallel.

    `matrix` (a, b, c, d, e, f) maps composition pixels to output pixels
    (default: fit the composition, aspect kept, centred); `background`
    (r, g, b, a in 0...1) is painted under the frame (default transparent);
    the channels are straight unless `premultiplied`."""

    __slots__ = ("_lock",)
    _kind = "raster"
    _pickle_message = "cannot pickle a razzle raster: it owns a library handle"

    def __init__(self) -> None:
        handle = RasterHandle()
        lib.kf_raster_create(byref(handle))
        super().__init__(handle, lib.kf_raster_release)
        self._lock = threading.Lock()

    def set_image(self, index: int, rgba: Any) -> None:
        """The pixels IMAGE ops of image asset `index` draw: an (h, w, 4)
        uint8 array, straight alpha (e.g. `np.asarray(PIL.Image.open(f)
        .convert("RGBA"))`). Copied."""
        pixels = np.ascontiguousarray(rgba, dtype=np.uint8)
        if pixels.ndim != 3 or pixels.shape[2] != 4:
            raise InvalidValueError(f"an image is an (h, w, 4) RGBA array, not shape {pixels.shape}")
        height, width = int(pixels.shape[0]), int(pixels.shape[1])
        with self._lock:
            lib.kf_raster_set_image(
                self._h, int(index), pixels.ctypes.data, pixels.nbytes, width, height, width * 4
            )

    def render(
        self,
        lottie: Any,
        frame: float,
        size: Optional[Tuple[int, int]] = None,
        *,
        matrix: Optional[Sequence[float]] = None,
        background: Optional[Sequence[float]] = None,
        premultiplied: bool = False,
        out: Optional[Pixels] = None,
    ) -> Pixels:
        """Composition frame `frame` of `lottie` (a `razzle.LottieImport`) as
        a (height, width, 4) uint8 array; `size` is (width, height), the
        composition's by default; `out` (C-contiguous, that shape) is
        filled instead of a new array."""
        source = lottie._h if isinstance(lottie, HandleOwner) else None
        if not isinstance(source, LottieHandle):
            raise InvalidTypeError(f"Raster.render takes a razzle.LottieImport, not {type(lottie).__name__}")
        if size is None:
            size = (max(1, round(lottie.width)), max(1, round(lottie.height)))
        pixels = self._target(size, out)
        m = _doubles(matrix, 6, "a matrix")
        bg = _doubles(background, 4, "a background")
        with self._lock:
            lib.kf_lottie_render(
                source, float(frame), self._h, m, bg, PREMULTIPLIED if premultiplied else 0,
                pixels.ctypes.data, pixels.nbytes, pixels.shape[1], pixels.shape[0], pixels.strides[0],
            )
        return pixels

    def draw(
        self,
        display_list: Any,
        size: Tuple[int, int],
        *,
        matrix: Optional[Sequence[float]] = None,
        background: Optional[Sequence[float]] = None,
        premultiplied: bool = False,
        out: Optional[Pixels] = None,
    ) -> Pixels:
        """The frame a `razzle.DisplayList` holds (its last draw) as a
        (height, width, 4) uint8 array of `size` (width, height)."""
        handle = display_list._h if isinstance(display_list, HandleOwner) else None
        if not isinstance(handle, DisplayListHandle):
            raise InvalidTypeError(f"Raster.draw takes a razzle.DisplayList, not {type(display_list).__name__}")
        pixels = self._target(size, out)
        m = _doubles(matrix, 6, "a matrix")
        bg = _doubles(background, 4, "a background")
        with self._lock:
            lib.kf_raster_draw(
                self._h, handle, m, bg, PREMULTIPLIED if premultiplied else 0,
                pixels.ctypes.data, pixels.nbytes, pixels.shape[1], pixels.shape[0], pixels.strides[0],
            )
        return pixels

    def _renderer(
        self, size: Tuple[int, int], matrix: Sequence[float], background: Optional[Sequence[float]]
    ) -> Any:
        """A function of (lottie, frame) drawing new (height, width, 4)
        arrays with `size`, `matrix` and `background` checked and converted
        once (what `razzle.render.Renderer` calls frame after frame)."""
        width, height = (int(v) for v in size)
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise InvalidValueError(f"a frame is 1 to {MAX_SIDE} pixels a side, not {width}x{height}")
        m = _doubles(matrix, 6, "a matrix")
        bg = _doubles(background, 4, "a background")
        shape = (height, width, 4)
        nbytes = width * height * 4
        stride = width * 4
        render = _lottie_render_raw
        lock = self._lock
        # The per-frame arguments as ctypes objects, made once: the call
        # converts nothing, and the array's address comes from its buffer
        # (a few hundred ns, against microseconds through `.ctypes`). A
        # closed Lottie or raster raises ClosedError (`_h`); a handle of
        # another kind is refused by the library, which checks every handle.
        flags, capacity = c_uint32(0), c_size_t(nbytes)
        w, h, row = c_uint32(width), c_uint32(height), c_size_t(stride)

        def draw(lottie: Any, frame: float) -> Pixels:
            pixels = np.empty(shape, dtype=np.uint8)
            target = byref(c_char.from_buffer(pixels))  # type: ignore[arg-type]
            with lock:
                status = render(lottie._h, c_double(frame), self._h, m, bg, flags, target, capacity, w, h, row)
            if status < 0:
                raise _ffi.error(status)
            return pixels

        return draw

    @staticmethod
    def _target(size: Tuple[int, int], out: Optional[Pixels]) -> Pixels:
        try:
            width, height = (int(v) for v in size)
        except (TypeError, ValueError):
            raise InvalidValueError(f"size is (width, height) in pixels, not {size!r}") from None
        if out is None:
            if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
                raise InvalidValueError(f"a frame is 1 to {MAX_SIDE} pixels a side, not {width}x{height}")
            return np.empty((height, width, 4), dtype=np.uint8)
        if (
            not isinstance(out, np.ndarray)
            or out.dtype != np.uint8
            or out.shape != (height, width, 4)
            or not out.flags.c_contiguous
            or not out.flags.writeable
        ):
            raise InvalidValueError(f"out must be a writable C-contiguous ({height}, {width}, 4) uint8 array")
        return out

    def __repr__(self) -> str:
        return "<razzle.Raster closed>" if self.closed else "<razzle.Raster>"


__all__ = ["Raster", "PREMULTIPLIED", "MAX_SIDE"]
