import LCKLexer

/// Declarations: imports, types, functions, variables, typealiases.
extension ParserState {
    /// Parses a declaration whose introducer is at `index`, or returns nil when there is none.
    mutating func parseDeclaration(
        at index: Int, start: Int, end: Int, attributes: [Attribute], modifiers: Modifiers, block: Int,
        context: ParseContext
    ) -> Int? {
        guard index < end, let word = tokens[index].keyword else { return nil }
        let isReserved = tokens[index].kind == .keyword
        let header = DeclarationHeader(start: start, introducer: index, attributes: attributes, modifiers: modifiers)
        switch word {
        case .import where isReserved:
            return parseImport(header, end: end, block: block)
        case .class where isReserved: return parseType(.class, header, end: end, block: block, context: context)
        case .struct where isReserved: return parseType(.struct, header, end: end, block: block, context: context)
        case .enum where isReserved: return parseType(.enum, header, end: end, block: block, context: context)
        case .protocol where isReserved: return parseType(.protocol, header, end: end, block: block, context: context)
        case .extension where isReserved:
            return parseType(.extension, header, end: end, block: block, context: context)
        case .actor where !isReserved && isName(index + 1):
            return parseType(.actor, header, end: end, block: block, context: context)
        case .func where isReserved:
            return parseFunction(.function, header, end: end, block: block, context: context)
        case .`init` where isReserved && (index == 0 || tokens[index - 1].kind != .period):
            return parseFunction(.initializer, header, end: end, block: block, context: context)
        case .deinit where isReserved:
            return parseFunction(.deinitializer, header, end: end, block: block, context: context)
        case .subscript where isReserved:
            return parseFunction(.subscript, header, end: end, block: block, context: context)
        case .let where isReserved, .var where isReserved:
            return parseVariables(header, end: end, block: block, context: context)
        case .typealias where isReserved:
            return parseTypealias(header, end: end, block: block, context: context)
        case .associatedtype where isReserved, .operator where isReserved, .precedencegroup where isReserved,
            .case where isReserved:
            let next = expressionEnd(from: index + 1, limit: end)
            let statement = addStatement(.declaration, range: start..<next, keyword: index, block: block)
            outline.statements[statement].declaration = .other
            return next
        case .macro where !isReserved && isName(index + 1):
            let next = expressionEnd(from: index + 1, limit: end)
            let statement = addStatement(.declaration, range: start..<next, keyword: index, block: block)
            outline.statements[statement].declaration = .other
            return next
        default:
            return nil
        }
    }

    mutating func parseImport(_ header: DeclarationHeader, end: Int, block: Int) -> Int {
        var index = header.introducer + 1
        var kindToken: Int?
        if index < end, let word = tokens[index].keyword,
            word == .class || word == .struct || word == .enum || word == .protocol || word == .func
                || word == .var || word == .let || word == .typealias
        {
            kindToken = index
            index += 1
        }
        let pathStart = index
        while index < end, isName(index) || tokens[index].kind == .keyword || tokens[index].kind == .binaryOperator {
            index += 1
            guard isKind(index, .period), !startsLine(index) else { break }
            index += 1
        }
        let next = max(index, header.introducer + 1)
        outline.imports.append(
            ImportDecl(
                importToken: header.introducer, kindToken: kindToken, path: pathStart..<max(pathStart, index),
                moduleToken: pathStart < index ? pathStart : header.introducer, attributes: header.attributes,
                range: header.start..<next))
        let statement = addStatement(.declaration, range: header.start..<next, keyword: header.introducer, block: block)
        outline.statements[statement].declaration = .import(outline.imports.count - 1)
        return next
    }

    mutating func parseType(
        _ kind: TypeDecl.Kind, _ header: DeclarationHeader, end: Int, block: Int, context: ParseContext
    ) -> Int {
        var index = header.introducer + 1
        let nameStart = index
        var nameToken = header.introducer
        if kind == .extension {
            let nameEnd = typeEnd(from: index, limit: end)
            let span = typeSpan(index..<nameEnd)
            nameToken = span.nameToken ?? (nameEnd > index ? index : header.introducer)
            index = max(nameEnd, index)
        } else if isName(index) {
            nameToken = index
            index += 1
        }
        let nameRange = nameStart..<max(nameStart, kind == .extension ? index : nameToken + 1)
        if startsWithLess(index) { index = skipAngles(from: index, limit: end) }
        var inherited: [TypeSpan] = []
        if isKind(index, .colon) {
            index = parseInheritance(from: index + 1, end: end, into: &inherited)
        }
        index = skipToBody(from: index, end: end)
        let typeIndex = outline.types.count
        outline.types.append(
            TypeDecl(
                kind: kind, keywordToken: header.introducer, nameToken: nameToken, nameRange: nameRange,
                inherited: inherited, attributes: header.attributes, modifiers: header.modifiers, body: nil,
                bodyBlock: nil, parent: context.type, range: header.start..<index))
        let statement = addStatement(
            .declaration, range: header.start..<index, keyword: header.introducer, block: block)
        outline.statements[statement].declaration = .type(typeIndex)
        guard isKind(index, .leftBrace) else { return max(index, header.introducer + 1) }
        let memberContext = ParseContext(type: typeIndex, function: nil, closure: nil, isMemberBlock: true)
        let body = scheduleBody(
            open: index, limit: end, kind: .typeMembers, owner: .type(typeIndex), context: memberContext)
        outline.types[typeIndex].body = body.range
        outline.types[typeIndex].bodyBlock = body.block
        outline.statements[statement].blocks = [body.block]
        outline.types[typeIndex].range = header.start..<body.next
        outline.statements[statement].range = header.start..<body.next
        return body.next
    }

    /// `: A, B.C, D & E` up to `where` or `{`; compositions are split into their members.
    func parseInheritance(from start: Int, end: Int, into inherited: inout [TypeSpan]) -> Int {
        var index = start
        while index < end {
            if reserved(index) == .class {
                // `protocol P: class` (old spelling of AnyObject): not a named type.
                index += 1
                guard isKind(index, .comma) else { break }
                index += 1
                continue
            }
            let typeStart = index
            let typeStop = typeEnd(from: index, limit: end)
            guard typeStop > typeStart else { break }
            var memberStart = typeStart
            var cursor = typeStart
            while cursor <= typeStop {
                if cursor == typeStop
                    || (tokens[cursor].kind == .binaryOperator && file.token(tokens[cursor], is: "&"))
                {
                    if cursor > memberStart { inherited.append(typeSpan(memberStart..<cursor)) }
                    memberStart = cursor + 1
                } else if let close = matchIndex(cursor), close > cursor {
                    cursor = close
                }
                cursor += 1
            }
            index = typeStop
            guard isKind(index, .comma) else { break }
            index += 1
        }
        return index
    }

    /// Skips a `where` clause (or junk) up to the `{` of a body on the same logical declaration.
    func skipToBody(from start: Int, end: Int) -> Int {
        var index = start
        guard index < end, reserved(index) == .where else { return index }
        while index < end {
            switch tokens[index].kind {
            case .leftBrace, .rightBrace, .semicolon: return index
            case .leftParen, .leftSquare:
                guard let close = matchIndex(index), close < end else { return end }
                index = close + 1
            default:
                index += 1
            }
        }
        return index
    }
}

/// The parts every declaration shares.
struct DeclarationHeader {
    var start: Int
    var introducer: Int
    var attributes: [Attribute]
    var modifiers: Modifiers
}
