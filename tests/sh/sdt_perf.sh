# tier: fast
# sdt_perf.sh — perf, another independent reader of the notes: after
# `perf buildid-cache --add PROG`, `perf list sdt` must show sdt_PROVIDER:NAME for every probe
# of tests/progs/sdt/types.c. The build-id cache goes to a private HOME, not the user's.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

if ! command -v perf >/dev/null 2>&1; then skip "perf-list" "perf not installed"; exit 0; fi
bin=$W/types
if ! sdt_build "$bin" gcc c -O2 pie "$TOP/tests/progs/sdt/types.c"; then
	notok "perf-build" "$(head -c 400 "$bin.err")"; exit 0
fi
mkdir -p "$W/home"
if ! HOME=$W/home timeout 30 perf buildid-cache --add "$bin" >"$W/perf.err" 2>&1; then
	skip "perf-list" "perf buildid-cache failed here: $(head -c 200 "$W/perf.err")"; exit 0
fi
HOME=$W/home timeout 30 perf list sdt >"$W/perf.out" 2>&1
miss=
for p in signed unsigned consts ptrs global tls floats fmix n0 n1 n12 v0 v12 sem; do
	grep -qE "^ *sdt_sdt:$p +\[SDT event\]" "$W/perf.out" || miss="$miss $p"
done
if [ -n "$miss" ]; then notok "perf-list" "missing:$miss ($(head -c 200 "$W/perf.out"))"; else ok "perf-list"; fi
