"""The display list's enum names in razzle._display_list have the header's
values: each tuple's index is the enum's value, and its names are the
constants' (KF_BLEND_COLOR_DODGE is "color-dodge")."""

from __future__ import annotations

import re
from typing import Dict, Tuple

import pytest

from conftest import HEADER

from razzle import _display_list as dl


def header_enum(name: str) -> Dict[int, str]:
    """`typedef enum <name> { KF_..._X = n, ... }`: value to the constant's
    last words, lower case with dashes."""
    body = re.search(rf"typedef enum {name} \{{(.*?)\}} {name};", HEADER.read_text(), flags=re.S)
    assert body is not None, name
    prefix = {"kf_blend_mode": "KF_BLEND_", "kf_mask_mode": "KF_MASK_", "kf_matte_mode": "KF_MATTE_",
              "kf_fill_rule": "KF_FILL_", "kf_line_cap": "KF_CAP_", "kf_line_join": "KF_JOIN_", "kf_paint": "KF_PAINT_"}[name]
    return {int(v): c[len(prefix):].lower().replace("_", "-") for c, v in re.findall(r"(KF_\w+) = (\d+)", body.group(1))}


@pytest.mark.parametrize(
    "enum, names",
    [
        ("kf_blend_mode", dl.BLEND_MODES),
        ("kf_mask_mode", dl.MASK_MODES),
        ("kf_matte_mode", dl.MATTE_MODES),
        ("kf_fill_rule", dl.FILL_RULES),
        ("kf_line_cap", dl.LINE_CAPS),
        ("kf_line_join", dl.LINE_JOINS),
        ("kf_paint", dl.PAINTS),
    ],
)
def test_names_have_the_headers_values(enum: str, names: Tuple[str, ...]) -> None:
    ours = {i: name for i, name in enumerate(names) if name}
    # SVG's spelling of the even-odd rule.
    expected = {v: ("evenodd" if n == "even-odd" else n) for v, n in header_enum(enum).items()}
    assert ours == expected
