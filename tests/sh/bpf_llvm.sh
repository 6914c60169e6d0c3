# tier: fast
# bpf_llvm.sh — our instruction encoders and disassembler against LLVM's BPF assembler: every
# line build/tools/bpf_encdump prints is our bytes plus our text; llvm-mc assembles the text and
# must produce the same bytes. LLVM 14 cannot assemble four forms (modulo, store-immediate,
# jset, map-fd loads); those are excluded here by pattern and checked byte by byte against the
# instruction-set document in tests/unit/test_bpf_insn.c instead.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

mc=
for c in llvm-mc llvm-mc-14 llvm-mc-15 llvm-mc-16; do
	command -v $c >/dev/null 2>&1 && { mc=$c; break; }
done
if [ -z "$mc" ]; then skip "llvm-mc-encodings" "llvm-mc not installed"; exit 0; fi
"$B/tools/bpf_encdump" >"$W/all" || { notok "llvm-mc-encodings" "bpf_encdump failed"; exit 0; }

awk -F'\t' '$2 !~ / %= |^\*\(u[0-9]+ \*\)\(r[0-9]+ [-+] [0-9]+\) = -?[0-9]|^if [rw][0-9]+ & |map\[/' \
	"$W/all" >"$W/ours"
n_all=$(wc -l <"$W/all"); n_ours=$(wc -l <"$W/ours")
# The exclusion must not swallow the bulk of the list (a broken pattern would pass vacuously).
if [ "$n_ours" -lt 100 ] || [ $((n_all - n_ours)) -gt 20 ]; then
	notok "llvm-mc-encodings" "exclusion kept $n_ours of $n_all lines"; exit 0
fi
cut -f2 "$W/ours" | sed -E 's/call bpf_[a-z0-9_]+#/call /' >"$W/ours.s"
if ! $mc -triple bpf -mcpu=v3 -show-encoding "$W/ours.s" >"$W/mc.out" 2>"$W/mc.err"; then
	notok "llvm-mc-encodings" "llvm-mc rejected our text: $(head -c 300 "$W/mc.err")"; exit 0
fi
grep -o 'encoding: \[[^]]*\]' "$W/mc.out" | sed -e 's/encoding: \[//' -e 's/\]//' -e 's/0x//g' -e 's/,//g' >"$W/mc.hex"
cut -f1 "$W/ours" >"$W/ours.hex"
if [ "$(wc -l <"$W/mc.hex")" -ne "$n_ours" ]; then
	notok "llvm-mc-encodings" "llvm-mc gave $(wc -l <"$W/mc.hex") encodings for $n_ours lines"; exit 0
fi
bad=$(paste "$W/ours.hex" "$W/mc.hex" "$W/ours.s" | awk -F'\t' '$1 != $2 { print $3 ": ours " $1 " llvm " $2; exit }')
if [ -n "$bad" ]; then notok "llvm-mc-encodings" "$bad"; else ok "llvm-mc-encodings"; fi
