/// The icon revealed behind a row.
public enum Icon: String, CaseIterable, Sendable {
    case none, later, list, archive, delete
}
