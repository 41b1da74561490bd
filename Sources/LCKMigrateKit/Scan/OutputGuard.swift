import LCKCore
import LCKReporters

/// One file a run will write, as the guard judges it.
struct PlannedOutput {
    enum Kind: Equatable {
        /// A report in `formats` (from the config or `--output FORMAT=FILE`).
        case report(ReportFormat)
        /// The `--write-baseline` file: it may rewrite the baseline it read.
        case baseline
        /// A file the caller writes after the run (`report --output`, the `--list-files` file).
        case callerFile
    }

    var path: String
    var kind: Kind
    /// Set when a config file named the output: it is confined (`checkConfinement`).
    var confinement: OutputConfinement?

    /// How another output's error names this one.
    var label: String {
        switch kind {
        case .report(let format):
            confinement == nil ? "--output \(format.rawValue)=\(path)" : "\(format.rawValue)=\(path)"
        case .baseline: "--write-baseline \(path)"
        case .callerFile: "--output \(path)"
        }
    }
}

/// The checks that keep a run from writing where nobody asked, made before anything is written, on
/// every output's landing (`OutputLanding`: where the kernel will put the bytes, which is also where
/// `AtomicOutputFile` puts them); each failure is a `ScanError` (exit 2) naming the output and the fix.
struct OutputGuard {
    /// A device and inode: the same file whatever path spells it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// An output with its landing and, when something is there now, what the write replaces.
    struct Output {
        var planned: PlannedOutput
        /// Nil when a folder on the way exists but cannot be followed.
        var landing: [UInt8]?
        var identity: FileIdentity?
        var existing: Platform.FileStatus?
        /// A device or FIFO (or a link to one, `/dev/stdout`): written in place, so outputs may share it.
        var isStream = false
    }

    let currentDirectory: String
    let outputs: [Output]

    /// Resolves every output's landing; nothing is checked yet.
    init(outputs: [PlannedOutput], currentDirectory: String) {
        self.currentDirectory = currentDirectory
        self.outputs = outputs.map { planned in
            let landing = OutputLanding.resolve(planned.path, in: currentDirectory)
            var output = Output(planned: planned, landing: landing)
            if let landing, case .success(let status) = Platform.status(of: landing, followLinks: false) {
                output.identity = FileIdentity(device: status.device, inode: status.inode)
                output.existing = status
                if case .success(let target) = Platform.status(of: landing, followLinks: true) {
                    output.isStream = target.isStream
                }
            }
            return output
        }
    }

    /// The error for `output`: a config file's output is named by its entry in that file.
    func refusal(_ output: Output, _ message: String) -> ScanError {
        if let confinement = output.planned.confinement {
            return .file(
                FileProblem(
                    path: confinement.location, message: "\"formats\" output '\(output.planned.path)' \(message)"))
        }
        return .file(FileProblem(path: output.planned.path, message: message))
    }

    /// Throws when an output's landing cannot be known, or two outputs land on one file (the later
    /// write would lose the earlier): a config file's output is the one refused when one is involved.
    func checkEachOther() throws(ScanError) {
        for (index, output) in outputs.enumerated() {
            guard let landing = output.landing else {
                throw refusal(
                    output,
                    "cannot be resolved: a folder on its way exists but cannot be followed (a broken link, or no "
                        + "permission): choose another file name")
            }
            for other in outputs[..<index] {
                let same = other.landing == landing || (output.identity != nil && other.identity == output.identity)
                guard same, !output.isStream else { continue }
                let (refused, kept) = other.planned.confinement != nil ? (other, output) : (output, other)
                throw refusal(
                    refused,
                    "is also the file of \(kept.planned.label); two outputs of one run never share a file: "
                        + "choose another file name")
            }
        }
    }

    /// Throws when an output is the same file as `path` (resolved from the current directory), named `role`
    /// ("the config file", "the baseline") in the error. `baselineWriteMayReplace`: the `--write-baseline`
    /// file may be this one (rewriting the baseline in place is what that option is for).
    func checkNotReplacing(_ path: String, role: String, baselineWriteMayReplace: Bool = false) throws(ScanError) {
        let raw = Array(ConfigurationLoader.absolutePath(path, currentDirectory).utf8)
        try checkNotReplacing(raw, shownAs: "\(role) \(path)", baselineWriteMayReplace: baselineWriteMayReplace)
    }

    /// Throws when an output is one of `files` (the scanned files), by identity.
    func checkNotReplacing(_ files: [DiscoveredFile]) throws(ScanError) {
        guard outputs.contains(where: { $0.identity != nil }) else { return }
        for file in files {
            try checkNotReplacing(file.fileSystemPath, shownAs: "the scanned file \(file.displayPath)")
        }
    }

    /// Throws when an output lands inside `folder` (a rule pack: every file there is read by the run).
    func checkNotInside(_ folder: String, role: String) throws(ScanError) {
        let raw = Array(ConfigurationLoader.absolutePath(folder, currentDirectory).utf8)
        guard let resolved = Platform.resolvedPath(raw) else { return }
        for output in outputs {
            guard let landing = output.landing, landing.starts(with: resolved + [0x2F]) else { continue }
            throw refusal(
                output,
                "would write inside \(role) \(folder), whose files the run reads; an output never overwrites an "
                    + "input: choose another file name")
        }
    }

    /// `raw` and, when it is a link, the file it leads to, against every existing output.
    private func checkNotReplacing(
        _ raw: [UInt8], shownAs description: String, baselineWriteMayReplace: Bool = false
    ) throws(ScanError) {
        guard case .success(let own) = Platform.status(of: raw, followLinks: false) else { return }
        var identities = [FileIdentity(device: own.device, inode: own.inode)]
        if own.kind == .symbolicLink, case .success(let target) = Platform.status(of: raw, followLinks: true) {
            identities.append(FileIdentity(device: target.device, inode: target.inode))
        }
        let replacing = outputs.first { output in
            guard let identity = output.identity, identities.contains(identity) else { return false }
            return !(baselineWriteMayReplace && output.planned.kind == .baseline)
        }
        guard let output = replacing else { return }
        throw refusal(
            output, "would replace \(description); an output never overwrites an input: choose another file name")
    }
}
