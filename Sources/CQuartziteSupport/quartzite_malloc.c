#include "quartzite_malloc.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void quartzite_tune_malloc(void) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
#endif
}
