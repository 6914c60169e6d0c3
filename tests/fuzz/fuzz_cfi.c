/* fuzz_cfi.c — the call frame information reader (cfi.c): the input's first byte picks the
 * section kind (even: .eh_frame at address 0x1000, odd: .debug_frame), the rest is the
 * section's bytes. Checks the contract on what comes out: compacted rows strictly increasing,
 * no two neighbours equal, kinds in range, the lookup agreeing with a linear scan. */
#include "cfi.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	struct cfi_rows rows = { 0 };
	struct cfi_stats st = { 0 };
	char err[160];
	enum cfi_section kind = data[0] & 1 ? CFI_DEBUG_FRAME : CFI_EH_FRAME;
	/* a copy of exactly the section's bytes, so reading one past its end is ASan's to see */
	uint8_t *sec = malloc(size - 1 ? size - 1 : 1);
	memcpy(sec, data + 1, size - 1);
	(void)cfi_parse(sec, size - 1, 0x1000, kind, &rows, &st, err, sizeof err);
	cfi_rows_compact(&rows);
	for (size_t i = 0; i < rows.n; i++) {
		const struct cfi_row *r = &rows.v[i].r;
		if (r->cfa > CFI_CFA_EXPR || r->rbp > CFI_RBP_LOST)
			abort();
		if (i > 0 && rows.v[i - 1].pc >= rows.v[i].pc)
			abort();
		if (i > 0 && memcmp(&rows.v[i - 1].r.cfa_off, &r->cfa_off,
				    sizeof *r - offsetof(struct cfi_row, cfa_off)) == 0)
			abort();
		const struct cfi_prow *f = cfi_rows_find(&rows, rows.v[i].pc);
		if (f != &rows.v[i])
			abort();
	}
	if (rows.n > 0 && rows.v[0].pc > 0 && cfi_rows_find(&rows, rows.v[0].pc - 1) != NULL)
		abort();
	cfi_rows_free(&rows);
	free(sec);
	return 0;
}
