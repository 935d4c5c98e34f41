# LabelSnapshot: `make demo` and `make test` do all the set-up on a fresh Debian 12 machine.
SHELL := /bin/bash
SWIFT ?= swift
# fonts-inter / fonts-inter-variable: only tests of fonts by path, name and variation axes open them; the system font
# draws the package's own Inter (Sources/Typesetting/Resources/Inter), so they change no system-font pixel.
APT_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libpng-dev libfontconfig-dev libicu-dev libcmark-gfm-dev libcmark-gfm-extensions-dev \
                zlib1g-dev libdeflate-dev libssl-dev libxxhash-dev fonts-dejavu-core fonts-nanum fonts-noto-cjk fonts-noto-color-emoji \
                fonts-inter fonts-inter-variable
# The tests take expected digests from the reference implementations' own commands (xxhsum -H2), and
# expected advances from HarfBuzz's (hb-shape, hb-view).
TEST_APT_PACKAGES := xxhash libharfbuzz-bin
BENCH_APT_PACKAGES := imagemagick optipng linux-perf valgrind
# The review workflow check (Scripts/test-review-workflow.sh): tmux drives the interactive review,
# headless Chromium checks the HTML report.
REVIEW_APT_PACKAGES := tmux chromium python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build test demo bench review-check docs lint public-api clean

# $(call install_missing,PACKAGES): installs only the packages that are missing (apt-get update once, only when needed).
install_missing = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

deps:
	@$(call install_missing,$(APT_PACKAGES))

build: deps
	$(SWIFT) build

test: deps
	@$(call install_missing,$(TEST_APT_PACKAGES))
	$(SWIFT) test

demo: deps
	$(SWIFT) build --product labelsnap
	$(SWIFT) build --product RoundTripDemo
	./Scripts/demo.sh "$$($(SWIFT) build --show-bin-path)"

bench: deps
	@$(call install_missing,$(BENCH_APT_PACKAGES))
	./Benchmarks/run.sh

# A client package using the plugin, the interactive review in tmux, the report in Chromium.
review-check: deps
	@$(call install_missing,$(REVIEW_APT_PACKAGES))
	./Scripts/test-review-workflow.sh $(SHOTS)

# The DocC site of LabelSnapshotTesting in .build/docs (the toolchain's docc; Scripts/make-docs.sh).
docs: deps
	./Scripts/make-docs.sh

# Rewrites Tests/PublicAPI/LabelSnapshotTesting.txt, the list of what `import LabelSnapshotTesting` exposes, from the
# debug build (CI checks it with Scripts/public-api.sh): run it when a public symbol is added on purpose, and commit the list.
public-api: deps
	$(SWIFT) build --target LabelSnapshotTesting
	./Scripts/public-api.sh --update

# swift format lint with the committed .swift-format (Scripts/lint.sh says which findings count).
lint:
	./Scripts/lint.sh

clean:
	rm -rf .build demo
