/* fuzz_cfi.c — the call frame information reader (cfi.c): the input's first byte picks the
 * section kind (even: .eh_frame at address 0x1000, odd: .debug_frame), the rest is the
 * section's bytes. Checks the contract on what comes out: compacted rows strictly increasing,
 * no two neighbours equal, kinds in range, the lookup agreeing with a linear scan; the same
 * section read for its FDEs' bounds only gives the same bounds, and read again with those
 * bounds as the ranges to leave out gives none (cfi_elf.c's .debug_frame beside .eh_frame). */
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
	struct cfi_rows b = { .bounds_only = true };
	struct cfi_stats st2 = { 0 };
	(void)cfi_parse(sec, size - 1, 0x1000, kind, &b, &st2, err, sizeof err);
	if (b.nfdes != rows.nfdes || b.n != 0 ||
	    (b.nfdes && memcmp(b.fdes, rows.fdes, b.nfdes * sizeof *b.fdes) != 0))
		abort();
	/* the bounds sorted and merged: every FDE starts inside one */
	uint64_t (*cov)[2] = calloc(b.nfdes + 1, sizeof *cov);
	size_t nc = 0;
	for (size_t i = 0; i < b.nfdes; i++) {
		size_t j = nc;
		while (j > 0 && cov[j - 1][0] > b.fdes[i][0]) {
			cov[j][0] = cov[j - 1][0];
			cov[j][1] = cov[j - 1][1];
			j--;
		}
		cov[j][0] = b.fdes[i][0];
		cov[j][1] = b.fdes[i][1];
		nc++;
		if (nc > 256)
			break;   /* insertion sort: keep it cheap */
	}
	if (nc == b.nfdes) {
		size_t k = 0;
		for (size_t i = 0; i < nc; i++) {
			if (k && cov[i][0] <= cov[k - 1][1]) {
				if (cov[i][1] > cov[k - 1][1])
					cov[k - 1][1] = cov[i][1];
			} else {
				cov[k][0] = cov[i][0];
				cov[k][1] = cov[i][1];
				k++;
			}
		}
		struct cfi_rows sk = { .skip = (const uint64_t (*)[2])cov, .nskip = k };
		(void)cfi_parse(sec, size - 1, 0x1000, kind, &sk, &st2, err, sizeof err);
		if (sk.nfdes != 0)
			abort();
		cfi_rows_free(&sk);
	}
	free(cov);
	cfi_rows_free(&b);
	cfi_rows_free(&rows);
	free(sec);
	return 0;
}
