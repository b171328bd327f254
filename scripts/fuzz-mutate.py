#!/usr/bin/env python3
"""Mutation fuzzing of cute-opt and cute-layout, seeded from the test suite.

Every `.mlir` file under test/ is split on `// -----` into seed cases; every
expression line of test/cute-layout/*.test is a seed expression. Each mutant
(a few random edits that matter for our syntax: numbers made huge, zero or
negative, tokens deleted or duplicated, layout strings and atom names swapped,
operands dropped, a generic op's regions, properties or results dropped, the
text truncated) runs through `cute-opt` under several
pipelines, or through `cute-layout`, with a time limit. A run fails when it
exits with a status other than 0 or 1, runs past the time limit, prints a
crash marker (`Stack dump`, `LLVM ERROR`, `Assertion`, `PLEASE submit`), or
exits 1 without an `error:` diagnostic. A run past the time limit gets a
SIGQUIT first, so that LLVM's handler prints where it was.

Each distinct failure (by its top frames or message) is saved under the crash
directory (default /tmp/fuzz-crashes) as `<n>.mlir` / `<n>.expr` with the
command and its stderr beside it.

  scripts/fuzz-mutate.py                     # fuzz until interrupted
  scripts/fuzz-mutate.py --seconds 600 --seed 3
  scripts/fuzz-mutate.py --reduce /tmp/fuzz-crashes/0.mlir
                                             # delta-reduce a saved failure

Only the Python standard library is used. Run one at a time, under `nice`.
"""

import argparse
import atexit
import bisect
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# cute-opt pipelines; the ones after the first only run on an input that
# parses and verifies (a pass never sees an input the parser rejected).
PIPELINES = [
    [],
    ['-canonicalize'],
    ['-cute-expand-layouts'],
    ['-cute-lower-to-scf'],
    ['--convert-cute-nvgpu-to-nvvm'],
    ['--cute-nvgpu-lower-pipelines'],
    ['--cute-nvgpu-draw-atoms=dir=/tmp/fuzz-draw-atoms'],
    ['--cute-to-ptx=chip={chip}'],
    ['--cute-to-llvm=chip={chip}'],
]
# A chip for {chip}, drawn per run: an op the chip lacks must be an error of
# the verifier, not an abort of the NVPTX backend.
CHIPS = ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a',
         'sm_100a']

CRASH_MARKERS = ['Stack dump', 'LLVM ERROR', 'Assertion', 'PLEASE submit',
                 'terminate called', 'Segmentation fault', 'UNREACHABLE']

INTERESTING_NUMBERS = ['0', '-1', '1', '2', '3', '7', '1023', '1024', '1025',
                       '4096', '65536', '1048576', '4194304', '2147483647',
                       '2147483648', '4294967296', '4611686018427387904',
                       '9223372036854775807', '9223372036854775808',
                       '99999999999999999999', '-9223372036854775808']

TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|%[\w.#$-]+|#[\w.$-]+|![\w.$-]+|'
                      r'@[\w.$-]+|\^[\w.$-]+|-?\d+(?:\.\d+)?|[A-Za-z_][\w.$]*|'
                      r'->|\S')
NUMBER_RE = re.compile(r'-?\d+')
QUOTED_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------

def load_mlir_seeds():
    seeds = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, 'test')):
        for name in sorted(files):
            if not name.endswith('.mlir'):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding='utf-8', errors='replace') as f:
                text = f.read()
            for i, case in enumerate(re.split(r'^// -----.*$', text,
                                              flags=re.M)):
                # Drop the comment lines: they only slow the parser down and
                # keep the saved failures shorter.
                body = '\n'.join(l for l in case.splitlines()
                                 if not l.lstrip().startswith('//'))
                if body.strip():
                    seeds.append((os.path.relpath(path, ROOT) + f'#{i}',
                                  body + '\n'))
    return seeds


def load_layout_seeds():
    exprs = []
    d = os.path.join(ROOT, 'test', 'cute-layout')
    for name in sorted(os.listdir(d)):
        if not name.endswith('.test'):
            continue
        with open(os.path.join(d, name), encoding='utf-8') as f:
            for line in f:
                line = line.rstrip('\n')
                for m in re.finditer(r"cute-layout[^']*'([^']+)'", line):
                    exprs.append(m.group(1))
                if line.strip() and not line.startswith('#') and \
                        not line.startswith('RUN') and \
                        not line.startswith('CHECK'):
                    exprs.append(line.strip())
    return exprs


def corpus_pools(seeds, exprs):
    """Strings, atom names, keywords and lines to splice into mutants."""
    quoted, words, lines, attrs = set(), set(), [], set()
    for _, text in seeds:
        for q in QUOTED_RE.findall(text):
            quoted.add(q)
        for w in re.findall(r'\b[a-z_]+\.[a-z_.]+\b|\b[a-z]mem\b|\b[fisu]\d+\b',
                            text):
            words.add(w)
        for a in re.findall(r'#cute_nvgpu\.[\w]+(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?',
                            text):
            attrs.add(a)
        lines.extend(l for l in text.splitlines() if l.strip())
    for e in exprs:
        for q in re.findall(r'\([^()]*\):\([^()]*\)|\d+:\d+', e):
            quoted.add('"' + q + '"')
    return sorted(quoted), sorted(words), lines, sorted(attrs)


# ---------------------------------------------------------------------------
# Mutations
# ---------------------------------------------------------------------------

class Mutator:
    def __init__(self, rng, pools):
        self.rng = rng
        self.quoted, self.words, self.lines, self.attrs = pools

    def number(self, text):
        ms = list(NUMBER_RE.finditer(text))
        if not ms:
            return text
        m = self.rng.choice(ms)
        r = self.rng.random()
        if r < 0.6:
            new = self.rng.choice(INTERESTING_NUMBERS)
        elif r < 0.8:
            new = str(int(m.group()) * self.rng.choice([2, 16, 1024, 1 << 20]))
        else:
            new = str(self.rng.randint(-3, 300))
        return text[:m.start()] + new + text[m.end():]

    def bare_number(self, text):
        """A number outside quoted strings (an attribute's or an op's integer,
        not a layout's): the mutant more often still verifies."""
        quoted = [m.span() for m in QUOTED_RE.finditer(text)]
        starts = [a for a, _ in quoted]
        ms = [m for m in NUMBER_RE.finditer(text)
              if not (bisect.bisect_right(starts, m.start()) and
                      quoted[bisect.bisect_right(starts, m.start()) - 1][1] >
                      m.start())]
        if not ms:
            return text
        m = self.rng.choice(ms)
        new = self.rng.choice(INTERESTING_NUMBERS + [str(int(m.group()) + 1),
                                                     str(int(m.group()) - 1)])
        return text[:m.start()] + new + text[m.end():]

    def tokens(self, text):
        return list(TOKEN_RE.finditer(text))

    def delete_token(self, text):
        ts = self.tokens(text)
        if not ts:
            return text
        t = self.rng.choice(ts)
        return text[:t.start()] + text[t.end():]

    def duplicate_token(self, text):
        ts = self.tokens(text)
        if not ts:
            return text
        t = self.rng.choice(ts)
        return text[:t.end()] + ' ' + t.group() + text[t.end():]

    def swap_tokens(self, text):
        ts = self.tokens(text)
        if len(ts) < 2:
            return text
        a, b = sorted(self.rng.sample(ts, 2), key=lambda t: t.start())
        return (text[:a.start()] + b.group() + text[a.end():b.start()] +
                a.group() + text[b.end():])

    def swap_string(self, text):
        ms = list(QUOTED_RE.finditer(text))
        if not ms or not self.quoted:
            return text
        m = self.rng.choice(ms)
        return text[:m.start()] + self.rng.choice(self.quoted) + text[m.end():]

    def mutate_in_string(self, text):
        """An edit inside a quoted layout / atom name."""
        ms = list(QUOTED_RE.finditer(text))
        if not ms:
            return text
        m = self.rng.choice(ms)
        inner = m.group()[1:-1]
        choice = self.rng.random()
        if choice < 0.4 and NUMBER_RE.search(inner):
            inner = self.number(inner)
        elif choice < 0.6 and inner:
            i = self.rng.randrange(len(inner))
            inner = inner[:i] + inner[i + 1:]
        elif choice < 0.8:
            i = self.rng.randrange(len(inner) + 1)
            inner = inner[:i] + self.rng.choice(
                ['(', ')', ',', ':', '_', '?', '0', '1', '(2,2)', '4096',
                 ' o ', 'Sw<3,3,3> o 0 o ', '{div=0}', '-']) + inner[i:]
        else:
            # Nest or repeat a mode: wide and deep tuples.
            inner = self.rng.choice(['(' + inner + ',' + inner + ')',
                                     '(' + inner + ')', inner + inner])
        return text[:m.start()] + '"' + inner + '"' + text[m.end():]

    def drop_operand(self, text):
        ms = list(re.finditer(r'(,\s*)?%[\w.#$-]+(\s*,)?', text))
        if not ms:
            return text
        m = self.rng.choice(ms)
        if m.group(1) and m.group(2):
            return text[:m.start()] + ',' + text[m.end():]
        return text[:m.start()] + text[m.end():]

    def swap_word(self, text):
        if not self.words:
            return text
        ms = list(re.finditer(r'\b[a-z_]+\.[a-z_.]+\b|\b[a-z]mem\b|'
                              r'\b[fisu]\d+\b', text))
        if not ms:
            return text
        m = self.rng.choice(ms)
        return text[:m.start()] + self.rng.choice(self.words) + text[m.end():]

    def swap_attr(self, text):
        ms = list(re.finditer(r'#cute_nvgpu\.[\w]+(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?',
                              text))
        if not ms or not self.attrs:
            return text
        m = self.rng.choice(ms)
        return text[:m.start()] + self.rng.choice(self.attrs) + text[m.end():]

    def splice_line(self, text):
        lines = text.splitlines()
        if not lines:
            return text
        i = self.rng.randrange(len(lines))
        r = self.rng.random()
        if r < 0.4:
            lines.insert(i, self.rng.choice(self.lines))
        elif r < 0.7:
            lines[i] = self.rng.choice(self.lines)
        elif r < 0.85:
            del lines[i]
        else:
            lines.insert(i, lines[i])
        return '\n'.join(lines) + '\n'

    @staticmethod
    def closing(text, start, pair):
        """The index past the bracket that closes the one at `start`,
        skipping quoted strings; None when unbalanced."""
        depth = 0
        i = start
        while i < len(text):
            c = text[i]
            if c == '"':
                m = QUOTED_RE.match(text, i)
                i = m.end() if m else i + 1
                continue
            if c == pair[0]:
                depth += 1
            elif c == pair[1]:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return None

    def drop_structure(self, text):
        """Of an op in generic form: its regions, its properties `<{...}>`,
        its attribute dictionary or its results, so that code that reads an
        op before the verifier has checked its shape meets one without
        them."""
        r = self.rng.random()
        if r < 0.4:
            starts = [m.start() for m in re.finditer(r'\(\{', text)]
            pair = '()'
        elif r < 0.7:
            # The braces of `<{...}>`, then its `>` (a `->` inside would
            # unbalance angle brackets).
            starts = [m.start() + 1 for m in re.finditer(r'<\{', text)]
            pair = '{}'
        elif r < 0.85:
            starts = [m.start() + 1 for m in re.finditer(r'\) \{', text)]
            pair = '{}'
        else:
            ms = list(re.finditer(r'^(\s*)%[\w.#$-]+(:\d+)? = ', text, re.M))
            if not ms:
                return text
            m = self.rng.choice(ms)
            return text[:m.start()] + m.group(1) + text[m.end():]
        if not starts:
            return text
        start = self.rng.choice(starts)
        end = self.closing(text, start, pair)
        if end is None:
            return text
        if text[start - 1:start] == '<' and text[end:end + 1] == '>':
            start, end = start - 1, end + 1
        return text[:start] + text[end:]

    def truncate(self, text):
        if not text:
            return text
        return text[:self.rng.randrange(len(text))]

    MLIR_OPS = ['number', 'number', 'number', 'delete_token', 'duplicate_token',
                'swap_tokens', 'swap_string', 'mutate_in_string',
                'mutate_in_string', 'drop_operand', 'swap_word', 'swap_attr',
                'splice_line', 'drop_structure', 'drop_structure', 'truncate']

    # Edits that keep the text well formed more often than not, so that the
    # mutant reaches the verifiers and the passes.
    SEMANTIC_OPS = ['bare_number', 'bare_number', 'bare_number', 'number',
                    'number', 'swap_string',
                    'mutate_in_string', 'mutate_in_string', 'swap_attr',
                    'swap_word', 'drop_operand']

    def mutate_mlir(self, text, semantic=False):
        names = []
        ops = self.SEMANTIC_OPS if semantic else self.MLIR_OPS
        counts = [1, 1, 1, 2] if semantic else [1, 1, 1, 2, 2, 3, 5]
        for _ in range(self.rng.choice(counts)):
            name = self.rng.choice(ops)
            if name == 'truncate' and self.rng.random() < 0.7:
                continue
            text = getattr(self, name)(text)
            names.append(name)
        return text, names

    EXPR_INSERTS = ['(', ')', ',', ':', '_', '?', '?N', '?N{div=16}', '0',
                    '-1', '1024', '4096', '1048576', '4194304',
                    '4611686018427387904', 'Sw<3,3,3> o 0 o ', '(2,2)',
                    '(1024,1024)', '(4096,4096,4)', '(65536,65536):(1,65536)',
                    'SM80_16x8x16_F32F16F16F32_TN',
                    'SM90_64x256x16_F32F16F16_SS', 'SM70_8x8x4_F32F16F16F32_NT',
                    'UniversalCopy_U128', 'SM75_U32x4_LDSM_N', 'f16', 'f32',
                    'tiled_mma(', 'tiled_copy(', 'mma_atom(', 'copy_atom(',
                    'gmma_layout(', 'gmma_desc(', 'recast(', 'upcast(',
                    'blocked_product(', 'raked_product(', 'nullspace(',
                    'eval(', 'right_inverse(', 'complement(', 'text(']

    def mutate_expr(self, expr):
        for _ in range(self.rng.choice([1, 1, 2, 3])):
            r = self.rng.random()
            if r < 0.35:
                expr = self.number(expr)
            elif r < 0.5:
                expr = self.delete_token(expr)
            elif r < 0.6:
                expr = self.duplicate_token(expr)
            elif r < 0.85:
                i = self.rng.randrange(len(expr) + 1)
                expr = expr[:i] + self.rng.choice(self.EXPR_INSERTS) + expr[i:]
            elif r < 0.95:
                expr = self.swap_tokens(expr)
            else:
                expr = self.truncate(expr)
        return expr.replace('\n', ' ')


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

def _child_setup():
    # A shell's background job ignores SIGQUIT; the child needs it back. No
    # core files from the tools that do not handle it.
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_tool(cmd, stdin_text, timeout):
    """(status, stderr, stdout, seconds); status 'timeout' past the limit."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=_child_setup)
    try:
        out, err = p.communicate(stdin_text.encode('utf-8', 'replace'),
                                 timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        # SIGQUIT: LLVM's handler prints the stack of the hanging run.
        p.send_signal(signal.SIGQUIT)
        try:
            out, err = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
        status = 'timeout'
    return (status, err.decode('utf-8', 'replace'),
            out.decode('utf-8', 'replace'), time.monotonic() - start)


FRAME_RE = re.compile(r'^\s*#\d+\s+0x[0-9a-f]+\s+(.*)$', re.M)
SKIP_FRAMES = ('llvm::sys::', 'SignalHandler', 'PrintStackTrace', '__restore_rt',
               'raise', 'abort', '__pthread_kill', 'pthread_kill',
               'report_fatal_error', 'llvm_unreachable', '__assert',
               'operator new', 'malloc', 'memcpy', 'memmove', 'std::')
# The entry points of our code into which a hang is attributed: the frames
# of the loop itself change from one sample to the next.
ENTRY_RE = re.compile(r'verify|Pass|::parse|matchAndRewrite|fold|infer|'
                      r'compute|::get\b|::make|evaluate|Pattern')


def failure_kind(status, err):
    """None for a clean run or a clean rejection, else a short kind."""
    if status == 'timeout':
        return 'timeout'
    if status not in (0, 1):
        return f'exit{status}'
    for marker in CRASH_MARKERS:
        if marker in err:
            return 'marker'
    if status == 1 and 'error' not in err:
        return 'no-diagnostic'
    return None


def frame_names(err):
    names = []
    for f in FRAME_RE.findall(err):
        f = re.sub(r'\s*\(/[^()]*\)$', '', f).strip()   # (/lib/x.so+0x...)
        f = re.sub(r'\s+\S+:\d+(:\d+)?$', '', f)         # file:line:col
        f = re.sub(r'\(.*', '', f).strip()                # the arguments
        if f and not any(s in f for s in SKIP_FRAMES):
            names.append(f)
    return names


def signature(kind, err):
    names = frame_names(err)
    message = ''
    for line in err.splitlines():
        if 'LLVM ERROR' in line or 'Assertion' in line or \
                'terminate called' in line:
            message = re.sub(r'\d+', 'N', line.strip())[:160] + ' '
            break
    if kind == 'timeout':
        entry = [n for n in names if ENTRY_RE.search(n)]
        return kind + ': ' + ' <- '.join((names[:1] + entry[:2]) or ['?'])
    if names:
        return kind + ': ' + message + ' <- '.join(names[:3])
    if message:
        return kind + ': ' + message
    return kind + ': ' + re.sub(r'\d+', 'N', err.strip()[:120])


def check_located(err):
    """False when an error has no source location: `error: ...` alone, or
    at `<unknown>:0` (an op built with an unknown location)."""
    for line in err.splitlines():
        if line.startswith('error:') or line.startswith('<unknown>'):
            return False
    return True


class Fuzzer:
    def __init__(self, args):
        self.args = args
        # Private copies of the tools: a rebuild during a long run would
        # otherwise replace them under it.
        tools = tempfile.mkdtemp(prefix='fuzz-tools-')
        atexit.register(shutil.rmtree, tools, ignore_errors=True)
        self.opt = shutil.copy2(os.path.join(args.build, 'bin', 'cute-opt'),
                                tools)
        self.layout = shutil.copy2(
            os.path.join(args.build, 'bin', 'cute-layout'), tools)
        self.rng = random.Random(args.seed)
        self.seeds = load_mlir_seeds()
        self.exprs = load_layout_seeds()
        self.mutator = Mutator(self.rng, corpus_pools(self.seeds, self.exprs))
        # The seeds cute-opt accepts as they are: their mutants reach the
        # passes far more often than those of the invalid.mlir cases.
        self.valid = [s for s in self.seeds
                      if run_tool([self.opt, '-', '-o', '/dev/null'], s[1],
                                  args.timeout)[0] == 0]
        # Their generic forms too: mutants without the custom parsers' checks
        # (operand and region counts, attribute kinds) reach the verifiers.
        generic = []
        for name, text in self.valid:
            status, _, out, _ = run_tool(
                [self.opt, '-', '-mlir-print-op-generic'], text, args.timeout)
            if status == 0:
                generic.append((name + ' (generic)', out))
        self.valid += generic
        self.seeds += generic
        log(f'{len(self.seeds)} seed cases ({len(self.valid)} valid), '
            f'{len(self.exprs)} seed expressions')
        self.crash_dir = args.crash_dir
        os.makedirs(self.crash_dir, exist_ok=True)
        self.known = {}
        self.load_known()
        self.stats = {'mutants': 0, 'runs': 0, 'parsed': 0, 'exprs': 0,
                      'failures': 0, 'unlocated': 0, 'slow-seed': 0}
        self.pipeline_runs = {' '.join(p) or '(parse)': 0 for p in PIPELINES}
        self.slowest = (0.0, '')
        self.slow_seeds = set()

    def load_known(self):
        for name in os.listdir(self.crash_dir):
            if name.endswith('.sig'):
                with open(os.path.join(self.crash_dir, name)) as f:
                    self.known[f.read().strip()] = name[:-4]

    def save(self, kind, sig, text, cmd, err, ext):
        self.stats['failures'] += 1
        if sig in self.known:
            return False
        n = len(self.known)
        base = os.path.join(self.crash_dir, str(n))
        self.known[sig] = str(n)
        with open(base + ext, 'w') as f:
            f.write(text)
        with open(base + '.sig', 'w') as f:
            f.write(sig + '\n')
        with open(base + '.log', 'w') as f:
            f.write('command: ' + ' '.join(cmd) + '\n\n' + err)
        log(f'NEW failure {n}: {sig}')
        return True

    def fuzz_mlir(self):
        valid = self.valid and self.rng.random() < 0.7
        name, seed = self.rng.choice(self.valid if valid else self.seeds)
        text, _ = self.mutator.mutate_mlir(seed, semantic=valid)
        self.stats['mutants'] += 1
        for i, pipeline in enumerate(PIPELINES):
            if (name, i) in self.slow_seeds:
                continue
            chip = self.rng.choice(CHIPS)
            cmd = [self.opt, '-', '-o', '/dev/null'] + [
                p.replace('{chip}', chip) for p in pipeline]
            status, err, _, secs = run_tool(cmd, text, self.args.timeout)
            self.stats['runs'] += 1
            self.pipeline_runs[' '.join(pipeline) or '(parse)'] += 1
            if secs > self.slowest[0]:
                self.slowest = (secs, name + ' ' + ' '.join(pipeline))
            kind = failure_kind(status, err)
            if kind == 'timeout' and self.seed_is_slow(name, seed, i):
                self.stats['slow-seed'] += 1
                continue
            if kind:
                self.save(kind, signature(kind, err) + ' [' +
                          (' '.join(cmd[4:]) or 'parse') + ']'
                          if kind in ('timeout', 'no-diagnostic') else
                          signature(kind, err), text, cmd, err, '.mlir')
                return
            if status == 1 and not check_located(err):
                self.stats['unlocated'] += 1
                first = next(l for l in err.splitlines() if 'error:' in l)
                sig = 'unlocated: ' + re.sub(r'\d+', 'N', first)[:150]
                self.save('unlocated', sig, text, cmd, err, '.mlir')
            if i == 0:
                if status != 0:
                    return  # the passes never see an input the parser rejects
                self.stats['parsed'] += 1

    def seed_is_slow(self, name, seed, i):
        """Is the unmutated seed itself near the time limit under pipeline i?
        (test/GPU/wgmma-atoms.mlir draws 144 TiledMMAs: a long run that
        grows with the input, not a hang.) Such a pair is skipped after."""
        cmd = [self.opt, '-', '-o', '/dev/null'] + [
            p.replace('{chip}', 'sm_90a') for p in PIPELINES[i]]
        status, _, _, secs = run_tool(cmd, seed, self.args.timeout)
        if status != 'timeout' and secs < self.args.timeout / 2:
            return False
        self.slow_seeds.add((name, i))
        log(f'slow seed (skipped from now on): {name} '
            f'{" ".join(PIPELINES[i]) or "(parse)"} {secs:.1f}s')
        return True

    def fuzz_layout(self, batch=25):
        exprs = [self.mutator.mutate_expr(self.rng.choice(self.exprs))
                 for _ in range(batch)]
        self.stats['exprs'] += batch
        cmd = [self.layout]
        status, err, _, _ = run_tool(cmd, '\n'.join(exprs) + '\n',
                                     self.args.timeout * 4)
        self.stats['runs'] += 1
        if not failure_kind(status, err) or \
                failure_kind(status, err) == 'no-diagnostic':
            return
        # Find the line at fault, one expression at a time.
        for e in exprs:
            status, err, _, _ = run_tool([self.layout, e], '', self.args.timeout)
            kind = failure_kind(status, err)
            if kind and kind != 'no-diagnostic':
                self.save(kind, 'cute-layout ' + signature(kind, err), e,
                          [self.layout, e], err, '.expr')

    def run(self):
        start = time.monotonic()
        cpu0 = os.times()
        last = start
        while time.monotonic() - start < self.args.seconds:
            if self.rng.random() < self.args.layout_fraction:
                self.fuzz_layout()
            else:
                self.fuzz_mlir()
            if time.monotonic() - last > 60:
                last = time.monotonic()
                self.report(start, cpu0)
        self.report(start, cpu0)

    def report(self, start, cpu0):
        t = os.times()
        cpu = (t.children_user - cpu0.children_user + t.children_system -
               cpu0.children_system + t.user - cpu0.user + t.system -
               cpu0.system)
        log(f'[{time.monotonic() - start:.0f}s wall, {cpu:.0f}s cpu] '
            f'{self.stats} distinct={len(self.known)} '
            f'slowest={self.slowest[0]:.1f}s ({self.slowest[1]})')
        log('  runs per pipeline: ' + str(self.pipeline_runs))


# ---------------------------------------------------------------------------
# Reduction
# ---------------------------------------------------------------------------

def reduce_file(args):
    """Greedy delta reduction that keeps the failure kind of the saved run."""
    path = args.reduce
    with open(path) as f:
        text = f.read()
    log_path = os.path.splitext(path)[0] + '.log'
    is_expr = path.endswith('.expr')
    opt = os.path.join(args.build, 'bin', 'cute-opt')
    layout = os.path.join(args.build, 'bin', 'cute-layout')
    pipeline = []
    if not is_expr and os.path.exists(log_path):
        with open(log_path) as f:
            first = f.readline()
        pipeline = first.split()[5:]
    with open(os.path.splitext(path)[0] + '.sig') as f:
        want = f.read().strip()
    want_kind = want.split(':')[0].replace('cute-layout ', '')

    def fails(candidate):
        if is_expr:
            cmd = [layout, candidate]
            status, err, _, _ = run_tool(cmd, '', args.timeout)
        else:
            cmd = [opt, '-', '-o', '/dev/null'] + pipeline
            status, err, _, _ = run_tool(cmd, candidate, args.timeout)
        kind = failure_kind(status, err)
        if kind != want_kind:
            return False
        if want_kind in ('timeout', 'unlocated', 'no-diagnostic'):
            return True
        return signature(kind, err).split(' [')[0] == want.split(' [')[0]

    assert fails(text), 'the saved input does not fail the same way any more'
    # Lines, then tokens, in shrinking chunks.
    for unit in ('line', 'token'):
        while True:
            if unit == 'line':
                parts = text.splitlines(keepends=True)
            else:
                # Each token with the white space before it.
                parts = [m.group() for m in re.finditer(
                    r'\s*(?:' + TOKEN_RE.pattern + r')|\s+', text)]
                assert ''.join(parts) == text
            chunk = max(1, len(parts) // 2)
            progress = False
            while chunk >= 1:
                i = 0
                while i < len(parts):
                    candidate = ''.join(parts[:i] + parts[i + chunk:])
                    if candidate != text and fails(candidate):
                        parts = parts[:i] + parts[i + chunk:]
                        text = candidate
                        progress = True
                    else:
                        i += chunk
                chunk //= 2
            if not progress:
                break
    out = os.path.splitext(path)[0] + '.min' + os.path.splitext(path)[1]
    with open(out, 'w') as f:
        f.write(text)
    print(text)
    log(f'reduced to {len(text)} characters: {out}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'))
    ap.add_argument('--seconds', type=float, default=float('inf'),
                    help='stop after this many seconds (default: never)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--timeout', type=float, default=5.0,
                    help='seconds one run may take')
    ap.add_argument('--crash-dir', default='/tmp/fuzz-crashes')
    ap.add_argument('--layout-fraction', type=float, default=0.15,
                    help='share of iterations that fuzz cute-layout')
    ap.add_argument('--reduce', metavar='FILE',
                    help='delta-reduce a saved failing input and exit')
    args = ap.parse_args()
    # llvm-symbolizer names the frames of a stack dump.
    os.environ['PATH'] = '/usr/lib/llvm-22/bin:' + os.environ.get('PATH', '')
    if args.reduce:
        reduce_file(args)
        return
    try:
        Fuzzer(args).run()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
