/* The ordering of a bulk keyframe edit's times (Sources/Razzle/Keyframes/
 * KeyframeStorage+Bulk.swift, `withLastEntriesInTimeOrder`): (sort key,
 * entry) pairs sorted stably, and the last pair of each run of equal keys
 * kept. In C for what Swift cannot write and what it compiles poorly:
 *
 * - a prefetch for writing in the split's scatter. With a few hundred
 *   buckets the hardware prefetcher follows none of their streams, and
 *   every new line of a bucket stalled the stores behind it on a read from
 *   memory (a million entries' scatter: 10 ms, 3.4 ms with the prefetch);
 * - the per-bucket loops, which the Swift build ran with their pointers
 *   spilled to the stack (bench case 19).
 *
 * Keys are the times' order-preserving bit patterns (+0 for -0, negatives
 * flipped below the positives); every step is stable, so equal keys stay
 * in entry order and the last of a run is the entry given last. */
#include "razzle_stores.h"

#include <stdint.h>
#include <string.h>

/* A time's sort key: its bit pattern made to order as the times do. */
static inline uint64_t sort_key(double t) {
  double time = t == 0 ? 0.0 : t;
  uint64_t bits;
  memcpy(&bits, &time, sizeof bits);
  return (bits >> 63) != 0 ? ~bits : bits | ((uint64_t)1 << 63);
}

/* The bits of the time whose key is `key`: read back from the key, or from
 * the entry for a zero (-0 or +0, whichever it was). */
static inline uint64_t time_bits(uint64_t key, const double *times, uint32_t entry) {
  uint64_t bits = (key >> 63) != 0 ? key & ~((uint64_t)1 << 63) : ~key;
  if (bits == 0) memcpy(&bits, times + entry, sizeof bits);
  return bits;
}

/* Compacts the last pair of each run of equal keys among `count` sorted
 * pairs into `to_keys`/`to_entries` (which may be the pairs themselves, or
 * any buffer that does not reach a pair before it is read), the keys
 * becoming their times' bits. No branch on the runs: every pair is
 * written, and the count moves past it when it ends a run. */
static size_t compact_runs(const uint64_t *keys, const uint32_t *entries, size_t count,
                           const double *times, uint64_t *to_keys, uint32_t *to_entries) {
  size_t kept = 0;
  uint64_t key = keys[0];
  for (size_t j = 0; j < count; j++) {
    uint64_t next = j + 1 < count ? keys[j + 1] : ~key;
    uint32_t entry = entries[j];
    uint64_t bits = time_bits(key, times, entry);
    to_entries[kept] = entry;
    to_keys[kept] = bits;
    kept += key != next;
    key = next;
  }
  return kept;
}

/* Sorts `count` pairs in place by insertion, stably, until it has moved
 * more than `budget` pairs. Returns whether they are sorted (0: it
 * stopped, every pair it moved still after any equal key before it). */
static int insertion_sort(uint64_t *keys, uint32_t *entries, size_t count, size_t budget) {
  size_t moved = 0;
  size_t i = 1;
  for (; i < count && moved <= budget; i++) {
    uint64_t key = keys[i];
    if (keys[i - 1] <= key) continue;
    uint32_t entry = entries[i];
    size_t j = i;
    while (j > 0 && keys[j - 1] > key) {
      keys[j] = keys[j - 1];
      entries[j] = entries[j - 1];
      j--;
    }
    keys[j] = key;
    entries[j] = entry;
    moved += i - j;
  }
  return i >= count;
}

/* Sorts `n` pairs by the bytes of the keys that hold bits of `differing`
 * (low to high), stably, moving them between the pairs and `other` (as
 * large); a byte every key shares is skipped. Returns 1 when the sorted
 * pairs end in `other`. */
static int radix_sort(uint64_t *keys, uint32_t *entries, uint64_t *other_keys,
                      uint32_t *other_entries, size_t n, uint64_t differing) {
  if (n <= 1 || differing == 0) return 0;
  if (n <= 16) {
    (void)insertion_sort(keys, entries, n, SIZE_MAX);
    return 0;
  }
  unsigned low = (unsigned)__builtin_ctzll(differing);
  unsigned high = 64 - (unsigned)__builtin_clzll(differing);
  unsigned passes = (high - low + 7) / 8;
  size_t counts[8][256];
  memset(counts, 0, sizeof counts[0] * passes);
  /* Every pass's counts in one read of the keys. */
  for (size_t i = 0; i < n; i++) {
    uint64_t key = keys[i] >> low;
    for (unsigned pass = 0; pass < passes; pass++) counts[pass][(key >> (8 * pass)) & 0xff]++;
  }
  uint64_t *from_keys = keys, *to_keys = other_keys;
  uint32_t *from_entries = entries, *to_entries = other_entries;
  int in_other = 0;
  for (unsigned pass = 0; pass < passes; pass++) {
    /* low + 8 pass < high <= 64: the shift is in range. */
    unsigned shift = low + 8 * pass;
    size_t *next = counts[pass];
    if (next[(keys[0] >> shift) & 0xff] == n) continue;
    size_t offset = 0;
    for (unsigned b = 0; b < 256; b++) {
      size_t c = next[b];
      next[b] = offset;
      offset += c;
    }
    for (size_t i = 0; i < n; i++) {
      uint64_t key = from_keys[i];
      size_t j = next[(key >> shift) & 0xff]++;
      to_keys[j] = key;
      to_entries[j] = from_entries[i];
    }
    uint64_t *k = from_keys;
    from_keys = to_keys;
    to_keys = k;
    uint32_t *e = from_entries;
    from_entries = to_entries;
    to_entries = e;
    in_other = !in_other;
  }
  return in_other;
}

size_t razzle_keep_last_by_radix(const double *times, size_t n, uint64_t *keys,
                                 uint32_t *entries) {
  if (n == 0) return 0;
  uint64_t all_ones = UINT64_MAX, any_ones = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t key = sort_key(times[i]);
    keys[i] = key;
    entries[i] = (uint32_t)i;
    all_ones &= key;
    any_ones |= key;
  }
  int in_other = radix_sort(keys, entries, keys + n, entries + n, n, all_ones ^ any_ones);
  const uint64_t *sorted_keys = in_other ? keys + n : keys;
  const uint32_t *sorted_entries = in_other ? entries + n : entries;
  return compact_runs(sorted_keys, sorted_entries, n, times, keys, entries);
}

void razzle_scatter_pairs(const double *times, const uint16_t *bucket, size_t count,
                          size_t *next, uint64_t *keys, uint32_t *entries) {
  for (size_t i = 0; i < count; i++) {
    size_t b = bucket[i];
    size_t j = next[b];
    next[b] = j + 1;
    /* Two lines ahead of the one this bucket starts: its keys (eight to a
     * line) and its entries (sixteen). A prefetch reads nothing past the
     * buffer's end and cannot fault. */
    if ((j & 7) == 0) __builtin_prefetch(keys + j + 16, 1, 3);
    if ((j & 15) == 0) __builtin_prefetch(entries + j + 32, 1, 3);
    keys[j] = sort_key(times[i]);
    entries[j] = (uint32_t)i;
  }
}

/* Sorts one bucket's `count` pairs (more than one key, from `lowest` to
 * `highest`) stably into `scratch` (room for 2 count pairs), with
 * `sub_starts` (count + 1): split by key into `count` sub-buckets, then an
 * insertion sort, or a radix sort when the insertion sort has moved more
 * than 8 pairs per pair (clustered keys). Returns 1 when the sorted pairs
 * are in the scratch's second half. */
static int sort_bucket(const uint64_t *keys, const uint32_t *entries, size_t count,
                       uint64_t lowest, uint64_t highest, uint64_t *scratch_keys,
                       uint32_t *scratch_entries, size_t *sub_starts) {
  /* Sub-bucket of a key: floor((key - lowest) M / 2^64) with the
   * fixed-point multiplier M = floor(count 2^64 / (range + 1)): one
   * multiplication's high half, non-decreasing in the key (equal keys
   * share a sub-bucket) and below count, since key - lowest <= range. Keys
   * closer together than the sub-buckets (range < count) take one each:
   * key - lowest. */
  uint64_t range = highest - lowest;
  uint64_t multiplier;
  if (range < count) {
    multiplier = 0;
  } else if (range == UINT64_MAX) {
    multiplier = count;
  } else {
    multiplier = (uint64_t)(((unsigned __int128)count << 64) / ((unsigned __int128)range + 1));
  }
#define SUB(key)                                                                                   \
  (multiplier == 0 ? (size_t)((key) - lowest)                                                      \
                   : (size_t)(((unsigned __int128)((key) - lowest) * multiplier) >> 64))
  memset(sub_starts, 0, (count + 1) * sizeof *sub_starts);
  for (size_t j = 0; j < count; j++) sub_starts[SUB(keys[j]) + 1]++;
  for (size_t s = 0; s < count; s++) sub_starts[s + 1] += sub_starts[s];
  for (size_t j = 0; j < count; j++) {
    uint64_t key = keys[j];
    size_t at = sub_starts[SUB(key)]++;
    scratch_keys[at] = key;
    scratch_entries[at] = entries[j];
  }
#undef SUB
  /* The pairs are nearly sorted now. */
  if (insertion_sort(scratch_keys, scratch_entries, count, 8 * count)) return 0;
  /* Clustered keys: the rest by the bytes in which they can differ (every
   * step so far kept equal keys in entry order). */
  unsigned top = 64 - (unsigned)__builtin_clzll(lowest ^ highest);
  uint64_t differing = top == 64 ? UINT64_MAX : ((uint64_t)1 << top) - 1;
  return radix_sort(scratch_keys, scratch_entries, scratch_keys + count, scratch_entries + count,
                    count, differing);
}

size_t razzle_keep_last_of_buckets(const double *times, const size_t *starts, size_t buckets,
                                   uint64_t *keys, uint32_t *entries, uint64_t *scratch_keys,
                                   uint32_t *scratch_entries, size_t *sub_starts) {
  size_t kept = 0;
  for (size_t b = 0; b < buckets; b++) {
    size_t start = starts[b];
    size_t count = starts[b + 1] - start;
    if (count == 0) continue;
    const uint64_t *bucket_keys = keys + start;
    const uint32_t *bucket_entries = entries + start;
    uint64_t lowest = bucket_keys[0], highest = lowest;
    for (size_t j = 1; j < count; j++) {
      uint64_t key = bucket_keys[j];
      lowest = key < lowest ? key : lowest;
      highest = key > highest ? key : highest;
    }
    if (lowest == highest) { /* one time (or one entry): its last entry */
      uint32_t entry = bucket_entries[count - 1];
      entries[kept] = entry;
      memcpy(keys + kept, times + entry, sizeof *keys);
      kept += 1;
      continue;
    }
    int second = sort_bucket(bucket_keys, bucket_entries, count, lowest, highest, scratch_keys,
                             scratch_entries, sub_starts);
    size_t half = second ? count : 0;
    /* Compacted in place into the split's buffers: the bucket is in the
     * scratch now, and kept never passes its start. */
    kept += compact_runs(scratch_keys + half, scratch_entries + half, count, times, keys + kept,
                         entries + kept);
  }
  return kept;
}
