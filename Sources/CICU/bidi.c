#include "CICU.h"
#include <unicode/ubidi.h>
#include <unicode/utypes.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <stdlib.h>

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

/// BD16's closing bracket of `c` with canonical equivalents folded (U+2329/U+232A decompose to U+3008/U+3009).
static UChar32 folded_bracket(UChar32 c) {
    return c == 0x2329 ? 0x3008 : c == 0x232A ? 0x3009 : c;
}

int32_t lsicu_bidi_stable_length(const uint16_t *text, int32_t length) {
    // Pass 1: the openers BD16 leaves on its stack at `length` (no limit: a stack ICU caps at 63 pairs no more
    // than this), and any explicit formatting character.
    int32_t capacity = 0, depth = 0;
    int32_t *positions = NULL;
    UChar32 *closers = NULL;
    for (int32_t i = 0; i < length;) {
        int32_t at = i;
        UChar32 c;
        U16_NEXT(text, i, length, c);
        UCharDirection d = u_charDirection(c);
        if (d == U_LEFT_TO_RIGHT_EMBEDDING || d == U_LEFT_TO_RIGHT_OVERRIDE || d == U_RIGHT_TO_LEFT_EMBEDDING
            || d == U_RIGHT_TO_LEFT_OVERRIDE || d == U_POP_DIRECTIONAL_FORMAT || d == U_LEFT_TO_RIGHT_ISOLATE
            || d == U_RIGHT_TO_LEFT_ISOLATE || d == U_FIRST_STRONG_ISOLATE || d == U_POP_DIRECTIONAL_ISOLATE) {
            free(positions); free(closers);
            return 0;
        }
        if (d != U_OTHER_NEUTRAL) continue;
        int32_t type = u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
        if (type == U_BPT_OPEN) {
            if (depth == capacity) {
                capacity = capacity == 0 ? 64 : 2 * capacity;
                int32_t *p = realloc(positions, (size_t)capacity * sizeof *p);
                if (p == NULL) { free(positions); free(closers); return -1; }
                positions = p;
                UChar32 *q = realloc(closers, (size_t)capacity * sizeof *q);
                if (q == NULL) { free(positions); free(closers); return -1; }
                closers = q;
            }
            positions[depth] = at;
            closers[depth] = folded_bracket(u_getBidiPairedBracket(c));
            depth++;
        } else if (type == U_BPT_CLOSE) {
            UChar32 f = folded_bracket(c);
            for (int32_t k = depth - 1; k >= 0; k--) {
                if (closers[k] == f) { depth = k; break; }   // pairs it, and drops the openers above it
            }
        }
    }
    int32_t limit = depth > 0 ? positions[0] : length;
    free(positions); free(closers);
    // Pass 2: the end of the last strong character before `limit`.
    for (int32_t i = limit; i > 0;) {
        int32_t end = i;
        UChar32 c;
        U16_PREV(text, 0, i, c);
        UCharDirection d = u_charDirection(c);
        if (d == U_LEFT_TO_RIGHT || d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC) return end;
    }
    return 0;
}
