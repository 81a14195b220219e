"""`razzle demo`: the gallery (razzle.gallery) or, with --table, the
RazzleDazzle fade sampled for each easing."""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from typing import Any, List

from .common import CommandError, require, status

DESCRIPTION = """\
Renders the demo gallery (RazzleDazzle's README intro driven by scroll
offset, AnimationKit staggers, a keyframe animation, an easing gallery) into
DIR (nothing is left behind when it fails) and lists each file it wrote on
stderr. --table prints the RazzleDazzle fade
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
    for module in ("skia", "PIL", "matplotlib"):  # before anything is written
        require(module, "demo")
    output = arguments.output
    if output == "-":
        raise CommandError("demo: -o is a directory: the gallery is several files")
    if os.path.exists(output) and not os.path.isdir(output):
        raise CommandError(f"{output}: not a directory")
    # Built in a new directory beside the output and moved into it when
    # complete: a failure leaves nothing behind.
    parent = os.path.dirname(os.path.abspath(output))
    os.makedirs(parent, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix=".razzle-demo-", dir=parent)
    try:
        built: List[str] = gallery.build(scratch, progress=None)
        os.makedirs(output, exist_ok=True)
        paths = []
        for path in built:
            final = os.path.join(output, os.path.relpath(path, scratch))
            os.replace(path, final)
            paths.append(final)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for path in paths:
        status(f"wrote {path}")
    return 0
