#include "CICU.h"
#include <unicode/ubidi.h>
#include <unicode/utypes.h>

int32_t lsicu_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                          uint8_t *levels, uint8_t *paragraph_levels) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel base = direction == 0 ? 0 : direction == 1 ? 1 : direction == 2 ? UBIDI_DEFAULT_LTR : UBIDI_DEFAULT_RTL;
    ubidi_setPara(bidi, (const UChar *)text, length, base, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status) || resolved == NULL) { ubidi_close(bidi); return -1; }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    int32_t count = ubidi_countParagraphs(bidi);
    for (int32_t p = 0; p < count; p++) {
        int32_t start = 0, limit = 0;
        UBiDiLevel level = 0;
        ubidi_getParagraphByIndex(bidi, p, &start, &limit, &level, &status);
        if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
        for (int32_t i = start; i < limit && i < length; i++) paragraph_levels[i] = level;
    }
    ubidi_close(bidi);
    return 0;
}

int32_t lsicu_base_direction(const uint16_t *text, int32_t length) {
    if (length <= 0) return -1;
    UBiDiDirection d = ubidi_getBaseDirection((const UChar *)text, length);
    return d == UBIDI_LTR ? 0 : d == UBIDI_RTL ? 1 : -1;
}

/// One UBiDi object per thread, reused: ubidi_setPara grows its memory as needed.
static _Thread_local UBiDi *paragraph_bidi;

int32_t lsicu_bidi_paragraph_end(const uint16_t *text, int32_t length, int32_t from) {
    for (int32_t i = from; i < length; i++) {
        uint16_t c = text[i];
        // Bidi class B (UAX #9 P1): LF, CR (CR LF as one), U+001C..U+001E, NEL, U+2029.
        if (c == 0x0D) return (i + 1 < length && text[i + 1] == 0x0A) ? i + 2 : i + 1;
        if (c == 0x0A || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2029) return i + 1;
    }
    return length;
}

int32_t lsicu_bidi_paragraph_levels(const uint16_t *text, int32_t length, int32_t direction,
                                    uint8_t *levels, uint8_t *paragraph_level) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    if (paragraph_bidi == NULL) {
        paragraph_bidi = ubidi_openSized(0, 0, &status);
        if (U_FAILURE(status) || paragraph_bidi == NULL) { paragraph_bidi = NULL; return -1; }
    }
    UBiDiLevel base = direction == 0 ? 0 : direction == 1 ? 1 : direction == 2 ? UBIDI_DEFAULT_LTR : UBIDI_DEFAULT_RTL;
    ubidi_setPara(paragraph_bidi, (const UChar *)text, length, base, NULL, &status);
    if (U_FAILURE(status)) return -1;
    const UBiDiLevel *resolved = ubidi_getLevels(paragraph_bidi, &status);
    if (U_FAILURE(status) || resolved == NULL) return -1;
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    *paragraph_level = ubidi_getParaLevel(paragraph_bidi);
    return 0;
}
