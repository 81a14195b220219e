"""Writing frames: GIF, APNG and PNG through Pillow, PNG sequences, MP4
through imageio-ffmpeg when it is installed. The output's name picks the
format (Guides/Rendering.md)."""

from __future__ import annotations

import os
import re
from typing import Any, Callable, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import RazzleError

Frame = np.ndarray[Any, np.dtype[np.uint8]]


class RenderError(RazzleError):
    """A render that cannot be done: a missing optional package, a scene
    without stages, an output the renderer cannot write."""


#: A name's frame-number pattern: one %d or %0Nd (other % signs as %%).
_PATTERN = re.compile(r"%(0\d+)?d")

#: The most memory the formats written at the end (GIF, APNG) may hold:
#: a render that needs more is refused with the numbers (a PNG sequence or
#: an MP4 streams instead).
MEMORY_BUDGET = 2 << 30


def _is_pattern(name: str) -> bool:
    """Whether `name` has exactly one frame-number pattern (and any other %
    doubled)."""
    return len(_PATTERN.findall(name)) == 1 and "%" not in _PATTERN.sub("", name).replace("%%", "")


#: The formats an output of "-" (standard output) may be written in.
STREAM_FORMATS = ("gif", "png", "webp", "mp4")


def output_kind(output: str) -> str:
    """"gif", "png" (one frame, or an APNG of several), "webp", "sequence" (a
    directory — an existing one, or a name without an extension — or a
    name with one %d or %04d: one PNG per frame) or "mp4". A % that is not
    such a pattern is part of the name (`100%.png` is a PNG)."""
    if output == "-":
        raise RenderError(
            "-: standard output needs a format: razzle render -o - --format gif (or png, webp, mp4); "
            "a PNG sequence cannot be streamed"
        )
    if _is_pattern(os.path.basename(output)):
        return "sequence"
    extension = os.path.splitext(output)[1].lower()
    if output.endswith(os.sep) or os.path.isdir(output) or not extension:
        return "sequence"
    kinds = {".gif": "gif", ".png": "png", ".apng": "png", ".mp4": "mp4", ".webp": "webp"}
    if extension not in kinds:
        raise RenderError(
            f"{output}: unknown output format {extension!r}: "
            "use .gif, .png, .apng, .webp, .mp4, a directory or a name with %04d"
        )
    return kinds[extension]


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise RenderError("writing images needs Pillow: pip install 'razzle[render]'") from None
    return Image


def _ffmpeg(output: str) -> Any:
    try:
        import imageio_ffmpeg  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        raise RenderError(f"{output}: writing MP4 needs imageio-ffmpeg: pip install imageio-ffmpeg") from None
    return imageio_ffmpeg


def _sequence_pattern(output: str) -> str:
    return output if _is_pattern(os.path.basename(output)) else os.path.join(output, "frame-%04d.png")


def prepare_output(output: str, count: int, width: int, height: int) -> str:
    """Checks, before anything is drawn, that `output` can be written: its
    format, the packages it needs, its folder (created), the memory a GIF
    or an APNG would hold. Returns the output's kind."""
    kind = output_kind(output)
    if kind == "mp4":
        _ffmpeg(output)
    else:
        _pillow()
    per_frame = {"gif": width * height, "png": width * height * 4, "webp": width * height * 4}.get(kind, 0)
    if count > 1 and per_frame * count > MEMORY_BUDGET:
        raise RenderError(
            f"{output}: {count} frames of {width}x{height} need {per_frame * count / 2**30:.1f} GiB for a "
            f"{kind.upper()} (the limit is {MEMORY_BUDGET / 2**30:.0f} GiB): write a PNG sequence or an MP4, "
            "which stream, or fewer or smaller frames"
        )
    folder = os.path.dirname(_sequence_pattern(output) if kind == "sequence" else output) or "."
    try:
        os.makedirs(folder, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise RenderError(f"{output}: a part of {folder!r} is a file, not a folder") from None
    except OSError as error:
        raise RenderError(f"{output}: cannot create {folder!r}: {error.strerror}") from None
    if not os.access(folder, os.W_OK):
        raise RenderError(f"{output}: {folder!r} is not writable")
    return kind


def _opaque(frame: Frame) -> Frame:
    """RGB for formats without partial transparency (GIF, MP4): the frame
    over white."""
    rgb = frame[:, :, :3]
    alpha = frame[:, :, 3:]
    if alpha.min() == 255:
        return np.ascontiguousarray(rgb)
    over = (rgb.astype(np.uint16) * alpha + 255 * (255 - alpha.astype(np.uint16)) + 127) // 255
    return over.astype(np.uint8)


def _spread(count: int, most: int) -> List[int]:
    """Up to `most` frame indices spread evenly from the first to the last."""
    chosen = min(count, most)
    return sorted({round(i * (count - 1) / max(chosen - 1, 1)) for i in range(chosen)})


#: GIF's shortest frame that browsers show as written, in hundredths of a
#: second: a delay of 0 or 1 is shown as 10 (100 ms), so a GIF plays at
#: most 50 frames per second.
GIF_MIN_DELAY = 2


def gif_frames(count: int, frame_seconds: float) -> Tuple[List[int], List[int]]:
    """(the frames a GIF keeps, each one's duration in ms) for `count`
    frames `frame_seconds` apart: frame i starts at i · frame_seconds
    rounded to 10 ms, and a frame that would start less than 20 ms after
    the last one kept (or before the last frame, the end state, which is
    always kept) is dropped — browsers show 10 ms frames for 100 ms — so
    the GIF plays at most 50 frames per second. Rounding each start (not
    each length) keeps the sums exact to within 10 ms: the last frame, the
    end state, starts at (count − 1) · frame_seconds, the animation's real
    duration, and shows one step like the others (the GIF lasts count ·
    frame_seconds)."""
    starts = [round(i * frame_seconds * 100.0) for i in range(count + 1)]
    last = count - 1
    kept = [0]
    for i in range(1, last):
        if starts[i] - starts[kept[-1]] >= GIF_MIN_DELAY and starts[last] - starts[i] >= GIF_MIN_DELAY:
            kept.append(i)
    if last > 0:
        kept.append(last)
    ends = kept[1:] + [count]
    return kept, [max(starts[end] - starts[begin], GIF_MIN_DELAY) * 10 for begin, end in zip(kept, ends)]


def write_frames(
    frames: Sequence[Frame],
    output: str,
    fps: float,
    *,
    frame_seconds: Optional[float] = None,
    loop: int = 0,
    hold: float = 0.0,
) -> List[str]:
    """Writes `frames` ((height, width, 4) uint8 RGBA arrays) to `output`;
    returns the files written. See `write_stream` for the timing options."""
    if not frames:
        raise RenderError(f"{output}: no frames to write")
    height, width = frames[0].shape[:2]
    prepare_output(output, len(frames), width, height)
    return write_stream(
        lambda i: frames[i], len(frames), output, fps, frame_seconds=frame_seconds, loop=loop, hold=hold
    )


def _plays(loop: int) -> int:
    if isinstance(loop, bool) or not isinstance(loop, int) or loop < 0:
        raise RenderError(f"loop is how many times the animation plays (0: forever), not {loop!r}")
    return loop


def write_stream(
    draw: Callable[[int], Frame],
    count: int,
    output: str,
    fps: float,
    progress: Optional[Callable[[int, int], None]] = None,
    *,
    frame_seconds: Optional[float] = None,
    loop: int = 0,
    hold: float = 0.0,
) -> List[str]:
    """Writes the frames `draw(0)`, …, `draw(count − 1)` to `output` (checked
    by `prepare_output`), drawing each once — a GIF also draws up to 16
    frames first for its palette. PNG sequences and MP4 stream: one frame
    in memory at a time. `progress(done, count)` is called as each frame is
    drawn and encoded. Returns the files written.

    Each frame shows for `frame_seconds` (default 1/fps: the time between
    the frames' sampled times, so the delays add up to the animation's
    real duration), the last one `hold` seconds longer; an animation plays
    `loop` times (0: forever). A GIF counts in hundredths of a second and
    shows at most 50 frames per second (`gif_frames`); MP4 has no loop
    count and holds by repeating the last frame."""
    kind = output_kind(output)
    plays = _plays(loop)
    step = 1.0 / fps if frame_seconds is None else float(frame_seconds)
    if not (step > 0 and step < float("inf")):
        raise RenderError(f"a frame's duration must be a positive number of seconds, not {step!r}")
    if not (hold >= 0 and hold < float("inf")):
        raise RenderError(f"hold must be a number of seconds >= 0, not {hold!r}")
    if progress is not None:
        drawn = draw

        def draw(i: int) -> Frame:
            frame = drawn(i)
            progress(i + 1, count)
            return frame

    if kind == "sequence":
        Image = _pillow()
        pattern = _sequence_pattern(output)
        written = []
        for i in range(count):
            name = pattern % i
            Image.fromarray(draw(i)).save(name, compress_level=1)
            written.append(name)
        return written
    if kind == "gif":
        Image = _pillow()
        drawn_first = drawn if progress is not None else draw
        kept, durations = gif_frames(count, step)
        durations[-1] += round(hold * 100) * 10
        # One 256-color palette for every frame, from a mosaic of up to 16
        # frames spread from the first to the last (so a color that appears
        # late has an entry), and Floyd–Steinberg dithering against it, so
        # fades, gradients and blurs do not band (a flat color in the
        # palette stays flat: its error is 0).
        mosaic = np.concatenate([_opaque(drawn_first(kept[i])) for i in _spread(len(kept), 16)], axis=0)
        palette = Image.fromarray(mosaic).quantize(256, method=Image.Quantize.MEDIANCUT)
        images = []
        keep = set(kept)
        for i in range(count):
            if i in keep:  # a frame the 50 fps limit drops is not drawn
                picture = Image.fromarray(_opaque(drawn_first(i)))
                images.append(picture.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG))
            if progress is not None:
                progress(i + 1, count)
        options = {} if plays == 1 else {"loop": 0 if plays == 0 else plays - 1}
        images[0].save(
            output,
            save_all=True,
            append_images=images[1:],
            duration=durations,
            optimize=False,
            disposal=1,
            **options,
        )
    elif kind == "webp":
        Image = _pillow()
        images = [Image.fromarray(draw(i)) for i in range(count)]
        # Lossless, with alpha; an animated WebP counts in whole milliseconds
        # (each frame's start rounded, so the delays add up).
        starts = [round(i * step * 1000.0) for i in range(count + 1)]
        durations = [max(starts[i + 1] - starts[i], 1) for i in range(count)]
        durations[-1] += round(hold * 1000)
        images[0].save(
            output, format="WEBP", save_all=len(images) > 1, append_images=images[1:],
            duration=durations if len(images) > 1 else durations[0], loop=plays, lossless=True, quality=80, method=0,
        )
    elif kind == "png":
        Image = _pillow()
        images = [Image.fromarray(draw(i)) for i in range(count)]
        if len(images) == 1:
            images[0].save(output, format="PNG")
        else:
            durations_ms = [1000.0 * step] * count
            durations_ms[-1] += 1000.0 * hold
            images[0].save(
                output, format="PNG", save_all=True, append_images=images[1:], duration=durations_ms, loop=plays,
                compress_level=3,
            )
    else:
        first = draw(0)
        height, width = first.shape[:2]
        # H.264 in yuv420p needs even sizes: the last row or column is cut.
        even_w, even_h = width - width % 2, height - height % 2
        rate = 1.0 / step
        writer = _ffmpeg(output).write_frames(
            output, (even_w, even_h), fps=rate, pix_fmt_in="rgb24", quality=8, macro_block_size=1
        )
        writer.send(None)
        frame = first
        for i in range(count):
            frame = first if i == 0 else draw(i)
            writer.send(np.ascontiguousarray(_opaque(frame)[:even_h, :even_w]))
        for _ in range(round(hold * rate)):
            writer.send(np.ascontiguousarray(_opaque(frame)[:even_h, :even_w]))
        writer.close()
    return [output]
