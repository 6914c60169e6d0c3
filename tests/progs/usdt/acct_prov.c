/* acct_prov.c — fires bank:::op through the header usdtrace -h made from acct.d, with the -G
 * object carrying the type note; built with -g, so struct account's body is in DWARF only.
 *   acct_prov N [OUT]    fill N accounts, print each one's values (ACCT_FMT; to file OUT
 *                        if given), fire op and who for each, in order */
#include <stdio.h>
#include <stdlib.h>

#include "acct.h"
#include "acct_probes.h"

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
		BANK_OP(&a[i], (int)a[i].last);
		BANK_WHO(&o[i]);
	}
	free(a);
	free(o);
	return fclose(out) != 0;
}
