import Foundation
import Quartzite

/// A profile header: a round avatar (`UIImageView`, `.scaleAspectFill`, `clipsToBounds` with a corner
/// radius) beside a bold name and a grey two-line bio (`UILabel`s), placed in `layoutSubviews()` from the
/// labels' `sizeThatFits(_:)`, as a view built in code lays itself out.
public final class ProfileHeader: UIView {
    /// The round avatar.
    public let avatarView = UIImageView()
    /// The name, bold, on one line.
    public let nameLabel = UILabel()
    /// The bio, grey, at most two lines.
    public let bioLabel = UILabel()

    private let padding: CGFloat = 12
    private let avatarSize: CGFloat = 56

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white

        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.layer.cornerRadius = avatarSize / 2
        addSubview(avatarView)

        nameLabel.font = .boldSystemFont(ofSize: 20)
        nameLabel.textColor = .black
        addSubview(nameLabel)

        bioLabel.font = .systemFont(ofSize: 14)
        bioLabel.textColor = .gray
        bioLabel.numberOfLines = 2
        addSubview(bioLabel)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows a person: their avatar, name and bio.
    public func configure(name: String, bio: String, avatar: UIImage?) {
        nameLabel.text = name
        bioLabel.text = bio
        avatarView.image = avatar
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        avatarView.frame = CGRect(x: padding, y: padding, width: avatarSize, height: avatarSize)

        let textX = avatarView.frame.maxX + padding
        let textWidth = bounds.width - textX - padding
        let nameSize = nameLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
        nameLabel.frame = CGRect(x: textX, y: padding, width: min(nameSize.width, textWidth), height: nameSize.height)

        let bioSize = bioLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
        bioLabel.frame = CGRect(x: textX, y: nameLabel.frame.maxY + 4, width: textWidth, height: bioSize.height)
    }

    /// A placeholder avatar: a wide picture, orange above and purple below, that the aspect-fill crops.
    public static func placeholderAvatar() -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 80, height: 40))
        return renderer.image { context in
            UIColor.orange.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 80, height: 20))
            UIColor.purple.setFill()
            context.fill(CGRect(x: 0, y: 20, width: 80, height: 20))
        }
    }
}
