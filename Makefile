# mailsim: the two set-up commands are `make run` and `make test`; both install libedit-dev when it is missing.
SWIFT_BUILD_FLAGS ?= --disable-index-store
RELEASE_FLAGS ?= -c release $(SWIFT_BUILD_FLAGS)

.PHONY: deps build release run test unit scripts clean

## deps: Debian's libedit-dev (the REPL's line editor), installed only when missing.
deps:
	@dpkg -s libedit-dev >/dev/null 2>&1 || { \
	  echo "installing libedit-dev"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libedit-dev; }

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

release: deps
	swift build $(RELEASE_FLAGS)

## run: the REPL on a terminal; otherwise the demo script, traced.
run: release
	@if [ -t 0 ]; then exec .build/release/mailsim; \
	else .build/release/mailsim run --trace Scripts/tour.mbs; fi

## test: unit tests and every Scripts/*.mbs (through swift test), then the suite through the real binary,
## then the REPL driven through a pseudo-terminal (Tests/repl/test_repl.py; pexpect installed when missing).
# (Linux test discovery needs the index store, so the test build keeps it.)
test: deps
	swift build --build-tests
	swift test --skip-build
	.build/debug/mailsim test Scripts
	@python3 -c 'import pexpect' 2>/dev/null || { echo "installing pexpect (for the REPL test)"; \
	  python3 -m pip install --quiet pexpect 2>/dev/null \
	  || python3 -m pip install --quiet --user --break-system-packages pexpect 2>/dev/null \
	  || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	       $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq python3-pexpect; }; }
	python3 Tests/repl/test_repl.py .build/debug/mailsim

clean:
	rm -rf .build
