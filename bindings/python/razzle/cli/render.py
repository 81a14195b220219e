"""`razzle render scene.json -o out.gif`: a thin wrapper over
`razzle.render.render` with a progress bar and a summary line."""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import tempfile
from typing import Any, Callable, Optional, Tuple, Union

from razzle import RazzleError
from razzle._lottie import import_lottie, is_lottie_document, is_lottie_file

from .common import STDIN_NAME, STDIO, CommandError, check_readable, count_argument, display_name, load_scene, located
from .common import UsageError, number_argument, plural, positive_argument, read_stdin, require, size_argument
from .common import status, warn

#: The formats -o - (standard output) can be written in
#: (razzle.render._encode.STREAM_FORMATS, not imported: it needs numpy's
#: render package, and --help must not).
STREAM_FORMATS = ("gif", "png", "webp", "mp4")

DESCRIPTION = """\
Draws a scene's stage, or plays a Lottie file, into an image file. The
output's extension picks the format: .gif, .png (an APNG when there are
several frames), .webp, a directory or a name with a %d-style pattern (a PNG
sequence), .mp4 (needs imageio-ffmpeg); for a Lottie file also .svg (one
frame, --frame F, as vector SVG).

A Lottie file (a .json whose top level has "layers" and "fr", a .tgs, or
a dotLottie .lottie archive, whose --animation ID picks one) plays from its
ip to its op at its fr, or the segment of its marker --marker NAME: --from/--to are composition frames
(--to is not drawn), --frame F draws the one frame F; transparent unless
--background is given (GIF and MP4 are over white).

A time-driven stage's frames are times (--from/--to, seconds), a
scroll-driven stage's are content offsets (--scroll A:B, points); without
them the stage's own range is used.

Each frame shows for the time between two frames' times, so the delays add
up to the animation's duration (--hold S adds S seconds to the last frame;
--loop N plays it N times, 0 forever). A GIF shows at most 50 frames per
second (browsers show shorter frames for 100 ms): faster frames are merged,
with a warning. "-" reads the scene from standard input; -o - writes the
picture to standard output in --format's format. The summary line goes to
stderr. Needs the optional extra: pip install 'razzle[render]'."""


def span_argument(text: str) -> Tuple[float, float]:
    """argparse type for A:B (two numbers)."""
    start, separator, end = text.partition(":")
    if not separator:
        raise argparse.ArgumentTypeError(f"{text!r} is not START:END (like 0:1500)")
    return number_argument(start), number_argument(end)


def stage_argument(text: str) -> Union[str, int]:
    """A stage name, or an index when the text is a whole number (negative
    counts from the end)."""
    return int(text) if text.lstrip("-").isdigit() and text.count("-") <= 1 else text


def loop_argument(text: str) -> int:
    """argparse type for a play count (0: forever)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of plays (0: forever)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the play count is 0 (forever) or more")
    return value


def hold_argument(text: str) -> float:
    """argparse type for seconds >= 0."""
    value = number_argument(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: hold is a number of seconds >= 0")
    return value


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "render",
        help="draw a scene's stage into a GIF, APNG, PNG frames or MP4",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("scene", help="a razzle-scene/1 file with a stage, or a Lottie .json / .tgs / .lottie file")
    parser.add_argument(
        "--animation", metavar="ID", help="the animation of a dotLottie archive (.lottie) to play (default: its manifest's)"
    )
    parser.add_argument("--marker", metavar="NAME", help="play a Lottie file's marker: its frames, from its start for its duration")
    parser.add_argument("-o", "--output", required=True, help="the file (or directory) to write; - for standard output")
    parser.add_argument("--format", choices=STREAM_FORMATS, help="the format for -o - (otherwise the extension's)")
    parser.add_argument(
        "--loop", type=loop_argument, default=0, metavar="N", help="times the animation plays (default 0: forever)"
    )
    parser.add_argument(
        "--hold", type=hold_argument, default=0.0, metavar="SECONDS", help="extra time on the last frame (default 0)"
    )
    parser.add_argument(
        "--fps", type=positive_argument, help="frames per second (default 30; a Lottie file's own fr)"
    )
    parser.add_argument("--size", type=size_argument, metavar="WxH", help="pixels (default: the stage's size)")
    parser.add_argument("--from", dest="start", type=number_argument, metavar="T", help="first frame's time")
    parser.add_argument("--to", dest="end", type=number_argument, metavar="T", help="last frame's time")
    parser.add_argument("--frame", type=number_argument, metavar="F", help="one Lottie frame (for .png or .svg)")
    parser.add_argument("--background", metavar="COLOR", help="a color under everything (#fff, white, rgb(...))")
    parser.add_argument(
        "--scroll", type=span_argument, metavar="A:B", help="content offsets of the first and last frames (a scroll stage)"
    )
    parser.add_argument(
        "--frames",
        type=count_argument,
        metavar="N",
        help="frame count (default: (to - from) * fps + 1 for time, 120 for scroll)",
    )
    parser.add_argument("--stage", type=stage_argument, metavar="NAME", help="the stage's name or index (default: the first)")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true", help="show a progress bar even when stderr is not a terminal")
    bar.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def seconds(value: float) -> str:
    """A duration for the summary line: 1.9, 0.02, 12."""
    return f"{value:.0f}" if value >= 10 else f"{value:.2g}"


def summary(result: Any) -> str:
    """`wrote intro.gif: 120 frames, 375×667, 1.9 s (sampling 0.02 s,
    drawing 0.8 s, encoding 1.1 s)`."""
    return (
        f"wrote {result.path}: {plural(result.frames, 'frame')}, "
        f"{result.width}×{result.height}, {seconds(result.seconds)} s (sampling {seconds(result.sample_seconds)} s, "
        f"drawing {seconds(result.draw_seconds)} s, encoding {seconds(result.encode_seconds)} s)"
    )


class ProgressBar:
    """A tqdm bar on stderr fed by the renderer's `progress(done, total)`."""

    def __init__(self, tqdm: Any, label: str) -> None:
        self._tqdm = tqdm
        self._label = label
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            self._bar = self._tqdm.tqdm(total=total, desc=self._label, unit="frame", file=sys.stderr, leave=False)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def progress_bar(arguments: argparse.Namespace) -> Optional[ProgressBar]:
    """A bar when asked (--progress) or when stderr is a terminal, unless
    --quiet. Without tqdm: an error when asked, no bar otherwise."""
    if arguments.quiet:
        return None
    if arguments.progress:
        return ProgressBar(require("tqdm", "render --progress"), arguments.output)
    if not sys.stderr.isatty():
        return None
    try:
        return ProgressBar(importlib.import_module("tqdm"), arguments.output)
    except ImportError:
        return None


def render_and_report(arguments: argparse.Namespace, source: Any = None, **options: Any) -> int:
    """Renders `arguments.scene` (or `source`, read from it) into
    `arguments.output` with the progress bar, prints the summary line, and
    turns a library error into the command's one-line error naming the
    input."""
    renderer = require("razzle.render", "render")
    output = arguments.output
    to_stdout = output == STDIO
    if arguments.format is not None and not to_stdout and not output.lower().endswith("." + arguments.format):
        raise UsageError(f"render: --format is for -o - (the output's extension gives its format: {output})")
    if to_stdout and arguments.format is None:
        raise UsageError("render: -o - (standard output) needs --format gif, png, webp or mp4")
    if to_stdout and sys.stdout.isatty():
        raise CommandError("-: standard output is a terminal: redirect it to a file or a pipe")
    if arguments.fps is not None and arguments.fps > 50 and (arguments.format or output.lower()).endswith("gif"):
        warn(f"GIF shows at most 50 frames per second (browsers show shorter frames for 100 ms): "
             f"{arguments.fps:g} fps frames are merged to 20 ms and more")
    bar = progress_bar(arguments)
    callback: Optional[Callable[[int, int], None]] = bar
    scratch = tempfile.mkdtemp(prefix="razzle-render-") if to_stdout else None
    target = os.path.join(scratch, "stdout." + arguments.format) if scratch is not None else output
    try:
        result = renderer.render(
            arguments.scene if source is None else source,
            target,
            fps=arguments.fps,
            size=arguments.size,
            progress=callback,
            loop=arguments.loop,
            hold=arguments.hold,
            **options,
            **({} if arguments.background is None else {"background": arguments.background}),
        )
        if scratch is not None:
            with open(target, "rb") as file:
                sys.stdout.buffer.write(file.read())
            sys.stdout.buffer.flush()
    except RazzleError as error:
        message = located(error).replace(target, display_name(output, output=True))
        if "pip install" in message or message.startswith(display_name(output, output=True) + ":"):
            raise CommandError(message) from None  # names no file, or the output already
        raise CommandError(f"{display_name(arguments.scene)}: {message}") from None
    finally:
        if bar is not None:
            bar.close()
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    status(summary(result._replace(path=display_name(output, output=True)) if scratch is not None else result))
    return 0


def run_lottie(arguments: argparse.Namespace, imported: Any = None) -> int:
    """`razzle render anim.json -o out.gif`: a Lottie file played (`imported`:
    one read from standard input)."""
    if arguments.scroll is not None or arguments.stage is not None:
        raise UsageError("render: a Lottie file has no stages and no scroll: use --from/--to or --frame (frames)")
    if arguments.frame is not None and (arguments.start is not None or arguments.end is not None or arguments.frames):
        raise UsageError("render: give --frame F or --from/--to/--frames, not both (see razzle render --help)")
    start, end, frames = arguments.start, arguments.end, arguments.frames
    if arguments.frame is not None:
        start, frames = arguments.frame, 1
    source = imported
    if source is None and (arguments.animation is not None or arguments.marker is not None):
        try:
            source = import_lottie(arguments.scene, animation=arguments.animation)
        except RazzleError as error:
            raise CommandError(f"{arguments.scene}: {located(error)}") from None
    if arguments.marker is not None:
        if start is not None or end is not None:
            raise UsageError("render: give --marker NAME or --from/--to/--frame, not both")
        assert source is not None
        try:
            start, end = source.marker(arguments.marker).frames
        except KeyError as error:
            raise CommandError(f"{arguments.scene}: {error.args[0]}") from None
    return render_and_report(arguments, source, start=start, end=end, frames=frames)


def run(arguments: argparse.Namespace) -> int:
    check_readable(arguments.scene)
    stdin = arguments.scene == STDIO
    if stdin:
        data = read_stdin()
        if is_lottie_document(data):
            try:
                return run_lottie(arguments, import_lottie(data))
            except RazzleError as error:
                raise CommandError(f"{STDIN_NAME}: {located(error)}") from None
    elif is_lottie_file(arguments.scene):
        return run_lottie(arguments)
    if arguments.animation is not None or arguments.marker is not None:
        raise UsageError("render: --animation and --marker are for Lottie files")
    if arguments.frame is not None:
        raise UsageError("render: --frame is for Lottie files; a scene's frames are --from/--to/--frames")
    if arguments.scroll is not None and (arguments.start is not None or arguments.end is not None):
        raise UsageError("render: give --scroll A:B or --from/--to, not both (see razzle render --help)")
    start, end = arguments.scroll if arguments.scroll is not None else (arguments.start, arguments.end)
    return render_and_report(
        arguments,
        load_scene(STDIO) if stdin else None,
        start=start,
        end=end,
        frames=arguments.frames,
        stage=arguments.stage,
        driver="scroll" if arguments.scroll is not None else "time" if start is not None or end is not None else None,
    )
