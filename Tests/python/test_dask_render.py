"""razzle.dask's rendering and stores on a distributed.LocalCluster with
worker processes (Guides/Dask.md): many scene and Lottie files rendered on
the workers are the files `razzle.render.render` writes in this process
(byte for byte; MP4 by decoded frames), a render split into frame ranges
is the whole render, a `.npy` store written by the workers is local
sampling bit for bit and keeps the client's memory small, and bad input
(a missing file, a malformed Lottie file, an unwritable folder, a bad
parts count) gives a clear exception naming what failed. Needs the `dask`
extra (`make test-dask` installs it and runs this file) and the render
extra; without them the tests are skipped."""

from __future__ import annotations

import filecmp
import gzip
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any, Iterator, List

import numpy as np
import pytest
import razzle
from conftest import REPO

dask = pytest.importorskip("dask", reason="the dask extra is not installed (make test-dask)")
distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
da = pytest.importorskip("dask.array")
razzle_dask = pytest.importorskip("razzle.dask")
pytest.importorskip("skia", reason="rendering needs the render extra")
Image = pytest.importorskip("PIL.Image", reason="rendering needs the render extra")
from razzle.render import RenderError, render  # noqa: E402

SHARED = REPO.parent / "shared" / "lottie" / "files"
LOTTIE = REPO / "Tests" / "lottie"
RED = (1.0, 0.0, 0.0, 1.0)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def lottie_files() -> List[Path]:
    """Small Lottie files: the shared ones when ../shared is there, else the
    repository's test files."""
    names = ["heart.json", "gears.json", "loading_animation.json"]
    if all((SHARED / n).is_file() for n in names):
        return [SHARED / n for n in names]
    return [LOTTIE / "shapes.json", LOTTIE / "keyframes.json", LOTTIE / "parenting.json"]


def scene_file(folder: Path, name: str = "dot.json", seconds: float = 1.0) -> Path:
    """A scene file with a time stage: a red dot moving across 81 × 21."""
    anim = razzle.Animator()
    center = anim.add_track("dot", "center")
    center[0], center[seconds] = (10.0, 10.0), (70.0, 10.0)
    alpha = anim.add_track("dot", "alpha")
    alpha[0], alpha[seconds] = 1.0, 0.25
    scene = razzle.Scene()
    scene.add(anim, name="moving")
    scene.add(razzle.Stage(size=(81, 21), animator="moving",
                           targets=(razzle.Target("dot", "ellipse", (0, 0, 10, 10), fill=RED),)))
    path = folder / name
    razzle.dump(scene, path)
    return path


def tgs(folder: Path, source: Path) -> Path:
    """`source` gzipped as a Telegram sticker."""
    path = folder / (source.stem + "-sticker.tgs")
    path.write_bytes(gzip.compress(source.read_bytes()))
    return path


def pixels(path: str) -> List[np.ndarray]:
    """Every frame of an image file, decoded to RGBA."""
    out = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            out.append(np.asarray(image.convert("RGBA")).copy())
    return out


def mp4_frames(path: str) -> List[bytes]:
    imageio_ffmpeg = pytest.importorskip("imageio_ffmpeg")
    reader = imageio_ffmpeg.read_frames(path)
    next(reader)
    return [bytes(frame) for frame in reader]


def same_output(mine: str, local: str) -> None:
    """`mine` (written on a worker) is what the local render wrote: the
    same bytes (the same decoded frames for MP4; every file of a PNG
    sequence)."""
    if mine.endswith(".mp4"):
        assert mp4_frames(mine) == mp4_frames(local)
    elif os.path.isdir(mine):
        names = sorted(os.listdir(local))
        assert names and sorted(os.listdir(mine)) == names
        for name in names:
            assert filecmp.cmp(os.path.join(mine, name), os.path.join(local, name), shallow=False), name
    else:
        assert filecmp.cmp(mine, local, shallow=False)
        assert all(np.array_equal(a, b) for a, b in zip(pixels(mine), pixels(local)))


def hidden(folder: Path) -> List[str]:
    """Leftovers of a render: hidden partial files and parts folders."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


# -- many files ----------------------------------------------------------------


def test_many_sources_render_on_the_workers_as_locally(client: Any, tmp_path: Path) -> None:
    files = lottie_files()
    sources = [*files, tgs(tmp_path, files[0]), scene_file(tmp_path)]
    formats = [".gif", ".png", ".webp", "", ".mp4"]  # "" : a directory of PNG frames
    remote = tmp_path / "remote"
    outputs = [str(remote / f"{Path(s).stem}{ext}") for s, ext in zip(sources, formats)]
    results = razzle_dask.render(sources, outputs, size=(96, 64))
    workers = set(client.scheduler_info()["workers"])
    for source, output, result, ext in zip(sources, outputs, results, formats):
        local = str(tmp_path / "local" / f"{Path(source).stem}{ext}")
        expected = render(str(source), local, size=(96, 64))  # in this process
        same_output(output, local)
        assert result.ok and result.error is None
        assert (result.source, result.output) == (str(source), output)
        assert (result.frames, result.width, result.height) == (expected.frames, 96, 64)
        size = os.path.getsize(output) if ext else sum(p.stat().st_size for p in Path(output).iterdir())
        assert result.bytes == size > 0
        assert result.worker in workers and result.seconds > 0
    assert hidden(remote) == []


def test_an_output_pattern_and_options_reach_the_workers(client: Any, tmp_path: Path) -> None:
    files = lottie_files()[:2]
    results = razzle_dask.render(files, str(tmp_path / "out" / "{index}-{stem}.gif"), start=2, end=9, fps=12,
                                 background="#102030", loop=3, hold=0.5)
    for index, (source, result) in enumerate(zip(files, results)):
        assert result.output == str(tmp_path / "out" / f"{index}-{source.stem}.gif")
        local = str(tmp_path / f"local-{index}.gif")
        expected = render(str(source), local, start=2, end=9, fps=12, background="#102030", loop=3, hold=0.5)
        assert result.frames == expected.frames == 7
        same_output(result.output, local)


def test_objects_travel_as_text(client: Any, tmp_path: Path) -> None:
    scene = razzle.load(scene_file(tmp_path))
    document = json.loads(lottie_files()[1].read_text())
    results = razzle_dask.render([scene, document], str(tmp_path / "{stem}.apng"), frames=9)
    assert [r.source for r in results] == ["<source 0>", "<source 1>"]
    render(scene, str(tmp_path / "scene-local.apng"), frames=9)
    render(document, str(tmp_path / "lottie-local.apng"), frames=9)
    same_output(results[0].output, str(tmp_path / "scene-local.apng"))
    same_output(results[1].output, str(tmp_path / "lottie-local.apng"))


def test_each_failed_source_is_named_with_its_reason(client: Any, tmp_path: Path) -> None:
    good = lottie_files()[0]
    malformed = tmp_path / "malformed.json"
    malformed.write_text('{"v": "5.5.2", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": "x"}')
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    sources = [good, tmp_path / "missing.json", malformed, good]
    outputs = [str(tmp_path / "ok.gif"), str(tmp_path / "missing.gif"), str(tmp_path / "malformed.gif"),
               str(blocker / "unwritable.gif")]
    began = time.perf_counter()
    with pytest.raises(razzle_dask.RenderFailed) as caught:
        razzle_dask.render(sources, outputs)
    assert time.perf_counter() - began < 60
    failed = caught.value
    assert [r.ok for r in failed.results] == [True, False, False, False]
    assert failed.failures == failed.results[1:]
    assert isinstance(failed.results[1].error, FileNotFoundError)
    assert isinstance(failed.results[2].error, razzle.InvalidValueError)
    assert "/layers: expected an array" in str(failed.results[2].error)
    assert isinstance(failed.results[3].error, RenderError) and "is a file, not a folder" in str(failed.results[3].error)
    message = str(failed)
    assert message.startswith("razzle.dask.render: 3 of 4 sources failed:")
    for source, output in zip(sources[1:], outputs[1:]):
        assert f"{source} -> {output}: " in message
    # Every source was tried: the good one is written, the failed ones left nothing.
    assert os.path.getsize(outputs[0]) == failed.results[0].bytes > 0
    assert not os.path.exists(outputs[1]) and not os.path.exists(outputs[2])
    assert hidden(tmp_path) == []
    # errors="return": the same outcomes, returned.
    returned = razzle_dask.render(sources, outputs, errors="return")
    assert [type(r.error) for r in returned] == [type(r.error) for r in failed.results]


def test_the_client_checks_what_it_can_before_sending(tmp_path: Path) -> None:
    files = lottie_files()
    with pytest.raises(razzle.InvalidValueError, match="2 sources but 1 outputs"):
        razzle_dask.render(files[:2], [str(tmp_path / "a.gif")])
    with pytest.raises(razzle.InvalidValueError, match="names one file for many sources"):
        razzle_dask.render(files[:2], str(tmp_path / "a.gif"))
    with pytest.raises(razzle.InvalidValueError, match=r"would both write .*use \{index\}"):
        razzle_dask.render([files[0], files[0]], str(tmp_path / "{stem}.gif"))
    with pytest.raises(razzle.InvalidValueError, match="its fields are"):
        razzle_dask.render(files[:1], str(tmp_path / "{title}.gif"))
    with pytest.raises(RenderError, match="unknown output format '.txt'"):
        razzle_dask.render(files[:1], str(tmp_path / "{stem}.txt"))
    with pytest.raises(razzle.InvalidTypeError, match="source 1 is a int"):
        razzle_dask.render([files[0], 7], str(tmp_path / "{index}.gif"))
    with pytest.raises(razzle.InvalidValueError, match='errors is "raise" or "return"'):
        razzle_dask.render(files[:1], str(tmp_path / "{stem}.gif"), errors="ignore")


# -- one render split ------------------------------------------------------------


@pytest.mark.parametrize("ext", [".gif", ".apng", ".webp", ".mp4", "/"])
def test_a_split_render_is_the_whole_render(client: Any, tmp_path: Path, ext: str) -> None:
    source = lottie_files()[1]
    local = str(tmp_path / f"local{ext}")
    expected = render(str(source), local, size=(80, 80), hold=0.25)
    for parts in (1, 3, 7):
        output = str(tmp_path / f"split-{parts}{ext}")
        result = razzle_dask.render_split(source, output, parts=parts, size=(80, 80), hold=0.25)
        same_output(output, local)
        assert (result.frames, result.width, result.height) == (expected.frames, 80, 80)
        assert result.source == str(source) and result.output == output and result.ok
    assert hidden(tmp_path) == []


def test_a_split_scene_and_more_parts_than_frames(client: Any, tmp_path: Path) -> None:
    path = scene_file(tmp_path, seconds=2.0)
    local = str(tmp_path / "local.gif")
    expected = render(str(path), local, fps=15, size=(162, 42))
    assert expected.frames == 31
    result = razzle_dask.render_split(path, str(tmp_path / "split.gif"), parts=4, fps=15, size=(162, 42))
    same_output(result.output, local)
    # A scene object travels as its text, once.
    result = razzle_dask.render_split(razzle.load(path), str(tmp_path / "object.gif"), parts=3, fps=15, size=(162, 42))
    assert result.source == "<source 0>"
    same_output(result.output, local)
    # 40 parts for 5 frames: the empty parts draw nothing.
    render(str(path), str(tmp_path / "five"), frames=5)
    result = razzle_dask.render_split(path, str(tmp_path / "five-split"), parts=40, frames=5)
    assert result.frames == 5
    same_output(result.output, str(tmp_path / "five"))
    # A scratch folder of one's own: a new folder inside it, removed after.
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    razzle_dask.render_split(path, str(tmp_path / "scratched.gif"), parts=3, fps=15, size=(162, 42), scratch=scratch)
    same_output(str(tmp_path / "scratched.gif"), local)
    assert list(scratch.iterdir()) == []
    assert hidden(tmp_path) == []


def test_a_split_render_fails_clearly(client: Any, tmp_path: Path) -> None:
    source = lottie_files()[0]
    for parts, error in ((0, razzle.InvalidValueError), (-2, razzle.InvalidValueError),
                         (2.5, razzle.InvalidTypeError), (True, razzle.InvalidTypeError),
                         ("3", razzle.InvalidTypeError)):
        with pytest.raises(error, match="parts"):
            razzle_dask.render_split(source, str(tmp_path / "x.gif"), parts=parts)
    with pytest.raises(razzle.InvalidValueError, match="an SVG is one frame"):
        razzle_dask.render_split(source, str(tmp_path / "x.svg"), parts=2)
    with pytest.raises(RenderError, match="unknown output format"):
        razzle_dask.render_split(source, str(tmp_path / "x.bmp"), parts=2)
    began = time.perf_counter()
    with pytest.raises(FileNotFoundError, match="missing.json"):
        razzle_dask.render_split(tmp_path / "missing.json", str(tmp_path / "x.gif"), parts=2)
    malformed = tmp_path / "malformed.tgs"
    malformed.write_bytes(b"\x1f\x8b\x08\x00 not gzip")
    with pytest.raises(razzle.RazzleError):
        razzle_dask.render_split(malformed, str(tmp_path / "x.gif"), parts=2)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(RenderError, match="is a file, not a folder"):
        razzle_dask.render_split(source, str(blocker / "x.gif"), parts=2)
    assert time.perf_counter() - began < 60
    assert not (tmp_path / "x.gif").exists()
    assert hidden(tmp_path) == []


# -- stores --------------------------------------------------------------------


def scene_objects() -> tuple:
    anim = razzle.Animator()
    x = anim.add_track("box", "x")
    x.set(0, 0.0, easing="easeOutBack(2.5)")
    x.set(1, 5.0, interpolation="smooth", tension=0.3)
    x[3] = -2.0
    c = anim.add_track("box", "fillColor", color_space="oklch")
    c[0], c[3] = "#ff0000", "#0000ff80"
    timeline = razzle.Timeline(iterations=2, direction="alternate")
    timeline.add(razzle.Clip(anim, duration=1, fill="forwards"))
    return anim, timeline


def bits(a: Any) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.float64).view(np.uint64)


def test_a_store_is_local_sampling_bit_for_bit(client: Any, tmp_path: Path) -> None:
    anim, timeline = scene_objects()
    times = np.linspace(-1, 6, 20_001)
    uneven = da.from_array(times, chunks=((5_000, 1, 9_000, 6_000),))
    for obj in (anim, timeline):
        path = str(tmp_path / "matrix.npy")
        stored = razzle_dask.sample(obj, uneven, store=path)
        local = obj.sample(times)
        assert stored == razzle_dask.Stored(path, local.shape, "float64", 4, stored.seconds)
        assert np.array_equal(bits(np.load(path)), bits(local))  # the existing file was replaced
    grid = times[:20_000].reshape(100, 200)
    stored = razzle_dask.sample(anim, da.from_array(grid, chunks=(30, 70)), store=tmp_path / "grid.npy")
    assert stored.chunks == 4 * 3
    assert np.array_equal(bits(np.load(tmp_path / "grid.npy")), bits(anim.sample(grid)))
    # Whole rows of 2-d times: contiguous in the file (written with pwrite).
    razzle_dask.sample(anim, da.from_array(grid, chunks=(30, 200)), store=tmp_path / "rows.npy")
    assert np.array_equal(bits(np.load(tmp_path / "rows.npy")), bits(anim.sample(grid)))
    # Lazy times (made on the workers) store what computing them gives.
    lazy = da.linspace(0, 3, 50_000, chunks=7_000)
    razzle_dask.sample(timeline, lazy, store=tmp_path / "lazy.npy")
    assert np.array_equal(bits(np.load(tmp_path / "lazy.npy")), bits(timeline.sample(lazy.compute())))


def test_store_errors(client: Any, tmp_path: Path) -> None:
    anim, _ = scene_objects()
    times = da.linspace(0, 1, 100, chunks=50)
    with pytest.raises(razzle.InvalidValueError, match="a .npy file"):
        razzle_dask.sample(anim, times, store=tmp_path / "matrix.zarr")
    with pytest.raises(razzle.InvalidValueError, match="does not exist"):
        razzle_dask.sample(anim, times, store=tmp_path / "no" / "such" / "folder.npy")
    with pytest.raises(razzle.InvalidTypeError, match="only with store="):
        razzle_dask.sample(anim, times, scheduler="threads")


def rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_a_store_larger_than_the_clients_share_of_memory_stays_on_the_workers(client: Any, tmp_path: Path) -> None:
    """256 MB of values (1,000,000 times × 32 columns) go to the file; the
    client (which also runs the scheduler) grows by far less than the
    matrix."""
    anim = razzle.Animator()
    rng = np.random.default_rng(7)
    for k in range(32):
        keys = np.sort(rng.uniform(0, 100, 8))
        anim.add_track(f"t{k}", "x").set_keyframes(keys, rng.normal(size=8))
    times = da.linspace(0, 100, 1_000_000, chunks=40_000)
    before, peak, running = rss(), [0], [True]

    def watch() -> None:
        while running[0]:
            peak[0] = max(peak[0], rss())
            time.sleep(0.005)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        stored = razzle_dask.sample(anim, times, store=tmp_path / "big.npy")
    finally:
        running[0] = False
        watcher.join()
    assert stored.shape == (1_000_000, 32)
    assert max(peak[0], rss()) - before < 64 << 20, f"the client grew {(peak[0] - before) / 2**20:.0f} MB"
    mapped = np.load(tmp_path / "big.npy", mmap_mode="r")
    local_times = times.compute()
    for rows in (slice(0, 1000), slice(399_990, 400_010), slice(999_000, 1_000_000)):
        assert np.array_equal(bits(mapped[rows]), bits(anim.sample(local_times[rows])))


def test_zarr_through_the_dask_array(client: Any, tmp_path: Path) -> None:
    """Guides/Dask.md: a Zarr store is the dask array's own `to_zarr`."""
    zarr = pytest.importorskip("zarr", reason="zarr is not installed (optional)")
    anim, _ = scene_objects()
    times = np.linspace(0, 3, 10_000)
    razzle_dask.sample(anim, da.from_array(times, chunks=2_500)).to_zarr(str(tmp_path / "m.zarr"))
    assert np.array_equal(bits(zarr.open(str(tmp_path / "m.zarr"), mode="r")[:]), bits(anim.sample(times)))


# -- the guide -------------------------------------------------------------------


def test_the_dask_guide(tmp_path: Path) -> None:
    """Guides/Dask.md's runnable blocks, in order, as one script under a
    `__main__` guard (the cluster's worker processes import the main
    module), in a folder with the files they name; each print followed by
    a comment prints a line that starts as the comment says."""
    from test_doc_examples import marked, print_comments

    guide = [block for block in marked("test_the_dask_guide") if block.doc.name == "Dask.md"]
    code = "".join(block.code for block in guide)
    assert "razzle.dask.render_split" in code and "store=" in code
    for name in ("shapes.json", "keyframes.json", "parenting.json", "spatial.json"):
        shutil.copy(LOTTIE / name, tmp_path / name)
    scene_file(tmp_path, "dot.json")
    script = tmp_path / "guide.py"
    script.write_text("if __name__ == '__main__':\n" + textwrap.indent(code, "    "))
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    printed = result.stdout.splitlines()
    for block in guide:
        for line, expected in print_comments(block.code, block.line).items():
            assert any(p.startswith(expected) for p in printed), f"Dask.md:{line}: nothing printed {expected!r}"
