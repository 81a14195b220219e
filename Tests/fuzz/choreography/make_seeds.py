"""Writes the choreography fuzz target's seeds into corpus/ (run from
anywhere: python3 Tests/fuzz/choreography/make_seeds.py).

Each seed spells operations of Tests/fuzz/choreography.c in the order it
reads their arguments (Tests/fuzz/seeds.py has the readers): timelines
built with positions and labels, staggers and presets, relative keyframes,
players driven through every control and clock, standalone timings, enum
names, scenes; and magnitudes where they go (times, delays, durations,
spans and rates of 1e+-300, 5e-324, the largest double, 1e154 whose square
overflows)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from seeds import NATURAL, enum, index, num, prefixed, u8, u16, u64, whole, write  # noqa: E402

OPERATIONS = """animator animator2 clip clip2 timeline timeline_add timeline_add2 label stagger preset
relative relative2 set_timing compute sample child_at player_new player_control player_control2
player_clock player_clock2 player_read timing names release scene_add""".split()
TARGETS = ["", "card", "icon", "card.icon", "a", "\xff"]
PROPERTIES = ["alpha", "x", "position", "backgroundColor", "scale", "rotation", "hidden",
              "transform", "cornerRadius", "", "bad-utf8"]
CHANNELS = {"alpha": 1, "x": 1, "position": 2, "backgroundColor": 4, "scale": 1, "rotation": 1,
            "hidden": 1, "transform": 6, "cornerRadius": 1}
EASINGS = [None, "", "linear", "easeInOutCubic", "steps(3, jump-both)",
           "cubic-bezier(0, 1e6, 1, -1e6)", "spring(duration=0.5, bounce=0.3)",
           "linear(0, 0.25 75%, 1)", "wobble", "bad-utf8"]
POSITIONS = [None, "+=0", "2.5", "+=1", "-=1", "<", "<0.5", ">", ">-1", "intro", "intro+=0.5",
             "intro-=2", "outro", "1e300", "-1e300", "+=1e308", "5e-324",
             "-=1.7976931348623157e308", "", "+=", "<<", "nan", "inf", "2 .5", "bad-utf8"]
LABELS = ["intro", "outro", "_a", "a-b.c", "", "1x", "a b", "bad-utf8"]
NAMES = [None, "a", "b", "", "bad-utf8"]
CONTROLS = """play pause reverse finish cancel set_current_time set_playback_rate
set_fraction_complete set_reversed set_pauses_on_completion set_scrubs_linearly continue stop
set_start_time""".split()
DIRECTION = {"normal": 0, "reverse": 1, "alternate": 2, "alternate-reverse": 3}
FILL = {"none": 0, "forwards": 1, "backwards": 2, "both": 3, "auto": 4}
AUTO = float("-inf")
INF = float("inf")
MAX = 1.7976931348623157e308

time = prefixed(200, lambda x: int(x * 2) if (x * 2).is_integer() and 0 <= x * 2 < 25 else None)
value = prefixed(160, lambda x: whole(x * 159))
clock = prefixed(160, lambda x: whole((x + 2) * 4) if 0 <= (x + 2) * 4 <= 40 else None)


def op(name):
    return u8(OPERATIONS.index(name))


def node(slot):
    return u8(slot)


def timing(delay=None, end_delay=None, duration=None, iterations=None, iteration_start=None,
           direction=None, fill=None, easing=None, autoreverses=False, time_offset=None):
    """choose_timing's bytes: 64 (not NULL), then make_timing's."""
    flags = sum(bit for bit, field in zip(
        (1, 2, 4, 8, 16, 32, 64, 128),
        (delay, end_delay, duration, iterations, iteration_start, direction, fill, easing))
        if field is not None)
    more = (1 if autoreverses else 0) | (2 if time_offset is not None else 0)
    out = u8(64) + NATURAL + u8(flags) + u8(more)
    if delay is not None:
        out += num(delay)
    if end_delay is not None:
        out += num(end_delay)
    if duration is not None:
        specials = {AUTO: 0, INF: 1, 0.0: 2, 1e300: 3, 5e-324: 4}
        out += u8(200 + specials[duration]) if duration in specials else u8(0) + num(duration)
    if iterations is not None:
        out += u8(0) if iterations == INF else u8(32) + num(iterations)
    if iteration_start is not None:
        out += num(iteration_start)
    if direction is not None:
        out += enum(DIRECTION[direction])
    if fill is not None:
        out += enum(FILL[fill])
    if easing is not None:
        out += index(EASINGS, easing)
    if time_offset is not None:
        out += num(time_offset)
    return out


DEFAULT_TIMING = u8(0)  # choose_timing: NULL
END = u8(255)  # the end of the operations: the bytes after it change the saved scene


def animator(slot, tracks, times, values, rows=False):
    """op_animator: tracks are (target, property); `times` has keyframes
    entries (or one row a track with rows=True); values all channels."""
    keyframes = len(times) // (len(tracks) if rows else 1)
    out = op("animator") + u8(slot) + u8(len(tracks) - 1) + u8(keyframes)
    for target, prop in tracks:
        out += index(TARGETS, target) + index(PROPERTIES, prop)
    out += u8(1 if rows else 0)
    out += b"".join(time(t) for t in times)
    out += b"".join(value(v) for v in values) + NATURAL
    return out


def clip(animator_slot, slot, span=None, timed=DEFAULT_TIMING, composite=0):
    a, b = span or (0, 0)
    return (op("clip") + u8(animator_slot) + time(a) + time(b) + u8(1 if span else 0) + timed +
            enum(composite) + u8(slot))


def timeline(slot, timed=DEFAULT_TIMING):
    return op("timeline") + timed + u8(slot)


def add(timeline_slot, child_slot, position=None):
    return op("timeline_add") + node(timeline_slot) + node(child_slot) + index(POSITIONS, position)


def label(timeline_slot, name, position=None):
    return op("label") + node(timeline_slot) + index(LABELS, name) + index(POSITIONS, position)


def targets(*names):
    return u8(len(names)) + b"".join(index(TARGETS, t) for t in names)


def stagger_options(each=None, amount=None, origin=None, origin_index=None, point=None,
                    grid=None, axis=None, ease=None, seed=0, max_count=None):
    """make_stagger_options' bytes (origin_index, grid cells and max_count
    are indices into the target's tables)."""
    flags = sum(bit for bit, field in zip(
        (1, 2, 4, 8, 16, 32, 64), (each, amount, origin, origin_index, point, grid, axis))
        if field is not None) | (128 if ease is not None or max_count is not None else 0)
    out = NATURAL + u8(flags)
    if each is not None:
        out += num(each)
    if amount is not None:
        out += num(amount)
    if origin is not None:
        out += enum(origin)
    if origin_index is not None:
        out += u8(origin_index)
    if point is not None:
        out += num(point[0]) + num(point[1])
    if grid is not None:
        out += u8(grid[0]) + u8(grid[1])
    if axis is not None:
        out += enum(axis)
    if flags & 128:
        out += index(EASINGS, ease) + u64(seed) + u8(max_count or 0)
    return out


def stagger(template_slot, slot, items, options=None, timed=DEFAULT_TIMING):
    out = op("stagger") + node(template_slot) + targets(*items)
    out += (u8(1) + options) if options is not None else u8(0)
    return out + timed + u8(slot)


def player_new(node_slot, slot, curve=None):
    return op("player_new") + node(node_slot) + index(EASINGS, curve) + u8(slot)


def control(player, name, x=0.0, flag=0, easing=None, stop=0):
    out = op("player_control") + u8(player) + u8(CONTROLS.index(name)) + clock(x) + u8(flag)
    if name == "continue":
        out += index(EASINGS, easing)
    if name == "stop":
        out += enum(stop)
    return out


def tick(player, kind, x, capacity=3):
    return op("player_clock") + u8(player) + u8(["tick", "advance", "frame"].index(kind)) + \
        clock(x) + u8(capacity)


def sample(node_slot, times, direction=0):
    out = op("sample") + node(node_slot) + u8(len(times) - 1)
    for t in times:
        out += u8(128) + num(t)
    return out + enum(direction) + NATURAL


def compute(node_slot, t, direction=0):
    return op("compute") + node(node_slot) + u8(128) + num(t) + enum(direction)


def standalone(timed, times, intrinsic=1, direction=0):
    """op_timing: make_timing (without choose_timing's byte), an intrinsic
    duration (index into 0, 1, 2.5, inf, 1e300, 5e-324, -1, NaN)."""
    out = op("timing") + timed[1:] + u8(intrinsic) + enum(direction) + u8(len(times) - 1)
    for t in times:
        out += u8(128) + num(t)
    return out + NATURAL


def scene_add(name, slot, is_node=True):
    return op("scene_add") + index(NAMES, name) + u8(1 if is_node else 0) + u8(slot)


def start(*parts):
    """The setup byte (1: an animator with card.alpha 0 -> 1 over [0, 1]
    and a clip of it in node slot 0), then the operations."""
    return u8(1) + b"".join(parts)


ALPHA = [("card", "alpha")]

SEEDS = {
    "sequence": start(
        clip(0, 1, span=(0, 0.5)),
        timeline(2),
        add(2, 0), add(2, 1, "+=1"), label(2, "intro", "2.5"),
        clip(0, 3), add(2, 3, "intro+=0.5"), clip(0, 4), add(2, 4, "<0.5"),
        sample(2, [-1, 0, 0.75, 2.5, 3.25, 10]),
        compute(2, 3.0), compute(3, 0.25, 1),
        op("child_at") + node(2) + u8(1) + u8(5),
        scene_add("a", 2), scene_add("b", 0, is_node=False)),
    "animators": start(
        animator(1, [("", "x"), ("icon", "position"), ("card", "backgroundColor")],
                 [0, 2, 4],
                 [0, 1, 0.5, 0, 0, 0, 0, 1, 1, 1, 1, 0.5] + [0.25] * 9),
        animator(0, [("card", "alpha"), ("a", "rotation")], [0, 1, 2, 3], [0, 1, 0.5, 90],
                 rows=True),
        clip(1, 1), clip(0, 2, composite=1), timeline(3), add(3, 1), add(3, 2, "<"),
        sample(3, [0, 1, 2, 4])),
    "stagger-grid": start(
        stagger(0, 1, ["card", "icon", "a", "card.icon"],
                stagger_options(each=0.25, origin=1, grid=(2, 2), axis=0, ease="easeInOutCubic",
                                max_count=4)),
        op("preset") + enum(2) + u8(0) + targets("card", "icon", "a") + u8(2),
        op("preset") + enum(1) + u8(1) + u8(3),
        stagger(3, 4, ["a", "card"], stagger_options(amount=-2, origin=4, seed=42, ease="linear")),
        sample(1, [0, 0.1, 0.5, 1]), sample(2, [0, 0.2, 0.4, 1.5])),
    "relative-keyframes": start(
        op("relative") + u8(0) + u8(0) + u8(1) + num(0.5) + enum(3),
        op("relative") + u8(1) + index(TARGETS, "card") + index(PROPERTIES, "x") + value(0) + NATURAL,
        op("relative") + u8(1) + index(TARGETS, "icon") + index(PROPERTIES, "position") +
        value(0) + value(1) + NATURAL,
        op("relative") + u8(2) + u8(0) + u8(0) + u8(0) + u8(1) + u8(1) +
        index(TARGETS, "card") + index(PROPERTIES, "x") +
        index(TARGETS, "icon") + index(PROPERTIES, "position") +
        value(1) + value(0.5) + value(0.25) + u8(0),
        op("relative") + u8(2) + u8(0) + u8(2) + u8(0) + u8(1) + u8(0) +
        index(TARGETS, "card") + index(PROPERTIES, "x") + value(0) + u8(0),
        op("relative") + u8(3) + u8(1),
        sample(1, [0, 0.5, 1, 1.5, 2.5, 4]), compute(1, 1.0)),
    "player": start(
        timeline(1), add(1, 0), add(1, 0, "+=1"), clip(0, 2), add(1, 2, "+=1"),
        player_new(1, 0, "easeInOutCubic"),
        control(0, "play"), tick(0, "tick", 0.5), tick(0, "advance", 0.25),
        tick(0, "frame", 0.5, capacity=0), tick(0, "frame", 1.5),
        control(0, "set_playback_rate", -1), control(0, "reverse"), tick(0, "advance", 0.5),
        control(0, "pause"), control(0, "set_current_time", 1.25),
        control(0, "set_fraction_complete", 0.5), control(0, "set_reversed", flag=1),
        control(0, "set_pauses_on_completion", flag=1), control(0, "set_scrubs_linearly", flag=1),
        control(0, "continue", 2, easing="linear"), tick(0, "tick", 3),
        control(0, "finish"), tick(0, "tick", 4), control(0, "stop", stop=2),
        control(0, "set_start_time", 1), control(0, "cancel"), tick(0, "advance", 1),
        player_new(0, 1), control(1, "play"), tick(1, "advance", 0.75),
        op("player_read") + u8(1) + NATURAL + u8(3) + clock(0) + clock(0.5) + clock(1) + clock(8)),
    "timing": start(
        standalone(timing(delay=0.5, duration=2, iterations=2.5, direction="alternate",
                          fill="both", easing="steps(3, jump-both)"), [-1, 0, 0.5, 1.75, 3, 7]),
        standalone(timing(duration=1, autoreverses=True, time_offset=0.25),
                   [0, 0.5, 1, 1.5, 2], direction=1),
        op("set_timing") + node(0) + timing(delay=-0.5, end_delay=1, iterations=INF,
                                            fill="forwards", easing="cubic-bezier(0, 1e6, 1, -1e6)"),
        compute(0, 0.25), compute(0, 1e6)),
    "magnitudes-timing": start(
        standalone(timing(delay=1e300, end_delay=-1e300, duration=5e-324, iterations=INF,
                          iteration_start=1e-300), [1e300, -1e300, 5e-324, MAX, 0]),
        standalone(timing(duration=1e300, iterations=MAX, iteration_start=1e154),
                   [1e300, 1e154, -5e-324], intrinsic=4),
        standalone(timing(duration=1e-300, time_offset=1e-300), [1e-300, 5e-324, 1], intrinsic=5),
        op("set_timing") + node(0) + timing(delay=-MAX, duration=MAX, iterations=1e300),
        compute(0, 1e308), compute(0, -MAX, 1),
        sample(0, [1e300, -1e300, 5e-324, MAX, -MAX, 1e154])),
    "magnitudes-clip": start(
        animator(1, [("", "x"), ("a", "rotation")], [0, 3],
                 [1e-300, 1e154, 5e-324, -1e154]),
        clip(1, 1, span=(0, 3)),
        op("clip") + u8(1) + u8(200) + num(-1e300) + u8(200) + num(1e300) + u8(1) +
        DEFAULT_TIMING + enum(1) + u8(2),
        op("clip") + u8(1) + u8(200) + num(5e-324) + u8(200) + num(1e-300) + u8(1) +
        DEFAULT_TIMING + enum(0) + u8(3),
        timeline(4), add(4, 1), add(4, 2, "+=1e308"), add(4, 3, "5e-324"),
        sample(4, [0, 1e-300, 5e-324, 1e300, MAX]), sample(1, [1.5, 1e154, -1e154])),
    "magnitudes-positions": start(
        timeline(1), clip(0, 2), clip(0, 3), clip(0, 4),
        add(1, 0, "1e300"), add(1, 2, "-1e300"), add(1, 3, "-=1.7976931348623157e308"),
        label(1, "intro", "5e-324"), add(1, 4, "intro+=0.5"),
        label(1, "outro", "+=1e308"), label(1, "_a", "1e300"),
        sample(1, [1e300, -1e300, 0, 5e-324])),
    "magnitudes-player": start(
        player_new(0, 0), control(0, "set_playback_rate", 1e300), control(0, "play"),
        tick(0, "advance", 1e300), control(0, "set_current_time", 5e-324),
        control(0, "set_playback_rate", -5e-324), tick(0, "tick", MAX),
        control(0, "set_start_time", -1e300), tick(0, "frame", 1e-300),
        control(0, "continue", 1e300, easing="linear"), control(0, "set_fraction_complete", 1e154),
        op("player_read") + u8(0) + NATURAL + u8(2) + clock(1e300) + clock(-MAX) + clock(5e-324)),
    "names": start(*[op("names") + u8(which) + u8(value + 1) + index(LABELS, name)
                     for which, value, name in
                     [(0, 3, "intro"), (1, 4, "a b"), (2, 3, ""), (3, 1, "_a"), (4, 1, "1x"),
                      (5, 2, "outro"), (6, 6, "a-b.c"), (7, 2, "intro"), (8, 0, "_a"),
                      (9, 4, "bad-utf8"), (10, 3, "intro"), (11, 5, ""), (12, 2, "outro"),
                      (1, -1, "intro"), (6, 7, "a b")]]),
    "stale-handles": start(
        timeline(1), add(1, 0), player_new(1, 0),
        op("release") + u8(1) + u8(1) + u8(0) + u8(0),
        op("release") + u8(2) + u8(0) + u8(1) + u8(1),
        add(0, 1), op("timeline_add") + u8(225) + u8(0) + node(0) + index(POSITIONS, None),
        op("set_timing") + u8(227) + DEFAULT_TIMING,
        op("player_control") + u8(225) + u8(0) + u8(0) + clock(0) + u8(0),
        op("release") + u8(0) + u8(0) + u8(0) + u8(0),
        sample(0, [0, 1])),
    "scene-mutated": start(
        timeline(1), add(1, 0, "2.5"), label(1, "intro", "+=1"),
        op("preset") + enum(0) + u8(0) + targets("a", "card") + u8(2),
        scene_add("a", 1), scene_add("b", 2), scene_add(None, 0, is_node=False),
        scene_add("a", 2)) + END + u16(40) + u8(ord("7")),
}


if __name__ == "__main__":
    write(pathlib.Path(__file__).resolve().parent, SEEDS)
