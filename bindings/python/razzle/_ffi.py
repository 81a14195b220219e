"""The one place that loads libkeyframe and declares its functions.

`SIGNATURES` mirrors include/keyframe.h function by function; a test parses
the header and checks the two agree, and another checks the library's
exported symbols, so none of the three can drift.
"""

from __future__ import annotations

import ctypes
import os
from collections import namedtuple
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any, Tuple

from . import _errors

LIBRARY_NAME = "libkeyframe.so"
LIBRARY_ENV = "RAZZLE_LIBRARY"

#: The KF_VERSION_NUMBER this binding was written against. From 1.0 on a
#: library with the same major version and at least this version is
#: compatible; before 1.0 the minor version must match too (a 0.x minor
#: version may change the ABI: CHANGELOG.md).
VERSION_NUMBER = 323


class _Animator(ctypes.Structure):
    """Opaque `kf_animator`."""


class _Track(ctypes.Structure):
    """Opaque `kf_track`."""


AnimatorHandle = POINTER(_Animator)
TrackHandle = POINTER(_Track)


class _Paging(ctypes.Structure):
    """Opaque `kf_paging`."""


class _PageTracker(ctypes.Structure):
    """Opaque `kf_page_tracker`."""


PagingHandle = POINTER(_Paging)
PageTrackerHandle = POINTER(_PageTracker)


class _Node(ctypes.Structure):
    """Opaque `kf_node`."""


class _Player(ctypes.Structure):
    """Opaque `kf_player`."""


class _RelativeKeyframes(ctypes.Structure):
    """Opaque `kf_relative_keyframes`."""


NodeHandle = POINTER(_Node)
PlayerHandle = POINTER(_Player)
RelativeKeyframesHandle = POINTER(_RelativeKeyframes)


class _Path(ctypes.Structure):
    """Opaque `kf_path`."""


PathHandle = POINTER(_Path)


class _Lottie(ctypes.Structure):
    """Opaque `kf_lottie`."""


LottieHandle = POINTER(_Lottie)


class _DisplayList(ctypes.Structure):
    """Opaque `kf_display_list`."""


DisplayListHandle = POINTER(_DisplayList)


class _Raster(ctypes.Structure):
    """Opaque `kf_raster`."""


RasterHandle = POINTER(_Raster)


class _Scene(ctypes.Structure):
    """Opaque `kf_scene`."""


SceneHandle = POINTER(_Scene)


class SceneLocation(ctypes.Structure):
    """`kf_scene_location`."""

    _fields_ = [("offset", c_size_t), ("line", c_size_t), ("column", c_size_t)]


class Status:
    """Marks a `kf_status` return: an int32 checked by `_check`."""


#: Status codes from include/keyframe.h, name -> (value, exception class).
STATUS_CODES = {
    "KF_OK": (0, None),
    "KF_E_NULL": (-1, _errors.RazzleError),
    "KF_E_INVALID_HANDLE": (-2, _errors.ClosedError),
    "KF_E_INVALID_VALUE": (-3, _errors.InvalidValueError),
    "KF_E_WRONG_SIZE": (-4, _errors.WrongSizeError),
    "KF_E_BUFFER_TOO_SMALL": (-5, _errors.BufferTooSmallError),
    "KF_E_EASING": (-6, _errors.EasingError),
    "KF_E_EMPTY_TRACK": (-7, _errors.EmptyTrackError),
    "KF_E_NOT_FOUND": (-8, _errors.NotFoundError),
    "KF_E_DUPLICATE": (-9, _errors.DuplicateTrackError),
    "KF_E_INVALID_NAME": (-10, _errors.InvalidNameError),
    "KF_E_OUT_OF_RANGE": (-11, _errors.OutOfRangeError),
    "KF_E_KIND_MISMATCH": (-12, _errors.KindMismatchError),
    "KF_E_STALE": (-13, _errors.StaleError),
    "KF_E_INVALID_STATE": (-14, _errors.InvalidStateError),
    "KF_E_FORMAT": (-15, _errors.FormatError),
}
_EXCEPTIONS = {value: cls for value, cls in STATUS_CODES.values() if cls is not None}

Function = namedtuple("Function", "name restype argtypes")

# Pointers to double arrays travel as raw addresses (c_void_p): building a
# ctypes pointer object per call costs microseconds.
_doubles = c_void_p
_size_out = POINTER(c_size_t)

class TrackOptions(ctypes.Structure):
    """`kf_track_options`."""

    _fields_ = [
        ("version", c_uint32),
        ("kind", c_char_p),
        ("channels", c_size_t),
        ("color_space", c_char_p),
        ("premultiplied", c_int32),
        ("before", c_int32),
        ("after", c_int32),
        # Version 2.
        ("relative_to", c_char_p),
        ("constant", c_double),
    ]


class KeyframeOptions(ctypes.Structure):
    """`kf_keyframe_options`."""

    _fields_ = [
        ("version", c_uint32),
        ("easing", c_char_p),
        ("interpolation", c_int32),
        ("tension", c_double),
        ("continuity", c_double),
        ("bias", c_double),
        ("left_handle", c_void_p),
        ("right_handle", c_void_p),
        ("handle_count", c_size_t),
    ]


class PageChangeStruct(ctypes.Structure):
    """`kf_page_change`."""

    _fields_ = [("index", c_size_t), ("from_page", c_size_t), ("to_page", c_size_t)]


class ColumnInfo(ctypes.Structure):
    """`kf_column`."""

    _fields_ = [("start", c_size_t), ("channels", c_size_t), ("kind", c_char_p)]


class KindInfo(ctypes.Structure):
    """`kf_kind_info`."""

    _fields_ = [
        ("name", c_char_p),
        ("min_channels", c_size_t),
        ("max_channels", c_size_t),
        ("components", c_char_p),
        ("type_name", c_char_p),
        ("per_channel", c_int32),
    ]


class SpringParameters(ctypes.Structure):
    """`kf_spring`."""

    _fields_ = [("mass", c_double), ("stiffness", c_double), ("damping", c_double), ("velocity", c_double)]


class TimingOptions(ctypes.Structure):
    """`kf_timing_options`."""

    _fields_ = [
        ("version", c_uint32),
        ("delay", c_double),
        ("end_delay", c_double),
        ("duration", c_double),
        ("iterations", c_double),
        ("iteration_start", c_double),
        ("direction", c_int32),
        ("fill", c_int32),
        ("easing", c_char_p),
        ("autoreverses", c_int32),
        ("time_offset", c_double),
    ]


class ComputedTimingStruct(ctypes.Structure):
    """`kf_computed_timing`."""

    _fields_ = [
        ("version", c_uint32),
        ("phase", c_int32),
        ("local_time", c_double),
        ("iteration_duration", c_double),
        ("active_duration", c_double),
        ("end_time", c_double),
        ("active_time", c_double),
        ("overall_progress", c_double),
        ("simple_iteration_progress", c_double),
        ("current_iteration", c_double),
        ("directed_progress", c_double),
        ("transformed_progress", c_double),
    ]


class StaggerOptions(ctypes.Structure):
    """`kf_stagger_options`."""

    _fields_ = [
        ("version", c_uint32),
        ("each", c_double),
        ("amount", c_double),
        ("origin", c_int32),
        ("origin_index", c_int64),
        ("origin_x", c_double),
        ("origin_y", c_double),
        ("seed", c_uint64),
        ("grid_rows", c_int32),
        ("grid_columns", c_int32),
        ("axis", c_int32),
        ("ease", c_char_p),
        ("max_count", c_int64),
    ]


class EventStruct(ctypes.Structure):
    """`kf_event`."""

    _fields_ = [("kind", c_int32), ("clock_time", c_double), ("iteration", c_double)]


class LottieInfo(ctypes.Structure):
    """`kf_lottie_info`."""

    _fields_ = [
        ("frame_rate", c_double),
        ("in_point", c_double),
        ("out_point", c_double),
        ("width", c_double),
        ("height", c_double),
        ("seconds", c_int32),
        ("row_width", c_size_t),
        ("layers", c_size_t),
        ("columns", c_size_t),
        ("statics", c_size_t),
        ("warnings", c_size_t),
    ]


class DrawOpStruct(ctypes.Structure):
    """`kf_draw_op`."""

    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("mode", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("cap", ctypes.c_uint32),
        ("join", ctypes.c_uint32),
        ("dash_count", ctypes.c_uint32),
        ("dash_start", ctypes.c_uint32),
        ("verb_count", ctypes.c_uint32),
        ("verb_start", ctypes.c_uint32),
        ("point_start", ctypes.c_uint32),
        ("paint", ctypes.c_uint32),
        ("stop_count", ctypes.c_uint32),
        ("stop_start", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
        ("matrix", c_double * 6),
        ("color", c_double * 4),
        ("opacity", c_double),
        ("width", c_double),
        ("miter_limit", c_double),
        ("dash_offset", c_double),
        ("rect", c_double * 4),
        ("gradient", c_double * 6),
    ]


class DisplayListView(ctypes.Structure):
    """`kf_display_list_view`."""

    _fields_ = [
        ("version", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
        ("width", c_double),
        ("height", c_double),
        ("frame", c_double),
        ("ops", POINTER(DrawOpStruct)),
        ("op_count", c_size_t),
        ("verbs", POINTER(ctypes.c_uint8)),
        ("verb_count", c_size_t),
        ("points", POINTER(c_double)),
        ("point_count", c_size_t),
        ("dashes", POINTER(c_double)),
        ("dash_count", c_size_t),
        ("stops", POINTER(c_double)),
        ("stop_count", c_size_t),
    ]


class LottieImageInfo(ctypes.Structure):
    """`kf_lottie_image_info`."""

    _fields_ = [
        ("width", c_double),
        ("height", c_double),
        ("data_size", c_size_t),
        ("path_length", c_size_t),
    ]


class PlayerStateStruct(ctypes.Structure):
    """`kf_player_state`."""

    _fields_ = [
        ("version", c_uint32),
        ("play_state", c_int32),
        ("clock_time", c_double),
        ("current_time", c_double),
        ("playback_rate", c_double),
        ("fraction_complete", c_double),
        ("pauses_on_completion", c_int32),
        ("scrubs_linearly", c_int32),
    ]


#: KF_PLAYER_STATE_VERSION.
PLAYER_STATE_VERSION = 1
#: The options structs' versions (KF_*_OPTIONS_VERSION).
TRACK_OPTIONS_VERSION = 2
KEYFRAME_OPTIONS_VERSION = 1
TIMING_OPTIONS_VERSION = 1
#: KF_COMPUTED_TIMING_VERSION.
COMPUTED_TIMING_VERSION = 1
#: KF_DURATION_AUTO: the duration that means "auto".
DURATION_AUTO = float("-inf")
#: KF_EXTRAPOLATION_UNCHANGED.
EXTRAPOLATION_UNCHANGED = -1


#: The choreography enums with kf_*_name and kf_*_from_name.
_CHOREOGRAPHY_ENUMS = (
    "composite",
    "node_kind",
    "stagger_from",
    "stagger_axis",
    "stagger_preset",
    "calculation_mode",
    "play_state",
    "event_kind",
    "stop_position",
)

SIGNATURES = (
    Function("kf_version_number", c_int32, ()),
    Function("kf_version_string", c_char_p, ()),
    Function("kf_status_string", c_char_p, (c_int32,)),
    Function("kf_last_error", c_char_p, ()),
    Function("kf_thread_count", c_size_t, ()),
    Function("kf_set_thread_count", None, (c_size_t,)),
    Function("kf_kernel_level", c_char_p, ()),
    Function("kf_set_kernel_level", Status, (c_char_p,)),
    Function("kf_kernel_level_supported", c_int32, (c_char_p,)),
    Function("kf_interpolation_name", c_char_p, (c_int32,)),
    Function("kf_extrapolation_name", c_char_p, (c_int32,)),
    Function("kf_interpolation_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_extrapolation_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_kind_count", c_size_t, ()),
    Function("kf_kind_get", Status, (c_size_t, POINTER(KindInfo))),
    Function("kf_property_info", Status, (c_char_p, POINTER(c_char_p), POINTER(c_double), POINTER(c_double))),
    # Animators.
    Function("kf_animator_create", Status, (POINTER(AnimatorHandle),)),
    Function("kf_animator_copy", Status, (AnimatorHandle, POINTER(AnimatorHandle))),
    Function("kf_animator_release", None, (AnimatorHandle,)),
    Function("kf_track_options_init", Status, (POINTER(TrackOptions),)),
    Function(
        "kf_animator_add_track",
        Status,
        (AnimatorHandle, c_char_p, c_char_p, POINTER(TrackOptions), POINTER(TrackHandle)),
    ),
    Function(
        "kf_animator_add_tracks",
        Status,
        (
            AnimatorHandle,
            POINTER(c_char_p),
            POINTER(c_char_p),
            c_size_t,
            POINTER(TrackOptions),
            c_size_t,
            _doubles,
            c_size_t,
            _doubles,
            c_size_t,
        ),
    ),
    Function("kf_animator_get_track", Status, (AnimatorHandle, c_char_p, c_char_p, POINTER(TrackHandle))),
    Function("kf_animator_track_at", Status, (AnimatorHandle, c_size_t, POINTER(TrackHandle))),
    Function("kf_animator_remove_track", Status, (AnimatorHandle, c_char_p, c_char_p)),
    Function("kf_animator_track_count", Status, (AnimatorHandle, _size_out)),
    Function("kf_animator_generation", Status, (AnimatorHandle, POINTER(c_uint64))),
    Function(
        "kf_animator_get_layout",
        Status,
        (AnimatorHandle, c_void_p, c_size_t, c_void_p, c_size_t, _size_out, _size_out, POINTER(c_uint64)),
    ),
    Function(
        "kf_animator_sample_many",
        Status,
        (AnimatorHandle, _doubles, c_size_t, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    Function(
        "kf_animator_sample_columns",
        Status,
        (AnimatorHandle, _doubles, c_size_t, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    Function("kf_animator_transform_many", Status, (AnimatorHandle, c_char_p, _doubles, c_size_t, _doubles, c_size_t)),
    # Tracks.
    Function("kf_track_release", None, (TrackHandle,)),
    Function("kf_track_target", c_char_p, (TrackHandle,)),
    Function("kf_track_property", c_char_p, (TrackHandle,)),
    Function("kf_track_get_options", Status, (TrackHandle, POINTER(TrackOptions))),
    Function("kf_track_set_extrapolation", Status, (TrackHandle, c_int32, c_int32)),
    Function("kf_keyframe_options_init", Status, (POINTER(KeyframeOptions),)),
    Function("kf_track_set_keyframe", Status, (TrackHandle, c_double, _doubles, c_size_t, c_void_p)),
    Function(
        "kf_track_set_keyframes",
        Status,
        (TrackHandle, _doubles, c_size_t, _doubles, c_size_t, c_void_p, c_size_t),
    ),
    Function("kf_track_remove_keyframe", Status, (TrackHandle, c_double)),
    Function("kf_track_keyframe_count", Status, (TrackHandle, _size_out)),
    Function("kf_track_find_keyframe", Status, (TrackHandle, c_double, _size_out)),
    Function("kf_track_generation", Status, (TrackHandle, POINTER(c_uint64))),
    Function(
        "kf_track_get_keyframes",
        Status,
        (TrackHandle, _doubles, _doubles, c_void_p, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    Function(
        "kf_track_get_style",
        Status,
        (
            TrackHandle,
            c_uint32,
            c_uint64,
            POINTER(KeyframeOptions),
            c_void_p,
            c_size_t,
            _size_out,
            _doubles,
            _doubles,
            c_size_t,
            POINTER(c_int32),
        ),
    ),
    Function("kf_track_sample", Status, (TrackHandle, c_double, _doubles, c_size_t)),
    Function("kf_track_value", c_double, (TrackHandle, c_double)),
    Function("kf_track_sample_many", Status, (TrackHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function("kf_track_velocity", Status, (TrackHandle, c_double, _doubles, c_size_t)),
    Function("kf_track_velocity_many", Status, (TrackHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function("kf_track_hide_at", Status, (TrackHandle, c_double)),
    Function("kf_track_show_at", Status, (TrackHandle, c_double)),
    # Variables.
    Function("kf_animator_set_variable", Status, (AnimatorHandle, c_char_p, c_double)),
    Function("kf_animator_get_variable", Status, (AnimatorHandle, c_char_p, POINTER(c_double))),
    Function("kf_animator_remove_variable", Status, (AnimatorHandle, c_char_p)),
    Function("kf_animator_variable_count", Status, (AnimatorHandle, _size_out)),
    Function(
        "kf_animator_list_variables",
        Status,
        (AnimatorHandle, c_void_p, c_size_t, _doubles, c_size_t, _size_out, _size_out),
    ),
    # Paging.
    Function("kf_page_attribute_name", c_char_p, (c_int32,)),
    Function("kf_page_attribute_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_paging_create", Status, (AnimatorHandle, c_size_t, c_double, c_char_p, POINTER(PagingHandle))),
    Function("kf_paging_release", None, (PagingHandle,)),
    Function("kf_paging_set_page_width", Status, (PagingHandle, c_double)),
    Function("kf_paging_page_width", Status, (PagingHandle, POINTER(c_double))),
    Function("kf_paging_page_count", Status, (PagingHandle, _size_out)),
    Function("kf_paging_content_width", Status, (PagingHandle, POINTER(c_double))),
    Function("kf_paging_page_offset", Status, (PagingHandle, c_double, POINTER(c_double))),
    Function("kf_paging_current_page", Status, (PagingHandle, c_double, _size_out)),
    Function(
        "kf_paging_keep",
        Status,
        (PagingHandle, c_char_p, c_int32, _doubles, _doubles, c_size_t, c_double, _doubles, POINTER(TrackHandle)),
    ),
    Function("kf_paging_unkeep", Status, (PagingHandle, c_char_p)),
    Function("kf_paging_kept_count", Status, (PagingHandle, _size_out)),
    Function("kf_paging_positions", Status, (PagingHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function("kf_page_tracker_create", Status, (PagingHandle, c_size_t, POINTER(PageTrackerHandle))),
    Function("kf_page_tracker_release", None, (PageTrackerHandle,)),
    Function("kf_page_tracker_page", Status, (PageTrackerHandle, _size_out)),
    Function(
        "kf_page_tracker_feed",
        Status,
        (PageTrackerHandle, _doubles, c_size_t, c_void_p, c_size_t, _size_out),
    ),
    # Easings and springs.
    Function("kf_easing_sample", Status, (c_char_p, _doubles, c_size_t, _doubles, _doubles, c_size_t)),
    Function("kf_easing_canonical", Status, (c_char_p, c_void_p, c_size_t, _size_out)),
    Function("kf_spring_from_duration_bounce", Status, (c_double, c_double, POINTER(SpringParameters))),
    Function("kf_spring_from_damping_ratio", Status, (c_double, c_double, POINTER(SpringParameters))),
    Function(
        "kf_spring_evaluate",
        Status,
        (POINTER(SpringParameters), _doubles, c_size_t, _doubles, _doubles, c_size_t),
    ),
    Function("kf_spring_settling_duration", Status, (POINTER(SpringParameters), POINTER(c_double))),
    # Timing.
    Function("kf_direction_name", c_char_p, (c_int32,)),
    Function("kf_fill_name", c_char_p, (c_int32,)),
    Function("kf_phase_name", c_char_p, (c_int32,)),
    Function("kf_animation_direction_name", c_char_p, (c_int32,)),
    Function("kf_direction_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_fill_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_phase_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_animation_direction_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_timing_options_init", Status, (POINTER(TimingOptions),)),
    Function("kf_timing_validate", Status, (POINTER(TimingOptions), POINTER(TimingOptions))),
    Function(
        "kf_timing_compute",
        Status,
        (POINTER(TimingOptions), c_double, c_double, c_int32, POINTER(ComputedTimingStruct)),
    ),
    Function(
        "kf_timing_progress_many",
        Status,
        (POINTER(TimingOptions), _doubles, c_size_t, c_double, c_int32, _doubles, _doubles, c_size_t),
    ),
    # Choreography.
    *(Function(f"kf_{e}_name", c_char_p, (c_int32,)) for e in _CHOREOGRAPHY_ENUMS),
    *(Function(f"kf_{e}_from_name", Status, (c_char_p, POINTER(c_int32))) for e in _CHOREOGRAPHY_ENUMS),
    Function("kf_clip_new", Status, (AnimatorHandle, _doubles, POINTER(TimingOptions), c_int32, POINTER(NodeHandle))),
    Function("kf_timeline_new", Status, (POINTER(TimingOptions), POINTER(NodeHandle))),
    Function("kf_timeline_add", Status, (NodeHandle, NodeHandle, c_char_p, POINTER(c_double))),
    Function("kf_timeline_add_label", Status, (NodeHandle, c_char_p, c_char_p, POINTER(c_double))),
    Function("kf_timeline_label_time", Status, (NodeHandle, c_char_p, POINTER(c_double))),
    Function("kf_timeline_child_count", Status, (NodeHandle, _size_out)),
    Function("kf_timeline_child_at", Status, (NodeHandle, c_size_t, POINTER(NodeHandle), POINTER(c_double))),
    Function("kf_stagger_options_init", Status, (POINTER(StaggerOptions),)),
    Function(
        "kf_stagger_new",
        Status,
        (NodeHandle, POINTER(c_char_p), c_size_t, POINTER(StaggerOptions), POINTER(TimingOptions), POINTER(NodeHandle)),
    ),
    Function("kf_stagger_preset_new", Status, (c_int32, POINTER(c_char_p), c_size_t, POINTER(NodeHandle))),
    Function("kf_stagger_preset_template", Status, (c_int32, POINTER(NodeHandle))),
    Function("kf_stagger_offsets", Status, (NodeHandle, _doubles, c_size_t, _size_out)),
    Function("kf_relative_keyframes_new", Status, (c_double, c_double, c_int32, POINTER(RelativeKeyframesHandle))),
    Function("kf_relative_keyframes_release", None, (RelativeKeyframesHandle,)),
    Function(
        "kf_relative_keyframes_set_start",
        Status,
        (RelativeKeyframesHandle, c_char_p, c_char_p, POINTER(TrackOptions), _doubles, c_size_t),
    ),
    Function(
        "kf_relative_keyframes_add_block",
        Status,
        (
            RelativeKeyframesHandle,
            c_double,
            c_double,
            POINTER(c_char_p),
            POINTER(c_char_p),
            _doubles,
            POINTER(c_size_t),
            c_size_t,
        ),
    ),
    Function("kf_relative_keyframes_make_clip", Status, (RelativeKeyframesHandle, POINTER(NodeHandle))),
    Function("kf_node_release", None, (NodeHandle,)),
    Function("kf_node_kind_of", Status, (NodeHandle, POINTER(c_int32))),
    Function("kf_node_set_timing", Status, (NodeHandle, POINTER(TimingOptions))),
    Function("kf_node_get_timing", Status, (NodeHandle, POINTER(TimingOptions))),
    Function("kf_node_durations", Status, (NodeHandle, POINTER(c_double), POINTER(c_double), POINTER(c_double))),
    Function("kf_node_compute", Status, (NodeHandle, c_double, c_int32, POINTER(ComputedTimingStruct))),
    Function(
        "kf_node_get_layout",
        Status,
        (NodeHandle, c_void_p, c_size_t, c_void_p, c_size_t, _size_out, _size_out, _size_out, POINTER(c_uint64)),
    ),
    Function(
        "kf_node_sample_many",
        Status,
        (NodeHandle, _doubles, c_size_t, c_int32, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    Function(
        "kf_node_sample_columns",
        Status,
        (NodeHandle, _doubles, c_size_t, c_int32, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    Function("kf_player_new", Status, (NodeHandle, c_char_p, POINTER(PlayerHandle))),
    Function("kf_player_release", None, (PlayerHandle,)),
    Function("kf_player_tick", Status, (PlayerHandle, c_double, c_void_p, c_size_t, _size_out, POINTER(c_int32))),
    Function("kf_player_advance", Status, (PlayerHandle, c_double, c_void_p, c_size_t, _size_out, POINTER(c_int32))),
    Function(
        "kf_player_advance_frame",
        Status,
        (PlayerHandle, c_double, _doubles, c_size_t, _size_out, c_void_p, c_size_t, _size_out, POINTER(c_int32)),
    ),
    *(Function(f"kf_player_{c}", Status, (PlayerHandle,)) for c in ("play", "pause", "reverse", "finish", "cancel")),
    Function("kf_player_set_current_time", Status, (PlayerHandle, c_double)),
    Function("kf_player_set_start_time", Status, (PlayerHandle, c_double)),
    Function("kf_player_get_start_time", Status, (PlayerHandle, _doubles)),
    Function("kf_player_set_playback_rate", Status, (PlayerHandle, c_double)),
    Function("kf_player_set_fraction_complete", Status, (PlayerHandle, c_double)),
    Function("kf_player_set_reversed", Status, (PlayerHandle, c_int32)),
    Function("kf_player_set_pauses_on_completion", Status, (PlayerHandle, c_int32)),
    Function("kf_player_set_scrubs_linearly", Status, (PlayerHandle, c_int32)),
    Function("kf_player_continue", Status, (PlayerHandle, c_char_p, c_double)),
    Function("kf_player_stop", Status, (PlayerHandle, c_int32)),
    Function("kf_player_get_state", Status, (PlayerHandle, POINTER(PlayerStateStruct))),
    Function("kf_player_local_times", Status, (PlayerHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function(
        "kf_player_sample_many",
        Status,
        (PlayerHandle, _doubles, c_size_t, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
    # Value helpers.
    Function("kf_color_parse", Status, (c_char_p, _doubles)),
    Function("kf_color_to_space", Status, (c_char_p, _doubles, c_size_t, _doubles)),
    Function("kf_color_from_space", Status, (c_char_p, _doubles, c_size_t, _doubles)),
    Function("kf_color_gamut_map", Status, (_doubles, c_size_t, _doubles)),
    Function("kf_transform_make", Status, (c_double, c_double, c_double, c_double, c_double, _doubles)),
    Function("kf_transform3d_make", Status, (_doubles, _doubles, _doubles, c_double, _doubles)),
    # Paths.
    Function("kf_rotate_name", c_char_p, (c_int32,)),
    Function("kf_rotate_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function("kf_path_parse", Status, (c_char_p, POINTER(PathHandle), _size_out)),
    Function("kf_path_from_points", Status, (_doubles, _doubles, _doubles, c_size_t, POINTER(PathHandle))),
    Function("kf_path_release", None, (PathHandle,)),
    Function("kf_path_length", Status, (PathHandle, POINTER(c_double))),
    Function("kf_path_is_closed", Status, (PathHandle, POINTER(c_int32))),
    Function("kf_path_bounds", Status, (PathHandle, _doubles)),
    Function(
        "kf_path_point_many",
        Status,
        (PathHandle, _doubles, c_size_t, c_int32, c_double, _doubles, _doubles, c_size_t),
    ),
    Function("kf_path_data", Status, (PathHandle, c_void_p, c_size_t, _size_out)),
    Function("kf_path_trim", Status, (PathHandle, c_double, c_double, c_void_p, c_size_t, _size_out)),
    Function("kf_path_trim_points", Status, (PathHandle, c_double, c_double, c_size_t, _doubles, c_size_t)),
    # Masks.
    Function("kf_mask_name", c_char_p, (c_int32,)),
    Function("kf_mask_from_name", Status, (c_char_p, POINTER(c_int32))),
    Function(
        "kf_mask_geometry_many",
        Status,
        (c_int32, c_double, c_double, _doubles, c_size_t, _doubles, _doubles, c_size_t),
    ),
    # Lottie import.
    Function("kf_lottie_import", Status, (c_char_p, c_size_t, c_int32, POINTER(LottieHandle))),
    Function("kf_lottie_release", None, (LottieHandle,)),
    Function("kf_lottie_timeline", Status, (LottieHandle, POINTER(NodeHandle))),
    # The import's numbers (0.3.1).
    Function("kf_lottie_get_info", Status, (LottieHandle, POINTER(LottieInfo))),
    Function("kf_lottie_describe", Status, (LottieHandle, c_void_p, c_size_t, _size_out)),
    Function("kf_lottie_sample_many", Status, (LottieHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function("kf_lottie_sample_columns", Status, (LottieHandle, _doubles, c_size_t, _doubles, c_size_t)),
    Function(
        "kf_lottie_sample_transforms", Status, (LottieHandle, _doubles, c_size_t, c_int32, _doubles, c_size_t)
    ),
    # Playing a file: display lists and image assets (0.3.2).
    Function("kf_display_list_create", Status, (POINTER(DisplayListHandle),)),
    Function("kf_display_list_release", None, (DisplayListHandle,)),
    Function("kf_lottie_draw", Status, (LottieHandle, c_double, DisplayListHandle)),
    Function("kf_display_list_get", Status, (DisplayListHandle, POINTER(DisplayListView))),
    Function("kf_lottie_image_count", Status, (LottieHandle, _size_out)),
    Function("kf_lottie_image_info_get", Status, (LottieHandle, c_size_t, POINTER(LottieImageInfo))),
    Function("kf_lottie_image_data", Status, (LottieHandle, c_size_t, c_void_p, c_size_t, _size_out)),
    Function("kf_lottie_image_path", Status, (LottieHandle, c_size_t, c_void_p, c_size_t, _size_out)),
    # Markers (0.3.3).
    Function("kf_lottie_marker_count", Status, (LottieHandle, _size_out)),
    Function(
        "kf_lottie_marker_get",
        Status,
        (LottieHandle, c_size_t, POINTER(c_double), POINTER(c_double), c_void_p, c_size_t, _size_out),
    ),
    # Drawing frames into pixels (0.3.4).
    Function("kf_raster_create", Status, (POINTER(RasterHandle),)),
    Function("kf_raster_release", None, (RasterHandle,)),
    Function(
        "kf_raster_set_image", Status, (RasterHandle, c_size_t, c_void_p, c_size_t, c_uint32, c_uint32, c_size_t)
    ),
    Function(
        "kf_raster_draw",
        Status,
        (
            RasterHandle, DisplayListHandle, POINTER(c_double), POINTER(c_double), c_uint32, c_void_p, c_size_t,
            c_uint32, c_uint32, c_size_t,
        ),
    ),
    Function(
        "kf_lottie_render",
        Status,
        (
            LottieHandle, c_double, RasterHandle, POINTER(c_double), POINTER(c_double), c_uint32, c_void_p,
            c_size_t, c_uint32, c_uint32, c_size_t,
        ),
    ),


    # Scenes.
    Function("kf_scene_new", Status, (POINTER(SceneHandle),)),
    Function("kf_scene_load", Status, (c_char_p, c_size_t, POINTER(SceneHandle), POINTER(SceneLocation))),
    Function("kf_scene_load_file", Status, (c_char_p, POINTER(SceneHandle), POINTER(SceneLocation))),
    Function("kf_scene_save", Status, (SceneHandle, c_void_p, c_size_t, _size_out)),
    Function("kf_scene_save_file", Status, (SceneHandle, c_char_p)),
    Function("kf_scene_add_animator", Status, (SceneHandle, AnimatorHandle, c_char_p)),
    Function("kf_scene_add_node", Status, (SceneHandle, NodeHandle, c_char_p)),
    Function("kf_scene_add_paging", Status, (SceneHandle, PagingHandle, c_char_p)),
    Function("kf_scene_add_path", Status, (SceneHandle, PathHandle, c_char_p)),
    Function("kf_scene_add_mask", Status, (SceneHandle, c_int32, c_double, c_double, c_char_p)),
    Function("kf_scene_count", Status, (SceneHandle, c_int32, _size_out)),
    Function("kf_scene_find", Status, (SceneHandle, c_int32, c_char_p, _size_out)),
    Function("kf_scene_name", Status, (SceneHandle, c_int32, c_size_t, c_void_p, c_size_t, _size_out)),
    Function("kf_scene_animator_at", Status, (SceneHandle, c_size_t, POINTER(AnimatorHandle))),
    Function("kf_scene_node_at", Status, (SceneHandle, c_size_t, POINTER(NodeHandle))),
    Function("kf_scene_paging_at", Status, (SceneHandle, c_size_t, POINTER(PagingHandle))),
    Function("kf_scene_path_at", Status, (SceneHandle, c_size_t, POINTER(PathHandle))),
    Function(
        "kf_scene_mask_at", Status, (SceneHandle, c_size_t, POINTER(c_int32), POINTER(c_double), POINTER(c_double))
    ),
    Function("kf_scene_release", None, (SceneHandle,)),
    Function("kf_paging_animator", Status, (PagingHandle, POINTER(AnimatorHandle))),
    Function("kf_paging_kept_target", Status, (PagingHandle, c_size_t, c_void_p, c_size_t, _size_out)),
    # Scene stages (0.3.0).
    Function("kf_scene_add_stage", Status, (SceneHandle, c_char_p, c_size_t, POINTER(SceneLocation))),
    Function("kf_scene_stage_at", Status, (SceneHandle, c_size_t, c_void_p, c_size_t, _size_out)),
    # One frame of an animator (0.3.0).
    Function(
        "kf_animator_sample_frame",
        Status,
        (AnimatorHandle, c_double, c_uint64, _doubles, c_size_t, _size_out, POINTER(c_uint64)),
    ),
)


def library_path() -> Path:
    """$RAZZLE_LIBRARY if set, else the library inside this package."""
    override = os.environ.get(LIBRARY_ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / LIBRARY_NAME


def _load() -> Tuple[ctypes.CDLL, Path]:
    path = library_path()
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as error:
        raise ImportError(
            f"razzle: cannot load {path} ({error}). Install the package with "
            f"`pip install ./bindings/python` from a razzle checkout, or point "
            f"${LIBRARY_ENV} at a built libkeyframe.so (`make build`)."
        ) from None
    try:
        version = lib.kf_version_number
    except AttributeError:
        raise ImportError(f"razzle: {path} is not libkeyframe (no kf_version_number)") from None
    version.restype, version.argtypes = c_int32, ()
    found = version()
    same_series = found // 10000 == VERSION_NUMBER // 10000 and (
        VERSION_NUMBER >= 10000 or found // 100 == VERSION_NUMBER // 100
    )
    if not same_series or found < VERSION_NUMBER:
        raise ImportError(
            f"razzle: {path} is libkeyframe {found}, this package needs a "
            f"library of the {VERSION_NUMBER // 10000}.{VERSION_NUMBER // 100 % 100} series >= {VERSION_NUMBER}. Rebuild and "
            f"reinstall with `pip install ./bindings/python`."
        )
    for function in SIGNATURES:
        fn = getattr(lib, function.name)
        fn.argtypes = function.argtypes
        if function.restype is Status:
            fn.restype = c_int32
            fn.errcheck = _check
        else:
            fn.restype = function.restype
    return lib, path


def unchecked(name: str) -> Any:
    """A second binding of `name` with the table's signature but no errcheck,
    for hot paths that test the status themselves (saves ~150 ns a call)."""
    function = next(f for f in SIGNATURES if f.name == name)
    fn = lib[name]
    fn.argtypes = function.argtypes
    fn.restype = c_int32 if function.restype is Status else function.restype
    return fn


def raw(name: str) -> Any:
    """A third binding of `name` with the table's result type and NO argument
    types, for the hottest paths: ctypes then converts nothing (about 1 us
    saved on five arguments), so every argument must already be a ctypes
    object of the right C type (c_void_p, c_size_t, c_int32, c_double, a
    handle) or None for NULL — a Python int would go as a C int."""
    function = next(f for f in SIGNATURES if f.name == name)
    fn = ctypes.CDLL(lib._name)[name]
    fn.restype = c_int32 if function.restype is Status else function.restype
    return fn


def _is_handle(argtype: Any) -> bool:
    """Whether `argtype` is a handle: a pointer to one of the opaque
    structures above (no fields)."""
    return (
        isinstance(argtype, type)
        and issubclass(argtype, ctypes._Pointer)
        and issubclass(argtype._type_, ctypes.Structure)
        and not hasattr(argtype._type_, "_fields_")
    )


def by_address(name: str) -> Any:
    """A fourth binding of `name` with the table's signature, except that
    each handle parameter is a `c_void_p`, passed as the handle's address (a
    Python int, 0 for NULL; `address_of`) and no errcheck. A typed handle
    goes through its pointer type's conversion on every call, about 110 ns
    on this machine, a quarter of `kf_track_value`'s whole call; an int
    through `c_void_p` costs a few. The library checks every handle it is
    given (slot, generation, type), so the Python type adds no safety. For
    the single-value hot path."""
    function = next(f for f in SIGNATURES if f.name == name)
    fn = ctypes.CDLL(lib._name)[name]
    fn.argtypes = tuple(c_void_p if _is_handle(argtype) else argtype for argtype in function.argtypes)
    fn.restype = c_int32 if function.restype is Status else function.restype
    return fn


def address_of(handle: Any) -> int:
    """The address a typed handle holds, for `by_address` bindings (0 for
    None or NULL). The handles point to opaque, empty structures, so
    `contents` reads nothing; about 70 ns, a tenth of `ctypes.cast`."""
    return ctypes.addressof(handle.contents) if handle else 0


def _check(result: int, function: Any, arguments: Any) -> int:
    if result < 0:
        raise error(result)
    return result


def error(status: int) -> _errors.RazzleError:
    """The exception for `status`, carrying this thread's last error message."""
    message = lib.kf_last_error().decode("utf-8", "replace")
    cls = _EXCEPTIONS.get(status, _errors.RazzleError)
    return cls(message or lib.kf_status_string(status).decode(), status)


lib, path = _load()
