import MailboxGrade
import Testing

/// The assignment's checklist, as the seeds write it (`- [x] Required:`, `* ✓`, nested bullets under "On dragging
/// the message left/right"), claims each required story once.
@Test func theAssignmentsChecklistClaimsEveryRequiredStory() {
    let readme = """
        ## User stories
        - [x] Required: On dragging the message left...
          - [x] Initially, the revealed background color should be gray.
          - [x] As the reschedule icon is revealed, it should start semi-transparent and become fully opaque. If \
        released at this point, the message should return to its initial position.
          - [x] After 60 pts, the later icon should start moving with the translation and the background should \
        change to yellow.
            - [x] Upon release, the message should continue to reveal the yellow background. When the animation it \
        complete, it should show the reschedule options.
          - [x] After 260 pts, the icon should change to the list icon and the background color should change to brown.
            - [x] Upon release, the message should continue to reveal the brown background. When the animation it \
        complete, it should show the list options.
        - [x] Required: User can tap to dismissing the reschedule or list options. After the reschedule or list \
        options are dismissed, you should see the message finish the hide animation.
        - [x] Required: On dragging the message right...
          * ✓ Initially, the revealed background color should be gray.
          * ✓ As the archive icon is revealed, it should start semi-transparent and become fully opaque. If released \
        at this point, the message should return to its initial position.
          * ✓ After 60 pts, the archive icon should start moving with the translation and the background should \
        change to green.
            * ✓ Upon release, the message should continue to reveal the green background. When the animation it \
        complete, it should hide the message.
          * ✓ After 260 pts, the icon should change to the delete icon and the background color should change to red.
            * ✓ Upon release, the message should continue to reveal the red background. When the animation it \
        complete, it should hide the message.
        - [ ] Optional: Panning from the edge should reveal the menu.
        - [x] Optional: Tapping the segmented control in the title should swipe views in from the left or right.
        Time spent: 10 hours
        """
    let claims = ReadmeClaims(text: readme)
    for story in Story.allCases where story.isRequired {
        #expect(claims.claims[story] != nil, "\(story.rawValue) is claimed")
    }
    #expect(claims.claims[.menu] == nil, "an unchecked box claims nothing")
    #expect(claims.claims[.segments] != nil)
    #expect(claims.claims[.compose] == nil)
    #expect(claims.claims[.undo] == nil)
    #expect(claims.claims[.leftGray] == 3)
    #expect(claims.claims[.rightGray] == 11)
}

/// A line struck through claims nothing (seed 002 strikes the dismiss story out), and "red" is a word, not a part of
/// "revealed" or "required".
@Test func aStruckLineClaimsNothing() {
    let readme = """
        * On dragging the message left...
           * ~~User can tap to dismissing the reschedule or list options.~~
           * Initially, the revealed background color should be gray.
        """
    let claims = ReadmeClaims(text: readme)
    #expect(claims.claims[.optionsDismiss] == nil)
    #expect(claims.claims[.leftGray] == 3)
    #expect(claims.claims[.rightRed] == nil)
}
