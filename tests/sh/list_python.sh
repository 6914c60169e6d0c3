#!/bin/sh
# tier: fast
# list_python.sh — a real-world USDT binary: /usr/bin/python3.11 started with
# -c 'python3.11 -c pass' (held before main, listed, killed), checked against readelf -n.
py=/usr/bin/python3.11
if [ ! -x "$py" ]; then
	echo "skip - python_probes: $py is not installed"
	exit 0
fi
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
# Resolve python3.11 to the real binary, not a version-manager shim earlier in PATH.
PATH=/usr/bin:/bin
export PATH

readelf -n "$py" | awk '/Provider:/ { p = $2 } /Name:/ { print p, $2 }' >"$w/expect"
nexp=$(wc -l <"$w/expect")

"$USDTRACE" -l -c 'python3.11 -c pass' >"$w/all" 2>"$w/err"
rc=$?
# A full listing starts with the tracer's own probes and the kernel providers'; the rest,
# whose provider names end in the process's pid, is python's.
awk 'NR == 1 || $2 ~ /[0-9]$/' "$w/all" >"$w/out"
pid=$(awk 'NR == 2 { p = $2; sub("^python", "", p); print p }' "$w/out")
awk 'NR > 1 { p = $2; sub("[0-9]+$", "", p); n = $NF; gsub("-", "__", n); print p, n }' \
	"$w/out" >"$w/got"
mods=$(awk 'NR > 1 { print $3 }' "$w/out" | sort -u)
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then
	echo "not ok - python_probes: exit $rc: $(cat "$w/err")"
elif [ "$nexp" -ne 8 ]; then
	echo "not ok - python_probes: readelf shows $nexp python probes, expected 8"
elif ! cmp -s "$w/expect" "$w/got"; then
	echo "not ok - python_probes: got [$(tr '\n' ';' <"$w/got")] expected [$(tr '\n' ';' <"$w/expect")]"
elif [ "$mods" != "python3.11" ]; then
	echo "not ok - python_probes: modules [$mods]"
elif [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
	echo "not ok - python_probes: child $pid still alive"
else
	echo "ok - python_probes"
fi

# -v: every python probe has a semaphore, and the argument count matches the note.
"$USDTRACE" -l -v -c 'python3.11 -c pass' >"$w/v" 2>"$w/err"
rc=$?
# The provider column is right-aligned in 10 characters: a short pid leaves more than one blank.
nprobes=$(grep -c '^ *[0-9][0-9]*  *python[0-9]' "$w/v")
nsem=$(grep -c 'semaphore 0x[0-9a-f]* (file offset 0x[0-9a-f]*)' "$w/v")
readelf -n "$py" | awk '/Arguments:/ { print NF - 1 }' >"$w/nargs_expect"
awk '/^ *[0-9]+ +[a-z]/ { py = $2 ~ /^python[0-9]/ }
	py && /^\tArgument Types/ { n = 0; on = 1; next } on && /args\[/ { n++ } on && /^$/ { print n; on = 0 }' \
	"$w/v" >"$w/nargs_got"
if [ $rc -ne 0 ]; then
	echo "not ok - python_verbose_semaphores: exit $rc: $(cat "$w/err")"
elif [ "$nprobes" -ne 8 ] || [ "$nsem" -ne 8 ]; then
	echo "not ok - python_verbose_semaphores: $nprobes probes, $nsem semaphores"
elif ! cmp -s "$w/nargs_expect" "$w/nargs_got"; then
	echo "not ok - python_verbose_semaphores: arg counts [$(tr '\n' ' ' <"$w/nargs_got")] expected [$(tr '\n' ' ' <"$w/nargs_expect")]"
else
	echo "ok - python_verbose_semaphores"
fi

# The semaphore addresses shown by -v are exactly readelf's.
readelf -n "$py" | awk '/Semaphore:/ { print $NF }' | sort >"$w/sem_addr_expect"
grep -o 'semaphore 0x[0-9a-f]*' "$w/v" | awk '{ print $2 }' |
	while read -r a; do printf '0x%016x\n' "$a"; done | sort >"$w/sem_addr_got"
if cmp -s "$w/sem_addr_expect" "$w/sem_addr_got"; then
	echo "ok - python_semaphore_addresses"
else
	echo "not ok - python_semaphore_addresses: [$(tr '\n' ' ' <"$w/sem_addr_got")] vs [$(tr '\n' ' ' <"$w/sem_addr_expect")]"
fi
