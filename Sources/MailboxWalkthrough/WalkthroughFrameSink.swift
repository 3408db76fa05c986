import MailboxGIF
import MailboxScene

/// A walkthrough's frames as they are played: the frame and what its caption strip says.
public protocol WalkthroughFrameSink: AnyObject {
    func add(_ frame: WalkthroughFrame, caption: Caption) throws(RasterError)
}
