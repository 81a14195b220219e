"""The shared choreography and player vectors (Tests/vectors/choreography.json
and player.json, schema razzle-choreography/1) through the Python package:
the same files XCTest and the C program run."""

import math

import numpy as np
import pytest
import razzle
from conftest import load_vectors, vector_files, vector_number

CHOREOGRAPHY = load_vectors("choreography.json")
PLAYER = load_vectors("player.json")
STATUS_EXCEPTIONS = {
    "KF_E_INVALID_VALUE": razzle.InvalidValueError,
    "KF_E_NOT_FOUND": razzle.NotFoundError,
    "KF_E_INVALID_NAME": razzle.InvalidNameError,
    "KF_E_INVALID_STATE": razzle.InvalidStateError,
    "KF_E_KIND_MISMATCH": razzle.KindMismatchError,
}


def test_both_files_are_found():
    assert vector_files("razzle-choreography/") == ["choreography.json", "player.json"]


def timing(spec):
    if not spec:
        return None
    fields = {k: vector_number(v) if k in ("iterations", "duration") and v != "auto" else v for k, v in spec.items()}
    return razzle.Timing(**fields)


def unit_clip(duration, spec=None):
    """A clip of natural duration `duration`: a.x keyed 0 -> 0, d -> d."""
    anim = razzle.Animator()
    track = anim.add_track("a", "x")
    track[0] = 0
    if duration > 0:
        track[duration] = duration
    return razzle.Clip(anim, timing=timing(spec))


def node(spec):
    if "clip" in spec:
        clip = spec["clip"]
        anim = razzle.Animator()
        for t in clip["tracks"]:
            track = anim.add_track(t.get("target", ""), t["property"])
            for time, value in t["keyframes"]:
                track[vector_number(time)] = vector_number(value)
        span = tuple(map(vector_number, clip["span"])) if "span" in clip else None
        return razzle.Clip(anim, span, timing=timing(clip.get("timing")), composite=clip.get("composite", "replace"))
    line = spec["timeline"]
    tl = razzle.Timeline(timing=timing(line.get("timing")))
    for child in line["children"]:
        tl.add(node(child["node"]), at=child.get("at"))
    return tl


def stagger_kwargs(g):
    kw = {}
    for key in ("each", "amount", "grid", "axis", "seed", "max_count"):
        if key in g:
            kw[key] = tuple(g[key]) if key == "grid" else g[key]
    if "from" in g:
        kw["from_"] = tuple(g["from"]) if isinstance(g["from"], list) else g["from"]
    if "ease" in g:
        kw["ease"] = g["ease"]
    return kw


def relative(g):
    def value(v):
        if isinstance(v, list):
            return razzle.Point(*map(vector_number, v)) if len(v) == 2 else [vector_number(x) for x in v]
        return vector_number(v)

    start = {t: {p: value(v) for p, v in props.items()} for t, props in g["start"].items()}
    blocks = [(vector_number(b[0]), vector_number(b[1]), {t: {p: value(v) for p, v in props.items()} for t, props in b[2].items()}) for b in g["blocks"]]
    return razzle.keyframe_animation(
        vector_number(g["duration"]), delay=vector_number(g.get("delay", 0)), start=start, blocks=blocks, calculation_mode=g.get("calculation_mode", "linear")
    )


def check_row(root, time, columns, expected, tolerance, where):
    values = root(time)
    for pair, want in zip(columns, expected):
        got = values[tuple(pair)]
        if want is None:
            assert got is None, (where, pair, got)
            continue
        got = [got] if isinstance(got, float) else list(got)
        want = [vector_number(w) for w in (want if isinstance(want, list) else [want])]
        assert len(got) == len(want), (where, pair)
        assert all(abs(a - b) <= tolerance for a, b in zip(got, want)), (where, pair, got, want)


@pytest.mark.parametrize("g", CHOREOGRAPHY["groups"], ids=lambda g: g["id"])
def test_choreography_group(g):
    tolerance = g.get("tolerance", 0)
    kind = g["kind"]
    if kind == "placement":
        tl = razzle.Timeline()
        starts = []
        for op in g["ops"]:
            if op["op"] == "add":
                starts.append(tl.add(unit_clip(op["duration"]), at=op["at"]))
            else:
                tl.add_label(op["name"], at=op["at"])
        assert np.allclose(starts, g["starts"], atol=tolerance, rtol=0)
        assert abs(tl.natural_duration - g["duration"]) <= tolerance
        for name, time in g["labels"].items():
            assert abs(tl.label_time(name) - time) <= tolerance
        assert [start for _, start in tl.children] == starts
    elif kind == "tree":
        root = node(g["node"])
        assert [[c.target, c.property] for c in root.layout] == g["columns"]
        times = [vector_number(s["time"]) for s in g["samples"]]
        for s in g["samples"]:
            check_row(root, vector_number(s["time"]), g["columns"], s["values"], tolerance, (g["id"], s["tcId"]))
        # One batch call gives the rows of the single calls bit for bit.
        matrix = root.sample(times)
        singles = np.array([root.sample([t])[0] for t in times])
        assert np.array_equal(matrix, singles, equal_nan=True)
    elif kind == "stagger":
        template = unit_clip(1)
        s = razzle.Stagger(template, [f"item{i}" for i in range(g["count"])], **stagger_kwargs(g))
        assert np.allclose(s.offsets, [vector_number(x) for x in g["offsets"]], atol=tolerance, rtol=0)
    elif kind == "preset":
        targets = [f"item{i}" for i in range(g["count"])]
        s = razzle.Stagger.preset(g["preset"], targets, max_count=g.get("max_count", 20))
        if not g.get("subset"):
            assert [[c.target, c.property] for c in s.layout] == g["columns"]
        for sample in g["samples"]:
            check_row(s, vector_number(sample["time"]), g["columns"], sample["values"], tolerance, (g["id"], sample["tcId"]))
    elif kind == "relative_keyframes":
        clip = relative(g)
        for s in g["samples"]:
            check_row(clip, vector_number(s["time"]), g["columns"], s["values"], tolerance, (g["id"], s["tcId"]))
    else:
        raise AssertionError(f"unknown kind {kind!r}")


@pytest.mark.parametrize("r", CHOREOGRAPHY["rejections"], ids=lambda r: r["id"])
def test_choreography_rejection(r):
    error = STATUS_EXCEPTIONS[r["status"]]
    if r["kind"] == "placement":
        tl = razzle.Timeline()
        for op in r["ops"]:
            if op["op"] == "add":
                tl.add(unit_clip(op["duration"]), at=op["at"])
            else:
                tl.add_label(op["name"], at=op["at"])
        op = r["op"]
        with pytest.raises(error) as caught:
            if op["op"] == "add":
                tl.add(unit_clip(op["duration"]), at=op["at"])
            else:
                tl.add_label(op["name"], at=op["at"])
        assert [start for _, start in tl.children] == r["starts"]
        assert tl.natural_duration == r["duration"]
        for name, time in r["labels"].items():
            assert tl.label_time(name) == time
    elif r["kind"] == "stagger":
        with pytest.raises(error) as caught:
            kw = stagger_kwargs(r)
            if "each" in kw and isinstance(kw["each"], str):
                kw["each"] = vector_number(kw["each"])
            razzle.Stagger(unit_clip(1), [f"item{i}" for i in range(r["count"])], **kw)
    else:
        with pytest.raises(error) as caught:
            relative(r)
    if "message_contains" in r:
        assert r["message_contains"] in str(caught.value)


def make_player(g):
    spec = g["node"]
    return razzle.Player(unit_clip(spec["duration"], spec.get("timing")))


def run(player, step):
    op = step["op"]
    if op == "tick":
        return player.tick(vector_number(step["now"]))
    if op == "advance":
        return player.advance(vector_number(step["dt"]))
    if op == "seek":
        player.current_time = vector_number(step["time"])
    elif op == "rate":
        player.playback_rate = vector_number(step["rate"])
    else:
        getattr(player, op)()
    return []


def check_player(player, expect, events, where):
    current = expect["current_time"]
    if current is None:
        assert player.current_time is None, where
    else:
        assert abs(player.current_time - vector_number(current)) <= 1e-9, (where, player.current_time)
    assert player.play_state == expect["play_state"], where
    if "playback_rate" in expect:
        assert player.playback_rate == expect["playback_rate"], where
    if events is not None:
        got = [(e.kind, e.clock_time, e.iteration) for e in events]
        want = [(k, vector_number(c), None if i is None else vector_number(i)) for k, c, i in expect["events"]]
        assert len(got) == len(want), (where, got, want)
        for (k, c, i), (wk, wc, wi) in zip(got, want):
            assert k == wk and abs(c - wc) <= 1e-9 and i == wi, (where, got, want)


@pytest.mark.parametrize("g", PLAYER["groups"], ids=lambda g: g["id"])
def test_player_group(g):
    player = make_player(g)
    for step in g["steps"]:
        events = run(player, step)
        check_player(player, step["expect"], events, (g["id"], step["tcId"]))


@pytest.mark.parametrize("r", PLAYER["rejections"], ids=lambda r: r["id"])
def test_player_rejection(r):
    player = make_player(r)
    for step in r["steps"]:
        run(player, step)
    with pytest.raises(STATUS_EXCEPTIONS[r["status"]]):
        run(player, r["op"])
    check_player(player, r["expect"], None, r["id"])


def test_every_check_ran_somewhere():
    counted = sum(len(g.get("samples", [])) or 1 for g in CHOREOGRAPHY["groups"])
    assert counted > 200
    assert sum(len(g["steps"]) for g in PLAYER["groups"]) > 90
    assert not math.isnan(sum(len(r) for r in CHOREOGRAPHY["rejections"]))
