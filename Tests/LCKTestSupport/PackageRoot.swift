import Foundation

/// The package's root folder (the one holding Package.swift), found from this file's location.
public enum PackageRoot {
    public static let path: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
