/* fuzz_dopt.c — option strings (dopt.c): each input line as -x gives it ("name=value" or
 * "name"), then every option set formatted back. `#pragma D option` lines reach the same
 * table through fuzz_dprog. */
#include "fuzz.h"
#include "derr.h"
#include "dopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	struct dopts o;
	dopts_init(&o);
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		struct derr err;
		dopt_set_arg(&o, line, &err);
		dopt_known(line);
		dopt_pragma_allowed(line);
	}
	const char *names[128];
	int n = dopt_list_set(&o, names, 128);
	for (int i = 0; i < n && i < 128; i++) {
		char buf[256];
		dopt_format(&o, names[i], buf, sizeof(buf));
	}
	free(text);
	return 0;
}
