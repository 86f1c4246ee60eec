# Voz — the two quick-start commands are `make demo` and `make test`; each installs what it needs first.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
# Debian packages the build needs (C headers for the system-library targets) and the tests use
# (eSpeak NG's command line as the alternative it is measured against, PulseAudio for the live-audio tests,
# tmux to drive voz under a real terminal, a private speech-dispatcher with its eSpeak NG module for the
# speech-dispatcher backend).
BUILD_PACKAGES := libespeak-ng-dev espeak-ng-data libsqlite3-dev libpulse-dev libspeechd-dev libcrypt-dev nettle-dev libyaml-dev \
	pkg-config libvterm-dev libcurl4-openssl-dev
# man-db and groff render the man page in its test (no warnings allowed); gettext's msgfmt checks the PO catalogs.
# dialog, whiptail and the Python packages (rich, tqdm, questionary, click; pip into .build/pydeps) are the real
# programs `voz record` and `voz audit --recording` are tested on; openapi-spec-validator checks the demo service's
# own OpenAPI description.
TEST_PACKAGES := espeak-ng pulseaudio pulseaudio-utils tmux sox man-db groff-base speech-dispatcher \
	speech-dispatcher-espeak-ng dialog whiptail python3 python3-pip gettext
# Pinned, so the findings the recording tests expect of each program (and the validator's verdict) do not move with a
# new release.
PY_TEST_PACKAGES := rich==15.0.0 tqdm==4.70.1 questionary==2.1.1 click==8.5.1 prompt_toolkit==3.0.53 \
	openapi-spec-validator==0.7.2
PYDEPS := .build/pydeps
BENCH_PACKAGES := hyperfine time python3
SANITIZE_PACKAGES := python3 coreutils
# The release binary links Swift's standard library and Foundation statically, and needs nothing the build does not:
# libcurl (its header is in BUILD_PACKAGES) is opened with dlopen, not linked.
RELEASE_PACKAGES :=
# dpkg-shlibdeps (dpkg-dev) works out the package's Depends from what the binary really links.
DEB_PACKAGES := dpkg-dev binutils
TEST_DEB_PACKAGES := debootstrap

RELEASE_FLAGS := -c release --product voz --static-swift-stdlib
RELEASE_BIN := .build/release/voz

.PHONY: all build demo test lint bench fuzz sanitize deps-build deps-test deps-bench deps-sanitize clean
.PHONY: release install uninstall docs docs-html deb test-deb deps-release deps-deb deps-test-deb pot check-po

all: build

deps-build:
	@scripts/ensure-packages $(BUILD_PACKAGES)

deps-test: deps-build
	@scripts/ensure-packages $(TEST_PACKAGES)

deps-bench: deps-test
	@scripts/ensure-packages $(BENCH_PACKAGES)

# The sanitizer runtimes (TSan, ASan with LeakSanitizer) ship with the Swift toolchain; the runs need python3 for
# the hostile answers file and coreutils' timeout, and the build what every build needs.
deps-sanitize: deps-build
	@scripts/ensure-packages $(SANITIZE_PACKAGES)

deps-release: deps-build
	@scripts/ensure-packages $(RELEASE_PACKAGES)

deps-deb: deps-release
	@scripts/ensure-packages $(DEB_PACKAGES)

deps-test-deb: deps-deb
	@scripts/ensure-packages $(TEST_DEB_PACKAGES)

build: deps-build
	$(SWIFT) build

## The main job: the bundled form against the built-in demo service.
demo: deps-build
	@$(SWIFT) build --product voz 2>&1 | grep -vE '^(\[[0-9]+/[0-9]+\]|Building|Build of|Compiling|Write|Emitting|Linking|Planning)' || true
	@# Leaving with :salir ends voz with 1 ("not sent"), a normal end of the demo, not a failure of make's.
	@status=0; "$$($(SWIFT) build --show-bin-path)/voz" demo || status=$$?; [ $$status -le 1 ] || exit $$status

# Where the end-to-end tests keep a copy of each transcript voz wrote (Tests/VozEndToEndTests/Support/TranscriptCollector.swift).
TEST_TRANSCRIPTS := .build/test-transcripts

test: deps-test check-po $(PYDEPS)/.installed
	@# The written architecture is the built one: the README's graph and product table, and each target's imports
	@# against what it declares; the build then refuses an import its target does not declare.
	scripts/check-architecture
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	rm -rf $(TEST_TRANSCRIPTS)
	@# One pass, every test at once. The suites that bound a wall-clock time, or wait on a real process as a
	@# person would, run each test on a thread of its own (`.ownThread`, Sources/VozTestTraits), so they wait
	@# behind no test that computes on Swift's two cooperative threads.
	$(SWIFT) test --skip-build --parallel --num-workers 2
	@# Every transcript a voz run, demo or say of the tests wrote, audited by voz itself: a finding fails.
	scripts/audit-transcripts "$$($(SWIFT) build --show-bin-path)/voz" $(TEST_TRANSCRIPTS)
	@# A seeded slice of the fuzzer, after the tests so it takes no time from their timing checks.
	"$$($(SWIFT) build --show-bin-path)/voz-fuzz" --count 1000 --seed 1019
	@# examples/signup, a package of its own that depends on this one by path, built and run against the demo
	@# service: sent, rejected, refused over plain http, and at a terminal (echo off, Ctrl-C).
	scripts/test-example "$$($(SWIFT) build --show-bin-path)/voz"

# Seeded and reproducible: FUZZ_N inputs (default 20000) from FUZZ_SEED (default 19); a crash or a hang saves its
# input under Tests/VozFuzzTests/Fixtures and fails.
# Release builds: about ten times the inputs a second of a debug build. One product per call, as for bench.
fuzz: deps-build
	$(SWIFT) build -c release --product voz
	$(SWIFT) build -c release --product voz-fuzz
	"$$($(SWIFT) build -c release --show-bin-path)/voz-fuzz"
	@# The session explorer: a million typed lines across runs, servers and destinations, every promise an invariant.
	"$$($(SWIFT) build -c release --show-bin-path)/voz-fuzz" --explore $${EXPLORE_LINES:-1000000}

# ThreadSanitizer and AddressSanitizer builds, each in a build path of its own (the normal build is kept), running
# the ways voz ends — sessions on a hostile answers file against the demo service, a refused port and voz demo —
# and a slice of the fuzzer; any report, or a run killed by a signal, fails. Not part of make test: it rebuilds
# everything twice. SANITIZE_RUNS and SANITIZE_FUZZ size it (see scripts/sanitize).
sanitize: deps-sanitize
	$(SWIFT) build --product voz --sanitize=thread --build-path .build-tsan
	$(SWIFT) build --product voz-fuzz --sanitize=thread --build-path .build-tsan
	scripts/sanitize thread .build-tsan
	$(SWIFT) build --product voz --sanitize=address --build-path .build-asan
	$(SWIFT) build --product voz-fuzz --sanitize=address --build-path .build-asan
	scripts/sanitize address .build-asan

# Installed once into a private folder the recording tests put on PYTHONPATH; nothing touches the system's Python.
$(PYDEPS)/.installed: Makefile
	/usr/bin/python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target $(PYDEPS) $(PY_TEST_PACKAGES)
	touch $@

## Translations: po/*.po are the catalogs (po/en.po the source language); the binary embeds them.
# The template a new translation starts from: every msgid of po/en.po, translations empty, a blank header.
pot:
	@scripts/ensure-packages gettext
	msgfilter --keep-header --no-wrap -i po/en.po sed -e d | sed \
		-e 's/^# Voz message catalog: English\./# Voz message catalog template./' \
		-e 's/^"PO-Revision-Date: .*/"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"/' \
		-e 's/^"Last-Translator: .*/"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"/' \
		-e 's/^"Language-Team: .*/"Language-Team: LANGUAGE <LL@li.org>\\n"/' \
		-e 's/^"Language: .*/"Language: \\n"/' \
		-e 's/^"Plural-Forms: .*/"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"/' > po/voz.pot

# Every catalog passes gettext's own checks (syntax, header, plural forms, format strings).
check-po:
	@scripts/ensure-packages gettext
	@for file in po/*.po; do msgfmt --check --output-file=/dev/null "$$file" || exit 1; done

# The library's sources: the umbrellas VozKit and VozTextKit and the layers VozKit re-exports (Sources/VozKit), the
# API a tool built on the library sees.
LIBRARY_SOURCES := $(addprefix Sources/,VozSupport VozLocalization VozForm VozFormBuilder VozAccessibility \
	VozReplies VozSubmission VozAnnouncer VozSpeech VozSession VozTerminal VozAudit VozScreenAudit VozOpenAPI \
	VozTextKit VozKit)

# Then every public declaration of the library has a `///` comment (issue 29), checked in two halves that together
# see them all. .swift-format-docs turns on two swift-format rules only, its layout keys kept as .swift-format's so
# the layout is judged the same: AllPublicDeclarationsHaveDocumentation, which reads the declarations that say
# `public` (not an `override`, which has the documentation of what it overrides), and
# NoAccessLevelOnExtensionDeclaration, so no member leaves its `public` on its extension, where that rule would not
# see it. scripts/check-public-docs reads what the rule passes over: enum cases and protocol requirements (public
# without saying so), `open` declarations and `public let a, b`.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Plugins Sources Tests examples
	@# Both halves run whatever the first finds, so one pass lists every undocumented declaration.
	status=0; $(SWIFT) format lint --strict --configuration .swift-format-docs --recursive $(LIBRARY_SOURCES) \
		|| status=1; scripts/check-public-docs $(LIBRARY_SOURCES) || status=1; scripts/check-architecture || status=1; \
		exit $$status

# voz is measured as `make release` builds it, the binary people install (Swift's runtime and Foundation linked
# in): built last, since swift build keeps only the last --product it is given.
bench: deps-bench deps-release
	$(SWIFT) build -c release --product voz-bench
	$(SWIFT) build $(RELEASE_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/voz-bench"

## Installing: the release binary, with Swift's runtime inside it, runs where no Swift is installed.
release: deps-release
	$(SWIFT) build $(RELEASE_FLAGS)

# `sudo make install` often runs without the toolchain on PATH: then the binary built by `make release` is used.
install:
	@if command -v $(SWIFT) >/dev/null 2>&1; then $(MAKE) --no-print-directory release; \
	elif [ ! -x $(RELEASE_BIN) ]; then echo "Build first with make release, then run make install." >&2; exit 1; fi
	scripts/install --binary $(RELEASE_BIN) --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --strip

uninstall:
	scripts/install --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

# Regenerates the committed man page and completion from voz's specs; the tests fail until this is run and
# committed after an option changes.
docs: deps-build
	$(SWIFT) build --product voz
	"$$($(SWIFT) build --show-bin-path)/voz" --generate-manpage > docs/voz.1
	"$$($(SWIFT) build --show-bin-path)/voz" --generate-completion bash > docs/voz.bash

# The API documentation, with the toolchain's DocC and no download, in .build/docs (serve it with any static web
# server): the VozKit and VozTextKit modules with every layer they re-export, and the Getting Started article.
docs-html: deps-build
	scripts/build-docs

# A Debian package in out/, built with dpkg-deb and no network.
deb: release deps-deb
	scripts/make-deb --binary $(RELEASE_BIN) --out out

# Slow and needs the Debian mirror: installs the package in a fresh debootstrap root and runs it there.
test-deb: deb deps-test-deb
	scripts/test-deb "$$(ls -t out/voz_*.deb | head -n 1)"

clean:
	rm -rf .build .build-tsan .build-asan out
