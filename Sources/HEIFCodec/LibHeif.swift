import CHeif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libheif's functions, looked up when the first HEIF file is opened (see `Sources/CHeif/shim.h` for why it is not
/// linked): a run that meets no HEIF file never loads libheif or its codecs.
struct LibHeif: @unchecked Sendable {  // C function pointers, never changed after the lookup
    let contextAlloc: stadiumlog_heif_context_alloc
    let contextFree: stadiumlog_heif_context_free
    let setMaximumImageSizeLimit: stadiumlog_heif_context_set_maximum_image_size_limit
    let readFromFile: stadiumlog_heif_context_read_from_file
    let readFromMemoryWithoutCopy: stadiumlog_heif_context_read_from_memory_without_copy
    let primaryImageHandle: stadiumlog_heif_context_get_primary_image_handle
    let handleWidth: stadiumlog_heif_image_handle_get_width
    let handleHeight: stadiumlog_heif_image_handle_get_height
    let handleRelease: stadiumlog_heif_image_handle_release
    let metadataBlockIDs: stadiumlog_heif_image_handle_get_list_of_metadata_block_IDs
    let metadataSize: stadiumlog_heif_image_handle_get_metadata_size
    let metadata: stadiumlog_heif_image_handle_get_metadata
    let numberOfThumbnails: stadiumlog_heif_image_handle_get_number_of_thumbnails
    let thumbnailIDs: stadiumlog_heif_image_handle_get_list_of_thumbnail_IDs
    let thumbnail: stadiumlog_heif_image_handle_get_thumbnail
    let decodeImage: stadiumlog_heif_decode_image
    let imageRelease: stadiumlog_heif_image_release
    let planeReadonly: stadiumlog_heif_image_get_plane_readonly
    let imageWidth: stadiumlog_heif_image_get_width
    let imageHeight: stadiumlog_heif_image_get_height

    /// The library, loaded once per process; the error says what to install when it is missing.
    static func loaded() throws(HEIFError) -> LibHeif { try library.get() }

    private static let library = Result { () throws(HEIFError) -> LibHeif in try LibHeif() }

    /// Where the shared library is: `STADIUMLOG_LIBHEIF` when set (a libheif installed elsewhere), else its soname on
    /// Linux and Homebrew's and MacPorts' prefixes on macOS.
    private static var candidates: [String] {
        if let path = ProcessInfo.processInfo.environment["STADIUMLOG_LIBHEIF"], !path.isEmpty { return [path] }
        return [
            "libheif.so.1", "libheif.1.dylib", "/opt/homebrew/lib/libheif.1.dylib", "/usr/local/lib/libheif.1.dylib",
            "/opt/local/lib/libheif.1.dylib",
        ]
    }

    private init() throws(HEIFError) {
        guard let handle = Self.candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            throw .libraryMissing
        }
        func find<Function>(_ name: String) throws(HEIFError) -> Function {
            guard let address = dlsym(handle, name) else { throw .libraryMissing }
            return unsafeBitCast(address, to: Function.self)
        }
        contextAlloc = try find("heif_context_alloc")
        contextFree = try find("heif_context_free")
        setMaximumImageSizeLimit = try find("heif_context_set_maximum_image_size_limit")
        readFromFile = try find("heif_context_read_from_file")
        readFromMemoryWithoutCopy = try find("heif_context_read_from_memory_without_copy")
        primaryImageHandle = try find("heif_context_get_primary_image_handle")
        handleWidth = try find("heif_image_handle_get_width")
        handleHeight = try find("heif_image_handle_get_height")
        handleRelease = try find("heif_image_handle_release")
        metadataBlockIDs = try find("heif_image_handle_get_list_of_metadata_block_IDs")
        metadataSize = try find("heif_image_handle_get_metadata_size")
        metadata = try find("heif_image_handle_get_metadata")
        numberOfThumbnails = try find("heif_image_handle_get_number_of_thumbnails")
        thumbnailIDs = try find("heif_image_handle_get_list_of_thumbnail_IDs")
        thumbnail = try find("heif_image_handle_get_thumbnail")
        decodeImage = try find("heif_decode_image")
        imageRelease = try find("heif_image_release")
        planeReadonly = try find("heif_image_get_plane_readonly")
        imageWidth = try find("heif_image_get_width")
        imageHeight = try find("heif_image_get_height")
    }
}
