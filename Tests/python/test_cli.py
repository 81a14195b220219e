"""The `razzle` command line (razzle.cli): run in-process through
`razzle.cli.main.main([...])` with capsys, and as `python -m razzle` for
exit codes. Values are checked against the Python API and against numbers
worked by hand; the renderer and the gallery, which other branches write,
are stood in for by fake modules with their documented API."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import numpy as np
import pytest

import razzle
from razzle.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
LOTTIE = ROOT / "lottie"

# RazzleDazzle's README fade: alpha 1 at 30 → 0 at 60 (linear), and a box
# moving from (0, 10) to (90, 100) over 0…90 with easeInQuad (p²), its color
# from red to blue (sRGB, per component).
FADE = """{
  "format": "razzle-scene/1",
  "animators": [
    {
      "name": "intro",
      "tracks": [
        {"target": "label", "property": "alpha", "kind": "scalar", "before": "hold", "after": "hold",
         "keyframes": [{"time": 30.0, "value": 1.0}, {"time": 60.0, "value": 0.0}]},
        {"target": "box", "property": "position", "kind": "point", "before": "hold", "after": "hold",
         "keyframes": [{"time": 0.0, "value": [0.0, 10.0], "easing": "easeInQuad"},
                       {"time": 90.0, "value": [90.0, 100.0]}]},
        {"target": "box", "property": "backgroundColor", "kind": "color", "color_space": "srgb",
         "premultiplied": false, "before": "hold", "after": "hold",
         "keyframes": [{"time": 0.0, "value": [1.0, 0.0, 0.0, 1.0]}, {"time": 90.0, "value": [0.0, 0.0, 1.0, 1.0]}]}
      ]
    },
    {
      "name": "unused",
      "tracks": [
        {"target": "x", "property": "Alpha", "kind": "scalar", "before": "hold", "after": "hold", "keyframes": []}
      ]
    }
  ],
  "nodes": [
    {"name": "fade", "type": "clip", "animator": 0,
     "timing": {"delay": 0.0, "end_delay": 0.0, "duration": 2.0, "iterations": 1.0, "iteration_start": 0.0,
                "direction": "normal", "fill": "both", "easing": "linear"}}
  ],
  "paths": [{"name": "square", "data": "M0 0 L100 0 L100 50 L0 50 Z"}],
  "masks": [{"name": "reveal", "kind": "circle", "width": 200.0, "height": 100.0}]
}
"""

HEADER = (
    "time,label.alpha,box.position.x,box.position.y,"
    "box.backgroundColor.r,box.backgroundColor.g,box.backgroundColor.b,box.backgroundColor.a"
)


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    path = tmp_path / "fade.json"
    path.write_text(FADE)
    return path


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("razzle: "), err
    return lines[0]


# -- sample ---------------------------------------------------------------------


def test_sample_csv_by_hand_and_against_the_python_api(capsys: Any, scene: Path) -> None:
    code, out, err = run(capsys, "sample", str(scene), "--object", "intro", "--times", "0:90:15")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == HEADER
    rows = np.array([[float(v) for v in line.split(",")] for line in lines[1:]])
    assert rows[:, 0].tolist() == [0.0, 15.0, 30.0, 45.0, 60.0, 75.0, 90.0]
    at45 = rows[3]
    # alpha: halfway from 1 to 0; position: p = 0.5, eased 0.25; color: halfway red → blue.
    assert at45[1] == 0.5
    assert at45[2:4].tolist() == [22.5, 32.5]
    assert at45[4:8].tolist() == [0.5, 0.0, 0.5, 1.0]
    with razzle.load(scene) as loaded:
        expected = loaded["intro"].sample(rows[:, 0])  # type: ignore[union-attr]
    assert np.array_equal(rows[:, 1:], expected)  # repr() round-trips every double


def test_sample_defaults_to_the_first_node_in_its_local_time(capsys: Any, scene: Path) -> None:
    # The clip plays the animator's 0…90 span in 2 s: at t = 1 it is at 45.
    code, out, err = run(capsys, "sample", str(scene), "--times", "0,1,2", "--format", "json")
    assert code == 0, err
    document = json.loads(out)
    assert document["object"] == "fade"
    assert document["times"] == [0.0, 1.0, 2.0]
    assert list(document["columns"]) == HEADER.split(",")[1:]
    assert document["columns"]["label.alpha"] == [1.0, 0.5, 0.0]
    assert document["columns"]["box.position.x"][1] == 22.5
    with razzle.load(scene) as loaded:
        expected = loaded.nodes[0].sample([0.0, 1.0, 2.0])
    assert np.array_equal(np.array(list(document["columns"].values())).T, expected)


def test_sample_npy_round_trip_and_file_outputs(capsys: Any, scene: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "values.npy"
    code, out, err = run(capsys, "sample", str(scene), "--object", "intro", "--times", "0:90:1", "-o", str(out_file))
    assert (code, out, err) == (0, "", "")
    table = np.load(out_file)
    assert table.shape == (91, 8)
    assert table[:, 0].tolist() == list(range(91))
    with razzle.load(scene) as loaded:
        assert np.array_equal(table[:, 1:], loaded.animators[0].sample(np.arange(91.0)))
    csv_file = tmp_path / "values.csv"
    assert main(["sample", str(scene), "--object", "intro", "--times", "45", "-o", str(csv_file)]) == 0
    assert csv_file.read_text().splitlines() == [HEADER, "45.0,0.5,22.5,32.5,0.5,0.0,0.5,1.0"]


@pytest.mark.parametrize(
    "spec, expected",
    [
        ("0:90:1", [float(t) for t in range(91)]),
        ("0:1:0.25", [0.0, 0.25, 0.5, 0.75, 1.0]),
        ("0:1:0.3", [0.0, 0.3, 0.6, 0.8999999999999999]),  # stop is off the grid: not included
        ("0:0.3:0.1", [0.0, 0.1, 0.2, 0.30000000000000004]),  # 0.3 / 0.1 = 2.9999999999999996: on the grid
        ("60:30:-15", [60.0, 45.0, 30.0]),
        ("45", [45.0]),
        ("0, 15,30", [0.0, 15.0, 30.0]),
    ],
)
def test_times_grid(spec: str, expected: List[float]) -> None:
    from razzle.cli.sample import times_argument

    assert times_argument(spec).tolist() == expected


def test_sample_npy_needs_an_output_file(capsys: Any, scene: Path) -> None:
    code, out, err = run(capsys, "sample", str(scene), "--times", "0:1:1", "--format", "npy")
    assert code == 2
    assert "-o FILE.npy" in one_error_line(err)


def test_sample_unknown_object(capsys: Any, scene: Path) -> None:
    code, _, err = run(capsys, "sample", str(scene), "--times", "0", "--object", "outro")
    assert code == 1
    assert one_error_line(err) == f"razzle: {scene}: no object named 'outro' (the scene has fade, intro, unused)"
    code, _, err = run(capsys, "sample", str(scene), "--times", "0", "--object", "square")
    assert code == 1
    assert "'square' is a path, which has no values over time" in one_error_line(err)


# -- inspect --------------------------------------------------------------------


def test_inspect_json(capsys: Any, scene: Path) -> None:
    code, out, err = run(capsys, "inspect", str(scene), "--json")
    assert code == 0, err
    report = json.loads(out)
    intro, unused = report["animators"]
    assert intro["name"] == "intro" and intro["played"] and intro["span"] == [0.0, 90.0]
    alpha, position, color = intro["tracks"]
    assert alpha == {
        "target": "label",
        "property": "alpha",
        "kind": "scalar",
        "channels": 1,
        "keyframes": 2,
        "span": [30.0, 60.0],
        "easings": ["linear"],
        "extrapolation": ["hold", "hold"],
    }
    assert (position["kind"], position["channels"], position["easings"]) == ("point", 2, ["easeInQuad"])
    assert (color["kind"], color["channels"]) == ("color", 4)
    assert not unused["played"] and unused["tracks"][0]["keyframes"] == 0
    (node,) = report["nodes"]
    assert node["name"] == "fade" and node["type"] == "clip" and node["animator"] == 0
    assert node["end_time"] == 2.0 and node["span"] == [0.0, 2.0]
    assert node["timing"]["duration"] == 2.0 and node["timing"]["fill"] == "both"
    (path,) = report["paths"]
    assert path["length"] == pytest.approx(300.0) and path["closed"]
    assert path["bounds"] == [0.0, 0.0, 100.0, 50.0]
    assert report["masks"] == [{"name": "reveal", "kind": "circle", "width": 200.0, "height": 100.0}]
    assert report["stages"] == []
    warnings = report["warnings"]
    assert "animators[1] 'unused': track x.Alpha has no keyframes (sampling it fails)" in warnings
    assert any("'Alpha' is not a property name the library knows; did you mean 'alpha'" in w for w in warnings)
    assert "animators[1] 'unused' is played by no node and no paging layout" in warnings
    assert len(warnings) == 3


def test_inspect_text(capsys: Any, scene: Path) -> None:
    code, out, err = run(capsys, "inspect", str(scene))
    assert code == 0, err
    assert "animators (2)" in out and "nodes (1)" in out and "paths (1)" in out and "masks (1)" in out
    assert "[0] 'fade' clip: duration 2, fill both; time span 0 … 2; plays animators[0] 'intro'" in out
    assert "length 300, closed, bounds (0, 0) 100×50" in out
    assert "warnings (3)" in out


# -- plot -----------------------------------------------------------------------


def _image(path: Path) -> Any:
    image = pytest.importorskip("PIL.Image")
    return image.open(path).convert("RGB")


def _assert_drawn(picture: Any) -> None:
    pixels = np.asarray(picture)
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 20  # curves, text, anti-aliasing: not blank
    assert (pixels < 128).any() and (pixels > 250).any()


def test_plot_easings_at_the_requested_size(capsys: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    output = tmp_path / "easings.png"
    easings = ["easeOutBounce", "cubic-bezier(.17,.67,.83,.67)", "spring(duration=0.5, bounce=0.3)"]
    code, out, err = run(capsys, "plot", *easings, "-o", str(output), "--velocity", "--size", "900x400")
    assert code == 0, err
    assert (out, err) == ("", f"wrote {output}\n")  # status lines on stderr: stdout stays data
    picture = _image(output)
    assert picture.size == (900, 400)
    _assert_drawn(picture)


def test_plot_a_spring_over_its_settling_duration() -> None:
    from razzle.cli.plot import parse_easing

    curve = parse_easing("spring(duration=0.5, bounce=0.3)")
    spring = razzle.Spring.from_duration_bounce(0.5, 0.3)
    assert curve.duration == pytest.approx(spring.settling_duration, rel=1e-12)
    x, values, slopes = curve.sample(5)
    assert x[-1] == pytest.approx(spring.settling_duration)
    # The easing is the spring stretched over its settling duration.
    assert values == pytest.approx(spring.position(x), abs=1e-5)
    assert slopes == pytest.approx(spring.velocity(x), abs=1e-3)
    plain = parse_easing("easeInOutCubic")
    assert plain.duration is None
    p, eased, derivative = plain.sample(3)
    assert p.tolist() == [0.0, 0.5, 1.0] and eased.tolist() == [0.0, 0.5, 1.0]
    assert derivative[1] == 3.0  # easeInOutCubic is 4p³ below 1/2: 12p² = 3 at p = 1/2


def test_plot_a_scene(capsys: Any, scene: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    output = tmp_path / "tracks.png"
    code, out, err = run(capsys, "plot", str(scene), "-o", str(output), "--size", "600x500")
    assert code == 0, err
    assert (out, err) == ("", f"wrote {output}\n")
    picture = _image(output)
    assert picture.size == (600, 500)
    _assert_drawn(picture)
    # The color strip: a red-to-blue run of pixels with no green.
    pixels = np.asarray(picture).reshape(-1, 3).astype(int)
    assert ((pixels[:, 0] > 200) & (pixels[:, 1] < 30) & (pixels[:, 2] < 60)).sum() > 500
    assert ((pixels[:, 2] > 200) & (pixels[:, 1] < 30) & (pixels[:, 0] < 60)).sum() > 500


def test_plot_unknown_easing(capsys: Any, tmp_path: Path) -> None:
    code, out, err = run(capsys, "plot", "easeOutBounce", "easOutBounce", "-o", str(tmp_path / "x.png"))
    assert code == 1 and out == ""
    assert one_error_line(err) == 'razzle: easOutBounce: unknown easing "easOutBounce" (did you mean "easeOutBounce"?)'
    assert not (tmp_path / "x.png").exists()


def test_plot_without_matplotlib_names_the_extra(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # import fails
    code, _, err = run(capsys, "plot", "linear", "-o", str(tmp_path / "x.png"))
    assert code == 1
    assert one_error_line(err) == "razzle: plot needs matplotlib, which is not installed: pip install 'razzle[render]'"


# -- import lottie --------------------------------------------------------------


def test_import_lottie(capsys: Any, tmp_path: Path) -> None:
    source = LOTTIE / "shapes.json"
    output = tmp_path / "shapes.scene.json"
    code, out, err = run(capsys, "import", "lottie", str(source), "-o", str(output))
    assert code == 0, err
    with razzle.import_lottie(source) as imported:
        warnings = imported.warnings
        frames = np.arange(imported.in_point, imported.out_point, 7.0)
        expected = imported.timeline.sample(frames)
        layers = len(imported.layers)
    assert len(warnings) > 0
    lines = err.splitlines()
    summary = lines.pop()  # status lines go to stderr: stdout stays data
    lost = [line for line in lines[len(warnings):]]
    assert lost and all("not in the scene file" in line for line in lost)  # never lost silently
    for line, warning in zip(lines, warnings):
        assert line.startswith(f"razzle: {source}: warning: {warning.feature}")
        assert warning.pointer in line
    assert out == ""
    assert summary.startswith(f"wrote {output}: {layers} layers, ")
    assert summary.endswith(f"; {len(warnings) + len(lost)} warnings")
    with razzle.load(output) as loaded:
        assert np.array_equal(loaded.nodes[0].sample(frames), expected, equal_nan=True)


def test_import_lottie_errors(capsys: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"v": "5.7", "fr": 30}')
    code, _, err = run(capsys, "import", "lottie", str(bad), "-o", str(tmp_path / "out.json"))
    assert code == 1
    assert one_error_line(err).startswith(f"razzle: {bad}: ")
    assert not (tmp_path / "out.json").exists()


# -- errors ---------------------------------------------------------------------


def test_missing_file(capsys: Any, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for command in (["sample", str(missing), "--times", "0"], ["inspect", str(missing)], ["plot", str(missing), "-o", "x.png"]):
        code, out, err = run(capsys, *command)
        assert (code, out) == (1, "")
        assert one_error_line(err) == f"razzle: {missing}: no such file"


def test_malformed_scene_names_the_pointer_and_line(capsys: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "razzle-scene/1",\n "animators": [{"tracks": [\n  {"property": "alpha", "keyframes": [\n'
                   '   {"time": 0.0, "value": 1.0, "easing": "wobble"}]}]}]}\n')
    code, _, err = run(capsys, "inspect", str(bad))
    assert code == 1
    line = one_error_line(err)
    assert line.startswith(f"razzle: {bad}: /animators/0/tracks/0/keyframes/0/easing: unknown easing \"wobble\"")
    assert line.endswith("(line 4, column 42)")
    truncated = tmp_path / "truncated.json"
    truncated.write_text('{"format": "razzle-scene/1",\n "animators": [')
    code, _, err = run(capsys, "sample", str(truncated), "--times", "0")
    assert code == 1
    assert "(line 2, column" in one_error_line(err)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["sample", "s.json", "--times", "0:10"], "argument --times: '0:10' is not START:STOP:STEP"),
        (["sample", "s.json", "--times", "0:10:0"], "STEP must be nonzero"),
        (["sample", "s.json", "--times", "a,b"], "is not START:STOP:STEP or a comma list"),
        (["sample", "s.json", "--times", "0:nan:1"], "must be finite"),
        (["render", "s.json", "-o", "x.gif", "--size", "375"], "argument --size: '375' is not WIDTHxHEIGHT"),
        (["render", "s.json", "-o", "x.gif", "--size", "0x10"], "must be 1 to 16384 pixels"),
        (["render", "s.json", "-o", "x.gif", "--fps", "-1"], "argument --fps: '-1' must be above 0"),
        (["render", "s.json", "-o", "x.gif", "--scroll", "0"], "is not START:END"),
        (["render", "s.json"], "the following arguments are required: -o/--output"),
        (["sample", "s.json", "--times", "0", "--format", "xml"], "invalid choice: 'xml'"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(capsys: Any, argv: List[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert message in line and line.endswith("--help)")


def test_help_on_every_command(capsys: Any) -> None:
    for command in ([], ["render"], ["plot"], ["sample"], ["inspect"], ["import"], ["import", "lottie"], ["demo"], ["version"]):
        code, out, err = run(capsys, *command, "--help")
        assert code == 0 and err == ""
        assert out.startswith(f"usage: razzle {' '.join(command)}".rstrip())


# -- render (a stand-in with razzle.render's API) -------------------------------

from razzle.render import RenderError, RenderResult  # noqa: E402  (the stand-in returns and raises the real types)


@pytest.fixture
def renderer(monkeypatch: Any) -> Dict[str, Any]:
    """A fake `razzle.render` recording its call; `calls["raise"]` makes it
    raise instead."""
    calls: Dict[str, Any] = {}

    def render(scene: Any, output: str, *, fps: float = 30.0, size: Any = None, start: Any = None, end: Any = None,
               frames: Optional[int] = None, stage: Any = None, progress: Optional[Callable[[int, int], None]] = None,
               driver: Optional[str] = None, loop: int = 0, hold: float = 0.0) -> RenderResult:
        calls.update(scene=scene, output=output, fps=fps, size=size, start=start, end=end, frames=frames, stage=stage,
                     progress=progress, driver=driver, loop=loop, hold=hold)
        if "raise" in calls:
            raise calls["raise"]
        total = frames or 120
        if progress is not None:
            for done in range(1, total + 1):
                progress(done, total)
        return RenderResult(output, total, 375, 667, 1.94, 0.021, 0.8, 1.1)

    module = types.ModuleType("razzle.render")
    module.render = render  # type: ignore[attr-defined]
    module.RenderResult = RenderResult  # type: ignore[attr-defined]
    module.RenderError = RenderError  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "razzle.render", module)
    return calls


def test_render_passes_the_options_and_prints_the_summary(capsys: Any, scene: Path, renderer: Dict[str, Any]) -> None:
    code, out, err = run(capsys, "render", str(scene), "-o", "intro.gif", "--fps", "24", "--size", "375x667",
                         "--scroll", "0:1500", "--frames", "120", "--stage", "1", "--quiet")
    assert code == 0, err
    assert err == "wrote intro.gif: 120 frames, 375×667, 1.9 s (sampling 0.021 s, drawing 0.8 s, encoding 1.1 s)\n"
    assert out == ""
    assert renderer["scene"] == str(scene) and renderer["output"] == "intro.gif"
    assert (renderer["fps"], renderer["size"], renderer["start"], renderer["end"]) == (24.0, (375, 667), 0.0, 1500.0)
    assert (renderer["frames"], renderer["stage"], renderer["progress"]) == (120, 1, None)
    code, out, err = run(capsys, "render", str(scene), "-o", "a.png", "--from", "0.5", "--to", "2", "--stage", "intro")
    assert code == 0, err
    assert (renderer["start"], renderer["end"], renderer["stage"], renderer["size"]) == (0.5, 2.0, "intro", None)
    assert renderer["progress"] is None  # stderr is not a terminal here


def test_render_progress_bar(capsys: Any, scene: Path, renderer: Dict[str, Any]) -> None:
    pytest.importorskip("tqdm")
    code, out, err = run(capsys, "render", str(scene), "-o", "intro.gif", "--frames", "30", "--progress")
    assert code == 0
    assert callable(renderer["progress"])
    assert "intro.gif:" in err and "0/30" in err and "frame/s" in err  # tqdm's bar on stderr
    assert err.splitlines()[-1].startswith("wrote intro.gif: 30 frames")


def test_the_progress_bar_follows_the_callback() -> None:
    from razzle.cli.render import ProgressBar

    class Bar:
        def __init__(self, total: int, **options: Any) -> None:
            self.total, self.n, self.updates, self.closed = total, 0, [], False

        def update(self, step: int) -> None:
            self.n += step
            self.updates.append(step)

        def close(self) -> None:
            self.closed = True

    bars: List[Bar] = []
    fake = types.SimpleNamespace(tqdm=lambda **options: bars.append(Bar(**options)) or bars[-1])
    progress = ProgressBar(fake, "out.gif")
    for done in (1, 2, 5, 8):
        progress(done, 8)
    progress.close()
    (bar,) = bars
    assert (bar.total, bar.n, bar.updates, bar.closed) == (8, 8, [1, 1, 3, 3], True)


def test_render_errors(capsys: Any, scene: Path, renderer: Dict[str, Any], tmp_path: Path) -> None:
    renderer["raise"] = RenderError("the scene has no stages")
    code, out, err = run(capsys, "render", str(scene), "-o", "x.gif")
    assert (code, out) == (1, "")
    assert one_error_line(err) == f"razzle: {scene}: the scene has no stages"
    renderer["raise"] = RenderError("MP4 needs imageio-ffmpeg: pip install imageio-ffmpeg")
    code, _, err = run(capsys, "render", str(scene), "-o", "x.mp4")
    assert one_error_line(err) == "razzle: MP4 needs imageio-ffmpeg: pip install imageio-ffmpeg"
    renderer["raise"] = KeyboardInterrupt()
    code, out, err = run(capsys, "render", str(scene), "-o", "x.gif")
    assert code == 130 and "Traceback" not in err
    code, _, err = run(capsys, "render", str(scene), "-o", "x.gif", "--scroll", "0:10", "--from", "0")
    assert code == 2 and "not both" in one_error_line(err)
    code, _, err = run(capsys, "render", str(tmp_path / "none.json"), "-o", "x.gif")
    assert code == 1 and one_error_line(err) == f"razzle: {tmp_path / 'none.json'}: no such file"


# -- demo and version -----------------------------------------------------------


def test_demo_builds_the_gallery(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    built: List[Any] = []

    def build(out_dir: str, progress: Any = None) -> List[str]:
        built.append((out_dir, progress))
        paths = [f"{out_dir}/intro.gif", f"{out_dir}/easings.png"]
        for path in paths:
            Path(path).write_bytes(b"picture")
        return paths

    module = types.ModuleType("razzle.gallery")
    module.build = build  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "razzle.gallery", module)
    output = tmp_path / "gallery"
    code, out, err = run(capsys, "demo", "-o", str(output))
    assert code == 0, err
    assert out == ""  # status lines on stderr
    assert err.splitlines() == [f"wrote {output}/intro.gif", f"wrote {output}/easings.png"]
    assert sorted(p.name for p in output.iterdir()) == ["easings.png", "intro.gif"]
    assert [p.name for p in tmp_path.iterdir()] == ["gallery"]  # the scratch directory is gone
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "demo")[0] == 0
    assert (tmp_path / "razzle-gallery" / "intro.gif").exists()
    assert len(built) == 2 and all(progress is None for _, progress in built)


def test_demo_leaves_nothing_behind_when_it_fails(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    def build(out_dir: str, progress: Any = None) -> List[str]:
        Path(out_dir, "intro.json").write_text("{}")
        raise razzle.RazzleError("drawing failed")

    module = types.ModuleType("razzle.gallery")
    module.build = build  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "razzle.gallery", module)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "demo")
    assert code == 1 and "drawing failed" in err
    assert list(tmp_path.iterdir()) == []


def test_demo_table_and_version(capsys: Any) -> None:
    from razzle._demo import fade_table

    code, out, _ = run(capsys, "demo", "--table")
    assert code == 0 and out == fade_table() + "\n"
    code, out, _ = run(capsys, "version")
    assert code == 0 and out == (
        f"razzle {razzle.__version__} ({razzle.library_path})\n"
        f"kernels {razzle.kernel_level()} (this CPU runs: {', '.join(razzle.kernel_levels())}); "
        f"batch threads {razzle.thread_count()}\n"
    )


# -- as a program ---------------------------------------------------------------


def program(*argv: str, cwd: Optional[Path] = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "razzle", *argv], capture_output=True, text=True, cwd=cwd)


def test_exit_codes_as_a_program(scene: Path, tmp_path: Path) -> None:
    ok = program("sample", str(scene), "--object", "intro", "--times", "45")
    assert (ok.returncode, ok.stderr) == (0, "")
    assert ok.stdout.splitlines()[1] == "45.0,0.5,22.5,32.5,0.5,0.0,0.5,1.0"
    missing = program("inspect", str(tmp_path / "missing.json"))
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == f"razzle: {tmp_path / 'missing.json'}: no such file\n"
    usage = program("sample", str(scene), "--times", "x")
    assert usage.returncode == 2 and len(usage.stderr.splitlines()) == 1
    assert program("--help").returncode == 0
    assert program().returncode == 2


def test_python_m_razzle_calls_the_command_line(capsys: Any) -> None:
    from razzle.__main__ import main as module_main

    assert module_main(["version"]) == 0
    assert capsys.readouterr().out.startswith(f"razzle {razzle.__version__} ")


def test_demo_without_the_gallery_module(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "razzle.gallery", None)
    code, out, err = run(capsys, "demo")
    assert (code, out) == (1, "")
    assert one_error_line(err) == "razzle: demo needs razzle.gallery, which is not part of this razzle build"


# -- render, end to end (the real renderer) ------------------------------------


def fade_scene(folder: Path) -> Path:
    """A 100 × 50 stage: a red box whose alpha goes 1 → 0 over [0, 1]."""
    anim = razzle.Animator()
    alpha = anim.add_track("box", "alpha")
    alpha[0], alpha[1] = 1.0, 0.0
    scene = razzle.Scene()
    scene.add(anim, name="fade")
    scene.add(razzle.Stage(size=(100, 50), animator="fade", name="main",
                           targets=(razzle.Target("box", "rect", (25, 0, 50, 50), fill=(1.0, 0.0, 0.0, 1.0)),)))
    path = folder / "fade.json"
    razzle.dump(scene, str(path))
    return path


def test_render_end_to_end(tmp_path: Path) -> None:
    pytest.importorskip("skia")
    Image = pytest.importorskip("PIL.Image")
    scene = fade_scene(tmp_path)
    result = program("render", str(scene), "-o", "fade.gif", "--fps", "10", cwd=tmp_path)
    # [0, 1] at 10 fps: 11 frames; one summary line.
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("wrote fade.gif: 11 frames, 100×50, ") and result.stderr.count("\n") == 1
    assert result.stdout == ""
    with Image.open(tmp_path / "fade.gif") as image:
        assert image.size == (100, 50) and image.n_frames == 11
        image.seek(5)  # t = 0.5: alpha 0.5 red over white
        r, g, b = image.convert("RGB").getpixel((50, 25))
        assert r == 255 and abs(g - 127.5) <= 2
    result = program("render", str(scene), "-o", "frames", "--frames", "3", "--size", "200x100", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "frames").iterdir())
    assert names == ["frame-0000.png", "frame-0001.png", "frame-0002.png"]
    with Image.open(tmp_path / "frames" / "frame-0002.png") as image:
        assert image.size == (200, 100) and image.getpixel((100, 50))[:3] == (255, 255, 255)  # alpha 0 at t = 1
    result = program("render", str(scene), "-o", "100%.png", "--frames", "1", cwd=tmp_path)
    assert result.returncode == 0 and (tmp_path / "100%.png").is_file(), result.stderr


def test_render_end_to_end_errors(tmp_path: Path) -> None:
    pytest.importorskip("skia")
    scene = fade_scene(tmp_path)
    result = program("render", str(scene), "-o", "x.gif", "--scroll", "0:100", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert one_error_line(result.stderr) == (
        f"razzle: {scene}: stage 'main' is time-driven: its frames are times (--from/--to), not content offsets")
    result = program("render", str(scene), "-o", "x.gif", "--to", "1e300", cwd=tmp_path)
    assert result.returncode == 1 and "more than 100000 frames" in one_error_line(result.stderr)
    result = program("render", str(scene), "-o", "x.bmp", cwd=tmp_path)
    assert one_error_line(result.stderr).startswith("razzle: x.bmp: unknown output format '.bmp'")


def _solid_lottie(tmp_path: Path) -> Path:
    """A 40 x 20 composition, frames 0..10, whose one layer is a red solid
    over its left half from frame 0 and a blue one over the right half from
    frame 5 (ip 5), with a text layer that does not draw."""
    doc = {
        "v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 20,
        "layers": [
            {"ty": 1, "ind": 1, "ip": 5, "op": 10, "st": 0, "sc": "#0000ff", "sw": 20, "sh": 20,
             "ks": {"p": {"k": [20, 0]}}},
            {"ty": 1, "ind": 2, "ip": 0, "op": 10, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 20},
            {"ty": 5, "ind": 3, "ip": 0, "op": 10, "st": 0, "t": {"d": {"k": []}}},
        ],
    }
    path = tmp_path / "solids.json"
    path.write_text(json.dumps(doc))
    return path


def test_render_a_lottie_file_plays_ip_to_op(capsys: Any, tmp_path: Path) -> None:
    from PIL import Image

    source = _solid_lottie(tmp_path)
    output = tmp_path / "solids.gif"
    code, out, err = run(capsys, "render", str(source), "-o", str(output), "--background", "white")
    assert code == 0, err
    assert err.startswith(f"wrote {output}: 10 frames, 40×20") and out == ""
    with Image.open(output) as image:
        # GIF keeps one picture per run of identical frames: 0-4, then 5-9.
        assert image.n_frames == 2
        image.seek(0)
        first = image.convert("RGB")
        assert first.getpixel((5, 10)) == (255, 0, 0) and first.getpixel((35, 10)) == (255, 255, 255)
        image.seek(1)
        late = image.convert("RGB")
        assert late.getpixel((35, 10)) == (0, 0, 255)


def test_render_one_lottie_frame_as_svg(capsys: Any, tmp_path: Path) -> None:
    source = _solid_lottie(tmp_path)
    output = tmp_path / "frame.svg"
    code, _, err = run(capsys, "render", str(source), "--frame", "6", "-o", str(output))
    assert code == 0, err
    text = output.read_text()
    assert text.startswith("<svg") or text.startswith("<?xml")
    assert "#ff0000" in text.lower() or "rgb(255,0,0)" in text.replace(" ", "")


def test_inspect_a_lottie_file_lists_layers_and_what_will_not_draw(capsys: Any, tmp_path: Path) -> None:
    source = _solid_lottie(tmp_path)
    code, out, err = run(capsys, "inspect", str(source))
    assert code == 0, err
    assert "40×20" in out and "10 fps" in out
    assert "solid" in out and "text" in out
    assert "/layers/2" in out  # the text layer's warning, with its pointer
