# Quartzite: `make demo` opens the gallery of every demo in a window (without a display, renders the first
# demo to out/NAME.gif); `make test` passes every test.
# Every target installs what is missing first (scripts/setup.sh, quick when all is there).

SWIFT ?= swift
# Empty: the gallery in a window, the first demo headless. `make demo DEMO=switch` opens one demo.
DEMO ?=
HEADLESS_DEMO = $(or $(DEMO),circular-loader)
RELEASE_BIN = .build/release/quartzite
DEBUG_BIN = .build/debug/quartzite

.PHONY: all setup build demo test fuzz capture bench bench-scenes bench-peers bench-table cost-curves readme-media clean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product quartzite

# With no display (neither DISPLAY nor WAYLAND_DISPLAY set), the demo's first DEMO_SECONDS rendered headless
# to out/NAME.gif instead of a window.
DEMO_SECONDS ?= 4
demo: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		echo "$(RELEASE_BIN) demo $(DEMO)"; $(RELEASE_BIN) demo $(DEMO); \
	else \
		mkdir -p out && \
		$(RELEASE_BIN) capture $(HEADLESS_DEMO) --from 0 --to $(DEMO_SECONDS) --fps 25 --output out/$(HEADLESS_DEMO).gif && \
		echo "no display (neither DISPLAY nor WAYLAND_DISPLAY is set): $(HEADLESS_DEMO) is rendered to out/$(HEADLESS_DEMO).gif"; \
	fi

# Unit, render and demo tests (headless: EGL surfaceless on llvmpipe), then the command line's contract,
# then a windowed smoke run, an idle-CPU run, a display-link run and the showcase's keys (gallery, slow motion,
# pause, scrub, HUD) under Xvfb and a window on Wayland (a headless Weston, GLFW's Wayland build), then the
# threading test under the thread sanitizer.
test: setup
	@# The optimiser's checks differ from debug's (a release-only Swift 6 error once slipped through): build
	@# what `make demo` builds, too.
	$(SWIFT) build -c release --product quartzite
	$(SWIFT) build --build-tests
	bash scripts/cli-checks.sh $(DEBUG_BIN)
	bash scripts/smoke-window.sh $(DEBUG_BIN)
	bash scripts/idle-window.sh $(DEBUG_BIN)
	bash scripts/display-link-window.sh $(DEBUG_BIN)
	bash scripts/showcase-window.sh $(DEBUG_BIN)
	bash scripts/wayland-window.sh $(DEBUG_BIN)
	$(SWIFT) test --skip-build
	@# Layers and display links may be changed from any thread: everything builds with the thread sanitizer,
	@# and the threading tests run under it, failing at the first race it reports.
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter "ThreadedChangesTests|DisplayLinkTests"

# The seeded fuzz of the public API at length (RELIABILITY.md): 20,000 cases shared among its classes, one
# process per chunk of 250, each chunk limited to 10 minutes. `make test` runs a few hundred a class.
# Another seed or count: make fuzz FUZZ_FLAGS="--seed 7 --cases 5000"
FUZZ_FLAGS ?= --cases 20000
fuzz: setup
	$(SWIFT) build -c release --product quartzite-fuzz
	.build/release/quartzite-fuzz --supervise --chunk 100 --timeout 600 $(FUZZ_FLAGS)

capture: build
	@mkdir -p out
	$(RELEASE_BIN) capture $(HEADLESS_DEMO) --at 2.5 --output out/$(HEADLESS_DEMO)-2.5.png

bench: build
	$(RELEASE_BIN) bench $(HEADLESS_DEMO) --headless --frames 300

# The fixed scenes of ../shared/BENCH_SCENES.md at both sizes, each also drawn by cairo (BENCHMARKS.md).
# JSON instead: make bench-scenes BENCH_FLAGS=--json
BENCH_FRAMES ?= 300
bench-scenes: build
	@for size in 1280x720 1920x1080; do for s in s1 s2 s3 s4 s5; do \
		$(RELEASE_BIN) bench $$s --headless --frames $(BENCH_FRAMES) --size $$size $(BENCH_FLAGS) || exit 1; \
	done; done

# S1 - S4 drawn by Quartzite, cairo, skia, Blend2D and ThorVG in alternating rounds: medians, p99, ratios and a
# picture check (out/bench-peers.md, PNGs in out/bench-peers/; BENCHMARKS.md, "Peers"). Installs the peers'
# Python packages from PyPI into .build/peers-venv the first time. A few minutes on two cores; knobs in
# scripts/bench-peers.sh (PEERS_ROUNDS, PEERS_FRAMES, PEERS_SCENES).
bench-peers: build
	bash scripts/bench-peers.sh $(RELEASE_BIN)

# The table BENCHMARKS.md opens with: the peers' run, then every scene and demo at 1280x720 in rotated rounds,
# median, p99, ink, frame / ink floor, processor time a frame and cores busy, each peer's ratio (out/bench-table.md, also printed). About 15
# minutes on two cores; scripts/bench-table.sh lists the knobs (TABLE_ROUNDS, TABLE_FRAMES, TABLE_PEERS).
bench-table: build
	bash scripts/bench-table.sh $(RELEASE_BIN)

# S1, S3 and S4 at 336 to 10,000 elements and 1280x720 to 3840x2160, Quartzite beside cairo: a Markdown table
# (out/cost-curves/cost-curves.md, also printed) and docs/cost-curves.svg (BENCHMARKS.md, "Cost curves").
# About 15 minutes on two cores; scripts/cost-curves.sh lists the knobs (FRAMES, FRAMES_4K, the counts).
cost-curves: build
	bash scripts/cost-curves.sh $(RELEASE_BIN) out/cost-curves docs/cost-curves.svg

# Every demo as a GIF in docs/media/NAME.gif, shown in README.md (scripts/readme-media.sh has the lengths).
readme-media: build
	bash scripts/readme-media.sh $(RELEASE_BIN) docs/media

clean:
	rm -rf .build .build-tsan out
