"""Pictures of a scene (Guides/Rendering.md): a stage's targets drawn with
skia-python at many frames, from one batch sample of the scene, written as
GIF, APNG, PNG frames or MP4.

>>> result = razzle.render.render(razzle.load("intro.json"), "intro.gif", frames=120)

Needs the optional extra: `pip install 'razzle[render]'` (skia-python,
Pillow; matplotlib and tqdm for the command line). `razzle render` is the
command-line form."""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from .._animator import Animator
from .._choreography import Node
from .._display_list import DisplayList
from .._lottie import LottieImport, is_json_text, is_lottie_document, is_lottie_file, open_lottie
from .._paging import Paging
from .._paths import Mask, Path
from .._stage import Stage
from ._draw import Painter, available, draw_all
from ._encode import RenderError, output_kind, prepare_output, write_frames, write_stream
from ._images import decode_rgba
from ._notebook import INLINE_BYTES, INLINE_FRAMES, INLINE_SIDE, animation_html, inline_size
from ._state import TargetState, check_kinds, split_columns, target_state

__all__ = [
    "Renderer",
    "RenderResult",
    "RenderError",
    "render",
    "write_frames",
    "notebook_html",
    "INLINE_FRAMES",
    "INLINE_SIDE",
    "INLINE_BYTES",
]

Frame = np.ndarray[Any, np.dtype[np.uint8]]
Progress = Callable[[int, int], None]

#: Frames of a scroll-driven render when no count is given.
SCROLL_FRAMES = 120
#: The most frames one render draws, and the largest side of its pictures
#: (skia's limit is about this).
MAX_FRAMES = 100_000
#: The largest side of a picture, in pixels (a file's 1e9 × 1e9 canvas is
#: refused instead of allocating it; pass `size` to scale it down).
MAX_SIDE = 16_384


class RenderResult(NamedTuple):
    """What `render` wrote and where the time went (seconds)."""

    path: str
    frames: int
    width: int
    height: int
    seconds: float
    sample_seconds: float
    draw_seconds: float
    encode_seconds: float


def _require_skia() -> None:
    ok, package = available()
    if not ok:
        raise RenderError(f"rendering needs {package}: pip install 'razzle[render]'")


class Renderer:
    """Draws one stage of a scene. `source` is the animator or node whose
    tracks animate the stage's targets (by target name); `paging` the
    stage's paging layout, if any; `paths` and `masks` the scene's objects
    the targets name. `size` is the output's (width, height) in pixels
    (default: the stage's size); the stage is scaled uniformly to fit and
    centred. `base_path` is where image files are looked up. `background`
    (a color string or (r, g, b[, a]) numbers in [0, 1]) replaces the
    stage's.

    `Renderer.from_lottie` makes a renderer of a Lottie file instead: its
    frames are the composition's frames, drawn from the import's display
    list by the library's own rasterizer (razzle.Raster; backend="skia"
    draws the list with skia instead)."""

    def __init__(
        self,
        stage: Stage,
        source: Union[Animator, Node],
        *,
        paging: Optional[Paging] = None,
        paths: Optional[Mapping[str, Path]] = None,
        masks: Optional[Mapping[str, Mask]] = None,
        size: Optional[Tuple[int, int]] = None,
        base_path: Optional[str] = None,
        background: Optional[Any] = None,
    ) -> None:
        self.stage = stage
        self.source = source
        self.paging = paging
        self.paths = dict(paths or {})
        self.masks = dict(masks or {})
        stage_w, stage_h = stage.size
        width, height = size if size is not None else (round(stage_w), round(stage_h))
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise RenderError(f"the output size must be 1 to {MAX_SIDE} pixels a side, not {width}x{height}")
        self.width, self.height = int(width), int(height)
        self.scale = min(self.width / stage_w, self.height / stage_h)
        self.dx = (self.width - stage_w * self.scale) / 2
        self.dy = (self.height - stage_h * self.scale) / 2
        self.base_path = base_path
        self.background = stage.background if background is None else _background(background)
        self._painter: Optional[Painter] = None
        #: The Lottie import drawn (from_lottie), else None.
        self.lottie: Optional[LottieImport] = None
        self._list: Optional[DisplayList] = None
        self._drawer: Any = None
        #: How Lottie frames are drawn: "native" (razzle.Raster) or "skia".
        self.backend = "native"
        self._raster: Any = None
        self._draw_native: Any = None

    @classmethod
    def from_lottie(
        cls,
        source: Any,
        size: Optional[Tuple[int, int]] = None,
        background: Optional[Any] = None,
        backend: str = "native",
    ) -> Renderer:
        """The renderer of a Lottie document: `source` is a path (a .json or a
        gzipped .tgs; external images are read from its folder), JSON text,
        bytes, a dict or a `razzle.import_lottie(...)` result (not closed by
        the renderer). `size` (width, height) scales the composition to fit,
        aspect kept, centred (default: the composition's size); pixels are
        transparent where nothing is drawn unless `background` is given (a
        color string or (r, g, b[, a]) in [0, 1]). `frame(f)` draws
        composition frame f (the file's numbers, ip to op, fractional
        allowed). `backend` is "native" (the library's rasterizer,
        razzle.Raster: no skia needed, the fastest) or "skia" (the display
        list drawn op by op with skia-python)."""
        if backend not in ("native", "skia"):
            raise RenderError(f'backend is "native" or "skia", not {backend!r}')
        lottie, folder = open_lottie(source)
        if not (lottie.width > 0 and lottie.height > 0):
            raise RenderError(f"the composition's size is {lottie.width:g}x{lottie.height:g}: nothing to draw")
        stage = Stage(size=(lottie.width, lottie.height), background=(0.0, 0.0, 0.0, 0.0))
        if size is None:
            if not (lottie.width <= MAX_SIDE and lottie.height <= MAX_SIDE):
                raise RenderError(
                    f"the composition is {lottie.width:g}x{lottie.height:g} pixels, more than {MAX_SIDE} a side: "
                    "give a size, e.g. size=(512, 512)"
                )
            size = (max(1, round(lottie.width)), max(1, round(lottie.height)))
        if not all(isinstance(v, int) and 1 <= v <= MAX_SIDE for v in size):
            raise RenderError(f"size must be two whole numbers of pixels in 1..{MAX_SIDE}, not {size!r}")
        renderer = cls(stage, lottie.timeline, size=size, base_path=folder, background=background)
        renderer.lottie = lottie
        renderer.backend = backend
        return renderer

    @classmethod
    def from_scene(
        cls,
        scene: Any,
        stage: Union[str, int, None] = None,
        *,
        size: Optional[Tuple[int, int]] = None,
        base_path: Optional[str] = None,
    ) -> Renderer:
        """The renderer of a `razzle.Scene`'s stage `stage` (a name, an
        index, or None for the first)."""
        stages: List[Stage] = list(getattr(scene, "stages", []))
        if not stages:
            raise RenderError("the scene has no stages: nothing says what to draw (Guides/Rendering.md)")
        if stage is None:
            chosen = stages[0]
        elif isinstance(stage, int):
            if not -len(stages) <= stage < len(stages):
                count = f"{len(stages)} stage" + ("" if len(stages) == 1 else "s")
                raise RenderError(f"the scene has {count}, not a stage {stage}")
            chosen = stages[stage]
        else:
            named = [s for s in stages if s.name == stage]
            if not named:
                names = ", ".join(repr(s.name) for s in stages if s.name) or "none"
                raise RenderError(f"the scene has no stage named {stage!r} (stages: {names})")
            chosen = named[0]
        paging = scene[chosen.paging] if chosen.paging else None
        if chosen.node:
            source: Union[Animator, Node] = scene[chosen.node]
        elif chosen.animator:
            source = scene[chosen.animator]
        elif paging is not None:
            source = paging.animator
        else:
            raise RenderError("the stage names no animator, node or paging layout")
        paths = {t.path: scene[t.path] for t in chosen.targets if t.path}
        paths.update({t.motion_path: scene[t.motion_path] for t in chosen.targets if t.motion_path})
        masks = {t.mask: scene[t.mask] for t in chosen.targets if t.mask}
        return cls(chosen, source, paging=paging, paths=paths, masks=masks, size=size, base_path=base_path)

    # -- frame values ---------------------------------------------------------

    @property
    def scrolling(self) -> bool:
        """Whether frame values are content offsets (a scroll stage)."""
        return self.stage.scrolling

    def default_span(self) -> Tuple[float, float]:
        """A Lottie file's in and out points (ip, op: the frames played are
        ip, ip + 1, ... before op). Else the stage's `range`; else, for a paging scroll view, the content
        offsets from the first page to the last; for a node, 0 to its end
        time; for an animator, its keyframes' span."""
        if self.lottie is not None:
            return self.lottie.in_point, self.lottie.out_point
        if self.stage.range is not None:
            return self.stage.range
        if self.paging is not None and self.scrolling:
            return 0.0, (self.paging.pages - 1) * self.paging.page_width
        if isinstance(self.source, Node):
            return 0.0, self.source.end_time
        times = []
        for column in self.source.layout:
            keyframes = self.source[column.target, column.property].keyframes
            times += [keyframes[0].time, keyframes[-1].time] if keyframes else []
        if not times:
            raise RenderError("the stage's animator has no keyframes: give start and end")
        return min(times), max(times)

    def frame_values(
        self,
        frames: Optional[int] = None,
        start: Optional[float] = None,
        end: Optional[float] = None,
        fps: float = 30.0,
    ) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The frames' times (or content offsets): `frames` evenly spaced
        values from `start` to `end` inclusive (defaults: `default_span`;
        for a time stage round((end − start)·fps) + 1 frames, for a scroll
        stage 120)."""
        if start is None or end is None:
            default_start, default_end = self.default_span()
            start = default_start if start is None else start
            end = default_end if end is None else end
        if not (np.isfinite(start) and np.isfinite(end)):
            raise RenderError(f"the frames' span must be finite, not {start}…{end}")
        if not (np.isfinite(fps) and fps > 0):
            raise RenderError(f"fps must be a positive number, not {fps}")
        if self.lottie is not None:
            return self._lottie_frames(frames, start, end)
        if frames is None:
            span = abs(end - start) * fps
            if not span < MAX_FRAMES:
                raise RenderError(
                    f"{start:g} to {end:g} at {fps:g} fps is more than {MAX_FRAMES} frames: give a frame count"
                )
            frames = SCROLL_FRAMES if self.scrolling else int(round(span)) + 1
        if not 1 <= frames <= MAX_FRAMES:
            raise RenderError(f"the frame count must be 1 to {MAX_FRAMES}, not {frames}")
        if frames == 1:
            return np.array([float(start)])
        return np.linspace(float(start), float(end), int(frames))

    def _lottie_frames(self, frames: Optional[int], start: float, end: float) -> np.ndarray[Any, np.dtype[np.float64]]:
        """A Lottie file's frames from `start` up to (not including) `end`:
        every whole step, or `frames` evenly spaced ones."""
        if frames is None:
            span = end - start
            if not span < MAX_FRAMES:
                raise RenderError(f"frames {start:g} to {end:g} are more than {MAX_FRAMES}: give a frame count")
            frames = max(1, int(np.ceil(span - 1e-9)))
        if not 1 <= frames <= MAX_FRAMES:
            raise RenderError(f"the frame count must be 1 to {MAX_FRAMES}, not {frames}")
        if frames == 1 or end <= start:
            return np.array([float(start)])
        return np.linspace(float(start), float(end), int(frames), endpoint=False)

    @property
    def fps(self) -> Optional[float]:
        """A Lottie file's frame rate `fr` (None for a stage)."""
        return None if self.lottie is None else self.lottie.frame_rate

    def _lottie_draw(self, frame: float) -> Frame:
        assert self.lottie is not None
        if self.backend == "native":
            return self._native_draw(frame)
        painter = self._paint()
        if self._list is None:
            from ._ops import OpDrawer, decode_images

            self._list = DisplayList()
            self._drawer = OpDrawer(decode_images(self.lottie.images, self.base_path))
        ops = self._list.draw(self.lottie, float(frame))
        return painter.draw_ops(ops, self._drawer)

    def _native_draw(self, frame: float) -> Frame:
        """A Lottie frame drawn by the library's rasterizer, fitted as the
        painter fits it (scale, centred), over the background."""
        assert self.lottie is not None
        if self._raster is None:
            from .._raster import Raster

            raster = Raster()
            for index, rgba in enumerate(decode_rgba(self.lottie.images, self.base_path)):
                if rgba is not None:
                    raster.set_image(index, rgba)
            background = self.background if len(self.background) == 4 else (*self.background, 1.0)
            # The size, matrix and background converted once: a frame is
            # one array and one foreign call.
            self._draw_native = raster._renderer(
                (self.width, self.height),
                (self.scale, 0.0, 0.0, self.scale, self.dx, self.dy),
                background if background[3] > 0 else None,
            )
            self._raster = raster
        return self._draw_native(self.lottie, float(frame))  # type: ignore[no-any-return]

    def svg(self, frame: float) -> str:
        """A Lottie frame as SVG text (the display list as SVG elements: masks
        and mattes as <mask>, groups with opacity and mix-blend-mode), at
        this renderer's size and background."""
        if self.lottie is None:
            raise RenderError("SVG output is for Lottie files: a scene's stage draws only as pixels")
        from ._svg import frame_svg

        return frame_svg(
            self.lottie,
            frame,
            (self.width, self.height),
            self.background,
            self.base_path,
        )

    # -- states and drawing ---------------------------------------------------

    def states(self, frame_values: Union[Sequence[float], np.ndarray[Any, np.dtype[np.float64]]]) -> List[TargetState]:
        """Every target at every frame value, from one batch sample of the
        source."""
        values = np.ascontiguousarray(frame_values, dtype=np.float64).reshape(-1)
        times = values
        if self.paging is not None and self.scrolling:
            times = values / self.paging.page_width  # the paging time axis is the page offset
        matrix = self.source.sample(times)
        if matrix.ndim == 1:
            matrix = matrix.reshape(values.size, -1)
        layout = self.source.layout
        check_kinds(layout, {t.name for t in self.stage.targets}, self.stage)
        columns = split_columns(matrix, layout)
        n = values.size
        scroll = values if self.scrolling else None
        out = []
        for target in self.stage.targets:
            motion = None
            if target.motion_path:
                path = self.paths[target.motion_path]
                rotate = "auto" if target.motion_rotate == "none" else target.motion_rotate

                def motion(fractions: Any, path: Path = path, rotate: Any = rotate) -> Any:
                    return path.sample(fractions, rotate)

            mask = None
            if target.mask:
                mask_object = self.masks[target.mask]

                def mask(progress: Any, widths: Any, heights: Any, mask_object: Mask = mask_object,
                         base: Tuple[float, float] = (target.frame[2], target.frame[3])) -> Any:
                    return _mask_at_sizes(mask_object, base, progress, widths, heights)

            out.append(target_state(target, columns.get(target.name, {}), n, scroll=scroll, motion=motion, mask=mask))
        return out

    def _paint(self) -> Painter:
        _require_skia()
        if self._painter is None:
            data = {name: path.data for name, path in self.paths.items()}
            images = [(t.name, t.image) for t in self.stage.targets if t.image]
            self._painter = Painter(
                self.width,
                self.height,
                self.background,
                self.scale,
                self.dx,
                self.dy,
                data,
                self.base_path,
                stage_size=self.stage.size,
                images=images,
            )
        return self._painter

    def frames(
        self, values: Union[Sequence[float], np.ndarray[Any, np.dtype[np.float64]]], progress: Optional[Progress] = None
    ) -> List[Frame]:
        """The pictures at `values`: (height, width, 4) uint8 RGBA arrays."""
        if self.lottie is not None:
            out = []
            frames = np.asarray(values, dtype=np.float64).reshape(-1).tolist()
            for done, value in enumerate(frames, 1):
                out.append(self._lottie_draw(value))
                if progress is not None:
                    progress(done, len(frames))
            return out
        states = self.states(values)
        return draw_all(self._paint(), states, len(states[0].alpha) if states else len(values), progress)

    def frame(self, value: float) -> Frame:
        """The picture at one time (or content offset; a Lottie renderer's
        composition frame)."""
        if self.lottie is not None:
            return self._lottie_draw(value)
        return self.frames([value])[0]

    def _repr_html_(self) -> Optional[str]:
        """Jupyter: the renderer's default frames as an inline animation
        (`notebook_html`: capped in frames, pixels and bytes); None on any
        error, so a notebook shows the text repr instead."""
        try:
            return notebook_html(self)
        except Exception:
            return None


def notebook_html(obj: Any) -> Optional[str]:
    """What a notebook shows for a scene (its first stage), a Lottie import
    or a Renderer: an animated image (WebP, else GIF) in an HTML <img> with
    a data URI, and a caption. Capped: at most INLINE_FRAMES (60) frames,
    spread over the default span with its playing time kept; at most
    INLINE_SIDE (320) pixels a side (scaled down, aspect kept); at most
    INLINE_BYTES (3 MB) encoded, halving the frame count until it fits.
    None without the render extra (skia-python, Pillow) or with nothing to
    draw (a scene without stages). Scenes' and Lottie imports'
    `_repr_html_` call this; errors propagate to them (they return None)."""
    if not available()[0]:
        return None
    try:
        import PIL  # noqa: F401 - only whether the extra is there
    except ImportError:
        return None
    if isinstance(obj, Renderer):
        renderer = _inline_renderer(obj)
        label = "Lottie" if obj.lottie is not None else (obj.stage.name or "stage")
    elif isinstance(obj, LottieImport):
        renderer = Renderer.from_lottie(obj, size=inline_size(obj.width, obj.height))
        label = "Lottie"
    else:
        stages = list(getattr(obj, "stages", None) or [])
        if not stages:
            return None
        renderer = Renderer.from_scene(obj, 0, size=inline_size(*stages[0].size))
        label = f"stage {stages[0].name!r}" if stages[0].name else "stage"
    values = renderer.frame_values()
    lottie = renderer.lottie
    if lottie is not None:
        seconds = (lottie.out_point - lottie.in_point) / lottie.frame_rate
    else:
        seconds = values.size / 30.0  # frame_values' default rate
    return animation_html(renderer.frames, values.tolist(), seconds, endpoint=lottie is None, label=label)


def _inline_renderer(renderer: Renderer) -> Renderer:
    """`renderer`, or one like it scaled down to fit INLINE_SIDE."""
    if max(renderer.width, renderer.height) <= INLINE_SIDE:
        return renderer
    size = inline_size(renderer.width, renderer.height)
    if renderer.lottie is not None:
        smaller = Renderer.from_lottie(renderer.lottie, size=size, background=renderer.background)
        smaller.base_path = renderer.base_path
        return smaller
    return Renderer(
        renderer.stage,
        renderer.source,
        paging=renderer.paging,
        paths=renderer.paths,
        masks=renderer.masks,
        size=size,
        base_path=renderer.base_path,
        background=renderer.background,
    )


def _background(value: Any) -> Tuple[float, float, float, float]:
    from .._colors import color_channels

    channels = color_channels(value)
    if len(channels) != 4:
        raise RenderError(f"a background is a color string or (r, g, b[, a]) numbers, not {value!r}")
    return (float(channels[0]), float(channels[1]), float(channels[2]), float(channels[3]))


def _mask_at_sizes(
    mask: Mask, base: Tuple[float, float], progress: Any, widths: Any, heights: Any
) -> Tuple[Any, Any]:
    """A target's mask at each frame, following the target's size: the mask
    scaled by the target's size over its base frame size (a mask as large as
    its target stays as large as it), its geometry from the library, one
    call per distinct size."""
    progress = np.asarray(progress, dtype=np.float64)
    sx = mask.width * (widths / base[0] if base[0] > 0 else 1.0)
    sy = mask.height * (heights / base[1] if base[1] > 0 else 1.0)
    rects = np.empty((progress.size, 4))
    radii = np.empty(progress.size)
    sizes = np.stack([sx, sy], axis=1)
    distinct, which = np.unique(sizes, axis=0, return_inverse=True)
    for k, (w, h) in enumerate(distinct.tolist()):
        rows = which.reshape(-1) == k
        sized = mask if (w, h) == (mask.width, mask.height) else Mask(mask.kind, w, h)
        rects[rows] = sized.geometry(progress[rows])
        radii[rows] = sized.radius(progress[rows])
    return rects, radii


def render(
    scene: Any,
    output: str,
    *,
    fps: Optional[float] = None,
    size: Optional[Tuple[int, int]] = None,
    start: Optional[float] = None,
    end: Optional[float] = None,
    frames: Optional[int] = None,
    stage: Union[str, int, None] = None,
    progress: Optional[Progress] = None,
    driver: Optional[str] = None,
    background: Optional[Any] = None,
    loop: int = 0,
    hold: float = 0.0,
) -> RenderResult:
    """Renders a scene's stage to `output` (.gif, .png/.apng, .mp4, a
    directory or a %d pattern for PNG frames). `scene` is a razzle.Scene or
    the path of a scene file (images are then found beside it). See
    `Renderer.frame_values` for `frames`, `start`, `end` and `fps`.
    `driver` ("time" or "scroll"), if given, is what `start` and `end` are
    meant to be: a stage driven otherwise is a RenderError (times given to a
    scroll view, or the reverse). `fps` defaults to 30. `background`
    replaces the stage's.

    A Lottie document (a path to a .json whose top level has "layers" and
    "fr", or to a .tgs; a dict, JSON text or a `razzle.import_lottie`
    result) plays from `start` (default ip) up to, not including, `end`
    (default op), one frame per composition frame (or `frames` evenly
    spaced), at the file's `fr` unless `fps` is given, over `background`
    (default transparent; white in GIF and MP4). An .svg output writes the
    one frame `start` as SVG.

    Each frame of an animation shows for the time between the frames'
    values (a time stage: the span over the frame count; a scroll stage:
    1/fps; a Lottie file: composition frames over its frame rate), so the
    delays add up to the animation's duration; `hold` adds seconds to the
    last frame, `loop` is how many times it plays (0: forever). A GIF shows
    at most 50 frames per second: faster frames are merged."""
    if _is_lottie(scene):
        return _render_lottie(scene, output, fps, size, start, end, frames, progress, background, loop, hold)
    if fps is None:
        fps = 30.0
    began = time.perf_counter()
    base_path = None
    if isinstance(scene, (str, os.PathLike)):
        from .._scene import load

        base_path = os.path.dirname(os.path.abspath(os.fspath(scene)))
        scene = load(scene)
    output_kind(output)
    _require_skia()
    renderer = Renderer.from_scene(scene, stage, size=size, base_path=base_path)
    if background is not None:
        renderer.background = _background(background)
    actual = "scroll" if renderer.scrolling else "time"
    if driver is not None and driver != actual:
        name = f"stage {renderer.stage.name!r}" if renderer.stage.name else "the stage"
        what = "content offsets (razzle render --scroll A:B)" if actual == "scroll" else "times (--from/--to)"
        raise RenderError(f"{name} is {actual}-driven: its frames are {what}, not {'times' if actual == 'scroll' else 'content offsets'}")
    values = renderer.frame_values(frames, start, end, fps)
    prepare_output(output, values.size, renderer.width, renderer.height)
    painter = renderer._paint()
    t0 = time.perf_counter()
    states = renderer.states(values)
    t1 = time.perf_counter()
    drawing = [0.0]

    def draw(row: int) -> Frame:
        began_row = time.perf_counter()
        picture = painter.draw(states, row)
        drawing[0] += time.perf_counter() - began_row
        return picture

    step = None if renderer.scrolling else frame_seconds(values, 1.0)
    written = write_stream(draw, values.size, output, fps, progress, frame_seconds=step, loop=loop, hold=hold)
    t2 = time.perf_counter()
    return RenderResult(
        path=written[0] if len(written) == 1 else output,
        frames=values.size,
        width=renderer.width,
        height=renderer.height,
        seconds=t2 - began,
        sample_seconds=t1 - t0,
        draw_seconds=drawing[0],
        encode_seconds=t2 - t1 - drawing[0],
    )


def frame_seconds(values: np.ndarray[Any, np.dtype[np.float64]], per_second: float) -> Optional[float]:
    """How long each frame shows: the step between evenly spaced frame
    values, in units of `per_second` per second (times: 1; Lottie frames:
    the frame rate); None for one frame or no step (then 1/fps)."""
    if values.size < 2:
        return None
    step = abs(float(values[1]) - float(values[0])) / per_second
    return step if step > 0 else None


def _is_lottie(source: Any) -> bool:
    if isinstance(source, (str, os.PathLike)) and not is_json_text(source):
        return os.path.isfile(source) and is_lottie_file(source)
    return is_lottie_document(source)


def _render_lottie(
    source: Any,
    output: str,
    fps: Optional[float],
    size: Optional[Tuple[int, int]],
    start: Optional[float],
    end: Optional[float],
    frames: Optional[int],
    progress: Optional[Progress],
    background: Optional[Any],
    loop: int = 0,
    hold: float = 0.0,
) -> RenderResult:
    began = time.perf_counter()
    svg = output.lower().endswith(".svg")
    if not svg:
        output_kind(output)
        _require_skia()
    renderer = Renderer.from_lottie(source, size=size, background=background)
    lottie = renderer.lottie
    assert lottie is not None
    if fps is None:
        fps = lottie.frame_rate
    if not (np.isfinite(fps) and fps > 0):
        raise RenderError(f"fps must be a positive number, not {fps}")
    first, last = renderer.default_span()
    first = first if start is None else float(start)
    last = last if end is None else float(end)
    if not (np.isfinite(first) and np.isfinite(last)):
        raise RenderError(f"the frames' span must be finite, not {first}…{last}")
    if svg:
        from ._svg import write_svg

        t0 = time.perf_counter()
        write_svg(output, renderer.svg(first))
        t1 = time.perf_counter()
        return RenderResult(output, 1, renderer.width, renderer.height, t1 - began, 0.0, t1 - t0, 0.0)
    values = renderer.frame_values(frames, first, last)
    prepare_output(output, values.size, renderer.width, renderer.height)
    drawing = [0.0]
    numbers = values.tolist()

    def draw(row: int) -> Frame:
        began_row = time.perf_counter()
        picture = renderer.frame(numbers[row])
        drawing[0] += time.perf_counter() - began_row
        return picture

    t1 = time.perf_counter()
    step = frame_seconds(values, fps) if values.size > 1 else None
    written = write_stream(draw, values.size, output, fps, progress, frame_seconds=step, loop=loop, hold=hold)
    t2 = time.perf_counter()
    return RenderResult(
        path=written[0] if len(written) == 1 else output,
        frames=values.size,
        width=renderer.width,
        height=renderer.height,
        seconds=t2 - began,
        sample_seconds=0.0,
        draw_seconds=drawing[0],
        encode_seconds=t2 - t1 - drawing[0],
    )
