import Foundation
import Testing

@testable import UseCases

/// Ids as people type them: whole, or a unique start from six characters in any case; never a guess.
@Suite("Typed ids")
struct TypedIDTests {
    static let ids = [
        "0E3A41C2-0000-4000-8000-000000000001", "0E3A41C2-0000-4000-8000-000000000002", "7F00B1D9-0000-4000-8000-000000000003",
    ]

    func resolve(_ typed: String) throws -> String? {
        try TypedID.resolve(
            typed, find: { Self.ids.contains($0) ? $0 : nil },
            startingWith: { prefix, limit in
                Array(Self.ids.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }.prefix(limit))
            })
    }

    @Test("The whole id, or a unique start in any case, names one; an unknown one names none; too short is said so")
    func unique() throws {
        #expect(try resolve(Self.ids[2]) == Self.ids[2])
        #expect(try resolve("7F00B1D9") == Self.ids[2])
        #expect(try resolve("7f00b1") == Self.ids[2])
        #expect(try resolve("FFFFFFFF") == nil)
        #expect {
            try resolve("7F00B")
        } throws: { error in
            guard case CorrectionError.idTooShort(typed: "7F00B", shortest: 6) = error else { return false }
            return (error as? CorrectionError)?.problem == "'7F00B' is too short to name one: an id's start needs 6 characters or more"
        }
    }

    @Test("A start several ids share is refused, with the ids listed")
    func ambiguous() throws {
        #expect {
            try resolve("0E3A41C2")
        } throws: { error in
            guard case CorrectionError.ambiguousId(let typed, let matches) = error else { return false }
            return typed == "0E3A41C2" && matches == Array(Self.ids.prefix(2))
                && (error as? CorrectionError)?.problem.contains("is the start of 2 ids") == true
        }
    }
}
