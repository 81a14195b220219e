/* What Swift has no way to write: non-temporal stores for the frame matrix
 * (Sources/Razzle/Sampling/FrameMatrix.swift, `movntpd`), gathers for the
 * rasterizer's image paint and straight-alpha output (Sources/Razzle/
 * Raster/, `vpgatherdd`), the rasterizer's AVX2 pixel loops (it is
 * compiled once, for baseline x86-64; these are chosen by kernel level),
 * and prefetches for writing in a bulk keyframe edit's sort. */
#ifndef RAZZLE_STORES_H
#define RAZZLE_STORES_H

#include <stddef.h>
#include <stdint.h>

/* Copies `count` doubles from `source` to `destination` (which must not
 * overlap): the whole 64-byte lines of the destination with non-temporal
 * stores, which go to memory without first reading the line into the cache,
 * and the partial lines at either end with ordinary stores, so that a line
 * shared with a neighbouring copy is never written partly from the
 * write-combining buffers. Ends with a store fence: the values are visible
 * to other threads once the call returns. Plain `memcpy` off x86-64. */
void razzle_stream_doubles(double *destination, const double *source, size_t count);

/* Writes `rows` rows of `width` doubles, `stride` doubles apart, at
 * `destination`: value c of row j is `columns[c][j * steps[c]]` (a tile of
 * samples laid out by column, transposed into rows). Each row's whole
 * 64-byte lines go by non-temporal stores, its partial lines at either end
 * by ordinary ones, as razzle_stream_doubles. Lines of columns that step by
 * one are transposed in registers eight rows at a time with the widest
 * vectors `level` allows (0: SSE2, 1: AVX2, 2: AVX-512 F; the caller checks
 * the CPU has them). Contiguous rows (stride == width) that are not a whole
 * number of lines go, at level 1 or 2, eight rows (width whole lines) at a
 * time through a staging block in the cache, every column (gathered where
 * it steps by more than one). Ends with a store fence. */
void razzle_stream_columns(double *destination, size_t stride, const double *const *columns,
                           const size_t *steps, size_t width, size_t rows, int level);

/* A segment of a plain linear track prepared for razzle_linear_run: its
 * times t0 < t1, first value v0 and rise dv = v1 - v0, and its length
 * b = t1 - t0 as Sources/RazzleKernels/Divisor.swift prepares a divisor
 * (negated = -b, reciprocal = RN(1/b), reciprocal_low = RN((1 - b y) y),
 * least: the smallest t - t0 whose quotient the multiply-adds give). */
struct razzle_linear_segment {
  double t0, t1, v0, dv;
  double negated, reciprocal, reciprocal_low, least;
};

/* Writes the segment's value at times[j] to out[j] for j from `start` on,
 * while t - t0 >= least and t < t1 (checked eight times at a time; it stops
 * at the first eight with a time outside, or with fewer than eight left):
 * v0 + dv * (t - t0)/(t1 - t0), the quotient by Divisor.swift's
 * multiply-adds, the same bits as the Swift kernel. With `streaming`, the
 * values go to memory by non-temporal stores from the first line boundary
 * of `out` on (the values before it one at a time, by ordinary stores),
 * ending with a store fence. `level`: 1 AVX2 and FMA, 2 AVX-512 F (the
 * caller checks the CPU has them); 0 writes nothing. Returns where it
 * stopped. */
size_t razzle_linear_run(const struct razzle_linear_segment *segment, const double *times,
                         size_t start, size_t count, double *out, int streaming, int level);

/* Eight plain linear tracks side by side (lane k: track k), each at its
 * current segment, for razzle_linear_lines. A lane takes a time t when
 * t - t0 >= least and t < hi; its value there is v0 if its bit of
 * `constant` is set (outside the keyframes: before the first, t0 = 0 and
 * least = -inf; from the last on, t0 = the last time and least = 0), else
 * v0 + dv * (t - t0)/b with the quotient by Divisor.swift's multiply-adds
 * (negated = -b, reciprocal, reciprocal_low as razzle_linear_segment). */
struct razzle_linear_lanes {
  double t0[8], least[8], hi[8], v0[8], dv[8];
  double negated[8], reciprocal[8], reciprocal_low[8];
  uint8_t constant;
};

/* Rows `row` to `rows` of a frame matrix `groups` groups of eight plain
 * linear tracks wide: row j's group g is the line of eight doubles at
 * out + j * stride + 8 * g, written by one non-temporal store (`out` and
 * `stride` keep each line 64-byte aligned; the caller checks). Blocks of
 * 32 rows (counted from row 0), a group at a time: its lanes stay in
 * registers for the block's lines. It stops at the first line with a lane
 * that does not take the row's time (`times[j]`) and returns its position
 * j * groups + g (rows * groups when done): the caller writes that line
 * by the track's rule, moves the lanes to their new segments and calls
 * again with that position and `skip` 1, which goes on after it (in the
 * same block: the group's next rows, then the next groups). The first call
 * starts at the first row of a block with group 0 and `skip` 0. Ends with
 * a store fence. `level` as razzle_linear_run (0 writes nothing). */
size_t razzle_linear_lines(const struct razzle_linear_lanes *lanes, size_t groups,
                           const double *times, size_t row, size_t group, int skip, size_t rows,
                           double *out, size_t stride, int level);

/* Sets lane k (0-7) of `lanes`: its fields, and its bit of `constant`. */
void razzle_linear_lane_set(struct razzle_linear_lanes *lanes, size_t k, double t0, double least,
                            double hi, double v0, double dv, double negated, double reciprocal,
                            double reciprocal_low, int constant);

/* A staging buffer of `bytes` (rounded up to 2 MiB), aligned to 2 MiB and
 * backed by transparent huge pages where the kernel offers them
 * (madvise(MADV_HUGEPAGE)): a block of matrix rows written column by column
 * touches one page instead of hundreds, so its stores do not miss the TLB.
 * NULL if memory is short. Free with razzle_staging_free. */
double *razzle_staging_alloc(size_t bytes);

/* Frees a buffer of razzle_staging_alloc for `bytes` (NULL: nothing); the
 * thread keeps its largest freed buffer for its next razzle_staging_alloc
 * (its huge page then not zeroed again), and frees it when it ends. */
void razzle_staging_free(double *buffer, size_t bytes);

/* The size in bytes of the last-level data cache, from the C library
 * (`sysconf(_SC_LEVEL3_CACHE_SIZE)`, else level 2), or 0 if it does not
 * say. */
size_t razzle_last_level_cache_bytes(void);

/* Paints pixels of a run with an image sampled bilinearly, eight at a time
 * with AVX2 (`level` >= 1; the caller checks the CPU has it): pixel k of
 * `destination` (premultiplied RGBA8) takes, source-over, the image's
 * `width` x `height` premultiplied pixels sampled at the 16.16 fixed-point
 * point (u + k du, v + k dv) clamped to the image (the four pixels around
 * it weighted by the point's fraction in 256ths, across then down), times
 * the factor in 0...256 of `cover[k] * opacity`; a factor of 0 leaves the
 * pixel. The operations of RasterPaint.swift's scalar loop in its order,
 * so the same bits. Returns how many pixels it painted from the first: a
 * multiple of eight, 0 below AVX2; the caller paints the rest. */
size_t razzle_image_row(uint32_t *destination, const float *cover, float opacity, size_t count,
                        const uint32_t *pixels, int32_t width, int32_t height, int64_t u,
                        int64_t v, int64_t du, int64_t dv, int level);

/* Straight alpha in place: each pixel of `row` (premultiplied RGBA8, R in
 * the low byte) whose alpha a is neither 0 nor 255 gets its channels c as
 * min(255, (c * reciprocals[a] + 0x8000) >> 16) in 32-bit arithmetic,
 * eight pixels at a time with AVX2 (`level` >= 1; the caller checks the
 * CPU has it), sixteen with AVX-512 (`level` >= 2), the rest (everything
 * at level 0) one at a time; `reciprocals` holds 256 entries. */
void razzle_unpremultiply_row(uint32_t *row, size_t count, const uint32_t *reciprocals,
                              int level);

/* `razzle_unpremultiply_row` over the sixteens of a `width` x `height`
 * frame (rows packed) that `marks` marks: a bit per sixteen pixels of a
 * row, from the row's first, `words` 64-bit words a row. A run of marked
 * sixteens is one pass of the row loop. */
void razzle_unpremultiply_marked(uint32_t *pixels, size_t width, size_t height,
                                 const uint64_t *marks, size_t words,
                                 const uint32_t *reciprocals, int level);

/* A radial gradient's table indices for `count` pixels of a row (and up
 * to seven past it: `out` has room for count rounded up to eight), eight
 * at a time with AVX2 (`level` >= 1; the caller checks the CPU has it):
 * RasterPaint.swift's RadialGeometry.positions, whose float operations
 * this does in their order, so the same bits. `geometry` holds 13 floats:
 * the row's first local point (x, y), its step a pixel (x, y), then dx,
 * dy, r0, dr, r0 dr, r0², a, 1/a and the sign of a; `linear` nonzero when
 * a is 0 (one root, q / 2b). Returns 1 when it wrote the indices, 0 below
 * AVX2 (the caller computes them). */
int razzle_radial_positions(int32_t *out, size_t count, const float *geometry, int linear,
                            int level);

/* A linear gradient's table indices for `count` pixels of a row from
 * column `x0` (and up to three past it: `out` has room for count rounded
 * up to four), with AVX2 (`level` >= 1): RasterPaint.swift's GradientTable
 * subscript of base + tx (x + 0.5), in its operations and order, so the
 * same bits (every index in 0...255). Returns 1 when it wrote the indices,
 * 0 below AVX2. */
int razzle_linear_positions(int32_t *out, size_t count, double base, double tx, double x0,
                            int level);

/* Paints pixels from a gradient's 256 premultiplied `colors` by the
 * indices `index` (from razzle_radial_positions), eight at a time with
 * AVX2 (`level` >= 1): pixel i with index k >= 0 becomes
 * over(scale(colors[k], f), d), where f is factor(cover[i]) when `cover`
 * is not NULL, else `factor` (0...256); scale, over and factor as
 * RasterPaint.swift and PixelLayer.swift compute them, so the same bits.
 * An index below 0 leaves the pixel. Returns how many pixels it did from
 * the first: a multiple of eight, 0 below AVX2; the caller does the rest. */
size_t razzle_indexed_row(uint32_t *destination, const int32_t *index, const uint32_t *colors,
                          const float *cover, uint32_t factor, size_t count, int level);

/* Paints `count` pixels of `destination` (premultiplied RGBA8) with the
 * premultiplied `color` at the coverages `cover`, eight at a time with
 * AVX2 (`level` >= 1; the caller checks the CPU has it): each pixel
 * becomes over(scalePixel(color, factor256(cover[i])), pixel), as
 * RasterPaint.swift's solid blend computes it, so the same bits. Returns
 * how many pixels it did from the first: a multiple of eight, 0 below
 * AVX2; the caller does the rest. */
size_t razzle_solid_row(uint32_t *destination, const float *cover, uint32_t color, size_t count,
                        int level);

/* Sets `count` pixels of `destination` to `value`: 64 bytes a store with
 * AVX-512 (`level` >= 2), 32 with AVX2 (`level` 1; the caller checks the
 * CPU has it), one pixel at a time below. */
void razzle_fill_row(uint32_t *destination, uint32_t value, size_t count, int level);

/* The largest keyframe count `razzle_find_segments` searches (by counting:
 * the vector kernel's `vectorCountingLimit`). */
#define RAZZLE_COUNTING_LIMIT 32

/* The segment of each of the `m` queries, clamped to [times[0],
 * times[count - 1]], written to `segments`: the largest k <= count - 2 with
 * times[k] <= t (0 for NaN), for 2 <= count <= RAZZLE_COUNTING_LIMIT
 * non-decreasing `times` (RazzleKernels' `findSegments`, the same numbers),
 * in AVX-512 vectors. Returns m, or 0 (nothing written) for another count or
 * off x86-64; the caller checks that the CPU has AVX-512F. */
size_t razzle_find_segments(const double *times, size_t count, const double *queries, size_t m,
                            int64_t *segments);

/* The most keyframes whose times (and, for colors, segment records) sit
 * in two 512-bit registers each: a binary search by permutations
 * (lane_search.c), and the color kernel's search and record reads
 * (color_segments.c). */
#define RAZZLE_FEW_KEYFRAMES 16

/* A plain color track's samples at the avx512 level (AVX-512 F; the caller
 * checks the CPU has it): Sources/RazzleKernels/ColorKernel.swift's
 * `sampleColorSegments` for its full blocks of eight queries, the same
 * operations in the same order. Query j, in segment `segments[j]` of the
 * `count` keyframe `times`, is blended from the segment's record at
 * `records + record_stride * segments[j]` (record_stride >= 9), converted
 * from `space` (0 linear sRGB, 1 Oklab, 2 OkLCh) to sRGB and written to
 * `out[j * stride ..< j * stride + 4]`; bit l of `outside[b]` is set for
 * query 8b + l when it is not strictly inside its segment (an end, a
 * keyframe's time, NaN), which the caller samples itself (with `stride`
 * 4 the block's eight colors are written whole, those included). A query
 * before the first keyframe takes the color at `before` (4 doubles) and one
 * after the last the color at `after`, where they are not NULL (a track
 * that holds its ends' colors there); NULL leaves them to the caller. With
 * `search` (for 2 <= count <= RAZZLE_FEW_KEYFRAMES; another count returns 0
 * and writes nothing) the kernel finds the segments itself, the ones
 * razzle_find_segments finds, and writes all m of them to `segments` (the
 * caller samples the queries the blocks leave in them); without, it reads
 * them. Returns the number of queries the blocks took (m rounded down to
 * eight; 0 off x86-64). */
size_t razzle_color_segments(const double *times, size_t count, const double *records,
                             size_t record_stride, const double *queries, int64_t *segments,
                             size_t m, double *out, size_t stride, int premultiplied, int space,
                             int search, const double *before, const double *after,
                             uint8_t *outside);

/* The ordering of a bulk keyframe edit's times (time_order.c; Sources/
 * Razzle/Keyframes/KeyframeStorage+Bulk.swift calls them). Each sorts
 * (sort key, entry) pairs stably, a key being the bits of the time (+0 for
 * -0) made to order as the times do, and keeps the last pair of each run
 * of equal keys: its entry, and over its key the bits of its time (a zero
 * read from the entry, for its sign). Entries are 32-bit (at most
 * UINT32_MAX of them). */

/* Of `n` times (none NaN), keeps the last entry of each time, in time
 * order, at the start of `keys` and `entries`, which have room for 2 n
 * each; returns how many. Sorted LSD by the bytes in which the keys
 * differ. */
size_t razzle_keep_last_by_radix(const double *times, size_t n, uint64_t *keys,
                                 uint32_t *entries);

/* The split by time's scatter: entry i's pair goes to `next[bucket[i]]`,
 * which moves on by one (entries of one bucket keep their order). Each
 * bucket's next lines are prefetched for writing. */
void razzle_scatter_pairs(const double *times, const uint16_t *bucket, size_t count,
                          size_t *next, uint64_t *keys, uint32_t *entries);

/* After razzle_scatter_pairs: sorts each of the `buckets` buckets (bucket
 * b at starts[b] ..< starts[b + 1] of `keys` and `entries`) through the
 * scratch (room for twice the largest bucket's pairs; `sub_starts` one more
 * than its count) and compacts its kept pairs, in place and in time order,
 * to the start of `keys` and `entries`; returns how many. */
size_t razzle_keep_last_of_buckets(const double *times, const size_t *starts, size_t buckets,
                                   uint64_t *keys, uint32_t *entries, uint64_t *scratch_keys,
                                   uint32_t *scratch_entries, size_t *sub_starts);

/* A spatial route and its arc-length table as the route kernel
 * (Sources/RazzleKernels/RouteKernel.swift, sampleRoutePoints) reads them,
 * one type for every build of the kernel: `segment_count` segments (at
 * least one), each one's arc length and the arc length where it starts,
 * the route's length; the table's pieces' starts (one more than the
 * pieces) and records (`record_stride` doubles a piece: t0, t1,
 * 1 / length, the segment's index, the mode, `fitted_mode` for a fitted
 * inverse, then `fit_degree` + 1 coefficients from `fit_offset` on); and
 * nine doubles a segment: its cubic's power-form coefficients a.x, a.y,
 * b.x, b.y, c.x, c.y, d.x, d.y (the point at t is ((a t + b) t + c) t + d),
 * then 1 for a polynomial segment, 0 for another. */
struct razzle_route_table {
  size_t segment_count;
  const double *lengths, *starts;
  double total;
  const double *piece_starts, *records;
  size_t record_stride, fit_offset, fit_degree;
  double fitted_mode;
  const double *polynomials;
};

#endif
