/* notedump — print the USDT sites of ELF files as usdt_note reads them, one line per site, in
 * a fixed format the shell tests compare with `readelf -n`:
 *   site PROVIDER NAME pc=0x... pc_off=0x... sem=0x... sem_off=0x... fn=FUNC args=ARGSTR
 *   arg N SPEC -> DESCRIPTION TYPE [sym=NAME addr=0x... | sym=NAME tpoff=-N | unresolved: WHY]
 *   types PROVIDER NAME: TYPE0|TYPE1|...        (from .note.usdtrace)
 *   decls: TEXT                                 (newlines shown as \n)
 * Usage: notedump [-a] FILE...   (-a adds the argument lines, the types and the decls) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usdt_note.h"

static void dump_arg(int i, const struct usdt_arg *a)
{
	char *d = usdt_arg_describe(a);
	printf("  arg %d %s -> %s %s", i, a->spec, d, usdt_arg_native_type(a));
	if (a->sym && a->sym_resolved && a->kind == USDT_LOC_TLS)
		printf(" sym=%s tpoff=%lld", a->sym, (long long)a->sym_addr);
	else if (a->sym && a->sym_resolved)
		printf(" sym=%s addr=%#llx", a->sym, (unsigned long long)a->sym_addr);
	else if (a->sym && a->kind != USDT_LOC_INVALID)
		printf(" unresolved: %s", a->error ? a->error : "?");
	putchar('\n');
	free(d);
}

static void dump_types(const struct usdt_file *f)
{
	for (int i = 0; i < f->ntypes; i++) {
		const struct usdt_probe_types *t = &f->types[i];
		printf("types %s %s:", t->provider, t->name);
		for (int k = 0; k < t->nargs; k++)
			printf("%s%s", k ? "|" : " ", t->types[k]);
		putchar('\n');
	}
	if (f->decls) {
		fputs("decls: ", stdout);
		for (const char *p = f->decls; *p; p++)
			fputs(*p == '\n' ? "\\n" : (char[]){*p, 0}, stdout);
		putchar('\n');
	}
}

int main(int argc, char **argv)
{
	int rc = 0, first = 1;
	int with_args = argc > 1 && strcmp(argv[1], "-a") == 0;

	if (with_args)
		first = 2;
	if (argc <= first) {
		fprintf(stderr, "usage: notedump [-a] FILE...\n");
		return 2;
	}
	for (int i = first; i < argc; i++) {
		struct usdt_file *f;
		char err[512];
		if (usdt_file_open(argv[i], &f, err, sizeof(err)) < 0) {
			fprintf(stderr, "notedump: %s\n", err);
			rc = 1;
			continue;
		}
		for (int w = 0; w < f->nwarnings; w++)
			fprintf(stderr, "notedump: %s: warning: %s\n", argv[i], f->warnings[w]);
		for (int s = 0; s < f->nsites; s++) {
			const struct usdt_site *site = &f->sites[s];
			printf("site %s %s pc=%#llx pc_off=%#llx sem=%#llx sem_off=%#llx fn=%s args=%s\n",
			       site->provider, site->name, (unsigned long long)site->pc,
			       (unsigned long long)site->pc_off, (unsigned long long)site->sem,
			       (unsigned long long)site->sem_off,
			       site->function ? site->function : "-", site->argstr);
			if (with_args)
				for (int a = 0; a < site->nargs; a++)
					dump_arg(a, &site->args[a]);
		}
		if (with_args)
			dump_types(f);
		usdt_file_free(f);
	}
	return rc;
}
