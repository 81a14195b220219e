"""`razzle plot` on a scene: what each panel shows, read from the
matplotlib figure (titles, axis labels and direction, the lines' data,
the keyframe markers), for a scene built like the gallery's intro (a
paging layout's animator: kept views constant over the span) and for
steps, transforms and screen coordinates."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, List

import numpy as np
import pytest

import razzle
from razzle.cli.common import pick
from razzle.cli.plot import plot_object
from razzle.gallery import scenes

matplotlib_figure = pytest.importorskip("matplotlib.figure")


def _plot(tmp_path: Path, scene: razzle.Scene, name: str = "scene.json") -> Any:
    path = tmp_path / name
    razzle.dump(scene, path)
    loaded = razzle.load(path)
    label, obj = pick(loaded, str(path), None)
    return plot_object(matplotlib_figure, str(path), label, obj, 400, None, loaded)


def _panels(figure: Any) -> Dict[str, Any]:
    return {ax.get_title(): ax for ax in figure.axes if ax.get_visible() and ax.get_title()}


def test_the_intro_draws_what_changes_and_lists_what_does_not(tmp_path: Path) -> None:
    figure = _plot(tmp_path, scenes.intro(), "intro.json")
    panels = _panels(figure)
    assert figure._suptitle.get_text() == "intro: 17 tracks (9 changing, 8 constant)"
    # The eight kept views' centerX never change over the pages: one panel
    # lists them (with the indicator's y, which stays 0).
    constant = panels["constant over 0 … 3"]
    listed = constant.texts[0].get_text().splitlines()
    assert "card2.label.centerX = 937.5" in listed and "indicator.translation.y = 0" in listed
    assert len(listed) == 9
    drawn = [title for title in panels if title != "constant over 0 … 3"]
    assert len(drawn) == 9 and not any(title.startswith("card1.centerX") for title in drawn)
    # No drawn panel is a flat line.
    for title in drawn:
        for line in panels[title].get_lines():
            y = np.asarray(line.get_ydata(), dtype=float)
            if y.size > 10:
                assert np.nanmax(y) > np.nanmin(y), title
    # The time axis is in pages, with the scroll offset in points on top.
    labels = {ax.get_xlabel() for ax in figure.axes if ax.get_xlabel()}
    assert "page (scroll offset / 375 pt)" in labels
    # Keyframe markers: the star's rotation is keyed at pages 1 and 2.
    rotation = panels["star.rotation (scalar)"]
    markers = [line for line in rotation.get_lines() if line.get_marker() == "o"]
    assert len(markers) == 1
    assert markers[0].get_xdata().tolist() == [1.0, 2.0] and markers[0].get_ydata().tolist() == [0.0, -144.0]


def test_steps_have_no_risers_and_screen_y_grows_down(tmp_path: Path) -> None:
    anim = razzle.Animator()
    level = anim.add_track("box", "alpha")
    level.set(0, 0.0, easing="steps(4)")
    level[1] = 1.0
    move = anim.add_track("box", "translation")
    move[0], move[1] = (0, 0), (100, 50)
    spin = anim.add_track("box", "transform3d")
    spin[0] = razzle.Transform3D.identity()
    spin[1] = razzle.Transform3D.make(translation=(10, 20, 0))
    scene = razzle.Scene()
    scene.add(anim, "anim")
    scene.add(razzle.Stage(size=(200, 200), animator="anim"))
    figure = _plot(tmp_path, scene)
    panels = _panels(figure)
    # steps(4) over [0, 1]: four treads, each level, separated by breaks.
    (line,) = [l for l in panels["box.alpha (scalar)"].get_lines() if l.get_marker() in ("None", "")]
    y = np.asarray(line.get_ydata(), dtype=float)
    runs = np.split(y, np.nonzero(np.isnan(y))[0])
    treads = [run[~np.isnan(run)] for run in runs if np.isfinite(run).sum()]
    assert [float(t[0]) for t in treads][:4] == [0.0, 0.25, 0.5, 0.75]
    assert all(np.ptp(t) == 0 for t in treads)
    # A translation draws x and y apart; y grows downwards, labelled.
    y_panel = panels["box.translation.y (point)"]
    low, high = y_panel.get_ylim()
    assert low > high and y_panel.get_ylabel() == "y (down)"
    assert not panels["box.translation.x (point)"].yaxis_inverted()
    # transform3d: its named parts, only the entries that change.
    translation = panels["box.transform3d: translation (transform3d)"]
    assert translation.get_legend() is not None
    names = [text.get_text() for text in translation.get_legend().get_texts()]
    assert names == ["m41 (tx)", "m42 (ty)"]
    assert "box.transform3d: linear part (transform3d)" not in panels
    # A time-driven stage shows the animator: seconds.
    assert {ax.get_xlabel() for ax in figure.axes if ax.get_xlabel()} == {"time (s)"}


def test_a_node_is_plotted_in_seconds(tmp_path: Path) -> None:
    figure = _plot(tmp_path, scenes.plane(), "plane.json")
    assert {ax.get_xlabel() for ax in figure.axes if ax.get_xlabel()} == {"time (s)"}
    panels = _panels(figure)
    assert panels["plane.center.y (point)"].yaxis_inverted()
    # A node's keyframes are not marked (its timings map them).
    assert not any(line.get_marker() == "o" for ax in figure.axes for line in ax.get_lines())
