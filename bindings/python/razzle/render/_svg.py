"""A Lottie frame as SVG, built from its display list (razzle.DisplayList):
a vector frame any browser opens. Needs no skia.

How the ops map (include/keyframe.h defines them):
- Save: `<g transform="matrix(...)">` until its Restore; ClipRect: a
  `<clipPath>` on a group holding the rest of that state.
- BeginLayer ... EndLayer: `<g>` with `opacity` and `mix-blend-mode`; its
  mask and its matte wrap the content as `mask="url(#...)"`; a Fill
  (BeginLayer.fill) is a `<filter>` with an `feColorMatrix` in sRGB around
  them, as lottie-web's SVG renderer draws the effect.
- The mask: a luminance `<mask>` whose content is the coverage in gray (a
  rect of the start value, 0 black, 1 white); each MaskPath an isolated,
  opaque gray group of its coverage a·m (inverted: a·(1 − m); grown or
  shrunk by a stroke 2|x| wide) joined to what is below by a blend mode:
  add `screen`, subtract `multiply` of 1 − a·m, intersect `multiply`,
  lighten, darken, difference their own.
- The matte: a `<mask>` of the matte's drawing, `mask-type: alpha` (alpha)
  or luminance of the premultiplied color (luma); the inverted ones are
  white less the matte turned black with its alpha (or luma times alpha) by
  a filter.
- Fill / Stroke: `<path>` with fill-rule, stroke-dasharray and so on;
  a gradient paint is a `<linearGradient>` (x1 y1 x2 y2) or a
  `<radialGradient>` (the end circle cx cy r, the start circle fx fy fr:
  SVG 2's two-point conical gradient) with gradientUnits="userSpaceOnUse"
  (the path's coordinates, as the display list's) and a `<stop>` per stop
  with stop-opacity (the op's opacity multiplied in); spreadMethod's
  default, pad, is the display list's.
- Image: `<image>` with the asset's bytes as a data: URI."""

from __future__ import annotations

import base64
import os
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from .._display_list import (
    BeginLayer,
    BeginMask,
    BeginMatte,
    ClipRect,
    DrawOp,
    EndLayer,
    EndMask,
    EndMatte,
    Fill,
    Gradient,
    Image,
    LinearGradient,
    MaskPath,
    Restore,
    Save,
    Stroke,
)

Affine = Tuple[float, float, float, float, float, float]
_IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_TERMINATORS = (Restore, EndLayer, EndMask, EndMatte, BeginMask, BeginMatte)
_MASK_BLENDS = {
    "add": "screen",
    "subtract": "multiply",
    "intersect": "multiply",
    "lighten": "lighten",
    "darken": "darken",
    "difference": "difference",
}


def _n(x: float) -> str:
    """A number for an attribute: up to 7 significant digits, no -0."""
    text = format(float(x), ".7g")
    return "0" if text in ("-0", "0") else text


def _concat(m: Affine, n: Affine) -> Affine:
    """m · n: n applied first."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _rgb(color: Sequence[float]) -> str:
    r, g, b = (min(255, max(0, round(float(v) * 255))) for v in color[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def _mime(data: bytes) -> str:
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    return "application/octet-stream"


class _Writer:
    def __init__(self, ops: Sequence[DrawOp], images: Sequence[Optional[str]], bounds: Tuple[float, float, float, float]):
        self.ops = ops
        self.images = images
        self.bounds = bounds  # the composition's rect, in root coordinates
        self.defs: List[str] = []
        self.count = 0

    def _id(self, kind: str) -> str:
        self.count += 1
        return f"{kind}{self.count}"

    def _cover(self, m: Affine) -> Tuple[float, float, float, float]:
        """A rect (x, y, w, h) in the coordinates under `m` that covers the
        composition with a margin (the start of masks, inverted paths)."""
        a, b, c, d, e, f = m
        det = a * d - b * c
        x0, y0, w, h = self.bounds
        margin = max(w, h)
        corners = np.array(
            [[x0 - margin, y0 - margin], [x0 + w + margin, y0 - margin], [x0 - margin, y0 + h + margin],
             [x0 + w + margin, y0 + h + margin]]
        )
        if not abs(det) > 1e-12:
            return (-1e6, -1e6, 2e6, 2e6)
        px, py = corners[:, 0] - e, corners[:, 1] - f
        xs = (d * px - c * py) / det
        ys = (-b * px + a * py) / det
        return (float(xs.min()), float(ys.min()), float(xs.max() - xs.min()), float(ys.max() - ys.min()))

    def _rect(self, m: Affine, fill: str, extra: str = "") -> str:
        x, y, w, h = self._cover(m)
        return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"{extra}/>'

    # The ops from `i` up to a terminator (returned, not consumed), under `m`.
    def seq(self, i: int, m: Affine, out: List[str]) -> int:
        ops = self.ops
        while i < len(ops):
            op = ops[i]
            if isinstance(op, _TERMINATORS):
                return i
            if isinstance(op, Save):
                inner: List[str] = []
                i = self.seq(i + 1, _concat(m, op.matrix), inner)
                if op.matrix == _IDENTITY:
                    out.append("<g>")
                else:
                    out.append(f'<g transform="matrix({" ".join(_n(v) for v in op.matrix)})">')
                out.extend(inner)
                out.append("</g>")
                if i < len(ops) and isinstance(ops[i], Restore):
                    i += 1
            elif isinstance(op, ClipRect):
                clip = self._id("clip")
                x, y, w, h = op.rect
                self.defs.append(
                    f'<clipPath id="{clip}" clipPathUnits="userSpaceOnUse"><rect x="{_n(x)}" y="{_n(y)}" '
                    f'width="{_n(w)}" height="{_n(h)}"/></clipPath>'
                )
                inner = []
                i = self.seq(i + 1, m, inner)
                out.append(f'<g clip-path="url(#{clip})">')
                out.extend(inner)
                out.append("</g>")
            elif isinstance(op, BeginLayer):
                i = self.layer(i, m, out)
            elif isinstance(op, MaskPath):
                out.append(self.mask_path(op, m))
                i += 1
            elif isinstance(op, Fill):
                if len(op.path) and op.color[3] > 0:
                    rule = ' fill-rule="evenodd"' if op.rule == "evenodd" else ""
                    paint = self.paint(op.color, op.gradient, "fill")
                    out.append(f'<path d="{op.path.to_svg_d(7)}"{paint}{rule}/>')
                i += 1
            elif isinstance(op, Stroke):
                if len(op.path) and op.color[3] > 0 and op.width > 0:
                    out.append(self.stroke(op))
                i += 1
            elif isinstance(op, Image):
                href = self.images[op.index] if 0 <= op.index < len(self.images) else None
                if href is not None and op.opacity > 0:
                    x, y, w, h = op.rect
                    opacity = f' opacity="{_n(op.opacity)}"' if op.opacity < 1 else ""
                    out.append(
                        f'<image x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
                        f'preserveAspectRatio="none" href="{href}"{opacity}/>'
                    )
                i += 1
            else:  # pragma: no cover - every op is handled above
                i += 1
        return i

    def paint(self, color: Sequence[float], gradient: Optional[Gradient], attribute: str) -> str:
        """` fill="..."` (or stroke) and its opacity for a color, or a
        reference to a new gradient in the defs; "none" for a gradient
        without stops."""
        if gradient is None:
            opacity = f' {attribute}-opacity="{_n(color[3])}"' if color[3] < 1 else ""
            return f' {attribute}="{_rgb(color)}"{opacity}'
        if not gradient.stops:
            return f' {attribute}="none"'
        name = self._id("gradient")
        stops = "".join(
            f'<stop offset="{_n(min(1.0, max(0.0, o)))}" stop-color="{_rgb((r, g, b))}"'
            + (f' stop-opacity="{_n(max(0.0, a))}"' if a < 1 else "")
            + "/>"
            for o, r, g, b, a in gradient.stops
        )
        if isinstance(gradient, LinearGradient):
            (x1, y1), (x2, y2) = gradient.start, gradient.end
            geometry = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
            self.defs.append(f'<linearGradient id="{name}" gradientUnits="userSpaceOnUse" {geometry}>{stops}</linearGradient>')
        else:
            (fx, fy), (cx, cy) = gradient.start, gradient.end
            geometry = (
                f'cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(gradient.end_radius)}" '
                f'fx="{_n(fx)}" fy="{_n(fy)}" fr="{_n(gradient.start_radius)}"'
            )
            self.defs.append(f'<radialGradient id="{name}" gradientUnits="userSpaceOnUse" {geometry}>{stops}</radialGradient>')
        return f' {attribute}="url(#{name})"'

    def stroke(self, op: Stroke) -> str:
        attributes = [
            f'd="{op.path.to_svg_d(7)}"',
            'fill="none"',
            self.paint(op.color, op.gradient, "stroke").strip(),
            f'stroke-width="{_n(op.width)}"',
            f'stroke-linecap="{op.cap}"',
            f'stroke-linejoin="{op.join}"',
        ]
        if op.join == "miter":
            attributes.append(f'stroke-miterlimit="{_n(max(1.0, op.miter_limit))}"')
        if op.dashes and sum(op.dashes) > 0:
            attributes.append(f'stroke-dasharray="{" ".join(_n(v) for v in op.dashes)}"')
            if op.dash_offset:
                attributes.append(f'stroke-dashoffset="{_n(op.dash_offset)}"')
        return f"<path {' '.join(attributes)}/>"

    def mask_path(self, op: MaskPath, m: Affine) -> str:
        blend = _MASK_BLENDS.get(op.mode)
        if blend is None:
            return ""
        # Coverage c is written as the gray c, or 1 - c for subtract (then
        # multiplied in): v0 and v1 are the grays of coverage 0 and 1.
        v0, v1 = ("#fff", "#000") if op.mode == "subtract" else ("#000", "#fff")
        a = min(1.0, max(0.0, op.opacity))
        inner: List[str] = []
        if op.inverted:
            inner.append(self._rect(m, v1))
        on = v0 if op.inverted else v1
        off = v1 if op.inverted else v0
        d = op.path.to_svg_d(7)
        if d:
            inner.append(f'<path d="{d}" fill="{on}"/>')
            if op.expansion != 0:
                color = on if op.expansion > 0 else off
                inner.append(
                    f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{_n(2 * abs(op.expansion))}" '
                    'stroke-linejoin="miter"/>'
                )
        opacity = f' opacity="{_n(a)}"' if a < 1 else ""
        return (
            f'<g style="isolation:isolate;mix-blend-mode:{blend}">{self._rect(m, v0)}'
            f'<g{opacity}>{"".join(inner)}</g></g>'
        )

    def layer(self, i: int, m: Affine, out: List[str]) -> int:
        op = self.ops[i]
        assert isinstance(op, BeginLayer)
        content: List[str] = []
        i = self.seq(i + 1, m, content)
        wrappers: List[str] = []
        while i < len(self.ops) and isinstance(self.ops[i], (BeginMask, BeginMatte)):
            start = self.ops[i]
            inner: List[str] = []
            i = self.seq(i + 1, m, inner)
            if i < len(self.ops) and isinstance(self.ops[i], (EndMask, EndMatte)):
                i += 1
            x, y, w, h = self._cover(m)
            region = f'maskUnits="userSpaceOnUse" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'
            mask = self._id("mask")
            if isinstance(start, BeginMask):
                level = "#fff" if start.start >= 0.5 else "#000"
                body = f'<g style="isolation:isolate">{self._rect(m, level)}{"".join(inner)}</g>'
                self.defs.append(f'<mask id="{mask}" {region} style="mask-type:luminance">{body}</mask>')
            else:
                assert isinstance(start, BeginMatte)
                self.defs.append(self.matte(mask, region, start.mode, inner, m))
            wrappers.append(mask)
        if i < len(self.ops) and isinstance(self.ops[i], EndLayer):
            i += 1
        style = []
        if op.opacity < 1:
            style.append(f"opacity:{_n(max(0.0, op.opacity))}")
        if op.blend != "normal":
            style.append(f"mix-blend-mode:{op.blend}")
        out.append(f'<g style="{";".join(style)}">' if style else "<g>")
        if op.fill is not None:
            # After Effects' Fill, as lottie-web's SVG renderer draws it: a
            # color matrix (in sRGB) over the masked content.
            r, g, b, a = (_n(min(1.0, max(0.0, v))) for v in op.fill)
            x, y, w, h = self._cover(m)
            fill = self._id("fill")
            self.defs.append(
                f'<filter id="{fill}" filterUnits="userSpaceOnUse" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
                f'height="{_n(h)}" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" '
                f'values="0 0 0 0 {r} 0 0 0 0 {g} 0 0 0 0 {b} 0 0 0 {a} 0"/></filter>'
            )
            out.append(f'<g filter="url(#{fill})">')
        for mask in wrappers:
            out.append(f'<g mask="url(#{mask})">')
        out.extend(content)
        out.extend("</g>" for _ in wrappers)
        if op.fill is not None:
            out.append("</g>")
        out.append("</g>")
        return i

    def matte(self, mask: str, region: str, mode: str, inner: List[str], m: Affine) -> str:
        drawing = "".join(inner)
        if mode == "alpha":
            return f'<mask id="{mask}" {region} style="mask-type:alpha">{drawing}</mask>'
        if mode == "luma":
            return f'<mask id="{mask}" {region} style="mask-type:luminance"><g style="isolation:isolate">{drawing}</g></mask>'
        # Inverted: white, less the matte turned black with alpha α (or
        # luma × α): the luminance left is 1 − α (or 1 − luma × α).
        black = self._id("filter")
        if mode == "alpha-inverted":
            primitives = '<feColorMatrix in="SourceGraphic" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0"/>'
        else:
            primitives = (
                '<feColorMatrix in="SourceGraphic" type="luminanceToAlpha" result="luma"/>'
                '<feComposite in="luma" in2="SourceAlpha" operator="arithmetic" k1="1" k2="0" k3="0" k4="0"/>'
            )
        x, y, w, h = self._cover(m)
        self.defs.append(
            f'<filter id="{black}" filterUnits="userSpaceOnUse" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" '
            f'height="{_n(h)}" color-interpolation-filters="sRGB">{primitives}</filter>'
        )
        return (
            f'<mask id="{mask}" {region} style="mask-type:luminance"><g style="isolation:isolate">'
            f'{self._rect(m, "#fff")}<g filter="url(#{black})">{drawing}</g></g></mask>'
        )


def _image_hrefs(lottie: Any, base_path: Optional[str]) -> List[Optional[str]]:
    from ._images import image_bytes

    return [
        f"data:{_mime(data)};base64,{base64.b64encode(data).decode('ascii')}" if data else None
        for data in image_bytes(lottie.images, base_path)
    ]


def svg_of_ops(
    ops: Sequence[DrawOp],
    composition: Tuple[float, float],
    size: Tuple[int, int],
    background: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
    images: Sequence[Optional[str]] = (),
) -> str:
    """SVG text of a display list: the composition (width, height) scaled
    to fit `size` (aspect kept, centred) over `background`; `images` the
    assets' hrefs by index (None: not drawn)."""
    cw, ch = composition
    width, height = size
    scale = min(width / cw, height / ch)
    dx, dy = (width - cw * scale) / 2, (height - ch * scale) / 2
    writer = _Writer(ops, images, (0.0, 0.0, cw, ch))
    body: List[str] = []
    writer.seq(0, _IDENTITY, body)
    writer.defs.append(f'<clipPath id="composition"><rect width="{_n(cw)}" height="{_n(ch)}"/></clipPath>')
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f"<defs>{''.join(writer.defs)}</defs>",
    ]
    if background[3] > 0:
        opacity = f' fill-opacity="{_n(background[3])}"' if background[3] < 1 else ""
        parts.append(f'<rect width="{width}" height="{height}" fill="{_rgb(background)}"{opacity}/>')
    parts.append(
        f'<g transform="matrix({_n(scale)} 0 0 {_n(scale)} {_n(dx)} {_n(dy)})" clip-path="url(#composition)" '
        'style="isolation:isolate">'
    )
    parts.extend(body)
    parts.append("</g></svg>\n")
    return "\n".join(parts)


def frame_svg(
    lottie: Any,
    frame: float,
    size: Tuple[int, int],
    background: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
    base_path: Optional[str] = None,
) -> str:
    """Composition frame `frame` of a `razzle.LottieImport` as SVG text."""
    ops = lottie.display_list(frame)
    return svg_of_ops(ops, (lottie.width, lottie.height), size, background, _image_hrefs(lottie, base_path))


def write_svg(path: str, text: str) -> None:
    """Writes SVG text to `path` (its folder created)."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


__all__ = ["svg_of_ops", "frame_svg", "write_svg"]
