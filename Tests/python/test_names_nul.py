"""A NUL inside a name is refused wherever the name comes from (issue 24,
item 4): C would cut the name there, so "a\\0b" would be stored as "a" and
shift every column label after it."""

import json

import pytest

import razzle


def test_a_track_target_with_a_nul_in_a_scene_file_is_refused():
    text = json.dumps(
        {
            "format": "razzle-scene/1",
            "animators": [{"tracks": [{"target": "a\u0000b", "property": "alpha",
                                       "keyframes": [{"time": 0, "value": 1}]}]}],
        }
    )
    with pytest.raises(razzle.InvalidNameError) as caught:
        razzle.loads(text)
    # The message keeps what follows the NUL (escaped), and the place.
    assert "a\\u{0}b" in str(caught.value)
    assert "/animators/0/tracks/0" in str(caught.value)


def test_a_lottie_name_with_a_nul_is_refused_with_its_pointer():
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10,
           "layers": [{"ty": 3, "nm": "a\u0000b", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}}]}
    with pytest.raises(razzle.InvalidValueError, match="/layers/0/nm"):
        razzle.import_lottie(doc)


def test_scene_add_refuses_a_nul_in_the_name():
    scene = razzle.Scene()
    animator = razzle.Animator()
    with pytest.raises(razzle.InvalidNameError, match="NUL"):
        scene.add(animator, name="a\x00b")
    assert scene.animators == []
    scene.add(animator, name="ab")
    assert scene.names("animators") == ["ab"]


def test_the_last_error_keeps_the_text_after_a_nul():
    # The library escapes a NUL in a message, so the reason and position
    # that follow it reach C callers.
    lib = razzle._ffi.lib
    with pytest.raises(razzle.InvalidNameError):
        razzle.Animator().add_track("x", "alpha\x00beta")  # Python refuses before C
    text = json.dumps({"format": "razzle-scene/1", "animators": [{"tracks": [
        {"target": "t", "property": "al\u0000pha", "keyframes": [{"time": 0, "value": 1}]}]}]})
    with pytest.raises(razzle.RazzleError):
        razzle.loads(text)
    message = lib.kf_last_error().decode()
    assert "al\\u{0}pha" in message and "NUL" in message
