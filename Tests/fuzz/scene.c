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

/* The scene's text, malloc'ed, or NULL if saving fails. */
static char *save(const kf_scene *scene, size_t *out_length) {
  size_t length = (size_t)-1;
  kf_status status = CALL(kf_scene_save(scene, NULL, 0, &length));
  if (status != KF_E_BUFFER_TOO_SMALL) {
    FUZZ_ASSERT(status != KF_OK, "save with capacity 0 succeeded");
    return NULL;
  }
  char *text = (char *)malloc(length + 1);
  size_t again = 0;
  FUZZ_ASSERT(CALL(kf_scene_save(scene, text, length + 1, &again)) == KF_OK, "second save failed");
  FUZZ_ASSERT(again == length && text[length] == '\0', "save length %zu then %zu", length, again);
  *out_length = length;
  return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 1 << 20) return 0;
  kf_scene *scene = (kf_scene *)(uintptr_t)0x5a5a;
  kf_scene_location where = {(size_t)-1, (size_t)-1, (size_t)-1};
  kf_status status = CALL(kf_scene_load((const char *)data, size, &scene, &where));
  if (status != KF_OK) {
    FUZZ_ASSERT(scene == (kf_scene *)(uintptr_t)0x5a5a, "a failed load wrote its scene");
    FUZZ_ASSERT(where.offset <= size, "error offset %zu past %zu bytes", where.offset, size);
    FUZZ_ASSERT((where.line == 0) == (where.column == 0), "line %zu column %zu", where.line, where.column);
    return 0;
  }
  size_t length = 0;
  char *text = save(scene, &length);
  kf_scene_release(scene);
  if (text == NULL) return 0; /* a paging whose tracks were edited away cannot occur here */
  kf_scene *again = NULL;
  FUZZ_ASSERT(CALL(kf_scene_load(text, length, &again, NULL)) == KF_OK, "the saved text does not load");
  size_t second_length = 0;
  char *second = save(again, &second_length);
  FUZZ_ASSERT(second != NULL, "the reloaded scene does not save");
  FUZZ_ASSERT(second_length == length && memcmp(text, second, length) == 0,
              "saving a loaded file changed its bytes");
  kf_scene_release(again);
  free(text);
  free(second);
  return 0;
}
