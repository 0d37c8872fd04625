import Foundation
import Quartzite

/// The pull-to-refresh list's rows, as the seed's job-listing app shows them: an avatar circle with initials,
/// a bold title and a subtitle, in white on the seed's opaque cell colour, with a hairline separator at the
/// foot. The content sits in the middle of each 200-point row, so the row's top (where the header's
/// checkpoints look through to the cell colour) stays plain.
@MainActor
enum PullToRefreshRows {
    /// Title, subtitle and avatar colour of each listing (repeated down the list).
    static let listings: [(title: String, subtitle: String, avatar: CGColor)] = [
        ("iOS Engineer", "Quartz Labs · Shanghai · 3–5 years", PullToRefreshDemo.rightColor),
        ("Animation Designer", "Motion Studio · Beijing · 1–3 years", PullToRefreshDemo.leftColor),
        ("Graphics Programmer", "Pixel Works · Shenzhen · 5–10 years", PullToRefreshDemo.topColor),
    ]
    static let avatarSide: CGFloat = 56, inset: CGFloat = 16
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let softWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
    static let separator = CGColor(red: 1, green: 1, blue: 1, alpha: 0.3)

    /// Row `index` of a list `width` points wide: the cell and its content.
    static func row(_ index: Int, frame: CGRect) -> CALayer {
        let cell = CALayer()
        cell.frame = frame
        cell.backgroundColor = PullToRefreshDemo.cellColor
        let listing = listings[index % listings.count]
        let middle = frame.height / 2
        cell.addSublayer(avatar(initials: initials(of: listing.title), color: listing.avatar,
                                frame: CGRect(x: inset, y: middle - avatarSide / 2, width: avatarSide, height: avatarSide)))
        let textX = inset * 2 + avatarSide, textWidth = max(frame.width - textX - inset, 0)
        cell.addSublayer(label(listing.title, size: 18, bold: true, color: white,
                               frame: CGRect(x: textX, y: middle - 25, width: textWidth, height: 24)))
        cell.addSublayer(label(listing.subtitle, size: 13, bold: false, color: softWhite,
                               frame: CGRect(x: textX, y: middle + 3, width: textWidth, height: 20)))
        let line = CALayer()
        line.frame = CGRect(x: textX, y: frame.height - 1, width: textWidth + inset, height: 1)
        line.backgroundColor = separator
        cell.addSublayer(line)
        return cell
    }

    /// The first letters of the first two words, in capitals.
    static func initials(of title: String) -> String {
        String(title.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
    }

    private static func avatar(initials: String, color: CGColor, frame: CGRect) -> CALayer {
        let circle = CALayer()
        circle.frame = frame
        circle.cornerRadius = frame.width / 2
        circle.backgroundColor = color
        circle.borderColor = white
        circle.borderWidth = 2
        // One line of 20-point text is about 24 points tall: centred in the circle.
        circle.addSublayer(label(initials, size: 20, bold: true, color: white,
                                 frame: CGRect(x: 0, y: (frame.height - 24) / 2, width: frame.width, height: 24),
                                 alignment: .center))
        return circle
    }

    private static func label(_ text: String, size: CGFloat, bold: Bool, color: CGColor, frame: CGRect,
                              alignment: CATextLayerAlignmentMode = .left) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = text
        layer.font = (bold ? "DejaVu Sans-Bold" : "DejaVu Sans") as CFTypeRef
        layer.fontSize = size
        layer.foregroundColor = color
        layer.alignmentMode = alignment
        layer.truncationMode = .end
        return layer
    }
}
