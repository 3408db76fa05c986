import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `show PATH`: `path = value` lines, the `=` signs aligned.
public enum PropertiesText {
    public static func lines(_ readings: [PropertyReading]) -> [String] {
        let width = readings.map(\.path.name.count).max() ?? 0
        return readings.map { reading in
            let name = reading.path.name
            return name + String(repeating: " ", count: width - name.count) + " = " + reading.value.description
        }
    }
}
