/// How the detection engine recognises a mapped symbol in source.
///
/// The engine interprets exactly these patterns and knows no CallKit names of its own, so custom
/// rule packs can point the same machinery at an app's wrappers (`receiverTypes: ["CallService"]`).
public enum MatchSpec: Sendable, Hashable {
    /// Any reference to a type or global name: annotation, construction, conformance, generic
    /// argument, `Module.Name`, nested spelling (`CXHandle.HandleType`).
    case type(name: String)
    /// A construction `Name(label:…)`; wins over a `type` match on the same token.
    case initializer(TypeInitializer)
    /// A member access `receiver.name`, called or not.
    case member(MemberAccess)
    /// A `func` declaration with a given selector, usually a delegate method.
    case delegateMethod(DelegateMethod)
    /// An enum case, qualified or as `.case` in a known context.
    case enumCase(EnumCase)

    /// Matches `Name(…)` constructions.
    public struct TypeInitializer: Sendable, Hashable {
        public var typeName: String
        /// Argument labels in order (`_` for unlabeled); nil matches any call.
        public var labels: [String]?

        public init(typeName: String, labels: [String]? = nil) {
            self.typeName = typeName
            self.labels = labels
        }
    }

    /// Matches `x.name` / `x.name(…)`.
    public struct MemberAccess: Sendable, Hashable {
        /// What to do when the receiver's type cannot be inferred.
        public enum UnknownReceiver: String, Sendable, Hashable, CaseIterable {
            /// Distinctive names: report anyway.
            case report
            /// Common names (`fulfill`, `uuid`): report only when the receiver is known to be one of `receiverTypes`.
            case skip
        }

        public var name: String
        /// Labels compared with the call's argument labels; a trailing closure may stand for the last label.
        public var labels: [String]?
        public var receiverTypes: [String]
        public var unknownReceiver: UnknownReceiver

        public init(
            name: String, labels: [String]? = nil, receiverTypes: [String], unknownReceiver: UnknownReceiver = .skip
        ) {
            self.name = name
            self.labels = labels
            self.receiverTypes = receiverTypes
            self.unknownReceiver = unknownReceiver
        }
    }

    /// Matches a `func` declaration by selector (`provider(_:perform:)`).
    public struct DelegateMethod: Sendable, Hashable {
        public var selector: String
        /// Parameter type names in order, to tell overloads apart; nil accepts any.
        public var parameterTypes: [String]?
        /// The protocol the method belongs to, used when the conformance is visible.
        public var protocolName: String?
        /// `true`: only `async` declarations; `false`: only synchronous ones; nil: either.
        public var isAsync: Bool?

        public init(
            selector: String, parameterTypes: [String]? = nil, protocolName: String? = nil, isAsync: Bool? = nil
        ) {
            self.selector = selector
            self.parameterTypes = parameterTypes
            self.protocolName = protocolName
            self.isAsync = isAsync
        }

        /// The base name before the parenthesis (`provider`).
        public var baseName: String { String(selector.prefix { $0 != "(" }) }

        /// External labels from the selector (`["_", "perform"]`).
        public var labels: [String] {
            guard let open = selector.firstIndex(of: "(") else { return [] }
            let inner = selector[selector.index(after: open)...].dropLast()
            return inner.split(separator: ":").map(String.init)
        }
    }

    /// Matches `EnumType.case`, or `.case` as an argument/assignment/comparison in a known context.
    public struct EnumCase: Sendable, Hashable {
        public var caseName: String
        /// Possibly nested (`CXHandle.HandleType`); `HandleType.generic` and the full spelling both match.
        public var enumType: String
        /// Argument labels under which a bare `.case` counts (`reason:` in `reportCall(…reason: .failed)`).
        public var argumentLabels: [String]?
        /// Calls or constructions (by base name) whose arguments may hold the bare case; nil = any call
        /// whose receiver or callee is known to be from the same framework.
        public var callees: [String]?
        /// Property names whose assignment, comparison or collection literal may hold the bare case.
        public var properties: [String]?

        public init(
            caseName: String, enumType: String, argumentLabels: [String]? = nil, callees: [String]? = nil,
            properties: [String]? = nil
        ) {
            self.caseName = caseName
            self.enumType = enumType
            self.argumentLabels = argumentLabels
            self.callees = callees
            self.properties = properties
        }
    }
}
