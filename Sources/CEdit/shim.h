// CEdit: the parts of Debian's libedit (libedit-dev) that mailsim's REPL uses.
#ifndef CEDIT_SHIM_H
#define CEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>
#endif
