/*
 * Fuzz target: the easing grammar (Guides/Easing.md) through
 * kf_easing_canonical and kf_easing_sample.
 *
 * The input is the specification, up to its first NUL byte; the bytes after
 * it, if any, choose the progress values (else a fixed set: the ends, the
 * middle, outside [0, 1], NaN, infinities, subnormals).
 *
 * Invariants:
 *   - canonical and sample accept and reject the same specifications;
 *   - the canonical text of an accepted specification is accepted, is its
 *     own canonical text, and samples bit for bit as the specification does
 *     (values and derivatives);
 *   - a text buffer one byte short is KF_E_BUFFER_TOO_SMALL with the length
 *     set and the buffer untouched; a failed call writes nothing;
 *   - a batch gives bit for bit what one-element calls give, with and
 *     without derivatives;
 *   - an accepted easing is finite on [0, 1];
 *   - every call's status is in KF_STATUS_MAP and kf_last_error() is never
 *     NULL (fuzz.h).
 */
#include "fuzz.h"

#define PROGRESS_MAX 16

/* The canonical text of `spec` into a new buffer, or NULL if rejected. */
static char *canonical(const char *spec, kf_status *out_status) {
  size_t length = (size_t)-1;
  char probe[4];
  fuzz_fill(probe, sizeof probe);
  kf_status status = CALL(kf_easing_canonical(spec, probe, 0, &length));
  *out_status = status;
  if (status != KF_E_BUFFER_TOO_SMALL) {
    FUZZ_ASSERT(status != KF_OK, "canonical text with capacity 0 succeeded");
    FUZZ_ASSERT(length == (size_t)-1, "failed canonical (%d) wrote its length", (int)status);
    FUZZ_ASSERT(fuzz_untouched(probe, 0, sizeof probe), "failed canonical wrote text");
    return NULL;
  }
  FUZZ_ASSERT(fuzz_untouched(probe, 0, sizeof probe), "capacity 0 but text written");
  FUZZ_ASSERT(length < 1 << 20, "canonical length %zu", length);
  /* One byte short: the length again, nothing written. */
  char *text = (char *)malloc(length + 2);
  fuzz_fill(text, length + 2);
  size_t again = (size_t)-1;
  FUZZ_ASSERT(CALL(kf_easing_canonical(spec, text, length, &again)) == KF_E_BUFFER_TOO_SMALL,
              "capacity %zu for %zu bytes", length, length);
  FUZZ_ASSERT(again == length && fuzz_untouched(text, 0, length + 2),
              "short buffer: length %zu (want %zu) or text written", again, length);
  /* Exactly enough; a NULL length pointer is allowed. */
  FUZZ_ASSERT(CALL(kf_easing_canonical(spec, text, length + 1, NULL)) == KF_OK,
              "capacity %zu for %zu bytes", length + 1, length);
  FUZZ_ASSERT(text[length] == '\0' && strlen(text) == length &&
                  fuzz_untouched(text, length + 1, length + 2),
              "canonical text is not %zu bytes and a NUL", length);
  return text;
}

/* Samples `spec` at `count` progress values; returns the status. */
static kf_status sample(const char *spec, const double *progress, size_t count, double *values,
                        double *derivatives) {
  fuzz_fill(values, sizeof(double) * PROGRESS_MAX);
  if (derivatives) fuzz_fill(derivatives, sizeof(double) * PROGRESS_MAX);
  kf_status status = CALL(kf_easing_sample(spec, progress, count, values, derivatives, count));
  if (status != KF_OK) {
    FUZZ_ASSERT(fuzz_untouched(values, 0, sizeof(double) * PROGRESS_MAX) &&
                    (!derivatives || fuzz_untouched(derivatives, 0, sizeof(double) * PROGRESS_MAX)),
                "failed kf_easing_sample wrote its outputs");
  } else {
    FUZZ_ASSERT(fuzz_untouched(values, sizeof(double) * count, sizeof(double) * PROGRESS_MAX),
                "kf_easing_sample wrote past count");
  }
  return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t spec_length = 0;
  while (spec_length < size && data[spec_length] != 0) spec_length++;
  if (spec_length > 4096) return 0;
  char *spec = (char *)malloc(spec_length + 1);
  memcpy(spec, data, spec_length);
  spec[spec_length] = '\0';

  double progress[PROGRESS_MAX] = {0, 1, 0.5, 0.25, 0.75, -0.5, 1.5, 1e-300, 1 - 1e-16,
                                   4.9406564584124654e-324, NAN, INFINITY, -INFINITY, -0.0,
                                   0.999, 0.001};
  size_t count = PROGRESS_MAX;
  if (spec_length < size) {
    fuzz_reader r = {data + spec_length + 1, size - spec_length - 1, 0};
    count = 1 + fuzz_pick(&r, PROGRESS_MAX);
    for (size_t i = 0; i < count; i++) progress[i] = fuzz_number(&r);
  }

  kf_status canonical_status;
  char *text = canonical(spec, &canonical_status);
  double values[PROGRESS_MAX], derivatives[PROGRESS_MAX];
  kf_status sample_status = sample(spec, progress, count, values, derivatives);
  FUZZ_ASSERT((text != NULL) == (sample_status == KF_OK),
              "canonical says %d but sample says %d for the same spec", (int)canonical_status,
              (int)sample_status);
  if (text == NULL) {
    FUZZ_ASSERT(sample_status == KF_E_EASING || sample_status == KF_E_INVALID_NAME,
                "a rejected spec gives %d", (int)sample_status);
    free(spec);
    return 0;
  }

  /* The canonical text is accepted and is its own canonical text. */
  kf_status again_status;
  char *again = canonical(text, &again_status);
  FUZZ_ASSERT(again != NULL, "canonical text \"%s\" of \"%s\" is rejected (%d)", text, spec,
              (int)again_status);
  FUZZ_ASSERT(strcmp(again, text) == 0, "canonical text \"%s\" re-canonicalizes to \"%s\"", text,
              again);

  /* It is the same easing, bit for bit. */
  double canonical_values[PROGRESS_MAX], canonical_derivatives[PROGRESS_MAX];
  FUZZ_ASSERT(sample(text, progress, count, canonical_values, canonical_derivatives) == KF_OK,
              "canonical text \"%s\" does not sample", text);
  for (size_t i = 0; i < count; i++) {
    FUZZ_ASSERT(memcmp(&values[i], &canonical_values[i], sizeof(double)) == 0 &&
                    memcmp(&derivatives[i], &canonical_derivatives[i], sizeof(double)) == 0,
                "\"%s\" and its canonical \"%s\" differ at %.17g: %.17g / %.17g vs %.17g / %.17g",
                spec, text, progress[i], values[i], derivatives[i], canonical_values[i],
                canonical_derivatives[i]);
  }

  /* Batch equals single, with and without derivatives. */
  double plain[PROGRESS_MAX];
  FUZZ_ASSERT(sample(spec, progress, count, plain, NULL) == KF_OK, "no derivatives: rejected");
  for (size_t i = 0; i < count; i++) {
    double one, one_derivative;
    FUZZ_ASSERT(CALL(kf_easing_sample(spec, &progress[i], 1, &one, &one_derivative, 1)) == KF_OK,
                "single sample rejected");
    FUZZ_ASSERT(memcmp(&one, &values[i], sizeof one) == 0 &&
                    memcmp(&one_derivative, &derivatives[i], sizeof one) == 0 &&
                    memcmp(&plain[i], &values[i], sizeof one) == 0,
                "\"%s\" at %.17g: batch %.17g / %.17g, single %.17g / %.17g, no derivatives %.17g",
                spec, progress[i], values[i], derivatives[i], one, one_derivative, plain[i]);
    if (progress[i] >= 0 && progress[i] <= 1) {
      FUZZ_ASSERT(isfinite(values[i]), "\"%s\" at %.17g is %g", spec, progress[i], values[i]);
    }
  }

  /* A capacity below count writes nothing. */
  if (count > 1) {
    fuzz_fill(plain, sizeof plain);
    FUZZ_ASSERT(CALL(kf_easing_sample(spec, progress, count, plain, NULL, count - 1)) ==
                        KF_E_BUFFER_TOO_SMALL &&
                    fuzz_untouched(plain, 0, sizeof plain),
                "capacity count - 1");
  }

  free(again);
  free(text);
  free(spec);
  return 0;
}
