// Plain-C access to ICU's break iterators (UAX #14 line breaks, UAX #29 grapheme clusters).
// Only C integer types cross this header: Foundation on Linux ships its own ICU whose
// headers clash with the system's in any Swift module that sees both (docs/platform-pitfalls.md).
#ifndef LABELSNAPSHOT_CICU_H
#define LABELSNAPSHOT_CICU_H
#include <stdint.h>

/// Line-break opportunities (UAX #14) in UTF-16 `text` of `length` code units.
/// Writes up to `capacity` boundary offsets (UTF-16 units, ascending, excluding 0, including
/// `length`) into `offsets`, and into `mandatory` 1 where the break is a hard break (after
/// LF, CR, U+2028 …), else 0. Returns the number of boundaries, or -1 on an ICU error.
int32_t lsicu_line_breaks(const uint16_t *text, int32_t length,
                          int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/// Grapheme-cluster boundaries (UAX #29) in UTF-16 `text`; same output convention as
/// `lsicu_line_breaks` without the mandatory flags. Returns the count, or -1 on error.
int32_t lsicu_grapheme_breaks(const uint16_t *text, int32_t length,
                              int32_t *offsets, int32_t capacity);

/// Line-break opportunities (as `lsicu_line_breaks`) after `from`, up to and including the first one at or
/// beyond `to` (at most `capacity`), equal to the boundaries of a scan from the start. `from` must be 0 or a
/// boundary an earlier call returned (the scan continues from it).
int32_t lsicu_line_breaks_from(const uint16_t *text, int32_t length, int32_t from, int32_t to,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity);

/// Grapheme-cluster boundaries after `from` (0 or a boundary returned before), up to and including the first
/// at or beyond `to`.
int32_t lsicu_grapheme_breaks_from(const uint16_t *text, int32_t length, int32_t from, int32_t to,
                                   int32_t *offsets, int32_t capacity);

/// Offset of the first hard line break (LF, CR, VT, FF, NEL, U+2028, U+2029) at or after `from`, or `length`.
int32_t lsicu_hard_break(const uint16_t *text, int32_t length, int32_t from);

/// UTF-8 (valid, as a Swift String holds) to UTF-16 with ICU's u_strFromUTF8: fast in debug builds too.
/// `capacity` ≥ `length` always suffices. Returns the UTF-16 length, or -1 on an error.
int32_t lsicu_utf16_from_utf8(const uint8_t *utf8, int32_t length, uint16_t *out, int32_t capacity);

/// UTF-16 to UTF-8 with ICU's u_strToUTF8WithSub, an unpaired surrogate becoming U+FFFD (as Swift's
/// `String(decoding:as: UTF16.self)` repairs it). `capacity` ≥ 3 × `length` always suffices. Returns the UTF-8
/// length, or -1 on an error.
int32_t lsicu_utf8_from_utf16(const uint16_t *utf16, int32_t length, uint8_t *out, int32_t capacity);

/// The CJK language a text shows (`PaddedLabel.effectiveLanguage`): 2 for any kana (hiragana, katakana,
/// half-width katakana), else 1 for any Hangul (syllables, jamo, compatibility jamo), else 0. One pass, C speed.
int32_t lsicu_guess_cjk_language(const uint16_t *text, int32_t length);

/// Bidi embedding levels (UAX #9) of UTF-16 `text`: one level per code unit into `levels`
/// (even = left-to-right, odd = right-to-left) and the level of the paragraph holding each unit into
/// `paragraph_levels`; paragraphs end after LF, CR, U+2029 as in UAX #9 (P1).
/// `direction`: 0 forces left-to-right paragraphs, 1 right-to-left, 2 takes each paragraph's direction
/// from its first strong character and falls back to left-to-right, 3 the same falling back to right-to-left.
/// Returns 0, or -1 on an ICU error.
int32_t lsicu_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                          uint8_t *levels, uint8_t *paragraph_levels);

/// The end of the bidi paragraph (UAX #9 P1) that starts at `from`: the offset just after its paragraph
/// separator (LF, CR, CR LF, U+001C–U+001E, NEL, U+2029), or `length`.
int32_t lsicu_bidi_paragraph_end(const uint16_t *text, int32_t length, int32_t from);

/// Bidi levels of ONE paragraph (`text` holds no separator except, possibly, at its end), as
/// `lsicu_bidi_levels`, and its paragraph level into `*paragraph_level`. Levels of a paragraph do not depend
/// on the text around it (UAX #9 P1), and ICU's multi-paragraph lookups (ubidi_getParaLevelAtIndex, linear
/// in the number of paragraphs for every unit) are avoided. Returns 0, or -1 on an ICU error.
int32_t lsicu_bidi_paragraph_levels(const uint16_t *text, int32_t length, int32_t direction,
                                    uint8_t *levels, uint8_t *paragraph_level);

/// How many leading units of ONE bidi paragraph's `text` (no separator before its end) keep their levels
/// whatever text follows `length` in the same paragraph: up to and including the last strong character (class
/// L, R or AL) before the first opening paired bracket left unmatched at `length` (BD16, its canonical
/// equivalents U+2329/U+232A = U+3008/U+3009 included, no depth limit). 0 when `text` holds an explicit
/// formatting character (LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI) or no strong character before that
/// bracket. docs/layout-rules.md, Early stop, gives the UAX #9 reasoning. Returns -1 when out of memory.
int32_t lsicu_bidi_stable_length(const uint16_t *text, int32_t length);

/// Direction of the first strong character of `text` (UAX #9 P2–P3): 0 left-to-right,
/// 1 right-to-left, -1 none (neutral text).
int32_t lsicu_base_direction(const uint16_t *text, int32_t length);

/// CLDR plural category of the number `n` in the locale `bcp47` (a BCP 47 tag such as "ru" or "pt-BR"):
/// writes "zero", "one", "two", "few", "many" or "other" (NUL-terminated) into `keyword` of `capacity` bytes.
/// Returns the keyword's length, or -1 on an ICU error. (ICU's uplrules_select; links icui18n.)
int32_t lsicu_plural_category(const char *bcp47, double n, char *keyword, int32_t capacity);

/// The CLDR plural categories the locale `bcp47` uses ("zero one two few many other" for Arabic, "one other"
/// for English), space-separated in ICU's order, NUL-terminated, into `out` of `capacity` bytes (64 holds all six).
/// Returns the length, or -1 on an ICU error or when `out` is too small. (ICU's uplrules_getKeywords.)
int32_t lsicu_plural_keywords(const char *bcp47, char *out, int32_t capacity);

/// 1 when the language subtag of `bcp47` is one ICU knows (it has an ISO 639 code), else 0.
int32_t lsicu_is_known_language(const char *bcp47);

/// The ICU version linked at run time ("72.1") into `out` (capacity at least 20 bytes).
void lsicu_version(char *out, int32_t capacity);

#endif
