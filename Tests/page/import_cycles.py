#!/usr/bin/env python3
"""The page's modules import one another without a cycle (docs/playground.md, "The page").

A cycle among ES modules runs, but one module of it is evaluated before the others it imports, so which of its
bindings exist when depends on the order the page happens to load them in; and a cycle is a knot: no module of it
can be read, tested or changed alone. The modules form layers instead: state, bus and dom at the bottom, the
transport above them, the UI modules above it, which subscribe to the bus for what the transport hears.

This reads every module of the page's folder (`.js`, `.mjs`), takes each relative import (`import … from "./x.js"`,
`import "./x.js"`, `export … from "./x.js"` and `import("./x.js")`), and fails naming each cycle, one line a cycle:
`cycle: a.js -> b.js -> a.js`. An import of a file that is not in the folder fails too.

Usage: Tests/page/import_cycles.py [FOLDER]   (default: Sources/PlaygroundPage, from the repository's root)."""
import pathlib
import re
import sys

IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s(?:[^"';]*?\sfrom\s*)?["'](\./[^"']+)["']|"""
                    r"""\bimport\(\s*["'](\./[^"']+)["']\s*\)""", re.MULTILINE)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def imports(path):
    """The folder's files `path` imports, in the order it names them."""
    text = COMMENT.sub("", path.read_text(encoding="utf-8"))
    found = []
    for match in IMPORT.finditer(text):
        name = (match.group(1) or match.group(2))[2:]
        if name not in found:
            found.append(name)
    return found


def cycles(graph):
    """Each cycle of the graph once, as the list of its modules, the first repeated last; found by a depth-first
    walk, a cycle being an edge back to a module still on the walk's path."""
    found, seen, state = [], set(), {}
    path = []

    def walk(node):
        state[node] = "on path"
        path.append(node)
        for next_node in graph.get(node, []):
            if state.get(next_node) == "on path":
                cycle = path[path.index(next_node):] + [next_node]
                key = frozenset(cycle)
                if key not in seen:
                    seen.add(key)
                    found.append(cycle)
            elif next_node not in state:
                walk(next_node)
        path.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def main():
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources/PlaygroundPage")
    modules = sorted(p for p in folder.iterdir() if p.suffix in (".js", ".mjs"))
    if not modules:
        print(f"import_cycles: no modules in {folder}", file=sys.stderr)
        return 2
    graph = {p.name: imports(p) for p in modules}
    problems = []
    for name, imported in sorted(graph.items()):
        for other in imported:
            if other not in graph:
                problems.append(f"{folder / name}: imports ./{other}, which is not in the folder")
    for cycle in cycles(graph):
        problems.append("cycle: " + " -> ".join(cycle))
    for problem in problems:
        print(problem, file=sys.stderr)
    edges = sum(len(v) for v in graph.values())
    if problems:
        print(f"import_cycles: {len(problems)} problem(s) among {len(graph)} modules", file=sys.stderr)
        return 1
    print(f"import_cycles: {len(graph)} modules, {edges} imports, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
