import CCairo
import Foundation

/// How drawn colour combines with what is already in the context (Core Graphics' raw values). S is the source
/// (what is drawn), D the destination; each mode is applied only where the drawn shape covers, weighted by its
/// coverage, as in Core Graphics.
public enum CGBlendMode: Int32, Sendable {
    /// S over D.
    case normal = 0
    /// S x D.
    case multiply
    /// 1 - (1 - S)(1 - D).
    case screen
    /// Multiply or screen, by D.
    case overlay
    /// The darker of S and D.
    case darken
    /// The lighter of S and D.
    case lighten
    /// D brightened to reflect S.
    case colorDodge
    /// D darkened to reflect S.
    case colorBurn
    /// Soft light (darken or lighten by S, gently).
    case softLight
    /// Hard light (multiply or screen, by S).
    case hardLight
    /// |S - D|.
    case difference
    /// S + D - 2SD.
    case exclusion
    /// S's hue with D's saturation and luminosity.
    case hue
    /// S's saturation with D's hue and luminosity.
    case saturation
    /// S's hue and saturation with D's luminosity.
    case color
    /// S's luminosity with D's hue and saturation.
    case luminosity
    /// R = 0.
    case clear
    /// R = S.
    case copy
    /// R = S x Da.
    case sourceIn
    /// R = S x (1 - Da).
    case sourceOut
    /// R = S x Da + D x (1 - Sa).
    case sourceAtop
    /// R = S x (1 - Da) + D.
    case destinationOver
    /// R = D x Sa.
    case destinationIn
    /// R = D x (1 - Sa).
    case destinationOut
    /// R = S x (1 - Da) + D x Sa.
    case destinationAtop
    /// R = S x (1 - Da) + D x (1 - Sa).
    case xor
    /// R = max(0, 1 - ((1 - D) + (1 - S))); cairo has no such operator, so it is drawn as `normal` (with a
    /// diagnostic).
    case plusDarker
    /// R = min(1, S + D).
    case plusLighter
}

extension CGBlendMode {
    /// The cairo operator that computes the same blend.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal, .plusDarker: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }

    /// Whether the global alpha must scale the source before the blend: for these, cairo's paint with an alpha
    /// (the blend's result mixed with the destination) is not Core Graphics' source times alpha blended. The
    /// four HSL modes are among them because pixman's masked HSL operators are not the blend of the source
    /// scaled by the mask (a hue blend at alpha 0.6 came out far from either).
    var takesAlphaInSource: Bool {
        switch self {
        case .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop, .hue, .saturation, .color, .luminosity: return true
        default: return false
        }
    }

    /// Whether cairo applies the operator outside the drawn shape too (it clears D there where S is 0). Core
    /// Graphics leaves D alone outside the shape, so these are drawn through a clip or a mask.
    var isUnboundedInCairo: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }
}

/// How smoothly images are resampled when drawn scaled.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (cairo's good filter).
    case `default` = 0
    /// No interpolation: nearest pixel.
    case none = 1
    /// Bilinear.
    case low = 2
    /// Cairo's good filter.
    case medium = 4
    /// Cairo's best filter.
    case high = 3

    /// The cairo filter for this quality.
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }
}
