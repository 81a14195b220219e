"""The command line's conventions (Guides/CLI.md): "-" for standard input
and output, --version, status lines on stderr, nothing left behind, and
animations whose frame delays add up to their duration (GIF's 50 fps
limit, --loop, --hold, dithering)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional

import numpy as np
import pytest

import razzle

ROOT = Path(__file__).resolve().parents[2]
LOTTIE = ROOT / "Tests" / "lottie"


def program(*argv: str, cwd: Optional[Path] = None, stdin: bytes = b"") -> "subprocess.CompletedProcess[bytes]":
    return subprocess.run([sys.executable, "-m", "razzle", *argv], capture_output=True, input=stdin, cwd=cwd)


def fade_scene(folder: Path, end: float = 1.0) -> Path:
    """A 100 × 50 stage: a red box whose alpha goes 1 → 0 over [0, end]."""
    anim = razzle.Animator()
    alpha = anim.add_track("box", "alpha")
    alpha[0], alpha[end] = 1.0, 0.0
    scene = razzle.Scene()
    scene.add(anim, name="fade")
    scene.add(razzle.Stage(size=(100, 50), animator="fade", name="main",
                           targets=(razzle.Target("box", "rect", (25, 0, 50, 50), fill=(1.0, 0.0, 0.0, 1.0)),)))
    path = folder / "fade.json"
    razzle.dump(scene, str(path))
    return path


def gif_durations(data: bytes) -> List[int]:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(int(image.info["duration"]))
        return durations


def test_version_flag() -> None:
    result = program("--version")
    assert result.returncode == 0
    assert result.stdout.decode() == f"razzle {razzle.__version__}\n"


def test_sample_reads_standard_input(tmp_path: Path) -> None:
    scene = fade_scene(tmp_path)
    result = program("sample", "-", "--times", "0.5", "-o", "-", stdin=scene.read_bytes())
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines() == ["time,box.alpha", "0.5,0.5"]
    bad = program("sample", "-", "--times", "0", stdin=b"{")
    assert bad.returncode == 1 and bad.stderr.decode().startswith("razzle: <stdin>: ")
    npy = program("sample", "-", "--times", "0,1", "--format", "npy", "-o", "-", stdin=scene.read_bytes())
    assert np.load(io.BytesIO(npy.stdout)).tolist() == [[0.0, 1.0], [1.0, 0.0]]


def test_inspect_reads_standard_input(tmp_path: Path) -> None:
    scene = fade_scene(tmp_path)
    result = program("inspect", "-", "--json", stdin=scene.read_bytes())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["animators"]


def test_import_lottie_through_pipes(tmp_path: Path) -> None:
    source = LOTTIE / "shapes.json"
    result = program("import", "lottie", "-", "-o", "-", stdin=source.read_bytes(), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert list(tmp_path.iterdir()) == []
    with razzle.loads(result.stdout) as scene, razzle.import_lottie(source) as imported:
        frames = np.arange(imported.in_point, imported.out_point, 7.0)
        assert np.array_equal(scene.nodes[0].sample(frames), imported.timeline.sample(frames), equal_nan=True)
    assert result.stderr.decode().splitlines()[-1].startswith("wrote <stdout>: ")


def test_import_lottie_says_what_the_scene_file_cannot_carry(tmp_path: Path) -> None:
    doc = {
        "v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
        "layers": [{
            "ty": 3, "ind": 1, "nm": "mover", "ip": 0, "op": 30, "st": 0,
            "ks": {
                "o": {"a": 0, "k": 50},
                "p": {"a": 1, "k": [
                    {"t": 0, "s": [0, 0, 0], "to": [0, 30, 0], "ti": [-30, 0, 0], "o": {"x": [0.3], "y": [0]},
                     "i": {"x": [0.7], "y": [1]}},
                    {"t": 30, "s": [100, 100, 0]},
                ]},
            },
        }],
    }
    source = tmp_path / "curve.json"
    source.write_text(json.dumps(doc))
    result = program("import", "lottie", str(source), "-o", str(tmp_path / "scene.json"))
    assert result.returncode == 0, result.stderr
    err = result.stderr.decode()
    assert "1 curved position path not in the scene file" in err
    assert "static value" in err and "mover" in err
    assert not err.splitlines()[-1].endswith("; 0 warnings")
    strict = program("import", "lottie", str(source), "-o", str(tmp_path / "strict.json"), "--strict")
    assert strict.returncode == 1 and "--strict" in strict.stderr.decode()
    assert not (tmp_path / "strict.json").exists()


@pytest.fixture
def render_extra() -> None:
    pytest.importorskip("skia")
    pytest.importorskip("PIL.Image")


def test_render_to_standard_output(tmp_path: Path, render_extra: None) -> None:
    scene = fade_scene(tmp_path)
    result = program("render", str(scene), "-o", "-", "--format", "gif", "--fps", "10", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout[:6] == b"GIF89a"
    assert result.stderr.decode().startswith("wrote <stdout>: 11 frames")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fade.json"]  # no directory named "-"
    usage = program("render", str(scene), "-o", "-", cwd=tmp_path)
    assert usage.returncode == 2 and "--format" in usage.stderr.decode()
    assert not (tmp_path / "-").exists()
    piped = program("render", "-", "-o", "-", "--format", "png", "--frames", "1", stdin=scene.read_bytes(), cwd=tmp_path)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_library_refuses_a_dash_output(tmp_path: Path, render_extra: None) -> None:
    from razzle.render import render

    with pytest.raises(razzle.RazzleError, match="standard output needs a format"):
        render(str(fade_scene(tmp_path)), "-")


def test_plot_to_standard_output(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    Image = pytest.importorskip("PIL.Image")
    result = program("plot", "easeOutBounce", "-o", "-", "--size", "300x200", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout[:8] == b"\x89PNG\r\n\x1a\n"  # PNG unless --format says otherwise
    with Image.open(io.BytesIO(result.stdout)) as image:
        assert image.size == (300, 200)
    assert result.stderr.decode() == "wrote <stdout>\n"
    assert list(tmp_path.iterdir()) == []  # no file named "-" or "-.png"
    svg = program("plot", str(fade_scene(tmp_path)), "-o", "-", "--format", "svg", cwd=tmp_path)
    assert svg.returncode == 0, svg.stderr
    assert b"<svg" in svg.stdout[:500]
    wrong = program("plot", "linear", "-o", "curve.png", "--format", "svg", cwd=tmp_path)
    assert wrong.returncode == 2 and "--format is for -o -" in wrong.stderr.decode()
    assert not (tmp_path / "curve.png").exists()


def test_gif_delays_add_up_to_the_duration(tmp_path: Path, render_extra: None) -> None:
    # 0 .. 1.04 s at 10 fps: 11 frames 0.104 s apart (not 0.1: 4 % fast).
    scene = fade_scene(tmp_path, end=1.04)
    result = program("render", str(scene), "-o", "-", "--format", "gif", "--fps", "10", "--to", "1.04")
    assert result.returncode == 0, result.stderr
    durations = gif_durations(result.stdout)
    assert len(durations) == 11
    assert abs(sum(durations[:-1]) - 1040) <= 10  # each frame shows until the next one's time
    assert abs(sum(durations) - 1144) <= 10


def test_gif_above_50_fps_is_capped_with_a_warning(tmp_path: Path, render_extra: None) -> None:
    scene = fade_scene(tmp_path)
    result = program("render", str(scene), "-o", "-", "--format", "gif", "--fps", "100")
    assert result.returncode == 0, result.stderr
    assert "razzle: warning: GIF shows at most 50 frames per second" in result.stderr.decode()
    durations = gif_durations(result.stdout)
    assert min(durations) >= 20
    assert abs(sum(durations) - 1010) <= 10  # 101 frames of 10 ms: the same second


def test_loop_and_hold(tmp_path: Path, render_extra: None) -> None:
    from PIL import Image

    scene = fade_scene(tmp_path)
    once = program("render", str(scene), "-o", "-", "--format", "gif", "--fps", "10", "--loop", "1", "--hold", "0.5")
    assert once.returncode == 0, once.stderr
    with Image.open(io.BytesIO(once.stdout)) as image:
        assert "loop" not in image.info  # no NETSCAPE extension: plays once
    assert gif_durations(once.stdout)[-1] == 600
    forever = program("render", str(scene), "-o", "-", "--format", "gif", "--fps", "10")
    with Image.open(io.BytesIO(forever.stdout)) as image:
        assert image.info.get("loop") == 0
    apng = tmp_path / "fade.png"
    result = program("render", str(scene), "-o", str(apng), "--fps", "10", "--loop", "3")
    assert result.returncode == 0, result.stderr
    with Image.open(apng) as image:
        assert image.info.get("loop") == 3


def test_gif_dithering_keeps_gradients_smooth(tmp_path: Path, render_extra: None) -> None:
    from PIL import Image

    from razzle.render import write_frames

    # A smooth two-way gradient: far more colors than a GIF palette has
    # (within 32..223, so that the palette's colors surround every one).
    y, x = np.mgrid[0:64, 0:256]
    frame = np.zeros((64, 256, 4), dtype=np.uint8)
    frame[..., 0] = 32 + (x * 3) // 4
    frame[..., 1] = 223 - (x * 3) // 8
    frame[..., 2] = 32 + y * 3
    frame[..., 3] = 255
    output = tmp_path / "gradient.gif"
    write_frames([frame], str(output), fps=10)
    source = frame[..., :3].astype(np.float64)
    with Image.open(output) as image:
        dithered = np.asarray(image.convert("RGB"), dtype=np.float64)
        banded = Image.fromarray(frame[..., :3]).quantize(palette=image, dither=Image.Dither.NONE)
        undithered = np.asarray(banded.convert("RGB"), dtype=np.float64)

    def banding(decoded: np.ndarray) -> float:  # type: ignore[type-arg]
        """The mean error of 8 x 8 block means: what the eye sees as bands
        (dithering's pixel noise averages out within a block)."""
        return float(np.abs((decoded - source).reshape(8, 8, 32, 8, 3).mean(axis=(1, 3))).mean())

    assert banding(dithered) < 0.6
    assert banding(dithered) < banding(undithered) / 2


def test_demo_without_the_render_extra_leaves_nothing(tmp_path: Path) -> None:
    # The gallery's imports are checked before anything is written.
    code = (
        "import sys, builtins\n"
        "real = builtins.__import__\n"
        "def fake(name, *a, **k):\n"
        "    if name.split('.')[0] == 'skia': raise ImportError(name=name)\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = fake\n"
        "from razzle.cli.main import main\n"
        "sys.exit(main(['demo']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=tmp_path)
    assert result.returncode == 1
    assert "skia-python" in result.stderr.decode()
    assert list(tmp_path.iterdir()) == []


def test_version_flag_in_process(capsys: Any) -> None:
    from razzle.cli.main import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"razzle {razzle.__version__}\n"
