/// The demo window's keys, listed once: `quartzite demo --help` prints them and the window's hint line shows
/// them.
package enum WindowKeys {
    /// Each key and what it does.
    package static let all: [(keys: String, action: String)] = [
        ("T", "slow motion (0.1x) on or off"),
        ("P, Space", "pause or resume"),
        ("Left, Right", "while paused, one frame back or on"),
        ("Shift-drag, wheel", "scrub the first 10 s (pauses)"),
        ("R", "restart"),
        ("H", "frame-time HUD"),
        ("Esc", "back to the gallery (or close)"),
        ("Q", "close"),
        ("arrows, Enter, click", "in the gallery: choose and open a demo"),
    ]

    /// The list for `--help`, one key a line.
    package static var helpText: String {
        all.map { "  \($0.keys.padding(toLength: 22, withPad: " ", startingAt: 0))\($0.action)" }.joined(separator: "\n")
    }

    /// The one-line hint at the window's foot.
    package static let hint = "T slow motion · P pause · ←/→ step · Shift-drag scrub · R restart · H HUD · Esc back"
}
