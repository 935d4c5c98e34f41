// The ICU version linked at run time, for the provenance of recorded references.
#include "CICU.h"
#include <string.h>
#include <unicode/uversion.h>

void lsicu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    if (capacity <= 0) return;
    strncpy(out, text, (size_t)capacity - 1);
    out[capacity - 1] = '\0';
}
