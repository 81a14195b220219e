"""The demo: RazzleDazzle's README example — a label's alpha fading from 1 at
scroll position 30 to 0 at 60 — sampled for each easing."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ._animator import Animator

EASINGS = (
    "linear",
    "easeInQuad",
    "easeOutQuad",
    "easeInOutQuad",
    "easeInCubic",
    "easeOutCubic",
    "easeInOutCubic",
    "easeInBounce",
    "easeOutBounce",
)
POSITIONS = (0, 30, 35, 40, 45, 50, 55, 60, 90)


def fade_table(easings: Sequence[str] = EASINGS, positions: Sequence[float] = POSITIONS) -> str:
    """A text table: one row per easing, one column per scroll position."""
    lines = [
        "alpha of \"label\": keyframes alpha[30] = 1 (with the easing), alpha[60] = 0",
        "",
        f"{'easing':<16}" + "".join(f"{p:>8g}" for p in positions),
        "-" * (16 + 8 * len(positions)),
    ]
    with Animator() as animator:
        for easing in easings:
            target = f"label-{easing}"
            with animator.add_track(target, "alpha") as alpha:
                alpha.set(30, 1.0, easing=easing)
                alpha[60] = 0.0
                values = alpha(np.asarray(positions, dtype=float))
            lines.append(f"{easing:<16}" + "".join(f"{v:>8.4f}" for v in values))
    lines.append("")
    lines.append("scroll position -> alpha; the easing of keyframe 30 shapes the 30..60 segment")
    return "\n".join(lines)
