/* cgload — compile a D program with the code generator and load every program it produces
 * into the kernel, so the verifier judges what cg generates. For tests/sh/cg_verifier.sh.
 *
 *   cgload [-S] [-e] [-x opt=val]... FILE|-
 * Prints "probe ID NAME: N instructions, loaded" per program (-e: compile only, "compiled");
 * -S prints the listing first. Exit 0 when everything loaded, 1 on any failure (the stage's
 * message, or the verifier's reason and, with -x verbose, its log, on stderr), 2 on usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_sys.h"
#include "cgcompile.h"
#include "util.h"

static int load_all(struct dobj *o, bool verbose)
{
	char err[512];
	int rc = 0;

	for (size_t i = 0; i < o->nmaps; i++) {
		struct dobj_map *m = &o->maps[i];
		m->fd = bpf_sys_map_create(m->kind, m->name, m->key_size, m->value_size,
					   m->max_entries, err, sizeof err);
		if (m->fd < 0) {
			fprintf(stderr, "cgload: map %s: %s\n", m->name, err);
			return 1;
		}
	}
	for (size_t i = 0; i < o->nprogs; i++) {
		struct dobj_prog *p = &o->progs[i];
		struct bpf_insn *ins = malloc(p->ninsns * sizeof *ins);
		memcpy(ins, p->insns, p->ninsns * sizeof *ins);
		for (size_t k = 0; k < p->nrelocs; k++)
			ins[p->map_relocs[k]].imm = o->maps[ins[p->map_relocs[k]].imm].fd;
		struct bpf_sys_prog_opts po = { .type = (enum bpf_prog_type)p->type, .name = "cgload",
						.funcs = p->funcs, .nfuncs = p->nfuncs };
		struct strbuf log = {0};
		int fd = bpf_sys_prog_load(&po, ins, p->ninsns, &log, err, sizeof err);
		const struct dobj_probe *pr = &o->probes[p->probe];
		if (fd < 0) {
			fprintf(stderr, "cgload: probe %u %s: %s\n", pr->id, pr->name, err);
			if (verbose && log.s)
				fputs(log.s, stderr);
			rc = 1;
		} else {
			printf("probe %u %s: %zu instructions, loaded\n", pr->id, pr->name, p->ninsns);
			close(fd);
		}
		strbuf_free(&log);
		free(ins);
	}
	for (size_t i = 0; i < o->nmaps; i++)
		if (o->maps[i].fd >= 0)
			close(o->maps[i].fd);
	return rc;
}

int main(int argc, char **argv)
{
	struct dopts opts;
	bool disasm = false, compile_only = false;
	struct derr err;
	char text_err[DERR_TEXT_MAX];
	int c;

	dopts_init(&opts);
	while ((c = getopt(argc, argv, "Sex:")) != -1) {
		switch (c) {
		case 'S': disasm = true; break;
		case 'e': compile_only = true; break;
		case 'x':
			if (dopt_set_arg(&opts, optarg, &err) != 0) {
				fprintf(stderr, "cgload: %s\n",
					derr_format(&err, true, text_err, sizeof text_err));
				return 2;
			}
			break;
		default:
			fprintf(stderr, "usage: cgload [-S] [-e] [-x opt=val] FILE|-\n");
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: cgload [-S] [-e] [-x opt=val] FILE|-\n");
		return 2;
	}
	struct strbuf text = {0};
	FILE *f = strcmp(argv[optind], "-") ? fopen(argv[optind], "r") : stdin;
	if (!f) {
		fprintf(stderr, "cgload: %s: %s\n", argv[optind], strerror(errno));
		return 1;
	}
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&text, buf, n);
	if (f != stdin)
		fclose(f);

	struct cgc_test t;
	int rc = 1;
	if (cgc_test_compile(text.s ? text.s : "", &opts, &t, &err) != 0) {
		fprintf(stderr, "cgload: %s\n", derr_format(&err, true, text_err, sizeof text_err));
		goto out;
	}
	if (disasm) {
		struct strbuf lst = {0};
		cg_disasm(t.o, &lst);
		fputs(lst.s ? lst.s : "", stdout);
		strbuf_free(&lst);
	}
	if (compile_only) {
		for (size_t i = 0; i < t.o->nprogs; i++)
			printf("probe %u %s: %zu instructions, compiled\n",
			       t.o->probes[t.o->progs[i].probe].id,
			       t.o->probes[t.o->progs[i].probe].name, t.o->progs[i].ninsns);
		rc = 0;
	} else {
		rc = load_all(t.o, opts.verbose);
	}
out:
	cgc_test_free(&t);
	strbuf_free(&text);
	return rc;
}
