"""`razzle demo`: the gallery (razzle.gallery) or, with --table, the
RazzleDazzle fade sampled for each easing."""

from __future__ import annotations

import argparse
from typing import Any, List

from .common import require

DESCRIPTION = """\
Renders the demo gallery (RazzleDazzle's README intro driven by scroll
offset, AnimationKit staggers, a keyframe animation, an easing gallery) into
DIR and prints each file it wrote. --table prints the RazzleDazzle fade
sampled for each easing instead (no optional dependency needed)."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "demo",
        help="render the demo gallery (or --table: the fade table)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-o", "--output", metavar="DIR", default="razzle-gallery", help="where (default ./razzle-gallery)")
    parser.add_argument("--table", action="store_true", help="print the fade table instead")
    parser.set_defaults(func=run)


def run(arguments: argparse.Namespace) -> int:
    if arguments.table:
        from razzle._demo import fade_table

        print(fade_table())
        return 0
    gallery = require("razzle.gallery", "demo")
    paths: List[str] = gallery.build(arguments.output, progress=None)
    for path in paths:
        print(path)
    return 0
