#ifndef CPNGSHIM_MESSAGE_H
#define CPNGSHIM_MESSAGE_H
/* Internal to CPNGShim: libpng's error text into a fixed-size message buffer. */
#include <string.h>
#include "CPNGShim.h"

static inline void lsp_copy_message(char *destination, const char *text) {
    if (text == NULL) text = "unknown libpng error";
    strncpy(destination, text, LSP_PNG_MESSAGE_CAPACITY - 1);
    destination[LSP_PNG_MESSAGE_CAPACITY - 1] = '\0';
}
#endif
