// xxHash (Debian: libxxhash-dev): XXH3's 128-bit variant, for the pixel digest of references.
#include <xxhash.h>
