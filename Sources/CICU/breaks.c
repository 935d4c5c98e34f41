#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>
#include <unicode/ustring.h>

/// One iterator per break type and thread, reused with ubrk_setText: ubrk_open builds the rule data
/// from scratch (a UTF-8 → UTF-16 conversion of the rules) and cost more than the breaking itself.
/// Thread-local, so no lock; each lives as long as its thread.
static _Thread_local UBreakIterator *cached[2];

/// The root locale: results must not depend on LANG / LC_ALL.
static UBreakIterator *iterator(UBreakIteratorType type) {
    int slot = type == UBRK_LINE ? 0 : 1;
    if (cached[slot] == NULL) {
        UErrorCode status = U_ZERO_ERROR;
        UBreakIterator *it = ubrk_open(type, "", NULL, 0, &status);
        if (U_FAILURE(status)) return NULL;
        cached[slot] = it;
    }
    return cached[slot];
}

/// Boundaries after `from`, up to and including the first one at or beyond `to`. `from` must be 0 or a boundary
/// an earlier call returned: the iterator is given the text from `from` on, so the scan starts there. ICU's own
/// cache continues a scan from a known boundary the same way (its forward rules need nothing before one).
/// Why not `ubrk_following(from)` on the whole text: after `ubrk_setText` reset the cache, ICU backs up with its
/// safe-reverse rules and rescans forward, which on ordinary Latin text went back to the text's start, so
/// reading a long paragraph in steps cost time quadratic in its length (960 KB: 8 s in a debug build).
static int32_t collect_from(UBreakIteratorType type, const uint16_t *text, int32_t length, int32_t from, int32_t to,
                            int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    if (length == 0 || from >= length) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = iterator(type);
    if (it == NULL) return -1;
    ubrk_setText(it, (const UChar *)(text + from), length - from, &status);   // O(1): no copy
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE && count < capacity; b = ubrk_next(it)) {
        offsets[count] = from + b;
        if (mandatory != NULL) {
            int32_t rule = ubrk_getRuleStatus(it);
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
        if (from + b >= to) break;
    }
    return count;
}

// The whole text is the scan from 0 up to its end.
int32_t lsicu_line_breaks(const uint16_t *text, int32_t length,
                          int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    return collect_from(UBRK_LINE, text, length, 0, length, offsets, mandatory, capacity);
}

int32_t lsicu_grapheme_breaks(const uint16_t *text, int32_t length,
                              int32_t *offsets, int32_t capacity) {
    return collect_from(UBRK_CHARACTER, text, length, 0, length, offsets, NULL, capacity);
}

int32_t lsicu_line_breaks_from(const uint16_t *text, int32_t length, int32_t from, int32_t to,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity) {
    return collect_from(UBRK_LINE, text, length, from, to, offsets, mandatory, capacity);
}

int32_t lsicu_grapheme_breaks_from(const uint16_t *text, int32_t length, int32_t from, int32_t to,
                                   int32_t *offsets, int32_t capacity) {
    return collect_from(UBRK_CHARACTER, text, length, from, to, offsets, NULL, capacity);
}

int32_t lsicu_hard_break(const uint16_t *text, int32_t length, int32_t from) {
    for (int32_t i = from; i < length; i++) {
        uint16_t c = text[i];
        if (c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C || c == 0x85 || c == 0x2028 || c == 0x2029) return i;
    }
    return length;
}

int32_t lsicu_utf16_from_utf8(const uint8_t *utf8, int32_t length, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strFromUTF8((UChar *)out, capacity, &written, (const char *)utf8, length, &status);
    return U_FAILURE(status) ? -1 : written;
}

int32_t lsicu_utf8_from_utf16(const uint16_t *utf16, int32_t length, uint8_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8WithSub((char *)out, capacity, &written, (const UChar *)utf16, length, 0xFFFD, NULL, &status);
    return U_FAILURE(status) ? -1 : written;
}

int32_t lsicu_guess_cjk_language(const uint16_t *text, int32_t length) {
    int32_t hangul = 0;
    for (int32_t i = 0; i < length; i++) {
        uint16_t u = text[i];
        if (u < 0x1100) continue;   // most text: Latin and the like
        if ((u >= 0x3040 && u <= 0x30FF) || (u >= 0x31F0 && u <= 0x31FF) || (u >= 0xFF66 && u <= 0xFF9F)) return 2;
        if ((u >= 0xAC00 && u <= 0xD7AF) || u <= 0x11FF || (u >= 0x3130 && u <= 0x318F) || (u >= 0xA960 && u <= 0xA97F)
            || (u >= 0xD7B0 && u <= 0xD7FF)) hangul = 1;
    }
    return hangul;
}
