/// Takeout's `Records.json` (and the older `Location History.json`): `{"locations": [{"latitudeE7", "longitudeE7",
/// "accuracy", "velocity", "timestamp" | "timestampMs", "activity": [...], ...}, ...]}` — read as a stream, each point handed to a
/// ``DwellFinder`` and let go. Only a point's own fields are read: the `timestamp`s inside its `activity` list are not
/// its time.
struct RawPoints: JSONStreamHandler {
    var finder: DwellFinder
    private var latitude: Int?
    private var longitude: Int?
    private var seconds: Double?
    private var accuracy: Double?
    private var velocity: Double?
    /// Points read, kept or not.
    private(set) var count = 0

    private enum Code: Int {
        case none = 0
        case locations, latitude, longitude, timestamp, milliseconds, accuracy, velocity
    }

    init(finder: DwellFinder) { self.finder = finder }

    func code(ofKey key: UnsafeBufferPointer<UInt8>, parent: Int) -> Int {
        switch Code(rawValue: parent) {
        case .none?: return key.elementsEqual("locations".utf8) ? Code.locations.rawValue : 0
        case .locations?:
            // The points are the objects in the `locations` list; they inherit its code and their fields are read.
            if key.elementsEqual("latitudeE7".utf8) { return Code.latitude.rawValue }
            if key.elementsEqual("longitudeE7".utf8) { return Code.longitude.rawValue }
            if key.elementsEqual("timestamp".utf8) { return Code.timestamp.rawValue }
            if key.elementsEqual("timestampMs".utf8) { return Code.milliseconds.rawValue }
            if key.elementsEqual("accuracy".utf8) { return Code.accuracy.rawValue }
            if key.elementsEqual("velocity".utf8) { return Code.velocity.rawValue }
            return 0
        default: return 0
        }
    }

    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, code: Int, isString: Bool) {
        switch Code(rawValue: code) {
        case .latitude?: latitude = Self.integer(bytes)
        case .longitude?: longitude = Self.integer(bytes)
        case .timestamp?: seconds = RecordedTime.seconds(iso: bytes) ?? RecordedTime.seconds(milliseconds: bytes)
        case .milliseconds?: seconds = RecordedTime.seconds(milliseconds: bytes)
        case .accuracy?: accuracy = Self.integer(bytes).map(Double.init)
        case .velocity?: velocity = Self.integer(bytes).map(Double.init)
        default: break
        }
    }

    mutating func closeObject(code: Int) {
        guard code == Code.locations.rawValue else { return }
        count += 1
        if let latitude, let longitude, let seconds {
            finder.add(
                latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7, seconds: seconds, accuracy: accuracy,
                speed: velocity)
        }
        (latitude, longitude, seconds, accuracy, velocity) = (nil, nil, nil, nil, nil)
    }

    /// An integer as JSON writes it (a decimal part, which E7 values never have, is dropped).
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        var sign = 1
        var any = false
        for byte in bytes {
            if byte == UInt8(ascii: "-") && !any {
                sign = -1
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
                any = true
            } else {
                break
            }
        }
        return any ? sign * value : nil
    }
}
