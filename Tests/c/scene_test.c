/* Scenes through the C ABI (Guides/Scenes.md): save and load round trips
 * byte for byte and sample bit for bit, names, files, the error's location,
 * and the refusals of untrusted input (NULL, wrong handles, bad items and
 * indices, short buffers, malformed text). Also run under valgrind. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define TIMES 64

static char *save(const kf_scene *scene, size_t *out_length) {
  size_t length = 0;
  CHECK(kf_scene_save(scene, NULL, 0, &length) == KF_E_BUFFER_TOO_SMALL, "save: length query");
  char *text = malloc(length + 1);
  memset(text, '#', length + 1);
  size_t again = 0;
  CHECK(kf_scene_save(scene, text, length, &again) == KF_E_BUFFER_TOO_SMALL && again == length,
        "a buffer one byte short is too small and still gets the length");
  CHECK(text[0] == '#', "a short buffer is untouched");
  CHECK(kf_scene_save(scene, text, length + 1, &again) == KF_OK && again == length, "save");
  CHECK(text[length] == '\0' && strlen(text) == length, "the text ends with its NUL");
  *out_length = length;
  return text;
}

static int same_bits(const double *a, const double *b, size_t n) {
  return memcmp(a, b, n * sizeof(double)) == 0;
}

int main(void) {
  kf_animator *anim = NULL;
  kf_track *alpha = NULL;
  CHECK(kf_animator_create(&anim) == KF_OK, "animator");
  CHECK(kf_animator_add_track(anim, "label", "alpha", NULL, &alpha) == KF_OK, "track");
  double one = 1, zero = 0;
  kf_keyframe_options eased = KF_KEYFRAME_OPTIONS_INIT;
  eased.easing = "easeInQuad";
  CHECK(kf_track_set_keyframe(alpha, 30, &one, 1, &eased) == KF_OK, "keyframe 30");
  CHECK(kf_track_set_keyframe(alpha, 60, &zero, 1, NULL) == KF_OK, "keyframe 60");
  kf_node *clip = NULL;
  double span[2] = {30, 60};
  CHECK(kf_clip_new(anim, span, NULL, KF_COMPOSITE_REPLACE, &clip) == KF_OK, "clip");

  kf_scene *scene = NULL;
  CHECK(kf_scene_new(&scene) == KF_OK, "new scene");
  CHECK(kf_scene_add_animator(scene, anim, "fade") == KF_OK, "add animator");
  CHECK(kf_scene_add_animator(scene, anim, "fade") == KF_E_DUPLICATE, "a name is unique in its list");
  CHECK(kf_scene_add_animator(scene, anim, "") == KF_E_INVALID_NAME, "an empty name");
  CHECK(kf_scene_add_animator(scene, anim, "again") == KF_E_DUPLICATE &&
            strstr(kf_last_error(), "this animator already as \"fade\""),
        "an animator is in a scene once (a file lists it once)");
  CHECK(kf_scene_add_node(scene, clip, "intro") == KF_OK, "add node");
  CHECK(kf_scene_add_mask(scene, KF_MASK_BOTTOM, 300, 400, NULL) == KF_OK, "add mask");
  CHECK(kf_scene_add_mask(scene, 99, 300, 400, NULL) == KF_E_INVALID_VALUE, "an undefined mask kind");
  CHECK(kf_scene_add_mask(scene, KF_MASK_TOP, -1, 400, NULL) == KF_E_INVALID_VALUE, "a negative size");
  kf_path *path = NULL;
  CHECK(kf_path_parse("M0 0 A30 30 0 0 1 60 0", &path, NULL) == KF_OK, "path");
  CHECK(kf_scene_add_path(scene, path, "route") == KF_OK, "add path");
  CHECK(kf_scene_add_path(scene, (kf_path *)anim, NULL) == KF_E_INVALID_HANDLE, "an animator is not a path");

  size_t length = 0;
  char *text = save(scene, &length);
  CHECK(strstr(text, "\"format\": \"razzle-scene/1\"") != NULL, "the format");
  CHECK(strstr(text, "{\"time\": 30.0, \"value\": 1.0, \"easing\": \"easeInQuad\"}") != NULL, "a keyframe");

  /* Load, then save again: the same bytes. */
  kf_scene *loaded = NULL;
  kf_scene_location where = {9, 9, 9};
  CHECK(kf_scene_load(text, length, &loaded, &where) == KF_OK, "load");
  CHECK(where.line == 0 && where.column == 0 && where.offset == 0, "no error: location 0");
  size_t again_length = 0;
  char *again = save(loaded, &again_length);
  CHECK(again_length == length && memcmp(text, again, length) == 0, "byte-identical round trip");
  free(again);

  size_t count = 0, index = 99;
  CHECK(kf_scene_count(loaded, KF_SCENE_ANIMATOR, &count) == KF_OK && count == 1, "one animator");
  CHECK(kf_scene_count(loaded, KF_SCENE_MASK, &count) == KF_OK && count == 1, "one mask");
  CHECK(kf_scene_count(loaded, 7, &count) == KF_E_INVALID_VALUE, "an undefined item");
  CHECK(kf_scene_find(loaded, KF_SCENE_NODE, "intro", &index) == KF_OK && index == 0, "find a node");
  CHECK(kf_scene_find(loaded, KF_SCENE_NODE, "outro", &index) == KF_E_NOT_FOUND, "an unknown name");
  char name[8];
  size_t name_length = 0;
  CHECK(kf_scene_name(loaded, KF_SCENE_PATH, 0, name, sizeof name, &name_length) == KF_OK &&
            strcmp(name, "route") == 0 && name_length == 5,
        "a name");
  CHECK(kf_scene_name(loaded, KF_SCENE_MASK, 0, name, sizeof name, &name_length) == KF_OK && name[0] == 0,
        "an unnamed object has the empty name");

  kf_node *node = NULL;
  kf_animator *anim2 = NULL;
  CHECK(kf_scene_node_at(loaded, 0, &node) == KF_OK, "node at 0");
  CHECK(kf_scene_node_at(loaded, 1, &node) == KF_E_OUT_OF_RANGE, "node at 1");
  CHECK(kf_scene_animator_at(loaded, 0, &anim2) == KF_OK, "animator at 0");
  double times[TIMES], a[TIMES], b[TIMES];
  for (int i = 0; i < TIMES; i++) times[i] = -5 + i * 0.5;
  size_t width = 0;
  CHECK(kf_node_sample_many(clip, times, TIMES, KF_ANIMATION_FORWARDS, a, TIMES, &width, NULL) == KF_OK,
        "sample the original");
  CHECK(kf_node_sample_many(node, times, TIMES, KF_ANIMATION_FORWARDS, b, TIMES, &width, NULL) == KF_OK,
        "sample the loaded node");
  CHECK(same_bits(a, b, TIMES), "the loaded clip samples bit for bit");
  CHECK(kf_animator_sample_many(anim, times, TIMES, a, TIMES, NULL, NULL) == KF_OK, "animator");
  CHECK(kf_animator_sample_many(anim2, times, TIMES, b, TIMES, NULL, NULL) == KF_OK, "loaded animator");
  CHECK(same_bits(a, b, TIMES), "the loaded animator samples bit for bit");
  kf_mask kind = -1;
  double w = 0, h = 0;
  CHECK(kf_scene_mask_at(loaded, 0, &kind, &w, &h) == KF_OK && kind == KF_MASK_BOTTOM && w == 300 && h == 400,
        "mask at 0");
  kf_path *path2 = NULL;
  CHECK(kf_scene_path_at(loaded, 0, &path2) == KF_OK, "path at 0");
  kf_path_release(path2);

  /* Objects outlive their scene. */
  kf_scene_release(loaded);
  kf_scene_release(loaded);
  CHECK(kf_node_sample_many(node, times, TIMES, KF_ANIMATION_FORWARDS, b, TIMES, &width, NULL) == KF_OK,
        "a node outlives its scene");
  CHECK(kf_scene_count(loaded, KF_SCENE_NODE, &count) == KF_E_INVALID_HANDLE, "a released scene");
  CHECK(kf_scene_count((kf_scene *)anim, KF_SCENE_NODE, &count) == KF_E_INVALID_HANDLE, "not a scene");
  kf_node_release(node);
  kf_animator_release(anim2);

  /* Files. */
  const char *file = "/tmp/razzle_scene_test.json";
  CHECK(kf_scene_save_file(scene, file) == KF_OK, "save a file");
  CHECK(kf_scene_load_file(file, &loaded, NULL) == KF_OK, "load a file");
  again = save(loaded, &again_length);
  CHECK(again_length == length && memcmp(text, again, length) == 0, "a file round trip");
  free(again);
  kf_scene_release(loaded);
  remove(file);
  loaded = NULL;
  CHECK(kf_scene_load_file("/nonexistent/razzle.json", &loaded, &where) == KF_E_NOT_FOUND && loaded == NULL,
        "a missing file");
  CHECK(kf_scene_save_file(scene, "/nonexistent/razzle.json") == KF_E_NOT_FOUND, "an unwritable file");

  /* Errors: where, what, and no scene. */
  const char *bad = "{\"format\": \"razzle-scene/1\", \"animators\": [{\"tracks\": [\n"
                    "  {\"property\": \"alpha\", \"keyframes\": [{\"time\": 0, \"value\": 1, \"easing\": \"wobble\"}]}]}]}";
  CHECK(kf_scene_load(bad, strlen(bad), &loaded, &where) == KF_E_EASING && loaded == NULL, "unknown easing");
  CHECK(where.line == 2 && where.column == 73 && where.offset == 56 + 72, "its location (%zu:%zu @%zu)",
        where.line, where.column, where.offset);
  CHECK(strncmp(kf_last_error(), "kf_scene_load: /animators/0/tracks/0/keyframes/0/easing: unknown easing",
                71) == 0,
        "its message");
  const char *cases[] = {
      "", "{", "[]", "{\"format\": \"razzle-scene/1\",}", "{\"format\": \"razzle-scene/2\"}",
      "{\"format\": \"razzle-scene/1\", \"nodes\": [{\"type\": \"clip\", \"animator\": 0}]}",
      "\xef\xbb\xbf{\"format\": \"razzle-scene/1\"}", "{\"format\": \"razzle-scene/1\xff\"}",
      "{\"format\": \"razzle-scene/1\", \"masks\": [{\"kind\": \"top\", \"width\": 1e999, \"height\": 1}]}",
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    CHECK(kf_scene_load(cases[i], strlen(cases[i]), &loaded, NULL) < 0 && loaded == NULL, "malformed %zu", i);
  }
  CHECK(kf_scene_load("{\"format\": \"razzle-scene/1\"}\0", 29, &loaded, &where) == KF_E_FORMAT &&
            where.offset == 28 && where.line == 1 && where.column == 29 && strstr(kf_last_error(), "NUL byte"),
        "a NUL byte after the value: its line and column");
  CHECK(kf_scene_load("{\"format\":\n \"razzle\0scene/1\"}", 29, &loaded, &where) == KF_E_FORMAT &&
            where.offset == 19 && where.line == 2 && where.column == 9 && strstr(kf_last_error(), "NUL byte"),
        "a NUL byte inside a string: its line and column (%s)", kf_last_error());
  CHECK(kf_scene_load(NULL, 3, &loaded, NULL) == KF_E_NULL, "NULL text");
  CHECK(kf_scene_load(NULL, 0, &loaded, NULL) == KF_E_FORMAT, "no text is an empty text");
  CHECK(kf_scene_load("{}", 2, NULL, NULL) == KF_E_NULL, "NULL out");
  CHECK(kf_scene_new(NULL) == KF_E_NULL, "NULL out_scene");
  CHECK(kf_scene_save(scene, NULL, 5, NULL) == KF_E_NULL, "NULL buffer with a capacity");
  CHECK(kf_scene_mask_at(scene, 0, NULL, &w, &h) == KF_E_NULL, "NULL out_kind");
  CHECK(kf_scene_mask_at(scene, 5, &kind, &w, &h) == KF_E_OUT_OF_RANGE, "mask out of range");
  kf_scene_release(NULL);

  /* Stages: added from JSON text, counted, named, written back. */
  const char *stage = "{\"name\": \"home\", \"size\": [320, 480], \"animator\": \"fade\",\n"
                      " \"targets\": [{\"name\": \"label\", \"shape\": \"text\", \"frame\": [0, 0, 100, 20],"
                      " \"text\": \"Hi\"}, {\"name\": \"line\", \"shape\": \"path\", \"frame\": [0, 0, 1, 1],"
                      " \"path\": \"route\"}]}";
  const char *expected = "{\n  \"name\": \"home\",\n  \"size\": [320.0, 480.0],\n  \"animator\": \"fade\",\n"
                         "  \"targets\": [\n"
                         "    {\"name\": \"label\", \"shape\": \"text\", \"frame\": [0.0, 0.0, 100.0, 20.0], \"text\": \"Hi\"},\n"
                         "    {\"name\": \"line\", \"shape\": \"path\", \"frame\": [0.0, 0.0, 1.0, 1.0], \"path\": \"route\"}\n"
                         "  ]\n}\n";
  where.line = where.column = where.offset = 9;
  CHECK(kf_scene_count(scene, KF_SCENE_STAGE, &count) == KF_OK && count == 0, "no stage yet");
  CHECK(kf_scene_add_stage(scene, stage, strlen(stage), &where) == KF_OK, "add a stage: %s", kf_last_error());
  CHECK(where.line == 0 && where.column == 0 && where.offset == 0, "no error: location 0");
  CHECK(kf_scene_count(scene, KF_SCENE_STAGE, &count) == KF_OK && count == 1, "one stage");
  CHECK(kf_scene_find(scene, KF_SCENE_STAGE, "home", &index) == KF_OK && index == 0, "find the stage");
  CHECK(kf_scene_name(scene, KF_SCENE_STAGE, 0, name, sizeof name, &name_length) == KF_OK &&
            strcmp(name, "home") == 0 && name_length == 4,
        "the stage's name");
  size_t stage_length = 0;
  CHECK(kf_scene_stage_at(scene, 0, NULL, 0, &stage_length) == KF_E_BUFFER_TOO_SMALL &&
            stage_length == strlen(expected),
        "stage_at: length query (%zu, expected %zu)", stage_length, strlen(expected));
  char *stage_text = malloc(stage_length + 1);
  memset(stage_text, '#', stage_length + 1);
  size_t got = 0;
  CHECK(kf_scene_stage_at(scene, 0, stage_text, stage_length, &got) == KF_E_BUFFER_TOO_SMALL && got == stage_length &&
            stage_text[0] == '#',
        "a buffer one byte short is too small, untouched, and still gets the length");
  CHECK(kf_scene_stage_at(scene, 0, stage_text, stage_length + 1, &got) == KF_OK && got == stage_length &&
            strcmp(stage_text, expected) == 0,
        "the exact buffer gets the stage's text:\n%s", stage_text);
  CHECK(kf_scene_stage_at(scene, 0, NULL, 8, &got) == KF_E_NULL, "NULL buffer with a capacity");
  CHECK(kf_scene_stage_at(scene, 1, stage_text, stage_length + 1, &got) == KF_E_OUT_OF_RANGE, "stage 1");
  CHECK(kf_scene_stage_at((kf_scene *)anim, 0, stage_text, stage_length + 1, &got) == KF_E_INVALID_HANDLE,
        "stage_at: not a scene");
  /* The saved file holds it, and loads back to the same stage. */
  free(text);
  text = save(scene, &length);
  CHECK(strstr(text, "\"stages\": [\n    {\n      \"name\": \"home\"") != NULL, "the file's stages:\n%s", text);
  CHECK(kf_scene_load(text, length, &loaded, NULL) == KF_OK, "load with a stage");
  char *stage_again = malloc(stage_length + 1);
  CHECK(kf_scene_stage_at(loaded, 0, stage_again, stage_length + 1, &got) == KF_OK &&
            strcmp(stage_again, expected) == 0,
        "the loaded stage");
  free(stage_again);
  kf_scene_release(loaded);
  free(stage_text);

  /* Errors: relative pointers, the location in the stage's text, nothing added. */
  const char *duplicate = "{\"name\": \"home\", \"size\": [1, 1], \"node\": \"intro\"}";
  CHECK(kf_scene_add_stage(scene, duplicate, strlen(duplicate), &where) == KF_E_DUPLICATE && where.column == 10,
        "a stage name is unique (column %zu)", where.column);
  const char *shape = "{\"size\": [1, 1], \"node\": \"intro\",\n \"targets\": [{\"name\": \"a\", \"shape\": \"circle\", "
                      "\"frame\": [0, 0, 1, 1]}]}";
  CHECK(kf_scene_add_stage(scene, shape, strlen(shape), &where) == KF_E_INVALID_NAME && where.line == 2 &&
            where.column == 37 && where.offset == 70,
        "an unknown shape (%zu:%zu @%zu)", where.line, where.column, where.offset);
  CHECK(strncmp(kf_last_error(), "kf_scene_add_stage: /targets/0/shape: unknown shape \"circle\"", 60) == 0,
        "its message: %s", kf_last_error());
  const char *missing = "{\"size\": [1, 1], \"animator\": \"fad\"}";
  CHECK(kf_scene_add_stage(scene, missing, strlen(missing), &where) == KF_E_NOT_FOUND, "a missing animator");
  CHECK(strstr(kf_last_error(), "/animator: no animator is named \"fad\" (did you mean \"fade\"?)") != NULL,
        "its message: %s", kf_last_error());
  const char *range = "{\"size\": [0, 1], \"node\": \"intro\"}";
  CHECK(kf_scene_add_stage(scene, range, strlen(range), &where) == KF_E_INVALID_VALUE && where.column == 10,
        "a size out of range");
  const char *structure = "{\"size\": [1, 1], \"node\": \"intro\", \"zoom\": 2}";
  CHECK(kf_scene_add_stage(scene, structure, strlen(structure), &where) == KF_E_FORMAT, "an unknown field");
  CHECK(kf_scene_add_stage(scene, "{\"size\": [1, 1], \"node\": \"intro\"}\0", 34, &where) == KF_E_FORMAT &&
            where.offset == 33 && where.line == 1 && where.column == 34,
        "a NUL byte");
  CHECK(kf_scene_add_stage(scene, "[]", 2, NULL) == KF_E_FORMAT, "not an object");
  CHECK(kf_scene_add_stage(scene, NULL, 3, NULL) == KF_E_NULL, "NULL json");
  CHECK(kf_scene_add_stage(NULL, stage, strlen(stage), NULL) == KF_E_NULL, "NULL scene");
  CHECK(kf_scene_add_stage((kf_scene *)anim, stage, strlen(stage), NULL) == KF_E_INVALID_HANDLE, "not a scene");
  CHECK(kf_scene_count(scene, KF_SCENE_STAGE, &count) == KF_OK && count == 1, "nothing added on error");

  free(text);
  kf_scene_release(scene);
  kf_path_release(path);
  kf_node_release(clip);
  kf_track_release(alpha);
  kf_animator_release(anim);
  printf("scene_test: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
