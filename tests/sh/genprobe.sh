# tier: full
# genprobe.sh — probe descriptions, clauses and listing checked differentially (issue 20):
# tests/sh/genprobe_gen.py makes one command line per seed (reproducible): -l with every
# selector and globs over every provider here, -lv, clauses on probes that fire printing
# probeprov/probemod/probefunc/probename, tick-N/profile-N in every unit, descriptions that
# match nothing (-Z, -x zdefs, -e) or are malformed, BEGIN/END/ERROR clauses in random orders.
# Its docstring lists what it leaves out on purpose.
#   - runs: usdtrace alone neither crashes nor is killed on any seed's case, and everything it
#     says on stderr is its own message ("usdtrace: ...");
#   - vs-dtrace: where DTrace for Linux is built (/opt/oracle-dtrace), exit status, stdout (a
#     listing without its ID column, sorted, probes only one of them has left out) and
#     stderr equal dtrace's for seeds that pass today (GENPROBE_SEEDS to try others). Seeds
#     that differed before their fix: 12, 19, 22, 85, 185, 212, 221 (a description without a
#     provider, or globbing it, selects io's, ip's and lockstat's probes: -l -n wait-done,
#     -l -m 'vm*'), 161, 221, 294 (and sdt's and rawtp's: -l -m sched, -l -f 'sch*:*').
# Needs root (BPF).
. "$TOP/tests/sh/lib.sh"
gen_sweep_setup genprobe_gen.py runs vs-dtrace

# shellcheck disable=SC2046 # one word per seed
bad=$(python3 "$gen" run "$USDTRACE" $(seq 1 80))
if [ -z "$bad" ]; then ok runs; else notok runs "$(echo "$bad" | head -3 | tr '\n' ';')"; fi

if have_oracle_dtrace vs-dtrace; then
	# shellcheck disable=SC2086 # one word per seed
	differ=$(cd "$w" && python3 "$gen" compare "$USDTRACE" "$D" ${GENPROBE_SEEDS:-$(seq 1 40) 85 161 185 212 221 294})
	if [ -z "$differ" ]; then ok vs-dtrace; else notok vs-dtrace "$(echo "$differ" | head -3 | tr '\n' ';')"; fi
fi
