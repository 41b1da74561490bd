//
//  Failures.swift
//  Tandem
//
//  The one place Tandem gives up: logs the reason and stops.
//

import Foundation

func unrecoverable(_ reason: String) -> Never {
    print("Tandem cannot continue: \(reason)")
    fatalError(reason)
}
