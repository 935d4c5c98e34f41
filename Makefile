# LabelSnapshot: `make demo` and `make test` do all the set-up on a fresh Debian 12 machine.
SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libpng-dev libfontconfig-dev libicu-dev \
                zlib1g-dev fonts-dejavu-core fonts-nanum fonts-noto-cjk fonts-noto-color-emoji
BENCH_APT_PACKAGES := imagemagick optipng linux-perf
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build test demo bench clean

# Installs only the packages that are missing (apt-get update once, only when needed).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

demo: deps
	$(SWIFT) build --product labelsnap
	$(SWIFT) build --product RoundTripDemo
	./Scripts/demo.sh "$$($(SWIFT) build --show-bin-path)"

bench: deps
	@missing=""; for p in $(BENCH_APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	./Benchmarks/run.sh

clean:
	rm -rf .build demo
