/*
 * Replays fuzz inputs without libFuzzer: links with one target's
 * LLVMFuzzerTestOneInput and runs it over every file given, or every file in
 * a folder given (names starting with '.' skipped). A broken invariant
 * aborts, as under the fuzzer. `make test` builds one per target against the
 * ordinary library and replays the committed seeds and regressions with it.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 0;
  }
  size_t capacity = 4096, size = 0;
  uint8_t *data = malloc(capacity);
  size_t n;
  while ((n = fread(data + size, 1, capacity - size, f)) > 0) {
    size += n;
    if (size == capacity) data = realloc(data, capacity *= 2);
  }
  fclose(f);
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 1;
}

int main(int argc, char **argv) {
  size_t inputs = 0;
  for (int i = 1; i < argc; i++) {
    struct stat info;
    if (stat(argv[i], &info) != 0) {
      perror(argv[i]);
      return 2;
    }
    if (!S_ISDIR(info.st_mode)) {
      if (!replay_file(argv[i])) return 2;
      inputs++;
      continue;
    }
    DIR *folder = opendir(argv[i]);
    struct dirent *entry;
    while (folder && (entry = readdir(folder)) != NULL) {
      if (entry->d_name[0] == '.') continue;
      char path[4096];
      snprintf(path, sizeof path, "%s/%s", argv[i], entry->d_name);
      if (!replay_file(path)) return 2;
      inputs++;
    }
    if (folder) closedir(folder);
  }
  printf("%zu inputs replayed\n", inputs);
  return 0;
}
