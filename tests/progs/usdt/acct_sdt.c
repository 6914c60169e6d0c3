/* acct_sdt.c — the same accounts as acct_prov.c, fired with the sys/sdt.h-style macros only
 * (DTRACE_PROBE2: no usdtrace type note), so a D script reaches struct account by a cast.
 *   acct_sdt N [OUT]    fill N accounts, print each one's values (ACCT_FMT; to file OUT
 *                       if given), fire acct:::op for each */
#include <stdio.h>
#include <stdlib.h>
#include <usdtrace/sdt.h>

#include "acct.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	FILE *out = argc > 2 ? fopen(argv[2], "w") : stdout;
	struct account *a = calloc((size_t)n + 1, sizeof(*a));
	struct owner *o = calloc((size_t)n + 1, sizeof(*o));
	if (!a || !o || !out)
		return 1;
	for (int i = 0; i < n; i++) {
		acct_fill(&a[i], &o[i], i);
		a[i].next = i + 1 < n ? &a[i + 1] : NULL;
	}
	for (int i = 0; i < n; i++) {
		fprintf(out, ACCT_FMT, ACCT_VALS(&a[i]));
		fflush(out);
		DTRACE_PROBE2(acct, op, &a[i], (int)a[i].last);
	}
	free(a);
	free(o);
	return fclose(out) != 0;
}
