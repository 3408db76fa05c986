// MailsimKit: every layer of the simulator as one module, for a program that drives it (`import MailsimKit`).
// The layers stay separate targets, each importing only those below it (docs/architecture.md); this module adds
// no code of its own: it re-exports them, as Hummingbird re-exports HummingbirdCore.
@_exported import MailboxAnimation
@_exported import MailboxFootage
@_exported import MailboxFootageDecoding
@_exported import MailboxGIF
@_exported import MailboxGrade
@_exported import MailboxJSON
@_exported import MailboxMovie
@_exported import MailboxRaster
@_exported import MailboxReports
@_exported import MailboxScene
@_exported import MailboxScript
@_exported import MailboxSim
@_exported import MailboxTestResults
@_exported import MailboxText
@_exported import MailboxThreads
@_exported import MailboxWalkthrough
