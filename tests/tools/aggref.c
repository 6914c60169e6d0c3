/* aggref — the reference for tests/sh/agg_random.sh: applies aggregation updates with the C
 * model of the layout contract (agg_update on one CPU's words, then agg_merge through
 * agg_data_add) and prints the aggregations as dtrace prints them at exit (agg_print_exit),
 * so the BPF code the code generator emits for the same updates must print the same bytes.
 *
 * input (stdin), one directive a line:
 *   agg NAME FUNC [P1 P2 P3 P4]   declare @NAME (in order of appearance: its id), FUNC one of
 *                                 count sum avg min max stddev quantize lquantize llquantize,
 *                                 P the constant parameters (lquantize: lower upper step)
 *   upd NAME KEY VALUE INCR       @NAME[(long)KEY] = FUNC(VALUE, ..., INCR)
 * output: "\n" (the line dtrace prints before the aggregations), then the aggregations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agg.h"
#include "util.h"

#define MAXAGG 32

int main(void)
{
	static const char *const names[] = { "count", "sum", "avg", "min", "max", "stddev",
					     "quantize", "lquantize", "llquantize" };
	struct agg_desc *desc[MAXAGG];
	struct agg_data data[MAXAGG];
	char aname[MAXAGG][64];
	int n = 0;
	char line[512], err[256];
	struct agg_keydesc kd = { AGG_KEY_INT, 8, true };

	while (fgets(line, sizeof line, stdin)) {
		char what[8], name[64], func[16];
		long long p[4] = {0};
		if (sscanf(line, "agg %63s %15s %lld %lld %lld %lld", name, func, &p[0], &p[1], &p[2],
			   &p[3]) >= 2 && n < MAXAGG) {
			int f = -1;
			for (int i = 0; i < 9; i++)
				if (strcmp(names[i], func) == 0)
					f = i;
			int64_t args[4] = { p[0], p[1], p[2], p[3] };
			size_t nargs = f == AGG_LQUANTIZE ? 3 : f == AGG_LLQUANTIZE ? 4 : 0;
			desc[n] = f < 0 ? NULL : agg_desc_new(name, n, (enum agg_func)f, args, nargs,
							      &kd, 1, err, sizeof err);
			if (!desc[n]) {
				fprintf(stderr, "aggref: %s: %s\n", name, f < 0 ? "unknown function" : err);
				return 1;
			}
			snprintf(aname[n], sizeof aname[n], "%s", name);
			agg_data_init(&data[n], desc[n]);
			n++;
			continue;
		}
		long long key, v, incr;
		if (sscanf(line, "%7s %63s %lld %lld %lld", what, name, &key, &v, &incr) == 5 &&
		    strcmp(what, "upd") == 0) {
			int i = 0;
			while (i < n && strcmp(aname[i], name) != 0)
				i++;
			if (i == n) {
				fprintf(stderr, "aggref: unknown aggregation %s\n", name);
				return 1;
			}
			int64_t k = key;
			int64_t *w = calloc(desc[i]->nwords, 8);
			agg_update(desc[i], w, v, incr);
			agg_data_add(&data[i], &k, w, 1);
			free(w);
		}
	}
	struct agg_data *all[MAXAGG];
	for (int i = 0; i < n; i++)
		all[i] = &data[i];
	struct dopts o;
	dopts_init(&o);
	struct strbuf out = {0};
	strbuf_putc(&out, '\n');
	agg_print_exit(all, (size_t)n, &o, &out);
	fwrite(out.s, 1, out.len, stdout);
	strbuf_free(&out);
	for (int i = 0; i < n; i++) {
		agg_data_free(&data[i]);
		agg_desc_free(desc[i]);
	}
	return 0;
}
