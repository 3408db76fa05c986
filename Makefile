# mailsim: the two set-up commands are `make run` and `make test`; both install libedit-dev when it is missing.
SWIFT_BUILD_FLAGS ?= --disable-index-store
RELEASE_FLAGS ?= -c release $(SWIFT_BUILD_FLAGS)

.PHONY: deps build release run test unit scripts clean fuzz sanitize resources

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
	@if [ "$(TEST_FUZZ_SECONDS)" != 0 ]; then mkdir -p .build/fuzz && FUZZ_LOG=.build/fuzz/make-test.log tools/fuzz.sh $(TEST_FUZZ_SECONDS); fi

## The robustness jobs (README: "What mailsim guarantees on bad input"). `make test` fuzzes for
## TEST_FUZZ_SECONDS (20; 0 skips it); `make fuzz` for FUZZ_SECONDS (600).
TEST_FUZZ_SECONDS ?= 20
FUZZ_SECONDS ?= 600

## fuzz: libFuzzer over the script language (tools/fuzz.sh).
fuzz:
	tools/fuzz.sh $(FUZZ_SECONDS)

## sanitize: the whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer (tools/sanitize.sh).
sanitize: deps
	tools/sanitize.sh

## resources: time and peak memory of a million commands, reset 500 with 100 000 lines, the longest pan.
resources: release
	tools/resources.sh

clean:
	rm -rf .build
