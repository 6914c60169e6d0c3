# lib.sh — helpers for shell tests that build probe programs and check them with outside tools.
# Source it after setting TOP (repo root). It defines:
#   ok NAME / notok NAME WHY / skip NAME WHY    print one result line in the tests/run.sh protocol
#   sdt_workdir                                  make $W, a private temp dir removed on exit
#   sdt_build OUT CC LANG OPT LINK SRC... [-- EXTRA FLAGS]
#                                                compile with the probe header; LANG c|c++,
#                                                LINK pie|nopie|shared; errors go to OUT.err
#   sdt_notes BIN                                one line per stapsdt note:
#                                                "PROVIDER NAME PC BASE SEM ARGS..." (hex fields)
#   sdt_kinds ARGS...                            "-4@%eax 8f@$1" -> "-4 8f" (size/sign/float only)
#   sdt_float_witness IN OUT                     copy of IN whose notes spell float arguments
#                                                "-N@" (same bits, read as a signed integer) so
#                                                readers without the 'f' suffix can read them
#                                                (for builds with -DUSDT_FLOAT_SUFFIX)
#   sdt_is_root                                  true when running as root
#   sdt_wait_exec PID PATH SECONDS               wait (at most SECONDS) until PID runs PATH: a
#                                                background job is forked, then exec'd
#   argvals_match EXPECTED ACTUAL                probe argument values against an argforms-
#                                                style expectation ("=K", "*"); prints why not
#   expect_exit NAME STATUS WANT-STDERR COMMAND... the command exits STATUS with exactly
#                                                WANT-STDERR (and prints nothing on stdout when
#                                                EXPECT_FAIL_QUIET=1); its output goes to $w
#   expect_fail NAME WANT-STDERR COMMAND...      expect_exit with status 1
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
skip() { echo "skip - $1: $2"; }

expect_exit() {
	name=$1 want_rc=$2 want=$3
	shift 3
	"$@" >"$w/out" 2>"$w/err"
	rc=$?
	if [ $rc -ne "$want_rc" ]; then
		echo "not ok - $name: exit $rc (want $want_rc): $(cat "$w/err")"
	elif [ "$(cat "$w/err")" != "$want" ]; then
		echo "not ok - $name: stderr [$(cat "$w/err")] want [$want]"
	elif [ "${EXPECT_FAIL_QUIET:-0}" = 1 ] && [ -s "$w/out" ]; then
		echo "not ok - $name: printed [$(cat "$w/out")]"
	else
		echo "ok - $name"
	fi
}
expect_fail() {
	_n=$1 _w=$2
	shift 2
	expect_exit "$_n" 1 "$_w" "$@"
}

sdt_workdir() {
	W=$(mktemp -d "${TMPDIR:-/tmp}/usdtrace-sdt.XXXXXX") || exit 1
	trap 'rm -rf "$W"' EXIT
	trap 'exit 1' INT TERM
}

# need_root_python3 CASE...: true when running as root with python3; otherwise each CASE is
# reported skipped (with what is missing) and it fails, so a test can `|| exit 0`.
need_root_python3() {
	if ! sdt_is_root; then
		for _c; do skip "$_c" "needs root"; done
		return 1
	fi
	if ! command -v python3 >/dev/null; then
		for _c; do skip "$_c" "needs python3"; done
		return 1
	fi
	return 0
}

sdt_is_root() { [ "$(id -u)" -eq 0 ]; }

# DTrace for Linux, the reference, where ../shared/peers/oracle-dtrace has built it.
ORACLE_DTRACE=${ORACLE_DTRACE:-/opt/oracle-dtrace/sbin/dtrace}  # a rehearsal without it: ORACLE_DTRACE=/none

# have_oracle_dtrace CASE...: true when DTrace for Linux is built; otherwise each CASE is
# reported skipped and it fails.
have_oracle_dtrace() {
	[ -x "$ORACLE_DTRACE" ] && return 0
	for _c; do skip "$_c" "DTrace for Linux is not built at /opt/oracle-dtrace"; done
	return 1
}

# gen_vs_dtrace NAME MODE "FLAGS" SEED...: case NAME of a generated differential sweep: each
# seed's program (`python3 "$gen" SEED MODE`) run by DTrace for Linux ($D) and by usdtrace with
# FLAGS -s (FLAGS "per-program": the words `gen_flags FILE`, the caller's, gives for each
# program); exit status, stdout and stderr must be the same once each has gone through the
# caller's gen_norm (a filter, stdin to stdout: what is each implementation's own, as a fault's
# BPF pc). dtrace is tried up to three times while it fails to enable a program or is killed at
# the time limit (it does so now and then on a busy machine, then runs it). The differing seeds are listed, with the first
# lines of each difference as comments. Needs gen_sweep_setup's $w, $gen, $D.
gen_vs_dtrace() {
	_name=$1 _mode=$2 _flags=$3
	shift 3
	have_oracle_dtrace "$_name" || return 0
	_differ=
	for _s; do
		_f="$w/$_name-$_s"
		python3 "$gen" "$_s" "$_mode" >"$_f.d"
		_fl=$_flags
		[ "$_flags" != per-program ] || _fl=$(gen_flags "$_f.d")
		for _try in 1 2 3; do
			# shellcheck disable=SC2086 # the flags are words
			timeout -s KILL 30 "$D" $_fl -s "$_f.d" >"$_f.dout" 2>"$_f.derr"
			echo $? >"$_f.drc"
			[ "$(cat "$_f.drc")" = 137 ] ||
				grep -Eq 'could not enable tracing|Failed to enable probe' "$_f.derr" || break
		done
		# shellcheck disable=SC2086
		timeout -s KILL 30 "$USDTRACE" $_fl -s "$_f.d" >"$_f.uout" 2>"$_f.uerr"
		echo $? >"$_f.urc"
		if ! cmp -s "$_f.drc" "$_f.urc" ||
		   [ "$(gen_norm <"$_f.dout")" != "$(gen_norm <"$_f.uout")" ] ||
		   [ "$(gen_norm <"$_f.derr")" != "$(gen_norm <"$_f.uerr")" ]; then
			_differ="$_differ $_s"
			diff "$_f.dout" "$_f.uout" | head -5 | sed "s/^/# $_name $_s: /"
			diff "$_f.derr" "$_f.uerr" | head -5 | sed "s/^/# $_name $_s: /"
		fi
	done
	if [ -z "$_differ" ]; then ok "$_name"; else notok "$_name" "seeds differing from dtrace:$_differ"; fi
}

# gen_sweep_setup GENERATOR CASE...: the start of a generated differential sweep: a work
# directory ($w), the generator's path ($gen), the reference ($D); exits (each CASE skipped)
# unless root with python3.
gen_sweep_setup() {
	sdt_workdir
	w=$W
	gen="$TOP/tests/sh/$1"
	D=$ORACLE_DTRACE
	shift
	need_root_python3 "$@" || exit 0
}

# stop_bpftrace PID: SIGINT to a bpftrace this shell started (it prints its maps and exits),
# sent again every 10 s while it runs: bpftrace 0.17 ignores a SIGINT that arrives while it is
# still busy starting (a lockstat run in CI waited forever on one). SIGKILL after 120 s. Then
# reaped. A zombie counts as gone (kill -0 still reaches it until it is reaped).
stop_bpftrace() {
	[ -n "$1" ] || return 0
	kill -INT "$1" 2>/dev/null
	_sb=0
	while [ $_sb -lt 1200 ]; do
		_st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
		[ -z "$_st" ] || [ "$_st" = Z ] && break
		_sb=$((_sb + 1))
		[ $((_sb % 100)) -eq 0 ] && kill -INT "$1" 2>/dev/null
		sleep 0.1
	done
	[ $_sb -ge 1200 ] && kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	return 0
}

# build_chain: tests/progs/ustack's chain program (frame pointers, no inlining) into $W/chain,
# linked with its $W/libchainlib.so; compiler errors in $W/cc.err. Fails when either build does.
build_chain() {
	_fl="-O1 -fno-omit-frame-pointer -fno-inline -g"
	cc $_fl -fPIC -shared -o "$W/libchainlib.so" "$TOP/tests/progs/ustack/chainlib.c" 2>"$W/cc.err" &&
		cc $_fl -I"$TOP/include" -o "$W/chain" "$TOP/tests/progs/ustack/chain.c" -L"$W" -lchainlib \
			-Wl,-rpath,"$W" 2>>"$W/cc.err"
}

sdt_wait_exec() {
	_i=0
	while [ $_i -lt $(($3 * 20)) ] && [ "$(readlink "/proc/$1/exe" 2>/dev/null)" != "$2" ]; do
		sleep 0.05
		_i=$((_i + 1))
	done
}

sdt_build() {
	_out=$1 _cc=$2 _lang=$3 _opt=$4 _link=$5
	shift 5
	_srcs=
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do _srcs="$_srcs $1"; shift; done
	[ "$1" = "--" ] && shift
	case $_lang in
	c) _std="-std=gnu11 -x c" ;;
	c++) _std="-std=c++17 -x c++" ;;
	esac
	case $_link in
	pie) _lf="-fPIE -pie" ;;
	nopie) _lf="-fno-pie -no-pie" ;;
	shared) _lf="-fPIC -shared" ;;
	esac
	# shellcheck disable=SC2086
	$_cc $_std $_opt $_lf -g -Wall -Wextra -Werror -pedantic -I"$TOP/include" $_srcs \
		-x none "$@" -o "$_out" 2>"$_out.err"
}

sdt_notes() {
	readelf -n "$1" | awk '
		/^ *Provider: / { prov = $2 }
		/^ *Name: / { name = $2 }
		/^ *Location: / { gsub(",", ""); pc = $2; base = $4; sem = $6 }
		/^ *Arguments:/ { sub(/^ *Arguments: ?/, ""); print prov, name, pc, base, sem, $0 }'
}

sdt_kinds() {
	for _a in "$@"; do printf '%s ' "${_a%%@*}"; done | sed 's/ $//'
}

sdt_float_witness() {
	objcopy --dump-section .note.stapsdt="$2.note" "$1" "$2.tmp" &&
		perl -0777 -pi -e 's/(^|[\0 ])([48])f\@/$1-$2\@/g' "$2.note" &&
		objcopy --update-section .note.stapsdt="$2.note" "$1" "$2" &&
		rm -f "$2.tmp" "$2.note"
}

# sdt_site_check BIN PC...: the note pcs (hex, link-time) that are not at a usdtrace/sdt.h site
# of x86-64 (docs/sdt-sites.md), one "PC why" a line; nothing when all are. A site is: the pc
# starts the 5-byte nop 0f 1f 44 00 00, 8-byte aligned (so it never crosses a page), followed by
# "lea 0x80(%rsp),%rsp" (48 8d a4 24 80 00 00 00); before it, past nothing but nops,
# "lea -0x80(%rsp),%rsp" (48 8d 64 24 80). So a call the kernel writes over the nop pushes
# below the red zone.
sdt_site_check() {
	_bin=$1; shift
	objdump -d -z "$_bin" | awk -v pcs="$*" '
		function hex(h,   i, v) {
			h = tolower(h); sub(/^0x/, "", h); v = 0
			for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		BEGIN { n = split(pcs, want, " ") }
		/^ *[0-9a-f]+:\t/ {
			split($0, f, "\t"); a = f[1]; sub(/^ */, "", a); sub(/:$/, "", a)
			addr = hex(a)
			if (f[3] == "") { bytes[last] = bytes[last] " " f[2]; gsub(/  */, " ", bytes[last]); next }
			b = f[2]; gsub(/^ +| +$/, "", b); gsub(/  */, " ", b)
			ni++; at[ni] = addr; idx[addr] = ni; bytes[ni] = b; text[ni] = f[3]; last = ni
		}
		END {
			for (k = 1; k <= n; k++) {
				p = hex(want[k])
				if (!(p in idx)) { print want[k], "no instruction starts there"; continue }
				i = idx[p]
				sub(/ +$/, "", bytes[i]); sub(/ +$/, "", bytes[i + 1])
				if (bytes[i] != "0f 1f 44 00 00") { print want[k], "not a nop5: " bytes[i]; continue }
				if (p % 8 != 0) { print want[k], "nop5 not 8-byte aligned"; continue }
				if (bytes[i + 1] != "48 8d a4 24 80 00 00 00") { print want[k], "not followed by lea 0x80(%rsp),%rsp: " bytes[i + 1]; continue }
				j = i - 1
				while (j > 0 && text[j] ~ /^(nop|xchg +%ax,%ax|data16|cs nop)/) j--
				if (j < 1 || bytes[j] != "48 8d 64 24 80") { print want[k], "not after lea -0x80(%rsp),%rsp: " bytes[j]; continue }
			}
		}'
}

# sdt_live_bytes PID BIN PC: the 5 bytes (hex, space separated) at link-time address PC (hex) of
# BIN as process PID has them now (a uprobe's int3, or the call the kernel made of a nop5);
# the load bias is where PID maps BIN's first page less BIN's lowest PT_LOAD address.
sdt_live_bytes() {
	python3 - "$1" "$2" "$3" <<'EOPY'
import os, subprocess, sys
pid, path, pc = sys.argv[1], os.path.realpath(sys.argv[2]), int(sys.argv[3], 16)
low = min(int(l.split()[2], 16) for l in subprocess.run(["readelf", "-lW", path],
          capture_output=True, text=True).stdout.splitlines() if l.split()[:1] == ["LOAD"])
start = None
for line in open("/proc/%s/maps" % pid):
    f = line.split()
    if len(f) >= 6 and f[5] == path and int(f[2], 16) == 0:
        start = int(f[0].split("-")[0], 16)
        break
if start is None:
    sys.exit("no mapping of %s in process %s" % (path, pid))
with open("/proc/%s/mem" % pid, "rb") as m:
    m.seek(start - (low & ~0xfff) + pc)
    print(" ".join("%02x" % b for b in m.read(5)))
EOPY
}

# argvals_match EXPECTED ACTUAL: same number of lines; per line the same probe name and, per value,
# equal, or "*", or "=K" meaning equal to the actual value of argument K on that line.
argvals_match() {
	awk -v expfile="$1" '
	BEGIN { n = 0; while ((getline line < expfile) > 0) wl[++n] = line }
	{
		if (NR > n) { printf "extra line %d: %s\n", NR, $0; bad = 1; next }
		ne = split(wl[NR], e, " "); na = split($0, a, " ")
		if (ne != na || e[1] != a[1]) {
			printf "line %d: expected \"%s\", got \"%s\"\n", NR, wl[NR], $0; bad = 1; next
		}
		for (i = 2; i <= ne; i++) {
			if (e[i] == "*") continue
			want = e[i]
			if (want ~ /^=[0-9]+$/) want = a[substr(want, 2) + 2]
			if (want != a[i]) {
				printf "line %d arg %d: expected %s (%s), got %s in \"%s\"\n",
					NR, i - 2, want, e[i], a[i], $0
				bad = 1
			}
		}
	}
	END {
		if (NR < n) { printf "missing lines: got %d of %d (first missing: %s)\n", NR, n, wl[NR + 1]; bad = 1 }
		exit bad
	}' "$2"
}
