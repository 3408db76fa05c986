// The C library functions the model uses, and nothing else: the maths (exp, log, sin, cos, pow) and memchr.
// One header for both builds: natively it is glibc's; for WebAssembly (make wasm) it is Debian's wasi-libc's,
// whose libc.a the page's module links. Swift code imports CMaths, never Glibc, in every file the page runs.
#include <math.h>
#include <string.h>
