/* test_cg.c — the code generator without the kernel: what cg_compile builds (maps, programs,
 * ecbs, record layouts, probe kinds), what it refuses, and the -S listing. Programs go through
 * the real parser, macro pass, checker and probe catalog (tests/tools/cgcompile.h). The
 * verifier's verdict on the same code is tests/sh/cg_verifier.sh's job. */
#include "t.h"
#include "../tools/cgcompile.h"
#include "bpf_dis.h"
#include "agg.h"
#include "dout.h"

static struct dopts opts;

static struct cgc_test compile_ok(const char *src)
{
	struct cgc_test t;
	struct derr err = { .msg = "" };
	dopts_init(&opts);
	if (cgc_test_compile(src, &opts, &t, &err) != 0) {
		printf("# compile failed: %s\n", err.msg);
		T_CHECK(!"program compiles");
	}
	return t;
}

static int map_named(const struct dobj *o, const char *name)
{
	for (size_t i = 0; i < o->nmaps; i++)
		if (!strcmp(o->maps[i].name, name))
			return (int)i;
	return -1;
}

T_CASE(maps_and_state)
{
	struct cgc_test t = compile_ok("int g; BEGIN { g = 1; a[\"k\", 2] = 3; self->s = \"x\"; exit(0); }");
	if (!t.o)
		return;
	const struct dobj *o = t.o;
	T_CHECK(o->state_map >= 0 && !strcmp(o->maps[o->state_map].name, "globals"));
	T_EQ_INT(o->maps[o->state_map].kind, BPF_SYS_MAP_ARRAY);
	/* dobj_state first, then the global int in an 8-byte slot; the value is whole 4 KiB units
	 * (zeros past the variables, which loads through a cast pointer may read) */
	T_CHECK(((sizeof(struct dobj_state) + 7) / 8 * 8) + 8 <= 4096);
	T_EQ_INT(o->maps[o->state_map].value_size, 4096);
	T_CHECK(o->maps[o->state_map].init != NULL);
	T_EQ_INT(o->maps[o->ringbuf_map].kind, BPF_SYS_MAP_RINGBUF);
	T_EQ_INT(o->maps[o->ringbuf_map].max_entries, 4u << 20);   /* default bufsize 4m */
	T_EQ_INT(o->maps[o->drops_map].kind, BPF_SYS_MAP_PERCPU_ARRAY);
	T_EQ_INT(o->maps[o->drops_map].max_entries, DOUT_DROP_NKINDS);
	int a = map_named(o, "assoc_a"), s = map_named(o, "self_s");
	T_CHECK(a >= 0 && s >= 0);
	if (a >= 0) {
		T_EQ_INT(o->maps[a].kind, BPF_SYS_MAP_HASH);
		/* string key (strsize + its NUL, 8-aligned) + int key */
		T_EQ_INT(o->maps[a].key_size, 264 + 8);
		T_EQ_INT(o->maps[a].value_size, 8);
		T_CHECK(o->maps[a].max_entries >= 128);
	}
	if (s >= 0) {
		T_EQ_INT(o->maps[s].key_size, 8);             /* the thread */
		T_EQ_INT(o->maps[s].value_size, 264);         /* a string value */
	}
	T_EQ_INT(o->strsize, 256);
	cgc_test_free(&t);
}

/* Whether program p loads map m (a relocated BPF_LD_IMM64 of its fd). */
static bool prog_uses_map(const struct dobj_prog *p, int m)
{
	for (size_t i = 0; i < p->nrelocs; i++)
		if (p->insns[p->map_relocs[i]].imm == m)
			return true;
	return false;
}

/* ERROR's records go to a ring buffer of their own (the tracer reads it right after firing
 * ERROR, so ERROR's output stands where the fault was); the other programs' to the principal
 * one; no ERROR clause, no such buffer. */
T_CASE(error_ring_buffer)
{
	struct cgc_test t = compile_ok("BEGIN { x = *(int *)8; printf(\"b\\n\"); }"
				       " ERROR { printf(\"%d\\n\", arg4); exit(0); }");
	if (!t.o)
		return;
	const struct dobj *o = t.o;
	T_CHECK(o->errbuf_map >= 0 && o->errbuf_map != o->ringbuf_map);
	if (o->errbuf_map >= 0) {
		T_EQ_INT(o->maps[o->errbuf_map].kind, BPF_SYS_MAP_RINGBUF);
		T_EQ_INT(o->maps[o->errbuf_map].max_entries, 1u << 20);   /* bufsize, at most 1m */
	}
	int seen = 0;
	for (size_t i = 0; i < o->nprogs; i++) {
		const struct dobj_prog *p = &o->progs[i];
		bool error = o->probes[p->probe].kind == DOBJ_PROBE_ERROR;
		T_CHECK(prog_uses_map(p, o->errbuf_map) == error);
		T_CHECK(prog_uses_map(p, o->ringbuf_map) == !error);
		seen |= error ? 1 : 2;
	}
	T_EQ_INT(seen, 3);
	cgc_test_free(&t);
	t = compile_ok("BEGIN { x = *(int *)8; exit(0); }");
	if (t.o)
		T_EQ_INT(t.o->errbuf_map, -1);
	cgc_test_free(&t);
}

static uint32_t cpu_off(void)
{
	return (uint32_t)offsetof(struct dobj_rec, cpu);
}

T_CASE(printf_record_layout)
{
	struct cgc_test t = compile_ok("BEGIN { printf(\"%d %s %c %lld\\n\", 1, \"two\", 'c', 4ll); }");
	if (!t.o)
		return;
	T_EQ_INT(t.o->necbs, 1);
	const struct dobj_ecb *e = &t.o->ecbs[0];
	T_EQ_INT(e->epid, 1);
	T_EQ_INT(e->nacts, 1);
	T_EQ_INT(e->acts[0].kind, DOBJ_ACT_PRINTF);
	T_CHECK(e->acts[0].fmt != NULL);
	T_EQ_INT(e->acts[0].nvals, 4);
	const struct dobj_val *v = e->acts[0].vals;
	T_EQ_INT(cpu_off(), 4);
	T_EQ_INT(v[0].off, 8);    T_EQ_INT(v[0].size, 4);   T_EQ_INT(v[0].kind, DOBJ_V_INT);
	T_CHECK(v[0].is_signed);
	/* recorded with its NUL, as dtrace sizes a string record (strsize + 1) */
	T_EQ_INT(v[1].off, 16);   T_EQ_INT(v[1].size, 257); T_EQ_INT(v[1].kind, DOBJ_V_STRING);
	T_EQ_INT(v[1].argtype.cls, DFMT_ARG_STRING);
	/* a string holds up to strsize characters: its slot has room for the NUL after them */
	T_EQ_INT(v[2].off, 280);  T_EQ_INT(v[2].size, 4);    /* 'c' is an int in D as in C */
	T_EQ_INT(v[3].off, 288);  T_EQ_INT(v[3].size, 8);
	T_EQ_INT(e->size, 296);
	cgc_test_free(&t);
}

T_CASE(trace_kinds_and_exit)
{
	struct cgc_test t = compile_ok("BEGIN { trace((char)1); trace((unsigned short)2); trace(execname); exit(3); }");
	if (!t.o)
		return;
	const struct dobj_ecb *e = &t.o->ecbs[0];
	T_EQ_INT(e->nacts, 4);
	T_EQ_INT(e->acts[0].kind, DOBJ_ACT_TRACE);
	T_EQ_INT(e->acts[0].vals[0].size, 1);
	T_CHECK(e->acts[0].vals[0].is_signed);
	T_EQ_INT(e->acts[1].vals[0].size, 2);
	T_CHECK(!e->acts[1].vals[0].is_signed);
	T_EQ_INT(e->acts[1].vals[0].off, 10);
	T_EQ_INT(e->acts[2].vals[0].kind, DOBJ_V_STRING);
	T_EQ_INT(e->acts[2].vals[0].off, 16);
	T_EQ_INT(e->acts[3].kind, DOBJ_ACT_EXIT);
	T_EQ_INT(e->acts[3].vals[0].size, 4);
	T_EQ_INT(e->acts[3].vals[0].off, 280);
	T_EQ_INT(e->acts[3].action_no, 4);
	T_EQ_INT(e->size, 288);
	cgc_test_free(&t);
}

T_CASE(probes_programs_epids)
{
	struct cgc_test t = compile_ok(
		"BEGIN { x = 1; }\n"
		"tick-1, END { trace(1); }\n"
		"profile-97 { trace(arg0); }\n"
		"BEGIN, END { trace(2); }\n");
	if (!t.o)
		return;
	const struct dobj *o = t.o;
	T_EQ_INT(o->nprogs, 4);
	T_EQ_INT(o->nprobes, 4);
	for (size_t i = 0; i < o->nprogs; i++) {
		const struct dobj_probe *p = &o->probes[o->progs[i].probe];
		/* clocks: perf-event programs; BEGIN/END: raw-tracepoint programs the tracer
		 * test-runs (docs/bpf-plumbing.md) */
		bool clock = p->kind == DOBJ_PROBE_TICK || p->kind == DOBJ_PROBE_PROFILE;
		T_EQ_INT(o->progs[i].type, clock ? BPF_PROG_TYPE_PERF_EVENT : BPF_PROG_TYPE_RAW_TRACEPOINT);
		T_CHECK(o->progs[i].ninsns > 10);
		T_EQ_INT(o->progs[i].insns[o->progs[i].ninsns - 1].code, BPF_JMP | BPF_EXIT);
	}
	/* one ecb per (probe, clause), epids from 1 in compile order; clause 0 records nothing */
	T_EQ_INT(o->necbs, 6);
	for (size_t i = 0; i < o->necbs; i++)
		T_EQ_INT(o->ecbs[i].epid, i + 1);
	T_EQ_INT(o->ecbs[0].clause, 0);
	T_EQ_INT(o->ecbs[0].size, 0);
	T_EQ_INT(o->ecbs[0].nacts, 0);
	T_EQ_INT(o->probes[o->ecbs[0].probe].id, 1);
	T_EQ_INT(o->ecbs[1].clause, 3);            /* BEGIN's second clause */
	T_EQ_INT(o->ecbs[1].size, 16);
	cgc_test_free(&t);
}

T_CASE(if_splits_records)
{
	struct cgc_test t = compile_ok("BEGIN { trace(1); if (timestamp > 0) { trace(2); trace(3); } else { trace(4); } trace(5); }");
	if (!t.o)
		return;
	/* before the if, then, else, after: one record each */
	T_EQ_INT(t.o->necbs, 4);
	int want[] = { 1, 2, 1, 1 };
	for (size_t i = 0; i < t.o->necbs && i < 4; i++) {
		T_EQ_INT(t.o->ecbs[i].nacts, want[i]);
		T_EQ_INT(t.o->ecbs[i].clause, 0);
		T_EQ_INT(t.o->ecbs[i].acts[0].vals[0].off, 8);
	}
	cgc_test_free(&t);
}

T_CASE(listing)
{
	struct cgc_test t = compile_ok("BEGIN { printf(\"%d\\n\", 1); exit(0); }");
	if (!t.o)
		return;
	struct strbuf b = {0};
	cg_disasm(t.o, &b);
	char head[128];
	snprintf(head, sizeof head, "probe 1 dtrace:::BEGIN (%zu instructions)\n", t.o->progs[0].ninsns);
	T_CHECK(b.s && !strncmp(b.s, head, strlen(head)));
	T_CHECK(strstr(b.s, "; clause 1, action #1: printf\n") != NULL);
	T_CHECK(strstr(b.s, "; clause 1, action #2: exit\n") != NULL);
	T_CHECK(strstr(b.s, "r1 = map[ringbuf]") != NULL);
	T_CHECK(strstr(b.s, "map[fd") == NULL);
	T_CHECK(strstr(b.s, "call bpf_ringbuf_output#130") != NULL);
	/* every instruction slot printed once: count lines that are not comments or the header */
	size_t lines = 0;
	for (char *p = b.s; p && *p; ) {
		char *nl = strchr(p, '\n');
		if (*p == ' ')
			lines++;
		p = nl ? nl + 1 : p + strlen(p);
	}
	T_EQ_INT(lines, t.o->progs[0].ninsns);
	strbuf_free(&b);
	/* every map reference is relocated, and only those */
	const struct dobj_prog *p = &t.o->progs[0];
	size_t pseudo = 0;
	for (size_t i = 0; i < p->ninsns; i++)
		pseudo += p->insns[i].code == (BPF_LD | BPF_DW | BPF_IMM) &&
			  (p->insns[i].src_reg == BPF_PSEUDO_MAP_FD ||
			   p->insns[i].src_reg == BPF_PSEUDO_MAP_VALUE);
	T_EQ_INT(pseudo, p->nrelocs);
	for (size_t i = 0; i < p->nrelocs; i++)
		T_CHECK((size_t)p->insns[p->map_relocs[i]].imm < t.o->nmaps);
	cgc_test_free(&t);
}

T_CASE(strsize_option)
{
	struct cgc_test t;
	struct derr err = { .msg = "" };
	dopts_init(&opts);
	T_EQ_INT(dopt_set(&opts, "strsize", "32", &err), 0);
	T_EQ_INT(cgc_test_compile("BEGIN { trace(\"abc\"); }", &opts, &t, &err), 0);
	if (t.o) {
		T_EQ_INT(t.o->strsize, 32);
		T_EQ_INT(t.o->ecbs[0].acts[0].vals[0].size, 33);
		T_EQ_INT(t.o->ecbs[0].size, 48);
	}
	cgc_test_free(&t);
	/* a scratch area too big for a per-CPU map is refused with a message, not a crash */
	T_EQ_INT(dopt_set(&opts, "strsize", "4096", &err), 0);
	int rc = cgc_test_compile("BEGIN { printf(\"%s%s%s%s%s%s%s%s%s\", execname, execname, "
				  "execname, execname, execname, execname, execname, execname, execname); }",
				  &opts, &t, &err);
	T_EQ_INT(rc, -1);
	T_CHECK(strstr(err.msg, "scratch space") != NULL);
	cgc_test_free(&t);
}

T_CASE(empty_clause_records_firing)
{
	/* dtrace's default action: an empty action list still reports the firing; a clause of
	 * assignments only records nothing (a predicate needs its braces: D has no clause of a
	 * predicate alone) */
	struct cgc_test t = compile_ok("BEGIN { } BEGIN { x = 1; } BEGIN /1/ { }");
	if (!t.o)
		return;
	T_EQ_INT(t.o->necbs, 3);
	T_EQ_INT(t.o->ecbs[0].size, 8);
	T_EQ_INT(t.o->ecbs[0].nacts, 0);
	T_EQ_INT(t.o->ecbs[1].size, 0);
	T_EQ_INT(t.o->ecbs[2].size, 8);
	cgc_test_free(&t);
}

T_CASE(fault_path_only_when_needed)
{
	struct cgc_test t = compile_ok("BEGIN { trace(1); }");
	struct cgc_test u = compile_ok("BEGIN { x = 0; trace(10 / x); }");
	if (!t.o || !u.o)
		return;
	struct strbuf a = {0}, b = {0};
	cg_disasm(t.o, &a);
	cg_disasm(u.o, &b);
	T_CHECK(strstr(a.s, "fault path") == NULL);
	T_CHECK(strstr(b.s, "; clause 1, fault path") != NULL);
	strbuf_free(&a);
	strbuf_free(&b);
	cgc_test_free(&t);
	cgc_test_free(&u);
}

/* 5.15-era kernels: the generated code must not need what later kernels added. Every program of
 * a script that uses every built-in variable, action and subroutine on every probe kind is
 * scanned: helpers no newer than bpf_task_pt_regs (175, the last one 5.15 added), no kfunc
 * calls, and none of the 6.6 "cpu v4" instructions (signed division and remainder, sign-
 * extending moves and loads, byte swaps, 32-bit-offset jumps). */
T_CASE(kernel_5_15_subset)
{
	const char *src =
		"BEGIN { trace(arg0); trace(cpu); trace(epid); trace(errno); trace(gid); trace(id);"
		" trace(pid); trace(ppid); trace(tid); trace(timestamp); trace(uid); trace(vtimestamp);"
		" trace(walltimestamp); trace(ucaller); trace(ustackdepth); trace(uregs[R_SP]);"
		" trace(uregs[R_DS]); trace(execname); trace(probeprov); trace(probemod);"
		" trace(probefunc); trace(probename); }\n"
		"BEGIN { x = -7; y = 2; trace(x / y); trace(x % y); trace((char)x); trace((short)x);"
		" trace((int)x >> 1); trace(x ? 1 : 2); s = \"a/b/c\"; trace(strlen(s));"
		" trace(strjoin(s, s)); trace(substr(s, 1, 2)); trace(index(s, \"b\"));"
		" trace(rindex(s, \"b\")); trace(strstr(s, \"b\")); trace(strchr(s, 'b'));"
		" trace(strrchr(s, 'b')); trace(strtok(s, \"/\")); trace(strtok(NULL, \"/\"));"
		" trace(lltostr(x)); trace(toupper(s)); trace(tolower(s)); trace(basename(s));"
		" trace(dirname(s)); trace(htons(1)); trace(htonl(1)); trace(htonll(1)); trace(ntohs(1));"
		" trace(ntohl(1)); trace(ntohll(1)); trace(rand()); trace(progenyof(1)); }\n"
		"BEGIN { p = (char *)alloca(16); bcopy((void *)arg0, p, 8); copyinto(arg1, 4, p + 8);"
		" trace(copyinstr(arg0)); trace(copyinstr(arg0, 4)); tracemem(copyin(arg0, 8), 8);"
		" a[s, 1] = 1; self->t = 2; this->u = 3; printf(\"%d %s\\n\", a[s, 1], s);"
		" system(\"true\"); raise(0); stop(); copyout(p, arg0, 8); copyoutstr(s, arg0, 4); }\n"
		"END { exit(0); } ERROR { trace(arg5); } tick-1 { trace(arg0); trace(ucaller); }"
		" profile-97 { trace(arg1); trace(uregs[R_PC]); trace(ustackdepth); }\n";
	struct cgc_test t;
	struct derr err = { .msg = "" };
	dopts_init(&opts);
	opts.destructive = true;
	if (cgc_test_compile(src, &opts, &t, &err) != 0) {
		printf("# compile failed: %s\n", err.msg);
		T_CHECK(!"program compiles");
		return;
	}
	T_EQ_INT(t.o->nprogs, 5);
	for (size_t i = 0; i < t.o->nprogs; i++) {
		const struct dobj_prog *p = &t.o->progs[i];
		for (size_t k = 0; k < p->ninsns; k++) {
			const struct bpf_insn *in = &p->insns[k];
			int cls = BPF_CLASS(in->code), op = BPF_OP(in->code);
			bool alu = cls == BPF_ALU || cls == BPF_ALU64;
			bool v4 = (alu && (op == BPF_DIV || op == BPF_MOD || op == BPF_MOV) && in->off != 0) ||
				  (cls == BPF_ALU64 && op == BPF_END) ||
				  (cls == BPF_LDX && BPF_MODE(in->code) == 0x80 /* BPF_MEMSX */) ||
				  (cls == BPF_JMP32 && op == BPF_JA);
			bool helper = cls == BPF_JMP && op == BPF_CALL && in->src_reg != BPF_PSEUDO_CALL;
			/* BPF-to-BPF calls (string subroutines as functions, cg_subfn.h): since
			 * 4.16, global ones with BTF since 5.6; the target must be in the program */
			bool call = cls == BPF_JMP && op == BPF_CALL && in->src_reg == BPF_PSEUDO_CALL;
			long to = (long)k + 1 + in->imm;
			if (v4 || (call && (to <= (long)k || to >= (long)p->ninsns)) ||
			    (helper && (in->src_reg != 0 || in->imm <= 0 ||
					in->imm > BPF_FUNC_task_pt_regs))) {
				printf("# program %zu, instruction %zu: code 0x%02x src %d off %d imm %d\n",
				       i, k, in->code, in->src_reg, in->off, in->imm);
				T_CHECK(!"instruction available on 5.15");
				break;
			}
		}
	}
	cgc_test_free(&t);
}

T_MAIN()

/* Aggregations: one per-CPU hash map each, sized from the agg.h layout; keys as long as
 * their values can be (constants and probe names shorter than strsize); the actions as
 * records naming their aggregations. */
/* `@ = count()` is one per-CPU array slot (the verifier inlines its lookup); a count with
 * keys, and a keyless sum (whose all-zero value may be a real one), stay hash maps. */
T_CASE(keyless_count_is_an_array)
{
	struct cgc_test t = compile_ok("BEGIN { @n = count(); @k[1] = count(); @s = sum(1); }");
	if (!t.o)
		return;
	const struct dobj *o = t.o;
	int n = map_named(o, "agg_n"), k = map_named(o, "agg_k"), s = map_named(o, "agg_s");
	T_CHECK(n >= 0 && k >= 0 && s >= 0);
	if (n >= 0 && k >= 0 && s >= 0) {
		T_EQ_INT(o->maps[n].kind, BPF_SYS_MAP_PERCPU_ARRAY);
		T_EQ_INT(o->maps[n].key_size, 4);
		T_EQ_INT(o->maps[n].max_entries, 1);
		T_EQ_INT(o->maps[k].kind, BPF_SYS_MAP_PERCPU_HASH);
		T_EQ_INT(o->maps[s].kind, BPF_SYS_MAP_PERCPU_HASH);
	}
	cgc_test_free(&t);
}

T_CASE(aggregation_maps_and_actions)
{
	struct cgc_test t = compile_ok(
		"BEGIN { @c[probename, 3] = count(); @q[execname] = quantize(arg0); "
		"@l = lquantize(arg0, 0, 100, 10); @s[execname, strjoin(\"a\", \"b\")] = sum(1); "
		"printa(\"%s %d %@d\\n\", @c); trunc(@q, 2); normalize(@l, 4); clear(@s); "
		"setopt(\"aggsortkey\"); exit(0); }");
	if (!t.o)
		return;
	const struct dobj *o = t.o;
	T_EQ_INT(o->naggs, 4);
	int c = map_named(o, "agg_c"), q = map_named(o, "agg_q"), l = map_named(o, "agg_l");
	int s = map_named(o, "agg_s");
	T_CHECK(c >= 0 && q >= 0 && l >= 0 && s >= 0 && map_named(o, "agg_zero") >= 0);
	if (c < 0 || q < 0 || l < 0 || s < 0)
		goto out;
	T_EQ_INT(o->maps[c].kind, BPF_SYS_MAP_PERCPU_HASH);
	T_EQ_INT(o->aggs[0].map, c);
	/* "BEGIN" and its NUL, then the int */
	T_EQ_INT(o->aggs[0].desc->keys[0].size, 6);
	T_EQ_INT(o->maps[c].key_size, 6 + 8);
	T_EQ_INT(o->maps[c].value_size, 8);
	T_EQ_INT(o->maps[q].key_size, 16);                    /* execname: at most 15 + NUL */
	T_EQ_INT(o->maps[q].value_size, 8 * AGG_QUANTIZE_NBUCKETS);
	T_EQ_INT(o->maps[l].key_size, 8);                     /* no key: one zero word */
	T_EQ_INT(o->maps[l].value_size, 8 * 12);              /* 10 levels + under + over */
	T_EQ_INT(o->maps[s].key_size, 16 + 256);              /* a run-time string: strsize */
	/* aggsize 4m: as many entries as fit one CPU's buffer at dtrace's size of an entry
	 * (cg_agg.c), the largest tuple and the largest data of all: @s's tuple, a 4-byte
	 * aggregation id then two strings at strsize + 1 (although the map stores fewer bytes of
	 * @c's), and @q's data, its buckets and 16 bytes more; every map may hold them all, and
	 * agg_budget keeps their sum within it */
	uint32_t all = (4u << 20) / (4 + 257 + 257 + 8 * AGG_QUANTIZE_NBUCKETS + 16);
	T_EQ_INT(o->maps[c].max_entries, all);
	T_EQ_INT(o->maps[s].max_entries, all);
	T_CHECK(map_named(o, "agg_budget") >= 0);
	T_EQ_INT(o->necbs, 1);
	const struct dobj_ecb *e = &o->ecbs[0];
	T_EQ_INT(e->nacts, 6);
	if (e->nacts == 6) {
		T_EQ_INT(e->acts[0].kind, DOBJ_ACT_PRINTA);
		T_CHECK(e->acts[0].fmt != NULL && e->acts[0].naggs == 1 && e->acts[0].aggs[0] == 0);
		T_EQ_INT(e->acts[1].kind, DOBJ_ACT_TRUNC);
		T_EQ_INT(e->acts[1].nvals, 1);
		T_EQ_INT(e->acts[1].aggs[0], 1);
		T_EQ_INT(e->acts[2].kind, DOBJ_ACT_NORMALIZE);
		T_EQ_INT(e->acts[3].kind, DOBJ_ACT_CLEAR);
		T_EQ_INT(e->acts[3].nvals, 0);
		T_EQ_INT(e->acts[4].kind, DOBJ_ACT_SETOPT);
		T_CHECK(!strcmp(e->acts[4].opt, "aggsortkey") && !e->acts[4].optval);
		T_EQ_INT(e->acts[5].kind, DOBJ_ACT_EXIT);
	}
out:
	cgc_test_free(&t);
}

/* A value too large for a per-CPU map (an lquantize of 60000 levels: 480 KB) is one value
 * for all CPUs in a plain hash map, with a map of its own even among many aggregations; past
 * what a hash map's value may be (some 4 MiB) it is refused, with the line. */
T_CASE(aggregation_too_large)
{
	struct cgc_test t = compile_ok("BEGIN { @l = lquantize(arg0, 0, 60000, 1); @c = count(); }");
	if (!t.o)
		return;
	T_EQ_INT(t.o->maps[t.o->aggs[0].map].kind, BPF_SYS_MAP_HASH);
	T_EQ_INT((int)t.o->maps[t.o->aggs[0].map].value_size, 60002 * 8);
	T_EQ_INT(t.o->maps[t.o->aggs[1].map].kind, BPF_SYS_MAP_PERCPU_ARRAY);
	cgc_test_free(&t);

	struct strbuf sb = {0};
	strbuf_puts(&sb, "BEGIN { @big = lquantize(arg0, 0, 10000, 1);");
	for (int i = 0; i < 20; i++)
		strbuf_printf(&sb, " @a%d[1] = sum(1);", i);
	strbuf_puts(&sb, " }");
	t = compile_ok(sb.s);
	strbuf_free(&sb);
	if (!t.o)
		return;
	T_EQ_INT((int)t.o->aggs[0].index, -1);
	T_EQ_INT(t.o->maps[t.o->aggs[0].map].kind, BPF_SYS_MAP_HASH);
	T_EQ_INT((int)t.o->maps[t.o->aggs[0].map].key_size, 8);
	T_CHECK(t.o->aggs[1].index >= 0);
	cgc_test_free(&t);

	struct derr err = { .msg = "" };
	dopts_init(&opts);
	T_CHECK(cgc_test_compile("BEGIN { @l = llquantize(arg0, 65535, 0, 3, 65535); }", &opts,
				 &t, &err) != 0);
	T_CHECK(strstr(err.msg, "llquantize( ) with 524275 buckets is larger than usdtrace "
		       "supports (at most 523776)") != NULL);
	T_EQ_INT(err.at, DERR_AT_LINE);
	T_EQ_INT(err.line, 1);
	cgc_test_free(&t);
}

/* Few aggregations: a map each (no key word). Many: keyless count()s share one per-CPU array,
 * the others one hash map per value size class, keys prefixed by the aggregation's index. */
T_CASE(aggregation_maps_shared)
{
	struct cgc_test t = compile_ok("BEGIN { @c = count(); @s[1] = sum(2); }");
	if (!t.o)
		return;
	T_EQ_INT((int)t.o->naggs, 2);
	T_EQ_INT((int)t.o->aggs[0].index, -1);
	T_EQ_INT(t.o->maps[t.o->aggs[0].map].kind, BPF_SYS_MAP_PERCPU_ARRAY);
	T_EQ_INT((int)t.o->maps[t.o->aggs[1].map].key_size, 8);
	cgc_test_free(&t);

	struct strbuf sb = {0};
	strbuf_puts(&sb, "BEGIN {");
	for (int i = 0; i < 200; i++)
		strbuf_printf(&sb, i % 4 == 0 ? " @a%d = count();" : i % 4 == 1 ? " @a%d[\"k\"] = sum(1);" :
			      i % 4 == 2 ? " @a%d = quantize(1);" : " @a%d[1, 2] = max(1);", i);
	strbuf_puts(&sb, " }");
	t = compile_ok(sb.s);
	strbuf_free(&sb);
	if (!t.o)
		return;
	T_EQ_INT((int)t.o->naggs, 200);
	T_CHECK(t.o->nmaps < 20);
	const struct dobj_agg *c4 = &t.o->aggs[4], *s1 = &t.o->aggs[1], *m3 = &t.o->aggs[3];
	T_EQ_INT(t.o->maps[c4->map].kind, BPF_SYS_MAP_PERCPU_ARRAY);
	T_EQ_INT((int)t.o->maps[c4->map].max_entries, 50);
	T_EQ_INT((int)c4->index, 1);
	T_EQ_INT(s1->map, t.o->aggs[5].map);          /* sum and max: one word, one map */
	T_EQ_INT(s1->map, m3->map);
	T_EQ_INT((int)s1->index, 1);
	T_EQ_INT((int)t.o->maps[s1->map].key_size, 8 + 16);   /* the longest key: two ints */
	T_CHECK(t.o->aggs[2].map != s1->map);
	unsigned char key[16] = { 7 }, mkey[24];
	dobj_agg_map_key(t.o, 3, key, mkey);
	T_EQ_INT(mkey[0], 3);
	T_EQ_INT(mkey[8], 7);
	T_CHECK(dobj_agg_key(t.o, 3, mkey) == mkey + 8);
	T_CHECK(dobj_agg_key(t.o, 1, mkey) == NULL);
	cgc_test_free(&t);
}
