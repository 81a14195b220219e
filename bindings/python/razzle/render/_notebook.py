"""Inline animations for notebooks: frames drawn by a renderer, encoded in
memory as one animated image (WebP, else GIF) inside an HTML <img> with a
data URI, as matplotlib's `to_jshtml` embeds its frames. Bounded: at most
`INLINE_FRAMES` frames (spread over the whole span, the playing time kept),
pictures of at most `INLINE_SIDE` pixels a side (the caller scales the
renderer), at most `INLINE_BYTES` encoded (the frame count is halved until
it fits, else there is no animation)."""

from __future__ import annotations

import base64
import html
import io
from typing import Any, Callable, List, Optional, Sequence

import numpy as np

#: The most frames an inline animation holds.
INLINE_FRAMES = 60
#: The largest side of an inline animation's pictures, in pixels.
INLINE_SIDE = 320
#: The most bytes of the encoded image (before base64).
INLINE_BYTES = 3_000_000

Frame = np.ndarray[Any, np.dtype[np.uint8]]


def inline_size(width: float, height: float) -> tuple[int, int]:
    """(width, height) scaled down (never up) to fit INLINE_SIDE, aspect
    kept, at least one pixel."""
    scale = min(1.0, INLINE_SIDE / max(width, height, 1e-9))
    return max(1, round(width * scale)), max(1, round(height * scale))


def spread(values: Sequence[float], most: int, endpoint: bool) -> List[float]:
    """At most `most` values evenly spaced over `values`' span: the first
    and (with `endpoint`) the last kept; all of them when they fit."""
    if len(values) <= most:
        return list(values)
    first, last = float(values[0]), float(values[-1])
    if not endpoint:  # a Lottie file's frames stop before op: keep the step's share
        last += (last - first) / (len(values) - 1)
    return [float(v) for v in np.linspace(first, last, most, endpoint=endpoint)]


def _encode(frames: Sequence[Frame], seconds: float) -> tuple[bytes, str]:
    """The frames as one animated image: (bytes, MIME type). Each frame
    shows for its share of `seconds` (start times rounded to whole
    milliseconds, so the durations sum to the whole)."""
    from PIL import Image, features

    count = len(frames)
    starts = [round(i * seconds * 1000.0 / count) for i in range(count + 1)]
    durations = [max(starts[i + 1] - starts[i], 1) for i in range(count)]
    buffer = io.BytesIO()
    if features.check("webp"):
        images = [Image.fromarray(frame) for frame in frames]
        images[0].save(
            buffer, format="WEBP", save_all=count > 1, append_images=images[1:], duration=durations, loop=0,
            quality=80, method=2,
        )
        return buffer.getvalue(), "image/webp"
    # GIF: over white (no partial transparency), one palette, 10 ms steps.
    opaque = []
    for frame in frames:
        alpha = frame[:, :, 3:].astype(np.uint16)
        opaque.append(((frame[:, :, :3] * alpha + 255 * (255 - alpha) + 127) // 255).astype(np.uint8))
    palette = Image.fromarray(np.concatenate(opaque[:: max(1, count // 8)], axis=0)).quantize(256)
    images = [Image.fromarray(frame).quantize(palette=palette) for frame in opaque]
    centis = [round(i * seconds * 100.0 / count) for i in range(count + 1)]
    images[0].save(
        buffer, format="GIF", save_all=count > 1, append_images=images[1:], loop=0,
        duration=[max(centis[i + 1] - centis[i], 1) * 10 for i in range(count)],
    )
    return buffer.getvalue(), "image/gif"


def animation_html(
    draw: Callable[[Sequence[float]], Sequence[Frame]],
    values: Sequence[float],
    seconds: float,
    *,
    endpoint: bool = True,
    label: str = "",
) -> Optional[str]:
    """An <img> of the frames `draw(values)` playing over `seconds` in a
    loop, under the caps above (the caption says how many frames of how
    many are shown), or None when even one frame is above INLINE_BYTES."""
    count = INLINE_FRAMES
    while True:
        chosen = spread(values, count, endpoint)
        frames = draw(chosen)
        data, mime = _encode(frames, seconds)
        if len(data) <= INLINE_BYTES:
            break
        if count == 1:
            return None
        count = max(1, count // 2)
    height, width = frames[0].shape[:2]
    shown = f"{len(chosen)} of {len(values)} frames" if len(chosen) < len(values) else f"{len(chosen)} frames"
    caption = f"{label}: " if label else ""
    caption += f"{shown}, {seconds:.3g} s, {width}×{height}"
    uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return (
        f'<figure style="margin:0"><img src="{uri}" width="{width}" height="{height}" '
        f'alt="{html.escape(caption)}"/>'
        f'<figcaption style="font-size:smaller;color:#666">{html.escape(caption)}</figcaption></figure>'
    )
