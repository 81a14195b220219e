"""razzle.Clip, Timeline, Stagger, keyframe_animation and Player from
Python: values worked by hand, errors, shapes and threads (the shared
vectors are test_choreography_vectors.py)."""

import math
import pickle
import threading

import numpy as np
import pytest
import razzle


def ramp(target="a", prop="x", keys=((0, 0), (1, 10))):
    anim = razzle.Animator()
    track = anim.add_track(target, prop)
    for t, v in keys:
        track[t] = v
    return anim


def test_a_clip_in_seconds_over_scroll_points():
    # Keyed 30..60 (RazzleDazzle's fade), played over 0.5 s: a quarter at 0.125 s.
    clip = razzle.Clip(ramp(keys=((30, 1.0), (60, 0.0))), duration=0.5)
    assert clip.natural_duration == 30 and clip.end_time == 0.5
    assert clip(0.125)["a", "x"] == 0.75
    assert clip(-0.1)["a", "x"] is None  # fill none before
    assert clip.compute(0.25).transformed_progress == 0.5


def test_a_node_reads_its_timing_back():
    tl = razzle.Timeline(iterations=2, direction="alternate", easing="ease-in")
    assert tl.children == []
    parent = razzle.Timeline()
    parent.add(tl)
    (child, start), = parent.children
    assert start == 0 and child.timing == razzle.Timing(iterations=2, direction="alternate", easing="ease-in")
    child.timing = razzle.Timing(delay=1)
    assert parent.children[0][0].timing.delay == 1 and tl.timing.delay == 1


def test_timeline_positions_and_labels():
    tl = razzle.Timeline()
    assert tl.add(razzle.Clip(ramp(), duration=1)) == 0
    assert tl.add(razzle.Clip(ramp("b"), duration=2), at="+=0.5") == 1.5
    assert tl.add(razzle.Clip(ramp("c"), duration=1), at="<") == 1.5
    assert tl.add(razzle.Clip(ramp("d"), duration=1), at=">-0.25") == 2.25
    assert tl.add_label("outro", at=3) == 3
    assert tl.add(razzle.Clip(ramp("e"), duration=1), at="outro+=1") == 4
    assert tl.natural_duration == 5 and len(tl) == 5
    assert [start for _, start in tl.children] == [0, 1.5, 1.5, 2.25, 4]
    assert [node.kind for node in tl] == ["clip"] * 5
    with pytest.raises(razzle.NotFoundError, match='did you mean "outro"'):
        tl.add(razzle.Clip(ramp()), at="outr")
    with pytest.raises(razzle.InvalidValueError, match="offset 2"):
        tl.add(razzle.Clip(ramp()), at="+=x")
    assert len(tl) == 5  # nothing added on an error


def test_a_node_has_one_parent_and_no_cycle():
    outer, inner = razzle.Timeline(), razzle.Timeline()
    outer.add(inner)
    with pytest.raises(razzle.InvalidValueError, match="cycle"):
        inner.add(outer)
    with pytest.raises(razzle.InvalidValueError, match="already"):
        razzle.Timeline().add(inner)
    with pytest.raises(razzle.InvalidTypeError):
        outer.add("not a node")  # type: ignore[arg-type]


def test_later_clip_wins_and_add_adds():
    base = razzle.Clip(ramp(keys=((0, 10), (1, 10))), fill="both")
    over = razzle.Clip(ramp(keys=((0, 0), (1, 1))))
    shake = razzle.Clip(ramp(keys=((0, 0), (1, 2))), composite="add")
    tl = razzle.Timeline()
    tl.add(base)
    tl.add(over, at=0)
    tl.add(shake, at=0)
    assert tl(0.5)["a", "x"] == 0.5 + 1.0  # over replaces base, shake adds
    assert tl(2)["a", "x"] == 10  # only base fills forwards
    colors = razzle.Animator()
    colors.add_track("a", "fillColor")[0] = "red"
    with pytest.raises(razzle.KindMismatchError, match="composite add"):
        razzle.Clip(colors, composite="add").sample([0])


def test_one_pair_with_two_kinds_is_refused():
    points = razzle.Animator()
    points.add_track("a", "x", "point")[0] = (1, 2)
    tl = razzle.Timeline()
    tl.add(razzle.Clip(ramp()))
    tl.add(razzle.Clip(points))
    with pytest.raises(razzle.KindMismatchError, match="a.x"):
        tl.layout


def test_sample_shapes_and_out():
    tl = razzle.Timeline()
    tl.add(razzle.Clip(ramp(), fill="both"))
    grid = tl.sample(np.zeros((3, 4)))
    assert grid.shape == (3, 4, 1)
    out = np.empty((5, 1))
    assert tl.sample(np.linspace(0, 1, 5), out=out) is out
    assert out[:, 0].tolist() == [0, 2.5, 5, 7.5, 10]
    with pytest.raises(razzle.BufferTooSmallError):
        tl.sample(np.linspace(0, 1, 6), out=out)
    with pytest.raises(razzle.InvalidTypeError):
        tl.sample(np.linspace(0, 1, 5), out=np.empty((5, 1), dtype=np.float32))
    frames = tl.sample_frames([0, 1])
    assert frames["a", "x"].tolist() == [0, 10]


def test_the_layout_follows_the_animators():
    anim = ramp()
    clip = razzle.Clip(anim, fill="both")
    first = clip.layout
    anim.add_track("b", "y")[0] = 3
    second = clip.layout
    assert [c.target for c in second] == ["a", "b"] and second.generation != first.generation
    assert clip(0.5) == {("a", "x"): 5.0, ("b", "y"): 3.0}


def test_staggers():
    template = razzle.Clip(ramp("", "opacity"), fill="both")
    # GSAP: the spread is each * (N - 1) over the normalized distance from
    # the center, so the ends start 0.4 after the middle.
    s = razzle.Stagger(template, ["a", "b", "c", "d", "e"], each=0.1, from_="center")
    assert s.offsets.tolist() == pytest.approx([0.4, 0.2, 0, 0.2, 0.4])
    assert s(0.3)["c", "opacity"] == pytest.approx(3.0)
    with pytest.raises(razzle.InvalidValueError, match="at least one"):
        razzle.Stagger(razzle.Clip(ramp()), [])
    with pytest.raises(razzle.InvalidNameError, match='did you mean "center"'):
        razzle.Stagger(razzle.Clip(ramp()), ["a"], from_="centre")
    with pytest.raises(razzle.InvalidValueError, match="already"):
        razzle.Stagger(template, ["x"])  # the template belongs to s
    # AnimationKit: nothing animates with max_count 0: the end values.
    still = razzle.Stagger.preset("list", ["a", "b"], max_count=0)
    assert still(0)["b", "offsetX"] == 0 and still(0)["b", "opacity"] == 1


def test_grid_preset_matches_the_spring_by_hand():
    # bouncy(duration: 0.4): k = (2 pi / 0.4)^2, c = 4 pi 0.7 / 0.4; x(t) for t
    # seconds after the item starts.
    k, c = (2 * math.pi / 0.4) ** 2, 4 * math.pi * 0.7 / 0.4
    w = math.sqrt(k)
    z = c / (2 * w)
    wd = w * math.sqrt(1 - z * z)
    x = 1 - math.exp(-z * w * 0.2) * (math.cos(wd * 0.2) + z * w / wd * math.sin(wd * 0.2))
    grid = razzle.Stagger.preset("grid", ["a", "b"])
    values = grid(0.25)  # b starts at 0.05
    assert values["b", "opacity"] == pytest.approx(x, abs=1e-12)
    assert values["b", "offsetY"] == pytest.approx(100 * (1 - x), abs=1e-9)
    assert values["b", "scale"] == pytest.approx(1.3 - 0.3 * x, abs=1e-12)
    assert round(values["b", "blur"], 3) == 0.127


def test_keyframe_animation_refusals():
    start = {"plane": {"alpha": 1.0}}
    with pytest.raises(razzle.InvalidValueError, match="overlaps"):
        razzle.keyframe_animation(1, start=start, blocks=[(0, 0.5, {"plane": {"alpha": 0}}), (0.4, 0.2, {"plane": {"alpha": 1}})])
    with pytest.raises(razzle.NotFoundError, match="no start value"):
        razzle.keyframe_animation(1, start=start, blocks=[(0, 0.5, {"plane": {"scale": 2}})])
    with pytest.raises(razzle.InvalidNameError, match='did you mean "cubicPaced"'):
        razzle.keyframe_animation(1, start=start, blocks=[], calculation_mode="cubicpaced")  # type: ignore[arg-type]
    discrete = razzle.keyframe_animation(
        2, start=start, blocks=[(0.25, 0.25, {"plane": {"alpha": 0}})], calculation_mode="discrete"
    )
    # The value jumps at the block's end (1 s), holds before it.
    assert discrete.sample([0.9, 1.0])[:, 0].tolist() == [1.0, 0.0]


def test_player_controls_and_uikit_vocabulary():
    clip = razzle.Clip(ramp(), duration=2, fill="both")
    player = razzle.Player(clip)
    assert player.play_state == "idle" and player.current_time is None
    assert all(v is None for v in player.values().values())
    player.play()
    player.advance(0.5)
    assert player.fraction_complete == 0.25 and player.values()["a", "x"] == 2.5
    player.playback_rate = 2
    player.advance(0.25)
    assert player.current_time == 1.0
    player.pause()
    player.fraction_complete = 0.75
    assert player.current_time == 1.5 and player.play_state == "paused"
    player.is_reversed = True
    assert player.is_reversed and player.playback_rate == -2
    player.stop("end")
    assert player.play_state == "finished" and player.current_time == 2
    events = player.advance(0)
    assert [e.kind for e in events][-1] == "finished"
    player.cancel()
    assert player.play_state == "idle"
    endless = razzle.Player(razzle.Clip(ramp(), iterations=math.inf))
    endless.play()
    with pytest.raises(razzle.InvalidStateError, match="never ends"):
        endless.finish()
    with pytest.raises(razzle.InvalidValueError):
        endless.advance(math.nan)


def test_core_animation_speed_is_the_playback_rate():
    player = razzle.Player(razzle.Clip(ramp(), duration=4), speed=2)
    assert player.playback_rate == 2
    player.play()
    player.advance(1)
    assert player.current_time == 2
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Player(razzle.Clip(ramp()), playback_rate=2, speed=3)


def test_advance_with_a_frame_is_one_step_of_a_frame_loop():
    player = razzle.Player(razzle.Clip(ramp(), duration=1, fill="forwards"))
    player.play()
    frame = np.empty((1, 1))
    seen = []
    for _ in range(4):
        events = player.advance(0.25, frame=frame)
        seen.append((frame[0, 0], [e.kind for e in events]))
    assert seen == [(2.5, ["started"]), (5.0, []), (7.5, []), (10.0, ["finished"])]


def test_advance_with_a_frame_gives_the_bits_of_sample_and_of_the_tracks():
    # The one-call step against a twin player stepped without a frame and
    # sampled at its clock, and against the animator at the local time: a
    # clip of duration auto over a span starting at 0 maps local time to
    # animator time exactly. Eased, cubic and linear tracks, a curve, a
    # negative rate, iterations (events on the way), steps that repeat
    # one float object and steps that do not.
    rng = np.random.default_rng(42)
    anim = razzle.Animator()
    for i in range(24):
        times = np.sort(rng.uniform(0, 2, 9))
        times[0] = 0.0
        easing = ("linear", "easeInOutQuad", "cubic-bezier(0.42, 0, 0.58, 1)")[i % 3]
        anim.add_track(f"n{i}", "x").set_keyframes(times, rng.normal(size=9), easing=easing)
    anim.add_track("c", "backgroundColor", color_space="oklab").set_keyframes([0.0, 2.0], ["#ff0000", "#0000ff"])
    columns = anim.layout.columns
    for curve, rate, iterations in ((None, 1.0, 1), ("ease-in-out", 1.0, 1), (None, -0.7, 3)):
        clip = razzle.Clip(anim, fill="both", iterations=iterations)
        player, twin = razzle.Player(clip, curve), razzle.Player(clip, curve)
        for p in (player, twin):
            p.playback_rate = rate
            p.play()
        frame = np.empty((1, columns))
        dt = 1 / 60
        for step in range(400):
            step_dt = dt if step % 3 else 0.013 * (step % 7)
            events = player.advance(step_dt, frame=frame)
            assert events == twin.advance(step_dt)
            expected = twin.sample(np.array([twin.clock_time]))
            assert frame.tobytes() == expected.tobytes()
            if iterations == 1 and curve is None:
                local = twin.local_times(twin.clock_time)
                assert frame.tobytes() == anim.sample(np.array([local])).tobytes()
        assert player.clock_time == twin.clock_time and player.play_state == twin.play_state
        player.close()
        twin.close()
        clip.close()


def test_advance_with_a_frame_moves_the_clock_before_a_sampling_error():
    anim = ramp()
    player = razzle.Player(razzle.Clip(anim, duration=1, fill="both"))
    player.play()
    frame = np.empty((1, 2))
    anim.add_track("b", "x")  # no keyframe: the node cannot be sampled
    with pytest.raises(razzle.EmptyTrackError):
        player.advance(0.25, frame=frame)
    assert player.clock_time == 0.25
    anim["b", "x"][0] = 1.0
    events = player.advance(0.25, frame=frame)
    assert [e.kind for e in events] == ["started"]  # queued by the failed step
    assert frame.tolist() == [[5.0, 1.0]]


def test_many_iteration_events_come_back_in_order():
    player = razzle.Player(razzle.Clip(ramp(), duration=0.01, iterations=500))
    player.play()
    events = player.advance(10)  # more events than one library call returns
    iterations = [e.iteration for e in events if e.kind == "iteration"]
    assert iterations == list(range(1, 500))
    assert events[-1].kind == "finished" and events[-1].clock_time == pytest.approx(5.0)


@pytest.mark.parametrize("with_frame", [False, True])
def test_threads_stepping_one_player_each_get_their_own_events(with_frame):
    """Four threads step one player whose clip repeats every 0.01 s by
    0.01 s at a time: every step crosses one iteration boundary, so the
    steps together report each iteration exactly once, whichever thread
    took it (the event buffer is shared; ctypes releases the GIL)."""
    steps = 1000
    player = razzle.Player(razzle.Clip(ramp(), duration=0.01, iterations=math.inf))
    player.play()
    player.advance(0.005)  # half way into the first iteration: no step lands on a boundary
    taken = [[] for _ in range(4)]

    def step(seen):
        frame = np.empty((1, 1))
        for _ in range(steps):
            events = player.advance(0.01, frame=frame) if with_frame else player.advance(0.01)
            seen.extend(e.iteration for e in events if e.kind == "iteration")

    threads = [threading.Thread(target=step, args=(seen,)) for seen in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    iterations = sorted(i for seen in taken for i in seen)
    assert iterations == list(range(1, 4 * steps + 1))


def test_player_curve_and_continue():
    player = razzle.Player(razzle.Clip(ramp(), duration=1), curve="ease-in")
    player.play()
    player.advance(0.5)
    eased = player.values()["a", "x"]
    assert eased < 5  # ease-in is behind linear at half time
    player.pause()
    assert player.values()["a", "x"] == 5  # scrubs linearly while paused
    player.scrubs_linearly = False
    assert player.values()["a", "x"] == eased
    player.continue_animation("linear", duration_factor=2)
    assert player.playback_rate == 0.5 and player.play_state == "running"


def test_a_pickled_timeline_keeps_its_timing_and_values():
    tl = razzle.Timeline(iterations=2, direction="alternate")
    tl.add(razzle.Clip(ramp(), duration=1, fill="both"))
    copy = pickle.loads(pickle.dumps(tl))
    assert copy.timing == tl.timing
    times = np.linspace(0, 2, 9)
    assert np.array_equal(copy.sample(times), tl.sample(times))
    tl.close()
    assert copy(0.5)["a", "x"] == 5  # independent of the original


def test_threads_sample_while_others_edit():
    anim = ramp()
    tl = razzle.Timeline()
    tl.add(razzle.Clip(anim, span=(0, 1), fill="both"))
    errors = []
    frames = []
    stop = threading.Event()

    def sampler():
        try:
            while not stop.is_set():
                try:
                    values = tl.sample(np.linspace(0, 1, 64))
                except razzle.EmptyTrackError:
                    continue  # a track added a moment ago, its keyframe not yet set
                assert values.shape[0] == 64 and np.all(np.isfinite(values[:, 0]))
                frames.append(values.shape[1])
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    def editor():
        try:
            for i in range(200):
                anim.add_track(f"t{i}", "x")[0] = float(i)
                sub = razzle.Timeline()
                sub.add(razzle.Clip(ramp(f"s{i}")))
                anim["a", "x"][0.5] = float(i)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=sampler) for _ in range(3)] + [threading.Thread(target=editor)]
    for t in threads:
        t.start()
    threads[-1].join()
    stop.set()
    for t in threads:
        t.join()
    assert errors == [] and frames
    assert len(tl.layout) == 201
