#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

static int32_t collect(UBreakIteratorType type, const char *locale,
                       const uint16_t *text, int32_t length,
                       int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        offsets[count] = b;
        if (mandatory != NULL) {
            int32_t rule = ubrk_getRuleStatus(it);
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    ubrk_close(it);
    return count;
}

int32_t lsicu_line_breaks(const uint16_t *text, int32_t length,
                          int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    // The root locale: results must not depend on LANG / LC_ALL.
    return collect(UBRK_LINE, "", text, length, offsets, mandatory, capacity);
}

int32_t lsicu_grapheme_breaks(const uint16_t *text, int32_t length,
                              int32_t *offsets, int32_t capacity) {
    return collect(UBRK_CHARACTER, "", text, length, offsets, NULL, capacity);
}
