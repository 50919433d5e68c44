"""Where a made-up photo was taken: a point some metres from another, and that point as EXIF GPS tags."""
import math

from testimages.exif import GPS_LAT, GPS_LAT_REF, GPS_LON, GPS_LON_REF, ascii, rationals


def destination(point, meters, bearing_degrees):
    """The point `meters` away from `point` on an initial bearing (great circle)."""
    lat, lon, bearing = map(math.radians, (point[0], point[1], bearing_degrees))
    angular = meters / 6_371_008.8
    lat2 = math.asin(math.sin(lat) * math.cos(angular) + math.cos(lat) * math.sin(angular) * math.cos(bearing))
    lon2 = lon + math.atan2(math.sin(bearing) * math.sin(angular) * math.cos(lat),
                            math.cos(angular) - math.sin(lat) * math.sin(lat2))
    return math.degrees(lat2), math.degrees(lon2)


def gps(point):
    """Degrees, minutes, seconds (to 1/1000) with N/S/E/W references."""
    def parts(value):
        value = abs(value)
        degrees = int(value)
        minutes = int((value - degrees) * 60)
        seconds = round(((value - degrees) * 60 - minutes) * 60 * 1000)
        return rationals((degrees, 1), (minutes, 1), (seconds, 1000))
    return {GPS_LAT_REF: ascii("N" if point[0] >= 0 else "S"), GPS_LAT: parts(point[0]),
            GPS_LON_REF: ascii("E" if point[1] >= 0 else "W"), GPS_LON: parts(point[1])}
