//
//  RingService.swift
//  Relay
//
//  A wrapper of the wrapper: hands the completion on unchanged, so the error reaches its callers.
//

import Foundation

final class RingService {

    let center: CallCenter

    init(center: CallCenter) {
        self.center = center
    }

    func relayRing(uuid: UUID, caller: String, completion: @escaping (Error?) -> Void) {
        center.announceIncoming(uuid: uuid, caller: caller, completion: completion)
    }
}
