# Voz — the two quick-start commands are `make demo` and `make test`; each installs what it needs first.

SWIFT ?= swift
PREFIX ?= /usr/local
# Debian packages the build needs (C headers for the system-library targets) and the tests use
# (eSpeak NG's command line as the alternative it is measured against, PulseAudio for the live-audio tests,
# tmux to drive voz under a real terminal).
BUILD_PACKAGES := libespeak-ng-dev espeak-ng-data libsqlite3-dev libpulse-dev pkg-config
TEST_PACKAGES := espeak-ng pulseaudio pulseaudio-utils tmux sox
BENCH_PACKAGES := hyperfine time python3

.PHONY: all build demo test lint bench deps-build deps-test deps-bench clean

all: build

deps-build:
	@scripts/ensure-packages $(BUILD_PACKAGES)

deps-test: deps-build
	@scripts/ensure-packages $(TEST_PACKAGES)

deps-bench: deps-test
	@scripts/ensure-packages $(BENCH_PACKAGES)

build: deps-build
	$(SWIFT) build

## The main job: the bundled form against the built-in demo service.
demo: deps-build
	@$(SWIFT) build --product voz 2>&1 | grep -vE '^(\[[0-9]+/[0-9]+\]|Building|Build of|Compiling|Write|Emitting|Linking|Planning)' || true
	@"$$($(SWIFT) build --show-bin-path)/voz" demo

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

bench: deps-bench
	$(SWIFT) build -c release --product voz-bench --product voz
	"$$($(SWIFT) build -c release --show-bin-path)/voz-bench"

clean:
	rm -rf .build
