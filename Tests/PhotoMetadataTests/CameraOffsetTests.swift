import Testing

@testable import PhotoMetadata

@Suite("--camera-offset: a camera and the time to add to its clock")
struct CameraOffsetTests {
    @Test("read as typed; written back the same way")
    func parsing() throws {
        let offset = try CameraOffset(parsing: "Canon EOS 6D=+1h")
        #expect(offset.camera == "Canon EOS 6D" && offset.seconds == 3_600)
        #expect(try CameraOffset(parsing: "NIKON D750 = -1h30m").seconds == -5_400)
        #expect(try CameraOffset(parsing: "X=+45s").offsetText == "+45s")
        #expect(CameraOffset.text(-5_400) == "-1h30m")
        for bad in ["Canon EOS 6D", "=+1h", "Canon=1h", "Canon=+1x", "Canon=+", "Canon=+49h", "Canon=+0h", "Canon=+1h30"] {
            #expect(throws: CameraOffsetError.self, "\(bad)") { try CameraOffset(parsing: bad) }
        }
    }

    @Test("the camera is known by make and model, case and punctuation ignored")
    func camera() throws {
        let offset = try CameraOffset(parsing: "canon eos-6d=+1h")
        #expect(offset.isCamera(of: PhotoMetadata(format: .jpeg, make: "Canon", model: "Canon EOS 6D")))
        #expect(!offset.isCamera(of: PhotoMetadata(format: .jpeg, make: "Canon", model: "Canon EOS 5D")))
    }
}
