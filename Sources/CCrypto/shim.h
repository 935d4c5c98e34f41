// OpenSSL's libcrypto (Debian: libssl-dev): the EVP digest API, for SHA-256.
#include <openssl/evp.h>
