import Foundation

/// `filters` and `backgroundFilters`: kept and returned, never drawn, as on iOS, where the Core Animation
/// Programming Guide notes that layers ignore the filters assigned to them (both properties are macOS's).
extension CALayer {
    /// Core Image filters for the layer's content and sublayers (default nil). The getter returns what was
    /// set, by property or by key; the layer draws as without them, as iOS layers do.
    public var filters: [Any]? {
        get { LayerTreeLock.withLock { customValues[Self.filtersKey] as? [Any] } }
        set { LayerTreeLock.withLock { customValues[Self.filtersKey] = newValue } }
    }

    /// Core Image filters for what lies behind the layer (default nil). The getter returns what was set, by
    /// property or by key; nothing is filtered, as on iOS.
    public var backgroundFilters: [Any]? {
        get { LayerTreeLock.withLock { customValues[Self.backgroundFiltersKey] as? [Any] } }
        set { LayerTreeLock.withLock { customValues[Self.backgroundFiltersKey] = newValue } }
    }

    /// The keys the filters are kept under, in `customValues` and by key-value coding.
    static let filtersKey = "filters"
    static let backgroundFiltersKey = "backgroundFilters"
}
