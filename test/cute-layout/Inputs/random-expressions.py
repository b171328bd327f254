"""Print random cute-layout expressions, well formed or not, with a fixed seed.

Used by robustness.test: the calculator must answer every line (a result or
`error: ...`) and never crash.
"""
import random
import re
import sys

random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 7)

TOKENS = ['(', ')', ',', ':', '_', '?', '?M', '?N{div=16}', '{div=', '}', '1',
          '2', '4', '8', '16', '0', '-1', '3', 'Sw<', '>', ' o ',
          'composition(', 'logical_divide(', 'complement(', 'coalesce(',
          'zipped_divide(', 'blocked_product(', 'upcast(', 'left_inverse(',
          'right_inverse(', 'eval(', 'size(', 'cosize(', 'tile_to_shape(',
          'make_layout(', 'get(', 'crd2idx(', 'idx2crd(', 'slice(', 'dice(',
          'recast(', 'max_common_layout(', 'nullspace(', '99999999999',
          '4611686018427387904', '(4,8):(1,4)', '(2,2):(1,2)', '8:1', '?:1',
          '(?,?):(1,?)']
FUNCTIONS = ['composition', 'logical_divide', 'zipped_divide', 'tiled_divide',
             'flat_divide', 'logical_product', 'zipped_product',
             'blocked_product', 'raked_product', 'complement', 'coalesce',
             'right_inverse', 'left_inverse', 'upcast', 'downcast',
             'tile_to_shape', 'max_common_vector', 'max_common_layout']


def shape(depth=0):
    if depth > 2 or random.random() < 0.5:
        return random.choice(['1', '2', '3', '4', '6', '8', '?', '?A',
                              '?B{div=4}', '0', '-2'])
    return '(' + ','.join(shape(depth + 1)
                          for _ in range(random.randint(1, 3))) + ')'


def layout():
    s = shape()
    leaf = lambda m: random.choice(['0', '1', '2', '3', '4', '8', '16', '?',
                                    '-1'])
    return s + ':' + re.sub(r'[^(),]+', leaf, s)


for _ in range(5000):
    print(''.join(random.choice(TOKENS)
                  for _ in range(random.randint(1, 14))))
for _ in range(5000):
    second = random.choice([layout(), '(' + layout() + ',' + layout() + ')',
                            '_', '4', '(2,_)'])
    print(f'{random.choice(FUNCTIONS)}({layout()},{second})')
