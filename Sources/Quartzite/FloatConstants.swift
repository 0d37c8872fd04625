import Foundation

#if !canImport(Darwin)
/// The largest finite `Float`, as `<math.h>` defines it on Apple's platforms (`MAXFLOAT`). Glibc's Swift
/// overlay does not import it, and iOS code writes `repeatCount = MAXFLOAT` to repeat forever.
///
/// Declared in a module that imports Glibc, so a future Glibc that exports its own `MAXFLOAT` is
/// shadowed by this one in code importing both, rather than made ambiguous.
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// `MAXFLOAT` under its other name from Apple's `<math.h>` (`#define HUGE MAXFLOAT`): the largest finite
/// `Float`, not infinity. `repeatCount = HUGE` repeats forever, as Apple documents for
/// `greatestFiniteMagnitude`. Glibc does not define `HUGE`.
public let HUGE: Float = .greatestFiniteMagnitude
#endif
