#!/bin/sh
# tier: fast
# formula_syntax.sh — formula providers (docs/formula-providers.md) as the compiler sees them,
# without loading anything: libraries with wrong formulas give a clear message naming the
# library file and line and exit 1; alternatives are chosen by what exists (tracepoints, BTF
# members); -l and -l -v list formula probes; a clause on a formula probe compiles to the same
# instructions as the clause written on the underlying tracepoint with the expression.
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
. "$TOP/tests/sh/lib.sh"
if [ ! -r /sys/kernel/btf/vmlinux ]; then
	skip formula "no kernel BTF"
	exit 0
fi
L="$w/lib"
mkdir "$L"
lib() { printf '%s\n' "$1" >"$L/t.d"; }

lib 'provider t { probe p(int, int) =
	rawtp:block::block_rq_issue(struct request *rq) : (rq->__data_len); };'
expect_fail expr-count "usdtrace: invalid probe specifier t:::p: \"$L/t.d\", line 2: formula probe 'p': rawtp:block::block_rq_issue gives 1 argument expression for 2 declared arguments" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

lib 'provider t {
	probe p(int) =
		rawtp:block::no_such_tracepoint(struct request *rq) : (rq->__data_len)
	else	rawtp:block::block_rq_issue(struct request *rq) / member(struct request, no_such_member) / : (1);
};'
expect_fail no-alternative "usdtrace: invalid probe specifier t:::p: $L/t.d:3: formula probe t:::p: no alternative applies on this system (rawtp:block::no_such_tracepoint: matches no probe; rawtp:block::block_rq_issue: struct request has no member no_such_member)" \
	"$USDTRACE" -L "$L" -e -n 't:::p'
# a library whose formula cannot apply harms no program that does not name it
if "$USDTRACE" -L "$L" -e -n 'BEGIN { exit(0); }' 2>"$w/err"; then
	ok unnamed-formula-harmless
else
	notok unnamed-formula-harmless "$(cat "$w/err")"
fi

lib 'provider t { probe p(int) = rawtp:block::block_rq_*(struct request *rq) : (rq->__data_len); };'
expect_fail many-probes "usdtrace: invalid probe specifier t:::p: $L/t.d:1: formula probe t:::p: rawtp:block::block_rq_* matches 7 probes; a formula names one" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

lib 'provider t { probe p(int) =

	rawtp:block::block_rq_issue(struct request *rq) : (rq->no_such_member); };'
expect_fail bad-expression "usdtrace: invalid probe specifier t:::p { trace(args[0]); }: \"$L/t.d\", line 3: no_such_member is not a member of struct request" \
	"$USDTRACE" -L "$L" -e -n 't:::p { trace(args[0]); }'

lib 'provider t { probe p(int) = rawtp : block::block_rq_issue(struct request *rq) : (1); };'
expect_fail blanks "usdtrace: invalid probe specifier t:::p: \"$L/t.d\", line 1: formula probe 'p': the probe description 'rawtp : block::block_rq_issue' has blanks in it" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

lib 'provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) / member(struct request, part) && / : (1); };'
expect_fail guard-syntax "usdtrace: invalid probe specifier t:::p: \"$L/t.d\", line 1: syntax error near \"/\"" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

# A value guard is checked with the clause, at the library's line: a type it must have, a
# member the kernel's struct lacks
lib 'provider t { probe p(int) =
	rawtp:block::block_rq_issue(struct request *rq) / "x" / : (1); };'
expect_fail guard-scalar "usdtrace: invalid probe specifier t:::p { trace(1); }: \"$L/t.d\", line 2: a formula's guard must be of scalar type" \
	"$USDTRACE" -L "$L" -e -n 't:::p { trace(1); }'
lib 'provider t { probe p(int) =
	rawtp:block::block_rq_issue(struct request *rq) / rq->no_such > 0 / : (1); };'
expect_fail guard-member "usdtrace: invalid probe specifier t:::p { trace(1); }: \"$L/t.d\", line 2: no_such is not a member of struct request" \
	"$USDTRACE" -L "$L" -e -n 't:::p { trace(1); }'

# A value guard costs its test in the probe's own program: the clause's program is the one
# written on the tracepoint with the guard as its predicate (only the heading and the note
# naming the predicate differ); a guard and a predicate are both tested
lib 'provider t { probe p(unsigned int) = rawtp:block::block_rq_issue(struct request *rq)
	/ member(struct request, part) && rq->__data_len > 4096 / : (rq->__data_len); };'
"$USDTRACE" -L "$L" -e -S -n 't:::p { trace(args[0]); }' 2>"$w/g.s" >/dev/null
"$USDTRACE" -e -S -n 'rawtp:block::block_rq_issue /args[0]->__data_len > 4096/ { trace(args[0]->__data_len); }' \
	2>"$w/h.s" >/dev/null
if [ "$(grep -c '^probe ' "$w/g.s")" = 1 ] && [ "$(grep -c . "$w/g.s")" -gt 20 ] &&
   [ "$(sed '1d; s/^; clause 1, predicate$/; clause 1/' "$w/g.s")" = "$(sed '1d; s/^; clause 1, predicate$/; clause 1/' "$w/h.s")" ]; then
	ok guard-same-program
else
	notok guard-same-program "$(diff "$w/g.s" "$w/h.s" | head -c 600)"
fi
"$USDTRACE" -L "$L" -e -S -n 't:::p /args[0] < 65536/ { trace(args[0]); }' 2>"$w/g2.s" >/dev/null
if [ "$(grep -c '4096\|0x1000' "$w/g2.s")" -ge 1 ] && [ "$(grep -c '65536\|0x10000' "$w/g2.s")" -ge 1 ]; then
	ok guard-and-predicate
else
	notok guard-and-predicate "$(head -c 600 "$w/g2.s")"
fi

# Formula probes of one tracepoint with different guards: a program each, each with its test
if "$USDTRACE" -e -S -n 'tcp:::connect-established, tcp:::accept-established { @[probename] = count(); }' \
	2>"$w/t.s" >/dev/null && [ "$(grep -c '^probe ' "$w/t.s")" = 2 ]; then
	ok guards-one-tracepoint
else
	notok guards-one-tracepoint "$(head -c 600 "$w/t.s")"
fi

# Provider files (-h) never load formula libraries; programs load them by the provider's name
printf 'provider netd { probe send(int); probe receive(int); probe start(char *); };\n' >"$w/p.d"
if "$USDTRACE" -h -s "$w/p.d" -o "$w/p.h" 2>"$w/err" && grep -q NETD_SEND "$w/p.h"; then
	ok provider-file-no-formula-libraries
else
	notok provider-file-no-formula-libraries "$(cat "$w/err")"
fi
if "$USDTRACE" -l -n 'udp:::send' >"$w/l" 2>&1 && grep -q ' udp .* send$' "$w/l"; then
	ok formula-library-by-provider-name
else
	notok formula-library-by-provider-name "$(cat "$w/l")"
fi

lib 'provider t { probe p(int) = syscall::read:entry(int fd) : (fd); };'
expect_fail shared-underlying "usdtrace: invalid probe specifier t:::p: $L/t.d:1: formula probe t:::p: no alternative applies on this system (syscall::read:entry: the syscall provider's probes share programs or are fired by the tracer, which a formula cannot underlie)" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

lib 'provider t { probe p(int) = t:::p(int x) : (x); };'
expect_fail itself "usdtrace: invalid probe specifier t:::p: $L/t.d:1: formula probe t:::p: no alternative applies on this system (t:::p: matches no probe)" \
	"$USDTRACE" -L "$L" -e -n 't:::p'

# The first alternative whose guard holds wins: `part` is a member of this kernel's struct
# request, `rq_disk` was one before 5.17; args[1] says which alternative was taken.
lib 'provider t {
	probe p(unsigned int, string) =
		rawtp:block::block_rq_issue(struct request *rq) / member(struct request, rq_disk) / : (0, "old")
	else	rawtp:block::block_rq_issue(struct request *rq) / member(struct request, part) && member(struct request, q) / : (rq->__data_len, "new");
};'
"$USDTRACE" -L "$L" -e -S -n 't:::p { trace(args[0]); trace(args[1]); }' 2>"$w/s" >/dev/null
"$USDTRACE" -e -S -n 'rawtp:block::block_rq_issue { trace(args[0]->__data_len); trace("new"); }' \
	2>"$w/want" >/dev/null
if [ "$(sed 1d "$w/s")" = "$(sed 1d "$w/want")" ] && [ "$(grep -c . "$w/s")" -gt 20 ]; then
	ok guard-chooses
else
	notok guard-chooses "$(diff "$w/s" "$w/want" | head -c 400)"
fi

# -l, -l -v: the formula probe with its declared types and the io provider's attributes
"$USDTRACE" -L "$L" -lv -n t:::p >"$w/lv" 2>"$w/err"
if awk 'NR == 2 { ok = ($2 == "t" && $3 == "vmlinux" && $4 == "p" && NF == 4) }
	/args\[0\]: unsigned int$/ { a0 = 1 } /args\[1\]: string$/ { a1 = 1 }
	/Identifier Names: Private/ { pr = 1 } /Identifier Names: Evolving/ { ev = 1 }
	END { exit !(ok && a0 && a1 && pr && ev) }' "$w/lv"; then
	ok list-verbose
else
	notok list-verbose "$(cat "$w/lv" "$w/err" | head -c 500)"
fi

# args[] in a clause on formula probes of different formulas (the Guide's ipproto.d writes
# `ip:::send, ip:::receive`): each probe's program is the clause written on that probe alone
# (wait-start's: as the clause's copy is, the third clause, after the copy for start)
"$USDTRACE" -e -S -n 'BEGIN { x = 1; } io:::start, io:::wait-start /x/ { trace(args[0]->b_bcount); } END { x = 2; }' \
	2>"$w/two.s" >/dev/null
"$USDTRACE" -e -S -n 'BEGIN { x = 1; } io:::start /x/ { trace(args[0]->b_bcount); } END { x = 2; }' \
	2>"$w/one.s" >/dev/null
"$USDTRACE" -e -S -n 'BEGIN { x = 1; } io:::start /x/ { trace(args[0]->b_bcount); }
	io:::wait-start /x/ { trace(args[0]->b_bcount); } END { x = 2; }' 2>"$w/one2.s" >/dev/null
# each probe's listing: from its heading to the next heading
body() { awk -v p="$2" '/^probe / { on = index($0, p) > 0; next } on' "$1"; }
if [ "$(grep -c '^probe ' "$w/two.s")" = 4 ] &&
   [ "$(body "$w/two.s" io:vmlinux::start)" = "$(body "$w/one.s" io:vmlinux::start)" ] &&
   [ "$(body "$w/two.s" io:vmlinux::wait-start)" = "$(body "$w/one2.s" io:vmlinux::wait-start)" ] &&
   [ "$(body "$w/one.s" io:vmlinux::start | grep -c .)" -gt 20 ]; then
	ok clause-differ-split
else
	notok clause-differ-split "$(head -c 600 "$w/two.s")"
fi
# ... and a formula probe's description and another provider's in one clause: each
# description is checked against its own probes, as dtrace compiles a clause once per
# description, so args[0] is io's bufinfo_t * for the first and rawtp's struct request * for
# the second, which has no b_bcount
expect_fail clause-differ "usdtrace: invalid probe specifier io:::start, rawtp:block::block_rq_issue { trace(args[0]->b_bcount); }: in action list: b_bcount is not a member of struct request" \
	"$USDTRACE" -e -n 'io:::start, rawtp:block::block_rq_issue { trace(args[0]->b_bcount); }'
if "$USDTRACE" -e -n 'io::: { @[probename] = count(); }' 2>"$w/err" &&
   "$USDTRACE" -e -n 'io:::start, io:::done { @[args[1]->dev_statname] = sum(args[0]->b_bcount); }' 2>>"$w/err"; then
	ok clause-same-formula
else
	notok clause-same-formula "$(cat "$w/err")"
fi

# No extra program, no copy: io:::start's program is the one written on the tracepoint with
# the formula's expression, instruction for instruction (only the probe's heading differs)
"$USDTRACE" -e -S -n 'io:::start /args[0]->b_flags & B_WRITE/ { @[args[1]->dev_name] = sum(args[0]->b_bcount); }' \
	2>"$w/f.s" >/dev/null
"$USDTRACE" -e -S -n 'rawtp:block::block_rq_issue /xlate <bufinfo_t *> (args[0])->b_flags & B_WRITE/ {
	@[stringof(args[0]->q->disk->disk_name)] = sum((size_t)args[0]->__data_len); }' 2>"$w/r.s" >/dev/null
if [ "$(grep -c '^probe ' "$w/f.s")" = 1 ] && [ "$(sed 1d "$w/f.s")" = "$(sed 1d "$w/r.s")" ] &&
   [ "$(sed 1d "$w/f.s" | grep -c .)" -gt 20 ]; then
	ok same-program
else
	notok same-program "$(diff "$w/f.s" "$w/r.s" | head -c 600)"
fi

# args[] that are not translated: the expressions themselves, in a predicate, an action and an
# aggregation key, the same program as the expressions written on the tracepoint
lib 'provider t { probe p(struct request *, int) =
	rawtp:block::block_rq_issue(struct request *rq) : (rq, rq->__data_len + 1); };'
"$USDTRACE" -L "$L" -e -S -n 't:::p /args[1] > 0/ { trace(args[0]->__data_len);
	@[stringof(args[0]->q->disk->disk_name)] = count(); }' 2>"$w/a.s" >/dev/null
"$USDTRACE" -e -S -n 'rawtp:block::block_rq_issue /args[0]->__data_len + 1 > 0/ { trace(args[0]->__data_len);
	@[stringof(args[0]->q->disk->disk_name)] = count(); }' 2>"$w/b.s" >/dev/null
if [ "$(grep -c '^probe t:vmlinux::p\|^probe [0-9]* t:vmlinux::p ' "$w/a.s")" = 1 ] &&
   [ "$(sed 1d "$w/a.s")" = "$(sed 1d "$w/b.s")" ] && [ "$(grep -c . "$w/a.s")" -gt 20 ]; then
	ok plain-args-same-program
else
	notok plain-args-same-program "$(diff "$w/a.s" "$w/b.s" | head -c 600)"
fi

# ---- companions (state across probes) and none() probes ----
# A companion is part of a program only when a clause is on a formula that reads what it
# keeps: p's guard and expression read self->x, which the first companion assigns; q reads
# nothing; the second companion keeps self->y, which no formula reads. (A variable a formula
# reads before its companion assigns it is declared, as in any D program: the companions come
# after the program's clauses.)
lib 'self int x[struct request *];
provider t {
	probe p(int) = rawtp:block::block_rq_issue(struct request *rq) / self->x[rq] / : (self->x[rq]);
	probe q(int) = rawtp:block::block_rq_issue(struct request *rq) : (rq->__data_len);
	rawtp:block::block_rq_insert(struct request *rq) { self->x[rq] = 1; }
	rawtp:block::block_rq_merge(struct request *rq) / rq->__data_len / { self->y = 1; }
};'
heads() { "$USDTRACE" -L "$L" -e -S -n "$1" 2>&1 >/dev/null | awk '/^probe / { print $3 }' | tr '\n' ' '; }
got=$(heads 't:::p { trace(args[0]); }')
if [ "$got" = "t:vmlinux::p rawtp:block::block_rq_insert " ]; then
	ok companion-needed
else
	notok companion-needed "programs: '$got'"
fi
got=$(heads 't:::q { trace(args[0]); }')
if [ "$got" = "t:vmlinux::q " ]; then ok companion-unneeded; else notok companion-unneeded "programs: '$got'"; fi
# lockstat's: the companion on contention_end, the probe's own tracepoint, is a clause of the
# probe's program (no program of its own); the begin's has its own. The whole is instruction
# for instruction the D a script would write on the tracepoints by hand (but for the note of
# the hand-written predicate, which the formula's guard is)
"$USDTRACE" -e -S -n 'lockstat:::adaptive-block { @ = sum(args[1]); }' 2>"$w/lf.s" >/dev/null
"$USDTRACE" -e -S -n 'rawtp:lock::contention_end /self->_lockstat_ts[args[0]] &&
	self->_lockstat_fl[args[0]] == LCB_F_MUTEX && args[1] == 0/ {
	@ = sum(timestamp - self->_lockstat_ts[args[0]]); }
rawtp:lock::contention_begin { self->_lockstat_ts[args[0]] = timestamp; self->_lockstat_fl[args[0]] = args[1]; }
rawtp:lock::contention_end { self->_lockstat_ts[args[0]] = 0; self->_lockstat_fl[args[0]] = 0; }' \
	2>"$w/lh.s" >/dev/null
got=$(awk '/^probe / { print $3 }' "$w/lf.s" | tr '\n' ' ')
if [ "$got" = "lockstat:vmlinux::adaptive-block rawtp:lock::contention_begin " ] &&
   [ "$(grep -v '^probe ' "$w/lf.s" | sed 's/^; clause 1$/; clause 1, predicate/')" = "$(grep -v '^probe ' "$w/lh.s")" ] &&
   [ "$(grep -c . "$w/lf.s")" -gt 100 ]; then
	ok companion-lockstat-same-program
else
	notok companion-lockstat-same-program "programs: '$got'; $(diff "$w/lf.s" "$w/lh.s" | head -c 600)"
fi
got=$("$USDTRACE" -e -S -n 'lockstat::: { @[probename] = sum(arg1); }' 2>&1 >/dev/null | grep -c '^probe ')
if [ "$got" = 7 ]; then ok companion-once; else notok companion-once "lockstat::: made $got programs, not 6 and the begin's companion"; fi

lib 'provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) : (1);
	rawtp : block::block_rq_insert(int a) { } };'
expect_fail companion-blanks "usdtrace: invalid probe specifier t:::p: \"$L/t.d\", line 2: provider 't': the companion's probe description 'rawtp : block::block_rq_insert' has blanks in it" \
	"$USDTRACE" -L "$L" -e -n 't:::p'
lib 'provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) : (1);
	rawtp:block::block_rq_insert(int a) self->z = 1; };'
expect_fail companion-body "usdtrace: invalid probe specifier t:::p: \"$L/t.d\", line 2: syntax error near \"self\"" \
	"$USDTRACE" -L "$L" -e -n 't:::p'
lib 'provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) : (self->z);
	rawtp:block::no_such_tracepoint(int a) { self->z = 1; } };'
expect_fail companion-no-probe "usdtrace: $L/t.d:2: the companion on rawtp:block::no_such_tracepoint of a formula the program uses: it matches no probe on this system" \
	"$USDTRACE" -L "$L" -e -n 't:::p { trace(args[0]); }'
lib 'self int z; provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) : (self->z);

	rawtp:block::block_rq_insert(int a) { self->z = a->nope; } };'
expect_fail companion-check "usdtrace: invalid probe specifier t:::p { trace(args[0]); }: \"$L/t.d\", line 3: operator -> must be applied to a pointer" \
	"$USDTRACE" -L "$L" -e -n 't:::p { trace(args[0]); }'

# none(): listed with its types; refused when a clause names it alone, saying why; a glob
# takes the provider's other probes
lib 'provider t { probe p(int) = rawtp:block::block_rq_issue(struct request *rq) : (1);
	probe n(struct request *) = none("no tracepoint says so"); };'
if "$USDTRACE" -L "$L" -l -v -n 't:::n' 2>&1 | grep -q 'args\[0\]: struct request \*'; then
	ok none-listed
else
	notok none-listed "$("$USDTRACE" -L "$L" -l -v -n 't:::n' 2>&1 | head -c 300)"
fi
expect_fail none-refused "usdtrace: invalid probe specifier t:::n: $L/t.d:2: t:::n cannot be enabled on this system: no tracepoint says so" \
	"$USDTRACE" -L "$L" -e -n 't:::n'
got=$("$USDTRACE" -L "$L" -e -S -n 't::: { trace(probename); }' 2>&1 >/dev/null | awk '/^probe / { print $3 }' | tr '\n' ' ')
if [ "$got" = "t:vmlinux::p " ]; then ok none-glob; else notok none-glob "programs: '$got'"; fi
lib 'provider t { probe n(int) = none(1); };'
expect_fail none-syntax "usdtrace: invalid probe specifier t:::n: \"$L/t.d\", line 1: probe 'n': none( ) takes a string that says why no probe makes it" \
	"$USDTRACE" -L "$L" -e -n 't:::n'
