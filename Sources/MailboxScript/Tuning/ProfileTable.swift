import MailboxSim

/// One number of a profile: the parameter it sets, its value as `set` writes it, and where it comes from (the
/// line of the source and what it does). `set profile`, `params`, `help set profile` and the docs read these.
public struct ProfileSetting: Sendable {
    public let parameter: String
    public let value: String
    public let source: String

    init(_ parameter: String, _ value: String, _ source: String) {
        self.parameter = parameter
        self.value = value
        self.source = source
    }
}

extension Profile {
    /// Where the numbers are read: the repository at its commit and the file, or the count they come from.
    public var origin: String {
        switch self {
        case .mailbox: "docs/SPEC.md"
        case .mcswipe: "alikaragoz/MCSwipeTableViewCell at 80114c6, MCSwipeTableViewCell/MCSwipeTableViewCell.m"
        case .itemtouchhelper:
            "aosp-mirror/platform_frameworks_support at a9ac247, v7/recyclerview/…/ItemTouchHelper.java"
        case .swipecellkit: "SwipeCellKit/SwipeCellKit at 6d632bd, Source/"
        case .iosCourseMailbox: "kevnull/ios-course-mailbox at efca445, ios-course-mailbox/MailboxViewController.swift"
        case .codepathWk3Mailbox: "yinanq/CodePath-wk3-Mailbox at 9443d0d, CodePath-wk3-Mailbox/ViewController.swift"
        case .assignment:
            "the majority of twenty public implementations (IMPLEMENTATIONS.md; docs/real-apps.md lists them)"
        }
    }

    /// Every parameter this profile sets to other than SPEC's value, in the words `set` takes, each with its source.
    public var settings: [ProfileSetting] {
        switch self {
        case .mailbox: []
        case .mcswipe: ProfileTable.mcswipe
        case .itemtouchhelper: ProfileTable.itemtouchhelper
        case .swipecellkit: ProfileTable.swipecellkit
        case .iosCourseMailbox: ProfileTable.iosCourseMailbox
        case .codepathWk3Mailbox: ProfileTable.codepathWk3Mailbox
        case .assignment: ProfileTable.assignment
        }
    }

    /// `settings` with the profile group set to this profile's values (SPEC's where it gives none), every
    /// other parameter as it was.
    public func applied(to settings: Settings) -> Settings {
        var result = ProfileGroup.profiled(self)
        for tunable in TunableTable.all where !ProfileGroup.names.contains(tunable.name) && tunable.name != "profile" {
            guard let value = tunable.read(settings), let kept = try? tunable.write(result, value) else { continue }
            result = kept
        }
        return result
    }
}

/// The parameters `set profile` sets: those some profile sets to other than SPEC's value.
enum ProfileGroup {
    /// SPEC's settings with `profile`'s numbers set, one by one through the parameter table.
    static func profiled(_ profile: Profile) -> Settings {
        var s = Settings()
        for setting in profile.settings {
            guard let tunable = TunableTable.named(setting.parameter),
                let value = try? tunable.parse(setting.value.split(separator: " ")),
                let next = try? tunable.write(s, value)
            else { continue }
            s = next
        }
        s.profile = profile
        return s
    }

    /// The group, in table order (shorthands such as `threshold.near` included, as they read what the group sets).
    static let members: [Tunable] = {
        let all = Profile.allCases.map { ProfileGroup.profiled($0) }
        let spec = Settings()
        return TunableTable.all.filter { tunable in
            tunable.name != "profile" && all.contains { tunable.read($0) != tunable.read(spec) }
        }
    }()

    static let names = Set(members.map({ $0.name }))
}

/// The profiles' numbers, each with the line it is read from.
enum ProfileTable {
    static let mcswipe = [
        ProfileSetting(
            "threshold.left.near", "80",
            "lines 11–12, kMCStop1 = 0.25 (\"percentage limit to trigger the first action\") of the width"),
        ProfileSetting("threshold.left.far", "240", "kMCStop2 = 0.75 of the width (the second action)"),
        ProfileSetting("threshold.right.near", "80", "kMCStop1 = 0.25 of the width"),
        ProfileSetting("threshold.right.far", "240", "kMCStop2 = 0.75 of the width"),
        ProfileSetting(
            "duration.slide", "0.2",
            """
            lines 377–386, the exit's duration 0.35 − 0.15·min(|v| / width, 1): 0.2 from one width a second, \
            which a pan reaches
            """
        ),
        ProfileSetting("curve.slide", "easeOut", "line 591, the exit's UIViewAnimationOptionCurveEaseOut"),
        ProfileSetting("duration.snap", "0.4", "line 16, kMCAnimationDuration = 0.4, the snap-back's duration"),
        ProfileSetting(
            "curve.snap", "spring 0.6 0.4",
            "lines 14 and 605, kMCDamping = 0.6 on a spring over 0.4 (taken as its response), from the release velocity"
        )
    ]

    static let itemtouchhelper = [
        ProfileSetting("threshold.left.near", "160", "line 1687, getSwipeThreshold returns .5f of the width"),
        ProfileSetting("threshold.left.far", "320", "one threshold only: the far action at the full width"),
        ProfileSetting("threshold.right.near", "160", "line 1687, getSwipeThreshold .5f of the width"),
        ProfileSetting("threshold.right.far", "320", "one threshold only"),
        ProfileSetting(
            "duration.slide", "0.12",
            "lines 2113–2119, the swipe lasts the ItemAnimator's getRemoveDuration(), mRemoveDuration = 120 ms"),
        ProfileSetting(
            "curve.slide", "bezier 0.37 0 0.63 1",
            "line 2390, no interpolator: ValueAnimator's AccelerateDecelerate, 0.5 − 0.5·cos(πt), within 0.002"),
        ProfileSetting("duration.snap", "0.12", "lines 2113–2119, the cancel lasts getRemoveDuration() too"),
        ProfileSetting("curve.snap", "bezier 0.37 0 0.63 1", "AccelerateDecelerate, as the swipe"),
        ProfileSetting(
            "escape.velocity", "120",
            "res/values/dimens.xml line 22, item_touch_helper_swipe_escape_velocity 120dp, "
                + "checked at lines 1228–1231")
    ]

    static let swipecellkit = [
        ProfileSetting(
            "curve.slide", "spring 1 0.3",
            "SwipeController.swift lines 451 and 258, animate(duration: 0.3) on a dampingRatio 1.0 animator"),
        ProfileSetting(
            "duration.snap", "0.7", "the settling time of the release spring (a spring lasts until it settles)"),
        ProfileSetting(
            "curve.snap", "spring 0.9 0.6283185307179586",
            """
            SwipeController.swift lines 251–252, UISpringTimingParameters(mass: 1, stiffness: 100, damping: 18): \
            ratio 0.9, response 2π/10
            """
        ),
        ProfileSetting("elasticity", "0.2", "SwipeExpansionStyle.swift line 63, targetOverscrollElasticity = 0.2")
    ]

    static let iosCourseMailbox = [
        ProfileSetting(
            "threshold.right.bound", "strict",
            """
            onMessagePan's switch (x): case 0...60 comes before 60...260 and 60...260 before 260...320, so 60 is \
            gray and 260 green
            """
        ),
        ProfileSetting(
            "icon.rest", "32.5",
            """
            onMessagePan: iconView.frame.origin.x = 20 (and 300 − width) with the icon 25 wide (Main.storyboard): \
            its centre 20 + 12.5 in
            """
        ),
        ProfileSetting(
            "icon.follow", "27.5",
            """
            onMessagePan: origin.x = x − width − 15 (x + 320 + 15): its near side 15 behind the row's edge, its \
            centre 27.5
            """
        ),
        ProfileSetting(
            "slide.overshoot", "40",
            "the release: messageView.frame.origin.x = ±(width + iconView.width + 15), 320 + 25 + 15"),
        ProfileSetting(
            "duration.slide", "0.4",
            """
            the release: UIView.animateWithDuration(0.4) sliding the row out (and unwindSegue's \
            dismissScheduleSegue sliding it back)
            """
        ),
        ProfileSetting(
            "duration.snap", "0.4",
            "the release in (-60)...60: animateWithDuration(0.4) to origin.x 0, the icon's alpha to 0"),
        ProfileSetting(
            "overlay.appear", "instant",
            """
            the slide's completion: performSegueWithIdentifier(\"scheduleSegue\"/\"listSegue\"), a modal screen, \
            no fade
            """
        ),
        ProfileSetting("overlay.dismiss", "instant", "unwindSegue: back from the modal screen, no fade"),
        ProfileSetting(
            "duration.hide", "0.4",
            """
            unwindSegue and the right release: animateWithDuration(0.4, delay: 0.2) moving the rows up by the \
            row's height
            """
        ),
        ProfileSetting("delay.hide", "0.2", "the same calls' delay: 0.2"),
        ProfileSetting("menu.open", "285", "onMenuButton and onEdgePan: containerView.frame.origin.x = 285"),
        ProfileSetting(
            "menu.release", "distance 90",
            """
            onEdgePan: from closed opens if translation.x > 90, else closes; from open stays if translation.x > \
            -90, else closes
            """
        ),
        ProfileSetting("duration.segment", "0.4", "onNav: animateWithDuration(0.4, delay: 0.2) sliding the views"),
        ProfileSetting("delay.segment", "0.2", "onNav: the same call's delay 0.2"),
        ProfileSetting("color.gray", "#E5E5E5", "onMessagePan: UIColor(rgba: \"#e5e5e5\") within ±60"),
        ProfileSetting(
            "color.yellow", "#F5CC4E",
            "onMessagePan: UIColor(rgba: \"#F5CC4E\") in (-260)...(-60); onNav's later tint"),
        ProfileSetting("color.brown", "#CBA67E", "onMessagePan: UIColor(rgba: \"#CBA67E\") in (-320)...(-260)"),
        ProfileSetting(
            "color.green", "#90D062", "onMessagePan: UIColor(rgba: \"#90D062\") in 60...260; onNav's archive tint"),
        ProfileSetting("color.red", "#CD6A41", "onMessagePan: UIColor(rgba: \"#CD6A41\") in 260...320"),
        ProfileSetting("color.blue", "#5BB7D7", "onNav: the mailbox segment's tint UIColor(rgba: \"#5BB7D7\")"),
        ProfileSetting("undo.alert", "off", "motionEnded: a shake undoes at once when canUndo, no alert"),
        ProfileSetting(
            "undo.return", "place",
            "motionEnded: messageView.frame.origin.x = 0 at once, the rows moved down in an animation"),
        ProfileSetting(
            "duration.undo", "0.4", "motionEnded: animateWithDuration(0.4) moving the rows down by the row's height"),
        ProfileSetting("undo.depth", "1", "motionEnded: canUndo = false after one undo (one level)")
    ]

    static let codepathWk3Mailbox = [
        ProfileSetting(
            "threshold.left.bound", "strict",
            """
            messageViewPanGesture: yellow when center.x < initial − bounceBackX (60) and ≥ initial − \
            swipeLevelBreakpointX (260): −60 gray, −260 yellow
            """
        ),
        ProfileSetting(
            "threshold.right.bound", "strict",
            "green when center.x > initial + 60 and ≤ initial + 260: 60 gray, 260 green"),
        ProfileSetting(
            "icon.fade", "30 65",
            """
            iconAlpha0FromEdge = 30, iconAlpha1FromEdge = 65: convertValue maps the offset 30…65 to alpha 0…1 on \
            every change
            """
        ),
        ProfileSetting("icon.rest", "40", "iconDistanceFromEdge = 40: the icon's centre 40 in within ±60"),
        ProfileSetting(
            "icon.follow", "20",
            "iconDistanceFromMessageImageCenter = 180 from the row's centre, 160 from its edge: 20 behind"),
        ProfileSetting(
            "slide.overshoot", "45",
            """
            iconDistanceFromMessageImageEdgePlusIconWidth = 45: the row's centre slides to ±(width/2 + 45) past \
            the screen
            """
        ),
        ProfileSetting("duration.slide", "0.4", "swipeAnimationDuration = 0.4"),
        ProfileSetting(
            "snap.animate", "off",
            "a release within ±60 sets messageImageView.center.x = messageInitialX with no animation"),
        ProfileSetting(
            "duration.fade", "0.1",
            "overlayAnimationDuration = 0.1: the options fade in after the slide (delay: swipeAnimationDuration)"),
        ProfileSetting(
            "overlay.dismiss", "instant", "rescheduleImageTapGesture: rescheduleImageView.alpha = 0 at once"),
        ProfileSetting(
            "duration.hide", "0.35",
            """
            hideAnimationDuration = 0.35: the rows move up, right after the slide (delay: swipeAnimationDuration) \
            or the tap
            """
        ),
        ProfileSetting("color.gray", "#EAEBED", "mailboxGrey = UIColor(red: 234/255, green: 235/255, blue: 237/255)"),
        ProfileSetting("color.yellow", "#F4D256", "mailboxYellow = (244, 210, 86)"),
        ProfileSetting("color.brown", "#D0A77C", "mailboxBrown = (208, 167, 124)"),
        ProfileSetting("color.green", "#8AD471", "mailboxGreen = (138, 212, 113)"),
        ProfileSetting("color.red", "#DA5E40", "mailboxRed = (218, 94, 64)"),
        ProfileSetting("color.blue", "#7BC3DD", "mailboxBlue = (123, 195, 221), the mailbox segment's tint"),
        ProfileSetting("undo.alert", "off", "motionEnded: a shake undoes at once, no alert"),
        ProfileSetting("undo.return", "place", "motionEnded: messageImageView.center.x = messageInitialX at once"),
        ProfileSetting(
            "duration.undo", "0.35", "motionEnded: animateWithDuration(hideAnimationDuration) moving the rows back down"
        )
    ]

    static let assignment = [
        ProfileSetting("threshold.left.bound", "strict", "at exactly a threshold, strict in 13 of 19"),
        ProfileSetting("threshold.right.bound", "strict", "strict in 13 of 19"),
        ProfileSetting("menu.open", "285", "the menu open at 285 in 5 of 17 (280 in 4)"),
        ProfileSetting(
            "menu.still", "close", "released at velocity 0 it closes in 7 of the 10 that go by the finger's way"),
        ProfileSetting("color.gray", "#E3E3E3", "a light gray in 14 of 20, #E3E3E3 in 8"),
        ProfileSetting(
            "color.yellow", "#FAD333",
            "the light family #FAD333 #D8A675 #70D962 #EB5433 in about 7–10 of 20, against SPEC's in about 5"),
        ProfileSetting("color.brown", "#D8A675", "the light family"),
        ProfileSetting("color.green", "#70D962", "the light family"),
        ProfileSetting("color.red", "#EB5433", "the light family"),
        ProfileSetting("undo.return", "place", "the undone row back in place, the rows below moving down, in 5 of 8"),
        ProfileSetting("duration.undo", "0.4", "0.4 the most common undo duration")
    ]
}
