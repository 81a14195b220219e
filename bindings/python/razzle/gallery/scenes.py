"""The demo gallery's scenes, built through the public API: the seeds'
examples as razzle scenes with stages (Guides/Rendering.md), each one a
`razzle.Scene` that `razzle render` can draw from its file."""

from __future__ import annotations

from typing import Any, List, Mapping, Optional, Tuple

from .._animator import Animator
from .._choreography import Stagger, keyframe_animation
from .._paging import Paging
from .._paths import Mask, Path
from .._scene import Scene
from .._stage import Stage, Target
from .._values import Point

PAGE = 375.0
HEIGHT = 667.0

INK = (0.11, 0.12, 0.2, 1.0)
CORAL = (0.98, 0.42, 0.36, 1.0)
TEAL = (0.1, 0.65, 0.62, 1.0)
GOLD = (0.98, 0.76, 0.2, 1.0)
VIOLET = (0.45, 0.36, 0.86, 1.0)
PAPER = (0.98, 0.97, 0.94, 1.0)
WHITE = (1.0, 1.0, 1.0, 1.0)


def intro() -> Scene:
    """RazzleDazzle's README intro: a paging scroll view of 4 pages of 375
    points. A title on page 0 fades out between scroll offsets 30 and 60
    (`alpha[30] = 1; alpha[60] = 0`, in page offsets 0.08 and 0.16: the
    paging time axis is contentOffset.x / pageWidth); cards kept on pages
    1, 2 and 3; a star kept still across pages 1 and 2 (`keepView(star,
    onPages: [1, 2])`) while the cards scroll past; on page 3 a dot follows
    a curve (PathPositionAnimation) as the curve draws itself (strokeEnd);
    a page indicator pinned to the viewport."""
    paging = Paging(pages=4, page_width=PAGE)
    anim = paging.animator
    for target, page in (("title", 0), ("subtitle", 0), ("card1", 1), ("card2", 2), ("card3", 3)):
        paging.keep(target, on_page=page)
        if target.startswith("card"):
            paging.keep(target + ".label", on_page=page)
    paging.keep("star", on_pages=[1, 2])
    title = anim.add_track("title", "alpha")
    title[30 / PAGE] = 1.0
    title[60 / PAGE] = 0.0
    spin = anim.add_track("star", "rotation")
    spin[1.0], spin[2.0] = 0.0, -144.0
    grow = anim.add_track("star", "scale")
    grow.set(0.5, 0.4, easing="easeOutBack")
    grow[1.0] = 1.0
    sky = anim.add_track("sky", "backgroundColor", color_space="oklch")
    for page, color in enumerate((PAPER, (0.9, 0.95, 1.0, 1.0), (1.0, 0.92, 0.9, 1.0), (0.92, 1.0, 0.94, 1.0))):
        sky[float(page)] = color
    reveal = anim.add_track("card2", "mask")
    reveal.set(1.4, 0.0, easing="easeOutCubic")
    reveal[2.0] = 1.7  # past 1 the circle outgrows the card (JazzHands: radius min(w, h) / 2 at 1)
    position = anim.add_track("dot", "pathPosition")
    position.set(2.3, 0.0, easing="easeInOutCubic")
    position[3.0] = 1.0
    draw = anim.add_track("route", "strokeEnd")
    draw.set(2.3, 0.0, easing="easeInOutCubic")
    draw[3.0] = 1.0
    indicator = anim.add_track("indicator", "translation")
    indicator[0.0], indicator[3.0] = (0.0, 0.0), (48.0, 0.0)
    # The dot's route, in content coordinates on page 3 (x from 3W + 30).
    route = Path("M1155 440 C1235 280 1325 600 1425 440")

    def card(name: str, color: Tuple[float, float, float, float], label: str, mask: Optional[str] = None) -> List[Target]:
        return [
            Target(name, "rect", (PAGE / 2 - 130, 150, 260, 200), fill=color, corner_radius=24, mask=mask),
            Target(name + ".label", "text", (0, 370, PAGE, 40), text=label, font_size=22, text_color=INK),
        ]

    targets = [
        Target("sky", "rect", (0, 0, PAGE, HEIGHT), fill=PAPER, scrolls=False),
        Target("title", "text", (0, 240, PAGE, 60), text="razzle", font_size=56, text_color=INK),
        Target("subtitle", "text", (0, 310, PAGE, 30), text="scroll to animate", font_size=18, text_color=INK),
        *card("card1", CORAL, "kept on page 1"),
        *card("card2", TEAL, "revealed by a mask", mask="reveal"),
        *card("card3", VIOLET, "a dot along a path"),
        Target("star", "path", (PAGE / 2 - 40, 470, 80, 80), path="star", fill=GOLD, stroke=INK, stroke_width=2),
        Target("route", "path", (0, 0, 4 * PAGE, HEIGHT), path="route", stroke=INK, stroke_width=3),
        Target("dot", "ellipse", (0, 0, 24, 24), fill=CORAL, motion_path="route"),
        *(
            Target(f"page{i}", "ellipse", (PAGE / 2 - 36 - 4 + 16 * i, 620, 8, 8), fill=(0.7, 0.7, 0.75, 1), scrolls=False)
            for i in range(4)
        ),
        Target("indicator", "ellipse", (PAGE / 2 - 36 - 6, 618, 12, 12), fill=INK, scrolls=False),
    ]
    scene = Scene()
    scene.add(anim, name="intro")
    scene.add(paging, name="pages")
    scene.add(_star(), name="star")
    scene.add(route, name="route")
    scene.add(Mask("circle", 260, 200), name="reveal")
    scene.add(Stage(size=(PAGE, HEIGHT), targets=tuple(targets), name="intro", paging="pages", range=(0.0, 3 * PAGE)))
    return scene


def _star() -> Path:
    """A five-pointed star in an 80 × 80 box."""
    import math

    points = []
    for i in range(10):
        radius = 40 if i % 2 == 0 else 17
        angle = math.pi / 2 + i * math.pi / 5
        points.append((40 + radius * math.cos(angle), 40 - radius * math.sin(angle)))
    return Path("M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in points) + " Z")


def stagger(preset: str) -> Scene:
    """AnimationKit's `list` (8 rows) or `grid` (3 × 4 tiles) preset."""
    if preset == "list":
        names = [f"row{i}" for i in range(8)]
        frames = [(24.0, 40.0 + 72.0 * i, 327.0, 56.0) for i in range(8)]
        node = Stagger.preset("list", names)
        colors = [CORAL, TEAL, VIOLET, GOLD]
    else:
        names = [f"tile{i}" for i in range(12)]
        frames = [(24.0 + 113.0 * (i % 3), 40.0 + 113.0 * (i // 3), 101.0, 101.0) for i in range(12)]
        node = Stagger.preset("grid", names)
        colors = [TEAL, VIOLET, CORAL, GOLD]
    targets = tuple(
        Target(name, "rect", frame, fill=colors[i % len(colors)], corner_radius=14)
        for i, (name, frame) in enumerate(zip(names, frames))
    )
    height = max(f[1] + f[3] for f in frames) + 40.0
    scene = Scene()
    scene.add(node, name=preset)
    scene.add(
        Stage(size=(PAGE, height), targets=targets, name=preset, node=preset, background=PAPER, range=(0.0, node.end_time + 0.4))
    )
    return scene


def plane() -> Scene:
    """The seeds' `UIView.animateKeyframes` plane (/work/shared/seeds 003):
    over 1.5 s it climbs, banks (−π/5 in UIKit is +36° in razzle's
    rotation sign), fades out, jumps back to the left edge and glides home."""
    center = (120.0, 200.0)
    blocks: List[Tuple[float, float, Mapping[str, Mapping[str, Any]]]] = [
        (0.0, 0.25, {"plane": {"center": _point(center[0] + 80, center[1] - 10)}}),
        (0.1, 0.4, {"plane": {"rotation": 36.0}}),
        (0.25, 0.25, {"plane": {"center": _point(center[0] + 180, center[1] - 60), "alpha": 0.0}}),
        (0.51, 0.01, {"plane": {"rotation": 0.0, "center": _point(0.0, center[1])}}),
        (0.55, 0.45, {"plane": {"center": _point(*center), "alpha": 1.0}}),
    ]
    clip = keyframe_animation(
        1.5, start={"plane": {"center": _point(*center), "rotation": 0.0, "alpha": 1.0}}, blocks=blocks
    )
    body = Path("M0 20 L60 14 L78 0 L84 0 L78 16 L96 18 L96 22 L78 24 L84 40 L78 40 L60 26 Z")
    scene = Scene()
    scene.add(clip, name="plane")
    scene.add(body, name="body")
    scene.add(
        Stage(
            size=(PAGE, 320.0),
            name="plane",
            node="plane",
            background=(0.86, 0.93, 1.0, 1.0),
            range=(0.0, 1.6),
            targets=(
                Target("cloud1", "ellipse", (40, 60, 90, 34), fill=WHITE),
                Target("cloud2", "ellipse", (230, 250, 120, 40), fill=WHITE),
                Target("plane", "path", (72, 180, 96, 40), path="body", fill=INK),
            ),
        )
    )
    return scene


def _point(x: float, y: float) -> Point:
    return Point(x, y)
