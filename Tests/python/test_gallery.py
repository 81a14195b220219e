"""The demo gallery (`make demo` → razzle.gallery.build): every file it
writes, the pictures' sizes and frame counts, its scene files drawing the
same pixels after a round trip, and the intro's paging probed by hand."""

from __future__ import annotations

import os
from typing import Dict

import numpy as np
import pytest

import razzle

pytest.importorskip("skia")
pytest.importorskip("matplotlib")
Image = pytest.importorskip("PIL.Image")

from razzle.gallery import PICTURES, build, scenes  # noqa: E402
from razzle.render import Renderer  # noqa: E402


@pytest.fixture(scope="module")
def gallery(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, str]:
    folder = str(tmp_path_factory.mktemp("gallery"))
    written = build(folder)
    return {os.path.basename(path): path for path in written}


def test_every_picture_and_its_scene_is_written(gallery: Dict[str, str]) -> None:
    expected = {stem + extension for stem, _, _ in PICTURES for extension in (".json", ".gif")} | {"easings.png"}
    assert set(gallery) == expected
    assert all(os.path.getsize(path) > 1000 for path in gallery.values())


def test_gif_sizes_and_frames(gallery: Dict[str, str]) -> None:
    for stem, builder, frames in PICTURES:
        scene = builder()
        stage = scene.stages[0]
        renderer = Renderer.from_scene(scene)
        values = renderer.frame_values(frames, fps=30.0)
        count = values.size
        # Each frame shows for the step between two frames' times (a scroll
        # stage's frames have no time: 1/30 s). The first frame to the last
        # then plays in the animation's real duration, (count - 1) steps
        # (a time stage's span), and the last frame, the end state, shows
        # one step like the others (Guides/CLI.md: 0 … 1.04 s at 10 fps is
        # 11 frames of 0.104 s).
        step = 1 / 30 if renderer.scrolling or count < 2 else abs(values[1] - values[0])
        duration = (count - 1) * step
        if not renderer.scrolling:
            assert duration == pytest.approx(values[-1] - values[0], abs=1e-9)
        with Image.open(gallery[stem + ".gif"]) as image:
            assert image.size == (round(stage.size[0]), round(stage.size[1]))
            durations = []
            for index in range(image.n_frames):
                image.seek(index)
                durations.append(image.info["duration"])
            # Identical consecutive frames are merged, their durations summed.
            assert image.n_frames <= count
            # GIF counts hundredths of a second and rounds each frame's start
            # (not its length), so the delays add up to within 10 ms.
            assert abs(sum(durations) - (duration + step) * 1000) <= 10
    with Image.open(gallery["intro.gif"]) as image:
        assert image.n_frames == 120  # the content moves in every frame
    with Image.open(gallery["easings.png"]) as image:
        assert min(image.size) >= 300


def test_scene_files_draw_the_same_pixels(gallery: Dict[str, str]) -> None:
    for stem, builder, _ in PICTURES:
        loaded = Renderer.from_scene(razzle.load(gallery[stem + ".json"]))
        built = Renderer.from_scene(builder())
        values = built.frame_values(5, fps=30.0)
        for a, b in zip(loaded.frames(values), built.frames(values)):
            assert np.array_equal(a, b)


def test_the_intro_keeps_card1_on_page_1() -> None:
    # card1 is kept on page 1 (centerX = 1.5·375 = 562.5 in the content):
    # at content offset 375 its center is at x = 187.5 of the viewport, at
    # 375 + 50 it has moved 50 points to the left.
    renderer = Renderer.from_scene(scenes.intro())
    for offset, center in ((375.0, 187.5), (425.0, 137.5)):
        row = renderer.frame(offset)[250, :, :3].astype(float)
        coral = np.abs(row - np.array(scenes.CORAL[:3]) * 255).max(axis=1) < 3
        xs = np.nonzero(coral)[0] + 0.5
        assert abs((xs.min() + xs.max()) / 2 - center) <= 0.5
        assert xs.max() - xs.min() == pytest.approx(260 - 1, abs=1.0)


def test_the_intro_title_fades_between_offsets_30_and_60() -> None:
    # alpha[30] = 1, alpha[60] = 0 (in page offsets 0.08 and 0.16): ink at 0,
    # half at 45, gone at 60 (the title is on page 0, moved by the scroll).
    renderer = Renderer.from_scene(scenes.intro())
    darkest = [float(renderer.frame(x)[240:300, 20:355, :3].min()) for x in (0.0, 45.0, 60.0)]
    assert darkest[0] < 60 and 90 < darkest[1] < 200 and darkest[2] > 200
