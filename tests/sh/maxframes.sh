#!/bin/sh
# tier: full
# maxframes.sh — the maxframes option and the frame-count options as dtrace defines them
# (dt_options.c: maxframes, stackframes, ustackframes and jstackframes are dt_opt_runtime
# values, any count, 0 included; dt_cg.c dt_cg_stack_arg: a stack asked for more frames than
# maxframes is cut to maxframes, silently). On tests/progs/ustack/chain.c (known call chain
# level_c < level_b < level_a < main, frame pointers):
#   * -x maxframes=2 cuts ustack() (20 by default) and ustack(5) to 2 frames, the right ones;
#   * -x maxframes=0 (dtrace accepts it) records stacks with no frames: the action prints its
#     blank line and nothing else, an aggregation keyed by ustack() counts every firing under
#     one empty stack (DTrace for Linux itself dies of SIGFPE there: the definition, not its
#     crash, is the expectation);
#   * #pragma D option maxframes=1 does the same from inside a program, for stack() too;
#   * -x stackframes=500 is accepted (dtrace does) and cut to the kernel's 127.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip maxframes "needs root"
	exit 0
fi
if ! build_chain; then
	notok maxframes-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
C=$W/chain
IND='              '

# frames FILE: the function names of FILE's frame lines, one line, space-separated
frames() { grep "^$IND[^ ]" "$1" | sed 's/^ *[^`]*`//; s/+0x.*//' | tr '\n' ' '; }

timeout 60 "$U" -q -x maxframes=2 -n 'chain$target:::fire { ustack(); ustack(5); }' -c "$C 1 0" \
	>"$W/a.out" 2>"$W/a.err"
if [ "$(frames "$W/a.out")" = "level_c level_b level_c level_b " ]; then
	ok maxframes-cuts-ustack
else
	notok maxframes-cuts-ustack "$(cat "$W/a.out" "$W/a.err")"
fi

timeout 60 "$U" -q -x maxframes=0 -n 'chain$target:::fire { ustack(); printf("end\n"); }' \
	-c "$C 1 0" >"$W/b.out" 2>"$W/b.err"
if [ "$(cat "$W/b.out")" = "$(printf '\nend')" ] && [ ! -s "$W/b.err" ]; then
	ok maxframes-zero-action
else
	notok maxframes-zero-action "$(cat -A "$W/b.out" "$W/b.err" | head -8)"
fi

timeout 60 "$U" -q -x maxframes=0 -n 'chain$target:::fire { @[ustack()] = count(); }' \
	-c "$C 3 0" >"$W/c.out" 2>"$W/c.err"
if [ "$(grep -c "^$IND[^ ]" "$W/c.out")" = 0 ] && [ "$(awk 'NF' "$W/c.out" | tr -d ' ')" = 3 ]; then
	ok maxframes-zero-aggregation
else
	notok maxframes-zero-aggregation "$(cat -A "$W/c.out" "$W/c.err" | head -8)"
fi

cat >"$W/p.d" <<'D'
#pragma D option quiet
#pragma D option maxframes=1
chain$target:::fire
{
	ustack();
	@k[stack()] = count();
}
D
timeout 60 "$U" -s "$W/p.d" -c "$C 1 0" >"$W/p.out" 2>"$W/p.err"
# the user stack's one frame is level_c; the kernel stack of a uprobe firing has one frame
# (the kernel's entry code) or none, never more
nk=$(grep -c "^$IND[^ ]" "$W/p.out")
if [ "$(frames "$W/p.out" | cut -d' ' -f1)" = level_c ] && [ "$nk" -le 2 ]; then
	ok maxframes-pragma
else
	notok maxframes-pragma "$(cat "$W/p.out" "$W/p.err")"
fi

if timeout 60 "$U" -q -x stackframes=500 -x ustackframes=500 \
	-n 'chain$target:::fire { ustack(); }' -c "$C 1 0" >"$W/s.out" 2>"$W/s.err" &&
   [ "$(frames "$W/s.out" | cut -d' ' -f1-4)" = "level_c level_b level_a main" ]; then
	ok maxframes-large-frame-counts
else
	notok maxframes-large-frame-counts "$(cat "$W/s.out" "$W/s.err")"
fi
