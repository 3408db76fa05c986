#!/usr/bin/env python3
"""A man page from a program's --help (tools/dist/make-dist.sh: mailsim-playground's, which has no page of its own).
Usage: help-to-man.py PROGRAM NAME SUMMARY DATE > NAME.1. The help text is kept as it prints, in a block that is not
refilled, under the usual sections; written from the binary each time, it cannot fall behind its options."""
import subprocess
import sys


def escape(line):
    """roff text: backslashes doubled, a leading dot or quote made literal."""
    line = line.replace("\\", "\\e")
    return "\\&" + line if line.startswith((".", "'")) else line


def main(program, name, summary, date):
    text = subprocess.run([program, "--help"], capture_output=True, text=True, check=True).stdout
    print(f'.TH {name.upper()} 1 "{date}" "{name}" "User Commands"')
    print(".SH NAME")
    print(f"{name} \\- {escape(summary)}")
    print(".SH DESCRIPTION")
    print(".nf")
    for line in text.rstrip("\n").splitlines():
        print(escape(line))
    print(".fi")
    print(".SH SEE ALSO")
    print(".BR mailsim (1);")
    print("/usr/share/doc/mailsim (the service, its options and hardening)")


if __name__ == "__main__":
    main(*sys.argv[1:5])
