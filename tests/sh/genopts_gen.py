#!/usr/bin/env python3
"""genopts_gen.py SEED MODE -> one case of a generated sweep of dtrace's option table, for
tests/sh/genopts.sh (reproducible from SEED).

Prints the command-line arguments (one a line) up to a line "--PROG--", then the D program
(none when empty). The caller runs  dtrace ARGS... [-s PROG [7 seven]]  (the operands when the
program reads $1).

Modes:
  x       -x name[=value] (1..3 options) with values of every kind, then a program showing the
          effects (quiet, strsize, aggsort*, rawbytes, nspec, dynvarsize, defaultargs, ...),
          run to exit(0), or compiled only (-e).
  pragma  the same options as #pragma D option lines before, after, and around the clauses.
  setopt  setopt("name"[, "value"]) in BEGIN (and malformed calls), then effects in a later
          clause.
  flags   short flags (-b -C -e -q -w -Z -F -v -X -I -D -U) and their option twins, twice
          or contradicting.
  agg     aggregation printing options (aggsortkey, aggsortrev, aggsortpos, aggsortkeypos,
          quiet) on random aggregations, by -x and by pragma.

Left out on purpose (dtrace's answer is a bug or a resource failure, or both are right):
  - agghist, aggzoom, aggpack: the Guide's (Solaris 11.4 "Consumer Options"), which DTrace for
    Linux does not know ("Invalid option name"); usdtrace has agghist and aggzoom.
  - version below 1.5: dtrace fails on its own ip.d library (ntohs, inet_ntoa undefined).
  - huge nspec/maxframes, and nspec or maxframes of "no" or empty (dtrace stores "unset", a huge
    number): dtrace fails to create its BPF maps ("Too big").
  - cpu of a CPU the machine lacks: dtrace exits 1 saying nothing (usdtrace says why).
  - strsize above 4096 (and below 4 GiB): usdtrace refuses it ("not supported"), dtrace fails
    to create a map ("Too big"); both exit 1.
  - statusrate and switchrate above a second: dtrace's exit comes a few seconds after exit()
    whatever statusrate is (observed 2s: 5.6 s, 10s and 30s: 4.9 s, 1min: 5.5 s), usdtrace's
    at the next status check, so a minute or a day later; and dtrace waits out a long
    switchrate.
  - -S: each compiler's own BPF code.
  - bpflog, debug, core: verifier logs, debugging output, a core dump.
  - tracemem() of alloca()'d memory: dtrace prints zeros; the program traces a global instead.
"""
import random, sys

seed = int(sys.argv[1]); mode = sys.argv[2]
R = random.Random(seed * 7919 + len(mode))

SIZES = ['', '0', '1', '2', '64', '100', '4k', '4K', '1m', '2M', '1g', '1G', '1t', '1T', '0x100',
         '010', '-1', 'abc', '1q', '1kb', '99999999999999999999', '1.5k', 'k', '512', '32k',
         '8m', '16', '1024', '7']
TIMES = ['', '0', '1', '10ns', '10nsec', '1us', '5usec', '1ms', '2msec', '1s', '1sec', '1m',
         '1min', '1h', '1hour', '1d', '1day', '10hz', '0hz', 'hz', '1Hz', '1S', '-1', 'garbage',
         '99999999999999999999', '100HZ', '1MS', '0x10s', '1 s', '5', '1000']
BOOLS = [None, '', 'yes', 'no', 'true', 'false', 'on', 'off', 'set', 'unset', 'enable',
         'disable', 'enabled', 'disabled', '1', '0', '2', '-1', 'garbage', 'YES', 'Off', '0x1']
INTS = [None, '', '0', '1', '2', '5', '-1', '2147483647', '2147483648', 'abc', '0x10', 'yes',
        'no', '010', '99999999999999999999', '3']
# options whose huge values make dtrace fail for want of memory (BPF maps "Too big")
# (and whose empty or negative word, which dtrace's dt_opt_runtime stores as "unset", a huge
# number, makes it fail the same way: left out, see the docstring)
SMALLINTS = ['0', '1', '2', '5', '-1', 'abc', 'yes', '0x10', None]
# statusrate and switchrate pace the end of a run: periods up to a second (and the malformed)
RATES = ['', '0', '1', '10ns', '1us', '5usec', '1ms', '2msec', '1s', '1sec', '10hz', '0hz', 'hz',
         '1Hz', '1S', '-1', 'garbage', '99999999999999999999', '100HZ', '1MS', '1 s', '1000']
GARBAGE = ['', 'x', '-1', '0', '1', 'yes']

# name -> (kind, extra values)
OPTS = {
    # run-time sizes
    'aggsize': ('size', []), 'bufsize': ('size', []), 'dynvarsize': ('size', []),
    'specsize': ('size', []),
    'strsize': ('strsize', ['', '0', '1', '2', '3', '4', '5', '8', '10', '64', '100', '1k',
                            '4k', '4K', '0x100', '010', '-1', 'abc', '1q', '4294967296', '8g',
                            '99999999999999999999', 'k']),
    'jstackstrsize': ('size', []), 'scratchsize': ('size', []), 'pcapsize': ('size', []),
    'bpflogsize': ('size', []), 'printsize': ('size', []),
    # rates
    'aggrate': ('time', []), 'cleanrate': ('time', []), 'statusrate': ('rate', []),
    'switchrate': ('rate', []),
    # run-time integers / booleans
    # cpu: only CPUs this machine has (dtrace exits 1 silently for another: left, see report)
    'cpu': ('enum', ['0', '1', '-1', 'x', '', '0x1']),
    'nspec': ('enum', SMALLINTS), 'stackframes': ('int', []),
    'ustackframes': ('int', []), 'jstackframes': ('int', []), 'maxframes': ('enum', SMALLINTS),
    'stackindent': ('int', []), 'aggsortkeypos': ('int', []), 'aggsortpos': ('int', []),
    'destructive': ('bool', []), 'grabanon': ('bool', []), 'noresolve': ('bool', []),
    'aggsortkey': ('bool', []), 'aggsortrev': ('bool', []),
    'flowindent': ('bool', []), 'quiet': ('bool', []), 'quietresize': ('bool', []),
    'rawbytes': ('bool', []),
    'bufpolicy': ('enum', ['switch', 'fill', 'ring', 'Ring', 'none']),
    'bufresize': ('enum', ['auto', 'manual', 'AUTO', 'x']),
    'lockmem': ('enum', ['unlimited', '1m', '0', 'x', '', 'UNLIMITED']),
    # compile-time
    'aggpercpu': ('flag', []), 'argref': ('flag', []), 'cpp': ('flag', []),
    'defaultargs': ('flag', []), 'empty': ('flag', []), 'errtags': ('flag', []),
    'kdefs': ('flag', []), 'knodefs': ('flag', []), 'nolibs': ('flag', []),
    'pspec': ('flag', []), 'udefs': ('flag', []), 'unodefs': ('flag', []),
    'verbose': ('flag', []), 'zdefs': ('flag', []),
    'cpphdrs': ('flag', []), 'strip': ('flag', []),
    'droptags': ('flag', []), 'lazyload': ('flag', []), 'linknommap': ('flag', []),
    'amin': ('enum', ['Stable', 'stable/stable/common', 'Evolving/Evolving', 'bogus',
                      'Private', 'internal', '']),
    'evaltime': ('enum', ['exec', 'preinit', 'postinit', 'main', 'x', '']),
    'late': ('enum', ['dynamic', 'static', 'x', '']),
    'linkmode': ('enum', ['kernel', 'dynamic', 'static', 'x', '']),
    'linktype': ('enum', ['elf', 'dof', 'ELF', 'x', '']),
    'stdc': ('enum', ['a', 'c', 's', 't', 'A', 'x', '']),
    # below 1.5 dtrace fails on its own ip.d library (left out: see the docstring)
    'version': ('enum', ['1.5', '1.6',
                         '1.6.1', '1.6.2', '1.6.3', '1.6.4', '1.7', '1.7.1', '1.8', '1.8.1',
                         '2.0', '2.0.1', '3.0', '1', 'x', '', '1.99',
                         '1.2.3.4', '999999.0']),
    'iregs': ('enum', ['8', '7', '1', '0', '9', 'x', '']),
    'tregs': ('enum', ['1', '8', '0', 'x']), 'tree': ('enum', ['1', '0', 'x']),
    'disasm': ('enum', ['0', '1', '2', 'x']), 'pgmax': ('enum', ['0', '1', '100', 'x']),
    'useruid': ('enum', ['0', '1000', 'x', '-1']),
    'debugassert': ('enum', ['mutexes', 'x', '']),
    'define': ('str', ['FOO', 'FOO=1', '']), 'undef': ('str', ['FOO', '']),
    'incdir': ('str', ['/tmp', '']), 'cppargs': ('str', ['-DX=2', '']),
    'cpppath': ('str', ['/usr/bin/cpp', '']),
    'ldpath': ('str', ['/usr/bin/ld', '']), 'libdir': ('str', ['/nonexistent', '']),
    'syslibdir': ('str', ['/nonexistent']), 'modpath': ('str', ['/x']),
    'procfspath': ('str', ['/proc', '']), 'ctfpath': ('str', ['/nonexistent']),
    'sysslice': ('str', ['x']), 'dofstashpath': ('str', ['/tmp/x']),
    # not options at all
    'nosuch': ('garbage', []), 'Quiet': ('garbage', []), 'bufsiz': ('garbage', []),
    'aggsort': ('garbage', []), 'quiet ': ('garbage', []),
}
# options whose effect the standard program shows (weighted higher)
EFFECT = ['quiet', 'strsize', 'aggsortkey', 'aggsortrev', 'aggsortpos', 'aggsortkeypos',
          'rawbytes', 'flowindent', 'bufsize', 'nspec',
          'specsize', 'dynvarsize', 'destructive', 'defaultargs', 'switchrate', 'version',
          'stackindent', 'bufpolicy', 'aggsize', 'zdefs', 'strip']
COMPILE_ONLY = {'ctypes', 'dtypes'}


def value_for(name):
    kind, extra = OPTS[name]
    if kind == 'size':
        pool = SIZES + extra
    elif kind == 'time':
        pool = TIMES
    elif kind == 'rate':
        pool = RATES
    elif kind == 'strsize':
        pool = extra
    elif kind == 'bool':
        pool = BOOLS
    elif kind == 'int':
        pool = INTS
    elif kind == 'flag':
        pool = [None, None, None, '', '1', 'yes', 'x']
    elif kind == 'garbage':
        pool = [None] + GARBAGE
    else:
        pool = extra + [None]
    return R.choice(pool)


def pick_name():
    if R.random() < 0.55:
        return R.choice(EFFECT)
    return R.choice(sorted(OPTS))


def xarg(name, val):
    return name if val is None else '%s=%s' % (name, val)


def program(kind=None):
    """A program whose output shows what the options change."""
    kind = kind or R.choice(['basic', 'agg', 'str', 'spec', 'mem', 'dyn', 'args', 'destr'])
    body = []
    if kind == 'basic':
        body.append('BEGIN\n{\n\ttrace(1);\n\tprintf("x %d\\n", 2);\n\texit(0);\n}\n')
    elif kind == 'agg':
        return agg_program()
    elif kind == 'str':
        body.append('BEGIN\n{\n\ts = "abcdefghijklmnopqrstuvwxyz0123456789";\n'
                    '\ttrace(s);\n\tprintf("[%s] %d\\n", s, strlen(s));\n'
                    '\ttrace(sizeof(string));\n\texit(0);\n}\n')
    elif kind == 'spec':
        body.append('BEGIN\n{\n\tself->s = speculation();\n\tprintf("spec %d\\n", self->s);\n}\n'
                    'BEGIN\n/self->s/\n{\n\tspeculate(self->s);\n\tprintf("in spec\\n");\n}\n'
                    'BEGIN\n/self->s/\n{\n\tcommit(self->s);\n}\n'
                    'BEGIN\n{\n\tself->t = speculation();\n\tprintf("t %d\\n", self->t);\n'
                    '\texit(0);\n}\n')
    elif kind == 'mem':
        body.append('int a[2];\n\nBEGIN\n{\n\ta[0] = 0x01004241;\n'
                    '\ttracemem(&a[0], 4);\n\ttrace(a[0]);\n\texit(0);\n}\n')
    elif kind == 'dyn':
        body.append('BEGIN\n{\n\tx[1] = 1;\n\tx[2] = 2;\n\tself->y = 3;\n'
                    '\tprintf("%d %d %d\\n", x[1], x[2], self->y);\n\texit(0);\n}\n')
    elif kind == 'args':
        body.append('BEGIN\n{\n\tprintf("[%d] [%s]\\n", $1, $$2);\n\texit(0);\n}\n')
    elif kind == 'destr':
        body.append('BEGIN\n{\n\tchill(1);\n\tprintf("chilled\\n");\n\texit(0);\n}\n')
    return ''.join(body)


def agg_program():
    keys = R.choice(['int', 'str', 'two', 'none'])
    fn = R.choice(['count()', 'sum(v)', 'max(v)', 'min(v)', 'avg(v)', 'quantize(v)',
                   'lquantize(v, 0, 10, 2)', 'llquantize(v, 10, 0, 2, 5)', 'stddev(v)'])
    vals = R.sample(range(0, 12), 4)
    lines = []
    for i, v in enumerate(vals):
        k = {'int': '[%d]' % (R.randint(0, 5)), 'str': '["%s"]' % R.choice('bacd'),
             'two': '[%d, "%s"]' % (R.randint(0, 3), R.choice('ab')), 'none': ''}[keys]
        lines.append('\tv = %d;\n\t@a%s = %s;\n' % (v, k, fn.replace('v)', 'v)') if 'v' in fn else fn))
        if R.random() < 0.5:
            lines.append('\t@b%s = count();\n' % k)
    end = R.choice(['\texit(0);\n', '\tprinta(@a);\n\texit(0);\n',
                    '\tprinta("%s\\n", @a);\n\texit(0);\n' if False else '\tprinta(@a, @a);\n\texit(0);\n'])
    return 'BEGIN\n{\n' + ''.join(lines) + end + '}\n'


def emit(args, prog):
    for a in args:
        print(a)
    print('--PROG--')
    sys.stdout.write(prog)


def opts_list(n):
    out = []
    for _ in range(n):
        name = pick_name()
        out.append((name, value_for(name)))
    return out


if mode == 'x':
    args = []
    for name, val in opts_list(R.randint(1, 3)):
        args += ['-x', xarg(name, val)]
    prog = program()
    if R.random() < 0.2:
        args.append('-e')
    if 'printf("[%d] [%s]' in prog:
        args += []  # operands follow -s: the runner appends them
    emit(args, prog)
elif mode == 'pragma':
    lines = []
    for name, val in opts_list(R.randint(1, 3)):
        lines.append('#pragma D option %s\n' % xarg(name, val))
    prog = program()
    where = R.choice(['before', 'after', 'split'])
    if where == 'before':
        prog = ''.join(lines) + prog
    elif where == 'after':
        prog = prog + ''.join(lines)
    else:
        prog = lines[0] + prog + ''.join(lines[1:])
    args = R.choice([[], [], ['-q'], ['-e']])
    emit(args, prog)
elif mode == 'setopt':
    name = pick_name()
    val = value_for(name)
    call = 'setopt("%s")' % name if val is None else 'setopt("%s", "%s")' % (name, val)
    if R.random() < 0.15:
        call = R.choice(['setopt()', 'setopt(1)', 'setopt("quiet", 1)', 'setopt("a", "b", "c")',
                         'setopt(quiet)', 'x = setopt("quiet")'])
    first = 'BEGIN\n{\n\t%s;\n}\n' % call
    rest = program(R.choice(['basic', 'agg', 'str', 'mem']))
    args = R.choice([[], ['-q'], ['-x', 'quiet']])
    emit(args, first + rest)
elif mode == 'flags':
    FL = [['-b', R.choice(SIZES)], ['-C'], ['-e'], ['-q'], ['-w'], ['-Z'], ['-F'],
          ['-v'], ['-X', R.choice(['a', 'c', 's', 't', 'x'])], ['-x', 'quiet=no'],
          ['-x', 'quiet'], ['-x', 'flowindent=no'], ['-x', 'destructive=off'],
          ['-x', 'cpp=x'], ['-x', 'zdefs'], ['-x', 'bufsize=' + R.choice(SIZES)],
          ['-x', 'stdc=' + R.choice('acstx')], ['-qq'], ['-qw'], ['-eq'], ['-x'],
          ['-V'], ['-x', '=1'], ['-x', ''], ['-x', 'quiet=yes=no'], ['-xquiet'],
          ['-I', '/tmp'], ['-D', 'FOO=1'], ['-U', 'FOO']]
    args = []
    for _ in range(R.randint(1, 4)):
        args += R.choice(FL)
    prog = program(R.choice(['basic', 'str', 'destr', 'args']))
    if R.random() < 0.3:
        prog = '#if 1\n' + prog + '#endif\n'
    emit(args, prog)
elif mode == 'agg':
    args = []
    for _ in range(R.randint(1, 3)):
        name = R.choice(['aggsortkey', 'aggsortrev', 'aggsortpos', 'aggsortkeypos', 'quiet'])
        kind = OPTS[name][0]
        val = R.choice([None, None, '1', '0', '2', 'no'] if kind == 'int' else
                       [None, None, None, 'no', 'yes', ''])
        if kind == 'int' and val is None:
            val = R.choice(['0', '1', '2'])
        if R.random() < 0.5:
            args += ['-x', xarg(name, val)]
        else:
            args.append('#' + xarg(name, val))
    prags = ''.join('#pragma D option %s\n' % a[1:] for a in args if a.startswith('#'))
    args = [a for a in args if not a.startswith('#')]
    emit(args + ['-q'] if R.random() < 0.5 else args, prags + agg_program())
else:
    sys.exit('unknown mode ' + mode)
