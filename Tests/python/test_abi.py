"""The header is the ABI's source of truth: the library's exports, the Python
signature table, the status codes and the version must all agree with it."""

import ctypes
import re
import subprocess
from ctypes import POINTER, c_char_p, c_double, c_int32, c_size_t, c_uint32, c_uint64, c_void_p

import razzle
from conftest import HEADER
from razzle import _ffi

HEADER_TEXT = HEADER.read_text()


def header_functions():
    """{name: (return type, [parameter types])} parsed from the prototypes."""
    text = re.sub(r"/\*.*?\*/", "", HEADER_TEXT, flags=re.S)
    text = re.sub(r"^\s*#.*?(?<!\\)$", "", text, flags=re.M | re.S)
    functions = {}
    for match in re.finditer(r"([\w\s\*]+?)\b(kf_\w+)\s*\(([^)]*)\)\s*;", text):
        return_type = " ".join(match.group(1).split())
        params = [] if match.group(3).strip() == "void" else [p.strip() for p in match.group(3).split(",")]
        types = [" ".join(re.sub(r"\b\w+$", "", p).replace("*", " * ").split()) for p in params]
        functions[match.group(2)] = (return_type.replace("*", " *").replace("  ", " ").strip(), types)
    return functions


# What each C type in the header may be declared as in the Python table.
C_TO_CTYPES = {
    "void": {None},
    "int32_t": {c_int32},
    "kf_status": {_ffi.Status},
    "size_t": {c_size_t},
    "double": {c_double},
    "const char *": {c_char_p},
    "char *": {c_void_p, c_char_p},
    "const double *": {c_void_p, POINTER(c_double)},
    "const uint8_t *": {c_void_p},
    "double *": {c_void_p, POINTER(c_double)},
    "size_t *": {POINTER(c_size_t)},
    "int32_t *": {POINTER(c_int32)},
    "uint64_t *": {POINTER(c_uint64)},
    "kf_animator *": {_ffi.AnimatorHandle},
    "const kf_animator *": {_ffi.AnimatorHandle},
    "kf_animator * *": {POINTER(_ffi.AnimatorHandle)},
    "kf_track *": {_ffi.TrackHandle},
    "const kf_track *": {_ffi.TrackHandle},
    "kf_track * *": {POINTER(_ffi.TrackHandle)},
    "uint32_t": {c_uint32},
    "uint64_t": {c_uint64},
    "uint32_t *": {c_void_p},
    "int32_t *": {POINTER(c_int32)},
    "kf_interpolation": {c_int32},
    "kf_extrapolation": {c_int32},
    "kf_interpolation *": {POINTER(c_int32)},
    "kf_extrapolation *": {POINTER(c_int32)},
    "kf_spring *": {POINTER(_ffi.SpringParameters)},
    "const kf_spring *": {POINTER(_ffi.SpringParameters)},
    "kf_track_options *": {POINTER(_ffi.TrackOptions)},
    "const kf_track_options *": {POINTER(_ffi.TrackOptions)},
    "kf_keyframe_options *": {POINTER(_ffi.KeyframeOptions)},
    "const kf_keyframe_options *": {c_void_p},
    "kf_column *": {c_void_p},
    "kf_kind_info *": {POINTER(_ffi.KindInfo)},
    "const char * *": {POINTER(c_char_p)},
    "kf_direction": {c_int32},
    "kf_fill": {c_int32},
    "kf_phase": {c_int32},
    "kf_animation_direction": {c_int32},
    "kf_direction *": {POINTER(c_int32)},
    "kf_fill *": {POINTER(c_int32)},
    "kf_phase *": {POINTER(c_int32)},
    "kf_animation_direction *": {POINTER(c_int32)},
    "kf_timing_options *": {POINTER(_ffi.TimingOptions)},
    "const kf_timing_options *": {POINTER(_ffi.TimingOptions)},
    "kf_computed_timing *": {POINTER(_ffi.ComputedTimingStruct)},
    # Variables and paging.
    "const kf_paging *": {_ffi.PagingHandle},
    "kf_paging *": {_ffi.PagingHandle},
    "kf_paging * *": {POINTER(_ffi.PagingHandle)},
    "const kf_page_tracker *": {_ffi.PageTrackerHandle},
    "kf_page_tracker *": {_ffi.PageTrackerHandle},
    "kf_page_tracker * *": {POINTER(_ffi.PageTrackerHandle)},
    "kf_page_attribute": {c_int32},
    "kf_page_attribute *": {POINTER(c_int32)},
    "kf_page_change *": {c_void_p},
    "double *": {c_void_p, POINTER(c_double)},
}

# Choreography.
C_TO_CTYPES.update({
    **{f"{t}": {c_int32} for t in ("kf_composite", "kf_node_kind", "kf_stagger_from", "kf_stagger_axis",
                                   "kf_stagger_preset", "kf_calculation_mode", "kf_play_state", "kf_event_kind",
                                   "kf_stop_position")},
    **{f"{t} *": {POINTER(c_int32)} for t in ("kf_composite", "kf_node_kind", "kf_stagger_from", "kf_stagger_axis",
                                              "kf_stagger_preset", "kf_calculation_mode", "kf_play_state",
                                              "kf_event_kind", "kf_stop_position")},
    "kf_node *": {_ffi.NodeHandle},
    "const kf_node *": {_ffi.NodeHandle},
    "kf_node * *": {POINTER(_ffi.NodeHandle)},
    "kf_player *": {_ffi.PlayerHandle},
    "const kf_player *": {_ffi.PlayerHandle},
    "kf_player * *": {POINTER(_ffi.PlayerHandle)},
    "kf_relative_keyframes *": {_ffi.RelativeKeyframesHandle},
    "const kf_relative_keyframes *": {_ffi.RelativeKeyframesHandle},
    "kf_relative_keyframes * *": {POINTER(_ffi.RelativeKeyframesHandle)},
    "const kf_stagger_options *": {POINTER(_ffi.StaggerOptions)},
    "kf_stagger_options *": {POINTER(_ffi.StaggerOptions)},
    "kf_event *": {c_void_p},
    "kf_player_state *": {POINTER(_ffi.PlayerStateStruct)},
    "kf_lottie_info *": {POINTER(_ffi.LottieInfo)},
    "const char * const *": {POINTER(c_char_p)},
    "const size_t *": {POINTER(c_size_t)},
})

# Paths and masks.
C_TO_CTYPES.update({
    "kf_path *": {_ffi.PathHandle},
    "const kf_path *": {_ffi.PathHandle},
    "kf_path * *": {POINTER(_ffi.PathHandle)},
    "kf_lottie *": {_ffi.LottieHandle},
    "const kf_lottie *": {_ffi.LottieHandle},
    "kf_lottie * *": {POINTER(_ffi.LottieHandle)},
    "kf_display_list *": {_ffi.DisplayListHandle},
    "const kf_display_list *": {_ffi.DisplayListHandle},
    "kf_display_list * *": {POINTER(_ffi.DisplayListHandle)},
    "kf_raster *": {_ffi.RasterHandle},
    "kf_raster * *": {POINTER(_ffi.RasterHandle)},
    "kf_display_list_view *": {POINTER(_ffi.DisplayListView)},
    "kf_lottie_image_info *": {POINTER(_ffi.LottieImageInfo)},
    "uint8_t *": {c_void_p},
    "kf_rotate": {c_int32},
    "kf_rotate *": {POINTER(c_int32)},
    "kf_mask": {c_int32},
    "kf_mask *": {POINTER(c_int32)},
})


def test_header_parses_to_the_known_api():
    functions = header_functions()
    assert len(functions) >= 22
    assert functions["kf_track_sample_many"] == (
        "kf_status",
        ["const kf_track *", "const double *", "size_t", "double *", "size_t"],
    )


def test_python_signature_table_matches_header():
    functions = header_functions()
    table = {f.name: f for f in _ffi.SIGNATURES}
    assert set(table) == set(functions)
    for name, (return_type, params) in functions.items():
        entry = table[name]
        assert entry.restype in C_TO_CTYPES[return_type], (name, return_type, entry.restype)
        assert len(entry.argtypes) == len(params), name
        for c_type, py_type in zip(params, entry.argtypes):
            # A status passed in is a plain int32; only returns are checked.
            allowed = {c_int32} if c_type == "kf_status" else C_TO_CTYPES[c_type]
            assert py_type in allowed, (name, c_type, py_type)


def test_library_exports_exactly_the_header_functions():
    output = subprocess.run(
        ["nm", "-D", "-g", "--defined-only", razzle.library_path], capture_output=True, text=True, check=True
    ).stdout
    symbols = [line.split() for line in output.splitlines() if line.strip()]
    # Each function is listed as name@@<version node>, and the node itself as
    # an absolute symbol (test_install.py checks the node).
    exported = {name.split("@")[0] for _, kind, name in symbols if kind != "A"}
    assert exported == set(header_functions())


def test_library_needs_no_swift_runtime():
    output = subprocess.run(["ldd", razzle.library_path], capture_output=True, text=True, check=True).stdout
    needed = {line.split()[0] for line in output.splitlines() if "=>" in line}
    allowed = {"libc.so.6", "libstdc++.so.6", "libm.so.6", "libgcc_s.so.1"}
    assert needed <= allowed, needed - allowed


def test_status_codes_match_header():
    entries = re.findall(r'X\((KF_\w+),\s*(-?\d+),\s*"([^"]*)"\)', HEADER_TEXT)
    assert len(entries) == len(_ffi.STATUS_CODES)
    for name, value, description in entries:
        assert _ffi.STATUS_CODES[name][0] == int(value)
        assert _ffi.lib.kf_status_string(int(value)).decode() == description
    assert _ffi.lib.kf_status_string(999).decode() == "unknown status"


def test_version_matches_header():
    part = {k: int(re.search(rf"#define KF_VERSION_{k} (\d+)", HEADER_TEXT).group(1)) for k in ("MAJOR", "MINOR", "PATCH")}
    formula = re.search(r"#define KF_VERSION_NUMBER (.*)", HEADER_TEXT).group(1)
    assert formula == "(KF_VERSION_MAJOR * 10000 + KF_VERSION_MINOR * 100 + KF_VERSION_PATCH)"
    number = part["MAJOR"] * 10000 + part["MINOR"] * 100 + part["PATCH"]
    string = re.search(r'#define KF_VERSION_STRING "([^"]+)"', HEADER_TEXT).group(1)
    assert _ffi.lib.kf_version_number() == number == _ffi.VERSION_NUMBER
    assert razzle.__version__ == string == "{MAJOR}.{MINOR}.{PATCH}".format(**part)


def test_last_error_is_per_thread():
    import threading

    with razzle.Animator() as anim:
        track = anim.add_track("v", "alpha")
        try:
            track[0] = 5.0
        except razzle.InvalidValueError:
            pass
        seen = []
        thread = threading.Thread(target=lambda: seen.append(_ffi.lib.kf_last_error()))
        thread.start()
        thread.join()
        assert seen == [b""]
        assert b"alpha" in _ffi.lib.kf_last_error()


def test_struct_layouts_match_the_header(tmp_path):
    """The ctypes mirrors of the header's structs have the C compiler's
    sizes and field offsets (a C program compiled against the header says)."""
    structs = {
        "kf_track_options": _ffi.TrackOptions,
        "kf_keyframe_options": _ffi.KeyframeOptions,
        "kf_column": _ffi.ColumnInfo,
        "kf_kind_info": _ffi.KindInfo,
        "kf_spring": _ffi.SpringParameters,
        "kf_timing_options": _ffi.TimingOptions,
        "kf_computed_timing": _ffi.ComputedTimingStruct,
        "kf_stagger_options": _ffi.StaggerOptions,
        "kf_event": _ffi.EventStruct,
        "kf_player_state": _ffi.PlayerStateStruct,
        "kf_lottie_info": _ffi.LottieInfo,
        "kf_draw_op": _ffi.DrawOpStruct,
        "kf_display_list_view": _ffi.DisplayListView,
        "kf_lottie_image_info": _ffi.LottieImageInfo,
    }
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "keyframe.h"', "int main(void) {"]
    for c_name, mirror in structs.items():
        lines.append(f'  printf("{c_name} size %zu\\n", sizeof({c_name}));')
        for field, _ in mirror._fields_:
            lines.append(f'  printf("{c_name} {field} %zu\\n", offsetof({c_name}, {field}));')
    lines += ["  return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    program = tmp_path / "layout"
    subprocess.run(["cc", "-std=c11", "-I", str(HEADER.parent), str(source), "-o", str(program)], check=True)
    printed = subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout.split("\n")
    expected = []
    for c_name, mirror in structs.items():
        expected.append(f"{c_name} size {ctypes.sizeof(mirror)}")
        expected += [f"{c_name} {field} {getattr(mirror, field).offset}" for field, _ in mirror._fields_]
    assert printed[:-1] == expected


def test_python_value_types_come_from_the_librarys_kinds():
    from razzle import _values

    count = _ffi.lib.kf_kind_count()
    names = []
    for index in range(count):
        info = _ffi.KindInfo()
        _ffi.lib.kf_kind_get(index, ctypes.byref(info))
        names.append(info.name.decode())
        if info.type_name is not None:
            cls = _values.KIND_TYPES[info.name.decode()]
            # This package's own class, with the kind's components as fields.
            assert cls is getattr(razzle, info.type_name.decode())
            assert cls._fields == tuple(info.components.decode().split())
    assert names == ["scalar", "point", "size", "rect", "vector", "color", "bool", "transform", "transform3d"]


def test_the_kinds_guide_lists_what_the_library_says():
    # Guides/Kinds.md's table: each property the guide names implies the kind
    # of its row, as kf_property_info says; each kind row exists.
    guide = (HEADER.parent.parent / "Guides" / "Kinds.md").read_text()
    rows = [line for line in guide.splitlines() if line.startswith("| `")]
    assert len(rows) == _ffi.lib.kf_kind_count()
    checked = 0
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        kind = cells[0].strip("`")
        for prop in re.findall(r"`(\w+)`", cells[2]):
            found = c_char_p()
            _ffi.lib.kf_property_info(prop.encode(), ctypes.byref(found), None, None)
            assert found.value is not None and found.value.decode() == kind, (prop, kind)
            checked += 1
    assert checked == 20

# Scenes.
C_TO_CTYPES.update({
    "kf_scene *": {_ffi.SceneHandle},
    "const kf_scene *": {_ffi.SceneHandle},
    "kf_scene * *": {POINTER(_ffi.SceneHandle)},
    "kf_scene_item": {c_int32},
    "kf_scene_location *": {POINTER(_ffi.SceneLocation)},
    "const kf_paging *": {_ffi.PagingHandle},
})
