"""What each target looks like at every frame: its base values (the stage)
overridden by its sampled tracks, as numpy arrays over all frames at once.
Drawing reads one row per frame; nothing here draws.

The property table and the composition are Guides/Rendering.md's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

import numpy as np

from .._stage import PROPERTY_CHANNELS, Target

FloatArray = np.ndarray[Any, np.dtype[np.float64]]

#: Properties that set a target's fill color.
FILL_PROPERTIES = ("backgroundColor", "fillColor")
#: Paging's kept-view attributes: the x of the frame's left edge, center and
#: right edge (Guides/Layout.md), each with an optional "<attribute>Offset".
PAGE_ATTRIBUTES = {"left": 0.0, "centerX": 0.5, "right": 1.0}


#: Every property the renderer applies (Guides/Rendering.md's table) with
#: the channels it reads, defined with the stage (`razzle._stage`); a
#: stage's source may animate others, which are sampled and not drawn.
DRAWN_PROPERTIES = frozenset(PROPERTY_CHANNELS)


def kind_problems(layout: Any, targets: Any) -> List[str]:
    """`target.property has 2 channels (a point); the renderer reads 1` for
    each drawn property of a stage's targets whose track has another shape
    than the renderer reads (the library fixes the kind of some names only:
    `opacity` may be made a point)."""
    problems = []
    for column in layout:
        expected = PROPERTY_CHANNELS.get(column.property)
        if column.target in targets and expected is not None and column.channels != expected:
            problems.append(
                f"{column.target}.{column.property} has {column.channels} channel"
                f"{'' if column.channels == 1 else 's'} (a {column.kind}); the renderer reads {expected}"
            )
    return problems


def check_kinds(layout: Any, targets: Any, stage: Any = None) -> None:
    """RenderError naming the first of `kind_problems`, and of the stage's
    `property_problems` (a misspelled drawn property) when `stage` is given."""
    from ._encode import RenderError

    problems = kind_problems(layout, targets)
    if stage is not None:
        problems += stage.property_problems(layout)
    if problems:
        raise RenderError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))


@dataclass
class TargetState:
    """One target at n frames. Arrays have n rows; `matrix` is (n, 4, 4) in
    column-vector form (a point p maps to matrix @ p) taking the target's
    own coordinates — the frame's top-left at (0, 0) — to the viewport."""

    target: Target
    width: FloatArray
    height: FloatArray
    matrix: FloatArray
    alpha: FloatArray
    visible: np.ndarray[Any, np.dtype[np.bool_]]
    fill: FloatArray
    stroke: FloatArray
    stroke_width: FloatArray
    stroke_start: FloatArray
    stroke_end: FloatArray
    corner_radius: FloatArray
    blur: FloatArray
    text_color: FloatArray
    mask: Optional[Tuple[FloatArray, FloatArray]]
    """(rects (n, 4), radii (n,)) in the target's own coordinates."""


def _column(values: Mapping[str, FloatArray], name: str, base: Any, n: int) -> FloatArray:
    """The property's values at the n frames (n, channels) or (n,), with
    `base` wherever the source gave no value (NaN: a node where no clip has
    an effect) or has no track of that name."""
    base_array = np.broadcast_to(np.asarray(base, dtype=np.float64), (n,) + np.shape(base))
    sampled = values.get(name)
    if sampled is None:
        return np.array(base_array)
    return np.where(np.isnan(sampled), base_array, sampled)


def _first(values: Mapping[str, FloatArray], names: Tuple[str, ...], base: Any, n: int) -> FloatArray:
    for name in names:
        if name in values:
            return _column(values, name, base, n)
    return _column(values, "", base, n)


def _translation(tx: FloatArray, ty: FloatArray) -> FloatArray:
    m = np.zeros((tx.shape[0], 4, 4))
    m[:, 0, 0] = m[:, 1, 1] = m[:, 2, 2] = m[:, 3, 3] = 1.0
    m[:, 0, 3] = tx
    m[:, 1, 3] = ty
    return m


def _affine(a: FloatArray, b: FloatArray, c: FloatArray, d: FloatArray, tx: FloatArray, ty: FloatArray) -> FloatArray:
    """CGAffineTransform (a, b, c, d, tx, ty): x' = a·x + c·y + tx,
    y' = b·x + d·y + ty, as 4 × 4 matrices."""
    m = _translation(tx, ty)
    m[:, 0, 0], m[:, 0, 1] = a, c
    m[:, 1, 0], m[:, 1, 1] = b, d
    return m


def compose_scale_rotation_translation(scale: FloatArray, rotation: FloatArray, tx: FloatArray, ty: FloatArray) -> FloatArray:
    """Guides/Kinds.md's composition (`anim.transform`): scale, then
    rotation in degrees with RazzleDazzle's sign (radians = degrees·π/−180),
    then translation: (s·cos r, s·sin r, −s·sin r, s·cos r, tx, ty)."""
    r = rotation * (np.pi / -180.0)
    cos, sin = np.cos(r), np.sin(r)
    return _affine(scale * cos, scale * sin, -scale * sin, scale * cos, tx, ty)


def _css_rotation(degrees: FloatArray) -> FloatArray:
    """A CSS rotation (clockwise on a y-down screen), as offset-rotate turns
    a target along its motion path."""
    r = np.radians(degrees)
    cos, sin = np.cos(r), np.sin(r)
    zero = np.zeros_like(r)
    return _affine(cos, sin, -sin, cos, zero, zero)


def _transform3d(values: FloatArray) -> FloatArray:
    """CATransform3D (m11 … m44, row vectors: p' = p·M) as column-vector
    matrices: the transpose."""
    return np.ascontiguousarray(values.reshape(-1, 4, 4).transpose(0, 2, 1))


def target_state(
    target: Target,
    values: Mapping[str, FloatArray],
    n: int,
    *,
    scroll: Optional[FloatArray],
    motion: Optional[Callable[[FloatArray], Tuple[FloatArray, FloatArray]]],
    mask: Optional[Callable[[FloatArray, FloatArray, FloatArray], Tuple[FloatArray, FloatArray]]],
) -> TargetState:
    """The target at n frames. `values` maps a property name to its sampled
    values ((n,) for one channel, (n, channels) otherwise; NaN where the
    source gives none); `scroll` is the content offset of each frame for a
    scroll stage (None otherwise); `motion(fractions)` gives (points (n, 2),
    angles (n,)) on the target's motion path and `mask(progress, widths,
    heights)` gives (rects, radii) of its mask at the target's size."""
    x0, y0, w0, h0 = target.frame
    ax, ay = target.anchor
    frame = _column(values, "frame", (x0, y0, w0, h0), n)
    x, y, w, h = (np.array(frame[:, i]) for i in range(4))
    size = values.get("size")
    if size is not None:
        size = _column(values, "size", (w0, h0), n)
        # A new size keeps the anchor point where it was (UIKit's bounds).
        x += ax * (w - size[:, 0])
        y += ay * (h - size[:, 1])
        w, h = np.array(size[:, 0]), np.array(size[:, 1])
    if "center" in values:
        center = _column(values, "center", (x0 + w0 / 2, y0 + h0 / 2), n)
        x, y = center[:, 0] - w / 2, center[:, 1] - h / 2
    if "position" in values:
        position = _column(values, "position", (x0 + ax * w0, y0 + ay * h0), n)
        x, y = position[:, 0] - ax * w, position[:, 1] - ay * h
    for attribute, fraction in PAGE_ATTRIBUTES.items():
        if attribute in values:
            edge = _column(values, attribute, x0 + fraction * w0, n)
            if attribute + "Offset" in values:
                edge = edge + _column(values, attribute + "Offset", 0.0, n)
            x = edge - fraction * w
    px, py = x + ax * w, y + ay * h  # the anchor point, in content coordinates

    rotation = _column(values, "rotation", 0.0, n)
    motion_turn = None
    if motion is not None:
        points, angles = motion(np.clip(_column(values, "pathPosition", 0.0, n), 0.0, 1.0))
        px, py = np.array(points[:, 0]), np.array(points[:, 1])
        if target.motion_rotate != "none":
            motion_turn = _css_rotation(angles)
    if scroll is not None and target.scrolls:
        px = px - scroll

    translation = _column(values, "translation", (0.0, 0.0), n)
    tx = translation[:, 0] + _column(values, "offsetX", 0.0, n)
    ty = translation[:, 1] + _column(values, "offsetY", 0.0, n)
    local = compose_scale_rotation_translation(_column(values, "scale", 1.0, n), rotation, tx, ty)
    if "transform" in values:
        t = _column(values, "transform", (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), n)
        local = _affine(*(t[:, i] for i in range(6))) @ local
    if "transform3d" in values:
        identity = np.eye(4).reshape(16)
        local = _transform3d(_column(values, "transform3d", identity, n)) @ local
    if motion_turn is not None:
        local = motion_turn @ local
    # Own coordinates → anchor-centred → transformed → the viewport.
    matrix = _translation(px, py) @ local @ _translation(-ax * w, -ay * h)

    alpha = _column(values, "alpha", target.alpha, n) * _column(values, "opacity", 1.0, n)
    hidden = _column(values, "hidden", 1.0 if target.hidden else 0.0, n)
    stroke_width = _first(values, ("strokeWidth", "lineWidth"), target.stroke_width, n)
    mask_geometry = None
    if mask is not None:
        # The mask follows the target's animated size (its frame's or
        # size's width and height at each frame).
        mask_geometry = mask(_column(values, "mask", 1.0, n), np.maximum(w, 0.0), np.maximum(h, 0.0))
    return TargetState(
        target=target,
        width=np.maximum(w, 0.0),
        height=np.maximum(h, 0.0),
        matrix=matrix,
        alpha=np.clip(alpha, 0.0, 1.0),
        # A path's outline does not depend on its frame (a line's frame may
        # be 0 high); other shapes with no area draw nothing.
        visible=(hidden < 0.5) & (((w > 0) & (h > 0)) | (target.shape == "path")),
        fill=np.clip(_first(values, FILL_PROPERTIES, target.fill, n), 0.0, 1.0),
        stroke=np.clip(_column(values, "strokeColor", target.stroke, n), 0.0, 1.0),
        stroke_width=np.maximum(stroke_width, 0.0),
        stroke_start=np.clip(_column(values, "strokeStart", 0.0, n), 0.0, 1.0),
        stroke_end=np.clip(_column(values, "strokeEnd", 1.0, n), 0.0, 1.0),
        corner_radius=np.maximum(_column(values, "cornerRadius", target.corner_radius, n), 0.0),
        blur=np.maximum(_column(values, "blur", target.blur, n), 0.0),
        text_color=np.clip(_column(values, "textColor", target.text_color, n), 0.0, 1.0),
        mask=mask_geometry,
    )


def split_columns(matrix: FloatArray, layout: Any) -> Dict[str, Dict[str, FloatArray]]:
    """{target: {property: values}} as views into one sample matrix (n rows):
    (n,) for one-channel columns, (n, channels) otherwise."""
    out: Dict[str, Dict[str, FloatArray]] = {}
    for column in layout:
        block = matrix[:, column.start : column.start + column.channels]
        out.setdefault(column.target, {})[column.property] = block[:, 0] if column.channels == 1 else block
    return out
