# build.sh — sourced by tests/sh/list_*.sh: compiles the listing test programs into $w.
# Needs $TOP and $w (the test's private work directory). Sets $LP_BUILD_ERR on failure.

# The common start of a listing test: a private $w removed at exit, together with the
# background processes a test adds to $bg and the directory it may put in $nsdir; then the
# test programs, built into $w (a build failure ends the test as one failed case).
lp_setup() {
	w=$(mktemp -d)
	bg=
	nsdir=
	trap lp_cleanup EXIT
	lp_build
	if [ -n "$LP_BUILD_ERR" ]; then
		echo "not ok - build: $LP_BUILD_ERR"
		exit 1
	fi
}

lp_cleanup() {
	for p in $bg; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	[ -n "$nsdir" ] && rmdir "$nsdir" 2>/dev/null
	rm -rf "$w"
}
lp_build() {
	src="$TOP/tests/progs/list"
	LP_BUILD_ERR=
	cc -O1 -g -I"$TOP/include" -fPIC -shared -o "$w/liblp.so" "$src/lp_lib.c" 2>"$w/build.log" &&
	cc -O1 -g -I"$TOP/include" -o "$w/lp_main" "$src/lp_main.c" -L"$w" -llp -Wl,-rpath,"$w" 2>>"$w/build.log" &&
	cc -O1 -g -o "$w/lp_load" "$src/lp_load.c" -ldl 2>>"$w/build.log" ||
	LP_BUILD_ERR="cannot build test programs: $(head -c 300 "$w/build.log")"
}

# Wait (up to ~5 s) for a file to appear.
lp_wait_file() {
	i=0
	while [ ! -e "$1" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	[ -e "$1" ]
}

# The independent witness: "provider function name" for every probe site of an ELF file, from
# readelf -n (notes) and addr2line (enclosing function), one line per site, in note order.
lp_witness_sites() {
	readelf -n "$1" | awk '/Provider:/ { p = $2 } /Name:/ { n = $2 }
		/Location:/ { sub(",", "", $2); print p, n, $2 }' |
	while read -r p n loc; do
		f=$(addr2line -f -e "$1" "$loc" | head -n 1)
		echo "$p $f $n"
	done
}

# Distinct probes (provider function name) in first-seen order: what -l must list for a file.
lp_witness_probes() {
	lp_witness_sites "$1" | awk '!seen[$0]++'
}

# A full listing (no description) starts with the tracer's own probes, ids 1..LP_NBUILTIN:
# dtrace:::BEGIN, END, ERROR, the cpc provider's standing probes (one per perf event this
# machine opens: `usdtrace -l -P cpc` lists them), the profile provider's, then the kernel
# providers' (syscall, proc, sched, then every tracepoint and the D libraries' providers),
# then the processes'. lp_usdt_only keeps the header and the USDT lines of a listing (a
# process's provider ends in its pid; not the kernel probes a description selects too, such
# as io:::start and proc:::start for -n start); lp_builtin_listing prints the lines dtrace's
# layout gives the builtin probes, to compare with a listing's lines 2..LP_NBUILTIN+1.
# (-P cpc lists newest first, as dtrace does for a plain provider name: sorted back by id)
LP_CPC=$("$USDTRACE" -l -P cpc 2>/dev/null | awk 'NR > 1 && $2 == "cpc" { print $1, "cpc:" $NF }' |
	sort -n | cut -d' ' -f2)
LP_NBUILTIN=$((16 + $(printf '%s' "$LP_CPC" | grep -c .)))
lp_usdt_only() {
	awk 'NR == 1 || $2 ~ /[0-9]$/' "$1"
}
lp_builtin_listing() {
	_i=0
	for _n in dtrace:BEGIN dtrace:END dtrace:ERROR $LP_CPC profile:profile-97 \
		profile:profile-199 profile:profile-499 profile:profile-997 profile:profile-1999 \
		profile:profile-4001 profile:profile-4999 profile:tick-1 profile:tick-10 \
		profile:tick-100 profile:tick-500 profile:tick-1000 profile:tick-5000; do
		_i=$((_i + 1))
		printf '%5d %10s %17s %33s %s\n' "$_i" "${_n%%:*}" "" "" "${_n#*:}"
	done
}

# Our listing turned into the same shape: "provider function name" with the pid suffix removed
# from the provider and "-" turned back into "__" in the name.
lp_listed_probes() { # listing-file pid
	awk -v pid="$2" 'NR > 1 && NF == 5 && $3 != "vmlinux" && (pid == "" || $2 ~ (pid "$")) {
		p = $2; if (pid != "") sub(pid "$", "", p);
		n = $5; gsub("-", "__", n); print p, $4, n }' "$1"
}
