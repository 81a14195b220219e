"""pickle, copy.copy and copy.deepcopy of every razzle object that owns a
handle, through the scene format: a copy samples bit for bit like the
original and is independent of it."""

import copy
import pickle

import numpy as np
import pytest
import razzle

TIMES = np.linspace(-1, 4, 251)
COPIES = [copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x)),
          lambda x: pickle.loads(pickle.dumps(x, protocol=0))]
IDS = ["copy", "deepcopy", "pickle", "pickle0"]


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float64).view(np.uint64)


def animator():
    anim = razzle.Animator()
    x = anim.add_track("box", "x")
    x.set(0, 0.0, easing="easeOutBack(2.5)")
    x.set(1, 5.0, interpolation="bezier", left=(0.8, 4.0), right=(1.4, 9.0))
    x.set(2.5, 2.0, interpolation="smooth", tension=0.3)
    c = anim.add_track("box", "fillColor", color_space="oklch")
    c[0], c[3] = "#ff0000", "#0000ff80"
    return anim


def nodes():
    anim = animator()
    timeline = razzle.Timeline(iterations=2, direction="alternate")
    timeline.add(razzle.Clip(anim, duration=1, fill="forwards"))
    timeline.add(razzle.Clip(anim, span=(0, 1), duration=0.5), at="<0.25")
    stagger = razzle.Stagger(razzle.Clip(anim, duration=0.5), ["a", "b", "c"], each=0.2, from_="center")
    return [("clip", razzle.Clip(anim, duration=2)), ("timeline", timeline), ("stagger", stagger),
            ("keyframe_animation", razzle.keyframe_animation(
                1.5, start={"plane": {"alpha": 1.0}}, blocks=[(0.0, 0.5, {"plane": {"alpha": 0.0}})]))]


@pytest.mark.parametrize("make", COPIES, ids=IDS)
def test_an_animator_copy_is_exact_and_independent(make):
    anim = animator()
    other = make(anim)
    assert np.array_equal(bits(anim.sample(TIMES)), bits(other.sample(TIMES)))
    other["box", "x"][10] = 1.0
    other.close()
    assert len(anim["box", "x"]) == 3 and anim["box", "x"](2.5) == 2.0


@pytest.mark.parametrize("make", COPIES, ids=IDS)
@pytest.mark.parametrize("name,node", nodes(), ids=[n for n, _ in nodes()])
def test_a_node_copy_is_exact_and_independent(make, name, node):
    other = make(node)
    assert type(other) is type(node)
    assert np.array_equal(bits(node.sample(TIMES)), bits(other.sample(TIMES)), equal_nan=False)
    assert other.timing == node.timing and other.end_time == node.end_time
    before = node.sample(TIMES)
    other.close()
    assert np.array_equal(bits(before), bits(node.sample(TIMES)))


@pytest.mark.parametrize("make", COPIES, ids=IDS)
def test_a_paging_copy_is_exact_and_independent(make):
    paging = razzle.Paging(pages=3, page_width=320)
    paging.keep("title", on_page=1)
    paging.keep("badge", on_pages=[0, 2], constant=4, offsets=[0, 8])
    other = make(paging)
    offsets = np.linspace(-0.5, 3, 15)
    assert np.array_equal(bits(paging.positions(offsets)), bits(other.positions(offsets)))
    assert other.animate(1.5) == paging.animate(1.5)
    other.page_width = 10
    other.close()
    assert paging.page_width == 320


def test_values_pickle_as_themselves():
    for value in [razzle.Path("M0 0 L10 10"), razzle.Mask("circle", 3, 4), razzle.Timing(duration=2, iterations=3),
                  razzle.easing("easeInQuad"), razzle.Spring()]:
        again = pickle.loads(pickle.dumps(value))
        assert repr(again) == repr(value)


def test_tracks_players_and_scenes_refuse_pickling_with_the_way_forward():
    anim = animator()
    with pytest.raises(TypeError, match="copy or pickle its Animator"):
        pickle.dumps(anim["box", "x"])
    with pytest.raises(TypeError):
        pickle.dumps(razzle.Player(razzle.Clip(anim, duration=1)))
    with pytest.raises(TypeError, match="razzle.dumps"):
        pickle.dumps(razzle.Scene([anim]))
