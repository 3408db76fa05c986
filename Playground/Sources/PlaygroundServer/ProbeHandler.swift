import NIOCore
import NIOHTTP1

/// The handler behind `RequestCheck` that answers `/healthz` and `/metrics` on the connection itself and paces them
/// per client (`ProbeAnswers`): a probe whose turn is later holds the connection's reading (its parts and the
/// reads asked for are kept) until its turn; a probe refused is answered 429 and the connection closed a second
/// later, nothing more read. Every other request passes untouched; an upgrade takes it out of the pipeline.
final class ProbeHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let probes: ProbeAnswers
    let shared: ConnectionPhase
    /// Parts read while a probe waits for its turn, and whether a read was asked for meanwhile.
    private var held: [NIOAny] = []
    private var paused = false
    private var readWanted = false
    /// From a probe answered here (or refused) to its request's end: its parts are not passed on.
    private var swallowing = false
    /// The next head is a probe whose turn has come.
    private var turnCame = false

    init(probes: ProbeAnswers, shared: ConnectionPhase) {
        self.probes = probes
        self.shared = shared
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if paused {
            held.append(data)
        } else {
            handle(context, data)
        }
    }

    func read(context: ChannelHandlerContext) {
        if paused { readWanted = true } else { context.read() }
    }

    private func handle(_ context: ChannelHandlerContext, _ data: NIOAny) {
        let part = unwrapInboundIn(data)
        if swallowing {
            if case .end = part { swallowing = false }
            return
        }
        guard case .head(let head) = part else {
            context.fireChannelRead(data)
            return
        }
        guard let client = probes.client(of: head, peer: context.channel.remoteAddress?.ipAddress ?? "") else {
            context.fireChannelRead(data)
            if RequestCheck.isUpgrade(head) {
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            }
            return
        }
        if !turnCame {
            switch probes.pace(client.key) {
            case .now:
                break
            case .after(let milliseconds):
                pause(context, milliseconds, holding: data)
                return
            case .refused:
                swallowing = true
                paused = true  // nothing more is read
                ProbeAnswers.write(ProbeAnswers.tooOften, keepAlive: false, from: context, closeAfter: .seconds(1))
                return
            }
        }
        turnCame = false
        guard shared.unanswered == 1, let answer = probes.answer(to: head, client: client) else {
            context.fireChannelRead(data)
            return
        }
        swallowing = true
        ProbeAnswers.write(answer, keepAlive: head.isKeepAlive, from: context)
    }

    /// Holds the connection's reading for `milliseconds`, then handles what it kept, the probe first.
    private func pause(_ context: ChannelHandlerContext, _ milliseconds: Int64, holding data: NIOAny) {
        paused = true
        held.append(data)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) {
            let (handler, context) = loopBound.value
            handler.resume(context)
        }
    }

    private func resume(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        paused = false
        turnCame = true
        let parts = held
        held = []
        for index in parts.indices {
            if paused {
                held.append(contentsOf: parts[index...])
                break
            }
            handle(context, parts[index])
        }
        if !paused, readWanted {
            readWanted = false
            context.read()
        }
    }
}
