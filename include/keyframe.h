/*
 * keyframe.h — the C API of razzle's keyframe engine (libkeyframe.so).
 *
 * This header is the authoritative reference of the ABI: every exported
 * function is declared here, and tests check the library's exported symbols
 * and the Python binding's signature table against it. The rules it refers
 * to are written once, in the Guides folder beside it:
 *   Guides/Sampling.md       the sampling rule, extrapolation, velocity
 *   Guides/Easing.md         the easing grammar
 *   Guides/Kinds.md          value kinds and the properties that imply them
 *   Guides/Interpolation.md  the interpolation modes
 *   Guides/Timing.md         the timing model (Web Animations Level 1)
 *   Guides/Layout.md         variables, relative tracks, paging
 *   Guides/Paths.md          paths, motion along them, trimming, masks
 *   Guides/Choreography.md   clips, timelines, staggers, relative keyframes, the player
 *
 * Model
 *   An animator holds tracks, at most one per (target, property). A track
 *   holds keyframes sorted by time; each keyframe has a value of the track's
 *   channel count (1 for a scalar) and a style for the segment that starts
 *   at it: an easing and an interpolation. Sampling a track at time t gives,
 *   before the first keyframe, the first value; at or after the last, the
 *   last value; in between, with p = (t - t_i) / (t_{i+1} - t_i) and
 *   e = easing_i(p), v_i + (v_{i+1} - v_i) * e (Guides/Sampling.md has the
 *   whole rule). "Time" is any number: seconds, a scroll offset, a
 *   gesture's progress.
 *
 * Conventions
 *   - Functions return a kf_status: KF_OK (0) or a negative error code. On an
 *     error, kf_last_error() describes it, and no object and no output
 *     argument has been changed: functions validate everything first. (The
 *     one exception: a text or array output that is too small still receives
 *     the needed size in its *out_length / *out_count argument.)
 *   - Handles (kf_animator *, kf_track *) are opaque. Every handle returned
 *     through an out-parameter is the caller's own reference and must be
 *     released with the matching kf_*_release; NULL and already released
 *     handles are no-ops there. A released, never-issued or wrong-type
 *     handle is detected and rejected with KF_E_INVALID_HANDLE rather than
 *     crashing (handles are looked up in a table with generation counts;
 *     they are not pointers).
 *   - Options are structs with a `version` field first. Initialize them with
 *     their KF_*_OPTIONS_INIT macro (or kf_*_options_init), then set the
 *     fields you need; a NULL options pointer means the defaults. A struct
 *     with a version this library does not know is KF_E_INVALID_VALUE.
 *   - Values are arrays of double, `channels` per value. Names (kinds,
 *     color spaces, easing text) are NUL-terminated UTF-8 strings; names the
 *     library returns are static and never freed.
 *   - Text outputs take (out_text, capacity, out_length): the text and its
 *     NUL are written when capacity > length; *out_length (if not NULL)
 *     always receives the length without the NUL, so a caller can retry.
 *   - Times and values must be finite where they are stored; a NaN sample
 *     time yields NaN values.
 *   - Thread safety: every function may be called from any thread at any
 *     time. Samplers run in parallel; a mutation is atomic for samplers
 *     (they see a track before or after it, never in between). The tracks
 *     of one animator share one lock, so an animator-wide call sees one
 *     consistent frame.
 *
 * Versioning
 *   KF_VERSION_NUMBER is MAJOR * 10000 + MINOR * 100 + PATCH. Before 1.0 a
 *   minor version may change the ABI (CHANGELOG.md lists every change);
 *   from 1.0 on, libraries with the same major version are ABI compatible.
 *   Status codes and enum values are pinned: a number's meaning never
 *   changes, and retired numbers are not reused.
 */
#ifndef KEYFRAME_H
#define KEYFRAME_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KF_VERSION_MAJOR 0
#define KF_VERSION_MINOR 3
#define KF_VERSION_PATCH 23
#define KF_VERSION_NUMBER (KF_VERSION_MAJOR * 10000 + KF_VERSION_MINOR * 100 + KF_VERSION_PATCH)
#define KF_VERSION_STRING "0.3.23"

/* True when the header is at least version MAJOR.MINOR.PATCH. */
#define KF_AT_LEAST_VERSION(major, minor, patch) \
  (KF_VERSION_NUMBER >= ((major) * 10000 + (minor) * 100 + (patch)))

/* ---------------------------------------------------------------------------
 * Limits.
 */

/* The most channels a value has (a "vector" track; transform3d has 16). */
#define KF_CHANNELS_MAX 64
/* The most doubles a Bezier handle has: its time, then one per channel. */
#define KF_HANDLE_MAX (1 + KF_CHANNELS_MAX)
/* The largest magnitude of a number in an easing specification. */
#define KF_EASING_NUMBER_MAX 1e6

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
  X(KF_E_INVALID_NAME, -10, "a name is empty, unknown or not valid UTF-8")                  \
  X(KF_E_OUT_OF_RANGE, -11, "an index is past the end")                                   \
  X(KF_E_KIND_MISMATCH, -12, "the value kind does not fit the property or the operation")  \
  X(KF_E_STALE, -13, "the object changed since the generation the call names")                  \
  X(KF_E_INVALID_STATE, -14, "the operation does not apply in the object's current state") \
  X(KF_E_FORMAT, -15, "the text is not valid JSON or not a valid file of its format")

typedef int32_t kf_status;

enum {
#define KF_STATUS_ENUM_(name, value, description) name = value,
  KF_STATUS_MAP(KF_STATUS_ENUM_)
#undef KF_STATUS_ENUM_
};

/* ---------------------------------------------------------------------------
 * Enumerations. Values are pinned; names are what kf_*_name returns and
 * kf_*_from_name accepts (the spelling Python and scene files use).
 */

/* How a keyframe's outgoing segment maps eased progress e to a value
 * (Guides/Interpolation.md). */
typedef int32_t kf_interpolation;
enum {
  KF_INTERPOLATION_LINEAR = 0,   /* "linear": v_i + (v_{i+1} - v_i) * e */
  KF_INTERPOLATION_HOLD = 1,     /* "hold": v_i until the next keyframe */
  KF_INTERPOLATION_BEZIER = 2,   /* "bezier": through the keyframes' handles */
  KF_INTERPOLATION_SMOOTH = 3,   /* "smooth": Kochanek-Bartels (Catmull-Rom) */
  KF_INTERPOLATION_MONOTONE = 4, /* "monotone": Fritsch-Carlson (scipy PCHIP) */
  KF_INTERPOLATION_PACED = 5     /* "paced": constant speed along the values */
};

/* What a track does before its first keyframe or after its last
 * (Guides/Sampling.md). */
typedef int32_t kf_extrapolation;
enum {
  KF_EXTRAPOLATION_UNCHANGED = -1,  /* only for kf_track_set_extrapolation */
  KF_EXTRAPOLATION_HOLD = 0,        /* "hold": the value at the end keyframe (the default) */
  KF_EXTRAPOLATION_LINEAR = 1,      /* "linear": along the end slope */
  KF_EXTRAPOLATION_CYCLE = 2,       /* "cycle": repeat the keyframes' span */
  KF_EXTRAPOLATION_CYCLE_OFFSET = 3, /* "cycle-offset": repeat, shifted */
  KF_EXTRAPOLATION_PING_PONG = 4    /* "ping-pong": every other repeat backwards */
};

/* The name of an interpolation or extrapolation value; NULL for a value
 * this library does not define. Static. */
const char *kf_interpolation_name(kf_interpolation interpolation);
const char *kf_extrapolation_name(kf_extrapolation extrapolation);

/* The value called `name` in *out.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (unknown or not UTF-8; the message
 * suggests the closest name). */
kf_status kf_interpolation_from_name(const char *name, kf_interpolation *out_interpolation);
kf_status kf_extrapolation_from_name(const char *name, kf_extrapolation *out_extrapolation);

/* ---------------------------------------------------------------------------
 * Opaque handles.
 */
typedef struct kf_animator kf_animator;
typedef struct kf_track kf_track;

/* ---------------------------------------------------------------------------
 * Version, errors, threads.
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

/* The CPU level the batch kernels run at: "baseline" (SSE2: any x86-64),
 * "avx2" (AVX2, FMA, BMI1, BMI2, F16C, LZCNT, MOVBE: the x86-64-v3 set of
 * Haswell, Zen and later, with the AVX state saved by the OS) or, from
 * 0.3.5, "avx512" (AVX-512 F, DQ, CD, BW and VL with Skylake-X's scalar
 * extensions: Skylake-X, Ice Lake, Sapphire Rapids, Zen 4, with the opmask
 * and ZMM state saved by the OS). The default is $RAZZLE_KERNELS if it
 * names a level this CPU runs when the library first needs it, else the
 * best level this CPU runs. Every level gives the same bits
 * (Guides/Sampling.md, "CPU levels"). Static; never NULL. */
const char *kf_kernel_level(void);

/* Runs the batch kernels at the level `name`; NULL restores the default.
 * KF_E_INVALID_NAME for an unknown name, KF_E_INVALID_VALUE for a level this
 * CPU cannot run; the level in use is unchanged on error. */
kf_status kf_set_kernel_level(const char *name);

/* 1 if this CPU can run the kernel level `name`, else 0 (also for NULL or
 * an unknown name). */
int32_t kf_kernel_level_supported(const char *name);

/* ---------------------------------------------------------------------------
 * Value kinds and properties (Guides/Kinds.md). The library lists them, so
 * a binding builds its value types from these calls rather than a copy of
 * the table.
 */

/* One value kind. Every string is static. */
typedef struct kf_kind_info {
  const char *name;       /* "scalar", "point", "color", ... */
  size_t min_channels;    /* the channel counts a track of the kind can have: */
  size_t max_channels;    /* equal except for "vector" (1 ... KF_CHANNELS_MAX) */
  const char *components; /* the channels' names separated by spaces ("x y",
                             "r g b a"); "" where they have none ("vector") */
  const char *type_name;  /* the record type a binding gives one sample ("Point",
                             "Color"), or NULL for a plain number, bool or tuple */
  int32_t per_channel;    /* 1 when values blend channel by channel as plain
                             numbers: such kinds take every interpolation and
                             extrapolation */
} kf_kind_info;

/* The number of value kinds. */
size_t kf_kind_count(void);

/* The index-th kind (0 ... kf_kind_count() - 1) into *out_info.
 * Errors: KF_E_NULL, KF_E_OUT_OF_RANGE. */
kf_status kf_kind_get(size_t index, kf_kind_info *out_info);

/* What a property name implies: *out_kind receives the static name of the
 * kind a known property has ("alpha" is a "scalar", "frame" a "rect"), or
 * NULL for a name the library does not know (a scalar unless a kind is
 * given); *out_minimum and *out_maximum (either may be NULL) the range its
 * channels must lie in (-inf and +inf where unbounded). "alpha" gives
 * [0, 1], "scale" [0, +inf).
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (not UTF-8). */
kf_status kf_property_info(const char *property, const char **out_kind, double *out_minimum,
                           double *out_maximum);

/* ---------------------------------------------------------------------------
 * Animators.
 */

/* Creates an empty animator in *out_animator.
 * Errors: KF_E_NULL if out_animator is NULL. */
kf_status kf_animator_create(kf_animator **out_animator);

/* Creates an independent deep copy of `animator` (its tracks, keyframes,
 * styles and extrapolations) in *out_copy. The copy shares nothing with the
 * original: editing or releasing one leaves the other unchanged.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_animator_copy(const kf_animator *animator, kf_animator **out_copy);

/* Releases the caller's reference. Tracks obtained from the animator stay
 * valid until they are released themselves. NULL, or an already released
 * handle, is a no-op. */
void kf_animator_release(kf_animator *animator);

/* How a new track is made. */
typedef struct kf_track_options {
  uint32_t version;                    /* KF_TRACK_OPTIONS_VERSION */
  const char *kind;                    /* NULL or "": the property's own kind, else a name
                                          from kf_kind_get (Guides/Kinds.md) */
  size_t channels;                     /* a "vector" track's channels, 1...KF_CHANNELS_MAX;
                                          0 for other kinds */
  const char *color_space;             /* a color track's blending space: NULL = "srgb",
                                          "linear-srgb", "oklab", "oklch" or "hsl" */
  int32_t premultiplied;               /* non-zero: a color track blends premultiplied */
  kf_extrapolation before;             /* before the first keyframe */
  kf_extrapolation after;              /* after the last keyframe */
  /* Version 2 (a version 1 struct ends above and is still read): */
  const char *relative_to;             /* NULL: a plain track; else the name of an animator
                                          variable (kf_animator_set_variable): the track
                                          samples as value(t) * variable + constant */
  double constant;                     /* added after the multiplication; finite */
} kf_track_options;

#define KF_TRACK_OPTIONS_VERSION 2
#define KF_TRACK_OPTIONS_INIT                                                              \
  { KF_TRACK_OPTIONS_VERSION, NULL, 0, NULL, 0, KF_EXTRAPOLATION_HOLD, KF_EXTRAPOLATION_HOLD, \
    NULL, 0 }

/* Fills *options with the defaults (as KF_TRACK_OPTIONS_INIT), for
 * bindings that cannot use the macro. Errors: KF_E_NULL. */
kf_status kf_track_options_init(kf_track_options *options);

/* Creates an empty track for `property` of `target` in the animator and
 * returns a new reference to it in *out_track. Known property names imply a
 * kind and a range (alpha is a scalar in [0, 1], backgroundColor a color,
 * frame a rect, ...; Guides/Kinds.md has the table); any other name is a
 * scalar taking any finite number unless options->kind says otherwise.
 * `options` NULL means KF_TRACK_OPTIONS_INIT. A color space or
 * premultiplied without a kind makes a color track of a name that implies
 * no kind. `target` may be "" but not NULL; `property` must not be empty.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME (empty property,
 * unknown kind or color space, text not UTF-8), KF_E_DUPLICATE (the
 * animator has a track for the pair already), KF_E_KIND_MISMATCH (a kind
 * that contradicts the property, color options for another kind, an
 * extrapolation the kind does not support), KF_E_WRONG_SIZE (vector
 * channels out of range), KF_E_INVALID_VALUE (unknown options version or
 * extrapolation value).
 * A relative track (options->relative_to, version 2) samples as
 * value(t) * variable + constant in every channel, everywhere: kf_track_sample
 * and _many, kf_animator_sample_many, kf_animator_transform_many; its
 * velocity is velocity(t) * variable. Its keyframes hold the multipliers
 * (RazzleDazzle's ConstraintMultiplierAnimation; pages for a paging layout).
 * The variable need not be set yet: sampling while it is unset is
 * KF_E_NOT_FOUND, naming the track and the variable. It needs a kind that
 * blends per channel and a property without a bounded range (not "alpha").
 * Errors for it: KF_E_INVALID_NAME (bad variable name), KF_E_INVALID_VALUE
 * (constant not finite), KF_E_KIND_MISMATCH (kind or property). */
kf_status kf_animator_add_track(kf_animator *animator, const char *target, const char *property,
                                const kf_track_options *options, kf_track **out_track);

/* Adds `count` tracks in one call, all or nothing: track i for
 * properties[i] of targets[i] as `options` say (NULL: each property's
 * default kind, as kf_animator_add_track), each with `keyframes` linear
 * keyframes set as kf_track_set_keyframes sets them. `times` holds
 * `keyframes` times shared by every track (times_count == keyframes) or one
 * row a track (times_count == count * keyframes); `values` holds every
 * track's keyframes * channels values, one track after another
 * (values_count is their sum). No handle is returned: kf_animator_get_track
 * and kf_animator_track_at reach the tracks, which follow the animator's
 * earlier tracks in order. On an error nothing is added and the message
 * names the entry ("tracks[i]: ..."). `times` and `values` may be NULL when
 * their count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME, KF_E_WRONG_SIZE
 * (a count that does not fit), KF_E_DUPLICATE (a pair with a track already,
 * or twice in the call), and kf_animator_add_track's and
 * kf_track_set_keyframes' errors for a track. */
kf_status kf_animator_add_tracks(kf_animator *animator, const char *const *targets,
                                 const char *const *properties, size_t count,
                                 const kf_track_options *options, size_t keyframes,
                                 const double *times, size_t times_count, const double *values,
                                 size_t values_count);

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

/* The animator's layout generation in *out_generation: it changes whenever
 * a track is added or removed, so a caller can tell whether a layout it
 * read still describes the columns of kf_animator_sample_many.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_animator_generation(const kf_animator *animator, uint64_t *out_generation);

/* One track's place in the animator's sample matrix. */
typedef struct kf_column {
  size_t start;     /* the track's first column */
  size_t channels;  /* its column count (the track's channels) */
  const char *kind; /* its kind's name (static) */
} kf_column;

/* The whole layout in one call: for each track, in the order tracks were
 * added, its kf_column into out_columns (capacity entries) and its target
 * and property into out_names as "target\0property\0" pairs
 * (names_capacity bytes). *out_track_count, *out_names_length and
 * *out_generation (each may be NULL) receive the track count, the bytes
 * the names need and the layout generation — also on
 * KF_E_BUFFER_TOO_SMALL, so a caller can size its buffers and retry.
 * Errors: KF_E_NULL (a NULL buffer with a non-zero capacity),
 * KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_animator_get_layout(const kf_animator *animator, kf_column *out_columns,
                                 size_t capacity, char *out_names, size_t names_capacity,
                                 size_t *out_track_count, size_t *out_names_length,
                                 uint64_t *out_generation);

/* Samples every track at each of `time_count` times into one row-major
 * matrix out_values (capacity doubles; needs time_count * columns): row j
 * holds the values at times[j]; the columns are the tracks' channels in
 * the order the tracks were added. *out_columns and *out_generation (either
 * may be NULL) receive the column count and the layout generation the
 * matrix follows. The call holds the animator's read lock, so the matrix is
 * one consistent frame. Values equal kf_track_sample's bit for bit. Does
 * not keep the pointers. `times` may be NULL when time_count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL,
 * KF_E_EMPTY_TRACK (a track has no keyframes). */
kf_status kf_animator_sample_many(const kf_animator *animator, const double *times,
                                  size_t time_count, double *out_values, size_t capacity,
                                  size_t *out_columns, uint64_t *out_generation);

/* kf_animator_sample_many's matrix transposed (0.3.5): column c at times[j]
 * is out_values[c * time_count + j], so each column is one contiguous run
 * of time_count doubles. The same bits as kf_animator_sample_many; choose
 * the layout the caller reads in (Guides/Sampling.md, "Matrix layouts"):
 * rows for frame loops, columns for one property's series. Arguments and
 * errors as kf_animator_sample_many. */
kf_status kf_animator_sample_columns(const kf_animator *animator, const double *times,
                                     size_t time_count, double *out_values, size_t capacity,
                                     size_t *out_columns, uint64_t *out_generation);

/* Composes the target's "scale" (scalar), "rotation" (scalar, degrees) and
 * "translation" (point) tracks at each of time_count times into affine
 * transforms out_transforms[6 j ... 6 j + 5] = (a, b, c, d, tx, ty)
 * (capacity doubles; needs 6 * time_count): scale first, then rotation,
 * then translation, applied to a point, whatever order the tracks were
 * added in; radians = degrees * pi / -180 (RazzleDazzle's sign). For scale
 * s, angle r (radians) and translation (x, y) that is
 * (s cos r, s sin r, -s sin r, s cos r, x, y), with exact zeros at multiples
 * of 90 degrees. A missing track contributes nothing (scale 1, rotation 0,
 * translation (0, 0)), but a target with none of the three is
 * KF_E_NOT_FOUND. The three tracks are read under one lock.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND, KF_E_BUFFER_TOO_SMALL, KF_E_EMPTY_TRACK,
 * KF_E_KIND_MISMATCH. */
kf_status kf_animator_transform_many(const kf_animator *animator, const char *target,
                                     const double *times, size_t time_count,
                                     double *out_transforms, size_t capacity);

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

/* The options the track was made with, as they resolved, into *out_options
 * (whose version field the caller sets, as KF_TRACK_OPTIONS_INIT does):
 * kind and color_space are static names (color_space NULL for a track that
 * is not a color), channels is the track's channel count for every kind, and
 * before / after its current extrapolation. Version 2 also receives
 * relative_to (NULL for a plain track; owned by the track handle, valid
 * while the caller holds it, as kf_track_target) and constant; a version 1
 * struct is written only up to `after`.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (unknown
 * options version). */
kf_status kf_track_get_options(const kf_track *track, kf_track_options *out_options);

/* Sets what the track does before its first keyframe (`before`) and after
 * its last (`after`); KF_EXTRAPOLATION_UNCHANGED keeps that side
 * (Guides/Sampling.md).
 * Errors: KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (an undefined value),
 * KF_E_KIND_MISMATCH ("linear" or "cycle-offset" on a kind that does not
 * blend per channel). Nothing changes on error. */
kf_status kf_track_set_extrapolation(kf_track *track, kf_extrapolation before,
                                     kf_extrapolation after);

/* The style of the segment that starts at a keyframe. */
typedef struct kf_keyframe_options {
  uint32_t version;                 /* KF_KEYFRAME_OPTIONS_VERSION */
  const char *easing;               /* NULL or "": linear; else Guides/Easing.md's grammar,
                                       such as "easeInQuad" or "cubic-bezier(.4, 0, .2, 1)" */
  kf_interpolation interpolation;   /* KF_INTERPOLATION_LINEAR by default */
  double tension;                   /* Kochanek-Bartels parameters of this keyframe's */
  double continuity;                /* tangents, each in [-1, 1] (0: Catmull-Rom) */
  double bias;
  const double *left_handle;        /* NULL, or handle_count doubles: the Bezier handle */
  const double *right_handle;       /* before / after the keyframe, its time then its value */
  size_t handle_count;              /* doubles per given handle: 1 + the track's channels */
} kf_keyframe_options;

#define KF_KEYFRAME_OPTIONS_VERSION 1
#define KF_KEYFRAME_OPTIONS_INIT \
  { KF_KEYFRAME_OPTIONS_VERSION, NULL, KF_INTERPOLATION_LINEAR, 0, 0, 0, NULL, NULL, 0 }

/* Fills *options with the defaults (as KF_KEYFRAME_OPTIONS_INIT).
 * Errors: KF_E_NULL. */
kf_status kf_keyframe_options_init(kf_keyframe_options *options);

/* Sets the keyframe at `time` to `value` (value_count doubles, which must
 * equal the track's channel count) with the style `options` (NULL: linear
 * easing and interpolation) for the segment that starts there. A keyframe
 * already at `time` has its value and style replaced.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (time or a
 * value channel not finite, outside the property's range, a time so far
 * from a neighbouring keyframe that the gap overflows, a tension,
 * continuity or bias outside [-1, 1], a non-finite handle, an undefined
 * interpolation or options version), KF_E_WRONG_SIZE (value_count or
 * handle_count), KF_E_EASING, KF_E_INVALID_NAME (easing text not UTF-8),
 * KF_E_KIND_MISMATCH (a curve interpolation on a kind that does not blend
 * per channel). The track is unchanged on error. */
kf_status kf_track_set_keyframe(kf_track *track, double time, const double *value,
                                size_t value_count, const kf_keyframe_options *options);

/* Sets `count` keyframes in one edit: times[i] with value
 * values[i * channels ... (i + 1) * channels - 1] (value_count doubles,
 * which must be count * channels). Times need not be sorted: the batch is
 * sorted and merged with the track's keyframes once, O((n + m) log m). A
 * time given twice takes its last entry; a time the track has is replaced.
 * `options` holds options_count styles: 0 (options may be NULL) for plain
 * linear keyframes, 1 for one style shared by all, or `count`, one per
 * keyframe. Every keyframe is validated as kf_track_set_keyframe does
 * before anything changes: the track takes all of them or none.
 * Errors: as kf_track_set_keyframe, plus KF_E_WRONG_SIZE (options_count;
 * count above 4294967295, 0.3.7). */
kf_status kf_track_set_keyframes(kf_track *track, const double *times, size_t count,
                                 const double *values, size_t value_count,
                                 const kf_keyframe_options *options, size_t options_count);

/* Removes the keyframe at exactly `time`.
 * Errors: KF_E_INVALID_HANDLE, KF_E_NOT_FOUND. */
kf_status kf_track_remove_keyframe(kf_track *track, double time);

/* The number of keyframes in *out_count.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_track_keyframe_count(const kf_track *track, size_t *out_count);

/* The index, in time order, of the keyframe at exactly `time` in
 * *out_index. Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_NOT_FOUND (no
 * keyframe there; NaN never matches). O(log n). */
kf_status kf_track_find_keyframe(const kf_track *track, double time, size_t *out_index);

/* The track's edit generation in *out_generation: it changes with every
 * edit of the track (keyframes, styles, extrapolation).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_track_generation(const kf_track *track, uint64_t *out_generation);

/* Reads the keyframes, in time order, in one consistent snapshot: the times
 * into out_times and the values into out_values (channels doubles each),
 * `capacity` keyframes at most, and each keyframe's style number into
 * out_styles (may be NULL). Style numbers name the track's distinct styles
 * for kf_track_get_style; 0 is always the plain style (linear easing and
 * interpolation, no handles, zero tension, continuity and bias).
 * *out_count and *out_generation (either may be NULL) receive the keyframe
 * count and the track's edit generation, also on KF_E_BUFFER_TOO_SMALL.
 * Errors: KF_E_NULL (a NULL array with capacity > 0), KF_E_INVALID_HANDLE,
 * KF_E_BUFFER_TOO_SMALL (capacity below the keyframe count). */
kf_status kf_track_get_keyframes(const kf_track *track, double *out_times, double *out_values,
                                 uint32_t *out_styles, size_t capacity, size_t *out_count,
                                 uint64_t *out_generation);

/* Reads style number `style` as it was at edit generation `generation`:
 * its fields into *out_options (whose version the caller sets; easing,
 * left_handle and right_handle are set to NULL there), its canonical easing
 * text (parsing it gives the same easing) into out_easing (NULL with
 * easing_capacity 0 skips the text; *out_easing_length still receives its
 * length), and its handles
 * into out_left_handle / out_right_handle (handle_capacity doubles each,
 * either may be NULL; needs 1 + channels). *out_has_handles (may be NULL)
 * receives bit 0 set for a left handle and bit 1 for a right one.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_STALE (the track changed
 * since `generation`: read the keyframes again), KF_E_OUT_OF_RANGE (no such
 * style), KF_E_BUFFER_TOO_SMALL (easing text or handles; *out_easing_length
 * is set), KF_E_INVALID_VALUE (unknown options version). */
kf_status kf_track_get_style(const kf_track *track, uint32_t style, uint64_t generation,
                             kf_keyframe_options *out_options, char *out_easing,
                             size_t easing_capacity, size_t *out_easing_length,
                             double *out_left_handle, double *out_right_handle,
                             size_t handle_capacity, int32_t *out_has_handles);

/* Samples the track at `time` into out_value (capacity doubles; needs the
 * channel count). Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_EMPTY_TRACK,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_sample(const kf_track *track, double time, double *out_value,
                          size_t capacity);

/* The value of a one-channel track at `time`, returned: the single-sample
 * call for a binding's hot loop (no output buffer). On an error (those of
 * kf_track_sample, or KF_E_WRONG_SIZE for a track of more than one
 * channel) it returns NaN and kf_last_error() describes it; a NaN time
 * also gives NaN, so on NaN call kf_track_sample for the status. Bit for
 * bit what kf_track_sample writes. */
double kf_track_value(const kf_track *track, double time);

/* Samples the track at each of time_count times into out_values, channels
 * doubles per time, row by row (capacity doubles; needs time_count *
 * channels). Gives bit for bit what kf_track_sample gives per time. Does not
 * keep the pointers. `times` may be NULL when time_count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_EMPTY_TRACK,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_track_sample_many(const kf_track *track, const double *times, size_t time_count,
                               double *out_values, size_t capacity);

/* d value / d time at `time` into out_value (needs channels doubles):
 * analytic for every easing and interpolation; at a keyframe or kink the
 * right-hand derivative (at the last keyframe, the extrapolation's: 0 for
 * "hold"); 0 on holds and on steps' plateaus; NaN at NaN; 0 with one
 * keyframe (Guides/Sampling.md). Errors as kf_track_sample. */
kf_status kf_track_velocity(const kf_track *track, double time, double *out_value,
                            size_t capacity);

/* kf_track_velocity at each of time_count times, as kf_track_sample_many. */
kf_status kf_track_velocity_many(const kf_track *track, const double *times, size_t time_count,
                                 double *out_values, size_t capacity);

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
 * Variables (Guides/Layout.md): named numbers an animator holds, which
 * relative tracks (kf_track_options.relative_to) multiply when they sample.
 * A name is 1 to 255 ASCII letters, digits, '_' and '.', not starting with a
 * digit or '.' ("pageWidth", "header.midX"). Setting a variable changes
 * every dependent value at the next sample; no keyframe changes. A sample,
 * a frame or a matrix sees a variable entirely before or after a change.
 * kf_animator_copy copies the variables.
 */

/* Sets variable `name` to `value`, creating it if needed.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME (bad name, not
 * UTF-8), KF_E_INVALID_VALUE (NaN or infinite). */
kf_status kf_animator_set_variable(kf_animator *animator, const char *name, double value);

/* The value of variable `name` in *out_value.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND (not set). */
kf_status kf_animator_get_variable(const kf_animator *animator, const char *name,
                                   double *out_value);

/* Unsets variable `name`. Tracks relative to it stay; sampling them is
 * KF_E_NOT_FOUND until it is set again.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND (not set). */
kf_status kf_animator_remove_variable(kf_animator *animator, const char *name);

/* The number of set variables in *out_count.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_animator_variable_count(const kf_animator *animator, size_t *out_count);

/* Every set variable, sorted by name (byte order), in one consistent read:
 * the names into out_names as "name\0name\0..." (names_capacity bytes) and
 * the values into out_values (capacity doubles). *out_count and
 * *out_names_length (either may be NULL) receive the variable count and
 * the bytes the names need, also on KF_E_BUFFER_TOO_SMALL, so a caller can
 * size its buffers and retry.
 * Errors: KF_E_NULL (a NULL buffer with a non-zero capacity),
 * KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_animator_list_variables(const kf_animator *animator, char *out_names,
                                     size_t names_capacity, double *out_values, size_t capacity,
                                     size_t *out_count, size_t *out_names_length);

/* ---------------------------------------------------------------------------
 * Paging (Guides/Layout.md): RazzleDazzle's AnimatedPagingScrollViewController
 * and JazzHands' paging constraints, headless. A kf_paging is a layout of
 * page_count pages of width W on an animator; it owns the animator variable
 * that holds W and keeps views on pages with tracks relative to it, so a
 * new W (a rotation) moves every kept view at the next sample.
 *
 * The time of a paging layout is the PAGE OFFSET, content offset / W (what
 * RazzleDazzle's controller passes to animator.animate): keyframe times are
 * pages. kf_paging_page_offset converts a scroll position.
 *
 * For attribute offset o (left 0, centerX 0.5, right 1):
 *   kept on page p:                  x = (p + o) * W
 *   kept on pages p_i at times t_i:  x(t) = (o + page(t)) * W + constant + offset(t)
 * with page(t) the linear interpolation of the p_i over the t_i (held
 * outside them) and offset(t) JazzHands' offsets keyed at the same times.
 * Fractional, negative and over-scroll pages are allowed.
 *
 * A layout handle holds its animator: releasing the animator's handle
 * leaves the layout working. A tracker holds its layout likewise.
 */
typedef struct kf_paging kf_paging;
typedef struct kf_page_tracker kf_page_tracker;

/* The horizontal attribute a view is kept by. */
typedef int32_t kf_page_attribute;
enum {
  KF_PAGE_ATTRIBUTE_LEFT = 0,     /* "left": offset 0 */
  KF_PAGE_ATTRIBUTE_CENTER_X = 1, /* "centerX": offset 0.5 */
  KF_PAGE_ATTRIBUTE_RIGHT = 2     /* "right": offset 1 */
};

/* The name of an attribute; NULL for a value this library does not define.
 * Static. */
const char *kf_page_attribute_name(kf_page_attribute attribute);

/* The attribute called `name` in *out_attribute.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME. */
kf_status kf_page_attribute_from_name(const char *name, kf_page_attribute *out_attribute);

/* Creates a layout of page_count (>= 1) pages of width page_width (finite,
 * > 0) on `animator` in *out_paging, and sets the animator variable
 * `variable` (NULL: "pageWidth") to the width.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE (no pages),
 * KF_E_INVALID_VALUE (width), KF_E_INVALID_NAME (variable name). */
kf_status kf_paging_create(kf_animator *animator, size_t page_count, double page_width,
                           const char *variable, kf_paging **out_paging);

/* Releases the caller's reference; the tracks it made stay on the
 * animator. NULL, or an already released handle, is a no-op. */
void kf_paging_release(kf_paging *paging);

/* Sets W (finite, > 0): the layout's variable. Errors: KF_E_INVALID_HANDLE,
 * KF_E_INVALID_VALUE. */
kf_status kf_paging_set_page_width(kf_paging *paging, double page_width);

/* W, the page count, and the content width page_count * W.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_NOT_FOUND (the width
 * variable was removed from the animator). */
kf_status kf_paging_page_width(const kf_paging *paging, double *out_page_width);
kf_status kf_paging_page_count(const kf_paging *paging, size_t *out_page_count);
kf_status kf_paging_content_width(const kf_paging *paging, double *out_content_width);

/* The page offset content_offset / W (the layout's time) in
 * *out_page_offset. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_INVALID_VALUE (offset not finite), KF_E_NOT_FOUND. */
kf_status kf_paging_page_offset(const kf_paging *paging, double content_offset,
                                double *out_page_offset);

/* The current page of a scroll position in *out_page: floor(content_offset
 * / W + 0.5) clamped to 0 ... page_count - 1.
 * Errors: as kf_paging_page_offset. */
kf_status kf_paging_current_page(const kf_paging *paging, double content_offset,
                                 size_t *out_page);

/* Keeps `target` on pages[0 ... count - 1] (count >= 1; one page keeps it
 * there at every time) at times[i] (NULL: the pages themselves; distinct),
 * by `attribute`, with JazzHands' initial `constant` (0 for RazzleDazzle)
 * and offsets[i] (NULL: none), all finite. Adds the animator track
 * (target, attribute name), relative to the width variable with
 * `constant`, keyed at the times with the values pages[i] + o, and with
 * offsets a plain track (target, attribute name + "Offset") keyed at the
 * same times; both hold their ends. out_track (may be NULL) receives a new
 * reference to the first. A target is kept once per layout.
 * Errors: KF_E_NULL (target, pages), KF_E_INVALID_HANDLE, KF_E_WRONG_SIZE
 * (count 0), KF_E_INVALID_VALUE (a non-finite number, a time given twice,
 * an undefined attribute), KF_E_INVALID_NAME (target not UTF-8),
 * KF_E_DUPLICATE (the layout keeps the target, or the animator has one of
 * the tracks). Nothing is added on error. */
kf_status kf_paging_keep(kf_paging *paging, const char *target, kf_page_attribute attribute,
                         const double *pages, const double *times, size_t count,
                         double constant, const double *offsets, kf_track **out_track);

/* Stops keeping `target`: the layout forgets it and its tracks leave the
 * animator (track handles to them stay valid). Later views move up one
 * column in kf_paging_positions.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_NOT_FOUND (not kept). */
kf_status kf_paging_unkeep(kf_paging *paging, const char *target);

/* The number of kept views in *out_count. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE. */
kf_status kf_paging_kept_count(const kf_paging *paging, size_t *out_count);

/* The x of every kept view, in the order they were kept (offsets
 * included), at each of `count` page offsets: row j of out_positions
 * (capacity doubles; needs count * kept views) holds the views at
 * page_offsets[j]. One consistent frame, under the animator's lock.
 * `page_offsets` may be NULL when count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL,
 * KF_E_NOT_FOUND (the width variable was removed). */
kf_status kf_paging_positions(const kf_paging *paging, const double *page_offsets, size_t count,
                              double *out_positions, size_t capacity);

/* One change of the current page. */
typedef struct kf_page_change {
  size_t index;     /* the position, in the fed offsets, of the offset that changed it */
  size_t from_page; /* the page before */
  size_t to_page;   /* the page after */
} kf_page_change;

/* Creates a page tracker on `paging` that starts on initial_page (< the
 * page count) in *out_tracker: feed it successive content offsets, get
 * the page changes since the last feed.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE. */
kf_status kf_page_tracker_create(kf_paging *paging, size_t initial_page,
                                 kf_page_tracker **out_tracker);

/* Releases the caller's reference. NULL, or an already released handle, is
 * a no-op. */
void kf_page_tracker_release(kf_page_tracker *tracker);

/* The page after the last offset fed, in *out_page.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_page_tracker_page(const kf_page_tracker *tracker, size_t *out_page);

/* Feeds content_offsets[0 ... count - 1] in order (kf_paging_current_page
 * of each, at the width when fed) and writes the page changes they make,
 * in order, into out_changes (capacity entries; may be NULL with capacity
 * 0). *out_count (may be NULL) receives the number of changes, also on
 * KF_E_BUFFER_TOO_SMALL, when the tracker has not moved: retry the same
 * offsets with a larger buffer. Feeds from several threads are serialized.
 * `content_offsets` may be NULL when count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (an offset
 * not finite), KF_E_BUFFER_TOO_SMALL, KF_E_NOT_FOUND. The tracker is
 * unchanged on error. */
kf_status kf_page_tracker_feed(kf_page_tracker *tracker, const double *content_offsets,
                               size_t count, kf_page_change *out_changes, size_t capacity,
                               size_t *out_count);

/* ---------------------------------------------------------------------------
 * Easings and springs as standalone curves.
 */

/* Evaluates the easing `spec` (Guides/Easing.md) at each of `count`
 * progress values: eased progress into out_values and, if out_derivatives
 * is not NULL, d eased / d progress into out_derivatives (capacity doubles
 * each, >= count).
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (not UTF-8), KF_E_EASING,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_easing_sample(const char *spec, const double *progress, size_t count,
                           double *out_values, double *out_derivatives, size_t capacity);

/* Writes the canonical form of the easing `spec` (parsing it gives the same
 * easing) as text (see Conventions).
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
 * Timing: one node's time transform, exactly Web Animations Level 1's timing
 * model (Guides/Timing.md). A timing maps a local time to a phase, an
 * iteration and a progress through it. It is a value: these functions take
 * its properties as a kf_timing_options and keep nothing.
 */

/* Which way each iteration plays (Web Animations' `direction`). */
typedef int32_t kf_direction;
enum {
  KF_DIRECTION_NORMAL = 0,           /* "normal": every iteration forwards */
  KF_DIRECTION_REVERSE = 1,          /* "reverse": every iteration backwards */
  KF_DIRECTION_ALTERNATE = 2,        /* "alternate": even iterations forwards, odd backwards */
  KF_DIRECTION_ALTERNATE_REVERSE = 3 /* "alternate-reverse": even backwards, odd forwards */
};

/* What a timing gives outside its active interval (`fill`). */
typedef int32_t kf_fill;
enum {
  KF_FILL_NONE = 0,      /* "none": no effect (Core Animation's "removed") */
  KF_FILL_FORWARDS = 1,  /* "forwards": after it, the progress of its last moment */
  KF_FILL_BACKWARDS = 2, /* "backwards": before it, the progress of its first moment */
  KF_FILL_BOTH = 3,      /* "both" */
  KF_FILL_AUTO = 4       /* "auto": "none" for a timing on its own (a keyframe effect's) */
};

/* Where a local time falls. */
typedef int32_t kf_phase;
enum {
  KF_PHASE_BEFORE = 0, /* "before": before the active interval */
  KF_PHASE_ACTIVE = 1, /* "active": in it */
  KF_PHASE_AFTER = 2,  /* "after": after it */
  KF_PHASE_IDLE = 3    /* "idle": no phase, the local time is NaN (unresolved) */
};

/* The direction time runs in (Web Animations' animation direction):
 * backwards when the player driving the timing has a negative playback
 * rate. It decides the phase at the two boundary instants (time running
 * backwards is still before the active interval at its start; forwards, it
 * is already after it at its end), and with it the steps() before flag. */
typedef int32_t kf_animation_direction;
enum {
  KF_ANIMATION_FORWARDS = 0, /* "forwards" */
  KF_ANIMATION_BACKWARDS = 1 /* "backwards" */
};

/* The name of a value of these enums; NULL for a value this library does
 * not define. Static. */
const char *kf_direction_name(kf_direction direction);
const char *kf_fill_name(kf_fill fill);
const char *kf_phase_name(kf_phase phase);
const char *kf_animation_direction_name(kf_animation_direction direction);

/* The value called `name` in *out. kf_fill_from_name also reads Core
 * Animation's "removed" (KF_FILL_NONE).
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (unknown or not UTF-8; the message
 * suggests the closest name). */
kf_status kf_direction_from_name(const char *name, kf_direction *out_direction);
kf_status kf_fill_from_name(const char *name, kf_fill *out_fill);
kf_status kf_phase_from_name(const char *name, kf_phase *out_phase);
kf_status kf_animation_direction_from_name(const char *name,
                                           kf_animation_direction *out_direction);

/* The `duration` that means "auto": the node's intrinsic duration, given
 * when computing (no duration is negative, so no duration is this). */
#define KF_DURATION_AUTO (-INFINITY)

/* A timing's properties, Web Animations' names and defaults. The last two
 * fields are Core Animation's (CAMediaTiming) vocabulary, folded into the
 * others when the timing is made (Guides/Timing.md): `repeatCount` is
 * `iterations`, `fillMode` is `fill`, `timingFunction` is `easing`; `speed`
 * is a playback rate, which belongs to the player, not to a timing. */
typedef struct kf_timing_options {
  uint32_t version;       /* KF_TIMING_OPTIONS_VERSION */
  double delay;           /* start delay, finite; negative starts part-way */
  double end_delay;       /* finite; negative cuts the active interval */
  double duration;        /* iteration duration >= 0 (+INFINITY allowed), or
                             KF_DURATION_AUTO */
  double iterations;      /* >= 0; fractional and +INFINITY allowed */
  double iteration_start; /* finite, >= 0: where in the iterations it starts */
  kf_direction direction; /* KF_DIRECTION_NORMAL by default */
  kf_fill fill;           /* KF_FILL_AUTO by default */
  const char *easing;     /* NULL or "": linear; else Guides/Easing.md's grammar,
                             applied to each iteration's directed progress */
  int32_t autoreverses;   /* Core Animation: non-zero plays each of the `iterations`
                             repeats forwards, then backwards: direction (which must
                             be normal) becomes alternate and iterations doubles, so
                             the active duration is 2 * duration * iterations */
  double time_offset;     /* Core Animation's timeOffset: starts that far into the
                             iterations and wraps around, the active duration
                             unchanged: iteration_start += time_offset / duration
                             (0 by default; non-zero needs a duration > 0) */
} kf_timing_options;

#define KF_TIMING_OPTIONS_VERSION 1
#define KF_TIMING_OPTIONS_INIT                                                             \
  { KF_TIMING_OPTIONS_VERSION, 0, 0, KF_DURATION_AUTO, 1, 0, KF_DIRECTION_NORMAL, KF_FILL_AUTO, \
    NULL, 0, 0 }

/* Fills *options with the defaults (as KF_TIMING_OPTIONS_INIT).
 * Errors: KF_E_NULL. */
kf_status kf_timing_options_init(kf_timing_options *options);

/* Validates `options` (NULL: the defaults) as Web Animations'
 * updateTiming() does and, if out_options is not NULL, writes them there in
 * Web Animations' terms alone: autoreverses and time_offset folded into
 * direction, iterations and iteration_start (and set to 0); easing is
 * options->easing, the same pointer. out_options may be options.
 * Errors: KF_E_INVALID_VALUE (a NaN anywhere; a delay, end delay, iteration
 * start or time offset that is not finite; a negative duration, iteration
 * count or iteration start; autoreverses with a direction other than
 * normal; a non-zero time offset without a duration > 0, or one that takes
 * iteration_start below 0; an undefined direction, fill or options
 * version), KF_E_EASING, KF_E_INVALID_NAME (easing text not UTF-8). */
kf_status kf_timing_validate(const kf_timing_options *options, kf_timing_options *out_options);

/* The computed timing at one local time (Web Animations'
 * getComputedTiming()). Unresolved values are NaN: outside the active
 * interval without a fill, the active time and everything after it. */
typedef struct kf_computed_timing {
  uint32_t version;                 /* the caller sets KF_COMPUTED_TIMING_VERSION */
  kf_phase phase;                   /* KF_PHASE_IDLE for a NaN local time */
  double local_time;
  double iteration_duration;        /* the duration, or the intrinsic one for auto */
  double active_duration;           /* iteration duration * iterations; 0 if either is 0 */
  double end_time;                  /* max(delay + active duration + end delay, 0) */
  double active_time;               /* time into the active interval (clamped when filling) */
  double overall_progress;          /* iterations done, fractional, + iteration start */
  double simple_iteration_progress; /* [0, 1]: 1 (not 0) at the end of a whole number
                                       of iterations */
  double current_iteration;         /* +INFINITY after an infinite count */
  double directed_progress;         /* 1 - simple progress in backward iterations */
  double transformed_progress;      /* the easing of the directed progress (steps() with
                                       the before flag): what a keyframe effect samples */
} kf_computed_timing;

#define KF_COMPUTED_TIMING_VERSION 1
#define KF_COMPUTED_TIMING_INIT \
  { KF_COMPUTED_TIMING_VERSION, KF_PHASE_IDLE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/* The computed timing of `options` (NULL: the defaults) at `local_time`
 * into *out_timing (whose version the caller sets), exactly as Web
 * Animations Level 1's procedures compute it. `intrinsic_duration` (>= 0,
 * +INFINITY allowed) is what a KF_DURATION_AUTO duration stands for: 0 for
 * a timing on its own. `direction` is the direction time runs in. A NaN
 * local time is unresolved (KF_PHASE_IDLE, NaN values); +-INFINITY follow
 * the same arithmetic. Thread-safe (nothing is kept).
 * Errors: KF_E_NULL (out_timing), KF_E_INVALID_VALUE (as kf_timing_validate,
 * a negative or NaN intrinsic duration, an undefined animation direction or
 * out_timing version), KF_E_EASING, KF_E_INVALID_NAME. */
kf_status kf_timing_compute(const kf_timing_options *options, double local_time,
                            double intrinsic_duration, kf_animation_direction direction,
                            kf_computed_timing *out_timing);

/* The transformed progress and the current iteration at each of `count`
 * local times, in one call: out_progress[i] and out_iterations[i] (either
 * may be NULL, not both; capacity doubles each, >= count) are bit for bit
 * kf_timing_compute's transformed_progress and current_iteration at
 * local_times[i], NaN where there is no effect. Large batches are split
 * across threads (kf_thread_count) with the same results. `local_times`
 * may be NULL when count is 0. Does not keep the pointers.
 * Errors: as kf_timing_compute, plus KF_E_NULL (both outputs NULL, or
 * local_times with count > 0), KF_E_BUFFER_TOO_SMALL. */
kf_status kf_timing_progress_many(const kf_timing_options *options, const double *local_times,
                                  size_t count, double intrinsic_duration,
                                  kf_animation_direction direction, double *out_progress,
                                  double *out_iterations, size_t capacity);

/* ---------------------------------------------------------------------------
 * Choreography: clips, timelines, staggers, relative keyframes and a
 * player (Guides/Choreography.md is the contract).
 *
 * A node (kf_node) is a clip (an animator placed in time), a timeline
 * (children at start times) or a stagger (one template clip for many
 * targets, each a little later). Every node has a timing
 * (kf_timing_options); a node's `fill` of KF_FILL_AUTO is "none" for a
 * clip and "both" for a timeline or a stagger. A node has at most one
 * parent. Sampling a node gives, for every (target, property) its clips
 * animate, the value of the last clip in tree order that has an effect
 * (KF_COMPOSITE_ADD adds instead), NaN where none has. Nodes are
 * thread-safe: edits take one lock shared by all nodes, samples take it
 * for reading and hold every animator's read lock while they run.
 * Releasing a node's handle does not detach it from its parent.
 */

typedef struct kf_node kf_node;
typedef struct kf_player kf_player;

/* How a clip's values combine with earlier clips' for the same pair. */
typedef int32_t kf_composite;
enum {
  KF_COMPOSITE_REPLACE = 0, /* "replace": the later clip wins */
  KF_COMPOSITE_ADD = 1      /* "add": added channel by channel (to 0 if nothing is under it);
                               only kinds blended channel by channel */
};

/* What a node is. */
typedef int32_t kf_node_kind;
enum {
  KF_NODE_CLIP = 0,     /* "clip" */
  KF_NODE_TIMELINE = 1, /* "timeline" */
  KF_NODE_STAGGER = 2   /* "stagger" */
};

/* Where a stagger's distribution starts from (GSAP's `from`). */
typedef int32_t kf_stagger_from;
enum {
  KF_STAGGER_FROM_START = 0,  /* "start": ratio 0 (origin half a cell before item 0) */
  KF_STAGGER_FROM_CENTER = 1, /* "center" */
  KF_STAGGER_FROM_END = 2,    /* "end" */
  KF_STAGGER_FROM_EDGES = 3,  /* "edges": both ends inwards */
  KF_STAGGER_FROM_RANDOM = 4, /* "random": distances shuffled by `seed` */
  KF_STAGGER_FROM_INDEX = 5,  /* "index": item `origin_index` */
  KF_STAGGER_FROM_POINT = 6   /* "point": (origin_x, origin_y) in [0, 1]^2 of the grid */
};

/* The axis a stagger measures distances along. */
typedef int32_t kf_stagger_axis;
enum {
  KF_STAGGER_AXIS_BOTH = 0, /* "both": Euclidean distance */
  KF_STAGGER_AXIS_X = 1,    /* "x" */
  KF_STAGGER_AXIS_Y = 2     /* "y" */
};

/* AnimationKit's presets. */
typedef int32_t kf_stagger_preset;
enum {
  KF_STAGGER_PRESET_DEFAULT = 0, /* "default" */
  KF_STAGGER_PRESET_GRID = 1,    /* "grid" */
  KF_STAGGER_PRESET_LIST = 2     /* "list" */
};

/* UIKit's keyframe calculation modes for relative keyframes. */
typedef int32_t kf_calculation_mode;
enum {
  KF_CALCULATION_LINEAR = 0,     /* "linear" */
  KF_CALCULATION_DISCRETE = 1,   /* "discrete" */
  KF_CALCULATION_PACED = 2,      /* "paced" */
  KF_CALCULATION_CUBIC = 3,      /* "cubic" */
  KF_CALCULATION_CUBIC_PACED = 4 /* "cubicPaced" */
};

/* A player's play state (Web Animations'). */
typedef int32_t kf_play_state;
enum {
  KF_PLAY_STATE_IDLE = 0,    /* "idle": no current time, no effect */
  KF_PLAY_STATE_RUNNING = 1, /* "running" */
  KF_PLAY_STATE_PAUSED = 2,  /* "paused" */
  KF_PLAY_STATE_FINISHED = 3 /* "finished" */
};

/* What happened to a player. */
typedef int32_t kf_event_kind;
enum {
  KF_EVENT_STARTED = 0,   /* "started": began running */
  KF_EVENT_ITERATION = 1, /* "iteration": the node's current iteration changed */
  KF_EVENT_PAUSED = 2,    /* "paused" (also pausing on completion) */
  KF_EVENT_REVERSED = 3,  /* "reversed" */
  KF_EVENT_FINISHED = 4,  /* "finished": reached the end (0 backwards), finished or stopped */
  KF_EVENT_CANCELLED = 5  /* "cancelled" */
};

/* Where kf_player_stop leaves the player. */
typedef int32_t kf_stop_position;
enum {
  KF_STOP_AT_START = 0,  /* "start" */
  KF_STOP_AT_END = 1,    /* "end" */
  KF_STOP_AT_CURRENT = 2 /* "current" */
};

/* The name of a value of these enums; NULL for a value this library does
 * not define. Static. */
const char *kf_composite_name(kf_composite composite);
const char *kf_node_kind_name(kf_node_kind kind);
const char *kf_stagger_from_name(kf_stagger_from from);
const char *kf_stagger_axis_name(kf_stagger_axis axis);
const char *kf_stagger_preset_name(kf_stagger_preset preset);
const char *kf_calculation_mode_name(kf_calculation_mode mode);
const char *kf_play_state_name(kf_play_state state);
const char *kf_event_kind_name(kf_event_kind kind);
const char *kf_stop_position_name(kf_stop_position position);

/* The value called `name` in *out.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (with the closest name). */
kf_status kf_composite_from_name(const char *name, kf_composite *out);
kf_status kf_node_kind_from_name(const char *name, kf_node_kind *out);
kf_status kf_stagger_from_from_name(const char *name, kf_stagger_from *out);
kf_status kf_stagger_axis_from_name(const char *name, kf_stagger_axis *out);
kf_status kf_stagger_preset_from_name(const char *name, kf_stagger_preset *out);
kf_status kf_calculation_mode_from_name(const char *name, kf_calculation_mode *out);
kf_status kf_play_state_from_name(const char *name, kf_play_state *out);
kf_status kf_event_kind_from_name(const char *name, kf_event_kind *out);
kf_status kf_stop_position_from_name(const char *name, kf_stop_position *out);

/* A new clip playing `animator` (shared, not copied) in *out_node: one
 * iteration covers animator times span[0] .. span[1] (span NULL: the
 * animator's first to last keyframe time over all its tracks, read when
 * sampled), so it samples the animator at span[0] + p * (span[1] - span[0])
 * for its transformed progress p. `timing` NULL: the defaults (duration
 * auto: the span's length).
 * Errors: KF_E_NULL (out_node), KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (a
 * span that is not finite or runs backwards, an undefined composite, the
 * timing as kf_timing_validate), KF_E_EASING, KF_E_INVALID_NAME. */
kf_status kf_clip_new(kf_animator *animator, const double *span, const kf_timing_options *timing,
                      kf_composite composite, kf_node **out_node);

/* A new, empty timeline in *out_node (`timing` NULL: the defaults; duration
 * auto: its latest child end).
 * Errors: KF_E_NULL, as kf_timing_validate. */
kf_status kf_timeline_new(const kf_timing_options *timing, kf_node **out_node);

/* Adds `child` to `timeline` at `position` (GSAP's position parameter,
 * resolved now: NULL or "+=0" the timeline's end, "2.5", "+=x", "-=x", "<",
 * "<x", ">", ">x", "label", "label+=x", "label-=x"; Guides/Choreography.md)
 * and writes its start time to *out_start (may be NULL).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (not a
 * timeline; a child with a parent or that would make a cycle; a malformed
 * position, naming the offset), KF_E_NOT_FOUND (an unknown label),
 * KF_E_INVALID_NAME. Nothing changes on an error. */
kf_status kf_timeline_add(kf_node *timeline, kf_node *child, const char *position,
                          double *out_start);

/* Adds (or moves) the label `name` at `position` (as kf_timeline_add) and
 * writes its time to *out_time (may be NULL). A name starts with a letter
 * or '_', then letters, digits, '_', '-', '.'; at most 255 bytes.
 * Errors: as kf_timeline_add, KF_E_INVALID_NAME for a bad name. */
kf_status kf_timeline_add_label(kf_node *timeline, const char *name, const char *position,
                                double *out_time);

/* The time of label `name` in *out_time.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (not a
 * timeline), KF_E_NOT_FOUND. */
kf_status kf_timeline_label_time(const kf_node *timeline, const char *name, double *out_time);

/* The number of children of a timeline (0 for another node). Errors:
 * KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_timeline_child_count(const kf_node *timeline, size_t *out_count);

/* The index-th child (a new handle) and its start time (either may be
 * NULL). Errors: KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE. */
kf_status kf_timeline_child_at(const kf_node *timeline, size_t index, kf_node **out_child,
                               double *out_start);

/* How a stagger spreads its items' start offsets (GSAP's distribute() and
 * AnimationKit's maxAnimationCount; Guides/Choreography.md has the
 * formulas). */
typedef struct kf_stagger_options {
  uint32_t version;      /* KF_STAGGER_OPTIONS_VERSION */
  double each;           /* per unit of distance, finite, >= 0 (used when amount is NaN) */
  double amount;         /* the whole spread, finite; NaN: use `each` */
  kf_stagger_from origin;     /* where it starts from (GSAP's `from`); KF_STAGGER_FROM_INDEX
                                 with origin_index 0 by default, as GSAP */
  int64_t origin_index;       /* for KF_STAGGER_FROM_INDEX, >= 0 */
  double origin_x, origin_y;  /* for KF_STAGGER_FROM_POINT, in [0, 1] */
  uint64_t seed;         /* for KF_STAGGER_FROM_RANDOM */
  int32_t grid_rows;     /* 0 and 0: no grid (one row); else both >= 1 */
  int32_t grid_columns;
  kf_stagger_axis axis; /* KF_STAGGER_AXIS_BOTH by default */
  const char *ease;     /* NULL or "": none; else an easing over the normalized distance */
  int64_t max_count;    /* AnimationKit's maxAnimationCount; KF_STAGGER_NO_MAX_COUNT: none;
                           <= 0: nothing animates (needs `each`) */
} kf_stagger_options;

#define KF_STAGGER_OPTIONS_VERSION 1
#define KF_STAGGER_NO_MAX_COUNT INT64_MIN
#define KF_STAGGER_OPTIONS_INIT                                                            \
  { KF_STAGGER_OPTIONS_VERSION, 0.05, NAN, KF_STAGGER_FROM_INDEX, 0, 0, 0, 0, 0, 0,        \
    KF_STAGGER_AXIS_BOTH, NULL, KF_STAGGER_NO_MAX_COUNT }

/* Fills *options with the defaults (as KF_STAGGER_OPTIONS_INIT). Errors:
 * KF_E_NULL. */
kf_status kf_stagger_options_init(kf_stagger_options *options);

/* A new stagger in *out_node playing the clip `template_clip` (which
 * becomes its child) for each of targets[0 .. count-1] (UTF-8, non-empty);
 * item i starts at its offset. An item's pairs are the template tracks'
 * with the target renamed: an empty track target becomes the item's, a
 * track target "icon" becomes "item.icon". `options` NULL: the defaults
 * (each 0.05 from item 0); `timing` NULL: the defaults.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (no targets;
 * a template that is not a clip or has a parent; options out of range;
 * max_count with amount), KF_E_INVALID_NAME (an empty target, an undefined
 * `from` or `axis`), KF_E_EASING. */
kf_status kf_stagger_new(kf_node *template_clip, const char *const *targets, size_t count,
                         const kf_stagger_options *options, const kf_timing_options *timing,
                         kf_node **out_node);

/* AnimationKit's preset `preset` as a stagger over targets[0 .. count-1]:
 * six scalar tracks opacity, offsetX, offsetY, rotation, scale, blur from
 * the preset's from to its to values with the spring bouncy(duration: 0.4),
 * each 0.05, max_count 20, template fill both.
 * Errors: as kf_stagger_new, KF_E_INVALID_VALUE for an undefined preset. */
kf_status kf_stagger_preset_new(kf_stagger_preset preset, const char *const *targets,
                                size_t count, kf_node **out_node);

/* The template clip of AnimationKit's preset `preset` (a new node without
 * a parent, for kf_stagger_new with other options).
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE (an undefined preset). */
kf_status kf_stagger_preset_template(kf_stagger_preset preset, kf_node **out_clip);

/* A stagger's item offsets into out_offsets (capacity doubles) and their
 * count into *out_count (also on KF_E_BUFFER_TOO_SMALL; 0 for another
 * node). Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_stagger_offsets(const kf_node *stagger, double *out_offsets, size_t capacity,
                             size_t *out_count);

/* Relative keyframes (UIView.animateKeyframes): a builder. Give every
 * animated property its value before the animation, add blocks, then make
 * the clip (a new node; the builder can be released or reused). */
typedef struct kf_relative_keyframes kf_relative_keyframes;

/* A new builder for an animation of `duration` seconds (finite, > 0) after
 * `delay` (finite). Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_relative_keyframes_new(double duration, double delay, kf_calculation_mode mode,
                                    kf_relative_keyframes **out_keyframes);

/* Releases the builder. NULL is a no-op. */
void kf_relative_keyframes_release(kf_relative_keyframes *keyframes);

/* The value of `property` of `target` before the animation: value[0 ..
 * channels-1] of the kind `options` names (NULL: the property's default
 * kind, as kf_animator_add_track).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_DUPLICATE (given already),
 * KF_E_INVALID_NAME, KF_E_WRONG_SIZE, KF_E_INVALID_VALUE,
 * KF_E_KIND_MISMATCH. */
kf_status kf_relative_keyframes_set_start(kf_relative_keyframes *keyframes, const char *target,
                                          const char *property, const kf_track_options *options,
                                          const double *value, size_t channels);

/* Adds a block over [relative_start, relative_start + relative_duration] of
 * the whole (fractions; start in [0, 1], duration in (0, 1], their sum <=
 * 1) that sets `count` properties: targets[i].properties[i] to
 * values[offsets[i] .. offsets[i+1]-1] (offsets has count + 1 entries).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (fractions out
 * of range; a block overlapping another on one property), KF_E_NOT_FOUND (a
 * property without a start value), KF_E_WRONG_SIZE. Nothing is added on an
 * error. */
kf_status kf_relative_keyframes_add_block(kf_relative_keyframes *keyframes, double relative_start,
                                          double relative_duration, const char *const *targets,
                                          const char *const *properties, const double *values,
                                          const size_t *offsets, size_t count);

/* The clip: an animator keyed in seconds over [0, duration], with the delay,
 * the duration and fill both. Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_relative_keyframes_make_clip(const kf_relative_keyframes *keyframes,
                                          kf_node **out_node);

/* Releases a node handle. NULL is a no-op; a node in a tree stays there. */
void kf_node_release(kf_node *node);

/* What the node is in *out_kind. Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_node_kind_of(const kf_node *node, kf_node_kind *out_kind);

/* Replaces the node's timing (NULL: the defaults).
 * Errors: KF_E_INVALID_HANDLE, as kf_timing_validate. */
kf_status kf_node_set_timing(kf_node *node, const kf_timing_options *timing);

/* The node's timing in Web Animations' terms into *out_timing (as
 * kf_timing_validate writes it: autoreverses and time_offset folded in and
 * 0); its easing is the easing's canonical text, a static string (NULL for
 * linear). Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_node_get_timing(const kf_node *node, kf_timing_options *out_timing);

/* The node's natural duration (what duration auto stands for), active
 * duration and end time (each may be NULL).
 * Errors: KF_E_INVALID_HANDLE. */
kf_status kf_node_durations(const kf_node *node, double *out_natural, double *out_active,
                            double *out_end);

/* The node's computed timing at `local_time` (its natural duration for
 * auto, fill auto as for its kind) into *out_timing (version set by the
 * caller). Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE. */
kf_status kf_node_compute(const kf_node *node, double local_time,
                          kf_animation_direction direction, kf_computed_timing *out_timing);

/* The node's columns: for each (target, property) its clips animate, in
 * tree order, its kf_column into out_columns (capacity entries) and its
 * target and property into out_names as "target\0property\0" (names_capacity
 * bytes). *out_pair_count, *out_names_length, *out_width (doubles per row)
 * and *out_generation (changes whenever the columns change) — each may be
 * NULL — are written also on KF_E_BUFFER_TOO_SMALL.
 * Errors: KF_E_NULL (a NULL buffer with a capacity), KF_E_INVALID_HANDLE,
 * KF_E_BUFFER_TOO_SMALL, KF_E_KIND_MISMATCH (one pair with two kinds, or
 * add on a kind not blended channel by channel), KF_E_EMPTY_TRACK. */
kf_status kf_node_get_layout(const kf_node *node, kf_column *out_columns, size_t capacity,
                             char *out_names, size_t names_capacity, size_t *out_pair_count,
                             size_t *out_names_length, size_t *out_width,
                             uint64_t *out_generation);

/* Samples the node at each of `count` local times into a row-major matrix
 * out_values (capacity doubles; needs count * width), NaN where no clip has
 * an effect; *out_width and *out_generation (may be NULL) as
 * kf_node_get_layout. Large batches are split across threads. `direction`
 * is the direction time runs in.
 * Errors: as kf_node_get_layout, KF_E_INVALID_VALUE (direction). */
kf_status kf_node_sample_many(const kf_node *node, const double *times, size_t count,
                              kf_animation_direction direction, double *out_values,
                              size_t capacity, size_t *out_width, uint64_t *out_generation);

/* kf_node_sample_many's matrix transposed (0.3.5): column c at times[j] is
 * out_values[c * count + j]. The same bits; arguments and errors as
 * kf_node_sample_many. */
kf_status kf_node_sample_columns(const kf_node *node, const double *times, size_t count,
                                 kf_animation_direction direction, double *out_values,
                                 size_t capacity, size_t *out_width, uint64_t *out_generation);

/* A player event. */
typedef struct kf_event {
  kf_event_kind kind;
  double clock_time; /* when it happened */
  double iteration;  /* the new iteration for KF_EVENT_ITERATION, else NaN */
} kf_event;

/* A new idle player for `node` (the player keeps it alive) with its clock
 * at 0, in *out_player. `curve`: NULL or "" for none, else an easing
 * (UIViewPropertyAnimator's timing curve over the fraction complete).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_EASING. */
kf_status kf_player_new(kf_node *node, const char *curve, kf_player **out_player);

/* Releases a player. NULL is a no-op. */
void kf_player_release(kf_player *player);

/* Moves the clock to `now` (kf_player_tick) or by `dt` (kf_player_advance)
 * and reports what happened since the last report into out_events
 * (capacity entries), their count in *out_count. Events that do not fit
 * stay queued for the next call (*out_more, may be NULL, says so).
 * Errors: KF_E_NULL (a NULL buffer with a capacity, out_count),
 * KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (a time that is not finite). */
kf_status kf_player_tick(kf_player *player, double now, kf_event *out_events, size_t capacity,
                         size_t *out_count, int32_t *out_more);
kf_status kf_player_advance(kf_player *player, double dt, kf_event *out_events,
                            size_t capacity, size_t *out_count, int32_t *out_more);

/* A frame loop's step in one call: moves the clock by `dt`, samples the
 * node at the new clock time into out_values (one row, as
 * kf_player_sample_many; capacity doubles), and reports the events as
 * kf_player_advance does. *out_width may be NULL. The step is atomic: the
 * move, the row and the events are made under the player's lock and the
 * read locks of the node's tree and animators, so the row is the node at
 * the clock this call set, even while other threads step the player or
 * edit the animators.
 * Errors: as kf_player_advance (nothing moved) and kf_player_sample_many
 * (the clock has moved; the events stay queued). */
kf_status kf_player_advance_frame(kf_player *player, double dt, double *out_values,
                                  size_t capacity, size_t *out_width, kf_event *out_events,
                                  size_t events_capacity, size_t *out_count, int32_t *out_more);

/* Controls (Web Animations' Animation, headless). Their events are reported
 * by the next tick or advance.
 * Errors: KF_E_INVALID_HANDLE; KF_E_INVALID_STATE (play/reverse rewinding
 * to an infinite end, finish at rate 0 or on a node that never ends, stop at
 * the end of one); KF_E_INVALID_VALUE (a time or rate that is not finite, a
 * duration factor <= 0 or one that makes the rate overflow, and (0.3.8) a
 * control that would put the start time, clock - current time / rate, beyond
 * the doubles: a finite time at a tiny rate); KF_E_EASING. A control that
 * fails changes nothing. */
kf_status kf_player_play(kf_player *player);
kf_status kf_player_pause(kf_player *player);
kf_status kf_player_reverse(kf_player *player);
kf_status kf_player_finish(kf_player *player);
kf_status kf_player_cancel(kf_player *player);
kf_status kf_player_set_current_time(kf_player *player, double time);
kf_status kf_player_set_playback_rate(kf_player *player, double rate);
kf_status kf_player_set_fraction_complete(kf_player *player, double fraction);
kf_status kf_player_set_reversed(kf_player *player, int32_t reversed);
kf_status kf_player_set_pauses_on_completion(kf_player *player, int32_t pauses);
kf_status kf_player_set_scrubs_linearly(kf_player *player, int32_t scrubs);
kf_status kf_player_continue(kf_player *player, const char *easing, double duration_factor);
kf_status kf_player_stop(kf_player *player, kf_stop_position position);

/* (0.3.2) Web Animations' start time, in the clock's time: the clock time
 * at which the current time was (or would be) 0 while running, so that
 * current time = (clock - start) * rate. kf_player_get_start_time writes
 * NaN when it is unresolved (idle, paused, or a rate of 0 holding a time).
 * kf_player_set_start_time sets it (the spec's "set the start time": the
 * player runs from it; at rate 0 the held time stays); NaN unresolves it,
 * holding the current time (paused there). The current time and the start
 * time stay consistent when the rate changes (the rate setter keeps the
 * current time and moves the start). kf_player_set_current_time(NaN) is a
 * no-op on an idle player and KF_E_INVALID_VALUE otherwise (the spec's
 * TypeError).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (an infinite
 * start). */
kf_status kf_player_get_start_time(const kf_player *player, double *out_start);
kf_status kf_player_set_start_time(kf_player *player, double start);

/* The player's state. Every output may be NULL. current_time is NaN when
 * idle.
 * Errors: KF_E_INVALID_HANDLE. */
typedef struct kf_player_state {
  uint32_t version; /* the caller sets KF_PLAYER_STATE_VERSION */
  kf_play_state play_state;
  double clock_time;
  double current_time;
  double playback_rate;
  double fraction_complete;
  int32_t pauses_on_completion;
  int32_t scrubs_linearly;
} kf_player_state;

#define KF_PLAYER_STATE_VERSION 1
#define KF_PLAYER_STATE_INIT { KF_PLAYER_STATE_VERSION, KF_PLAY_STATE_IDLE, 0, 0, 0, 0, 0, 0 }

/* The player's state into *out_state (version set by the caller).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (version). */
kf_status kf_player_get_state(const kf_player *player, kf_player_state *out_state);

/* The node's local times at clock_times[0 .. count-1] as the player would
 * run through them without further controls (held while paused, clamped at
 * the end, NaN when idle) into out_times (capacity doubles).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_player_local_times(const kf_player *player, const double *clock_times,
                                size_t count, double *out_times, size_t capacity);

/* The node sampled at those local times (kf_node_sample_many's matrix, one
 * row per clock time): a video in one call. count 1 at the clock time is
 * the frame now.
 * Errors: as kf_player_local_times and kf_node_sample_many. */
kf_status kf_player_sample_many(const kf_player *player, const double *clock_times,
                                size_t count, double *out_values, size_t capacity,
                                size_t *out_width, uint64_t *out_generation);

/* ---------------------------------------------------------------------------
 * Value helpers. Colors are non-premultiplied sRGB-encoded (r, g, b, a),
 * four doubles each, not clipped (extended sRGB).
 */

/* Parses CSS Color 4 text into a color out_rgba[0..3]: "#rgb", "#rgba",
 * "#rrggbb", "#rrggbbaa", the 148 named colors and "transparent" (any
 * case), rgb()/rgba() in comma and space syntax, hsl()/hsla(), hwb(),
 * oklab() and oklch(). Values are clamped only where CSS clamps them when
 * parsing (alpha, rgb() channels, negative saturation or chroma); other
 * out-of-range values give extended sRGB.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (not UTF-8), KF_E_INVALID_VALUE (the
 * message quotes the text, gives the byte offset and what is wrong, and
 * suggests the closest color name). */
kf_status kf_color_parse(const char *text, double *out_rgba);

/* Converts `count` colors rgba[4 i ... 4 i + 3] into coordinates of `space`
 * ("srgb", "linear-srgb", "oklab" L a b, "oklch" L C h with h in degrees,
 * "hsl" h s l with s, l as fractions) followed by alpha:
 * out[4 i ... 4 i + 3]. OKLab uses Bjorn Ottosson's matrices as CSS Color
 * 4's sample code writes them. The arrays may be the same.
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE (a non-finite number),
 * KF_E_INVALID_NAME (unknown space). */
kf_status kf_color_to_space(const char *space, const double *rgba, size_t count,
                            double *out_coordinates);

/* The inverse of kf_color_to_space: `count` quadruples of coordinates of
 * `space` and alpha to sRGB-encoded colors out_rgba[4 i ... 4 i + 3]. */
kf_status kf_color_from_space(const char *space, const double *coordinates, size_t count,
                              double *out_rgba);

/* Maps `count` colors into the sRGB gamut as CSS Color 4 does (chroma
 * reduction in OKLCh with a deltaEOK just-noticeable difference of 0.02),
 * writing out_rgba (4 doubles per color; may be rgba itself).
 * Errors: KF_E_NULL, KF_E_INVALID_VALUE. */
kf_status kf_color_gamut_map(const double *rgba, size_t count, double *out_rgba);

/* An affine transform out_transform[0..5] (a, b, c, d, tx, ty) that scales
 * by (sx, sy), then rotates by `angle` radians (CGAffineTransformMakeRotation's
 * sign), then translates by (tx, ty), applied to a point: the same
 * composition as kf_animator_transform_many.
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

/* ---------------------------------------------------------------------------
 * Paths (Guides/Paths.md): SVG path data, motion along a path (CSS Motion
 * Path's offset-distance and offset-rotate, RazzleDazzle's
 * PathPositionAnimation), stroke trimming (strokeStart / strokeEnd, Lottie's
 * trim paths) and spatial interpolation of points.
 *
 * A path is immutable once made, so every function here may be called on
 * one path from any number of threads. Positions along a path are
 * arc-length fractions f: the point at arc length f * length along the
 * drawn segments (movetos add no length). A closed path (its last command
 * is Z or z) wraps fractions outside [0, 1] (f - floor(f), so 1 is 0
 * again, as CSS offset-distance does); an open one clamps them to [0, 1].
 * NaN gives NaN, and so do +-INFINITY on a closed path. At a joint a query
 * sees the later segment (at f = 1 of an open path, the last). Lengths
 * are accurate to about 1e-15 and points to better than 1e-10 of the
 * length (the vectors check 1e-9; arcs are evaluated exactly, not
 * approximated by Beziers). Angles are degrees,
 * atan2(dy, dx) of the direction of travel in path coordinates (y down:
 * clockwise on screen), in (-180, 180]. A path of length 0 gives its first
 * point and a tangent angle of 0 everywhere.
 */
typedef struct kf_path kf_path;

/* How a point moving along a path is rotated (CSS offset-rotate). */
typedef int32_t kf_rotate;
enum {
  KF_ROTATE_AUTO = 0,    /* "auto": the tangent's angle + angle (CSS "auto <angle>") */
  KF_ROTATE_REVERSE = 1, /* "reverse": the tangent's angle + 180 + angle */
  KF_ROTATE_FIXED = 2    /* "fixed": angle itself, whatever the path does (CSS "<angle>") */
};

/* The name of a kf_rotate value; NULL for a value this library does not
 * define. Static. */
const char *kf_rotate_name(kf_rotate rotate);

/* The kf_rotate value called `name` in *out_rotate.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (the message suggests the closest
 * name). */
kf_status kf_rotate_from_name(const char *name, kf_rotate *out_rotate);

/* Parses SVG path data (SVG 1.1 section 8.3: M L H V C S Q T A Z, absolute
 * and relative, implicit repeats, compact numbers such as "M1.5.5" and
 * flags such as "a1 1 0 00 1 1"; arcs as Appendix F.6 converts them, radii
 * too small scaled up, a zero radius a line, identical end points no
 * segment) into a new path in *out_path. The whole text must be valid
 * path data: on the first error nothing is made, the message gives the byte
 * offset and the reason, and *out_error_offset (may be NULL) receives the
 * offset (the one output written on an error).
 * Every path accepted can be measured and sampled in bounded time: a
 * segment whose geometry is not finite, or whose length bound (its control
 * polygon; an arc's sweep times its larger radius) or the path's total
 * bound passes 2^1020 (about 1.1e307), is an error at that segment's
 * offset.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (not UTF-8), KF_E_INVALID_VALUE
 * (a syntax error, a number out of the double range, empty data, geometry
 * too large to measure, text longer than KF_PATH_DATA_MAX_BYTES),
 * KF_E_OUT_OF_RANGE (too many live handles). */
kf_status kf_path_parse(const char *data, kf_path **out_path, size_t *out_error_offset);

/* The longest path data kf_path_parse (and a scene file's path) accepts, in
 * bytes (4 MiB): longer text is KF_E_INVALID_VALUE at this offset. A path
 * takes about 80 bytes of memory a byte of its text. (0.3.2) */
#define KF_PATH_DATA_MAX_BYTES 4194304

/* A path through `count` points points[2 i], points[2 i + 1] (spatial
 * interpolation, as After Effects and Lottie move positions): segment i is
 * the cubic Bezier from point i to point i + 1 with control points
 * point i + out_tangents[i] and point i + 1 + in_tangents[i + 1] (offsets,
 * Lottie's "to" and "ti"; two doubles each, `count` of them, NULL for
 * zeros); a segment with two zero tangents is a line. The path is open;
 * its arc-length fractions traverse the route at constant speed.
 * Errors: KF_E_NULL, KF_E_WRONG_SIZE (count 0 or too large),
 * KF_E_INVALID_VALUE (a non-finite number; a route whose length bound
 * passes 2^1020, as kf_path_parse; the message names the segment),
 * KF_E_OUT_OF_RANGE. */
kf_status kf_path_from_points(const double *points, const double *in_tangents,
                              const double *out_tangents, size_t count, kf_path **out_path);

/* Releases a path. NULL, or an already released handle, is a no-op. */
void kf_path_release(kf_path *path);

/* The total arc length of the drawn segments in *out_length.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_path_length(const kf_path *path, double *out_length);

/* 1 in *out_closed if the path's last command is a closepath, else 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_path_is_closed(const kf_path *path, int32_t *out_closed);

/* The tight bounding box of the drawn geometry (end points and the curves'
 * extremes, not their control points) as out_rect[0..3] = (x, y, width,
 * height); a path without segments gives the zero-size box at its first
 * moveto. Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_path_bounds(const kf_path *path, double *out_rect);

/* The point and/or the rotation at each of `count` arc-length fractions:
 * out_xy[2 i], out_xy[2 i + 1] and out_angles[i] (either may be NULL, not
 * both; each has room for `capacity` results, so out_xy holds 2 * capacity
 * doubles; capacity >= count). The angle follows `rotate` with `angle`
 * degrees (finite; see kf_rotate); KF_ROTATE_AUTO with 0 is the tangent's
 * angle. Large batches are split across threads (kf_thread_count) with
 * identical results. `fractions` may be NULL when count is 0.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (an undefined
 * rotate value, a non-finite angle), KF_E_WRONG_SIZE (count too large),
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_path_point_many(const kf_path *path, const double *fractions, size_t count,
                             kf_rotate rotate, double angle, double *out_xy, double *out_angles,
                             size_t capacity);

/* The path as SVG path data in absolute commands (M L Q C A Z), numbers in
 * their shortest round-trip form, as text (see Conventions): parsing it
 * gives the same path. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_path_data(const kf_path *path, char *out_text, size_t capacity, size_t *out_length);

/* The sub-path between arc-length fractions `start` and `end` (finite), as
 * path data text (see Conventions): exact slices of the segments, a moveto
 * wherever pieces do not join. An open path clamps both to [0, 1] and an
 * end at or before the start gives a lone moveto at the start's point
 * ("M x y"). A closed path takes the length min(end - start, 1) from
 * start wrapped into [0, 1), running on past its end from its start (a
 * trim offset), and end - start >= 1 gives the whole path; an end at or
 * before the start gives the lone moveto. The result is open except for a
 * whole closed path. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_INVALID_VALUE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_path_trim(const kf_path *path, double start, double end, char *out_text,
                       size_t capacity, size_t *out_length);

/* The same sub-path as `count` points evenly spaced in arc length from
 * start to end, both included (one point: the start's), into
 * out_xy[2 i], out_xy[2 i + 1] (room for `capacity` points, >= count).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE,
 * KF_E_WRONG_SIZE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_path_trim_points(const kf_path *path, double start, double end, size_t count,
                              double *out_xy, size_t capacity);

/* ---------------------------------------------------------------------------
 * Masks (JazzHands' mask animations): the geometry of a view's mask at a
 * progress v. For a view of width w and height h the mask is a rectangle
 * (x, y, width, height) and, for the circles, a radius:
 *   top     (0, 0, w, h v)             bottom (0, h - h v, w, h v)
 *   left    (0, 0, w v, h)             right  (w - w v, 0, w v, h)
 *   circle  radius r = min(w, h) / 2 * v, the square around the center
 *   bounds  radius r = sqrt((w/2)^2 + (h/2)^2) * v, likewise
 * (the circles' rectangle is (w/2 - r, h/2 - r, 2 r, 2 r); the reveals'
 * radius is 0). v below 0 counts as 0; above 1 the mask grows past the
 * view (an overshooting easing); NaN gives NaN. A mask track is a progress
 * track sampled in one batch, then this call.
 */
typedef int32_t kf_mask;
enum {
  KF_MASK_TOP = 0,    /* "top": revealed from the top edge down */
  KF_MASK_LEFT = 1,   /* "left" */
  KF_MASK_BOTTOM = 2, /* "bottom" */
  KF_MASK_RIGHT = 3,  /* "right" */
  KF_MASK_CIRCLE = 4, /* "circle": from the center to the inscribed circle */
  KF_MASK_BOUNDS = 5  /* "bounds": from the center to the circle through the corners */
};

/* The name of a kf_mask value; NULL for a value this library does not
 * define. Static. */
const char *kf_mask_name(kf_mask mask);

/* The kf_mask value called `name` in *out_mask.
 * Errors: KF_E_NULL, KF_E_INVALID_NAME (the message suggests the closest
 * name). */
kf_status kf_mask_from_name(const char *name, kf_mask *out_mask);

/* The mask `kind` of a view of width x height (finite, >= 0) at each of
 * `count` progress values: the rectangle into out_rects[4 i ... 4 i + 3]
 * and the radius into out_radii[i] (either may be NULL, not both; room for
 * `capacity` results each, >= count). `progress` may be NULL when count
 * is 0. Errors: KF_E_NULL, KF_E_INVALID_VALUE (an undefined kind, a size
 * that is not finite or negative), KF_E_WRONG_SIZE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_mask_geometry_many(kf_mask kind, double width, double height,
                                const double *progress, size_t count, double *out_rects,
                                double *out_radii, size_t capacity);

/* ---------------------------------------------------------------------------
 * Lottie import (Guides/Lottie.md): a Lottie (bodymovin) JSON document as a
 * timeline of one clip per layer, with lottie-web's semantics (cubic Bezier
 * easing per keyframe and dimension, holds, spatial positions by arc
 * length, transforms, fills, strokes, trim paths, rectangles, ellipses,
 * shape paths). What is not imported is listed as warnings with JSON
 * Pointers; malformed input is KF_E_INVALID_VALUE naming the pointer, and
 * nothing is made. An import is immutable: every call may run on any
 * thread at once.
 */
typedef struct kf_lottie kf_lottie;

/* Imports `length` bytes of UTF-8 JSON at `json` into a new import in
 * *out_lottie. `seconds` 0: the timeline's time is Lottie's frames; 1:
 * seconds (frame / frame rate). Errors: KF_E_NULL, KF_E_INVALID_VALUE (the
 * message names the JSON Pointer, and line and column for a JSON syntax
 * error), KF_E_OUT_OF_RANGE (too many live handles). */
kf_status kf_lottie_import(const char *json, size_t length, int32_t seconds,
                           kf_lottie **out_lottie);

/* Releases an import (its timeline handle, if taken, stays valid). NULL, or
 * an already released handle, is a no-op. */
void kf_lottie_release(kf_lottie *lottie);

/* A new handle to the import's timeline in *out_timeline (release it with
 * kf_node_release). Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_OUT_OF_RANGE. */
kf_status kf_lottie_timeline(const kf_lottie *lottie, kf_node **out_timeline);

/* An import's numbers, without its lists. Every field is written. */
typedef struct kf_lottie_info {
  double frame_rate; /* the file's `fr` (frames per second) */
  double in_point;   /* the composition's `ip` and `op`, in frames */
  double out_point;
  double width; /* the composition's `w` and `h` (0 when absent) */
  double height;
  int32_t seconds;  /* the timeline's unit: 0 frames, 1 seconds */
  size_t row_width; /* numbers per row of kf_lottie_sample_many */
  size_t layers;    /* the lengths of kf_lottie_describe's lists */
  size_t columns;
  size_t statics;
  size_t warnings;
} kf_lottie_info;

/* (0.3.1) The import's numbers in *out_info, without building
 * kf_lottie_describe's text (a binding can build its lists on first use).
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_lottie_get_info(const kf_lottie *lottie, kf_lottie_info *out_info);

/* Everything but the values, as JSON text (see Conventions for text
 * outputs): {"frame_rate", "in_point", "out_point", "width", "height",
 * "time_unit", "row_width", "layers": [{"name", "index", "parent_index",
 * "parent", "type", "in_point", "out_point", "start_time", "stretch"}],
 * "columns": [{"target", "property", "channels", "start"}], "static":
 * [{"target", "property", "value"}], "warnings": [{"pointer", "feature",
 * "message"}]} (absent numbers are null). Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_lottie_describe(const kf_lottie *lottie, char *out_text, size_t capacity,
                             size_t *out_length);

/* Every animated value at each of `count` times (the timeline's unit) into
 * the row-major out_values (capacity doubles, >= count * row_width): row j
 * holds the columns kf_lottie_describe lists at times[j], spatial positions
 * and shape paths put together; NaN where a layer does not show. `times`
 * may be NULL when count is 0. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_lottie_sample_many(const kf_lottie *lottie, const double *times, size_t count,
                                double *out_values, size_t capacity);

/* kf_lottie_sample_many's matrix transposed (0.3.5): number c of a row at
 * times[j] is out_values[c * count + j]. The same bits; arguments and
 * errors as kf_lottie_sample_many. */
kf_status kf_lottie_sample_columns(const kf_lottie *lottie, const double *times, size_t count,
                                   double *out_values, size_t capacity);

/* Every layer's 2D transform matrix at each of `count` times (the
 * timeline's unit) into out_matrices (capacity doubles, >= count * layers
 * * 6, layers as kf_lottie_describe lists them): layer l at times[j] is
 * out_matrices[(j * layers + l) * 6 ...] = {a, b, c, d, tx, ty}, with
 * x' = a x + c y + tx, y' = b x + d y + ty. A layer's own matrix is
 * lottie-web's: translate(-anchor), scale / 100, skew `sk` along `sa`,
 * rotation, translate(position). `world` 1: premultiplied by its chain of
 * parents' matrices (a parent applies also where it does not show; a
 * chain that loops or reaches a missing `ind` is not composed, and a
 * warning says so); 0: each layer's own. NaN where a layer does not show.
 * `times` may be NULL when count is 0. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (`world` not 0 or 1),
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_lottie_sample_transforms(const kf_lottie *lottie, const double *times, size_t count,
                                      int32_t world, double *out_matrices, size_t capacity);

/* ---------------------------------------------------------------------------
 * Playing a Lottie file: a frame as a display list (0.3.2; Guides/Lottie.md,
 * "Playing a file", and Tests/c/lottie_cairo.c, a complete program that
 * draws frames with cairo).
 *
 * kf_lottie_draw builds one frame of an import into a kf_display_list: the
 * frame's drawing operations in order, in composition pixels, with
 * lottie-web's semantics (precompositions with their start time, stretch,
 * time remapping and clip; parenting; masks; track mattes; hidden layers;
 * in and out points; blend modes; auto-orient; shape groups, rectangles,
 * ellipses, polystars, paths, fills, strokes with dashes, linear and
 * radial gradient fills and strokes, trim paths). What the
 * player does not draw yet is listed in the import's warnings.
 *
 * A list is an arena the caller creates once and reuses: each draw
 * replaces its content and, once the list has grown to a frame's size,
 * allocates nothing. kf_display_list_get gives pointers into it, valid
 * until the next kf_lottie_draw into the same list or its release. One
 * thread at a time draws into and reads a list (the library locks the list
 * during each call; the pointers it returns are the caller's to guard); an
 * import may be drawn by any number of threads into their own lists.
 *
 * How to draw the ops (a state stack, a stack of offscreen groups):
 *   SAVE         push the state (transform, clip) and concatenate `matrix`
 *                (x' = a x + c y + e, y' = b x + d y + f, as cairo_matrix_t
 *                and SkMatrix's affine form order it: a b c d e f).
 *   RESTORE      pop the state pushed by the matching SAVE.
 *   CLIP_RECT    intersect the clip with `rect` (x, y, w, h) until RESTORE.
 *   BEGIN_LAYER  start an offscreen group (transparent); what is drawn until
 *                the matching END_LAYER goes into it. With `flags` &
 *                KF_LAYER_FILL (0.3.6; After Effects' Fill effect), every
 *                pixel of the group takes color[0..2] (straight red, green,
 *                blue) and its alpha is multiplied by color[3], after any
 *                mask and matte and before END_LAYER composites it (an SVG
 *                feColorMatrix "0 0 0 0 r 0 0 0 0 g 0 0 0 0 b 0 0 0 a 0" in
 *                sRGB; a caller that ignores the flag draws the layer in
 *                its own colors).
 *   BEGIN_MASK   (inside a group) start the group's mask: a coverage buffer
 *                filled with `opacity` (0 or 1). Each MASK_PATH until
 *                END_MASK combines its coverage m (the path filled nonzero,
 *                1 - m when `flags` & KF_MASK_INVERTED; grown by `width`
 *                pixels when positive, shrunk when negative) times its
 *                `opacity` a with the buffer C by its `mode`:
 *                  KF_MASK_ADD        C = C + (1 - C) a m
 *                  KF_MASK_SUBTRACT   C = C (1 - a m)
 *                  KF_MASK_INTERSECT  C = C a m
 *                  KF_MASK_LIGHTEN    C = max(C, a m)
 *                  KF_MASK_DARKEN     C = min(C, a m)
 *                  KF_MASK_DIFFERENCE C = |C - a m|
 *                A MASK_PATH with no verbs has coverage 0 (1 inverted).
 *   END_MASK     multiply the group's content by C.
 *   BEGIN_MATTE  (inside a group) start the group's track matte: the ops
 *                until END_MATTE draw the matte into a second offscreen.
 *   END_MATTE    multiply the group's content by M, per the matching
 *                BEGIN_MATTE's `mode`:
 *                KF_MATTE_ALPHA the matte's alpha, _ALPHA_INVERTED
 *                1 - alpha, _LUMA 0.2125 R + 0.7154 G + 0.0721 B of the
 *                matte premultiplied by its alpha, _LUMA_INVERTED 1 - that.
 *   END_LAYER    composite the group onto what is below with the matching
 *                BEGIN_LAYER's `opacity` and blend mode `mode` (kf_blend_mode,
 *                the CSS blend modes), its KF_LAYER_FILL applied first.
 *   FILL         fill the path with the op's paint (below) by the fill rule
 *                `mode` (KF_FILL_NONZERO, KF_FILL_EVEN_ODD).
 *   STROKE       stroke the path with the op's paint, `width`, `cap`,
 *                `join`, `miter_limit`, and dashes: dash_count lengths at
 *                dashes[dash_start] (on, off, ...; an odd count repeats
 *                twice, as SVG and canvas do) from `dash_offset`.
 *   IMAGE        draw image asset `mode` (kf_lottie_image_*) scaled into
 *                `rect` with `opacity`.
 * A path is verb_count verbs at verbs[verb_start] and their points from
 * pair point_start of `points` (x, y pairs): KF_VERB_MOVE and KF_VERB_LINE
 * read one point, KF_VERB_CUBIC three (two controls, the end),
 * KF_VERB_CLOSE none.
 * A FILL's or STROKE's paint (`paint`, 0.3.3):
 *   KF_PAINT_SOLID   `color` (RGBA in [0, 1], not premultiplied; alpha
 *                    holds every opacity above it).
 *   KF_PAINT_LINEAR  a linear gradient from (gradient[0], gradient[1]) to
 *                    (gradient[3], gradient[4]);
 *   KF_PAINT_RADIAL  a two-point conical gradient from the circle at
 *                    (gradient[0], gradient[1]) of radius gradient[2] to the
 *                    circle at (gradient[3], gradient[4]) of radius
 *                    gradient[5] (canvas createRadialGradient, cairo
 *                    cairo_pattern_create_radial, skia MakeTwoPointConical
 *                    take the same six numbers; Lottie's highlight is the
 *                    first circle's center, radius 0).
 *   A gradient's colors are stop_count stops from stop stop_start of
 *   `stops` (five doubles each: offset in [0, 1], non-decreasing, then R G
 *   B A in [0, 1], not premultiplied), each alpha times color[3] (the
 *   opacities above it; color's R G B are 1); the colors pad beyond the
 *   first and last stops. Gradient points are in the op's coordinates, as
 *   the path's are.
 */
#define KF_DISPLAY_LIST_VERSION 2

typedef enum kf_draw_op_kind {
  KF_OP_SAVE = 1,
  KF_OP_RESTORE = 2,
  KF_OP_BEGIN_LAYER = 3,
  KF_OP_END_LAYER = 4,
  KF_OP_BEGIN_MASK = 5,
  KF_OP_MASK_PATH = 6,
  KF_OP_END_MASK = 7,
  KF_OP_BEGIN_MATTE = 8,
  KF_OP_END_MATTE = 9,
  KF_OP_FILL = 10,
  KF_OP_STROKE = 11,
  KF_OP_IMAGE = 12,
  KF_OP_CLIP_RECT = 13
} kf_draw_op_kind;

/* A FILL's or STROKE's paint (0.3.3). */
typedef enum kf_paint { KF_PAINT_SOLID = 0, KF_PAINT_LINEAR = 1, KF_PAINT_RADIAL = 2 } kf_paint;

typedef enum kf_path_verb {
  KF_VERB_MOVE = 0,
  KF_VERB_LINE = 1,
  KF_VERB_CUBIC = 2,
  KF_VERB_CLOSE = 3
} kf_path_verb;

typedef enum kf_mask_mode {
  KF_MASK_ADD = 1,
  KF_MASK_SUBTRACT = 2,
  KF_MASK_INTERSECT = 3,
  KF_MASK_LIGHTEN = 4,
  KF_MASK_DARKEN = 5,
  KF_MASK_DIFFERENCE = 6
} kf_mask_mode;

/* MASK_PATH flags. */
#define KF_MASK_INVERTED 1u
/* BEGIN_LAYER flags (0.3.6): fill the group with `color` (see the ops). */
#define KF_LAYER_FILL 1u

typedef enum kf_matte_mode {
  KF_MATTE_ALPHA = 1,
  KF_MATTE_ALPHA_INVERTED = 2,
  KF_MATTE_LUMA = 3,
  KF_MATTE_LUMA_INVERTED = 4
} kf_matte_mode;

typedef enum kf_fill_rule { KF_FILL_NONZERO = 1, KF_FILL_EVEN_ODD = 2 } kf_fill_rule;

typedef enum kf_line_cap { KF_CAP_BUTT = 1, KF_CAP_ROUND = 2, KF_CAP_SQUARE = 3 } kf_line_cap;

typedef enum kf_line_join { KF_JOIN_MITER = 1, KF_JOIN_ROUND = 2, KF_JOIN_BEVEL = 3 } kf_line_join;

/* Lottie's `bm` numbers: the CSS / PDF blend modes. */
typedef enum kf_blend_mode {
  KF_BLEND_NORMAL = 0,
  KF_BLEND_MULTIPLY = 1,
  KF_BLEND_SCREEN = 2,
  KF_BLEND_OVERLAY = 3,
  KF_BLEND_DARKEN = 4,
  KF_BLEND_LIGHTEN = 5,
  KF_BLEND_COLOR_DODGE = 6,
  KF_BLEND_COLOR_BURN = 7,
  KF_BLEND_HARD_LIGHT = 8,
  KF_BLEND_SOFT_LIGHT = 9,
  KF_BLEND_DIFFERENCE = 10,
  KF_BLEND_EXCLUSION = 11,
  KF_BLEND_HUE = 12,
  KF_BLEND_SATURATION = 13,
  KF_BLEND_COLOR = 14,
  KF_BLEND_LUMINOSITY = 15
} kf_blend_mode;

/* One drawing operation; which fields an op reads is listed above (the
 * others are zero, but matrix the identity, opacity 1 and miter_limit 4).
 * Every number is finite: a layer whose values overflow (a scale of 1e300)
 * does not show. 248 bytes (184 before 0.3.3, display list version 1). */
typedef struct kf_draw_op {
  uint32_t kind;  /* kf_draw_op_kind */
  uint32_t mode;  /* blend, mask, matte mode, fill rule or image index */
  uint32_t flags; /* MASK_PATH: KF_MASK_INVERTED; BEGIN_LAYER: KF_LAYER_FILL */
  uint32_t cap;   /* STROKE: kf_line_cap */
  uint32_t join;  /* STROKE: kf_line_join */
  uint32_t dash_count;
  uint32_t dash_start;
  uint32_t verb_count;
  uint32_t verb_start;
  uint32_t point_start;
  uint32_t paint; /* FILL, STROKE: kf_paint (0.3.3) */
  uint32_t stop_count;
  uint32_t stop_start;
  uint32_t reserved;
  double matrix[6]; /* SAVE: a b c d e f */
  double color[4];  /* FILL, STROKE: r g b a; BEGIN_LAYER with KF_LAYER_FILL */
  double opacity;   /* BEGIN_LAYER, BEGIN_MASK, MASK_PATH, IMAGE */
  double width;     /* STROKE: line width; MASK_PATH: expansion */
  double miter_limit;
  double dash_offset;
  double rect[4];     /* CLIP_RECT, IMAGE: x y w h */
  double gradient[6]; /* a gradient paint: x0 y0 r0 x1 y1 r1 (0.3.3) */
} kf_draw_op;

/* A list's content: pointers into the list, valid until the next
 * kf_lottie_draw into it or its release. */
typedef struct kf_display_list_view {
  uint32_t version; /* KF_DISPLAY_LIST_VERSION */
  uint32_t reserved;
  double width; /* the composition's size, in pixels */
  double height;
  double frame; /* the frame drawn (NaN before the first draw) */
  const kf_draw_op *ops;
  size_t op_count;
  const uint8_t *verbs; /* kf_path_verb values */
  size_t verb_count;
  const double *points; /* x, y pairs */
  size_t point_count;   /* pairs */
  const double *dashes;
  size_t dash_count;
  const double *stops; /* gradient stops: offset, r, g, b, a (0.3.3) */
  size_t stop_count;   /* stops (five doubles each) */
} kf_display_list_view;

typedef struct kf_display_list kf_display_list;

/* A new, empty display list in *out_list. Errors: KF_E_NULL,
 * KF_E_OUT_OF_RANGE (too many live handles). */
kf_status kf_display_list_create(kf_display_list **out_list);

/* Releases a list (pointers from kf_display_list_get die with it). NULL,
 * or an already released handle, is a no-op. */
void kf_display_list_release(kf_display_list *list);

/* Builds composition frame `frame` (the file's frames, fractional allowed,
 * whatever the import's time unit) of `lottie` into `list`, replacing its
 * content. Typically a few microseconds to a few hundred for a real file.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (a frame that
 * is not finite), KF_E_OUT_OF_RANGE (a frame that would draw more than
 * 2^16 layers or 2^20 ops, verbs or points: precompositions reused too
 * widely); on an error the list is left empty. */
kf_status kf_lottie_draw(const kf_lottie *lottie, double frame, kf_display_list *list);

/* The list's content in *out_view. Errors: KF_E_NULL, KF_E_INVALID_HANDLE. */
kf_status kf_display_list_get(const kf_display_list *list, kf_display_list_view *out_view);

/* An image asset (what an IMAGE op's `mode` indexes). */
typedef struct kf_lottie_image_info {
  double width; /* the asset's `w` and `h`: the size it is drawn at */
  double height;
  size_t data_size; /* bytes of the embedded image (a data: URI); 0 for none */
  size_t path_length; /* bytes of an external image's path, relative to the
                         Lottie file's folder (`u` + `p`); 0 for none */
} kf_lottie_image_info;

/* Markers (0.3.3): the document's `markers`, named frames or segments a
 * caller plays between (After Effects' composition markers: "intro",
 * "loop"). The number of markers in *out_count. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE. */
kf_status kf_lottie_marker_count(const kf_lottie *lottie, size_t *out_count);

/* Marker `index`: its start `tm` in *out_frame and its length `dr` in
 * *out_duration (the file's frames; 0 for a point in time; either pointer
 * may be NULL), and its name `cm` as text (see Conventions for text
 * outputs; "" when absent). Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL (the numbers are written). */
kf_status kf_lottie_marker_get(const kf_lottie *lottie, size_t index, double *out_frame,
                               double *out_duration, char *out_name, size_t capacity,
                               size_t *out_length);

/* The number of image assets in *out_count. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE. */
kf_status kf_lottie_image_count(const kf_lottie *lottie, size_t *out_count);

/* Image asset `index`'s sizes in *out_info. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE (index >= the count). */
kf_status kf_lottie_image_info_get(const kf_lottie *lottie, size_t index,
                                   kf_lottie_image_info *out_info);

/* Copies image asset `index`'s encoded bytes (PNG, JPEG, ... as the file
 * embeds them; decode with any image library) into out_data (capacity
 * bytes); *out_size (may be NULL) receives the size. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL (*out_size
 * still written). */
kf_status kf_lottie_image_data(const kf_lottie *lottie, size_t index, uint8_t *out_data,
                               size_t capacity, size_t *out_size);

/* Image asset `index`'s external path (see Conventions for text outputs):
 * relative to the Lottie file's folder, never absolute and never leaving
 * it (such a path is refused at import with a warning); "" for an embedded
 * image. Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_lottie_image_path(const kf_lottie *lottie, size_t index, char *out_text,
                               size_t capacity, size_t *out_length);

/* ---------------------------------------------------------------------------
 * Drawing frames into pixels (0.3.4): the library's own rasterizer, for a
 * caller that wants a frame as RGBA8 rows and no 2D library (Guides/Lottie.md,
 * "Pixels without a 2D library").
 *
 * A kf_raster draws display lists as the ops above define them: paths
 * flattened within 0.1 pixel and filled by exact area coverage (256 levels
 * of anti-aliasing), strokes outlined in the path's own coordinates (a
 * scaled layer strokes as the designer's tool does), groups, masks and
 * track mattes as offscreen surfaces the size of the frame, the sixteen
 * blend modes, gradients interpolated unpremultiplied between 8-bit stops.
 * IMAGE ops draw the pixels given to kf_raster_set_image (the library
 * decodes no PNG or JPEG: read kf_lottie_image_data with any image
 * library); an image not given draws nothing.
 *
 * A raster keeps its surfaces between frames: after the first frame of a
 * size it allocates nothing more, but once a copy of a frame it drew twice
 * in a row (at most 64 MiB). When the same display list comes again, byte
 * for byte, with the same size, matrix, background, flags and images, the
 * frame is that copy: a still stretch of an animation costs a copy a frame
 * (the same bytes as drawing it). One thread at a time uses a raster (the
 * library locks it during each call); use one raster per thread to draw in
 * parallel. Pixels are `width` x `height` rows of 4 bytes R G B A, `stride`
 * bytes apart, in out_pixels (capacity bytes, >= stride * (height - 1) +
 * 4 * width), every pixel written. `matrix` (six doubles a b c d e f, as
 * SAVE's) maps the list's coordinates to pixels; NULL fits the composition
 * (aspect kept, centred). Only the composition's rectangle is drawn.
 * `background` (four doubles, straight RGBA in [0, 1]) is painted under the
 * frame; NULL for transparent. Channels are straight (not premultiplied)
 * unless `flags` has KF_RASTER_PREMULTIPLIED.
 */
#define KF_RASTER_PREMULTIPLIED 1u

/* The largest side of a frame or an image a raster takes, in pixels. */
#define KF_RASTER_MAX_SIDE 16384

typedef struct kf_raster kf_raster;

/* A new raster in *out_raster. Errors: KF_E_NULL, KF_E_OUT_OF_RANGE (too
 * many live handles). */
kf_status kf_raster_create(kf_raster **out_raster);

/* Releases a raster. NULL, or an already released handle, is a no-op. */
void kf_raster_release(kf_raster *raster);

/* The pixels IMAGE ops with image index `index` draw: `width` x `height`
 * straight-alpha RGBA8 rows `stride` bytes apart in rgba (capacity bytes),
 * copied. Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE (index
 * >= 2^20), KF_E_INVALID_VALUE (a side of 0 or above KF_RASTER_MAX_SIDE, a stride
 * below 4 * width), KF_E_BUFFER_TOO_SMALL. */
kf_status kf_raster_set_image(kf_raster *raster, size_t index, const uint8_t *rgba,
                              size_t capacity, uint32_t width, uint32_t height, size_t stride);

/* Draws `list` (as kf_lottie_draw left it) into out_pixels. Errors:
 * KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (a side of 0 or above
 * KF_RASTER_MAX_SIDE, a stride below 4 * width, a matrix not finite and invertible, a
 * background not finite, unknown flags), KF_E_BUFFER_TOO_SMALL; on an error
 * the pixels are not written. */
kf_status kf_raster_draw(kf_raster *raster, const kf_display_list *list, const double *matrix,
                         const double *background, uint32_t flags, uint8_t *out_pixels,
                         size_t capacity, uint32_t width, uint32_t height, size_t stride);

/* Composition frame `frame` of `lottie` into out_pixels in one call: the
 * frame's display list (built into the raster's own list) drawn as
 * kf_raster_draw does. Typically well under a millisecond for a 512 x 512
 * frame of a real file. Errors: kf_lottie_draw's and kf_raster_draw's; on
 * an error the pixels are not written. */
kf_status kf_lottie_render(const kf_lottie *lottie, double frame, kf_raster *raster,
                           const double *matrix, const double *background, uint32_t flags,
                           uint8_t *out_pixels, size_t capacity, uint32_t width, uint32_t height,
                           size_t stride);

/* ---------------------------------------------------------------------------
 * Scenes: razzle-scene/1 files (Guides/Scenes.md).
 *
 * A kf_scene lists animators, root nodes (each with its tree), paging
 * layouts, paths and masks, each with an optional name, and stages (see
 * kf_scene_add_stage). Loading builds new objects through the same checks
 * as the functions above and stops at the first error, building nothing;
 * its message is
 * "<function>: <JSON pointer>: <reason> (line L, column C)" and the status
 * is KF_E_FORMAT for JSON and structure (syntax, wrong types, unknown or
 * missing fields, an unsupported "format"), or the status of the check
 * that failed (KF_E_EASING for an unknown easing, KF_E_INVALID_VALUE for a
 * value out of its property's range, ...). Saving writes the objects as
 * they are at that moment (shared, not copied) in a fixed layout: the same
 * objects give the same bytes, and saving a loaded file gives it back byte
 * for byte. Every function is thread-safe.
 */

typedef struct kf_scene kf_scene;

/* The sorts of objects a scene lists, pinned. */
typedef int32_t kf_scene_item;
enum {
  KF_SCENE_ANIMATOR = 0,
  KF_SCENE_NODE = 1,
  KF_SCENE_PAGING = 2,
  KF_SCENE_PATH = 3,
  KF_SCENE_MASK = 4,
  KF_SCENE_STAGE = 5 /* 0.3.0 */
};

/* Where a load failed: the byte offset, 1-based line and column (in
 * Unicode scalars) of the value at fault. All 0 when the error is not in
 * the text (KF_E_NULL, a file that cannot be read). */
typedef struct kf_scene_location {
  size_t offset;
  size_t line;
  size_t column;
} kf_scene_location;

/* The largest scene text, in bytes (64 MiB), and the deepest nesting of
 * JSON arrays and objects (512) the loader accepts. */
#define KF_SCENE_MAX_BYTES 67108864
#define KF_SCENE_MAX_DEPTH 512

/* An empty scene in *out_scene. Errors: KF_E_NULL. */
kf_status kf_scene_new(kf_scene **out_scene);

/* Loads `length` bytes of UTF-8 `text` (no NUL needed; NUL bytes inside
 * are an error) into a new scene in *out_scene. On error *out_scene is
 * unchanged and *out_location (may be NULL) tells where. Errors:
 * KF_E_NULL, KF_E_FORMAT, and the status of any check (see above). */
kf_status kf_scene_load(const char *text, size_t length, kf_scene **out_scene,
                        kf_scene_location *out_location);

/* kf_scene_load on the contents of the file at `path`. Errors: as
 * kf_scene_load, KF_E_NOT_FOUND for a file that cannot be opened or read,
 * KF_E_FORMAT for one longer than KF_SCENE_MAX_BYTES. */
kf_status kf_scene_load_file(const char *path, kf_scene **out_scene,
                             kf_scene_location *out_location);

/* Writes the scene as razzle-scene/1 text and a NUL into `out`
 * (`capacity` bytes; out may be NULL when capacity is 0) and its length
 * without the NUL into *out_length (may be NULL), also when the buffer is
 * too small. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_BUFFER_TOO_SMALL, KF_E_INVALID_VALUE (a paging layout whose kept
 * track was removed from its animator), KF_E_FORMAT (0.3.3: the text would
 * be longer than KF_SCENE_MAX_BYTES, which kf_scene_load refuses; nothing
 * is written, *out_length is not set). */
kf_status kf_scene_save(const kf_scene *scene, char *out, size_t capacity, size_t *out_length);

/* Writes the scene's text to the file at `path` (created or replaced).
 * Errors: as kf_scene_save, KF_E_NOT_FOUND if the file cannot be written. */
kf_status kf_scene_save_file(const kf_scene *scene, const char *path);

/* Adds an object to the scene, shared (later edits show when it is saved),
 * with an optional `name` (NULL: none; else non-empty UTF-8, unique among
 * the scene's objects of that sort). A node brings its tree; animators that
 * nodes and layouts use are saved with the scene even if not added.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_NAME,
 * KF_E_DUPLICATE; kf_scene_add_path also KF_E_INVALID_HANDLE for a path
 * handle, kf_scene_add_mask KF_E_INVALID_VALUE for an undefined kind or a
 * size that is not finite and >= 0. */
kf_status kf_scene_add_animator(kf_scene *scene, kf_animator *animator, const char *name);
kf_status kf_scene_add_node(kf_scene *scene, kf_node *node, const char *name);
kf_status kf_scene_add_paging(kf_scene *scene, kf_paging *paging, const char *name);
kf_status kf_scene_add_path(kf_scene *scene, const kf_path *path, const char *name);
kf_status kf_scene_add_mask(kf_scene *scene, kf_mask kind, double width, double height,
                            const char *name);

/* The number of objects of sort `item` in *out_count. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE (an undefined item). */
kf_status kf_scene_count(const kf_scene *scene, kf_scene_item item, size_t *out_count);

/* The index of the object of sort `item` named `name` in *out_index.
 * Errors: KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE,
 * KF_E_NOT_FOUND. */
kf_status kf_scene_find(const kf_scene *scene, kf_scene_item item, const char *name,
                        size_t *out_index);

/* The name of object `index` of sort `item`, as kf_scene_save writes text
 * (an unnamed object has the empty name). Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_INVALID_VALUE, KF_E_OUT_OF_RANGE,
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_scene_name(const kf_scene *scene, kf_scene_item item, size_t index, char *out,
                        size_t capacity, size_t *out_length);

/* A new handle for object `index` (the object itself, shared with the
 * scene: release the handle with its own release function). Errors:
 * KF_E_NULL, KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE. */
kf_status kf_scene_animator_at(const kf_scene *scene, size_t index, kf_animator **out_animator);
kf_status kf_scene_node_at(const kf_scene *scene, size_t index, kf_node **out_node);
kf_status kf_scene_paging_at(const kf_scene *scene, size_t index, kf_paging **out_paging);
kf_status kf_scene_path_at(const kf_scene *scene, size_t index, kf_path **out_path);
/* Mask `index`: its kind, width and height. */
kf_status kf_scene_mask_at(const kf_scene *scene, size_t index, kf_mask *out_kind,
                           double *out_width, double *out_height);

/* Stages (0.3.0): what a renderer draws, a viewport and its targets
 * (Guides/Scenes.md, "Stages"; Guides/Rendering.md). A stage names the
 * scene's objects (animator, node, paging layout, paths, masks) by name.
 *
 * kf_scene_add_stage adds one stage given as the JSON text of one stage
 * object (`length` bytes of UTF-8, no NUL needed; its name inside it), read
 * and checked as when a file is loaded; the objects it names must be in the
 * scene already. On error nothing is added, the message's pointer is
 * relative to the stage object ("/targets/2/shape") and *out_location (may
 * be NULL) is in `json`. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_FORMAT (JSON and structure: types, unknown, missing or misplaced
 * fields), KF_E_INVALID_VALUE (a number or color out of its range),
 * KF_E_INVALID_NAME (an unknown shape, driver or motion_rotate; an empty
 * name), KF_E_NOT_FOUND (a name the scene does not have), KF_E_DUPLICATE
 * (a stage or target name used already), KF_E_WRONG_SIZE (an array of the
 * wrong length). */
kf_status kf_scene_add_stage(kf_scene *scene, const char *json, size_t length,
                             kf_scene_location *out_location);

/* Writes stage `index` as JSON text and a NUL into `out`: the object
 * kf_scene_save writes at /stages/index (same members, order and numbers,
 * its extensions included), laid out on its own and ending with a line
 * break; buffer convention as kf_scene_save. Errors: KF_E_NULL,
 * KF_E_INVALID_HANDLE, KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_scene_stage_at(const kf_scene *scene, size_t index, char *out, size_t capacity,
                            size_t *out_length);

/* Releases a scene handle (the objects live on while other handles hold
 * them). NULL and double release are no-ops. */
void kf_scene_release(kf_scene *scene);

/* What a binding needs to wrap a paging layout it did not create (one from
 * a scene): a new handle for the layout's animator, and the target of kept
 * view `index` (in the order they were kept, the columns of
 * kf_paging_positions) as text. Errors: KF_E_NULL, KF_E_INVALID_HANDLE,
 * KF_E_OUT_OF_RANGE, KF_E_BUFFER_TOO_SMALL. */
kf_status kf_paging_animator(const kf_paging *paging, kf_animator **out_animator);
kf_status kf_paging_kept_target(const kf_paging *paging, size_t index, char *out,
                                size_t capacity, size_t *out_length);

/* ---------------------------------------------------------------------------
 * One frame of an animator (0.3.0)
 *
 * A frame loop samples every track at one time per call and keeps the row's
 * size between calls: kf_animator_sample_frame takes the time by value and
 * checks the layout generation the caller's row belongs to instead of the
 * caller reading the layout again.
 */

/* The generation argument of kf_animator_sample_frame that matches any. */
#define KF_ANY_GENERATION 0xFFFFFFFFFFFFFFFFull

/* Samples every track at time t into out_values (capacity doubles; needs
 * the column count): the row kf_animator_sample_many writes for the one
 * time t, bit for bit (NaN and infinite times sample as there). Fails with
 * KF_E_STALE, writing nothing, unless the layout generation equals
 * `generation` (KF_ANY_GENERATION: any). *out_columns and *out_generation
 * (either may be NULL) receive the column count and the layout generation
 * whenever the animator handle is valid and out_values is not NULL with a
 * non-zero capacity — also on KF_E_STALE, KF_E_BUFFER_TOO_SMALL and
 * KF_E_EMPTY_TRACK — so one call with capacity 0 sizes a row. Plain scalar
 * tracks start from the segment the previous frame sampled, so a frame
 * near the last one costs no search. Thread-safe; does not keep the
 * pointers. Errors: KF_E_NULL (a NULL animator, or out_values NULL with a
 * non-zero capacity), KF_E_INVALID_HANDLE, then in this order KF_E_STALE,
 * KF_E_EMPTY_TRACK, KF_E_NOT_FOUND (a relative track's variable is unset),
 * KF_E_BUFFER_TOO_SMALL. */
kf_status kf_animator_sample_frame(const kf_animator *animator, double t, uint64_t generation,
                                   double *out_values, size_t capacity, size_t *out_columns,
                                   uint64_t *out_generation);

#ifdef __cplusplus
}
#endif

#endif /* KEYFRAME_H */
