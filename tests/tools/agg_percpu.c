/* agg_percpu — checks the aggregation layout contract (src/agg/agg.h) against the real kernel:
 * a hand-assembled BPF program updates min() and max() aggregations in per-CPU hash maps the
 * way docs/agg.md tells the code generator to (insert zeros on a miss, then encoded
 * unsigned-max), it is run on chosen CPUs with BPF_PROG_TEST_RUN, and the consumer merges what
 * the kernel returns for every possible CPU.
 *
 * usage: agg_percpu   runs the scenario and prints the min then the max aggregation as dtrace
 *                     would at exit (keys are 8-byte integers); exit 1 with a message on any
 *                     failure, 77 if the machine has fewer than 2 online CPUs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include "agg.h"
#include "bpf_insn.h"
#include "bpf_sys.h"
#include "util.h"

struct prog { struct bpf_insn in[128]; int n; };

static void emit(struct prog *p, struct bpf_insn i) { p->in[p->n++] = i; }

static void emit_map(struct prog *p, int reg, int fd)
{
	bi_ld_map_fd(&p->in[p->n], reg, fd);
	p->n += 2;
}

/* key at fp-8, zero value at fp-16, v in r6; leaves the map's value pointer in r0 */
static void emit_update(struct prog *p, int fd, uint64_t xor)
{
	emit_map(p, BPF_REG_1, fd);
	emit(p, bi_mov64_reg(BPF_REG_2, BPF_REG_10));
	emit(p, bi_alu64_imm(BPF_ADD, BPF_REG_2, -8));
	emit(p, bi_call(BPF_FUNC_map_lookup_elem));
	int jhave = p->n;
	emit(p, bi_jmp_imm(BPF_JNE, BPF_REG_0, 0, 0));
	emit_map(p, BPF_REG_1, fd);
	emit(p, bi_mov64_reg(BPF_REG_2, BPF_REG_10));
	emit(p, bi_alu64_imm(BPF_ADD, BPF_REG_2, -8));
	emit(p, bi_mov64_reg(BPF_REG_3, BPF_REG_10));
	emit(p, bi_alu64_imm(BPF_ADD, BPF_REG_3, -16));
	emit(p, bi_mov64_imm(BPF_REG_4, BPF_NOEXIST));
	emit(p, bi_call(BPF_FUNC_map_update_elem));
	emit_map(p, BPF_REG_1, fd);
	emit(p, bi_mov64_reg(BPF_REG_2, BPF_REG_10));
	emit(p, bi_alu64_imm(BPF_ADD, BPF_REG_2, -8));
	emit(p, bi_call(BPF_FUNC_map_lookup_elem));
	emit(p, bi_jmp_imm(BPF_JNE, BPF_REG_0, 0, 2));
	emit(p, bi_mov64_imm(BPF_REG_0, 1)); /* no entry even after inserting: a drop */
	emit(p, bi_exit());
	p->in[jhave].off = (int16_t)(p->n - jhave - 1);
	bi_ld_imm64(&p->in[p->n], BPF_REG_8, xor);
	p->n += 2;
	emit(p, bi_alu64_reg(BPF_XOR, BPF_REG_8, BPF_REG_6));
	emit(p, bi_ldx(BPF_DW, BPF_REG_9, BPF_REG_0, 0));
	emit(p, bi_jmp_reg(BPF_JLE, BPF_REG_8, BPF_REG_9, 1));
	emit(p, bi_stx(BPF_DW, BPF_REG_0, BPF_REG_8, 0));
}

static int run_on(int prog, int cpu, int64_t v, int64_t key)
{
	uint64_t ctx[2] = {(uint64_t)v, (uint64_t)key};
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = ctx, .ctx_size_in = sizeof ctx,
		    .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = (uint32_t)cpu);
	if (bpf_prog_test_run_opts(prog, &o) < 0) {
		fprintf(stderr, "agg_percpu: test run on CPU %d: %s\n", cpu, strerror(errno));
		return -1;
	}
	if (o.retval != 0) {
		fprintf(stderr, "agg_percpu: program returned %u on CPU %d\n", o.retval, cpu);
		return -1;
	}
	return 0;
}

int main(void)
{
	char eb[256];
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		fprintf(stderr, "agg_percpu: needs 2 online CPUs\n");
		return 77;
	}
	struct agg_keydesc k = {AGG_KEY_INT, 8, true};
	struct agg_desc *dmin = agg_desc_new("lo", 1, AGG_MIN, NULL, 0, &k, 1, eb, sizeof eb);
	struct agg_desc *dmax = agg_desc_new("hi", 2, AGG_MAX, NULL, 0, &k, 1, eb, sizeof eb);
	if (!dmin || !dmax) {
		fprintf(stderr, "agg_percpu: %s\n", eb);
		return 1;
	}
	int fmin = bpf_map_create(BPF_MAP_TYPE_PERCPU_HASH, "agg_lo", 8, 8, 16, NULL);
	int fmax = bpf_map_create(BPF_MAP_TYPE_PERCPU_HASH, "agg_hi", 8, 8, 16, NULL);
	if (fmin < 0 || fmax < 0) {
		fprintf(stderr, "agg_percpu: map create: %s\n", strerror(errno));
		return 1;
	}
	struct prog p = {.n = 0};
	emit(&p, bi_ldx(BPF_DW, BPF_REG_6, BPF_REG_1, 0));
	emit(&p, bi_ldx(BPF_DW, BPF_REG_7, BPF_REG_1, 8));
	emit(&p, bi_stx(BPF_DW, BPF_REG_10, BPF_REG_7, -8));
	emit(&p, bi_st(BPF_DW, BPF_REG_10, -16, 0));
	emit_update(&p, fmin, 0x7fffffffffffffffULL);
	emit_update(&p, fmax, 0x8000000000000000ULL);
	emit(&p, bi_mov64_imm(BPF_REG_0, 0));
	emit(&p, bi_exit());
	static char log[65536];
	LIBBPF_OPTS(bpf_prog_load_opts, lo, .log_buf = log, .log_size = sizeof log, .log_level = 1);
	int prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "agg_percpu", "GPL", p.in,
				 (size_t)p.n, &lo);
	if (prog < 0) {
		fprintf(stderr, "agg_percpu: load: %s\n%s", strerror(errno), log);
		return 1;
	}
	/* key 1 on both CPUs; key 2 only on CPU 1 and key 3 only on CPU 0, so the other CPU's
	 * slot is the kernel's zero fill; key 4 at both ends of int64 */
	struct { int cpu; int64_t v, key; } runs[] = {
		{0, 5, 1}, {1, 3, 1}, {1, 7, 2}, {0, -4, 3}, {0, INT64_MIN, 4}, {1, INT64_MAX, 4},
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
		if (run_on(prog, runs[i].cpu, runs[i].v, runs[i].key) < 0)
			return 1;
	int ncpu = bpf_sys_possible_cpus();
	if (ncpu < 2) {
		fprintf(stderr, "agg_percpu: possible CPUs: %d\n", ncpu);
		return 1;
	}
	struct agg_data amin, amax;
	agg_data_init(&amin, dmin);
	agg_data_init(&amax, dmax);
	int64_t *vals = xcalloc((size_t)ncpu, sizeof *vals);
	for (int m = 0; m < 2; m++) {
		int fd = m ? fmax : fmin;
		struct agg_data *a = m ? &amax : &amin;
		int64_t key, next;
		void *prev = NULL;
		while (bpf_map_get_next_key(fd, prev, &next) == 0) {
			key = next;
			prev = &key;
			if (bpf_map_lookup_elem(fd, &key, vals) < 0) {
				fprintf(stderr, "agg_percpu: lookup: %s\n", strerror(errno));
				return 1;
			}
			agg_data_add(a, &key, vals, (size_t)ncpu);
		}
	}
	struct strbuf out = {0};
	struct agg_data *both[] = {&amax, &amin};
	agg_print_exit(both, 2, NULL, &out);
	fputs(out.s ? out.s : "", stdout);
	strbuf_free(&out);
	free(vals);
	agg_data_free(&amin);
	agg_data_free(&amax);
	agg_desc_free(dmin);
	agg_desc_free(dmax);
	close(prog);
	close(fmin);
	close(fmax);
	return 0;
}
