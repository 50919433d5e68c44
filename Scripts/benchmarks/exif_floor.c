/* The floor for reading EXIF: the tags `stadiumlog scan` reads, through libexif, from plain C, one file after another.
 * Prints one line per file so the work matches a scan's output. Used by Scripts/bench-compare only.
 *   cc -O2 exif_floor.c $(pkg-config --cflags --libs libexif) -o exif-floor && ./exif-floor FILE... */
#include <libexif/exif-data.h>
#include <stdio.h>

static void print_tag(ExifData *data, ExifIfd ifd, ExifTag tag) {
    char value[128] = "";
    ExifEntry *entry = exif_content_get_entry(data->ifd[ifd], tag);
    if (entry) exif_entry_get_value(entry, value, sizeof value);
    printf("\t%s", value);
}

int main(int argc, char **argv) {
    static const ExifTag exif_tags[] = {
        EXIF_TAG_DATE_TIME_ORIGINAL, EXIF_TAG_SUB_SEC_TIME_ORIGINAL, EXIF_TAG_OFFSET_TIME_ORIGINAL,
        EXIF_TAG_PIXEL_X_DIMENSION, EXIF_TAG_PIXEL_Y_DIMENSION};
    static const ExifTag gps_tags[] = {
        EXIF_TAG_GPS_LATITUDE_REF, EXIF_TAG_GPS_LATITUDE, EXIF_TAG_GPS_LONGITUDE_REF, EXIF_TAG_GPS_LONGITUDE,
        EXIF_TAG_GPS_ALTITUDE_REF, EXIF_TAG_GPS_ALTITUDE, EXIF_TAG_GPS_DATE_STAMP, EXIF_TAG_GPS_TIME_STAMP};
    static const ExifTag ifd0_tags[] = {EXIF_TAG_MAKE, EXIF_TAG_MODEL, EXIF_TAG_ORIENTATION};

    for (int i = 1; i < argc; i++) {
        ExifData *data = exif_data_new_from_file(argv[i]);
        printf("%s", argv[i]);
        if (data) {
            for (size_t t = 0; t < sizeof exif_tags / sizeof *exif_tags; t++) print_tag(data, EXIF_IFD_EXIF, exif_tags[t]);
            for (size_t t = 0; t < sizeof gps_tags / sizeof *gps_tags; t++) print_tag(data, EXIF_IFD_GPS, gps_tags[t]);
            for (size_t t = 0; t < sizeof ifd0_tags / sizeof *ifd0_tags; t++) print_tag(data, EXIF_IFD_0, ifd0_tags[t]);
            exif_data_unref(data);
        }
        putchar('\n');
    }
    return 0;
}
