# tier: full
# cg_str.sh — the string and memory emitters (src/cg_str.c) run in the kernel: build/tools/
# cgstr_run builds a small program around each emitter, runs it with BPF_PROG_TEST_RUN over
# hand-picked and seeded random inputs, and compares with C models of dtrace's rules; it also
# loads a chain of twelve operations in one program. Here: at four strsizes (a power of two,
# the default, one that is not, a tiny one where truncation shows, and a large one), plus a
# budget on the verifier's processed-instruction count per emitter.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

if ! sdt_is_root; then
	skip cg_str "needs root"
	exit 0
fi
T=$B/tools/cgstr_run
# Prefer an ASan+UBSan build of the tool when the sanitized library exists.
if [ -f "$B/libusdtrace-asan.a" ] && gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -I"$TOP/include" \
	$SRC_INC -D_GNU_SOURCE -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all -o "$W/cgstr_run" "$TOP/tests/tools/cgstr_run.c" \
	"$B/libusdtrace-asan.a" -lelf -ldw -lbpf -lz 2>"$W/asan.err"; then
	T=$W/cgstr_run
fi
if [ ! -x "$T" ]; then
	notok cg_str "no $T (make build/tools/cgstr_run)"
	exit 0
fi

# budget per emitter program at strsize 256 (the 12-operation chain has the kernel's 1M)
BUDGET=80000
for size in 256 100 16 1024; do
	timeout 50 "$T" "$size" >"$W/out.$size" 2>"$W/err.$size"
	rc=$?
	grep -E '^(ok|not ok|skip) - ' "$W/out.$size"
	if [ $rc -ne 0 ] && ! grep -q '^not ok' "$W/out.$size"; then
		notok "cgstr_run/$size" "exit status $rc: $(tail -c 400 "$W/err.$size" | tr '\n' ' ')"
	fi
done

# The verifier's count for every program must be known and, at 256, within the budget.
bad=$(awk -v b=$BUDGET '/^# / && / insns processed/ {
	n = $0; sub(/.*: /, "", n); sub(/ insns processed.*/, "", n)
	if (n + 0 <= 0) print $2 " count unknown"
	else if ($2 ~ /\/256/ && $2 !~ /^chain/ && n + 0 > b) print $2 " " n }' "$W/out.256")
nprog=$(grep -c ' insns processed' "$W/out.256")
if [ -n "$bad" ] || [ "$nprog" -lt 20 ]; then
	notok verifier-budget "$nprog programs; over $BUDGET: $(echo $bad)"
else
	ok "verifier-budget ($nprog programs, each under $BUDGET processed instructions)"
fi
