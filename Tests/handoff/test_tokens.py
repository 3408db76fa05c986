#!/usr/bin/env python3
"""The design-token exports read by real consumers: each `mailsim export tokens` file validated against
the Design Tokens Community Group's JSON Schema for the Format Module 2025.10 (with jsonschema), and each
`mailsim export css` file parsed by tinycss2 as one `:root` rule of `--mailsim-` custom properties.

    mailsim export tokens > mailbox-interaction.tokens.json
    mailsim export css > mailbox-interaction.css
    python3 Tests/handoff/test_tokens.py SCHEMA_DIR mailbox-interaction.tokens.json mailbox-interaction.css

SCHEMA_DIR holds the schema's files as published at https://www.designtokens.org/schemas/2025.10/ (format.json
and format/...; the same as www/public/schemas/2025.10 in github.com/design-tokens/community-group). Files ending
in .css are read as CSS, the others as tokens. Needs `pip install jsonschema tinycss2`. `make test`'s `handoff` step
(tools/handoff-tests.sh) runs it on SPEC's settings, every profile and a tuning, with the schema kept in
Tests/handoff/dtcg-2025.10.
"""
import json
import os
import sys
import unittest

import jsonschema
import referencing
import tinycss2

SCHEMA_DIR = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else None
FILES = [os.path.abspath(path) for path in sys.argv[1:]]
del sys.argv[1:]


def schemas():
    """Every schema file under SCHEMA_DIR, by its $id, and the format's own."""
    resources, root = [], None
    for dirpath, _, names in os.walk(SCHEMA_DIR):
        for name in sorted(names):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                schema = json.load(f)
            resources.append((schema["$id"], referencing.Resource.from_contents(schema)))
            if schema["$id"].endswith("/2025.10/format.json"):
                root = schema
    return root, referencing.Registry().with_resources(resources)


class Tokens(unittest.TestCase):
    def test_tokens_files_obey_the_schema(self):
        paths = [p for p in FILES if not p.endswith(".css")]
        self.assertTrue(paths, "no tokens file given")
        root, registry = schemas()
        self.assertIsNotNone(root, "no format.json in " + str(SCHEMA_DIR))
        validator = jsonschema.Draft7Validator(root, registry=registry)
        for path in paths:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertTrue(text.endswith("}\n"), path)
            document = json.loads(text)
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            self.assertEqual([], [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors], path)
            self.assertIn("threshold", document)
            near = document["threshold"]["left"]["near"]
            self.assertEqual(near["$type"], "dimension")
            self.assertEqual(near["$value"]["unit"], "px")


    def test_the_schema_refuses_what_the_format_does_not_allow(self):
        # The check can fail: a dimension in pt (the format allows px and rem) and a colour as a bare hex string
        # (2025.10's colour is an object) are refused.
        path = next(p for p in FILES if not p.endswith(".css"))
        root, registry = schemas()
        validator = jsonschema.Draft7Validator(root, registry=registry)
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        document["threshold"]["left"]["near"]["$value"]["unit"] = "pt"
        self.assertTrue(list(validator.iter_errors(document)))
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        document["color"]["yellow"]["$value"] = "#feca16"
        self.assertTrue(list(validator.iter_errors(document)))


class CSS(unittest.TestCase):
    def test_css_files_are_one_root_rule_of_custom_properties(self):
        paths = [p for p in FILES if p.endswith(".css")]
        self.assertTrue(paths, "no CSS file given")
        for path in paths:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
            self.assertEqual([r.type for r in rules], ["qualified-rule"], path)
            self.assertEqual(tinycss2.serialize(rules[0].prelude).strip(), ":root", path)
            declarations = tinycss2.parse_blocks_contents(rules[0].content, skip_comments=True, skip_whitespace=True)
            self.assertTrue(declarations, path)
            names = []
            for d in declarations:
                self.assertEqual(d.type, "declaration", f"{path}: {getattr(d, 'message', d.type)} at line {d.source_line}")
                self.assertTrue(d.name.startswith("--mailsim-"), d.name)
                self.assertFalse(d.important, d.name)
                self.assertTrue(tinycss2.serialize(d.value).strip(), d.name)
                names.append(d.name)
            self.assertEqual(len(names), len(set(names)), path)
            self.assertIn("--mailsim-threshold-left-near", names)


if __name__ == "__main__":
    if SCHEMA_DIR is None or not FILES:
        sys.exit(__doc__)
    unittest.main()
