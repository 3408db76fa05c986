// CGIF: the types and constants of giflib (Debian's libgif-dev). No `link` line on purpose: mailsim loads
// libgif.so.7 with dlopen the first time it reads a GIF (MailboxFootageDecoding/GIFLibrary.swift).
#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
#include <gif_lib.h>
#endif
