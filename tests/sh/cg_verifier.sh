# tier: full
# cg_verifier.sh — the kernel's verifier judges the code generator: build/tools/cgload compiles
# each D program below (parser, macros, checker, probe catalog, cg_compile) and loads every
# program it produces. A case passes when every program loads; the number of programs loaded
# must be the number of probes the program enables. Needs root (BPF). Built with ASan+UBSan
# when the sanitized library exists, so the compiler's own memory use is checked too.
. "$TOP/tests/sh/lib.sh"
sdt_workdir

L=$B/tools/cgload
if [ -f "$B/libusdtrace-asan.a" ] && gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g $SRC_INC \
	-D_GNU_SOURCE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
	-o "$W/cgload" "$TOP/tests/tools/cgload.c" "$B/libusdtrace-asan.a" -lelf -ldw -lbpf -lz \
	2>"$W/asan.err"; then
	L=$W/cgload
fi

# prog NAME NPROGS TEXT [cgload options...]
prog() {
	name=$1 want=$2 text=$3
	shift 3
	printf '%s\n' "$text" >"$W/$name.d"
	if ! sdt_is_root; then
		# compiling needs no privileges: a failure to compile is a failure here too
		if "$L" -e "$@" "$W/$name.d" >"$W/$name.out" 2>"$W/$name.err"; then
			skip "$name" "needs root (compiled only)"
		else
			notok "$name" "$(head -c 400 "$W/$name.err" | tr '\n' ' ')"
		fi
		return
	fi
	timeout 50 "$L" "$@" "$W/$name.d" >"$W/$name.out" 2>"$W/$name.err"
	rc=$?
	got=$(grep -c ', loaded$' "$W/$name.out")
	if [ $rc -ne 0 ]; then
		notok "$name" "exit $rc: $(head -c 400 "$W/$name.err" | tr '\n' ' ')"
	elif [ "$got" != "$want" ]; then
		notok "$name" "$got programs loaded, want $want"
	else
		ok "$name"
	fi
}

prog begin-printf 1 'BEGIN { printf("%d\n", 1 + 2); exit(0); }'
prog all-probe-kinds 4 'BEGIN { trace(1); } END { trace(2); } ERROR { trace(arg4); } tick-1 { trace(arg0); trace(arg1); }'
prog profile 1 'profile-97 /arg1 != 0/ { trace(arg1); }'
prog int-arith 1 'BEGIN { a = -7; b = 2; trace(a / b); trace(a % b); trace((unsigned)a / b); trace(a >> 1); trace((unsigned)a >> 1); trace(a << 3); trace(a * b - 3 + (a ^ b) | (a & 4)); trace(~a); trace(-a); trace(!a); }'
prog int-compare 1 'BEGIN { a = 1; b = -1; trace(a < b); trace((unsigned)a < (unsigned)b); trace(a <= b); trace(a > b); trace(a >= b); trace(a == b); trace(a != b); }'
prog int-casts 1 'BEGIN { x = 0x123456789; trace((char)x); trace((unsigned char)x); trace((short)x); trace((uint16_t)x); trace((int)x); trace((uint32_t)x); trace((int64_t)x); }'
prog short-circuit 1 'BEGIN { a = 0; trace(a && 1 / a); trace(a || 2); trace(a ^^ 1); trace(a ? 1 : 2); trace(!a ? a : 3); }'
prog divzero-fault 1 'BEGIN { a = 0; trace(5 / a); trace(5 % a); }'
prog globals 1 'int g; string s; BEGIN { g = 2; g += 3; g -= 1; g *= 2; g /= 3; g %= 5; g <<= 2; g >>= 1; g |= 8; g &= 12; g ^= 1; ++g; g++; --g; g--; s = "x"; trace(g); trace(s); }'
prog assoc 1 'BEGIN { a[1] = 1; a[2] += 2; a[3]++; b["k", 2] = "v"; trace(a[1] + a[2] + a[3]); trace(b["k", 2]); a[1] = 0; c[execname, pid] = timestamp; }'
prog self-this 2 'BEGIN { self->x = 1; self->s = execname; this->t = 5; this->u = this->t * 2; trace(self->x + this->u); trace(self->s); } END { self->x++; self->y[1, "a"] = 3; trace(self->y[1, "a"]); }'
prog predicates 2 'BEGIN /pid != 0 && uid >= 0/ { trace(1); } BEGIN /0/ { trace(2); } END /timestamp > 0/ { trace(3); }'
prog builtins 1 'BEGIN { trace(cpu); trace(epid); trace(id); trace(errno); trace(gid); trace(uid); trace(pid); trace(tid); trace(ppid); trace(timestamp); trace(vtimestamp); trace(walltimestamp); trace(ucaller); trace(ustackdepth); trace(execname); trace(probeprov); trace(probemod); trace(probefunc); trace(probename); }'
prog args 2 'BEGIN { trace(arg0); trace(arg5); trace(arg9); } ERROR { printf("%d %d %d %d %d\n", arg1, arg2, arg3, arg4, arg5); }'
prog uregs 1 'BEGIN { trace(uregs[R_PC]); trace(uregs[R_SP]); trace(uregs[R_RDI]); }'
prog if-else 1 'BEGIN { x = timestamp; if (x > 5) { trace(1); if (x > 6) trace(2); } else { printf("%s\n", "no"); } trace(3); }'
prog pointers 1 'BEGIN { p = (int *)arg0; trace(*p); trace(p[3]); q = (char *)arg1; trace(q[pid % 5]); trace(*(long *)(arg2 + 8)); }'
prog structs 1 'struct s { int a; char b; long c; char name[8]; unsigned int f : 3; int g : 5; }; BEGIN { p = (struct s *)arg0; trace(p->a); trace(p->c); trace(p->f); trace(p->g); trace(p->name); trace(*p); printf("%s\n", stringof(p->name)); }'
prog tracemem 1 'BEGIN { tracemem(arg0, 32); }'
prog strings-core 1 'BEGIN { s = "hello"; t = execname; trace(s == t); trace(s != "x"); trace(s < t); trace(strlen(s)); trace(s[1]); trace(*s); x[s] = 1; trace(x["hello"]); }'
prog strings-subr 1 'BEGIN { s = "/usr/lib/libc.so.6"; trace(strjoin(s, "!")); trace(substr(s, 1, 3)); trace(substr(s, -4)); trace(index(s, "lib")); trace(rindex(s, "lib")); trace(strstr(s, "lib")); trace(strchr(s, 0x6c)); trace(strrchr(s, 0x6c)); trace(toupper(s)); trace(tolower(s)); trace(basename(s)); trace(dirname(s)); trace(lltostr(-42)); }'
prog strtok 1 'BEGIN { trace(strtok("a,b,c", ",")); trace(strtok("x y", " ")); }'
prog copyin 1 'BEGIN { trace(copyinstr(arg0)); trace(copyinstr(arg1, 8)); p = (int *)copyin(arg2, 16); trace(p[1]); }'
prog alloca-bcopy 1 'BEGIN { p = (char *)alloca(16); bcopy((void *)arg0, p, 8); copyinto(arg1, 4, p + 8); trace(p[3]); }'
prog byteswap-rand 1 'BEGIN { trace(htons(0x1234)); trace(htonl(0x12345678)); trace(htonll(1)); trace(ntohs(1)); trace(ntohl(1)); trace(ntohll(1)); trace(rand()); trace(progenyof(1)); }'
prog destructive 1 'BEGIN { raise(0); system("echo %d", 1); stop(); }' -x destructive
# copyout/copyoutstr use bpf_probe_write_user where the kernel allows it; a kernel may withhold
# it (lockdown, or policy) and then they compile to a fault, so the program loads either way.
prog copyout 1 'BEGIN { copyout((void *)alloca(8), arg0, 8); copyoutstr("hi", arg1, 3); }' -x destructive
prog many-clauses 1 'BEGIN { a = 1; } BEGIN { a++; } BEGIN /a == 2/ { trace(a); } BEGIN { b[a] = a; } BEGIN { trace(b[2]); } BEGIN { printf("%d %d %d\n", a, b[1], b[2]); } BEGIN { exit(0); }'
prog strsize-small 1 'BEGIN { s = "abcdefghijklmnopqrstuvwxyz"; trace(s); trace(strjoin(s, s)); a[s] = 1; }' -x strsize=16
prog strsize-big 1 'BEGIN { s = execname; trace(strjoin(s, "x")); a[s, s] = 1; printf("%s %s\n", s, execname); }' -x strsize=2048
prog stringof-pointers 1 'BEGIN { p = (char *)alloca(8); *(uint64_t *)p = 0x6f6c6c6568; trace(stringof(p)); trace(stringof((char *)arg0)); trace((string)p); }'
prog struct-assoc 1 'struct ci { uint64_t ts; uint64_t calls; }; struct ci info[string]; BEGIN { info["r"].calls = 1; info["r"].calls++; info["r"].ts = timestamp - info["r"].ts; trace(info["r"].calls); }'
prog global-array 1 'int arr[4]; BEGIN { arr[0] = 5; arr[3] = 7; i = timestamp % 4; trace(arr[i]); trace(sizeof (arr)); }'
# speculations (cg_spec.c): allocation scan, state changes by compare-and-exchange, held sends
prog spec-all 3 'BEGIN { s = speculation(); } tick-1 { speculate(s); printf("%d %s\n", pid, execname); } tick-1 /timestamp % 2/ { commit(s); } tick-1 /!(timestamp % 2)/ { discard(s); } END { speculate(s); } END { discard(s); commit(0); }'
prog spec-per-thread 2 'BEGIN { self->s = speculation(); speculate(self->s); trace(1); } END /self->s/ { commit(self->s); self->s = 0; }' -x nspec=8 -x specsize=1k
prog spec-split-if 1 'BEGIN { s = speculation(); } BEGIN { speculate(s); if (pid > 1) trace(1); else trace(2); trace(3); } BEGIN { commit(s); }'
prog spec-nspec-max 1 'BEGIN { a = speculation(); b = speculation(); c = speculation(); } BEGIN { speculate(b); trace(b); } BEGIN { commit(a); discard(b); }' -x nspec=256
prog agg-scalar 1 'BEGIN { @c[execname, pid] = count(); @s[probename] = sum(arg0); @a = avg(arg1); @mn[1] = min(arg2); @mx[(short)2] = max(arg3); @sd = stddev(arg4); }'
prog agg-hist 1 'BEGIN { @q[probefunc] = quantize(arg0); @qi = quantize(arg1, arg2); @l[1, 2] = lquantize(arg0, -100, 100, 7); @li = lquantize(arg0, 0, 10, 1, arg3); @ll = llquantize(arg0, 10, 0, 6, 20); @lli[execname] = llquantize(arg1, 2, 0, 60, 4, 2); }'
prog agg-actions 2 'BEGIN { @a["x", 1] = count(); @b["x", 1] = sum(2); printa(@a); printa("%s %d %@d %@d\n", @a, @b); trunc(@a, arg0); trunc(@b); normalize(@a, 3); denormalize(@a); clear(@b); setopt("aggsortrev"); } END { printa(@b); }'
prog ustack-actions 3 'BEGIN { ustack(); jstack(5); uaddr(ucaller); usym(ucaller); ufunc(ucaller); umod(ucaller); } END { ustack(127, 100); } profile-97 { ustack(); uaddr(uregs[R_PC]); }'
prog ustack-agg-keys 2 'BEGIN { @s[ustack()] = count(); @m[execname, ustack(3), pid] = sum(arg0); } profile-97 { @f[ufunc(uregs[R_PC])] = count(); @o[umod(ucaller), uaddr(uregs[R_PC])] = quantize(arg0); @s[ustack()] = count(); }'
prog agg-profile 1 'profile-97 { @[cpu] = count(); @t[probename] = lquantize(arg1 % 50, 0, 50, 5); }'
prog agg-strkeys-big 1 'BEGIN { @[execname, probefunc, strjoin(execname, "x")] = count(); }' -x strsize=2048
prog agg-many 1 'BEGIN { @a1 = count(); @a2 = count(); @a3 = count(); @a4 = count(); @a5 = sum(1); @a6[1] = quantize(arg0); @a7[2] = quantize(arg0); @a8[3] = lquantize(arg0, 0, 1000, 1); }'
