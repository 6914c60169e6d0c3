#!/bin/sh
# tier: full
# output_json.sh — -x oformat=json (src/print/sink_json.c, docs/output.md) in the real kernel,
# read by independent parsers (python3's json, jq), against the text output of the same
# programs:
#   * every action kind (trace of integers and strings, printf, tracemem, print, stack(),
#     ustack(), uaddr/usym/umod, printa default/formatted/joined, system()) and every
#     aggregation function printed at exit (count sum min max avg stddev quantize lquantize
#     llquantize): each value equal to what the text shows;
#   * strings: control characters escaped, UTF-8 kept, other bytes as \u00XX;
#   * faults, consumer errors and drops as documents, their messages dtrace's;
#   * load: 200k records of one thread through -o FILE, every line a complete document, the
#     records in order with nothing lost that is not counted as dropped (a buffer too small
#     for them, then one big enough);
#   * a stream: a reader answers the first document while tracing still runs;
#   * a reader that closes the pipe ends tracing cleanly (the -c child killed, status 0, no
#     message);
#   * -x oformat refuses an unknown format.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
CHK="python3 $TOP/tests/tools/json_check.py"
if ! sdt_is_root; then
	skip output-json "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1

# --- every action kind, against the text -------------------------------------------------
cat >actions.d <<'EOF'
struct st { int a; char b[4]; };
BEGIN { printf("\n@@1@@\n"); trace(-5); }
BEGIN { printf("\n@@2@@\n"); trace((unsigned int)4000000000); }
BEGIN { printf("\n@@3@@\n"); trace("hello world"); }
BEGIN { printf("\n@@4@@\n"); printf("%d %s %x %c\n", 42, "str", 255, 65); }
BEGIN { printf("\n@@5@@\n"); this->p = (uint64_t *)alloca(16); this->p[0] = 0x4847464544434241;
	this->p[1] = 0x0a0d000102037f80; tracemem(this->p, 16); }
BEGIN { printf("\n@@6@@\n"); this->s = (struct st *)alloca(sizeof(struct st)); this->s->a = 7;
	this->s->b[0] = 'x'; print(this->s); }
syscall::openat:entry /pid == $target && !k7/ { k7 = 1; printf("\n@@7@@\n"); stack(3); }
BEGIN { printf("\n@@8@@\n"); ustack(3); }
BEGIN { printf("\n@@9@@\n"); uaddr(uregs[R_PC]); }
BEGIN { printf("\n@@10@@\n"); usym(uregs[R_PC]); }
BEGIN { printf("\n@@11@@\n"); umod(uregs[R_PC]); }
BEGIN { @c["a", 1] = count(); @c["b", 2] = count(); @c["b", 2] = count();
	@s["a", 1] = sum(10); @s["b", 2] = sum(-3);
	@mn = min(-4); @mn = min(9); @mx = max(3); @mx = max(11);
	@av = avg(2); @av = avg(5); @sd = stddev(2); @sd = stddev(8);
	@q = quantize(0); @q = quantize(7); @q = quantize(-3); @q = quantize(1000);
	@l = lquantize(-5, 0, 10, 2); @l = lquantize(4, 0, 10, 2); @l = lquantize(50, 0, 10, 2);
	@ll = llquantize(5, 10, 0, 3, 10); @ll = llquantize(123, 10, 0, 3, 10); }
BEGIN { printf("\n@@12@@\n"); printa(@c); }
BEGIN { printf("\n@@13@@\n"); printa("%s %d %@d\n", @s); }
BEGIN { printf("\n@@14@@\n"); printa(@c, @s); }
BEGIN { printf("\n@@15@@\n"); system("echo sys-out"); }
proc:::exit /pid == $target/ { printf("\n@@99@@\n"); exit(0); }
EOF
# a kernel stack (record 7) is a kernel probe's: the -c command's first openat (BEGIN, run in
# the tracer's own system call, has none, as dtrace's has none)
timeout 60 "$U" -qw -s actions.d -c "cat /dev/null" >text.out 2>text.err
timeout 60 "$U" -qw -x oformat=json -s actions.d -c "cat /dev/null" >json.out 2>json.err
why=$($CHK actions text.out json.out)
if [ "$why" = ok ] && [ "$(grep -c . text.err)" = "$(grep -c . json.err)" ]; then
	ok json-actions-match-text
else
	notok json-actions-match-text "$why $(head -c 300 json.err)"
fi
# jq, a second parser: every document has a type; the stack's frames are objects
if command -v jq >/dev/null 2>&1; then
	t=$(jq -r '.type' json.out 2>&1 | sort | uniq -c | tr -s ' ' | tr '\n' '|')
	f=$(jq -r 'select(.type == "probe") | .output[] | select(.kind == "stack") | .frames[0] |
		(.address | type) + " " + (.module | type)' json.out 2>&1 | sort -u | tr '\n' '|')
	if [ "$t" = " 1 aggregations| 16 probe|" ] && [ "$f" = "number string|" ]; then
		ok json-jq-reads
	else
		notok json-jq-reads "types [$t] frames [$f]"
	fi
else
	skip json-jq-reads "no jq (scripts/deps.sh installs it)"
fi

# --- strings -------------------------------------------------------------------------------
timeout 30 "$U" -q -x oformat=json -n 'BEGIN { trace("tab\there \"q\" \\ \001 caf\303\251 \377"); exit(0) }' \
	>str.out 2>str.err
v=$(python3 -c 'import json,sys
d = json.loads(open(sys.argv[1]).readline())
print(d["output"][0]["value"] == "tab\there \"q\" \\ \x01 caf\u00e9 \u00ff")' str.out 2>&1)
if [ "$v" = True ] && grep -q 'caf\\u00e9\|café' str.out && grep -q '\\u00ff' str.out; then
	ok json-string-escapes
else
	notok json-string-escapes "$v [$(head -c 300 str.out)]"
fi

# --- faults, consumer errors, drops --------------------------------------------------------
timeout 30 "$U" -q -n 'BEGIN { trace(*(int *)8); } ERROR { printf("e %d\n", arg4); exit(0); }' \
	>flt.txt 2>flt.err
timeout 30 "$U" -q -x oformat=json -n 'BEGIN { trace(*(int *)8); } ERROR { printf("e %d\n", arg4); exit(0); }' \
	>flt.json 2>flt.jerr
v=$(python3 -c 'import json,sys
ds = [json.loads(l) for l in open(sys.argv[1])]
f = [d for d in ds if d["type"] == "fault"]
e = [d for d in ds if d["type"] == "probe" and d["name"] == "ERROR"]
text = open(sys.argv[2]).read()
ok = (len(f) == 1 and f[0]["fault"] == "invalid address" and f[0]["address"] == 8 and
      f[0]["name"] == "BEGIN" and "usdtrace: " + f[0]["message"] + "\n" in text and
      len(e) == 1 and e[0]["output"][0]["message"] == "e 1\n")
print(ok)' flt.json flt.err 2>&1)
if [ "$v" = True ] && ! grep -q "error in" flt.jerr; then
	ok json-fault-document
else
	notok json-fault-document "$v [$(head -c 300 flt.json)] [$(head -c 200 flt.err)]"
fi

timeout 30 "$U" -qw -x oformat=json -n "BEGIN { freopen(\"$W\"); printf(\"x\\n\"); exit(0) }" \
	>le.json 2>le.err
v=$(python3 -c 'import json,sys
ds = [json.loads(l) for l in open(sys.argv[1])]
e = [d for d in ds if d["type"] == "error"]
print(len(e) == 1 and e[0]["message"].endswith("couldn'"'"'t freopen() \"" + sys.argv[2] + "\": Is a directory")
      and e[0]["clause"] == 0 and e[0]["name"] == "BEGIN")' le.json "$W" 2>&1)
if [ "$v" = True ]; then
	ok json-error-document
else
	notok json-error-document "$v [$(head -c 300 le.json)]"
fi

# two clauses that overflow dynvarsize: a drop ends its clause (as in dtrace), so two drops
{ echo 'BEGIN {'; i=1; while [ $i -le 200 ]; do echo "a[$i] = $i;"; i=$((i + 1)); done
  echo '}'; echo 'BEGIN {'; while [ $i -le 400 ]; do echo "a[$i] = $i;"; i=$((i + 1)); done
  echo '}'; printf '%s\n' 'BEGIN { printf("%d %d\n", a[1], a[200]); exit(0); }'; } >dyn.d
timeout 30 "$U" -q -x dynvarsize=1k -s dyn.d >dyn.txt 2>dyn.err
timeout 30 "$U" -q -x dynvarsize=1k -x oformat=json -s dyn.d >dyn.json 2>dyn.jerr
n=$(sed -n 's/^usdtrace: \([0-9]*\) dynamic variable drops$/\1/p' dyn.err)
v=$(python3 -c 'import json,sys
ds = [json.loads(l) for l in open(sys.argv[1])]
d = [x for x in ds if x["type"] == "drop"]
print(len(d) == 1 and d[0]["kind"] == "dynamic" and str(d[0]["count"]) == sys.argv[2] and
      d[0]["message"] == sys.argv[2] + " dynamic variable drops")' dyn.json "$n" 2>&1)
if [ -n "$n" ] && [ "$v" = True ] && ! grep -q drops dyn.jerr; then
	ok json-drop-document
else
	notok json-drop-document "text [$n] $v [$(head -c 300 dyn.json)]"
fi

# --- load: 200k records of one thread, in order, nothing lost unaccounted ------------------
prog='syscall::write:entry /pid == $target/ { n++; printf("%d w\n", n); trace(n); }'
# dd writes 200000 one-byte blocks, then 3 lines of statistics to stderr: 200003 write()s
# A 32k buffer must drop some (with 256k an unloaded machine's consumer once kept up, and
# the drop accounting went unchecked); 64m must lose none.
for b in 32k 64m; do
	rm -f load.json
	timeout 120 "$U" -q -b $b -x oformat=json -o load.json -n "$prog" \
		-c "dd if=/dev/zero of=/dev/null bs=1 count=200000" >/dev/null 2>load.err
	v=$($CHK sequence load.json 200003)
	case $b:$v in
	32k:"ok "*" "[1-9]*|64m:"ok 200003 0")
		ok "json-load-$b ($v: records, dropped)" ;;
	*)
		notok "json-load-$b" "$v $(tail -c 200 load.err)" ;;
	esac
done

# --- a stream: the reader sees the first document while tracing runs ----------------------
# The traced shell waits for a file the reader makes when it has read a document: were the
# output held back until the end, neither would go on (timeout).
printf 'while [ ! -f %s/go ]; do sleep 0.05; done\n' "$W" >waiter.sh
timeout 60 "$U" -q -x oformat=json -n 'tick-50ms { printf("t\n"); }' -c "sh $W/waiter.sh" \
	2>stream.err |
	python3 -c 'import json,sys,os
d = json.loads(sys.stdin.readline())
open(sys.argv[1], "w").close()
n = 1 + sum(1 for l in sys.stdin if json.loads(l))
print(d["type"], d["output"][0]["message"] == "t\n", n >= 1)' "$W/go" >stream.out 2>&1
if [ "$(cat stream.out)" = "probe True True" ]; then
	ok json-stream-while-tracing
else
	notok json-stream-while-tracing "[$(cat stream.out)] $(head -c 200 stream.err)"
fi

# --- a reader that closes the pipe ---------------------------------------------------------
timeout 60 sh -c "\"$U\" -q -x oformat=json -n 'profile-997 { trace(1); }' -c 'sleep 30.5' 2>pipe.err; echo \$? >pipe.rc" |
	head -n 1 >pipe.out
sleep 0.2
if [ "$(cat pipe.rc 2>/dev/null)" = 0 ] && python3 -c 'import json,sys; json.loads(open(sys.argv[1]).read())' pipe.out &&
   ! grep -v 'matched' pipe.err | grep -q . && ! pgrep -f 'sleep 30.5' >/dev/null; then
	ok json-pipe-closed-ends-tracing
else
	notok json-pipe-closed-ends-tracing "rc [$(cat pipe.rc 2>/dev/null)] err [$(head -c 200 pipe.err)] $(pgrep -af 'sleep 30.5')"
fi

# --- text is still the default; an unknown format is refused --------------------------------
w=$W
expect_fail json-oformat-unknown \
	"${U##*/}: failed to set -x oformat: Invalid value for specified option" \
	"$U" -x oformat=yaml -n 'BEGIN { exit(0) }'
if [ "$(timeout 30 "$U" -q -x oformat=text -n 'BEGIN { trace(1); exit(0) }' 2>/dev/null)" = "1" ]; then
	ok json-oformat-text
else
	notok json-oformat-text "text output changed"
fi
