import ArgumentParser
import PhotoMetadata

/// `--camera-offset "MAKE MODEL=±OFFSET"`, for `import` and `match`: cameras whose clocks were off.
struct CameraOptions: ParsableArguments {
    @Option(
        name: .customLong("camera-offset"), parsing: .singleValue,
        help: ArgumentHelp(
            "A camera whose clock was off and the time to add to it, as `scan` names the camera: \"Canon EOS 6D=+1h\" "
                + "(repeat for several cameras). Its photos are read again, their times corrected, and the correction kept.",
            valueName: "camera=offset"),
        transform: { text in
            do throws(CameraOffsetError) { return try CameraOffset(parsing: text) } catch { throw ValidationError(error.description) }
        })
    var offsets: [CameraOffset] = []
}
