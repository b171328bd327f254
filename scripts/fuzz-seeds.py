#!/usr/bin/env python3
"""Seed corpora and a dictionary for the libFuzzer targets (scripts/fuzz.sh).

From the test suite, as scripts/fuzz-mutate.py reads it:
  module             every `// -----` case of every .mlir file under test/
  attribute          every `!cute...<...>` type and `#cute...<...>` attribute
                     written in those files
  layout-expression  every cute-layout expression of test/cute-layout
  layout-notation    the arguments of those expressions
and, for all targets, a libFuzzer dictionary of our keywords: op, type and
attribute names seen in the tests, the calculator's functions, the MMA atom
names and the notation's own tokens.

  scripts/fuzz-seeds.py OUT-DIR CUTE-LAYOUT
writes OUT-DIR/<target>/<n> files and OUT-DIR/cute.dict.
"""

import hashlib
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'fuzz_mutate', os.path.join(HERE, 'fuzz-mutate.py'))
fuzz_mutate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_mutate)

NOTATION_TOKENS = ['Sw<', ' o ', '?', '?{div=16}', '_', ':', '(', ')', ',',
                   '{div=', '->', 'x']


def balanced_from(text, start):
    """The text from `start` through the `>` that closes its first `<`."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == '<':
            depth += 1
        elif c == '>' and depth:
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        elif c == '\n' and depth == 0:
            return None
    return None


def cute_types_and_attrs(cases):
    found = set()
    for _, text in cases:
        for m in re.finditer(r'[!#]cute(_nvgpu)?\.[A-Za-z_]+<', text):
            item = balanced_from(text, m.start())
            if item:
                found.add(item)
    return sorted(found)


def call_arguments(expr):
    """The top-level arguments of `f(a, b)`; the expression itself if none."""
    m = re.match(r'\s*[A-Za-z_][A-Za-z_0-9]*\s*\((.*)\)\s*$', expr)
    if not m:
        return [expr]
    args, depth, cur = [], 0, ''
    for c in m.group(1):
        if c in '(<[':
            depth += 1
        elif c in ')>]':
            depth -= 1
        if c == ',' and depth == 0:
            args.append(cur.strip())
            cur = ''
        else:
            cur += c
    args.append(cur.strip())
    return args


def dictionary_words(cases, exprs, cute_layout):
    words = set(NOTATION_TOKENS)
    for _, text in cases:
        words.update(re.findall(r'\b(?:cute|cute_nvgpu|nvvm|gpu)\.[a-z_.]+',
                                text))
        words.update(re.findall(r'[!#](?:cute|cute_nvgpu)\.[a-z_]+', text))
    help_text = subprocess.run([cute_layout, '--help'], capture_output=True,
                               text=True).stdout
    functions = help_text.split('Functions:')[-1].split()
    words.update(f + '(' for f in functions)
    atoms = subprocess.run([cute_layout, '--list-mma-atoms'],
                           capture_output=True, text=True).stdout.split()
    words.update(atoms)
    return sorted(words)


def write_corpus(directory, items):
    os.makedirs(directory, exist_ok=True)
    for item in items:
        data = item.encode()
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(directory, name), 'wb') as f:
            f.write(data)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out, cute_layout = sys.argv[1], sys.argv[2]
    cases = fuzz_mutate.load_mlir_seeds()
    exprs = fuzz_mutate.load_layout_seeds()
    write_corpus(os.path.join(out, 'module'), [t for _, t in cases])
    write_corpus(os.path.join(out, 'attribute'), cute_types_and_attrs(cases))
    write_corpus(os.path.join(out, 'layout-expression'), exprs)
    write_corpus(os.path.join(out, 'layout-notation'),
                 sorted({a for e in exprs for a in call_arguments(e)}))
    with open(os.path.join(out, 'cute.dict'), 'w') as f:
        for w in dictionary_words(cases, exprs, cute_layout):
            f.write('"' + w.replace('\\', '\\\\').replace('"', '\\"') + '"\n')


if __name__ == '__main__':
    main()
