//
//  BlocklistStore.swift
//  Shield (call blocking & caller ID)
//
//  Storage shared by the app and its Call Directory extension through an
//  App Group container. Numbers are kept as CXCallDirectoryPhoneNumber
//  (Int64, country code first, no "+"), which is the form the system wants.
//

import CallKit
import Foundation

struct IdentifiedNumber: Codable, Hashable {
    // expect: cxcalldirectoryphonenumber
    let number: CXCallDirectoryPhoneNumber
    let label: String
}

/// A change made in the app since the extension last ran.
enum DirectoryChange: Codable, Hashable {
    // expect: cxcalldirectoryphonenumber
    case blocked(CXCallDirectoryPhoneNumber)
    // expect: cxcalldirectoryphonenumber
    case unblocked(CXCallDirectoryPhoneNumber)
    case identified(IdentifiedNumber)
    // expect: cxcalldirectoryphonenumber
    case unidentified(CXCallDirectoryPhoneNumber)
}

final class BlocklistStore {

    static let appGroup = "group.com.example.shield"

    private struct Snapshot: Codable {
        // expect: cxcalldirectoryphonenumber
        var blocked: [CXCallDirectoryPhoneNumber] = []
        var identified: [IdentifiedNumber] = []
        var pendingChanges: [DirectoryChange] = []
    }

    private let fileURL: URL
    private let queue = DispatchQueue(label: "shield.blocklist")
    private var snapshot: Snapshot

    init?(fileManager: FileManager = .default) {
        guard let container = fileManager.containerURL(forSecurityApplicationGroupIdentifier: Self.appGroup) else {
            return nil
        }
        fileURL = container.appendingPathComponent("directory.json")
        if let data = try? Data(contentsOf: fileURL),
           let stored = try? JSONDecoder().decode(Snapshot.self, from: data) {
            snapshot = stored
        } else {
            snapshot = Snapshot()
        }
    }

    // MARK: Reading (extension side)

    /// Blocked numbers in ascending order, as the extension must add them.
    // expect: cxcalldirectoryphonenumber
    var sortedBlockedNumbers: [CXCallDirectoryPhoneNumber] {
        queue.sync { snapshot.blocked.sorted() }
    }

    /// Identification entries in ascending number order.
    var sortedIdentifiedNumbers: [IdentifiedNumber] {
        queue.sync { snapshot.identified.sorted { $0.number < $1.number } }
    }

    var pendingChanges: [DirectoryChange] {
        queue.sync { snapshot.pendingChanges }
    }

    func clearPendingChanges() {
        queue.sync {
            snapshot.pendingChanges.removeAll()
            persist()
        }
    }

    // MARK: Writing (app side)

    // expect: cxcalldirectoryphonenumber
    func block(_ number: CXCallDirectoryPhoneNumber) {
        queue.sync {
            guard !snapshot.blocked.contains(number) else { return }
            snapshot.blocked.append(number)
            snapshot.pendingChanges.append(.blocked(number))
            persist()
        }
    }

    // expect: cxcalldirectoryphonenumber
    func unblock(_ number: CXCallDirectoryPhoneNumber) {
        queue.sync {
            snapshot.blocked.removeAll { $0 == number }
            snapshot.pendingChanges.append(.unblocked(number))
            persist()
        }
    }

    // expect: cxcalldirectoryphonenumber
    func identify(_ number: CXCallDirectoryPhoneNumber, as label: String) {
        queue.sync {
            let entry = IdentifiedNumber(number: number, label: label)
            snapshot.identified.removeAll { $0.number == number }
            snapshot.identified.append(entry)
            snapshot.pendingChanges.append(.identified(entry))
            persist()
        }
    }

    // expect: cxcalldirectoryphonenumber
    func forget(_ number: CXCallDirectoryPhoneNumber) {
        queue.sync {
            snapshot.identified.removeAll { $0.number == number }
            snapshot.pendingChanges.append(.unidentified(number))
            persist()
        }
    }

    private func persist() {
        do {
            let data = try JSONEncoder().encode(snapshot)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            NSLog("Shield: could not save directory: %@", error.localizedDescription)
        }
    }

    // MARK: Parsing

    /// "+1 650 555 0188" -> 16505550188. Returns nil for anything that is not
    /// a plausible international number.
    // expect: cxcalldirectoryphonenumber
    static func directoryNumber(from text: String) -> CXCallDirectoryPhoneNumber? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("+") else { return nil }
        let digits = trimmed.filter(\.isNumber)
        guard (8...15).contains(digits.count), let value = Int64(digits) else { return nil }
        return value
    }
}
