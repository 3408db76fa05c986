// What the Swift standard library's embedded build leaves to its platform and the page's module must supply:
// parsing a decimal number (`Double("0.3")`, the JSON parser), here with wasi-libc's strtod, which is correctly
// rounded as glibc's is, so both builds read every number to the same double.
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *nptr, double *outResult) {
    char *end = NULL;
    *outResult = strtod(nptr, &end);
    return end == nptr ? NULL : end;
}

// The standard library seeds its hashing from here. A constant seed: the page's runs are the same on every load
// (no unseeded randomness), and nothing the simulation prints depends on a hash order.
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    for (size_t i = 0; i < count; i++) bytes[i] = 0;
}
