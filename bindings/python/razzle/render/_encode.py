"""Writing frames: GIF, APNG and PNG through Pillow, PNG sequences, MP4
through imageio-ffmpeg when it is installed. The output's name picks the
format (Guides/Rendering.md)."""

from __future__ import annotations

import os
from typing import Any, List, Sequence

import numpy as np

from .._errors import RazzleError

Frame = np.ndarray[Any, np.dtype[np.uint8]]


class RenderError(RazzleError):
    """A render that cannot be done: a missing optional package, a scene
    without stages, an output the renderer cannot write."""


def output_kind(output: str) -> str:
    """"gif", "png" (one frame, or an APNG of several), "sequence" (a
    directory — an existing one, or a name without an extension — or a
    name with a %d-style pattern: one PNG per frame) or "mp4"."""
    if "%" in os.path.basename(output):
        return "sequence"
    extension = os.path.splitext(output)[1].lower()
    if output.endswith(os.sep) or os.path.isdir(output) or not extension:
        return "sequence"
    kinds = {".gif": "gif", ".png": "png", ".apng": "png", ".mp4": "mp4"}
    if extension not in kinds:
        raise RenderError(
            f"{output}: unknown output format {extension!r}: "
            "use .gif, .png, .apng, .mp4, a directory or a name with %04d"
        )
    return kinds[extension]


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise RenderError("writing images needs Pillow: pip install 'razzle[render]'") from None
    return Image


def _palette_frames(frames: Sequence[Frame]) -> List[Any]:
    """Frames as palette images sharing one 256-color palette, computed from
    a mosaic of up to 16 frames spread over the animation (so a color that
    appears late still has an entry); no dithering, so flat areas stay flat."""
    Image = _pillow()
    step = max(1, len(frames) // 16)
    chosen = [frames[i][:, :, :3] for i in range(0, len(frames), step)][:16]
    palette = Image.fromarray(np.concatenate(chosen, axis=0)).quantize(256, method=Image.Quantize.FASTOCTREE)
    return [Image.fromarray(frame[:, :, :3]).quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]


def gif_durations(count: int, fps: float) -> List[int]:
    """Each frame's duration in ms for a GIF, which counts in hundredths of
    a second: frame i starts at i/fps rounded to 10 ms, so 30 fps alternates
    30 and 40 ms and n frames last n/fps seconds to within 10 ms (a plain
    33 ms would be written as 30: 10 % fast)."""
    starts = [round(i * 100.0 / fps) * 10 for i in range(count + 1)]
    return [max(starts[i + 1] - starts[i], 10) for i in range(count)]


def write_frames(frames: Sequence[Frame], output: str, fps: float) -> List[str]:
    """Writes `frames` ((height, width, 4) uint8 RGBA arrays) to `output`;
    returns the files written."""
    if not frames:
        raise RenderError(f"{output}: no frames to write")
    kind = output_kind(output)
    duration_ms = 1000.0 / fps
    if kind == "sequence":
        Image = _pillow()
        pattern = output if "%" in os.path.basename(output) else os.path.join(output, "frame-%04d.png")
        os.makedirs(os.path.dirname(pattern) or ".", exist_ok=True)
        written = []
        for i, frame in enumerate(frames):
            name = pattern % i
            Image.fromarray(frame).save(name, compress_level=1)
            written.append(name)
        return written
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    if kind == "gif":
        images = _palette_frames(frames)
        images[0].save(
            output,
            save_all=True,
            append_images=images[1:],
            duration=gif_durations(len(images), fps),
            loop=0,
            optimize=False,
            disposal=1,
        )
    elif kind == "png":
        Image = _pillow()
        images = [Image.fromarray(frame) for frame in frames]
        if len(images) == 1:
            images[0].save(output, format="PNG")
        else:
            images[0].save(
                output, format="PNG", save_all=True, append_images=images[1:], duration=duration_ms, loop=0, compress_level=3
            )
    else:
        try:
            import imageio_ffmpeg  # type: ignore[import-not-found, import-untyped, unused-ignore]
        except ImportError:
            raise RenderError(f"{output}: writing MP4 needs imageio-ffmpeg: pip install imageio-ffmpeg") from None
        height, width = frames[0].shape[:2]
        # H.264 in yuv420p needs even sizes: the last row or column is cut.
        even_w, even_h = width - width % 2, height - height % 2
        writer = imageio_ffmpeg.write_frames(output, (even_w, even_h), fps=fps, pix_fmt_in="rgb24", quality=8, macro_block_size=1)
        writer.send(None)
        for frame in frames:
            writer.send(np.ascontiguousarray(frame[:even_h, :even_w, :3]))
        writer.close()
    return [output]
