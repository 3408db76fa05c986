// CAV: the types and constants of Debian's FFmpeg libraries (libavformat-dev, libavcodec-dev, libavutil-dev). No
// `link` line on purpose: mailsim loads libavformat.so.59, libavcodec.so.59 and libavutil.so.57 with dlopen the
// first time it writes a video (MailboxRaster/VideoLibrary.swift).
#ifndef CAV_SHIM_H
#define CAV_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/frame.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
// Function-like macros Swift cannot import.
static const int mailsim_averror_eagain = AVERROR(EAGAIN);
static const int mailsim_averror_eof = AVERROR_EOF;
static const int mailsim_avseek_size = AVSEEK_SIZE;
static const int mailsim_codec_flag_global_header = AV_CODEC_FLAG_GLOBAL_HEADER;
static const int mailsim_fmt_globalheader = AVFMT_GLOBALHEADER;
#endif
