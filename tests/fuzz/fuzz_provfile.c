/* fuzz_provfile.c — the provider-file compiler's input (-h, -G): the provider file parser, the
 * checker's pass over it, and the header text made from it. */
#include "fuzz.h"
#include "dcheck.h"
#include "derr.h"
#include "dparse.h"
#include "prov_header.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dprog *g = NULL;
	struct derr err;
	if (dparse_source("fuzz.d", (const char *)data, size, &g, &err) == 0) {
		struct dck_prog *ck = NULL;
		if (dcheck_program(g, NULL, &ck, &err) == 0) {
			free(prov_header_text(g, "fuzz.h", "fuzz.d", &err));
			free(dprog_decls_text(g));
			dck_prog_free(ck);
		}
	}
	dprog_free(g);
	return 0;
}
