/// A ZIP archive whose files are stored, not compressed (PKWARE's APPNOTE 6.3.10: a local header before each file,
/// the central directory, its end record; CRC-32 on each): what the page downloads for a set of exported files. The
/// bytes depend on the files alone (every date is 1980-01-01 00:00, the format's first), so the native server and
/// the page's WebAssembly give the same archive for the same export. Names are UTF-8 (flag bit 11).
public enum StoredZip {
    /// Why files cannot be archived: too many, or a name or a file too long for the format without its 64-bit
    /// extension (which a hand-off never needs).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The archive of `files`, in order; a path with `/` puts the file in a folder (`MailboxInteraction/A.swift`).
    public static func archive(_ files: [(path: String, bytes: [UInt8])]) throws(Problem) -> [UInt8] {
        guard files.count <= 0xFFFF else { throw Problem(description: "more than 65,535 files") }
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for file in files {
            let name = Array(file.path.utf8)
            guard name.count <= 0xFFFF else { throw Problem(description: "\(file.path): the name is too long") }
            // Sizes and offsets are 32-bit: counted in UInt64, where a 32-bit `Int` (WebAssembly's) cannot overflow.
            let end = UInt64(out.count) + 30 + UInt64(name.count) + UInt64(file.bytes.count)
            guard end + UInt64(directory.count) + 46 + UInt64(name.count) + 22 < 0xFFFF_FFFF else {
                throw Problem(description: "\(file.path): the archive would pass 4 GiB")
            }
            // Both below 4 GiB (checked just above): the conversions keep every bit.
            let entry = Entry(
                name: name, crc: CRC32.checksum(file.bytes), size: UInt32(truncatingIfNeeded: file.bytes.count),
                offset: UInt32(truncatingIfNeeded: out.count))
            out += entry.localHeader
            out += file.bytes
            directory += entry.centralHeader
        }
        // The counts and sizes below are within their fields: checked as each file was added.
        let directoryOffset = UInt32(truncatingIfNeeded: out.count)
        out += directory
        // The end of the central directory: this disk and the directory's both 0, the entries on it and in all.
        out +=
            word32(0x0605_4B50) + word16(0) + word16(0) + word16(UInt16(truncatingIfNeeded: files.count))
            + word16(UInt16(truncatingIfNeeded: files.count)) + word32(UInt32(truncatingIfNeeded: directory.count))
            + word32(directoryOffset) + word16(0)
        return out
    }

    /// One file's headers.
    private struct Entry {
        let name: [UInt8]
        let crc: UInt32
        let size: UInt32
        let offset: UInt32

        /// Version 2.0 needed; UTF-8 names; stored; 1980-01-01 00:00 (time 0, date 0x21).
        private var common: [UInt8] {
            word16(20) + word16(0x0800) + word16(0) + word16(0) + word16(0x21) + word32(crc) + word32(size)
                + word32(size) + word16(UInt16(truncatingIfNeeded: name.count)) + word16(0)
        }

        var localHeader: [UInt8] { word32(0x0403_4B50) + common + name }

        /// Made by Unix (3) with version 2.0, so that the external attributes are a mode: a regular file, 0644.
        var centralHeader: [UInt8] {
            word32(0x0201_4B50) + word16(0x0314) + common + word16(0) + word16(0) + word16(0)
                + word32(0o100644 << 16) + word32(offset) + name
        }
    }

}

/// `value` little-endian, as every number of a ZIP archive is.
private func word16(_ value: UInt16) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
}

private func word32(_ value: UInt32) -> [UInt8] {
    [
        UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)
    ]
}
