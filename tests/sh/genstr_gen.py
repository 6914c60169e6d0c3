#!/usr/bin/env python3
"""genstr_gen.py SEED N [STRSIZE] -- a D program of N random cases over D's strings (issue 20):
every string subroutine with random arguments (strlen, strjoin, substr with every index and
length sign and size, index/rindex with and without a start, strstr, strchr/strrchr, strtok
sequences, lltostr, basename/dirname/cleanpath, inet_ntoa/inet_ntoa6/inet_ntop, the byte-order
functions, stringof/copyinstr of NULL), string comparisons (NULL and embedded NULs included),
strings as associative-array keys, string literals with every escape and character constants,
each case its own BEGIN clause printing "I:" then its values with printf or trace(). A case
that faults stops its clause only, so the program always runs to its last clause.

Steers clear of where DTrace for Linux is not the Guide (seen with tests/sh/genstr.sh's
differential runs, issue 20): toupper()/tolower() (dtrace has neither), stringof() of an
integer (dtrace reads an unreadable address as "" where a store faults), inet_ntop() of a
family other than AF_INET/AF_INET6 (dtrace prints IPv4), strtok(NULL, ...) after the string is
used up (dtrace starts over; the Guide: NULL), strsize-edge strings for strchr/strrchr/index/
strstr/cleanpath (dtrace drops or repeats the last character), and lltostr(index(...)) and
('\377') >> 1, which dtrace cannot load ("Failed to enable probe")."""
import random
import sys

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
N = int(sys.argv[2]) if len(sys.argv) > 2 else 100
R = random.Random(seed)
STRS = ['""', '"a"', '"hello"', '"hello world"', '"abcabc"', '"a/b/c"', '"  x "', '"\\tTab"',
        '"aaaa"', '"Mixed CASE 123"', '"abc\\0def"', '"\\x41\\102C"', '"zzz"', '"ab"', '"ba"']
NEEDLES = ['""', '"a"', '"b"', '"c"', '"abc"', '"bc"', '"l"', '"lo"', '"o w"', '"/"', '"x"',
           '"hello world!"', '"aa"', '" "']
INTS = ['-2147483648', '-2147483647', '-100', '-12', '-6', '-5', '-4', '-3', '-1', '0', '1', '2',
        '3', '4', '5', '6', '11', '12', '100', '2147483647', '0x100000002', '-0x100000001']
LL = ['0', '1', '-1', '9', '10', '-10', '123456789', '-987654321', '0x7fffffffffffffff',
      '-9223372036854775807', '(-9223372036854775807-1)', '0x8000000000000000', '4294967296',
      '0xffffffffffffffff', '(int64_t)-5', '(uint64_t)-5', "'a'", '(char)-1']
PATHS = ['""', '"/"', '"//"', '"///"', '"."', '".."', '"/."', '"/.."', '"a"', '"a/"', '"a//"',
         '"/a"', '"/a/"', '"/a/b"', '"/a/b/"', '"a/b"', '"a/./b"', '"a/../b"', '"/../a"',
         '"/a/b/../../.."', '"./a"', '"../a"', '"a/.."', '"/usr/lib//x.so"', '"/a/./b/./"',
         '"a/b/c/.."', '"//a//b//"', '"/a/.b/..c"', '"..."', '"/x/y/../../z"', '"a/b/../../.."']
CHARCONSTS = ["'a'", "'\\n'", "'\\0'", "'\\377'", "'\\x41'", "'\\xff'", "'ab'", "'abcd'",
              "'\\''", "'\\\"'", "'\\\\'", "'\\?'", "'\\a'", "'\\b'", "'\\f'", "'\\r'", "'\\t'",
              "'\\v'", "'\\101'", "'\\7'", "'\\q'", "'abcde'", "'\\x'", "'\\x123'",
              "'abcdefgh'", "'\\18'", "'\"'"]
ESCAPES = ['\\a', '\\b', '\\f', '\\n', '\\r', '\\t', '\\v', '\\\\', "\\'", '\\"', '\\?', '\\101',
           '\\0', '\\7', '\\77', '\\1234', '\\x41', '\\x4a', '\\xg', '\\x414243', '\\q', '\\z',
           '\\8', '\\e', '\\x', '\\X41', 'plain', '%', '\\%']


def pick(l):
    return R.choice(l)


def show_s(e):
    f = R.random()
    if f < 0.6:
        return 'printf("%%s|\\n", %s);' % e
    if f < 0.8:
        return 'trace(%s);' % e
    return 'printf("%%d|\\n", strlen(%s));' % e


def show_d(e):
    f = R.random()
    if f < 0.7:
        return 'printf("%%d|\\n", %s);' % e
    return 'trace(%s);' % e


def case():
    k = R.randrange(26)
    if k == 0:
        return show_d('strlen(%s)' % pick(STRS))
    if k == 1:
        return show_s('strjoin(%s, %s)' % (pick(STRS), pick(STRS)))
    if k in (2, 3):
        if R.random() < 0.35:
            return show_s('substr(%s, %s)' % (pick(STRS), pick(INTS)))
        return show_s('substr(%s, %s, %s)' % (pick(STRS), pick(INTS), pick(INTS)))
    if k in (4, 5):
        fn = pick(['index', 'rindex'])
        if R.random() < 0.4:
            return show_d('%s(%s, %s)' % (fn, pick(STRS), pick(NEEDLES)))
        return show_d('%s(%s, %s, %s)' % (fn, pick(STRS), pick(NEEDLES), pick(INTS)))
    if k == 6:
        return show_s('strstr(%s, %s)' % (pick(STRS), pick(NEEDLES)))
    if k == 7:
        fn = pick(['strchr', 'strrchr'])
        c = pick(["'a'", "'b'", "'/'", "'l'", "'\\0'", "'z'", "97", "0x161", "-159", "' '"])
        return show_s('%s(%s, %s)' % (fn, pick(STRS), c))
    if k == 8:
        s, d1 = pick(STRS + ['"a,b,,c"', '",,a"', '"a b  c "']), pick(['","', '" "', '""', '"ab"', '", "', '"xyz"'])
        n = R.randrange(1, 5)
        out = ['printf("%%s|\\n", strtok(%s, %s));' % (s, d1)]
        for _ in range(n):
            d = pick(['","', '" "', '""', '"ab"', '", "', d1, d1])
            out.append('printf("%%s|\\n", strtok(NULL, %s));' % d)
        return ' '.join(out)
    if k == 9:
        return show_s('strjoin(%s, strjoin(%s, %s))' % (pick(STRS), pick(STRS), pick(STRS)))
    if k in (10, 11):
        return show_s('lltostr(%s)' % pick(LL))
    if k in (12, 13, 14):
        return show_s('%s(%s)' % (pick(['basename', 'dirname', 'cleanpath']), pick(PATHS)))
    if k == 15:
        v = pick(['0x0100007f', '0', '0xffffffff', '0x0a0b0c0d', '0xc0a80001', '1'])
        fn = pick(['inet_ntoa(this->a)', 'inet_ntop(AF_INET, this->a)', 'inet_ntop(2, (void *)this->a)'])
        return 'this->a = (ipaddr_t *)alloca(4); *this->a = %s; %s' % (v, show_s(fn))
    if k == 16:
        b = R.choice([[0] * 16, [0] * 15 + [1], [0xfe, 0x80] + [0] * 13 + [1],
                      [0] * 10 + [0xff, 0xff, 127, 0, 0, 1], [0x20, 1, 0xd, 0xb8] + [0] * 11 + [1],
                      [0x20, 1, 0xd, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1],
                      [0] * 12 + [127, 0, 0, 1], [0xff] * 16, list(range(16)),
                      [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]])
        st = ' '.join('this->b[%d] = %d;' % (i, x) for i, x in enumerate(b))
        fn = pick(['inet_ntoa6((in6_addr_t *)this->b)', 'inet_ntop(AF_INET6, (void *)this->b)', 'inet_ntop(10, (void *)this->b)'])
        return 'this->b = (uint8_t *)alloca(16); %s %s' % (st, show_s(fn))
    if k == 17:
        fn = pick(['htons', 'htonl', 'htonll', 'ntohs', 'ntohl', 'ntohll'])
        return 'printf("%%x|\\n", %s(%s));' % (fn, pick(LL + ['0x1234', '0x12345678', '0x123456789abcdef0']))
    if k == 18:
        e = pick(['stringof(%s)' % pick(STRS), 'stringof(NULL)', 'copyinstr(0)',
                  'copyinstr(NULL)', '(string)%s' % pick(STRS)])
        return show_s(e)
    if k in (19, 20):
        op = pick(['<', '<=', '>', '>=', '==', '!='])
        a = pick(STRS + ['NULL', '(char *)NULL', '"\\n"', '"a\\0b"'])
        b = pick(STRS + ['NULL', '"\\n"', '"a\\0c"', '"hello\\0x"'])
        return show_d('%s %s %s' % (a, op, b))
    if k == 21:
        ks = [pick(STRS) for _ in range(3)]
        st = ' '.join('x[%s] = %d;' % (kk, i + 1) for i, kk in enumerate(ks))
        q = pick(STRS)
        return '%s printf("%%d|\\n", x[%s]);' % (st, q)
    if k == 22:
        e = 'strjoin(%s, %s)' % (pick(STRS), pick(STRS))
        for _ in range(R.randrange(1, 4)):
            e = 'strjoin(%s, %s)' % (e, pick(STRS + ['lltostr(%s)' % pick(LL)]))
        return show_s(e)
    if k == 23:
        esc = ''.join(pick(ESCAPES) for _ in range(R.randrange(1, 4)))
        f = R.random()
        if f < 0.5:
            return 'printf("%%d|%%s|\\n", strlen("%s"), "%s");' % (esc, esc)
        if f < 0.75:
            return 'trace("%s");' % esc
        return 'printf("%%d|\\n", sizeof("%s"));' % esc
    if k == 24:
        c = pick(CHARCONSTS)
        f = R.random()
        if f < 0.4:
            return 'printf("%%d|\\n", %s);' % c
        if f < 0.6:
            return 'trace(%s);' % c
        if f < 0.8:
            return 'printf("%%d|\\n", sizeof(%s));' % c
        return 'printf("%%c|%%x|\\n", %s, %s);' % (c, c)
    if k == 25:
        # nested combinations
        e = pick(['strjoin(substr(%s, %s), %s)' % (pick(STRS), pick(INTS), pick(STRS)),
                  'substr(strjoin(%s, %s), %s, %s)' % (pick(STRS), pick(STRS), pick(INTS), pick(INTS)),
                  'basename(dirname(%s))' % pick(PATHS), 'cleanpath(strjoin(%s, %s))' % (pick(PATHS), pick(PATHS)),
                  'strstr(strjoin(%s, %s), %s)' % (pick(STRS), pick(STRS), pick(NEEDLES)),
                  'lltostr(strlen(%s))' % pick(STRS), 'lltostr(strlen(%s) - 3)' % pick(STRS),
                  'strchr(strjoin(%s, %s), \'b\')' % (pick(STRS), pick(STRS)),
                  'strlen(%s) > 3 ? %s : %s' % (pick(STRS), pick(STRS), pick(STRS))])
        return show_s(e)



# Each case its own BEGIN clause, numbered; associative arrays named per case so that cases do
# not see each other's keys. this->a and this->b keep one type in every clause.
print('#pragma D option quiet')
for i in range(N):
    body = case().replace('x[', 'x%d[' % i)
    print('BEGIN { printf("%%d: ", %d); %s printf("\\n"); }' % (i, body))
print('BEGIN { exit(0); }')
