/*
 * Fuzz target: the CSS color parser, kf_color_parse (CSS Color 4 text).
 *
 * The input is the color text, up to its first NUL byte.
 *
 * Invariants:
 *   - a failed parse writes nothing and its message is non-empty (fuzz.h
 *     checks every status and kf_last_error());
 *   - an accepted color is finite, with alpha in [0, 1]; hex colors, named
 *     colors and rgb()/rgba() (whose channels CSS clamps) lie in [0, 1];
 *   - ASCII case does not matter: the text with its letters upper-cased
 *     and lower-cased parses to the same result, bit for bit;
 *   - white space around the color does not matter either.
 */
#include <ctype.h>
#include <strings.h>

#include "fuzz.h"

/* Parses `text`; returns the status and fills rgba (checked untouched on
 * failure). */
static kf_status parse(const char *text, double rgba[4]) {
  double out[6];
  fuzz_fill(out, sizeof out);
  kf_status status = CALL(kf_color_parse(text, out));
  if (status != KF_OK) {
    FUZZ_ASSERT(status == KF_E_INVALID_VALUE || status == KF_E_INVALID_NAME,
                "kf_color_parse gave %d", (int)status);
    FUZZ_ASSERT(fuzz_untouched(out, 0, sizeof out), "failed kf_color_parse wrote its output");
    fuzz_fill(rgba, 4 * sizeof(double));
  } else {
    FUZZ_ASSERT(fuzz_untouched(out, 4 * sizeof(double), sizeof out),
                "kf_color_parse wrote past 4 doubles");
    memcpy(rgba, out, 4 * sizeof(double));
  }
  return status;
}

static char *with_case(const char *text, int (*change)(int)) {
  size_t n = strlen(text);
  char *copy = (char *)malloc(n + 1);
  for (size_t i = 0; i <= n; i++) {
    unsigned char c = (unsigned char)text[i];
    copy[i] = (char)(c < 0x80 ? change(c) : c);
  }
  return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t length = 0;
  while (length < size && data[length] != 0) length++;
  if (length > 4096) return 0;
  char *text = (char *)malloc(length + 1);
  memcpy(text, data, length);
  text[length] = '\0';

  double rgba[4];
  kf_status status = parse(text, rgba);
  if (status == KF_OK) {
    for (int i = 0; i < 3; i++) {
      FUZZ_ASSERT(isfinite(rgba[i]), "\"%s\": channel %d is %g", text, i, rgba[i]);
    }
    FUZZ_ASSERT(rgba[3] >= 0 && rgba[3] <= 1, "\"%s\": alpha %g", text, rgba[3]);
    const char *start = text;
    while (*start == ' ' || *start == '\t' || *start == '\n' || *start == '\r' || *start == '\f') {
      start++;
    }
    int clamped = start[0] == '#' || strchr(start, '(') == NULL ||
                  strncasecmp(start, "rgb", 3) == 0;
    if (clamped) {
      for (int i = 0; i < 3; i++) {
        FUZZ_ASSERT(rgba[i] >= 0 && rgba[i] <= 1, "\"%s\": channel %d is %.17g outside [0, 1]",
                    text, i, rgba[i]);
      }
    }
  }

  /* Case and surrounding white space change nothing. */
  char *upper = with_case(text, toupper), *lower = with_case(text, tolower);
  char *spaced = (char *)malloc(length + 5);
  snprintf(spaced, length + 5, " \t%s\n ", text);
  const char *variants[] = {upper, lower, spaced};
  for (int v = 0; v < 3; v++) {
    double other[4];
    kf_status other_status = parse(variants[v], other);
    FUZZ_ASSERT(other_status == status, "\"%s\" gives %d but \"%s\" gives %d", text, (int)status,
                variants[v], (int)other_status);
    FUZZ_ASSERT(memcmp(rgba, other, sizeof other) == 0,
                "\"%s\" and \"%s\" parse to different colors", text, variants[v]);
  }
  free(upper);
  free(lower);
  free(spaced);
  free(text);
  return 0;
}
