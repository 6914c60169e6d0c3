#!/bin/sh
# tier: fast
# dopt_env_ctf.sh — options beyond -x and pragmas, without tracing: DTRACE_OPT_NAME environment
# variables (dtrace(1) calls dtrace_setoptenv("DTRACE_OPT_") before reading its command line: the
# value as given, a refused one ignored, the command line after it), dofstashpath, amin's values
# (libdtrace's dtrace_str2attr), lockmem in a pragma (dt_opt_lockmem refuses the place before the
# value), and -x ctypes / -x dtypes, whose CTF files objdump --ctf reads back. Each expected
# message and status is DTrace for Linux's on this machine (/opt/oracle-dtrace/sbin/dtrace).
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

. "$TOP/tests/sh/lib.sh"
EXPECT_FAIL_QUIET=1
P=usdtrace
U=$USDTRACE

# succeeds NAME CMD...: exit 0 with nothing on stderr
succeeds() {
	name=$1
	shift
	if "$@" >"$w/out" 2>"$w/err" && [ ! -s "$w/err" ]; then
		ok "$name"
	else
		notok "$name" "exit $?: $(head -3 "$w/err")"
	fi
}

# --- environment: DTRACE_OPT_DEFINE reaches cpp as -x define does
printf '#if X != 3\n#error no X\n#endif\nBEGIN { exit(0); }\n' >"$w/def.d"
succeeds env_define env DTRACE_OPT_DEFINE=X=3 "$U" -C -e -s "$w/def.d"
"$U" -C -e -s "$w/def.d" >/dev/null 2>&1
rc=$?
[ $rc -eq 1 ] && ok env_define_needed || notok env_define_needed "exit $rc without the variable"
# a value the option refuses is ignored without a word (dtrace ignores dtrace_setoptenv's
# errors), and so is a compiler switch, which never takes a value
succeeds env_bad_value_ignored env DTRACE_OPT_BUFSIZE=foo DTRACE_OPT_STRSIZE=1 "$U" -e -n BEGIN
expect_fail env_flag_not_set "$P: invalid probe specifier nosuch:::: probe description nosuch::: does not match any probes" \
	env DTRACE_OPT_ZDEFS= "$U" -e -n 'nosuch:::'
# the command line comes after: its bad value is still an error
expect_fail env_then_cmdline "$P: failed to set -x bufsize: Invalid value for specified option" \
	env DTRACE_OPT_BUFSIZE=4m "$U" -x bufsize=foo -e -n BEGIN

# --- dofstashpath: a path (dtprobed's DOF stash in dtrace), required, allowed in a pragma
succeeds dofstashpath "$U" -x dofstashpath=/x -e -n BEGIN
expect_fail dofstashpath_alone "$P: failed to set -x dofstashpath: Invalid value for specified option" \
	"$U" -x dofstashpath -e -n BEGIN
printf '#pragma D option dofstashpath=/x\nBEGIN { exit(0); }\n' >"$w/ds.d"
succeeds dofstashpath_pragma "$U" -e -s "$w/ds.d"

# --- amin: Name[/Data[/Class]] in dtrace's words, any case, stopping after any part; the parts
# left out are the highest (Standard, Common): Unstable/ is above BEGIN's Unstable data.
# (dtrace holds its own D libraries to a floor set on the command line: above
# Private/Private/Unknown they fail there, or it crashes, as with -x amin=Private/; the pragma
# sets it after they are compiled.)
succeeds amin_full "$U" -x amin=private/private/unknown -e -n BEGIN
printf '#pragma D option amin=Unstable/\nBEGIN { exit(0); }\n' >"$w/amin.d"
expect_fail amin_trailing_slash "$P: failed to compile script $w/amin.d: line 2: attributes for clause (Unstable/Unstable/Common) are less than predefined minimum" \
	"$U" -e -s "$w/amin.d"
for v in 0 foo 4k Stable//Common Stable/Stable/Common/Common Stable/Stable/Stable; do
	expect_fail "amin_$v" "$P: failed to set -x amin: Invalid value for specified option" \
		"$U" -x "amin=$v" -e -n BEGIN
done
expect_fail amin_alone "$P: failed to set -x amin: Invalid value for specified option" \
	"$U" -x amin -e -n BEGIN

# --- lockmem in a pragma: refused for its place whatever its value
for v in "" =foo =1m; do
	printf '#pragma D option lockmem%s\nBEGIN { exit(0); }\n' "$v" >"$w/lm.d"
	expect_fail "pragma_lockmem$v" "$P: failed to compile script $w/lm.d: line 1: failed to set option 'lockmem'${v:+ to '${v#=}'}: Option cannot be used from within a D program" \
		"$U" -e -s "$w/lm.d"
done

# --- ctypes / dtypes: created when set (a path that cannot be is the system's reason)
expect_fail ctypes_bad_path "$P: failed to set -x ctypes: No such file or directory" \
	"$U" -x ctypes="$w/no/such/dir" -e -n BEGIN
expect_fail dtypes_alone "$P: failed to set -x dtypes: Invalid value for specified option" \
	"$U" -x dtypes -e -n BEGIN
if ! objdump --help 2>/dev/null | grep -q -- --ctf || ! command -v objcopy >/dev/null; then
	skip ctf_files "objdump without --ctf"
	exit 0
fi
# ctf_dump FILE: objdump's reading of a CTF file (put in a section of an object, as dtrace's
# own test does)
ctf_dump() {
	rm -f "$w/ctf.o"
	objcopy --add-section=.ctf="$1" /bin/true "$w/ctf.o" && objdump --ctf=.ctf "$w/ctf.o"
}
cat >"$w/types.d" <<'EOF'
#pragma D option dtypes=d.ctf
struct foo { int a; char *b; unsigned int bits : 3; };
typedef struct foo foo_t;
enum colour { RED, GREEN = 5 };
BEGIN { exit(0); }
EOF
(cd "$w" && "$U" -x ctypes=c.ctf -e -s types.d) >"$w/out" 2>"$w/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then
	notok ctf_written "exit $rc: $(head -3 "$w/err")"
else
	ok ctf_written
fi
ctf_dump "$w/c.ctf" >"$w/c.txt" 2>&1
# the C container: the intrinsic types with their sizes and signedness, void/char/int pointers
bad=
for want in '(kind 1) int (format 0x1) (size 0x4)' '(kind 1) unsigned long (format 0x0) (size 0x8)' \
	'(kind 1) char (format 0x3) (size 0x1)' '(kind 2) double (format 0x2) (size 0x8)' \
	'(kind 3) void \*' '(kind 3) char \*' '(kind 3) int \*'; do
	grep -q "$want" "$w/c.txt" || bad="$bad [$want]"
done
[ -z "$bad" ] && ok ctypes_content || notok ctypes_content "missing$bad: $(head -5 "$w/c.txt")"
ctf_dump "$w/d.ctf" >"$w/d.txt" 2>&1
bad=
# struct foo: 17 bytes as D lays it out (dtrace's sizeof(struct foo) is 17 too: a bit-field
# ends the struct in the bytes it needs), members at bit offsets 0 and 64, a 3-bit field at
# 128; the typedef; the enum's constants; D's string as strsize chars; the built-in typedefs
for want in '(kind 6) struct foo (size 0x11)' '\[0x0\] a: ID' '\[0x40\] b: ID .*char \*' \
	'\[0x80\] bits: ID .*(size 0x1)' '(kind 10) foo_t .*-> .*struct foo' '(kind 8) enum colour' \
	'GREEN: 5' '(kind 10) string (size 0x100)' '(kind 10) uint64_t (size 0x8)'; do
	grep -q "$want" "$w/d.txt" || bad="$bad [$want]"
done
[ -z "$bad" ] && ok dtypes_content || notok dtypes_content "missing$bad: $(grep -c . "$w/d.txt") lines"

# stdc given a value in a pragma: dt_opt_stdc refuses the place before reading the value
for v in foo a; do
	printf '#pragma D option stdc=%s\nBEGIN { exit(0); }\n' "$v" >"$w/sc.d"
	expect_fail "pragma_stdc_$v" "$P: failed to compile script $w/sc.d: line 1: failed to set option 'stdc' to '$v': Option cannot be used from within a D program" \
		"$U" -e -s "$w/sc.d"
done
