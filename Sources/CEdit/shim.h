// CEdit: the parts of Debian's libedit (libedit-dev) that mailsim's REPL uses.
#ifndef CEDIT_SHIM_H
#define CEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <editline/readline.h>

// Setters and getters for libedit's readline globals, so Swift (6 language mode) need not touch C globals.

/// Before `rl_initialize`: the name ~/.editrc sections match, words split at blanks only (so `==`,
/// `#B2B2B2` and `--expect` are one word each), and the function that offers completions.
static inline void cedit_configure(rl_completion_func_t *complete) {
    rl_readline_name = "mailsim";
    rl_basic_word_break_characters = " \t";
    rl_completer_word_break_characters = (char *)" \t";
    rl_attempted_completion_function = complete;
    rl_completion_query_items = 100;
}

/// Before `rl_initialize`: where libedit draws the prompt and the line being edited (NULL: standard output).
/// libedit edits only when that stream is a terminal, so with standard output redirected it is given the
/// terminal instead.
static inline void cedit_set_output(FILE *out) {
    rl_outstream = out;
}

/// Before `rl_initialize`: the function libedit reads each character with (its readline emulation's
/// `rl_getc_function`; NULL, libedit's own read, is the default). It returns the character's code point, or -1 to end
/// the read.
static inline void cedit_set_getc(int (*getc)(FILE *)) {
    rl_getc_function = getc;
}

/// From inside the completion function: `over` 1 stops libedit from falling back to file names; `append`
/// is what follows a single completed word (' ', or 0 for nothing).
static inline void cedit_completion_settings(int over, int append) {
    rl_attempted_completion_over = over;
    rl_completion_append_character = append;
}

/// The line being edited and the cursor's byte offset in it (libedit keeps both current while completing).
static inline const char *cedit_line_buffer(void) { return rl_line_buffer; }
static inline int cedit_point(void) { return rl_point; }

/// A NULL-terminated, malloc'ed array of `count` + 1 pointers for completion matches (libedit frees it).
static inline char **cedit_match_array(size_t count) {
    return (char **)calloc(count + 1, sizeof(char *));
}

#endif
