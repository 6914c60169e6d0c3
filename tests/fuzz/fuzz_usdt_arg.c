/* fuzz_usdt_arg.c — the stapsdt argument-string decoder (usdt_arg.c): the input as one operand
 * (exactly size bytes, no NUL after them, as usdt_arg_parse takes a length) and as a note's whole
 * argument string (split on blanks). */
#include "fuzz.h"
#include "usdt_arg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *one = malloc(size ? size : 1);
	if (!one)
		abort();
	memcpy(one, data, size);
	struct usdt_arg a;
	usdt_arg_parse(one, size, &a);
	free(usdt_arg_describe(&a));
	usdt_arg_native_type(&a);
	usdt_arg_free(&a);
	free(one);

	char *s = fuzz_cstr(data, size);
	struct usdt_arg *args = NULL;
	int nbad = 0;
	int n = usdt_args_parse(s, &args, &nbad);
	for (int i = 0; i < n; i++) {
		free(usdt_arg_describe(&args[i]));
		usdt_reg_ptregs_offset(args[i].base);
	}
	usdt_args_free(args, n);
	free(s);
	return 0;
}
