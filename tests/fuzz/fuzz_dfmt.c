/* fuzz_dfmt.c — printf formats (dfmt.c): parse, then check against arguments of each class
 * (the first input byte picks how many of int, string, pointer, uint64, double follow). */
#include "fuzz.h"
#include "derr.h"
#include "dfmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static const struct dfmt_argtype pool[] = {
		{ .cls = DFMT_ARG_INT, .size = 4, .is_signed = true, .name = "int" },
		{ .cls = DFMT_ARG_STRING, .size = 256, .name = "string" },
		{ .cls = DFMT_ARG_PTR, .size = 8, .name = "char *" },
		{ DFMT_ARG_INT, 8, false, "uint64_t", DFMT_IR_LONG, true, false },
		{ .cls = DFMT_ARG_FLOAT, .size = 8, .is_signed = true, .name = "double" },
	};
	struct dfmt_argtype args[8];
	size_t nargs = data[0] % 9;
	for (size_t i = 0; i < nargs; i++)
		args[i] = pool[(data[0] / 9 + i) % 5];
	char *text = fuzz_cstr(data + 1, size - 1);
	struct derr err;
	struct dfmt *f = dfmt_parse(text, &err);
	if (f) {
		dfmt_check(f, "printf", args, nargs, 2, NULL, false, &err);
		dfmt_free(f);
	}
	f = dfmt_parse(text, &err);
	if (f) {
		dfmt_check(f, "printa", args, nargs, 2, &pool[0], false, &err);
		dfmt_free(f);
	}
	free(text);
	return 0;
}
