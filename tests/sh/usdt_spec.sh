#!/bin/sh
# tier: full
# usdt_spec.sh — speculations in clauses of USDT and pid probes, whose programs serve many
# probes and number their records at run time (a class program's epids come from the uprobe's
# cookie): a speculative record must carry the run-time epid, or the consumer cannot find its
# layout ("malformed speculative record ignored" for each, nothing committed: found by
# bench/soak.sh). hz_target fires hz:::tick(i) and calls hz_work(i) for i = 0..N-1; a
# speculation per firing, committed when i % 3 == 0, discarded otherwise: exactly those
# lines come out, in order (the definition of commit/discard is the witness).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usdt_spec "needs root"
	exit 0
fi
if ! cc -O1 -g -Wall -Werror -I"$TOP/include" -o "$W/hz_target" "$TOP/tests/progs/harden/hz_target.c" 2>"$W/cc.err"; then
	notok usdt_spec "cannot build hz_target: $(head -c 300 "$W/cc.err")"
	exit 0
fi
N=20
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) if (i % 3 == 0) print "fired " i }' >"$W/want"
for p in 'hz$target:::tick' 'pid$target::hz_work:entry'; do
	name=spec_$(echo "$p" | sed 's/[$].*//')
	"$U" -q -x nspec=4 -n "$p { self->s = speculation(); speculate(self->s); printf(\"fired %d\\n\", arg0); }
		$p /self->s && arg0 % 3 == 0/ { commit(self->s); self->s = 0; }
		$p /self->s/ { discard(self->s); self->s = 0; }" \
		-c "$W/hz_target $W/out.txt $N" >"$W/got.raw" 2>"$W/err"
	rc=$?
	grep -v '^$' "$W/got.raw" >"$W/got"
	if [ $rc -ne 0 ] || [ -s "$W/err" ] || ! cmp -s "$W/want" "$W/got"; then
		notok "$name" "exit $rc [$(tr '\n' ' ' <"$W/got")] $(head -c 200 "$W/err")"
	else
		ok "$name"
	fi
done
exit 0
