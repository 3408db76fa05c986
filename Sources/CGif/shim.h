// CGif: the types and constants of Debian's giflib (libgif-dev). No `link` line on purpose: mailsim loads
// libgif.so.7 with dlopen the first time it writes a GIF (MailboxRaster/GifLibrary.swift).
#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
#include <stdbool.h>
#include <gif_lib.h>
#endif
