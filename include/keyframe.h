/*
 * keyframe.h — the C API of razzle's keyframe engine (libkeyframe.so).
 *
 * This header is the authoritative reference of the ABI: every exported
 * function is declared here, and tests check the library's exported symbols
 * and the Python binding's signature table against it.
 *
 * Model
 *   An animator holds tracks, at most one per (target, property). A track
 *   holds keyframes sorted by time; each keyframe has a value of the track's
 *   channel count (1 for a scalar) and an easing for the segment that starts
 *   at it. Sampling a track at time t gives: before the first keyframe the
 *   first value; at or after the last keyframe the last value; in between,
 *   p = (t - t_i) / (t_{i+1} - t_i), e = easing_i(p),
 *   value = v_i + (v_{i+1} - v_i) * e. "Time" is any number: seconds, a
 *   scroll offset, a gesture's progress.
 *
 * Conventions
 *   - Functions return a kf_status: KF_OK (0) or a negative error code. On an
 *     error, kf_last_error() describes it, and no object and no output
 *     argument has been changed: functions validate everything first.
 *   - Handles (kf_animator *, kf_track *) are opaque. Every handle returned
 *     through an out-parameter is the caller's own reference and must be
 *     released with the matching kf_*_release. A released, never-issued or
 *     wrong-type handle is detected and rejected with KF_E_INVALID_HANDLE
 *     rather than crashing (handles are looked up in a table with generation
 *     counts; they are not raw pointers).
 *   - Values are arrays of double, `channels` per value.
 *   - Times and values must be finite where they are stored; a NaN sample
 *     time yields NaN values. +-inf gives the end values under the default
 *     "hold" extrapolation (and under "linear" on a flat end), +-inf under
 *     "linear" otherwise, and NaN under the cycling extrapolations, which
 *     have no limit.
 *   - Strings are NUL-terminated UTF-8.
 *   - Thread safety: every function may be called from any thread at any
 *     time. Samplers run in parallel; a mutation is atomic for samplers
 *     (they see a track before or after it, never in between).
 *
 * Versioning
 *   KF_VERSION_NUMBER is MAJOR * 10000 + MINOR * 100 + PATCH. Libraries with
 *   the same major version are ABI compatible. Status codes are pinned: a
 *   code's number and meaning never change, and retired codes are not reused.
 */
#ifndef KEYFRAME_H
#define KEYFRAME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KF_VERSION_MAJOR 0
#define KF_VERSION_MINOR 1
#define KF_VERSION_PATCH 0
#define KF_VERSION_NUMBER (KF_VERSION_MAJOR * 10000 + KF_VERSION_MINOR * 100 + KF_VERSION_PATCH)
#define KF_VERSION_STRING "0.1.0"

/* True when the header is at least version MAJOR.MINOR.PATCH. */
#define KF_AT_LEAST_VERSION(major, minor, patch) \
  (KF_VERSION_NUMBER >= ((major) * 10000 + (minor) * 100 + (patch)))

/* ---------------------------------------------------------------------------
 * Status codes. X(name, value, description) — pinned forever.
 */
#define KF_STATUS_MAP(X)                                                                   \
  X(KF_OK, 0, "success")                                                                   \
  X(KF_E_NULL, -1, "a required pointer argument is NULL")                                  \
  X(KF_E_INVALID_HANDLE, -2, "the handle is released, was never issued, or has the wrong type") \
  X(KF_E_INVALID_VALUE, -3, "a number is NaN or infinite, or outside the property's range") \
  X(KF_E_WRONG_SIZE, -4, "a value has the wrong number of channels for the track")         \
  X(KF_E_BUFFER_TOO_SMALL, -5, "an output buffer is too small for the result")             \
  X(KF_E_EASING, -6, "the easing specification could not be parsed")                       \
  X(KF_E_EMPTY_TRACK, -7, "the track has no keyframes")                                    \
  X(KF_E_NOT_FOUND, -8, "no keyframe or track matches the key")                            \
  X(KF_E_DUPLICATE, -9, "a track for this target and property exists already")             \
  X(KF_E_INVALID_NAME, -10, "a name is empty or not valid UTF-8")                          \
  X(KF_E_OUT_OF_RANGE, -11, "an index is past the end")                                   \
  X(KF_E_KIND_MISMATCH, -12, "the value kind does not fit the property or the operation")

typedef int32_t kf_status;

enum {
#define KF_STATUS_ENUM_(name, value, description) name = value,
  KF_STATUS_MAP(KF_STATUS_ENUM_)
#undef KF_STATUS_ENUM_
};

/* ---------------------------------------------------------------------------
 * Opaque handles.
 */
typedef struct kf_animator kf_animator;
typedef struct kf_track kf_track;

/* ---------------------------------------------------------------------------
 * Version and errors.
 */

/* The library's KF_VERSION_NUMBER. Compare with the header's to detect a
 * mismatched library at run time. */
int32_t kf_version_number(void);

/* The library's version as "MAJOR.MINOR.PATCH". Static; never NULL. */
const char *kf_version_string(void);

/* A static description of `status`; never NULL ("unknown status" for a code
 * this library does not define). */
const char *kf_status_string(kf_status status);

/* The message of the last error on the calling thread; "" if none yet.
 * Never NULL. Owned by the library; valid until the next kf_* call on the
 * same thread. Successful calls do not clear it. */
const char *kf_last_error(void);

/* The number of threads a large batch (kf_track_sample_many and friends,
 * kf_animator_sample_many) is split across. A batch of at least 2 * 65536
 * items is cut into contiguous chunks of at least 65536, one per thread;
 * smaller batches run on the caller's thread. Results are identical for any
 * thread count. The default is $RAZZLE_THREADS if set when the library
 * first needs it, else the number of online processors. */
size_t kf_thread_count(void);

/* Sets the thread count for large batches; 0 restores the default. */
void kf_set_thread_count(size_t count);

/* ---------------------------------------------------------------------------
 * Animators.
 */

/* Creates an empty animator in *out_animator.
 * Errors: KF_E_NULL if out_animator is NULL. */
kf_status kf_animator_create(kf_animator **out_animator);

/* Releases the caller's reference. Tracks obtained from the animator stay
 * valid until they are released themselves. NULL, or an already released
 * handle, is a no-op. */
void kf_animator_release(kf_animator *animator);

/* Creates an empty track for `property` of `target` in the animator and
 * returns a new reference to it in *out_track. The property name selects the
 * kind and the validation rule (see kf_animator_add_track_kind): "alpha",
 * "strokeStart", "strokeEnd", "pathPosition" are scalars in [0, 1]; "scale"
 * and "cornerRadius" scalars >= 0; "backgroundColor" a color, "frame" a
 * rect, "hidden" a bool, and so on; any other name is a scalar (1 channel)
 * taking any finite number.
 * `target` may be "" but not NULL; `property` must not be empty.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_DUPLICATE if the animator has a track for the pair already. */
kf_status kf_animator_add_track(kf_animator *animator, const char *target, const char *property,
                                kf_track **out_track);

/* Returns a new reference to the track for (target, property) in *out_track.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND. */
kf_status kf_animator_get_track(kf_animator *animator, const char *target, const char *property,
                                kf_track **out_track);

/* Returns a new reference to the index-th track, in the order tracks were
 * added, in *out_track.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE. */
kf_status kf_animator_track_at(kf_animator *animator, size_t index, kf_track **out_track);

/* Removes the track for (target, property) from the animator. Handles to it
 * stay valid; the track just no longer belongs to the animator.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND. */
kf_status kf_animator_remove_track(kf_animator *animator, const char *target, const char *property);

/* The number of tracks in *out_count.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_animator_track_count(const kf_animator *animator, size_t *out_count);

/* Like kf_animator_add_track, with an explicit value kind:
 *   "scalar" (1 channel), "point" (2: x, y), "size" (2: width, height >= 0),
 *   "rect" (4: x, y, width, height; width, height >= 0), "vector" (`channels`
 *   independent numbers, 1...64), "color" (4: r, g, b, a; non-premultiplied
 *   sRGB-encoded as UIColor's getRed:green:blue:alpha:, alpha in [0, 1],
 *   components not clipped), "bool" (1: 0 or 1; the start value while eased
 *   progress is 0, then the end value), "transform" (6: a, b, c, d, tx, ty in
 *   CGAffineTransform order), "transform3d" (16: m11...m44 in CATransform3D
 *   order, which is CSS matrix3d()'s argument order).
 * `kind` NULL or "" means the property's own kind (with a color_space or
 * premultiplied given, that must be "color"; an unknown name becomes a
 * color track). Known property names
 * imply a kind, and a contradicting kind is KF_E_KIND_MISMATCH:
 *   scalar: alpha [0, 1], rotation (degrees), scale (>= 0), cornerRadius
 *   (>= 0), strokeStart, strokeEnd, pathPosition ([0, 1]),
 *   constraintConstant; color: backgroundColor, fillColor, strokeColor,
 *   textColor; point: translation, position; size: size; rect: frame;
 *   bool: hidden; transform: transform; transform3d: transform3d.
 * Any other name is a scalar unless a kind is given.
 * Color tracks blend in `color_space` (NULL = "srgb", UIKit's behaviour on
 * encoded components; or "linear-srgb", "oklab", "oklch", "hsl", the last
 * two along the shorter hue arc), alpha linearly, and premultiplied (as CSS
 * does) when `premultiplied` is non-zero. Transforms blend as CSS Transforms
 * Level 2 does (decompose, interpolate with quaternions, recompose; a 2D
 * transform as its equivalent 3D matrix). Kinds other than scalar, point,
 * size, rect and vector support only the "linear" and "hold" interpolations
 * and the "hold", "cycle" and "ping-pong" extrapolations.
 * Errors: as kf_animator_add_track, plus KF_E_KIND_MISMATCH (unknown or
 * contradicting kind, or color options for another kind), KF_E_WRONG_SIZE (vector channels out of range),
 * KF_E_INVALID_VALUE (unknown color space). */
kf_status kf_animator_add_track_kind(kf_animator *animator, const char *target,
                                     const char *property, const char *kind, size_t channels,
                                     const char *color_space, int32_t premultiplied,
                                     kf_track **out_track);

/* The animator's layout generation in *out_generation: it changes whenever
 * a track is added or removed, so a caller can tell whether a layout it
 * read (kf_animator_track_count, kf_animator_track_at, kf_track_channels)
 * still describes the columns of kf_animator_sample_many.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_animator_generation(const kf_animator *animator, uint64_t *out_generation);

/* Samples every track at each of `time_count` times into one row-major
 * matrix out_values (out_capacity doubles; needs time_count * columns): row
 * j holds the values at times[j]; the columns are the tracks' channels in
 * the order the tracks were added. *out_columns and *out_generation (either
 * may be NULL) receive the column count and the layout generation the
 * matrix follows. The call holds every track's read lock, so the matrix is
 * one consistent frame. Values equal kf_track_sample's bit for bit. Does
 * not keep the pointers.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL,
 * KF_E_EMPTY_TRACK (a track has no keyframes). Nothing is written on
 * error. */
kf_status kf_animator_sample_many(const kf_animator *animator, const double *times,
                                  size_t time_count, double *out_values, size_t out_capacity,
                                  size_t *out_columns, uint64_t *out_generation);

/* Composes the target's "scale" (scalar), "rotation" (scalar, degrees) and
 * "translation" (point) tracks at `time` into one affine transform
 * out_transform[0..5] = (a, b, c, d, tx, ty): scale first, then rotation,
 * then translation, applied to a point, whatever order the tracks were
 * added in; radians = degrees * pi / -180 (RazzleDazzle's sign). For scale
 * s, angle r (radians) and translation (x, y) that is
 * (s cos r, s sin r, -s sin r, s cos r, x, y), with exact zeros at multiples
 * of 90 degrees. A missing track contributes nothing.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_BUFFER_TOO_SMALL (capacity < 6), KF_E_EMPTY_TRACK,
 * KF_E_KIND_MISMATCH. */
kf_status kf_animator_transform(kf_animator *animator, const char *target, double time,
                                double *out_transform, size_t capacity);

/* ---------------------------------------------------------------------------
 * Tracks.
 */

/* Releases the caller's reference. NULL, or an already released handle, is
 * a no-op. */
void kf_track_release(kf_track *track);

/* The track's target name. The string is owned by the track and valid while
 * the caller holds the handle. Returns NULL for an invalid handle. */
const char *kf_track_target(const kf_track *track);

/* The track's property name; as kf_track_target. */
const char *kf_track_property(const kf_track *track);

/* Sets the keyframe at `time` to `value` (value_count doubles, which must
 * equal the track's channel count) with `easing` for the segment that
 * starts there. A keyframe already at `time` has its value and easing
 * replaced. `easing` NULL or "" means linear; otherwise a name such as
 * "easeInQuad" or "easeOutBack(2.5)" (see the README for the grammar).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (time or a
 * value channel not finite, outside the property's range, or a time so far
 * from a neighbouring keyframe that the gap overflows), KF_E_WRONG_SIZE,
 * KF_E_EASING, KF_E_INVALID_NAME (easing text not UTF-8). The track is
 * unchanged on error. */
kf_status kf_track_set_keyframe(kf_track *track, double time, const double *value,
                                size_t value_count, const char *easing);

/* Removes the keyframe at exactly `time`.
 * Errors: KF_E_INVALID_HANDLE, KF_E_NOT_FOUND. */
kf_status kf_track_remove_keyframe(kf_track *track, double time);

/* The number of keyframes in *out_count.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_track_keyframe_count(const kf_track *track, size_t *out_count);

/* The number of doubles per value in *out_channels.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_track_channels(const kf_track *track, size_t *out_channels);

/* Reads the index-th keyframe in time order: its time in *out_time and its
 * value in out_value (out_capacity doubles; needs the channel count).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_get_keyframe(const kf_track *track, size_t index, double *out_time,
                                double *out_value, size_t out_capacity);

/* Writes the index-th keyframe's easing, in canonical form (parsing it gives
 * the same easing), as a NUL-terminated string into out_text (capacity
 * bytes). *out_length (if not NULL) receives the length without the NUL,
 * also when the buffer is too small, so a caller can retry.
 * Errors: KF_E_NULL (out_text NULL with capacity > 0), KF_E_INVALID_HANDLE,
 * KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_get_easing(const kf_track *track, size_t index, char *out_text,
                              size_t capacity, size_t *out_length);

/* Samples the track at `time` into out_value (out_capacity doubles; needs
 * the channel count).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_EMPTY_TRACK,
 * KF_E_BUFFER_TOO_SMALL. Nothing is written on error. */
kf_status kf_track_sample(const kf_track *track, double time, double *out_value,
                          size_t out_capacity);

/* Samples the track at each of time_count times into out_values, channels
 * doubles per time, row by row (out_capacity doubles; needs time_count *
 * channels). Gives bit for bit what kf_track_sample gives per time. Does not
 * keep the pointers. `times` may be NULL when time_count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_EMPTY_TRACK,
 * KF_E_BUFFER_TOO_SMALL. Nothing is written on error. */
kf_status kf_track_sample_many(const kf_track *track, const double *times, size_t time_count,
                               double *out_values, size_t out_capacity);

/* Writes the track's kind name ("scalar", "point", ..., see
 * kf_animator_add_track_kind) into out_text, as kf_track_get_easing does.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_kind(const kf_track *track, char *out_text, size_t capacity);

/* Writes a color track's color space into out_text and whether it blends
 * premultiplied (1) or not (0) into *out_premultiplied (if not NULL).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL,
 * KF_E_KIND_MISMATCH (not a color track). */
kf_status kf_track_color_space(const kf_track *track, char *out_text, size_t capacity,
                               int32_t *out_premultiplied);

/* On a bool track ("hidden"): false (visible) up to and at `time`, true
 * (hidden) at every later time, as RazzleDazzle's hideAt but exact: the
 * second keyframe sits at the next double after `time`. Replaces keyframes
 * at those two times. Errors: KF_E_INVALID_HANDLE, KF_E_KIND_MISMATCH,
 * KF_E_INVALID_VALUE (non-finite time). */
kf_status kf_track_hide_at(kf_track *track, double time);

/* The opposite of kf_track_hide_at: hidden up to and at `time`, visible
 * after. */
kf_status kf_track_show_at(kf_track *track, double time);

/* ---------------------------------------------------------------------------
 * Interpolation, extrapolation and velocity.
 *
 * A keyframe's style shapes the segment that starts at it: the easing maps
 * linear progress p to eased progress e, and the interpolation maps e to a
 * value:
 *   "linear"    v_i + (v_{i+1} - v_i) * e (the default)
 *   "hold"      v_i until the next keyframe
 *   "bezier"    a cubic Bezier in (time, value) space through this
 *               keyframe's right handle and the next one's left handle
 *               (Blender F-curves); a missing handle lies a third of the way
 *               to the other keyframe. Handles that would make time run
 *               backwards are clamped into the segment and scaled as
 *               Blender's correct_bezpart does.
 *   "smooth"    cubic Hermite with Kochanek-Bartels tangents (Catmull-Rom
 *               for tension = continuity = bias = 0)
 *   "monotone"  cubic Hermite with Fritsch-Carlson tangents (as scipy's
 *               PchipInterpolator): never overshoots the keyframe values
 *   "paced"     constant speed along the values' polyline: a run of paced
 *               segments is retimed by arc length between its first and
 *               last keyframe times
 */

/* Sets the keyframe at `time` with a full style. `easing` as in
 * kf_track_set_keyframe; `interpolation` one of the names above (NULL or ""
 * is "linear"); `parameters` NULL or 3 doubles: tension, continuity, bias,
 * each in [-1, 1]; `left_handle` and `right_handle` NULL or handle_count
 * doubles each: the handle's time, then its value (channels doubles), so
 * handle_count must be 1 + channels when a handle is given.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (also for an
 * unknown interpolation name), KF_E_WRONG_SIZE, KF_E_EASING,
 * KF_E_INVALID_NAME, KF_E_KIND_MISMATCH (a curve interpolation on a color,
 * bool or transform track). The track is unchanged on error. */
kf_status kf_track_set_keyframe_styled(kf_track *track, double time, const double *value,
                                       size_t value_count, const char *easing,
                                       const char *interpolation, const double *parameters,
                                       const double *left_handle, const double *right_handle,
                                       size_t handle_count);

/* Writes the index-th keyframe's interpolation name into out_text (as
 * kf_track_get_easing) and, if out_parameters is not NULL, its tension,
 * continuity and bias into out_parameters[0..2].
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_get_interpolation(const kf_track *track, size_t index, char *out_text,
                                     size_t capacity, double *out_parameters);

/* Reads the index-th keyframe's Bezier handle, side 0 (left) or 1 (right),
 * into out_handle: its time, then its value (1 + channels doubles).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (bad side),
 * KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL, KF_E_NOT_FOUND (no such
 * handle). */
kf_status kf_track_get_handle(const kf_track *track, size_t index, int32_t side,
                              double *out_handle, size_t capacity);

/* Sets what the track does before its first keyframe (`before`) and after
 * its last (`after`): "hold" (the default: the end value), "linear" (the
 * end slope: the outer Bezier handle's if the end keyframe has one, else the
 * curve's one-sided derivative), "cycle", "cycle-offset" (each repeat
 * shifted by last minus first value) or "ping-pong". NULL keeps that side.
 * Errors: KF_E_INVALID_HANDLE, KF_E_INVALID_NAME (not UTF-8),
 * KF_E_INVALID_VALUE (unknown name), KF_E_KIND_MISMATCH ("linear" or
 * "cycle-offset" on a color, bool or transform track). Nothing changes on
 * error. */
kf_status kf_track_set_extrapolation(kf_track *track, const char *before, const char *after);

/* Writes the extrapolation of side 0 (before) or 1 (after) into out_text.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_get_extrapolation(const kf_track *track, int32_t side, char *out_text,
                                     size_t capacity);

/* d value / d time at `time` into out_value (needs channels doubles):
 * analytic for every easing and interpolation; at a keyframe or kink the
 * right-hand derivative (at the last keyframe, the extrapolation's: 0 for
 * "hold"); 0 on holds and on steps' plateaus; NaN at NaN; 0 with one
 * keyframe. Errors as kf_track_sample. */
kf_status kf_track_velocity(const kf_track *track, double time, double *out_value,
                            size_t out_capacity);

/* kf_track_velocity at each of time_count times, as kf_track_sample_many. */
kf_status kf_track_velocity_many(const kf_track *track, const double *times, size_t time_count,
                                 double *out_values, size_t out_capacity);

/* ---------------------------------------------------------------------------
 * Easings and springs as standalone curves.
 */

/* Evaluates the easing `spec` at each of `count` progress values: eased
 * progress into out_values and, if out_derivatives is not NULL, d eased /
 * d progress into out_derivatives (capacity doubles each, >= count).
 * Errors: KF_E_NULL, KF_E_INVALID_NAME, KF_E_EASING,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_easing_sample(const char *spec, const double *progress, size_t count,
                           double *out_values, double *out_derivatives, size_t capacity);

/* Writes the canonical form of the easing `spec` (parsing it gives the same
 * easing), as kf_track_get_easing writes text.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME, KF_E_EASING,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_easing_canonical(const char *spec, char *out_text, size_t capacity,
                              size_t *out_length);

/* A damped spring m x'' + c x' + k (x - 1) = 0 from x(0) = 0, x'(0) =
 * velocity: Core Animation's CASpringAnimation parameters. */
typedef struct kf_spring {
  double mass;      /* > 0 */
  double stiffness; /* > 0 */
  double damping;   /* >= 0 */
  double velocity;  /* initial velocity, in distances per second */
} kf_spring;

/* SwiftUI's spring(duration:bounce:): mass 1, stiffness (2 pi / duration)^2,
 * damping 4 pi (1 - bounce) / duration for bounce >= 0 and
 * 4 pi / (duration (1 + bounce)) below; bounce in (-1, 1).
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_spring_from_duration_bounce(double duration, double bounce, kf_spring *out_spring);

/* UIKit's UISpringTimingParameters(dampingRatio:) and SwiftUI's
 * spring(response:dampingFraction:): stiffness (2 pi / response)^2, damping
 * 4 pi ratio / response, mass 1. Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_spring_from_damping_ratio(double ratio, double response, kf_spring *out_spring);

/* The spring's position and/or velocity at each of `count` times (seconds)
 * into out_position / out_velocity (either may be NULL, not both; capacity
 * doubles each, >= count). Closed form for under-, critically and
 * over-damped springs.
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_spring_evaluate(const kf_spring *spring, const double *times, size_t count,
                             double *out_position, double *out_velocity, size_t capacity);

/* The time after which |x - 1| and |v| stay below 1e-4 for good (+inf for an
 * undamped spring). As an easing between two keyframes, a spring maps the
 * segment's progress p to spring time p * settling duration, and p = 1 gives
 * exactly 1. Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_spring_settling_duration(const kf_spring *spring, double *out_duration);

/* ---------------------------------------------------------------------------
 * Value helpers.
 */

/* Converts a non-premultiplied sRGB-encoded color rgba[0..3] into the
 * coordinates of `space` ("srgb", "linear-srgb", "oklab" L a b, "oklch"
 * L C h with h in degrees, "hsl" h s l with s, l as fractions), written to
 * out_coordinates[0..2]. OKLab uses Bjorn Ottosson's matrices (as CSS
 * Color 4's sample code) and the sRGB transfer function exactly; nothing is
 * clipped. Errors: KF_E_NULL, KF_E_INVALID_VALUE, KF_E_INVALID_NAME. */
kf_status kf_color_to_space(const double *rgba, const char *space, double *out_coordinates);

/* The inverse of kf_color_to_space: coordinates[0..2] of `space` and
 * `alpha` to an sRGB-encoded color out_rgba[0..3]. */
kf_status kf_color_from_space(const double *coordinates, double alpha, const char *space,
                              double *out_rgba);

/* Maps rgba[0..3] into the sRGB gamut as CSS Color 4 does (chroma
 * reduction in OKLCh with a deltaEOK just-noticeable difference of 0.02),
 * writing out_rgba[0..3]. Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_color_gamut_map(const double *rgba, double *out_rgba);

/* An affine transform out_transform[0..5] (a, b, c, d, tx, ty) that scales
 * by (sx, sy), then rotates by `angle` radians (CGAffineTransformMakeRotation's
 * sign), then translates by (tx, ty), applied to a point.
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE (a non-finite number). */
kf_status kf_transform_make(double tx, double ty, double sx, double sy, double angle,
                            double *out_transform);

/* A 3D transform out_transform[0..15] (CATransform3D order) from JazzHands'
 * Transform3D parts: rotation[0..3] = (angle radians, axis x, y, z), then
 * scale[0..2], then translation[0..2], then perspective m34 (usually
 * -1 / eye distance), applied to a point in that order. A zero axis means no
 * rotation. Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_transform3d_make(const double *translation, const double *scale,
                              const double *rotation, double m34, double *out_transform);

#ifdef __cplusplus
}
#endif

#endif /* KEYFRAME_H */
