import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Testing

/// Tab completion: every candidate comes from the command table and the screen as it is now.
@Suite struct CompleterTests {
    /// A session that ran `lines` first.
    func session(_ lines: [String] = [], messages: Int = 5) throws -> Session {
        var session = Session(messageCount: messages, interactive: true)
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session
    }

    func candidates(_ line: String, _ session: Session? = nil) throws -> [String] {
        Completer.complete(line, session: try session ?? self.session()).candidates
    }

    // MARK: command names

    @Test func anEmptyLineOffersEveryCommandName() throws {
        #expect(try candidates("") == CommandTable.names)
    }

    @Test func aPrefixCompletesTheCommandName() throws {
        let completion = Completer.complete("pa", session: try session())
        #expect(completion.word == "pa")
        #expect(completion.candidates == ["pan", "params"])
        #expect(!completion.isFinal)
        #expect(completion.commonPrefix == "pa")
        let one = Completer.complete("ed", session: try session())
        #expect(one.candidates == ["edgepan"])
        #expect(one.isFinal)
        #expect(one.commonPrefix == "edgepan")
    }

    @Test func aliasesAreCommandNamesToo() throws {
        #expect(try candidates("wa") == ["wait"])
        #expect(try candidates("ex").sorted() == ["exit", "expect", "export"])
    }

    @Test func leadingBlanksDoNotMatter() throws {
        #expect(try candidates("   sh") == ["shake", "show"])
    }

    @Test func anUnknownCommandOffersNothing() throws {
        #expect(try candidates("bogus ").isEmpty)
    }

    @Test func aCommentOffersNothing() throws {
        #expect(try candidates("# pa").isEmpty)
        #expect(try candidates("state # sh").isEmpty)
    }

    // MARK: targets and options

    @Test func panOffersTheMessagesOnScreenAndContent() throws {
        #expect(try candidates("pan ") == ["msg1", "msg2", "msg3", "msg4", "msg5", "content"])
        #expect(try candidates("pan ", session(messages: 2)) == ["msg1", "msg2", "content"])
        #expect(try candidates("pan msg") == ["msg1", "msg2", "msg3", "msg4", "msg5"])
    }

    @Test func panDropsARowThatLeftTheInbox() throws {
        let s = try session(["pan msg2 100", "release", "settle"])
        #expect(try candidates("pan ", s) == ["msg1", "msg3", "msg4", "msg5", "content"])
    }

    @Test func numbersOfferNothingThenTheKeyword() throws {
        #expect(try candidates("pan msg1 ").isEmpty)
        #expect(try candidates("pan msg1 -180 ") == ["in"])
        #expect(try candidates("pan msg1 -180 i") == ["in"])
        #expect(try candidates("pan msg1 -180 in ").isEmpty)
        #expect(try candidates("pan msg1 -180 in 0.3 ").isEmpty)
        #expect(try candidates("edgepan 100 ") == ["in"])
    }

    @Test func tapOffersItsTargetsThenSegmentNames() throws {
        #expect(try candidates("tap ") == ["compose", "menu", "segment"])
        #expect(try candidates("tap seg") == ["segment"])
        #expect(try candidates("tap segment ") == ["later", "mailbox", "archive"])
        #expect(try candidates("tap segment ar") == ["archive"])
        #expect(try candidates("tap segment archive ").isEmpty)
    }

    /// Only what can be tapped now is offered: the model is asked (each target tried on a copy of the screen).
    @Test func tapOffersOnlyWhatCanBeTappedNow() throws {
        let undo = try session(["pan msg1 100", "release", "settle", "shake"])
        #expect(undo.screen.alert == .undo)
        #expect(try candidates("tap ", undo) == ["cancel", "undo"])
        #expect(
            try candidates("tap ", undo).allSatisfy { line in
                var copy = undo
                return (try? copy.execute(.line("tap \(line)"[...]))) != nil
            })
        let compose = try session(["tap compose", "settle"])
        #expect(try candidates("tap ", compose) == ["cancel", "to", "subject", "body"])
        let draft = try session([
            "set compose.draft-alert on", "tap compose", "settle", "type a@b.c", "tap cancel", "settle"
        ])
        #expect(try candidates("tap ", draft) == ["cancel", "delete-draft", "keep-draft"])
        let overlay = try session(["pan msg1 -100", "release", "settle"])
        #expect(try candidates("tap ", overlay) == ["cancel"])
        #expect(try candidates("!tap ", undo) == ["cancel", "undo"])
    }

    /// A row off screen cannot be reached by a finger, so `pan` and `act` do not offer it (SPEC §7.3).
    @Test func panAndActOfferOnlyRowsOnScreen() throws {
        let big = try session(messages: 12)
        #expect(try candidates("pan ", big) == ["msg1", "msg2", "msg3", "msg4", "msg5", "content"])
        #expect(try candidates("act ", big) == ["msg1", "msg2", "msg3", "msg4", "msg5"])
    }

    /// `<` and `>` order numbers only: a colour, a name, a bool or text offers `==` and `!=`.
    @Test func onlyNumbersOfferOrderingOperators() throws {
        #expect(try candidates("expect msg1.background ") == ["==", "!="])
        #expect(try candidates("expect overlay ") == ["==", "!="])
        #expect(try candidates("expect animating ") == ["==", "!="])
        #expect(try candidates("expect msg1.y ") == Comparison.allCases.map(\.rawValue))
    }

    /// `timeline msg9` on a 5-message screen says what exists, as `show msg9` does.
    @Test func timelineOfAMessageNotMadeSaysWhatExists() throws {
        var s = try session()
        #expect(throws: ScriptError.model(.noSuchMessage(MessageID(9), count: 5))) {
            _ = try s.execute(.line("timeline msg9"))
        }
        #expect(
            MailboxError.noSuchMessage(MessageID(9), count: 5).message
                == "no message msg9: the inbox was made with 5 (msg1 … msg5)")
    }

    @Test func chooseOffersTheOptionsOfTheOverlayThatIsUp() throws {
        #expect(try candidates("choose ").isEmpty)
        let reschedule = try session(["pan msg1 -100", "release", "settle"])
        #expect(reschedule.screen.overlay?.kind == .reschedule)
        #expect(try candidates("choose ", reschedule) == OverlayKind.reschedule.options)
        #expect(try candidates("choose t", reschedule) == ["this-evening", "tomorrow", "this-weekend"])
        let list = try session(["pan msg1 -300", "release", "settle"])
        #expect(try candidates("choose ", list) == ["to-buy", "to-read", "to-watch"])
    }

    @Test func setOffersTheSettingsAndTheirValues() throws {
        #expect(try candidates("set ") == TunableTable.names)
        #expect(try candidates("set compose") == ["compose.draft-alert"])
        #expect(
            try candidates("set threshold.l") == ["threshold.left.near", "threshold.left.far", "threshold.left.bound"])
        #expect(
            try candidates("set curve.slide ") == [
                "linear", "easeIn", "easeOut", "easeInOut", "default", "bezier", "spring"
            ])
        #expect(
            try candidates("set profile ") == [
                "mailbox", "mcswipe", "itemtouchhelper", "swipecellkit", "ios-course-mailbox",
                "codepath-wk3-mailbox", "assignment"
            ])
        #expect(try candidates("set threshold.right.bound ") == ["closed", "strict"])
        #expect(try candidates("set menu.release ") == ["velocity", "position", "distance"])
        #expect(try candidates("set color.red ") == ["gray", "yellow", "brown", "green", "red", "blue"])
        #expect(try candidates("expect param.threshold.left.n") == ["param.threshold.left.near"])
        #expect(try candidates("act msg1 a") == ["archive"])
        #expect(try candidates("set fps ").isEmpty)
        #expect(try candidates("set compose.draft-alert ") == ["on", "off"])
        #expect(try candidates("set compose.draft-alert o") == ["on", "off"])
        #expect(try candidates("set compose.draft-alert on ").isEmpty)
    }

    @Test func timelineOffersItsSubjects() throws {
        let s = try session()
        #expect(
            try candidates("timeline ", s) == TimelineSubject.names(messageCount: s.screen.messageCount) + ["--json"])
        #expect(try candidates("timeline m", s).first == "msg1")
    }

    @Test func lookingCommandsOfferTheJSONFlag() throws {
        #expect(try candidates("state ") == ["--json"])
        #expect(try candidates("state --j") == ["--json"])
        #expect(try candidates("show msg1 ") == ["--json"])
        #expect(try candidates("timeline msg1 ") == ["--json"])
        #expect(try candidates("timeline --") == ["--json"])
        #expect(try candidates("timeline --json ").isEmpty)
        #expect(try candidates("colors ").isEmpty)
    }

    @Test func saveWantsAFileNameThenTheFlag() throws {
        let completion = Completer.complete("save ", session: try session())
        #expect(completion.fileNames)
        #expect(completion.candidates.isEmpty)
        #expect(try candidates("save out.mbs ") == ["--expect", "--force"])
        #expect(try candidates("save out.mbs --e") == ["--expect"])
        #expect(try candidates("save out.mbs --expect ") == ["--force"])
        #expect(try candidates("save out.mbs --expect --force ").isEmpty)
    }

    @Test func helpAndBangOfferCommandNames() throws {
        #expect(try candidates("help ") == CommandTable.names + ["paths"])
        #expect(try candidates("help pa") == ["pan", "params", "paths"])
        #expect(try candidates("help set pro") == ["profile"])
        #expect(try candidates("help pan ") == [])
        #expect(try candidates("! ") == CommandTable.names)
        #expect(try candidates("! re") == ["release", "reset", "render"])
        #expect(try candidates("!re") == ["!release", "!reset", "!render"])
    }

    @Test func bangCompletesTheArgumentsOfItsCommand() throws {
        #expect(try candidates("! pan ") == ["msg1", "msg2", "msg3", "msg4", "msg5", "content"])
        #expect(try candidates("!tap segment l") == ["later"])
        #expect(try candidates("! expect ").isEmpty == false)
    }

    @Test func typeTakesFreeText() throws {
        #expect(try candidates("type ").isEmpty)
        #expect(try candidates("type hello wo").isEmpty)
    }

    @Test func tooManyWordsOfferNothing() throws {
        #expect(try candidates("state --json ").isEmpty)
        #expect(try candidates("release 10 ").isEmpty)
    }

    // MARK: property paths, operators, values

    @Test func expectOffersPathsWithOneEntryPerMessage() throws {
        let all = try candidates("expect ")
        #expect(all.contains("time"))
        #expect(all.contains("overlay.alpha"))
        #expect(all.contains("msg1."))
        #expect(all.contains("msg5."))
        #expect(!all.contains("msg1.x"))
        #expect(!all.contains("msg6."))
        #expect(try candidates("expect ms") == ["msg1.", "msg2.", "msg3.", "msg4.", "msg5."])
    }

    @Test func aMessageWithItsDotCompletesToItsProperties() throws {
        let fields = try candidates("expect msg1.")
        #expect(fields == PropertyPath.MessageField.allCases.map { "msg1.\($0.rawValue)" })
        let icon = Completer.complete("expect msg1.ic", session: try session())
        #expect(icon.candidates == ["msg1.icon", "msg1.icon.alpha", "msg1.icon.x"])
        #expect(icon.commonPrefix == "msg1.icon")
        #expect(!icon.isFinal)
    }

    @Test func aMessageNameAloneWaitsForItsDot() throws {
        let completion = Completer.complete("expect msg3", session: try session())
        #expect(completion.candidates == ["msg3."])
        #expect(!completion.isFinal, "msg3. takes no blank after it")
    }

    @Test func messageNumbersFollowTheScreen() throws {
        let twelve = try session(messages: 12)
        #expect(try candidates("expect msg1", twelve) == ["msg1.", "msg10.", "msg11.", "msg12."])
        #expect(try candidates("expect msg12.fo", twelve) == ["msg12.folder"])
    }

    @Test func showOffersPathsAndTheirPrefixes() throws {
        let all = try candidates("show ")
        #expect(all.contains("msg1"))
        #expect(!all.contains("msg1."))
        #expect(all.contains("overlay"))
        #expect(all.contains("time"))
        #expect(try candidates("show msg1.ic") == ["msg1.icon", "msg1.icon.alpha", "msg1.icon.x"])
        #expect(try candidates("show msg2") == ["msg2"])
    }

    @Test func everyPathIsReachable() throws {
        let s = try session()
        for path in PropertyPath.all(messageCount: 5) {
            let name = path.name
            #expect(try candidates("expect " + name, s).contains(name), "expect \(name)")
            #expect(try candidates("show " + name, s).contains(name), "show \(name)")
        }
    }

    @Test func operatorsFollowAPath() throws {
        #expect(try candidates("expect msg1.x ") == Comparison.allCases.map(\.rawValue))
        #expect(try candidates("expect msg1.x <") == ["<", "<="])
        #expect(try candidates("expect msg1.x =") == ["=="])
    }

    @Test func valuesFollowThePathsType() throws {
        #expect(try candidates("expect msg1.background == ") == PaletteColor.allCases.map(\.rawValue))
        #expect(try candidates("expect msg1.background == ye") == ["yellow"])
        #expect(try candidates("expect msg1.icon == ") == Icon.allCases.map(\.rawValue))
        #expect(try candidates("expect msg1.folder != a") == ["archive"])
        #expect(try candidates("expect animating == ") == ["true", "false"])
        #expect(try candidates("expect msg1.x == ").isEmpty)
        #expect(try candidates("expect msg1.snooze == to") == ["tomorrow"])
    }

    @Test func withinFollowsANumericValue() throws {
        #expect(try candidates("expect msg1.x == -320 ") == ["within"])
        #expect(try candidates("expect msg1.x == -320 w") == ["within"])
        #expect(try candidates("expect msg1.x == -320 within ").isEmpty)
    }

    // MARK: the completion's shape

    @Test func commonPrefixOfSeveralCandidates() throws {
        let completion = Completer.complete("re", session: try session())
        #expect(completion.candidates == ["release", "reset", "render"])
        #expect(completion.commonPrefix == "re")
        #expect(!completion.isFinal)
    }

    @Test func nothingMatchingLeavesTheWord() throws {
        let completion = Completer.complete("zz", session: try session())
        #expect(completion.candidates.isEmpty)
        #expect(completion.commonPrefix == "zz")
    }
}
