"""Writes the lottie fuzz target's seeds into corpus/ (run from anywhere:
python3 Tests/fuzz/lottie/make_seeds.py). Small documents that reach each
part of the player, and hostile ones: cycles, deep nesting, huge and tiny
numbers, fan-out. Each is compact JSON, under libFuzzer's 4096-byte
max_len where it can be, so that the fuzzer mutates it whole."""

import base64
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent / "corpus"

# A 1 x 1 PNG (one opaque orange pixel is not needed: any pixel will do).
PNG = (
    "data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
assert base64.b64decode(PNG.split(",")[1])[:4] == b"\x89PNG"


def k(value):
    return {"a": 0, "k": value}


def keys(*frames):
    """Animated: (t, value) pairs, linear."""
    out = []
    for t, v in frames:
        out.append({"t": t, "s": v if isinstance(v, list) else [v],
                    "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}})
    out[-1] = {"t": frames[-1][0], "s": out[-1]["s"]}
    return {"a": 1, "k": out}


def doc(layers, assets=(), w=200, h=200, ip=0, op=60):
    return {"v": "5.7.0", "fr": 30, "ip": ip, "op": op, "w": w, "h": h,
            "assets": list(assets), "layers": layers}


def shape_layer(ind, shapes, ks=None, **extra):
    layer = {"ty": 4, "ind": ind, "ip": 0, "op": 60, "st": 0, "ks": ks or {}, "shapes": shapes}
    layer.update(extra)
    return layer


def rect(p, s, r=0):
    return {"ty": "rc", "p": k(p), "s": k(s), "r": k(r)}


def ellipse(p, s):
    return {"ty": "el", "p": k(p), "s": k(s)}


def fill(c, o=100, rule=1):
    return {"ty": "fl", "c": k(c), "o": k(o), "r": rule}


def stroke(c, w, dashes=None, lc=2, lj=1):
    s = {"ty": "st", "c": k(c), "o": k(100), "w": k(w), "lc": lc, "lj": lj, "ml": 4}
    if dashes:
        s["d"] = [{"n": n, "v": k(v)} for n, v in dashes]
    return s


def path(points, closed=True):
    zeros = [[0, 0] for _ in points]
    return {"c": closed, "v": points, "i": zeros, "o": zeros}


def mask(mode, points, inv=False, o=100, x=0):
    return {"mode": mode, "inv": inv, "o": k(o), "x": k(x), "pt": k(path(points))}


SQUARE = [[-30, -30], [30, -30], [30, 30], [-30, 30]]


def every_op():
    """Every op of the display list in one 200 x 200 frame (also the cairo
    example's hand-made file, Makefile: c-lottie-cairo)."""
    layers = [
        # Masks: add, then subtract inverted and grown; then lighten, darken,
        # difference and intersect on a second layer.
        shape_layer(1, [rect([0, 0], [60, 60]), fill([0.9, 0.2, 0.2, 1])],
                    ks={"p": k([50, 50])}, hasMask=True,
                    masksProperties=[mask("a", [[-30, -30], [20, -30], [-30, 20]]),
                                     mask("s", [[-10, -10], [10, -10], [10, 10], [-10, 10]], inv=True, x=4)]),
        shape_layer(2, [rect([0, 0], [60, 60]), fill([0.2, 0.6, 0.2, 1])],
                    ks={"p": k([150, 50])}, hasMask=True,
                    masksProperties=[mask("l", SQUARE, o=60), mask("d", [[-30, -30], [30, -30], [0, 30]]),
                                     mask("f", [[-5, -40], [5, -40], [5, 40], [-5, 40]], o=80),
                                     mask("i", [[-40, -40], [25, -40], [25, 25], [-40, 25]])]),
        # An alpha matte (the ellipse above) over a stroked, dashed rectangle.
        shape_layer(3, [ellipse([50, 150], [60, 60]), fill([1, 1, 1, 1])], td=1),
        shape_layer(4, [rect([50, 150], [70, 50], 8), fill([0.2, 0.3, 0.9, 1]),
                        stroke([0, 0, 0, 1], 6, [("d", 8), ("g", 4), ("d", 2), ("o", 3)])], tt=1),
        # A luma matte, inverted.
        shape_layer(5, [rect([150, 150], [30, 70]), fill([1, 1, 1, 1])], td=1),
        shape_layer(6, [ellipse([150, 150], [70, 70]), fill([0.6, 0.2, 0.8, 1])], tt=4),
        # Multiply and hue blend modes, an even-odd path, a hidden layer.
        shape_layer(7, [{"ty": "sh", "ks": k(path([[80, 80], [120, 80], [120, 120], [80, 120]]))},
                        {"ty": "sh", "ks": k(path([[90, 90], [110, 90], [110, 110], [90, 110]]))},
                        fill([1, 0.8, 0, 1], rule=2)], bm=1),
        shape_layer(8, [ellipse([100, 100], [30, 30]), fill([0, 1, 1, 1])], bm=12,
                    ks={"o": k(70)}),
        shape_layer(9, [rect([100, 100], [200, 200]), fill([0, 0, 0, 1])], hd=True),
        # A precomposition (clipped to 40 x 40, started at 5, time remapped)
        # and an image.
        {"ty": 0, "ind": 10, "refId": "pre", "w": 40, "h": 40, "ip": 0, "op": 60, "st": 5,
         "ks": {"p": k([180, 100]), "a": k([20, 20])}, "tm": keys((0, 0), (60, 1.5))},
        {"ty": 2, "ind": 11, "refId": "png", "ip": 0, "op": 60, "st": 0,
         "ks": {"p": k([10, 90]), "s": k([2000, 2000])}},
        # A solid background.
        {"ty": 1, "ind": 12, "sc": "#f0f0ff", "sw": 200, "sh": 200, "ip": 0, "op": 60, "st": 0, "ks": {}},
    ]
    assets = [
        {"id": "pre", "layers": [shape_layer(1, [ellipse([20, 20], [50, 20]), fill([0.1, 0.5, 0.1, 1]),
                                                 {"ty": "tm", "s": k(0), "e": k(70), "o": k(0), "m": 1},
                                                 stroke([0.9, 0.5, 0, 1], 3)],
                                             ks={"r": keys((0, 0), (60, 180)), "p": k([20, 20]), "a": k([20, 20])})]},
        {"id": "png", "w": 1, "h": 1, "u": "", "p": PNG, "e": 1},
    ]
    return doc(layers, assets)


def animated():
    ks = {"p": {"a": 1, "k": [{"t": 0, "s": [20, 20], "to": [30, 0], "ti": [0, -30],
                               "i": {"x": 0.3, "y": 1}, "o": {"x": 0.7, "y": 0}},
                              {"t": 30, "s": [180, 180], "h": 1}, {"t": 45, "s": [20, 180]}]},
          "s": keys((0, [100, 100]), (20, [150, 50]), (59.5, [100, 100])),
          "o": keys((0, 0), (10, 100)), "sk": k(20), "sa": k(45)}
    return doc([shape_layer(1, [rect([0, 0], [30, 20], 5), fill([0, 0, 0, 1])], ks=ks, ao=1)])


def precomp_layer(ind, ref, **extra):
    layer = {"ty": 0, "ind": ind, "refId": ref, "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}}
    layer.update(extra)
    return layer


def cycle():
    return doc([precomp_layer(1, "a")],
               [{"id": "a", "layers": [precomp_layer(1, "b")]}, {"id": "b", "layers": [precomp_layer(1, "a")]}])


def self_cycle():
    return doc([precomp_layer(1, "a")], [{"id": "a", "layers": [precomp_layer(1, "a")]}])


def deep_precomp(depth=60):
    assets = [{"id": f"c{i}", "layers": [precomp_layer(1, f"c{i + 1}", ks={"p": k([1, 1])})]}
              for i in range(depth)]
    assets.append({"id": f"c{depth}", "layers": [shape_layer(1, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])])]})
    return doc([precomp_layer(1, "c0")], assets)


def fanout(width, levels):
    """A precomposition used `width` times by one used `width` times ...:
    width ** levels leaf layers from a few hundred bytes."""
    assets = [{"id": "leaf", "layers": [shape_layer(1, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])])]}]
    below = "leaf"
    for level in range(levels - 1):
        name = f"f{level}"
        assets.append({"id": name, "layers": [precomp_layer(i + 1, below) for i in range(width)]})
        below = name
    return doc([precomp_layer(i + 1, below) for i in range(width)], assets)


def huge():
    big = 1e308
    return doc([shape_layer(1, [rect([big, -big], [big, big], big), fill([1, 0, 0, 1]),
                                stroke([0, 0, 0, 1], big, [("d", big), ("g", 1e-308), ("o", -big)])],
                            ks={"p": k([big, big]), "s": k([big, -big]), "r": k(big), "a": k([-big, big])})],
               w=1e300, h=1e300, ip=-1e300, op=1e300)


def time_remap():
    return doc([precomp_layer(1, "in", tm=k(1e308)), precomp_layer(2, "in", tm=k(-1e308)),
                precomp_layer(3, "in", tm=keys((0, 1e308), (30, -1e308))),
                precomp_layer(4, "in", sr=0), precomp_layer(5, "in", sr=-1, st=1e308),
                precomp_layer(6, "in", sr=1e-308, ip=-1e308, op=1e308)],
               [{"id": "in", "layers": [shape_layer(1, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])],
                                                    ks={"p": keys((0, [0, 0]), (60, [100, 100]))})]}])


def numbers():
    sub = 5e-324
    return doc([shape_layer(1, [ellipse([sub, -sub], [1e-300, 1e300]),
                                {"ty": "sh", "ks": k({"c": True, "v": [[1e300, -1e-300], [sub, 1e300], [-0.0, 0]],
                                                      "i": [[1e-300, 0], [0, sub], [1e300, 1e300]],
                                                      "o": [[sub, sub], [-1e300, 0], [0, -0.0]]})},
                                fill([1e-300, 2.5, -1, 1e300], o=1e-300),
                                stroke([0.5, 0.5, 0.5, 1], sub, [("d", sub), ("g", 1e-300), ("d", 1e300)])],
                            ks={"s": k([1e-300, 1e300]), "r": k(1e-300), "sk": k(89.999999999),
                                "sa": k(1e300)}),
                shape_layer(2, [rect([sub, sub], [1e-300, sub]), fill([0, 0, 0, 1], o=sub)], ks={"o": k(sub)})],
               ip=-1e-300, op=60)


def many_vertices(n=150):
    import math
    points = [[round(100 + 80 * math.cos(2 * math.pi * i / n), 1), round(100 + 80 * math.sin(6 * math.pi * i / n), 1)]
              for i in range(n)]
    return doc([shape_layer(1, [rect([100, 100], [200, 200]), fill([0, 0, 1, 1])], hasMask=True,
                            masksProperties=[{"mode": "a", "inv": True, "o": k(100), "x": k(-3),
                                              "pt": k(path(points))}])])


def parent_loop():
    return doc([shape_layer(1, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])], parent=2, ks={"p": k([10, 0])}),
                shape_layer(2, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])], parent=1, ks={"r": k(30)}),
                shape_layer(3, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])], parent=3),
                shape_layer(4, [rect([5, 5], [4, 4]), fill([0, 0, 0, 1])], parent=99)])


def matte_edges():
    r = [rect([50, 50], [40, 40]), fill([0, 0, 0, 1])]
    return doc([shape_layer(1, r, tt=1),            # no matte above it
                shape_layer(2, r, td=1),            # a matte used by nobody
                shape_layer(3, r, td=1),
                shape_layer(4, r, tt=3, tp=99),     # a tp that names no layer
                shape_layer(6, r, td=1, hd=True),   # a hidden matte
                shape_layer(7, r, tt=2),
                shape_layer(8, r, td=1, tt=1)])     # the last layer a matte


def effects():
    """A Fill effect (animated color, NaN-free odd numbers), a disabled one,
    an expression control, an unknown effect and malformed parameters."""
    def fill_effect(color, opacity, en=1, params=None):
        return {"ty": 21, "mn": "ADBE Fill", "en": en, "ef": params if params is not None else [
            {"ty": 10, "v": k(0)}, {"ty": 7, "v": k(0)}, {"ty": 2, "v": color}, {"ty": 7, "v": k(1)},
            {"ty": 0, "v": k(2)}, {"ty": 0, "v": k(0)}, {"ty": 0, "v": opacity}]}
    r = [rect([50, 50], [40, 40]), fill([1, 0, 0, 1])]
    return doc([shape_layer(1, r, ef=[fill_effect(keys([0, [0, 0, 1, 1]], [30, [1e300, -1, 0.5, 1]]), k(0.5)),
                                      fill_effect(k([0, 1, 0, 1]), k(-3), en=0)]),
                shape_layer(2, r, ef=[{"ty": 5, "mn": "ADBE Slider Control", "ef": [{"ty": 0, "v": k(1)}]},
                                      {"ty": 29, "mn": "ADBE Gaussian Blur 2", "ef": []},
                                      fill_effect(k([0, 0, 0, 1]), k(1e300), params=[{"ty": 2}])])])


def modifiers():
    """The path modifiers in every arrangement the reader takes: round
    corners, pucker and bloat, zig zag (a billion ridges: bounded), offset
    paths (each join, a miter limit of 0, huge and animated amounts) and
    merge paths (combining modes, nested, one after another, an unknown
    mode) on closed and open paths and an ellipse, nested in a group."""
    square = {"ty": "sh", "ks": k(path([[10, 10], [90, 10], [90, 90], [10, 90]]))}
    line = {"ty": "sh", "ks": k(path([[0, 50], [100, 50], [100, 50]], closed=False))}
    return doc([shape_layer(1, [square, line, ellipse([50, 50], [30, 20]),
                                {"ty": "rd", "r": k(5)},
                                {"ty": "pb", "a": keys((0, -80), (30, 1e300))},
                                {"ty": "zz", "s": k(4), "r": k(1e9), "pt": k(2)},
                                {"ty": "op", "a": keys((0, -12), (30, 12)), "lj": 2, "ml": k(4)},
                                {"ty": "mm", "mm": 4},
                                fill([0, 0, 0, 1])]),
                shape_layer(2, [{"ty": "gr", "it": [square, {"ty": "op", "a": k(1e308), "lj": 1, "ml": k(0)},
                                                    {"ty": "zz", "s": k(-3), "r": k(-2), "pt": k(1)},
                                                    {"ty": "mm", "mm": 5}, fill([0, 1, 0, 1]),
                                                    stroke([1, 0, 0, 1], 2)]},
                                line, {"ty": "op", "a": k(3), "lj": 3}, {"ty": "mm", "mm": 3},
                                {"ty": "mm", "mm": 99}, fill([0, 0, 1, 1]), stroke([0, 0, 1, 1], 1)])])


def text_animators():
    """A text layer with embedded glyphs under text animators: every
    selector shape, units and basis, animated start, end, offset and
    amount, ease and smoothness at their limits, every animated property
    (huge scales and turns), an expression selector, a randomized one, an
    animator without a selector and malformed entries."""
    square = path([[0, 0], [100, 0], [100, -100], [0, -100]])
    chars = [{"ch": c, "size": 100, "style": "R", "w": w, "fFamily": "F",
              "data": {"shapes": [{"ty": "sh", "ks": k(square)}] if c != " " else []}}
             for c, w in (("A", 100), ("B", 60), (" ", 50))]

    def selector(sh, **extra):
        base = {"t": 0, "sh": sh, "r": 1, "b": 1, "s": keys((0, 0), (30, 100)), "e": k(100), "o": k(0),
                "a": k(100), "ne": k(50), "xe": k(-50)}
        base.update(extra)
        return base
    animators = [
        {"s": selector(1), "a": {"o": k(0), "p": k([0, -30]), "r": k(1e300), "s": k([1e9, -5]),
                                 "fc": k([0, 0, 1]), "sc": k([1, 1, 0]), "sw": k(3), "t": k(12),
                                 "a": k([5, 5]), "sk": k(89.9), "sa": k(45)}},
        {"s": selector(2, r=2, b=3, sm=k(0)), "a": {"o": k(50)}},
        {"s": selector(3, b=2, e=k(-1e308), o=k(1e308)), "a": {"r": k(30)}},
        {"s": selector(4, b=4, sm=k(1e300)), "a": {"s": k([0, 0])}},
        {"s": selector(5, ne=k(-1e9)), "a": {"p": k([1e308, 0])}},
        {"s": selector(6, a=k(float("-1e300"))), "a": {"fh": k(30), "rx": k(10)}},
        {"s": {"t": 1, "xe": k(0)}, "a": {"o": k(0)}},
        {"s": selector(1, rn=1), "a": {"o": k(0)}},
        {"a": {"o": k(0)}},
        {"s": "bad", "a": {}},
    ]
    text = {"ty": 5, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {},
            "t": {"d": {"k": [{"t": 0, "s": {"t": "AB AB\rBA", "s": 20, "f": "F", "j": 2, "tr": 50, "lh": 24,
                                             "fc": [1, 0, 0], "sc": [0, 0, 0], "sw": 1}}]},
                  "p": {}, "m": {"g": 2, "a": k([50, -50])}, "a": animators}}
    out = doc([text])
    out["fonts"] = {"list": [{"fName": "F", "fFamily": "F", "fStyle": "R", "ascent": 75}]}
    out["chars"] = chars
    return out


def deep_json(depth=3000):
    return '{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":10,"h":10,"nm":' + "[" * depth + "]" * depth + ',"layers":[]}'


SEEDS = {
    "minimal.json": doc([]),
    "every-op.json": every_op(),
    "animated.json": animated(),
    "cycle.json": cycle(),
    "self-cycle.json": self_cycle(),
    "deep-precomp.json": deep_precomp(30),
    "fanout.json": fanout(6, 4),  # 1296 leaves, from 2 KB
    "huge.json": huge(),
    "time-remap.json": time_remap(),
    "numbers.json": numbers(),
    "many-vertices-mask.json": many_vertices(),
    "parent-loop.json": parent_loop(),
    "matte-edges.json": matte_edges(),
    "effects.json": effects(),
    "modifiers.json": modifiers(),
    "text-animators.json": text_animators(),
}

if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, value in SEEDS.items():
        text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
        (HERE / name).write_text(text)
        print(f"{name}: {len(text)} bytes")
    (HERE / "deep-json.json").write_text(deep_json())
    (HERE / "truncated.json").write_text(json.dumps(every_op(), separators=(",", ":"))[:700])
