//
//  DirectorySettingsModel.swift
//  Shield (call blocking & caller ID)
//
//  The Settings screen: is the extension enabled, reload it after edits,
//  jump to the system settings page.
//

import CallKit
import Combine
import Foundation

@MainActor
final class DirectorySettingsModel: ObservableObject {

    enum Status: Equatable {
        case checking
        case enabled
        case disabled
        case unknown
        case failed(String)
    }

    static let extensionIdentifier = "com.example.shield.ShieldDirectory"

    @Published private(set) var status: Status = .checking
    @Published private(set) var isReloading = false
    @Published private(set) var lastReloadError: String?

    // expect: cxcalldirectorymanager, cxcalldirectorymanager_shared_instance
    private let manager = CXCallDirectoryManager.sharedInstance
    private let store: BlocklistStore?

    init(store: BlocklistStore? = BlocklistStore()) {
        self.store = store
    }

    func refreshStatus() {
        status = .checking
        // expect: cxcalldirectorymanager_get_enabled_status
        manager.getEnabledStatusForExtension(withIdentifier: Self.extensionIdentifier) { [weak self] enabledStatus, error in
            let newStatus: Status
            if let error {
                newStatus = .failed(error.localizedDescription)
            } else {
                switch enabledStatus {
                case .enabled: newStatus = .enabled
                case .disabled: newStatus = .disabled
                case .unknown: newStatus = .unknown
                @unknown default: newStatus = .unknown
                }
            }
            Task { @MainActor in self?.status = newStatus }
        }
    }

    /// Pushes the latest block list and labels to the system.
    func reload() {
        guard !isReloading else { return }
        isReloading = true
        // expect: cxcalldirectorymanager_reload_extension
        manager.reloadExtension(withIdentifier: Self.extensionIdentifier) { [weak self] error in
            let message = error.map(Self.describe)
            Task { @MainActor in
                self?.isReloading = false
                self?.lastReloadError = message
            }
        }
    }

    func openSystemSettings() {
        // expect: cxcalldirectorymanager_open_settings
        manager.openSettings { error in
            if let error {
                NSLog("Shield: cannot open settings: %@", error.localizedDescription)
            }
        }
    }

    // MARK: Editing

    func block(_ text: String) -> Bool {
        guard let store, let number = BlocklistStore.directoryNumber(from: text) else { return false }
        store.block(number)
        reload()
        return true
    }

    func label(_ text: String, as label: String) -> Bool {
        guard let store, let number = BlocklistStore.directoryNumber(from: text), !label.isEmpty else { return false }
        store.identify(number, as: label)
        reload()
        return true
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        // expect: cxerrordomaincalldirectorymanager
        guard nsError.domain == CXErrorDomainCallDirectoryManager,
              // expect: cxerrorcodecalldirectorymanagererror
              let code = CXErrorCodeCallDirectoryManagerError.Code(rawValue: nsError.code) else {
            return error.localizedDescription
        }
        switch code {
        case .extensionDisabled:
            return "Turn on Shield in Settings › Phone › Call Blocking & Identification."
        case .currentlyLoading:
            return "The list is already being updated."
        case .noExtensionFound:
            return "The directory extension is missing from this build."
        default:
            return error.localizedDescription
        }
    }
}
