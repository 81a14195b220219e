"""Writes the api target's scenario seeds (Tests/fuzz/api/corpus/scenario-*).

A seed is just bytes for LLVMFuzzerTestOneInput in Tests/fuzz/api.c; this
script spells the bytes as operations with arguments, following the order in
which api.c reads them, so that each seed starts the fuzzer from a meaningful
sequence (every kind of track with keyframes, styles, handles, copies, big
batches, stale handles, the helpers). If api.c's decoding changes, run this
again (python3 Tests/fuzz/api_seeds.py) and read a seed back with
FUZZ_TRACE=1 .build/fuzz/bin/api Tests/fuzz/api/corpus/scenario-...; a seed
that decodes differently is still a valid input, only a less useful one.
"""

import os
import struct

OPERATIONS = """create copy release_animator add_track add_track2 get_track remove_track layout
animator_sample transform release_track extrapolation set_keyframe set_keyframe2 set_keyframes
set_keyframes2 remove_keyframe hide_show sample sample2 get_keyframes get_style query easing color
spring transform_make names threads""".split()
TARGETS = ["label", "view", "", "card", "bad-utf8", "utf8"]
PROPERTIES = """alpha scale rotation translation position size frame hidden backgroundColor transform
transform3d x progress cornerRadius strokeStart empty bad-utf8 fillColor""".split()
KINDS = "scalar point size rect vector color bool transform transform3d".split()
SPACES = ["srgb", "linear-srgb", "oklab", "oklch", "hsl"]
EASINGS = [
    "linear", "easeInQuad", "easeOutBack(2.5)", "easeInOutElastic(1.2, 0.4)",
    "cubic-bezier(.4, 0, .2, 1)", "cubic-bezier(0, 1e6, 1, -1e6)", "steps(4, jump-end)",
    "steps(3, jump-both)", "step-start", "linear(0, 0.25 75%, 1)", "linear(-1e6, 1e6 50%, 0)",
    "spring(physical)", "spring(duration=0.005)", "bouncy(0.001)", "spring(ratio)", "smooth",
    "easeOutBounce", "ease-in-out", "", "easeinquad", "bad x1", "steps(1, jump-none)",
    "spring(mass=0)", "bad-utf8",
]
SPECIAL = [0.0, "-0", 1.0, -1.0, 0.5, "nan", "inf", "-inf", "max", "-max", "min", "-min",
           "denorm", "-denorm", 1e308, -1e308, 9e307, -9e307, 1e6, -1e6, 1000001, 1e300, 1e-300,
           255, 100, 360, 1e15, "1+eps", "1-eps/2", 0.1, "1/3", 65536, 4294967296.0]
INTERPOLATION = {"linear": 0, "hold": 1, "bezier": 2, "smooth": 3, "monotone": 4, "paced": 5}
EXTRAPOLATION = {"unchanged": -1, "hold": 0, "linear": 1, "cycle": 2, "cycle-offset": 3,
                 "ping-pong": 4}


def num(x):
    """fuzz_number: one byte for small integers and the special table, else 8 raw bytes."""
    if x in SPECIAL and not (isinstance(x, float) and x == 0 and str(x) != "0.0"):
        return bytes([160 + SPECIAL.index(x)])
    if isinstance(x, (int, float)) and float(x).is_integer() and -8 <= x <= 7:
        return bytes([112 + 6 * int(x)])
    return bytes([240]) + struct.pack("<d", float(x))


def time(x):
    return bytes([96]) + num(x)


def pick(i):
    """One byte; a handle argument given as bytes (DEAD, WRONG_TYPE) is used as is."""
    return i if isinstance(i, bytes) else bytes([i])


# Handle selectors beyond the pool slots (api.c, choose_animator/choose_track):
DEAD = bytes([221, 0])        # the first handle released in this input
WRONG_TYPE = bytes([222, 0])  # the other type's slot 0
FORGED = bytes([219, 2])      # slot 0 with the top generation bit flipped
NEXT_GENERATION = bytes([218])  # slot 0's next generation (live once reissued)


NATURAL = pick(0)  # choose_size: the natural size; choose_version: the good one


def style(easing="linear", interpolation="linear", tension=None, continuity=None, bias=None,
          left=None, right=None):
    """make_style's bytes; left/right are handle lists (time, then the channels)."""
    flags = (1 if tension is not None else 0) | (2 if continuity is not None else 0) | (
        4 if bias is not None else 0) | (8 if left else 0) | (16 if right else 0)
    out = NATURAL + pick(EASINGS.index(easing)) + pick(INTERPOLATION[interpolation]) + pick(flags)
    for x in (tension, continuity, bias):
        if x is not None:
            out += num(x)
    if left or right:
        handle = left or right
        out += NATURAL
        for i in range(len(handle)):
            out += num((left or right)[i]) + num((right or left)[i])
    return out


class Seed:
    def __init__(self, name, start=True):
        self.name = name
        self.data = pick(1 if start else 0)  # 1: animator 0 with track 0 "label"."alpha"

    def op(self, name, *parts):
        self.data += pick(OPERATIONS.index(name)) + b"".join(parts)
        return self

    # Animators
    def create(self, slot):
        return self.op("create", pick(slot), pick(1))

    def copy(self, animator, slot):
        return self.op("copy", pick(animator), pick(slot), pick(1))

    def add_track(self, animator, target, prop, slot, kind=None, channels=None, space=None,
                  premultiplied=None, before=None, after=None, version=NATURAL, ok=True):
        """A track added in slot `slot`; a failing add (ok=False) reads no slot."""
        flags = (1 if kind else 0) | (2 if channels else 0) | (4 if space else 0) | (
            8 if premultiplied is not None else 0) | (16 if before else 0) | (32 if after else 0)
        options = version + pick(flags)
        if kind:
            options += pick(KINDS.index(kind))
        if channels:
            options += pick(channels)
        if space:
            options += pick(SPACES.index(space))
        if premultiplied is not None:
            options += pick(premultiplied)
        if before:
            options += pick(EXTRAPOLATION[before])
        if after:
            options += pick(EXTRAPOLATION[after])
        return self.op("add_track", pick(animator), pick(TARGETS.index(target)),
                       pick(PROPERTIES.index(prop)), options, pick(1), pick(1),
                       pick(slot) if ok else b"")

    def get_track(self, animator, target, prop, slot):
        return self.op("get_track", pick(animator), pick(0), pick(TARGETS.index(target)),
                       pick(PROPERTIES.index(prop)), pick(0), pick(1), pick(slot))

    def track_at(self, animator, index, slot):
        return self.op("get_track", pick(animator), pick(1), pick(0), pick(0), pick(index),
                       pick(1), pick(slot))

    def remove_track(self, animator, target, prop):
        return self.op("remove_track", pick(animator), pick(TARGETS.index(target)),
                       pick(PROPERTIES.index(prop)))

    def layout(self, animator):
        return self.op("layout", pick(animator), NATURAL, NATURAL, pick(0))

    def animator_sample(self, animator, times, big=False):
        if big:
            body = pick(240) + time(times[0]) + time(times[1]) + b"".join(
                struct.pack("<H", 100 * i + 7) + time(t) for i, t in enumerate(times[2:10]))
        else:
            body = pick(len(times)) + b"".join(time(t) for t in times)
        return self.op("animator_sample", pick(animator), body, NATURAL, pick(0))

    def transform(self, animator, target, times):
        return self.op("transform", pick(animator), pick(TARGETS.index(target)),
                       pick(len(times)), b"".join(time(t) for t in times), NATURAL, pick(0))

    def release_animator(self, slot):
        return self.op("release_animator", pick(slot))

    # Tracks
    def release_track(self, slot):
        return self.op("release_track", pick(slot))

    def extrapolation(self, track, before, after):
        return self.op("extrapolation", pick(track), pick(EXTRAPOLATION[before] + 1),
                       pick(EXTRAPOLATION[after] + 1))

    def set_keyframe(self, track, t, value, keyframe_style=None):
        return self.op("set_keyframe", pick(track), time(t), NATURAL,
                       b"".join(num(v) for v in value),
                       pick(0) if keyframe_style is None else pick(1) + keyframe_style, pick(1))

    def set_keyframes(self, track, times, values, styles=()):
        """values: one list per time; styles: none, one shared, or one per time."""
        count = 0 if not styles else 64 if len(styles) == 1 else 128
        out = pick(len(times)) + b"".join(time(t) for t in times) + NATURAL
        out += b"".join(num(v) for value in values for v in value) + pick(count)
        for i, s in enumerate(styles):
            out += (pick(0) if i > 0 else b"") + s
        return self.op("set_keyframes", pick(track), out, pick(0))

    def remove_keyframe(self, track, t):
        return self.op("remove_keyframe", pick(track), time(t))

    def hide(self, track, t, hide=True):
        return self.op("hide_show", pick(track), pick(1 if hide else 0), time(t))

    def sample(self, track, times, velocity=False, big=False):
        if len(times) == 1 and not big:
            body = pick(0) + time(times[0])
        elif big:
            body = pick(1) + pick(240) + time(times[0]) + time(times[1]) + b"".join(
                struct.pack("<H", 100 * i + 7) + time(t) for i, t in enumerate(times[2:10]))
        else:
            body = pick(1) + pick(len(times)) + b"".join(time(t) for t in times)
        return self.op("sample", pick(track), pick(1 if velocity else 0), body, NATURAL,
                       pick(0))

    def get_keyframes(self, track):
        return self.op("get_keyframes", pick(track), NATURAL, pick(0))

    def get_style(self, track, keyframe, stale=False):
        return self.op("get_style", pick(track), pick(keyframe), pick(200 if stale else 0),
                       NATURAL, NATURAL, NATURAL, pick(0))

    def query(self, track, which, t=0):
        return self.op("query", pick(track), pick(which), time(t), NATURAL, pick(1))

    # Helpers
    def easing(self, spec, progress):
        return self.op("easing", pick(EASINGS.index(spec)), pick(len(progress)),
                       b"".join(num(p) for p in progress), NATURAL, pick(1))

    def parse_color(self, index):
        return self.op("color", pick(0), pick(index), pick(1))

    def convert_colors(self, which, space, colors):
        return self.op("color", pick(which), pick(SPACES.index(space)), pick(len(colors)),
                       b"".join(num(c) for color in colors for c in color))

    def spring(self, which, a, b, times, extra=()):
        return self.op("spring", pick(which), num(a), num(b), b"".join(num(x) for x in extra),
                       pick(len(times)), b"".join(num(t) for t in times), pick(0), NATURAL)

    def transform_make(self, parts):
        if len(parts) == 5:
            return self.op("transform_make", pick(1), b"".join(num(x) for x in parts), pick(1))
        return self.op("transform_make", pick(0), b"".join(num(x) for x in parts[:10]), pick(0),
                       num(parts[10]))

    def names(self, code, kind, status, index, prop):
        return self.op("names", pick(code + 1), pick(KINDS.index(kind)),
                       struct.pack("<q", status), pick(index), pick(PROPERTIES.index(prop)))

    def threads(self, index):
        return self.op("threads", pick(index))


def scenarios():
    times = [-1, 0, 0.5, 1, 1.5, 2, 3, "nan", "inf", "-inf", 1e308, "denorm"]
    yield (Seed("scenario-alpha-bulk")
           .set_keyframes(0, [0, 1, 2], [[0], [1], [0.5]], [style("easeInQuad")])
           .sample(0, times).sample(0, times, velocity=True).get_keyframes(0).get_style(0, 1)
           .get_style(0, 1, stale=True).layout(0).animator_sample(0, times).query(0, 1, 1))

    seed = Seed("scenario-every-kind").set_keyframes(0, [0, 2], [[1], [0]])
    kinds = [("translation", [[0, 0], [10, -5], [3, 4]]), ("frame", [[0, 0, 1, 1], [5, 5, 2, 3],
                                                                     [0, 1, 0, 7]]),
             ("backgroundColor", [[1, 0, 0, 1], [0, 0, 1, 0.5], [0, 1, 0, 0]]),
             ("hidden", [[0], [1], [0]]),
             ("transform", [[1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 5, 5], [-1, 0, 0, 1, 2, 2]])]
    for slot, (prop, values) in enumerate(kinds, start=1):
        space = "oklch" if prop == "backgroundColor" else None
        seed.add_track(0, "view", prop, slot, space=space)
        seed.set_keyframes(slot, [0, 1, 2], values)
    seed.animator_sample(0, [0, 0.25, 0.5, 1, 1.5, 2, 5, "nan"]).layout(0).copy(0, 1)
    seed.animator_sample(1, [0.75, "-inf"])
    yield seed

    identity3d = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    turned3d = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]
    yield (Seed("scenario-transform3d-vector").set_keyframe(0, 0, [1])
           .add_track(0, "card", "transform3d", 1).set_keyframes(1, [0, 1], [identity3d, turned3d])
           .add_track(0, "card", "progress", 2, kind="vector", channels=5)
           .set_keyframes(2, [0, 2, 4], [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [1, 1, 1, 1, 1]],
                          [style(interpolation="smooth", tension=0.5), style(interpolation="paced"),
                           style(interpolation="monotone")])
           .sample(1, [0, 0.3, 0.5, 1]).sample(2, [0, 1, 2.5, 3, 4, 5], velocity=True)
           .animator_sample(0, [0.5, 1.5, 3.5]))

    yield (Seed("scenario-interpolations")
           .add_track(0, "label", "x", 1)
           .set_keyframe(1, 0, [0], style(interpolation="bezier", right=[0.3, 5]))
           .set_keyframe(1, 1, [10], style(interpolation="bezier", left=[0.7, 12], right=[1.2, 3]))
           .set_keyframe(1, 2, [-4], style("steps(3, jump-both)", interpolation="hold"))
           .set_keyframe(1, 3, [7], style(interpolation="smooth", tension=-1, continuity=1,
                                          bias=0.5))
           .set_keyframe(1, 4, [1], style(interpolation="monotone"))
           .set_keyframe(1, 5, [2], style("spring(duration=0.005)", interpolation="paced"))
           .set_keyframe(1, 6, [3])
           .sample(1, [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 1, 2, 3]).sample(1, [0.5, 3.5],
                                                                           velocity=True)
           .get_style(1, 0).get_style(1, 1).get_style(1, 3).get_keyframes(1))

    for mode in ["cycle", "cycle-offset", "ping-pong", "linear"]:
        yield (Seed(f"scenario-extrapolation-{mode}")
               .set_keyframes(0, [0, 1, 2], [[0], [1], [0.25]])
               .add_track(0, "label", "x", 1, before=mode, after=mode)
               .set_keyframes(1, [-1e308, -9e307], [[0], [1]])
               .sample(1, ["inf", "-inf", 1e308, "nan", 0, -1e308])
               .sample(1, ["inf", "-inf", 1e308, 0], velocity=True)
               .extrapolation(0, mode, "unchanged").sample(0, [-5.5, 7.25, "inf", "-inf"])
               .sample(0, [-5.5, 7.25, "inf"], velocity=True))

    yield (Seed("scenario-big-batch")
           .set_keyframes(0, [0, 1, 2, 3], [[0], [1], [0], [0.5]], [style("easeOutBounce")])
           .threads(2).sample(0, [-1, 4, "nan", "inf", 0.5, 1.5, 2.5, 3, 0, 1], big=True))

    yield (Seed("scenario-big-frame")
           .set_keyframes(0, [0, 1], [[0], [1]])
           .add_track(0, "view", "position", 1).set_keyframes(1, [0, 2], [[0, 0], [4, 8]])
           .threads(3).animator_sample(0, [-1, 3, "nan", 0.5, 1, 1.5, 2, "-inf", 0, 0.1], big=True))

    yield (Seed("scenario-composition")
           .add_track(0, "view", "scale", 1).set_keyframes(1, [0, 1], [[1], [3]])
           .add_track(0, "view", "rotation", 2).set_keyframes(2, [0, 1], [[0], [90]])
           .add_track(0, "view", "translation", 3).set_keyframes(3, [0, 1], [[0, 0], [5, 15]])
           .transform(0, "view", [0, 0.5, 1, 2, "nan"]).remove_track(0, "view", "rotation")
           .transform(0, "view", [1]).transform(0, "label", [1]))

    yield (Seed("scenario-hide-show")
           .add_track(0, "view", "hidden", 1).hide(1, 10).hide(1, 20, hide=False)
           .hide(1, 1e308).hide(1, "max").get_keyframes(1).sample(1, [10, 10.000001, 20, 25])
           .hide(0, 5))

    yield (Seed("scenario-stale-handles")
           .set_keyframe(0, 0, [0.5]).get_track(0, "label", "alpha", 1).release_track(0)
           .sample(DEAD, [0]).sample(WRONG_TYPE, [0]).sample(FORGED, [0]).sample(1, [0])
           .release_animator(0).sample(1, [0, 1]).get_keyframes(1).get_style(1, 0, stale=True)
           .layout(DEAD).layout(FORGED).query(DEAD, 2).release_track(1).query(1, 2)
           .create(0).add_track(0, "label", "alpha", 2).sample(NEXT_GENERATION, [0])
           .release_track(2).create(1).add_track(1, "view", "x", 3).query(NEXT_GENERATION, 0))

    yield (Seed("scenario-copy-edit")
           .set_keyframes(0, [0, 1, 2], [[0], [1], [0]], [style("easeOutBack(2.5)"),
                                                         style("steps(4, jump-end)"),
                                                         style("linear(0, 0.25 75%, 1)")])
           .add_track(0, "card", "backgroundColor", 1, space="oklab", premultiplied=1)
           .set_keyframes(1, [0, 1], [[1, 1, 1, 0.5], [0, 0, 0, 1]])
           .copy(0, 1).track_at(1, 0, 2).set_keyframe(2, 0.5, [0.25]).sample(0, [0.5])
           .sample(2, [0.5]).copy(1, 2).layout(2).animator_sample(2, [0, 0.5, 1]))

    yield (Seed("scenario-remove")
           .set_keyframes(0, [0, 1, 2, 3], [[0], [1], [0], [1]])
           .remove_keyframe(0, 1).remove_keyframe(0, 1).remove_keyframe(0, 5)
           .query(0, 0).query(0, 1, 2).query(0, 1, "-0").query(0, 3)
           .remove_track(0, "label", "alpha").remove_track(0, "label", "alpha")
           .sample(0, [0.5]).layout(0))

    yield (Seed("scenario-bad-options")
           .add_track(0, "label", "x", 1, version=pick(230), ok=False)
           .add_track(0, "label", "alpha", 1, kind="color", ok=False)
           .add_track(0, "label", "progress", 1, kind="vector", channels=65, ok=False)
           .add_track(0, "label", "hidden", 1, before="linear", ok=False)
           .add_track(0, "label", "x", 1, kind="color", space="hsl")
           .set_keyframe(0, 0, [2]).set_keyframe(0, "nan", [0])
           .set_keyframe(0, 0, [0.5], style(interpolation="smooth", tension=2))
           .set_keyframe(0, 0, [0.5], style("easeinquad"))
           .set_keyframe(0, 0, [0.5], style("bad-utf8"))
           .set_keyframe(1, 0, [1, 2, 3, 4], style(interpolation="bezier")))

    yield (Seed("scenario-far-apart")
           .set_keyframe(0, -1e308, [0]).set_keyframe(0, 1e308, [1])
           .set_keyframes(0, [9e307, -9e307, "max"], [[0], [1], [0]])
           .add_track(0, "label", "hidden", 1).set_keyframe(1, -1e308, [0]).hide(1, 1e308)
           .get_keyframes(0).get_keyframes(1))

    yield (Seed("scenario-helpers", start=False)
           .easing("easeInOutElastic(1.2, 0.4)", [0, 0.25, 0.5, 1, "nan", "inf"])
           .easing("spring(duration=0.005)", [0, 0.5, 1]).easing("bouncy(0.001)", [0.1])
           .easing("linear(-1e6, 1e6 50%, 0)", [0.5, 0.49, 0.51])
           .parse_color(0).parse_color(10).parse_color(14)
           .convert_colors(1, "oklch", [[1, 0, 0, 1], [0.2, 0.4, 0.6, 0.5]])
           .convert_colors(2, "hsl", [[120, 0.5, 0.5, 1]]).convert_colors(3, "srgb",
                                                                          [[1.5, -0.2, 0.3, 1]])
           .spring(0, 0.5, 0.3, [0, 0.1, 1, "inf"]).spring(1, 0.5, 0.003, [0, 0.001])
           .spring(2, 1, 100, [0, 0.5, 10], extra=[0, 0])
           .transform_make([5, 15, 3, 3, 1.5707963267948966])
           .transform_make([1, 2, 3, 1, 1, 1, 0.5, 0, 0, 1, -0.001])
           .names(3, "color", -13, 5, "frame").names(-1, "bool", 7, 11, "x").threads(1))


def main():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "api", "corpus")
    os.makedirs(folder, exist_ok=True)
    for seed in scenarios():
        with open(os.path.join(folder, seed.name), "wb") as f:
            f.write(seed.data)
        print(f"{seed.name}: {len(seed.data)} bytes")


if __name__ == "__main__":
    main()
