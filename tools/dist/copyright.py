#!/usr/bin/env python3
"""The Debian copyright file of the package (and the tarball's), in the machine-readable format: mailsim's own
paragraphs (tools/dist/copyright) and, for each component linked statically into the binaries, its copyright and its
licence's text, as their licences require with a binary copy.

    tools/dist/copyright.py TOOLCHAIN CHECKOUTS > copyright

TOOLCHAIN is the Swift toolchain's usr folder (its share/swift/LICENSE.txt: the runtime, the standard library,
Foundation, libdispatch); CHECKOUTS the Playground package's .build/checkouts (SwiftNIO, Hummingbird, swift-crypto
with BoringSSL, …: their LICENSE and NOTICE files). libedit, ncurses' libtinfo, libbsd and libmd are taken from this
machine's Debian copyright files (/usr/share/doc/PACKAGE/copyright), their paragraphs kept with each file pattern
under the library's name; ICU's licence (Unicode-3.0) is tools/dist/licences/Unicode-3.0; libstdc++'s exception is
read from gcc's copyright file. Apache-2.0 and GPL-3 are referred to /usr/share/common-licenses, as Debian does (the
tarball carries the two texts beside this file). Stops with an error when a source is missing.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The Playground's dependencies linked into mailsim-playground (Package.resolved's, those whose code is in the
# binary); a checkout missing from this list is named, not guessed.
LINKED = ["hummingbird", "hummingbird-websocket", "swift-websocket", "swift-nio", "swift-nio-extras",
          "swift-http-types", "swift-http-structured-headers", "swift-log", "swift-metrics", "swift-collections",
          "swift-atomics", "swift-algorithms", "swift-numerics", "swift-async-algorithms", "swift-argument-parser",
          "swift-crypto", "swift-asn1", "swift-certificates", "swift-configuration", "swift-distributed-tracing",
          "swift-service-context", "swift-service-lifecycle", "swift-system", "compress-nio"]
DEBIAN = [("libedit2", "libedit"), ("libtinfo6", "ncurses"), ("libbsd0", "libbsd"), ("libmd0", "libmd")]


def fail(message):
    print("error: copyright.py: " + message, file=sys.stderr)
    sys.exit(2)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))


def block(text):
    """TEXT as a field's continuation lines: each line indented by one space, blank lines as ' .'."""
    lines = text.strip("\n").splitlines()
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in lines)


def paragraphs(text):
    return [p for p in re.split(r"\n\s*\n", text.strip("\n")) if p.strip()]


def fields(paragraph):
    """A DEP-5 paragraph's fields: name → (first line, continuation text as written)."""
    out, name = {}, None
    for line in paragraph.splitlines():
        if line[:1] in (" ", "\t") and name:
            out[name][1].append(line)
        elif ":" in line:
            name, value = line.split(":", 1)
            out[name] = (value.strip(), [])
    return out


def main():
    if len(sys.argv) != 3:
        fail("usage: copyright.py TOOLCHAIN_USR CHECKOUTS")
    toolchain, checkouts = sys.argv[1:]
    out = [read(os.path.join(HERE, "copyright")).rstrip("\n")]
    licences = {}  # short name → text (the paragraph's continuation lines)
    own = fields(next(p for p in paragraphs(out[0]) if p.startswith("License: Expat")))
    licences["Expat"] = "\n".join(own["License"][1])

    def licence(name, text):
        if name in licences and licences[name] != text:
            fail("two texts for the licence %s" % name)
        licences[name] = text

    # The Swift runtime, standard library, Foundation and libdispatch.
    swift = read(os.path.join(toolchain, "share/swift/LICENSE.txt"))
    exception = swift.split("## Runtime Library Exception to the Apache 2.0 License: ##", 1)
    if len(exception) != 2:
        fail("no Runtime Library Exception in the toolchain's LICENSE.txt")
    out.append("Files: swift/*\nCopyright: 2014-2025 Apple Inc. and the Swift project authors\n"
               "License: Apache-2.0 with Swift-exception\nComment: The Swift runtime, its standard library, "
               "Foundation and\n libdispatch, linked into both binaries (swift-foundation, swift-corelibs-libdispatch).")
    licence("Apache-2.0 with Swift-exception", block(
        "On Debian systems the full text of the Apache License, Version 2.0, is in\n"
        "/usr/share/common-licenses/Apache-2.0.\n\nRuntime Library Exception to the Apache 2.0 License:\n\n"
        + "\n".join(l.strip() for l in exception[1].strip().splitlines())))
    # ICU, inside Foundation.
    out.append("Files: icu/*\nCopyright: 2016-2024 Unicode, Inc. and others\nLicense: Unicode-3.0\n"
               "Comment: ICU and its data (swift-foundation-icu), inside Foundation.")
    licence("Unicode-3.0", block(read(os.path.join(HERE, "licences/Unicode-3.0"))))
    # libstdc++ (the release builds link it statically).
    gcc = read("/usr/share/doc/gcc-12-base/copyright")
    match = re.search(r"^GCC RUNTIME LIBRARY EXCEPTION\n.*?No Weakening of GCC Copyleft\..*?GCC\.\n", gcc, re.S | re.M)
    if not match:
        fail("no GCC Runtime Library Exception in /usr/share/doc/gcc-12-base/copyright")
    out.append("Files: libstdc++/*\nCopyright: 1986-2023 Free Software Foundation, Inc.\n"
               "License: GPL-3+ with GCC-exception-3.1")
    licence("GPL-3+ with GCC-exception-3.1", block(
        "This library is free software; you can redistribute it and/or modify it under\n"
        "the terms of the GNU General Public License as published by the Free Software\n"
        "Foundation; either version 3, or (at your option) any later version.\n\n"
        "On Debian systems the full text of the GNU General Public License version 3 is\n"
        "in /usr/share/common-licenses/GPL-3.\n\n" + match.group(0)))
    # The Playground's dependencies: Apache-2.0, each with its NOTICE (Apache-2.0 section 4(d)).
    if not os.path.isdir(checkouts):
        fail("no folder " + checkouts)
    for name in LINKED:
        folder = os.path.join(checkouts, name)
        if not os.path.isdir(folder):
            fail("no checkout %s in %s (swift package resolve in Playground/)" % (name, checkouts))
        text = next((read(os.path.join(folder, f)) for f in ("LICENSE.txt", "LICENSE") if os.path.exists(os.path.join(folder, f))), "")
        if "Apache License" not in text or "Version 2.0" not in text:
            fail("%s's licence is not Apache-2.0: look at it and add its paragraph" % name)
        notice = os.path.join(folder, "NOTICE.txt")
        holder = "the %s authors" % name
        comment = ""
        if os.path.exists(notice):
            notice_text = read(notice)
            found = re.search(r"^\s*Copyright (.+)$", notice_text, re.M)
            if found:
                holder = found.group(1).strip()
            comment = "\nComment: Its NOTICE.txt:\n" + block(notice_text)
        holder = re.sub(r"^\(c\)\s*", "", holder, flags=re.I)
        out.append("Files: %s/*\nCopyright: %s\nLicense: Apache-2.0%s" % (name, holder, comment))
    licence("Apache-2.0", block("On Debian systems the full text of the Apache License, Version 2.0, is in\n"
                                "/usr/share/common-licenses/Apache-2.0."))
    out.append("Files: swift-crypto/Sources/CCryptoBoringSSL/*\nCopyright: 1995-2016 The OpenSSL Project Authors\n"
               " 1998-2011 The OpenSSL Project\n 1995-1998 Eric Young\n 2014-2025 Google Inc.\nLicense: Apache-2.0\n"
               "Comment: BoringSSL, inside swift-crypto (relicensed to Apache-2.0 upstream).")
    out.append("Files: swift-crypto/Sources/CCryptoBoringSSL/third_party/fiat/*\n"
               "Copyright: 2015-2020 the fiat-crypto authors\nLicense: Expat or Apache-2.0 or BSD-1-Clause\n"
               "Comment: fiat-crypto's generated field arithmetic, inside BoringSSL.")
    licence("BSD-1-Clause", block(
        "Redistribution and use in source and binary forms, with or without\nmodification, are permitted provided "
        "that the following condition is met:\n\n1. Redistributions of source code must retain the above copyright "
        "notice,\nthis list of conditions and the following disclaimer.\n\nTHIS SOFTWARE IS PROVIDED BY THE "
        "COPYRIGHT HOLDERS AND CONTRIBUTORS \"AS IS\" AND\nANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT "
        "LIMITED TO, THE IMPLIED\nWARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE\n"
        "DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE\nFOR ANY DIRECT, INDIRECT, "
        "INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL\nDAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF "
        "SUBSTITUTE GOODS OR\nSERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER\nCAUSED AND "
        "ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,\nOR TORT (INCLUDING NEGLIGENCE OR "
        "OTHERWISE) ARISING IN ANY WAY OUT OF THE USE\nOF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH "
        "DAMAGE."))
    # libedit, libtinfo, libbsd, libmd: Debian's own paragraphs, each file pattern under the library's name and
    # each licence name under it where two libraries' texts differ.
    for package, prefix in DEBIAN:
        text = read("/usr/share/doc/%s/copyright" % package)
        if not text.startswith("Format:"):
            fail("/usr/share/doc/%s/copyright is not machine-readable" % package)
        renames = {}
        parts = paragraphs(text)[1:]
        for p in parts:
            f = fields(p)
            if "Files" not in f and "License" in f:
                name = f["License"][0]
                body = "\n".join(f["License"][1])
                if name in licences and licences[name] != body:
                    renames[name] = "%s~%s" % (name, prefix)
                    name = renames[name]
                licence(name, body)
        for p in parts:
            f = fields(p)
            if "Files" not in f:
                continue
            patterns = " ".join([f["Files"][0]] + [l.strip() for l in f["Files"][1]]).split()
            expression = f["License"][0]
            for old, new in renames.items():
                expression = re.sub(r"(?<![\w.~+-])%s(?![\w.~+-])" % re.escape(old), new, expression)
            lines = ["Files: " + " ".join("%s/%s" % (prefix, x) for x in patterns)]
            if "Copyright" in f:
                lines.append("Copyright: " + "\n".join([f["Copyright"][0]] + f["Copyright"][1]))
            lines.append("License: " + expression)
            if f["License"][1]:
                lines.append("\n".join(f["License"][1]))
            out.append("\n".join(lines))
    for name in sorted(licences):
        if name == "Expat":
            continue
        out.append("License: %s\n%s" % (name, licences[name]))
    print("\n\n".join(out))


main()
