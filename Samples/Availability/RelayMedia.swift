import Foundation

/// The app's media layer; no framework code.
final class RelayMedia {
    static let shared = RelayMedia()

    func connect(_ uuid: UUID, completion: @escaping (Bool) -> Void) { completion(true) }
    func hangUp(_ uuid: UUID) {}
    func ringInApp(_ caller: String) {}
    func startAudio() {}
    func stopAudio() {}
    func stopAll() {}
}
