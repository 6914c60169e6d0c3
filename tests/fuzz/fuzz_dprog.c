/* fuzz_dprog.c — the D front end on a program text, as `usdtrace -s` takes it (without cpp):
 * lexer, parser (clauses, declarations, #pragma D), then the checker. */
#include "fuzz.h"
#include "dcheck.h"
#include "derr.h"
#include "dparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dprog *g = dprog_new();
	struct derr err;
	if (dparse_script(g, "fuzz.d", (const char *)data, size, &err) == 0) {
		struct dck_prog *ck = NULL;
		if (dcheck_program(g, NULL, &ck, &err) == 0)
			dck_prog_free(ck);
	}
	dprog_free(g);
	return 0;
}
