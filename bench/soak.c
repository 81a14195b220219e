/*
 * Leak figures: the process's resident memory (RSS) before and after many
 * cycles of each operation that allocates and frees: create/release of each
 * handle type, keyframe set/remove, error calls (each one replaces the
 * thread's last-error buffer) and threads that exit after an error (the
 * buffer's pthread key destructor frees it). Each kind first runs 1% of its
 * cycles as a warm-up, so caches and the allocator's pools are in place
 * before the "before" figure. A leak of even one small block per cycle grows
 * RSS by tens of megabytes over 1e6 cycles; the threshold is 2 MiB.
 *
 *   soak [cycles]   (default 1000000; thread exits run cycles / 100)
 *
 * Prints one line per kind and "N passed, N failed"; exits non-zero on a
 * failure. Run by `make soak`.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keyframe.h"

enum { THRESHOLD_KIB = 2048 };

static int passed = 0, failed = 0;

static long rss_kib(void) {
  FILE *statm = fopen("/proc/self/statm", "r");
  long size = 0, resident = 0;
  if (!statm) return -1;
  if (fscanf(statm, "%ld %ld", &size, &resident) != 2) resident = -1;
  fclose(statm);
  return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Shared fixtures: an animator with two small tracks. */
static kf_animator *fixture;
static kf_track *scalar, *color;

/* Each cycle returns 1 if every call gave the status it should. */
static int cycle_animator(long i) {
  (void)i;
  kf_animator *anim = NULL;
  int ok = kf_animator_create(&anim) == KF_OK;
  kf_animator_release(anim);
  return ok;
}

static int cycle_track(long i) {
  (void)i;
  kf_track *track = NULL;
  double one = 1;
  int ok = kf_animator_add_track(fixture, "soak", "alpha", NULL, &track) == KF_OK &&
           kf_track_set_keyframe(track, 0, &one, 1, NULL) == KF_OK &&
           kf_animator_remove_track(fixture, "soak", "alpha") == KF_OK;
  kf_track_release(track);
  return ok;
}

static int cycle_handle(long i) {
  (void)i;
  kf_track *track = NULL;
  int ok = kf_animator_get_track(fixture, "v", "textColor", &track) == KF_OK;
  kf_track_release(track);
  return ok;
}

static int cycle_copy(long i) {
  (void)i;
  kf_animator *copy = NULL;
  int ok = kf_animator_copy(fixture, &copy) == KF_OK;
  kf_animator_release(copy);
  return ok;
}

static int cycle_set_remove(long i) {
  double value = (double)(i % 7);
  kf_keyframe_options eased = KF_KEYFRAME_OPTIONS_INIT;
  eased.easing = i % 2 ? "easeInOutCubic" : "cubic-bezier(.4, 0, .2, 1)";
  return kf_track_set_keyframe(scalar, 15, &value, 1, &eased) == KF_OK &&
         kf_track_remove_keyframe(scalar, 15) == KF_OK;
}

static int cycle_bulk(long i) {
  double times[3] = {12, 14, 16}, values[3] = {(double)(i % 5), 1, 2};
  return kf_track_set_keyframes(scalar, times, 3, values, 3, NULL, 0) == KF_OK &&
         kf_track_remove_keyframe(scalar, 12) == KF_OK &&
         kf_track_remove_keyframe(scalar, 14) == KF_OK &&
         kf_track_remove_keyframe(scalar, 16) == KF_OK;
}

/* Errors of varying message lengths: each replaces the last-error buffer. */
static int cycle_error(long i) {
  static const char *const easings[3] = {"wobble", "easeInOutWobbleWobbleWobbleWobble(1, 2, 3)",
                                         "spring(mass=0)"};
  kf_keyframe_options bad = KF_KEYFRAME_OPTIONS_INIT;
  bad.easing = easings[i % 3];
  double value = 0;
  int ok = kf_track_set_keyframe(scalar, 5, &value, 1, &bad) == KF_E_EASING &&
           kf_last_error()[0] != '\0' &&
           kf_track_sample((kf_track *)(uintptr_t)0xDEAD0, 0, &value, 1) == KF_E_INVALID_HANDLE;
  return ok && strstr(kf_last_error(), "kf_track_sample") != NULL;
}

static void *error_thread(void *argument) {
  double value = 0;
  *(int *)argument = kf_track_sample(NULL, 0, &value, 1) == KF_E_NULL && kf_last_error()[0] != '\0';
  return NULL;
}

/* A thread that records an error and exits: its buffer must be freed. */
static int cycle_thread_exit(long i) {
  (void)i;
  pthread_t thread;
  int ok = 0;
  if (pthread_create(&thread, NULL, error_thread, &ok) != 0) return 0;
  pthread_join(thread, NULL);
  return ok;
}

static void soak(const char *name, int (*cycle)(long), long cycles) {
  long warm_up = cycles / 100 > 0 ? cycles / 100 : 1, bad = 0;
  for (long i = 0; i < warm_up; i++) bad += !cycle(i);
  long before = rss_kib();
  double began = now();
  for (long i = 0; i < cycles; i++) bad += !cycle(i);
  double elapsed = now() - began;
  long after = rss_kib(), growth = after - before;
  int ok = bad == 0 && before > 0 && growth <= THRESHOLD_KIB;
  if (ok) passed++;
  else failed++;
  printf("%-34s %8ld cycles %6.2f s (%5.2f us each)  RSS %6ld -> %6ld KiB (%+ld KiB, "
         "%.3f B/cycle; limit %d KiB)%s%s\n",
         name, cycles, elapsed, elapsed / (double)cycles * 1e6, before, after, growth,
         (double)growth * 1024.0 / (double)cycles, THRESHOLD_KIB, ok ? "" : "  FAIL",
         bad ? "  (calls failed)" : "");
  fflush(stdout);
}

int main(int argc, char **argv) {
  long cycles = argc > 1 ? atol(argv[1]) : 1000000;
  if (cycles <= 0) return 2;
  kf_track_options oklch = KF_TRACK_OPTIONS_INIT;
  oklch.color_space = "oklch";
  double red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1}, zero = 0, ten = 10;
  if (kf_animator_create(&fixture) != KF_OK ||
      kf_animator_add_track(fixture, "v", "x", NULL, &scalar) != KF_OK ||
      kf_animator_add_track(fixture, "v", "textColor", &oklch, &color) != KF_OK ||
      kf_track_set_keyframe(scalar, 0, &zero, 1, NULL) != KF_OK ||
      kf_track_set_keyframe(scalar, 30, &ten, 1, NULL) != KF_OK ||
      kf_track_set_keyframe(color, 0, red, 4, NULL) != KF_OK ||
      kf_track_set_keyframe(color, 30, blue, 4, NULL) != KF_OK) {
    fprintf(stderr, "setup: %s\n", kf_last_error());
    return 2;
  }
  soak("animator create/release", cycle_animator, cycles);
  soak("track add/set/remove/release", cycle_track, cycles);
  soak("track handle get/release", cycle_handle, cycles);
  soak("animator copy/release", cycle_copy, cycles);
  soak("keyframe set/remove (eased)", cycle_set_remove, cycles);
  soak("set_keyframes (3) + 3 removes", cycle_bulk, cycles);
  soak("error calls (2 per cycle)", cycle_error, cycles);
  soak("thread exits after an error", cycle_thread_exit, cycles / 100 > 0 ? cycles / 100 : 1);
  kf_track_release(scalar);
  kf_track_release(color);
  kf_animator_release(fixture);
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
