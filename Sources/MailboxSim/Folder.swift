/// Where a message lives.
public enum Folder: String, CaseIterable, Sendable {
    case inbox, later, list, archive, trash
}
