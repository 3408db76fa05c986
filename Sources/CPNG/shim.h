// CPNG: the types and constants of Debian's libpng (libpng-dev, which libcairo2-dev brings). No `link` line on
// purpose: mailsim loads libpng16.so.16 with dlopen the first time it writes a PNG (MailboxRaster/PNGLibrary.swift).
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#endif
