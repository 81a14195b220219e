"""A scene's stages (Guides/Scenes.md, "Stages"): Scene.add(Stage(...)) →
dumps → loads gives the same stages (for every field, and for random valid
stages), the written file is valid against Guides/scene.schema.json, and
bad stages raise the error of their sort with the pointer, line and column
of the value at fault, adding nothing."""

import json
import math

import jsonschema
import pytest
import razzle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from razzle import Stage, Target

from conftest import REPO

SCHEMA = json.loads((REPO / "Guides" / "scene.schema.json").read_text())


def valid(text):
    jsonschema.validate(json.loads(text), SCHEMA, cls=jsonschema.Draft202012Validator)
    return text


def base():
    """A scene with every object a stage names: animators "intro" and
    "pager" (the paging layout's), node "main", paging "pages", path
    "route", mask "reveal"."""
    anim = razzle.Animator()
    alpha = anim.add_track("box", "alpha")
    alpha[0], alpha[2] = 0.0, 1.0
    paging = razzle.Paging(pages=3, page_width=320)
    paging.keep("title", on_page=1)
    scene = razzle.Scene()
    scene.add(anim, name="intro")
    scene.add(paging.animator, name="pager")
    scene.add(paging, name="pages")
    scene.add(razzle.Clip(anim), name="main")
    scene.add(razzle.Path("M0 0 L100 0"), name="route")
    scene.add(razzle.Mask("circle", 100, 100), name="reveal")
    return scene


EVERYTHING = Stage(
    name="home",
    size=(375.0, 667.0),
    background=(0.1, 0.2, 0.3, 1.0),
    animator="pager",
    paging="pages",
    driver="time",
    range=(0.0, 2.0),
    extensions={"tool": "t"},
    targets=(
        Target("box", "rect", (10.0, 20.0, 100.0, 50.0), fill=(1.0, 0.0, 0.0, 1.0), stroke=(0.0, 0.0, 1.0, 0.5),
               stroke_width=2.0, corner_radius=8.0, alpha=0.5, hidden=True, anchor=(0.0, 1.0), blur=3.0,
               motion_path="route", motion_rotate="auto", mask="reveal", scrolls=False, extensions={"k": [1.0, None]}),
        Target("title", "text", (0.0, 0.0, 200.0, 30.0), text="Hé \"there\"", font_size=24.0,
               text_color=(0.25, 0.25, 0.25, 1.0)),
        Target("line", "path", (0.0, 0.0, 100.0, 10.0), path="route", motion_path="route", motion_rotate="reverse"),
        Target("logo", "image", (-5.0, 0.0, 64.0, 64.0), image="logo.png"),
        Target("dot", "ellipse", (0.001, 2.0, 0.0, 0.0)),
    ),
)


def test_a_stage_with_every_field_round_trips():
    scene = base()
    scene.add(EVERYTHING)
    scene.add(Stage(size=(100.0, 50.0), node="main"), name="plain")
    assert scene.stages == [EVERYTHING, Stage(size=(100.0, 50.0), node="main", name="plain")]
    text = valid(razzle.dumps(scene))
    data = json.loads(text)
    assert list(data)[-1] == "stages" and list(data)[-2] == "masks"
    # The spec's member order, defaults left out.
    home = data["stages"][0]
    assert list(home) == ["name", "size", "background", "animator", "paging", "driver", "range", "targets", "extensions"]
    assert list(home["targets"][0]) == [
        "name", "shape", "frame", "fill", "stroke", "stroke_width", "corner_radius", "alpha", "hidden", "anchor",
        "blur", "motion_path", "motion_rotate", "mask", "scrolls", "extensions",
    ]
    assert home["targets"][4] == {"name": "dot", "shape": "ellipse", "frame": [0.001, 2.0, 0.0, 0.0]}
    assert '"size": [375.0, 667.0]' in text and '"font_size": 24.0' in text
    loaded = razzle.loads(text)
    assert loaded.stages == scene.stages
    assert razzle.dumps(loaded) == text
    assert loaded.names("stages") == ["home", "plain"]
    assert loaded["home"] == EVERYTHING and loaded["plain"].node == "main"
    assert loaded["home"].target("box").corner_radius == 8.0
    assert not loaded["home"].scrolling and Stage(size=(1.0, 1.0), paging="pages").scrolling
    assert "2 stages" in repr(loaded)


def test_defaults_given_are_left_out_and_read_back_as_defaults():
    scene = base()
    scene.add(Stage(size=(10.0, 10.0), paging="pages", driver="scroll",
                    targets=(Target("t", "text", (0.0, 0.0, 1.0, 1.0), text="", font_size=17.0, motion_rotate="none"),)))
    # Target.to_dict leaves its defaults out, and the library leaves out
    # the driver a paging layout implies.
    text = razzle.dumps(scene)
    assert json.loads(text)["stages"] == [
        {"size": [10.0, 10.0], "paging": "pages", "targets": [{"name": "t", "shape": "text", "frame": [0.0, 0.0, 1.0, 1.0], "text": ""}]}
    ]
    (stage,) = razzle.loads(text).stages
    assert stage.driver is None and stage.scrolling


def test_the_stage_text_is_the_files_object():
    scene = base()
    scene.add(EVERYTHING)
    from razzle import _ffi
    from razzle._scene import _text_out
    alone = _text_out(lambda b, c, n: _ffi.lib.kf_scene_stage_at(scene._h, 0, b, c, n))
    assert json.loads(alone) == json.loads(razzle.dumps(scene))["stages"][0]
    assert alone.startswith('{\n  "name": "home",\n  "size": [375.0, 667.0],\n') and alone.endswith("}\n")
    with pytest.raises(razzle.OutOfRangeError):
        _text_out(lambda b, c, n: _ffi.lib.kf_scene_stage_at(scene._h, 1, b, c, n))


def test_the_written_file_is_valid_against_the_schema_and_the_schema_refuses_misplaced_fields():
    scene = base()
    scene.add(EVERYTHING)
    data = json.loads(valid(razzle.dumps(scene)))
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for bad in (
        {"shape": "circle"}, {"text": "x"}, {"corner_radius": 1.0, "shape": "ellipse"}, {"color": [0, 0, 0, 1]},
        {"motion_rotate": "sideways"}, {"frame": [0, 0, 1]}, {"alpha": 2.0},
    ):
        broken = json.loads(json.dumps(data))
        broken["stages"][0]["targets"][0].update(bad)
        assert not validator.is_valid(broken), bad
    for bad in ({"driver": "clock"}, {"size": [0, 1]}, {"targets": {}}, {"animator": 0}):
        broken = json.loads(json.dumps(data))
        broken["stages"][0].update(bad)
        assert not validator.is_valid(broken), bad


T = (0.0, 0.0, 10.0, 10.0)
BAD = [
    ("unknown shape", Stage(size=(1.0, 1.0), animator="intro", targets=(Target("a", "elipse", T),)),
     razzle.InvalidNameError, "/targets/0/shape", 'unknown shape "elipse" (did you mean "ellipse"?)'),
    ("unknown driver", Stage(size=(1.0, 1.0), animator="intro", driver="scrol"),
     razzle.InvalidNameError, "/driver", '(did you mean "scroll"?)'),
    ("missing animator", Stage(size=(1.0, 1.0), animator="intor"),
     razzle.NotFoundError, "/animator", 'no animator is named "intor" (did you mean "intro"?)'),
    ("missing mask", Stage(size=(1.0, 1.0), node="main", targets=(Target("a", "rect", T, mask="nope"),)),
     razzle.NotFoundError, "/targets/0/mask", 'no mask is named "nope"'),
    ("no source", Stage(size=(1.0, 1.0)), razzle.FormatError, "", 'needs the field "animator", "node" or "paging"'),
    ("misplaced field", Stage(size=(1.0, 1.0), node="main", targets=(Target("a", "rect", T), Target("b", "ellipse", T, text="x"))),
     razzle.FormatError, "/targets/1/text", '"text" is for text targets, not ellipse'),
    ("too large", Stage(size=(16385.0, 1.0), node="main"), razzle.InvalidValueError, "/size", "(0, 16384]"),
    ("NaN", Stage(size=(1.0, 1.0), node="main", targets=(Target("a", "rect", T, alpha=math.nan),)),
     razzle.FormatError, "/targets/0/alpha", "NaN"),
    ("infinity", Stage(size=(math.inf, 1.0), node="main"), razzle.FormatError, "/size/0", "Infinity"),
    ("color", Stage(size=(1.0, 1.0), node="main", background=(1.0, 1.0, 1.0, 2.0)),
     razzle.InvalidValueError, "/background", "[0, 1]"),
    ("duplicate target", Stage(size=(1.0, 1.0), node="main", targets=(Target("a", "rect", T), Target("a", "rect", T))),
     razzle.DuplicateTrackError, "/targets/1/name", 'another target of the stage is named "a"'),
    ("long name", Stage(size=(1.0, 1.0), node="main", targets=(Target("é" * 128, "rect", T),)),
     razzle.InvalidNameError, "/targets/0/name", "got 256 bytes"),
    ("wrong size", Stage(size=(1.0, 1.0), node="main", targets=(Target("a", "rect", (0.0, 0.0, 1.0)),)),  # type: ignore[arg-type]
     razzle.WrongSizeError, "/targets/0/frame", "expected 4 numbers"),
]


@pytest.mark.parametrize("name,stage,error,pointer,reason", BAD, ids=[b[0] for b in BAD])
def test_a_bad_stage_raises_with_its_pointer_and_adds_nothing(name, stage, error, pointer, reason):
    scene = base()
    with pytest.raises(error) as raised:
        scene.add(stage)
    e = raised.value
    assert reason in str(e) and e.pointer == pointer, str(e)
    assert e.line >= 1 and e.column >= 1 and f"(line {e.line}, column {e.column})" in str(e)
    assert str(e).startswith("kf_scene_add_stage: ")
    assert scene.stages == [] and scene.names("stages") == []


def test_a_duplicate_stage_name_and_the_name_argument():
    scene = base()
    scene.add(Stage(size=(1.0, 1.0), node="main", name="first"), name="s")
    assert scene.names("stages") == ["s"]
    with pytest.raises(razzle.DuplicateTrackError) as raised:
        scene.add(Stage(size=(2.0, 2.0), node="main"), name="s")
    assert raised.value.pointer == "/name" and (raised.value.line, raised.value.column) == (1, 10)
    with pytest.raises(razzle.InvalidNameError):
        scene.add(Stage(size=(2.0, 2.0), node="main"), name="")
    assert len(scene.stages) == 1


def test_a_file_whose_stage_names_a_missing_animator():
    scene = base()
    scene.add(Stage(size=(320.0, 480.0), animator="intro", targets=(Target("box", "rect", T),)))
    text = razzle.dumps(scene).replace('"animator": "intro"', '"animator": "outro"')
    with pytest.raises(razzle.NotFoundError) as raised:
        razzle.loads(text)
    e = raised.value
    assert e.pointer == "/stages/0/animator"
    assert 'no animator is named "outro" (line ' in str(e)
    line = text.splitlines()[e.line - 1]
    assert line[e.column - 1:].startswith('"outro"'), line


def test_references_must_be_in_the_scene_when_the_stage_is_added():
    scene = razzle.Scene()
    stage = Stage(size=(10.0, 10.0), animator="later")
    with pytest.raises(razzle.NotFoundError):
        scene.add(stage)
    scene.add(razzle.Animator(), name="later")
    scene.add(stage)
    assert scene["later"] is scene.animators[0] and scene.stages == [stage]


def test_a_stage_that_is_not_json():
    with pytest.raises(razzle.InvalidTypeError):
        base().add(Stage(size=(1.0, 1.0), node="main", extensions={"x": object()}))


# -- property-based: any valid stage round-trips exactly --------------------------------

unit = st.floats(min_value=0, max_value=1, allow_nan=False)
length = st.floats(min_value=0, max_value=1e6, allow_nan=False)
coordinate = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
colors = st.tuples(unit, unit, unit, unit)


@st.composite
def targets(draw, name):
    shape = draw(st.sampled_from(["rect", "ellipse", "text", "path", "image"]))
    extra = {}
    if shape == "rect":
        extra["corner_radius"] = draw(length)
    if shape == "text":
        extra["text"] = draw(st.text(max_size=8))
        extra["font_size"] = draw(st.floats(min_value=1e-3, max_value=1e3))
        extra["text_color"] = draw(colors)
    if shape == "path":
        extra["path"] = "route"
    if shape == "image":
        extra["image"] = draw(st.text(min_size=1, max_size=8).filter(lambda s: "\0" not in s))
    if draw(st.booleans()):
        extra["motion_path"] = "route"
        extra["motion_rotate"] = draw(st.sampled_from(["none", "auto", "reverse"]))
    return Target(
        name, shape,
        (draw(coordinate), draw(coordinate), draw(length), draw(length)),
        fill=draw(colors), stroke=draw(colors), stroke_width=draw(length), alpha=draw(unit),
        hidden=draw(st.booleans()), anchor=(draw(coordinate), draw(coordinate)), blur=draw(length),
        mask=draw(st.sampled_from([None, "reveal"])), scrolls=draw(st.booleans()), **extra,
    )


@st.composite
def stages(draw):
    source = draw(st.sampled_from([{"animator": "intro"}, {"node": "main"}, {"paging": "pages"},
                                   {"paging": "pages", "animator": "pager"}]))
    driver = draw(st.sampled_from([None, "time" if "paging" in source else "scroll"]))
    side = st.floats(min_value=1e-3, max_value=16384)
    first = draw(coordinate)
    span = draw(st.none() | coordinate.filter(lambda x: x != first).map(lambda x: (first, x)))
    count = draw(st.integers(0, 4))
    return Stage(
        size=(draw(side), draw(side)), background=draw(colors), driver=driver, range=span,
        targets=tuple(draw(targets(f"t{i}")) for i in range(count)), **source,
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stages())
def test_random_stages_round_trip_exactly(stage):
    scene = base()
    scene.add(stage)
    assert scene.stages == [stage]
    text = valid(razzle.dumps(scene))
    loaded = razzle.loads(text)
    assert loaded.stages == [stage]
    assert razzle.dumps(loaded) == text


def test_motion_rotate_none_spelled_out_needs_no_motion_path():
    # "none" is the default: a file that spells it out on a target without a
    # motion path loads, and is written back without it; a turn ("auto")
    # without a path is refused.
    scene = base()
    scene.add(Stage(size=(320.0, 480.0), animator="intro", targets=(Target("box", "rect", T),)))
    text = razzle.dumps(scene)
    spelled = text.replace('"shape": "rect",', '"shape": "rect", "motion_rotate": "none",')
    assert spelled != text
    loaded = razzle.loads(spelled)
    assert loaded.stages[0].targets[0].motion_rotate == "none"
    assert razzle.dumps(loaded) == text
    with pytest.raises(razzle.FormatError) as raised:
        razzle.loads(text.replace('"shape": "rect",', '"shape": "rect", "motion_rotate": "auto",'))
    assert raised.value.pointer.endswith("/motion_rotate")
