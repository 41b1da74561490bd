import Synchronization

/// Opt-in profile of a scan: CPU time per pipeline stage, summed over all workers.
///
/// Set `ScanRequest.stageTimes` to an instance to collect; the default (nil) costs nothing. CPU time,
/// not wall time, so the numbers add up across workers and a busy machine inflates them less.
public final class StageTimes: Sendable {
    /// The per-file stages the pipeline can time.
    public enum Stage: Int, CaseIterable, Sendable {
        /// open, read, UTF-8 check.
        case read
        /// Line table and tokens.
        case lex
        /// The `AnalyzerSuite` (parse, detection, anti-pattern analyzers).
        case analyze
        /// Everything after analysis that still needs the file: suppressions, positions, fingerprints.
        case finish

        public var name: String {
            switch self {
            case .read: "read"
            case .lex: "lex"
            case .analyze: "analyze"
            case .finish: "finish"
            }
        }
    }

    private let totals = Mutex([Int](repeating: 0, count: Stage.allCases.count))

    public init() {}

    /// Seconds of CPU time spent in `stage` so far, over all workers.
    public func seconds(_ stage: Stage) -> Double {
        Double(totals.withLock { $0[stage.rawValue] }) / 1e9
    }

    /// Adds one file's measurements (nanoseconds per stage), taking the lock once.
    package func add(_ nanoseconds: [Int]) {
        totals.withLock { totals in
            for index in totals.indices { totals[index] += nanoseconds[index] }
        }
    }

    /// CPU time of the calling thread, in nanoseconds.
    package static func threadCPUNanoseconds() -> Int {
        Platform.threadCPUNanoseconds()
    }
}

/// Measures one file's stages on one worker thread; inert when the scan does not collect times.
struct StageStopwatch {
    private let times: StageTimes?
    private var nanoseconds: [Int]
    private var last: Int

    init(_ times: StageTimes?) {
        self.times = times
        nanoseconds = times == nil ? [] : [Int](repeating: 0, count: StageTimes.Stage.allCases.count)
        last = times == nil ? 0 : StageTimes.threadCPUNanoseconds()
    }

    /// Charges the time since the previous lap (or the start) to `stage`.
    mutating func lap(_ stage: StageTimes.Stage) {
        guard times != nil else { return }
        let now = StageTimes.threadCPUNanoseconds()
        nanoseconds[stage.rawValue] += now - last
        last = now
    }

    /// Hands the file's totals to the shared collector.
    func submit() {
        times?.add(nanoseconds)
    }
}
