"""razzle-scene/1 files: exact round trips of every kind, style and node
(property-based), files valid against Guides/scene.schema.json, malformed
files that give their error with its place and load nothing, extensions,
names and the file API."""

import gc
import io
import json
import re
import math

import jsonschema
import numpy as np
import pytest
import razzle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO

SCHEMA = json.loads((REPO / "Guides" / "scene.schema.json").read_text())
TIMES = np.concatenate([np.linspace(-3, 13, 321), [0.0, 1.0, 2.5]])


def valid(text):
    jsonschema.validate(json.loads(text), SCHEMA, cls=jsonschema.Draft202012Validator)
    return text


def bits(array):
    return np.ascontiguousarray(array, dtype=np.float64).view(np.uint64)


def same_animators(a, b):
    assert [(c.target, c.property, c.kind, c.channels) for c in a.layout] == [
        (c.target, c.property, c.kind, c.channels) for c in b.layout
    ]
    assert np.array_equal(bits(a.sample(TIMES)), bits(b.sample(TIMES)))
    assert dict(a.variables) == dict(b.variables)


# -- property-based round trips --------------------------------------------------

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
unit = st.floats(min_value=0, max_value=1, allow_nan=False)
EASINGS = ["linear", "easeInQuad", "easeOutBack(2.5)", "cubic-bezier(0.1, 0.7, 1, 0.1)", "steps(3, jump-end)",
           "linear(0, 0.25 75%, 1)", "bouncy(0.4)", "spring(mass=2, stiffness=80, damping=9, velocity=1)",
           "easeInOutElastic"]
EXTRAPOLATIONS = ["hold", "linear", "cycle", "cycle-offset", "ping-pong"]
# (property, kind, channels, value strategy, curves allowed)
KINDS = [
    ("x", None, 1, finite, True),
    ("alpha", None, 1, unit, True),
    ("position", None, 2, st.tuples(finite, finite), True),
    ("size", None, 2, st.tuples(unit, unit), True),
    ("weights", "vector", 3, st.tuples(finite, finite, finite), True),
    ("textColor", None, 4, st.tuples(unit, unit, unit, unit), False),
    ("hidden", None, 1, st.booleans(), False),
]


@st.composite
def animators(draw):
    anim = razzle.Animator()
    if draw(st.booleans()):
        anim.variables["w"] = draw(st.floats(min_value=1, max_value=1e3))
    for k in range(draw(st.integers(1, 4))):
        prop, kind, channels, values, curves = draw(st.sampled_from(KINDS))
        extra = {}
        if prop == "textColor":
            extra = {"color_space": draw(st.sampled_from(["srgb", "oklch", "oklab", "hsl", "linear-srgb"])),
                     "premultiplied": draw(st.booleans())}
        if prop == "x" and "w" in anim.variables and draw(st.booleans()):
            extra = {"relative_to": "w", "constant": draw(finite)}
        track = anim.add_track(f"t{k}", prop, kind, **({"channels": channels} if kind == "vector" else {}), **extra)
        times = sorted(set(draw(st.lists(st.floats(-5, 15, allow_nan=False), min_size=1, max_size=6))))
        for t in times:
            options = {"easing": draw(st.sampled_from(EASINGS))}
            if curves:
                mode = draw(st.sampled_from(["linear", "hold", "bezier", "smooth", "monotone"]))
                options["interpolation"] = mode
                if mode == "smooth":
                    options.update(tension=draw(st.floats(-1, 1)), continuity=draw(st.floats(-1, 1)),
                                   bias=draw(st.floats(-1, 1)))
                if mode == "bezier" and channels == 1:
                    options.update(right=(t + 0.25, draw(finite)), left=(t - 0.25, draw(finite)))
            track.set(t, draw(values), **options)
        if prop != "hidden":
            modes = EXTRAPOLATIONS if curves else ["hold", "cycle", "ping-pong"]
            track.extrapolation = (draw(st.sampled_from(modes)), draw(st.sampled_from(modes)))
    return anim


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(animators())
def test_random_animators_round_trip_bit_for_bit(anim):
    text = valid(razzle.dumps(anim))
    scene = razzle.loads(text)
    same_animators(anim, scene.animators[0])
    assert razzle.dumps(scene) == text


@st.composite
def trees(draw, anim, depth=0):
    timing = {}
    if draw(st.booleans()):
        timing = {"duration": draw(st.floats(0.1, 3)), "fill": draw(st.sampled_from(["forwards", "both", "none"])),
                  "iterations": draw(st.sampled_from([1, 2.5, math.inf] if depth == 0 else [1, 2.5])),
                  "direction": draw(st.sampled_from(["normal", "alternate", "reverse"])),
                  "easing": draw(st.sampled_from(["linear", "ease-in", "steps(2)"]))}
    choice = draw(st.sampled_from(["clip", "timeline", "stagger"] if depth < 2 else ["clip"]))
    if choice == "clip":
        span = draw(st.sampled_from([None, (0.0, 5.0), (-1.0, 2.0)]))
        return razzle.Clip(anim, span=span, **timing)
    if choice == "stagger":
        return razzle.Stagger(razzle.Clip(anim, duration=0.5), [f"item{i}" for i in range(draw(st.integers(1, 5)))],
                              each=draw(st.floats(0, 0.5)), from_=draw(st.sampled_from(["start", "center", "end", "edges", 1])))
    timeline = razzle.Timeline(**timing)
    for _ in range(draw(st.integers(0, 3))):
        timeline.add(draw(trees(anim, depth + 1)), at=draw(st.sampled_from([None, 0.5, "<", ">0.1", "-=0.2"])))
    if draw(st.booleans()):
        timeline.add_label("mark", at=draw(st.floats(0, 4)))
    return timeline


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_node_trees_round_trip_bit_for_bit(data):
    anim = razzle.Animator()
    x = anim.add_track("", "x")
    x.set(0, 0.0, easing="easeInOutCubic")
    x[5] = 10.0
    a = anim.add_track("", "alpha")
    a[1], a[3] = 0.0, 1.0
    node = data.draw(trees(anim))
    text = valid(razzle.dumps(node))
    loaded = razzle.loads(text).nodes[0]
    times = np.linspace(-1, 8, 181)
    assert np.array_equal(bits(node.sample(times)), bits(loaded.sample(times)))
    assert razzle.dumps(loaded) == text


# -- a scene of everything -------------------------------------------------------------


def everything():
    anim = razzle.Animator()
    alpha = anim.add_track("label", "alpha")
    alpha[30], alpha[60] = 1.0, 0.0
    intro = razzle.Timeline()
    intro.add(razzle.Clip(anim, duration=0.5, fill="forwards"))
    intro.add(razzle.Clip(anim, duration=0.8, fill="forwards"), at="<0.2")
    intro.add_label("done")
    grid = razzle.Stagger.preset("grid", [f"cell{i}" for i in range(6)])
    paging = razzle.Paging(pages=4, page_width=375)
    paging.keep("title", on_page=0)
    paging.keep("badge", on_pages=[2, 3], constant=10, offsets=[0, 20])
    path = razzle.Path("M0 0 C40 0 60 80 100 80 A30 30 0 0 1 160 80")
    mask = razzle.Mask("bottom", 300, 400)
    scene = razzle.Scene()
    scene.add(anim, name="fade")
    scene.add(intro, name="intro")
    scene.add(grid)
    scene.add(paging, name="pager")
    scene.add(path, name="route")
    scene.add(mask)
    return scene, anim, intro, grid, paging, path


def test_a_scene_of_everything_round_trips(tmp_path):
    scene, anim, intro, grid, paging, path = everything()
    text = valid(razzle.dumps(scene))
    loaded = razzle.loads(text)
    assert razzle.dumps(loaded) == text
    assert loaded.names("animators")[0] == "fade" and loaded["intro"] is loaded.nodes[0]
    # One animator for the three clips that play it: shared, not copied.
    assert json.loads(text)["nodes"][0]["children"][1]["node"]["animator"] == 0
    same_animators(anim, loaded.animators[0])
    t = np.linspace(-0.5, 3, 71)
    assert np.array_equal(bits(intro.sample(t)), bits(loaded.nodes[0].sample(t)))
    assert np.array_equal(bits(grid.sample(t)), bits(loaded.nodes[1].sample(t)))
    pager = loaded["pager"]
    assert pager.kept_views() if hasattr(pager, "kept_views") else True
    assert np.array_equal(pager.positions(np.linspace(0, 3, 13)), paging.positions(np.linspace(0, 3, 13)))
    assert pager.animate(2.5) == paging.animate(2.5)
    route = loaded["route"]
    assert np.array_equal(bits(route.sample(np.linspace(0, 1, 33))[0]), bits(path.sample(np.linspace(0, 1, 33))[0]))
    assert loaded.masks[0].rect(0.25) == razzle.Rect(0, 300, 300, 100)
    # Files and file objects.
    razzle.dump(scene, tmp_path / "a.json")
    assert (tmp_path / "a.json").read_text() == text
    assert razzle.dumps(razzle.load(tmp_path / "a.json")) == text
    assert razzle.dumps(razzle.load(io.StringIO(text))) == text
    assert razzle.dumps(razzle.load(io.BytesIO(text.encode()))) == text
    buffer = io.StringIO()
    razzle.dump(anim, buffer)
    assert buffer.getvalue() == anim.to_json() == razzle.dumps(anim)
    loaded.close()
    assert pager.positions(0.0).shape == (2,)  # objects outlive their scene


def test_numbers_are_shortest_and_integral_doubles_keep_a_fraction():
    anim = razzle.Animator()
    x = anim.add_track("v", "x")
    x[0.1], x[1], x[1e16], x[-0.0] = 0.30000000000000004, -0.0, 5e-324, 1.0
    text = razzle.dumps(anim)
    for spelled in ['{"time": -0.0, "value": 1.0}', '{"time": 0.1, "value": 0.30000000000000004}',
                    '{"time": 1.0, "value": -0.0}', '{"time": 1e+16, "value": 5e-324}']:
        assert spelled in text
    assert np.array_equal(bits(razzle.loads(text).animators[0]["v", "x"].values), bits(x.values))


def test_extensions_are_kept_and_written_back():
    text = json.dumps({
        "format": "razzle-scene/1",
        "animators": [{"tracks": [{"property": "alpha", "keyframes": [{"time": 0, "value": 1, "extensions": {"k": [1, None]}}],
                                   "extensions": {"tool": {"version": 2}}}], "extensions": {"a": True}}],
        "extensions": {"generator": "hand"},
    })
    first = razzle.dumps(razzle.loads(text))
    data = json.loads(first)
    assert data["extensions"] == {"generator": "hand"}
    assert data["animators"][0]["extensions"] == {"a": True}
    assert data["animators"][0]["tracks"][0]["extensions"] == {"tool": {"version": 2.0}}
    assert data["animators"][0]["tracks"][0]["keyframes"][0]["extensions"] == {"k": [1.0, None]}
    assert razzle.dumps(razzle.loads(first)) == valid(first)


# -- malformed files -----------------------------------------------------------------

HEAD = '{"format": "razzle-scene/1", '
TRACK = '{"format": "razzle-scene/1", "animators": [{"tracks": [{"property": "alpha", "keyframes": [%s]}]}]}'
MALFORMED = [
    ("truncated", HEAD + '"animators": [', razzle.FormatError, "/animators/0", "ends"),
    ("wrong type", HEAD + '"animators": {}}', razzle.FormatError, "/animators", "expected an array"),
    ("wrong type deep", TRACK % '{"time": "0", "value": 1}', razzle.FormatError, "/animators/0/tracks/0/keyframes/0/time", "expected a number"),
    ("huge number", TRACK % '{"time": 1e999, "value": 1}', razzle.FormatError, "/animators/0/tracks/0/keyframes/0/time", "too large"),
    ("deep nesting", HEAD + '"extensions": ' + "[" * 600 + "]" * 600 + "}", razzle.FormatError, "/extensions" + "/0" * 511, "nesting deeper than 512"),
    ("duplicate key", TRACK % '{"time": 0, "time": 1, "value": 1}', razzle.FormatError, "/animators/0/tracks/0/keyframes/0/time", "duplicate key"),
    ("unknown field", TRACK % '{"time": 0, "value": 1, "ease": "linear"}', razzle.FormatError, "/animators/0/tracks/0/keyframes/0/ease", 'unknown field "ease"'),
    ("unknown easing", TRACK % '{"time": 0, "value": 1, "easing": "wobble"}', razzle.EasingError, "/animators/0/tracks/0/keyframes/0/easing", 'unknown easing "wobble"'),
    ("out of range", TRACK % '{"time": 0, "value": 2}', razzle.InvalidValueError, "/animators/0/tracks/0/keyframes/0", "alpha"),
    ("version", '{"format": "razzle-scene/2"}', razzle.FormatError, "/format", "unsupported format"),
    ("trailing comma", HEAD + '"animators": [],}', razzle.FormatError, "", "trailing comma"),
    ("comment", HEAD + '/* x */ "animators": []}', razzle.FormatError, "", "expected a key"),
    ("NaN", TRACK % '{"time": NaN, "value": 1}', razzle.FormatError, "/animators/0/tracks/0/keyframes/0/time", "NaN"),
    ("bad index", HEAD + '"nodes": [{"type": "clip", "animator": 3}]}', razzle.OutOfRangeError, "/nodes/0/animator", "out of range"),
]


@pytest.mark.parametrize("name,text,error,pointer,reason", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_files_give_their_error_and_no_scene(name, text, error, pointer, reason):
    with pytest.raises(error) as raised:
        razzle.loads(text)
    e = raised.value
    assert reason in str(e) and e.pointer == pointer, str(e)
    assert e.line >= 1 and e.column >= 1 and f"(line {e.line}, column {e.column})" in str(e)


@pytest.mark.parametrize(
    "data,reason",
    [(b"\xef\xbb\xbf{}", "byte order mark"), (b'{"format": "razzle-scene/1\xff"}', "invalid UTF-8"),
     (b'{"format": "\xc0\xaf"}', "invalid UTF-8"), (b'{"a\x00": 1}', "NUL")],
)
def test_bytes_that_are_not_json_text(data, reason):
    with pytest.raises(razzle.FormatError, match=reason):
        razzle.loads(data)


def test_the_error_gives_line_and_column():
    text = '{"format": "razzle-scene/1",\n "animators": [{"tracks": [\n  {"property": "alpha", "keyframes": [{"time": 0, "value": 1, "easing": "wobble"}]}]}]}'
    with pytest.raises(razzle.EasingError) as raised:
        razzle.loads(text)
    assert (raised.value.line, raised.value.column) == (3, 73)
    assert str(raised.value).startswith("kf_scene_load: /animators/0/tracks/0/keyframes/0/easing: unknown easing")


def test_dump_refuses_what_is_not_a_scene_object(tmp_path):
    with pytest.raises(razzle.InvalidTypeError):
        razzle.dumps(42)
    with pytest.raises(razzle.InvalidTypeError):
        razzle.loads(3.5)
    with pytest.raises(razzle.NotFoundError):
        razzle.load(tmp_path / "missing.json")
    scene = razzle.Scene()
    scene.add(razzle.Animator(), name="a")
    with pytest.raises(razzle.DuplicateTrackError):
        scene.add(razzle.Animator(), name="a")
    with pytest.raises(razzle.InvalidNameError):
        scene.add(razzle.Animator(), name="")


def test_scene_lists_wrap_on_first_read_and_outlive_the_scene():
    """`scene.animators` and the other lists wrap each library object when
    it is first read (a file of many objects costs no Python object per
    item up front), give the same object each time, and stay usable after
    the scene is closed or dropped."""
    text = json.dumps(
        {
            "format": "razzle-scene/1",
            "animators": [
                {"tracks": [{"target": "v", "property": "x", "keyframes": [{"time": 0, "value": i}]}]}
                for i in range(5)
            ],
            "paths": [{"data": "M0 0 L3 4"}],
        }
    )
    scene = razzle.loads(text)
    assert isinstance(scene.animators, razzle.SceneList)
    assert len(scene.animators) == 5
    assert scene.animators._items.count(None) == 5
    first = scene.animators[0]
    assert scene.animators[0] is first and scene.animators[-5] is first
    assert scene.animators._items.count(None) == 4
    assert [a.animate(0)["v", "x"] for a in scene.animators[1:3]] == [1.0, 2.0]
    assert scene.animators == list(scene.animators)
    assert scene.paths[0].length == 5.0
    with pytest.raises(IndexError):
        scene.animators[5]
    # Closing wraps what was not read: every object stays usable.
    animators = scene.animators
    scene.close()
    assert [a.animate(0)["v", "x"] for a in animators] == [0.0, 1.0, 2.0, 3.0, 4.0]
    # A list kept without its scene keeps the scene's objects reachable.
    paths = razzle.loads(text).paths
    gc.collect()
    assert paths[0].length == 5.0


def test_a_scene_too_large_to_read_back_is_not_written():
    """The writer keeps to the reader's 64 MiB (KF_SCENE_MAX_BYTES): a
    track of 2e6 keyframes (about 80 MB of text) raises FormatError from
    dumps, so everything dumps writes loads back."""
    anim = razzle.Animator()
    track = anim.add_track("v", "x")
    n = 2_000_000
    track.set_keyframes(np.arange(n, dtype=float), np.arange(n, dtype=float) * 0.5)
    with pytest.raises(razzle.FormatError, match=r"more than the 67108864 a scene file may hold"):
        razzle.dumps(anim)


def test_one_animator_is_added_to_a_scene_once():
    """A file lists each animator once: a second add of the same animator
    (under another name or none) is refused, naming the first, and the
    scene's text round-trips with every name."""
    anim = razzle.Animator()
    anim.add_track("v", "x")[0] = 1
    scene = razzle.Scene()
    scene.add(anim, name="a")
    with pytest.raises(razzle.RazzleError, match='has this animator already as "a"'):
        scene.add(anim, name="b")
    assert len(scene.animators) == 1
    again = razzle.loads(razzle.dumps(scene))
    assert again.names("animators") == ["a"]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"grid": (2**31 - 1, 2)}, "rows and columns in 1...1000000000"),
        ({"max_count": 2**63 - 1}, "max_count must be within"),
        ({"each": 9e307}, "each must be finite, >= 0 and <= 1e15"),
    ],
)
def test_a_stagger_the_scene_file_could_not_hold_is_refused(options, message):
    """A stagger razzle makes must save and load back (fuzzing found a grid
    of 2^31 - 1 rows and a max_count of 2^63 - 1 accepted, then refused by
    the scene reader, and an `each` of 9e307 whose offsets overflowed):
    the core holds the reader's bounds."""
    anim = razzle.Animator()
    anim.add_track("item", "alpha")[0] = 1
    with pytest.raises(razzle.InvalidValueError, match=re.escape(message)):
        razzle.Stagger(razzle.Clip(anim), ["a", "b", "c"], **options)


def test_a_paging_layout_without_its_width_is_not_saved():
    """A paging layout is read back from its width variable: with the
    variable removed, or set to a width a layout refuses, saving would
    write a file that does not load (fuzzing found both). Saving refuses
    instead, naming the variable; a valid width saves and loads."""
    paging = razzle.Paging(3, 375.0)
    assert razzle.loads(razzle.dumps(paging)).pagings[0].pages == 3
    paging.animator.variables["pageWidth"] = -3.5
    with pytest.raises(razzle.InvalidValueError, match=r'page width variable "pageWidth" is -3.5'):
        razzle.dumps(paging)
    del paging.animator.variables["pageWidth"]
    with pytest.raises(razzle.InvalidValueError, match="was removed from its animator"):
        razzle.dumps(paging)
