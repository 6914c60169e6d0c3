#!/usr/bin/env python3
"""genlex_gen.py SEED MODE -- a D program (reproducible from SEED) over D's lexical elements
and literals (Dynamic Tracing Guide, "Types, Operators, and Expressions": Constants; issue 20).

MODE vals: one BEGIN clause of random cases, each printing a literal's value and type:
  integer constants in decimal, octal and hex (x or X, either case of digits) at the edges of
  every width, with every suffix spelling (u, l, ul, lu, ll, ull, llu in any case), printed with
  printf %d %x %u, sizeof() and a comparison that shows its signedness ((c) - (c) - 1 < 0);
  character constants (plain, multi-character up to 8, every escape) the same way; string
  constants with escapes printed with %s, strlen() and sizeof(); greedy tokens (a+++b, a---b,
  ^^, ->, unary -/~/! runs); comments, line continuations and newlines between any two tokens.
MODE err: one program with a single lexical mistake at a random line (a bad digit, a bad
  suffix, an overflowing constant, a float constant, an empty, long or unterminated character
  constant, an unterminated string or comment, a keyword or reserved word used as a name, a
  stray character, an undefined macro variable), so the message's tag, line and text are
  compared.

MODE order: two mistakes of random kinds (lexical, syntax, macro variable, type) on random
  lines of one clause, so which one each implementation reports first is compared.

Steers clear of where DTrace for Linux is not the Guide (seen with tests/sh/genlex.sh's
differential runs, issue 20): `x->*y` (dtrace's lexer, expecting a member name after ->, has
no rule for `*` and its default rule copies it to stdout, then reads x->y; D has no ->*
operator, usdtrace says "syntax error near "*""); the names `userland` and `_Bool`, which
usdtrace reads as words (userland marks user-space types, as illumos's D does; _Bool is C's
type word) and DTrace for Linux as plain names; stringof() of an integer used as an address
(dtrace reads an unreadable address as "", usdtrace faults, as tests/sh/genstr_gen.py notes);
the macro variables $$pid and $0 (each tool's own process and path); a hex or octal constant
past 32 bits with a lone capital U (0x7fffffffffffffffU: dtrace's dt_node_int steps through
its type table one by one for U but two by two for u, so U reaches the signed long; the Guide
and C make U and u the same, unsigned long, which usdtrace gives)."""
import random
import sys

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
MODE = sys.argv[2] if len(sys.argv) > 2 else 'vals'
N = int(sys.argv[3]) if len(sys.argv) > 3 else 24
R = random.Random(seed)

EDGES = [0, 1, 7, 8, 9, 10, 63, 64, 100, 127, 128, 255, 256, 0x7fff, 0x8000, 0xffff, 0x10000,
         0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0x100000000, 0x7fffffffffffffff,
         0x8000000000000000, 0xfffffffffffffffe, 0xffffffffffffffff, 123456789, 4294967295,
         2147483647, 2147483648, 9223372036854775807, 9223372036854775808]
# D's suffixes: u first, then up to two l's in either case (dtrace's lexer: [uU]?[lL]?[lL]?);
# "lu" and "llu" are the constant with l or ll, then a name u (a syntax error: err mode)
SUFFIXES = ['', 'u', 'U', 'l', 'L', 'ul', 'UL', 'uL', 'Ul', 'll', 'LL', 'lL', 'Ll', 'ull', 'ULL',
            'uLL', 'Ull', 'uLl', 'ULl']
CHARS = ['a', 'Z', '0', ' ', '~', '"', '\\n', '\\t', '\\0', '\\x41', '\\x7f', '\\xff', '\\x80',
         '\\101', '\\7', '\\77', '\\377', '\\200', '\\\'', '\\\\', '\\?', '\\a', '\\b', '\\f',
         '\\r', '\\v', '\\"', '\\x0', '\\xA', '\\x4a']
STRPARTS = ['a', 'hello', ' ', 'x y', '\\n', '\\t', '\\\\', '\\"', "\\'", '\\?', '\\101', '\\x41',
            '\\x4A', '\\0', '\\7', '\\a', '\\b', '\\f', '\\r', '\\v', "'", '%%', '/*', '*/',
            '//', '\\77', '\\x7e']


def pick(lst):
    return R.choice(lst)


def int_literal():
    v = pick(EDGES) if R.random() < 0.8 else R.randrange(0, 1 << R.choice([8, 16, 31, 32, 63, 64]))
    base = R.choice(['dec', 'dec', 'oct', 'hex', 'HEX'])
    if base == 'dec':
        s = str(v)
    elif base == 'oct':
        s = '0' + format(v, 'o') if v else '0'
    else:
        d = format(v, 'x')
        if R.random() < 0.4:
            d = d.upper()
        s = ('0x' if base == 'hex' else '0X') + d
        if R.random() < 0.1:
            s = s[:2] + '0' * R.randint(1, 3) + s[2:]
    suf = pick(SUFFIXES)
    if base == 'dec' and v > 0x7fffffffffffffff and 'u' not in suf.lower():
        suf = 'u' + suf  # (a decimal constant past the signed range needs u: err mode)
    if base != 'dec' and suf == 'U' and v > 0xffffffff:
        suf = 'u'  # dtrace's bug with a lone U (LEFT OUT in the docstring)
    return s + suf


def char_literal():
    """One to eight bytes; a hex or octal escape only last, where no digit can follow it."""
    n = R.choice([1, 1, 1, 2, 3, 4, 5, 8])
    plain = [c for c in CHARS if not c.startswith(('\\x', '\\0', '\\1', '\\2', '\\3',
                                                      '\\7'))]
    parts = [pick(plain) for _ in range(n - 1)] + [pick(CHARS)]
    # dtrace keeps the backslash of \' and \? (two bytes each, as we do): stay within 8
    while sum(2 if c in ("\\'", '\\?') else 1 for c in parts) > 8:
        parts.pop(0)
    return "'" + ''.join(parts) + "'"


def str_literal():
    return '"' + ''.join(pick(STRPARTS) for _ in range(R.randint(0, 5))) + '"'


def sep():
    """What may stand between two tokens: blanks, newlines, comments, a line continuation."""
    f = R.random()
    if f < 0.55:
        return ' '
    if f < 0.65:
        return ''
    if f < 0.75:
        return '\n' + ' ' * R.randint(0, 4)
    if f < 0.9:
        return ' /* %s */ ' % pick(['c', '', '*', '/ *', '" \'', '\n', '**/ /*', 'x // y', '\n\n'])
    # (D has no // comments without -C: dtrace refuses them, so do we)
    return pick(['\t', '\f', '\v', '\r', ' \t '])


def joined(*toks):
    """The tokens with a random separator between each two (a blank after a `/`: dtrace's
    lexer reads a `/` then a comment's `/*` as the end of a predicate, which we do too)."""
    out = toks[0]
    for a, b in zip(toks, toks[1:]):
        out += (' ' if a == '/' else sep()) + b
    return out


def show_value(lit):
    """A literal's value as %d, %x and %u, its size, and its sign ((lit) - (lit) - 1 < 0)."""
    return joined('printf', '(', '"%d %x %u %d %d|\\n"', ',', lit, ',', lit, ',', lit, ',',
                  'sizeof', '(', lit, ')', ',', '(', lit, ')', '-', '(', lit, ')', '-', '1',
                  '<', '0', ')', ';')


def show_trace(lit):
    """A literal through trace()."""
    return joined('trace', '(', lit, ')', ';') + ' printf("|\\n");'


def show_int(lit):
    f = R.random()
    if f < 0.55:
        return show_value(lit)
    if f < 0.7:
        return show_trace(lit)
    if f < 0.85:
        op = pick(['-', '~', '!', '- -', '~ -', '-~'])
        return joined('printf', '(', '"%d %u|\\n"', ',', op, lit, ',', op, lit, ')', ';')
    a, b = lit, int_literal()
    op = pick(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '<', '>', '<=', '>=', '==',
               '!=', '&&', '||', '^^'])
    if op in ('/', '%'):
        b = pick(['1', '2', '3', '7', '0x10', '010', '255u', '3ul'])
    if op in ('<<', '>>'):
        b = pick(['0', '1', '7', '31', '32', '63'])
    return joined('printf', '(', '"%d %u %d|\\n"', ',', a, op, b, ',', a, op, b, ',', 'sizeof',
                  '(', a, op, b, ')', ')', ';')


def show_char(lit):
    f = R.random()
    if f < 0.6:
        return show_value(lit)
    if f < 0.8:
        return show_trace(lit)
    return joined('printf', '(', '"%d %d|\\n"', ',', lit, '+', "'\\0'", ',', lit, '==',
                  str(R.randrange(-128, 256)), ')', ';')


def show_str(lit):
    f = R.random()
    if f < 0.5:
        return joined('printf', '(', '"%s|%d\\n"', ',', lit, ',', 'strlen', '(', lit, ')',
                      ')', ';')
    if f < 0.7:
        return show_trace(lit)
    if f < 0.85:
        return joined('printf', '(', '"%d|\\n"', ',', lit, '==', str_literal(), ')', ';')
    return joined('printf', '(', '"%s|\\n"', ',', 'strjoin', '(', lit, ',', lit, ')', ')', ';')


def show_greedy():
    v = R.randrange(-5, 6)
    w = R.randrange(-5, 6)
    form = pick(['a+++b', 'a---b', 'a+ ++b', 'a- --b', 'a+-b', 'a-+b', 'a--', '-a', 'a+++b-1',
                 '!a^^b', 'a^^b', 'a&&b||a', 'a<<1>>1', 'a>=b', 'a!=b', '~-a', '-~a', 'a---b--',
                 'a^b', 'a|b', 'a&b'])
    return ('this->a = %d; this->b = %d; printf("%%d|", %s); '
            'printf("%%d %%d|\\n", this->a, this->b);' % (v, w, form.replace('a', 'this->a')
                                                          .replace('b', 'this->b')))


def vals():
    out = []
    for i in range(N):
        f = R.random()
        if f < 0.5:
            s = show_int(int_literal())
        elif f < 0.7:
            s = show_char(char_literal())
        elif f < 0.9:
            s = show_str(str_literal())
        else:
            s = show_greedy()
        out.append('\tprintf("%d:");\n\t%s\n' % (i, s))
    return 'BEGIN\n{\n' + ''.join(out) + '\texit(0);\n}\n'


ERRS = [
    '08', '09', '0189', '0x', '0X', '0xg', '0x1g', '1uu', '1lll', '1ulu', '1uLl', '1lL', '1Ll',
    '1lu', '1LLU', '1llu', '1Lu', '1f', '1.0', '1.', '.5', '1e5', '1e', '1E+3', '0x1p3', '1.5f',
    '0b101', '1a', '0xfffffffffffffffff', '18446744073709551616', '99999999999999999999',
    '01777777777777777777777', '02000000000000000000000', '9223372036854775808', '0x1U.x',
    "''", "'abcdefghi'", "'\\q'", "'\\x'", "'\\777'", "'\\400'", "'a", '"abc', '"a\\q"',
    '"\\xg"', '"\\400"', '"\\777"', "'\\xfff'", "'\\8'", '"\\8"', '@', '#', '\\', '$1', '$$1',
    '$x', '$', '`', '1 2', '"a" "b"', "'a' 'b'", '$0x', '$1x', '0x1.p1', '0x1.5', 'a.1',
    '9nosuchmod`x', '1`2', '$2x',
]
KEYWORDS = ['auto', 'break', 'case', 'continue', 'default', 'do', 'else', 'enum', 'extern',
            'float', 'for', 'goto', 'if', 'import', 'inline', 'int', 'long', 'offsetof', 'probe',
            'provider', 'register', 'restrict', 'return', 'self', 'short', 'signed', 'sizeof',
            'static', 'string', 'stringof', 'struct', 'switch', 'this', 'translator', 'typedef',
            'union', 'unsigned', 'void', 'volatile', 'while', 'xlate', 'char', 'const', 'double',
            'userland', 'counter', 'global']


def err():
    pre = ''.join(pick(['\n', '/* c */\n', '/**/\n', '\n\n', '/*\n*/', '#pragma D option quiet\n'])
                  for _ in range(R.randint(0, 4)))
    f = R.random()
    if f < 0.3:
        # the mistake in another context: a declaration, an inline, a predicate, a key
        bad = pick(ERRS)
        ctx = pick(['int x[%s];\n', 'inline int y = %s;\n', 'BEGIN /%s/ { exit(0); }\n',
                    'BEGIN { @a[%s] = count(); exit(0); }\n', 'BEGIN { a[%s, 1] = 1; exit(0); }\n',
                    'BEGIN { trace(1); }\nBEGIN { trace(%s); exit(0); }\n',
                    'int z;\nBEGIN { z = %s ; exit(0); }\n', 'BEGIN { this->v = %s; exit(0); }\n',
                    'BEGIN { exit(%s); }\n', 'BEGIN { trace(x[%s]); exit(0); }\n'])
        return pre + ctx % bad
    if f < 0.55:
        bad = pick(ERRS)
        body = pick(['trace(%s);', 'x = %s;', 'printf("%%d", %s);', 'trace(1 + %s);',
                     'trace(sizeof(%s));'])
        body = body % bad
    elif f < 0.8:
        kw = pick(KEYWORDS)
        body = pick(['%s = 1;', 'this->%s = 1;', 'self->%s = 1;', 'x.%s = 1;', '@%s = count();',
                     'trace(%s);', '%s[1] = 2;']) % kw
    else:
        body = pick(['/* x /* y */ z */', '/* unterminated', '"abc\ndef"', "'a\nb'",
                     'trace(1) trace(2);', 'trace(1);;', 'trace(("a"));', 'x = 1 /* */ 2;',
                     'trace(1 // c\n);', 'trace(-- 1);', 'trace(1++);', 'trace(->);',
                     'trace(a+++b);', 'trace(`);', 'trace(`foo);',
                     '#line 5\ntrace(08);', '# 7 "f.d"\ntrace(0x);', '#line 9 "x.d"\ntrace(@);'])
    return pre + 'BEGIN\n{\n' + sep().replace('\n', '') + body + \
        '\n\texit(0);\n}\n'


FAULTS = {
    'lex': ['trace(08);', 'trace(1uu);', "trace('');", "trace('abcdefghi');", 'trace(0x);',
            'trace(1.5);', "trace('\\q');", 'trace(@);', 'trace(1e3);', 'x = 0xfffffffffffffffff;',
            'trace("a\\8");', 'trace(\\);', 'trace(#);'],
    'syntax': ['trace(1) trace(2);', 'x = ;', 'trace(1 +);', 'trace((1);', 'x = 1 2;', 'trace(,);',
               'for = 1;', 'trace(sizeof);', 'x ==== 1;', 'trace(1 ? 2);', 'this = 1;'],
    'macro': ['trace($1);', 'trace($$1);', 'trace($nosuch);', 'trace($$nosuch);', 'x = $3 + 1;',
              'trace($pid - $pid);', 'trace($$2);'],
    'sema': ['trace(nosuchvar_q);', 'trace(1 + "a");', 'nosuchfunc(1);', 'trace(*1);',
             'x = "a"; x = 1;', 'trace(self->nothere + 1);', 'trace(`nosuchsym_q);',
             'printf("%d", "a");', 'trace(-"a");', 'trace(!"a");', 'y = 1; y->z = 2;',
             'trace(sizeof(struct nosuch));'],
}


def order():
    """Two mistakes of random kinds, each on its own line, to compare which dtrace reports."""
    kinds = list(FAULTS)
    lines = ['\ttrace(0);'] * R.randint(2, 6)
    for _ in range(2):
        lines.insert(R.randint(0, len(lines)), '\t' + pick(FAULTS[pick(kinds)]))
    head = pick(['BEGIN\n', 'BEGIN /1/\n', 'tick-1s\n', 'BEGIN, END\n'])
    return head + '{\n' + '\n'.join(lines) + '\n\texit(0);\n}\n'


if __name__ == '__main__':
    sys.stdout.write({'vals': vals, 'err': err, 'order': order}[MODE]())
