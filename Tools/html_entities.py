#!/usr/bin/env python3
"""Writes Sources/CurveType/HTMLEntities.swift: HTML's named character references (WHATWG's
list, as Python's html.entities.html5 holds it), those ending in a semicolon, for
readme-badges to read an address as a browser does (`&nbsp;` is U+00A0). A test runs this
again and compares the bytes.

Usage: html_entities.py OUTPUT.swift"""
import html.entities
import sys

names = sorted(k[:-1] for k in html.entities.html5 if k.endswith(";"))
lines = []
for name in names:
    value = html.entities.html5[name + ";"]
    lines.append(name + " " + " ".join("%X" % ord(c) for c in value))
table = "\n".join(lines)
out = f'''// Written by Tools/html_entities.py from Python's html.entities.html5 (WHATWG's list of named
// character references); do not edit. Each line: a name (without & and ;), then its
// characters' code points in hexadecimal.

/// HTML's named character references, {len(names)} of them, as a browser reads `&name;`.
enum HTMLEntities {{
    /// The table, read into `values` at first use.
    static let table = """
{table}
"""

    /// Each name's characters.
    static let values: [Substring: String] = {{
        var values: [Substring: String] = [:]
        for line in table.split(separator: "\\n") {{
            let fields = line.split(separator: " ")
            guard let name = fields.first else {{ continue }}
            var text = ""
            for field in fields.dropFirst() {{
                if let code = UInt32(field, radix: 16), let scalar = Unicode.Scalar(code) {{ text.unicodeScalars.append(scalar) }}
            }}
            values[name] = text
        }}
        return values
    }}()
}}
'''
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write(out)
