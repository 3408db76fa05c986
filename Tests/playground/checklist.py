"""The playground tests' checks: each printed `ok` or `FAIL` with its detail, counted for the closing line."""
import sys


class Checklist:
    """Call it with a check's name, whether it held and what to show when it did not."""

    def __init__(self):
        self.checks = self.failed = 0

    def __call__(self, name, condition, detail=""):
        self.checks += 1
        if condition:
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}" + (f"\n      {detail}" if detail else ""))
        sys.stdout.flush()
