#!/bin/sh
# Compiles every D program of the test trees with two usdtrace binaries and shows where their
# output differs: the BPF listing (-S), messages and exit status of `-e` (compile, load nothing).
# A refactoring that must not change behaviour leaves this silent.
#   scripts/same_output.sh OLD_BIN NEW_BIN [DIR...]     (default: tests/d and the dtrace tests)
# Prints "same: N programs" or each difference; exits 1 when anything differs.
old=$(readlink -f "$1") new=$(readlink -f "$2"); shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$top/tests/d" "$top/../shared/dtrace-tests"
# Absolute paths: each program is compiled from its own folder.
for d in "$@"; do shift; set -- "$@" "$(readlink -f "$d")"; done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
ns="unshare --pid --fork"
if ! $ns true 2>/dev/null; then
	echo "same_output.sh: needs unshare --pid (root): the pids compiled into programs would differ" >&2
	exit 2
fi
for f in $(find "$@" -name '*.d' | sort); do
	n=$((n + 1))
	for which in old new; do
		eval bin=\$$which
		# Run from the program's folder, as the suites do (#include, relative paths); the
		# tracer's own name is normalised so two binaries print alike.
		# The tracer's own pid and its parent's ($pid, $ppid, progenyof()) are constants of
		# the program: each run gets a pid namespace of its own (pid 1, parent 0), so they
		# are the same for both binaries.
		(cd "$(dirname "$f")" && timeout 20 $ns "$bin" -x errtags -e -S -s "$f" >"$tmp/$which" 2>&1 </dev/null
		 echo "exit $?" >>"$tmp/$which")
		sed -i "s|$bin|USDTRACE|g" "$tmp/$which"
	done
	if ! cmp -s "$tmp/old" "$tmp/new"; then
		bad=$((bad + 1)); echo "== $f"; diff "$tmp/old" "$tmp/new" | head -20
	fi
done
if [ "$bad" -eq 0 ]; then echo "same: $n programs"; else echo "$bad of $n programs differ"; exit 1; fi
