// Keyword recognition as a switch on length, then first byte, then the remaining bytes:
// no strings, no hashing and no lazily initialised tables on the hot path.
// Generated from the spellings of `Keyword`; IdentifierTests checks that every case is found.
enum KeywordTable {
    /// The keyword spelled by `input[start..<start+length]`, if any.
    @inline(__always)
    static func lookup(_ input: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Keyword? {
        guard length >= 2 && length <= 15 else { return nil }
        let p = input.baseAddress! + start
        switch length {
        case 2:
            switch p[0] {
            case UInt8(ascii: "a"):
                if p[1] == UInt8(ascii: "s") { return .`as` }
                return nil
            case UInt8(ascii: "d"):
                if p[1] == UInt8(ascii: "o") { return .`do` }
                return nil
            case UInt8(ascii: "i"):
                if p[1] == UInt8(ascii: "f") { return .`if` }
                if p[1] == UInt8(ascii: "n") { return .`in` }
                if p[1] == UInt8(ascii: "s") { return .`is` }
                return nil
            default: return nil
            }
        case 3:
            switch p[0] {
            case UInt8(ascii: "A"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "y") { return .`Any` }
                return nil
            case UInt8(ascii: "a"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "y") { return .any }
                return nil
            case UInt8(ascii: "f"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "r") { return .`for` }
                return nil
            case UInt8(ascii: "g"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "t") { return .get }
                return nil
            case UInt8(ascii: "l"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "t") { return .`let` }
                return nil
            case UInt8(ascii: "n"):
                if p[1] == UInt8(ascii: "i") && p[2] == UInt8(ascii: "l") { return .`nil` }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "t") { return .set }
                return nil
            case UInt8(ascii: "t"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "y") { return .`try` }
                return nil
            case UInt8(ascii: "v"):
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "r") { return .`var` }
                return nil
            default: return nil
            }
        case 4:
            switch p[0] {
            case UInt8(ascii: "S"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "f") { return .`Self` }
                return nil
            case UInt8(ascii: "T"):
                if p[1] == UInt8(ascii: "y") && p[2] == UInt8(ascii: "p") && p[3] == UInt8(ascii: "e") { return .`Type` }
                return nil
            case UInt8(ascii: "c"):
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "s") && p[3] == UInt8(ascii: "e") { return .`case` }
                return nil
            case UInt8(ascii: "e"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "u") && p[3] == UInt8(ascii: "m") { return .`enum` }
                if p[1] == UInt8(ascii: "l") && p[2] == UInt8(ascii: "s") && p[3] == UInt8(ascii: "e") { return .`else` }
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "c") && p[3] == UInt8(ascii: "h") { return .each }
                return nil
            case UInt8(ascii: "f"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "c") { return .`func` }
                return nil
            case UInt8(ascii: "i"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "t") { return .`init` }
                return nil
            case UInt8(ascii: "l"):
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "z") && p[3] == UInt8(ascii: "y") { return .lazy }
                return nil
            case UInt8(ascii: "o"):
                if p[1] == UInt8(ascii: "p") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "n") { return .open }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "f") { return .`self` }
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "m") && p[3] == UInt8(ascii: "e") { return .some }
                return nil
            case UInt8(ascii: "t"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "u") && p[3] == UInt8(ascii: "e") { return .`true` }
                return nil
            case UInt8(ascii: "w"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "a") && p[3] == UInt8(ascii: "k") { return .weak }
                return nil
            default: return nil
            }
        case 5:
            switch p[0] {
            case UInt8(ascii: "a"):
                if p[1] == UInt8(ascii: "c") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "o") && p[4] == UInt8(ascii: "r") { return .actor }
                if p[1] == UInt8(ascii: "s") && p[2] == UInt8(ascii: "y") && p[3] == UInt8(ascii: "n") && p[4] == UInt8(ascii: "c") { return .async }
                if p[1] == UInt8(ascii: "w") && p[2] == UInt8(ascii: "a") && p[3] == UInt8(ascii: "i") && p[4] == UInt8(ascii: "t") { return .await }
                return nil
            case UInt8(ascii: "b"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "a") && p[4] == UInt8(ascii: "k") { return .`break` }
                return nil
            case UInt8(ascii: "c"):
                if p[1] == UInt8(ascii: "l") && p[2] == UInt8(ascii: "a") && p[3] == UInt8(ascii: "s") && p[4] == UInt8(ascii: "s") { return .`class` }
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "c") && p[4] == UInt8(ascii: "h") { return .`catch` }
                return nil
            case UInt8(ascii: "d"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "f") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "r") { return .`defer` }
                return nil
            case UInt8(ascii: "f"):
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "s") && p[4] == UInt8(ascii: "e") { return .`false` }
                if p[1] == UInt8(ascii: "i") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "a") && p[4] == UInt8(ascii: "l") { return .final }
                return nil
            case UInt8(ascii: "g"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "a") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "d") { return .`guard` }
                return nil
            case UInt8(ascii: "i"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "o") && p[3] == UInt8(ascii: "u") && p[4] == UInt8(ascii: "t") { return .`inout` }
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "f") && p[3] == UInt8(ascii: "i") && p[4] == UInt8(ascii: "x") { return .infix }
                return nil
            case UInt8(ascii: "m"):
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "c") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "o") { return .macro }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "p") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "r") { return .`super` }
                return nil
            case UInt8(ascii: "t"):
                if p[1] == UInt8(ascii: "h") && p[2] == UInt8(ascii: "r") && p[3] == UInt8(ascii: "o") && p[4] == UInt8(ascii: "w") { return .`throw` }
                return nil
            case UInt8(ascii: "w"):
                if p[1] == UInt8(ascii: "h") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "l") && p[4] == UInt8(ascii: "e") { return .`while` }
                if p[1] == UInt8(ascii: "h") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "e") { return .`where` }
                return nil
            default: return nil
            }
        case 6:
            switch p[0] {
            case UInt8(ascii: "d"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "n") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "t") { return .`deinit` }
                if p[1] == UInt8(ascii: "i") && p[2] == UInt8(ascii: "d") && p[3] == UInt8(ascii: "S") && p[4] == UInt8(ascii: "e") && p[5] == UInt8(ascii: "t") { return .didSet }
                return nil
            case UInt8(ascii: "i"):
                if p[1] == UInt8(ascii: "m") && p[2] == UInt8(ascii: "p") && p[3] == UInt8(ascii: "o") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "t") { return .`import` }
                return nil
            case UInt8(ascii: "p"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "b") && p[3] == UInt8(ascii: "l") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "c") { return .`public` }
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "f") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "x") { return .prefix }
                return nil
            case UInt8(ascii: "r"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "p") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "t") { return .`repeat` }
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "u") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "n") { return .`return` }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "t") && p[2] == UInt8(ascii: "r") && p[3] == UInt8(ascii: "u") && p[4] == UInt8(ascii: "c") && p[5] == UInt8(ascii: "t") { return .`struct` }
                if p[1] == UInt8(ascii: "t") && p[2] == UInt8(ascii: "a") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "c") { return .`static` }
                if p[1] == UInt8(ascii: "w") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "c") && p[5] == UInt8(ascii: "h") { return .`switch` }
                return nil
            case UInt8(ascii: "t"):
                if p[1] == UInt8(ascii: "h") && p[2] == UInt8(ascii: "r") && p[3] == UInt8(ascii: "o") && p[4] == UInt8(ascii: "w") && p[5] == UInt8(ascii: "s") { return .`throws` }
                return nil
            default: return nil
            }
        case 7:
            switch p[0] {
            case UInt8(ascii: "d"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "f") && p[3] == UInt8(ascii: "a") && p[4] == UInt8(ascii: "u") && p[5] == UInt8(ascii: "l") && p[6] == UInt8(ascii: "t") { return .`default` }
                if p[1] == UInt8(ascii: "y") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "a") && p[4] == UInt8(ascii: "m") && p[5] == UInt8(ascii: "i") && p[6] == UInt8(ascii: "c") { return .dynamic }
                return nil
            case UInt8(ascii: "p"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "v") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "t") && p[6] == UInt8(ascii: "e") { return .`private` }
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "c") && p[3] == UInt8(ascii: "k") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "g") && p[6] == UInt8(ascii: "e") { return .package }
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "s") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "f") && p[5] == UInt8(ascii: "i") && p[6] == UInt8(ascii: "x") { return .postfix }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "d") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "n") && p[6] == UInt8(ascii: "g") { return .sending }
                return nil
            case UInt8(ascii: "u"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "o") && p[3] == UInt8(ascii: "w") && p[4] == UInt8(ascii: "n") && p[5] == UInt8(ascii: "e") && p[6] == UInt8(ascii: "d") { return .unowned }
                return nil
            case UInt8(ascii: "w"):
                if p[1] == UInt8(ascii: "i") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "l") && p[4] == UInt8(ascii: "S") && p[5] == UInt8(ascii: "e") && p[6] == UInt8(ascii: "t") { return .willSet }
                return nil
            default: return nil
            }
        case 8:
            switch p[0] {
            case UInt8(ascii: "P"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "o") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "o") && p[5] == UInt8(ascii: "c") && p[6] == UInt8(ascii: "o") && p[7] == UInt8(ascii: "l") { return .`Protocol` }
                return nil
            case UInt8(ascii: "c"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "n") && p[6] == UInt8(ascii: "u") && p[7] == UInt8(ascii: "e") { return .`continue` }
                return nil
            case UInt8(ascii: "i"):
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "n") && p[6] == UInt8(ascii: "a") && p[7] == UInt8(ascii: "l") { return .`internal` }
                if p[1] == UInt8(ascii: "n") && p[2] == UInt8(ascii: "d") && p[3] == UInt8(ascii: "i") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "e") && p[6] == UInt8(ascii: "c") && p[7] == UInt8(ascii: "t") { return .indirect }
                if p[1] == UInt8(ascii: "s") && p[2] == UInt8(ascii: "o") && p[3] == UInt8(ascii: "l") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "t") && p[6] == UInt8(ascii: "e") && p[7] == UInt8(ascii: "d") { return .isolated }
                return nil
            case UInt8(ascii: "m"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "a") && p[4] == UInt8(ascii: "t") && p[5] == UInt8(ascii: "i") && p[6] == UInt8(ascii: "n") && p[7] == UInt8(ascii: "g") { return .mutating }
                return nil
            case UInt8(ascii: "o"):
                if p[1] == UInt8(ascii: "p") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "t") && p[6] == UInt8(ascii: "o") && p[7] == UInt8(ascii: "r") { return .`operator` }
                if p[1] == UInt8(ascii: "p") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "i") && p[4] == UInt8(ascii: "o") && p[5] == UInt8(ascii: "n") && p[6] == UInt8(ascii: "a") && p[7] == UInt8(ascii: "l") { return .optional }
                if p[1] == UInt8(ascii: "v") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "i") && p[6] == UInt8(ascii: "d") && p[7] == UInt8(ascii: "e") { return .override }
                return nil
            case UInt8(ascii: "p"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "o") && p[3] == UInt8(ascii: "t") && p[4] == UInt8(ascii: "o") && p[5] == UInt8(ascii: "c") && p[6] == UInt8(ascii: "o") && p[7] == UInt8(ascii: "l") { return .`protocol` }
                return nil
            case UInt8(ascii: "r"):
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "h") && p[4] == UInt8(ascii: "r") && p[5] == UInt8(ascii: "o") && p[6] == UInt8(ascii: "w") && p[7] == UInt8(ascii: "s") { return .`rethrows` }
                if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "q") && p[3] == UInt8(ascii: "u") && p[4] == UInt8(ascii: "i") && p[5] == UInt8(ascii: "r") && p[6] == UInt8(ascii: "e") && p[7] == UInt8(ascii: "d") { return .required }
                return nil
            default: return nil
            }
        case 9:
            switch p[0] {
            case UInt8(ascii: "b"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "r") && p[3] == UInt8(ascii: "r") && p[4] == UInt8(ascii: "o") && p[5] == UInt8(ascii: "w") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "n") && p[8] == UInt8(ascii: "g") { return .borrowing }
                return nil
            case UInt8(ascii: "c"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "s") && p[4] == UInt8(ascii: "u") && p[5] == UInt8(ascii: "m") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "n") && p[8] == UInt8(ascii: "g") { return .consuming }
                return nil
            case UInt8(ascii: "e"):
                if p[1] == UInt8(ascii: "x") && p[2] == UInt8(ascii: "t") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "n") && p[5] == UInt8(ascii: "s") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "o") && p[8] == UInt8(ascii: "n") { return .`extension` }
                return nil
            case UInt8(ascii: "s"):
                if p[1] == UInt8(ascii: "u") && p[2] == UInt8(ascii: "b") && p[3] == UInt8(ascii: "s") && p[4] == UInt8(ascii: "c") && p[5] == UInt8(ascii: "r") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "p") && p[8] == UInt8(ascii: "t") { return .`subscript` }
                return nil
            case UInt8(ascii: "t"):
                if p[1] == UInt8(ascii: "y") && p[2] == UInt8(ascii: "p") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "a") && p[5] == UInt8(ascii: "l") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "a") && p[8] == UInt8(ascii: "s") { return .`typealias` }
                return nil
            default: return nil
            }
        case 11:
            switch p[0] {
            case UInt8(ascii: "c"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "v") && p[4] == UInt8(ascii: "e") && p[5] == UInt8(ascii: "n") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "e") && p[8] == UInt8(ascii: "n") && p[9] == UInt8(ascii: "c") && p[10] == UInt8(ascii: "e") { return .convenience }
                return nil
            case UInt8(ascii: "f"):
                if p[1] == UInt8(ascii: "i") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "e") && p[4] == UInt8(ascii: "p") && p[5] == UInt8(ascii: "r") && p[6] == UInt8(ascii: "i") && p[7] == UInt8(ascii: "v") && p[8] == UInt8(ascii: "a") && p[9] == UInt8(ascii: "t") && p[10] == UInt8(ascii: "e") { return .`fileprivate` }
                if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "l") && p[4] == UInt8(ascii: "t") && p[5] == UInt8(ascii: "h") && p[6] == UInt8(ascii: "r") && p[7] == UInt8(ascii: "o") && p[8] == UInt8(ascii: "u") && p[9] == UInt8(ascii: "g") && p[10] == UInt8(ascii: "h") { return .`fallthrough` }
                return nil
            case UInt8(ascii: "n"):
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "i") && p[4] == UInt8(ascii: "s") && p[5] == UInt8(ascii: "o") && p[6] == UInt8(ascii: "l") && p[7] == UInt8(ascii: "a") && p[8] == UInt8(ascii: "t") && p[9] == UInt8(ascii: "e") && p[10] == UInt8(ascii: "d") { return .nonisolated }
                if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") && p[3] == UInt8(ascii: "m") && p[4] == UInt8(ascii: "u") && p[5] == UInt8(ascii: "t") && p[6] == UInt8(ascii: "a") && p[7] == UInt8(ascii: "t") && p[8] == UInt8(ascii: "i") && p[9] == UInt8(ascii: "n") && p[10] == UInt8(ascii: "g") { return .nonmutating }
                return nil
            default: return nil
            }
        case 14:
            switch p[0] {
            case UInt8(ascii: "a"):
                if p[1] == UInt8(ascii: "s") && p[2] == UInt8(ascii: "s") && p[3] == UInt8(ascii: "o") && p[4] == UInt8(ascii: "c") && p[5] == UInt8(ascii: "i") && p[6] == UInt8(ascii: "a") && p[7] == UInt8(ascii: "t") && p[8] == UInt8(ascii: "e") && p[9] == UInt8(ascii: "d") && p[10] == UInt8(ascii: "t") && p[11] == UInt8(ascii: "y") && p[12] == UInt8(ascii: "p") && p[13] == UInt8(ascii: "e") { return .`associatedtype` }
                return nil
            default: return nil
            }
        case 15:
            switch p[0] {
            case UInt8(ascii: "p"):
                if p[1] == UInt8(ascii: "r") && p[2] == UInt8(ascii: "e") && p[3] == UInt8(ascii: "c") && p[4] == UInt8(ascii: "e") && p[5] == UInt8(ascii: "d") && p[6] == UInt8(ascii: "e") && p[7] == UInt8(ascii: "n") && p[8] == UInt8(ascii: "c") && p[9] == UInt8(ascii: "e") && p[10] == UInt8(ascii: "g") && p[11] == UInt8(ascii: "r") && p[12] == UInt8(ascii: "o") && p[13] == UInt8(ascii: "u") && p[14] == UInt8(ascii: "p") { return .`precedencegroup` }
                return nil
            default: return nil
            }
        default:
            return nil
        }
    }
}
