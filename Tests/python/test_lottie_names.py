"""Lottie names never collide (issue 24, item 4): a group named "a/b" and a
group "b" inside a group "a" are two targets, and a shape item named
"transform" does not replace its group's transform."""

import razzle


def ellipse(name, position):
    return {"ty": "el", "nm": name, "p": {"a": 1, "k": [{"t": 0, "s": position, "i": {"x": 0.5, "y": 0.5},
                                                           "o": {"x": 0.5, "y": 0.5}},
                                                          {"t": 10, "s": [position[0] + 10, position[1]]}]},
            "s": {"k": [4, 4]}}


def group(name, items):
    return {"ty": "gr", "nm": name, "it": items}


def test_slashes_and_transform_names_do_not_collide():
    shapes = [
        group("a/b", [ellipse("dot", [0, 0])]),
        group("a", [group("b", [ellipse("dot", [100, 0])])]),
        ellipse("transform", [7, 8]),
    ]
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10,
           "layers": [{"ty": 4, "nm": "L", "ind": 1, "ip": 0, "op": 10, "st": 0,
                       "ks": {"p": {"k": [50, 60]}}, "shapes": shapes}]}
    anim = razzle.import_lottie(doc)  # was DuplicateTrackError
    values = anim.values(0)
    assert values["L/a\\/b", "dot.position"] == (0.0, 0.0)
    assert values["L/a/b", "dot.position"] == (100.0, 0.0)
    assert values["L", "transform #2.position"] == (7.0, 8.0)
    # The layer's own position is its static value, not the shape's.
    assert anim.static_values["L", "transform.position"] == (50.0, 60.0)
