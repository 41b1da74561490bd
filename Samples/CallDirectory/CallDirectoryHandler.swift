//
//  CallDirectoryHandler.swift
//  ShieldDirectory (Call Directory extension)
//
//  Feeds the system's block list and caller-ID table. Incremental when the
//  system allows it, full reload otherwise.
//

import CallKit
import Foundation

// expect: cxcalldirectoryprovider
final class CallDirectoryHandler: CXCallDirectoryProvider {

    // expect: cxcalldirectoryextensioncontext, cxcalldirectoryprovider_begin_request
    override func beginRequest(with context: CXCallDirectoryExtensionContext) {
        // expect: cxcalldirectoryextensioncontext_delegate
        context.delegate = self

        guard let store = BlocklistStore() else {
            let error = NSError(domain: "ShieldDirectory", code: 1,
                                userInfo: [NSLocalizedDescriptionKey: "App Group container unavailable"])
            context.cancelRequest(withError: error)
            return
        }

        // expect: cxcalldirectoryextensioncontext_is_incremental
        if context.isIncremental {
            applyIncrementalChanges(from: store, to: context)
        } else {
            loadEverything(from: store, into: context)
        }

        // expect: cxcalldirectoryextensioncontext_complete_request
        context.completeRequest { expired in
            if !expired {
                store.clearPendingChanges()
            }
        }
    }

    // MARK: Full load

    // expect: cxcalldirectoryextensioncontext
    private func loadEverything(from store: BlocklistStore, into context: CXCallDirectoryExtensionContext) {
        // Both lists must be added in strictly ascending order.
        for number in store.sortedBlockedNumbers {
            // expect: cxcalldirectoryextensioncontext_add_blocking_entry
            context.addBlockingEntry(withNextSequentialPhoneNumber: number)
        }
        for entry in store.sortedIdentifiedNumbers {
            // expect: cxcalldirectoryextensioncontext_add_identification_entry
            context.addIdentificationEntry(withNextSequentialPhoneNumber: entry.number, label: entry.label)
        }
    }

    // MARK: Incremental load

    // expect: cxcalldirectoryextensioncontext
    private func applyIncrementalChanges(from store: BlocklistStore, to context: CXCallDirectoryExtensionContext) {
        let changes = store.pendingChanges

        // expect: cxcalldirectoryphonenumber
        let removedBlocks = changes.compactMap { change -> CXCallDirectoryPhoneNumber? in
            if case .unblocked(let number) = change { return number }
            return nil
        }
        // expect: cxcalldirectoryphonenumber
        let addedBlocks = changes.compactMap { change -> CXCallDirectoryPhoneNumber? in
            if case .blocked(let number) = change { return number }
            return nil
        }
        // expect: cxcalldirectoryphonenumber
        let removedLabels = changes.compactMap { change -> CXCallDirectoryPhoneNumber? in
            if case .unidentified(let number) = change { return number }
            return nil
        }
        let addedLabels = changes.compactMap { change -> IdentifiedNumber? in
            if case .identified(let entry) = change { return entry }
            return nil
        }

        for number in removedBlocks {
            // expect: cxcalldirectoryextensioncontext_remove_blocking_entry
            context.removeBlockingEntry(withPhoneNumber: number)
        }
        for number in Set(addedBlocks).sorted() {
            // expect: cxcalldirectoryextensioncontext_add_blocking_entry
            context.addBlockingEntry(withNextSequentialPhoneNumber: number)
        }
        for number in removedLabels {
            // expect: cxcalldirectoryextensioncontext_remove_identification_entry
            context.removeIdentificationEntry(withPhoneNumber: number)
        }
        // The latest label for a number wins.
        // expect: cxcalldirectoryphonenumber
        var latest: [CXCallDirectoryPhoneNumber: String] = [:]
        for entry in addedLabels {
            latest[entry.number] = entry.label
        }
        for number in latest.keys.sorted() {
            if let label = latest[number] {
                // expect: cxcalldirectoryextensioncontext_add_identification_entry
                context.addIdentificationEntry(withNextSequentialPhoneNumber: number, label: label)
            }
        }
    }
}

// MARK: - CXCallDirectoryExtensionContextDelegate

// expect: cxcalldirectoryextensioncontextdelegate
extension CallDirectoryHandler: CXCallDirectoryExtensionContextDelegate {

    // expect: call_directory_request_failed, cxcalldirectoryextensioncontext
    func requestFailed(for extensionContext: CXCallDirectoryExtensionContext, withError error: Error) {
        let nsError = error as NSError
        // expect: cxerrordomaincalldirectorymanager
        if nsError.domain == CXErrorDomainCallDirectoryManager,
           // expect: cxerrorcodecalldirectorymanagererror
           let code = CXErrorCodeCallDirectoryManagerError.Code(rawValue: nsError.code) {
            switch code {
            case .entriesOutOfOrder:
                NSLog("ShieldDirectory: entries were not sorted")
            case .duplicateEntries:
                NSLog("ShieldDirectory: duplicate entries")
            case .maximumEntriesExceeded:
                NSLog("ShieldDirectory: too many entries")
            default:
                NSLog("ShieldDirectory: request failed (%ld)", nsError.code)
            }
        } else {
            NSLog("ShieldDirectory: request failed: %@", error.localizedDescription)
        }
    }
}
