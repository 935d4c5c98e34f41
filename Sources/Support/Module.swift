// Support: what every module needs and no product exposes (package-only, nothing public): `Locked`, the one
// lock box (a value behind a Mutex that ThreadSanitizer sees); `RegularFile`, the one checked open and read of a file
// that must be a regular file (never blocks on a FIFO, never reads a device); the content digests (XXH3-128 over
// libxxhash, SHA-256 over libcrypto). It may import only the system libraries (CCrypto, CXXHash).
