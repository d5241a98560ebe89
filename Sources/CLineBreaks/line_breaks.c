#include "curvetype_line_breaks.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>

/* A thread's line break iterator, opened once: opening one loads ICU's rules (tens of
   microseconds), while setting new text on it is cheap. */
static _Thread_local UBreakIterator *thread_iterator = NULL;

int32_t curvetype_line_breaks(const char *utf8, int64_t length, int32_t *breaks, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (thread_iterator == NULL) {
        thread_iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) { thread_iterator = NULL; return -1; }
    }
    /* UTF-8 text: the iterator's positions are UTF-8 offsets. */
    UText *text = utext_openUTF8(NULL, utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(thread_iterator, text, &status);
    int32_t count = 0;
    if (U_SUCCESS(status)) {
        for (int32_t at = ubrk_next(thread_iterator); at != UBRK_DONE && count < capacity; at = ubrk_next(thread_iterator)) {
            breaks[count++] = at;
        }
    } else {
        count = -1;
    }
    /* Point the iterator at nothing before the text goes away. */
    UErrorCode ignored = U_ZERO_ERROR;
    ubrk_setText(thread_iterator, NULL, 0, &ignored);
    utext_close(text);
    return count;
}
