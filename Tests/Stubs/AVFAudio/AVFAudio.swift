// Minimal stand-in for Apple's AVFAudio, so generated code can be type-checked on Linux.
// Only what the scaffold and the LiveCommunicationKit stub use. Not part of any target.
import Foundation

open class AVAudioSession: NSObject {
    public static func sharedInstance() -> AVAudioSession { AVAudioSession() }
    open func setActive(_ active: Bool) throws {}
}
