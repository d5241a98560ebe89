#include "curvetype_line_breaks.h"
#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/uvernum.h>

/* ICU is opened the first time a line is broken, not linked: linked, libicuuc and its 30 MB of
   data (and libstdc++) load into every process before main, though only fit, warp and the
   seal's centre break lines. ICU's functions carry its major version in their names
   (ubrk_open is ubrk_open_72 here), which its headers spell for us: `CT_NAME(ubrk_open)`. */
#define CT_QUOTE(x) #x
#define CT_NAME(x) CT_QUOTE(x)

static struct {
    __typeof__(&ubrk_open) open;
    __typeof__(&utext_openUTF8) openUTF8;
    __typeof__(&ubrk_setUText) setUText;
    __typeof__(&ubrk_setText) setText;
    __typeof__(&ubrk_next) next;
    __typeof__(&utext_close) close;
    __typeof__(&u_getIntPropertyValue) intProperty;
} icu;
static int icu_loaded = 0;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void load_icu(void) {
    void *library = dlopen("libicuuc.so." U_ICU_VERSION_SHORT, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return;
    icu.open = (__typeof__(icu.open))dlsym(library, CT_NAME(ubrk_open));
    icu.openUTF8 = (__typeof__(icu.openUTF8))dlsym(library, CT_NAME(utext_openUTF8));
    icu.setUText = (__typeof__(icu.setUText))dlsym(library, CT_NAME(ubrk_setUText));
    icu.setText = (__typeof__(icu.setText))dlsym(library, CT_NAME(ubrk_setText));
    icu.next = (__typeof__(icu.next))dlsym(library, CT_NAME(ubrk_next));
    icu.close = (__typeof__(icu.close))dlsym(library, CT_NAME(utext_close));
    icu.intProperty = (__typeof__(icu.intProperty))dlsym(library, CT_NAME(u_getIntPropertyValue));
    icu_loaded = icu.open && icu.openUTF8 && icu.setUText && icu.setText && icu.next && icu.close && icu.intProperty;
}

/* A thread's line break iterator, opened once: opening one loads ICU's rules (tens of
   microseconds), while setting new text on it is cheap. */
static _Thread_local UBreakIterator *thread_iterator = NULL;

int32_t curvetype_line_breaks(const char *utf8, int64_t length, int32_t *breaks, int32_t capacity) {
    pthread_once(&icu_once, load_icu);
    if (!icu_loaded) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (thread_iterator == NULL) {
        thread_iterator = icu.open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) { thread_iterator = NULL; return -1; }
    }
    /* UTF-8 text: the iterator's positions are UTF-8 offsets. */
    UText *text = icu.openUTF8(NULL, utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    icu.setUText(thread_iterator, text, &status);
    int32_t count = 0;
    if (U_SUCCESS(status)) {
        for (int32_t at = icu.next(thread_iterator); at != UBRK_DONE && count < capacity; at = icu.next(thread_iterator)) {
            breaks[count++] = at;
        }
    } else {
        count = -1;
    }
    /* Point the iterator at nothing before the text goes away. */
    UErrorCode ignored = U_ZERO_ERROR;
    icu.setText(thread_iterator, NULL, 0, &ignored);
    icu.close(text);
    return count;
}

int32_t curvetype_vertical_orientation(uint32_t scalar) {
    pthread_once(&icu_once, load_icu);
    if (!icu_loaded) return -1;
    switch (icu.intProperty((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION)) {
    case U_VO_ROTATED: return 0;
    case U_VO_TRANSFORMED_ROTATED: return 1;
    case U_VO_TRANSFORMED_UPRIGHT: return 2;
    case U_VO_UPRIGHT: return 3;
    default: return 0;
    }
}

int32_t curvetype_joining(uint32_t scalar, int32_t *group) {
    *group = 0;
    pthread_once(&icu_once, load_icu);
    if (!icu_loaded) return -1;
    switch (icu.intProperty((UChar32)scalar, UCHAR_JOINING_GROUP)) {
    case U_JG_SEEN: case U_JG_SAD: *group = 1; break;
    case U_JG_HEH: case U_JG_TEH_MARBUTA: case U_JG_TEH_MARBUTA_GOAL: case U_JG_HEH_GOAL: case U_JG_KNOTTED_HEH:
    case U_JG_DAL: *group = 2; break;
    case U_JG_TAH: case U_JG_KAF: case U_JG_SWASH_KAF: case U_JG_GAF: *group = 3; break;
    case U_JG_LAM: *group = 7; break;
    case U_JG_ALEF: *group = 8; break;
    case U_JG_BEH: *group = 4; break;
    case U_JG_REH: case U_JG_YEH: case U_JG_FARSI_YEH: case U_JG_YEH_BARREE: *group = 5; break;
    case U_JG_WAW: case U_JG_AIN: case U_JG_QAF: case U_JG_AFRICAN_QAF: case U_JG_FEH: case U_JG_AFRICAN_FEH: *group = 6; break;
    default: break;
    }
    switch (icu.intProperty((UChar32)scalar, UCHAR_JOINING_TYPE)) {
    case U_JT_JOIN_CAUSING: return 'C';
    case U_JT_DUAL_JOINING: return 'D';
    case U_JT_LEFT_JOINING: return 'L';
    case U_JT_RIGHT_JOINING: return 'R';
    case U_JT_TRANSPARENT: return 'T';
    default: return 'U';
    }
}

int32_t curvetype_icu_available(void) {
    pthread_once(&icu_once, load_icu);
    return icu_loaded;
}
