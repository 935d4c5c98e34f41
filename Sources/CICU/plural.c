// CLDR plural rules and locale checks for the localization sweep (ICU's upluralrules, uloc).
#include "CICU.h"
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

static int32_t to_icu_locale(const char *bcp47, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t n = uloc_forLanguageTag(bcp47, out, capacity, &parsed, &status);
    if (U_FAILURE(status) || n <= 0 || n >= capacity) return -1;
    return n;
}

int32_t lsicu_plural_category(const char *bcp47, double n, char *keyword, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY];
    if (to_icu_locale(bcp47, locale, sizeof locale) < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status) || rules == NULL) return -1;
    UChar buffer[16];
    int32_t length = uplrules_select(rules, n, buffer, 16, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || length <= 0 || length >= capacity || length >= 16) return -1;
    u_UCharsToChars(buffer, keyword, length);
    keyword[length] = 0;
    return length;
}

int32_t lsicu_is_known_language(const char *bcp47) {
    char locale[ULOC_FULLNAME_CAPACITY];
    if (to_icu_locale(bcp47, locale, sizeof locale) < 0) return 0;
    const char *iso3 = uloc_getISO3Language(locale);
    return iso3 != NULL && iso3[0] != 0;
}

int32_t lsicu_plural_keywords(const char *bcp47, char *out, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY];
    if (capacity <= 0 || to_icu_locale(bcp47, locale, sizeof locale) < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status) || rules == NULL) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    int32_t used = 0;
    out[0] = 0;
    if (U_SUCCESS(status) && keywords != NULL) {
        const char *keyword;
        int32_t length = 0;
        while ((keyword = uenum_next(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
            if (used + length + 2 > capacity) { status = U_BUFFER_OVERFLOW_ERROR; break; }
            if (used > 0) out[used++] = ' ';
            memcpy(out + used, keyword, (size_t)length);
            used += length;
            out[used] = 0;
        }
        uenum_close(keywords);
    }
    uplrules_close(rules);
    return U_FAILURE(status) ? -1 : used;
}
