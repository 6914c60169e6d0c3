/* dtype_layout — print what usdtrace's type system computes for the declarations of a D file,
 * one fact per line, so tests/sh/prov_dtype_gcc.sh can ask gcc the same questions:
 *   size TYPE = N        (every named struct/union/enum and typedef)
 *   align TYPE = N
 *   offset TYPE MEMBER = N     (ordinary members, in bytes)
 *   bit TYPE MEMBER = N        (bit-field members: bit position from the start)
 * TYPE is the C spelling ("struct conn", "conn_t"). Usage: dtype_layout FILE.d */
#include <stdio.h>
#include <stdlib.h>

#include "dparse.h"
#include "util.h"

static void members(const char *tname, struct dtype *t, int64_t base)
{
	struct dtype *r = dtype_resolve(t);
	for (int i = 0; i < r->nmembers; i++) {
		struct dmember *m = &r->members[i];
		if (!m->name) {
			if (m->bit_width < 0)  /* anonymous struct/union: its members are ours */
				members(tname, m->type, base + m->offset);
			continue;
		}
		if (m->bit_width >= 0)
			printf("bit %s %s = %lld\n", tname, m->name, (long long)((base + m->offset) * 8 + m->bit_offset));
		else
			printf("offset %s %s = %lld\n", tname, m->name, (long long)(base + m->offset));
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: dtype_layout FILE.d\n");
		return 2;
	}
	size_t n;
	char *src = util_read_file(argv[1], &n);
	if (!src) {
		perror(argv[1]);
		return 1;
	}
	struct derr err;
	char text[DERR_TEXT_MAX];
	struct dprog *g;
	if (dparse_source(argv[1], src, n, &g, &err) != 0) {
		fprintf(stderr, "%s\n", derr_format(&err, true, text, sizeof(text)));
		free(src);
		return 1;
	}
	for (int i = 0; i < g->ndecls; i++) {
		struct ddecl *d = &g->decls[i];
		char *tname;
		if (d->kind == DDECL_TAG && dtype_unqual(d->type)->name)
			tname = dtype_spell(d->type, NULL, true);
		else if (d->kind == DDECL_TYPEDEF)
			tname = xstrdup(d->name);
		else
			continue;
		printf("size %s = %lld\n", tname, (long long)dtype_sizeof(d->type));
		printf("align %s = %d\n", tname, dtype_alignof(d->type));
		struct dtype *r = dtype_resolve(d->type);
		if (r->kind == DTY_STRUCT || r->kind == DTY_UNION)
			members(tname, d->type, 0);
		free(tname);
	}
	dprog_free(g);
	free(src);
	return 0;
}
