#!/bin/sh
# tier: full
# agg_random.sh — the BPF side of every aggregating function against the C model of the
# layout contract: for a few seeds, random values (zero, small, negative, near the bucket
# edges, and large enough that stddev's sum of squares needs its 128 bits) go through
# usdtrace (BEGIN updating @NAME[key] = f(value, ...)) and through build/tools/aggref
# (agg_update + agg_print_exit); the outputs must be byte for byte the same. The C model's
# buckets are themselves checked against brute-force models in tests/unit/test_agg.c.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
REF=$B/tools/aggref
if [ ! -x "$REF" ]; then
	notok agg_random "$REF not built"
	exit 0
fi
if ! sdt_is_root; then
	skip agg_random "needs root"
	exit 0
fi

for seed in 1 2 3 4; do
	awk -v seed=$seed -v dfile="$W/r$seed.d" -v rfile="$W/r$seed.in" 'BEGIN {
		srand(seed)
		n = split("count sum avg min max stddev quantize lquantize llquantize", f, " ")
		params["lquantize"] = "-50 250 7"; dp["lquantize"] = ", -50, 250, 7"
		params["llquantize"] = "10 1 5 20"; dp["llquantize"] = ", 10, 1, 5, 20"
		print "#pragma D option quiet" > dfile
		print "BEGIN {" > dfile
		for (i = 1; i <= n; i++)
			print "agg a_" f[i] " " f[i] " " params[f[i]] > rfile
		for (u = 0; u < 40; u++) {
			for (i = 1; i <= n; i++) {
				fn = f[i]
				r = rand()
				if (r < 0.1) v = 0
				else if (r < 0.4) v = int(rand() * 300) - 60
				else if (r < 0.6) v = -int(rand() * 100000)
				else if (r < 0.8) v = int(2 ^ int(rand() * 40)) + int(rand() * 3) - 1
				else v = int(rand() * 4000000000000) - 1000000000000
				key = int(rand() * 3) - 1
				incr = (fn ~ /quantize/ && rand() < 0.3) ? int(rand() * 5) + 1 : 1
				val = fn == "count" ? "" : sprintf("%.0f", v)
				args = val dp[fn]
				if (incr != 1) args = args ", " incr
				printf "\t@a_%s[(long)%d] = %s(%s);\n", fn, key, fn, args > dfile
				printf "upd a_%s %d %s %d\n", fn, key, fn == "count" ? 0 : sprintf("%.0f", v), incr > rfile
			}
		}
		print "\texit(0);" > dfile
		print "}" > dfile
	}'
	"$REF" <"$W/r$seed.in" >"$W/r$seed.want" 2>"$W/r$seed.referr" || {
		notok "agg_random_seed$seed" "aggref: $(cat "$W/r$seed.referr")"
		continue
	}
	timeout 60 "$USDTRACE" -s "$W/r$seed.d" >"$W/r$seed.got" 2>"$W/r$seed.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		notok "agg_random_seed$seed" "exit $rc: $(head -c 300 "$W/r$seed.err" | tr '\n' ' ')"
	elif cmp -s "$W/r$seed.want" "$W/r$seed.got"; then
		ok "agg_random_seed$seed"
	else
		notok "agg_random_seed$seed" "$(diff "$W/r$seed.want" "$W/r$seed.got" | head -6 | tr '\n' '|')"
	fi
done
