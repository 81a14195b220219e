"""Writes the layout fuzz target's seeds into corpus/ (run from anywhere:
python3 Tests/fuzz/layout/make_seeds.py).

Each seed spells operations of Tests/fuzz/layout.c in the order it reads
their arguments (Tests/fuzz/seeds.py has the readers): variables and
relative tracks, paging layouts keeping views on pages, trackers fed with
scroll offsets, masks, paths, scenes of all of them with stages and files;
and magnitudes where they go (variables, widths, pages, constants, offsets
and mask sizes of 1e+-300, 5e-324, the largest double, 1e154 whose square
overflows)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from seeds import NATURAL, enum, index, num, prefixed, u8, u16, whole, write  # noqa: E402

OPERATIONS = """animator variable_set variable_set2 variable_remove variable_list track track2
remove_track frame paging_new paging_new2 paging_width paging_offset keep keep2 unkeep positions
paging_parts tracker_new tracker_feed mask path scene_add scene_add2 stage scene_read scene_file
levels release""".split()
VARIABLES = ["pageWidth", "header.midX", "w", "_x", "a.b", "ref.width", "", "1st", ".x", "a b",
             "bad-utf8"]
TARGETS = ["title", "card", "", "card.icon", "t-utf8", "bad-utf8"]
PROPERTIES = ["x", "centerX", "left", "position", "frame", "alpha", "constant", "backgroundColor",
              "", "bad-utf8"]
KINDS = ["scalar", "point", "vector", "color", "bool", "rect", "nope"]
NAMES = [None, "a", "b", "", "bad-utf8"]
PATHS = ["line", "curve-arc", "huge", "tiny-closed", "subnormal", "square-overflow", "thin-arc",
         "too-long", "empty", "bad-utf8"]
PAGE_COUNTS = [1, 3, 7, 0, 2, "SIZE_MAX"]
ATTRIBUTE = {"left": 0, "centerX": 1, "right": 2}
MASK = {"top": 0, "left": 1, "bottom": 2, "right": 3, "circle": 4, "bounds": 5}
SCENE_ITEM = {"animator": 0, "mask": 1, "paging": 2, "path": 3}
LEVELS = ["baseline", "avx2", None, "sse9", ""]
MAX = 1.7976931348623157e308

time = prefixed(200, lambda x: whole((x + 2) * 2) if 0 <= (x + 2) * 2 < 25 else None)
width = prefixed(160, lambda x: whole((x - 1) / 2.5) if x >= 1 else None)
END = u8(255)  # the end of the operations: the bytes after it change the saved scene


def op(name):
    return u8(OPERATIONS.index(name))


def variable_set(animator, name, value):
    return op("variable_set") + u8(animator) + index(VARIABLES, name) + width(value)


def variable_remove(animator, name):
    return op("variable_remove") + u8(animator) + index(VARIABLES, name)


def variable_list(animator):
    return op("variable_list") + u8(animator) + NATURAL + NATURAL


def track(animator, target, prop, slot, times, values, relative_to=None, constant=None,
          kind=None):
    """op_track: options, the names, then (on success) keyframes and the slot;
    values are the keyframes' channels, each given as value * 100 (the
    target reads choose_width / 100)."""
    flags = (1 if relative_to else 0) | (2 if constant is not None else 0) | (4 if kind else 0)
    out = op("track") + u8(animator) + u8(flags)
    if relative_to:
        out += index(VARIABLES, relative_to)
    if constant is not None:
        out += num(constant)
    if kind:
        out += index(KINDS, kind)
    out += index(TARGETS, target) + index(PROPERTIES, prop) + u8(len(times))
    out += b"".join(time(t) for t in times) + b"".join(width(v * 100) for v in values)
    return out + u8(slot)


def frame(animator, t, track_slot=0, generation=0):
    """op_frame: generation 0 the current one, 128 any, 192 a stale one."""
    return op("frame") + u8(animator) + time(t) + u8(generation) + NATURAL + u8(track_slot)


def paging_new(animator, pages, page_width, slot, variable=None):
    out = op("paging_new") + u8(animator) + u8(PAGE_COUNTS.index(pages)) + width(page_width)
    out += u8(128) + index(VARIABLES, variable) if variable else u8(0)
    return out + u8(slot)


def keep(paging, target, attribute, pages, times=None, offsets=None, constant=None,
         out_track=True):
    flags = (4 if times else 0) | (8 if offsets else 0) | (1 if constant is not None else 0) | (
        0 if out_track else 16)
    out = op("keep") + u8(paging) + index(TARGETS, target) + enum(ATTRIBUTE[attribute])
    out += u8(len(pages))
    for i, page in enumerate(pages):
        out += (u8(0) + u8(int(page) + 1)) if float(page).is_integer() and -1 <= page <= 3 else (
            u8(192) + num(page))
        out += time(times[i] if times else 0)
        out += width((offsets[i] if offsets else 1) * 10)
    out += u8(flags)
    if constant is not None:
        out += num(constant)
    return out


def positions(paging, offsets):
    out = op("positions") + u8(paging) + u8(len(offsets))
    for x in offsets:
        out += u8(128) + num(x)
    return out + NATURAL


def tracker_feed(slot, offsets, capacity=6):
    out = op("tracker_feed") + u8(slot) + u8(len(offsets)) + u8(capacity)
    for x in offsets:
        out += u8(200) + num(x)
    return out


def mask(kind, w, h, progress, flags=0):
    out = op("mask") + enum(MASK[kind]) + width(w) + width(h) + u8(len(progress))
    for v in progress:
        out += u8(128) + num(v)
    return out + u8(flags) + NATURAL


def scene_add(name, item, *args):
    return op("scene_add") + index(NAMES, name) + u8(SCENE_ITEM[item]) + b"".join(args)


def stage(template, number):
    return op("stage") + u8(template) + u8(number) + u8(0)


def start(*parts):
    """The setup byte (1: animator 0 with a layout of 3 pages of 320 in
    paging slot 0), then the operations."""
    return u8(1) + b"".join(parts)


SEEDS = {
    "keep-views": start(
        keep(0, "title", "centerX", [1]),
        keep(0, "card", "left", [0, 1, 2], offsets=[0.5, -1, 2], constant=10),
        keep(0, "card.icon", "right", [2, 0], times=[0, 1.5], out_track=False),
        positions(0, [-1, 0, 0.5, 1, 1.5, 3]),
        op("paging_width") + u8(0) + width(376),
        op("paging_offset") + u8(0) + u8(0) + width(481),
        op("unkeep") + u8(0) + index(TARGETS, "card"),
        op("paging_parts") + u8(0) + u8(1) + u8(4),
        op("tracker_new") + u8(0) + u8(1) + u8(0),
        tracker_feed(0, [0, 200, 500, 1000, -50, 320], capacity=6),
        tracker_feed(0, [0, 900], capacity=0),
        frame(0, 1.5), frame(0, 0, generation=192)),
    "variables": start(
        variable_set(0, "header.midX", 2.5), variable_set(0, "a.b", 1), variable_set(0, "_x", 321),
        variable_remove(0, "a.b"), variable_list(0),
        track(0, "title", "constant", 0, [0, 1], [0, 0.5], relative_to="ref.width", constant=10),
        frame(0, 0.5, 0),
        variable_set(0, "ref.width", 201), frame(0, 0.5, 0), frame(0, -1, 0, generation=128),
        track(0, "card", "position", 1, [0, 2], [0, 1, 1, 0], relative_to="w", kind="point"),
        track(0, "card", "x", 2, [0, 1, 2], [1, 2, 3]),
        variable_set(0, "w", 11), variable_list(0), frame(0, 1, 1),
        op("remove_track") + u8(0) + index(TARGETS, "card") + index(PROPERTIES, "x"),
        frame(0, 1, 2)),
    "magnitudes": start(
        variable_set(0, "header.midX", 1e300), variable_set(0, "w", -1e300),
        variable_set(0, "_x", 5e-324), variable_set(0, "a.b", MAX), variable_set(0, "ref.width", 1e154),
        track(0, "title", "x", 0, [0, 1], [0.01, 1e-300], relative_to="ref.width", constant=-1e300),
        frame(0, 1), variable_list(0),
        paging_new(0, 7, 5e-324, 1, variable="_x"),
        keep(1, "title", "centerX", [1e300]),
        keep(1, "card", "left", [1e154, -1e154], constant=MAX),
        positions(1, [1e300, -1e300, 5e-324, MAX]),
        op("paging_offset") + u8(1) + u8(128) + num(1e308),
        op("paging_width") + u8(0) + width(MAX),
        keep(0, "title", "right", [1], constant=1e-300),
        positions(0, [1e300, 5e-324]),
        op("paging_width") + u8(0) + width(1e-300), positions(0, [1, 2]),
        op("tracker_new") + u8(0) + u8(2) + u8(1),
        tracker_feed(1, [1e300, -1e300, 5e-324, MAX, 0])),
    "masks": start(
        mask("top", 301, 401, [0, 0.25, 1, -0.5, 1.5]),
        mask("bottom", 301, 401, [0.25, float("nan")]),
        mask("left", 1e300, 1, [0.5, 1e300]),
        mask("right", MAX, MAX, [1, 5e-324]),
        mask("circle", 1e154, 1e154, [0.5, 1]),
        mask("bounds", 301, 401, [0, 0.5, 1, 2]),
        mask("bounds", 1e-300, 5e-324, [1, 0.5]),
        mask("circle", 101, 101, [0.5], flags=1), mask("top", 101, 101, [0.5], flags=2)),
    "scene-objects": start(
        op("path") + index(PATHS, "curve-arc") + u8(0),
        op("path") + index(PATHS, "huge") + u8(1),
        track(0, "title", "alpha", 0, [0, 1], [0, 0.01]),
        scene_add("a", "animator", u8(0)),
        scene_add("a", "paging", u8(0)),
        scene_add("a", "path", u8(0)), scene_add("b", "path", u8(1)),
        scene_add("a", "mask", enum(MASK["circle"]), width(101), width(101)),
        scene_add("b", "mask", enum(MASK["bounds"]), width(1e300), width(5e-324)),
        stage(0, 0), stage(1, 3), stage(2, 4), stage(3, 5), stage(4, 9), stage(8, 5),
        stage(9, 6), stage(10, 7), stage(5, 0), stage(7, 0), stage(11, 0),
        op("scene_read") + enum(5) + u8(1), op("scene_read") + enum(3) + u8(0),
        op("scene_read") + enum(4) + u8(225), op("scene_read") + enum(2) + u8(0),
        op("scene_file"),
        END, u16(120), u8(ord("9"))),
    "levels": start(
        track(0, "card", "x", 0, [0, 1, 2], [1, 2, 1]),
        track(0, "card", "position", 1, [0, 2], [0, 0.5, 1, 0.25]),
        op("levels") + u8(0), frame(0, 1.5), op("levels") + u8(1), frame(0, 1.5),
        op("levels") + u8(3), op("levels") + u8(2)),
    "stale-handles": start(
        op("tracker_new") + u8(0) + u8(0) + u8(0),
        op("release") + u8(2) + u8(0) + u8(0),
        op("release") + u8(3) + u8(0) + u8(0),
        op("paging_width") + u8(225) + u8(0) + width(100),
        op("unkeep") + u8(226) + u8(0) + index(TARGETS, "title"),
        tracker_feed(0, [1, 2]),
        op("release") + u8(0) + u8(0) + u8(1),
        variable_set(0, "w", 2), variable_set(227, "w", 2)),
}


if __name__ == "__main__":
    write(pathlib.Path(__file__).resolve().parent, SEEDS)
