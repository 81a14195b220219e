/*
 * Fuzz target: razzle-scene/1 files (Guides/Scenes.md) through
 * kf_scene_load and kf_scene_save.
 *
 * The input is the file's bytes, as they are (NUL bytes included).
 *
 * Invariants:
 *   - a failed load leaves *out_scene as it was, reports a location inside
 *     the text (line and column >= 1 when the error is in the text) and a
 *     message;
 *   - a loaded scene saves, the saved text loads, and saving that gives the
 *     same bytes (the exact round trip: the writer is deterministic and
 *     reads back what it writes);
 *   - every call's status is in KF_STATUS_MAP and kf_last_error() is never
 *     NULL (fuzz.h).
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 20) return 0;
  kf_scene *const sentinel = (kf_scene *)(uintptr_t)0x5a5a;
  kf_scene *scene = sentinel;
  kf_scene_location where = {(size_t)-1, (size_t)-1, (size_t)-1};
  kf_status status = CALL(kf_scene_load((const char *)data, size, &scene, &where));
  if (status != KF_OK) {
    fuzz_check_refused_load(status, scene, sentinel, &where, size);
    return 0;
  }
  size_t length = 0;
  kf_status saved = KF_OK;
  char *text = fuzz_scene_text(scene, &length, &saved);
  kf_scene_release(scene);
  if (text == NULL) return 0; /* a paging whose tracks were edited away cannot occur here */
  kf_scene_release(fuzz_scene_reload(text, length));
  free(text);
  return 0;
}
