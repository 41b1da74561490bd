import LCKCore
import LCKLexer

/// `lckmigrate tokens`: the lexer's view of a file, in the format shared with the swift-syntax oracle.
public enum TokenListing {
    /// The dump for one file; `path` is printed as given. Any bytes are accepted: the lexer never fails.
    public static func dump(path: String) -> Result<[UInt8], FileProblemError> {
        let file = DiscoveredFile(displayPath: path, path: path)
        switch SourceReader.read(file, requireUTF8: false) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): return .success(TokenDump.lines(path: path, file: Lexer.tokenize(bytes)))
        }
    }
}
