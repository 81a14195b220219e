#!/usr/bin/env bash
# Runs one libFuzzer target for a number of seconds (make fuzz, make fuzz-ci):
#
#   Tests/fuzz/run.sh BINARY TARGET SECONDS
#
# The fuzzer starts from the committed seeds (Tests/fuzz/TARGET/corpus) and
# regressions (Tests/fuzz/TARGET/regressions), which it replays first, and
# from what earlier runs found (.build/fuzz/corpus/TARGET, where it also keeps
# what it finds now: the committed folders are never written). The output goes
# to .build/fuzz/TARGET.log; a crash, a leak, a timeout or a broken invariant
# fails the run and leaves its input in .build/fuzz/crashes/TARGET/.
set -euo pipefail

binary=$1
target=$2
seconds=$3
here=Tests/fuzz
work=.build/fuzz
found=$work/corpus/$target
crashes=$work/crashes/$target
log=$work/$target.log
mkdir -p "$found" "$crashes"

# Inputs are at most 4096 bytes; the lottie target's, 16384: a Lottie
# document that draws a little of everything (its seed every-op.json) is
# larger than 4 KB, and a cut-off one only reaches the JSON parser.
max_len=4096
[[ $target == lottie ]] && max_len=16384

folders=("$found" "$here/$target/corpus")
[[ -d $here/$target/regressions ]] && folders+=("$here/$target/regressions")
options=(
  -max_total_time="$seconds"
  -timeout=10          # one input running 10 s is a hang
  -rss_limit_mb=2048
  -max_len="$max_len"
  -print_final_stats=1
  -artifact_prefix="$crashes/"
)
[[ -f $here/$target.dict ]] && options+=(-dict="$here/$target.dict")
# FUZZ_SEED fixes libFuzzer's random seed (make fuzz-ci sets it: CI's short
# run mutates the same way on every clean clone, so its verdict does not
# depend on luck; make fuzz explores with a new seed each run).
[[ -n ${FUZZ_SEED:-} ]] && options+=(-seed="$FUZZ_SEED")

# Swift's backtracer is off: libFuzzer and ASan report crashes themselves,
# and the backtracer's handler trips over ASan's memory map.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

stamp=$work/$target.started
touch "$stamp"
status=0
"$binary" "${options[@]}" "${folders[@]}" > "$log" 2>&1 || status=$?
if ((status != 0)); then
  grep -v -E '^#[0-9]+|^INFO:|^\s+NEW_FUNC' "$log" | tail -n 40
  echo "fuzz $target: FAILED (exit $status); full log: $log"
  find "$crashes" -type f -newer "$stamp" | sed 's/^/  input: /'

  echo "  replay: $binary <input>   (FUZZ_TRACE=1: api prints its calls, choreography and layout their operations)"
  echo "  as a test: cp <input> $here/$target/regressions/   (make test replays it)"
  exit 1
fi
# "Done 12345 runs in 15 second(s)" and the final coverage.
runs=$(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1)
coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
echo "fuzz $target: ${runs:-no runs} ($coverage, $(ls "$found" | wc -l) inputs kept)"
