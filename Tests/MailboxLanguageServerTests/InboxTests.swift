import MailboxJSON
import MailboxThreads
import Testing

@testable import MailboxLanguageServer

/// The reader's queue (`Inbox`): what a client sends cannot make it grow without bound.
@Suite struct InboxTests {
    func cancel(_ id: Int) -> JSON {
        .object([
            ("jsonrpc", .string("2.0")), ("method", .string("$/cancelRequest")), ("params", .object([("id", .int(id))]))
        ])
    }

    @Test func cancellationsOfRequestsNeverSentAreBounded() {
        let inbox = Inbox()
        for id in 0..<10_000 { inbox.note(cancel(id)) }
        #expect(inbox.cancelledCount <= Inbox.maxMessages)
        // The newest are kept (a request still queued is cancelled); the oldest were let go.
        #expect(inbox.takeCancelled(.int(9_999)))
        #expect(!inbox.takeCancelled(.int(0)))
    }

    @Test func theQueueIsBoundedAndTheReaderWaits() async {
        let inbox = Inbox()
        for id in 0..<Inbox.maxMessages { inbox.push(.message(.object([("id", .int(id))]), size: 10)) }
        // The next push waits until the main thread takes one.
        let pushed = Locked(false)
        let reader = Task.detached {
            inbox.push(.message(.object([("id", .int(-1))]), size: 10))
            pushed.withLock { $0 = true }
        }
        try? await Task.sleep(for: .milliseconds(200))
        #expect(!pushed.withLock { $0 })
        _ = inbox.pop()
        await reader.value
        #expect(pushed.withLock { $0 })
    }
}
