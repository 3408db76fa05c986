# mailsim: the two set-up commands are `make run` and `make test`; both install what they build with when it is
# missing (Debian's libedit-dev for the REPL, libcairo2-dev, libpng-dev, libwebp-dev, libavformat-dev, libavcodec-dev and fonts-dejavu-core for pictures).
## SwiftPM adds -color-diagnostics to every compile command when its output is a terminal, and a changed command
## is rebuilt: the colour is set here either way (--no-color-diagnostics, what a build that is not on a terminal
## uses), so that a build started from a terminal and one that is not are the same build (`make run </dev/null`
## then `make run` builds once).
SWIFT_BUILD_FLAGS ?= --disable-index-store --no-color-diagnostics
## The Playground package's debug builds keep the index store: Linux finds its Swift tests through it (its
## `swift test`, in make test's playground step). Every debug build of it uses these flags, so none recompiles
## what another built.
PLAYGROUND_DEBUG_FLAGS ?= --no-color-diagnostics

## The release binary starts in about a millisecond (docs/performance.md): the Swift runtime, libstdc++
## and libedit (with libtinfo, libbsd and libmd) are linked in, so the loader maps only libc, libm and
## libgcc_s; it has no run path to search; and it is not position-independent, so it has no relocations
## to apply at start-up (its own image is then not address-randomised: `make release PIE=1` builds a
## position-independent one). It is optimised as one program at link time (`--experimental-lto-mode=full`: LLVM
## inlines across the layers and drops what nothing calls): 11 % fewer instructions a script line and a fifth
## fewer at start-up than the modules optimised one by one (docs/performance.md, "Link-time optimisation"); the
## link then takes about a minute more. LTO= (empty) builds without it.
LTO ?= full
## The functions a start runs are laid out side by side, in the order they run (tools/startup-order.txt, written by
## tools/startup-order.sh; `ld.lld --symbol-ordering-file`): a start touches fewer pages of code, about 1.05× sqlite3's
## start-up instead of 1.2× (docs/performance.md). STARTUP_ORDER= (empty) links without it.
STARTUP_ORDER ?= $(CURDIR)/tools/startup-order.txt
STATIC_LIBS := $(CURDIR)/.build/static-libs
CLANG := $(dir $(realpath $(shell command -v swift)))clang
RELEASE_FLAGS ?= -c release $(SWIFT_BUILD_FLAGS) --static-swift-stdlib --disable-local-rpath -Xswiftc -L$(STATIC_LIBS) \
  $(if $(PIE),,-Xswiftc -Xclang-linker -Xswiftc -no-pie) $(if $(LTO),--experimental-lto-mode=$(LTO)) \
  $(if $(STARTUP_ORDER),-Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering)
## mailsim-playground's release build links the Swift runtime and Foundation in too (`--static-swift-stdlib`, and
## libstdc++.a from static-libs' folder), with no run path: it runs on a machine without Swift, mapping only libc, libm
## and libgcc_s (docs/install.md). Its flags go to the linker alone (-Xlinker), so that only the link differs from a
## plain build. A server, it stays position-independent (its image is address-randomised) and binds every symbol at
## start (-z now: its relocations are then read-only, full RELRO).
PLAYGROUND_RELEASE_FLAGS ?= -c release $(SWIFT_BUILD_FLAGS) --static-swift-stdlib --disable-local-rpath -Xlinker -L$(STATIC_LIBS) \
  -Xlinker -z -Xlinker now

.DEFAULT_GOAL := help
.PHONY: help layout-check page-check deps test-deps test-side-by-side-pictures test-side-by-side-dist test-side-by-side-gate test-side-by-side-fuzz wasm-deps wasm wasm-check site bench-page build release static-libs run test check format format-check unit scripts bench bench-handoff bench-pictures bench-playground bench-walkthroughs bench-gate gate-build clean \
  fuzz sanitize resources golden real-apps-gifs install uninstall man playground playground-debug serve test-browser test-lsp lsp-deps \
  test-completion completion-deps dist test-dist dist-debug dist-debug-relink dist-deps

## deps: Debian's packages, installed only when missing: libedit-dev (the REPL's line editor), libcairo2-dev
## (drawing), libpng-dev (PNG), libwebp-dev (animated WebP), libavformat-dev and libavcodec-dev (MP4, WebM, written and
## read), libgif-dev (GIFs read, docs/grade.md) and fonts-dejavu-core (the pictures' text). mailsim opens them
## with dlopen when it first draws or reads, so only libedit is linked (docs/pictures.md).
DEB_PACKAGES := libedit-dev libcairo2-dev libpng-dev libwebp-dev libavformat-dev libavcodec-dev libgif-dev fonts-dejavu-core
# The unit tests' own: Node runs the exported JavaScript in the hand-off's differential run (docs/handoff.md);
# node-typescript's tsc type-checks the page's modules (page-check), offline.
TEST_DEB_PACKAGES := nodejs node-typescript
deps:
	@tools/apt-install.sh "mailsim's libraries" $(DEB_PACKAGES)

test-deps: deps
	@tools/apt-install.sh "the hand-off's differential run, the page's type check" $(TEST_DEB_PACKAGES)

## wasm-deps: what `make wasm` and `make site` use from Debian, installed when missing: wasi-libc (malloc and the C
## maths for WebAssembly), libclang-rt-dev-wasm32 (compiler-rt's builtins), binaryen (wasm-opt) and librsvg2-bin
## (the home-screen icons).
WASM_DEB_PACKAGES := wasi-libc libclang-rt-dev-wasm32 binaryen librsvg2-bin
wasm-deps:
	@tools/apt-install.sh "make wasm" $(WASM_DEB_PACKAGES)

## wasm: the page's simulation, .build/wasm/mailsim.wasm and mailsim.mjs: the model, the language, the reports, the
## scene, the exports and the playground's session compiled with Embedded Swift from the same files as mailsim
## (tools/wasm/build.sh; docs/playground.md).
wasm: wasm-deps
	tools/wasm/build.sh

## wasm-check: the page's modules type-checked as Embedded Swift for wasm32, nothing compiled to code or linked (about
## 20 s; make check runs it): what Embedded Swift refuses at the type level fails here, not minutes later in make wasm.
wasm-check: wasm-deps
	WASM_CHECK=1 tools/wasm/build.sh

## page-check: the page's modules (Sources/PlaygroundPage; docs/playground.md, "The page"): no import cycle among
## them (Tests/page/import_cycles.py), each export typed in JSDoc (Tests/page/exports_typed.py), and those types
## checked by Debian's TypeScript (`tsc --checkJs`, offline: jsconfig.json for the page and its workers,
## jsconfig.sw.json for the service worker). Seconds; make check runs it.
page-check: test-deps
	python3 Tests/page/import_cycles.py Sources/PlaygroundPage
	python3 Tests/page/exports_typed.py Sources/PlaygroundPage
	tsc -p Sources/PlaygroundPage/jsconfig.json
	tsc -p Sources/PlaygroundPage/jsconfig.sw.json
	@echo "page: no import cycle, types checked"

## site: the whole playground as static files in .build/site: index.html, its version folder v/BUILD/ (the script
## and style, mailsim.mjs and mailsim.wasm), a web app manifest, icons, a service worker and site.json, the list of
## every file with its SHA-256 (tools/wasm/site.sh; docs/deploy.md). Any static file server serves it:
## python3 -m http.server -d .build/site.
site: wasm
	tools/wasm/site.sh

## help: the targets below and what each does, from these comments (tools/make-help.py).
help:
	@python3 tools/make-help.py Makefile

## build: the debug build of mailsim and the libraries, into .build/debug.
build: deps
	swift build $(SWIFT_BUILD_FLAGS)

## release: the release build of mailsim (what `make run`, `make install` and `make bench` use), into .build/release;
## only the mailsim product (the benchmarks' own executables and the tests' support target are not built).
release: deps static-libs
	PKG_CONFIG_PATH=$(STATIC_LIBS) swift build $(RELEASE_FLAGS) --product mailsim

## playground: mailsim-playground, the playground's server (`mailsim serve`; docs/playground.md), a package of its own
## (Playground/) so that SwiftNIO and Hummingbird stay out of mailsim; release, into Playground/.build/release.
## playground-debug: the same, debug (what `make test` checks).
playground: deps static-libs
	cd Playground && swift build $(PLAYGROUND_RELEASE_FLAGS)

playground-debug: deps
	cd Playground && swift build $(PLAYGROUND_DEBUG_FLAGS)

## dist: the tarball and the Debian package of both release builds, into .build/dist (tools/dist/make-dist.sh;
## docs/install.md): mailsim-VERSION-linux-ARCH.tar.gz (bin/, the man pages, the completions, the licence, README,
## the systemd unit, make site's folder under share/mailsim/site) and mailsim_VERSION-1_ARCH.deb (dpkg-deb; Depends from what the binaries link, Recommends what
## they dlopen).
## test-dist: make dist, then the install test on its packages (Tests/dist/test_deb.sh, as root: lintian, the tarball
## with /opt/swift hidden, the .deb in a clean bookworm chroot).
DIST_DIR ?= .build/dist
dist: release playground site dist-deps
	tools/dist/make-dist.sh .build/release/mailsim Playground/.build/release/mailsim-playground $(DIST_DIR)

test-dist: dist
	Tests/dist/test_deb.sh $(DIST_DIR)

## dist-debug: what `make test`'s dist step checks, in a minute rather than the release builds' quarter of an hour:
## the debug builds relinked as the release ones are (the Swift runtime and Foundation in, no run path: only the
## link differs, nothing is recompiled), packaged by the same script into .build/dist-debug. They link libedit and
## libstdc++ as shared libraries, so their Depends names libedit2 and libstdc++6 too (computed all the same).
## (A debug mailsim takes in FoundationEssentials through ArgumentParser, whose static archive needs two more that its
## module does not name: DEBUG_STATIC_FOUNDATION. The release build's optimiser drops that code.)
DEBUG_STATIC_FOUNDATION := $(addprefix -Xlinker ,-lCoreFoundation -l_FoundationCollections -l_FoundationCShims -l_FoundationICU)
## dist-debug-relink: that relink alone. It rewrites .build/debug/mailsim in place, so `make test` does it before
## its last steps run side by side: the pictures step runs that binary, and running it while the linker writes it
## fails ("Text file busy"). Run again, the relink is a no-op that leaves the binaries as they are.
dist-debug-relink: deps
	swift build --product mailsim --static-swift-stdlib --disable-local-rpath $(DEBUG_STATIC_FOUNDATION)
	cd Playground && swift build $(PLAYGROUND_DEBUG_FLAGS) --static-swift-stdlib --disable-local-rpath $(DEBUG_STATIC_FOUNDATION)

dist-debug: deps site dist-deps dist-debug-relink
	MAILSIM_DIST_LEVEL=1 tools/dist/make-dist.sh .build/debug/mailsim Playground/.build/debug/mailsim-playground .build/dist-debug

## dist-deps: what make-dist.sh and the install test use, installed when missing (dpkg-dev, lintian, debootstrap).
dist-deps:
	@tools/apt-install.sh "make dist" dpkg-dev binutils lintian debootstrap

## serve: builds both (release) and starts the playground, `mailsim serve`, at http://127.0.0.1:8080/ (PORT=N, SCRIPT=a.mbs
## to start from the state a script leaves); mailsim finds mailsim-playground in Playground/.build/release, and the
## server make site's folder, .build/site (the page then runs the simulation itself).
PORT ?= 8080
serve: release playground site
	.build/release/mailsim serve --port $(PORT) $(SCRIPT)

## static-libs: links to the static archives the release binary takes in (a -L folder searched first), and a
## libedit.pc there that names libedit's own dependencies; whatever is missing stays a shared library.
## It leaves what is already right untouched (links and .pc keep their dates), so that a release build that
## is up to date stays so: `make run` twice builds once.
static-libs:
	@mkdir -p $(STATIC_LIBS); \
	found() { path=$$($(CLANG) -print-file-name=$$1 2>/dev/null); [ -f "$$path" ] || return 1; \
	  [ "$$(readlink $(STATIC_LIBS)/$$1)" = "$$path" ] || ln -sf "$$path" $(STATIC_LIBS)/$$1; }; \
	found libstdc++.a || rm -f $(STATIC_LIBS)/libstdc++.a; \
	if found libedit.a && found libtinfo.a && found libbsd.a && found libmd.a; then \
	  printf 'Name: libedit\nDescription: libedit, linked statically\nVersion: %s\nLibs: -L%s -ledit -ltinfo -lbsd -lmd\nCflags: %s\n' \
	    "$$(pkg-config --modversion libedit)" "$(STATIC_LIBS)" "$$(pkg-config --cflags libedit)" > $(STATIC_LIBS)/libedit.pc.new; \
	  if cmp -s $(STATIC_LIBS)/libedit.pc.new $(STATIC_LIBS)/libedit.pc; then rm -f $(STATIC_LIBS)/libedit.pc.new; \
	  else mv $(STATIC_LIBS)/libedit.pc.new $(STATIC_LIBS)/libedit.pc; fi; \
	else rm -f $(STATIC_LIBS)/libedit.a $(STATIC_LIBS)/libtinfo.a $(STATIC_LIBS)/libbsd.a $(STATIC_LIBS)/libmd.a $(STATIC_LIBS)/libedit.pc; fi

## run: the REPL on a terminal; otherwise the demo script, traced. MAILSIM=PATH runs another build (no release
## build then; the REPL test runs `make run MAILSIM=.build/debug/mailsim` through a pty). The REPL runs as a job
## of its own (`set -m`: its own process group, given the terminal, which the shell takes back and hands to make
## when it ends), so that Ctrl-C at the prompt reaches the REPL alone: make, not interrupted, exits as it does.
MAILSIM ?= .build/release/mailsim
run: $(if $(filter .build/release/mailsim,$(MAILSIM)),release)
	@if [ -t 0 ]; then set -m; $(MAILSIM); \
	else $(MAILSIM) run --trace Scripts/tour/tour.mbs; fi

## install: the release binary and mailsim-playground beside it (`mailsim serve` runs it) into $(DESTDIR)$(PREFIX)/bin, its man page (docs/mailsim.1) and its bash, zsh and fish
## completions (written by the binary itself: `mailsim --generate-completion-script SHELL`) where each shell looks, and
## make site's folder, when built, in share/mailsim/site (where the installed server looks for it)
## under PREFIX. BIN=PATH installs another build instead (the test installs the debug one, Tests/install/test_install.sh),
## and PLAYGROUND_INSTALL_BIN=PATH another mailsim-playground (with BIN and without it, none is installed).
PREFIX ?= /usr/local
INSTALL_BIN = $(or $(BIN),.build/release/mailsim)
INSTALL_PLAYGROUND = $(if $(BIN),$(PLAYGROUND_INSTALL_BIN),Playground/.build/release/mailsim-playground)
INSTALLED = bin/mailsim bin/mailsim-playground share/man/man1/mailsim.1 share/bash-completion/completions/mailsim \
  share/zsh/site-functions/_mailsim share/fish/vendor_completions.d/mailsim.fish
install: $(if $(BIN),,release playground)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/mailsim
	$(if $(INSTALL_PLAYGROUND),install -m 755 $(INSTALL_PLAYGROUND) $(DESTDIR)$(PREFIX)/bin/mailsim-playground)
	install -m 644 docs/mailsim.1 $(DESTDIR)$(PREFIX)/share/man/man1/mailsim.1
	$(INSTALL_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mailsim
	$(INSTALL_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_mailsim
	$(INSTALL_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/mailsim.fish
	$(if $(wildcard .build/site/site.json),tools/wasm/site-copy.sh .build/site $(DESTDIR)$(PREFIX)/share/mailsim/site)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	rm -rf $(DESTDIR)$(PREFIX)/share/mailsim/site
	rmdir $(DESTDIR)$(PREFIX)/share/mailsim 2>/dev/null || true

## man: rewrites docs/mailsim.1 from `mailsim --help` with ArgumentParser's generate-manual plugin (it builds the package
## in release mode on its own, about a minute, offline), blank lines made paragraphs. Run it when the options change:
## Tests/install/test_install.sh fails when an option or subcommand is missing from the page.
man:
	rm -rf .build/man && mkdir -p .build/man
	swift package --disable-sandbox generate-manual --output-directory .build/man
	sed 's/^$$/.Pp/' .build/man/mailsim.1 > docs/mailsim.1

## test: the builds (the page's WebAssembly, `make wasm`, beside the native ones), then unit tests and every
## Scripts/**/*.mbs (through swift test), then the suite through the real binary, then `make site` and the page's
## module in Node against the native binary (tools/wasm/tests.sh), then the REPL driven through a pseudo-terminal
## (Tests/repl/test_repl.py; pexpect installed when missing), then every ```mbs example of README.md and docs/ run
## (Tests/docs/test_docs.py), then `run --trace-events` checked against the Trace Event Format
## (Tests/trace/test_trace_events.py), then the playground server's Swift tests in process (Playground/Tests: its
## routes through HummingbirdTesting, its connection guards on NIO's EmbeddedChannel) and the server under hostile
## use (Tests/playground/test_server.py, tools/playground-tests.sh: websockets), then under attack, each with its figures (Tests/playground/test_attacks.py),
## then `mailsim test`'s JUnit, TAP and JSON read by real consumers, --update and --watch (tools/format-tests.sh),
## then the hand-off's templates and the code they fill by swiftc, node and tsc (tools/check-templates.sh), the
## exported design tokens against the DTCG 2025.10 schema and the CSS through tinycss2 (tools/handoff-tests.sh),
## then the fault-injection suite and the hostile catalogue (docs/promises.md), then `make install` of the debug build
## into a temporary PREFIX (Tests/install/test_install.sh) and tools/apt-install.sh against a fake Debian
## (Tests/install/test_apt_install.sh), then the page in Chromium, then three servers behind nginx
## as deploy/ sets them up, hostile clients and a server killed among them (Tests/proxy/test_proxy.py), then the
## language server's clients, then side by side: the pictures decoded and pixel-checked (tools/picture-tests.sh:
## Pillow, xmllint, rsvg-convert, chromium if present), the packages of `make dist-debug` installed in a clean Debian
## chroot and removed (Tests/dist/test_deb.sh; debootstrap's root cached in .build/dist-test), and 20 s of fuzzing.
# (Linux test discovery needs the index store, so the test build keeps it.)
## Each step's output is shown and kept in .build/test-logs/NAME.log; its closing line gives the count in the summary
## line `make test` ends with (tools/test-summary.py), printed when every step passed, after a line of each step's
## seconds (.build/test-logs/seconds). A failing step fails the target.
TEST_LOGS := .build/test-logs
TEST_STEPS := unit scripts page site wasm repl docs trace reference playground attacks public formats handoff faults hostile install completion browser proxy lsp nvim pictures dist gate fuzz
## TEST_SKIP: steps of `make test` not to run this time (names from TEST_STEPS; .ci/run's second run under nohup
## skips the ones that neither read signals nor differ there); the summary line names them as skipped.
TEST_SKIP ?=
## TEST_UNIT_FILTER: a regex the unit step passes to `swift test --filter` (.ci/run's run under nohup keeps the suites
## that send or wait for signals); every suite runs by default.
TEST_UNIT_FILTER ?=
logged = $(if $(filter $(1),$(TEST_SKIP)),@echo 'skipped: $(1) (TEST_SKIP)',@echo '$(2)'; started=$$(date +%s); \
  { $(2); echo $$? > $(TEST_LOGS)/$(1).status; } 2>&1 | tee $(TEST_LOGS)/$(1).log; \
  echo "$(1) $$(( $$(date +%s) - started ))" >> $(TEST_LOGS)/seconds; exit $$(cat $(TEST_LOGS)/$(1).status))
test: test-deps wasm-deps
	@rm -rf $(TEST_LOGS) && mkdir -p $(TEST_LOGS); echo "make wasm beside the builds: $(TEST_LOGS)/wasm-build.log"; \
	  tools/wasm/build.sh > $(TEST_LOGS)/wasm-build.log 2>&1 & wasm=$$!; \
	  swift build --build-tests && (cd Playground && swift build --build-tests $(PLAYGROUND_DEBUG_FLAGS)); built=$$?; \
	  wait $$wasm || true; exit $$built
	$(call logged,unit,swift test --skip-build$(if $(TEST_UNIT_FILTER), --filter '$(TEST_UNIT_FILTER)'))
	$(call logged,scripts,.build/debug/mailsim test Scripts)
	$(call logged,page,$(MAKE) --no-print-directory page-check)
	$(call logged,site,cat $(TEST_LOGS)/wasm-build.log && $(MAKE) --no-print-directory site)
	$(call logged,wasm,tools/wasm/tests.sh .build/debug/mailsim)
	@python3 -c 'import pexpect' 2>/dev/null || { echo "installing pexpect (for the REPL test)"; \
	  python3 -m pip install --quiet pexpect 2>/dev/null \
	  || python3 -m pip install --quiet --user --break-system-packages pexpect 2>/dev/null \
	  || tools/apt-install.sh "the REPL test" python3-pexpect; }
	$(call logged,repl,python3 Tests/repl/test_repl.py .build/debug/mailsim)
	$(call logged,docs,python3 Tests/docs/test_docs.py .build/debug/mailsim)
	$(call logged,trace,python3 Tests/trace/test_trace_events.py .build/debug/mailsim)
	$(call logged,reference,python3 Tests/reference/test_reference.py .build/debug/mailsim)
	$(call logged,playground,(cd Playground && swift test --skip-build) \
	  && tools/playground-tests.sh Playground/.build/debug/mailsim-playground .build/debug/mailsim)
	$(call logged,attacks,tools/playground-tests.sh --attacks Playground/.build/debug/mailsim-playground)
	$(call logged,public,tools/playground-tests.sh --public Playground/.build/debug/mailsim-playground)
	$(call logged,formats,tools/format-tests.sh .build/debug/mailsim)
	$(call logged,handoff,tools/check-templates.sh .build/debug/mailsim && tools/handoff-tests.sh .build/debug/mailsim)
	$(call logged,faults,python3 Tests/faults/test_faults.py .build/debug/mailsim)
	$(call logged,hostile,python3 Tests/hostile/test_hostile.py .build/debug/mailsim)
	$(call logged,install,Tests/install/test_install.sh .build/debug/mailsim Playground/.build/debug/mailsim-playground \
	  && Tests/install/test_apt_install.sh)
	@$(MAKE) --no-print-directory completion-deps
	$(call logged,completion,python3 Tests/install/test_completion.py .build/debug/mailsim)
	$(call logged,browser,$(MAKE) --no-print-directory test-browser)
	$(call logged,proxy,Tests/proxy/run.sh Playground/.build/debug/mailsim-playground)
	@$(MAKE) --no-print-directory lsp-deps
	$(call logged,lsp,python3 Tests/lsp/test_lsp.py .build/debug/mailsim)
	$(call logged,nvim,Tests/lsp/test_nvim.sh .build/debug/mailsim$(if $(shell command -v node), && node Tests/lsp/test_vscode.js .build/debug/mailsim))
	$(if $(filter dist,$(TEST_SKIP)),,@$(MAKE) --no-print-directory dist-debug-relink)
	@$(MAKE) --no-print-directory -j3 --output-sync=target $(addprefix test-side-by-side-,$(SIDE_BY_SIDE_STEPS))
	@python3 tools/test-summary.py $(if $(TEST_SKIP),--skipped '$(TEST_SKIP)') $(foreach step,$(TEST_STEPS),$(TEST_LOGS)/$(step).log)

## The last steps read no clock and send no signal, and each keeps mostly one core busy (drawing and decoding
## pictures; the packages built, linted and installed in a chroot; the fuzzer built and run): they run side by side,
## each step's output shown whole when it ends (--output-sync), about two minutes instead of four.
SIDE_BY_SIDE_STEPS = pictures dist gate $(if $(filter-out 0,$(TEST_FUZZ_SECONDS)),fuzz)
test-side-by-side-pictures:
	$(call logged,pictures,tools/picture-tests.sh .build/debug/mailsim)
test-side-by-side-dist:
	$(call logged,dist,$(MAKE) --no-print-directory dist-debug && Tests/dist/test_deb.sh .build/dist-debug)
test-side-by-side-gate:
	$(call logged,gate,$(MAKE) --no-print-directory bench-gate)
test-side-by-side-fuzz:
	$(call logged,fuzz,mkdir -p .build/fuzz && FUZZ_LOG=.build/fuzz/make-test.log tools/fuzz.sh $(TEST_FUZZ_SECONDS))

## check: the inner loop (CONTRIBUTING.md): builds with the tests, runs the unit tests and every Scripts/**/*.mbs
## through mailsim, type-checks the page's modules as Embedded Swift (wasm-check) and the page's JavaScript
## (page-check: no import cycle, tsc), the hand-off's templates as the Swift and JavaScript they are and the files
## they fill (tools/check-templates.sh: swiftc, node, tsc), then the formatter's check and the commit subjects' length. A few minutes from clean, under a minute warm; `make test` runs everything.
check: test-deps wasm-deps
	swift build --build-tests
	swift test --skip-build --quiet
	.build/debug/mailsim test Scripts
	@WASM_CHECK=1 tools/wasm/build.sh
	@$(MAKE) --no-print-directory page-check
	@tools/check-templates.sh .build/debug/mailsim
	@$(MAKE) --no-print-directory format-check
	@tools/check-layout.py
	@tools/check-commits.sh

## format: rewrites every Swift file in the project's style with swift-format (the toolchain's, set up by
## .swift-format: 4 spaces, 120 columns).
## format-check: says which lines differ from that style, and fails when any does (`make check`, .ci/run).
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Benchmarks/PlaygroundCore Playground/Package.swift Playground/Sources Playground/Tests Fuzz
format:
	swift-format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

format-check:
	swift-format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)

## layout-check: every library target of both packages has a test target named after it, and no test imports
## XCTest (tools/check-layout.py; CONTRIBUTING.md).
layout-check:
	tools/check-layout.py

## unit: the unit tests alone (`swift test`; FILTER=REGEX runs the suites or tests it matches).
unit: test-deps
	swift build --build-tests
	swift test --skip-build $(if $(FILTER),--filter '$(FILTER)')

## scripts: every Scripts/**/*.mbs through the debug mailsim (`mailsim test Scripts`).
scripts: deps
	swift build $(SWIFT_BUILD_FLAGS) --product mailsim
	.build/debug/mailsim test Scripts

## test-lsp: `mailsim lsp` driven by clients this project did not write (docs/editors.md): pygls and lsprotocol from
## PyPI for the protocol (Tests/lsp/test_lsp.py), Debian's neovim, headless, with editors/nvim/mailsim.lua
## (Tests/lsp/test_nvim.sh); where Node is installed, the VS Code extension's JavaScript against a stand-in `vscode`
## module (Tests/lsp/test_vscode.js). lsp-deps installs pygls and neovim when missing. `make test` runs them.
test-lsp: lsp-deps
	swift build $(SWIFT_BUILD_FLAGS) --product mailsim
	python3 Tests/lsp/test_lsp.py .build/debug/mailsim
	Tests/lsp/test_nvim.sh .build/debug/mailsim
	$(if $(shell command -v node),node Tests/lsp/test_vscode.js .build/debug/mailsim)
lsp-deps:
	@python3 -c 'import pygls.lsp.client, lsprotocol' 2>/dev/null || { echo "installing pygls and lsprotocol (for the LSP test)"; \
	  python3 -m pip install --quiet pygls lsprotocol 2>/dev/null \
	  || python3 -m pip install --quiet --user --break-system-packages pygls lsprotocol; }
	@tools/apt-install.sh "the LSP test" nvim:neovim

## test-completion: the bash, zsh and fish completions complete file names where mailsim takes a file, typed at
## real interactive bash and zsh through a pty and asked of fish (Tests/install/test_completion.py; pexpect).
## completion-deps installs zsh and fish when missing. `make test` runs it.
test-completion: completion-deps
	swift build $(SWIFT_BUILD_FLAGS) --product mailsim
	python3 Tests/install/test_completion.py .build/debug/mailsim
completion-deps:
	@tools/apt-install.sh "the completion test" zsh:zsh fish:fish

## test-browser: the playground's page (docs/playground.md) in headless Chromium: Playwright for Python (in
## .build/venv) drives Debian's chromium against a real `mailsim-playground --port 0` with real mouse drags, pixel
## checks and the downloaded script replayed by mailsim (Tests/playground/test_browser.py, tools/browser-tests.sh).
PLAYGROUND_BIN ?= Playground/.build/debug/mailsim-playground
test-browser: deps
	@[ -x .build/debug/mailsim ] || swift build $(SWIFT_BUILD_FLAGS)
	cd Playground && swift build $(PLAYGROUND_DEBUG_FLAGS)
	tools/browser-tests.sh .build/debug/mailsim $(PLAYGROUND_BIN)

## golden: rewrites Tests/Golden/*.out from what the reports print now, and the generated blocks from the tables
## they describe (docs/tuning.md's lists, docs/language.md's command reference, README.md's command list, SPEC
## §4's command rows, Fuzz/mbs.dict's command words, the wasm tests' file commands, the VS Code grammar:
## DocsTests), then shows what changed (read the diff before committing it: a golden file pins the text of state,
## show, colors, timeline, render and help).
golden: deps
	MAILSIM_UPDATE_GOLDEN=1 swift test --filter 'GoldenTests|DocsTests|ProtocolExtremesTests'
	git diff --stat -- Tests/Golden README.md docs Fuzz/mbs.dict Tests/wasm/scripts.mjs editors

## real-apps-gifs: docs/real-apps.md's two pictures, the same script (Scripts/tour/side-by-side.mbs) recorded under
## the default profile and under ios-course-mailbox (seed 002's app); MAILSIM=PATH records with another build.
real-apps-gifs: $(if $(filter .build/release/mailsim,$(MAILSIM)),release)
	for profile in mailbox ios-course-mailbox; do \
	  { echo "set profile $$profile"; cat Scripts/tour/side-by-side.mbs; } \
	    | $(MAILSIM) record - -o docs/real-apps-$$profile.gif --scale 1 --fps 20 || exit 1; \
	done

## The robustness jobs (docs/SPEC.md: "What mailsim guarantees on bad input"; docs/testing.md). `make test` fuzzes for
## TEST_FUZZ_SECONDS (20; 0 skips it); `make fuzz` for FUZZ_SECONDS (600).
TEST_FUZZ_SECONDS ?= 20
FUZZ_SECONDS ?= 600

## fuzz: libFuzzer over the script language (tools/fuzz.sh).
fuzz:
	tools/fuzz.sh $(FUZZ_SECONDS)

## sanitize: the test suite under AddressSanitizer and ThreadSanitizer (tools/sanitize.sh: built in turn, run side by side).
sanitize: deps
	tools/sanitize.sh

## resources: time and peak memory of a million commands, reset 500 with 100 000 lines, the longest pan.
resources: release
	tools/resources.sh

## bench: every figure of docs/performance.md's tables, measured here (Benchmarks/run.sh); BASELINE=REV adds
## a plain release build of that git revision side by side, BASELINE=FILE that mailsim binary (a `make release` of
## another checkout, for start-up figures that compare like with like).
bench: release
	Benchmarks/run.sh $(if $(BASELINE),--baseline $(BASELINE))

## bench-gate: the speed gate (Benchmarks/gate.py; make test's `gate` step): the release mailsim's start-up and a line
## of the 100,000-line gesture script, in instructions (valgrind), against Benchmarks/baseline.json; it fails over
## +3 %. The binary is `make release`'s, built with the same flags in a scratch folder of its own (.build-gate), so
## that CI builds it in the background while make test runs without ever holding .build's lock.
GATE_SCRATCH := $(CURDIR)/.build-gate
gate-build: deps static-libs
	PKG_CONFIG_PATH=$(STATIC_LIBS) swift build $(RELEASE_FLAGS) --scratch-path $(GATE_SCRATCH) --product mailsim
bench-gate: gate-build
	@tools/apt-install.sh "the speed gate counts instructions" valgrind:valgrind
	python3 Benchmarks/gate.py $(GATE_SCRATCH)/release/mailsim

## bench-pictures: the picture figures (GIF walkthrough, PNG and SVG snapshots; Benchmarks/pictures.sh).
bench-pictures: release
	Benchmarks/pictures.sh

## bench-handoff: `mailsim export` of each format, its own time beside the process's start, the files' sizes, and
## what compiling and importing them costs (Benchmarks/export.sh; docs/handoff.md's figures).
bench-handoff: release
	Benchmarks/export.sh

## bench-playground: 50 WebSocket clients dragging rows for 20 s against the release server, then one alone: latency
## from a message to its screen and the server's memory (Benchmarks/playground_load.py); then a class: 50, 150 and 300
## pages from addresses of their own through nginx to 1 and to 3 servers, on their own schedules and in lockstep, a
## server killed among 3 (Benchmarks/playground_class.py: docs/deploy.md's figures; CLASS_ARGS=… passes options).
bench-playground: playground
	tools/playground-bench.sh
	Benchmarks/playground-class.sh --kill-one-at 10 $(CLASS_ARGS)

## bench-page: the page's figures in headless Chromium on a phone's viewport (Benchmarks/page.py; docs/performance.md):
## each step's work over 100 drags (pointer down, move, up, animation tick; p50, p99, the largest) at CPU throttling
## 1× and 4×, the bytes of its answers, the first screen (about 11 minutes); BEFORE=DIR measures another site beside
## it (e.g. main's, built into another folder); SERVER=Playground/.build/release/mailsim-playground adds the drags
## on the server's session.
bench-page: site
	@. tools/check-env.sh && need_debian "for the page's figures" chromium:chromium && need_pip "for the page's figures" playwright playwright && \
	  $$venv/bin/python Benchmarks/page.py .build/site $(if $(BEFORE),--before $(BEFORE)) $(if $(SERVER),--server $(SERVER))

## bench-walkthroughs: walkthrough sizes (GIF against gifsicle -O3, WebP, MP4, WebM), CPU time and peak memory of a
## 3-second and a 2-minute walkthrough (Benchmarks/walkthrough-size.sh; BASELINE=binary compares another build).
bench-walkthroughs: release
	Benchmarks/walkthrough-size.sh

## clean: removes both packages' build folders.
clean:
	rm -rf .build Playground/.build
