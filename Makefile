# razzle — build, test and demo.
#
#   make demo    build the library and the Python package, run the demo
#   make test    lint, swift test, the C programs (also under valgrind),
#                pytest (with mypy --strict on the README and a typed script)
#   make build   just libkeyframe.so (.build/release)
#   make bench   the side-by-side benchmark against numpy/scipy
#   make format  swift format the sources; make lint checks it
#   make fuzz    the libFuzzer targets, FUZZ_SECONDS (60) each; make fuzz-ci
#                is CI's short run (README: Fuzzing)
#
# Targets are quiet and incremental: each step reruns only when its inputs
# change.
#
# Python: everything runs in one virtual environment, $(VENV): the active
# one ($VIRTUAL_ENV), else .build/venv, created on first use over $(PYTHON)
# with --system-site-packages (packages that Python already has are reused,
# and pip never writes into a distribution's own Python, PEP 668). The
# install stamps live inside that environment, so a new environment (even
# one recreated at the same path) gets the package installed again.

SWIFT  ?= swift
PYTHON ?= python3
CC     ?= cc
VENV   ?= $(or $(VIRTUAL_ENV),$(abspath .build/venv))

VENV_PYTHON := $(VENV)/bin/python
STAMPS      := $(VENV)/.razzle-make
TEST_DEPS   := numpy scipy pytest hypothesis mypy
PIP         := $(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore

LIB          := .build/release/libkeyframe.so
SWIFT_INPUTS := Package.swift Sources/KeyframeC/exports.map $(shell find Sources -name '*.swift')
PY_INPUTS    := $(shell find bindings/python -name '*.py' -o -name '*.toml') $(LIB)
PY_STAMP     := $(STAMPS)/installed
DEPS_STAMP   := $(STAMPS)/test-deps
C_BUILD      := Tests/c/build
C_TEST       := $(C_BUILD)/vectors_test
C_API_TEST   := $(C_BUILD)/api_test
VECTORS      := $(wildcard Tests/vectors/*.json)

.PHONY: all build python venv test-deps demo test swift-test c-test memcheck python-test typecheck bench format lint clean

all: build

build: $(LIB)

$(LIB): $(SWIFT_INPUTS)
	@echo "swift build -c release (libkeyframe.so)"
	@# -static-stdlib: the .so carries the Swift runtime and needs only libc,
	@# libstdc++, libm and libgcc_s.
	@$(SWIFT) build -c release -Xswiftc -static-stdlib --product keyframe --quiet
	@touch $@

venv: $(VENV_PYTHON)

$(VENV_PYTHON):
	@echo "python -m venv --system-site-packages $(VENV)"
	@$(PYTHON) -m venv --system-site-packages $(VENV)

python: $(PY_STAMP)

# pip runs the same Swift build (a no-op by now) and copies the library into
# the installed package.
$(PY_STAMP): $(PY_INPUTS) | $(VENV_PYTHON)
	@echo "pip install ./bindings/python (into $(VENV))"
	@$(PIP) ./bindings/python
	@mkdir -p $(STAMPS) && touch $@

# What the tests import besides razzle; pip skips what is there already.
test-deps: $(DEPS_STAMP)

$(DEPS_STAMP): Makefile | $(VENV_PYTHON)
	@echo "pip install $(TEST_DEPS) (into $(VENV))"
	@$(PIP) $(TEST_DEPS)
	@mkdir -p $(STAMPS) && touch $@

demo: python
	@$(VENV_PYTHON) -m razzle demo

test: lint swift-test c-test memcheck fuzz-replay python-test

swift-test:
	@echo "swift test"
	@mkdir -p .build
	@$(SWIFT) test > .build/swift-test.log 2>&1 || { cat .build/swift-test.log; exit 1; }
	@grep -E "Executed [0-9]+ tests?" .build/swift-test.log | tail -n 1

$(C_BUILD)/vectors.inc: Tests/c/gen_vectors.py $(VECTORS) Tests/vectors/known_failures.txt
	@mkdir -p $(C_BUILD)
	@$(PYTHON) Tests/c/gen_vectors.py $@ $(VECTORS)

$(C_TEST): Tests/c/vectors_test.c Tests/c/check.h $(C_BUILD)/vectors.inc include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/vectors_test.c"
	@$(CC) -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude -I$(C_BUILD) -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

$(C_API_TEST): Tests/c/api_test.c Tests/c/check.h include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/api_test.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

c-test: $(C_TEST) $(C_API_TEST)
	@echo "C vector program"
	@$(C_TEST) > $(C_BUILD)/samples.txt; status=$$?; tail -n 1 $(C_BUILD)/samples.txt; exit $$status
	@echo "C API program"
	@$(C_API_TEST)

# Both C programs under valgrind: no invalid access, no leak. "Possibly
# lost" blocks are the Swift runtime's metadata caches, not the library's.
VALGRIND := valgrind -q --error-exitcode=9 --leak-check=full \
	--errors-for-leak-kinds=definite --show-possibly-lost=no

memcheck: $(C_TEST) $(C_API_TEST)
	@echo "valgrind: C programs"
	@$(VALGRIND) $(C_TEST) > /dev/null
	@$(VALGRIND) $(C_API_TEST) > /dev/null

python-test: python test-deps $(C_TEST)
	@echo "pytest"
	@RAZZLE_C_TEST=$(abspath $(C_TEST)) $(VENV_PYTHON) -m pytest -q Tests/python

# mypy --strict on the package, the README's Python example and a typed
# script (also part of python-test).
typecheck: python test-deps
	@$(VENV_PYTHON) -m pytest -q Tests/python/test_typing.py

bench: python test-deps
	@$(VENV_PYTHON) bench/bench.py

# Fuzzing (README: Fuzzing). The library is built a second time, with
# libFuzzer's coverage instrumentation and AddressSanitizer, in its own
# scratch path (.build/fuzz), so the ordinary build is untouched; that build
# links the Swift runtime dynamically (its RUNPATH names the toolchain's
# runtime folder). Each target in Tests/fuzz is compiled by the toolchain's
# own clang, whose libFuzzer and ASan runtimes are the ones swiftc
# instruments for, with UndefinedBehaviorSanitizer on the harness.
.PHONY: fuzz fuzz-ci fuzz-build fuzz-replay

FUZZ_SECONDS    ?= 60
FUZZ_CI_SECONDS ?= 15
FUZZ_TARGETS    := api easing color
FUZZ_BUILD      := .build/fuzz
FUZZ_LIB        := $(FUZZ_BUILD)/release/libkeyframe.so
FUZZ_CC         ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang
FUZZ_CFLAGS     := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-fuse-ld=lld -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -Iinclude
FUZZ_BINS       := $(addprefix $(FUZZ_BUILD)/bin/,$(FUZZ_TARGETS))
FUZZ_REPLAYS    := $(addprefix $(FUZZ_BUILD)/replay/,$(FUZZ_TARGETS))

$(FUZZ_LIB): $(SWIFT_INPUTS)
	@echo "swift build -c release -sanitize=fuzzer,address (.build/fuzz)"
	@$(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address --scratch-path $(FUZZ_BUILD) \
		--product keyframe --quiet
	@touch $@

$(FUZZ_BUILD)/bin/%: Tests/fuzz/%.c Tests/fuzz/fuzz.h include/keyframe.h $(FUZZ_LIB)
	@echo "clang -fsanitize=fuzzer,address,undefined Tests/fuzz/$*.c"
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< -L$(FUZZ_BUILD)/release -lkeyframe \
		-Wl,-rpath,$(abspath $(FUZZ_BUILD)/release) -lm

fuzz-build: $(FUZZ_BINS)

# Each target for FUZZ_SECONDS; the first failure stops the run (make -k
# runs the others too).
fuzz: $(FUZZ_BINS)
	@for target in $(FUZZ_TARGETS); do \
		Tests/fuzz/run.sh $(FUZZ_BUILD)/bin/$$target $$target $(FUZZ_SECONDS) || exit 1; \
	done

fuzz-ci:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_CI_SECONDS)

# The harnesses without libFuzzer, against the ordinary library: every
# committed seed and regression input, replayed under valgrind (part of make
# test; about 6 s).
$(FUZZ_BUILD)/replay/%: Tests/fuzz/%.c Tests/fuzz/replay.c Tests/fuzz/fuzz.h include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/fuzz/$*.c (replay)"
	@mkdir -p $(@D)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -o $@ \
		Tests/fuzz/$*.c Tests/fuzz/replay.c -L.build/release -lkeyframe \
		-Wl,-rpath,$(abspath .build/release) -lm

fuzz-replay: $(FUZZ_REPLAYS)
	@echo "fuzz inputs (seeds and regressions)"
	@for target in $(FUZZ_TARGETS); do \
		SWIFT_BACKTRACE=enable=no $(VALGRIND) $(FUZZ_BUILD)/replay/$$target Tests/fuzz/$$target/corpus \
			$$(ls -d Tests/fuzz/$$target/regressions 2>/dev/null) > /dev/null || exit 1; \
	done

format:
	@$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	@echo "swift format lint"
	@$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

clean:
	@rm -rf .build $(C_BUILD)
