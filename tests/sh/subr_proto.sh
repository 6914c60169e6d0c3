#!/bin/sh
# tier: full
# subr_proto.sh — every D subroutine and action called with wrong arities and wrong argument
# types (tests/sh/subr_proto_gen.py makes the calls) gets DTrace for Linux's verdict: the same
# exit status and the same message. The witness's verdicts are stored in subr_proto.expected
# (the command that made them is in subr_proto_gen.py), so this runs without dtrace; cases where
# usdtrace deliberately does more than DTrace for Linux are listed, with the reason, in
# subr_proto.ours with the exit status usdtrace must give. One result line per function.
# Compiles only (-e): loads no BPF, but compiles ~640 programs (a few minutes under load).
. "$TOP/tests/sh/lib.sh"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
here="$TOP/tests/sh"
if ! command -v python3 >/dev/null; then
	skip subr_proto "needs python3"
	exit 0
fi

# the stored verdicts must be those of the generator's cases, all of them
python3 "$here/subr_proto_gen.py" | cut -f1 | LC_ALL=C sort >"$w/names"
cut -f1 "$here/subr_proto.expected" >"$w/expected.names"
if ! cmp -s "$w/names" "$w/expected.names"; then
	notok cases-stored "subr_proto.expected is not the generator's cases (remake it with dtrace):" \
		"$(diff "$w/names" "$w/expected.names" | head -3 | tr '\n' ' ')"
else
	ok cases-stored
fi

timeout 1200 python3 "$here/subr_proto_gen.py" run "$USDTRACE" 2 >"$w/got" 2>"$w/run.err" ||
	notok run "$(head -c 300 "$w/run.err")"

# CASE<TAB>EXIT<TAB>MESSAGE on both sides; a case of subr_proto.ours must exit 0 here
awk -F'\t' -v ours="$here/subr_proto.ours" -v got="$w/got" '
	BEGIN {
		while ((getline l < ours) > 0) {
			if (l ~ /^#/ || l == "") continue
			split(l, f, "\t"); own[f[1]] = f[2]; why[f[1]] = f[3]
		}
		while ((getline l < got) > 0) {
			i = index(l, "\t"); name = substr(l, 1, i - 1); res[name] = substr(l, i + 1)
		}
	}
	{
		name = $1; want = substr($0, length(name) + 2)
		fn = name; sub(/\..*/, "", fn)
		if (!(fn in seen)) { seen[fn] = 1; order[++nf] = fn }
		if (!(name in res)) { bad[fn] = bad[fn] name ": not run; "; next }
		if (name in own) {
			if (substr(res[name], 1, index(res[name], "\t") - 1) != own[name])
				bad[fn] = bad[fn] name ": want exit " own[name] " (" why[name] ") got [" res[name] "]; "
			next
		}
		if (res[name] != want)
			bad[fn] = bad[fn] name ": want [" want "] got [" res[name] "]; "
	}
	END {
		for (i = 1; i <= nf; i++) {
			fn = order[i]
			if (fn in bad) print "not ok - " fn ": " substr(bad[fn], 1, 600)
			else print "ok - " fn
		}
	}' "$here/subr_proto.expected"
