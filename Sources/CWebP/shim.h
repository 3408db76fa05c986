// CWebP: the types and constants of Debian's libwebp (libwebp-dev): the animation encoder of libwebpmux and the
// picture and configuration of libwebp. No `link` line on purpose: mailsim loads libwebpmux.so.3 and libwebp.so.7
// with dlopen the first time it writes a WebP (MailboxRaster/WebPLibrary.swift).
#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
static const int mailsim_webp_encoder_abi = WEBP_ENCODER_ABI_VERSION;
static const int mailsim_webp_mux_abi = WEBP_MUX_ABI_VERSION;
#endif
