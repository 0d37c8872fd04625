#ifndef QUARTZITE_MALLOC_H
#define QUARTZITE_MALLOC_H
/// Raises glibc's malloc trim and mmap thresholds so memory freed every frame (llvmpipe's big buffers) is
/// kept for reuse instead of being returned to the kernel and faulted in again (DESIGN.md: about 10 ms a
/// frame otherwise). A no-op where glibc's mallopt is not available. Swift does not import <malloc.h>.
void quartzite_tune_malloc(void);
#endif
