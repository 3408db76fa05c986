#!/usr/bin/env bash
# Prints the names a type exported by `mailsim export swift --name NAME` must not take: every top-level public
# type, protocol, type alias, actor and function of the modules every Swift file imports without asking (Swift,
# _Concurrency, _StringProcessing), read from the toolchain's own interfaces. A type named so would shadow it in
# the app that adds the file (`Optional`, `Result`, `Task`, `min`). Sources/MailboxHandoff/StandardLibraryNames.swift
# holds them; HandoffFormatTests reads the toolchain's interfaces again and fails on any it lacks.
#
#     tools/handoff/standard-library-names.sh
set -euo pipefail
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
for module in Swift _Concurrency _StringProcessing; do
    interface=$(ls "$toolchain"/lib/swift/linux/$module.swiftmodule/*-unknown-linux-gnu.swiftinterface | head -n 1)
    grep -oE '^(@[A-Za-z_]+(\([^)]*\))? )*((final|open|public|indirect|nonisolated) )*(struct|enum|class|protocol|typealias|actor|func) [A-Za-z][A-Za-z0-9_]*' "$interface" \
        | grep -E '(^| )(public|open) ' | awk '{print $NF}'
done | sort -u
