// CCairo: the types and constants of Debian's cairo (libcairo2-dev). No `link` line on purpose: mailsim loads
// libcairo.so.2 with dlopen the first time it draws a picture (MailboxRaster/CairoLibrary.swift), so a run
// that draws nothing maps none of cairo's 35 libraries at start-up.
#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
#include <cairo/cairo.h>
#endif
