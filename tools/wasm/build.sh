#!/usr/bin/env bash
# make wasm: the page's simulation as one WebAssembly module, .build/wasm/mailsim.wasm, compiled with Embedded
# Swift from the same source files as the native build (docs/playground.md#the-simulation-in-the-page).
#
# Each library below is compiled as its own Embedded module for wasm32-unknown-none-wasm, in the order of
# Package.swift's layers, then Sources/MailboxWasm (the exports: the one file only this build compiles, and a C
# file for the two functions the embedded standard library leaves to its platform) and wasm-ld links them with
# Debian's wasi-libc (malloc, the C maths) and compiler-rt's builtins. binaryen's wasm-opt then shrinks it.
# A module is compiled again only when one of its files, or a module below it, is newer than its object.
set -euo pipefail
cd "$(dirname "$0")/../.."
# WASM_CHECK=1 (make wasm-check, part of make check): each module type-checked as Embedded Swift and its interface
# emitted, in .build/wasm-check, with no code made and nothing linked: a line Embedded Swift refuses at the type level
# (a Foundation call, a key path, String.contains(String)) fails in about 20 s rather than this build's minutes. What
# only code generation finds (an existential of a non-class protocol, a dynamic cast) is left to make wasm.
check=${WASM_CHECK:-}
if [ -n "$check" ]; then
    out=${WASM_OUT:-.build/wasm-check}
    optimize=-Onone
else
    out=${WASM_OUT:-.build/wasm}
    optimize=-Osize
fi
mkdir -p "$out/obj"

# The layers the page runs, bottom up: the libraries Sources/MailboxWasm imports and everything they need, read from
# Package.swift's dependencies (tools/wasm/layers.py: nothing here lists them again), then MailboxWasm itself. They
# are the model, the language, the reports, the scene, the exports, the walkthrough (its GIF coder and player), the
# grader and the playground's session: nothing that touches a file, a thread or a socket.
# The modules of one level depend only on those of the levels before, so they compile side by side.
layers=$(swift package --scratch-path "$out/package" dump-package | python3 tools/wasm/layers.py)
mapfile -t levels <<<"$layers"
levels+=("MailboxWasm")

swiftc=${SWIFTC:-$(command -v swiftc)}
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
clang="$toolchain/bin/clang"
wasm_ld="$toolchain/bin/wasm-ld"
libc=/usr/lib/wasm32-wasi/libc.a
builtins=$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | tail -n 1)
unicode="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
for need in "$libc" "$builtins" "$unicode" "$wasm_ld"; do
    [ -n "$need" ] && [ -e "$need" ] || {
        echo "make wasm: missing ${need:-the wasm32 builtins of compiler-rt} (make wasm-deps installs" \
            "wasi-libc, libclang-rt-dev-wasm32 and binaryen)" >&2
        exit 2
    }
done

flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo "$optimize"
    -Xfrontend -disable-stack-protector -parse-as-library -swift-version 6 -package-name mailsim
    -enable-upcoming-feature MemberImportVisibility
    -Xcc -isystem -Xcc /usr/include/wasm32-wasi -I "$out/obj" -I Sources/CMaths)

# What a module's compilation leaves: its object, or (checking) its interface.
made() { if [ -n "$check" ]; then echo "$out/obj/$1.swiftmodule"; else echo "$out/obj/$1.o"; fi; }

# Compiles one module when one of its files, or a module below it, is newer than what it made.
compile() {
    local module=$1 below=$2 sources extra=() object codegen=()
    object=$(made "$module")
    [ -n "$check" ] || codegen=(-c -o "$object")
    if [ -e "$object" ] && [ -z "$(find "Sources/$module" $below -newer "$object" -print -quit)" ]; then return 0; fi
    # A target's Templates/ folder holds code it exports, not its own (Package.swift excludes it).
    sources=$(find "Sources/$module" -name '*.swift' -not -path "Sources/$module/Templates/*" | sort)
    [ "$module" = MailboxWasm ] && extra=(-enable-experimental-feature Extern)
    sources="$sources $(tools/embedded-resources.sh "$module" "$out/obj")"
    local started=$SECONDS
    # shellcheck disable=SC2086
    "$swiftc" "${flags[@]}" "${extra[@]}" -module-name "$module" -emit-module \
        -emit-module-path "$out/obj/$module.swiftmodule" "${codegen[@]}" $sources
    echo "wasm: $module ($((SECONDS - started)) s)"
}

below=""
objects=()
for level in "${levels[@]}"; do
    pids=()
    for module in $level; do
        compile "$module" "$below" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    for module in $level; do
        below="$below $(made "$module")"
        objects+=("$out/obj/$module.o")
    done
done
if [ -n "$check" ]; then
    echo "wasm: every module type-checks as Embedded Swift ($out)"
    exit 0
fi
if [ ! -e "$out/obj/runtime.o" ] || [ Sources/MailboxWasm/runtime.c -nt "$out/obj/runtime.o" ]; then
    "$clang" --target=wasm32-unknown-wasi -isystem /usr/include/wasm32-wasi -Os -c Sources/MailboxWasm/runtime.c \
        -o "$out/obj/runtime.o"
fi

# Nothing newer than the module: it stands.
if [ -e "$out/mailsim.wasm" ] && [ -z "$(find "${objects[@]}" "$out/obj/runtime.o" Sources/PlaygroundPage/mailsim.mjs \
    -newer "$out/mailsim.wasm" -print -quit)" ]; then
    echo "wasm: $out/mailsim.wasm is up to date"
    exit 0
fi
# The stack first, so that overflowing it traps rather than writing over the heap; memory bounded at 1 GiB.
"$wasm_ld" --no-entry --strip-all --stack-first -z stack-size=1048576 --max-memory=1073741824 \
    -o "$out/mailsim-linked.wasm" "${objects[@]}" "$out/obj/runtime.o" "$libc" "$unicode" "$builtins"
if command -v wasm-opt >/dev/null 2>&1 && [ -z "${WASM_NO_OPT:-}" ]; then
    # The features LLVM enables for wasm32 (Node 18 and every current browser have them), not binaryen's --all-features.
    wasm-opt --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
        --enable-reference-types --enable-multivalue -Oz "$out/mailsim-linked.wasm" -o "$out/mailsim.wasm.tmp"
    mv "$out/mailsim.wasm.tmp" "$out/mailsim.wasm"
else
    cp "$out/mailsim-linked.wasm" "$out/mailsim.wasm"
fi
cp Sources/PlaygroundPage/mailsim.mjs "$out/mailsim.mjs"
raw=$(stat -c %s "$out/mailsim.wasm")
gzipped=$(gzip -9 -c "$out/mailsim.wasm" | wc -c)
echo "wasm: $out/mailsim.wasm, $raw bytes, $gzipped gzipped"
